// SPDX-License-Identifier: BSD-2-Clause
/*
 * Which pages of a buffer the process wrote since last asked: the kernel's
 * userfaultfd write-protection in asynchronous mode (a write clears the
 * page's protection bit, no handler runs) and /proc/self/pagemap's
 * PAGEMAP_SCAN ioctl, which reports the pages whose bit is clear and sets
 * it again in one walk.  Linux 6.7 has both.  Without an IOMMU a
 * registration a peer may read is a copy of the buffer, brought up to
 * date before every send (ep.c): with a tracker, only the pages written
 * since the last send are copied, not the whole buffer.
 *
 * This file owns struct rig_dirty (one per domain: the userfaultfd and
 * the pagemap file) and the walk over a buffer's written pages.  Which
 * buffers are tracked, and that no two overlap, is the domain's
 * (fabric.c).  All of it runs under the domain's lock.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/userfaultfd.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rig_fi.h"

/*
 * What rig needs of Linux 6.7's userfaultfd and pagemap ABI, for headers
 * older than it (Debian 12's are 6.1's): the values and the layouts of
 * include/uapi/linux/userfaultfd.h and fs.h.
 */
#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY		1
#endif
#ifndef UFFD_FEATURE_WP_UNPOPULATED
#define UFFD_FEATURE_WP_UNPOPULATED	(1 << 13)
#endif
#ifndef UFFD_FEATURE_WP_ASYNC
#define UFFD_FEATURE_WP_ASYNC		(1 << 15)
#endif
#ifndef PAGEMAP_SCAN
#define PAGE_IS_WRITTEN			(1 << 1)
#define PM_SCAN_WP_MATCHING		(1 << 0)
#define PM_SCAN_CHECK_WPASYNC		(1 << 1)

struct page_region {
	__u64 start;
	__u64 end;
	__u64 categories;
};

struct pm_scan_arg {
	__u64 size;
	__u64 flags;
	__u64 start;
	__u64 end;
	__u64 walk_end;
	__u64 vec;
	__u64 vec_len;
	__u64 max_pages;
	__u64 category_inverted;
	__u64 category_mask;
	__u64 category_anyof_mask;
	__u64 return_mask;
};

#define PAGEMAP_SCAN	_IOWR('f', 16, struct pm_scan_arg)
#endif

_Static_assert(sizeof(struct pm_scan_arg) == 96, "pm_scan_arg is Linux's");
_Static_assert(sizeof(struct page_region) == 24, "page_region is Linux's");

/* The ranges one PAGEMAP_SCAN call reports at most. */
#define RIG_DIRTY_VEC	64

struct rig_dirty {
	int uffd;		/* write-protection, asynchronous, of tracked buffers */
	int pagemap;		/* /proc/self/pagemap, for PAGEMAP_SCAN */
	size_t page;
	struct page_region vec[RIG_DIRTY_VEC];
};

/**
 * rig_dirty_open() - a tracker of written pages
 * @d: set to the tracker
 *
 * Return: 0, or a negative errno when the kernel offers no tracking
 * (before Linux 6.7, userfaultfd compiled out or forbidden by a seccomp
 * filter): then registrations are copied whole before each send.
 */
int rig_dirty_open(struct rig_dirty **d)
{
	struct uffdio_api api = {
		.api = UFFD_API,
		.features = UFFD_FEATURE_WP_ASYNC | UFFD_FEATURE_WP_UNPOPULATED |
			    UFFD_FEATURE_WP_HUGETLBFS_SHMEM,
	};
	struct rig_dirty *t = calloc(1, sizeof(*t));
	int err;

	if (!t)
		return -ENOMEM;
	t->page = (size_t)sysconf(_SC_PAGESIZE);
	t->pagemap = -1;
	/* Faults of user mode only: what an unprivileged process may ask for. */
	t->uffd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY);
	if (t->uffd < 0 || ioctl(t->uffd, UFFDIO_API, &api))
		goto err;
	t->pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	if (t->pagemap < 0)
		goto err;
	*d = t;
	return 0;
err:
	err = -errno;
	rig_dirty_close(t);
	return err;
}

/**
 * rig_dirty_close() - close a tracker; NULL is ignored
 * @d: the tracker
 *
 * Closing the userfaultfd ends the tracking of every buffer it tracked.
 */
void rig_dirty_close(struct rig_dirty *d)
{
	if (!d)
		return;
	if (d->uffd >= 0)
		close(d->uffd);
	if (d->pagemap >= 0)
		close(d->pagemap);
	free(d);
}

/* The pages holding @len bytes at @buf: [*@start, *@end). */
static void rig_dirty_pages(const struct rig_dirty *d, const void *buf, size_t len,
			    uintptr_t *start, uintptr_t *end)
{
	*start = (uintptr_t)buf & ~(uintptr_t)(d->page - 1);
	*end = ((uintptr_t)buf + len + d->page - 1) & ~(uintptr_t)(d->page - 1);
}

