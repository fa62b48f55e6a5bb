// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_wire_test: two fake functions on a fake wire
 * (fake.c), their QPs connected, run by the engine's whole pass
 * (rig_soft_pass()) with wire.c's datapath, the test carrying each frame
 * from one function to the other.  It checks the dispatch of a decoded
 * frame (each drop reason counted), SEND and READ across the wire with
 * every byte and completion, a bad key, an RNR wait, an interface that
 * refuses frames for a while, and a wire that drops, duplicates,
 * reorders and corrupts frames (seeded; the seed is printed and
 * rig_soft_kunit.wire_seed=SEED reruns one).  This file owns those cases.
 */
#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/moduleparam.h>
#include <linux/prandom.h>

#include "fake.h"

static ulong wire_seed;
module_param(wire_seed, ulong, 0444);
MODULE_PARM_DESC(wire_seed, "rig_soft_wire_test: the lossy wire's seed (0: the built-in one)");

#define W_ENTRIES	64
/* The send ring's slots, as fake_create_qp_req() rounds W_ENTRIES and the reserve up. */
#define W_SQ_SLOTS	256
#define W_CQ_ENTRIES	256
#define W_REGION	SZ_64K
#define W_PD		1
#define W_STEPS		200000

struct wqp {
	struct fake_fn *ff;
	struct fake_qp q;
	struct fake_cq cq;
	struct fake_mr mr;
};

/* Percentages of frames the fake wire drops, duplicates, reorders, corrupts. */
struct harm {
	u32 drop;
	u32 dup;
	u32 reorder;
	u32 corrupt;
};

struct wenv {
	struct rig_soft_world *world;
	struct fake_wire *wire;
	struct fake_fn *f0, *f1;
	struct wqp a, b;
	struct harm harm;
	struct rnd_state rnd;
	struct fake_frame *held;
	u32 corrupted;
	struct kunit *test;
};

static u32 rnd(struct wenv *e, u32 n)
{
	return prandom_u32_state(&e->rnd) % n;
}

static void make_qp(struct kunit *test, struct fake_fn *ff, struct wqp *t, u32 dpi)
{
	struct cmdq_create_qp req;
	struct creq_qp_event resp;

	t->ff = ff;
	KUNIT_ASSERT_EQ(test, fake_create_cq(ff, &t->cq, W_CQ_ENTRIES, dpi), 0);
	fake_create_qp_req(ff, &req, &t->q, &t->cq, W_ENTRIES, dpi + 2);
	t->q.pd = W_PD;
	req.pd_id = cpu_to_le32(W_PD);
	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), 0);
	t->q.qpn = le32_to_cpu(((struct creq_create_qp_resp *)&resp)->xid);
	KUNIT_ASSERT_EQ(test, t->q.sq_slots, W_SQ_SLOTS);
	KUNIT_ASSERT_EQ(test, fake_create_mr(ff, &t->mr, W_REGION, false, W_PD, FAKE_MR_ACCESS),
			0);
}

static u8 *region(struct wqp *t, u64 off)
{
	return fake_va(t->ff->fm, t->mr.base + off);
}

static void region_fill(struct wqp *t, u8 seed)
{
	u64 off;

	for (off = 0; off < W_REGION; off++)
		*region(t, off) = (u8)(off * 31 + (off >> 8) + seed);
}

static bool region_eq(struct wqp *x, u64 xoff, struct wqp *y, u64 yoff, u32 len)
{
	u32 i;

	for (i = 0; i < len; i++)
		if (*region(x, xoff + i) != *region(y, yoff + i))
			return false;
	return true;
}

static void ring(struct wqp *t, u32 off, u32 type, u64 count, u32 entries)
{
	fake_db(t->ff, off, type, type >= DBC_DBC_TYPE_CQ ? t->cq.id : t->q.qpn, count, entries);
}

static void put_psn(struct wqp *t, u64 pos, u8 type, u32 length)
{
	u32 npkts = max_t(u32, 1, DIV_ROUND_UP(length, t->q.mtu));
	struct sq_psn_search_ext p = {
		.opcode_start_psn = cpu_to_le32((u32)type << 24 | t->q.next_psn),
		.flags_next_psn = cpu_to_le32((t->q.next_psn + npkts) & RIG_SOFT_PSN_MASK),
		.start_slot_idx = cpu_to_le16((pos % W_SQ_SLOTS) * RIG_SOFT_WQE_SLOTS),
	};

	fake_write(t->ff->fm, t->q.sq + W_SQ_SLOTS * RIG_SOFT_WQE_SIZE +
		   (pos % W_SQ_SLOTS) * RIG_SOFT_PSN_SIZE, &p, sizeof(p));
	t->q.next_psn = (t->q.next_psn + npkts) & RIG_SOFT_PSN_MASK;
}

