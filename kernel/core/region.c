// SPDX-License-Identifier: GPL-2.0-only
/*
 * Regions: memory a NIC reads and writes, registered with its firmware.
 *
 * This file owns struct rig_region from RIG_BNXT_REG_REGION to
 * RIG_BNXT_DEREG_REGION or release(): which memory each type may use (the
 * IOMMU rules), the firmware's key, and the broken state a region enters
 * when the firmware will not let it go.  Memory itself is mem.c's and
 * buf.c's; bus-address checks are bar.c's.
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
		if (region->runs[i].va)
			iounmap(region->runs[i].va);
		pci_dev_put(region->runs[i].pdev);
	}
	kvfree(region->runs);
}

/* Free the region's memory; the NIC must no longer reach it. */
static void rig_region_free(struct rig_region *region)
{
	if (region->buf)
		rig_buf_put(region->buf);
	rig_uncharge(&region->charge);
	if (region->pinned)
		rig_pages_release(region->pinned);
	if (region->runs)
		rig_region_free_runs(region);
	kfree(region);
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

	region->buf = rig_buf_alloc(ctx->rdev, bytes >> PAGE_SHIFT);
	if (IS_ERR(region->buf)) {
		ret = PTR_ERR(region->buf);
		region->buf = NULL;
		return ret;
	}
	region->bytes = bytes;
	return 0;
}

static int rig_region_pages(struct rig_ctx *ctx, struct rig_region *region,
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
		return rig_charge(&region->charge,
				  DIV_ROUND_UP(offset_in_page(offset) + cmd->bytes,
					       PAGE_SIZE));
	}

	/*
	 * Without an IOMMU the NIC would keep writing pinned pages that go
	 * back to the system when the process dies: refuse them.
	 */
	if (!rdev->iommu)
		return -EOPNOTSUPP;

	npages = DIV_ROUND_UP(cmd->bytes, PAGE_SIZE);
	region->pinned = rig_pages_pin(rdev->dma_dev, cmd->address, npages);
	if (IS_ERR(region->pinned)) {
		long err = PTR_ERR(region->pinned);

		region->pinned = NULL;
		return err;
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
	if (ctx->rdev->iommu)
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

		ret = rig_bar_find(runs[i].address, runs[i].bytes, run);
		if (ret)
			goto out;
		rig_bar_track(run);
		region->nruns++;
		/* The soft NIC's engine copies through this mapping. */
		run->va = ioremap_wc(run->phys, run->bytes);
		if (!run->va) {
			ret = -ENOMEM;
			goto out;
		}
	}
	region->bytes = total;
out:
	kfree(runs);
	return ret;
}

static int rig_region_memory(struct rig_ctx *ctx, struct rig_region *region,
			     const struct rig_bnxt_reg_region *cmd)
{
	switch (cmd->type) {
	case RIG_BNXT_REGION_HOST:
		return rig_region_host(ctx, region, cmd);
	case RIG_BNXT_REGION_PAGES:
		return rig_region_pages(ctx, region, cmd);
	case RIG_BNXT_REGION_DEVICE:
		return rig_region_device(ctx, region, cmd);
	}
	return -EINVAL;
}

/**
 * rig_cmd_reg_region() - RIG_BNXT_REG_REGION
 * @ctx: the context that will own the region
 * @arg: a struct rig_bnxt_reg_region
 *
 * Return: 0, or the errors listed at struct rig_bnxt_reg_region.
 */
int rig_cmd_reg_region(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_reg_region *cmd = arg;
	struct rig_dev *rdev = ctx->rdev;
	struct rig_region *region;
	int ret;

	if (cmd->flags || cmd->handle || cmd->key || cmd->region_bytes ||
	    cmd->mmap_offset)
		return -EINVAL;

	region = kzalloc(sizeof(*region), GFP_KERNEL_ACCOUNT);
	if (!region)
		return -ENOMEM;
	region->type = cmd->type;
	region->ctx = ctx;
	ret = rig_region_memory(ctx, region, cmd);
	if (ret)
		goto err_free;

	ret = rdev->fw->reg(rdev, region);
	if (ret)
		goto err_free;

	mutex_lock(&ctx->lock);
	ret = xa_alloc_cyclic(&ctx->regions, &region->handle, region,
			      xa_limit_32b, &ctx->next_region, GFP_KERNEL_ACCOUNT);
	if (ret < 0)
		goto err_unlock;
	if (region->type == RIG_BNXT_REGION_HOST) {
		ret = rig_ctx_add_cookie(ctx, region->buf, &region->cookie);
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
	/* The firmware has not seen the region used: forgetting is enough. */
	rdev->fw->forget(rdev, region);
err_free:
	rig_region_free(region);
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
 * region or a refusal; -EINTR when a signal ended the wait for the NIC.
 */
int rig_cmd_dereg_region(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_handle *cmd = arg;
	struct rig_dev *rdev = ctx->rdev;
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

	ret = rdev->fw->dereg(rdev, region);
	if (ret) {
		region->state = RIG_REGION_BROKEN;
		dev_warn_ratelimited(&rdev->dev,
				     "region %u is broken (%s): its memory stays until the file is closed\n",
				     region->handle,
				     ret == -EINTR ? "interrupted" : "firmware refused");
		goto out_unlock;
	}
	xa_erase(&ctx->regions, region->handle);
	if (region->type == RIG_BNXT_REGION_HOST)
		rig_ctx_del_cookie(ctx, region->cookie);
	mutex_unlock(&ctx->lock);
	rig_region_free(region);
	return 0;

out_unlock:
	mutex_unlock(&ctx->lock);
	return ret;
}

/**
 * rig_region_destroy() - at release: make the NIC forget a region, free it
 * @ctx: the context being destroyed (its cookies are dropped by the caller)
 * @region: a live or broken region; the caller removes it from @regions
 */
void rig_region_destroy(struct rig_ctx *ctx, struct rig_region *region)
{
	ctx->rdev->fw->forget(ctx->rdev, region);
	rig_region_free(region);
}

/**
 * rig_region_undo() - unmake a region whose RIG_BNXT_REG_REGION answer was lost
 * @ctx: the context
 * @arg: the command's struct rig_bnxt_reg_region, as answered
 *
 * The process never learnt its handle, so the region goes as at release:
 * the NIC forgets it whatever the firmware would say to a deregistration.
 */
void rig_region_undo(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_reg_region *cmd = arg;
	struct rig_region *region;

	scoped_guard(mutex, &ctx->lock) {
		region = xa_erase(&ctx->regions, cmd->handle);
		if (region && region->type == RIG_BNXT_REGION_HOST)
			rig_ctx_del_cookie(ctx, region->cookie);
	}
	if (region)
		rig_region_destroy(ctx, region);
}
