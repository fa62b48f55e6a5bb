// SPDX-License-Identifier: GPL-2.0-only
/*
 * RC queue pairs on the wire: what a QP of a function attached to a
 * network interface does with its entries and with the frames it
 * receives.  This file owns the checks a decoded frame passes before a
 * QP's machines see it (the interface's MAC, a live GID of the function,
 * a QP on the wire in RTR or RTS, its peer's address, the P_Key, the
 * path MTU), the drop counters by reason, and the work between the
 * machines (rc.h) and memory: send entries handed to the requester,
 * payload copied between frames and MRs, keys checked for the responder,
 * receives taken, completions written as exec.c writes them.
 *
 * It owns neither the frames' format (roce.c), nor the transport's rules
 * (rc_req.c, rc_resp.c), nor the interface, its queues and skbs (net.c):
 * frames leave through the function's @xmit operation.  The caller holds
 * the world's lock.  Pure: KUnit runs it.
 */
#include <linux/etherdevice.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/ipv6.h>

#include "soft.h"

#define S(x)	CMDQ_MODIFY_QP_NEW_STATE_##x
#define REQ(x)	CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_##x
#define RES(x)	CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_##x
#define REQ_NONE CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_NO_ERROR
#define RES_NONE CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_NO_ERROR

/* Packets between two AckReqs of a long message, and between two ACKs. */
#define RIG_SOFT_WIRE_ACK_EVERY	16
#define RIG_SOFT_WIRE_HOP_LIMIT	64
/* The default partition: full membership; the model knows no other. */
#define RIG_SOFT_WIRE_PKEY	0xffff
/* What a packet costs a pass's byte budget besides its payload. */
#define RIG_SOFT_WIRE_PKT_COST	64

const char *const rig_soft_wire_drop_names[RIG_SOFT_WIRE_DROPS] = {
	[RIG_SOFT_WIRE_DROP_TOO_LONG] = "too_long",
	[RIG_SOFT_WIRE_DROP_NOT_MINE] = "not_mine",
	[RIG_SOFT_WIRE_DROP_NO_GID] = "no_gid",
	[RIG_SOFT_WIRE_DROP_NO_QP] = "no_qp",
	[RIG_SOFT_WIRE_DROP_QP_STATE] = "qp_state",
	[RIG_SOFT_WIRE_DROP_PEER] = "peer",
	[RIG_SOFT_WIRE_DROP_PKEY] = "pkey",
	[RIG_SOFT_WIRE_DROP_NOT_REQ] = "not_req",
	[RIG_SOFT_WIRE_DROP_STALE] = "stale",
};

/*
 * The QP's attributes as its machines take them.  MODIFY_QP gives the
 * READ limits as ORRQ and IRRQ slots, as bnxt_re counts them (ORRQ =
 * ord + 1, IRRQ = 2 * ird + 2): the chip lets ord READs out and takes
 * ird in, not one slot per READ.
 */
static void rig_soft_wire_cfg(const struct rig_soft_qp *qp, struct rig_soft_rc_cfg *cfg)
{
	u8 ord = qp->max_rd_atomic ? qp->max_rd_atomic - 1 : 0;
	u8 ird = qp->max_dest_rd_atomic > 2 ? (qp->max_dest_rd_atomic - 2) / 2 : 1;

	*cfg = (struct rig_soft_rc_cfg){
		.mtu = qp->mtu,
		.timeout = qp->timeout,
		.retry_cnt = qp->retry_cnt,
		.rnr_retry = qp->rnr_retry,
		.min_rnr_timer = qp->min_rnr_timer,
		.max_rd_atomic = min_t(u8, ord, RIG_SOFT_RC_RD_MAX),
		.max_dest_rd_atomic = clamp_t(u8, ird, 1, RIG_SOFT_RC_RD_MAX),
		.ack_every = RIG_SOFT_WIRE_ACK_EVERY,
	};
}

/**
 * rig_soft_wire_qp_up() - a QP of a wired function enters RTR
 * @qp: the QP, its RTR attributes taken; the caller holds its world's lock
 *
 * Its responder starts at the QP's rq_psn; its requester waits for RTS.
 *
 * Return: 0, or -ENOMEM.
 */
