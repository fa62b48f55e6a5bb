// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_exec_test: the entry engine (exec.c), with the
 * entry decoders (wqe.c) and CQ notifications (cq.c), over two fake
 * functions whose QPs, CQs and MRs are made with commands, as the driver
 * makes them.  The cases of the old soft NIC's rig_exec_test, ported,
 * and those of the model's own rules (PSN search entries, doorbells,
 * notifications).  This file owns those cases and the process's side:
 * entries, PSN entries and doorbells are written, and completions read,
 * as the library does it.  Received bytes are checked against an image
 * of the whole region, so a byte out of place anywhere fails.
 */
#include <kunit/test.h>
#include <linux/unaligned.h>

#include "fake.h"

#define T_ENTRIES	8
/* The send ring's slots, as fake_create_qp_req() rounds T_ENTRIES and the reserve up. */
#define T_SQ_SLOTS	256
/* The most send entries outstanding: all but the reserve and the spare slot. */
#define T_SQ_ROOM	(T_SQ_SLOTS - RIG_SOFT_SQ_RESERVE - 1)
#define T_CQ_ENTRIES	16
#define T_REGION_BYTES	(3 * SZ_4K)
#define S(x)		CMDQ_MODIFY_QP_NEW_STATE_##x
#define REQ(x)		CQ_REQ_STATUS_##x
#define RES(x)		CQ_RES_RC_STATUS_##x

/* A queue pair and the process's side of it. */
struct tqp {
	struct fake_fn *ff;
	struct fake_qp q;
	struct fake_cq cq;
};

struct region {
	struct fake_fn *ff;
	struct fake_mr mr;
};

/*
 * Function 0 has QPs a (PD 1, region ra) and b (PD 2, region rb), a and b
 * connected; function 1 has c (PD 1, region rc), connected to nothing.
 */
struct xenv {
	struct fake_fn *f0, *f1;
	struct tqp *a, *b, *c;
	struct region *ra, *rb, *rc;
	bool waiting;
	u32 dpi[2];
};

struct sge {
	u64 va;
	u32 key;
	u32 size;
};

static struct xenv *env(struct kunit *test)
{
	return test->priv;
}

static u32 next_dpi(struct xenv *e, struct fake_fn *ff)
{
	u32 *d = &e->dpi[ff == e->f1];
	u32 dpi = *d;

	*d += 2;
	return dpi;
}

static struct tqp *make_qp(struct kunit *test, struct fake_fn *ff, u32 pd)
{
	struct tqp *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct cmdq_create_qp req;
	struct creq_qp_event resp;

	KUNIT_ASSERT_NOT_NULL(test, t);
	t->ff = ff;
	KUNIT_ASSERT_EQ(test, fake_create_cq(ff, &t->cq, T_CQ_ENTRIES, next_dpi(env(test), ff)), 0);
	fake_create_qp_req(ff, &req, &t->q, &t->cq, T_ENTRIES, next_dpi(env(test), ff));
	t->q.pd = pd;
	req.pd_id = cpu_to_le32(pd);
	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), 0);
	t->q.qpn = le32_to_cpu(((struct creq_create_qp_resp *)&resp)->xid);
	KUNIT_ASSERT_EQ(test, t->q.sq_slots, T_SQ_SLOTS);
	return t;
}

static struct region *make_region(struct kunit *test, struct fake_fn *ff, u32 pd, bool io,
				  u8 access)
{
	struct region *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	r->ff = ff;
	KUNIT_ASSERT_EQ(test, fake_create_mr(ff, &r->mr, T_REGION_BYTES, io, pd, access), 0);
	return r;
}

static u8 *region_byte(struct region *r, u64 off)
{
	return fake_va(r->ff->fm, r->mr.base + off);
}

/* A pattern with no period of 256, so a byte from the wrong place shows. */
static void region_fill(struct region *r, u8 seed)
{
	u64 off;

	for (off = 0; off < T_REGION_BYTES; off++)
		*region_byte(r, off) = (u8)(off * 31 + (off >> 8) + seed);
}

static u8 *snapshot(struct kunit *test, struct region *r)
{
	u8 *image = kunit_kmalloc(test, T_REGION_BYTES, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, image);
	fake_read(r->ff->fm, r->mr.base, image, T_REGION_BYTES);
	return image;
}

static void expect_region(struct kunit *test, struct region *r, const u8 *want)
{
	u64 off;

	for (off = 0; off < T_REGION_BYTES; off++)
		if (*region_byte(r, off) != want[off])
			break;
	KUNIT_EXPECT_EQ_MSG(test, off, T_REGION_BYTES, "region %#x: first wrong byte at %llu",
			    r->mr.key, off);
}

static u64 sge_sum(const struct sge *sge, u32 n)
{
	u64 sum = 0;
	u32 i;

	for (i = 0; i < n; i++)
		sum += sge[i].size;
	return sum;
}

/* Lay onto @image the message @src gathers from @from, scattered as @dst. */
static void land(struct kunit *test, u8 *image, struct region *from, const struct sge *src,
		 u32 nsrc, const struct sge *dst, u32 ndst)
{
	u64 len = sge_sum(src, nsrc), at = 0, n;
	u8 *msg = kunit_kmalloc(test, len ?: 1, GFP_KERNEL);
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, msg);
	for (i = 0; i < nsrc; at += src[i].size, i++)
		fake_read(from->ff->fm, from->mr.base + src[i].va, msg + at, src[i].size);
	for (i = 0, at = 0; i < ndst && at < len; at += n, i++) {
		n = min_t(u64, dst[i].size, len - at);
		memcpy(image + dst[i].va, msg + at, n);
	}
}

static void put_sges(struct sq_sge *raw, const struct sge *sge, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++) {
		raw[i].va_or_pa = cpu_to_le64(sge[i].va);
		raw[i].l_key = cpu_to_le32(sge[i].key);
		raw[i].size = cpu_to_le32(sge[i].size);
	}
}

static dma_addr_t sq_slot(struct tqp *t, u64 pos)
{
	return t->q.sq + (pos % T_SQ_SLOTS) * RIG_SOFT_WQE_SIZE;
}

static dma_addr_t psn_slot(struct tqp *t, u64 pos)
{
	return t->q.sq + T_SQ_SLOTS * RIG_SOFT_WQE_SIZE + (pos % T_SQ_SLOTS) * RIG_SOFT_PSN_SIZE;
}

static void ring(struct tqp *t, u32 off, u32 type, u64 count, u32 entries)
{
	fake_db(t->ff, off, type, type >= DBC_DBC_TYPE_CQ ? t->cq.id : t->q.qpn, count, entries);
}

/* The PSN search entry of the entry at @pos, as the library fills it. */
static void put_psn(struct tqp *t, u64 pos, u8 type, u32 length)
{
	u32 npkts = max_t(u32, 1, DIV_ROUND_UP(length, t->q.mtu));
	struct sq_psn_search_ext p = {
		.opcode_start_psn = cpu_to_le32((u32)type << 24 | t->q.next_psn),
		.flags_next_psn = cpu_to_le32((t->q.next_psn + npkts) & RIG_SOFT_PSN_MASK),
		.start_slot_idx = cpu_to_le16((pos % T_SQ_SLOTS) * RIG_SOFT_WQE_SLOTS),
	};

	fake_write(t->ff->fm, psn_slot(t, pos), &p, sizeof(p));
	t->q.next_psn = (t->q.next_psn + npkts) & RIG_SOFT_PSN_MASK;
}

static void post_send_flags(struct tqp *t, const struct sge *sge, u32 n, u8 flags)
{
	struct sq_send_hdr h = {
		.wqe_type = SQ_BASE_WQE_TYPE_SEND,
		.flags = flags,
		.wqe_size = RIG_SOFT_HDR_SLOTS + n,
		.length = cpu_to_le32(sge_sum(sge, n)),
	};
	u8 e[RIG_SOFT_WQE_SIZE] = {};

	memcpy(e, &h, sizeof(h));
	put_sges((struct sq_sge *)(e + sizeof(h)), sge, n);
	fake_write(t->ff->fm, sq_slot(t, t->q.sq_prod), e, sizeof(e));
	put_psn(t, t->q.sq_prod, SQ_BASE_WQE_TYPE_SEND, sge_sum(sge, n));
	ring(t, rig_soft_dpi_off(t->q.dpi), DBC_DBC_TYPE_SQ, ++t->q.sq_prod, T_SQ_SLOTS);
}

static void post_send(struct tqp *t, const struct sge *sge, u32 n)
{
	post_send_flags(t, sge, n, SQ_SEND_HDR_FLAGS_SIGNAL_COMP);
}

static void post_read(struct tqp *t, const struct sge *sge, u32 n, u64 remote_va, u32 rkey)
{
	struct sq_rdma_hdr h = {
		.wqe_type = SQ_BASE_WQE_TYPE_READ_WQE,
		.flags = SQ_RDMA_HDR_FLAGS_SIGNAL_COMP,
		.wqe_size = RIG_SOFT_HDR_SLOTS + n,
		.length = cpu_to_le32(sge_sum(sge, n)),
		.remote_va = cpu_to_le64(remote_va),
		.remote_key = cpu_to_le32(rkey),
	};
	u8 e[RIG_SOFT_WQE_SIZE] = {};

	memcpy(e, &h, sizeof(h));
	put_sges((struct sq_sge *)(e + sizeof(h)), sge, n);
	fake_write(t->ff->fm, sq_slot(t, t->q.sq_prod), e, sizeof(e));
	put_psn(t, t->q.sq_prod, SQ_BASE_WQE_TYPE_READ_WQE, sge_sum(sge, n));
	ring(t, rig_soft_dpi_off(t->q.dpi), DBC_DBC_TYPE_SQ, ++t->q.sq_prod, T_SQ_SLOTS);
}

static dma_addr_t rq_slot(struct tqp *t, u64 pos)
{
	return t->q.rq + (pos % T_ENTRIES) * RIG_SOFT_WQE_SIZE;
}

static void post_recv(struct tqp *t, const struct sge *sge, u32 n)
{
	struct rq_wqe_hdr h = {
		.wqe_type = RQ_WQE_HDR_WQE_TYPE_RCV,
		.wqe_size = RIG_SOFT_HDR_SLOTS + n,
		.wr_id = { cpu_to_le32(t->q.rq_prod % T_ENTRIES) },
	};
	u8 e[RIG_SOFT_WQE_SIZE] = {};

	memcpy(e, &h, sizeof(h));
	put_sges((struct sq_sge *)(e + sizeof(h)), sge, n);
	fake_write(t->ff->fm, rq_slot(t, t->q.rq_prod), e, sizeof(e));
	ring(t, rig_soft_dpi_off(t->q.dpi + 1), DBC_DBC_TYPE_RQ, ++t->q.rq_prod, T_ENTRIES);
}

static dma_addr_t cq_slot(struct tqp *t, u64 pos)
{
	return t->cq.base + (pos % T_CQ_ENTRIES) * RIG_SOFT_CQE_SIZE;
}