/* A SEND or READ of @len bytes at @off under @lkey (@rva, @rkey: the peer's). */
static void post_key(struct wqp *t, bool read, u32 lkey, u64 off, u32 len, u64 rva, u32 rkey)
{
	u8 e[RIG_SOFT_WQE_SIZE] = {};
	struct sq_sge *sge;

	if (read) {
		struct sq_rdma_hdr h = {
			.wqe_type = SQ_BASE_WQE_TYPE_READ_WQE,
			.flags = SQ_RDMA_HDR_FLAGS_SIGNAL_COMP,
			.wqe_size = RIG_SOFT_HDR_SLOTS + 1,
			.length = cpu_to_le32(len),
			.remote_va = cpu_to_le64(rva),
			.remote_key = cpu_to_le32(rkey),
		};

		memcpy(e, &h, sizeof(h));
		sge = (struct sq_sge *)(e + sizeof(h));
	} else {
		struct sq_send_hdr h = {
			.wqe_type = SQ_BASE_WQE_TYPE_SEND,
			.flags = SQ_SEND_HDR_FLAGS_SIGNAL_COMP,
			.wqe_size = RIG_SOFT_HDR_SLOTS + 1,
			.length = cpu_to_le32(len),
		};

		memcpy(e, &h, sizeof(h));
		sge = (struct sq_sge *)(e + sizeof(h));
	}
	sge->va_or_pa = cpu_to_le64(off);
	sge->l_key = cpu_to_le32(lkey);
	sge->size = cpu_to_le32(len);
	fake_write(t->ff->fm, t->q.sq + (t->q.sq_prod % W_SQ_SLOTS) * RIG_SOFT_WQE_SIZE, e,
		   sizeof(e));
	put_psn(t, t->q.sq_prod, read ? SQ_BASE_WQE_TYPE_READ_WQE : SQ_BASE_WQE_TYPE_SEND, len);
	ring(t, rig_soft_dpi_off(t->q.dpi), DBC_DBC_TYPE_SQ, ++t->q.sq_prod, W_SQ_SLOTS);
}

/* A SEND or READ of @len bytes at @off of @t's region (@rva, @rkey: the peer's). */
static void post(struct wqp *t, bool read, u64 off, u32 len, u64 rva, u32 rkey)
{
	post_key(t, read, t->mr.key, off, len, rva, rkey);
}

static void post_recv(struct wqp *t, u64 off, u32 len)
{
	struct rq_wqe_hdr h = {
		.wqe_type = RQ_WQE_HDR_WQE_TYPE_RCV,
		.wqe_size = RIG_SOFT_HDR_SLOTS + 1,
		.wr_id = { cpu_to_le32(t->q.rq_prod % W_ENTRIES) },
	};
	u8 e[RIG_SOFT_WQE_SIZE] = {};
	struct sq_sge *sge = (struct sq_sge *)(e + sizeof(h));

	memcpy(e, &h, sizeof(h));
	sge->va_or_pa = cpu_to_le64(off);
	sge->l_key = cpu_to_le32(t->mr.key);
	sge->size = cpu_to_le32(len);
	fake_write(t->ff->fm, t->q.rq + (t->q.rq_prod % W_ENTRIES) * RIG_SOFT_WQE_SIZE, e,
		   sizeof(e));
	ring(t, rig_soft_dpi_off(t->q.dpi + 1), DBC_DBC_TYPE_RQ, ++t->q.rq_prod, W_ENTRIES);
}

union cqe {
	struct cq_base base;
	struct cq_req req;
	struct cq_res_rc res;
};

static bool take_cqe(struct wqp *t, union cqe *c)
{
	dma_addr_t slot = t->cq.base + (t->cq.cons % W_CQ_ENTRIES) * RIG_SOFT_CQE_SIZE;
	u8 toggle = *(u8 *)fake_va(t->ff->fm, slot + 24) & CQ_BASE_TOGGLE;

	if (toggle != !((t->cq.cons / W_CQ_ENTRIES) & 1))
		return false;
	fake_read(t->ff->fm, slot, c, sizeof(*c));
	ring(t, rig_soft_dpi_off(t->cq.dpi), DBC_DBC_TYPE_CQ, ++t->cq.cons, W_CQ_ENTRIES);
	return true;
}

/* Flip one bit the ICRC covers, past the Ethernet header. */
static void corrupt(struct wenv *e, struct fake_frame *f)
{
	u32 off;

	/*
	 * Past the IPv6 header's first words (what the ICRC masks, or a
	 * length the decoder checks), and not the UDP checksum nor the BTH's
	 * reserved byte, which the ICRC masks and IPv6 RoCE does not check.
	 */
	do {
		off = ETH_HLEN + 8 + rnd(e, f->len - ETH_HLEN - 8);
	} while (off == ETH_HLEN + 46 || off == ETH_HLEN + 47 || off == ETH_HLEN + 52);
	f->data[off] ^= BIT(rnd(e, 8));
}

/* One frame to the function it was not sent by, now. */
static void deliver_one(struct wenv *e, struct fake_frame *f)
{
	struct fake_fn *to = f->from == e->f0 ? e->f1 : e->f0;

	rig_soft_wire_recv(&to->fn, f->data, f->len, ktime_get_ns());
}

/* Carry the wire's frames, harmed as @e->harm says; the world's lock held. */
static bool deliver(struct wenv *e)
{
	u32 n = e->wire->n, i;

	if (!n)
		return false;
	memcpy(e->held, e->wire->frames, n * sizeof(*e->held));
	e->wire->n = 0;
	for (i = 0; i < n; i++) {
		struct fake_frame *f = &e->held[i];
		bool bad = false;

		if (rnd(e, 100) < e->harm.reorder && i + 1 < n)
			swap(e->held[i], e->held[i + 1]);
		if (rnd(e, 100) < e->harm.drop)
			continue;
		if (rnd(e, 100) < e->harm.corrupt) {
			corrupt(e, f);
			bad = true;
		}
		deliver_one(e, f);
		e->corrupted += bad;
		if (rnd(e, 100) < e->harm.dup) {
			deliver_one(e, f);
			e->corrupted += bad;
		}
	}
	return true;
}

