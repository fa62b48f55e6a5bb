// SPDX-License-Identifier: GPL-2.0-only
/*
 * Queue pairs as firmware objects: CREATE_QP, DESTROY_QP, MODIFY_QP and
 * QUERY_QP.  This file owns what a QP is made of (rings through their
 * page lists, CQs, PD, DPI pages) and its state machine with the
 * attributes each transition needs: RESET->INIT (STATE, PKEY, ACCESS),
 * INIT->RTR (STATE, DGID, SGID_INDEX, DEST_MAC, PATH_MTU, RQ_PSN,
 * DEST_QP_ID, MAX_DEST_RD_ATOMIC >= 1), RTR->RTS (STATE, SQ_PSN, TIMEOUT,
 * RETRY_CNT, RNR_RETRY, MAX_RD_ATOMIC >= 1, and none of the path
 * attributes the Bono firmware refuses there, as bnxt_qplib_modify_qp()
 * notes), INIT->INIT, RTS->RTS, any->ERR, any->RESET; on a function on
 * a network interface, RTR's network type is RoCE v2 over the GIDs' IP
 * version and the transitions after it repeat it.  Running the QP's
 * entries is exec.c's, or wire.c's for a QP of a function on a network
 * interface (its machines are allocated at RTR, freed at RESET and with
 * the QP).  Pure: KUnit runs it.
 */
#include <linux/slab.h>
#include <linux/string.h>
#include <net/ipv6.h>

#include "soft.h"

#define M(x)	CMDQ_MODIFY_QP_MODIFY_MASK_##x
#define S(x)	CMDQ_MODIFY_QP_NEW_STATE_##x

/* What each transition needs, and what it may not carry. */
#define RIG_SOFT_INIT_NEED	(M(STATE) | M(PKEY) | M(ACCESS))
#define RIG_SOFT_RTR_NEED	(M(STATE) | M(DGID) | M(SGID_INDEX) | M(DEST_MAC) | \
				 M(PATH_MTU) | M(RQ_PSN) | M(DEST_QP_ID) | \
				 M(MAX_DEST_RD_ATOMIC))
#define RIG_SOFT_RTS_NEED	(M(STATE) | M(SQ_PSN) | M(TIMEOUT) | M(RETRY_CNT) | \
				 M(RNR_RETRY) | M(MAX_RD_ATOMIC))
#define RIG_SOFT_RTS_FORBID	(M(PKEY) | M(DGID) | M(FLOW_LABEL) | M(SGID_INDEX) | \
				 M(HOP_LIMIT) | M(TRAFFIC_CLASS) | M(DEST_MAC) | \
				 M(PATH_MTU) | M(RQ_PSN) | M(MIN_RNR_TIMER) | \
				 M(MAX_DEST_RD_ATOMIC) | M(DEST_QP_ID))
/* Attributes the model does not implement: resizing, push, inline. */
#define RIG_SOFT_MODIFY_UNSUPPORTED (M(PINGPONG_PUSH_MODE) | M(SQ_SIZE) | M(RQ_SIZE) | \
				     M(SQ_SGE) | M(RQ_SGE) | M(MAX_INLINE_DATA))

#define RIG_SOFT_QP_FLAGS_OK	(CMDQ_CREATE_QP_QP_FLAGS_FORCE_COMPLETION | \
				 CMDQ_CREATE_QP_QP_FLAGS_RESERVED_LKEY_ENABLE | \
				 CMDQ_CREATE_QP_QP_FLAGS_FR_PMR_ENABLED | \
				 CMDQ_CREATE_QP_QP_FLAGS_EXT_STATS_ENABLED | \
				 CMDQ_CREATE_QP_QP_FLAGS_RDMA_READ_OR_ATOMICS_USED)
#define RIG_SOFT_QP_FLAGS_NI	(CMDQ_CREATE_QP_QP_FLAGS_VARIABLE_SIZED_WQE_ENABLED | \
				 CMDQ_CREATE_QP_QP_FLAGS_OPTIMIZED_TRANSMIT_ENABLED | \
				 CMDQ_CREATE_QP_QP_FLAGS_RESPONDER_UD_CQE_WITH_CFA | \
				 CMDQ_CREATE_QP_QP_FLAGS_EXPRESS_MODE_ENABLED)

