// SPDX-License-Identifier: GPL-2.0-only
/*
 * The per-open context: the object tables of one open file, the DMA
 * buffers of RIG_BNXT_DMA_ALLOC, and the teardown of everything at
 * release() or when the NIC goes first (disassociation).
 *
 * This file owns struct rig_ctx's tables and their locking.  Handles and
 * cookies come from xa_alloc_cyclic() with a random start, so they are
 * not guessable and a stale one is unlikely to name a live object.
 */
#include <linux/mm.h>
#include <linux/random.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>

#include "rig.h"
#include "range.h"

/**
 * struct rig_dma - a buffer of RIG_BNXT_DMA_ALLOC, by its handle
 * @buf: the buffer (a reference)
 * @cookie: its mmap cookie, which goes with the handle
 */
struct rig_dma {
	struct rig_buf *buf;
	u32 cookie;
};

static void rig_dma_free(struct rig_ctx *ctx, struct rig_dma *dma)
{
	rig_mmap_del(ctx, dma->cookie);
	rig_buf_put(dma->buf);
	kfree(dma);
}

/* Give @ctx its driver part and list it with its device, if it is there. */
static int rig_ctx_attach(struct rig_ctx *ctx)
{
	struct rig_dev *rdev = ctx->rdev;
	int ret;

	guard(rwsem_read)(&rdev->lock);
	if (rdev->dead)
		return -ENODEV;
	ret = rdev->ops->ctx_init(ctx);
	if (ret)
		return ret;
	scoped_guard(mutex, &rdev->ctxs_lock)
		list_add(&ctx->node, &rdev->ctxs);
	return 0;
}

/**
 * rig_ctx_create() - a new context for a file of @rdev opened by current
 * @rdev: the device; the caller holds a reference, which the context takes
 *
 * The driver's part (@ctx_init) is made here: a file that cannot have a
 * PD or a doorbell page is not opened.
 *
 * Return: the context, or an ERR_PTR: -ENOMEM, -ENODEV (the NIC went),
 * -EDQUOT (the opener holds its share of the NIC), or the driver's error.
 */
struct rig_ctx *rig_ctx_create(struct rig_dev *rdev)
{
	struct rig_ctx *ctx;
	int ret;

	ctx = kzalloc(rdev->ops->ctx_size, GFP_KERNEL_ACCOUNT);
	if (!ctx)
		return ERR_PTR(-ENOMEM);
	ctx->rdev = rdev;
	ctx->mm = current->mm;
	mmgrab(ctx->mm);
	mutex_init(&ctx->lock);
	mutex_init(&ctx->vma_lock);
	spin_lock_init(&ctx->error_lock);
	INIT_LIST_HEAD(&ctx->vmas);
	xa_init_flags(&ctx->regions, XA_FLAGS_ALLOC1);
	xa_init_flags(&ctx->bufs, XA_FLAGS_ALLOC1);
	xa_init_flags(&ctx->mmaps, XA_FLAGS_ALLOC1);
	xa_init_flags(&ctx->qps, XA_FLAGS_ALLOC1);
	init_waitqueue_head(&ctx->wq);
	ctx->next_qp = get_random_u32();
	ctx->next_region = get_random_u32();
	ctx->next_buf = get_random_u32();
	ctx->next_cookie = get_random_u32() & ((1U << 31) - 1);

	ret = rig_share_open(ctx);
	if (ret)
		goto err_free;
	if (rdev->attr.needs_kick) {
		ret = rig_mmap_io(ctx, rdev->attr.status_phys, false, &ctx->status_cookie);
		if (ret)
			goto err_share;
	}

	ret = rig_ctx_attach(ctx);
	if (ret)
		goto err_cookie;
	return ctx;

err_cookie:
	if (ctx->status_cookie)
		rig_mmap_del(ctx, ctx->status_cookie);
err_share:
	rig_share_close(ctx);
err_free:
	xa_destroy(&ctx->mmaps);
	mmdrop(ctx->mm);
	kfree(ctx);
	return ERR_PTR(ret);
}

