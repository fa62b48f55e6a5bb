// SPDX-License-Identifier: GPL-2.0-only
/*
 * The per-open context: the object tables of one open file, the mmap
 * cookies it hands out, the DMA buffers of RIG_BNXT_DMA_ALLOC, and the
 * teardown of everything at release().
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

/* Cookies are page offsets of the file: keep cookie << PAGE_SHIFT in off_t. */
#define RIG_COOKIE_LIMIT	XA_LIMIT(1, (1U << 31) - 1)

/**
 * rig_ctx_create() - a new context for a file of @rdev opened by current
 * @rdev: the device; the caller holds a reference, which the context takes
 *
 * Return: the context or ERR_PTR(-ENOMEM).
 */
struct rig_ctx *rig_ctx_create(struct rig_dev *rdev)
{
	struct rig_ctx *ctx;

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL_ACCOUNT);
	if (!ctx)
		return ERR_PTR(-ENOMEM);
	ctx->rdev = rdev;
	ctx->mm = current->mm;
	mmgrab(ctx->mm);
	mutex_init(&ctx->lock);
	xa_init_flags(&ctx->regions, XA_FLAGS_ALLOC1);
	xa_init_flags(&ctx->bufs, XA_FLAGS_ALLOC1);
	xa_init_flags(&ctx->mmaps, XA_FLAGS_ALLOC1);
	xa_init_flags(&ctx->qps, XA_FLAGS_ALLOC1);
	init_waitqueue_head(&ctx->wq);
	ctx->next_qp = get_random_u32();
	ctx->next_region = get_random_u32();
	ctx->next_buf = get_random_u32();
	ctx->next_cookie = get_random_u32() & ((1U << 31) - 1);
	return ctx;
}

/**
 * rig_ctx_destroy() - destroy every object of a context, then the context
 * @ctx: a context whose file is being released: no command runs on it and
 *	 no mapping of it is left (each VMA holds the file).
 *
 * Broken regions are forgotten by the NIC here, after it is quiesced, and
 * only then is their memory freed and unpinned.
 */
void rig_ctx_destroy(struct rig_ctx *ctx)
{
	struct rig_region *region;
	struct rig_buf *buf;
	struct rig_qp *qp;
	unsigned long i;

	/* Queue pairs first: the engine stops using regions with them. */
	xa_for_each(&ctx->qps, i, qp)
		rig_qp_destroy(qp);
	xa_destroy(&ctx->qps);
	xa_for_each(&ctx->regions, i, region)
		rig_region_destroy(ctx, region);
	xa_destroy(&ctx->regions);
	xa_for_each(&ctx->bufs, i, buf)
		rig_buf_put(buf);
	xa_destroy(&ctx->bufs);
	xa_for_each(&ctx->mmaps, i, buf)
		rig_buf_put(buf);
	xa_destroy(&ctx->mmaps);
	mmdrop(ctx->mm);
	kfree(ctx);
}

/**
 * rig_ctx_add_cookie() - publish @buf at a new mmap cookie
 * @ctx: the context
 * @buf: the buffer; the cookie takes a reference
 * @cookie: where the cookie is stored
 *
 * Return: 0 or -ENOMEM/-EBUSY from the xarray.
 */
int rig_ctx_add_cookie(struct rig_ctx *ctx, struct rig_buf *buf, u32 *cookie)
{
	u32 id;
	int ret;

	kref_get(&buf->kref);
	ret = xa_alloc_cyclic(&ctx->mmaps, &id, NULL, RIG_COOKIE_LIMIT,
			      &ctx->next_cookie, GFP_KERNEL_ACCOUNT);
	if (ret < 0) {
		rig_buf_put(buf);
		return ret;
	}
	/* The cookie is reserved (NULL) until buf->pgoff is set. */
	buf->pgoff = id;
	xa_store(&ctx->mmaps, id, buf, GFP_KERNEL);
	*cookie = id;
	return 0;
}

/**
 * rig_ctx_del_cookie() - take a cookie away; existing mappings stay
 * @ctx: the context
 * @cookie: from rig_ctx_add_cookie()
 */
void rig_ctx_del_cookie(struct rig_ctx *ctx, u32 cookie)
{
	struct rig_buf *buf = xa_erase(&ctx->mmaps, cookie);

	if (buf)
		rig_buf_put(buf);
}

/**
 * rig_ctx_mmap() - map the buffer published at the cookie vma->vm_pgoff
 * @ctx: the context
 * @vma: the new mapping; called with the mmap lock held for writing
 *
 * Return: 0; -EINVAL for an unknown cookie or a mapping longer than the
 * buffer; -EPERM when called by another process than the opener.
 */
int rig_ctx_mmap(struct rig_ctx *ctx, struct vm_area_struct *vma)
{
	struct rig_buf *buf;
	int ret;

	if (current->mm != ctx->mm)
		return -EPERM;
	if (vma->vm_pgoff > U32_MAX)
		return -EINVAL;

	xa_lock(&ctx->mmaps);
	buf = xa_load(&ctx->mmaps, vma->vm_pgoff);
	if (buf)
		kref_get(&buf->kref);
	xa_unlock(&ctx->mmaps);
	if (!buf)
		return -EINVAL;

	ret = rig_buf_mmap(buf, vma);
	rig_buf_put(buf);
	return ret;
}

/**
 * rig_cmd_dma_alloc() - RIG_BNXT_DMA_ALLOC
 * @ctx: the context
 * @arg: a struct rig_bnxt_dma_alloc
 *
 * Return: 0; -EINVAL for bad fields; -ENOMEM; -EINTR on a fatal signal.
 */
int rig_cmd_dma_alloc(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_dma_alloc *cmd = arg;
	struct rig_buf *buf;
	u64 bytes;
	u32 cookie;
	int ret;

	if (cmd->flags || cmd->handle || cmd->reserved || cmd->mmap_offset ||
	    cmd->mapped_bytes)
		return -EINVAL;
	ret = rig_round_to_page(cmd->bytes, PAGE_SIZE, &bytes);
	if (ret)
		return ret == -EOVERFLOW ? -ENOMEM : ret;

	buf = rig_buf_alloc(ctx->rdev, bytes >> PAGE_SHIFT);
	if (IS_ERR(buf))
		return PTR_ERR(buf);

	guard(mutex)(&ctx->lock);
	ret = xa_alloc_cyclic(&ctx->bufs, &cmd->handle, buf, xa_limit_32b,
			      &ctx->next_buf, GFP_KERNEL_ACCOUNT);
	if (ret < 0)
		goto err_put;
	ret = rig_ctx_add_cookie(ctx, buf, &cookie);
	if (ret)
		goto err_erase;
	cmd->mmap_offset = (u64)cookie << PAGE_SHIFT;
	cmd->mapped_bytes = bytes;
	return 0;

err_erase:
	xa_erase(&ctx->bufs, cmd->handle);
err_put:
	rig_buf_put(buf);
	return ret;
}

/**
 * rig_cmd_dma_free() - RIG_BNXT_DMA_FREE
 * @ctx: the context
 * @arg: a struct rig_bnxt_handle
 *
 * Return: 0, or -EINVAL when the handle names no DMA buffer.
 */
int rig_cmd_dma_free(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_handle *cmd = arg;
	struct rig_buf *buf;

	guard(mutex)(&ctx->lock);
	buf = xa_erase(&ctx->bufs, cmd->handle);
	if (!buf)
		return -EINVAL;
	rig_ctx_del_cookie(ctx, buf->pgoff);
	rig_buf_put(buf);
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
