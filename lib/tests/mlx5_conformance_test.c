// SPDX-License-Identifier: BSD-2-Clause
/*
 * Conformance of rig/mlx5_abi.h with rdma-core's <infiniband/mlx5dv.h>
 * (Debian libibverbs-dev) and <rdma/mlx5-abi.h>, and with the kernel's
 * mlx5 driver: our bytes against those of rdma-core's own inline helpers
 * and struct layouts, and against what the kernel's own functions write
 * and read, on randomised entries, completions, doorbell values and
 * access-region places.
 *
 * The kernel's side is build/mlx5_oracle.h, which scripts/mlx5-oracle
 * writes at build time from the kernel tree in place (constants from
 * include/linux/mlx5/ and drivers/infiniband/hw/mlx5/mlx5_ib.h; the
 * functions mlx5_cq_arm(), mlx5_write64(), the mmap offset's and the
 * access regions' functions of drivers/infiniband/hw/mlx5/ and
 * drivers/net/ethernet/mellanox/mlx5/core/uar.c), compiled here over the
 * few kernel definitions they use.  No value of ours is its own oracle.
 *
 * Each randomised test prints its seed.  RIG_SEED=<n> in the environment
 * runs it with that seed (decimal or 0x hex); without it the seed comes
 * from the clock.  Only mlx5dv.h's inline helpers are used: nothing links
 * against libmlx5 or libibverbs.
 */
#include <endian.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <infiniband/mlx5dv.h>
#include <rdma/mlx5-abi.h>

#include "kselftest_harness.h"
#include "rig/mlx5_abi.h"

/*
 * What the kernel's code in mlx5_oracle.h uses of the kernel, in a
 * process: its integer types, byte order, barrier, register store and
 * capability reads, and its structures with only the fields that code
 * reads.  PAGE_SHIFT is a variable, so a test can take any page size.
 */
typedef uint8_t u8;
typedef uint32_t u32;
/* mlx5_write64() loads its __be32 pair as one u64; the kernel builds with -fno-strict-aliasing. */
typedef uint64_t __attribute__((may_alias)) u64;
typedef uint64_t phys_addr_t;

#define __iomem
#define __force
#define BITS_PER_LONG (__SIZEOF_LONG__ * 8)
#define BIT(n) (1UL << (n))
#define cpu_to_be32(v) htobe32(v)
/* One thread and ordinary memory: only the compiler could reorder. */
#define wmb() __asm__ __volatile__("" ::: "memory")
#define mlx5_ib_dbg(dev, ...) ((void)(dev))
#define MLX5_CAP_GEN(mdev, cap) ((mdev)->cap_##cap)

static unsigned int kernel_page_shift = 12;
#define PAGE_SHIFT kernel_page_shift
#define PAGE_SIZE (1UL << PAGE_SHIFT)

/* The register stores land in memory standing in for the access region. */
static inline void __raw_writeq(u64 v, volatile void __iomem *addr)
{
	memcpy((void *)addr, &v, sizeof(v));
}

static inline void __raw_writel(u32 v, volatile void __iomem *addr)
{
	memcpy((void *)addr, &v, sizeof(v));
}

struct mlx5_core_dev {
	u64 bar_addr;
	u32 cap_uar_4k, cap_log_bf_reg_size;	/* MLX5_CAP_GEN(mdev, ...) */
};
struct mlx5_ib_dev { struct mlx5_core_dev *mdev; };
struct mlx5_bfreg_info {
	u32 *sys_pages;
	u8 lib_uar_4k : 1;
	u8 lib_uar_dyn : 1;
	u32 num_sys_pages, num_static_sys_pages, num_dyn_bfregs;
};
struct mlx5_core_cq { u32 cqn; __be32 *arm_db; unsigned arm_sn; };
struct vm_area_struct { unsigned long vm_pgoff; };
struct rdma_user_mmap_entry { unsigned long start_pgoff; };
struct mlx5_user_mmap_entry { struct rdma_user_mmap_entry rdma_entry; };

