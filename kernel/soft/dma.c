// SPDX-License-Identifier: GPL-2.0-only
/*
 * The DMA backend of a stand-in PCI function: how the model reaches the
 * memory behind a DMA address, as the function's IOMMU translates it.
 * This file owns the translation (iommu_iova_to_phys() when the
 * function's domain translates, the address itself with dma-direct), the
 * rule of what may be reached (RAM, one page at a time, through
 * kmap_local_page() when it is high memory; or a memory BAR of a present
 * PCI device, through a small cache of write-combining mappings), and the
 * bus notifier that keeps a device that is going away from being
 * reached.  Anything else is a DMA fault.  Nothing is held across pieces.
 */
#include <linux/dma-direct.h>
#include <linux/highmem.h>
#include <linux/io.h>
#include <linux/iommu.h>
#include <linux/notifier.h>
#include <linux/slab.h>

#include "dev.h"

/*
 * PCI devices that are being removed: never reached again.  As many as
 * are being removed at once (a switch and everything below it, removals
 * racing each other): a mark is never missing for want of room.
 */
struct rig_soft_dying {
	struct pci_dev *pdev;
	struct list_head node;
};

static DEFINE_SPINLOCK(rig_soft_dying_lock);
static LIST_HEAD(rig_soft_dying);	/* under rig_soft_dying_lock */

static bool rig_soft_is_dying(struct pci_dev *pdev)
{
	struct rig_soft_dying *d;

	guard(spinlock)(&rig_soft_dying_lock);
	list_for_each_entry(d, &rig_soft_dying, node)
		if (d->pdev == pdev)
			return true;
	return false;
}

/*
 * The memory BAR of a present device that holds @phys: the CPU physical
 * range [*@start, *@end] of the BAR.
 */
static bool rig_soft_bar_find(phys_addr_t phys, phys_addr_t *start, phys_addr_t *end)
{
	struct pci_dev *pdev = NULL;
	int bar;

	for_each_pci_dev(pdev) {
		for (bar = 0; bar < PCI_STD_NUM_BARS; bar++) {
			struct resource *res = pci_resource_n(pdev, bar);

			if (resource_type(res) != IORESOURCE_MEM || !resource_size(res) ||
			    !res->parent || phys < res->start || phys > res->end)
				continue;
			if (rig_soft_is_dying(pdev))
				continue;
			*start = res->start;
			*end = res->end;
			pci_dev_put(pdev);
			return true;
		}
	}
	return false;
}

/* A write-combining mapping of the window of [@start, @end] that holds @phys. */
static struct rig_soft_wc *rig_soft_wc_get(struct rig_soft_dma *dma, phys_addr_t phys,
					   phys_addr_t start, phys_addr_t end)
{
	phys_addr_t base = max(start, ALIGN_DOWN(phys, RIG_SOFT_WC_WINDOW));
	resource_size_t len = min_t(resource_size_t, end - base + 1,
				    ALIGN_DOWN(phys, RIG_SOFT_WC_WINDOW) +
				    RIG_SOFT_WC_WINDOW - base);
	struct rig_soft_wc *wc, *victim = &dma->wc[0];

	for (wc = dma->wc; wc < dma->wc + RIG_SOFT_WC_CACHE; wc++) {
		if (wc->va && wc->phys == base && wc->len == len) {
			wc->used = ++dma->clock;
			return wc;
		}
		if (!wc->va || wc->used < victim->used)
			victim = wc;
	}
	if (victim->va)
		iounmap(victim->va);
	victim->va = ioremap_wc(base, len) ?: ioremap(base, len);
	if (!victim->va)
		return NULL;
	victim->phys = base;
	victim->len = len;
	victim->used = ++dma->clock;
	return victim;
}

/* The CPU physical address behind @addr; *@max is cut at the IOMMU page. */
static phys_addr_t rig_soft_dma_phys(struct rig_soft_dma *dma, dma_addr_t addr, u32 *max)
{
	if (dma->domain) {
		*max = min_t(u32, *max, SZ_4K - (addr & (SZ_4K - 1)));
		return iommu_iova_to_phys(dma->domain, addr);
	}
	return dma_to_phys(dma->dev, addr);
}

/**
 * rig_soft_dma_map() - the backend's map (struct rig_soft_mem_ops)
 * @mem: the function's memory
 * @addr: the DMA address
 * @max: bytes wanted, at least one
 * @p: the piece
 *
 * rig_soft_mem_map() calls it by name where retpolines make a call
 * through a pointer cost (INDIRECT_CALLABLE_SCOPE: static elsewhere).
 *
 * Return: 0, or -EFAULT when @addr reaches no memory the model may touch.
 */
