// SPDX-License-Identifier: GPL-2.0-only
/*
 * A queue pair as the firmware knows it: a completion queue
 * (CREATE_CQ, armed with CQ_ARMENA at creation and after each
 * notification) and a reliable-connected queue pair (CREATE_QP) whose send
 * ring is followed by its PSN search area, both rings and the completion
 * ring in the memory the core allocated and the process maps, each
 * described by a PBL; ORRQ and IRRQ memory of the driver's; MODIFY_QP
 * from RESET through INIT and RTR to RTS at connect; DESTROY_QP and
 * DESTROY_CQ.  As bnxt_re does it (qplib_fp.c), in static WQE mode.
 *
 * This file owns struct rig_bnxt_qp and the notifications of its
 * completion ring.  The rings' memory and the handle are the core's.
 */
#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/random.h>
#include <linux/sizes.h>
#include <linux/slab.h>

#include "bnxt.h"

/* Bytes of a send entry's PSN search entry (P5: sq_psn_search_ext). */
#define RIG_BNXT_PSN_BYTES	sizeof(struct rig_bnxt_sq_psn_search_ext)
/* Outstanding RDMA READs each way: the firmware's limit, at most this. */
#define RIG_BNXT_RD_ATOMIC	16
/* Slots of the ORRQ and IRRQ for a limit (bnxt_re's formulas). */
#define RIG_ORRQ_SLOTS(x)	((x) + 1)
#define RIG_IRRQ_SLOTS(x)	(2 * (x) + 2)

/**
 * rig_bnxt_qp_layout() - struct rig_dev_ops @qp_layout
 * @rdev: the NIC
 * @entries: outstanding entries each ring must hold
 * @l: filled in: the send ring, with RIG_BNXT_SQ_RESERVE + 1 slots beyond
 *     @entries and its PSN search area right after its last slot (where
 *     the firmware looks for it), the receive ring with one slot beyond
 *     @entries, as bnxt_re sizes them (bnxt_re_init_sq_attr(),
 *     bnxt_re_init_rq_attr(): never filled to the last slot), and the
 *     completion ring (2 * @entries + RIG_BNXT_CQ_SLACK completions), each
 *     ring on its own pages
 */
void rig_bnxt_qp_layout(struct rig_dev *rdev, u32 entries, struct rig_qp_layout *l)
{
	u32 sq_slots = roundup_pow_of_two(entries + RIG_BNXT_SQ_RESERVE + 1);
	u32 rq_slots = roundup_pow_of_two(entries + 1);
	u32 sq = PAGE_ALIGN(sq_slots * (RIG_BNXT_ENTRY_SIZE + RIG_BNXT_PSN_BYTES));
	u32 rq = PAGE_ALIGN(rq_slots * RIG_BNXT_ENTRY_SIZE);
	u32 cq = PAGE_ALIGN((2 * entries + RIG_BNXT_CQ_SLACK) * RIG_BNXT_CQE_SIZE);

	l->sq_slots = sq_slots;
	l->rq_slots = rq_slots;
	l->sq_offset = 0;
	l->psn_offset = sq_slots * RIG_BNXT_ENTRY_SIZE;
	l->rq_offset = sq;
	l->cq_offset = sq + rq;
	l->bytes = (u64)sq + rq + cq;
}

static int rig_bnxt_qp_pbl(struct rig_bnxt_dev *bnxt, struct rig_qp *qp,
			   struct rig_bnxt_pbl *pbl, u32 offset, u32 bytes)
{
	u64 npages = DIV_ROUND_UP(bytes, PAGE_SIZE);
	struct rig_dma_iter it;
	int ret;

	ret = rig_buf_dma(qp->rings, offset >> PAGE_SHIFT, npages, &it);
	if (ret)
		return ret;
	return rig_bnxt_pbl_build(bnxt->dev, pbl, npages, RIG_BNXT_PBL_QUEUE, &it);
}

/*
 * The rings' page lists list PAGE_SIZE pages, and CREATE_CQ and CREATE_QP
 * say PG_4K: rig builds only where the two agree (not on 64 KiB pages).
 */
static_assert(PAGE_SIZE == SZ_4K, "ring page lists are said to be of 4 KiB pages");

/* Level and page size of a ring, as CREATE_CQ/CREATE_QP want them. */
static u32 rig_bnxt_pg_lvl(const struct rig_bnxt_pbl *pbl, u32 pg_size_4k, u32 lvl_mask)
{
	return pg_size_4k | (pbl->level & lvl_mask);
}

