// SPDX-License-Identifier: GPL-2.0-only
/*
 * The core's start and stop, for the driver that uses it (its module_init
 * calls rig_core_init() before it binds a function): the debugfs root,
 * then the class, the char devices and the PCI notifier of device
 * regions.  This file owns the debugfs root and nothing else.
 */
#include <linux/debugfs.h>

#include "rig.h"

struct dentry *rig_debugfs;

/**
 * rig_core_init() - make the core ready for rig_dev_create()
 *
 * Return: 0, or a negative errno from the driver core.
 */
int rig_core_init(void)
{
	int ret;

	rig_debugfs = debugfs_create_dir(RIG_NAME, NULL);
	rig_mem_debugfs(rig_debugfs);
	ret = rig_dev_init();
	if (ret)
		debugfs_remove_recursive(rig_debugfs);
	return ret;
}

/**
 * rig_core_exit() - undo rig_core_init(), once every device is unregistered
 */
void rig_core_exit(void)
{
	rig_dev_exit();
	rig_bar_exit();
	debugfs_remove_recursive(rig_debugfs);
}
