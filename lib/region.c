// SPDX-License-Identifier: BSD-2-Clause
/*
 * Regions: registration of host, pages, device and dma-buf memory, bounds-checked
 * copies in and out of host regions, and deregistration.
 *
 * A region's struct outlives its deregistration as a tombstone on its
 * NIC's list, so a call on a deregistered region is -EINVAL rather than a
 * use after free; rig_bnxt_close() reclaims them all.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "rig_bnxt.h"
#include "internal.h"

static int rig_reg_error(const struct rig_bnxt *nic, const char *call,
			 const struct rig_bnxt_reg_region *cmd, int err)
{
	switch (err) {
	case EIO:
	case ETIMEDOUT:
	case E2BIG:
		return rig_nic_refused(nic, call, "the region", err);
	case ENOMEM:
		return rig_memlock_error(nic, call, cmd->bytes);
	case EOPNOTSUPP:
		if (rig_nic_said(nic, call, err))
			return -err;
		if (cmd->type == RIG_BNXT_REGION_DMABUF)
			return rig_fail(-err,
					"%s: the exporter of fd %d maps it for %s in pieces that are not whole pages",
					call, cmd->fd, nic->name);
		if (cmd->type == RIG_BNXT_REGION_DEVICE)
			return rig_fail(-err,
					"%s: %s is behind an IOMMU, which maps no other device's memory for it",
					call, nic->name);
		return rig_fail(-err,
				"%s: %s is not behind an IOMMU, so it takes only memory from rig_dma_alloc(): other pages go back to the system when the process dies while the NIC may still write them",
				call, nic->name);
	case EXDEV:
		return rig_fail(-err, "%s: that memory was allocated by rig_dma_alloc() for another NIC, not %s",
				call, nic->name);
	case EFAULT:
		return rig_fail(-err,
				"%s: the %" PRIu64 " bytes at 0x%" PRIx64 " are not all mapped, writable memory that can be pinned",
				call, (uint64_t)cmd->bytes, (uint64_t)cmd->address);
	case ENXIO:
		return rig_fail(-err,
				"%s: a run is not inside a memory BAR of a present PCI device (system RAM is never accepted)",
				call);
	case EBADF:
		if (cmd->type == RIG_BNXT_REGION_DMABUF)
			return rig_fail(-err, "%s: fd %d is not an open file", call, cmd->fd);
		break;
	case EINVAL:
		if (cmd->type == RIG_BNXT_REGION_DMABUF)
			return rig_fail(-err,
					"%s: fd %d is not a dma-buf, or %" PRIu64 " bytes at %" PRIu64 " do not lie inside it",
					call, cmd->fd, (uint64_t)cmd->bytes, (uint64_t)cmd->address);
		break;
	case EPERM:
		if (cmd->type == RIG_BNXT_REGION_DEVICE)
			return rig_fail(-err, "%s: registering device memory needs CAP_SYS_RAWIO",
					call);
		break;
	}
	return rig_nic_error(nic, call, err);
}

static int rig_region_make(struct rig_bnxt *nic, const char *call,
			   struct rig_bnxt_reg_region *cmd, struct rig_region **r)
{
	struct rig_region *region;
	int err;

	if (rig_forked(nic))
		return rig_fork_error(nic, call);
	region = calloc(1, sizeof(*region));
	if (!region)
		return rig_fail(-ENOMEM, "%s: out of memory", call);
	err = rig_cmd(nic, RIG_BNXT_REG_REGION, cmd);
	if (err) {
		free(region);
		return rig_reg_error(nic, call, cmd, err);
	}
	region->nic = nic;
	region->type = cmd->type;
	region->handle = cmd->handle;
	region->key = cmd->key;
	region->bytes = cmd->region_bytes;
	if (cmd->type == RIG_BNXT_REGION_HOST) {
		region->map = mmap(NULL, region->bytes, PROT_READ | PROT_WRITE, MAP_SHARED,
				   nic->fd, (off_t)cmd->mmap_offset);
		if (region->map == MAP_FAILED) {
			struct rig_bnxt_handle dereg = { .size = sizeof(dereg),
							 .handle = region->handle };

			char what[64];

			err = errno;
			rig_cmd(nic, RIG_BNXT_DEREG_REGION, &dereg);
			free(region);
			snprintf(what, sizeof(what), "%s: mmap", call);
			return rig_nic_error(nic, what, err);
		}
	}
	region->next = nic->regions;
	nic->regions = region;
	*r = region;
	return 0;
}

/* The ABI's flags for RIG_REGION_* @flags: 0 and *@abi, or the error. */
static int rig_region_flags(const struct rig_bnxt *nic, const char *call, unsigned int flags,
			    uint32_t *abi)
{
	*abi = 0;
	if (flags & ~RIG_REGION_LOCAL)
		return rig_fail(-EINVAL, "%s: unknown flags 0x%x", call, flags & ~RIG_REGION_LOCAL);
	if (!(flags & RIG_REGION_LOCAL))
		return 0;
	/* An older module refuses the flag, or would register it readable. */
	if (!(nic->flags & RIG_BNXT_QUERY_REG_NO_REMOTE_READ))
		return rig_fail(-EOPNOTSUPP,
				"%s: the rig_bnxt module of %s registers every region readable by peers; a local region needs a newer one",
				call, nic->name);
	*abi = RIG_BNXT_REG_NO_REMOTE_READ;
	return 0;
}

