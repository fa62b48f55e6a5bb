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
#undef RIG_BNXT_ABI_CHECK
#endif

#endif /* _UAPI_RIG_BNXT_H */