static int rig_bnxt_qp_refused(struct rig_qp *qp, u8 opcode, int ret, const void *resp)
{
	if (ret == -EIO)
		return rig_ctx_error(qp->ctx, ret, "%s refused by the firmware: status 0x%02x",
				     rig_bnxt_cmd_name(opcode),
				     ((const struct rig_creq_qp_event *)resp)->status);
	return rig_ctx_error(qp->ctx, ret, "%s failed: %pe", rig_bnxt_cmd_name(opcode),
			     ERR_PTR(ret));
}

/* Doorbell pages: the file's one DPI on hardware, pages of their own on the model. */
static int rig_bnxt_qp_dpis(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	struct rig_bnxt_ctx *c = to_bnxt_ctx(q->qp.ctx);
	int ret;

	if (!(bnxt->t->caps & RIG_TRANSPORT_CAP_DPI_PER_DOORBELL)) {
		q->dpi_q = c->dpi;
		q->dpi_cq = c->dpi;
		return 0;
	}
	ret = rig_bnxt_dpi_alloc(bnxt, RIG_BNXT_QP_DPIS / 2, &q->dpi_q);
	if (ret)
		return ret;
	ret = rig_bnxt_dpi_alloc(bnxt, RIG_BNXT_QP_DPIS / 2, &q->dpi_cq);
	if (ret) {
		rig_bnxt_dpi_free(bnxt, q->dpi_q, RIG_BNXT_QP_DPIS / 2);
		return ret;
	}
	q->dpis = true;
	return 0;
}

static void rig_bnxt_qp_dpis_free(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	if (!q->dpis)
		return;
	rig_bnxt_dpi_free(bnxt, q->dpi_cq, RIG_BNXT_QP_DPIS / 2);
	rig_bnxt_dpi_free(bnxt, q->dpi_q, RIG_BNXT_QP_DPIS / 2);
	q->dpis = false;
}

/*
 * Where the driver rings CQ_ARMENA: the privileged page, DPI 0, which no
 * file is given, as bnxt_re rings it (bnxt_qplib_armen_db() at priv_db);
 * on a transport that sees only a page's latest word, the CQ's own word
 * of that page (RIG_TRANSPORT_ARMENA_WORDS).
 */
static phys_addr_t rig_bnxt_armena_phys(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	phys_addr_t page = rig_bnxt_dpi_phys(bnxt, RIG_BNXT_PRIV_DPI);

	if (!(bnxt->t->caps & RIG_TRANSPORT_CAP_DPI_PER_DOORBELL))
		return page;
	return page + (q->cq_handle % RIG_TRANSPORT_ARMENA_WORDS) * sizeof(u64);
}

/* A CQ handle: on a shared CQ_ARMENA page, one no live ring's word is. */
static int rig_bnxt_cq_handle(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	struct xa_limit limit = xa_limit_32b;

	if (bnxt->t->caps & RIG_TRANSPORT_CAP_DPI_PER_DOORBELL)
		limit = XA_LIMIT(1, RIG_TRANSPORT_ARMENA_WORDS - 1);
	return xa_alloc_bh(&bnxt->cqs, &q->cq_handle, NULL, limit, GFP_KERNEL_ACCOUNT);
}

static u32 rig_bnxt_rq_dpi(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	return q->dpi_q + !!(bnxt->t->caps & RIG_TRANSPORT_CAP_DPI_PER_DOORBELL);
}

static int rig_bnxt_qp_create_cq(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q, u32 handle)
{
	struct rig_cmdq_create_cq req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_CREATE_CQ,
		.cq_handle = cpu_to_le64(handle),
		.pg_size_lvl = cpu_to_le32(rig_bnxt_pg_lvl(&q->cq, RIG_CMDQ_CREATE_CQ_PG_SIZE_PG_4K,
						      RIG_CMDQ_CREATE_CQ_LVL_MASK)),
		.cq_fco_cnq_id = cpu_to_le32(bnxt->nqs[handle % bnxt->nnq].id &
					     RIG_CMDQ_CREATE_CQ_CNQ_ID_MASK),
		.dpi = cpu_to_le32(q->dpi_cq),
		.cq_size = cpu_to_le32(q->qp.cq_entries),
		.pbl = cpu_to_le64(q->cq.root),
	};
	struct rig_creq_create_cq_resp resp = {};
	int ret;

	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0);
	if (ret)
		return rig_bnxt_qp_refused(&q->qp, req.opcode, ret, &resp);
	q->cq_id = le32_to_cpu(resp.xid);
	q->cq_made = true;
	return 0;
}

