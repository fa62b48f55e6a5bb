// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rig_bnxt device: the class, the char device region, and the life of
 * each struct rig_dev from creation to the last close of its files.
 *
 * This file owns naming (rig_bnxtN from an IDA), the sysfs attributes and
 * the "dead" transition on unregister, when every open file is
 * disassociated from the NIC as uverbs disassociates a ucontext.  It does
 * not know what a command does (cdev.c) or what stands behind a device
 * (the driver, through struct rig_dev_ops).
 *
 * Why a class with cdevs rather than misc devices: each NIC gets a stable
 * /sys/class/rig_bnxt/rig_bnxtN with a "device" link to its PCI function
 * and attributes of its own, we are not bounded by the misc minor space,
 * and cdev_device_add() ties the node's lifetime to the struct device the
 * way uverbs does for /dev/infiniband/uverbsN.
 */
#include <linux/fs.h>
#include <linux/idr.h>
#include <linux/notifier.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include "rig.h"

static dev_t rig_devt;
static DEFINE_IDA(rig_minors);

/*
 * What a NIC that could not be quiesced may still reach when it goes: the
 * regions and queue pairs its firmware kept.  Never freed: their memory
 * stays allocated, pinned and charged (and is leaked at unload) rather
 * than handed back while a device may still write it.
 */
static DEFINE_MUTEX(rig_lost_lock);
static LIST_HEAD(rig_lost_regions);	/* struct rig_region @limbo */
static LIST_HEAD(rig_lost_qps);		/* struct rig_qp @limbo, each its reference */

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
	return sysfs_emit(buf, "%s\n", rig_kind_name(to_rig_dev(dev)->attr.kind));
}
static DEVICE_ATTR_RO(kind);

static ssize_t iommu_show(struct device *dev, struct device_attribute *attr,
			  char *buf)
{
	return sysfs_emit(buf, "%d\n", to_rig_dev(dev)->attr.iommu);
}
static DEVICE_ATTR_RO(iommu);

/* Read from the function's PCIe Device Control each time, not cached. */
static ssize_t relaxed_ordering_show(struct device *dev,
				     struct device_attribute *attr, char *buf)
{
	struct rig_dev *rdev = to_rig_dev(dev);

	return sysfs_emit(buf, "%d\n", rdev->ops->relaxed_ordering(rdev));
}
static DEVICE_ATTR_RO(relaxed_ordering);

/* What a new queue pair gives its peers: on an interface, one of its GIDs. */
static ssize_t address_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct rig_dev *rdev = to_rig_dev(dev);
	u8 gid[16];

	rdev->ops->address(rdev, gid);
	return sysfs_emit(buf, "%pI6\n", gid);
}
static DEVICE_ATTR_RO(address);

static ssize_t gids_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct rig_dev *rdev = to_rig_dev(dev);

	return rdev->ops->show_gids(rdev, buf);
}
static DEVICE_ATTR_RO(gids);

static ssize_t netdev_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct rig_dev *rdev = to_rig_dev(dev);

	return rdev->ops->show_netdev(rdev, buf);
}
static DEVICE_ATTR_RO(netdev);

static ssize_t chip_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "0x%04x\n", to_rig_dev(dev)->attr.chip);
}
static DEVICE_ATTR_RO(chip);

static ssize_t firmware_version_show(struct device *dev, struct device_attribute *attr,
				     char *buf)
{
	return sysfs_emit(buf, "%s\n", to_rig_dev(dev)->attr.fw_version);
}
static DEVICE_ATTR_RO(firmware_version);

/* The firmware's limits, as the driver read them at bring-up. */
static ssize_t max_qp_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", to_rig_dev(dev)->attr.max_qp);
}
static DEVICE_ATTR_RO(max_qp);

static ssize_t max_cq_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", to_rig_dev(dev)->attr.max_cq);
}
static DEVICE_ATTR_RO(max_cq);

static ssize_t max_mr_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", to_rig_dev(dev)->attr.max_mr);
}
static DEVICE_ATTR_RO(max_mr);

