// SPDX-License-Identifier: GPL-2.0-only
/*
 * Regions as the firmware's memory regions, as bnxt_re registers a user
 * MR: ALLOCATE_MRW gives a key (its xid: a table index and a variant the
 * firmware chooses), REGISTER_MR tells it the pages through a PBL, in the
 * largest blocks the memory allows, zero-based (an element's address is
 * an offset into the region), and DEALLOCATE_KEY takes it away.
 *
 * This file owns struct rig_bnxt_region: the key and the PBL.  Which
 * memory a region may be is the core's.
 */
#include <linux/log2.h>

#include "bnxt.h"
#include "trace.h"

/* What the firmware answered, for rig_ctx_error(). */
static u8 rig_bnxt_resp_status(const void *resp)
{
	return ((const struct rig_creq_qp_event *)resp)->status;
}

static int rig_bnxt_mr_refused(struct rig_region *region, u8 opcode, int ret, const void *resp)
{
	if (ret == -EIO)
		return rig_ctx_error(region->ctx, ret, "%s refused by the firmware: status 0x%02x",
				     rig_bnxt_cmd_name(opcode), rig_bnxt_resp_status(resp));
	return rig_ctx_error(region->ctx, ret, "%s failed: %pe", rig_bnxt_cmd_name(opcode),
			     ERR_PTR(ret));
}

static int rig_bnxt_mr_deallocate(struct rig_bnxt_dev *bnxt, struct rig_bnxt_region *r)
{
	struct rig_cmdq_deallocate_key req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_DEALLOCATE_KEY,
		.mrw_flags = RIG_CMDQ_DEALLOCATE_KEY_MRW_FLAGS_MR,
		.key = cpu_to_le32(r->key),
	};
	struct rig_creq_deallocate_key_resp resp = {};
	int ret;

	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0);
	if (ret)
		return rig_bnxt_mr_refused(&r->region, req.opcode, ret, &resp);
	r->key = 0;
	return 0;
}

static int rig_bnxt_mr_allocate(struct rig_bnxt_dev *bnxt, struct rig_bnxt_region *r)
{
	struct rig_cmdq_allocate_mrw req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_ALLOCATE_MRW,
		.mrw_flags = RIG_CMDQ_ALLOCATE_MRW_MRW_FLAGS_MR,
		.pd_id = cpu_to_le32(to_bnxt_ctx(r->region.ctx)->pd),
		.mrw_handle = cpu_to_le64((uintptr_t)r),
	};
	struct rig_creq_allocate_mrw_resp resp = {};
	int ret;

	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0);
	if (ret)
		return rig_bnxt_mr_refused(&r->region, req.opcode, ret, &resp);
	r->key = le32_to_cpu(resp.xid);
	return 0;
}

static int rig_bnxt_mr_register(struct rig_bnxt_dev *bnxt, struct rig_bnxt_region *r)
{
	struct rig_cmdq_register_mr req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_REGISTER_MR,
		.log2_pg_size_lvl = ((r->pg_shift << RIG_CMDQ_REGISTER_MR_LOG2_PG_SIZE_SFT) &
				     RIG_CMDQ_REGISTER_MR_LOG2_PG_SIZE_MASK) |
				    (r->pbl.level & RIG_CMDQ_REGISTER_MR_LVL_MASK),
		/* Receives and local reads land in it; addresses are offsets. */
		.access = RIG_CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE |
			  RIG_CMDQ_REGISTER_MR_ACCESS_ZERO_BASED,
		/* Pages of entries are 4 KiB (pbl.c), whatever the kernel's page. */
		.log2_pbl_pg_size = cpu_to_le16(ilog2(SZ_4K) &
						RIG_CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_MASK),
		.key = cpu_to_le32(r->key),
		.pbl = cpu_to_le64(r->pbl.root),
		.va = 0,
		.mr_size = cpu_to_le64(r->region.bytes),
	};
	struct rig_creq_register_mr_resp resp = {};
	int ret;

	/* A peer's RDMA READ reaches only a region its owner made readable. */
	if (r->region.remote_read)
		req.access |= RIG_CMDQ_REGISTER_MR_ACCESS_REMOTE_READ;
	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0);
	if (ret)
		return rig_bnxt_mr_refused(&r->region, req.opcode, ret, &resp);
	r->registered = true;
	return 0;
}

/*
 * The block sizes REGISTER_MR takes, as bnxt_re's page_size_cap: every
 * power of two from 4 KiB to 1 GiB.
 */
#define RIG_BNXT_MR_PAGE_SHIFTS	GENMASK(30, 12)
/* Blocks are whole pages of the kernel's, whichever size it has. */
#define RIG_BNXT_MR_SHIFTS	(RIG_BNXT_MR_PAGE_SHIFTS & GENMASK(BITS_PER_LONG - 1, PAGE_SHIFT))