/* The kernel's code, as it compiles it: without -Wextra's warnings. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include "mlx5_oracle.h"
#pragma GCC diagnostic pop

/* mlx5_cq_arm() rings at mlx5dv.h's MLX5_CQ_DOORBELL: the kernel's must be the same. */
_Static_assert(KERNEL_MLX5_CQ_DOORBELL == MLX5_CQ_DOORBELL, "doorbell.h and mlx5dv.h differ");
_Static_assert(KERNEL_MLX5_CQ_DB_REQ_NOT == MLX5_CQ_DB_REQ_NOT, "cq.h and mlx5dv.h differ");

#define SAMPLES 4096		/* randomised values per test */
#define RING_ENTRIES 8
#define SYS_PAGES 64		/* access-region pages of a context */

/* splitmix64: a small generator whose sequence a seed fixes everywhere. */
static uint64_t next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t below(uint64_t *state, uint64_t n)
{
	return next(state) % n;
}

/* The run's seed: RIG_SEED, or the clock; printed so a failure reproduces. */
static uint64_t seed(struct __test_metadata *_metadata)
{
	const char *env = getenv("RIG_SEED");
	uint64_t s;

	if (env && *env) {
		s = strtoull(env, NULL, 0);
	} else {
		struct timespec t;

		clock_gettime(CLOCK_REALTIME, &t);
		s = (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
	}
	TH_LOG("seed %llu: RIG_SEED=%llu reproduces this test",
	       (unsigned long long)s, (unsigned long long)s);
	return s;
}

static void random_bytes(uint64_t *state, void *buf, size_t n)
{
	unsigned char *b = buf;

	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)next(state);
}

/* A local byte count: often 0 (no data segment), often small, any below 2^31. */
static uint32_t random_bytes_count(uint64_t *state)
{
	switch (below(state, 4)) {
	case 0:
		return 0;
	case 1:
		return (uint32_t)below(state, 4096) + 1;
	default:
		return (uint32_t)below(state, RIG_MLX5_MAX_BYTES) + 1;
	}
}

static void random_entry(uint64_t *state, struct rig_mlx5_entry *e, void *data)
{
	e->op = (enum rig_mlx5_op)below(state, 4);
	e->signal = below(state, 2);
	e->local.address = next(state);
	e->local.bytes = random_bytes_count(state);
	e->local.key = (uint32_t)next(state);
	e->remote.address = next(state);
	e->remote.key = (uint32_t)next(state);
	e->inline_bytes = below(state, RIG_MLX5_MAX_INLINE + 1);
	random_bytes(state, data, e->inline_bytes);
	e->inline_data = data;
}

/*
 * The same entry as rdma-core's post_send() builds it, into a zeroed
 * basic block: control segment by mlx5dv_set_ctrl_seg(), remote-address
 * segment by its struct, a data segment by mlx5dv_set_data_seg() only for
 * a non-zero length, an inline segment (count | MLX5_INLINE_SEG) only for
 * non-zero inline bytes, and ds in 16-byte units as post_send() sums it.
 */
