// SPDX-License-Identifier: BSD-2-Clause
/*
 * Library unit tests of the bnxt ring formats (rig/bnxt_hsi.h): the byte
 * position of every field an entry, completion, doorbell or PSN search
 * entry has, the toggle rule across a wrap, the PSNs a message takes,
 * every status code, and misuse, after which the buffer (filled with a
 * pattern first) must be untouched.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "kselftest_harness.h"
#include "rig/bnxt_hsi.h"

#define ENTRY RIG_BNXT_ENTRY_SIZE
#define CQE RIG_BNXT_CQE_SIZE
#define PATTERN 0xa5

static uint32_t le32_at(const unsigned char *p, size_t at)
{
	return (uint32_t)p[at] | (uint32_t)p[at + 1] << 8 |
	       (uint32_t)p[at + 2] << 16 | (uint32_t)p[at + 3] << 24;
}

static uint64_t le64_at(const unsigned char *p, size_t at)
{
	return (uint64_t)le32_at(p, at) | (uint64_t)le32_at(p, at + 4) << 32;
}

static void put_le32(unsigned char *p, size_t at, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[at + i] = (unsigned char)(v >> (8 * i));
}

static void put_le64(unsigned char *p, size_t at, uint64_t v)
{
	put_le32(p, at, (uint32_t)v);
	put_le32(p, at + 4, (uint32_t)(v >> 32));
}

/* Does every byte of @p[0, @n) hold @value? */
static bool all(const unsigned char *p, size_t n, unsigned char value)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != value)
			return false;
	return true;
}

/* What the NIC writes: a requester completion into @slot. */
static void nic_req(unsigned char *slot, uint64_t qp_handle, uint16_t cons,
		    uint8_t status, unsigned int toggle)
{
	memset(slot, 0, CQE);
	put_le64(slot, 0, qp_handle);
	slot[8] = (unsigned char)cons;
	slot[9] = (unsigned char)(cons >> 8);
	slot[25] = status;
	slot[24] = (unsigned char)(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ | toggle);
}

/* What the NIC writes: a responder (RC) completion into @slot. */
static void nic_res(unsigned char *slot, uint64_t qp_handle, uint32_t length,
		    uint32_t wr_id, uint8_t status, unsigned int toggle)
{
	memset(slot, 0, CQE);
	put_le32(slot, 0, length);
	put_le64(slot, 8, qp_handle);
	put_le32(slot, 28, wr_id);
	slot[25] = status;
	slot[24] = (unsigned char)(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC | toggle);
}

static const struct rig_bnxt_local two[] = {
	{ .address = 0x0102030405060708ULL, .bytes = 0x100, .key = 0xaabbccdd },
	{ .address = 0x1112131415161718ULL, .bytes = 0x23, .key = 0x11223344 },
};

TEST(put_send_lays_out_header_and_elements)
{
	unsigned char ring[ENTRY];

	ASSERT_EQ(0, rig_bnxt_put_send(ring, sizeof(ring), 0, true, two, 2));
	EXPECT_EQ(RIG_BNXT_SQ_WQE_TYPE_SEND, ring[0]);
	EXPECT_EQ(RIG_BNXT_SQ_FLAGS_SIGNAL_COMP, ring[1]);
	EXPECT_EQ(4, ring[2]);				/* 2 header + 2 element slots */
	EXPECT_EQ(0x123u, le32_at(ring, 8));		/* length */
	EXPECT_EQ(two[0].address, le64_at(ring, 32));
	EXPECT_EQ(two[0].key, le32_at(ring, 40));
	EXPECT_EQ(two[0].bytes, le32_at(ring, 44));
	EXPECT_EQ(two[1].address, le64_at(ring, 48));
	EXPECT_EQ(two[1].key, le32_at(ring, 56));
	EXPECT_EQ(two[1].bytes, le32_at(ring, 60));
}

TEST(put_send_leaves_every_unused_byte_zero)
{
	unsigned char ring[ENTRY];

	memset(ring, PATTERN, sizeof(ring));
	ASSERT_EQ(0, rig_bnxt_put_send(ring, sizeof(ring), 0, true, two, 2));
	EXPECT_EQ(0, ring[3]);
	EXPECT_TRUE(all(ring + 4, 4, 0));		/* immediate / invalidate key */
	EXPECT_TRUE(all(ring + 12, 20, 0));		/* q_key, dst_qp, avid, ..., timestamp */
	EXPECT_TRUE(all(ring + 64, ENTRY - 64, 0));	/* the four unused elements */
}

