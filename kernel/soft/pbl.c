// SPDX-License-Identifier: GPL-2.0-only
/*
 * Page tables as the chip's page table unit reads them, and the memory of
 * a queue behind one.  This file owns the rules of a page buffer list
 * (level 0: the address of the only page; level 1: a page of 64-bit page
 * addresses; level 2: a list of addresses of such pages) and the reads
 * and writes of a queue's memory by byte offset.  It reaches memory only
 * through mem.h and knows nothing of the objects the queues belong to.
 * Pure: KUnit runs it.
 */
#include <asm/byteorder.h>
#include <linux/build_bug.h>
#include <linux/errno.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "soft.h"

/* PDE and PTE entries read per DMA access (256 bytes on the stack). */
#define RIG_SOFT_PBL_BATCH	32

/**
 * rig_soft_pg_size_shift() - the page size of a PG_SIZE field
 * @pg_size: CMDQ_CREATE_QP_SQ_PG_SIZE_* and friends, shifted down to 0..5
 *
 * Return: log2 of the size (12 for PG_4K ... 30 for PG_1G), or -EINVAL.
 */
int rig_soft_pg_size_shift(u8 pg_size)
{
	static const u8 shift[] = { 12, 13, 16, 21, 23, 30 };

	return pg_size < ARRAY_SIZE(shift) ? shift[pg_size] : -EINVAL;
}

/*
 * A page address from an entry: marked valid (@valid), flags off, aligned
 * to the page.  A P5 chip's page table unit takes no entry without its
 * valid bit, whatever the list describes (bnxt_re marks the CREQ's and
 * the notification queues' on P5 too: HWQ_TYPE_QUEUE, not L2_CMPL).
 */
static int rig_soft_pte(u64 raw, u64 flags, u64 valid, u8 shift, dma_addr_t *addr)
{
	u64 a = raw & ~flags;

	if (!(raw & valid) || (a & (BIT_ULL(shift) - 1)))
		return -EINVAL;
	*addr = a;
	return 0;
}

/*
 * Read @n page addresses at @at, each marked @valid (one of @flags),
 * flags off and aligned to 1 << @shift.
 */
static int rig_soft_pbl_entries(struct rig_soft_mem *mem, u64 at, u64 n,
				u64 flags, u64 valid, u8 shift, dma_addr_t *out)
{
	__le64 raw[RIG_SOFT_PBL_BATCH];
	u64 i, k, m;

	for (i = 0; i < n; i += m) {
		m = min_t(u64, n - i, RIG_SOFT_PBL_BATCH);
		if (rig_soft_mem_read(mem, at + i * sizeof(raw[0]), raw,
				      m * sizeof(raw[0])))
			return -EFAULT;
		for (k = 0; k < m; k++)
			if (rig_soft_pte(le64_to_cpu(raw[k]), flags, valid, shift, &out[i + k]))
				return -EINVAL;
	}
	return 0;
}

