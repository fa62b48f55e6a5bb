// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_rc_req_test: the RC requester (rc_req.c) on a
 * fake clock: segmentation by the path MTU, PSNs across the wrap, AckReq,
 * cumulative ACKs, the local ACK timeout and go-back-N within the retry
 * count, RNR NAKs with their timer and count, sequence-error and fatal
 * NAKs, READs (responses placed in order, gaps, the outstanding limit,
 * implied NAKs), the caller's failures of one message.  This file owns
 * those cases; the packets it feeds are decoded structs, never frames.
 */
#include <kunit/test.h>

#include "rc.h"

#define MTU	1024
#define T0	1000000ULL	/* the fake clock's start, in ns */

struct req_env {
	struct rig_soft_rc_req req;
	u64 now;
};

static const struct rig_soft_rc_cfg cfg_default = {
	.mtu = MTU,
	.timeout = 10,		/* 4.19 ms */
	.retry_cnt = 3,
	.rnr_retry = 2,
	.max_rd_atomic = 2,
	.max_dest_rd_atomic = 4,
	.ack_every = 64,
};

static struct req_env *env_new(struct kunit *test, const struct rig_soft_rc_cfg *cfg, u32 psn)
{
	struct req_env *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, e);
	rig_soft_rc_req_init(&e->req, cfg ?: &cfg_default, psn);
	e->now = T0;
	return e;
}

static u32 post(struct kunit *test, struct req_env *e, enum rig_soft_rc_kind kind, u32 len)
{
	u32 slot;

	KUNIT_ASSERT_EQ(test, rig_soft_rc_req_post(&e->req, kind, len, &slot), 0);
	return slot;
}

/* Sends what the requester offers, up to @max packets; returns how many. */
static u32 send_all(struct req_env *e, struct rig_soft_rc_tx *txs, u32 max)
{
	struct rig_soft_rc_tx tx;
	u32 n = 0;

	while (n < max && rig_soft_rc_req_next(&e->req, e->now, &tx)) {
		rig_soft_rc_req_sent(&e->req, &tx, e->now);
		if (txs)
			txs[n] = tx;
		n++;
	}
	return n;
}

static struct rig_soft_roce_pkt ack_pkt(u32 psn, u8 syndrome)
{
	return (struct rig_soft_roce_pkt){
		.opcode = IB_OPCODE_RC_ACKNOWLEDGE,
		.psn = psn,
		.syndrome = syndrome,
	};
}

static enum rig_soft_rc_verdict recv(struct req_env *e, struct rig_soft_roce_pkt pkt,
				     struct rig_soft_rc_place *place)
{
	struct rig_soft_rc_place ignored;

	return rig_soft_rc_req_recv(&e->req, &pkt, e->now, place ?: &ignored);
}

static enum rig_soft_rc_verdict ack(struct req_env *e, u32 psn)
{
	return recv(e, ack_pkt(psn, RIG_SOFT_SYN_ACK | RIG_SOFT_SYN_CREDITS_NONE), NULL);
}

static enum rig_soft_rc_verdict read_resp(struct req_env *e, u8 opcode, u32 psn, u32 len,
					  struct rig_soft_rc_place *place)
{
	struct rig_soft_roce_pkt pkt = ack_pkt(psn, RIG_SOFT_SYN_ACK);

	pkt.opcode = opcode;
	pkt.len = len;
	return recv(e, pkt, place);
}

/* The next completion must be @slot with @status. */
static void expect_pop(struct kunit *test, struct req_env *e, u32 slot, u8 status)
{
	struct rig_soft_rc_cqe cqe;

	KUNIT_ASSERT_TRUE(test, rig_soft_rc_req_pop(&e->req, &cqe));
	KUNIT_EXPECT_EQ(test, cqe.slot, slot);
	KUNIT_EXPECT_EQ(test, cqe.status, status);
}

static void expect_no_pop(struct kunit *test, struct req_env *e)
{
	struct rig_soft_rc_cqe cqe;

	KUNIT_EXPECT_FALSE(test, rig_soft_rc_req_pop(&e->req, &cqe));
}

static void the_timers_follow_the_ib_encodings(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_soft_rc_timeout_ns(0), RIG_SOFT_RC_NEVER);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_timeout_ns(1), 8192);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_timeout_ns(14), 67108864);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_timeout_ns(31), 4096ULL << 31);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_rnr_ns(0), 655360000);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_rnr_ns(1), 10000);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_rnr_ns(14), 1280000);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_rnr_ns(31), 491520000);
}

static void a_send_is_cut_by_each_path_mtu(struct kunit *test)
{
	u32 mtu;

	for (mtu = 256; mtu <= 4096; mtu *= 2) {
		struct rig_soft_rc_cfg cfg = cfg_default;
		struct rig_soft_rc_tx tx[8];
		struct req_env *e;
		u32 slot;

		cfg.mtu = mtu;
		e = env_new(test, &cfg, 100);
		slot = post(test, e, RIG_SOFT_RC_SEND, 3 * mtu + 1);
		KUNIT_ASSERT_EQ(test, send_all(e, tx, 8), 4);
		KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_SEND_FIRST);
		KUNIT_EXPECT_EQ(test, tx[1].opcode, IB_OPCODE_RC_SEND_MIDDLE);
		KUNIT_EXPECT_EQ(test, tx[2].opcode, IB_OPCODE_RC_SEND_MIDDLE);
		KUNIT_EXPECT_EQ(test, tx[3].opcode, IB_OPCODE_RC_SEND_LAST);
		KUNIT_EXPECT_EQ(test, tx[2].offset, 2 * mtu);
		KUNIT_EXPECT_EQ(test, tx[2].len, mtu);
		KUNIT_EXPECT_EQ(test, tx[3].offset, 3 * mtu);
		KUNIT_EXPECT_EQ(test, tx[3].len, 1);
		KUNIT_EXPECT_EQ(test, tx[3].psn, 103);
		KUNIT_EXPECT_EQ(test, tx[3].slot, slot);
		KUNIT_EXPECT_FALSE(test, tx[0].ackreq || tx[1].ackreq || tx[2].ackreq);
		KUNIT_EXPECT_TRUE(test, tx[3].ackreq);
	}
}

