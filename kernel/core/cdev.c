// SPDX-License-Identifier: GPL-2.0-only
/*
 * The file operations of /dev/rig_bnxtN: open and release of a context,
 * and the ioctl dispatch that copies a command's extensible structure in,
 * runs it with the device held alive, and copies the answer out.
 *
 * This file owns the ABI rules every command shares (size field, zeroed
 * tails and reserved fields, the write-back size); it does not own the
 * objects commands create.
 */
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/nospec.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "rig.h"

/**
 * struct rig_cmd - one ioctl command
 * @handler: runs the command on the kernel's copy of the structure
 * @undo: for a command that changes something: change it back when the
 *	  answer cannot be copied out (an object the caller could never
 *	  name is unmade; a message it never read is kept)
 * @size: the kernel's size of the structure
 * @min_size: the smallest size a caller may pass (the first version's)
 * @answers: the command writes its structure back; one that only takes a
 *	     handle writes nothing, so a fault in the copy-out can never
 *	     turn a destruction that happened into a failure
 * @unlocked: the handler takes the device's @lock itself, around what the
 *	      NIC does: it touches the process's memory first, and a fault
 *	      there may wait for as long as the process likes
 */
struct rig_cmd {
	int (*handler)(struct rig_ctx *ctx, void *arg);
	void (*undo)(struct rig_ctx *ctx, void *arg);
	u32 size;
	u32 min_size;
	bool answers;
	bool unlocked;
};

static int rig_cmd_query(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_query *q = arg;
	struct rig_dev *rdev = ctx->rdev;

	/* Everything after size is output: a caller must pass zeroes. */
	if (memchr_inv(&q->abi, 0, sizeof(*q) - offsetof(typeof(*q), abi)))
		return -EINVAL;

	q->abi = RIG_BNXT_ABI_VERSION;
	q->kind = rdev->attr.kind;
	q->flags = RIG_BNXT_QUERY_REG_NO_REMOTE_READ;
	if (IS_ENABLED(CONFIG_DMA_SHARED_BUFFER))
		q->flags |= RIG_BNXT_QUERY_REG_DMABUF;
	if (rdev->attr.iommu)
		q->flags |= RIG_BNXT_QUERY_IOMMU;
	if (rdev->ops->relaxed_ordering(rdev))
		q->flags |= RIG_BNXT_QUERY_RELAXED_ORDERING;
	if (rdev->attr.needs_kick) {
		q->flags |= RIG_BNXT_QUERY_NEEDS_KICK;
		if (rdev->attr.rq_wake)
			q->flags |= RIG_BNXT_QUERY_RQ_WAKE;
		q->status_offset = (u64)ctx->status_cookie << PAGE_SHIFT;
	}
	q->max_entries = rdev->attr.max_entries;
	q->page_size = PAGE_SIZE;
	return 0;
}

/* Commands that answer, and (for those that change something) their undo. */
#define RIG_CMD(cmd, fn, un, type) \
	[_IOC_NR(cmd) - RIG_BNXT_BASE] = { \
		.handler = fn, .undo = un, .size = sizeof(type), \
		.min_size = sizeof(type), .answers = true }
/* Commands that only take their structure. */
#define RIG_CMD_IN(cmd, fn, type) \
	[_IOC_NR(cmd) - RIG_BNXT_BASE] = { \
		.handler = fn, .size = sizeof(type), .min_size = sizeof(type) }

static const struct rig_cmd rig_cmds[] = {
	RIG_CMD(RIG_BNXT_QUERY, rig_cmd_query, NULL, struct rig_bnxt_query),
	[_IOC_NR(RIG_BNXT_REG_REGION) - RIG_BNXT_BASE] = {
		.handler = rig_cmd_reg_region, .undo = rig_region_undo,
		.size = sizeof(struct rig_bnxt_reg_region),
		/* The first version, before @fd and @reserved */
		.min_size = offsetof(struct rig_bnxt_reg_region, fd),
		.answers = true, .unlocked = true },
	RIG_CMD_IN(RIG_BNXT_DEREG_REGION, rig_cmd_dereg_region, struct rig_bnxt_handle),
	RIG_CMD(RIG_BNXT_DMA_ALLOC, rig_cmd_dma_alloc, rig_dma_undo,
		struct rig_bnxt_dma_alloc),
	RIG_CMD_IN(RIG_BNXT_DMA_FREE, rig_cmd_dma_free, struct rig_bnxt_handle),
	RIG_CMD(RIG_BNXT_CREATE_QP, rig_cmd_create_qp, rig_qp_undo,
		struct rig_bnxt_create_qp),
	RIG_CMD(RIG_BNXT_CONNECT_QP, rig_cmd_connect_qp, NULL, struct rig_bnxt_connect_qp),
	RIG_CMD_IN(RIG_BNXT_DESTROY_QP, rig_cmd_destroy_qp, struct rig_bnxt_handle),
	RIG_CMD_IN(RIG_BNXT_KICK, rig_cmd_kick, struct rig_bnxt_handle),
	[_IOC_NR(RIG_BNXT_WAIT) - RIG_BNXT_BASE] = { },	/* rig_cmd_wait(): its own */
	RIG_CMD(RIG_BNXT_LAST_ERROR, rig_cmd_last_error, rig_last_error_undo,
		struct rig_bnxt_last_error),
};

