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
#define RIG_KIND_SOFT 1	/* the model of a NetXtreme function (rig_soft) */
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
 * parent's NIC.  A NIC that must be woken when it sleeps (the model of a
 * NetXtreme function) has its status page mapped here, read-only; a
 * NetXtreme function has none.
 *
 * Return: 0; -EINVAL for a NULL or empty name, or one longer than
 * PATH_MAX; -ENOENT when there is no such device (the message suggests
 * loading the module); -EACCES without permission; -ENOTTY when the file
 * is not a rig_bnxt device; -EPROTO when the module speaks another ABI
 * version or answers what this library does not understand; -ENOMEM; or
 * the errno of open(2) or of mmap(2) of the status page.
 */
int rig_bnxt_open(const char *name, struct rig_bnxt **nic);

/**
 * rig_bnxt_close() - close a NIC and destroy everything made through it
 * @nic: from rig_bnxt_open(), or NULL (then nothing happens)
 *
 * Every queue pair of @nic is destroyed, every region, deregistered,
 * broken or live, is freed, and every rig_dma_alloc() mapping and every
 * doorbell or status page is unmapped; the NIC lets go of all of it.
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
 * rig_bnxt_dmabuf() - does the NIC take regions over a dma-buf?
 * @nic: an open NIC
 *
 * A module built for a kernel with dma-buf support takes them
 * (rig_region_dmabuf()); an older module, or one whose kernel has no
 * dma-buf, does not.
 *
 * Return: 1 if rig_region_dmabuf() may succeed on @nic, else 0.
 */
int rig_bnxt_dmabuf(const struct rig_bnxt *nic);

/**
 * rig_bnxt_fd() - the NIC's file, for poll() and epoll
 * @nic: an open NIC
 *
 * The file is readable (POLLIN) while a queue pair of this rig_bnxt_open()
 * has a completion event that no rig_qp_arm() or rig_qp_wait() has
 * collected (an event comes only from a ring rig_qp_arm() armed), and
 * reports POLLERR and POLLHUP once the NIC has gone.  Wait on it; do not
 * read, write, close or control it.
 *
 * Return: the file descriptor.
 */
int rig_bnxt_fd(const struct rig_bnxt *nic);

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

/*
 * Who may reach a region.  A region made without RIG_REGION_LOCAL (and
 * every region of rig_region_host(), rig_region_pages() and
 * rig_region_device()) is readable: a queue pair connected to a queue
 * pair of the open NIC that made it reads it with its key
 * (rig_qp_read_remote(), and rig_qp_read() on one NIC).
 */
/*
 * Local: the NIC writes the region for this process's receives and reads
 * and reads it for its sends, and nothing more: a read of it
 * (rig_qp_read_remote() by a peer, or rig_qp_read() here, which the peer
 * queue pair performs) fails with RIG_STATUS_REMOTE_ACCESS.
 */
#define RIG_REGION_LOCAL	(1u << 0)

/**
 * rig_region_host() - a region over new, zeroed memory of the NIC's machine
 * @nic: an open NIC
 * @n: bytes, positive; rounded up to the page (rig_bnxt_page())
 * @r: where the region is stored
 *
 * The process reads and writes it with rig_region_read() and
 * rig_region_write().  Like pinned pages, the memory counts in the
 * process's VmPin against RLIMIT_MEMLOCK.  Peers connected to a queue
 * pair of @nic may read it with its key: rig_region_host_flags() with
 * RIG_REGION_LOCAL makes one they may not.
 *
 * Return: 0; -EINVAL if @n is 0; -ENOMEM when it would pass
 * RLIMIT_MEMLOCK or the machine has no memory for it; -EIO when the
 * firmware refuses it; -EPERM in a child of fork().
 */
int rig_region_host(struct rig_bnxt *nic, size_t n, struct rig_region **r);

