/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The NetXtreme firmware interface as the RoCE driver in kernel/bnxt/ uses
 * it: the layout of every command, answer, queue entry, PBL entry and HWRM
 * message it builds or reads, and the constants of them it uses (what the
 * driver shares with the library, the doorbell and the PSN search entry,
 * is declared once, in uapi/rig_bnxt_hsi.h).  These are the driver's own
 * declarations, written after Broadcom's roce_hsi.h and bnxt_hsi.h with
 * the same layouts and field names, each struct foo as struct rig_foo and
 * each FOO as RIG_FOO, so that the driver needs neither header.
 * fw_hsi_test.c proves every size, offset, type and value equal to
 * Broadcom's.
 *
 * This header owns those declarations and nothing else: no code, no state.
 * The model (kernel/soft/) never includes it; it decodes what the driver
 * writes with Broadcom's own headers, so that a field declared in the wrong
 * place here fails a test rather than agreeing with itself.
 */
#ifndef RIG_BNXT_FW_HSI_H
#define RIG_BNXT_FW_HSI_H

#include <linux/build_bug.h>
#include <linux/types.h>

/*
 * The RoCE firmware's mailbox and its two rings.  cmdq_init, written to
 * BAR 0, gives the firmware the command queue (CMDQ) and names the ring it
 * answers on (CREQ).  Every command starts with cmdq_base, every CREQ entry
 * with creq_base, whose type and event say what follows: the answer to a
 * command (creq_qp_event, its event the command's opcode), a queue pair's
 * error notification, or an event of the function.
 */

struct rig_cmdq_init {
	__le64	cmdq_pbl;
	__le16	cmdq_size_cmdq_lvl;
#define RIG_CMDQ_INIT_CMDQ_LVL_MASK	0x3UL
#define RIG_CMDQ_INIT_CMDQ_LVL_SFT	0
#define RIG_CMDQ_INIT_CMDQ_SIZE_MASK	0xfffcUL
#define RIG_CMDQ_INIT_CMDQ_SIZE_SFT	2
	__le16	creq_ring_id;
	__le32	prod_idx;
};

static_assert(sizeof(struct rig_cmdq_init) == 16);

struct rig_cmdq_base {
	u8	opcode;
#define RIG_CMDQ_BASE_OPCODE_CREATE_QP			0x1UL
#define RIG_CMDQ_BASE_OPCODE_DESTROY_QP			0x2UL
#define RIG_CMDQ_BASE_OPCODE_MODIFY_QP			0x3UL
#define RIG_CMDQ_BASE_OPCODE_QUERY_QP			0x4UL
#define RIG_CMDQ_BASE_OPCODE_CREATE_CQ			0x9UL
#define RIG_CMDQ_BASE_OPCODE_DESTROY_CQ			0xaUL
#define RIG_CMDQ_BASE_OPCODE_ALLOCATE_MRW		0xdUL
#define RIG_CMDQ_BASE_OPCODE_DEALLOCATE_KEY		0xeUL
#define RIG_CMDQ_BASE_OPCODE_REGISTER_MR		0xfUL
#define RIG_CMDQ_BASE_OPCODE_DEREGISTER_MR		0x10UL
#define RIG_CMDQ_BASE_OPCODE_ADD_GID			0x11UL
#define RIG_CMDQ_BASE_OPCODE_DELETE_GID			0x12UL
#define RIG_CMDQ_BASE_OPCODE_INITIALIZE_FW		0x80UL
#define RIG_CMDQ_BASE_OPCODE_DEINITIALIZE_FW		0x81UL
#define RIG_CMDQ_BASE_OPCODE_QUERY_FUNC			0x83UL
#define RIG_CMDQ_BASE_OPCODE_QUERY_VERSION		0x8bUL
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
};

static_assert(sizeof(struct rig_cmdq_base) == 16);

struct rig_creq_base {
	u8	type;
#define RIG_CREQ_BASE_TYPE_MASK		0x3fUL
#define RIG_CREQ_BASE_TYPE_QP_EVENT	0x38UL
	u8	reserved56[7];
	u8	v;
#define RIG_CREQ_BASE_V	0x1UL
	u8	event;
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_creq_base) == 16);

struct rig_creq_qp_event {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	reserved32;
	u8	v;
	u8	event;
#define RIG_CREQ_QP_EVENT_EVENT_QP_ERROR_NOTIFICATION	0xc0UL
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_creq_qp_event) == 16);

struct rig_creq_qp_error_notification {
	u8	type;
	u8	status;
	u8	req_slow_path_state;
	u8	req_err_state_reason;
	__le32	xid;
	u8	v;
	u8	event;
	u8	res_slow_path_state;
	u8	res_err_state_reason;
	__le16	sq_cons_idx;
	__le16	rq_cons_idx;
};

