// SPDX-License-Identifier: GPL-2.0-only
/*
 * Completion queues: CREATE_CQ and DESTROY_CQ, the completions the data
 * path writes into a CQ's pages, and the notifications (struct nq_cn)
 * written to its NQ when it is armed.  This file owns a CQ's room (from
 * the process's CQ doorbell), its arm state (the process's CQ_ARMALL or
 * CQ_ARMSE at DPI page dpi, which stays in force when a CQ doorbell
 * follows it, until a notification answers it; the driver's CQ_ARMENA,
 * taken only from the privileged page (DPI 0, the CQ's word of it) and
 * only before the arm it enables: an arm that finds the CQ not enabled
 * raises nothing, ever, as bnxt_re's order of the two allows) and the
 * DPI pages objects ring.  What
 * goes into a completion is exec.c's.  Pure: KUnit runs it.
 */
#include <linux/slab.h>

#include "soft.h"

#define RIG_SOFT_CQE_TOGGLE	24	/* the byte of cqe_type_toggle */
#define RIG_SOFT_CQE_STATUS	25

/**
 * rig_soft_dpi_take() - give DPI pages @dpi and @dpi + 1 to a new object
 * @fn: the function
 * @dpi: the first page
 *
 * Each doorbell has a page of its own (RIG_TRANSPORT_CAP_DPI_PER_DOORBELL):
 * a page another live object rings cannot be given again.
 *
 * Return: false when a page is outside the doorbell BAR or in use.
 */
bool rig_soft_dpi_take(struct rig_soft_fn *fn, u32 dpi)
{
	if (dpi >= fn->lim.max_dpi - 1 || test_bit(dpi, fn->dpi_used) ||
	    test_bit(dpi + 1, fn->dpi_used))
		return false;
	set_bit(dpi, fn->dpi_used);
	set_bit(dpi + 1, fn->dpi_used);
	return true;
}

/**
 * rig_soft_dpi_put() - take DPI pages @dpi and @dpi + 1 back
 * @fn: the function
 * @dpi: the first page, given by rig_soft_dpi_take()
 */
void rig_soft_dpi_put(struct rig_soft_fn *fn, u32 dpi)
{
	clear_bit(dpi, fn->dpi_used);
	clear_bit(dpi + 1, fn->dpi_used);
}

/* The checks of CREATE_CQ that read no memory; *@shift its page size. */
static u8 rig_soft_create_cq_check(struct rig_soft_fn *fn,
				   const struct cmdq_create_cq *req, int *shift)
{
	u32 pg = le32_to_cpu(req->pg_size_lvl);
	u32 cnq = le32_to_cpu(req->cq_fco_cnq_id);
	u32 size = le32_to_cpu(req->cq_size);
	u16 nq = cnq & CMDQ_CREATE_CQ_CNQ_ID_MASK;

	if (fn->ncqs >= fn->lim.max_cq)
		return CREQ_QP_EVENT_STATUS_RESOURCES;
	*shift = rig_soft_pg_size_shift((pg & CMDQ_CREATE_CQ_PG_SIZE_MASK) >>
					CMDQ_CREATE_CQ_PG_SIZE_SFT);
	if ((le16_to_cpu(req->flags) & ~CMDQ_CREATE_CQ_FLAGS_DISABLE_CQ_OVERFLOW_DETECTION) ||
	    (pg & CMDQ_CREATE_CQ_UNUSED27_MASK) || *shift < 0 ||
	    (pg & CMDQ_CREATE_CQ_LVL_MASK) > CMDQ_CREATE_CQ_LVL_LVL_2 ||
	    (cnq & CMDQ_CREATE_CQ_CQ_FCO_MASK) || !rig_soft_ring_find(fn, nq) ||
	    (fn->cmdq.up && nq == fn->cmdq.creq) || !size || size > fn->lim.max_cqe ||
	    req->steering_tag)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	return 0;
}

/* A QMEM error as a status. */
static u8 rig_soft_qmem_status(int ret)
{
	return ret == -EFAULT ? CREQ_QP_EVENT_STATUS_HARDWARE_ERROR :
	       ret == -ENOMEM ? CREQ_QP_EVENT_STATUS_RESOURCES :
	       CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
}

/**
 * rig_soft_cmd_create_cq() - CREATE_CQ
 * @fn: the function
 * @cmd: a struct cmdq_create_cq
 * @resp: the answer: xid = the CQ's id
 *
 * Checks: flags (only DISABLE_CQ_OVERFLOW_DETECTION), level and page
 * size, cnq_id an NQ (not the CREQ) with no first-completion offset,
 * 1 <= cq_size <= max_cqe, DPI pages dpi and dpi + 1 free, the page
 * list covers cq_size completions, max_cq.
 *
 * Return: 0 or a status.
 */
