// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_rc_test: a requester and a responder (rc.h) joined
 * by frames (roce.h) over a fake wire that drops, duplicates, reorders
 * and corrupts them, on a fake clock.  Every message must end once, in
 * order, with every byte right; every corrupted frame must be dropped by
 * the decoder; and a clean wire must need no retransmission.  READs of 8
 * and 64 MiB cross a slower wire that loses, duplicates, reorders and
 * corrupts as netem does, within a bounded fake time, from our responder
 * and from a model of rxe's (which finishes the reply it is on before it
 * replays, and drops a request that starts before the last it replayed).
 * This file owns those cases and the small callers they need (the part
 * the model's engine will play): they move the bytes between buffers and
 * frames.
 *
 * The wire is driven by a seeded PRNG; each seed is printed.  To rerun
 * one, boot the KUnit kernel with rig_soft_kunit.rc_seed=SEED (kunit.py
 * run --kernel_args).
 */
#include <kunit/test.h>
#include <linux/moduleparam.h>
#include <linux/prandom.h>
#include <linux/sizes.h>
#include <linux/vmalloc.h>

#include "rc.h"

static ulong rc_seed;
module_param(rc_seed, ulong, 0444);
MODULE_PARM_DESC(rc_seed, "rig_soft_rc_test: the only wire seed to run (0: the built-in ones)");

#define MTU		256
#define NMSG		48
#define MAXLEN		(3 * MTU + 17)
#define QLEN		256
#define FRAME		512
#define REGION		4096
#define RVA		0x100000ULL
#define RKEY		0x5a5a
#define QPN_A		0x11
#define QPN_B		0x22
#define ITERS		200000
#define STEP_NS		1000

struct frame {
	u32 len;
	u8 data[FRAME];
};

struct wire {
	struct frame q[QLEN];
	u32 head;
	u32 tail;
};

/* Percentages of frames the wire drops, duplicates, reorders, corrupts. */
struct harm {
	u32 drop;
	u32 dup;
	u32 reorder;
	u32 corrupt;
};

struct rc_env {
	struct kunit *test;
	struct rnd_state rnd;
	struct harm harm;
	u64 now;
	struct rig_soft_rc_req req;
	struct rig_soft_rc_resp resp;
	struct wire ab;
	struct wire ba;
	u8 frame[FRAME];
	/* the plan: message j */
	u8 kind[NMSG];
	u32 len[NMSG];
	u32 roff[NMSG];
	/* the requester's side */
	u32 posted;
	u32 ended;
	u32 slot_msg[RIG_SOFT_RC_WINDOW];
	u8 sdata[RIG_SOFT_RC_WINDOW][MAXLEN];
	u8 rdata[RIG_SOFT_RC_WINDOW][MAXLEN];
	u32 sent;
	/* the responder's side */
	u8 region[REGION];
	u64 recvs_from;
	u32 recvs_taken;
	u32 recvs_done;
	u32 recv_len[NMSG];
	u8 recv[NMSG][MAXLEN];
	/* the wire's doings and the decoder's */
	u32 corrupted;
	u32 dropped;
	u32 drops;
};

static u32 rnd(struct rc_env *e, u32 n)
{
	return prandom_u32_state(&e->rnd) % n;
}

static u8 pattern(u32 msg, u32 i)
{
	return msg * 7 + i * 13 + 1;
}

static bool wire_put(struct wire *w, const u8 *buf, u32 len)
{
	struct frame *f = &w->q[w->tail % QLEN];

	if (w->tail - w->head == QLEN)
		return false;
	memcpy(f->data, buf, len);
	f->len = len;
	w->tail++;
	return true;
}

/* One bit of an invariant field: one the decoder must notice. */
static void corrupt(struct rc_env *e, struct frame *f)
{
	u32 off;

	do {
		off = ETH_HLEN + rnd(e, f->len - ETH_HLEN);
	} while (off == ETH_HLEN + 26 || off == ETH_HLEN + 27 || off == ETH_HLEN + 32);
	f->data[off] ^= BIT(rnd(e, 8));
	e->corrupted++;
}

static void wire_push(struct rc_env *e, struct wire *w, const u8 *buf, u32 len)
{
	if (rnd(e, 100) < e->harm.drop || !wire_put(w, buf, len)) {
		e->dropped++;
		return;
	}
	if (rnd(e, 100) < e->harm.corrupt)
		corrupt(e, &w->q[(w->tail - 1) % QLEN]);
	if (rnd(e, 100) < e->harm.dup)
		wire_put(w, buf, len);
	if (rnd(e, 100) < e->harm.reorder && w->tail - w->head >= 2) {
		struct frame *a = &w->q[(w->tail - 1) % QLEN], *b = &w->q[(w->tail - 2) % QLEN];

		swap(*a, *b);
	}
}

static void send_pkt(struct rc_env *e, struct wire *w, struct rig_soft_roce_pkt *p)
{
	int len;

	p->pad = -p->len & 3;
	p->hop_limit = 64;
	p->pkey = 0xffff;
	ipv6_addr_set_v4mapped(cpu_to_be32(0x0a000001), &p->saddr);
	ipv6_addr_set_v4mapped(cpu_to_be32(0x0a000002), &p->daddr);
	len = rig_soft_roce_encode(p, e->frame, FRAME);
	KUNIT_ASSERT_GT(e->test, len, 0);
	wire_push(e, w, e->frame, len);
}

/* Posts what the window takes. */
static void post_more(struct rc_env *e)
{
	u32 slot, i;

	while (e->posted < NMSG &&
	       !rig_soft_rc_req_post(&e->req, e->kind[e->posted], e->len[e->posted], &slot)) {
		e->slot_msg[slot] = e->posted;
		for (i = 0; i < e->len[e->posted]; i++)
			e->sdata[slot][i] = pattern(e->posted, i);
		memset(e->rdata[slot], 0, MAXLEN);
		e->posted++;
	}
}

static bool req_transmit(struct rc_env *e)
{
	struct rig_soft_rc_tx tx;
	bool any = false;

	while (rig_soft_rc_req_next(&e->req, e->now, &tx)) {
		u32 msg = e->slot_msg[tx.slot];
		struct rig_soft_roce_pkt p = {
			.sport = rig_soft_roce_sport(QPN_A, QPN_B),
			.opcode = tx.opcode,
			.ackreq = tx.ackreq,
			.psn = tx.psn,
			.dqpn = QPN_B,
		};

		if (tx.opcode == IB_OPCODE_RC_RDMA_READ_REQUEST) {
			p.va = RVA + e->roff[msg] + tx.offset;
			p.rkey = RKEY;
			p.dma_len = tx.len;
		} else {
			p.payload = e->sdata[tx.slot] + tx.offset;
			p.len = tx.len;
		}
		send_pkt(e, &e->ab, &p);
		rig_soft_rc_req_sent(&e->req, &tx, e->now);
		e->sent++;
		any = true;
	}
	return any;
}

/* The next frame off @w, decoded; false when @w is empty or it was dropped. */
static bool wire_take(struct rc_env *e, struct wire *w, struct rig_soft_roce_pkt *p, bool *any)
{
	struct frame *f = &w->q[w->head % QLEN];

	if (w->head == w->tail)
		return false;
	w->head++;
	*any = true;
	if (rig_soft_roce_decode(f->data, f->len, p) || rig_soft_roce_check_mtu(p, MTU)) {
		e->drops++;
		p->opcode = 0xff;
	}
	return true;
}

static void req_receive(struct rc_env *e, bool *any)
{
	struct rig_soft_rc_place pl;
	struct rig_soft_roce_pkt p;

	while (wire_take(e, &e->ba, &p, any)) {
		if (p.opcode == 0xff ||
		    rig_soft_rc_req_recv(&e->req, &p, e->now, &pl) != RIG_SOFT_RC_PLACE)
			continue;
		/* Nothing a response says places bytes outside its READ. */
		KUNIT_ASSERT_LE(e->test, pl.offset + pl.len, e->len[e->slot_msg[pl.slot]]);
		memcpy(e->rdata[pl.slot] + pl.offset, p.payload, pl.len);
	}
}

/* The responder's caller: a receive for a SEND, a key and range for a READ. */
static enum rig_soft_rc_check resp_check(struct rc_env *e, const struct rig_soft_roce_pkt *p,
					 const struct rig_soft_rc_place *pl)
{
	u32 r;

	if (p->opcode == IB_OPCODE_RC_RDMA_READ_REQUEST)
		return p->rkey != RKEY || p->va < RVA || p->va - RVA + p->dma_len > REGION ?
		       RIG_SOFT_RC_CHECK_ACCESS : RIG_SOFT_RC_CHECK_OK;
	if (pl->first) {
		if (e->now < e->recvs_from)
			return RIG_SOFT_RC_CHECK_NO_RECV;
		KUNIT_ASSERT_LT(e->test, e->recvs_taken, NMSG);
		e->recvs_taken++;
	}
	if (pl->offset + pl->len > MAXLEN)
		return RIG_SOFT_RC_CHECK_LENGTH;
	r = e->recvs_taken - 1;
	memcpy(e->recv[r] + pl->offset, p->payload, pl->len);
	if (pl->last) {
		e->recv_len[r] = pl->offset + pl->len;
		e->recvs_done++;
	}
	return RIG_SOFT_RC_CHECK_OK;
}

static void resp_receive(struct rc_env *e, bool *any)
{
	enum rig_soft_rc_check check;
	struct rig_soft_rc_place pl;
	struct rig_soft_roce_pkt p;

	while (wire_take(e, &e->ab, &p, any)) {
		if (p.opcode == 0xff)
			continue;
		check = RIG_SOFT_RC_CHECK_OK;
		if (rig_soft_rc_resp_classify(&e->resp, &p, &pl) == RIG_SOFT_RC_NEW)
			check = resp_check(e, &p, &pl);
		rig_soft_rc_resp_recv(&e->resp, &p, check);
	}
}

static bool resp_transmit(struct rc_env *e)
{
	struct rig_soft_rc_tx tx;
	bool any = false;

	while (rig_soft_rc_resp_next(&e->resp, &tx)) {
		struct rig_soft_roce_pkt p = {
			.sport = rig_soft_roce_sport(QPN_B, QPN_A),
			.opcode = tx.opcode,
			.psn = tx.psn,
			.dqpn = QPN_A,
			.syndrome = tx.syndrome,
			.msn = tx.msn,
		};

		if (tx.opcode != IB_OPCODE_RC_ACKNOWLEDGE) {
			KUNIT_ASSERT_LE(e->test, tx.va - RVA + tx.len, REGION);
			p.payload = e->region + (tx.va - RVA);
			p.len = tx.len;
		}
		send_pkt(e, &e->ba, &p);
		rig_soft_rc_resp_sent(&e->resp, &tx);
		any = true;
	}
	return any;
}

/* Messages that ended: in order, each once, OK, a READ's bytes right. */
static bool pop_ended(struct rc_env *e)
{
	struct rig_soft_rc_cqe cqe;
	bool any = false;

	while (rig_soft_rc_req_pop(&e->req, &cqe)) {
		u32 msg = e->slot_msg[cqe.slot];

		KUNIT_ASSERT_EQ(e->test, msg, e->ended);
		KUNIT_ASSERT_EQ_MSG(e->test, cqe.status, RIG_SOFT_RC_OK,
				    "message %u: a %s of %u bytes, at %llu ns", msg,
				    cqe.kind == RIG_SOFT_RC_READ ? "READ" : "SEND", cqe.length,
				    e->now);
		if (cqe.kind == RIG_SOFT_RC_READ)
			KUNIT_ASSERT_MEMEQ(e->test, e->rdata[cqe.slot], e->region + e->roff[msg],
					   e->len[msg]);
		e->ended++;
		any = true;
	}
	return any;
}

static void plan(struct rc_env *e)
{
	u32 j;

	for (j = 0; j < REGION; j++)
		e->region[j] = j * 5 + 3;
	for (j = 0; j < NMSG; j++) {
		e->kind[j] = rnd(e, 3) ? RIG_SOFT_RC_SEND : RIG_SOFT_RC_READ;
		e->len[j] = rnd(e, 4) ? rnd(e, MAXLEN + 1) : rnd(e, 3) * MTU;
		e->roff[j] = rnd(e, REGION - e->len[j] + 1);
	}
}

static struct rc_env *run(struct kunit *test, u64 seed, const struct harm *harm, u64 rnr_ns)
{
	static const struct rig_soft_rc_cfg cfg = {
		.mtu = MTU, .timeout = 5, .retry_cnt = 7, .rnr_retry = 7,
		.min_rnr_timer = 2, .max_rd_atomic = 4, .max_dest_rd_atomic = 4, .ack_every = 8,
	};
	struct rc_env *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, e);
	e->test = test;
	prandom_seed_state(&e->rnd, seed);
	e->harm = *harm;
	plan(e);
	e->now = 1000000;
	e->recvs_from = e->now + rnr_ns;
	rig_soft_rc_req_init(&e->req, &cfg, 0xffffff - NMSG);
	rig_soft_rc_resp_init(&e->resp, &cfg, 0xffffff - NMSG);
	for (i = 0; i < ITERS && e->ended < NMSG; i++) {
		bool any = false;
		u64 deadline;

		/* First, so that a go-back on the timeout is sent at once. */
		rig_soft_rc_req_tick(&e->req, e->now);
		post_more(e);
		any |= req_transmit(e);
		resp_receive(e, &any);
		any |= resp_transmit(e);
		req_receive(e, &any);
		any |= pop_ended(e);
		deadline = rig_soft_rc_req_tick(&e->req, e->now);
		e->now += STEP_NS;
		if (!any && deadline != RIG_SOFT_RC_NEVER)
			e->now = max(e->now, deadline);
	}
	kunit_info(test, "seed %llu: %u messages ended after %u iterations, %u packets sent; wire dropped %u, corrupted %u, decoder dropped %u",
		   seed, e->ended, i, e->sent, e->dropped, e->corrupted, e->drops);
	KUNIT_ASSERT_EQ(test, e->ended, NMSG);
	return e;
}

