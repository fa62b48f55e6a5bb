// SPDX-License-Identifier: GPL-2.0-only
/*
 * rig_soft_smoke.ko: a guest smoke test of rig_soft.ko alone.  It binds
 * each "rig_soft.rdma" auxiliary device as a minimal RoCE driver would
 * (bnxt_re's order: HWRM_VER_GET, rings, statistics context, cmdq_init,
 * QUERY_FUNC, INITIALIZE_FW, ADD_GID), makes two CQs, two QPs connected
 * to each other and two MRs, moves a SEND and an RDMA READ through the
 * model's engine with real DMA (through the IOMMU when there is one),
 * checks an armed CQ's notification and its vector, then tears
 * everything down and says "rig_soft_smoke: PASS" or why not.
 *
 * This file owns only that test; it is not part of rig_soft.ko and is
 * built on its own (make -C <kdir> M=.../kernel/soft/smoke RIG_KSRC=...).
 * It must never be loaded beside rig_bnxt.ko.
 */
#include <linux/auxiliary_bus.h>
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/pci.h>

#include "../../bnxt/transport.h"
#include "roce_hsi.h"

#define NRING		256
#define DEPTH		256
#define QP_ENTRIES	16
#define CQ_ENTRIES	64
#define MR_BYTES	SZ_8K
#define NDPI		16
#define DPI(k)		(SZ_64K + (k) * SZ_4K)

struct buf {
	void *va;
	dma_addr_t dma;
	size_t len;
};

struct smoke;

struct vec {
	struct smoke *s;
	atomic_t count;
};

struct smoke {
	struct rig_transport *t;
	struct device *dev;
	void __iomem *db;
	struct buf creq, nq, cmdq, sb, stats, irrq, orrq, pbl[2];
	struct buf sq[2], rq[2], cq[2], mr[2];
	u16 creq_id, nq_id;
	u32 prod;
	u64 creq_cons, nq_cons;
	bool first;
	u16 cookie;
	u32 stat_id, key[2], cqid[2], qpn[2];
	struct vec vec[2];
	int failed;
};

#define CHECK(sm, cond, ...) do { \
	struct smoke *__s = (sm); \
	if (!(cond)) { \
		dev_err(__s->dev, "rig_soft_smoke: FAIL: " __VA_ARGS__); \
		__s->failed = -EIO; \
	} \
} while (0)

static int alloc(struct smoke *s, struct buf *b, size_t len)
{
	b->len = len;
	b->va = dma_alloc_coherent(s->dev, len, &b->dma, GFP_KERNEL);
	return b->va ? 0 : -ENOMEM;
}

static void release(struct smoke *s, struct buf *b)
{
	if (b->va)
		dma_free_coherent(s->dev, b->len, b->va, b->dma);
	b->va = NULL;
}

static u64 dbv(u32 type, u32 xid, u64 count, u32 entries)
{
	u32 low = (count % entries) | (((count / entries) & 1) ? DBC_DBC_EPOCH : 0);

	return (u64)(DBC_DBC_VALID | DBC_DBC_PATH_ROCE | type | xid) << 32 | low;
}

static void ring(struct smoke *s, u32 off, u32 type, u32 xid, u64 count, u32 entries)
{
	writeq(dbv(type, xid, count, entries), s->db + off);
	/* The doorbell's store before the load of idle; kick if it sleeps. */
	mb();
	if (readl(s->t->bar0 + 0x1000))
		s->t->ops->kick(s->t);
}

static irqreturn_t handler(int irq, void *data)
{
	struct vec *v = data;

	atomic_inc(&v->count);
	return IRQ_HANDLED;
}

static int hwrm(struct smoke *s, void *req, u32 len, void *resp, u32 rlen, u16 type)
{
	((struct input *)req)->req_type = cpu_to_le16(type);
	return s->t->ops->hwrm(s->t, req, len, resp, rlen, 1000);
}