u8 rig_soft_cmd_create_cq(struct rig_soft_fn *fn, const void *cmd,
			  struct creq_qp_event *resp)
{
	const struct cmdq_create_cq *req = cmd;
	u32 dpi = le32_to_cpu(req->dpi);
	struct rig_soft_cq *cq;
	u8 status;
	int shift, ret;

	status = rig_soft_create_cq_check(fn, req, &shift);
	if (status)
		return status;
	if (!rig_soft_dpi_take(fn, dpi))
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	cq = kzalloc(sizeof(*cq), GFP_KERNEL);
	if (!cq) {
		status = CREQ_QP_EVENT_STATUS_RESOURCES;
		goto err_dpi;
	}
	cq->entries = le32_to_cpu(req->cq_size);
	ret = rig_soft_qmem_init(fn->mem, &cq->mem, le64_to_cpu(req->pbl),
				 le32_to_cpu(req->pg_size_lvl) & CMDQ_CREATE_CQ_LVL_MASK,
				 shift, (u64)cq->entries * RIG_SOFT_CQE_SIZE);
	if (ret) {
		status = rig_soft_qmem_status(ret);
		goto err_free;
	}
	if (xa_alloc_cyclic(&fn->cqs, &cq->id, cq, XA_LIMIT(1, RIG_SOFT_XID_MAX),
			    &fn->next_cqn, GFP_KERNEL) < 0) {
		status = CREQ_QP_EVENT_STATUS_RESOURCES;
		goto err_mem;
	}
	cq->fn = fn;
	cq->handle = le64_to_cpu(req->cq_handle);
	cq->dpi = dpi;
	cq->nq = le32_to_cpu(req->cq_fco_cnq_id) & CMDQ_CREATE_CQ_CNQ_ID_MASK;
	rig_soft_db_reset(fn, &cq->db, rig_soft_dpi_off(dpi));
	rig_soft_db_reset(fn, &cq->armena, rig_soft_armena_off(cq->handle));
	list_add_tail(&cq->node, &fn->cq_list);
	INIT_LIST_HEAD(&cq->touched);
	fn->ncqs++;
	((struct creq_create_cq_resp *)resp)->xid = cpu_to_le32(cq->id);
	return 0;

err_mem:
	rig_soft_qmem_free(&cq->mem);
err_free:
	kfree(cq);
err_dpi:
	rig_soft_dpi_put(fn, dpi);
	return status;
}

/**
 * rig_soft_cq_free() - forget a CQ no QP uses
 * @cq: the CQ; the caller holds its world's lock
 */
void rig_soft_cq_free(struct rig_soft_cq *cq)
{
	struct rig_soft_fn *fn = cq->fn;

	rig_soft_assert_held(fn);
	xa_erase(&fn->cqs, cq->id);
	list_del(&cq->node);
	list_del(&cq->touched);
	rig_soft_dpi_put(fn, cq->dpi);
	rig_soft_qmem_free(&cq->mem);
	fn->ncqs--;
	kfree(cq);
}

/**
 * rig_soft_cmd_destroy_cq() - DESTROY_CQ
 * @fn: the function
 * @cmd: a struct cmdq_destroy_cq
 * @resp: the answer: xid, and total_cnq_events (the notifications the
 *	  CQ caused, which bnxt_re waits to have seen)
 *
 * Return: 0; INVALID_PARAMETER for no such CQ; FAIL while a QP uses it.
 */
u8 rig_soft_cmd_destroy_cq(struct rig_soft_fn *fn, const void *cmd,
			   struct creq_qp_event *resp)
{
	const struct cmdq_destroy_cq *req = cmd;
	struct creq_destroy_cq_resp *r = (void *)resp;
	struct rig_soft_cq *cq = xa_load(&fn->cqs, le32_to_cpu(req->cq_cid));

	if (!cq)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	if (cq->users)
		return CREQ_QP_EVENT_STATUS_FAIL;
	r->xid = cpu_to_le32(cq->id);
	r->total_cnq_events = cpu_to_le16(cq->cnq_events);
	rig_soft_cq_free(cq);
	return 0;
}

static void rig_soft_cq_armena(struct rig_soft_cq *cq);

/*
 * Take a new value of the process's doorbell: CQ moves the consumer;
 * CQ_ARMALL and CQ_ARMSE move it and arm the CQ, until a notification
 * answers, if a CQ_ARMENA came first; else the arm is void.  A value
 * that names no place leaves the CQ without room.
 */
