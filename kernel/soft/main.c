// SPDX-License-Identifier: GPL-2.0-only
/*
 * rig_soft.ko: the model of a Broadcom NetXtreme-E P5 function with its
 * RoCE firmware, on a stand-in PCI function QEMU provides (ivshmem-plain,
 * 1af4:1110; or, where a test needs PCI Express, QEMU's NVMe controller,
 * 1b36:0010, whose controller memory buffer is a plain BAR 2), taken only
 * through driver_override = "rig_soft".
 *
 * This file owns the PCI driver, BAR 2 (mapped uncached; laid out as the
 * function's "BAR 0" window, status page and doorbell BAR, see
 * Documentation/architecture.rst), the auxiliary device "rig_soft.rdma.N"
 * with its struct rig_transport, the transport's operations (HWRM,
 * vectors, kick, MTU, interface, upcalls) and the module's init and exit.
 * The interface itself is net.c's.  It does not
 * touch PCIe Device Control (Relaxed Ordering is the driver's; a PCI
 * Express stand-in's register is pcie.c's).
 */
#include <linux/auxiliary_bus.h>
#include <linux/delay.h>
#include <linux/idr.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/pci.h>

#include "dev.h"

#define RIG_SOFT_VENDOR		PCI_VENDOR_ID_REDHAT_QUMRANET	/* 0x1af4 */
#define RIG_SOFT_DEVICE		0x1110				/* ivshmem */
#define RIG_SOFT_PCIE_VENDOR	PCI_VENDOR_ID_REDHAT		/* 0x1b36 */
#define RIG_SOFT_PCIE_DEVICE	0x0010				/* QEMU NVMe */
#define RIG_SOFT_BAR		2
/* What the model clears at probe: the mailbox window and the L2 doorbells. */
#define RIG_SOFT_CLEAR		(RIG_SOFT_DB_BAR + RIG_SOFT_L2_DB_SIZE)

static DEFINE_IDA(rig_soft_ida);

static struct rig_soft_dev *rig_soft_dev_of_t(struct rig_transport *t)
{
	return container_of(t, struct rig_soft_dev, tadev.transport);
}

/*
 * Raising a vector calls its handler, bottom halves disabled; while the
 * vectors are freed (debugfs "irqs"), the raise is lost, and counted: a
 * driver masks its rings first.
 */
static void rig_soft_raise(struct rig_soft_fn *fn, unsigned int vec)
{
	struct rig_soft_dev *sd = rig_soft_dev_of(fn);

	spin_lock_bh(&sd->irq_lock);
	if (sd->irqs_off)
		fn->stats.raises_off++;
	else if (sd->vec[vec].handler)
		sd->vec[vec].handler(vec, sd->vec[vec].data);
	spin_unlock_bh(&sd->irq_lock);
}

static const struct rig_soft_fn_ops rig_soft_fn_ops = {
	.raise = rig_soft_raise,
	.xmit = rig_soft_net_xmit,
	.rx = rig_soft_net_rx,
};

static int rig_soft_op_hwrm(struct rig_transport *t, const void *req, u32 req_len,
			    void *resp, u32 resp_len, unsigned int timeout_ms)
{
	struct rig_soft_dev *sd = rig_soft_dev_of_t(t);

	/* A firmware that never answers (debugfs "hang"). */
	if (READ_ONCE(sd->fn.faults.hang)) {
		msleep_interruptible(timeout_ms);
		return -ETIMEDOUT;
	}
	guard(mutex)(&sd->fn.world->lock);
	return rig_soft_hwrm(&sd->fn, req, req_len, resp, resp_len);
}

static int rig_soft_op_request_irq(struct rig_transport *t, unsigned int vec,
				   irq_handler_t handler, const char *name, void *data)
{
	struct rig_soft_dev *sd = rig_soft_dev_of_t(t);

	if (vec >= RIG_SOFT_NVEC || !handler)
		return -EINVAL;
	guard(spinlock_bh)(&sd->irq_lock);
	if (sd->vec[vec].handler)
		return -EBUSY;
	sd->vec[vec] = (struct rig_soft_vec){ handler, data };
	return 0;
}

