// SPDX-License-Identifier: BSD-2-Clause
/*
 * Queue pairs: the rings a NIC lends the process, the entries written into
 * them with their PSN search entries, the doorbells that announce them,
 * the completions read back, and the state those completions show.  This
 * file owns struct rig_qp and everything done through one; the ring
 * formats are bnxt_hsi_inline.h's, whose unchecked helpers the post and
 * poll paths call once their own checks have passed; the device file, its
 * commands and its status page are bnxt.c's; the doorbell pages, shared
 * between queue pairs, are doorbell.c's.
 *
 * Two threads may share a queue pair.  The poster owns the producer side:
 * the send and receive rings' slots and PSN search entries, the shadow
 * entries it fills, the next PSN, and the SQ and RQ doorbells.  The poller
 * owns the consumer side: the completion ring, its doorbell and the state
 * (the NIC does not report a queue pair's state: the poller learns it
 * from the completions it takes).  They share nothing else than the four
 * counters below, C11 atomics, and the shadow entries the poster fills
 * before it publishes a producer count with a release store.
 */
#include <assert.h>
#include <endian.h>
#include <errno.h>
#include <limits.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "rig_bnxt.h"
#include "rig/bnxt_hsi.h"
#include "bnxt_hsi_inline.h"
#include "internal.h"

/*
 * The most slots a ring may have: twice the most entries, the reserve a
 * ring keeps beyond its entries (RIG_BNXT_SQ_RESERVE) rounded up.
 */
#define RIG_QP_SLOTS_MAX	(2 * RIG_QP_ENTRIES_MAX)

/*
 * What the unchecked helpers of bnxt_hsi_inline.h assume, true of every
 * queue pair rig_qp_make() makes: a receive slot's position fits the
 * wr_id that names it, a position in any ring (at most RIG_QP_SLOTS_MAX,
 * the completion ring's 2 * entries + RIG_BNXT_CQ_SLACK too) fits a
 * doorbell's index, a ring's size divides the 65536 of a requester
 * completion's 16-bit send index, and the bytes of a post fit an
 * element's 32-bit size.
 */
static_assert(RIG_QP_SLOTS_MAX - 1 <= RIG_BNXT_RQ_WR_ID_MASK,
	      "a receive slot's position fits the wr_id");
static_assert(RIG_QP_SLOTS_MAX - 1 <= RIG_BNXT_DBC_INDEX_MASK,
	      "a ring position fits the doorbell index");
static_assert(2 * RIG_QP_ENTRIES_MAX + RIG_BNXT_CQ_SLACK - 1 <= RIG_BNXT_DBC_INDEX_MASK,
	      "a ring position fits the doorbell index");
static_assert(65536 % RIG_QP_SLOTS_MAX == 0, "a ring's size divides a 16-bit index's range");
static_assert(RIG_QP_BYTES_MAX <= UINT32_MAX, "a post's bytes fit an element's size");
static_assert((RIG_QP_SLOTS_MAX - 1) * RIG_BNXT_ENTRY_SLOTS <= UINT16_MAX,
	      "an entry's first slot fits a PSN search entry's start_slot_idx");
static_assert(RIG_QP_ENTRIES_MAX == RIG_BNXT_QP_ENTRIES_MAX,
	      "the library's largest ring is the ABI's");

/* What the library keeps of a posted entry, at the entry's ring position. */
struct rig_qp_entry {
	uint64_t id;
	uint32_t bytes;
	uint32_t op;		/* enum rig_op */
};

/* The doorbell pages of a queue pair, in rig_qp's @db_page. */
enum { RIG_DB_SQ, RIG_DB_RQ, RIG_DB_CQ, RIG_DB_PAGES };

struct rig_qp {
	/* Set by rig_qp_make() and rig_qp_connect(), then only read. */
	struct rig_qp *next;		/* the NIC's list */
	struct rig_bnxt *nic;
	uint32_t handle;		/* the kernel's name for it */
	uint32_t entries;		/* outstanding on the send ring, and on the receive ring */
	uint32_t sq_slots, rq_slots;	/* of each ring: more than @entries, never filled */
	uint32_t cq_entries;		/* 2 * entries + RIG_BNXT_CQ_SLACK */
	uint32_t cqn;			/* the completion ring's number: its doorbells' xid */
	bool connected;
	unsigned int mtu_shift;		/* log2 of the path MTU; set by rig_qp_connect() */
	struct rig_endpoint self, peer;
	void *map;			/* the rings, one mapping */
	size_t map_bytes;
	unsigned char *sq, *psn, *rq, *cq;	/* @psn: the send ring's PSN search area */
	struct rig_db_page *db_page[RIG_DB_PAGES];	/* where the doorbells are */
	void *sq_db, *rq_db, *cq_db;	/* the doorbells: the first 8 bytes of those pages */
	/* The NIC's status page if it needs kicks, else NULL: see rig_qp_kick(). */
	const struct rig_bnxt_status *status;
	bool rq_wake;			/* RIG_BNXT_QUERY_RQ_WAKE: see rig_qp_kick() */
	struct rig_qp_entry *sq_shadow, *rq_shadow;	/* one per slot */

	/*
	 * The poster's: entries posted.  Stored with release after the entry
	 * and its shadow are written; the poller loads them with acquire.
	 */
	alignas(64) _Atomic uint64_t sq_prod;
	_Atomic uint64_t rq_prod;
	uint64_t sq_rung;		/* sq_prod at the last SQ doorbell */
	uint32_t sq_psn;		/* the PSN of the next send-ring entry */

	/*
	 * The poller's: entries completed and handed out (@sq_taken,
	 * @rq_taken, its own), and the same counts published to the poster
	 * (@sq_cons, @rq_cons) only once the completions that freed them are
	 * given back to the NIC (rig_qp_publish()).  Published earlier, a
	 * slot could be posted again, and its completion written, while the
	 * completion ring still held the completions the poller took but had
	 * not yet given back: more than the ring's room.  Stored with release
	 * after the shadow entries are read; the poster loads them with
	 * acquire before it reuses a slot.
	 */
	alignas(64) _Atomic uint64_t sq_cons;
	_Atomic uint64_t rq_cons;
	uint64_t sq_taken, rq_taken;
	uint64_t cq_cons;		/* completions taken from the CQ */
	/*
	 * RIG_QP_*: READY from rig_qp_connect(), ERROR from the poller when
	 * it takes a completion that failed or a terminal one; read by
	 * rig_qp_state() in any thread.  Relaxed: it is read alone, and
	 * orders no other data.  In error the poller completes every entry
	 * still outstanding as flushed itself (rig_qp_flush_one()): the NIC
	 * completes only the failing entry, and perhaps some receives.
	 */
	_Atomic int state;
};

static uint64_t rig_qp_cookie(const struct rig_qp *qp)
{
	return (uintptr_t)qp;
}

/*
 * rig_to_device_barrier() - rdma-core's udma_to_device_barrier(): every
 * load and store before it is done, as the NIC sees them, before the
 * store after it.  x86 keeps stores to write-back and to uncached memory
 * in program order, and a load is never passed by a later store: only the
 * compiler must be stopped, which a release fence does at no cost.  The
 * NIC stands outside the CPUs' inner shareable domain on arm64, so the
 * barrier there is the outer one, as the kernel's writeq() has it.
 */
static inline void rig_to_device_barrier(void)
{
#if defined(__x86_64__) || defined(__i386__)
	atomic_thread_fence(memory_order_release);
#elif defined(__aarch64__)
	__asm__ __volatile__("dmb osh" ::: "memory");
#else
	atomic_thread_fence(memory_order_seq_cst);
#endif
}

/*
 * Ring a doorbell of @type on queue @xid saying ring position @count (of
 * a ring of @entries): its index and the lap parity as epoch, one 64-bit
 * little-endian store at the start of its page, as rdma-core's bnxt_re
 * rings one.
 */
