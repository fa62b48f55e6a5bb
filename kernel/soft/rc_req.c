// SPDX-License-Identifier: GPL-2.0-only
/*
 * The RC requester as a pure state machine (rc.h): messages posted in
 * order are cut into packets of the path MTU and numbered; it asks for
 * acknowledgment on each message's last packet and every @ack_every
 * packets; ACKs are cumulative and a READ response acknowledges the
 * SENDs before it; on the local ACK timeout or a sequence-error NAK it
 * goes back to the oldest unacknowledged PSN (go-back-N) within its
 * retry count, a READ from inside asked again in pieces; an RNR NAK holds
 * it for the NAK's timer within its RNR retry count; READs outstanding
 * are limited; messages end in order.
 * This file owns those decisions and the timing arithmetic (IBA vol. 1, 9.7);
 * the payload, the frames and the clock are the caller's.  No lock of its
 * own: the caller holds its QP's.
 */
#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/math.h>
#include <linux/minmax.h>

#include "rc.h"

/* IBA's RNR timer codes (ib_verbs.h's enum ib_rnr_timeout), in microseconds. */
static const u32 rig_soft_rnr_us[32] = {
	655360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 960, 1280, 1920,
	2560, 3840, 5120, 7680, 10240, 15360, 20480, 30720, 40960, 61440, 81920, 122880,
	163840, 245760, 327680, 491520,
};

/**
 * rig_soft_rc_timeout_ns() - the local ACK timeout
 * @timeout: the QP's timeout attribute, 0 to 31
 *
 * Return: 4.096 us * 2^@timeout in nanoseconds; RIG_SOFT_RC_NEVER for 0,
 * which IB defines as no timeout.
 */
u64 rig_soft_rc_timeout_ns(u8 timeout)
{
	return timeout ? 4096ULL << min_t(u8, timeout, 31) : RIG_SOFT_RC_NEVER;
}

/**
 * rig_soft_rc_rnr_ns() - how long an RNR NAK holds the requester
 * @code: the timer code in the NAK's syndrome (5 bits)
 *
 * Return: nanoseconds, from 10 us (code 1) to 655.36 ms (code 0).
 */
u64 rig_soft_rc_rnr_ns(u8 code)
{
	return rig_soft_rnr_us[code & RIG_SOFT_SYN_VALUE] * 1000ULL;
}

/**
 * rig_soft_rc_npkts() - packets a message of @length bytes takes
 * @length: bytes, 0 allowed
 * @mtu: path MTU in bytes
 *
 * Return: at least 1: an empty SEND or READ still takes one packet.
 */
u32 rig_soft_rc_npkts(u32 length, u32 mtu)
{
	/* In 64 bits: a peer's READ may ask for up to 2^32 - 1 bytes. */
	return length ? (u32)DIV_ROUND_UP((u64)length, mtu) : 1;
}

/**
 * rig_soft_rc_opcode() - the opcode of packet @i of @npkts
 * @read_response: RDMA READ Response rather than SEND
 * @i: the packet's index in its message
 * @npkts: the message's packets
 *
 * Return: the First, Middle, Last or Only opcode of its kind.
 */
u8 rig_soft_rc_opcode(bool read_response, u32 i, u32 npkts)
{
	static const u8 ops[2][4] = {
		{ IB_OPCODE_RC_SEND_MIDDLE, IB_OPCODE_RC_SEND_FIRST,
		  IB_OPCODE_RC_SEND_LAST, IB_OPCODE_RC_SEND_ONLY },
		{ IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST,
		  IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST, IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY },
	};

	return ops[read_response][(i == 0) | (i + 1 == npkts) << 1];
}

static struct rig_soft_rc_msg *rig_soft_rc_msg(struct rig_soft_rc_req *req, u32 idx)
{
	return &req->msg[idx % RIG_SOFT_RC_WINDOW];
}

