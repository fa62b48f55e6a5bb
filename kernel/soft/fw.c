// SPDX-License-Identifier: GPL-2.0-only
/*
 * The RoCE firmware's commands: which opcodes the model knows, how long
 * each must be, which may come before INITIALIZE_FW, and the commands
 * about the function as a whole (QUERY_VERSION, QUERY_FUNC,
 * INITIALIZE_FW, DEINITIALIZE_FW) and its GID table (ADD_GID,
 * DELETE_GID).  Commands on CQs, QPs and MRs are cq.c's, qp.c's and mr.c's.
 * This file owns the statuses of refusals (CREQ_QP_EVENT_STATUS_*): an
 * unknown opcode, a command too short or out of order is INVALID_CMD; a
 * known opcode the model does not implement NOT_IMPLEMENTED; a field out
 * of range, an unknown object or an illegal transition INVALID_PARAMETER;
 * a limit reached RESOURCES; a DMA fault HARDWARE_ERROR; an object still
 * in use FAIL.  Pure: KUnit runs it.
 */
#include <linux/errno.h>
#include <linux/string.h>

#include "soft.h"

/* Retransmission from PSN search entries in host memory (not MSN tables). */
#define RIG_SOFT_RETX_HOST_PSN \
	CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_HOST_PSN_TABLE

struct rig_soft_cmd {
	u8 opcode;
	bool early;		/* allowed before INITIALIZE_FW */
	u16 size;
	u8 (*run)(struct rig_soft_fn *fn, const void *cmd, struct creq_qp_event *resp);
};

/* Opcodes of roce_hsi.h that the model knows but does not implement. */
static const u8 rig_soft_unmodelled[] = {
	CMDQ_BASE_OPCODE_CREATE_SRQ, CMDQ_BASE_OPCODE_DESTROY_SRQ,
	CMDQ_BASE_OPCODE_QUERY_SRQ, CMDQ_BASE_OPCODE_RESIZE_CQ,
	CMDQ_BASE_OPCODE_MODIFY_GID, CMDQ_BASE_OPCODE_QUERY_GID,
	CMDQ_BASE_OPCODE_CREATE_QP1, CMDQ_BASE_OPCODE_DESTROY_QP1,
	CMDQ_BASE_OPCODE_CREATE_AH, CMDQ_BASE_OPCODE_DESTROY_AH,
	CMDQ_BASE_OPCODE_STOP_FUNC, CMDQ_BASE_OPCODE_SET_FUNC_RESOURCES,
	CMDQ_BASE_OPCODE_READ_CONTEXT, CMDQ_BASE_OPCODE_VF_BACKCHANNEL_REQUEST,
	CMDQ_BASE_OPCODE_READ_VF_MEMORY, CMDQ_BASE_OPCODE_COMPLETE_VF_REQUEST,
	CMDQ_BASE_OPCODE_EXTEND_CONTEXT_ARRRAY, CMDQ_BASE_OPCODE_MAP_TC_TO_COS,
	CMDQ_BASE_OPCODE_MODIFY_ROCE_CC, CMDQ_BASE_OPCODE_QUERY_ROCE_CC,
	CMDQ_BASE_OPCODE_QUERY_ROCE_STATS, CMDQ_BASE_OPCODE_SET_LINK_AGGR_MODE,
	CMDQ_BASE_OPCODE_MODIFY_CQ, CMDQ_BASE_OPCODE_QUERY_QP_EXTEND,
	CMDQ_BASE_OPCODE_QUERY_ROCE_STATS_EXT,
};

static u8 rig_soft_cmd_query_version(struct rig_soft_fn *fn, const void *cmd,
				     struct creq_qp_event *resp)
{
	struct creq_query_version_resp *r = (void *)resp;

	r->fw_maj = RIG_SOFT_FW_MAJOR;
	r->fw_minor = RIG_SOFT_FW_MINOR;
	r->fw_bld = RIG_SOFT_FW_BUILD;
	r->intf_maj = HWRM_VERSION_MAJOR;
	r->intf_minor = HWRM_VERSION_MINOR;
	r->intf_bld = HWRM_VERSION_UPDATE;
	r->intf_rsvd = HWRM_VERSION_RSVD;
	return 0;
}