/* One whole pass and the wire carried; true when anything happened. */
static bool step(struct wenv *e)
{
	bool waiting = false, progress;

	mutex_lock(&e->world->lock);
	progress = rig_soft_pass(e->world, SZ_1M, &waiting);
	progress |= deliver(e);
	mutex_unlock(&e->world->lock);
	return progress;
}

/* Steps until @t has a completion; false if none came. */
static bool wait_cqe(struct kunit *test, struct wenv *e, struct wqp *t, union cqe *c)
{
	u32 i;

	for (i = 0; i < W_STEPS; i++) {
		if (take_cqe(t, c))
			return true;
		if (!step(e))
			usleep_range(100, 200);
	}
	return false;
}

static void expect_cqe(struct kunit *test, struct wenv *e, struct wqp *t, u8 type, u8 status,
		       union cqe *c)
{
	KUNIT_ASSERT_TRUE_MSG(test, wait_cqe(test, e, t, c), "qp %u: no completion %llu",
			      t->q.qpn, t->cq.cons);
	KUNIT_EXPECT_EQ(test, c->base.cqe_type_toggle & CQ_BASE_CQE_TYPE_MASK, type);
	KUNIT_EXPECT_EQ_MSG(test, c->base.status, status, "qp %u: completion %llu", t->q.qpn,
			    t->cq.cons - 1);
}

/* DEREGISTER_MR of @key on @ff: what it names goes away, the key stays. */
static void deregister(struct kunit *test, struct fake_fn *ff, u32 key)
{
	struct cmdq_deregister_mr req = {
		.opcode = CMDQ_BASE_OPCODE_DEREGISTER_MR,
		.lkey = cpu_to_le32(key),
	};
	struct creq_qp_event resp;

	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), 0);
}

/*
 * A zero-based MR of 4 GiB in pages of 1 GiB that no memory backs: its
 * keys resolve, but any byte moved through it would fault.
 */
static u32 huge_mr(struct kunit *test, struct fake_fn *ff)
{
	struct cmdq_allocate_mrw alloc = {
		.opcode = CMDQ_BASE_OPCODE_ALLOCATE_MRW,
		.mrw_flags = CMDQ_ALLOCATE_MRW_MRW_FLAGS_MR,
		.pd_id = cpu_to_le32(W_PD),
	};
	struct cmdq_register_mr reg = {
		.opcode = CMDQ_BASE_OPCODE_REGISTER_MR,
		.log2_pg_size_lvl = CMDQ_REGISTER_MR_LVL_LVL_1 |
				    30 << CMDQ_REGISTER_MR_LOG2_PG_SIZE_SFT,
		.access = FAKE_MR_ACCESS,
		.log2_pbl_pg_size = cpu_to_le16(12),
		.mr_size = cpu_to_le64(SZ_4G),
	};
	struct creq_qp_event resp;

	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &alloc, sizeof(alloc), &resp), 0);
	reg.key = ((struct creq_allocate_mrw_resp *)&resp)->xid;
	reg.pbl = cpu_to_le64(fake_pbl(ff->fm, FAKE_DMA_BASE << 4, 4, 30, 1));
	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &reg, sizeof(reg), &resp), 0);
	return le32_to_cpu(reg.key);
}

/* Has @t's QP work for the engine now? */
static bool pending(struct wenv *e, struct wqp *t)
{
	bool ret;

	mutex_lock(&e->world->lock);
	ret = rig_soft_wire_qp_pending(fake_qp_of(t->ff, &t->q), ktime_get_ns());
	mutex_unlock(&e->world->lock);
	return ret;
}

static int rig_soft_wire_test_init(struct kunit *test)
{
	struct wenv *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, e);
	e->wire = kunit_kzalloc(test, sizeof(*e->wire), GFP_KERNEL);
	e->held = kunit_kcalloc(test, FAKE_WIRE_FRAMES, sizeof(*e->held), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, e->wire);
	KUNIT_ASSERT_NOT_NULL(test, e->held);
	prandom_seed_state(&e->rnd, 1);
	e->world = fake_world_new(test);
	e->f0 = fake_fn_up(test, e->world, 0);
	e->f1 = fake_fn_up(test, e->world, 1);
	fake_wire_attach(e->f0, e->wire);
	fake_wire_attach(e->f1, e->wire);
	make_qp(test, e->f0, &e->a, 0);
	make_qp(test, e->f1, &e->b, 0);
	region_fill(&e->a, 1);
	region_fill(&e->b, 2);
	fake_connect(e->f0, &e->a.q, e->f1, &e->b.q);
	test->priv = e;
	return 0;
}

static void qps_on_a_wired_function_run_on_the_wire(struct kunit *test)
{
	struct wenv *e = test->priv;

	KUNIT_EXPECT_NOT_NULL(test, fake_qp_of(e->f0, &e->a.q)->wire);
	KUNIT_EXPECT_NOT_NULL(test, fake_qp_of(e->f1, &e->b.q)->wire);
}

