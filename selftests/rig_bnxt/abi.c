// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's own argument checks and state rules, reached with raw
 * ioctls (no library in front of them): those of every command but
 * RIG_BNXT_REG_REGION (args.c) and RIG_BNXT_QUERY (devices.c), and of
 * mmap().  One test per check, each asserting the errno and that nothing
 * changed (no queue pair, completion queue or region the firmware knows
 * of, no firmware command sent, no page allocated, pinned or charged, the
 * caller's struct unanswered, the objects it named still there).  The
 * rules every command shares, those two included (the size field, the
 * tail, the pointer, the ioctl number, an answer that cannot be written
 * back), are tables over all the commands, each built so that it would
 * succeed but for the one fault.
 */
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "kselftest_harness.h"
#include "raw.h"
#include "rig_util.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* What a refused command must leave as it was. */
struct state {
	long qps, cqs, mrs;	/* the model's live objects */
	long cmds;		/* firmware commands the model consumed */
	long allocated;		/* pages the module allocated for NICs */
	long pinned;		/* this process's VmPin: what it is charged */
};

static struct state state_now(void)
{
	return (struct state){
		.qps = rig_model_num(0, "qps", -1),
		.cqs = rig_model_num(0, "cqs", -1),
		.mrs = rig_model_num(0, "mrs", -1),
		.cmds = rig_model_num(0, "cmds", -1),
		.allocated = rig_debugfs_num("allocated_pages"),
		.pinned = rig_vm_pinned(),
	};
}

FIXTURE(abi) {
	int fd;
	long page;
	struct rig_bnxt_query q;
	struct state before;	/* once the test's own objects are made */
	/* Objects of the file the commands of the tables name. */
	struct rig_bnxt_create_qp qp, peer;
	struct rig_bnxt_reg_region region;
	struct rig_bnxt_dma_alloc dma;
};

/* What is there now is what must not change. */
static void settle(FIXTURE_DATA(abi) *self)
{
	self->before = state_now();
}

FIXTURE_SETUP(abi)
{
	self->fd = -1;
	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	rig_model_clear(0);
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
	self->page = sysconf(_SC_PAGESIZE);
	self->q.size = sizeof(self->q);
	ASSERT_EQ(0, raw_cmd(self->fd, RIG_BNXT_QUERY, &self->q));
	settle(self);
	ASSERT_LE(0, self->before.qps) TH_LOG("the model's debugfs is not there");
	ASSERT_LE(0, self->before.cmds);
	ASSERT_LE(0, self->before.allocated) TH_LOG("debugfs is not mounted");
	ASSERT_LE(0, self->before.pinned);
}

FIXTURE_TEARDOWN(abi)
{
	if (self->fd >= 0)
		close(self->fd);
}

/* Nothing changed since settle(); @what names the attempt. */
static void expect_unchanged(struct __test_metadata *_metadata, FIXTURE_DATA(abi) *self,
			     const char *what)
{
	struct state now = state_now();

	EXPECT_EQ(self->before.qps, now.qps) TH_LOG("%s: queue pairs", what);
	EXPECT_EQ(self->before.cqs, now.cqs) TH_LOG("%s: completion queues", what);
	EXPECT_EQ(self->before.mrs, now.mrs) TH_LOG("%s: regions", what);
	EXPECT_EQ(self->before.cmds, now.cmds) TH_LOG("%s: firmware commands", what);
	EXPECT_EQ(self->before.allocated, now.allocated) TH_LOG("%s: allocated pages", what);
	EXPECT_EQ(self->before.pinned, now.pinned) TH_LOG("%s: VmPin", what);
}

/*
 * @cmd on @arg refused with @err, and nothing changed: no answer written
 * into the @n bytes at @arg (none compared when @n is 0), and nothing
 * made, unmade, sent, allocated or charged since settle().
 */
static void expect_refused(struct __test_metadata *_metadata, FIXTURE_DATA(abi) *self,
			   const char *what, unsigned long cmd, void *arg, size_t n, int err)
{
	unsigned char *sent = malloc(n + 1);

	ASSERT_NE(NULL, sent);
	if (n)
		memcpy(sent, arg, n);
	EXPECT_EQ(-err, raw_cmd(self->fd, cmd, arg)) TH_LOG("%s", what);
	if (n)
		EXPECT_EQ(0, memcmp(sent, arg, n)) TH_LOG("%s: the struct was written", what);
	free(sent);
	expect_unchanged(_metadata, self, what);
}

/* A queue pair of @entries on @fd, not mapped: 0 or -errno, the answer in @c. */
static int make_qp(int fd, uint32_t entries, struct rig_bnxt_create_qp *c)
{
	*c = (struct rig_bnxt_create_qp){ .size = sizeof(*c), .entries = entries };
	return raw_cmd(fd, RIG_BNXT_CREATE_QP, c);
}

/* A DMA buffer of @bytes on @fd: 0 or -errno, the answer in @d. */
static int make_dma(int fd, uint64_t bytes, struct rig_bnxt_dma_alloc *d)
{
	*d = (struct rig_bnxt_dma_alloc){ .size = sizeof(*d), .bytes = bytes };
	return raw_cmd(fd, RIG_BNXT_DMA_ALLOC, d);
}

/* A well-formed connection of @qp to @peer. */
static struct rig_bnxt_connect_qp connect_of(const struct rig_bnxt_create_qp *qp,
					     const struct rig_bnxt_create_qp *peer)
{
	struct rig_bnxt_connect_qp c = {
		.size = sizeof(c),
		.handle = qp->handle,
		.peer_nic = peer->nic,
		.peer_qpn = peer->qpn,
		.peer_psn = peer->psn,
		.peer_mtu = peer->mtu,
	};

	memcpy(c.peer_address, peer->address, sizeof(c.peer_address));
	return c;
}

/* Make the objects the tables' commands name, then settle. */
static void make_objects(struct __test_metadata *_metadata, FIXTURE_DATA(abi) *self)
{
	ASSERT_EQ(0, make_qp(self->fd, 2, &self->qp));
	ASSERT_EQ(0, make_qp(self->fd, 2, &self->peer));
	ASSERT_EQ(0, raw_host(self->fd, self->page, &self->region));
	ASSERT_EQ(0, make_dma(self->fd, self->page, &self->dma));
	settle(self);
}

/* A handle that names nothing among the few a test makes after @live. */
static uint32_t unused_handle(uint32_t live)
{
	return live + 0x1000;
}

/* RIG_BNXT_DMA_ALLOC */

TEST_F(abi, dma_alloc_of_one_byte_answers_a_page_to_map)
{
	struct rig_bnxt_dma_alloc d;
	unsigned char *p;

	ASSERT_EQ(0, make_dma(self->fd, 1, &d));
	EXPECT_EQ(sizeof(d), d.size);
	EXPECT_EQ(self->page, d.mapped_bytes);
	EXPECT_NE(0, d.handle);
	EXPECT_EQ(0, d.reserved);
	EXPECT_NE(0, d.mmap_offset);
	EXPECT_EQ(0, d.mmap_offset % self->page);
	EXPECT_EQ(self->before.allocated + 1, rig_debugfs_num("allocated_pages"));
	EXPECT_EQ(self->before.pinned + self->page, rig_vm_pinned());
	p = mmap(NULL, self->page, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd,
		 (off_t)d.mmap_offset);
	ASSERT_NE(MAP_FAILED, p);
	EXPECT_EQ(0, p[self->page - 1]);
	munmap(p, self->page);
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DMA_FREE, d.handle));
	expect_unchanged(_metadata, self, "alloc and free");
}