static u16 ring_alloc(struct smoke *s, struct buf *b, u8 vec)
{
	struct hwrm_ring_alloc_input req = {
		.ring_type = RING_ALLOC_REQ_RING_TYPE_NQ,
		.page_tbl_addr = cpu_to_le64(b->dma),
		.length = cpu_to_le32(NRING),
		.logical_id = cpu_to_le16(vec),
		.int_mode = RING_ALLOC_REQ_INT_MODE_MSIX,
	};
	struct hwrm_ring_alloc_output resp = {};

	CHECK(s, !hwrm(s, &req, sizeof(req), &resp, sizeof(resp), HWRM_RING_ALLOC),
	      "RING_ALLOC %u\n", vec);
	return le16_to_cpu(resp.ring_id);
}

/* Send a command through the CMDQ, wait for its answer in the CREQ. */
static u8 cmd(struct smoke *s, void *c, u32 size, struct creq_qp_event *resp)
{
	struct cmdq_base *base = c;
	u32 units = DIV_ROUND_UP(size, 16), i;
	unsigned long end = jiffies + 2 * HZ;
	u8 *e;

	base->cmd_size = units;
	base->cookie = cpu_to_le16(++s->cookie);
	for (i = 0; i < units; i++) {
		u8 *slot = s->cmdq.va + ((s->prod + i) % DEPTH) * 16;

		memset(slot, 0, 16);
		memcpy(slot, c + i * 16, min_t(u32, 16, size - i * 16));
	}
	s->prod += units;
	wmb();	/* the slots before the producer */
	writel((s->prod & 0xffff) | (s->first ? BIT(31) : 0), s->t->bar0 + 0x60c);
	writel(1, s->t->bar0 + 0x700);
	s->first = false;
	e = s->creq.va + (s->creq_cons % NRING) * 16;
	while ((READ_ONCE(e[8]) & CREQ_BASE_V) != !((s->creq_cons / NRING) & 1)) {
		if (time_after(jiffies, end)) {
			CHECK(s, 0, "no answer to opcode %#x\n", base->opcode);
			return 0xff;
		}
		usleep_range(100, 200);
	}
	dma_rmb();
	memcpy(resp, e, 16);
	s->creq_cons++;
	ring(s, 0, DBC_DBC_TYPE_NQ_ARM, s->creq_id, s->creq_cons, NRING);
	CHECK(s, le16_to_cpu(resp->cookie) == s->cookie, "cookie\n");
	CHECK(s, !resp->status, "opcode %#x: status %#x\n", base->opcode, resp->status);
	return resp->status;
}

static u32 xid(struct creq_qp_event *r)
{
	return le32_to_cpu(((struct creq_create_qp_resp *)r)->xid);
}