/* A frame from b's function to a, built as b would send it, then spoiled. */
static int frame_to_a(struct wenv *e, u8 *buf, void (*spoil)(struct rig_soft_roce_pkt *p))
{
	static const u8 mac[ETH_ALEN] = FAKE_WIRE_MAC;
	struct rig_soft_roce_pkt p = {
		.opcode = IB_OPCODE_RC_SEND_ONLY,
		.ipv6 = true,
		.hop_limit = 64,
		.pkey = 0xffff,
		.dqpn = e->a.q.qpn,
		.psn = e->b.q.psn,
		.len = 4,
		.payload = (const u8 *)"abcd",
	};

	ether_addr_copy(p.dmac, mac);
	memcpy(&p.saddr, e->f1->gid, 16);
	memcpy(&p.daddr, e->f0->gid, 16);
	if (spoil)
		spoil(&p);
	return rig_soft_roce_encode(&p, buf, FAKE_FRAME_MAX);
}

static void spoil_dmac(struct rig_soft_roce_pkt *p)
{
	p->dmac[0] ^= 0x10;
}

static void spoil_daddr(struct rig_soft_roce_pkt *p)
{
	p->daddr.s6_addr[15] ^= 0x40;
}

static void spoil_saddr(struct rig_soft_roce_pkt *p)
{
	p->saddr.s6_addr[15] ^= 0x40;
}

static void spoil_pkey(struct rig_soft_roce_pkt *p)
{
	p->pkey = 0x8001;
}

static void spoil_qpn(struct rig_soft_roce_pkt *p)
{
	p->dqpn ^= 0x800;
}

/* The counter of a decoder's (@roce) or the dispatcher's reason. */
static u64 dropped(const struct rig_soft_wire_stats *w, bool roce, int why)
{
	return roce ? w->roce[why] : w->drop[why];
}

static void frames_not_for_a_qp_of_the_function_are_dropped_by_reason(struct kunit *test)
{
	static const struct {
		void (*spoil)(struct rig_soft_roce_pkt *p);
		int why;
		bool roce;
	} cases[] = {
		{ spoil_dmac, RIG_SOFT_WIRE_DROP_NOT_MINE, false },
		{ spoil_daddr, RIG_SOFT_WIRE_DROP_NO_GID, false },
		{ spoil_saddr, RIG_SOFT_WIRE_DROP_PEER, false },
		{ spoil_pkey, RIG_SOFT_WIRE_DROP_PKEY, false },
		{ spoil_qpn, RIG_SOFT_WIRE_DROP_NO_QP, false },
		{ NULL, RIG_SOFT_ROCE_DROP_ICRC, true },
	};
	struct wenv *e = test->priv;
	struct rig_soft_wire_stats *w = &e->f0->fn.wire;
	u8 *buf = e->held[0].data;
	int len;
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		u64 before = dropped(w, cases[i].roce, cases[i].why);

		len = frame_to_a(e, buf, cases[i].spoil);
		KUNIT_ASSERT_GT(test, len, 0);
		if (!cases[i].spoil)
			buf[len - 1] ^= 1;
		mutex_lock(&e->world->lock);
		rig_soft_wire_recv(&e->f0->fn, buf, len, ktime_get_ns());
		mutex_unlock(&e->world->lock);
		KUNIT_EXPECT_EQ_MSG(test, dropped(w, cases[i].roce, cases[i].why), before + 1,
				    "case %u", i);
	}
	KUNIT_EXPECT_EQ(test, w->rx_ok, 0);
	KUNIT_EXPECT_EQ(test, w->rx_frames, ARRAY_SIZE(cases));
	/* The same frame unspoiled reaches a's responder (no receive: an RNR NAK). */
	len = frame_to_a(e, buf, NULL);
	mutex_lock(&e->world->lock);
	rig_soft_wire_recv(&e->f0->fn, buf, len, ktime_get_ns());
	mutex_unlock(&e->world->lock);
	KUNIT_EXPECT_EQ(test, w->rx_ok, 1);
}

static void a_send_crosses_the_wire_in_packets_of_the_path_mtu(struct kunit *test)
{
	struct wenv *e = test->priv;
	union cqe c;

	post_recv(&e->b, 8192, 5000);
	post(&e->a, false, 100, 3000, 0, 0);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_OK, &c);
	expect_cqe(test, e, &e->b, CQ_BASE_CQE_TYPE_RES_RC, CQ_RES_RC_STATUS_OK, &c);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(c.res.length), 3000);
	KUNIT_EXPECT_TRUE(test, region_eq(&e->b, 8192, &e->a, 100, 3000));
	/* Three SEND packets, at least one ACK. */
	KUNIT_EXPECT_GE(test, e->f0->fn.wire.tx_frames, 3);
	KUNIT_EXPECT_GE(test, e->f1->fn.wire.tx_frames, 1);
	KUNIT_EXPECT_EQ(test, e->f1->fn.wire.rx_ok, 3);
}

static void a_read_brings_the_peers_bytes_across_the_wire(struct kunit *test)
{
	struct wenv *e = test->priv;
	union cqe c;

	post(&e->a, true, 0, 5000, 20000, e->b.mr.key);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_OK, &c);
	KUNIT_EXPECT_TRUE(test, region_eq(&e->a, 0, &e->b, 20000, 5000));
}

