// SPDX-License-Identifier: GPL-2.0-only
/*
 * The function's HWRM interface, the part of it a RoCE driver uses: the
 * version, the function's capabilities and configuration, rings of type
 * NQ (the CREQ and the notification queues) and statistics contexts.
 * This file owns decoding and checking those requests in bnxt_hsi.h's
 * layouts, answering them with HWRM_ERR_CODE_*, and the function's
 * rings and statistics contexts as objects; writing entries into rings
 * is ring.c's.  Requests are answered synchronously by the caller's
 * thread under the world's lock.  Pure: KUnit runs it.
 */
#include <linux/errno.h>
#include <linux/string.h>

#include "soft.h"

/* A plausible NetXtreme-E firmware, and the HWRM interface of bnxt_hsi.h. */
#define RIG_SOFT_FW_NAME	"rig_soft"

union rig_soft_hwrm_out {
	struct output hdr;
	struct hwrm_err_output err;
	struct hwrm_ver_get_output ver;
	struct hwrm_func_qcaps_output qcaps;
	struct hwrm_func_qcfg_output qcfg;
	struct hwrm_ring_alloc_output ring_alloc;
	struct hwrm_ring_free_output ring_free;
	struct hwrm_stat_ctx_alloc_output stat_alloc;
	struct hwrm_stat_ctx_free_output stat_free;
};

union rig_soft_hwrm_in {
	struct input hdr;
	u8 bytes[HWRM_MAX_REQ_LEN];
};

struct rig_soft_hwrm_cmd {
	u16 type;
	u16 req_len;
	u16 resp_len;
	u16 (*answer)(struct rig_soft_fn *fn, const void *req,
		      union rig_soft_hwrm_out *out);
};

/* A firmware version in the 8-bit fields of hwrm_ver_get_output. */
static void rig_soft_ver8(u8 *maj, u8 *min, u8 *bld)
{
	*maj = RIG_SOFT_FW_MAJOR;
	*min = RIG_SOFT_FW_MINOR;
	*bld = RIG_SOFT_FW_BUILD;
}

/* ... and in its 16-bit fields. */
static void rig_soft_ver16(__le16 *maj, __le16 *min, __le16 *bld)
{
	*maj = cpu_to_le16(RIG_SOFT_FW_MAJOR);
	*min = cpu_to_le16(RIG_SOFT_FW_MINOR);
	*bld = cpu_to_le16(RIG_SOFT_FW_BUILD);
}

static u16 rig_soft_hwrm_ver_get(struct rig_soft_fn *fn, const void *req,
				 union rig_soft_hwrm_out *out)
{
	struct hwrm_ver_get_output *o = &out->ver;

