// SPDX-License-Identifier: GPL-2.0-only
/*
 * The entry engine: what the function does with the entries a process
 * posts.  It reads a QP's doorbells, runs its send entries in order (SEND
 * into the oldest receive the peer posted, RDMA READ of a region of the
 * peer's function), checks each entry's PSN search entry, copies bytes
 * between MRs' pages by DMA address, applies the InfiniBand RC error
 * rules, flushes a QP in error, and writes completions into both sides'
 * CQs.
 *
 * This file owns those rules and nothing that schedules them: no thread,
 * no PCI.  Peers are found by GID among the functions of the QP's world
 * and by number there; keys through each function's MR table, afresh for
 * every piece.  The caller holds the world's lock.  Pure: KUnit runs it.
 *
 * The entries, decoded entries and cursors on the stack of the hot path
 * are __uninitialized: each is written before it is read (a cursor array
 * up to the elements resolved), and the kernel's CONFIG_INIT_STACK_ALL_ZERO
 * would otherwise clear some 800 bytes per entry (one "rep stos", which
 * QEMU's TCG runs a word at a time).  Nothing of them reaches memory a
 * process sees but the fields the encoders write.
 */
#include <linux/jiffies.h>
#include <linux/minmax.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "soft.h"

#define S(x)	CMDQ_MODIFY_QP_NEW_STATE_##x
#define REQ(x)	CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_##x
#define RES(x)	CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_##x
#define REQ_NONE CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_NO_ERROR
#define RES_NONE CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_NO_ERROR

/* Which side of a copy met a DMA fault. */
enum rig_soft_fault {
	RIG_SOFT_FAULT_NONE,
	RIG_SOFT_FAULT_DST,
	RIG_SOFT_FAULT_SRC,
};

/* A piece of which one side at least is device memory. */
static noinline void rig_soft_copy_io(struct rig_soft_mem *dm, const struct rig_soft_piece *d,
				      struct rig_soft_mem *sm, const struct rig_soft_piece *s,
				      u32 len)
{
	u8 bounce[64] __uninitialized;
	u32 k, step;

	if (d->io && s->io) {
		for (k = 0; k < len; k += step) {
			step = min_t(u32, sizeof(bounce), len - k);
			sm->ops->read_io(bounce, (const void __iomem __force *)s->va + k, step);
			dm->ops->write_io((void __iomem __force *)d->va + k, bounce, step);
		}
	} else if (d->io) {
		dm->ops->write_io((void __iomem __force *)d->va, s->va, len);
	} else {
		sm->ops->read_io(d->va, (const void __iomem __force *)s->va, len);
	}
}

/* Bytes a copy moves between two looks for a scheduler. */
#define RIG_SOFT_COPY_RESCHED	SZ_64K

/*
 * Copy @n bytes from @src to @dst, both in range; each piece is mapped,
 * copied and unmapped before the next.  *@wrote_io when device memory
 * was written.  RAM to RAM, the common case, is a memcpy() here: under
 * TCG every call and return costs a lookup, and a piece is only a page.
 */
static enum rig_soft_fault rig_soft_copy(struct rig_soft_cursor *dst,
					 struct rig_soft_cursor *src, u64 n,
					 bool *wrote_io)
{
	u32 moved = 0;

	while (n) {
		struct rig_soft_mem *dm = dst->fn->mem, *sm = src->fn->mem;
		struct rig_soft_piece dp, sp;
		dma_addr_t da, sa;
		u32 len;

		len = rig_soft_cursor_at(dst, min_t(u64, n, U32_MAX), &da);
		len = rig_soft_cursor_at(src, len, &sa);
		if (rig_soft_mem_map(dm, da, len, &dp))
			return RIG_SOFT_FAULT_DST;
		if (rig_soft_mem_map(sm, sa, dp.len, &sp)) {
			rig_soft_mem_unmap(dm, &dp);
			return RIG_SOFT_FAULT_SRC;
		}
		len = sp.len;
		if (likely(!dp.io && !sp.io))
			memcpy(dp.va, sp.va, len);
		else
			rig_soft_copy_io(dm, &dp, sm, &sp, len);
		*wrote_io |= dp.io;
		rig_soft_mem_unmap(sm, &sp);
		rig_soft_mem_unmap(dm, &dp);
		dst->off += len;
		src->off += len;
		n -= len;
		moved += len;
		if (moved >= RIG_SOFT_COPY_RESCHED) {
			moved = 0;
			cond_resched();
		}
	}
	return RIG_SOFT_FAULT_NONE;
}

/*
 * Resolve elements to cursors: every key must name a registered MR of
 * @fn, of the PD @pd, with the @access bits, and every element must lie
 * inside it.
 */
bool rig_soft_sges_resolve(struct rig_soft_fn *fn, u32 pd, u8 access,
			   const struct rig_soft_sge *sge, u32 n, struct rig_soft_cursor *cur)
{
	u32 i;

	for (i = 0; i < n; i++) {
		struct rig_soft_mr *mr = rig_soft_mr_find(fn, sge[i].key);
		u64 off = sge[i].va;

		if (!mr || mr->pd != pd || (mr->access & access) != access)
			return false;
		if (!(mr->access & CMDQ_REGISTER_MR_ACCESS_ZERO_BASED)) {
			if (off < mr->va)
				return false;
			off -= mr->va;
		}
		if (off > mr->size || sge[i].size > mr->size - off)
			return false;
		cur[i] = (struct rig_soft_cursor){ fn, mr, off };
	}
	return true;
}

