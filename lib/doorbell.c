// SPDX-License-Identifier: BSD-2-Clause
/*
 * Doorbell pages: the NIC's own pages (DPI pages of its doorbell BAR) that
 * queue pairs ring, mapped into the process.  This file owns struct
 * rig_db_page and the NIC's list of them, and nothing else: what is
 * written to a page, and when, is qp.c's.
 *
 * A page is mapped once per open NIC and mmap offset, and shared by every
 * queue pair whose doorbells the kernel put there; the last of them to be
 * destroyed unmaps it.  On a NetXtreme function every queue pair of an
 * open file rings the file's one page, so a process maps it once however
 * many queue pairs it makes (and spends no mapping per queue pair on it);
 * the model gives each doorbell a page of its own, and then nothing is
 * shared.  The list is changed only by rig_qp_make(), rig_qp_destroy()
 * and rig_bnxt_close(), which do not run beside each other on one NIC;
 * a queue pair that rings keeps its page alive, so ringing needs no lock.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "internal.h"

int rig_db_page_get(struct rig_bnxt *nic, const char *call, uint64_t offset,
		    struct rig_db_page **page)
{
	struct rig_db_page *p;

	for (p = nic->db_pages; p; p = p->next)
		if (p->offset == offset) {
			p->users++;
			*page = p;
			return 0;
		}
	if (offset % nic->page)
		return rig_fail(-EPROTO,
				"%s: %s gave a doorbell page at %#" PRIx64 ", not on a page; install a module and library of one version",
				call, nic->name, offset);
	p = calloc(1, sizeof(*p));
	if (!p)
		return rig_fail(-ENOMEM, "%s: out of memory", call);
	/* Write-only: the library stores doorbells there and never reads. */
	p->map = mmap(NULL, nic->page, PROT_WRITE, MAP_SHARED, nic->fd, (off_t)offset);
	if (p->map == MAP_FAILED) {
		int err = errno;

		free(p);
		return rig_nic_error(nic, call, err);
	}
	p->offset = offset;
	p->users = 1;
	p->next = nic->db_pages;
	nic->db_pages = p;
	*page = p;
	return 0;
}

void rig_db_page_put(struct rig_bnxt *nic, struct rig_db_page *page)
{
	struct rig_db_page **link;

	if (--page->users)
		return;
	for (link = &nic->db_pages; *link; link = &(*link)->next)
		if (*link == page) {
			*link = page->next;
			break;
		}
	munmap(page->map, nic->page);
	free(page);
}

void rig_db_pages_free(struct rig_bnxt *nic, int unmap)
{
	struct rig_db_page *p;

	while ((p = nic->db_pages)) {
		nic->db_pages = p->next;
		if (unmap)
			munmap(p->map, nic->page);
		free(p);
	}
}
