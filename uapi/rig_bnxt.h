/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR BSD-2-Clause */
/*
 * rig_bnxt character device ABI: the commands a process sends to
 * /dev/rig_bnxtN and the structures they carry.
 *
 * Every command is an ioctl whose argument is a structure that starts with
 * its own size in bytes (vfio's argsz convention): the ioctl number does
 * not encode a size, so a structure can grow at its end without a new
 * number.  The kernel accepts a caller's structure that is shorter than its
 * own (missing fields read as zero) or longer (the extra bytes must be
 * zero), and it writes back at most the caller's size.  Fields are of
 * explicit width, pointers travel as __aligned_u64, there is no implicit
 * padding, and reserved fields must be zero.
 */
#ifndef _UAPI_RIG_BNXT_H
#define _UAPI_RIG_BNXT_H

#include <linux/const.h>
#include <linux/ioctl.h>
#include <linux/types.h>

/* Bumped only for an incompatible change, which we intend never to make. */
#define RIG_BNXT_ABI_VERSION	1

/*
 * 0xd9 is not listed in Documentation/userspace-api/ioctl/ioctl-number.rst;
 * commands are numbered from RIG_BNXT_BASE.
 */
#define RIG_BNXT_TYPE		0xd9
#define RIG_BNXT_BASE		0x40

/** enum rig_bnxt_kind - what stands behind a rig_bnxt device */
enum rig_bnxt_kind {
	RIG_BNXT_KIND_SOFT = 1,	/* the soft NIC inside the module */
	RIG_BNXT_KIND_PCI = 2,	/* a Broadcom NetXtreme PCI function */
};

/**
 * struct rig_bnxt_query - RIG_BNXT_QUERY: describe the device
 * @size: in: sizeof the caller's structure; out: the kernel's size
 * @abi: out: RIG_BNXT_ABI_VERSION of the running module
 * @kind: out: an enum rig_bnxt_kind
 * @flags: out: RIG_BNXT_QUERY_* bits
 * @reserved: must be zero
 * @page_size: out: the machine's page size, the unit regions round up to
 */
struct rig_bnxt_query {
	__u32 size;
	__u32 abi;
	__u32 kind;
	__u32 flags;
	__u32 reserved[2];
	__aligned_u64 page_size;
};

/* The NIC is behind an IOMMU that translates its DMA. */
#define RIG_BNXT_QUERY_IOMMU		_BITUL(0)
/* PCIe Relaxed Ordering is enabled for the NIC (rig turns it off). */
#define RIG_BNXT_QUERY_RELAXED_ORDERING	_BITUL(1)

#define RIG_BNXT_QUERY	_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 0)

/* Device memory is given in runs of this granule. */
#define RIG_BNXT_RUN_ALIGN	4096

/**
 * struct rig_bnxt_run - a run of another device's memory
 * @address: bus address, a multiple of RIG_BNXT_RUN_ALIGN
 * @bytes: length, a positive multiple of RIG_BNXT_RUN_ALIGN
 */
struct rig_bnxt_run {
	__aligned_u64 address;
	__aligned_u64 bytes;
};

/** enum rig_bnxt_region_type - what memory a region is made of */
enum rig_bnxt_region_type {
	RIG_BNXT_REGION_HOST = 1,	/* new zeroed memory, mapped with mmap */
	RIG_BNXT_REGION_PAGES = 2,	/* the process's pages at @address */
	RIG_BNXT_REGION_DEVICE = 3,	/* runs of another device's BAR */
};