/**
 * rig_soft_rc_req_init() - a requester at its first PSN
 * @req: the requester, any previous state discarded
 * @cfg: its attributes (MODIFY_QP's), copied
 * @psn: the first PSN it sends (the QP's sq_psn)
 */
void rig_soft_rc_req_init(struct rig_soft_rc_req *req, const struct rig_soft_rc_cfg *cfg, u32 psn)
{
	memset(req, 0, sizeof(*req));
	req->cfg = *cfg;
	req->cfg.ack_every = max_t(u16, cfg->ack_every, 1);
	req->next_psn = psn & RIG_SOFT_BTH_PSN;
	req->una_psn = req->next_psn;
	req->cur_psn = req->next_psn;
	req->hi_psn = req->next_psn;
	req->retry_left = cfg->retry_cnt;
	req->rnr_left = cfg->rnr_retry;
	req->ack_deadline = RIG_SOFT_RC_NEVER;
	req->rnr_deadline = RIG_SOFT_RC_NEVER;
}

/**
 * rig_soft_rc_req_post() - queue a message
 * @req: the requester
 * @kind: SEND or READ
 * @length: bytes, 0 to 2^31
 * @slot: set to the message's slot, which later &struct rig_soft_rc_tx,
 *	  &struct rig_soft_rc_place and &struct rig_soft_rc_cqe name
 *
 * The message takes the next PSNs: one per packet of a SEND, one per
 * response packet of a READ.
 *
 * Return: 0; -ENOSPC when RIG_SOFT_RC_WINDOW messages or
 * RIG_SOFT_RC_PSN_WINDOW PSNs are held (post again after a pop);
 * -EMSGSIZE for a message longer than 2^31 bytes or than
 * RIG_SOFT_RC_PSN_WINDOW packets; -EINVAL for a READ when
 * @max_rd_atomic is 0; -EPIPE once a message has failed.  Only -ENOSPC
 * passes: the others refuse this message whenever it is posted.
 */
int rig_soft_rc_req_post(struct rig_soft_rc_req *req, enum rig_soft_rc_kind kind, u32 length,
			 u32 *slot)
{
	u32 npkts = rig_soft_rc_npkts(length, req->cfg.mtu), held;
	struct rig_soft_rc_msg *m;

	if (req->error)
		return -EPIPE;
	if (npkts > RIG_SOFT_RC_PSN_WINDOW || length > RIG_SOFT_RC_MSG_MAX)
		return -EMSGSIZE;
	if (kind == RIG_SOFT_RC_READ && !req->cfg.max_rd_atomic)
		return -EINVAL;
	held = req->popped == req->posted ? 0 :
	       rig_soft_psn_dist(rig_soft_rc_msg(req, req->popped)->psn, req->next_psn);
	if (req->posted - req->popped == RIG_SOFT_RC_WINDOW ||
	    held + npkts > RIG_SOFT_RC_PSN_WINDOW)
		return -ENOSPC;
	m = rig_soft_rc_msg(req, req->posted);
	*m = (struct rig_soft_rc_msg){
		.kind = kind,
		.status = RIG_SOFT_RC_OK,
		.length = length,
		.psn = req->next_psn,
		.npkts = npkts,
	};
	*slot = req->posted % RIG_SOFT_RC_WINDOW;
	req->posted++;
	req->next_psn = rig_soft_psn_add(req->next_psn, npkts);
	return 0;
}

/* READs whose requests are out and whose responses have not all come. */
static u32 rig_soft_rc_reads_out(const struct rig_soft_rc_req *req)
{
	u32 i, n = 0;

	for (i = req->una; i != req->cur; i++) {
		const struct rig_soft_rc_msg *m = &req->msg[i % RIG_SOFT_RC_WINDOW];

		n += m->kind == RIG_SOFT_RC_READ && m->issued;
	}
	return n;
}

