// SPDX-License-Identifier: GPL-2.0-only
/*
 * The soft NIC: software models of a rig_bnxt NIC, created at module load
 * (soft=N) and removed at unload.
 *
 * This file owns the list of soft NICs, the platform device each stands
 * on (the parent of its rig_bnxtN; it does no DMA, so nothing is mapped
 * for it), and their directories under /sys/kernel/debug/rig_bnxt.  The firmware model is
 * soft_fw.c's.
 */
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/random.h>
#include <linux/slab.h>

#include "soft.h"

/* Written only at module load and unload, which the module core serialises. */
static struct rig_soft *rig_softs[RIG_SOFT_MAX];
static unsigned int rig_soft_count;

static void rig_soft_destroy(struct rig_soft *soft)
{
	rig_dev_unregister(soft->rdev);
	debugfs_remove_recursive(soft->debugfs);
	rig_soft_fw_exit(&soft->fw);
	platform_device_unregister(soft->pdev);
	kfree(soft);
}

static struct rig_soft *rig_soft_create(unsigned int id, bool iommu)
{
	struct platform_device_info info = {
		.name = "rig_bnxt_soft",
		.id = id,
	};
	struct rig_soft *soft;
	int ret;

	soft = kzalloc(sizeof(*soft), GFP_KERNEL);
	if (!soft)
		return ERR_PTR(-ENOMEM);

	soft->pdev = platform_device_register_full(&info);
	if (IS_ERR(soft->pdev)) {
		ret = PTR_ERR(soft->pdev);
		goto err_free;
	}
	xa_init_flags(&soft->qps, XA_FLAGS_ALLOC1);
	soft->next_qpn = get_random_u32() & RIG_BNXT_DBC_XID_MASK;
	soft->debugfs = debugfs_create_dir(dev_name(&soft->pdev->dev), rig_debugfs);
	rig_soft_fw_init(&soft->fw, soft->debugfs);

	/* No DMA device: the engine reaches the pages themselves. */
	soft->rdev = rig_dev_create(&soft->pdev->dev, NULL,
				    &rig_soft_fw_ops, soft, RIG_BNXT_KIND_SOFT,
				    iommu, false);
	if (IS_ERR(soft->rdev)) {
		ret = PTR_ERR(soft->rdev);
		goto err_fw;
	}
	/* Name the knobs' directory after the device node, too. */
	debugfs_create_symlink(dev_name(&soft->rdev->dev), rig_debugfs,
			       dev_name(&soft->pdev->dev));
	return soft;

err_fw:
	debugfs_remove_recursive(soft->debugfs);
	rig_soft_fw_exit(&soft->fw);
	platform_device_unregister(soft->pdev);
err_free:
	kfree(soft);
	return ERR_PTR(ret);
}

/**
 * rig_soft_find() - the soft NIC with this identity
 * @nic_id: a struct rig_dev's @nic_id
 *
 * The list changes only at module load and unload, when no queue pair
 * exists, so the engine may call this at any time.
 *
 * Return: the soft NIC, or NULL.
 */
struct rig_soft *rig_soft_find(u64 nic_id)
{
	unsigned int i;

	for (i = 0; i < rig_soft_count; i++)
		if (rig_softs[i]->rdev->nic_id == nic_id)
			return rig_softs[i];
	return NULL;
}

/**
 * rig_soft_exit() - stop the engine, remove every soft NIC, newest first
 */
void rig_soft_exit(void)
{
	rig_engine_stop();
	while (rig_soft_count)
		rig_soft_destroy(rig_softs[--rig_soft_count]);
}

/**
 * rig_soft_init() - create @count soft NICs
 * @count: how many, at most RIG_SOFT_MAX
 * @iommu: model NICs behind a translating IOMMU (the region rules follow)
 *
 * Return: 0, or a negative errno with no soft NIC left behind.
 */
int rig_soft_init(unsigned int count, bool iommu)
{
	struct rig_soft *soft;

	if (count > RIG_SOFT_MAX)
		return -EINVAL;
	if (count) {
		int ret = rig_engine_start();

		if (ret)
			return ret;
	}

	while (rig_soft_count < count) {
		soft = rig_soft_create(rig_soft_count, iommu);
		if (IS_ERR(soft)) {
			rig_soft_exit();
			return PTR_ERR(soft);
		}
		rig_softs[rig_soft_count++] = soft;
	}
	return 0;
}