static void rdma_core_entry(unsigned char *wqe, uint32_t qp, uint32_t index,
			    const struct rig_mlx5_entry *e)
{
	struct mlx5_wqe_ctrl_seg *ctrl = (void *)wqe;
	unsigned char *seg = wqe + sizeof(*ctrl);
	unsigned int ds = sizeof(*ctrl) / 16;
	uint8_t opcode = MLX5_OPCODE_RDMA_WRITE;

	memset(wqe, 0, MLX5_SEND_WQE_BB);
	if (e->op == RIG_MLX5_READ)
		opcode = MLX5_OPCODE_RDMA_READ;
	if (e->op == RIG_MLX5_SEND)
		opcode = MLX5_OPCODE_SEND;
	if (e->op != RIG_MLX5_SEND) {
		struct mlx5_wqe_raddr_seg *raddr = (void *)seg;

		raddr->raddr = htobe64(e->remote.address);
		raddr->rkey = htobe32(e->remote.key);
		raddr->reserved = 0;
		seg += sizeof(*raddr);
		ds += sizeof(*raddr) / 16;
	}
	if (e->op == RIG_MLX5_WRITE_INLINE) {
		struct mlx5_wqe_inl_data_seg *inl = (void *)seg;

		if (e->inline_bytes) {
			memcpy(inl + 1, e->inline_data, e->inline_bytes);
			inl->byte_count = htobe32((uint32_t)e->inline_bytes | MLX5_INLINE_SEG);
			ds += (sizeof(*inl) + e->inline_bytes + 15) / 16;
		}
	} else if (e->local.bytes) {
		mlx5dv_set_data_seg((struct mlx5_wqe_data_seg *)seg, e->local.bytes,
				    e->local.key, e->local.address);
		ds += sizeof(struct mlx5_wqe_data_seg) / 16;
	}
	mlx5dv_set_ctrl_seg(ctrl, index & 0xffff, opcode, 0, qp,
			    e->signal ? MLX5_WQE_CTRL_CQ_UPDATE : 0, (uint8_t)ds, 0, 0);
}

/* --- sizes, offsets and values, as mlx5dv.h states them --- */

TEST(sizes_are_those_of_mlx5dv)
{
	EXPECT_EQ(MLX5_SEND_WQE_BB, RIG_MLX5_ENTRY_SIZE);
	EXPECT_EQ(sizeof(struct mlx5_wqe_data_seg), (size_t)RIG_MLX5_RECEIVE_SIZE);
	EXPECT_EQ(sizeof(struct mlx5_cqe64), (size_t)RIG_MLX5_COMPLETION_SIZE);
	EXPECT_EQ(sizeof(struct mlx5_err_cqe), (size_t)RIG_MLX5_COMPLETION_SIZE);
	/* An inline write: control, remote address, the 4-byte count, data. */
	EXPECT_EQ(MLX5_SEND_WQE_BB - sizeof(struct mlx5_wqe_ctrl_seg) -
		  sizeof(struct mlx5_wqe_raddr_seg) - sizeof(struct mlx5_wqe_inl_data_seg),
		  (size_t)RIG_MLX5_MAX_INLINE);
	EXPECT_EQ((uint32_t)MLX5_INLINE_SEG - 1, RIG_MLX5_MAX_BYTES);
}

TEST(completion_fields_lie_where_mlx5dv_puts_them)
{
	EXPECT_EQ(44u, offsetof(struct mlx5_cqe64, byte_cnt));
	EXPECT_EQ(56u, offsetof(struct mlx5_cqe64, sop_drop_qpn));
	EXPECT_EQ(60u, offsetof(struct mlx5_cqe64, wqe_counter));
	EXPECT_EQ(63u, offsetof(struct mlx5_cqe64, op_own));
	EXPECT_EQ(54u, offsetof(struct mlx5_err_cqe, vendor_err_synd));
	EXPECT_EQ(55u, offsetof(struct mlx5_err_cqe, syndrome));
	EXPECT_EQ(56u, offsetof(struct mlx5_err_cqe, s_wqe_opcode_qpn));
	EXPECT_EQ(60u, offsetof(struct mlx5_err_cqe, wqe_counter));
}

TEST(doorbell_values_are_those_of_mlx5dv)
{
	EXPECT_EQ(MLX5_RCV_DBR * sizeof(__be32), (size_t)RIG_MLX5_DOORBELL_RECEIVE);
	EXPECT_EQ(MLX5_SND_DBR * sizeof(__be32), (size_t)RIG_MLX5_DOORBELL_SEND);
	EXPECT_EQ(MLX5_CQ_DOORBELL, RIG_MLX5_UAR_CQ_DOORBELL);
}

/* --- randomised: our bytes against rdma-core's --- */