static struct attribute *rig_dev_attrs[] = {
	&dev_attr_kind.attr,
	&dev_attr_iommu.attr,
	&dev_attr_relaxed_ordering.attr,
	&dev_attr_address.attr,
	&dev_attr_gids.attr,
	&dev_attr_netdev.attr,
	&dev_attr_chip.attr,
	&dev_attr_firmware_version.attr,
	&dev_attr_max_qp.attr,
	&dev_attr_max_cq.attr,
	&dev_attr_max_mr.attr,
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

	if (rdev->has_minor)
		ida_free(&rig_minors, rdev->index);
	/* Every file gave its share back when it closed. */
	WARN_ON_ONCE(!xa_empty(&rdev->shares));
	xa_destroy(&rdev->shares);
	put_device(rdev->dma_dev);
	kfree(rdev);
}

/**
 * rig_dev_create() - create and publish /dev/rig_bnxtN
 * @parent: the device the NIC is presented for (an auxiliary device)
 * @dma_dev: the device the DMA API maps the NIC's memory for (the PCI
 *	     function); the device takes a reference
 * @ops: the driver's operations
 * @attr: what the driver knows of the NIC
 *
 * The node can be opened as soon as this returns.  Undo with
 * rig_dev_unregister().
 *
 * Return: the device, or an ERR_PTR: -ENOSPC when all RIG_MAX_DEVICES
 * minors are taken, -ENOMEM, or what the driver core returned.
 */
struct rig_dev *rig_dev_create(struct device *parent, struct device *dma_dev,
			       const struct rig_dev_ops *ops,
			       const struct rig_dev_attr *attr)
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
	rdev->has_minor = true;
	rdev->dma_dev = get_device(dma_dev);
	rdev->ops = ops;
	rdev->attr = *attr;
	/* The NIC's identity in endpoints: the interface id of its address. */
	rdev->nic_id = get_unaligned_be64(&attr->gid[8]);
	init_rwsem(&rdev->lock);
	mutex_init(&rdev->ctxs_lock);
	INIT_LIST_HEAD(&rdev->ctxs);
	mutex_init(&rdev->dma_lock);
	INIT_LIST_HEAD(&rdev->dma_pages);
	INIT_LIST_HEAD(&rdev->limbo);
	INIT_LIST_HEAD(&rdev->qp_limbo);
	mutex_init(&rdev->shares_lock);
	xa_init(&rdev->shares);

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

/*
 * Keep for good what a NIC that could not be quiesced may still reach:
 * queue pairs (each with the reference that was there) and regions,
 * linked by their @limbo.
 */
static void rig_dev_lose(struct list_head *qps, struct list_head *regions)
{
	guard(mutex)(&rig_lost_lock);
	list_splice(qps, &rig_lost_qps);
	list_splice(regions, &rig_lost_regions);
}

/*
 * The NIC is gone: free what its firmware kept of closed files, once it
 * was quiesced; else keep it for good.
 */
static void rig_dev_end_limbo(struct rig_dev *rdev, bool quiesced)
{
	struct rig_region *region, *next;
	struct rig_qp *qp, *next_qp;
	LIST_HEAD(regions);
	LIST_HEAD(qps);

	scoped_guard(mutex, &rdev->dma_lock) {
		list_splice_init(&rdev->limbo, &regions);
		list_splice_init(&rdev->qp_limbo, &qps);
	}
	if (!quiesced) {
		rig_dev_lose(&qps, &regions);
		return;
	}
	list_for_each_entry_safe(qp, next_qp, &qps, limbo) {
		list_del(&qp->limbo);
		rdev->ops->forget_qp(qp);
		rig_qp_put(qp);
	}
	list_for_each_entry_safe(region, next, &regions, limbo) {
		list_del(&region->limbo);
		rdev->ops->forget_region(region);
		rig_region_free(region);
	}
}

/**
 * rig_dev_unregister() - take /dev/rig_bnxtN away, and the NIC from its files
 * @rdev: a device from rig_dev_create()
 *
 * New opens fail once this returns.  The write lock waits for commands in
 * flight; then every open file is disassociated: its mappings are zapped,
 * its queue pairs and regions are destroyed in the NIC and its memory is
 * taken from the NIC's DMA (it stays, pinned and charged, until the file
 * is closed), and every later command on it fails with -ENODEV.  Then the
 * driver quiesces the NIC, and what its firmware would not destroy is
 * forgotten, and freed if its file is gone; if the NIC could not be
 * quiesced, that memory is kept for good instead (rig_dev_lose()),
 * as the NIC may still write it.  Nothing is re-created behind a
 * process's back.  The caller (the driver) may tear the NIC down once
 * this returns.
 */
