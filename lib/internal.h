/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * librig's private declarations: the error setter, the layout of the
 * public opaque types, and the doorbell pages queue pairs share.  Never
 * installed.
 */
#ifndef RIG_INTERNAL_H
#define RIG_INTERNAL_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/ioctl.h>

#include "rig/bnxt.h"

#define RIG_EXPORT __attribute__((visibility("default")))

/**
 * rig_fail() - record this thread's failure and return its errno
 * @err: a negative errno, returned as is
 * @fmt: printf format of the message, starting with the call's name
 */
int rig_fail(int err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* One rig_dma_alloc() mapping. */
struct rig_dma {
	struct rig_dma *next;
	void *p;
	size_t bytes;		/* mapped, a multiple of the page */
	uint32_t handle;
};

enum rig_region_state {
	RIG_REGION_LIVE,
	RIG_REGION_DEREGISTERED,	/* a tombstone until rig_bnxt_close() */
	RIG_REGION_BROKEN,		/* deregister failed */
};

struct rig_region {
	struct rig_region *next;	/* the NIC's list, all states */
	struct rig_bnxt *nic;
	enum rig_region_state state;
	uint32_t type;			/* RIG_BNXT_REGION_* */
	uint32_t handle;
	uint32_t key;
	size_t bytes;
	void *map;			/* host: the mapping, @bytes long */
};

/*
 * One doorbell page of the NIC (a DPI page of its doorbell BAR), mapped
 * once per open NIC and mmap offset, whichever queue pairs ring there
 * (doorbell.c).
 */
struct rig_db_page {
	struct rig_db_page *next;	/* the NIC's list */
	uint64_t offset;		/* the kernel's mmap offset of the page */
	void *map;			/* one page, write-only */
	unsigned int users;		/* doorbells of queue pairs not destroyed */
};

struct rig_bnxt {
	int fd;
	int kind;		/* RIG_KIND_* */
	uint32_t flags;		/* RIG_BNXT_QUERY_* */
	uint32_t max_entries;	/* the largest ring a queue pair may have */
	size_t page;
	char *path;		/* the device file, for messages */
	const char *name;	/* its last component */
	int *alive;		/* 1 in the opener; a child of fork() reads 0 */
	/*
	 * The status page, one page mapped read-only, when the NIC needs
	 * kicks (RIG_BNXT_QUERY_NEEDS_KICK); NULL when it does not.
	 */
	const struct rig_bnxt_status *status;
	struct rig_dma *dmas;
	struct rig_region *regions;
	struct rig_qp *qps;	/* every queue pair not destroyed */
	struct rig_db_page *db_pages;	/* every page a queue pair rings */
};

/**
 * rig_nic_error() - the message of a failure every NIC call may meet
 * @nic: the NIC
 * @call: the public function's name
 * @err: a positive errno from the kernel
 *
 * Return: -@err, with a message for EPERM (a child of fork()), ENODEV
 * (the NIC went away) and anything else by strerror().
 */
int rig_nic_error(const struct rig_bnxt *nic, const char *call, int err);

/**
 * rig_nic_said() - the kernel's own reason for a failure, if it gave one
 * @nic: the NIC
 * @call: the library call, for the message
 * @err: the positive errno the command failed with
 *
 * For failures whose cause an errno cannot tell (EOPNOTSUPP from swiotlb
 * bouncing, ...): the kernel's RIG_BNXT_LAST_ERROR message, if any.
 *
 * Return: -@err with the message set, or 0 when the kernel said nothing.
 */
int rig_nic_said(const struct rig_bnxt *nic, const char *call, int err);

/**
 * rig_nic_refused() - the message of a command the NIC failed
 * @nic: the NIC
 * @call: the library call, for the message
 * @what: what was asked ("the region", "the queue pair")
 * @err: the positive errno: EIO (the firmware refused), ETIMEDOUT (it
 *	 did not answer), or another
 *
 * The kernel's reason (RIG_BNXT_LAST_ERROR: the firmware command and its
 * status) ends the message.
 *
 * Return: -@err.
 */
int rig_nic_refused(const struct rig_bnxt *nic, const char *call, const char *what, int err);

/*
 * rig_forked() - is this a child of fork() of the process that opened @nic?
 * The kernel gives a child none of the NIC's mappings (VM_DONTCOPY) and
 * refuses its commands; this catches it before it touches a mapping, with
 * one load: @alive is MADV_WIPEONFORK, so it reads 0 in a child.
 */
static inline int rig_forked(const struct rig_bnxt *nic)
{
	return *(volatile int *)nic->alive != 1;
}

/*
 * rig_memlock_error() - -ENOMEM for @n bytes the kernel would not lock for
 * @nic, saying whether RLIMIT_MEMLOCK (named, with the amount) or memory
 * ran out: the kernel charges both pinned and allocated pages to VmPin.
 */
int rig_memlock_error(const struct rig_bnxt *nic, const char *call, size_t n);

/* rig_forked()'s message and error. */
int rig_fork_error(const struct rig_bnxt *nic, const char *call);

/* Unmap and free every region / DMA mapping of a NIC being closed. */
void rig_regions_free(struct rig_bnxt *nic, int unmap);
void rig_dmas_free(struct rig_bnxt *nic, int unmap);
/* Free every queue pair of a NIC being closed; unmap the rings if @unmap. */
void rig_qps_free(struct rig_bnxt *nic, int unmap);

/**
 * rig_db_page_get() - a doorbell page of @nic, mapped, for one more doorbell
 * @nic: the NIC
 * @call: the public function's name, for the message
 * @offset: the mmap offset the kernel gave for the page
 * @page: where the page is stored
 *
 * Maps the page (one page, PROT_WRITE, MAP_SHARED) unless a queue pair
 * of @nic maps it already, and counts one more user of it.
 *
 * Return: 0, or the error of mmap(2) with a message (-EPROTO for an
 * offset that is not on a page).
 */
int rig_db_page_get(struct rig_bnxt *nic, const char *call, uint64_t offset,
		    struct rig_db_page **page);

/* One user fewer of @page; the last one unmaps and frees it. */
void rig_db_page_put(struct rig_bnxt *nic, struct rig_db_page *page);

/* Free every doorbell page of a NIC being closed; unmap them if @unmap. */
void rig_db_pages_free(struct rig_bnxt *nic, int unmap);

/*
 * rig_cmd() - issue a command whose struct starts with its size; 0 or a
 * positive errno.
 */
static inline int rig_cmd(const struct rig_bnxt *nic, unsigned long cmd, void *arg)
{
	return ioctl(nic->fd, cmd, arg) ? errno : 0;
}

#endif /* RIG_INTERNAL_H */
