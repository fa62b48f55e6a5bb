// SPDX-License-Identifier: GPL-2.0-only
/*
 * The bnxt_en transport: real NetXtreme-E functions beneath rig_bnxt.
 * An auxiliary driver for bnxt_en's "bnxt_en.rdma" devices (the RoCE side
 * of a function whose Ethernet bnxt_en keeps), which registers with
 * bnxt_en as its RDMA driver, the way bnxt_re does, and presents the
 * function to rig_bnxt as a "rig_bnxt_en.rdma.N" auxiliary device that
 * carries a struct rig_transport.
 *
 * This file owns the registration with bnxt_en, HWRM through
 * bnxt_send_msg(), the MSI-X vectors bnxt_en set aside (requested for the
 * driver, freed when bnxt_en stops its IRQs and requested again, maybe
 * renumbered, when it restarts them) and the mapping of bnxt_en's
 * .suspend/.resume (its firmware resets, PCI errors, power management)
 * to the driver's stop and restart.  It knows nothing of RoCE: that is
 * rig_bnxt's.  It is a module of its own because bnxt_en exports its
 * interface without _GPL, which symbol_get() refuses: only this module
 * imports bnxt_en's symbols, so rig_bnxt and the model load without it.
 */
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "../bnxt/transport.h"
#include "../bnxt/fw_hsi.h"
#include "en.h"

/* The doorbell BAR, and where RoCE's pages start in it on P5 (bnxt_re's DBR offsets). */
#define RIG_EN_DB_BAR		2
#define RIG_EN_DB_PF_OFFSET	0x10000
#define RIG_EN_DB_VF_OFFSET	0x4000

/* The CREQ's vector and at least one notification queue's. */
#define RIG_EN_MIN_VECTORS	2

/**
 * struct rig_en_irq - a vector set aside for RoCE, and what the driver asked of it
 * @irq: its Linux IRQ number, as bnxt_en last gave it: at probe and
 *	 resume from rig_en_dev.msix_entries, at ulp_irq_restart from the
 *	 entries bnxt_en passes (it does not update msix_entries then)
 * @handler: its handler, NULL when not asked for
 * @data: its argument
 * @name: its name in /proc/interrupts
 * @on: requested from the IRQ core now (false between bnxt_en's
 *	ulp_irq_stop and ulp_irq_restart, when a vector asked for is
 *	requested only at the restart)
 */
struct rig_en_irq {
	u32 irq;
	irq_handler_t handler;
	void *data;
	char name[32];
	bool on;
};

/**
 * struct rig_en - one bnxt_en function, as a transport
 * @tadev: the auxiliary device rig_bnxt binds; its release frees this
 * @parent: bnxt_en's "bnxt_en.rdma" device
 * @edev: bnxt_en's description of the function; bnxt_en's, valid until
 *	  this driver's .remove returns
 * @irq_lock: protects @irqs, @irqs_stopped and @tadev.transport.vectors
 * @irqs: the vectors, by index (0: the CREQ's)
 * @irqs_stopped: between bnxt_en's ulp_irq_stop and ulp_irq_restart: the
 *		  vectors may not be requested
 * @up_lock: protects @up, and is held while it is called
 * @up: rig_bnxt's upcalls, NULL while none is registered
 */
struct rig_en {
	struct rig_transport_adev tadev;
	struct auxiliary_device *parent;
	struct rig_en_dev *edev;
	struct mutex irq_lock;		/* @irqs, @irqs_stopped, @tadev.transport.vectors */
	struct rig_en_irq irqs[RIG_TRANSPORT_MAX_VECTORS];
	bool irqs_stopped;
	struct mutex up_lock;		/* @up, and calls of @up */
	const struct rig_transport_upcalls *up;
};

static struct rig_en *to_rig_en(struct rig_transport *t)
{
	return container_of(t, struct rig_en, tadev.transport);
}

static struct device *rig_en_dev(struct rig_en *en)
{
	return &en->parent->dev;
}

/* The answer, when there is one, is copied whatever bnxt_send_msg() returns. */
static int rig_en_hwrm(struct rig_transport *t, const void *req, u32 req_len,
		       void *resp, u32 resp_len, unsigned int timeout_ms)
{
	struct rig_en *en = to_rig_en(t);
	struct rig_en_fw_msg msg = {
		.msg = (void *)req,
		.msg_len = req_len,
		.resp = resp,
		.resp_max_len = resp_len,
		.timeout = timeout_ms,
	};
	const struct rig_output *out = resp;
	int ret;

	if (resp_len < sizeof(*out))
		return -EINVAL;
	ret = bnxt_send_msg(en->edev, &msg);
	return rig_en_hwrm_result(ret, le16_to_cpu(out->error_code));
}

