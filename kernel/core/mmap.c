// SPDX-License-Identifier: GPL-2.0-only
/*
 * Typed mmap cookies and the mappings made from them, as uverbs' rdma
 * user mmap entries: a cookie names either a buffer of pages (rings, host
 * regions, DMA buffers: mapped cached) or one page of the NIC's own (a
 * doorbell page of its doorbell BAR, the status page: mapped uncached).
 *
 * This file owns struct rig_mmap and struct rig_vma: the cookie table's
 * entries, the mapping of each VMA, and the tracking that lets
 * rig_ctx_zap() take every mapping of a file away when its NIC goes.
 * Mappings are VM_PFNMAP and VM_IO (get_user_pages() and
 * madvise(MADV_DOFORK) leave them alone), VM_DONTCOPY (no child of fork()
 * gets one), VM_DONTEXPAND and VM_DONTDUMP, and cannot be split.
 *
 * Pages are inserted by the fault handler, never by mmap() itself, as
 * vfio-pci maps its BARs, for mappings that may be zapped while they
 * live: remap_pfn_range() of a whole VMA registers it with x86's PAT
 * (VM_PAT), which looks the first page up in the page tables again when
 * the VMA goes and warns where it finds none (get_pat_info()), and a
 * process could make it warn by racing its own unmaps against a zap.
 * vmf_insert_pfn() registers nothing.  A fault on a mapping that was
 * zapped (its NIC went, its page was revoked) is SIGBUS.
 */
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>

#include "rig.h"

/* Cookies are page offsets of the file: keep cookie << PAGE_SHIFT in off_t. */
#define RIG_COOKIE_LIMIT	XA_LIMIT(1, (1U << 31) - 1)

/**
 * struct rig_mmap - what an mmap cookie names
 * @kref: held by the cookie's slot in the table and by each mapping
 * @buf: a buffer of pages (a reference), or NULL for an I/O page
 * @phys: the I/O page (a page of the NIC's BARs)
 * @writable: an I/O page the process may write (doorbells); the status
 *	      page is read-only
 * @revoked: the page was taken back (rig_mmap_revoke()): no mapping of it
 *	     is made, and those made were zapped.  Under the context's
 *	     @vma_lock.
 *
 * Immutable once published, but for @revoked.
 */
struct rig_mmap {
	struct kref kref;
	struct rig_buf *buf;
	phys_addr_t phys;
	bool writable;
	bool revoked;
};

/**
 * struct rig_vma - one mapping of a file
 * @vma: the mapping
 * @entry: what it maps (a reference)
 * @ctx: the file's context, which outlives the mapping (the VMA holds the
 *	 file)
 * @node: in @ctx->vmas, under @ctx->vma_lock; empty once zapped
 */
struct rig_vma {
	struct vm_area_struct *vma;
	struct rig_mmap *entry;
	struct rig_ctx *ctx;
	struct list_head node;
};

static void rig_mmap_free(struct kref *kref)
{
	struct rig_mmap *m = container_of(kref, struct rig_mmap, kref);

	if (m->buf)
		rig_buf_put(m->buf);
	kfree(m);
}

static int rig_mmap_add(struct rig_ctx *ctx, struct rig_mmap *m, u32 *cookie)
{
	int ret;

	ret = xa_alloc_cyclic(&ctx->mmaps, cookie, m, RIG_COOKIE_LIMIT,
			      &ctx->next_cookie, GFP_KERNEL_ACCOUNT);
	if (ret < 0) {
		kref_put(&m->kref, rig_mmap_free);
		return ret;
	}
	return 0;
}

/**
 * rig_mmap_buf() - publish a buffer at a new mmap cookie
 * @ctx: the context
 * @buf: the buffer; the cookie takes a reference
 * @cookie: where the cookie is stored
 *
 * Return: 0, or -ENOMEM/-EBUSY.
 */
