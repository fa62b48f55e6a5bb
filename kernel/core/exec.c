// SPDX-License-Identifier: GPL-2.0-only
/*
 * The soft NIC's entry engine: what the hardware does with posted
 * entries.  It reads a queue pair's doorbells, runs its send-ring entries
 * in order (SEND into the peer's oldest receive, RDMA READ within one
 * NIC), copies bytes between regions' pages or device runs, applies the
 * InfiniBand RC error rules, and writes completions with the toggle last.
 *
 * This file owns those rules and nothing that schedules them: no thread,
 * no lock, no PCI.  Peers and regions are found through struct
 * rig_exec_ops, so KUnit drives it under UML with a fake memory backend
 * (exec_test.c); engine.c runs it for the soft NICs.
 */
#include <linux/highmem.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/minmax.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/wordpart.h>

#include "exec.h"
#include "hsi.h"

/* A place in a region: which run or page, and how far into it. */
struct rig_cursor {
	struct rig_region *region;
	u64 off;			/* from the region's first byte */
};

/*
 * The longest piece of device memory copied between two looks for a
 * scheduler: a device run can be as long as a BAR.
 */
#define RIG_EXEC_IO_PIECE	SZ_64K

/*
 * The longest piece of @c that is contiguous in the kernel's view, up to
 * @max bytes: a page of a page-backed region, or part of a device run.
 * Zero when the run is no longer there (its device was removed, or its
 * BAR moved): a DMA fault.
 */
static u32 rig_cursor_piece(const struct rig_exec_ops *ops,
			    const struct rig_cursor *c, u32 max, void **va,
			    bool *io, struct page **page)
{
	struct rig_region *r = c->region;
	struct rig_pages *rp = r->buf ? r->buf->pages : r->pinned;
	u64 off = c->off;
	u32 i;

	if (rp) {
		off += r->offset;
		*page = rp->pages[off >> PAGE_SHIFT];
		*io = false;
		*va = NULL;
		return min_t(u64, max, PAGE_SIZE - offset_in_page(off));
	}
	for (i = 0; i < r->nruns; i++) {
		if (off < r->runs[i].bytes)
			break;
		off -= r->runs[i].bytes;
	}
	if (!ops->run_present(&r->runs[i]))
		return 0;
	*page = NULL;
	*io = true;
	*va = (void __force *)r->runs[i].va + off;
	return min_t(u64, min_t(u64, max, r->runs[i].bytes - off), RIG_EXEC_IO_PIECE);
}

static void rig_copy_piece(const struct rig_exec_ops *ops, void *dva, bool dio,
			   const void *sva, bool sio, u32 len)
{
	u8 bounce[64];
	u32 k, step;

	if (dio && sio) {
		for (k = 0; k < len; k += step) {
			step = min_t(u32, sizeof(bounce), len - k);
			ops->read_io(bounce, (const void __iomem __force *)sva + k, step);
			ops->write_io((void __iomem __force *)dva + k, bounce, step);
		}
	} else if (dio) {
		ops->write_io((void __iomem __force *)dva, sva, len);
	} else if (sio) {
		ops->read_io(dva, (const void __iomem __force *)sva, len);
	} else {
		memcpy(dva, sva, len);
	}
}

/* Which side of a copy met device memory that is no longer there. */
enum rig_fault {
	RIG_FAULT_NONE,
	RIG_FAULT_DST,
	RIG_FAULT_SRC,
};

/*
 * Copy @n bytes from @src to @dst; both ranges were checked.  Sets
 * *@wrote_io when device memory was written.
 *
 * Return: RIG_FAULT_NONE, or the side whose device run vanished.
 */
static enum rig_fault rig_copy(const struct rig_exec_ops *ops, struct rig_cursor *dst,
			       struct rig_cursor *src, u64 n, bool *wrote_io)
{
	while (n) {
		struct page *dp, *sp;
		void *dva, *sva;
		bool dio, sio;
		u32 len;

		len = rig_cursor_piece(ops, dst, min_t(u64, n, U32_MAX), &dva, &dio, &dp);
		if (!len)
			return RIG_FAULT_DST;
		len = rig_cursor_piece(ops, src, len, &sva, &sio, &sp);
		if (!len)
			return RIG_FAULT_SRC;
		if (dp)
			dva = kmap_local_page(dp) + offset_in_page(dst->off + dst->region->offset);
		if (sp)
			sva = kmap_local_page(sp) + offset_in_page(src->off + src->region->offset);

		rig_copy_piece(ops, dva, dio, sva, sio, len);
		*wrote_io |= dio;

		if (sp)
			kunmap_local(sva);
		if (dp)
			kunmap_local(dva);
		dst->off += len;
		src->off += len;
		n -= len;
		cond_resched();
	}
	return RIG_FAULT_NONE;
}