/* READ requests from a's function on the wire, not carried yet. */
static u32 reads_on_the_wire(struct wenv *e)
{
	struct rig_soft_roce_pkt p;
	u32 i, n = 0;

	for (i = 0; i < e->wire->n; i++) {
		const struct fake_frame *f = &e->wire->frames[i];

		n += f->from == e->f0 && !rig_soft_roce_decode(f->data, f->len, &p) &&
		     p.opcode == IB_OPCODE_RC_RDMA_READ_REQUEST;
	}
	return n;
}

/*
 * fake_rts_req() gives 2 ORRQ slots: one READ out at a time, as on the
 * chip (bnxt_re: ORRQ slots = ord + 1), not two.
 */
static void the_reads_out_are_the_orrq_slots_less_one(struct kunit *test)
{
	struct wenv *e = test->priv;
	bool waiting = false;
	union cqe c;
	u32 i;

	for (i = 0; i < 3; i++)
		post(&e->a, true, i * 100, 100, 20000 + i * 100, e->b.mr.key);
	mutex_lock(&e->world->lock);
	rig_soft_pass(e->world, SZ_1M, &waiting);
	KUNIT_EXPECT_EQ(test, reads_on_the_wire(e), 1);
	mutex_unlock(&e->world->lock);
	for (i = 0; i < 3; i++)
		expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_OK, &c);
	KUNIT_EXPECT_TRUE(test, region_eq(&e->a, 0, &e->b, 20000, 300));
}

/* MODIFY_QP @req with the network type bits @nw instead of its own. */
static u8 modify_as(struct wqp *t, struct cmdq_modify_qp *req, u8 nw)
{
	struct creq_qp_event resp;

	req->network_type_en_sqd_async_notify_new_state &= ~CMDQ_MODIFY_QP_NETWORK_TYPE_MASK;
	req->network_type_en_sqd_async_notify_new_state |= nw;
	return fake_cmd(t->ff, req, sizeof(*req), &resp);
}

/*
 * The chip builds a QP's headers from RTR's network type: the model takes
 * RoCE v2 over the GIDs' IP version only (the fake's GIDs are IPv6), and
 * the transitions after RTR must repeat it, as bnxt_re sends them.
 */
static void the_network_type_is_the_gids_and_every_transition_repeats_it(struct kunit *test)
{
	struct wenv *e = test->priv;
	struct cmdq_modify_qp req;
	struct wqp c;

	make_qp(test, e->f0, &c, 4);
	fake_modify_req(&req, &c.q, CMDQ_MODIFY_QP_NEW_STATE_INIT);
	KUNIT_ASSERT_EQ(test, modify_as(&c, &req, 0), 0);
	fake_rtr_req(&req, &c.q, e->f1->gid, e->b.q.qpn, e->b.q.psn);
	KUNIT_EXPECT_EQ(test, modify_as(&c, &req, CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV1),
			CREQ_QP_EVENT_STATUS_INVALID_PARAMETER);
	KUNIT_EXPECT_EQ(test, modify_as(&c, &req, CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV4),
			CREQ_QP_EVENT_STATUS_INVALID_PARAMETER);
	KUNIT_EXPECT_EQ(test, modify_as(&c, &req, CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV6), 0);
	fake_rts_req(&req, &c.q);
	KUNIT_EXPECT_EQ(test, modify_as(&c, &req, 0), CREQ_QP_EVENT_STATUS_INVALID_PARAMETER);
	KUNIT_EXPECT_EQ(test, modify_as(&c, &req, CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV6), 0);
	KUNIT_EXPECT_EQ(test, fake_qp_of(e->f0, &c.q)->state, CMDQ_MODIFY_QP_NEW_STATE_RTS);
}

static void a_read_under_a_bad_key_or_past_the_region_is_a_remote_access_error(struct kunit *test)
{
	struct wenv *e = test->priv;
	union cqe c;

	post(&e->a, true, 0, 100, W_REGION - 50, e->b.mr.key);
	post(&e->a, false, 0, 10, 0, 0);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_REMOTE_ACCESS_ERR, &c);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ,
		   CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, &c);
	KUNIT_EXPECT_EQ(test, fake_qp_of(e->f0, &e->a.q)->state, CMDQ_MODIFY_QP_NEW_STATE_ERR);
}

/* The responder honours REGISTER_MR's access: no remote read, no READ. */
static void
a_read_of_a_region_registered_without_remote_read_is_a_remote_access_error(struct kunit *test)
{
	struct wenv *e = test->priv;
	struct fake_mr local;
	union cqe c;
	u32 off;

	KUNIT_ASSERT_EQ(test, fake_create_mr(e->f1, &local, W_REGION, false, W_PD,
					     CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE |
					     CMDQ_REGISTER_MR_ACCESS_ZERO_BASED), 0);
	post(&e->a, true, 0, 100, 0, local.key);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_REMOTE_ACCESS_ERR, &c);
	KUNIT_EXPECT_EQ(test, fake_qp_of(e->f0, &e->a.q)->state, CMDQ_MODIFY_QP_NEW_STATE_ERR);
	for (off = 0; off < 100; off++)
		KUNIT_EXPECT_EQ(test, *region(&e->a, off), (u8)(off * 31 + 1));
}

