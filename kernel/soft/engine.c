// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine thread: one kernel thread serves every modelled function, in
 * passes (pass.c) under the world's lock.  Two functions stand for two
 * machines, but a send between them must see both sides at once; one
 * thread does that without cross-function locking.
 *
 * This file owns the thread, the world it serves and its module
 * parameters.  The thread polls while there is work, spins idle_spin_us
 * (RIG_SOFT_ALONE_SPIN_NS while its CPU has nothing else to run, and at
 * least RIG_SOFT_IDLE_PASSES passes) more, then sets idle in
 * every function's status page (and rq_wake, whether a receive needs a
 * kick), looks once more behind a full barrier, and sleeps until kicked
 * (RIG_BNXT_KICK, or the driver after a command, through the transport's
 * wake) or asleep_look_ms passes, when it looks at the mailboxes and
 * doorbells again without waking up.
 *
 * Where a kick's work runs (kick_runs_pass) depends on whether the engine
 * has a CPU of its own.  When it last looked, alone on its CPU, a kick
 * wakes it and it polls: a busy NIC then costs its processes no system
 * call.  When another task wanted its CPU (a process per NIC spinning on
 * its completions, on two CPUs), a kick runs the pass in the kicker's
 * system call, as rxe runs a post, and wakes the engine only for what that
 * pass leaves: nobody then waits for a third thread to be scheduled.
 */
#include <linux/kthread.h>
#include <linux/moduleparam.h>
#include <linux/random.h>
#include <linux/sched/clock.h>
#include <linux/sched/stat.h>
#include <linux/wait.h>

#include "dev.h"

static unsigned int rnr_timeout_ms = 100;
module_param(rnr_timeout_ms, uint, 0644);
MODULE_PARM_DESC(rnr_timeout_ms, "how long a send waits for the peer to post a receive (ms, default 100)");

static unsigned int retry_timeout_ms = 100;
module_param(retry_timeout_ms, uint, 0644);
MODULE_PARM_DESC(retry_timeout_ms, "how long a send waits for a peer that does not answer (ms, default 100)");

/* kick_runs_pass: where the work of a kick that finds the engine asleep runs. */
enum {
	RIG_SOFT_KICK_WAKES,	/* in the engine, woken */
	RIG_SOFT_KICK_CROWDED,	/* in the kicker when the engine's CPU is wanted */
	RIG_SOFT_KICK_RUNS,	/* in the kicker */
};

static unsigned int kick_runs_pass = RIG_SOFT_KICK_CROWDED;
module_param(kick_runs_pass, uint, 0644);
MODULE_PARM_DESC(kick_runs_pass, "where a kick that finds the engine asleep runs the pass: 0 in the engine (woken), 1 in the kicker's system call when the engine's CPU was wanted by another task (default), 2 always in the kicker's");

static unsigned int idle_spin_us = 20;
module_param(idle_spin_us, uint, 0644);
MODULE_PARM_DESC(idle_spin_us, "how long the engine polls idle functions before it sleeps while another task wants its CPU (us, default 20; at least 200 while none does)");

static unsigned int asleep_look_ms = 1;
module_param(asleep_look_ms, uint, 0644);
MODULE_PARM_DESC(asleep_look_ms, "how often a sleeping engine looks at doorbells and mailboxes no one kicked (ms, default 1; 0: only when kicked)");

static ulong seed;
module_param(seed, ulong, 0444);
MODULE_PARM_DESC(seed, "the seed of the draws the model makes where the chip may choose (default 0: drawn at load; the kernel log says which)");

static unsigned int unkind = RIG_SOFT_UNKIND_ALL;
module_param(unkind, uint, 0644);
MODULE_PARM_DESC(unkind, "where the chip may choose, what the model does as a 57508 may, a bit each (default 7, all): 1 one send completion for several entries, 2 no flush after an error (a TERMINAL completion; software flushes), 4 a completion into a full CQ fails the CQ; 0 for a test that needs a kind chip");

static struct rig_soft_world rig_soft_world;

/*
 * The world's copy is written here, not at the engine's next pass: a
 * function restarted right after the write must advertise the new value,
 * and an idle engine makes no pass.
 */