static u8 cq_toggle(struct tqp *t, u64 pos)
{
	return *(u8 *)fake_va(t->ff->fm, cq_slot(t, pos) + 24) & CQ_BASE_TOGGLE;
}

union cqe {
	struct cq_base base;
	struct cq_req req;
	struct cq_res_rc res;
	struct cq_terminal term;
};

/* Take the next completion as the library does, then give its slot back. */
static bool take_cqe(struct tqp *t, union cqe *c)
{
	if (cq_toggle(t, t->cq.cons) != !((t->cq.cons / T_CQ_ENTRIES) & 1))
		return false;
	fake_read(t->ff->fm, cq_slot(t, t->cq.cons), c, sizeof(*c));
	ring(t, rig_soft_dpi_off(t->cq.dpi), DBC_DBC_TYPE_CQ, ++t->cq.cons, T_CQ_ENTRIES);
	return true;
}

static void take_expected(struct kunit *test, struct tqp *t, u8 type, u8 status, union cqe *c)
{
	KUNIT_ASSERT_TRUE_MSG(test, take_cqe(t, c), "qp %u: no completion %llu", t->q.qpn,
			      t->cq.cons);
	KUNIT_EXPECT_EQ(test, c->base.cqe_type_toggle & CQ_BASE_CQE_TYPE_MASK, type);
	KUNIT_EXPECT_EQ_MSG(test, c->base.status, status, "qp %u: completion %llu", t->q.qpn,
			    t->cq.cons - 1);
}

static void expect_req(struct kunit *test, struct tqp *t, u8 status, u16 sq_cons_idx)
{
	union cqe c;

	take_expected(test, t, CQ_BASE_CQE_TYPE_REQ, status, &c);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(c.req.sq_cons_idx), sq_cons_idx);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(c.req.qp_handle), t->q.handle);
}

static void expect_res(struct kunit *test, struct tqp *t, u8 status, u32 length, u32 wr_id)
{
	union cqe c;

	take_expected(test, t, CQ_BASE_CQE_TYPE_RES_RC, status, &c);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(c.res.length), length);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(c.res.srq_or_rq_wr_id), wr_id);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(c.res.qp_handle), t->q.handle);
}

static void expect_no_cqe(struct kunit *test, struct tqp *t)
{
	union cqe c;

	KUNIT_EXPECT_FALSE_MSG(test, take_cqe(t, &c), "qp %u: unexpected completion",
			       t->q.qpn);
}

static struct rig_soft_qp *model(struct tqp *t)
{
	return fake_qp_of(t->ff, &t->q);
}

static void expect_state(struct kunit *test, struct tqp *t, u8 state)
{
	KUNIT_EXPECT_EQ_MSG(test, model(t)->state, state, "qp %u", t->q.qpn);
}

/* One QP's part of a pass, and then, as a pass does, the CQs' notifications. */
static bool run_budget(struct kunit *test, struct tqp *t, u64 *budget)
{
	struct rig_soft_world *world = t->ff->fn.world;
	struct rig_soft_fn *fn;
	struct rig_soft_cq *cq;
	bool progress;

	env(test)->waiting = false;
	mutex_lock(&world->lock);
	progress = rig_soft_exec_qp(model(t), budget, &env(test)->waiting);
	list_for_each_entry(fn, &world->fns, node)
		list_for_each_entry(cq, &fn->cq_list, node)
			rig_soft_cq_service(cq);
	mutex_unlock(&world->lock);
	return progress;
}

static bool run(struct kunit *test, struct tqp *t)
{
	u64 budget = U64_MAX;

	return run_budget(test, t, &budget);
}

static bool pending(struct tqp *t)
{
	struct rig_soft_world *world = t->ff->fn.world;
	bool p;

	mutex_lock(&world->lock);
	p = rig_soft_exec_pending(model(t));
	mutex_unlock(&world->lock);
	return p;
}

static void expect_waiting(struct kunit *test)
{
	struct xenv *e = env(test);

	KUNIT_EXPECT_FALSE(test, run(test, e->a));
	KUNIT_EXPECT_TRUE(test, e->waiting);
	expect_no_cqe(test, e->a);
	expect_state(test, e->a, S(RTS));
}

static void expect_wait_then_failure(struct kunit *test, u8 status)
{
	struct xenv *e = env(test);

	expect_waiting(test);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	KUNIT_EXPECT_FALSE(test, e->waiting);
	expect_req(test, e->a, status, 1);
	expect_state(test, e->a, S(ERR));
}

/* Message i: 8 bytes of ra at 8 * i, into 16 bytes of rb at 16 * i. */
static void post_numbered_receives(struct xenv *e, u32 n)
{
	u32 k;

	for (k = 0; k < n; k++) {
		const struct sge dst = { 16 * e->b->q.rq_prod, e->rb->mr.key, 16 };

		post_recv(e->b, &dst, 1);
	}
}

static void post_numbered_sends(struct xenv *e, u32 n)
{
	u32 k;

	for (k = 0; k < n; k++) {
		const struct sge src = { 8 * e->a->q.sq_prod, e->ra->mr.key, 8 };

		post_send(e->a, &src, 1);
	}
}

static void post_numbered(struct xenv *e, u32 n)
{
	post_numbered_receives(e, n);
	post_numbered_sends(e, n);
}

static void exchange(struct kunit *test, u32 n)
{
	post_numbered(env(test), n);
	KUNIT_ASSERT_TRUE(test, run(test, env(test)->a));
}

static void expect_sent(struct kunit *test, u64 first, u32 n)
{
	u64 i;

	for (i = first; i < first + n; i++)
		expect_req(test, env(test)->a, REQ(OK), (i + 1) % T_SQ_SLOTS);
}

static void expect_received(struct kunit *test, u64 first, u32 n)
{
	u64 i;

	for (i = first; i < first + n; i++)
		expect_res(test, env(test)->b, RES(OK), 8, i % T_ENTRIES);
}

static void send_into_receives(struct kunit *test, const struct sge *src, u32 nsrc,
			       const struct sge *dst, u32 nrecv)
{
	struct xenv *e = env(test);
	u32 i;

	for (i = 0; i < nrecv; i++)
		post_recv(e->b, &dst[i], 1);
	post_send(e->a, src, nsrc);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	KUNIT_EXPECT_FALSE(test, e->waiting);
}

static void expect_remote_operation_error(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 0, e->ra->mr.key, 16 };
	u8 *want = snapshot(test, e->rb);

	send_into_receives(test, &src, 1, NULL, 0);
	expect_req(test, e->a, REQ(REMOTE_OPERATION_ERR), 1);
	expect_state(test, e->a, S(ERR));
	expect_no_cqe(test, e->b);
	expect_state(test, e->b, S(ERR));
	expect_region(test, e->rb, want);
}

static void expect_read_refused(struct kunit *test, const struct sge *local, u64 remote_va,
				u32 rkey, u8 status, struct tqp *peer)
{
	struct xenv *e = env(test);
	u8 *want = snapshot(test, e->ra);

	post_read(e->a, local, 1, remote_va, rkey);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, status, 1);
	expect_state(test, e->a, S(ERR));
	expect_no_cqe(test, peer);
	expect_state(test, peer, S(RTS));
	expect_region(test, e->ra, want);
}

static void send_too_long(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst[] = { { 0, e->rb->mr.key, 64 }, { 64, e->rb->mr.key, 64 } };
	const struct sge src = { 0, e->ra->mr.key, 65 };
	u8 *want = snapshot(test, e->rb);

	send_into_receives(test, &src, 1, dst, ARRAY_SIZE(dst));
	expect_res(test, e->b, RES(LOCAL_LENGTH_ERR), 0, 0);
	expect_req(test, e->a, REQ(REMOTE_INVALID_REQUEST_ERR), 1);
	expect_state(test, e->a, S(ERR));
	expect_state(test, e->b, S(ERR));
	expect_region(test, e->rb, want);
}

static u32 bad_key(struct xenv *e)
{
	return e->ra->mr.key ^ 0x80;	/* the index of ra, another variant */
}

static void fail_a_with_entries_behind(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge bad = { 0, bad_key(e), 8 }, good = { 0, e->ra->mr.key, 8 };
	const struct sge dst = { 0, e->rb->mr.key, 8 };

	post_recv(e->a, &good, 1);
	post_recv(e->a, &good, 1);
	post_recv(e->b, &dst, 1);
	post_send(e->a, &bad, 1);
	post_send(e->a, &good, 1);
	post_send(e->a, &good, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(LOCAL_PROTECTION_ERR), 1);
	expect_no_cqe(test, e->a);
}

static void expect_flushed(struct kunit *test)
{
	struct xenv *e = env(test);

	expect_req(test, e->a, REQ(WORK_REQUEST_FLUSHED_ERR), 2);
	expect_req(test, e->a, REQ(WORK_REQUEST_FLUSHED_ERR), 3);
	expect_res(test, e->a, RES(WORK_REQUEST_FLUSHED_ERR), 0, 0);
	expect_res(test, e->a, RES(WORK_REQUEST_FLUSHED_ERR), 0, 1);
	expect_no_cqe(test, e->a);
}

/* Take @t to RESET and connect it to @peer, which is in RESET. */
static void reconnect(struct kunit *test, struct tqp *t, struct tqp *peer)
{
	struct cmdq_modify_qp req;
	struct creq_qp_event resp;

	fake_modify_req(&req, &t->q, S(RESET));
	KUNIT_ASSERT_EQ(test, fake_cmd(t->ff, &req, sizeof(req), &resp), 0);
	t->q.sq_prod = 0;
	t->q.rq_prod = 0;
	t->q.next_psn = t->q.psn;
	fake_connect(t->ff, &t->q, peer->ff, &peer->q);
}

static int rig_soft_exec_test_init(struct kunit *test)
{
	struct xenv *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);
	struct rig_soft_world *world = fake_world_new(test);

	KUNIT_ASSERT_NOT_NULL(test, e);
	test->priv = e;
	e->f0 = fake_fn_up(test, world, 0);
	e->f1 = fake_fn_up(test, world, 1);
	e->ra = make_region(test, e->f0, 1, false, FAKE_MR_ACCESS);
	e->rb = make_region(test, e->f0, 2, false, FAKE_MR_ACCESS);
	e->rc = make_region(test, e->f1, 1, false, FAKE_MR_ACCESS);
	region_fill(e->ra, 1);
	region_fill(e->rb, 2);
	region_fill(e->rc, 3);
	e->a = make_qp(test, e->f0, 1);
	e->b = make_qp(test, e->f0, 2);
	e->c = make_qp(test, e->f1, 1);
	fake_connect(e->f0, &e->a->q, e->f0, &e->b->q);
	return 0;
}

/* Sends that arrive */

static void send_lands_in_the_peers_oldest_receive_and_completes_both_sides(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst[] = { { 0, e->rb->mr.key, 256 }, { SZ_4K, e->rb->mr.key, 256 } };
	const struct sge src = { 10, e->ra->mr.key, 100 };
	u8 *want = snapshot(test, e->rb);

	send_into_receives(test, &src, 1, dst, ARRAY_SIZE(dst));
	expect_res(test, e->b, RES(OK), 100, 0);
	expect_no_cqe(test, e->b);
	expect_req(test, e->a, REQ(OK), 1);
	expect_no_cqe(test, e->a);
	land(test, want, e->ra, &src, 1, &dst[0], 1);
	expect_region(test, e->rb, want);
	expect_state(test, e->a, S(RTS));
	expect_state(test, e->b, S(RTS));
}

