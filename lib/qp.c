// SPDX-License-Identifier: BSD-2-Clause
/*
 * Queue pairs: the rings a NIC lends the process, the entries written into
 * them, the doorbells that announce them and the completions read back.
 * This file owns struct rig_qp and everything done through one; the ring
 * formats are bnxt_hsi_inline.h's, whose unchecked helpers the post and
 * poll paths call once their own checks have passed; the device file and
 * its commands are bnxt.c's.
 *
 * Two threads may share a queue pair.  The poster owns the producer side:
 * the send and receive rings' slots, the shadow entries it fills, and the
 * SQ and RQ doorbells.  The poller owns the consumer side: the completion
 * ring and its doorbell.  They share nothing else than the four counters
 * below, C11 atomics, and the shadow entries the poster fills before it
 * publishes a producer count with a release store.
 */
#include <assert.h>
#include <endian.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
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
 * What the unchecked helpers of bnxt_hsi_inline.h assume, true of every
 * queue pair rig_qp_make() makes: a receive slot's position fits the
 * wr_id that names it, a position in any ring (the completion ring's
 * 2 * entries the largest) fits a doorbell's index, and the bytes of a
 * post fit an element's 32-bit size.
 */
static_assert(RIG_QP_ENTRIES_MAX - 1 <= RIG_BNXT_RQ_WR_ID_MASK,
	      "a receive slot's position fits the wr_id");
static_assert(2 * RIG_QP_ENTRIES_MAX - 1 <= RIG_BNXT_DBC_INDEX_MASK,
	      "a ring position fits the doorbell index");
static_assert(RIG_QP_BYTES_MAX <= UINT32_MAX, "a post's bytes fit an element's size");

/* What the library keeps of a posted entry, at the entry's ring position. */
struct rig_qp_entry {
	uint64_t id;
	uint32_t bytes;
	uint32_t op;		/* enum rig_op */
};

struct rig_qp {
	/* Set by rig_qp_make() and rig_qp_connect(), then only read. */
	struct rig_qp *next;		/* the NIC's list */
	struct rig_bnxt *nic;
	uint32_t handle;		/* the kernel's name for it */
	uint32_t entries;		/* of the send ring and of the receive ring */
	uint32_t cq_entries;		/* 2 * entries */
	bool connected;
	struct rig_endpoint self, peer;
	void *map;			/* doorbells and rings, one mapping */
	size_t map_bytes;
	struct rig_bnxt_qp_doorbells *db;
	unsigned char *sq, *rq, *cq;
	struct rig_qp_entry *sq_shadow, *rq_shadow;	/* @entries each */

	/*
	 * The poster's: entries posted.  Stored with release after the entry
	 * and its shadow are written; the poller loads them with acquire.
	 */
	alignas(64) _Atomic uint64_t sq_prod;
	_Atomic uint64_t rq_prod;
	uint64_t sq_rung;		/* sq_prod at the last SQ doorbell */

	/*
	 * The poller's: completions taken.  Stored with release after the
	 * shadow entry is read; the poster loads them with acquire before it
	 * reuses a slot.
	 */
	alignas(64) _Atomic uint64_t sq_cons;
	_Atomic uint64_t rq_cons;
	uint64_t cq_cons;		/* completions taken from the CQ */
};

/* A mapped 64-bit doorbell or 32-bit NIC word, as a C11 atomic. */
#define RIG_ATOMIC64(p) ((_Atomic uint64_t *)(p))
#define RIG_ATOMIC32(p) ((_Atomic uint32_t *)(p))

static uint64_t rig_qp_cookie(const struct rig_qp *qp)
{
	return (uintptr_t)qp;
}

/*
 * Ring a doorbell of @type saying ring position @count (of a ring of
 * @entries): its index and the lap parity as epoch.
 */
