/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bnxt_en's interface to its RDMA driver, as rig declares it: the
 * structures of the "bnxt_en.rdma" auxiliary device that rig reads or
 * hands to bnxt_en, and the three calls bnxt_en exports for it.
 *
 * bnxt_en keeps these in drivers/net/ethernet/broadcom/bnxt/bnxt_ulp.h,
 * which no linux-headers package ships, so rig writes its own and proves
 * them: scripts/bnxt-en-layout compares the size and offset of every
 * field declared here with the BTF of the installed bnxt_en.ko for the
 * kernel being built for, and the build stops on a difference.  Each
 * structure is declared up to the last field rig uses, under its own
 * name (rig_en_* for bnxt_en's bnxt_*); the fields keep bnxt_en's names,
 * which is how the check pairs them.  Nothing after the last field is
 * declared, so no size here is the real one: never allocate, copy or
 * embed these; bnxt_en owns every one of them.
 *
 * This header owns those declarations, and hwrm.c's one function.
 */
#ifndef RIG_EN_H
#define RIG_EN_H

#include <linux/auxiliary_bus.h>
#include <linux/types.h>

/* bnxt_en's BNXT_MAX_ROCE_MSIX: the length of rig_en_dev.msix_entries. */
#define RIG_EN_MAX_MSIX			64

/* rig_en_dev.flags, bnxt_en's BNXT_EN_FLAG_* */
#define RIG_EN_FLAG_ROCEV1_CAP		0x1
#define RIG_EN_FLAG_ROCEV2_CAP		0x2
#define RIG_EN_FLAG_VF			0x10

/**
 * struct rig_en_msix_entry - an MSI-X vector bnxt_en set aside for RoCE
 *	(bnxt_en's struct bnxt_msix_entry)
 * @vector: the Linux IRQ number
 * @ring_idx: the logical ring id HWRM_RING_ALLOC takes for its ring
 * @db_offset: that ring's doorbell, bytes into the doorbell BAR
 */
struct rig_en_msix_entry {
	u32 vector;
	u32 ring_idx;
	u32 db_offset;
};

/**
 * struct rig_en_ulp_ops - what bnxt_en calls in the RDMA driver around
 *	its own IRQ changes (bnxt_en's struct bnxt_ulp_ops)
 * @ulp_irq_stop: free every IRQ of the entries; called with the RTNL held
 * @ulp_irq_restart: the vectors are back, maybe renumbered (the entries
 *		     given), or NULL when they could not be set up again
 */
struct rig_en_ulp_ops {
	void (*ulp_irq_stop)(void *handle);
	void (*ulp_irq_restart)(void *handle, struct rig_en_msix_entry *ent);
};

/**
 * struct rig_en_fw_msg - an HWRM request bnxt_en sends for the RDMA
 *	driver (bnxt_en's struct bnxt_fw_msg)
 * @msg: the request
 * @msg_len: its length
 * @resp: where the answer goes
 * @resp_max_len: its room
 * @timeout: milliseconds
 */
struct rig_en_fw_msg {
	void *msg;
	int msg_len;
	void *resp;
	int resp_max_len;
	int timeout;
};

/**
 * struct rig_en_ulp - bnxt_en's record of its RDMA driver (bnxt_en's
 *	struct bnxt_ulp), read for one field
 * @handle: set by bnxt_register_dev()
 * @ulp_ops: likewise
 * @async_events_bmap: bnxt_en's
 * @max_async_event_id: bnxt_en's
 * @msix_requested: how many of rig_en_dev.msix_entries bnxt_en filled
 */
struct rig_en_ulp {
	void *handle;
	struct rig_en_ulp_ops __rcu *ulp_ops;
	unsigned long *async_events_bmap;
	u16 max_async_event_id;
	u16 msix_requested;
};

/**
 * struct rig_en_dev - the function as bnxt_en describes it to its RDMA
 *	driver (bnxt_en's struct bnxt_en_dev), up to @ulp_num_msix_vec
 * @net: its net_device
 * @pdev: its PCI function
 * @msix_entries: the vectors set aside, filled by bnxt_register_dev()
 * @flags: RIG_EN_FLAG_*
 * @ulp_tbl: bnxt_en's record of the RDMA driver
 * @l2_db_size: bytes of the doorbell BAR bnxt_en mapped for L2
 * @l2_db_size_nc: of which mapped uncached
 * @l2_db_offset: L2's doorbell, bytes into the BAR
 * @chip_num: the chip (0x1750: BCM57508)
 * @hw_ring_stats_size: bnxt_en's
 * @pf_port_id: bnxt_en's
 * @en_state: bnxt_en's state bits, meaningful in .suspend
 * @bar0: BAR 0, mapped by bnxt_en
 * @ulp_num_msix_vec: vectors bnxt_en wants to set aside
 */
struct rig_en_dev {
	struct net_device *net;
	struct pci_dev *pdev;
	struct rig_en_msix_entry msix_entries[RIG_EN_MAX_MSIX];
	u32 flags;
	struct rig_en_ulp *ulp_tbl;
	int l2_db_size;
	int l2_db_size_nc;
	int l2_db_offset;
	u16 chip_num;
	u16 hw_ring_stats_size;
	u16 pf_port_id;
	unsigned long en_state;
	void __iomem *bar0;
	u16 ulp_num_msix_vec;
};

/**
 * struct rig_en_aux_priv - the "bnxt_en.rdma" auxiliary device (bnxt_en's
 *	struct bnxt_aux_priv)
 * @aux_dev: the device the RDMA driver binds
 * @edev: the function behind it
 */
struct rig_en_aux_priv {
	struct auxiliary_device aux_dev;
	struct rig_en_dev *edev;
};

/* hwrm.c */
int rig_en_hwrm_result(int ret, u16 error);

/* Exported by bnxt_en (EXPORT_SYMBOL, bnxt_ulp.c). */
int bnxt_register_dev(struct rig_en_dev *edev, struct rig_en_ulp_ops *ulp_ops, void *handle);
void bnxt_unregister_dev(struct rig_en_dev *edev);
int bnxt_send_msg(struct rig_en_dev *edev, struct rig_en_fw_msg *fw_msg);

#endif /* RIG_EN_H */