static void bring_up(struct smoke *s)
{
	struct hwrm_ver_get_output ver = {};
	struct hwrm_ver_get_input vreq = {};
	struct hwrm_stat_ctx_alloc_input sreq = {};
	struct hwrm_stat_ctx_alloc_output sresp = {};
	struct cmdq_init init = {};
	struct cmdq_query_func qf = { .opcode = CMDQ_BASE_OPCODE_QUERY_FUNC };
	struct cmdq_initialize_fw ifw = { .opcode = CMDQ_BASE_OPCODE_INITIALIZE_FW };
	struct cmdq_add_gid gid = { .opcode = CMDQ_BASE_OPCODE_ADD_GID };
	struct creq_qp_event r;
	struct creq_query_func_resp_sb *sb = s->sb.va;

	CHECK(s, !hwrm(s, &vreq, sizeof(vreq), &ver, sizeof(ver), HWRM_VER_GET), "VER_GET\n");
	CHECK(s, le16_to_cpu(ver.chip_num) == 0x1750, "chip %#x\n", le16_to_cpu(ver.chip_num));
	s->creq_id = ring_alloc(s, &s->creq, 0);
	s->nq_id = ring_alloc(s, &s->nq, 1);
	CHECK(s, !s->t->ops->request_irq(s->t, 0, handler, "smoke-creq", &s->vec[0]), "irq 0\n");
	CHECK(s, !s->t->ops->request_irq(s->t, 1, handler, "smoke-nq", &s->vec[1]), "irq 1\n");
	ring(s, 0, DBC_DBC_TYPE_NQ_ARM, s->creq_id, 0, NRING);
	ring(s, SZ_4K, DBC_DBC_TYPE_NQ_ARM, s->nq_id, 0, NRING);
	sreq.stats_dma_addr = cpu_to_le64(s->stats.dma);
	sreq.stats_dma_length = cpu_to_le16(512);
	CHECK(s, !hwrm(s, &sreq, sizeof(sreq), &sresp, sizeof(sresp), HWRM_STAT_CTX_ALLOC),
	      "STAT_CTX_ALLOC\n");
	s->stat_id = le32_to_cpu(sresp.stat_ctx_id);
	init.cmdq_pbl = cpu_to_le64(s->cmdq.dma);
	init.cmdq_size_cmdq_lvl = cpu_to_le16(DEPTH << CMDQ_INIT_CMDQ_SIZE_SFT);
	init.creq_ring_id = cpu_to_le16(s->creq_id);
	__iowrite32_copy(s->t->bar0 + 0x600, &init, sizeof(init) / 4);
	s->first = true;
	qf.resp_addr = cpu_to_le64(s->sb.dma);
	qf.resp_size = DIV_ROUND_UP(sizeof(*sb), 16);
	cmd(s, &qf, sizeof(qf), &r);
	CHECK(s, le32_to_cpu(sb->max_qp) > 0 && sb->max_sge == 6, "QUERY_FUNC side buffer\n");
	ifw.stat_ctx_id = cpu_to_le32(s->stat_id);
	cmd(s, &ifw, sizeof(ifw), &r);
	((u8 *)gid.gid)[0] = s->t->pdev->devfn + 1;
	((u8 *)gid.gid)[14] = 0x80;
	((u8 *)gid.gid)[15] = 0xfe;
	cmd(s, &gid, sizeof(gid), &r);
	CHECK(s, atomic_read(&s->vec[0].count) > 0, "the CREQ vector was never raised\n");
}