/* Move the cursors past the first @skip bytes; the element reached. */
u32 rig_soft_sges_seek(struct rig_soft_cursor *cur, const struct rig_soft_sge *sge,
		       u32 n, u64 skip, u64 *left)
{
	u32 i;

	for (i = 0; i < n; i++) {
		if (skip < sge[i].size) {
			cur[i].off += skip;
			*left = sge[i].size - skip;
			return i;
		}
		skip -= sge[i].size;
	}
	*left = 0;
	return n;
}

/* Copy bytes @from to @from + @n of a message from @src's elements to @dst's. */
static enum rig_soft_fault
rig_soft_copy_sges(struct rig_soft_cursor *dst, const struct rig_soft_sge *dsge, u32 ndst,
		   struct rig_soft_cursor *src, const struct rig_soft_sge *ssge, u32 nsrc,
		   u64 from, u64 n, bool *wrote_io)
{
	u64 dleft, sleft;
	u32 di = rig_soft_sges_seek(dst, dsge, ndst, from, &dleft);
	u32 si = rig_soft_sges_seek(src, ssge, nsrc, from, &sleft);

	while (n) {
		enum rig_soft_fault fault;
		u64 len;

		while (!dleft && ++di < ndst)
			dleft = dsge[di].size;
		while (!sleft && ++si < nsrc)
			sleft = ssge[si].size;
		if (di >= ndst || si >= nsrc)
			break;
		len = min3(n, dleft, sleft);
		fault = rig_soft_copy(&dst[di], &src[si], len, wrote_io);
		if (fault)
			return fault;
		dleft -= len;
		sleft -= len;
		n -= len;
	}
	return RIG_SOFT_FAULT_NONE;
}

/*
 * The send-ring place after the entries done, as a completion names it:
 * the place itself, or in an unkind world (RIG_SOFT_UNKIND_AGGREGATE) the
 * chip's raw 16-bit count where the ring's size divides its range, which
 * the consumer takes modulo the ring.
 */
static u16 rig_soft_sq_cons_idx(struct rig_soft_qp *qp)
{
	if (65536 % qp->sq_entries ||
	    !rig_soft_unkind(qp->fn->world, RIG_SOFT_UNKIND_AGGREGATE, false))
		return qp->sq_done % qp->sq_entries;
	return (u16)qp->sq_done;
}

/* Write a requester completion of @status covering every entry done. */
static void rig_soft_cq_req_write(struct rig_soft_qp *qp, u8 status)
{
	struct cq_req c = {
		.qp_handle = cpu_to_le64(qp->handle),
		.sq_cons_idx = cpu_to_le16(rig_soft_sq_cons_idx(qp)),
		.cqe_type_toggle = CQ_BASE_CQE_TYPE_REQ,
		.status = status,
	};

	qp->sq_owed = false;
	rig_soft_cq_write(qp->scq, &c);
}

/*
 * A requester completion.  An entry that succeeded without SIGNAL_COMP
 * completes silently (on a QP without FORCE_COMPLETION); its place is
 * reported by the next completion's sq_cons_idx.  One that succeeded
 * with it may, by a draw, be left to a later completion too
 * (RIG_SOFT_UNKIND_AGGREGATE): rig_soft_cq_req_settle() writes what is
 * owed before the engine leaves the QP.
 */
void rig_soft_cq_req(struct rig_soft_qp *qp, u8 status, bool signal)
{
	qp->sq_done++;
	if (!status && !signal && !(qp->flags & CMDQ_CREATE_QP_QP_FLAGS_FORCE_COMPLETION))
		return;
	if (!status && rig_soft_unkind(qp->fn->world, RIG_SOFT_UNKIND_AGGREGATE, true)) {
		qp->sq_owed = true;
		return;
	}
	rig_soft_cq_req_write(qp, status);
}

/**
 * rig_soft_cq_req_settle() - write the completion aggregation still owes
 * @qp: the QP; the caller holds its world's lock
 *
 * One completion covers every successful entry left uncompleted since
 * the last.  The engine calls this when it is done with the QP for now,
 * so aggregation joins only entries that completed together.
 */
void rig_soft_cq_req_settle(struct rig_soft_qp *qp)
{
	rig_soft_assert_held(qp->fn);
	if (qp->sq_owed)
		rig_soft_cq_req_write(qp, CQ_REQ_STATUS_OK);
}

/* A responder completion: a SEND into the RQ. */
void rig_soft_cq_res(struct rig_soft_qp *qp, u32 wr_id, u32 length, u8 status)
{
	struct cq_res_rc c = {
		.length = cpu_to_le32(length),
		.qp_handle = cpu_to_le64(qp->handle),
		.cqe_type_toggle = CQ_BASE_CQE_TYPE_RES_RC,
		.status = status,
		.flags = cpu_to_le16(CQ_RES_RC_FLAGS_SRQ_RQ | CQ_RES_RC_FLAGS_RDMA_SEND),
		.srq_or_rq_wr_id = cpu_to_le32(wr_id & CQ_RES_RC_SRQ_OR_RQ_WR_ID_MASK),
	};

	qp->rq_done++;
	rig_soft_cq_write(qp->rcq, &c);
}