static u8 rig_soft_qmem_status(int ret)
{
	return ret == -EFAULT ? CREQ_QP_EVENT_STATUS_HARDWARE_ERROR :
	       ret == -ENOMEM ? CREQ_QP_EVENT_STATUS_RESOURCES :
	       CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
}

/* A page size and level byte of CREATE_QP: the page size's shift or < 0. */
static int rig_soft_qp_pg(u8 pg_lvl)
{
	if ((pg_lvl & CMDQ_CREATE_QP_SQ_LVL_MASK) > CMDQ_CREATE_QP_SQ_LVL_LVL_2)
		return -EINVAL;
	return rig_soft_pg_size_shift(pg_lvl >> CMDQ_CREATE_QP_SQ_PG_SIZE_SFT);
}

/* The CREATE_QP checks that read no memory. */
static u8 rig_soft_create_qp_check(struct rig_soft_fn *fn, const struct cmdq_create_qp *req)
{
	u32 flags = le32_to_cpu(req->qp_flags);
	u16 sq = le16_to_cpu(req->sq_fwo_sq_sge), rq = le16_to_cpu(req->rq_fwo_rq_sge);
	u32 sq_size = le32_to_cpu(req->sq_size), rq_size = le32_to_cpu(req->rq_size);
	u64 irrq = le64_to_cpu(req->irrq_addr), orrq = le64_to_cpu(req->orrq_addr);

	if (fn->nqps >= fn->lim.max_qp)
		return CREQ_QP_EVENT_STATUS_RESOURCES;
	if (req->type == CMDQ_CREATE_QP_TYPE_UD || req->type == CMDQ_CREATE_QP_TYPE_GSI ||
	    req->type == CMDQ_CREATE_QP_TYPE_RAW_ETHERTYPE || (flags & RIG_SOFT_QP_FLAGS_NI))
		return CREQ_QP_EVENT_STATUS_NOT_IMPLEMENTED;
	if (req->type != CMDQ_CREATE_QP_TYPE_RC ||
	    (flags & ~(RIG_SOFT_QP_FLAGS_OK | RIG_SOFT_QP_FLAGS_NI)) ||
	    rig_soft_qp_pg(req->sq_pg_size_sq_lvl) < 0 ||
	    rig_soft_qp_pg(req->rq_pg_size_rq_lvl) < 0 ||
	    req->unused_0 || req->srq_cid || req->request_xid || req->steering_tag ||
	    req->reserved16 ||
	    sq_size < RIG_SOFT_SQ_RESERVE + 2 || sq_size > fn->lim.max_qp_wr ||
	    !rq_size || rq_size > fn->lim.max_qp_wr ||
	    (sq & CMDQ_CREATE_QP_SQ_FWO_MASK) ||
	    (sq & CMDQ_CREATE_QP_SQ_SGE_MASK) > fn->lim.max_sge ||
	    (rq & CMDQ_CREATE_QP_RQ_FWO_MASK) || !(rq & CMDQ_CREATE_QP_RQ_SGE_MASK) ||
	    (rq & CMDQ_CREATE_QP_RQ_SGE_MASK) > fn->lim.max_sge ||
	    !xa_load(&fn->cqs, le32_to_cpu(req->scq_cid)) ||
	    !xa_load(&fn->cqs, le32_to_cpu(req->rcq_cid)) ||
	    le32_to_cpu(req->pd_id) >= fn->lim.max_pd ||
	    !irrq || !orrq || (irrq & (SZ_4K - 1)) || (orrq & (SZ_4K - 1)))
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	return 0;
}

