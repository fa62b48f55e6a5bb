// SPDX-License-Identifier: GPL-2.0-only
/*
 * Keys and memory regions: ALLOCATE_MRW, REGISTER_MR, DEREGISTER_MR and
 * DEALLOCATE_KEY, and the look-up the data path makes for every piece it
 * moves.  This file owns the key table (a key is a 14-bit index and an
 * 18-bit random variant, the index a free one found from a random place,
 * so keys cannot be found by counting or from one another) and an MR's
 * page list, read whole from its PBL when it is registered.  Once a key
 * is deallocated it names nothing and its pages are forgotten; the data
 * path re-resolves keys under the same lock, so it never reaches them
 * again.  Pure: KUnit runs it.
 */
#include <linux/random.h>
#include <linux/slab.h>

#include "soft.h"

#define RIG_SOFT_MR_ACCESS	(CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE | \
				 CMDQ_REGISTER_MR_ACCESS_REMOTE_READ | \
				 CMDQ_REGISTER_MR_ACCESS_REMOTE_WRITE | \
				 CMDQ_REGISTER_MR_ACCESS_REMOTE_ATOMIC | \
				 CMDQ_REGISTER_MR_ACCESS_MW_BIND | \
				 CMDQ_REGISTER_MR_ACCESS_ZERO_BASED)

static u32 rig_soft_key_index(u32 key)
{
	return key >> RIG_SOFT_KEY_VARIANT_BITS;
}

/* The key's MR, registered or not, if the whole key (variant too) matches. */
static struct rig_soft_mr *rig_soft_key(struct rig_soft_fn *fn, u32 key)
{
	struct rig_soft_mr *mr = xa_load(&fn->mrs, rig_soft_key_index(key));

	return mr && mr->key == key ? mr : NULL;
}

/* The slot of @fn's lookup cache a key's MR is remembered in (by its index). */
static struct rig_soft_mr **rig_soft_mr_slot(struct rig_soft_fn *fn, u32 key)
{
	return &fn->mr_cache[rig_soft_key_index(key) % RIG_SOFT_MR_CACHE];
}

/*
 * A key for @mr: a free index, the first from a random place on, so that
 * one key tells nothing of the next, and a random variant (any but 0 at
 * index 0: key 0 is no key).  A stale key names a new MR only if both
 * its index and its variant are drawn again: about one in 2^32 of the
 * registrations that follow while the table is lightly used, as likely
 * as when indexes were handed out in turn with an 8-bit variant.
 */
static int rig_soft_key_alloc(struct rig_soft_fn *fn, struct rig_soft_mr *mr)
{
	u32 next = get_random_u32_below(RIG_SOFT_KEY_INDEX_MAX + 1);
	u32 index, variant;
	int ret;

	ret = xa_alloc_cyclic(&fn->mrs, &index, mr, XA_LIMIT(0, RIG_SOFT_KEY_INDEX_MAX), &next,
			      GFP_KERNEL);
	if (ret < 0)
		return ret;
	variant = get_random_u32_inclusive(index ? 0 : 1, RIG_SOFT_KEY_VARIANT_MAX);
	mr->key = index << RIG_SOFT_KEY_VARIANT_BITS | variant;
	return 0;
}

/**
 * rig_soft_mr_find() - the registered MR a key names
 * @fn: the function; the caller holds its world's lock
 * @key: the key
 *
 * Return: the MR, or NULL.
 */
struct rig_soft_mr *rig_soft_mr_find(struct rig_soft_fn *fn, u32 key)
{
	struct rig_soft_mr **slot = rig_soft_mr_slot(fn, key);
	struct rig_soft_mr *mr = *slot;

	rig_soft_assert_held(fn);
	if (!mr || mr->key != key) {
		mr = rig_soft_key(fn, key);
		if (mr)
			*slot = mr;
	}
	return mr && mr->registered ? mr : NULL;
}

/**
 * rig_soft_cmd_allocate_mrw() - ALLOCATE_MRW: a key for an MR
 * @fn: the function
 * @cmd: a struct cmdq_allocate_mrw
 * @resp: the answer: xid = the key
 *
 * Only type MR; no access flags, no steering tag; pd_id below max_pd;
 * at most max_mr keys.
 *
 * Return: 0; NOT_IMPLEMENTED for PMR and MW types; INVALID_PARAMETER;
 * RESOURCES.
 */
