// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_hsi_test: the NIC's side of the ring formats in hsi.c.
 * Entries are built here byte by byte in the layout of rig_bnxt_hsi.h, as
 * a process would write them, well formed and malformed; completions are
 * checked byte by byte, across a wrap of the ring.
 */
#include <kunit/test.h>
#include <linux/limits.h>
#include <linux/string.h>

#include "hsi.h"

/* A SEND entry with @nsge elements of @size bytes each, @length given. */
static void make_send(struct rig_bnxt_sq_send *e, u32 nsge, u32 size, u32 length)
{
	u32 i;

	memset(e, 0, sizeof(*e));
	e->hdr.wqe_type = RIG_BNXT_SQ_WQE_TYPE_SEND;
	e->hdr.flags = RIG_BNXT_SQ_FLAGS_SIGNAL_COMP;
	e->hdr.wqe_size = RIG_BNXT_HDR_SLOTS + nsge;
	e->hdr.length = cpu_to_le32(length);
	for (i = 0; i < nsge; i++) {
		e->sge[i].va_or_pa = cpu_to_le64(0x1000000000ULL + i * 0x1000);
		e->sge[i].l_key = cpu_to_le32(0x100 + i);
		e->sge[i].size = cpu_to_le32(size);
	}
}

static void make_read(struct rig_bnxt_sq_rdma *e, u32 size)
{
	memset(e, 0, sizeof(*e));
	e->hdr.wqe_type = RIG_BNXT_SQ_WQE_TYPE_READ_WQE;
	e->hdr.wqe_size = RIG_BNXT_HDR_SLOTS + 1;
	e->hdr.length = cpu_to_le32(size);
	e->hdr.remote_va = cpu_to_le64(0xfedcba9876543210ULL);
	e->hdr.remote_key = cpu_to_le32(0xabcdef01);
	e->sge[0].va_or_pa = cpu_to_le64(0x2000);
	e->sge[0].l_key = cpu_to_le32(7);
	e->sge[0].size = cpu_to_le32(size);
}

static void make_recv(struct rig_bnxt_rq_wqe *e, u32 nsge, u32 wr_id)
{
	u32 i;

	memset(e, 0, sizeof(*e));
	e->hdr.wqe_type = RIG_BNXT_RQ_WQE_TYPE_RCV;
	e->hdr.wqe_size = RIG_BNXT_HDR_SLOTS + nsge;
	e->hdr.wr_id[0] = cpu_to_le32(wr_id);
	for (i = 0; i < nsge; i++) {
		e->sge[i].va_or_pa = cpu_to_le64(0x3000 + i * 0x100);
		e->sge[i].l_key = cpu_to_le32(0x55);
		e->sge[i].size = cpu_to_le32(0x100);
	}
}

/* Decode the doorbell whose words are @low (index) and @high (type_path_xid). */
static int db_decode(u32 low, u32 high, struct rig_hsi_db *db)
{
	return rig_hsi_db_decode((u64)high << 32 | low, db);
}

#define DB_OK	(RIG_BNXT_DBC_PATH_ROCE | RIG_BNXT_DBC_VALID)

static void sqe_decode_reads_a_signalled_send_with_two_sges(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;

	make_send(&e, 2, 100, 200);
	KUNIT_ASSERT_EQ(test, rig_hsi_sqe_decode(&e, 6, &d), 0);
	KUNIT_EXPECT_EQ(test, d.type, RIG_BNXT_SQ_WQE_TYPE_SEND);
	KUNIT_EXPECT_TRUE(test, d.signal);
	KUNIT_EXPECT_EQ(test, d.length, 200);
	KUNIT_EXPECT_EQ(test, d.remote_va, 0);
	KUNIT_EXPECT_EQ(test, d.remote_key, 0);
	KUNIT_ASSERT_EQ(test, d.nsge, 2);
	KUNIT_EXPECT_EQ(test, d.sge[0].va, 0x1000000000ULL);
	KUNIT_EXPECT_EQ(test, d.sge[1].va, 0x1000001000ULL);
	KUNIT_EXPECT_EQ(test, d.sge[1].lkey, 0x101);
	KUNIT_EXPECT_EQ(test, d.sge[1].size, 100);
}