static int rig_bnxt_qp_destroy_cq(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	struct rig_cmdq_destroy_cq req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_DESTROY_CQ,
		.cq_cid = cpu_to_le32(q->cq_id),
	};
	struct rig_creq_destroy_cq_resp resp = {};
	int ret;

	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0);
	if (ret)
		return rig_bnxt_qp_refused(&q->qp, req.opcode, ret, &resp);
	q->cq_made = false;
	return 0;
}

static int rig_bnxt_qp_xrrq(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	u32 rd = min_t(u32, bnxt->caps.max_rd_atom, RIG_BNXT_RD_ATOMIC);
	u32 ird = min_t(u32, bnxt->caps.max_init_rd_atom, RIG_BNXT_RD_ATOMIC);
	size_t orrq = RIG_ORRQ_SLOTS(rd) * sizeof(struct rig_xrrq_orrq);
	size_t irrq = RIG_IRRQ_SLOTS(ird) * sizeof(struct rig_xrrq_irrq);

	/* One page each, as the firmware is given one address. */
	q->xrrq_bytes = PAGE_SIZE;
	if (orrq > PAGE_SIZE || irrq > PAGE_SIZE)
		return -EINVAL;
	q->orrq = dma_alloc_coherent(bnxt->dev, PAGE_SIZE, &q->orrq_dma, GFP_KERNEL);
	q->irrq = dma_alloc_coherent(bnxt->dev, PAGE_SIZE, &q->irrq_dma, GFP_KERNEL);
	return q->orrq && q->irrq ? 0 : -ENOMEM;
}

static void rig_bnxt_qp_xrrq_free(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	if (q->orrq)
		dma_free_coherent(bnxt->dev, q->xrrq_bytes, q->orrq, q->orrq_dma);
	if (q->irrq)
		dma_free_coherent(bnxt->dev, q->xrrq_bytes, q->irrq, q->irrq_dma);
	q->orrq = NULL;
	q->irrq = NULL;
}

static int rig_bnxt_qp_create_qp(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	struct rig_qp *qp = &q->qp;
	struct rig_cmdq_create_qp req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_CREATE_QP,
		.qp_handle = cpu_to_le64(qp->qp_handle),
		.type = RIG_CMDQ_CREATE_QP_TYPE_RC,
		.sq_pg_size_sq_lvl = rig_bnxt_pg_lvl(&q->sq, RIG_CMDQ_CREATE_QP_SQ_PG_SIZE_PG_4K,
						RIG_CMDQ_CREATE_QP_SQ_LVL_MASK),
		.rq_pg_size_rq_lvl = rig_bnxt_pg_lvl(&q->rq, RIG_CMDQ_CREATE_QP_RQ_PG_SIZE_PG_4K,
						RIG_CMDQ_CREATE_QP_RQ_LVL_MASK),
		.dpi = cpu_to_le32(q->dpi_q),
		.sq_size = cpu_to_le32(qp->layout.sq_slots),
		.rq_size = cpu_to_le32(qp->layout.rq_slots),
		.sq_fwo_sq_sge = cpu_to_le16(RIG_BNXT_MAX_SGES << RIG_CMDQ_CREATE_QP_SQ_SGE_SFT),
		.rq_fwo_rq_sge = cpu_to_le16(RIG_BNXT_MAX_SGES << RIG_CMDQ_CREATE_QP_RQ_SGE_SFT),
		.scq_cid = cpu_to_le32(q->cq_id),
		.rcq_cid = cpu_to_le32(q->cq_id),
		.pd_id = cpu_to_le32(to_bnxt_ctx(qp->ctx)->pd),
		.sq_pbl = cpu_to_le64(q->sq.root),
		.rq_pbl = cpu_to_le64(q->rq.root),
		.irrq_addr = cpu_to_le64(q->irrq_dma),
		.orrq_addr = cpu_to_le64(q->orrq_dma),
	};
	struct rig_creq_create_qp_resp resp = {};
	int ret;

	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0);
	if (ret)
		return rig_bnxt_qp_refused(qp, req.opcode, ret, &resp);
	q->qp_id = le32_to_cpu(resp.xid);
	q->qp_made = true;
	return 0;
}

