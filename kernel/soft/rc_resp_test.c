// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_rc_resp_test: the RC responder (rc_resp.c): SENDs
 * accepted in order and placed, ACK coalescing and AckReq, duplicates
 * acknowledged again, one NAK per sequence error, RNR NAKs, the NAKs a
 * refused request earns, READs answered in order and replayed from the
 * PSN a duplicate asks for (the rest or a part; from inside, with no
 * First, as rxe replays), or dropped when they cannot go, the
 * outstanding READ limit, the PSN wrap, IBA's 2^31-byte message limit.
 * This file owns those cases; the packets are decoded structs.
 */
#include <kunit/test.h>

#include "rc.h"

#define MTU	1024
#define VA	0x10000ULL
#define RKEY	0x1234

static const struct rig_soft_rc_cfg cfg_default = {
	.mtu = MTU,
	.min_rnr_timer = 12,
	.max_dest_rd_atomic = 2,
	.ack_every = 64,
};

static struct rig_soft_rc_resp *resp_new(struct kunit *test, const struct rig_soft_rc_cfg *cfg,
					 u32 psn)
{
	struct rig_soft_rc_resp *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	rig_soft_rc_resp_init(r, cfg ?: &cfg_default, psn);
	return r;
}

static struct rig_soft_roce_pkt req_pkt(u8 opcode, u32 psn, u32 len, bool ackreq)
{
	return (struct rig_soft_roce_pkt){
		.opcode = opcode,
		.psn = psn,
		.len = len,
		.ackreq = ackreq,
	};
}

static struct rig_soft_roce_pkt read_pkt(u32 psn, u64 va, u32 len)
{
	struct rig_soft_roce_pkt p = req_pkt(IB_OPCODE_RC_RDMA_READ_REQUEST, psn, 0, true);

	p.va = va;
	p.rkey = RKEY;
	p.dma_len = len;
	return p;
}

/* The caller's part: classify, check (as told), then hand it over. */
static enum rig_soft_rc_verdict give(struct rig_soft_rc_resp *r, struct rig_soft_roce_pkt p,
				     enum rig_soft_rc_check check)
{
	return rig_soft_rc_resp_recv(r, &p, check);
}

static u32 drain(struct rig_soft_rc_resp *r, struct rig_soft_rc_tx *txs, u32 max)
{
	struct rig_soft_rc_tx tx;
	u32 n = 0;

	while (n < max && rig_soft_rc_resp_next(r, &tx)) {
		rig_soft_rc_resp_sent(r, &tx);
		if (txs)
			txs[n] = tx;
		n++;
	}
	return n;
}

static void expect_ack(struct kunit *test, struct rig_soft_rc_resp *r, u8 syndrome, u32 psn)
{
	struct rig_soft_rc_tx tx;

	KUNIT_ASSERT_EQ(test, drain(r, &tx, 1), 1);
	KUNIT_EXPECT_EQ(test, tx.opcode, IB_OPCODE_RC_ACKNOWLEDGE);
	KUNIT_EXPECT_EQ(test, tx.syndrome, syndrome);
	KUNIT_EXPECT_EQ(test, tx.psn, psn);
}

#define ACK	(RIG_SOFT_SYN_ACK | RIG_SOFT_SYN_CREDITS_NONE)