static void sqe_decode_reads_an_unsignalled_send(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;

	make_send(&e, 1, 8, 8);
	e.hdr.flags = 0;
	KUNIT_ASSERT_EQ(test, rig_hsi_sqe_decode(&e, 6, &d), 0);
	KUNIT_EXPECT_FALSE(test, d.signal);
}

static void sqe_decode_reads_an_rdma_read_with_its_remote_address(struct kunit *test)
{
	struct rig_bnxt_sq_rdma e;
	struct rig_hsi_sqe d;

	make_read(&e, 4096);
	KUNIT_ASSERT_EQ(test, rig_hsi_sqe_decode(&e, 1, &d), 0);
	KUNIT_EXPECT_EQ(test, d.type, RIG_BNXT_SQ_WQE_TYPE_READ_WQE);
	KUNIT_EXPECT_FALSE(test, d.signal);
	KUNIT_EXPECT_EQ(test, d.length, 4096);
	KUNIT_EXPECT_EQ(test, d.remote_va, 0xfedcba9876543210ULL);
	KUNIT_EXPECT_EQ(test, d.remote_key, 0xabcdef01);
	KUNIT_ASSERT_EQ(test, d.nsge, 1);
	KUNIT_EXPECT_EQ(test, d.sge[0].va, 0x2000);
	KUNIT_EXPECT_EQ(test, d.sge[0].lkey, 7);
}

static void sqe_decode_accepts_a_send_of_no_bytes_and_no_sge(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;

	make_send(&e, 0, 0, 0);
	KUNIT_ASSERT_EQ(test, rig_hsi_sqe_decode(&e, 0, &d), 0);
	KUNIT_EXPECT_EQ(test, d.nsge, 0);
	KUNIT_EXPECT_EQ(test, d.length, 0);
}

static void sqe_decode_ignores_slots_past_wqe_size(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;

	make_send(&e, 1, 64, 64);
	memset(&e.sge[1], 0xa5, sizeof(e.sge) - sizeof(e.sge[0]));
	KUNIT_ASSERT_EQ(test, rig_hsi_sqe_decode(&e, 6, &d), 0);
	KUNIT_EXPECT_EQ(test, d.nsge, 1);
}

static void sqe_decode_refuses_types_rig_does_not_post(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;
	unsigned int type;

	for (type = 0; type <= U8_MAX; type++) {
		if (type == RIG_BNXT_SQ_WQE_TYPE_SEND ||
		    type == RIG_BNXT_SQ_WQE_TYPE_READ_WQE)
			continue;
		make_send(&e, 1, 8, 8);
		e.hdr.wqe_type = type;
		KUNIT_EXPECT_EQ_MSG(test, rig_hsi_sqe_decode(&e, 6, &d), -EINVAL,
				    "type %#x", type);
	}
}

static void sqe_decode_refuses_flags_other_than_signal_comp(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;
	unsigned int bit;

	for (bit = 1; bit < 8; bit++) {
		make_send(&e, 1, 8, 8);
		e.hdr.flags |= BIT(bit);
		KUNIT_EXPECT_EQ_MSG(test, rig_hsi_sqe_decode(&e, 6, &d), -EINVAL,
				    "flag %#lx", BIT(bit));
	}
}

static void sqe_decode_refuses_a_wqe_size_outside_the_limits(struct kunit *test)
{
	static const u8 bad[] = { 0, 1, 5, 8, 9, 255 };
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;
	unsigned int i;

	/* A queue pair limited to 2 elements: 2 to 4 slots. */
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		make_send(&e, 0, 0, 0);
		e.hdr.wqe_size = bad[i];
		KUNIT_EXPECT_EQ_MSG(test, rig_hsi_sqe_decode(&e, 2, &d), -EINVAL,
				    "wqe_size %u", bad[i]);
	}
	make_send(&e, 2, 0, 0);
	KUNIT_EXPECT_EQ(test, rig_hsi_sqe_decode(&e, 2, &d), 0);
}