static const struct rig_cmd *rig_cmd_find(unsigned int cmd)
{
	unsigned int nr = _IOC_NR(cmd);

	if (cmd != _IO(RIG_BNXT_TYPE, nr) || nr < RIG_BNXT_BASE ||
	    nr - RIG_BNXT_BASE >= ARRAY_SIZE(rig_cmds))
		return NULL;
	nr = array_index_nospec(nr - RIG_BNXT_BASE, ARRAY_SIZE(rig_cmds));
	return rig_cmds[nr].handler ? &rig_cmds[nr] : NULL;
}

/* Run @c on @karg with the NIC held there, unless it holds it itself. */
static int rig_cmd_run(struct rig_ctx *ctx, const struct rig_cmd *c, void *karg)
{
	if (c->unlocked)
		return READ_ONCE(ctx->rdev->dead) ? -ENODEV : c->handler(ctx, karg);
	guard(rwsem_read)(&ctx->rdev->lock);
	if (ctx->rdev->dead)
		return -ENODEV;
	return c->handler(ctx, karg);
}

static long rig_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct rig_ctx *ctx = filp->private_data;
	void __user *uarg = (void __user *)arg;
	const struct rig_cmd *c;
	u32 usize;
	int ret;

	/* A child of fork() shares the file, not the NIC. */
	if (rig_cmd_find(cmd) && current->mm != ctx->mm)
		return -EPERM;
	/* It sleeps: it takes the device's lock only to find its queue pair. */
	if (cmd == RIG_BNXT_WAIT)
		return current->mm == ctx->mm ? rig_cmd_wait(ctx, uarg) : -EPERM;
	c = rig_cmd_find(cmd);
	if (!c)
		return -ENOTTY;
	if (get_user(usize, (u32 __user *)uarg))
		return -EFAULT;
	if (usize < c->min_size || usize > PAGE_SIZE)
		return -EINVAL;

	void *karg __free(kfree) = kzalloc(c->size, GFP_KERNEL);
	if (!karg)
		return -ENOMEM;
	/* A caller newer than us may pass a longer struct: zeroes only. */
	ret = copy_struct_from_user(karg, c->size, uarg, usize);
	if (ret)
		return ret;

	ret = rig_cmd_run(ctx, c, karg);
	if (ret || !c->answers)
		return ret;

	/*
	 * Tell the caller how much of the answer is ours.  Copied out with
	 * the device's lock dropped: the caller's page may fault and wait.
	 */
	*(u32 *)karg = c->size;
	if (copy_to_user(uarg, karg, min(usize, c->size))) {
		/* A command fails whole: what it made, nobody can name. */
		if (c->undo) {
			/* On a NIC gone meanwhile, the object is one it let go of. */
			guard(rwsem_read)(&ctx->rdev->lock);
			c->undo(ctx, karg);
		}
		return -EFAULT;
	}
	return 0;
}

/*
 * mmap() runs under the mmap lock, which commands take inside rdev->lock
 * (pinning, faults in copies from the process): taking rdev->lock here
 * would deadlock against a writer queued between the two.  mmap.c
 * checks that the NIC is there under a lock of the file's own, which
 * rig_dev_unregister() takes before it zaps the file's mappings.
 */
static int rig_mmap(struct file *filp, struct vm_area_struct *vma)
{
	return rig_ctx_mmap(filp->private_data, vma);
}

/*
 * Completion events: readable while any queue pair of the file has an
 * event no RIG_BNXT_WAIT has collected; an error once the NIC is gone.
 */
static __poll_t rig_poll(struct file *filp, struct poll_table_struct *wait)
{
	struct rig_ctx *ctx = filp->private_data;

	poll_wait(filp, &ctx->wq, wait);
	/* On the wait queue before reading the events: see rig_qp_event(). */
	smp_mb();
	if (READ_ONCE(ctx->rdev->dead))
		return EPOLLERR | EPOLLHUP;
	return rig_ctx_has_events(ctx) ? EPOLLIN | EPOLLRDNORM : 0;
}

static int rig_open(struct inode *inode, struct file *filp)
{
	struct rig_dev *rdev = container_of(inode->i_cdev, struct rig_dev, cdev);
	struct rig_ctx *ctx;

	if (!current->mm)
		return -EPERM;

	get_device(&rdev->dev);
	ctx = rig_ctx_create(rdev);
	if (IS_ERR(ctx)) {
		put_device(&rdev->dev);
		return PTR_ERR(ctx);
	}
	filp->private_data = ctx;
	return nonseekable_open(inode, filp);
}

static int rig_release(struct inode *inode, struct file *filp)
{
	struct rig_ctx *ctx = filp->private_data;
	struct rig_dev *rdev = ctx->rdev;

	rig_ctx_destroy(ctx);
	put_device(&rdev->dev);
	return 0;
}

const struct file_operations rig_fops = {
	.owner = THIS_MODULE,
	.open = rig_open,
	.release = rig_release,
	.unlocked_ioctl = rig_ioctl,
	.mmap = rig_mmap,
	.poll = rig_poll,
	.compat_ioctl = compat_ptr_ioctl,
};
