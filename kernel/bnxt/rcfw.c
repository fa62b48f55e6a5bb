// SPDX-License-Identifier: GPL-2.0-only
/*
 * The RoCE firmware's command channel (RCFW), as bnxt_re drives it on a P5
 * function (qplib_rcfw.c): commands go into the CMDQ, a ring of 16-byte
 * slots whose PBL the mailbox in BAR 0 was given (struct cmdq_init at
 * 0x600), announced by writing the producer at 0x60c (bit 31 the first
 * time) and 1 at the trigger 0x700; answers come back in the CREQ, a ring
 * of 16-byte entries whose valid bit flips each lap, which raises vector
 * 0 when armed.  A command's cookie names its slot in a shadow table.
 *
 * This file owns struct rig_bnxt_rcfw: the two rings, the cookies, the
 * waiting, the timeout, and the failed state a channel enters when the
 * firmware does not answer: every later command is refused rather than
 * the NIC left half-alive.  What a command means is its caller's.
 */
#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/moduleparam.h>
#include <linux/workqueue.h>

#include "bnxt.h"
#include "trace.h"

static unsigned int fw_timeout_ms;
module_param(fw_timeout_ms, uint, 0644);
MODULE_PARM_DESC(fw_timeout_ms, "how long the RoCE firmware may take to answer a command (ms; default 0: the firmware's own max_req_timeout from HWRM_VER_GET, 40 s if it gives none)");

/* The mailbox in BAR 0. */
#define RIG_BNXT_MBOX_INIT	0x600
#define RIG_BNXT_MBOX_PROD	0x60c
#define RIG_BNXT_MBOX_TRIG	0x700
#define RIG_BNXT_MBOX_FIRST	BIT(31)

static const char *const rig_bnxt_cmd_names[] = {
	[RIG_CMDQ_BASE_OPCODE_CREATE_QP] = "CREATE_QP",
	[RIG_CMDQ_BASE_OPCODE_DESTROY_QP] = "DESTROY_QP",
	[RIG_CMDQ_BASE_OPCODE_MODIFY_QP] = "MODIFY_QP",
	[RIG_CMDQ_BASE_OPCODE_QUERY_QP] = "QUERY_QP",
	[RIG_CMDQ_BASE_OPCODE_CREATE_CQ] = "CREATE_CQ",
	[RIG_CMDQ_BASE_OPCODE_DESTROY_CQ] = "DESTROY_CQ",
	[RIG_CMDQ_BASE_OPCODE_ALLOCATE_MRW] = "ALLOCATE_MRW",
	[RIG_CMDQ_BASE_OPCODE_DEALLOCATE_KEY] = "DEALLOCATE_KEY",
	[RIG_CMDQ_BASE_OPCODE_REGISTER_MR] = "REGISTER_MR",
	[RIG_CMDQ_BASE_OPCODE_DEREGISTER_MR] = "DEREGISTER_MR",
	[RIG_CMDQ_BASE_OPCODE_ADD_GID] = "ADD_GID",
	[RIG_CMDQ_BASE_OPCODE_DELETE_GID] = "DELETE_GID",
	[RIG_CMDQ_BASE_OPCODE_INITIALIZE_FW] = "INITIALIZE_FW",
	[RIG_CMDQ_BASE_OPCODE_DEINITIALIZE_FW] = "DEINITIALIZE_FW",
	[RIG_CMDQ_BASE_OPCODE_QUERY_FUNC] = "QUERY_FUNC",
	[RIG_CMDQ_BASE_OPCODE_QUERY_VERSION] = "QUERY_VERSION",
};

/**
 * rig_bnxt_cmd_name() - a command's name, for messages
 * @opcode: a CMDQ_BASE_OPCODE_*
 *
 * Return: its name, or "command" for one rig does not send.
 */
const char *rig_bnxt_cmd_name(u8 opcode)
{
	if (opcode < ARRAY_SIZE(rig_bnxt_cmd_names) && rig_bnxt_cmd_names[opcode])
		return rig_bnxt_cmd_names[opcode];
	return "command";
}

/* Is the CREQ entry at @cons the firmware's, by its valid bit's lap? */
static bool rig_bnxt_creq_valid(struct rig_bnxt_rcfw *rcfw,
				const struct rig_creq_base *e, u64 cons)
{
	bool lap_odd = (cons / rcfw->creq.depth) & 1;

	return !!(READ_ONCE(e->v) & RIG_CREQ_BASE_V) == !lap_odd;
}