/* Each SEND arrived once, in order, every byte right. */
static void expect_receives(struct kunit *test, struct rc_env *e)
{
	u32 j, r = 0, i;

	for (j = 0; j < NMSG; j++) {
		if (e->kind[j] != RIG_SOFT_RC_SEND)
			continue;
		KUNIT_ASSERT_EQ_MSG(test, e->recv_len[r], e->len[j], "message %u", j);
		for (i = 0; i < e->len[j]; i++)
			if (e->recv[r][i] != pattern(j, i))
				break;
		KUNIT_EXPECT_EQ_MSG(test, i, e->len[j], "message %u", j);
		r++;
	}
	KUNIT_EXPECT_EQ(test, e->recvs_done, r);
	KUNIT_EXPECT_EQ(test, e->recvs_taken, r);
}

static void every_message_ends_once_in_order_over_a_bad_wire(struct kunit *test)
{
	static const u64 seeds[] = { 1, 2, 3, 4, 0xdecafbad };
	static const struct harm harm = { .drop = 5, .dup = 3, .reorder = 5, .corrupt = 3 };
	u32 i;

	for (i = 0; i < ARRAY_SIZE(seeds); i++) {
		u64 seed = rc_seed ?: seeds[i];
		struct rc_env *e = run(test, seed, &harm, 300000);

		expect_receives(test, e);
		KUNIT_EXPECT_EQ(test, e->drops, e->corrupted);
		if (rc_seed)
			break;
	}
}

