// SPDX-License-Identifier: GPL-2.0-only
/*
 * DMA buffers: driver-allocated memory a process maps with mmap(), the
 * memory of host regions and of rig_dma_alloc().
 *
 * This file owns struct rig_buf, its reference count, and its mappings:
 * every VMA of a buffer holds a reference (vm_ops open/close), so the
 * pages outlive both the handle and the process's mappings for as long as
 * a region or a mapping uses them.  Mappings are VM_DONTCOPY and VM_IO (a
 * child of fork() gets none, whatever madvise() says) and VM_DONTEXPAND.
 */
#include <linux/mm.h>
#include <linux/slab.h>

#include "rig.h"

static void rig_buf_free(struct kref *kref)
{
	struct rig_buf *buf = container_of(kref, struct rig_buf, kref);

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
 * rig_buf_alloc() - allocate a zeroed buffer of @npages for @rdev
 * @rdev: the NIC whose DMA device maps it
 * @npages: its size in pages, at least one
 *
 * Return: the buffer holding one reference, or an ERR_PTR from
 * rig_pages_alloc().
 */
struct rig_buf *rig_buf_alloc(struct rig_dev *rdev, unsigned long npages)
{
	struct rig_buf *buf;

	buf = kzalloc(sizeof(*buf), GFP_KERNEL_ACCOUNT);
	if (!buf)
		return ERR_PTR(-ENOMEM);
	buf->pages = rig_pages_alloc(rdev->dma_dev, npages);
	if (IS_ERR(buf->pages)) {
		long err = PTR_ERR(buf->pages);

		kfree(buf);
		return ERR_PTR(err);
	}
	kref_init(&buf->kref);
	buf->rdev = rdev;
	return buf;
}

static void rig_buf_vm_open(struct vm_area_struct *vma)
{
	struct rig_buf *buf = vma->vm_private_data;

	kref_get(&buf->kref);
}

static void rig_buf_vm_close(struct vm_area_struct *vma)
{
	rig_buf_put(vma->vm_private_data);
}

static const struct vm_operations_struct rig_buf_vm_ops = {
	.open = rig_buf_vm_open,
	.close = rig_buf_vm_close,
};

/**
 * rig_buf_mmap() - map a buffer, or its first pages, into a process
 * @buf: the buffer; the mapping takes its own reference
 * @vma: the new mapping, at offset 0 of the buffer
 *
 * Return: 0, -EINVAL when the mapping is longer than the buffer or not
 * shared, or vm_map_pages()'s error.
 */
int rig_buf_mmap(struct rig_buf *buf, struct vm_area_struct *vma)
{
	unsigned long npages = vma_pages(vma);
	int ret;

	if (npages > buf->pages->npages || !(vma->vm_flags & VM_SHARED))
		return -EINVAL;

	/*
	 * VM_IO as well: madvise(MADV_DOFORK) refuses to clear VM_DONTCOPY
	 * on it, so no child of fork() ever maps the NIC's memory, and
	 * get_user_pages() leaves it alone (rig_buf_lookup() finds it).
	 */
	vm_flags_set(vma, VM_IO | VM_DONTCOPY | VM_DONTEXPAND | VM_DONTDUMP);
	/* vm_map_pages() honours vm_pgoff; ours is the cookie, not an offset. */
	ret = vm_map_pages_zero(vma, buf->pages->pages, npages);
	if (ret)
		return ret;
	vma->vm_ops = &rig_buf_vm_ops;
	vma->vm_private_data = buf;
	kref_get(&buf->kref);
	return 0;
}

/**
 * rig_buf_lookup() - the buffer mapped at a process's address range
 * @rdev: the NIC the buffer must belong to
 * @addr: start of the range in the current process
 * @len: its length, at least one byte
 * @offset: where the range's offset within the buffer is stored
 *
 * The range must lie in one mapping of one buffer of @rdev.  The caller
 * holds the mmap lock for reading.
 *
 * Return: the buffer with a new reference; NULL when the range is not a
 * buffer's mapping; ERR_PTR(-EXDEV) when it is another NIC's buffer.
 */
struct rig_buf *rig_buf_lookup(struct rig_dev *rdev, unsigned long addr,
			       unsigned long len, unsigned long *offset)
{
	struct vm_area_struct *vma;
	struct rig_buf *buf;

	vma = vma_lookup(current->mm, addr);
	if (!vma || vma->vm_ops != &rig_buf_vm_ops)
		return NULL;
	buf = vma->vm_private_data;
	if (buf->rdev != rdev)
		return ERR_PTR(-EXDEV);
	if (len > vma->vm_end - addr)
		return NULL;
	/* A split mapping keeps its pages' index in vm_pgoff - vm_start. */
	*offset = addr - vma->vm_start +
		  ((vma->vm_pgoff - buf->pgoff) << PAGE_SHIFT);
	kref_get(&buf->kref);
	return buf;
}
