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
 *
 * The wrapper's operations are a copy of the bus's own with only read and
 * write replaced: the host's accessors may be the generic ones, which call
 * back through bus->ops (map_bus() on an ECAM host, arm64's virt machine
 * among them), and must find the host's own there.
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>

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

	atomic_inc(&p->inside);
	ret = p->parent->read(bus, devfn, where, size, val);
	if (ret)
		goto out;
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
out:
	atomic_dec(&p->inside);
	return ret;
}

static int rig_soft_pcie_write(struct pci_bus *bus, unsigned int devfn, int where, int size,
			       u32 val)
{
	struct rig_soft_pcie *p = rig_soft_pcie_of(bus);
	unsigned long flags;
	int ret, i, off;
	u16 m, b;

	atomic_inc(&p->inside);
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
	ret = p->parent->write(bus, devfn, where, size, val);
	atomic_dec(&p->inside);
	return ret;
}

/**
 * rig_soft_pcie_wrap() - keep a PCI Express stand-in's Device Control
 * @pdev: the stand-in
 *
 * Relaxed Ordering and No Snoop start on, as after a reset.  Nothing for
 * a conventional stand-in (no Device Control), nor for one that shares
 * its bus (whose accesses are not ours to wrap).
 *
 * Return: the wrapper, for rig_soft_pcie_unwrap(); NULL when the bus is
 * left as it was (then Device Control is QEMU's).
 */
struct rig_soft_pcie *rig_soft_pcie_wrap(struct pci_dev *pdev)
{
	struct pci_bus *bus = pdev->bus;
	struct rig_soft_pcie *p;
	struct pci_ops *own;

	if (!pci_is_pcie(pdev))
		return NULL;
	if (!list_is_singular(&bus->devices)) {
		pci_info(pdev, "rig_soft: not alone on its bus: Device Control is QEMU's\n");
		return NULL;
	}
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return NULL;	/* then Device Control is QEMU's */
	raw_spin_lock_init(&p->lock);
	atomic_set(&p->inside, 0);
	p->devfn = pdev->devfn;
	p->devctl = pci_pcie_cap(pdev) + PCI_EXP_DEVCTL;
	p->order = RIG_SOFT_PCIE_ORDER;
	own = READ_ONCE(bus->ops);
	p->ops = *own;
	p->ops.read = rig_soft_pcie_read;
	p->ops.write = rig_soft_pcie_write;
	p->parent = pci_bus_set_ops(bus, &p->ops);
	if (p->parent != own) {
		/* Wrapped by another meanwhile: ours copied what it replaced. */
		pci_bus_set_ops(bus, p->parent);
		kfree(p);
		return NULL;
	}
	return p;
}

/**
 * rig_soft_pcie_unwrap() - give the bus its own accesses back
 * @p: from rig_soft_pcie_wrap(), or NULL (nothing to do); freed
 * @pdev: the stand-in, being let go
 *
 * A user's access holds pci_lock, as pci_bus_set_ops() does: none is in
 * the operations once the bus has its own back.  The kernel's own
 * accesses are lockless on x86 (PCI_LOCKLESS_CONFIG): those inside the
 * wrapper are waited for, and synchronize_rcu() waits for any made with
 * preemption off that had read the bus's operations but not yet called
 * them.  A preemptible one preempted in just that window is not covered;
 * the kernel offers no lock to close it.
 *
 * When another wrapper was put over ours (aer_inject's), it calls ours:
 * the bus keeps both, and rig_soft stays loaded with its wrapper alive.
 */
void rig_soft_pcie_unwrap(struct rig_soft_pcie *p, struct pci_dev *pdev)
{
	struct pci_ops *ops;

	if (!p)
		return;
	ops = pci_bus_set_ops(pdev->bus, p->parent);
	if (ops != &p->ops) {
		pci_bus_set_ops(pdev->bus, ops);
		pci_warn(pdev, "rig_soft: the bus's configuration accesses were wrapped over rig_soft's, which stay: rig_soft can no longer be unloaded\n");
		__module_get(THIS_MODULE);
		return;
	}
	synchronize_rcu();
	while (atomic_read(&p->inside))
		cpu_relax();
	kfree(p);
}
