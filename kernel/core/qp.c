// SPDX-License-Identifier: GPL-2.0-only
/*
 * Queue pairs: RIG_BNXT_CREATE_QP, _CONNECT_QP, _DESTROY_QP and _KICK,
 * and what poll() on the file reports of them.
 *
 * This file owns struct rig_qp from creation to destruction: its rings
 * and doorbell page (one driver buffer, mapped into the process and into
 * the kernel), its handle and mmap cookie.  Running its entries is the
 * engine's (engine.c); a queue pair is on the engine's list from creation
 * until destroy takes it off, under rig_engine_lock.
 */
#include <linux/mm.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>

#include "exec.h"
#include "rig.h"
#include "../../uapi/rig_bnxt_hsi.h"

/* Bytes of each part of a queue pair's mapping, each page-aligned. */
static void rig_qp_layout(struct rig_bnxt_create_qp *cmd, u32 entries)
{
	u32 ring = PAGE_ALIGN(entries * RIG_BNXT_ENTRY_SIZE);

	cmd->cq_entries = 2 * entries;
	cmd->doorbells_offset = 0;
	cmd->sq_offset = PAGE_SIZE;
	cmd->rq_offset = cmd->sq_offset + ring;
	cmd->cq_offset = cmd->rq_offset + ring;
	cmd->mmap_bytes = cmd->cq_offset +
			  PAGE_ALIGN(cmd->cq_entries * RIG_BNXT_CQE_SIZE);
}

static int rig_qp_map(struct rig_qp *qp, const struct rig_bnxt_create_qp *cmd)
{
	struct rig_pages *rp;

	qp->buf = rig_buf_alloc(qp->rdev, cmd->mmap_bytes >> PAGE_SHIFT);
	if (IS_ERR(qp->buf)) {
		int ret = PTR_ERR(qp->buf);

		qp->buf = NULL;
		return ret;
	}
	rp = qp->buf->pages;
	qp->va = vmap(rp->pages, rp->npages, VM_MAP, PAGE_KERNEL);
	if (!qp->va)
		return -ENOMEM;
	qp->db = qp->va + cmd->doorbells_offset;
	qp->sq = qp->va + cmd->sq_offset;
	qp->rq = qp->va + cmd->rq_offset;
	qp->cq = qp->va + cmd->cq_offset;
	return 0;
}

static void rig_qp_free(struct rig_qp *qp)
{
	if (qp->va)
		vunmap(qp->va);
	if (qp->buf)
		rig_buf_put(qp->buf);
	kfree(qp);
}

/**
 * rig_cmd_create_qp() - RIG_BNXT_CREATE_QP
 * @ctx: the context that will own the queue pair
 * @arg: a struct rig_bnxt_create_qp
 *
 * Return: 0, or the errors listed at struct rig_bnxt_create_qp.
 */
int rig_cmd_create_qp(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_create_qp *cmd = arg;
	struct rig_qp *qp;
	int ret;

	if (cmd->entries < 2 || cmd->entries > RIG_BNXT_QP_ENTRIES_MAX ||
	    !is_power_of_2(cmd->entries) || cmd->reserved ||
	    memchr_inv(&cmd->handle, 0, sizeof(*cmd) - offsetof(typeof(*cmd), handle)))
		return -EINVAL;
	if (ctx->rdev->kind != RIG_BNXT_KIND_SOFT)
		return -EOPNOTSUPP;

	qp = kzalloc(sizeof(*qp), GFP_KERNEL_ACCOUNT);
	if (!qp)
		return -ENOMEM;
	qp->ctx = ctx;
	qp->rdev = ctx->rdev;
	qp->qp_handle = cmd->qp_handle;
	qp->entries = cmd->entries;
	rig_qp_layout(cmd, cmd->entries);
	qp->cq_entries = cmd->cq_entries;
	qp->psn = get_random_u32() & 0xffffff;
	qp->mtu = 4096;
	ret = rig_qp_map(qp, cmd);
	if (ret)
		goto err_free;

	mutex_lock(&ctx->lock);
	ret = xa_alloc_cyclic(&ctx->qps, &qp->handle, qp, xa_limit_32b,
			      &ctx->next_qp, GFP_KERNEL_ACCOUNT);
	if (ret < 0)
		goto err_unlock;
	ret = rig_ctx_add_cookie(ctx, qp->buf, &qp->cookie);
	if (ret)
		goto err_erase;
	ret = rig_engine_add(qp);	/* gives the queue pair its number */
	if (ret)
		goto err_cookie;
	/*
	 * Read the answer while the lock still keeps the queue pair: once it
	 * is dropped, another thread may destroy it by its handle.
	 */
	cmd->handle = qp->handle;
	cmd->qpn = qp->qpn;
	cmd->psn = qp->psn;
	cmd->mtu = qp->mtu;
	cmd->mmap_offset = (u64)qp->cookie << PAGE_SHIFT;
	mutex_unlock(&ctx->lock);

	cmd->nic = ctx->rdev->nic_id;
	/* A link-local GID made of the NIC's identity. */
	cmd->address[0] = 0xfe;
	cmd->address[1] = 0x80;
	put_unaligned_be64(ctx->rdev->nic_id, &cmd->address[8]);
	return 0;

err_cookie:
	rig_ctx_del_cookie(ctx, qp->cookie);
err_erase:
	xa_erase(&ctx->qps, qp->handle);
err_unlock:
	mutex_unlock(&ctx->lock);
err_free:
	rig_qp_free(qp);
	return ret;
}

