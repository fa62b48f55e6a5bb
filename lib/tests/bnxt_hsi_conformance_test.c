// SPDX-License-Identifier: BSD-2-Clause
/*
 * Conformance of rig's bnxt formats (uapi/rig_bnxt_hsi.h, rig/bnxt_hsi.h)
 * with Broadcom's own definitions in the kernel's
 * drivers/infiniband/hw/bnxt_re/roce_hsi.h and, through it,
 * drivers/net/ethernet/broadcom/bnxt/bnxt_hsi.h: every field's offset and
 * size, every constant's value, and the bytes our encoders write read back
 * through Broadcom's structs (and Broadcom-built completions read through
 * ours), on fixed and on randomised values.
 *
 * Build: the Makefile's flags for lib/tests plus
 *	-I$(KSRC)/drivers/infiniband/hw/bnxt_re
 *	-I$(KSRC)/drivers/net/ethernet/broadcom/bnxt
 * with KSRC the extracted linux-source (scripts/kernel-source).  The
 * headers are read in place; the shim below gives them the kernel's u8 to
 * u64 and __packed, and nothing else.  Without those directories on the
 * include path the test compiles to one test that skips and says so.
 *
 * The randomised test prints its seed; RIG_SEED=<n> in the environment
 * runs it with that seed (decimal or 0x hex), else the clock gives one.
 */
#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kselftest_harness.h"
#include "rig/bnxt_hsi.h"

#if __has_include("roce_hsi.h") && __has_include("bnxt_hsi.h")

/* The kernel types roce_hsi.h and bnxt_hsi.h use; <linux/types.h> has the rest. */
#include <linux/types.h>
typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
#define __packed __attribute__((packed))
#include "roce_hsi.h"
#undef __packed

#define SAMPLES 4096

/* Field @f has the same offset and size in struct @ours as in Broadcom's @theirs. */
#define SAME_FIELD(ours, theirs, f)						\
	do {									\
		EXPECT_EQ(offsetof(struct theirs, f), offsetof(struct ours, f))	\
			TH_LOG(#theirs "." #f ": offset");			\
		EXPECT_EQ(sizeof(((struct theirs *)0)->f),			\
			  sizeof(((struct ours *)0)->f))			\
			TH_LOG(#theirs "." #f ": size");			\
	} while (0)

#define SAME_SIZE(ours, theirs) \
	EXPECT_EQ(sizeof(struct theirs), sizeof(struct ours)) TH_LOG(#theirs ": size")

/* Constant @ours has the value of Broadcom's @theirs. */
#define SAME_VALUE(ours, theirs) \
	EXPECT_EQ((uint64_t)(theirs), (uint64_t)(ours)) TH_LOG(#ours " != " #theirs)

TEST(sq_sge_matches_broadcoms)
{
	SAME_SIZE(rig_bnxt_sq_sge, sq_sge);
	SAME_FIELD(rig_bnxt_sq_sge, sq_sge, va_or_pa);
	SAME_FIELD(rig_bnxt_sq_sge, sq_sge, l_key);
	SAME_FIELD(rig_bnxt_sq_sge, sq_sge, size);
}

TEST(sq_send_hdr_matches_broadcoms)
{
	SAME_SIZE(rig_bnxt_sq_send_hdr, sq_send_hdr);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, wqe_type);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, flags);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, wqe_size);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, reserved8_1);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, inv_key_or_imm_data);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, length);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, q_key);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, dst_qp);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, avid);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, reserved32);
	SAME_FIELD(rig_bnxt_sq_send_hdr, sq_send_hdr, timestamp);
}

TEST(sq_rdma_hdr_matches_broadcoms)
{
	SAME_SIZE(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr);
	SAME_FIELD(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr, wqe_type);
	SAME_FIELD(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr, flags);
	SAME_FIELD(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr, wqe_size);
	SAME_FIELD(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr, reserved8);
	SAME_FIELD(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr, imm_data);
	SAME_FIELD(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr, length);
	SAME_FIELD(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr, reserved32_1);
	SAME_FIELD(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr, remote_va);
	SAME_FIELD(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr, remote_key);
	SAME_FIELD(rig_bnxt_sq_rdma_hdr, sq_rdma_hdr, timestamp);
}

TEST(whole_entries_are_broadcoms_static_wqes)
{
	SAME_SIZE(rig_bnxt_sq_send, sq_send);
	SAME_SIZE(rig_bnxt_sq_rdma, sq_rdma);
	SAME_SIZE(rig_bnxt_rq_wqe, rq_wqe);
	EXPECT_EQ(offsetof(struct sq_send, data), offsetof(struct rig_bnxt_sq_send, sge));
	EXPECT_EQ(offsetof(struct sq_rdma, data), offsetof(struct rig_bnxt_sq_rdma, sge));
	EXPECT_EQ(offsetof(struct rq_wqe, data), offsetof(struct rig_bnxt_rq_wqe, sge));
	EXPECT_EQ(sizeof(((struct sq_send *)0)->data), sizeof(((struct rig_bnxt_sq_send *)0)->sge));
	EXPECT_EQ(sizeof(((struct rq_wqe *)0)->data), sizeof(((struct rig_bnxt_rq_wqe *)0)->sge));
	/* The slot is an sq_sge; a static entry is sq_send's 8 of them. */
	EXPECT_EQ(sizeof(struct sq_sge), (size_t)RIG_BNXT_SLOT_SIZE);
	EXPECT_EQ(sizeof(struct sq_send), (size_t)RIG_BNXT_ENTRY_SIZE);
	EXPECT_EQ(sizeof(struct sq_send_hdr) / sizeof(struct sq_sge), (size_t)RIG_BNXT_HDR_SLOTS);
	EXPECT_EQ(sizeof(struct cq_base), (size_t)RIG_BNXT_CQE_SIZE);
}

