// SPDX-License-Identifier: GPL-2.0-only
/*
 * The RoCE firmware's command channel: the mailbox in BAR 0 (cmdq_init at
 * 0x600, the producer at 0x60c, the trigger at 0x700), the command queue
 * the driver fills and the model consumes, and the answers it writes into
 * the CREQ.  This file owns noticing the driver's producer (on a trigger;
 * bit 31 of the first producer after cmdq_init resets the consumer),
 * fetching each command through the queue's page list (cmd_size 16-byte
 * slots, wrapping at the depth), the command fault knobs, and the queue
 * of answers waiting for the CREQ (late, lost or stalled answers wait
 * there too).  What a command does is fw.c's and its callees'.  Pure:
 * KUnit runs it.
 */
#include <linux/jiffies.h>
#include <linux/log2.h>
#include <linux/string.h>

#include "soft.h"

/* Commands consumed per pass, so the world's lock is held briefly. */
#define RIG_SOFT_CMDQ_BATCH	64
#define RIG_SOFT_CMDQ_SLOT	16
#define RIG_SOFT_CMDQ_MIN	16
#define RIG_SOFT_CMDQ_MAX	8192
#define RIG_SOFT_TRIGGER	1

static void rig_soft_cmdq_break(struct rig_soft_fn *fn, const char *why)
{
	fn->cmdq.broken = true;
	rig_soft_warn(fn, "command queue stopped: %s; the driver must write cmdq_init again\n",
		      why);
}

/*
 * cmdq_init: the queue's page list, depth (16-byte slots, a power of two
 * that divides the producer's 16-bit count) and level, and the CREQ.
 * Level 0 is one contiguous buffer; levels 1 and 2 list 4 KiB pages.
 */
static void rig_soft_cmdq_init(struct rig_soft_fn *fn)
{
	struct rig_soft_cmdq *q = &fn->cmdq;
	struct cmdq_init init;
	u32 *w = (u32 *)&init;
	u16 size_lvl;
	u32 depth, i;
	u8 lvl, shift;

	for (i = 0; i < sizeof(init) / sizeof(u32); i++)
		w[i] = (__force u32)cpu_to_le32(rig_soft_bar_read32(fn,
								    RIG_SOFT_MBOX_INIT + 4 * i));
	rig_soft_qmem_free(&q->mem);
	q->up = false;
	q->broken = false;
	q->count = 0;
	q->cons = 0;
	size_lvl = le16_to_cpu(init.cmdq_size_cmdq_lvl);
	depth = (size_lvl & CMDQ_INIT_CMDQ_SIZE_MASK) >> CMDQ_INIT_CMDQ_SIZE_SFT;
	lvl = (size_lvl & CMDQ_INIT_CMDQ_LVL_MASK) >> CMDQ_INIT_CMDQ_LVL_SFT;
	if (!is_power_of_2(depth) || depth < RIG_SOFT_CMDQ_MIN || depth > RIG_SOFT_CMDQ_MAX ||
	    lvl > RIG_SOFT_PBL_LVL_MAX)
		return rig_soft_cmdq_break(fn, "cmdq_init has a bad size or level");
	if (!rig_soft_ring_find(fn, le16_to_cpu(init.creq_ring_id)))
		return rig_soft_cmdq_break(fn, "cmdq_init names no ring as its CREQ");
	shift = lvl ? RIG_SOFT_PBL_SHIFT :
		max_t(u8, RIG_SOFT_PBL_SHIFT, order_base_2(depth * RIG_SOFT_CMDQ_SLOT));
	if (rig_soft_qmem_init(fn->mem, &q->mem, le64_to_cpu(init.cmdq_pbl), lvl, shift,
			       depth * RIG_SOFT_CMDQ_SLOT))
		return rig_soft_cmdq_break(fn, "its page list does not describe it");
	q->depth = depth;
	q->creq = le16_to_cpu(init.creq_ring_id);
	q->up = true;
}

/*
 * A trigger: take the producer.  The trigger is consumed (zeroed) before
 * the producer is read, so a trigger written while the model looks is
 * either seen next time or its producer is read now.
 */
static bool rig_soft_cmdq_mailbox(struct rig_soft_fn *fn)
{
	u32 prod;

	if (rig_soft_bar_read32(fn, RIG_SOFT_MBOX_TRIG) != RIG_SOFT_TRIGGER)
		return false;
	rig_soft_bar_write32(fn, RIG_SOFT_MBOX_TRIG, 0);
	prod = rig_soft_bar_read32(fn, RIG_SOFT_MBOX_PROD);
	if (prod & RIG_SOFT_PROD_RESET)
		rig_soft_cmdq_init(fn);
	fn->cmdq.prod = prod & RIG_SOFT_PROD_MASK;
	return true;
}

