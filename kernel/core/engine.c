// SPDX-License-Identifier: GPL-2.0-only
/*
 * The soft NICs' engine thread: it runs the entry engine (exec.c) over
 * every soft NIC's queue pairs, finding peers and regions for it.
 *
 * This file owns the engine thread, the list of queue pairs it serves and
 * rig_engine_lock, which covers all of the engine's state: the list, each
 * queue pair's engine fields, and the use of any region's memory.  Region
 * deregistration takes the lock to drop a key, so once it returns the
 * engine touches that memory no more.
 *
 * One thread serves every soft NIC, in turn.  Two soft NICs stand for two
 * machines, but a send between them must see both sides at once; one
 * thread does that without cross-NIC locking, and on a small machine a
 * thread per NIC would only take turns on the lock.  The thread polls
 * while there is work, spins idle_spin_us more, then sets engine_idle in
 * every doorbell page and sleeps until RIG_BNXT_KICK (the library kicks
 * only when it reads engine_idle after its doorbell store).
 */
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/highmem.h>
#include <linux/kthread.h>
#include <linux/moduleparam.h>
#include <linux/sched/clock.h>
#include <linux/sizes.h>

#include "exec.h"
#include "soft.h"

static unsigned int rnr_timeout_ms = 100;
module_param(rnr_timeout_ms, uint, 0644);
MODULE_PARM_DESC(rnr_timeout_ms, "how long a send waits for the peer to post a receive (ms, default 100)");

static unsigned int retry_timeout_ms = 100;
module_param(retry_timeout_ms, uint, 0644);
MODULE_PARM_DESC(retry_timeout_ms, "how long a send waits for a peer that does not answer (ms, default 100)");

static unsigned int idle_spin_us = 200;
module_param(idle_spin_us, uint, 0644);
MODULE_PARM_DESC(idle_spin_us, "how long the engine polls an idle NIC before it sleeps (us, default 200)");

DEFINE_MUTEX(rig_engine_lock);	/* see the top of this file */
static LIST_HEAD(rig_engine_qps);		/* under rig_engine_lock */
static DECLARE_WAIT_QUEUE_HEAD(rig_engine_wq);
static bool rig_engine_kicked;			/* under rig_engine_wq.lock */
static u32 rig_engine_idle;			/* under rig_engine_lock */
static struct task_struct *rig_engine_task;

/**
 * rig_engine_region() - the live region @key names on @rdev
 * @rdev: a soft NIC
 * @key: a key its firmware gave
 *
 * Caller holds rig_engine_lock, which keeps the region's memory alive.
 *
 * Return: the region, or NULL.
 */
struct rig_region *rig_engine_region(struct rig_dev *rdev, u32 key)
{
	struct rig_soft *soft = rdev->priv;
	struct rig_region *r = xa_load(&soft->fw.keys, rig_soft_key_index(key));

	/* The whole key must match: the variant too. */
	return r && r->key == key && r->state == RIG_REGION_LIVE ? r : NULL;
}

/* The peer a queue pair is connected to, if it exists. */
static struct rig_qp *rig_engine_find(u64 nic_id, u32 qpn)
{
	struct rig_soft *soft = rig_soft_find(nic_id);

	return soft ? xa_load(&soft->qps, qpn) : NULL;
}

static void rig_engine_set_idle(u32 idle)
{
	struct rig_qp *qp;

	rig_engine_idle = idle;
	list_for_each_entry(qp, &rig_engine_qps, node)
		WRITE_ONCE(qp->db->engine_idle, idle);
}

static void rig_engine_read_io(void *dst, const void __iomem *src, size_t n)
{
	memcpy_fromio(dst, src, n);
}

static void rig_engine_write_io(void __iomem *dst, const void *src, size_t n)
{
	memcpy_toio(dst, src, n);
}

static void rig_engine_flush_io(void)
{
	/*
	 * The stores to device memory (write-combining) before the
	 * completion's: smp_wmb() does not order WC stores on x86, wmb() does.
	 */
	wmb();
}

/*
 * Bytes one pass moves under rig_engine_lock, over all queue pairs: a
 * millisecond or so of copying, so that close, destroy, deregistration
 * and every other NIC wait no longer than that for the lock, however
 * long an entry is (up to 4 GiB).
 */
#define RIG_ENGINE_PASS_BYTES	SZ_1M

/*
 * One pass over the queue pairs, the first one served last time moved to
 * the end so that one long entry cannot starve the others of the budget;
 * *waiting if an entry waits for a peer.
 */
static bool rig_engine_pass(bool *waiting)
{
	const struct rig_exec_ops ops = {
		.peer = rig_engine_find,
		.region = rig_engine_region,
		.run_present = rig_bar_present,
		.read_io = rig_engine_read_io,
		.write_io = rig_engine_write_io,
		.flush_io = rig_engine_flush_io,
		.rnr_ms = READ_ONCE(rnr_timeout_ms),
		.retry_ms = READ_ONCE(retry_timeout_ms),
	};
	u64 budget = RIG_ENGINE_PASS_BYTES;
	struct rig_qp *qp;
	bool progress = false;

	guard(mutex)(&rig_engine_lock);
	list_rotate_left(&rig_engine_qps);
	list_for_each_entry(qp, &rig_engine_qps, node) {
		progress |= rig_exec_qp(&ops, qp, &budget, waiting);
		if (!budget)
			break;
	}
	return progress;
}