/* The QP's two rings; the send ring is followed by its PSN search area. */
static u8 rig_soft_qp_rings(struct rig_soft_fn *fn, struct rig_soft_qp *qp,
			    const struct cmdq_create_qp *req)
{
	int ret;

	if (rig_soft_mem_probe(fn->mem, le64_to_cpu(req->irrq_addr)) ||
	    rig_soft_mem_probe(fn->mem, le64_to_cpu(req->orrq_addr)))
		return CREQ_QP_EVENT_STATUS_HARDWARE_ERROR;
	ret = rig_soft_qmem_init(fn->mem, &qp->sq, le64_to_cpu(req->sq_pbl),
				 req->sq_pg_size_sq_lvl & CMDQ_CREATE_QP_SQ_LVL_MASK,
				 rig_soft_qp_pg(req->sq_pg_size_sq_lvl),
				 (u64)qp->sq_entries * (RIG_SOFT_WQE_SIZE + RIG_SOFT_PSN_SIZE));
	if (ret)
		return rig_soft_qmem_status(ret);
	ret = rig_soft_qmem_init(fn->mem, &qp->rq, le64_to_cpu(req->rq_pbl),
				 req->rq_pg_size_rq_lvl & CMDQ_CREATE_QP_RQ_LVL_MASK,
				 rig_soft_qp_pg(req->rq_pg_size_rq_lvl),
				 (u64)qp->rq_entries * RIG_SOFT_WQE_SIZE);
	if (ret) {
		rig_soft_qmem_free(&qp->sq);
		return rig_soft_qmem_status(ret);
	}
	return 0;
}

static void rig_soft_qp_take(struct rig_soft_fn *fn, struct rig_soft_qp *qp,
			     const struct cmdq_create_qp *req)
{
	qp->fn = fn;
	qp->handle = le64_to_cpu(req->qp_handle);
	qp->pd = le32_to_cpu(req->pd_id);
	qp->flags = le32_to_cpu(req->qp_flags);
	qp->sq_sge = le16_to_cpu(req->sq_fwo_sq_sge) & CMDQ_CREATE_QP_SQ_SGE_MASK;
	qp->rq_sge = le16_to_cpu(req->rq_fwo_rq_sge) & CMDQ_CREATE_QP_RQ_SGE_MASK;
	qp->scq = xa_load(&fn->cqs, le32_to_cpu(req->scq_cid));
	qp->rcq = xa_load(&fn->cqs, le32_to_cpu(req->rcq_cid));
	qp->scq->users++;
	qp->rcq->users++;
	qp->state = S(RESET);
	qp->mtu = 256;
	rig_soft_db_reset(fn, &qp->sq_db, rig_soft_dpi_off(qp->dpi));
	rig_soft_db_reset(fn, &qp->rq_db, rig_soft_dpi_off(qp->dpi + 1));
	list_add_tail(&qp->node, &fn->world->qps);
	fn->nqps++;
}

/**
 * rig_soft_cmd_create_qp() - CREATE_QP
 * @fn: the function
 * @cmd: a struct cmdq_create_qp
 * @resp: the answer: xid = the QP's number, 1..2^20-1
 *
 * RC only; no SRQ, variable WQEs, first-WQE offsets, requested xids or
 * steering tags; RIG_SOFT_SQ_RESERVE + 2 <= sq_size <= max_qp_wr (a send
 * ring holds at least one entry beside its reserve and its spare slot);
 * 1 <= rq_size <= max_qp_wr; 0 <= sq_sge <= 6,
 * 1 <= rq_sge <= 6; existing CQs; pd_id below max_pd; IRRQ and ORRQ
 * 4 KiB-aligned addresses that reach memory; DPI pages dpi and dpi + 1
 * free; page lists covering sq_size entries of 128 bytes and as many
 * PSN search entries after them, and rq_size entries.
 *
 * Return: 0 or a status.
 */
u8 rig_soft_cmd_create_qp(struct rig_soft_fn *fn, const void *cmd,
			  struct creq_qp_event *resp)
{
	const struct cmdq_create_qp *req = cmd;
	struct rig_soft_qp *qp;
	u8 status;

