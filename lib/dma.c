// SPDX-License-Identifier: BSD-2-Clause
/*
 * rig_dma_alloc() and rig_dma_free(): driver-allocated memory mapped into
 * the process, remembered per NIC so it can be found and freed by address.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "rig_bnxt.h"
#include "internal.h"

static void rig_dma_release(struct rig_bnxt *nic, struct rig_dma *d, int unmap)
{
	struct rig_bnxt_handle cmd = { .size = sizeof(cmd), .handle = d->handle };

	if (unmap) {
		munmap(d->p, d->bytes);
		rig_cmd(nic, RIG_BNXT_DMA_FREE, &cmd);
	}
	free(d);
}

RIG_EXPORT int rig_dma_alloc(struct rig_bnxt *nic, size_t n, void **p)
{
	struct rig_bnxt_dma_alloc cmd = { .size = sizeof(cmd), .bytes = n };
	struct rig_dma *d;
	int err;

	if (!nic || !p || !n)
		return rig_fail(-EINVAL, "rig_dma_alloc: %s", !n ? "n is 0" : "NULL argument");
	if (rig_forked(nic))
		return rig_fork_error(nic, "rig_dma_alloc");
	d = calloc(1, sizeof(*d));
	if (!d)
		return rig_fail(-ENOMEM, "rig_dma_alloc: out of memory");

	err = rig_cmd(nic, RIG_BNXT_DMA_ALLOC, &cmd);
	if (err) {
		free(d);
		if (err == ENOMEM)
			return rig_memlock_error(nic, "rig_dma_alloc", n);
		if (err == EOPNOTSUPP && rig_nic_said(nic, "rig_dma_alloc", err))
			return -err;
		return rig_nic_error(nic, "rig_dma_alloc", err);
	}
	d->handle = cmd.handle;
	d->bytes = cmd.mapped_bytes;
	d->p = mmap(NULL, d->bytes, PROT_READ | PROT_WRITE, MAP_SHARED, nic->fd,
		    (off_t)cmd.mmap_offset);
	if (d->p == MAP_FAILED) {
		struct rig_bnxt_handle free_cmd = { .size = sizeof(free_cmd),
						    .handle = cmd.handle };

		err = errno;
		rig_cmd(nic, RIG_BNXT_DMA_FREE, &free_cmd);
		free(d);
		return rig_nic_error(nic, "rig_dma_alloc: mmap", err);
	}
	d->next = nic->dmas;
	nic->dmas = d;
	*p = d->p;
	return 0;
}

RIG_EXPORT int rig_dma_free(struct rig_bnxt *nic, void *p, size_t n)
{
	struct rig_dma **link, *d;

	if (!nic || !p)
		return rig_fail(-EINVAL, "rig_dma_free: NULL argument");
	if (rig_forked(nic))
		return rig_fork_error(nic, "rig_dma_free");
	for (link = &nic->dmas; (d = *link); link = &d->next) {
		if (d->p != p)
			continue;
		if (!n || n > d->bytes || d->bytes - n >= nic->page)
			return rig_fail(-EINVAL,
					"rig_dma_free: %p was allocated with %zu bytes, not %zu",
					p, d->bytes, n);
		*link = d->next;
		rig_dma_release(nic, d, 1);
		return 0;
	}
	return rig_fail(-EINVAL, "rig_dma_free: %p is not memory rig_dma_alloc() gave for %s",
			p, nic->name);
}

void rig_dmas_free(struct rig_bnxt *nic, int unmap)
{
	struct rig_dma *d;

	while ((d = nic->dmas)) {
		nic->dmas = d->next;
		rig_dma_release(nic, d, unmap);
	}
}