/*
 * Resolve the elements of an entry to cursors: every key must name a live
 * region of @ctx on @rdev and every element lie inside it.
 */
static bool rig_sges_resolve(const struct rig_exec_ops *ops,
			     struct rig_dev *rdev, struct rig_ctx *ctx,
			     const struct rig_hsi_sge *sge, u32 n,
			     struct rig_cursor *cur)
{
	u32 i;

	for (i = 0; i < n; i++) {
		struct rig_region *r = ops->region(rdev, sge[i].lkey);

		if (!r || r->ctx != ctx ||
		    sge[i].va > r->bytes || sge[i].size > r->bytes - sge[i].va)
			return false;
		cur[i].region = r;
		cur[i].off = sge[i].va;
	}
	return true;
}

/*
 * Move the cursors of elements @sge past the first @skip bytes of the
 * message they hold: return the element reached, *@left its bytes left.
 */
static u32 rig_sges_seek(struct rig_cursor *cur, const struct rig_hsi_sge *sge,
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

/*
 * Copy bytes @from to @from + @n of a message from the elements @src into
 * the elements @dst (fresh cursors from rig_sges_resolve()).
 *
 * Return: RIG_FAULT_NONE, or the side whose device memory vanished.
 */
static enum rig_fault
rig_copy_sges(const struct rig_exec_ops *ops,
	      struct rig_cursor *dst, const struct rig_hsi_sge *dsge, u32 ndst,
	      struct rig_cursor *src, const struct rig_hsi_sge *ssge, u32 nsrc,
	      u64 from, u64 n, bool *wrote_io)
{
	u64 dleft, sleft;
	u32 di = rig_sges_seek(dst, dsge, ndst, from, &dleft);
	u32 si = rig_sges_seek(src, ssge, nsrc, from, &sleft);

	while (n) {
		enum rig_fault fault;
		u64 len;

		while (!dleft && ++di < ndst)
			dleft = dsge[di].size;
		while (!sleft && ++si < nsrc)
			sleft = ssge[si].size;
		if (di >= ndst || si >= nsrc)
			break;
		len = min3(n, dleft, sleft);
		fault = rig_copy(ops, &dst[di], &src[si], len, wrote_io);
		if (fault)
			return fault;
		dleft -= len;
		sleft -= len;
		n -= len;
	}
	return RIG_FAULT_NONE;
}

/* Completions the ring has room for, by the process's CQ doorbell. */
/**
 * rig_exec_cq_unread() - completions written that the process has not taken
 * @qp: a queue pair
 * @armed: where to store whether its CQ doorbell asks for an event
 *	   (CQ_ARMALL)
 *
 * The CQ doorbell's index and epoch name the consumer's place on a circle
 * of twice the ring; the engine's count of completions written names its
 * own.  Safe without the engine's lock: @qp->cq_prod is read once.
 *
 * Return: how many completions lie between the two; more than the ring
 * holds means a corrupt doorbell.
 */
u32 rig_exec_cq_unread(struct rig_qp *qp, bool *armed)
{
	u64 db = le64_to_cpu((__force __le64)READ_ONCE(qp->db->cq));
	u32 n = qp->cq_entries;
	u32 cons = (db & RIG_BNXT_DBC_INDEX_MASK) % n +
		   ((db & RIG_BNXT_DBC_EPOCH) ? n : 0);

	*armed = (upper_32_bits(db) & RIG_BNXT_DBC_TYPE_MASK) ==
		 RIG_BNXT_DBC_TYPE_CQ_ARMALL;
	return (u32)((READ_ONCE(qp->cq_prod) + 2ULL * n - cons) % (2ULL * n));
}

/* Completions the ring has room for, by the process's CQ doorbell. */
static u32 rig_cq_room(struct rig_qp *qp)
{
	bool armed;
	u32 used = rig_exec_cq_unread(qp, &armed);

	return used > qp->cq_entries ? 0 : qp->cq_entries - used;
}

/* Where the next completion goes. */
static void *rig_cq_slot(struct rig_qp *qp)
{
	return qp->cq + (qp->cq_prod % qp->cq_entries) * RIG_BNXT_CQE_SIZE;
}

/*
 * Count the completion just written and wake a poll() that waits for one.
 * Full barrier: cq_prod's store before the look at the wait queue, against
 * poll()'s adding itself before it reads cq_prod (rig_poll()).  Most
 * completions find no one waiting and take no lock.
 */
static void rig_cq_written(struct rig_qp *qp)
{
	WRITE_ONCE(qp->cq_prod, qp->cq_prod + 1);
	if (wq_has_sleeper(&qp->ctx->wq))
		wake_up(&qp->ctx->wq);
}

static void rig_cq_req(struct rig_qp *qp, u8 status)
{
	struct rig_hsi_req_cqe c = {
		.qp_handle = qp->qp_handle,
		.sq_cons_idx = (qp->sq_done + 1) % qp->entries,
		.status = status,
	};

	rig_hsi_req_cqe_write(rig_cq_slot(qp), &c,
			      rig_hsi_cq_toggle(qp->cq_prod, qp->cq_entries));
	qp->sq_done++;
	rig_cq_written(qp);
}

static void rig_cq_res(struct rig_qp *qp, u32 wr_id, u32 length, u8 status)
{
	struct rig_hsi_res_cqe c = {
		.qp_handle = qp->qp_handle,
		.length = length,
		.wr_id = wr_id,
		.status = status,
	};

	rig_hsi_res_cqe_write(rig_cq_slot(qp), &c,
			      rig_hsi_cq_toggle(qp->cq_prod, qp->cq_entries));
	qp->rq_done++;
	rig_cq_written(qp);
}

static void rig_qp_fail(struct rig_qp *qp)
{
	qp->state = RIG_BNXT_QP_STATE_ERROR;
	qp->waiting = false;
	/* An entry running in pieces is flushed with the rest. */
	qp->xfer.active = false;
	WRITE_ONCE(qp->db->state, qp->state);
}

/*
 * Entries a doorbell says are posted beyond @done: its index and epoch
 * name a position on a circle of 2 * @entries.  More than @entries is a
 * corrupt doorbell, reported as U32_MAX.
 */
static u32 rig_posted(u64 *dbp, u32 entries, u32 type, u32 qpn, u64 done)
{
	u64 value = le64_to_cpu((__force __le64)READ_ONCE(*dbp));
	struct rig_hsi_db db;
	u32 prod, cons, n;

	if (rig_hsi_db_decode(value, &db))
		return value || done ? U32_MAX : 0;	/* never rung: all zero */
	if (db.type != type || db.xid != qpn || db.index >= entries)
		return U32_MAX;
	prod = db.index + (db.epoch ? entries : 0);
	cons = done % (2ULL * entries);
	n = (prod + 2 * entries - cons) % (2 * entries);
	return n > entries ? U32_MAX : n;
}

/*
 * The peer @qp is connected to, if it exists and is connected to @qp: a
 * queue pair answers only the one it is connected to, as an RC responder
 * drops packets from any other, and the requester then times out.
 */
static struct rig_qp *rig_exec_peer(const struct rig_exec_ops *ops,
				    struct rig_qp *qp)
{
	struct rig_qp *peer = ops->peer(qp->peer_nic, qp->peer_qpn);

	if (!peer || !peer->connected || peer->peer_nic != qp->rdev->nic_id ||
	    peer->peer_qpn != qp->qpn)
		return NULL;
	return peer;
}

/* Wait for the peer, or fail the entry when the wait is over. */
static bool rig_sq_wait(struct rig_qp *qp, unsigned int ms, u8 status)
{
	/* A new wait, or a wait for something else, gets its full time. */
	if (!qp->waiting || qp->wait_status != status) {
		qp->waiting = true;
		qp->wait_status = status;
		qp->deadline = jiffies + msecs_to_jiffies(ms);
		return false;
	}
	if (time_before(jiffies, qp->deadline))
		return false;
	rig_cq_req(qp, status);
	rig_qp_fail(qp);
	return true;
}

/*
 * Move the next piece of the head entry: at most *@budget bytes, taken
 * from the budget.  Keys are resolved afresh for every piece, so a region
 * deregistered part-way is never reached again.
 *
 * Return: 0 when the piece moved; an error completion status of the
 * requester when a region or device memory is gone.
 */
static u8 rig_xfer_piece(const struct rig_exec_ops *ops, struct rig_qp *qp,
			 struct rig_qp *peer, u64 *budget)
{
	struct rig_cursor mine[RIG_BNXT_MAX_SGES], theirs[RIG_BNXT_MAX_SGES];
	struct rig_exec_xfer *x = &qp->xfer;
	bool send = x->sqe.type == RIG_BNXT_SQ_WQE_TYPE_SEND;
	const struct rig_hsi_sge *tsge = send ? x->rqe.sge : &x->remote;
	u32 ntheirs = send ? x->rqe.nsge : 1;
	enum rig_fault fault;
	u64 n;

	if (!rig_sges_resolve(ops, qp->rdev, qp->ctx, x->sqe.sge, x->sqe.nsge, mine))
		return RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR;
	if (!rig_sges_resolve(ops, peer->rdev, peer->ctx, tsge, ntheirs, theirs))
		return RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR;

	n = min_t(u64, x->sqe.length - x->done, *budget);
	if (send)
		fault = rig_copy_sges(ops, theirs, tsge, ntheirs, mine, x->sqe.sge,
				      x->sqe.nsge, x->done, n, &x->wrote_io);
	else
		fault = rig_copy_sges(ops, mine, x->sqe.sge, x->sqe.nsge, theirs, tsge,
				      ntheirs, x->done, n, &x->wrote_io);
	/* Our side's memory is the source of a SEND, the destination of a READ. */
	if (fault)
		return (fault == RIG_FAULT_SRC) == send ?
		       RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR :
		       RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR;
	x->done += n;
	*budget -= n;
	return 0;
}

/* The head entry failed part-way with @status: both sides, as at the start. */
static void rig_xfer_fail(struct rig_qp *qp, struct rig_qp *peer, u8 status)
{
	if (qp->xfer.sqe.type == RIG_BNXT_SQ_WQE_TYPE_SEND && peer &&
	    status == RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR) {
		rig_cq_res(peer, qp->xfer.rqe.wr_id, 0,
			   RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR);
		rig_qp_fail(peer);
	}
	qp->xfer.active = false;
	rig_cq_req(qp, status);
	rig_qp_fail(qp);
}

/*
 * Run the head entry, started by rig_run_send() or rig_run_read(), for at
 * most *@budget bytes.  Its completions are written when its last byte
 * has moved, after what it wrote to device memory is flushed.
 *
 * Return: true when the entry completed (or failed).
 */
static bool rig_xfer_run(const struct rig_exec_ops *ops, struct rig_qp *qp,
			 u64 *budget)
{
	struct rig_exec_xfer *x = &qp->xfer;
	struct rig_qp *peer = rig_exec_peer(ops, qp);
	u8 status;

	/* The peer went away, or failed, while the entry ran. */
	if (!peer) {
		rig_xfer_fail(qp, NULL, RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
		return true;
	}
	if (peer->state == RIG_BNXT_QP_STATE_ERROR) {
		rig_xfer_fail(qp, NULL, RIG_BNXT_CQ_REQ_STATUS_REMOTE_OPERATION_ERR);
		return true;
	}
	status = rig_xfer_piece(ops, qp, peer, budget);
	if (status) {
		rig_xfer_fail(qp, peer, status);
		return true;
	}
	if (x->done < x->sqe.length)
		return false;

	/*
	 * Device memory is mapped write-combining: smp_wmb() does not order
	 * those stores before the completion's on x86; ops->flush_io() does.
	 */
	if (x->wrote_io)
		ops->flush_io();
	x->active = false;
	/* The completion writers order the bytes before the toggle. */
	if (x->sqe.type == RIG_BNXT_SQ_WQE_TYPE_SEND)
		rig_cq_res(peer, x->rqe.wr_id, x->sqe.length, RIG_BNXT_CQ_RES_RC_STATUS_OK);
	rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_OK);
	return true;
}

/* Begin the head entry: the decoded entry, what it moves, from byte 0. */
static void rig_xfer_begin(struct rig_qp *qp, const struct rig_hsi_sqe *sqe)
{
	struct rig_exec_xfer *x = &qp->xfer;

	x->sqe = *sqe;
	x->remote = (struct rig_hsi_sge){ sqe->remote_va, sqe->remote_key, sqe->length };
	x->done = 0;
	x->wrote_io = false;
	x->active = true;
}

/*
 * A SEND: into the oldest receive the peer posted.  Checks what can be
 * checked before the first byte moves and begins the transfer.
 *
 * Return: false while the entry waits for the peer; true once begun or
 * failed.
 */
static bool rig_run_send(const struct rig_exec_ops *ops, struct rig_qp *qp,
			 const struct rig_hsi_sqe *sqe)
{
	struct rig_cursor src[RIG_BNXT_MAX_SGES], dst[RIG_BNXT_MAX_SGES];
	struct rig_hsi_rqe rqe;
	struct rig_qp *peer;
	u32 posted;

	peer = rig_exec_peer(ops, qp);
	if (!peer)
		return rig_sq_wait(qp, ops->retry_ms,
				   RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	if (!rig_sges_resolve(ops, qp->rdev, qp->ctx, sqe->sge, sqe->nsge, src)) {
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR);
		rig_qp_fail(qp);
		return true;
	}
	if (peer->state == RIG_BNXT_QP_STATE_ERROR) {
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_REMOTE_OPERATION_ERR);
		rig_qp_fail(qp);
		return true;
	}
	posted = rig_posted(&peer->db->rq, peer->entries, RIG_BNXT_DBC_TYPE_RQ,
			    peer->qpn, peer->rq_done);
	if (!posted || !rig_cq_room(peer))
		return rig_sq_wait(qp, ops->rnr_ms,
				   RIG_BNXT_CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR);
	qp->waiting = false;

	if (posted == U32_MAX ||
	    rig_hsi_rqe_decode(peer->rq + (peer->rq_done % peer->entries) *
			       RIG_BNXT_ENTRY_SIZE, RIG_BNXT_MAX_SGES, &rqe)) {
		rig_qp_fail(peer);
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_REMOTE_OPERATION_ERR);
		rig_qp_fail(qp);
		return true;
	}
	if (sqe->length > rqe.capacity) {
		rig_cq_res(peer, rqe.wr_id, 0, RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR);
		rig_qp_fail(peer);
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR);
		rig_qp_fail(qp);
		return true;
	}
	if (!rig_sges_resolve(ops, peer->rdev, peer->ctx, rqe.sge, rqe.nsge, dst)) {
		rig_cq_res(peer, rqe.wr_id, 0, RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR);
		rig_qp_fail(peer);
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR);
		rig_qp_fail(qp);
		return true;
	}
	rig_xfer_begin(qp, sqe);
	qp->xfer.rqe = rqe;
	return true;
}

