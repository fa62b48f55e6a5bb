// SPDX-License-Identifier: GPL-2.0-only
/*
 * The RC responder as a pure state machine (rc.h): requests are accepted
 * at the expected PSN only and in an order of opcodes that makes
 * messages; a duplicate is acknowledged again, or (a READ) answered again
 * from the PSN asked for; a request from the future earns one NAK for the
 * sequence error until the expected PSN comes; a SEND with no receive
 * earns an RNR NAK; a request the caller refuses, or a SEND longer than
 * IBA's 2^31 bytes, earns the NAK that says why, and stops the
 * responder.  ACKs are coalesced: one on AckReq or every @ack_every
 * requests.  READ responses go out in order, before any ACK that would
 * acknowledge past them.  This file owns those decisions; checking keys,
 * ranges and receives and moving the bytes are the caller's.  No lock of
 * its own: the caller holds its QP's.
 */
#include <linux/minmax.h>
#include <linux/string.h>

#include "rc.h"

#define RIG_SOFT_RC_ACK	(RIG_SOFT_SYN_ACK | RIG_SOFT_SYN_CREDITS_NONE)

/**
 * rig_soft_rc_resp_init() - a responder expecting its first PSN
 * @resp: the responder, any previous state discarded
 * @cfg: its attributes (MODIFY_QP's), copied; @max_dest_rd_atomic is
 *	 taken as 1 to RIG_SOFT_RC_RD_MAX
 * @psn: the first PSN it expects (the QP's rq_psn)
 */
void rig_soft_rc_resp_init(struct rig_soft_rc_resp *resp, const struct rig_soft_rc_cfg *cfg,
			   u32 psn)
{
	memset(resp, 0, sizeof(*resp));
	resp->cfg = *cfg;
	resp->cfg.ack_every = max_t(u16, cfg->ack_every, 1);
	resp->cfg.max_dest_rd_atomic = clamp_t(u8, cfg->max_dest_rd_atomic, 1, RIG_SOFT_RC_RD_MAX);
	resp->epsn = psn & RIG_SOFT_BTH_PSN;
}

/**
 * rig_soft_rc_resp_classify() - where a request stands
 * @resp: the responder
 * @pkt: a decoded packet for its QP, checked against the path MTU
 * @place: when not NULL and the class is RIG_SOFT_RC_NEW for a SEND:
 *	   where its payload goes in the message, whether it is the first
 *	   (take a receive) and whether the message ends with it
 *
 * Changes nothing: between this and rig_soft_rc_resp_recv() the caller
 * checks a new request and, for a SEND, writes its payload.
 *
 * Return: the class.
 */
enum rig_soft_rc_class rig_soft_rc_resp_classify(const struct rig_soft_rc_resp *resp,
						 const struct rig_soft_roce_pkt *pkt,
						 struct rig_soft_rc_place *place)
{
	u8 opf = rig_soft_roce_opf(pkt->opcode);
	s32 d;

	if (resp->error || !(opf & RIG_SOFT_OPF_REQUEST))
		return RIG_SOFT_RC_IGNORE;
	d = rig_soft_psn_cmp(pkt->psn, resp->epsn);
	if (d)
		return d < 0 ? RIG_SOFT_RC_DUP : RIG_SOFT_RC_FUTURE;
	if (pkt->opcode == IB_OPCODE_RC_RDMA_READ_REQUEST)
		return resp->in_send ? RIG_SOFT_RC_BAD_SEQ : RIG_SOFT_RC_NEW;
	if (resp->in_send == !!(opf & RIG_SOFT_OPF_FIRST))
		return RIG_SOFT_RC_BAD_SEQ;
	/* A run of Middles would take a 32-bit offset round to the start. */
	if (resp->in_send && (u64)resp->send_off + pkt->len > RIG_SOFT_RC_MSG_MAX)
		return RIG_SOFT_RC_TOO_LONG;
	if (place)
		*place = (struct rig_soft_rc_place){
			.offset = resp->in_send ? resp->send_off : 0,
			.len = pkt->len,
			.first = opf & RIG_SOFT_OPF_FIRST,
			.last = opf & RIG_SOFT_OPF_LAST,
		};
	return RIG_SOFT_RC_NEW;
}

/* An ACK or NAK to send once the READ responses before it have gone. */
static void rig_soft_rc_resp_ack(struct rig_soft_rc_resp *resp, u8 syndrome, u32 psn)
{
	resp->ack_due = true;
	resp->ack_syn = syndrome;
	resp->ack_psn = psn;
}

