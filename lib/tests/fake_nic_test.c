// SPDX-License-Identifier: BSD-2-Clause
/*
 * Library unit tests against a fake NIC, with no kernel and no module:
 * what rig_bnxt_open() makes of the kernel's answers, and what queue pairs
 * write where -- doorbells in their pages, PSN search entries beside send
 * entries, kicks only of a NIC that sleeps, waits only on an armed ring
 * -- and the state they track.
 *
 * The fake NIC is a memfd.  The library opens it through /proc/self/fd
 * and maps its pages as it would map /dev/rig_bnxtN's: the status page,
 * doorbell pages, rings and host regions are all pages of the memfd,
 * which the test maps whole too, to read what the library wrote and to
 * write completions as a NIC would.  The commands are answered by this
 * program's ioctl(): librig.a is linked into the program, so the
 * library's calls reach that definition rather than libc's; an ioctl on
 * any other file goes to the system call.
 */
#include <endian.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "rig/bnxt.h"
#include "rig/bnxt_hsi.h"
#include "rig_bnxt.h"

#define FAKE_QPS	4	/* queue pairs the fake holds at once */
#define FAKE_ENTRIES	64	/* the largest ring it lays out */
#define FAKE_NIC_ID	0x77	/* its identity, in endpoints */
#define REGION_PAGES	16
/* Completions of the completion ring of a queue pair of @entries. */
#define CQ_OF(entries)	(2 * (entries) + RIG_BNXT_CQ_SLACK)

enum { DB_SQ, DB_RQ, DB_CQ };

struct fake_qp {
	bool live;
	uint32_t handle, entries, qpn, cqn;
	uint32_t sq_slots, rq_slots;	/* the rings: the entries and the reserve */
	uint64_t qp_handle;
	uint64_t mmap_offset;		/* the rings: the fake's offsets below are in them */
	uint32_t sq, psn, rq, cq;
	uint64_t db[3];			/* the doorbell pages, DB_* */
	uint32_t peer_mtu;		/* from CONNECT_QP, 0 before */
	/* The NIC's side: entries it completed, completions it wrote. */
	uint64_t sq_done, rq_done, cq_prod;
};

/*
 * The fake: the knobs a test sets before fake_open(), and what the fake
 * saw.  Each test runs in a process of its own (the harness forks).
 */
static struct {
	/* Answers to QUERY and CREATE_QP. */
	uint32_t abi, flags, max_entries, psn, mtu;
	uint32_t port_mtu;		/* not 0: the port's MTU by connect, lowered since create */
	bool one_db_page;		/* a NetXtreme function: one page for all */
	int bad_layout;			/* > 0: CREATE_QP answers malformed case N */
	/* The memfd and the test's own mapping of it. */
	int fd;
	dev_t dev;
	ino_t ino;
	unsigned char *mem;
	size_t page, bytes, area;	/* @area: one queue pair's rings */
	uint64_t regions_off, rings_off, region_used;
	char path[64];
	/*
	 * RIG_BNXT_WAIT: the @wait_event-th wait (from 1) finds the oldest
	 * send completed and an event raised; the others time out, at once
	 * or, with @wait_sleeps, after their timeout.  @wait_error: every
	 * wait fails with it.
	 */
	unsigned int wait_event;
	bool wait_sleeps;
	int wait_error;
	/* What it saw. */
	unsigned int creates, destroys, kicks, waits, regs;
	uint32_t reg_flags;		/* of the last RIG_BNXT_REG_REGION */
	uint32_t kick_handle, wait_handle, wait_timeout;
	uint64_t wait_cq_doorbell;	/* the CQ doorbell when the last wait began */
	struct fake_qp qp[FAKE_QPS];
} fake = {
	.abi = RIG_BNXT_ABI_VERSION, .max_entries = FAKE_ENTRIES, .psn = 0x1000, .mtu = 4096,
};

static uint64_t round_up(uint64_t n, uint64_t to)
{
	return (n + to - 1) / to * to;
}

/* A power of two of at least @n. */
static uint32_t pow2_at_least(uint32_t n)
{
	uint32_t p = 1;

	while (p < n)
		p *= 2;
	return p;
}

/*
 * Where the rings of a queue pair of @entries lie in its mapping, the
 * rings as the kernel sizes them: never filled, the send ring with
 * RIG_BNXT_SQ_RESERVE slots more.
 */
static void fake_layout(struct fake_qp *q, uint32_t entries)
{
	q->sq_slots = pow2_at_least(entries + RIG_BNXT_SQ_RESERVE + 1);
	q->rq_slots = pow2_at_least(entries + 1);
	q->sq = 0;
	q->psn = q->sq_slots * RIG_BNXT_ENTRY_SIZE;
	q->rq = (uint32_t)round_up(q->psn + q->sq_slots * sizeof(struct rig_bnxt_sq_psn_search_ext),
				   fake.page);
	q->cq = q->rq + (uint32_t)round_up(q->rq_slots * RIG_BNXT_ENTRY_SIZE, fake.page);
}

/* The bytes of the rings of a queue pair of @entries. */
static size_t fake_rings_bytes(uint32_t entries)
{
	struct fake_qp q;

	fake_layout(&q, entries);
	return q.cq + round_up(CQ_OF(entries) * RIG_BNXT_CQE_SIZE, fake.page);
}

static bool fake_fd(int fd)
{
	struct stat st;

	return fake.mem && !fstat(fd, &st) && st.st_dev == fake.dev && st.st_ino == fake.ino;
}

static int fake_query(struct rig_bnxt_query *q)
{
	*q = (struct rig_bnxt_query){
		.size = sizeof(*q), .abi = fake.abi, .kind = RIG_BNXT_KIND_SOFT,
		.flags = fake.flags, .max_entries = fake.max_entries, .page_size = fake.page,
		/* The status page is the memfd's first page. */
		.status_offset = 0,
	};
	return 0;
}

static int fake_reg_region(struct rig_bnxt_reg_region *r)
{
	uint64_t bytes = round_up(r->bytes, fake.page);
	static uint32_t n;

	/* The flag only a module that announces it takes, as the kernel does. */
	uint32_t known = fake.flags & RIG_BNXT_QUERY_REG_NO_REMOTE_READ ?
			 RIG_BNXT_REG_NO_REMOTE_READ : 0;

	fake.regs++;
	fake.reg_flags = r->flags;
	if (r->type != RIG_BNXT_REGION_HOST || !r->bytes || (r->flags & ~known) ||
	    fake.region_used + bytes > REGION_PAGES * fake.page)
		return EINVAL;
	r->handle = 0x500 + n;
	r->key = 0x600 + n++;
	r->region_bytes = bytes;
	r->mmap_offset = fake.regions_off + fake.region_used;
	fake.region_used += bytes;
	return 0;
}

/* A malformed answer to CREATE_QP: case @bad of fake.bad_layout. */
static void fake_break(struct rig_bnxt_create_qp *c, int bad)
{
	switch (bad) {
	case 1:	/* a doorbell page off a page */
		c->rq_db_offset += 8;
		break;
	case 2:	/* a completion ring number wider than a doorbell's xid */
		c->cqn = RIG_BNXT_DBC_XID_MASK + 1;
		break;
	case 3:	/* a PSN search area past the end of the mapping */
		c->psn_offset = (uint32_t)c->mmap_bytes - 16;
		break;
	case 4:	/* a first PSN wider than 24 bits */
		c->psn = RIG_BNXT_PSN_MASK + 1;
		break;
	case 5:	/* a send ring without the reserve */
		c->sq_slots = pow2_at_least(c->entries + 1);
		break;
	case 6:	/* a receive ring the entries fill */
		c->rq_slots = c->entries;
		break;
	}
}

static int fake_create_qp(struct rig_bnxt_create_qp *c)
{
	struct fake_qp *q = NULL;
	int i;

	if (c->entries < 2 || c->entries > fake.max_entries || (c->entries & (c->entries - 1)))
		return EINVAL;
	for (i = 0; i < FAKE_QPS && !q; i++)
		if (!fake.qp[i].live)
			q = &fake.qp[i];
	if (!q)
		return ENOSPC;
	i = (int)(q - fake.qp);
	*q = (struct fake_qp){
		.live = true, .handle = 0x100 + (uint32_t)i, .entries = c->entries,
		.qpn = 0x10 + (uint32_t)i, .cqn = 0x40 + (uint32_t)i, .qp_handle = c->qp_handle,
		.mmap_offset = fake.rings_off + (uint64_t)i * fake.area,
	};
	fake_layout(q, c->entries);
	for (int d = DB_SQ; d <= DB_CQ; d++)
		q->db[d] = fake.page * (fake.one_db_page ? 1 : 1 + 3 * (uint64_t)i + (uint64_t)d);
	/* The NIC's memory starts zeroed, as the kernel's does. */
	memset(fake.mem + q->mmap_offset, 0, fake_rings_bytes(c->entries));
	for (int d = DB_SQ; d <= DB_CQ; d++)
		memset(fake.mem + q->db[d], 0, fake.page);
	c->handle = q->handle;
	c->qpn = q->qpn;
	c->psn = fake.psn;
	c->mtu = fake.mtu;
	c->nic = FAKE_NIC_ID;
	c->mmap_offset = q->mmap_offset;
	c->mmap_bytes = fake_rings_bytes(c->entries);
	c->sq_offset = q->sq;
	c->psn_offset = q->psn;
	c->rq_offset = q->rq;
	c->cq_offset = q->cq;
	c->cq_entries = CQ_OF(c->entries);
	c->sq_slots = q->sq_slots;
	c->rq_slots = q->rq_slots;
	c->cqn = q->cqn;
	c->sq_db_offset = q->db[DB_SQ];
	c->rq_db_offset = q->db[DB_RQ];
	c->cq_db_offset = q->db[DB_CQ];
	fake_break(c, fake.bad_layout);
	fake.creates++;
	return 0;
}