static void a_clean_wire_needs_no_retransmission(struct kunit *test)
{
	static const struct harm clean = {};
	struct rc_env *e = run(test, rc_seed ?: 7, &clean, 0);
	u32 j, want = 0;

	expect_receives(test, e);
	for (j = 0; j < NMSG; j++)
		want += e->kind[j] == RIG_SOFT_RC_READ ? 1 : rig_soft_rc_npkts(e->len[j], MTU);
	KUNIT_EXPECT_EQ(test, e->sent, want);
	KUNIT_EXPECT_EQ(test, e->drops, 0);
}

/*
 * Long READs over a wire with a rate and a delay, as netem makes one on
 * both ends of a veth: each direction carries one packet per its size at
 * BIG_NS_PER_KIB and holds it BIG_DELAY_NS; of what it carries it loses
 * some, corrupts some (the receiver's ICRC check drops those, as
 * every_message_ends_once_in_order_over_a_bad_wire shows the decoder
 * does), sends some twice (each copy delayed or not on its own draw, as
 * netem enqueues its duplicate again) and sends some at once, so they
 * overtake what is held (netem's reorder).  The packets are decoded
 * structs, not frames: what is measured is the machines' recovery.
 */
#define BIG_DELAY_NS	1000000ULL
#define BIG_NS_PER_KIB	8000		/* about 1 Gb/s, as rxe across a veth */
#define BIG_OVERHEAD	64		/* headers, as the link counts them */
#define BIG_LANE	4096
#define BIG_RKEY	0x77
#define BIG_WASTE	64
#define BIG_BACKLOG	256