static void an_exact_multiple_ends_full_and_an_empty_send_is_one_packet(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[4];

	post(test, e, RIG_SOFT_RC_SEND, 2 * MTU);
	post(test, e, RIG_SOFT_RC_SEND, 0);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 3);
	KUNIT_EXPECT_EQ(test, tx[1].opcode, IB_OPCODE_RC_SEND_LAST);
	KUNIT_EXPECT_EQ(test, tx[1].len, MTU);
	KUNIT_EXPECT_EQ(test, tx[2].opcode, IB_OPCODE_RC_SEND_ONLY);
	KUNIT_EXPECT_EQ(test, tx[2].len, 0);
	KUNIT_EXPECT_EQ(test, tx[2].psn, 2);
}

static void psns_run_across_the_wrap_and_acks_there_complete(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0xfffffe);
	struct rig_soft_rc_tx tx[4];
	u32 a, b;

	a = post(test, e, RIG_SOFT_RC_SEND, 3 * MTU);
	b = post(test, e, RIG_SOFT_RC_SEND, 1);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 4);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 0xffffff);
	KUNIT_EXPECT_EQ(test, tx[2].psn, 0);
	KUNIT_EXPECT_EQ(test, tx[3].psn, 1);
	KUNIT_EXPECT_EQ(test, ack(e, 0xffffff), RIG_SOFT_RC_TAKEN);
	expect_no_pop(test, e);
	KUNIT_EXPECT_EQ(test, ack(e, 0), RIG_SOFT_RC_TAKEN);
	expect_pop(test, e, a, RIG_SOFT_RC_OK);
	expect_no_pop(test, e);
	KUNIT_EXPECT_EQ(test, ack(e, 1), RIG_SOFT_RC_TAKEN);
	expect_pop(test, e, b, RIG_SOFT_RC_OK);
}

static void ackreq_comes_on_the_last_packet_and_every_n(struct kunit *test)
{
	struct rig_soft_rc_cfg cfg = cfg_default;
	struct rig_soft_rc_tx tx[10];
	struct req_env *e;
	u32 i;

	cfg.ack_every = 4;
	e = env_new(test, &cfg, 0);
	post(test, e, RIG_SOFT_RC_SEND, 10 * MTU);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 10), 10);
	for (i = 0; i < 10; i++)
		KUNIT_EXPECT_EQ_MSG(test, tx[i].ackreq, i == 3 || i == 7 || i == 9, "packet %u", i);
}

static void acks_are_cumulative_and_messages_end_in_order(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 10);
	u32 a, b, c;

	a = post(test, e, RIG_SOFT_RC_SEND, 1);
	b = post(test, e, RIG_SOFT_RC_SEND, 1);
	c = post(test, e, RIG_SOFT_RC_SEND, 1);
	KUNIT_ASSERT_EQ(test, send_all(e, NULL, 8), 3);
	KUNIT_EXPECT_EQ(test, ack(e, 11), RIG_SOFT_RC_TAKEN);
	expect_pop(test, e, a, RIG_SOFT_RC_OK);
	expect_pop(test, e, b, RIG_SOFT_RC_OK);
	expect_no_pop(test, e);
	/* An older ACK, arriving late, changes nothing. */
	ack(e, 10);
	expect_no_pop(test, e);
	ack(e, 12);
	expect_pop(test, e, c, RIG_SOFT_RC_OK);
	KUNIT_EXPECT_EQ(test, e->req.ack_deadline, RIG_SOFT_RC_NEVER);
}

static void a_packet_not_committed_is_offered_again(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 5);
	struct rig_soft_rc_tx a, b;

	post(test, e, RIG_SOFT_RC_SEND, 2 * MTU);
	KUNIT_ASSERT_TRUE(test, rig_soft_rc_req_next(&e->req, e->now, &a));
	KUNIT_ASSERT_TRUE(test, rig_soft_rc_req_next(&e->req, e->now, &b));
	KUNIT_EXPECT_EQ(test, a.psn, b.psn);
	KUNIT_EXPECT_EQ(test, a.opcode, b.opcode);
	KUNIT_EXPECT_EQ(test, e->req.ack_deadline, RIG_SOFT_RC_NEVER);
}

