// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reads and writes of memory by DMA address, over a backend (mem.h).
 * This file owns the copying a piece at a time and the injected DMA
 * faults (the "next N accesses fault" knob); it knows nothing of IOMMUs,
 * pages or BARs, which are the backend's.  Pure: KUnit runs it.
 */
#include <asm/barrier.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/minmax.h>
#include <linux/string.h>

#include "mem.h"

/**
 * rig_soft_mem_read() - copy from memory at a DMA address
 * @mem: the function's memory
 * @addr: the DMA address of the first byte
 * @buf: where the bytes go
 * @len: how many
 *
 * Return: 0, or -EFAULT at the first piece that faults (@buf then holds
 * the bytes before it).
 */
int rig_soft_mem_read(struct rig_soft_mem *mem, dma_addr_t addr, void *buf,
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
 * rig_soft_mem_write() - copy to memory at a DMA address
 * @mem: the function's memory
 * @addr: the DMA address of the first byte
 * @buf: the bytes
 * @len: how many
 *
 * Stores to device memory are flushed before this returns, so a store
 * that follows (a completion's valid bit) is seen after them.
 *
 * Return: 0, or -EFAULT at the first piece that faults.
 */
int rig_soft_mem_write(struct rig_soft_mem *mem, dma_addr_t addr,
		       const void *buf, size_t len)
{
	struct rig_soft_piece p;
	bool io = false;
	int ret = 0;

	while (len) {
		if (rig_soft_mem_map(mem, addr, min_t(size_t, len, U32_MAX), &p)) {
			ret = -EFAULT;
			break;
		}
		if (p.io)
			mem->ops->write_io((void __iomem __force *)p.va, buf, p.len);
		else
			memcpy(p.va, buf, p.len);
		io |= p.io;
		rig_soft_mem_unmap(mem, &p);
		addr += p.len;
		buf += p.len;
		len -= p.len;
	}
	if (io)
		mem->ops->flush_io(mem);
	return ret;
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
 * ordinary memory.  Anything else is left to the caller.
 *
 * Return: 0; -EFAULT (a DMA fault, nothing written); -EAGAIN when the
 * entry is not in one piece of RAM (nothing written, no fault counted).
 */
int rig_soft_mem_publish(struct rig_soft_mem *mem, dma_addr_t addr,
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

/**
 * rig_soft_mem_probe() - does a DMA address reach memory?
 * @mem: the function's memory
 * @addr: the address
 *
 * One access, nothing read or written: what the firmware does when it
 * takes an address it uses only later (the IRRQ and ORRQ of a QP).
 *
 * Return: 0, or -EFAULT.
 */
int rig_soft_mem_probe(struct rig_soft_mem *mem, dma_addr_t addr)
{
	struct rig_soft_piece p;

	if (rig_soft_mem_map(mem, addr, 1, &p))
		return -EFAULT;
	rig_soft_mem_unmap(mem, &p);
	return 0;
}