	status = rig_soft_create_qp_check(fn, req);
	if (status)
		return status;
	qp = kzalloc(sizeof(*qp), GFP_KERNEL);
	if (!qp)
		return CREQ_QP_EVENT_STATUS_RESOURCES;
	qp->dpi = le32_to_cpu(req->dpi);
	qp->sq_entries = le32_to_cpu(req->sq_size);
	qp->rq_entries = le32_to_cpu(req->rq_size);
	if (!rig_soft_dpi_take(fn, qp->dpi)) {
		status = CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
		goto err_free;
	}
	status = rig_soft_qp_rings(fn, qp, req);
	if (status)
		goto err_dpi;
	if (xa_alloc_cyclic(&fn->qps, &qp->qpn, qp, XA_LIMIT(1, RIG_SOFT_XID_MAX),
			    &fn->next_qpn, GFP_KERNEL) < 0) {
		status = CREQ_QP_EVENT_STATUS_RESOURCES;
		goto err_rings;
	}
	rig_soft_qp_take(fn, qp, req);
	((struct creq_create_qp_resp *)resp)->xid = cpu_to_le32(qp->qpn);
	return 0;

err_rings:
	rig_soft_qmem_free(&qp->rq);
	rig_soft_qmem_free(&qp->sq);
err_dpi:
	rig_soft_dpi_put(fn, qp->dpi);
err_free:
	kfree(qp);
	return status;
}

/**
 * rig_soft_qp_free() - forget a QP; the engine runs it no more
 * @qp: the QP; the caller holds its world's lock
 */
void rig_soft_qp_free(struct rig_soft_qp *qp)
{
	struct rig_soft_fn *fn = qp->fn;

	rig_soft_assert_held(fn);
	list_del(&qp->node);
	xa_erase(&fn->qps, qp->qpn);
	qp->scq->users--;
	qp->rcq->users--;
	rig_soft_dpi_put(fn, qp->dpi);
	rig_soft_qmem_free(&qp->sq);
	rig_soft_qmem_free(&qp->rq);
	rig_soft_wire_qp_down(qp);
	fn->nqps--;
	kfree(qp);
}

/**
 * rig_soft_cmd_destroy_qp() - DESTROY_QP
 * @fn: the function
 * @cmd: a struct cmdq_destroy_qp
 * @resp: the answer: xid
 *
 * Return: 0, or INVALID_PARAMETER for no such QP.
 */
u8 rig_soft_cmd_destroy_qp(struct rig_soft_fn *fn, const void *cmd,
			   struct creq_qp_event *resp)
{
	const struct cmdq_destroy_qp *req = cmd;
	struct rig_soft_qp *qp = xa_load(&fn->qps, le32_to_cpu(req->qp_cid));

	if (!qp)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	((struct creq_destroy_qp_resp *)resp)->xid = cpu_to_le32(qp->qpn);
	rig_soft_qp_free(qp);
	return 0;
}

/* Is @cur -> @next a transition, and does @mask carry what it needs? */
static u8 rig_soft_transition(u8 cur, u8 next, u32 mask)
{
	u32 need = M(STATE), forbid = 0;

	if (next == S(SQD) || next == S(SQE))
		return CREQ_QP_EVENT_STATUS_NOT_IMPLEMENTED;
	if (cur == S(RESET) && next == S(INIT))
		need = RIG_SOFT_INIT_NEED;
	else if (cur == S(INIT) && next == S(RTR))
		need = RIG_SOFT_RTR_NEED;
	else if (cur == S(RTR) && next == S(RTS))
		need = RIG_SOFT_RTS_NEED;
	else if (next != S(ERR) && next != S(RESET) && !(cur == S(INIT) && next == S(INIT)) &&
		 !(cur == S(RTS) && next == S(RTS)))
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	if (next == S(RTS))
		forbid = RIG_SOFT_RTS_FORBID;
	if ((mask & need) != need || (mask & forbid))
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	return 0;
}