/* A NAK that ends the connection: the responder accepts nothing more. */
static enum rig_soft_rc_verdict rig_soft_rc_resp_fatal(struct rig_soft_rc_resp *resp, u8 code,
						       u32 psn)
{
	rig_soft_rc_resp_ack(resp, RIG_SOFT_SYN_NAK | code, psn);
	resp->error = true;
	return RIG_SOFT_RC_TAKEN;
}

/* A pending NAK for a PSN that has now come is moot. */
static void rig_soft_rc_resp_moot(struct rig_soft_rc_resp *resp)
{
	resp->nak_sent = false;
	if (resp->ack_due && (resp->ack_syn & RIG_SOFT_SYN_TYPE) != RIG_SOFT_SYN_ACK)
		resp->ack_due = false;
}

static void rig_soft_rc_resp_send(struct rig_soft_rc_resp *resp,
				  const struct rig_soft_roce_pkt *pkt)
{
	u8 opf = rig_soft_roce_opf(pkt->opcode);

	rig_soft_rc_resp_moot(resp);
	resp->epsn = rig_soft_psn_add(resp->epsn, 1);
	resp->in_send = !(opf & RIG_SOFT_OPF_LAST);
	resp->send_off = resp->in_send ? resp->send_off + pkt->len : 0;
	if (opf & RIG_SOFT_OPF_LAST)
		resp->msn = rig_soft_psn_add(resp->msn, 1);
	if (pkt->ackreq || ++resp->unacked >= resp->cfg.ack_every)
		rig_soft_rc_resp_ack(resp, RIG_SOFT_RC_ACK, 0);
}

static struct rig_soft_rc_rd *rig_soft_rc_job(struct rig_soft_rc_resp *resp, u32 idx)
{
	return &resp->job[idx % RIG_SOFT_RC_RD_MAX];
}

static enum rig_soft_rc_verdict rig_soft_rc_resp_read(struct rig_soft_rc_resp *resp,
						      const struct rig_soft_roce_pkt *pkt)
{
	struct rig_soft_rc_rd rd = {
		.psn = pkt->psn,
		.npkts = rig_soft_rc_npkts(pkt->dma_len, resp->cfg.mtu),
		.va = pkt->va,
		.rkey = pkt->rkey,
		.len = pkt->dma_len,
	};

	/* More READs than it offered to queue, or longer than PSNs allow. */
	if (resp->job_tail - resp->job_head >= resp->cfg.max_dest_rd_atomic ||
	    rd.npkts > RIG_SOFT_RC_PSN_WINDOW)
		return rig_soft_rc_resp_fatal(resp, RIG_SOFT_NAK_INV_REQ, pkt->psn);
	rig_soft_rc_resp_moot(resp);
	resp->rd[resp->rd_count++ % resp->cfg.max_dest_rd_atomic] = rd;
	*rig_soft_rc_job(resp, resp->job_tail++) = rd;
	resp->epsn = rig_soft_psn_add(resp->epsn, rd.npkts);
	resp->msn = rig_soft_psn_add(resp->msn, 1);
	/* Its responses acknowledge every request before it. */
	resp->unacked = 0;
	resp->ack_due = false;
	return RIG_SOFT_RC_TAKEN;
}

/* The READ accepted earlier whose responses include @psn; or NULL. */
static const struct rig_soft_rc_rd *rig_soft_rc_rd_of(const struct rig_soft_rc_resp *resp,
						      u32 psn)
{
	u32 n = min_t(u32, resp->rd_count, resp->cfg.max_dest_rd_atomic), i;

	for (i = resp->rd_count - n; i != resp->rd_count; i++) {
		const struct rig_soft_rc_rd *rd = &resp->rd[i % resp->cfg.max_dest_rd_atomic];

		if (rig_soft_psn_in(psn, rd->psn, rd->npkts))
			return rd;
	}
	return NULL;
}

/*
 * A READ again: the requester went back and lost responses from this PSN
 * on.  It may ask for a part of what was checked when the READ was new,
 * from this PSN's address, to the READ's end or to a packet's (so that
 * every PSN is the READ's): the replay touches nothing the caller has not
 * allowed.  rxe's duplicate_request() takes any part too; a requester
 * asking again in pieces depends on it.  Queued responses at or after
 * this PSN go: the requester asks for them again.
 */