/**
 * rig_cmd_connect_qp() - RIG_BNXT_CONNECT_QP
 * @ctx: the context that owns the queue pair
 * @arg: a struct rig_bnxt_connect_qp
 *
 * Return: 0, or -EINVAL as listed at struct rig_bnxt_connect_qp.
 */
int rig_cmd_connect_qp(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_connect_qp *cmd = arg;
	struct rig_qp *qp;

	if (cmd->reserved || cmd->peer_mtu < 256 ||
	    cmd->peer_qpn > RIG_BNXT_DBC_XID_MASK)
		return -EINVAL;
	guard(mutex)(&ctx->lock);
	qp = xa_load(&ctx->qps, cmd->handle);
	if (!qp)
		return -EINVAL;

	guard(mutex)(&rig_engine_lock);
	if (qp->connected)
		return -EINVAL;
	qp->peer_nic = cmd->peer_nic;
	qp->peer_qpn = cmd->peer_qpn;
	qp->mtu = min(qp->mtu, rounddown_pow_of_two(cmd->peer_mtu));
	qp->connected = true;
	qp->state = RIG_BNXT_QP_STATE_RTS;
	WRITE_ONCE(qp->db->state, qp->state);
	return 0;
}

/**
 * rig_qp_destroy() - take a queue pair off the engine and free it
 * @qp: a queue pair already removed from its context's @qps
 *
 * Once the engine lets go, nothing reaches its rings; a peer that sends
 * to it afterwards finds no queue pair and fails its entry (retry
 * exceeded).
 */
void rig_qp_destroy(struct rig_qp *qp)
{
	rig_engine_remove(qp);
	rig_qp_free(qp);
}

/**
 * rig_cmd_destroy_qp() - RIG_BNXT_DESTROY_QP
 * @ctx: the context that owns the queue pair
 * @arg: a struct rig_bnxt_handle
 *
 * Return: 0, or -EINVAL for a handle that names no queue pair.
 */
int rig_cmd_destroy_qp(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_handle *cmd = arg;
	struct rig_qp *qp;

	mutex_lock(&ctx->lock);
	qp = xa_erase(&ctx->qps, cmd->handle);
	if (qp)
		rig_ctx_del_cookie(ctx, qp->cookie);
	mutex_unlock(&ctx->lock);
	if (!qp)
		return -EINVAL;
	rig_qp_destroy(qp);
	return 0;
}

/**
 * rig_cmd_kick() - RIG_BNXT_KICK: the engine said it sleeps; wake it
 * @ctx: the context that owns the queue pair
 * @arg: a struct rig_bnxt_handle naming the queue pair
 *
 * Return: 0, or -EINVAL for a handle that names no queue pair.
 */
int rig_cmd_kick(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_handle *cmd = arg;

	if (!xa_load(&ctx->qps, cmd->handle))
		return -EINVAL;
	rig_engine_kick();
	return 0;
}

/* Only a ring armed by its last doorbell (CQ_ARMALL) raises an event. */
static bool rig_qp_has_completions(struct rig_qp *qp)
{
	bool armed;
	u32 unread = rig_exec_cq_unread(qp, &armed);

	return armed && unread;
}

/**
 * rig_ctx_has_completions() - does any armed queue pair of @ctx have one?
 * @ctx: the context
 *
 * Return: true when some completion ring whose doorbell is armed
 * (CQ_ARMALL) holds a completion the process has not consumed.
 */
bool rig_ctx_has_completions(struct rig_ctx *ctx)
{
	struct rig_qp *qp;
	unsigned long i;
	bool found = false;

	xa_lock(&ctx->qps);
	xa_for_each(&ctx->qps, i, qp) {
		if (rig_qp_has_completions(qp)) {
			found = true;
			break;
		}
	}
	xa_unlock(&ctx->qps);
	return found;
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