static int rig_soft_fw_timeout_set(const char *val, const struct kernel_param *kp)
{
	unsigned int s;
	int ret;

	ret = kstrtouint(val, 0, &s);
	if (ret)
		return ret;
	*(unsigned int *)kp->arg = s;
	WRITE_ONCE(rig_soft_world.fw_timeout_s, s);
	return 0;
}

static const struct kernel_param_ops rig_soft_fw_timeout_ops = {
	.set = rig_soft_fw_timeout_set,
	.get = param_get_uint,
};

static unsigned int fw_timeout_s = 40;
module_param_cb(fw_timeout_s, &rig_soft_fw_timeout_ops, &fw_timeout_s, 0644);
MODULE_PARM_DESC(fw_timeout_s, "the command timeout HWRM_VER_GET advertises (max_req_timeout, s, default 40)");

/*
 * Bytes one pass moves over all QPs: a millisecond or so of copying, so
 * commands, HWRM and every other function wait no longer for the lock,
 * however long an entry is (up to 4 GiB).
 */
#define RIG_SOFT_PASS_BYTES	SZ_1M

static DECLARE_WAIT_QUEUE_HEAD(rig_soft_wq);
static bool rig_soft_kicked;		/* under rig_soft_wq.lock */
static u32 rig_soft_idle;		/* under rig_soft_world.lock */
/*
 * Another task wanted the engine's CPU when it last looked before
 * sleeping: written under rig_soft_world.lock, read by kickers without it.
 */
static bool rig_soft_crowded;
static struct task_struct *rig_soft_task;
/*
 * The engine thread's passes, sleeps and time asleep, for a check that
 * nothing keeps it busy once every user is gone: written by the thread
 * alone, read without a lock (rig_soft_engine_counts()).
 */
static u64 rig_soft_passes, rig_soft_sleeps, rig_soft_asleep_ns;
static u64 rig_soft_asleep_since;	/* when the sleep it is in began, or 0 */

/**
 * rig_soft_engine_world() - the world the engine serves
 *
 * Return: it.
 */
struct rig_soft_world *rig_soft_engine_world(void)
{
	return &rig_soft_world;
}

/**
 * rig_soft_engine_counts() - what the engine thread has done
 * @passes: where the passes it made are stored
 * @sleeps: where the times it went to sleep are stored
 * @asleep_ns: where the time it spent asleep is stored, the sleep it is
 *	       in included
 *
 * Return: whether it sleeps now.  With no user at work the engine sleeps
 * nearly all the time, waking for the statistics it writes and the
 * looks of asleep_look_ms.
 */
bool rig_soft_engine_counts(u64 *passes, u64 *sleeps, u64 *asleep_ns)
{
	u64 since;

	*passes = READ_ONCE(rig_soft_passes);
	*sleeps = READ_ONCE(rig_soft_sleeps);
	/*
	 * The total, then the sleep it is in: the thread clears the one
	 * before adding to the other, so a wake-up between the two loads
	 * loses that sleep rather than counting it twice.
	 */
	*asleep_ns = READ_ONCE(rig_soft_asleep_ns);
	since = READ_ONCE(rig_soft_asleep_since);
	if (since)
		*asleep_ns += local_clock() - since;
	return READ_ONCE(rig_soft_idle);
}

/*
 * Each function's status page: whether a receive posted while the engine
 * sleeps needs a kick (rig_soft_rq_wake()).  Stored before idle, which a
 * process loads first (with acquire), when the engine goes to sleep and
 * after a kicker's pass: only a pass changes a QP's state, so the looks
 * of a sleeping engine (every asleep_look_ms) need not walk the QPs again.
 */
static void rig_soft_set_rq_wake(void)
{
	struct rig_soft_fn *fn;

	lockdep_assert_held(&rig_soft_world.lock);
	list_for_each_entry(fn, &rig_soft_world.fns, node)
		rig_soft_bar_write32(fn, RIG_SOFT_STATUS_RQ_WAKE, rig_soft_rq_wake(fn));
}

static void rig_soft_set_idle(u32 idle)
{
	struct rig_soft_fn *fn;

	lockdep_assert_held(&rig_soft_world.lock);
	if (idle && !rig_soft_idle)
		rig_soft_set_rq_wake();
	WRITE_ONCE(rig_soft_idle, idle);	/* read unlocked by the counts */
	list_for_each_entry(fn, &rig_soft_world.fns, node)
		rig_soft_bar_write32(fn, RIG_SOFT_STATUS, idle);
}