TEST_F(abi, dma_alloc_refuses_answer_fields_set_on_input)
{
	static const struct { const char *name; size_t at, n; } out[] = {
		{ "flags", offsetof(struct rig_bnxt_dma_alloc, flags), 4 },
		{ "handle", offsetof(struct rig_bnxt_dma_alloc, handle), 4 },
		{ "reserved", offsetof(struct rig_bnxt_dma_alloc, reserved), 4 },
		{ "mmap_offset", offsetof(struct rig_bnxt_dma_alloc, mmap_offset), 8 },
		{ "mapped_bytes", offsetof(struct rig_bnxt_dma_alloc, mapped_bytes), 8 },
	};
	size_t i, covered = 0;

	for (i = 0; i < COUNT(out); i++) {
		struct rig_bnxt_dma_alloc d = { .size = sizeof(d), .bytes = 1 };

		/* Its first byte, then its last: the whole field is checked. */
		((unsigned char *)&d)[out[i].at] = 1;
		expect_refused(_metadata, self, out[i].name, RIG_BNXT_DMA_ALLOC, &d, sizeof(d),
			       EINVAL);
		((unsigned char *)&d)[out[i].at] = 0;
		((unsigned char *)&d)[out[i].at + out[i].n - 1] = 0x80;
		expect_refused(_metadata, self, out[i].name, RIG_BNXT_DMA_ALLOC, &d, sizeof(d),
			       EINVAL);
		covered += out[i].n;
	}
	/* Every byte but size and bytes is one of them. */
	EXPECT_EQ(sizeof(struct rig_bnxt_dma_alloc) - 12, covered);
}

TEST_F(abi, dma_alloc_refuses_zero_bytes)
{
	struct rig_bnxt_dma_alloc d = { .size = sizeof(d), .bytes = 0 };

	expect_refused(_metadata, self, "0 bytes", RIG_BNXT_DMA_ALLOC, &d, sizeof(d), EINVAL);
}

TEST_F(abi, dma_alloc_whose_pages_overflow_is_out_of_memory)
{
	/* bytes + page - 1 passes 2^64: the rounding overflows. */
	struct rig_bnxt_dma_alloc d = { .size = sizeof(d), .bytes = UINT64_MAX };

	expect_refused(_metadata, self, "UINT64_MAX", RIG_BNXT_DMA_ALLOC, &d, sizeof(d), ENOMEM);
	d.bytes = UINT64_MAX - self->page + 2;
	expect_refused(_metadata, self, "2^64 - page + 1", RIG_BNXT_DMA_ALLOC, &d, sizeof(d),
		       ENOMEM);
}

TEST_F(abi, dma_alloc_of_more_pages_than_the_machine_has_is_out_of_memory)
{
	/* Rounds without overflow, to more pages than any machine has. */
	struct rig_bnxt_dma_alloc d = { .size = sizeof(d), .bytes = 1ull << 50 };

	expect_refused(_metadata, self, "1 PiB", RIG_BNXT_DMA_ALLOC, &d, sizeof(d), ENOMEM);
	d.bytes = UINT64_MAX - self->page + 1;
	expect_refused(_metadata, self, "2^64 - page", RIG_BNXT_DMA_ALLOC, &d, sizeof(d), ENOMEM);
}

/* RIG_BNXT_DMA_FREE */

TEST_F(abi, dma_free_refuses_a_handle_that_names_no_buffer)
{
	struct rig_bnxt_dma_alloc d;
	struct rig_bnxt_handle h = { .size = sizeof(h) };

	ASSERT_EQ(0, make_dma(self->fd, self->page, &d));
	settle(self);
	h.handle = 0;
	expect_refused(_metadata, self, "handle 0", RIG_BNXT_DMA_FREE, &h, sizeof(h), EINVAL);
	h.handle = unused_handle(d.handle);
	expect_refused(_metadata, self, "unused handle", RIG_BNXT_DMA_FREE, &h, sizeof(h), EINVAL);
	/* The buffer is still there, and goes with its own handle. */
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DMA_FREE, d.handle));
	EXPECT_EQ(self->before.allocated - 1, rig_debugfs_num("allocated_pages"));
}

TEST_F(abi, dma_free_of_a_freed_buffer_is_refused)
{
	struct rig_bnxt_dma_alloc d;
	struct rig_bnxt_handle h = { .size = sizeof(h) };

	ASSERT_EQ(0, make_dma(self->fd, self->page, &d));
	h.handle = d.handle;
	EXPECT_EQ(0, raw_cmd(self->fd, RIG_BNXT_DMA_FREE, &h));
	expect_unchanged(_metadata, self, "alloc and free");
	expect_refused(_metadata, self, "freed twice", RIG_BNXT_DMA_FREE, &h, sizeof(h), EINVAL);
}

/* RIG_BNXT_DEREG_REGION */

TEST_F(abi, dereg_region_refuses_a_handle_that_names_no_region)
{
	struct rig_bnxt_handle h = { .size = sizeof(h) };
	struct rig_bnxt_reg_region r;

	ASSERT_EQ(0, raw_host(self->fd, self->page, &r));
	settle(self);
	h.handle = 0;
	expect_refused(_metadata, self, "handle 0", RIG_BNXT_DEREG_REGION, &h, sizeof(h), EINVAL);
	h.handle = unused_handle(r.handle);
	expect_refused(_metadata, self, "unused handle", RIG_BNXT_DEREG_REGION, &h, sizeof(h),
		       EINVAL);
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
	EXPECT_EQ(self->before.mrs - 1, rig_model_num(0, "mrs", -1));
}

TEST_F(abi, dereg_region_of_a_deregistered_region_is_refused)
{
	struct rig_bnxt_handle h = { .size = sizeof(h) };
	struct rig_bnxt_reg_region r;

	ASSERT_EQ(0, raw_host(self->fd, self->page, &r));
	h.handle = r.handle;
	EXPECT_EQ(0, raw_cmd(self->fd, RIG_BNXT_DEREG_REGION, &h));
	EXPECT_EQ(self->before.mrs, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(self->before.allocated, rig_debugfs_num("allocated_pages"));
	/* The second asks the firmware nothing. */
	settle(self);
	expect_refused(_metadata, self, "deregistered twice", RIG_BNXT_DEREG_REGION, &h,
		       sizeof(h), EINVAL);
}

/* handles */

/* Handles of one kind of object name nothing to the commands of another. */
TEST_F(abi, a_handle_names_only_objects_of_its_own_kind)
{
	struct rig_bnxt_wait w = { .size = sizeof(w) };
	struct rig_bnxt_connect_qp c;
	size_t i;

	make_objects(_metadata, self);
	const struct { const char *what; unsigned long cmd; uint32_t handle; } wrong[] = {
		{ "a queue pair to DEREG_REGION", RIG_BNXT_DEREG_REGION, self->qp.handle },
		{ "a DMA buffer to DEREG_REGION", RIG_BNXT_DEREG_REGION, self->dma.handle },
		{ "a queue pair to DMA_FREE", RIG_BNXT_DMA_FREE, self->qp.handle },
		{ "a region to DMA_FREE", RIG_BNXT_DMA_FREE, self->region.handle },
		{ "a region to DESTROY_QP", RIG_BNXT_DESTROY_QP, self->region.handle },
		{ "a DMA buffer to DESTROY_QP", RIG_BNXT_DESTROY_QP, self->dma.handle },
		{ "a region to KICK", RIG_BNXT_KICK, self->region.handle },
		{ "a DMA buffer to KICK", RIG_BNXT_KICK, self->dma.handle },
	};

	for (i = 0; i < COUNT(wrong); i++) {
		struct rig_bnxt_handle h = { .size = sizeof(h), .handle = wrong[i].handle };

		expect_refused(_metadata, self, wrong[i].what, wrong[i].cmd, &h, sizeof(h), EINVAL);
	}
	c = connect_of(&self->qp, &self->peer);
	c.handle = self->region.handle;
	expect_refused(_metadata, self, "a region to CONNECT_QP", RIG_BNXT_CONNECT_QP, &c,
		       sizeof(c), EINVAL);
	w.handle = self->dma.handle;
	expect_refused(_metadata, self, "a DMA buffer to WAIT", RIG_BNXT_WAIT, &w, sizeof(w),
		       EINVAL);
}

/* The handles of one open file name nothing in another. */
TEST_F(abi, a_handle_names_only_objects_of_its_own_file)
{
	int other = raw_open(0);
	struct rig_bnxt_wait w = { .size = sizeof(w) };
	struct rig_bnxt_connect_qp c;
	size_t i;

	ASSERT_LE(0, other);
	make_objects(_metadata, self);
	const struct { const char *what; unsigned long cmd; uint32_t handle; } cmds[] = {
		{ "DEREG_REGION", RIG_BNXT_DEREG_REGION, self->region.handle },
		{ "DMA_FREE", RIG_BNXT_DMA_FREE, self->dma.handle },
		{ "DESTROY_QP", RIG_BNXT_DESTROY_QP, self->qp.handle },
		{ "KICK", RIG_BNXT_KICK, self->qp.handle },
	};

	for (i = 0; i < COUNT(cmds); i++) {
		EXPECT_EQ(-EINVAL, raw_handle(other, cmds[i].cmd, cmds[i].handle))
			TH_LOG("%s", cmds[i].what);
		expect_unchanged(_metadata, self, cmds[i].what);
	}
	c = connect_of(&self->qp, &self->peer);
	EXPECT_EQ(-EINVAL, raw_cmd(other, RIG_BNXT_CONNECT_QP, &c));
	w.handle = self->qp.handle;
	EXPECT_EQ(-EINVAL, raw_cmd(other, RIG_BNXT_WAIT, &w));
	expect_unchanged(_metadata, self, "CONNECT_QP and WAIT");
	close(other);
	/* Each is still its own file's. */
	EXPECT_EQ(0, raw_cmd(self->fd, RIG_BNXT_CONNECT_QP, &c));
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, self->region.handle));
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DMA_FREE, self->dma.handle));
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DESTROY_QP, self->qp.handle));
}

