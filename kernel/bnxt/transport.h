/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the NetXtreme RoCE driver asks of whatever lies below it: a real
 * function through bnxt_en, or the model of one (rig_soft.ko).  Shaped
 * after bnxt_en's interface to its RDMA driver (bnxt_ulp.h, as bnxt_re
 * uses it): an HWRM message and its answer, the PCI function, BAR 0 for
 * the RoCE firmware's mailbox, the doorbell BAR, the MSI-X vectors set
 * aside for RoCE, and calls the other way when the function stops,
 * restarts or goes away.
 *
 * This header owns that contract and nothing else: no code, no symbol.
 * The model (rig_soft.ko) and the bnxt_en transport (rig_bnxt_en.ko)
 * include it to implement it (neither exports anything to the driver,
 * nor the driver to them); the driver reaches a transport through the
 * auxiliary device it binds.
 */
#ifndef RIG_BNXT_TRANSPORT_H
#define RIG_BNXT_TRANSPORT_H

#include <linux/auxiliary_bus.h>
#include <linux/interrupt.h>
#include <linux/netdevice.h>
#include <linux/types.h>

#include "../../uapi/rig_bnxt.h"

struct pci_dev;

/*
 * The name of the auxiliary devices transports register, which rig_bnxt
 * binds: "rig_soft.rdma.<id>" (the model), "rig_bnxt_en.rdma.<id>" (bnxt_en).
 */
#define RIG_TRANSPORT_ADEV_NAME		"rdma"

/* MSI-X vectors a function may set aside for RoCE (bnxt_en's maximum). */
#define RIG_TRANSPORT_MAX_VECTORS	64

/**
 * struct rig_transport_vector - one MSI-X vector set aside for RoCE
 * @ring_idx: the logical ring id HWRM_RING_ALLOC takes for the ring
 *	      (CREQ or NQ) that raises this vector
 * @db_offset: that ring's doorbell, in bytes from the doorbell BAR's start
 *
 * As bnxt_en's struct bnxt_msix_entry; the vector itself is the
 * transport's business (@request_irq).  Vector 0 serves the CREQ, the
 * others the notification queues.
 */
struct rig_transport_vector {
	u32 ring_idx;
	u32 db_offset;
};

/* The function needs RIG_BNXT_KICK: its doorbells are memory it polls. */
#define RIG_TRANSPORT_CAP_KICK		BIT(0)
/*
 * Every doorbell must have a page of its own: one DPI for each queue's
 * producer and each completion ring.  A real function sees each doorbell
 * write as an event and takes any number of queues' doorbells at offset
 * 0 of one DPI page; the model's doorbell BAR is memory, where a second
 * write to a page overwrites the first before it is seen.
 */
#define RIG_TRANSPORT_CAP_DPI_PER_DOORBELL	BIT(1)
/*
 * CQ_ARMENA goes to the privileged page, DPI 0, as bnxt_re rings it (its
 * priv_db).  With RIG_TRANSPORT_CAP_DPI_PER_DOORBELL that one page takes
 * the CQ_ARMENA of every completion ring: each ring has its own 8-byte
 * word of it, the word of its CREATE_CQ handle modulo this many, and no
 * two live rings share one.  A real function takes them all at offset 0.
 */
#define RIG_TRANSPORT_ARMENA_WORDS	512
/*
 * With RIG_TRANSPORT_CAP_KICK: the status page's rq_wake says when a
 * receive needs a kick (RIG_BNXT_QUERY_RQ_WAKE).
 */
#define RIG_TRANSPORT_CAP_RQ_WAKE	BIT(2)

struct rig_transport;

/**
 * struct rig_transport_upcalls - what lies below calls in the driver
 * @stop: the function stops, and the driver with it: it takes its NIC
 *	  from every file and may send nothing until @restart.  @fatal:
 *	  the firmware is gone with every object (a fatal error, a PCI
 *	  error): nothing is sent and everything is freed.  Otherwise the
 *	  firmware lives on (a reload, suspend, a reset it is told of, the
 *	  machine going down): the driver takes every object down in order,
 *	  telling the firmware, as at removal.
 * @restart: the function is back (empty: no firmware object survives)
 * @irq_stop: the vectors are about to be freed (and maybe renumbered):
 *	      the driver masks every ring that raises one and stops their
 *	      bottom halves
 * @irq_restart: the vectors are requested again: the driver re-arms its
 *		 rings and takes what came meanwhile
 * @netdev_changed: the network interface the function sits on changed
 *		    (the model's function was attached to one or detached):
 *		    the driver asks @netdev again and re-reads its addresses.
 *		    Called with no lock of the transport's held.
 *
 * All run in process context and may sleep.  The driver finds itself
 * with auxiliary_get_drvdata() of the transport's device.  Removal is the
 * auxiliary driver's .remove.
 */
struct rig_transport_upcalls {
	void (*stop)(struct rig_transport *t, bool fatal);
	void (*restart)(struct rig_transport *t);
	void (*irq_stop)(struct rig_transport *t);
	void (*irq_restart)(struct rig_transport *t);
	void (*netdev_changed)(struct rig_transport *t);
};

