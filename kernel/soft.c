// SPDX-License-Identifier: GPL-2.0-only
/*
 * The soft NIC: software models of a rig_bnxt NIC, created at module load
 * (soft=N) and removed at unload.
 *
 * This file owns the list of soft devices.  Today a soft NIC is a device
 * node with its attributes; its firmware model and its engine arrive with
 * regions and queue pairs.
 */
#include <linux/err.h>

#include "rig.h"

/* Written only at module load and unload, which the module core serialises. */
static struct rig_dev *rig_soft_devs[RIG_SOFT_MAX];
static unsigned int rig_soft_count;

/**
 * rig_soft_exit() - remove every soft NIC, newest first
 */
void rig_soft_exit(void)
{
	while (rig_soft_count)
		rig_dev_unregister(rig_soft_devs[--rig_soft_count]);
}

/**
 * rig_soft_init() - create @count soft NICs
 * @count: how many, at most RIG_SOFT_MAX
 *
 * Return: 0, or a negative errno with no soft NIC left behind.
 */
int rig_soft_init(unsigned int count)
{
	struct rig_dev *rdev;

	if (count > RIG_SOFT_MAX)
		return -EINVAL;

	while (rig_soft_count < count) {
		rdev = rig_dev_create(NULL, RIG_BNXT_KIND_SOFT, false, false);
		if (IS_ERR(rdev)) {
			rig_soft_exit();
			return PTR_ERR(rdev);
		}
		rig_soft_devs[rig_soft_count++] = rdev;
	}
	return 0;
}