TEST(put_send_without_signal_sets_no_flag)
{
	unsigned char ring[ENTRY];

	ASSERT_EQ(0, rig_bnxt_put_send(ring, sizeof(ring), 0, false, two, 1));
	EXPECT_EQ(0, ring[1]);
}

TEST(put_send_of_no_element_is_a_header_alone)
{
	unsigned char ring[ENTRY];

	memset(ring, PATTERN, sizeof(ring));
	ASSERT_EQ(0, rig_bnxt_put_send(ring, sizeof(ring), 0, true, NULL, 0));
	EXPECT_EQ(RIG_BNXT_HDR_SLOTS, ring[2]);
	EXPECT_EQ(0u, le32_at(ring, 8));
	EXPECT_TRUE(all(ring + 32, ENTRY - 32, 0));
}

TEST(put_send_of_six_elements_fills_the_entry)
{
	struct rig_bnxt_local six[RIG_BNXT_MAX_SGES];
	unsigned char ring[ENTRY];

	for (unsigned int i = 0; i < RIG_BNXT_MAX_SGES; i++)
		six[i] = (struct rig_bnxt_local){ .address = i, .bytes = 10 * i, .key = i };
	ASSERT_EQ(0, rig_bnxt_put_send(ring, sizeof(ring), 0, true, six, 6));
	EXPECT_EQ(RIG_BNXT_ENTRY_SLOTS, ring[2]);
	EXPECT_EQ(150u, le32_at(ring, 8));
	EXPECT_EQ(5u, le64_at(ring, ENTRY - 16));
	EXPECT_EQ(50u, le32_at(ring, ENTRY - 4));
}

TEST(put_send_writes_at_its_offset_and_no_other_byte)
{
	unsigned char ring[4 * ENTRY];

	memset(ring, PATTERN, sizeof(ring));
	ASSERT_EQ(0, rig_bnxt_put_send(ring, sizeof(ring), 2 * ENTRY, true, two, 1));
	EXPECT_TRUE(all(ring, 2 * ENTRY, PATTERN));
	EXPECT_EQ(3, ring[2 * ENTRY + 2]);
	EXPECT_TRUE(all(ring + 3 * ENTRY, ENTRY, PATTERN));
	/* The last entry of the ring is inside it. */
	ASSERT_EQ(0, rig_bnxt_put_send(ring, sizeof(ring), 3 * ENTRY, true, two, 1));
	EXPECT_EQ(3, ring[3 * ENTRY + 2]);
}

