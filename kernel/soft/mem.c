// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writes of memory by DMA address, and the probe of one, over a backend
 * (mem.h, which has the reads and the publish of an entry inline, the
 * engine's cases for every entry).  It knows nothing of IOMMUs, pages or
 * BARs, which are the backend's.  Pure: KUnit runs it.
 */
#include <linux/errno.h>
#include <linux/minmax.h>
#include <linux/string.h>

#include "mem.h"

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