/**
 * rig_soft_rc_req_next() - the packet to send now, if any
 * @req: the requester
 * @now: the time, in nanoseconds
 * @tx: filled with the packet when there is one
 *
 * A peek: nothing changes until rig_soft_rc_req_sent() says the packet
 * went, so a full transmit queue loses nothing.  Nothing is sent while an
 * RNR NAK holds the requester, while RIG_SOFT_RC_INFLIGHT PSNs wait for
 * their ACK or response, while @max_rd_atomic READs are out and the next
 * message is a READ, or after a failure.
 *
 * Return: true when @tx holds a packet to send.
 */
bool rig_soft_rc_req_next(const struct rig_soft_rc_req *req, u64 now, struct rig_soft_rc_tx *tx)
{
	const struct rig_soft_rc_msg *m = &req->msg[req->cur % RIG_SOFT_RC_WINDOW];
	u32 i, out, mtu = req->cfg.mtu;

	if (req->error || req->cur == req->posted || (req->faulted && req->cur == req->fault) ||
	    (req->rnr_wait && now < req->rnr_deadline))
		return false;
	out = rig_soft_psn_dist(req->una_psn, req->cur_psn);
	if (out >= RIG_SOFT_RC_INFLIGHT)
		return false;
	i = rig_soft_psn_dist(m->psn, req->cur_psn);
	*tx = (struct rig_soft_rc_tx){
		.psn = req->cur_psn,
		.slot = req->cur % RIG_SOFT_RC_WINDOW,
		.offset = i * mtu,
	};
	if (m->kind == RIG_SOFT_RC_READ) {
		if (!m->issued && rig_soft_rc_reads_out(req) >= req->cfg.max_rd_atomic)
			return false;
		tx->opcode = IB_OPCODE_RC_RDMA_READ_REQUEST;
		tx->ackreq = true;
		tx->len = m->length - tx->offset;
		/*
		 * Asked for before and answered: in pieces, from the oldest
		 * missing (RIG_SOFT_RC_REREAD).  Never answered, it is asked
		 * whole: a responder that never had it takes it as new.
		 */
		if ((i || m->answered) && rig_soft_psn_cmp(req->cur_psn, req->hi_psn) < 0) {
			if (m->issued && req->cur_psn != req->una_psn)
				return false;
			tx->len = min(tx->len, RIG_SOFT_RC_REREAD * mtu);
		}
		return true;
	}
	tx->opcode = rig_soft_rc_opcode(false, i, m->npkts);
	tx->len = min(mtu, m->length - tx->offset);
	/* The packet that fills the window asks for the ACK that opens it. */
	tx->ackreq = i + 1 == m->npkts || req->since_ackreq + 1 >= req->cfg.ack_every ||
		     out + 1 == RIG_SOFT_RC_INFLIGHT;
	return true;
}

/* The ACK timer from @now, if anything is unacknowledged. */
static void rig_soft_rc_arm(struct rig_soft_rc_req *req, u64 now)
{
	u64 t = rig_soft_rc_timeout_ns(req->cfg.timeout);

	req->heard = false;
	if (rig_soft_psn_cmp(req->hi_psn, req->una_psn) <= 0 || t == RIG_SOFT_RC_NEVER)
		req->ack_deadline = RIG_SOFT_RC_NEVER;
	else
		req->ack_deadline = now + t;
}

/**
 * rig_soft_rc_req_sent() - the packet rig_soft_rc_req_next() gave went out
 * @req: the requester, unchanged since that call
 * @tx: the packet
 * @now: the time, in nanoseconds
 *
 * Moves to the next packet and starts the local ACK timer if it is not
 * running.
 */
void rig_soft_rc_req_sent(struct rig_soft_rc_req *req, const struct rig_soft_rc_tx *tx, u64 now)
{
	struct rig_soft_rc_msg *m = rig_soft_rc_msg(req, req->cur);

	if (m->kind == RIG_SOFT_RC_READ) {
		m->issued = true;
		req->cur_psn = rig_soft_psn_add(tx->psn, rig_soft_rc_npkts(tx->len, req->cfg.mtu));
	} else {
		req->cur_psn = rig_soft_psn_add(req->cur_psn, 1);
	}
	if (req->cur_psn == rig_soft_psn_add(m->psn, m->npkts))
		req->cur++;
	req->since_ackreq = tx->ackreq ? 0 : req->since_ackreq + 1;
	if (rig_soft_psn_cmp(req->cur_psn, req->hi_psn) > 0)
		req->hi_psn = req->cur_psn;
	if (req->ack_deadline == RIG_SOFT_RC_NEVER)
		rig_soft_rc_arm(req, now);
}

