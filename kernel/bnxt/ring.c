// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rings the driver keeps for the firmware: the CMDQ, the CREQ and the
 * notification queues, each a run of 16-byte entries in coherent memory
 * described by a PBL (pbl.c).  This file owns their memory: making it,
 * and letting it go only once the firmware writes it no more.  What goes
 * into a ring is rcfw.c's and nq.c's; telling the firmware of a ring is
 * HWRM's (hwrm.c).
 */
#include <linux/dma-mapping.h>

#include "bnxt.h"

/**
 * rig_bnxt_ring_create() - a ring of @depth 16-byte entries and its PBL
 * @bnxt: the function
 * @ring: the ring, zeroed
 * @depth: entries; a whole number of pages of them
 * @kind: how its PBL marks entries
 *
 * Return: 0 or -ENOMEM.
 */
int rig_bnxt_ring_create(struct rig_bnxt_dev *bnxt, struct rig_bnxt_ring *ring,
			 u32 depth, enum rig_bnxt_pbl_kind kind)
{
	size_t bytes = (size_t)depth * RIG_BNXT_ENTRY_BYTES;
	struct rig_dma_iter it;
	int ret;

	ring->depth = depth;
	ring->va = dma_alloc_coherent(bnxt->dev, bytes, &ring->dma, GFP_KERNEL);
	if (!ring->va)
		return -ENOMEM;
	rig_dma_iter_contig(&it, ring->dma, bytes >> PAGE_SHIFT);
	ret = rig_bnxt_pbl_build(bnxt->dev, &ring->pbl, bytes >> PAGE_SHIFT, kind, &it);
	if (ret) {
		dma_free_coherent(bnxt->dev, bytes, ring->va, ring->dma);
		ring->va = NULL;
	}
	return ret;
}

/**
 * rig_bnxt_ring_destroy() - free what rig_bnxt_ring_create() made
 * @bnxt: the function
 * @ring: the ring; the function no longer writes it
 */
void rig_bnxt_ring_destroy(struct rig_bnxt_dev *bnxt, struct rig_bnxt_ring *ring)
{
	if (!ring->va)
		return;
	rig_bnxt_pbl_free(&ring->pbl);
	dma_free_coherent(bnxt->dev, (size_t)ring->depth * RIG_BNXT_ENTRY_BYTES,
			  ring->va, ring->dma);
	ring->va = NULL;
}

/**
 * rig_bnxt_ring_release() - HWRM_RING_FREE of a ring, then its memory
 * @bnxt: the function; the caller holds its state_lock
 * @ring: a ring from rig_bnxt_ring_create()
 * @id: its ring id from rig_bnxt_ring_alloc()
 *
 * A ring the firmware would not free may still be written: its memory
 * and page list are kept for good (logged) rather than handed back.
 */
void rig_bnxt_ring_release(struct rig_bnxt_dev *bnxt, struct rig_bnxt_ring *ring, u16 id)
{
	if (!rig_bnxt_ring_free(bnxt, id)) {
		rig_bnxt_ring_destroy(bnxt, ring);
		return;
	}
	dev_err(bnxt->dev, "the firmware keeps ring %u: its %u entries stay allocated for good\n",
		id, ring->depth);
	ring->va = NULL;
}
