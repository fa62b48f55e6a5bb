// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's debugfs: per function, /sys/kernel/debug/rig_soft/<pci name>/
 * holds its counters (so tests can check that nothing leaks) and its fault
 * knobs (refused, late or lost commands, a stalled CREQ, a firmware that
 * hangs, DMA faults, refused HWRM requests) and the stop/restart switch.
 * This file owns the files and their formats; it changes the model's
 * state only under the world's lock.  Writes need CAP_SYS_ADMIN, as all
 * of debugfs does.
 *
 *   stats          r   one "name value" line per counter
 *   qps cqs mrs    r   live objects
 *   cmds           r   commands consumed
 *   fail_cmd       rw  "N STATUS": refuse the N-th next command (1: the
 *                      next) with CREQ status STATUS; "0 0" disarms
 *   fail_opcode    rw  "OPCODE STATUS": refuse the next command with
 *                      OPCODE; "0 0" disarms
 *   delay_cmd      rw  "N MS": answer the N-th next command MS ms late
 *   drop_cmd       rw  "N": never answer the N-th next command
 *   creq_stall     rw  1: write no CREQ entry (answers wait) until 0
 *   hang           rw  1: consume no command, answer no HWRM request
 *                      (-ETIMEDOUT after the caller's timeout) until 0
 *   dma_fail       rw  N: the next N DMA accesses of the function fault
 *   fail_hwrm      rw  "N CODE": refuse the next N HWRM requests with
 *                      HWRM_ERR_CODE CODE
 *   state          rw  "running" or "stopped"; write "stop" (the firmware
 *                      dies: every object goes, then the driver's stop
 *                      upcall runs, told so), "suspend" (the firmware
 *                      lives: the driver's stop upcall runs first and must
 *                      free everything; what it leaves is counted in
 *                      stats' stop_leftovers) or "restart"
 *   vf_limits      r   what INITIALIZE_FW left the VFs: "qp N mrw N srq N cq N
 *                      gid N"
 *   wire_qps       r   per QP on the wire, one line: its requester's and
 *                      responder's state (for a transfer that stops)
 *   mtu            rw  the function's Ethernet MTU (576-9500, default 9000):
 *                      a path MTU whose packets would not fit is refused
 *   irqs           rw  "on" or "off"; write "off" (the driver's irq_stop
 *                      upcall runs, then the vectors are freed: a raise is
 *                      lost and counted in stats' raises_off) or "on" (back,
 *                      then the driver's irq_restart upcall)
 *
 * Numbers are decimal or 0x-prefixed hexadecimal.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/math64.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>

#include "dev.h"

static struct dentry *rig_soft_debugfs_root;

/* One knob: how it shows and how a write to it parses. */
struct rig_soft_knob {
	const char *name;
	umode_t mode;
	void (*show)(struct seq_file *m, struct rig_soft_dev *sd);
	int (*store)(struct rig_soft_dev *sd, const char *buf);
};

static void rig_soft_show_stats(struct seq_file *m, struct rig_soft_dev *sd)
{
	const struct rig_soft_stats *s = &sd->fn.stats;

	seq_printf(m, "cmds %llu\ncmds_refused %llu\nhwrm %llu\nhwrm_refused %llu\n",
		   s->cmds, s->cmds_refused, s->hwrm, s->hwrm_refused);
	seq_printf(m, "hwrm_stopped %llu\ncq_overflows %llu\narms_void %llu\n",
		   s->hwrm_stopped, s->cq_overflows, s->arms_void);
	seq_printf(m, "creq_entries %llu\nnq_entries %llu\nraises %llu\ndb_ignored %llu\n",
		   s->creq_entries, s->nq_entries, s->raises, s->db_ignored);
	seq_printf(m, "events_dropped %llu\ncq_faults %llu\ndma_faults %lld\n",
		   s->events_dropped, s->cq_faults, atomic64_read(&sd->dma.mem.faults));
	seq_printf(m, "qps %u\ncqs %u\nmrs %u\n", sd->fn.nqps, sd->fn.ncqs, sd->fn.nmrs);
	seq_printf(m, "mr_page_bytes %llu\n", sd->fn.mr_page_bytes);
	seq_printf(m, "tx_pkts %llu\ntx_bytes %llu\nrx_pkts %llu\nrx_bytes %llu\n",
		   s->tx_pkts, s->tx_bytes, s->rx_pkts, s->rx_bytes);
	seq_printf(m, "stats_writes %llu\nstop_leftovers %llu\nraises_off %llu\n",
		   s->stats_writes, s->stop_leftovers, s->raises_off);
	seq_printf(m, "kicks %lld\nkick_passes %llu\ncommand_wakes %lld\n",
		   atomic64_read(&sd->fn.kicks), s->kick_passes,
		   atomic64_read(&sd->fn.cmd_wakes));
}

static void rig_soft_show_qps(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%u\n", sd->fn.nqps);
}

static void rig_soft_show_cqs(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%u\n", sd->fn.ncqs);
}

static void rig_soft_show_mrs(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%u\n", sd->fn.nmrs);
}

static void rig_soft_show_cmds(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%llu\n", sd->fn.stats.cmds);
}

static void rig_soft_show_hwrm_stopped(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%llu\n", sd->fn.stats.hwrm_stopped);
}

static void rig_soft_show_fail_cmd(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%u %u\n", sd->fn.faults.fail_nth, sd->fn.faults.fail_nth_status);
}

/* Two numbers; the second no wider than @max2. */
static int rig_soft_parse2(const char *buf, u32 *a, u32 *b, u32 max2)
{
	if (sscanf(buf, "%i %i", a, b) != 2 || *b > max2)
		return -EINVAL;
	return 0;
}

static int rig_soft_store_fail_cmd(struct rig_soft_dev *sd, const char *buf)
{
	u32 n, status;

	if (rig_soft_parse2(buf, &n, &status, U8_MAX))
		return -EINVAL;
	sd->fn.faults.fail_nth = n;
	sd->fn.faults.fail_nth_status = status;
	return 0;
}

static void rig_soft_show_fail_opcode(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%#x %u\n", sd->fn.faults.fail_opcode, sd->fn.faults.fail_opcode_status);
}

static int rig_soft_store_fail_opcode(struct rig_soft_dev *sd, const char *buf)
{
	u32 op, status;

	if (rig_soft_parse2(buf, &op, &status, U8_MAX) || op > U8_MAX)
		return -EINVAL;
	sd->fn.faults.fail_opcode = op;
	sd->fn.faults.fail_opcode_status = status;
	return 0;
}

static void rig_soft_show_delay_cmd(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%u %u\n", sd->fn.faults.delay_nth, sd->fn.faults.delay_ms);
}

static int rig_soft_store_delay_cmd(struct rig_soft_dev *sd, const char *buf)
{
	u32 n, ms;

	if (rig_soft_parse2(buf, &n, &ms, 600000))
		return -EINVAL;
	sd->fn.faults.delay_nth = n;
	sd->fn.faults.delay_ms = ms;
	return 0;
}

static void rig_soft_show_drop_cmd(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%u\n", sd->fn.faults.drop_nth);
}

static int rig_soft_store_drop_cmd(struct rig_soft_dev *sd, const char *buf)
{
	return kstrtou32(buf, 0, &sd->fn.faults.drop_nth);
}

static void rig_soft_show_creq_stall(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%d\n", sd->fn.faults.creq_stall);
}

static int rig_soft_store_creq_stall(struct rig_soft_dev *sd, const char *buf)
{
	return kstrtobool(buf, &sd->fn.faults.creq_stall);
}

static void rig_soft_show_hang(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%d\n", READ_ONCE(sd->fn.faults.hang));
}

static int rig_soft_store_hang(struct rig_soft_dev *sd, const char *buf)
{
	bool hang;
	int ret = kstrtobool(buf, &hang);

	/* HWRM reads it without the lock. */
	if (!ret)
		WRITE_ONCE(sd->fn.faults.hang, hang);
	return ret;
}

static void rig_soft_show_dma_fail(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%d\n", atomic_read(&sd->dma.mem.fail));
}

static int rig_soft_store_dma_fail(struct rig_soft_dev *sd, const char *buf)
{
	u32 n;
	int ret = kstrtou32(buf, 0, &n);

	if (!ret && n > INT_MAX)
		ret = -EINVAL;
	if (!ret)
		atomic_set(&sd->dma.mem.fail, n);
	return ret;
}

static void rig_soft_show_fail_hwrm(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%u %#x\n", sd->fn.faults.hwrm_fail, sd->fn.faults.hwrm_fail_code);
}

static int rig_soft_store_fail_hwrm(struct rig_soft_dev *sd, const char *buf)
{
	u32 n, code;

	if (rig_soft_parse2(buf, &n, &code, U16_MAX) || (n && !code))
		return -EINVAL;
	sd->fn.faults.hwrm_fail = n;
	sd->fn.faults.hwrm_fail_code = code;
	return 0;
}

static void rig_soft_show_vf_limits(struct seq_file *m, struct rig_soft_dev *sd)
{
	const u32 *v = sd->fn.vf_limits;

	seq_printf(m, "qp %u mrw %u srq %u cq %u gid %u\n", v[0], v[1], v[2], v[3], v[4]);
}

static void rig_soft_show_mtu(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_printf(m, "%u\n", sd->fn.mtu);
}

static int rig_soft_store_mtu(struct rig_soft_dev *sd, const char *buf)
{
	u32 mtu;
	int ret = kstrtou32(buf, 0, &mtu);

	if (ret)
		return ret;
	if (mtu < RIG_SOFT_MTU_MIN || mtu > RIG_SOFT_MTU_MAX)
		return -EINVAL;
	WRITE_ONCE(sd->fn.mtu, mtu);
	return 0;
}

/*
 * What the wire did: frames in and out, and every drop by its reason
 * ("drop_" and the decoder's or the dispatcher's name).
 */
static void rig_soft_show_wire(struct seq_file *m, struct rig_soft_dev *sd)
{
	const struct rig_soft_wire_stats *w = &sd->fn.wire;
	unsigned int i;

	seq_printf(m, "rx_frames %llu\nrx_ok %llu\ntx_frames %llu\ntx_full %llu\n",
		   w->rx_frames, w->rx_ok, w->tx_frames, w->tx_full);
	seq_printf(m, "rx_queue_bytes %u\nrx_queue_budget %u\n",
		   rig_soft_net_rx_held(sd), RIG_SOFT_NET_RXQ_BYTES);
	seq_printf(m, "drop_queue_full %lld\ndrop_queue_too_long %lld\n",
		   atomic64_read(&sd->fn.rx_overflow), atomic64_read(&sd->fn.rx_too_long));
	for (i = RIG_SOFT_ROCE_OK + 1; i < RIG_SOFT_ROCE_DROPS; i++)
		seq_printf(m, "drop_%s %llu\n", rig_soft_roce_drop_names[i], w->roce[i]);
	for (i = 0; i < RIG_SOFT_WIRE_DROPS; i++)
		seq_printf(m, "drop_%s %llu\n", rig_soft_wire_drop_names[i], w->drop[i]);
}

/*
 * Each of the function's QPs on the wire, one line: its requester (running
 * indexes, PSNs, retries, and the oldest message not ended) and its
 * responder, so a transfer that stops can be told from one that crawls.
 */
static void rig_soft_show_wire_qps(struct seq_file *m, struct rig_soft_dev *sd)
{
	u64 now = ktime_get_ns();
	struct rig_soft_qp *qp;

	list_for_each_entry(qp, &sd->fn.world->qps, node) {
		const struct rig_soft_rc_req *q;
		const struct rig_soft_rc_resp *r;
		const struct rig_soft_rc_msg *u;

		if (qp->fn != &sd->fn || !qp->wire)
			continue;
		q = &qp->wire->req;
		r = &qp->wire->resp;
		u = &q->msg[q->una % RIG_SOFT_RC_WINDOW];
		seq_printf(m, "qp %u state %u req_up %d given %llu stall %u",
			   qp->qpn, qp->state, qp->wire->req_up, qp->wire->given, qp->wire->stall);
		seq_printf(m, " req popped %u una %u cur %u posted %u",
			   q->popped, q->una, q->cur, q->posted);
		seq_printf(m, " psn una %#x cur %#x hi %#x next %#x retry %u rnr %u",
			   q->una_psn, q->cur_psn, q->hi_psn, q->next_psn, q->retry_left,
			   q->rnr_left);
		seq_printf(m, " recovering %d rnr_wait %d error %d",
			   q->recovering, q->rnr_wait, q->error);
		seq_printf(m, " ack_in_us %lld tick_in_us %lld",
			   q->ack_deadline == RIG_SOFT_RC_NEVER ? -1 :
			   div_s64((s64)(q->ack_deadline - now), NSEC_PER_USEC),
			   qp->wire->deadline == RIG_SOFT_RC_NEVER ? -1 :
			   div_s64((s64)(qp->wire->deadline - now), NSEC_PER_USEC));
		if (q->una != q->posted)
			seq_printf(m, " oldest kind %u psn %#x npkts %u rcvd %u issued %d",
				   u->kind, u->psn, u->npkts, u->rcvd, u->issued);
		seq_printf(m, " resp epsn %#x rd %u jobs %u..%u sent %u ack_due %d nak %d error %d\n",
			   r->epsn, r->rd_count, r->job_head, r->job_tail, r->job_sent, r->ack_due,
			   r->nak_sent, r->error);
	}
}

static void rig_soft_show_state(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_puts(m, sd->fn.stopped ? "stopped\n" : "running\n");
}

static void rig_soft_show_irqs(struct seq_file *m, struct rig_soft_dev *sd)
{
	seq_puts(m, READ_ONCE(sd->irqs_off) ? "off\n" : "on\n");
}

#define RIG_SOFT_KNOB(n, mode) \
	{ #n, mode, rig_soft_show_##n, NULL }
#define RIG_SOFT_KNOB_RW(n) \
	{ #n, 0600, rig_soft_show_##n, rig_soft_store_##n }

static const struct rig_soft_knob rig_soft_knobs[] = {
	RIG_SOFT_KNOB(stats, 0400),
	RIG_SOFT_KNOB(qps, 0400),
	RIG_SOFT_KNOB(cqs, 0400),
	RIG_SOFT_KNOB(mrs, 0400),
	RIG_SOFT_KNOB(cmds, 0400),
	RIG_SOFT_KNOB(hwrm_stopped, 0400),
	RIG_SOFT_KNOB(vf_limits, 0400),
	RIG_SOFT_KNOB(wire, 0400),
	RIG_SOFT_KNOB(wire_qps, 0400),
	RIG_SOFT_KNOB_RW(fail_cmd),
	RIG_SOFT_KNOB_RW(fail_opcode),
	RIG_SOFT_KNOB_RW(delay_cmd),
	RIG_SOFT_KNOB_RW(drop_cmd),
	RIG_SOFT_KNOB_RW(creq_stall),
	RIG_SOFT_KNOB_RW(hang),
	RIG_SOFT_KNOB_RW(dma_fail),
	RIG_SOFT_KNOB_RW(fail_hwrm),
	RIG_SOFT_KNOB_RW(mtu),
	{ "state", 0600, rig_soft_show_state, NULL },
	{ "irqs", 0600, rig_soft_show_irqs, NULL },
};

/* The file's device and knob: the inode holds the device, the name the knob. */
static const struct rig_soft_knob *rig_soft_knob_of(const struct file *file)
{
	const char *name = file->f_path.dentry->d_name.name;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rig_soft_knobs); i++)
		if (!strcmp(rig_soft_knobs[i].name, name))
			return &rig_soft_knobs[i];
	return NULL;
}

static int rig_soft_knob_show(struct seq_file *m, void *unused)
{
	struct rig_soft_dev *sd = m->private;
	const struct rig_soft_knob *knob = rig_soft_knob_of(m->file);

	if (!knob)
		return -ENOENT;
	guard(mutex)(&sd->fn.world->lock);
	knob->show(m, sd);
	return 0;
}

static int rig_soft_knob_open(struct inode *inode, struct file *file)
{
	return single_open(file, rig_soft_knob_show, inode->i_private);
}

/* These run the driver's upcalls: not under the world's lock. */
static int rig_soft_store_state(struct rig_soft_dev *sd, const char *buf)
{
	if (sysfs_streq(buf, "stop"))
		return rig_soft_dev_stop(sd);
	if (sysfs_streq(buf, "suspend"))
		return rig_soft_dev_suspend(sd);
	if (sysfs_streq(buf, "restart"))
		return rig_soft_dev_restart(sd);
	return -EINVAL;
}

static int rig_soft_store_irqs(struct rig_soft_dev *sd, const char *buf)
{
	if (sysfs_streq(buf, "off"))
		return rig_soft_dev_irqs(sd, false);
	if (sysfs_streq(buf, "on"))
		return rig_soft_dev_irqs(sd, true);
	return -EINVAL;
}

static ssize_t rig_soft_knob_write(struct file *file, const char __user *ubuf,
				   size_t len, loff_t *ppos)
{
	struct rig_soft_dev *sd = ((struct seq_file *)file->private_data)->private;
	const struct rig_soft_knob *knob = rig_soft_knob_of(file);
	char buf[32];
	int ret;

	if (!knob || len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	if (!strcmp(knob->name, "state")) {
		ret = rig_soft_store_state(sd, buf);
	} else if (!strcmp(knob->name, "irqs")) {
		ret = rig_soft_store_irqs(sd, buf);
	} else {
		if (!knob->store)
			return -EPERM;
		scoped_guard(mutex, &sd->fn.world->lock)
			ret = knob->store(sd, buf);
	}
	return ret ?: len;
}

static const struct file_operations rig_soft_knob_fops = {
	.owner = THIS_MODULE,
	.open = rig_soft_knob_open,
	.read = seq_read,
	.write = rig_soft_knob_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/**
 * rig_soft_debugfs_add() - a function's directory and knobs
 * @sd: the function
 */
void rig_soft_debugfs_add(struct rig_soft_dev *sd)
{
	unsigned int i;

	sd->debugfs = debugfs_create_dir(pci_name(sd->pdev), rig_soft_debugfs_root);
	for (i = 0; i < ARRAY_SIZE(rig_soft_knobs); i++)
		debugfs_create_file(rig_soft_knobs[i].name, rig_soft_knobs[i].mode,
				    sd->debugfs, sd, &rig_soft_knob_fops);
}

/**
 * rig_soft_debugfs_remove() - remove a function's directory
 * @sd: the function; once this returns no knob of it runs
 */
void rig_soft_debugfs_remove(struct rig_soft_dev *sd)
{
	debugfs_remove_recursive(sd->debugfs);
	sd->debugfs = NULL;
}

/* The engine's counts: a stage's last check is that it sleeps, still. */
static int rig_soft_engine_show(struct seq_file *m, void *unused)
{
	u64 passes, sleeps, asleep_ns;
	bool asleep = rig_soft_engine_counts(&passes, &sleeps, &asleep_ns);

	/* The clock asleep_ns is counted on: a guest's wall clock may differ. */
	seq_printf(m, "passes %llu\nsleeps %llu\nasleep_ns %llu\nclock_ns %llu\nasleep %d\n",
		   passes, sleeps, asleep_ns, local_clock(), asleep);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rig_soft_engine);

/**
 * rig_soft_debugfs_init() - /sys/kernel/debug/rig_soft and its "engine"
 */
void rig_soft_debugfs_init(void)
{
	rig_soft_debugfs_root = debugfs_create_dir(KBUILD_MODNAME, NULL);
	debugfs_create_file("engine", 0444, rig_soft_debugfs_root, NULL,
			    &rig_soft_engine_fops);
}

/**
 * rig_soft_debugfs_exit() - remove /sys/kernel/debug/rig_soft
 */
void rig_soft_debugfs_exit(void)
{
	debugfs_remove_recursive(rig_soft_debugfs_root);
}