static void the_ack_timeout_goes_back_to_the_oldest_unacked_psn(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0xfffffe);
	u64 t = rig_soft_rc_timeout_ns(cfg_default.timeout);
	struct rig_soft_rc_tx tx[4];

	post(test, e, RIG_SOFT_RC_SEND, 4 * MTU);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 4);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_tick(&e->req, e->now), T0 + t);
	/* Packets 0xfffffe and 0xffffff arrived: it goes back to 0 only. */
	e->now += 10;
	ack(e, 0xffffff);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_tick(&e->req, e->now), e->now + t);
	e->now += t - 1;
	rig_soft_rc_req_tick(&e->req, e->now);
	KUNIT_EXPECT_EQ(test, send_all(e, tx, 4), 0);
	e->now++;
	rig_soft_rc_req_tick(&e->req, e->now);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 2);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 0);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_SEND_MIDDLE);
	KUNIT_EXPECT_EQ(test, tx[0].offset, 2 * MTU);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 1);
	KUNIT_EXPECT_TRUE(test, tx[1].ackreq);
}

/* Lets the ACK timer expire @n times with no answer. */
static void time_out(struct req_env *e, u32 n)
{
	while (n--) {
		e->now += rig_soft_rc_timeout_ns(e->req.cfg.timeout);
		rig_soft_rc_req_tick(&e->req, e->now);
		send_all(e, NULL, 64);
	}
}

/* Lets the ACK timer expire once, sending nothing yet. */
static void expire(struct req_env *e)
{
	e->now += rig_soft_rc_timeout_ns(e->req.cfg.timeout);
	rig_soft_rc_req_tick(&e->req, e->now);
}

static void retries_run_out_and_fail_the_oldest_and_flush_the_rest(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx;
	u32 a, b, slot;

	a = post(test, e, RIG_SOFT_RC_SEND, 1);
	b = post(test, e, RIG_SOFT_RC_SEND, 1);
	send_all(e, NULL, 8);
	time_out(e, 3);
	expect_no_pop(test, e);
	time_out(e, 1);
	expect_pop(test, e, a, RIG_SOFT_RC_RETRY_EXCEEDED);
	expect_pop(test, e, b, RIG_SOFT_RC_FLUSHED);
	KUNIT_EXPECT_FALSE(test, rig_soft_rc_req_next(&e->req, e->now, &tx));
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_post(&e->req, RIG_SOFT_RC_SEND, 1, &slot), -EPIPE);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_tick(&e->req, e->now), RIG_SOFT_RC_NEVER);
}

static void a_retry_count_of_7_is_seven_retries_not_infinite(struct kunit *test)
{
	struct rig_soft_rc_cfg cfg = cfg_default;
	struct req_env *e;
	u32 a;

	cfg.retry_cnt = 7;
	e = env_new(test, &cfg, 0);
	a = post(test, e, RIG_SOFT_RC_SEND, 1);
	send_all(e, NULL, 8);
	time_out(e, 7);
	expect_no_pop(test, e);
	time_out(e, 1);
	expect_pop(test, e, a, RIG_SOFT_RC_RETRY_EXCEEDED);
}

static void progress_gives_back_the_retries(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	u32 a, b;

	a = post(test, e, RIG_SOFT_RC_SEND, 1);
	b = post(test, e, RIG_SOFT_RC_SEND, 1);
	send_all(e, NULL, 8);
	time_out(e, 3);
	ack(e, 0);
	expect_pop(test, e, a, RIG_SOFT_RC_OK);
	time_out(e, 3);
	expect_no_pop(test, e);
	ack(e, 1);
	expect_pop(test, e, b, RIG_SOFT_RC_OK);
}

static void no_timeout_means_no_retransmission(struct kunit *test)
{
	struct rig_soft_rc_cfg cfg = cfg_default;
	struct req_env *e;

	cfg.timeout = 0;
	e = env_new(test, &cfg, 0);
	post(test, e, RIG_SOFT_RC_SEND, 1);
	send_all(e, NULL, 8);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_tick(&e->req, e->now), RIG_SOFT_RC_NEVER);
	e->now += 1000000000000ULL;
	rig_soft_rc_req_tick(&e->req, e->now);
	KUNIT_EXPECT_EQ(test, send_all(e, NULL, 8), 0);
	expect_no_pop(test, e);
}

static void an_rnr_nak_holds_for_its_timer_then_resends_from_its_psn(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 40);
	struct rig_soft_rc_tx tx[4];
	u32 a;

	a = post(test, e, RIG_SOFT_RC_SEND, 1);
	post(test, e, RIG_SOFT_RC_SEND, 2 * MTU);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 3);
	KUNIT_EXPECT_EQ(test, recv(e, ack_pkt(41, RIG_SOFT_SYN_RNR_NAK | 14), NULL),
			RIG_SOFT_RC_TAKEN);
	expect_pop(test, e, a, RIG_SOFT_RC_OK);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_tick(&e->req, e->now), e->now + 1280000);
	e->now += 1279999;
	rig_soft_rc_req_tick(&e->req, e->now);
	KUNIT_EXPECT_EQ(test, send_all(e, tx, 4), 0);
	e->now++;
	rig_soft_rc_req_tick(&e->req, e->now);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 2);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 41);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_SEND_FIRST);
}

/* An RNR NAK for @psn, then the wait it asks for. */
static void rnr(struct req_env *e, u32 psn)
{
	recv(e, ack_pkt(psn, RIG_SOFT_SYN_RNR_NAK | 1), NULL);
	e->now += rig_soft_rc_rnr_ns(1);
	rig_soft_rc_req_tick(&e->req, e->now);
	send_all(e, NULL, 8);
}

static void rnr_retries_run_out(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	u32 a;

	a = post(test, e, RIG_SOFT_RC_SEND, 1);
	send_all(e, NULL, 8);
	rnr(e, 0);
	rnr(e, 0);
	expect_no_pop(test, e);
	rnr(e, 0);
	expect_pop(test, e, a, RIG_SOFT_RC_RNR_EXCEEDED);
}