static struct fake_qp *fake_qp_of(uint32_t handle)
{
	for (int i = 0; i < FAKE_QPS; i++)
		if (fake.qp[i].live && fake.qp[i].handle == handle)
			return &fake.qp[i];
	return NULL;
}

/* The largest power of two not over @n (at least 1). */
static uint32_t pow2_at_most(uint32_t n)
{
	uint32_t p = 1;

	while (p <= n / 2)
		p *= 2;
	return p;
}

/*
 * CONNECT_QP: the path MTU, as the kernel takes it, the smallest of the
 * queue pair's, the peer's and the port's now (fake.port_mtu, if set).
 */
static int fake_connect_qp(struct rig_bnxt_connect_qp *c)
{
	struct fake_qp *q = fake_qp_of(c->handle);
	uint32_t mtu = fake.mtu < c->peer_mtu ? fake.mtu : c->peer_mtu;

	if (!q || c->path_mtu)
		return EINVAL;
	if (fake.port_mtu && fake.port_mtu < mtu)
		mtu = fake.port_mtu;
	q->peer_mtu = c->peer_mtu;
	c->path_mtu = pow2_at_most(mtu);
	return 0;
}

static void fake_complete_send(struct fake_qp *q, uint8_t status);
static uint64_t fake_doorbell(const struct fake_qp *q, int d);

/* RIG_BNXT_WAIT on @w: what the knobs above say. */
static int fake_wait(const struct rig_bnxt_wait *w)
{
	struct fake_qp *q = fake_qp_of(w->handle);

	if (!q || w->reserved)
		return EINVAL;
	fake.waits++;
	fake.wait_handle = w->handle;
	fake.wait_timeout = w->timeout_ms;
	fake.wait_cq_doorbell = fake_doorbell(q, DB_CQ);
	if (fake.wait_error)
		return fake.wait_error;
	if (fake.waits == fake.wait_event) {
		fake_complete_send(q, RIG_BNXT_CQ_REQ_STATUS_OK);
		return 0;
	}
	if (fake.wait_sleeps)
		usleep(w->timeout_ms * 1000);
	return ETIMEDOUT;
}

static int fake_command(unsigned long request, void *arg)
{
	struct fake_qp *q;

	switch (request) {
	case RIG_BNXT_QUERY:
		return fake_query(arg);
	case RIG_BNXT_REG_REGION:
		return fake_reg_region(arg);
	case RIG_BNXT_DEREG_REGION:
		return 0;
	case RIG_BNXT_CREATE_QP:
		return fake_create_qp(arg);
	case RIG_BNXT_CONNECT_QP:
		return fake_connect_qp(arg);
	case RIG_BNXT_DESTROY_QP:
		q = fake_qp_of(((struct rig_bnxt_handle *)arg)->handle);
		if (!q)
			return EINVAL;
		q->live = false;
		fake.destroys++;
		return 0;
	case RIG_BNXT_WAIT:
		return fake_wait(arg);
	case RIG_BNXT_KICK:
		if (!(fake.flags & RIG_BNXT_QUERY_NEEDS_KICK))
			return EOPNOTSUPP;
		fake.kicks++;
		fake.kick_handle = ((struct rig_bnxt_handle *)arg)->handle;
		return 0;
	}
	return ENOTTY;
}

/* Every ioctl of the program: the fake's commands, or the system call. */
int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	void *arg;
	int err;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!fake_fd(fd))
		return (int)syscall(SYS_ioctl, fd, request, arg);
	err = fake_command(request, arg);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

/*
 * Make the fake NIC's memfd and map it: page 0 the status page, then three
 * doorbell pages per queue pair, the host regions, and the rings.
 */
static void fake_make(struct __test_metadata *_metadata)
{
	struct stat st;

	fake.page = (size_t)sysconf(_SC_PAGESIZE);
	fake.area = round_up(fake_rings_bytes(FAKE_ENTRIES), fake.page);
	fake.regions_off = fake.page * (1 + 3 * FAKE_QPS);
	fake.rings_off = fake.regions_off + REGION_PAGES * fake.page;
	fake.bytes = fake.rings_off + FAKE_QPS * fake.area;
	fake.fd = memfd_create("rig_fake_nic", 0);
	ASSERT_LE(0, fake.fd);
	ASSERT_EQ(0, ftruncate(fake.fd, (off_t)fake.bytes));
	ASSERT_EQ(0, fstat(fake.fd, &st));
	fake.dev = st.st_dev;
	fake.ino = st.st_ino;
	fake.mem = mmap(NULL, fake.bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fake.fd, 0);
	ASSERT_NE(MAP_FAILED, fake.mem);
	snprintf(fake.path, sizeof(fake.path), "/proc/self/fd/%d", fake.fd);
}

/* Open the fake NIC as it stands configured; 0 or rig_bnxt_open()'s error. */
static int fake_open(struct __test_metadata *_metadata, struct rig_bnxt **nic)
{
	if (!fake.mem)
		fake_make(_metadata);
	return rig_bnxt_open(fake.path, nic);
}

/* The NIC says it sleeps (non-zero) or runs. */
static void fake_idle(uint32_t idle)
{
	__atomic_store_n(&((struct rig_bnxt_status *)fake.mem)->idle, idle, __ATOMIC_SEQ_CST);
}

/* The NIC says a receive has work for it at once (non-zero) or not. */
static void fake_rq_wake(uint32_t rq_wake)
{
	__atomic_store_n(&((struct rig_bnxt_status *)fake.mem)->rq_wake, rq_wake,
			 __ATOMIC_SEQ_CST);
}

/* The last doorbell stored in page @d of queue pair @q. */
static uint64_t fake_doorbell(const struct fake_qp *q, int d)
{
	uint64_t v;

	memcpy(&v, fake.mem + q->db[d], sizeof(v));
	return le64toh(v);
}

/* The PSN search entry at @index of queue pair @q. */
static struct rig_bnxt_sq_psn_search_ext fake_psn(const struct fake_qp *q, uint32_t index)
{
	struct rig_bnxt_sq_psn_search_ext e;

	memcpy(&e, fake.mem + q->mmap_offset + q->psn + index * sizeof(e), sizeof(e));
	return e;
}

/* Write the completion @cqe (32 bytes, byte 24 zero) as the NIC does: byte 24 last. */
static void fake_write_cqe(struct fake_qp *q, const void *cqe, uint8_t type)
{
	uint32_t cq_entries = CQ_OF(q->entries);
	unsigned char *slot = fake.mem + q->mmap_offset + q->cq +
			      (q->cq_prod % cq_entries) * RIG_BNXT_CQE_SIZE;
	uint8_t toggle = !((q->cq_prod / cq_entries) & 1);

	memcpy(slot, cqe, 24);
	memcpy(slot + 25, (const unsigned char *)cqe + 25, RIG_BNXT_CQE_SIZE - 25);
	__atomic_store_n(slot + 24, (uint8_t)(type | toggle), __ATOMIC_RELEASE);
	q->cq_prod++;
}

/*
 * The @n oldest send-ring entries of @q complete, the last with @status,
 * in one completion as a NIC aggregates them: its index the NIC's 16-bit
 * count, not yet taken modulo the ring.
 */
static void fake_complete_sends(struct fake_qp *q, unsigned int n, uint8_t status)
{
	struct rig_bnxt_cq_req cqe = { .qp_handle = htole64(q->qp_handle), .status = status };

	q->sq_done += n;
	cqe.sq_cons_idx = htole16((uint16_t)q->sq_done);
	fake_write_cqe(q, &cqe, RIG_BNXT_CQ_BASE_CQE_TYPE_REQ);
}

/* The oldest send-ring entry of @q completes with @status. */
static void fake_complete_send(struct fake_qp *q, uint8_t status)
{
	fake_complete_sends(q, 1, status);
}

/*
 * @q ends in error with a terminal completion: its @n oldest send entries
 * succeeded (@n < 0: it names none).
 */
static void fake_terminal(struct fake_qp *q, int n)
{
	struct rig_bnxt_cq_terminal cqe = {
		.qp_handle = htole64(q->qp_handle),
		.sq_cons_idx = htole16(RIG_BNXT_CQ_TERMINAL_NO_INDEX),
		.rq_cons_idx = htole16(RIG_BNXT_CQ_TERMINAL_NO_INDEX),
	};

	if (n >= 0) {
		q->sq_done += (unsigned int)n;
		cqe.sq_cons_idx = htole16((uint16_t)q->sq_done);
	}
	fake_write_cqe(q, &cqe, RIG_BNXT_CQ_BASE_CQE_TYPE_TERMINAL);
}