int rig_soft_wire_qp_up(struct rig_soft_qp *qp)
{
	struct rig_soft_rc_cfg cfg;

	rig_soft_assert_held(qp->fn);
	kfree(qp->wire);
	qp->wire = kzalloc(sizeof(*qp->wire), GFP_KERNEL);
	if (!qp->wire)
		return -ENOMEM;
	rig_soft_wire_cfg(qp, &cfg);
	rig_soft_rc_resp_init(&qp->wire->resp, &cfg, qp->rq_psn);
	qp->wire->given = qp->sq_done;
	qp->wire->deadline = RIG_SOFT_RC_NEVER;
	return 0;
}

/**
 * rig_soft_wire_qp_down() - a QP leaves the wire (reset or destroyed)
 * @qp: the QP; the caller holds its world's lock
 */
void rig_soft_wire_qp_down(struct rig_soft_qp *qp)
{
	rig_soft_assert_held(qp->fn);
	kfree(qp->wire);
	qp->wire = NULL;
}

/*
 * Copy @len bytes between @buf and the message of elements @sge, @from
 * bytes into it; every key resolved on @fn in @pd with @access, afresh.
 */
static int rig_soft_wire_copy(struct rig_soft_fn *fn, u32 pd, u8 access,
			      const struct rig_soft_sge *sge, u32 n, u64 from,
			      u8 *buf, u32 len, bool to_mr)
{
	struct rig_soft_cursor cur[RIG_SOFT_MAX_SGE];
	u64 left;
	u32 i;

	if (n > RIG_SOFT_MAX_SGE || !rig_soft_sges_resolve(fn, pd, access, sge, n, cur))
		return -EACCES;
	i = rig_soft_sges_seek(cur, sge, n, from, &left);
	while (len) {
		dma_addr_t addr;
		u32 step;
		int ret;

		while (!left && ++i < n)
			left = sge[i].size;
		if (i >= n)
			return -EINVAL;
		step = rig_soft_cursor_at(&cur[i], min_t(u64, len, left), &addr);
		ret = to_mr ? rig_soft_mem_write(fn->mem, addr, buf, step) :
		      rig_soft_mem_read(fn->mem, addr, buf, step);
		if (ret)
			return ret;
		cur[i].off += step;
		left -= step;
		buf += step;
		len -= step;
	}
	return 0;
}

/* Is @addr a live GID of @fn? */
static bool rig_soft_wire_gid_live(const struct rig_soft_fn *fn, const struct in6_addr *addr)
{
	u32 i;

	for (i = 0; i < fn->gid_top; i++)
		if (fn->gids[i].live && !memcmp(fn->gids[i].gid, addr, 16))
			return true;
	return false;
}

/**
 * rig_soft_wire_dispatch() - the QP a decoded frame is for
 * @fn: the function whose interface received it; the caller holds its
 *	world's lock
 * @pkt: the frame, decoded
 * @qpp: the QP, when it is one's
 *
 * Return: -1 when *@qpp may take it, else why it is dropped (enum
 * rig_soft_wire_drop).
 */
int rig_soft_wire_dispatch(struct rig_soft_fn *fn, const struct rig_soft_roce_pkt *pkt,
			   struct rig_soft_qp **qpp)
{
	const struct rig_soft_gid *gid;
	struct rig_soft_qp *qp;

	rig_soft_assert_held(fn);
	if (!ether_addr_equal(pkt->dmac, fn->wire_mac))
		return RIG_SOFT_WIRE_DROP_NOT_MINE;
	if (!rig_soft_wire_gid_live(fn, &pkt->daddr))
		return RIG_SOFT_WIRE_DROP_NO_GID;
	if (pkt->pkey != RIG_SOFT_WIRE_PKEY)
		return RIG_SOFT_WIRE_DROP_PKEY;
	qp = xa_load(&fn->qps, pkt->dqpn);
	if (!qp || !qp->wire)
		return RIG_SOFT_WIRE_DROP_NO_QP;
	if (qp->state != S(RTR) && qp->state != S(RTS))
		return RIG_SOFT_WIRE_DROP_QP_STATE;
	gid = &fn->gids[qp->sgid_index];
	if (memcmp(qp->dgid, &pkt->saddr, 16) || !gid->live || memcmp(gid->gid, &pkt->daddr, 16))
		return RIG_SOFT_WIRE_DROP_PEER;
	if (!(rig_soft_roce_opf(pkt->opcode) & RIG_SOFT_OPF_REQUEST) && !qp->wire->req_up)
		return RIG_SOFT_WIRE_DROP_NOT_REQ;
	*qpp = qp;
	return -1;
}