TEST(rq_wqe_hdr_matches_broadcoms)
{
	SAME_SIZE(rig_bnxt_rq_wqe_hdr, rq_wqe_hdr);
	SAME_FIELD(rig_bnxt_rq_wqe_hdr, rq_wqe_hdr, wqe_type);
	SAME_FIELD(rig_bnxt_rq_wqe_hdr, rq_wqe_hdr, flags);
	SAME_FIELD(rig_bnxt_rq_wqe_hdr, rq_wqe_hdr, wqe_size);
	SAME_FIELD(rig_bnxt_rq_wqe_hdr, rq_wqe_hdr, reserved8);
	SAME_FIELD(rig_bnxt_rq_wqe_hdr, rq_wqe_hdr, reserved32);
	SAME_FIELD(rig_bnxt_rq_wqe_hdr, rq_wqe_hdr, wr_id);
	SAME_FIELD(rig_bnxt_rq_wqe_hdr, rq_wqe_hdr, reserved128);
}

TEST(cq_base_matches_broadcoms)
{
	SAME_SIZE(rig_bnxt_cq_base, cq_base);
	SAME_FIELD(rig_bnxt_cq_base, cq_base, reserved64_1);
	SAME_FIELD(rig_bnxt_cq_base, cq_base, reserved64_2);
	SAME_FIELD(rig_bnxt_cq_base, cq_base, reserved64_3);
	SAME_FIELD(rig_bnxt_cq_base, cq_base, cqe_type_toggle);
	SAME_FIELD(rig_bnxt_cq_base, cq_base, status);
	SAME_FIELD(rig_bnxt_cq_base, cq_base, reserved16);
	SAME_FIELD(rig_bnxt_cq_base, cq_base, opaque);
}

TEST(cq_req_matches_broadcoms)
{
	SAME_SIZE(rig_bnxt_cq_req, cq_req);
	SAME_FIELD(rig_bnxt_cq_req, cq_req, qp_handle);
	SAME_FIELD(rig_bnxt_cq_req, cq_req, sq_cons_idx);
	SAME_FIELD(rig_bnxt_cq_req, cq_req, reserved16_1);
	SAME_FIELD(rig_bnxt_cq_req, cq_req, reserved32_2);
	SAME_FIELD(rig_bnxt_cq_req, cq_req, reserved64);
	SAME_FIELD(rig_bnxt_cq_req, cq_req, cqe_type_toggle);
	SAME_FIELD(rig_bnxt_cq_req, cq_req, status);
	SAME_FIELD(rig_bnxt_cq_req, cq_req, reserved16_2);
	SAME_FIELD(rig_bnxt_cq_req, cq_req, reserved32_1);
}

TEST(cq_terminal_matches_broadcoms)
{
	SAME_SIZE(rig_bnxt_cq_terminal, cq_terminal);
	SAME_FIELD(rig_bnxt_cq_terminal, cq_terminal, qp_handle);
	SAME_FIELD(rig_bnxt_cq_terminal, cq_terminal, sq_cons_idx);
	SAME_FIELD(rig_bnxt_cq_terminal, cq_terminal, rq_cons_idx);
	SAME_FIELD(rig_bnxt_cq_terminal, cq_terminal, reserved32_1);
	SAME_FIELD(rig_bnxt_cq_terminal, cq_terminal, reserved64_3);
	SAME_FIELD(rig_bnxt_cq_terminal, cq_terminal, cqe_type_toggle);
	SAME_FIELD(rig_bnxt_cq_terminal, cq_terminal, status);
	SAME_FIELD(rig_bnxt_cq_terminal, cq_terminal, reserved16);
	SAME_FIELD(rig_bnxt_cq_terminal, cq_terminal, reserved32_2);
}

TEST(cq_res_rc_matches_broadcoms)
{
	SAME_SIZE(rig_bnxt_cq_res_rc, cq_res_rc);
	SAME_FIELD(rig_bnxt_cq_res_rc, cq_res_rc, length);
	SAME_FIELD(rig_bnxt_cq_res_rc, cq_res_rc, imm_data_or_inv_r_key);
	SAME_FIELD(rig_bnxt_cq_res_rc, cq_res_rc, qp_handle);
	SAME_FIELD(rig_bnxt_cq_res_rc, cq_res_rc, mr_handle);
	SAME_FIELD(rig_bnxt_cq_res_rc, cq_res_rc, cqe_type_toggle);
	SAME_FIELD(rig_bnxt_cq_res_rc, cq_res_rc, status);
	SAME_FIELD(rig_bnxt_cq_res_rc, cq_res_rc, flags);
	SAME_FIELD(rig_bnxt_cq_res_rc, cq_res_rc, srq_or_rq_wr_id);
}

