// SPDX-License-Identifier: GPL-2.0-only
/*
 * Queue pairs as their file names them: RIG_BNXT_CREATE_QP, _CONNECT_QP,
 * _DESTROY_QP, _KICK and _WAIT, and what poll() on the file reports.
 *
 * This file owns struct rig_qp: its handle, its rings' memory (one buffer
 * the process maps and the NIC reaches), the mmap cookies of the rings and
 * of its doorbell pages, its reference count, and its completion events.
 * What the NIC makes of a queue pair (its completion queue and queue pair
 * in the firmware, the doorbell pages it rings) is the driver's.
 */
#include <linux/jiffies.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include "rig.h"
#include "../../uapi/rig_bnxt_hsi.h"

static void rig_qp_free(struct kref *kref)
{
	struct rig_qp *qp = container_of(kref, struct rig_qp, kref);

	if (qp->rings)
		rig_buf_put(qp->rings);
	kfree(qp);
}

/**
 * rig_qp_put() - drop a reference to a queue pair
 * @qp: the queue pair; freed with the last reference, once destroyed
 */
void rig_qp_put(struct rig_qp *qp)
{
	kref_put(&qp->kref, rig_qp_free);
}

/**
 * rig_qp_destroy() - make the NIC let go of a queue pair
 * @qp: a queue pair of a context, under its @lock, or of a context being
 *	disassociated or released (the device's @lock held)
 *
 * Waiters give up either way.  Its memory lives while references to it
 * do.  A refusal marks it broken; it may be destroyed again.
 *
 * Return: 0, or the driver's refusal (-EIO, -ETIMEDOUT).
 */
int rig_qp_destroy(struct rig_qp *qp)
{
	int ret;

	lockdep_assert(lockdep_is_held(&qp->ctx->lock) ||
		       lockdep_is_held(&qp->ctx->rdev->lock));
	if (qp->gone)
		return 0;
	ret = qp->ctx->rdev->ops->destroy_qp(qp);
	if (ret)
		WRITE_ONCE(qp->broken, true);
	else
		WRITE_ONCE(qp->gone, true);
	wake_up_all(&qp->wq);
	return ret;
}

/**
 * rig_qp_keep() - a closing file's queue pair the firmware would not let go of
 * @qp: a queue pair taken from its context, whose reference passes to the
 *	device's @qp_limbo
 *
 * Its memory cannot be freed while the NIC may reach it: it is kept until
 * the NIC goes (rig_dev_unregister() quiesces the NIC first).
 */
void rig_qp_keep(struct rig_qp *qp)
{
	struct rig_dev *rdev = qp->ctx->rdev;

	dev_warn(&rdev->dev,
		 "the firmware keeps queue pair %u of a closed file: %llu bytes of rings stay allocated until the NIC is removed\n",
		 qp->qpn, qp->layout.bytes);
	guard(mutex)(&rdev->dma_lock);
	list_add(&qp->limbo, &rdev->qp_limbo);
}

/**
 * rig_qp_forget() - the NIC reaches a queue pair no more (it was quiesced)
 * @qp: a queue pair of a context being taken from the NIC, or in limbo
 */
void rig_qp_forget(struct rig_qp *qp)
{
	if (qp->gone)
		return;
	qp->ctx->rdev->ops->forget_qp(qp);
	WRITE_ONCE(qp->gone, true);
	wake_up_all(&qp->wq);
}

/**
 * rig_qp_event() - a queue pair's completion ring raised an event
 * @qp: the queue pair; the driver keeps it alive across the call
 *
 * Called by the driver from its interrupt path: any context.
 */
void rig_qp_event(struct rig_qp *qp)
{
	WRITE_ONCE(qp->event, true);
	wake_up(&qp->wq);
	wake_up(&qp->ctx->wq);
}