static void rig_qp_doorbell(const struct rig_qp *qp, void *reg, uint32_t type,
			    uint64_t count, uint32_t entries)
{
	/*
	 * Every field fits, unchecked: rig_qp_make() checked that the qpn
	 * fits the xid; the index is below @entries, which fits (the
	 * static_assert above); the epoch is one bit; callers pass SQ, RQ,
	 * CQ or CQ_ARMALL, and no toggle.
	 */
	const struct rig_bnxt_doorbell d = {
		.type = type,
		.xid = qp->self.qp,
		.index = (uint32_t)(count % entries),
		.epoch = (unsigned int)((count / entries) & 1),
	};
	uint64_t value = bnxt_make_doorbell_unchecked(&d);

	/*
	 * Release: the entries announced (SQ, RQ) are written, and the
	 * completions given back (CQ) are read, before the NIC sees this.
	 */
	atomic_store_explicit(RIG_ATOMIC64(reg), htole64(value), memory_order_release);
}

/*
 * Wake the engine if it said it sleeps, after a doorbell store: 0 or the
 * error of RIG_BNXT_KICK.
 */
static int rig_qp_kick(struct rig_qp *qp, const char *call)
{
	struct rig_bnxt_handle kick = { .size = sizeof(kick), .handle = qp->handle };
	int err;

	/*
	 * Full barrier: our doorbell store before our load of engine_idle,
	 * against the engine's store of engine_idle before its last look at
	 * the doorbells.  Either it sees the new doorbell or we see it idle.
	 */
	atomic_thread_fence(memory_order_seq_cst);
	if (!atomic_load_explicit(RIG_ATOMIC32(&qp->db->engine_idle), memory_order_relaxed))
		return 0;
	err = rig_cmd(qp->nic, RIG_BNXT_KICK, &kick);
	return err ? rig_nic_error(qp->nic, call, err) : 0;
}

/* The queue pair's state as the NIC last wrote it: RIG_BNXT_QP_STATE_*. */
static int rig_qp_nic_state(const struct rig_qp *qp)
{
	return (int)atomic_load_explicit(RIG_ATOMIC32(&qp->db->state), memory_order_acquire);
}

/* Layout of the queue pair's structure and its shadow tables. */

static struct rig_qp *rig_qp_alloc(uint32_t entries)
{
	size_t size = (sizeof(struct rig_qp) + 63) / 64 * 64;
	struct rig_qp *qp = aligned_alloc(64, size);

	if (!qp)
		return NULL;
	memset(qp, 0, size);
	qp->sq_shadow = calloc(2 * (size_t)entries, sizeof(*qp->sq_shadow));
	if (!qp->sq_shadow) {
		free(qp);
		return NULL;
	}
	qp->rq_shadow = qp->sq_shadow + entries;
	qp->entries = entries;
	return qp;
}

static void rig_qp_free(struct rig_qp *qp, int unmap)
{
	if (unmap && qp->map)
		munmap(qp->map, qp->map_bytes);
	free(qp->sq_shadow);
	free(qp);
}

static bool rig_span_ok(uint64_t offset, uint64_t bytes, uint64_t total)
{
	return offset <= total && bytes <= total - offset;
}

/* Does the kernel's description of the rings match what we write? */
static bool rig_qp_layout_ok(const struct rig_bnxt_create_qp *cmd)
{
	uint64_t ring = (uint64_t)cmd->entries * RIG_BNXT_ENTRY_SIZE;
	uint64_t total = cmd->mmap_bytes;

	return cmd->cq_entries == 2 * cmd->entries && cmd->qpn <= RIG_BNXT_DBC_XID_MASK &&
	       cmd->doorbells_offset % 8 == 0 &&
	       rig_span_ok(cmd->doorbells_offset, sizeof(struct rig_bnxt_qp_doorbells), total) &&
	       rig_span_ok(cmd->sq_offset, ring, total) &&
	       rig_span_ok(cmd->rq_offset, ring, total) &&
	       rig_span_ok(cmd->cq_offset, (uint64_t)cmd->cq_entries * RIG_BNXT_CQE_SIZE, total);
}