/* An RDMA READ: from a region of the peer, which is on this NIC. */
static bool rig_run_read(const struct rig_exec_ops *ops, struct rig_qp *qp,
			 const struct rig_hsi_sqe *sqe)
{
	struct rig_cursor dst[RIG_BNXT_MAX_SGES], src;
	struct rig_hsi_sge remote;
	struct rig_qp *peer;

	peer = rig_exec_peer(ops, qp);
	if (!peer)
		return rig_sq_wait(qp, ops->retry_ms,
				   RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	qp->waiting = false;
	if (peer->state == RIG_BNXT_QP_STATE_ERROR) {
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_REMOTE_OPERATION_ERR);
		rig_qp_fail(qp);
		return true;
	}
	if (peer->rdev != qp->rdev ||
	    !rig_sges_resolve(ops, qp->rdev, qp->ctx, sqe->sge, sqe->nsge, dst)) {
		rig_cq_req(qp, peer->rdev != qp->rdev ?
			   RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR :
			   RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR);
		rig_qp_fail(qp);
		return true;
	}
	remote = (struct rig_hsi_sge){ sqe->remote_va, sqe->remote_key, sqe->length };
	if (!rig_sges_resolve(ops, peer->rdev, peer->ctx, &remote, 1, &src)) {
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR);
		rig_qp_fail(qp);
		return true;
	}
	rig_xfer_begin(qp, sqe);
	return true;
}