/*
 * The function's limits, in the side buffer.  No SRQ, AH, MW, inline
 * data or atomics; static WQEs only; PSN search entries (not MSN).
 */
static u8 rig_soft_cmd_query_func(struct rig_soft_fn *fn, const void *cmd,
				  struct creq_qp_event *resp)
{
	const struct cmdq_query_func *req = cmd;
	const struct rig_soft_limits *lim = &fn->lim;
	struct creq_query_func_resp_sb sb = {
		.opcode = CREQ_QUERY_FUNC_RESP_SB_OPCODE_QUERY_FUNC,
		.cookie = req->cookie,
		.resp_size = DIV_ROUND_UP(sizeof(sb), 16),
		.max_mr_size = cpu_to_le64(lim->max_mr_size),
		.max_qp = cpu_to_le32(lim->max_qp),
		.max_qp_wr = cpu_to_le16(lim->max_qp_wr),
		.max_cq = cpu_to_le32(lim->max_cq),
		.max_cqe = cpu_to_le32(lim->max_cqe),
		.max_pd = cpu_to_le32(lim->max_pd),
		.max_sge = lim->max_sge,
		.max_qp_rd_atom = lim->max_rd_atom,
		.max_qp_init_rd_atom = lim->max_rd_atom,
		.max_mr = cpu_to_le32(lim->max_mr),
		.max_pkeys = cpu_to_le32(1),
		.l2_db_space_size = RIG_SOFT_L2_DB_SIZE / RIG_SOFT_DPI_SIZE - 1,
		.max_gid = cpu_to_le32(lim->max_gid),
		.max_dpi = cpu_to_le32(lim->max_dpi),
		.dev_cap_ext_flags = CREQ_QUERY_FUNC_RESP_SB_ATOMIC_OPS_NOT_SUPPORTED,
		.start_qid = cpu_to_le32(1),
		.dev_cap_ext_flags_2 = cpu_to_le16(RIG_SOFT_RETX_HOST_PSN),
	};
	u8 status = rig_soft_fw_side(fn, cmd, &sb, sizeof(sb));

	if (!status)
		((struct creq_query_func_resp *)resp)->size = cpu_to_le32(sb.resp_size);
	return status;
}

/*
 * INITIALIZE_FW on a P5 function: the context tables are the L2 driver's
 * (ignored); DPI pages are 4 KiB; the statistics context must exist;
 * hardware retransmission only where QUERY_FUNC offered it (the model
 * does not: it retransmits from the PSN search entries in host memory);
 * what a PF leaves its VFs is kept, and may not pass what it has.
 */
static u8 rig_soft_cmd_initialize_fw(struct rig_soft_fn *fn, const void *cmd,
				     struct creq_qp_event *resp)
{
	const struct cmdq_initialize_fw *req = cmd;
	u32 stat = le32_to_cpu(req->stat_ctx_id);
	u16 flags = le16_to_cpu(req->flags);
	const u32 vf[] = {
		le32_to_cpu(req->max_qp_per_vf), le32_to_cpu(req->max_mrw_per_vf),
		le32_to_cpu(req->max_srq_per_vf), le32_to_cpu(req->max_cq_per_vf),
		le32_to_cpu(req->max_gid_per_vf),
	};

	BUILD_BUG_ON(ARRAY_SIZE(vf) != ARRAY_SIZE(fn->vf_limits));
	if (fn->fw_up)
		return CREQ_QP_EVENT_STATUS_INVALID_CMD;
	if (le16_to_cpu(req->log2_dbr_pg_size) != CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_4K ||
	    (flags & ~CMDQ_INITIALIZE_FW_FLAGS_MRAV_RESERVATION_SPLIT) ||
	    stat >= RIG_SOFT_MAX_STAT_CTX || !test_bit(stat, fn->stat_ctxs) ||
	    vf[0] > fn->lim.max_qp || vf[1] > fn->lim.max_mr || vf[2] ||
	    vf[3] > fn->lim.max_cq || vf[4] > fn->lim.max_gid)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	memcpy(fn->vf_limits, vf, sizeof(vf));
	fn->fw_up = true;
	return 0;
}