static void a_send_in_order_is_placed_and_acked_on_ackreq(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0xfffffe);
	struct rig_soft_roce_pkt f = req_pkt(IB_OPCODE_RC_SEND_FIRST, 0xfffffe, MTU, false);
	struct rig_soft_roce_pkt m = req_pkt(IB_OPCODE_RC_SEND_MIDDLE, 0xffffff, MTU, false);
	struct rig_soft_roce_pkt l = req_pkt(IB_OPCODE_RC_SEND_LAST, 0, 5, true);
	struct rig_soft_rc_place pl;

	KUNIT_ASSERT_EQ(test, rig_soft_rc_resp_classify(r, &f, &pl), RIG_SOFT_RC_NEW);
	KUNIT_EXPECT_TRUE(test, pl.first);
	KUNIT_EXPECT_EQ(test, pl.offset, 0);
	KUNIT_EXPECT_EQ(test, give(r, f, RIG_SOFT_RC_CHECK_OK), RIG_SOFT_RC_TAKEN);
	KUNIT_EXPECT_EQ(test, drain(r, NULL, 4), 0);
	KUNIT_ASSERT_EQ(test, rig_soft_rc_resp_classify(r, &m, &pl), RIG_SOFT_RC_NEW);
	KUNIT_EXPECT_EQ(test, pl.offset, MTU);
	give(r, m, RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_EQ(test, rig_soft_rc_resp_classify(r, &l, &pl), RIG_SOFT_RC_NEW);
	KUNIT_EXPECT_EQ(test, pl.offset, 2 * MTU);
	KUNIT_EXPECT_TRUE(test, pl.last);
	give(r, l, RIG_SOFT_RC_CHECK_OK);
	KUNIT_EXPECT_EQ(test, r->msn, 1);
	KUNIT_EXPECT_EQ(test, r->epsn, 1);
	expect_ack(test, r, ACK, 0);
}

static void acks_are_coalesced_to_one_every_n_requests(struct kunit *test)
{
	struct rig_soft_rc_cfg cfg = cfg_default;
	struct rig_soft_rc_resp *r;
	u32 psn;

	cfg.ack_every = 3;
	r = resp_new(test, &cfg, 0);
	for (psn = 0; psn < 7; psn++) {
		give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, psn, 1, false), RIG_SOFT_RC_CHECK_OK);
		if (psn % 3 == 2)
			expect_ack(test, r, ACK, psn);
		else
			KUNIT_EXPECT_EQ(test, drain(r, NULL, 1), 0);
	}
}

static void a_duplicate_send_is_acknowledged_again(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0xffffff);
	struct rig_soft_roce_pkt p = req_pkt(IB_OPCODE_RC_SEND_ONLY, 0xffffff, 8, true);

	give(r, p, RIG_SOFT_RC_CHECK_OK);
	give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 0, 8, false), RIG_SOFT_RC_CHECK_OK);
	expect_ack(test, r, ACK, 0);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_resp_classify(r, &p, NULL), RIG_SOFT_RC_DUP);
	KUNIT_EXPECT_EQ(test, give(r, p, RIG_SOFT_RC_CHECK_NO_RECV), RIG_SOFT_RC_TAKEN);
	expect_ack(test, r, ACK, 0);
	KUNIT_EXPECT_EQ(test, r->msn, 2);
}

static void a_future_psn_earns_one_nak_until_the_expected_one_comes(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 5);

	KUNIT_EXPECT_EQ(test, give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 7, 1, true),
				   RIG_SOFT_RC_CHECK_OK), RIG_SOFT_RC_TAKEN);
	KUNIT_EXPECT_EQ(test, give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 8, 1, true),
				   RIG_SOFT_RC_CHECK_OK), RIG_SOFT_RC_DROP);
	expect_ack(test, r, RIG_SOFT_SYN_NAK | RIG_SOFT_NAK_PSN_SEQ, 5);
	KUNIT_EXPECT_EQ(test, give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 9, 1, true),
				   RIG_SOFT_RC_CHECK_OK), RIG_SOFT_RC_DROP);
	KUNIT_EXPECT_EQ(test, drain(r, NULL, 1), 0);
	give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 5, 1, false), RIG_SOFT_RC_CHECK_OK);
	KUNIT_EXPECT_EQ(test, r->epsn, 6);
	give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 8, 1, true), RIG_SOFT_RC_CHECK_OK);
	expect_ack(test, r, RIG_SOFT_SYN_NAK | RIG_SOFT_NAK_PSN_SEQ, 6);
}

static void a_nak_not_yet_sent_is_dropped_when_its_psn_comes(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 5);

	give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 6, 1, false), RIG_SOFT_RC_CHECK_OK);
	give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 5, 1, false), RIG_SOFT_RC_CHECK_OK);
	KUNIT_EXPECT_EQ(test, drain(r, NULL, 1), 0);
}