/**
 * rig_soft_rc_req_fail() - end the oldest message with an error
 * @req: the requester
 * @status: its status; every later message ends RIG_SOFT_RC_FLUSHED
 *
 * For the machine's own failures (retries spent, a NAK).  Nothing is
 * sent afterwards and rig_soft_rc_req_post() refuses; the QP goes to the
 * error state.  A failure of the caller's names its message:
 * rig_soft_rc_req_fault().
 */
void rig_soft_rc_req_fail(struct rig_soft_rc_req *req, enum rig_soft_rc_status status)
{
	u32 i;

	for (i = req->una; i != req->posted; i++)
		rig_soft_rc_msg(req, i)->status = i == req->una ? status : RIG_SOFT_RC_FLUSHED;
	req->una = req->posted;
	req->cur = req->posted;
	req->error = true;
	req->rnr_wait = false;
	req->ack_deadline = RIG_SOFT_RC_NEVER;
}

/* A message the caller failed ends once every one before it has. */
static void rig_soft_rc_fault_due(struct rig_soft_rc_req *req)
{
	if (req->faulted && !req->error && req->una == req->fault)
		rig_soft_rc_req_fail(req, req->fault_status);
}

/**
 * rig_soft_rc_req_fault() - the caller could not move a message's payload
 * @req: the requester
 * @slot: the message: a SEND whose payload it could not read, a READ
 *	  whose response it could not write (the last one too, which
 *	  ended it)
 * @status: RIG_SOFT_RC_LOCAL or RIG_SOFT_RC_LOCAL_LENGTH
 *
 * That message fails, and no other: one before it that the peer has
 * still ends as its acknowledgment says (nothing from @slot on is sent
 * meanwhile), and those after it are flushed.  The QP goes to the error
 * state when the failure pops.
 */
void rig_soft_rc_req_fault(struct rig_soft_rc_req *req, u32 slot, enum rig_soft_rc_status status)
{
	u32 idx = req->popped + (slot - req->popped) % RIG_SOFT_RC_WINDOW;

	if (req->error || WARN_ON_ONCE(idx - req->popped >= req->posted - req->popped))
		return;
	if ((s32)(idx - req->una) < 0) {
		/* It ended with its last response: it fails after all. */
		rig_soft_rc_msg(req, idx)->status = status;
		rig_soft_rc_req_fail(req, RIG_SOFT_RC_FLUSHED);
		return;
	}
	req->faulted = true;
	req->fault = idx;
	req->fault_status = status;
	rig_soft_rc_fault_due(req);
}

/* Forward progress: the retry counts start again. */
static void rig_soft_rc_progress(struct rig_soft_rc_req *req, u64 now)
{
	req->retry_left = req->cfg.retry_cnt;
	req->rnr_left = req->cfg.rnr_retry;
	req->recovering = false;
	rig_soft_rc_arm(req, now);
}

/* One retry used; false (and the oldest message failed) when none is left. */
static bool rig_soft_rc_retry(struct rig_soft_rc_req *req)
{
	if (!req->retry_left) {
		rig_soft_rc_req_fail(req, RIG_SOFT_RC_RETRY_EXCEEDED);
		return false;
	}
	req->retry_left--;
	return true;
}