/* An answer: give it to the waiter of its cookie.  Caller holds the lock. */
static void rig_bnxt_creq_answer(struct rig_bnxt_dev *bnxt, const struct rig_creq_qp_event *ev)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;
	u16 cookie = le16_to_cpu(ev->cookie) % RIG_BNXT_COOKIES;
	struct rig_bnxt_waiter *w = &rcfw->waiters[cookie];

	lockdep_assert_held(&rcfw->lock);
	if (!w->busy || w->done) {
		dev_warn_ratelimited(bnxt->dev, "the firmware answered cookie 0x%04x, which waits for nothing\n",
				     le16_to_cpu(ev->cookie));
		return;
	}
	memcpy(w->resp, ev, sizeof(w->resp));
	w->done = true;
}

static void rig_bnxt_creq_event(struct rig_bnxt_dev *bnxt, const struct rig_creq_base *e)
{
	const struct rig_creq_qp_event *ev = (const void *)e;
	u8 type = e->type & RIG_CREQ_BASE_TYPE_MASK;

	if (type == RIG_CREQ_BASE_TYPE_QP_EVENT &&
	    ev->event != RIG_CREQ_QP_EVENT_EVENT_QP_ERROR_NOTIFICATION) {
		rig_bnxt_creq_answer(bnxt, ev);
		return;
	}
	if (type == RIG_CREQ_BASE_TYPE_QP_EVENT) {
		const struct rig_creq_qp_error_notification *err = (const void *)e;

		/* Its process flushes what the chip leaves: wake it to look. */
		bool woken = rig_bnxt_qp_error(bnxt, le32_to_cpu(err->xid));

		dev_dbg(bnxt->dev, "queue pair 0x%x in error (requester 0x%x, responder 0x%x)%s\n",
			le32_to_cpu(err->xid), err->req_err_state_reason,
			err->res_err_state_reason, woken ? "" : ", of no file");
		return;
	}
	dev_info_ratelimited(bnxt->dev, "firmware event: type 0x%02x event 0x%02x\n",
			     type, e->event);
}

/*
 * Take every new CREQ entry and ring the consumer: armed, unless the CREQ
 * is masked while the vectors change.  Caller holds the lock.  True when
 * an entry was taken.
 */
static bool rig_bnxt_creq_service(struct rig_bnxt_dev *bnxt)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;
	bool any = false;

	lockdep_assert_held(&rcfw->lock);
	for (;;) {
		const struct rig_creq_base *e = rcfw->creq.va +
			(rcfw->creq_cons % rcfw->creq.depth) * RIG_BNXT_ENTRY_BYTES;

		if (!rig_bnxt_creq_valid(rcfw, e, rcfw->creq_cons))
			break;
		/* The valid bit before the rest of the entry. */
		dma_rmb();
		rig_bnxt_creq_event(bnxt, e);
		rcfw->creq_cons++;
		any = true;
	}
	rig_bnxt_db_write(rcfw->creq_db, rcfw->creq_id,
			  rcfw->masked ? RIG_BNXT_DBC_TYPE_NQ : RIG_BNXT_DBC_TYPE_NQ_ARM,
			  rig_bnxt_db_index(rcfw->creq_cons, rcfw->creq.depth));
	return any;
}

/* Bottom half of the CREQ's vector: take every new entry, re-arm. */
static void rig_bnxt_creq_work(struct work_struct *work)
{
	struct rig_bnxt_rcfw *rcfw = container_of(work, struct rig_bnxt_rcfw, work);
	struct rig_bnxt_dev *bnxt = container_of(rcfw, struct rig_bnxt_dev, rcfw);
	bool any;

	spin_lock(&rcfw->lock);
	any = rig_bnxt_creq_service(bnxt);
	spin_unlock(&rcfw->lock);
	if (any)
		wake_up_all(&rcfw->wq);
}

static irqreturn_t rig_bnxt_creq_irq(int irq, void *data)
{
	struct rig_bnxt_dev *bnxt = data;

	queue_work(system_bh_wq, &bnxt->rcfw.work);
	return IRQ_HANDLED;
}

/* Slots a command of @bytes takes. */
static u32 rig_bnxt_cmd_slots(u32 bytes)
{
	return DIV_ROUND_UP(bytes, RIG_BNXT_ENTRY_BYTES);
}