/* Level 2: @pbl lists the PBL pages, each a page of page addresses. */
static int rig_soft_pbl_read2(struct rig_soft_mem *mem, u64 pbl, u64 npages,
			      u8 pg_shift, u8 pbl_shift, dma_addr_t *out)
{
	u64 per = BIT_ULL(pbl_shift) / sizeof(__le64);
	u64 npbl = DIV_ROUND_UP(npages, per);
	dma_addr_t pde[RIG_SOFT_PBL_BATCH];
	u64 i, k, m;
	int ret;

	for (i = 0; i < npbl; i += m) {
		m = min_t(u64, npbl - i, RIG_SOFT_PBL_BATCH);
		ret = rig_soft_pbl_entries(mem, pbl + i * sizeof(__le64), m,
					   PTU_PDE_VALID, PTU_PDE_VALID, pbl_shift, pde);
		if (ret)
			return ret;
		for (k = 0; k < m; k++) {
			u64 first = (i + k) * per;

			ret = rig_soft_pbl_entries(mem, pde[k],
						   min(per, npages - first),
						   RIG_SOFT_PTE_FLAGS, PTU_PTE_VALID, pg_shift,
						   &out[first]);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/**
 * rig_soft_pbl_read() - read the page addresses of a page buffer list
 * @mem: the function's memory
 * @pbl: level 0: the address of the only page; level 1: of a page of
 *	 page addresses; level 2: of a list of addresses of such pages
 * @level: 0, 1 or 2
 * @npages: data pages wanted, at least one
 * @pg_shift: log2 of the data pages' size
 * @pbl_shift: log2 of the size of a page of page addresses
 * @out: @npages addresses
 *
 * Page addresses carry PTU_PTE_VALID, and may carry _LAST and
 * _NEXT_TO_LAST (list addresses PTU_PDE_VALID), as bnxt_re writes them
 * on a P5 chip; an entry without its valid bit is refused, the flags are
 * dropped and the rest must be aligned to the page it names.  A level 1
 * list is one page; a level 2 list is as many 64-bit entries as there
 * are pages of page addresses, in consecutive DMA addresses.
 *
 * Return: 0; -EINVAL for a level the pages do not fit, an entry not
 * marked valid or a misaligned address; -EFAULT when a read of the list
 * faults.
 */
int rig_soft_pbl_read(struct rig_soft_mem *mem, u64 pbl, u8 level, u64 npages,
		      u8 pg_shift, u8 pbl_shift, dma_addr_t *out)
{
	u64 per;

	BUILD_BUG_ON(sizeof(dma_addr_t) != sizeof(u64));
	if (!npages || pg_shift < RIG_SOFT_PBL_SHIFT || pbl_shift < RIG_SOFT_PBL_SHIFT ||
	    pg_shift > 30 || pbl_shift > 30 || (pbl & (SZ_4K - 1)))
		return -EINVAL;
	per = BIT_ULL(pbl_shift) / sizeof(__le64);
	switch (level) {
	case 0:
		if (npages != 1)
			return -EINVAL;
		out[0] = pbl;
		return 0;
	case 1:
		if (npages > per)
			return -EINVAL;
		return rig_soft_pbl_entries(mem, pbl, npages, RIG_SOFT_PTE_FLAGS,
					    PTU_PTE_VALID, pg_shift, out);
	case 2:
		return rig_soft_pbl_read2(mem, pbl, npages, pg_shift, pbl_shift, out);
	default:
		return -EINVAL;
	}
}

/**
 * rig_soft_qmem_init() - take the memory of a queue
 * @mem: the function's memory
 * @qm: the queue's memory, empty
 * @pbl: its page buffer list
 * @level: the list's level
 * @pg_shift: log2 of its pages' size (level 0: the size of the page
 *	      that must hold all of it)
 * @bytes: the queue's size
 *
 * Lists of levels 1 and 2 are of 4 KiB pages, as the queues' of bnxt_re.
 *
 * Return: 0; -EINVAL for a list that does not describe @bytes; -EFAULT
 * for a DMA fault; -ENOMEM.
 */
int rig_soft_qmem_init(struct rig_soft_mem *mem, struct rig_soft_qmem *qm,
		       u64 pbl, u8 level, u8 pg_shift, u64 bytes)
{
	u64 npages;
	int ret;

	if (!bytes || pg_shift < RIG_SOFT_PBL_SHIFT || pg_shift > 30)
		return -EINVAL;
	npages = DIV_ROUND_UP(bytes, BIT_ULL(pg_shift));
	if (npages > U32_MAX)
		return -EINVAL;
	qm->pages = kvcalloc(npages, sizeof(*qm->pages), GFP_KERNEL);
	if (!qm->pages)
		return -ENOMEM;
	ret = rig_soft_pbl_read(mem, pbl, level, npages, pg_shift,
				RIG_SOFT_PBL_SHIFT, qm->pages);
	if (ret) {
		rig_soft_qmem_free(qm);
		return ret;
	}
	qm->npages = npages;
	qm->pg_shift = pg_shift;
	return 0;
}

/**
 * rig_soft_qmem_free() - forget the memory of a queue
 * @qm: the queue's memory (may be empty)
 */
void rig_soft_qmem_free(struct rig_soft_qmem *qm)
{
	kvfree(qm->pages);
	qm->pages = NULL;
	qm->npages = 0;
}

/**
 * rig_soft_qmem_rw() - read or write bytes of a queue, a page at a time
 * @mem: the function's memory
 * @qm: the queue's memory
 * @off: offset of the first byte in the queue
 * @buf: the bytes, or where they go
 * @len: how many
 * @write: write @buf (else read into it)
 *
 * Return: 0; -EFAULT (a DMA fault); -EINVAL past the queue's end.
 */
int rig_soft_qmem_rw(struct rig_soft_mem *mem, const struct rig_soft_qmem *qm,
		     u64 off, void *buf, u32 len, bool write)
{
	u64 size = BIT_ULL(qm->pg_shift);

	while (len) {
		u64 idx = off >> qm->pg_shift, in = off & (size - 1);
		u32 n = min_t(u64, len, size - in);
		int ret;

		if (idx >= qm->npages)
			return -EINVAL;
		if (write)
			ret = rig_soft_mem_write(mem, qm->pages[idx] + in, buf, n);
		else
			ret = rig_soft_mem_read(mem, qm->pages[idx] + in, buf, n);
		if (ret)
			return ret;
		off += n;
		buf += n;
		len -= n;
	}
	return 0;
}

/**
 * rig_soft_qmem_write() - write bytes of a queue
 * @mem: the function's memory
 * @qm: the queue's memory
 * @off: offset of the first byte in the queue
 * @buf: the bytes
 * @len: how many
 *
 * Return: 0; -EFAULT (a DMA fault); -EINVAL past the queue's end.
 */
int rig_soft_qmem_write(struct rig_soft_mem *mem, const struct rig_soft_qmem *qm,
			u64 off, const void *buf, u32 len)
{
	return rig_soft_qmem_rw(mem, qm, off, (void *)buf, len, true);
}

/**
 * rig_soft_qmem_publish_pieces() - rig_soft_qmem_publish() of an entry
 *	that is not in one piece of RAM
 * @mem: the function's memory
 * @qm: the queue's memory
 * @off: offset of the entry in the queue
 * @entry: its bytes, the valid (or toggle) bit already in byte @last
 * @len: its size
 * @last: the byte that holds the valid bit: stored after every other
 *
 * Across queue pages, or in device memory: the bytes before and after
 * @last, dma_wmb(), then @last.
 *
 * Return: 0; -EFAULT when a piece faulted (the valid byte is then not
 * written); -EINVAL past the queue's end.
 */
int rig_soft_qmem_publish_pieces(struct rig_soft_mem *mem, const struct rig_soft_qmem *qm,
				 u64 off, const void *entry, u32 len, u32 last)
{
	const u8 *e = entry;
	int ret;

	ret = rig_soft_qmem_write(mem, qm, off, e, last);
	if (!ret)
		ret = rig_soft_qmem_write(mem, qm, off + last + 1, e + last + 1,
					  len - last - 1);
	if (ret)
		return ret;
	dma_wmb();
	return rig_soft_qmem_write(mem, qm, off + last, e + last, 1);
}