static void a_send_waits_for_a_receive_through_rnr_naks(struct kunit *test)
{
	struct wenv *e = test->priv;
	union cqe c;
	u32 i;

	post(&e->a, false, 0, 64, 0, 0);
	for (i = 0; i < 50; i++)
		step(e);
	KUNIT_EXPECT_FALSE(test, take_cqe(&e->a, &c));
	post_recv(&e->b, 0, 64);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_OK, &c);
	expect_cqe(test, e, &e->b, CQ_BASE_CQE_TYPE_RES_RC, CQ_RES_RC_STATUS_OK, &c);
	KUNIT_EXPECT_TRUE(test, region_eq(&e->b, 0, &e->a, 0, 64));
}

static void a_send_longer_than_its_receive_is_a_remote_invalid_request(struct kunit *test)
{
	struct wenv *e = test->priv;
	union cqe c;

	post_recv(&e->b, 0, 1000);
	post(&e->a, false, 0, 3000, 0, 0);
	expect_cqe(test, e, &e->b, CQ_BASE_CQE_TYPE_RES_RC, CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR, &c);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ,
		   CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR, &c);
	KUNIT_EXPECT_EQ(test, fake_qp_of(e->f0, &e->a.q)->state, CMDQ_MODIFY_QP_NEW_STATE_ERR);
	KUNIT_EXPECT_EQ(test, fake_qp_of(e->f1, &e->b.q)->state, CMDQ_MODIFY_QP_NEW_STATE_ERR);
}

static void a_peer_that_never_answers_is_a_transport_retry_error(struct kunit *test)
{
	struct wenv *e = test->priv;
	union cqe c;

	e->harm.drop = 100;
	post_recv(&e->b, 0, 64);
	post(&e->a, false, 0, 64, 0, 0);
	post(&e->a, true, 0, 64, 0, e->b.mr.key);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ,
		   CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR, &c);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ,
		   CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, &c);
	KUNIT_EXPECT_EQ(test, fake_qp_of(e->f0, &e->a.q)->state, CMDQ_MODIFY_QP_NEW_STATE_ERR);
	/* Seven retries after the first try, each timed out. */
	KUNIT_EXPECT_EQ(test, e->f0->fn.wire.tx_frames, 8 * 2);
}

static void frames_an_interface_refuses_are_offered_again(struct kunit *test)
{
	struct wenv *e = test->priv;
	union cqe c;

	e->wire->refuse = 5;
	post_recv(&e->b, 0, 4096);
	post(&e->a, false, 0, 4096, 0, 0);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_OK, &c);
	expect_cqe(test, e, &e->b, CQ_BASE_CQE_TYPE_RES_RC, CQ_RES_RC_STATUS_OK, &c);
	KUNIT_EXPECT_TRUE(test, region_eq(&e->b, 0, &e->a, 0, 4096));
	KUNIT_EXPECT_GE(test, e->wire->refused, 5);
	KUNIT_EXPECT_GE(test, e->f0->fn.wire.tx_full, 5);
}

/*
 * Where message @i's bytes are: a send's in the first half of both
 * regions, a read's in the second (and 7 bytes on in the peer's), so no
 * message touches the bytes of another.
 */
static u64 place(u32 i, bool read)
{
	return (read ? W_REGION / 2 : 0) + (i * 4099) % (W_REGION / 2 - 9000 - 7);
}

/*
 * Sends and reads of every size class over a wire that harms frames:
 * every message completes once, in order, every byte right; corrupted
 * frames fail the ICRC (or an IP check) and are counted.
 */
static void messages_survive_a_lossy_wire_exactly_once_in_order(struct kunit *test)
{
	static const u32 sizes[] = { 1, 3, 1023, 1024, 1025, 2048, 4097, 9000 };
	struct wenv *e = test->priv;
	u64 seed = wire_seed ?: 0x5eed;
	u32 i, n = 2 * ARRAY_SIZE(sizes), roce = 0;
	union cqe c;

	kunit_info(test, "seed %llu (rig_soft_kunit.wire_seed=%llu reruns it)", seed, seed);
	prandom_seed_state(&e->rnd, seed);
	e->harm = (struct harm){ .drop = 5, .dup = 5, .reorder = 25, .corrupt = 2 };
	for (i = 0; i < n; i++) {
		u32 len = sizes[i % ARRAY_SIZE(sizes)];
		bool read = i >= ARRAY_SIZE(sizes);
		u64 off = place(i, read);

		if (read) {
			post(&e->a, true, off, len, off + 7, e->b.mr.key);
		} else {
			post_recv(&e->b, off, 9000);
			post(&e->a, false, off, len, 0, 0);
		}
	}
	for (i = 0; i < n; i++) {
		u32 len = sizes[i % ARRAY_SIZE(sizes)];
		u64 off = place(i, i >= ARRAY_SIZE(sizes));

		expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_OK, &c);
		KUNIT_EXPECT_EQ(test, le16_to_cpu(c.req.sq_cons_idx), (i + 1) % W_SQ_SLOTS);
		if (i < ARRAY_SIZE(sizes)) {
			expect_cqe(test, e, &e->b, CQ_BASE_CQE_TYPE_RES_RC, CQ_RES_RC_STATUS_OK,
				   &c);
			KUNIT_EXPECT_EQ(test, le32_to_cpu(c.res.length), len);
			KUNIT_EXPECT_EQ(test, le32_to_cpu(c.res.srq_or_rq_wr_id), i % W_ENTRIES);
			KUNIT_EXPECT_TRUE_MSG(test, region_eq(&e->b, off, &e->a, off, len),
					      "send %u", i);
		} else {
			KUNIT_EXPECT_TRUE_MSG(test, region_eq(&e->a, off, &e->b, off + 7, len),
					      "read %u", i);
		}
	}
	KUNIT_EXPECT_FALSE(test, take_cqe(&e->a, &c));
	KUNIT_EXPECT_FALSE(test, take_cqe(&e->b, &c));
	for (i = 1; i < RIG_SOFT_ROCE_DROPS; i++)
		roce += e->f0->fn.wire.roce[i] + e->f1->fn.wire.roce[i];
	kunit_info(test, "%u frames corrupted, %u dropped by the decoder", e->corrupted, roce);
	KUNIT_EXPECT_EQ(test, roce, e->corrupted);
}

