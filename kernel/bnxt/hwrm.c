// SPDX-License-Identifier: GPL-2.0-only
/*
 * HWRM: the function's resource manager, as bnxt_re asks it for what RoCE
 * needs before its own firmware channel runs: the firmware version,
 * capabilities and configuration, the rings of the CREQ and of the
 * notification queues, and a statistics context.
 *
 * This file owns the HWRM requests and their tracepoints; it sends them
 * through the transport, which fills the header's sequence and routing
 * fields.  The rings' memory is rcfw.c's.
 */
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>

#include "bnxt.h"
#include "trace.h"

/* How long the function may take to answer an HWRM request. */
#define RIG_BNXT_HWRM_TIMEOUT_MS	1000

/**
 * rig_bnxt_hwrm() - send one HWRM request and wait for its answer
 * @bnxt: the function
 * @req: the request, its fields filled, the header zeroed
 * @req_len: its length
 * @type: its HWRM_* type, written into the header
 * @resp: where the answer goes
 * @resp_len: its length
 *
 * Return: 0; -EIO when the firmware refused (logged with its error
 * code); -ETIMEDOUT; -EBUSY while bnxt_en resets the function.
 */
int rig_bnxt_hwrm(struct rig_bnxt_dev *bnxt, void *req, u32 req_len, u16 type,
		  void *resp, u32 resp_len)
{
	struct rig_input *in = req;
	struct rig_output *out = resp;
	u16 error = 0;
	int ret;

	in->req_type = cpu_to_le16(type);
	in->cmpl_ring = cpu_to_le16(0xffff);	/* no completion ring: polled */
	in->target_id = cpu_to_le16(0xffff);	/* this function */
	trace_rig_bnxt_hwrm(dev_name(bnxt->dev), type, req, req_len);
	memset(resp, 0, resp_len);
	ret = bnxt->t->ops->hwrm(bnxt->t, req, req_len, resp, resp_len,
				 RIG_BNXT_HWRM_TIMEOUT_MS);
	if (!ret || ret == -EIO)
		error = le16_to_cpu(out->error_code);
	trace_rig_bnxt_hwrm_done(dev_name(bnxt->dev), type, error);
	if (ret == -EIO)
		dev_err(bnxt->dev, "HWRM request 0x%04x refused: error code 0x%04x\n",
			type, error);
	else if (ret)
		dev_err(bnxt->dev, "HWRM request 0x%04x failed: %pe\n", type, ERR_PTR(ret));
	return ret;
}

/* HWRM_VER_GET: the interface version we speak; the firmware's, for logs. */
static int rig_bnxt_ver_get(struct rig_bnxt_dev *bnxt)
{
	struct rig_hwrm_ver_get_input req = {
		.hwrm_intf_maj = RIG_HWRM_VERSION_MAJOR,
		.hwrm_intf_min = RIG_HWRM_VERSION_MINOR,
		.hwrm_intf_upd = RIG_HWRM_VERSION_UPDATE,
	};
	struct rig_hwrm_ver_get_output resp;
	int ret;

	ret = rig_bnxt_hwrm(bnxt, &req, sizeof(req), RIG_HWRM_VER_GET, &resp, sizeof(resp));
	if (ret)
		return ret;
	snprintf(bnxt->fw_version, sizeof(bnxt->fw_version), "%u.%u.%u (RoCE %u.%u.%u)",
		 resp.hwrm_fw_maj_8b, resp.hwrm_fw_min_8b, resp.hwrm_fw_bld_8b,
		 resp.roce_fw_maj_8b, resp.roce_fw_min_8b, resp.roce_fw_bld_8b);
	/* In seconds, as bnxt_re reads it (RCFW_FW_STALL_MAX_TIMEOUT when 0). */
	bnxt->fw_timeout_ms = (le16_to_cpu(resp.max_req_timeout) ?: 40) * MSEC_PER_SEC;
	bnxt->hwrm_intf = (u64)le16_to_cpu(resp.hwrm_intf_major) << 48 |
			  (u64)le16_to_cpu(resp.hwrm_intf_minor) << 32 |
			  (u64)le16_to_cpu(resp.hwrm_intf_build) << 16 |
			  le16_to_cpu(resp.hwrm_intf_patch);
	return 0;
}