/* Percentages of packets the wire loses, duplicates, sends early, corrupts. */
struct big_harm {
	u32 loss;
	u32 dup;
	u32 early;
	u32 corrupt;
};

/* The issue's "netem loss 2% reorder 10% 50% delay 1ms". */
static const struct big_harm big_issue = { .loss = 2, .early = 10 };
/* selftests' wire "netem delay 1ms loss 5% duplicate 5% reorder 25% corrupt 2%". */
static const struct big_harm big_guest = { .loss = 5, .dup = 5, .early = 25, .corrupt = 2 };

/**
 * enum big_peer - what answers the READ, and what asks it
 * @BIG_RIG: our requester reads from our responder
 * @BIG_RXE: our requester reads from a responder that answers as rxe's does
 */
enum big_peer {
	BIG_RIG,
	BIG_RXE,
};

struct big_pkt {
	u64 at;
	u64 va;
	u32 psn;
	u32 len;
	u32 dma_len;
	u8 opcode;
	u8 syndrome;
	bool ackreq;
};

/* Packets in the order they arrive: each lane holds them at one delay. */
struct big_lane {
	struct big_pkt q[BIG_LANE];
	u32 head;
	u32 tail;
};

struct big_link {
	struct big_lane held;
	struct big_lane early;
	u64 free_at;
	u32 lost;
};

/**
 * struct big_rxe_res - a READ as rxe's responder holds it (struct resp_res)
 * @first_psn: its first response's PSN
 * @npkts: its responses
 * @va_org: where its last request, new or again, started
 * @length: the bytes the new request asked
 * @cur_psn: the next response's PSN
 * @va: the next response's address
 * @resid: bytes still to send
 * @replay: asked again from inside: its first response is a Middle
 */