	o->hwrm_intf_maj_8b = HWRM_VERSION_MAJOR;
	o->hwrm_intf_min_8b = HWRM_VERSION_MINOR;
	o->hwrm_intf_upd_8b = HWRM_VERSION_UPDATE;
	o->hwrm_intf_rsvd_8b = HWRM_VERSION_RSVD;
	rig_soft_ver8(&o->hwrm_fw_maj_8b, &o->hwrm_fw_min_8b, &o->hwrm_fw_bld_8b);
	rig_soft_ver8(&o->mgmt_fw_maj_8b, &o->mgmt_fw_min_8b, &o->mgmt_fw_bld_8b);
	rig_soft_ver8(&o->netctrl_fw_maj_8b, &o->netctrl_fw_min_8b, &o->netctrl_fw_bld_8b);
	rig_soft_ver8(&o->roce_fw_maj_8b, &o->roce_fw_min_8b, &o->roce_fw_bld_8b);
	o->dev_caps_cfg = cpu_to_le32(VER_GET_RESP_DEV_CAPS_CFG_SECURE_FW_UPD_SUPPORTED);
	strscpy(o->hwrm_fw_name, RIG_SOFT_FW_NAME, sizeof(o->hwrm_fw_name));
	strscpy(o->mgmt_fw_name, RIG_SOFT_FW_NAME, sizeof(o->mgmt_fw_name));
	strscpy(o->netctrl_fw_name, RIG_SOFT_FW_NAME, sizeof(o->netctrl_fw_name));
	strscpy(o->active_pkg_name, RIG_SOFT_FW_NAME, sizeof(o->active_pkg_name));
	strscpy(o->roce_fw_name, RIG_SOFT_FW_NAME, sizeof(o->roce_fw_name));
	o->chip_num = cpu_to_le16(RIG_SOFT_CHIP_NUM);
	o->chip_rev = 1;
	o->chip_platform_type = VER_GET_RESP_CHIP_PLATFORM_TYPE_ASIC;
	o->max_req_win_len = cpu_to_le16(HWRM_MAX_REQ_LEN);
	o->max_resp_len = cpu_to_le16(HWRM_MAX_RESP_LEN);
	o->def_req_timeout = cpu_to_le16(500);
	o->always_1 = 1;
	o->hwrm_intf_major = cpu_to_le16(HWRM_VERSION_MAJOR);
	o->hwrm_intf_minor = cpu_to_le16(HWRM_VERSION_MINOR);
	o->hwrm_intf_build = cpu_to_le16(HWRM_VERSION_UPDATE);
	o->hwrm_intf_patch = cpu_to_le16(HWRM_VERSION_RSVD);
	rig_soft_ver16(&o->hwrm_fw_major, &o->hwrm_fw_minor, &o->hwrm_fw_build);
	rig_soft_ver16(&o->mgmt_fw_major, &o->mgmt_fw_minor, &o->mgmt_fw_build);
	rig_soft_ver16(&o->netctrl_fw_major, &o->netctrl_fw_minor, &o->netctrl_fw_build);
	rig_soft_ver16(&o->roce_fw_major, &o->roce_fw_minor, &o->roce_fw_build);
	o->max_req_timeout = cpu_to_le16(READ_ONCE(fn->world->fw_timeout_s));
	return HWRM_ERR_CODE_SUCCESS;
}

static u16 rig_soft_hwrm_func_qcaps(struct rig_soft_fn *fn, const void *req,
				    union rig_soft_hwrm_out *out)
{
	const struct hwrm_func_qcaps_input *in = req;
	struct hwrm_func_qcaps_output *o = &out->qcaps;

	/* Only the function itself: it has no VFs. */
	if (le16_to_cpu(in->fid) != 0xffff)
		return HWRM_ERR_CODE_INVALID_PARAMS;
	o->fid = cpu_to_le16(fn->pci_id);
	o->flags = cpu_to_le32(FUNC_QCAPS_RESP_FLAGS_ROCE_V1_SUPPORTED |
			       FUNC_QCAPS_RESP_FLAGS_ROCE_V2_SUPPORTED);
	memcpy(o->mac_address, fn->mac, sizeof(o->mac_address));
	o->max_cmpl_rings = cpu_to_le16(RIG_SOFT_NVEC);
	o->max_stat_ctx = cpu_to_le16(RIG_SOFT_MAX_STAT_CTX);
	return HWRM_ERR_CODE_SUCCESS;
}

static u16 rig_soft_hwrm_func_qcfg(struct rig_soft_fn *fn, const void *req,
				   union rig_soft_hwrm_out *out)
{
	const struct hwrm_func_qcfg_input *in = req;
	struct hwrm_func_qcfg_output *o = &out->qcfg;

	if (le16_to_cpu(in->fid) != 0xffff)
		return HWRM_ERR_CODE_INVALID_PARAMS;
	o->fid = cpu_to_le16(fn->pci_id);
	memcpy(o->mac_address, fn->mac, sizeof(o->mac_address));
	o->pci_id = cpu_to_le16(fn->pci_id);
	o->alloc_cmpl_rings = cpu_to_le16(RIG_SOFT_NVEC);
	o->alloc_stat_ctx = cpu_to_le16(RIG_SOFT_MAX_STAT_CTX);
	o->alloc_msix = cpu_to_le16(RIG_SOFT_NVEC);
	o->admin_mtu = cpu_to_le16(fn->mtu);
	o->mru = cpu_to_le16(fn->mtu);
	o->port_partition_type = FUNC_QCFG_RESP_PORT_PARTITION_TYPE_SPF;
	o->port_pf_cnt = 1;
	o->l2_doorbell_bar_size_kb = cpu_to_le16(RIG_SOFT_L2_DB_SIZE / SZ_1K);
	o->legacy_l2_db_size_kb = cpu_to_le16(RIG_SOFT_L2_DB_SIZE / SZ_1K);
	o->db_page_size = FUNC_QCFG_RESP_DB_PAGE_SIZE_4KB;
	o->always_1 = 1;
	return HWRM_ERR_CODE_SUCCESS;
}

