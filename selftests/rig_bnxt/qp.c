// SPDX-License-Identifier: GPL-2.0-only
/*
 * Queue pairs between soft NICs, sentence by sentence of the queue-pair
 * issue: byte-exact sends between rig_bnxt0 and rig_bnxt1 and reads on
 * rig_bnxt0, from and into host, pages and device memory; remote reads
 * from rig_bnxt1 of a region of rig_bnxt0 named by key, and their
 * refusals; ordering; ring limits and wrap-around; every error with its
 * status; waiting; threads; the system-call bound; fork and SIGKILL.  Needs two modelled NICs.  Whether
 * rig_bnxt0 is behind an IOMMU decides which memory can be used, and the
 * tests of the other kind skip saying why.
 *
 * RIG_STRESS_MESSAGES sets the messages of the threaded stress (default
 * 20000); RIG_KICK_POSTS the posts of the system-call count (default 5000).
 */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>

#include "kselftest_harness.h"
#include "rig_bnxt.h"
#include "rig/bnxt.h"
#include "rig/bnxt_hsi.h"
#include "rig_util.h"

#define WAIT_MS 10000		/* longest any completion may take */
#define SLACK_MS 3000		/* what a slow (TCG) guest may add to a timer */

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Bytes that differ for every seed and position (xorshift). */
static void pattern(unsigned char *p, size_t n, uint64_t seed)
{
	uint64_t x = seed * 0x9e3779b97f4a7c15ULL + 1;
	size_t i;

	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = (unsigned char)x;
	}
}

/* Memory a region is made of, and how the test reaches its bytes. */
enum kind { HOST, DMA, PAGES, DEVICE, DMABUF };
static const char *const kind_name[] = { "host", "dma pages", "pages", "device", "dma-buf" };

struct mem {
	struct rig_region *r;
	unsigned char *p;	/* the bytes, if reachable directly; else host */
	size_t bytes;
};

FIXTURE(qp) {
	struct rig_bnxt *nic0, *nic1;
	size_t page;
	int iommu;
	unsigned char *bar;	/* the ivshmem BAR, mapped when first used */
	uint64_t bar_start, bar_len, bar_used;
};

FIXTURE_SETUP(qp)
{
	if (rig_soft_count() < 2)
		SKIP(return, "needs two modelled NICs (scripts/vm-run --soft 2)");
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt0", &self->nic0)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt1", &self->nic1)) TH_LOG("%s", rig_error());
	self->page = rig_bnxt_page(self->nic0);
	self->iommu = rig_bnxt_iommu(self->nic0);
	rig_model_clear(0);
	rig_model_clear(1);
}

FIXTURE_TEARDOWN(qp)
{
	rig_bnxt_close(self->nic0);
	rig_bnxt_close(self->nic1);
	if (self->bar)
		munmap(self->bar, self->bar_len);
}

/* Can memory of @kind be a region of rig_bnxt0 here?  NULL, or why not. */
static const char *kind_missing(FIXTURE_DATA(qp) *self, enum kind kind)
{
	uint64_t start, len;

	if (kind == PAGES && !self->iommu)
		return "rig_bnxt0 is not behind an IOMMU: it takes no ordinary pages";
	if (kind == DEVICE && self->iommu)
		return "rig_bnxt0 is behind an IOMMU: it takes no device memory";
	if (kind == DEVICE && !rig_ivshmem(NULL, 0, &start, &len))
		return "no ivshmem device (scripts/vm-run --ivshmem MiB)";
	if (kind == DMABUF)
		return rig_udmabuf_missing();
	return NULL;
}

/* Map the ivshmem BAR through sysfs, once. */
static void map_bar(struct __test_metadata *_metadata, FIXTURE_DATA(qp) *self)
{
	char dev[256], path[300];
	int fd;

	if (self->bar)
		return;
	ASSERT_TRUE(rig_ivshmem(dev, sizeof(dev), &self->bar_start, &self->bar_len));
	snprintf(path, sizeof(path), "%s/resource2", dev);
	fd = open(path, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("%s: %s", path, strerror(errno));
	self->bar = mmap(NULL, self->bar_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	ASSERT_NE(MAP_FAILED, self->bar);
}

/* A pages region of @n bytes at @p: readable (the old call) unless @flags. */
static int pages_make(struct rig_bnxt *nic, void *p, size_t n, unsigned int flags,
		      struct rig_region **r)
{
	return flags ? rig_region_pages_flags(nic, p, n, flags, r) :
		       rig_region_pages(nic, p, n, r);
}

/* A region of @kind on @nic of at least @n bytes, made with @flags. */
static void mem_make_flags(struct __test_metadata *_metadata, FIXTURE_DATA(qp) *self,
			   struct rig_bnxt *nic, enum kind kind, size_t n, unsigned int flags,
			   struct mem *m)
{
	size_t bytes = (n + self->page - 1) / self->page * self->page;
	void *p = NULL;

	memset(m, 0, sizeof(*m));
	switch (kind) {
	case HOST:
		ASSERT_EQ(0, flags ? rig_region_host_flags(nic, n, flags, &m->r) :
				     rig_region_host(nic, n, &m->r)) TH_LOG("%s", rig_error());
		break;
	case DMA:
		ASSERT_EQ(0, rig_dma_alloc(nic, bytes, &p)) TH_LOG("%s", rig_error());
		ASSERT_EQ(0, pages_make(nic, p, n, flags, &m->r)) TH_LOG("%s", rig_error());
		break;
	case PAGES:
		p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ASSERT_NE(MAP_FAILED, p);
		ASSERT_EQ(0, pages_make(nic, p, n, flags, &m->r)) TH_LOG("%s", rig_error());
		break;
	case DEVICE: {
		struct rig_run run;

		bytes = (n + RIG_BNXT_RUN_ALIGN - 1) / RIG_BNXT_RUN_ALIGN * RIG_BNXT_RUN_ALIGN;
		map_bar(_metadata, self);
		ASSERT_GE(self->bar_len - self->bar_used, bytes);
		run = (struct rig_run){ self->bar_start + self->bar_used, bytes };
		p = self->bar + self->bar_used;
		self->bar_used += bytes;
		ASSERT_EQ(0, flags);
		ASSERT_EQ(0, rig_region_device(nic, &run, 1, &m->r)) TH_LOG("%s", rig_error());
		break;
	}
	case DMABUF: {
		int memfd = -1, dbuf = -1;

		/* The region holds the dma-buf: both fds go at once. */
		ASSERT_EQ(0, rig_udmabuf(bytes, &memfd, &dbuf, &p)) TH_LOG("udmabuf: %s",
									    strerror(errno));
		ASSERT_EQ(0, flags);
		ASSERT_EQ(0, rig_region_dmabuf(nic, dbuf, 0, n, &m->r)) TH_LOG("%s", rig_error());
		close(dbuf);
		close(memfd);
		break;
	}
	}
	m->p = p;
	m->bytes = rig_region_bytes(m->r);
}

/* A region of @kind on @nic of at least @n bytes, as regions always were. */
static void mem_make(struct __test_metadata *_metadata, FIXTURE_DATA(qp) *self,
		     struct rig_bnxt *nic, enum kind kind, size_t n, struct mem *m)
{
	mem_make_flags(_metadata, self, nic, kind, n, 0, m);
}

static void mem_put(struct __test_metadata *_metadata, struct mem *m, size_t at,
		    const void *buf, size_t n)
{
	if (m->p)
		memcpy(m->p + at, buf, n);
	else
		ASSERT_EQ(0, rig_region_write(m->r, at, buf, n)) TH_LOG("%s", rig_error());
}

static void mem_get(struct __test_metadata *_metadata, struct mem *m, size_t at,
		    void *buf, size_t n)
{
	if (m->p)
		memcpy(buf, m->p + at, n);
	else
		ASSERT_EQ(0, rig_region_read(m->r, at, buf, n)) TH_LOG("%s", rig_error());
}

/* A queue pair on each of @a and @b, connected to each other. */
static void connect_pair(struct __test_metadata *_metadata, struct rig_bnxt *a,
			 struct rig_bnxt *b, uint32_t entries, struct rig_qp **qa,
			 struct rig_qp **qb)
{
	struct rig_endpoint ea, eb;

	ASSERT_EQ(0, rig_qp_make(a, entries, qa)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_make(b, entries, qb)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_endpoint(*qa, &ea));
	ASSERT_EQ(0, rig_qp_endpoint(*qb, &eb));
	ASSERT_EQ(0, rig_qp_connect(*qa, &eb)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_connect(*qb, &ea)) TH_LOG("%s", rig_error());
}

/* A connected pair on @a and @b, and a page of host memory on each side. */
static void link_make(struct __test_metadata *_metadata, FIXTURE_DATA(qp) *self,
		      struct rig_bnxt *a, struct rig_bnxt *b, uint32_t entries,
		      struct rig_qp **qa, struct rig_qp **qb, struct mem *ma, struct mem *mb)
{
	connect_pair(_metadata, a, b, entries, qa, qb);
	mem_make(_metadata, self, a, HOST, 4096, ma);
	mem_make(_metadata, self, b, HOST, 4096, mb);
}

/* The next completion of @qp, which must come within WAIT_MS. */
static struct rig_completion take(struct __test_metadata *_metadata, struct rig_qp *qp)
{
	struct rig_completion c = { 0 };

	ASSERT_EQ(1, rig_qp_wait(qp, WAIT_MS, &c)) TH_LOG("%s", rig_error());
	return c;
}

/* Take the next completion of @qp and check all of it. */
static void expect(struct __test_metadata *_metadata, struct rig_qp *qp, uint64_t id,
		   enum rig_op op, int status, uint32_t vendor, uint32_t bytes)
{
	struct rig_completion c = take(_metadata, qp);

	EXPECT_EQ(id, c.id);
	EXPECT_EQ(op, c.op);
	EXPECT_EQ(status, c.status)
		TH_LOG("status %d (%s), vendor %#x", c.status, rig_status_message(c.status),
		       c.vendor);
	EXPECT_EQ(vendor, c.vendor);
	EXPECT_EQ(bytes, c.bytes);
}

/* No completion comes to @qp within @ms. */
static void expect_none(struct __test_metadata *_metadata, struct rig_qp *qp, int ms)
{
	struct rig_completion c;
	int ret = rig_qp_wait(qp, ms, &c);

	EXPECT_EQ(0, ret) TH_LOG("id %llu op %d status %d: %s", (unsigned long long)c.id,
				 c.op, c.status, ret < 0 ? rig_error() : "");
}

/*
 * Send @n bytes at @soff of @src from @tx into a receive of @cap bytes at
 * @doff of @dst on @rx, and check that exactly those bytes landed.
 */
static void send_exact(struct __test_metadata *_metadata, struct rig_qp *tx,
		       struct rig_qp *rx, struct mem *src, size_t soff, struct mem *dst,
		       size_t doff, size_t n, size_t cap, uint64_t seed)
{
	unsigned char *want = malloc(n + 64), *got = malloc(n + 64);
	size_t lo = doff >= 16 ? doff - 16 : 0, hi = doff + cap + 16;

	ASSERT_NE(NULL, want);
	ASSERT_NE(NULL, got);
	hi = hi > dst->bytes ? dst->bytes : hi;
	/* Guard bytes around the receive: none may change. */
	memset(got, 0xee, n + 64);
	mem_put(_metadata, dst, lo, got, doff - lo);
	mem_put(_metadata, dst, doff + n, got, hi - doff - n);
	pattern(want, n, seed);
	mem_put(_metadata, src, soff, want, n);
	ASSERT_EQ(0, rig_qp_receive(rx, dst->r, doff, cap, seed)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_send(tx, src->r, soff, n, ~seed)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_ring(tx)) TH_LOG("%s", rig_error());
	expect(_metadata, rx, seed, RIG_RECEIVE, RIG_STATUS_OK, 0, n);
	expect(_metadata, tx, ~seed, RIG_SEND, RIG_STATUS_OK, 0, n);
	mem_get(_metadata, dst, doff, got, n);
	EXPECT_EQ(0, memcmp(want, got, n)) TH_LOG("%zu bytes at %zu -> %zu", n, soff, doff);
	mem_get(_metadata, dst, lo, got, doff - lo);
	mem_get(_metadata, dst, doff + n, got + (doff - lo), hi - doff - n);
	for (size_t i = 0; i < hi - lo - n; i++) {
		ASSERT_EQ(0xee, got[i]) TH_LOG("guard byte %zu of %zu-byte send changed", i, n);
	}
	free(want);
	free(got);
}

/* Read @n bytes at @soff of @src into @doff of @dst through @qp, exactly. */
static void read_exact(struct __test_metadata *_metadata, struct rig_qp *qp,
		       struct mem *src, size_t soff, struct mem *dst, size_t doff,
		       size_t n, uint64_t seed)
{
	unsigned char *want = malloc(n + 1), *got = malloc(n + 1);
	unsigned char guard[2] = { 0xee, 0xee };

	ASSERT_NE(NULL, want);
	ASSERT_NE(NULL, got);
	pattern(want, n, seed);
	mem_put(_metadata, src, soff, want, n);
	if (doff)
		mem_put(_metadata, dst, doff - 1, guard, 1);
	if (doff + n < dst->bytes)
		mem_put(_metadata, dst, doff + n, guard, 1);
	ASSERT_EQ(0, rig_qp_read(qp, src->r, soff, dst->r, doff, n, seed))
		TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_ring(qp));
	expect(_metadata, qp, seed, RIG_READ, RIG_STATUS_OK, 0, n);
	mem_get(_metadata, dst, doff, got, n);
	EXPECT_EQ(0, memcmp(want, got, n)) TH_LOG("%zu bytes at %zu -> %zu", n, soff, doff);
	if (doff) {
		mem_get(_metadata, dst, doff - 1, guard, 1);
		EXPECT_EQ(0xee, guard[0]);
	}
	if (doff + n < dst->bytes) {
		mem_get(_metadata, dst, doff + n, guard + 1, 1);
		EXPECT_EQ(0xee, guard[1]);
	}
	free(want);
	free(got);
}

/*
 * Read @n bytes at @soff of @src, a region of the peer's NIC named only by
 * its key, into @doff of @dst through @qp, exactly; the peer @owner sees
 * no completion.
 */
static void read_remote_exact(struct __test_metadata *_metadata, struct rig_qp *qp,
			      struct rig_qp *owner, struct mem *src, size_t soff,
			      struct mem *dst, size_t doff, size_t n, uint64_t seed)
{
	unsigned char *want = malloc(n), *got = malloc(n);
	unsigned char guard = 0xee;

	ASSERT_NE(NULL, want);
	ASSERT_NE(NULL, got);
	pattern(want, n, seed);
	mem_put(_metadata, src, soff, want, n);
	if (doff + n < dst->bytes)
		mem_put(_metadata, dst, doff + n, &guard, 1);
	ASSERT_EQ(0, rig_qp_read_remote(qp, dst->r, doff, rig_region_key(src->r), soff, n, seed))
		TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_ring(qp));
	expect(_metadata, qp, seed, RIG_READ, RIG_STATUS_OK, 0, n);
	mem_get(_metadata, dst, doff, got, n);
	EXPECT_EQ(0, memcmp(want, got, n)) TH_LOG("%zu bytes at %zu -> %zu", n, soff, doff);
	if (doff + n < dst->bytes) {
		mem_get(_metadata, dst, doff + n, &guard, 1);
		EXPECT_EQ(0xee, guard);
	}
	expect_none(_metadata, owner, 0);
	free(want);
	free(got);
}

