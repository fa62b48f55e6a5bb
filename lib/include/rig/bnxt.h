/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * librig: a process's direct access to rig_bnxt NICs (/dev/rig_bnxtN).
 *
 * Conventions of every call here: 0 (or a count) on success, a negative
 * errno on failure.  -EINVAL means misuse (an argument outside what the
 * call accepts) and then nothing has changed.  Any other errno is a
 * failure of the system, the NIC or its firmware, and rig_error() then
 * says which call failed and why.  Objects are not shared between
 * threads unless a call says otherwise.
 */
#ifndef RIG_BNXT_H
#define RIG_BNXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An open NIC: one open file of /dev/rig_bnxtN and what it owns. */
struct rig_bnxt;

/* What stands behind a NIC (the values of uapi's enum rig_bnxt_kind). */
#define RIG_KIND_SOFT 1	/* the soft NIC of the rig_bnxt module */
#define RIG_KIND_PCI  2	/* a Broadcom NetXtreme PCI function */

/**
 * rig_error() - the message of this thread's last failure
 *
 * Set by every call that fails, with the call's name and the reason;
 * left alone by calls that succeed.  The string belongs to the thread
 * and stays valid until its next failing call.
 *
 * Return: the message, or "" when no call of this thread has failed.
 */
const char *rig_error(void);

/**
 * rig_bnxt_open() - open a NIC
 * @name: "rig_bnxt0" (looked up in /dev) or a path such as "/dev/rig_bnxt0"
 * @nic: where the open NIC is stored on success
 *
 * The file is opened close-on-exec; a child of fork() must not use the
 * parent's NIC.
 *
 * Return: 0; -EINVAL for a NULL or empty name, or one longer than
 * PATH_MAX; -ENOENT when there is no such device (the message suggests
 * loading the module); -EACCES without permission; -ENOTTY when the file
 * is not a rig_bnxt device; -EPROTO when the module speaks another ABI
 * version; -ENOMEM; or the errno of open(2).
 */
int rig_bnxt_open(const char *name, struct rig_bnxt **nic);

/**
 * rig_bnxt_close() - close a NIC and destroy everything made through it
 * @nic: from rig_bnxt_open(), or NULL (then nothing happens)
 *
 * Every region of @nic, deregistered, broken or live, is freed, and every
 * rig_dma_alloc() mapping is unmapped; the NIC lets go of all of it.
 */
void rig_bnxt_close(struct rig_bnxt *nic);

/**
 * rig_bnxt_kind() - what stands behind a NIC
 * @nic: an open NIC
 *
 * Return: RIG_KIND_SOFT or RIG_KIND_PCI.
 */
int rig_bnxt_kind(const struct rig_bnxt *nic);

/**
 * rig_bnxt_page() - the page size of the NIC's machine
 * @nic: an open NIC
 *
 * Regions round up to it and pages regions start on it.
 *
 * Return: the page size in bytes.
 */
size_t rig_bnxt_page(const struct rig_bnxt *nic);

/**
 * rig_bnxt_iommu() - is the NIC behind a translating IOMMU?
 * @nic: an open NIC
 *
 * Return: 1 if an IOMMU translates the NIC's DMA, else 0.
 */
int rig_bnxt_iommu(const struct rig_bnxt *nic);

/**
 * rig_dma_alloc() - allocate memory the NIC may reach, and map it
 * @nic: an open NIC
 * @n: bytes, positive; rounded up to the page
 * @p: where the address of the new zeroed mapping is stored
 *
 * A NIC that is not behind an IOMMU takes only this memory in a pages
 * region (rig_region_pages()).  The memory belongs to the NIC: it stays
 * allocated while a region uses it, even after rig_dma_free().
 *
 * The memory is locked for the NIC: it counts in the process's VmPin
 * against RLIMIT_MEMLOCK (unless it has CAP_IPC_LOCK).
 *
 * Return: 0; -EINVAL if @n is 0; -ENOMEM when it would pass
 * RLIMIT_MEMLOCK (the message names the limit and the amount) or the
 * machine has no memory for it; -EPERM in a child of fork(); or mmap(2)'s
 * errno.
 */
int rig_dma_alloc(struct rig_bnxt *nic, size_t n, void **p);

/**
 * rig_dma_free() - unmap and free memory from rig_dma_alloc()
 * @nic: the NIC that allocated it
 * @p: the address rig_dma_alloc() gave
 * @n: the size asked for (or the same size rounded up to the page)
 *
 * Regions over the memory keep it alive until they are deregistered.
 *
 * Return: 0, or -EINVAL when @p and @n are not an allocation of @nic.
 */
int rig_dma_free(struct rig_bnxt *nic, void *p, size_t n);

/** A region: memory a NIC reads and writes. */
struct rig_region;