/* A ring id no live ring has, 12 bits, never a logical id. */
static u16 rig_soft_ring_id(struct rig_soft_fn *fn)
{
	u16 id;

	do {
		id = fn->next_ring++;
		if (fn->next_ring > RIG_SOFT_RING_ID_MAX)
			fn->next_ring = RIG_SOFT_RING_ID_MIN;
	} while (id < RIG_SOFT_RING_ID_MIN || id > RIG_SOFT_RING_ID_MAX ||
		 rig_soft_ring_find(fn, id));
	return id;
}

/* The checks of a ring allocation that read no memory. */
static u16 rig_soft_ring_alloc_check(struct rig_soft_fn *fn,
				     const struct hwrm_ring_alloc_input *in,
				     u8 *shift)
{
	u32 len = le32_to_cpu(in->length);
	u16 lid = le16_to_cpu(in->logical_id);

	if (in->ring_type != RING_ALLOC_REQ_RING_TYPE_NQ)
		return HWRM_ERR_CODE_INVALID_PARAMS;	/* L2 rings are bnxt_en's */
	if (in->enables)
		return HWRM_ERR_CODE_INVALID_ENABLES;
	if (in->flags)
		return HWRM_ERR_CODE_INVALID_FLAGS;
	if (in->int_mode != RING_ALLOC_REQ_INT_MODE_MSIX || in->fbo ||
	    !len || len > DBC_DBC_INDEX_MASK + 1 || lid >= RIG_SOFT_NVEC)
		return HWRM_ERR_CODE_INVALID_PARAMS;
	if (fn->rings[lid].live)
		return HWRM_ERR_CODE_RESOURCE_ALLOC_ERROR;
	*shift = in->page_size ?: RIG_SOFT_PBL_SHIFT;
	if (*shift < RIG_SOFT_PBL_SHIFT || *shift > 30 || in->page_tbl_depth > 1 ||
	    (in->page_tbl_depth && in->page_size != RIG_SOFT_PBL_SHIFT))
		return HWRM_ERR_CODE_INVALID_PARAMS;
	return HWRM_ERR_CODE_SUCCESS;
}

/*
 * An NQ-type ring: page_tbl_addr is the only page (depth 0, of
 * 2^page_size bytes, 4 KiB when 0) or a 4 KiB page of page addresses
 * (depth 1, page_size 12).  Its logical id is the vector it raises.
 */
static u16 rig_soft_hwrm_ring_alloc(struct rig_soft_fn *fn, const void *req,
				    union rig_soft_hwrm_out *out)
{
	const struct hwrm_ring_alloc_input *in = req;
	struct rig_soft_ring *ring;
	u8 shift;
	u16 code;
	int ret;

	code = rig_soft_ring_alloc_check(fn, in, &shift);
	if (code)
		return code;
	ring = &fn->rings[le16_to_cpu(in->logical_id)];
	ret = rig_soft_qmem_init(fn->mem, &ring->mem, le64_to_cpu(in->page_tbl_addr),
				 in->page_tbl_depth, shift,
				 (u64)le32_to_cpu(in->length) * 16);
	if (ret)
		return ret == -EFAULT ? HWRM_ERR_CODE_HWRM_ERROR :
		       ret == -ENOMEM ? HWRM_ERR_CODE_RESOURCE_ALLOC_ERROR :
		       HWRM_ERR_CODE_INVALID_PARAMS;
	ring->id = rig_soft_ring_id(fn);
	ring->entries = le32_to_cpu(in->length);
	ring->prod = 0;
	ring->raised = 0;
	ring->live = true;
	rig_soft_db_reset(fn, &ring->db, ring->db.off);
	out->ring_alloc.ring_id = cpu_to_le16(ring->id);
	out->ring_alloc.logical_ring_id = in->logical_id;
	return HWRM_ERR_CODE_SUCCESS;
}

