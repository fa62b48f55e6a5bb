// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NetXtreme RoCE driver's binding: an auxiliary driver for the RoCE
 * side of a NetXtreme function, bringing it up as bnxt_re does on a P5
 * function and presenting it to the core as /dev/rig_bnxtN; and taking
 * it down on removal, or when what lies below stops it (a firmware reset)
 * and back up when it restarts, as a new device: nothing is re-created
 * behind a process's back.
 *
 * This file owns struct rig_bnxt_dev's life, the PCI function's ordering
 * (Relaxed Ordering turned off while the driver holds it, put back as it
 * was when it lets go) and IOMMU facts, and the table of operations the
 * core calls, and the module's entry points.  It binds the model's functions
 * ("rig_soft.rdma") and real ones through the bnxt_en transport
 * ("rig_bnxt_en.rdma", rig_bnxt_en.ko) with the same code.
 */
#include <linux/iommu.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "bnxt.h"

#define CREATE_TRACE_POINTS
#include "trace.h"

/* Does a translating (paging) IOMMU domain cover the function's DMA? */
static bool rig_bnxt_iommu(struct pci_dev *pdev)
{
	struct iommu_domain *domain = iommu_get_domain_for_dev(&pdev->dev);

	return domain && (domain->type & __IOMMU_DOMAIN_PAGING);
}

#define RIG_BNXT_DEVCTL_ORDER	(PCI_EXP_DEVCTL_RELAX_EN | PCI_EXP_DEVCTL_NOSNOOP_EN)

/*
 * The NIC must write a region in entry order and land a receive's bytes
 * before its completion: turn Relaxed Ordering (and No Snoop) off for
 * every TLP the function originates.  What was there is kept, the first
 * time, for rig_bnxt_restore_ordering().
 */
static void rig_bnxt_strict_ordering(struct rig_bnxt_dev *bnxt)
{
	struct pci_dev *pdev = bnxt->t->pdev;
	u16 ctl;

	if (!pci_is_pcie(pdev)) {
		dev_info(bnxt->dev, "not a PCI Express function: no Relaxed Ordering to turn off\n");
		return;
	}
	if (!bnxt->devctl_saved &&
	    !pcie_capability_read_word(pdev, PCI_EXP_DEVCTL, &ctl)) {
		bnxt->devctl_ro = ctl & RIG_BNXT_DEVCTL_ORDER;
		bnxt->devctl_saved = true;
	}
	pcie_capability_clear_word(pdev, PCI_EXP_DEVCTL, RIG_BNXT_DEVCTL_ORDER);
	dev_info(bnxt->dev, "Relaxed Ordering and No Snoop turned off\n");
}

/*
 * The driver lets the function go: its Ethernet (bnxt_en) gets back the
 * Relaxed Ordering and No Snoop it had, rather than running without them
 * until the next reboot.
 */
static void rig_bnxt_restore_ordering(struct rig_bnxt_dev *bnxt)
{
	if (!bnxt->devctl_saved || !bnxt->devctl_ro)
		return;
	pcie_capability_set_word(bnxt->t->pdev, PCI_EXP_DEVCTL, bnxt->devctl_ro);
	dev_info(bnxt->dev, "Relaxed Ordering and No Snoop put back as they were (0x%04x)\n",
		 bnxt->devctl_ro);
}

static bool rig_bnxt_relaxed_ordering(struct rig_dev *rdev)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of(rdev);
	u16 ctl = 0;

	if (!pci_is_pcie(bnxt->t->pdev))
		return false;
	pcie_capability_read_word(bnxt->t->pdev, PCI_EXP_DEVCTL, &ctl);
	return ctl & PCI_EXP_DEVCTL_RELAX_EN;
}

static int rig_bnxt_ctx_init(struct rig_ctx *ctx)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of(ctx->rdev);
	struct rig_bnxt_ctx *c = to_bnxt_ctx(ctx);
	int pd, ret;

	pd = ida_alloc_range(&bnxt->pds, 1, bnxt->caps.max_pd - 1, GFP_KERNEL);
	if (pd < 0)
		return pd == -ENOSPC ? rig_ctx_error(ctx, pd, "open: no protection domain left")
				     : pd;
	ret = rig_bnxt_dpi_alloc(bnxt, 1, &c->dpi);
	if (ret) {
		ida_free(&bnxt->pds, pd);
		return rig_ctx_error(ctx, ret, "open: no doorbell page left");
	}
	c->pd = pd;
	return 0;
}