/*
 * IBA caps a message at 2^31 bytes; the requester takes none longer.  An
 * entry whose elements add up past it can never go: it fails, with a
 * local length error, and the QP with it, rather than waiting for room.
 */
static void an_entry_longer_than_2_gib_fails_with_a_local_length_error(struct kunit *test)
{
	struct wenv *e = test->priv;
	u32 key = huge_mr(test, e->f0);
	union cqe c;

	post_key(&e->a, false, key, 0, SZ_2G + SZ_4K, 0, 0);
	post(&e->a, false, 0, 10, 0, 0);
	step(e);
	KUNIT_ASSERT_TRUE_MSG(test, take_cqe(&e->a, &c), "the entry waits for room for ever");
	KUNIT_EXPECT_EQ(test, c.base.status, CQ_REQ_STATUS_LOCAL_LENGTH_ERR);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ,
		   CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, &c);
	KUNIT_EXPECT_EQ(test, fake_qp_of(e->f0, &e->a.q)->state, CMDQ_MODIFY_QP_NEW_STATE_ERR);
	KUNIT_EXPECT_FALSE(test, pending(e, &e->a));
}

static void spoil_region(struct wenv *e)
{
	deregister(e->test, e->f1, e->b.mr.key);
}

static void spoil_address(struct wenv *e)
{
	mutex_lock(&e->world->lock);
	e->f1->fn.gids[fake_qp_of(e->f1, &e->b.q)->sgid_index].live = false;
	mutex_unlock(&e->world->lock);
}

/*
 * b takes a's READ, then @spoil takes away what its responses need: they
 * can never go, so b drops them (a retries, then gives up) and has no
 * work left, rather than offering them for ever.
 */
static void a_read_response_that_cannot_go(struct kunit *test, void (*spoil)(struct wenv *e))
{
	struct wenv *e = test->priv;
	union cqe c;
	u32 i;

	e->test = test;
	post(&e->a, true, 0, 5000, 20000, e->b.mr.key);
	step(e);
	KUNIT_ASSERT_TRUE(test, pending(e, &e->b));
	spoil(e);
	for (i = 0; i < 4; i++)
		step(e);
	KUNIT_EXPECT_FALSE(test, pending(e, &e->b));
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ,
		   CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR, &c);
	KUNIT_EXPECT_FALSE(test, pending(e, &e->b));
}

static void a_read_response_from_a_region_deregistered_is_dropped(struct kunit *test)
{
	a_read_response_that_cannot_go(test, spoil_region);
}

static void a_read_response_from_an_address_deleted_is_dropped(struct kunit *test)
{
	a_read_response_that_cannot_go(test, spoil_address);
}

/*
 * A fatal NAK ends the responder's side of the connection: IBA moves its
 * QP to the error state, so its receives complete flushed and the driver
 * hears of it, rather than a QP in RTS that drops every request.
 */
static void a_fatal_nak_fails_the_responders_qp_and_flushes_its_receives(struct kunit *test)
{
	struct wenv *e = test->priv;
	struct creq_qp_error_notification n;
	union cqe c;

	post_recv(&e->b, 0, 64);
	post(&e->a, true, 0, 100, W_REGION - 50, e->b.mr.key);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_REMOTE_ACCESS_ERR, &c);
	KUNIT_ASSERT_EQ(test, fake_qp_of(e->f1, &e->b.q)->state, CMDQ_MODIFY_QP_NEW_STATE_ERR);
	expect_cqe(test, e, &e->b, CQ_BASE_CQE_TYPE_RES_RC,
		   CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR, &c);
	fake_service(e->f1);
	KUNIT_ASSERT_TRUE(test, fake_creq_take(e->f1, &n));
	KUNIT_EXPECT_EQ(test, n.event, CREQ_QP_EVENT_EVENT_QP_ERROR_NOTIFICATION);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(n.xid), e->b.q.qpn);
	KUNIT_EXPECT_NE(test, n.res_err_state_reason,
			CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_NO_ERROR);
}

/*
 * The last response of a READ lands in a region deregistered since: the
 * data never arrived, so that READ fails, and the SEND after it is only
 * flushed.
 */
static void a_read_whose_last_response_cannot_land_fails_alone(struct kunit *test)
{
	struct wenv *e = test->priv;
	struct fake_mr sink;
	union cqe c;

	KUNIT_ASSERT_EQ(test, fake_create_mr(e->f0, &sink, SZ_4K, false, W_PD, FAKE_MR_ACCESS), 0);
	post_recv(&e->b, 0, 64);
	post_key(&e->a, true, sink.key, 0, 100, 20000, e->b.mr.key);
	post(&e->a, false, 0, 64, 0, 0);
	step(e);
	deregister(test, e->f0, sink.key);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, &c);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ,
		   CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR, &c);
}