/* The oldest receive of @q completes with @status and @bytes landed. */
static void fake_complete_receive(struct fake_qp *q, uint32_t bytes, uint8_t status)
{
	struct rig_bnxt_cq_res_rc cqe = {
		.length = htole32(bytes), .qp_handle = htole64(q->qp_handle), .status = status,
		.srq_or_rq_wr_id = htole32((uint32_t)(q->rq_done % q->rq_slots)),
	};

	q->rq_done++;
	fake_write_cqe(q, &cqe, RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC);
}

/* The doorbell value of @type on @xid for ring position @count of @entries. */
static uint64_t doorbell(uint32_t type, uint32_t xid, uint64_t count, uint32_t entries)
{
	const struct rig_bnxt_doorbell d = {
		.type = type, .xid = xid, .index = (uint32_t)(count % entries),
		.epoch = (unsigned int)((count / entries) & 1),
	};
	uint64_t v = 0;

	rig_bnxt_make_doorbell(&d, &v);
	return v;
}

/*
 * Mappings of the memfd at file offset @offset in this process, with
 * their permissions in @perms and the address of one in @at (each if not
 * NULL), but for the test's own.
 */
static int fake_mappings_at(uint64_t offset, char perms[5], void **at)
{
	char line[512], p[5];
	unsigned long start, end, ino;
	unsigned long long off;
	unsigned int major, minor;
	int n = 0;
	FILE *f = fopen("/proc/self/maps", "re");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %4s %llx %x:%x %lu", &start, &end, p, &off, &major,
			   &minor, &ino) != 7)
			continue;
		if (ino != fake.ino || start == (unsigned long)(uintptr_t)fake.mem)
			continue;
		if (off == offset) {
			n++;
			if (perms)
				memcpy(perms, p, 5);
			if (at)
				*at = (void *)(uintptr_t)start;
		}
	}
	fclose(f);
	return n;
}

static int fake_mappings(uint64_t offset, char perms[5])
{
	return fake_mappings_at(offset, perms, NULL);
}

/* Every mapping of the memfd in this process but the test's own. */
static int fake_all_mappings(void)
{
	int n = 0;

	for (uint64_t off = 0; off < fake.bytes; off += fake.page) {
		int m = fake_mappings(off, NULL);

		if (m < 0)
			return -1;
		n += m;
	}
	return n;
}

/* A host region of two pages on @nic. */
static struct rig_region *region(struct __test_metadata *_metadata, struct rig_bnxt *nic)
{
	struct rig_region *r = NULL;

	ASSERT_EQ(0, rig_region_host(nic, 2 * fake.page, &r)) TH_LOG("%s", rig_error());
	return r;
}

/*
 * A queue pair of @entries on @nic, connected to a peer of MTU @peer_mtu
 * on the same NIC; its fake side in @fq.
 */
static struct rig_qp *connected_qp(struct __test_metadata *_metadata, struct rig_bnxt *nic,
				   uint32_t entries, uint32_t peer_mtu, struct fake_qp **fq)
{
	struct rig_endpoint self, peer = { .qp = 0x99, .psn = 0x1234, .mtu = peer_mtu,
					   .nic = FAKE_NIC_ID };
	struct rig_qp *qp = NULL;

	ASSERT_EQ(0, rig_qp_make(nic, entries, &qp)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_endpoint(qp, &self));
	*fq = NULL;
	for (int i = 0; i < FAKE_QPS; i++)
		if (fake.qp[i].live && fake.qp[i].qpn == self.qp)
			*fq = &fake.qp[i];
	ASSERT_NE(NULL, *fq);
	ASSERT_EQ(0, rig_qp_connect(qp, &peer)) TH_LOG("%s", rig_error());
	return qp;
}

/* Opening */

TEST(open_refuses_a_module_of_another_abi_version)
{
	struct rig_bnxt *nic = (struct rig_bnxt *)0x1;

	fake.abi = RIG_BNXT_ABI_VERSION - 1;
	EXPECT_EQ(-EPROTO, fake_open(_metadata, &nic));
	EXPECT_EQ((struct rig_bnxt *)0x1, nic);
	EXPECT_NE(NULL, strstr(rig_error(), "ABI 2, this library 3")) TH_LOG("%s", rig_error());
	fake.abi = RIG_BNXT_ABI_VERSION + 1;
	EXPECT_EQ(-EPROTO, fake_open(_metadata, &nic));
	EXPECT_EQ(0, fake_all_mappings());
}

TEST(open_refuses_a_largest_ring_that_is_not_a_power_of_two_from_2_to_4096)
{
	static const uint32_t bad[] = { 0, 1, 3, 96, 8192, UINT32_MAX };
	struct rig_bnxt *nic = (struct rig_bnxt *)0x1;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		fake.max_entries = bad[i];
		EXPECT_EQ(-EPROTO, fake_open(_metadata, &nic)) TH_LOG("%u", bad[i]);
		EXPECT_NE(NULL, strstr(rig_error(), "not a power of two")) TH_LOG("%s", rig_error());
	}
	EXPECT_EQ((struct rig_bnxt *)0x1, nic);
}

TEST(open_maps_the_status_page_read_only_of_a_nic_that_needs_kicks)
{
	struct rig_bnxt *nic;
	char perms[5] = "";

	fake.flags = RIG_BNXT_QUERY_NEEDS_KICK;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	EXPECT_EQ(1, fake_mappings(0, perms));
	EXPECT_STREQ("r--s", perms);
	rig_bnxt_close(nic);
	EXPECT_EQ(0, fake_all_mappings());
}

TEST(open_of_a_nic_that_needs_no_kick_maps_no_status_page)
{
	struct rig_bnxt *nic;

	fake.flags = RIG_BNXT_QUERY_IOMMU;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	EXPECT_EQ(0, fake_all_mappings());
	EXPECT_EQ(1, rig_bnxt_iommu(nic));
	rig_bnxt_close(nic);
}

TEST(a_nic_takes_dma_bufs_exactly_when_its_query_says_so)
{
	struct rig_bnxt *nic;
	struct rig_region *r = NULL;

	fake.flags = RIG_BNXT_QUERY_IOMMU;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	EXPECT_EQ(0, rig_bnxt_dmabuf(nic));
	EXPECT_EQ(-EOPNOTSUPP, rig_region_dmabuf(nic, 0, 0, 1, &r));
	EXPECT_EQ(NULL, r);
	rig_bnxt_close(nic);

	fake.flags = RIG_BNXT_QUERY_REG_DMABUF;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	EXPECT_EQ(1, rig_bnxt_dmabuf(nic));
	EXPECT_EQ(0, rig_bnxt_iommu(nic));
	rig_bnxt_close(nic);
}

/* Regions: who may read them */

TEST(a_local_region_asks_for_no_remote_read_and_every_other_region_for_none)
{
	struct rig_bnxt *nic;
	struct rig_region *r;

	fake.flags = RIG_BNXT_QUERY_REG_NO_REMOTE_READ;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_region_host_flags(nic, 1, RIG_REGION_LOCAL, &r)) TH_LOG("%s", rig_error());
	EXPECT_EQ(RIG_BNXT_REG_NO_REMOTE_READ, fake.reg_flags);
	ASSERT_EQ(0, rig_region_host(nic, 1, &r)) TH_LOG("%s", rig_error());
	EXPECT_EQ(0, fake.reg_flags);
	ASSERT_EQ(0, rig_region_host_flags(nic, 1, 0, &r)) TH_LOG("%s", rig_error());
	EXPECT_EQ(0, fake.reg_flags);
	EXPECT_EQ(3, fake.regs);
	rig_bnxt_close(nic);
}