static void no_receive_earns_an_rnr_nak_with_the_timer_asked(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 3);
	struct rig_soft_roce_pkt f = req_pkt(IB_OPCODE_RC_SEND_FIRST, 3, MTU, false);

	KUNIT_EXPECT_EQ(test, give(r, f, RIG_SOFT_RC_CHECK_NO_RECV), RIG_SOFT_RC_TAKEN);
	expect_ack(test, r, RIG_SOFT_SYN_RNR_NAK | 12, 3);
	KUNIT_EXPECT_EQ(test, r->epsn, 3);
	/* The rest of that message comes on behind it: no NAK storm. */
	KUNIT_EXPECT_EQ(test, give(r, req_pkt(IB_OPCODE_RC_SEND_LAST, 4, 1, true),
				   RIG_SOFT_RC_CHECK_OK), RIG_SOFT_RC_DROP);
	KUNIT_EXPECT_EQ(test, drain(r, NULL, 1), 0);
	/* After the requester's wait, a receive is there. */
	give(r, f, RIG_SOFT_RC_CHECK_OK);
	give(r, req_pkt(IB_OPCODE_RC_SEND_LAST, 4, 1, true), RIG_SOFT_RC_CHECK_OK);
	expect_ack(test, r, ACK, 4);
}

static void refused_requests_earn_their_nak_and_stop_the_responder(struct kunit *test)
{
	static const struct {
		enum rig_soft_rc_check check;
		u8 code;
	} cases[] = {
		{ RIG_SOFT_RC_CHECK_LENGTH, RIG_SOFT_NAK_INV_REQ },
		{ RIG_SOFT_RC_CHECK_ACCESS, RIG_SOFT_NAK_REM_ACCESS },
		{ RIG_SOFT_RC_CHECK_OP, RIG_SOFT_NAK_REM_OP },
	};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct rig_soft_rc_resp *r = resp_new(test, NULL, 9);
		struct rig_soft_roce_pkt next = req_pkt(IB_OPCODE_RC_SEND_ONLY, 10, 1, true);

		give(r, read_pkt(9, VA, 100), cases[i].check);
		expect_ack(test, r, RIG_SOFT_SYN_NAK | cases[i].code, 9);
		KUNIT_EXPECT_EQ(test, rig_soft_rc_resp_classify(r, &next, NULL),
				RIG_SOFT_RC_IGNORE);
		KUNIT_EXPECT_EQ(test, give(r, next, RIG_SOFT_RC_CHECK_OK), RIG_SOFT_RC_DROP);
		KUNIT_EXPECT_EQ(test, drain(r, NULL, 1), 0);
	}
}

static void opcodes_out_of_sequence_are_invalid_requests(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0);
	struct rig_soft_roce_pkt mid = req_pkt(IB_OPCODE_RC_SEND_MIDDLE, 0, MTU, false);

	KUNIT_EXPECT_EQ(test, rig_soft_rc_resp_classify(r, &mid, NULL), RIG_SOFT_RC_BAD_SEQ);
	r = resp_new(test, NULL, 0);
	give(r, req_pkt(IB_OPCODE_RC_SEND_FIRST, 0, MTU, false), RIG_SOFT_RC_CHECK_OK);
	give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 1, 1, false), RIG_SOFT_RC_CHECK_OK);
	expect_ack(test, r, RIG_SOFT_SYN_NAK | RIG_SOFT_NAK_INV_REQ, 1);
	KUNIT_EXPECT_TRUE(test, r->error);
	r = resp_new(test, NULL, 0);
	give(r, req_pkt(IB_OPCODE_RC_SEND_FIRST, 0, MTU, false), RIG_SOFT_RC_CHECK_OK);
	give(r, read_pkt(1, VA, 1), RIG_SOFT_RC_CHECK_OK);
	expect_ack(test, r, RIG_SOFT_SYN_NAK | RIG_SOFT_NAK_INV_REQ, 1);
}