/*
 * DEINITIALIZE_FW drops every object the function still has, as a driver
 * that takes a function down relies on: once it is answered, the model
 * reaches no memory of a QP, CQ or MR the driver could not destroy.
 */
static u8 rig_soft_cmd_deinitialize_fw(struct rig_soft_fn *fn, const void *cmd,
				       struct creq_qp_event *resp)
{
	rig_soft_fw_reset(fn);
	return 0;
}

/*
 * ADD_GID carries the GID as bnxt_re writes it: four big-endian words in
 * reverse order, i.e. the GID's bytes reversed; the MAC as three
 * big-endian 16-bit words of the MAC's little-endian halves.
 */
static u8 rig_soft_cmd_add_gid(struct rig_soft_fn *fn, const void *cmd,
			       struct creq_qp_event *resp)
{
	static const u8 zero[16];
	const struct cmdq_add_gid *req = cmd;
	const u8 *raw = (const u8 *)req->gid;
	u16 stats = le16_to_cpu(req->stats_ctx);
	struct rig_soft_gid g = { .live = true, .vlan = le16_to_cpu(req->vlan) };
	int i, free = -1;

	for (i = 0; i < 16; i++)
		g.gid[i] = raw[15 - i];
	for (i = 0; i < 3; i++) {
		u16 half = be16_to_cpu(req->src_mac[i]);

		g.mac[2 * i] = half & 0xff;
		g.mac[2 * i + 1] = half >> 8;
	}
	if (!memcmp(g.gid, zero, sizeof(zero)) ||
	    ((stats & CMDQ_ADD_GID_STATS_CTX_STATS_CTX_VALID) &&
	     ((stats & CMDQ_ADD_GID_STATS_CTX_STATS_CTX_ID_MASK) >= RIG_SOFT_MAX_STAT_CTX ||
	      !test_bit(stats & CMDQ_ADD_GID_STATS_CTX_STATS_CTX_ID_MASK, fn->stat_ctxs))))
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	for (i = fn->lim.max_gid - 1; i >= 0; i--) {
		if (!fn->gids[i].live)
			free = i;
		else if (!memcmp(fn->gids[i].gid, g.gid, 16) && fn->gids[i].vlan == g.vlan)
			return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	}
	if (free < 0)
		return CREQ_QP_EVENT_STATUS_RESOURCES;
	fn->gids[free] = g;
	fn->gid_top = max_t(u32, fn->gid_top, free + 1);
	((struct creq_add_gid_resp *)resp)->xid = cpu_to_le32(free);
	return 0;
}

static u8 rig_soft_cmd_delete_gid(struct rig_soft_fn *fn, const void *cmd,
				  struct creq_qp_event *resp)
{
	const struct cmdq_delete_gid *req = cmd;
	u16 index = le16_to_cpu(req->gid_index);

	if (index >= fn->lim.max_gid || !fn->gids[index].live)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	memset(&fn->gids[index], 0, sizeof(fn->gids[index]));
	while (fn->gid_top && !fn->gids[fn->gid_top - 1].live)
		fn->gid_top--;
	((struct creq_delete_gid_resp *)resp)->xid = cpu_to_le32(index);
	return 0;
}

