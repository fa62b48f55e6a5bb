// SPDX-License-Identifier: GPL-2.0-only
/*
 * The DMA address of each page of memory a NIC reaches, in order, as a
 * loop a driver writes (as ib_umem's rdma_umem_for_each_dma_block): a
 * scatter table mapped by the DMA API, device runs at their bus
 * addresses, or one contiguous block.  Pure: no allocation and no
 * device, so KUnit runs it under UML.
 */
#include <linux/scatterlist.h>

#include "rig.h"

/**
 * rig_dma_iter_sg() - start at page @first of a mapped scatter table
 * @it: the iterator
 * @sgt: DMA-mapped for the NIC (and staying so while @it is used)
 * @first: how many pages to skip
 * @count: how many to give after them, at most
 */
void rig_dma_iter_sg(struct rig_dma_iter *it, struct sg_table *sgt, u64 first, u64 count)
{
	*it = (struct rig_dma_iter){ .kind = RIG_DMA_ITER_SG, .left = count };
	__sg_page_iter_start(&it->sg.base, sgt->sgl, sgt->nents, first);
}

/**
 * rig_dma_iter_runs() - start at the first page of device runs
 * @it: the iterator
 * @runs: @nruns runs, each a whole number of pages at its bus address
 * @nruns: how many
 */
void rig_dma_iter_runs(struct rig_dma_iter *it, const struct rig_devrun *runs, u32 nruns)
{
	*it = (struct rig_dma_iter){ .kind = RIG_DMA_ITER_RUNS, .runs = runs, .nruns = nruns };
	if (nruns) {
		it->next = runs[0].bus;
		it->run_left = runs[0].bytes;
		it->left = U64_MAX;
	}
}

/**
 * rig_dma_iter_contig() - start at @dma, @npages contiguous pages
 * @it: the iterator
 * @dma: the first page's DMA address
 * @npages: how many
 */
void rig_dma_iter_contig(struct rig_dma_iter *it, dma_addr_t dma, u64 npages)
{
	*it = (struct rig_dma_iter){ .kind = RIG_DMA_ITER_CONTIG, .next = dma, .left = npages };
}

static bool rig_dma_iter_next_run(struct rig_dma_iter *it, dma_addr_t *dma)
{
	while (!it->run_left) {
		if (++it->run >= it->nruns)
			return false;
		it->next = it->runs[it->run].bus;
		it->run_left = it->runs[it->run].bytes;
	}
	*dma = it->next;
	it->next += PAGE_SIZE;
	it->run_left -= min_t(u64, it->run_left, PAGE_SIZE);
	return true;
}

/**
 * rig_dma_iter_next() - the next page
 * @it: an iterator one of rig_dma_iter_sg(), rig_dma_iter_runs() or
 *	rig_dma_iter_contig() started
 * @dma: its DMA address
 *
 * Return: false when every page was given.
 */
bool rig_dma_iter_next(struct rig_dma_iter *it, dma_addr_t *dma)
{
	if (!it->left)
		return false;
	switch (it->kind) {
	case RIG_DMA_ITER_SG:
		if (!__sg_page_iter_dma_next(&it->sg))
			return false;
		*dma = sg_page_iter_dma_address(&it->sg);
		break;
	case RIG_DMA_ITER_RUNS:
		if (!rig_dma_iter_next_run(it, dma))
			return false;
		break;
	case RIG_DMA_ITER_CONTIG:
		*dma = it->next;
		it->next += PAGE_SIZE;
		break;
	}
	it->left--;
	return true;
}