static void rig_soft_op_free_irq(struct rig_transport *t, unsigned int vec, void *data)
{
	struct rig_soft_dev *sd = rig_soft_dev_of_t(t);

	if (vec >= RIG_SOFT_NVEC)
		return;
	/* Once the lock is ours, the handler runs no more. */
	guard(spinlock_bh)(&sd->irq_lock);
	if (sd->vec[vec].data == data)
		sd->vec[vec] = (struct rig_soft_vec){};
}

/* The interface's MTU (debugfs "mtu"); read with no lock, as a netdev's. */
static u32 rig_soft_op_mtu(struct rig_transport *t)
{
	return READ_ONCE(rig_soft_dev_of_t(t)->fn.mtu);
}

/* The interface the function is attached to (sysfs "netdev"), or NULL. */
static struct net_device *rig_soft_op_netdev(struct rig_transport *t,
					     netdevice_tracker *tracker)
{
	return rig_soft_net_get(rig_soft_dev_of_t(t), tracker);
}

static void rig_soft_op_kick(struct rig_transport *t)
{
	rig_soft_engine_kick(&rig_soft_dev_of_t(t)->fn);
}

/* A command waits in the mailbox: wake the engine, never run it here. */
static void rig_soft_op_wake(struct rig_transport *t)
{
	atomic64_inc(&rig_soft_dev_of_t(t)->fn.cmd_wakes);
	rig_soft_engine_wake();
}

static void rig_soft_op_register_upcalls(struct rig_transport *t,
					 const struct rig_transport_upcalls *up)
{
	struct rig_soft_dev *sd = rig_soft_dev_of_t(t);

	/* Waits for an upcall that runs. */
	guard(mutex)(&sd->up_lock);
	sd->up = up;
}

static const struct rig_transport_ops rig_soft_transport_ops = {
	.hwrm = rig_soft_op_hwrm,
	.request_irq = rig_soft_op_request_irq,
	.free_irq = rig_soft_op_free_irq,
	.kick = rig_soft_op_kick,
	.wake = rig_soft_op_wake,
	.mtu = rig_soft_op_mtu,
	.netdev = rig_soft_op_netdev,
	.register_upcalls = rig_soft_op_register_upcalls,
};

/**
 * rig_soft_dev_netdev_changed() - tell the driver the interface changed
 * @sd: the function, attached or detached since the driver last asked;
 *	no lock of the model's and not the RTNL held
 */
void rig_soft_dev_netdev_changed(struct rig_soft_dev *sd)
{
	guard(mutex)(&sd->up_lock);
	if (sd->up && sd->up->netdev_changed)
		sd->up->netdev_changed(&sd->tadev.transport);
}

/**
 * rig_soft_dev_stop() - the function stops, its firmware gone: a fatal stop
 * @sd: the function
 *
 * Every object is gone first; then the driver's stop upcall runs, told
 * the firmware is gone.  Until rig_soft_dev_restart(), HWRM answers
 * -EBUSY and nothing is served.
 *
 * Return: 0, or -EALREADY.
 */
int rig_soft_dev_stop(struct rig_soft_dev *sd)
{
	guard(mutex)(&sd->up_lock);
	scoped_guard(mutex, &sd->fn.world->lock) {
		if (sd->fn.stopped)
			return -EALREADY;
		rig_soft_fn_reset(&sd->fn);
		sd->fn.stopped = true;
	}
	if (sd->up)
		sd->up->stop(&sd->tadev.transport, true);
	return 0;
}

/* What a driver told of a stop should have freed: objects, rings, contexts. */
static u32 rig_soft_fn_held(struct rig_soft_fn *fn)
{
	u32 i, held = fn->nqps + fn->ncqs + fn->nmrs + fn->fw_up +
		      bitmap_weight(fn->stat_ctxs, RIG_SOFT_MAX_STAT_CTX);

	rig_soft_assert_held(fn);
	for (i = 0; i < RIG_SOFT_NVEC; i++)
		held += fn->rings[i].live;
	return held;
}

/**
 * rig_soft_dev_suspend() - the function stops, its firmware alive
 * @sd: the function
 *
 * As bnxt_en stops a function for a reload, a suspend or a reset it
 * announces: the driver's stop upcall runs first, told the firmware
 * lives, and the firmware answers it while it takes everything down.
 * Whatever it left (objects, rings, statistics contexts whose memory the
 * function would go on writing) is counted (stop_leftovers) and logged;
 * then the function resets, as rig_soft_dev_stop() leaves it.
 *
 * Return: 0, or -EALREADY.
 */
