// SPDX-License-Identifier: GPL-2.0-only
/*
 * rig_bnxt module entry: parameters, the debugfs root, and the order in
 * which the parts start and stop.  This file owns nothing else.
 */
#include <linux/debugfs.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "rig.h"

static unsigned int soft;
module_param(soft, uint, 0444);
MODULE_PARM_DESC(soft, "soft NICs to create (0-" __stringify(RIG_SOFT_MAX) ", default 0)");

static bool soft_iommu;
module_param(soft_iommu, bool, 0444);
MODULE_PARM_DESC(soft_iommu, "soft NICs are modelled behind a translating IOMMU (default N)");

struct dentry *rig_debugfs;

static int __init rig_init(void)
{
	int ret;

	if (soft > RIG_SOFT_MAX) {
		pr_err(RIG_NAME ": soft=%u is more than the %u soft NICs rig_bnxt can model\n",
		       soft, RIG_SOFT_MAX);
		return -EINVAL;
	}

	rig_debugfs = debugfs_create_dir(RIG_NAME, NULL);
	rig_mem_debugfs(rig_debugfs);
	ret = rig_bar_init();
	if (ret)
		goto err_debugfs;
	ret = rig_dev_init();
	if (ret)
		goto err_bar;
	ret = rig_soft_init(soft, soft_iommu);
	if (ret)
		goto err_dev;
	ret = rig_pci_init();
	if (ret)
		goto err_soft;
	return 0;

err_soft:
	rig_soft_exit();
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
	rig_pci_exit();
	rig_soft_exit();
	rig_dev_exit();
	rig_bar_exit();
	debugfs_remove_recursive(rig_debugfs);
}

module_init(rig_init);
module_exit(rig_exit);

MODULE_DESCRIPTION("rig: direct userspace access to Broadcom NetXtreme RDMA NICs");
MODULE_LICENSE("GPL");