static_assert(sizeof(struct rig_creq_qp_error_notification) == 16);

/*
 * Commands about the function as a whole.  Each command cmdq_X is answered
 * by creq_X_resp (DEINITIALIZE_FW and DELETE_GID by the bare creq_base);
 * an answer too long for the CREQ (creq_X_resp_sb) is written to the side
 * buffer the command's resp_addr names.
 */

struct rig_cmdq_query_func {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
};

static_assert(sizeof(struct rig_cmdq_query_func) == 16);

struct rig_creq_query_func_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	size;
	u8	v;
	u8	event;
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_creq_query_func_resp) == 16);

struct rig_creq_query_func_resp_sb {
	u8	opcode;
	u8	status;
	__le16	cookie;
	__le16	flags;
	u8	resp_size;
	u8	reserved8;
	__le64	max_mr_size;
	__le32	max_qp;
	__le16	max_qp_wr;
	__le16	dev_cap_flags;
#define RIG_CREQ_QUERY_FUNC_RESP_SB_HW_REQUESTER_RETX_ENABLED	0x200UL
#define RIG_CREQ_QUERY_FUNC_RESP_SB_HW_RESPONDER_RETX_ENABLED	0x400UL
	__le32	max_cq;
	__le32	max_cqe;
	__le32	max_pd;
	u8	max_sge;
	u8	max_srq_sge;
	u8	max_qp_rd_atom;
	u8	max_qp_init_rd_atom;
	__le32	max_mr;
	__le32	max_mw;
	__le32	max_raw_eth_qp;
	__le32	max_ah;
	__le32	max_fmr;
	__le32	max_srq_wr;
	__le32	max_pkeys;
	__le32	max_inline_data;
	u8	max_map_per_fmr;
	u8	l2_db_space_size;
	__le16	max_srq;
	__le32	max_gid;
	__le32	tqm_alloc_reqs[12];
	__le32	max_dpi;
	u8	max_sge_var_wqe;
	u8	dev_cap_ext_flags;
	__le16	max_inline_data_var_wqe;
	__le32	start_qid;
	u8	max_msn_table_size;
	u8	reserved8_1;
	__le16	dev_cap_ext_flags_2;
#define RIG_CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_MASK		0x30UL
#define RIG_CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_HOST_PSN_TABLE	(0x0UL << 4)
	__le16	max_xp_qp_size;
	__le16	create_qp_batch_size;
	__le16	destroy_qp_batch_size;
	__le16	reserved16;
	__le64	reserved64;
};

static_assert(sizeof(struct rig_creq_query_func_resp_sb) == 160);

struct rig_cmdq_initialize_fw {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
#define RIG_CMDQ_INITIALIZE_FW_FLAGS_HW_REQUESTER_RETX_SUPPORTED	0x2UL
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
	u8	qpc_pg_size_qpc_lvl;
	u8	mrw_pg_size_mrw_lvl;
	u8	srq_pg_size_srq_lvl;
	u8	cq_pg_size_cq_lvl;
	u8	tqm_pg_size_tqm_lvl;
	u8	tim_pg_size_tim_lvl;
	__le16	log2_dbr_pg_size;
	__le64	qpc_page_dir;
	__le64	mrw_page_dir;
	__le64	srq_page_dir;
	__le64	cq_page_dir;
	__le64	tqm_page_dir;
	__le64	tim_page_dir;
	__le32	number_of_qp;
	__le32	number_of_mrw;
	__le32	number_of_srq;
	__le32	number_of_cq;
	__le32	max_qp_per_vf;
	__le32	max_mrw_per_vf;
	__le32	max_srq_per_vf;
	__le32	max_cq_per_vf;
	__le32	max_gid_per_vf;
	__le32	stat_ctx_id;
};

static_assert(sizeof(struct rig_cmdq_initialize_fw) == 112);

struct rig_creq_initialize_fw_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	reserved32;
	u8	v;
	u8	event;
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_creq_initialize_fw_resp) == 16);

struct rig_cmdq_deinitialize_fw {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
};

static_assert(sizeof(struct rig_cmdq_deinitialize_fw) == 16);

struct rig_cmdq_add_gid {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
	__be32	gid[4];
	__be16	src_mac[3];
	__le16	vlan;
	__le16	ipid;
	__le16	stats_ctx;
	__le32	unused_0;
};

static_assert(sizeof(struct rig_cmdq_add_gid) == 48);

struct rig_creq_add_gid_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	xid;
	u8	v;
	u8	event;
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_creq_add_gid_resp) == 16);