TEST(put_send_refuses_misuse_and_writes_nothing)
{
	static const struct rig_bnxt_local seven[7];
	unsigned char ring[2 * ENTRY];

	memset(ring, PATTERN, sizeof(ring));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_send(NULL, sizeof(ring), 0, true, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_send(ring, sizeof(ring), 2 * ENTRY, true, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_send(ring, sizeof(ring), 16, true, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_send(ring, ENTRY - 1, 0, true, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_send(ring, 0, 0, true, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_send(ring, SIZE_MAX, SIZE_MAX - ENTRY + 1, true, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_send(ring, sizeof(ring), 0, true, seven, 7));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_send(ring, sizeof(ring), 0, true, NULL, 1));
	EXPECT_TRUE(all(ring, sizeof(ring), PATTERN));
}

TEST(put_send_refuses_sizes_whose_sum_passes_32_bits)
{
	const struct rig_bnxt_local big[2] = {
		{ .bytes = 0x80000000u }, { .bytes = 0x80000000u },
	};
	unsigned char ring[ENTRY];

	memset(ring, PATTERN, sizeof(ring));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_send(ring, sizeof(ring), 0, true, big, 2));
	EXPECT_TRUE(all(ring, sizeof(ring), PATTERN));
	EXPECT_EQ(0, rig_bnxt_put_send(ring, sizeof(ring), 0, true, big, 1));
}

TEST(put_read_lays_out_remote_address_and_key)
{
	const struct rig_bnxt_remote remote = {
		.address = 0xfedcba9876543210ULL, .key = 0x0badcafe,
	};
	unsigned char ring[ENTRY];

	memset(ring, PATTERN, sizeof(ring));
	ASSERT_EQ(0, rig_bnxt_put_read(ring, sizeof(ring), 0, false, &remote, two, 2));
	EXPECT_EQ(RIG_BNXT_SQ_WQE_TYPE_READ_WQE, ring[0]);
	EXPECT_EQ(0, ring[1]);
	EXPECT_EQ(4, ring[2]);
	EXPECT_EQ(0u, le32_at(ring, 4));		/* imm_data */
	EXPECT_EQ(0x123u, le32_at(ring, 8));		/* length */
	EXPECT_EQ(0u, le32_at(ring, 12));
	EXPECT_EQ(remote.address, le64_at(ring, 16));
	EXPECT_EQ(remote.key, le32_at(ring, 24));
	EXPECT_EQ(0u, le32_at(ring, 28));		/* timestamp */
	EXPECT_EQ(two[1].address, le64_at(ring, 48));
	EXPECT_TRUE(all(ring + 64, ENTRY - 64, 0));
}

TEST(put_read_refuses_misuse_and_writes_nothing)
{
	const struct rig_bnxt_remote remote = { .address = 1, .key = 2 };
	unsigned char ring[ENTRY];

	memset(ring, PATTERN, sizeof(ring));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_read(ring, sizeof(ring), 0, true, NULL, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_read(NULL, sizeof(ring), 0, true, &remote, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_read(ring, sizeof(ring), ENTRY, true, &remote, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_read(ring, sizeof(ring), 0, true, &remote, two, 7));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_read(ring, sizeof(ring), 0, true, &remote, NULL, 2));
	EXPECT_TRUE(all(ring, sizeof(ring), PATTERN));
}

TEST(put_receive_carries_its_wr_id_in_the_first_wr_id_word)
{
	unsigned char ring[ENTRY];

	memset(ring, PATTERN, sizeof(ring));
	ASSERT_EQ(0, rig_bnxt_put_receive(ring, sizeof(ring), 0, RIG_BNXT_RQ_WR_ID_MASK, two, 2));
	EXPECT_EQ(RIG_BNXT_RQ_WQE_TYPE_RCV, ring[0]);
	EXPECT_EQ(0, ring[1]);
	EXPECT_EQ(4, ring[2]);
	EXPECT_TRUE(all(ring + 3, 5, 0));
	EXPECT_EQ(0xfffffu, le32_at(ring, 8));
	EXPECT_EQ(0u, le32_at(ring, 12));
	EXPECT_TRUE(all(ring + 16, 16, 0));
	EXPECT_EQ(two[0].address, le64_at(ring, 32));
	EXPECT_EQ(two[1].bytes, le32_at(ring, 60));
	EXPECT_TRUE(all(ring + 64, ENTRY - 64, 0));
}

TEST(put_receive_of_no_element_writes_one_empty_element)
{
	unsigned char ring[ENTRY];

	memset(ring, PATTERN, sizeof(ring));
	ASSERT_EQ(0, rig_bnxt_put_receive(ring, sizeof(ring), 0, 7, NULL, 0));
	EXPECT_EQ(RIG_BNXT_HDR_SLOTS + 1, ring[2]);
	EXPECT_EQ(7u, le32_at(ring, 8));
	EXPECT_TRUE(all(ring + 32, ENTRY - 32, 0));
}

TEST(put_receive_refuses_misuse_and_writes_nothing)
{
	unsigned char ring[ENTRY];

	memset(ring, PATTERN, sizeof(ring));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_receive(ring, sizeof(ring), 0,
						RIG_BNXT_RQ_WR_ID_MASK + 1, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_receive(NULL, sizeof(ring), 0, 0, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_receive(ring, sizeof(ring), 64, 0, two, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_receive(ring, sizeof(ring), 0, 0, two, 7));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_receive(ring, sizeof(ring), 0, 0, NULL, 1));
	EXPECT_TRUE(all(ring, sizeof(ring), PATTERN));
}

TEST(completion_phase_is_one_on_the_first_lap_and_flips_on_each_wrap)
{
	EXPECT_EQ(1, rig_bnxt_completion_phase(0, 4));
	EXPECT_EQ(1, rig_bnxt_completion_phase(3, 4));
	EXPECT_EQ(0, rig_bnxt_completion_phase(4, 4));
	EXPECT_EQ(0, rig_bnxt_completion_phase(7, 4));
	EXPECT_EQ(1, rig_bnxt_completion_phase(8, 4));
	EXPECT_EQ(0, rig_bnxt_completion_phase(5, 3));
	EXPECT_EQ(0, rig_bnxt_completion_phase(UINT64_MAX, 1));
	EXPECT_EQ(-EINVAL, rig_bnxt_completion_phase(0, 0));
}

TEST(get_completion_reads_a_requester_completion)
{
	unsigned char ring[2 * CQE];
	struct rig_bnxt_completion c;

	memset(ring, 0, sizeof(ring));
	nic_req(ring + CQE, 0x8877665544332211ULL, 0xbeef,
		RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, 1);
	memset(&c, PATTERN, sizeof(c));
	ASSERT_EQ(1, rig_bnxt_get_completion(ring, sizeof(ring), CQE, 1, &c));
	EXPECT_EQ(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, c.type);
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, c.status);
	EXPECT_EQ(0x8877665544332211ULL, c.qp_handle);
	EXPECT_EQ(0xbeef, c.sq_cons_idx);
	EXPECT_EQ(0, c.flags);
	EXPECT_EQ(0u, c.wr_id);
	EXPECT_EQ(0u, c.bytes);
}

TEST(get_completion_reads_a_terminal_completion_and_the_send_position_it_names)
{
	unsigned char ring[CQE];
	struct rig_bnxt_completion c;

	memset(ring, 0, sizeof(ring));
	put_le64(ring, 0, 0x1122334455667788ULL);
	ring[8] = 0xfe;
	ring[9] = 0xff;
	ring[10] = 0x34;	/* rq_cons_idx: not read */
	ring[11] = 0x12;
	ring[24] = (unsigned char)(RIG_BNXT_CQ_BASE_CQE_TYPE_TERMINAL | 1);
	memset(&c, PATTERN, sizeof(c));
	ASSERT_EQ(1, rig_bnxt_get_completion(ring, sizeof(ring), 0, 1, &c));
	EXPECT_EQ(RIG_BNXT_CQ_BASE_CQE_TYPE_TERMINAL, c.type);
	EXPECT_EQ(0, c.status);
	EXPECT_EQ(0x1122334455667788ULL, c.qp_handle);
	EXPECT_EQ(0xfffe, c.sq_cons_idx);
	EXPECT_EQ(0u, c.wr_id);
	EXPECT_EQ(0u, c.bytes);
}

TEST(get_completion_reads_a_responder_completion)
{
	unsigned char ring[CQE];
	struct rig_bnxt_completion c;

	nic_res(ring, 42, 0x12345678, 0xabcde, RIG_BNXT_CQ_RES_RC_STATUS_OK, 1);
	ring[26] = RIG_BNXT_CQ_RES_RC_FLAGS_IMM;
	ASSERT_EQ(1, rig_bnxt_get_completion(ring, sizeof(ring), 0, 1, &c));
	EXPECT_EQ(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC, c.type);
	EXPECT_EQ(RIG_BNXT_CQ_RES_RC_STATUS_OK, c.status);
	EXPECT_EQ(42u, c.qp_handle);
	EXPECT_EQ(0x12345678u, c.bytes);
	EXPECT_EQ(0xabcdeu, c.wr_id);
	EXPECT_EQ(RIG_BNXT_CQ_RES_RC_FLAGS_IMM, c.flags);
	EXPECT_EQ(0, c.sq_cons_idx);
}

TEST(get_completion_keeps_only_20_bits_of_the_wr_id)
{
	unsigned char ring[CQE];
	struct rig_bnxt_completion c;

	nic_res(ring, 1, 0, 0xfff00007, RIG_BNXT_CQ_RES_RC_STATUS_OK, 1);
	ASSERT_EQ(1, rig_bnxt_get_completion(ring, sizeof(ring), 0, 1, &c));
	EXPECT_EQ(7u, c.wr_id);
}

TEST(get_completion_of_a_zeroed_ring_is_not_new)
{
	unsigned char ring[4 * CQE] = { 0 };
	struct rig_bnxt_completion c, before;

	memset(&c, PATTERN, sizeof(c));
	before = c;
	for (size_t at = 0; at < sizeof(ring); at += CQE)
		EXPECT_EQ(0, rig_bnxt_get_completion(ring, sizeof(ring), at,
						     rig_bnxt_completion_phase(at / CQE, 4), &c));
	EXPECT_EQ(0, memcmp(&c, &before, sizeof(c)));
}

TEST(get_completion_follows_the_toggle_across_a_wrap)
{
	unsigned char ring[2 * CQE] = { 0 };
	struct rig_bnxt_completion c;
	int phase;

	/* Lap 1: the NIC writes both slots with toggle 1; both are taken. */
	nic_req(ring, 1, 1, 0, 1);
	nic_req(ring + CQE, 1, 2, 0, 1);
	ASSERT_EQ(1, rig_bnxt_get_completion(ring, sizeof(ring), 0,
					     rig_bnxt_completion_phase(0, 2), &c));
	ASSERT_EQ(1, rig_bnxt_get_completion(ring, sizeof(ring), CQE,
					     rig_bnxt_completion_phase(1, 2), &c));
	/* Completion 2 goes to slot 0 with toggle 0; until then, lap 1's is old. */
	phase = rig_bnxt_completion_phase(2, 2);
	EXPECT_EQ(0, phase);
	EXPECT_EQ(0, rig_bnxt_get_completion(ring, sizeof(ring), 0, phase, &c));
	nic_req(ring, 1, 3, 0, 0);
	ASSERT_EQ(1, rig_bnxt_get_completion(ring, sizeof(ring), 0, phase, &c));
	EXPECT_EQ(3, c.sq_cons_idx);
	/* Completion 3 (slot 1, toggle 0) is not written yet. */
	EXPECT_EQ(0, rig_bnxt_get_completion(ring, sizeof(ring), CQE,
					     rig_bnxt_completion_phase(3, 2), &c));
}

TEST(get_completion_decodes_every_requester_status)
{
	unsigned char ring[CQE];
	struct rig_bnxt_completion c;

	for (unsigned int s = 0; s <= RIG_BNXT_CQ_REQ_STATUS_LAST; s++) {
		nic_req(ring, 5, 6, (uint8_t)s, 0);
		ASSERT_EQ(1, rig_bnxt_get_completion(ring, sizeof(ring), 0, 0, &c));
		EXPECT_EQ(s, c.status);
		EXPECT_NE(NULL, rig_bnxt_status_message(c.type, c.status));
	}
}

TEST(get_completion_decodes_every_responder_status)
{
	unsigned char ring[CQE];
	struct rig_bnxt_completion c;

	for (unsigned int s = 0; s <= RIG_BNXT_CQ_RES_RC_STATUS_LAST; s++) {
		nic_res(ring, 5, 6, 7, (uint8_t)s, 0);
		ASSERT_EQ(1, rig_bnxt_get_completion(ring, sizeof(ring), 0, 0, &c));
		EXPECT_EQ(s, c.status);
		EXPECT_NE(NULL, rig_bnxt_status_message(c.type, c.status));
	}
}

TEST(get_completion_of_a_type_rig_never_writes_is_a_protocol_error)
{
	unsigned char ring[CQE];
	struct rig_bnxt_completion c, before;

	memset(&c, PATTERN, sizeof(c));
	before = c;
	for (unsigned int t = 2; t < 16; t++) {
		if (t << RIG_BNXT_CQ_BASE_CQE_TYPE_SFT == RIG_BNXT_CQ_BASE_CQE_TYPE_TERMINAL)
			continue;
		nic_req(ring, 1, 1, 0, 1);
		ring[24] = (unsigned char)(t << RIG_BNXT_CQ_BASE_CQE_TYPE_SFT | 1);
		EXPECT_EQ(-EPROTO, rig_bnxt_get_completion(ring, sizeof(ring), 0, 1, &c));
		/* Not new yet: the type is not looked at. */
		EXPECT_EQ(0, rig_bnxt_get_completion(ring, sizeof(ring), 0, 0, &c));
	}
	EXPECT_EQ(0, memcmp(&c, &before, sizeof(c)));
}

TEST(get_completion_refuses_misuse_and_leaves_the_result_untouched)
{
	unsigned char ring[2 * CQE];
	struct rig_bnxt_completion c, before;

	nic_req(ring, 1, 1, 0, 1);
	nic_req(ring + CQE, 1, 1, 0, 1);
	memset(&c, PATTERN, sizeof(c));
	before = c;
	EXPECT_EQ(-EINVAL, rig_bnxt_get_completion(NULL, sizeof(ring), 0, 1, &c));
	EXPECT_EQ(-EINVAL, rig_bnxt_get_completion(ring, sizeof(ring), 0, 1, NULL));
	EXPECT_EQ(-EINVAL, rig_bnxt_get_completion(ring, sizeof(ring), 0, 2, &c));
	EXPECT_EQ(-EINVAL, rig_bnxt_get_completion(ring, sizeof(ring), 16, 1, &c));
	EXPECT_EQ(-EINVAL, rig_bnxt_get_completion(ring, sizeof(ring), 2 * CQE, 1, &c));
	EXPECT_EQ(-EINVAL, rig_bnxt_get_completion(ring, CQE - 1, 0, 1, &c));
	EXPECT_EQ(-EINVAL, rig_bnxt_get_completion(ring, SIZE_MAX, SIZE_MAX - 31, 1, &c));
	EXPECT_EQ(0, memcmp(&c, &before, sizeof(c)));
}

TEST(status_message_names_each_status_in_words)
{
	EXPECT_STREQ("success", rig_bnxt_status_message(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, 0));
	EXPECT_STREQ("flushed",
		     rig_bnxt_status_message(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ,
					     RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR));
	EXPECT_STREQ("receiver not ready, retries exceeded",
		     rig_bnxt_status_message(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ,
					     RIG_BNXT_CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR));
	EXPECT_STREQ("local length error",
		     rig_bnxt_status_message(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC,
					     RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR));
	EXPECT_STREQ("flushed by the hardware",
		     rig_bnxt_status_message(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC,
					     RIG_BNXT_CQ_RES_RC_STATUS_HW_FLUSH_ERR));
}

TEST(status_message_of_an_undefined_status_is_null)
{
	EXPECT_EQ(NULL, rig_bnxt_status_message(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ,
						RIG_BNXT_CQ_REQ_STATUS_LAST + 1));
	EXPECT_EQ(NULL, rig_bnxt_status_message(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC,
						RIG_BNXT_CQ_RES_RC_STATUS_LAST + 1));
	EXPECT_EQ(NULL, rig_bnxt_status_message(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_UD, 0));
	EXPECT_EQ(NULL, rig_bnxt_status_message(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, UINT32_MAX));
}

TEST(make_doorbell_lays_out_each_type_rig_uses)
{
	static const uint32_t types[] = {
		RIG_BNXT_DBC_TYPE_SQ, RIG_BNXT_DBC_TYPE_RQ,
		RIG_BNXT_DBC_TYPE_CQ, RIG_BNXT_DBC_TYPE_CQ_ARMALL,
	};

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		struct rig_bnxt_doorbell d = { .type = types[i], .xid = 0xabcde, .index = 0x123456 };
		uint64_t value = 0;
		unsigned char bytes[8];

		ASSERT_EQ(0, rig_bnxt_make_doorbell(&d, &value));
		put_le64(bytes, 0, value);
		EXPECT_EQ(0x123456u, le32_at(bytes, 0));
		/* xid, path RoCE (0), valid (bit 26), type (bits 28-31) */
		EXPECT_EQ(0xabcdeu | 1u << 26 | types[i], le32_at(bytes, 4));
	}
}

TEST(make_doorbell_sets_the_epoch_and_armall_toggle_bits)
{
	struct rig_bnxt_doorbell d = {
		.type = RIG_BNXT_DBC_TYPE_CQ_ARMALL, .xid = 1, .index = 2,
		.epoch = 1, .toggle = 3,
	};
	uint64_t value;

	ASSERT_EQ(0, rig_bnxt_make_doorbell(&d, &value));
	EXPECT_EQ(2u | 1u << 24 | 3u << 25, (uint32_t)value);
	d.type = RIG_BNXT_DBC_TYPE_SQ;
	d.toggle = 0;
	ASSERT_EQ(0, rig_bnxt_make_doorbell(&d, &value));
	EXPECT_EQ(2u | 1u << 24, (uint32_t)value);
	EXPECT_EQ(1u | 1u << 26, (uint32_t)(value >> 32));
}

TEST(make_doorbell_refuses_misuse_and_writes_nothing)
{
	const struct rig_bnxt_doorbell ok = { .type = RIG_BNXT_DBC_TYPE_RQ };
	const struct rig_bnxt_doorbell bad[] = {
		{ .type = RIG_BNXT_DBC_TYPE_RQ, .xid = RIG_BNXT_DBC_XID_MASK + 1 },
		{ .type = RIG_BNXT_DBC_TYPE_RQ, .index = RIG_BNXT_DBC_INDEX_MASK + 1 },
		{ .type = RIG_BNXT_DBC_TYPE_RQ, .epoch = 2 },
		{ .type = RIG_BNXT_DBC_TYPE_RQ, .toggle = 1 },
		{ .type = RIG_BNXT_DBC_TYPE_CQ, .toggle = 1 },
		{ .type = RIG_BNXT_DBC_TYPE_CQ_ARMALL, .toggle = 4 },
		{ .type = RIG_BNXT_DBC_TYPE_SRQ },
		{ .type = RIG_BNXT_DBC_TYPE_CQ_ARMSE },
		{ .type = RIG_BNXT_DBC_TYPE_NQ },
		{ .type = 1 },
	};
	uint64_t value = 0x5a5a5a5a5a5a5a5aULL;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT_EQ(-EINVAL, rig_bnxt_make_doorbell(&bad[i], &value)) {
			TH_LOG("doorbell %zu", i);
		}
	}
	EXPECT_EQ(-EINVAL, rig_bnxt_make_doorbell(NULL, &value));
	EXPECT_EQ(-EINVAL, rig_bnxt_make_doorbell(&ok, NULL));
	EXPECT_EQ(0x5a5a5a5a5a5a5a5aULL, value);
}

#define PSN_ENTRY sizeof(struct rig_bnxt_sq_psn_search_ext)

TEST(put_psn_search_lays_out_type_psns_and_slot)
{
	const struct rig_bnxt_psn_search p = {
		.type = RIG_BNXT_SQ_WQE_TYPE_READ_WQE, .start_psn = 0xabcdef,
		.next_psn = 0x123456, .start_slot = 0xfff8,
	};
	unsigned char area[PSN_ENTRY];

	memset(area, PATTERN, sizeof(area));
	ASSERT_EQ(0, rig_bnxt_put_psn_search(area, sizeof(area), 0, &p));
	EXPECT_EQ(0x06abcdefu, le32_at(area, 0));	/* type << 24 | start PSN */
	EXPECT_EQ(0x00123456u, le32_at(area, 4));	/* no flags | next PSN */
	EXPECT_EQ(0xf8, area[8]);			/* start_slot_idx, little-endian */
	EXPECT_EQ(0xff, area[9]);
	EXPECT_TRUE(all(area + 10, PSN_ENTRY - 10, 0));	/* reserved16, reserved32 */
}

TEST(put_psn_search_writes_at_its_offset_and_no_other_byte)
{
	const struct rig_bnxt_psn_search p = { .start_psn = 1, .next_psn = 2, .start_slot = 8 };
	unsigned char area[4 * PSN_ENTRY];

	memset(area, PATTERN, sizeof(area));
	ASSERT_EQ(0, rig_bnxt_put_psn_search(area, sizeof(area), PSN_ENTRY, &p));
	EXPECT_TRUE(all(area, PSN_ENTRY, PATTERN));
	EXPECT_EQ(1u, le32_at(area, PSN_ENTRY));
	EXPECT_EQ(2u, le32_at(area, PSN_ENTRY + 4));
	EXPECT_EQ(8, area[PSN_ENTRY + 8]);
	EXPECT_TRUE(all(area + 2 * PSN_ENTRY, 2 * PSN_ENTRY, PATTERN));
	/* The last entry of the area is inside it. */
	ASSERT_EQ(0, rig_bnxt_put_psn_search(area, sizeof(area), 3 * PSN_ENTRY, &p));
	EXPECT_EQ(2u, le32_at(area, 3 * PSN_ENTRY + 4));
}

TEST(put_psn_search_refuses_misuse_and_writes_nothing)
{
	const struct rig_bnxt_psn_search ok = { .type = 0xff, .start_psn = RIG_BNXT_PSN_MASK,
						.next_psn = RIG_BNXT_PSN_MASK,
						.start_slot = 0xffff };
	const struct rig_bnxt_psn_search bad[] = {
		{ .type = 0x100 },
		{ .start_psn = RIG_BNXT_PSN_MASK + 1 },
		{ .next_psn = RIG_BNXT_PSN_MASK + 1 },
		{ .start_slot = 0x10000 },
	};
	unsigned char area[2 * PSN_ENTRY];

	memset(area, PATTERN, sizeof(area));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT_EQ(-EINVAL, rig_bnxt_put_psn_search(area, sizeof(area), 0, &bad[i])) {
			TH_LOG("entry %zu", i);
		}
	}
	EXPECT_EQ(-EINVAL, rig_bnxt_put_psn_search(NULL, sizeof(area), 0, &ok));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_psn_search(area, sizeof(area), 0, NULL));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_psn_search(area, sizeof(area), 8, &ok));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_psn_search(area, sizeof(area), 2 * PSN_ENTRY, &ok));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_psn_search(area, PSN_ENTRY - 1, 0, &ok));
	EXPECT_EQ(-EINVAL, rig_bnxt_put_psn_search(area, SIZE_MAX, SIZE_MAX - 15, &ok));
	EXPECT_TRUE(all(area, sizeof(area), PATTERN));
	/* Every field at its widest is no misuse. */
	EXPECT_EQ(0, rig_bnxt_put_psn_search(area, sizeof(area), PSN_ENTRY, &ok));
	EXPECT_EQ(0xffffffffu, le32_at(area, PSN_ENTRY));
}