/* The receive at @qp's head completes with @status, unfilled. */
static void rig_soft_flush_rqe(struct rig_soft_qp *qp, u8 status)
{
	struct rig_soft_rqe rqe;
	u32 wr_id = qp->rq_done % qp->rq_entries;

	if (!rig_soft_rqe_read(qp, &rqe))
		wr_id = rqe.wr_id;
	rig_soft_cq_res(qp, wr_id, 0, status);
}

/*
 * A QP that failed, as the chip leaves it (RIG_SOFT_UNKIND_NO_FLUSH): a
 * drawn number of the receives outstanding complete with HW_FLUSH_ERR,
 * then a TERMINAL completion names the send and receive places reached.
 * Every other entry, posted or to come, is software's to flush.
 */
static void rig_soft_terminal(struct rig_soft_qp *qp)
{
	struct cq_terminal t = {
		.qp_handle = cpu_to_le64(qp->handle),
		.cqe_type_toggle = CQ_BASE_CQE_TYPE_TERMINAL,
	};
	u32 rq = rig_soft_posted(qp, &qp->rq_db, DBC_DBC_TYPE_RQ, qp->rq_entries, qp->rq_done);
	u32 n = rq && rq != U32_MAX ? prandom_u32_state(&qp->fn->world->rnd) % (rq + 1) : 0;

	qp->terminal = true;
	while (n--)
		rig_soft_flush_rqe(qp, CQ_RES_RC_STATUS_HW_FLUSH_ERR);
	/* Successful sends still owed a completion are covered by this one. */
	qp->sq_owed = false;
	t.sq_cons_idx = cpu_to_le16(rig_soft_sq_cons_idx(qp));
	t.rq_cons_idx = cpu_to_le16(qp->rq_done % qp->rq_entries);
	rig_soft_cq_write(qp->scq, &t);
}

/**
 * rig_soft_qp_fail() - a QP enters the error state by itself
 * @qp: the QP; the caller holds its world's lock
 * @req_reason: CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_*
 * @res_reason: CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_*
 *
 * An entry running in pieces is flushed with the rest.  The driver is
 * told once, by a creq_qp_error_notification in the CREQ, as the
 * firmware does; the process learns it from its completions.  The first
 * failure ends with a TERMINAL completion, and the engine flushes
 * nothing, when the world is unkind (RIG_SOFT_UNKIND_NO_FLUSH); else the
 * engine flushes every entry (rig_soft_flush()).
 */
void rig_soft_qp_fail(struct rig_soft_qp *qp, u8 req_reason, u8 res_reason)
{
	struct creq_qp_error_notification n = {
		.type = CREQ_QP_ERROR_NOTIFICATION_TYPE_QP_EVENT,
		.req_err_state_reason = req_reason,
		.xid = cpu_to_le32(qp->qpn),
		.event = CREQ_QP_ERROR_NOTIFICATION_EVENT_QP_ERROR_NOTIFICATION,
		.res_err_state_reason = res_reason,
		.sq_cons_idx = cpu_to_le16(qp->sq_done % qp->sq_entries),
		.rq_cons_idx = cpu_to_le16(qp->rq_done % qp->rq_entries),
	};

	rig_soft_assert_held(qp->fn);
	qp->state = S(ERR);
	qp->waiting = false;
	qp->xfer.active = false;
	if (!qp->error_sent) {
		qp->error_sent = true;
		rig_soft_cmdq_event(qp->fn, &n);
	}
	if (!qp->terminal && rig_soft_unkind(qp->fn->world, RIG_SOFT_UNKIND_NO_FLUSH, false))
		rig_soft_terminal(qp);
}

/* Why a requester failed, as the error notification says it. */
u8 rig_soft_req_reason(u8 status)
{
	switch (status) {
	case CQ_REQ_STATUS_LOCAL_PROTECTION_ERR:
		return REQ(TX_MEMORY_ERROR);
	case CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR:
		return REQ(NAK_ARRIVAL_1);
	case CQ_REQ_STATUS_REMOTE_ACCESS_ERR:
		return REQ(NAK_ARRIVAL_2);
	case CQ_REQ_STATUS_REMOTE_OPERATION_ERR:
		return REQ(NAK_ARRIVAL_3);
	case CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR:
		return REQ(RNR_TIMEOUT_RETRY_LIMIT);
	case CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR:
		return REQ(TIMEOUT_RETRY_LIMIT);
	default:
		return REQ(WQE_FORMAT_ERROR);
	}
}

/* The head send entry fails with @status: its completion, then the error. */
static void rig_soft_req_fail(struct rig_soft_qp *qp, u8 status)
{
	rig_soft_cq_req(qp, status, true);
	rig_soft_qp_fail(qp, rig_soft_req_reason(status), RES_NONE);
}

/* The responder @peer fails on the receive at its head. */
static void rig_soft_res_fail(struct rig_soft_qp *peer, u32 wr_id, u8 status, u8 reason)
{
	rig_soft_cq_res(peer, wr_id, 0, status);
	rig_soft_qp_fail(peer, REQ_NONE, reason);
}

/*
 * The most entries a ring of @entries may have outstanding: all but its
 * last slot, and on a send ring all but the reserve too (CREATE_QP made
 * every send ring larger than both).
 */
static u32 rig_soft_ring_room(u32 type, u32 entries)
{
	return type == DBC_DBC_TYPE_SQ ? entries - RIG_SOFT_SQ_RESERVE - 1 : entries - 1;
}