struct rig_cmdq_delete_gid {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
	__le16	gid_index;
	u8	unused_0[6];
};

static_assert(sizeof(struct rig_cmdq_delete_gid) == 24);

/*
 * The firmware's objects: completion queues, queue pairs, memory regions
 * and the keys that name them, each made, changed and destroyed by a
 * command; and the memory a queue pair's object works in.
 */

/* Completion queues. */

struct rig_cmdq_create_cq {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
	__le64	cq_handle;
	__le32	pg_size_lvl;
#define RIG_CMDQ_CREATE_CQ_LVL_MASK		0x3UL
#define RIG_CMDQ_CREATE_CQ_PG_SIZE_PG_4K	(0x0UL << 2)
	__le32	cq_fco_cnq_id;
#define RIG_CMDQ_CREATE_CQ_CNQ_ID_MASK	0xfffUL
	__le32	dpi;
	__le32	cq_size;
	__le64	pbl;
	__le16	steering_tag;
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_cmdq_create_cq) == 56);

struct rig_creq_create_cq_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	xid;
	u8	v;
	u8	event;
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_creq_create_cq_resp) == 16);

struct rig_cmdq_destroy_cq {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
	__le32	cq_cid;
	__le32	unused_0;
};

static_assert(sizeof(struct rig_cmdq_destroy_cq) == 24);

struct rig_creq_destroy_cq_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	xid;
	u8	v;
	u8	event;
	__le16	cq_arm_lvl;
	__le16	total_cnq_events;
	__le16	reserved16;
};

static_assert(sizeof(struct rig_creq_destroy_cq_resp) == 16);

/* Queue pairs. */

struct rig_cmdq_create_qp {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
	__le64	qp_handle;
	__le32	qp_flags;
	u8	type;
#define RIG_CMDQ_CREATE_QP_TYPE_RC		0x2UL
	u8	sq_pg_size_sq_lvl;
#define RIG_CMDQ_CREATE_QP_SQ_LVL_MASK		0xfUL
#define RIG_CMDQ_CREATE_QP_SQ_PG_SIZE_PG_4K	(0x0UL << 4)
	u8	rq_pg_size_rq_lvl;
#define RIG_CMDQ_CREATE_QP_RQ_LVL_MASK		0xfUL
#define RIG_CMDQ_CREATE_QP_RQ_PG_SIZE_PG_4K	(0x0UL << 4)
	u8	unused_0;
	__le32	dpi;
	__le32	sq_size;
	__le32	rq_size;
	__le16	sq_fwo_sq_sge;
#define RIG_CMDQ_CREATE_QP_SQ_SGE_SFT	0
	__le16	rq_fwo_rq_sge;
#define RIG_CMDQ_CREATE_QP_RQ_SGE_SFT	0
	__le32	scq_cid;
	__le32	rcq_cid;
	__le32	srq_cid;
	__le32	pd_id;
	__le64	sq_pbl;
	__le64	rq_pbl;
	__le64	irrq_addr;
	__le64	orrq_addr;
	__le32	request_xid;
	__le16	steering_tag;
	__le16	reserved16;
};

static_assert(sizeof(struct rig_cmdq_create_qp) == 104);

struct rig_creq_create_qp_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	xid;
	u8	v;
	u8	event;
	u8	optimized_transmit_enabled;
	u8	reserved48[5];
};

static_assert(sizeof(struct rig_creq_create_qp_resp) == 16);

struct rig_cmdq_destroy_qp {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
	__le32	qp_cid;
	__le32	unused_0;
};

static_assert(sizeof(struct rig_cmdq_destroy_qp) == 24);

struct rig_creq_destroy_qp_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	xid;
	u8	v;
	u8	event;
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_creq_destroy_qp_resp) == 16);

