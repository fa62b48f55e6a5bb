// SPDX-License-Identifier: GPL-2.0-only
/*
 * rig_bnxt module entry: the debugfs root, and the order in which the
 * parts start and stop: the core (class, char devices, the PCI notifier
 * of device regions), then the NetXtreme driver, which binds auxiliary
 * devices and creates a rig_dev for each.  This file owns nothing else.
 */
#include <linux/debugfs.h>
#include <linux/module.h>

#include "rig.h"
#include "../bnxt/bnxt.h"

struct dentry *rig_debugfs;

static int __init rig_init(void)
{
	int ret;

	rig_debugfs = debugfs_create_dir(RIG_NAME, NULL);
	rig_mem_debugfs(rig_debugfs);
	ret = rig_bar_init();
	if (ret)
		goto err_debugfs;
	ret = rig_dev_init();
	if (ret)
		goto err_bar;
	ret = rig_bnxt_init();
	if (ret)
		goto err_dev;
	return 0;

err_dev:
	rig_dev_exit();
err_bar:
	rig_bar_exit();
err_debugfs:
	debugfs_remove_recursive(rig_debugfs);
	return ret;
}

static void __exit rig_exit(void)
{
	rig_bnxt_exit();
	rig_dev_exit();
	rig_bar_exit();
	debugfs_remove_recursive(rig_debugfs);
}

module_init(rig_init);
module_exit(rig_exit);

MODULE_DESCRIPTION("rig: direct userspace access to Broadcom NetXtreme RDMA NICs");
MODULE_LICENSE("GPL");