TEST(dbc_matches_broadcoms_dbc_dbc)
{
	SAME_SIZE(rig_bnxt_dbc, dbc_dbc);
	SAME_FIELD(rig_bnxt_dbc, dbc_dbc, index);
	SAME_FIELD(rig_bnxt_dbc, dbc_dbc, type_path_xid);
}

TEST(psn_search_ext_matches_broadcoms)
{
	SAME_SIZE(rig_bnxt_sq_psn_search_ext, sq_psn_search_ext);
	SAME_FIELD(rig_bnxt_sq_psn_search_ext, sq_psn_search_ext, opcode_start_psn);
	SAME_FIELD(rig_bnxt_sq_psn_search_ext, sq_psn_search_ext, flags_next_psn);
	SAME_FIELD(rig_bnxt_sq_psn_search_ext, sq_psn_search_ext, start_slot_idx);
	SAME_FIELD(rig_bnxt_sq_psn_search_ext, sq_psn_search_ext, reserved16);
	SAME_FIELD(rig_bnxt_sq_psn_search_ext, sq_psn_search_ext, reserved32);
}

TEST(psn_search_fields_have_broadcoms_values)
{
	SAME_VALUE(RIG_BNXT_PSN_MASK, SQ_PSN_SEARCH_EXT_START_PSN_MASK);
	SAME_VALUE(RIG_BNXT_PSN_MASK, SQ_PSN_SEARCH_EXT_NEXT_PSN_MASK);
	SAME_VALUE(0, SQ_PSN_SEARCH_EXT_START_PSN_SFT);
	SAME_VALUE(0, SQ_PSN_SEARCH_EXT_NEXT_PSN_SFT);
	SAME_VALUE(RIG_BNXT_PSN_SEARCH_OPCODE_SFT, SQ_PSN_SEARCH_EXT_OPCODE_SFT);
	SAME_VALUE(0xffU << RIG_BNXT_PSN_SEARCH_OPCODE_SFT, SQ_PSN_SEARCH_EXT_OPCODE_MASK);
	/* The P5 layout's fields sit where the older sq_psn_search has them. */
	SAME_VALUE(RIG_BNXT_PSN_SEARCH_OPCODE_SFT, SQ_PSN_SEARCH_OPCODE_SFT);
	SAME_VALUE(RIG_BNXT_PSN_MASK, SQ_PSN_SEARCH_START_PSN_MASK);
	SAME_VALUE(RIG_BNXT_PSN_MASK, SQ_PSN_SEARCH_NEXT_PSN_MASK);
}

TEST(wqe_types_have_broadcoms_values)
{
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_SEND, SQ_BASE_WQE_TYPE_SEND);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_SEND_W_IMMEAD, SQ_BASE_WQE_TYPE_SEND_W_IMMEAD);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_SEND_W_INVALID, SQ_BASE_WQE_TYPE_SEND_W_INVALID);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_WRITE_WQE, SQ_BASE_WQE_TYPE_WRITE_WQE);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_WRITE_W_IMMEAD, SQ_BASE_WQE_TYPE_WRITE_W_IMMEAD);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_READ_WQE, SQ_BASE_WQE_TYPE_READ_WQE);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_ATOMIC_CS, SQ_BASE_WQE_TYPE_ATOMIC_CS);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_ATOMIC_FA, SQ_BASE_WQE_TYPE_ATOMIC_FA);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_LOCAL_INVALID, SQ_BASE_WQE_TYPE_LOCAL_INVALID);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_FR_PMR, SQ_BASE_WQE_TYPE_FR_PMR);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_BIND, SQ_BASE_WQE_TYPE_BIND);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_FR_PPMR, SQ_BASE_WQE_TYPE_FR_PPMR);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_SEND, SQ_SEND_HDR_WQE_TYPE_SEND);
	SAME_VALUE(RIG_BNXT_SQ_WQE_TYPE_READ_WQE, SQ_RDMA_HDR_WQE_TYPE_READ_WQE);
	SAME_VALUE(RIG_BNXT_RQ_WQE_TYPE_RCV, RQ_WQE_HDR_WQE_TYPE_RCV);
	SAME_VALUE(RIG_BNXT_RQ_WR_ID_MASK, RQ_WQE_HDR_WR_ID_MASK);
}