/**
 * struct rig_transport_ops - what the driver asks of what lies below
 * @hwrm: send the HWRM request @req (@req_len bytes, in bnxt_hsi.h's
 *	  layout, its header's req_type set; the transport fills seq_id,
 *	  cmpl_ring, target_id and resp_addr) and copy up to @resp_len bytes
 *	  of the answer into @resp.  0 when the firmware answered with
 *	  error_code 0; -EIO (the answer, with its error_code, is still
 *	  copied) when it refused; -ETIMEDOUT after @timeout_ms with no
 *	  answer; -EBUSY while the function is being reset (not a refusal).
 *	  May sleep.
 * @request_irq: have @handler(@data) called, in any context that may not
 *		 sleep, whenever vector @vec (0..@nvec-1) is raised
 * @free_irq: undo @request_irq; once it returns @handler runs no more
 * @kick: the function's doorbells are memory it polls
 *	  (RIG_TRANSPORT_CAP_KICK): it said it sleeps, wake it (a process's
 *	  RIG_BNXT_KICK: the function's work may run in the caller)
 * @wake: RIG_TRANSPORT_CAP_KICK only: a command was posted while the
 *	  function said it sleeps: wake it.  Its work never runs in the
 *	  caller, as firmware uses none of the host task's memory (a fault
 *	  injected into the caller's allocations stays the caller's)
 * @register_upcalls: have @up called; NULL undoes it (once it returns,
 *		      no upcall runs)
 * @mtu: the Ethernet MTU of the function's interface now (bnxt_en's
 *	 netdev), which bounds every queue pair's path MTU
 * @netdev: the network interface the function sits on now (bnxt_en's
 *	    netdev; the interface the model's function is attached to), held
 *	    with @tracker for the caller, who drops it with netdev_put();
 *	    NULL when there is none (a model's function on no interface
 *	    reaches only the functions of its own machine).  May sleep.
 */
struct rig_transport_ops {
	int (*hwrm)(struct rig_transport *t, const void *req, u32 req_len,
		    void *resp, u32 resp_len, unsigned int timeout_ms);
	int (*request_irq)(struct rig_transport *t, unsigned int vec,
			   irq_handler_t handler, const char *name, void *data);
	void (*free_irq)(struct rig_transport *t, unsigned int vec, void *data);
	void (*kick)(struct rig_transport *t);
	void (*wake)(struct rig_transport *t);
	void (*register_upcalls)(struct rig_transport *t,
				 const struct rig_transport_upcalls *up);
	u32 (*mtu)(struct rig_transport *t);
	struct net_device *(*netdev)(struct rig_transport *t, netdevice_tracker *tracker);
};

/**
 * struct rig_transport - a NetXtreme function as the RoCE driver sees it
 * @ops: how to reach it
 * @pdev: the PCI function: the DMA API maps memory for it, its IOMMU
 *	  group says whether DMA is translated, its PCIe Device Control
 *	  holds Relaxed Ordering
 * @bar0: BAR 0 mapped uncached: the RoCE firmware's mailbox at 0x600
 *	  (struct cmdq_init), its producer at 0x60c, its trigger at 0x700
 * @db_phys: physical address of the doorbell BAR
 * @db_len: its length; DPI pages are the 4 KiB pages from @db_dpi_start
 * @db_dpi_start: the first byte of the doorbell BAR that RoCE may hand out
 *		  as DPI pages (what lies below is L2's, bnxt_en's
 *		  l2_db_size)
 * @status_phys: RIG_TRANSPORT_CAP_KICK: a page of struct
 *		 rig_bnxt_status (uapi) the function keeps, which the
 *		 driver maps read-only into processes; else 0
 * @nvec: how many of @vectors were set aside
 * @vectors: the vectors' rings and doorbells
 * @caps: RIG_TRANSPORT_CAP_*
 * @chip_num: the chip (0x1750 for a BCM57508)
 * @stats_size: bytes of the statistics block the firmware writes into a
 *		statistics context's memory (bnxt_en's hw_ring_stats_size)
 * @vf: the function is a virtual function (a PF gives its VFs RoCE
 *	resources at INITIALIZE_FW)
 * @kind: RIG_BNXT_KIND_SOFT (the model) or RIG_BNXT_KIND_PCI (bnxt_en)
 */
struct rig_transport {
	const struct rig_transport_ops *ops;
	struct pci_dev *pdev;
	void __iomem *bar0;
	phys_addr_t db_phys;
	resource_size_t db_len;
	resource_size_t db_dpi_start;
	phys_addr_t status_phys;
	unsigned int nvec;
	struct rig_transport_vector vectors[RIG_TRANSPORT_MAX_VECTORS];
	u32 caps;
	u16 chip_num;
	u16 stats_size;
	bool vf;
	enum rig_bnxt_kind kind;
};

/**
 * struct rig_transport_adev - a transport's auxiliary device
 * @adev: what rig_bnxt's auxiliary driver binds ("rig_soft.rdma",
 *	  "rig_bnxt_en.rdma")
 * @transport: the function behind it
 */
struct rig_transport_adev {
	struct auxiliary_device adev;
	struct rig_transport transport;
};

static inline struct rig_transport_adev *
to_rig_transport_adev(struct auxiliary_device *adev)
{
	return container_of(adev, struct rig_transport_adev, adev);
}

#endif /* RIG_BNXT_TRANSPORT_H */
