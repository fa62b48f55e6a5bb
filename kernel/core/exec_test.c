// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_exec_test: the soft NIC's entry engine of exec.c, run
 * over a fake memory backend.  This file owns the fake -- NICs, contexts,
 * regions and queue pairs made of kzalloc'd structures and pages of its
 * own, and the peer() and region() look-ups over them -- and touches no
 * PCI, DMA, thread or lock.  Entries and doorbells are written, and
 * completions read, as the library does it, in the little-endian layouts
 * of rig_bnxt_hsi.h; received bytes are checked against an image of the
 * whole region, so a byte out of place anywhere fails.
 */
#include <kunit/resource.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/string.h>

#include "exec.h"
#include "hsi.h"

#define T_ENTRIES	8		/* send and receive rings */
#define T_CQ_ENTRIES	16		/* completion ring */
#define T_REGION_PAGES	3
#define T_REGION_BYTES	(T_REGION_PAGES * PAGE_SIZE)
#define T_MAX_QPS	4
#define T_MAX_REGIONS	6
#define T_LONG_MS	60000		/* a wait no test outlives */

#define QPN_A	1
#define QPN_B	2
#define KEY_A	0x1a01		/* region of context A (nic 0) */
#define KEY_B	0x2b02		/* region of context B (nic 0) */
#define KEY_C	0x3c03		/* region of context C (nic 1) */
#define KEY_S	0x5e04		/* source of the backing tests, context A */
#define KEY_D	0xde05		/* destination of the backing tests, context B */
#define BAD_KEY	0xbad

/* What memory backs a fake region. */
enum backing {
	BACK_PAGES,	/* pinned pages */
	BACK_BUF,	/* pages of a DMA buffer, from its second page */
	BACK_IO,	/* device memory: two runs, of one page and of two */
};

/* A queue pair and the process's side of it: what the library counts. */
struct tqp {
	struct rig_qp qp;
	u64 sq_prod;		/* send entries posted */
	u64 rq_prod;		/* receive entries posted */
	u64 cq_cons;		/* completions taken */
};

/*
 * The fake backend, test->priv.  Context A (queue pair a, region ra)
 * and context B (b, rb) are on NIC 0, a and b connected; context C (c,
 * rc) is on NIC 1, c connected to nothing.
 */
struct fake {
	struct rig_exec_ops ops;
	struct rig_ctx *ctx_a, *ctx_b, *ctx_c;
	struct tqp *a, *b, *c;
	struct rig_region *ra, *rb, *rc;
	struct tqp *qps[T_MAX_QPS];
	unsigned int nqps;
	struct rig_region *regions[T_MAX_REGIONS];
	unsigned int nregions;
	bool waiting;		/* set by the last run() */
	bool runs_gone;		/* ops->run_present() says no */
	unsigned int flushes;	/* calls of ops->flush_io() */
	u64 cqes_at_flush;	/* completions written when it was last called */
};

union cqe {
	struct rig_bnxt_cq_base base;
	struct rig_bnxt_cq_req req;
	struct rig_bnxt_cq_res_rc res;
};

static struct fake *fake_of_current_test(void)
{
	return kunit_get_current_test()->priv;
}

/* ops->peer: the queue pair numbered @qpn on the NIC @nic_id. */
static struct rig_qp *fake_peer(u64 nic_id, u32 qpn)
{
	struct fake *f = fake_of_current_test();
	unsigned int i;

	for (i = 0; i < f->nqps; i++)
		if (f->qps[i]->qp.rdev->nic_id == nic_id && f->qps[i]->qp.qpn == qpn)
			return &f->qps[i]->qp;
	return NULL;
}

/* ops->region: as rig_engine_region(), the live region @key names on @rdev. */
static struct rig_region *fake_region(struct rig_dev *rdev, u32 key)
{
	struct fake *f = fake_of_current_test();
	unsigned int i;

	for (i = 0; i < f->nregions; i++)
		if (f->regions[i]->ctx->rdev == rdev && f->regions[i]->key == key &&
		    f->regions[i]->state == RIG_REGION_LIVE)
			return f->regions[i];
	return NULL;
}

/* ops->run_present: the device memory is there until a test removes it. */
static bool fake_run_present(const struct rig_devrun *run)
{
	return !fake_of_current_test()->runs_gone;
}

/* ops->read_io and ->write_io: the fake's device memory is memory. */
static void fake_read_io(void *dst, const void __iomem *src, size_t n)
{
	memcpy(dst, (const void __force *)src, n);
}

static void fake_write_io(void __iomem *dst, const void *src, size_t n)
{
	memcpy((void __force *)dst, src, n);
}

/* ops->flush_io: count the flushes, and what was completed by then. */
static void fake_flush_io(void)
{
	struct fake *f = fake_of_current_test();
	unsigned int i;

	f->flushes++;
	f->cqes_at_flush = 0;
	for (i = 0; i < f->nqps; i++)
		f->cqes_at_flush += f->qps[i]->qp.cq_prod;
}

static struct rig_dev *fake_nic(struct kunit *test, u64 nic_id)
{
	struct rig_dev *rdev = kunit_kzalloc(test, sizeof(*rdev), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, rdev);
	rdev->nic_id = nic_id;
	return rdev;
}

static struct rig_ctx *fake_ctx(struct kunit *test, struct rig_dev *rdev)
{
	struct rig_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->rdev = rdev;
	init_waitqueue_head(&ctx->wq);
	return ctx;
}

static void fake_free_page(void *page)
{
	__free_page(page);
}

/*
 * @n pages, allocated one by one with a spare page between each, so that
 * a copy running off a page's end does not find the next one there.
 */
static struct rig_pages *fake_pages(struct kunit *test, unsigned long n)
{
	struct rig_pages *rp = kunit_kzalloc(test, sizeof(*rp), GFP_KERNEL);
	unsigned long i;

	KUNIT_ASSERT_NOT_NULL(test, rp);
	rp->pages = kunit_kcalloc(test, n, sizeof(*rp->pages), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rp->pages);
	for (i = 0; i < 2 * n; i++) {
		struct page *page = alloc_page(GFP_KERNEL | __GFP_ZERO);

		KUNIT_ASSERT_NOT_NULL(test, page);
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fake_free_page, page), 0);
		if (i % 2 == 0)
			rp->pages[i / 2] = page;
	}
	rp->npages = n;
	return rp;
}