/* Sizes from a byte to 4 MiB, and unaligned offsets to pair them with. */
static const size_t sizes[] = {
	1, 2, 3, 63, 64, 65, 255, 4095, 4096, 4097, 8191, 65543, 1 << 20,
	(1 << 20) + 3, (4 << 20) - 1, 4 << 20,
};
static const size_t offsets[] = { 0, 1, 7, 4095, 4096 + 13, 3 };
#define SWEEP_BYTES ((4 << 20) + 3 * 4096)
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* endpoints and connecting */

TEST_F(qp, endpoints_name_the_queue_pair_and_its_nic)
{
	struct rig_qp *a, *b, *c;
	struct rig_endpoint ea, eb, ec;

	ASSERT_EQ(0, rig_qp_make(self->nic0, 2, &a)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_make(self->nic0, 2, &b));
	ASSERT_EQ(0, rig_qp_make(self->nic1, 2, &c));
	ASSERT_EQ(0, rig_qp_endpoint(a, &ea));
	ASSERT_EQ(0, rig_qp_endpoint(b, &eb));
	ASSERT_EQ(0, rig_qp_endpoint(c, &ec));
	EXPECT_EQ(ea.nic, eb.nic);
	EXPECT_NE(ea.nic, ec.nic);
	EXPECT_NE(ea.qp, eb.qp);
	EXPECT_GE(0xffffff, ea.qp);
	EXPECT_GE(0xffffff, ea.psn);
	EXPECT_LE(256, ea.mtu);
	EXPECT_EQ(0, memcmp(ea.address, eb.address, sizeof(ea.address)));
	EXPECT_NE(0, memcmp(ea.address, ec.address, sizeof(ea.address)));
}

TEST_F(qp, ring_sizes_that_are_not_powers_of_two_from_2_to_4096_are_invalid)
{
	static const uint32_t bad[] = { 0, 1, 3, 48, 5000, 8192 };
	struct rig_qp *qp = NULL;
	size_t i;

	for (i = 0; i < COUNT(bad); i++)
		EXPECT_EQ(-EINVAL, rig_qp_make(self->nic0, bad[i], &qp));
	EXPECT_EQ(NULL, qp);
	EXPECT_EQ(0, rig_qp_make(self->nic0, 2, &qp)) TH_LOG("%s", rig_error());
	EXPECT_EQ(0, rig_qp_make(self->nic0, 4096, &qp)) TH_LOG("%s", rig_error());
}

TEST_F(qp, a_queue_pair_is_ready_once_connected_and_connects_only_once)
{
	struct rig_endpoint e, bad;
	struct rig_qp *a, *b;

	ASSERT_EQ(0, rig_qp_make(self->nic0, 2, &a));
	ASSERT_EQ(0, rig_qp_make(self->nic1, 2, &b));
	EXPECT_EQ(RIG_QP_RESET, rig_qp_state(a));
	ASSERT_EQ(0, rig_qp_endpoint(b, &e));
	bad = e;
	bad.mtu = 255;
	EXPECT_EQ(-EINVAL, rig_qp_connect(a, &bad));
	EXPECT_EQ(-EINVAL, rig_qp_connect(a, NULL));
	EXPECT_EQ(RIG_QP_RESET, rig_qp_state(a));
	ASSERT_EQ(0, rig_qp_connect(a, &e)) TH_LOG("%s", rig_error());
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(a));
	EXPECT_EQ(-EINVAL, rig_qp_connect(a, &e));
	EXPECT_NE(NULL, strstr(rig_error(), "connected already"));
}

/* misuse: refused, and nothing written */

TEST_F(qp, posting_before_connect_is_invalid_and_writes_nothing)
{
	struct rig_qp *tx, *rx, *loop;
	struct rig_endpoint etx, erx;
	struct mem s, d;

	ASSERT_EQ(0, rig_qp_make(self->nic0, 4, &tx));
	ASSERT_EQ(0, rig_qp_make(self->nic1, 4, &rx));
	ASSERT_EQ(0, rig_qp_make(self->nic0, 4, &loop));
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &d);
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, s.r, 0, 1, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "not connected"));
	EXPECT_EQ(-EINVAL, rig_qp_receive(rx, d.r, 0, 1, 2));
	EXPECT_EQ(-EINVAL, rig_qp_read(loop, s.r, 0, s.r, 8, 1, 3));
	EXPECT_EQ(0, rig_qp_ring(tx));
	ASSERT_EQ(0, rig_qp_endpoint(tx, &etx));
	ASSERT_EQ(0, rig_qp_endpoint(rx, &erx));
	ASSERT_EQ(0, rig_qp_connect(tx, &erx));
	ASSERT_EQ(0, rig_qp_connect(rx, &etx));
	/* Only what is posted now runs. */
	send_exact(_metadata, tx, rx, &s, 0, &d, 0, 100, 100, 77);
	expect_none(_metadata, tx, 200);
	expect_none(_metadata, rx, 0);
}

TEST_F(qp, bytes_outside_a_region_are_invalid_and_write_nothing)
{
	struct rig_qp *tx, *rx, *a, *b;
	struct mem s, d, l;
	size_t n;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	connect_pair(_metadata, self->nic0, self->nic0, 4, &a, &b);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &d);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &l);
	n = s.bytes;
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, s.r, n - 1, 2, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "do not lie in"));
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, s.r, n + 1, 0, 1));
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, s.r, 0, n + 1, 1));
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, s.r, 1, SIZE_MAX, 1));
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, s.r, SIZE_MAX, 1, 1));
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, s.r, 0, 1ULL << 31, 1));
	EXPECT_EQ(-EINVAL, rig_qp_receive(rx, d.r, n, 1, 1));
	EXPECT_EQ(-EINVAL, rig_qp_receive(rx, d.r, 0, n + 1, 1));
	EXPECT_EQ(-EINVAL, rig_qp_read(a, s.r, n - 3, l.r, 0, 4, 1));
	EXPECT_EQ(-EINVAL, rig_qp_read(a, s.r, 0, l.r, n - 3, 4, 1));
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, NULL, 0, 1, 1));
	EXPECT_EQ(-EINVAL, rig_qp_receive(rx, NULL, 0, 1, 1));
	EXPECT_EQ(-EINVAL, rig_qp_read(a, s.r, 0, NULL, 0, 1, 1));
	/* The last byte and the empty range at the end are inside. */
	send_exact(_metadata, tx, rx, &s, n - 1, &d, n - 1, 1, 1, 5);
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, n, 0, 6));
	ASSERT_EQ(0, rig_qp_send(tx, s.r, n, 0, 7));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, rx, 6, RIG_RECEIVE, RIG_STATUS_OK, 0, 0);
	expect(_metadata, tx, 7, RIG_SEND, RIG_STATUS_OK, 0, 0);
	read_exact(_metadata, a, &s, n - 4, &l, n - 4, 4, 8);
	expect_none(_metadata, tx, 100);
	expect_none(_metadata, a, 0);
}

TEST_F(qp, a_region_of_another_open_nic_is_invalid)
{
	struct rig_qp *tx, *rx;
	struct mem other;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &other);
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, other.r, 0, 1, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "another rig_bnxt_open()"));
	mem_make(_metadata, self, self->nic0, HOST, 4096, &other);
	EXPECT_EQ(-EINVAL, rig_qp_receive(rx, other.r, 0, 1, 1));
}

TEST_F(qp, a_deregistered_region_is_invalid_and_a_broken_one_an_error)
{
	struct rig_qp *tx, *rx, *tx1, *rx0, *a, *b;
	struct mem dead, broken, live;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	connect_pair(_metadata, self->nic1, self->nic0, 4, &tx1, &rx0);
	connect_pair(_metadata, self->nic0, self->nic0, 4, &a, &b);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &live);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &dead);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &broken);
	ASSERT_EQ(0, rig_region_deregister(dead.r));
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, dead.r, 0, 1, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "deregistered"));
	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_DEALLOCATE_KEY));
	ASSERT_EQ(-EIO, rig_region_deregister(broken.r));
	/* Every call that names it after that is an error, in either role. */
	EXPECT_EQ(-EIO, rig_qp_send(tx, broken.r, 0, 1, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "broken"));
	EXPECT_EQ(-EIO, rig_qp_receive(rx0, broken.r, 0, 1, 2));
	EXPECT_EQ(-EIO, rig_qp_read(a, broken.r, 0, live.r, 0, 1, 3));
	EXPECT_EQ(-EIO, rig_qp_read(a, live.r, 0, broken.r, 0, 1, 4));
	expect_none(_metadata, tx, 100);
	expect_none(_metadata, rx0, 0);
	expect_none(_metadata, a, 0);
}

TEST_F(qp, a_read_needs_a_peer_and_a_source_on_the_same_nic)
{
	struct rig_qp *tx, *rx, *a, *b;
	struct mem s, d, far;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	link_make(_metadata, self, self->nic0, self->nic0, 4, &a, &b, &s, &d);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &far);
	EXPECT_EQ(-EINVAL, rig_qp_read(tx, s.r, 0, d.r, 0, 1, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "another NIC"));
	EXPECT_EQ(-EINVAL, rig_qp_read(a, far.r, 0, d.r, 0, 1, 1));
	EXPECT_EQ(-EINVAL, rig_qp_read(a, s.r, 0, far.r, 0, 1, 1));
	EXPECT_EQ(-EINVAL, rig_qp_read(a, s.r, 0, d.r, 0, 0, 1));
	EXPECT_EQ(0, rig_qp_ring(tx));
	EXPECT_EQ(0, rig_qp_ring(a));
	expect_none(_metadata, tx, 100);
	expect_none(_metadata, a, 0);
}

TEST_F(qp, a_full_send_ring_refuses_the_next_entry_and_writes_nothing)
{
	struct rig_qp *tx, *rx;
	struct mem s, d;
	uint64_t i, v;

	link_make(_metadata, self, self->nic0, self->nic1, 4, &tx, &rx, &s, &d);
	for (i = 0; i < 4; i++) {
		ASSERT_EQ(0, rig_qp_receive(rx, d.r, i * 8, 8, i));
		mem_put(_metadata, &s, i * 8, &i, 8);
		ASSERT_EQ(0, rig_qp_send(tx, s.r, i * 8, 8, i)) TH_LOG("%s", rig_error());
	}
	EXPECT_EQ(-EINVAL, rig_qp_send(tx, s.r, 64, 8, 99));
	EXPECT_NE(NULL, strstr(rig_error(), "send ring is full"));
	ASSERT_EQ(0, rig_qp_ring(tx));
	/* Taking the completions frees the slots; until then still full. */
	for (i = 0; i < 4; i++) {
		expect(_metadata, rx, i, RIG_RECEIVE, RIG_STATUS_OK, 0, 8);
		expect(_metadata, tx, i, RIG_SEND, RIG_STATUS_OK, 0, 8);
		mem_get(_metadata, &d, i * 8, &v, 8);
		EXPECT_EQ(i, v);
	}
	expect_none(_metadata, tx, 200);
	expect_none(_metadata, rx, 0);
	send_exact(_metadata, tx, rx, &s, 0, &d, 0, 8, 8, 5);
}

/*
 * The port's MTU falls between make and connect: the path MTU is taken at
 * connect, and the PSN search entries count packets by it (3000 bytes:
 * three packets of 1024, not one of 4096), as the NIC does.
 */