struct rig_cmdq_modify_qp {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	qp_type;
#define RIG_CMDQ_MODIFY_QP_QP_TYPE_RC			0x2UL
	__le64	resp_addr;
	__le32	modify_mask;
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_STATE			0x1UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_ACCESS			0x4UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_PKEY			0x8UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_DGID			0x20UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_SGID_INDEX		0x80UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_HOP_LIMIT		0x100UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_DEST_MAC			0x400UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_PATH_MTU			0x1000UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_TIMEOUT			0x2000UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_RETRY_CNT		0x4000UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_RNR_RETRY		0x8000UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_RQ_PSN			0x10000UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_MAX_RD_ATOMIC		0x20000UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_MIN_RNR_TIMER		0x40000UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_SQ_PSN			0x80000UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_MAX_DEST_RD_ATOMIC	0x100000UL
#define RIG_CMDQ_MODIFY_QP_MODIFY_MASK_DEST_QP_ID		0x4000000UL
	__le32	qp_cid;
	u8	network_type_en_sqd_async_notify_new_state;
#define RIG_CMDQ_MODIFY_QP_NEW_STATE_INIT		0x1UL
#define RIG_CMDQ_MODIFY_QP_NEW_STATE_RTR		0x2UL
#define RIG_CMDQ_MODIFY_QP_NEW_STATE_RTS		0x3UL
#define RIG_CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV4	(0x2UL << 6)
#define RIG_CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV6	(0x3UL << 6)
	u8	access;
#define RIG_CMDQ_MODIFY_QP_ACCESS_LOCAL_WRITE 0x1UL
#define RIG_CMDQ_MODIFY_QP_ACCESS_REMOTE_READ 0x4UL
	__le16	pkey;
	__le32	qkey;
	__le32	dgid[4];
	__le32	flow_label;
	__le16	sgid_index;
	u8	hop_limit;
	u8	traffic_class;
	__le16	dest_mac[3];
	u8	tos_dscp_tos_ecn;
	u8	path_mtu_pingpong_push_enable;
#define RIG_CMDQ_MODIFY_QP_PATH_MTU_MTU_256	(0x0UL << 4)
#define RIG_CMDQ_MODIFY_QP_PATH_MTU_MTU_512	(0x1UL << 4)
#define RIG_CMDQ_MODIFY_QP_PATH_MTU_MTU_1024	(0x2UL << 4)
#define RIG_CMDQ_MODIFY_QP_PATH_MTU_MTU_2048	(0x3UL << 4)
#define RIG_CMDQ_MODIFY_QP_PATH_MTU_MTU_4096	(0x4UL << 4)
	u8	timeout;
	u8	retry_cnt;
	u8	rnr_retry;
	u8	min_rnr_timer;
	__le32	rq_psn;
	__le32	sq_psn;
	u8	max_rd_atomic;
	u8	max_dest_rd_atomic;
	__le16	enable_cc;
	__le32	sq_size;
	__le32	rq_size;
	__le16	sq_sge;
	__le16	rq_sge;
	__le32	max_inline_data;
	__le32	dest_qp_id;
	__le32	pingpong_push_dpi;
	__le16	src_mac[3];
	__le16	vlan_pcp_vlan_dei_vlan_id;
	__le64	irrq_addr;
	__le64	orrq_addr;
	__le32	ext_modify_mask;
	__le32	ext_stats_ctx_id;
	__le16	schq_id;
	__le16	unused_0;
	__le32	reserved32;
};

static_assert(sizeof(struct rig_cmdq_modify_qp) == 144);

struct rig_creq_modify_qp_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	xid;
	u8	v;
	u8	event;
	u8	pingpong_push_state_index_enabled;
	u8	reserved8;
	__le32	lag_src_mac;
};

static_assert(sizeof(struct rig_creq_modify_qp_resp) == 16);

/* Memory regions and their keys. */

struct rig_cmdq_allocate_mrw {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
	__le64	mrw_handle;
	u8	mrw_flags;
#define RIG_CMDQ_ALLOCATE_MRW_MRW_FLAGS_MR		0x0UL
	u8	access;
	__le16	steering_tag;
	__le32	pd_id;
};

static_assert(sizeof(struct rig_cmdq_allocate_mrw) == 32);

struct rig_creq_allocate_mrw_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	xid;
	u8	v;
	u8	event;
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_creq_allocate_mrw_resp) == 16);

struct rig_cmdq_register_mr {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
	u8	log2_pg_size_lvl;
#define RIG_CMDQ_REGISTER_MR_LVL_MASK			0x3UL
#define RIG_CMDQ_REGISTER_MR_LOG2_PG_SIZE_MASK		0x7cUL
#define RIG_CMDQ_REGISTER_MR_LOG2_PG_SIZE_SFT		2
	u8	access;
#define RIG_CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE		0x1UL
#define RIG_CMDQ_REGISTER_MR_ACCESS_REMOTE_READ		0x2UL
#define RIG_CMDQ_REGISTER_MR_ACCESS_ZERO_BASED		0x20UL
	__le16	log2_pbl_pg_size;
#define RIG_CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_MASK	0x1fUL
	__le32	key;
	__le64	pbl;
	__le64	va;
	__le64	mr_size;
	__le16	steering_tag;
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_cmdq_register_mr) == 56);

struct rig_creq_register_mr_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	xid;
	u8	v;
	u8	event;
	u8	reserved48[6];
};

static_assert(sizeof(struct rig_creq_register_mr_resp) == 16);