/* A module older than local regions would refuse the flag, or ignore it. */
TEST(a_local_region_of_a_module_without_them_is_eopnotsupp_and_asks_nothing)
{
	struct rig_bnxt *nic;
	struct rig_region *r = NULL;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	EXPECT_EQ(-EOPNOTSUPP, rig_region_host_flags(nic, 1, RIG_REGION_LOCAL, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_region_host_flags:")) TH_LOG("%s", rig_error());
	EXPECT_NE(NULL, strstr(rig_error(), "readable")) TH_LOG("%s", rig_error());
	EXPECT_EQ(-EOPNOTSUPP, rig_region_pages_flags(nic, fake.mem, fake.page,
						      RIG_REGION_LOCAL, &r));
	EXPECT_EQ(-EINVAL, rig_region_host_flags(nic, 1, 2, &r));
	EXPECT_EQ(NULL, r);
	EXPECT_EQ(0, fake.regs);
	/* Regions readable by peers, as it always made, it still makes. */
	ASSERT_EQ(0, rig_region_host_flags(nic, 1, 0, &r)) TH_LOG("%s", rig_error());
	EXPECT_EQ(0, fake.reg_flags);
	rig_bnxt_close(nic);
}

/* Making */

TEST(make_refuses_more_entries_than_the_nic_allows_and_names_the_limit)
{
	struct rig_qp *qp = (struct rig_qp *)0x1;
	struct rig_bnxt *nic;

	fake.max_entries = 16;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	EXPECT_EQ(-EINVAL, rig_qp_make(nic, 32, &qp));
	EXPECT_NE(NULL, strstr(rig_error(), "more than the 16")) TH_LOG("%s", rig_error());
	EXPECT_EQ(-EINVAL, rig_qp_make(nic, RIG_QP_ENTRIES_MAX, &qp));
	EXPECT_EQ((struct rig_qp *)0x1, qp);
	EXPECT_EQ(0u, fake.creates);
	EXPECT_EQ(0, rig_qp_make(nic, 16, &qp)) TH_LOG("%s", rig_error());
	EXPECT_EQ(0, rig_qp_destroy(qp));
	rig_bnxt_close(nic);
}

TEST(make_refuses_rings_or_doorbells_it_does_not_understand_and_leaves_nothing)
{
	struct rig_bnxt *nic;
	struct rig_qp *qp = (struct rig_qp *)0x1;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	for (fake.bad_layout = 1; fake.bad_layout <= 6; fake.bad_layout++) {
		EXPECT_EQ(-EPROTO, rig_qp_make(nic, 8, &qp)) TH_LOG("case %d", fake.bad_layout);
		EXPECT_EQ(fake.creates, fake.destroys);
		EXPECT_EQ(0, fake_all_mappings()) TH_LOG("case %d", fake.bad_layout);
	}
	EXPECT_EQ((struct rig_qp *)0x1, qp);
	fake.bad_layout = 0;
	EXPECT_EQ(0, rig_qp_make(nic, 8, &qp)) TH_LOG("%s", rig_error());
	rig_bnxt_close(nic);
}

/* Doorbells */

TEST(every_doorbell_goes_to_its_own_page_with_its_rings_number)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;
	char perms[5] = "";

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	for (int d = DB_SQ; d <= DB_CQ; d++) {
		EXPECT_EQ(1, fake_mappings(fq->db[d], perms));
		EXPECT_STREQ("-w-s", perms);
	}

	/* Receives: the RQ page only, xid the queue pair's number. */
	for (int i = 0; i < 3; i++)
		ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 64, (uint64_t)i));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_RQ, fq->qpn, 3, fq->rq_slots), fake_doorbell(fq, DB_RQ));
	EXPECT_EQ(0u, fake_doorbell(fq, DB_SQ));
	EXPECT_EQ(0u, fake_doorbell(fq, DB_CQ));

	/* Sends: nothing until the ring, then the SQ page. */
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 10, 10));
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 10, 11));
	EXPECT_EQ(0u, fake_doorbell(fq, DB_SQ));
	ASSERT_EQ(0, rig_qp_ring(qp));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_SQ, fq->qpn, 2, fq->sq_slots), fake_doorbell(fq, DB_SQ));

	/* Completions given back: the CQ page, xid the completion ring's number. */
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
	ASSERT_EQ(1, rig_qp_poll(qp, &c));
	EXPECT_EQ(10u, c.id);
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 1, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	EXPECT_NE(fq->qpn, fq->cqn);
	/* A wait that times out leaves the ring disarmed: a CQ doorbell. */
	EXPECT_EQ(0, rig_qp_wait(qp, 0, &c));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 1, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_RQ, fq->qpn, 3, fq->rq_slots), fake_doorbell(fq, DB_RQ));
	rig_bnxt_close(nic);
}

TEST(doorbells_carry_the_epoch_of_each_lap)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 2, 4096, &fq);
	for (uint64_t n = 1; n <= 2 * CQ_OF(2) + 1; n++) {
		ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, n));
		ASSERT_EQ(0, rig_qp_ring(qp));
		EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_SQ, fq->qpn, n, fq->sq_slots), fake_doorbell(fq, DB_SQ));
		fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
		ASSERT_EQ(1, rig_qp_poll(qp, &c)) TH_LOG("%s", rig_error());
		EXPECT_EQ(n, c.id);
		EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, n, CQ_OF(2)),
			  fake_doorbell(fq, DB_CQ));
	}
	rig_bnxt_close(nic);
}

/*
 * With every entry outstanding, a doorbell names a slot the NIC has not
 * reached: never its consumer's index with only the epoch flipped.
 */
TEST(full_rings_keep_a_spare_slot_and_the_send_ring_its_reserve)
{
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	EXPECT_EQ(8u, fq->rq_slots);
	EXPECT_EQ(256u, fq->sq_slots);
	for (uint64_t n = 0; n < 4; n++) {
		ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, n));
		ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, n));
	}
	/* The caller's depth, not the ring's. */
	EXPECT_EQ(-EINVAL, rig_qp_receive(qp, r, 0, 1, 5));
	EXPECT_EQ(-EINVAL, rig_qp_send(qp, r, 0, 1, 5));
	ASSERT_EQ(0, rig_qp_ring(qp));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_RQ, fq->qpn, 4, 8), fake_doorbell(fq, DB_RQ));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_SQ, fq->qpn, 4, 256), fake_doorbell(fq, DB_SQ));
	EXPECT_NE(doorbell(RIG_BNXT_DBC_TYPE_RQ, fq->qpn, 0, 4) & 0xffffff,
		  fake_doorbell(fq, DB_RQ) & 0xffffff);
	rig_bnxt_close(nic);
}

/*
 * The library's CQ doorbell page, made read-only: its next doorbell
 * faults, and the handler tries to post a send at that moment, then lets
 * the doorbell through.
 */
static struct {
	struct rig_qp *qp;
	struct rig_region *r;
	char *page;
	int faults, posted;
} trap;

static void trap_doorbell(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if ((char *)si->si_addr < trap.page || (char *)si->si_addr >= trap.page + fake.page) {
		signal(sig, SIG_DFL);
		return;
	}
	trap.faults++;
	trap.posted += rig_qp_send(trap.qp, trap.r, 0, 1, 99) == 0;
	mprotect(trap.page, fake.page, PROT_READ | PROT_WRITE);
}

/*
 * A slot freed by a completion is posted again only once that completion
 * is given back (the CQ doorbell rung): the entry posted into it needs
 * room in the completion ring, which a NIC with every other entry
 * outstanding would otherwise find full.  A thread posting while another
 * takes a batch would find the slot early; the doorbell's fault stands
 * in for that thread, at the last moment before the doorbell.
 */
TEST(a_slot_is_posted_again_only_after_the_completions_that_freed_it_are_given_back)
{
	struct sigaction sa = { .sa_sigaction = trap_doorbell, .sa_flags = SA_SIGINFO };
	struct rig_completion c[FAKE_ENTRIES];
	struct rig_bnxt *nic;
	struct fake_qp *fq;
	void *at = NULL;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	trap.r = region(_metadata, nic);
	trap.qp = connected_qp(_metadata, nic, FAKE_ENTRIES, 4096, &fq);
	for (uint64_t n = 0; n < FAKE_ENTRIES; n++)
		ASSERT_EQ(0, rig_qp_send(trap.qp, trap.r, 0, 1, n));
	ASSERT_EQ(0, rig_qp_ring(trap.qp));
	for (int n = 0; n < FAKE_ENTRIES; n++)
		fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
	ASSERT_EQ(1, fake_mappings_at(fq->db[DB_CQ], NULL, &at));
	trap.page = at;
	ASSERT_EQ(0, sigaction(SIGSEGV, &sa, NULL));
	ASSERT_EQ(0, mprotect(trap.page, fake.page, PROT_READ));
	EXPECT_EQ(FAKE_ENTRIES, rig_qp_poll_batch(trap.qp, c, FAKE_ENTRIES))
		TH_LOG("%s", rig_error());
	EXPECT_EQ(1, trap.faults);
	EXPECT_EQ(0, trap.posted) TH_LOG("a freed slot was posted before its completion was given back");
	/* And once the batch is back, every slot is free. */
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, FAKE_ENTRIES, CQ_OF(FAKE_ENTRIES)),
		  fake_doorbell(fq, DB_CQ));
	for (uint64_t n = 0; n < FAKE_ENTRIES; n++)
		EXPECT_EQ(0, rig_qp_send(trap.qp, trap.r, 0, 1, n)) TH_LOG("%s", rig_error());
	rig_bnxt_close(nic);
}