static void make_objects(struct smoke *s)
{
	struct creq_qp_event r;
	int i;

	for (i = 0; i < 2; i++) {
		struct cmdq_create_cq cq = {
			.opcode = CMDQ_BASE_OPCODE_CREATE_CQ,
			.cq_handle = cpu_to_le64(0x5000 + i),
			.cq_fco_cnq_id = cpu_to_le32(s->nq_id),
			.dpi = cpu_to_le32(2 * i),
			.cq_size = cpu_to_le32(CQ_ENTRIES),
			.pbl = cpu_to_le64(s->cq[i].dma),
		};
		struct cmdq_create_qp qp = {
			.opcode = CMDQ_BASE_OPCODE_CREATE_QP,
			.qp_handle = cpu_to_le64(0x9000 + i),
			.type = CMDQ_CREATE_QP_TYPE_RC,
			.dpi = cpu_to_le32(4 + 2 * i),
			.sq_size = cpu_to_le32(QP_ENTRIES),
			.rq_size = cpu_to_le32(QP_ENTRIES),
			.sq_fwo_sq_sge = cpu_to_le16(6),
			.rq_fwo_rq_sge = cpu_to_le16(6),
			.pd_id = cpu_to_le32(7),
			.sq_pbl = cpu_to_le64(s->sq[i].dma),
			.rq_pbl = cpu_to_le64(s->rq[i].dma),
			.irrq_addr = cpu_to_le64(s->irrq.dma),
			.orrq_addr = cpu_to_le64(s->orrq.dma),
		};
		struct cmdq_allocate_mrw mrw = {
			.opcode = CMDQ_BASE_OPCODE_ALLOCATE_MRW,
			.pd_id = cpu_to_le32(7),
		};
		struct cmdq_register_mr reg = {
			.opcode = CMDQ_BASE_OPCODE_REGISTER_MR,
			.log2_pg_size_lvl = 1 | 12 << CMDQ_REGISTER_MR_LOG2_PG_SIZE_SFT,
			.access = CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE |
				  CMDQ_REGISTER_MR_ACCESS_REMOTE_READ |
				  CMDQ_REGISTER_MR_ACCESS_ZERO_BASED,
			.log2_pbl_pg_size = cpu_to_le16(12),
			.pbl = cpu_to_le64(s->pbl[i].dma),
			.mr_size = cpu_to_le64(MR_BYTES),
		};
		__le64 *pte = s->pbl[i].va;

		cmd(s, &cq, sizeof(cq), &r);
		s->cqid[i] = xid(&r);
		writeq(dbv(DBC_DBC_TYPE_CQ_ARMENA, s->cqid[i], 0, 1), s->db + DPI(2 * i + 1));
		qp.scq_cid = cpu_to_le32(s->cqid[i]);
		qp.rcq_cid = cpu_to_le32(s->cqid[i]);
		cmd(s, &qp, sizeof(qp), &r);
		s->qpn[i] = xid(&r);
		cmd(s, &mrw, sizeof(mrw), &r);
		s->key[i] = xid(&r);
		pte[0] = cpu_to_le64(s->mr[i].dma | PTU_PTE_VALID);
		pte[1] = cpu_to_le64((s->mr[i].dma + SZ_4K) | PTU_PTE_VALID | PTU_PTE_LAST);
		reg.key = cpu_to_le32(s->key[i]);
		cmd(s, &reg, sizeof(reg), &r);
	}
}

static void modify(struct smoke *s, int i, u8 state, u32 mask)
{
	struct cmdq_modify_qp m = {
		.opcode = CMDQ_BASE_OPCODE_MODIFY_QP,
		.modify_mask = cpu_to_le32(CMDQ_MODIFY_QP_MODIFY_MASK_STATE | mask),
		.qp_cid = cpu_to_le32(s->qpn[i]),
		.network_type_en_sqd_async_notify_new_state = state,
		.access = CMDQ_MODIFY_QP_ACCESS_LOCAL_WRITE | CMDQ_MODIFY_QP_ACCESS_REMOTE_READ,
		.pkey = cpu_to_le16(0xffff),
		.path_mtu_pingpong_push_enable = CMDQ_MODIFY_QP_PATH_MTU_MTU_1024,
		.timeout = 14,
		.retry_cnt = 7,
		.rnr_retry = 7,
		.rq_psn = cpu_to_le32(0x100 * (2 - i)),
		.sq_psn = cpu_to_le32(0x100 * (i + 1)),
		.max_rd_atomic = 2,
		.max_dest_rd_atomic = 4,
		.dest_qp_id = cpu_to_le32(s->qpn[1 - i]),
	};
	struct creq_qp_event r;

	((u8 *)m.dgid)[0] = 0xfe;
	((u8 *)m.dgid)[1] = 0x80;
	((u8 *)m.dgid)[15] = s->t->pdev->devfn + 1;
	cmd(s, &m, sizeof(m), &r);
}