/* Entries the value in @db says are posted beyond @done; U32_MAX: corrupt. */
static u32 rig_soft_posted_by(const struct rig_soft_db *db, u32 type, u32 entries, u64 done)
{
	u64 lap = 2ULL * entries, prod;
	u32 n;

	if (!db->seen)
		return 0;
	if (rig_soft_db_type(db->val) != type || !rig_soft_db_clean(db->val, false) ||
	    !rig_soft_db_pos(db->val, entries, &prod))
		return U32_MAX;
	n = (prod + lap - done % lap) % lap;
	return n > rig_soft_ring_room(type, entries) ? U32_MAX : n;
}

/*
 * Entries a doorbell says are posted beyond @done: its index and epoch
 * name a place on a circle of 2 * @entries.  A doorbell of another type,
 * with a bit outside its fields, an index outside the ring or more than
 * a ring ahead is corrupt: U32_MAX.  So is one that fills the ring to
 * its last slot (its index the consumer's, only the epoch flipped), or a
 * send ring into its reserve of RIG_SOFT_SQ_RESERVE entries: bnxt_re and
 * rdma-core never ring one, and what the chip makes of it is not written
 * down, so the model takes the least convenient reading: the queue pair
 * fails (PROD_WQE_MSMTCH_ERROR for a send ring, WQE_FORMAT_ERROR for a
 * receive ring).  Never rung: nothing.  The page is
 * read again only when the entries of the last value taken are all done,
 * as a NIC works through what one doorbell named before the next.
 */
u32 rig_soft_posted(struct rig_soft_qp *qp, struct rig_soft_db *db, u32 type,
		    u32 entries, u64 done)
{
	u32 n = rig_soft_posted_by(db, type, entries, done);

	if (n && n != U32_MAX)
		return n;
	rig_soft_db_poll(qp->fn, db, qp->qpn);
	return rig_soft_posted_by(db, type, entries, done);
}

/* The function that has GID @gid, if one of the world's does. */
static struct rig_soft_fn *rig_soft_gid_owner(struct rig_soft_world *world, const u8 *gid)
{
	struct rig_soft_fn *fn;
	u32 i;

	list_for_each_entry(fn, &world->fns, node) {
		if (fn->stopped)
			continue;
		for (i = 0; i < fn->gid_top; i++)
			if (fn->gids[i].live && !memcmp(fn->gids[i].gid, gid, 16))
				return fn;
	}
	return NULL;
}

/*
 * The peer @qp is connected to: the QP dest_qp_id of the function whose
 * GID is @qp's dgid, in RTR, RTS or error, connected back to @qp (its
 * dest_qp_id and dgid name @qp and @qp's GID).  A QP answers only the one
 * it is connected to, as an RC responder drops anything else and the
 * requester then times out.
 */
static struct rig_soft_qp *rig_soft_exec_peer(struct rig_soft_qp *qp)
{
	const struct rig_soft_gid *mine = &qp->fn->gids[qp->sgid_index];
	struct rig_soft_fn *fn = rig_soft_gid_owner(qp->fn->world, qp->dgid);
	struct rig_soft_qp *peer;

	if (!mine->live || !fn)
		return NULL;
	peer = xa_load(&fn->qps, qp->dest_qp_id);
	/* A QP on the wire is reached by frames only (wire.c). */
	if (!peer || peer->wire ||
	    (peer->state != S(RTR) && peer->state != S(RTS) && peer->state != S(ERR)) ||
	    peer->dest_qp_id != qp->qpn || memcmp(peer->dgid, mine->gid, 16))
		return NULL;
	return peer;
}

/* Wait for the peer, or fail the entry when the wait is over. */
static bool rig_soft_sq_wait(struct rig_soft_qp *qp, unsigned int ms, u8 status)
{
	/*
	 * A new wait, or a wait for something else, gets its full time, by
	 * the monotonic clock: jiffies may catch up several ticks at once (a
	 * guest whose timer interrupts came late), and a wait would end early.
	 */
	if (!qp->waiting || qp->wait_status != status) {
		qp->waiting = true;
		qp->wait_status = status;
		qp->deadline = ktime_get_ns() + (u64)ms * NSEC_PER_MSEC;
		return false;
	}
	if (ktime_get_ns() < qp->deadline)
		return false;
	rig_soft_req_fail(qp, status);
	return true;
}

/* PSNs an entry of @length bytes takes at the QP's path MTU. */
static u32 rig_soft_npkts(const struct rig_soft_qp *qp, u32 length)
{
	return max_t(u32, 1, DIV_ROUND_UP(length, qp->mtu));
}

/*
 * The PSN search entry of send entry @idx, in the send ring's memory after
 * its entries, as the process must fill it (uapi/rig_bnxt_hsi.h): the
 * entry's type and the QP's next PSN, the PSN after its last packet, its
 * first slot.
 *
 * Return: 0, or the reason the QP fails (a DMA fault, or a wrong entry).
 */
