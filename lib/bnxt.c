// SPDX-License-Identifier: BSD-2-Clause
/*
 * Opening and closing a NIC: finding the device file, checking that it
 * speaks our ABI, remembering what the kernel says of it, and mapping the
 * status page of a NIC that needs kicks (the model).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rig_bnxt.h"
#include "internal.h"

static int rig_open_error(const char *path, int err)
{
	switch (err) {
	case ENOENT:
	case ENXIO:
	case ENODEV:
		return rig_fail(-err,
				"rig_bnxt_open: %s: no such device; is the rig_bnxt module loaded (modprobe rig_bnxt) and a NIC bound to it?",
				path);
	case EACCES:
	case EPERM:
		return rig_fail(-err,
				"rig_bnxt_open: %s: permission denied; the device is root's unless a udev rule says otherwise",
				path);
	case EDQUOT:
		return rig_fail(-err,
				"rig_bnxt_open: %s: this user holds its share of the NIC already (rig_bnxt's user_share parameter); close some of its files",
				path);
	default:
		return rig_fail(-err, "rig_bnxt_open: %s: %s", path, strerror(err));
	}
}

/*
 * Map the status page of a NIC that needs kicks: one page, read-only,
 * where the NIC says whether it sleeps (struct rig_bnxt_status).
 */
static int rig_status_map(struct rig_bnxt *nic, uint64_t offset)
{
	void *map;

	if (!nic->page || offset % nic->page)
		return rig_fail(-EPROTO,
				"rig_bnxt_open: %s: the status page at %#llx is not on a page of %zu bytes; install matching versions",
				nic->path, (unsigned long long)offset, nic->page);
	map = mmap(NULL, nic->page, PROT_READ, MAP_SHARED, nic->fd, (off_t)offset);
	if (map == MAP_FAILED)
		return rig_fail(-errno, "rig_bnxt_open: %s: mapping the status page: %s",
				nic->path, strerror(errno));
	nic->status = map;
	return 0;
}

/* Is @n a power of two a queue pair's rings may have, 2 to the ABI's most? */
static bool rig_ring_size_ok(uint32_t n)
{
	return n >= 2 && n <= RIG_BNXT_QP_ENTRIES_MAX && !(n & (n - 1));
}

static int rig_query(struct rig_bnxt *nic)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };

	if (ioctl(nic->fd, RIG_BNXT_QUERY, &q) < 0) {
		int err = errno;

		if (err == ENOTTY || err == EINVAL)
			return rig_fail(-ENOTTY, "rig_bnxt_open: %s is not a rig_bnxt device",
					nic->path);
		return rig_fail(-err, "rig_bnxt_open: %s: query: %s", nic->path,
				strerror(err));
	}
	if (q.abi != RIG_BNXT_ABI_VERSION)
		return rig_fail(-EPROTO,
				"rig_bnxt_open: %s: the module speaks ABI %u, this library %u; install matching versions",
				nic->path, q.abi, RIG_BNXT_ABI_VERSION);
	if (!rig_ring_size_ok(q.max_entries))
		return rig_fail(-EPROTO,
				"rig_bnxt_open: %s: the module allows rings of %u entries at most, not a power of two from 2 to %d; install matching versions",
				nic->path, q.max_entries, RIG_BNXT_QP_ENTRIES_MAX);
	nic->kind = (int)q.kind;
	nic->flags = q.flags;
	nic->max_entries = q.max_entries;
	nic->page = (size_t)q.page_size;
	if (!(q.flags & RIG_BNXT_QUERY_NEEDS_KICK))
		return 0;
	return rig_status_map(nic, q.status_offset);
}

RIG_EXPORT int rig_bnxt_open(const char *name, struct rig_bnxt **nic)
{
	char path[PATH_MAX];
	struct rig_bnxt *n;
	int len, ret;

	if (!nic || !name || !*name)
		return rig_fail(-EINVAL, "rig_bnxt_open: no device name");
	if (strchr(name, '/'))
		len = snprintf(path, sizeof(path), "%s", name);
	else
		len = snprintf(path, sizeof(path), "/dev/%s", name);
	if (len < 0 || (size_t)len >= sizeof(path))
		return rig_fail(-EINVAL, "rig_bnxt_open: device name longer than PATH_MAX");

	n = calloc(1, sizeof(*n));
	if (!n)
		return rig_fail(-ENOMEM, "rig_bnxt_open: out of memory");
	n->path = strdup(path);
	if (!n->path) {
		ret = rig_fail(-ENOMEM, "rig_bnxt_open: out of memory");
		goto err_free;
	}
	n->name = strrchr(n->path, '/') ? strrchr(n->path, '/') + 1 : n->path;

	n->alive = mmap(NULL, sizeof(*n->alive), PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (n->alive == MAP_FAILED) {
		n->alive = NULL;
		ret = rig_fail(-ENOMEM, "rig_bnxt_open: out of memory");
		goto err_free;
	}
	*n->alive = 1;
	if (madvise(n->alive, sizeof(*n->alive), MADV_WIPEONFORK)) {
		ret = rig_fail(-errno, "rig_bnxt_open: madvise(MADV_WIPEONFORK): %s",
			       strerror(errno));
		goto err_free;
	}

	n->fd = open(path, O_RDWR | O_CLOEXEC);
	if (n->fd < 0) {
		ret = rig_open_error(path, errno);
		goto err_free;
	}
	ret = rig_query(n);
	if (ret)
		goto err_close;
	*nic = n;
	return 0;

err_close:
	/* rig_query() maps the status page last: nothing of it to undo. */
	close(n->fd);
err_free:
	if (n->alive)
		munmap(n->alive, sizeof(*n->alive));
	free(n->path);
	free(n);
	return ret;
}

RIG_EXPORT void rig_bnxt_close(struct rig_bnxt *nic)
{
	if (!nic)
		return;
	/* In a child of fork() the mappings are not ours to unmap. */
	if (!rig_forked(nic)) {
		rig_qps_free(nic, 1);
		rig_db_pages_free(nic, 1);
		rig_regions_free(nic, 1);
		rig_dmas_free(nic, 1);
		if (nic->status)
			munmap((void *)nic->status, nic->page);
	} else {
		rig_qps_free(nic, 0);
		rig_db_pages_free(nic, 0);
		rig_regions_free(nic, 0);
		rig_dmas_free(nic, 0);
	}
	munmap(nic->alive, sizeof(*nic->alive));
	close(nic->fd);
	free(nic->path);
	free(nic);
}

RIG_EXPORT int rig_bnxt_kind(const struct rig_bnxt *nic)
{
	return nic->kind;
}

RIG_EXPORT size_t rig_bnxt_page(const struct rig_bnxt *nic)
{
	return nic->page;
}

RIG_EXPORT int rig_bnxt_fd(const struct rig_bnxt *nic)
{
	return nic->fd;
}

RIG_EXPORT int rig_bnxt_iommu(const struct rig_bnxt *nic)
{
	return !!(nic->flags & RIG_BNXT_QUERY_IOMMU);
}

RIG_EXPORT int rig_bnxt_dmabuf(const struct rig_bnxt *nic)
{
	return !!(nic->flags & RIG_BNXT_QUERY_REG_DMABUF);
}