TEST(sq_flags_have_broadcoms_values)
{
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_SIGNAL_COMP, SQ_SEND_HDR_FLAGS_SIGNAL_COMP);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_RD_OR_ATOMIC_FENCE, SQ_SEND_HDR_FLAGS_RD_OR_ATOMIC_FENCE);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_UC_FENCE, SQ_SEND_HDR_FLAGS_UC_FENCE);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_SE, SQ_SEND_HDR_FLAGS_SE);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_INLINE, SQ_SEND_HDR_FLAGS_INLINE);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_WQE_TS_EN, SQ_SEND_HDR_FLAGS_WQE_TS_EN);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_DEBUG_TRACE, SQ_SEND_HDR_FLAGS_DEBUG_TRACE);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_SIGNAL_COMP, SQ_RDMA_HDR_FLAGS_SIGNAL_COMP);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_RD_OR_ATOMIC_FENCE, SQ_RDMA_HDR_FLAGS_RD_OR_ATOMIC_FENCE);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_UC_FENCE, SQ_RDMA_HDR_FLAGS_UC_FENCE);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_SE, SQ_RDMA_HDR_FLAGS_SE);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_INLINE, SQ_RDMA_HDR_FLAGS_INLINE);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_WQE_TS_EN, SQ_RDMA_HDR_FLAGS_WQE_TS_EN);
	SAME_VALUE(RIG_BNXT_SQ_FLAGS_DEBUG_TRACE, SQ_RDMA_HDR_FLAGS_DEBUG_TRACE);
}

TEST(cqe_types_and_toggle_have_broadcoms_values)
{
	SAME_VALUE(RIG_BNXT_CQ_BASE_TOGGLE, CQ_BASE_TOGGLE);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_MASK, CQ_BASE_CQE_TYPE_MASK);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_SFT, CQ_BASE_CQE_TYPE_SFT);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, CQ_BASE_CQE_TYPE_REQ);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC, CQ_BASE_CQE_TYPE_RES_RC);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_UD, CQ_BASE_CQE_TYPE_RES_UD);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RAWETH_QP1, CQ_BASE_CQE_TYPE_RES_RAWETH_QP1);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_UD_CFA, CQ_BASE_CQE_TYPE_RES_UD_CFA);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ_V3, CQ_BASE_CQE_TYPE_REQ_V3);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC_V3, CQ_BASE_CQE_TYPE_RES_RC_V3);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_UD_V3, CQ_BASE_CQE_TYPE_RES_UD_V3);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RAWETH_QP1_V3, CQ_BASE_CQE_TYPE_RES_RAWETH_QP1_V3);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_UD_CFA_V3, CQ_BASE_CQE_TYPE_RES_UD_CFA_V3);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_NO_OP, CQ_BASE_CQE_TYPE_NO_OP);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_TERMINAL, CQ_BASE_CQE_TYPE_TERMINAL);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_CUT_OFF, CQ_BASE_CQE_TYPE_CUT_OFF);
	SAME_VALUE(RIG_BNXT_CQ_BASE_TOGGLE, CQ_REQ_TOGGLE);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, CQ_REQ_CQE_TYPE_REQ);
	SAME_VALUE(RIG_BNXT_CQ_REQ_PUSH, CQ_REQ_PUSH);
	SAME_VALUE(RIG_BNXT_CQ_BASE_TOGGLE, CQ_RES_RC_TOGGLE);
	SAME_VALUE(RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC, CQ_RES_RC_CQE_TYPE_RES_RC);
}

TEST(requester_statuses_have_broadcoms_values)
{
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_OK, CQ_REQ_STATUS_OK);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_BAD_RESPONSE_ERR, CQ_REQ_STATUS_BAD_RESPONSE_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_LOCAL_LENGTH_ERR, CQ_REQ_STATUS_LOCAL_LENGTH_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR,
		   CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, CQ_REQ_STATUS_LOCAL_PROTECTION_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_MEMORY_MGT_OPERATION_ERR,
		   CQ_REQ_STATUS_MEMORY_MGT_OPERATION_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR,
		   CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, CQ_REQ_STATUS_REMOTE_ACCESS_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_REMOTE_OPERATION_ERR, CQ_REQ_STATUS_REMOTE_OPERATION_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR, CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR,
		   CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR,
		   CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR);
	SAME_VALUE(RIG_BNXT_CQ_REQ_STATUS_LAST, CQ_REQ_STATUS_LAST);
}