/* Device memory: runs of one page and two, as kzalloc'd "BAR" space. */
static void fake_runs(struct kunit *test, struct rig_region *r)
{
	static const u64 pages[] = { 1, T_REGION_PAGES - 1 };
	u32 i;

	r->runs = kunit_kcalloc(test, ARRAY_SIZE(pages), sizeof(*r->runs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r->runs);
	for (i = 0; i < ARRAY_SIZE(pages); i++) {
		void *mem = kunit_kzalloc(test, pages[i] * PAGE_SIZE, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, mem);
		r->runs[i].bytes = pages[i] * PAGE_SIZE;
		r->runs[i].va = (void __iomem __force *)mem;
	}
	r->nruns = ARRAY_SIZE(pages);
}

/* A live region of T_REGION_BYTES of @ctx, named @key. */
static struct rig_region *fake_region_add(struct kunit *test, struct rig_ctx *ctx,
					  u32 key, enum backing backing)
{
	struct fake *f = test->priv;
	struct rig_region *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	KUNIT_ASSERT_LT(test, f->nregions, T_MAX_REGIONS);
	r->key = key;
	r->type = RIG_BNXT_REGION_PAGES;
	r->state = RIG_REGION_LIVE;
	r->bytes = T_REGION_BYTES;
	r->ctx = ctx;
	switch (backing) {
	case BACK_PAGES:
		r->pinned = fake_pages(test, T_REGION_PAGES);
		break;
	case BACK_BUF:
		r->buf = kunit_kzalloc(test, sizeof(*r->buf), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, r->buf);
		r->buf->pages = fake_pages(test, T_REGION_PAGES + 1);
		r->offset = PAGE_SIZE;
		break;
	case BACK_IO:
		r->type = RIG_BNXT_REGION_DEVICE;
		fake_runs(test, r);
		break;
	}
	f->regions[f->nregions++] = r;
	return r;
}

/* A queue pair of @ctx in RTS, its rings in one kzalloc'd area. */
static struct tqp *fake_qp(struct kunit *test, struct rig_ctx *ctx, u32 qpn)
{
	const size_t ring = T_ENTRIES * RIG_BNXT_ENTRY_SIZE;
	struct fake *f = test->priv;
	struct tqp *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct rig_qp *qp = &t->qp;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_LT(test, f->nqps, T_MAX_QPS);
	qp->va = kunit_kzalloc(test, RIG_BNXT_ENTRY_SIZE + 2 * ring +
			       T_CQ_ENTRIES * RIG_BNXT_CQE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, qp->va);
	qp->ctx = ctx;
	qp->rdev = ctx->rdev;
	qp->qpn = qpn;
	qp->qp_handle = 0xfedc000000000000ULL | (u64)f->nqps << 32 | qpn;
	qp->entries = T_ENTRIES;
	qp->cq_entries = T_CQ_ENTRIES;
	qp->db = qp->va;
	qp->sq = qp->va + RIG_BNXT_ENTRY_SIZE;
	qp->rq = qp->sq + ring;
	qp->cq = qp->rq + ring;
	qp->state = RIG_BNXT_QP_STATE_RTS;
	qp->db->state = RIG_BNXT_QP_STATE_RTS;
	f->qps[f->nqps++] = t;
	return t;
}

static void fake_connect(struct tqp *x, struct tqp *y)
{
	x->qp.connected = true;
	x->qp.peer_nic = y->qp.rdev->nic_id;
	x->qp.peer_qpn = y->qp.qpn;
	y->qp.connected = true;
	y->qp.peer_nic = x->qp.rdev->nic_id;
	y->qp.peer_qpn = x->qp.qpn;
}

/* The byte at @off of @r, in whichever page or run backs it. */
static u8 *region_byte(struct rig_region *r, u64 off)
{
	struct rig_pages *rp = r->buf ? r->buf->pages : r->pinned;
	u32 i;

	if (!rp) {
		for (i = 0; off >= r->runs[i].bytes; i++)
			off -= r->runs[i].bytes;
		return (u8 __force *)r->runs[i].va + off;
	}
	off += r->offset;
	return (u8 *)page_address(rp->pages[off / PAGE_SIZE]) + off % PAGE_SIZE;
}

static void region_read(struct rig_region *r, u64 off, u8 *buf, u64 n)
{
	u64 i;

	for (i = 0; i < n; i++)
		buf[i] = *region_byte(r, off + i);
}

/* A pattern with no period of 256, so a byte from the wrong place shows. */
static void region_fill(struct rig_region *r, u8 seed)
{
	u64 off;

	for (off = 0; off < r->bytes; off++)
		*region_byte(r, off) = (u8)(off * 31 + (off >> 8) + seed);
}

/* A copy of every byte of @r. */
static u8 *snapshot(struct kunit *test, struct rig_region *r)
{
	u8 *image = kunit_kmalloc(test, r->bytes, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, image);
	region_read(r, 0, image, r->bytes);
	return image;
}

/* Every byte of @r is the byte of @want. */
static void expect_region(struct kunit *test, struct rig_region *r, const u8 *want)
{
	u64 off;

	for (off = 0; off < r->bytes; off++)
		if (*region_byte(r, off) != want[off])
			break;
	KUNIT_EXPECT_EQ_MSG(test, off, r->bytes,
			    "region %#x: first wrong byte at %llu: %#x, want %#x", r->key,
			    off, off < r->bytes ? *region_byte(r, off) : 0,
			    off < r->bytes ? want[off] : 0);
}

static u64 sge_sum(const struct rig_hsi_sge *sge, u32 n)
{
	u64 sum = 0;
	u32 i;

	for (i = 0; i < n; i++)
		sum += sge[i].size;
	return sum;
}

/*
 * Lay onto @image (a region's bytes) the message @src gathers from the
 * region @from, scattered as @dst scatters it.
 */
static void land(struct kunit *test, u8 *image, struct rig_region *from,
		 const struct rig_hsi_sge *src, u32 nsrc,
		 const struct rig_hsi_sge *dst, u32 ndst)
{
	u64 len = sge_sum(src, nsrc), at = 0, n;
	u8 *msg = kunit_kmalloc(test, len ?: 1, GFP_KERNEL);
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, msg);
	for (i = 0; i < nsrc; at += src[i].size, i++)
		region_read(from, src[i].va, msg + at, src[i].size);
	for (i = 0, at = 0; i < ndst && at < len; at += n, i++) {
		n = min_t(u64, dst[i].size, len - at);
		memcpy(image + dst[i].va, msg + at, n);
	}
	KUNIT_ASSERT_EQ_MSG(test, at, len, "the receive is smaller than the message");
}

/* A doorbell value as rig_bnxt_make_doorbell() makes it, in host order. */
static u64 db_value(u32 type, u32 xid, u64 count, u32 entries)
{
	u32 low = (count % entries) | ((count / entries) & 1 ? RIG_BNXT_DBC_EPOCH : 0);
	u32 high = RIG_BNXT_DBC_VALID | RIG_BNXT_DBC_PATH_ROCE | type | xid;

	return (u64)high << 32 | low;
}

/* One 64-bit little-endian store, as the process rings it. */
static void store_db(u64 *reg, u64 value)
{
	WRITE_ONCE(*reg, (__force u64)cpu_to_le64(value));
}

static void ring(struct tqp *t, u64 *reg, u32 type, u64 count, u32 entries)
{
	store_db(reg, db_value(type, t->qp.qpn, count, entries));
}

static void put_sges(struct rig_bnxt_sq_sge *raw, const struct rig_hsi_sge *sge, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++) {
		raw[i].va_or_pa = cpu_to_le64(sge[i].va);
		raw[i].l_key = cpu_to_le32(sge[i].lkey);
		raw[i].size = cpu_to_le32(sge[i].size);
	}
}

static void *sq_slot(struct tqp *t, u64 pos)
{
	return t->qp.sq + (pos % T_ENTRIES) * RIG_BNXT_ENTRY_SIZE;
}

static void *rq_slot(struct tqp *t, u64 pos)
{
	return t->qp.rq + (pos % T_ENTRIES) * RIG_BNXT_ENTRY_SIZE;
}

/* A signalled SEND of the bytes @sge name, then the send doorbell. */
static void post_send(struct tqp *t, const struct rig_hsi_sge *sge, u32 n)
{
	struct rig_bnxt_sq_send *e = sq_slot(t, t->sq_prod);

	memset(e, 0, sizeof(*e));
	e->hdr.wqe_type = RIG_BNXT_SQ_WQE_TYPE_SEND;
	e->hdr.flags = RIG_BNXT_SQ_FLAGS_SIGNAL_COMP;
	e->hdr.wqe_size = RIG_BNXT_HDR_SLOTS + n;
	e->hdr.length = cpu_to_le32(sge_sum(sge, n));
	put_sges(e->sge, sge, n);
	ring(t, &t->qp.db->sq, RIG_BNXT_DBC_TYPE_SQ, ++t->sq_prod, T_ENTRIES);
}