static void sqe_decode_refuses_a_limit_above_six_sges(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;

	make_send(&e, 1, 8, 8);
	KUNIT_EXPECT_EQ(test, rig_hsi_sqe_decode(&e, RIG_BNXT_MAX_SGES + 1, &d),
			-EINVAL);
}

static void sqe_decode_refuses_a_length_that_is_not_the_sum(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;

	make_send(&e, 3, 10, 29);
	KUNIT_EXPECT_EQ(test, rig_hsi_sqe_decode(&e, 6, &d), -EINVAL);
	make_send(&e, 3, 10, 31);
	KUNIT_EXPECT_EQ(test, rig_hsi_sqe_decode(&e, 6, &d), -EINVAL);
}

static void sqe_decode_refuses_sizes_whose_sum_wraps_32_bits(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;

	/* 2 x 2^31 is 0 modulo 2^32: a 32-bit sum would match @length. */
	make_send(&e, 2, 0x80000000U, 0);
	KUNIT_EXPECT_EQ(test, rig_hsi_sqe_decode(&e, 6, &d), -EINVAL);
}

static void sqe_decode_refuses_nonzero_unused_send_fields(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d;
	__le32 *fields[] = {
		&e.hdr.inv_key_or_imm_data, &e.hdr.q_key, &e.hdr.dst_qp,
		&e.hdr.avid, &e.hdr.reserved32, &e.hdr.timestamp,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		make_send(&e, 1, 8, 8);
		*fields[i] = cpu_to_le32(1);
		KUNIT_EXPECT_EQ_MSG(test, rig_hsi_sqe_decode(&e, 6, &d), -EINVAL,
				    "field %u", i);
	}
	make_send(&e, 1, 8, 8);
	e.hdr.reserved8_1 = 1;
	KUNIT_EXPECT_EQ(test, rig_hsi_sqe_decode(&e, 6, &d), -EINVAL);
}

static void sqe_decode_refuses_nonzero_unused_read_fields(struct kunit *test)
{
	struct rig_bnxt_sq_rdma e;
	struct rig_hsi_sqe d;
	__le32 *fields[] = {
		&e.hdr.imm_data, &e.hdr.reserved32_1, &e.hdr.timestamp,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		make_read(&e, 8);
		*fields[i] = cpu_to_le32(0x80000000U);
		KUNIT_EXPECT_EQ_MSG(test, rig_hsi_sqe_decode(&e, 6, &d), -EINVAL,
				    "field %u", i);
	}
	make_read(&e, 8);
	e.hdr.reserved8 = 0x80;
	KUNIT_EXPECT_EQ(test, rig_hsi_sqe_decode(&e, 6, &d), -EINVAL);
}

static void sqe_decode_failure_leaves_the_result_untouched(struct kunit *test)
{
	struct rig_bnxt_sq_send e;
	struct rig_hsi_sqe d, before;

	memset(&d, 0x5a, sizeof(d));
	before = d;
	make_send(&e, 1, 8, 9);
	KUNIT_ASSERT_EQ(test, rig_hsi_sqe_decode(&e, 6, &d), -EINVAL);
	KUNIT_EXPECT_MEMEQ(test, &d, &before, sizeof(d));
}

static void rqe_decode_reads_the_wr_id_and_sges(struct kunit *test)
{
	struct rig_bnxt_rq_wqe e;
	struct rig_hsi_rqe d;

	make_recv(&e, 3, RIG_BNXT_RQ_WR_ID_MASK);
	KUNIT_ASSERT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), 0);
	KUNIT_EXPECT_EQ(test, d.wr_id, RIG_BNXT_RQ_WR_ID_MASK);
	KUNIT_EXPECT_EQ(test, d.capacity, 0x300);
	KUNIT_ASSERT_EQ(test, d.nsge, 3);
	KUNIT_EXPECT_EQ(test, d.sge[2].va, 0x3200);
	KUNIT_EXPECT_EQ(test, d.sge[2].lkey, 0x55);
	KUNIT_EXPECT_EQ(test, d.sge[2].size, 0x100);
}