/* Map the rings the kernel made for @qp and remember what it said. */
static int rig_qp_map(struct rig_bnxt *nic, struct rig_qp *qp,
		      const struct rig_bnxt_create_qp *cmd)
{
	unsigned char *map;

	if (!rig_qp_layout_ok(cmd))
		return rig_fail(-EPROTO,
				"rig_qp_make: %s describes queue pair rings this library does not understand; install a module and library of one version",
				nic->name);
	map = mmap(NULL, cmd->mmap_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, nic->fd,
		   (off_t)cmd->mmap_offset);
	if (map == MAP_FAILED)
		return rig_nic_error(nic, "rig_qp_make: mmap", errno);
	qp->map = map;
	qp->map_bytes = cmd->mmap_bytes;
	qp->db = (struct rig_bnxt_qp_doorbells *)(map + cmd->doorbells_offset);
	qp->sq = map + cmd->sq_offset;
	qp->rq = map + cmd->rq_offset;
	qp->cq = map + cmd->cq_offset;
	qp->cq_entries = cmd->cq_entries;
	qp->handle = cmd->handle;
	qp->self = (struct rig_endpoint){
		.qp = cmd->qpn, .psn = cmd->psn, .mtu = cmd->mtu, .nic = cmd->nic,
	};
	memcpy(qp->self.address, cmd->address, sizeof(qp->self.address));
	return 0;
}

