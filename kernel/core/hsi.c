// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NIC's side of the ring formats.  This file owns the rules that say
 * which send entries, receive entries and doorbell values are well formed,
 * and the order in which a completion's bytes reach memory.  It reads and
 * writes only the entry, slot or value it is given: it knows nothing of
 * queue pairs, regions or keys, which the soft NIC's engine checks.
 *
 * Entries live in memory the process can write at any time, so each is
 * copied once and only the copy is checked and used.
 */
#include <asm/barrier.h>
#include <asm/byteorder.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/math64.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/wordpart.h>

#include "hsi.h"

/* The sum of @n elements' sizes; cannot overflow 64 bits. */
static u64 rig_hsi_sge_sum(const struct rig_bnxt_sq_sge *raw, u32 n)
{
	u64 sum = 0;
	u32 i;

	for (i = 0; i < n; i++)
		sum += le32_to_cpu(raw[i].size);
	return sum;
}

static void rig_hsi_sge_copy(struct rig_hsi_sge *sge,
			     const struct rig_bnxt_sq_sge *raw, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++) {
		sge[i].va = le64_to_cpu(raw[i].va_or_pa);
		sge[i].lkey = le32_to_cpu(raw[i].l_key);
		sge[i].size = le32_to_cpu(raw[i].size);
	}
}

/* A SEND header carries nothing but type, flags, size and length. */
static bool rig_hsi_send_hdr_clean(const struct rig_bnxt_sq_send_hdr *h)
{
	return !h->reserved8_1 && !h->inv_key_or_imm_data && !h->q_key &&
	       !h->dst_qp && !h->avid && !h->reserved32 && !h->timestamp;
}

/* An RDMA READ header adds the remote address and key, nothing else. */
static bool rig_hsi_rdma_hdr_clean(const struct rig_bnxt_sq_rdma_hdr *h)
{
	return !h->reserved8 && !h->imm_data && !h->reserved32_1 &&
	       !h->timestamp;
}

/**
 * rig_hsi_sqe_decode() - decode and check a send entry
 * @entry: the entry's RIG_BNXT_ENTRY_SIZE bytes in the send ring
 * @max_sges: the queue pair's limit of elements, at most RIG_BNXT_MAX_SGES
 * @sqe: where the decoded entry is stored on success
 *
 * A well-formed entry is a SEND or an RDMA READ whose only flag is
 * SIGNAL_COMP, whose @wqe_size covers the header and at most @max_sges
 * elements, whose @length is the sum of its elements' sizes and whose
 * unused fields are zero.  Addresses and keys are not checked here.
 *
 * Return: 0; -EINVAL for a malformed entry or a @max_sges above
 * RIG_BNXT_MAX_SGES, and then @sqe is unchanged.
 */