TEST_F(qp, a_port_mtu_lowered_before_connect_is_the_path_mtu_entries_count_by)
{
	struct rig_endpoint ea, eb;
	struct rig_qp *tx, *rx;
	struct mem s, d;
	char was[16];

	snprintf(was, sizeof(was), "%ld", rig_model_num(0, "mtu", 9000));
	ASSERT_EQ(0, rig_model_set(0, "mtu", "9000"));
	ASSERT_EQ(0, rig_qp_make(self->nic0, 4, &tx)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_make(self->nic1, 4, &rx)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_endpoint(tx, &ea));
	ASSERT_EQ(0, rig_qp_endpoint(rx, &eb));
	EXPECT_EQ(4096, ea.mtu);
	ASSERT_EQ(0, rig_model_set(0, "mtu", "1500"));
	EXPECT_EQ(0, rig_qp_connect(tx, &eb)) TH_LOG("%s", rig_error());
	EXPECT_EQ(0, rig_qp_connect(rx, &ea)) TH_LOG("%s", rig_error());
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &d);
	send_exact(_metadata, tx, rx, &s, 0, &d, 0, 3000, 3000, 7);
	EXPECT_EQ(0, rig_model_set(0, "mtu", was));
}

/*
 * Rings of two entries, both outstanding each way, lap after lap: the
 * NIC never sees a doorbell that fills a ring to its last slot.
 */
TEST_F(qp, rings_of_two_run_full_each_way_lap_after_lap)
{
	struct rig_qp *tx, *rx;
	struct mem s, d;
	uint64_t i, lap;

	link_make(_metadata, self, self->nic0, self->nic1, 2, &tx, &rx, &s, &d);
	for (lap = 0; lap < 5; lap++) {
		for (i = 0; i < 2; i++) {
			ASSERT_EQ(0, rig_qp_receive(rx, d.r, i * 8, 8, i));
			ASSERT_EQ(0, rig_qp_send(tx, s.r, i * 8, 8, i)) TH_LOG("%s", rig_error());
		}
		ASSERT_EQ(0, rig_qp_ring(tx));
		for (i = 0; i < 2; i++) {
			expect(_metadata, rx, i, RIG_RECEIVE, RIG_STATUS_OK, 0, 8);
			expect(_metadata, tx, i, RIG_SEND, RIG_STATUS_OK, 0, 8);
		}
	}
}

TEST_F(qp, a_full_receive_ring_refuses_the_next_entry_and_writes_nothing)
{
	struct rig_qp *tx, *rx;
	struct mem s, d;
	uint64_t i;

	link_make(_metadata, self, self->nic0, self->nic1, 4, &tx, &rx, &s, &d);
	for (i = 0; i < 4; i++)
		ASSERT_EQ(0, rig_qp_receive(rx, d.r, i * 8, 8, 10 + i));
	EXPECT_EQ(-EINVAL, rig_qp_receive(rx, d.r, 64, 8, 99));
	EXPECT_NE(NULL, strstr(rig_error(), "receive ring is full"));
	for (i = 0; i < 4; i++)
		ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 8, i));
	ASSERT_EQ(0, rig_qp_ring(tx));
	for (i = 0; i < 4; i++)
		expect(_metadata, rx, 10 + i, RIG_RECEIVE, RIG_STATUS_OK, 0, 8);
	for (i = 0; i < 4; i++)
		expect(_metadata, tx, i, RIG_SEND, RIG_STATUS_OK, 0, 8);
	expect_none(_metadata, rx, 200);
	send_exact(_metadata, tx, rx, &s, 0, &d, 0, 8, 8, 5);
}

/* byte-exact transfers */

/*
 * Every size of sizes[] at unaligned offsets: sent from rig_bnxt0 to
 * rig_bnxt1, or read on rig_bnxt0 from one region into another.
 */
static void sweep(struct __test_metadata *_metadata, FIXTURE_DATA(qp) *self, bool read)
{
	struct rig_bnxt *far = read ? self->nic0 : self->nic1;
	struct rig_qp *tx, *rx;
	struct mem s, d;
	size_t i;

	connect_pair(_metadata, self->nic0, far, 4, &tx, &rx);
	mem_make(_metadata, self, self->nic0, HOST, SWEEP_BYTES, &s);
	mem_make(_metadata, self, far, HOST, SWEEP_BYTES, &d);
	for (i = 0; i < COUNT(sizes); i++) {
		size_t soff = offsets[i % COUNT(offsets)];
		size_t doff = offsets[(i + 2 + read) % COUNT(offsets)];

		if (read)
			read_exact(_metadata, tx, &s, soff, &d, doff, sizes[i], 1000 + i);
		else
			send_exact(_metadata, tx, rx, &s, soff, &d, doff, sizes[i],
				   sizes[i] + i % 3, i);
	}
}

TEST_F(qp, send_moves_bytes_exactly_between_two_nics_at_any_size_and_offset)
{
	sweep(_metadata, self, false);
}

TEST_F(qp, read_moves_bytes_exactly_on_one_nic_at_any_size_and_offset)
{
	sweep(_metadata, self, true);
}

/*
 * The reader on rig_bnxt1, the region on rig_bnxt0, named by the key and
 * offset its owner would give out of band: read through the reader's
 * connection to a queue pair of the region's NIC.
 */
TEST_F(qp, a_remote_read_moves_bytes_exactly_from_the_peers_nic_at_any_size_and_offset)
{
	struct rig_qp *reader, *owner;
	struct mem s, d;
	size_t i;

	connect_pair(_metadata, self->nic1, self->nic0, 4, &reader, &owner);
	mem_make(_metadata, self, self->nic0, HOST, SWEEP_BYTES, &s);
	mem_make(_metadata, self, self->nic1, HOST, SWEEP_BYTES, &d);
	for (i = 0; i < COUNT(sizes); i++)
		read_remote_exact(_metadata, reader, owner, &s, offsets[i % COUNT(offsets)], &d,
				  offsets[(i + 3) % COUNT(offsets)], sizes[i], 2000 + i);
}

/*
 * A region past 1 GiB: more 4 KiB pages than one directory page of a
 * two-level list names, so the driver describes it in larger blocks or a
 * longer directory.  Reads of its last byte, and across 1 GiB, land right.
 */
TEST_F_TIMEOUT(qp, a_remote_read_at_the_last_byte_of_a_region_past_1_gib_lands, 300)
{
	const size_t big = (1UL << 30) + (4UL << 20);
	struct rig_qp *reader, *owner;
	struct mem s, d;

	connect_pair(_metadata, self->nic1, self->nic0, 4, &reader, &owner);
	mem_make(_metadata, self, self->nic0, HOST, big, &s);
	mem_make(_metadata, self, self->nic1, HOST, 1 << 20, &d);
	read_remote_exact(_metadata, reader, owner, &s, big - 4097, &d, 0, 4097, 31);
	read_remote_exact(_metadata, reader, owner, &s, big - 1, &d, 4096, 1, 32);
	read_remote_exact(_metadata, reader, owner, &s, (1UL << 30) - 65536, &d, 8192,
			  131072, 33);
}

enum remote_spoil {
	KEY_OF_THE_READERS_NIC, A_BYTE_TOO_MANY, DEREGISTERED, KEY_NO_REGION, LOCAL_PAGES,
};

/*
 * A remote read the peer's NIC must refuse: it completes with a remote
 * access error, writes nothing, shows nothing to the owner, and the
 * reader's queue pair is in error (the next entry is flushed).
 */
static void remote_read_refused(struct __test_metadata *_metadata, FIXTURE_DATA(qp) *self,
				enum remote_spoil spoil)
{
	static const unsigned char zero[64];
	struct rig_qp *reader, *owner;
	struct mem s, d, own;
	unsigned char got[64];
	uint32_t key;
	size_t at = 0;

	connect_pair(_metadata, self->nic1, self->nic0, 4, &reader, &owner);
	if (spoil == LOCAL_PAGES)
		mem_make_flags(_metadata, self, self->nic0, self->iommu ? PAGES : DMA, 4096,
			       RIG_REGION_LOCAL, &s);
	else
		mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &d);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &own);
	key = rig_region_key(s.r);
	switch (spoil) {
	case KEY_OF_THE_READERS_NIC:
		/* Its own region, which its own NIC would let it read: not the peer's. */
		while (rig_region_key(own.r) == key)
			mem_make(_metadata, self, self->nic1, HOST, 4096, &own);
		key = rig_region_key(own.r);
		break;
	case A_BYTE_TOO_MANY:
		at = s.bytes - sizeof(got) + 1;
		break;
	case DEREGISTERED:
		ASSERT_EQ(0, rig_region_deregister(s.r));
		break;
	case KEY_NO_REGION:
		key ^= 0x80;
		break;
	case LOCAL_PAGES:
		/* The pages hold bytes to read: a refusal is no accident of zeroes. */
		memset(s.p, 0x5a, 64);
		break;
	}
	ASSERT_EQ(0, rig_qp_read_remote(reader, d.r, 0, key, at, sizeof(got), 1))
		TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_read_remote(reader, d.r, 0, rig_region_key(s.r), 0, 1, 2));
	ASSERT_EQ(0, rig_qp_ring(reader));
	expect(_metadata, reader, 1, RIG_READ, RIG_STATUS_REMOTE_ACCESS,
	       RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, 0);
	expect(_metadata, reader, 2, RIG_READ, RIG_STATUS_FLUSHED,
	       RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, 0);
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(reader));
	mem_get(_metadata, &d, 0, got, sizeof(got));
	EXPECT_EQ(0, memcmp(zero, got, sizeof(got)));
	expect_none(_metadata, owner, 0);
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(owner));
}

TEST_F(qp, a_remote_read_with_a_key_of_the_readers_own_nic_is_a_remote_access_error)
{
	remote_read_refused(_metadata, self, KEY_OF_THE_READERS_NIC);
}

TEST_F(qp, a_remote_read_one_byte_past_the_region_is_a_remote_access_error)
{
	remote_read_refused(_metadata, self, A_BYTE_TOO_MANY);
}

TEST_F(qp, a_remote_read_of_a_deregistered_region_is_a_remote_access_error)
{
	remote_read_refused(_metadata, self, DEREGISTERED);
}

TEST_F(qp, a_remote_read_with_a_key_no_region_has_is_a_remote_access_error)
{
	remote_read_refused(_metadata, self, KEY_NO_REGION);
}

TEST_F(qp, a_remote_read_of_a_local_pages_region_is_a_remote_access_error)
{
	remote_read_refused(_metadata, self, LOCAL_PAGES);
}

/*
 * A peer holding the keys of two regions of rig_bnxt0 reads the one made
 * as regions always were, and is refused the local one, whose bytes stay
 * its owner's.
 */
TEST_F(qp, a_local_region_is_refused_to_a_peers_read_while_a_readable_one_is_read)
{
	unsigned char want[64], got[64], poison[64];
	struct rig_qp *reader, *owner;
	struct mem s, l, d;

	memset(poison, 0xee, sizeof(poison));
	connect_pair(_metadata, self->nic1, self->nic0, 4, &reader, &owner);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	mem_make_flags(_metadata, self, self->nic0, HOST, 4096, RIG_REGION_LOCAL, &l);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &d);
	read_remote_exact(_metadata, reader, owner, &s, 100, &d, 0, 64, 11);
	pattern(want, sizeof(want), 12);
	mem_put(_metadata, &l, 0, want, sizeof(want));
	mem_put(_metadata, &d, 1000, poison, sizeof(poison));
	ASSERT_EQ(0, rig_qp_read_remote(reader, d.r, 1000, rig_region_key(l.r), 0, sizeof(got),
					13)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_ring(reader));
	expect(_metadata, reader, 13, RIG_READ, RIG_STATUS_REMOTE_ACCESS,
	       RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, 0);
	mem_get(_metadata, &d, 1000, got, sizeof(got));
	EXPECT_EQ(0, memcmp(poison, got, sizeof(got)));
	expect_none(_metadata, owner, 0);
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(owner));
}

/* Local regions are the NIC's still: sent from, received into, read into. */
TEST_F(qp, a_local_region_is_sent_from_received_into_and_read_into)
{
	struct rig_qp *tx, *rx;
	struct mem s, d, src;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	mem_make_flags(_metadata, self, self->nic0, HOST, 8192, RIG_REGION_LOCAL, &s);
	mem_make_flags(_metadata, self, self->nic1, HOST, 8192, RIG_REGION_LOCAL, &d);
	mem_make(_metadata, self, self->nic0, HOST, 8192, &src);
	send_exact(_metadata, tx, rx, &s, 7, &d, 4095, 4097, 4097, 21);
	read_remote_exact(_metadata, rx, tx, &src, 3, &d, 1, 5000, 22);
}

/* rig_qp_read()'s source is read by the peer queue pair: never a local one. */
TEST_F(qp, a_read_from_a_local_region_of_the_same_nic_is_a_remote_access_error)
{
	struct rig_qp *a, *b;
	struct mem s, d;

	connect_pair(_metadata, self->nic0, self->nic0, 4, &a, &b);
	mem_make_flags(_metadata, self, self->nic0, HOST, 4096, RIG_REGION_LOCAL, &s);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &d);
	ASSERT_EQ(0, rig_qp_read(a, s.r, 0, d.r, 0, 64, 31)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_ring(a));
	expect(_metadata, a, 31, RIG_READ, RIG_STATUS_REMOTE_ACCESS,
	       RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, 0);
	expect_none(_metadata, b, 0);
}