TEST(responder_statuses_and_flags_have_broadcoms_values)
{
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_STATUS_OK, CQ_RES_RC_STATUS_OK);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_ACCESS_ERROR, CQ_RES_RC_STATUS_LOCAL_ACCESS_ERROR);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR, CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR,
		   CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_QP_OPERATION_ERR,
		   CQ_RES_RC_STATUS_LOCAL_QP_OPERATION_ERR);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_STATUS_MEMORY_MGT_OPERATION_ERR,
		   CQ_RES_RC_STATUS_MEMORY_MGT_OPERATION_ERR);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_STATUS_REMOTE_INVALID_REQUEST_ERR,
		   CQ_RES_RC_STATUS_REMOTE_INVALID_REQUEST_ERR);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR,
		   CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_STATUS_HW_FLUSH_ERR, CQ_RES_RC_STATUS_HW_FLUSH_ERR);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_STATUS_LAST, CQ_RES_RC_STATUS_LAST);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_FLAGS_SRQ, CQ_RES_RC_FLAGS_SRQ);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_FLAGS_SRQ_RQ, CQ_RES_RC_FLAGS_SRQ_RQ);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_FLAGS_SRQ_SRQ, CQ_RES_RC_FLAGS_SRQ_SRQ);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_FLAGS_IMM, CQ_RES_RC_FLAGS_IMM);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_FLAGS_INV, CQ_RES_RC_FLAGS_INV);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_FLAGS_RDMA, CQ_RES_RC_FLAGS_RDMA);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_FLAGS_RDMA_SEND, CQ_RES_RC_FLAGS_RDMA_SEND);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_FLAGS_RDMA_RDMA_WRITE, CQ_RES_RC_FLAGS_RDMA_RDMA_WRITE);
	SAME_VALUE(RIG_BNXT_CQ_RES_RC_SRQ_OR_RQ_WR_ID_MASK, CQ_RES_RC_SRQ_OR_RQ_WR_ID_MASK);
}

TEST(doorbell_fields_have_broadcoms_values)
{
	SAME_VALUE(RIG_BNXT_DBC_INDEX_MASK, DBC_DBC_INDEX_MASK);
	SAME_VALUE(RIG_BNXT_DBC_INDEX_SFT, DBC_DBC_INDEX_SFT);
	SAME_VALUE(RIG_BNXT_DBC_EPOCH, DBC_DBC_EPOCH);
	SAME_VALUE(RIG_BNXT_DBC_TOGGLE_MASK, DBC_DBC_TOGGLE_MASK);
	SAME_VALUE(RIG_BNXT_DBC_TOGGLE_SFT, DBC_DBC_TOGGLE_SFT);
	SAME_VALUE(RIG_BNXT_DBC_XID_MASK, DBC_DBC_XID_MASK);
	SAME_VALUE(RIG_BNXT_DBC_XID_SFT, DBC_DBC_XID_SFT);
	SAME_VALUE(RIG_BNXT_DBC_PATH_MASK, DBC_DBC_PATH_MASK);
	SAME_VALUE(RIG_BNXT_DBC_PATH_SFT, DBC_DBC_PATH_SFT);
	SAME_VALUE(RIG_BNXT_DBC_PATH_ROCE, DBC_DBC_PATH_ROCE);
	SAME_VALUE(RIG_BNXT_DBC_PATH_L2, DBC_DBC_PATH_L2);
	SAME_VALUE(RIG_BNXT_DBC_PATH_ENGINE, DBC_DBC_PATH_ENGINE);
	SAME_VALUE(RIG_BNXT_DBC_VALID, DBC_DBC_VALID);
	SAME_VALUE(RIG_BNXT_DBC_DEBUG_TRACE, DBC_DBC_DEBUG_TRACE);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_MASK, DBC_DBC_TYPE_MASK);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_SFT, DBC_DBC_TYPE_SFT);
}

TEST(doorbell_types_have_broadcoms_values)
{
	SAME_VALUE(RIG_BNXT_DBC_TYPE_SQ, DBC_DBC_TYPE_SQ);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_RQ, DBC_DBC_TYPE_RQ);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_SRQ, DBC_DBC_TYPE_SRQ);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_SRQ_ARM, DBC_DBC_TYPE_SRQ_ARM);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_CQ, DBC_DBC_TYPE_CQ);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_CQ_ARMSE, DBC_DBC_TYPE_CQ_ARMSE);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_CQ_ARMALL, DBC_DBC_TYPE_CQ_ARMALL);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_CQ_ARMENA, DBC_DBC_TYPE_CQ_ARMENA);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_SRQ_ARMENA, DBC_DBC_TYPE_SRQ_ARMENA);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_CQ_CUTOFF_ACK, DBC_DBC_TYPE_CQ_CUTOFF_ACK);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_NQ, DBC_DBC_TYPE_NQ);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_NQ_ARM, DBC_DBC_TYPE_NQ_ARM);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_NQ_MASK, DBC_DBC_TYPE_NQ_MASK);
	SAME_VALUE(RIG_BNXT_DBC_TYPE_NULL, DBC_DBC_TYPE_NULL);
}

/* splitmix64: a seed fixes the sequence on every machine. */
static uint64_t next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The run's seed: RIG_SEED, or the clock; printed so a failure reproduces. */
static uint64_t seed(struct __test_metadata *_metadata)
{
	const char *env = getenv("RIG_SEED");
	struct timespec t;
	uint64_t s;

	if (env && *env) {
		s = strtoull(env, NULL, 0);
	} else {
		clock_gettime(CLOCK_REALTIME, &t);
		s = (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
	}
	TH_LOG("seed %llu: RIG_SEED=%llu reproduces this test",
	       (unsigned long long)s, (unsigned long long)s);
	return s;
}

/* @n random elements whose sizes sum to less than 2^32. */
static void random_local(uint64_t *state, struct rig_bnxt_local *local, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		uint64_t r = next(state);

		local[i] = (struct rig_bnxt_local){
			.address = next(state),
			.bytes = (uint32_t)r >> 3,	/* 6 x 2^29 < 2^32 */
			.key = (uint32_t)(r >> 32),
		};
	}
}

