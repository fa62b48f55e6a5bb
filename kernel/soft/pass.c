// SPDX-License-Identifier: GPL-2.0-only
/*
 * One pass of the engine over every function of a world: their command
 * channels, the frames their interfaces received (wired functions), their
 * QPs' entries (in turn, within a byte budget), their CQs' notifications
 * and their vectors; or only the QPs' part.  This file owns
 * the order of that work and the questions "is there any?", which decides
 * whether the engine may sleep, and "would a receive have any?", which
 * decides whether a receive must wake it; the thread that repeats passes
 * is engine.c's.  Pure: KUnit runs it.
 */
#include <linux/list.h>
#include <linux/timekeeping.h>

#include "soft.h"

/* The frames the interfaces of wired functions received, to their QPs. */
static noinline bool rig_soft_pass_rx(struct rig_soft_world *world)
{
	struct rig_soft_fn *fn;
	bool progress = false;

	list_for_each_entry(fn, &world->fns, node)
		if (fn->wired && !fn->stopped)
			progress |= fn->ops->rx(fn, false);
	return progress;
}

/*
 * Every QP's entries, in turn, within @budget; the frames received
 * first.  A QP on the wire (wire.c) is run by its machines, any other by
 * exec.c.
 */
static bool rig_soft_pass_entries(struct rig_soft_world *world, u64 budget, bool *waiting)
{
	struct rig_soft_qp *qp;
	bool progress = false;

	if (unlikely(world->nwired))
		progress = rig_soft_pass_rx(world);
	list_rotate_left(&world->qps);
	list_for_each_entry(qp, &world->qps, node) {
		if (qp->fn->stopped)
			continue;
		if (unlikely(qp->wire))
			progress |= rig_soft_wire_qp(qp, &budget, waiting, ktime_get_ns());
		else
			progress |= rig_soft_exec_qp(qp, &budget, waiting);
		if (!budget)
			break;
	}
	return progress;
}

/* Has @qp work now? */
static bool rig_soft_qp_pending(struct rig_soft_qp *qp)
{
	if (qp->fn->stopped)
		return false;
	if (unlikely(qp->wire))
		return rig_soft_wire_qp_pending(qp, ktime_get_ns());
	return rig_soft_exec_pending(qp);
}

/**
 * rig_soft_pass_qps() - the QPs' part of a pass
 * @world: the world; the caller holds its lock
 * @budget: bytes the pass may move over all QPs
 * @waiting: set when an entry waits for a peer until a deadline
 *
 * The QPs' entries, then the notifications of the CQs they wrote to (a
 * stopped function has no CQ: its reset freed them).  The QP served first
 * last time is served last this time, so one long entry cannot starve the
 * others of the budget.  This is all the engine looks at on most of its
 * passes: a send doorbell starts the work that a process spins on, and a
 * completion is what makes a notification due (an arm rung later is seen
 * by a whole pass, rig_soft_pass()).
 *
 * Return: true when anything happened.
 */
bool rig_soft_pass_qps(struct rig_soft_world *world, u64 budget, bool *waiting)
{
	struct rig_soft_cq *cq, *next;
	bool progress;

	lockdep_assert_held(&world->lock);
	progress = rig_soft_pass_entries(world, budget, waiting);
	list_for_each_entry_safe(cq, next, &world->touched, touched)
		progress |= rig_soft_cq_service(cq);
	return progress;
}

/**
 * rig_soft_pass() - one whole pass over a world
 * @world: the world; the caller holds its lock
 * @budget: bytes the pass may move over all QPs
 * @waiting: set when an entry waits for a peer until a deadline
 *
 * Every function's commands, then the QPs' entries, then every CQ's
 * notification (those written to among them, which leave the world's
 * @touched) and every vector: what the process and the driver ring
 * without a completion too (commands, arms, NQ doorbells).
 *
 * Return: true when anything happened.
 */
bool rig_soft_pass(struct rig_soft_world *world, u64 budget, bool *waiting)
{
	struct rig_soft_fn *fn;
	struct rig_soft_cq *cq;
	bool progress = false;
	unsigned long i;

	lockdep_assert_held(&world->lock);
	list_for_each_entry(fn, &world->fns, node)
		progress |= rig_soft_cmdq_service(fn);
	progress |= rig_soft_pass_entries(world, budget, waiting);
	list_for_each_entry(fn, &world->fns, node) {
		if (fn->stopped)
			continue;
		list_for_each_entry(cq, &fn->cq_list, node)
			progress |= rig_soft_cq_service(cq);
		for (i = 0; i < RIG_SOFT_NVEC; i++)
			progress |= rig_soft_ring_service(fn, &fn->rings[i]);
		rig_soft_stats_service(fn);
	}
	return progress;
}

/**
 * rig_soft_pending() - has any function of a world work for the engine?
 * @world: the world; the caller holds its lock
 *
 * Asked after the engine said it sleeps (behind a full barrier), so a
 * doorbell written before the process read "asleep" is seen here.
 *
 * Return: true when a pass would make progress.
 */
bool rig_soft_pending(struct rig_soft_world *world)
{
	struct rig_soft_fn *fn;
	struct rig_soft_qp *qp;
	struct rig_soft_cq *cq;
	unsigned long i;

	lockdep_assert_held(&world->lock);
	list_for_each_entry(fn, &world->fns, node) {
		if (fn->stopped)
			continue;
		if (rig_soft_cmdq_pending(fn))
			return true;
		list_for_each_entry(cq, &fn->cq_list, node)
			if (rig_soft_cq_pending(cq))
				return true;
		for (i = 0; i < RIG_SOFT_NVEC; i++)
			if (rig_soft_ring_pending(fn, &fn->rings[i]))
				return true;
		if (rig_soft_stats_pending(fn))
			return true;
		if (fn->wired && fn->ops->rx(fn, true))
			return true;
	}
	list_for_each_entry(qp, &world->qps, node)
		if (rig_soft_qp_pending(qp))
			return true;
	return false;
}

/**
 * rig_soft_rq_wake() - would a receive posted to @fn have work at once?
 * @fn: the function; the caller holds its world's lock
 *
 * What the status page's rq_wake tells a process while the engine
 * sleeps.  Only a receive of a QP in error has work at once: it completes
 * flushed.  Any other waits for a send, which wakes the engine itself: a
 * local peer's is kicked, frames from the wire wake it, and a send that
 * waits for a receive keeps the engine awake until its deadline
 * (rig_soft_exec_qp()'s @waiting).  A QP in error makes every receive of
 * its function kick: a few kicks too many, where a failed queue pair
 * waits to be destroyed.
 *
 * Return: true when a QP of @fn is in error.
 */
bool rig_soft_rq_wake(struct rig_soft_fn *fn)
{
	struct rig_soft_qp *qp;
	unsigned long i;

	rig_soft_assert_held(fn);
	xa_for_each(&fn->qps, i, qp)
		if (qp->state == CMDQ_MODIFY_QP_NEW_STATE_ERR)
			return true;
	return false;
}