struct backing_case {
	bool src_io, dst_io;
	const char *desc;
};

static const struct backing_case backing_cases[] = {
	{ false, false, "pages to pages" },
	{ true, false, "device memory to pages" },
	{ false, true, "pages to device memory" },
	{ true, true, "device memory to device memory" },
};

KUNIT_ARRAY_PARAM_DESC(backing, backing_cases, desc);

static void send_gathered_and_scattered_across_boundaries_lands_byte_exact(struct kunit *test)
{
	const struct backing_case *c = test->param_value;
	struct xenv *e = env(test);
	struct region *rs = make_region(test, e->f0, 1, c->src_io, FAKE_MR_ACCESS);
	struct region *rd = make_region(test, e->f0, 2, c->dst_io, FAKE_MR_ACCESS);
	const u32 s = rs->mr.key, d = rd->mr.key;
	const struct sge src[] = {
		{ SZ_4K - 96, s, 200 }, { 2 * SZ_4K - 2, s, 10 }, { 0, s, 0 }, { 100, s, 50 },
		{ SZ_4K + 854, s, 200 }, { T_REGION_BYTES - 1, s, 1 },
	};
	const struct sge dst[] = {
		{ SZ_4K - 6, d, 7 }, { 0, d, 0 }, { 2 * SZ_4K - 100, d, 300 }, { 50, d, 3 },
		{ SZ_4K + 890, d, 130 }, { T_REGION_BYTES - 100, d, 100 },
	};
	u8 *want;

	region_fill(rs, 5);
	region_fill(rd, 6);
	want = snapshot(test, rd);
	post_recv(e->b, dst, ARRAY_SIZE(dst));
	post_send(e->a, src, ARRAY_SIZE(src));
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_res(test, e->b, RES(OK), 461, 0);
	expect_req(test, e->a, REQ(OK), 1);
	land(test, want, rs, src, ARRAY_SIZE(src), dst, ARRAY_SIZE(dst));
	expect_region(test, rd, want);
	KUNIT_EXPECT_EQ(test, e->f0->fm->flushes, c->dst_io ? 1 : 0);
}

static void numbered_sends_arrive_in_order_over_three_laps_of_the_rings(struct kunit *test)
{
	struct xenv *e = env(test);
	u8 *want = snapshot(test, e->rb);
	u64 i;

	for (i = 0; i < 24; i += 3) {
		exchange(test, 3);
		expect_received(test, i, 3);
		expect_sent(test, i, 3);
	}
	for (i = 0; i < 24; i++)
		fake_read(e->ra->ff->fm, e->ra->mr.base + 8 * i, want + 16 * i, 8);
	expect_region(test, e->rb, want);
	/* Completions 16 to 23 went round again: toggle 0 on the second lap. */
	KUNIT_EXPECT_EQ(test, cq_toggle(e->b, 7), 0);
	KUNIT_EXPECT_EQ(test, cq_toggle(e->b, 8), 1);
	KUNIT_EXPECT_EQ(test, cq_toggle(e->a, 7), 0);
	KUNIT_EXPECT_EQ(test, cq_toggle(e->a, 8), 1);
}

static void rings_filled_to_all_but_their_last_slot_run_every_entry(struct kunit *test)
{
	post_numbered(env(test), T_ENTRIES - 1);
	KUNIT_EXPECT_TRUE(test, run(test, env(test)->a));
	expect_received(test, 0, T_ENTRIES - 1);
	expect_sent(test, 0, T_ENTRIES - 1);
	expect_no_cqe(test, env(test)->a);
}

/* bnxt_re's post_send leaves the reserve and the spare slot free, and no more. */
static void a_send_ring_runs_entries_up_to_its_reserve(struct kunit *test)
{
	struct xenv *e = env(test);

	post_numbered_receives(e, T_ENTRIES - 1);
	post_numbered_sends(e, T_SQ_ROOM);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_received(test, 0, T_ENTRIES - 1);
	expect_sent(test, 0, T_ENTRIES - 1);
	/* The next send waits for a receive, its ring taken. */
	expect_waiting(test);
}

/* What the chip does with a producer in the reserve is not written down. */
static void a_send_doorbell_into_the_rings_reserve_fails_the_qp(struct kunit *test)
{
	struct xenv *e = env(test);

	post_numbered_receives(e, T_ENTRIES - 1);
	post_numbered_sends(e, T_SQ_ROOM + 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(LOCAL_QP_OPERATION_ERR), 1);
	expect_state(test, e->a, S(ERR));
	expect_no_cqe(test, e->b);
}

static void a_receive_doorbell_that_fills_the_ring_to_its_last_slot_fails_the_qp(struct kunit *test)
{
	struct xenv *e = env(test);

	post_numbered_receives(e, T_ENTRIES);
	post_numbered_sends(e, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(REMOTE_OPERATION_ERR), 1);
	expect_state(test, e->b, S(ERR));
}

static void send_of_no_bytes_completes_with_length_zero(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst = { 0, e->rb->mr.key, 0 };
	u8 *want = snapshot(test, e->rb);

	send_into_receives(test, NULL, 0, &dst, 1);
	expect_res(test, e->b, RES(OK), 0, 0);
	expect_req(test, e->a, REQ(OK), 1);
	expect_region(test, e->rb, want);
}

static void send_reaches_a_peer_on_another_function(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst = { 100, e->rc->mr.key, 64 }, src = { 0, e->ra->mr.key, 64 };
	u8 *want = snapshot(test, e->rc);

	reconnect(test, e->a, e->c);
	post_recv(e->c, &dst, 1);
	post_send(e->a, &src, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_res(test, e->c, RES(OK), 64, 0);
	expect_req(test, e->a, REQ(OK), 1);
	expect_no_cqe(test, e->b);
	land(test, want, e->ra, &src, 1, &dst, 1);
	expect_region(test, e->rc, want);
}

static void an_unsignalled_send_completes_silently(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 0, e->ra->mr.key, 8 };

	post_numbered_receives(e, 2);
	post_send_flags(e->a, &src, 1, 0);
	post_send(e->a, &src, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(OK), 2);
	expect_no_cqe(test, e->a);
	expect_received(test, 0, 2);
}

/* Sends that fail */

static void send_bigger_than_the_receive_fails_both_queue_pairs(struct kunit *test)
{
	send_too_long(test);
}

enum owner { OWN, OTHER_PD, OTHER_FN, NO_KEY };

struct refused_case {
	enum owner owner;
	u64 va;
	u32 size;
	const char *desc;
};

static const struct refused_case refused_cases[] = {
	{ NO_KEY, 0, 16, "a key no MR has" },
	{ OWN, T_REGION_BYTES - 10, 11, "one byte past the region's end" },
	{ OWN, T_REGION_BYTES + 1, 0, "empty, past the region's end" },
	{ OTHER_PD, 0, 16, "an MR of another PD" },
	{ OTHER_FN, 0, 16, "an MR of another function" },
};

KUNIT_ARRAY_PARAM_DESC(refused, refused_cases, desc);

static void refused_sges(struct xenv *e, const struct refused_case *c, u32 own, u32 other,
			 struct sge sge[2])
{
	const u32 keys[] = {
		[OWN] = own, [OTHER_PD] = other, [OTHER_FN] = e->rc->mr.key, [NO_KEY] = bad_key(e),
	};

	sge[0] = (struct sge){ 0, own, 8 };
	sge[1] = (struct sge){ c->va, keys[c->owner], c->size };
}

static void send_from_a_refused_element_is_a_local_protection_error(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst = { 0, e->rb->mr.key, T_REGION_BYTES };
	struct sge src[2];
	u8 *want = snapshot(test, e->rb);

	refused_sges(e, test->param_value, e->ra->mr.key, e->rb->mr.key, src);
	send_into_receives(test, src, ARRAY_SIZE(src), &dst, 1);
	expect_req(test, e->a, REQ(LOCAL_PROTECTION_ERR), 1);
	expect_state(test, e->a, S(ERR));
	expect_no_cqe(test, e->b);
	expect_state(test, e->b, S(RTS));
	expect_region(test, e->rb, want);
}

static void receive_into_a_refused_element_fails_both_and_copies_nothing(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 0, e->ra->mr.key, 8 };
	struct sge dst[2];
	u8 *want_a = snapshot(test, e->ra), *want_b = snapshot(test, e->rb);

	refused_sges(e, test->param_value, e->rb->mr.key, e->ra->mr.key, dst);
	post_recv(e->b, dst, ARRAY_SIZE(dst));
	post_send(e->a, &src, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_res(test, e->b, RES(LOCAL_PROTECTION_ERR), 0, 0);
	expect_req(test, e->a, REQ(REMOTE_ACCESS_ERR), 1);
	expect_state(test, e->a, S(ERR));
	expect_state(test, e->b, S(ERR));
	expect_region(test, e->ra, want_a);
	expect_region(test, e->rb, want_b);
}

static void receive_into_an_mr_without_local_write_is_refused(struct kunit *test)
{
	struct xenv *e = env(test);
	struct region *ro = make_region(test, e->f0, 2, false, CMDQ_REGISTER_MR_ACCESS_ZERO_BASED);
	const struct sge src = { 0, e->ra->mr.key, 8 }, dst = { 0, ro->mr.key, 8 };

	send_into_receives(test, &src, 1, &dst, 1);
	expect_res(test, e->b, RES(LOCAL_PROTECTION_ERR), 0, 0);
	expect_req(test, e->a, REQ(REMOTE_ACCESS_ERR), 1);
}

static void send_to_a_peer_in_error_is_a_remote_operation_error(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge bad = { 0, bad_key(e), 8 };

	post_send(e->b, &bad, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->b));
	expect_req(test, e->b, REQ(LOCAL_PROTECTION_ERR), 1);
	expect_remote_operation_error(test);
}

static void send_into_a_corrupt_receive_doorbell_fails_both_queue_pairs(struct kunit *test)
{
	struct xenv *e = env(test);

	ring(e->b, rig_soft_dpi_off(e->b->q.dpi + 1), DBC_DBC_TYPE_SQ, 1, T_ENTRIES);
	expect_remote_operation_error(test);
}

static void send_into_a_malformed_receive_entry_fails_both_queue_pairs(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst = { 0, e->rb->mr.key, 64 };
	__le32 bad = cpu_to_le32(1);

	post_recv(e->b, &dst, 1);
	fake_write(e->f0->fm, rq_slot(e->b, 0) + offsetof(struct rq_wqe_hdr, reserved32), &bad,
		   sizeof(bad));
	expect_remote_operation_error(test);
}