static int rig_bnxt_qp_destroy_fw_qp(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	struct rig_cmdq_destroy_qp req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_DESTROY_QP,
		.qp_cid = cpu_to_le32(q->qp_id),
	};
	struct rig_creq_destroy_qp_resp resp = {};
	int ret;

	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0);
	if (ret)
		return rig_bnxt_qp_refused(&q->qp, req.opcode, ret, &resp);
	q->qp_made = false;
	return 0;
}

/* The ring PBLs, over the core's buffer: send (with PSNs), receive, CQ. */
static int rig_bnxt_qp_pbls(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	struct rig_qp_layout *l = &q->qp.layout;
	int ret;

	ret = rig_bnxt_qp_pbl(bnxt, &q->qp, &q->sq, l->sq_offset, l->rq_offset - l->sq_offset);
	if (ret)
		return ret;
	ret = rig_bnxt_qp_pbl(bnxt, &q->qp, &q->rq, l->rq_offset, l->cq_offset - l->rq_offset);
	if (ret)
		return ret;
	return rig_bnxt_qp_pbl(bnxt, &q->qp, &q->cq, l->cq_offset, l->bytes - l->cq_offset);
}

/* Free what the driver keeps for @q: the firmware has none of it any more. */
static void rig_bnxt_qp_free_res(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	if (q->cq_handle) {
		/* No notification finds it from here on. */
		xa_erase_bh(&bnxt->cqs, q->cq_handle);
		q->cq_handle = 0;
		q->armed = false;
	}
	if (q->armena)
		iounmap(q->armena);
	q->armena = NULL;
	rig_bnxt_qp_xrrq_free(bnxt, q);
	rig_bnxt_pbl_free(&q->cq);
	rig_bnxt_pbl_free(&q->rq);
	rig_bnxt_pbl_free(&q->sq);
	rig_bnxt_qp_dpis_free(bnxt, q);
}

/*
 * The path MTU the function's interface allows now, as bnxt_re caps it
 * (iboe_get_mtu() of the netdev's MTU): 1024 at an MTU of 1500.  0, said
 * to the file, when the MTU leaves no room for RoCE's headers.
 */
static u32 rig_bnxt_qp_path_mtu(struct rig_bnxt_dev *bnxt, struct rig_qp *qp)
{
	u32 if_mtu = bnxt->t->ops->mtu(bnxt->t);
	u32 mtu = rig_bnxt_path_mtu(if_mtu);

	if (!mtu)
		rig_ctx_error(qp->ctx, -EMSGSIZE,
			      "queue pair: the interface's MTU (%u) leaves no room for RoCE v2's headers",
			      if_mtu);
	return mtu;
}

/**
 * rig_bnxt_create_qp() - struct rig_dev_ops @create_qp
 * @qp: the core's queue pair, its rings allocated
 *
 * What it made before a failure stays, for the core's @destroy_qp.
 *
 * Return: 0; -ENOSPC (no doorbell page or CQ handle), -ENOMEM, -EMSGSIZE
 * (the interface's MTU is too small for RoCE), or the firmware's refusal
 * (-EIO, the message names the command and status).
 */