static void rig_soft_ring_free(struct rig_soft_ring *ring)
{
	ring->live = false;
	rig_soft_qmem_free(&ring->mem);
}

static u16 rig_soft_hwrm_ring_free(struct rig_soft_fn *fn, const void *req,
				   union rig_soft_hwrm_out *out)
{
	const struct hwrm_ring_free_input *in = req;
	struct rig_soft_ring *ring = rig_soft_ring_find(fn, le16_to_cpu(in->ring_id));

	if (in->ring_type != RING_FREE_REQ_RING_TYPE_NQ || !ring)
		return HWRM_ERR_CODE_INVALID_PARAMS;
	if (in->flags)
		return HWRM_ERR_CODE_INVALID_FLAGS;
	rig_soft_ring_free(ring);
	return HWRM_ERR_CODE_SUCCESS;
}

/*
 * A statistics context, as a RoCE driver asks for one: the RoCE flag, a
 * block of the size the function writes (bnxt_en's hw_ring_stats_size,
 * which bnxt_re passes on), at an address that reaches memory.  Its block
 * is written every period from then on (rig_soft_stats_service()).
 */
static u16 rig_soft_hwrm_stat_alloc(struct rig_soft_fn *fn, const void *req,
				    union rig_soft_hwrm_out *out)
{
	const struct hwrm_stat_ctx_alloc_input *in = req;
	u64 addr = le64_to_cpu(in->stats_dma_addr);
	u32 period = le32_to_cpu(in->update_period_ms);
	unsigned long id;

	if (in->flags || in->stat_ctx_flags != STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_ROCE)
		return HWRM_ERR_CODE_INVALID_FLAGS;
	if (!addr || (addr & 7) || le16_to_cpu(in->stats_dma_length) != RIG_SOFT_STATS_SIZE)
		return HWRM_ERR_CODE_INVALID_PARAMS;
	id = find_first_zero_bit(fn->stat_ctxs, RIG_SOFT_MAX_STAT_CTX);
	if (id >= RIG_SOFT_MAX_STAT_CTX)
		return HWRM_ERR_CODE_RESOURCE_ALLOC_ERROR;
	if (rig_soft_mem_probe(fn->mem, addr))
		return HWRM_ERR_CODE_HWRM_ERROR;
	set_bit(id, fn->stat_ctxs);
	fn->stat[id] = (struct rig_soft_stat_ctx){
		.addr = addr,
		.period_ms = period,
		.due = jiffies + msecs_to_jiffies(period),
	};
	out->stat_alloc.stat_ctx_id = cpu_to_le32(id);
	return HWRM_ERR_CODE_SUCCESS;
}

static u16 rig_soft_hwrm_stat_free(struct rig_soft_fn *fn, const void *req,
				   union rig_soft_hwrm_out *out)
{
	const struct hwrm_stat_ctx_free_input *in = req;
	u32 id = le32_to_cpu(in->stat_ctx_id);

	if (id >= RIG_SOFT_MAX_STAT_CTX || !test_bit(id, fn->stat_ctxs))
		return HWRM_ERR_CODE_INVALID_PARAMS;
	clear_bit(id, fn->stat_ctxs);
	out->stat_free.stat_ctx_id = in->stat_ctx_id;
	return HWRM_ERR_CODE_SUCCESS;
}

