// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fuzz target "rc": the model's RC requester and responder
 * (kernel/soft/rc_req.c, rc_resp.c) joined by two queues of packets, with
 * the input as the script of what happens: messages posted, packets sent,
 * delivered, dropped, duplicated or swapped, time passing, the caller's
 * verdict on each new request, and hostile packets a peer could send
 * (any opcode, PSN, length, syndrome, MSN, RETH), each first through the
 * encoder, the decoder and the path MTU check as the model's wire.c does
 * before a machine sees it.  Beyond the sanitizers and WARN_ON_ONCE (an
 * abort here), what the model's caller relies on must hold: packets to
 * send fit the path MTU and their message, payload to place lies inside
 * its READ, completions come once each in the order of posting, and a
 * READ the responder accepts takes exactly the PSNs its length needs.
 * This file owns the target; the seeds are seeds.c's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "rc.h"

#define QLEN	64
#define OPS_MAX	4096

struct queue {
	struct rig_soft_roce_pkt q[QLEN];
	u32 head, tail;
};

struct env {
	const u8 *in, *end;
	u64 now;
	struct rig_soft_rc_cfg cfg;
	struct rig_soft_rc_req req;
	struct rig_soft_rc_resp resp;
	struct queue ab, ba;	/* requester to responder, and back */
	/* what was posted, by running index modulo the window */
	u8 kind[RIG_SOFT_RC_WINDOW];
	u32 length[RIG_SOFT_RC_WINDOW];
	u32 posted, popped;
};

static const u8 zeros[RIG_SOFT_ROCE_MTU_MAX];
static u8 frame[RIG_SOFT_ROCE_FRAME_MAX];

static u32 take(struct env *e, unsigned int bytes)
{
	u32 v = 0;

	while (bytes--)
		v = v << 8 | (e->in < e->end ? *e->in++ : 0);
	return v;
}

static void push(struct queue *w, const struct rig_soft_roce_pkt *p)
{
	if (w->tail - w->head < QLEN)
		w->q[w->tail++ % QLEN] = *p;
}

static struct rig_soft_roce_pkt *head(struct queue *w)
{
	return w->head == w->tail ? NULL : &w->q[w->head % QLEN];
}

static void post(struct env *e)
{
	u8 kind = take(e, 1) & 1;
	u32 length = take(e, 3), slot;

	if (rig_soft_rc_req_post(&e->req, kind, length, &slot))
		return;
	must(slot == e->posted % RIG_SOFT_RC_WINDOW);
	e->kind[slot] = kind;
	e->length[slot] = length;
	e->posted++;
}

/* Whether @slot names a message posted and not yet handed back. */
static bool held(const struct env *e, u32 slot)
{
	return slot < RIG_SOFT_RC_WINDOW && (slot - e->popped) % RIG_SOFT_RC_WINDOW <
					    e->posted - e->popped;
}

static void req_send(struct env *e)
{
	struct rig_soft_rc_tx tx;

	for (int n = 0; n < QLEN && rig_soft_rc_req_next(&e->req, e->now, &tx); n++) {
		struct rig_soft_roce_pkt p = {
			.opcode = tx.opcode, .ackreq = tx.ackreq, .psn = tx.psn,
			.payload = zeros,
		};

		must(held(e, tx.slot) && tx.psn <= RIG_SOFT_BTH_PSN);
		must((u64)tx.offset + tx.len <= e->length[tx.slot]);
		if (tx.opcode == IB_OPCODE_RC_RDMA_READ_REQUEST) {
			must(e->kind[tx.slot] == RIG_SOFT_RC_READ);
			p.dma_len = tx.len;
		} else {
			must(e->kind[tx.slot] == RIG_SOFT_RC_SEND && tx.len <= e->cfg.mtu);
			must(rig_soft_roce_opf(tx.opcode) & RIG_SOFT_OPF_REQUEST);
			p.len = tx.len;
			p.pad = -tx.len & 3;
		}
		rig_soft_rc_req_sent(&e->req, &tx, e->now);
		push(&e->ab, &p);
	}
}