TEST(next_psn_counts_one_per_mtu_and_one_for_an_empty_message)
{
	EXPECT_EQ(11, rig_bnxt_next_psn(10, 0, 1024));
	EXPECT_EQ(11, rig_bnxt_next_psn(10, 1, 1024));
	EXPECT_EQ(11, rig_bnxt_next_psn(10, 1024, 1024));
	EXPECT_EQ(12, rig_bnxt_next_psn(10, 1025, 1024));
	EXPECT_EQ(14, rig_bnxt_next_psn(10, 4096, 1024));
	EXPECT_EQ(11, rig_bnxt_next_psn(10, 4096, 4096));
	EXPECT_EQ(27, rig_bnxt_next_psn(10, 4097, 256));
	/* The largest post: 2^31 - 1 bytes in 256-byte packets, 2^23 of them. */
	EXPECT_EQ(10 + (1 << 23), rig_bnxt_next_psn(10, 0x7fffffffu, 256));
}

TEST(next_psn_wraps_at_24_bits)
{
	EXPECT_EQ(0, rig_bnxt_next_psn(RIG_BNXT_PSN_MASK, 0, 256));
	EXPECT_EQ(1, rig_bnxt_next_psn(RIG_BNXT_PSN_MASK - 1, 3 * 4096, 4096));
	/* 4 GiB - 1 bytes in 256-byte packets: 2^24 of them, a whole lap. */
	EXPECT_EQ(5, rig_bnxt_next_psn(5, UINT32_MAX, 256));
}

TEST(next_psn_refuses_a_wide_psn_or_an_mtu_that_is_no_path_mtu)
{
	static const uint32_t bad_mtu[] = { 0, 1, 128, 255, 257, 1500, 3000, 8192, UINT32_MAX };

	EXPECT_EQ(-EINVAL, rig_bnxt_next_psn(RIG_BNXT_PSN_MASK + 1, 1, 1024));
	EXPECT_EQ(-EINVAL, rig_bnxt_next_psn(UINT32_MAX, 1, 1024));
	for (size_t i = 0; i < sizeof(bad_mtu) / sizeof(bad_mtu[0]); i++) {
		EXPECT_EQ(-EINVAL, rig_bnxt_next_psn(0, 1, bad_mtu[i])) {
			TH_LOG("mtu %u", bad_mtu[i]);
		}
	}
	for (uint32_t mtu = 256; mtu <= 4096; mtu *= 2)
		EXPECT_EQ(1, rig_bnxt_next_psn(0, mtu, mtu));
}

TEST_HARNESS_MAIN
