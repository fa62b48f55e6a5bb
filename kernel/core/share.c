// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shares of a NIC: how much of what a NIC has for every process (its
 * protection domains and doorbell pages, one of each an open file; its
 * queue pairs, each with its completion queue and, on some NICs, doorbell
 * pages of its own; its memory keys, one a region) one user may hold, so
 * that no unprivileged user can take a whole NIC from the others.  A user
 * is the one who opened the file, whoever uses it after; users with
 * CAP_SYS_RESOURCE when they opened it are not counted.  The share is the
 * module parameter user_share, in percent of each resource.
 *
 * This file owns struct rig_share and the device's table of them; what
 * the NIC has is the driver's word (struct rig_dev_attr).  It counts
 * objects, not the firmware's answers: a charge is taken before the
 * object is made and given back when the core lets go of it.
 */
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>

#include "rig.h"

static unsigned int user_share = 50;
module_param(user_share, uint, 0644);
MODULE_PARM_DESC(user_share,
		 "percent of a NIC's protection domains, doorbell pages, queue pairs and keys one user may hold (1-100, default 50; CAP_SYS_RESOURCE is not counted)");

/**
 * struct rig_share - what one user holds of a NIC
 * @files: open files (each a protection domain and a doorbell page)
 * @qps: queue pairs (each a completion queue, and @qp_dpis doorbell pages)
 * @regions: regions (each a key)
 *
 * In the device's @shares, under its @shares_lock; freed when it holds
 * nothing.
 */
struct rig_share {
	u32 files;
	u32 qps;
	u32 regions;
};

/* A user's share of @whole: user_share percent of it, at least one. */
static u64 rig_share_of(u64 whole)
{
	u32 pct = clamp(READ_ONCE(user_share), 1U, 100U);

	return max_t(u64, div_u64(whole * pct, 100), 1);
}

/* Would @s, grown by @add, stay within a user's share of @attr's NIC? */
static const char *rig_share_over(const struct rig_dev_attr *attr,
				  const struct rig_share *s, const struct rig_share *add)
{
	u64 files = (u64)s->files + add->files;
	u64 qps = (u64)s->qps + add->qps;
	u64 regions = (u64)s->regions + add->regions;

	if (add->files && files > rig_share_of(attr->max_pd))
		return "protection domains";
	if ((add->files || add->qps) &&
	    files + qps * attr->qp_dpis > rig_share_of(attr->max_dpi))
		return "doorbell pages";
	if (add->qps && qps > rig_share_of(min(attr->max_qp, attr->max_cq)))
		return "queue pairs";
	if (add->regions && regions > rig_share_of(attr->max_mr))
		return "memory keys";
	return NULL;
}

/*
 * Add @delta (negative: give back) to the share of @uid: 0, or -EDQUOT
 * naming the resource in @what when growing it would pass the share.
 */
static int rig_share_add(struct rig_dev *rdev, kuid_t uid, const struct rig_share *delta,
			 bool give_back, const char **what)
{
	unsigned long key = from_kuid(&init_user_ns, uid);
	struct rig_share *s;

	guard(mutex)(&rdev->shares_lock);
	s = xa_load(&rdev->shares, key);
	if (give_back) {
		if (WARN_ON_ONCE(!s || s->files < delta->files || s->qps < delta->qps ||
				 s->regions < delta->regions))
			return 0;
		s->files -= delta->files;
		s->qps -= delta->qps;
		s->regions -= delta->regions;
		if (!s->files && !s->qps && !s->regions)
			kfree(xa_erase(&rdev->shares, key));
		return 0;
	}
	if (!s) {
		s = kzalloc(sizeof(*s), GFP_KERNEL_ACCOUNT);
		if (!s)
			return -ENOMEM;
		if (xa_err(xa_store(&rdev->shares, key, s, GFP_KERNEL_ACCOUNT))) {
			kfree(s);
			return -ENOMEM;
		}
	}
	*what = rig_share_over(&rdev->attr, s, delta);
	if (*what) {
		if (!s->files && !s->qps && !s->regions)
			kfree(xa_erase(&rdev->shares, key));
		return -EDQUOT;
	}
	s->files += delta->files;
	s->qps += delta->qps;
	s->regions += delta->regions;
	return 0;
}

/**
 * rig_share_open() - count a new file against its opener's share
 * @ctx: the new context; its @uid and @unshared are set here
 *
 * Return: 0, -ENOMEM, or -EDQUOT when the opener holds a share of the
 * NIC's protection domains or doorbell pages already (logged).
 */
int rig_share_open(struct rig_ctx *ctx)
{
	const struct rig_share one = { .files = 1 };
	const char *what;
	int ret;

	ctx->uid = current_uid();
	ctx->unshared = capable(CAP_SYS_RESOURCE);
	if (ctx->unshared)
		return 0;
	ret = rig_share_add(ctx->rdev, ctx->uid, &one, false, &what);
	if (ret != -EDQUOT)
		return ret;
	dev_warn_ratelimited(&ctx->rdev->dev,
			     "open refused: user %u holds its share (user_share=%u%%) of the NIC's %s\n",
			     from_kuid(&init_user_ns, ctx->uid), READ_ONCE(user_share), what);
	return ret;
}

/**
 * rig_share_close() - give back what a file held of its opener's share
 * @ctx: a context being destroyed; its queue pairs and regions still
 *	 counted are given back with it
 */
void rig_share_close(struct rig_ctx *ctx)
{
	const struct rig_share all = {
		.files = 1, .qps = ctx->shared_qps, .regions = ctx->shared_regions,
	};

	if (!ctx->unshared)
		rig_share_add(ctx->rdev, ctx->uid, &all, true, NULL);
	ctx->shared_qps = 0;
	ctx->shared_regions = 0;
}

/**
 * rig_share_take() - count a queue pair or region about to be made
 * @ctx: the context that will own it, under its @lock or not
 * @qps: 1 for a queue pair
 * @regions: 1 for a region
 *
 * Return: 0, -ENOMEM, or -EDQUOT (the message, for RIG_BNXT_LAST_ERROR,
 * names the resource and the share).
 */
int rig_share_take(struct rig_ctx *ctx, u32 qps, u32 regions)
{
	const struct rig_share add = { .qps = qps, .regions = regions };
	const char *what;
	int ret;

	if (!ctx->unshared) {
		ret = rig_share_add(ctx->rdev, ctx->uid, &add, false, &what);
		if (ret == -EDQUOT)
			return rig_ctx_error(ctx, ret,
					     "%s: user %u holds its share (user_share=%u%%) of the NIC's %s",
					     qps ? "queue pair" : "region",
					     from_kuid(&init_user_ns, ctx->uid),
					     READ_ONCE(user_share), what);
		if (ret)
			return ret;
	}
	/* Under the shares' lock would do; the context's counts are its own. */
	guard(mutex)(&ctx->rdev->shares_lock);
	ctx->shared_qps += qps;
	ctx->shared_regions += regions;
	return 0;
}

/**
 * rig_share_give() - give back what rig_share_take() counted
 * @ctx: the context that owned the object
 * @qps: 1 for a queue pair
 * @regions: 1 for a region
 */
void rig_share_give(struct rig_ctx *ctx, u32 qps, u32 regions)
{
	const struct rig_share sub = { .qps = qps, .regions = regions };

	if (!ctx->unshared)
		rig_share_add(ctx->rdev, ctx->uid, &sub, true, NULL);
	guard(mutex)(&ctx->rdev->shares_lock);
	ctx->shared_qps -= qps;
	ctx->shared_regions -= regions;
}