static int rig_region_host_call(struct rig_bnxt *nic, const char *call, size_t n,
				unsigned int flags, struct rig_region **r)
{
	struct rig_bnxt_reg_region cmd = {
		.size = sizeof(cmd), .type = RIG_BNXT_REGION_HOST, .bytes = n,
	};
	int ret;

	if (!nic || !r || !n)
		return rig_fail(-EINVAL, "%s: %s", call, !n ? "n is 0" : "NULL argument");
	ret = rig_region_flags(nic, call, flags, &cmd.flags);
	if (ret)
		return ret;
	return rig_region_make(nic, call, &cmd, r);
}

RIG_EXPORT int rig_region_host(struct rig_bnxt *nic, size_t n, struct rig_region **r)
{
	return rig_region_host_call(nic, "rig_region_host", n, 0, r);
}

RIG_EXPORT int rig_region_host_flags(struct rig_bnxt *nic, size_t n, unsigned int flags,
				     struct rig_region **r)
{
	return rig_region_host_call(nic, "rig_region_host_flags", n, flags, r);
}

static int rig_region_pages_call(struct rig_bnxt *nic, const char *call, void *a, size_t n,
				 unsigned int flags, struct rig_region **r)
{
	struct rig_bnxt_reg_region cmd = {
		.size = sizeof(cmd), .type = RIG_BNXT_REGION_PAGES,
		.address = (uintptr_t)a, .bytes = n,
	};
	int ret;

	if (!nic || !r || !n)
		return rig_fail(-EINVAL, "%s: %s", call, !n ? "n is 0" : "NULL argument");
	if ((uintptr_t)a % nic->page)
		return rig_fail(-EINVAL, "%s: %p is not on a page of %zu bytes", call, a,
				nic->page);
	ret = rig_region_flags(nic, call, flags, &cmd.flags);
	if (ret)
		return ret;
	return rig_region_make(nic, call, &cmd, r);
}

RIG_EXPORT int rig_region_pages(struct rig_bnxt *nic, void *a, size_t n, struct rig_region **r)
{
	return rig_region_pages_call(nic, "rig_region_pages", a, n, 0, r);
}

RIG_EXPORT int rig_region_pages_flags(struct rig_bnxt *nic, void *a, size_t n,
				      unsigned int flags, struct rig_region **r)
{
	return rig_region_pages_call(nic, "rig_region_pages_flags", a, n, flags, r);
}

RIG_EXPORT int rig_region_device(struct rig_bnxt *nic, const struct rig_run *runs,
				 size_t count, struct rig_region **r)
{
	struct rig_bnxt_reg_region cmd = {
		.size = sizeof(cmd), .type = RIG_BNXT_REGION_DEVICE,
		.address = (uintptr_t)runs, .count = (uint32_t)count,
	};
	size_t i;

	_Static_assert(sizeof(struct rig_run) == sizeof(struct rig_bnxt_run),
		       "struct rig_run is the ABI's struct rig_bnxt_run");
	if (!nic || !r || !runs || !count)
		return rig_fail(-EINVAL, "rig_region_device: no runs");
	if (count > RIG_BNXT_RUNS_MAX)
		return rig_fail(-EINVAL, "rig_region_device: %zu runs, more than %d", count,
				RIG_BNXT_RUNS_MAX);
	for (i = 0; i < count; i++)
		if (!runs[i].bytes || runs[i].bytes % RIG_BNXT_RUN_ALIGN ||
		    runs[i].address % RIG_BNXT_RUN_ALIGN ||
		    runs[i].address + runs[i].bytes < runs[i].address)
			return rig_fail(-EINVAL,
					"rig_region_device: run %zu (0x%" PRIx64 ", %" PRIu64 " bytes) is not positive multiples of %d",
					i, runs[i].address, runs[i].bytes, RIG_BNXT_RUN_ALIGN);
	return rig_region_make(nic, "rig_region_device", &cmd, r);
}