/* The function's counters, as the chip lays out a statistics block. */
static void rig_soft_stats_block(const struct rig_soft_fn *fn, struct ctx_hw_stats *b)
{
	memset(b, 0, sizeof(*b));
	b->rx_ucast_pkts = cpu_to_le64(fn->stats.rx_pkts);
	b->rx_ucast_bytes = cpu_to_le64(fn->stats.rx_bytes);
	b->tx_ucast_pkts = cpu_to_le64(fn->stats.tx_pkts);
	b->tx_ucast_bytes = cpu_to_le64(fn->stats.tx_bytes);
}

/* Is statistics context @id live and due? */
static bool rig_soft_stat_due(struct rig_soft_fn *fn, unsigned long id)
{
	const struct rig_soft_stat_ctx *c = &fn->stat[id];

	return c->period_ms && time_after_eq(jiffies, c->due);
}

/**
 * rig_soft_stats_service() - write the statistics blocks that are due
 * @fn: the function; the caller holds its world's lock
 *
 * Every live context's block, each period, into the memory it was given,
 * until HWRM_STAT_CTX_FREE: a driver that frees the memory before that
 * has it written all the same.  A fault is counted, the context goes on.
 *
 * Return: true when a block was written.
 */
bool rig_soft_stats_service(struct rig_soft_fn *fn)
{
	struct ctx_hw_stats block;
	bool wrote = false;
	unsigned long id;

	rig_soft_assert_held(fn);
	for_each_set_bit(id, fn->stat_ctxs, RIG_SOFT_MAX_STAT_CTX) {
		struct rig_soft_stat_ctx *c = &fn->stat[id];

		if (!rig_soft_stat_due(fn, id))
			continue;
		c->due = jiffies + msecs_to_jiffies(c->period_ms);
		rig_soft_stats_block(fn, &block);
		if (rig_soft_mem_write(fn->mem, c->addr, &block, sizeof(block)))
			fn->stats.cq_faults++;
		else
			fn->stats.stats_writes++;
		wrote = true;
	}
	return wrote;
}

/**
 * rig_soft_stats_pending() - is a statistics block due?
 * @fn: the function; the caller holds its world's lock
 *
 * Return: true when rig_soft_stats_service() would write one.
 */
bool rig_soft_stats_pending(struct rig_soft_fn *fn)
{
	unsigned long id;

	rig_soft_assert_held(fn);
	for_each_set_bit(id, fn->stat_ctxs, RIG_SOFT_MAX_STAT_CTX)
		if (rig_soft_stat_due(fn, id))
			return true;
	return false;
}

#define RIG_SOFT_HWRM(t, in, outp, fn) \
	{ t, sizeof(struct in), sizeof(struct outp), fn }

static const struct rig_soft_hwrm_cmd rig_soft_hwrm_cmds[] = {
	RIG_SOFT_HWRM(HWRM_VER_GET, hwrm_ver_get_input, hwrm_ver_get_output,
		      rig_soft_hwrm_ver_get),
	RIG_SOFT_HWRM(HWRM_FUNC_QCAPS, hwrm_func_qcaps_input, hwrm_func_qcaps_output,
		      rig_soft_hwrm_func_qcaps),
	RIG_SOFT_HWRM(HWRM_FUNC_QCFG, hwrm_func_qcfg_input, hwrm_func_qcfg_output,
		      rig_soft_hwrm_func_qcfg),
	RIG_SOFT_HWRM(HWRM_RING_ALLOC, hwrm_ring_alloc_input, hwrm_ring_alloc_output,
		      rig_soft_hwrm_ring_alloc),
	RIG_SOFT_HWRM(HWRM_RING_FREE, hwrm_ring_free_input, hwrm_ring_free_output,
		      rig_soft_hwrm_ring_free),
	RIG_SOFT_HWRM(HWRM_STAT_CTX_ALLOC, hwrm_stat_ctx_alloc_input,
		      hwrm_stat_ctx_alloc_output, rig_soft_hwrm_stat_alloc),
	RIG_SOFT_HWRM(HWRM_STAT_CTX_FREE, hwrm_stat_ctx_free_input,
		      hwrm_stat_ctx_free_output, rig_soft_hwrm_stat_free),
};

