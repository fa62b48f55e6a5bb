// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCI driver for Broadcom NetXtreme-E and -C functions.
 *
 * This file owns binding: the ID table and probe/remove.  The table has
 * bnxt_en's NetXtreme-E/-C physical and virtual functions (not the -S SoC
 * parts, not the Hyper-V VF IDs).  It is deliberately not exported with
 * MODULE_DEVICE_TABLE: like vfio-pci, rig_bnxt is never autoloaded to take
 * a NIC from bnxt_en; the administrator unbinds bnxt_en and binds the
 * function here.
 *
 * Probe does not yet drive the function: until the firmware channel
 * exists it declines every device, so nothing is ever bound.
 */
#include <linux/pci.h>

#include "rig.h"

static const struct pci_device_id rig_pci_ids[] = {
	/* NetXtreme-C and -E physical functions */
	{ PCI_VDEVICE(BROADCOM, 0x1604) }, { PCI_VDEVICE(BROADCOM, 0x1605) },
	{ PCI_VDEVICE(BROADCOM, 0x1614) }, { PCI_VDEVICE(BROADCOM, 0x16c0) },
	{ PCI_VDEVICE(BROADCOM, 0x16c8) }, { PCI_VDEVICE(BROADCOM, 0x16c9) },
	{ PCI_VDEVICE(BROADCOM, 0x16ca) }, { PCI_VDEVICE(BROADCOM, 0x16cc) },
	{ PCI_VDEVICE(BROADCOM, 0x16ce) }, { PCI_VDEVICE(BROADCOM, 0x16cf) },
	{ PCI_VDEVICE(BROADCOM, 0x16d0) }, { PCI_VDEVICE(BROADCOM, 0x16d1) },
	{ PCI_VDEVICE(BROADCOM, 0x16d2) }, { PCI_VDEVICE(BROADCOM, 0x16d4) },
	{ PCI_VDEVICE(BROADCOM, 0x16d5) }, { PCI_VDEVICE(BROADCOM, 0x16d6) },
	{ PCI_VDEVICE(BROADCOM, 0x16d7) }, { PCI_VDEVICE(BROADCOM, 0x16d8) },
	{ PCI_VDEVICE(BROADCOM, 0x16d9) }, { PCI_VDEVICE(BROADCOM, 0x16de) },
	{ PCI_VDEVICE(BROADCOM, 0x16df) }, { PCI_VDEVICE(BROADCOM, 0x16e2) },
	{ PCI_VDEVICE(BROADCOM, 0x16e3) }, { PCI_VDEVICE(BROADCOM, 0x16e7) },
	{ PCI_VDEVICE(BROADCOM, 0x16e8) }, { PCI_VDEVICE(BROADCOM, 0x16e9) },
	{ PCI_VDEVICE(BROADCOM, 0x16ea) }, { PCI_VDEVICE(BROADCOM, 0x16eb) },
	{ PCI_VDEVICE(BROADCOM, 0x16ec) }, { PCI_VDEVICE(BROADCOM, 0x16ed) },
	{ PCI_VDEVICE(BROADCOM, 0x16ee) }, { PCI_VDEVICE(BROADCOM, 0x16ef) },
	{ PCI_VDEVICE(BROADCOM, 0x16f1) }, { PCI_VDEVICE(BROADCOM, 0x1750) },
	{ PCI_VDEVICE(BROADCOM, 0x1751) }, { PCI_VDEVICE(BROADCOM, 0x1752) },
	{ PCI_VDEVICE(BROADCOM, 0x1760) }, { PCI_VDEVICE(BROADCOM, 0x1761) },
	{ PCI_VDEVICE(BROADCOM, 0x1762) }, { PCI_VDEVICE(BROADCOM, 0x1763) },
	{ PCI_VDEVICE(BROADCOM, 0x1800) }, { PCI_VDEVICE(BROADCOM, 0x1801) },
	{ PCI_VDEVICE(BROADCOM, 0x1802) }, { PCI_VDEVICE(BROADCOM, 0x1803) },
	{ PCI_VDEVICE(BROADCOM, 0x1804) }, { PCI_VDEVICE(BROADCOM, 0x1805) },
	/* NetXtreme-C and -E virtual functions */
	{ PCI_VDEVICE(BROADCOM, 0x1606) }, { PCI_VDEVICE(BROADCOM, 0x1609) },
	{ PCI_VDEVICE(BROADCOM, 0x16c1) }, { PCI_VDEVICE(BROADCOM, 0x16cb) },
	{ PCI_VDEVICE(BROADCOM, 0x16d3) }, { PCI_VDEVICE(BROADCOM, 0x16dc) },
	{ PCI_VDEVICE(BROADCOM, 0x16e1) }, { PCI_VDEVICE(BROADCOM, 0x16e5) },
	{ PCI_VDEVICE(BROADCOM, 0x1806) }, { PCI_VDEVICE(BROADCOM, 0x1807) },
	{ PCI_VDEVICE(BROADCOM, 0x1819) },
	{ }
};

static int rig_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	dev_info(&pdev->dev,
		 "not taken: rig_bnxt cannot drive NetXtreme functions yet (no firmware channel)\n");
	return -ENODEV;
}

static void rig_pci_remove(struct pci_dev *pdev)
{
}

static struct pci_driver rig_pci_driver = {
	.name = RIG_NAME,
	.id_table = rig_pci_ids,
	.probe = rig_pci_probe,
	.remove = rig_pci_remove,
};

/**
 * rig_pci_init() - register the PCI driver
 *
 * Return: 0, or a negative errno from the PCI core.
 */
int rig_pci_init(void)
{
	return pci_register_driver(&rig_pci_driver);
}

/**
 * rig_pci_exit() - unregister the PCI driver, unbinding every function
 */
void rig_pci_exit(void)
{
	pci_unregister_driver(&rig_pci_driver);
}