TEST(send_entries_match_rdma_core_byte_for_byte)
{
	uint64_t state = seed(_metadata);
	unsigned char ring[RING_ENTRIES * MLX5_SEND_WQE_BB], copy[sizeof(ring)];
	unsigned char want[MLX5_SEND_WQE_BB], data[RIG_MLX5_MAX_INLINE];
	struct rig_mlx5_entry e;

	random_bytes(&state, ring, sizeof(ring));
	for (int i = 0; i < SAMPLES; i++) {
		size_t at = below(&state, RING_ENTRIES) * MLX5_SEND_WQE_BB;
		uint32_t qp = (uint32_t)below(&state, RIG_MLX5_MAX_NUMBER + 1);
		uint32_t index = (uint32_t)next(&state);

		random_entry(&state, &e, data);
		rdma_core_entry(want, qp, index, &e);
		memcpy(copy, ring, sizeof(ring));
		ASSERT_EQ(0, rig_mlx5_entry_write(ring, sizeof(ring), at, qp, index, &e))
			TH_LOG("sample %d", i);
		ASSERT_EQ(0, memcmp(want, ring + at, sizeof(want)))
			TH_LOG("sample %d: op %d, %u local bytes, %zu inline", i, e.op,
			       e.local.bytes, e.inline_bytes);
		ASSERT_EQ(0, memcmp(copy, ring, at)) TH_LOG("sample %d", i);
		ASSERT_EQ(0, memcmp(copy + at + sizeof(want), ring + at + sizeof(want),
				    sizeof(ring) - at - sizeof(want)))
			TH_LOG("sample %d", i);
	}
}

TEST(receive_entries_match_rdma_core_byte_for_byte)
{
	uint64_t state = seed(_metadata);
	struct mlx5_wqe_data_seg ring[RING_ENTRIES], want;
	struct rig_mlx5_local dst;

	for (int i = 0; i < SAMPLES; i++) {
		size_t k = below(&state, RING_ENTRIES);

		dst.address = next(&state);
		dst.bytes = random_bytes_count(&state);
		dst.key = (uint32_t)next(&state);
		/* rdma-core's post_recv: a data segment, or the list's end. */
		if (dst.bytes)
			mlx5dv_set_data_seg(&want, dst.bytes, dst.key, dst.address);
		else
			mlx5dv_set_data_seg(&want, 0, MLX5_INVALID_LKEY, 0);
		random_bytes(&state, ring, sizeof(ring));
		ASSERT_EQ(0, rig_mlx5_receive_write(ring, sizeof(ring), k * sizeof(want), &dst));
		ASSERT_EQ(0, memcmp(&want, &ring[k], sizeof(want)))
			TH_LOG("sample %d: %u bytes", i, dst.bytes);
	}
}

TEST(completions_decode_as_mlx5dv_reads_them)
{
	uint64_t state = seed(_metadata);
	struct mlx5_cqe64 cqe;
	struct mlx5_err_cqe *err = (struct mlx5_err_cqe *)&cqe;
	struct rig_mlx5_completion c;

	for (int i = 0; i < SAMPLES; i++) {
		uint8_t opcode;

		random_bytes(&state, &cqe, sizeof(cqe));
		ASSERT_EQ(0, rig_mlx5_completion_read(&cqe, sizeof(cqe), 0, &c));
		opcode = mlx5dv_get_cqe_opcode(&cqe);
		ASSERT_EQ(opcode, c.opcode) TH_LOG("sample %d", i);
		ASSERT_EQ(be32toh(cqe.sop_drop_qpn) & 0xffffff, c.qp) TH_LOG("sample %d", i);
		ASSERT_EQ(be16toh(cqe.wqe_counter), c.index) TH_LOG("sample %d", i);
		switch (opcode) {
		case MLX5_CQE_REQ:
			ASSERT_EQ(RIG_MLX5_DONE, c.status);
			break;
		case MLX5_CQE_RESP_WR_IMM:
		case MLX5_CQE_RESP_SEND:
		case MLX5_CQE_RESP_SEND_IMM:
		case MLX5_CQE_RESP_SEND_INV:
			ASSERT_EQ(RIG_MLX5_RECEIVED, c.status);
			ASSERT_EQ(be32toh(cqe.byte_cnt), c.bytes) TH_LOG("sample %d", i);
			break;
		case MLX5_CQE_REQ_ERR:
		case MLX5_CQE_RESP_ERR:
			ASSERT_EQ(RIG_MLX5_FAILED, c.status);
			ASSERT_EQ(err->syndrome, c.syndrome) TH_LOG("sample %d", i);
			ASSERT_EQ(err->vendor_err_synd, c.vendor) TH_LOG("sample %d", i);
			break;
		default:
			ASSERT_EQ(RIG_MLX5_UNEXPECTED, c.status) TH_LOG("opcode %u", opcode);
		}
	}
}