static void malformed_send_entry_is_a_local_qp_operation_error(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 0, e->ra->mr.key, 16 }, dst = { 0, e->rb->mr.key, 64 };
	u8 *want = snapshot(test, e->rb);
	u8 flags = SQ_SEND_HDR_FLAGS_SIGNAL_COMP | SQ_SEND_HDR_FLAGS_INLINE;

	post_recv(e->b, &dst, 1);
	post_send(e->a, &src, 1);
	fake_write(e->f0->fm, sq_slot(e->a, 0) + 1, &flags, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(LOCAL_QP_OPERATION_ERR), 1);
	expect_state(test, e->a, S(ERR));
	expect_no_cqe(test, e->b);
	expect_region(test, e->rb, want);
}

/* The PSN search entry */

struct psn_case {
	u32 word;	/* which 32-bit word of the entry */
	u32 xor;	/* flipped in it */
	const char *desc;
};

static const struct psn_case psn_cases[] = {
	{ 0, 0x01000000, "another opcode" },
	{ 0, 0x00000001, "another start PSN" },
	{ 1, 0x00000001, "another next PSN" },
	{ 1, 0x01000000, "a flag" },
	{ 2, 0x00000001, "another first slot" },
	{ 2, 0x00010000, "reserved16" },
	{ 3, 0x00000001, "reserved32" },
};

KUNIT_ARRAY_PARAM_DESC(psn, psn_cases, desc);

static void a_psn_search_entry_not_as_documented_fails_the_entry(struct kunit *test)
{
	const struct psn_case *c = test->param_value;
	struct xenv *e = env(test);
	const struct sge src = { 0, e->ra->mr.key, 16 }, dst = { 0, e->rb->mr.key, 64 };
	dma_addr_t w = psn_slot(e->a, 0) + 4 * c->word;
	struct creq_qp_error_notification n;
	u32 v;

	post_recv(e->b, &dst, 1);
	post_send(e->a, &src, 1);
	fake_read(e->f0->fm, w, &v, sizeof(v));
	v ^= cpu_to_le32(c->xor);
	fake_write(e->f0->fm, w, &v, sizeof(v));
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(LOCAL_QP_OPERATION_ERR), 1);
	expect_no_cqe(test, e->b);
	fake_service(e->f0);
	KUNIT_ASSERT_TRUE(test, fake_creq_take(e->f0, &n));
	KUNIT_EXPECT_EQ(test, n.event, CREQ_QP_EVENT_EVENT_QP_ERROR_NOTIFICATION);
	KUNIT_EXPECT_EQ(test, n.req_err_state_reason,
			CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_PSN_RANGE_CHECK_ERROR);
}

static void psns_advance_by_the_packets_of_the_path_mtu(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst = { 0, e->rb->mr.key, 4096 }, src = { 0, e->ra->mr.key, 2500 };
	u32 psn = e->a->q.psn;

	post_recv(e->b, &dst, 1);
	post_send(e->a, &src, 1);
	exchange(test, 1);
	expect_res(test, e->b, RES(OK), 2500, 0);
	expect_req(test, e->a, REQ(OK), 1);
	expect_received(test, 1, 1);
	expect_sent(test, 1, 1);
	KUNIT_EXPECT_EQ(test, model(e->a)->sq_next_psn, (psn + 3 + 1) & RIG_SOFT_PSN_MASK);
	KUNIT_EXPECT_EQ(test, model(e->b)->rq_next_psn, model(e->a)->sq_next_psn);
}

/*
 * An entry counted by an MTU other than the last MODIFY_QP's (1024): by
 * the 4096 a library took before connect lowered it, 2500 bytes are one
 * packet, not three.
 */
static void a_psn_search_entry_counted_by_another_path_mtu_fails_the_entry(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst = { 0, e->rb->mr.key, 4096 }, src = { 0, e->ra->mr.key, 2500 };
	struct creq_qp_error_notification n;

	e->a->q.mtu = 4096;
	post_recv(e->b, &dst, 1);
	post_send(e->a, &src, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(LOCAL_QP_OPERATION_ERR), 1);
	expect_no_cqe(test, e->b);
	fake_service(e->f0);
	KUNIT_ASSERT_TRUE(test, fake_creq_take(e->f0, &n));
	KUNIT_EXPECT_EQ(test, n.req_err_state_reason,
			CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_PSN_RANGE_CHECK_ERROR);
}

static void a_peer_that_expects_another_psn_naks_until_retry_is_exceeded(struct kunit *test)
{
	struct xenv *e = env(test);

	e->f0->fn.world->retry_ms = 0;
	model(e->b)->rq_next_psn ^= 1;
	post_numbered(e, 1);
	expect_wait_then_failure(test, REQ(TRANSPORT_RETRY_CNT_ERR));
	expect_no_cqe(test, e->b);
}

/* Sends that wait for the peer */

static void send_with_no_receive_posted_waits_then_fails_with_rnr_retry_exceeded(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 0, e->ra->mr.key, 16 };

	e->f0->fn.world->rnr_ms = 0;
	post_send(e->a, &src, 1);
	expect_wait_then_failure(test, REQ(RNR_NAK_RETRY_CNT_ERR));
	expect_no_cqe(test, e->b);
	expect_state(test, e->b, S(RTS));
}

static void expect_first_message_after_the_wait(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, run(test, env(test)->a));
	KUNIT_EXPECT_FALSE(test, env(test)->waiting);
	expect_received(test, 0, 1);
	expect_sent(test, 0, 1);
}

static void send_waiting_for_a_receive_goes_through_once_one_is_posted(struct kunit *test)
{
	struct xenv *e = env(test);

	post_numbered_sends(e, 1);
	expect_waiting(test);
	KUNIT_EXPECT_TRUE(test, pending(e->a));
	post_numbered_receives(e, 1);
	expect_first_message_after_the_wait(test);
}

static void send_to_no_peer_waits_then_fails_with_transport_retry_exceeded(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 0, e->ra->mr.key, 16 };

	e->f0->fn.world->retry_ms = 0;
	model(e->a)->dest_qp_id = 99;
	post_send(e->a, &src, 1);
	expect_wait_then_failure(test, REQ(TRANSPORT_RETRY_CNT_ERR));
}

static void send_to_a_peer_not_yet_connected_waits_for_it(struct kunit *test)
{
	struct xenv *e = env(test);

	model(e->b)->state = S(INIT);
	post_numbered(e, 1);
	expect_waiting(test);
	model(e->b)->state = S(RTS);
	expect_first_message_after_the_wait(test);
}

static void rnr_wait_after_a_wait_for_the_peer_gets_its_full_time(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 0, e->ra->mr.key, 16 };

	e->f0->fn.world->retry_ms = 0;
	model(e->b)->state = S(INIT);
	post_send(e->a, &src, 1);
	expect_waiting(test);
	model(e->b)->state = S(RTR);
	expect_waiting(test);
}

/* RDMA READ */

static void rdma_read_copies_from_a_region_of_a_peer_on_the_same_function(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst[] = {
		{ SZ_4K - 50, e->ra->mr.key, 100 }, { 2 * SZ_4K - 150, e->ra->mr.key, 200 },
	};
	const struct sge remote = { SZ_4K - 6, e->rb->mr.key, 300 };
	u8 *want_a = snapshot(test, e->ra), *want_b = snapshot(test, e->rb);

	post_read(e->a, dst, ARRAY_SIZE(dst), remote.va, remote.key);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(OK), 1);
	expect_no_cqe(test, e->b);
	land(test, want_a, e->rb, &remote, 1, dst, ARRAY_SIZE(dst));
	expect_region(test, e->ra, want_a);
	expect_region(test, e->rb, want_b);
}

enum read_spoil { RS_NONE, RS_BAD_RKEY, RS_LONG, RS_NOT_PEERS, RS_BAD_LKEY, RS_NO_READ_MR,
		  RS_NO_READ_QP, RS_NO_WRITE_MR };

struct read_refused_case {
	enum read_spoil spoil;
	u8 status;
	const char *desc;
};

static const struct read_refused_case read_refused_cases[] = {
	{ RS_BAD_RKEY, REQ(REMOTE_ACCESS_ERR), "a remote key no MR has" },
	{ RS_LONG, REQ(REMOTE_ACCESS_ERR), "a remote range one byte too long" },
	{ RS_NOT_PEERS, REQ(REMOTE_ACCESS_ERR), "a remote MR of another PD" },
	{ RS_BAD_LKEY, REQ(LOCAL_PROTECTION_ERR), "a local key no MR has" },
	{ RS_NO_READ_MR, REQ(REMOTE_ACCESS_ERR), "a remote MR without remote read" },
	{ RS_NO_READ_QP, REQ(REMOTE_ACCESS_ERR), "a peer QP without remote read" },
	{ RS_NO_WRITE_MR, REQ(LOCAL_PROTECTION_ERR), "a local MR without local write" },
};

KUNIT_ARRAY_PARAM_DESC(read_refused, read_refused_cases, desc);

static void rdma_read_out_of_the_rules_fails_the_reader_only(struct kunit *test)
{
	const struct read_refused_case *c = test->param_value;
	struct xenv *e = env(test);
	struct sge local = { 0, e->ra->mr.key, 64 };
	u64 va = 0;
	u32 rkey = e->rb->mr.key;

	switch (c->spoil) {
	case RS_BAD_RKEY:
		rkey = e->rb->mr.key ^ 0x80;
		break;
	case RS_LONG:
		va = T_REGION_BYTES - 63;
		break;
	case RS_NOT_PEERS:
		rkey = e->ra->mr.key;
		break;
	case RS_BAD_LKEY:
		local.key = bad_key(e);
		break;
	case RS_NO_READ_MR:
		rkey = make_region(test, e->f0, 2, false,
				   CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE |
				   CMDQ_REGISTER_MR_ACCESS_ZERO_BASED)->mr.key;
		break;
	case RS_NO_READ_QP:
		model(e->b)->access &= ~CMDQ_MODIFY_QP_ACCESS_REMOTE_READ;
		break;
	case RS_NO_WRITE_MR:
		local.key = make_region(test, e->f0, 1, false,
					CMDQ_REGISTER_MR_ACCESS_ZERO_BASED)->mr.key;
		break;
	default:
		break;
	}
	expect_read_refused(test, &local, va, rkey, c->status, e->b);
}

static void rdma_read_from_a_peer_on_another_function_copies_from_its_region(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst = { 100, e->ra->mr.key, 300 };
	const struct sge remote = { SZ_4K - 200, e->rc->mr.key, 300 };
	u8 *want_a = snapshot(test, e->ra), *want_c = snapshot(test, e->rc);

	reconnect(test, e->a, e->c);
	post_read(e->a, &dst, 1, remote.va, remote.key);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(OK), 1);
	expect_no_cqe(test, e->c);
	land(test, want_a, e->rc, &remote, 1, &dst, 1);
	expect_region(test, e->ra, want_a);
	expect_region(test, e->rc, want_c);
}

/* A key names regions of one function: the reader's own is no key at the peer's. */
static void
rdma_read_with_a_key_of_the_readers_function_is_a_remote_access_error(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst = { 0, e->ra->mr.key, 64 };

	reconnect(test, e->a, e->c);
	expect_read_refused(test, &dst, 0, e->rb->mr.key, REQ(REMOTE_ACCESS_ERR), e->c);
}