/* RIG_BNXT_CREATE_QP */

TEST_F(abi, create_qp_takes_rings_of_two_and_of_max_entries)
{
	struct rig_bnxt_create_qp small, large;

	ASSERT_EQ(0, make_qp(self->fd, 2, &small));
	EXPECT_EQ(sizeof(small), small.size);
	EXPECT_EQ(4 + RIG_BNXT_CQ_SLACK, small.cq_entries);
	EXPECT_NE(0, small.handle);
	/* Never filled to the last slot; the send ring keeps the reserve. */
	EXPECT_EQ(4, small.rq_slots);
	EXPECT_EQ(256, small.sq_slots);
	ASSERT_EQ(0, make_qp(self->fd, self->q.max_entries, &large))
		TH_LOG("max_entries %u", self->q.max_entries);
	EXPECT_EQ(2 * self->q.max_entries + RIG_BNXT_CQ_SLACK, large.cq_entries);
	EXPECT_EQ(self->before.qps + 2, rig_model_num(0, "qps", -1));
	EXPECT_EQ(self->before.cqs + 2, rig_model_num(0, "cqs", -1));
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DESTROY_QP, small.handle));
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DESTROY_QP, large.handle));
	EXPECT_EQ(self->before.qps, rig_model_num(0, "qps", -1));
	EXPECT_EQ(self->before.allocated, rig_debugfs_num("allocated_pages"));
}

/* CREATE_QP of @entries refused with EINVAL, nothing made. */
static void expect_entries_refused(struct __test_metadata *_metadata, FIXTURE_DATA(abi) *self,
				   uint32_t entries)
{
	struct rig_bnxt_create_qp c = { .size = sizeof(c), .entries = entries };
	char what[32];

	snprintf(what, sizeof(what), "%u entries", entries);
	expect_refused(_metadata, self, what, RIG_BNXT_CREATE_QP, &c, sizeof(c), EINVAL);
}

TEST_F(abi, create_qp_refuses_fewer_than_two_entries)
{
	expect_entries_refused(_metadata, self, 0);
	/* 1 is a power of two: only the bound refuses it. */
	expect_entries_refused(_metadata, self, 1);
}

TEST_F(abi, create_qp_refuses_entries_that_are_not_a_power_of_two)
{
	static const uint32_t bad[] = { 3, 6, 48, 1000 };
	size_t i;

	for (i = 0; i < COUNT(bad); i++)
		expect_entries_refused(_metadata, self, bad[i]);
	/* Just under the largest, within the bound. */
	expect_entries_refused(_metadata, self, self->q.max_entries - 1);
}

TEST_F(abi, create_qp_refuses_more_entries_than_query_allows)
{
	/* Powers of two: only the bound refuses them. */
	expect_entries_refused(_metadata, self, 2 * self->q.max_entries);
	expect_entries_refused(_metadata, self, 2 * RIG_BNXT_QP_ENTRIES_MAX);
	expect_entries_refused(_metadata, self, 1u << 31);
}

TEST_F(abi, create_qp_refuses_answer_fields_set_on_input)
{
#define OUT(f) { #f, offsetof(struct rig_bnxt_create_qp, f), \
		 sizeof(((struct rig_bnxt_create_qp *)0)->f) }
	static const struct { const char *name; size_t at, n; } out[] = {
		OUT(handle), OUT(qpn), OUT(psn), OUT(mtu), OUT(nic), OUT(address),
		OUT(mmap_offset), OUT(mmap_bytes), OUT(sq_offset), OUT(psn_offset),
		OUT(rq_offset), OUT(cq_offset), OUT(cq_entries), OUT(cqn),
		OUT(sq_db_offset), OUT(rq_db_offset), OUT(cq_db_offset), OUT(sq_slots), OUT(rq_slots),
	};
#undef OUT
	size_t i, covered = 0;

	for (i = 0; i < COUNT(out); i++) {
		struct rig_bnxt_create_qp c = { .size = sizeof(c), .entries = 2 };

		((unsigned char *)&c)[out[i].at] = 1;
		expect_refused(_metadata, self, out[i].name, RIG_BNXT_CREATE_QP, &c, sizeof(c),
			       EINVAL);
		((unsigned char *)&c)[out[i].at] = 0;
		((unsigned char *)&c)[out[i].at + out[i].n - 1] = 0x80;
		expect_refused(_metadata, self, out[i].name, RIG_BNXT_CREATE_QP, &c, sizeof(c),
			       EINVAL);
		covered += out[i].n;
	}
	/* Every byte after entries and qp_handle is an answer. */
	EXPECT_EQ(sizeof(struct rig_bnxt_create_qp) - offsetof(struct rig_bnxt_create_qp, handle),
		  covered);
}

/* The rings are locked memory: past RLIMIT_MEMLOCK, nothing is made or charged. */
TEST_F(abi, create_qp_past_rlimit_memlock_is_out_of_memory_and_charges_nothing)
{
	struct rig_bnxt_create_qp c = { .size = sizeof(c), .entries = 2 };

	ASSERT_EQ(0, rig_drop_cap(CAP_IPC_LOCK));
	ASSERT_EQ(0, setrlimit(RLIMIT_MEMLOCK, &(struct rlimit){ 0, 64 << 20 }));
	expect_refused(_metadata, self, "RLIMIT_MEMLOCK 0", RIG_BNXT_CREATE_QP, &c, sizeof(c),
		       ENOMEM);
	/* The limit was all that stood in the way. */
	ASSERT_EQ(0, setrlimit(RLIMIT_MEMLOCK, &(struct rlimit){ 64 << 20, 64 << 20 }));
	EXPECT_EQ(0, raw_cmd(self->fd, RIG_BNXT_CREATE_QP, &c));
	EXPECT_LT(self->before.pinned, rig_vm_pinned());
}

/* RIG_BNXT_CONNECT_QP */

/* Two queue pairs of the file, self->qp to be connected to self->peer. */
static void make_pair(struct __test_metadata *_metadata, FIXTURE_DATA(abi) *self)
{
	ASSERT_EQ(0, make_qp(self->fd, 2, &self->qp));
	ASSERT_EQ(0, make_qp(self->fd, 2, &self->peer));
	settle(self);
}