/* Send again from @psn, an unacknowledged PSN of a message posted. */
static void rig_soft_rc_go_back(struct rig_soft_rc_req *req, u32 psn, u64 now)
{
	u32 i;

	for (i = req->una; i != req->posted; i++) {
		struct rig_soft_rc_msg *m = rig_soft_rc_msg(req, i);

		if (rig_soft_psn_in(psn, m->psn, m->npkts))
			break;
	}
	if (WARN_ON_ONCE(i == req->posted))
		return;
	req->cur = i;
	req->cur_psn = psn;
	for (; i != req->posted; i++)
		rig_soft_rc_msg(req, i)->issued = false;
	req->since_ackreq = 0;
	req->recovering = true;
	rig_soft_rc_arm(req, now);
}

/* The oldest PSN not acknowledged, from the oldest message not ended. */
static u32 rig_soft_rc_una_psn(struct rig_soft_rc_req *req, u32 acked)
{
	struct rig_soft_rc_msg *m = rig_soft_rc_msg(req, req->una);
	u32 psn;

	if (req->una == req->posted)
		return req->next_psn;
	psn = rig_soft_psn_add(m->psn, m->kind == RIG_SOFT_RC_READ ? m->rcvd : 0);
	return rig_soft_psn_cmp(acked, psn) > 0 ? acked : psn;
}

/*
 * After going back, what the old stream still brought (ACKs, READ
 * responses in order) may have ended messages at or past the next one to
 * send: the next packet is then the oldest still wanted.  Left behind, the
 * requester would offer nothing (and with nothing unacknowledged sent, no
 * timer would run): a transfer that stops for good.
 */
static void rig_soft_rc_catch_up(struct rig_soft_rc_req *req)
{
	if ((s32)(req->cur - req->una) < 0 || rig_soft_psn_cmp(req->cur_psn, req->una_psn) < 0) {
		req->cur = req->una;
		req->cur_psn = req->una_psn;
	}
}

/*
 * Every PSN up to @psn is acknowledged: IBA's ACKs are cumulative.
 * Returns true when a READ among them has not had all its responses:
 * they were lost, and the caller goes back to it (an implied NAK).
 */
static bool rig_soft_rc_ack_to(struct rig_soft_rc_req *req, u32 psn, u64 now)
{
	u32 acked = rig_soft_psn_add(psn, 1), una = req->una, una_psn = req->una_psn;
	bool implied = false;

	if (rig_soft_psn_cmp(acked, req->una_psn) <= 0)
		return false;
	while (req->una != req->posted) {
		struct rig_soft_rc_msg *m = rig_soft_rc_msg(req, req->una);
		u32 end = rig_soft_psn_add(m->psn, m->npkts);

		if (m->kind == RIG_SOFT_RC_READ) {
			implied = rig_soft_psn_cmp(acked, m->psn) > 0;
			break;
		}
		if (rig_soft_psn_cmp(acked, end) < 0)
			break;
		req->una++;
	}
	req->una_psn = rig_soft_rc_una_psn(req, implied ? req->una_psn : acked);
	rig_soft_rc_catch_up(req);
	if (req->una != una || req->una_psn != una_psn)
		rig_soft_rc_progress(req, now);
	return implied;
}

/* One retry, and back to the oldest unacknowledged PSN. */
static void rig_soft_rc_resend(struct rig_soft_rc_req *req, u64 now)
{
	if (rig_soft_rc_retry(req))
		rig_soft_rc_go_back(req, req->una_psn, now);
}

/*
 * A sign of loss from the peer (a sequence-error NAK, a gap in READ
 * responses, an ACK past an unfinished READ).  Once gone back, the signs
 * that follow before any progress are the old stream's or say the same
 * thing: only the timer goes back again, so one loss costs one retry.
 */
static void rig_soft_rc_loss(struct rig_soft_rc_req *req, u64 now)
{
	if (!req->recovering)
		rig_soft_rc_resend(req, now);
}

