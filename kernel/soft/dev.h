/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The model's PCI side: one stand-in PCI function (a QEMU ivshmem-plain
 * device) as a modelled NetXtreme function, with the auxiliary device the
 * driver binds, its BAR mapping, its vectors and upcalls; the DMA backend
 * that reaches memory as the function's IOMMU translates; the engine
 * thread; debugfs.  This header owns those structures and what main.c,
 * dma.c, engine.c and debugfs.c ask of each other; the pure model is
 * soft.h's.
 */
#ifndef RIG_SOFT_DEV_H
#define RIG_SOFT_DEV_H

#include <linux/interrupt.h>
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/sizes.h>
#include <linux/skbuff.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "../bnxt/transport.h"
#include "soft.h"

/* Write-combining mappings of other devices' BARs a function keeps. */
#define RIG_SOFT_WC_CACHE	8
#define RIG_SOFT_WC_WINDOW	SZ_1M

/**
 * struct rig_soft_wc - a write-combining mapping of part of a BAR
 * @phys: CPU physical address of its first byte (0: unused)
 * @len: bytes
 * @va: the mapping
 * @used: when it was last used, for eviction
 */
struct rig_soft_wc {
	phys_addr_t phys;
	resource_size_t len;
	void __iomem *va;
	u64 used;
};

/**
 * struct rig_soft_dma - the DMA backend of one function
 * @mem: what the model uses (ops, fault knob, fault count)
 * @dev: the PCI function's device
 * @domain: its IOMMU domain when that translates (a DMA domain), else
 *	    NULL (dma-direct); found when the model binds the function, as a
 *	    device's domain changes only while no driver holds it
 * @wc: mappings of device memory, under the world's lock
 * @clock: counts uses of @wc, under the world's lock
 */
struct rig_soft_dma {
	struct rig_soft_mem mem;
	struct device *dev;
	struct iommu_domain *domain;
	struct rig_soft_wc wc[RIG_SOFT_WC_CACHE];
	u64 clock;
};

/**
 * struct rig_soft_vec - an MSI-X vector as the driver requested it
 * @handler: called when the model raises it, or NULL
 * @data: its argument
 */
struct rig_soft_vec {
	irq_handler_t handler;
	void *data;
};

/**
 * struct rig_soft_net - the network interface a function is attached to
 * @lock: protects @dev for readers without the RTNL (sysfs, the
 *	  transport's netdev operation); writers hold the RTNL too
 * @dev: the interface, held with @tracker, or NULL; written under the
 *	 RTNL and @lock
 * @tracker: the reference's tracker
 * @xdev: @dev as the engine sees it: where frames go; under the world's
 *	  lock.  Each frame queued holds a reference of its own.
 * @mtu_before: the function's MTU before it was attached, given back
 *		when it is detached; under the world's lock
 * @rxq: frames the interface received for the function: filled by its
 *	 rx_handler (softirq), drained by the engine's pass, both under
 *	 the queue's own lock (@rxq.lock, bottom halves and irqs off)
 * @rx_bytes: what @rxq holds, the sum of its skbs' truesize: charged
 *	      and uncharged under @rxq.lock with every frame queued and
 *	      taken, at most RIG_SOFT_NET_RXQ_BYTES
 * @changed: tells the driver that the interface changed, from where the
 *	     RTNL is held (a notifier); runs rig_soft_dev_netdev_changed()
 */
struct rig_soft_net {
	spinlock_t lock;	/* @dev, for readers without the RTNL */
	struct net_device *dev;
	netdevice_tracker tracker;
	struct net_device *xdev;
	u32 mtu_before;
	struct sk_buff_head rxq;
	u32 rx_bytes;		/* under @rxq.lock */
	struct work_struct changed;
};

/*
 * Bytes of skbs (truesize: data, headers and the skb itself) a function's
 * receive queue may hold; a frame that would pass it is dropped and
 * counted.  A peer answers a READ with all its responses at once (rxe
 * does: 8192 of about 2.3 KiB for ib_read_bw's 8 MiB at an MTU of 1024;
 * 2048 of about 8.3 KiB at 4096), which a smaller queue would drop
 * wholesale, round after round, until the reader's retries ran out.  A
 * peer flooding the longest frames the model takes makes it hold no more.
 */
#define RIG_SOFT_NET_RXQ_BYTES	(24 * SZ_1M)

/*
 * Is a frame of @len bytes, from its Ethernet header on, one the model
 * could take?  Longer ones (jumbo frames) are dropped before they are
 * queued: no path MTU makes one.
 */
static inline bool rig_soft_net_rx_fits(u32 len)
{
	return len <= RIG_SOFT_ROCE_FRAME_MAX;
}

/*
 * Charge a receive queue holding *@held bytes with a frame's @cost (its
 * skb's truesize); the caller holds the queue's lock.
 *
 * Return: false, charging nothing, when the budget would be passed.
 */
static inline bool rig_soft_net_rx_charge(u32 *held, u32 cost)
{
	if (cost > RIG_SOFT_NET_RXQ_BYTES - *held)
		return false;
	*held += cost;
	return true;
}

/* Give back a frame's @cost, charged before; the queue's lock held. */
static inline void rig_soft_net_rx_uncharge(u32 *held, u32 cost)
{
	if (WARN_ON_ONCE(cost > *held))
		cost = *held;
	*held -= cost;
}