/* A signalled RDMA READ of the peer's @rkey at @remote_va into @sge. */
static void post_read(struct tqp *t, const struct rig_hsi_sge *sge, u32 n,
		      u64 remote_va, u32 rkey)
{
	struct rig_bnxt_sq_rdma *e = sq_slot(t, t->sq_prod);

	memset(e, 0, sizeof(*e));
	e->hdr.wqe_type = RIG_BNXT_SQ_WQE_TYPE_READ_WQE;
	e->hdr.flags = RIG_BNXT_SQ_FLAGS_SIGNAL_COMP;
	e->hdr.wqe_size = RIG_BNXT_HDR_SLOTS + n;
	e->hdr.remote_va = cpu_to_le64(remote_va);
	e->hdr.remote_key = cpu_to_le32(rkey);
	e->hdr.length = cpu_to_le32(sge_sum(sge, n));
	put_sges(e->sge, sge, n);
	ring(t, &t->qp.db->sq, RIG_BNXT_DBC_TYPE_SQ, ++t->sq_prod, T_ENTRIES);
}

/* A receive into @sge, tagged with its ring position, then the doorbell. */
static void post_recv(struct tqp *t, const struct rig_hsi_sge *sge, u32 n)
{
	struct rig_bnxt_rq_wqe *e = rq_slot(t, t->rq_prod);

	memset(e, 0, sizeof(*e));
	e->hdr.wqe_type = RIG_BNXT_RQ_WQE_TYPE_RCV;
	e->hdr.wqe_size = RIG_BNXT_HDR_SLOTS + n;
	e->hdr.wr_id[0] = cpu_to_le32(t->rq_prod % T_ENTRIES);
	put_sges(e->sge, sge, n);
	ring(t, &t->qp.db->rq, RIG_BNXT_DBC_TYPE_RQ, ++t->rq_prod, T_ENTRIES);
}

static u8 *cq_slot(struct tqp *t, u64 pos)
{
	return t->qp.cq + (pos % T_CQ_ENTRIES) * RIG_BNXT_CQE_SIZE;
}

static u8 cq_toggle(struct tqp *t, u64 pos)
{
	return cq_slot(t, pos)[offsetof(struct rig_bnxt_cq_base, cqe_type_toggle)] &
	       RIG_BNXT_CQ_BASE_TOGGLE;
}

/*
 * Take the next completion as the library does: it is new when its
 * toggle is the lap's (1 on the first lap); then the CQ doorbell gives
 * its slot back.
 */
static bool take_cqe(struct tqp *t, union cqe *c)
{
	if (cq_toggle(t, t->cq_cons) != !((t->cq_cons / T_CQ_ENTRIES) & 1))
		return false;
	memcpy(c, cq_slot(t, t->cq_cons), sizeof(*c));
	ring(t, &t->qp.db->cq, RIG_BNXT_DBC_TYPE_CQ, ++t->cq_cons, T_CQ_ENTRIES);
	return true;
}

/* Take the next completion of @t, which must be of @type with @status. */
static void take_expected(struct kunit *test, struct tqp *t, u8 type, u8 status,
			  union cqe *c)
{
	KUNIT_ASSERT_TRUE_MSG(test, take_cqe(t, c), "qp %u: no completion %llu",
			      t->qp.qpn, t->cq_cons);
	KUNIT_EXPECT_EQ_MSG(test, c->base.cqe_type_toggle & RIG_BNXT_CQ_BASE_CQE_TYPE_MASK,
			    type, "qp %u: completion %llu", t->qp.qpn, t->cq_cons - 1);
	KUNIT_EXPECT_EQ_MSG(test, c->base.status, status, "qp %u: completion %llu",
			    t->qp.qpn, t->cq_cons - 1);
}

static void expect_req(struct kunit *test, struct tqp *t, u8 status, u16 sq_cons_idx)
{
	union cqe c;

	take_expected(test, t, RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, status, &c);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(c.req.sq_cons_idx), sq_cons_idx);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(c.req.qp_handle), t->qp.qp_handle);
}

static void expect_res(struct kunit *test, struct tqp *t, u8 status, u32 length,
		       u32 wr_id)
{
	union cqe c;

	take_expected(test, t, RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC, status, &c);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(c.res.length), length);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(c.res.srq_or_rq_wr_id), wr_id);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(c.res.qp_handle), t->qp.qp_handle);
}

static void expect_no_cqe(struct kunit *test, struct tqp *t)
{
	union cqe c;

	KUNIT_EXPECT_FALSE_MSG(test, take_cqe(t, &c), "qp %u: unexpected completion %llu",
			       t->qp.qpn, t->cq_cons - 1);
}

/* The state the process reads in its doorbell page. */
static void expect_state(struct kunit *test, struct tqp *t, u32 state)
{
	u32 now = READ_ONCE(t->qp.db->state);

	KUNIT_EXPECT_EQ_MSG(test, now, state, "qp %u", t->qp.qpn);
}

/* One call of the engine on @t; f->waiting says if its head entry waits. */
static bool run(struct kunit *test, struct tqp *t)
{
	struct fake *f = test->priv;

	u64 budget = U64_MAX;

	f->waiting = false;
	return rig_exec_qp(&f->ops, &t->qp, &budget, &f->waiting);
}

/* The head send of a waits for its peer: no progress, no completion. */
static void expect_waiting(struct kunit *test)
{
	struct fake *f = test->priv;

	KUNIT_EXPECT_FALSE(test, run(test, f->a));
	KUNIT_EXPECT_TRUE(test, f->waiting);
	expect_no_cqe(test, f->a);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_RTS);
}

/* ... and fails with @status once the wait (of 0 ms) is over. */
static void expect_wait_then_failure(struct kunit *test, u8 status)
{
	struct fake *f = test->priv;

	expect_waiting(test);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	KUNIT_EXPECT_FALSE(test, f->waiting);
	expect_req(test, f->a, status, 1);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
}

/* Message i: the 8 bytes of ra at 8 * i, into 16 bytes of rb at 16 * i. */
static void post_numbered_receives(struct fake *f, u32 n)
{
	u32 k;

	for (k = 0; k < n; k++) {
		const struct rig_hsi_sge dst = { 16 * f->b->rq_prod, KEY_B, 16 };

		post_recv(f->b, &dst, 1);
	}
}

static void post_numbered_sends(struct fake *f, u32 n)
{
	u32 k;

	for (k = 0; k < n; k++) {
		const struct rig_hsi_sge src = { 8 * f->a->sq_prod, KEY_A, 8 };

		post_send(f->a, &src, 1);
	}
}

/* @n receives on b, then @n sends on a. */
static void post_numbered(struct fake *f, u32 n)
{
	post_numbered_receives(f, n);
	post_numbered_sends(f, n);
}

/* @n numbered messages in one run of a. */
static void exchange(struct kunit *test, u32 n)
{
	struct fake *f = test->priv;

	post_numbered(f, n);
	KUNIT_ASSERT_TRUE(test, run(test, f->a));
}

/* a's completions of messages @first to @first + @n - 1. */
static void expect_sent(struct kunit *test, u64 first, u32 n)
{
	struct fake *f = test->priv;
	u64 i;

	for (i = first; i < first + n; i++)
		expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_OK, (i + 1) % T_ENTRIES);
}

