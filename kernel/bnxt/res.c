// SPDX-License-Identifier: GPL-2.0-only
/*
 * The function's RoCE resources, as bnxt_re sets them up once the command
 * channel runs: QUERY_FUNC (the limits every later check uses),
 * INITIALIZE_FW, the port's GID (ADD_GID), and the allocators of what the
 * driver hands out itself: DPI pages of the doorbell BAR and protection
 * domain numbers.
 *
 * This file owns those allocators and the firmware's function-wide
 * state; objects (CQs, QPs, MRs) are mr.c's and qp.c's.
 */
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include "bnxt.h"

/* The privileged page is the driver's; user files never get it. */
#define RIG_BNXT_FIRST_DPI	(RIG_BNXT_PRIV_DPI + 1)

/**
 * rig_bnxt_dpi_alloc() - @n consecutive DPI pages
 * @bnxt: the function
 * @n: how many (1, or 2 for a queue pair's send and receive doorbells on
 *     a function whose every doorbell needs a page)
 * @dpi: the first
 *
 * Return: 0, or -ENOSPC when the doorbell BAR has no such run left.
 */
int rig_bnxt_dpi_alloc(struct rig_bnxt_dev *bnxt, unsigned int n, u32 *dpi)
{
	unsigned long k;

	guard(mutex)(&bnxt->res_lock);
	k = bitmap_find_next_zero_area(bnxt->dpis, bnxt->ndpi, RIG_BNXT_FIRST_DPI, n, 0);
	if (k >= bnxt->ndpi)
		return -ENOSPC;
	bitmap_set(bnxt->dpis, k, n);
	*dpi = k;
	return 0;
}

/**
 * rig_bnxt_dpi_free() - give DPI pages back
 * @bnxt: the function
 * @dpi: from rig_bnxt_dpi_alloc()
 * @n: as many as were allocated
 */
void rig_bnxt_dpi_free(struct rig_bnxt_dev *bnxt, u32 dpi, unsigned int n)
{
	guard(mutex)(&bnxt->res_lock);
	bitmap_clear(bnxt->dpis, dpi, n);
}

/**
 * rig_bnxt_dpi_phys() - the physical address of a DPI page
 * @bnxt: the function
 * @dpi: a DPI
 *
 * Return: its page in the doorbell BAR.
 */
phys_addr_t rig_bnxt_dpi_phys(struct rig_bnxt_dev *bnxt, u32 dpi)
{
	return bnxt->t->db_phys + bnxt->t->db_dpi_start + (phys_addr_t)dpi * PAGE_SIZE;
}

static u32 rig_bnxt_min_nonzero(u32 a, u32 b)
{
	return a && a < b ? a : b;
}

/* QUERY_FUNC: the firmware's limits, into @bnxt->caps. */
static int rig_bnxt_query_func(struct rig_bnxt_dev *bnxt)
{
	struct rig_creq_query_func_resp_sb *sb;
	struct rig_cmdq_query_func req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_QUERY_FUNC,
	};
	struct rig_creq_query_func_resp resp = {};
	size_t len = ALIGN(sizeof(*sb), RIG_BNXT_ENTRY_BYTES);
	struct rig_bnxt_caps *c = &bnxt->caps;
	dma_addr_t dma;
	int ret;

	sb = dma_alloc_coherent(bnxt->dev, len, &dma, GFP_KERNEL);
	if (!sb)
		return -ENOMEM;
	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, sb, dma, len);
	if (ret) {
		dev_err(bnxt->dev, "QUERY_FUNC failed (%pe, status 0x%02x)\n", ERR_PTR(ret),
			resp.status);
		goto out;
	}
	c->max_qp = le32_to_cpu(sb->max_qp);
	c->max_qp_wr = le16_to_cpu(sb->max_qp_wr);
	c->max_cq = le32_to_cpu(sb->max_cq);
	c->max_cqe = le32_to_cpu(sb->max_cqe);
	c->max_mr = le32_to_cpu(sb->max_mr);
	c->max_mr_size = le64_to_cpu(sb->max_mr_size);
	c->max_sge = sb->max_sge;
	c->max_pd = le32_to_cpu(sb->max_pd);
	/* Older firmware leaves max_dpi undefined (bnxt_re reads it from here). */
	if (bnxt->hwrm_intf >= RIG_HWRM_VERSION_DEV_ATTR_MAX_DPI)
		c->max_dpi = le32_to_cpu(sb->max_dpi);
	c->max_rd_atom = sb->max_qp_rd_atom;
	c->max_init_rd_atom = sb->max_qp_init_rd_atom;
	c->max_srq = le16_to_cpu(sb->max_srq);
	c->dev_cap_flags = le16_to_cpu(sb->dev_cap_flags);
	/*
	 * The library writes a PSN search entry for each send entry; a
	 * firmware that retransmits from MSN tables (bnxt_re's
	 * is_host_msn_tbl) reads another layout there.
	 */
	if ((le16_to_cpu(sb->dev_cap_ext_flags_2) &
	     RIG_CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_MASK) !=
	    RIG_CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_HOST_PSN_TABLE) {
		dev_err(bnxt->dev, "QUERY_FUNC: the firmware retransmits from MSN tables (dev_cap_ext_flags_2 0x%04x), which rig does not write\n",
			le16_to_cpu(sb->dev_cap_ext_flags_2));
		ret = -EOPNOTSUPP;
		goto out;
	}
	if (!c->max_qp || !c->max_qp_wr || !c->max_cq || !c->max_cqe || !c->max_mr ||
	    c->max_sge < RIG_BNXT_MAX_SGES || !c->max_pd || !c->max_rd_atom ||
	    !c->max_init_rd_atom) {
		dev_err(bnxt->dev, "QUERY_FUNC: limits rig cannot work within (qp %u, wr %u, cq %u, cqe %u, mr %u, sge %u, pd %u, rd_atom %u/%u)\n",
			c->max_qp, c->max_qp_wr, c->max_cq, c->max_cqe, c->max_mr, c->max_sge,
			c->max_pd, c->max_rd_atom, c->max_init_rd_atom);
		ret = -EINVAL;
	}