/**
 * rig_region_host_flags() - rig_region_host(), saying who may reach it
 * @nic: an open NIC
 * @n: bytes, positive; rounded up to the page (rig_bnxt_page())
 * @flags: 0 (as rig_region_host()) or RIG_REGION_LOCAL
 * @r: where the region is stored
 *
 * With 0 the region is what rig_region_host() makes: a queue pair
 * connected to a queue pair of @nic reads it with its key.  With
 * RIG_REGION_LOCAL it is local: the NIC writes it for this process's
 * receives and reads and reads it for its sends, and a read of it
 * (rig_qp_read_remote() by a peer holding its key, or rig_qp_read())
 * completes with RIG_STATUS_REMOTE_ACCESS.  Memory only this process's
 * own queue pairs use, such as bounce buffers, belongs in a local region.
 *
 * Return: as rig_region_host(); -EINVAL also for a bit of @flags that is
 * not RIG_REGION_LOCAL; -EOPNOTSUPP for RIG_REGION_LOCAL when the module
 * is older than local regions (it would register the region readable).
 */
int rig_region_host_flags(struct rig_bnxt *nic, size_t n, unsigned int flags,
			  struct rig_region **r);

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
 * only memory from rig_dma_alloc() of the same NIC.  Peers connected to
 * a queue pair of @nic may read it with its key (see
 * rig_region_pages_flags()).
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
 * rig_region_pages_flags() - rig_region_pages(), saying who may reach it
 * @nic: an open NIC
 * @a: start, on a page boundary
 * @n: bytes, positive
 * @flags: 0 (as rig_region_pages()) or RIG_REGION_LOCAL
 * @r: where the region is stored
 *
 * The pages are taken as rig_region_pages() takes them; @flags says who
 * may read them, as for rig_region_host_flags().
 *
 * Return: as rig_region_pages(); -EINVAL also for a bit of @flags that
 * is not RIG_REGION_LOCAL; -EOPNOTSUPP also for RIG_REGION_LOCAL when the
 * module is older than local regions.
 */
int rig_region_pages_flags(struct rig_bnxt *nic, void *a, size_t n, unsigned int flags,
			   struct rig_region **r);

/**
 * rig_region_device() - a region over another device's memory (a GPU BAR)
 * @nic: an open NIC
 * @runs: (bus address, bytes) runs in order, each a multiple of 4096, the
 *	  bytes positive
 * @count: how many runs, at least one
 * @r: where the region is stored
 *
 * The memory must stay where it is until the region is deregistered.
 * Needs CAP_SYS_RAWIO.  Peers connected to a queue pair of @nic may read
 * it with its key.
 *
 * Return: 0; -EINVAL for no runs or a malformed run; -EOPNOTSUPP when the
 * NIC is behind an IOMMU; -EPERM without CAP_SYS_RAWIO; -ENXIO when a run
 * is not inside a memory BAR of a present PCI device; -EIO when the
 * firmware refuses the region.
 */
int rig_region_device(struct rig_bnxt *nic, const struct rig_run *runs, size_t count,
		      struct rig_region **r);

/**
 * rig_region_dmabuf() - a region over a dma-buf (a GPU's memory, udmabuf)
 * @nic: an open NIC
 * @fd: a dma-buf file descriptor, from the memory's exporter
 * @offset: where the region starts in the dma-buf, on a page
 * @n: bytes, positive; @offset + @n inside the dma-buf
 * @r: where the region is stored
 *
 * The NIC's driver imports the dma-buf as RDMA drivers do: it attaches
 * the NIC to it, pins it (its exporter may not move it) and maps it for
 * the NIC through the DMA API, so it works behind an IOMMU too, where the
 * exporter allows the NIC to reach it.  No privilege is needed: the fd is
 * the right to the memory.  The region keeps the dma-buf attached and
 * pinned until it is deregistered or the NIC closed; @fd (and the memory
 * the exporter made it from) may be closed at once.  The process reaches
 * the bytes through the exporter (a mapping of the memfd under udmabuf),
 * not with rig_region_read() and rig_region_write(), which refuse such a
 * region with -EINVAL, as pages regions.  Peers connected to a queue pair
 * of @nic may read it with its key.
 *
 * Return: 0; -EINVAL if @n is 0, @offset is not on a page, @fd is not a
 * dma-buf, or @offset + @n is not inside it; -EBADF when @fd is not an
 * open file; -EOPNOTSUPP when the kernel has no dma-buf, or the exporter
 * maps the memory in pieces smaller than pages; the exporter's error when
 * it refuses to pin or map it for the NIC (the message says so); -EIO
 * when the firmware refuses the region; -EPERM in a child of fork().
 */