struct rig_cmdq_deallocate_key {
	u8	opcode;
	u8	cmd_size;
	__le16	flags;
	__le16	cookie;
	u8	resp_size;
	u8	reserved8;
	__le64	resp_addr;
	u8	mrw_flags;
#define RIG_CMDQ_DEALLOCATE_KEY_MRW_FLAGS_MR		0x0UL
	u8	unused24[3];
	__le32	key;
};

static_assert(sizeof(struct rig_cmdq_deallocate_key) == 24);

struct rig_creq_deallocate_key_resp {
	u8	type;
	u8	status;
	__le16	cookie;
	__le32	xid;
	u8	v;
	u8	event;
	__le16	reserved16;
	__le32	bound_window_info;
};

static_assert(sizeof(struct rig_creq_deallocate_key_resp) == 16);

/*
 * A queue pair's memory: entries of its IRRQ and ORRQ (CREATE_QP's
 * irrq_addr and orrq_addr).  The PSN search entries after its send queue's
 * entries are uapi/rig_bnxt_hsi.h's.
 */

struct rig_xrrq_irrq {
	__le16	credits_type;
	__le16	reserved16;
	__le32	reserved32;
	__le32	psn;
	__le32	msn;
	__le64	va_or_atomic_result;
	__le32	rdma_r_key;
	__le32	length;
};

static_assert(sizeof(struct rig_xrrq_irrq) == 32);

struct rig_xrrq_orrq {
	__le16	num_sges_type;
	__le16	reserved16;
	__le32	length;
	__le32	psn;
	__le32	end_psn;
	__le64	first_sge_phy_or_sing_sge_va;
	__le32	single_sge_l_key;
	__le32	single_sge_size;
};

static_assert(sizeof(struct rig_xrrq_orrq) == 32);

/*
 * Notification queues: every entry starts as nq_base; nq_cn reports that
 * an armed completion queue has a new completion.
 */

struct rig_nq_base {
	__le16	info10_type;
#define RIG_NQ_BASE_TYPE_MASK			0x3fUL
#define RIG_NQ_BASE_TYPE_CQ_NOTIFICATION	0x30UL
	__le16	info16;
	__le32	info32;
	__le32	info63_v[2];
#define RIG_NQ_BASE_V		0x1UL
};

static_assert(sizeof(struct rig_nq_base) == 16);

struct rig_nq_cn {
	__le16	type;
	__le16	reserved16;
	__le32	cq_handle_low;
	__le32	v;
	__le32	cq_handle_high;
};

static_assert(sizeof(struct rig_nq_cn) == 16);

/*
 * Page buffer list entries, as the firmware walks them for a ring or a
 * memory region: ptu_pte maps a page, ptu_pde a page of further entries.
 */

struct rig_ptu_pte {
	__le32	page_next_to_last_last_valid[2];
#define RIG_PTU_PTE_VALID		0x1UL
#define RIG_PTU_PTE_LAST		0x2UL
#define RIG_PTU_PTE_NEXT_TO_LAST	0x4UL
};

static_assert(sizeof(struct rig_ptu_pte) == 8);

struct rig_ptu_pde {
	__le32	page_valid[2];
#define RIG_PTU_PDE_VALID	0x1UL
};

static_assert(sizeof(struct rig_ptu_pde) == 8);

/*
 * HWRM, the interface to the function's own firmware, reached through
 * bnxt_en (or the model): every request starts as input, every answer as
 * output; the request types and error codes the driver uses, and the
 * interface version it was written against (what HWRM_VER_GET sends).
 */

/* Request types (input.req_type). */
#define RIG_HWRM_VER_GET	0x0UL
#define RIG_HWRM_FUNC_QCAPS	0x15UL
#define RIG_HWRM_FUNC_QCFG	0x16UL
#define RIG_HWRM_RING_ALLOC	0x50UL
#define RIG_HWRM_RING_FREE	0x51UL
#define RIG_HWRM_STAT_CTX_ALLOC	0xb0UL
#define RIG_HWRM_STAT_CTX_FREE	0xb1UL

/* Error codes (output.error_code). */
#define RIG_HWRM_ERR_CODE_HOT_RESET_PROGRESS		0xaUL
#define RIG_HWRM_ERR_CODE_BUSY				0x10UL

/* The interface version this header follows. */
#define RIG_HWRM_VERSION_MAJOR	1
#define RIG_HWRM_VERSION_MINOR	10
#define RIG_HWRM_VERSION_UPDATE	3
/* The first HWRM interface whose QUERY_FUNC gives max_dpi (bnxt_re's qplib_rcfw.h). */
#define RIG_HWRM_VERSION_DEV_ATTR_MAX_DPI	0x1000A0000000DULL