/* The ranges of the attributes @mask carries. */
static bool rig_soft_modify_ok(struct rig_soft_fn *fn, const struct cmdq_modify_qp *req,
			       u32 mask)
{
	u8 mtu = req->path_mtu_pingpong_push_enable;
	u16 sgid = le16_to_cpu(req->sgid_index);

	if ((mask & RIG_SOFT_MODIFY_UNSUPPORTED) || req->ext_modify_mask)
		return false;
	if ((mask & M(ACCESS)) && (req->access & ~(CMDQ_MODIFY_QP_ACCESS_LOCAL_WRITE |
						   CMDQ_MODIFY_QP_ACCESS_REMOTE_WRITE |
						   CMDQ_MODIFY_QP_ACCESS_REMOTE_READ |
						   CMDQ_MODIFY_QP_ACCESS_REMOTE_ATOMIC)))
		return false;
	if ((mask & M(SGID_INDEX)) && (sgid >= fn->lim.max_gid || !fn->gids[sgid].live))
		return false;
	/* A path MTU whose packets, headers and all, would not fit the link. */
	if ((mask & M(PATH_MTU)) && ((mtu & ~CMDQ_MODIFY_QP_PATH_MTU_MASK) ||
				     mtu > CMDQ_MODIFY_QP_PATH_MTU_MTU_4096 ||
				     (256U << (mtu >> CMDQ_MODIFY_QP_PATH_MTU_SFT)) >
				     fn->mtu - RIG_SOFT_ROCE_HEADERS))
		return false;
	if (((mask & M(TIMEOUT)) && req->timeout > 31) ||
	    ((mask & M(RETRY_CNT)) && req->retry_cnt > 7) ||
	    ((mask & M(RNR_RETRY)) && req->rnr_retry > 7) ||
	    ((mask & M(MIN_RNR_TIMER)) && req->min_rnr_timer > 31))
		return false;
	if (((mask & M(RQ_PSN)) && le32_to_cpu(req->rq_psn) > RIG_SOFT_PSN_MASK) ||
	    ((mask & M(SQ_PSN)) && le32_to_cpu(req->sq_psn) > RIG_SOFT_PSN_MASK))
		return false;
	/* Slots, as bnxt_re counts them: ORRQ = ord + 1, IRRQ = 2 * ird + 2. */
	if (((mask & M(MAX_RD_ATOMIC)) &&
	     (!req->max_rd_atomic || req->max_rd_atomic > fn->lim.max_rd_atom + 1)) ||
	    ((mask & M(MAX_DEST_RD_ATOMIC)) &&
	     (!req->max_dest_rd_atomic ||
	      req->max_dest_rd_atomic > 2 * fn->lim.max_rd_atom + 2)))
		return false;
	if ((mask & M(DEST_QP_ID)) &&
	    (!req->dest_qp_id || le32_to_cpu(req->dest_qp_id) > RIG_SOFT_PSN_MASK))
		return false;
	return true;
}

/*
 * The network type (bits 7:6 of the state byte), which bnxt_re sends in
 * every MODIFY_QP.  A QP on the wire speaks what its RTR said, and every
 * transition after repeats it.  At RTR the model takes RoCE v2 only, over
 * IPv4 when both GIDs are IPv4-mapped and over IPv6 when neither is: the
 * chip builds its headers from the type, so a type that is not the GIDs'
 * would send frames no peer takes.
 */
static bool rig_soft_network_ok(const struct rig_soft_qp *qp, const struct cmdq_modify_qp *req,
				u32 mask, u8 next)
{
	u8 nw = req->network_type_en_sqd_async_notify_new_state & CMDQ_MODIFY_QP_NETWORK_TYPE_MASK;
	u16 sgid = (mask & M(SGID_INDEX)) ? le16_to_cpu(req->sgid_index) : qp->sgid_index;
	const u8 *dgid = (mask & M(DGID)) ? (const u8 *)req->dgid : qp->dgid;
	struct rig_soft_fn *fn = qp->fn;
	bool v4 = nw == CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV4;

	if (qp->wire && (qp->state == S(RTR) || qp->state == S(RTS)))
		return nw == qp->network_type;
	if (next != S(RTR) || qp->state != S(INIT) || !fn->wired)
		return true;
	if (!v4 && nw != CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV6)
		return false;
	return sgid < fn->lim.max_gid &&
	       ipv6_addr_v4mapped((const struct in6_addr *)fn->gids[sgid].gid) == v4 &&
	       ipv6_addr_v4mapped((const struct in6_addr *)dgid) == v4;
}