static void an_rnr_retry_of_7_retries_for_ever(struct kunit *test)
{
	struct rig_soft_rc_cfg cfg = cfg_default;
	struct req_env *e;
	u32 a, i;

	cfg.rnr_retry = RIG_SOFT_RC_RNR_INFINITE;
	e = env_new(test, &cfg, 0);
	a = post(test, e, RIG_SOFT_RC_SEND, 1);
	send_all(e, NULL, 8);
	for (i = 0; i < 100; i++)
		rnr(e, 0);
	expect_no_pop(test, e);
	ack(e, 0);
	expect_pop(test, e, a, RIG_SOFT_RC_OK);
}

static void a_sequence_error_nak_goes_back_to_its_psn(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 7);
	struct rig_soft_rc_tx tx[8];
	u32 a, b;

	a = post(test, e, RIG_SOFT_RC_SEND, 1);
	b = post(test, e, RIG_SOFT_RC_SEND, 1);
	post(test, e, RIG_SOFT_RC_SEND, 3 * MTU);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 8), 5);
	KUNIT_EXPECT_EQ(test, recv(e, ack_pkt(10, RIG_SOFT_SYN_NAK | RIG_SOFT_NAK_PSN_SEQ), NULL),
			RIG_SOFT_RC_TAKEN);
	expect_pop(test, e, a, RIG_SOFT_RC_OK);
	expect_pop(test, e, b, RIG_SOFT_RC_OK);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 8), 2);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 10);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_SEND_MIDDLE);
	KUNIT_EXPECT_EQ(test, tx[0].offset, MTU);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 11);
}

static void a_remote_access_nak_fails_its_message_and_flushes_the_rest(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	u32 a, b, c;

	a = post(test, e, RIG_SOFT_RC_SEND, 1);
	b = post(test, e, RIG_SOFT_RC_READ, 100);
	c = post(test, e, RIG_SOFT_RC_SEND, 1);
	send_all(e, NULL, 8);
	recv(e, ack_pkt(1, RIG_SOFT_SYN_NAK | RIG_SOFT_NAK_REM_ACCESS), NULL);
	expect_pop(test, e, a, RIG_SOFT_RC_OK);
	expect_pop(test, e, b, RIG_SOFT_RC_REM_ACCESS);
	expect_pop(test, e, c, RIG_SOFT_RC_FLUSHED);
	KUNIT_EXPECT_TRUE(test, e->req.error);
}

static void a_nak_for_a_psn_already_acknowledged_is_dropped(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);

	post(test, e, RIG_SOFT_RC_SEND, 1);
	post(test, e, RIG_SOFT_RC_SEND, 1);
	send_all(e, NULL, 8);
	ack(e, 0);
	KUNIT_EXPECT_EQ(test, recv(e, ack_pkt(0, RIG_SOFT_SYN_NAK | RIG_SOFT_NAK_REM_OP), NULL),
			RIG_SOFT_RC_DROP);
	KUNIT_EXPECT_FALSE(test, e->req.error);
}

static void packets_for_psns_never_sent_or_for_a_responder_are_dropped(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_roce_pkt send = ack_pkt(0, 0);

	post(test, e, RIG_SOFT_RC_SEND, 1);
	post(test, e, RIG_SOFT_RC_SEND, 1);
	send_all(e, NULL, 1);
	KUNIT_EXPECT_EQ(test, ack(e, 1), RIG_SOFT_RC_DROP);
	KUNIT_EXPECT_EQ(test, ack(e, 0x800000), RIG_SOFT_RC_DROP);
	send.opcode = IB_OPCODE_RC_SEND_ONLY;
	KUNIT_EXPECT_EQ(test, recv(e, send, NULL), RIG_SOFT_RC_DROP);
	expect_no_pop(test, e);
}

static void a_read_asks_once_and_takes_a_psn_per_response(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0xffffff);
	struct rig_soft_rc_tx tx[4];

	post(test, e, RIG_SOFT_RC_READ, 2 * MTU + MTU / 2);
	post(test, e, RIG_SOFT_RC_SEND, 1);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 2);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_REQUEST);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 0xffffff);
	KUNIT_EXPECT_EQ(test, tx[0].len, 2 * MTU + MTU / 2);
	KUNIT_EXPECT_EQ(test, tx[0].offset, 0);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 2);
}

static void read_responses_are_placed_in_order_and_end_the_read(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0xfffffe);
	struct rig_soft_rc_place pl;
	u32 r;

	r = post(test, e, RIG_SOFT_RC_READ, 2 * MTU + 3);
	send_all(e, NULL, 4);
	KUNIT_EXPECT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, 0xfffffe, MTU,
					&pl), RIG_SOFT_RC_PLACE);
	KUNIT_EXPECT_EQ(test, pl.slot, r);
	KUNIT_EXPECT_EQ(test, pl.offset, 0);
	KUNIT_EXPECT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, 0xffffff, MTU,
					&pl), RIG_SOFT_RC_PLACE);
	KUNIT_EXPECT_EQ(test, pl.offset, MTU);
	expect_no_pop(test, e);
	/* A response of the wrong length is not data to place. */
	KUNIT_EXPECT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST, 0, 4, &pl),
			RIG_SOFT_RC_DROP);
	KUNIT_EXPECT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST, 0, 3, &pl),
			RIG_SOFT_RC_PLACE);
	KUNIT_EXPECT_EQ(test, pl.offset, 2 * MTU);
	KUNIT_EXPECT_TRUE(test, pl.last);
	expect_pop(test, e, r, RIG_SOFT_RC_OK);
	KUNIT_EXPECT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST, 0, 3, &pl),
			RIG_SOFT_RC_DROP);
}