/* The responder fails on the receive a SEND was landing in. */
static void rig_soft_wire_res_fail(struct rig_soft_qp *qp, u8 status, u8 reason)
{
	rig_soft_cq_res(qp, qp->wire->rqe.wr_id, 0, status);
	rig_soft_qp_fail(qp, REQ_NONE, reason);
}

/* A new SEND packet: a receive for its first, its payload put in place. */
static enum rig_soft_rc_check rig_soft_wire_send_in(struct rig_soft_qp *qp,
						    const struct rig_soft_roce_pkt *pkt,
						    const struct rig_soft_rc_place *pl)
{
	struct rig_soft_wire *w = qp->wire;
	int ret;

	if (pl->first) {
		u32 posted = rig_soft_posted(qp, &qp->rq_db, DBC_DBC_TYPE_RQ, qp->rq_entries,
					     qp->rq_done);

		if (posted == U32_MAX || (posted && rig_soft_rqe_read(qp, &w->rqe))) {
			rig_soft_qp_fail(qp, REQ_NONE, RES(WQE_FORMAT_ERROR));
			return RIG_SOFT_RC_CHECK_OP;
		}
		if (!posted)
			return RIG_SOFT_RC_CHECK_NO_RECV;
	}
	/* Room for its completion, whichever packet ends it. */
	if (!rig_soft_cq_room(qp->rcq))
		return RIG_SOFT_RC_CHECK_NO_RECV;
	if ((u64)pl->offset + pl->len > w->rqe.capacity) {
		rig_soft_wire_res_fail(qp, CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR, RES(EXCEEDS_WQE));
		return RIG_SOFT_RC_CHECK_LENGTH;
	}
	ret = rig_soft_wire_copy(qp->fn, qp->pd, CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE,
				 w->rqe.sge, w->rqe.nsge, pl->offset, (u8 *)pkt->payload,
				 pl->len, true);
	if (ret) {
		rig_soft_wire_res_fail(qp, CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR,
				       RES(MEMORY_ERROR));
		return ret == -EFAULT ? RIG_SOFT_RC_CHECK_OP : RIG_SOFT_RC_CHECK_ACCESS;
	}
	if (pl->last) {
		rig_soft_cq_res(qp, w->rqe.wr_id, pl->offset + pl->len, CQ_RES_RC_STATUS_OK);
		qp->fn->stats.rx_bytes += pl->offset + pl->len;
	}
	qp->fn->stats.rx_pkts++;
	return RIG_SOFT_RC_CHECK_OK;
}

/*
 * A new READ request: its key on this function's MR table, in the QP's
 * PD, letting remote reads in, through a QP that does too; its range.
 */
static enum rig_soft_rc_check rig_soft_wire_read_in(struct rig_soft_qp *qp,
						    const struct rig_soft_roce_pkt *pkt)
{
	struct rig_soft_sge remote = { pkt->va, pkt->rkey, pkt->dma_len };
	struct rig_soft_cursor cur;

	if (!(qp->access & CMDQ_MODIFY_QP_ACCESS_REMOTE_READ)) {
		rig_soft_qp_fail(qp, REQ_NONE, RES(RX_NO_PERMISSION));
		return RIG_SOFT_RC_CHECK_ACCESS;
	}
	if (!rig_soft_sges_resolve(qp->fn, qp->pd, CMDQ_REGISTER_MR_ACCESS_REMOTE_READ,
				   &remote, 1, &cur)) {
		rig_soft_qp_fail(qp, REQ_NONE, RES(RX_INVALID_R_KEY));
		return RIG_SOFT_RC_CHECK_ACCESS;
	}
	return RIG_SOFT_RC_CHECK_OK;
}