/*
 * Sleep until kicked.  engine_idle is set, then doorbells are read again
 * behind a full barrier: a process stores its doorbell, then (barrier)
 * reads engine_idle, so one of the two sides always sees the other.
 */
static void rig_engine_sleep(void)
{
	bool pending = false;
	struct rig_qp *qp;

	scoped_guard(mutex, &rig_engine_lock) {
		rig_engine_set_idle(1);
		smp_mb();	/* engine_idle before the doorbells' loads */
		list_for_each_entry(qp, &rig_engine_qps, node)
			pending |= rig_exec_pending(qp);
	}
	if (!pending)
		wait_event_interruptible(rig_engine_wq,
					 READ_ONCE(rig_engine_kicked) ||
					 kthread_should_stop());
	spin_lock_irq(&rig_engine_wq.lock);
	rig_engine_kicked = false;
	spin_unlock_irq(&rig_engine_wq.lock);
	scoped_guard(mutex, &rig_engine_lock)
		rig_engine_set_idle(0);
}

static int rig_engine_thread(void *data)
{
	u64 idle_since = local_clock();

	while (!kthread_should_stop()) {
		bool waiting = false;

		if (rig_engine_pass(&waiting)) {
			idle_since = local_clock();
			cond_resched();
			continue;
		}
		if (waiting) {			/* a peer has until a deadline */
			usleep_range(50, 100);
			continue;
		}
		/*
		 * Idle: poll a little longer, measured in nanoseconds (a jiffy
		 * is milliseconds), giving the CPU to anyone who wants it.
		 */
		if (local_clock() - idle_since < (u64)READ_ONCE(idle_spin_us) * NSEC_PER_USEC) {
			if (!cond_resched())
				cpu_relax();
			continue;
		}
		rig_engine_sleep();
		idle_since = local_clock();
	}
	return 0;
}

/**
 * rig_engine_kick() - wake the engine if it sleeps
 */
void rig_engine_kick(void)
{
	unsigned long flags;

	spin_lock_irqsave(&rig_engine_wq.lock, flags);
	rig_engine_kicked = true;
	wake_up_locked(&rig_engine_wq);
	spin_unlock_irqrestore(&rig_engine_wq.lock, flags);
}

/**
 * rig_engine_sync() - wait until the engine is between two passes
 *
 * Whatever the engine reads before each piece it moves (a device run's
 * @gone) and was written before this call, it sees from now on.
 */
void rig_engine_sync(void)
{
	mutex_lock(&rig_engine_lock);
	mutex_unlock(&rig_engine_lock);
}

/**
 * rig_engine_add() - number a new queue pair and give it to the engine
 * @qp: a queue pair of a soft NIC, not yet connected
 *
 * Return: 0, or -ENOSPC/-ENOMEM when no number is free.
 */
int rig_engine_add(struct rig_qp *qp)
{
	struct rig_soft *soft = qp->rdev->priv;
	int ret;

	guard(mutex)(&rig_engine_lock);
	ret = xa_alloc_cyclic(&soft->qps, &qp->qpn, qp, XA_LIMIT(1, RIG_BNXT_DBC_XID_MASK),
			      &soft->next_qpn, GFP_KERNEL);
	if (ret < 0)
		return ret;
	list_add_tail(&qp->node, &rig_engine_qps);
	/* A sleeping engine must be kicked for this queue pair too. */
	WRITE_ONCE(qp->db->engine_idle, rig_engine_idle);
	return 0;
}

/**
 * rig_engine_remove() - take a queue pair from the engine
 * @qp: a queue pair given by rig_engine_add()
 *
 * When this returns the engine no longer reads or writes its rings.
 */
void rig_engine_remove(struct rig_qp *qp)
{
	struct rig_soft *soft = qp->rdev->priv;

	guard(mutex)(&rig_engine_lock);
	list_del(&qp->node);
	xa_erase(&soft->qps, qp->qpn);
}

/**
 * rig_engine_start() - start the engine thread
 *
 * Return: 0, or the error of kthread_run().
 */
int rig_engine_start(void)
{
	rig_engine_task = kthread_run(rig_engine_thread, NULL, RIG_NAME "_engine");
	if (IS_ERR(rig_engine_task)) {
		int ret = PTR_ERR(rig_engine_task);

		rig_engine_task = NULL;
		return ret;
	}
	return 0;
}

/**
 * rig_engine_stop() - stop the engine thread; no queue pair is left
 */
void rig_engine_stop(void)
{
	if (!rig_engine_task)
		return;
	WARN_ON_ONCE(!list_empty(&rig_engine_qps));
	kthread_stop(rig_engine_task);
	rig_engine_task = NULL;
}
