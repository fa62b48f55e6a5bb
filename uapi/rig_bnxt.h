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
 * zero).  A command with an answer writes back at most the caller's
 * size; if it cannot (EFAULT), it has changed nothing: an object it made
 * is unmade (RIG_BNXT_CONNECT_QP excepted: a connection stays).  A
 * command that only names an object (struct rig_bnxt_handle) writes
 * nothing back, so its result is its return value alone.  Fields are of
 * explicit width, pointers travel as __aligned_u64, there is no implicit
 * padding, and reserved fields must be zero.
 *
 * open() of a node fails with EDQUOT when its user holds its share of the
 * NIC already (rig_bnxt's user_share parameter; CAP_SYS_RESOURCE is not
 * counted); RIG_BNXT_CREATE_QP and RIG_BNXT_REG_REGION likewise.
 */
#ifndef _UAPI_RIG_BNXT_H
#define _UAPI_RIG_BNXT_H

#include <linux/const.h>
#include <linux/ioctl.h>
#include <linux/types.h>

/*
 * Bumped only for an incompatible change.  2: doorbells are the
 * hardware's DPI pages, the model's words moved to a status page.
 * 3: send and receive rings have more slots than entries (@sq_slots,
 * @rq_slots of struct rig_bnxt_create_qp); RIG_BNXT_CONNECT_QP answers
 * the path MTU.
 */
#define RIG_BNXT_ABI_VERSION	3

/*
 * 0xd9 is not listed in Documentation/userspace-api/ioctl/ioctl-number.rst;
 * commands are numbered from RIG_BNXT_BASE.
 */
#define RIG_BNXT_TYPE		0xd9
#define RIG_BNXT_BASE		0x40

/** enum rig_bnxt_kind - what stands behind a rig_bnxt device */
enum rig_bnxt_kind {
	RIG_BNXT_KIND_SOFT = 1,	/* the model of a NetXtreme function */
	RIG_BNXT_KIND_PCI = 2,	/* a Broadcom NetXtreme PCI function */
};

/**
 * struct rig_bnxt_query - RIG_BNXT_QUERY: describe the device
 * @size: in: sizeof the caller's structure; out: the kernel's size
 * @abi: out: RIG_BNXT_ABI_VERSION of the running module
 * @kind: out: an enum rig_bnxt_kind
 * @flags: out: RIG_BNXT_QUERY_* bits
 * @max_entries: out: the largest ring a queue pair may have (a power of
 *	two, at most RIG_BNXT_QP_ENTRIES_MAX, within the firmware's limits)
 * @reserved: must be zero
 * @page_size: out: the machine's page size, the unit regions round up to
 * @status_offset: out: with RIG_BNXT_QUERY_NEEDS_KICK, mmap() one page
 *	at this offset of the file, read-only: struct rig_bnxt_status;
 *	else 0
 */
struct rig_bnxt_query {
	__u32 size;
	__u32 abi;
	__u32 kind;
	__u32 flags;
	__u32 max_entries;
	__u32 reserved;
	__aligned_u64 page_size;
	__aligned_u64 status_offset;
};

/* The NIC is behind an IOMMU that translates its DMA. */
#define RIG_BNXT_QUERY_IOMMU		_BITUL(0)
/* PCIe Relaxed Ordering is enabled for the NIC (rig turns it off). */
#define RIG_BNXT_QUERY_RELAXED_ORDERING	_BITUL(1)
/*
 * The NIC polls its doorbells only while it is busy (the model): after a
 * doorbell store, read the status page's @idle and, when it is set, issue
 * RIG_BNXT_KICK.  A real NetXtreme function never sets this.
 */
#define RIG_BNXT_QUERY_NEEDS_KICK	_BITUL(2)
/*
 * With RIG_BNXT_QUERY_NEEDS_KICK: the status page's @rq_wake says whether
 * a receive needs a kick.  Without this bit, kick after a receive doorbell
 * as after a send doorbell.
 */
#define RIG_BNXT_QUERY_RQ_WAKE		_BITUL(3)
/*
 * RIG_BNXT_REG_REGION takes RIG_BNXT_REG_NO_REMOTE_READ.  A module without
 * this bit refuses that flag with EINVAL, and registers every region
 * readable by peers.
 */
#define RIG_BNXT_QUERY_REG_NO_REMOTE_READ _BITUL(4)
/*
 * RIG_BNXT_REG_REGION takes RIG_BNXT_REGION_DMABUF (the kernel was built
 * with dma-buf).  Without this bit that type is EINVAL.
 */