/*
 * Why the responder refused a request on its own (rc_resp.c), as the
 * error notification says it: the checks of this file fail the QP with
 * their own reason first.
 */
static u8 rig_soft_wire_res_reason(const struct rig_soft_qp *qp, enum rig_soft_rc_class cls,
				   const struct rig_soft_roce_pkt *pkt)
{
	if (cls == RIG_SOFT_RC_BAD_SEQ)
		return RES(OPCODE_ERROR);
	if (pkt->opcode != IB_OPCODE_RC_RDMA_READ_REQUEST ||
	    rig_soft_rc_npkts(pkt->dma_len, qp->mtu) > RIG_SOFT_RC_PSN_WINDOW)
		return RES(EXCEED_MAX);
	return RES(IRRQ_OFLOW);
}

/* A request to @qp's responder. */
static bool rig_soft_wire_request(struct rig_soft_qp *qp, const struct rig_soft_roce_pkt *pkt)
{
	struct rig_soft_rc_resp *resp = &qp->wire->resp;
	enum rig_soft_rc_check check = RIG_SOFT_RC_CHECK_OK;
	enum rig_soft_rc_class cls;
	struct rig_soft_rc_place pl;
	bool taken;

	cls = rig_soft_rc_resp_classify(resp, pkt, &pl);
	if (cls == RIG_SOFT_RC_NEW)
		check = pkt->opcode == IB_OPCODE_RC_RDMA_READ_REQUEST ?
			rig_soft_wire_read_in(qp, pkt) : rig_soft_wire_send_in(qp, pkt, &pl);
	else if (cls == RIG_SOFT_RC_TOO_LONG)
		rig_soft_wire_res_fail(qp, CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR, RES(EXCEED_MAX));
	taken = rig_soft_rc_resp_recv(resp, pkt, check) != RIG_SOFT_RC_DROP;
	/*
	 * A fatal NAK ends the connection: IBA (and rxe) move the QP to the
	 * error state, so its receives are flushed and the driver is told,
	 * rather than leaving a QP in RTS whose responder drops everything.
	 * Its NAK still goes out from there.
	 */
	if (resp->error)
		rig_soft_qp_fail(qp, REQ_NONE, rig_soft_wire_res_reason(qp, cls, pkt));
	return taken;
}

/* An acknowledgment or READ response to @qp's requester. */
static bool rig_soft_wire_response(struct rig_soft_qp *qp, const struct rig_soft_roce_pkt *pkt,
				   u64 now)
{
	struct rig_soft_wire *w = qp->wire;
	enum rig_soft_rc_verdict v;
	struct rig_soft_rc_place pl;
	const struct rig_soft_sqe *sqe;

	v = rig_soft_rc_req_recv(&w->req, pkt, now, &pl);
	if (v != RIG_SOFT_RC_PLACE)
		return v != RIG_SOFT_RC_DROP;
	sqe = &w->sqe[pl.slot % RIG_SOFT_RC_WINDOW];
	/* The READ it belongs to fails, even when this response ended it. */
	if ((u64)pl.offset + pl.len > sqe->length)
		rig_soft_rc_req_fault(&w->req, pl.slot, RIG_SOFT_RC_LOCAL_LENGTH);
	else if (rig_soft_wire_copy(qp->fn, qp->pd, CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE,
				    sqe->sge, sqe->nsge, pl.offset, (u8 *)pkt->payload, pl.len,
				    true))
		rig_soft_rc_req_fault(&w->req, pl.slot, RIG_SOFT_RC_LOCAL);
	qp->fn->stats.rx_pkts++;
	return true;
}

/**
 * rig_soft_wire_recv() - a frame the function's interface received
 * @fn: the function; the caller holds its world's lock
 * @frame: the frame from its Ethernet header on; hostile
 * @len: its bytes
 * @now: ktime_get_ns()
 *
 * Decoded, checked, and given to the machines of the QP it is for; or
 * dropped and counted by reason (@fn's @wire).
 */