struct big_rxe_res {
	u32 first_psn;
	u32 npkts;
	u64 va_org;
	u32 length;
	u32 cur_psn;
	u64 va;
	u32 resid;
	bool replay;
};

/**
 * struct big_rxe - rxe's responder, for READs (rxe_resp.c)
 * @req: requests as they came (qp->req_pkts), taken one at a time
 * @head: the next to take
 * @tail: one past the last
 * @res: READs accepted, by running count modulo ARRAY_SIZE()
 * @nres: READs accepted
 * @cur: the reply being sent (qp->resp.res), or NULL
 * @epsn: the PSN it expects (qp->resp.psn)
 * @refused: requests asked again that it dropped
 */
struct big_rxe {
	struct rig_soft_roce_pkt req[BIG_BACKLOG];
	u32 head;
	u32 tail;
	struct big_rxe_res res[4];
	u32 nres;
	struct big_rxe_res *cur;
	u32 epsn;
	u32 refused;
};

struct big_env {
	struct kunit *test;
	struct rnd_state rnd;
	u64 now;
	u32 mtu;
	u32 len;
	struct rig_soft_rc_req req;
	struct rig_soft_rc_resp resp;
	struct big_link ab;
	struct big_link ba;
	const struct big_harm *harm;
	struct big_rxe rxe;
	enum big_peer peer;
	u8 *region;
	u8 *data;
	u32 placed;
	u32 requests;
	u32 timeouts;
	u32 responses;
	u32 corrupted;
	u32 duplicated;
	bool ended;
};

static void big_vfree(void *p)
{
	vfree(p);
}

static void *big_vzalloc(struct kunit *test, size_t size)
{
	void *p = vzalloc(size);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, big_vfree, p), 0);
	return p;
}

static u32 big_rnd(struct big_env *e)
{
	return prandom_u32_state(&e->rnd) % 100;
}

/* One copy of a packet on @l, at once or held as its own draw says. */
static void big_lay(struct big_env *e, struct big_link *l, const struct big_pkt *pkt)
{
	bool early = big_rnd(e) < e->harm->early;
	struct big_lane *lane = early ? &l->early : &l->held;
	struct big_pkt *p;

	if (lane->tail - lane->head == BIG_LANE) {
		l->lost++;
		return;
	}
	p = &lane->q[lane->tail++ % BIG_LANE];
	*p = *pkt;
	p->at = l->free_at + (early ? 0 : BIG_DELAY_NS);
}

/* Puts @tx on @l once the link is free; false while it is busy. */
static bool big_push(struct big_env *e, struct big_link *l, const struct rig_soft_rc_tx *tx,
		     u64 va)
{
	bool read = tx->opcode == IB_OPCODE_RC_RDMA_READ_REQUEST;
	u32 len = read || tx->opcode == IB_OPCODE_RC_ACKNOWLEDGE ? 0 : tx->len;
	const struct big_pkt pkt = {
		.va = va,
		.psn = tx->psn,
		.len = len,
		.dma_len = read ? tx->len : 0,
		.opcode = tx->opcode,
		.syndrome = tx->syndrome,
		.ackreq = tx->ackreq,
	};

	if (l->free_at > e->now)
		return false;
	l->free_at = e->now + (u64)(len + BIG_OVERHEAD) * BIG_NS_PER_KIB / 1024;
	if (big_rnd(e) < e->harm->loss) {
		l->lost++;
		return true;
	}
	if (big_rnd(e) < e->harm->corrupt) {
		e->corrupted++;
		return true;
	}
	big_lay(e, l, &pkt);
	if (big_rnd(e) < e->harm->dup) {
		e->duplicated++;
		big_lay(e, l, &pkt);
	}
	return true;
}

/* The next packet of @l that has arrived by now, as the receiver decodes it. */
static bool big_take(struct big_env *e, struct big_link *l, struct rig_soft_roce_pkt *pkt)
{
	struct big_lane *lane = &l->held;
	struct big_pkt *p;

	if (l->early.head != l->early.tail &&
	    (lane->head == lane->tail ||
	     l->early.q[l->early.head % BIG_LANE].at < lane->q[lane->head % BIG_LANE].at))
		lane = &l->early;
	p = &lane->q[lane->head % BIG_LANE];
	if (lane->head == lane->tail || p->at > e->now)
		return false;
	lane->head++;
	*pkt = (struct rig_soft_roce_pkt){
		.opcode = p->opcode,
		.ackreq = p->ackreq,
		.psn = p->psn,
		.va = p->va,
		.rkey = BIG_RKEY,
		.dma_len = p->dma_len,
		.syndrome = p->syndrome,
		.len = p->len,
	};
	if (p->len)
		pkt->payload = e->region + (p->va - RVA);
	return true;
}