u8 rig_soft_cmd_allocate_mrw(struct rig_soft_fn *fn, const void *cmd,
			     struct creq_qp_event *resp)
{
	const struct cmdq_allocate_mrw *req = cmd;
	u8 type = req->mrw_flags & CMDQ_ALLOCATE_MRW_MRW_FLAGS_MASK;
	struct rig_soft_mr *mr;

	if (fn->nmrs >= fn->lim.max_mr)
		return CREQ_QP_EVENT_STATUS_RESOURCES;
	if ((req->mrw_flags & ~CMDQ_ALLOCATE_MRW_MRW_FLAGS_MASK) ||
	    type > CMDQ_ALLOCATE_MRW_MRW_FLAGS_LAST || req->access || req->steering_tag ||
	    le32_to_cpu(req->pd_id) >= fn->lim.max_pd)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	if (type != CMDQ_ALLOCATE_MRW_MRW_FLAGS_MR)
		return CREQ_QP_EVENT_STATUS_NOT_IMPLEMENTED;
	mr = kzalloc(sizeof(*mr), GFP_KERNEL);
	if (!mr)
		return CREQ_QP_EVENT_STATUS_RESOURCES;
	if (rig_soft_key_alloc(fn, mr)) {
		kfree(mr);
		return CREQ_QP_EVENT_STATUS_RESOURCES;
	}
	mr->pd = le32_to_cpu(req->pd_id);
	mr->handle = le64_to_cpu(req->mrw_handle);
	fn->nmrs++;
	((struct creq_allocate_mrw_resp *)resp)->xid = cpu_to_le32(mr->key);
	return 0;
}

/* The REGISTER_MR checks that read no memory; *@pg and *@pbl are shifts. */
static u8 rig_soft_register_check(struct rig_soft_fn *fn, const struct cmdq_register_mr *req,
				  struct rig_soft_mr *mr, u8 *pg, u8 *pbl)
{
	u8 lvl = req->log2_pg_size_lvl & CMDQ_REGISTER_MR_LVL_MASK;
	u16 pbl_size = le16_to_cpu(req->log2_pbl_pg_size);
	u64 size = le64_to_cpu(req->mr_size);
	u8 a = req->access;

	*pg = (req->log2_pg_size_lvl & CMDQ_REGISTER_MR_LOG2_PG_SIZE_MASK) >>
	      CMDQ_REGISTER_MR_LOG2_PG_SIZE_SFT;
	*pbl = pbl_size & CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_MASK;
	if (!mr || mr->registered || req->flags || req->steering_tag ||
	    lvl > CMDQ_REGISTER_MR_LVL_LVL_2 ||
	    (req->log2_pg_size_lvl & CMDQ_REGISTER_MR_UNUSED1) ||
	    *pg < RIG_SOFT_PBL_SHIFT || *pg > 30 ||
	    (pbl_size & CMDQ_REGISTER_MR_UNUSED11_MASK) ||
	    (lvl && (*pbl < RIG_SOFT_PBL_SHIFT || *pbl > 30)) ||
	    (a & ~RIG_SOFT_MR_ACCESS) ||
	    ((a & (CMDQ_REGISTER_MR_ACCESS_REMOTE_WRITE | CMDQ_REGISTER_MR_ACCESS_REMOTE_ATOMIC)) &&
	     !(a & CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE)) ||
	    !size || size > fn->lim.max_mr_size)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	if (!lvl)
		*pbl = RIG_SOFT_PBL_SHIFT;
	return 0;
}

/**
 * rig_soft_cmd_register_mr() - REGISTER_MR: bind pages to a key
 * @fn: the function
 * @cmd: a struct cmdq_register_mr
 * @resp: the answer: xid = the key
 *
 * The key is ALLOCATE_MRW's and not registered; no flags (ALLOC_MR,
 * ENABLE_RO, steering tags are not implemented); level 0 (pbl is the
 * only page), 1 (a page of page addresses) or 2 (a list of such pages);
 * pages of 4 KiB to 1 GiB; access of the defined bits, remote write
 * or atomic only with local write; 0 < mr_size <= max_mr_size.  The
 * region's first byte is at va's offset in its first page; SGEs name it
 * as va (or as 0 when ZERO_BASED).  The whole list is read now.
 *
 * Return: 0; INVALID_PARAMETER; HARDWARE_ERROR for a DMA fault;
 * RESOURCES.
 */
