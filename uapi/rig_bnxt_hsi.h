/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR BSD-2-Clause */
/*
 * rig_bnxt ring formats: the send and receive entries a process writes
 * into a queue pair's rings, the completions the NIC writes back, and the
 * 64-bit doorbell values that tell the NIC about both.  This file owns the
 * byte layout of those four things and the value of every field, and
 * nothing else: who writes which slot when, and what the NIC does with an
 * entry, belong to the queue-pair code.
 *
 * The layouts are those of Broadcom's NetXtreme-E/-C RoCE hardware, as the
 * kernel's drivers/infiniband/hw/bnxt_re/roce_hsi.h and
 * drivers/net/ethernet/broadcom/bnxt/bnxt_hsi.h (struct dbc_dbc) define
 * them and rdma-core's providers/bnxt_re writes them: little-endian,
 * fields named as Broadcom names them, every constant of the same value.
 * lib/tests/bnxt_hsi_conformance_test.c checks that, field by field,
 * against roce_hsi.h itself.  What rig writes is therefore what a real
 * NIC accepts, and the model (rig_soft.ko), which decodes them with
 * Broadcom's own headers, accepts nothing a real NIC would refuse.
 *
 * How rig uses the hardware's formats, and where it chooses a subset:
 *
 * - Entries.  Send and receive rings are arrays of RIG_BNXT_ENTRY_SIZE
 *   (128-byte) entries, the hardware's "static" WQE mode: an entry is a
 *   32-byte header (two 16-byte slots) and up to RIG_BNXT_MAX_SGES
 *   scatter/gather elements of one slot each.  @wqe_size counts the slots
 *   that hold data (2 + elements); the rest of the 128 bytes is ignored.
 *   The hardware's variable WQE mode (entries of any slot count) is not
 *   used.  Indices of send and receive rings count entries, not slots.
 *
 * - Operations.  rig posts SEND and RDMA READ on reliable-connected
 *   queue pairs and nothing else: no immediate data, no inline data, no
 *   UD fields.  The only flag rig sets is SIGNAL_COMP; the other flags
 *   and types are defined here because they are part of the format.  A
 *   send entry's @length is the sum of its elements' sizes.  A receive
 *   entry has at least one element, as the hardware requires: an empty
 *   receive carries one element of size 0 (bnxt_re and rdma-core do the
 *   same).
 *
 * - The caller's 64-bit id.  The hardware carries no 64-bit id through a
 *   ring, and neither does rig: the library keeps each entry's id in a
 *   shadow table indexed by the entry's ring position, as rdma-core does.
 *   A receive entry carries its position in the low 20 bits of @wr_id[0]
 *   (RIG_BNXT_RQ_WR_ID_MASK), and the NIC returns it in the responder
 *   completion's @srq_or_rq_wr_id; @wr_id[1] is zero.  A send entry
 *   carries nothing: its requester completion's @sq_cons_idx is the ring
 *   position after the entry it completes, and every entry before that
 *   position is complete too (unsignalled ones complete silently).  Both
 *   completions carry @qp_handle, the 64-bit value the queue pair was
 *   created with, unchanged.
 *
 * - Completions.  A completion ring is an array of RIG_BNXT_CQE_SIZE
 *   (32-byte) entries that starts zeroed.  Byte 24 of every completion,
 *   @cqe_type_toggle, holds the type and the toggle (phase) bit, and the
 *   NIC stores it last, after every other byte of the completion and
 *   every byte of data the completion reports.  The toggle is 1 on the
 *   ring's first lap, 0 on the second, 1 on the third, ...: the value of
 *   bnxt_re's CQE_CMP_VALID() and rdma-core's phase, which both start at
 *   1.  A slot is new when its toggle equals the current lap's; the
 *   reader then reads the other bytes (acquire order after byte 24).
 *
 * - Doorbells.  A doorbell is one 64-bit little-endian value laid out as
 *   struct rig_bnxt_dbc: @index and its epoch in the low word; the queue
 *   (xid), path and type in the high word.  rig uses types SQ and RQ
 *   (index: the producer position, the entry after the last one posted),
 *   CQ (index: the consumer position) and CQ_ARMALL (the same, and ask for
 *   an event at the next completion).  The epoch bit is the lap parity of
 *   the index: 0 on the first lap, flipped each time the index wraps to 0.
 *   The value is one 64-bit store at offset 0 of the doorbell's DPI page,
 *   after a barrier; the model reads the same value from its BAR's memory.
 */
