/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * librig's bnxt ring formats without their checks: the bodies of
 * rig/bnxt_hsi.h's encoders and decoder as static inline helpers that
 * assume valid arguments.  bnxt_hsi.c's exported calls check their
 * arguments, then call these; qp.c's post and poll paths call them
 * directly, having checked each argument once themselves, so the fast
 * path makes no call through the PLT.  Each helper states what its caller
 * must have checked.  Never installed; defines no symbol.
 */
#ifndef RIG_BNXT_HSI_INLINE_H
#define RIG_BNXT_HSI_INLINE_H

#include <endian.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rig/bnxt_hsi.h"

/* Write @n elements, in order, from @local. */
static inline void bnxt_put_sges(struct rig_bnxt_sq_sge *sge,
				 const struct rig_bnxt_local *local, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		sge[i].va_or_pa = htole64(local[i].address);
		sge[i].l_key = htole32(local[i].key);
		sge[i].size = htole32(local[i].bytes);
	}
}

/*
 * bnxt_put_sq_unchecked() - a send-ring entry of @type: SEND, or READ_WQE
 * from @remote (NULL for SEND).  The two headers share their first 12
 * bytes (type, flags, size, length at 8).  Built in a local copy, then
 * written with one memcpy(): the entry's RIG_BNXT_ENTRY_SIZE bytes and no
 * other byte.
 *
 * The caller has checked: @at is a multiple of RIG_BNXT_ENTRY_SIZE with
 * the entry inside @ring; @n is at most RIG_BNXT_MAX_SGES; @local is not
 * NULL if @n is not 0; the elements' sizes sum to below 2^32.
 */
static inline void bnxt_put_sq_unchecked(void *ring, size_t at, uint8_t type, bool signal,
					 const struct rig_bnxt_remote *remote,
					 const struct rig_bnxt_local *local, unsigned int n)
{
	union {
		struct rig_bnxt_sq_send send;
		struct rig_bnxt_sq_rdma rdma;
	} e;
	uint32_t length = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		length += local[i].bytes;
	memset(&e, 0, sizeof(e));
	e.send.hdr.wqe_type = type;
	e.send.hdr.flags = signal ? RIG_BNXT_SQ_FLAGS_SIGNAL_COMP : 0;
	e.send.hdr.wqe_size = (uint8_t)(RIG_BNXT_HDR_SLOTS + n);
	e.send.hdr.length = htole32(length);
	if (remote) {
		e.rdma.hdr.remote_va = htole64(remote->address);
		e.rdma.hdr.remote_key = htole32(remote->key);
	}
	bnxt_put_sges(e.send.sge, local, n);
	memcpy((unsigned char *)ring + at, &e, sizeof(e));
}

/* rig_bnxt_put_send(), on the checks of bnxt_put_sq_unchecked(). */
static inline void bnxt_put_send_unchecked(void *ring, size_t at, bool signal,
					   const struct rig_bnxt_local *local, unsigned int n)
{
	bnxt_put_sq_unchecked(ring, at, RIG_BNXT_SQ_WQE_TYPE_SEND, signal, NULL, local, n);
}

/*
 * rig_bnxt_put_read(), on the checks of bnxt_put_sq_unchecked() and a
 * @remote that is not NULL.
 */
static inline void bnxt_put_read_unchecked(void *ring, size_t at, bool signal,
					   const struct rig_bnxt_remote *remote,
					   const struct rig_bnxt_local *local, unsigned int n)
{
	bnxt_put_sq_unchecked(ring, at, RIG_BNXT_SQ_WQE_TYPE_READ_WQE, signal, remote, local, n);
}

/*
 * bnxt_put_receive_unchecked() - rig_bnxt_put_receive() without its
 * checks: a receive entry, built in a local copy and written with one
 * memcpy().  No element is written as one of 0 bytes, as rdma-core does.
 *
 * The caller has checked: @at is a multiple of RIG_BNXT_ENTRY_SIZE with
 * the entry inside @ring; @wr_id is at most RIG_BNXT_RQ_WR_ID_MASK; @n is
 * at most RIG_BNXT_MAX_SGES; @local is not NULL if @n is not 0.
 */
static inline void bnxt_put_receive_unchecked(void *ring, size_t at, uint32_t wr_id,
					      const struct rig_bnxt_local *local, unsigned int n)
{
	struct rig_bnxt_rq_wqe e = { 0 };

	e.hdr.wqe_type = RIG_BNXT_RQ_WQE_TYPE_RCV;
	/* No element: one of 0 bytes, already zero in @e. */
	e.hdr.wqe_size = (uint8_t)(RIG_BNXT_HDR_SLOTS + (n ? n : 1));
	e.hdr.wr_id[0] = htole32(wr_id);
	bnxt_put_sges(e.sge, local, n);
	memcpy((unsigned char *)ring + at, &e, sizeof(e));
}

/*
 * bnxt_next_psn_unchecked() - rig_bnxt_next_psn() without its checks, for
 * a path MTU of 1 << @mtu_shift: a message of @bytes takes
 * max(1, ceil(@bytes / MTU)) PSNs, counted in 24 bits.
 *
 * The caller has checked: @psn is at most RIG_BNXT_PSN_MASK; @mtu_shift
 * is below 32.
 */
