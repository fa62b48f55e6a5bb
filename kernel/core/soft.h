/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The soft NIC's per-NIC state, shared by its parts: soft.c (creation),
 * soft_fw.c (the firmware model), engine.c (running queue pairs).
 */
#ifndef RIG_SOFT_H
#define RIG_SOFT_H

#include <linux/atomic.h>
#include <linux/platform_device.h>
#include <linux/wait.h>
#include <linux/xarray.h>

#include "rig.h"
#include "../../uapi/rig_bnxt_hsi.h"

/**
 * struct rig_soft_fw - the soft NIC's model of its firmware's region table
 * @keys: key index (rig_soft_key_index()) -> struct rig_region the
 *	  firmware knows; the xarray's lock protects it, entries are owned
 *	  by their contexts.
 * @next_key: cursor of xa_alloc_cyclic(), under @keys' lock.
 * @fail_register: debugfs knob: refuse this many registrations next.
 * @fail_deregister: debugfs knob: refuse this many deregistrations next.
 * @stall_deregister: debugfs knob: while nonzero, deregistration waits
 *		      as for DMA in flight (a signal interrupts it); written
 *		      only through rig_soft_fw_set_stall(), which wakes @wq.
 * @wq: deregistrations waiting for @stall_deregister to clear.
 */
struct rig_soft_fw {
	struct xarray keys;
	u32 next_key;
	atomic_t fail_register;
	atomic_t fail_deregister;
	u32 stall_deregister;
	wait_queue_head_t wq;
};

/**
 * struct rig_soft - one soft NIC
 * @pdev: the platform device that stands for its PCI function, the
 *	  parent of @rdev; it does no DMA.
 * @rdev: the NIC as userspace sees it.
 * @debugfs: /sys/kernel/debug/rig_bnxt/rig_bnxtN, the fault knobs.
 * @fw: the firmware model.
 * @qps: qpn -> struct rig_qp, under rig_engine_lock (engine.c).
 * @next_qpn: cursor of xa_alloc_cyclic(), under rig_engine_lock.
 */
struct rig_soft {
	struct platform_device *pdev;
	struct rig_dev *rdev;
	struct dentry *debugfs;
	struct rig_soft_fw fw;
	struct xarray qps;
	u32 next_qpn;
};

/* A key: a 24-bit index into the firmware's table, then an 8-bit variant. */
#define RIG_SOFT_KEY_INDEXES	XA_LIMIT(1, (1U << 24) - 1)

static inline u32 rig_soft_key(u32 index, u8 variant)
{
	return index << 8 | variant;
}

static inline u32 rig_soft_key_index(u32 key)
{
	return key >> 8;
}

struct rig_soft *rig_soft_find(u64 nic_id);

extern const struct rig_fw_ops rig_soft_fw_ops;
void rig_soft_fw_init(struct rig_soft_fw *fw, struct dentry *debugfs);
void rig_soft_fw_exit(struct rig_soft_fw *fw);

#endif /* RIG_SOFT_H */