TEST(owner_rule_is_that_of_rdma_core_cq_c)
{
	uint64_t state = seed(_metadata);
	struct mlx5_cqe64 cqe;

	for (int i = 0; i < 16 * SAMPLES; i++) {
		uint32_t entries = 1u << below(&state, 32);
		uint64_t count = next(&state) >> below(&state, 64);
		int want;

		random_bytes(&state, &cqe, sizeof(cqe));
		if (below(&state, 4) == 0)	/* often a never-written one */
			cqe.op_own = (uint8_t)(MLX5_CQE_INVALID << 4 | (cqe.op_own & 0xf));
		/* get_sw_cqe(): a valid opcode and the owner bit of this pass. */
		want = mlx5dv_get_cqe_opcode(&cqe) != MLX5_CQE_INVALID &&
		       !(mlx5dv_get_cqe_owner(&cqe) ^ !!(count & entries));
		ASSERT_EQ(want, rig_mlx5_completion_owned(&cqe, sizeof(cqe), 0, count, entries))
			TH_LOG("sample %d: op_own 0x%02x count %ju entries %u", i,
			       cqe.op_own, (uintmax_t)count, entries);
	}
}

TEST(invalidated_completion_is_what_rdma_core_makes_a_new_ring_of)
{
	uint64_t state = seed(_metadata);
	struct mlx5_cqe64 cqe, want;

	for (int i = 0; i < SAMPLES; i++) {
		random_bytes(&state, &cqe, sizeof(cqe));
		want = cqe;
		want.op_own = MLX5_CQE_INVALID << 4;	/* as mlx5_alloc_cq_buf() */
		ASSERT_EQ(0, rig_mlx5_completion_invalidate(&cqe, sizeof(cqe), 0));
		ASSERT_EQ(0, memcmp(&want, &cqe, sizeof(cqe))) TH_LOG("sample %d", i);
	}
}

/*
 * The kernel's mlx5_cq_arm() (include/linux/mlx5/cq.h) arms a queue into
 * a record and a register page; ours must write the same bytes: the word
 * big-endian at RIG_MLX5_DOORBELL_ARMED, word and number as one 64-bit
 * big-endian store at RIG_MLX5_UAR_CQ_DOORBELL (rig/mlx5_abi.h).  The
 * kernel's own queues keep the arm word at record word
 * KERNEL_MLX5_CQ_ARM_DB (drivers/infiniband/hw/mlx5/cq.c).  rdma-core's
 * mlx5_arm_cq() (providers/mlx5/cq.c: read, not compiled, as the
 * provider's sources are not installed) writes the same word to record
 * word MLX5_CQ_ARM_DB, 1, and the same 8 bytes to the register.
 */
