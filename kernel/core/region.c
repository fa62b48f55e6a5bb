// SPDX-License-Identifier: GPL-2.0-only
/*
 * Regions: memory a NIC reads and writes, registered with its firmware.
 *
 * This file owns struct rig_region from RIG_BNXT_REG_REGION to
 * RIG_BNXT_DEREG_REGION or release(): which memory each type may use (the
 * IOMMU rules), the pages' DMA addresses the driver registers, and the
 * broken state a region enters when the firmware will not let it go.
 * Memory itself is mem.c's and buf.c's, dma-bufs dmabuf.c's; bus-address
 * checks are bar.c's;
 * what the firmware is told is the driver's (struct rig_dev_ops).
 */
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "rig.h"
#include "range.h"

static void rig_region_free_runs(struct rig_region *region)
{
	u32 i;

	for (i = 0; i < region->nruns; i++) {
		rig_bar_untrack(&region->runs[i]);
		pci_dev_put(region->runs[i].pdev);
	}
	kvfree(region->runs);
}

/**
 * rig_region_free() - free a region's memory and the region
 * @region: a region the NIC no longer reaches
 */
void rig_region_free(struct rig_region *region)
{
	if (region->buf)
		rig_buf_put(region->buf);
	rig_uncharge(&region->charge);
	if (region->pinned)
		rig_pages_release(region->pinned);
	if (region->runs)
		rig_region_free_runs(region);
	if (region->dmabuf)
		rig_dmabuf_put(region->dmabuf);
	kfree(region);
}

/**
 * rig_region_pages() - how many pages a region's memory spans
 * @region: the region
 *
 * Return: its length in pages (every region starts on a page).
 */
u64 rig_region_pages(const struct rig_region *region)
{
	return DIV_ROUND_UP(region->bytes, PAGE_SIZE);
}

/**
 * rig_region_dma() - walk the addresses the NIC reaches a region's pages at
 * @region: the region, being registered (its device's @lock held)
 * @it: started here; rig_for_each_dma_page() gives the pages in order
 *
 * Host and pages regions give the DMA API's addresses of their pages;
 * device regions the bus addresses of their runs, page by page (no IOMMU
 * lies between: such regions are refused behind one); dma-buf regions
 * the exporter's mapping for the NIC.
 *
 * Return: 0, or -ENODEV when the memory is no longer mapped for the NIC.
 */
int rig_region_dma(struct rig_region *region, struct rig_dma_iter *it)
{
	if (region->runs) {
		rig_dma_iter_runs(it, region->runs, region->nruns);
		return 0;
	}
	if (region->dmabuf) {
		rig_dma_iter_sg(it, region->dmabuf->sgt, region->dmabuf->first,
				rig_region_pages(region));
		return 0;
	}
	if (region->buf)
		return rig_buf_dma(region->buf, region->offset >> PAGE_SHIFT,
				   rig_region_pages(region), it);
	if (!region->pinned->mapped)
		return -ENODEV;
	rig_dma_iter_sg(it, &region->pinned->sgt, 0, rig_region_pages(region));
	return 0;
}

static int rig_region_host(struct rig_ctx *ctx, struct rig_region *region,
			   const struct rig_bnxt_reg_region *cmd)
{
	u64 bytes;
	int ret;

	if (cmd->address || cmd->count)
		return -EINVAL;
	ret = rig_round_to_page(cmd->bytes, PAGE_SIZE, &bytes);
	if (ret)
		return ret == -EOVERFLOW ? -ENOMEM : ret;

	region->buf = rig_buf_alloc(ctx->rdev, bytes >> PAGE_SHIFT, false);
	if (IS_ERR(region->buf)) {
		ret = rig_ctx_mem_error(ctx, PTR_ERR(region->buf), "host region");
		region->buf = NULL;
		return ret;
	}
	region->bytes = bytes;
	return 0;
}