static void packets_for_a_requester_are_ignored(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0);
	struct rig_soft_roce_pkt p = req_pkt(IB_OPCODE_RC_ACKNOWLEDGE, 0, 0, false);

	KUNIT_EXPECT_EQ(test, rig_soft_rc_resp_classify(r, &p, NULL), RIG_SOFT_RC_IGNORE);
	p.opcode = IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY;
	KUNIT_EXPECT_EQ(test, give(r, p, RIG_SOFT_RC_CHECK_OK), RIG_SOFT_RC_DROP);
}

static void a_read_is_answered_in_order_across_the_wrap(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0xfffffe);
	struct rig_soft_rc_tx tx[4];

	KUNIT_EXPECT_EQ(test, give(r, read_pkt(0xfffffe, VA, 2 * MTU + 7), RIG_SOFT_RC_CHECK_OK),
			RIG_SOFT_RC_TAKEN);
	KUNIT_EXPECT_EQ(test, r->epsn, 1);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 4), 3);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 0xfffffe);
	KUNIT_EXPECT_EQ(test, tx[0].va, VA);
	KUNIT_EXPECT_EQ(test, tx[0].len, MTU);
	KUNIT_EXPECT_EQ(test, tx[1].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 0xffffff);
	KUNIT_EXPECT_EQ(test, tx[2].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST);
	KUNIT_EXPECT_EQ(test, tx[2].psn, 0);
	KUNIT_EXPECT_EQ(test, tx[2].va, VA + 2 * MTU);
	KUNIT_EXPECT_EQ(test, tx[2].len, 7);
	KUNIT_EXPECT_EQ(test, tx[2].rkey, RKEY);
	KUNIT_EXPECT_EQ(test, tx[2].syndrome, ACK);
	KUNIT_EXPECT_EQ(test, tx[2].msn, 1);
}

static void an_empty_read_is_one_empty_response(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[2];

	give(r, read_pkt(0, VA, 0), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 2), 1);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY);
	KUNIT_EXPECT_EQ(test, tx[0].len, 0);
	KUNIT_EXPECT_EQ(test, r->epsn, 1);
}

static void an_ack_goes_out_after_the_read_responses_before_it(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[4];

	give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 0, 1, true), RIG_SOFT_RC_CHECK_OK);
	give(r, read_pkt(1, VA, 2 * MTU), RIG_SOFT_RC_CHECK_OK);
	give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 3, 1, true), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 4), 3);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 1);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 2);
	KUNIT_EXPECT_EQ(test, tx[2].opcode, IB_OPCODE_RC_ACKNOWLEDGE);
	KUNIT_EXPECT_EQ(test, tx[2].psn, 3);
}

static void a_duplicate_read_is_replayed_from_the_psn_it_asks(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 40);
	struct rig_soft_rc_tx tx[4];

	give(r, read_pkt(40, VA, 3 * MTU), RIG_SOFT_RC_CHECK_OK);
	give(r, req_pkt(IB_OPCODE_RC_SEND_ONLY, 43, 1, true), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 4), 4);
	/* The requester lost responses from 41 on; the key is not checked again. */
	KUNIT_EXPECT_EQ(test, give(r, read_pkt(41, VA + MTU, 2 * MTU), RIG_SOFT_RC_CHECK_ACCESS),
			RIG_SOFT_RC_TAKEN);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 4), 2);
	/* From inside, as rxe's read_reply() replays: no First. */
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 41);
	KUNIT_EXPECT_EQ(test, tx[0].va, VA + MTU);
	KUNIT_EXPECT_EQ(test, tx[1].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 42);
	KUNIT_EXPECT_EQ(test, tx[1].va, VA + 2 * MTU);
	KUNIT_EXPECT_EQ(test, r->epsn, 44);
	KUNIT_EXPECT_FALSE(test, r->error);
}