/* self->qp was left as it was: it connects, once. */
static void expect_connects_once(struct __test_metadata *_metadata, FIXTURE_DATA(abi) *self)
{
	struct rig_bnxt_connect_qp c = connect_of(&self->qp, &self->peer);

	EXPECT_EQ(0, raw_cmd(self->fd, RIG_BNXT_CONNECT_QP, &c));
	EXPECT_EQ(-EINVAL, raw_cmd(self->fd, RIG_BNXT_CONNECT_QP, &c));
}

TEST_F(abi, connect_qp_takes_the_smallest_mtu_and_the_largest_queue_pair_number)
{
	struct rig_bnxt_connect_qp c;

	make_pair(_metadata, self);
	c = connect_of(&self->qp, &self->peer);
	c.peer_mtu = 256;
	c.peer_qpn = RIG_BNXT_DBC_XID_MASK;
	EXPECT_EQ(0, raw_cmd(self->fd, RIG_BNXT_CONNECT_QP, &c));
	EXPECT_LT(self->before.cmds, rig_model_num(0, "cmds", -1));
}

TEST_F(abi, connect_qp_refuses_a_path_mtu_set_on_input)
{
	struct rig_bnxt_connect_qp c;

	make_pair(_metadata, self);
	c = connect_of(&self->qp, &self->peer);
	c.path_mtu = 1;
	expect_refused(_metadata, self, "path_mtu 1", RIG_BNXT_CONNECT_QP, &c, sizeof(c), EINVAL);
	c.path_mtu = 0x80000000;
	expect_refused(_metadata, self, "path_mtu top bit", RIG_BNXT_CONNECT_QP, &c, sizeof(c),
		       EINVAL);
	expect_connects_once(_metadata, self);
}

TEST_F(abi, connect_qp_answers_the_path_mtu_it_took)
{
	struct rig_bnxt_connect_qp c;

	make_pair(_metadata, self);
	c = connect_of(&self->qp, &self->peer);
	c.peer_mtu = 700;
	ASSERT_EQ(0, raw_cmd(self->fd, RIG_BNXT_CONNECT_QP, &c));
	EXPECT_EQ(sizeof(c), c.size);
	EXPECT_EQ(512, c.path_mtu);
}

TEST_F(abi, connect_qp_refuses_a_peer_mtu_under_256)
{
	struct rig_bnxt_connect_qp c;

	make_pair(_metadata, self);
	c = connect_of(&self->qp, &self->peer);
	c.peer_mtu = 255;
	expect_refused(_metadata, self, "mtu 255", RIG_BNXT_CONNECT_QP, &c, sizeof(c), EINVAL);
	c.peer_mtu = 0;
	expect_refused(_metadata, self, "mtu 0", RIG_BNXT_CONNECT_QP, &c, sizeof(c), EINVAL);
	expect_connects_once(_metadata, self);
}

TEST_F(abi, connect_qp_refuses_a_peer_queue_pair_number_over_20_bits)
{
	struct rig_bnxt_connect_qp c;

	make_pair(_metadata, self);
	c = connect_of(&self->qp, &self->peer);
	c.peer_qpn = RIG_BNXT_DBC_XID_MASK + 1;
	expect_refused(_metadata, self, "qpn 2^20", RIG_BNXT_CONNECT_QP, &c, sizeof(c), EINVAL);
	c.peer_qpn = UINT32_MAX;
	expect_refused(_metadata, self, "qpn 2^32 - 1", RIG_BNXT_CONNECT_QP, &c, sizeof(c),
		       EINVAL);
	expect_connects_once(_metadata, self);
}

TEST_F(abi, connect_qp_refuses_a_handle_that_names_no_queue_pair)
{
	struct rig_bnxt_create_qp gone;
	struct rig_bnxt_connect_qp c;

	make_pair(_metadata, self);
	ASSERT_EQ(0, make_qp(self->fd, 2, &gone));
	ASSERT_EQ(0, raw_handle(self->fd, RIG_BNXT_DESTROY_QP, gone.handle));
	settle(self);
	c = connect_of(&self->qp, &self->peer);
	c.handle = 0;
	expect_refused(_metadata, self, "handle 0", RIG_BNXT_CONNECT_QP, &c, sizeof(c), EINVAL);
	c.handle = unused_handle(gone.handle);
	expect_refused(_metadata, self, "unused handle", RIG_BNXT_CONNECT_QP, &c, sizeof(c),
		       EINVAL);
	c.handle = gone.handle;
	expect_refused(_metadata, self, "destroyed", RIG_BNXT_CONNECT_QP, &c, sizeof(c), EINVAL);
	expect_connects_once(_metadata, self);
}

TEST_F(abi, connect_qp_refuses_a_queue_pair_connected_already)
{
	struct rig_bnxt_connect_qp c;

	make_pair(_metadata, self);
	c = connect_of(&self->qp, &self->peer);
	ASSERT_EQ(0, raw_cmd(self->fd, RIG_BNXT_CONNECT_QP, &c));
	settle(self);
	/* Not even to another peer: the firmware is asked nothing. */
	expect_refused(_metadata, self, "again", RIG_BNXT_CONNECT_QP, &c, sizeof(c), EINVAL);
	c.peer_qpn = self->qp.qpn;
	expect_refused(_metadata, self, "another peer", RIG_BNXT_CONNECT_QP, &c, sizeof(c),
		       EINVAL);
}

/* RIG_BNXT_DESTROY_QP */

TEST_F(abi, destroy_qp_refuses_a_handle_that_names_no_queue_pair)
{
	struct rig_bnxt_handle h = { .size = sizeof(h) };
	struct rig_bnxt_create_qp c;

	ASSERT_EQ(0, make_qp(self->fd, 2, &c));
	settle(self);
	h.handle = 0;
	expect_refused(_metadata, self, "handle 0", RIG_BNXT_DESTROY_QP, &h, sizeof(h), EINVAL);
	h.handle = unused_handle(c.handle);
	expect_refused(_metadata, self, "unused handle", RIG_BNXT_DESTROY_QP, &h, sizeof(h),
		       EINVAL);
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DESTROY_QP, c.handle));
	EXPECT_EQ(self->before.qps - 1, rig_model_num(0, "qps", -1));
	EXPECT_EQ(self->before.cqs - 1, rig_model_num(0, "cqs", -1));
}

TEST_F(abi, destroy_qp_of_a_destroyed_queue_pair_is_refused)
{
	struct rig_bnxt_handle h = { .size = sizeof(h) };
	struct rig_bnxt_create_qp c;

	ASSERT_EQ(0, make_qp(self->fd, 2, &c));
	h.handle = c.handle;
	ASSERT_EQ(0, raw_cmd(self->fd, RIG_BNXT_DESTROY_QP, &h));
	EXPECT_EQ(self->before.qps, rig_model_num(0, "qps", -1));
	EXPECT_EQ(self->before.allocated, rig_debugfs_num("allocated_pages"));
	settle(self);
	expect_refused(_metadata, self, "destroyed twice", RIG_BNXT_DESTROY_QP, &h, sizeof(h),
		       EINVAL);
}

/* RIG_BNXT_KICK */

TEST_F(abi, kick_refuses_a_handle_that_names_no_queue_pair)
{
	struct rig_bnxt_handle h = { .size = sizeof(h) };
	struct rig_bnxt_create_qp c, gone;

	ASSERT_EQ(0, make_qp(self->fd, 2, &c));
	ASSERT_EQ(0, make_qp(self->fd, 2, &gone));
	ASSERT_EQ(0, raw_handle(self->fd, RIG_BNXT_DESTROY_QP, gone.handle));
	settle(self);
	h.handle = 0;
	expect_refused(_metadata, self, "handle 0", RIG_BNXT_KICK, &h, sizeof(h), EINVAL);
	h.handle = unused_handle(gone.handle);
	expect_refused(_metadata, self, "unused handle", RIG_BNXT_KICK, &h, sizeof(h), EINVAL);
	h.handle = gone.handle;
	expect_refused(_metadata, self, "destroyed", RIG_BNXT_KICK, &h, sizeof(h), EINVAL);
	/* A live one is kicked, on a NIC that needs kicks. */
	EXPECT_EQ(self->q.flags & RIG_BNXT_QUERY_NEEDS_KICK ? 0 : -EOPNOTSUPP,
		  raw_handle(self->fd, RIG_BNXT_KICK, c.handle));
}