static void an_mr_not_zero_based_is_addressed_by_its_va(struct kunit *test)
{
	struct xenv *e = env(test);
	struct cmdq_allocate_mrw alloc = {
		.opcode = CMDQ_BASE_OPCODE_ALLOCATE_MRW, .pd_id = cpu_to_le32(2),
	};
	struct cmdq_register_mr reg = {
		.opcode = CMDQ_BASE_OPCODE_REGISTER_MR,
		.log2_pg_size_lvl = 0 | 12 << CMDQ_REGISTER_MR_LOG2_PG_SIZE_SFT,
		.access = CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE,
		.va = cpu_to_le64(0x7f0000000100ULL),
		.mr_size = cpu_to_le64(SZ_4K - 0x100),
	};
	dma_addr_t page = fake_alloc(e->f0->fm, SZ_4K, false);
	const struct sge src = { 0, e->ra->mr.key, 16 };
	struct creq_qp_event resp;
	struct sge dst;
	u8 got[16], want[16];

	KUNIT_ASSERT_EQ(test, fake_cmd(e->f0, &alloc, sizeof(alloc), &resp), 0);
	reg.key = ((struct creq_allocate_mrw_resp *)&resp)->xid;
	reg.pbl = cpu_to_le64(page);
	KUNIT_ASSERT_EQ(test, fake_cmd(e->f0, &reg, sizeof(reg), &resp), 0);
	dst = (struct sge){ 0x7f0000000110ULL, le32_to_cpu(reg.key), 16 };
	send_into_receives(test, &src, 1, &dst, 1);
	expect_res(test, e->b, RES(OK), 16, 0);
	fake_read(e->f0->fm, page + 0x110, got, sizeof(got));
	fake_read(e->f0->fm, e->ra->mr.base, want, sizeof(want));
	KUNIT_EXPECT_EQ(test, memcmp(got, want, sizeof(got)), 0);
}

/* After an error */

static void after_an_error_remaining_sends_and_posted_receives_are_flushed(struct kunit *test)
{
	struct xenv *e = env(test);
	u8 *want = snapshot(test, e->rb);

	fail_a_with_entries_behind(test);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_flushed(test);
	expect_no_cqe(test, e->b);
	expect_region(test, e->rb, want);
}

static void pending_is_true_until_every_entry_of_a_failed_qp_is_flushed(struct kunit *test)
{
	struct xenv *e = env(test);

	fail_a_with_entries_behind(test);
	KUNIT_EXPECT_TRUE(test, pending(e->a));
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	KUNIT_EXPECT_FALSE(test, pending(e->a));
	KUNIT_EXPECT_FALSE(test, run(test, e->a));
}

static void entries_posted_after_an_error_are_flushed_too(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge good = { 0, e->ra->mr.key, 8 };

	fail_a_with_entries_behind(test);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_flushed(test);
	post_send(e->a, &good, 1);
	post_recv(e->a, &good, 1);
	KUNIT_EXPECT_TRUE(test, pending(e->a));
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(WORK_REQUEST_FLUSHED_ERR), 4);
	expect_res(test, e->a, RES(WORK_REQUEST_FLUSHED_ERR), 0, 2);
	KUNIT_EXPECT_FALSE(test, pending(e->a));
}

static bool rq_wake(struct fake_fn *ff)
{
	struct rig_soft_world *world = ff->fn.world;
	bool w;

	mutex_lock(&world->lock);
	w = rig_soft_rq_wake(&ff->fn);
	mutex_unlock(&world->lock);
	return w;
}

/*
 * What the status page's rq_wake says: a receive posted while the engine
 * sleeps has work at once only on a function with a queue pair in error.
 */
static void a_receive_needs_the_engine_at_once_only_where_a_qp_is_in_error(struct kunit *test)
{
	struct xenv *e = env(test);

	post_numbered_receives(e, 2);
	KUNIT_EXPECT_FALSE(test, rq_wake(e->f0));
	KUNIT_EXPECT_FALSE(test, rq_wake(e->f1));
	send_too_long(test);
	KUNIT_EXPECT_TRUE(test, rq_wake(e->f0));
	KUNIT_EXPECT_FALSE(test, rq_wake(e->f1));
}

static void a_responder_failed_by_a_send_flushes_its_other_receives(struct kunit *test)
{
	struct xenv *e = env(test);

	send_too_long(test);
	KUNIT_EXPECT_TRUE(test, pending(e->b));
	KUNIT_EXPECT_TRUE(test, run(test, e->b));
	expect_res(test, e->b, RES(WORK_REQUEST_FLUSHED_ERR), 0, 1);
	expect_no_cqe(test, e->b);
	KUNIT_EXPECT_FALSE(test, pending(e->b));
}

static void a_qp_error_is_told_to_the_driver_once(struct kunit *test)
{
	struct xenv *e = env(test);
	struct creq_qp_error_notification n;

	send_too_long(test);
	fake_service(e->f0);
	KUNIT_ASSERT_TRUE(test, fake_creq_take(e->f0, &n));
	KUNIT_EXPECT_EQ(test, n.type & CREQ_BASE_TYPE_MASK, CREQ_QP_EVENT_TYPE_QP_EVENT);
	KUNIT_EXPECT_EQ(test, n.event, CREQ_QP_EVENT_EVENT_QP_ERROR_NOTIFICATION);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(n.xid), e->b->q.qpn);
	KUNIT_EXPECT_EQ(test, n.res_err_state_reason,
			CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_EXCEEDS_WQE);
	KUNIT_ASSERT_TRUE(test, fake_creq_take(e->f0, &n));
	KUNIT_EXPECT_EQ(test, le32_to_cpu(n.xid), e->a->q.qpn);
	KUNIT_EXPECT_EQ(test, n.req_err_state_reason,
			CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_NAK_ARRIVAL_1);
	KUNIT_EXPECT_FALSE(test, fake_creq_take(e->f0, &n));
	run(test, e->b);
	fake_service(e->f0);
	KUNIT_EXPECT_FALSE(test, fake_creq_take(e->f0, &n));
}

/* The chip as it may be: an unkind world */

static void unkind(struct kunit *test, unsigned int what)
{
	env(test)->f0->fn.world->unkind = what;
}

/*
 * Take @t's receives the chip flushed, in order from @wr_id, up to the
 * TERMINAL completion, left in @c: how many receives.
 */
static u32 take_to_terminal(struct kunit *test, struct tqp *t, u32 wr_id, union cqe *c)
{
	u32 k = 0;

	for (;;) {
		KUNIT_ASSERT_TRUE(test, take_cqe(t, c));
		if ((c->base.cqe_type_toggle & CQ_BASE_CQE_TYPE_MASK) != CQ_BASE_CQE_TYPE_RES_RC)
			break;
		KUNIT_EXPECT_EQ(test, c->base.status, RES(HW_FLUSH_ERR));
		KUNIT_EXPECT_EQ(test, le32_to_cpu(c->res.srq_or_rq_wr_id), wr_id + k++);
	}
	KUNIT_EXPECT_EQ(test, c->base.cqe_type_toggle & CQ_BASE_CQE_TYPE_MASK,
			CQ_BASE_CQE_TYPE_TERMINAL);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(c->term.qp_handle), t->q.handle);
	return k;
}

static void an_unkind_chip_retires_several_sends_with_one_raw_count_completion(struct kunit *test)
{
	/* Past a lap of the send ring, where its place and the count differ. */
	const u32 laps = T_SQ_SLOTS / (T_ENTRIES - 1) + 1;
	struct xenv *e = env(test);
	u32 lap, cqes = 0;
	u64 done = 0;
	u16 idx = 0;
	union cqe c;

	unkind(test, RIG_SOFT_UNKIND_AGGREGATE);
	/* The receive ring is never filled to its last slot: laps of 7 entries. */
	for (lap = 0; lap < laps; lap++) {
		exchange(test, T_ENTRIES - 1);
		expect_received(test, lap * (T_ENTRIES - 1), T_ENTRIES - 1);
		while (take_cqe(e->a, &c)) {
			u16 covered;

			idx = le16_to_cpu(c.req.sq_cons_idx);
			covered = idx - (u16)done;
			KUNIT_EXPECT_EQ(test, c.base.status, REQ(OK));
			KUNIT_ASSERT_GE(test, covered, 1);
			KUNIT_ASSERT_LE(test, covered, T_ENTRIES);
			done += covered;
			cqes++;
		}
		/* Nothing is owed once the engine leaves the QP. */
		KUNIT_EXPECT_EQ(test, done, (lap + 1) * (T_ENTRIES - 1));
	}
	/* The chip's count, not the place in the ring. */
	KUNIT_EXPECT_GT(test, idx, T_SQ_SLOTS);
	KUNIT_EXPECT_EQ(test, idx, laps * (T_ENTRIES - 1));
	KUNIT_EXPECT_LT(test, cqes, laps * (T_ENTRIES - 1));
}

static void an_unkind_chip_ends_a_failed_qp_with_a_terminal_and_flushes_nothing(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge bad = { 0, bad_key(e), 8 }, good = { 0, e->ra->mr.key, 8 };
	union cqe c;
	u32 k;

	unkind(test, RIG_SOFT_UNKIND_NO_FLUSH);
	post_recv(e->a, &good, 1);
	post_recv(e->a, &good, 1);
	post_send(e->a, &bad, 1);
	post_send(e->a, &good, 1);
	post_send(e->a, &good, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(LOCAL_PROTECTION_ERR), 1);
	/* Some of the receives flushed by the chip, in order; then the end. */
	k = take_to_terminal(test, e->a, 0, &c);
	KUNIT_EXPECT_LE(test, k, 2);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(c.term.sq_cons_idx), 1);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(c.term.rq_cons_idx), k);
	/* Nothing else, ever: not the entries left, nor those posted after. */
	KUNIT_EXPECT_FALSE(test, pending(e->a));
	KUNIT_EXPECT_FALSE(test, run(test, e->a));
	post_send(e->a, &good, 1);
	post_recv(e->a, &good, 1);
	KUNIT_EXPECT_FALSE(test, pending(e->a));
	KUNIT_EXPECT_FALSE(test, run(test, e->a));
	expect_no_cqe(test, e->a);
}

static void an_unkind_chip_ends_a_responder_failed_by_a_send_with_a_terminal(struct kunit *test)
{
	struct xenv *e = env(test);
	union cqe c;

	unkind(test, RIG_SOFT_UNKIND_NO_FLUSH);
	send_too_long(test);
	take_to_terminal(test, e->b, 1, &c);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(c.term.sq_cons_idx), 0);
	KUNIT_EXPECT_FALSE(test, pending(e->b));
	KUNIT_EXPECT_FALSE(test, run(test, e->b));
	expect_no_cqe(test, e->b);
}

