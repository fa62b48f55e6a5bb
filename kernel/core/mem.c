// SPDX-License-Identifier: GPL-2.0-only
/*
 * Memory a NIC reaches: pages the driver allocates, or pages of a process
 * pinned for as long as a region lives, each set mapped for DMA.
 *
 * This file owns struct rig_pages: allocation or pinning, the accounting
 * of both against RLIMIT_MEMLOCK (struct rig_charge: the user's
 * locked_vm, as io_uring charges its rings, and the process's VmPin), the
 * scatter table and its DMA mapping, and the release of all of it.  It
 * knows nothing of regions, handles or files.
 */
#include <linux/debugfs.h>
#include <linux/dma-mapping.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>

#include "rig.h"

/*
 * Pages held for NICs right now, module-wide: what a leak would leave
 * behind, shown in debugfs as pinned_pages and allocated_pages.
 */
static atomic64_t rig_pinned_pages = ATOMIC64_INIT(0);
static atomic64_t rig_allocated_pages = ATOMIC64_INIT(0);

static int rig_mem_count_get(void *data, u64 *val)
{
	*val = atomic64_read(data);
	return 0;
}

DEFINE_DEBUGFS_ATTRIBUTE(rig_mem_count_fops, rig_mem_count_get, NULL, "%llu\n");

/**
 * rig_mem_debugfs() - show the module's page counts under @root
 * @root: the module's debugfs directory
 */
void rig_mem_debugfs(struct dentry *root)
{
	debugfs_create_file_unsafe("pinned_pages", 0400, root, &rig_pinned_pages,
				   &rig_mem_count_fops);
	debugfs_create_file_unsafe("allocated_pages", 0400, root,
				   &rig_allocated_pages, &rig_mem_count_fops);
}

/*
 * The most pages one set may have: its page array must stay a size
 * kvmalloc() takes (under INT_MAX bytes, 1 TiB of 4 KiB pages), and no
 * set can hold more pages than the machine has.
 */
static bool rig_pages_too_many(unsigned long npages)
{
	return npages > INT_MAX / sizeof(struct page *) ||
	       npages > totalram_pages();
}

/* Pages pinned per pin_user_pages_fast() call: a page of page pointers. */
#define RIG_PIN_BATCH	(PAGE_SIZE / sizeof(struct page *))

/*
 * Does the DMA API bounce any of the mapping (swiotlb)?  A NIC must reach
 * the memory itself, at any time, as the process sees it: bounce buffers
 * are synchronised only at map and unmap, so the NIC would read stale
 * data and its writes would land over the process's later ones.
 */
static bool rig_pages_bounced(struct rig_pages *rp, struct device *dma_dev)
{
	struct scatterlist *sg;
	unsigned int i;

	for_each_sgtable_dma_sg(&rp->sgt, sg, i)
		if (dma_need_sync(dma_dev, sg_dma_address(sg)))
			return true;
	return false;
}

static int rig_pages_map(struct rig_pages *rp)
{
	struct rig_dev *rdev = rp->rdev;
	int ret;

	/*
	 * No segment longer than the device takes (as ib_umem_get() builds
	 * its table): iommu-dma merges segments up to that limit, and one
	 * already past it would be merged on into a length that wraps at
	 * 4 GiB (a 4 GiB region became one DMA segment of 0 bytes).
	 */
	ret = sg_alloc_table_from_pages_segment(&rp->sgt, rp->pages, rp->npages, 0,
						rp->npages << PAGE_SHIFT,
						max_t(unsigned int, PAGE_SIZE,
						      dma_get_max_seg_size(rdev->dma_dev)),
						GFP_KERNEL_ACCOUNT);
	if (ret)
		return ret;
	ret = dma_map_sgtable(rdev->dma_dev, &rp->sgt, DMA_BIDIRECTIONAL,
			      DMA_ATTR_SKIP_CPU_SYNC);
	if (ret)
		goto err_free;
	if (rig_pages_bounced(rp, rdev->dma_dev)) {
		ret = -EOPNOTSUPP;
		goto err_unmap;
	}
	scoped_guard(mutex, &rdev->dma_lock) {
		/* A NIC on its way out maps nothing more. */
		if (!READ_ONCE(rdev->dead)) {
			rp->mapped = true;
			list_add(&rp->node, &rdev->dma_pages);
			return 0;
		}
	}
	ret = -ENODEV;
err_unmap:
	dma_unmap_sgtable(rdev->dma_dev, &rp->sgt, DMA_BIDIRECTIONAL,
			  DMA_ATTR_SKIP_CPU_SYNC);
err_free:
	sg_free_table(&rp->sgt);
	return ret;
}

/* Take @rp from its NIC's DMA; caller holds rdev->dma_lock. */
static void rig_pages_unmap_locked(struct rig_pages *rp)
{
	lockdep_assert_held(&rp->rdev->dma_lock);
	if (!rp->mapped)
		return;
	dma_unmap_sgtable(rp->rdev->dma_dev, &rp->sgt, DMA_BIDIRECTIONAL,
			  DMA_ATTR_SKIP_CPU_SYNC);
	sg_free_table(&rp->sgt);
	list_del(&rp->node);
	rp->mapped = false;
}