/* Publish the rings and each distinct doorbell page at mmap cookies. */
static int rig_qp_cookies(struct rig_ctx *ctx, struct rig_qp *qp)
{
	int i, j, ret;

	ret = rig_mmap_buf(ctx, qp->rings, &qp->cookies[0]);
	if (ret)
		return ret;
	for (i = 0; i < 3; i++) {
		/* On hardware the three doorbells share the file's page. */
		for (j = 0; j < i; j++)
			if (qp->db_phys[j] == qp->db_phys[i])
				break;
		if (j < i) {
			qp->cookies[1 + i] = qp->cookies[1 + j];
			continue;
		}
		ret = rig_mmap_io(ctx, qp->db_phys[i], true, &qp->cookies[1 + i]);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Its doorbell pages go back to the NIC with it, which may give them to
 * another process's queue pair: no mapping of them may outlive it.
 * Shared cookies were published once; a gone one is a no-op.
 */
static void rig_qp_revoke_doorbells(struct rig_ctx *ctx, struct rig_qp *qp)
{
	int i;

	for (i = 1; i < 4; i++)
		if (qp->cookies[i])
			rig_mmap_revoke(ctx, qp->cookies[i]);
}

/* Take every cookie away: the rings' memory lives while mapped. */
static void rig_qp_del_cookies(struct rig_ctx *ctx, struct rig_qp *qp)
{
	rig_qp_revoke_doorbells(ctx, qp);
	if (qp->cookies[0])
		rig_mmap_del(ctx, qp->cookies[0]);
}

static void rig_qp_answer(struct rig_qp *qp, struct rig_bnxt_create_qp *cmd)
{
	struct rig_dev *rdev = qp->ctx->rdev;

	cmd->handle = qp->handle;
	cmd->qpn = qp->qpn;
	cmd->psn = qp->psn;
	cmd->mtu = qp->mtu;
	cmd->nic = rdev->nic_id;
	memcpy(cmd->address, qp->address, sizeof(cmd->address));
	cmd->mmap_offset = (u64)qp->cookies[0] << PAGE_SHIFT;
	cmd->mmap_bytes = qp->layout.bytes;
	cmd->sq_offset = qp->layout.sq_offset;
	cmd->psn_offset = qp->layout.psn_offset;
	cmd->rq_offset = qp->layout.rq_offset;
	cmd->cq_offset = qp->layout.cq_offset;
	cmd->cq_entries = qp->cq_entries;
	cmd->cqn = qp->cqn;
	cmd->sq_db_offset = (u64)qp->cookies[1 + RIG_DB_SQ] << PAGE_SHIFT;
	cmd->rq_db_offset = (u64)qp->cookies[1 + RIG_DB_RQ] << PAGE_SHIFT;
	cmd->cq_db_offset = (u64)qp->cookies[1 + RIG_DB_CQ] << PAGE_SHIFT;
	cmd->sq_slots = qp->layout.sq_slots;
	cmd->rq_slots = qp->layout.rq_slots;
}

static bool rig_qp_cmd_valid(struct rig_dev *rdev, const struct rig_bnxt_create_qp *cmd)
{
	return cmd->entries >= 2 && cmd->entries <= rdev->attr.max_entries &&
	       is_power_of_2(cmd->entries) &&
	       !memchr_inv(&cmd->handle, 0, sizeof(*cmd) - offsetof(typeof(*cmd), handle));
}

/**
 * rig_cmd_create_qp() - RIG_BNXT_CREATE_QP
 * @ctx: the context that will own the queue pair
 * @arg: a struct rig_bnxt_create_qp
 *
 * Return: 0, or the errors listed at struct rig_bnxt_create_qp; -EDQUOT
 * when the file's opener holds its share of the NIC's queue pairs or
 * doorbell pages.
 */
int rig_cmd_create_qp(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_create_qp *cmd = arg;
	struct rig_dev *rdev = ctx->rdev;
	struct rig_qp *qp;
	int ret;

	if (!rig_qp_cmd_valid(rdev, cmd))
		return -EINVAL;
	ret = rig_share_take(ctx, 1, 0);
	if (ret)
		return ret;

	qp = kzalloc(rdev->ops->qp_size, GFP_KERNEL_ACCOUNT);
	if (!qp) {
		rig_share_give(ctx, 1, 0);
		return -ENOMEM;
	}
	kref_init(&qp->kref);
	init_waitqueue_head(&qp->wq);
	qp->ctx = ctx;
	qp->entries = cmd->entries;
	qp->cq_entries = 2 * cmd->entries + RIG_BNXT_CQ_SLACK;
	qp->qp_handle = cmd->qp_handle;
	rdev->ops->qp_layout(rdev, cmd->entries, &qp->layout);
	qp->rings = rig_buf_alloc(rdev, qp->layout.bytes >> PAGE_SHIFT, false);
	if (IS_ERR(qp->rings)) {
		ret = rig_ctx_mem_error(ctx, PTR_ERR(qp->rings), "queue pair rings");
		qp->rings = NULL;
		goto err_put;
	}
	ret = rdev->ops->create_qp(qp);
	if (ret)
		goto err_destroy;
	rdev->ops->address(rdev, qp->address);

	mutex_lock(&ctx->lock);
	ret = rig_qp_cookies(ctx, qp);
	if (ret)
		goto err_cookies;
	ret = xa_alloc_cyclic(&ctx->qps, &qp->handle, qp, xa_limit_32b,
			      &ctx->next_qp, GFP_KERNEL_ACCOUNT);
	if (ret < 0)
		goto err_cookies;
	/*
	 * Read the answer while the lock still keeps the queue pair: once it
	 * is dropped, another thread may destroy it by its handle.
	 */
	rig_qp_answer(qp, cmd);
	mutex_unlock(&ctx->lock);
	return 0;

err_cookies:
	rig_qp_del_cookies(ctx, qp);
	mutex_unlock(&ctx->lock);
err_destroy:
	/* What the driver made of it before it failed goes too. */
	if (rig_qp_destroy(qp)) {
		/* Kept by the NIC: counted against the file until it closes. */
		rig_qp_keep(qp);
		return ret;
	}
err_put:
	rig_qp_put(qp);
	rig_share_give(ctx, 1, 0);
	return ret;
}

/**
 * rig_cmd_connect_qp() - RIG_BNXT_CONNECT_QP
 * @ctx: the context that owns the queue pair
 * @arg: a struct rig_bnxt_connect_qp
 *
 * Return: 0, -EINVAL as listed at struct rig_bnxt_connect_qp, or the
 * driver's error (-EIO when the firmware refuses).
 */
int rig_cmd_connect_qp(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_connect_qp *cmd = arg;
	struct rig_qp *qp;
	int ret;

	if (cmd->path_mtu || cmd->peer_mtu < 256 ||
	    cmd->peer_qpn > RIG_BNXT_DBC_XID_MASK)
		return -EINVAL;
	guard(mutex)(&ctx->lock);
	qp = xa_load(&ctx->qps, cmd->handle);
	if (!qp || qp->connected)
		return -EINVAL;
	if (qp->broken)
		return -EIO;
	ret = ctx->rdev->ops->connect_qp(qp, cmd);
	if (ret)
		return ret;
	qp->connected = true;
	cmd->path_mtu = qp->mtu;
	return 0;
}

/**
 * rig_cmd_destroy_qp() - RIG_BNXT_DESTROY_QP
 * @ctx: the context that owns the queue pair
 * @arg: a struct rig_bnxt_handle
 *
 * Its doorbell pages are unmapped first, whatever the firmware answers.
 *
 * Return: 0; -EINVAL for a handle that names no queue pair; -EIO when the
 * firmware refuses (or refused before: the queue pair is broken, every
 * later command on it fails, and its memory stays until the file closes)
 * and -ETIMEDOUT when it does not answer.
 */
int rig_cmd_destroy_qp(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_handle *cmd = arg;
	struct rig_qp *qp;
	int ret;

	scoped_guard(mutex, &ctx->lock) {
		qp = xa_load(&ctx->qps, cmd->handle);
		if (!qp)
			return -EINVAL;
		if (qp->broken)
			return -EIO;
		/* Before the NIC has its doorbell pages back to give away. */
		rig_qp_revoke_doorbells(ctx, qp);
		ret = rig_qp_destroy(qp);
		if (ret) {
			dev_warn_ratelimited(&ctx->rdev->dev,
					     "queue pair %u is broken (%pe): its memory stays until the file is closed\n",
					     qp->qpn, ERR_PTR(ret));
			return ret;
		}
		xa_erase(&ctx->qps, cmd->handle);
		rig_qp_del_cookies(ctx, qp);
	}
	rig_qp_put(qp);
	rig_share_give(ctx, 1, 0);
	return 0;
}

/**
 * rig_qp_undo() - destroy a queue pair whose RIG_BNXT_CREATE_QP answer was lost
 * @ctx: the context
 * @arg: the command's struct rig_bnxt_create_qp, as answered
 */
void rig_qp_undo(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_create_qp *cmd = arg;
	struct rig_bnxt_handle h = { .handle = cmd->handle };

	rig_cmd_destroy_qp(ctx, &h);
}

/**
 * rig_cmd_kick() - RIG_BNXT_KICK: the NIC said it sleeps; wake it
 * @ctx: the context that owns the queue pair
 * @arg: a struct rig_bnxt_handle naming the queue pair
 *
 * Return: 0; -EINVAL for a handle that names no queue pair; -EOPNOTSUPP
 * on a NIC that needs no kick.
 */
int rig_cmd_kick(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_handle *cmd = arg;
	struct rig_dev *rdev = ctx->rdev;

	if (!xa_load(&ctx->qps, cmd->handle))
		return -EINVAL;
	if (!rdev->attr.needs_kick)
		return -EOPNOTSUPP;
	rdev->ops->kick(rdev);
	return 0;
}

/* The queue pair @handle names, with a reference, if the NIC is there. */
static struct rig_qp *rig_qp_get(struct rig_ctx *ctx, u32 handle, int *err)
{
	struct rig_qp *qp;

	guard(rwsem_read)(&ctx->rdev->lock);
	if (ctx->rdev->dead) {
		*err = -ENODEV;
		return NULL;
	}
	xa_lock(&ctx->qps);
	qp = xa_load(&ctx->qps, handle);
	if (qp)
		kref_get(&qp->kref);
	xa_unlock(&ctx->qps);
	*err = -EINVAL;
	return qp;
}

/* Sleep until @qp has an event, goes, or @ms pass: 0 or -errno. */
static int rig_qp_sleep(struct rig_qp *qp, unsigned int ms)
{
	struct rig_dev *rdev = qp->ctx->rdev;
	long left;

	left = wait_event_interruptible_timeout(qp->wq,
						READ_ONCE(qp->event) || READ_ONCE(qp->gone) ||
						READ_ONCE(qp->broken) || READ_ONCE(rdev->dead),
						msecs_to_jiffies(ms));
	if (left < 0)
		return -EINTR;
	return 0;
}

/**
 * rig_cmd_wait() - RIG_BNXT_WAIT, which manages its own locking
 * @ctx: the context that owns the queue pair
 * @uarg: the caller's struct rig_bnxt_wait
 *
 * The device's @lock is not held while sleeping: the NIC may go, and the
 * queue pair may be destroyed, meanwhile (both wake the sleeper).
 *
 * Return: 0 with an event collected; -ETIMEDOUT, -EINTR, -EINVAL, -ENODEV,
 * -EFAULT, -E2BIG as copy_struct_from_user() says.
 */
int rig_cmd_wait(struct rig_ctx *ctx, void __user *uarg)
{
	struct rig_bnxt_wait cmd;
	struct rig_qp *qp;
	u32 usize;
	int ret;

	if (get_user(usize, (u32 __user *)uarg))
		return -EFAULT;
	if (usize < sizeof(cmd) || usize > PAGE_SIZE)
		return -EINVAL;
	ret = copy_struct_from_user(&cmd, sizeof(cmd), uarg, usize);
	if (ret)
		return ret;
	if (cmd.reserved)
		return -EINVAL;

	qp = rig_qp_get(ctx, cmd.handle, &ret);
	if (!qp)
		return ret;
	ret = 0;
	if (cmd.timeout_ms)
		ret = rig_qp_sleep(qp, cmd.timeout_ms);
	if (!ret) {
		if (xchg(&qp->event, false))
			ret = 0;
		else if (READ_ONCE(ctx->rdev->dead))
			ret = -ENODEV;
		else if (READ_ONCE(qp->broken))
			ret = -EIO;
		else if (READ_ONCE(qp->gone))
			ret = -EINVAL;
		else
			ret = -ETIMEDOUT;
	}
	rig_qp_put(qp);
	return ret;
}

/**
 * rig_ctx_has_events() - has any queue pair of @ctx an event not collected?
 * @ctx: the context
 *
 * Return: true when some completion ring raised an event that no
 * RIG_BNXT_WAIT has collected yet.
 */
bool rig_ctx_has_events(struct rig_ctx *ctx)
{
	struct rig_qp *qp;
	unsigned long i;
	bool found = false;

	xa_lock(&ctx->qps);
	xa_for_each(&ctx->qps, i, qp) {
		if (READ_ONCE(qp->event)) {
			found = true;
			break;
		}
	}
	xa_unlock(&ctx->qps);
	return found;
}
