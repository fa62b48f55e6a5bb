// SPDX-License-Identifier: GPL-2.0-only
/*
 * Notification queues, as bnxt_re runs them on a P5 function: one ring
 * of 16-byte entries per MSI-X vector after the CREQ's, allocated with
 * HWRM_RING_ALLOC, into which the function writes a struct nq_cn when a
 * completion ring armed for an event gets a completion; its valid bit
 * flips each lap, and the queue is re-armed with an NQ_ARM doorbell.
 *
 * This file owns struct rig_bnxt_nq; what a notification means for a
 * queue pair is qp.c's (rig_bnxt_cq_event()).
 */
#include <linux/io.h>
#include <linux/workqueue.h>

#include "bnxt.h"

static bool rig_bnxt_nq_valid(struct rig_bnxt_nq *nq, const struct rig_nq_base *e)
{
	bool lap_odd = (nq->cons / nq->ring.depth) & 1;

	return !!(le32_to_cpu(READ_ONCE(e->info63_v[0])) & RIG_NQ_BASE_V) == !lap_odd;
}

static void rig_bnxt_nq_entry(struct rig_bnxt_nq *nq, const struct rig_nq_base *e)
{
	const struct rig_nq_cn *cn = (const void *)e;
	u16 type = le16_to_cpu(e->info10_type) & RIG_NQ_BASE_TYPE_MASK;

	if (type != RIG_NQ_BASE_TYPE_CQ_NOTIFICATION) {
		dev_info_ratelimited(nq->bnxt->dev, "notification of type 0x%02x ignored\n", type);
		return;
	}
	rig_bnxt_cq_event(nq->bnxt, (u64)le32_to_cpu(cn->cq_handle_high) << 32 |
			  le32_to_cpu(cn->cq_handle_low));
}

/* Bottom half of a notification queue's vector: every new entry, re-arm. */
static void rig_bnxt_nq_work(struct work_struct *work)
{
	struct rig_bnxt_nq *nq = container_of(work, struct rig_bnxt_nq, work);

	for (;;) {
		const struct rig_nq_base *e = nq->ring.va +
			(nq->cons % nq->ring.depth) * RIG_BNXT_ENTRY_BYTES;

		if (!rig_bnxt_nq_valid(nq, e))
			break;
		/* The valid bit before the rest of the entry. */
		dma_rmb();
		rig_bnxt_nq_entry(nq, e);
		nq->cons++;
	}
	rig_bnxt_db_write(nq->db, nq->id, RIG_BNXT_DBC_TYPE_NQ_ARM,
			  rig_bnxt_db_index(nq->cons, nq->ring.depth));
}

static irqreturn_t rig_bnxt_nq_irq(int irq, void *data)
{
	struct rig_bnxt_nq *nq = data;

	queue_work(system_bh_wq, &nq->work);
	return IRQ_HANDLED;
}

static void rig_bnxt_nq_destroy(struct rig_bnxt_dev *bnxt, struct rig_bnxt_nq *nq)
{
	bnxt->t->ops->free_irq(bnxt->t, nq->vec, nq);
	cancel_work_sync(&nq->work);
	iounmap(nq->db);
	rig_bnxt_ring_release(bnxt, &nq->ring, nq->id);
}