/* After an error every entry, posted or to come, completes as flushed. */
static bool rig_flush(struct rig_qp *qp)
{
	u32 sq = rig_posted(&qp->db->sq, qp->entries, RIG_BNXT_DBC_TYPE_SQ,
			    qp->qpn, qp->sq_done);
	u32 rq = rig_posted(&qp->db->rq, qp->entries, RIG_BNXT_DBC_TYPE_RQ,
			    qp->qpn, qp->rq_done);
	bool progress = false;

	while (sq && sq != U32_MAX && rig_cq_room(qp)) {
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR);
		sq--;
		progress = true;
	}
	while (rq && rq != U32_MAX && rig_cq_room(qp)) {
		struct rig_hsi_rqe rqe;
		u32 wr_id = qp->rq_done % qp->entries;

		if (!rig_hsi_rqe_decode(qp->rq + wr_id * RIG_BNXT_ENTRY_SIZE,
					RIG_BNXT_MAX_SGES, &rqe))
			wr_id = rqe.wr_id;
		rig_cq_res(qp, wr_id, 0, RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR);
		rq--;
		progress = true;
	}
	return progress;
}

/* Decode and begin the head send entry; false while it waits for the peer. */
static bool rig_exec_begin(const struct rig_exec_ops *ops, struct rig_qp *qp,
			   u32 posted)
{
	struct rig_hsi_sqe sqe;

	if (posted == U32_MAX ||
	    rig_hsi_sqe_decode(qp->sq + (qp->sq_done % qp->entries) *
			       RIG_BNXT_ENTRY_SIZE, RIG_BNXT_MAX_SGES, &sqe)) {
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR);
		rig_qp_fail(qp);
		return true;
	}
	if (sqe.type == RIG_BNXT_SQ_WQE_TYPE_SEND)
		return rig_run_send(ops, qp, &sqe);
	return rig_run_read(ops, qp, &sqe);
}