/* RIG_BNXT_WAIT */

TEST_F(abi, wait_refuses_a_nonzero_reserved_field)
{
	struct rig_bnxt_wait w = { .size = sizeof(w) };
	struct rig_bnxt_create_qp c;

	ASSERT_EQ(0, make_qp(self->fd, 2, &c));
	settle(self);
	w.handle = c.handle;
	w.reserved = 1;
	expect_refused(_metadata, self, "reserved 1", RIG_BNXT_WAIT, &w, sizeof(w), EINVAL);
	w.reserved = 0x80000000;
	expect_refused(_metadata, self, "reserved top bit", RIG_BNXT_WAIT, &w, sizeof(w), EINVAL);
	/* Well formed, it finds nothing to collect. */
	w.reserved = 0;
	EXPECT_EQ(-ETIMEDOUT, raw_cmd(self->fd, RIG_BNXT_WAIT, &w));
}

TEST_F(abi, wait_refuses_a_handle_that_names_no_queue_pair)
{
	struct rig_bnxt_wait w = { .size = sizeof(w) };
	struct rig_bnxt_create_qp gone;

	ASSERT_EQ(0, make_qp(self->fd, 2, &gone));
	ASSERT_EQ(0, raw_handle(self->fd, RIG_BNXT_DESTROY_QP, gone.handle));
	settle(self);
	w.handle = 0;
	expect_refused(_metadata, self, "handle 0", RIG_BNXT_WAIT, &w, sizeof(w), EINVAL);
	w.handle = unused_handle(gone.handle);
	expect_refused(_metadata, self, "unused handle", RIG_BNXT_WAIT, &w, sizeof(w), EINVAL);
	w.handle = gone.handle;
	expect_refused(_metadata, self, "destroyed", RIG_BNXT_WAIT, &w, sizeof(w), EINVAL);
}

/* RIG_BNXT_LAST_ERROR */

/* Leave a reason in the file's last error: a region the firmware refuses. */
static void provoke_error(struct __test_metadata *_metadata, FIXTURE_DATA(abi) *self)
{
	struct rig_bnxt_reg_region r;

	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_REGISTER_MR));
	ASSERT_EQ(-EIO, raw_host(self->fd, self->page, &r));
	settle(self);
}

/* provoke_error()'s reason is kept for one LAST_ERROR, which clears it. */
static void expect_error_kept(struct __test_metadata *_metadata, FIXTURE_DATA(abi) *self)
{
	struct rig_bnxt_last_error e = { .size = sizeof(e) };

	ASSERT_EQ(0, raw_cmd(self->fd, RIG_BNXT_LAST_ERROR, &e));
	EXPECT_NE(NULL, strstr(e.message, "REGISTER_MR")) TH_LOG("\"%s\"", e.message);
	memset(&e, 0, sizeof(e));
	e.size = sizeof(e);
	ASSERT_EQ(0, raw_cmd(self->fd, RIG_BNXT_LAST_ERROR, &e));
	EXPECT_STREQ("", e.message);
}

TEST_F(abi, last_error_refuses_a_nonzero_reserved_field)
{
	struct rig_bnxt_last_error e = { .size = sizeof(e), .reserved = 1 };

	provoke_error(_metadata, self);
	expect_refused(_metadata, self, "reserved 1", RIG_BNXT_LAST_ERROR, &e, sizeof(e), EINVAL);
	e.reserved = 0x80000000;
	expect_refused(_metadata, self, "reserved top bit", RIG_BNXT_LAST_ERROR, &e, sizeof(e),
		       EINVAL);
	expect_error_kept(_metadata, self);
}

TEST_F(abi, last_error_refuses_message_bytes_set_on_input)
{
	static const size_t at[] = { 0, RIG_BNXT_ERROR_BYTES / 2, RIG_BNXT_ERROR_BYTES - 1 };
	size_t i;

	provoke_error(_metadata, self);
	for (i = 0; i < COUNT(at); i++) {
		struct rig_bnxt_last_error e = { .size = sizeof(e) };
		char what[32];

		e.message[at[i]] = 'x';
		snprintf(what, sizeof(what), "message[%zu]", at[i]);
		expect_refused(_metadata, self, what, RIG_BNXT_LAST_ERROR, &e, sizeof(e), EINVAL);
	}
	expect_error_kept(_metadata, self);
}

/* The rules every command shares */

/*
 * Every command, and how to make a well-formed one of it on the objects
 * make_objects() made.  Each would succeed (answer @ok) as built; the
 * tests below break one rule at a time.  A command added to the ABI
 * belongs here: the_numbers_beside_the_commands_are_not_commands says so.
 */
struct abi_cmd {
	const char *name;
	unsigned long cmd;
	uint32_t size;		/* the kernel's struct */
	uint32_t first;		/* the struct's first version: the least taken */
	bool answers;		/* writes its struct back */
	int ok;			/* what the well-formed command returns */
	/* Fill the zeroed @arg, all but its size. */
	void (*fill)(FIXTURE_DATA(abi) *self, void *arg);
};

static void fill_nothing(FIXTURE_DATA(abi) *self, void *arg)
{
	(void)self;
	(void)arg;
}

static void fill_reg_region(FIXTURE_DATA(abi) *self, void *arg)
{
	struct rig_bnxt_reg_region *r = arg;

	r->type = RIG_BNXT_REGION_HOST;
	r->bytes = self->page;
}

static void fill_dereg_region(FIXTURE_DATA(abi) *self, void *arg)
{
	((struct rig_bnxt_handle *)arg)->handle = self->region.handle;
}

static void fill_dma_alloc(FIXTURE_DATA(abi) *self, void *arg)
{
	((struct rig_bnxt_dma_alloc *)arg)->bytes = self->page;
}

static void fill_dma_free(FIXTURE_DATA(abi) *self, void *arg)
{
	((struct rig_bnxt_handle *)arg)->handle = self->dma.handle;
}

static void fill_create_qp(FIXTURE_DATA(abi) *self, void *arg)
{
	(void)self;
	((struct rig_bnxt_create_qp *)arg)->entries = 2;
}

static void fill_connect_qp(FIXTURE_DATA(abi) *self, void *arg)
{
	struct rig_bnxt_connect_qp c = connect_of(&self->qp, &self->peer);

	memcpy(arg, &c, sizeof(c));
}

/* The peer goes: the queue pair stays for KICK and WAIT. */
static void fill_destroy_qp(FIXTURE_DATA(abi) *self, void *arg)
{
	((struct rig_bnxt_handle *)arg)->handle = self->peer.handle;
}

static void fill_kick(FIXTURE_DATA(abi) *self, void *arg)
{
	((struct rig_bnxt_handle *)arg)->handle = self->qp.handle;
}

/* timeout_ms 0: collect an event that came, or ETIMEDOUT at once. */
static void fill_wait(FIXTURE_DATA(abi) *self, void *arg)
{
	((struct rig_bnxt_wait *)arg)->handle = self->qp.handle;
}