static void resp_send(struct env *e)
{
	struct rig_soft_rc_tx tx;

	for (int n = 0; n < QLEN && rig_soft_rc_resp_next(&e->resp, &tx); n++) {
		u8 opf = rig_soft_roce_opf(tx.opcode);
		struct rig_soft_roce_pkt p = {
			.opcode = tx.opcode, .psn = tx.psn, .syndrome = tx.syndrome,
			.msn = tx.msn, .payload = zeros, .len = tx.len,
			.pad = -tx.len & 3,
		};

		must(opf && !(opf & RIG_SOFT_OPF_REQUEST) && tx.psn <= RIG_SOFT_BTH_PSN);
		must(tx.len <= e->cfg.mtu && (tx.len == 0 || (opf & RIG_SOFT_OPF_PAYLOAD)));
		rig_soft_rc_resp_sent(&e->resp, &tx);
		push(&e->ba, &p);
	}
}

static void to_resp(struct env *e, const struct rig_soft_roce_pkt *p)
{
	u8 verdict = take(e, 1);
	enum rig_soft_rc_check check = verdict < 0xc0 ? RIG_SOFT_RC_CHECK_OK : verdict % 5;
	enum rig_soft_rc_class cls = rig_soft_rc_resp_classify(&e->resp, p, NULL);
	u32 epsn = e->resp.epsn;

	rig_soft_rc_resp_recv(&e->resp, p, check);
	/* A READ taken holds the PSNs of every response its length needs. */
	if (cls == RIG_SOFT_RC_NEW && check == RIG_SOFT_RC_CHECK_OK && !e->resp.error &&
	    p->opcode == IB_OPCODE_RC_RDMA_READ_REQUEST) {
		u64 n = p->dma_len ? ((u64)p->dma_len + e->cfg.mtu - 1) / e->cfg.mtu : 1;

		must(n <= RIG_SOFT_RC_PSN_WINDOW);
		must(e->resp.epsn == rig_soft_psn_add(epsn, (u32)n));
	}
}

static void to_req(struct env *e, const struct rig_soft_roce_pkt *p)
{
	bool unwritable = take(e, 1) == 0xff;
	struct rig_soft_rc_place pl;

	if (rig_soft_rc_req_recv(&e->req, p, e->now, &pl) != RIG_SOFT_RC_PLACE)
		return;
	must(held(e, pl.slot) && e->kind[pl.slot] == RIG_SOFT_RC_READ);
	must((u64)pl.offset + pl.len <= e->length[pl.slot] && pl.len == p->len);
	if (unwritable)
		rig_soft_rc_req_fail(&e->req, RIG_SOFT_RC_LOCAL);
}

/* A PSN near one the machines hold, or any. */
static u32 some_psn(struct env *e)
{
	u8 how = take(e, 1);
	u32 base = how & 0x80 ? e->resp.epsn : how & 0x40 ? e->req.una_psn : e->req.cur_psn;

	if ((how & 0x30) == 0x30)
		return take(e, 3);
	return rig_soft_psn_add(base, (u32)(s32)(int8_t)take(e, 1));
}

