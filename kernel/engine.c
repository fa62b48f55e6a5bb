// SPDX-License-Identifier: GPL-2.0-only
/*
 * The soft NICs' engine: the model of the NIC's hardware that runs posted
 * entries.  It reads doorbells from each queue pair's doorbell page, runs
 * send-ring entries in order (SEND into the peer's oldest receive, RDMA
 * READ within one NIC), copies bytes between the regions' pages, and
 * writes completions with the toggle bit last.
 *
 * This file owns the engine thread, the list of queue pairs it serves and
 * rig_engine_lock, which covers all of the engine's state: the list, each
 * queue pair's engine fields, and the use of any region's memory.  Region
 * deregistration takes the lock to drop a key, so once it returns the
 * engine touches that memory no more.
 *
 * One thread serves every soft NIC, in turn.  Two soft NICs stand for two
 * machines, but a send between them must see both sides at once; one
 * thread does that without cross-NIC locking, and on a small machine a
 * thread per NIC would only take turns on the lock.  The thread polls
 * while there is work, spins idle_spin_us more, then sets engine_idle in
 * every doorbell page and sleeps until RIG_BNXT_KICK (the library kicks
 * only when it reads engine_idle after its doorbell store).
 */
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/highmem.h>
#include <linux/kthread.h>
#include <linux/moduleparam.h>

#include "hsi.h"
#include "soft.h"

static unsigned int rnr_timeout_ms = 100;
module_param(rnr_timeout_ms, uint, 0644);
MODULE_PARM_DESC(rnr_timeout_ms, "how long a send waits for the peer to post a receive (ms, default 100)");

static unsigned int retry_timeout_ms = 100;
module_param(retry_timeout_ms, uint, 0644);
MODULE_PARM_DESC(retry_timeout_ms, "how long a send waits for a peer that does not answer (ms, default 100)");

static unsigned int idle_spin_us = 200;
module_param(idle_spin_us, uint, 0644);
MODULE_PARM_DESC(idle_spin_us, "how long the engine polls an idle NIC before it sleeps (us, default 200)");

DEFINE_MUTEX(rig_engine_lock);	/* see the top of this file */
static LIST_HEAD(rig_engine_qps);		/* under rig_engine_lock */
static DECLARE_WAIT_QUEUE_HEAD(rig_engine_wq);
static bool rig_engine_kicked;			/* under rig_engine_wq.lock */
static u32 rig_engine_idle;			/* under rig_engine_lock */
static struct task_struct *rig_engine_task;

/* A place in a region: which run or page, and how far into it. */
struct rig_cursor {
	struct rig_region *region;
	u64 off;			/* from the region's first byte */
};

/*
 * The longest piece of @c that is contiguous in the kernel's view, up to
 * @max bytes: a page of a page-backed region, or a device run.
 */
static u32 rig_cursor_piece(const struct rig_cursor *c, u32 max, void **va,
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
	*page = NULL;
	*io = true;
	*va = (void __force *)r->runs[i].va + off;
	return min_t(u64, max, r->runs[i].bytes - off);
}

/* Copy @n bytes from @src to @dst; both ranges were checked. */
static void rig_copy(struct rig_cursor *dst, struct rig_cursor *src, u64 n)
{
	while (n) {
		struct page *dp, *sp;
		void *dva, *sva;
		bool dio, sio;
		u32 len;

		len = rig_cursor_piece(dst, min_t(u64, n, U32_MAX), &dva, &dio, &dp);
		len = rig_cursor_piece(src, len, &sva, &sio, &sp);
		if (dp)
			dva = kmap_local_page(dp) + offset_in_page(dst->off + dst->region->offset);
		if (sp)
			sva = kmap_local_page(sp) + offset_in_page(src->off + src->region->offset);

		if (dio && sio) {
			u8 bounce[64];
			u32 k, step;

			for (k = 0; k < len; k += step) {
				step = min_t(u32, sizeof(bounce), len - k);
				memcpy_fromio(bounce, (void __iomem __force *)sva + k, step);
				memcpy_toio((void __iomem __force *)dva + k, bounce, step);
			}
		} else if (dio) {
			memcpy_toio((void __iomem __force *)dva, sva, len);
		} else if (sio) {
			memcpy_fromio(dva, (void __iomem __force *)sva, len);
		} else {
			memcpy(dva, sva, len);
		}

		if (sp)
			kunmap_local(sva);
		if (dp)
			kunmap_local(dva);
		dst->off += len;
		src->off += len;
		n -= len;
		cond_resched();
	}
}