int rig_soft_dev_suspend(struct rig_soft_dev *sd)
{
	u32 held;

	guard(mutex)(&sd->up_lock);
	scoped_guard(mutex, &sd->fn.world->lock)
		if (sd->fn.stopped)
			return -EALREADY;
	if (sd->up)
		sd->up->stop(&sd->tadev.transport, false);
	guard(mutex)(&sd->fn.world->lock);
	held = rig_soft_fn_held(&sd->fn);
	if (held)
		dev_err(&sd->pdev->dev, "the driver, told of a stop, left %u objects, rings or contexts with the firmware\n",
			held);
	sd->fn.stats.stop_leftovers += held;
	rig_soft_fn_reset(&sd->fn);
	sd->fn.stopped = true;
	return 0;
}

/**
 * rig_soft_dev_irqs() - free or give back the function's vectors
 * @sd: the function
 * @on: false: the driver's irq_stop upcall runs, then the vectors are
 *	freed (a raise is lost, and counted); true: they are back, then the
 *	driver's irq_restart upcall runs.  As bnxt_en does around a change
 *	of its own vectors (ulp_irq_stop, ulp_irq_restart).
 *
 * Return: 0, or -EALREADY.
 */
int rig_soft_dev_irqs(struct rig_soft_dev *sd, bool on)
{
	guard(mutex)(&sd->up_lock);
	if (sd->irqs_off == !on)
		return -EALREADY;
	if (!on && sd->up)
		sd->up->irq_stop(&sd->tadev.transport);
	scoped_guard(spinlock_bh, &sd->irq_lock)
		WRITE_ONCE(sd->irqs_off, !on);
	if (on && sd->up)
		sd->up->irq_restart(&sd->tadev.transport);
	return 0;
}

/**
 * rig_soft_dev_restart() - the function is back, empty
 * @sd: a stopped function
 *
 * Then the driver's restart upcall runs.
 *
 * Return: 0, or -EALREADY.
 */
int rig_soft_dev_restart(struct rig_soft_dev *sd)
{
	guard(mutex)(&sd->up_lock);
	scoped_guard(mutex, &sd->fn.world->lock) {
		if (!sd->fn.stopped)
			return -EALREADY;
		sd->fn.stopped = false;
	}
	if (sd->up)
		sd->up->restart(&sd->tadev.transport);
	return 0;
}

static void rig_soft_adev_release(struct device *dev)
{
	struct auxiliary_device *adev = to_auxiliary_dev(dev);

	kfree(container_of(adev, struct rig_soft_dev, tadev.adev));
}

static void rig_soft_transport_fill(struct rig_soft_dev *sd)
{
	struct rig_transport *t = &sd->tadev.transport;
	resource_size_t start = pci_resource_start(sd->pdev, RIG_SOFT_BAR);
	unsigned int i;

	t->ops = &rig_soft_transport_ops;
	t->pdev = sd->pdev;
	t->bar0 = sd->bar;
	t->db_phys = start + RIG_SOFT_DB_BAR;
	t->db_len = sd->bar_len - RIG_SOFT_DB_BAR;
	t->db_dpi_start = RIG_SOFT_L2_DB_SIZE;
	t->status_phys = start + RIG_SOFT_STATUS;
	t->nvec = RIG_SOFT_NVEC;
	for (i = 0; i < RIG_SOFT_NVEC; i++)
		t->vectors[i] = (struct rig_transport_vector){
			.ring_idx = i,
			.db_offset = i * RIG_SOFT_VEC_DB_STRIDE,
		};
	t->caps = RIG_TRANSPORT_CAP_KICK | RIG_TRANSPORT_CAP_DPI_PER_DOORBELL |
		  RIG_TRANSPORT_CAP_RQ_WAKE;
	t->chip_num = RIG_SOFT_CHIP_NUM;
	t->stats_size = RIG_SOFT_STATS_SIZE;
	t->kind = RIG_BNXT_KIND_SOFT;
}