/**
 * rig_exec_qp() - run what one queue pair has posted
 * @ops: how to find peers and regions, and how long to wait for a peer
 * @qp: the queue pair; the caller holds the lock that keeps it, its
 *	peer and every region alive (rig_engine_lock)
 * @budget: bytes this call may move; what it moved is taken from it.
 *	    An entry longer than the budget runs in pieces over several
 *	    calls, so the caller's lock is never held for a whole entry.
 * @waiting: set when the head entry waits for the peer (RNR, no peer):
 *	     call again soon, its deadline is running
 *
 * Runs at most 64 send entries in ring order, or flushes every entry of
 * a queue pair in error.
 *
 * Return: true if any entry completed or any byte moved.
 */
bool rig_exec_qp(const struct rig_exec_ops *ops, struct rig_qp *qp, u64 *budget,
		 bool *waiting)
{
	bool progress = false;
	int entries = 64;
	u32 posted;

	if (!qp->connected)
		return false;
	if (qp->state == RIG_BNXT_QP_STATE_ERROR)
		return rig_flush(qp);

	while (entries-- > 0 && *budget) {
		if (!qp->xfer.active) {
			posted = rig_posted(&qp->db->sq, qp->entries, RIG_BNXT_DBC_TYPE_SQ,
					    qp->qpn, qp->sq_done);
			if (!posted || !rig_cq_room(qp))
				break;
			if (!rig_exec_begin(ops, qp, posted)) {
				*waiting = true;
				break;
			}
			progress = true;
			if (!qp->xfer.active)		/* it failed */
				break;
		}
		progress = true;
		if (!rig_xfer_run(ops, qp, budget))
			break;				/* the budget is spent */
		if (qp->state == RIG_BNXT_QP_STATE_ERROR)
			break;
	}
	return progress;
}