/* Queue an answer; the caller checked there is room. */
static struct rig_soft_answer *rig_soft_answer_add(struct rig_soft_cmdq *q,
						   const void *entry)
{
	struct rig_soft_answer *a = &q->answers[(q->head + q->count++) % RIG_SOFT_ANSWERS];

	memcpy(a->entry, entry, sizeof(a->entry));
	a->due = jiffies;
	a->lost = false;
	return a;
}

/**
 * rig_soft_cmdq_event() - write an asynchronous event to the CREQ
 * @fn: the function; the caller holds its world's lock
 * @entry: 16 bytes (a creq_qp_error_notification)
 *
 * It follows the answers already waiting.  With no room left, or no
 * command channel, it is dropped and counted.
 */
void rig_soft_cmdq_event(struct rig_soft_fn *fn, const void *entry)
{
	rig_soft_assert_held(fn);
	if (!fn->cmdq.up || fn->cmdq.count >= RIG_SOFT_ANSWERS) {
		fn->stats.events_dropped++;
		return;
	}
	rig_soft_answer_add(&fn->cmdq, entry);
}

/* The fault knobs: a status to refuse the command with, or 0. */
static u8 rig_soft_cmd_fault(struct rig_soft_fn *fn, u8 opcode)
{
	struct rig_soft_faults *f = &fn->faults;
	u8 status = 0;

	if (f->fail_nth && !--f->fail_nth)
		status = f->fail_nth_status;
	if (f->fail_opcode && f->fail_opcode == opcode) {
		f->fail_opcode = 0;
		status = status ?: f->fail_opcode_status;
	}
	return status;
}

/* Read @n slots from @slot on, wrapping at the depth. */
static int rig_soft_cmdq_fetch(struct rig_soft_fn *fn, u16 slot, u32 n, u8 *buf)
{
	struct rig_soft_cmdq *q = &fn->cmdq;
	u32 i;

	for (i = 0; i < n; i++)
		if (rig_soft_qmem_read(fn->mem, &q->mem,
				       ((slot + i) % q->depth) * RIG_SOFT_CMDQ_SLOT,
				       buf + i * RIG_SOFT_CMDQ_SLOT, RIG_SOFT_CMDQ_SLOT))
			return -EFAULT;
	return 0;
}

/* Answer one command of @slots slots (0: its cmd_size made no sense). */
static void rig_soft_cmd_answer(struct rig_soft_fn *fn, const u8 *buf, u32 slots)
{
	const struct cmdq_base *base = (const void *)buf;
	struct rig_soft_faults *f = &fn->faults;
	struct creq_qp_event resp = {
		.type = CREQ_QP_EVENT_TYPE_QP_EVENT,
		.cookie = base->cookie,
		.event = base->opcode,
	};
	struct rig_soft_answer *a;
	u8 status;

	status = rig_soft_cmd_fault(fn, base->opcode);
	if (!status && !slots)
		status = CREQ_QP_EVENT_STATUS_INVALID_CMD;
	else if (!status)
		status = rig_soft_fw_execute(fn, buf, min_t(u32, slots * RIG_SOFT_CMDQ_SLOT,
							    RIG_SOFT_CMD_MAX), &resp);
	resp.status = status;
	fn->stats.cmds++;
	if (status)
		fn->stats.cmds_refused++;
	a = rig_soft_answer_add(&fn->cmdq, &resp);
	if (f->delay_nth && !--f->delay_nth)
		a->due = jiffies + msecs_to_jiffies(f->delay_ms);
	if (f->drop_nth && !--f->drop_nth)
		a->lost = true;
}

/*
 * Consume one command.  A cmd_size of 0, or larger than the slots the
 * producer gave, is answered INVALID_CMD and consumes what is there.
 */