/* A whole pass (@whole), or only the QPs' entries; the world's lock held. */
static bool rig_soft_engine_pass_locked(bool whole, bool *waiting)
{
	lockdep_assert_held(&rig_soft_world.lock);
	rig_soft_world.rnr_ms = READ_ONCE(rnr_timeout_ms);
	rig_soft_world.retry_ms = READ_ONCE(retry_timeout_ms);
	rig_soft_world.unkind = READ_ONCE(unkind) & RIG_SOFT_UNKIND_ALL;
	if (!whole)
		return rig_soft_pass_qps(&rig_soft_world, RIG_SOFT_PASS_BYTES, waiting);
	return rig_soft_pass(&rig_soft_world, RIG_SOFT_PASS_BYTES, waiting);
}

/*
 * A pass; then the frames it built for the wire leave, the lock dropped
 * (an empty queue costs a look at it).
 */
static bool rig_soft_engine_pass(bool whole, bool *waiting)
{
	struct sk_buff_head tx;
	bool busy;

	__skb_queue_head_init(&tx);
	scoped_guard(mutex, &rig_soft_world.lock) {
		busy = rig_soft_engine_pass_locked(whole, waiting);
		rig_soft_net_take(&tx);
	}
	rig_soft_net_send(&tx);
	return busy;
}

/* Say "asleep", then look: work found now means no sleep. */
static bool rig_soft_engine_doze(void)
{
	guard(mutex)(&rig_soft_world.lock);
	rig_soft_set_idle(1);
	WRITE_ONCE(rig_soft_crowded, !single_task_running());
	/*
	 * The status pages' stores before the doorbells' loads; pairs with
	 * the process's full barrier between its doorbell store and its load
	 * of idle: either it sees the engine asleep and kicks, or the engine
	 * sees its doorbell here.
	 */
	mb();
	return rig_soft_pending(&rig_soft_world);
}

/*
 * Sleep until kicked or work shows up; every asleep_look_ms look at the
 * mailboxes and doorbells (a doorbell the driver writes for a ring of its
 * own, an arm or a consumer, is not kicked).
 */
static void rig_soft_engine_sleep(void)
{
	while (!rig_soft_engine_doze()) {
		unsigned int look = READ_ONCE(asleep_look_ms);
		bool go = look ?
			!wait_event_interruptible_hrtimeout(rig_soft_wq,
							    READ_ONCE(rig_soft_kicked) ||
							    kthread_should_stop(),
							    ms_to_ktime(look)) :
			!wait_event_interruptible(rig_soft_wq,
						  READ_ONCE(rig_soft_kicked) ||
						  kthread_should_stop());

		if (go)
			break;
	}
	spin_lock_irq(&rig_soft_wq.lock);
	rig_soft_kicked = false;
	spin_unlock_irq(&rig_soft_wq.lock);
	scoped_guard(mutex, &rig_soft_world.lock)
		rig_soft_set_idle(0);
}

/*
 * Idle passes the engine makes before it may sleep, however much time has
 * passed: a virtual CPU that was not scheduled for a while (QEMU's
 * single-threaded TCG runs the guest's CPUs in turn) sees idle_spin_us go
 * by without a look at the doorbells a process rang meanwhile.
 */
#define RIG_SOFT_IDLE_PASSES	16

/*
 * How long the engine polls at least while no other task wants its CPU:
 * a process that answers a completion (a ping-pong) rings again within
 * microseconds, but a virtual CPU the host did not run for a while rings
 * late, and a sleeping engine costs that process a system call to kick it
 * and the wake-up.  Once another task waits for the CPU (a thread per NIC
 * on two CPUs), idle_spin_us alone counts: the spin would take the CPU
 * from the process the engine waits for.
 */
#define RIG_SOFT_ALONE_SPIN_NS	(200 * NSEC_PER_USEC)

/* How long an idle engine polls before it may sleep, now. */
static u64 rig_soft_spin_ns(void)
{
	u64 spin = (u64)READ_ONCE(idle_spin_us) * NSEC_PER_USEC;

	return single_task_running() ? max(spin, RIG_SOFT_ALONE_SPIN_NS) : spin;
}

