// SPDX-License-Identifier: BSD-2-Clause
/*
 * ConnectX (mlx5) formats: receive entries, completions and their owner
 * rule, the stores and arm word of doorbell records, the store to an
 * access-region register and the places of those registers; plus the exported copy of rig_mlx5_entry_write(), which the
 * public header defines inline.  Owns no state and sets no rig_error()
 * message: misuse is -EINVAL, checked before the first store.
 */
#include <endian.h>
#include <stdio.h>

#include "internal.h"

/* The header's inline entry writer becomes an exported definition here. */
#define RIG_MLX5_INLINE RIG_EXPORT
#include "rig/mlx5_abi.h"

/* Values of mlx5dv.h and the kernel's mlx5 driver that the calls below use. */
#define MLX5_INVALID_LKEY      0x100	/* terminates a scatter list */
#define MLX5_CQE_REQ           0	/* completion opcodes: a send entry done */
#define MLX5_CQE_RESP_WR_IMM   1	/* a receive consumed, 1 to 4 */
#define MLX5_CQE_RESP_SEND_INV 4
#define MLX5_CQE_REQ_ERR       13	/* a send entry failed */
#define MLX5_CQE_RESP_ERR      14	/* a receive failed */
#define MLX5_CQE_INVALID       15	/* a completion never written */
#define MLX5_CQE_OWNER_MASK    1
#define MLX5_CQ_DB_REQ_NOT     (0u << 24) /* arm for any next completion */
#define MLX5_IB_MMAP_NC_PAGE   3	/* mmap command: uncached UAR page */
#define MLX5_IB_MMAP_CMD_SHIFT 8
#define MLX5_ADAPTER_PAGE_SIZE 4096	/* one access region */
#define MLX5_BF_OFFSET         0x800	/* first register of a region */
#define MLX5_NON_FP_REGISTERS  2	/* registers of a region ever rung */

/* Byte offsets in a completion (struct mlx5_cqe64, struct mlx5_err_cqe). */
#define CQE_BYTE_CNT  44
#define CQE_VENDOR    54
#define CQE_SYNDROME  55
#define CQE_QPN       56
#define CQE_COUNTER   60
#define CQE_OP_OWN    63

static bool is_power_of_two(uint64_t v)
{
	return v && !(v & (v - 1));
}

static uint32_t get_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/*
 * Orders the load of a completion's owner byte before the loads of its
 * other bytes, as the kernel's dma_rmb() does after its owner check.
 */
