// SPDX-License-Identifier: GPL-2.0-only
/*
 * Doorbells as the model sees them: 64-bit struct dbc_dbc values (Broadcom's
 * bnxt_hsi.h) in pages of the doorbell BAR, which is memory the model
 * polls.  This file owns reading a doorbell page, telling a new value
 * from the last one, and ignoring a value addressed to no one (wrong xid,
 * path or valid bit: counted).  Decoding a value (its type, its bits
 * beyond the fields, the place its index and epoch name on a ring) is
 * inline in soft.h: the engine does it for every new value.  What a
 * doorbell's type means is its user's.  Pure: KUnit runs it.
 */
#include <linux/wordpart.h>

#include "soft.h"

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
	u64 raw = rig_soft_bar_read64(fn, db->off);
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
	rig_soft_bar_write64(fn, off, 0);
	db->off = off;
	db->raw = 0;
	db->val = 0;
	db->seen = false;
}
