// SPDX-License-Identifier: GPL-2.0-only
/*
 * The DMA address of each page of memory a NIC reaches, in order, as a
 * loop a driver writes (as ib_umem's rdma_umem_for_each_dma_block): a
 * scatter table mapped by the DMA API, device runs at their bus
 * addresses, or one contiguous block; page by page, or in the largest
 * aligned blocks the layout allows (rig_dma_best_shift()).  Pure: no allocation and no
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
	*it = (struct rig_dma_iter){ .kind = RIG_DMA_ITER_SG, .left = count, .block_pages = 1 };
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
	*it = (struct rig_dma_iter){ .kind = RIG_DMA_ITER_RUNS, .runs = runs, .nruns = nruns,
				     .block_pages = 1 };
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
	*it = (struct rig_dma_iter){ .kind = RIG_DMA_ITER_CONTIG, .next = dma, .left = npages,
				     .block_pages = 1 };
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

static bool rig_dma_iter_next_page(struct rig_dma_iter *it, dma_addr_t *dma)
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
	it->index++;
	return true;
}

/**
 * rig_dma_iter_blocks() - walk blocks of 1 << @shift bytes from now on
 * @it: a started iterator, at its first page
 * @shift: log2 of the block, at least PAGE_SHIFT; rig_dma_best_shift()'s
 *
 * rig_for_each_dma_page() then gives the first page of each block: the
 * block's address, when the layout allows @shift.
 */
void rig_dma_iter_blocks(struct rig_dma_iter *it, unsigned int shift)
{
	it->block_pages = BIT_ULL(shift - PAGE_SHIFT);
}

/**
 * rig_dma_best_shift() - the largest block the pages of @it allow
 * @it: a started iterator; walked to its end
 * @bytes: of the memory it walks (zero-based: its first byte is offset 0)
 * @shifts: the block sizes the NIC takes, a bitmap of their log2
 *
 * A block of 1 << s bytes works when the walk is runs of contiguous
 * pages each starting at an offset and a DMA address that are multiples
 * of 1 << s: each block is then one contiguous, aligned run (the rule of
 * the kernel's ib_umem_find_best_pgsz(), for a zero-based region).
 * Blocks are no larger than @bytes (at least a page) rounded up to a
 * power of two.
 *
 * Return: the largest such s in @shifts, or 0 when none fits (@shifts
 * without PAGE_SHIFT and a layout of single pages).
 */
unsigned int rig_dma_best_shift(struct rig_dma_iter *it, u64 bytes, unsigned long shifts)
{
	/*
	 * A 1 in a bit makes every block of that size or larger misfit.  The
	 * walk gives whole pages, whatever @bytes of the last one are used.
	 */
	u64 misfit = BIT_ULL(fls64(max_t(u64, bytes, PAGE_SIZE) - 1));
	dma_addr_t dma, next = 0;
	u64 off = 0;

	while (rig_dma_iter_next_page(it, &dma)) {
		if (!off || dma != next)
			misfit |= off | dma;	/* a run starts */
		next = dma + PAGE_SIZE;
		off += PAGE_SIZE;
	}
	shifts &= GENMASK(min(__ffs64(misfit), BITS_PER_LONG - 1), 0);
	return shifts ? __fls(shifts) : 0;
}

/**
 * rig_dma_iter_next() - the next page, or block
 * @it: an iterator one of rig_dma_iter_sg(), rig_dma_iter_runs() or
 *	rig_dma_iter_contig() started
 * @dma: its DMA address (a block's: its first page's)
 *
 * Return: false when every page was given.
 */
bool rig_dma_iter_next(struct rig_dma_iter *it, dma_addr_t *dma)
{
	dma_addr_t skip;

	if (!rig_dma_iter_next_page(it, dma))
		return false;
	/* The block's other pages follow it; walking them is cheap. */
	while (it->block_pages > 1 && it->index % it->block_pages &&
	       rig_dma_iter_next_page(it, &skip))
		;
	return true;
}