int rig_bnxt_create_qp(struct rig_qp *qp)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of(qp->ctx->rdev);
	struct rig_bnxt_qp *q = to_bnxt_qp(qp);
	int ret;

	q->bnxt = bnxt;
	ret = rig_bnxt_qp_dpis(bnxt, q);
	if (ret)
		return ret;
	ret = rig_bnxt_qp_pbls(bnxt, q);
	if (ret)
		return ret;
	ret = rig_bnxt_qp_xrrq(bnxt, q);
	if (ret)
		return ret;
	/* Reserve the CQ's handle: notifications find the queue pair by it. */
	ret = rig_bnxt_cq_handle(bnxt, q);
	if (ret) {
		q->cq_handle = 0;
		return ret == -EBUSY ? -ENOSPC : ret;
	}
	q->armena = ioremap(rig_bnxt_armena_phys(bnxt, q), sizeof(u64));
	if (!q->armena)
		return -ENOMEM;
	ret = rig_bnxt_qp_create_cq(bnxt, q, q->cq_handle);
	if (ret)
		return ret;
	ret = rig_bnxt_qp_create_qp(bnxt, q);
	if (ret)
		return ret;

	qp->qpn = q->qp_id;
	qp->cqn = q->cq_id;
	qp->psn = get_random_u32() & RIG_BNXT_PSN_MASK;
	qp->mtu = rig_bnxt_qp_path_mtu(bnxt, qp);
	if (!qp->mtu)
		return -EMSGSIZE;
	qp->db_phys[RIG_DB_SQ] = rig_bnxt_dpi_phys(bnxt, q->dpi_q);
	qp->db_phys[RIG_DB_RQ] = rig_bnxt_dpi_phys(bnxt, rig_bnxt_rq_dpi(bnxt, q));
	qp->db_phys[RIG_DB_CQ] = rig_bnxt_dpi_phys(bnxt, q->dpi_cq);
	/* Published by the store, which the notification path reads under its lock. */
	q->armed = true;
	xa_store_bh(&bnxt->cqs, q->cq_handle, q, GFP_KERNEL);
	rig_bnxt_db_write(q->armena, q->cq_id, RIG_BNXT_DBC_TYPE_CQ_ARMENA, 0);
	return 0;
}

/* The path MTU's encoding for MODIFY_QP, from bytes (a power of two). */
static u8 rig_bnxt_mtu_code(u32 mtu)
{
	switch (mtu) {
	case 256:
		return RIG_CMDQ_MODIFY_QP_PATH_MTU_MTU_256;
	case 512:
		return RIG_CMDQ_MODIFY_QP_PATH_MTU_MTU_512;
	case 1024:
		return RIG_CMDQ_MODIFY_QP_PATH_MTU_MTU_1024;
	case 2048:
		return RIG_CMDQ_MODIFY_QP_PATH_MTU_MTU_2048;
	default:
		return RIG_CMDQ_MODIFY_QP_PATH_MTU_MTU_4096;
	}
}

static int rig_bnxt_qp_modify(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q,
			      struct rig_cmdq_modify_qp *req)
{
	struct rig_creq_modify_qp_resp resp = {};
	int ret;

	req->opcode = RIG_CMDQ_BASE_OPCODE_MODIFY_QP;
	req->qp_type = RIG_CMDQ_MODIFY_QP_QP_TYPE_RC;
	req->qp_cid = cpu_to_le32(q->qp_id);
	/* bnxt_re sends the sizes with every transition. */
	req->sq_size = cpu_to_le32(q->qp.layout.sq_slots);
	req->rq_size = cpu_to_le32(q->qp.layout.rq_slots);
	req->sq_sge = cpu_to_le16(RIG_BNXT_MAX_SGES);
	req->rq_sge = cpu_to_le16(RIG_BNXT_MAX_SGES);
	ret = rig_bnxt_cmd(bnxt, req, sizeof(*req), &resp, NULL, 0, 0);
	if (ret)
		return rig_bnxt_qp_refused(&q->qp, req->opcode, ret, &resp);
	return 0;
}

static int rig_bnxt_qp_to_init(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q)
{
	struct rig_cmdq_modify_qp req = {
		.modify_mask = cpu_to_le32(RIG_CMDQ_MODIFY_QP_MODIFY_MASK_STATE |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_PKEY |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_ACCESS),
		.network_type_en_sqd_async_notify_new_state = RIG_CMDQ_MODIFY_QP_NEW_STATE_INIT,
		.access = RIG_CMDQ_MODIFY_QP_ACCESS_LOCAL_WRITE |
			  RIG_CMDQ_MODIFY_QP_ACCESS_REMOTE_READ,
		.pkey = cpu_to_le16(0xffff),
	};

	return rig_bnxt_qp_modify(bnxt, q, &req);
}