static void a_read_response_acknowledges_the_sends_before_it(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	u32 a, r;

	a = post(test, e, RIG_SOFT_RC_SEND, 2 * MTU);
	r = post(test, e, RIG_SOFT_RC_READ, 8);
	send_all(e, NULL, 4);
	KUNIT_EXPECT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY, 2, 8, NULL),
			RIG_SOFT_RC_PLACE);
	expect_pop(test, e, a, RIG_SOFT_RC_OK);
	expect_pop(test, e, r, RIG_SOFT_RC_OK);
}

static void a_gap_in_read_responses_asks_again_for_the_rest(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 20);
	struct rig_soft_rc_tx tx[4];
	u32 r;

	r = post(test, e, RIG_SOFT_RC_READ, 3 * MTU);
	send_all(e, NULL, 4);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, 20, MTU, NULL);
	KUNIT_EXPECT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST, 22, MTU, NULL),
			RIG_SOFT_RC_DROP);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_REQUEST);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 21);
	KUNIT_EXPECT_EQ(test, tx[0].offset, MTU);
	KUNIT_EXPECT_EQ(test, tx[0].len, 2 * MTU);
	/* The rest of the old stream is no new loss. */
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST, 22, MTU, NULL);
	KUNIT_EXPECT_EQ(test, e->req.retry_left, cfg_default.retry_cnt - 1);
	/* The answer to the new request: First and Last, as the responder sees it. */
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, 21, MTU, NULL);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST, 22, MTU, NULL);
	expect_pop(test, e, r, RIG_SOFT_RC_OK);
}

/* Responses @first to @last of a READ at @psn0, in order, each MTU long. */
static void read_resps(struct req_env *e, u32 psn0, u32 first, u32 last, u8 last_opcode)
{
	u32 i;

	for (i = first; i <= last; i++)
		read_resp(e, i == last ? last_opcode : IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE,
			  psn0 + i, MTU, NULL);
}

/*
 * Asked again, a long READ goes in pieces, one at a time, each from the
 * oldest response missing: rxe answers each piece whole, after the
 * reply it is on, and drops a request that starts before the last one
 * it replayed.  Each piece's reply ends with Last (and starts with
 * Middle, as rxe replays).
 */
static void a_read_asked_again_goes_in_pieces_one_at_a_time(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	const u32 n = 2 * RIG_SOFT_RC_REREAD + 10;
	struct rig_soft_rc_tx tx[4];
	u32 r;

	r = post(test, e, RIG_SOFT_RC_READ, n * MTU);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].len, n * MTU);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, 0, MTU, NULL);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, 2, MTU, NULL);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 1);
	KUNIT_EXPECT_EQ(test, tx[0].offset, MTU);
	KUNIT_EXPECT_EQ(test, tx[0].len, RIG_SOFT_RC_REREAD * MTU);
	/* Half the piece had: nothing more is asked. */
	read_resps(e, 0, 1, RIG_SOFT_RC_REREAD / 2, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE);
	KUNIT_EXPECT_EQ(test, send_all(e, tx, 4), 0);
	/* All of it: the next piece, from there. */
	read_resps(e, 0, RIG_SOFT_RC_REREAD / 2 + 1, RIG_SOFT_RC_REREAD,
		   IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 1 + RIG_SOFT_RC_REREAD);
	KUNIT_EXPECT_EQ(test, tx[0].len, RIG_SOFT_RC_REREAD * MTU);
	read_resps(e, 0, 1 + RIG_SOFT_RC_REREAD, 2 * RIG_SOFT_RC_REREAD,
		   IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST);
	/* The last piece is the rest. */
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 1 + 2 * RIG_SOFT_RC_REREAD);
	KUNIT_EXPECT_EQ(test, tx[0].len, (n - 1 - 2 * RIG_SOFT_RC_REREAD) * MTU);
	read_resps(e, 0, 1 + 2 * RIG_SOFT_RC_REREAD, n - 1, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST);
	expect_pop(test, e, r, RIG_SOFT_RC_OK);
	KUNIT_EXPECT_EQ(test, send_all(e, tx, 4), 0);
	KUNIT_EXPECT_EQ(test, e->req.retry_left, cfg_default.retry_cnt);
}

/*
 * A gap inside a piece asks again from the gap, behind the piece, never
 * ahead of it: the new piece starts where the oldest response is missing.
 */
static void a_gap_in_a_piece_asks_again_from_the_gap(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[4];

	post(test, e, RIG_SOFT_RC_READ, 200 * MTU);
	send_all(e, NULL, 4);
	/* Never answered, whole: the responder may never have had it. */
	expire(e);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 0);
	KUNIT_EXPECT_EQ(test, tx[0].len, 200 * MTU);
	read_resps(e, 0, 0, 9, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, 11, MTU, NULL);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 10);
	KUNIT_EXPECT_EQ(test, tx[0].offset, 10 * MTU);
	KUNIT_EXPECT_EQ(test, tx[0].len, RIG_SOFT_RC_REREAD * MTU);
}

