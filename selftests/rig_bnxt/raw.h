/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The character device without the library: raw ioctls, and a queue pair
 * driven by hand (entries written with the format encoders of
 * rig/bnxt_hsi.h, doorbells stored directly), for tests that must do what
 * the library never does, or reach the kernel's own checks.
 */
#ifndef RIG_RAW_H
#define RIG_RAW_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "rig_bnxt.h"
#include "rig/bnxt_hsi.h"

/* Open /dev/rig_bnxtN: the descriptor, or -errno. */
static inline int raw_open(int index)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/dev/rig_bnxt%d", index);
	fd = open(path, O_RDWR | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/* One command, its structure's size set: 0 or -errno. */
static inline int raw_cmd(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) ? -errno : 0;
}

/* A host region of @bytes: 0 or -errno, the answer in @r. */
static inline int raw_host(int fd, uint64_t bytes, struct rig_bnxt_reg_region *r)
{
	memset(r, 0, sizeof(*r));
	r->size = sizeof(*r);
	r->type = RIG_BNXT_REGION_HOST;
	r->bytes = bytes;
	return raw_cmd(fd, RIG_BNXT_REG_REGION, r);
}

/* A pages region of @bytes at @addr: 0 or -errno, the answer in @r. */
static inline int raw_pages(int fd, const void *addr, uint64_t bytes,
			    struct rig_bnxt_reg_region *r)
{
	memset(r, 0, sizeof(*r));
	r->size = sizeof(*r);
	r->type = RIG_BNXT_REGION_PAGES;
	r->address = (uintptr_t)addr;
	r->bytes = bytes;
	return raw_cmd(fd, RIG_BNXT_REG_REGION, r);
}

/* A device region of the @count runs at @runs: 0 or -errno, the answer in @r. */
static inline int raw_device(int fd, const struct rig_bnxt_run *runs, uint32_t count,
			     struct rig_bnxt_reg_region *r)
{
	memset(r, 0, sizeof(*r));
	r->size = sizeof(*r);
	r->type = RIG_BNXT_REGION_DEVICE;
	r->count = count;
	r->address = (uintptr_t)runs;
	return raw_cmd(fd, RIG_BNXT_REG_REGION, r);
}

/* A command on one handle (DEREG_REGION, DMA_FREE, DESTROY_QP, KICK). */
static inline int raw_handle(int fd, unsigned long cmd, uint32_t handle)
{
	struct rig_bnxt_handle h = { .size = sizeof(h), .handle = handle };

	return raw_cmd(fd, cmd, &h);
}

/* Map a host region's memory: the address, or MAP_FAILED. */
static inline void *raw_map(int fd, const struct rig_bnxt_reg_region *r)
{
	return mmap(NULL, r->region_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		    (off_t)r->mmap_offset);
}

/* A queue pair driven by hand, and the process's counts of its rings. */
struct raw_qp {
	int fd;
	struct rig_bnxt_create_qp c;
	unsigned char *map;
	volatile __u64 *db[3];		/* send, receive, completion doorbells */
	uint64_t sq_prod, rq_prod, cq_cons;
	uint32_t next_psn;
	uint32_t path_mtu;		/* CONNECT_QP's answer */
};

/* Map one doorbell page of the file: the page, or MAP_FAILED. */
static inline void *raw_db_map(int fd, uint64_t offset)
{
	return mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)offset);
}

/* Create and map a queue pair of @entries on @fd: 0 or -errno. */
static inline int raw_qp_make(int fd, uint32_t entries, uint64_t qp_handle,
			      struct raw_qp *qp)
{
	int ret, i;