struct rig_input {
	__le16	req_type;
	__le16	cmpl_ring;
	__le16	seq_id;
	__le16	target_id;
	__le64	resp_addr;
};

static_assert(sizeof(struct rig_input) == 16);

struct rig_output {
	__le16	error_code;
	__le16	req_type;
	__le16	seq_id;
	__le16	resp_len;
};

static_assert(sizeof(struct rig_output) == 8);

struct rig_hwrm_ver_get_input {
	__le16	req_type;
	__le16	cmpl_ring;
	__le16	seq_id;
	__le16	target_id;
	__le64	resp_addr;
	u8	hwrm_intf_maj;
	u8	hwrm_intf_min;
	u8	hwrm_intf_upd;
	u8	unused_0[5];
};

static_assert(sizeof(struct rig_hwrm_ver_get_input) == 24);

struct rig_hwrm_ver_get_output {
	__le16	error_code;
	__le16	req_type;
	__le16	seq_id;
	__le16	resp_len;
	u8	hwrm_intf_maj_8b;
	u8	hwrm_intf_min_8b;
	u8	hwrm_intf_upd_8b;
	u8	hwrm_intf_rsvd_8b;
	u8	hwrm_fw_maj_8b;
	u8	hwrm_fw_min_8b;
	u8	hwrm_fw_bld_8b;
	u8	hwrm_fw_rsvd_8b;
	u8	mgmt_fw_maj_8b;
	u8	mgmt_fw_min_8b;
	u8	mgmt_fw_bld_8b;
	u8	mgmt_fw_rsvd_8b;
	u8	netctrl_fw_maj_8b;
	u8	netctrl_fw_min_8b;
	u8	netctrl_fw_bld_8b;
	u8	netctrl_fw_rsvd_8b;
	__le32	dev_caps_cfg;
	u8	roce_fw_maj_8b;
	u8	roce_fw_min_8b;
	u8	roce_fw_bld_8b;
	u8	roce_fw_rsvd_8b;
	char	hwrm_fw_name[16];
	char	mgmt_fw_name[16];
	char	netctrl_fw_name[16];
	char	active_pkg_name[16];
	char	roce_fw_name[16];
	__le16	chip_num;
	u8	chip_rev;
	u8	chip_metal;
	u8	chip_bond_id;
	u8	chip_platform_type;
	__le16	max_req_win_len;
	__le16	max_resp_len;
	__le16	def_req_timeout;
	u8	flags;
	u8	unused_0[2];
	u8	always_1;
	__le16	hwrm_intf_major;
	__le16	hwrm_intf_minor;
	__le16	hwrm_intf_build;
	__le16	hwrm_intf_patch;
	__le16	hwrm_fw_major;
	__le16	hwrm_fw_minor;
	__le16	hwrm_fw_build;
	__le16	hwrm_fw_patch;
	__le16	mgmt_fw_major;
	__le16	mgmt_fw_minor;
	__le16	mgmt_fw_build;
	__le16	mgmt_fw_patch;
	__le16	netctrl_fw_major;
	__le16	netctrl_fw_minor;
	__le16	netctrl_fw_build;
	__le16	netctrl_fw_patch;
	__le16	roce_fw_major;
	__le16	roce_fw_minor;
	__le16	roce_fw_build;
	__le16	roce_fw_patch;
	__le16	max_ext_req_len;
	__le16	max_req_timeout;
	u8	unused_1[3];
	u8	valid;
};

static_assert(sizeof(struct rig_hwrm_ver_get_output) == 176);

struct rig_hwrm_func_qcaps_input {
	__le16	req_type;
	__le16	cmpl_ring;
	__le16	seq_id;
	__le16	target_id;
	__le64	resp_addr;
	__le16	fid;
	u8	unused_0[6];
};

static_assert(sizeof(struct rig_hwrm_func_qcaps_input) == 24);