#ifndef _UAPI_RIG_BNXT_HSI_H
#define _UAPI_RIG_BNXT_HSI_H

#include <linux/types.h>

/* Geometry of rig's rings. */
#define RIG_BNXT_SLOT_SIZE	16	/* the unit of @wqe_size: one sq_sge */
#define RIG_BNXT_HDR_SLOTS	2	/* an entry's 32-byte header */
#define RIG_BNXT_ENTRY_SLOTS	8	/* every entry (static WQE mode) */
#define RIG_BNXT_ENTRY_SIZE	(RIG_BNXT_ENTRY_SLOTS * RIG_BNXT_SLOT_SIZE)
#define RIG_BNXT_MAX_SGES	(RIG_BNXT_ENTRY_SLOTS - RIG_BNXT_HDR_SLOTS)
#define RIG_BNXT_CQE_SIZE	32

/*
 * Send-queue entry types (roce_hsi.h's SQ_BASE_WQE_TYPE_*, spelled as
 * Broadcom spells them).  rig writes SEND and READ_WQE only.
 */
#define RIG_BNXT_SQ_WQE_TYPE_SEND		0x0U
#define RIG_BNXT_SQ_WQE_TYPE_SEND_W_IMMEAD	0x1U
#define RIG_BNXT_SQ_WQE_TYPE_SEND_W_INVALID	0x2U
#define RIG_BNXT_SQ_WQE_TYPE_WRITE_WQE		0x4U
#define RIG_BNXT_SQ_WQE_TYPE_WRITE_W_IMMEAD	0x5U
#define RIG_BNXT_SQ_WQE_TYPE_READ_WQE		0x6U
#define RIG_BNXT_SQ_WQE_TYPE_ATOMIC_CS		0x8U
#define RIG_BNXT_SQ_WQE_TYPE_ATOMIC_FA		0xbU
#define RIG_BNXT_SQ_WQE_TYPE_LOCAL_INVALID	0xcU
#define RIG_BNXT_SQ_WQE_TYPE_FR_PMR		0xdU
#define RIG_BNXT_SQ_WQE_TYPE_BIND		0xeU
#define RIG_BNXT_SQ_WQE_TYPE_FR_PPMR		0xfU

/* Send-queue entry flags (SQ_SEND_FLAGS_*, SQ_RDMA_FLAGS_*): rig sets SIGNAL_COMP. */
#define RIG_BNXT_SQ_FLAGS_SIGNAL_COMP		0x1U
#define RIG_BNXT_SQ_FLAGS_RD_OR_ATOMIC_FENCE	0x2U
#define RIG_BNXT_SQ_FLAGS_UC_FENCE		0x4U
#define RIG_BNXT_SQ_FLAGS_SE			0x8U
#define RIG_BNXT_SQ_FLAGS_INLINE		0x10U
#define RIG_BNXT_SQ_FLAGS_WQE_TS_EN		0x20U
#define RIG_BNXT_SQ_FLAGS_DEBUG_TRACE		0x40U

/**
 * struct rig_bnxt_sq_sge - a scatter/gather element (roce_hsi.h sq_sge)
 * @va_or_pa: address of the first byte, in the NIC's view of the region
 * @l_key: local key of the region
 * @size: bytes
 */
struct rig_bnxt_sq_sge {
	__aligned_le64 va_or_pa;
	__le32 l_key;
	__le32 size;
};