#define CMD(c, type, ans, ret, fn) \
	{ #c, RIG_BNXT_##c, sizeof(type), sizeof(type), ans, ret, fn }
/* A struct that grew: its first version ended before @field. */
#define CMD_GREW(c, type, field, ans, ret, fn) \
	{ #c, RIG_BNXT_##c, sizeof(type), offsetof(type, field), ans, ret, fn }

/* In the order of their numbers, from RIG_BNXT_BASE. */
static const struct abi_cmd abi_cmds[] = {
	CMD(QUERY, struct rig_bnxt_query, true, 0, fill_nothing),
	CMD_GREW(REG_REGION, struct rig_bnxt_reg_region, fd, true, 0, fill_reg_region),
	CMD(DEREG_REGION, struct rig_bnxt_handle, false, 0, fill_dereg_region),
	CMD(DMA_ALLOC, struct rig_bnxt_dma_alloc, true, 0, fill_dma_alloc),
	CMD(DMA_FREE, struct rig_bnxt_handle, false, 0, fill_dma_free),
	CMD(CREATE_QP, struct rig_bnxt_create_qp, true, 0, fill_create_qp),
	CMD(CONNECT_QP, struct rig_bnxt_connect_qp, true, 0, fill_connect_qp),
	CMD(DESTROY_QP, struct rig_bnxt_handle, false, 0, fill_destroy_qp),
	CMD(KICK, struct rig_bnxt_handle, false, 0, fill_kick),
	CMD(WAIT, struct rig_bnxt_wait, false, -ETIMEDOUT, fill_wait),
	CMD(LAST_ERROR, struct rig_bnxt_last_error, true, 0, fill_nothing),
};

#undef CMD
#undef CMD_GREW

/* The table's entry of @cmd. */
static const struct abi_cmd *abi_cmd_of(unsigned long cmd)
{
	return &abi_cmds[_IOC_NR(cmd) - RIG_BNXT_BASE];
}

/* Zero the @n bytes at @arg, fill in a well-formed @c, and say it is @size bytes. */
static void build(FIXTURE_DATA(abi) *self, const struct abi_cmd *c, void *arg, size_t n,
		  uint32_t size)
{
	memset(arg, 0, n);
	c->fill(self, arg);
	*(uint32_t *)arg = size;
}

/*
 * The baseline of the tables: each command, well formed, is taken in a
 * struct of a whole page with a zero tail; one with an answer writes
 * back only its own struct, saying its size, and one without writes
 * nothing.
 */
TEST_F(abi, every_command_takes_a_whole_page_struct_with_a_zero_tail)
{
	unsigned char *arg = malloc(self->page), *sent = malloc(self->page);
	size_t i, j;

	ASSERT_NE(NULL, arg);
	ASSERT_NE(NULL, sent);
	make_objects(_metadata, self);
	for (i = 0; i < COUNT(abi_cmds); i++) {
		const struct abi_cmd *c = &abi_cmds[i];

		build(self, c, arg, self->page, self->page);
		memcpy(sent, arg, self->page);
		EXPECT_EQ(c->ok, raw_cmd(self->fd, c->cmd, arg)) TH_LOG("%s", c->name);
		if (c->answers) {
			EXPECT_EQ(c->size, *(uint32_t *)arg) TH_LOG("%s", c->name);
			for (j = c->size; j < (size_t)self->page && !arg[j]; j++)
				;
			EXPECT_EQ(self->page, j) TH_LOG("%s wrote past its struct", c->name);
		} else {
			EXPECT_EQ(0, memcmp(sent, arg, self->page)) TH_LOG("%s answered", c->name);
		}
	}
	free(arg);
	free(sent);
}

/* A caller built before dma-buf regions still registers, answered in its own bytes. */
TEST_F(abi, a_region_struct_of_the_first_version_registers_and_is_answered_in_its_size)
{
	unsigned char arg[sizeof(struct rig_bnxt_reg_region)];
	struct rig_bnxt_reg_region *r = (struct rig_bnxt_reg_region *)arg;
	uint32_t first = offsetof(struct rig_bnxt_reg_region, fd);
	size_t i;

	memset(arg, 0xa5, sizeof(arg));
	memset(arg, 0, first);
	r->size = first;
	r->type = RIG_BNXT_REGION_HOST;
	r->bytes = 1;
	ASSERT_EQ(0, raw_cmd(self->fd, RIG_BNXT_REG_REGION, r));
	EXPECT_EQ(sizeof(*r), r->size);
	EXPECT_NE(0, r->key);
	EXPECT_EQ(self->page, r->region_bytes);
	for (i = first; i < sizeof(arg); i++)
		EXPECT_EQ(0xa5, arg[i]) TH_LOG("byte %zu past the first version", i);
}

TEST_F(abi, a_region_other_than_a_dma_buf_refuses_an_fd_and_every_region_a_reserved_field)
{
	struct rig_bnxt_reg_region r = {
		.size = sizeof(r), .type = RIG_BNXT_REGION_HOST, .bytes = 1, .fd = 3,
	};

	expect_refused(_metadata, self, "host region with an fd", RIG_BNXT_REG_REGION, &r,
		       sizeof(r), EINVAL);
	r.fd = 0;
	r.reserved = 1;
	expect_refused(_metadata, self, "host region with reserved set", RIG_BNXT_REG_REGION,
		       &r, sizeof(r), EINVAL);
	r.type = RIG_BNXT_REGION_DMABUF;
	r.fd = 3;
	expect_refused(_metadata, self, "dma-buf region with reserved set", RIG_BNXT_REG_REGION,
		       &r, sizeof(r), EINVAL);
}

TEST_F(abi, every_command_refuses_a_struct_shorter_than_its_first_version)
{
	unsigned char arg[256];
	size_t i, j;

	make_objects(_metadata, self);
	for (i = 0; i < COUNT(abi_cmds); i++) {
		const struct abi_cmd *c = &abi_cmds[i];
		const uint32_t sizes[] = { 0, 4, c->first - 1 };

		for (j = 0; j < COUNT(sizes); j++) {
			char what[64];

			snprintf(what, sizeof(what), "%s of %u bytes", c->name, sizes[j]);
			build(self, c, arg, sizeof(arg), sizes[j]);
			expect_refused(_metadata, self, what, c->cmd, arg, c->size, EINVAL);
		}
	}
}

TEST_F(abi, every_command_refuses_a_size_past_a_page)
{
	size_t n = self->page + 8, i;
	unsigned char *arg = malloc(n);

	ASSERT_NE(NULL, arg);
	make_objects(_metadata, self);
	for (i = 0; i < COUNT(abi_cmds); i++) {
		const struct abi_cmd *c = &abi_cmds[i];
		char what[64];

		/* A zero tail past the page: all it breaks is the bound. */
		snprintf(what, sizeof(what), "%s of a page and 8 bytes", c->name);
		build(self, c, arg, n, n);
		expect_refused(_metadata, self, what, c->cmd, arg, n, EINVAL);
		snprintf(what, sizeof(what), "%s of a page and 1 byte", c->name);
		build(self, c, arg, n, self->page + 1);
		expect_refused(_metadata, self, what, c->cmd, arg, n, EINVAL);
		/* Past the buffer too: only the bound keeps the kernel from reading 4 GiB. */
		snprintf(what, sizeof(what), "%s of 2^32 - 1 bytes", c->name);
		build(self, c, arg, n, UINT32_MAX);
		expect_refused(_metadata, self, what, c->cmd, arg, n, EINVAL);
	}
	free(arg);
}

TEST_F(abi, every_command_refuses_a_longer_struct_with_a_nonzero_tail)
{
	unsigned char *arg = malloc(self->page);
	size_t i, j;

	ASSERT_NE(NULL, arg);
	make_objects(_metadata, self);
	for (i = 0; i < COUNT(abi_cmds); i++) {
		const struct abi_cmd *c = &abi_cmds[i];
		/* The tail's first byte, its last, and the last of a whole page. */
		const size_t sizes[] = { c->size + 8, c->size + 8, self->page };
		const size_t at[] = { c->size, c->size + 7, self->page - 1 };

		for (j = 0; j < COUNT(at); j++) {
			char what[64];

			snprintf(what, sizeof(what), "%s of %zu bytes, byte %zu set", c->name,
				 sizes[j], at[j]);
			build(self, c, arg, self->page, sizes[j]);
			arg[at[j]] = 1;
			expect_refused(_metadata, self, what, c->cmd, arg, self->page, E2BIG);
		}
	}
	free(arg);
}

TEST_F(abi, every_command_with_a_null_or_unmapped_pointer_is_a_fault)
{
	unsigned char *none = mmap(NULL, self->page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *const bad[] = { NULL, (void *)16, none, (void *)0xffff888000000000ull };
	size_t i, j;

	ASSERT_NE(MAP_FAILED, none);
	make_objects(_metadata, self);
	for (i = 0; i < COUNT(abi_cmds); i++) {
		for (j = 0; j < COUNT(bad); j++) {
			char what[64];

			snprintf(what, sizeof(what), "%s at %p", abi_cmds[i].name, bad[j]);
			expect_refused(_metadata, self, what, abi_cmds[i].cmd, bad[j], 0, EFAULT);
		}
	}
	munmap(none, self->page);
}

TEST_F(abi, every_command_whose_struct_runs_into_an_unmapped_page_is_a_fault)
{
	unsigned char *m = mmap(NULL, 2 * self->page, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char *end = m + self->page, wellformed[256];
	size_t i;

	ASSERT_NE(MAP_FAILED, m);
	ASSERT_EQ(0, mprotect(end, self->page, PROT_NONE));
	make_objects(_metadata, self);
	for (i = 0; i < COUNT(abi_cmds); i++) {
		const struct abi_cmd *c = &abi_cmds[i];
		char what[64];

		/* The struct is readable, its zero tail is not. */
		snprintf(what, sizeof(what), "%s with its tail unmapped", c->name);
		build(self, c, wellformed, sizeof(wellformed), c->size + 8);
		memcpy(end - c->size, wellformed, c->size);
		expect_refused(_metadata, self, what, c->cmd, end - c->size, c->size, EFAULT);
		/* Only the size is readable. */
		snprintf(what, sizeof(what), "%s with all but its size unmapped", c->name);
		*(uint32_t *)(end - 4) = c->size;
		expect_refused(_metadata, self, what, c->cmd, end - 4, 4, EFAULT);
	}
	munmap(m, 2 * self->page);
}

/* The ioctl number encodes no size: one that does is another command. */
TEST_F(abi, no_command_answers_to_its_number_with_a_direction_or_size_encoded)
{
	unsigned char arg[256];
	size_t i, j;

	make_objects(_metadata, self);
	for (i = 0; i < COUNT(abi_cmds); i++) {
		const struct abi_cmd *c = &abi_cmds[i];
		unsigned int nr = _IOC_NR(c->cmd);
		const unsigned long encoded[] = {
			_IOC(_IOC_READ, RIG_BNXT_TYPE, nr, c->size),
			_IOC(_IOC_WRITE, RIG_BNXT_TYPE, nr, c->size),
			_IOC(_IOC_READ | _IOC_WRITE, RIG_BNXT_TYPE, nr, c->size),
			_IOC(_IOC_NONE, RIG_BNXT_TYPE, nr, c->size),
			_IOC(_IOC_WRITE, RIG_BNXT_TYPE, nr, 0),
		};

		for (j = 0; j < COUNT(encoded); j++) {
			char what[64];

			snprintf(what, sizeof(what), "%s as %#lx", c->name, encoded[j]);
			build(self, c, arg, sizeof(arg), c->size);
			expect_refused(_metadata, self, what, encoded[j], arg, c->size, ENOTTY);
		}
	}
}

TEST_F(abi, the_numbers_beside_the_commands_are_not_commands)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };

	/* The table above is every command: the next number is none. */
	EXPECT_EQ(RIG_BNXT_LAST_ERROR, abi_cmds[COUNT(abi_cmds) - 1].cmd);
	expect_refused(_metadata, self, "the number after the last",
		       _IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + COUNT(abi_cmds)), &q, sizeof(q), ENOTTY);
	expect_refused(_metadata, self, "the number before the first",
		       _IO(RIG_BNXT_TYPE, RIG_BNXT_BASE - 1), &q, sizeof(q), ENOTTY);
}

/*
 * A command whose answer cannot be written back (its struct is in
 * read-only memory: read, but not written) fails with EFAULT and has
 * changed nothing: what it made is unmade, its memory freed and uncharged.
 */
TEST_F(abi, an_answer_that_cannot_be_written_back_unmakes_what_the_command_made)
{
	static const unsigned long makers[] = {
		RIG_BNXT_REG_REGION, RIG_BNXT_DMA_ALLOC, RIG_BNXT_CREATE_QP,
	};
	unsigned char *ro = mmap(NULL, self->page, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct rig_bnxt_create_qp c;
	size_t i;

	ASSERT_NE(MAP_FAILED, ro);
	for (i = 0; i < COUNT(makers); i++) {
		const struct abi_cmd *cmd = abi_cmd_of(makers[i]);
		struct state now;

		ASSERT_EQ(0, mprotect(ro, self->page, PROT_READ | PROT_WRITE));
		build(self, cmd, ro, self->page, cmd->size);
		ASSERT_EQ(0, mprotect(ro, self->page, PROT_READ));
		EXPECT_EQ(-EFAULT, raw_cmd(self->fd, cmd->cmd, ro)) TH_LOG("%s", cmd->name);
		/* It may have asked the firmware to make and unmake. */
		now = state_now();
		EXPECT_EQ(self->before.qps, now.qps) TH_LOG("%s", cmd->name);
		EXPECT_EQ(self->before.cqs, now.cqs) TH_LOG("%s", cmd->name);
		EXPECT_EQ(self->before.mrs, now.mrs) TH_LOG("%s", cmd->name);
		EXPECT_EQ(self->before.allocated, now.allocated) TH_LOG("%s", cmd->name);
		EXPECT_EQ(self->before.pinned, now.pinned) TH_LOG("%s", cmd->name);
	}
	/* The file is as usable as before. */
	EXPECT_EQ(0, make_qp(self->fd, 2, &c));
	munmap(ro, self->page);
}

/*
 * A command that cannot write its answer back has changed nothing: the
 * message RIG_BNXT_LAST_ERROR could not hand over is still there for the
 * next call, which takes it.
 */
TEST_F(abi, last_error_that_cannot_be_written_back_is_a_fault_and_keeps_its_message)
{
	unsigned char *ro = mmap(NULL, self->page, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct rig_bnxt_last_error e = { .size = sizeof(e) };

	ASSERT_NE(MAP_FAILED, ro);
	provoke_error(_metadata, self);
	memcpy(ro, &e, sizeof(e));
	ASSERT_EQ(0, mprotect(ro, self->page, PROT_READ));
	EXPECT_EQ(-EFAULT, raw_cmd(self->fd, RIG_BNXT_LAST_ERROR, ro));
	expect_error_kept(_metadata, self);
	munmap(ro, self->page);
}

/* mmap */

/* mmap() of @len bytes at @offset of the file: 0 (unmapped again) or -errno. */
static int map_at(int fd, size_t len, int prot, int flags, uint64_t offset)
{
	void *p = mmap(NULL, len, prot, flags, fd, (off_t)offset);

	if (p == MAP_FAILED)
		return -errno;
	munmap(p, len);
	return 0;
}

#define PROT_RW (PROT_READ | PROT_WRITE)

TEST_F(abi, mmap_of_a_cookie_the_file_never_gave_is_refused)
{
	struct rig_bnxt_dma_alloc d;
	uint64_t cookie;

	ASSERT_EQ(0, make_dma(self->fd, self->page, &d));
	cookie = d.mmap_offset / self->page;
	EXPECT_EQ(0, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, d.mmap_offset));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, 0));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED,
				  (cookie + 0x1000) * self->page));
	/* Past the cookies the kernel hands out (2^31 - 1), within 32 bits. */
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED,
				  (1ull << 31) * self->page));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED,
				  (uint64_t)UINT32_MAX * self->page));
}