struct rig_hwrm_func_qcaps_output {
	__le16	error_code;
	__le16	req_type;
	__le16	seq_id;
	__le16	resp_len;
	__le16	fid;
	__le16	port_id;
	__le32	flags;
#define RIG_FUNC_QCAPS_RESP_FLAGS_ROCE_V2_SUPPORTED			0x10UL
	u8	mac_address[6];
	__le16	max_rsscos_ctx;
	__le16	max_cmpl_rings;
	__le16	max_tx_rings;
	__le16	max_rx_rings;
	__le16	max_l2_ctxs;
	__le16	max_vnics;
	__le16	first_vf_id;
	__le16	max_vfs;
	__le16	max_stat_ctx;
	__le32	max_encap_records;
	__le32	max_decap_records;
	__le32	max_tx_em_flows;
	__le32	max_tx_wm_flows;
	__le32	max_rx_em_flows;
	__le32	max_rx_wm_flows;
	__le32	max_mcast_filters;
	__le32	max_flow_id;
	__le32	max_hw_ring_grps;
	__le16	max_sp_tx_rings;
	__le16	max_msix_vfs;
	__le32	flags_ext;
	u8	max_schqs;
	u8	mpc_chnls_cap;
	__le16	max_key_ctxs_alloc;
	__le32	flags_ext2;
	__le16	tunnel_disable_flag;
	__le16	xid_partition_cap;
	u8	device_serial_number[8];
	__le16	ctxs_per_partition;
	__le16	max_tso_segs;
	__le32	roce_vf_max_av;
	__le32	roce_vf_max_cq;
	__le32	roce_vf_max_mrw;
	__le32	roce_vf_max_qp;
	__le32	roce_vf_max_srq;
	__le32	roce_vf_max_gid;
	__le32	flags_ext3;
	__le16	max_roce_vfs;
	u8	unused_3[5];
	u8	valid;
};

static_assert(sizeof(struct rig_hwrm_func_qcaps_output) == 144);

struct rig_hwrm_func_qcfg_input {
	__le16	req_type;
	__le16	cmpl_ring;
	__le16	seq_id;
	__le16	target_id;
	__le64	resp_addr;
	__le16	fid;
	u8	unused_0[6];
};

static_assert(sizeof(struct rig_hwrm_func_qcfg_input) == 24);

struct rig_hwrm_func_qcfg_output {
	__le16	error_code;
	__le16	req_type;
	__le16	seq_id;
	__le16	resp_len;
	__le16	fid;
	__le16	port_id;
	__le16	vlan;
	__le16	flags;
	u8	mac_address[6];
	__le16	pci_id;
	__le16	alloc_rsscos_ctx;
	__le16	alloc_cmpl_rings;
	__le16	alloc_tx_rings;
	__le16	alloc_rx_rings;
	__le16	alloc_l2_ctx;
	__le16	alloc_vnics;
	__le16	admin_mtu;
	__le16	mru;
	__le16	stat_ctx_id;
	u8	port_partition_type;
	u8	port_pf_cnt;
	__le16	dflt_vnic_id;
	__le16	max_mtu_configured;
	__le32	min_bw;
	__le32	max_bw;
	u8	evb_mode;
	u8	options;
	__le16	alloc_vfs;
	__le32	alloc_mcast_filters;
	__le32	alloc_hw_ring_grps;
	__le16	alloc_sp_tx_rings;
	__le16	alloc_stat_ctx;
	__le16	alloc_msix;
	__le16	registered_vfs;
	__le16	l2_doorbell_bar_size_kb;
	u8	active_endpoints;
	u8	always_1;
	__le32	reset_addr_poll;
	__le16	legacy_l2_db_size_kb;
	__le16	svif_info;
	u8	mpc_chnls;
	u8	db_page_size;
	__le16	roce_vnic_id;
	__le32	partition_min_bw;
	__le32	partition_max_bw;
	__le16	host_mtu;
	__le16	flags2;
	u8	unused_4[2];
	u8	port_kdnet_mode;
	u8	kdnet_pcie_function;
	__le16	port_kdnet_fid;
	u8	unused_5[2];
	__le32	num_ktls_tx_key_ctxs;
	__le32	num_ktls_rx_key_ctxs;
	u8	lag_id;
	u8	parif;
	u8	fw_lag_id;
	u8	unused_6;
	__le32	num_quic_tx_key_ctxs;
	__le32	num_quic_rx_key_ctxs;
	__le32	roce_max_av_per_vf;
	__le32	roce_max_cq_per_vf;
	__le32	roce_max_mrw_per_vf;
	__le32	roce_max_qp_per_vf;
	__le32	roce_max_srq_per_vf;
	__le32	roce_max_gid_per_vf;
	__le16	xid_partition_cfg;
	u8	unused_7;
	u8	valid;
};

static_assert(sizeof(struct rig_hwrm_func_qcfg_output) == 160);

struct rig_hwrm_ring_alloc_input {
	__le16	req_type;
	__le16	cmpl_ring;
	__le16	seq_id;
	__le16	target_id;
	__le64	resp_addr;
	__le32	enables;
	u8	ring_type;
#define RIG_RING_ALLOC_REQ_RING_TYPE_NQ		0x5UL
	u8	cmpl_coal_cnt;
	__le16	flags;
	__le64	page_tbl_addr;
	__le32	fbo;
	u8	page_size;
	u8	page_tbl_depth;
	__le16	schq_id;
	__le32	length;
	__le16	logical_id;
	__le16	cmpl_ring_id;
	__le16	queue_id;
	__le16	rx_buf_size;
	__le16	rx_ring_id;
	__le16	nq_ring_id;
	__le16	ring_arb_cfg;
	__le16	steering_tag;
	__le32	reserved3;
	__le32	stat_ctx_id;
	__le32	reserved4;
	__le32	max_bw;
	u8	int_mode;
#define RIG_RING_ALLOC_REQ_INT_MODE_MSIX	0x2UL
	u8	mpc_chnls_type;
	u8	unused_4[2];
	__le64	cq_handle;
};