TEST(arm_word_is_the_one_the_kernel_rings)
{
	_Alignas(8) unsigned char uar[MLX5_ADAPTER_PAGE_SIZE], want_uar[sizeof(uar)];
	_Alignas(8) __be32 record[2], want_record[2];
	uint64_t state = seed(_metadata);
	uint32_t word, number;

	for (int i = 0; i < SAMPLES; i++) {
		struct mlx5_core_cq cq = {
			.cqn = (uint32_t)below(&state, RIG_MLX5_MAX_NUMBER + 1),
			.arm_db = record + KERNEL_MLX5_CQ_ARM_DB,
			.arm_sn = (uint32_t)next(&state),
		};
		uint64_t count = next(&state);
		uint64_t reg;

		random_bytes(&state, uar, sizeof(uar));
		random_bytes(&state, record, sizeof(record));
		memcpy(want_uar, uar, sizeof(uar));
		memcpy(want_record, record, sizeof(record));
		mlx5_cq_arm(&cq, KERNEL_MLX5_CQ_DB_REQ_NOT, uar, (u32)count);

		ASSERT_EQ(0, rig_mlx5_doorbell_arm(cq.arm_sn, count, cq.cqn, &word, &number));
		want_record[RIG_MLX5_DOORBELL_ARMED / sizeof(__be32)] = htobe32(word);
		reg = htobe64((uint64_t)word << 32 | number);
		memcpy(want_uar + RIG_MLX5_UAR_CQ_DOORBELL, &reg, sizeof(reg));
		ASSERT_EQ(0, memcmp(want_record, record, sizeof(record)))
			TH_LOG("sample %d: sn %u count 0x%jx: word 0x%08x", i, cq.arm_sn,
			       (uintmax_t)count, word);
		ASSERT_EQ(0, memcmp(want_uar, uar, sizeof(uar)))
			TH_LOG("sample %d: sn %u count 0x%jx cq 0x%06x: word 0x%08x number 0x%06x",
			       i, cq.arm_sn, (uintmax_t)count, cq.cqn, word, number);
	}
}

/*
 * The kernel reads an mmap() offset in pages (vm_pgoff): mlx5_ib_mmap()
 * takes the command from get_command(), uar_mmap() the page's index from
 * get_index(); the index's high byte, which get_extended_index() adds for
 * other commands, is 0.  And the offset has no other bit set: the
 * kernel's own encoder of that layout, mlx5_entry_to_mmap_offset(), makes
 * the same offset of what mlx5_vma_to_pgoff() decoded.
 */
TEST(uar_mapping_is_the_offset_the_kernel_reads)
{
	uint64_t state = seed(_metadata);
	struct mlx5_user_mmap_entry entry;
	struct vm_area_struct vma;
	uint64_t offset;

	for (int i = 0; i < SAMPLES; i++) {
		unsigned int shift = 12 + (unsigned int)below(&state, 20);
		uint32_t page = 1u << shift;
		uint32_t index = (uint32_t)below(&state, 256);

		ASSERT_EQ(0, rig_mlx5_uar_mapping(page, index, &offset));
		ASSERT_EQ(0, offset % page) TH_LOG("sample %d", i);
		kernel_page_shift = shift;
		vma.vm_pgoff = offset >> PAGE_SHIFT;
		ASSERT_EQ(MLX5_IB_MMAP_NC_PAGE, get_command(vma.vm_pgoff))
			TH_LOG("sample %d: page %u index %u offset 0x%jx", i, page, index,
			       (uintmax_t)offset);
		ASSERT_EQ(index, (uint32_t)get_index(vma.vm_pgoff))
			TH_LOG("sample %d: page %u index %u offset 0x%jx", i, page, index,
			       (uintmax_t)offset);
		ASSERT_EQ(index, (uint32_t)get_extended_index(vma.vm_pgoff))
			TH_LOG("sample %d: page %u index %u offset 0x%jx", i, page, index,
			       (uintmax_t)offset);
		entry.rdma_entry.start_pgoff = mlx5_vma_to_pgoff(&vma);
		ASSERT_EQ(offset, mlx5_entry_to_mmap_offset(&entry))
			TH_LOG("sample %d: page %u index %u offset 0x%jx", i, page, index,
			       (uintmax_t)offset);
	}
}