int rig_region_dmabuf(struct rig_bnxt *nic, int fd, uint64_t offset, size_t n,
		      struct rig_region **r);

/**
 * rig_region_bytes() - the length of a region
 * @r: a region
 *
 * Return: for host regions the size rounded up to the page; for pages
 * and dma-buf regions the size asked for; for device regions the sum of
 * the runs.
 */
size_t rig_region_bytes(const struct rig_region *r);

/**
 * rig_region_key() - the key the NIC knows a region by
 * @r: a region
 *
 * A peer connected to a queue pair of this NIC reads the region with it
 * (rig_qp_read_remote()) unless it was made RIG_REGION_LOCAL; the key
 * names regions of this NIC only.  Keys are not guessable from one
 * another (the model draws every bit but the table index at random, and
 * the index too; on a NetXtreme function the firmware chooses them), but
 * a key is no secret once given: whoever holds it and a queue pair
 * connected to one of this NIC reads the region.
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

/*
 * Queue pairs.
 *
 * A queue pair (reliable connected) moves bytes between regions through
 * its NIC.  The library writes entries into rings it maps from the NIC,
 * rings doorbells with one store each to the NIC's doorbell pages, mapped
 * too, and reads completions out of mapped memory: posting, ringing and
 * polling make no system call.  The one exception is a NIC that must be
 * woken when it sleeps (the model of a NetXtreme function, never a real
 * one): after a send or receive doorbell, rig_qp_ring() and
 * rig_qp_receive() ask the kernel to wake it if it said it sleeps.
 *
 * Threads: a queue pair may be used by two threads at once, one posting
 * (rig_qp_send(), rig_qp_read(), rig_qp_read_remote(), rig_qp_receive(),
 * rig_qp_ring()) and one taking completions (rig_qp_poll(), rig_qp_wait(),
 * rig_qp_arm());
 * each side must be used by one thread at a time.  rig_qp_make(),
 * rig_qp_connect() and rig_qp_destroy() must not run beside any other
 * call on the queue pair, and none may run beside rig_bnxt_close() of its
 * NIC.
 *
 * Every entry completes exactly once, in the order it was posted on its
 * ring (sends and reads in one order, receives in another).  An entry
 * holds its ring slot until its completion is taken: a ring of @entries
 * holds at most @entries sends and reads, and @entries receives, whose
 * completions have not been taken.
 */

/** A queue pair of a NIC. */
struct rig_qp;

/**
 * struct rig_endpoint - what a peer needs to connect to a queue pair
 * @qp: the queue pair's number on its NIC
 * @psn: its first packet sequence number
 * @mtu: its path MTU in bytes
 * @address: the NIC port's address (a GID)
 * @nic: the NIC's identity on its host: equal for queue pairs of one NIC
 *
 * Plain data: carry it to the peer any way you like.
 */
struct rig_endpoint {
	uint32_t qp, psn, mtu;
	uint8_t address[16];
	uint64_t nic;
};

/** What a completed entry was. */
enum rig_op {
	RIG_SEND,	/* rig_qp_send() */
	RIG_RECEIVE,	/* rig_qp_receive() */
	RIG_READ,	/* rig_qp_read(), rig_qp_read_remote() */
};

