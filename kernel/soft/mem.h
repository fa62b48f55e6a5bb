/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How the model reaches memory: only by DMA address, one piece at a time,
 * through a backend.  This header owns that small interface, and the
 * engine's reads and entry writes (inline: under TCG a call and its
 * return cost a lookup each, and every entry takes several); dma.c is
 * the PCI function's backend (IOMMU translation, RAM pages, other
 * devices' BARs), KUnit's is a fake memory.  Nothing here holds a mapping
 * beyond one piece: the driver may unmap memory between two pieces.
 */
#ifndef RIG_SOFT_MEM_H
#define RIG_SOFT_MEM_H

#include <asm/barrier.h>
#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/indirect_call_wrapper.h>
#include <linux/minmax.h>
#include <linux/string.h>
#include <linux/types.h>

struct page;
struct rig_soft_mem;

/**
 * struct rig_soft_piece - a piece of memory the model may touch now
 * @va: its first byte: a kernel address (RAM), or an __iomem address
 *	(device memory, @io)
 * @len: bytes from @va (never past a page or a mapping's end)
 * @io: device memory: copy with @read_io/@write_io, flush before a
 *	completion that reports it
 * @page: the page kmap_local_page() mapped, which rig_soft_mem_unmap()
 *	  gives back; NULL when nothing was mapped for the piece (device
 *	  memory, a page with a permanent kernel mapping)
 */
struct rig_soft_piece {
	void *va;
	u32 len;
	bool io;
	struct page *page;
};

/**
 * struct rig_soft_mem_ops - a backend
 * @map: translate @addr and map at most @max bytes from it into @p;
 *	 -EFAULT when the address does not translate to memory the model
 *	 may reach (a DMA fault)
 * @unmap: undo @map, in the reverse order of the maps
 * @read_io: copy from device memory (memcpy_fromio)
 * @write_io: copy to device memory (memcpy_toio)
 * @flush_io: order the stores to device memory so far before the next
 *	      stores (wmb(): they may be write-combining)
 */
struct rig_soft_mem_ops {
	int (*map)(struct rig_soft_mem *mem, dma_addr_t addr, u32 max,
		   struct rig_soft_piece *p);
	void (*unmap)(struct rig_soft_mem *mem, struct rig_soft_piece *p);
	void (*read_io)(void *dst, const void __iomem *src, size_t n);
	void (*write_io)(void __iomem *dst, const void *src, size_t n);
	void (*flush_io)(struct rig_soft_mem *mem);
};

/**
 * struct rig_soft_mem - the memory one function reaches
 * @ops: its backend
 * @fail: debugfs: this many next accesses fault
 * @faults: accesses that faulted (translation or injected)
 *
 * Embedded in the backend's own structure (container_of()).
 */
struct rig_soft_mem {
	const struct rig_soft_mem_ops *ops;
	atomic_t fail;
	atomic64_t faults;
};

/* The PCI function's backend's map (dma.c), for INDIRECT_CALL_1(). */
INDIRECT_CALLABLE_DECLARE(int rig_soft_dma_map(struct rig_soft_mem *mem, dma_addr_t addr,
					       u32 max, struct rig_soft_piece *p));

/**
 * rig_soft_mem_map() - map the piece of memory at a DMA address
 * @mem: the function's memory
 * @addr: the DMA address
 * @max: bytes wanted, at least one
 * @p: the piece, when 0 is returned; unmap it with rig_soft_mem_unmap()
 *
 * Every call is one access: an injected fault (@mem->fail) or an
 * address that does not translate fails it.  Inline, as its unmap, and
 * the PCI function's backend called directly (INDIRECT_CALL_1(): no
 * retpoline): the engine makes several accesses for every entry.
 *
 * Return: 0, or -EFAULT (a DMA fault, counted).
 */
static inline int rig_soft_mem_map(struct rig_soft_mem *mem, dma_addr_t addr, u32 max,
				   struct rig_soft_piece *p)
{
	if (atomic_add_unless(&mem->fail, -1, 0) ||
	    INDIRECT_CALL_1(mem->ops->map, rig_soft_dma_map, mem, addr, max, p)) {
		atomic64_inc(&mem->faults);
		return -EFAULT;
	}
	return 0;
}

/**
 * rig_soft_mem_unmap() - let go of a piece
 * @mem: the function's memory
 * @p: a piece from rig_soft_mem_map(), the last one mapped
 *
 * Only a piece that holds a temporary mapping (@p->page) needs its
 * backend's unmap.
 */
static inline void rig_soft_mem_unmap(struct rig_soft_mem *mem, struct rig_soft_piece *p)
{
	if (p->page)
		mem->ops->unmap(mem, p);
}

/**
 * rig_soft_mem_read() - copy from memory at a DMA address
 * @mem: the function's memory
 * @addr: the DMA address of the first byte
 * @buf: where the bytes go
 * @len: how many
 *
 * Inline: the engine reads every entry it runs with it.
 *
 * Return: 0, or -EFAULT at the first piece that faults (@buf then holds
 * the bytes before it).
 */
static inline int rig_soft_mem_read(struct rig_soft_mem *mem, dma_addr_t addr, void *buf,
				    size_t len)
{
	struct rig_soft_piece p;

	while (len) {
		if (rig_soft_mem_map(mem, addr, min_t(size_t, len, U32_MAX), &p))
			return -EFAULT;
		if (p.io)
			mem->ops->read_io(buf, (const void __iomem __force *)p.va, p.len);
		else
			memcpy(buf, p.va, p.len);
		rig_soft_mem_unmap(mem, &p);
		addr += p.len;
		buf += p.len;
		len -= p.len;
	}
	return 0;
}

/**
 * rig_soft_mem_publish() - write an entry whose one byte makes it valid,
 *	in one access
 * @mem: the function's memory
 * @addr: the DMA address of the entry
 * @entry: its bytes, the valid bit already in byte @last
 * @len: its size
 * @last: the byte stored after every other, behind dma_wmb()
 *
 * The common case of rig_soft_qmem_publish(): an entry in one piece of
 * ordinary memory.  Anything else is left to the caller.  Inline: every
 * completion is written with it.
 *
 * Return: 0; -EFAULT (a DMA fault, nothing written); -EAGAIN when the
 * entry is not in one piece of RAM (nothing written, no fault counted).
 */
static inline int rig_soft_mem_publish(struct rig_soft_mem *mem, dma_addr_t addr,
				       const void *entry, u32 len, u32 last)
{
	const u8 *e = entry;
	struct rig_soft_piece p;
	u8 *va;

	if (rig_soft_mem_map(mem, addr, len, &p))
		return -EFAULT;
	if (p.io || p.len < len) {
		rig_soft_mem_unmap(mem, &p);
		return -EAGAIN;
	}
	va = p.va;
	memcpy(va, e, last);
	memcpy(va + last + 1, e + last + 1, len - last - 1);
	dma_wmb();
	WRITE_ONCE(va[last], e[last]);
	rig_soft_mem_unmap(mem, &p);
	return 0;
}

int rig_soft_mem_write(struct rig_soft_mem *mem, dma_addr_t addr,
		       const void *buf, size_t len);
int rig_soft_mem_probe(struct rig_soft_mem *mem, dma_addr_t addr);

#endif /* RIG_SOFT_MEM_H */