INDIRECT_CALLABLE_SCOPE int rig_soft_dma_map(struct rig_soft_mem *mem, dma_addr_t addr,
					     u32 max, struct rig_soft_piece *p)
{
	struct rig_soft_dma *dma = container_of(mem, struct rig_soft_dma, mem);
	phys_addr_t phys = rig_soft_dma_phys(dma, addr, &max);
	phys_addr_t start, end;
	struct rig_soft_wc *wc;

	if (!phys)
		return -EFAULT;
	if (pfn_valid(PHYS_PFN(phys))) {
		struct page *page = pfn_to_page(PHYS_PFN(phys));

		/* A page the kernel maps for good needs no mapping of its own. */
		p->page = PageHighMem(page) ? page : NULL;
		p->len = min_t(u32, max, PAGE_SIZE - offset_in_page(phys));
		p->va = (p->page ? kmap_local_page(page) : page_address(page)) +
			offset_in_page(phys);
		p->io = false;
		return 0;
	}
	if (!rig_soft_bar_find(phys, &start, &end))
		return -EFAULT;
	wc = rig_soft_wc_get(dma, phys, start, end);
	if (!wc)
		return -EFAULT;
	p->page = NULL;
	p->len = min_t(u64, max, wc->phys + wc->len - phys);
	p->va = (void __force *)wc->va + (phys - wc->phys);
	p->io = true;
	return 0;
}

static void rig_soft_dma_unmap(struct rig_soft_mem *mem, struct rig_soft_piece *p)
{
	if (p->page)
		kunmap_local(p->va);
}

static void rig_soft_dma_read_io(void *dst, const void __iomem *src, size_t n)
{
	memcpy_fromio(dst, src, n);
}

static void rig_soft_dma_write_io(void __iomem *dst, const void *src, size_t n)
{
	memcpy_toio(dst, src, n);
}

static void rig_soft_dma_flush_io(struct rig_soft_mem *mem)
{
	/* Write-combining stores before the completion's: wmb(), not smp_wmb(). */
	wmb();
}

static const struct rig_soft_mem_ops rig_soft_dma_ops = {
	.map = rig_soft_dma_map,
	.unmap = rig_soft_dma_unmap,
	.read_io = rig_soft_dma_read_io,
	.write_io = rig_soft_dma_write_io,
	.flush_io = rig_soft_dma_flush_io,
};

/**
 * rig_soft_dma_init() - the memory a PCI function reaches
 * @dma: the backend, zeroed
 * @dev: the function's device
 */
void rig_soft_dma_init(struct rig_soft_dma *dma, struct device *dev)
{
	struct iommu_domain *domain = iommu_get_domain_for_dev(dev);

	dma->mem.ops = &rig_soft_dma_ops;
	atomic_set(&dma->mem.fail, 0);
	atomic64_set(&dma->mem.faults, 0);
	dma->dev = dev;
	dma->domain = domain && iommu_is_dma_domain(domain) ? domain : NULL;
}

/**
 * rig_soft_dma_exit() - drop the backend's mappings
 * @dma: the backend of a function the engine serves no more
 */
void rig_soft_dma_exit(struct rig_soft_dma *dma)
{
	int i;

	for (i = 0; i < RIG_SOFT_WC_CACHE; i++)
		if (dma->wc[i].va)
			iounmap(dma->wc[i].va);
	memset(dma->wc, 0, sizeof(dma->wc));
}

/*
 * A PCI device goes away: from BUS_NOTIFY_DEL_DEVICE (its BARs are still
 * assigned) until it is off the bus, the model reaches none of its BARs;
 * the engine's current pass, which may be copying to one, is waited for.
 */
static int rig_soft_dma_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	struct pci_dev *pdev = to_pci_dev(data);
	struct rig_soft_dying *d, *next;

	if (action == BUS_NOTIFY_REMOVED_DEVICE) {
		scoped_guard(spinlock, &rig_soft_dying_lock) {
			list_for_each_entry_safe(d, next, &rig_soft_dying, node) {
				if (d->pdev != pdev)
					continue;
				list_del(&d->node);
				kfree(d);
			}
		}
		return NOTIFY_OK;
	}
	if (action != BUS_NOTIFY_DEL_DEVICE)
		return NOTIFY_DONE;
	d = kzalloc(sizeof(*d), GFP_KERNEL | __GFP_NOFAIL);
	d->pdev = pdev;
	scoped_guard(spinlock, &rig_soft_dying_lock)
		list_add(&d->node, &rig_soft_dying);
	rig_soft_engine_sync();
	return NOTIFY_OK;
}

static struct notifier_block rig_soft_dma_nb = {
	.notifier_call = rig_soft_dma_notify,
};

/**
 * rig_soft_dma_register() - watch PCI devices going away
 *
 * Return: 0, or the error of bus_register_notifier().
 */
int rig_soft_dma_register(void)
{
	return bus_register_notifier(&pci_bus_type, &rig_soft_dma_nb);
}

/**
 * rig_soft_dma_unregister() - stop watching
 */
void rig_soft_dma_unregister(void)
{
	struct rig_soft_dying *d, *next;

	bus_unregister_notifier(&pci_bus_type, &rig_soft_dma_nb);
	/* Devices whose removal had not ended. */
	list_for_each_entry_safe(d, next, &rig_soft_dying, node)
		kfree(d);
}