RIG_EXPORT int rig_region_dmabuf(struct rig_bnxt *nic, int fd, uint64_t offset, size_t n,
				 struct rig_region **r)
{
	struct rig_bnxt_reg_region cmd = {
		.size = sizeof(cmd), .type = RIG_BNXT_REGION_DMABUF,
		.address = offset, .bytes = n, .fd = fd,
	};

	if (!nic || !r || !n)
		return rig_fail(-EINVAL, "rig_region_dmabuf: %s", !n ? "n is 0" : "NULL argument");
	if (offset % nic->page)
		return rig_fail(-EINVAL, "rig_region_dmabuf: offset %" PRIu64 " is not on a page of %zu bytes",
				offset, nic->page);
	if (!(nic->flags & RIG_BNXT_QUERY_REG_DMABUF))
		return rig_fail(-EOPNOTSUPP,
				"rig_region_dmabuf: the rig_bnxt module of %s takes no dma-buf (it is older, or its kernel has no dma-buf)",
				nic->name);
	return rig_region_make(nic, "rig_region_dmabuf", &cmd, r);
}

RIG_EXPORT size_t rig_region_bytes(const struct rig_region *r)
{
	return r->bytes;
}

RIG_EXPORT uint32_t rig_region_key(const struct rig_region *r)
{
	return r->key;
}

/* The checks read and write share; 0 or the error to return. */
static int rig_region_copy_check(const struct rig_region *r, const char *call, size_t at,
				 const void *buf, size_t n)
{
	if (!r || (!buf && n))
		return rig_fail(-EINVAL, "%s: NULL argument", call);
	if (rig_forked(r->nic))
		return rig_fork_error(r->nic, call);
	if (r->state == RIG_REGION_DEREGISTERED)
		return rig_fail(-EINVAL, "%s: the region is deregistered", call);
	if (r->state == RIG_REGION_BROKEN)
		return rig_fail(-EIO,
				"%s: the region is broken (its deregister failed); it lasts until the NIC is closed",
				call);
	if (r->type != RIG_BNXT_REGION_HOST)
		return rig_fail(-EINVAL, "%s: only host regions are read and written", call);
	if (at > r->bytes || n > r->bytes - at)
		return rig_fail(-EINVAL, "%s: %zu bytes at %zu do not lie in the region's %zu",
				call, n, at, r->bytes);
	return 0;
}

RIG_EXPORT int rig_region_read(struct rig_region *r, size_t at, void *dst, size_t n)
{
	int ret = rig_region_copy_check(r, "rig_region_read", at, dst, n);

	if (ret)
		return ret;
	if (n)
		memcpy(dst, (const char *)r->map + at, n);
	return 0;
}

RIG_EXPORT int rig_region_write(struct rig_region *r, size_t at, const void *src, size_t n)
{
	int ret = rig_region_copy_check(r, "rig_region_write", at, src, n);

	if (ret)
		return ret;
	if (n)
		memcpy((char *)r->map + at, src, n);
	return 0;
}

RIG_EXPORT int rig_region_deregister(struct rig_region *r)
{
	struct rig_bnxt_handle cmd = { .size = sizeof(cmd) };
	int err;

	if (!r)
		return rig_fail(-EINVAL, "rig_region_deregister: NULL region");
	if (rig_forked(r->nic))
		return rig_fork_error(r->nic, "rig_region_deregister");
	if (r->state == RIG_REGION_DEREGISTERED)
		return rig_fail(-EINVAL, "rig_region_deregister: the region is deregistered");
	if (r->state == RIG_REGION_BROKEN)
		return rig_fail(-EIO,
				"rig_region_deregister: the region is broken (an earlier deregister failed); its memory stays until the NIC is closed");

	cmd.handle = r->handle;
	err = rig_cmd(r->nic, RIG_BNXT_DEREG_REGION, &cmd);
	if (err == EIO || err == ETIMEDOUT) {
		char why[512];

		r->state = RIG_REGION_BROKEN;
		rig_nic_refused(r->nic, "rig_region_deregister", "the deregistration", err);
		/* rig_error() is the buffer rig_fail() writes: copy it first. */
		snprintf(why, sizeof(why), "%s", rig_error());
		return rig_fail(-err,
				"%s; the NIC may still use the memory, which stays allocated and pinned until %s is closed",
				why, r->nic->name);
	}
	if (err)
		return rig_nic_error(r->nic, "rig_region_deregister", err);
	if (r->map)
		munmap(r->map, r->bytes);
	r->map = NULL;
	r->state = RIG_REGION_DEREGISTERED;
	return 0;
}

void rig_regions_free(struct rig_bnxt *nic, int unmap)
{
	struct rig_region *r;

	while ((r = nic->regions)) {
		nic->regions = r->next;
		if (r->map && unmap)
			munmap(r->map, r->bytes);
		free(r);
	}
}