static void rqe_decode_sums_a_capacity_above_32_bits(struct kunit *test)
{
	struct rig_bnxt_rq_wqe e;
	struct rig_hsi_rqe d;

	make_recv(&e, 2, 0);
	e.sge[0].size = cpu_to_le32(U32_MAX);
	e.sge[1].size = cpu_to_le32(U32_MAX);
	KUNIT_ASSERT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), 0);
	KUNIT_EXPECT_EQ(test, d.capacity, 2ULL * U32_MAX);
}

static void rqe_decode_accepts_one_empty_sge(struct kunit *test)
{
	struct rig_bnxt_rq_wqe e;
	struct rig_hsi_rqe d;

	make_recv(&e, 1, 9);
	e.sge[0].size = 0;
	KUNIT_ASSERT_EQ(test, rig_hsi_rqe_decode(&e, 1, &d), 0);
	KUNIT_EXPECT_EQ(test, d.capacity, 0);
	KUNIT_EXPECT_EQ(test, d.nsge, 1);
}

static void rqe_decode_refuses_an_entry_without_sge(struct kunit *test)
{
	struct rig_bnxt_rq_wqe e;
	struct rig_hsi_rqe d;

	make_recv(&e, 0, 1);
	KUNIT_EXPECT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), -EINVAL);
}

static void rqe_decode_refuses_more_sges_than_the_limit(struct kunit *test)
{
	struct rig_bnxt_rq_wqe e;
	struct rig_hsi_rqe d;

	make_recv(&e, 3, 1);
	KUNIT_EXPECT_EQ(test, rig_hsi_rqe_decode(&e, 2, &d), -EINVAL);
	KUNIT_EXPECT_EQ(test, rig_hsi_rqe_decode(&e, RIG_BNXT_MAX_SGES + 1, &d),
			-EINVAL);
	e.hdr.wqe_size = RIG_BNXT_ENTRY_SLOTS + 1;
	KUNIT_EXPECT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), -EINVAL);
}

static void rqe_decode_refuses_a_wr_id_wider_than_20_bits(struct kunit *test)
{
	struct rig_bnxt_rq_wqe e;
	struct rig_hsi_rqe d;

	make_recv(&e, 1, RIG_BNXT_RQ_WR_ID_MASK + 1);
	KUNIT_EXPECT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), -EINVAL);
	make_recv(&e, 1, 0);
	e.hdr.wr_id[1] = cpu_to_le32(1);
	KUNIT_EXPECT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), -EINVAL);
}

static void rqe_decode_refuses_a_send_type_or_any_flag(struct kunit *test)
{
	struct rig_bnxt_rq_wqe e;
	struct rig_hsi_rqe d;

	make_recv(&e, 1, 0);
	e.hdr.wqe_type = RIG_BNXT_SQ_WQE_TYPE_SEND;
	KUNIT_EXPECT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), -EINVAL);
	make_recv(&e, 1, 0);
	e.hdr.flags = 1;
	KUNIT_EXPECT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), -EINVAL);
}

static void rqe_decode_refuses_nonzero_reserved_bytes(struct kunit *test)
{
	struct rig_bnxt_rq_wqe e;
	struct rig_hsi_rqe d;
	unsigned int i;

	make_recv(&e, 1, 0);
	e.hdr.reserved8 = 1;
	KUNIT_EXPECT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), -EINVAL);
	make_recv(&e, 1, 0);
	e.hdr.reserved32 = cpu_to_le32(1);
	KUNIT_EXPECT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), -EINVAL);
	for (i = 0; i < sizeof(e.hdr.reserved128); i++) {
		make_recv(&e, 1, 0);
		e.hdr.reserved128[i] = 0x80;
		KUNIT_EXPECT_EQ_MSG(test, rig_hsi_rqe_decode(&e, 6, &d), -EINVAL,
				    "reserved byte %u", i);
	}
}

static void rqe_decode_failure_leaves_the_result_untouched(struct kunit *test)
{
	struct rig_bnxt_rq_wqe e;
	struct rig_hsi_rqe d, before;

	memset(&d, 0x5a, sizeof(d));
	before = d;
	make_recv(&e, 0, 1);
	KUNIT_ASSERT_EQ(test, rig_hsi_rqe_decode(&e, 6, &d), -EINVAL);
	KUNIT_EXPECT_MEMEQ(test, &d, &before, sizeof(d));
}