static int rig_qp_make_error(struct rig_bnxt *nic, uint32_t entries, int err)
{
	size_t bytes = 2 * (size_t)entries * RIG_BNXT_ENTRY_SIZE +
		       2 * (size_t)entries * RIG_BNXT_CQE_SIZE + nic->page;

	switch (err) {
	case ENOMEM:
		return rig_memlock_error(nic, "rig_qp_make", bytes);
	case EOPNOTSUPP:
		return rig_fail(-err, "rig_qp_make: %s has no queue pairs yet (only soft NICs do)",
				nic->name);
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
	if (err) {
		destroy.handle = cmd.handle;
		rig_cmd(nic, RIG_BNXT_DESTROY_QP, &destroy);
		rig_qp_free(q, 0);
		return err;
	}
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
	if (err)
		return rig_nic_error(qp->nic, "rig_qp_connect", err);
	qp->peer = *peer;
	qp->connected = true;
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
 * Write a send-ring entry, SEND or (with @remote) READ, and its shadow,
 * then publish it to the poller.  The caller checked everything the
 * unchecked encoders assume: one element, of at most RIG_QP_BYTES_MAX
 * bytes; the slot is below @qp->entries, so the entry lies in the ring at
 * a multiple of RIG_BNXT_ENTRY_SIZE.
 */
static void rig_qp_post_sq(struct rig_qp *qp, enum rig_op op,
			   const struct rig_bnxt_remote *remote,
			   const struct rig_bnxt_local *local, uint64_t id)
{
	uint64_t prod = atomic_load_explicit(&qp->sq_prod, memory_order_relaxed);
	uint32_t slot = (uint32_t)(prod % qp->entries);
	size_t at = (size_t)slot * RIG_BNXT_ENTRY_SIZE;

	if (remote)
		bnxt_put_read_unchecked(qp->sq, at, true, remote, local, 1);
	else
		bnxt_put_send_unchecked(qp->sq, at, true, local, 1);
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
	slot = (uint32_t)(prod % qp->entries);
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
	rig_qp_doorbell(qp, &qp->db->rq, RIG_BNXT_DBC_TYPE_RQ, prod + 1, qp->entries);
	/*
	 * A receive waits for a peer's send, which wakes the engine; but on
	 * a queue pair in error the engine flushes it by itself, so wake it.
	 * Full barrier: the doorbell store before the load of the state,
	 * against the engine's store of the state before its last look at
	 * the doorbells: if we miss the error, the engine sees the receive.
	 */
	atomic_thread_fence(memory_order_seq_cst);
	if (rig_qp_nic_state(qp) == RIG_BNXT_QP_STATE_ERROR)
		return rig_qp_kick(qp, "rig_qp_receive");
	return 0;
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
	rig_qp_doorbell(qp, &qp->db->sq, RIG_BNXT_DBC_TYPE_SQ, prod, qp->entries);
	return rig_qp_kick(qp, "rig_qp_ring");
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
 * The oldest entry of the send ring, or of the receive ring if @receive,
 * has completed: at ring position @pos (for a send, the position after
 * it), with @status, the NIC's @vendor status and, for a receive, @bytes
 * landed.  Fill @c from its shadow entry and give back its slot.
 */
static int rig_qp_take_entry(struct rig_qp *qp, const char *call, bool receive, uint32_t pos,
			     int status, uint8_t vendor, uint32_t bytes, struct rig_completion *c)
{
	_Atomic uint64_t *taken = receive ? &qp->rq_cons : &qp->sq_cons;
	uint64_t cons = atomic_load_explicit(taken, memory_order_relaxed);
	/* Acquire: the shadow entries of every posted entry are visible. */
	uint64_t prod = atomic_load_explicit(receive ? &qp->rq_prod : &qp->sq_prod,
					     memory_order_acquire);
	const struct rig_qp_entry *e = (receive ? qp->rq_shadow : qp->sq_shadow) +
				       cons % qp->entries;
	uint32_t expected = (uint32_t)((cons + !receive) % qp->entries);
	const char *ring = receive ? "receive" : "send";

	if (cons == prod)
		return rig_fail(-EPROTO, "%s: %s completed a %s with none outstanding",
				call, qp->nic->name, ring);
	if (pos != expected)
		return rig_fail(-EPROTO, "%s: %s completed %s-ring position %u, but the oldest outstanding is at %u",
				call, qp->nic->name, ring, pos, expected);
	if (!receive)
		bytes = e->bytes;
	else if (status == RIG_STATUS_OK && bytes > e->bytes)
		return rig_fail(-EPROTO, "%s: %s landed %u bytes in a receive of %u", call,
				qp->nic->name, bytes, e->bytes);
	rig_qp_complete(c, e, status, vendor, bytes);
	/* Release: the shadow entry is read before the poster may reuse it. */
	atomic_store_explicit(taken, cons + 1, memory_order_release);
	return 0;
}

/* Take the next completion: 1, 0 when there is none, or the error. */
static int rig_qp_take(struct rig_qp *qp, const char *call, struct rig_completion *c)
{
	/*
	 * rig_qp_make() checked that the ring holds @cq_entries (2 * entries,
	 * not 0) completions: @at lies in it, a multiple of RIG_BNXT_CQE_SIZE.
	 */
	size_t at = (size_t)(qp->cq_cons % qp->cq_entries) * RIG_BNXT_CQE_SIZE;
	unsigned int phase = bnxt_completion_phase_unchecked(qp->cq_cons, qp->cq_entries);
	struct rig_bnxt_completion hc;
	int ret;

	ret = bnxt_get_completion_unchecked(qp->cq, at, phase, &hc);
	if (ret == 0)
		return 0;
	if (ret < 0)
		return rig_fail(-EPROTO, "%s: %s wrote a completion of type %u, which rig never asks for",
				call, qp->nic->name,
				(qp->cq[at + offsetof(struct rig_bnxt_cq_base, cqe_type_toggle)] &
				 RIG_BNXT_CQ_BASE_CQE_TYPE_MASK) >> RIG_BNXT_CQ_BASE_CQE_TYPE_SFT);
	if (hc.qp_handle != rig_qp_cookie(qp))
		return rig_fail(-EPROTO, "%s: %s wrote a completion of another queue pair (%#llx)",
				call, qp->nic->name, (unsigned long long)hc.qp_handle);
	if (hc.type == RIG_BNXT_CQ_BASE_CQE_TYPE_REQ)
		ret = rig_qp_take_entry(qp, call, false, hc.sq_cons_idx,
					rig_status_of(rig_req_status, RIG_COUNT(rig_req_status),
						      hc.status), hc.status, 0, c);
	else
		ret = rig_qp_take_entry(qp, call, true, hc.wr_id,
					rig_status_of(rig_res_status, RIG_COUNT(rig_res_status),
						      hc.status), hc.status, hc.bytes, c);
	if (ret)
		return ret;
	qp->cq_cons++;
	rig_qp_doorbell(qp, &qp->db->cq, RIG_BNXT_DBC_TYPE_CQ, qp->cq_cons, qp->cq_entries);
	return 1;
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

/* Waiting */

/* Is @qp in error with every entry posted on it completed and taken? */
static bool rig_qp_spent(struct rig_qp *qp)
{
	return rig_qp_nic_state(qp) == RIG_BNXT_QP_STATE_ERROR &&
	       atomic_load_explicit(&qp->sq_prod, memory_order_acquire) ==
	       atomic_load_explicit(&qp->sq_cons, memory_order_relaxed) &&
	       atomic_load_explicit(&qp->rq_prod, memory_order_acquire) ==
	       atomic_load_explicit(&qp->rq_cons, memory_order_relaxed);
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

/*
 * Arm the completion ring (an event at the next completion) and look at
 * it once more: 1 with a completion, 0 when there is still none.
 */
static int rig_qp_arm(struct rig_qp *qp, struct rig_completion *c)
{
	rig_qp_doorbell(qp, &qp->db->cq, RIG_BNXT_DBC_TYPE_CQ_ARMALL, qp->cq_cons,
			qp->cq_entries);
	/*
	 * Full barrier: the arm before our second look at the ring, against
	 * the NIC's completion store before its look at the arm: either we
	 * see the completion or the NIC sees the arm and raises the event.
	 */
	atomic_thread_fence(memory_order_seq_cst);
	return rig_qp_take(qp, "rig_qp_wait", c);
}

/* Sleep in poll(2) on the NIC's file for at most @ms: 0 or the error. */
static int rig_qp_sleep(const struct rig_qp *qp, int ms)
{
	struct pollfd pfd = { .fd = qp->nic->fd, .events = POLLIN };
	int n = poll(&pfd, 1, ms);

	if (n < 0 && errno == EINTR)
		return rig_fail(-EINTR, "rig_qp_wait: interrupted by a signal");
	if (n < 0)
		return rig_nic_error(qp->nic, "rig_qp_wait: poll", errno);
	if (n > 0 && (pfd.revents & (POLLERR | POLLHUP)))
		return rig_nic_error(qp->nic, "rig_qp_wait", ENODEV);
	if (n > 0 && (pfd.revents & POLLNVAL))
		return rig_fail(-EBADF, "rig_qp_wait: the file of %s was closed under the queue pair",
				qp->nic->name);
	return 0;
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
			ret = rig_qp_arm(qp, c);
		if (ret == 1)
			return 1;	/* taking it disarmed the ring */
		if (!ret && rig_qp_spent(qp))
			ret = rig_fail(-EIO,
				       "rig_qp_wait: the queue pair is in error and every entry posted on it has completed");
		if (!ret && left)
			ret = rig_qp_sleep(qp, left);
		if (ret || !left)
			break;
	}
	/* Disarm: no event for a ring nobody waits on. */
	rig_qp_doorbell(qp, &qp->db->cq, RIG_BNXT_DBC_TYPE_CQ, qp->cq_cons, qp->cq_entries);
	return ret;
}

RIG_EXPORT int rig_qp_state(const struct rig_qp *qp)
{
	int ret = rig_qp_check(qp, "rig_qp_state");

	return ret ? ret : rig_qp_nic_state(qp);
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