static u8 rig_soft_psn_check(struct rig_soft_qp *qp, u32 idx, const struct rig_soft_sqe *sqe)
{
	u32 start = qp->sq_next_psn;
	u32 next = (start + rig_soft_npkts(qp, sqe->length)) & RIG_SOFT_PSN_MASK;
	struct sq_psn_search_ext e;

	if (rig_soft_qmem_read(qp->fn->mem, &qp->sq,
			       (u64)qp->sq_entries * RIG_SOFT_WQE_SIZE + (u64)idx * sizeof(e),
			       &e, sizeof(e)))
		return REQ(TX_PCI_ERROR);
	if (le32_to_cpu(e.opcode_start_psn) != ((u32)sqe->type << SQ_PSN_SEARCH_EXT_OPCODE_SFT |
						 start) ||
	    le32_to_cpu(e.flags_next_psn) != next ||
	    le16_to_cpu(e.start_slot_idx) != (u16)(idx * RIG_SOFT_WQE_SLOTS) ||
	    e.reserved16 || e.reserved32)
		return REQ(PSN_RANGE_CHECK_ERROR);
	return 0;
}

/*
 * Move the next piece of the head entry: at most *@budget bytes.  Keys
 * are resolved afresh for every piece but the first, which takes those
 * resolved when the entry began, under the same hold of the lock.
 *
 * Return: 0, or the requester's error status when memory is gone.
 */
static u8 rig_soft_xfer_piece(struct rig_soft_qp *qp, struct rig_soft_qp *peer, u64 *budget)
{
	struct rig_soft_xfer *x = &qp->xfer;
	struct rig_soft_cursor *mine = x->mine, *theirs = x->theirs;
	bool send = x->sqe.type == SQ_BASE_WQE_TYPE_SEND;
	const struct rig_soft_sge *tsge = send ? x->rqe.sge : &x->remote;
	u32 ntheirs = send ? x->rqe.nsge : 1;
	enum rig_soft_fault fault;
	u64 n;

	if (!x->resolved &&
	    !rig_soft_sges_resolve(qp->fn, qp->pd,
				   send ? 0 : CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE,
				   x->sqe.sge, x->sqe.nsge, mine))
		return CQ_REQ_STATUS_LOCAL_PROTECTION_ERR;
	if (!x->resolved &&
	    !rig_soft_sges_resolve(peer->fn, peer->pd,
				   send ? CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE :
				   CMDQ_REGISTER_MR_ACCESS_REMOTE_READ, tsge, ntheirs, theirs))
		return CQ_REQ_STATUS_REMOTE_ACCESS_ERR;
	x->resolved = false;
	n = min_t(u64, x->sqe.length - x->done, *budget);
	if (send)
		fault = rig_soft_copy_sges(theirs, tsge, ntheirs, mine, x->sqe.sge, x->sqe.nsge,
					   x->done, n, &x->wrote_io);
	else
		fault = rig_soft_copy_sges(mine, x->sqe.sge, x->sqe.nsge, theirs, tsge, ntheirs,
					   x->done, n, &x->wrote_io);
	/* Our memory is the source of a SEND, the destination of a READ. */
	if (fault)
		return (fault == RIG_SOFT_FAULT_SRC) == send ?
		       CQ_REQ_STATUS_LOCAL_PROTECTION_ERR : CQ_REQ_STATUS_REMOTE_ACCESS_ERR;
	x->done += n;
	*budget -= n;
	return 0;
}

/* The head entry failed part-way with @status: both sides, as at the start. */
static void rig_soft_xfer_fail(struct rig_soft_qp *qp, struct rig_soft_qp *peer, u8 status)
{
	if (qp->xfer.sqe.type == SQ_BASE_WQE_TYPE_SEND && peer &&
	    status == CQ_REQ_STATUS_REMOTE_ACCESS_ERR)
		rig_soft_res_fail(peer, qp->xfer.rqe.wr_id, CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR,
				  RES(MEMORY_ERROR));
	qp->xfer.active = false;
	rig_soft_req_fail(qp, status);
}

/*
 * A message or read response that crossed: the packets the side sending
 * data put out and the side receiving it took in, for the functions'
 * statistics blocks.
 */
static void rig_soft_xfer_count(struct rig_soft_qp *qp, struct rig_soft_qp *peer)
{
	const struct rig_soft_xfer *x = &qp->xfer;
	bool send = x->sqe.type == SQ_BASE_WQE_TYPE_SEND;
	struct rig_soft_stats *tx = send ? &qp->fn->stats : &peer->fn->stats;
	struct rig_soft_stats *rx = send ? &peer->fn->stats : &qp->fn->stats;

	tx->tx_pkts += x->npkts;
	tx->tx_bytes += x->sqe.length;
	rx->rx_pkts += x->npkts;
	rx->rx_bytes += x->sqe.length;
}

/*
 * Has an entry whose bytes have all moved room for its completions?  The
 * CQs had room when it began, but an entry that moves in pieces lets
 * other entries complete meanwhile (the peer's sends into its CQ, its
 * peer's own sends into theirs): a completion written into a full CQ
 * would overwrite one the process has not taken.
 */
static bool rig_soft_xfer_room(struct rig_soft_qp *qp, struct rig_soft_qp *peer)
{
	return rig_soft_cq_room(qp->scq) &&
	       (qp->xfer.sqe.type != SQ_BASE_WQE_TYPE_SEND || rig_soft_cq_room(peer->rcq));
}

/*
 * Run the head entry for at most *@budget bytes; @peer is what
 * rig_soft_exec_peer() says now.  Its completions are written when its
 * last byte has moved and both CQs have room for them, after what it
 * wrote to device memory is flushed; both sides' PSNs then advance.
 *
 * Return: true when the entry completed (or failed); false while bytes
 * remain (the budget is spent) or it waits for room.
 */