static void connect(struct smoke *s)
{
	int i;

	for (i = 0; i < 2; i++)
		modify(s, i, CMDQ_MODIFY_QP_NEW_STATE_INIT,
		       CMDQ_MODIFY_QP_MODIFY_MASK_PKEY | CMDQ_MODIFY_QP_MODIFY_MASK_ACCESS);
	for (i = 0; i < 2; i++)
		modify(s, i, CMDQ_MODIFY_QP_NEW_STATE_RTR,
		       CMDQ_MODIFY_QP_MODIFY_MASK_DGID | CMDQ_MODIFY_QP_MODIFY_MASK_SGID_INDEX |
		       CMDQ_MODIFY_QP_MODIFY_MASK_DEST_MAC | CMDQ_MODIFY_QP_MODIFY_MASK_PATH_MTU |
		       CMDQ_MODIFY_QP_MODIFY_MASK_RQ_PSN | CMDQ_MODIFY_QP_MODIFY_MASK_DEST_QP_ID |
		       CMDQ_MODIFY_QP_MODIFY_MASK_MAX_DEST_RD_ATOMIC);
	for (i = 0; i < 2; i++)
		modify(s, i, CMDQ_MODIFY_QP_NEW_STATE_RTS,
		       CMDQ_MODIFY_QP_MODIFY_MASK_SQ_PSN | CMDQ_MODIFY_QP_MODIFY_MASK_TIMEOUT |
		       CMDQ_MODIFY_QP_MODIFY_MASK_RETRY_CNT | CMDQ_MODIFY_QP_MODIFY_MASK_RNR_RETRY |
		       CMDQ_MODIFY_QP_MODIFY_MASK_MAX_RD_ATOMIC);
}

/* Wait for completion @n of CQ @i; its type and status. */
static struct cq_base *cqe(struct smoke *s, int i, u64 n)
{
	struct cq_base *c = s->cq[i].va + (n % CQ_ENTRIES) * 32;
	unsigned long end = jiffies + 2 * HZ;

	while ((READ_ONCE(c->cqe_type_toggle) & CQ_BASE_TOGGLE) != !((n / CQ_ENTRIES) & 1)) {
		if (time_after(jiffies, end)) {
			CHECK(s, 0, "no completion %llu on CQ %d\n", n, i);
			return NULL;
		}
		usleep_range(50, 100);
	}
	dma_rmb();
	writeq(dbv(DBC_DBC_TYPE_CQ, s->cqid[i], n + 1, CQ_ENTRIES), s->db + DPI(2 * i));
	return c;
}

static void entry(struct smoke *s, int i, u64 pos, u8 type, u32 len, u32 key, u64 va,
		  u64 remote_va, u32 rkey, u32 psn)
{
	u8 *e = s->sq[i].va + (pos % QP_ENTRIES) * 128;
	struct sq_rdma_hdr *h = (void *)e;
	struct sq_sge *sge = (void *)(e + 32);
	struct sq_psn_search_ext *p = s->sq[i].va + QP_ENTRIES * 128 + (pos % QP_ENTRIES) * 16;
	u32 npkts = max_t(u32, 1, DIV_ROUND_UP(len, 1024));

	memset(e, 0, 128);
	h->wqe_type = type;
	h->flags = SQ_SEND_FLAGS_SIGNAL_COMP;
	h->wqe_size = 3;
	h->length = cpu_to_le32(len);
	if (type == SQ_BASE_WQE_TYPE_READ_WQE) {
		h->remote_va = cpu_to_le64(remote_va);
		h->remote_key = cpu_to_le32(rkey);
	}
	sge->va_or_pa = cpu_to_le64(va);
	sge->l_key = cpu_to_le32(key);
	sge->size = cpu_to_le32(len);
	p->opcode_start_psn = cpu_to_le32((u32)type << 24 | psn);
	p->flags_next_psn = cpu_to_le32(psn + npkts);
	p->start_slot_idx = cpu_to_le16((pos % QP_ENTRIES) * 8);
	p->reserved16 = 0;
	p->reserved32 = 0;
	wmb();	/* the entry before its doorbell */
	ring(s, DPI(4 + 2 * i), DBC_DBC_TYPE_SQ, s->qpn[i], pos + 1, QP_ENTRIES);
}

