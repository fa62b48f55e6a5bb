/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The NIC's side of the ring formats of uapi/rig_bnxt_hsi.h: decoding the
 * entries and doorbells a process writes, encoding the completions the
 * NIC writes back.  Pure functions of their arguments, with no PCI and no
 * allocation, so KUnit runs them under UML (hsi_test.c).
 */
#ifndef RIG_HSI_H
#define RIG_HSI_H

#include <linux/types.h>

#include "../../uapi/rig_bnxt_hsi.h"

/**
 * struct rig_hsi_sge - a scatter/gather element, in host order
 * @va: address of the first byte, in the NIC's view of the region
 * @lkey: local key of the region
 * @size: bytes
 */
struct rig_hsi_sge {
	u64 va;
	u32 lkey;
	u32 size;
};

/**
 * struct rig_hsi_sqe - a send entry, decoded and checked
 * @type: RIG_BNXT_SQ_WQE_TYPE_SEND or RIG_BNXT_SQ_WQE_TYPE_READ_WQE
 * @signal: the process asked for a completion (SIGNAL_COMP)
 * @length: bytes to move: the sum of the elements' sizes
 * @remote_va: READ_WQE: the peer's address of the first byte; SEND: 0
 * @remote_key: READ_WQE: the peer region's remote key; SEND: 0
 * @nsge: how many of @sge are used
 * @sge: SEND: where the bytes come from; READ_WQE: where they go
 */
struct rig_hsi_sqe {
	u8 type;
	bool signal;
	u32 length;
	u64 remote_va;
	u32 remote_key;
	u32 nsge;
	struct rig_hsi_sge sge[RIG_BNXT_MAX_SGES];
};

/**
 * struct rig_hsi_rqe - a receive entry, decoded and checked
 * @wr_id: the tag the completion returns (the entry's ring position),
 *	   at most RIG_BNXT_RQ_WR_ID_MASK
 * @capacity: bytes the elements hold together
 * @nsge: how many of @sge are used, at least 1
 * @sge: where the bytes of the message go, in order
 */
struct rig_hsi_rqe {
	u32 wr_id;
	u64 capacity;
	u32 nsge;
	struct rig_hsi_sge sge[RIG_BNXT_MAX_SGES];
};

/**
 * struct rig_hsi_req_cqe - what a requester completion says
 * @qp_handle: the queue pair's handle, as given when it was created
 * @sq_cons_idx: the send-ring position after the completed entry
 * @status: a RIG_BNXT_CQ_REQ_STATUS_*
 */
struct rig_hsi_req_cqe {
	u64 qp_handle;
	u16 sq_cons_idx;
	u8 status;
};

/**
 * struct rig_hsi_res_cqe - what a responder (RC) completion says
 * @qp_handle: the queue pair's handle, as given when it was created
 * @length: bytes that landed
 * @wr_id: the receive entry's @wr_id, at most RIG_BNXT_RQ_WR_ID_MASK
 * @status: a RIG_BNXT_CQ_RES_RC_STATUS_*
 */
struct rig_hsi_res_cqe {
	u64 qp_handle;
	u32 length;
	u32 wr_id;
	u8 status;
};

/**
 * struct rig_hsi_db - a doorbell, decoded and checked
 * @type: RIG_BNXT_DBC_TYPE_SQ, _RQ, _CQ or _CQ_ARMALL (in place, as defined)
 * @xid: the queue pair (SQ, RQ) or completion queue (CQ*) number
 * @index: the ring position: producer (SQ, RQ) or consumer (CQ*)
 * @epoch: the lap parity of @index
 * @toggle: CQ_ARMALL: the two toggle bits; otherwise 0
 */
struct rig_hsi_db {
	u32 type;
	u32 xid;
	u32 index;
	bool epoch;
	u8 toggle;
};

int rig_hsi_sqe_decode(const void *entry, u32 max_sges, struct rig_hsi_sqe *sqe);
int rig_hsi_rqe_decode(const void *entry, u32 max_sges, struct rig_hsi_rqe *rqe);
int rig_hsi_cq_toggle(u64 count, u32 entries);
int rig_hsi_req_cqe_write(void *slot, const struct rig_hsi_req_cqe *c, bool toggle);
int rig_hsi_res_cqe_write(void *slot, const struct rig_hsi_res_cqe *c, bool toggle);
int rig_hsi_db_decode(u64 value, struct rig_hsi_db *db);

#endif /* RIG_HSI_H */