/*
 * Describe @region to the firmware in the largest blocks its DMA layout
 * allows (as bnxt_re's ib_umem_find_best_pgsz()): behind an IOMMU a
 * mapping is one contiguous IOVA run, and without one host regions come
 * in large physically contiguous chunks (mem.c), so a 1 GiB region needs
 * one page of entries rather than 513.
 */
static int rig_bnxt_mr_pbl(struct rig_bnxt_dev *bnxt, struct rig_bnxt_region *r)
{
	struct rig_region *region = &r->region;
	struct rig_dma_iter it;
	unsigned int shift;
	int ret;

	ret = rig_region_dma(region, &it);
	if (ret)
		return ret;
	shift = rig_dma_best_shift(&it, region->bytes, RIG_BNXT_MR_SHIFTS);
	/* Whole pages always fit: none would be a bug of the walk. */
	if (WARN_ON_ONCE(!shift))
		return -EINVAL;
	ret = rig_region_dma(region, &it);
	if (ret)
		return ret;
	rig_dma_iter_blocks(&it, shift);
	r->pg_shift = shift;
	ret = rig_bnxt_pbl_build(bnxt->dev, &r->pbl, DIV_ROUND_UP(region->bytes, BIT_ULL(shift)),
				 RIG_BNXT_PBL_MR, &it);
	if (ret == -E2BIG)
		return rig_ctx_error(region->ctx, ret,
				     "region: %llu blocks of %lu KiB: more than a PBL describes",
				     DIV_ROUND_UP(region->bytes, BIT_ULL(shift)),
				     BIT(shift) / SZ_1K);
	return ret;
}

/**
 * rig_bnxt_reg_region() - struct rig_dev_ops @reg_region
 * @region: a region whose memory is mapped for the NIC
 *
 * The firmware lets the NIC write the region (receives, local reads) and
 * read it for sends; a peer's RDMA READ only when @region->remote_read.
 *
 * Return: 0 with @region->key set; -EIO when the firmware refuses (the
 * message names the command and its status), -ETIMEDOUT, -ENOMEM, -E2BIG
 * for a region a PBL cannot describe (past 512 GiB of single pages), -EINVAL
 * beyond the firmware's largest region.
 */
int rig_bnxt_reg_region(struct rig_region *region)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of(region->ctx->rdev);
	struct rig_bnxt_region *r = to_bnxt_region(region);
	int ret;

	if (region->bytes > bnxt->caps.max_mr_size)
		return rig_ctx_error(region->ctx, -EINVAL,
				     "region: %llu bytes is more than the firmware's largest region (%llu)",
				     region->bytes, bnxt->caps.max_mr_size);
	ret = rig_bnxt_mr_pbl(bnxt, r);
	if (ret)
		return ret;
	ret = rig_bnxt_mr_allocate(bnxt, r);
	if (ret)
		goto err_pbl;
	ret = rig_bnxt_mr_register(bnxt, r);
	if (ret)
		goto err_key;
	region->key = r->key;
	trace_rig_bnxt_mr(dev_name(bnxt->dev), r->key, region->bytes, r->pg_shift, r->pbl.level,
			  rig_bnxt_pbl_bytes(&r->pbl));
	return 0;

err_key:
	rig_bnxt_mr_deallocate(bnxt, r);
err_pbl:
	rig_bnxt_pbl_free(&r->pbl);
	return ret;
}

/**
 * rig_bnxt_dereg_region() - struct rig_dev_ops @dereg_region
 * @region: a registered region
 *
 * Return: 0 once the firmware took the key away (the PBL is freed);
 * -EIO when it refused, -ETIMEDOUT: the key and the PBL are kept.
 */
int rig_bnxt_dereg_region(struct rig_region *region)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of(region->ctx->rdev);
	struct rig_bnxt_region *r = to_bnxt_region(region);
	int ret;

	if (r->key) {
		ret = rig_bnxt_mr_deallocate(bnxt, r);
		if (ret) {
			if (!r->refused)
				atomic_inc(&to_bnxt_ctx(region->ctx)->kept);
			r->refused = true;
			return ret;
		}
	}
	if (r->refused)
		atomic_dec(&to_bnxt_ctx(region->ctx)->kept);
	r->refused = false;
	r->registered = false;
	rig_bnxt_pbl_free(&r->pbl);
	return 0;
}

/**
 * rig_bnxt_forget_region() - struct rig_dev_ops @forget_region
 * @region: a region the NIC no longer reaches (it is gone, or reset)
 */
void rig_bnxt_forget_region(struct rig_region *region)
{
	struct rig_bnxt_region *r = to_bnxt_region(region);

	r->key = 0;
	r->registered = false;
	rig_bnxt_pbl_free(&r->pbl);
}