static void rig_bnxt_ctx_fini(struct rig_ctx *ctx)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of(ctx->rdev);
	struct rig_bnxt_ctx *c = to_bnxt_ctx(ctx);

	if (atomic_read(&c->kept)) {
		/* The firmware's objects still name them, until the NIC goes. */
		dev_warn(bnxt->dev, "PD %u and DPI %u stay with %u objects the firmware kept\n",
			 c->pd, c->dpi, atomic_read(&c->kept));
		return;
	}
	rig_bnxt_dpi_free(bnxt, c->dpi, 1);
	ida_free(&bnxt->pds, c->pd);
}

static void rig_bnxt_kick(struct rig_dev *rdev)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of(rdev);

	bnxt->t->ops->kick(bnxt->t);
}

/*
 * Every file has been taken from the NIC: deinitialise the firmware, which
 * drops every object it kept (queue pairs and regions whose destruction it
 * refused), so that their memory may be freed.  On a function that
 * stopped, the firmware is gone already and nothing is sent.
 */
static int rig_bnxt_quiesce(struct rig_dev *rdev)
{
	return rig_bnxt_fw_fini(rig_bnxt_of(rdev));
}

static void rig_bnxt_address(struct rig_dev *rdev, u8 *gid)
{
	rig_bnxt_gid_address(rig_bnxt_of(rdev), gid);
}

static ssize_t rig_bnxt_show_gids(struct rig_dev *rdev, char *buf)
{
	return rig_bnxt_gid_show(rig_bnxt_of(rdev), buf);
}

static ssize_t rig_bnxt_show_netdev(struct rig_dev *rdev, char *buf)
{
	return rig_bnxt_gid_netdev(rig_bnxt_of(rdev), buf);
}

static const struct rig_dev_ops rig_bnxt_ops = {
	.ctx_size = sizeof(struct rig_bnxt_ctx),
	.region_size = sizeof(struct rig_bnxt_region),
	.qp_size = sizeof(struct rig_bnxt_qp),
	.ctx_init = rig_bnxt_ctx_init,
	.ctx_fini = rig_bnxt_ctx_fini,
	.reg_region = rig_bnxt_reg_region,
	.dereg_region = rig_bnxt_dereg_region,
	.forget_region = rig_bnxt_forget_region,
	.qp_layout = rig_bnxt_qp_layout,
	.create_qp = rig_bnxt_create_qp,
	.connect_qp = rig_bnxt_connect_qp,
	.destroy_qp = rig_bnxt_destroy_qp,
	.forget_qp = rig_bnxt_forget_qp,
	.quiesce = rig_bnxt_quiesce,
	.kick = rig_bnxt_kick,
	.relaxed_ordering = rig_bnxt_relaxed_ordering,
	.address = rig_bnxt_address,
	.show_gids = rig_bnxt_show_gids,
	.show_netdev = rig_bnxt_show_netdev,
};

/* Present the function to the core. */
static int rig_bnxt_publish(struct rig_bnxt_dev *bnxt)
{
	struct rig_dev_attr attr = {
		.kind = bnxt->t->kind,
		.iommu = rig_bnxt_iommu(bnxt->t->pdev),
		.needs_kick = bnxt->t->caps & RIG_TRANSPORT_CAP_KICK,
		.rq_wake = (bnxt->t->caps & RIG_TRANSPORT_CAP_KICK) &&
			   (bnxt->t->caps & RIG_TRANSPORT_CAP_RQ_WAKE),
		.status_phys = bnxt->t->status_phys,
		/* A ring of twice the entries keeps the reserve (qp.c). */
		.max_entries = min3(rounddown_pow_of_two(bnxt->caps.max_qp_wr) / 2,
				    rounddown_pow_of_two((bnxt->caps.max_cqe -
							  RIG_BNXT_CQ_SLACK) / 2),
				    (u32)RIG_BNXT_QP_ENTRIES_MAX),
		.chip = bnxt->t->chip_num,
		.max_qp = bnxt->caps.max_qp,
		.max_cq = bnxt->caps.max_cq,
		.max_mr = bnxt->caps.max_mr,
		/* PD 0 and DPI 0 are never handed out. */
		.max_pd = bnxt->caps.max_pd - 1,
		.max_dpi = bnxt->ndpi - 1,
		.qp_dpis = bnxt->t->caps & RIG_TRANSPORT_CAP_DPI_PER_DOORBELL ?
			   RIG_BNXT_QP_DPIS : 0,
	};

	memcpy(attr.gid, bnxt->gid, sizeof(attr.gid));
	strscpy(attr.fw_version, bnxt->fw_version, sizeof(attr.fw_version));
	bnxt->rdev = rig_dev_create(&bnxt->adev->dev, &bnxt->t->pdev->dev, &rig_bnxt_ops, &attr);
	if (IS_ERR(bnxt->rdev)) {
		int ret = PTR_ERR(bnxt->rdev);

		bnxt->rdev = NULL;
		return ret;
	}
	dev_info(bnxt->dev, "%s: firmware %s, address %pI6c, %s an IOMMU\n",
		 dev_name(&bnxt->rdev->dev), bnxt->fw_version, bnxt->gid,
		 attr.iommu ? "behind" : "not behind");
	return 0;
}

