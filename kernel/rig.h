/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rig_bnxt internal interfaces: the device every NIC (soft or PCI) is
 * presented as, and the per-open context.  Files include this header and
 * nothing of each other's.
 */
#ifndef RIG_H
#define RIG_H

#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/rwsem.h>
#include <linux/types.h>

#include "../uapi/rig_bnxt.h"

#define RIG_NAME	"rig_bnxt"
#define RIG_MAX_DEVICES	64	/* minors in our char device region */
#define RIG_SOFT_MAX	16	/* upper bound of the soft= parameter */

/**
 * struct rig_dev - one NIC as userspace sees it: /dev/rig_bnxtN
 * @dev: the class device; its refcount keeps this structure alive, and
 *	 rig_dev_release() frees it.  Each open file holds a reference.
 * @cdev: the character device, added together with @dev
 *	  (cdev_device_add()) so the node never exists without its sysfs.
 * @index: N of rig_bnxtN, from rig_minors; immutable.
 * @kind: an enum rig_bnxt_kind; immutable.
 * @iommu: a translating IOMMU covers the NIC's DMA; immutable.
 * @relaxed_ordering: PCIe Relaxed Ordering is enabled; immutable.
 * @lock: taken for reading by every command for its whole duration,
 *	  and for writing by rig_dev_unregister(), which sets @dead.
 * @dead: the NIC is gone (module unload, PCI remove); protected by
 *	  @lock.  Commands on files still open then fail with -ENODEV.
 */
struct rig_dev {
	struct device dev;
	struct cdev cdev;
	unsigned int index;
	enum rig_bnxt_kind kind;
	bool iommu;
	bool relaxed_ordering;
	struct rw_semaphore lock;
	bool dead;
};

/**
 * struct rig_ctx - what one open file of a rig_dev owns
 * @rdev: the device; the context holds a reference on @rdev->dev.
 *
 * Objects made through a file (regions, queue pairs) will hang here, and
 * release() destroys them all.
 */
struct rig_ctx {
	struct rig_dev *rdev;
};

/* device.c */
int rig_dev_init(void);
void rig_dev_exit(void);
struct rig_dev *rig_dev_create(struct device *parent, enum rig_bnxt_kind kind,
			       bool iommu, bool relaxed_ordering);
void rig_dev_unregister(struct rig_dev *rdev);

/* cdev.c */
extern const struct file_operations rig_fops;

/* soft.c */
int rig_soft_init(unsigned int count);
void rig_soft_exit(void);

/* pci.c */
int rig_pci_init(void);
void rig_pci_exit(void);

#endif /* RIG_H */