#define RIG_BNXT_QUERY_REG_DMABUF	_BITUL(5)

/**
 * struct rig_bnxt_status - the status page of a NIC that needs kicks
 * @idle: written by the NIC: non-zero while it sleeps.  A process that
 *	stored a doorbell issues a full barrier, reads this, and kicks
 *	(RIG_BNXT_KICK) when it is set: either the NIC sees the doorbell
 *	or the process sees it asleep.
 * @rq_wake: written by the NIC before @idle, when the NIC sets
 *	RIG_BNXT_QUERY_RQ_WAKE: non-zero when a receive may have work for
 *	the sleeping NIC at once (a queue pair of it is in error, and its
 *	receives complete flushed).  While it is zero a process does not
 *	kick for a receive doorbell: the receive waits for a peer's send,
 *	and the send wakes the NIC.
 * @reserved: zero
 */
struct rig_bnxt_status {
	__u32 idle;
	__u32 rq_wake;
	__u32 reserved[2];
};

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
	RIG_BNXT_REGION_DMABUF = 4,	/* pages of a dma-buf, at @fd */
};

/**
 * struct rig_bnxt_reg_region - RIG_BNXT_REG_REGION: register a region
 * @size: in: sizeof the caller's structure; out: the kernel's size
 * @type: in: an enum rig_bnxt_region_type
 * @flags: in: RIG_BNXT_REG_* bits; any other bit is EINVAL
 * @count: in: DEVICE: number of struct rig_bnxt_run at @address
 * @address: in: PAGES: page-aligned process address; DEVICE: pointer
 *	to the runs; DMABUF: page-aligned offset in the dma-buf; HOST: zero
 * @bytes: in: HOST, PAGES, DMABUF: length, positive; DEVICE: zero
 * @handle: out: names the region in later commands of this file
 * @key: out: the key the NIC knows the region by
 * @region_bytes: out: HOST: @bytes rounded up to the page; PAGES, DMABUF:
 *	@bytes; DEVICE: the sum of the runs
 * @mmap_offset: out: HOST: mmap() this offset of the file to reach the
 *	memory; zero for the others
 * @fd: in: DMABUF: a dma-buf file descriptor of the caller; zero for the
 *	others (a caller of the first, 56-byte, version passes none)
 * @reserved: in: zero
 *
 * Without RIG_BNXT_REG_NO_REMOTE_READ a queue pair connected to a queue
 * pair of the NIC reads the region (RDMA READ) with @key, as every region
 * was read before the flag existed; with it, only the NIC itself reaches
 * the region, for this file's receives (writes) and sends and reads
 * (reads), and a peer's READ with @key is a remote access error.
 *
 * A DMABUF region imports @bytes at @address of the dma-buf: the driver
 * attaches the NIC's DMA device to it, pins it (the exporter may not move
 * it) and maps it through the DMA API, so it works behind an IOMMU.  The
 * fd is the capability: no privilege is needed, and the process may close
 * it at once.  The region holds the dma-buf, attached and pinned, until
 * it is deregistered or the file is closed (or, when the firmware keeps
 * it, until the NIC goes).  The exporter's memory counts against the
 * exporter's limits, not RLIMIT_MEMLOCK.  An exporter that moves or
 * revokes a pinned buffer anyway breaks its own promise: the NIC keeps
 * the addresses it was given, and the driver logs it.
 *
 * Errors: EINVAL for any malformed field, a DMABUF @fd that is not a
 * dma-buf, or @address and @bytes not inside it; EBADF for a DMABUF @fd
 * that is not open; EOPNOTSUPP for PAGES of memory
 * rig did not allocate on a NIC not behind an IOMMU, DEVICE on a NIC
 * behind one, or a DMABUF the exporter maps in pieces that are not whole
 * pages; other errors of a DMABUF's exporter as it returns them (it may
 * refuse to pin, or to map for the NIC); EXDEV for PAGES of another NIC's DMA buffer; EPERM for
 * DEVICE without CAP_SYS_RAWIO; ENXIO for a run outside every memory BAR
 * of a present PCI device that has a driver; ENOMEM for no memory or RLIMIT_MEMLOCK;
 * EFAULT for PAGES that are not mapped writable memory; EIO when the
 * firmware refuses the region; EDQUOT when the file's opener holds its
 * share of the NIC's keys.
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
	__s32 fd;
	__u32 reserved;
};

/*
 * The region is local: no peer may READ it (the firmware registers it
 * without remote read access).  Announced by
 * RIG_BNXT_QUERY_REG_NO_REMOTE_READ.
 */