/* Asked again from its first PSN, a READ is answered as when new. */
static void a_duplicate_read_from_its_first_psn_starts_with_first(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 40);
	struct rig_soft_rc_tx tx[4];

	give(r, read_pkt(40, VA, 3 * MTU), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 4), 3);
	give(r, read_pkt(40, VA, 3 * MTU), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 4), 3);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST);
	KUNIT_EXPECT_EQ(test, tx[1].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE);
	KUNIT_EXPECT_EQ(test, tx[2].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST);
	/* One response from inside is the Last. */
	give(r, read_pkt(42, VA + 2 * MTU, MTU), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST);
}

/*
 * A requester may ask again for part of the rest, in whole packets (as
 * rxe's duplicate_request() allows): only that part is replayed, ending
 * with Last, so a lost response costs it the part, not the rest of a
 * long READ.
 */
static void a_shorter_duplicate_read_is_replayed_for_its_part_only(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 40);
	struct rig_soft_rc_tx tx[8];

	give(r, read_pkt(40, VA, 5 * MTU + 7), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 8), 6);
	KUNIT_EXPECT_EQ(test, give(r, read_pkt(41, VA + MTU, 2 * MTU), RIG_SOFT_RC_CHECK_OK),
			RIG_SOFT_RC_TAKEN);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 8), 2);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 41);
	KUNIT_EXPECT_EQ(test, tx[0].va, VA + MTU);
	KUNIT_EXPECT_EQ(test, tx[0].len, MTU);
	KUNIT_EXPECT_EQ(test, tx[1].opcode, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 42);
	KUNIT_EXPECT_EQ(test, tx[1].va, VA + 2 * MTU);
	KUNIT_EXPECT_EQ(test, tx[1].len, MTU);
	/* A part that does not end on a packet, or is empty, is no part of it. */
	KUNIT_EXPECT_EQ(test, give(r, read_pkt(41, VA + MTU, MTU + 1), RIG_SOFT_RC_CHECK_OK),
			RIG_SOFT_RC_DROP);
	KUNIT_EXPECT_EQ(test, give(r, read_pkt(41, VA + MTU, 0), RIG_SOFT_RC_CHECK_OK),
			RIG_SOFT_RC_DROP);
	KUNIT_EXPECT_EQ(test, drain(r, tx, 8), 0);
	/* The last part ends where the READ does. */
	KUNIT_EXPECT_EQ(test, give(r, read_pkt(44, VA + 4 * MTU, MTU + 7), RIG_SOFT_RC_CHECK_OK),
			RIG_SOFT_RC_TAKEN);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 8), 2);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 45);
	KUNIT_EXPECT_EQ(test, tx[1].len, 7);
	KUNIT_EXPECT_EQ(test, r->epsn, 46);
}

static void a_duplicate_read_beyond_what_was_checked_is_dropped(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0);
	struct rig_soft_roce_pkt p;

	give(r, read_pkt(0, VA, 2 * MTU), RIG_SOFT_RC_CHECK_OK);
	drain(r, NULL, 4);
	KUNIT_EXPECT_EQ(test, give(r, read_pkt(0, VA, 3 * MTU), RIG_SOFT_RC_CHECK_OK),
			RIG_SOFT_RC_DROP);
	KUNIT_EXPECT_EQ(test, give(r, read_pkt(1, VA, MTU), RIG_SOFT_RC_CHECK_OK),
			RIG_SOFT_RC_DROP);
	KUNIT_EXPECT_EQ(test, give(r, read_pkt(0, VA - MTU, 2 * MTU), RIG_SOFT_RC_CHECK_OK),
			RIG_SOFT_RC_DROP);
	p = read_pkt(0, VA, 2 * MTU);
	p.rkey = RKEY + 1;
	KUNIT_EXPECT_EQ(test, give(r, p, RIG_SOFT_RC_CHECK_OK), RIG_SOFT_RC_DROP);
	KUNIT_EXPECT_EQ(test, drain(r, NULL, 4), 0);
	/* Too old to be remembered: two READs later it is gone. */
	give(r, read_pkt(2, VA, 1), RIG_SOFT_RC_CHECK_OK);
	give(r, read_pkt(3, VA, 1), RIG_SOFT_RC_CHECK_OK);
	drain(r, NULL, 4);
	KUNIT_EXPECT_EQ(test, give(r, read_pkt(0, VA, 2 * MTU), RIG_SOFT_RC_CHECK_OK),
			RIG_SOFT_RC_DROP);
}