static int rig_en_request_irq(struct rig_transport *t, unsigned int vec,
			      irq_handler_t handler, const char *name, void *data)
{
	struct rig_en *en = to_rig_en(t);
	struct rig_en_irq *irq;
	int ret;

	if (vec >= t->nvec)
		return -EINVAL;
	irq = &en->irqs[vec];
	guard(mutex)(&en->irq_lock);
	if (irq->handler)
		return -EBUSY;
	snprintf(irq->name, sizeof(irq->name), "%s@%s", name, pci_name(t->pdev));
	/* bnxt_en is changing its vectors: this one is requested at the restart. */
	if (!en->irqs_stopped) {
		ret = request_irq(irq->irq, handler, 0, irq->name, data);
		if (ret)
			return ret;
		irq->on = true;
	}
	irq->handler = handler;
	irq->data = data;
	return 0;
}

static void rig_en_free_irq(struct rig_transport *t, unsigned int vec, void *data)
{
	struct rig_en *en = to_rig_en(t);
	struct rig_en_irq *irq;

	if (WARN_ON_ONCE(vec >= t->nvec))
		return;
	irq = &en->irqs[vec];
	guard(mutex)(&en->irq_lock);
	if (WARN_ON_ONCE(irq->data != data))
		return;
	if (irq->on)
		free_irq(irq->irq, data);
	*irq = (struct rig_en_irq){ .irq = irq->irq };
}

/* The netdev's MTU, as bnxt_re reads it at each modify (iboe_get_mtu()). */
static u32 rig_en_mtu(struct rig_transport *t)
{
	return READ_ONCE(to_rig_en(t)->edev->net->mtu);
}

/* bnxt_en's netdev: the interface whose addresses are the function's GIDs. */
static struct net_device *rig_en_netdev(struct rig_transport *t, netdevice_tracker *tracker)
{
	struct net_device *net = to_rig_en(t)->edev->net;

	netdev_hold(net, tracker, GFP_KERNEL);
	return net;
}

/* A real function sees every doorbell write: there is nothing to wake. */
static void rig_en_kick(struct rig_transport *t)
{
}

static void rig_en_register_upcalls(struct rig_transport *t,
				    const struct rig_transport_upcalls *up)
{
	struct rig_en *en = to_rig_en(t);

	guard(mutex)(&en->up_lock);
	en->up = up;
}

static const struct rig_transport_ops rig_en_transport_ops = {
	.hwrm = rig_en_hwrm,
	.request_irq = rig_en_request_irq,
	.free_irq = rig_en_free_irq,
	.kick = rig_en_kick,
	.register_upcalls = rig_en_register_upcalls,
	.mtu = rig_en_mtu,
	.netdev = rig_en_netdev,
};

/* The vectors' IRQs, rings and doorbells, from entries bnxt_en (re)filled. */
static void rig_en_vectors(struct rig_en *en, const struct rig_en_msix_entry *ent)
{
	struct rig_transport *t = &en->tadev.transport;
	unsigned int i;

	lockdep_assert_held(&en->irq_lock);
	for (i = 0; i < t->nvec; i++) {
		en->irqs[i].irq = ent[i].vector;
		t->vectors[i] = (struct rig_transport_vector){
			.ring_idx = ent[i].ring_idx,
			.db_offset = ent[i].db_offset,
		};
	}
}

/*
 * bnxt_en frees its vectors (a ring change, a reset): rig_bnxt masks its
 * rings (as bnxt_re's ulp_irq_stop does), then ours are freed.
 */
static void rig_en_ulp_irq_stop(void *handle)
{
	struct rig_en *en = handle;
	unsigned int i;

	scoped_guard(mutex, &en->up_lock)
		if (en->up)
			en->up->irq_stop(&en->tadev.transport);
	guard(mutex)(&en->irq_lock);
	en->irqs_stopped = true;
	for (i = 0; i < en->tadev.transport.nvec; i++) {
		struct rig_en_irq *irq = &en->irqs[i];

		if (irq->on)
			free_irq(irq->irq, irq->data);
		irq->on = false;
	}
}

/* Request again what was asked for, on the vectors as bnxt_en gives them now. */
static void rig_en_irqs_request(struct rig_en *en)
{
	unsigned int i;

	guard(mutex)(&en->irq_lock);
	en->irqs_stopped = false;
	for (i = 0; i < en->tadev.transport.nvec; i++) {
		struct rig_en_irq *irq = &en->irqs[i];

		if (!irq->handler || irq->on)
			continue;
		if (request_irq(irq->irq, irq->handler, 0, irq->name, irq->data))
			dev_err(rig_en_dev(en), "vector %u (IRQ %u) could not be requested again: its events are lost\n",
				i, irq->irq);
		else
			irq->on = true;
	}
}

/*
 * The vectors are back, maybe renumbered: request them again, then
 * rig_bnxt re-arms its rings and takes what came meanwhile.
 */