/**
 * struct rig_bnxt_sq_send_hdr - header of a SEND entry (sq_send_hdr)
 * @wqe_type: RIG_BNXT_SQ_WQE_TYPE_SEND
 * @flags: RIG_BNXT_SQ_FLAGS_*
 * @wqe_size: slots holding data: RIG_BNXT_HDR_SLOTS + elements
 * @reserved8_1: zero
 * @inv_key_or_imm_data: zero (no immediate, no invalidate)
 * @length: bytes of the message: the sum of the elements' sizes
 * @q_key: zero (UD only)
 * @dst_qp: zero (UD only)
 * @avid: zero (UD only)
 * @reserved32: zero
 * @timestamp: zero
 */
struct rig_bnxt_sq_send_hdr {
	__u8 wqe_type;
	__u8 flags;
	__u8 wqe_size;
	__u8 reserved8_1;
	__le32 inv_key_or_imm_data;
	__le32 length;
	__le32 q_key;
	__le32 dst_qp;
	__le32 avid;
	__le32 reserved32;
	__le32 timestamp;
};

/**
 * struct rig_bnxt_sq_rdma_hdr - header of an RDMA entry (sq_rdma_hdr)
 * @wqe_type: RIG_BNXT_SQ_WQE_TYPE_READ_WQE
 * @flags: RIG_BNXT_SQ_FLAGS_*
 * @wqe_size: slots holding data: RIG_BNXT_HDR_SLOTS + elements
 * @reserved8: zero
 * @imm_data: zero
 * @length: bytes to read: the sum of the (local, destination) elements
 * @reserved32_1: zero
 * @remote_va: the peer's address of the first byte to read
 * @remote_key: the peer region's remote key
 * @timestamp: zero
 */
struct rig_bnxt_sq_rdma_hdr {
	__u8 wqe_type;
	__u8 flags;
	__u8 wqe_size;
	__u8 reserved8;
	__le32 imm_data;
	__le32 length;
	__le32 reserved32_1;
	__aligned_le64 remote_va;
	__le32 remote_key;
	__le32 timestamp;
};

/** struct rig_bnxt_sq_send - a whole SEND entry (sq_send) */
struct rig_bnxt_sq_send {
	struct rig_bnxt_sq_send_hdr hdr;
	struct rig_bnxt_sq_sge sge[RIG_BNXT_MAX_SGES];
};

/** struct rig_bnxt_sq_rdma - a whole RDMA entry (sq_rdma) */
struct rig_bnxt_sq_rdma {
	struct rig_bnxt_sq_rdma_hdr hdr;
	struct rig_bnxt_sq_sge sge[RIG_BNXT_MAX_SGES];
};

/* Receive-queue entry type (RQ_WQE_WQE_TYPE_RCV). */
#define RIG_BNXT_RQ_WQE_TYPE_RCV	0x80U
/* The bits of @wr_id[0] the NIC returns in a completion: 20. */
#define RIG_BNXT_RQ_WR_ID_MASK		0xfffffU

/**
 * struct rig_bnxt_rq_wqe_hdr - header of a receive entry (rq_wqe_hdr)
 * @wqe_type: RIG_BNXT_RQ_WQE_TYPE_RCV
 * @flags: zero
 * @wqe_size: slots holding data: RIG_BNXT_HDR_SLOTS + elements (at least 1)
 * @reserved8: zero
 * @reserved32: zero
 * @wr_id: [0]: the entry's ring position, under RIG_BNXT_RQ_WR_ID_MASK;
 *	   [1]: zero
 * @reserved128: zero
 */
struct rig_bnxt_rq_wqe_hdr {
	__u8 wqe_type;
	__u8 flags;
	__u8 wqe_size;
	__u8 reserved8;
	__le32 reserved32;
	__le32 wr_id[2];
	__u8 reserved128[16];
};

/** struct rig_bnxt_rq_wqe - a whole receive entry (rq_wqe) */
struct rig_bnxt_rq_wqe {
	struct rig_bnxt_rq_wqe_hdr hdr;
	struct rig_bnxt_sq_sge sge[RIG_BNXT_MAX_SGES];
};

/*
 * Byte 24 of every completion (CQ_BASE_*): the toggle in bit 0, the type
 * in bits 1-4.  Types are given in place (already shifted), as Broadcom
 * gives them.  rig's NIC writes REQ, RES_RC and TERMINAL only.
 */