int rig_mmap_buf(struct rig_ctx *ctx, struct rig_buf *buf, u32 *cookie)
{
	struct rig_mmap *m = kzalloc(sizeof(*m), GFP_KERNEL_ACCOUNT);

	if (!m)
		return -ENOMEM;
	kref_init(&m->kref);
	kref_get(&buf->kref);
	m->buf = buf;
	return rig_mmap_add(ctx, m, cookie);
}

/**
 * rig_mmap_io() - publish one page of the NIC's BARs at a new mmap cookie
 * @ctx: the context
 * @phys: the page's physical address
 * @writable: whether the process may store to it (a doorbell page)
 * @cookie: where the cookie is stored
 *
 * Return: 0, or -ENOMEM/-EBUSY.
 */
int rig_mmap_io(struct rig_ctx *ctx, phys_addr_t phys, bool writable, u32 *cookie)
{
	struct rig_mmap *m = kzalloc(sizeof(*m), GFP_KERNEL_ACCOUNT);

	if (!m)
		return -ENOMEM;
	kref_init(&m->kref);
	m->phys = phys;
	m->writable = writable;
	return rig_mmap_add(ctx, m, cookie);
}

/**
 * rig_mmap_del() - take a cookie away; existing mappings stay
 * @ctx: the context
 * @cookie: from rig_mmap_buf() or rig_mmap_io()
 *
 * For memory, whose pages live as long as a mapping holds them.  A page
 * of the NIC that may be given to another object is revoked instead.
 */
void rig_mmap_del(struct rig_ctx *ctx, u32 cookie)
{
	struct rig_mmap *m = xa_erase(&ctx->mmaps, cookie);

	if (m)
		kref_put(&m->kref, rig_mmap_free);
}

/**
 * rig_mmap_revoke() - take a cookie away, and every mapping of its page
 * @ctx: the context; the caller holds its @lock (never the mmap lock)
 * @cookie: from rig_mmap_io()
 *
 * A doorbell page goes back to the NIC with its queue pair, which hands it
 * to the next object it makes, another process's maybe: no mapping of it
 * may outlive the queue pair.  As rig_ctx_zap() does for a NIC that goes:
 * the page tables go, the VMA stays (a store to it faults with SIGBUS),
 * and a mmap() that found the cookie before it went maps nothing.
 */
void rig_mmap_revoke(struct rig_ctx *ctx, u32 cookie)
{
	struct rig_mmap *m = xa_erase(&ctx->mmaps, cookie);
	struct rig_vma *rv;
	bool mm;

	if (!m)
		return;
	lockdep_assert_held(&ctx->lock);
	/* No process, no mapping: only a mmap() of its own could map it. */
	mm = mmget_not_zero(ctx->mm);
	if (mm)
		mmap_read_lock(ctx->mm);
	scoped_guard(mutex, &ctx->vma_lock) {
		m->revoked = true;
		list_for_each_entry(rv, &ctx->vmas, node)
			if (rv->entry == m)
				zap_vma_ptes(rv->vma, rv->vma->vm_start,
					     rv->vma->vm_end - rv->vma->vm_start);
	}
	if (mm) {
		mmap_read_unlock(ctx->mm);
		mmput(ctx->mm);
	}
	kref_put(&m->kref, rig_mmap_free);
}

static void rig_vma_close(struct vm_area_struct *vma)
{
	struct rig_vma *rv = vma->vm_private_data;
	struct rig_ctx *ctx = rv->ctx;

	/* The copy mremap() made and unmaps again (rig_vma_mremap()) owns nothing. */
	if (rv->vma != vma)
		return;
	scoped_guard(mutex, &ctx->vma_lock)
		list_del(&rv->node);	/* empty (self-linked) once zapped */
	kref_put(&rv->entry->kref, rig_mmap_free);
	kfree(rv);
}

/* A mapping is never split: its pages are one object's. */
static int rig_vma_may_split(struct vm_area_struct *vma, unsigned long addr)
{
	return -EINVAL;
}

/*
 * Nor moved: rv->vma is the one vma that rig_ctx_zap() zaps.  mremap()
 * has copied @new from it (vm_private_data too) when it asks; refused, it
 * moves the page tables back and unmaps @new, whose close does nothing.
 */
