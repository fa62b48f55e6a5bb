// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which bus addresses are another device's memory: a device region's run
 * must lie inside one memory BAR of a PCI device that is present, so no
 * caller can aim a NIC at system RAM or at nothing.
 *
 * This file owns that check only; it maps nothing.
 */
#include <linux/pci.h>

#include "rig.h"

static bool rig_bar_holds(struct pci_dev *pdev, int bar, u64 bus, u64 bytes,
			  phys_addr_t *phys)
{
	struct resource *res = pci_resource_n(pdev, bar);
	struct pci_bus_region region;

	if (resource_type(res) != IORESOURCE_MEM || !resource_size(res) ||
	    !res->parent)	/* not assigned */
		return false;
	pcibios_resource_to_bus(pdev->bus, &region, res);
	if (bus < region.start || bus - region.start > region.end - region.start ||
	    bytes - 1 > region.end - bus)
		return false;
	*phys = res->start + (bus - region.start);
	return true;
}

/**
 * rig_bar_find() - find the PCI memory BAR that holds a run
 * @bus: bus address of the run
 * @bytes: its length, at least one byte
 * @run: filled in on success: @bus, @bytes, the CPU physical address and
 *	 a reference on the PCI device (pci_dev_put() it)
 *
 * Return: 0, or -ENXIO when no memory BAR of a present device holds the
 * whole run (system RAM, a hole, or a run across two BARs).
 */
int rig_bar_find(u64 bus, u64 bytes, struct rig_devrun *run)
{
	struct pci_dev *pdev = NULL;
	phys_addr_t phys;
	int bar;

	for_each_pci_dev(pdev) {
		for (bar = 0; bar < PCI_STD_NUM_BARS; bar++) {
			if (!rig_bar_holds(pdev, bar, bus, bytes, &phys))
				continue;
			/* for_each_pci_dev() holds a reference: it is ours now. */
			run->bus = bus;
			run->bytes = bytes;
			run->phys = phys;
			run->pdev = pdev;
			return 0;
		}
	}
	return -ENXIO;
}