#define RIG_BNXT_CQ_BASE_TOGGLE			0x1U
#define RIG_BNXT_CQ_BASE_CQE_TYPE_MASK		0x1eU
#define RIG_BNXT_CQ_BASE_CQE_TYPE_SFT		1
#define RIG_BNXT_CQ_BASE_CQE_TYPE_REQ		(0x0U << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC	(0x1U << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_RES_UD	(0x2U << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RAWETH_QP1 (0x3U << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_RES_UD_CFA	(0x4U << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_REQ_V3	(0x8U << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC_V3	(0x9U << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_RES_UD_V3	(0xaU << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RAWETH_QP1_V3 (0xbU << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_RES_UD_CFA_V3	(0xcU << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_NO_OP		(0xdU << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_TERMINAL	(0xeU << 1)
#define RIG_BNXT_CQ_BASE_CQE_TYPE_CUT_OFF	(0xfU << 1)

/**
 * struct rig_bnxt_cq_base - what every completion has in common (cq_base)
 * @reserved64_1: per type
 * @reserved64_2: per type
 * @reserved64_3: per type
 * @cqe_type_toggle: RIG_BNXT_CQ_BASE_TOGGLE | a RIG_BNXT_CQ_BASE_CQE_TYPE_*;
 *		     stored last
 * @status: the type's status code
 * @reserved16: per type
 * @opaque: per type
 */
struct rig_bnxt_cq_base {
	__aligned_le64 reserved64_1;
	__aligned_le64 reserved64_2;
	__aligned_le64 reserved64_3;
	__u8 cqe_type_toggle;
	__u8 status;
	__le16 reserved16;
	__le32 opaque;
};

/* Requester completion status (CQ_REQ_STATUS_*). */
#define RIG_BNXT_CQ_REQ_STATUS_OK				0x0U
#define RIG_BNXT_CQ_REQ_STATUS_BAD_RESPONSE_ERR			0x1U
#define RIG_BNXT_CQ_REQ_STATUS_LOCAL_LENGTH_ERR			0x2U
#define RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR		0x3U
#define RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR		0x4U
#define RIG_BNXT_CQ_REQ_STATUS_MEMORY_MGT_OPERATION_ERR		0x5U
#define RIG_BNXT_CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR	0x6U
#define RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR		0x7U
#define RIG_BNXT_CQ_REQ_STATUS_REMOTE_OPERATION_ERR		0x8U
#define RIG_BNXT_CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR		0x9U
#define RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR		0xaU
#define RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR		0xbU
#define RIG_BNXT_CQ_REQ_STATUS_LAST	RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR
/* In @cqe_type_toggle: the entry went through the push buffer (never, in rig). */
#define RIG_BNXT_CQ_REQ_PUSH		0x20U

/**
 * struct rig_bnxt_cq_req - a requester completion (cq_req)
 * @qp_handle: the queue pair's handle, as given when it was created
 * @sq_cons_idx: the send-ring position after the completed entry
 * @reserved16_1: zero
 * @reserved32_2: zero
 * @reserved64: zero
 * @cqe_type_toggle: RIG_BNXT_CQ_BASE_CQE_TYPE_REQ | toggle; stored last
 * @status: RIG_BNXT_CQ_REQ_STATUS_*
 * @reserved16_2: zero
 * @reserved32_1: zero
 */
struct rig_bnxt_cq_req {
	__aligned_le64 qp_handle;
	__le16 sq_cons_idx;
	__le16 reserved16_1;
	__le32 reserved32_2;
	__aligned_le64 reserved64;
	__u8 cqe_type_toggle;
	__u8 status;
	__le16 reserved16_2;
	__le32 reserved32_1;
};