static inline void rig_qp_doorbell(void *reg, uint32_t xid, uint32_t type, uint64_t count,
				   uint32_t entries)
{
	/*
	 * Every field fits, unchecked: rig_qp_make() checked that the qpn
	 * and the cqn fit the xid; the index is below @entries, which fits
	 * (the static_assert above); the epoch is one bit; callers pass SQ,
	 * RQ, CQ or CQ_ARMALL, and no toggle.
	 */
	const struct rig_bnxt_doorbell d = {
		.type = type,
		.xid = xid,
		.index = (uint32_t)(count % entries),
		.epoch = (unsigned int)((count / entries) & 1),
	};
	uint64_t value = bnxt_make_doorbell_unchecked(&d);

	/*
	 * Release: the entries this announces and their PSN search entries
	 * (SQ, RQ) are written, and the completions it gives back (CQ) are
	 * read, before the NIC sees the doorbell.
	 */
	rig_to_device_barrier();
	atomic_store_explicit((volatile _Atomic uint64_t *)reg, htole64(value),
			      memory_order_relaxed);
}

/*
 * rig_qp_kick()'s slow path: look at the status page, kick if asleep (for
 * a receive, @rq, only if the NIC says a receive may need it).
 */
static int rig_qp_kick_slow(struct rig_qp *qp, bool rq, const char *call)
{
	struct rig_bnxt_handle kick = { .size = sizeof(kick), .handle = qp->handle };
	int err;

	/*
	 * Full barrier: our doorbell store before our load of @idle, against
	 * the NIC's store of @idle before its last look at the doorbells.
	 * Either it sees the new doorbell or we see it asleep.
	 */
	atomic_thread_fence(memory_order_seq_cst);
	/*
	 * Acquire: the NIC stores @rq_wake before @idle, so the @rq_wake of
	 * the sleep we saw is the one we load next.
	 */
	if (!atomic_load_explicit((const volatile _Atomic uint32_t *)&qp->status->idle,
				  memory_order_acquire))
		return 0;
	if (rq && qp->rq_wake &&
	    !atomic_load_explicit((const volatile _Atomic uint32_t *)&qp->status->rq_wake,
				  memory_order_relaxed))
		return 0;
	err = rig_cmd(qp->nic, RIG_BNXT_KICK, &kick);
	return err ? rig_nic_error(qp->nic, call, err) : 0;
}

/*
 * After a doorbell that announces entries (SQ, RQ): wake a NIC that needs
 * kicks if it said it sleeps.  0 or the error of RIG_BNXT_KICK.  A NIC
 * that needs none (every NetXtreme function) costs this one branch, the
 * same way every time: no barrier, no load of the status page.
 *
 * A receive (@rq) kicks only when the NIC's status page says a receive
 * may have work at once (RIG_BNXT_QUERY_RQ_WAKE; without it, always).
 * Otherwise the receive waits for a peer's send, which wakes the NIC:
 * a process that takes its message and posts the next receive, as every
 * ping-pong does, would else wake a NIC it has nothing for.
 *
 * Completion doorbells kick nothing.  The NIC never waits for one: the
 * completion ring has room for a completion of every entry both rings
 * hold, and an arm matters only when a completion is written, which the
 * NIC does awake, reading the arm as it does.
 */
static inline int rig_qp_kick(struct rig_qp *qp, bool rq, const char *call)
{
	if (__builtin_expect(!qp->status, 1))
		return 0;
	return rig_qp_kick_slow(qp, rq, call);
}

/* The queue pair's state as its completions have shown it: RIG_QP_*. */
static int rig_qp_tracked_state(const struct rig_qp *qp)
{
	return atomic_load_explicit(&qp->state, memory_order_relaxed);
}

/* Layout of the queue pair's structure and its shadow tables. */

static struct rig_qp *rig_qp_alloc(uint32_t entries)
{
	size_t size = (sizeof(struct rig_qp) + 63) / 64 * 64;
	struct rig_qp *qp = aligned_alloc(64, size);

	if (!qp)
		return NULL;
	memset(qp, 0, size);
	qp->entries = entries;
	return qp;
}

/* The shadow entries of the rings' slots, once the kernel said how many. */
static int rig_qp_alloc_shadows(struct rig_qp *qp)
{
	qp->sq_shadow = calloc((size_t)qp->sq_slots + qp->rq_slots, sizeof(*qp->sq_shadow));
	if (!qp->sq_shadow)
		return rig_fail(-ENOMEM, "rig_qp_make: out of memory");
	qp->rq_shadow = qp->sq_shadow + qp->sq_slots;
	return 0;
}

/*
 * Free @qp and, with @unmap, unmap its rings and let go of its doorbell
 * pages (entries of @qp->db_page never taken are NULL).  Without, as in a
 * child of fork() closing the NIC, the pages are left to
 * rig_db_pages_free().
 */
static void rig_qp_free(struct rig_qp *qp, int unmap)
{
	int i;

	if (unmap) {
		for (i = 0; i < RIG_DB_PAGES; i++)
			if (qp->db_page[i])
				rig_db_page_put(qp->nic, qp->db_page[i]);
		if (qp->map)
			munmap(qp->map, qp->map_bytes);
	}
	free(qp->sq_shadow);
	free(qp);
}

/* Do @bytes at @offset lie in @total, @offset a multiple of @align? */
static bool rig_place_ok(uint64_t offset, uint64_t align, uint64_t bytes, uint64_t total)
{
	return offset % align == 0 && offset <= total && bytes <= total - offset;
}

/*
 * Does a ring of @slots keep @reserve + 1 slots beyond @entries
 * outstanding, within RIG_QP_SLOTS_MAX (the static_asserts above)?
 */
static bool rig_ring_slots_ok(uint32_t slots, uint32_t entries, uint32_t reserve)
{
	return slots >= entries + reserve + 1 && slots <= RIG_QP_SLOTS_MAX &&
	       (slots & (slots - 1)) == 0;
}

/* Does the kernel's description of a queue pair of @entries match what we write? */
static bool rig_qp_layout_ok(const struct rig_bnxt_create_qp *cmd, uint32_t entries)
{
	const uint64_t psn_size = sizeof(struct rig_bnxt_sq_psn_search_ext);
	uint64_t sq = (uint64_t)cmd->sq_slots * RIG_BNXT_ENTRY_SIZE;
	uint64_t rq = (uint64_t)cmd->rq_slots * RIG_BNXT_ENTRY_SIZE;
	uint64_t total = cmd->mmap_bytes;

	return cmd->cq_entries == 2 * entries + RIG_BNXT_CQ_SLACK && cmd->qpn <= RIG_BNXT_DBC_XID_MASK &&
	       cmd->cqn <= RIG_BNXT_DBC_XID_MASK && cmd->psn <= RIG_BNXT_PSN_MASK &&
	       cmd->mtu >= 256 &&
	       rig_ring_slots_ok(cmd->sq_slots, entries, RIG_BNXT_SQ_RESERVE) &&
	       rig_ring_slots_ok(cmd->rq_slots, entries, 0) &&
	       rig_place_ok(cmd->sq_offset, RIG_BNXT_ENTRY_SIZE, sq, total) &&
	       rig_place_ok(cmd->psn_offset, psn_size, cmd->sq_slots * psn_size, total) &&
	       rig_place_ok(cmd->rq_offset, RIG_BNXT_ENTRY_SIZE, rq, total) &&
	       rig_place_ok(cmd->cq_offset, RIG_BNXT_CQE_SIZE,
			    (uint64_t)cmd->cq_entries * RIG_BNXT_CQE_SIZE, total);
}