/*
 * Copy the @bytes of @req into the CMDQ from the producer on, each slot
 * cleared first as bnxt_re clears it: the last slot's tail past the
 * command is zeroes, never what follows @req in the caller's memory.
 * Caller holds the lock.
 */
static void rig_bnxt_cmdq_put(struct rig_bnxt_rcfw *rcfw, const void *req, u32 bytes)
{
	u32 i, slots = rig_bnxt_cmd_slots(bytes);

	lockdep_assert_held(&rcfw->lock);
	for (i = 0; i < slots; i++) {
		void *slot = rcfw->cmdq.va +
			((rcfw->cmdq_prod + i) % rcfw->cmdq.depth) * RIG_BNXT_ENTRY_BYTES;
		u32 off = i * RIG_BNXT_ENTRY_BYTES;

		memset(slot, 0, RIG_BNXT_ENTRY_BYTES);
		memcpy(slot, req + off, min_t(u32, bytes - off, RIG_BNXT_ENTRY_BYTES));
	}
	rcfw->cmdq_prod += slots;
}

/*
 * Commands that take an object down.  Their callers cannot give up: a
 * teardown that never reached the firmware leaves the object with it,
 * and its memory must then be kept (a broken queue pair or region, or
 * limbo).  So they wait for a cookie whatever the signals; the wait is
 * bounded all the same, as a busy cookie is freed by its answer or by the
 * channel failing when the firmware does not give one in time.
 */
static bool rig_bnxt_cmd_is_teardown(u8 opcode)
{
	switch (opcode) {
	case RIG_CMDQ_BASE_OPCODE_DESTROY_QP:
	case RIG_CMDQ_BASE_OPCODE_DESTROY_CQ:
	case RIG_CMDQ_BASE_OPCODE_DEALLOCATE_KEY:
	case RIG_CMDQ_BASE_OPCODE_DEREGISTER_MR:
	case RIG_CMDQ_BASE_OPCODE_DELETE_GID:
	case RIG_CMDQ_BASE_OPCODE_DEINITIALIZE_FW:
		return true;
	}
	return false;
}

/* A cookie is free, or the channel failed (so none will be). */
static bool rig_bnxt_cmd_slot_free(struct rig_bnxt_rcfw *rcfw)
{
	return READ_ONCE(rcfw->failed) ||
	       !READ_ONCE(rcfw->waiters[READ_ONCE(rcfw->seq) % RIG_BNXT_COOKIES].busy);
}

/*
 * Take a free cookie (a shadow slot) with the lock held: the lock is
 * dropped while waiting for one.  -EIO if the channel failed, -EINTR on a
 * fatal signal (never for a teardown); on 0 the lock is held.
 */
static int rig_bnxt_cmd_slot(struct rig_bnxt_rcfw *rcfw, u8 opcode, u16 *cookie)
	__cond_acquires(&rcfw->lock)
{
	bool teardown = rig_bnxt_cmd_is_teardown(opcode);

	for (;;) {
		spin_lock_bh(&rcfw->lock);
		if (rcfw->failed) {
			spin_unlock_bh(&rcfw->lock);
			return -EIO;
		}
		if (!rcfw->waiters[rcfw->seq % RIG_BNXT_COOKIES].busy)
			break;
		spin_unlock_bh(&rcfw->lock);
		if (teardown)
			wait_event(rcfw->free_slots, rig_bnxt_cmd_slot_free(rcfw));
		else if (wait_event_killable(rcfw->free_slots, rig_bnxt_cmd_slot_free(rcfw)))
			return -EINTR;
	}
	*cookie = rcfw->seq++ % RIG_BNXT_COOKIES;
	rcfw->waiters[*cookie].busy = true;
	rcfw->waiters[*cookie].done = false;
	return 0;
}

/* The firmware did not answer: no command is trusted to it again. */
static void rig_bnxt_rcfw_fail(struct rig_bnxt_dev *bnxt, u8 opcode, u16 cookie,
			       unsigned int timeout_ms)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;

	scoped_guard(spinlock_bh, &rcfw->lock) {
		if (rcfw->failed)
			return;
		rcfw->failed = true;
	}
	dev_err(bnxt->dev, "the RoCE firmware did not answer %s (cookie 0x%04x) within %u ms, nor is an answer in the CREQ: the NIC is failed, every command refused until it is reset\n",
		rig_bnxt_cmd_name(opcode), cookie, timeout_ms);
	/* Every command in flight gives up now, not at its own timeout. */
	wake_up_all(&rcfw->wq);
	wake_up_all(&rcfw->free_slots);
}

