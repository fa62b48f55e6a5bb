// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rings the function produces and the driver consumes: the CREQ and
 * the notification queues, both HWRM_RING_ALLOC'd rings of type NQ with
 * 16-byte entries.  This file owns writing an entry with the valid bit of
 * its lap (the driver's CREQ_CMP_VALID()/NQE_CMP_VALID(): 1 on the first
 * lap, 0 on the second, ...), reading the driver's consumer index and arm
 * state from the ring's doorbell (NQ: consumer index; NQ_ARM: the same,
 * and raise the vector for the next entry), and raising the vector.  What
 * goes into an entry is cmdq.c's and cq.c's.  Pure: KUnit runs it.
 */
#include <linux/string.h>

#include "soft.h"

#define RIG_SOFT_RING_ENTRY	16
#define RIG_SOFT_RING_VALID	8	/* the byte of creq_base.v and nq_base's V */

/**
 * rig_soft_ring_find() - the live ring with an id
 * @fn: the function
 * @id: a ring id HWRM_RING_ALLOC answered
 *
 * Return: the ring, or NULL.
 */
struct rig_soft_ring *rig_soft_ring_find(struct rig_soft_fn *fn, u16 id)
{
	unsigned int i;

	for (i = 0; i < RIG_SOFT_NVEC; i++)
		if (fn->rings[i].live && fn->rings[i].id == id)
			return &fn->rings[i];
	return NULL;
}

/* Poll the ring's doorbell, ignoring a value of the wrong type. */
static void rig_soft_ring_db(struct rig_soft_fn *fn, struct rig_soft_ring *ring)
{
	u64 prev = ring->db.val;
	bool seen = ring->db.seen;
	u32 type;

	if (rig_soft_db_poll(fn, &ring->db, ring->id) <= 0)
		return;
	type = rig_soft_db_type(ring->db.val);
	if ((type == DBC_DBC_TYPE_NQ || type == DBC_DBC_TYPE_NQ_ARM) &&
	    rig_soft_db_clean(ring->db.val, false))
		return;
	ring->db.val = prev;
	ring->db.seen = seen;
	fn->stats.db_ignored++;
}

/*
 * Entries written that the driver has not consumed, by its doorbell: a
 * doorbell never rung consumed nothing.  More than the ring holds (or an
 * index outside it) is a corrupt doorbell: U64_MAX.
 */
static u64 rig_soft_ring_unread(struct rig_soft_ring *ring)
{
	u64 lap = 2ULL * ring->entries, cons = 0, used;

	if (ring->db.seen && !rig_soft_db_pos(ring->db.val, ring->entries, &cons))
		return U64_MAX;
	used = (ring->prod % lap + lap - cons) % lap;
	return used > ring->entries ? U64_MAX : used;
}

/**
 * rig_soft_ring_post() - write an entry into a ring
 * @fn: the function
 * @ring: a live ring
 * @entry: 16 bytes; the valid bit (bit 0 of byte 8) is set here
 *
 * The entry's other bytes are stored first, the valid byte last.  A
 * full ring (by the driver's doorbell) takes nothing: the caller keeps
 * the entry or drops it.
 *
 * Return: 0; -ENOSPC when the ring is full; -EFAULT when the write
 * faulted (the entry is lost and the ring's producer stays).
 */
int rig_soft_ring_post(struct rig_soft_fn *fn, struct rig_soft_ring *ring,
		       const void *entry)
{
	u8 e[RIG_SOFT_RING_ENTRY];
	u64 used;

	rig_soft_assert_held(fn);
	rig_soft_ring_db(fn, ring);
	used = rig_soft_ring_unread(ring);
	if (used >= ring->entries)
		return -ENOSPC;
	memcpy(e, entry, sizeof(e));
	e[RIG_SOFT_RING_VALID] &= ~CREQ_BASE_V;
	e[RIG_SOFT_RING_VALID] |= rig_soft_lap_valid(ring->prod, ring->entries);
	if (rig_soft_qmem_publish(fn->mem, &ring->mem,
				  (ring->prod % ring->entries) * sizeof(e), e,
				  sizeof(e), RIG_SOFT_RING_VALID))
		return -EFAULT;
	ring->prod++;
	return 0;
}

/* Armed (NQ_ARM not yet answered) with an entry the driver has not seen. */
static bool rig_soft_ring_due(struct rig_soft_ring *ring)
{
	u64 unread;

	if (!ring->db.seen || rig_soft_db_type(ring->db.val) != DBC_DBC_TYPE_NQ_ARM ||
	    ring->db.val == ring->raised)
		return false;
	unread = rig_soft_ring_unread(ring);
	return unread && unread != U64_MAX;
}

/**
 * rig_soft_ring_service() - raise a ring's vector if it asked for it
 * @fn: the function
 * @ring: a ring
 *
 * An NQ_ARM doorbell arms the vector for an entry beyond its index; the
 * vector is raised once and stays disarmed until the driver rings a new
 * doorbell value with NQ_ARM.  An NQ doorbell (no arm) disarms it.
 *
 * Return: true when the vector was raised.
 */
bool rig_soft_ring_service(struct rig_soft_fn *fn, struct rig_soft_ring *ring)
{
	rig_soft_assert_held(fn);
	if (!ring->live)
		return false;
	rig_soft_ring_db(fn, ring);
	if (!rig_soft_ring_due(ring))
		return false;
	ring->raised = ring->db.val;
	fn->stats.raises++;
	fn->ops->raise(fn, ring->vec);
	return true;
}

/**
 * rig_soft_ring_pending() - would rig_soft_ring_service() raise the vector?
 * @fn: the function
 * @ring: a ring
 *
 * Return: true when it would.
 */
bool rig_soft_ring_pending(struct rig_soft_fn *fn, struct rig_soft_ring *ring)
{
	rig_soft_assert_held(fn);
	if (!ring->live)
		return false;
	rig_soft_ring_db(fn, ring);
	return rig_soft_ring_due(ring);
}