/* When the next packet of @l arrives, or RIG_SOFT_RC_NEVER. */
static u64 big_next_at(const struct big_link *l)
{
	u64 at = RIG_SOFT_RC_NEVER;

	if (l->held.head != l->held.tail)
		at = l->held.q[l->held.head % BIG_LANE].at;
	if (l->early.head != l->early.tail)
		at = min(at, l->early.q[l->early.head % BIG_LANE].at);
	return at;
}

static void big_requester(struct big_env *e)
{
	struct rig_soft_rc_place pl;
	struct rig_soft_rc_tx tx;
	struct rig_soft_rc_cqe cqe;
	struct rig_soft_roce_pkt p;

	if (e->now >= e->req.ack_deadline)
		e->timeouts++;
	rig_soft_rc_req_tick(&e->req, e->now);
	while (rig_soft_rc_req_next(&e->req, e->now, &tx) &&
	       big_push(e, &e->ab, &tx, RVA + tx.offset)) {
		rig_soft_rc_req_sent(&e->req, &tx, e->now);
		e->requests++;
	}
	while (big_take(e, &e->ba, &p)) {
		if (rig_soft_rc_req_recv(&e->req, &p, e->now, &pl) != RIG_SOFT_RC_PLACE)
			continue;
		/* In order, each byte once. */
		KUNIT_ASSERT_EQ(e->test, pl.offset, e->placed);
		KUNIT_ASSERT_LE(e->test, pl.offset + pl.len, e->len);
		memcpy(e->data + pl.offset, p.payload, pl.len);
		e->placed += pl.len;
	}
	while (rig_soft_rc_req_pop(&e->req, &cqe)) {
		KUNIT_ASSERT_FALSE(e->test, e->ended);
		KUNIT_ASSERT_EQ(e->test, cqe.status, RIG_SOFT_RC_OK);
		KUNIT_ASSERT_EQ(e->test, cqe.length, e->len);
		e->ended = true;
	}
}

static void big_responder(struct big_env *e)
{
	struct rig_soft_rc_tx tx;
	struct rig_soft_roce_pkt p;

	while (big_take(e, &e->ab, &p)) {
		enum rig_soft_rc_check check = RIG_SOFT_RC_CHECK_OK;

		if (rig_soft_rc_resp_classify(&e->resp, &p, NULL) == RIG_SOFT_RC_NEW &&
		    (p.rkey != BIG_RKEY || p.va - RVA + p.dma_len > e->len))
			check = RIG_SOFT_RC_CHECK_ACCESS;
		rig_soft_rc_resp_recv(&e->resp, &p, check);
	}
	while (rig_soft_rc_resp_next(&e->resp, &tx) && big_push(e, &e->ba, &tx, tx.va)) {
		rig_soft_rc_resp_sent(&e->resp, &tx);
		e->responses++;
	}
}

/* rxe's find_resource(): the READ accepted whose responses include @psn. */
static struct big_rxe_res *big_rxe_find(struct big_rxe *x, u32 psn)
{
	u32 i;

	for (i = 0; i < min_t(u32, x->nres, ARRAY_SIZE(x->res)); i++)
		if (rig_soft_psn_in(psn, x->res[i].first_psn, x->res[i].npkts))
			return &x->res[i];
	return NULL;
}

/*
 * The next request, as rxe's responder takes it once no reply is being
 * sent (get_req()): a new READ, or one asked again (duplicate_request()),
 * which it answers only if it asks for a part of the bytes from where
 * the last request for that READ started on (va_org moves there), else
 * drops.  Only READs come here, each at the PSN it expects or before.
 */
static void big_rxe_take(struct big_env *e, struct big_rxe *x)
{
	const struct rig_soft_roce_pkt *p = &x->req[x->head++ % BIG_BACKLOG];
	struct big_rxe_res *res;

	if (!rig_soft_psn_cmp(p->psn, x->epsn)) {
		res = &x->res[x->nres++ % ARRAY_SIZE(x->res)];
		*res = (struct big_rxe_res){
			.first_psn = p->psn,
			.npkts = rig_soft_rc_npkts(p->dma_len, e->mtu),
			.length = p->dma_len,
		};
		x->epsn = rig_soft_psn_add(p->psn, res->npkts);
	} else {
		res = big_rxe_find(x, p->psn);
		if (!res || rig_soft_psn_cmp(p->psn, x->epsn) > 0 || p->va < res->va_org ||
		    p->dma_len > res->length || p->va + p->dma_len > res->va_org + res->length) {
			x->refused++;
			return;
		}
	}
	res->cur_psn = p->psn;
	res->replay = p->psn != res->first_psn;
	res->va_org = p->va;
	res->va = p->va;
	res->resid = p->dma_len;
	x->cur = res;
}

