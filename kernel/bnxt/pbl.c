// SPDX-License-Identifier: GPL-2.0-only
/*
 * Page buffer lists: how the firmware is told where memory is, page by
 * page, as bnxt_re builds them (qplib_res.c): level 0 names the only
 * page itself; level 1 a page of up to 512 page entries; level 2 a
 * directory of entries of such pages, in as many consecutive pages as it
 * needs (one coherent allocation, as bnxt_re's PDE level).  A data page
 * is a block of any power of two from 4 KiB to 1 GiB the caller chose;
 * the pages of entries are 4 KiB.  Entries are little-endian 64-bit DMA
 * addresses with PTU_PTE_VALID; a queue's last page is marked
 * PTU_PTE_LAST and the one before PTU_PTE_NEXT_TO_LAST, the CREQ's and
 * the notification queues' too, as on every P5 chip.
 *
 * This file owns struct rig_bnxt_pbl: its shape (pure, for KUnit), the
 * coherent pages of entries and their filling.  What the pages describe
 * is the caller's.
 */
#include <linux/dma-mapping.h>
#include <linux/slab.h>

#include "bnxt.h"

/* Entries in a page of entries (4 KiB of 8-byte entries). */
#define RIG_PBL_ENTRIES		(RIG_BNXT_PBL_PAGE / sizeof(__le64))
#define RIG_BNXT_PBL_PAGE	SZ_4K
/*
 * The most directory pages one list has: 512 of them name 2^18 pages of
 * entries, 2^27 data pages (512 GiB in 4 KiB pages, far more in larger
 * ones), and are one coherent allocation of 2 MiB.
 */
#define RIG_PBL_MAX_PDES	512

/**
 * rig_bnxt_pbl_shape() - the level and pages of entries @npages need
 * @npages: data pages, at least one
 * @shape: filled in
 *
 * Level 2 takes a directory of as many pages as the pages of entries
 * need (bnxt_re's npde), at most RIG_PBL_MAX_PDES.
 *
 * Return: 0, or -E2BIG beyond what that directory describes.
 */
int rig_bnxt_pbl_shape(u64 npages, struct rig_bnxt_pbl_shape *shape)
{
	memset(shape, 0, sizeof(*shape));
	if (!npages)
		return -EINVAL;
	if (npages == 1)
		return 0;
	if (npages <= RIG_PBL_ENTRIES) {
		shape->level = 1;
		shape->ptes = 1;
		return 0;
	}
	if (npages > (u64)RIG_PBL_MAX_PDES * RIG_PBL_ENTRIES * RIG_PBL_ENTRIES)
		return -E2BIG;
	shape->level = 2;
	shape->ptes = DIV_ROUND_UP(npages, RIG_PBL_ENTRIES);
	shape->pdes = DIV_ROUND_UP(shape->ptes, RIG_PBL_ENTRIES);
	return 0;
}

/**
 * rig_bnxt_pte() - the entry of data page @index of @npages
 * @page: the page's DMA address
 * @kind: what the list describes
 * @index: which page
 * @npages: of how many
 *
 * Return: the entry, in host order.
 */
u64 rig_bnxt_pte(dma_addr_t page, enum rig_bnxt_pbl_kind kind, u64 index, u64 npages)
{
	u64 pte = page | RIG_PTU_PTE_VALID;

	if (kind == RIG_BNXT_PBL_QUEUE) {
		if (index == npages - 1)
			pte |= RIG_PTU_PTE_LAST;
		else if (index == npages - 2)
			pte |= RIG_PTU_PTE_NEXT_TO_LAST;
	}
	return pte;
}

/**
 * rig_bnxt_pbl_table_bytes() - the size of a PBL's table @i
 * @pbl: with its @level and @pdes set
 * @i: index in @tables
 *
 * Return: the directory's @pdes pages for table 0 at level 2, else a page.
 */
size_t rig_bnxt_pbl_table_bytes(const struct rig_bnxt_pbl *pbl, u32 i)
{
	return pbl->level == 2 && i == 0 ? (size_t)pbl->pdes * RIG_BNXT_PBL_PAGE :
	       RIG_BNXT_PBL_PAGE;
}

/**
 * rig_bnxt_pbl_bytes() - the memory a PBL's tables take
 * @pbl: built, or zeroed
 *
 * Return: the bytes of all its tables of entries.
 */
u64 rig_bnxt_pbl_bytes(const struct rig_bnxt_pbl *pbl)
{
	u64 bytes = 0;
	u32 i;

	for (i = 0; i < pbl->ntables; i++)
		bytes += rig_bnxt_pbl_table_bytes(pbl, i);
	return bytes;
}