static void rig_en_ulp_irq_restart(void *handle, struct rig_en_msix_entry *ent)
{
	struct rig_en *en = handle;

	if (!ent) {
		dev_err(rig_en_dev(en), "bnxt_en could not set up its vectors again: the NIC raises no more events\n");
		return;
	}
	scoped_guard(mutex, &en->irq_lock)
		rig_en_vectors(en, ent);
	rig_en_irqs_request(en);
	guard(mutex)(&en->up_lock);
	if (en->up)
		en->up->irq_restart(&en->tadev.transport);
}

static struct rig_en_ulp_ops rig_en_ulp_ops = {
	.ulp_irq_stop = rig_en_ulp_irq_stop,
	.ulp_irq_restart = rig_en_ulp_irq_restart,
};

/*
 * Chips rig drives: P5, as bnxt_en's and bnxt_re's chip numbers name it
 * (BCM57508, BCM57504, BCM57502).  P7 (BCM576xx) places its DPIs
 * otherwise.
 */
static bool rig_en_chip_p5(u16 chip)
{
	return chip == 0x1750 || chip == 0x1751 || chip == 0x1752;
}

static void rig_en_transport_fill(struct rig_en *en, unsigned int nvec)
{
	struct rig_en_dev *edev = en->edev;
	struct rig_transport *t = &en->tadev.transport;

	t->ops = &rig_en_transport_ops;
	t->pdev = edev->pdev;
	t->bar0 = edev->bar0;
	t->db_phys = pci_resource_start(edev->pdev, RIG_EN_DB_BAR);
	t->db_len = pci_resource_len(edev->pdev, RIG_EN_DB_BAR);
	t->db_dpi_start = edev->flags & RIG_EN_FLAG_VF ? RIG_EN_DB_VF_OFFSET :
							 RIG_EN_DB_PF_OFFSET;
	t->status_phys = 0;
	t->nvec = nvec;
	t->caps = 0;
	t->chip_num = edev->chip_num;
	t->stats_size = edev->hw_ring_stats_size;
	t->vf = edev->flags & RIG_EN_FLAG_VF;
	t->kind = RIG_BNXT_KIND_PCI;
	scoped_guard(mutex, &en->irq_lock)
		rig_en_vectors(en, edev->msix_entries);
}

static void rig_en_release(struct device *dev)
{
	struct rig_en *en = container_of(to_auxiliary_dev(dev), struct rig_en, tadev.adev);

	mutex_destroy(&en->irq_lock);
	mutex_destroy(&en->up_lock);
	kfree(en);
}

/* The device rig_bnxt will bind, initialised: from here on its release frees @en. */
static int rig_en_adev_init(struct rig_en *en)
{
	struct auxiliary_device *adev = &en->tadev.adev;

	adev->name = RIG_TRANSPORT_ADEV_NAME;
	adev->id = en->parent->id;
	adev->dev.parent = &en->parent->dev;
	adev->dev.release = rig_en_release;
	return auxiliary_device_init(adev);
}

/* Can rig take this function?  Says why not. */
static bool rig_en_usable(struct auxiliary_device *adev, struct rig_en_dev *edev)
{
	if (!(edev->flags & (RIG_EN_FLAG_ROCEV1_CAP | RIG_EN_FLAG_ROCEV2_CAP))) {
		dev_info(&adev->dev, "bnxt_en says the function has no RoCE: not taken\n");
		return false;
	}
	if (!rig_en_chip_p5(edev->chip_num)) {
		dev_err(&adev->dev, "chip 0x%04x: rig drives P5 chips (BCM57508, BCM57504, BCM57502) only; not taken\n",
			edev->chip_num);
		return false;
	}
	return true;
}

static int rig_en_probe(struct auxiliary_device *adev, const struct auxiliary_device_id *id)
{
	struct rig_en_dev *edev = container_of(adev, struct rig_en_aux_priv, aux_dev)->edev;
	unsigned int nvec;
	struct rig_en *en;
	int ret;

	if (!rig_en_usable(adev, edev))
		return -ENODEV;
	en = kzalloc(sizeof(*en), GFP_KERNEL);
	if (!en)
		return -ENOMEM;
	en->parent = adev;
	en->edev = edev;
	mutex_init(&en->irq_lock);
	mutex_init(&en->up_lock);
	ret = rig_en_adev_init(en);
	if (ret) {
		rig_en_release(&en->tadev.adev.dev);
		return ret;
	}
	/* bnxt_en may stop the function (.suspend) as soon as we are registered. */
	auxiliary_set_drvdata(adev, en);
	ret = bnxt_register_dev(edev, &rig_en_ulp_ops, en);
	if (ret) {
		dev_err(&adev->dev, "bnxt_en refused to register rig as its RDMA driver (%pe)\n",
			ERR_PTR(ret));
		goto err_uninit;
	}
	nvec = min_t(unsigned int, edev->ulp_tbl->msix_requested, RIG_TRANSPORT_MAX_VECTORS);
	if (nvec < RIG_EN_MIN_VECTORS) {
		dev_err(&adev->dev, "bnxt_en set aside %u MSI-X vectors for RoCE; rig needs %u\n",
			nvec, RIG_EN_MIN_VECTORS);
		ret = -ENOSPC;
		goto err_unregister;
	}
	rig_en_transport_fill(en, nvec);
	ret = auxiliary_device_add(&en->tadev.adev);
	if (ret) {
		dev_err(&adev->dev, "could not add the device rig_bnxt binds (%pe)\n",
			ERR_PTR(ret));
		goto err_unregister;
	}
	dev_info(&adev->dev, "chip 0x%04x, %u MSI-X vectors: %s for rig_bnxt\n",
		 edev->chip_num, nvec, dev_name(&en->tadev.adev.dev));
	return 0;

err_unregister:
	bnxt_unregister_dev(edev);
err_uninit:
	auxiliary_device_uninit(&en->tadev.adev);	/* frees @en */
	return ret;
}