	memset(qp, 0, sizeof(*qp));
	qp->fd = fd;
	qp->c.size = sizeof(qp->c);
	qp->c.entries = entries;
	qp->c.qp_handle = qp_handle;
	ret = raw_cmd(fd, RIG_BNXT_CREATE_QP, &qp->c);
	if (ret)
		return ret;
	qp->next_psn = qp->c.psn;
	qp->map = mmap(NULL, qp->c.mmap_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		       (off_t)qp->c.mmap_offset);
	if (qp->map == MAP_FAILED)
		return -errno;
	for (i = 0; i < 3; i++) {
		uint64_t off = i == 0 ? qp->c.sq_db_offset :
			       i == 1 ? qp->c.rq_db_offset : qp->c.cq_db_offset;
		void *p = raw_db_map(fd, off);

		if (p == MAP_FAILED)
			return -errno;
		qp->db[i] = p;
	}
	return 0;
}

/* Connect @qp to @peer: 0 or -errno. */
static inline int raw_qp_connect(struct raw_qp *qp, const struct raw_qp *peer)
{
	struct rig_bnxt_connect_qp c = {
		.size = sizeof(c),
		.handle = qp->c.handle,
		.peer_nic = peer->c.nic,
		.peer_qpn = peer->c.qpn,
		.peer_psn = peer->c.psn,
		.peer_mtu = peer->c.mtu,
	};

	int ret;

	memcpy(c.peer_address, peer->c.address, sizeof(c.peer_address));
	ret = raw_cmd(qp->fd, RIG_BNXT_CONNECT_QP, &c);
	if (!ret)
		qp->path_mtu = c.path_mtu;
	return ret;
}