TEST_F(qp, a_remote_read_checks_its_destination_and_writes_nothing)
{
	struct rig_qp *reader, *owner;
	struct mem s, d, far;

	connect_pair(_metadata, self->nic1, self->nic0, 4, &reader, &owner);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &d);
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(reader, s.r, 0, rig_region_key(d.r), 0, 1, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "another rig_bnxt_open()"));
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(reader, d.r, d.bytes, rig_region_key(s.r), 0, 1, 1));
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(reader, d.r, 0, rig_region_key(s.r), 0, 0, 1));
	mem_make(_metadata, self, self->nic1, HOST, 4096, &far);
	ASSERT_EQ(0, rig_region_deregister(far.r));
	EXPECT_EQ(-EINVAL, rig_qp_read_remote(reader, far.r, 0, rig_region_key(s.r), 0, 1, 1));
	EXPECT_EQ(0, rig_qp_ring(reader));
	expect_none(_metadata, reader, 100);
	read_remote_exact(_metadata, reader, owner, &s, 0, &d, d.bytes - 8, 8, 3);
}

TEST_F(qp, a_zero_byte_send_lands_as_a_zero_byte_message)
{
	struct rig_qp *tx, *rx;
	struct mem s, d;

	link_make(_metadata, self, self->nic0, self->nic1, 4, &tx, &rx, &s, &d);
	send_exact(_metadata, tx, rx, &s, 5, &d, 9, 0, 16, 3);
	send_exact(_metadata, tx, rx, &s, 5, &d, 9, 0, 0, 4);
}

/*
 * Send between memory of @kind and host memory both ways, and read from
 * one into the other both ways, at a few sizes.
 */
static void kind_round_trip(struct __test_metadata *_metadata, FIXTURE_DATA(qp) *self,
			    enum kind kind)
{
	static const size_t n[] = { 1, 4097, (1 << 20) + 3 };
	size_t bytes = (2 << 20) + 2 * self->page, i;
	struct mem k0, k1, h0, h1;
	struct rig_qp *tx, *rx, *back_tx, *back_rx, *a, *b;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	connect_pair(_metadata, self->nic1, self->nic0, 4, &back_tx, &back_rx);
	connect_pair(_metadata, self->nic0, self->nic0, 4, &a, &b);
	mem_make(_metadata, self, self->nic0, kind, bytes, &k0);
	mem_make(_metadata, self, self->nic1, kind, bytes, &k1);
	mem_make(_metadata, self, self->nic0, HOST, bytes, &h0);
	mem_make(_metadata, self, self->nic1, HOST, bytes, &h1);
	for (i = 0; i < COUNT(n); i++) {
		TH_LOG("%s memory, %zu bytes", kind_name[kind], n[i]);
		send_exact(_metadata, tx, rx, &k0, i * 11, &h1, 3, n[i], n[i], 10 + i);
		send_exact(_metadata, back_tx, back_rx, &h1, 1, &k0, 4096 + i, n[i], n[i],
			   20 + i);
		send_exact(_metadata, tx, rx, &h0, 0, &k1, 17, n[i], n[i] + 1, 30 + i);
		read_exact(_metadata, a, &k0, 5 + i, &h0, 2, n[i], 40 + i);
		read_exact(_metadata, a, &h0, 1, &k0, 4095, n[i], 50 + i);
	}
}

TEST_F(qp, pages_of_dma_memory_are_sent_received_and_read_exactly)
{
	kind_round_trip(_metadata, self, DMA);
}

TEST_F(qp, ordinary_pages_are_sent_received_and_read_exactly_behind_an_iommu)
{
	const char *why = kind_missing(self, PAGES);

	if (why)
		SKIP(return, "%s", why);
	kind_round_trip(_metadata, self, PAGES);
}

TEST_F(qp, device_memory_is_sent_received_and_read_exactly)
{
	const char *why = kind_missing(self, DEVICE);

	if (why)
		SKIP(return, "%s", why);
	kind_round_trip(_metadata, self, DEVICE);
}

TEST_F(qp, dma_buf_memory_is_sent_received_and_read_exactly)
{
	const char *why = kind_missing(self, DMABUF);

	if (why)
		SKIP(return, "%s", why);
	kind_round_trip(_metadata, self, DMABUF);
}

TEST_F(qp, a_dma_buf_region_is_read_remotely_by_its_key_into_any_region)
{
	const char *why = kind_missing(self, DMABUF);
	struct rig_qp *reader, *owner;
	struct mem s, d, h;

	if (why)
		SKIP(return, "%s", why);
	connect_pair(_metadata, self->nic1, self->nic0, 4, &reader, &owner);
	mem_make(_metadata, self, self->nic0, DMABUF, 3 * self->page, &s);
	mem_make(_metadata, self, self->nic1, DMABUF, 3 * self->page, &d);
	mem_make(_metadata, self, self->nic0, HOST, 3 * self->page, &h);
	read_remote_exact(_metadata, reader, owner, &s, 7, &d, 3, 2 * self->page + 1, 1);
	read_remote_exact(_metadata, reader, owner, &h, 1, &d, 0, self->page, 2);
}

TEST_F(qp, a_pages_region_remapped_after_registration_gives_its_original_bytes)
{
	size_t n = 4 * self->page;
	unsigned char *want = malloc(n), *got = malloc(n);
	struct rig_qp *tx, *rx, *a, *b;
	struct mem d;
	struct rig_region *r;
	void *p, *q;

	if (!self->iommu)
		SKIP(return, "rig_bnxt0 is not behind an IOMMU: it takes no ordinary pages");
	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	connect_pair(_metadata, self->nic0, self->nic0, 4, &a, &b);
	mem_make(_metadata, self, self->nic1, HOST, n, &d);
	p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	pattern(want, n, 42);
	memcpy(p, want, n);
	ASSERT_EQ(0, rig_region_pages(self->nic0, p, n, &r)) TH_LOG("%s", rig_error());
	/* New memory at the same address, with other bytes. */
	q = mmap(p, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	ASSERT_EQ(p, q);
	memset(q, 0x11, n);
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, n, 1));
	ASSERT_EQ(0, rig_qp_send(tx, r, 0, n, 2));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, rx, 1, RIG_RECEIVE, RIG_STATUS_OK, 0, n);
	expect(_metadata, tx, 2, RIG_SEND, RIG_STATUS_OK, 0, n);
	ASSERT_EQ(0, rig_region_read(d.r, 0, got, n));
	EXPECT_EQ(0, memcmp(want, got, n));
	/* A read through the NIC sees them too; the new mapping keeps its own. */
	{
		struct mem h, pm = { .r = r, .bytes = n };

		mem_make(_metadata, self, self->nic0, HOST, n, &h);
		ASSERT_EQ(0, rig_qp_read(a, pm.r, 0, h.r, 0, n, 3));
		ASSERT_EQ(0, rig_qp_ring(a));
		expect(_metadata, a, 3, RIG_READ, RIG_STATUS_OK, 0, n);
		ASSERT_EQ(0, rig_region_read(h.r, 0, got, n));
		EXPECT_EQ(0, memcmp(want, got, n));
	}
	EXPECT_EQ(0x11, ((unsigned char *)q)[0]);
	free(want);
	free(got);
}

/*
 * "Whatever the process maps there later", for what the NIC writes: a
 * receive and a read into a pages region whose address now holds other
 * memory land in the pages it was registered over.  Behind an IOMMU the
 * region is over a memfd, whose pages a second mapping still shows;
 * without one it is over DMA memory, whose pages a send from the region
 * shows.  Either way the new mapping keeps its own bytes.
 */
TEST_F(qp, a_pages_region_remapped_after_registration_is_written_in_its_original_pages)
{
	size_t n = 4 * self->page, half = n / 2, i;
	unsigned char *want = malloc(n), *got = malloc(n);
	struct rig_qp *tx, *rx, *a, *b, *back_tx, *back_rx;
	struct mem src, h, back;
	struct rig_region *r;
	unsigned char *p, *alias = NULL, *q;

	ASSERT_NE(NULL, want);
	ASSERT_NE(NULL, got);
	connect_pair(_metadata, self->nic1, self->nic0, 4, &tx, &rx);
	connect_pair(_metadata, self->nic0, self->nic0, 4, &a, &b);
	connect_pair(_metadata, self->nic0, self->nic1, 4, &back_tx, &back_rx);
	mem_make(_metadata, self, self->nic1, HOST, n, &src);
	mem_make(_metadata, self, self->nic0, HOST, n, &h);
	mem_make(_metadata, self, self->nic1, HOST, n, &back);
	if (self->iommu) {
		int fd = memfd_create("rig-remap", MFD_CLOEXEC);

		ASSERT_LE(0, fd);
		ASSERT_EQ(0, ftruncate(fd, n));
		p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		alias = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		close(fd);
		ASSERT_NE(MAP_FAILED, p);
		ASSERT_NE(MAP_FAILED, alias);
	} else {
		ASSERT_EQ(0, rig_dma_alloc(self->nic0, n, (void **)&p)) TH_LOG("%s", rig_error());
	}
	ASSERT_EQ(0, rig_region_pages(self->nic0, p, n, &r)) TH_LOG("%s", rig_error());
	/* New memory at the same address, with other bytes. */
	q = mmap(p, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	ASSERT_EQ(p, q);
	memset(q, 0x11, n);

	/* A receive writes the first half, a read the second. */
	pattern(want, n, 77);
	mem_put(_metadata, &src, 0, want, half);
	mem_put(_metadata, &h, 0, want + half, half);
	ASSERT_EQ(0, rig_qp_receive(rx, r, 0, half, 1));
	ASSERT_EQ(0, rig_qp_send(tx, src.r, 0, half, 2));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, rx, 1, RIG_RECEIVE, RIG_STATUS_OK, 0, half);
	expect(_metadata, tx, 2, RIG_SEND, RIG_STATUS_OK, 0, half);
	ASSERT_EQ(0, rig_qp_read(a, h.r, 0, r, half, half, 3));
	ASSERT_EQ(0, rig_qp_ring(a));
	expect(_metadata, a, 3, RIG_READ, RIG_STATUS_OK, 0, half);

	if (alias) {
		EXPECT_EQ(0, memcmp(want, alias, n));
		munmap(alias, n);
	}
	/* What the NIC reads of the region is what it wrote there. */
	ASSERT_EQ(0, rig_qp_receive(back_rx, back.r, 0, n, 4));
	ASSERT_EQ(0, rig_qp_send(back_tx, r, 0, n, 5));
	ASSERT_EQ(0, rig_qp_ring(back_tx));
	expect(_metadata, back_rx, 4, RIG_RECEIVE, RIG_STATUS_OK, 0, n);
	expect(_metadata, back_tx, 5, RIG_SEND, RIG_STATUS_OK, 0, n);
	ASSERT_EQ(0, rig_region_read(back.r, 0, got, n));
	EXPECT_EQ(0, memcmp(want, got, n));
	for (i = 0; i < n; i++)
		ASSERT_EQ(0x11, q[i]) TH_LOG("byte %zu of the new mapping changed", i);
	free(want);
	free(got);
}

/* ordering, wrap-around */

/*
 * Stream @count numbered messages of @bytes from @tx to @rx through rings
 * of @entries, receives posted ahead, and check each arrives in order
 * with its number.
 */
static void stream(struct __test_metadata *_metadata, FIXTURE_DATA(qp) *self,
		   uint32_t entries, uint64_t count, size_t bytes)
{
	uint64_t sent = 0, posted = 0, tx_done = 0, rx_done = 0, v;
	struct rig_completion c;
	struct rig_qp *tx, *rx;
	struct mem s, d;

	connect_pair(_metadata, self->nic0, self->nic1, entries, &tx, &rx);
	mem_make(_metadata, self, self->nic0, HOST, entries * bytes, &s);
	mem_make(_metadata, self, self->nic1, HOST, entries * bytes, &d);
	while (rx_done < count || tx_done < count) {
		while (posted < count && posted - rx_done < entries) {
			ASSERT_EQ(0, rig_qp_receive(rx, d.r, (posted % entries) * bytes, bytes,
						    posted)) TH_LOG("%s", rig_error());
			posted++;
		}
		while (sent < posted && sent - tx_done < entries) {
			mem_put(_metadata, &s, (sent % entries) * bytes, &sent, sizeof(sent));
			ASSERT_EQ(0, rig_qp_send(tx, s.r, (sent % entries) * bytes, bytes, sent));
			sent++;
		}
		ASSERT_EQ(0, rig_qp_ring(tx));
		/* Block on a side only when something is in flight to it. */
		if (rx_done < sent) {
			c = take(_metadata, rx);
			ASSERT_EQ(rx_done, c.id);
			ASSERT_EQ(RIG_STATUS_OK, c.status);
			ASSERT_EQ(bytes, c.bytes);
			mem_get(_metadata, &d, (rx_done % entries) * bytes, &v, sizeof(v));
			ASSERT_EQ(rx_done, v);
			rx_done++;
		}
		while (tx_done < sent) {
			if (rx_done == sent)
				c = take(_metadata, tx);
			else if (rig_qp_poll(tx, &c) != 1)
				break;
			ASSERT_EQ(tx_done, c.id);
			ASSERT_EQ(RIG_SEND, c.op);
			ASSERT_EQ(RIG_STATUS_OK, c.status);
			tx_done++;
		}
	}
	expect_none(_metadata, tx, 0);
	expect_none(_metadata, rx, 0);
}