static int rig_region_pages_of(struct rig_ctx *ctx, struct rig_region *region,
			       const struct rig_bnxt_reg_region *cmd)
{
	struct rig_dev *rdev = ctx->rdev;
	unsigned long offset, npages;
	struct rig_buf *buf;
	u64 end;

	if (cmd->count || !cmd->bytes || !PAGE_ALIGNED(cmd->address) ||
	    check_add_overflow(cmd->address, cmd->bytes, &end) ||
	    end > TASK_SIZE)
		return -EINVAL;

	/* Memory rig allocated for this NIC: any NIC takes it. */
	mmap_read_lock(current->mm);
	buf = rig_buf_lookup(rdev, cmd->address, cmd->bytes, &offset);
	mmap_read_unlock(current->mm);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	if (buf) {
		region->buf = buf;
		region->offset = offset;
		region->bytes = cmd->bytes;
		return rig_charge(&region->charge, rig_region_pages(region));
	}

	/*
	 * Without an IOMMU the NIC would keep writing pinned pages that go
	 * back to the system when the process dies: refuse them.
	 */
	if (!rdev->attr.iommu)
		return -EOPNOTSUPP;

	npages = DIV_ROUND_UP(cmd->bytes, PAGE_SIZE);
	region->pinned = rig_pages_pin(rdev, cmd->address, npages);
	if (IS_ERR(region->pinned)) {
		int err = PTR_ERR(region->pinned);

		region->pinned = NULL;
		return rig_ctx_mem_error(ctx, err, "pages region");
	}
	region->bytes = cmd->bytes;
	return 0;
}

static int rig_region_device(struct rig_ctx *ctx, struct rig_region *region,
			     const struct rig_bnxt_reg_region *cmd)
{
	struct rig_bnxt_run *runs;
	u64 total;
	u32 i;
	int ret;

	if (cmd->bytes || !cmd->count || cmd->count > RIG_BNXT_RUNS_MAX)
		return -EINVAL;
	runs = memdup_array_user(u64_to_user_ptr(cmd->address), cmd->count,
				 sizeof(*runs));
	if (IS_ERR(runs))
		return PTR_ERR(runs);
	ret = rig_runs_check(runs, cmd->count, &total);
	if (ret)
		goto out;

	/* An IOMMU maps no other device's memory for the NIC. */
	ret = -EOPNOTSUPP;
	if (ctx->rdev->attr.iommu)
		goto out;
	/* A NIC aimed at a BAR is PCI access: refused as pci-sysfs refuses it. */
	ret = security_locked_down(LOCKDOWN_PCI_ACCESS);
	if (ret)
		goto out;
	ret = -EPERM;
	if (!capable(CAP_SYS_RAWIO))
		goto out;

	ret = -ENOMEM;
	region->runs = kvcalloc(cmd->count, sizeof(*region->runs),
				GFP_KERNEL_ACCOUNT);
	if (!region->runs)
		goto out;
	for (i = 0; i < cmd->count; i++) {
		struct rig_devrun *run = &region->runs[i];

		run->region = region;
		ret = rig_bar_take(runs[i].address, runs[i].bytes, run);
		if (ret)
			goto out;
		region->nruns++;
	}
	region->bytes = total;
out:
	kfree(runs);
	return ret;
}

static int rig_region_dmabuf(struct rig_ctx *ctx, struct rig_region *region,
			     const struct rig_bnxt_reg_region *cmd)
{
	struct rig_dmabuf *db;

	if (cmd->count)
		return -EINVAL;
	db = rig_dmabuf_get(ctx->rdev, cmd->fd, cmd->address, cmd->bytes);
	if (IS_ERR(db)) {
		int err = PTR_ERR(db);

		/* Not a dma-buf, or not that range of it: the caller's mistake. */
		if (err == -EBADF || err == -EINVAL)
			return err;
		return rig_ctx_error(ctx, err,
				     "dma-buf region: the exporter will not pin or map it for the NIC (%pe)",
				     ERR_PTR(err));
	}
	region->dmabuf = db;
	region->bytes = cmd->bytes;
	return 0;
}

/* Was the device of one of its runs removed since it was found? */
static bool rig_region_runs_gone(struct rig_region *region)
{
	u32 i;

	for (i = 0; i < region->nruns; i++)
		if (rig_bar_gone(&region->runs[i]))
			return true;
	return false;
}