void rig_soft_wire_recv(struct rig_soft_fn *fn, const void *frame, u32 len, u64 now)
{
	struct rig_soft_qp *qp = NULL;
	struct rig_soft_roce_pkt pkt;
	enum rig_soft_roce_drop why;
	bool taken;
	int drop;

	rig_soft_assert_held(fn);
	fn->wire.rx_frames++;
	why = rig_soft_roce_decode(frame, len, &pkt);
	if (why) {
		fn->wire.roce[why]++;
		return;
	}
	drop = rig_soft_wire_dispatch(fn, &pkt, &qp);
	if (drop >= 0) {
		fn->wire.drop[drop]++;
		return;
	}
	why = rig_soft_roce_check_mtu(&pkt, qp->mtu);
	if (why) {
		fn->wire.roce[why]++;
		return;
	}
	if (rig_soft_roce_opf(pkt.opcode) & RIG_SOFT_OPF_REQUEST)
		taken = rig_soft_wire_request(qp, &pkt);
	else
		taken = rig_soft_wire_response(qp, &pkt, now);
	if (taken)
		fn->wire.rx_ok++;
	else
		fn->wire.drop[RIG_SOFT_WIRE_DROP_STALE]++;
}

/* A packet's addresses and QPs, as @qp's address vector says. */
static bool rig_soft_wire_pkt_init(const struct rig_soft_qp *qp, struct rig_soft_roce_pkt *pkt)
{
	const struct rig_soft_gid *gid = &qp->fn->gids[qp->sgid_index];

	if (!gid->live)
		return false;
	ether_addr_copy(pkt->smac, gid->mac);
	ether_addr_copy(pkt->dmac, qp->dest_mac);
	memcpy(&pkt->saddr, gid->gid, 16);
	memcpy(&pkt->daddr, qp->dgid, 16);
	pkt->ipv6 = qp->network_type == CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV6;
	pkt->hop_limit = RIG_SOFT_WIRE_HOP_LIMIT;
	pkt->pkey = RIG_SOFT_WIRE_PKEY;
	pkt->dqpn = qp->dest_qp_id;
	pkt->sport = rig_soft_roce_sport(qp->qpn, qp->dest_qp_id);
	return true;
}

/* Where a packet's payload goes in the frame being built. */
static u8 *rig_soft_wire_payload(struct rig_soft_qp *qp, const struct rig_soft_roce_pkt *pkt)
{
	return qp->fn->world->tx_frame + rig_soft_roce_hdr_len(pkt);
}

/* Encode @pkt, its payload in place, and hand the frame to the interface. */
static int rig_soft_wire_xmit(struct rig_soft_qp *qp, struct rig_soft_roce_pkt *pkt)
{
	struct rig_soft_fn *fn = qp->fn;
	int len, ret;

	pkt->pad = -pkt->len & 3;
	len = rig_soft_roce_encode(pkt, fn->world->tx_frame, sizeof(fn->world->tx_frame));
	if (WARN_ON_ONCE(len < 0))
		return len;
	ret = fn->ops->xmit(fn, fn->world->tx_frame, len);
	if (ret) {
		fn->wire.tx_full++;
		return ret;
	}
	fn->wire.tx_frames++;
	fn->stats.tx_pkts++;
	fn->stats.tx_bytes += pkt->len;
	return 0;
}