/**
 * rig_engine_region() - the live region @key names on @rdev
 * @rdev: a soft NIC
 * @key: a key its firmware gave
 *
 * Caller holds rig_engine_lock, which keeps the region's memory alive.
 *
 * Return: the region, or NULL.
 */
struct rig_region *rig_engine_region(struct rig_dev *rdev, u32 key)
{
	struct rig_soft *soft = rdev->priv;
	struct rig_region *r = xa_load(&soft->fw.keys, key);

	return r && r->state == RIG_REGION_LIVE ? r : NULL;
}

/*
 * Resolve the elements of an entry to cursors: every key must name a live
 * region of @ctx on @rdev and every element lie inside it.
 */
static bool rig_sges_resolve(struct rig_dev *rdev, struct rig_ctx *ctx,
			     const struct rig_hsi_sge *sge, u32 n,
			     struct rig_cursor *cur)
{
	u32 i;

	for (i = 0; i < n; i++) {
		struct rig_region *r = rig_engine_region(rdev, sge[i].lkey);

		if (!r || r->ctx != ctx ||
		    sge[i].va > r->bytes || sge[i].size > r->bytes - sge[i].va)
			return false;
		cur[i].region = r;
		cur[i].off = sge[i].va;
	}
	return true;
}

/* Copy the elements @src into the elements @dst, @n bytes in all. */
static void rig_copy_sges(struct rig_cursor *dst, const struct rig_hsi_sge *dsge,
			  u32 ndst, struct rig_cursor *src,
			  const struct rig_hsi_sge *ssge, u32 nsrc, u64 n)
{
	u32 di = 0, si = 0;
	u64 dleft = ndst ? dsge[0].size : 0, sleft = nsrc ? ssge[0].size : 0;

	while (n) {
		u64 len;

		while (!dleft && ++di < ndst)
			dleft = dsge[di].size;
		while (!sleft && ++si < nsrc)
			sleft = ssge[si].size;
		if (di >= ndst || si >= nsrc)
			return;
		len = min3(n, dleft, sleft);
		rig_copy(&dst[di], &src[si], len);
		dleft -= len;
		sleft -= len;
		n -= len;
	}
}

/* Completions the ring has room for, by the process's CQ doorbell. */
static u32 rig_cq_room(struct rig_qp *qp)
{
	u64 db = le64_to_cpu((__force __le64)READ_ONCE(qp->db->cq));
	u32 n = qp->cq_entries;
	u32 cons = (db & RIG_BNXT_DBC_INDEX_MASK) % n +
		   ((db & RIG_BNXT_DBC_EPOCH) ? n : 0);
	u32 used = (u32)((qp->cq_prod + 2ULL * n - cons) % (2ULL * n));

	return used > n ? 0 : n - used;
}

static void rig_cq_req(struct rig_qp *qp, u8 status)
{
	struct rig_hsi_req_cqe c = {
		.qp_handle = qp->qp_handle,
		.sq_cons_idx = (qp->sq_done + 1) % qp->entries,
		.status = status,
	};
	void *slot = qp->cq + (qp->cq_prod % qp->cq_entries) * RIG_BNXT_CQE_SIZE;

	rig_hsi_req_cqe_write(slot, &c, rig_hsi_cq_toggle(qp->cq_prod, qp->cq_entries));
	WRITE_ONCE(qp->cq_prod, qp->cq_prod + 1);
	qp->sq_done++;
	wake_up(&qp->ctx->wq);
}