/**
 * rig_bnxt_rcfw_abandon() - the function stopped: send nothing more
 * @bnxt: the function
 *
 * Commands in flight and to come fail with -EIO at once, so that taking
 * objects down does not wait for a firmware that is gone.
 */
void rig_bnxt_rcfw_abandon(struct rig_bnxt_dev *bnxt)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;

	scoped_guard(spinlock_bh, &rcfw->lock) {
		rcfw->failed = true;
		rcfw->abandoned = true;
	}
	wake_up_all(&rcfw->wq);
	wake_up_all(&rcfw->free_slots);
}

/* Write the command and ring the mailbox; caller holds the lock. */
static void rig_bnxt_cmd_post(struct rig_bnxt_dev *bnxt, const void *req, u32 bytes)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;
	u32 prod;

	lockdep_assert_held(&rcfw->lock);
	rig_bnxt_cmdq_put(rcfw, req, bytes);
	prod = rcfw->cmdq_prod & 0xffff;
	if (rcfw->first) {
		/* The very first producer after cmdq_init resets the firmware's. */
		prod |= RIG_BNXT_MBOX_FIRST;
		rcfw->first = false;
	}
	/* The command's slots before the producer that announces them. */
	wmb();
	writel(prod, bnxt->t->bar0 + RIG_BNXT_MBOX_PROD);
	writel(1, bnxt->t->bar0 + RIG_BNXT_MBOX_TRIG);
}

/*
 * A function whose doorbells are memory it polls (RIG_TRANSPORT_CAP_KICK)
 * sees the trigger only when it looks: if it said it sleeps, kick it, as a
 * process does after ringing a doorbell.  The full barrier between the
 * trigger's store and the load of idle pairs with the function's between
 * saying so and its last look: it sees the trigger, or this sees it asleep.
 * The transport wakes it; its work does not run here.
 */
static void rig_bnxt_cmd_kick(struct rig_bnxt_dev *bnxt)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;

	if (!rcfw->status)
		return;
	/* The trigger's store before idle's load (see above). */
	mb();
	if (readl(&rcfw->status->idle))
		bnxt->t->ops->wake(bnxt->t);
}

/**
 * rig_bnxt_cmd() - send a command to the RoCE firmware and wait for it
 * @bnxt: the function
 * @req: the command, its opcode set, in the firmware's layout; its
 *	 cmd_size, cookie and (with @sb) resp_addr/resp_size are filled here
 * @req_len: its length in bytes
 * @resp: where the 16-byte answer goes (struct rig_creq_qp_event and the
 *	  command's own answer layout)
 * @sb: NULL, or the side buffer the firmware writes a long answer into
 * @sb_dma: its DMA address
 * @sb_len: its length in bytes
 *
 * Sleeps; one command per cookie is in flight at a time.
 *
 * Return: 0 with the answer's status 0; -EIO when the status is not 0
 * (the caller names the command and the status); -ETIMEDOUT when no
 * answer came within the timeout (fw_timeout_ms, read at each command, or
 * the firmware's own) and none is in the CREQ either (the channel is then
 * failed); -EIO on
 * a failed channel; -EINTR on a fatal signal before the command was sent
 * (never for a command that takes an object down).
 */