/* b's completions of messages @first to @first + @n - 1. */
static void expect_received(struct kunit *test, u64 first, u32 n)
{
	struct fake *f = test->priv;
	u64 i;

	for (i = first; i < first + n; i++)
		expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_OK, 8, i % T_ENTRIES);
}

/* b posts a receive per element of @dst, a sends @src; a's run moves. */
static void send_into_receives(struct kunit *test, const struct rig_hsi_sge *src,
			       u32 nsrc, const struct rig_hsi_sge *dst, u32 nrecv)
{
	struct fake *f = test->priv;
	u32 i;

	for (i = 0; i < nrecv; i++)
		post_recv(f->b, &dst[i], 1);
	post_send(f->a, src, nsrc);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	KUNIT_EXPECT_FALSE(test, f->waiting);
}

/* a's send finds b broken: a fails with REMOTE_OPERATION_ERR, b is in error. */
static void expect_remote_operation_error(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge src = { 0, KEY_A, 16 };
	u8 *want = snapshot(test, f->rb);

	send_into_receives(test, &src, 1, NULL, 0);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_REMOTE_OPERATION_ERR, 1);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
	expect_no_cqe(test, f->b);
	expect_state(test, f->b, RIG_BNXT_QP_STATE_ERROR);
	expect_region(test, f->rb, want);
}

/* a's READ into @local of its peer's @rkey at @remote_va fails with @status. */
static void expect_read_refused(struct kunit *test, const struct rig_hsi_sge *local,
				u64 remote_va, u32 rkey, u8 status)
{
	struct fake *f = test->priv;
	struct tqp *peer = container_of(fake_peer(f->a->qp.peer_nic, f->a->qp.peer_qpn),
					struct tqp, qp);
	u8 *want = snapshot(test, f->ra);

	post_read(f->a, local, 1, remote_va, rkey);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_req(test, f->a, status, 1);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
	expect_no_cqe(test, peer);
	expect_state(test, peer, RIG_BNXT_QP_STATE_RTS);
	expect_region(test, f->ra, want);
}

/*
 * b posts two receives of 64 bytes, a sends 65: b's first receive fails
 * with LOCAL_LENGTH_ERR, a with REMOTE_INVALID_REQUEST_ERR.
 */
static void send_too_long(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge dst[] = { { 0, KEY_B, 64 }, { 64, KEY_B, 64 } };
	const struct rig_hsi_sge src = { 0, KEY_A, 65 };
	u8 *want = snapshot(test, f->rb);

	send_into_receives(test, &src, 1, dst, ARRAY_SIZE(dst));
	expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR, 0, 0);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR, 1);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
	expect_state(test, f->b, RIG_BNXT_QP_STATE_ERROR);
	expect_region(test, f->rb, want);
}

/*
 * a posts two receives, then three sends of which the first has a bad
 * key: one run fails a on that send and runs nothing more.
 */
static void fail_a_with_entries_behind(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge bad = { 0, BAD_KEY, 8 }, good = { 0, KEY_A, 8 };
	const struct rig_hsi_sge dst = { 0, KEY_B, 8 };

	post_recv(f->a, &good, 1);
	post_recv(f->a, &good, 1);
	post_recv(f->b, &dst, 1);
	post_send(f->a, &bad, 1);
	post_send(f->a, &good, 1);
	post_send(f->a, &good, 1);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, 1);
	expect_no_cqe(test, f->a);
}

/* What a flush of fail_a_with_entries_behind()'s a writes. */
static void expect_flushed(struct kunit *test)
{
	struct fake *f = test->priv;

	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, 2);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, 3);
	expect_res(test, f->a, RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR, 0, 0);
	expect_res(test, f->a, RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR, 0, 1);
	expect_no_cqe(test, f->a);
}

static int rig_exec_test_init(struct kunit *test)
{
	struct fake *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	struct rig_dev *nic0;

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	f->ops = (struct rig_exec_ops){
		.peer = fake_peer,
		.region = fake_region,
		.run_present = fake_run_present,
		.read_io = fake_read_io,
		.write_io = fake_write_io,
		.flush_io = fake_flush_io,
		.rnr_ms = T_LONG_MS,
		.retry_ms = T_LONG_MS,
	};
	nic0 = fake_nic(test, 0x6e6963300000a001ULL);
	f->ctx_a = fake_ctx(test, nic0);
	f->ctx_b = fake_ctx(test, nic0);
	f->ctx_c = fake_ctx(test, fake_nic(test, 0x6e6963310000c003ULL));

	f->ra = fake_region_add(test, f->ctx_a, KEY_A, BACK_PAGES);
	f->rb = fake_region_add(test, f->ctx_b, KEY_B, BACK_PAGES);
	f->rc = fake_region_add(test, f->ctx_c, KEY_C, BACK_PAGES);
	region_fill(f->ra, 1);
	region_fill(f->rb, 2);
	region_fill(f->rc, 3);

	f->a = fake_qp(test, f->ctx_a, QPN_A);
	f->b = fake_qp(test, f->ctx_b, QPN_B);
	f->c = fake_qp(test, f->ctx_c, QPN_A);	/* same number, other NIC */
	fake_connect(f->a, f->b);
	return 0;
}

/* Sends that arrive */

static void send_lands_in_the_peers_oldest_receive_and_completes_both_sides(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge dst[] = { { 0, KEY_B, 256 }, { PAGE_SIZE, KEY_B, 256 } };
	const struct rig_hsi_sge src = { 10, KEY_A, 100 };
	u8 *want = snapshot(test, f->rb);

	send_into_receives(test, &src, 1, dst, ARRAY_SIZE(dst));
	expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_OK, 100, 0);
	expect_no_cqe(test, f->b);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_OK, 1);
	expect_no_cqe(test, f->a);
	land(test, want, f->ra, &src, 1, &dst[0], 1);
	expect_region(test, f->rb, want);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_RTS);
	expect_state(test, f->b, RIG_BNXT_QP_STATE_RTS);
}

struct backing_case {
	enum backing src, dst;
	const char *desc;
};

static const struct backing_case backing_cases[] = {
	{ BACK_PAGES, BACK_PAGES, "pinned pages to pinned pages" },
	{ BACK_PAGES, BACK_BUF, "pinned pages to a buffer" },
	{ BACK_BUF, BACK_PAGES, "a buffer to pinned pages" },
	{ BACK_BUF, BACK_BUF, "a buffer to a buffer" },
	{ BACK_IO, BACK_PAGES, "device memory to pinned pages" },
	{ BACK_PAGES, BACK_IO, "pinned pages to device memory" },
	{ BACK_IO, BACK_IO, "device memory to device memory" },
};

KUNIT_ARRAY_PARAM_DESC(backing, backing_cases, desc);

/*
 * Elements that cross the boundaries of the region's pages, empty ones,
 * and a region's last byte; 461 bytes into 540, so the last receive
 * element is filled in part.
 */