#define RIG_SOFT_CMD(op, early, type, fn) \
	{ CMDQ_BASE_OPCODE_##op, early, sizeof(struct type), fn }

static const struct rig_soft_cmd rig_soft_cmds[] = {
	RIG_SOFT_CMD(QUERY_VERSION, true, cmdq_query_version, rig_soft_cmd_query_version),
	RIG_SOFT_CMD(QUERY_FUNC, true, cmdq_query_func, rig_soft_cmd_query_func),
	RIG_SOFT_CMD(INITIALIZE_FW, true, cmdq_initialize_fw, rig_soft_cmd_initialize_fw),
	RIG_SOFT_CMD(DEINITIALIZE_FW, false, cmdq_deinitialize_fw,
		     rig_soft_cmd_deinitialize_fw),
	RIG_SOFT_CMD(ADD_GID, false, cmdq_add_gid, rig_soft_cmd_add_gid),
	RIG_SOFT_CMD(DELETE_GID, false, cmdq_delete_gid, rig_soft_cmd_delete_gid),
	RIG_SOFT_CMD(CREATE_CQ, false, cmdq_create_cq, rig_soft_cmd_create_cq),
	RIG_SOFT_CMD(DESTROY_CQ, false, cmdq_destroy_cq, rig_soft_cmd_destroy_cq),
	RIG_SOFT_CMD(CREATE_QP, false, cmdq_create_qp, rig_soft_cmd_create_qp),
	RIG_SOFT_CMD(DESTROY_QP, false, cmdq_destroy_qp, rig_soft_cmd_destroy_qp),
	RIG_SOFT_CMD(MODIFY_QP, false, cmdq_modify_qp, rig_soft_cmd_modify_qp),
	RIG_SOFT_CMD(QUERY_QP, false, cmdq_query_qp, rig_soft_cmd_query_qp),
	RIG_SOFT_CMD(ALLOCATE_MRW, false, cmdq_allocate_mrw, rig_soft_cmd_allocate_mrw),
	RIG_SOFT_CMD(REGISTER_MR, false, cmdq_register_mr, rig_soft_cmd_register_mr),
	RIG_SOFT_CMD(DEREGISTER_MR, false, cmdq_deregister_mr, rig_soft_cmd_deregister_mr),
	RIG_SOFT_CMD(DEALLOCATE_KEY, false, cmdq_deallocate_key,
		     rig_soft_cmd_deallocate_key),
};

static u8 rig_soft_unknown(u8 opcode)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rig_soft_unmodelled); i++)
		if (rig_soft_unmodelled[i] == opcode)
			return CREQ_QP_EVENT_STATUS_NOT_IMPLEMENTED;
	return CREQ_QP_EVENT_STATUS_INVALID_CMD;
}

/**
 * rig_soft_fw_execute() - run one command
 * @fn: the function; the caller holds its world's lock
 * @cmd: the command's bytes (its cmd_size slots, at most RIG_SOFT_CMD_MAX)
 * @len: how many
 * @resp: the answer, its type, cookie and event set: a command's
 *	  handler fills the xid and the fields its creq_*_resp adds
 *
 * Return: the answer's status: 0 or a CREQ_QP_EVENT_STATUS_*.
 */
u8 rig_soft_fw_execute(struct rig_soft_fn *fn, const void *cmd, u32 len,
		       struct creq_qp_event *resp)
{
	const struct cmdq_base *base = cmd;
	const struct rig_soft_cmd *c = NULL;
	unsigned int i;

	rig_soft_assert_held(fn);
	for (i = 0; i < ARRAY_SIZE(rig_soft_cmds); i++)
		if (rig_soft_cmds[i].opcode == base->opcode)
			c = &rig_soft_cmds[i];
	if (!c)
		return rig_soft_unknown(base->opcode);
	if (len < c->size || (!c->early && !fn->fw_up))
		return CREQ_QP_EVENT_STATUS_INVALID_CMD;
	return c->run(fn, cmd, resp);
}

/**
 * rig_soft_fw_reset() - forget every object, GID and the firmware's state
 * @fn: the function; the caller holds its world's lock
 */
void rig_soft_fw_reset(struct rig_soft_fn *fn)
{
	struct rig_soft_qp *qp;
	struct rig_soft_cq *cq;
	struct rig_soft_mr *mr;
	unsigned long i;

	rig_soft_assert_held(fn);
	memset(fn->vf_limits, 0, sizeof(fn->vf_limits));
	xa_for_each(&fn->qps, i, qp)
		rig_soft_qp_free(qp);
	xa_for_each(&fn->cqs, i, cq)
		rig_soft_cq_free(cq);
	xa_for_each(&fn->mrs, i, mr)
		rig_soft_mr_free(fn, mr);
	memset(fn->gids, 0, sizeof(fn->gids));
	fn->gid_top = 0;
	fn->fw_up = false;
}