/** A run of another device's memory: bus address and length. */
struct rig_run {
	uint64_t address, bytes;
};

/**
 * rig_region_host() - a region over new, zeroed memory of the NIC's machine
 * @nic: an open NIC
 * @n: bytes, positive; rounded up to the page (rig_bnxt_page())
 * @r: where the region is stored
 *
 * The process reads and writes it with rig_region_read() and
 * rig_region_write().  Like pinned pages, the memory counts in the
 * process's VmPin against RLIMIT_MEMLOCK.
 *
 * Return: 0; -EINVAL if @n is 0; -ENOMEM when it would pass
 * RLIMIT_MEMLOCK or the machine has no memory for it; -EIO when the
 * firmware refuses it; -EPERM in a child of fork().
 */
int rig_region_host(struct rig_bnxt *nic, size_t n, struct rig_region **r);

/**
 * rig_region_pages() - a region over the process's own memory
 * @nic: an open NIC
 * @a: start, on a page boundary
 * @n: bytes, positive
 * @r: where the region is stored
 *
 * The pages are pinned until the region is deregistered or the NIC
 * closed, and the NIC reaches the pages that held the bytes now, whatever
 * the process maps at @a later.  A NIC that is not behind an IOMMU takes
 * only memory from rig_dma_alloc() of the same NIC.
 *
 * Return: 0; -EINVAL if @n is 0 or @a is not on a page; -EOPNOTSUPP for
 * other memory on a NIC not behind an IOMMU; -EXDEV for another NIC's
 * rig_dma_alloc() memory; -ENOMEM when pinning would pass RLIMIT_MEMLOCK
 * (the message names the limit and the amount) or memory is short;
 * -EFAULT when the bytes are not all mapped, writable memory; -EIO when
 * the firmware refuses the region.
 */
int rig_region_pages(struct rig_bnxt *nic, void *a, size_t n, struct rig_region **r);

/**
 * rig_region_device() - a region over another device's memory (a GPU BAR)
 * @nic: an open NIC
 * @runs: (bus address, bytes) runs in order, each a multiple of 4096, the
 *	  bytes positive
 * @count: how many runs, at least one
 * @r: where the region is stored
 *
 * The memory must stay where it is until the region is deregistered.
 * Needs CAP_SYS_RAWIO.
 *
 * Return: 0; -EINVAL for no runs or a malformed run; -EOPNOTSUPP when the
 * NIC is behind an IOMMU; -EPERM without CAP_SYS_RAWIO; -ENXIO when a run
 * is not inside a memory BAR of a present PCI device; -EIO when the
 * firmware refuses the region.
 */
int rig_region_device(struct rig_bnxt *nic, const struct rig_run *runs, size_t count,
		      struct rig_region **r);

/**
 * rig_region_bytes() - the length of a region
 * @r: a region
 *
 * Return: for host regions the size rounded up to the page; for pages
 * regions the size asked for; for device regions the sum of the runs.
 */
size_t rig_region_bytes(const struct rig_region *r);

/**
 * rig_region_key() - the key the NIC knows a region by
 * @r: a region
 *
 * Return: the key.
 */
uint32_t rig_region_key(const struct rig_region *r);

/**
 * rig_region_read() - copy bytes out of a host region
 * @r: a host region
 * @at: offset of the first byte
 * @dst: where the bytes go
 * @n: how many
 *
 * The bytes a receive wrote are there once its completion was taken.
 *
 * Return: 0; -EINVAL when the bytes do not lie in @r, or @r is not a host
 * region or is deregistered; -EIO when @r is broken (a deregister failed).
 */
int rig_region_read(struct rig_region *r, size_t at, void *dst, size_t n);

/**
 * rig_region_write() - copy bytes into a host region
 * @r: a host region
 * @at: offset of the first byte
 * @src: the bytes
 * @n: how many
 *
 * A send posted after this returns sends them.
 *
 * Return: as rig_region_read().
 */
int rig_region_write(struct rig_region *r, size_t at, const void *src, size_t n);

/**
 * rig_region_deregister() - deregister a region and free its memory
 * @r: a region
 *
 * Once this returns 0 the NIC reads and writes the memory no more; the
 * memory the library or the driver allocated for it is freed and pinned
 * pages are unpinned.  @r stays valid (every later call on it returns
 * -EINVAL) until rig_bnxt_close() reclaims it.
 *
 * Return: 0; -EINVAL when @r is already deregistered; -EIO when the
 * firmware refuses, -EINTR when a signal interrupted the wait for the
 * NIC: then @r is broken, every later call on it fails with -EIO, and
 * its memory stays allocated and pinned until rig_bnxt_close().
 */
int rig_region_deregister(struct rig_region *r);

#ifdef __cplusplus
}
#endif

#endif /* RIG_BNXT_H */