/* HWRM_FUNC_QCAPS: the function must do RoCE. */
static int rig_bnxt_func_qcaps(struct rig_bnxt_dev *bnxt)
{
	struct rig_hwrm_func_qcaps_input req = { .fid = cpu_to_le16(0xffff) };
	struct rig_hwrm_func_qcaps_output resp;
	u32 flags;
	int ret;

	ret = rig_bnxt_hwrm(bnxt, &req, sizeof(req), RIG_HWRM_FUNC_QCAPS, &resp, sizeof(resp));
	if (ret)
		return ret;
	flags = le32_to_cpu(resp.flags);
	if (!(flags & RIG_FUNC_QCAPS_RESP_FLAGS_ROCE_V2_SUPPORTED)) {
		dev_err(bnxt->dev, "the function does not support RoCE v2 (capabilities 0x%08x)\n",
			flags);
		return -EOPNOTSUPP;
	}
	return 0;
}

/* HWRM_FUNC_QCFG: the MAC address, from which the port's GID is made. */
static int rig_bnxt_func_qcfg(struct rig_bnxt_dev *bnxt)
{
	struct rig_hwrm_func_qcfg_input req = { .fid = cpu_to_le16(0xffff) };
	struct rig_hwrm_func_qcfg_output resp;
	int ret;

	ret = rig_bnxt_hwrm(bnxt, &req, sizeof(req), RIG_HWRM_FUNC_QCFG, &resp, sizeof(resp));
	if (ret)
		return ret;
	memcpy(bnxt->mac, resp.mac_address, ETH_ALEN);
	if (!is_valid_ether_addr(bnxt->mac)) {
		dev_err(bnxt->dev, "the function has no valid MAC address (%pM)\n", bnxt->mac);
		return -EINVAL;
	}
	/* A link-local GID: fe80::/64 and the MAC's EUI-64. */
	memset(bnxt->gid, 0, sizeof(bnxt->gid));
	bnxt->gid[0] = 0xfe;
	bnxt->gid[1] = 0x80;
	bnxt->gid[8] = bnxt->mac[0] ^ 0x02;
	bnxt->gid[9] = bnxt->mac[1];
	bnxt->gid[10] = bnxt->mac[2];
	bnxt->gid[11] = 0xff;
	bnxt->gid[12] = 0xfe;
	bnxt->gid[13] = bnxt->mac[3];
	bnxt->gid[14] = bnxt->mac[4];
	bnxt->gid[15] = bnxt->mac[5];
	return 0;
}

/**
 * rig_bnxt_hwrm_bringup() - what bnxt_re learns from HWRM before anything
 * @bnxt: the function
 *
 * Return: 0, or the first failure (logged).
 */
int rig_bnxt_hwrm_bringup(struct rig_bnxt_dev *bnxt)
{
	int ret;

	ret = rig_bnxt_ver_get(bnxt);
	if (ret)
		return ret;
	ret = rig_bnxt_func_qcaps(bnxt);
	if (ret)
		return ret;
	return rig_bnxt_func_qcfg(bnxt);
}

/**
 * rig_bnxt_ring_alloc() - HWRM_RING_ALLOC of a CREQ or notification queue
 * @bnxt: the function
 * @ring: the ring, its memory and PBL made
 * @logical_id: the ring index of the vector that will raise it
 * @id: where its ring id goes
 *
 * Return: 0 or rig_bnxt_hwrm()'s error.
 */
int rig_bnxt_ring_alloc(struct rig_bnxt_dev *bnxt, struct rig_bnxt_ring *ring,
			u16 logical_id, u16 *id)
{
	struct rig_hwrm_ring_alloc_input req = {
		.ring_type = RIG_RING_ALLOC_REQ_RING_TYPE_NQ,
		.page_tbl_addr = cpu_to_le64(ring->pbl.root),
		.logical_id = cpu_to_le16(logical_id),
		.length = cpu_to_le32(ring->depth),
		.int_mode = RIG_RING_ALLOC_REQ_INT_MODE_MSIX,
	};
	struct rig_hwrm_ring_alloc_output resp;
	int ret;

	if (ring->pbl.level) {
		req.page_size = PAGE_SHIFT;
		req.page_tbl_depth = 1;
	}
	ret = rig_bnxt_hwrm(bnxt, &req, sizeof(req), RIG_HWRM_RING_ALLOC, &resp, sizeof(resp));
	if (!ret)
		*id = le16_to_cpu(resp.ring_id);
	return ret;
}