TEST(queue_pairs_of_one_open_share_one_doorbell_page_mapped_once)
{
	struct fake_qp *fa, *fb;
	struct rig_qp *a, *b;
	struct rig_bnxt *nic;
	struct rig_region *r;

	fake.one_db_page = true;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	a = connected_qp(_metadata, nic, 4, 4096, &fa);
	b = connected_qp(_metadata, nic, 4, 4096, &fb);
	ASSERT_EQ(fa->db[DB_SQ], fb->db[DB_CQ]);
	EXPECT_EQ(1, fake_mappings(fa->db[DB_SQ], NULL));

	/* Each store is the latest word of the one page. */
	ASSERT_EQ(0, rig_qp_receive(a, r, 0, 1, 1));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_RQ, fa->qpn, 1, fa->rq_slots), fake_doorbell(fa, DB_RQ));
	ASSERT_EQ(0, rig_qp_send(b, r, 0, 1, 2));
	ASSERT_EQ(0, rig_qp_ring(b));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_SQ, fb->qpn, 1, fb->sq_slots), fake_doorbell(fa, DB_RQ));

	/* The page outlives the first queue pair, not the last. */
	ASSERT_EQ(0, rig_qp_destroy(a));
	EXPECT_EQ(1, fake_mappings(fb->db[DB_SQ], NULL));
	ASSERT_EQ(0, rig_qp_send(b, r, 0, 1, 3));
	ASSERT_EQ(0, rig_qp_ring(b));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_SQ, fb->qpn, 2, fb->sq_slots), fake_doorbell(fb, DB_SQ));
	ASSERT_EQ(0, rig_qp_destroy(b));
	EXPECT_EQ(0, fake_mappings(fb->db[DB_SQ], NULL));
	rig_bnxt_close(nic);
}

TEST(destroy_and_close_unmap_rings_and_doorbell_pages)
{
	struct rig_bnxt *nic;
	struct rig_qp *a, *b;

	fake.flags = RIG_BNXT_QUERY_NEEDS_KICK;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_make(nic, 8, &a));
	ASSERT_EQ(0, rig_qp_make(nic, 8, &b));
	/* The status page, and for each: rings and three doorbell pages. */
	EXPECT_EQ(1 + 2 * 4, fake_all_mappings());
	ASSERT_EQ(0, rig_qp_destroy(a));
	EXPECT_EQ(1 + 4, fake_all_mappings());
	rig_bnxt_close(nic);
	EXPECT_EQ(0, fake_all_mappings());
	/* The kernel destroys the rest when the file is closed. */
	EXPECT_EQ(1u, fake.destroys);
}

/* Kicks */

TEST(ring_kicks_a_nic_that_needs_kicks_only_when_it_sleeps)
{
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	fake.flags = RIG_BNXT_QUERY_NEEDS_KICK;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);

	fake_idle(0);
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 1));
	ASSERT_EQ(0, rig_qp_ring(qp));
	EXPECT_EQ(0u, fake.kicks);

	fake_idle(1);
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 2));
	EXPECT_EQ(0u, fake.kicks);	/* posting alone stores no doorbell */
	ASSERT_EQ(0, rig_qp_ring(qp));
	EXPECT_EQ(1u, fake.kicks);
	EXPECT_EQ(fq->handle, fake.kick_handle);
	/* Nothing new: no doorbell, so no kick. */
	ASSERT_EQ(0, rig_qp_ring(qp));
	EXPECT_EQ(1u, fake.kicks);
	rig_bnxt_close(nic);
}

/* A NIC that keeps no rq_wake (no RIG_BNXT_QUERY_RQ_WAKE): as for a send. */
TEST(receive_kicks_a_nic_that_needs_kicks_only_when_it_sleeps)
{
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	fake.flags = RIG_BNXT_QUERY_NEEDS_KICK;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	fake_idle(0);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 1));
	EXPECT_EQ(0u, fake.kicks);
	fake_idle(1);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 2));
	EXPECT_EQ(1u, fake.kicks);
	EXPECT_EQ(fq->handle, fake.kick_handle);
	rig_bnxt_close(nic);
}

TEST(receive_kicks_a_sleeping_nic_only_when_its_status_page_says_a_receive_needs_it)
{
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	fake.flags = RIG_BNXT_QUERY_NEEDS_KICK | RIG_BNXT_QUERY_RQ_WAKE;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 8, 4096, &fq);
	/* Asleep, with nothing a receive could do at once: no kick. */
	fake_idle(1);
	fake_rq_wake(0);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 1));
	EXPECT_EQ(0u, fake.kicks);
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_RQ, fq->qpn, 1, fq->rq_slots), fake_doorbell(fq, DB_RQ));
	/* A send still kicks. */
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 2));
	ASSERT_EQ(0, rig_qp_ring(qp));
	EXPECT_EQ(1u, fake.kicks);
	/* A receive may have work at once (a queue pair in error): a kick. */
	fake_rq_wake(1);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 3));
	EXPECT_EQ(2u, fake.kicks);
	EXPECT_EQ(fq->handle, fake.kick_handle);
	/* Awake, whatever rq_wake says: none. */
	fake_idle(0);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 4));
	EXPECT_EQ(2u, fake.kicks);
	rig_bnxt_close(nic);
}

TEST(a_nic_that_needs_no_kick_is_never_kicked)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	fake_idle(1);	/* what a status page would say, were it mapped */
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 1));
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 2));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
	ASSERT_EQ(1, rig_qp_wait(qp, 0, &c));
	EXPECT_EQ(0u, fake.kicks);
	rig_bnxt_close(nic);
}

TEST(taking_completions_never_kicks)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	fake.flags = RIG_BNXT_QUERY_NEEDS_KICK;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	fake_idle(0);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 8, 1));
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 8, 2));
	fake_idle(1);
	fake_complete_receive(fq, 8, RIG_BNXT_CQ_RES_RC_STATUS_OK);
	ASSERT_EQ(1, rig_qp_poll(qp, &c));
	EXPECT_EQ(1u, c.id);
	EXPECT_EQ(8u, c.bytes);
	fake_complete_receive(fq, 3, RIG_BNXT_CQ_RES_RC_STATUS_OK);
	ASSERT_EQ(1, rig_qp_wait(qp, 0, &c));
	EXPECT_EQ(2u, c.id);
	EXPECT_EQ(3u, c.bytes);
	EXPECT_EQ(0, rig_qp_wait(qp, 0, &c));	/* arms and disarms */
	EXPECT_EQ(0u, fake.kicks);
	rig_bnxt_close(nic);
}

/* The PSN search area */

/* Does PSN search entry @index of @fq say @type, @start, @next? */
static void expect_psn(struct __test_metadata *_metadata, const struct fake_qp *fq,
		       uint32_t index, uint32_t type, uint32_t start, uint32_t next)
{
	struct rig_bnxt_sq_psn_search_ext e = fake_psn(fq, index);

	EXPECT_EQ(type << 24 | start, le32toh(e.opcode_start_psn)) TH_LOG("entry %u", index);
	EXPECT_EQ(next, le32toh(e.flags_next_psn)) TH_LOG("entry %u", index);
	EXPECT_EQ(index * RIG_BNXT_ENTRY_SLOTS, le16toh(e.start_slot_idx)) TH_LOG("entry %u", index);
	EXPECT_EQ(0, e.reserved16 | e.reserved32);
}

TEST(psn_search_entries_describe_every_send_and_read_in_24_bits)
{
	static const struct { bool read; uint32_t bytes, packets; } posts[] = {
		{ false, 0, 1 }, { false, 1, 1 }, { false, 1024, 1 }, { false, 1025, 2 },
		{ true, 3000, 3 }, { false, 4096, 4 }, { true, 1, 1 },
	};
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;
	uint32_t psn;

	fake.psn = RIG_BNXT_PSN_MASK - 2;	/* wraps on the fourth post */
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	/* Our 4096 against the peer's 1500: a path MTU of 1024. */
	qp = connected_qp(_metadata, nic, 8, 1500, &fq);
	psn = fake.psn;
	for (uint32_t i = 0; i < sizeof(posts) / sizeof(posts[0]); i++) {
		uint32_t next = (psn + posts[i].packets) & RIG_BNXT_PSN_MASK;

		if (posts[i].read) {
			ASSERT_EQ(0, rig_qp_read(qp, r, 0, r, 4096, posts[i].bytes, i));
		} else {
			ASSERT_EQ(0, rig_qp_send(qp, r, 0, posts[i].bytes, i));
		}
		/* Written with the entry, before any doorbell. */
		expect_psn(_metadata, fq, i, posts[i].read ? RIG_BNXT_SQ_WQE_TYPE_READ_WQE :
				  RIG_BNXT_SQ_WQE_TYPE_SEND, psn, next);
		psn = next;
	}
	EXPECT_EQ(10u, psn);	/* 0xfffffd + 13 PSNs */
	EXPECT_EQ(0u, fake_doorbell(fq, DB_SQ));
	ASSERT_EQ(0, rig_qp_ring(qp));
	rig_bnxt_close(nic);
}

TEST(psn_search_entries_follow_their_entries_round_the_ring)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 2, 4096, &fq);
	for (uint32_t n = 0; n < 7; n++) {
		/* Two packets each: 4097 bytes at 4096. */
		ASSERT_EQ(0, rig_qp_send(qp, r, 0, 4097, n));
		expect_psn(_metadata, fq, n % fq->sq_slots, RIG_BNXT_SQ_WQE_TYPE_SEND, fake.psn + 2 * n,
			   fake.psn + 2 * n + 2);
		ASSERT_EQ(0, rig_qp_ring(qp));
		fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
		ASSERT_EQ(1, rig_qp_poll(qp, &c));
	}
	rig_bnxt_close(nic);
}