static enum rig_soft_rc_verdict rig_soft_rc_resp_reread(struct rig_soft_rc_resp *resp,
							const struct rig_soft_roce_pkt *pkt)
{
	const struct rig_soft_rc_rd *rd = rig_soft_rc_rd_of(resp, pkt->psn);
	u32 i, off;

	if (!rd)
		return RIG_SOFT_RC_DROP;
	i = rig_soft_psn_dist(rd->psn, pkt->psn);
	off = i * resp->cfg.mtu;
	if (pkt->rkey != rd->rkey || pkt->va != rd->va + off || pkt->dma_len > rd->len - off ||
	    (pkt->dma_len != rd->len - off && (!pkt->dma_len || pkt->dma_len % resp->cfg.mtu)))
		return RIG_SOFT_RC_DROP;
	while (resp->job_tail != resp->job_head) {
		const struct rig_soft_rc_rd *last = rig_soft_rc_job(resp, resp->job_tail - 1);

		if (rig_soft_psn_cmp(rig_soft_psn_add(last->psn, last->npkts), pkt->psn) <= 0)
			break;
		if (--resp->job_tail == resp->job_head)
			resp->job_sent = 0;
	}
	if (resp->job_tail - resp->job_head == RIG_SOFT_RC_RD_MAX)
		return RIG_SOFT_RC_DROP;
	*rig_soft_rc_job(resp, resp->job_tail++) = (struct rig_soft_rc_rd){
		.psn = pkt->psn,
		.npkts = rig_soft_rc_npkts(pkt->dma_len, resp->cfg.mtu),
		.va = pkt->va,
		.rkey = rd->rkey,
		.len = pkt->dma_len,
		.inside = i != 0,
	};
	return RIG_SOFT_RC_TAKEN;
}

/* A request for an earlier PSN: acknowledge again, or replay a READ. */
static enum rig_soft_rc_verdict rig_soft_rc_resp_dup(struct rig_soft_rc_resp *resp,
						     const struct rig_soft_roce_pkt *pkt)
{
	if (pkt->opcode == IB_OPCODE_RC_RDMA_READ_REQUEST)
		return rig_soft_rc_resp_reread(resp, pkt);
	rig_soft_rc_resp_ack(resp, RIG_SOFT_RC_ACK, 0);
	return RIG_SOFT_RC_TAKEN;
}

/* A new request the caller has checked. */
static enum rig_soft_rc_verdict rig_soft_rc_resp_new(struct rig_soft_rc_resp *resp,
						     const struct rig_soft_roce_pkt *pkt,
						     enum rig_soft_rc_check check)
{
	switch (check) {
	case RIG_SOFT_RC_CHECK_OK:
		break;
	case RIG_SOFT_RC_CHECK_NO_RECV:
		rig_soft_rc_resp_ack(resp, RIG_SOFT_SYN_RNR_NAK | resp->cfg.min_rnr_timer,
				     pkt->psn);
		resp->nak_sent = true;
		return RIG_SOFT_RC_TAKEN;
	case RIG_SOFT_RC_CHECK_LENGTH:
		return rig_soft_rc_resp_fatal(resp, RIG_SOFT_NAK_INV_REQ, pkt->psn);
	case RIG_SOFT_RC_CHECK_ACCESS:
		return rig_soft_rc_resp_fatal(resp, RIG_SOFT_NAK_REM_ACCESS, pkt->psn);
	default:
		return rig_soft_rc_resp_fatal(resp, RIG_SOFT_NAK_REM_OP, pkt->psn);
	}
	if (pkt->opcode == IB_OPCODE_RC_RDMA_READ_REQUEST)
		return rig_soft_rc_resp_read(resp, pkt);
	rig_soft_rc_resp_send(resp, pkt);
	return RIG_SOFT_RC_TAKEN;
}

/**
 * rig_soft_rc_resp_recv() - a request for the responder
 * @resp: the responder
 * @pkt: the packet rig_soft_rc_resp_classify() was just given
 * @check: for a new request, how the caller's checks went (a SEND's
 *	   payload is in place when it says RIG_SOFT_RC_CHECK_OK); ignored
 *	   for any other class
 *
 * Accepts, acknowledges, NAKs or replays as the class and @check say;
 * what to send is then rig_soft_rc_resp_next()'s.
 *
 * Return: RIG_SOFT_RC_TAKEN when the state changed (the packet was
 * accepted, or earned an ACK, a NAK or a replay), RIG_SOFT_RC_DROP when
 * it was ignored.
 */