out:
	dma_free_coherent(bnxt->dev, len, sb, dma);
	return ret;
}

/*
 * What a P5 physical function leaves its VFs, as bnxt_re divides it
 * (bnxt_re_limit_pf_res(), bnxt_re_limit_vf_res()): the function's
 * contexts capped as bnxt_re caps them, half kept for the PF, the rest
 * among the 64 VFs a P5 PF may have; keys likewise while the firmware has
 * few, else all but 32 Ki of them.
 */
#define RIG_BNXT_P5_MAX_VF	64
#define RIG_BNXT_PF_PCT		50
#define RIG_BNXT_MAX_CTX	(64 * 1024)
#define RIG_BNXT_MAX_MRW	(256 * 1024)
#define RIG_BNXT_PF_MRW		(32 * 1024)
#define RIG_BNXT_VF_GIDS	128

static void rig_bnxt_vf_limits(const struct rig_bnxt_caps *c, struct rig_cmdq_initialize_fw *req)
{
	u32 share = 100 - RIG_BNXT_PF_PCT, n = 100 * RIG_BNXT_P5_MAX_VF;
	u32 mrw = min_t(u32, c->max_mr, RIG_BNXT_MAX_MRW);

	req->max_qp_per_vf = cpu_to_le32(min_t(u32, c->max_qp, RIG_BNXT_MAX_CTX) * share / n);
	req->max_srq_per_vf = cpu_to_le32(min_t(u32, c->max_srq, RIG_BNXT_MAX_CTX) * share / n);
	req->max_cq_per_vf = cpu_to_le32(min_t(u32, c->max_cq, RIG_BNXT_MAX_CTX) * share / n);
	req->max_mrw_per_vf = cpu_to_le32(mrw < RIG_BNXT_MAX_CTX ? mrw * share / n :
					  (mrw - RIG_BNXT_PF_MRW) / RIG_BNXT_P5_MAX_VF);
	req->max_gid_per_vf = cpu_to_le32(RIG_BNXT_VF_GIDS);
}

/*
 * INITIALIZE_FW, as bnxt_re sends it for a P5 function: the context
 * tables are bnxt_en's; a PF gives its VFs their share; hardware
 * retransmission is taken when the firmware offers it.
 */
static int rig_bnxt_initialize_fw(struct rig_bnxt_dev *bnxt)
{
	struct rig_cmdq_initialize_fw req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_INITIALIZE_FW,
		/* Doorbell pages of the host's page size, in units of 4 KiB. */
		.log2_dbr_pg_size = cpu_to_le16(PAGE_SHIFT - 12),
		.stat_ctx_id = cpu_to_le32(bnxt->stat_id),
	};
	struct rig_creq_initialize_fw_resp resp = {};
	int ret;

	if (!bnxt->t->vf)
		rig_bnxt_vf_limits(&bnxt->caps, &req);
	if (bnxt->caps.dev_cap_flags & (RIG_CREQ_QUERY_FUNC_RESP_SB_HW_REQUESTER_RETX_ENABLED |
					RIG_CREQ_QUERY_FUNC_RESP_SB_HW_RESPONDER_RETX_ENABLED))
		req.flags |= cpu_to_le16(RIG_CMDQ_INITIALIZE_FW_FLAGS_HW_REQUESTER_RETX_SUPPORTED);

	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0);
	if (ret)
		dev_err(bnxt->dev, "INITIALIZE_FW failed (%pe, status 0x%02x)\n", ERR_PTR(ret),
			resp.status);
	return ret;
}