/* A context whose access-region pages are distinct, aligned, in random order. */
static void random_sys_pages(uint64_t *state, u32 *sys_pages, u32 per_page)
{
	for (u32 p = 0; p < SYS_PAGES; p++)
		sys_pages[p] = p;
	for (u32 p = SYS_PAGES - 1; p > 0; p--) {
		u32 q = (u32)below(state, p + 1), t = sys_pages[p];

		sys_pages[p] = sys_pages[q];
		sys_pages[q] = t;
	}
	for (u32 p = 0; p < SYS_PAGES; p++)
		sys_pages[p] = (sys_pages[p] + 1) * per_page;
}

/*
 * Where a queue pair's register lies, by the kernel's functions: it
 * reports the register as adjust_bfregn() numbers it, gives the queue
 * pair the access region bfregn_to_uar_index() names (hw/mlx5/qp.c), and
 * maps page idx of the context at uar_index2pfn(sys_pages[idx])
 * (uar_mmap() in hw/mlx5/main.c): the page rig names must hold that
 * region.  In the page, map_offset() (mlx5/core/uar.c) places register
 * dbi, the (dbi % MLX5_BFREGS_PER_UAR)th of region dbi /
 * MLX5_BFREGS_PER_UAR (alloc_bfreg()); composing dbi of the region and of
 * the register's place in it, reg % MLX5_BFREGS_PER_UAR, is the one step
 * written here.  rdma-core's mlx5_init_context() (providers/mlx5/mlx5.c:
 * read, not compiled) puts register bfi of page i at the same offset.
 */
TEST(uar_registers_are_where_the_kernel_maps_them)
{
	struct mlx5_core_dev mdev = { 0 };
	struct mlx5_ib_dev dev = { .mdev = &mdev };
	u32 sys_pages[SYS_PAGES];
	struct mlx5_bfreg_info bfregi = {
		.sys_pages = sys_pages, .lib_uar_4k = 1,
		.num_sys_pages = SYS_PAGES, .num_static_sys_pages = SYS_PAGES,
	};
	uint64_t state = seed(_metadata);
	uint32_t page, offset;

	for (int i = 0; i < SAMPLES; i++) {
		u32 per_page, bfregn, reg, uar, dbi;

		/* A system page of 4 KiB to 64 KiB, split in regions or not (uar_4k). */
		kernel_page_shift = MLX5_ADAPTER_PAGE_SHIFT + (unsigned int)below(&state, 5);
		mdev.cap_uar_4k = (u32)below(&state, 2);
		mdev.cap_log_bf_reg_size = 3 + (u32)below(&state, 7);
		per_page = get_uars_per_sys_page(&dev, bfregi.lib_uar_4k);
		random_sys_pages(&state, sys_pages, per_page);
		bfregn = (u32)below(&state, SYS_PAGES * per_page * MLX5_NON_FP_BFREGS_PER_UAR);
		reg = adjust_bfregn(&dev, &bfregi, bfregn);
		uar = bfregn_to_uar_index(&dev, &bfregi, bfregn, false);

		ASSERT_EQ(0, rig_mlx5_uar_register(per_page, 1u << mdev.cap_log_bf_reg_size, reg,
						   &page, &offset))
			TH_LOG("sample %d: register %u", i, reg);
		ASSERT_LT(page, SYS_PAGES) TH_LOG("sample %d: register %u", i, reg);
		ASSERT_EQ(uar_index2pfn(&dev, uar), uar_index2pfn(&dev, sys_pages[page]))
			TH_LOG("sample %d: register %u, %u regions a page: page %u", i, reg,
			       per_page, page);
		dbi = (uar - sys_pages[page]) * MLX5_BFREGS_PER_UAR + reg % MLX5_BFREGS_PER_UAR;
		ASSERT_EQ(map_offset(&mdev, (int)dbi), offset)
			TH_LOG("sample %d: register %u, %u regions a page, %u bytes each", i, reg,
			       per_page, 1u << mdev.cap_log_bf_reg_size);
	}
}