/**
 * enum rig_status - how an entry ended (InfiniBand's work completion status)
 * @RIG_STATUS_OK: success
 * @RIG_STATUS_LOCAL_LENGTH: a message longer than the receive it landed in
 * @RIG_STATUS_LOCAL_PROTECTION: the NIC refused a local key or address
 *	(a region deregistered after the entry was posted)
 * @RIG_STATUS_LOCAL_QP_OPERATION: the queue pair could not run the entry
 * @RIG_STATUS_LOCAL_ACCESS: a receive's memory could not be written
 * @RIG_STATUS_MEMORY_MANAGEMENT: a memory management operation failed
 * @RIG_STATUS_REMOTE_INVALID_REQUEST: the peer refused the message (its
 *	receive was too small)
 * @RIG_STATUS_REMOTE_ACCESS: the peer's NIC refused a read's key or address
 * @RIG_STATUS_REMOTE_OPERATION: the peer could not complete the operation
 * @RIG_STATUS_RNR_RETRY_EXCEEDED: the peer posted no receive in time
 * @RIG_STATUS_RETRY_EXCEEDED: the peer did not answer (destroyed, or none)
 * @RIG_STATUS_FLUSHED: not run: the queue pair was in error already
 * @RIG_STATUS_BAD_RESPONSE: the peer answered with a malformed response
 * @RIG_STATUS_UNKNOWN: a hardware status rig does not know (see @vendor)
 *
 * After any status but RIG_STATUS_OK the queue pair is in error and
 * every entry posted on it, before or after, completes RIG_STATUS_FLUSHED.
 */
enum rig_status {
	RIG_STATUS_OK = 0,
	RIG_STATUS_LOCAL_LENGTH,
	RIG_STATUS_LOCAL_PROTECTION,
	RIG_STATUS_LOCAL_QP_OPERATION,
	RIG_STATUS_LOCAL_ACCESS,
	RIG_STATUS_MEMORY_MANAGEMENT,
	RIG_STATUS_REMOTE_INVALID_REQUEST,
	RIG_STATUS_REMOTE_ACCESS,
	RIG_STATUS_REMOTE_OPERATION,
	RIG_STATUS_RNR_RETRY_EXCEEDED,
	RIG_STATUS_RETRY_EXCEEDED,
	RIG_STATUS_FLUSHED,
	RIG_STATUS_BAD_RESPONSE,
	RIG_STATUS_UNKNOWN,
};

/**
 * struct rig_completion - a completed entry
 * @id: the caller's id, as posted
 * @op: what the entry was
 * @status: an enum rig_status: 0 for success
 * @bytes: bytes moved: sent, received or read; 0 unless @status is 0
 * @vendor: the NIC's own status code (bnxt's requester status for sends
 *	    and reads, responder status for receives)
 */
struct rig_completion {
	uint64_t id;
	enum rig_op op;
	int status;
	uint32_t bytes, vendor;
};

/* States of a queue pair (rig_qp_state()). */
#define RIG_QP_RESET 0	/* made, not yet connected */
#define RIG_QP_READY 1	/* connected: entries run */
#define RIG_QP_ERROR 2	/* an entry failed (its completion was taken): the rest are flushed */

/* Ring sizes rig_qp_make() accepts: powers of two from 2 to this. */
#define RIG_QP_ENTRIES_MAX 4096

/* The most bytes one entry moves. */
#define RIG_QP_BYTES_MAX 0x7fffffffU

/**
 * rig_qp_make() - make a queue pair
 * @nic: an open NIC
 * @entries: entries the send ring, and the receive ring, may hold
 *	     outstanding: a power of two from 2 to RIG_QP_ENTRIES_MAX, and
 *	     no more than the NIC allows (its firmware may allow fewer; the
 *	     message names the limit).  The rings have more slots, which are
 *	     never all filled: the receive ring one more, the send ring 129
 *	     more (the reserve NetXtreme keeps), each rounded up to a power
 *	     of two.
 * @qp: where the queue pair is stored
 *
 * The rings count in the process's VmPin against RLIMIT_MEMLOCK.  The
 * NIC's doorbell pages are mapped too: on a NetXtreme function every
 * queue pair of one rig_bnxt_open() rings the same page, mapped once.
 *
 * Return: 0; -EINVAL for a NULL argument or @entries out of range;
 * -ENOMEM when it would pass RLIMIT_MEMLOCK or memory is short; -ENOSPC
 * when the NIC has no doorbell page or queue pair left; -EIO when the
 * firmware refuses the queue pair; -ENODEV when the NIC has gone away;
 * -EPERM in a child of fork(); -EPROTO when the kernel describes rings
 * or doorbells this library does not understand.
 */