TEST(the_path_mtu_is_the_smaller_rounded_down_to_a_power_of_two)
{
	static const struct { uint32_t ours, theirs, bytes, packets; } cases[] = {
		{ 4096, 256, 1000, 4 },		/* theirs */
		{ 4096, 9000, 10000, 3 },	/* ours */
		{ 1500, 9000, 3000, 3 },	/* ours, an MTU no power of two: 1024 */
		{ 4096, 4095, 4096, 2 },	/* theirs, rounded down: 2048 */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rig_region *r = NULL;
		struct rig_bnxt *nic;
		struct fake_qp *fq;
		struct rig_qp *qp;

		fake.mtu = cases[i].ours;
		fake.region_used = 0;
		ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
		ASSERT_EQ(0, rig_region_host(nic, 3 * 4096, &r)) TH_LOG("%s", rig_error());
		qp = connected_qp(_metadata, nic, 2, cases[i].theirs, &fq);
		EXPECT_EQ(cases[i].theirs, fq->peer_mtu);
		ASSERT_EQ(0, rig_qp_send(qp, r, 0, cases[i].bytes, 0));
		expect_psn(_metadata, fq, 0, RIG_BNXT_SQ_WQE_TYPE_SEND, fake.psn,
			   fake.psn + cases[i].packets);
		ASSERT_EQ(0, rig_qp_destroy(qp));
		rig_bnxt_close(nic);
	}
}

/* The port's MTU lowered between create and connect: the kernel's path MTU counts. */
TEST(psn_search_entries_count_packets_by_the_path_mtu_taken_at_connect)
{
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	fake.port_mtu = 1500;
	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 2, 4096, &fq);
	/* 3000 bytes: three packets of 1024, not one of 4096. */
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 3000, 0));
	expect_psn(_metadata, fq, 0, RIG_BNXT_SQ_WQE_TYPE_SEND, fake.psn, fake.psn + 3);
	rig_bnxt_close(nic);
}

/* Remote reads */

/* The send entry at slot @index of queue pair @q, as an RDMA entry. */
static struct rig_bnxt_sq_rdma_hdr fake_rdma_hdr(const struct fake_qp *q, uint32_t index,
						 struct rig_bnxt_sq_sge *sge)
{
	const unsigned char *e = fake.mem + q->mmap_offset + q->sq + index * RIG_BNXT_ENTRY_SIZE;
	struct rig_bnxt_sq_rdma_hdr h;

	memcpy(&h, e, sizeof(h));
	memcpy(sge, e + sizeof(h), sizeof(*sge));
	return h;
}

TEST(a_remote_read_carries_the_peers_key_and_offset_as_given)
{
	struct rig_endpoint self, peer = { .qp = 0x99, .psn = 0x1234, .mtu = 4096,
					   .nic = FAKE_NIC_ID + 1 };
	struct rig_bnxt_sq_rdma_hdr h;
	struct rig_completion c;
	struct rig_bnxt_sq_sge sge;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq = NULL;
	struct rig_qp *qp = NULL;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	ASSERT_EQ(0, rig_qp_make(nic, 4, &qp)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_endpoint(qp, &self));
	for (int i = 0; i < FAKE_QPS; i++)
		if (fake.qp[i].live && fake.qp[i].qpn == self.qp)
			fq = &fake.qp[i];
	ASSERT_NE(NULL, fq);
	/* A peer on another NIC: rig_qp_read() refuses it, a remote read is for it. */
	ASSERT_EQ(0, rig_qp_connect(qp, &peer)) TH_LOG("%s", rig_error());
	EXPECT_EQ(-EINVAL, rig_qp_read(qp, r, 0, r, 8, 1, 1));
	ASSERT_EQ(0, rig_qp_read_remote(qp, r, 100, 0xabcdef12, 0x123456789aULL, 3000, 7))
		TH_LOG("%s", rig_error());
	h = fake_rdma_hdr(fq, 0, &sge);
	EXPECT_EQ(RIG_BNXT_SQ_WQE_TYPE_READ_WQE, h.wqe_type);
	EXPECT_EQ(3000u, le32toh(h.length));
	EXPECT_EQ(0x123456789aULL, le64toh(h.remote_va));
	EXPECT_EQ(0xabcdef12u, le32toh(h.remote_key));
	EXPECT_EQ(100u, le64toh(sge.va_or_pa));
	EXPECT_EQ(rig_region_key(r), le32toh(sge.l_key));
	EXPECT_EQ(3000u, le32toh(sge.size));
	expect_psn(_metadata, fq, 0, RIG_BNXT_SQ_WQE_TYPE_READ_WQE, fake.psn, fake.psn + 1);
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR);
	ASSERT_EQ(1, rig_qp_poll(qp, &c));
	EXPECT_EQ(7u, c.id);
	EXPECT_EQ(RIG_READ, c.op);
	EXPECT_EQ(RIG_STATUS_REMOTE_ACCESS, c.status);
	rig_bnxt_close(nic);
}

TEST(a_remote_read_checks_its_destination_and_length_and_writes_nothing)
{
	struct rig_bnxt *nic, *other;
	struct rig_region *r, *far;
	struct fake_qp *fq;
	struct rig_qp *qp, *idle = NULL;
	size_t n;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, fake_open(_metadata, &other)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	far = region(_metadata, other);
	n = rig_region_bytes(r);
	qp = connected_qp(_metadata, nic, 2, 4096, &fq);
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(NULL, r, 0, 1, 0, 1, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_read_remote"));
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(qp, NULL, 0, 1, 0, 1, 1));
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(qp, r, 0, 1, 0, 0, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "nothing to read"));
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(qp, r, n - 3, 1, 0, 4, 1));
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(qp, far, 0, 1, 0, 1, 1));
	ASSERT_EQ(0, rig_qp_make(nic, 2, &idle));
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(idle, r, 0, 1, 0, 1, 1));	/* not connected */
	EXPECT_NE(NULL, strstr(rig_error(), "not connected"));
	/* Any key and any remote offset are the peer's NIC's to judge. */
	ASSERT_EQ(0, rig_qp_read_remote(qp, r, n - 4, 0, UINT64_MAX, 4, 1));
	ASSERT_EQ(0, rig_qp_read_remote(qp, r, 0, UINT32_MAX, 0, n, 2));
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(qp, r, 0, 1, 0, 1, 3));	/* the ring is full */
	EXPECT_NE(NULL, strstr(rig_error(), "full"));
	EXPECT_EQ(0u, fake_doorbell(fq, DB_SQ));
	rig_bnxt_close(other);
	rig_bnxt_close(nic);
}

/* State */

TEST(state_is_reset_until_connect_and_ready_after)
{
	struct rig_endpoint peer = { .qp = 1, .mtu = 1024, .nic = FAKE_NIC_ID };
	struct rig_bnxt *nic;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_make(nic, 4, &qp));
	EXPECT_EQ(RIG_QP_RESET, rig_qp_state(qp));
	ASSERT_EQ(0, rig_qp_connect(qp, &peer));
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(qp));
	rig_bnxt_close(nic);
}

TEST(state_turns_to_error_when_a_failed_completion_is_taken_not_before)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 1));
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 2));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR);
	ASSERT_EQ(1, rig_qp_poll(qp, &c));
	EXPECT_EQ(RIG_STATUS_OK, c.status);
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(qp));	/* the failure is not taken yet */
	ASSERT_EQ(1, rig_qp_poll(qp, &c));
	EXPECT_EQ(RIG_STATUS_REMOTE_ACCESS, c.status);
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, c.vendor);
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(qp));
	rig_bnxt_close(nic);
}

TEST(poll_batch_takes_every_completion_at_hand_in_order_with_one_doorbell)
{
	struct rig_completion c[8];
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	EXPECT_EQ(0, rig_qp_poll_batch(qp, c, 8));
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 64, 100));
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 10, 1));
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 10, 2));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
	fake_complete_receive(fq, 33, RIG_BNXT_CQ_RES_RC_STATUS_OK);
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);

	/* Two asked for: two taken, the third stays for the next call. */
	ASSERT_EQ(2, rig_qp_poll_batch(qp, c, 2)) TH_LOG("%s", rig_error());
	EXPECT_EQ(1u, c[0].id);
	EXPECT_EQ(RIG_SEND, c[0].op);
	EXPECT_EQ(100u, c[1].id);
	EXPECT_EQ(RIG_RECEIVE, c[1].op);
	EXPECT_EQ(33u, c[1].bytes);
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 2, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	ASSERT_EQ(1, rig_qp_poll_batch(qp, c, 8));
	EXPECT_EQ(2u, c[0].id);
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 3, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	EXPECT_EQ(0, rig_qp_poll_batch(qp, c, 8));
	rig_bnxt_close(nic);
}