static int rig_region_memory(struct rig_ctx *ctx, struct rig_region *region,
			     const struct rig_bnxt_reg_region *cmd)
{
	if (cmd->reserved || (cmd->type != RIG_BNXT_REGION_DMABUF && cmd->fd))
		return -EINVAL;
	switch (cmd->type) {
	case RIG_BNXT_REGION_HOST:
		return rig_region_host(ctx, region, cmd);
	case RIG_BNXT_REGION_PAGES:
		return rig_region_pages_of(ctx, region, cmd);
	case RIG_BNXT_REGION_DEVICE:
		return rig_region_device(ctx, region, cmd);
	case RIG_BNXT_REGION_DMABUF:
		return rig_region_dmabuf(ctx, region, cmd);
	}
	return -EINVAL;
}

/*
 * A region no file names any more that the firmware would not let go of:
 * its memory cannot be freed while the NIC may reach it.  It is kept in
 * the device's limbo until the NIC goes (rig_dev_unregister()).
 */
static void rig_region_keep(struct rig_region *region)
{
	struct rig_dev *rdev = region->ctx->rdev;

	dev_warn(&rdev->dev,
		 "the firmware keeps a region no file names: %llu bytes stay %s until the NIC is removed\n",
		 region->bytes, region->pinned ? "pinned" : "allocated");
	scoped_guard(mutex, &rdev->dma_lock)
		list_add(&region->limbo, &rdev->limbo);
}

/*
 * Register @region, its memory made, with the NIC and give it to the file,
 * answering @cmd; the caller holds the device's @lock for reading and the
 * NIC is there.  On failure the NIC has let go of it again, or, if it
 * would not, it is kept (*@kept) in the device's limbo until the NIC goes.
 */
static int rig_region_publish(struct rig_ctx *ctx, struct rig_region *region,
			      struct rig_bnxt_reg_region *cmd, bool *kept)
{
	struct rig_dev *rdev = ctx->rdev;
	int ret;

	lockdep_assert_held_read(&rdev->lock);
	ret = rdev->ops->reg_region(region);
	if (ret)
		return ret;

	mutex_lock(&ctx->lock);
	ret = xa_alloc_cyclic(&ctx->regions, &region->handle, region,
			      xa_limit_32b, &ctx->next_region, GFP_KERNEL_ACCOUNT);
	if (ret < 0)
		goto err_unlock;
	/*
	 * A removal of a run's device from here on finds the region in the
	 * file (rig_region_deregister_gone() takes this lock); one before, not: it
	 * marked the run gone, seen here.
	 */
	if (region->runs && rig_region_runs_gone(region)) {
		ret = rig_ctx_error(ctx, -ENXIO, "region: the device of a run is being removed");
		goto err_erase;
	}
	if (region->type == RIG_BNXT_REGION_HOST) {
		ret = rig_mmap_buf(ctx, region->buf, &region->cookie);
		if (ret)
			goto err_erase;
		cmd->mmap_offset = (u64)region->cookie << PAGE_SHIFT;
	}
	/*
	 * Read the answer while the lock still keeps the region: once it is
	 * dropped, another thread may deregister it by its handle.
	 */
	cmd->handle = region->handle;
	cmd->key = region->key;
	cmd->region_bytes = region->bytes;
	mutex_unlock(&ctx->lock);
	return 0;

err_erase:
	xa_erase(&ctx->regions, region->handle);
err_unlock:
	mutex_unlock(&ctx->lock);
	if (rdev->ops->dereg_region(region)) {
		/*
		 * The NIC keeps its key: its memory stays with the NIC, as at
		 * close, counted against the file until then.
		 */
		rig_region_keep(region);
		*kept = true;
		return rig_ctx_error(ctx, ret,
				     "region: undoing a registration failed; its memory stays until the NIC is removed");
	}
	return ret;
}