/**
 * rig_dev_unmap_all() - take every page from a NIC's DMA: it is going
 * @rdev: the device; the NIC reaches none of the pages any more (every
 *	  object using them was destroyed)
 *
 * The pages stay allocated or pinned, and charged, until their files are
 * closed (rig_pages_release()).
 */
void rig_dev_unmap_all(struct rig_dev *rdev)
{
	struct rig_pages *rp, *next;

	guard(mutex)(&rdev->dma_lock);
	list_for_each_entry_safe(rp, next, &rdev->dma_pages, node)
		rig_pages_unmap_locked(rp);
}

/**
 * rig_charge() - charge locked memory to the current user and process
 * @c: the charge, empty; filled in on success
 * @npages: pages to charge
 *
 * The memory a NIC holds lives as long as the file that made it, and a
 * file outlives its opener when fork() or SCM_RIGHTS passes it on, so
 * the charge against RLIMIT_MEMLOCK goes to the user (user->locked_vm,
 * as io_uring charges its rings), who keeps it until the memory is freed.
 * The process is shown the pages in VmPin (mm->pinned_vm) for as long.
 * CAP_IPC_LOCK lifts the limit, not the charge.
 *
 * Return: 0, or -ENOMEM when the user's locked memory would pass
 * RLIMIT_MEMLOCK.
 */
int rig_charge(struct rig_charge *c, unsigned long npages)
{
	struct user_struct *user = current_user();
	unsigned long limit = rlimit(RLIMIT_MEMLOCK) >> PAGE_SHIFT;
	unsigned long cur = atomic_long_read(&user->locked_vm), next;
	bool unlimited = capable(CAP_IPC_LOCK);

	do {
		if (check_add_overflow(cur, npages, &next) ||
		    (next > limit && !unlimited))
			return -ENOMEM;
	} while (!atomic_long_try_cmpxchg(&user->locked_vm, &cur, next));

	c->user = get_uid(user);
	c->mm = current->mm;
	mmgrab(c->mm);
	atomic64_add(npages, &c->mm->pinned_vm);
	c->npages = npages;
	return 0;
}

/**
 * rig_uncharge() - give back what rig_charge() charged
 * @c: a charge; empty afterwards (an empty one is left alone)
 */
void rig_uncharge(struct rig_charge *c)
{
	if (!c->user)
		return;
	atomic_long_sub(c->npages, &c->user->locked_vm);
	atomic64_sub(c->npages, &c->mm->pinned_vm);
	free_uid(c->user);
	mmdrop(c->mm);
	memset(c, 0, sizeof(*c));
}

/* The largest chunk host memory is allocated in. */
#define RIG_CHUNK_ORDER	min_t(unsigned int, MAX_PAGE_ORDER, 22 - PAGE_SHIFT)

/*
 * Allocate at most @left zeroed pages into @pages, in one chunk of order
 * *@order, or smaller when the allocator refuses it without reclaim;
 * *@order then stays down, so a fragmented machine is asked for a large
 * chunk once, and every chunk starts at an offset that is a multiple of
 * its size.  A chunk larger than @left gives its tail back at once.
 * Only single pages are worth reclaim for.  Return: how many pages, 0
 * when memory ran out.
 */
static unsigned long rig_pages_alloc_chunk(struct page **pages, unsigned long left,
					   unsigned int *order)
{
	const gfp_t gfp = GFP_KERNEL_ACCOUNT | __GFP_ZERO | __GFP_NOWARN;
	struct page *page = NULL;
	unsigned long i, n;
	unsigned int o;

	for (o = min_t(unsigned int, *order, order_base_2(left)); o; o--) {
		page = alloc_pages(gfp | __GFP_NORETRY, o);
		if (page)
			break;
	}
	*order = o;
	if (!page)
		page = alloc_page(gfp | __GFP_RETRY_MAYFAIL);
	if (!page)
		return 0;
	/* Pages of their own: each is mapped into processes, and freed, alone. */
	if (o)
		split_page(page, o);
	n = min(left, BIT(o));
	for (i = 0; i < n; i++)
		pages[i] = page + i;
	for (; i < BIT(o); i++)
		__free_page(page + i);
	return n;
}

/* Charge @npages to the current user; rig_pages_free() uncharges. */
static struct rig_pages *rig_pages_new(struct rig_dev *rdev, unsigned long npages, bool user)
{
	struct rig_pages *rp;

	if (rig_pages_too_many(npages))
		return ERR_PTR(-ENOMEM);
	rp = kzalloc(sizeof(*rp), GFP_KERNEL_ACCOUNT);
	if (!rp)
		return ERR_PTR(-ENOMEM);
	rp->npages = npages;
	rp->user = user;
	rp->rdev = rdev;
	INIT_LIST_HEAD(&rp->node);
	rp->pages = kvcalloc(npages, sizeof(*rp->pages), GFP_KERNEL_ACCOUNT);
	if (!rp->pages)
		goto err_free;
	if (rig_charge(&rp->charge, npages))
		goto err_free;
	return rp;

err_free:
	kvfree(rp->pages);
	kfree(rp);
	return ERR_PTR(-ENOMEM);
}