TEST(poll_batch_returns_what_it_took_before_a_bad_completion_and_reports_it_next)
{
	struct rig_completion c[4];
	struct rig_bnxt_cq_req bad = { .status = RIG_BNXT_CQ_REQ_STATUS_OK };
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 10, 1));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
	/* A completion of a queue pair that is not this one. */
	bad.qp_handle = htole64(fq->qp_handle ^ 1);
	fake_write_cqe(fq, &bad, RIG_BNXT_CQ_BASE_CQE_TYPE_REQ);

	ASSERT_EQ(1, rig_qp_poll_batch(qp, c, 4)) TH_LOG("%s", rig_error());
	EXPECT_EQ(1u, c[0].id);
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 1, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	c[0].id = 77;
	EXPECT_EQ(-EPROTO, rig_qp_poll_batch(qp, c, 4));
	EXPECT_NE(NULL, strstr(rig_error(), "another queue pair")) TH_LOG("%s", rig_error());
	EXPECT_EQ(77u, c[0].id);
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 1, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	rig_bnxt_close(nic);
}

TEST(poll_batch_refuses_no_room_or_too_much_and_takes_nothing)
{
	struct rig_completion c[2] = { { .id = 7 } };
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 10, 1));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
	EXPECT_EQ(-EINVAL, rig_qp_poll_batch(NULL, c, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_poll_batch"));
	EXPECT_EQ(-EINVAL, rig_qp_poll_batch(qp, NULL, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "NULL completions"));
	EXPECT_EQ(-EINVAL, rig_qp_poll_batch(qp, c, 0));
	EXPECT_NE(NULL, strstr(rig_error(), "1 to 65536")) TH_LOG("%s", rig_error());
	EXPECT_EQ(-EINVAL, rig_qp_poll_batch(qp, c, RIG_QP_POLL_BATCH_MAX + 1));
	EXPECT_EQ(7u, c[0].id);
	EXPECT_EQ(0u, fake_doorbell(fq, DB_CQ));
	/* The completion is still there. */
	ASSERT_EQ(1, rig_qp_poll_batch(qp, c, 2));
	EXPECT_EQ(1u, c[0].id);
	rig_bnxt_close(nic);
}

TEST(a_flushed_receive_puts_the_queue_pair_in_error)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 1));
	fake_complete_receive(fq, 0, RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR);
	ASSERT_EQ(1, rig_qp_poll(qp, &c));
	EXPECT_EQ(RIG_STATUS_FLUSHED, c.status);
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(qp));
	rig_bnxt_close(nic);
}

/* Aggregated completions and the library's own flush */

/*
 * The fake NIC opened in *@nic, a host region of it in *@r, and a queue
 * pair of 4 entries, connected, its fake side in *@fq.
 */
static struct rig_qp *ready_qp(struct __test_metadata *_metadata, struct rig_bnxt **nic,
			       struct rig_region **r, struct fake_qp **fq)
{
	ASSERT_EQ(0, fake_open(_metadata, nic)) TH_LOG("%s", rig_error());
	*r = region(_metadata, *nic);
	return connected_qp(_metadata, *nic, 4, 4096, fq);
}

/* Post sends of ids @first.. on @qp, @n of them, and ring. */
static void post_sends(struct __test_metadata *_metadata, struct rig_qp *qp, struct rig_region *r,
		       uint64_t first, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		ASSERT_EQ(0, rig_qp_send(qp, r, 0, 8, first + i)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_ring(qp));
}

TEST(one_send_completion_retires_every_entry_before_its_index_one_poll_each)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp = ready_qp(_metadata, &nic, &r, &fq);

	post_sends(_metadata, qp, r, 1, 3);
	fake_complete_sends(fq, 3, RIG_BNXT_CQ_REQ_STATUS_OK);
	for (uint64_t id = 1; id <= 3; id++) {
		ASSERT_EQ(1, rig_qp_poll(qp, &c)) TH_LOG("%s", rig_error());
		EXPECT_EQ(id, c.id);
		EXPECT_EQ(RIG_STATUS_OK, c.status);
		EXPECT_EQ(8u, c.bytes);
		/* The completion leaves the ring with its last entry. */
		EXPECT_EQ(id < 3 ? 0 : doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 1, CQ_OF(4)),
			  fake_doorbell(fq, DB_CQ));
	}
	EXPECT_EQ(0, rig_qp_poll(qp, &c));
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(qp));
	rig_bnxt_close(nic);
}

TEST(an_aggregated_failure_completes_the_entries_before_it_as_succeeded)
{
	struct rig_completion c[4];
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp = ready_qp(_metadata, &nic, &r, &fq);

	post_sends(_metadata, qp, r, 1, 3);
	fake_complete_sends(fq, 3, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR);
	/* A batch of two, then the rest: the completion spans the calls. */
	ASSERT_EQ(2, rig_qp_poll_batch(qp, c, 2)) TH_LOG("%s", rig_error());
	EXPECT_EQ(1u, c[0].id);
	EXPECT_EQ(RIG_STATUS_OK, c[0].status);
	EXPECT_EQ(2u, c[1].id);
	EXPECT_EQ(RIG_STATUS_OK, c[1].status);
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c[1].vendor);
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(qp));
	ASSERT_EQ(1, rig_qp_poll_batch(qp, c, 4));
	EXPECT_EQ(3u, c[0].id);
	EXPECT_EQ(RIG_STATUS_REMOTE_ACCESS, c[0].status);
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, c[0].vendor);
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(qp));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 1, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	rig_bnxt_close(nic);
}

TEST(send_indexes_are_16_bits_taken_modulo_the_ring_across_their_wrap)
{
	struct rig_completion c[4];
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;
	uint64_t id = 0;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	/* Past 65536 entries, in runs of one to three per completion. */
	while (fq->sq_done < 65536 + 8) {
		unsigned int n = 1 + (unsigned int)(fq->sq_done % 3);

		post_sends(_metadata, qp, r, id, n);
		fake_complete_sends(fq, n, RIG_BNXT_CQ_REQ_STATUS_OK);
		ASSERT_EQ((int)n, rig_qp_poll_batch(qp, c, 4))
			TH_LOG("at %llu: %s", (unsigned long long)fq->sq_done, rig_error());
		for (unsigned int i = 0; i < n; i++)
			ASSERT_EQ(id + i, c[i].id);
		id += n;
	}
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(qp));
	rig_bnxt_close(nic);
}

TEST(a_send_index_outside_the_outstanding_entries_is_a_protocol_error_and_takes_nothing)
{
	struct rig_completion c = { .id = 77 };
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp = ready_qp(_metadata, &nic, &r, &fq);

	post_sends(_metadata, qp, r, 1, 2);
	/* Three entries retired, two outstanding. */
	fake_complete_sends(fq, 3, RIG_BNXT_CQ_REQ_STATUS_OK);
	EXPECT_EQ(-EPROTO, rig_qp_poll(qp, &c));
	EXPECT_NE(NULL, strstr(rig_error(), "outside the 2 entries outstanding"))
		TH_LOG("%s", rig_error());
	EXPECT_EQ(77u, c.id);
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(qp));
	EXPECT_EQ(0u, fake_doorbell(fq, DB_CQ));
	/* Still there, still refused: nothing was taken. */
	EXPECT_EQ(-EPROTO, rig_qp_poll(qp, &c));
	EXPECT_EQ(77u, c.id);
	rig_bnxt_close(nic);
}

TEST(a_failed_queue_pair_completes_every_outstanding_entry_once_in_order_as_flushed)
{
	struct rig_completion c[16];
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp = ready_qp(_metadata, &nic, &r, &fq);

	for (uint64_t id = 100; id < 103; id++)
		ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 64, id));
	post_sends(_metadata, qp, r, 1, 3);
	/*
	 * The first send fails; the NIC flushes one receive itself and ends
	 * the queue pair, leaving the other entries to the library.
	 */
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	fake_complete_receive(fq, 0, RIG_BNXT_CQ_RES_RC_STATUS_HW_FLUSH_ERR);
	fake_terminal(fq, -1);

	ASSERT_EQ(1, rig_qp_poll(qp, &c[0])) TH_LOG("%s", rig_error());
	EXPECT_EQ(1u, c[0].id);
	EXPECT_EQ(RIG_STATUS_RETRY_EXCEEDED, c[0].status);
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(qp));
	ASSERT_EQ(5, rig_qp_poll_batch(qp, c, 16)) TH_LOG("%s", rig_error());
	for (int i = 0; i < 5; i++) {
		EXPECT_EQ(i < 2 ? 2u + (uint64_t)i : 100u + (uint64_t)i - 2, c[i].id);
		EXPECT_EQ(i < 2 ? RIG_SEND : RIG_RECEIVE, c[i].op);
		EXPECT_EQ(RIG_STATUS_FLUSHED, c[i].status);
		EXPECT_EQ(0u, c[i].bytes);
	}
	/* The NIC's own completions were taken and given back, not handed out. */
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 3, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	EXPECT_EQ(0, rig_qp_poll_batch(qp, c, 16));
	/* An entry posted in error is flushed too, by the library. */
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 64, 200));
	ASSERT_EQ(1, rig_qp_poll(qp, &c[0]));
	EXPECT_EQ(200u, c[0].id);
	EXPECT_EQ(RIG_STATUS_FLUSHED, c[0].status);
	EXPECT_EQ(-EIO, rig_qp_wait(qp, -1, &c[0]));
	rig_bnxt_close(nic);
}