#define RIG_BNXT_REG_NO_REMOTE_READ	_BITUL(0)

/* The most runs one device region may have. */
#define RIG_BNXT_RUNS_MAX	1024

/**
 * struct rig_bnxt_handle - a command on one object of the file
 * @size: in: sizeof the caller's structure (nothing is written back)
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
 * Errors: EINVAL for @bytes of 0 or an output field set on input; ENOMEM
 * when the pages would overflow, pass RLIMIT_MEMLOCK or the memory there
 * is; EOPNOTSUPP when the DMA API would bounce them (swiotlb).
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

/*
 * Queue pairs.  A queue pair (reliable connected) has a send ring and a
 * receive ring of RIG_BNXT_ENTRY_SIZE entries and one completion ring of
 * RIG_BNXT_CQE_SIZE completions for both, in the formats of
 * rig_bnxt_hsi.h.  The kernel allocates the three rings in one mapping,
 * and the NIC's firmware knows them as a queue pair and a completion
 * queue; the doorbells are the NIC's own pages.  The process writes
 * entries and doorbells and reads completions with no system call.
 *
 * Addresses in entries are offsets into the region the key names (the
 * region's first byte is address 0).  A SEND's bytes go to the oldest
 * receive the peer posted; an RDMA READ's remote key must name a region
 * of the same NIC.  Every entry asks for a completion.
 */

/* Ring sizes: a power of two from 2 to RIG_BNXT_QP_ENTRIES_MAX. */
#define RIG_BNXT_QP_ENTRIES_MAX	4096

/*
 * A queue pair's completion ring holds 2 * entries + RIG_BNXT_CQ_SLACK
 * completions.  The NIC writes at most one completion per entry of either
 * ring (one for several send entries when it aggregates), and once the
 * queue pair is in error only for entries outstanding when it failed, and
 * one terminal completion: the slack is that one.
 */
#define RIG_BNXT_CQ_SLACK	1

/*
 * A ring is never filled to its last slot: at a full lap a doorbell's
 * index would equal the NIC's consumer, and only the epoch would tell
 * full from empty.  A receive ring has one slot more than the entries it
 * may hold; a send ring RIG_BNXT_SQ_RESERVE + 1 more (the reserve
 * NetXtreme's static WQE mode keeps: bnxt_re's BNXT_QPLIB_RESERVED_QP_WRS,
 * rdma-core's BNXT_RE_FULL_FLAG_DELTA), so a send ring has at least 256
 * slots.  Both are rounded up to a power of two.
 */
#define RIG_BNXT_SQ_RESERVE	128

/**
 * struct rig_bnxt_create_qp - RIG_BNXT_CREATE_QP: make a queue pair
 * @size: in: sizeof the caller's structure; out: the kernel's size
 * @entries: in: entries of the send ring and of the receive ring
 * @qp_handle: in: a value every completion of the queue pair carries
 * @handle: out: names the queue pair in later commands of this file
 * @qpn: out: the queue pair's number on its NIC (20 bits): the xid of
 *	 its send and receive doorbells
 * @psn: out: its first packet sequence number (24 bits)
 * @mtu: out: its path MTU in bytes
 * @nic: out: the NIC's identity on this host, for endpoints
 * @address: out: the port's address (a GID)
 * @mmap_offset: out: mmap() @mmap_bytes at this offset of the file: the
 *	rings, as regions are mapped (cached, shared)
 * @mmap_bytes: out: size of that mapping
 * @sq_offset: out: the send ring in it, @sq_slots entries of
 *	RIG_BNXT_ENTRY_SIZE
 * @psn_offset: out: the send ring's PSN search area in it: @sq_slots
 *	struct rig_bnxt_sq_psn_search_ext, entry i describing send entry i
 * @rq_offset: out: the receive ring, @rq_slots entries
 * @cq_offset: out: the completion ring, @cq_entries completions
 * @cq_entries: out: 2 * @entries + RIG_BNXT_CQ_SLACK: room for a
 *	completion of every entry and a terminal completion
 * @cqn: out: the completion ring's number: the xid of its doorbells
 * @sq_db_offset: out: mmap() one page at this offset of the file (shared,
 *	it is mapped uncached): the send doorbell is its first 8 bytes
 * @rq_db_offset: out: likewise, the receive doorbell's page
 * @cq_db_offset: out: likewise, the completion ring's doorbell's page
 * @sq_slots: in: zero; out: slots of the send ring, at least @entries +
 *	RIG_BNXT_SQ_RESERVE + 1; no more than @entries may be outstanding
 * @rq_slots: in: zero; out: slots of the receive ring, at least @entries
 *	+ 1; no more than @entries may be outstanding
 *
 * The three doorbell pages are the NIC's own (DPI pages of its doorbell
 * BAR).  On a NetXtreme function they are one page, the file's; the model
 * gives each doorbell a page of its own.  A process maps each distinct
 * offset once.
 *
 * Errors: EINVAL for @entries not a power of two in 2..@max_entries of
 * RIG_BNXT_QUERY; ENOMEM (RLIMIT_MEMLOCK or memory: the rings are locked
 * like host memory); ENOSPC when the NIC has no doorbell page or queue
 * left; EDQUOT when the file's opener holds its share of the NIC's queue
 * pairs or doorbell pages; EIO when the firmware refuses; ENODEV when the
 * NIC has gone.
 */