static void rig_soft_cq_db(struct rig_soft_cq *cq)
{
	u32 type;
	u64 pos;

	if (rig_soft_db_poll(cq->fn, &cq->db, cq->id) <= 0)
		return;
	type = rig_soft_db_type(cq->db.val);
	cq->cons_bad = (type != DBC_DBC_TYPE_CQ && type != DBC_DBC_TYPE_CQ_ARMALL &&
			type != DBC_DBC_TYPE_CQ_ARMSE) ||
		       !rig_soft_db_clean(cq->db.val, type != DBC_DBC_TYPE_CQ) ||
		       !rig_soft_db_pos(cq->db.val, cq->entries, &pos);
	if (cq->cons_bad)
		return;
	cq->cons = pos;
	if (type == DBC_DBC_TYPE_CQ)
		return;
	rig_soft_cq_armena(cq);
	if (!cq->armena_on) {
		cq->fn->stats.arms_void++;
		return;
	}
	cq->armed = true;
	cq->arm_se = type == DBC_DBC_TYPE_CQ_ARMSE;
	cq->arm_pos = pos;
}

/* Completions written beyond place @cons; more than the ring: U64_MAX. */
static u64 rig_soft_cq_unread(struct rig_soft_cq *cq, u64 cons)
{
	u64 lap = 2ULL * cq->entries;
	u64 n = (cq->prod % lap + lap - cons) % lap;

	return n > cq->entries ? U64_MAX : n;
}

/*
 * Completions written and not taken, by the consumer doorbell; U64_MAX
 * for a broken CQ or one whose doorbell names no place or a consumer
 * ahead of the producer.
 *
 * The consumer doorbell is read once per look of the engine at a QP (the
 * world's @look), and again only when the place it last named leaves no
 * room: within a look, room once seen stays room (a consumer cannot take
 * back what it took), so a run of entries costs one read, not one per
 * entry.
 */
static u64 rig_soft_cq_used(struct rig_soft_cq *cq)
{
	u64 look = cq->fn->world->look;
	u64 used;

	if (cq->broken)
		return U64_MAX;
	used = cq->cons_bad ? U64_MAX : rig_soft_cq_unread(cq, cq->cons);
	if (cq->looked != look || used >= cq->entries) {
		cq->looked = look;
		rig_soft_cq_db(cq);
		if (cq->cons_bad)
			return U64_MAX;
		used = rig_soft_cq_unread(cq, cq->cons);
	}
	return used;
}

/**
 * rig_soft_cq_room() - may an entry that completes into a CQ run?
 * @cq: the CQ; the caller holds its world's lock
 *
 * A doorbell that names no place, or a consumer ahead of the producer,
 * leaves no room: nothing waits on such a CQ, and the engine sleeps.  A
 * full CQ leaves none either, unless the world is unkind
 * (RIG_SOFT_UNKIND_CQ_OVERFLOW): the chip does not wait for its
 * consumer, and the completion overflows (rig_soft_cq_write()).
 *
 * Return: the room; 1 for a full CQ of an unkind world.
 */
u32 rig_soft_cq_room(struct rig_soft_cq *cq)
{
	u64 used;

	rig_soft_assert_held(cq->fn);
	used = rig_soft_cq_used(cq);
	if (used == U64_MAX)
		return 0;
	if (used >= cq->entries)
		return rig_soft_unkind(cq->fn->world, RIG_SOFT_UNKIND_CQ_OVERFLOW, false);
	return cq->entries - used;
}

/*
 * A completion found @cq without room.  On the chip it is lost, the CQ
 * takes no more, and the firmware raises a CQ error event
 * (RIG_SOFT_UNKIND_CQ_OVERFLOW).  A kind world's writers looked for room
 * first, and nothing changes.
 */
static int rig_soft_cq_overflow(struct rig_soft_cq *cq)
{
	struct creq_func_event ev = {
		.type = CREQ_FUNC_EVENT_TYPE_FUNC_EVENT,
		.event = CREQ_FUNC_EVENT_EVENT_CQ_ERROR,
	};

	if (!rig_soft_unkind(cq->fn->world, RIG_SOFT_UNKIND_CQ_OVERFLOW, false))
		return -ENOSPC;
	cq->broken = true;
	cq->fn->stats.cq_overflows++;
	rig_soft_warn(cq->fn, "CQ %u: a completion found it full; it takes no more\n", cq->id);
	rig_soft_cmdq_event(cq->fn, &ev);
	return -ENOSPC;
}

/**
 * rig_soft_cq_write() - write a completion
 * @cq: the CQ; the caller holds its world's lock and checked its room
 *	(rig_soft_cq_room())
 * @cqe: RIG_SOFT_CQE_SIZE bytes, cqe_type_toggle holding the type; the
 *	 toggle (1 on the first lap) is set here and stored last
 *
 * A completion that cannot be written (a DMA fault, or no room in an
 * unkind world: rig_soft_cq_overflow()) breaks the CQ: it takes nothing
 * more.  The notification it may call for is written by
 * rig_soft_cq_service(), which the pass runs after the QPs' entries for
 * every CQ written to (the world's @touched): one look at the arm
 * doorbells per CQ and pass, not per completion.
 *
 * Return: 0, -EFAULT, or -ENOSPC.
 */