static int rig_vma_mremap(struct vm_area_struct *new)
{
	return -EINVAL;
}

/* At most this many pages of a buffer are inserted by one fault. */
#define RIG_FAULT_AROUND	512

/*
 * Insert the pages of a buffer's mapping from the one @vmf faulted on,
 * as many as RIG_FAULT_AROUND: a ring or a region is touched page after
 * page, and a fault each would cost more than the walk.
 */
static vm_fault_t rig_fault_pages(struct vm_fault *vmf, struct rig_buf *buf)
{
	struct vm_area_struct *vma = vmf->vma;
	unsigned long i = (vmf->address - vma->vm_start) >> PAGE_SHIFT;
	unsigned long end = min(vma_pages(vma), i + RIG_FAULT_AROUND);
	vm_fault_t ret;

	ret = vmf_insert_pfn(vma, vma->vm_start + (i << PAGE_SHIFT),
			     page_to_pfn(buf->pages->pages[i]));
	if (ret != VM_FAULT_NOPAGE)
		return ret;
	/* The rest only saves faults: a page that fails now faults later. */
	while (++i < end)
		if (vmf_insert_pfn(vma, vma->vm_start + (i << PAGE_SHIFT),
				   page_to_pfn(buf->pages->pages[i])) != VM_FAULT_NOPAGE)
			break;
	return VM_FAULT_NOPAGE;
}

/*
 * A page of a mapping is inserted when first touched, and again after a
 * zap only if the zap did not end the mapping: the NIC went (it is dead),
 * the page was revoked, or rig_ctx_zap() unlisted the mapping.  Checked
 * under @vma_lock, which every zap holds across its zap_vma_ptes(), so
 * no page is inserted behind a zap.
 */
static vm_fault_t rig_vma_fault(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct rig_vma *rv = vma->vm_private_data;
	struct rig_mmap *m = rv->entry;
	struct rig_ctx *ctx = rv->ctx;

	guard(mutex)(&ctx->vma_lock);
	if (rv->vma != vma || list_empty(&rv->node) || m->revoked ||
	    READ_ONCE(ctx->rdev->dead))
		return VM_FAULT_SIGBUS;
	if (m->buf)
		return rig_fault_pages(vmf, m->buf);
	return vmf_insert_pfn(vma, vma->vm_start, PHYS_PFN(m->phys));
}

static const struct vm_operations_struct rig_vm_ops = {
	.fault = rig_vma_fault,
	.close = rig_vma_close,
	.may_split = rig_vma_may_split,
	.mremap = rig_vma_mremap,
};

/* Check a mapping of a buffer: no longer than the buffer. */
static int rig_map_pages(struct vm_area_struct *vma, struct rig_buf *buf)
{
	return vma_pages(vma) > buf->pages->npages ? -EINVAL : 0;
}

/* Check a mapping of one I/O page: uncached, writable only if allowed. */
static int rig_map_io(struct vm_area_struct *vma, struct rig_mmap *m)
{
	if (vma_pages(vma) != 1)
		return -EINVAL;
	if (!m->writable) {
		if (vma->vm_flags & VM_WRITE)
			return -EPERM;
		vm_flags_clear(vma, VM_MAYWRITE);
	}
	vma->vm_page_prot = pgprot_noncached(vma->vm_page_prot);
	return 0;
}

/*
 * Make @rv's VMA a mapping of what its entry names and list it, unless
 * the NIC went or the entry was revoked (both checked under @vma_lock,
 * which rig_ctx_zap() and the revoke take).  Nothing is mapped yet: the
 * fault handler inserts the pages.
 */