/* Map the rings the kernel made for @qp and remember what it said. */
static int rig_qp_map(struct rig_bnxt *nic, struct rig_qp *qp,
		      const struct rig_bnxt_create_qp *cmd)
{
	unsigned char *map;

	if (!rig_qp_layout_ok(cmd, qp->entries))
		return rig_fail(-EPROTO,
				"rig_qp_make: %s describes queue pair rings this library does not understand; install a module and library of one version",
				nic->name);
	map = mmap(NULL, cmd->mmap_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, nic->fd,
		   (off_t)cmd->mmap_offset);
	if (map == MAP_FAILED)
		return rig_nic_error(nic, "rig_qp_make: mmap", errno);
	qp->map = map;
	qp->map_bytes = cmd->mmap_bytes;
	qp->sq = map + cmd->sq_offset;
	qp->psn = map + cmd->psn_offset;
	qp->rq = map + cmd->rq_offset;
	qp->cq = map + cmd->cq_offset;
	qp->cq_entries = cmd->cq_entries;
	qp->sq_slots = cmd->sq_slots;
	qp->rq_slots = cmd->rq_slots;
	qp->cqn = cmd->cqn;
	qp->handle = cmd->handle;
	qp->self = (struct rig_endpoint){
		.qp = cmd->qpn, .psn = cmd->psn, .mtu = cmd->mtu, .nic = cmd->nic,
	};
	memcpy(qp->self.address, cmd->address, sizeof(qp->self.address));
	qp->sq_psn = cmd->psn;
	return 0;
}

/*
 * Map the three doorbell pages of @qp, each distinct page once (doorbell.c
 * shares them with the NIC's other queue pairs).  On failure the pages
 * taken stay in @qp->db_page for rig_qp_free() to give back.
 */
static int rig_qp_map_doorbells(struct rig_bnxt *nic, struct rig_qp *qp,
				const struct rig_bnxt_create_qp *cmd)
{
	const uint64_t offset[RIG_DB_PAGES] = {
		[RIG_DB_SQ] = cmd->sq_db_offset,
		[RIG_DB_RQ] = cmd->rq_db_offset,
		[RIG_DB_CQ] = cmd->cq_db_offset,
	};
	int i, err;

	for (i = 0; i < RIG_DB_PAGES; i++) {
		err = rig_db_page_get(nic, "rig_qp_make: doorbell page", offset[i],
				      &qp->db_page[i]);
		if (err)
			return err;
	}
	qp->sq_db = qp->db_page[RIG_DB_SQ]->map;
	qp->rq_db = qp->db_page[RIG_DB_RQ]->map;
	qp->cq_db = qp->db_page[RIG_DB_CQ]->map;
	qp->status = nic->status;
	qp->rq_wake = nic->flags & RIG_BNXT_QUERY_RQ_WAKE;
	return 0;
}

static int rig_qp_make_error(struct rig_bnxt *nic, uint32_t entries, int err)
{
	size_t sq_slots = 256, bytes;

	/* The kernel's rings, as RIG_BNXT_SQ_RESERVE sizes them: for the message. */
	while (sq_slots < (size_t)entries + RIG_BNXT_SQ_RESERVE + 1)
		sq_slots *= 2;
	bytes = (sq_slots + 2 * (size_t)entries) * RIG_BNXT_ENTRY_SIZE +
		sq_slots * sizeof(struct rig_bnxt_sq_psn_search_ext) +
		(2 * (size_t)entries + RIG_BNXT_CQ_SLACK) * RIG_BNXT_CQE_SIZE;

	switch (err) {
	case ENOMEM:
		return rig_memlock_error(nic, "rig_qp_make", bytes);
	case ENOSPC:
		return rig_fail(-err,
				"rig_qp_make: %s has no doorbell page or queue pair left; destroy some, or close other users of the NIC",
				nic->name);
	case EIO:
	case ETIMEDOUT:
		return rig_nic_refused(nic, "rig_qp_make", "the queue pair", err);
	case EOPNOTSUPP:
		if (rig_nic_said(nic, "rig_qp_make", err))
			return -err;
		break;
	}
	return rig_nic_error(nic, "rig_qp_make", err);
}

RIG_EXPORT int rig_qp_make(struct rig_bnxt *nic, uint32_t entries, struct rig_qp **qp)
{
	struct rig_bnxt_create_qp cmd = { .size = sizeof(cmd), .entries = entries };
	struct rig_bnxt_handle destroy = { .size = sizeof(destroy) };
	struct rig_qp *q;
	int err;

	if (entries < 2 || entries > RIG_QP_ENTRIES_MAX || (entries & (entries - 1)))
		return rig_fail(-EINVAL, "rig_qp_make: %u entries: not a power of two from 2 to %d",
				entries, RIG_QP_ENTRIES_MAX);
	if (!nic || !qp)
		return rig_fail(-EINVAL, "rig_qp_make: NULL argument");
	if (rig_forked(nic))
		return rig_fork_error(nic, "rig_qp_make");
	if (entries > nic->max_entries)
		return rig_fail(-EINVAL, "rig_qp_make: %u entries: more than the %u %s allows",
				entries, nic->max_entries, nic->name);
	q = rig_qp_alloc(entries);
	if (!q)
		return rig_fail(-ENOMEM, "rig_qp_make: out of memory");
	q->nic = nic;
	cmd.qp_handle = rig_qp_cookie(q);
	err = rig_cmd(nic, RIG_BNXT_CREATE_QP, &cmd);
	if (err) {
		rig_qp_free(q, 0);
		return rig_qp_make_error(nic, entries, err);
	}
	err = rig_qp_map(nic, q, &cmd);
	if (!err)
		err = rig_qp_alloc_shadows(q);
	if (!err)
		err = rig_qp_map_doorbells(nic, q, &cmd);
	if (err) {
		destroy.handle = cmd.handle;
		rig_cmd(nic, RIG_BNXT_DESTROY_QP, &destroy);
		rig_qp_free(q, 1);
		return err;
	}
	atomic_init(&q->state, RIG_QP_RESET);
	q->next = nic->qps;
	nic->qps = q;
	*qp = q;
	return 0;
}

/* The checks of every call on a queue pair; 0 or the error. */
static int rig_qp_check(const struct rig_qp *qp, const char *call)
{
	if (!qp)
		return rig_fail(-EINVAL, "%s: NULL queue pair", call);
	if (rig_forked(qp->nic))
		return rig_fork_error(qp->nic, call);
	return 0;
}

RIG_EXPORT int rig_qp_endpoint(const struct rig_qp *qp, struct rig_endpoint *e)
{
	int ret = rig_qp_check(qp, "rig_qp_endpoint");

	if (ret)
		return ret;
	if (!e)
		return rig_fail(-EINVAL, "rig_qp_endpoint: NULL endpoint");
	*e = qp->self;
	return 0;
}

/* Is @peer an endpoint a queue pair can connect to?  0 or -EINVAL. */
static int rig_qp_peer_check(const struct rig_qp *qp, const struct rig_endpoint *peer)
{
	if (!peer)
		return rig_fail(-EINVAL, "rig_qp_connect: NULL endpoint");
	if (qp->connected)
		return rig_fail(-EINVAL, "rig_qp_connect: queue pair %u is connected already",
				qp->self.qp);
	if (peer->mtu < 256)
		return rig_fail(-EINVAL, "rig_qp_connect: the peer's MTU of %u bytes is under 256",
				peer->mtu);
	if (peer->qp > RIG_BNXT_DBC_XID_MASK || peer->psn > 0xffffff)
		return rig_fail(-EINVAL,
				"rig_qp_connect: the peer's queue pair number %#x (20 bits) or sequence number %#x (24 bits) is too wide",
				peer->qp, peer->psn);
	return 0;
}

/*
 * Is @mtu, the kernel's answer, a path MTU for a peer of @theirs: a power
 * of two from 256 to 4096, no more than theirs?
 */
static bool rig_path_mtu_ok(uint32_t mtu, uint32_t theirs)
{
	return mtu >= 256 && mtu <= 4096 && (mtu & (mtu - 1)) == 0 && mtu <= theirs;
}

