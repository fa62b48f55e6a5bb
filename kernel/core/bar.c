// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which bus addresses are another device's memory: a device region's run
 * must lie inside one memory BAR of a PCI device that is present and has
 * a driver, so no caller can aim a NIC at system RAM or at nothing, and
 * must stay there for as long as the NIC may reach it.  A BAR moves only
 * when its device goes, or while no driver holds it (the PCI core resizes
 * a BAR through sysfs only then, and a driver resizes its own at probe):
 * a device whose driver is unbound is treated as one that is removed.
 *
 * This file owns that check, the list of runs in use and the marks that
 * say a run is gone: device.c's PCI bus notifier calls rig_bar_going()
 * when a device is removed or loses its driver (before its BARs may be
 * released, resized or given to another device), then has the NICs
 * deregister the regions that used it.  It maps nothing.
 */
#include <linux/pci.h>
#include <linux/slab.h>

#include "rig.h"

/* Runs of live device regions; their @gone flags are set under it. */
static DEFINE_MUTEX(rig_bar_lock);
static LIST_HEAD(rig_bar_runs);	/* under rig_bar_lock */

/*
 * Devices whose BARs may move: from the PCI notifier's BUS_NOTIFY_DEL_DEVICE,
 * when they are still on the bus, to BUS_NOTIFY_REMOVED_DEVICE, when
 * for_each_pci_dev() finds them no more; and from BUS_NOTIFY_UNBIND_DRIVER
 * to the next BUS_NOTIFY_BOUND_DRIVER.  No run is found in them.
 */
struct rig_bar_dying {
	struct pci_dev *pdev;
	struct list_head node;
};

static LIST_HEAD(rig_bar_dying);	/* under rig_bar_lock */

static bool rig_bar_is_dying(struct pci_dev *pdev)
{
	struct rig_bar_dying *d;

	lockdep_assert_held(&rig_bar_lock);
	list_for_each_entry(d, &rig_bar_dying, node)
		if (d->pdev == pdev)
			return true;
	return false;
}

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
 * rig_bar_take() - find the PCI memory BAR that holds a run, and watch it
 * @bus: bus address of the run
 * @bytes: its length, at least one byte
 * @run: its @region set; filled in on success: @bus, @bytes, the CPU
 *	 physical address and a reference on the PCI device (pci_dev_put()
 *	 it), and tracked until rig_bar_untrack()
 *
 * Found and tracked under one hold of the lock the removal notifier
 * takes: a device is either found before its removal began, and the
 * notifier marks the run gone, or not found at all.
 *
 * Return: 0, or -ENXIO when no memory BAR of a present device with a
 * driver holds the whole run (system RAM, a hole, a run across two BARs, a
 * device that is being removed or has no driver).
 */
int rig_bar_take(u64 bus, u64 bytes, struct rig_devrun *run)
{
	struct pci_dev *pdev = NULL;
	phys_addr_t phys;
	int bar;

	guard(mutex)(&rig_bar_lock);
	for_each_pci_dev(pdev) {
		/* Unbound, its BARs may be resized or moved under the NIC. */
		if (!READ_ONCE(pdev->dev.driver) || rig_bar_is_dying(pdev))
			continue;
		for (bar = 0; bar < PCI_STD_NUM_BARS; bar++) {
			if (!rig_bar_holds(pdev, bar, bus, bytes, &phys))
				continue;
			/* for_each_pci_dev() holds a reference: it is ours now. */
			run->bus = bus;
			run->bytes = bytes;
			run->phys = phys;
			run->pdev = pdev;
			run->bar = bar;
			list_add(&run->node, &rig_bar_runs);
			return 0;
		}
	}
	return -ENXIO;
}

/**
 * rig_bar_gone() - was a run's device removed since it was found?
 * @run: a tracked run
 *
 * Return: true once the removal notifier marked it.
 */
bool rig_bar_gone(const struct rig_devrun *run)
{
	return READ_ONCE(run->gone);
}

/**
 * rig_bar_untrack() - stop watching a run, whose region the NIC has let go
 * @run: a run rig_bar_take() took
 */
void rig_bar_untrack(struct rig_devrun *run)
{
	guard(mutex)(&rig_bar_lock);
	list_del(&run->node);
}

/**
 * rig_bar_back() - a device is off the bus, or has a driver again
 * @pdev: a device rig_bar_going() may have marked
 *
 * It needs no mark any more: off the bus, no walk finds it; bound, its
 * BARs stay where they are until its driver lets go.
 */
void rig_bar_back(struct pci_dev *pdev)
{
	struct rig_bar_dying *d, *next;

	guard(mutex)(&rig_bar_lock);
	list_for_each_entry_safe(d, next, &rig_bar_dying, node) {
		if (d->pdev != pdev)
			continue;
		list_del(&d->node);
		kfree(d);
	}
}

/**
 * rig_bar_going() - a device is being removed or is losing its driver
 * @pdev: the device, before the PCI core releases its BARs (or they can
 *	  be resized)
 *
 * Marks it, so that no new run is found in it, and every run on it gone;
 * a region joining its file meanwhile sees its run gone (rig_bar_gone()).
 *
 * Return: true when a run was on it: the caller has the NICs deregister
 * the regions that use one (outside rig_bar_lock, which region teardown
 * takes under a device's lock).
 */
bool rig_bar_going(struct pci_dev *pdev)
{
	struct rig_bar_dying *dying;
	struct rig_devrun *run;
	bool hit = false;

	/* Without memory for the mark, a registration racing this may find it. */
	dying = kzalloc(sizeof(*dying), GFP_KERNEL | __GFP_NOFAIL);
	dying->pdev = pdev;
	guard(mutex)(&rig_bar_lock);
	list_add(&dying->node, &rig_bar_dying);
	list_for_each_entry(run, &rig_bar_runs, node) {
		if (run->pdev != pdev)
			continue;
		WRITE_ONCE(run->gone, true);
		hit = true;
	}
	return hit;
}

/**
 * rig_bar_exit() - forget every mark, once the notifier is gone and no run
 * is tracked any more
 */
void rig_bar_exit(void)
{
	struct rig_bar_dying *d, *next;

	WARN_ON_ONCE(!list_empty(&rig_bar_runs));
	/* Devices whose removal had not ended. */
	list_for_each_entry_safe(d, next, &rig_bar_dying, node)
		kfree(d);
}