/*
 * rxe sends the reply it is on whole before it looks at a READ asked
 * again (64 MiB take it half a second): an ACK timeout after which
 * responses still came asks again without using a retry; one with
 * nothing heard uses one, as IBA's retry_cnt counts.
 */
static void an_ack_timeout_while_responses_still_come_uses_no_retry(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[4];
	u32 i;

	post(test, e, RIG_SOFT_RC_READ, 4000 * MTU);
	send_all(e, NULL, 4);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, 0, MTU, NULL);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, 2, MTU, NULL);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, e->req.retry_left, cfg_default.retry_cnt - 1);
	for (i = 0; i < 2 * cfg_default.retry_cnt; i++) {
		read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, 3 + i, MTU, NULL);
		expire(e);
		KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
		KUNIT_EXPECT_EQ(test, tx[0].psn, 1);
		KUNIT_EXPECT_EQ(test, tx[0].len, RIG_SOFT_RC_REREAD * MTU);
	}
	KUNIT_EXPECT_EQ(test, e->req.retry_left, cfg_default.retry_cnt - 1);
	KUNIT_EXPECT_FALSE(test, e->req.error);
	/* Then silence: the retries run out. */
	time_out(e, cfg_default.retry_cnt - 1);
	KUNIT_EXPECT_FALSE(test, e->req.error);
	time_out(e, 1);
	expect_pop(test, e, 0, RIG_SOFT_RC_RETRY_EXCEEDED);
}

/* A READ of 200 packets whose response 1 was lost: its first piece asked. */
static struct req_env *piece_asked(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx;

	post(test, e, RIG_SOFT_RC_READ, 200 * MTU);
	send_all(e, NULL, 4);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, 0, MTU, NULL);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, 2, MTU, NULL);
	KUNIT_ASSERT_EQ(test, send_all(e, &tx, 1), 1);
	KUNIT_EXPECT_EQ(test, tx.psn, 1);
	KUNIT_EXPECT_EQ(test, tx.len, RIG_SOFT_RC_REREAD * MTU);
	return e;
}

/*
 * Responses to a later READ while the oldest waits for a piece (rxe sends
 * each reply whole, in order) are the responder at work: the timeout
 * uses no retry; and that READ, answered, is asked again in pieces too.
 */
static void responses_to_a_later_read_keep_the_retries(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[4];
	u32 i;

	post(test, e, RIG_SOFT_RC_READ, 40 * MTU);
	post(test, e, RIG_SOFT_RC_READ, 100 * MTU);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 2);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, 0, MTU, NULL);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, 2, MTU, NULL);
	/* The rest of the first, and the second whole: no answer yet. */
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 2);
	KUNIT_EXPECT_EQ(test, tx[1].psn, 40);
	KUNIT_EXPECT_EQ(test, tx[1].len, 100 * MTU);
	for (i = 0; i < 2 * cfg_default.retry_cnt; i++) {
		read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, 41 + i, MTU, NULL);
		expire(e);
		KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 2);
		KUNIT_EXPECT_EQ(test, tx[0].psn, 1);
		KUNIT_EXPECT_EQ(test, tx[1].psn, 40);
		KUNIT_EXPECT_EQ(test, tx[1].len, RIG_SOFT_RC_REREAD * MTU);
	}
	KUNIT_EXPECT_EQ(test, e->req.retry_left, cfg_default.retry_cnt - 1);
}

/*
 * Going back, gaps are the old stream's, but the Last that ends the piece
 * asked is its reply's: with a gap before it, the piece is asked for
 * again at once, not after the ACK timeout.
 */
static void a_piece_whose_reply_came_with_a_gap_is_asked_again(struct kunit *test)
{
	struct req_env *e = piece_asked(test);
	struct rig_soft_rc_tx tx[4];

	/* The old stream: no new request. */
	read_resps(e, 0, 3, 40, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE);
	KUNIT_EXPECT_EQ(test, send_all(e, tx, 4), 0);
	/* The piece's reply, its first response lost. */
	read_resps(e, 0, 2, RIG_SOFT_RC_REREAD, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 1);
	KUNIT_EXPECT_EQ(test, tx[0].len, RIG_SOFT_RC_REREAD * MTU);
}

/*
 * A reply that ends short of what was asked (a responder that gave up a
 * later request for an older one's copy, as netem duplicates) is asked
 * again for the rest at once, without a retry.
 */
static void a_reply_ended_short_of_the_piece_asks_again_at_once(struct kunit *test)
{
	struct req_env *e = piece_asked(test);
	struct rig_soft_rc_tx tx[4];

	read_resps(e, 0, 1, 9, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, 11, MTU, NULL);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 10);
	/* A copy of the first piece's request was answered instead. */
	read_resps(e, 0, 10, RIG_SOFT_RC_REREAD, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].psn, RIG_SOFT_RC_REREAD + 1);
	KUNIT_EXPECT_EQ(test, tx[0].len, RIG_SOFT_RC_REREAD * MTU);
	KUNIT_EXPECT_EQ(test, e->req.retry_left, cfg_default.retry_cnt);
}

static void an_ack_past_an_unfinished_read_asks_for_it_again(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[4];
	u32 r, a;

	r = post(test, e, RIG_SOFT_RC_READ, 2 * MTU);
	a = post(test, e, RIG_SOFT_RC_SEND, 1);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 2);
	ack(e, 2);
	expect_no_pop(test, e);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 2);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_REQUEST);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 0);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, 0, MTU, NULL);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST, 1, MTU, NULL);
	ack(e, 2);
	expect_pop(test, e, r, RIG_SOFT_RC_OK);
	expect_pop(test, e, a, RIG_SOFT_RC_OK);
}