int rig_soft_cq_write(struct rig_soft_cq *cq, const void *cqe)
{
	u8 e[RIG_SOFT_CQE_SIZE];

	rig_soft_assert_held(cq->fn);
	if (cq->broken)
		return -EFAULT;
	if (rig_soft_cq_used(cq) >= cq->entries)
		return rig_soft_cq_overflow(cq);
	memcpy(e, cqe, sizeof(e));
	e[RIG_SOFT_CQE_TOGGLE] &= ~CQ_BASE_TOGGLE;
	e[RIG_SOFT_CQE_TOGGLE] |= rig_soft_lap_valid(cq->prod, cq->entries);
	if (rig_soft_qmem_publish(cq->fn->mem, &cq->mem,
				  (cq->prod % cq->entries) * sizeof(e), e, sizeof(e),
				  RIG_SOFT_CQE_TOGGLE)) {
		cq->broken = true;
		cq->fn->stats.cq_faults++;
		rig_soft_warn(cq->fn, "CQ %u: a DMA fault writing a completion; it takes no more\n",
			      cq->id);
		return -EFAULT;
	}
	cq->prod++;
	if (e[RIG_SOFT_CQE_STATUS])
		cq->error_seen = true;
	if (list_empty(&cq->touched))
		list_add_tail(&cq->touched, &cq->fn->world->touched);
	return 0;
}

/* Take a CQ_ARMENA the driver rang; the page is zeroed for the next one. */
static void rig_soft_cq_armena(struct rig_soft_cq *cq)
{
	struct rig_soft_fn *fn = cq->fn;
	u64 val;

	if (cq->armena_on || rig_soft_db_poll(fn, &cq->armena, cq->id) <= 0)
		return;
	val = cq->armena.val;
	rig_soft_db_reset(fn, &cq->armena, cq->armena.off);
	if (rig_soft_db_type(val) == DBC_DBC_TYPE_CQ_ARMENA && rig_soft_db_clean(val, true))
		cq->armena_on = true;
	else
		fn->stats.db_ignored++;
}

/*
 * Does the CQ ask for a notification now?  An arm not yet answered, that
 * came after a CQ_ARMENA (CQ_ARMSE: with an error completion), with a
 * completion beyond the place the arm named.
 */
static bool rig_soft_cq_due(struct rig_soft_cq *cq)
{
	u64 unread;

	if (cq->broken)
		return false;
	rig_soft_cq_db(cq);
	if (!cq->armed || (cq->arm_se && !cq->error_seen))
		return false;
	unread = rig_soft_cq_unread(cq, cq->arm_pos);
	return unread && unread != U64_MAX;
}

/**
 * rig_soft_cq_service() - write a CQ's notification if it asks for one
 * @cq: the CQ; the caller holds its world's lock
 *
 * The struct nq_cn carries cq_handle and a toggle that counts the CQ's
 * notifications (modulo 4, 1 for the first), as on P7 chips (a P5 driver
 * may ignore it).  A full NQ keeps the notification for later; a missing
 * NQ or a DMA fault drops it (counted).
 *
 * Return: true when a notification was written.
 */
bool rig_soft_cq_service(struct rig_soft_cq *cq)
{
	struct rig_soft_fn *fn = cq->fn;
	struct rig_soft_ring *nq;
	struct nq_cn cn = {};
	u8 toggle = (cq->toggle + 1) & 3;
	int ret;

	rig_soft_assert_held(fn);
	list_del_init(&cq->touched);
	if (!rig_soft_cq_due(cq))
		return false;
	nq = rig_soft_ring_find(fn, cq->nq);
	cn.type = cpu_to_le16(NQ_CN_TYPE_CQ_NOTIFICATION | (toggle << NQ_CN_TOGGLE_SFT));
	cn.cq_handle_low = cpu_to_le32(lower_32_bits(cq->handle));
	cn.cq_handle_high = cpu_to_le32(upper_32_bits(cq->handle));
	ret = nq ? rig_soft_ring_post(fn, nq, &cn) : -ENOENT;
	if (ret == -ENOSPC)
		return false;
	cq->armed = false;
	if (ret) {
		fn->stats.events_dropped++;
		return false;
	}
	cq->armena_on = false;
	cq->error_seen = false;
	cq->toggle = toggle;
	cq->cnq_events++;
	fn->stats.nq_entries++;
	rig_soft_ring_service(fn, nq);
	return true;
}

/**
 * rig_soft_cq_pending() - would rig_soft_cq_service() notify now?
 * @cq: the CQ; the caller holds its world's lock
 *
 * Return: true when it would.
 */
bool rig_soft_cq_pending(struct rig_soft_cq *cq)
{
	rig_soft_assert_held(cq->fn);
	return rig_soft_cq_due(cq);
}
