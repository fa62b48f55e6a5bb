// SPDX-License-Identifier: GPL-2.0-only
/*
 * The soft NIC's firmware model: the table of regions the NIC knows, the
 * keys it hands out, and the refusals a real firmware can answer with.
 *
 * This file owns struct rig_soft_fw and its debugfs fault knobs
 * (fail_register, fail_deregister, stall_deregister) and its region count
 * (regions); it does not touch
 * a region's memory.
 */
#include <linux/debugfs.h>
#include <linux/random.h>
#include <linux/sched/signal.h>

#include "soft.h"

static struct rig_soft_fw *rig_soft_fw_of(struct rig_dev *rdev)
{
	return &((struct rig_soft *)rdev->priv)->fw;
}

/* Take one refusal from a knob: true if this command is to be refused. */
static bool rig_soft_fw_refuse(atomic_t *knob)
{
	return atomic_add_unless(knob, -1, 0);
}

static int rig_soft_fw_reg(struct rig_dev *rdev, struct rig_region *region)
{
	struct rig_soft_fw *fw = rig_soft_fw_of(rdev);
	int ret;

	u32 index;

	if (rig_soft_fw_refuse(&fw->fail_register))
		return -EIO;
	ret = xa_alloc_cyclic(&fw->keys, &index, region, RIG_SOFT_KEY_INDEXES,
			      &fw->next_key, GFP_KERNEL_ACCOUNT);
	/* No memory is ours to report; a full table is the firmware refusing. */
	if (ret < 0)
		return ret == -ENOMEM ? -ENOMEM : -EIO;
	/*
	 * The key is the table index and a random variant, as a NetXtreme
	 * key is: a peer that holds one key cannot name the region
	 * registered next to it by counting.
	 */
	region->key = rig_soft_key(index, get_random_u8());
	return 0;
}

static int rig_soft_fw_dereg(struct rig_dev *rdev, struct rig_region *region)
{
	struct rig_soft_fw *fw = rig_soft_fw_of(rdev);

	if (rig_soft_fw_refuse(&fw->fail_deregister))
		return -EIO;
	/* A real NIC finishes the DMA in flight first; the knob stands for it. */
	if (wait_event_interruptible(fw->wq, !READ_ONCE(fw->stall_deregister)))
		return -EINTR;
	/* Under the engine's lock: once erased, the engine has let go. */
	scoped_guard(mutex, &rig_engine_lock)
		xa_erase(&fw->keys, rig_soft_key_index(region->key));
	return 0;
}

static void rig_soft_fw_forget(struct rig_dev *rdev, struct rig_region *region)
{
	guard(mutex)(&rig_engine_lock);
	xa_erase(&rig_soft_fw_of(rdev)->keys, rig_soft_key_index(region->key));
}

const struct rig_fw_ops rig_soft_fw_ops = {
	.reg = rig_soft_fw_reg,
	.dereg = rig_soft_fw_dereg,
	.forget = rig_soft_fw_forget,
};

static int rig_soft_fw_stall_get(void *data, u64 *val)
{
	struct rig_soft_fw *fw = data;

	*val = READ_ONCE(fw->stall_deregister);
	return 0;
}

static int rig_soft_fw_stall_set(void *data, u64 val)
{
	struct rig_soft_fw *fw = data;

	WRITE_ONCE(fw->stall_deregister, !!val);
	wake_up_all(&fw->wq);
	return 0;
}

DEFINE_DEBUGFS_ATTRIBUTE(rig_soft_fw_stall_fops, rig_soft_fw_stall_get,
			 rig_soft_fw_stall_set, "%llu\n");

/* How many regions the firmware knows: what a leak would leave behind. */
static int rig_soft_fw_regions_get(void *data, u64 *val)
{
	struct rig_soft_fw *fw = data;
	struct rig_region *region;
	unsigned long key;

	*val = 0;
	xa_lock(&fw->keys);
	xa_for_each(&fw->keys, key, region)
		(*val)++;
	xa_unlock(&fw->keys);
	return 0;
}

DEFINE_DEBUGFS_ATTRIBUTE(rig_soft_fw_regions_fops, rig_soft_fw_regions_get,
			 NULL, "%llu\n");

/**
 * rig_soft_fw_init() - start a firmware model with no region and no fault
 * @fw: the model
 * @debugfs: the NIC's debugfs directory, where the knobs go
 *
 * Keys start at a random point so a stale one is unlikely to name a live
 * region, as siw does.
 */
void rig_soft_fw_init(struct rig_soft_fw *fw, struct dentry *debugfs)
{
	xa_init_flags(&fw->keys, XA_FLAGS_ALLOC1);
	fw->next_key = get_random_u32() % RIG_SOFT_KEY_INDEXES.max;
	atomic_set(&fw->fail_register, 0);
	atomic_set(&fw->fail_deregister, 0);
	fw->stall_deregister = 0;
	init_waitqueue_head(&fw->wq);

	debugfs_create_atomic_t("fail_register", 0600, debugfs, &fw->fail_register);
	debugfs_create_atomic_t("fail_deregister", 0600, debugfs, &fw->fail_deregister);
	debugfs_create_file_unsafe("stall_deregister", 0600, debugfs, fw,
				   &rig_soft_fw_stall_fops);
	debugfs_create_file_unsafe("regions", 0400, debugfs, fw,
				   &rig_soft_fw_regions_fops);
}

/**
 * rig_soft_fw_exit() - stop a firmware model; every region is forgotten
 * @fw: the model, whose debugfs knobs are already removed
 */
void rig_soft_fw_exit(struct rig_soft_fw *fw)
{
	WARN_ON_ONCE(!xa_empty(&fw->keys));
	xa_destroy(&fw->keys);
}