static void send_gathered_and_scattered_across_boundaries_lands_byte_exact(struct kunit *test)
{
	const struct backing_case *c = test->param_value;
	struct fake *f = test->priv;
	const struct rig_hsi_sge src[] = {
		{ PAGE_SIZE - 96, KEY_S, 200 }, { 2 * PAGE_SIZE - 2, KEY_S, 10 },
		{ 0, KEY_S, 0 }, { 100, KEY_S, 50 },
		{ PAGE_SIZE + 854, KEY_S, 200 }, { T_REGION_BYTES - 1, KEY_S, 1 },
	};
	const struct rig_hsi_sge dst[] = {
		{ PAGE_SIZE - 6, KEY_D, 7 }, { 0, KEY_D, 0 },
		{ 2 * PAGE_SIZE - 100, KEY_D, 300 }, { 50, KEY_D, 3 },
		{ PAGE_SIZE + 890, KEY_D, 130 }, { T_REGION_BYTES - 100, KEY_D, 100 },
	};
	struct rig_region *rs = fake_region_add(test, f->ctx_a, KEY_S, c->src);
	struct rig_region *rd = fake_region_add(test, f->ctx_b, KEY_D, c->dst);
	u8 *want;

	region_fill(rs, 5);
	region_fill(rd, 6);
	want = snapshot(test, rd);
	post_recv(f->b, dst, ARRAY_SIZE(dst));
	post_send(f->a, src, ARRAY_SIZE(src));
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_OK, 461, 0);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_OK, 1);
	land(test, want, rs, src, ARRAY_SIZE(src), dst, ARRAY_SIZE(dst));
	expect_region(test, rd, want);
}

/* 24 messages, 3 at a time: 3 laps of the rings, 1.5 of the CQs. */
static void numbered_sends_arrive_in_order_over_three_laps_of_the_rings(struct kunit *test)
{
	struct fake *f = test->priv;
	u8 *want = snapshot(test, f->rb);
	u64 i;

	for (i = 0; i < 24; i += 3) {
		exchange(test, 3);
		expect_received(test, i, 3);
		expect_sent(test, i, 3);
	}
	for (i = 0; i < 24; i++)
		region_read(f->ra, 8 * i, want + 16 * i, 8);
	expect_region(test, f->rb, want);
	/* Completions 16 to 23 went round again: toggle 0 on the second lap. */
	KUNIT_EXPECT_EQ(test, cq_toggle(f->b, 7), 0);
	KUNIT_EXPECT_EQ(test, cq_toggle(f->b, 8), 1);
	KUNIT_EXPECT_EQ(test, cq_toggle(f->a, 7), 0);
	KUNIT_EXPECT_EQ(test, cq_toggle(f->a, 8), 1);
}

/* Eight posted of eight: index 0 with the epoch set is a full ring, not an empty one. */
static void a_send_ring_filled_to_the_last_entry_runs_every_entry(struct kunit *test)
{
	struct fake *f = test->priv;

	post_numbered(f, T_ENTRIES);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_received(test, 0, T_ENTRIES);
	expect_sent(test, 0, T_ENTRIES);
	expect_no_cqe(test, f->a);
}

static void send_of_no_bytes_completes_with_length_zero(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge dst = { 0, KEY_B, 0 };
	u8 *want = snapshot(test, f->rb);

	send_into_receives(test, NULL, 0, &dst, 1);
	expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_OK, 0, 0);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_OK, 1);
	expect_region(test, f->rb, want);
}

static void send_reaches_a_peer_on_another_nic(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge dst = { 100, KEY_C, 64 }, src = { 0, KEY_A, 64 };
	u8 *want = snapshot(test, f->rc);

	fake_connect(f->a, f->c);
	post_recv(f->c, &dst, 1);
	post_send(f->a, &src, 1);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_res(test, f->c, RIG_BNXT_CQ_RES_RC_STATUS_OK, 64, 0);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_OK, 1);
	expect_no_cqe(test, f->b);
	land(test, want, f->ra, &src, 1, &dst, 1);
	expect_region(test, f->rc, want);
}

/* Sends that fail */

static void send_bigger_than_the_receive_fails_both_queue_pairs(struct kunit *test)
{
	send_too_long(test);
}

/* Whose region an element names. */
enum owner { OWN, OTHER_CONTEXT, OTHER_NIC, NO_REGION };

/* An element a queue pair may not use, and why. */
struct refused_case {
	enum owner owner;
	u64 va;
	u32 size;
	const char *desc;
};

static const struct refused_case refused_cases[] = {
	{ NO_REGION, 0, 16, "a key no region has" },
	{ OWN, T_REGION_BYTES - 10, 11, "one byte past the region's end" },
	{ OWN, T_REGION_BYTES + 1, 0, "empty, past the region's end" },
	{ OTHER_CONTEXT, 0, 16, "a region of another context" },
	{ OTHER_NIC, 0, 16, "a region of another nic" },
};

KUNIT_ARRAY_PARAM_DESC(refused, refused_cases, desc);

/* For a queue pair whose regions are @own: a good element, then @c's. */
static void refused_sges(const struct refused_case *c, u32 own, u32 other,
			 struct rig_hsi_sge sge[2])
{
	const u32 keys[] = {
		[OWN] = own, [OTHER_CONTEXT] = other,
		[OTHER_NIC] = KEY_C, [NO_REGION] = BAD_KEY,
	};

	sge[0] = (struct rig_hsi_sge){ 0, own, 8 };
	sge[1] = (struct rig_hsi_sge){ c->va, keys[c->owner], c->size };
}

/* Nothing moves and the peer notices nothing. */
static void send_from_a_refused_element_is_a_local_protection_error(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge dst = { 0, KEY_B, T_REGION_BYTES };
	struct rig_hsi_sge src[2];
	u8 *want = snapshot(test, f->rb);

	refused_sges(test->param_value, KEY_A, KEY_B, src);
	send_into_receives(test, src, ARRAY_SIZE(src), &dst, 1);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, 1);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
	expect_no_cqe(test, f->b);
	expect_state(test, f->b, RIG_BNXT_QP_STATE_RTS);
	expect_region(test, f->rb, want);
}

/* The receiver fails with LOCAL_PROTECTION_ERR, the sender with REMOTE_ACCESS_ERR. */
static void receive_into_a_refused_element_fails_both_and_copies_nothing(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge src = { 0, KEY_A, 8 };
	struct rig_hsi_sge dst[2];
	u8 *want_a = snapshot(test, f->ra), *want_b = snapshot(test, f->rb);

	refused_sges(test->param_value, KEY_B, KEY_A, dst);
	post_recv(f->b, dst, ARRAY_SIZE(dst));
	post_send(f->a, &src, 1);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR, 0, 0);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, 1);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
	expect_state(test, f->b, RIG_BNXT_QP_STATE_ERROR);
	expect_region(test, f->ra, want_a);
	expect_region(test, f->rb, want_b);
}

static void send_to_a_peer_in_error_is_a_remote_operation_error(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge bad = { 0, BAD_KEY, 8 };

	post_send(f->b, &bad, 1);
	KUNIT_EXPECT_TRUE(test, run(test, f->b));
	expect_req(test, f->b, RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, 1);
	expect_remote_operation_error(test);
}

static void send_into_a_corrupt_receive_doorbell_fails_both_queue_pairs(struct kunit *test)
{
	struct fake *f = test->priv;

	store_db(&f->b->qp.db->rq, db_value(RIG_BNXT_DBC_TYPE_SQ, QPN_B, 1, T_ENTRIES));
	expect_remote_operation_error(test);
}

static void send_into_a_malformed_receive_entry_fails_both_queue_pairs(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge dst = { 0, KEY_B, 64 };
	struct rig_bnxt_rq_wqe *e = rq_slot(f->b, 0);

	post_recv(f->b, &dst, 1);
	e->hdr.reserved32 = cpu_to_le32(1);
	expect_remote_operation_error(test);
}

static void malformed_send_entry_is_a_local_qp_operation_error(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge src = { 0, KEY_A, 16 }, dst = { 0, KEY_B, 64 };
	struct rig_bnxt_sq_send *e = sq_slot(f->a, 0);
	u8 *want = snapshot(test, f->rb);

	post_recv(f->b, &dst, 1);
	post_send(f->a, &src, 1);
	e->hdr.flags |= RIG_BNXT_SQ_FLAGS_INLINE;
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR, 1);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
	expect_no_cqe(test, f->b);
	expect_region(test, f->rb, want);
}