int rig_hsi_sqe_decode(const void *entry, u32 max_sges, struct rig_hsi_sqe *sqe)
{
	union {
		struct rig_bnxt_sq_send send;
		struct rig_bnxt_sq_rdma rdma;
	} e;
	u32 nsge, length;

	if (max_sges > RIG_BNXT_MAX_SGES)
		return -EINVAL;
	memcpy(&e, entry, sizeof(e));
	if (e.send.hdr.flags & ~RIG_BNXT_SQ_FLAGS_SIGNAL_COMP)
		return -EINVAL;
	if (e.send.hdr.wqe_size < RIG_BNXT_HDR_SLOTS ||
	    e.send.hdr.wqe_size > RIG_BNXT_HDR_SLOTS + max_sges)
		return -EINVAL;
	switch (e.send.hdr.wqe_type) {
	case RIG_BNXT_SQ_WQE_TYPE_SEND:
		if (!rig_hsi_send_hdr_clean(&e.send.hdr))
			return -EINVAL;
		break;
	case RIG_BNXT_SQ_WQE_TYPE_READ_WQE:
		if (!rig_hsi_rdma_hdr_clean(&e.rdma.hdr))
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	/* Both headers keep @length at byte 8 and elements at byte 32. */
	nsge = e.send.hdr.wqe_size - RIG_BNXT_HDR_SLOTS;
	length = le32_to_cpu(e.send.hdr.length);
	if (rig_hsi_sge_sum(e.send.sge, nsge) != length)
		return -EINVAL;

	sqe->type = e.send.hdr.wqe_type;
	sqe->signal = e.send.hdr.flags & RIG_BNXT_SQ_FLAGS_SIGNAL_COMP;
	sqe->length = length;
	sqe->remote_va = 0;
	sqe->remote_key = 0;
	if (sqe->type == RIG_BNXT_SQ_WQE_TYPE_READ_WQE) {
		sqe->remote_va = le64_to_cpu(e.rdma.hdr.remote_va);
		sqe->remote_key = le32_to_cpu(e.rdma.hdr.remote_key);
	}
	sqe->nsge = nsge;
	rig_hsi_sge_copy(sqe->sge, e.send.sge, nsge);
	return 0;
}

/**
 * rig_hsi_rqe_decode() - decode and check a receive entry
 * @entry: the entry's RIG_BNXT_ENTRY_SIZE bytes in the receive ring
 * @max_sges: the queue pair's limit of elements, at most RIG_BNXT_MAX_SGES
 * @rqe: where the decoded entry is stored on success
 *
 * A well-formed entry has type RCV, no flags, between one element (as
 * the hardware requires) and @max_sges, a @wr_id[0] within
 * RIG_BNXT_RQ_WR_ID_MASK, and zero in every other field.
 *
 * Return: 0; -EINVAL for a malformed entry or a @max_sges above
 * RIG_BNXT_MAX_SGES, and then @rqe is unchanged.
 */
int rig_hsi_rqe_decode(const void *entry, u32 max_sges, struct rig_hsi_rqe *rqe)
{
	static const u8 zero[sizeof_field(struct rig_bnxt_rq_wqe_hdr, reserved128)];
	struct rig_bnxt_rq_wqe e;
	u32 nsge, wr_id;

	if (max_sges > RIG_BNXT_MAX_SGES)
		return -EINVAL;
	memcpy(&e, entry, sizeof(e));
	if (e.hdr.wqe_type != RIG_BNXT_RQ_WQE_TYPE_RCV || e.hdr.flags ||
	    e.hdr.reserved8 || e.hdr.reserved32 || e.hdr.wr_id[1] ||
	    memcmp(e.hdr.reserved128, zero, sizeof(zero)))
		return -EINVAL;
	if (e.hdr.wqe_size < RIG_BNXT_HDR_SLOTS + 1 ||
	    e.hdr.wqe_size > RIG_BNXT_HDR_SLOTS + max_sges)
		return -EINVAL;
	wr_id = le32_to_cpu(e.hdr.wr_id[0]);
	if (wr_id & ~RIG_BNXT_RQ_WR_ID_MASK)
		return -EINVAL;

	nsge = e.hdr.wqe_size - RIG_BNXT_HDR_SLOTS;
	rqe->wr_id = wr_id;
	rqe->capacity = rig_hsi_sge_sum(e.sge, nsge);
	rqe->nsge = nsge;
	rig_hsi_sge_copy(rqe->sge, e.sge, nsge);
	return 0;
}

/**
 * rig_hsi_cq_toggle() - the toggle of a completion ring's lap
 * @count: how many completions the NIC has written to the ring before
 * @entries: completions the ring holds
 *
 * The toggle is 1 on the first lap and flips on each wrap, as on the
 * hardware (bnxt_re's CQE_CMP_VALID()).
 *
 * Return: the toggle (0 or 1) of completion number @count, or -EINVAL
 * if @entries is 0.
 */
int rig_hsi_cq_toggle(u64 count, u32 entries)
{
	if (!entries)
		return -EINVAL;
	return !(div_u64(count, entries) & 1);
}

/*
 * Make a completion new: store its type and toggle byte, after every
 * other byte of the completion and after the data it reports.  A writer
 * of data through a write-combining mapping must fence it (wmb()) before
 * calling.
 */
static void rig_hsi_cqe_publish(u8 *type_toggle, u8 type, bool toggle)
{
	/*
	 * Orders the completion's other bytes, and the data before them,
	 * before the store of byte 24 that makes it new.  The reader is a
	 * CPU -- the process polling its mapping of the ring -- so the SMP
	 * barrier is the one; it pairs with the acquire load of byte 24 in
	 * the library's rig_bnxt_get_completion().
	 */
	smp_wmb();
	WRITE_ONCE(*type_toggle, type | (toggle ? RIG_BNXT_CQ_BASE_TOGGLE : 0));
}

/**
 * rig_hsi_req_cqe_write() - write a requester completion into its slot
 * @slot: RIG_BNXT_CQE_SIZE bytes of the completion ring
 * @c: what the completion says
 * @toggle: the current lap's toggle, from rig_hsi_cq_toggle()
 *
 * The slot's byte 24 (type and toggle) is stored last, behind a write
 * barrier, so a reader that sees the new toggle sees the whole completion
 * and every byte the NIC wrote before calling this.
 *
 * Return: 0; -EINVAL if @c->status is not a requester status, and then
 * nothing is written.
 */
int rig_hsi_req_cqe_write(void *slot, const struct rig_hsi_req_cqe *c, bool toggle)
{
	struct rig_bnxt_cq_req *cqe = slot;

	if (c->status > RIG_BNXT_CQ_REQ_STATUS_LAST)
		return -EINVAL;
	cqe->qp_handle = cpu_to_le64(c->qp_handle);
	cqe->sq_cons_idx = cpu_to_le16(c->sq_cons_idx);
	cqe->reserved16_1 = 0;
	cqe->reserved32_2 = 0;
	cqe->reserved64 = 0;
	cqe->status = c->status;
	cqe->reserved16_2 = 0;
	cqe->reserved32_1 = 0;
	rig_hsi_cqe_publish(&cqe->cqe_type_toggle,
			    RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, toggle);
	return 0;
}

/**
 * rig_hsi_res_cqe_write() - write a responder (RC) completion into its slot
 * @slot: RIG_BNXT_CQE_SIZE bytes of the completion ring
 * @c: what the completion says
 * @toggle: the current lap's toggle, from rig_hsi_cq_toggle()
 *
 * As rig_hsi_req_cqe_write(): byte 24 is stored last, behind a write
 * barrier that also orders the received bytes before it.  The flags say
 * a SEND into a receive queue; immediate data and memory handle are 0.
 *
 * Return: 0; -EINVAL if @c->status is not a responder status or
 * @c->wr_id is wider than RIG_BNXT_RQ_WR_ID_MASK, and then nothing is
 * written.
 */
int rig_hsi_res_cqe_write(void *slot, const struct rig_hsi_res_cqe *c, bool toggle)
{
	struct rig_bnxt_cq_res_rc *cqe = slot;

	if (c->status > RIG_BNXT_CQ_RES_RC_STATUS_LAST ||
	    c->wr_id & ~RIG_BNXT_CQ_RES_RC_SRQ_OR_RQ_WR_ID_MASK)
		return -EINVAL;
	cqe->length = cpu_to_le32(c->length);
	cqe->imm_data_or_inv_r_key = 0;
	cqe->qp_handle = cpu_to_le64(c->qp_handle);
	cqe->mr_handle = 0;
	cqe->status = c->status;
	cqe->flags = cpu_to_le16(RIG_BNXT_CQ_RES_RC_FLAGS_SRQ_RQ |
				 RIG_BNXT_CQ_RES_RC_FLAGS_RDMA_SEND);
	cqe->srq_or_rq_wr_id = cpu_to_le32(c->wr_id);
	rig_hsi_cqe_publish(&cqe->cqe_type_toggle,
			    RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC, toggle);
	return 0;
}

/* Bits of each doorbell word that rig gives a meaning to. */
#define RIG_HSI_DB_LOW	(RIG_BNXT_DBC_INDEX_MASK | RIG_BNXT_DBC_EPOCH | \
			 RIG_BNXT_DBC_TOGGLE_MASK)