/* Bring the function up, as bnxt_re does; @step names a failure. */
static int rig_bnxt_up(struct rig_bnxt_dev *bnxt, const char **step)
{
	int ret;

	lockdep_assert_held(&bnxt->state_lock);
	bnxt->fw_gone = false;
	bnxt->irqs_stopped = false;
	*step = "HWRM";
	ret = rig_bnxt_hwrm_bringup(bnxt);
	if (ret)
		return ret;
	rig_bnxt_strict_ordering(bnxt);
	*step = "statistics context";
	ret = rig_bnxt_stat_alloc(bnxt);
	if (ret)
		return ret;
	*step = "command channel";
	ret = rig_bnxt_rcfw_start(bnxt);
	if (ret)
		goto err_stat;
	*step = "firmware initialisation";
	ret = rig_bnxt_fw_init(bnxt);
	if (ret)
		goto err_rcfw;
	*step = "resources";
	ret = rig_bnxt_res_init(bnxt);
	if (ret)
		goto err_fw;
	*step = "notification queues";
	ret = rig_bnxt_nq_start(bnxt);
	if (ret)
		goto err_res;
	*step = "device";
	ret = rig_bnxt_publish(bnxt);
	if (ret)
		goto err_nq;
	bnxt->running = true;
	return 0;

err_nq:
	rig_bnxt_nq_stop(bnxt);
err_res:
	rig_bnxt_res_fini(bnxt);
err_fw:
	rig_bnxt_fw_fini(bnxt);
err_rcfw:
	rig_bnxt_stat_free(bnxt);
	rig_bnxt_rcfw_stop(bnxt);
	return ret;
err_stat:
	rig_bnxt_stat_free(bnxt);
	return ret;
}

/*
 * Take the function down; the core takes it from every open file first,
 * destroying every object, and quiesces it (DEINITIALIZE_FW).  Then, as
 * bnxt_re does: the notification queues, the statistics context, the
 * command channel and its CREQ, each freed in the firmware before its
 * memory goes.  On a function whose firmware is gone, nothing is sent.
 */
static void rig_bnxt_down(struct rig_bnxt_dev *bnxt)
{
	lockdep_assert_held(&bnxt->state_lock);
	if (!bnxt->running)
		return;
	rig_dev_unregister(bnxt->rdev);
	bnxt->rdev = NULL;
	rig_bnxt_nq_stop(bnxt);
	rig_bnxt_res_fini(bnxt);
	rig_bnxt_fw_fini(bnxt);
	rig_bnxt_stat_free(bnxt);
	rig_bnxt_rcfw_stop(bnxt);
	bnxt->running = false;
}

/* The function behind a transport: its auxiliary device's driver data. */
static struct rig_bnxt_dev *rig_bnxt_of_transport(struct rig_transport *t)
{
	return auxiliary_get_drvdata(&container_of(t, struct rig_transport_adev, transport)->adev);
}

static void rig_bnxt_stop(struct rig_transport *t, bool fatal)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of_transport(t);

	guard(mutex)(&bnxt->state_lock);
	dev_warn(bnxt->dev, "the function stops (%s): its NIC is taken from every open file\n",
		 fatal ? "its firmware is gone" : "its firmware is told");
	if (fatal) {
		/* Its firmware is gone with every object: tell it nothing more. */
		if (bnxt->running)
			rig_bnxt_rcfw_abandon(bnxt);
		bnxt->fw_gone = true;
	}
	rig_bnxt_down(bnxt);
}

static void rig_bnxt_restart(struct rig_transport *t)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of_transport(t);
	const char *step;
	int ret;

	guard(mutex)(&bnxt->state_lock);
	ret = rig_bnxt_up(bnxt, &step);
	if (ret)
		dev_err(bnxt->dev, "the function restarted, but %s failed (%pe): no NIC\n",
			step, ERR_PTR(ret));
	else
		dev_info(bnxt->dev, "the function restarted: a new NIC\n");
	/* The firmware's GID table starts empty again. */
	rig_bnxt_gid_sync(bnxt);
}

/* Attached to an interface, or detached: its addresses are the GIDs now. */
static void rig_bnxt_netdev_changed(struct rig_transport *t)
{
	rig_bnxt_gid_sync(rig_bnxt_of_transport(t));
}