/**
 * struct rig_soft_pcie - Device Control of a PCI Express stand-in (pcie.c)
 * @ops: the stand-in's bus's configuration accesses while wrapped: the
 *	 bus's own, but for read and write
 * @parent: the bus's own
 * @inside: accesses in the wrapper's read or write, waited for at unwrap
 * @lock: guards @order (raw: a user's access holds the raw pci_lock)
 * @order: Relaxed Ordering and No Snoop as the function has them
 * @devfn: the stand-in on the bus
 * @devctl: Device Control's offset in its configuration space
 *
 * Allocated at probe by rig_soft_pcie_wrap(), freed at remove by
 * rig_soft_pcie_unwrap(), unless another wrapper went over it (then it
 * lives on with the bus).
 */
struct rig_soft_pcie {
	struct pci_ops ops;
	struct pci_ops *parent;
	atomic_t inside;
	raw_spinlock_t lock;
	u16 order;
	unsigned int devfn;
	int devctl;
};

/**
 * struct rig_soft_dev - one stand-in PCI function
 * @tadev: the auxiliary device "rig_soft.rdma.<id>" and its transport;
 *	   its release frees this structure
 * @fn: the modelled function
 * @dma: its memory
 * @pdev: the PCI function
 * @bar: BAR 2, mapped uncached
 * @bar_len: its bytes
 * @id: the auxiliary device's id
 * @irq_lock: protects @vec and @irqs_off; held (bottom halves off) while
 *	      a handler runs
 * @vec: the vectors
 * @irqs_off: the vectors are freed (debugfs "irqs"): a raise is lost
 * @up_lock: protects @up; held while an upcall runs
 * @up: the driver's upcalls, or NULL
 * @debugfs: /sys/kernel/debug/rig_soft/<pci name>
 * @net: its network interface (net.c)
 * @pcie: a PCI Express stand-in's Device Control (pcie.c), or NULL
 */
struct rig_soft_dev {
	struct rig_transport_adev tadev;
	struct rig_soft_fn fn;
	struct rig_soft_dma dma;
	struct pci_dev *pdev;
	void __iomem *bar;
	u32 bar_len;
	int id;
	spinlock_t irq_lock;	/* @vec, @irqs_off; held while a handler runs */
	struct rig_soft_vec vec[RIG_SOFT_NVEC];
	bool irqs_off;
	struct mutex up_lock;	/* @up; held while an upcall runs */
	const struct rig_transport_upcalls *up;
	struct dentry *debugfs;
	struct rig_soft_net net;
	struct rig_soft_pcie *pcie;
};

static inline struct rig_soft_dev *rig_soft_dev_of(struct rig_soft_fn *fn)
{
	return container_of(fn, struct rig_soft_dev, fn);
}

/* dma.c */
void rig_soft_dma_init(struct rig_soft_dma *dma, struct device *dev);
void rig_soft_dma_exit(struct rig_soft_dma *dma);
int rig_soft_dma_register(void);
void rig_soft_dma_unregister(void);

/* engine.c */
struct rig_soft_world *rig_soft_engine_world(void);
bool rig_soft_engine_counts(u64 *passes, u64 *sleeps, u64 *asleep_ns);
void rig_soft_engine_add(struct rig_soft_fn *fn);
void rig_soft_engine_remove(struct rig_soft_fn *fn);
void rig_soft_engine_kick(struct rig_soft_fn *fn);
void rig_soft_engine_wake(void);
void rig_soft_engine_sync(void);
int rig_soft_engine_start(void);
void rig_soft_engine_stop(void);

/* pcie.c */
struct rig_soft_pcie *rig_soft_pcie_wrap(struct pci_dev *pdev);
void rig_soft_pcie_unwrap(struct rig_soft_pcie *p, struct pci_dev *pdev);

/* main.c */
int rig_soft_dev_stop(struct rig_soft_dev *sd);
int rig_soft_dev_suspend(struct rig_soft_dev *sd);
int rig_soft_dev_irqs(struct rig_soft_dev *sd, bool on);
int rig_soft_dev_restart(struct rig_soft_dev *sd);
void rig_soft_dev_netdev_changed(struct rig_soft_dev *sd);

/* net.c */
extern const struct attribute_group *rig_soft_net_groups[];
void rig_soft_net_init(struct rig_soft_dev *sd);
void rig_soft_net_exit(struct rig_soft_dev *sd);
struct net_device *rig_soft_net_get(struct rig_soft_dev *sd, netdevice_tracker *tracker);
int rig_soft_net_xmit(struct rig_soft_fn *fn, const void *frame, u32 len);
bool rig_soft_net_rx(struct rig_soft_fn *fn, bool peek);
u32 rig_soft_net_rx_held(struct rig_soft_dev *sd);
void rig_soft_net_take(struct sk_buff_head *q);
void rig_soft_net_send(struct sk_buff_head *q);
int rig_soft_net_register(void);
void rig_soft_net_unregister(void);

/* debugfs.c */
void rig_soft_debugfs_init(void);
void rig_soft_debugfs_exit(void);
void rig_soft_debugfs_add(struct rig_soft_dev *sd);
void rig_soft_debugfs_remove(struct rig_soft_dev *sd);

#endif /* RIG_SOFT_DEV_H */