TEST_F(qp, numbered_sends_arrive_in_order)
{
	stream(_metadata, self, 64, 2000, 64);
}

TEST_F(qp, rings_wrap_around_over_many_laps)
{
	/* Rings of 2 and a completion ring of 4: 500 and 500 laps. */
	stream(_metadata, self, 2, 1000, 16);
}

/*
 * Full rings of sends rung at once: the NIC may complete several with one
 * completion (a 57508 under load does, and so does the model); each entry
 * still completes once, in order, as succeeded.
 */
TEST_F(qp, a_burst_of_sends_completes_each_entry_once_in_order)
{
	const uint32_t entries = 16;
	struct rig_completion c[4];
	struct rig_qp *tx, *rx;
	struct mem s, d;
	uint64_t id = 0, next = 0;
	int round, i, n;

	link_make(_metadata, self, self->nic0, self->nic1, entries, &tx, &rx, &s, &d);
	for (round = 0; round < 8; round++) {
		for (i = 0; i < (int)entries; i++)
			ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 64, id + i));
		for (i = 0; i < (int)entries; i++)
			ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 64, id + i));
		ASSERT_EQ(0, rig_qp_ring(tx));
		for (i = 0; i < (int)entries; i++)
			expect(_metadata, rx, id + i, RIG_RECEIVE, RIG_STATUS_OK, 0, 64);
		/* One entry per poll, and batches, until the burst is taken. */
		while (next < id + entries) {
			n = next % 2 ? rig_qp_poll_batch(tx, c, 4) : 0;
			if (!n)
				n = rig_qp_wait(tx, WAIT_MS, c);
			ASSERT_LT(0, n) TH_LOG("after send %llu: %s", (unsigned long long)next,
					       n < 0 ? rig_error() : "nothing");
			for (i = 0; i < n; i++) {
				ASSERT_EQ(next, c[i].id);
				EXPECT_EQ(RIG_SEND, c[i].op);
				EXPECT_EQ(RIG_STATUS_OK, c[i].status);
				EXPECT_EQ(64, c[i].bytes);
				next++;
			}
		}
		id += entries;
	}
	expect_none(_metadata, tx, 0);
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(tx));
}

TEST_F(qp, sends_and_reads_complete_in_the_order_posted)
{
	struct rig_qp *a, *b;
	struct mem s, d;
	uint64_t i;

	link_make(_metadata, self, self->nic0, self->nic0, 16, &a, &b, &s, &d);
	for (i = 0; i < 16; i++) {
		if (i % 2) {
			ASSERT_EQ(0, rig_qp_read(a, s.r, 0, d.r, 64 * i, 64, i));
		} else {
			ASSERT_EQ(0, rig_qp_send(a, s.r, 0, i, i));
			ASSERT_EQ(0, rig_qp_receive(b, d.r, 64 * i, 64, 100 + i));
		}
	}
	ASSERT_EQ(0, rig_qp_ring(a));
	for (i = 0; i < 16; i++)
		expect(_metadata, a, i, i % 2 ? RIG_READ : RIG_SEND, RIG_STATUS_OK, 0,
		       i % 2 ? 64 : i);
	for (i = 0; i < 16; i += 2)
		expect(_metadata, b, 100 + i, RIG_RECEIVE, RIG_STATUS_OK, 0, i);
}

/*
 * "In the order of the entries that write it": entries that write the
 * same bytes leave the bytes of the last one.  Eight receives into the
 * same bytes take eight messages, and eight reads write the same bytes
 * from eight places, all posted before one doorbell; a shorter entry in
 * the middle leaves the bytes around it to the ones before.
 */
TEST_F(qp, entries_that_write_the_same_bytes_leave_the_last_ones_bytes)
{
	enum { N = 8, BYTES = 256 };
	unsigned char want[BYTES], got[BYTES], msg[N][BYTES];
	struct rig_qp *tx, *rx, *a, *b;
	struct mem s, d, rs, rd;
	uint64_t i;

	connect_pair(_metadata, self->nic0, self->nic1, 16, &tx, &rx);
	connect_pair(_metadata, self->nic0, self->nic0, 16, &a, &b);
	mem_make(_metadata, self, self->nic0, HOST, N * BYTES, &s);
	mem_make(_metadata, self, self->nic1, HOST, BYTES, &d);
	mem_make(_metadata, self, self->nic0, HOST, N * BYTES, &rs);
	mem_make(_metadata, self, self->nic0, HOST, BYTES, &rd);
	for (i = 0; i < N; i++) {
		pattern(msg[i], BYTES, 100 + i);
		mem_put(_metadata, &s, i * BYTES, msg[i], BYTES);
		mem_put(_metadata, &rs, i * BYTES, msg[i], BYTES);
	}
	/* Entry 6 is short: it writes bytes 64..127 only. */
	for (i = 0; i < N; i++) {
		size_t at = i == N - 2 ? 64 : 0, len = i == N - 2 ? 64 : BYTES;

		ASSERT_EQ(0, rig_qp_receive(rx, d.r, at, len, i));
		ASSERT_EQ(0, rig_qp_send(tx, s.r, i * BYTES, len, i));
		ASSERT_EQ(0, rig_qp_read(a, rs.r, i * BYTES, rd.r, at, len, i));
	}
	ASSERT_EQ(0, rig_qp_ring(tx));
	ASSERT_EQ(0, rig_qp_ring(a));
	for (i = 0; i < N; i++) {
		size_t len = i == N - 2 ? 64 : BYTES;

		expect(_metadata, rx, i, RIG_RECEIVE, RIG_STATUS_OK, 0, len);
		expect(_metadata, tx, i, RIG_SEND, RIG_STATUS_OK, 0, len);
		expect(_metadata, a, i, RIG_READ, RIG_STATUS_OK, 0, len);
	}
	/* The last entry wrote every byte; the short one was overwritten. */
	memcpy(want, msg[N - 1], BYTES);
	mem_get(_metadata, &d, 0, got, BYTES);
	EXPECT_EQ(0, memcmp(want, got, BYTES));
	mem_get(_metadata, &rd, 0, got, BYTES);
	EXPECT_EQ(0, memcmp(want, got, BYTES));

	/* Now the short entry last: its bytes over the full one's. */
	for (i = 0; i < 2; i++) {
		size_t at = i ? 64 : 0, len = i ? 64 : BYTES;

		ASSERT_EQ(0, rig_qp_receive(rx, d.r, at, len, 10 + i));
		ASSERT_EQ(0, rig_qp_send(tx, s.r, i * BYTES, len, 10 + i));
		ASSERT_EQ(0, rig_qp_read(a, rs.r, i * BYTES, rd.r, at, len, 10 + i));
	}
	ASSERT_EQ(0, rig_qp_ring(tx));
	ASSERT_EQ(0, rig_qp_ring(a));
	for (i = 0; i < 2; i++) {
		size_t len = i ? 64 : BYTES;

		expect(_metadata, rx, 10 + i, RIG_RECEIVE, RIG_STATUS_OK, 0, len);
		expect(_metadata, tx, 10 + i, RIG_SEND, RIG_STATUS_OK, 0, len);
		expect(_metadata, a, 10 + i, RIG_READ, RIG_STATUS_OK, 0, len);
	}
	memcpy(want, msg[0], BYTES);
	memcpy(want + 64, msg[1], 64);
	mem_get(_metadata, &d, 0, got, BYTES);
	EXPECT_EQ(0, memcmp(want, got, BYTES));
	mem_get(_metadata, &rd, 0, got, BYTES);
	EXPECT_EQ(0, memcmp(want, got, BYTES));
}

/* errors */

TEST_F(qp, a_receive_too_small_fails_both_sides_with_length_errors)
{
	struct rig_qp *tx, *rx;
	struct mem s, d;

	link_make(_metadata, self, self->nic0, self->nic1, 4, &tx, &rx, &s, &d);
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 10, 1));
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 11, 2));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, rx, 1, RIG_RECEIVE, RIG_STATUS_LOCAL_LENGTH,
	       RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR, 0);
	expect(_metadata, tx, 2, RIG_SEND, RIG_STATUS_REMOTE_INVALID_REQUEST,
	       RIG_BNXT_CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR, 0);
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(tx));
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(rx));
}

TEST_F(qp, after_an_error_every_entry_before_and_after_is_flushed)
{
	struct rig_qp *tx, *rx;
	struct mem s, d;

	link_make(_metadata, self, self->nic0, self->nic1, 8, &tx, &rx, &s, &d);
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 10, 1));
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 100, 2));
	ASSERT_EQ(0, rig_qp_receive(tx, s.r, 0, 100, 3));
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 11, 4));	/* fails */
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 5, 5));
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 5, 6));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, tx, 4, RIG_SEND, RIG_STATUS_REMOTE_INVALID_REQUEST,
	       RIG_BNXT_CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR, 0);
	/* Posted before the error: its sends and receives, and the peer's. */
	{
		struct rig_completion c[3];
		int i, flushed_sends = 0, flushed_receives = 0;

		for (i = 0; i < 3; i++) {
			c[i] = take(_metadata, tx);
			EXPECT_EQ(RIG_STATUS_FLUSHED, c[i].status);
			EXPECT_EQ(0, c[i].bytes);
			if (c[i].op == RIG_SEND) {
				EXPECT_EQ(5 + flushed_sends, c[i].id);
				EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR,
					  c[i].vendor);
				flushed_sends++;
			} else {
				EXPECT_EQ(3, c[i].id);
				EXPECT_EQ(RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR,
					  c[i].vendor);
				flushed_receives++;
			}
		}
		EXPECT_EQ(2, flushed_sends);
		EXPECT_EQ(1, flushed_receives);
	}
	expect(_metadata, rx, 1, RIG_RECEIVE, RIG_STATUS_LOCAL_LENGTH,
	       RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR, 0);
	expect(_metadata, rx, 2, RIG_RECEIVE, RIG_STATUS_FLUSHED,
	       RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR, 0);
	/* Posted after it, on both sides. */
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 5, 7));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, tx, 7, RIG_SEND, RIG_STATUS_FLUSHED,
	       RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, 0);
	ASSERT_EQ(0, rig_qp_receive(tx, s.r, 0, 5, 8));
	expect(_metadata, tx, 8, RIG_RECEIVE, RIG_STATUS_FLUSHED,
	       RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR, 0);
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 5, 9));
	expect(_metadata, rx, 9, RIG_RECEIVE, RIG_STATUS_FLUSHED,
	       RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR, 0);
}

TEST_F(qp, a_send_from_a_region_deregistered_after_posting_fails_with_a_protection_error)
{
	struct rig_qp *tx, *rx;
	struct mem s, d;

	link_make(_metadata, self, self->nic0, self->nic1, 4, &tx, &rx, &s, &d);
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 100, 1));
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 100, 2));
	ASSERT_EQ(0, rig_region_deregister(s.r));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, tx, 2, RIG_SEND, RIG_STATUS_LOCAL_PROTECTION,
	       RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, 0);
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(tx));
	/* Nothing reached the peer: its receive waits on. */
	expect_none(_metadata, rx, 200);
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(rx));
}

TEST_F(qp, a_receive_into_a_region_deregistered_after_posting_fails_with_a_protection_error)
{
	struct rig_completion c;
	struct rig_qp *tx, *rx;
	struct mem s, d;

	link_make(_metadata, self, self->nic0, self->nic1, 4, &tx, &rx, &s, &d);
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 100, 1));
	ASSERT_EQ(0, rig_region_deregister(d.r));
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 100, 2));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, rx, 1, RIG_RECEIVE, RIG_STATUS_LOCAL_PROTECTION,
	       RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR, 0);
	/* The sender learns that the peer refused it. */
	c = take(_metadata, tx);
	EXPECT_EQ(2, c.id);
	EXPECT_EQ(RIG_STATUS_REMOTE_ACCESS, c.status)
		TH_LOG("%s (vendor %#x)", rig_status_message(c.status), c.vendor);
}

TEST_F(qp, a_read_into_a_region_deregistered_after_posting_fails_with_a_protection_error)
{
	struct rig_qp *a, *b;
	struct mem s, d;

	link_make(_metadata, self, self->nic0, self->nic0, 4, &a, &b, &s, &d);
	ASSERT_EQ(0, rig_qp_read(a, s.r, 0, d.r, 0, 100, 1));
	ASSERT_EQ(0, rig_region_deregister(d.r));
	ASSERT_EQ(0, rig_qp_ring(a));
	expect(_metadata, a, 1, RIG_READ, RIG_STATUS_LOCAL_PROTECTION,
	       RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, 0);
}

TEST_F(qp, a_read_from_a_region_deregistered_after_posting_fails_with_a_remote_access_error)
{
	struct rig_qp *a, *b;
	struct mem s, d;

	link_make(_metadata, self, self->nic0, self->nic0, 4, &a, &b, &s, &d);
	ASSERT_EQ(0, rig_qp_read(a, s.r, 0, d.r, 0, 100, 1));
	ASSERT_EQ(0, rig_qp_read(a, d.r, 0, d.r, 200, 100, 2));
	ASSERT_EQ(0, rig_region_deregister(s.r));
	ASSERT_EQ(0, rig_qp_ring(a));
	expect(_metadata, a, 1, RIG_READ, RIG_STATUS_REMOTE_ACCESS,
	       RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, 0);
	expect(_metadata, a, 2, RIG_READ, RIG_STATUS_FLUSHED,
	       RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, 0);
}