/* rxe's read_reply(): First or Only when new, else Middle, and Last to end. */
static void big_rxe_reply(struct big_env *e, struct big_rxe *x)
{
	struct big_rxe_res *res = x->cur;
	bool first = !res->replay && res->va == res->va_org;
	struct rig_soft_rc_tx tx = {
		.psn = res->cur_psn,
		.len = min(e->mtu, res->resid),
		.syndrome = RIG_SOFT_SYN_ACK | RIG_SOFT_SYN_CREDITS_NONE,
	};

	if (first)
		tx.opcode = res->resid <= e->mtu ? IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY :
			    IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST;
	else
		tx.opcode = res->resid > e->mtu ? IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE :
			    IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST;
	if (!big_push(e, &e->ba, &tx, res->va))
		return;
	e->responses++;
	res->va += tx.len;
	res->resid -= tx.len;
	res->cur_psn = rig_soft_psn_add(res->cur_psn, 1);
	if (!res->resid)
		x->cur = NULL;
}

static void big_rxe_responder(struct big_env *e)
{
	struct big_rxe *x = &e->rxe;
	struct rig_soft_roce_pkt p;

	while (big_take(e, &e->ab, &p))
		if (p.opcode == IB_OPCODE_RC_RDMA_READ_REQUEST &&
		    x->tail - x->head < BIG_BACKLOG)
			x->req[x->tail++ % BIG_BACKLOG] = p;
	while (e->ba.free_at <= e->now) {
		if (!x->cur && x->head != x->tail)
			big_rxe_take(e, x);
		else if (x->cur)
			big_rxe_reply(e, x);
		else
			break;
	}
}

/* The next moment anything can happen. */
static u64 big_next(struct big_env *e)
{
	struct rig_soft_rc_tx tx;
	u64 at = min(big_next_at(&e->ab), big_next_at(&e->ba));

	at = min(at, e->req.ack_deadline);
	if (e->peer == BIG_RIG ? rig_soft_rc_resp_next(&e->resp, &tx) :
	    e->rxe.cur || e->rxe.head != e->rxe.tail)
		at = min(at, e->ba.free_at);
	if (rig_soft_rc_req_next(&e->req, e->now, &tx))
		at = min(at, e->ab.free_at);
	return max(at, e->now + 1);
}

/*
 * One READ of @len bytes at @mtu from @peer over a wire that does @harm;
 * returns the fake time it took, or RIG_SOFT_RC_NEVER when it had not
 * ended by @limit_ns.
 */
static u64 big_read(struct kunit *test, u64 seed, u32 len, u32 mtu, const struct big_harm *harm,
		    enum big_peer peer, u64 limit_ns)
{
	const struct rig_soft_rc_cfg cfg = {
		.mtu = mtu, .timeout = 14, .retry_cnt = 7, .rnr_retry = 7,
		.max_rd_atomic = 4, .max_dest_rd_atomic = 4, .ack_every = 8,
	};
	struct big_env *e = big_vzalloc(test, sizeof(*e));
	u32 slot, i;
	u64 t0;

	e->test = test;
	prandom_seed_state(&e->rnd, seed);
	e->harm = harm;
	e->peer = peer;
	e->mtu = mtu;
	e->len = len;
	e->region = big_vzalloc(test, len);
	e->data = big_vzalloc(test, len);
	for (i = 0; i < len; i += 4)
		*(u32 *)(e->region + i) = i * 2654435761U + 1;
	e->now = 1000000;
	t0 = e->now;
	rig_soft_rc_req_init(&e->req, &cfg, 0xfffff0);
	rig_soft_rc_resp_init(&e->resp, &cfg, 0xfffff0);
	e->rxe.epsn = 0xfffff0;
	KUNIT_ASSERT_EQ(test, rig_soft_rc_req_post(&e->req, RIG_SOFT_RC_READ, len, &slot), 0);
	/* A transfer that sends its data many times over has failed already. */
	while (!e->ended && !e->req.error && e->now - t0 < limit_ns &&
	       e->responses / BIG_WASTE <= rig_soft_rc_npkts(len, mtu)) {
		big_requester(e);
		if (peer == BIG_RIG)
			big_responder(e);
		else
			big_rxe_responder(e);
		big_requester(e);
		if (!e->ended)
			e->now = big_next(e);
	}
	kunit_info(test, "seed %llu: a READ of %u MiB at MTU %u from %s (loss %u%%, dup %u%%, early %u%%, corrupt %u%%) %s after %llu.%03llu s of fake time: %u requests (%u timeouts), %u responses; lost %u and %u, corrupted %u, duplicated %u, refused %u",
		   seed, len >> 20, mtu, peer == BIG_RIG ? "rig" : "rxe", harm->loss, harm->dup,
		   harm->early, harm->corrupt, e->ended ? "ended" : "had not ended",
		   (e->now - t0) / 1000000000, (e->now - t0) / 1000000 % 1000, e->requests,
		   e->timeouts, e->responses, e->ab.lost, e->ba.lost, e->corrupted,
		   e->duplicated, e->rxe.refused);
	KUNIT_EXPECT_FALSE(test, e->req.error);
	if (!e->ended)
		return RIG_SOFT_RC_NEVER;
	KUNIT_EXPECT_EQ(test, e->placed, len);
	KUNIT_EXPECT_EQ(test, memcmp(e->data, e->region, len), 0);
	return e->now - t0;
}