/* Responder (RC) completion status (CQ_RES_RC_STATUS_*). */
#define RIG_BNXT_CQ_RES_RC_STATUS_OK				0x0U
#define RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_ACCESS_ERROR		0x1U
#define RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR		0x2U
#define RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR		0x3U
#define RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_QP_OPERATION_ERR	0x4U
#define RIG_BNXT_CQ_RES_RC_STATUS_MEMORY_MGT_OPERATION_ERR	0x5U
#define RIG_BNXT_CQ_RES_RC_STATUS_REMOTE_INVALID_REQUEST_ERR	0x6U
#define RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR	0x7U
#define RIG_BNXT_CQ_RES_RC_STATUS_HW_FLUSH_ERR			0x8U
#define RIG_BNXT_CQ_RES_RC_STATUS_LAST	RIG_BNXT_CQ_RES_RC_STATUS_HW_FLUSH_ERR

/* Responder (RC) completion flags (CQ_RES_RC_FLAGS_*); rig's NIC writes 0. */
#define RIG_BNXT_CQ_RES_RC_FLAGS_SRQ			0x1U
#define RIG_BNXT_CQ_RES_RC_FLAGS_SRQ_RQ			0x0U
#define RIG_BNXT_CQ_RES_RC_FLAGS_SRQ_SRQ		0x1U
#define RIG_BNXT_CQ_RES_RC_FLAGS_IMM			0x2U
#define RIG_BNXT_CQ_RES_RC_FLAGS_INV			0x4U
#define RIG_BNXT_CQ_RES_RC_FLAGS_RDMA			0x8U
#define RIG_BNXT_CQ_RES_RC_FLAGS_RDMA_SEND		(0x0U << 3)
#define RIG_BNXT_CQ_RES_RC_FLAGS_RDMA_RDMA_WRITE	(0x1U << 3)
/* The bits of @srq_or_rq_wr_id that hold the receive's @wr_id[0]. */
#define RIG_BNXT_CQ_RES_RC_SRQ_OR_RQ_WR_ID_MASK		0xfffffU

/**
 * struct rig_bnxt_cq_res_rc - a responder completion, RC (cq_res_rc)
 * @length: bytes that landed
 * @imm_data_or_inv_r_key: zero
 * @qp_handle: the queue pair's handle, as given when it was created
 * @mr_handle: zero
 * @cqe_type_toggle: RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC | toggle; stored last
 * @status: RIG_BNXT_CQ_RES_RC_STATUS_*
 * @flags: RIG_BNXT_CQ_RES_RC_FLAGS_*: zero (a SEND into an RQ)
 * @srq_or_rq_wr_id: the receive entry's @wr_id[0] (its ring position)
 */
struct rig_bnxt_cq_res_rc {
	__le32 length;
	__le32 imm_data_or_inv_r_key;
	__aligned_le64 qp_handle;
	__aligned_le64 mr_handle;
	__u8 cqe_type_toggle;
	__u8 status;
	__le16 flags;
	__le32 srq_or_rq_wr_id;
};

/* In a terminal completion's @sq_cons_idx or @rq_cons_idx: no entry named. */
#define RIG_BNXT_CQ_TERMINAL_NO_INDEX			0xffffU

/**
 * struct rig_bnxt_cq_terminal - the last completion of a queue pair in
 *	error (cq_terminal)
 * @qp_handle: the queue pair's handle, as given when it was created
 * @sq_cons_idx: the send-ring position after the last entry the NIC
 *	completed successfully, every one before it completed too; or
 *	RIG_BNXT_CQ_TERMINAL_NO_INDEX
 * @rq_cons_idx: the receive-ring position after the last receive the NIC
 *	completed, or RIG_BNXT_CQ_TERMINAL_NO_INDEX
 * @reserved32_1: zero
 * @reserved64_3: zero
 * @cqe_type_toggle: RIG_BNXT_CQ_BASE_CQE_TYPE_TERMINAL | toggle; stored last
 * @status: 0
 * @reserved16: zero
 * @reserved32_2: zero
 *
 * The NIC writes no completion of the queue pair after it: every entry
 * still outstanding is the consumer's to complete as flushed.
 */
struct rig_bnxt_cq_terminal {
	__aligned_le64 qp_handle;
	__le16 sq_cons_idx;
	__le16 rq_cons_idx;
	__le32 reserved32_1;
	__aligned_le64 reserved64_3;
	__u8 cqe_type_toggle;
	__u8 status;
	__le16 reserved16;
	__le32 reserved32_2;
};