u8 rig_soft_cmd_register_mr(struct rig_soft_fn *fn, const void *cmd,
			    struct creq_qp_event *resp)
{
	const struct cmdq_register_mr *req = cmd;
	struct rig_soft_mr *mr = rig_soft_key(fn, le32_to_cpu(req->key));
	u64 va = le64_to_cpu(req->va), size = le64_to_cpu(req->mr_size);
	u8 pg, pbl, status;
	dma_addr_t *pages;
	u64 npages;
	u32 first;
	int ret;

	status = rig_soft_register_check(fn, req, mr, &pg, &pbl);
	if (status)
		return status;
	first = va & (BIT_ULL(pg) - 1);
	npages = DIV_ROUND_UP(first + size, BIT_ULL(pg));
	pages = kvcalloc(npages, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return CREQ_QP_EVENT_STATUS_RESOURCES;
	ret = rig_soft_pbl_read(fn->mem, le64_to_cpu(req->pbl),
				req->log2_pg_size_lvl & CMDQ_REGISTER_MR_LVL_MASK,
				npages, pg, pbl, pages);
	if (ret) {
		kvfree(pages);
		return ret == -EFAULT ? CREQ_QP_EVENT_STATUS_HARDWARE_ERROR :
		       CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	}
	mr->access = req->access;
	mr->va = va;
	mr->size = size;
	mr->first = first;
	mr->pg_shift = pg;
	mr->npages = npages;
	mr->pages = pages;
	mr->registered = true;
	fn->mr_page_bytes += npages * sizeof(*pages);
	((struct creq_register_mr_resp *)resp)->xid = cpu_to_le32(mr->key);
	return 0;
}

static void rig_soft_mr_unbind(struct rig_soft_fn *fn, struct rig_soft_mr *mr)
{
	fn->mr_page_bytes -= mr->npages * sizeof(*mr->pages);
	kvfree(mr->pages);
	mr->pages = NULL;
	mr->npages = 0;
	mr->registered = false;
}

/**
 * rig_soft_cmd_deregister_mr() - DEREGISTER_MR: the key stays, unbound
 * @fn: the function
 * @cmd: a struct cmdq_deregister_mr
 * @resp: the answer: xid = the key
 *
 * Return: 0, or INVALID_PARAMETER for a key not registered.
 */
u8 rig_soft_cmd_deregister_mr(struct rig_soft_fn *fn, const void *cmd,
			      struct creq_qp_event *resp)
{
	const struct cmdq_deregister_mr *req = cmd;
	struct rig_soft_mr *mr = rig_soft_mr_find(fn, le32_to_cpu(req->lkey));

	if (!mr)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	rig_soft_mr_unbind(fn, mr);
	((struct creq_deregister_mr_resp *)resp)->xid = cpu_to_le32(mr->key);
	return 0;
}

/**
 * rig_soft_mr_free() - forget a key and what it names
 * @fn: the function; the caller holds its world's lock
 * @mr: the MR
 */
void rig_soft_mr_free(struct rig_soft_fn *fn, struct rig_soft_mr *mr)
{
	struct rig_soft_mr **slot = rig_soft_mr_slot(fn, mr->key);

	rig_soft_assert_held(fn);
	if (*slot == mr)
		*slot = NULL;
	xa_erase(&fn->mrs, rig_soft_key_index(mr->key));
	rig_soft_mr_unbind(fn, mr);
	fn->nmrs--;
	kfree(mr);
}

/**
 * rig_soft_cmd_deallocate_key() - DEALLOCATE_KEY: the key names nothing
 * @fn: the function
 * @cmd: a struct cmdq_deallocate_key
 * @resp: the answer: xid = the key
 *
 * A registered MR is deregistered with it, as bnxt_re's MR teardown
 * expects.
 *
 * Return: 0, or INVALID_PARAMETER for a key not allocated or a type
 * that is not its.
 */
u8 rig_soft_cmd_deallocate_key(struct rig_soft_fn *fn, const void *cmd,
			       struct creq_qp_event *resp)
{
	const struct cmdq_deallocate_key *req = cmd;
	struct rig_soft_mr *mr = rig_soft_key(fn, le32_to_cpu(req->key));

	if (!mr || req->mrw_flags != CMDQ_DEALLOCATE_KEY_MRW_FLAGS_MR)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	((struct creq_deallocate_key_resp *)resp)->xid = cpu_to_le32(mr->key);
	rig_soft_mr_free(fn, mr);
	return 0;
}