RIG_EXPORT int rig_qp_connect(struct rig_qp *qp, const struct rig_endpoint *peer)
{
	struct rig_bnxt_connect_qp cmd = { .size = sizeof(cmd) };
	int err = rig_qp_check(qp, "rig_qp_connect");

	if (!err)
		err = rig_qp_peer_check(qp, peer);
	if (err)
		return err;
	cmd.handle = qp->handle;
	cmd.peer_nic = peer->nic;
	cmd.peer_qpn = peer->qp;
	cmd.peer_psn = peer->psn;
	cmd.peer_mtu = peer->mtu;
	memcpy(cmd.peer_address, peer->address, sizeof(cmd.peer_address));
	err = rig_cmd(qp->nic, RIG_BNXT_CONNECT_QP, &cmd);
	if (err == EINVAL)
		return rig_fail(-EINVAL, "rig_qp_connect: %s refused queue pair %u of NIC %#llx as a peer",
				qp->nic->name, peer->qp, (unsigned long long)peer->nic);
	if (err == EIO || err == ETIMEDOUT)
		return rig_nic_refused(qp->nic, "rig_qp_connect", "the connection", err);
	if (err)
		return rig_nic_error(qp->nic, "rig_qp_connect", err);
	/* The kernel's, taken at connect: what the NIC counts packets by. */
	if (!rig_path_mtu_ok(cmd.path_mtu, peer->mtu))
		return rig_fail(-EPROTO,
				"rig_qp_connect: %s answered a path MTU of %u bytes; install a module and library of one version",
				qp->nic->name, cmd.path_mtu);
	qp->peer = *peer;
	qp->mtu_shift = 31u - (unsigned int)__builtin_clz(cmd.path_mtu);
	qp->connected = true;
	atomic_store_explicit(&qp->state, RIG_QP_READY, memory_order_relaxed);
	return 0;
}

/* Posting */

/*
 * The checks of a post on the send ring, or on the receive ring if
 * @receive: connected, and a free slot.  0 or the error.
 */
static int rig_qp_post_check(const struct rig_qp *qp, const char *call, bool receive)
{
	const _Atomic uint64_t *prod, *cons;
	uint64_t posted, taken;
	int ret = rig_qp_check(qp, call);

	if (ret)
		return ret;
	if (!qp->connected)
		return rig_fail(-EINVAL, "%s: the queue pair is not connected (rig_qp_connect() first)",
				call);
	prod = receive ? &qp->rq_prod : &qp->sq_prod;
	cons = receive ? &qp->rq_cons : &qp->sq_cons;
	posted = atomic_load_explicit(prod, memory_order_relaxed);
	/* Acquire: the poller has read the slot's shadow entry before. */
	taken = atomic_load_explicit(cons, memory_order_acquire);
	if (posted - taken >= qp->entries)
		return rig_fail(-EINVAL,
				"%s: the %s ring is full: its %u entries await their completions (rig_qp_poll())",
				call, receive ? "receive" : "send", qp->entries);
	return 0;
}

/* May @n bytes at @at of region @r be posted on @qp?  0 or the error. */
static int rig_qp_region_check(const struct rig_qp *qp, const char *call, const char *what,
			       const struct rig_region *r, size_t at, size_t n)
{
	if (!r)
		return rig_fail(-EINVAL, "%s: NULL %s region", call, what);
	if (r->nic != qp->nic)
		return rig_fail(-EINVAL,
				"%s: the %s region was registered through another rig_bnxt_open() than the queue pair (%s)",
				call, what, qp->nic->name);
	if (r->state == RIG_REGION_DEREGISTERED)
		return rig_fail(-EINVAL, "%s: the %s region is deregistered", call, what);
	if (r->state == RIG_REGION_BROKEN)
		return rig_fail(-EIO,
				"%s: the %s region is broken (its deregister failed); it lasts until the NIC is closed",
				call, what);
	if (n > RIG_QP_BYTES_MAX)
		return rig_fail(-EINVAL, "%s: %zu bytes, more than %u", call, n, RIG_QP_BYTES_MAX);
	if (at > r->bytes || n > r->bytes - at)
		return rig_fail(-EINVAL, "%s: %zu bytes at %zu do not lie in the %s region's %zu",
				call, n, at, what, r->bytes);
	return 0;
}

/* The checks of a send or a receive of @n bytes at @at of @r: 0 or the error. */
static int rig_qp_post_checks(const struct rig_qp *qp, const char *call, bool receive,
			      const struct rig_region *r, size_t at, size_t n)
{
	int ret = rig_qp_post_check(qp, call, receive);

	if (ret)
		return ret;
	return rig_qp_region_check(qp, call, receive ? "destination" : "source", r, at, n);
}

static struct rig_bnxt_local rig_qp_local(const struct rig_region *r, size_t at, size_t n)
{
	return (struct rig_bnxt_local){ .address = at, .bytes = (uint32_t)n, .key = r->key };
}

/*
 * Write a send-ring entry, SEND or (with @remote) READ, its PSN search
 * entry and its shadow, then publish it to the poller.  The caller checked
 * everything the unchecked encoders assume: one element, of at most
 * RIG_QP_BYTES_MAX bytes; the slot is below @qp->sq_slots, so the entry
 * lies in the ring at a multiple of RIG_BNXT_ENTRY_SIZE, its PSN search
 * entry in the area at a multiple of 16, and its first slot fits 16 bits
 * (the static_assert above); the PSNs are 24 bits (rig_qp_make() checked
 * the first, the helper masks the others); connect set the MTU shift.
 */
static void rig_qp_post_sq(struct rig_qp *qp, enum rig_op op,
			   const struct rig_bnxt_remote *remote,
			   const struct rig_bnxt_local *local, uint64_t id)
{
	uint64_t prod = atomic_load_explicit(&qp->sq_prod, memory_order_relaxed);
	uint32_t slot = (uint32_t)(prod % qp->sq_slots);
	size_t at = (size_t)slot * RIG_BNXT_ENTRY_SIZE;
	uint8_t type = remote ? RIG_BNXT_SQ_WQE_TYPE_READ_WQE : RIG_BNXT_SQ_WQE_TYPE_SEND;
	uint32_t next_psn = bnxt_next_psn_unchecked(qp->sq_psn, local->bytes, qp->mtu_shift);

	if (remote)
		bnxt_put_read_unchecked(qp->sq, at, true, remote, local, 1);
	else
		bnxt_put_send_unchecked(qp->sq, at, true, local, 1);
	/* Before the SQ doorbell: rig_qp_doorbell()'s barrier orders it too. */
	bnxt_put_psn_search_unchecked(qp->psn, slot * sizeof(struct rig_bnxt_sq_psn_search_ext),
				      type, qp->sq_psn, next_psn,
				      (uint16_t)(slot * RIG_BNXT_ENTRY_SLOTS));
	qp->sq_psn = next_psn;
	qp->sq_shadow[slot] = (struct rig_qp_entry){ .id = id, .bytes = local->bytes, .op = op };
	/* Release: the entry and its shadow before the count the poller reads. */
	atomic_store_explicit(&qp->sq_prod, prod + 1, memory_order_release);
}

RIG_EXPORT int rig_qp_send(struct rig_qp *qp, struct rig_region *src, size_t at, size_t n,
			   uint64_t id)
{
	struct rig_bnxt_local local;
	int ret;

	ret = rig_qp_post_checks(qp, "rig_qp_send", false, src, at, n);
	if (ret)
		return ret;
	local = rig_qp_local(src, at, n);
	rig_qp_post_sq(qp, RIG_SEND, NULL, &local, id);
	return 0;
}

RIG_EXPORT int rig_qp_read(struct rig_qp *qp, struct rig_region *src, size_t src_at,
			   struct rig_region *dst, size_t dst_at, size_t n, uint64_t id)
{
	struct rig_bnxt_remote remote;
	struct rig_bnxt_local local;
	int ret;