/* Answer a request whose header was read; the answer's length is returned. */
static u16 rig_soft_hwrm_answer(struct rig_soft_fn *fn, const union rig_soft_hwrm_in *in,
				u32 req_len, union rig_soft_hwrm_out *out)
{
	u16 type = le16_to_cpu(in->hdr.req_type);
	const struct rig_soft_hwrm_cmd *cmd = NULL;
	u16 code, len = sizeof(out->err);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rig_soft_hwrm_cmds); i++)
		if (rig_soft_hwrm_cmds[i].type == type)
			cmd = &rig_soft_hwrm_cmds[i];
	if (fn->faults.hwrm_fail) {
		fn->faults.hwrm_fail--;
		code = fn->faults.hwrm_fail_code;
	} else if (!cmd) {
		code = HWRM_ERR_CODE_CMD_NOT_SUPPORTED;
	} else if (req_len < cmd->req_len) {
		code = HWRM_ERR_CODE_INVALID_PARAMS;
	} else {
		code = cmd->answer(fn, in, out);
		if (!code)
			len = cmd->resp_len;
	}
	if (code)
		memset(out, 0, sizeof(*out));
	out->hdr.error_code = cpu_to_le16(code);
	((u8 *)out)[len - 1] = HWRM_RESP_VALID_KEY;
	return len;
}

/**
 * rig_soft_hwrm() - answer an HWRM request
 * @fn: the function; the caller holds its world's lock
 * @req: the request, in bnxt_hsi.h's layout, req_type set
 * @req_len: its bytes: at least its type's input structure, at most
 *	     HWRM_MAX_REQ_LEN
 * @resp: where up to @resp_len bytes of the answer go
 * @resp_len: room at @resp
 *
 * The answer echoes req_type, carries the request's sequence number (the
 * transport's: the model assigns it), its own length in resp_len, the
 * valid byte, and error_code 0 or an HWRM_ERR_CODE_*.  A request of an
 * unknown type is CMD_NOT_SUPPORTED; one too short or too long, or with
 * a field out of range, INVALID_PARAMS.
 *
 * Return: 0 when error_code is 0; -EIO when it is not (the answer is
 * still copied); -EBUSY while the function is stopped (nothing copied).
 */
int rig_soft_hwrm(struct rig_soft_fn *fn, const void *req, u32 req_len,
		  void *resp, u32 resp_len)
{
	union rig_soft_hwrm_out out = {};
	union rig_soft_hwrm_in in = {};
	u16 len, code;

	rig_soft_assert_held(fn);
	if (fn->stopped) {
		fn->stats.hwrm_stopped++;
		return -EBUSY;
	}
	memcpy(&in, req, min_t(u32, req_len, sizeof(in)));
	if (req_len < sizeof(in.hdr) || req_len > sizeof(in)) {
		out.hdr.error_code = cpu_to_le16(HWRM_ERR_CODE_INVALID_PARAMS);
		out.err.valid = HWRM_RESP_VALID_KEY;
		len = sizeof(out.err);
	} else {
		len = rig_soft_hwrm_answer(fn, &in, req_len, &out);
	}
	code = le16_to_cpu(out.hdr.error_code);
	out.hdr.req_type = in.hdr.req_type;
	out.hdr.seq_id = cpu_to_le16(fn->hwrm_seq++);
	out.hdr.resp_len = cpu_to_le16(len);
	memcpy(resp, &out, min_t(u32, resp_len, len));
	fn->stats.hwrm++;
	if (code)
		fn->stats.hwrm_refused++;
	return code ? -EIO : 0;
}

/**
 * rig_soft_hwrm_reset() - forget every ring and statistics context
 * @fn: the function; the caller holds its world's lock
 */
void rig_soft_hwrm_reset(struct rig_soft_fn *fn)
{
	unsigned int i;

	rig_soft_assert_held(fn);
	for (i = 0; i < RIG_SOFT_NVEC; i++)
		if (fn->rings[i].live)
			rig_soft_ring_free(&fn->rings[i]);
	bitmap_zero(fn->stat_ctxs, RIG_SOFT_MAX_STAT_CTX);
	memset(fn->stat, 0, sizeof(fn->stat));
}
