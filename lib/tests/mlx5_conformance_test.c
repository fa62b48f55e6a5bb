// SPDX-License-Identifier: BSD-2-Clause
/*
 * Conformance of rig/mlx5_abi.h with rdma-core's <infiniband/mlx5dv.h>
 * (Debian libibverbs-dev) and <rdma/mlx5-abi.h>: our bytes against those
 * of rdma-core's own inline helpers and struct layouts, on randomised
 * entries, completions and doorbell values.
 *
 * Each randomised test prints its seed.  RIG_SEED=<n> in the environment
 * runs it with that seed (decimal or 0x hex); without it the seed comes
 * from the clock.  Only mlx5dv.h's inline helpers are used: nothing links
 * against libmlx5 or libibverbs.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <infiniband/mlx5dv.h>
#include <rdma/mlx5-abi.h>

#include "kselftest_harness.h"
#include "rig/mlx5_abi.h"

#define SAMPLES 4096		/* randomised values per test */
#define RING_ENTRIES 8

/* From rdma-core's providers/mlx5/mlx5.h, which is not installed. */
#define MLX5_IB_MMAP_CMD_SHIFT 8
#define MLX5_ADAPTER_PAGE_SIZE 4096
#define MLX5_BF_OFFSET         0x800
#define NUM_BFREGS_PER_UAR     4

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
	EXPECT_EQ(NUM_BFREGS_PER_UAR, RIG_MLX5_UAR_REGISTERS);
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

TEST(arm_word_is_the_one_rdma_core_rings)
{
	uint64_t state = seed(_metadata);
	uint32_t word, number;

	for (int i = 0; i < SAMPLES; i++) {
		uint32_t sn = (uint32_t)next(&state);
		uint32_t ci = (uint32_t)next(&state);
		uint32_t cq = (uint32_t)below(&state, RIG_MLX5_MAX_NUMBER + 1);

		ASSERT_EQ(0, rig_mlx5_doorbell_arm(sn, ci, cq, &word, &number));
		/* mlx5_arm_cq(): sn's 2 bits, the command, ci's 24 bits. */
		ASSERT_EQ((sn & 3) << 28 | MLX5_CQ_DB_REQ_NOT | (ci & 0xffffff), word)
			TH_LOG("sample %d", i);
		ASSERT_EQ(cq, number);
	}
}

TEST(uar_mapping_is_the_offset_rdma_core_maps)
{
	uint64_t state = seed(_metadata);
	uint64_t offset;

	for (int i = 0; i < SAMPLES; i++) {
		uint32_t page = 1u << (12 + below(&state, 20));
		uint32_t index = (uint32_t)below(&state, 256);

		ASSERT_EQ(0, rig_mlx5_uar_mapping(page, index, &offset));
		/* get_uar_mmap_offset(): the command at bit 8, the index below. */
		ASSERT_EQ(((uint64_t)MLX5_IB_MMAP_NC_PAGE << MLX5_IB_MMAP_CMD_SHIFT | index) * page,
			  offset) TH_LOG("sample %d", i);
	}
}

TEST(uar_registers_are_where_rdma_core_puts_them)
{
	uint64_t state = seed(_metadata);
	uint32_t page, offset;

	for (int i = 0; i < SAMPLES; i++) {
		uint32_t per_page = 1u << below(&state, 5);
		uint32_t size = 1u << (3 + below(&state, 7));
		uint32_t sys_page = (uint32_t)below(&state, 64);
		uint32_t j = (uint32_t)below(&state, per_page);
		uint32_t k = (uint32_t)below(&state, 2);
		/* mlx5_init_context(): bfi numbers 4 registers a region. */
		uint32_t bfi = (sys_page * per_page + j) * NUM_BFREGS_PER_UAR + k;

		ASSERT_EQ(0, rig_mlx5_uar_register(per_page, size, bfi, &page, &offset));
		ASSERT_EQ(sys_page, page) TH_LOG("sample %d", i);
		ASSERT_EQ(MLX5_ADAPTER_PAGE_SIZE * j + MLX5_BF_OFFSET + k * size, offset)
			TH_LOG("sample %d", i);
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

/* The register takes the control segment mlx5dv_set_ctrl_seg() writes, as it lies. */
TEST(the_register_gets_the_control_segment_rdma_core_writes)
{
	_Alignas(64) unsigned char ring[RIG_MLX5_ENTRY_SIZE] = { 0 };
	struct mlx5_wqe_ctrl_seg *ctrl = (struct mlx5_wqe_ctrl_seg *)ring;
	_Alignas(8) uint64_t reg = 0;

	mlx5dv_set_ctrl_seg(ctrl, 0x1234, MLX5_OPCODE_SEND, 0, 0xabcdef, MLX5_WQE_CTRL_CQ_UPDATE,
			    4, 0, 0);
	ASSERT_EQ(0, rig_mlx5_uar_ring(&reg, ring, sizeof(ring), 0));
	EXPECT_EQ(0, memcmp(&reg, &ctrl->opmod_idx_opcode, 4));
	EXPECT_EQ(0, memcmp((unsigned char *)&reg + 4, &ctrl->qpn_ds, 4));
}

TEST_HARNESS_MAIN