static void an_unkind_chip_ends_a_queue_pair_again_after_a_reset(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge bad = { 0, bad_key(e), 8 };
	struct creq_qp_error_notification n;
	union cqe c;
	int round;

	unkind(test, RIG_SOFT_UNKIND_NO_FLUSH);
	for (round = 0; round < 2; round++) {
		post_send(e->a, &bad, 1);
		KUNIT_EXPECT_TRUE(test, run(test, e->a));
		expect_req(test, e->a, REQ(LOCAL_PROTECTION_ERR), 1);
		take_to_terminal(test, e->a, 0, &c);
		KUNIT_EXPECT_EQ(test, le16_to_cpu(c.term.sq_cons_idx), 1);
		expect_no_cqe(test, e->a);
		if (round)
			break;
		/* The error notification, before the commands' answers. */
		fake_service(e->f0);
		KUNIT_ASSERT_TRUE(test, fake_creq_take(e->f0, &n));
		KUNIT_EXPECT_EQ(test, n.event, CREQ_QP_EVENT_EVENT_QP_ERROR_NOTIFICATION);
		reconnect(test, e->a, e->c);
	}
}

static void an_unkind_chip_fails_a_full_cq_instead_of_writing_into_it(struct kunit *test)
{
	struct xenv *e = env(test);
	struct creq_func_event ev;

	unkind(test, RIG_SOFT_UNKIND_CQ_OVERFLOW);
	/* Rings are never filled to their last slot: 7, 7 and 2 entries. */
	exchange(test, T_ENTRIES - 1);
	expect_received(test, 0, T_ENTRIES - 1);
	exchange(test, T_ENTRIES - 1);
	expect_received(test, T_ENTRIES - 1, T_ENTRIES - 1);
	exchange(test, 2);
	expect_received(test, 2 * T_ENTRIES - 2, 2);
	/* a has taken none of its 16: one more entry runs, and finds no room. */
	post_numbered(e, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_received(test, 2 * T_ENTRIES, 1);
	KUNIT_EXPECT_TRUE(test, model(e->a)->scq->broken);
	KUNIT_EXPECT_EQ(test, e->f0->fn.stats.cq_overflows, 1);
	fake_service(e->f0);
	KUNIT_ASSERT_TRUE(test, fake_creq_take(e->f0, &ev));
	KUNIT_EXPECT_EQ(test, ev.type & CREQ_FUNC_EVENT_TYPE_MASK, CREQ_FUNC_EVENT_TYPE_FUNC_EVENT);
	KUNIT_EXPECT_EQ(test, ev.event, CREQ_FUNC_EVENT_EVENT_CQ_ERROR);
	/* The completions written stand; the one that overflowed is nowhere. */
	expect_sent(test, 0, T_CQ_ENTRIES);
	expect_no_cqe(test, e->a);
}

/* Doorbells */

struct bad_db_case {
	u32 high_xor;
	u32 low;
	const char *desc;
};

static const struct bad_db_case bad_db_cases[] = {
	{ DBC_DBC_TYPE_RQ, 1, "type RQ on the send doorbell" },
	{ 0, T_SQ_SLOTS, "an index at the ring's size" },
	{ 0, 1 | DBC_DBC_EPOCH, "more than a ring ahead" },
	{ DBC_DBC_DEBUG_TRACE, 1, "debug trace" },
	{ 0, 1 | 1 << DBC_DBC_TOGGLE_SFT, "toggle bits" },
	{ BIT(20), 1, "an undefined bit" },
};

KUNIT_ARRAY_PARAM_DESC(bad_db, bad_db_cases, desc);

static void a_corrupt_send_doorbell_is_a_local_qp_operation_error(struct kunit *test)
{
	const struct bad_db_case *c = test->param_value;
	struct xenv *e = env(test);
	u64 good = fake_db_value(DBC_DBC_TYPE_SQ, e->a->q.qpn, 0, T_SQ_SLOTS);

	post_numbered(e, 1);
	put_unaligned_le64((good ^ (u64)c->high_xor << 32) | c->low,
			   e->f0->bar + rig_soft_dpi_off(e->a->q.dpi));
	KUNIT_EXPECT_TRUE(test, pending(e->a));
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(LOCAL_QP_OPERATION_ERR), 1);
	expect_no_cqe(test, e->a);
	expect_state(test, e->a, S(ERR));
	expect_no_cqe(test, e->b);
}

static void a_doorbell_addressed_to_another_qp_is_ignored_and_counted(struct kunit *test)
{
	struct xenv *e = env(test);
	u32 off = rig_soft_dpi_off(e->a->q.dpi);
	u64 good, before = e->f0->fn.stats.db_ignored;

	exchange(test, 1);
	expect_sent(test, 0, 1);
	post_numbered(e, 1);
	good = get_unaligned_le64(e->f0->bar + off);
	ring(e->b, off, DBC_DBC_TYPE_SQ, 2, T_SQ_SLOTS);
	KUNIT_EXPECT_FALSE(test, run(test, e->a));
	KUNIT_EXPECT_EQ(test, e->f0->fn.stats.db_ignored, before + 1);
	put_unaligned_le64(good & ~((u64)DBC_DBC_VALID << 32), e->f0->bar + off);
	KUNIT_EXPECT_FALSE(test, run(test, e->a));
	KUNIT_EXPECT_EQ(test, e->f0->fn.stats.db_ignored, before + 2);
	expect_state(test, e->a, S(RTS));
	put_unaligned_le64(good, e->f0->bar + off);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_sent(test, 1, 1);
}

static void a_queue_pair_failed_by_a_corrupt_doorbell_has_nothing_left_pending(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge dst = { 0, e->ra->mr.key, 8 };

	post_recv(e->a, &dst, 1);
	ring(e->a, rig_soft_dpi_off(e->a->q.dpi), DBC_DBC_TYPE_RQ, 1, T_ENTRIES);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(LOCAL_QP_OPERATION_ERR), 1);
	KUNIT_EXPECT_TRUE(test, pending(e->a));
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_res(test, e->a, RES(WORK_REQUEST_FLUSHED_ERR), 0, 0);
	KUNIT_EXPECT_FALSE(test, pending(e->a));
	KUNIT_EXPECT_FALSE(test, run(test, e->a));
}

static void a_send_doorbell_set_back_to_zero_after_use_is_ignored(struct kunit *test)
{
	struct xenv *e = env(test);

	exchange(test, 1);
	expect_sent(test, 0, 1);
	put_unaligned_le64(0, e->f0->bar + rig_soft_dpi_off(e->a->q.dpi));
	KUNIT_EXPECT_FALSE(test, run(test, e->a));
	expect_no_cqe(test, e->a);
	expect_state(test, e->a, S(RTS));
}

static void expect_idle(struct kunit *test, struct tqp *t)
{
	KUNIT_EXPECT_FALSE(test, pending(t));
	KUNIT_EXPECT_FALSE(test, run(test, t));
	KUNIT_EXPECT_FALSE(test, env(test)->waiting);
	expect_no_cqe(test, t);
}

static void never_rung_doorbells_mean_nothing_posted(struct kunit *test)
{
	expect_idle(test, env(test)->a);
	expect_state(test, env(test)->a, S(RTS));
}

static void posted_receives_alone_give_the_engine_nothing_to_run(struct kunit *test)
{
	post_numbered_receives(env(test), 2);
	expect_idle(test, env(test)->b);
}

static void a_queue_pair_not_in_rts_runs_no_send(struct kunit *test)
{
	struct xenv *e = env(test);
	u8 *want = snapshot(test, e->rb);

	model(e->a)->state = S(RTR);
	post_numbered(e, 1);
	expect_idle(test, e->a);
	expect_no_cqe(test, e->b);
	expect_region(test, e->rb, want);
}

/* Room in the completion rings */

/*
 * Fill the completion ring of a's sends (@sent false) or of b's receives,
 * half a ring of entries at a time (a ring is never filled), taking the
 * other side's completions.
 */
static void fill_cq(struct kunit *test, bool sent, u32 n)
{
	u32 k;

	for (k = 0; k < n; k += T_ENTRIES / 2) {
		exchange(test, T_ENTRIES / 2);
		if (sent)
			expect_received(test, k, T_ENTRIES / 2);
		else
			expect_sent(test, k, T_ENTRIES / 2);
	}
}

static void nothing_runs_until_the_consumer_frees_room_in_a_full_cq(struct kunit *test)
{
	struct xenv *e = env(test);
	u8 *want;

	fill_cq(test, true, T_CQ_ENTRIES);
	want = snapshot(test, e->rb);
	post_numbered(e, 1);
	KUNIT_EXPECT_FALSE(test, run(test, e->a));
	KUNIT_EXPECT_FALSE(test, e->waiting);
	expect_no_cqe(test, e->b);
	expect_region(test, e->rb, want);
	KUNIT_EXPECT_FALSE(test, pending(e->a));
	expect_sent(test, 0, 1);
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_received(test, 16, 1);
	expect_sent(test, 1, 16);
}

static void send_waits_while_the_peers_cq_is_full(struct kunit *test)
{
	fill_cq(test, false, T_CQ_ENTRIES);
	post_numbered(env(test), 1);
	expect_waiting(test);
	expect_received(test, 0, 1);
	KUNIT_EXPECT_TRUE(test, run(test, env(test)->a));
	expect_sent(test, 16, 1);
	expect_received(test, 1, 16);
}

static void a_consumer_index_past_the_producer_leaves_nothing_pending(struct kunit *test)
{
	struct xenv *e = env(test);

	post_numbered(e, 1);
	KUNIT_EXPECT_TRUE(test, pending(e->a));
	ring(e->a, rig_soft_dpi_off(e->a->cq.dpi), DBC_DBC_TYPE_CQ, 3, T_CQ_ENTRIES);
	KUNIT_EXPECT_FALSE(test, pending(e->a));
	KUNIT_EXPECT_FALSE(test, run(test, e->a));
	expect_no_cqe(test, e->b);
}

/* Entries longer than the engine's budget */

static void an_entry_longer_than_the_budget_moves_in_pieces_and_completes_once(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 100, e->ra->mr.key, T_REGION_BYTES - 100 };
	const struct sge dst = { 0, e->rb->mr.key, T_REGION_BYTES };
	u64 len = T_REGION_BYTES - 100, moved = 0, budget;
	unsigned int calls = 0;
	u8 *want = snapshot(test, e->rb);

	post_recv(e->b, &dst, 1);
	post_send(e->a, &src, 1);
	while (moved < len) {
		budget = 1000;
		KUNIT_ASSERT_TRUE(test, run_budget(test, e->a, &budget));
		moved += 1000 - budget;
		calls++;
		if (moved < len) {
			KUNIT_EXPECT_TRUE(test, pending(e->a));
			KUNIT_ASSERT_EQ(test, model(e->a)->scq->prod + model(e->b)->rcq->prod, 0);
		}
	}
	KUNIT_EXPECT_EQ(test, calls, DIV_ROUND_UP(len, 1000));
	expect_res(test, e->b, RES(OK), len, 0);
	expect_req(test, e->a, REQ(OK), 1);
	land(test, want, e->ra, &src, 1, &dst, 1);
	expect_region(test, e->rb, want);
	KUNIT_EXPECT_FALSE(test, pending(e->a));
}

