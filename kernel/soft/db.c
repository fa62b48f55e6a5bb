// SPDX-License-Identifier: GPL-2.0-only
/*
 * Doorbells as the model sees them: 64-bit struct dbc_dbc values (Broadcom's
 * bnxt_hsi.h) in pages of the doorbell BAR, which is memory the model
 * polls.  This file owns reading a doorbell page, telling a new value
 * from the last one, ignoring a value addressed to no one (wrong xid,
 * path or valid bit: counted), and decoding an index and its epoch into
 * a place on a ring.  What a doorbell's type means is its user's.  Pure:
 * KUnit runs it.
 */
#include <linux/wordpart.h>

#include "soft.h"

/* Bits of each doorbell word that Broadcom defines. */
#define RIG_SOFT_DB_LOW		(DBC_DBC_INDEX_MASK | DBC_DBC_EPOCH | DBC_DBC_TOGGLE_MASK)
#define RIG_SOFT_DB_HIGH	(DBC_DBC_XID_MASK | DBC_DBC_PATH_MASK | DBC_DBC_VALID | \
				 DBC_DBC_DEBUG_TRACE | DBC_DBC_TYPE_MASK)

/**
 * rig_soft_db_poll() - look at a doorbell page
 * @fn: the function
 * @db: the doorbell
 * @xid: the object the page belongs to
 *
 * A real function sees each doorbell write; the model sees the latest
 * value in the page.  A value that is not the object's (xid), not on the
 * RoCE path or without the valid bit is ignored and counted once, and
 * the last good value stays in force; so is zero after a good value (a
 * page that was never rung reads zero and means "nothing yet").
 *
 * Return: 1 when a new good value is in @db->val, 0 when nothing
 * changed, -EINVAL when the new value was ignored.
 */
int rig_soft_db_poll(struct rig_soft_fn *fn, struct rig_soft_db *db, u32 xid)
{
	u64 raw = fn->ops->read64(fn, db->off);
	u32 high = upper_32_bits(raw);

	if (raw == db->raw)
		return 0;
	db->raw = raw;
	if (!raw && !db->seen)
		return 0;
	if ((high & DBC_DBC_XID_MASK) != xid || !(high & DBC_DBC_VALID) ||
	    (high & DBC_DBC_PATH_MASK) != DBC_DBC_PATH_ROCE) {
		fn->stats.db_ignored++;
		return -EINVAL;
	}
	db->val = raw;
	db->seen = true;
	return 1;
}

/**
 * rig_soft_db_reset() - give a doorbell page to a new object
 * @fn: the function
 * @db: the doorbell
 * @off: its page's BAR 2 offset
 *
 * The page is zeroed, so a value a former owner left there means nothing.
 * Called when the object is created (before the driver or the process
 * can ring it) and when its rings are reset.
 */
void rig_soft_db_reset(struct rig_soft_fn *fn, struct rig_soft_db *db, u32 off)
{
	fn->ops->write64(fn, off, 0);
	db->off = off;
	db->raw = 0;
	db->val = 0;
	db->seen = false;
}

/**
 * rig_soft_db_type() - a doorbell's type
 * @val: the value, host order
 *
 * Return: DBC_DBC_TYPE_*, in place.
 */
u32 rig_soft_db_type(u64 val)
{
	return upper_32_bits(val) & DBC_DBC_TYPE_MASK;
}

/**
 * rig_soft_db_clean() - has a doorbell no bit beyond its fields?
 * @val: the value, host order
 * @toggle: the toggle bits may be set (CQ_ARMALL, CQ_ARMSE, CQ_ARMENA)
 *
 * Return: true when no undefined bit, no debug trace and (unless
 * @toggle) no toggle bit is set.
 */
bool rig_soft_db_clean(u64 val, bool toggle)
{
	u32 low = lower_32_bits(val), high = upper_32_bits(val);

	if ((low & ~RIG_SOFT_DB_LOW) || (high & ~RIG_SOFT_DB_HIGH) ||
	    (high & DBC_DBC_DEBUG_TRACE))
		return false;
	return toggle || !(low & DBC_DBC_TOGGLE_MASK);
}

/**
 * rig_soft_db_pos() - the place a doorbell names on a ring
 * @val: the value, host order
 * @entries: the ring's entries
 * @pos: where the place goes: @index, plus @entries when the epoch is set,
 *	 a place on a circle of 2 * @entries
 *
 * Return: false when the index lies outside the ring.
 */
bool rig_soft_db_pos(u64 val, u32 entries, u64 *pos)
{
	u32 low = lower_32_bits(val);
	u32 index = low & DBC_DBC_INDEX_MASK;

	if (index >= entries)
		return false;
	*pos = index + ((low & DBC_DBC_EPOCH) ? (u64)entries : 0);
	return true;
}