/* A packet a peer could send, as the model's wire would hand it on: or NULL. */
static const struct rig_soft_roce_pkt *hostile(struct env *e, struct rig_soft_roce_pkt *p)
{
	static const u8 ops[] = FUZZ_RC_OPCODES;
	struct rig_soft_roce_pkt in = {
		.opcode = ops[take(e, 1) % ARRAY_SIZE(ops)],
		.psn = some_psn(e),
		.len = take(e, 2) % (RIG_SOFT_ROCE_MTU_MAX + 1),
		.ackreq = take(e, 1) & 1,
		.syndrome = take(e, 1),
		.msn = take(e, 3),
		.va = (u64)take(e, 4) << 32 | take(e, 4),
		.rkey = take(e, 4),
		.dma_len = take(e, 4),
		.payload = zeros,
	};
	int n;

	in.pad = -in.len & 3;
	ipv6_addr_set_v4mapped(cpu_to_be32(0x0a000001), &in.saddr);
	ipv6_addr_set_v4mapped(cpu_to_be32(0x0a000002), &in.daddr);
	n = rig_soft_roce_encode(&in, frame, sizeof(frame));
	if (n < 0 || rig_soft_roce_decode(frame, (u32)n, p) ||
	    rig_soft_roce_check_mtu(p, e->cfg.mtu))
		return NULL;
	return p;
}

static void pop(struct env *e)
{
	struct rig_soft_rc_cqe cqe;

	while (rig_soft_rc_req_pop(&e->req, &cqe)) {
		u32 slot = e->popped % RIG_SOFT_RC_WINDOW;

		must(e->popped != e->posted);
		must(cqe.slot == slot && cqe.kind == e->kind[slot] &&
		     cqe.length == e->length[slot]);
		e->popped++;
	}
}

static void step(struct env *e)
{
	struct rig_soft_roce_pkt p, *h;
	struct queue *w;

	switch (take(e, 1) % 12) {
	case 0:
		post(e);
		break;
	case 1:
		req_send(e);
		break;
	case 2:
		resp_send(e);
		break;
	case 3:
		if ((h = head(&e->ab))) {
			p = *h;
			e->ab.head++;
			to_resp(e, &p);
		}
		break;
	case 4:
		if ((h = head(&e->ba))) {
			p = *h;
			e->ba.head++;
			to_req(e, &p);
		}
		break;
	case 5:		/* lost */
		w = take(e, 1) & 1 ? &e->ab : &e->ba;
		if (head(w))
			w->head++;
		break;
	case 6:		/* duplicated */
		w = take(e, 1) & 1 ? &e->ab : &e->ba;
		if ((h = head(w)))
			push(w, h);
		break;
	case 7:		/* reordered */
		w = take(e, 1) & 1 ? &e->ab : &e->ba;
		if (w->tail - w->head >= 2) {
			p = w->q[w->head % QLEN];
			w->q[w->head % QLEN] = w->q[(w->head + 1) % QLEN];
			w->q[(w->head + 1) % QLEN] = p;
		}
		break;
	case 8:
		e->now += (u64)take(e, 2) << (take(e, 1) % 32);
		rig_soft_rc_req_tick(&e->req, e->now);
		break;
	case 9:
		if (hostile(e, &p))
			to_req(e, &p);
		break;
	case 10:
		if (hostile(e, &p))
			to_resp(e, &p);
		break;
	default:
		pop(e);
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct env env;
	struct env *e = &env;
	u32 psn;

	memset(e, 0, sizeof(*e));
	e->in = data;
	e->end = data + size;
	e->cfg = (struct rig_soft_rc_cfg){
		.mtu = 256u << (take(e, 1) % 5),
		.timeout = take(e, 1) % 32,
		.retry_cnt = take(e, 1) % 8,
		.rnr_retry = take(e, 1) % 8,
		.min_rnr_timer = take(e, 1) % 32,
		.max_rd_atomic = take(e, 1) % (RIG_SOFT_RC_RD_MAX + 1),
		.max_dest_rd_atomic = take(e, 1) % (RIG_SOFT_RC_RD_MAX + 1),
		.ack_every = take(e, 1) % 8,
	};
	psn = take(e, 3);
	rig_soft_rc_req_init(&e->req, &e->cfg, psn);
	rig_soft_rc_resp_init(&e->resp, &e->cfg, psn);
	for (int i = 0; i < OPS_MAX && e->in < e->end; i++) {
		step(e);
		pop(e);
	}
	return 0;
}