static_assert(sizeof(struct rig_hwrm_ring_alloc_input) == 88);

struct rig_hwrm_ring_alloc_output {
	__le16	error_code;
	__le16	req_type;
	__le16	seq_id;
	__le16	resp_len;
	__le16	ring_id;
	__le16	logical_ring_id;
	u8	push_buffer_index;
	u8	unused_0[2];
	u8	valid;
};

static_assert(sizeof(struct rig_hwrm_ring_alloc_output) == 16);

struct rig_hwrm_ring_free_input {
	__le16	req_type;
	__le16	cmpl_ring;
	__le16	seq_id;
	__le16	target_id;
	__le64	resp_addr;
	u8	ring_type;
	u8	flags;
	__le16	ring_id;
	__le32	prod_idx;
	__le32	opaque;
	__le32	unused_1;
};

static_assert(sizeof(struct rig_hwrm_ring_free_input) == 32);

struct rig_hwrm_ring_free_output {
	__le16	error_code;
	__le16	req_type;
	__le16	seq_id;
	__le16	resp_len;
	u8	unused_0[7];
	u8	valid;
};

static_assert(sizeof(struct rig_hwrm_ring_free_output) == 16);

struct rig_hwrm_stat_ctx_alloc_input {
	__le16	req_type;
	__le16	cmpl_ring;
	__le16	seq_id;
	__le16	target_id;
	__le64	resp_addr;
	__le64	stats_dma_addr;
	__le32	update_period_ms;
	u8	stat_ctx_flags;
#define RIG_STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_ROCE		0x1UL
	u8	unused_0;
	__le16	stats_dma_length;
	__le16	flags;
	__le16	steering_tag;
	__le32	stat_ctx_id;
	__le16	alloc_seq_id;
	u8	unused_1[6];
};

static_assert(sizeof(struct rig_hwrm_stat_ctx_alloc_input) == 48);

struct rig_hwrm_stat_ctx_alloc_output {
	__le16	error_code;
	__le16	req_type;
	__le16	seq_id;
	__le16	resp_len;
	__le32	stat_ctx_id;
	u8	unused_0[3];
	u8	valid;
};

static_assert(sizeof(struct rig_hwrm_stat_ctx_alloc_output) == 16);

struct rig_hwrm_stat_ctx_free_input {
	__le16	req_type;
	__le16	cmpl_ring;
	__le16	seq_id;
	__le16	target_id;
	__le64	resp_addr;
	__le32	stat_ctx_id;
	u8	unused_0[4];
};

static_assert(sizeof(struct rig_hwrm_stat_ctx_free_input) == 24);

struct rig_hwrm_stat_ctx_free_output {
	__le16	error_code;
	__le16	req_type;
	__le16	seq_id;
	__le16	resp_len;
	__le32	stat_ctx_id;
	u8	unused_0[3];
	u8	valid;
};

static_assert(sizeof(struct rig_hwrm_stat_ctx_free_output) == 16);

/*
 * The statistics block the firmware writes into a statistics context's
 * memory every period (bnxt_en's hw_ring_stats_size may be larger on
 * chips that append counters; these come first).
 */
struct rig_ctx_hw_stats {
	__le64	rx_ucast_pkts;
	__le64	rx_mcast_pkts;
	__le64	rx_bcast_pkts;
	__le64	rx_discard_pkts;
	__le64	rx_error_pkts;
	__le64	rx_ucast_bytes;
	__le64	rx_mcast_bytes;
	__le64	rx_bcast_bytes;
	__le64	tx_ucast_pkts;
	__le64	tx_mcast_pkts;
	__le64	tx_bcast_pkts;
	__le64	tx_error_pkts;
	__le64	tx_discard_pkts;
	__le64	tx_ucast_bytes;
	__le64	tx_mcast_bytes;
	__le64	tx_bcast_bytes;
	__le64	tpa_pkts;
	__le64	tpa_bytes;
	__le64	tpa_events;
	__le64	tpa_aborts;
};

static_assert(sizeof(struct rig_ctx_hw_stats) == 160);

#endif /* RIG_BNXT_FW_HSI_H */