/* RTR with the address vector @r, as bnxt_re's modify for RoCE v2. */
static int rig_bnxt_qp_to_rtr(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q,
			      const struct rig_bnxt_connect_qp *peer,
			      const struct rig_bnxt_route *r)
{
	u32 ird = min_t(u32, bnxt->caps.max_init_rd_atom, RIG_BNXT_RD_ATOMIC);
	struct rig_cmdq_modify_qp req = {
		.modify_mask = cpu_to_le32(RIG_CMDQ_MODIFY_QP_MODIFY_MASK_STATE |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_DGID |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_SGID_INDEX |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_HOP_LIMIT |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_DEST_MAC |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_PATH_MTU |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_RQ_PSN |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_MIN_RNR_TIMER |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_MAX_DEST_RD_ATOMIC |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_DEST_QP_ID),
		.network_type_en_sqd_async_notify_new_state =
			RIG_CMDQ_MODIFY_QP_NEW_STATE_RTR | r->network_type,
		.sgid_index = cpu_to_le16(r->sgid_index),
		.hop_limit = r->hop_limit,
		.path_mtu_pingpong_push_enable = rig_bnxt_mtu_code(q->qp.mtu),
		.min_rnr_timer = 12,
		.rq_psn = cpu_to_le32(peer->peer_psn & RIG_BNXT_PSN_MASK),
		.max_dest_rd_atomic = RIG_IRRQ_SLOTS(ird),
		.dest_qp_id = cpu_to_le32(peer->peer_qpn),
	};

	/* The GID as bytes, as bnxt_re copies it. */
	memcpy(req.dgid, peer->peer_address, sizeof(req.dgid));
	memcpy(req.dest_mac, r->dmac, sizeof(req.dest_mac));
	return rig_bnxt_qp_modify(bnxt, q, &req);
}

/* The network type again, as bnxt_re sends it in every MODIFY_QP after RTR. */
static int rig_bnxt_qp_to_rts(struct rig_bnxt_dev *bnxt, struct rig_bnxt_qp *q,
			      const struct rig_bnxt_route *r)
{
	u32 rd = min_t(u32, bnxt->caps.max_rd_atom, RIG_BNXT_RD_ATOMIC);
	struct rig_cmdq_modify_qp req = {
		.modify_mask = cpu_to_le32(RIG_CMDQ_MODIFY_QP_MODIFY_MASK_STATE |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_TIMEOUT |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_RETRY_CNT |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_RNR_RETRY |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_SQ_PSN |
					   RIG_CMDQ_MODIFY_QP_MODIFY_MASK_MAX_RD_ATOMIC),
		.network_type_en_sqd_async_notify_new_state =
			RIG_CMDQ_MODIFY_QP_NEW_STATE_RTS | r->network_type,
		.timeout = 14,
		.retry_cnt = 7,
		.rnr_retry = 7,
		.sq_psn = cpu_to_le32(q->qp.psn),
		.max_rd_atomic = RIG_ORRQ_SLOTS(rd),
	};

	return rig_bnxt_qp_modify(bnxt, q, &req);
}

/**
 * rig_bnxt_connect_qp() - struct rig_dev_ops @connect_qp
 * @qp: a queue pair in RESET
 * @peer: the peer's endpoint
 *
 * The path MTU is the smallest of the queue pair's, the peer's and what
 * the interface allows now.  The address vector is resolved first (route,
 * source GID, next hop's MAC: route.c), so a peer that cannot be reached
 * leaves the queue pair in RESET.
 *
 * Return: 0 in RTS; -EMSGSIZE when the interface's MTU is too small for
 * RoCE; the resolution's errors (-ENETUNREACH, -EHOSTUNREACH,
 * -EADDRNOTAVAIL, -EINTR); the firmware's refusal of a transition (-EIO,
 * the message names MODIFY_QP and its status).
 */
int rig_bnxt_connect_qp(struct rig_qp *qp, const struct rig_bnxt_connect_qp *peer)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of(qp->ctx->rdev);
	struct rig_bnxt_qp *q = to_bnxt_qp(qp);
	struct rig_bnxt_route r;
	int ret;

	ret = rig_bnxt_route_resolve(bnxt, qp->ctx, qp->address, peer->peer_address, &r);
	if (ret)
		return ret;
	qp->mtu = min3(qp->mtu, rig_bnxt_qp_path_mtu(bnxt, qp),
		       (u32)rounddown_pow_of_two(peer->peer_mtu));
	if (!qp->mtu)
		return -EMSGSIZE;
	ret = rig_bnxt_qp_to_init(bnxt, q);
	if (!ret)
		ret = rig_bnxt_qp_to_rtr(bnxt, q, peer, &r);
	if (!ret)
		ret = rig_bnxt_qp_to_rts(bnxt, q, &r);
	return ret;
}

/**
 * rig_bnxt_destroy_qp() - struct rig_dev_ops @destroy_qp
 * @qp: a queue pair, made or half-made by rig_bnxt_create_qp()
 *
 * The queue pair goes first (it uses the completion queue), then the
 * completion queue; then what the driver kept for them.  A refusal stops
 * there and keeps the rest: a second call takes up where this one ended.
 *
 * Return: 0, or the firmware's refusal (-EIO) or silence (-ETIMEDOUT).
 */