/**
 * rig_ctx_disassociate() - the NIC goes while @ctx's file is open
 * @ctx: a context of a device that rig_dev_unregister() is taking away;
 *	 the device's @lock is held for writing, so no command runs
 *
 * As uverbs disassociates a ucontext: every mapping is zapped and every
 * object destroyed in the NIC (queue pairs first: they use the regions);
 * memory stays until the file closes, and every later command fails with
 * -ENODEV.  What the firmware would not let go of is forgotten by
 * rig_ctx_forget() once the NIC is quiesced.
 */
void rig_ctx_disassociate(struct rig_ctx *ctx)
{
	struct rig_region *region;
	struct rig_qp *qp;
	unsigned long i;

	lockdep_assert_held_write(&ctx->rdev->lock);
	rig_ctx_zap(ctx);
	xa_for_each(&ctx->qps, i, qp)
		rig_qp_destroy(qp);
	xa_for_each(&ctx->regions, i, region)
		rig_region_lost(region);
	ctx->rdev->ops->ctx_fini(ctx);
	ctx->disassociated = true;
}

/**
 * rig_ctx_forget() - the NIC went: forget what it kept of @ctx
 * @ctx: a disassociated context (the device's @lock held for writing)
 * @quiesced: the NIC reaches none of it any more
 * @lost_qps: if not quiesced, what the NIC kept of @ctx's queue pairs is
 *	      taken from the file and added here (by @limbo, with the
 *	      file's reference), so that closing the file frees none of it
 * @lost_regions: and its regions, likewise
 */
void rig_ctx_forget(struct rig_ctx *ctx, bool quiesced, struct list_head *lost_qps,
		    struct list_head *lost_regions)
{
	struct rig_region *region;
	struct rig_qp *qp;
	unsigned long i;

	lockdep_assert_held_write(&ctx->rdev->lock);
	xa_for_each(&ctx->qps, i, qp) {
		if (quiesced) {
			rig_qp_forget(qp);
		} else if (!qp->gone) {
			xa_erase(&ctx->qps, i);
			list_add(&qp->limbo, lost_qps);
		}
	}
	xa_for_each(&ctx->regions, i, region) {
		if (quiesced) {
			rig_region_forget(region);
		} else if (region->state != RIG_REGION_GONE) {
			xa_erase(&ctx->regions, i);
			list_add(&region->limbo, lost_regions);
		}
	}
}

/**
 * rig_ctx_destroy() - destroy every object of a context, then the context
 * @ctx: a context whose file is being released: no command runs on it and
 *	 no mapping of it is left (each VMA holds the file).
 *
 * The NIC lets go of every object first (unless it already did, when it
 * went): queue pairs, then regions, then the driver's part of the
 * context; only then is memory freed and unpinned.
 */
void rig_ctx_destroy(struct rig_ctx *ctx)
{
	struct rig_dev *rdev = ctx->rdev;
	struct rig_region *region;
	struct rig_dma *dma;
	struct rig_qp *qp;
	void *entry;
	unsigned long i;

	scoped_guard(rwsem_read, &rdev->lock) {
		/* Off the list first: no one else walks its objects from here. */
		scoped_guard(mutex, &rdev->ctxs_lock)
			list_del(&ctx->node);
		if (!ctx->disassociated) {
			/* A broken one is tried again; refused, the device keeps it. */
			xa_for_each(&ctx->qps, i, qp) {
				if (rig_qp_destroy(qp)) {
					xa_erase(&ctx->qps, i);
					rig_qp_keep(qp);
				}
			}
			xa_for_each(&ctx->regions, i, region) {
				xa_erase(&ctx->regions, i);
				rig_region_destroy(region, true);
			}
			rdev->ops->ctx_fini(ctx);
		}
	}

	xa_for_each(&ctx->qps, i, qp)
		rig_qp_put(qp);
	xa_destroy(&ctx->qps);
	xa_for_each(&ctx->regions, i, region)
		rig_region_destroy(region, false);
	xa_destroy(&ctx->regions);
	xa_for_each(&ctx->bufs, i, dma)
		rig_dma_free(ctx, dma);
	xa_destroy(&ctx->bufs);
	xa_for_each(&ctx->mmaps, i, entry)
		rig_mmap_del(ctx, i);
	xa_destroy(&ctx->mmaps);
	rig_share_close(ctx);
	mmdrop(ctx->mm);
	kfree(ctx);
}