/* Store the doorbell of @type for ring position @count of @entries. */
static inline void raw_ring(volatile __u64 *reg, uint32_t xid, uint32_t type,
			    uint64_t count, uint32_t entries)
{
	const struct rig_bnxt_doorbell d = {
		.type = type,
		.xid = xid,
		.index = (uint32_t)(count % entries),
		.epoch = (unsigned int)((count / entries) & 1),
	};
	uint64_t value = 0;

	rig_bnxt_make_doorbell(&d, &value);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	*reg = value;		/* little-endian hosts only, as the tests run */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* Wake the NIC whether it sleeps or not: 0, or -errno (EOPNOTSUPP: it needs none). */
static inline int raw_kick(const struct raw_qp *qp)
{
	int ret = raw_handle(qp->fd, RIG_BNXT_KICK, qp->c.handle);

	return ret == -EOPNOTSUPP ? 0 : ret;
}

/* Fill send entry @pos's PSN search entry: @type moving @bytes, by the path MTU. */
static inline void raw_psn(struct raw_qp *qp, uint32_t pos, uint32_t type, uint64_t bytes)
{
	struct rig_bnxt_sq_psn_search_ext *e =
		(void *)(qp->map + qp->c.psn_offset) + (size_t)pos * sizeof(*e);
	uint32_t mtu = qp->path_mtu ? qp->path_mtu : qp->c.mtu;
	uint64_t packets = bytes ? (bytes + mtu - 1) / mtu : 1;
	uint32_t next = (uint32_t)(qp->next_psn + packets) & RIG_BNXT_PSN_MASK;

	e->opcode_start_psn = type << RIG_BNXT_PSN_SEARCH_OPCODE_SFT | qp->next_psn;
	e->flags_next_psn = next;
	e->start_slot_idx = (uint16_t)(pos * RIG_BNXT_ENTRY_SLOTS);
	e->reserved16 = 0;
	e->reserved32 = 0;
	qp->next_psn = next;
}

/* Post a signalled SEND of @local (@n elements) and ring: 0 or -errno. */
static inline int raw_send(struct raw_qp *qp, const struct rig_bnxt_local *local,
			   unsigned int n)
{
	size_t ring = (size_t)qp->c.sq_slots * RIG_BNXT_ENTRY_SIZE;
	uint32_t pos = (uint32_t)(qp->sq_prod % qp->c.sq_slots);
	uint64_t bytes = 0;
	unsigned int i;
	int ret;

	ret = rig_bnxt_put_send(qp->map + qp->c.sq_offset, ring,
				(size_t)pos * RIG_BNXT_ENTRY_SIZE, true, local, n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		bytes += local[i].bytes;
	raw_psn(qp, pos, RIG_BNXT_SQ_WQE_TYPE_SEND, bytes);
	raw_ring(qp->db[0], qp->c.qpn, RIG_BNXT_DBC_TYPE_SQ, ++qp->sq_prod, qp->c.sq_slots);
	return raw_kick(qp);
}

/* Post a signalled RDMA READ of @remote into @local (@n elements) and ring. */
static inline int raw_read(struct raw_qp *qp, const struct rig_bnxt_remote *remote,
			   const struct rig_bnxt_local *local, unsigned int n)
{
	size_t ring = (size_t)qp->c.sq_slots * RIG_BNXT_ENTRY_SIZE;
	uint32_t pos = (uint32_t)(qp->sq_prod % qp->c.sq_slots);
	uint64_t bytes = 0;
	unsigned int i;
	int ret;

	ret = rig_bnxt_put_read(qp->map + qp->c.sq_offset, ring,
				(size_t)pos * RIG_BNXT_ENTRY_SIZE, true, remote, local, n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		bytes += local[i].bytes;
	raw_psn(qp, pos, RIG_BNXT_SQ_WQE_TYPE_READ_WQE, bytes);
	raw_ring(qp->db[0], qp->c.qpn, RIG_BNXT_DBC_TYPE_SQ, ++qp->sq_prod, qp->c.sq_slots);
	return raw_kick(qp);
}

/* Post a receive into @local (@n elements) and ring: 0 or -errno. */
static inline int raw_receive(struct raw_qp *qp, const struct rig_bnxt_local *local,
			      unsigned int n)
{
	size_t ring = (size_t)qp->c.rq_slots * RIG_BNXT_ENTRY_SIZE;
	uint32_t pos = (uint32_t)(qp->rq_prod % qp->c.rq_slots);
	int ret = rig_bnxt_put_receive(qp->map + qp->c.rq_offset, ring,
				       (size_t)pos * RIG_BNXT_ENTRY_SIZE, pos, local, n);

	if (ret)
		return ret;
	raw_ring(qp->db[1], qp->c.qpn, RIG_BNXT_DBC_TYPE_RQ, ++qp->rq_prod, qp->c.rq_slots);
	return raw_kick(qp);
}

/* Take the next completion: 1, or 0 when there is none yet. */
static inline int raw_poll(struct raw_qp *qp, struct rig_bnxt_completion *c)
{
	size_t bytes = (size_t)qp->c.cq_entries * RIG_BNXT_CQE_SIZE;
	size_t at = (size_t)(qp->cq_cons % qp->c.cq_entries) * RIG_BNXT_CQE_SIZE;
	int phase = rig_bnxt_completion_phase(qp->cq_cons, qp->c.cq_entries);

	if (rig_bnxt_get_completion(qp->map + qp->c.cq_offset, bytes, at,
				    (unsigned int)phase, c) != 1)
		return 0;
	raw_ring(qp->db[2], qp->c.cqn, RIG_BNXT_DBC_TYPE_CQ, ++qp->cq_cons, qp->c.cq_entries);
	return 1;
}

/* Milliseconds of CLOCK_MONOTONIC. */
static inline double raw_now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Wait up to @ms for the next completion of @qp: 1, or 0 when none came. */
static inline int raw_poll_ms(struct raw_qp *qp, struct rig_bnxt_completion *c, int ms)
{
	double end = raw_now_ms() + ms;

	do {
		if (raw_poll(qp, c))
			return 1;
		usleep(1000);
	} while (raw_now_ms() < end);
	return 0;
}

/* Unmap and destroy a queue pair: 0 or -errno. */
static inline int raw_qp_destroy(struct raw_qp *qp)
{
	int i;

	for (i = 0; i < 3; i++)
		if (qp->db[i])
			munmap((void *)qp->db[i], 4096);
	munmap(qp->map, qp->c.mmap_bytes);
	return raw_handle(qp->fd, RIG_BNXT_DESTROY_QP, qp->c.handle);
}

#endif /* RIG_RAW_H */