/* What lies below frees the vectors (maybe to renumber them): mask the rings. */
static void rig_bnxt_irq_stop(struct rig_transport *t)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of_transport(t);

	guard(mutex)(&bnxt->state_lock);
	if (!bnxt->running || bnxt->irqs_stopped)
		return;
	rig_bnxt_rcfw_irq_stop(bnxt);
	rig_bnxt_nq_irq_stop(bnxt);
	bnxt->irqs_stopped = true;
}

/* The vectors are requested again: re-arm, and take what came meanwhile. */
static void rig_bnxt_irq_restart(struct rig_transport *t)
{
	struct rig_bnxt_dev *bnxt = rig_bnxt_of_transport(t);

	guard(mutex)(&bnxt->state_lock);
	if (!bnxt->running)
		return;
	rig_bnxt_rcfw_irq_restart(bnxt, bnxt->irqs_stopped);
	rig_bnxt_nq_irq_restart(bnxt, bnxt->irqs_stopped);
	bnxt->irqs_stopped = false;
}

static const struct rig_transport_upcalls rig_bnxt_upcalls = {
	.stop = rig_bnxt_stop,
	.restart = rig_bnxt_restart,
	.irq_stop = rig_bnxt_irq_stop,
	.irq_restart = rig_bnxt_irq_restart,
	.netdev_changed = rig_bnxt_netdev_changed,
};

static int rig_bnxt_probe(struct auxiliary_device *adev,
			  const struct auxiliary_device_id *id)
{
	struct rig_transport *t = &to_rig_transport_adev(adev)->transport;
	struct rig_bnxt_dev *bnxt;
	const char *step;
	int ret;

	bnxt = kzalloc(sizeof(*bnxt), GFP_KERNEL);
	if (!bnxt)
		return -ENOMEM;
	bnxt->adev = adev;
	bnxt->t = t;
	bnxt->dev = &t->pdev->dev;
	mutex_init(&bnxt->state_lock);
	rig_bnxt_gid_init(bnxt);
	auxiliary_set_drvdata(adev, bnxt);

	scoped_guard(mutex, &bnxt->state_lock)
		ret = rig_bnxt_up(bnxt, &step);
	if (ret) {
		dev_err(bnxt->dev, "not taken: %s failed (%pe); everything undone\n",
			step, ERR_PTR(ret));
		rig_bnxt_restore_ordering(bnxt);
		kfree(bnxt);
		/* Said above: -ENODEV keeps the driver core from saying it again. */
		return -ENODEV;
	}
	rig_bnxt_debugfs_add(bnxt);
	rig_bnxt_gid_follow(bnxt);
	t->ops->register_upcalls(t, &rig_bnxt_upcalls);
	return 0;
}

static void rig_bnxt_remove(struct auxiliary_device *adev)
{
	struct rig_bnxt_dev *bnxt = auxiliary_get_drvdata(adev);

	bnxt->t->ops->register_upcalls(bnxt->t, NULL);
	rig_bnxt_gid_unfollow(bnxt);
	rig_bnxt_debugfs_remove(bnxt);
	scoped_guard(mutex, &bnxt->state_lock)
		rig_bnxt_down(bnxt);
	rig_bnxt_restore_ordering(bnxt);
	kfree(bnxt);
}

static const struct auxiliary_device_id rig_bnxt_ids[] = {
	{ .name = "rig_soft." RIG_TRANSPORT_ADEV_NAME },	/* the model */
	{ .name = "rig_bnxt_en." RIG_TRANSPORT_ADEV_NAME },	/* bnxt_en's functions */
	{ }
};

static struct auxiliary_driver rig_bnxt_driver = {
	.name = "rdma",
	.probe = rig_bnxt_probe,
	.remove = rig_bnxt_remove,
	.id_table = rig_bnxt_ids,
};

/*
 * The module: the core first (its class and char devices), then the
 * driver, which binds the functions already on the auxiliary bus.
 */
static int __init rig_bnxt_init(void)
{
	int ret;

	ret = rig_core_init();
	if (ret)
		return ret;
	ret = rig_bnxt_gid_register();
	if (ret)
		goto err_core;
	ret = auxiliary_driver_register(&rig_bnxt_driver);
	if (ret)
		goto err_gid;
	return 0;

err_gid:
	rig_bnxt_gid_unregister();
err_core:
	rig_core_exit();
	return ret;
}

/* Every function taken down, then the core. */
static void __exit rig_bnxt_exit(void)
{
	auxiliary_driver_unregister(&rig_bnxt_driver);
	rig_bnxt_gid_unregister();
	rig_core_exit();
}

module_init(rig_bnxt_init);
module_exit(rig_bnxt_exit);

MODULE_DESCRIPTION("rig: direct userspace access to Broadcom NetXtreme RDMA NICs");
MODULE_LICENSE("GPL");