TEST_F(abi, mmap_longer_than_what_a_cookie_names_is_refused)
{
	struct rig_bnxt_dma_alloc d;
	struct rig_bnxt_create_qp c;

	ASSERT_EQ(0, make_dma(self->fd, 2 * self->page, &d));
	ASSERT_EQ(0, make_qp(self->fd, 2, &c));
	EXPECT_EQ(-EINVAL, map_at(self->fd, 3 * self->page, PROT_RW, MAP_SHARED, d.mmap_offset));
	EXPECT_EQ(0, map_at(self->fd, 2 * self->page, PROT_RW, MAP_SHARED, d.mmap_offset));
	EXPECT_EQ(-EINVAL, map_at(self->fd, c.mmap_bytes + self->page, PROT_RW, MAP_SHARED,
				  c.mmap_offset));
	EXPECT_EQ(0, map_at(self->fd, c.mmap_bytes, PROT_RW, MAP_SHARED, c.mmap_offset));
}

TEST_F(abi, mmap_that_is_not_shared_is_refused)
{
	struct rig_bnxt_dma_alloc d;
	struct rig_bnxt_create_qp c;

	ASSERT_EQ(0, make_dma(self->fd, self->page, &d));
	ASSERT_EQ(0, make_qp(self->fd, 2, &c));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_PRIVATE, d.mmap_offset));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_READ, MAP_PRIVATE, d.mmap_offset));
	EXPECT_EQ(-EINVAL, map_at(self->fd, c.mmap_bytes, PROT_RW, MAP_PRIVATE, c.mmap_offset));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_PRIVATE, c.sq_db_offset));
	EXPECT_EQ(0, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, d.mmap_offset));
}