/* Do the @n elements at @sge (Broadcom's sq_sge) say what @local says? */
static bool same_sges(const struct sq_sge *sge, const struct rig_bnxt_local *local,
		      unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		if (le64toh(sge[i].va_or_pa) != local[i].address ||
		    le32toh(sge[i].l_key) != local[i].key ||
		    le32toh(sge[i].size) != local[i].bytes)
			return false;
	return true;
}

static uint32_t total(const struct rig_bnxt_local *local, unsigned int n)
{
	uint32_t sum = 0;

	for (unsigned int i = 0; i < n; i++)
		sum += local[i].bytes;
	return sum;
}

TEST(put_send_reads_back_through_sq_send)
{
	struct rig_bnxt_local local[RIG_BNXT_MAX_SGES];
	uint64_t state = seed(_metadata);
	struct sq_send e;

	for (int i = 0; i < SAMPLES; i++) {
		unsigned int n = (unsigned int)(next(&state) % (RIG_BNXT_MAX_SGES + 1));
		bool signal = next(&state) & 1;

		random_local(&state, local, n);
		ASSERT_EQ(0, rig_bnxt_put_send(&e, sizeof(e), 0, signal, local, n));
		ASSERT_EQ(SQ_SEND_WQE_TYPE_SEND, e.wqe_type);
		ASSERT_EQ(signal ? SQ_SEND_FLAGS_SIGNAL_COMP : 0, e.flags);
		ASSERT_EQ((sizeof(struct sq_send_hdr) + n * sizeof(struct sq_sge)) / 16, e.wqe_size);
		ASSERT_EQ(total(local, n), le32toh(e.length));
		ASSERT_EQ(0u, e.inv_key_or_imm_data | e.q_key | e.dst_qp | e.avid | e.timestamp);
		ASSERT_TRUE(same_sges((const struct sq_sge *)e.data, local, n));
	}
}

TEST(put_read_reads_back_through_sq_rdma)
{
	struct rig_bnxt_local local[RIG_BNXT_MAX_SGES];
	uint64_t state = seed(_metadata);
	struct sq_rdma e;

	for (int i = 0; i < SAMPLES; i++) {
		unsigned int n = (unsigned int)(next(&state) % (RIG_BNXT_MAX_SGES + 1));
		struct rig_bnxt_remote remote = {
			.address = next(&state), .key = (uint32_t)next(&state),
		};
		bool signal = next(&state) & 1;

		random_local(&state, local, n);
		ASSERT_EQ(0, rig_bnxt_put_read(&e, sizeof(e), 0, signal, &remote, local, n));
		ASSERT_EQ(SQ_RDMA_WQE_TYPE_READ_WQE, e.wqe_type);
		ASSERT_EQ(signal ? SQ_RDMA_FLAGS_SIGNAL_COMP : 0, e.flags);
		ASSERT_EQ(2 + n, e.wqe_size);
		ASSERT_EQ(total(local, n), le32toh(e.length));
		ASSERT_EQ(remote.address, le64toh(e.remote_va));
		ASSERT_EQ(remote.key, le32toh(e.remote_key));
		ASSERT_EQ(0u, e.imm_data | e.reserved32_1 | e.timestamp);
		ASSERT_TRUE(same_sges((const struct sq_sge *)e.data, local, n));
	}
}

TEST(put_receive_reads_back_through_rq_wqe)
{
	struct rig_bnxt_local local[RIG_BNXT_MAX_SGES];
	uint64_t state = seed(_metadata);
	struct rq_wqe e;

	for (int i = 0; i < SAMPLES; i++) {
		unsigned int n = 1 + (unsigned int)(next(&state) % RIG_BNXT_MAX_SGES);
		uint32_t wr_id = (uint32_t)next(&state) & RQ_WQE_WR_ID_MASK;

		random_local(&state, local, n);
		ASSERT_EQ(0, rig_bnxt_put_receive(&e, sizeof(e), 0, wr_id, local, n));
		ASSERT_EQ(RQ_WQE_WQE_TYPE_RCV, e.wqe_type);
		ASSERT_EQ(0, e.flags);
		ASSERT_EQ((sizeof(struct rq_wqe_hdr) + n * sizeof(struct sq_sge)) / 16, e.wqe_size);
		ASSERT_EQ(wr_id, le32toh(e.wr_id[0]) & RQ_WQE_WR_ID_MASK);
		ASSERT_EQ(0u, e.wr_id[1]);
		ASSERT_TRUE(same_sges((const struct sq_sge *)e.data, local, n));
	}
}