static void rig_en_remove(struct auxiliary_device *adev)
{
	struct rig_en *en = auxiliary_get_drvdata(adev);
	struct rig_en_dev *edev = en->edev;

	/* rig_bnxt lets go of the function (its .remove) before this returns. */
	auxiliary_device_delete(&en->tadev.adev);
	bnxt_unregister_dev(edev);
	auxiliary_device_uninit(&en->tadev.adev);	/* frees @en */
}

/*
 * bnxt_en's state bits (bnxt.h's BNXT_STATE_*, not in its BTF): the
 * firmware hit a fatal condition, or the PCI channel froze.  Either way
 * no command reaches it, as bnxt_re's .suspend decides.
 */
#define RIG_EN_STATE_FW_FATAL_COND		6
#define RIG_EN_STATE_PCI_CHANNEL_IO_FROZEN	8

/*
 * bnxt_en stops the function: a firmware reset, a PCI error, devlink
 * reload, suspend.  Its firmware is gone only on a fatal condition; else
 * rig_bnxt takes every object down in order, telling it.
 */
static int rig_en_suspend(struct auxiliary_device *adev, pm_message_t state)
{
	struct rig_en *en = auxiliary_get_drvdata(adev);
	unsigned long st = en->edev->en_state;
	bool fatal = test_bit(RIG_EN_STATE_FW_FATAL_COND, &st) ||
		     test_bit(RIG_EN_STATE_PCI_CHANNEL_IO_FROZEN, &st);

	dev_info(&adev->dev, "bnxt_en stops the function (state 0x%lx: %s)\n", st,
		 fatal ? "fatal" : "the firmware lives on");
	guard(mutex)(&en->up_lock);
	if (en->up)
		en->up->stop(&en->tadev.transport, fatal);
	return 0;
}

/* bnxt_en has the function back: its vectors may be new, its firmware is empty. */
static int rig_en_resume(struct auxiliary_device *adev)
{
	struct rig_en *en = auxiliary_get_drvdata(adev);

	dev_info(&adev->dev, "bnxt_en restarts the function\n");
	scoped_guard(mutex, &en->irq_lock)
		rig_en_vectors(en, en->edev->msix_entries);
	guard(mutex)(&en->up_lock);
	if (en->up)
		en->up->restart(&en->tadev.transport);
	return 0;
}

/*
 * The machine goes down: the NIC must stop reaching memory first.  As
 * bnxt_re's .shutdown, a whole teardown with the firmware told (its
 * objects destroyed, its rings freed) rather than memory simply let go
 * while bus mastering is still on.
 */
static void rig_en_shutdown(struct auxiliary_device *adev)
{
	struct rig_en *en = auxiliary_get_drvdata(adev);

	guard(mutex)(&en->up_lock);
	if (en->up)
		en->up->stop(&en->tadev.transport, false);
}

/*
 * No MODULE_DEVICE_TABLE: bnxt_re is the kernel's driver for these
 * devices and udev loads it; rig is loaded by hand where it is wanted
 * (Documentation/hardware.rst).
 */
static const struct auxiliary_device_id rig_en_ids[] = {
	{ .name = "bnxt_en.rdma" },
	{ }
};

static struct auxiliary_driver rig_en_driver = {
	.name = "rdma",
	.probe = rig_en_probe,
	.remove = rig_en_remove,
	.suspend = rig_en_suspend,
	.resume = rig_en_resume,
	.shutdown = rig_en_shutdown,
	.id_table = rig_en_ids,
};
module_auxiliary_driver(rig_en_driver);

MODULE_DESCRIPTION("rig: the bnxt_en transport beneath rig_bnxt (real NetXtreme-E functions)");
MODULE_LICENSE("GPL");