/* An RNR NAK for @psn: wait the NAK's time, then send again from @psn. */
static void rig_soft_rc_rnr(struct rig_soft_rc_req *req, u32 psn, u8 syndrome, u64 now)
{
	if (req->cfg.rnr_retry != RIG_SOFT_RC_RNR_INFINITE) {
		if (!req->rnr_left) {
			rig_soft_rc_req_fail(req, RIG_SOFT_RC_RNR_EXCEEDED);
			return;
		}
		req->rnr_left--;
	}
	rig_soft_rc_go_back(req, psn, now);
	req->rnr_wait = true;
	req->rnr_deadline = now + rig_soft_rc_rnr_ns(FIELD_GET(RIG_SOFT_SYN_VALUE, syndrome));
	req->ack_deadline = RIG_SOFT_RC_NEVER;
}

/* An ACKNOWLEDGE packet: an ACK, an RNR NAK or a NAK. */
static enum rig_soft_rc_verdict rig_soft_rc_req_ack(struct rig_soft_rc_req *req,
						    const struct rig_soft_roce_pkt *pkt, u64 now)
{
	static const u8 nak_status[] = {
		[RIG_SOFT_NAK_INV_REQ] = RIG_SOFT_RC_REM_INV_REQ,
		[RIG_SOFT_NAK_REM_ACCESS] = RIG_SOFT_RC_REM_ACCESS,
		[RIG_SOFT_NAK_REM_OP] = RIG_SOFT_RC_REM_OP,
	};
	u8 type = pkt->syndrome & RIG_SOFT_SYN_TYPE, code = pkt->syndrome & RIG_SOFT_SYN_VALUE;

	if (type == RIG_SOFT_SYN_ACK) {
		if (rig_soft_rc_ack_to(req, pkt->psn, now))
			rig_soft_rc_loss(req, now);
		return RIG_SOFT_RC_TAKEN;
	}
	/* A NAK names the PSN it refuses: one the requester still waits for. */
	if (rig_soft_psn_cmp(pkt->psn, req->una_psn) < 0 ||
	    (type != RIG_SOFT_SYN_RNR_NAK && type != RIG_SOFT_SYN_NAK))
		return RIG_SOFT_RC_DROP;
	/*
	 * It acknowledges the PSNs before it; the requester goes back to the
	 * oldest one unacknowledged, which is the NAK's unless a READ before
	 * it still waits for lost responses.
	 */
	rig_soft_rc_ack_to(req, rig_soft_psn_add(pkt->psn, RIG_SOFT_PSN_SPACE - 1), now);
	if (type == RIG_SOFT_SYN_RNR_NAK)
		rig_soft_rc_rnr(req, req->una_psn, pkt->syndrome, now);
	else if (code == RIG_SOFT_NAK_PSN_SEQ)
		rig_soft_rc_loss(req, now);
	else
		rig_soft_rc_req_fail(req, code < ARRAY_SIZE(nak_status) && nak_status[code] ?
					  nak_status[code] : RIG_SOFT_RC_REM_OP);
	return RIG_SOFT_RC_TAKEN;
}

/* The READ whose responses include @psn (a PSN sent: its request went); or NULL. */
static struct rig_soft_rc_msg *rig_soft_rc_read_of(struct rig_soft_rc_req *req, u32 psn)
{
	u32 i;

	for (i = req->una; i != req->posted; i++) {
		struct rig_soft_rc_msg *m = rig_soft_rc_msg(req, i);

		if (m->kind == RIG_SOFT_RC_READ && rig_soft_psn_in(psn, m->psn, m->npkts))
			return m;
	}
	return NULL;
}

/*
 * A reply to a part of the oldest READ ended (Last, in order, not the
 * READ's) short of what was asked: it answered an older request, and the
 * later was lost or dropped (a responder that, as ours, gives up what it
 * queued for a later request when a copy of an older one comes: netem
 * duplicates).  The rest is asked for at once rather than after the ACK
 * timeout; the responder moved, so no retry is used.
 */
static void rig_soft_rc_cut_short(struct rig_soft_rc_req *req, u64 now)
{
	if (rig_soft_psn_cmp(req->cur_psn, req->una_psn) > 0)
		rig_soft_rc_go_back(req, req->una_psn, now);
}