	ret = rig_qp_post_check(qp, "rig_qp_read", false);
	if (ret)
		return ret;
	if (qp->peer.nic != qp->self.nic)
		return rig_fail(-EINVAL,
				"rig_qp_read: the queue pair's peer is on another NIC; a region is read only by queue pairs of its own NIC");
	if (!n)
		return rig_fail(-EINVAL, "rig_qp_read: nothing to read (n is 0)");
	ret = rig_qp_region_check(qp, "rig_qp_read", "source", src, src_at, n);
	if (!ret)
		ret = rig_qp_region_check(qp, "rig_qp_read", "destination", dst, dst_at, n);
	if (ret)
		return ret;
	remote = (struct rig_bnxt_remote){ .address = src_at, .key = src->key };
	local = rig_qp_local(dst, dst_at, n);
	rig_qp_post_sq(qp, RIG_READ, &remote, &local, id);
	return 0;
}

RIG_EXPORT int rig_qp_read_remote(struct rig_qp *qp, struct rig_region *dst, size_t dst_at,
				  uint32_t key, uint64_t remote_at, size_t n, uint64_t id)
{
	struct rig_bnxt_remote remote;
	struct rig_bnxt_local local;
	int ret;

	ret = rig_qp_post_check(qp, "rig_qp_read_remote", false);
	if (ret)
		return ret;
	if (!n)
		return rig_fail(-EINVAL, "rig_qp_read_remote: nothing to read (n is 0)");
	ret = rig_qp_region_check(qp, "rig_qp_read_remote", "destination", dst, dst_at, n);
	if (ret)
		return ret;
	/* The key and the bytes are the peer NIC's to judge: a remote access error. */
	remote = (struct rig_bnxt_remote){ .address = remote_at, .key = key };
	local = rig_qp_local(dst, dst_at, n);
	rig_qp_post_sq(qp, RIG_READ, &remote, &local, id);
	return 0;
}

RIG_EXPORT int rig_qp_receive(struct rig_qp *qp, struct rig_region *dst, size_t at, size_t n,
			      uint64_t id)
{
	struct rig_bnxt_local local;
	uint64_t prod;
	uint32_t slot;
	int ret;

	ret = rig_qp_post_checks(qp, "rig_qp_receive", true, dst, at, n);
	if (ret)
		return ret;
	local = rig_qp_local(dst, at, n);
	prod = atomic_load_explicit(&qp->rq_prod, memory_order_relaxed);
	slot = (uint32_t)(prod % qp->rq_slots);
	/*
	 * The slot's position is its wr_id: the completion names the shadow
	 * entry.  Unchecked: rig_qp_post_checks() checked the region and the
	 * bytes of the one element; the slot lies in the ring, and its
	 * position fits the wr_id (the static_assert above).
	 */
	bnxt_put_receive_unchecked(qp->rq, (size_t)slot * RIG_BNXT_ENTRY_SIZE, slot, &local, 1);
	qp->rq_shadow[slot] = (struct rig_qp_entry){ .id = id, .bytes = local.bytes,
						     .op = RIG_RECEIVE };
	/* Release: the entry and its shadow before the count the poller reads. */
	atomic_store_explicit(&qp->rq_prod, prod + 1, memory_order_release);
	rig_qp_doorbell(qp->rq_db, qp->self.qp, RIG_BNXT_DBC_TYPE_RQ, prod + 1, qp->rq_slots);
	/*
	 * A sleeping NIC is woken for a receive only if it may have to
	 * complete it at once: flushed, when the queue pair failed (we may
	 * not have taken that completion yet, so only the NIC knows).
	 */
	return rig_qp_kick(qp, true, "rig_qp_receive");
}

RIG_EXPORT int rig_qp_ring(struct rig_qp *qp)
{
	uint64_t prod;
	int err = rig_qp_check(qp, "rig_qp_ring");

	if (err)
		return err;
	prod = atomic_load_explicit(&qp->sq_prod, memory_order_relaxed);
	if (prod == qp->sq_rung)
		return 0;
	qp->sq_rung = prod;
	rig_qp_doorbell(qp->sq_db, qp->self.qp, RIG_BNXT_DBC_TYPE_SQ, prod, qp->sq_slots);
	return rig_qp_kick(qp, false, "rig_qp_ring");
}

/* Completions */

/* The hardware's status codes as enum rig_status, requester and responder. */
static const unsigned char rig_req_status[] = {
	[RIG_BNXT_CQ_REQ_STATUS_OK] = RIG_STATUS_OK,
	[RIG_BNXT_CQ_REQ_STATUS_BAD_RESPONSE_ERR] = RIG_STATUS_BAD_RESPONSE,
	[RIG_BNXT_CQ_REQ_STATUS_LOCAL_LENGTH_ERR] = RIG_STATUS_LOCAL_LENGTH,
	[RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR] = RIG_STATUS_LOCAL_QP_OPERATION,
	[RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR] = RIG_STATUS_LOCAL_PROTECTION,
	[RIG_BNXT_CQ_REQ_STATUS_MEMORY_MGT_OPERATION_ERR] = RIG_STATUS_MEMORY_MANAGEMENT,
	[RIG_BNXT_CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR] = RIG_STATUS_REMOTE_INVALID_REQUEST,
	[RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR] = RIG_STATUS_REMOTE_ACCESS,
	[RIG_BNXT_CQ_REQ_STATUS_REMOTE_OPERATION_ERR] = RIG_STATUS_REMOTE_OPERATION,
	[RIG_BNXT_CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR] = RIG_STATUS_RNR_RETRY_EXCEEDED,
	[RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR] = RIG_STATUS_RETRY_EXCEEDED,
	[RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR] = RIG_STATUS_FLUSHED,
};

static const unsigned char rig_res_status[] = {
	[RIG_BNXT_CQ_RES_RC_STATUS_OK] = RIG_STATUS_OK,
	[RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_ACCESS_ERROR] = RIG_STATUS_LOCAL_ACCESS,
	[RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR] = RIG_STATUS_LOCAL_LENGTH,
	[RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR] = RIG_STATUS_LOCAL_PROTECTION,
	[RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_QP_OPERATION_ERR] = RIG_STATUS_LOCAL_QP_OPERATION,
	[RIG_BNXT_CQ_RES_RC_STATUS_MEMORY_MGT_OPERATION_ERR] = RIG_STATUS_MEMORY_MANAGEMENT,
	[RIG_BNXT_CQ_RES_RC_STATUS_REMOTE_INVALID_REQUEST_ERR] = RIG_STATUS_REMOTE_INVALID_REQUEST,
	[RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR] = RIG_STATUS_FLUSHED,
	[RIG_BNXT_CQ_RES_RC_STATUS_HW_FLUSH_ERR] = RIG_STATUS_FLUSHED,
};

#define RIG_COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int rig_status_of(const unsigned char *table, size_t count, uint8_t vendor)
{
	return vendor < count ? table[vendor] : RIG_STATUS_UNKNOWN;
}

/* Fill @c from the shadow entry @e and the hardware status @vendor. */
static void rig_qp_complete(struct rig_completion *c, const struct rig_qp_entry *e,
			    int status, uint8_t vendor, uint32_t bytes)
{
	*c = (struct rig_completion){
		.id = e->id,
		.op = (enum rig_op)e->op,
		.status = status,
		.bytes = status == RIG_STATUS_OK ? bytes : 0,
		.vendor = vendor,
	};
}

/*
 * The slots of the entries taken so far may be posted again.  Called
 * after rig_qp_give_back() rang the doorbell that gives their completions
 * back, so the NIC has room for the completions of what is posted next.
 */