TEST_F(abi, mmap_at_an_offset_past_32_bits_of_pages_is_refused)
{
	struct rig_bnxt_dma_alloc d;
	uint64_t cookie;

	ASSERT_EQ(0, make_dma(self->fd, self->page, &d));
	cookie = d.mmap_offset / self->page;
	/* A live cookie in its low 32 bits: it must not be found by them. */
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED,
				  (cookie + (1ull << 32)) * self->page));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED,
				  (1ull << 32) * self->page));
	EXPECT_EQ(0, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, d.mmap_offset));
}

TEST_F(abi, mmap_of_a_doorbell_page_as_two_pages_is_refused)
{
	struct rig_bnxt_create_qp c;

	ASSERT_EQ(0, make_qp(self->fd, 2, &c));
	EXPECT_EQ(-EINVAL, map_at(self->fd, 2 * self->page, PROT_RW, MAP_SHARED, c.sq_db_offset));
	EXPECT_EQ(-EINVAL, map_at(self->fd, 2 * self->page, PROT_RW, MAP_SHARED, c.cq_db_offset));
	EXPECT_EQ(0, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, c.sq_db_offset));
}

TEST_F(abi, mmap_of_a_destroyed_queue_pairs_cookies_is_refused)
{
	struct rig_bnxt_create_qp c;

	ASSERT_EQ(0, make_qp(self->fd, 2, &c));
	EXPECT_EQ(0, map_at(self->fd, c.mmap_bytes, PROT_RW, MAP_SHARED, c.mmap_offset));
	EXPECT_EQ(0, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, c.rq_db_offset));
	ASSERT_EQ(0, raw_handle(self->fd, RIG_BNXT_DESTROY_QP, c.handle));
	EXPECT_EQ(-EINVAL, map_at(self->fd, c.mmap_bytes, PROT_RW, MAP_SHARED, c.mmap_offset));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, c.sq_db_offset));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, c.rq_db_offset));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, c.cq_db_offset));
}

TEST_F(abi, mmap_of_a_freed_dma_buffer_is_refused)
{
	struct rig_bnxt_dma_alloc d;

	ASSERT_EQ(0, make_dma(self->fd, self->page, &d));
	EXPECT_EQ(0, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, d.mmap_offset));
	ASSERT_EQ(0, raw_handle(self->fd, RIG_BNXT_DMA_FREE, d.handle));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, d.mmap_offset));
}

TEST_F(abi, mmap_of_a_deregistered_host_region_is_refused)
{
	struct rig_bnxt_reg_region r;

	ASSERT_EQ(0, raw_host(self->fd, self->page, &r));
	EXPECT_EQ(0, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, r.mmap_offset));
	ASSERT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
	EXPECT_EQ(-EINVAL, map_at(self->fd, self->page, PROT_RW, MAP_SHARED, r.mmap_offset));
}

/* Map three pages of a DMA buffer, page i holding i + 1. */
static unsigned char *map_three(struct __test_metadata *_metadata, FIXTURE_DATA(abi) *self)
{
	struct rig_bnxt_dma_alloc d;
	unsigned char *p;
	int i;

	ASSERT_EQ(0, make_dma(self->fd, 3 * self->page, &d));
	p = mmap(NULL, 3 * self->page, PROT_RW, MAP_SHARED, self->fd, (off_t)d.mmap_offset);
	ASSERT_NE(MAP_FAILED, p);
	for (i = 0; i < 3; i++)
		p[i * self->page] = i + 1;
	return p;
}

/* The three pages are still mapped as map_three() left them. */
static void expect_three(struct __test_metadata *_metadata, FIXTURE_DATA(abi) *self,
			 const unsigned char *p)
{
	int i;

	for (i = 0; i < 3; i++)
		EXPECT_EQ(i + 1, p[i * self->page]);
}

/* VM_DONTEXPAND (and VM_PFNMAP): mremap() refuses to grow a mapping. */
TEST_F(abi, a_mapping_cannot_grow_with_mremap)
{
	unsigned char *p = map_three(_metadata, self);

	EXPECT_EQ(MAP_FAILED, mremap(p, 3 * self->page, 4 * self->page, 0));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(MAP_FAILED, mremap(p, 3 * self->page, 4 * self->page, MREMAP_MAYMOVE));
	EXPECT_EQ(EFAULT, errno);
	expect_three(_metadata, self, p);
	EXPECT_EQ(0, munmap(p, 3 * self->page));
}

/*
 * Nor can it move (mremap() to another address): the kernel keeps one vma
 * per mapping, which it zaps when the NIC goes.  The refused move leaves
 * the mapping where it was, and unmapping it later is clean.
 */
TEST_F(abi, a_mapping_cannot_be_moved_with_mremap)
{
	unsigned char *p = map_three(_metadata, self);
	unsigned char *to = mmap(NULL, 3 * self->page, PROT_NONE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	ASSERT_NE(MAP_FAILED, to);
	EXPECT_EQ(MAP_FAILED, mremap(p, 3 * self->page, 3 * self->page,
				     MREMAP_MAYMOVE | MREMAP_FIXED, to));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(MAP_FAILED, mremap(p, 3 * self->page, 3 * self->page,
				     MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP, to));
	EXPECT_EQ(EINVAL, errno);
	expect_three(_metadata, self, p);
	EXPECT_EQ(0, munmap(p, 3 * self->page));
	EXPECT_EQ(0, munmap(to, 3 * self->page));
}

/* Shrinking unmaps a tail: a split, which the mapping refuses. */
TEST_F(abi, a_mapping_cannot_shrink_with_mremap)
{
	unsigned char *p = map_three(_metadata, self);

	EXPECT_EQ(MAP_FAILED, mremap(p, 3 * self->page, 2 * self->page, 0));
	EXPECT_EQ(EINVAL, errno);
	expect_three(_metadata, self, p);
	EXPECT_EQ(0, munmap(p, 3 * self->page));
}

TEST_F(abi, part_of_a_mapping_cannot_be_unmapped)
{
	unsigned char *p = map_three(_metadata, self);
	int i;

	for (i = 0; i < 3; i++) {
		EXPECT_EQ(-1, munmap(p + i * self->page, self->page)) TH_LOG("page %d", i);
		EXPECT_EQ(EINVAL, errno);
	}
	EXPECT_EQ(-1, munmap(p, 2 * self->page));
	EXPECT_EQ(EINVAL, errno);
	expect_three(_metadata, self, p);
	EXPECT_EQ(0, munmap(p, 3 * self->page));
}

TEST_F(abi, part_of_a_mapping_cannot_be_protected_apart)
{
	unsigned char *p = map_three(_metadata, self);

	EXPECT_EQ(-1, mprotect(p + self->page, self->page, PROT_READ));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, mprotect(p, self->page, PROT_READ));
	EXPECT_EQ(EINVAL, errno);
	/* Still writable throughout. */
	p[self->page + 1] = 0x5a;
	expect_three(_metadata, self, p);
	EXPECT_EQ(0, munmap(p, 3 * self->page));
}

TEST_HARNESS_MAIN