/* Give @dma its mmap cookie and its handle, answering @cmd: 0 or -errno. */
static int rig_dma_publish(struct rig_ctx *ctx, struct rig_dma *dma,
			   struct rig_bnxt_dma_alloc *cmd)
{
	int ret;

	guard(mutex)(&ctx->lock);
	ret = rig_mmap_buf(ctx, dma->buf, &dma->cookie);
	if (ret)
		return ret;
	ret = xa_alloc_cyclic(&ctx->bufs, &cmd->handle, dma, xa_limit_32b,
			      &ctx->next_buf, GFP_KERNEL_ACCOUNT);
	if (ret < 0) {
		rig_mmap_del(ctx, dma->cookie);
		return ret;
	}
	cmd->mmap_offset = (u64)dma->cookie << PAGE_SHIFT;
	return 0;
}

/**
 * rig_cmd_dma_alloc() - RIG_BNXT_DMA_ALLOC
 * @ctx: the context
 * @arg: a struct rig_bnxt_dma_alloc
 *
 * Return: 0; -EINVAL for bad fields; -ENOMEM; -EINTR on a fatal signal;
 * -EOPNOTSUPP when the DMA API would bounce the memory.
 */
int rig_cmd_dma_alloc(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_dma_alloc *cmd = arg;
	struct rig_dma *dma;
	u64 bytes;
	int ret;

	if (cmd->flags || cmd->handle || cmd->reserved || cmd->mmap_offset ||
	    cmd->mapped_bytes)
		return -EINVAL;
	ret = rig_round_to_page(cmd->bytes, PAGE_SIZE, &bytes);
	if (ret)
		return ret == -EOVERFLOW ? -ENOMEM : ret;

	dma = kzalloc(sizeof(*dma), GFP_KERNEL_ACCOUNT);
	if (!dma)
		return -ENOMEM;
	dma->buf = rig_buf_alloc(ctx->rdev, bytes >> PAGE_SHIFT, false);
	if (IS_ERR(dma->buf)) {
		ret = rig_ctx_mem_error(ctx, PTR_ERR(dma->buf), "DMA memory");
		goto err_free;
	}

	ret = rig_dma_publish(ctx, dma, cmd);
	if (ret)
		goto err_put;
	cmd->mapped_bytes = bytes;
	return 0;

err_put:
	rig_buf_put(dma->buf);
err_free:
	kfree(dma);
	return ret;
}

/**
 * rig_cmd_dma_free() - RIG_BNXT_DMA_FREE
 * @ctx: the context
 * @arg: a struct rig_bnxt_handle
 *
 * The handle and the mmap offset go; the memory lives on while a mapping
 * or a region uses it.
 *
 * Return: 0, or -EINVAL when the handle names no DMA buffer.
 */
int rig_cmd_dma_free(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_handle *cmd = arg;
	struct rig_dma *dma;

	guard(mutex)(&ctx->lock);
	dma = xa_erase(&ctx->bufs, cmd->handle);
	if (!dma)
		return -EINVAL;
	rig_dma_free(ctx, dma);
	return 0;
}

/**
 * rig_dma_undo() - free a buffer whose RIG_BNXT_DMA_ALLOC answer was lost
 * @ctx: the context
 * @arg: the command's struct rig_bnxt_dma_alloc, as answered
 */
void rig_dma_undo(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_dma_alloc *cmd = arg;
	struct rig_bnxt_handle h = { .handle = cmd->handle };

	rig_cmd_dma_free(ctx, &h);
}