/* The PCI function, mapped and enabled; its BAR's mailbox and doorbells cleared. */
static int rig_soft_pci_up(struct rig_soft_dev *sd)
{
	struct pci_dev *pdev = sd->pdev;
	int ret;

	ret = pci_enable_device_mem(pdev);
	if (ret)
		return ret;
	ret = pci_request_region(pdev, RIG_SOFT_BAR, KBUILD_MODNAME);
	if (ret)
		goto err_disable;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		goto err_release;
	pci_set_master(pdev);
	sd->bar = pci_iomap(pdev, RIG_SOFT_BAR, 0);
	if (!sd->bar) {
		ret = -ENOMEM;
		goto err_release;
	}
	memset_io(sd->bar, 0, RIG_SOFT_CLEAR);
	return 0;

err_release:
	pci_release_region(pdev, RIG_SOFT_BAR);
err_disable:
	pci_disable_device(pdev);
	return ret;
}

static void rig_soft_pci_down(struct rig_soft_dev *sd)
{
	pci_iounmap(sd->pdev, sd->bar);
	pci_release_region(sd->pdev, RIG_SOFT_BAR);
	pci_disable_device(sd->pdev);
}

/* The modelled function on @sd's PCI function, not yet served. */
static int rig_soft_fn_up(struct rig_soft_dev *sd)
{
	struct pci_dev *pdev = sd->pdev;
	int ret;

	rig_soft_dma_init(&sd->dma, &pdev->dev);
	ret = rig_soft_fn_init(&sd->fn, rig_soft_engine_world(), &rig_soft_fn_ops, sd->bar,
			       &sd->dma.mem, &pdev->dev, sd->bar_len);
	if (ret)
		return ret;
	sd->fn.pci_id = PCI_DEVID(pdev->bus->number, pdev->devfn);
	/* A locally administered MAC that names the function: 02:72:69:67:bus:devfn. */
	sd->fn.mac[0] = 0x02;
	sd->fn.mac[1] = 'r';
	sd->fn.mac[2] = 'i';
	sd->fn.mac[3] = 'g';
	sd->fn.mac[4] = pdev->bus->number;
	sd->fn.mac[5] = pdev->devfn;
	return 0;
}

static int rig_soft_adev_up(struct rig_soft_dev *sd)
{
	struct auxiliary_device *adev = &sd->tadev.adev;

	adev->name = RIG_TRANSPORT_ADEV_NAME;
	adev->id = sd->id;
	adev->dev.parent = &sd->pdev->dev;
	adev->dev.release = rig_soft_adev_release;
	adev->dev.groups = rig_soft_net_groups;
	return auxiliary_device_init(adev);
}

/*
 * ivshmem is conventional PCI wherever it sits; QEMU's NVMe controller is
 * PCI Express, so that the driver's Device Control work is tested too.
 * Its NVMe registers (BAR 0) are never touched; its Device Control is
 * pcie.c's.
 */
static bool rig_soft_stand_in(const struct pci_dev *pdev)
{
	return (pdev->vendor == RIG_SOFT_VENDOR && pdev->device == RIG_SOFT_DEVICE) ||
	       (pdev->vendor == RIG_SOFT_PCIE_VENDOR && pdev->device == RIG_SOFT_PCIE_DEVICE);
}

static int rig_soft_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	resource_size_t len = pci_resource_len(pdev, RIG_SOFT_BAR);
	struct rig_soft_dev *sd;
	int ret;

	if (!rig_soft_stand_in(pdev))
		return -ENODEV;
	if (!(pci_resource_flags(pdev, RIG_SOFT_BAR) & IORESOURCE_MEM) ||
	    len < RIG_SOFT_BAR_MIN || len > U32_MAX) {
		pci_err(pdev, "rig_soft: BAR 2 of %pa bytes: a stand-in function needs 32 MiB to 4 GiB\n",
			&len);
		return -ENODEV;
	}
	sd = kzalloc(sizeof(*sd), GFP_KERNEL);
	if (!sd)
		return -ENOMEM;
	sd->pdev = pdev;
	sd->bar_len = len;
	spin_lock_init(&sd->irq_lock);
	mutex_init(&sd->up_lock);
	rig_soft_net_init(sd);
	sd->id = ida_alloc(&rig_soft_ida, GFP_KERNEL);
	if (sd->id < 0) {
		ret = sd->id;
		goto err_free;
	}
	ret = rig_soft_pci_up(sd);
	if (ret)
		goto err_ida;
	sd->pcie = rig_soft_pcie_wrap(pdev);
	ret = rig_soft_fn_up(sd);
	if (ret)
		goto err_pci;
	rig_soft_transport_fill(sd);
	ret = rig_soft_adev_up(sd);
	if (ret)
		goto err_fn;
	pci_set_drvdata(pdev, sd);
	rig_soft_debugfs_add(sd);
	rig_soft_engine_add(&sd->fn);
	ret = auxiliary_device_add(&sd->tadev.adev);
	if (ret)
		goto err_engine;
	pci_info(pdev, "rig_soft: a modelled NetXtreme function, %s.%s.%d\n",
		 KBUILD_MODNAME, RIG_TRANSPORT_ADEV_NAME, sd->id);
	return 0;