/*
 * The engine makes a whole pass (commands, arms, vectors: fourteen
 * doorbell pages for two functions with two QPs, 2-3 us under TCG) at
 * least this often, busy or idle, and otherwise only the QPs' part: a
 * process that spins on its completions waits for the engine to see its
 * send, and the look must be short (a ping-pong's pass is a few
 * microseconds, so the whole ones cost it a few percent).  A pass while
 * an entry waits for a peer, the first after sleeping and the last look
 * before it are whole.  What only a whole pass sees waits no longer than
 * this: an arm rung after its completion, a command (the driver kicks
 * only a sleeping engine), an NQ doorbell.
 */
#define RIG_SOFT_WHOLE_NS	(100 * NSEC_PER_USEC)

/*
 * An entry waits for a peer until a deadline: look again within 100 us,
 * or at once for a frame received.  A wire QP waits so whenever a frame
 * is unacknowledged, and its answer comes as a frame: a nap no frame
 * could end would add to every round trip.  A kick from before the nap
 * ends it at once, and is then spent: the pass after it sees its work.
 */
static void rig_soft_engine_nap(void)
{
	wait_event_interruptible_hrtimeout(rig_soft_wq, READ_ONCE(rig_soft_kicked) ||
					   kthread_should_stop(), ns_to_ktime(100 * NSEC_PER_USEC));
	spin_lock_irq(&rig_soft_wq.lock);
	rig_soft_kicked = false;
	spin_unlock_irq(&rig_soft_wq.lock);
}

static int rig_soft_engine_thread(void *data)
{
	u64 idle_since = local_clock(), whole_since = idle_since;
	unsigned int idle_passes = 0;
	bool whole = true;

	while (!kthread_should_stop()) {
		bool waiting = false, busy;
		u64 now;

		busy = rig_soft_engine_pass(whole, &waiting);
		WRITE_ONCE(rig_soft_passes, rig_soft_passes + 1);
		now = local_clock();
		if (whole)
			whole_since = now;
		whole = now - whole_since >= RIG_SOFT_WHOLE_NS;
		if (busy) {
			idle_since = now;
			idle_passes = 0;
			cond_resched();
			continue;
		}
		if (waiting) {			/* a peer has until a deadline */
			whole = true;
			rig_soft_engine_nap();
			continue;
		}
		/* Idle: poll a little longer, giving the CPU to anyone who wants it. */
		idle_passes++;
		if (now - idle_since < rig_soft_spin_ns() || idle_passes < RIG_SOFT_IDLE_PASSES) {
			if (!cond_resched())
				cpu_relax();
			continue;
		}
		WRITE_ONCE(rig_soft_asleep_since, now);
		rig_soft_engine_sleep();
		idle_since = local_clock();
		WRITE_ONCE(rig_soft_sleeps, rig_soft_sleeps + 1);
		WRITE_ONCE(rig_soft_asleep_since, 0);
		WRITE_ONCE(rig_soft_asleep_ns, rig_soft_asleep_ns + idle_since - now);
		idle_passes = 0;
		whole = true;
	}
	return 0;
}

/*
 * The pass a kick asks for, run by the kicker (as rxe runs a post in the
 * poster's system call) when the engine sleeps: no wake-up to pay for, and
 * no thread that needs a CPU while the processes spin on their
 * completions.  A busy world (the lock taken: the engine or another
 * kicker at work) is left to the engine.  Whole, because a kick may be
 * for an arm or a receive as well as a send.
 *
 * Return: true when nothing is left for the engine, which sleeps on.
 */
static bool rig_soft_engine_kick_pass(struct rig_soft_fn *fn)
{
	bool waiting = false, left;
	struct sk_buff_head tx;

	if (!mutex_trylock(&rig_soft_world.lock))
		return false;
	/* Awake, the engine looks at the doorbells again before it sleeps. */
	if (!rig_soft_idle) {
		mutex_unlock(&rig_soft_world.lock);
		return true;
	}
	fn->stats.kick_passes++;
	rig_soft_engine_pass_locked(true, &waiting);
	/* The pass may have failed a QP: its receives now have work at once. */
	rig_soft_set_rq_wake();
	/*
	 * As in rig_soft_engine_doze(): rq_wake's stores before the look at
	 * the doorbells.  Either a process sees rq_wake and kicks, or we see
	 * its receive here.
	 */
	mb();
	/* More than one pass's bytes, or a peer to wait for: the engine's. */
	left = waiting || rig_soft_pending(&rig_soft_world);
	__skb_queue_head_init(&tx);
	rig_soft_net_take(&tx);
	mutex_unlock(&rig_soft_world.lock);
	rig_soft_net_send(&tx);
	return !left;
}