/* Free or unpin the first @n pages, uncharge them all, free @rp. */
static void rig_pages_free(struct rig_pages *rp, unsigned long n)
{
	unsigned long i;

	if (rp->user) {
		unpin_user_pages_dirty_lock(rp->pages, n, true);
		atomic64_sub(n, &rig_pinned_pages);
	} else {
		for (i = 0; i < n; i++)
			__free_page(rp->pages[i]);
		atomic64_sub(n, &rig_allocated_pages);
	}
	rig_uncharge(&rp->charge);
	kvfree(rp->pages);
	kfree(rp);
}

/**
 * rig_pages_alloc() - allocate zeroed pages and map them for DMA
 * @rdev: the NIC that will reach them
 * @npages: how many, at least one
 *
 * They come in the largest chunks the page allocator gives, up to 4 MiB
 * (MAX_PAGE_ORDER on x86), each physically contiguous and aligned to its
 * size: without an IOMMU that is what lets a region be described to the
 * NIC in large blocks (rig_dma_best_shift()).  Each chunk is split into
 * pages, which are mapped into processes and freed one by one.
 *
 * The pages are locked memory held for the NIC, so like pinned pages
 * (and like io_uring's rings) they are charged against RLIMIT_MEMLOCK
 * (rig_charge()), and to the caller's memory cgroup.  When
 * memory runs out the allocation fails rather than wake the OOM killer;
 * a fatal signal stops a long one.
 *
 * Return: the pages, or ERR_PTR(-ENOMEM) (RLIMIT_MEMLOCK or no memory),
 * ERR_PTR(-EINTR), -EOPNOTSUPP when the DMA API would bounce them
 * (swiotlb), or the DMA API's error.
 */
struct rig_pages *rig_pages_alloc(struct rig_dev *rdev, unsigned long npages)
{
	unsigned int order = RIG_CHUNK_ORDER;
	unsigned long i, got;
	struct rig_pages *rp;
	int ret;

	rp = rig_pages_new(rdev, npages, false);
	if (IS_ERR(rp))
		return rp;

	for (i = 0; i < npages; i += got) {
		got = rig_pages_alloc_chunk(rp->pages + i, npages - i, &order);
		if (!got) {
			ret = -ENOMEM;
			goto err_free;
		}
		atomic64_add(got, &rig_allocated_pages);
		if (fatal_signal_pending(current)) {
			i += got;
			ret = -EINTR;
			goto err_free;
		}
		cond_resched();
	}

	ret = rig_pages_map(rp);
	if (ret)
		goto err_free;
	return rp;

err_free:
	rig_pages_free(rp, i);
	return ERR_PTR(ret);
}

/**
 * rig_pages_pin() - pin a process's pages and map them for DMA
 * @rdev: the NIC that will reach them
 * @addr: page-aligned start in the current process
 * @npages: how many pages, at least one
 *
 * FOLL_LONGTERM | FOLL_WRITE: the pages are migrated out of movable zones
 * first if need be, and they stay the ones the NIC reaches whatever the
 * process maps at @addr later.  They are charged against
 * RLIMIT_MEMLOCK (rig_charge()).
 *
 * Return: the pages; ERR_PTR(-ENOMEM) when RLIMIT_MEMLOCK would be
 * exceeded or memory is short, -EFAULT when the range is not wholly
 * mapped writable memory that can be pinned, -EINTR on a fatal signal,
 * -EOPNOTSUPP when the DMA API would bounce them (swiotlb).
 */
struct rig_pages *rig_pages_pin(struct rig_dev *rdev, unsigned long addr,
				unsigned long npages)
{
	unsigned long done = 0;
	struct rig_pages *rp;
	long got;
	int ret;

	rp = rig_pages_new(rdev, npages, true);
	if (IS_ERR(rp))
		return rp;

	while (done < npages) {
		got = pin_user_pages_fast(addr + (done << PAGE_SHIFT),
					  min(npages - done, RIG_PIN_BATCH),
					  FOLL_LONGTERM | FOLL_WRITE,
					  rp->pages + done);
		if (got <= 0) {
			ret = got ? got : -EFAULT;
			goto err_unpin;
		}
		done += got;
		atomic64_add(got, &rig_pinned_pages);
		if (fatal_signal_pending(current)) {
			ret = -EINTR;
			goto err_unpin;
		}
		cond_resched();
	}

	ret = rig_pages_map(rp);
	if (ret)
		goto err_unpin;
	return rp;

err_unpin:
	rig_pages_free(rp, done);
	return ERR_PTR(ret);
}

/**
 * rig_pages_release() - unmap, and free or unpin, a set of pages
 * @rp: from rig_pages_alloc() or rig_pages_pin()
 *
 * The caller guarantees the NIC no longer reaches them.  Pinned pages
 * are marked dirty (the NIC may have written them) and uncharged.
 */
void rig_pages_release(struct rig_pages *rp)
{
	scoped_guard(mutex, &rp->rdev->dma_lock)
		rig_pages_unmap_locked(rp);
	rig_pages_free(rp, rp->npages);
}