/*
 * The payload of the second SEND cannot be read when its turn comes,
 * while the first is still unacknowledged: the second fails, and the
 * first, which the peer has, completes.
 */
static void a_send_whose_payload_cannot_be_read_fails_alone(struct kunit *test)
{
	struct wenv *e = test->priv;
	bool waiting = false;
	struct fake_mr src;
	union cqe c;

	KUNIT_ASSERT_EQ(test, fake_create_mr(e->f0, &src, SZ_4K, false, W_PD, FAKE_MR_ACCESS), 0);
	post_recv(&e->b, 0, W_REGION);
	post_recv(&e->b, 0, 64);
	post(&e->a, false, 0, W_REGION, 0, 0);
	post_key(&e->a, false, src.key, 0, 64, 0, 0);
	/* The first SEND fills what may be in flight; only its first 16 packets arrive. */
	mutex_lock(&e->world->lock);
	rig_soft_pass(e->world, SZ_1M, &waiting);
	KUNIT_ASSERT_EQ(test, e->wire->n, RIG_SOFT_RC_INFLIGHT);
	e->wire->n = 16;
	deliver(e);
	mutex_unlock(&e->world->lock);
	deregister(test, e->f0, src.key);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_OK, &c);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, &c);
	KUNIT_ASSERT_EQ(test, c.base.status, CQ_REQ_STATUS_LOCAL_PROTECTION_ERR);
	expect_cqe(test, e, &e->b, CQ_BASE_CQE_TYPE_RES_RC, CQ_RES_RC_STATUS_OK, &c);
	KUNIT_EXPECT_TRUE(test, region_eq(&e->b, 0, &e->a, 0, W_REGION));
}

/*
 * A frame lost (or an RNR NAK) leaves a's requester with only its timer:
 * no frame will wake the engine, so while the timer runs a pass says it
 * waits for a deadline, and the engine does not sleep past it.
 */
static void a_timer_running_keeps_the_engine_from_sleeping(struct kunit *test)
{
	struct wenv *e = test->priv;
	bool waiting = false;
	union cqe c;

	e->harm.drop = 100;
	post(&e->a, false, 0, 64, 0, 0);
	step(e);
	mutex_lock(&e->world->lock);
	rig_soft_pass(e->world, SZ_1M, &waiting);
	mutex_unlock(&e->world->lock);
	KUNIT_EXPECT_TRUE(test, waiting);
	e->harm.drop = 0;
	post_recv(&e->b, 0, 64);
	expect_cqe(test, e, &e->a, CQ_BASE_CQE_TYPE_REQ, CQ_REQ_STATUS_OK, &c);
	waiting = false;
	mutex_lock(&e->world->lock);
	rig_soft_pass(e->world, SZ_1M, &waiting);
	mutex_unlock(&e->world->lock);
	KUNIT_EXPECT_FALSE(test, waiting);
}

static struct kunit_case rig_soft_wire_test_cases[] = {
	KUNIT_CASE(qps_on_a_wired_function_run_on_the_wire),
	KUNIT_CASE(frames_not_for_a_qp_of_the_function_are_dropped_by_reason),
	KUNIT_CASE(a_send_crosses_the_wire_in_packets_of_the_path_mtu),
	KUNIT_CASE(a_read_brings_the_peers_bytes_across_the_wire),
	KUNIT_CASE(the_reads_out_are_the_orrq_slots_less_one),
	KUNIT_CASE(the_network_type_is_the_gids_and_every_transition_repeats_it),
	KUNIT_CASE(a_read_under_a_bad_key_or_past_the_region_is_a_remote_access_error),
	KUNIT_CASE(a_read_of_a_region_registered_without_remote_read_is_a_remote_access_error),
	KUNIT_CASE(a_send_waits_for_a_receive_through_rnr_naks),
	KUNIT_CASE(a_send_longer_than_its_receive_is_a_remote_invalid_request),
	KUNIT_CASE(a_peer_that_never_answers_is_a_transport_retry_error),
	KUNIT_CASE(frames_an_interface_refuses_are_offered_again),
	KUNIT_CASE(messages_survive_a_lossy_wire_exactly_once_in_order),
	KUNIT_CASE(an_entry_longer_than_2_gib_fails_with_a_local_length_error),
	KUNIT_CASE(a_read_response_from_a_region_deregistered_is_dropped),
	KUNIT_CASE(a_read_response_from_an_address_deleted_is_dropped),
	KUNIT_CASE(a_fatal_nak_fails_the_responders_qp_and_flushes_its_receives),
	KUNIT_CASE(a_read_whose_last_response_cannot_land_fails_alone),
	KUNIT_CASE(a_send_whose_payload_cannot_be_read_fails_alone),
	KUNIT_CASE(a_timer_running_keeps_the_engine_from_sleeping),
	{}
};

static struct kunit_suite rig_soft_wire_test_suite = {
	.name = "rig_soft_wire_test",
	.init = rig_soft_wire_test_init,
	.test_cases = rig_soft_wire_test_cases,
};

kunit_test_suite(rig_soft_wire_test_suite);