/* Take the attributes @mask carries. */
static void rig_soft_modify_take(struct rig_soft_qp *qp, const struct cmdq_modify_qp *req,
				 u32 mask)
{
	if (mask & M(ACCESS))
		qp->access = req->access;
	if (mask & M(PKEY))
		qp->pkey = le16_to_cpu(req->pkey);
	if (mask & M(DGID))
		memcpy(qp->dgid, req->dgid, sizeof(qp->dgid));
	if (mask & M(SGID_INDEX))
		qp->sgid_index = le16_to_cpu(req->sgid_index);
	if (mask & M(DEST_MAC))
		memcpy(qp->dest_mac, req->dest_mac, sizeof(qp->dest_mac));
	if (mask & M(PATH_MTU)) {
		qp->path_mtu = req->path_mtu_pingpong_push_enable & CMDQ_MODIFY_QP_PATH_MTU_MASK;
		qp->mtu = 256U << (qp->path_mtu >> CMDQ_MODIFY_QP_PATH_MTU_SFT);
	}
	if (mask & M(TIMEOUT))
		qp->timeout = req->timeout;
	if (mask & M(RETRY_CNT))
		qp->retry_cnt = req->retry_cnt;
	if (mask & M(RNR_RETRY))
		qp->rnr_retry = req->rnr_retry;
	if (mask & M(MIN_RNR_TIMER))
		qp->min_rnr_timer = req->min_rnr_timer;
	if (mask & M(RQ_PSN))
		qp->rq_psn = le32_to_cpu(req->rq_psn);
	if (mask & M(SQ_PSN))
		qp->sq_psn = le32_to_cpu(req->sq_psn);
	if (mask & M(MAX_RD_ATOMIC))
		qp->max_rd_atomic = req->max_rd_atomic;
	if (mask & M(MAX_DEST_RD_ATOMIC))
		qp->max_dest_rd_atomic = req->max_dest_rd_atomic;
	if (mask & M(DEST_QP_ID))
		qp->dest_qp_id = le32_to_cpu(req->dest_qp_id);
}

/* Enter state @next: the engine's view of the rings follows. */
static void rig_soft_qp_enter(struct rig_soft_qp *qp, u8 next)
{
	qp->xfer.active = false;
	qp->waiting = false;
	switch (next) {
	case S(RESET):
		qp->sq_done = 0;
		qp->rq_done = 0;
		qp->error_sent = false;
		qp->terminal = false;
		qp->sq_owed = false;
		rig_soft_db_reset(qp->fn, &qp->sq_db, qp->sq_db.off);
		rig_soft_db_reset(qp->fn, &qp->rq_db, qp->rq_db.off);
		rig_soft_wire_qp_down(qp);
		break;
	case S(RTR):
		qp->rq_next_psn = qp->rq_psn;
		break;
	case S(RTS):
		if (qp->state == S(RTR))
			qp->sq_next_psn = qp->sq_psn;
		break;
	}
	qp->state = next;
}

/**
 * rig_soft_cmd_modify_qp() - MODIFY_QP
 * @fn: the function
 * @cmd: a struct cmdq_modify_qp
 * @resp: the answer: xid
 *
 * Only state transitions (MODIFY_MASK_STATE) are implemented.  Going to
 * ERR writes no completion and raises nothing: the engine then flushes.
 *
 * Return: 0; INVALID_PARAMETER for no such QP, an illegal transition,
 * missing or forbidden attributes, or one out of range; NOT_IMPLEMENTED
 * for SQD and SQE.
 */
u8 rig_soft_cmd_modify_qp(struct rig_soft_fn *fn, const void *cmd,
			  struct creq_qp_event *resp)
{
	const struct cmdq_modify_qp *req = cmd;
	struct rig_soft_qp *qp = xa_load(&fn->qps, le32_to_cpu(req->qp_cid));
	u32 mask = le32_to_cpu(req->modify_mask);
	u8 next = req->network_type_en_sqd_async_notify_new_state &
		  CMDQ_MODIFY_QP_NEW_STATE_MASK;
	u8 status;