static void cq_toggle_is_one_on_the_first_lap_and_flips_on_each_wrap(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle(0, 4), 1);
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle(3, 4), 1);
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle(4, 4), 0);
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle(7, 4), 0);
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle(8, 4), 1);
	/* Any ring size, and counts past 32 bits. */
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle(5, 3), 0);
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle(6, 3), 1);
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle(1ULL << 32, 1U << 31), 1);
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle((1ULL << 32) + (1U << 31), 1U << 31), 0);
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle(U64_MAX, 1), 0);
}

static void cq_toggle_refuses_an_empty_ring(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_hsi_cq_toggle(0, 0), -EINVAL);
}

static void req_cqe_write_lays_out_every_field(struct kunit *test)
{
	const struct rig_hsi_req_cqe c = {
		.qp_handle = 0x0102030405060708ULL,
		.sq_cons_idx = 0xa1b2,
		.status = RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR,
	};
	static const u8 want[RIG_BNXT_CQE_SIZE] = {
		0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,
		0xb2, 0xa1, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0,
		RIG_BNXT_CQ_BASE_CQE_TYPE_REQ | RIG_BNXT_CQ_BASE_TOGGLE,
		RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, 0, 0, 0, 0, 0, 0,
	};
	u8 slot[RIG_BNXT_CQE_SIZE];

	memset(slot, 0xff, sizeof(slot));
	KUNIT_ASSERT_EQ(test, rig_hsi_req_cqe_write(slot, &c, true), 0);
	KUNIT_EXPECT_MEMEQ(test, slot, want, sizeof(want));
}

static void res_cqe_write_lays_out_every_field(struct kunit *test)
{
	const struct rig_hsi_res_cqe c = {
		.qp_handle = 0x1122334455667788ULL,
		.length = 0x00c0ffee,
		.wr_id = 0xfedcb,
		.status = RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR,
	};
	static const u8 want[RIG_BNXT_CQE_SIZE] = {
		0xee, 0xff, 0xc0, 0x00, 0, 0, 0, 0,
		0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
		0, 0, 0, 0, 0, 0, 0, 0,
		RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC | RIG_BNXT_CQ_BASE_TOGGLE,
		RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR, 0, 0,
		0xcb, 0xed, 0x0f, 0x00,
	};
	u8 slot[RIG_BNXT_CQE_SIZE];

	memset(slot, 0xff, sizeof(slot));
	KUNIT_ASSERT_EQ(test, rig_hsi_res_cqe_write(slot, &c, true), 0);
	KUNIT_EXPECT_MEMEQ(test, slot, want, sizeof(want));
}

static void cqe_write_of_the_next_lap_flips_only_the_toggle(struct kunit *test)
{
	const struct rig_hsi_req_cqe req = { .qp_handle = 1, .sq_cons_idx = 2 };
	const struct rig_hsi_res_cqe res = { .qp_handle = 3, .length = 4 };
	u8 lap1[RIG_BNXT_CQE_SIZE], lap2[RIG_BNXT_CQE_SIZE];
	/* A ring of 2: completion 2 lands on completion 0's slot. */
	int t0 = rig_hsi_cq_toggle(0, 2), t2 = rig_hsi_cq_toggle(2, 2);

	KUNIT_ASSERT_EQ(test, rig_hsi_req_cqe_write(lap1, &req, t0), 0);
	memcpy(lap2, lap1, sizeof(lap2));
	KUNIT_ASSERT_EQ(test, rig_hsi_req_cqe_write(lap2, &req, t2), 0);
	KUNIT_EXPECT_EQ(test, lap1[24] ^ lap2[24], RIG_BNXT_CQ_BASE_TOGGLE);
	KUNIT_EXPECT_EQ(test, lap2[24] & RIG_BNXT_CQ_BASE_TOGGLE, 0);
	KUNIT_EXPECT_MEMEQ(test, lap1, lap2, 24);
	KUNIT_EXPECT_MEMEQ(test, lap1 + 25, lap2 + 25, 7);

	KUNIT_ASSERT_EQ(test, rig_hsi_res_cqe_write(lap1, &res, t0), 0);
	KUNIT_ASSERT_EQ(test, rig_hsi_res_cqe_write(lap2, &res, t2), 0);
	KUNIT_EXPECT_EQ(test, lap1[24] ^ lap2[24], RIG_BNXT_CQ_BASE_TOGGLE);
}