/*
 * Going back, a gap is taken as the old stream's, but for the Last that
 * ends the part of a READ asked last (rxe's read_reply() and ours end a
 * part with Last): that reply came, and with a gap, so its start is asked
 * for again at once rather than after the ACK timeout.
 */
static bool rig_soft_rc_reply_gapped(const struct rig_soft_rc_req *req,
				     const struct rig_soft_rc_msg *m,
				     const struct rig_soft_roce_pkt *pkt)
{
	return req->recovering && (rig_soft_roce_opf(pkt->opcode) & RIG_SOFT_OPF_LAST) &&
	       rig_soft_psn_add(pkt->psn, 1) == req->cur_psn &&
	       rig_soft_psn_dist(m->psn, pkt->psn) + 1 < m->npkts;
}

/* A READ response: the next in order is placed, a gap is a loss. */
static enum rig_soft_rc_verdict rig_soft_rc_req_read(struct rig_soft_rc_req *req,
						     const struct rig_soft_roce_pkt *pkt, u64 now,
						     struct rig_soft_rc_place *place)
{
	struct rig_soft_rc_msg *m = rig_soft_rc_read_of(req, pkt->psn);
	u32 expected, i, mtu = req->cfg.mtu;
	s32 d;

	if (!m || ((rig_soft_roce_opf(pkt->opcode) & RIG_SOFT_OPF_AETH) &&
		   (pkt->syndrome & RIG_SOFT_SYN_TYPE) != RIG_SOFT_SYN_ACK))
		return RIG_SOFT_RC_DROP;
	m->answered = true;
	/* Every message before the READ is done: a response acknowledges them. */
	if (rig_soft_rc_ack_to(req, rig_soft_psn_add(m->psn, RIG_SOFT_PSN_SPACE - 1), now))
		rig_soft_rc_loss(req, now);
	if (req->error)
		return RIG_SOFT_RC_DROP;
	/* A later READ's: the responder is still sending what it was asked. */
	if (m != rig_soft_rc_msg(req, req->una)) {
		req->heard = true;
		return RIG_SOFT_RC_DROP;
	}
	i = m->rcvd;
	expected = rig_soft_psn_add(m->psn, i);
	d = rig_soft_psn_cmp(pkt->psn, expected);
	if (d > 0 && rig_soft_rc_reply_gapped(req, m, pkt))
		rig_soft_rc_resend(req, now);
	else if (d > 0)
		rig_soft_rc_loss(req, now);
	if (d > 0)
		req->heard = true;
	/*
	 * A reply to a part asked again ends with Last wherever the part
	 * ends (rxe's read_reply()): only the READ's last response must
	 * carry it.  The PSN and the length say where the data goes.
	 */
	if (d || pkt->len != min(mtu, m->length - i * mtu) ||
	    (i + 1 == m->npkts && !(rig_soft_roce_opf(pkt->opcode) & RIG_SOFT_OPF_LAST)))
		return RIG_SOFT_RC_DROP;
	*place = (struct rig_soft_rc_place){
		.slot = req->una % RIG_SOFT_RC_WINDOW,
		.offset = i * mtu,
		.len = pkt->len,
		.first = !i,
		.last = i + 1 == m->npkts,
	};
	m->rcvd++;
	if (place->last)
		req->una++;
	req->una_psn = rig_soft_rc_una_psn(req, rig_soft_psn_add(expected, 1));
	rig_soft_rc_catch_up(req);
	rig_soft_rc_progress(req, now);
	if (!place->last && (rig_soft_roce_opf(pkt->opcode) & RIG_SOFT_OPF_LAST))
		rig_soft_rc_cut_short(req, now);
	return RIG_SOFT_RC_PLACE;
}