static inline void from_device_barrier(void)
{
#if defined(__x86_64__) || defined(__i386__)
	/* x86 does not reorder loads from memory: the compiler must not either. */
	__asm__ __volatile__("" ::: "memory");
#elif defined(__aarch64__)
	__asm__ __volatile__("dmb oshld" ::: "memory");
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

RIG_EXPORT int rig_mlx5_receive_write(void *ring, size_t ring_bytes, size_t at,
				      const struct rig_mlx5_local *dst)
{
	unsigned char *p;

	if (!ring || !dst || !rig_mlx5_placed(ring_bytes, at, RIG_MLX5_RECEIVE_SIZE) ||
	    dst->bytes > RIG_MLX5_MAX_BYTES)
		return -EINVAL;
	p = (unsigned char *)ring + at;
	if (dst->bytes)
		rig_mlx5_put_data(p, dst->bytes, dst->key, dst->address);
	else	/* as rdma-core skips a zero-length entry: end the list */
		rig_mlx5_put_data(p, 0, MLX5_INVALID_LKEY, 0);
	return 0;
}

RIG_EXPORT int rig_mlx5_completion_owned(const void *ring, size_t ring_bytes, size_t at,
					 uint64_t count, uint32_t entries)
{
	unsigned char v;

	if (!ring || !rig_mlx5_placed(ring_bytes, at, RIG_MLX5_COMPLETION_SIZE) ||
	    !is_power_of_two(entries))
		return -EINVAL;
	/* The NIC writes this byte last: load it once, as it is now. */
	v = __atomic_load_n((const unsigned char *)ring + at + CQE_OP_OWN, __ATOMIC_RELAXED);
	if (v >> 4 == MLX5_CQE_INVALID ||
	    (v & MLX5_CQE_OWNER_MASK) != !!(count & entries))
		return 0;
	/* Owner byte loaded before any payload byte the caller loads next. */
	from_device_barrier();
	return 1;
}

static enum rig_mlx5_status status_of(uint8_t opcode)
{
	if (opcode == MLX5_CQE_REQ)
		return RIG_MLX5_DONE;
	if (opcode >= MLX5_CQE_RESP_WR_IMM && opcode <= MLX5_CQE_RESP_SEND_INV)
		return RIG_MLX5_RECEIVED;
	if (opcode == MLX5_CQE_REQ_ERR || opcode == MLX5_CQE_RESP_ERR)
		return RIG_MLX5_FAILED;
	return RIG_MLX5_UNEXPECTED;
}

RIG_EXPORT int rig_mlx5_completion_read(const void *ring, size_t ring_bytes, size_t at,
					struct rig_mlx5_completion *c)
{
	struct rig_mlx5_completion r = { 0 };
	const unsigned char *p;

	if (!ring || !c || !rig_mlx5_placed(ring_bytes, at, RIG_MLX5_COMPLETION_SIZE))
		return -EINVAL;
	p = (const unsigned char *)ring + at;
	r.qp = get_be32(p + CQE_QPN) & RIG_MLX5_MAX_NUMBER;
	r.index = (uint16_t)(p[CQE_COUNTER] << 8 | p[CQE_COUNTER + 1]);
	r.opcode = p[CQE_OP_OWN] >> 4;
	r.status = status_of(r.opcode);
	if (r.status == RIG_MLX5_RECEIVED)
		r.bytes = get_be32(p + CQE_BYTE_CNT);
	if (r.status == RIG_MLX5_FAILED) {
		r.syndrome = p[CQE_SYNDROME];
		r.vendor = p[CQE_VENDOR];
	}
	*c = r;
	return 0;
}

RIG_EXPORT int rig_mlx5_completion_invalidate(void *ring, size_t ring_bytes, size_t at)
{
	if (!ring || !rig_mlx5_placed(ring_bytes, at, RIG_MLX5_COMPLETION_SIZE))
		return -EINVAL;
	((unsigned char *)ring)[at + CQE_OP_OWN] = MLX5_CQE_INVALID << 4;
	return 0;
}

/* The syndromes of a failed completion, as mlx5dv.h names them. */
static const char *syndrome_name(uint8_t syndrome)
{
	switch (syndrome) {
	case 0x01: return "local length error";
	case 0x02: return "local queue pair operation error";
	case 0x04: return "local protection error";
	case 0x05: return "work request flushed";
	case 0x06: return "memory window bind error";
	case 0x10: return "bad response";
	case 0x11: return "local access error";
	case 0x12: return "remote invalid request";
	case 0x13: return "remote access error";
	case 0x14: return "remote operation error";
	case 0x15: return "transport retry count exceeded";
	case 0x16: return "RNR retry count exceeded";
	case 0x22: return "remote aborted";
	default:   return "unknown syndrome";
	}
}

static const char *opcode_name(uint8_t opcode)
{
	switch (opcode) {
	case 5:  return "resize";
	case 6:  return "no packet";
	case 12: return "signature error";
	case MLX5_CQE_INVALID: return "invalid";
	default: return "unknown";
	}
}

RIG_EXPORT int rig_mlx5_completion_message(const struct rig_mlx5_completion *c,
					   char *buf, size_t n)
{
	char what[96], text[RIG_MLX5_MESSAGE_SIZE];
	int len;

	if (!c || !buf)
		return -EINVAL;
	switch (c->status) {
	case RIG_MLX5_DONE:
		snprintf(what, sizeof(what), "done");
		break;
	case RIG_MLX5_RECEIVED:
		snprintf(what, sizeof(what), "received %u bytes", (unsigned int)c->bytes);
		break;
	case RIG_MLX5_FAILED:
		snprintf(what, sizeof(what), "%s failed: %s (syndrome 0x%02x, vendor syndrome 0x%02x)",
			 c->opcode == MLX5_CQE_RESP_ERR ? "receive" : "send",
			 syndrome_name(c->syndrome), c->syndrome, c->vendor);
		break;
	case RIG_MLX5_UNEXPECTED:
		snprintf(what, sizeof(what), "unexpected completion opcode %u (%s)",
			 c->opcode, opcode_name(c->opcode));
		break;
	default:
		return -EINVAL;
	}
	len = snprintf(text, sizeof(text), "queue pair 0x%06x, entry %u: %s",
		       (unsigned int)c->qp, (unsigned int)c->index, what);
	if (len < 0 || (size_t)len + 1 > n)
		return -EINVAL;
	memcpy(buf, text, (size_t)len + 1);
	return len;
}

RIG_EXPORT int rig_mlx5_doorbell_arm(uint32_t sequence, uint64_t count, uint32_t cq,
				     uint32_t *word, uint32_t *number)
{
	if (!word || !number || cq > RIG_MLX5_MAX_NUMBER)
		return -EINVAL;
	*word = (sequence & 3) << 28 | MLX5_CQ_DB_REQ_NOT | (uint32_t)(count & 0xffffff);
	*number = cq;
	return 0;
}

/* A doorbell record: present, 4-byte aligned, whole. */
static bool rig_mlx5_record_ok(const void *record, size_t record_bytes)
{
	return record && !((uintptr_t)record & 3) && record_bytes >= RIG_MLX5_DOORBELL_SIZE;
}

/* One aligned 32-bit store of @v, big-endian, after every earlier store. */
static void rig_mlx5_store_be32_release(void *p, uint32_t v)
{
	/* The entries (or the completions' reads) before the count: release. */
	__atomic_store_n((uint32_t *)p, htobe32(v), __ATOMIC_RELEASE);
}

RIG_EXPORT int rig_mlx5_doorbell_post(void *record, size_t record_bytes, size_t at,
				      uint64_t count)
{
	if (!rig_mlx5_record_ok(record, record_bytes) ||
	    (at != RIG_MLX5_DOORBELL_RECEIVE && at != RIG_MLX5_DOORBELL_SEND))
		return -EINVAL;
	rig_mlx5_store_be32_release((unsigned char *)record + at, (uint32_t)(count & 0xffff));
	return 0;
}

RIG_EXPORT int rig_mlx5_doorbell_consume(void *record, size_t record_bytes, uint64_t count)
{
	if (!rig_mlx5_record_ok(record, record_bytes))
		return -EINVAL;
	rig_mlx5_store_be32_release((unsigned char *)record + RIG_MLX5_DOORBELL_CONSUMED,
				    (uint32_t)(count & 0xffffff));
	return 0;
}

RIG_EXPORT int rig_mlx5_uar_ring(void *reg, const void *ring, size_t ring_bytes, size_t at)
{
	uint64_t word;

	if (!reg || !ring || ((uintptr_t)reg & 7) ||
	    !rig_mlx5_placed(ring_bytes, at, RIG_MLX5_ENTRY_SIZE))
		return -EINVAL;
	memcpy(&word, (const unsigned char *)ring + at, sizeof(word));
	/*
	 * The doorbell record's store before the register's: a device reads
	 * the record when the register store arrives.  On x86 stores are not
	 * reordered with stores, so a compiler barrier; elsewhere a fence.
	 */
#if defined(__x86_64__) || defined(__i386__)
	__asm__ __volatile__("" ::: "memory");
#else
	__atomic_thread_fence(__ATOMIC_RELEASE);
#endif
	*(volatile uint64_t *)reg = word;
	/* Out of the write-combining buffer now, not at some later store. */
#if defined(__x86_64__) || defined(__i386__)
	__asm__ __volatile__("sfence" ::: "memory");
#elif defined(__aarch64__)
	__asm__ __volatile__("dsb st" ::: "memory");
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
	return 0;
}

RIG_EXPORT int rig_mlx5_uar_mapping(uint32_t page, uint32_t index, uint64_t *offset)
{
	if (!offset || !is_power_of_two(page) || page < MLX5_ADAPTER_PAGE_SIZE ||
	    index > 0xff)
		return -EINVAL;
	*offset = (uint64_t)(MLX5_IB_MMAP_NC_PAGE << MLX5_IB_MMAP_CMD_SHIFT | index) * page;
	return 0;
}

RIG_EXPORT int rig_mlx5_uar_register(uint32_t per_page, uint32_t size, uint32_t reg,
				     uint32_t *page, uint32_t *offset)
{
	uint32_t region = reg / RIG_MLX5_UAR_REGISTERS;
	uint32_t k = reg % RIG_MLX5_UAR_REGISTERS;

	if (!page || !offset || !is_power_of_two(per_page) || per_page > 1u << 19 ||
	    !is_power_of_two(size) || size < 8 || size > 512 || k >= MLX5_NON_FP_REGISTERS)
		return -EINVAL;
	*page = region / per_page;
	*offset = region % per_page * MLX5_ADAPTER_PAGE_SIZE + MLX5_BF_OFFSET + k * size;
	return 0;
}