/**
 * rig_bnxt_pbl_free() - free a PBL's pages of entries
 * @pbl: built by rig_bnxt_pbl_build(), or zeroed
 */
void rig_bnxt_pbl_free(struct rig_bnxt_pbl *pbl)
{
	u32 i;

	for (i = 0; i < pbl->ntables; i++)
		dma_free_coherent(pbl->dev, rig_bnxt_pbl_table_bytes(pbl, i), pbl->tables[i],
				  pbl->tables_dma[i]);
	kvfree(pbl->tables);
	kvfree(pbl->tables_dma);
	memset(pbl, 0, sizeof(*pbl));
}

/* The directory is @pdes pages; every other table one page. */
static int rig_bnxt_pbl_alloc_tables(struct rig_bnxt_pbl *pbl, u32 n)
{
	u32 i;

	pbl->tables = kvcalloc(n, sizeof(*pbl->tables), GFP_KERNEL_ACCOUNT);
	pbl->tables_dma = kvcalloc(n, sizeof(*pbl->tables_dma), GFP_KERNEL_ACCOUNT);
	if (!pbl->tables || !pbl->tables_dma)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		pbl->tables[i] = dma_alloc_coherent(pbl->dev, rig_bnxt_pbl_table_bytes(pbl, i),
						    &pbl->tables_dma[i], GFP_KERNEL);
		if (!pbl->tables[i])
			return -ENOMEM;
		pbl->ntables++;
	}
	return 0;
}

/**
 * rig_bnxt_pbl_fill() - write a PBL's entries into its pages of entries
 * @pbl: its @level, @npages, @pdes, @ntables, @tables and @tables_dma set
 *	 (the directory first at level 2); @root is set here
 * @kind: what the pages are (the entries' flags)
 * @it: gives each data page's DMA address in order
 *
 * Pure: no allocation, no device (KUnit fills pages of its own).
 *
 * Return: 0, or -EINVAL when @it gave more than @npages pages.
 */
int rig_bnxt_pbl_fill(struct rig_bnxt_pbl *pbl, enum rig_bnxt_pbl_kind kind,
		      struct rig_dma_iter *it)
{
	u32 first_pte = 0;	/* index in @tables of the first page of PTEs */
	dma_addr_t dma;
	u64 index = 0;
	u32 i;

	if (pbl->level)
		pbl->root = pbl->tables_dma[0];
	if (pbl->level == 2) {
		/* The directory page names each page of entries. */
		first_pte = 1;
		for (i = 1; i < pbl->ntables; i++)
			pbl->tables[0][i - 1] = cpu_to_le64(pbl->tables_dma[i] |
							    RIG_PTU_PDE_VALID);
	}
	rig_for_each_dma_page(it, dma) {
		if (index >= pbl->npages)
			return -EINVAL;
		if (pbl->level == 0)
			pbl->root = dma;
		else
			pbl->tables[first_pte + index / RIG_PBL_ENTRIES][index % RIG_PBL_ENTRIES] =
				cpu_to_le64(rig_bnxt_pte(dma, kind, index, pbl->npages));
		index++;
	}
	return 0;
}

/**
 * rig_bnxt_pbl_build() - describe @npages pages to the firmware
 * @dev: the device the firmware reads the list through
 * @pbl: the list to build, zeroed
 * @npages: how many pages @it gives
 * @kind: what they are (the entries' flags)
 * @it: gives each page's DMA address in order
 *
 * Return: 0, or -ENOMEM, -E2BIG (too many pages) or -EINVAL (@it gave
 * more than @npages pages); nothing is left allocated on failure.
 */
int rig_bnxt_pbl_build(struct device *dev, struct rig_bnxt_pbl *pbl, u64 npages,
		       enum rig_bnxt_pbl_kind kind, struct rig_dma_iter *it)
{
	struct rig_bnxt_pbl_shape shape;
	int ret;

	ret = rig_bnxt_pbl_shape(npages, &shape);
	if (ret)
		return ret;
	pbl->dev = dev;
	pbl->level = shape.level;
	pbl->npages = npages;
	pbl->pdes = shape.pdes;
	if (shape.level) {
		ret = rig_bnxt_pbl_alloc_tables(pbl, shape.ptes + !!shape.pdes);
		if (ret)
			goto err_free;
	}
	ret = rig_bnxt_pbl_fill(pbl, kind, it);
	if (ret)
		goto err_free;
	return 0;

err_free:
	rig_bnxt_pbl_free(pbl);
	return ret;
}
