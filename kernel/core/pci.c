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
 * Probe enables the function, sets a 64-bit DMA mask, turns Relaxed
 * Ordering and No Snoop off in the PCIe Device Control register, finds
 * whether a translating IOMMU domain covers it, maps BAR 0 (registers)
 * and BAR 2 (doorbells), and starts the firmware handshake (fw.c).  The
 * firmware channel is not written yet, so the handshake fails and probe
 * undoes every step: no function is bound today.
 */
#include <linux/dma-mapping.h>
#include <linux/iommu.h>
#include <linux/pci.h>
#include <linux/slab.h>

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

/**
 * struct rig_pci - a NetXtreme function while rig_bnxt probes or drives it
 * @pdev: the function
 * @regs: BAR 0, the device registers and the firmware's command window
 * @doorbells: BAR 2, the doorbell pages (NULL if BAR 2 is not memory)
 * @iommu: a translating IOMMU domain covers the function
 *
 * Immutable after probe; freed by the probe's unwind or by remove.
 */
struct rig_pci {
	struct pci_dev *pdev;
	void __iomem *regs;
	void __iomem *doorbells;
	bool iommu;
};

/* Does a translating (paging) IOMMU domain cover the function's DMA? */
static bool rig_pci_iommu_translates(struct pci_dev *pdev)
{
	struct iommu_domain *domain = iommu_get_domain_for_dev(&pdev->dev);

	return domain && (domain->type & __IOMMU_DOMAIN_PAGING);
}

/*
 * The NIC must write a region in entry order and land a receive's bytes
 * before its completion: turn Relaxed Ordering (and No Snoop) off for
 * every TLP the function originates.
 */
static int rig_pci_strict_ordering(struct pci_dev *pdev)
{
	if (!pci_is_pcie(pdev))
		return -ENODEV;
	return pcie_capability_clear_word(pdev, PCI_EXP_DEVCTL,
					  PCI_EXP_DEVCTL_RELAX_EN |
					  PCI_EXP_DEVCTL_NOSNOOP_EN);
}

static int rig_pci_map(struct rig_pci *rp)
{
	struct pci_dev *pdev = rp->pdev;

	if (!(pci_resource_flags(pdev, 0) & IORESOURCE_MEM))
		return -ENODEV;
	rp->regs = pci_iomap(pdev, 0, 0);
	if (!rp->regs)
		return -ENOMEM;
	if (pci_resource_flags(pdev, 2) & IORESOURCE_MEM) {
		rp->doorbells = pci_iomap(pdev, 2, 0);
		if (!rp->doorbells) {
			pci_iounmap(pdev, rp->regs);
			return -ENOMEM;
		}
	}
	return 0;
}

static void rig_pci_unmap(struct rig_pci *rp)
{
	if (rp->doorbells)
		pci_iounmap(rp->pdev, rp->doorbells);
	pci_iounmap(rp->pdev, rp->regs);
}

/* Bring the function up to the firmware handshake; @step names a failure. */
static int rig_pci_setup(struct rig_pci *rp, const char **step)
{
	struct pci_dev *pdev = rp->pdev;
	int ret;

	*step = "enable";
	ret = pci_enable_device_mem(pdev);
	if (ret)
		return ret;
	*step = "64-bit DMA mask";
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		goto err_disable;
	*step = "clear Relaxed Ordering in Device Control";
	ret = rig_pci_strict_ordering(pdev);
	if (ret)
		goto err_disable;
	rp->iommu = rig_pci_iommu_translates(pdev);
	*step = "request BARs";
	ret = pci_request_mem_regions(pdev, RIG_NAME);
	if (ret)
		goto err_disable;
	*step = "map BARs";
	ret = rig_pci_map(rp);
	if (ret)
		goto err_release;
	pci_set_master(pdev);
	return 0;

err_release:
	pci_release_mem_regions(pdev);
err_disable:
	pci_disable_device(pdev);
	return ret;
}

static void rig_pci_teardown(struct rig_pci *rp)
{
	pci_clear_master(rp->pdev);
	rig_pci_unmap(rp);
	pci_release_mem_regions(rp->pdev);
	pci_disable_device(rp->pdev);
}

static int rig_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	const char *step;
	struct rig_pci *rp;
	int ret;

	rp = kzalloc(sizeof(*rp), GFP_KERNEL);
	if (!rp)
		return -ENOMEM;
	rp->pdev = pdev;

	ret = rig_pci_setup(rp, &step);
	if (ret)
		goto err_free;
	step = "firmware handshake";
	ret = rig_fw_handshake(pdev, rp->regs);
	if (ret)
		goto err_teardown;

	/* Not reached until the firmware channel exists (rig_fw_handshake). */
	pci_set_drvdata(pdev, rp);
	return 0;

err_teardown:
	rig_pci_teardown(rp);
err_free:
	dev_err(&pdev->dev, "not taken: %s failed (%pe)%s; everything undone\n",
		step, ERR_PTR(ret), rp->iommu ? ", behind an IOMMU" : "");
	kfree(rp);
	/* Said above: -ENODEV keeps the driver core from saying it again. */
	return -ENODEV;
}

static void rig_pci_remove(struct pci_dev *pdev)
{
	struct rig_pci *rp = pci_get_drvdata(pdev);

	rig_pci_teardown(rp);
	kfree(rp);
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
