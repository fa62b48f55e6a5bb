// SPDX-License-Identifier: GPL-2.0-only
/*
 * Doorbells as the model sees them: 64-bit struct dbc_dbc values (Broadcom's
 * bnxt_hsi.h) in pages of the doorbell BAR, which is memory the model
 * polls.  This file owns giving a doorbell page to an object.  Reading
 * one (telling a new value from the last, ignoring a value addressed to
 * no one: wrong xid, path or valid bit, counted) and decoding a value
 * (its type, its bits beyond the fields, the place its index and epoch
 * name on a ring) are inline in soft.h: the engine does them for every
 * look at a queue.  What a doorbell's type means is its user's.  Pure:
 * KUnit runs it.
 */

#include "soft.h"

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