int rig_qp_make(struct rig_bnxt *nic, uint32_t entries, struct rig_qp **qp);

/**
 * rig_qp_endpoint() - what a peer needs to connect to @qp
 * @qp: a queue pair
 * @e: where the endpoint is stored
 *
 * Return: 0; -EINVAL for a NULL argument; -EPERM in a child of fork().
 */
int rig_qp_endpoint(const struct rig_qp *qp, struct rig_endpoint *e);

/**
 * rig_qp_connect() - connect a queue pair to its peer
 * @qp: a queue pair not yet connected
 * @peer: the peer's endpoint (rig_qp_endpoint() of the peer)
 *
 * The peer may be on this NIC or another, and need not exist yet: a send
 * that finds no peer fails with RIG_STATUS_RETRY_EXCEEDED.  Connect both
 * sides before either sends.
 *
 * The path MTU, which sets how many packet sequence numbers each send
 * and read takes, is what the kernel takes now: the smallest of the two
 * MTUs and what the port allows at connect (it may have fallen since
 * rig_qp_make()), rounded down to a power of two.
 *
 * On a NIC that sits on a network interface (rig link), the peer's
 * address is a RoCE v2 GID and the kernel resolves the route and the next
 * hop's MAC first, waiting up to two seconds for an answer.
 *
 * Return: 0; -EINVAL for a NULL argument, a queue pair already connected,
 * a peer MTU under 256, or a peer number wider than 20 bits or sequence
 * number wider than 24 bits; -EPERM in a child of fork(); on an
 * interface, -ENETUNREACH (no route through it), -EHOSTUNREACH (the next
 * hop did not answer) or -EADDRNOTAVAIL (the source address has no GID
 * yet), with rig_error() saying which address; -EPROTO when the kernel
 * answers a path MTU this library does not understand.
 */
int rig_qp_connect(struct rig_qp *qp, const struct rig_endpoint *peer);

/**
 * rig_qp_receive() - post memory for the next message the peer sends
 * @qp: a connected queue pair
 * @dst: a region of the same open NIC as @qp
 * @at: offset of the first byte in @dst
 * @n: bytes the message may have, 0 to RIG_QP_BYTES_MAX
 * @id: returned in the completion
 *
 * The NIC sees the receive at once (no rig_qp_ring() needed), with no
 * system call but to wake a NIC that needs it and sleeps.  Its
 * completion's @bytes says how many bytes landed; they are in memory once
 * the completion is taken.
 *
 * Return: 0; -EINVAL, with nothing written, for a NULL argument, a queue
 * pair not connected, a full receive ring, a region of another NIC or
 * deregistered, or bytes that do not lie in @dst; -EIO for a broken
 * region (its deregister failed); -EPERM in a child of fork(); -ENODEV
 * when waking the NIC finds it gone (the receive is posted).
 */
int rig_qp_receive(struct rig_qp *qp, struct rig_region *dst, size_t at, size_t n,
		   uint64_t id);

/**
 * rig_qp_send() - post a message: bytes of a region for the peer's next receive
 * @qp: a connected queue pair
 * @src: a region of the same open NIC as @qp
 * @at: offset of the first byte in @src
 * @n: bytes, 0 to RIG_QP_BYTES_MAX
 * @id: returned in the completion
 *
 * The NIC runs the entry after the next rig_qp_ring(); @src's bytes must
 * stay as they are until the completion is taken.
 *
 * Return: as rig_qp_receive(), for the send ring.
 */
int rig_qp_send(struct rig_qp *qp, struct rig_region *src, size_t at, size_t n,
		uint64_t id);