int rig_bnxt_cmd(struct rig_bnxt_dev *bnxt, void *req, u32 req_len, void *resp,
		 void *sb, dma_addr_t sb_dma, u32 sb_len)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;
	struct rig_cmdq_base *base = req;
	u32 slots = rig_bnxt_cmd_slots(req_len);
	struct rig_bnxt_waiter *w;
	u8 opcode = base->opcode;
	unsigned int timeout_ms;
	bool looked;
	u16 cookie;
	long left;
	int ret;

	base->cmd_size = slots;
	if (sb) {
		base->resp_addr = cpu_to_le64(sb_dma);
		base->resp_size = DIV_ROUND_UP(sb_len, RIG_BNXT_ENTRY_BYTES);
	}

	if (WARN_ON_ONCE(req_len > RIG_BNXT_CMD_MAX_BYTES))
		return -EINVAL;
	ret = rig_bnxt_cmd_slot(rcfw, opcode, &cookie);
	if (ret)
		return ret;
	base->cookie = cpu_to_le16(cookie);
	trace_rig_bnxt_cmd(dev_name(bnxt->dev), opcode, cookie, req, req_len);
	rig_bnxt_cmd_post(bnxt, req, req_len);
	spin_unlock_bh(&rcfw->lock);
	rig_bnxt_cmd_kick(bnxt);

	w = &rcfw->waiters[cookie];
	timeout_ms = READ_ONCE(fw_timeout_ms) ?: bnxt->fw_timeout_ms;
	left = wait_event_timeout(rcfw->wq, READ_ONCE(w->done) || READ_ONCE(rcfw->failed),
				  msecs_to_jiffies(timeout_ms));
	scoped_guard(spinlock_bh, &rcfw->lock) {
		/*
		 * As bnxt_re does: look at the CREQ once more, so that an
		 * answer whose interrupt was lost is told from no answer.
		 */
		looked = !left && !w->done && !rcfw->failed && rig_bnxt_creq_service(bnxt);
		if (looked && w->done)
			dev_warn_ratelimited(bnxt->dev,
					     "%s (cookie 0x%04x) was answered, but the CREQ's vector raised nothing in %u ms: taken by looking\n",
					     rig_bnxt_cmd_name(opcode), cookie, timeout_ms);
		if (w->done) {
			memcpy(resp, w->resp, sizeof(w->resp));
			w->busy = false;
			ret = 0;
		} else {
			/* The slot stays busy: a late answer must find no one. */
			ret = rcfw->failed ? -EIO : -ETIMEDOUT;
		}
	}
	wake_up(&rcfw->free_slots);
	/* Others' answers it found too. */
	if (looked)
		wake_up_all(&rcfw->wq);
	if (!left && ret == -ETIMEDOUT)
		rig_bnxt_rcfw_fail(bnxt, opcode, cookie, timeout_ms);
	if (ret)
		return ret;

	trace_rig_bnxt_cmd_done(dev_name(bnxt->dev), opcode, cookie,
				((struct rig_creq_qp_event *)resp)->status);
	return ((struct rig_creq_qp_event *)resp)->status ? -EIO : 0;
}

/*
 * Map the CREQ's doorbell (and the status page of a function that needs
 * kicks) and tell the mailbox where the CMDQ is.
 */
static int rig_bnxt_rcfw_mailbox(struct rig_bnxt_dev *bnxt)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;
	struct rig_cmdq_init init = {};

	if (bnxt->t->caps & RIG_TRANSPORT_CAP_KICK) {
		rcfw->status = ioremap(bnxt->t->status_phys, sizeof(*rcfw->status));
		if (!rcfw->status)
			return -ENOMEM;
	}
	rcfw->creq_db = ioremap(bnxt->t->db_phys + bnxt->t->vectors[0].db_offset, 8);
	if (!rcfw->creq_db) {
		if (rcfw->status)
			iounmap(rcfw->status);
		rcfw->status = NULL;
		return -ENOMEM;
	}
	init.cmdq_pbl = cpu_to_le64(rcfw->cmdq.pbl.root);
	init.cmdq_size_cmdq_lvl =
		cpu_to_le16(((RIG_BNXT_CMDQ_DEPTH << RIG_CMDQ_INIT_CMDQ_SIZE_SFT) &
			     RIG_CMDQ_INIT_CMDQ_SIZE_MASK) |
			    ((rcfw->cmdq.pbl.level << RIG_CMDQ_INIT_CMDQ_LVL_SFT) &
			     RIG_CMDQ_INIT_CMDQ_LVL_MASK));
	init.creq_ring_id = cpu_to_le16(rcfw->creq_id);
	__iowrite32_copy(bnxt->t->bar0 + RIG_BNXT_MBOX_INIT, &init, sizeof(init) / 4);
	rcfw->first = true;
	return 0;
}

/**
 * rig_bnxt_rcfw_start() - bring the command channel up, as bnxt_re does
 * @bnxt: the function, HWRM answering
 *
 * The CMDQ and the CREQ, HWRM_RING_ALLOC of the CREQ on vector 0, its
 * interrupt, the mailbox, and the CREQ armed.  Whatever an earlier
 * channel left (failed, abandoned, cookies in flight, ring positions) is
 * forgotten first: a function that restarts, or whose bring-up failed
 * before, gets a channel as new as the first.
 *
 * Return: 0, or an errno with nothing left behind.
 */