/* Low word of a doorbell (DBC_DBC_*). */
#define RIG_BNXT_DBC_INDEX_MASK		0xffffffU
#define RIG_BNXT_DBC_INDEX_SFT		0
#define RIG_BNXT_DBC_EPOCH		0x1000000U
#define RIG_BNXT_DBC_TOGGLE_MASK	0x6000000U
#define RIG_BNXT_DBC_TOGGLE_SFT		25
/* High word of a doorbell. */
#define RIG_BNXT_DBC_XID_MASK		0xfffffU
#define RIG_BNXT_DBC_XID_SFT		0
#define RIG_BNXT_DBC_PATH_MASK		0x3000000U
#define RIG_BNXT_DBC_PATH_SFT		24
#define RIG_BNXT_DBC_PATH_ROCE		(0x0U << 24)
#define RIG_BNXT_DBC_PATH_L2		(0x1U << 24)
#define RIG_BNXT_DBC_PATH_ENGINE	(0x2U << 24)
#define RIG_BNXT_DBC_VALID		0x4000000U
#define RIG_BNXT_DBC_DEBUG_TRACE	0x8000000U
#define RIG_BNXT_DBC_TYPE_MASK		0xf0000000U
#define RIG_BNXT_DBC_TYPE_SFT		28
#define RIG_BNXT_DBC_TYPE_SQ		(0x0U << 28)
#define RIG_BNXT_DBC_TYPE_RQ		(0x1U << 28)
#define RIG_BNXT_DBC_TYPE_SRQ		(0x2U << 28)
#define RIG_BNXT_DBC_TYPE_SRQ_ARM	(0x3U << 28)
#define RIG_BNXT_DBC_TYPE_CQ		(0x4U << 28)
#define RIG_BNXT_DBC_TYPE_CQ_ARMSE	(0x5U << 28)
#define RIG_BNXT_DBC_TYPE_CQ_ARMALL	(0x6U << 28)
#define RIG_BNXT_DBC_TYPE_CQ_ARMENA	(0x7U << 28)
#define RIG_BNXT_DBC_TYPE_SRQ_ARMENA	(0x8U << 28)
#define RIG_BNXT_DBC_TYPE_CQ_CUTOFF_ACK	(0x9U << 28)
#define RIG_BNXT_DBC_TYPE_NQ		(0xaU << 28)
#define RIG_BNXT_DBC_TYPE_NQ_ARM	(0xbU << 28)
#define RIG_BNXT_DBC_TYPE_NQ_MASK	(0xeU << 28)
#define RIG_BNXT_DBC_TYPE_NULL		(0xfU << 28)

/**
 * struct rig_bnxt_dbc - a doorbell value (bnxt_hsi.h dbc_dbc)
 * @index: RIG_BNXT_DBC_INDEX_MASK: the ring position; RIG_BNXT_DBC_EPOCH:
 *	   its lap parity; RIG_BNXT_DBC_TOGGLE_MASK: zero except on CQ_ARMALL
 * @type_path_xid: RIG_BNXT_DBC_XID_MASK: the queue pair or completion
 *		   queue number; RIG_BNXT_DBC_PATH_ROCE; RIG_BNXT_DBC_VALID;
 *		   a RIG_BNXT_DBC_TYPE_*
 *
 * As one 64-bit value: @index is bits 0-31 and @type_path_xid bits
 * 32-63, stored little-endian in one 64-bit store.
 */
struct rig_bnxt_dbc {
	__le32 index;
	__le32 type_path_xid;
};

/*
 * The PSN search area (roce_hsi.h sq_psn_search_ext, the P5 layout): one
 * entry per send entry, at the same index, which the hardware reads when
 * it retransmits.  The process fills it on every post, as rdma-core's
 * bnxt_re provider does: @opcode_start_psn holds the entry's type in its
 * top byte and its first PSN below; @flags_next_psn the PSN after its last
 * packet (a SEND of n bytes takes max(1, ceil(n / MTU)) PSNs, an RDMA READ
 * as many as its response has packets); @start_slot_idx the entry's first
 * 16-byte slot in the ring (index * RIG_BNXT_ENTRY_SLOTS).
 */