/**
 * rig_bnxt_ring_free() - HWRM_RING_FREE, unless the firmware is gone
 * @bnxt: the function; the caller holds its state_lock
 * @id: a ring id from rig_bnxt_ring_alloc()
 *
 * Return: 0 when the function writes the ring no more (freed, or gone
 * with the firmware); rig_bnxt_hwrm()'s error when it may still write it:
 * its memory must then be kept.
 */
int rig_bnxt_ring_free(struct rig_bnxt_dev *bnxt, u16 id)
{
	struct rig_hwrm_ring_free_input req = {
		.ring_type = RIG_RING_ALLOC_REQ_RING_TYPE_NQ,
		.ring_id = cpu_to_le16(id),
	};
	struct rig_hwrm_ring_free_output resp;

	lockdep_assert_held(&bnxt->state_lock);
	if (bnxt->fw_gone)
		return 0;
	return rig_bnxt_hwrm(bnxt, &req, sizeof(req), RIG_HWRM_RING_FREE, &resp, sizeof(resp));
}

/* How often the firmware writes the statistics block, as bnxt_re asks. */
#define RIG_BNXT_STATS_PERIOD_MS	1000

/**
 * rig_bnxt_stat_alloc() - HWRM_STAT_CTX_ALLOC of RoCE's statistics context
 * @bnxt: the function
 *
 * As bnxt_re asks for it: a RoCE context, of the block size bnxt_en says
 * the firmware writes (the transport's @stats_size), every second.
 *
 * Return: 0, -ENOMEM, -EOPNOTSUPP when the transport gives no block
 * size, or rig_bnxt_hwrm()'s error.
 */
int rig_bnxt_stat_alloc(struct rig_bnxt_dev *bnxt)
{
	struct rig_hwrm_stat_ctx_alloc_input req = {
		.stat_ctx_flags = RIG_STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_ROCE,
		.stats_dma_length = cpu_to_le16(bnxt->t->stats_size),
		.update_period_ms = cpu_to_le32(RIG_BNXT_STATS_PERIOD_MS),
	};
	struct rig_hwrm_stat_ctx_alloc_output resp;
	int ret;

	if (!bnxt->t->stats_size) {
		dev_err(bnxt->dev, "the function's statistics block size is unknown\n");
		return -EOPNOTSUPP;
	}
	bnxt->stats = dma_alloc_coherent(bnxt->dev, bnxt->t->stats_size, &bnxt->stats_dma,
					 GFP_KERNEL);
	if (!bnxt->stats)
		return -ENOMEM;
	req.stats_dma_addr = cpu_to_le64(bnxt->stats_dma);
	ret = rig_bnxt_hwrm(bnxt, &req, sizeof(req), RIG_HWRM_STAT_CTX_ALLOC, &resp,
			    sizeof(resp));
	if (ret) {
		dma_free_coherent(bnxt->dev, bnxt->t->stats_size, bnxt->stats, bnxt->stats_dma);
		bnxt->stats = NULL;
		return ret;
	}
	bnxt->stat_id = le32_to_cpu(resp.stat_ctx_id);
	return 0;
}

/**
 * rig_bnxt_stat_free() - HWRM_STAT_CTX_FREE, then the context's memory
 * @bnxt: the function; the caller holds its state_lock
 *
 * The firmware writes the block every second until the context is freed:
 * the memory goes only once it was (or the firmware is gone); if the
 * firmware refuses, it is kept for good.
 */
void rig_bnxt_stat_free(struct rig_bnxt_dev *bnxt)
{
	struct rig_hwrm_stat_ctx_free_input req = {
		.stat_ctx_id = cpu_to_le32(bnxt->stat_id),
	};
	struct rig_hwrm_stat_ctx_free_output resp;

	lockdep_assert_held(&bnxt->state_lock);
	if (!bnxt->stats)
		return;
	if (!bnxt->fw_gone &&
	    rig_bnxt_hwrm(bnxt, &req, sizeof(req), RIG_HWRM_STAT_CTX_FREE, &resp, sizeof(resp)))
		dev_err(bnxt->dev, "the firmware keeps statistics context %u: its %u bytes stay allocated for good\n",
			bnxt->stat_id, bnxt->t->stats_size);
	else
		dma_free_coherent(bnxt->dev, bnxt->t->stats_size, bnxt->stats, bnxt->stats_dma);
	bnxt->stats = NULL;
}