int rig_bnxt_rcfw_start(struct rig_bnxt_dev *bnxt)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;
	int ret;

	memset(rcfw, 0, sizeof(*rcfw));
	spin_lock_init(&rcfw->lock);
	init_waitqueue_head(&rcfw->wq);
	init_waitqueue_head(&rcfw->free_slots);
	INIT_WORK(&rcfw->work, rig_bnxt_creq_work);

	ret = rig_bnxt_ring_create(bnxt, &rcfw->cmdq, RIG_BNXT_CMDQ_DEPTH, RIG_BNXT_PBL_QUEUE);
	if (ret)
		return ret;
	ret = rig_bnxt_ring_create(bnxt, &rcfw->creq, RIG_BNXT_CREQ_DEPTH, RIG_BNXT_PBL_QUEUE);
	if (ret)
		goto err_cmdq;
	ret = rig_bnxt_ring_alloc(bnxt, &rcfw->creq, bnxt->t->vectors[0].ring_idx,
				  &rcfw->creq_id);
	if (ret)
		goto err_creq;
	ret = bnxt->t->ops->request_irq(bnxt->t, 0, rig_bnxt_creq_irq, "rig_bnxt-creq", bnxt);
	if (ret)
		goto err_ring;
	ret = rig_bnxt_rcfw_mailbox(bnxt);
	if (ret)
		goto err_irq;
	scoped_guard(spinlock_bh, &rcfw->lock)
		rig_bnxt_db_write(rcfw->creq_db, rcfw->creq_id, RIG_BNXT_DBC_TYPE_NQ_ARM,
				  rig_bnxt_db_index(0, rcfw->creq.depth));
	return 0;

err_irq:
	bnxt->t->ops->free_irq(bnxt->t, 0, bnxt);
	cancel_work_sync(&rcfw->work);
err_ring:
	rig_bnxt_ring_release(bnxt, &rcfw->creq, rcfw->creq_id);
	goto err_cmdq;
err_creq:
	rig_bnxt_ring_destroy(bnxt, &rcfw->creq);
err_cmdq:
	rig_bnxt_ring_destroy(bnxt, &rcfw->cmdq);
	return ret;
}

/**
 * rig_bnxt_rcfw_irq_stop() - the vectors go: mask the CREQ
 * @bnxt: the function, its channel up
 *
 * Rung at its consumer without the arm, its bottom half disabled, as
 * bnxt_re does (bnxt_qplib_rcfw_stop_irq()).  Answers that come meanwhile
 * wait in the CREQ.
 */
void rig_bnxt_rcfw_irq_stop(struct rig_bnxt_dev *bnxt)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;

	disable_work_sync(&rcfw->work);
	guard(spinlock_bh)(&rcfw->lock);
	rcfw->masked = true;
	rig_bnxt_db_write(rcfw->creq_db, rcfw->creq_id, RIG_BNXT_DBC_TYPE_NQ,
			  rig_bnxt_db_index(rcfw->creq_cons, rcfw->creq.depth));
}

/**
 * rig_bnxt_rcfw_irq_restart() - the vectors are back: take and re-arm
 * @bnxt: the function, its channel up
 * @masked: rig_bnxt_rcfw_irq_stop() masked it
 */
void rig_bnxt_rcfw_irq_restart(struct rig_bnxt_dev *bnxt, bool masked)
{
	scoped_guard(spinlock_bh, &bnxt->rcfw.lock)
		bnxt->rcfw.masked = false;
	if (masked)
		enable_work(&bnxt->rcfw.work);
	queue_work(system_bh_wq, &bnxt->rcfw.work);
}

/**
 * rig_bnxt_rcfw_stop() - take the command channel down
 * @bnxt: the function; no command is in flight or will be sent
 */
void rig_bnxt_rcfw_stop(struct rig_bnxt_dev *bnxt)
{
	struct rig_bnxt_rcfw *rcfw = &bnxt->rcfw;

	bnxt->t->ops->free_irq(bnxt->t, 0, bnxt);
	cancel_work_sync(&rcfw->work);
	iounmap(rcfw->creq_db);
	if (rcfw->status)
		iounmap(rcfw->status);
	rig_bnxt_ring_release(bnxt, &rcfw->creq, rcfw->creq_id);
	rig_bnxt_ring_destroy(bnxt, &rcfw->cmdq);
}