#define RIG_HSI_DB_HIGH	(RIG_BNXT_DBC_XID_MASK | RIG_BNXT_DBC_PATH_MASK | \
			 RIG_BNXT_DBC_VALID | RIG_BNXT_DBC_TYPE_MASK)

/**
 * rig_hsi_db_decode() - decode and check a doorbell value
 * @value: the 64-bit doorbell in host order (le64_to_cpu() of what the
 *	   process stored): struct rig_bnxt_dbc's @index in bits 0-31,
 *	   @type_path_xid in bits 32-63
 * @db: where the decoded doorbell is stored on success
 *
 * A well-formed doorbell has the valid bit, the RoCE path, a type rig
 * uses (SQ, RQ, CQ, CQ_ARMALL), toggle bits only on CQ_ARMALL, and no bit
 * outside the fields (debug trace included).  Whether @xid names a queue
 * and @index lies inside its ring is for the caller to check.
 *
 * Return: 0; -EINVAL for a malformed value, and then @db is unchanged.
 */
int rig_hsi_db_decode(u64 value, struct rig_hsi_db *db)
{
	u32 low = lower_32_bits(value), high = upper_32_bits(value);
	u32 type = high & RIG_BNXT_DBC_TYPE_MASK;

	if ((low & ~RIG_HSI_DB_LOW) || (high & ~RIG_HSI_DB_HIGH) ||
	    !(high & RIG_BNXT_DBC_VALID) ||
	    (high & RIG_BNXT_DBC_PATH_MASK) != RIG_BNXT_DBC_PATH_ROCE)
		return -EINVAL;
	switch (type) {
	case RIG_BNXT_DBC_TYPE_SQ:
	case RIG_BNXT_DBC_TYPE_RQ:
	case RIG_BNXT_DBC_TYPE_CQ:
		if (low & RIG_BNXT_DBC_TOGGLE_MASK)
			return -EINVAL;
		break;
	case RIG_BNXT_DBC_TYPE_CQ_ARMALL:
		break;
	default:
		return -EINVAL;
	}
	db->type = type;
	db->xid = high & RIG_BNXT_DBC_XID_MASK;
	db->index = low & RIG_BNXT_DBC_INDEX_MASK;
	db->epoch = low & RIG_BNXT_DBC_EPOCH;
	db->toggle = (low & RIG_BNXT_DBC_TOGGLE_MASK) >> RIG_BNXT_DBC_TOGGLE_SFT;
	return 0;
}