static void traffic(struct smoke *s)
{
	u8 *rqe = s->rq[1].va;
	struct rq_wqe_hdr *h = (void *)rqe;
	struct sq_sge *sge = (void *)(rqe + 32);
	struct cq_base *c;
	unsigned int nq = atomic_read(&s->vec[1].count);
	struct nq_cn *cn = s->nq.va;
	int k;

	for (k = 0; k < MR_BYTES; k++) {
		((u8 *)s->mr[0].va)[k] = k * 7 + 1;
		((u8 *)s->mr[1].va)[k] = k * 13 + 5;
	}
	/* qp1 receives 3000 bytes sent from mr0 + 100 into mr1 + 0. */
	h->wqe_type = RQ_WQE_WQE_TYPE_RCV;
	h->wqe_size = 3;
	sge->l_key = cpu_to_le32(s->key[1]);
	sge->size = cpu_to_le32(4096);
	wmb();	/* the receive entry before its doorbell */
	ring(s, DPI(5 + 2), DBC_DBC_TYPE_RQ, s->qpn[1], 1, QP_ENTRIES);
	/* qp1's CQ armed: its completion is notified on the NQ. */
	ring(s, DPI(2), DBC_DBC_TYPE_CQ_ARMALL, s->cqid[1], 0, CQ_ENTRIES);
	entry(s, 0, 0, SQ_BASE_WQE_TYPE_SEND, 3000, s->key[0], 100, 0, 0, 0x100);
	c = cqe(s, 1, 0);
	CHECK(s, c && !c->status && le32_to_cpu(((struct cq_res_rc *)c)->length) == 3000,
	      "receive completion\n");
	c = cqe(s, 0, 0);
	CHECK(s, c && !c->status, "send completion\n");
	CHECK(s, !memcmp(s->mr[1].va, s->mr[0].va + 100, 3000), "the bytes that landed\n");
	msleep(20);
	CHECK(s, atomic_read(&s->vec[1].count) > nq, "the NQ vector was not raised\n");
	CHECK(s, (le32_to_cpu(cn->v) & NQ_CN_V) &&
	      le32_to_cpu(cn->cq_handle_low) == 0x5001, "the CQ notification\n");
	/* qp0 reads 5000 bytes of mr1 (its peer's, same function) into mr0. */
	entry(s, 0, 1, SQ_BASE_WQE_TYPE_READ_WQE, 5000, s->key[0], 0, 3000, s->key[1],
	      0x103);
	c = cqe(s, 0, 1);
	CHECK(s, c && !c->status, "read completion\n");
	CHECK(s, !memcmp(s->mr[0].va, s->mr[1].va + 3000, 5000), "the bytes read\n");
}

static void tear_down(struct smoke *s)
{
	struct cmdq_destroy_qp dqp = { .opcode = CMDQ_BASE_OPCODE_DESTROY_QP };
	struct cmdq_destroy_cq dcq = { .opcode = CMDQ_BASE_OPCODE_DESTROY_CQ };
	struct cmdq_deallocate_key dk = { .opcode = CMDQ_BASE_OPCODE_DEALLOCATE_KEY };
	struct cmdq_deinitialize_fw deinit = { .opcode = CMDQ_BASE_OPCODE_DEINITIALIZE_FW };
	struct hwrm_ring_free_input rf = { .ring_type = RING_FREE_REQ_RING_TYPE_NQ };
	struct hwrm_stat_ctx_free_input sf = { .stat_ctx_id = cpu_to_le32(s->stat_id) };
	struct hwrm_ring_free_output rfo;
	struct hwrm_stat_ctx_free_output sfo;
	struct creq_qp_event r;
	int i;

	for (i = 0; i < 2; i++) {
		dqp.qp_cid = cpu_to_le32(s->qpn[i]);
		cmd(s, &dqp, sizeof(dqp), &r);
		dcq.cq_cid = cpu_to_le32(s->cqid[i]);
		cmd(s, &dcq, sizeof(dcq), &r);
		dk.key = cpu_to_le32(s->key[i]);
		cmd(s, &dk, sizeof(dk), &r);
	}
	cmd(s, &deinit, sizeof(deinit), &r);
	s->t->ops->free_irq(s->t, 0, &s->vec[0]);
	s->t->ops->free_irq(s->t, 1, &s->vec[1]);
	rf.ring_id = cpu_to_le16(s->creq_id);
	CHECK(s, !hwrm(s, &rf, sizeof(rf), &rfo, sizeof(rfo), HWRM_RING_FREE), "RING_FREE\n");
	rf.ring_id = cpu_to_le16(s->nq_id);
	CHECK(s, !hwrm(s, &rf, sizeof(rf), &rfo, sizeof(rfo), HWRM_RING_FREE), "RING_FREE\n");
	CHECK(s, !hwrm(s, &sf, sizeof(sf), &sfo, sizeof(sfo), HWRM_STAT_CTX_FREE),
	      "STAT_CTX_FREE\n");
}