void rig_dev_unregister(struct rig_dev *rdev)
{
	LIST_HEAD(lost_regions);
	LIST_HEAD(lost_qps);
	struct rig_ctx *ctx;
	bool quiesced;

	cdev_device_del(&rdev->cdev, &rdev->dev);
	/*
	 * Files still open keep the device, not its name and minor: a NIC
	 * that comes back (a function restarted) is rig_bnxtN again.
	 */
	ida_free(&rig_minors, rdev->index);
	rdev->has_minor = false;

	down_write(&rdev->lock);
	/* READ_ONCE() in mmap() and poll(), which do not take the lock. */
	WRITE_ONCE(rdev->dead, true);
	scoped_guard(mutex, &rdev->ctxs_lock) {
		list_for_each_entry(ctx, &rdev->ctxs, node)
			rig_ctx_disassociate(ctx);
		/* What the firmware would not let go of, it lets go of now. */
		quiesced = !rdev->ops->quiesce(rdev);
		if (!quiesced)
			dev_err(&rdev->dev, "the NIC could not be quiesced: what its firmware kept stays allocated for good\n");
		list_for_each_entry(ctx, &rdev->ctxs, node)
			rig_ctx_forget(ctx, quiesced, &lost_qps, &lost_regions);
	}
	rig_dev_lose(&lost_qps, &lost_regions);
	/* No page stays mapped for it: behind an IOMMU, a late write faults. */
	rig_dev_unmap_all(rdev);
	up_write(&rdev->lock);
	rig_dev_end_limbo(rdev, quiesced);

	put_device(&rdev->dev);
}

static int rig_dev_deregister_gone(struct device *dev, void *unused)
{
	rig_region_deregister_gone(to_rig_dev(dev));
	return 0;
}

/*
 * A PCI device goes away, or loses its driver: before the PCI core
 * releases its BARs (which it does after this notifier), or they can be
 * resized, bar.c marks it and its runs, and every NIC deregisters the
 * regions that use one, so that no NIC writes where another device may
 * soon be placed.
 */
static int rig_dev_pci_notify(struct notifier_block *nb, unsigned long action,
			      void *data)
{
	struct pci_dev *pdev = to_pci_dev(data);

	switch (action) {
	case BUS_NOTIFY_REMOVED_DEVICE:
	case BUS_NOTIFY_BOUND_DRIVER:
		rig_bar_back(pdev);
		return NOTIFY_DONE;
	case BUS_NOTIFY_DEL_DEVICE:
	case BUS_NOTIFY_UNBIND_DRIVER:
		break;
	default:
		return NOTIFY_DONE;
	}
	if (!rig_bar_going(pdev))
		return NOTIFY_DONE;
	class_for_each_device(&rig_class, NULL, NULL, rig_dev_deregister_gone);
	pci_info(pdev, RIG_NAME ": %s while device regions used its memory; they are deregistered\n",
		 action == BUS_NOTIFY_DEL_DEVICE ? "removed" : "its driver unbound");
	return NOTIFY_OK;
}

static struct notifier_block rig_dev_pci_nb = {
	.notifier_call = rig_dev_pci_notify,
};

/**
 * rig_dev_init() - register the rig_bnxt class, char device region and
 * the PCI notifier of device regions
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
	if (ret)
		goto err_region;
	ret = bus_register_notifier(&pci_bus_type, &rig_dev_pci_nb);
	if (ret)
		goto err_class;
	return 0;

err_class:
	class_unregister(&rig_class);
err_region:
	unregister_chrdev_region(rig_devt, RIG_MAX_DEVICES);
	return ret;
}

/**
 * rig_dev_exit() - undo rig_dev_init(); every device is unregistered
 */
void rig_dev_exit(void)
{
	bus_unregister_notifier(&pci_bus_type, &rig_dev_pci_nb);
	class_unregister(&rig_class);
	unregister_chrdev_region(rig_devt, RIG_MAX_DEVICES);
	WARN_ON_ONCE(!ida_is_empty(&rig_minors));
	ida_destroy(&rig_minors);
}