/* What the responder has to send: acknowledgments, NAKs, READ responses. */
static bool rig_soft_wire_resp_tx(struct rig_soft_qp *qp, u64 *budget)
{
	struct rig_soft_rc_resp *resp = &qp->wire->resp;
	struct rig_soft_rc_tx tx;
	bool progress = false;

	while (*budget && rig_soft_rc_resp_next(resp, &tx)) {
		bool data = tx.opcode != IB_OPCODE_RC_ACKNOWLEDGE;
		struct rig_soft_roce_pkt pkt = {
			.opcode = tx.opcode,
			.psn = tx.psn,
			.syndrome = tx.syndrome,
			.msn = tx.msn,
			.len = data ? tx.len : 0,
		};
		struct rig_soft_sge sge = { tx.va, tx.rkey, tx.len };

		/*
		 * The address it goes from, or the region it reads, gone
		 * since: it can never go, and offered again it would keep
		 * the engine from sleeping.  Dropped, as if lost.
		 */
		if (!rig_soft_wire_pkt_init(qp, &pkt) ||
		    (data && rig_soft_wire_copy(qp->fn, qp->pd, CMDQ_REGISTER_MR_ACCESS_REMOTE_READ,
						&sge, 1, 0, rig_soft_wire_payload(qp, &pkt),
						tx.len, false))) {
			rig_soft_rc_resp_drop(resp, &tx);
			progress = true;
			continue;
		}
		/* A full queue empties: offered again on the next pass. */
		if (rig_soft_wire_xmit(qp, &pkt))
			break;
		rig_soft_rc_resp_sent(resp, &tx);
		*budget -= min_t(u64, *budget, tx.len + RIG_SOFT_WIRE_PKT_COST);
		progress = true;
	}
	return progress;
}

/* What the requester has to send: SEND packets, READ requests. */
static bool rig_soft_wire_req_tx(struct rig_soft_qp *qp, u64 *budget, u64 now)
{
	struct rig_soft_rc_req *req = &qp->wire->req;
	struct rig_soft_rc_tx tx;
	bool progress = false;

	while (*budget && rig_soft_rc_req_next(req, now, &tx)) {
		const struct rig_soft_sqe *sqe = &qp->wire->sqe[tx.slot % RIG_SOFT_RC_WINDOW];
		struct rig_soft_roce_pkt pkt = {
			.opcode = tx.opcode,
			.ackreq = tx.ackreq,
			.psn = tx.psn,
		};

		if (!rig_soft_wire_pkt_init(qp, &pkt))
			break;
		if (tx.opcode == IB_OPCODE_RC_RDMA_READ_REQUEST) {
			pkt.va = sqe->remote_va + tx.offset;
			pkt.rkey = sqe->remote_key;
			pkt.dma_len = tx.len;
		} else {
			pkt.len = tx.len;
			if (rig_soft_wire_copy(qp->fn, qp->pd, 0, sqe->sge, sqe->nsge, tx.offset,
					       rig_soft_wire_payload(qp, &pkt), tx.len, false)) {
				rig_soft_rc_req_fault(req, tx.slot, RIG_SOFT_RC_LOCAL);
				return true;
			}
		}
		if (rig_soft_wire_xmit(qp, &pkt))
			break;
		rig_soft_rc_req_sent(req, &tx, now);
		*budget -= min_t(u64, *budget, pkt.len + RIG_SOFT_WIRE_PKT_COST);
		progress = true;
	}
	return progress;
}

/* A send entry cannot be given: it fails once those before it completed. */
static void rig_soft_wire_stall(struct rig_soft_wire *w, u8 status, u8 reason)
{
	w->stall = status;
	w->stall_reason = reason;
}

/*
 * The requester refused an entry for good (rig_soft_rc_req_post()): too
 * long for IBA or for the PSNs it may hold at this path MTU, or a READ on
 * a QP that may not READ.  Waiting would wedge the send queue: the entry
 * fails, as the chip fails an entry it cannot execute.
 */
static void rig_soft_wire_refuse(struct rig_soft_wire *w, int err)
{
	rig_soft_wire_stall(w, err == -EMSGSIZE ? CQ_REQ_STATUS_LOCAL_LENGTH_ERR :
			    CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR, REQ(WQE_FORMAT_ERROR));
}