static int rig_soft_cmdq_one(struct rig_soft_fn *fn)
{
	struct rig_soft_cmdq *q = &fn->cmdq;
	u16 pending = q->prod - q->cons;
	u8 buf[RIG_SOFT_CMD_MAX] __aligned(8);
	const struct cmdq_base *base = (const void *)buf;
	u32 slots;

	if (pending > q->depth) {
		rig_soft_cmdq_break(fn, "the producer is more than the queue ahead");
		return -EINVAL;
	}
	memset(buf, 0, sizeof(buf));
	if (rig_soft_cmdq_fetch(fn, q->cons, 1, buf)) {
		rig_soft_cmdq_break(fn, "a DMA fault fetching a command");
		return -EFAULT;
	}
	slots = base->cmd_size;
	if (!slots || slots > pending) {
		rig_soft_cmd_answer(fn, buf, 0);
		q->cons += slots ? pending : 1;
		return 0;
	}
	if (rig_soft_cmdq_fetch(fn, q->cons + 1,
				min_t(u32, slots, RIG_SOFT_CMD_MAX / RIG_SOFT_CMDQ_SLOT) - 1,
				buf + RIG_SOFT_CMDQ_SLOT)) {
		rig_soft_cmdq_break(fn, "a DMA fault fetching a command");
		return -EFAULT;
	}
	rig_soft_cmd_answer(fn, buf, slots);
	q->cons += slots;
	return 0;
}

/* Write the answers that are due into the CREQ, in order. */
static bool rig_soft_cmdq_drain(struct rig_soft_fn *fn)
{
	struct rig_soft_cmdq *q = &fn->cmdq;
	struct rig_soft_ring *creq = rig_soft_ring_find(fn, q->creq);
	bool progress = false;

	while (q->count && creq) {
		struct rig_soft_answer *a = &q->answers[q->head];
		int ret = 0;

		if (!a->lost) {
			if (time_before(jiffies, a->due) || fn->faults.creq_stall)
				break;
			ret = rig_soft_ring_post(fn, creq, a->entry);
			if (ret == -ENOSPC)
				break;
			if (ret)
				rig_soft_warn(fn, "an answer was lost: a DMA fault writing the CREQ\n");
			else
				fn->stats.creq_entries++;
		}
		q->head = (q->head + 1) % RIG_SOFT_ANSWERS;
		q->count--;
		progress = true;
	}
	if (creq)
		progress |= rig_soft_ring_service(fn, creq);
	return progress;
}

/**
 * rig_soft_cmdq_service() - look at the mailbox, run commands, answer
 * @fn: the function; the caller holds its world's lock
 *
 * Runs at most a batch of commands.  Nothing is consumed while the
 * function is stopped or hangs (debugfs), or while the answers waiting
 * fill the queue of answers.
 *
 * Return: true when anything happened.
 */
bool rig_soft_cmdq_service(struct rig_soft_fn *fn)
{
	struct rig_soft_cmdq *q = &fn->cmdq;
	bool progress;
	int n;

	rig_soft_assert_held(fn);
	if (fn->stopped || fn->faults.hang)
		return false;
	progress = rig_soft_cmdq_mailbox(fn);
	for (n = 0; n < RIG_SOFT_CMDQ_BATCH && q->up && !q->broken && q->cons != q->prod &&
	     q->count < RIG_SOFT_ANSWERS; n++) {
		if (rig_soft_cmdq_one(fn))
			break;
		progress = true;
	}
	progress |= rig_soft_cmdq_drain(fn);
	return progress;
}

/**
 * rig_soft_cmdq_pending() - has the command channel work for the engine?
 * @fn: the function; the caller holds its world's lock
 *
 * Return: true for a trigger, a command to consume, or an answer due.
 */
bool rig_soft_cmdq_pending(struct rig_soft_fn *fn)
{
	struct rig_soft_cmdq *q = &fn->cmdq;

	rig_soft_assert_held(fn);
	if (fn->stopped || fn->faults.hang)
		return false;
	if (rig_soft_bar_read32(fn, RIG_SOFT_MBOX_TRIG) == RIG_SOFT_TRIGGER)
		return true;
	if (q->up && !q->broken && q->cons != q->prod && q->count < RIG_SOFT_ANSWERS)
		return true;
	return q->count && !fn->faults.creq_stall &&
	       (q->answers[q->head].lost || !time_before(jiffies, q->answers[q->head].due));
}

/**
 * rig_soft_cmdq_reset() - forget the command channel and its answers
 * @fn: the function; the caller holds its world's lock
 */
void rig_soft_cmdq_reset(struct rig_soft_fn *fn)
{
	struct rig_soft_cmdq *q = &fn->cmdq;

	rig_soft_assert_held(fn);
	rig_soft_qmem_free(&q->mem);
	q->up = false;
	q->broken = false;
	q->count = 0;
	q->head = 0;
	q->prod = 0;
	q->cons = 0;
}