/*
 * The responder's CQ had room when a long send began; the responder's own
 * send fills it meanwhile.  The long send's last byte moves, but its
 * completions wait for room: none is written over one not yet taken.
 */
static void an_entry_in_pieces_waits_at_its_end_for_room_in_the_cqs(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 100, e->ra->mr.key, T_REGION_BYTES - 100 };
	const struct sge dst = { 0, e->rb->mr.key, T_REGION_BYTES };
	const struct sge back = { 0, e->rb->mr.key, 8 }, into = { 0, e->ra->mr.key, 8 };
	u64 budget;

	/* b's CQ: fifteen receives untaken, one slot left. */
	fill_cq(test, false, T_ENTRIES);
	exchange(test, T_ENTRIES - 1);
	expect_sent(test, T_ENTRIES, T_ENTRIES - 1);
	post_recv(e->b, &dst, 1);
	post_send(e->a, &src, 1);
	budget = 1000;
	KUNIT_ASSERT_TRUE(test, run_budget(test, e->a, &budget));
	/* b's own send takes the last slot with its completion. */
	post_recv(e->a, &into, 1);
	post_send(e->b, &back, 1);
	KUNIT_ASSERT_TRUE(test, run(test, e->b));
	KUNIT_ASSERT_EQ(test, rig_soft_cq_room(model(e->b)->rcq), 0);
	/* Every byte of a's send moves; its completions wait. */
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	KUNIT_EXPECT_FALSE(test, run(test, e->a));
	KUNIT_EXPECT_FALSE(test, pending(e->a));
	/* a's CQ holds b's message only: its send has not completed. */
	expect_res(test, e->a, RES(OK), 8, 0);
	expect_no_cqe(test, e->a);
	/* b's sixteen completions are intact, and taking them makes room. */
	expect_received(test, 0, 2 * T_ENTRIES - 1);
	expect_req(test, e->b, REQ(OK), 1);
	KUNIT_EXPECT_TRUE(test, pending(e->a));
	KUNIT_EXPECT_TRUE(test, run(test, e->a));
	expect_req(test, e->a, REQ(OK), 16);
	expect_res(test, e->b, RES(OK), T_REGION_BYTES - 100, 15 % T_ENTRIES);
}

static void a_key_deallocated_part_way_is_never_reached_again(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 100, e->ra->mr.key, T_REGION_BYTES - 100 };
	const struct sge dst = { 0, e->rb->mr.key, T_REGION_BYTES };
	struct cmdq_deallocate_key dealloc = {
		.opcode = CMDQ_BASE_OPCODE_DEALLOCATE_KEY, .key = cpu_to_le32(e->rb->mr.key),
	};
	struct creq_qp_event resp;
	u64 budget = 1000;
	u8 *want;

	post_recv(e->b, &dst, 1);
	post_send(e->a, &src, 1);
	KUNIT_ASSERT_TRUE(test, run_budget(test, e->a, &budget));
	KUNIT_ASSERT_EQ(test, fake_cmd(e->f0, &dealloc, sizeof(dealloc), &resp), 0);
	want = snapshot(test, e->rb);
	budget = 1000;
	KUNIT_EXPECT_TRUE(test, run_budget(test, e->a, &budget));
	expect_req(test, e->a, REQ(REMOTE_ACCESS_ERR), 1);
	expect_res(test, e->b, RES(LOCAL_PROTECTION_ERR), 0, 0);
	expect_state(test, e->a, S(ERR));
	expect_state(test, e->b, S(ERR));
	expect_region(test, e->rb, want);
}

/* Device memory */

static void pages_written_need_no_flush(struct kunit *test)
{
	struct xenv *e = env(test);
	struct region *rs = make_region(test, e->f0, 1, true, FAKE_MR_ACCESS);
	const struct sge src = { 0, rs->mr.key, 2 * SZ_4K };
	const struct sge dst = { 0, e->rb->mr.key, 2 * SZ_4K };

	region_fill(rs, 9);
	send_into_receives(test, &src, 1, &dst, 1);
	KUNIT_EXPECT_EQ(test, e->f0->fm->flushes, 0);
	expect_res(test, e->b, RES(OK), 2 * SZ_4K, 0);
}

static void a_dma_fault_part_way_fails_the_side_whose_memory_faulted(struct kunit *test)
{
	struct xenv *e = env(test);
	const struct sge src = { 0, e->ra->mr.key, T_REGION_BYTES };
	const struct sge dst = { 0, e->rc->mr.key, T_REGION_BYTES };
	u64 budget = 1000;
	u8 *want;

	reconnect(test, e->a, e->c);
	post_recv(e->c, &dst, 1);
	post_send(e->a, &src, 1);
	KUNIT_ASSERT_TRUE(test, run_budget(test, e->a, &budget));
	atomic_set(&e->f0->fm->mem.fail, 1);
	want = snapshot(test, e->rc);
	budget = 1000;
	run_budget(test, e->a, &budget);
	expect_req(test, e->a, REQ(LOCAL_PROTECTION_ERR), 1);
	expect_no_cqe(test, e->c);
	expect_state(test, e->a, S(ERR));
	expect_state(test, e->c, S(RTS));
	expect_region(test, e->rc, want);
}

/* CQ notifications */

static void arm(struct tqp *t, u32 type)
{
	ring(t, rig_soft_dpi_off(t->cq.dpi), type, t->cq.cons, T_CQ_ENTRIES);
}

static bool notify(struct tqp *t)
{
	bool done;

	mutex_lock(&t->ff->fn.world->lock);
	done = rig_soft_cq_service(xa_load(&t->ff->fn.cqs, t->cq.id));
	mutex_unlock(&t->ff->fn.world->lock);
	return done;
}

static void an_armed_cq_notifies_its_nq_once_per_arm_after_armena(struct kunit *test)
{
	struct xenv *e = env(test);
	unsigned int raised = e->f0->raised[1];
	struct nq_cn cn;

	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	exchange(test, 1);
	KUNIT_ASSERT_TRUE(test, fake_nq_take(e->f0, &cn));
	KUNIT_EXPECT_EQ(test, le16_to_cpu(cn.type) & NQ_CN_TYPE_MASK, NQ_CN_TYPE_CQ_NOTIFICATION);
	KUNIT_EXPECT_EQ(test, (le16_to_cpu(cn.type) & NQ_CN_TOGGLE_MASK) >> NQ_CN_TOGGLE_SFT, 1);
	KUNIT_EXPECT_EQ(test, (u64)le32_to_cpu(cn.cq_handle_high) << 32 |
			le32_to_cpu(cn.cq_handle_low), e->b->cq.handle);
	KUNIT_EXPECT_EQ(test, e->f0->raised[1], raised + 1);
	KUNIT_EXPECT_FALSE(test, fake_nq_take(e->f0, &cn));
	/* Not armed again: nothing. */
	exchange(test, 1);
	KUNIT_EXPECT_FALSE(test, fake_nq_take(e->f0, &cn));
	/* Armed again by the process, but no CQ_ARMENA from the driver yet: void. */
	expect_received(test, 0, 2);
	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	exchange(test, 1);
	KUNIT_EXPECT_FALSE(test, notify(e->b));
	/* The driver's CQ_ARMENA does not revive the arm before it. */
	fake_db(e->f0, rig_soft_armena_off(e->b->cq.handle), DBC_DBC_TYPE_CQ_ARMENA,
		e->b->cq.id, 0, 1);
	KUNIT_EXPECT_FALSE(test, notify(e->b));
	KUNIT_EXPECT_FALSE(test, fake_nq_take(e->f0, &cn));
	/* An arm after it: the next completion is notified, the word taken. */
	expect_received(test, 2, 1);
	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	exchange(test, 1);
	KUNIT_ASSERT_TRUE(test, fake_nq_take(e->f0, &cn));
	KUNIT_EXPECT_EQ(test, (le16_to_cpu(cn.type) & NQ_CN_TOGGLE_MASK) >> NQ_CN_TOGGLE_SFT, 2);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(get_unaligned((__le64 *)(e->f0->bar +
			rig_soft_armena_off(e->b->cq.handle)))), 0);
}

/* Not from a page a process may be given: only bnxt_re's priv_db enables. */
static void cq_armena_from_any_page_but_the_privileged_one_enables_nothing(struct kunit *test)
{
	struct xenv *e = env(test);
	u64 before = e->f0->fn.stats.arms_void;
	struct nq_cn cn;

	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	exchange(test, 1);
	KUNIT_ASSERT_TRUE(test, fake_nq_take(e->f0, &cn));
	expect_received(test, 0, 1);
	fake_db(e->f0, rig_soft_dpi_off(e->b->cq.dpi + 1), DBC_DBC_TYPE_CQ_ARMENA, e->b->cq.id,
		0, 1);
	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	exchange(test, 1);
	KUNIT_EXPECT_FALSE(test, fake_nq_take(e->f0, &cn));
	KUNIT_EXPECT_EQ(test, e->f0->fn.stats.arms_void, before + 1);
	/* From the privileged page, the next arm is notified. */
	fake_db(e->f0, rig_soft_armena_off(e->b->cq.handle), DBC_DBC_TYPE_CQ_ARMENA,
		e->b->cq.id, 0, 1);
	expect_received(test, 1, 1);
	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	exchange(test, 1);
	KUNIT_EXPECT_TRUE(test, fake_nq_take(e->f0, &cn));
}

static void a_cq_doorbell_after_an_arm_keeps_the_arm(struct kunit *test)
{
	struct xenv *e = env(test);
	struct nq_cn cn;

	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	KUNIT_EXPECT_FALSE(test, notify(e->b));		/* seen, nothing to notify */
	ring(e->b, rig_soft_dpi_off(e->b->cq.dpi), DBC_DBC_TYPE_CQ, e->b->cq.cons, T_CQ_ENTRIES);
	KUNIT_EXPECT_FALSE(test, notify(e->b));
	exchange(test, 1);
	KUNIT_EXPECT_TRUE(test, fake_nq_take(e->f0, &cn));
}

static void arm_se_notifies_only_for_an_error_completion(struct kunit *test)
{
	struct xenv *e = env(test);
	struct nq_cn cn;

	arm(e->a, DBC_DBC_TYPE_CQ_ARMSE);
	exchange(test, 1);
	KUNIT_EXPECT_FALSE(test, fake_nq_take(e->f0, &cn));
	e->f0->fn.world->rnr_ms = 0;
	post_numbered_sends(e, 1);
	run(test, e->a);
	run(test, e->a);
	KUNIT_ASSERT_TRUE(test, fake_nq_take(e->f0, &cn));
	KUNIT_EXPECT_EQ(test, (u64)le32_to_cpu(cn.cq_handle_high) << 32 |
			le32_to_cpu(cn.cq_handle_low), e->a->cq.handle);
}