/*
 * Gone back (the timer), the old stream's responses still come and end
 * the READs asked for again before the new requests went: the next to
 * send is the READ after them (found by make check's netem test, where
 * the requester then stopped for good: nothing to send, no timer).
 */
static void reads_the_old_stream_ends_after_going_back_are_not_asked_again(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[4];
	u32 r0, r1, r2;

	r0 = post(test, e, RIG_SOFT_RC_READ, 1);
	r1 = post(test, e, RIG_SOFT_RC_READ, 1);
	r2 = post(test, e, RIG_SOFT_RC_READ, 1);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 2);	/* max_rd_atomic */
	expire(e);
	KUNIT_EXPECT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY, 0, 1, NULL),
			RIG_SOFT_RC_PLACE);
	KUNIT_EXPECT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY, 1, 1, NULL),
			RIG_SOFT_RC_PLACE);
	expect_pop(test, e, r0, RIG_SOFT_RC_OK);
	expect_pop(test, e, r1, RIG_SOFT_RC_OK);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_REQUEST);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 2);
	KUNIT_EXPECT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY, 2, 1, NULL),
			RIG_SOFT_RC_PLACE);
	expect_pop(test, e, r2, RIG_SOFT_RC_OK);
}

/* ... and part of one: the request asks for the rest only. */
static void a_read_the_old_stream_partly_answers_is_asked_for_the_rest(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[4];

	post(test, e, RIG_SOFT_RC_READ, 3 * MTU);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	expire(e);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, 0, MTU, NULL);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, 1, MTU, NULL);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 2);
	KUNIT_EXPECT_EQ(test, tx[0].offset, 2 * MTU);
	KUNIT_EXPECT_EQ(test, tx[0].len, MTU);
}

static void outstanding_reads_are_limited(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx[4];
	u32 slot;

	post(test, e, RIG_SOFT_RC_READ, 1);
	post(test, e, RIG_SOFT_RC_READ, 1);
	post(test, e, RIG_SOFT_RC_READ, 1);
	KUNIT_EXPECT_EQ(test, send_all(e, tx, 4), 2);
	read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY, 0, 1, NULL);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 4), 1);
	KUNIT_EXPECT_EQ(test, tx[0].psn, 2);
	e->req.cfg.max_rd_atomic = 0;
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_post(&e->req, RIG_SOFT_RC_READ, 1, &slot), -EINVAL);
}

static void the_window_holds_64_messages(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	u32 i, slot;

	for (i = 0; i < RIG_SOFT_RC_WINDOW; i++)
		post(test, e, RIG_SOFT_RC_SEND, 1);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_post(&e->req, RIG_SOFT_RC_SEND, 1, &slot), -ENOSPC);
	send_all(e, NULL, RIG_SOFT_RC_WINDOW);
	ack(e, 0);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_post(&e->req, RIG_SOFT_RC_SEND, 1, &slot), -ENOSPC);
	expect_pop(test, e, 0, RIG_SOFT_RC_OK);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_post(&e->req, RIG_SOFT_RC_SEND, 1, &slot), 0);
	KUNIT_EXPECT_EQ(test, slot, 0);
}

static void at_most_64_psns_wait_for_their_ack(struct kunit *test)
{
	struct rig_soft_rc_tx tx[RIG_SOFT_RC_INFLIGHT];
	struct req_env *e = env_new(test, NULL, 0);
	u32 r;

	post(test, e, RIG_SOFT_RC_SEND, 100 * MTU);
	KUNIT_ASSERT_EQ(test, send_all(e, tx, 200), RIG_SOFT_RC_INFLIGHT);
	/* The packet that fills the window asks for an ACK. */
	KUNIT_EXPECT_TRUE(test, tx[RIG_SOFT_RC_INFLIGHT - 1].ackreq);
	ack(e, 31);
	KUNIT_EXPECT_EQ(test, send_all(e, NULL, 200), 32);
	ack(e, 95);
	KUNIT_EXPECT_EQ(test, send_all(e, NULL, 200), 4);
	ack(e, 99);
	expect_pop(test, e, 0, RIG_SOFT_RC_OK);
	/* A READ longer than the window goes alone, once nothing waits. */
	r = post(test, e, RIG_SOFT_RC_READ, 100 * MTU);
	post(test, e, RIG_SOFT_RC_SEND, 1);
	KUNIT_EXPECT_EQ(test, send_all(e, tx, 200), 1);
	KUNIT_EXPECT_EQ(test, tx[0].opcode, IB_OPCODE_RC_RDMA_READ_REQUEST);
	KUNIT_EXPECT_EQ(test, tx[0].slot, r);
}

static void a_failure_the_caller_reports_ends_the_oldest(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	u32 r;

	r = post(test, e, RIG_SOFT_RC_READ, 10);
	send_all(e, NULL, 2);
	rig_soft_rc_req_fail(&e->req, RIG_SOFT_RC_LOCAL);
	expect_pop(test, e, r, RIG_SOFT_RC_LOCAL);
}