static bool rig_soft_xfer_run(struct rig_soft_qp *qp, struct rig_soft_qp *peer, u64 *budget)
{
	struct rig_soft_xfer *x = &qp->xfer;
	u8 status;

	if (!peer) {
		rig_soft_xfer_fail(qp, NULL, CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
		return true;
	}
	if (peer->state == S(ERR)) {
		rig_soft_xfer_fail(qp, NULL, CQ_REQ_STATUS_REMOTE_OPERATION_ERR);
		return true;
	}
	if (x->done < x->sqe.length) {
		status = rig_soft_xfer_piece(qp, peer, budget);
		if (status) {
			rig_soft_xfer_fail(qp, peer, status);
			return true;
		}
	}
	if (x->done < x->sqe.length || !rig_soft_xfer_room(qp, peer))
		return false;
	/* Device memory may be write-combining: flush before the completion. */
	if (x->wrote_io) {
		struct rig_soft_mem *dm = x->sqe.type == SQ_BASE_WQE_TYPE_SEND ?
					  peer->fn->mem : qp->fn->mem;

		dm->ops->flush_io(dm);
	}
	x->active = false;
	rig_soft_xfer_count(qp, peer);
	qp->sq_next_psn = (qp->sq_next_psn + x->npkts) & RIG_SOFT_PSN_MASK;
	peer->rq_next_psn = (peer->rq_next_psn + x->npkts) & RIG_SOFT_PSN_MASK;
	if (x->sqe.type == SQ_BASE_WQE_TYPE_SEND)
		rig_soft_cq_res(peer, x->rqe.wr_id, x->sqe.length, CQ_RES_RC_STATUS_OK);
	rig_soft_cq_req(qp, CQ_REQ_STATUS_OK, x->sqe.signal);
	return true;
}

/* Begin @sqe, whose keys resolved to @mine and @theirs (@ntheirs of them). */
static void rig_soft_xfer_begin(struct rig_soft_qp *qp, const struct rig_soft_sqe *sqe,
				const struct rig_soft_cursor *mine,
				const struct rig_soft_cursor *theirs, u32 ntheirs)
{
	struct rig_soft_xfer *x = &qp->xfer;

	x->sqe = *sqe;
	x->remote = (struct rig_soft_sge){ sqe->remote_va, sqe->remote_key, sqe->length };
	x->npkts = rig_soft_npkts(qp, sqe->length);
	x->done = 0;
	x->wrote_io = false;
	x->active = true;
	memcpy(x->mine, mine, sqe->nsge * sizeof(*mine));
	memcpy(x->theirs, theirs, ntheirs * sizeof(*theirs));
	x->resolved = true;
}

/* The receive entry at @peer's head: read by DMA and decoded. */
int rig_soft_rqe_read(struct rig_soft_qp *peer, struct rig_soft_rqe *rqe)
{
	u8 raw[RIG_SOFT_WQE_SIZE] __uninitialized;

	if (rig_soft_qmem_read(peer->fn->mem, &peer->rq,
			       (peer->rq_done % peer->rq_entries) * RIG_SOFT_WQE_SIZE,
			       raw, sizeof(raw)))
		return -EFAULT;
	return rig_soft_rqe_decode(raw, peer->rq_sge, rqe);
}

/*
 * A SEND whose receive is known, its own elements resolved to @src: what
 * can be checked before a byte moves.
 */
static bool rig_soft_send_into(struct rig_soft_qp *qp, struct rig_soft_qp *peer,
			       const struct rig_soft_sqe *sqe, u32 posted,
			       const struct rig_soft_cursor *src)
{
	struct rig_soft_cursor dst[RIG_SOFT_MAX_SGE] __uninitialized;
	struct rig_soft_rqe rqe __uninitialized;

	if (posted == U32_MAX || rig_soft_rqe_read(peer, &rqe)) {
		rig_soft_qp_fail(peer, REQ_NONE, RES(WQE_FORMAT_ERROR));
		rig_soft_req_fail(qp, CQ_REQ_STATUS_REMOTE_OPERATION_ERR);
		return true;
	}
	if (sqe->length > rqe.capacity) {
		rig_soft_res_fail(peer, rqe.wr_id, CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR,
				  RES(EXCEEDS_WQE));
		rig_soft_req_fail(qp, CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR);
		return true;
	}
	if (!rig_soft_sges_resolve(peer->fn, peer->pd, CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE,
				   rqe.sge, rqe.nsge, dst)) {
		rig_soft_res_fail(peer, rqe.wr_id, CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR,
				  RES(MEMORY_ERROR));
		rig_soft_req_fail(qp, CQ_REQ_STATUS_REMOTE_ACCESS_ERR);
		return true;
	}
	rig_soft_xfer_begin(qp, sqe, src, dst, rqe.nsge);
	qp->xfer.rqe = rqe;
	return true;
}

/*
 * A SEND: into the oldest receive the peer posted.  A peer that expects
 * another PSN NAKs the request (sequence error) and the requester retries
 * until the retry time is over.
 *
 * Return: false while the entry waits for the peer; true once begun or
 * failed.
 */
static noinline_for_stack bool rig_soft_run_send(struct rig_soft_qp *qp,
						 struct rig_soft_qp *peer,
						 const struct rig_soft_sqe *sqe)
{
	struct rig_soft_cursor src[RIG_SOFT_MAX_SGE] __uninitialized;
	struct rig_soft_world *world = qp->fn->world;
	u32 posted;

	if (!peer)
		return rig_soft_sq_wait(qp, world->retry_ms, CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	if (!rig_soft_sges_resolve(qp->fn, qp->pd, 0, sqe->sge, sqe->nsge, src)) {
		rig_soft_req_fail(qp, CQ_REQ_STATUS_LOCAL_PROTECTION_ERR);
		return true;
	}
	if (peer->state == S(ERR)) {
		rig_soft_req_fail(qp, CQ_REQ_STATUS_REMOTE_OPERATION_ERR);
		return true;
	}
	if (peer->rq_next_psn != qp->sq_next_psn)
		return rig_soft_sq_wait(qp, world->retry_ms, CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	posted = rig_soft_posted(peer, &peer->rq_db, DBC_DBC_TYPE_RQ, peer->rq_entries,
				 peer->rq_done);
	if (!posted || !rig_soft_cq_room(peer->rcq))
		return rig_soft_sq_wait(qp, world->rnr_ms, CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR);
	qp->waiting = false;
	return rig_soft_send_into(qp, peer, sqe, posted, src);
}

/*
 * An RDMA READ: from an MR of the peer's function, in the peer's PD, that
 * lets remote reads in.  The key is looked up on the peer's function
 * only, so a region is read only through queue pairs connected to queue
 * pairs of its own NIC, whichever function the reader is on.
 */
static noinline_for_stack bool rig_soft_run_read(struct rig_soft_qp *qp,
						 struct rig_soft_qp *peer,
						 const struct rig_soft_sqe *sqe)
{
	struct rig_soft_cursor dst[RIG_SOFT_MAX_SGE] __uninitialized, src;
	struct rig_soft_world *world = qp->fn->world;
	struct rig_soft_sge remote;

	if (!peer)
		return rig_soft_sq_wait(qp, world->retry_ms, CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	if (peer->state == S(ERR)) {
		rig_soft_req_fail(qp, CQ_REQ_STATUS_REMOTE_OPERATION_ERR);
		return true;
	}
	if (peer->rq_next_psn != qp->sq_next_psn)
		return rig_soft_sq_wait(qp, world->retry_ms, CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	qp->waiting = false;
	if (!rig_soft_sges_resolve(qp->fn, qp->pd, CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE,
				   sqe->sge, sqe->nsge, dst)) {
		rig_soft_req_fail(qp, CQ_REQ_STATUS_LOCAL_PROTECTION_ERR);
		return true;
	}
	remote = (struct rig_soft_sge){ sqe->remote_va, sqe->remote_key, sqe->length };
	if (!(peer->access & CMDQ_MODIFY_QP_ACCESS_REMOTE_READ) ||
	    !rig_soft_sges_resolve(peer->fn, peer->pd, CMDQ_REGISTER_MR_ACCESS_REMOTE_READ,
				   &remote, 1, &src)) {
		rig_soft_req_fail(qp, CQ_REQ_STATUS_REMOTE_ACCESS_ERR);
		return true;
	}
	rig_soft_xfer_begin(qp, sqe, dst, &src, 1);
	return true;
}

/*
 * After an error every entry, posted or to come, completes as flushed;
 * after a TERMINAL completion none does.
 */
static noinline_for_stack bool rig_soft_flush(struct rig_soft_qp *qp)
{
	u32 sq, rq;
	bool progress = false;

	if (qp->terminal)
		return false;
	sq = rig_soft_posted(qp, &qp->sq_db, DBC_DBC_TYPE_SQ, qp->sq_entries, qp->sq_done);
	rq = rig_soft_posted(qp, &qp->rq_db, DBC_DBC_TYPE_RQ, qp->rq_entries, qp->rq_done);

	while (sq && sq != U32_MAX && rig_soft_cq_room(qp->scq)) {
		rig_soft_cq_req(qp, CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, true);
		sq--;
		progress = true;
	}
	while (rq && rq != U32_MAX && rig_soft_cq_room(qp->rcq)) {
		rig_soft_flush_rqe(qp, CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR);
		rq--;
		progress = true;
	}
	return progress;
}

/**
 * rig_soft_sqe_fetch() - read, decode and check send entry @idx
 * @qp: the QP; the caller holds its world's lock
 * @idx: the entry's index in the send ring
 * @sqe: out: the entry, decoded
 *
 * Both paths take entries this way: the one between functions of one
 * machine (rig_soft_exec_begin()) and the wire's (wire.c).
 *
 * Return: 0, or the reason the QP fails: a DMA fault, a malformed entry,
 * a wrong PSN search entry.
 */
u8 rig_soft_sqe_fetch(struct rig_soft_qp *qp, u32 idx, struct rig_soft_sqe *sqe)
{
	u8 raw[RIG_SOFT_WQE_SIZE] __uninitialized;

	if (rig_soft_qmem_read(qp->fn->mem, &qp->sq, (u64)idx * RIG_SOFT_WQE_SIZE,
			       raw, sizeof(raw)))
		return REQ(TX_PCI_ERROR);
	if (rig_soft_sqe_decode(raw, qp->sq_sge, sqe))
		return REQ(WQE_FORMAT_ERROR);
	return rig_soft_psn_check(qp, idx, sqe);
}

/*
 * Read, decode and begin the head send entry, toward @peer (what
 * rig_soft_exec_peer() says now); false while it waits.
 *
 * This, the flush and the two kinds of entry are not inlined into
 * rig_soft_exec_qp(): with KASAN's stack redzones (the debug kernel,
 * clang) their arrays of cursors and entries added up to a 3.7 KiB frame.
 */
static noinline_for_stack bool rig_soft_exec_begin(struct rig_soft_qp *qp,
						   struct rig_soft_qp *peer, u32 posted)
{
	struct rig_soft_sqe sqe __uninitialized;
	u8 reason;

	if (posted == U32_MAX)
		reason = REQ(PROD_WQE_MSMTCH_ERROR);
	else
		reason = rig_soft_sqe_fetch(qp, qp->sq_done % qp->sq_entries, &sqe);
	if (reason) {
		rig_soft_cq_req(qp, CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR, true);
		rig_soft_qp_fail(qp, reason, RES_NONE);
		return true;
	}
	if (sqe.type == SQ_BASE_WQE_TYPE_SEND)
		return rig_soft_run_send(qp, peer, &sqe);
	return rig_soft_run_read(qp, peer, &sqe);
}

/**
 * rig_soft_exec_qp() - run what one QP has posted
 * @qp: the QP; the caller holds its world's lock
 * @budget: bytes this call may move; what it moved is taken from it.  An
 *	    entry longer than the budget runs in pieces over several calls,
 *	    so the lock is never held for a whole entry.
 * @waiting: set when the head entry waits for the peer (RNR, no answer):
 *	     call again soon, its deadline is running
 *
 * Runs at most 64 send entries of a QP in RTS, in ring order, or flushes
 * every entry of a QP in error.  A QP in another state runs nothing.  The
 * peer is looked up once per call: nothing this call does can connect,
 * disconnect or destroy a QP (an error leaves a peer a peer).
 *
 * Return: true if any entry completed or any byte moved.
 */
bool rig_soft_exec_qp(struct rig_soft_qp *qp, u64 *budget, bool *waiting)
{
	struct rig_soft_qp *peer = NULL;
	bool progress = false, found = false;
	int entries = 64;
	u32 posted = 0;

	rig_soft_assert_held(qp->fn);
	qp->fn->world->look++;
	if (qp->state == S(ERR))
		return rig_soft_flush(qp);
	if (qp->state != S(RTS))
		return false;
	while (entries-- > 0 && *budget) {
		u64 before = *budget;

		if (!qp->xfer.active) {
			posted = rig_soft_posted(qp, &qp->sq_db, DBC_DBC_TYPE_SQ, qp->sq_entries,
						 qp->sq_done);
			if (!posted || !rig_soft_cq_room(qp->scq))
				break;
		}
		if (!found) {
			peer = rig_soft_exec_peer(qp);
			found = true;
		}
		if (!qp->xfer.active) {
			if (!rig_soft_exec_begin(qp, peer, posted)) {
				*waiting = true;
				break;
			}
			progress = true;
			if (!qp->xfer.active)		/* it failed */
				break;
		}
		if (rig_soft_xfer_run(qp, peer, budget)) {
			progress = true;
			if (qp->state == S(ERR))
				break;
			continue;
		}
		/* The budget is spent, or the entry waits for room in a CQ. */
		progress |= *budget != before;
		break;
	}
	rig_soft_cq_req_settle(qp);
	return progress;
}

/**
 * rig_soft_exec_pending() - has @qp work the engine can do now?
 * @qp: the QP; the caller holds its world's lock
 *
 * An entry running in pieces is pending, while bytes remain or its CQs
 * have room for its completions.  A posted entry is pending only while
 * its CQ has room: a process that gives back no room (or corrupts
 * its consumer index) leaves the engine nothing to do, and it sleeps.  A
 * corrupt send doorbell is pending while the QP runs (running it fails
 * the QP); in error, a corrupt doorbell names nothing to flush.
 *
 * Return: true when rig_soft_exec_qp() would make progress.
 */
bool rig_soft_exec_pending(struct rig_soft_qp *qp)
{
	u32 sq, rq;

	rig_soft_assert_held(qp->fn);
	qp->fn->world->look++;
	if (qp->state == S(RTS)) {
		if (qp->xfer.active) {
			struct rig_soft_qp *peer = rig_soft_exec_peer(qp);

			/* No peer any more: running it fails it, at once. */
			return qp->xfer.done < qp->xfer.sqe.length || !peer ||
			       rig_soft_xfer_room(qp, peer);
		}
		return rig_soft_cq_room(qp->scq) &&
		       rig_soft_posted(qp, &qp->sq_db, DBC_DBC_TYPE_SQ, qp->sq_entries,
				       qp->sq_done);
	}
	if (qp->state != S(ERR) || qp->terminal)
		return false;
	sq = rig_soft_posted(qp, &qp->sq_db, DBC_DBC_TYPE_SQ, qp->sq_entries, qp->sq_done);
	rq = rig_soft_posted(qp, &qp->rq_db, DBC_DBC_TYPE_RQ, qp->rq_entries, qp->rq_done);
	return (sq && sq != U32_MAX && rig_soft_cq_room(qp->scq)) ||
	       (rq && rq != U32_MAX && rig_soft_cq_room(qp->rcq));
}