struct rig_bnxt_create_qp {
	__u32 size;
	__u32 entries;
	__aligned_u64 qp_handle;
	__u32 handle;
	__u32 qpn;
	__u32 psn;
	__u32 mtu;
	__aligned_u64 nic;
	__u8 address[16];
	__aligned_u64 mmap_offset;
	__aligned_u64 mmap_bytes;
	__u32 sq_offset;
	__u32 psn_offset;
	__u32 rq_offset;
	__u32 cq_offset;
	__u32 cq_entries;
	__u32 cqn;
	__aligned_u64 sq_db_offset;
	__aligned_u64 rq_db_offset;
	__aligned_u64 cq_db_offset;
	__u32 sq_slots;
	__u32 rq_slots;
};

/**
 * struct rig_bnxt_connect_qp - RIG_BNXT_CONNECT_QP: connect to a peer
 * @size: in: sizeof the caller's structure; out: the kernel's size
 * @handle: in: the queue pair
 * @peer_nic: in: the peer's NIC identity
 * @peer_qpn: in: the peer's queue pair number
 * @peer_psn: in: the peer's first packet sequence number
 * @peer_mtu: in: the peer's path MTU
 * @path_mtu: in: zero; out: the path MTU the queue pair runs with, in
 *	bytes: the smallest of @peer_mtu, the queue pair's (@mtu of struct
 *	rig_bnxt_create_qp) and what the port allows now, rounded down to a
 *	power of two.  Taken here once: PSN search entries count the packets
 *	of an entry by it, and by no other.
 * @peer_address: in: the peer port's address
 *
 * Moves the queue pair through INIT and RTR to RTS.  The peer need not
 * exist yet: a send that finds nobody there fails (retry exceeded).  On
 * a NIC that sits on a network interface, @peer_address is a RoCE v2 GID
 * (an IPv4-mapped or IPv6 address) and the driver first resolves the
 * route through that interface and the next hop's MAC, waiting up to two
 * seconds for it to answer.
 * Errors: EINVAL for an unknown handle, a queue pair already connected,
 * an MTU under 256 or a queue pair number over 20 bits; ENETUNREACH when
 * no route leads to the peer through the interface; EHOSTUNREACH when the
 * next hop did not answer; EADDRNOTAVAIL when the route's source address
 * has no GID yet; EINTR on a signal; EIO when the firmware refuses a
 * transition; EMSGSIZE when the port's MTU leaves no room for RoCE;
 * EFAULT when the answer cannot be written (the queue pair is connected
 * all the same: destroy it).
 */
struct rig_bnxt_connect_qp {
	__u32 size;
	__u32 handle;
	__aligned_u64 peer_nic;
	__u32 peer_qpn;
	__u32 peer_psn;
	__u32 peer_mtu;
	__u32 path_mtu;
	__u8 peer_address[16];
};

#define RIG_BNXT_CREATE_QP	_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 5)
#define RIG_BNXT_CONNECT_QP	_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 6)
/*
 * struct rig_bnxt_handle: destroy a queue pair; its entries are dropped.
 * EIO when the firmware refuses (or ETIMEDOUT when it does not answer):
 * the queue pair is then broken, every later command on it fails with
 * EIO, and its memory stays until the file is closed.
 */