/**
 * rig_qp_read() - post an RDMA read: bytes of a region into a local region
 * @qp: a queue pair connected to a queue pair of the same NIC
 * @src: the region read, of the same open NIC as @qp (the NIC reads it
 *	 through the peer queue pair: a region is read only by queue pairs
 *	 of its own NIC), readable (not RIG_REGION_LOCAL)
 * @src_at: offset of the first byte in @src
 * @dst: the region written, of the same open NIC as @qp
 * @dst_at: offset of the first byte in @dst
 * @n: bytes, 1 to RIG_QP_BYTES_MAX
 * @id: returned in the completion
 *
 * The NIC runs the entry after the next rig_qp_ring(); the bytes are in
 * @dst once the completion is taken.
 *
 * Return: 0; -EINVAL, with nothing written, for the reasons of
 * rig_qp_send(), a peer on another NIC, or @n of 0; -EIO for a broken
 * region; -EPERM in a child of fork().
 */
int rig_qp_read(struct rig_qp *qp, struct rig_region *src, size_t src_at,
		struct rig_region *dst, size_t dst_at, size_t n, uint64_t id);

/**
 * rig_qp_read_remote() - post an RDMA read of the peer's region, named by key and offset
 * @qp: a connected queue pair
 * @dst: the region written, of the same open NIC as @qp
 * @dst_at: offset of the first byte in @dst
 * @key: rig_region_key() of the region read, which the peer gave out of
 *	 band: a region of the NIC of the queue pair @qp is connected to
 * @remote_at: offset of the first byte in that region
 * @n: bytes, 1 to RIG_QP_BYTES_MAX
 * @id: returned in the completion
 *
 * The read of a region of another NIC (another machine): the peer's NIC
 * looks @key up among its own regions, so a region is read only through
 * queue pairs connected to queue pairs of its own NIC.  A key that names
 * no region the peer queue pair's NIC lets it read, or bytes that do not
 * lie in that region, complete RIG_STATUS_REMOTE_ACCESS.  The peer
 * process takes no part: no completion shows on its side.
 *
 * The NIC runs the entry after the next rig_qp_ring(); the bytes are in
 * @dst once the completion is taken.
 *
 * Return: 0; -EINVAL, with nothing written, for the reasons of
 * rig_qp_send() (for @dst), or @n of 0; -EIO for a broken @dst; -EPERM
 * in a child of fork().
 */
int rig_qp_read_remote(struct rig_qp *qp, struct rig_region *dst, size_t dst_at,
		       uint32_t key, uint64_t remote_at, size_t n, uint64_t id);

/**
 * rig_qp_ring() - tell the NIC about every send and read posted since the last ring
 * @qp: a queue pair
 *
 * One doorbell store for all of them.  A system call is made only on a
 * NIC that must be woken (the model) and has said it sleeps; never on a
 * NetXtreme function, never while the NIC is busy.
 *
 * Return: 0; -EINVAL for a NULL @qp; -EPERM in a child of fork(); -ENODEV
 * when the NIC has gone away.
 */
int rig_qp_ring(struct rig_qp *qp);

/**
 * rig_qp_poll() - take the next completion if there is one
 * @qp: a queue pair
 * @c: where the completion is stored
 *
 * No system call.
 *
 * Return: 1 when a completion was taken; 0 when there is none yet;
 * -EINVAL for a NULL argument; -EPERM in a child of fork(); -EPROTO when
 * the NIC wrote a completion that matches no posted entry (the message
 * says what it was).
 */
int rig_qp_poll(struct rig_qp *qp, struct rig_completion *c);

/* The most completions one rig_qp_poll_batch() takes: so the count fits an int. */
#define RIG_QP_POLL_BATCH_MAX 65536