TEST(get_completion_reads_every_status_of_a_broadcom_cq_req)
{
	uint64_t state = seed(_metadata);
	struct rig_bnxt_completion c;
	struct cq_req cqe;

	for (unsigned int s = 0; s <= CQ_REQ_STATUS_LAST; s++) {
		uint64_t handle = next(&state);
		uint16_t cons = (uint16_t)next(&state);

		memset(&cqe, 0, sizeof(cqe));
		cqe.qp_handle = htole64(handle);
		cqe.sq_cons_idx = htole16(cons);
		cqe.status = (u8)s;
		cqe.cqe_type_toggle = CQ_REQ_CQE_TYPE_REQ | (s & 1 ? CQ_REQ_TOGGLE : 0);
		ASSERT_EQ(1, rig_bnxt_get_completion(&cqe, sizeof(cqe), 0, s & 1, &c));
		EXPECT_EQ(CQ_BASE_CQE_TYPE_REQ, c.type);
		EXPECT_EQ(s, c.status);
		EXPECT_EQ(handle, c.qp_handle);
		EXPECT_EQ(cons, c.sq_cons_idx);
		EXPECT_EQ(0, rig_bnxt_get_completion(&cqe, sizeof(cqe), 0, !(s & 1), &c));
	}
}

TEST(get_completion_reads_every_status_of_a_broadcom_cq_res_rc)
{
	uint64_t state = seed(_metadata);
	struct rig_bnxt_completion c;
	struct cq_res_rc cqe;

	for (unsigned int s = 0; s <= CQ_RES_RC_STATUS_LAST; s++) {
		uint64_t handle = next(&state);
		uint32_t length = (uint32_t)next(&state);
		uint32_t wr_id = (uint32_t)next(&state) & CQ_RES_RC_SRQ_OR_RQ_WR_ID_MASK;

		memset(&cqe, 0, sizeof(cqe));
		cqe.length = htole32(length);
		cqe.qp_handle = htole64(handle);
		cqe.srq_or_rq_wr_id = htole32(wr_id);
		cqe.flags = htole16(CQ_RES_RC_FLAGS_SRQ_RQ | CQ_RES_RC_FLAGS_RDMA_SEND);
		cqe.status = (u8)s;
		cqe.cqe_type_toggle = CQ_RES_RC_CQE_TYPE_RES_RC | CQ_RES_RC_TOGGLE;
		ASSERT_EQ(1, rig_bnxt_get_completion(&cqe, sizeof(cqe), 0, 1, &c));
		EXPECT_EQ(CQ_BASE_CQE_TYPE_RES_RC, c.type);
		EXPECT_EQ(s, c.status);
		EXPECT_EQ(handle, c.qp_handle);
		EXPECT_EQ(length, c.bytes);
		EXPECT_EQ(wr_id, c.wr_id);
		EXPECT_EQ(0, c.flags);
	}
}

/*
 * The doorbell as bnxt_re composes it (BNXT_QPLIB_INIT_DBHDR() in
 * qplib_res.h, rdma-core's bnxt_re_init_db_hdr()), from bnxt_hsi.h's
 * constants: xid, path RoCE, type and valid in the high word; index,
 * epoch and toggle in the low word.
 */
static uint64_t broadcom_doorbell(uint32_t xid, uint32_t type, uint32_t index,
				  unsigned int epoch, unsigned int toggle)
{
	uint32_t high = (xid & DBC_DBC_XID_MASK) | DBC_DBC_PATH_ROCE | type | DBC_DBC_VALID;
	uint32_t low = (index & DBC_DBC_INDEX_MASK) | (epoch ? DBC_DBC_EPOCH : 0) |
		       toggle << DBC_DBC_TOGGLE_SFT;

	return (uint64_t)high << 32 | low;
}

TEST(make_doorbell_is_the_value_bnxt_re_composes)
{
	static const uint32_t types[] = {
		DBC_DBC_TYPE_SQ, DBC_DBC_TYPE_RQ, DBC_DBC_TYPE_CQ, DBC_DBC_TYPE_CQ_ARMALL,
	};
	uint64_t state = seed(_metadata);

	for (int i = 0; i < SAMPLES; i++) {
		uint32_t type = types[next(&state) % 4];
		struct rig_bnxt_doorbell d = {
			.type = type,
			.xid = (uint32_t)next(&state) & DBC_DBC_XID_MASK,
			.index = (uint32_t)next(&state) & DBC_DBC_INDEX_MASK,
			.epoch = next(&state) & 1,
			.toggle = type == DBC_DBC_TYPE_CQ_ARMALL ? next(&state) & 3 : 0,
		};
		struct dbc_dbc dbc;
		uint64_t value, le;

		ASSERT_EQ(0, rig_bnxt_make_doorbell(&d, &value));
		ASSERT_EQ(broadcom_doorbell(d.xid, type, d.index, d.epoch, d.toggle), value);
		/* Stored as the NIC reads it: struct dbc_dbc, little-endian. */
		le = htole64(value);
		memcpy(&dbc, &le, sizeof(dbc));
		ASSERT_EQ(d.index, le32toh(dbc.index) & DBC_DBC_INDEX_MASK);
		ASSERT_EQ(d.xid, le32toh(dbc.type_path_xid) & DBC_DBC_XID_MASK);
		ASSERT_EQ(type, le32toh(dbc.type_path_xid) & DBC_DBC_TYPE_MASK);
	}
}