static void rig_cq_res(struct rig_qp *qp, u32 wr_id, u32 length, u8 status)
{
	struct rig_hsi_res_cqe c = {
		.qp_handle = qp->qp_handle,
		.length = length,
		.wr_id = wr_id,
		.status = status,
	};
	void *slot = qp->cq + (qp->cq_prod % qp->cq_entries) * RIG_BNXT_CQE_SIZE;

	rig_hsi_res_cqe_write(slot, &c, rig_hsi_cq_toggle(qp->cq_prod, qp->cq_entries));
	WRITE_ONCE(qp->cq_prod, qp->cq_prod + 1);
	qp->rq_done++;
	wake_up(&qp->ctx->wq);
}

static void rig_qp_fail(struct rig_qp *qp)
{
	qp->state = RIG_BNXT_QP_STATE_ERROR;
	qp->waiting = false;
	WRITE_ONCE(qp->db->state, qp->state);
}

/*
 * Entries a doorbell says are posted beyond @done: its index and epoch
 * name a position on a circle of 2 * @entries.  More than @entries is a
 * corrupt doorbell, reported as U32_MAX.
 */
static u32 rig_posted(u64 *dbp, u32 entries, u32 type, u32 qpn, u64 done)
{
	struct rig_hsi_db db;
	u32 prod, cons, n;

	if (rig_hsi_db_decode(le64_to_cpu((__force __le64)READ_ONCE(*dbp)), &db))
		return done ? U32_MAX : 0;	/* never rung: all zero */
	if (db.type != type || db.xid != qpn || db.index >= entries)
		return U32_MAX;
	prod = db.index + (db.epoch ? entries : 0);
	cons = done % (2ULL * entries);
	n = (prod + 2 * entries - cons) % (2 * entries);
	return n > entries ? U32_MAX : n;
}

static struct rig_qp *rig_engine_find(u64 nic_id, u32 qpn)
{
	struct rig_soft *soft = rig_soft_find(nic_id);

	return soft ? xa_load(&soft->qps, qpn) : NULL;
}

/* Wait for the peer, or fail the entry when the wait is over. */
static bool rig_sq_wait(struct rig_qp *qp, unsigned int ms, u8 status)
{
	if (!qp->waiting) {
		qp->waiting = true;
		qp->deadline = jiffies + msecs_to_jiffies(ms);
		return false;
	}
	if (time_before(jiffies, qp->deadline))
		return false;
	rig_cq_req(qp, status);
	rig_qp_fail(qp);
	return true;
}