enum rig_soft_rc_verdict rig_soft_rc_resp_recv(struct rig_soft_rc_resp *resp,
					       const struct rig_soft_roce_pkt *pkt,
					       enum rig_soft_rc_check check)
{
	switch (rig_soft_rc_resp_classify(resp, pkt, NULL)) {
	case RIG_SOFT_RC_NEW:
		return rig_soft_rc_resp_new(resp, pkt, check);
	case RIG_SOFT_RC_DUP:
		return rig_soft_rc_resp_dup(resp, pkt);
	case RIG_SOFT_RC_FUTURE:
		if (resp->nak_sent)
			return RIG_SOFT_RC_DROP;
		rig_soft_rc_resp_ack(resp, RIG_SOFT_SYN_NAK | RIG_SOFT_NAK_PSN_SEQ, resp->epsn);
		resp->nak_sent = true;
		return RIG_SOFT_RC_TAKEN;
	case RIG_SOFT_RC_BAD_SEQ:
	case RIG_SOFT_RC_TOO_LONG:
		return rig_soft_rc_resp_fatal(resp, RIG_SOFT_NAK_INV_REQ, pkt->psn);
	default:
		return RIG_SOFT_RC_DROP;
	}
}

/* Response @i of @rd: a replay from inside its READ has no First. */
static u8 rig_soft_rc_resp_opcode(const struct rig_soft_rc_rd *rd, u32 i)
{
	if (!rd->inside)
		return rig_soft_rc_opcode(true, i, rd->npkts);
	return i + 1 < rd->npkts ? IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE :
	       IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST;
}

/**
 * rig_soft_rc_resp_next() - the packet to send now, if any
 * @resp: the responder
 * @tx: filled with the packet when there is one: a READ response (its
 *	payload is @tx->len bytes at @tx->va under @tx->rkey) or an
 *	ACKNOWLEDGE
 *
 * A peek, like rig_soft_rc_req_next(): rig_soft_rc_resp_sent() commits.
 * READ responses go first, in order; an ACK or NAK after them.
 *
 * Return: true when @tx holds a packet to send.
 */
bool rig_soft_rc_resp_next(const struct rig_soft_rc_resp *resp, struct rig_soft_rc_tx *tx)
{
	const struct rig_soft_rc_rd *rd = &resp->job[resp->job_head % RIG_SOFT_RC_RD_MAX];
	u32 i = resp->job_sent, off = i * resp->cfg.mtu;

	if (resp->job_head != resp->job_tail) {
		*tx = (struct rig_soft_rc_tx){
			.opcode = rig_soft_rc_resp_opcode(rd, i),
			.psn = rig_soft_psn_add(rd->psn, i),
			.offset = off,
			.len = min(resp->cfg.mtu, rd->len - off),
			.va = rd->va + off,
			.rkey = rd->rkey,
			.syndrome = RIG_SOFT_RC_ACK,
			.msn = resp->msn,
		};
		return true;
	}
	if (!resp->ack_due)
		return false;
	*tx = (struct rig_soft_rc_tx){
		.opcode = IB_OPCODE_RC_ACKNOWLEDGE,
		.psn = (resp->ack_syn & RIG_SOFT_SYN_TYPE) == RIG_SOFT_SYN_ACK ?
		       rig_soft_psn_add(resp->epsn, RIG_SOFT_PSN_SPACE - 1) : resp->ack_psn,
		.syndrome = resp->ack_syn,
		.msn = resp->msn,
	};
	return true;
}

/**
 * rig_soft_rc_resp_drop() - the packet rig_soft_rc_resp_next() gave can never go
 * @resp: the responder, unchanged since that call
 * @tx: the packet
 *
 * The caller cannot build it, nor ever will (the region read is gone, or
 * the address it goes from): it is dropped, and with a READ response the
 * rest of its READ, as if lost on the wire.  The requester asks again or
 * times out, as IBA lets it; a replay that fails again is dropped again.
 */
void rig_soft_rc_resp_drop(struct rig_soft_rc_resp *resp, const struct rig_soft_rc_tx *tx)
{
	if (tx->opcode == IB_OPCODE_RC_ACKNOWLEDGE) {
		resp->ack_due = false;
		return;
	}
	resp->job_head++;
	resp->job_sent = 0;
}

/**
 * rig_soft_rc_resp_sent() - the packet rig_soft_rc_resp_next() gave went out
 * @resp: the responder, unchanged since that call
 * @tx: the packet
 */
void rig_soft_rc_resp_sent(struct rig_soft_rc_resp *resp, const struct rig_soft_rc_tx *tx)
{
	if (tx->opcode == IB_OPCODE_RC_ACKNOWLEDGE) {
		resp->ack_due = false;
		resp->unacked = 0;
		return;
	}
	if (++resp->job_sent == rig_soft_rc_job(resp, resp->job_head)->npkts) {
		resp->job_head++;
		resp->job_sent = 0;
	}
}
