// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the driver shows of a function in debugfs, for a first run on a
 * NIC and for its report (scripts/hw-report):
 * /sys/kernel/debug/rig_bnxt/<pci name>/hw_stats, the statistics block
 * the firmware writes every second into RoCE's statistics context, one
 * "name value" line per counter.
 *
 * This file owns that directory; the block and its lifetime are hwrm.c's.
 */
#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "bnxt.h"

#define RIG_BNXT_STAT(name) { #name, offsetof(struct rig_ctx_hw_stats, name) }

static const struct {
	const char *name;
	size_t off;
} rig_bnxt_stat_names[] = {
	RIG_BNXT_STAT(rx_ucast_pkts), RIG_BNXT_STAT(rx_mcast_pkts),
	RIG_BNXT_STAT(rx_bcast_pkts), RIG_BNXT_STAT(rx_discard_pkts),
	RIG_BNXT_STAT(rx_error_pkts), RIG_BNXT_STAT(rx_ucast_bytes),
	RIG_BNXT_STAT(rx_mcast_bytes), RIG_BNXT_STAT(rx_bcast_bytes),
	RIG_BNXT_STAT(tx_ucast_pkts), RIG_BNXT_STAT(tx_mcast_pkts),
	RIG_BNXT_STAT(tx_bcast_pkts), RIG_BNXT_STAT(tx_error_pkts),
	RIG_BNXT_STAT(tx_discard_pkts), RIG_BNXT_STAT(tx_ucast_bytes),
	RIG_BNXT_STAT(tx_mcast_bytes), RIG_BNXT_STAT(tx_bcast_bytes),
};

/* The block as the firmware last wrote it; "down" while it has none. */
static int rig_bnxt_hw_stats_show(struct seq_file *m, void *unused)
{
	struct rig_bnxt_dev *bnxt = m->private;
	unsigned int i;

	guard(mutex)(&bnxt->state_lock);
	if (!bnxt->stats) {
		seq_puts(m, "down\n");
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(rig_bnxt_stat_names); i++) {
		/* The device writes it: one load, whatever it does meanwhile. */
		const __le64 *v = bnxt->stats + rig_bnxt_stat_names[i].off;

		seq_printf(m, "%s %llu\n", rig_bnxt_stat_names[i].name,
			   le64_to_cpu(READ_ONCE(*v)));
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rig_bnxt_hw_stats);

/**
 * rig_bnxt_debugfs_add() - the function's directory
 * @bnxt: the function, bound
 */
void rig_bnxt_debugfs_add(struct rig_bnxt_dev *bnxt)
{
	bnxt->debugfs = debugfs_create_dir(dev_name(bnxt->dev), rig_debugfs);
	debugfs_create_file("hw_stats", 0400, bnxt->debugfs, bnxt, &rig_bnxt_hw_stats_fops);
}

/**
 * rig_bnxt_debugfs_remove() - remove it; once this returns no file of it runs
 * @bnxt: the function
 */
void rig_bnxt_debugfs_remove(struct rig_bnxt_dev *bnxt)
{
	debugfs_remove_recursive(bnxt->debugfs);
	bnxt->debugfs = NULL;
}