/*
 * DEINITIALIZE_FW, which drops every object the firmware kept.  0 when it
 * did, or the function stopped (its firmware went with every object);
 * else the firmware may still reach them.
 */
static int rig_bnxt_deinitialize_fw(struct rig_bnxt_dev *bnxt)
{
	struct rig_cmdq_deinitialize_fw req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_DEINITIALIZE_FW,
	};
	struct rig_creq_qp_event resp = {};
	int ret;

	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0);
	if (!ret || READ_ONCE(bnxt->rcfw.abandoned))
		return 0;
	dev_err(bnxt->dev,
		"DEINITIALIZE_FW failed (%pe, status 0x%02x): the memory of objects the firmware kept is never freed\n",
		ERR_PTR(ret), resp.status);
	return ret;
}

/**
 * rig_bnxt_fw_init() - the firmware's function-wide state, and its limits
 * @bnxt: the function, its command channel up and its statistics context
 *	  allocated
 *
 * Return: 0, or the first failure with nothing left behind.
 */
int rig_bnxt_fw_init(struct rig_bnxt_dev *bnxt)
{
	int ret;

	ret = rig_bnxt_query_func(bnxt);
	if (ret)
		return ret;
	ret = rig_bnxt_initialize_fw(bnxt);
	if (ret)
		return ret;
	ret = rig_bnxt_gid_port_add(bnxt);
	if (ret)
		goto err_deinit;
	bnxt->up = true;
	return 0;

err_deinit:
	rig_bnxt_deinitialize_fw(bnxt);
	return ret;
}

/**
 * rig_bnxt_fw_fini() - undo rig_bnxt_fw_init(), dropping every object
 * @bnxt: the function
 *
 * Return: 0 once the firmware reaches no object any more (or was never
 * initialised, or stopped); the error of DEINITIALIZE_FW otherwise, when
 * what it kept must stay allocated.
 */
int rig_bnxt_fw_fini(struct rig_bnxt_dev *bnxt)
{
	int ret;

	if (!bnxt->up)
		return 0;
	rig_bnxt_gid_forget(bnxt);
	rig_bnxt_gid_port_del(bnxt);
	ret = rig_bnxt_deinitialize_fw(bnxt);
	bnxt->up = false;
	return ret;
}

/**
 * rig_bnxt_res_init() - the allocators, sized by the BAR and the limits
 * @bnxt: the function, its limits known
 *
 * Return: 0, -ENOMEM, or -ENOSPC when the doorbell BAR holds no DPI.
 */
int rig_bnxt_res_init(struct rig_bnxt_dev *bnxt)
{
	resource_size_t pages;

	mutex_init(&bnxt->res_lock);
	ida_init(&bnxt->pds);
	xa_init_flags(&bnxt->cqs, XA_FLAGS_ALLOC1 | XA_FLAGS_LOCK_BH);
	if (bnxt->t->db_len <= bnxt->t->db_dpi_start)
		return -ENOSPC;
	pages = (bnxt->t->db_len - bnxt->t->db_dpi_start) >> PAGE_SHIFT;
	bnxt->ndpi = rig_bnxt_min_nonzero(bnxt->caps.max_dpi,
					  min_t(resource_size_t, pages, U32_MAX));
	if (bnxt->ndpi <= RIG_BNXT_FIRST_DPI)
		return -ENOSPC;
	bnxt->dpis = bitmap_zalloc(bnxt->ndpi, GFP_KERNEL);
	return bnxt->dpis ? 0 : -ENOMEM;
}

/**
 * rig_bnxt_res_fini() - free the allocators; nothing is allocated
 * @bnxt: the function
 */
void rig_bnxt_res_fini(struct rig_bnxt_dev *bnxt)
{
	bitmap_free(bnxt->dpis);
	bnxt->dpis = NULL;
	ida_destroy(&bnxt->pds);
	WARN_ON_ONCE(!xa_empty(&bnxt->cqs));
	xa_destroy(&bnxt->cqs);
}
