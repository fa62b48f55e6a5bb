// SPDX-License-Identifier: GPL-2.0-only
/*
 * Send and receive entries as the function reads them: decoded with
 * roce_hsi.h's sq_send_hdr, sq_rdma_hdr, sq_sge and rq_wqe_hdr, in static
 * WQE mode (every entry 128 bytes).  This file owns which entries the
 * model accepts: SEND and RDMA READ with no flag but SIGNAL_COMP, no
 * immediate, inline or UD field, a wqe_size that covers the header and
 * at most the QP's elements, a length that is the sum of the elements';
 * receives with at least one element and a 20-bit wr_id.  Anything else
 * is malformed (the entry fails with LOCAL_QP_OPERATION_ERR).  It reads
 * only the bytes it is given.  Pure: KUnit runs it.
 */
#include <linux/errno.h>
#include <linux/string.h>

#include "soft.h"

static u64 rig_soft_sge_sum(const struct sq_sge *raw, u32 n)
{
	u64 sum = 0;
	u32 i;

	for (i = 0; i < n; i++)
		sum += le32_to_cpu(raw[i].size);
	return sum;
}

static void rig_soft_sge_copy(struct rig_soft_sge *sge, const struct sq_sge *raw, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++) {
		sge[i].va = le64_to_cpu(raw[i].va_or_pa);
		sge[i].key = le32_to_cpu(raw[i].l_key);
		sge[i].size = le32_to_cpu(raw[i].size);
	}
}

static bool rig_soft_send_clean(const struct sq_send_hdr *h)
{
	return !h->reserved8_1 && !h->inv_key_or_imm_data && !h->q_key &&
	       !h->dst_qp && !h->avid && !h->reserved32 && !h->timestamp;
}

static bool rig_soft_rdma_clean(const struct sq_rdma_hdr *h)
{
	return !h->reserved8 && !h->imm_data && !h->reserved32_1 && !h->timestamp;
}

/**
 * rig_soft_sqe_decode() - decode and check a send entry
 * @entry: its RIG_SOFT_WQE_SIZE bytes, a copy the process cannot change
 * @max_sges: the QP's limit of elements, at most RIG_SOFT_MAX_SGE
 * @sqe: the decoded entry, on success
 *
 * Return: 0, or -EINVAL for a malformed entry (@sqe unchanged).
 */
int rig_soft_sqe_decode(const void *entry, u32 max_sges, struct rig_soft_sqe *sqe)
{
	const struct sq_send_hdr *send = entry;
	const struct sq_rdma_hdr *rdma = entry;
	const struct sq_sge *raw = entry + sizeof(*send);
	u32 nsge, length;

	BUILD_BUG_ON(sizeof(*send) != sizeof(*rdma));
	if (max_sges > RIG_SOFT_MAX_SGE || (send->flags & ~SQ_SEND_HDR_FLAGS_SIGNAL_COMP) ||
	    send->wqe_size < RIG_SOFT_HDR_SLOTS || send->wqe_size > RIG_SOFT_HDR_SLOTS + max_sges)
		return -EINVAL;
	switch (send->wqe_type) {
	case SQ_BASE_WQE_TYPE_SEND:
		if (!rig_soft_send_clean(send))
			return -EINVAL;
		break;
	case SQ_BASE_WQE_TYPE_READ_WQE:
		if (!rig_soft_rdma_clean(rdma))
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	nsge = send->wqe_size - RIG_SOFT_HDR_SLOTS;
	length = le32_to_cpu(send->length);
	if (rig_soft_sge_sum(raw, nsge) != length)
		return -EINVAL;
	sqe->type = send->wqe_type;
	sqe->signal = send->flags & SQ_SEND_HDR_FLAGS_SIGNAL_COMP;
	sqe->length = length;
	sqe->remote_va = 0;
	sqe->remote_key = 0;
	if (sqe->type == SQ_BASE_WQE_TYPE_READ_WQE) {
		sqe->remote_va = le64_to_cpu(rdma->remote_va);
		sqe->remote_key = le32_to_cpu(rdma->remote_key);
	}
	sqe->nsge = nsge;
	rig_soft_sge_copy(sqe->sge, raw, nsge);
	return 0;
}

/**
 * rig_soft_rqe_decode() - decode and check a receive entry
 * @entry: its RIG_SOFT_WQE_SIZE bytes, a copy the process cannot change
 * @max_sges: the QP's limit of elements, at most RIG_SOFT_MAX_SGE
 * @rqe: the decoded entry, on success
 *
 * Return: 0, or -EINVAL for a malformed entry (@rqe unchanged).
 */
int rig_soft_rqe_decode(const void *entry, u32 max_sges, struct rig_soft_rqe *rqe)
{
	static const u8 zero[sizeof_field(struct rq_wqe_hdr, reserved128)];
	const struct rq_wqe_hdr *h = entry;
	const struct sq_sge *raw = entry + sizeof(*h);
	u32 nsge, wr_id = le32_to_cpu(h->wr_id[0]);

	if (max_sges > RIG_SOFT_MAX_SGE || h->wqe_type != RQ_WQE_HDR_WQE_TYPE_RCV ||
	    h->flags || h->reserved8 || h->reserved32 || h->wr_id[1] ||
	    memcmp(h->reserved128, zero, sizeof(zero)) || (wr_id & ~RQ_WQE_HDR_WR_ID_MASK) ||
	    h->wqe_size < RIG_SOFT_HDR_SLOTS + 1 || h->wqe_size > RIG_SOFT_HDR_SLOTS + max_sges)
		return -EINVAL;
	nsge = h->wqe_size - RIG_SOFT_HDR_SLOTS;
	rqe->wr_id = wr_id;
	rqe->capacity = rig_soft_sge_sum(raw, nsge);
	rqe->nsge = nsge;
	rig_soft_sge_copy(rqe->sge, raw, nsge);
	return 0;
}