/**
 * rig_cmd_reg_region() - RIG_BNXT_REG_REGION, which takes the device's
 *	lock itself
 * @ctx: the context that will own the region
 * @arg: a struct rig_bnxt_reg_region
 *
 * The process's memory is read and pinned first, without the device's
 * lock: a fault there may wait as long as the process likes (a
 * userfaultfd, a FUSE file), and a reader of the lock held across it
 * would hold up the NIC's removal and reset.  Only the NIC's part runs
 * under the lock, the NIC's presence checked there.
 *
 * Return: 0, or the errors listed at struct rig_bnxt_reg_region.
 */
int rig_cmd_reg_region(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_reg_region *cmd = arg;
	struct rig_dev *rdev = ctx->rdev;
	struct rig_region *region;
	bool kept = false;
	int ret;

	if ((cmd->flags & ~RIG_BNXT_REG_NO_REMOTE_READ) || cmd->handle || cmd->key ||
	    cmd->region_bytes || cmd->mmap_offset)
		return -EINVAL;
	ret = rig_share_take(ctx, 0, 1);
	if (ret)
		return ret;

	region = kzalloc(rdev->ops->region_size, GFP_KERNEL_ACCOUNT);
	if (!region) {
		rig_share_give(ctx, 0, 1);
		return -ENOMEM;
	}
	region->type = cmd->type;
	region->remote_read = !(cmd->flags & RIG_BNXT_REG_NO_REMOTE_READ);
	region->ctx = ctx;
	ret = rig_region_memory(ctx, region, cmd);
	if (ret)
		goto err_free;

	down_read(&rdev->lock);
	ret = rdev->dead ? -ENODEV : rig_region_publish(ctx, region, cmd, &kept);
	up_read(&rdev->lock);
	if (!ret || kept)
		return ret;
err_free:
	rig_region_free(region);
	rig_share_give(ctx, 0, 1);
	return ret;
}

/**
 * rig_cmd_dereg_region() - RIG_BNXT_DEREG_REGION
 * @ctx: the context that owns the region
 * @arg: a struct rig_bnxt_handle
 *
 * On success the NIC no longer reaches the memory, which is freed or
 * unpinned before this returns.  On failure the region is broken.
 *
 * Return: 0; -EINVAL for a handle that names no region; -EIO for a broken
 * region or a refusal; -ETIMEDOUT when the NIC did not answer.
 */
int rig_cmd_dereg_region(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_handle *cmd = arg;
	struct rig_region *region;
	int ret;

	mutex_lock(&ctx->lock);
	region = xa_load(&ctx->regions, cmd->handle);
	if (!region) {
		ret = -EINVAL;
		goto out_unlock;
	}
	ret = -EIO;
	if (region->state == RIG_REGION_BROKEN)
		goto out_unlock;

	/* One the NIC let go of already (its device's memory went) just goes. */
	if (region->state == RIG_REGION_LIVE) {
		ret = ctx->rdev->ops->dereg_region(region);
		if (ret) {
			region->state = RIG_REGION_BROKEN;
			dev_warn_ratelimited(&ctx->rdev->dev,
					     "region %u is broken (%pe): its memory stays until the file is closed\n",
					     region->handle, ERR_PTR(ret));
			goto out_unlock;
		}
	}
	xa_erase(&ctx->regions, region->handle);
	if (region->type == RIG_BNXT_REGION_HOST)
		rig_mmap_del(ctx, region->cookie);
	mutex_unlock(&ctx->lock);
	rig_region_free(region);
	rig_share_give(ctx, 0, 1);
	return 0;

out_unlock:
	mutex_unlock(&ctx->lock);
	return ret;
}

/*
 * The NIC that goes reaches @region no more: a dma-buf goes back to its
 * exporter now, unmapped while the NIC's DMA device is still there,
 * rather than when the file closes.  The device's @lock is held for
 * writing, so no command of the file looks at @dmabuf meanwhile.
 */
static void rig_region_gone(struct rig_region *region)
{
	lockdep_assert_held_write(&region->ctx->rdev->lock);
	region->state = RIG_REGION_GONE;
	if (region->dmabuf) {
		rig_dmabuf_put(region->dmabuf);
		region->dmabuf = NULL;
	}
}