/**
 * rig_soft_rc_req_recv() - a packet for the requester
 * @req: the requester
 * @pkt: a decoded packet for its QP, already checked against the path
 *	 MTU (rig_soft_roce_check_mtu())
 * @now: the time, in nanoseconds
 * @place: filled when the verdict is RIG_SOFT_RC_PLACE: the caller
 *	   writes @pkt's payload at @place->offset of the READ in
 *	   @place->slot (and, if it cannot, calls rig_soft_rc_req_fault())
 *
 * ACKs end the SENDs they cover; a READ response ends the SENDs before
 * its READ and, the last one, the READ.  A NAK for a sequence error, a
 * gap in READ responses or an ACK past a READ still waiting for data
 * send the requester back; an RNR NAK holds it; other NAKs fail the
 * message they name.  Anything for a PSN never sent, older than what is
 * acknowledged or not for a requester is dropped.
 *
 * Return: what @pkt did.
 */
enum rig_soft_rc_verdict rig_soft_rc_req_recv(struct rig_soft_rc_req *req,
					      const struct rig_soft_roce_pkt *pkt, u64 now,
					      struct rig_soft_rc_place *place)
{
	u8 opf = rig_soft_roce_opf(pkt->opcode);
	enum rig_soft_rc_verdict v;

	if (req->error || !opf || (opf & RIG_SOFT_OPF_REQUEST) ||
	    rig_soft_psn_cmp(pkt->psn, req->hi_psn) >= 0)
		return RIG_SOFT_RC_DROP;
	if (pkt->opcode == IB_OPCODE_RC_ACKNOWLEDGE)
		v = rig_soft_rc_req_ack(req, pkt, now);
	else
		v = rig_soft_rc_req_read(req, pkt, now, place);
	rig_soft_rc_fault_due(req);
	return v;
}

/**
 * rig_soft_rc_req_tick() - let time pass
 * @req: the requester
 * @now: the time, in nanoseconds
 *
 * Ends an RNR wait whose time has come, and on the local ACK timeout
 * goes back to the oldest unacknowledged PSN, or fails the oldest message
 * with RIG_SOFT_RC_RETRY_EXCEEDED when its retries are spent.
 *
 * Return: when to call again at the latest, or RIG_SOFT_RC_NEVER.
 */
u64 rig_soft_rc_req_tick(struct rig_soft_rc_req *req, u64 now)
{
	if (req->error)
		return RIG_SOFT_RC_NEVER;
	if (req->rnr_wait && now >= req->rnr_deadline) {
		req->rnr_wait = false;
		req->rnr_deadline = RIG_SOFT_RC_NEVER;
	}
	if (now >= req->ack_deadline) {
		req->ack_deadline = RIG_SOFT_RC_NEVER;
		/* Only a timeout with nothing heard is one IBA's retry_cnt counts. */
		if (rig_soft_psn_cmp(req->hi_psn, req->una_psn) > 0 && req->heard)
			rig_soft_rc_go_back(req, req->una_psn, now);
		else if (rig_soft_psn_cmp(req->hi_psn, req->una_psn) > 0)
			rig_soft_rc_resend(req, now);
	}
	if (req->error)
		return RIG_SOFT_RC_NEVER;
	return min(req->ack_deadline, req->rnr_wait ? req->rnr_deadline : RIG_SOFT_RC_NEVER);
}

/**
 * rig_soft_rc_req_pop() - hand back the oldest message that has ended
 * @req: the requester
 * @cqe: filled with it
 *
 * Messages end in the order they were posted, whatever order their
 * acknowledgments came in; the caller writes their completions.
 *
 * Return: true when @cqe holds one.
 */
bool rig_soft_rc_req_pop(struct rig_soft_rc_req *req, struct rig_soft_rc_cqe *cqe)
{
	struct rig_soft_rc_msg *m = rig_soft_rc_msg(req, req->popped);

	if (req->popped == req->una)
		return false;
	*cqe = (struct rig_soft_rc_cqe){
		.slot = req->popped % RIG_SOFT_RC_WINDOW,
		.kind = m->kind,
		.status = m->status,
		.length = m->length,
	};
	req->popped++;
	return true;
}