static void cqe_write_stores_every_status_as_given(struct kunit *test)
{
	struct rig_hsi_req_cqe req = {};
	struct rig_hsi_res_cqe res = {};
	struct rig_bnxt_cq_base slot;
	unsigned int s;

	for (s = 0; s <= RIG_BNXT_CQ_REQ_STATUS_LAST; s++) {
		req.status = s;
		KUNIT_ASSERT_EQ(test, rig_hsi_req_cqe_write(&slot, &req, false), 0);
		KUNIT_EXPECT_EQ(test, slot.status, s);
		KUNIT_EXPECT_EQ(test, slot.cqe_type_toggle, RIG_BNXT_CQ_BASE_CQE_TYPE_REQ);
	}
	for (s = 0; s <= RIG_BNXT_CQ_RES_RC_STATUS_LAST; s++) {
		res.status = s;
		KUNIT_ASSERT_EQ(test, rig_hsi_res_cqe_write(&slot, &res, false), 0);
		KUNIT_EXPECT_EQ(test, slot.status, s);
		KUNIT_EXPECT_EQ(test, slot.cqe_type_toggle,
				RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC);
	}
}

static void req_cqe_write_refuses_an_undefined_status_and_writes_nothing(struct kunit *test)
{
	const struct rig_hsi_req_cqe c = {
		.status = RIG_BNXT_CQ_REQ_STATUS_LAST + 1,
	};
	u8 slot[RIG_BNXT_CQE_SIZE], before[RIG_BNXT_CQE_SIZE];

	memset(slot, 0xa5, sizeof(slot));
	memcpy(before, slot, sizeof(before));
	KUNIT_EXPECT_EQ(test, rig_hsi_req_cqe_write(slot, &c, true), -EINVAL);
	KUNIT_EXPECT_MEMEQ(test, slot, before, sizeof(slot));
}

static void res_cqe_write_refuses_a_bad_status_or_wr_id_and_writes_nothing(struct kunit *test)
{
	struct rig_hsi_res_cqe c = { .status = RIG_BNXT_CQ_RES_RC_STATUS_LAST + 1 };
	u8 slot[RIG_BNXT_CQE_SIZE], before[RIG_BNXT_CQE_SIZE];

	memset(slot, 0xa5, sizeof(slot));
	memcpy(before, slot, sizeof(before));
	KUNIT_EXPECT_EQ(test, rig_hsi_res_cqe_write(slot, &c, true), -EINVAL);
	c.status = RIG_BNXT_CQ_RES_RC_STATUS_OK;
	c.wr_id = RIG_BNXT_RQ_WR_ID_MASK + 1;
	KUNIT_EXPECT_EQ(test, rig_hsi_res_cqe_write(slot, &c, true), -EINVAL);
	KUNIT_EXPECT_MEMEQ(test, slot, before, sizeof(slot));
}

static void db_decode_reads_each_type_rig_uses(struct kunit *test)
{
	static const u32 types[] = {
		RIG_BNXT_DBC_TYPE_SQ, RIG_BNXT_DBC_TYPE_RQ,
		RIG_BNXT_DBC_TYPE_CQ, RIG_BNXT_DBC_TYPE_CQ_ARMALL,
	};
	struct rig_hsi_db db;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(types); i++) {
		KUNIT_ASSERT_EQ(test, db_decode(17, DB_OK | types[i] | 5, &db), 0);
		KUNIT_EXPECT_EQ(test, db.type, types[i]);
		KUNIT_EXPECT_EQ(test, db.xid, 5);
		KUNIT_EXPECT_EQ(test, db.index, 17);
		KUNIT_EXPECT_FALSE(test, db.epoch);
		KUNIT_EXPECT_EQ(test, db.toggle, 0);
	}
}