/**
 * rig_qp_poll_batch() - take up to @n completions, as ibv_poll_cq() does
 * @qp: a queue pair
 * @c: where the completions are stored, oldest first: @n of them
 * @n: how many at most, 1 to RIG_QP_POLL_BATCH_MAX
 *
 * No system call, and one doorbell store for the whole batch where
 * rig_qp_poll() makes one per completion.  A completion that matches no
 * posted entry ends the batch: the ones before it are returned, and the
 * next call reports it.
 *
 * Return: how many were taken, 0 when there is none yet; -EINVAL for a
 * NULL argument or an @n out of range; -EPERM in a child of fork();
 * -EPROTO when the first completion matches no posted entry (the message
 * says what it was).
 */
int rig_qp_poll_batch(struct rig_qp *qp, struct rig_completion *c, unsigned int n);

/**
 * rig_qp_wait() - take the next completion, sleeping until there is one
 * @qp: a queue pair
 * @ms: how long to wait at most, in milliseconds; negative: no limit
 * @c: where the completion is stored
 *
 * Arms the completion ring and sleeps in the kernel until the NIC
 * raises an event for this queue pair's ring, never spinning; a ring is
 * armed only while a wait on it sleeps.  A completion on another queue
 * pair of the same rig_bnxt_open() wakes no one waiting here.
 *
 * Return: 1 when a completion was taken; 0 when @ms passed without one;
 * -EIO when the queue pair is in error and has no entry left to complete;
 * -ENODEV when the NIC has gone away; -EINTR when a signal interrupted
 * the wait; otherwise as rig_qp_poll().
 */
int rig_qp_wait(struct rig_qp *qp, int ms, struct rig_completion *c);

/**
 * rig_qp_arm() - ask for an event at the next completion, without sleeping
 * @qp: a queue pair
 *
 * For a caller that sleeps in poll() or epoll on rig_bnxt_fd(), as one
 * does on a verbs completion channel: collects the event this queue
 * pair's ring raised since the last arm, if there was one, arms the ring
 * so that its next completion raises an event (which makes the file
 * readable), and looks at the ring once more, so that a completion that
 * came before the arm is never slept through.  Takes no completion; a
 * later rig_qp_poll() or rig_qp_poll_batch() that takes one may disarm
 * the ring.  It belongs to the thread taking completions (see above).
 *
 * Return: 1 when a completion is at hand (take it rather than sleep); 0
 * when the ring is armed and empty (sleep on the file); -EIO when the
 * queue pair is in error and has no entry left to complete; -ENODEV when
 * the NIC has gone away; otherwise as rig_qp_poll().
 */
int rig_qp_arm(struct rig_qp *qp);

/**
 * rig_qp_state() - the queue pair's state, as its completions show it
 * @qp: a queue pair
 *
 * RIG_QP_RESET until rig_qp_connect(), RIG_QP_READY after it, and
 * RIG_QP_ERROR from the moment rig_qp_poll() or rig_qp_wait() takes a
 * completion whose status is not RIG_STATUS_OK.  The NIC does not report
 * the state: a failure is known once its completion is taken.
 *
 * Return: RIG_QP_RESET, RIG_QP_READY or RIG_QP_ERROR; -EINVAL for a NULL
 * @qp; -EPERM in a child of fork().
 */
int rig_qp_state(const struct rig_qp *qp);

/**
 * rig_status_message() - a completion's status in words
 * @status: an enum rig_status, or any other integer
 *
 * Return: a constant string, such as "remote access error ...", and for
 * a value that is no status, "unknown status".
 */
const char *rig_status_message(int status);

/**
 * rig_qp_destroy() - destroy a queue pair
 * @qp: a queue pair
 *
 * The NIC stops using the rings before this returns; entries not yet
 * complete are dropped without completions.  The peer's later sends to
 * it fail with RIG_STATUS_RETRY_EXCEEDED.  @qp is freed on success.
 *
 * Return: 0; -EINVAL for a NULL @qp; -EPERM in a child of fork(); or the
 * kernel's error, and then @qp lives on until rig_bnxt_close().
 */
int rig_qp_destroy(struct rig_qp *qp);

#ifdef __cplusplus
}
#endif

#endif /* RIG_BNXT_H */