int rig_bnxt_destroy_qp(struct rig_qp *qp)
{
	struct rig_bnxt_qp *q = to_bnxt_qp(qp);
	int ret;

	if (!q->bnxt)
		return 0;	/* rig_bnxt_create_qp() never ran */
	/* Its notifications reach no one from here on: its file may close. */
	xa_lock_bh(&q->bnxt->cqs);
	q->armed = false;
	xa_unlock_bh(&q->bnxt->cqs);
	if (q->qp_made) {
		ret = rig_bnxt_qp_destroy_fw_qp(q->bnxt, q);
		if (ret)
			goto refused;
	}
	if (q->cq_made) {
		ret = rig_bnxt_qp_destroy_cq(q->bnxt, q);
		if (ret)
			goto refused;
	}
	rig_bnxt_qp_free_res(q->bnxt, q);
	if (q->refused)
		atomic_dec(&to_bnxt_ctx(qp->ctx)->kept);
	q->refused = false;
	return 0;

refused:
	if (!q->refused)
		atomic_inc(&to_bnxt_ctx(qp->ctx)->kept);
	q->refused = true;
	return ret;
}

/**
 * rig_bnxt_forget_qp() - struct rig_dev_ops @forget_qp
 * @qp: a queue pair the firmware reaches no more (it was deinitialised or
 *	reset); its context may be gone
 */
void rig_bnxt_forget_qp(struct rig_qp *qp)
{
	struct rig_bnxt_qp *q = to_bnxt_qp(qp);

	q->qp_made = false;
	q->cq_made = false;
	if (q->bnxt)
		rig_bnxt_qp_free_res(q->bnxt, q);
}

/**
 * rig_bnxt_cq_event() - a notification queue says a completion ring raised an event
 * @bnxt: the function
 * @cq_handle: the ring's handle, as CREATE_CQ gave it
 *
 * Called from a notification queue's bottom half.  The ring is enabled
 * for its next arm (CQ_ARMENA), then the core hears of the event.
 */
void rig_bnxt_cq_event(struct rig_bnxt_dev *bnxt, u64 cq_handle)
{
	struct rig_bnxt_qp *q;
	bool found;

	if (cq_handle > U32_MAX)
		return;
	xa_lock(&bnxt->cqs);
	q = xa_load(&bnxt->cqs, cq_handle);
	found = q && q->armed;
	if (found) {
		/*
		 * Enabled before anyone hears of the event: an arm the process
		 * rings on waking must find the ring enabled, or it raises
		 * nothing (bnxt_qplib_service_nq() enables before its handler).
		 */
		rig_bnxt_db_write(q->armena, q->cq_id, RIG_BNXT_DBC_TYPE_CQ_ARMENA, 0);
		rig_qp_event(&q->qp);
	}
	xa_unlock(&bnxt->cqs);
	if (!found)
		dev_dbg(bnxt->dev, "notification for completion ring handle %llu, which is gone\n",
			cq_handle);
}

/**
 * rig_bnxt_qp_error() - the firmware says a queue pair went into error
 * @bnxt: the function
 * @qp_id: the queue pair, as CREATE_QP named it
 *
 * Called from the CREQ's bottom half.  The chip completes the failing
 * entry and perhaps some receives, and flushes nothing else: the process
 * completes the rest itself, and a completion ring that was not armed, or
 * that took no completion, raises no event.  The core hears of it as of
 * an event, so a process asleep in RIG_BNXT_WAIT on the queue pair wakes
 * and looks at what there is.
 *
 * Return: true when a queue pair of a file heard of it.
 */
bool rig_bnxt_qp_error(struct rig_bnxt_dev *bnxt, u32 qp_id)
{
	struct rig_bnxt_qp *q;
	unsigned long i;
	bool found = false;

	/* Rare: a walk of the function's queue pairs costs nothing that matters. */
	xa_lock_bh(&bnxt->cqs);
	xa_for_each(&bnxt->cqs, i, q) {
		if (q->armed && q->qp_id == qp_id) {
			rig_qp_event(&q->qp);
			found = true;
			break;
		}
	}
	xa_unlock_bh(&bnxt->cqs);
	return found;
}