/* A SEND: into the oldest receive the peer posted. */
static bool rig_run_send(struct rig_qp *qp, const struct rig_hsi_sqe *sqe)
{
	struct rig_cursor src[RIG_BNXT_MAX_SGES], dst[RIG_BNXT_MAX_SGES];
	struct rig_hsi_rqe rqe;
	struct rig_qp *peer;
	u32 posted;

	peer = rig_engine_find(qp->peer_nic, qp->peer_qpn);
	if (!peer || !peer->connected)
		return rig_sq_wait(qp, retry_timeout_ms,
				   RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	if (!rig_sges_resolve(qp->rdev, qp->ctx, sqe->sge, sqe->nsge, src)) {
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
		return rig_sq_wait(qp, rnr_timeout_ms,
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
	if (!rig_sges_resolve(peer->rdev, peer->ctx, rqe.sge, rqe.nsge, dst)) {
		rig_cq_res(peer, rqe.wr_id, 0, RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR);
		rig_qp_fail(peer);
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR);
		rig_qp_fail(qp);
		return true;
	}
	rig_copy_sges(dst, rqe.sge, rqe.nsge, src, sqe->sge, sqe->nsge, sqe->length);
	/* The completion writers order the bytes before the toggle. */
	rig_cq_res(peer, rqe.wr_id, sqe->length, RIG_BNXT_CQ_RES_RC_STATUS_OK);
	rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_OK);
	return true;
}

/* An RDMA READ: from a region of the peer, which is on this NIC. */
static bool rig_run_read(struct rig_qp *qp, const struct rig_hsi_sqe *sqe)
{
	struct rig_cursor dst[RIG_BNXT_MAX_SGES], src;
	struct rig_hsi_sge remote;
	struct rig_qp *peer;

	peer = rig_engine_find(qp->peer_nic, qp->peer_qpn);
	if (!peer || !peer->connected)
		return rig_sq_wait(qp, retry_timeout_ms,
				   RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	qp->waiting = false;
	if (peer->rdev != qp->rdev ||
	    !rig_sges_resolve(qp->rdev, qp->ctx, sqe->sge, sqe->nsge, dst)) {
		rig_cq_req(qp, peer->rdev != qp->rdev ?
			   RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR :
			   RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR);
		rig_qp_fail(qp);
		return true;
	}
	remote = (struct rig_hsi_sge){ sqe->remote_va, sqe->remote_key, sqe->length };
	if (!rig_sges_resolve(peer->rdev, peer->ctx, &remote, 1, &src)) {
		rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR);
		rig_qp_fail(qp);
		return true;
	}
	rig_copy_sges(dst, sqe->sge, sqe->nsge, &src, &remote, 1, sqe->length);
	rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_OK);
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

/* Run what one queue pair has posted; true if anything happened. */
static bool rig_engine_qp(struct rig_qp *qp, bool *waiting)
{
	bool progress = false;
	int budget = 64;
	u32 posted;

	if (!qp->connected)
		return false;
	if (qp->state == RIG_BNXT_QP_STATE_ERROR)
		return rig_flush(qp);

	while (budget-- > 0) {
		struct rig_hsi_sqe sqe;
		bool done;

		posted = rig_posted(&qp->db->sq, qp->entries, RIG_BNXT_DBC_TYPE_SQ,
				    qp->qpn, qp->sq_done);
		if (!posted || !rig_cq_room(qp))
			break;
		if (posted == U32_MAX ||
		    rig_hsi_sqe_decode(qp->sq + (qp->sq_done % qp->entries) *
				       RIG_BNXT_ENTRY_SIZE, RIG_BNXT_MAX_SGES, &sqe)) {
			rig_cq_req(qp, RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR);
			rig_qp_fail(qp);
			return true;
		}
		if (sqe.type == RIG_BNXT_SQ_WQE_TYPE_SEND)
			done = rig_run_send(qp, &sqe);
		else
			done = rig_run_read(qp, &sqe);
		if (!done) {
			*waiting = true;
			break;
		}
		progress = true;
		if (qp->state == RIG_BNXT_QP_STATE_ERROR)
			break;
	}
	return progress;
}

/* Does any queue pair have a doorbell the engine has not acted on? */
static bool rig_engine_pending(void)
{
	struct rig_qp *qp;

	list_for_each_entry(qp, &rig_engine_qps, node) {
		if (!qp->connected)
			continue;
		if (rig_posted(&qp->db->sq, qp->entries, RIG_BNXT_DBC_TYPE_SQ,
			       qp->qpn, qp->sq_done))
			return true;
		if (qp->state == RIG_BNXT_QP_STATE_ERROR &&
		    rig_posted(&qp->db->rq, qp->entries, RIG_BNXT_DBC_TYPE_RQ,
			       qp->qpn, qp->rq_done))
			return true;
	}
	return false;
}

static void rig_engine_set_idle(u32 idle)
{
	struct rig_qp *qp;

	rig_engine_idle = idle;
	list_for_each_entry(qp, &rig_engine_qps, node)
		WRITE_ONCE(qp->db->engine_idle, idle);
}

/* One pass over every queue pair; *waiting if an entry waits for a peer. */
static bool rig_engine_pass(bool *waiting)
{
	struct rig_qp *qp;
	bool progress = false;

	guard(mutex)(&rig_engine_lock);
	list_for_each_entry(qp, &rig_engine_qps, node)
		progress |= rig_engine_qp(qp, waiting);
	return progress;
}

/*
 * Sleep until kicked.  engine_idle is set, then doorbells are read again
 * behind a full barrier: a process stores its doorbell, then (barrier)
 * reads engine_idle, so one of the two sides always sees the other.
 */
static void rig_engine_sleep(void)
{
	bool pending;

	scoped_guard(mutex, &rig_engine_lock) {
		rig_engine_set_idle(1);
		smp_mb();	/* engine_idle before the doorbells' loads */
		pending = rig_engine_pending();
	}
	if (!pending)
		wait_event_interruptible(rig_engine_wq,
					 READ_ONCE(rig_engine_kicked) ||
					 kthread_should_stop());
	spin_lock_irq(&rig_engine_wq.lock);
	rig_engine_kicked = false;
	spin_unlock_irq(&rig_engine_wq.lock);
	scoped_guard(mutex, &rig_engine_lock)
		rig_engine_set_idle(0);
}

static int rig_engine_thread(void *data)
{
	unsigned long idle_since = jiffies;

	while (!kthread_should_stop()) {
		bool waiting = false;

		if (rig_engine_pass(&waiting)) {
			idle_since = jiffies;
			cond_resched();
			continue;
		}
		if (waiting) {			/* a peer has until a deadline */
			usleep_range(50, 100);
			continue;
		}
		if (time_before(jiffies, idle_since + usecs_to_jiffies(idle_spin_us))) {
			cond_resched();
			continue;
		}
		rig_engine_sleep();
		idle_since = jiffies;
	}
	return 0;
}

/**
 * rig_engine_kick() - wake the engine if it sleeps
 */
void rig_engine_kick(void)
{
	unsigned long flags;

	spin_lock_irqsave(&rig_engine_wq.lock, flags);
	rig_engine_kicked = true;
	wake_up_locked(&rig_engine_wq);
	spin_unlock_irqrestore(&rig_engine_wq.lock, flags);
}

/**
 * rig_engine_add() - number a new queue pair and give it to the engine
 * @qp: a queue pair of a soft NIC, not yet connected
 *
 * Return: 0, or -ENOSPC/-ENOMEM when no number is free.
 */
int rig_engine_add(struct rig_qp *qp)
{
	struct rig_soft *soft = qp->rdev->priv;
	int ret;

	guard(mutex)(&rig_engine_lock);
	ret = xa_alloc_cyclic(&soft->qps, &qp->qpn, qp, XA_LIMIT(1, RIG_BNXT_DBC_XID_MASK),
			      &soft->next_qpn, GFP_KERNEL);
	if (ret < 0)
		return ret;
	list_add_tail(&qp->node, &rig_engine_qps);
	/* A sleeping engine must be kicked for this queue pair too. */
	WRITE_ONCE(qp->db->engine_idle, rig_engine_idle);
	return 0;
}

/**
 * rig_engine_remove() - take a queue pair from the engine
 * @qp: a queue pair given by rig_engine_add()
 *
 * When this returns the engine no longer reads or writes its rings.
 */
void rig_engine_remove(struct rig_qp *qp)
{
	struct rig_soft *soft = qp->rdev->priv;

	guard(mutex)(&rig_engine_lock);
	list_del(&qp->node);
	xa_erase(&soft->qps, qp->qpn);
}

/**
 * rig_engine_start() - start the engine thread
 *
 * Return: 0, or the error of kthread_run().
 */
int rig_engine_start(void)
{
	rig_engine_task = kthread_run(rig_engine_thread, NULL, RIG_NAME "_engine");
	if (IS_ERR(rig_engine_task)) {
		int ret = PTR_ERR(rig_engine_task);

		rig_engine_task = NULL;
		return ret;
	}
	return 0;
}

/**
 * rig_engine_stop() - stop the engine thread; no queue pair is left
 */
void rig_engine_stop(void)
{
	if (!rig_engine_task)
		return;
	WARN_ON_ONCE(!list_empty(&rig_engine_qps));
	kthread_stop(rig_engine_task);
	rig_engine_task = NULL;
}