/*
 * Under loss and netem's reordering most gaps in a READ's responses are
 * packets overtaken, which go-back-N must ask for again all the same: a
 * gap about every eighth packet, one re-request and one round trip each,
 * and a lost re-request costs an ACK timeout (67 ms at timeout 14).  The
 * limits stay well inside rig's 5 s + 2 s per MiB (21 s, 133 s) of
 * waiting for a completion.  Each seed and time is printed.
 */
static void big_reads(struct kunit *test, u32 len, const struct big_harm *harm,
		      enum big_peer peer, u64 limit_ns)
{
	static const u32 mtus[] = { 1024, 4096 };
	u32 i;

	for (i = 0; i < ARRAY_SIZE(mtus); i++)
		KUNIT_EXPECT_LT(test, big_read(test, rc_seed ?: 5 + i, len, mtus[i], harm, peer,
					       limit_ns), limit_ns);
}

static void an_8_mib_read_ends_over_a_lossy_reordering_wire(struct kunit *test)
{
	big_reads(test, SZ_8M, &big_issue, BIG_RIG, 6ULL * NSEC_PER_SEC);
}

static void a_64_mib_read_ends_over_a_lossy_reordering_wire(struct kunit *test)
{
	big_reads(test, SZ_64M, &big_issue, BIG_RIG, 40ULL * NSEC_PER_SEC);
}

static void an_8_mib_read_ends_over_a_duplicating_corrupting_wire(struct kunit *test)
{
	big_reads(test, SZ_8M, &big_guest, BIG_RIG, 15ULL * NSEC_PER_SEC);
}

static void a_64_mib_read_ends_over_a_duplicating_corrupting_wire(struct kunit *test)
{
	big_reads(test, SZ_64M, &big_guest, BIG_RIG, 100ULL * NSEC_PER_SEC);
}

/*
 * rxe's responder finishes the reply it is sending before it looks at a
 * READ asked again, then replays all that is asked, and drops a request
 * that starts before the last one for that READ did.
 */
static void an_8_mib_read_from_rxe_ends_over_a_lossy_reordering_wire(struct kunit *test)
{
	big_reads(test, SZ_8M, &big_issue, BIG_RXE, 6ULL * NSEC_PER_SEC);
}

static void a_64_mib_read_from_rxe_ends_over_a_lossy_reordering_wire(struct kunit *test)
{
	big_reads(test, SZ_64M, &big_issue, BIG_RXE, 40ULL * NSEC_PER_SEC);
}

static void an_8_mib_read_from_rxe_ends_over_a_duplicating_corrupting_wire(struct kunit *test)
{
	big_reads(test, SZ_8M, &big_guest, BIG_RXE, 15ULL * NSEC_PER_SEC);
}

static void a_64_mib_read_from_rxe_ends_over_a_duplicating_corrupting_wire(struct kunit *test)
{
	big_reads(test, SZ_64M, &big_guest, BIG_RXE, 100ULL * NSEC_PER_SEC);
}

static struct kunit_case rig_soft_rc_test_cases[] = {
	KUNIT_CASE(every_message_ends_once_in_order_over_a_bad_wire),
	KUNIT_CASE(a_clean_wire_needs_no_retransmission),
	KUNIT_CASE(an_8_mib_read_ends_over_a_lossy_reordering_wire),
	KUNIT_CASE(a_64_mib_read_ends_over_a_lossy_reordering_wire),
	KUNIT_CASE(an_8_mib_read_ends_over_a_duplicating_corrupting_wire),
	KUNIT_CASE(a_64_mib_read_ends_over_a_duplicating_corrupting_wire),
	KUNIT_CASE(an_8_mib_read_from_rxe_ends_over_a_lossy_reordering_wire),
	KUNIT_CASE(a_64_mib_read_from_rxe_ends_over_a_lossy_reordering_wire),
	KUNIT_CASE(an_8_mib_read_from_rxe_ends_over_a_duplicating_corrupting_wire),
	KUNIT_CASE(a_64_mib_read_from_rxe_ends_over_a_duplicating_corrupting_wire),
	{}
};

static struct kunit_suite rig_soft_rc_test_suite = {
	.name = "rig_soft_rc_test",
	.test_cases = rig_soft_rc_test_cases,
};

kunit_test_suite(rig_soft_rc_test_suite);