/*
 * The numbers adjust_bfregn() reports, MLX5_BFREGS_PER_UAR to a region of
 * which the kernel hands out MLX5_NON_FP_BFREGS_PER_UAR, are the ones
 * rig_mlx5_uar_register() takes; it refuses every other.
 */
TEST(registers_are_those_the_kernel_reports)
{
	struct mlx5_bfreg_info bfregi = { 0 };
	struct mlx5_ib_dev dev = { 0 };
	bool reported[SYS_PAGES * MLX5_BFREGS_PER_UAR] = { false };
	uint32_t page, offset;

	EXPECT_EQ(MLX5_BFREGS_PER_UAR, RIG_MLX5_UAR_REGISTERS);
	for (int n = 0; n < SYS_PAGES * MLX5_NON_FP_BFREGS_PER_UAR; n++)
		reported[adjust_bfregn(&dev, &bfregi, n)] = true;
	for (uint32_t reg = 0; reg < SYS_PAGES * MLX5_BFREGS_PER_UAR; reg++) {
		EXPECT_EQ(reported[reg] ? 0 : -EINVAL,
			  rig_mlx5_uar_register(1, 64, reg, &page, &offset))
			TH_LOG("register %u", reg);
	}
}

/*
 * rdma-core's record: __be32 words indexed by MLX5_RCV_DBR and
 * MLX5_SND_DBR (mlx5dv.h), the producer counter wrapping at 0xffff
 * (mlx5dv_set_ctrl_seg()'s pi).
 */
TEST(doorbell_record_words_are_rdma_cores)
{
	_Alignas(8) __be32 db[2];
	uint64_t state = seed(_metadata);

	for (int i = 0; i < SAMPLES; i++) {
		uint64_t rcv = next(&state), snd = next(&state);

		memset(db, 0xa5, sizeof(db));
		ASSERT_EQ(0, rig_mlx5_doorbell_post(db, sizeof(db), RIG_MLX5_DOORBELL_RECEIVE, rcv));
		ASSERT_EQ(0, rig_mlx5_doorbell_post(db, sizeof(db), RIG_MLX5_DOORBELL_SEND, snd));
		ASSERT_EQ(htobe32(rcv & 0xffff), db[MLX5_RCV_DBR]);
		ASSERT_EQ(htobe32(snd & 0xffff), db[MLX5_SND_DBR]);
	}
}

/*
 * The register takes the control segment mlx5dv_set_ctrl_seg() writes, as
 * it lies, and as the kernel's own post_send() stores it:
 * mlx5_write64((__be32 *)ctrl, ...) (drivers/infiniband/hw/mlx5/wr.c).
 */
TEST(the_register_gets_the_control_segment_rdma_core_writes)
{
	_Alignas(64) unsigned char ring[RIG_MLX5_ENTRY_SIZE] = { 0 };
	struct mlx5_wqe_ctrl_seg *ctrl = (struct mlx5_wqe_ctrl_seg *)ring;
	_Alignas(8) uint64_t reg = 0, kernel_reg = 0;

	mlx5dv_set_ctrl_seg(ctrl, 0x1234, MLX5_OPCODE_SEND, 0, 0xabcdef, MLX5_WQE_CTRL_CQ_UPDATE,
			    4, 0, 0);
	ASSERT_EQ(0, rig_mlx5_uar_ring(&reg, ring, sizeof(ring), 0));
	EXPECT_EQ(0, memcmp(&reg, &ctrl->opmod_idx_opcode, 4));
	EXPECT_EQ(0, memcmp((unsigned char *)&reg + 4, &ctrl->qpn_ds, 4));
	mlx5_write64((__be32 *)ctrl, &kernel_reg);
	EXPECT_EQ(kernel_reg, reg);
}

TEST_HARNESS_MAIN