/* Hand the requester the entries posted beyond those it has. */
static bool rig_soft_wire_give(struct rig_soft_qp *qp)
{
	struct rig_soft_wire *w = qp->wire;
	struct rig_soft_cursor cur[RIG_SOFT_MAX_SGE];
	struct rig_soft_sqe sqe;
	bool progress = false;

	while (!w->stall) {
		u32 posted = rig_soft_posted(qp, &qp->sq_db, DBC_DBC_TYPE_SQ, qp->sq_entries,
					     w->given);
		u32 idx = w->given % qp->sq_entries, slot;
		u8 reason;
		int ret;

		if (!posted)
			break;
		if (posted == U32_MAX) {
			rig_soft_wire_stall(w, CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR,
					    REQ(PROD_WQE_MSMTCH_ERROR));
			return true;
		}
		reason = rig_soft_sqe_fetch(qp, idx, &sqe);
		if (reason) {
			rig_soft_wire_stall(w, CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR, reason);
			return true;
		}
		if (!rig_soft_sges_resolve(qp->fn, qp->pd,
					   sqe.type == SQ_BASE_WQE_TYPE_SEND ? 0 :
					   CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE,
					   sqe.sge, sqe.nsge, cur)) {
			rig_soft_wire_stall(w, CQ_REQ_STATUS_LOCAL_PROTECTION_ERR,
					    REQ(TX_MEMORY_ERROR));
			return true;
		}
		ret = rig_soft_rc_req_post(&w->req, sqe.type == SQ_BASE_WQE_TYPE_SEND ?
					   RIG_SOFT_RC_SEND : RIG_SOFT_RC_READ, sqe.length, &slot);
		if (ret == -EMSGSIZE || ret == -EINVAL) {
			rig_soft_wire_refuse(w, ret);
			return true;
		}
		/* No room until a pop; or the requester failed, which a pop reports. */
		if (ret)
			break;
		w->sqe[slot % RIG_SOFT_RC_WINDOW] = sqe;
		w->given++;
		qp->sq_next_psn = (qp->sq_next_psn + rig_soft_rc_npkts(sqe.length, qp->mtu)) &
				  RIG_SOFT_PSN_MASK;
		progress = true;
	}
	return progress;
}

/* A requester status as the completion carries it. */
static u8 rig_soft_wire_status(u8 status)
{
	switch (status) {
	case RIG_SOFT_RC_OK:
		return CQ_REQ_STATUS_OK;
	case RIG_SOFT_RC_RETRY_EXCEEDED:
		return CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR;
	case RIG_SOFT_RC_RNR_EXCEEDED:
		return CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR;
	case RIG_SOFT_RC_REM_INV_REQ:
		return CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR;
	case RIG_SOFT_RC_REM_ACCESS:
		return CQ_REQ_STATUS_REMOTE_ACCESS_ERR;
	case RIG_SOFT_RC_REM_OP:
		return CQ_REQ_STATUS_REMOTE_OPERATION_ERR;
	case RIG_SOFT_RC_LOCAL:
		return CQ_REQ_STATUS_LOCAL_PROTECTION_ERR;
	case RIG_SOFT_RC_LOCAL_LENGTH:
		return CQ_REQ_STATUS_LOCAL_LENGTH_ERR;
	default:
		return CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR;
	}
}

/*
 * Completions of the messages that ended, in order, while the send CQ has
 * room; the first that failed fails the QP (the rest are flushed).  The
 * successful ones may share completions (rig_soft_cq_req()): what is owed
 * is written before the engine leaves the QP.
 */
static bool rig_soft_wire_pop(struct rig_soft_qp *qp)
{
	struct rig_soft_wire *w = qp->wire;
	struct rig_soft_rc_cqe cqe;
	bool progress = false;

	while (qp->state == S(RTS) && rig_soft_cq_room(qp->scq) &&
	       rig_soft_rc_req_pop(&w->req, &cqe)) {
		u8 status = rig_soft_wire_status(cqe.status);

		progress = true;
		if (!status) {
			rig_soft_cq_req(qp, status, w->sqe[cqe.slot % RIG_SOFT_RC_WINDOW].signal);
			continue;
		}
		rig_soft_cq_req(qp, status, true);
		rig_soft_qp_fail(qp, rig_soft_req_reason(status), RES_NONE);
	}
	if (qp->state == S(RTS) && w->stall && qp->sq_done == w->given &&
	    rig_soft_cq_room(qp->scq)) {
		rig_soft_cq_req(qp, w->stall, true);
		rig_soft_qp_fail(qp, w->stall_reason, RES_NONE);
		progress = true;
	}
	rig_soft_cq_req_settle(qp);
	return progress;
}