/* Sends that wait for the peer */

static void send_with_no_receive_posted_waits_then_fails_with_rnr_retry_exceeded(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge src = { 0, KEY_A, 16 };

	f->ops.rnr_ms = 0;
	post_send(f->a, &src, 1);
	expect_wait_then_failure(test, RIG_BNXT_CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR);
	expect_no_cqe(test, f->b);
	expect_state(test, f->b, RIG_BNXT_QP_STATE_RTS);
}

/* The waiting message 0 goes through on the next run. */
static void expect_first_message_after_the_wait(struct kunit *test)
{
	struct fake *f = test->priv;

	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	KUNIT_EXPECT_FALSE(test, f->waiting);
	expect_received(test, 0, 1);
	expect_sent(test, 0, 1);
}

static void send_waiting_for_a_receive_goes_through_once_one_is_posted(struct kunit *test)
{
	struct fake *f = test->priv;

	post_numbered_sends(f, 1);
	expect_waiting(test);
	KUNIT_EXPECT_TRUE(test, rig_exec_pending(&f->a->qp));
	post_numbered_receives(f, 1);
	expect_first_message_after_the_wait(test);
}

static void send_to_no_peer_waits_then_fails_with_transport_retry_exceeded(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge src = { 0, KEY_A, 16 };

	f->ops.retry_ms = 0;
	f->a->qp.peer_qpn = 99;
	post_send(f->a, &src, 1);
	expect_wait_then_failure(test, RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR);
}

static void send_to_a_peer_not_yet_connected_waits_for_it(struct kunit *test)
{
	struct fake *f = test->priv;

	f->b->qp.connected = false;
	post_numbered(f, 1);
	expect_waiting(test);
	f->b->qp.connected = true;
	expect_first_message_after_the_wait(test);
}

/*
 * A send that waited for its peer to exist, and then finds no receive,
 * waits rnr_ms for one: the wait for the peer does not use it up.
 */
static void rnr_wait_after_a_wait_for_the_peer_gets_its_full_time(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge src = { 0, KEY_A, 16 };

	f->ops.retry_ms = 0;
	f->b->qp.connected = false;
	post_send(f->a, &src, 1);
	expect_waiting(test);
	f->b->qp.connected = true;
	expect_waiting(test);
}

/* RDMA READ */

static void rdma_read_copies_from_a_region_of_a_peer_on_the_same_nic(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge dst[] = {
		{ PAGE_SIZE - 50, KEY_A, 100 }, { 2 * PAGE_SIZE - 150, KEY_A, 200 },
	};
	const struct rig_hsi_sge remote = { PAGE_SIZE - 6, KEY_B, 300 };
	u8 *want_a = snapshot(test, f->ra), *want_b = snapshot(test, f->rb);

	post_read(f->a, dst, ARRAY_SIZE(dst), remote.va, remote.lkey);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_OK, 1);
	expect_no_cqe(test, f->b);
	land(test, want_a, f->rb, &remote, 1, dst, ARRAY_SIZE(dst));
	expect_region(test, f->ra, want_a);
	expect_region(test, f->rb, want_b);
}

struct read_refused_case {
	struct rig_hsi_sge local;
	u64 remote_va;
	u32 rkey;
	u8 status;
	const char *desc;
};

static const struct read_refused_case read_refused_cases[] = {
	{ { 0, KEY_A, 64 }, 0, BAD_KEY, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR,
	  "a remote key no region has" },
	{ { 0, KEY_A, 64 }, T_REGION_BYTES - 63, KEY_B,
	  RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, "a remote range one byte too long" },
	{ { 0, KEY_A, 64 }, PAGE_SIZE, KEY_A, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR,
	  "a remote region not the peer's" },
	{ { 0, BAD_KEY, 64 }, 0, KEY_B, RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR,
	  "a local key no region has" },
};

KUNIT_ARRAY_PARAM_DESC(read_refused, read_refused_cases, desc);

/* Remote faults are REMOTE_ACCESS_ERR, local ones LOCAL_PROTECTION_ERR. */
static void rdma_read_of_a_bad_key_or_range_fails_the_reader_only(struct kunit *test)
{
	const struct read_refused_case *c = test->param_value;

	expect_read_refused(test, &c->local, c->remote_va, c->rkey, c->status);
}

static void rdma_read_from_a_peer_on_another_nic_is_a_local_qp_operation_error(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge dst = { 0, KEY_A, 64 };

	fake_connect(f->a, f->c);
	expect_read_refused(test, &dst, 0, KEY_C,
			    RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR);
}

/* After an error */

static void after_an_error_remaining_sends_and_posted_receives_are_flushed(struct kunit *test)
{
	struct fake *f = test->priv;
	u8 *want = snapshot(test, f->rb);

	fail_a_with_entries_behind(test);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_flushed(test);
	expect_no_cqe(test, f->b);
	expect_region(test, f->rb, want);
}

static void pending_is_true_until_every_entry_of_a_failed_queue_pair_is_flushed(struct kunit *test)
{
	struct fake *f = test->priv;

	fail_a_with_entries_behind(test);
	KUNIT_EXPECT_TRUE(test, rig_exec_pending(&f->a->qp));
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	KUNIT_EXPECT_FALSE(test, rig_exec_pending(&f->a->qp));
	KUNIT_EXPECT_FALSE(test, run(test, f->a));
}

static void entries_posted_after_an_error_are_flushed_too(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge good = { 0, KEY_A, 8 };

	fail_a_with_entries_behind(test);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_flushed(test);
	post_send(f->a, &good, 1);
	post_recv(f->a, &good, 1);
	KUNIT_EXPECT_TRUE(test, rig_exec_pending(&f->a->qp));
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, 4);
	expect_res(test, f->a, RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR, 0, 2);
	KUNIT_EXPECT_FALSE(test, rig_exec_pending(&f->a->qp));
}

static void a_responder_failed_by_a_send_flushes_its_other_receives(struct kunit *test)
{
	struct fake *f = test->priv;

	send_too_long(test);
	KUNIT_EXPECT_TRUE(test, rig_exec_pending(&f->b->qp));
	KUNIT_EXPECT_TRUE(test, run(test, f->b));
	expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR, 0, 1);
	expect_no_cqe(test, f->b);
	KUNIT_EXPECT_FALSE(test, rig_exec_pending(&f->b->qp));
}

/* Doorbells */

struct bad_db_case {
	u32 high_xor;	/* flipped in a good doorbell's high word */
	u32 low;	/* its low word: index and epoch */
	const char *desc;
};

static const struct bad_db_case bad_db_cases[] = {
	{ RIG_BNXT_DBC_TYPE_RQ, 1, "type RQ on the send doorbell" },
	{ QPN_A ^ QPN_B, 1, "another queue pair's number" },
	{ 0, T_ENTRIES, "an index at the ring's size" },
	{ 0, 1 | RIG_BNXT_DBC_EPOCH, "more than a ring ahead" },
	{ RIG_BNXT_DBC_VALID, 1, "no valid bit" },
	{ RIG_BNXT_DBC_DEBUG_TRACE, 1, "a bit outside the fields" },
};

KUNIT_ARRAY_PARAM_DESC(bad_db, bad_db_cases, desc);