#define RIG_BNXT_DESTROY_QP	_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 7)
/*
 * struct rig_bnxt_handle: the NIC said it sleeps (RIG_BNXT_QUERY_NEEDS_KICK
 * and its status page's @idle): wake it for this queue pair.  EOPNOTSUPP
 * on a NIC that needs no kick.
 */
#define RIG_BNXT_KICK		_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 8)

/**
 * struct rig_bnxt_wait - RIG_BNXT_WAIT: sleep until a queue pair's
 *	completion ring raises an event
 * @size: in: sizeof the caller's structure (nothing is written back)
 * @handle: in: the queue pair
 * @timeout_ms: in: how long to sleep at most; 0 only collects an event
 *	that already came
 * @reserved: must be zero
 *
 * A completion ring raises an event when the NIC writes a completion into
 * it after its doorbell asked for one (type CQ_ARMALL), and the queue
 * pair raises one when the firmware says it went into error (the NIC then
 * completes only the failing entry: the process completes the rest); the
 * event stays until a wait collects it.  poll() on the file is readable while any
 * queue pair of the file has an event not yet collected.  Returns 0 with
 * the event collected; ETIMEDOUT when none came; EINTR on a signal;
 * EINVAL for a handle that names no queue pair; EIO for a broken one
 * (RIG_BNXT_DESTROY_QP); ENODEV when the NIC has gone.
 */
struct rig_bnxt_wait {
	__u32 size;
	__u32 handle;
	__u32 timeout_ms;
	__u32 reserved;
};

#define RIG_BNXT_WAIT		_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 9)

/* Bytes of struct rig_bnxt_last_error @message, its NUL included. */
#define RIG_BNXT_ERROR_BYTES	120

/**
 * struct rig_bnxt_last_error - RIG_BNXT_LAST_ERROR: why the NIC last
 *	failed a command of this file
 * @size: in: sizeof the caller's structure; out: the kernel's size
 * @reserved: must be zero
 * @message: out: NUL-terminated: the firmware command that failed and its
 *	status ("REGISTER_MR refused by the firmware: status 0x01"), or why
 *	the NIC could not do what was asked; empty when nothing failed since
 *	the last RIG_BNXT_LAST_ERROR, which clears it
 *
 * A command that fails because of the NIC (EIO, ETIMEDOUT, ENOSPC, ...)
 * leaves its reason here for the library's message.
 */
struct rig_bnxt_last_error {
	__u32 size;
	__u32 reserved;
	char message[RIG_BNXT_ERROR_BYTES];
};

#define RIG_BNXT_LAST_ERROR	_IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 10)

/* Layouts are ABI: any change of size here is a bug. */
#ifdef __KERNEL__
#include <linux/build_bug.h>
#define RIG_BNXT_ABI_CHECK 1
#elif defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L)
#include <assert.h>
#define RIG_BNXT_ABI_CHECK 1
#endif
#ifdef RIG_BNXT_ABI_CHECK
static_assert(sizeof(struct rig_bnxt_query) == 40, "struct rig_bnxt_query is ABI");
static_assert(sizeof(struct rig_bnxt_status) == 16, "struct rig_bnxt_status is ABI");
static_assert(sizeof(struct rig_bnxt_run) == 16, "struct rig_bnxt_run is ABI");
static_assert(sizeof(struct rig_bnxt_reg_region) == 64, "struct rig_bnxt_reg_region is ABI");
static_assert(sizeof(struct rig_bnxt_handle) == 8, "struct rig_bnxt_handle is ABI");
static_assert(sizeof(struct rig_bnxt_dma_alloc) == 40, "struct rig_bnxt_dma_alloc is ABI");
static_assert(sizeof(struct rig_bnxt_create_qp) == 128, "struct rig_bnxt_create_qp is ABI");
static_assert(sizeof(struct rig_bnxt_connect_qp) == 48, "struct rig_bnxt_connect_qp is ABI");
static_assert(sizeof(struct rig_bnxt_wait) == 16, "struct rig_bnxt_wait is ABI");
static_assert(sizeof(struct rig_bnxt_last_error) == 128, "struct rig_bnxt_last_error is ABI");
#undef RIG_BNXT_ABI_CHECK
#endif

#endif /* _UAPI_RIG_BNXT_H */