static void db_decode_reads_index_epoch_and_xid_at_their_limits(struct kunit *test)
{
	struct rig_hsi_db db;
	u32 low = RIG_BNXT_DBC_INDEX_MASK | RIG_BNXT_DBC_EPOCH;
	u32 high = DB_OK | RIG_BNXT_DBC_TYPE_RQ | RIG_BNXT_DBC_XID_MASK;

	KUNIT_ASSERT_EQ(test, db_decode(low, high, &db), 0);
	KUNIT_EXPECT_EQ(test, db.index, 0xffffff);
	KUNIT_EXPECT_TRUE(test, db.epoch);
	KUNIT_EXPECT_EQ(test, db.xid, 0xfffff);
}

static void db_decode_accepts_a_toggle_only_on_cq_armall(struct kunit *test)
{
	u32 low = 3U << RIG_BNXT_DBC_TOGGLE_SFT;
	struct rig_hsi_db db;

	KUNIT_ASSERT_EQ(test, db_decode(low, DB_OK | RIG_BNXT_DBC_TYPE_CQ_ARMALL, &db), 0);
	KUNIT_EXPECT_EQ(test, db.toggle, 3);
	KUNIT_EXPECT_EQ(test, db_decode(low, DB_OK | RIG_BNXT_DBC_TYPE_CQ, &db), -EINVAL);
	KUNIT_EXPECT_EQ(test, db_decode(low, DB_OK | RIG_BNXT_DBC_TYPE_SQ, &db), -EINVAL);
	KUNIT_EXPECT_EQ(test, db_decode(low, DB_OK | RIG_BNXT_DBC_TYPE_RQ, &db), -EINVAL);
}

static void db_decode_refuses_a_value_without_the_valid_bit(struct kunit *test)
{
	struct rig_hsi_db db;

	KUNIT_EXPECT_EQ(test, rig_hsi_db_decode(0, &db), -EINVAL);
	KUNIT_EXPECT_EQ(test, db_decode(1, RIG_BNXT_DBC_TYPE_SQ | 1, &db), -EINVAL);
}

static void db_decode_refuses_paths_other_than_roce(struct kunit *test)
{
	struct rig_hsi_db db;

	KUNIT_EXPECT_EQ(test, db_decode(1, DB_OK | RIG_BNXT_DBC_PATH_L2, &db), -EINVAL);
	KUNIT_EXPECT_EQ(test, db_decode(1, DB_OK | RIG_BNXT_DBC_PATH_ENGINE, &db), -EINVAL);
	KUNIT_EXPECT_EQ(test, db_decode(1, DB_OK | RIG_BNXT_DBC_PATH_MASK, &db), -EINVAL);
}

static void db_decode_refuses_types_rig_does_not_use(struct kunit *test)
{
	struct rig_hsi_db db;
	u32 type;

	for (type = 0; type < 16; type++) {
		u32 t = type << RIG_BNXT_DBC_TYPE_SFT;

		if (t == RIG_BNXT_DBC_TYPE_SQ || t == RIG_BNXT_DBC_TYPE_RQ ||
		    t == RIG_BNXT_DBC_TYPE_CQ || t == RIG_BNXT_DBC_TYPE_CQ_ARMALL)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, db_decode(0, DB_OK | t, &db),
				    -EINVAL, "type %#x", t);
	}
}

static void db_decode_refuses_bits_outside_the_fields(struct kunit *test)
{
	struct rig_hsi_db db, before;
	unsigned int bit;

	memset(&db, 0x5a, sizeof(db));
	before = db;
	for (bit = 27; bit < 32; bit++)
		KUNIT_EXPECT_EQ_MSG(test, db_decode(BIT(bit), DB_OK, &db),
				    -EINVAL, "low bit %u", bit);
	for (bit = 20; bit < 24; bit++)
		KUNIT_EXPECT_EQ_MSG(test, db_decode(0, DB_OK | BIT(bit), &db),
				    -EINVAL, "high bit %u", bit);
	KUNIT_EXPECT_EQ(test, db_decode(0, DB_OK | RIG_BNXT_DBC_DEBUG_TRACE, &db), -EINVAL);
	KUNIT_EXPECT_MEMEQ(test, &db, &before, sizeof(db));
}