/**
 * struct rig_bnxt_reg_region - RIG_BNXT_REG_REGION: register a region
 * @size: in: sizeof the caller's structure; out: the kernel's size
 * @type: in: an enum rig_bnxt_region_type
 * @flags: in: must be zero
 * @count: in: DEVICE: number of struct rig_bnxt_run at @address
 * @address: in: PAGES: page-aligned process address; DEVICE: pointer
 *	to the runs; HOST: zero
 * @bytes: in: HOST, PAGES: length, positive; DEVICE: zero
 * @handle: out: names the region in later commands of this file
 * @key: out: the key the NIC knows the region by
 * @region_bytes: out: HOST: @bytes rounded up to the page; PAGES: @bytes;
 *	DEVICE: the sum of the runs
 * @mmap_offset: out: HOST: mmap() this offset of the file to reach the
 *	memory; zero for the others
 *
 * Errors: EINVAL for any malformed field; EOPNOTSUPP for PAGES of memory
 * rig did not allocate on a NIC not behind an IOMMU, or DEVICE on a NIC
 * behind one; EXDEV for PAGES of another NIC's DMA buffer; EPERM for
 * DEVICE without CAP_SYS_RAWIO; ENXIO for a run outside every memory BAR
 * of a present PCI device; ENOMEM for no memory or RLIMIT_MEMLOCK;
 * EFAULT for PAGES that are not mapped writable memory; EIO when the
 * firmware refuses the region.
 */
struct rig_bnxt_reg_region {
	__u32 size;
	__u32 type;
	__u32 flags;
	__u32 count;
	__aligned_u64 address;
	__aligned_u64 bytes;
	__u32 handle;
	__u32 key;
	__aligned_u64 region_bytes;
	__aligned_u64 mmap_offset;
};

/* The most runs one device region may have. */
#define RIG_BNXT_RUNS_MAX	1024

/**
 * struct rig_bnxt_handle - a command on one object of the file
 * @size: in: sizeof the caller's structure; out: the kernel's size
 * @handle: in: the object's handle
 *
 * RIG_BNXT_DEREG_REGION: the NIC stops using the region's memory, which
 * is freed or unpinned.  EINVAL for a handle that names no region; EIO
 * when the firmware refuses, and EINTR when a signal interrupted the
 * wait for the NIC to let go: the region is then broken, every later
 * command on it fails with EIO, and its memory stays allocated and pinned
 * until the file is closed.
 *
 * RIG_BNXT_DMA_FREE: forget a DMA buffer's handle and mmap offset; its
 * memory lives on while a mapping or a region uses it.
 */
struct rig_bnxt_handle {
	__u32 size;
	__u32 handle;
};

/**
 * struct rig_bnxt_dma_alloc - RIG_BNXT_DMA_ALLOC: memory for pages regions
 * @size: in: sizeof the caller's structure; out: the kernel's size
 * @flags: in: must be zero
 * @bytes: in: length, positive
 * @handle: out: for RIG_BNXT_DMA_FREE
 * @reserved: must be zero
 * @mmap_offset: out: mmap() this offset of the file to reach the memory
 * @mapped_bytes: out: @bytes rounded up to the page
 *
 * Zeroed memory the driver allocates and maps for the NIC's DMA: the only
 * memory a NIC that is not behind an IOMMU accepts in a PAGES region.
 */
struct rig_bnxt_dma_alloc {
	__u32 size;
	__u32 flags;
	__aligned_u64 bytes;
	__u32 handle;
	__u32 reserved;
	__aligned_u64 mmap_offset;
	__aligned_u64 mapped_bytes;
};

#define RIG_BNXT_REG_REGION	_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 1)
#define RIG_BNXT_DEREG_REGION	_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 2)
#define RIG_BNXT_DMA_ALLOC	_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 3)
#define RIG_BNXT_DMA_FREE	_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 4)

/* Layouts are ABI: any change of size here is a bug. */
#ifdef __KERNEL__
#include <linux/build_bug.h>
#define RIG_BNXT_ABI_CHECK 1
#elif defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L)
#include <assert.h>
#define RIG_BNXT_ABI_CHECK 1
#endif
#ifdef RIG_BNXT_ABI_CHECK
static_assert(sizeof(struct rig_bnxt_query) == 32, "struct rig_bnxt_query is ABI");
static_assert(sizeof(struct rig_bnxt_run) == 16, "struct rig_bnxt_run is ABI");
static_assert(sizeof(struct rig_bnxt_reg_region) == 56, "struct rig_bnxt_reg_region is ABI");
static_assert(sizeof(struct rig_bnxt_handle) == 8, "struct rig_bnxt_handle is ABI");
static_assert(sizeof(struct rig_bnxt_dma_alloc) == 40, "struct rig_bnxt_dma_alloc is ABI");
#undef RIG_BNXT_ABI_CHECK
#endif

#endif /* _UAPI_RIG_BNXT_H */