static void a_replay_drops_the_responses_queued_after_it(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[8];

	give(r, read_pkt(0, VA, 2 * MTU), RIG_SOFT_RC_CHECK_OK);
	give(r, read_pkt(2, VA, 2 * MTU), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 1), 1);
	/* Response 1 and the second READ's are still queued; 0 is asked again. */
	give(r, read_pkt(0, VA, 2 * MTU), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_EQ(test, drain(r, tx, 8), 2);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 0);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 1);
}

static void more_reads_than_offered_is_an_invalid_request(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0);

	give(r, read_pkt(0, VA, 1), RIG_SOFT_RC_CHECK_OK);
	give(r, read_pkt(1, VA, 1), RIG_SOFT_RC_CHECK_OK);
	give(r, read_pkt(2, VA, 1), RIG_SOFT_RC_CHECK_OK);
	KUNIT_EXPECT_TRUE(test, r->error);
	KUNIT_EXPECT_EQ(test, drain(r, NULL, 4), 3);
}

/*
 * A READ of 2^32 - 1 bytes takes 2^24 responses at a 256-byte MTU, more
 * PSNs than a READ may: refused, not counted as 0 responses (which once
 * made it an endless stream of responses that moved no PSN).
 */
static void a_read_of_nearly_4_gib_is_not_zero_responses(struct kunit *test)
{
	struct rig_soft_rc_cfg cfg = cfg_default;
	struct rig_soft_rc_resp *r;

	cfg.mtu = 256;
	r = resp_new(test, &cfg, 0);
	give(r, read_pkt(0, VA, U32_MAX), RIG_SOFT_RC_CHECK_OK);
	KUNIT_EXPECT_TRUE(test, r->error);
	KUNIT_EXPECT_EQ(test, r->job_tail, r->job_head);

	cfg.mtu = 4096;
	r = resp_new(test, &cfg, 0);
	KUNIT_EXPECT_EQ(test, give(r, read_pkt(0, VA, U32_MAX), RIG_SOFT_RC_CHECK_OK),
			RIG_SOFT_RC_TAKEN);
	KUNIT_EXPECT_FALSE(test, r->error);
	KUNIT_EXPECT_EQ(test, r->epsn, 1u << 20);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_npkts(U32_MAX, 256), 1u << 24);
}

/*
 * IBA caps a message at 2^31 bytes: a requester that keeps sending SEND
 * Middles must not take the offset past it (nor round 4 GiB back to the
 * start of the receive); the packet that would is an invalid request.
 */
static void a_send_past_2_gib_is_an_invalid_request(struct kunit *test)
{
	struct rig_soft_rc_cfg cfg = cfg_default;
	struct rig_soft_rc_place pl = {};
	struct rig_soft_rc_resp *r;
	struct rig_soft_roce_pkt p;
	u32 psn;

	cfg.mtu = SZ_4K;
	r = resp_new(test, &cfg, 0);
	for (psn = 0; psn <= SZ_4G / SZ_4K; psn++) {
		p = req_pkt(psn ? IB_OPCODE_RC_SEND_MIDDLE : IB_OPCODE_RC_SEND_FIRST, psn, SZ_4K,
			    false);
		if (rig_soft_rc_resp_classify(r, &p, &pl) != RIG_SOFT_RC_NEW ||
		    pl.offset + (u64)pl.len > SZ_2G)
			break;
		give(r, p, RIG_SOFT_RC_CHECK_OK);
	}
	KUNIT_EXPECT_EQ(test, psn, SZ_2G / SZ_4K);
	KUNIT_EXPECT_NE(test, rig_soft_rc_resp_classify(r, &p, &pl), RIG_SOFT_RC_NEW);
	KUNIT_EXPECT_EQ(test, give(r, p, RIG_SOFT_RC_CHECK_OK), RIG_SOFT_RC_TAKEN);
	KUNIT_EXPECT_TRUE(test, r->error);
	expect_ack(test, r, RIG_SOFT_SYN_NAK | RIG_SOFT_NAK_INV_REQ, psn);
}