static void a_read_whose_last_response_cannot_be_placed_fails_alone(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_place pl;
	u32 r, a;

	r = post(test, e, RIG_SOFT_RC_READ, 10);
	a = post(test, e, RIG_SOFT_RC_SEND, 10);
	send_all(e, NULL, 4);
	KUNIT_ASSERT_EQ(test, read_resp(e, IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY, 0, 10, &pl),
			RIG_SOFT_RC_PLACE);
	KUNIT_EXPECT_TRUE(test, pl.last);
	rig_soft_rc_req_fault(&e->req, pl.slot, RIG_SOFT_RC_LOCAL);
	expect_pop(test, e, r, RIG_SOFT_RC_LOCAL);
	expect_pop(test, e, a, RIG_SOFT_RC_FLUSHED);
	expect_no_pop(test, e);
}

static void a_message_faulted_behind_others_fails_once_they_end(struct kunit *test)
{
	struct req_env *e = env_new(test, NULL, 0);
	struct rig_soft_rc_tx tx;
	u32 a, b, c;

	a = post(test, e, RIG_SOFT_RC_SEND, 2 * MTU);
	b = post(test, e, RIG_SOFT_RC_SEND, 2 * MTU);
	c = post(test, e, RIG_SOFT_RC_SEND, 1);
	KUNIT_ASSERT_EQ(test, send_all(e, NULL, 3), 3);
	/* b's second packet cannot be read: nothing from it on goes. */
	rig_soft_rc_req_fault(&e->req, b, RIG_SOFT_RC_LOCAL);
	KUNIT_EXPECT_FALSE(test, rig_soft_rc_req_next(&e->req, e->now, &tx));
	expect_no_pop(test, e);
	ack(e, 1);
	expect_pop(test, e, a, RIG_SOFT_RC_OK);
	expect_pop(test, e, b, RIG_SOFT_RC_LOCAL);
	expect_pop(test, e, c, RIG_SOFT_RC_FLUSHED);
	KUNIT_EXPECT_EQ(test, rig_soft_rc_req_tick(&e->req, e->now), RIG_SOFT_RC_NEVER);
}

static struct kunit_case rig_soft_rc_req_test_cases[] = {
	KUNIT_CASE(the_timers_follow_the_ib_encodings),
	KUNIT_CASE(a_send_is_cut_by_each_path_mtu),
	KUNIT_CASE(an_exact_multiple_ends_full_and_an_empty_send_is_one_packet),
	KUNIT_CASE(psns_run_across_the_wrap_and_acks_there_complete),
	KUNIT_CASE(ackreq_comes_on_the_last_packet_and_every_n),
	KUNIT_CASE(acks_are_cumulative_and_messages_end_in_order),
	KUNIT_CASE(a_packet_not_committed_is_offered_again),
	KUNIT_CASE(the_ack_timeout_goes_back_to_the_oldest_unacked_psn),
	KUNIT_CASE(retries_run_out_and_fail_the_oldest_and_flush_the_rest),
	KUNIT_CASE(a_retry_count_of_7_is_seven_retries_not_infinite),
	KUNIT_CASE(progress_gives_back_the_retries),
	KUNIT_CASE(no_timeout_means_no_retransmission),
	KUNIT_CASE(an_rnr_nak_holds_for_its_timer_then_resends_from_its_psn),
	KUNIT_CASE(rnr_retries_run_out),
	KUNIT_CASE(an_rnr_retry_of_7_retries_for_ever),
	KUNIT_CASE(a_sequence_error_nak_goes_back_to_its_psn),
	KUNIT_CASE(a_remote_access_nak_fails_its_message_and_flushes_the_rest),
	KUNIT_CASE(a_nak_for_a_psn_already_acknowledged_is_dropped),
	KUNIT_CASE(packets_for_psns_never_sent_or_for_a_responder_are_dropped),
	KUNIT_CASE(a_read_asks_once_and_takes_a_psn_per_response),
	KUNIT_CASE(read_responses_are_placed_in_order_and_end_the_read),
	KUNIT_CASE(a_read_response_acknowledges_the_sends_before_it),
	KUNIT_CASE(a_gap_in_read_responses_asks_again_for_the_rest),
	KUNIT_CASE(a_read_asked_again_goes_in_pieces_one_at_a_time),
	KUNIT_CASE(a_gap_in_a_piece_asks_again_from_the_gap),
	KUNIT_CASE(an_ack_timeout_while_responses_still_come_uses_no_retry),
	KUNIT_CASE(responses_to_a_later_read_keep_the_retries),
	KUNIT_CASE(a_piece_whose_reply_came_with_a_gap_is_asked_again),
	KUNIT_CASE(a_reply_ended_short_of_the_piece_asks_again_at_once),
	KUNIT_CASE(an_ack_past_an_unfinished_read_asks_for_it_again),
	KUNIT_CASE(reads_the_old_stream_ends_after_going_back_are_not_asked_again),
	KUNIT_CASE(a_read_the_old_stream_partly_answers_is_asked_for_the_rest),
	KUNIT_CASE(outstanding_reads_are_limited),
	KUNIT_CASE(the_window_holds_64_messages),
	KUNIT_CASE(at_most_64_psns_wait_for_their_ack),
	KUNIT_CASE(a_failure_the_caller_reports_ends_the_oldest),
	KUNIT_CASE(a_read_whose_last_response_cannot_be_placed_fails_alone),
	KUNIT_CASE(a_message_faulted_behind_others_fails_once_they_end),
	{}
};

static struct kunit_suite rig_soft_rc_req_test_suite = {
	.name = "rig_soft_rc_req_test",
	.test_cases = rig_soft_rc_req_test_cases,
};

kunit_test_suite(rig_soft_rc_req_test_suite);