static struct buf *bufs(struct smoke *s, int i)
{
	struct buf *all[] = {
		&s->creq, &s->nq, &s->cmdq, &s->sb, &s->stats, &s->irrq, &s->orrq, &s->pbl[0],
		&s->pbl[1], &s->sq[0], &s->sq[1], &s->rq[0], &s->rq[1], &s->cq[0], &s->cq[1],
		&s->mr[0], &s->mr[1],
	};

	return i < ARRAY_SIZE(all) ? all[i] : NULL;
}

static int smoke_probe(struct auxiliary_device *adev, const struct auxiliary_device_id *id)
{
	struct rig_transport *t = &to_rig_transport_adev(adev)->transport;
	struct smoke *s = kzalloc(sizeof(*s), GFP_KERNEL);
	struct buf *b;
	int i;

	if (!s)
		return -ENOMEM;
	s->t = t;
	s->dev = &t->pdev->dev;
	s->vec[0].s = s;
	s->vec[1].s = s;
	CHECK(s, t->nvec == 2 && t->vectors[1].db_offset == SZ_4K && t->chip_num == 0x1750 &&
	      t->db_dpi_start == SZ_64K && !strcmp(t->kind, "soft") &&
	      (t->caps & RIG_TRANSPORT_CAP_KICK), "the transport's fields\n");
	s->db = ioremap(t->db_phys, DPI(NDPI));
	for (i = 0; (b = bufs(s, i)); i++)
		if (alloc(s, b, b == &s->mr[0] || b == &s->mr[1] ? MR_BYTES : SZ_4K))
			s->failed = -ENOMEM;
	if (!s->db || s->failed)
		goto out;
	bring_up(s);
	if (!s->failed)
		make_objects(s);
	if (!s->failed)
		connect(s);
	if (!s->failed)
		traffic(s);
	tear_down(s);
out:
	for (i = 0; (b = bufs(s, i)); i++)
		release(s, b);
	if (s->db)
		iounmap(s->db);
	dev_info(s->dev, "rig_soft_smoke: %s (CREQ vector %d, NQ vector %d)\n",
		 s->failed ? "FAIL" : "PASS", atomic_read(&s->vec[0].count),
		 atomic_read(&s->vec[1].count));
	kfree(s);
	return 0;
}

static void smoke_remove(struct auxiliary_device *adev)
{
}

static const struct auxiliary_device_id smoke_ids[] = {
	{ .name = "rig_soft." RIG_TRANSPORT_SOFT_NAME },
	{}
};

static struct auxiliary_driver smoke_driver = {
	.name = "smoke",
	.probe = smoke_probe,
	.remove = smoke_remove,
	.id_table = smoke_ids,
};

module_auxiliary_driver(smoke_driver);

MODULE_DESCRIPTION("A guest smoke test of rig_soft, as a minimal RoCE driver");
MODULE_LICENSE("GPL");