/**
 * rig_soft_engine_kick() - have the engine's work done if it sleeps
 * @fn: the function a process kicked (RIG_BNXT_KICK)
 *
 * Runs the pass in the caller's context when the engine sleeps and
 * kick_runs_pass says so (counted in @fn's stats), else, or for what
 * that pass leaves, wakes the engine.  Process context: it may take the
 * world's lock.
 */
void rig_soft_engine_kick(struct rig_soft_fn *fn)
{
	unsigned int where = READ_ONCE(kick_runs_pass);

	atomic64_inc(&fn->kicks);
	if ((where == RIG_SOFT_KICK_RUNS ||
	     (where == RIG_SOFT_KICK_CROWDED && READ_ONCE(rig_soft_crowded))) &&
	    rig_soft_engine_kick_pass(fn))
		return;
	rig_soft_engine_wake();
}

/**
 * rig_soft_engine_wake() - wake the engine
 *
 * Any context, the world's lock not needed: the receive path of an
 * interface calls it for every frame it queues.
 */
void rig_soft_engine_wake(void)
{
	unsigned long flags;

	spin_lock_irqsave(&rig_soft_wq.lock, flags);
	rig_soft_kicked = true;
	wake_up_locked(&rig_soft_wq);
	spin_unlock_irqrestore(&rig_soft_wq.lock, flags);
}

/**
 * rig_soft_engine_sync() - wait until the engine is between two passes
 */
void rig_soft_engine_sync(void)
{
	mutex_lock(&rig_soft_world.lock);
	mutex_unlock(&rig_soft_world.lock);
}

/**
 * rig_soft_engine_add() - have the engine serve a function
 * @fn: a function made by rig_soft_fn_init() on the engine's world
 */
void rig_soft_engine_add(struct rig_soft_fn *fn)
{
	guard(mutex)(&rig_soft_world.lock);
	list_add_tail(&fn->node, &rig_soft_world.fns);
	/* A sleeping engine must be kicked for this function too. */
	rig_soft_bar_write32(fn, RIG_SOFT_STATUS_RQ_WAKE, rig_soft_rq_wake(fn));
	rig_soft_bar_write32(fn, RIG_SOFT_STATUS, rig_soft_idle);
}

/**
 * rig_soft_engine_remove() - the engine serves a function no more
 * @fn: a function given to rig_soft_engine_add()
 *
 * Every object it still has is forgotten: once this returns the engine
 * touches neither its BAR nor its memory.
 */
void rig_soft_engine_remove(struct rig_soft_fn *fn)
{
	guard(mutex)(&rig_soft_world.lock);
	rig_soft_fn_reset(fn);
	list_del_init(&fn->node);
}

/**
 * rig_soft_engine_start() - start the engine thread
 *
 * Return: 0, or the error of kthread_run().
 */
int rig_soft_engine_start(void)
{
	rig_soft_world_init(&rig_soft_world);
	rig_soft_world.fw_timeout_s = fw_timeout_s;
	rig_soft_world.unkind = unkind & RIG_SOFT_UNKIND_ALL;
	/* A run reproduces from the seed the log shows. */
	while (!seed)
		seed = get_random_long();
	prandom_seed_state(&rig_soft_world.rnd, seed);
	pr_info("rig_soft: seed %lu (reproduce with seed=%lu)\n", seed, seed);
	rig_soft_task = kthread_run(rig_soft_engine_thread, NULL, "rig_soft");
	if (IS_ERR(rig_soft_task)) {
		int ret = PTR_ERR(rig_soft_task);

		rig_soft_task = NULL;
		return ret;
	}
	return 0;
}

/**
 * rig_soft_engine_stop() - stop the engine thread; no function is left
 */
void rig_soft_engine_stop(void)
{
	if (!rig_soft_task)
		return;
	WARN_ON_ONCE(!list_empty(&rig_soft_world.fns));
	kthread_stop(rig_soft_task);
	rig_soft_task = NULL;
	mutex_destroy(&rig_soft_world.lock);
}
