// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Device Control register of a PCI Express stand-in, as a NetXtreme
 * function has it.  QEMU's emulated PCI Express functions take writes of
 * Device Control's error reporting bits only; a chip also takes Relaxed
 * Ordering and No Snoop, both on after a reset (PCIe r6.0, 7.5.3.4),
 * which the driver turns off while it holds the function and puts back
 * when it lets go.  This file owns those two bits of the stand-in: the
 * configuration accesses of its bus (behind a root port of its own, it
 * is alone there) go through operations that keep them, as aer_inject
 * wraps a bus's accesses; every other access passes through untouched.
 * It must not change any other register, nor any other function's.
 */
#include <linux/pci.h>

#include "dev.h"

#define RIG_SOFT_PCIE_ORDER	(PCI_EXP_DEVCTL_RELAX_EN | PCI_EXP_DEVCTL_NOSNOOP_EN)

static struct rig_soft_pcie *rig_soft_pcie_of(struct pci_bus *bus)
{
	return container_of(bus->ops, struct rig_soft_pcie, ops);
}

/*
 * Byte @i of an access at @where is byte @off of Device Control, if
 * 0 <= @off <= 1: the two bits' part of it.
 */
static int rig_soft_pcie_byte(const struct rig_soft_pcie *p, unsigned int devfn, int where,
			      int i)
{
	int off = where + i - p->devctl;

	return devfn == p->devfn && off >= 0 && off < 2 ? off : -1;
}

static int rig_soft_pcie_read(struct pci_bus *bus, unsigned int devfn, int where, int size,
			      u32 *val)
{
	struct rig_soft_pcie *p = rig_soft_pcie_of(bus);
	unsigned long flags;
	int ret, i, off;
	u32 m, b;

	ret = p->parent->read(bus, devfn, where, size, val);
	if (ret)
		return ret;
	raw_spin_lock_irqsave(&p->lock, flags);
	for (i = 0; i < size; i++) {
		off = rig_soft_pcie_byte(p, devfn, where, i);
		if (off < 0)
			continue;
		m = (u8)(RIG_SOFT_PCIE_ORDER >> (8 * off));
		b = (u8)(p->order >> (8 * off));
		*val = (*val & ~(m << (8 * i))) | (b << (8 * i));
	}
	raw_spin_unlock_irqrestore(&p->lock, flags);
	return 0;
}

static int rig_soft_pcie_write(struct pci_bus *bus, unsigned int devfn, int where, int size,
			       u32 val)
{
	struct rig_soft_pcie *p = rig_soft_pcie_of(bus);
	unsigned long flags;
	int i, off;
	u16 m, b;

	raw_spin_lock_irqsave(&p->lock, flags);
	for (i = 0; i < size; i++) {
		off = rig_soft_pcie_byte(p, devfn, where, i);
		if (off < 0)
			continue;
		m = RIG_SOFT_PCIE_ORDER & (0xff << (8 * off));
		b = (u16)(((val >> (8 * i)) & 0xff) << (8 * off));
		p->order = (p->order & ~m) | (b & m);
	}
	raw_spin_unlock_irqrestore(&p->lock, flags);
	return p->parent->write(bus, devfn, where, size, val);
}

/**
 * rig_soft_pcie_wrap() - keep a PCI Express stand-in's Device Control
 * @p: the stand-in's copy, in its struct rig_soft_dev
 * @pdev: the stand-in
 *
 * Relaxed Ordering and No Snoop start on, as after a reset.  Nothing for
 * a conventional stand-in (no Device Control), nor for one that shares
 * its bus (whose accesses are not ours to wrap).
 */
void rig_soft_pcie_wrap(struct rig_soft_pcie *p, struct pci_dev *pdev)
{
	struct pci_bus *bus = pdev->bus;

	p->parent = NULL;
	if (!pci_is_pcie(pdev))
		return;
	if (!list_is_singular(&bus->devices)) {
		pci_info(pdev, "rig_soft: not alone on its bus: Device Control is QEMU's\n");
		return;
	}
	raw_spin_lock_init(&p->lock);
	p->devfn = pdev->devfn;
	p->devctl = pci_pcie_cap(pdev) + PCI_EXP_DEVCTL;
	p->order = RIG_SOFT_PCIE_ORDER;
	p->ops.read = rig_soft_pcie_read;
	p->ops.write = rig_soft_pcie_write;
	p->parent = pci_bus_set_ops(bus, &p->ops);
}

/**
 * rig_soft_pcie_unwrap() - give the bus its own accesses back
 * @p: as rig_soft_pcie_wrap() left it
 * @pdev: the stand-in, being let go
 *
 * A user's access holds pci_lock, as pci_bus_set_ops() does: none is in
 * the operations once it returns.  The kernel's own (lockless on x86)
 * are the stand-in's, and its driver is going.
 */
void rig_soft_pcie_unwrap(struct rig_soft_pcie *p, struct pci_dev *pdev)
{
	if (p->parent)
		pci_bus_set_ops(pdev->bus, p->parent);
	p->parent = NULL;
}