static void rig_qp_publish(struct rig_qp *qp)
{
	/*
	 * Only a count that moved is stored: an empty poll leaves the
	 * poster's cache line alone.  Relaxed loads: the poller is the only
	 * writer.  Release: the shadow entries are read before the poster
	 * reuses them.
	 */
	if (atomic_load_explicit(&qp->sq_cons, memory_order_relaxed) != qp->sq_taken)
		atomic_store_explicit(&qp->sq_cons, qp->sq_taken, memory_order_release);
	if (atomic_load_explicit(&qp->rq_cons, memory_order_relaxed) != qp->rq_taken)
		atomic_store_explicit(&qp->rq_cons, qp->rq_taken, memory_order_release);
}

/*
 * The oldest outstanding entry of the send ring, or of the receive ring
 * if @receive, the @cons-th, has completed with @status, the NIC's
 * @vendor status and, for a receive, @bytes landed (a send reports the
 * bytes it posted).  Fill @c from its shadow entry and count it taken;
 * its slot is posted again after rig_qp_publish().  The caller checked
 * that the entry is outstanding.
 */
static void rig_qp_retire(struct rig_qp *qp, bool receive, uint64_t cons, int status,
			  uint8_t vendor, uint32_t bytes, struct rig_completion *c)
{
	const struct rig_qp_entry *e = (receive ? qp->rq_shadow : qp->sq_shadow) +
				       cons % (receive ? qp->rq_slots : qp->sq_slots);

	rig_qp_complete(c, e, status, vendor, receive ? bytes : e->bytes);
	*(receive ? &qp->rq_taken : &qp->sq_taken) = cons + 1;
}

/*
 * Entries of the send ring or, with @receive, of the receive ring that
 * are posted and not yet completed; *@cons the oldest's count.
 */
static uint64_t rig_qp_outstanding(const struct rig_qp *qp, bool receive, uint64_t *cons)
{
	/* Acquire: the shadow entries of every posted entry are visible. */
	uint64_t prod = atomic_load_explicit(receive ? &qp->rq_prod : &qp->sq_prod,
					     memory_order_acquire);

	*cons = receive ? qp->rq_taken : qp->sq_taken;
	return prod - *cons;
}

/*
 * Send entries a completion naming send-ring position @idx retires, the
 * oldest (the @cons-th) first: every entry before the position.  The
 * index is the NIC's 16-bit counter, taken modulo the ring (whose size
 * divides 65536).  A position at the oldest's own retires none, or a
 * whole lap when @lap and the ring is full.
 */
static uint64_t rig_qp_sq_covered(const struct rig_qp *qp, uint16_t idx, uint64_t cons,
				  uint64_t outstanding, bool lap)
{
	uint64_t n = ((uint64_t)idx + qp->sq_slots - cons % qp->sq_slots) % qp->sq_slots;

	return !n && lap && outstanding == qp->sq_slots ? qp->sq_slots : n;
}

/*
 * A requester completion naming send-ring position @idx: complete the
 * oldest send entry.  The NIC aggregates: the completion retires every
 * entry before @idx, all but the last as succeeded, the last with
 * @status.  The completion stays in the ring until its last entry is
 * taken, so each call hands out one entry and a batch of one works:
 * *@done says whether it was the last.  An @idx outside the entries
 * outstanding is -EPROTO, and nothing is taken.
 */
static int rig_qp_take_send(struct rig_qp *qp, const char *call, uint16_t idx, int status,
			    uint8_t vendor, struct rig_completion *c, bool *done)
{
	uint64_t cons, outstanding = rig_qp_outstanding(qp, false, &cons);
	uint64_t n = rig_qp_sq_covered(qp, idx, cons, outstanding, true);

	if (!outstanding)
		return rig_fail(-EPROTO, "%s: %s completed a send with none outstanding",
				call, qp->nic->name);
	if (!n || n > outstanding)
		return rig_fail(-EPROTO,
				"%s: %s completed send-ring position %u (of %u), outside the %llu entries outstanding from %u",
				call, qp->nic->name, idx, qp->sq_slots,
				(unsigned long long)outstanding,
				(uint32_t)(cons % qp->sq_slots));
	*done = n == 1;
	if (!*done) {
		status = RIG_STATUS_OK;
		vendor = RIG_BNXT_CQ_REQ_STATUS_OK;
	}
	rig_qp_retire(qp, false, cons, status, vendor, 0, c);
	return 0;
}

/*
 * A responder completion naming receive-ring position @pos, which must be
 * the oldest outstanding receive's: complete it.
 */
static int rig_qp_take_receive(struct rig_qp *qp, const char *call, uint32_t pos, int status,
			       uint8_t vendor, uint32_t bytes, struct rig_completion *c)
{
	uint64_t cons, outstanding = rig_qp_outstanding(qp, true, &cons);
	uint32_t expected = (uint32_t)(cons % qp->rq_slots);

	if (!outstanding)
		return rig_fail(-EPROTO, "%s: %s completed a receive with none outstanding",
				call, qp->nic->name);
	if (pos != expected)
		return rig_fail(-EPROTO, "%s: %s completed receive-ring position %u, but the oldest outstanding is at %u",
				call, qp->nic->name, pos, expected);
	if (status == RIG_STATUS_OK && bytes > qp->rq_shadow[expected].bytes)
		return rig_fail(-EPROTO, "%s: %s landed %u bytes in a receive of %u", call,
				qp->nic->name, bytes, qp->rq_shadow[expected].bytes);
	rig_qp_retire(qp, true, cons, status, vendor, bytes, c);
	return 0;
}

/*
 * The queue pair has failed: from now on the library completes every
 * outstanding entry itself (rig_qp_flush_one()), for the NIC does not.
 */
static void rig_qp_fail(struct rig_qp *qp)
{
	atomic_store_explicit(&qp->state, RIG_QP_ERROR, memory_order_relaxed);
}

/*
 * A terminal completion: the NIC writes nothing more for the queue pair.
 * Send entries before position @idx (unless RIG_BNXT_CQ_TERMINAL_NO_INDEX)
 * succeeded and are handed out first, one per call as for an aggregated
 * requester completion; then the queue pair is in error, and the rest is
 * flushed.  1 with a completion in @c, 0 with none (*@done then), or
 * -EPROTO for an @idx outside the send entries outstanding.
 */
static int rig_qp_take_terminal(struct rig_qp *qp, const char *call, uint16_t idx,
				struct rig_completion *c, bool *done)
{
	uint64_t cons, outstanding = rig_qp_outstanding(qp, false, &cons);
	uint64_t n = idx == RIG_BNXT_CQ_TERMINAL_NO_INDEX ? 0 :
		     rig_qp_sq_covered(qp, idx, cons, outstanding, false);

	if (n > outstanding)
		return rig_fail(-EPROTO,
				"%s: %s ended the queue pair at send-ring position %u (of %u), outside the %llu entries outstanding from %u",
				call, qp->nic->name, idx, qp->sq_slots,
				(unsigned long long)outstanding,
				(uint32_t)(cons % qp->sq_slots));
	*done = n <= 1;
	if (n)
		rig_qp_retire(qp, false, cons, RIG_STATUS_OK, RIG_BNXT_CQ_REQ_STATUS_OK, 0, c);
	if (*done)
		rig_qp_fail(qp);
	return n ? 1 : 0;
}

/* The completion at @qp's consumer: 1 and @hc when there is a new one, 0, or -EPROTO. */
static int rig_qp_peek(const struct rig_qp *qp, struct rig_bnxt_completion *hc)
{
	/*
	 * rig_qp_make() checked that the ring holds @cq_entries (not 0)
	 * completions: @at lies in it, a multiple of RIG_BNXT_CQE_SIZE.
	 */
	size_t at = (size_t)(qp->cq_cons % qp->cq_entries) * RIG_BNXT_CQE_SIZE;
	unsigned int phase = bnxt_completion_phase_unchecked(qp->cq_cons, qp->cq_entries);

	return bnxt_get_completion_unchecked(qp->cq, at, phase, hc);
}