static int rig_bnxt_nq_create(struct rig_bnxt_dev *bnxt, struct rig_bnxt_nq *nq, u32 vec)
{
	const struct rig_transport_vector *v = &bnxt->t->vectors[vec];
	int ret;

	/* A new ring: nothing of one from before a stop, its consumer least of all. */
	memset(nq, 0, sizeof(*nq));
	nq->bnxt = bnxt;
	nq->vec = vec;
	INIT_WORK(&nq->work, rig_bnxt_nq_work);
	ret = rig_bnxt_ring_create(bnxt, &nq->ring, RIG_BNXT_NQ_DEPTH, RIG_BNXT_PBL_QUEUE);
	if (ret)
		return ret;
	ret = rig_bnxt_ring_alloc(bnxt, &nq->ring, v->ring_idx, &nq->id);
	if (ret)
		goto err_ring;
	nq->db = ioremap(bnxt->t->db_phys + v->db_offset, 8);
	if (!nq->db) {
		ret = -ENOMEM;
		goto err_alloc;
	}
	ret = bnxt->t->ops->request_irq(bnxt->t, vec, rig_bnxt_nq_irq, "rig_bnxt-nq", nq);
	if (ret)
		goto err_unmap;
	rig_bnxt_db_write(nq->db, nq->id, RIG_BNXT_DBC_TYPE_NQ_ARM,
			  rig_bnxt_db_index(0, nq->ring.depth));
	return 0;

err_unmap:
	iounmap(nq->db);
err_alloc:
	rig_bnxt_ring_release(bnxt, &nq->ring, nq->id);
	return ret;
err_ring:
	rig_bnxt_ring_destroy(bnxt, &nq->ring);
	return ret;
}

/**
 * rig_bnxt_nq_irq_stop() - the vectors go: mask every notification queue
 * @bnxt: the function, its queues up
 *
 * As bnxt_re does: the queue is rung at its consumer without the arm, so
 * it raises nothing, and its bottom half is disabled (one running is
 * waited for), so it neither reads nor re-arms the queue.
 */
void rig_bnxt_nq_irq_stop(struct rig_bnxt_dev *bnxt)
{
	unsigned int i;

	for (i = 0; i < bnxt->nnq; i++) {
		struct rig_bnxt_nq *nq = &bnxt->nqs[i];

		disable_work_sync(&nq->work);
		rig_bnxt_db_write(nq->db, nq->id, RIG_BNXT_DBC_TYPE_NQ,
				  rig_bnxt_db_index(nq->cons, nq->ring.depth));
	}
}

/**
 * rig_bnxt_nq_irq_restart() - the vectors are back: take and re-arm
 * @bnxt: the function, its queues up
 * @masked: rig_bnxt_nq_irq_stop() masked them
 *
 * Each queue's bottom half runs once: it takes what came while the queue
 * was masked (or before its vector was requested) and re-arms it.
 */
void rig_bnxt_nq_irq_restart(struct rig_bnxt_dev *bnxt, bool masked)
{
	unsigned int i;

	for (i = 0; i < bnxt->nnq; i++) {
		if (masked)
			enable_work(&bnxt->nqs[i].work);
		queue_work(system_bh_wq, &bnxt->nqs[i].work);
	}
}

/**
 * rig_bnxt_nq_start() - a notification queue on every vector but the CREQ's
 * @bnxt: the function, its firmware channel up
 *
 * Return: 0, -ENODEV with fewer than two vectors, or the first failure,
 * with nothing left behind.
 */
int rig_bnxt_nq_start(struct rig_bnxt_dev *bnxt)
{
	unsigned int i;
	int ret;

	if (bnxt->t->nvec < 2) {
		dev_err(bnxt->dev, "RoCE needs at least 2 MSI-X vectors; the function set aside %u\n",
			bnxt->t->nvec);
		return -ENODEV;
	}
	for (i = 1; i < bnxt->t->nvec; i++) {
		ret = rig_bnxt_nq_create(bnxt, &bnxt->nqs[bnxt->nnq], i);
		if (ret) {
			rig_bnxt_nq_stop(bnxt);
			return ret;
		}
		bnxt->nnq++;
	}
	return 0;
}

/**
 * rig_bnxt_nq_stop() - take every notification queue down
 * @bnxt: the function; no completion ring uses them any more
 */
void rig_bnxt_nq_stop(struct rig_bnxt_dev *bnxt)
{
	while (bnxt->nnq)
		rig_bnxt_nq_destroy(bnxt, &bnxt->nqs[--bnxt->nnq]);
}