static void a_corrupt_send_doorbell_is_a_local_qp_operation_error(struct kunit *test)
{
	const struct bad_db_case *c = test->param_value;
	struct fake *f = test->priv;
	u64 good = db_value(RIG_BNXT_DBC_TYPE_SQ, QPN_A, 0, T_ENTRIES);

	post_numbered(f, 1);
	store_db(&f->a->qp.db->sq, (good ^ (u64)c->high_xor << 32) | c->low);
	KUNIT_EXPECT_TRUE(test, rig_exec_pending(&f->a->qp));
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR, 1);
	expect_no_cqe(test, f->a);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
	expect_no_cqe(test, f->b);
}

/* Its receives flushed, the queue pair has nothing the engine can do. */
static void a_queue_pair_failed_by_a_corrupt_doorbell_has_nothing_left_pending(struct kunit *test)
{
	struct fake *f = test->priv;
	const struct rig_hsi_sge dst = { 0, KEY_A, 8 };

	post_recv(f->a, &dst, 1);
	store_db(&f->a->qp.db->sq, db_value(RIG_BNXT_DBC_TYPE_RQ, QPN_A, 1, T_ENTRIES));
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR, 1);
	KUNIT_EXPECT_TRUE(test, rig_exec_pending(&f->a->qp));
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_res(test, f->a, RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR, 0, 0);
	KUNIT_EXPECT_FALSE(test, rig_exec_pending(&f->a->qp));
	KUNIT_EXPECT_FALSE(test, run(test, f->a));
}

static void a_send_doorbell_set_back_to_zero_after_use_is_corrupt(struct kunit *test)
{
	struct fake *f = test->priv;

	exchange(test, 1);
	expect_sent(test, 0, 1);
	store_db(&f->a->qp.db->sq, 0);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR, 2);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
}

/* @t has nothing for the engine: nothing pending, nothing runs or completes. */
static void expect_idle(struct kunit *test, struct tqp *t)
{
	struct fake *f = test->priv;

	KUNIT_EXPECT_FALSE(test, rig_exec_pending(&t->qp));
	KUNIT_EXPECT_FALSE(test, run(test, t));
	KUNIT_EXPECT_FALSE(test, f->waiting);
	expect_no_cqe(test, t);
}

static void never_rung_doorbells_mean_nothing_posted(struct kunit *test)
{
	struct fake *f = test->priv;

	expect_idle(test, f->a);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_RTS);
}

static void posted_receives_alone_give_the_engine_nothing_to_run(struct kunit *test)
{
	struct fake *f = test->priv;

	post_numbered_receives(f, 2);
	expect_idle(test, f->b);
}

static void a_queue_pair_not_yet_connected_runs_nothing(struct kunit *test)
{
	struct fake *f = test->priv;
	u8 *want = snapshot(test, f->rb);

	f->a->qp.connected = false;
	post_numbered(f, 1);
	expect_idle(test, f->a);
	expect_no_cqe(test, f->b);
	expect_region(test, f->rb, want);
}

/* Room in the completion rings */

static void nothing_runs_until_the_consumer_frees_room_in_a_full_completion_ring(struct kunit *test)
{
	struct fake *f = test->priv;
	u8 *want;

	/* a takes none of its 16 completions: its ring is full. */
	exchange(test, T_ENTRIES);
	expect_received(test, 0, T_ENTRIES);
	exchange(test, T_ENTRIES);
	expect_received(test, T_ENTRIES, T_ENTRIES);
	want = snapshot(test, f->rb);
	post_numbered(f, 1);
	KUNIT_EXPECT_FALSE(test, run(test, f->a));
	KUNIT_EXPECT_FALSE(test, f->waiting);
	expect_no_cqe(test, f->b);
	expect_region(test, f->rb, want);
	/* Nothing the engine can do: it may sleep (the process kicks it). */
	KUNIT_EXPECT_FALSE(test, rig_exec_pending(&f->a->qp));

	expect_sent(test, 0, 1);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_received(test, 16, 1);
	expect_sent(test, 1, 16);
	region_read(f->ra, 8 * 16, want + 16 * 16, 8);
	expect_region(test, f->rb, want);
}

static void send_waits_while_the_peers_completion_ring_is_full(struct kunit *test)
{
	struct fake *f = test->priv;

	/* b takes none of its 16 completions: its ring is full. */
	exchange(test, T_ENTRIES);
	expect_sent(test, 0, T_ENTRIES);
	exchange(test, T_ENTRIES);
	expect_sent(test, T_ENTRIES, T_ENTRIES);
	post_numbered(f, 1);
	expect_waiting(test);

	expect_received(test, 0, 1);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	expect_sent(test, 16, 1);
	expect_received(test, 1, 16);
}

static void a_consumer_index_past_the_producer_leaves_nothing_pending(struct kunit *test)
{
	struct fake *f = test->priv;

	post_numbered(f, 1);
	KUNIT_EXPECT_TRUE(test, rig_exec_pending(&f->a->qp));
	/* Three completions given back, none ever written: no room at all. */
	ring(f->a, &f->a->qp.db->cq, RIG_BNXT_DBC_TYPE_CQ, 3, T_CQ_ENTRIES);
	KUNIT_EXPECT_FALSE(test, rig_exec_pending(&f->a->qp));
	KUNIT_EXPECT_FALSE(test, run(test, f->a));
	expect_no_cqe(test, f->b);
}

/* Entries longer than the engine's budget */

/* One call of the engine on @t with @budget bytes; what it left of them. */
static u64 run_budget(struct kunit *test, struct tqp *t, u64 budget, bool *progress)
{
	struct fake *f = test->priv;

	f->waiting = false;
	*progress = rig_exec_qp(&f->ops, &t->qp, &budget, &f->waiting);
	return budget;
}

/* A send of every byte of ra but the first 100, into all of rb. */
static const struct rig_hsi_sge long_src = { 100, KEY_A, T_REGION_BYTES - 100 };
static const struct rig_hsi_sge long_dst = { 0, KEY_B, T_REGION_BYTES };

static void an_entry_longer_than_the_budget_moves_in_pieces_and_completes_once(struct kunit *test)
{
	struct fake *f = test->priv;
	u64 len = T_REGION_BYTES - 100, moved = 0, left;
	unsigned int calls = 0;
	bool progress;
	u8 *want = snapshot(test, f->rb);

	post_recv(f->b, &long_dst, 1);
	post_send(f->a, &long_src, 1);
	while (moved < len) {
		left = run_budget(test, f->a, 1000, &progress);
		KUNIT_ASSERT_TRUE(test, progress);
		KUNIT_ASSERT_LE(test, 1000 - left, len - moved);
		moved += 1000 - left;
		calls++;
		if (moved < len) {
			/* Mid-entry: still pending, nothing completed. */
			KUNIT_EXPECT_TRUE(test, rig_exec_pending(&f->a->qp));
			KUNIT_ASSERT_EQ(test, f->a->qp.cq_prod + f->b->qp.cq_prod, 0);
		}
	}
	KUNIT_EXPECT_EQ(test, calls, DIV_ROUND_UP(len, 1000));
	expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_OK, len, 0);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_OK, 1);
	expect_no_cqe(test, f->a);
	expect_no_cqe(test, f->b);
	land(test, want, f->ra, &long_src, 1, &long_dst, 1);
	expect_region(test, f->rb, want);
	KUNIT_EXPECT_FALSE(test, rig_exec_pending(&f->a->qp));
}