#define RIG_BNXT_PSN_MASK			0xffffffU
#define RIG_BNXT_PSN_SEARCH_OPCODE_SFT		24

/**
 * struct rig_bnxt_sq_psn_search_ext - a PSN search entry
 * @opcode_start_psn: type << 24 | first PSN
 * @flags_next_psn: next PSN (flags zero)
 * @start_slot_idx: the entry's first slot
 * @reserved16: zero
 * @reserved32: zero
 */
struct rig_bnxt_sq_psn_search_ext {
	__le32 opcode_start_psn;
	__le32 flags_next_psn;
	__le16 start_slot_idx;
	__le16 reserved16;
	__le32 reserved32;
};

/* Layouts are ABI: any change of size or of these offsets is a bug. */
#ifdef __KERNEL__
#include <linux/build_bug.h>
#include <linux/stddef.h>
#define RIG_BNXT_HSI_ABI_CHECK 1
#elif defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L)
#include <assert.h>
#include <stddef.h>
#define RIG_BNXT_HSI_ABI_CHECK 1
#endif
#ifdef RIG_BNXT_HSI_ABI_CHECK
static_assert(sizeof(struct rig_bnxt_sq_sge) == RIG_BNXT_SLOT_SIZE, "sq_sge is ABI");
static_assert(sizeof(struct rig_bnxt_sq_send_hdr) == 32, "sq_send_hdr is ABI");
static_assert(sizeof(struct rig_bnxt_sq_rdma_hdr) == 32, "sq_rdma_hdr is ABI");
static_assert(sizeof(struct rig_bnxt_sq_send) == RIG_BNXT_ENTRY_SIZE, "sq_send is ABI");
static_assert(sizeof(struct rig_bnxt_sq_rdma) == RIG_BNXT_ENTRY_SIZE, "sq_rdma is ABI");
static_assert(sizeof(struct rig_bnxt_rq_wqe_hdr) == 32, "rq_wqe_hdr is ABI");
static_assert(sizeof(struct rig_bnxt_rq_wqe) == RIG_BNXT_ENTRY_SIZE, "rq_wqe is ABI");
static_assert(sizeof(struct rig_bnxt_cq_base) == RIG_BNXT_CQE_SIZE, "cq_base is ABI");
static_assert(sizeof(struct rig_bnxt_cq_req) == RIG_BNXT_CQE_SIZE, "cq_req is ABI");
static_assert(sizeof(struct rig_bnxt_cq_res_rc) == RIG_BNXT_CQE_SIZE, "cq_res_rc is ABI");
static_assert(sizeof(struct rig_bnxt_cq_terminal) == RIG_BNXT_CQE_SIZE, "cq_terminal is ABI");
static_assert(sizeof(struct rig_bnxt_dbc) == 8, "dbc is ABI");
static_assert(sizeof(struct rig_bnxt_sq_psn_search_ext) == 16, "psn search is ABI");
static_assert(offsetof(struct rig_bnxt_sq_rdma_hdr, remote_va) == 16, "remote_va is ABI");
static_assert(offsetof(struct rig_bnxt_rq_wqe_hdr, wr_id) == 8, "wr_id is ABI");
static_assert(offsetof(struct rig_bnxt_cq_base, cqe_type_toggle) == 24, "toggle is ABI");
static_assert(offsetof(struct rig_bnxt_cq_req, cqe_type_toggle) == 24, "toggle is ABI");
static_assert(offsetof(struct rig_bnxt_cq_res_rc, cqe_type_toggle) == 24, "toggle is ABI");
static_assert(offsetof(struct rig_bnxt_cq_terminal, cqe_type_toggle) == 24, "toggle is ABI");
#undef RIG_BNXT_HSI_ABI_CHECK
#endif

#endif /* _UAPI_RIG_BNXT_HSI_H */
