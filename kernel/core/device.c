// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rig_bnxt device: the class, the char device region, and the life of
 * each struct rig_dev from creation to the last close of its files.
 *
 * This file owns naming (rig_bnxtN from an IDA), the sysfs attributes and
 * the "dead" transition on unregister.  It does not know what a command
 * does (cdev.c) or what hardware stands behind a device (soft.c, pci.c).
 *
 * Why a class with cdevs rather than misc devices: each NIC gets a stable
 * /sys/class/rig_bnxt/rig_bnxtN with a "device" link to its PCI function
 * and attributes of its own, we are not bounded by the misc minor space,
 * and cdev_device_add() ties the node's lifetime to the struct device the
 * way uverbs does for /dev/infiniband/uverbsN.
 */
#include <linux/fs.h>
#include <linux/idr.h>
#include <linux/random.h>
#include <linux/slab.h>

#include "rig.h"

static dev_t rig_devt;
static DEFINE_IDA(rig_minors);

static const char *rig_kind_name(enum rig_bnxt_kind kind)
{
	switch (kind) {
	case RIG_BNXT_KIND_SOFT:
		return "soft";
	case RIG_BNXT_KIND_PCI:
		return "pci";
	}
	return "unknown";
}

static struct rig_dev *to_rig_dev(struct device *dev)
{
	return container_of(dev, struct rig_dev, dev);
}

static ssize_t kind_show(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	return sysfs_emit(buf, "%s\n", rig_kind_name(to_rig_dev(dev)->kind));
}
static DEVICE_ATTR_RO(kind);

static ssize_t iommu_show(struct device *dev, struct device_attribute *attr,
			  char *buf)
{
	return sysfs_emit(buf, "%d\n", to_rig_dev(dev)->iommu);
}
static DEVICE_ATTR_RO(iommu);

static ssize_t relaxed_ordering_show(struct device *dev,
				     struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", to_rig_dev(dev)->relaxed_ordering);
}
static DEVICE_ATTR_RO(relaxed_ordering);

static struct attribute *rig_dev_attrs[] = {
	&dev_attr_kind.attr,
	&dev_attr_iommu.attr,
	&dev_attr_relaxed_ordering.attr,
	NULL,
};
ATTRIBUTE_GROUPS(rig_dev);

static const struct class rig_class = {
	.name = RIG_NAME,
	.dev_groups = rig_dev_groups,
};

static void rig_dev_release(struct device *dev)
{
	struct rig_dev *rdev = to_rig_dev(dev);

	ida_free(&rig_minors, rdev->index);
	kfree(rdev);
}

/**
 * rig_dev_create() - create and publish /dev/rig_bnxtN
 * @parent: the PCI function, or the soft NIC's platform device
 * @dma_dev: the device the DMA API maps the NIC's memory for
 * @fw: the NIC's firmware operations
 * @priv: the caller's per-NIC data, for @fw
 * @kind: what stands behind the device
 * @iommu: a translating IOMMU covers the NIC
 * @relaxed_ordering: PCIe Relaxed Ordering is enabled for the NIC
 *
 * The node can be opened as soon as this returns.  Undo with
 * rig_dev_unregister().
 *
 * Return: the device, or an ERR_PTR: -ENOSPC when all RIG_MAX_DEVICES
 * minors are taken, -ENOMEM, or what the driver core returned.
 */
struct rig_dev *rig_dev_create(struct device *parent, struct device *dma_dev,
			       const struct rig_fw_ops *fw, void *priv,
			       enum rig_bnxt_kind kind, bool iommu,
			       bool relaxed_ordering)
{
	struct rig_dev *rdev;
	int index, ret;

	index = ida_alloc_max(&rig_minors, RIG_MAX_DEVICES - 1, GFP_KERNEL);
	if (index < 0)
		return ERR_PTR(index);

	rdev = kzalloc(sizeof(*rdev), GFP_KERNEL);
	if (!rdev) {
		ida_free(&rig_minors, index);
		return ERR_PTR(-ENOMEM);
	}
	rdev->index = index;
	rdev->dma_dev = dma_dev;
	rdev->fw = fw;
	rdev->priv = priv;
	rdev->kind = kind;
	rdev->iommu = iommu;
	rdev->relaxed_ordering = relaxed_ordering;
	rdev->nic_id = get_random_u64();
	init_rwsem(&rdev->lock);

	/* From here on, put_device() frees rdev and its minor. */
	device_initialize(&rdev->dev);
	rdev->dev.class = &rig_class;
	rdev->dev.parent = parent;
	rdev->dev.devt = MKDEV(MAJOR(rig_devt), index);
	rdev->dev.release = rig_dev_release;
	ret = dev_set_name(&rdev->dev, RIG_NAME "%d", index);
	if (ret)
		goto err_put;

	cdev_init(&rdev->cdev, &rig_fops);
	rdev->cdev.owner = THIS_MODULE;
	ret = cdev_device_add(&rdev->cdev, &rdev->dev);
	if (ret)
		goto err_put;
	return rdev;

err_put:
	put_device(&rdev->dev);
	return ERR_PTR(ret);
}

/**
 * rig_dev_unregister() - take /dev/rig_bnxtN away
 * @rdev: a device from rig_dev_create()
 *
 * New opens fail once this returns.  Files still open keep the structure
 * alive, but every command on them fails with -ENODEV: the write lock
 * waits for commands in flight to finish before @rdev->dead is set.
 */
void rig_dev_unregister(struct rig_dev *rdev)
{
	cdev_device_del(&rdev->cdev, &rdev->dev);

	down_write(&rdev->lock);
	/* READ_ONCE() in mmap() and poll(), which do not take the lock. */
	WRITE_ONCE(rdev->dead, true);
	up_write(&rdev->lock);

	put_device(&rdev->dev);
}

/**
 * rig_dev_init() - register the rig_bnxt class and char device region
 *
 * Return: 0, or a negative errno from the driver core.
 */
int rig_dev_init(void)
{
	int ret;

	ret = alloc_chrdev_region(&rig_devt, 0, RIG_MAX_DEVICES, RIG_NAME);
	if (ret)
		return ret;

	ret = class_register(&rig_class);
	if (ret) {
		unregister_chrdev_region(rig_devt, RIG_MAX_DEVICES);
		return ret;
	}
	return 0;
}

/**
 * rig_dev_exit() - undo rig_dev_init(); every device is unregistered
 */
void rig_dev_exit(void)
{
	class_unregister(&rig_class);
	unregister_chrdev_region(rig_devt, RIG_MAX_DEVICES);
	WARN_ON_ONCE(!ida_is_empty(&rig_minors));
	ida_destroy(&rig_minors);
}