static void destroy_cq_answers_the_notifications_it_caused(struct kunit *test)
{
	struct xenv *e = env(test);
	struct cmdq_destroy_qp dqp = { .opcode = CMDQ_BASE_OPCODE_DESTROY_QP };
	struct cmdq_destroy_cq dcq = { .opcode = CMDQ_BASE_OPCODE_DESTROY_CQ };
	struct creq_destroy_cq_resp r;
	struct nq_cn cn;

	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	exchange(test, 1);
	KUNIT_ASSERT_TRUE(test, fake_nq_take(e->f0, &cn));
	dqp.qp_cid = cpu_to_le32(e->b->q.qpn);
	KUNIT_ASSERT_EQ(test, fake_cmd(e->f0, &dqp, sizeof(dqp), (void *)&r), 0);
	dcq.cq_cid = cpu_to_le32(e->b->cq.id);
	KUNIT_ASSERT_EQ(test, fake_cmd(e->f0, &dcq, sizeof(dcq), (void *)&r), 0);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(r.total_cnq_events), 1);
}

/* A pass of the engine */

static bool world_pending(struct rig_soft_world *world)
{
	bool p;

	mutex_lock(&world->lock);
	p = rig_soft_pending(world);
	mutex_unlock(&world->lock);
	return p;
}

static void a_pass_serves_commands_entries_and_notifications_of_every_function(struct kunit *test)
{
	struct xenv *e = env(test);
	struct rig_soft_world *world = e->f0->fn.world;
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };
	struct creq_qp_event resp;
	bool waiting = false;
	struct nq_cn cn;

	KUNIT_EXPECT_FALSE(test, world_pending(world));
	post_numbered(e, 1);
	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	fake_post(e->f1, &ver, sizeof(ver));
	KUNIT_EXPECT_TRUE(test, world_pending(world));
	mutex_lock(&world->lock);
	KUNIT_EXPECT_TRUE(test, rig_soft_pass(world, SZ_1M, &waiting));
	mutex_unlock(&world->lock);
	KUNIT_EXPECT_FALSE(test, waiting);
	expect_received(test, 0, 1);
	expect_sent(test, 0, 1);
	KUNIT_EXPECT_TRUE(test, fake_creq_take(e->f1, &resp));
	KUNIT_EXPECT_TRUE(test, fake_nq_take(e->f0, &cn));
	KUNIT_EXPECT_FALSE(test, world_pending(world));
}

/* The QPs' part of a pass (@whole false), or a whole pass. */
static bool world_pass(struct rig_soft_world *world, bool whole)
{
	bool waiting = false, progress;

	mutex_lock(&world->lock);
	progress = whole ? rig_soft_pass(world, SZ_1M, &waiting) :
			   rig_soft_pass_qps(world, SZ_1M, &waiting);
	mutex_unlock(&world->lock);
	return progress;
}

static void a_pass_of_the_qps_notifies_the_cqs_it_wrote_to(struct kunit *test)
{
	struct xenv *e = env(test);
	struct rig_soft_world *world = e->f0->fn.world;
	struct nq_cn cn;

	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	post_numbered(e, 1);
	KUNIT_EXPECT_TRUE(test, world_pass(world, false));
	KUNIT_EXPECT_TRUE(test, list_empty(&world->touched));
	expect_received(test, 0, 1);
	expect_sent(test, 0, 1);
	KUNIT_EXPECT_TRUE(test, fake_nq_take(e->f0, &cn));
	KUNIT_EXPECT_FALSE(test, world_pending(world));
}

static void an_arm_rung_after_its_completion_waits_for_a_whole_pass(struct kunit *test)
{
	struct xenv *e = env(test);
	struct rig_soft_world *world = e->f0->fn.world;
	struct nq_cn cn;

	post_numbered(e, 1);
	KUNIT_EXPECT_TRUE(test, world_pass(world, false));
	KUNIT_EXPECT_FALSE(test, fake_nq_take(e->f0, &cn));
	/* Armed over a completion already there: due, but no QP wrote one. */
	arm(e->b, DBC_DBC_TYPE_CQ_ARMALL);
	KUNIT_EXPECT_TRUE(test, world_pending(world));
	KUNIT_EXPECT_FALSE(test, world_pass(world, false));
	KUNIT_EXPECT_FALSE(test, fake_nq_take(e->f0, &cn));
	KUNIT_EXPECT_TRUE(test, world_pass(world, true));
	KUNIT_EXPECT_TRUE(test, fake_nq_take(e->f0, &cn));
	KUNIT_EXPECT_FALSE(test, world_pending(world));
}

static struct kunit_case rig_soft_exec_test_cases[] = {
	KUNIT_CASE(a_pass_serves_commands_entries_and_notifications_of_every_function),
	KUNIT_CASE(an_unkind_chip_retires_several_sends_with_one_raw_count_completion),
	KUNIT_CASE(an_unkind_chip_ends_a_failed_qp_with_a_terminal_and_flushes_nothing),
	KUNIT_CASE(an_unkind_chip_ends_a_responder_failed_by_a_send_with_a_terminal),
	KUNIT_CASE(an_unkind_chip_ends_a_queue_pair_again_after_a_reset),
	KUNIT_CASE(an_unkind_chip_fails_a_full_cq_instead_of_writing_into_it),
	KUNIT_CASE(a_pass_of_the_qps_notifies_the_cqs_it_wrote_to),
	KUNIT_CASE(an_arm_rung_after_its_completion_waits_for_a_whole_pass),
	KUNIT_CASE(send_lands_in_the_peers_oldest_receive_and_completes_both_sides),
	KUNIT_CASE_PARAM(send_gathered_and_scattered_across_boundaries_lands_byte_exact,
			 backing_gen_params),
	KUNIT_CASE(numbered_sends_arrive_in_order_over_three_laps_of_the_rings),
	KUNIT_CASE(rings_filled_to_all_but_their_last_slot_run_every_entry),
	KUNIT_CASE(a_send_ring_runs_entries_up_to_its_reserve),
	KUNIT_CASE(a_send_doorbell_into_the_rings_reserve_fails_the_qp),
	KUNIT_CASE(a_receive_doorbell_that_fills_the_ring_to_its_last_slot_fails_the_qp),
	KUNIT_CASE(send_of_no_bytes_completes_with_length_zero),
	KUNIT_CASE(send_reaches_a_peer_on_another_function),
	KUNIT_CASE(an_unsignalled_send_completes_silently),
	KUNIT_CASE(send_bigger_than_the_receive_fails_both_queue_pairs),
	KUNIT_CASE_PARAM(send_from_a_refused_element_is_a_local_protection_error,
			 refused_gen_params),
	KUNIT_CASE_PARAM(receive_into_a_refused_element_fails_both_and_copies_nothing,
			 refused_gen_params),
	KUNIT_CASE(receive_into_an_mr_without_local_write_is_refused),
	KUNIT_CASE(send_to_a_peer_in_error_is_a_remote_operation_error),
	KUNIT_CASE(send_into_a_corrupt_receive_doorbell_fails_both_queue_pairs),
	KUNIT_CASE(send_into_a_malformed_receive_entry_fails_both_queue_pairs),
	KUNIT_CASE(malformed_send_entry_is_a_local_qp_operation_error),
	KUNIT_CASE_PARAM(a_psn_search_entry_not_as_documented_fails_the_entry, psn_gen_params),
	KUNIT_CASE(psns_advance_by_the_packets_of_the_path_mtu),
	KUNIT_CASE(a_psn_search_entry_counted_by_another_path_mtu_fails_the_entry),
	KUNIT_CASE(a_peer_that_expects_another_psn_naks_until_retry_is_exceeded),
	KUNIT_CASE(send_with_no_receive_posted_waits_then_fails_with_rnr_retry_exceeded),
	KUNIT_CASE(send_waiting_for_a_receive_goes_through_once_one_is_posted),
	KUNIT_CASE(send_to_no_peer_waits_then_fails_with_transport_retry_exceeded),
	KUNIT_CASE(send_to_a_peer_not_yet_connected_waits_for_it),
	KUNIT_CASE(rnr_wait_after_a_wait_for_the_peer_gets_its_full_time),
	KUNIT_CASE(rdma_read_copies_from_a_region_of_a_peer_on_the_same_function),
	KUNIT_CASE_PARAM(rdma_read_out_of_the_rules_fails_the_reader_only,
			 read_refused_gen_params),
	KUNIT_CASE(rdma_read_from_a_peer_on_another_function_copies_from_its_region),
	KUNIT_CASE(rdma_read_with_a_key_of_the_readers_function_is_a_remote_access_error),
	KUNIT_CASE(an_mr_not_zero_based_is_addressed_by_its_va),
	KUNIT_CASE(after_an_error_remaining_sends_and_posted_receives_are_flushed),
	KUNIT_CASE(pending_is_true_until_every_entry_of_a_failed_qp_is_flushed),
	KUNIT_CASE(entries_posted_after_an_error_are_flushed_too),
	KUNIT_CASE(a_receive_needs_the_engine_at_once_only_where_a_qp_is_in_error),
	KUNIT_CASE(a_responder_failed_by_a_send_flushes_its_other_receives),
	KUNIT_CASE(a_qp_error_is_told_to_the_driver_once),
	KUNIT_CASE_PARAM(a_corrupt_send_doorbell_is_a_local_qp_operation_error,
			 bad_db_gen_params),
	KUNIT_CASE(a_doorbell_addressed_to_another_qp_is_ignored_and_counted),
	KUNIT_CASE(a_queue_pair_failed_by_a_corrupt_doorbell_has_nothing_left_pending),
	KUNIT_CASE(a_send_doorbell_set_back_to_zero_after_use_is_ignored),
	KUNIT_CASE(never_rung_doorbells_mean_nothing_posted),
	KUNIT_CASE(posted_receives_alone_give_the_engine_nothing_to_run),
	KUNIT_CASE(a_queue_pair_not_in_rts_runs_no_send),
	KUNIT_CASE(nothing_runs_until_the_consumer_frees_room_in_a_full_cq),
	KUNIT_CASE(send_waits_while_the_peers_cq_is_full),
	KUNIT_CASE(a_consumer_index_past_the_producer_leaves_nothing_pending),
	KUNIT_CASE(an_entry_longer_than_the_budget_moves_in_pieces_and_completes_once),
	KUNIT_CASE(an_entry_in_pieces_waits_at_its_end_for_room_in_the_cqs),
	KUNIT_CASE(a_key_deallocated_part_way_is_never_reached_again),
	KUNIT_CASE(pages_written_need_no_flush),
	KUNIT_CASE(a_dma_fault_part_way_fails_the_side_whose_memory_faulted),
	KUNIT_CASE(an_armed_cq_notifies_its_nq_once_per_arm_after_armena),
	KUNIT_CASE(cq_armena_from_any_page_but_the_privileged_one_enables_nothing),
	KUNIT_CASE(a_cq_doorbell_after_an_arm_keeps_the_arm),
	KUNIT_CASE(arm_se_notifies_only_for_an_error_completion),
	KUNIT_CASE(destroy_cq_answers_the_notifications_it_caused),
	{}
};

static struct kunit_suite rig_soft_exec_test_suite = {
	.name = "rig_soft_exec_test",
	.init = rig_soft_exec_test_init,
	.test_cases = rig_soft_exec_test_cases,
};

kunit_test_suite(rig_soft_exec_test_suite);