TEST(a_terminal_completion_completes_the_sends_it_names_then_flushes_the_rest)
{
	struct rig_completion c[8];
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp = ready_qp(_metadata, &nic, &r, &fq);

	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 64, 100));
	post_sends(_metadata, qp, r, 1, 3);
	fake_terminal(fq, 2);
	ASSERT_EQ(1, rig_qp_poll(qp, &c[0])) TH_LOG("%s", rig_error());
	EXPECT_EQ(1u, c[0].id);
	EXPECT_EQ(RIG_STATUS_OK, c[0].status);
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(qp));
	ASSERT_EQ(3, rig_qp_poll_batch(qp, c, 8)) TH_LOG("%s", rig_error());
	EXPECT_EQ(2u, c[0].id);
	EXPECT_EQ(RIG_STATUS_OK, c[0].status);
	EXPECT_EQ(3u, c[1].id);
	EXPECT_EQ(RIG_STATUS_FLUSHED, c[1].status);
	EXPECT_EQ(100u, c[2].id);
	EXPECT_EQ(RIG_STATUS_FLUSHED, c[2].status);
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(qp));
	EXPECT_EQ(0, rig_qp_poll(qp, &c[0]));
	rig_bnxt_close(nic);
}

TEST(a_terminal_completion_naming_no_send_flushes_every_entry)
{
	struct rig_completion c[8];
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp = ready_qp(_metadata, &nic, &r, &fq);

	post_sends(_metadata, qp, r, 1, 2);
	fake_terminal(fq, -1);
	ASSERT_EQ(2, rig_qp_poll_batch(qp, c, 8)) TH_LOG("%s", rig_error());
	EXPECT_EQ(1u, c[0].id);
	EXPECT_EQ(RIG_STATUS_FLUSHED, c[0].status);
	EXPECT_EQ(2u, c[1].id);
	EXPECT_EQ(RIG_STATUS_FLUSHED, c[1].status);
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(qp));
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 1, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	rig_bnxt_close(nic);
}

TEST(wait_on_a_queue_pair_in_error_with_nothing_left_is_an_error_not_a_timeout)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	/* Ready with nothing to take: a timeout. */
	EXPECT_EQ(0, rig_qp_wait(qp, 0, &c));
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 1));
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 2));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	ASSERT_EQ(1, rig_qp_wait(qp, 1000, &c));
	EXPECT_EQ(RIG_STATUS_RETRY_EXCEEDED, c.status);
	/* In error: the library flushes the receive the NIC leaves. */
	ASSERT_EQ(1, rig_qp_wait(qp, 0, &c));
	EXPECT_EQ(2u, c.id);
	EXPECT_EQ(RIG_STATUS_FLUSHED, c.status);
	/* Spent: an error at once, whatever the time left. */
	EXPECT_EQ(-EIO, rig_qp_wait(qp, -1, &c));
	EXPECT_NE(NULL, strstr(rig_error(), "in error")) TH_LOG("%s", rig_error());
	rig_bnxt_close(nic);
}

/* Waiting */

TEST(wait_arms_the_ring_then_sleeps_on_its_queue_pair_until_the_event)
{
	struct rig_completion c;
	struct fake_qp *fq, *other;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	(void)connected_qp(_metadata, nic, 4, 4096, &other);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 7));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake.wait_event = 1;
	ASSERT_EQ(1, rig_qp_wait(qp, 5000, &c)) TH_LOG("%s", rig_error());
	EXPECT_EQ(7u, c.id);
	EXPECT_EQ(1u, fake.waits);
	EXPECT_EQ(fq->handle, fake.wait_handle);
	EXPECT_LT(0u, fake.wait_timeout);
	EXPECT_GE(5000u, fake.wait_timeout);
	/* Armed before it slept, at the next completion to take... */
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ_ARMALL, fq->cqn, 0, CQ_OF(4)), fake.wait_cq_doorbell);
	/* ...and disarmed once it took it. */
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 1, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	EXPECT_EQ(0u, fake_doorbell(other, DB_CQ));
	rig_bnxt_close(nic);
}

TEST(wait_finds_a_completion_at_hand_without_sleeping)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 7));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
	ASSERT_EQ(1, rig_qp_wait(qp, -1, &c));
	EXPECT_EQ(0u, fake.waits);
	rig_bnxt_close(nic);
}

TEST(wait_without_a_limit_sleeps_again_after_each_bounded_sleep)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 7));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake.wait_event = 3;
	ASSERT_EQ(1, rig_qp_wait(qp, -1, &c)) TH_LOG("%s", rig_error());
	EXPECT_EQ(7u, c.id);
	EXPECT_EQ(3u, fake.waits);
	/* Each sleep is bounded (a minute): no timeout_ms stands for "forever". */
	EXPECT_LT(0u, fake.wait_timeout);
	EXPECT_GE(60000u, fake.wait_timeout);
	rig_bnxt_close(nic);
}

TEST(wait_that_times_out_returns_0_and_leaves_the_ring_disarmed)
{
	struct rig_completion c = { .id = 99 };
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 1));
	fake.wait_sleeps = true;
	EXPECT_EQ(0, rig_qp_wait(qp, 30, &c));
	EXPECT_LE(1u, fake.waits);
	EXPECT_GE(30u, fake.wait_timeout);
	EXPECT_EQ(99u, c.id);
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ, fq->cqn, 0, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	rig_bnxt_close(nic);
}

/* Arming, for a caller that sleeps in poll() on the file */

TEST(the_file_to_poll_is_the_nics_own)
{
	struct rig_bnxt *nic;
	struct stat st;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, fstat(rig_bnxt_fd(nic), &st));
	EXPECT_EQ(fake.dev, st.st_dev);
	EXPECT_EQ(fake.ino, st.st_ino);
	rig_bnxt_close(nic);
}

TEST(arm_collects_the_last_event_arms_the_ring_and_says_nothing_is_at_hand)
{
	struct fake_qp *fq, *other;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	(void)connected_qp(_metadata, nic, 4, 4096, &other);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 1));
	EXPECT_EQ(0, rig_qp_arm(qp)) TH_LOG("%s", rig_error());
	/* One wait, of no time: it only collects... */
	EXPECT_EQ(1u, fake.waits);
	EXPECT_EQ(fq->handle, fake.wait_handle);
	EXPECT_EQ(0u, fake.wait_timeout);
	/* ...then the ring is armed at the next completion, and stays armed. */
	EXPECT_EQ(doorbell(RIG_BNXT_DBC_TYPE_CQ_ARMALL, fq->cqn, 0, CQ_OF(4)), fake_doorbell(fq, DB_CQ));
	EXPECT_EQ(0u, fake_doorbell(other, DB_CQ));
	rig_bnxt_close(nic);
}

TEST(arm_with_a_completion_at_hand_says_so_and_takes_nothing)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 7));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_OK);
	EXPECT_EQ(1, rig_qp_arm(qp));
	EXPECT_EQ(1, rig_qp_arm(qp));
	ASSERT_EQ(1, rig_qp_poll(qp, &c));
	EXPECT_EQ(7u, c.id);
	EXPECT_EQ(0, rig_qp_poll(qp, &c));
	EXPECT_EQ(0, rig_qp_arm(qp));
	rig_bnxt_close(nic);
}

TEST(arm_on_a_queue_pair_in_error_with_nothing_left_is_an_error)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_send(qp, r, 0, 1, 1));
	ASSERT_EQ(0, rig_qp_ring(qp));
	fake_complete_send(fq, RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
	ASSERT_EQ(1, rig_qp_poll(qp, &c));
	EXPECT_EQ(-EIO, rig_qp_arm(qp));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_arm: the queue pair is in error"))
		TH_LOG("%s", rig_error());
	rig_bnxt_close(nic);
}

TEST(arm_reports_a_nic_gone)
{
	struct rig_bnxt *nic;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	fake.wait_error = ENODEV;
	EXPECT_EQ(-ENODEV, rig_qp_arm(qp));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_arm")) TH_LOG("%s", rig_error());
	rig_bnxt_close(nic);
}

TEST(wait_reports_a_signal_and_a_nic_gone)
{
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct fake_qp *fq;
	struct rig_qp *qp;

	ASSERT_EQ(0, fake_open(_metadata, &nic)) TH_LOG("%s", rig_error());
	r = region(_metadata, nic);
	qp = connected_qp(_metadata, nic, 4, 4096, &fq);
	ASSERT_EQ(0, rig_qp_receive(qp, r, 0, 1, 1));
	fake.wait_error = EINTR;
	EXPECT_EQ(-EINTR, rig_qp_wait(qp, 1000, &c));
	EXPECT_NE(NULL, strstr(rig_error(), "signal")) TH_LOG("%s", rig_error());
	fake.wait_error = ENODEV;
	EXPECT_EQ(-ENODEV, rig_qp_wait(qp, 1000, &c));
	EXPECT_NE(NULL, strstr(rig_error(), "gone away")) TH_LOG("%s", rig_error());
	rig_bnxt_close(nic);
}

TEST_HARNESS_MAIN