/*
 * Complete the oldest outstanding entry of a queue pair in error as
 * flushed, sends before receives: 1, or 0 when none is left.  The NIC
 * completes the failing entry and may write flush completions of its own
 * and a terminal one; every completion it wrote is taken first and
 * ignored, so the ring keeps its room and each entry completes once.
 */
static int rig_qp_flush_one(struct rig_qp *qp, struct rig_completion *c)
{
	struct rig_bnxt_completion hc;
	uint64_t cons;

	while (rig_qp_peek(qp, &hc))
		qp->cq_cons++;
	if (rig_qp_outstanding(qp, false, &cons)) {
		rig_qp_retire(qp, false, cons, RIG_STATUS_FLUSHED,
			      RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, 0, c);
		return 1;
	}
	if (rig_qp_outstanding(qp, true, &cons)) {
		rig_qp_retire(qp, true, cons, RIG_STATUS_FLUSHED,
			      RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR, 0, c);
		return 1;
	}
	return 0;
}

/*
 * Hand out the next entry the completion @hc completes: 1 with @c filled,
 * 0 for a terminal completion that names no send entry, or the error.
 * *@done: the completion is spent and leaves the ring.
 */
static int rig_qp_take_hw(struct rig_qp *qp, const char *call,
			  const struct rig_bnxt_completion *hc, struct rig_completion *c,
			  bool *done)
{
	int ret;

	*done = true;
	switch (hc->type) {
	case RIG_BNXT_CQ_BASE_CQE_TYPE_REQ:
		ret = rig_qp_take_send(qp, call, hc->sq_cons_idx,
				       rig_status_of(rig_req_status, RIG_COUNT(rig_req_status),
						     hc->status), hc->status, c, done);
		break;
	case RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC:
		ret = rig_qp_take_receive(qp, call, hc->wr_id,
					  rig_status_of(rig_res_status, RIG_COUNT(rig_res_status),
							hc->status), hc->status, hc->bytes, c);
		break;
	default:
		return rig_qp_take_terminal(qp, call, hc->sq_cons_idx, c, done);
	}
	return ret ? ret : 1;
}

/*
 * Take the next completion without giving its slot back to the NIC: 1, 0
 * when there is none, or the error.  The caller rings the completion
 * ring's doorbell once for all it took (rig_qp_give_back()).
 */
static int rig_qp_take_one(struct rig_qp *qp, const char *call, struct rig_completion *c)
{
	struct rig_bnxt_completion hc;
	bool done;
	int ret;

	if (rig_qp_tracked_state(qp) == RIG_QP_ERROR)
		return rig_qp_flush_one(qp, c);
	ret = rig_qp_peek(qp, &hc);
	if (ret == 0)
		return 0;
	if (ret < 0) {
		size_t at = (size_t)(qp->cq_cons % qp->cq_entries) * RIG_BNXT_CQE_SIZE;

		return rig_fail(-EPROTO, "%s: %s wrote a completion of type %u, which rig never asks for",
				call, qp->nic->name,
				(qp->cq[at + offsetof(struct rig_bnxt_cq_base, cqe_type_toggle)] &
				 RIG_BNXT_CQ_BASE_CQE_TYPE_MASK) >> RIG_BNXT_CQ_BASE_CQE_TYPE_SFT);
	}
	if (hc.qp_handle != rig_qp_cookie(qp))
		return rig_fail(-EPROTO, "%s: %s wrote a completion of another queue pair (%#llx)",
				call, qp->nic->name, (unsigned long long)hc.qp_handle);
	ret = rig_qp_take_hw(qp, call, &hc, c, &done);
	if (ret < 0)
		return ret;
	if (done)
		qp->cq_cons++;
	if (!ret)
		return rig_qp_flush_one(qp, c);
	if (c->status != RIG_STATUS_OK)
		rig_qp_fail(qp);
	return 1;
}

/* The completions taken so far may be written again: one doorbell for all. */
static void rig_qp_give_back(struct rig_qp *qp)
{
	rig_qp_doorbell(qp->cq_db, qp->cqn, RIG_BNXT_DBC_TYPE_CQ, qp->cq_cons, qp->cq_entries);
}

/*
 * Take the next completion: 1, 0 when there is none, or the error.  A
 * queue pair in error may take completions it ignores and hand out none.
 */
static int rig_qp_take(struct rig_qp *qp, const char *call, struct rig_completion *c)
{
	uint64_t before = qp->cq_cons;
	int ret = rig_qp_take_one(qp, call, c);

	if (qp->cq_cons != before)
		rig_qp_give_back(qp);
	rig_qp_publish(qp);
	return ret;
}

/*
 * Take up to @n completions into @c: how many, or the error if the first
 * one failed.  A later failure ends the batch early; it is reported by
 * the next call, as the completion stays where it is.
 */
static int rig_qp_take_batch(struct rig_qp *qp, const char *call, struct rig_completion *c,
			     unsigned int n)
{
	uint64_t before = qp->cq_cons;
	unsigned int i;
	int ret = 0;

	for (i = 0; i < n; i++) {
		ret = rig_qp_take_one(qp, call, &c[i]);
		if (ret != 1)
			break;
	}
	if (qp->cq_cons != before)
		rig_qp_give_back(qp);
	rig_qp_publish(qp);
	if (i == 0 && ret < 0)
		return ret;
	return (int)i;
}

RIG_EXPORT int rig_qp_poll(struct rig_qp *qp, struct rig_completion *c)
{
	int ret = rig_qp_check(qp, "rig_qp_poll");

	if (ret)
		return ret;
	if (!c)
		return rig_fail(-EINVAL, "rig_qp_poll: NULL completion");
	return rig_qp_take(qp, "rig_qp_poll", c);
}

RIG_EXPORT int rig_qp_poll_batch(struct rig_qp *qp, struct rig_completion *c, unsigned int n)
{
	int ret = rig_qp_check(qp, "rig_qp_poll_batch");

	if (ret)
		return ret;
	if (!c)
		return rig_fail(-EINVAL, "rig_qp_poll_batch: NULL completions");
	if (!n || n > RIG_QP_POLL_BATCH_MAX)
		return rig_fail(-EINVAL, "rig_qp_poll_batch: %u completions asked for: 1 to %d",
				n, RIG_QP_POLL_BATCH_MAX);
	return rig_qp_take_batch(qp, "rig_qp_poll_batch", c, n);
}

/* Waiting */

/* Is @qp in error with every entry posted on it completed and taken? */
static bool rig_qp_spent(struct rig_qp *qp)
{
	return rig_qp_tracked_state(qp) == RIG_QP_ERROR &&
	       atomic_load_explicit(&qp->sq_prod, memory_order_acquire) == qp->sq_taken &&
	       atomic_load_explicit(&qp->rq_prod, memory_order_acquire) == qp->rq_taken;
}

/* Milliseconds from now to @deadline, rounded up; 0 once it has passed. */
static int rig_ms_left(const struct timespec *deadline)
{
	struct timespec now;
	long long ns;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ns = (long long)(deadline->tv_sec - now.tv_sec) * 1000000000LL +
	     (deadline->tv_nsec - now.tv_nsec);
	if (ns <= 0)
		return 0;
	return ns / 1000000 >= INT_MAX ? INT_MAX : (int)((ns + 999999) / 1000000);
}

/* Arm the completion ring: the NIC raises an event at its next completion. */
static void rig_qp_arm_ring(struct rig_qp *qp)
{
	rig_qp_doorbell(qp->cq_db, qp->cqn, RIG_BNXT_DBC_TYPE_CQ_ARMALL, qp->cq_cons,
			qp->cq_entries);
	/*
	 * Full barrier: the arm before our second look at the ring, against
	 * the NIC's completion store before its look at the arm: either we
	 * see the completion or the NIC sees the arm and raises the event.
	 */
	atomic_thread_fence(memory_order_seq_cst);
}