static void a_region_deregistered_part_way_is_never_reached_again(struct kunit *test)
{
	struct fake *f = test->priv;
	bool progress;
	u8 *want;

	post_recv(f->b, &long_dst, 1);
	post_send(f->a, &long_src, 1);
	run_budget(test, f->a, 1000, &progress);
	KUNIT_ASSERT_TRUE(test, progress);
	/* The receiver's region goes; what it holds now must stay. */
	f->rb->state = RIG_REGION_BROKEN;
	want = snapshot(test, f->rb);
	run_budget(test, f->a, 1000, &progress);
	KUNIT_EXPECT_TRUE(test, progress);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, 1);
	expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR, 0, 0);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
	expect_state(test, f->b, RIG_BNXT_QP_STATE_ERROR);
	expect_region(test, f->rb, want);
	KUNIT_EXPECT_FALSE(test, rig_exec_pending(&f->a->qp));
}

/* Device memory */

static void device_memory_written_is_flushed_before_the_completion(struct kunit *test)
{
	struct fake *f = test->priv;
	struct rig_region *rd = fake_region_add(test, f->ctx_b, KEY_D, BACK_IO);
	const struct rig_hsi_sge dst = { 10, KEY_D, T_REGION_BYTES - 10 };
	const struct rig_hsi_sge src = { 0, KEY_A, PAGE_SIZE + 20 };
	u8 *want = snapshot(test, rd);

	post_recv(f->b, &dst, 1);
	post_send(f->a, &src, 1);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	KUNIT_EXPECT_EQ(test, f->flushes, 1);
	KUNIT_EXPECT_EQ(test, f->cqes_at_flush, 0);
	expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_OK, PAGE_SIZE + 20, 0);
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_OK, 1);
	land(test, want, f->ra, &src, 1, &dst, 1);
	expect_region(test, rd, want);
}

static void pages_written_need_no_flush(struct kunit *test)
{
	struct fake *f = test->priv;
	struct rig_region *rs = fake_region_add(test, f->ctx_a, KEY_S, BACK_IO);
	const struct rig_hsi_sge src = { 0, KEY_S, 2 * PAGE_SIZE };
	const struct rig_hsi_sge dst = { 0, KEY_B, 2 * PAGE_SIZE };

	region_fill(rs, 9);
	post_recv(f->b, &dst, 1);
	post_send(f->a, &src, 1);
	KUNIT_EXPECT_TRUE(test, run(test, f->a));
	KUNIT_EXPECT_EQ(test, f->flushes, 0);
	expect_res(test, f->b, RIG_BNXT_CQ_RES_RC_STATUS_OK, 2 * PAGE_SIZE, 0);
}

static void device_memory_that_vanishes_part_way_is_a_dma_fault(struct kunit *test)
{
	struct fake *f = test->priv;
	struct rig_region *rs = fake_region_add(test, f->ctx_a, KEY_S, BACK_IO);
	const struct rig_hsi_sge src = { 0, KEY_S, T_REGION_BYTES };
	bool progress;
	u8 *want;

	region_fill(rs, 7);
	post_recv(f->b, &long_dst, 1);
	post_send(f->a, &src, 1);
	run_budget(test, f->a, 1000, &progress);
	KUNIT_ASSERT_TRUE(test, progress);
	f->runs_gone = true;
	want = snapshot(test, f->rb);
	run_budget(test, f->a, 1000, &progress);
	/* The sender's own memory faulted: it fails; the receive stays posted. */
	expect_req(test, f->a, RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, 1);
	expect_no_cqe(test, f->b);
	expect_state(test, f->a, RIG_BNXT_QP_STATE_ERROR);
	expect_region(test, f->rb, want);
}

static struct kunit_case rig_exec_test_cases[] = {
	KUNIT_CASE(send_lands_in_the_peers_oldest_receive_and_completes_both_sides),
	KUNIT_CASE_PARAM(send_gathered_and_scattered_across_boundaries_lands_byte_exact,
			 backing_gen_params),
	KUNIT_CASE(numbered_sends_arrive_in_order_over_three_laps_of_the_rings),
	KUNIT_CASE(a_send_ring_filled_to_the_last_entry_runs_every_entry),
	KUNIT_CASE(send_of_no_bytes_completes_with_length_zero),
	KUNIT_CASE(send_reaches_a_peer_on_another_nic),
	KUNIT_CASE(send_bigger_than_the_receive_fails_both_queue_pairs),
	KUNIT_CASE_PARAM(send_from_a_refused_element_is_a_local_protection_error,
			 refused_gen_params),
	KUNIT_CASE_PARAM(receive_into_a_refused_element_fails_both_and_copies_nothing,
			 refused_gen_params),
	KUNIT_CASE(send_to_a_peer_in_error_is_a_remote_operation_error),
	KUNIT_CASE(send_into_a_corrupt_receive_doorbell_fails_both_queue_pairs),
	KUNIT_CASE(send_into_a_malformed_receive_entry_fails_both_queue_pairs),
	KUNIT_CASE(malformed_send_entry_is_a_local_qp_operation_error),
	KUNIT_CASE(send_with_no_receive_posted_waits_then_fails_with_rnr_retry_exceeded),
	KUNIT_CASE(send_waiting_for_a_receive_goes_through_once_one_is_posted),
	KUNIT_CASE(send_to_no_peer_waits_then_fails_with_transport_retry_exceeded),
	KUNIT_CASE(send_to_a_peer_not_yet_connected_waits_for_it),
	KUNIT_CASE(rnr_wait_after_a_wait_for_the_peer_gets_its_full_time),
	KUNIT_CASE(rdma_read_copies_from_a_region_of_a_peer_on_the_same_nic),
	KUNIT_CASE_PARAM(rdma_read_of_a_bad_key_or_range_fails_the_reader_only,
			 read_refused_gen_params),
	KUNIT_CASE(rdma_read_from_a_peer_on_another_nic_is_a_local_qp_operation_error),
	KUNIT_CASE(after_an_error_remaining_sends_and_posted_receives_are_flushed),
	KUNIT_CASE(pending_is_true_until_every_entry_of_a_failed_queue_pair_is_flushed),
	KUNIT_CASE(entries_posted_after_an_error_are_flushed_too),
	KUNIT_CASE(a_responder_failed_by_a_send_flushes_its_other_receives),
	KUNIT_CASE_PARAM(a_corrupt_send_doorbell_is_a_local_qp_operation_error,
			 bad_db_gen_params),
	KUNIT_CASE(a_queue_pair_failed_by_a_corrupt_doorbell_has_nothing_left_pending),
	KUNIT_CASE(a_send_doorbell_set_back_to_zero_after_use_is_corrupt),
	KUNIT_CASE(never_rung_doorbells_mean_nothing_posted),
	KUNIT_CASE(posted_receives_alone_give_the_engine_nothing_to_run),
	KUNIT_CASE(a_queue_pair_not_yet_connected_runs_nothing),
	KUNIT_CASE(nothing_runs_until_the_consumer_frees_room_in_a_full_completion_ring),
	KUNIT_CASE(send_waits_while_the_peers_completion_ring_is_full),
	KUNIT_CASE(a_consumer_index_past_the_producer_leaves_nothing_pending),
	KUNIT_CASE(an_entry_longer_than_the_budget_moves_in_pieces_and_completes_once),
	KUNIT_CASE(a_region_deregistered_part_way_is_never_reached_again),
	KUNIT_CASE(device_memory_written_is_flushed_before_the_completion),
	KUNIT_CASE(pages_written_need_no_flush),
	KUNIT_CASE(device_memory_that_vanishes_part_way_is_a_dma_fault),
	{}
};

static struct kunit_suite rig_exec_test_suite = {
	.name = "rig_exec_test",
	.init = rig_exec_test_init,
	.test_cases = rig_exec_test_cases,
};

/* Linked into rig_bnxt_kunit, whose module information range_test.c gives. */
kunit_test_suite(rig_exec_test_suite);