static struct kunit_case rig_hsi_test_cases[] = {
	KUNIT_CASE(sqe_decode_reads_a_signalled_send_with_two_sges),
	KUNIT_CASE(sqe_decode_reads_an_unsignalled_send),
	KUNIT_CASE(sqe_decode_reads_an_rdma_read_with_its_remote_address),
	KUNIT_CASE(sqe_decode_accepts_a_send_of_no_bytes_and_no_sge),
	KUNIT_CASE(sqe_decode_ignores_slots_past_wqe_size),
	KUNIT_CASE(sqe_decode_refuses_types_rig_does_not_post),
	KUNIT_CASE(sqe_decode_refuses_flags_other_than_signal_comp),
	KUNIT_CASE(sqe_decode_refuses_a_wqe_size_outside_the_limits),
	KUNIT_CASE(sqe_decode_refuses_a_limit_above_six_sges),
	KUNIT_CASE(sqe_decode_refuses_a_length_that_is_not_the_sum),
	KUNIT_CASE(sqe_decode_refuses_sizes_whose_sum_wraps_32_bits),
	KUNIT_CASE(sqe_decode_refuses_nonzero_unused_send_fields),
	KUNIT_CASE(sqe_decode_refuses_nonzero_unused_read_fields),
	KUNIT_CASE(sqe_decode_failure_leaves_the_result_untouched),
	KUNIT_CASE(rqe_decode_reads_the_wr_id_and_sges),
	KUNIT_CASE(rqe_decode_sums_a_capacity_above_32_bits),
	KUNIT_CASE(rqe_decode_accepts_one_empty_sge),
	KUNIT_CASE(rqe_decode_refuses_an_entry_without_sge),
	KUNIT_CASE(rqe_decode_refuses_more_sges_than_the_limit),
	KUNIT_CASE(rqe_decode_refuses_a_wr_id_wider_than_20_bits),
	KUNIT_CASE(rqe_decode_refuses_a_send_type_or_any_flag),
	KUNIT_CASE(rqe_decode_refuses_nonzero_reserved_bytes),
	KUNIT_CASE(rqe_decode_failure_leaves_the_result_untouched),
	KUNIT_CASE(cq_toggle_is_one_on_the_first_lap_and_flips_on_each_wrap),
	KUNIT_CASE(cq_toggle_refuses_an_empty_ring),
	KUNIT_CASE(req_cqe_write_lays_out_every_field),
	KUNIT_CASE(res_cqe_write_lays_out_every_field),
	KUNIT_CASE(cqe_write_of_the_next_lap_flips_only_the_toggle),
	KUNIT_CASE(cqe_write_stores_every_status_as_given),
	KUNIT_CASE(req_cqe_write_refuses_an_undefined_status_and_writes_nothing),
	KUNIT_CASE(res_cqe_write_refuses_a_bad_status_or_wr_id_and_writes_nothing),
	KUNIT_CASE(db_decode_reads_each_type_rig_uses),
	KUNIT_CASE(db_decode_reads_index_epoch_and_xid_at_their_limits),
	KUNIT_CASE(db_decode_accepts_a_toggle_only_on_cq_armall),
	KUNIT_CASE(db_decode_refuses_a_value_without_the_valid_bit),
	KUNIT_CASE(db_decode_refuses_paths_other_than_roce),
	KUNIT_CASE(db_decode_refuses_types_rig_does_not_use),
	KUNIT_CASE(db_decode_refuses_bits_outside_the_fields),
	{}
};

static struct kunit_suite rig_hsi_test_suite = {
	.name = "rig_hsi_test",
	.test_cases = rig_hsi_test_cases,
};

/* Linked into rig_bnxt_kunit, whose module information range_test.c gives. */
kunit_test_suite(rig_hsi_test_suite);