/*
 * Arm the completion ring and look at it once more: 1 with a completion
 * taken, 0 when there is still none.
 */
static int rig_qp_arm_take(struct rig_qp *qp, struct rig_completion *c)
{
	rig_qp_arm_ring(qp);
	return rig_qp_take(qp, "rig_qp_wait", c);
}

/*
 * Is a completion at hand for the next poll to take or report?  In
 * @qp's ring, or, in error, an entry the library flushes.
 */
static bool rig_qp_at_hand(const struct rig_qp *qp)
{
	struct rig_bnxt_completion hc;
	uint64_t cons;

	if (rig_qp_tracked_state(qp) == RIG_QP_ERROR)
		return rig_qp_outstanding(qp, false, &cons) || rig_qp_outstanding(qp, true, &cons);
	return rig_qp_peek(qp, &hc) != 0;
}

/*
 * The longest one RIG_BNXT_WAIT sleeps when the caller set no limit: the
 * loop of rig_qp_wait() then sleeps again.  A bound, so no value of the
 * kernel's timeout_ms has to mean "forever".
 */
#define RIG_WAIT_CHUNK_MS 60000

/*
 * Sleep in RIG_BNXT_WAIT until @qp's completion ring raises an event, for
 * at most @ms (negative: a chunk, and the caller sleeps again; 0: only
 * collect an event that came): 0 whether an event came or the time
 * passed (the caller looks at the ring either way), or the error, named
 * after @call.
 */
static int rig_qp_sleep(const struct rig_qp *qp, const char *call, int ms)
{
	struct rig_bnxt_wait cmd = {
		.size = sizeof(cmd), .handle = qp->handle,
		.timeout_ms = ms < 0 || ms > RIG_WAIT_CHUNK_MS ? RIG_WAIT_CHUNK_MS : (uint32_t)ms,
	};
	int err = rig_cmd(qp->nic, RIG_BNXT_WAIT, &cmd);

	switch (err) {
	case 0:
	case ETIMEDOUT:
		return 0;
	case EINTR:
		return rig_fail(-EINTR, "%s: interrupted by a signal", call);
	case EBADF:
		return rig_fail(-EBADF, "%s: the file of %s was closed under the queue pair", call,
				qp->nic->name);
	}
	return rig_nic_error(qp->nic, call, err);
}

/* The moment @ms milliseconds from now. */
static struct timespec rig_deadline(int ms)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	t.tv_sec += ms / 1000;
	t.tv_nsec += (long)(ms % 1000) * 1000000;
	if (t.tv_nsec >= 1000000000) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000;
	}
	return t;
}

/* A wait on a queue pair in error with nothing left would never end. */
static int rig_qp_spent_error(const char *call)
{
	return rig_fail(-EIO,
			"%s: the queue pair is in error and every entry posted on it has completed",
			call);
}

RIG_EXPORT int rig_qp_wait(struct rig_qp *qp, int ms, struct rig_completion *c)
{
	struct timespec deadline;
	int ret = rig_qp_check(qp, "rig_qp_wait");

	if (ret)
		return ret;
	if (!c)
		return rig_fail(-EINVAL, "rig_qp_wait: NULL completion");
	if (ms >= 0)
		deadline = rig_deadline(ms);
	for (;;) {
		int left = ms < 0 ? -1 : rig_ms_left(&deadline);

		ret = rig_qp_take(qp, "rig_qp_wait", c);
		if (!ret)
			ret = rig_qp_arm_take(qp, c);
		if (ret == 1)
			return 1;	/* taking it disarmed the ring */
		if (!ret && rig_qp_spent(qp))
			ret = rig_qp_spent_error("rig_qp_wait");
		if (!ret && left)
			ret = rig_qp_sleep(qp, "rig_qp_wait", left);
		if (ret || !left)
			break;
	}
	/*
	 * Disarm: no event for a ring nobody waits on.  (The model takes the
	 * latest doorbell as the ring's state; a NetXtreme function keeps an
	 * arm until the next completion fires it, which at worst leaves an
	 * event that the next wait collects at once, and that wait looks at
	 * the ring again and sleeps.)
	 */
	rig_qp_doorbell(qp->cq_db, qp->cqn, RIG_BNXT_DBC_TYPE_CQ, qp->cq_cons, qp->cq_entries);
	return ret;
}

RIG_EXPORT int rig_qp_arm(struct rig_qp *qp)
{
	int ret = rig_qp_check(qp, "rig_qp_arm");

	if (ret)
		return ret;
	/* The event of an earlier arm, so the file is readable only for a new one. */
	ret = rig_qp_sleep(qp, "rig_qp_arm", 0);
	if (ret)
		return ret;
	if (rig_qp_at_hand(qp))
		return 1;
	if (rig_qp_spent(qp))
		return rig_qp_spent_error("rig_qp_arm");
	rig_qp_arm_ring(qp);
	return rig_qp_at_hand(qp);
}

RIG_EXPORT int rig_qp_state(const struct rig_qp *qp)
{
	int ret = rig_qp_check(qp, "rig_qp_state");

	return ret ? ret : rig_qp_tracked_state(qp);
}

static const char *const rig_status_words[] = {
	[RIG_STATUS_OK] = "success",
	[RIG_STATUS_LOCAL_LENGTH] = "local length error: the message is longer than the receive it landed in",
	[RIG_STATUS_LOCAL_PROTECTION] = "local protection error: the NIC refused a local region's key or bytes",
	[RIG_STATUS_LOCAL_QP_OPERATION] = "local queue pair operation error",
	[RIG_STATUS_LOCAL_ACCESS] = "local access error: the receive's memory could not be written",
	[RIG_STATUS_MEMORY_MANAGEMENT] = "memory management operation error",
	[RIG_STATUS_REMOTE_INVALID_REQUEST] = "remote invalid request: the peer refused the message (its receive was too small)",
	[RIG_STATUS_REMOTE_ACCESS] = "remote access error: the peer's NIC refused the key or bytes read",
	[RIG_STATUS_REMOTE_OPERATION] = "remote operation error: the peer could not complete the operation",
	[RIG_STATUS_RNR_RETRY_EXCEEDED] = "receiver not ready: the peer posted no receive in time",
	[RIG_STATUS_RETRY_EXCEEDED] = "retries exceeded: the peer does not answer (destroyed, or never made)",
	[RIG_STATUS_FLUSHED] = "flushed: the queue pair was in error after an earlier failure",
	[RIG_STATUS_BAD_RESPONSE] = "bad response: the peer answered with a malformed response",
	[RIG_STATUS_UNKNOWN] = "unknown status: a hardware status rig does not know (see the vendor code)",
};

RIG_EXPORT const char *rig_status_message(int status)
{
	if (status < 0 || (size_t)status >= RIG_COUNT(rig_status_words))
		return "unknown status";
	return rig_status_words[status];
}

/* Destroying */

static void rig_qp_unlink(struct rig_qp *qp)
{
	struct rig_qp **link;

	for (link = &qp->nic->qps; *link; link = &(*link)->next)
		if (*link == qp) {
			*link = qp->next;
			return;
		}
}

RIG_EXPORT int rig_qp_destroy(struct rig_qp *qp)
{
	struct rig_bnxt_handle cmd = { .size = sizeof(cmd) };
	int err = rig_qp_check(qp, "rig_qp_destroy");

	if (err)
		return err;
	cmd.handle = qp->handle;
	err = rig_cmd(qp->nic, RIG_BNXT_DESTROY_QP, &cmd);
	if (err)
		return rig_nic_error(qp->nic, "rig_qp_destroy", err);
	rig_qp_unlink(qp);
	rig_qp_free(qp, 1);
	return 0;
}

void rig_qps_free(struct rig_bnxt *nic, int unmap)
{
	struct rig_qp *qp;

	while ((qp = nic->qps)) {
		nic->qps = qp->next;
		rig_qp_free(qp, unmap);
	}
}