static int rig_vma_insert(struct rig_vma *rv)
{
	struct vm_area_struct *vma = rv->vma;
	struct rig_mmap *m = rv->entry;
	struct rig_ctx *ctx = rv->ctx;
	int ret;

	guard(mutex)(&ctx->vma_lock);
	if (READ_ONCE(ctx->rdev->dead))
		return -ENODEV;
	if (m->revoked)
		return -EINVAL;
	ret = m->buf ? rig_map_pages(vma, m->buf) : rig_map_io(vma, m);
	if (ret)
		return ret;
	vm_flags_set(vma, VM_IO | VM_PFNMAP | VM_DONTCOPY | VM_DONTEXPAND | VM_DONTDUMP);
	vma->vm_ops = &rig_vm_ops;
	vma->vm_private_data = rv;
	list_add(&rv->node, &ctx->vmas);
	return 0;
}

/**
 * rig_ctx_mmap() - map what the cookie vma->vm_pgoff names
 * @ctx: the context
 * @vma: the new mapping, at offset 0 of what the cookie names
 *
 * Called with the mmap lock held for writing; takes @ctx->vma_lock inside
 * it, and refuses once the NIC is gone (checked under that lock, which
 * rig_ctx_zap() takes after the NIC is marked dead).
 *
 * Return: 0; -EINVAL for an unknown cookie, a mapping longer than what it
 * names or not shared; -EPERM for another process than the opener, or a
 * writable mapping of a read-only page; -ENODEV when the NIC is gone;
 * -ENOMEM.
 */
int rig_ctx_mmap(struct rig_ctx *ctx, struct vm_area_struct *vma)
{
	struct rig_mmap *m;
	struct rig_vma *rv;
	int ret;

	mmap_assert_write_locked(vma->vm_mm);
	if (current->mm != ctx->mm)
		return -EPERM;
	if (vma->vm_pgoff > U32_MAX || !(vma->vm_flags & VM_SHARED))
		return -EINVAL;

	xa_lock(&ctx->mmaps);
	m = xa_load(&ctx->mmaps, vma->vm_pgoff);
	if (m)
		kref_get(&m->kref);
	xa_unlock(&ctx->mmaps);
	if (!m)
		return -EINVAL;

	rv = kzalloc(sizeof(*rv), GFP_KERNEL_ACCOUNT);
	if (!rv) {
		kref_put(&m->kref, rig_mmap_free);
		return -ENOMEM;
	}
	rv->vma = vma;
	rv->entry = m;
	rv->ctx = ctx;

	ret = rig_vma_insert(rv);
	if (ret) {
		kfree(rv);
		kref_put(&m->kref, rig_mmap_free);
	}
	return ret;
}

/**
 * rig_ctx_zap() - take every mapping of a file away: its NIC is gone
 * @ctx: the context; its device is already dead, so no new mapping can
 *	 be made
 *
 * As uverbs disassociates a ucontext: the page tables go, the VMAs stay
 * (an access then faults with SIGBUS), and what they mapped is kept
 * alive by their references until they are unmapped.  The mmap lock is
 * taken before @ctx->vma_lock, the order mmap() takes them in.
 */
void rig_ctx_zap(struct rig_ctx *ctx)
{
	struct rig_vma *rv, *next;

	if (!mmget_not_zero(ctx->mm))
		return;		/* the process is gone, and its mappings */
	mmap_read_lock(ctx->mm);
	scoped_guard(mutex, &ctx->vma_lock) {
		list_for_each_entry_safe(rv, next, &ctx->vmas, node) {
			zap_vma_ptes(rv->vma, rv->vma->vm_start,
				     rv->vma->vm_end - rv->vma->vm_start);
			list_del_init(&rv->node);
		}
	}
	mmap_read_unlock(ctx->mm);
	mmput(ctx->mm);
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
	struct rig_vma *rv;

	mmap_assert_locked(current->mm);
	vma = vma_lookup(current->mm, addr);
	if (!vma || vma->vm_ops != &rig_vm_ops)
		return NULL;
	rv = vma->vm_private_data;
	buf = rv->entry->buf;
	if (!buf)
		return NULL;		/* a NIC page, not memory */
	if (buf->rdev != rdev)
		return ERR_PTR(-EXDEV);
	if (len > vma->vm_end - addr)
		return NULL;
	/* A mapping is never split: it starts at the buffer's first page. */
	*offset = addr - vma->vm_start;
	kref_get(&buf->kref);
	return buf;
}