/* The requester's first look in RTS: it starts at the QP's sq_psn. */
static void rig_soft_wire_req_up(struct rig_soft_qp *qp)
{
	struct rig_soft_rc_cfg cfg;

	rig_soft_wire_cfg(qp, &cfg);
	rig_soft_rc_req_init(&qp->wire->req, &cfg, qp->sq_next_psn);
	qp->wire->given = qp->sq_done;
	qp->wire->req_up = true;
}

/**
 * rig_soft_wire_qp() - run a QP on the wire
 * @qp: the QP, with @qp->wire; the caller holds its world's lock
 * @budget: bytes this call may send; what it sent is taken from it
 * @waiting: as rig_soft_exec_qp()'s: set while the requester's ACK or RNR
 *	     timer runs
 * @now: ktime_get_ns()
 *
 * In RTR and RTS its responder sends what it owes; in RTS its requester
 * ticks, takes newly posted entries, sends, and its ended messages
 * complete.  In error the responder's last NAK goes out and exec.c
 * flushes every entry left, as for a QP off the wire.
 *
 * Return: true if anything happened.
 */
bool rig_soft_wire_qp(struct rig_soft_qp *qp, u64 *budget, bool *waiting, u64 now)
{
	struct rig_soft_wire *w = qp->wire;
	bool progress = false;

	rig_soft_assert_held(qp->fn);
	if (qp->state == S(ERR)) {
		progress = rig_soft_wire_resp_tx(qp, budget);
		return rig_soft_exec_qp(qp, budget, waiting) || progress;
	}
	if (qp->state != S(RTR) && qp->state != S(RTS))
		return false;
	qp->fn->world->look++;
	progress = rig_soft_wire_resp_tx(qp, budget);
	if (qp->state != S(RTS))
		return progress;
	if (!w->req_up)
		rig_soft_wire_req_up(qp);
	rig_soft_rc_req_tick(&w->req, now);
	progress |= rig_soft_wire_give(qp);
	progress |= rig_soft_wire_req_tx(qp, budget, now);
	progress |= rig_soft_wire_pop(qp);
	w->deadline = rig_soft_rc_req_tick(&w->req, now);
	/*
	 * A lost frame or an RNR NAK leaves only the timer: no frame will
	 * wake a sleeping engine (nor a look, with asleep_look_ms=0).
	 */
	if (w->deadline != RIG_SOFT_RC_NEVER)
		*waiting = true;
	return progress;
}

/**
 * rig_soft_wire_qp_pending() - has a QP on the wire work now?
 * @qp: the QP, with @qp->wire; the caller holds its world's lock
 * @now: ktime_get_ns()
 *
 * A deadline that passed, a packet to send (while the function is on an
 * interface: off one, nothing can be sent and only the timers run), an
 * ended message, an entry posted that the requester has room for.
 *
 * Return: true when rig_soft_wire_qp() would make progress.
 */
bool rig_soft_wire_qp_pending(struct rig_soft_qp *qp, u64 now)
{
	struct rig_soft_wire *w = qp->wire;
	struct rig_soft_rc_tx tx;
	bool wired = qp->fn->wired;

	rig_soft_assert_held(qp->fn);
	if (qp->state == S(ERR))
		return (wired && rig_soft_rc_resp_next(&w->resp, &tx)) || rig_soft_exec_pending(qp);
	if (qp->state != S(RTR) && qp->state != S(RTS))
		return false;
	if (wired && rig_soft_rc_resp_next(&w->resp, &tx))
		return true;
	if (qp->state != S(RTS))
		return false;
	if (!w->req_up || now >= w->deadline)
		return true;
	if (wired && rig_soft_rc_req_next(&w->req, now, &tx))
		return true;
	if (w->req.popped != w->req.una || (w->stall && qp->sq_done == w->given))
		return rig_soft_cq_room(qp->scq);
	if (w->stall)
		return false;
	return w->given - qp->sq_done < RIG_SOFT_RC_WINDOW &&
	       rig_soft_posted(qp, &qp->sq_db, DBC_DBC_TYPE_SQ, qp->sq_entries, w->given);
}