/**
 * rig_exec_pending() - has @qp work the engine can do now?
 * @qp: a queue pair, under the same lock as for rig_exec_qp()
 *
 * An entry running in pieces is pending.  A posted entry is pending only
 * while the completion ring has room for its completion: a process that
 * gives back no room (or corrupts its consumer index) leaves the engine
 * nothing to do, and it sleeps.  A corrupt send doorbell is pending while
 * the queue pair runs (running it fails the queue pair); once in error, a
 * corrupt doorbell names nothing to flush, and is not.
 *
 * Return: true when rig_exec_qp() would make progress.
 */
bool rig_exec_pending(struct rig_qp *qp)
{
	u32 sq, rq;

	if (!qp->connected)
		return false;
	if (qp->xfer.active)
		return true;
	if (!rig_cq_room(qp))
		return false;
	sq = rig_posted(&qp->db->sq, qp->entries, RIG_BNXT_DBC_TYPE_SQ,
			qp->qpn, qp->sq_done);
	if (qp->state != RIG_BNXT_QP_STATE_ERROR)
		return sq;
	rq = rig_posted(&qp->db->rq, qp->entries, RIG_BNXT_DBC_TYPE_RQ,
			qp->qpn, qp->rq_done);
	return (sq && sq != U32_MAX) || (rq && rq != U32_MAX);
}