TEST_F(qp, a_send_with_no_receive_posted_fails_receiver_not_ready_after_the_rnr_timeout)
{
	long timeout = rig_soft_param_num("rnr_timeout_ms", 100);
	struct rig_qp *tx, *rx;
	struct mem s;
	double t0, ms;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	t0 = now_ms();
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 10, 1));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, tx, 1, RIG_SEND, RIG_STATUS_RNR_RETRY_EXCEEDED,
	       RIG_BNXT_CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR, 0);
	ms = now_ms() - t0;
	TH_LOG("receiver not ready after %.0f ms (rnr_timeout_ms=%ld)", ms, timeout);
	EXPECT_LE(timeout * 0.9, ms);
	EXPECT_GE(timeout + SLACK_MS, ms);
	EXPECT_EQ(RIG_QP_ERROR, rig_qp_state(tx));
	/* The receiver has nothing to say about it. */
	EXPECT_EQ(RIG_QP_READY, rig_qp_state(rx));
	expect_none(_metadata, rx, 0);
}

TEST_F(qp, a_send_to_a_destroyed_peer_fails_retry_exceeded_after_the_retry_timeout)
{
	long timeout = rig_soft_param_num("retry_timeout_ms", 100);
	struct rig_qp *tx, *rx;
	struct mem s;
	double t0, ms;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	ASSERT_EQ(0, rig_qp_destroy(rx)) TH_LOG("%s", rig_error());
	t0 = now_ms();
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 10, 1));
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 10, 2));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, tx, 1, RIG_SEND, RIG_STATUS_RETRY_EXCEEDED,
	       RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR, 0);
	ms = now_ms() - t0;
	TH_LOG("retries exceeded after %.0f ms (retry_timeout_ms=%ld)", ms, timeout);
	EXPECT_LE(timeout * 0.9, ms);
	EXPECT_GE(timeout + SLACK_MS, ms);
	expect(_metadata, tx, 2, RIG_SEND, RIG_STATUS_FLUSHED,
	       RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, 0);
}

TEST_F(qp, a_send_to_a_peer_that_never_existed_fails_retry_exceeded)
{
	struct rig_endpoint nobody;
	struct rig_qp *tx, *other;
	struct mem s;

	ASSERT_EQ(0, rig_qp_make(self->nic0, 4, &tx));
	ASSERT_EQ(0, rig_qp_make(self->nic1, 4, &other));
	ASSERT_EQ(0, rig_qp_endpoint(other, &nobody));
	nobody.qp = 0xffffe;	/* no queue pair of rig_bnxt1 has this number */
	ASSERT_NE(nobody.qp, 0);
	ASSERT_EQ(0, rig_qp_connect(tx, &nobody)) TH_LOG("%s", rig_error());
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 10, 1));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, tx, 1, RIG_SEND, RIG_STATUS_RETRY_EXCEEDED,
	       RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR, 0);
}

TEST_F(qp, a_wait_on_a_failed_queue_pair_with_nothing_left_is_an_error)
{
	struct rig_completion c;
	struct rig_qp *tx, *rx;
	struct mem s;
	double t0;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 10, 1));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, tx, 1, RIG_SEND, RIG_STATUS_RNR_RETRY_EXCEEDED,
	       RIG_BNXT_CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR, 0);
	t0 = now_ms();
	EXPECT_EQ(-EIO, rig_qp_wait(tx, WAIT_MS, &c));
	EXPECT_NE(NULL, strstr(rig_error(), "in error"));
	EXPECT_GT(1000, now_ms() - t0);
}

/* waiting */

TEST_F(qp, a_wait_with_nothing_to_take_times_out_after_about_its_time)
{
	struct rig_completion c;
	struct rig_qp *tx, *rx;
	double t0, ms;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	t0 = now_ms();
	EXPECT_EQ(0, rig_qp_wait(rx, 0, &c));
	EXPECT_GT(100, now_ms() - t0);
	t0 = now_ms();
	EXPECT_EQ(0, rig_qp_wait(rx, 300, &c)) TH_LOG("%s", rig_error());
	ms = now_ms() - t0;
	TH_LOG("a wait of 300 ms took %.1f ms", ms);
	EXPECT_LE(300, ms);
	EXPECT_GE(300 + SLACK_MS, ms);
}

TEST_F(qp, a_wait_sleeps_rather_than_spinning)
{
	struct timespec c0, c1;
	struct rig_completion c;
	struct rig_qp *tx, *rx;
	double cpu;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
	EXPECT_EQ(0, rig_qp_wait(rx, 500, &c));
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
	cpu = (c1.tv_sec - c0.tv_sec) * 1e3 + (c1.tv_nsec - c0.tv_nsec) / 1e6;
	TH_LOG("a wait of 500 ms used %.2f ms of CPU", cpu);
	EXPECT_GT(50, cpu);
}

TEST_F(qp, a_wait_is_not_woken_by_completions_another_queue_pair_leaves_untaken)
{
	struct rig_qp *tx, *rx, *idle, *idle_peer;
	struct timespec c0, c1;
	struct rig_completion c;
	struct mem s, d;
	double cpu;

	/* tx and idle are queue pairs of one open NIC, so of one file. */
	link_make(_metadata, self, self->nic0, self->nic1, 4, &tx, &rx, &s, &d);
	connect_pair(_metadata, self->nic0, self->nic1, 4, &idle, &idle_peer);
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 8, 1));
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 8, 2));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, rx, 1, RIG_RECEIVE, RIG_STATUS_OK, 0, 8);
	/* tx's completion is there, untaken, while a wait on idle sleeps. */
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
	EXPECT_EQ(0, rig_qp_wait(idle, 500, &c));
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
	cpu = (c1.tv_sec - c0.tv_sec) * 1e3 + (c1.tv_nsec - c0.tv_nsec) / 1e6;
	TH_LOG("a wait of 500 ms beside another queue pair's completion used %.2f ms of CPU",
	       cpu);
	EXPECT_GT(50, cpu);
	expect(_metadata, tx, 2, RIG_SEND, RIG_STATUS_OK, 0, 8);
}

struct later_send {
	struct rig_qp *tx;
	struct rig_region *src;
	int ms;
};

static void *send_later(void *arg)
{
	struct later_send *l = arg;

	usleep(l->ms * 1000);
	if (rig_qp_send(l->tx, l->src, 0, 32, 1) || rig_qp_ring(l->tx))
		return (void *)1;
	return NULL;
}

TEST_F(qp, a_completion_from_another_thread_wakes_a_wait)
{
	struct later_send l = { .ms = 300 };
	struct rig_completion c;
	struct rig_qp *rx;
	struct mem s, d;
	pthread_t t;
	double t0, ms;
	void *ret;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &l.tx, &rx);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &d);
	l.src = s.r;
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 32, 9));
	t0 = now_ms();
	ASSERT_EQ(0, pthread_create(&t, NULL, send_later, &l));
	ASSERT_EQ(1, rig_qp_wait(rx, WAIT_MS, &c)) TH_LOG("%s", rig_error());
	ms = now_ms() - t0;
	TH_LOG("woken %.1f ms after a send due at 300 ms", ms);
	EXPECT_EQ(9, c.id);
	EXPECT_EQ(32, c.bytes);
	EXPECT_LE(290, ms);
	EXPECT_GE(300 + SLACK_MS, ms);
	pthread_join(t, &ret);
	EXPECT_EQ(NULL, ret);
}

/*
 * Each wait sleeps until the send the other thread posts completes: the
 * NIC raises an event for every arm, which it does only when the driver
 * enabled the ring (CQ_ARMENA, from the privileged page) before it.
 */
TEST_F_TIMEOUT(qp, every_arm_raises_its_event_wait_after_wait, 120)
{
	struct later_send l = { .ms = 20 };
	struct rig_completion c;
	struct rig_qp *rx;
	struct mem s, d;
	pthread_t t;
	void *ret;
	int i;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &l.tx, &rx);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	mem_make(_metadata, self, self->nic1, HOST, 4096, &d);
	l.src = s.r;
	for (i = 0; i < 10; i++) {
		double t0 = now_ms(), ms;

		ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 32, (uint64_t)i));
		ASSERT_EQ(0, pthread_create(&t, NULL, send_later, &l));
		ASSERT_EQ(1, rig_qp_wait(rx, WAIT_MS, &c)) TH_LOG("wait %d: %s", i, rig_error());
		ms = now_ms() - t0;
		/* Woken by the event, not found when the wait's time ran out. */
		ASSERT_GE(20 + SLACK_MS, ms) TH_LOG("wait %d woken after %.0f ms", i, ms);
		EXPECT_EQ((uint64_t)i, c.id);
		pthread_join(t, &ret);
		ASSERT_EQ(NULL, ret);
		expect(_metadata, l.tx, 1, RIG_SEND, RIG_STATUS_OK, 0, 32);
	}
}

/* threads: several queue pairs, each with a poster and a poller per side */

#define STRESS_SLOT 256

struct stress_side {
	pthread_mutex_t lock;
	pthread_cond_t moved;
	_Atomic uint64_t done;		/* completions taken and checked */
};

struct stress {
	struct rig_bnxt *na, *nb;	/* opens of their own, for waits */
	struct rig_qp *tx, *rx;
	struct rig_region *src, *dst;
	uint32_t entries;
	uint64_t count, pair;
	struct stress_side txs, rxs;
	uint64_t tx_sum, rx_sum;
	_Atomic int failed;
	char why[256];
};

static size_t stress_len(const struct stress *st, uint64_t k)
{
	return 8 + (k * 2654435761u + st->pair) % (STRESS_SLOT - 8);
}

static uint64_t checksum(const unsigned char *p, size_t n)
{
	uint64_t h = 1469598103934665603ULL;

	while (n--)
		h = (h ^ *p++) * 1099511628211ULL;
	return h;
}

/* Wake every thread of @st blocked in stress_wait(): it failed. */
static void stress_wake_all(struct stress *st)
{
	pthread_mutex_lock(&st->txs.lock);
	pthread_cond_broadcast(&st->txs.moved);
	pthread_mutex_unlock(&st->txs.lock);
	pthread_mutex_lock(&st->rxs.lock);
	pthread_cond_broadcast(&st->rxs.moved);
	pthread_mutex_unlock(&st->rxs.lock);
}

static void *stress_fail(struct stress *st, const char *what, long long a, long long b)
{
	if (!atomic_exchange(&st->failed, 1))
		snprintf(st->why, sizeof(st->why), "pair %llu: %s (%lld, %lld): %s",
			 (unsigned long long)st->pair, what, a, b, rig_error());
	stress_wake_all(st);
	return (void *)1;
}

/* Block until @side has taken more than @k completions, or a failure. */
static void stress_wait(struct stress *st, struct stress_side *side, uint64_t k)
{
	pthread_mutex_lock(&side->lock);
	while (atomic_load(&side->done) <= k && !atomic_load(&st->failed))
		pthread_cond_wait(&side->moved, &side->lock);
	pthread_mutex_unlock(&side->lock);
}

static void stress_moved(struct stress_side *side)
{
	pthread_mutex_lock(&side->lock);
	atomic_fetch_add(&side->done, 1);
	pthread_cond_broadcast(&side->moved);
	pthread_mutex_unlock(&side->lock);
}

static void *stress_send(void *arg)
{
	struct stress *st = arg;
	unsigned char msg[STRESS_SLOT];
	uint64_t k;

	for (k = 0; k < st->count && !atomic_load(&st->failed); k++) {
		size_t n = stress_len(st, k), at = (k % st->entries) * STRESS_SLOT;

		if (k >= st->entries && atomic_load(&st->txs.done) <= k - st->entries) {
			if (rig_qp_ring(st->tx))	/* ring before blocking */
				return stress_fail(st, "ring", k, 0);
			stress_wait(st, &st->txs, k - st->entries);
		}
		pattern(msg, n, st->pair << 40 | k);
		memcpy(msg, &k, sizeof(k));
		st->tx_sum += checksum(msg, n);
		if (rig_region_write(st->src, at, msg, n) ||
		    rig_qp_send(st->tx, st->src, at, n, k))
			return stress_fail(st, "send", k, 0);
		if ((k % 4 == 3 || k + 1 == st->count) && rig_qp_ring(st->tx))
			return stress_fail(st, "ring", k, 0);
	}
	return NULL;
}

static void *stress_receive(void *arg)
{
	struct stress *st = arg;
	uint64_t k;

	for (k = 0; k < st->count && !atomic_load(&st->failed); k++) {
		if (k >= st->entries)
			stress_wait(st, &st->rxs, k - st->entries);
		if (rig_qp_receive(st->rx, st->dst, (k % st->entries) * STRESS_SLOT,
				   STRESS_SLOT, k))
			return stress_fail(st, "receive", k, 0);
	}
	return NULL;
}

static void *stress_poll_tx(void *arg)
{
	struct stress *st = arg;
	struct rig_completion c;
	uint64_t k;

	for (k = 0; k < st->count && !atomic_load(&st->failed); k++) {
		if (rig_qp_wait(st->tx, WAIT_MS, &c) != 1)
			return stress_fail(st, "send completion", k, 0);
		if (c.id != k || c.op != RIG_SEND || c.status || c.bytes != stress_len(st, k))
			return stress_fail(st, "send completion", k, (long long)c.id);
		stress_moved(&st->txs);
	}
	return NULL;
}