	if (!qp || !(mask & M(STATE)) || next > S(ERR))
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	((struct creq_modify_qp_resp *)resp)->xid = cpu_to_le32(qp->qpn);
	status = rig_soft_transition(qp->state, next, mask);
	if (status)
		return status;
	if (!rig_soft_modify_ok(fn, req, mask) || !rig_soft_network_ok(qp, req, mask, next))
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	rig_soft_modify_take(qp, req, mask);
	if (next == S(RTR) && qp->state == S(INIT))
		qp->network_type = req->network_type_en_sqd_async_notify_new_state &
				   CMDQ_MODIFY_QP_NETWORK_TYPE_MASK;
	/* A function on an interface: its QPs speak RoCE v2 on it (wire.c). */
	if (next == S(RTR) && qp->state == S(INIT) && fn->wired && rig_soft_wire_qp_up(qp))
		return CREQ_QP_EVENT_STATUS_RESOURCES;
	rig_soft_qp_enter(qp, next);
	return 0;
}

/**
 * rig_soft_cmd_query_qp() - QUERY_QP: the QP's state and attributes
 * @fn: the function
 * @cmd: a struct cmdq_query_qp
 * @resp: the answer: size (16-byte units of the side buffer)
 *
 * Return: 0; INVALID_PARAMETER for no such QP or a side buffer too
 * small; HARDWARE_ERROR for a DMA fault.
 */
u8 rig_soft_cmd_query_qp(struct rig_soft_fn *fn, const void *cmd,
			 struct creq_qp_event *resp)
{
	const struct cmdq_query_qp *req = cmd;
	struct rig_soft_qp *qp = xa_load(&fn->qps, le32_to_cpu(req->qp_cid));
	struct creq_query_qp_resp_sb sb = {
		.opcode = CREQ_QUERY_QP_RESP_SB_OPCODE_QUERY_QP,
		.cookie = req->cookie,
		.resp_size = DIV_ROUND_UP(sizeof(sb), 16),
	};
	u8 status;

	if (!qp)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	sb.xid = cpu_to_le32(qp->qpn);
	sb.en_sqd_async_notify_state = qp->state;
	sb.access = qp->access;
	sb.pkey = cpu_to_le16(qp->pkey);
	memcpy(sb.dgid, qp->dgid, sizeof(sb.dgid));
	sb.sgid_index = cpu_to_le16(qp->sgid_index);
	memcpy(sb.dest_mac, qp->dest_mac, sizeof(sb.dest_mac));
	sb.path_mtu_dest_vlan_id = cpu_to_le16((qp->path_mtu >> CMDQ_MODIFY_QP_PATH_MTU_SFT) <<
					       CREQ_QUERY_QP_RESP_SB_PATH_MTU_SFT);
	sb.timeout = qp->timeout;
	sb.retry_cnt = qp->retry_cnt;
	sb.rnr_retry = qp->rnr_retry;
	sb.min_rnr_timer = qp->min_rnr_timer;
	sb.rq_psn = cpu_to_le32(qp->rq_psn);
	sb.sq_psn = cpu_to_le32(qp->sq_psn);
	sb.max_rd_atomic = qp->max_rd_atomic;
	sb.max_dest_rd_atomic = qp->max_dest_rd_atomic;
	sb.sq_size = cpu_to_le32(qp->sq_entries);
	sb.rq_size = cpu_to_le32(qp->rq_entries);
	sb.sq_sge = cpu_to_le16(qp->sq_sge);
	sb.rq_sge = cpu_to_le16(qp->rq_sge);
	sb.dest_qp_id = cpu_to_le32(qp->dest_qp_id);
	memcpy(sb.src_mac, fn->gids[qp->sgid_index % fn->lim.max_gid].mac, sizeof(sb.src_mac));
	status = rig_soft_fw_side(fn, cmd, &sb, sizeof(sb));
	if (!status)
		((struct creq_query_qp_resp *)resp)->size = cpu_to_le32(sb.resp_size);
	return status;
}