static void a_read_response_that_cannot_go_drops_its_read(struct kunit *test)
{
	struct rig_soft_rc_resp *r = resp_new(test, NULL, 0);
	struct rig_soft_rc_tx tx;

	give(r, read_pkt(0, VA, 3 * MTU), RIG_SOFT_RC_CHECK_OK);
	give(r, read_pkt(3, VA, 1), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_TRUE(test, rig_soft_rc_resp_next(r, &tx));
	rig_soft_rc_resp_sent(r, &tx);
	KUNIT_ASSERT_TRUE(test, rig_soft_rc_resp_next(r, &tx));
	KUNIT_EXPECT_EQ(test, tx.psn, 1);
	rig_soft_rc_resp_drop(r, &tx);
	/* The rest of that READ is gone; the next READ's response follows. */
	KUNIT_ASSERT_TRUE(test, rig_soft_rc_resp_next(r, &tx));
	KUNIT_EXPECT_EQ(test, tx.psn, 3);
	rig_soft_rc_resp_drop(r, &tx);
	KUNIT_EXPECT_FALSE(test, rig_soft_rc_resp_next(r, &tx));
	/* Asked again, it is replayed from the PSN asked for. */
	give(r, read_pkt(1, VA + MTU, 2 * MTU), RIG_SOFT_RC_CHECK_OK);
	KUNIT_ASSERT_TRUE(test, rig_soft_rc_resp_next(r, &tx));
	KUNIT_EXPECT_EQ(test, tx.psn, 1);
}

static struct kunit_case rig_soft_rc_resp_test_cases[] = {
	KUNIT_CASE(a_send_in_order_is_placed_and_acked_on_ackreq),
	KUNIT_CASE(acks_are_coalesced_to_one_every_n_requests),
	KUNIT_CASE(a_duplicate_send_is_acknowledged_again),
	KUNIT_CASE(a_future_psn_earns_one_nak_until_the_expected_one_comes),
	KUNIT_CASE(a_nak_not_yet_sent_is_dropped_when_its_psn_comes),
	KUNIT_CASE(no_receive_earns_an_rnr_nak_with_the_timer_asked),
	KUNIT_CASE(refused_requests_earn_their_nak_and_stop_the_responder),
	KUNIT_CASE(opcodes_out_of_sequence_are_invalid_requests),
	KUNIT_CASE(packets_for_a_requester_are_ignored),
	KUNIT_CASE(a_read_is_answered_in_order_across_the_wrap),
	KUNIT_CASE(an_empty_read_is_one_empty_response),
	KUNIT_CASE(an_ack_goes_out_after_the_read_responses_before_it),
	KUNIT_CASE(a_duplicate_read_is_replayed_from_the_psn_it_asks),
	KUNIT_CASE(a_duplicate_read_from_its_first_psn_starts_with_first),
	KUNIT_CASE(a_shorter_duplicate_read_is_replayed_for_its_part_only),
	KUNIT_CASE(a_duplicate_read_beyond_what_was_checked_is_dropped),
	KUNIT_CASE(a_replay_drops_the_responses_queued_after_it),
	KUNIT_CASE(more_reads_than_offered_is_an_invalid_request),
	KUNIT_CASE(a_read_of_nearly_4_gib_is_not_zero_responses),
	KUNIT_CASE(a_send_past_2_gib_is_an_invalid_request),
	KUNIT_CASE(a_read_response_that_cannot_go_drops_its_read),
	{}
};

static struct kunit_suite rig_soft_rc_resp_test_suite = {
	.name = "rig_soft_rc_resp_test",
	.test_cases = rig_soft_rc_resp_test_cases,
};

kunit_test_suite(rig_soft_rc_resp_test_suite);
