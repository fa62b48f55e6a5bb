// SPDX-License-Identifier: GPL-2.0-only
/*
 * A modelled function's life: its limits and empty tables when it is
 * made, joining and leaving the world an engine serves, and the reset
 * that forgets every object (a firmware reset, or its removal).  This
 * file owns struct rig_soft_fn's setup and teardown and the world's; the
 * objects themselves are freed by the files that own them.  Pure: KUnit
 * runs it.
 */
#include <linux/random.h>
#include <linux/slab.h>

#include "soft.h"

/**
 * rig_soft_world_init() - an empty world
 * @world: the world
 */
void rig_soft_world_init(struct rig_soft_world *world)
{
	mutex_init(&world->lock);
	INIT_LIST_HEAD(&world->fns);
	INIT_LIST_HEAD(&world->qps);
	INIT_LIST_HEAD(&world->touched);
	world->rnr_ms = 100;
	world->retry_ms = 100;
	world->fw_timeout_s = 40;
	/* Kind, and its draws fixed, until its owner says otherwise. */
	world->unkind = 0;
	prandom_seed_state(&world->rnd, 1);
}

/**
 * rig_soft_fn_init() - make a function with no object, not yet served
 * @fn: the function, zeroed
 * @world: the engine that will serve it
 * @ops: its vectors
 * @bar: its BAR 2, mapped
 * @mem: its memory
 * @dev: for messages
 * @bar_len: bytes of its BAR 2: the DPI pages are what lies beyond the
 *	     mailbox window and the L2 doorbells
 *
 * Object numbers and keys start at random points, so a stale one is
 * unlikely to name a live object (siw does the same for keys).
 *
 * Return: 0, -EINVAL for a BAR with no DPI page, or -ENOMEM.
 */
int rig_soft_fn_init(struct rig_soft_fn *fn, struct rig_soft_world *world,
		     const struct rig_soft_fn_ops *ops, void __iomem *bar,
		     struct rig_soft_mem *mem, struct device *dev, u32 bar_len)
{
	unsigned int i;

	if (bar_len <= rig_soft_dpi_off(1))
		return -EINVAL;
	fn->world = world;
	INIT_LIST_HEAD(&fn->node);
	fn->ops = ops;
	fn->bar = bar;
	fn->mem = mem;
	fn->dev = dev;
	fn->bar_len = bar_len;
	fn->mtu = RIG_SOFT_MTU;
	fn->lim = (struct rig_soft_limits){
		.max_qp = RIG_SOFT_MAX_QP,
		.max_qp_wr = RIG_SOFT_MAX_QP_WR,
		.max_cq = RIG_SOFT_MAX_CQ,
		.max_cqe = RIG_SOFT_MAX_CQE,
		.max_mr = RIG_SOFT_MAX_MR,
		.max_pd = RIG_SOFT_MAX_PD,
		.max_gid = RIG_SOFT_MAX_GID,
		.max_dpi = (bar_len - rig_soft_dpi_off(0)) / RIG_SOFT_DPI_SIZE,
		.max_mr_size = RIG_SOFT_MAX_MR_SIZE,
		.max_sge = RIG_SOFT_MAX_SGE,
		.max_rd_atom = RIG_SOFT_MAX_RD_ATOM,
	};
	fn->dpi_used = bitmap_zalloc(fn->lim.max_dpi, GFP_KERNEL);
	if (!fn->dpi_used)
		return -ENOMEM;
	xa_init_flags(&fn->qps, XA_FLAGS_ALLOC1);
	xa_init_flags(&fn->cqs, XA_FLAGS_ALLOC1);
	INIT_LIST_HEAD(&fn->cq_list);
	xa_init_flags(&fn->mrs, XA_FLAGS_ALLOC);
	fn->next_qpn = get_random_u32_inclusive(1, RIG_SOFT_XID_MAX);
	fn->next_cqn = get_random_u32_inclusive(1, RIG_SOFT_XID_MAX);
	fn->next_ring = get_random_u32_inclusive(RIG_SOFT_RING_ID_MIN, RIG_SOFT_RING_ID_MAX);
	for (i = 0; i < RIG_SOFT_NVEC; i++) {
		fn->rings[i].vec = i;
		fn->rings[i].db.off = RIG_SOFT_DB_BAR + i * RIG_SOFT_VEC_DB_STRIDE;
	}
	return 0;
}

/**
 * rig_soft_fn_reset() - forget every object: the firmware restarts empty
 * @fn: the function; the caller holds its world's lock
 *
 * QPs, CQs, MRs, GIDs, rings, statistics contexts and the command queue
 * are gone; the next thing the driver may do is HWRM_VER_GET.
 */
void rig_soft_fn_reset(struct rig_soft_fn *fn)
{
	rig_soft_assert_held(fn);
	rig_soft_fw_reset(fn);
	rig_soft_cmdq_reset(fn);
	rig_soft_hwrm_reset(fn);
}

/**
 * rig_soft_fn_exit() - undo rig_soft_fn_init()
 * @fn: a function no engine serves any more, reset
 */
void rig_soft_fn_exit(struct rig_soft_fn *fn)
{
	WARN_ON_ONCE(!xa_empty(&fn->qps) || !xa_empty(&fn->cqs) || !xa_empty(&fn->mrs));
	xa_destroy(&fn->qps);
	xa_destroy(&fn->cqs);
	xa_destroy(&fn->mrs);
	bitmap_free(fn->dpi_used);
	fn->dpi_used = NULL;
}