static void *stress_poll_rx(void *arg)
{
	struct stress *st = arg;
	unsigned char msg[STRESS_SLOT], want[STRESS_SLOT];
	struct rig_completion c;
	uint64_t k, got;

	for (k = 0; k < st->count && !atomic_load(&st->failed); k++) {
		size_t n = stress_len(st, k);

		if (rig_qp_wait(st->rx, WAIT_MS, &c) != 1)
			return stress_fail(st, "receive completion", k, 0);
		if (c.id != k || c.op != RIG_RECEIVE || c.status || c.bytes != n)
			return stress_fail(st, "receive completion", k, c.status);
		if (rig_region_read(st->dst, (k % st->entries) * STRESS_SLOT, msg, n))
			return stress_fail(st, "region read", k, 0);
		memcpy(&got, msg, sizeof(got));
		pattern(want, n, st->pair << 40 | k);
		memcpy(want, &k, sizeof(k));
		if (got != k || memcmp(msg, want, n))
			return stress_fail(st, "message out of order or corrupt", k, (long long)got);
		st->rx_sum += checksum(msg, n);
		stress_moved(&st->rxs);
	}
	return NULL;
}

static void stress_setup(struct __test_metadata *_metadata, struct stress *st, uint64_t pair,
			 uint64_t count)
{
	memset(st, 0, sizeof(*st));
	st->pair = pair;
	st->count = count;
	st->entries = 64;
	pthread_mutex_init(&st->txs.lock, NULL);
	pthread_cond_init(&st->txs.moved, NULL);
	pthread_mutex_init(&st->rxs.lock, NULL);
	pthread_cond_init(&st->rxs.moved, NULL);
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt0", &st->na));
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt1", &st->nb));
	connect_pair(_metadata, st->na, st->nb, st->entries, &st->tx, &st->rx);
	ASSERT_EQ(0, rig_region_host(st->na, st->entries * STRESS_SLOT, &st->src));
	ASSERT_EQ(0, rig_region_host(st->nb, st->entries * STRESS_SLOT, &st->dst));
}

#define STRESS_PAIRS 3

TEST_F_TIMEOUT(qp, several_queue_pairs_carry_checksummed_messages_between_threads, 300)
{
	const char *env = getenv("RIG_STRESS_MESSAGES");
	uint64_t total = env ? strtoull(env, NULL, 0) : 20000, sent = 0;
	void *(*const fn[4])(void *) = {
		stress_receive, stress_poll_rx, stress_poll_tx, stress_send,
	};
	long rnr = rig_soft_param_num("rnr_timeout_ms", -1);
	struct stress st[STRESS_PAIRS];
	pthread_t t[STRESS_PAIRS][4];
	double t0, ms;
	int i, j;

	/* A starved receive poster must not fail a send under a slow guest. */
	if (rnr >= 0)
		rig_soft_param_set("rnr_timeout_ms", 5000);
	for (i = 0; i < STRESS_PAIRS; i++)
		stress_setup(_metadata, &st[i], i, total / STRESS_PAIRS);
	t0 = now_ms();
	for (i = 0; i < STRESS_PAIRS; i++)
		for (j = 0; j < 4; j++)
			ASSERT_EQ(0, pthread_create(&t[i][j], NULL, fn[j], &st[i]));
	for (i = 0; i < STRESS_PAIRS; i++) {
		for (j = 0; j < 4; j++) {
			pthread_join(t[i][j], NULL);
		}
	}
	ms = now_ms() - t0;
	if (rnr >= 0)
		rig_soft_param_set("rnr_timeout_ms", rnr);
	for (i = 0; i < STRESS_PAIRS; i++) {
		EXPECT_FALSE(st[i].failed) TH_LOG("%s", st[i].why);
		EXPECT_EQ(st[i].count, atomic_load(&st[i].rxs.done));
		EXPECT_EQ(st[i].tx_sum, st[i].rx_sum);
		sent += atomic_load(&st[i].rxs.done);
		rig_bnxt_close(st[i].na);
		rig_bnxt_close(st[i].nb);
	}
	TH_LOG("%llu messages over %d queue pairs in %.0f ms: %.0f messages/s",
	       (unsigned long long)sent, STRESS_PAIRS, ms, sent / (ms / 1e3));
}

/* the system-call bound */

/* Take every completion @qp has: how many, or -1 for one that failed. */
static int drain(struct rig_qp *qp)
{
	struct rig_completion c;
	int n = 0;

	while (rig_qp_poll(qp, &c) == 1) {
		if (c.status)
			return -1;
		n++;
	}
	return n;
}

/*
 * Run in a child under strace: stream @posts sends from rig_bnxt0 to
 * rig_bnxt1, ringing after every post and taking completions with
 * rig_qp_poll(), so the engine stays busy.  Exit 0 on success.
 */
static int kick_workload(uint64_t posts)
{
	const uint32_t entries = 256;
	uint64_t sent = 0, posted = 0, tx_done = 0, rx_done = 0;
	struct rig_bnxt *a, *b;
	struct rig_region *s, *d;
	struct rig_qp *tx, *rx;
	struct rig_endpoint ea, eb;
	int taken;

	if (rig_bnxt_open("rig_bnxt0", &a) || rig_bnxt_open("rig_bnxt1", &b) ||
	    rig_qp_make(a, entries, &tx) || rig_qp_make(b, entries, &rx) ||
	    rig_qp_endpoint(tx, &ea) || rig_qp_endpoint(rx, &eb) ||
	    rig_qp_connect(tx, &eb) || rig_qp_connect(rx, &ea) ||
	    rig_region_host(a, 4096, &s) || rig_region_host(b, entries * 64, &d))
		return 10;
	while (rx_done < posts || tx_done < posts) {
		for (; posted < posts && posted - rx_done < entries; posted++)
			if (rig_qp_receive(rx, d, (posted % entries) * 64, 64, posted))
				return 11;
		while (sent < posted && sent - tx_done < entries / 2) {
			if (rig_qp_send(tx, s, 0, 64, sent++) || rig_qp_ring(tx))
				return 12;
			/* Take what is there between posts, as a program would. */
			if ((taken = drain(rx)) < 0)
				return 13;
			rx_done += taken;
			if ((taken = drain(tx)) < 0)
				return 13;
			tx_done += taken;
		}
		if ((taken = drain(rx)) < 0)
			return 13;
		rx_done += taken;
		if ((taken = drain(tx)) < 0)
			return 13;
		tx_done += taken;
	}
	return 0;
}

__attribute__((constructor)) static void kick_child(void)
{
	const char *posts = getenv("RIG_QP_KICK_CHILD");

	if (posts)
		_exit(kick_workload(strtoull(posts, NULL, 0)));
}

/* Run kick_workload(@posts) under strace -c: its ioctl and poll calls. */
static int strace_count(uint64_t posts, long *ioctls, long *polls)
{
	char exe[256], out[] = "/tmp/rig_qp_strace.XXXXXX", line[256], env[64];
	int status, fd = mkstemp(out);
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	pid_t pid;
	FILE *f;

	if (fd < 0 || len < 0)
		return -1;
	close(fd);
	exe[len] = '\0';
	snprintf(env, sizeof(env), "RIG_QP_KICK_CHILD=%llu", (unsigned long long)posts);
	pid = fork();
	if (pid == 0) {
		putenv(env);
		execl("/usr/bin/strace", "strace", "-f", "-c", "-o", out,
		      "-e", "trace=ioctl,poll,ppoll", exe, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return -2;
	*ioctls = *polls = 0;
	f = fopen(out, "re");
	while (f && fgets(line, sizeof(line), f)) {
		char name[32];
		long calls;

		/* % time, seconds, usecs/call, calls, [errors,] syscall */
		if (sscanf(line, "%*f %*f %*d %ld %*d %31s", &calls, name) == 2 ||
		    sscanf(line, "%*f %*f %*d %ld %31s", &calls, name) == 2) {
			if (!strcmp(name, "ioctl"))
				*ioctls = calls;
			else if (!strcmp(name, "poll") || !strcmp(name, "ppoll"))
				*polls += calls;
		}
	}
	if (f)
		fclose(f);
	unlink(out);
	return 0;
}

/*
 * The model sleeps after idle_spin_us without work; how often a process
 * that posts without pause finds it asleep depends on how the guest's CPUs
 * are scheduled (under single-threaded TCG they run in turn, and a faster
 * host saw one kick in twenty posts where ours saw none).  What the library
 * promises does not: it kicks only a NIC that said it sleeps.  So the model
 * is told to stay awake for a second after its last work, as a NIC busy
 * with this process would be, and to be woken by a kick rather than run
 * its pass in the kicker's call (kick_runs_pass 0: by default it does that
 * when another task wanted its CPU, and then it stays asleep); then only
 * the first posts find it asleep.
 */
#define RIG_QP_AWAKE_US	1000000

TEST_F_TIMEOUT(qp, a_busy_nic_needs_far_fewer_system_calls_than_posts, 120)
{
	const char *env = getenv("RIG_KICK_POSTS");
	long posts = env ? atol(env) : 5000, base_ioctls, base_polls, ioctls, polls;
	long spin = rig_soft_param_num("idle_spin_us", -1);
	long where = rig_soft_param_num("kick_runs_pass", -1);
	int base, busy;

	if (access("/usr/bin/strace", X_OK))
		SKIP(return, "no /usr/bin/strace to count system calls with");
	if (spin >= 0)
		ASSERT_EQ(0, rig_soft_param_set("idle_spin_us", RIG_QP_AWAKE_US));
	if (where >= 0)
		ASSERT_EQ(0, rig_soft_param_set("kick_runs_pass", 0));
	base = strace_count(0, &base_ioctls, &base_polls);
	busy = strace_count(posts, &ioctls, &polls);
	if (spin >= 0)
		ASSERT_EQ(0, rig_soft_param_set("idle_spin_us", spin));
	if (where >= 0)
		ASSERT_EQ(0, rig_soft_param_set("kick_runs_pass", where));
	ASSERT_EQ(0, base);
	ASSERT_EQ(0, busy);
	TH_LOG("%ld sends rung one by one (and %ld receives): %ld ioctls (%ld for setup), %ld kicks, %ld polls",
	       posts, posts, ioctls, base_ioctls, ioctls - base_ioctls, polls - base_polls);
	EXPECT_EQ(0, polls - base_polls);
	/*
	 * The first posts may find the NIC asleep: until the engine the first
	 * kick woke has run and said so, each post reads "asleep" and kicks.
	 * A kick is a ptrace stop here, so the engine runs within one or two.
	 */
	EXPECT_GE(4, ioctls - base_ioctls);
}

/* Kicks, or passes run in them, counted by both NICs' functions. */
static long model_kicks(const char *name)
{
	long a = rig_model_stat(0, name), b = rig_model_stat(1, name);

	return a < 0 || b < 0 ? -1 : a + b;
}

/*
 * Sends from rig_bnxt0 to rig_bnxt1, each after the model has had time to
 * fall asleep (it sleeps within a millisecond of its last work), with the
 * model's kick_runs_pass at @mode, until the functions counted a kick
 * (@mode 0) or a pass run in one (else), at most ten: the kicks and the
 * passes.  A send finds the model awake at times (a statistics block or
 * a notification was due when the receive's kick ran its pass).
 */
static void send_to_sleeping_model(struct __test_metadata *_metadata, FIXTURE_DATA(qp) *self,
				   long mode, long *kicks, long *passes)
{
	struct rig_qp *tx, *rx;
	struct mem s, d;
	long k0, p0;
	int i;

	link_make(_metadata, self, self->nic0, self->nic1, 8, &tx, &rx, &s, &d);
	ASSERT_EQ(0, rig_soft_param_set("kick_runs_pass", mode));
	*kicks = *passes = 0;
	for (i = 0; i < 10 && !(mode ? *passes : *kicks); i++) {
		usleep(50000);
		k0 = model_kicks("kicks");
		p0 = model_kicks("kick_passes");
		ASSERT_LE(0, k0);
		ASSERT_LE(0, p0);
		send_exact(_metadata, tx, rx, &s, 0, &d, 0, 100, 100, 31 + i);
		*kicks += model_kicks("kicks") - k0;
		*passes += model_kicks("kick_passes") - p0;
	}
	TH_LOG("kick_runs_pass %ld: %d sends, %ld kicks, %ld passes run in them",
	       mode, i, *kicks, *passes);
	ASSERT_EQ(0, rig_qp_destroy(tx));
	ASSERT_EQ(0, rig_qp_destroy(rx));
}

TEST_F(qp, a_kick_runs_the_models_pass_in_the_kickers_call_or_wakes_its_thread_as_told)
{
	long mode = rig_soft_param_num("kick_runs_pass", -1), kicks, passes;

	if (mode < 0)
		SKIP(return, "the model has no kick_runs_pass");
	/* 2: in the kicker.  The sends are done, and by the kicks. */
	send_to_sleeping_model(_metadata, self, 2, &kicks, &passes);
	EXPECT_LE(1, kicks);
	EXPECT_LE(1, passes);
	/* 0: in the engine thread, woken: no kick runs a pass. */
	send_to_sleeping_model(_metadata, self, 0, &kicks, &passes);
	EXPECT_LE(1, kicks);
	EXPECT_EQ(0, passes);
	ASSERT_EQ(0, rig_soft_param_set("kick_runs_pass", mode));
}

/*
 * The model's engine, asleep, looks at the mailboxes only when kicked
 * (asleep_look_ms 0): the driver kicks a function that said it sleeps
 * after posting a command, as a process does after a doorbell (through
 * the transport's wake, counted as command_wakes), so registrations and a
 * connection are answered at once.  Without that kick each would wait for
 * its timeout (made 3 s here) and fail.
 */
TEST_F_TIMEOUT(qp, the_driver_kicks_a_sleeping_function_after_posting_a_command, 120)
{
	long look = rig_soft_param_num("asleep_look_ms", -1);
	long timeout = rig_param_num("fw_timeout_ms", -1), k0, kicks = 0;
	int reg[4], made = 0, i;
	struct rig_region *r;
	struct rig_qp *a = NULL, *b = NULL;
	struct rig_endpoint ea, eb;

	if (look < 0)
		SKIP(return, "the model has no asleep_look_ms");
	ASSERT_LE(0, timeout);
	ASSERT_EQ(0, rig_param_set("fw_timeout_ms", 3000));
	ASSERT_EQ(0, rig_soft_param_set("asleep_look_ms", 0));
	for (i = 0; i < 4; i++) {
		usleep(50000);			/* the engine sleeps within a millisecond */
		k0 = model_kicks("command_wakes");
		reg[i] = rig_region_host(self->nic0, 4096, &r);
		if (!reg[i])
			reg[i] = rig_region_deregister(r);
		kicks += model_kicks("command_wakes") - k0;
	}
	usleep(50000);
	if (!rig_qp_make(self->nic0, 4, &a) && !rig_qp_make(self->nic1, 4, &b) &&
	    !rig_qp_endpoint(a, &ea) && !rig_qp_endpoint(b, &eb) && !rig_qp_connect(a, &eb) &&
	    !rig_qp_connect(b, &ea))
		made = 1;
	if (a)
		rig_qp_destroy(a);
	if (b)
		rig_qp_destroy(b);
	ASSERT_EQ(0, rig_soft_param_set("asleep_look_ms", look));
	ASSERT_EQ(0, rig_param_set("fw_timeout_ms", timeout));
	for (i = 0; i < 4; i++) {
		EXPECT_EQ(0, reg[i]) {
			TH_LOG("registration %d: %s", i, strerror(-reg[i]));
		}
	}
	EXPECT_TRUE(made) {
		TH_LOG("%s", rig_error());
	}
	TH_LOG("%ld wakes for 4 registrations with the engine asleep", kicks);
	EXPECT_LE(4, kicks);
}

/*
 * A receive posted while the model sleeps wakes it only when the status
 * page says a receive has work at once (a queue pair of the NIC is in
 * error): a process that takes its message and posts the next receive
 * kicks nothing, and the peer's send, kicked, finds the receive.  With
 * asleep_look_ms 0 the model looks only when kicked, so a receive posted
 * to a queue pair that failed (its completions not yet taken, so the
 * library cannot know) is flushed only if its kick came.
 */
TEST_F_TIMEOUT(qp, a_receive_wakes_a_sleeping_nic_only_when_a_queue_pair_of_it_failed, 120)
{
	long look = rig_soft_param_num("asleep_look_ms", -1), k0, kicks;
	struct rig_completion c[4];
	struct rig_qp *tx, *rx;
	struct mem s, d;
	int i, n = 0;

	if (look < 0)
		SKIP(return, "the model has no asleep_look_ms");
	link_make(_metadata, self, self->nic0, self->nic1, 8, &tx, &rx, &s, &d);
	usleep(50000);			/* the engine sleeps within a millisecond */
	k0 = model_kicks("kicks");
	ASSERT_LE(0, k0);
	for (i = 0; i < 4; i++)
		ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 64, i));
	kicks = model_kicks("kicks") - k0;
	EXPECT_EQ(0, kicks) TH_LOG("4 receives posted to a sleeping, healthy NIC kicked it");
	/* The send's kick wakes it, and it finds the receives. */
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 64, 10));
	ASSERT_EQ(0, rig_qp_ring(tx));
	expect(_metadata, rx, 0, RIG_RECEIVE, RIG_STATUS_OK, 0, 64);
	expect(_metadata, tx, 10, RIG_SEND, RIG_STATUS_OK, 0, 64);

	/* 65 bytes into a receive of 64: both queue pairs fail. */
	ASSERT_EQ(0, rig_soft_param_set("asleep_look_ms", 0));
	ASSERT_EQ(0, rig_qp_send(tx, s.r, 0, 65, 11));
	ASSERT_EQ(0, rig_qp_ring(tx));
	usleep(50000);
	k0 = model_kicks("kicks");
	ASSERT_EQ(0, rig_qp_receive(rx, d.r, 0, 64, 99));
	kicks = model_kicks("kicks") - k0;
	for (n = 0; n < 4 && rig_qp_wait(rx, WAIT_MS, &c[n]) == 1; n++)
		;
	ASSERT_EQ(0, rig_soft_param_set("asleep_look_ms", look));
	/*
	 * One kick, or none if the model was still awake (a slow guest): the
	 * flush below is what only the kick, or a model awake, brings.
	 */
	EXPECT_GE(1, kicks);
	/* Receive 1 failed; 2 and 3 (posted before) and 99 are flushed. */
	ASSERT_EQ(4, n) TH_LOG("%d completions; the receive posted after the failure not flushed",
			       n);
	EXPECT_EQ(1, c[0].id);
	EXPECT_EQ(RIG_STATUS_LOCAL_LENGTH, c[0].status);
	for (i = 1; i < 4; i++) {
		EXPECT_EQ(RIG_STATUS_FLUSHED, c[i].status);
		EXPECT_EQ(i < 3 ? (uint64_t)i + 1 : 99, c[i].id);
	}
	ASSERT_EQ(0, rig_qp_destroy(tx));
	ASSERT_EQ(0, rig_qp_destroy(rx));
}