static inline uint32_t bnxt_next_psn_unchecked(uint32_t psn, uint32_t bytes,
					       unsigned int mtu_shift)
{
	uint64_t packets = bytes ? ((uint64_t)bytes + ((uint64_t)1 << mtu_shift) - 1) >> mtu_shift
				 : 1;

	return (uint32_t)((psn + packets) & RIG_BNXT_PSN_MASK);
}

/*
 * bnxt_put_psn_search_unchecked() - rig_bnxt_put_psn_search() without its
 * checks: one struct rig_bnxt_sq_psn_search_ext, built in a local copy
 * and written with one memcpy(), flags and reserved fields zero.
 *
 * The caller has checked: @at is a multiple of the entry's 16 bytes with
 * the entry inside @area; @start_psn and @next_psn are at most
 * RIG_BNXT_PSN_MASK.
 */
static inline void bnxt_put_psn_search_unchecked(void *area, size_t at, uint8_t type,
						 uint32_t start_psn, uint32_t next_psn,
						 uint16_t start_slot)
{
	const struct rig_bnxt_sq_psn_search_ext e = {
		.opcode_start_psn = htole32((uint32_t)type << RIG_BNXT_PSN_SEARCH_OPCODE_SFT |
					    start_psn),
		.flags_next_psn = htole32(next_psn),
		.start_slot_idx = htole16(start_slot),
	};

	memcpy((unsigned char *)area + at, &e, sizeof(e));
}

/* rig_bnxt_completion_phase(), on a checked @entries that is not 0. */
static inline unsigned int bnxt_completion_phase_unchecked(uint64_t count, uint32_t entries)
{
	return !((count / entries) & 1);
}

/* Decode the bytes of a new completion whose byte 24 is @type_toggle. */
static inline int bnxt_decode_completion(const unsigned char *p, uint8_t type_toggle,
					 struct rig_bnxt_completion *c)
{
	union {
		struct rig_bnxt_cq_req req;
		struct rig_bnxt_cq_res_rc res;
		struct rig_bnxt_cq_terminal term;
	} cqe;
	uint8_t type = type_toggle & RIG_BNXT_CQ_BASE_CQE_TYPE_MASK;

	memcpy(&cqe, p, sizeof(cqe));
	switch (type) {
	case RIG_BNXT_CQ_BASE_CQE_TYPE_REQ:
		*c = (struct rig_bnxt_completion){
			.qp_handle = le64toh(cqe.req.qp_handle),
			.type = type,
			.status = cqe.req.status,
			.sq_cons_idx = le16toh(cqe.req.sq_cons_idx),
		};
		return 1;
	case RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC:
		*c = (struct rig_bnxt_completion){
			.qp_handle = le64toh(cqe.res.qp_handle),
			.type = type,
			.status = cqe.res.status,
			.flags = le16toh(cqe.res.flags),
			.wr_id = le32toh(cqe.res.srq_or_rq_wr_id) &
				 RIG_BNXT_CQ_RES_RC_SRQ_OR_RQ_WR_ID_MASK,
			.bytes = le32toh(cqe.res.length),
		};
		return 1;
	case RIG_BNXT_CQ_BASE_CQE_TYPE_TERMINAL:
		*c = (struct rig_bnxt_completion){
			.qp_handle = le64toh(cqe.term.qp_handle),
			.type = type,
			.status = cqe.term.status,
			.sq_cons_idx = le16toh(cqe.term.sq_cons_idx),
		};
		return 1;
	}
	return -EPROTO;
}

/*
 * bnxt_get_completion_unchecked() - rig_bnxt_get_completion() without its
 * checks: 1 with a new completion in @c, 0 when there is none yet,
 * -EPROTO for a new one of a type rig's NIC never writes (@c unchanged).
 *
 * The caller has checked: @at is a multiple of RIG_BNXT_CQE_SIZE with the
 * completion inside @ring; @phase is 0 or 1; @c is not NULL.
 */
static inline int bnxt_get_completion_unchecked(const void *ring, size_t at,
						unsigned int phase,
						struct rig_bnxt_completion *c)
{
	const unsigned char *p = (const unsigned char *)ring + at;
	uint8_t type_toggle;

	/*
	 * Acquire: the NIC stores byte 24 after the rest of the completion
	 * and the data it reports; once its new toggle is seen, so are they.
	 */
	type_toggle = __atomic_load_n(p + offsetof(struct rig_bnxt_cq_base, cqe_type_toggle),
				      __ATOMIC_ACQUIRE);
	if ((type_toggle & RIG_BNXT_CQ_BASE_TOGGLE) != phase)
		return 0;
	return bnxt_decode_completion(p, type_toggle, c);
}

/*
 * bnxt_make_doorbell_unchecked() - rig_bnxt_make_doorbell()'s value, in
 * host order, without its checks.
 *
 * The caller has checked: @d->type is SQ, RQ, CQ or CQ_ARMALL; @d->xid,
 * @d->index, @d->epoch and @d->toggle fit their fields; @d->toggle is 0
 * unless the type is CQ_ARMALL.
 */
static inline uint64_t bnxt_make_doorbell_unchecked(const struct rig_bnxt_doorbell *d)
{
	uint32_t low = d->index | (d->epoch ? RIG_BNXT_DBC_EPOCH : 0) |
		       d->toggle << RIG_BNXT_DBC_TOGGLE_SFT;
	uint32_t high = d->xid | RIG_BNXT_DBC_PATH_ROCE | RIG_BNXT_DBC_VALID | d->type;

	return (uint64_t)high << 32 | low;
}

#endif /* RIG_BNXT_HSI_INLINE_H */