err_engine:
	rig_soft_engine_remove(&sd->fn);
	rig_soft_debugfs_remove(sd);
	rig_soft_fn_exit(&sd->fn);
	rig_soft_dma_exit(&sd->dma);
	rig_soft_pcie_unwrap(sd->pcie, pdev);
	rig_soft_pci_down(sd);
	ida_free(&rig_soft_ida, sd->id);
	auxiliary_device_uninit(&sd->tadev.adev);	/* frees sd */
	return ret;
err_fn:
	rig_soft_fn_exit(&sd->fn);
	rig_soft_dma_exit(&sd->dma);
err_pci:
	rig_soft_pcie_unwrap(sd->pcie, pdev);
	rig_soft_pci_down(sd);
err_ida:
	ida_free(&rig_soft_ida, sd->id);
err_free:
	kfree(sd);
	return ret;
}

/*
 * The auxiliary device goes first: the driver unbinds and frees every
 * object, the engine still serving the function; then the function is
 * taken from the engine, which touches it no more.
 */
static void rig_soft_remove(struct pci_dev *pdev)
{
	struct rig_soft_dev *sd = pci_get_drvdata(pdev);
	int id = sd->id;

	auxiliary_device_delete(&sd->tadev.adev);
	rig_soft_net_exit(sd);
	rig_soft_debugfs_remove(sd);
	rig_soft_engine_remove(&sd->fn);
	rig_soft_fn_exit(&sd->fn);
	rig_soft_dma_exit(&sd->dma);
	rig_soft_pcie_unwrap(sd->pcie, pdev);
	rig_soft_pci_down(sd);
	auxiliary_device_uninit(&sd->tadev.adev);	/* may free sd */
	ida_free(&rig_soft_ida, id);
}

/*
 * No ID table: like vfio-pci's override-only entries, the driver takes a
 * function only when its driver_override says "rig_soft" (the PCI core
 * then matches any device; probe takes only the two stand-ins).
 */
static struct pci_driver rig_soft_pci_driver = {
	.name = KBUILD_MODNAME,
	.probe = rig_soft_probe,
	.remove = rig_soft_remove,
};

static int __init rig_soft_init(void)
{
	int ret;

	rig_soft_debugfs_init();
	ret = rig_soft_dma_register();
	if (ret)
		goto err_debugfs;
	/* The engine's passes flush the transmit queue: it is set up first. */
	ret = rig_soft_net_register();
	if (ret)
		goto err_dma;
	ret = rig_soft_engine_start();
	if (ret)
		goto err_net;
	ret = pci_register_driver(&rig_soft_pci_driver);
	if (ret)
		goto err_engine;
	return 0;

err_engine:
	rig_soft_engine_stop();
err_net:
	rig_soft_net_unregister();
err_dma:
	rig_soft_dma_unregister();
err_debugfs:
	rig_soft_debugfs_exit();
	return ret;
}

static void __exit rig_soft_exit(void)
{
	pci_unregister_driver(&rig_soft_pci_driver);
	rig_soft_engine_stop();
	rig_soft_net_unregister();
	rig_soft_dma_unregister();
	rig_soft_debugfs_exit();
	ida_destroy(&rig_soft_ida);
}

module_init(rig_soft_init);
module_exit(rig_soft_exit);

MODULE_DESCRIPTION("rig: a model of a Broadcom NetXtreme-E RoCE function");
MODULE_LICENSE("GPL");