/*
 * A PSN search entry as bnxt_re fills it (bnxt_qplib_fill_psn_search() in
 * qplib_fp.c, the P5 branch), from roce_hsi.h's masks and shifts.
 */
static struct sq_psn_search_ext broadcom_psn_search(uint32_t type, uint32_t start_psn,
						    uint32_t next_psn, uint16_t slot)
{
	struct sq_psn_search_ext e;
	uint32_t op_spsn, flg_npsn;

	op_spsn = (start_psn << SQ_PSN_SEARCH_EXT_START_PSN_SFT) & SQ_PSN_SEARCH_EXT_START_PSN_MASK;
	op_spsn |= (type << SQ_PSN_SEARCH_EXT_OPCODE_SFT) & SQ_PSN_SEARCH_EXT_OPCODE_MASK;
	flg_npsn = (next_psn << SQ_PSN_SEARCH_EXT_NEXT_PSN_SFT) & SQ_PSN_SEARCH_EXT_NEXT_PSN_MASK;
	memset(&e, 0, sizeof(e));
	e.opcode_start_psn = htole32(op_spsn);
	e.flags_next_psn = htole32(flg_npsn);
	e.start_slot_idx = htole16(slot);
	return e;
}

TEST(put_psn_search_writes_the_bytes_bnxt_re_writes)
{
	static const uint32_t types[] = { SQ_BASE_WQE_TYPE_SEND, SQ_BASE_WQE_TYPE_READ_WQE };
	uint64_t state = seed(_metadata);

	for (int i = 0; i < SAMPLES; i++) {
		/* An entry of a ring of up to 4096, as rig posts them. */
		uint32_t index = (uint32_t)next(&state) % 4096;
		struct rig_bnxt_psn_search p = {
			.type = types[next(&state) & 1],
			.start_psn = (uint32_t)next(&state) & SQ_PSN_SEARCH_EXT_START_PSN_MASK,
			.next_psn = (uint32_t)next(&state) & SQ_PSN_SEARCH_EXT_NEXT_PSN_MASK,
			.start_slot = index * (sizeof(struct sq_send) / sizeof(struct sq_sge)),
		};
		struct sq_psn_search_ext ours, theirs;

		memset(&ours, 0xa5, sizeof(ours));
		ASSERT_EQ(0, rig_bnxt_put_psn_search(&ours, sizeof(ours), 0, &p));
		theirs = broadcom_psn_search(p.type, p.start_psn, p.next_psn,
					     (uint16_t)p.start_slot);
		ASSERT_EQ(0, memcmp(&theirs, &ours, sizeof(ours)));
		/* And read back through Broadcom's fields. */
		ASSERT_EQ(p.start_psn, le32toh(ours.opcode_start_psn) &
				       SQ_PSN_SEARCH_EXT_START_PSN_MASK);
		ASSERT_EQ(p.type, (le32toh(ours.opcode_start_psn) & SQ_PSN_SEARCH_EXT_OPCODE_MASK) >>
				  SQ_PSN_SEARCH_EXT_OPCODE_SFT);
		ASSERT_EQ(p.next_psn, le32toh(ours.flags_next_psn) & SQ_PSN_SEARCH_EXT_NEXT_PSN_MASK);
		ASSERT_EQ(0u, le32toh(ours.flags_next_psn) & SQ_PSN_SEARCH_EXT_FLAGS_MASK);
		ASSERT_EQ(p.start_slot, le16toh(ours.start_slot_idx));
	}
}

/* The PSNs bnxt_qplib_post_send() gives a SEND or RDMA READ of @len bytes. */
static uint32_t broadcom_next_psn(uint32_t psn, uint32_t len, uint32_t mtu)
{
	uint64_t pkt_num = ((uint64_t)len + mtu - 1) / mtu;

	if (!pkt_num)
		pkt_num = 1;
	return (uint32_t)((psn + pkt_num) & SQ_PSN_SEARCH_EXT_NEXT_PSN_MASK);
}

TEST(next_psn_counts_as_bnxt_re_counts)
{
	uint64_t state = seed(_metadata);

	for (int i = 0; i < SAMPLES; i++) {
		uint32_t psn = (uint32_t)next(&state) & SQ_PSN_SEARCH_EXT_START_PSN_MASK;
		uint32_t mtu = 256u << (next(&state) % 5);
		/* Small lengths often, and any 32-bit length. */
		uint32_t len = (uint32_t)next(&state) >> (next(&state) % 32);

		ASSERT_EQ((int)broadcom_next_psn(psn, len, mtu), rig_bnxt_next_psn(psn, len, mtu));
	}
}

#else /* roce_hsi.h is not on the include path */

TEST(roce_hsi_h_is_on_the_include_path)
{
	SKIP(return, "roce_hsi.h not found: build with -I$KSRC/drivers/infiniband/hw/bnxt_re "
		     "-I$KSRC/drivers/net/ethernet/broadcom/bnxt");
}

#endif

TEST_HARNESS_MAIN
