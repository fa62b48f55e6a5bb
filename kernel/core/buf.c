// SPDX-License-Identifier: GPL-2.0-only
/*
 * DMA buffers: driver-allocated memory the NIC reaches and a process may
 * map: the memory of host regions, of RIG_BNXT_DMA_ALLOC and of queue
 * pairs' rings.
 *
 * This file owns struct rig_buf and its reference count: the pages
 * outlive the handle that made them for as long as a region, a cookie or
 * a mapping (mmap.c) uses them.  It maps nothing into processes.
 */
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "rig.h"

static void rig_buf_free(struct kref *kref)
{
	struct rig_buf *buf = container_of(kref, struct rig_buf, kref);

	if (buf->vaddr)
		vunmap(buf->vaddr);
	rig_pages_release(buf->pages);
	kfree(buf);
}

/**
 * rig_buf_put() - drop a reference to a buffer
 * @buf: the buffer; freed, pages and all, with the last reference
 */
void rig_buf_put(struct rig_buf *buf)
{
	kref_put(&buf->kref, rig_buf_free);
}

/**
 * rig_buf_alloc() - allocate a zeroed buffer of @npages for @rdev's DMA
 * @rdev: the NIC whose DMA device maps it
 * @npages: its size in pages, at least one
 * @kmap: also map it into the kernel (@vaddr), for rings the driver reads
 *
 * Return: the buffer holding one reference, or an ERR_PTR: -ENOMEM (memory
 * or RLIMIT_MEMLOCK), -EINTR, or what mapping it for DMA returned.
 */
struct rig_buf *rig_buf_alloc(struct rig_dev *rdev, unsigned long npages, bool kmap)
{
	struct rig_buf *buf;
	long err;

	buf = kzalloc(sizeof(*buf), GFP_KERNEL_ACCOUNT);
	if (!buf)
		return ERR_PTR(-ENOMEM);
	buf->pages = rig_pages_alloc(rdev, npages);
	if (IS_ERR(buf->pages)) {
		err = PTR_ERR(buf->pages);
		goto err_free;
	}
	if (kmap) {
		buf->vaddr = vmap(buf->pages->pages, npages, VM_MAP, PAGE_KERNEL);
		if (!buf->vaddr) {
			err = -ENOMEM;
			goto err_release;
		}
	}
	kref_init(&buf->kref);
	buf->rdev = rdev;
	return buf;

err_release:
	rig_pages_release(buf->pages);
err_free:
	kfree(buf);
	return ERR_PTR(err);
}

/**
 * rig_buf_dma() - walk the DMA addresses of a buffer's pages
 * @buf: the buffer, still mapped for its NIC
 * @first: the first page to give
 * @count: how many pages, at most
 * @it: started here; rig_for_each_dma_page() gives the pages
 *
 * The caller holds the NIC's @lock for reading, so the mapping stays
 * while it walks.
 *
 * Return: 0, or -ENODEV when the NIC's mapping is gone.
 */
int rig_buf_dma(struct rig_buf *buf, u64 first, u64 count, struct rig_dma_iter *it)
{
	lockdep_assert_held(&buf->rdev->lock);
	if (!buf->pages->mapped)
		return -ENODEV;
	rig_dma_iter_sg(it, &buf->pages->sgt, first, count);
	return 0;
}