/* fork, SIGKILL, close */

TEST_F(qp, a_child_of_fork_gets_eperm_from_every_queue_pair_call)
{
	struct rig_qp *tx, *rx;
	struct mem s;
	int status;
	pid_t pid;

	connect_pair(_metadata, self->nic0, self->nic1, 4, &tx, &rx);
	mem_make(_metadata, self, self->nic0, HOST, 4096, &s);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct rig_endpoint e = { .mtu = 4096 };
		struct rig_completion c;
		struct rig_qp *mine;
		int bad = 0;

		bad |= rig_qp_make(self->nic0, 4, &mine) != -EPERM;
		bad |= rig_qp_endpoint(tx, &e) != -EPERM;
		bad |= rig_qp_connect(tx, &e) != -EPERM;
		bad |= rig_qp_send(tx, s.r, 0, 1, 1) != -EPERM;
		bad |= rig_qp_receive(rx, s.r, 0, 1, 1) != -EPERM;
		bad |= rig_qp_read(tx, s.r, 0, s.r, 1, 1, 1) != -EPERM;
		bad |= rig_qp_ring(tx) != -EPERM;
		bad |= rig_qp_poll(tx, &c) != -EPERM;
		bad |= rig_qp_wait(tx, 0, &c) != -EPERM;
		bad |= rig_qp_state(tx) != -EPERM;
		bad |= rig_qp_destroy(tx) != -EPERM;
		bad |= !strstr(rig_error(), "fork");
		_exit(bad);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status)) TH_LOG("the child died: status %#x", status);
	EXPECT_EQ(0, WEXITSTATUS(status));
	/* The parent's queue pairs work on. */
	{
		struct mem d;

		mem_make(_metadata, self, self->nic1, HOST, 4096, &d);
		send_exact(_metadata, tx, rx, &s, 0, &d, 0, 100, 100, 1);
	}
}

/* Write all of @n bytes to @fd, or read them: 0 or -1. */
static int xfer(int fd, void *p, size_t n, int out)
{
	while (n) {
		ssize_t k = out ? write(fd, p, n) : read(fd, p, n);

		if (k <= 0)
			return -1;
		p = (char *)p + k;
		n -= k;
	}
	return 0;
}

/* The child of the kill test: a receiver that keeps posting 1 MiB receives. */
static int killed_receiver(FIXTURE_DATA(qp) *self, int in, int out)
{
	size_t n = 1 << 20;
	struct rig_endpoint mine, peer;
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_region *r;
	struct rig_qp *qp;
	void *p;
	int i;

	if (rig_bnxt_open("rig_bnxt0", &nic) || rig_qp_make(nic, 16, &qp) ||
	    rig_qp_endpoint(qp, &mine))
		return 1;
	if (self->iommu)
		p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	else if (rig_dma_alloc(nic, n, &p))
		return 2;
	if (p == MAP_FAILED || rig_region_pages(nic, p, n, &r) ||
	    xfer(out, &mine, sizeof(mine), 1) || xfer(in, &peer, sizeof(peer), 0) ||
	    rig_qp_connect(qp, &peer))
		return 3;
	for (i = 0; i < 16; i++)
		if (rig_qp_receive(qp, r, 0, n, i))
			return 4;
	if (xfer(out, "r", 1, 1))
		return 5;
	for (;;)
		if (rig_qp_wait(qp, -1, &c) != 1 || c.status || rig_qp_receive(qp, r, 0, n, 0))
			return 6;
}

TEST_F_TIMEOUT(qp, a_peer_killed_mid_transfer_leaves_flushed_or_retry_exceeded_completions_and_nothing_pinned, 120)
{
	size_t n = 1 << 20;
	int to_child[2], from_child[2], status, ok = 0, retry = 0, flushed = 0, recv_flushed = 0;
	long allocated, pinned;
	struct rig_endpoint mine, peer;
	struct rig_completion c;
	struct rig_qp *qp;
	struct mem s;
	pid_t pid;
	char ready;
	int i;

	ASSERT_EQ(0, rig_qp_make(self->nic1, 64, &qp));
	ASSERT_EQ(0, rig_qp_endpoint(qp, &mine));
	mem_make(_metadata, self, self->nic1, HOST, n, &s);
	allocated = rig_debugfs_num("allocated_pages");
	pinned = rig_debugfs_num("pinned_pages");
	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(from_child));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		_exit(killed_receiver(self, to_child[0], from_child[1]));
	ASSERT_EQ(0, xfer(from_child[0], &peer, sizeof(peer), 0));
	ASSERT_EQ(0, xfer(to_child[1], &mine, sizeof(mine), 1));
	ASSERT_EQ(0, rig_qp_connect(qp, &peer));
	ASSERT_EQ(0, xfer(from_child[0], &ready, 1, 0));
	EXPECT_LT(allocated, rig_debugfs_num("allocated_pages"));
	for (i = 0; i < 8; i++)
		ASSERT_EQ(0, rig_qp_receive(qp, s.r, 0, n, 1000 + i));
	for (i = 0; i < 64; i++)
		ASSERT_EQ(0, rig_qp_send(qp, s.r, 0, n, i));
	ASSERT_EQ(0, rig_qp_ring(qp));
	c = take(_metadata, qp);
	EXPECT_EQ(RIG_STATUS_OK, c.status) TH_LOG("%s", rig_status_message(c.status));
	ok++;
	ASSERT_EQ(0, kill(pid, SIGKILL));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFSIGNALED(status));
	for (i = 1; i < 64 + 8; i++) {
		c = take(_metadata, qp);
		if (c.op == RIG_RECEIVE) {
			EXPECT_EQ(RIG_STATUS_FLUSHED, c.status);
			recv_flushed++;
			continue;
		}
		EXPECT_EQ(i - recv_flushed, c.id);
		if (c.status == RIG_STATUS_OK) {
			EXPECT_EQ(0, retry + flushed) TH_LOG("a send succeeded after one failed");
		}
		ok += c.status == RIG_STATUS_OK;
		retry += c.status == RIG_STATUS_RETRY_EXCEEDED;
		flushed += c.status == RIG_STATUS_FLUSHED;
		if (c.status != RIG_STATUS_OK && c.status != RIG_STATUS_FLUSHED) {
			EXPECT_EQ(RIG_STATUS_RETRY_EXCEEDED, c.status)
				TH_LOG("%s", rig_status_message(c.status));
		}
	}
	TH_LOG("after the kill: %d sends done, %d retries exceeded, %d flushed; %d receives flushed",
	       ok, retry, flushed, recv_flushed);
	EXPECT_EQ(64, ok + retry + flushed);
	EXPECT_EQ(8, recv_flushed);
	EXPECT_LT(0, retry + flushed);
	EXPECT_EQ(-EIO, rig_qp_wait(qp, 100, &c));
	EXPECT_EQ(allocated, rig_debugfs_num("allocated_pages"));
	EXPECT_EQ(pinned, rig_debugfs_num("pinned_pages"));
}

TEST_F(qp, destroy_and_close_free_the_rings)
{
	long before = rig_debugfs_num("allocated_pages");
	struct rig_qp *a, *b;

	ASSERT_LE(0, before);
	connect_pair(_metadata, self->nic0, self->nic1, 4096, &a, &b);
	EXPECT_LT(before, rig_debugfs_num("allocated_pages"));
	ASSERT_EQ(0, rig_qp_destroy(a)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_destroy(b));
	EXPECT_EQ(before, rig_debugfs_num("allocated_pages"));
	connect_pair(_metadata, self->nic0, self->nic1, 4096, &a, &b);
	ASSERT_EQ(0, rig_qp_make(self->nic0, 64, &a));
	rig_bnxt_close(self->nic0);
	rig_bnxt_close(self->nic1);
	self->nic0 = self->nic1 = NULL;
	EXPECT_EQ(before, rig_debugfs_num("allocated_pages"));
}

TEST_HARNESS_MAIN