/**
 * rig_dirty_track() - start tracking the writes to a buffer
 * @d: the tracker
 * @buf: the buffer
 * @len: its bytes
 *
 * Every page of the buffer is protected now: the next rig_dirty_walk()
 * reports the pages written after this call.  The caller copies the
 * buffer after it.  Pages shared with another buffer @d tracks would lose
 * writes to whichever is walked first: the caller tracks no two buffers
 * that share a page.
 *
 * Return: 0, or a negative errno when the buffer cannot be tracked (one
 * another userfaultfd tracks, memory of a kind without write-protection):
 * then the caller copies it whole.
 */
int rig_dirty_track(struct rig_dirty *d, const void *buf, size_t len)
{
	uintptr_t start, end;
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_WP };
	struct uffdio_writeprotect wp = { .mode = UFFDIO_WRITEPROTECT_MODE_WP };

	rig_dirty_pages(d, buf, len, &start, &end);
	reg.range = (struct uffdio_range){ .start = start, .len = end - start };
	wp.range = reg.range;
	if (ioctl(d->uffd, UFFDIO_REGISTER, &reg))
		return -errno;
	if (ioctl(d->uffd, UFFDIO_WRITEPROTECT, &wp)) {
		int err = -errno;

		rig_dirty_untrack(d, buf, len);
		return err;
	}
	return 0;
}

/**
 * rig_dirty_untrack() - stop tracking a buffer rig_dirty_track() took
 * @d: the tracker
 * @buf: the buffer
 * @len: its bytes
 *
 * Its pages lose their protection.  A buffer already unmapped is no
 * error: there is nothing left to untrack.
 */
void rig_dirty_untrack(struct rig_dirty *d, const void *buf, size_t len)
{
	uintptr_t start, end;
	struct uffdio_range range;

	rig_dirty_pages(d, buf, len, &start, &end);
	range = (struct uffdio_range){ .start = start, .len = end - start };
	ioctl(d->uffd, UFFDIO_UNREGISTER, &range);
}

/**
 * rig_dirty_walk_start() - begin a walk over a tracked buffer's written pages
 * @w: the walk
 * @d: the tracker
 * @buf: the buffer, as given to rig_dirty_track()
 * @len: its bytes
 */
void rig_dirty_walk_start(struct rig_dirty_walk *w, struct rig_dirty *d, const void *buf,
			  size_t len)
{
	*w = (struct rig_dirty_walk){ .d = d, .buf = (uintptr_t)buf, .len = len };
	rig_dirty_pages(d, buf, len, &w->next, &w->end);
}

/* Ask the kernel for the next written pages of @w: 0, or -errno. */
static int rig_dirty_scan(struct rig_dirty_walk *w)
{
	struct pm_scan_arg arg = {
		.size = sizeof(arg),
		/* Protect each page again as it is reported, in the same walk. */
		.flags = PM_SCAN_WP_MATCHING | PM_SCAN_CHECK_WPASYNC,
		.start = w->next,
		.end = w->end,
		.vec = (uintptr_t)w->d->vec,
		.vec_len = RIG_DIRTY_VEC,
		.category_mask = PAGE_IS_WRITTEN,
		.return_mask = PAGE_IS_WRITTEN,
	};
	long n = ioctl(w->d->pagemap, PAGEMAP_SCAN, &arg);

	if (n < 0)
		return -errno;
	w->n = (size_t)n;
	w->i = 0;
	/* The walk stops early only with the vector full; never stand still. */
	w->next = n || arg.walk_end > w->next ? arg.walk_end : w->end;
	return 0;
}

/**
 * rig_dirty_walk_next() - the next written bytes of the buffer
 * @w: the walk
 * @from: set to their first byte, as an offset in the buffer
 * @to: set to the byte after their last
 *
 * Each range is reported once and protected again, so a write after this
 * call shows in the next walk.  Should the kernel fail the scan, the rest
 * of the buffer is reported written: a copy too many, never one missed.
 *
 * Return: true with a range, false when the walk is over.
 */
bool rig_dirty_walk_next(struct rig_dirty_walk *w, size_t *from, size_t *to)
{
	const struct page_region *r;
	uintptr_t a, b;

	while (w->i == w->n) {
		if (w->next >= w->end)
			return false;
		if (rig_dirty_scan(w)) {
			w->d->vec[0] = (struct page_region){ .start = w->next, .end = w->end };
			w->n = 1;
			w->i = 0;
			w->next = w->end;
		}
	}
	r = &w->d->vec[w->i++];
	a = r->start > w->buf ? r->start : w->buf;
	b = r->end < w->buf + w->len ? r->end : w->buf + w->len;
	*from = a - w->buf;
	*to = b > a ? b - w->buf : *from;
	return true;
}