/**
 * rig_region_lost() - the NIC goes: make it let go of a region
 * @region: a region of a context being disassociated (the device's @lock
 *	    held for writing)
 *
 * The driver deregisters it if it still can; if not, the region is
 * forgotten once the NIC is quiesced (rig_region_forget()).  The memory
 * stays, and later commands on the region fail, until the file is closed.
 */
void rig_region_lost(struct rig_region *region)
{
	lockdep_assert_held_write(&region->ctx->rdev->lock);
	if (region->state == RIG_REGION_GONE)
		return;
	if (region->ctx->rdev->ops->dereg_region(region))
		region->state = RIG_REGION_BROKEN;
	else
		rig_region_gone(region);
}

/**
 * rig_region_forget() - the NIC was quiesced: it reaches a region no more
 * @region: a region of a disassociated context (the device's @lock held
 *	    for writing)
 */
void rig_region_forget(struct rig_region *region)
{
	lockdep_assert_held_write(&region->ctx->rdev->lock);
	if (region->state == RIG_REGION_GONE)
		return;
	region->ctx->rdev->ops->forget_region(region);
	rig_region_gone(region);
}

/**
 * rig_region_deregister_gone() - deregister every region of @rdev on a
 * removed device
 * @rdev: a NIC; rig_bar_going() marked runs gone
 *
 * The firmware is told so that the NIC writes nothing where the removed
 * device's BARs were; later commands on such a region fail with -EIO, and
 * its memory goes when its file closes.  A firmware that refuses keeps
 * the key: that is logged, as nothing more can be done.
 */
void rig_region_deregister_gone(struct rig_dev *rdev)
{
	struct rig_region *region;
	struct rig_ctx *ctx;
	unsigned long i;

	guard(rwsem_read)(&rdev->lock);
	if (rdev->dead)
		return;		/* the NIC has forgotten everything already */
	guard(mutex)(&rdev->ctxs_lock);
	list_for_each_entry(ctx, &rdev->ctxs, node) {
		guard(mutex)(&ctx->lock);
		xa_for_each(&ctx->regions, i, region) {
			if (region->state != RIG_REGION_LIVE || !rig_region_runs_gone(region))
				continue;
			if (!rdev->ops->dereg_region(region)) {
				region->state = RIG_REGION_GONE;
				continue;
			}
			/* Nothing more can be done: the firmware keeps its key. */
			region->state = RIG_REGION_BROKEN;
			dev_err(&rdev->dev,
				"the firmware keeps region %u over a removed device's memory\n",
				region->handle);
		}
	}
}

/**
 * rig_region_destroy() - at release: make the NIC let go of a region, free it
 * @region: a live, broken or gone region of a context being destroyed
 * @tell_nic: the NIC is there and has not forgotten the region
 *
 * A broken region gets another deregistration; if the firmware refuses
 * again, the memory cannot be freed while the NIC may reach it: it is
 * kept, and logged, until the NIC goes (the function is removed or reset).
 *
 * Return: true when it was freed, false when it was kept.
 */
bool rig_region_destroy(struct rig_region *region, bool tell_nic)
{
	struct rig_dev *rdev = region->ctx->rdev;

	if (tell_nic && region->state != RIG_REGION_GONE &&
	    rdev->ops->dereg_region(region)) {
		rig_region_keep(region);
		return false;
	}
	rig_region_free(region);
	return true;
}

/**
 * rig_region_undo() - unmake a region whose RIG_BNXT_REG_REGION answer was lost
 * @ctx: the context
 * @arg: the command's struct rig_bnxt_reg_region, as answered
 *
 * The process never learnt its handle; the NIC is told to let go of it as
 * at release.
 */
void rig_region_undo(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_reg_region *cmd = arg;
	struct rig_region *region;

	scoped_guard(mutex, &ctx->lock) {
		region = xa_erase(&ctx->regions, cmd->handle);
		if (region && region->type == RIG_BNXT_REGION_HOST)
			rig_mmap_del(ctx, region->cookie);
	}
	/* Kept by the NIC, it stays counted against the file until close. */
	if (region && rig_region_destroy(region, true))
		rig_share_give(ctx, 0, 1);
}
