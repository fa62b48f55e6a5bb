// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit's stand-in for a PCI function and its driver (fake.h).  This file
 * owns the fake DMA address space (pages allocated one by one, a hole
 * after each allocation so an overrun faults, fake device memory), the
 * fake BAR 2, and the driver's side of bring-up: HWRM requests, rings,
 * the command queue, commands and their answers, doorbells.  It touches
 * no PCI, thread or real DMA.
 */
#include <kunit/device.h>
#include <kunit/resource.h>
#include <linux/etherdevice.h>
#include <linux/highmem.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "fake.h"

static unsigned long fake_idx(dma_addr_t addr)
{
	return (addr - FAKE_DMA_BASE) >> PAGE_SHIFT;
}

static int fake_map(struct rig_soft_mem *mem, dma_addr_t addr, u32 max,
		    struct rig_soft_piece *p)
{
	struct fake_mem *fm = container_of(mem, struct fake_mem, mem);
	unsigned long off = addr & (PAGE_SIZE - 1);
	struct page *page;
	void *buf;

	if (addr < FAKE_DMA_BASE)
		return -EFAULT;
	page = xa_load(&fm->pages, fake_idx(addr));
	buf = xa_load(&fm->io, fake_idx(addr));
	if (page) {
		p->page = page;
		p->va = kmap_local_page(page) + off;
		p->io = false;
	} else if (buf) {
		p->page = NULL;
		p->va = buf + off;
		p->io = true;
	} else {
		return -EFAULT;
	}
	p->len = min_t(u32, max, PAGE_SIZE - off);
	return 0;
}

static void fake_unmap(struct rig_soft_mem *mem, struct rig_soft_piece *p)
{
	if (p->page)
		kunmap_local(p->va);
}

/* The fake's device memory is memory. */
static void fake_read_io(void *dst, const void __iomem *src, size_t n)
{
	memcpy(dst, (const void __force *)src, n);
}

static void fake_write_io(void __iomem *dst, const void *src, size_t n)
{
	memcpy((void __force *)dst, src, n);
}

static void fake_flush_io(struct rig_soft_mem *mem)
{
	container_of(mem, struct fake_mem, mem)->flushes++;
}

static const struct rig_soft_mem_ops fake_mem_ops = {
	.map = fake_map,
	.unmap = fake_unmap,
	.read_io = fake_read_io,
	.write_io = fake_write_io,
	.flush_io = fake_flush_io,
};

static void fake_mem_free(void *data)
{
	struct fake_mem *fm = data;
	struct page *page;
	unsigned long i;
	void *buf;

	xa_for_each(&fm->pages, i, page)
		__free_page(page);
	xa_for_each(&fm->io, i, buf)
		kfree(buf);
	xa_destroy(&fm->pages);
	xa_destroy(&fm->io);
}

/**
 * fake_mem_new() - an empty fake DMA address space
 * @test: the test; the memory goes when it ends
 *
 * Return: the fake memory.
 */
struct fake_mem *fake_mem_new(struct kunit *test)
{
	struct fake_mem *fm = kunit_kzalloc(test, sizeof(*fm), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, fm);
	fm->test = test;
	fm->mem.ops = &fake_mem_ops;
	xa_init(&fm->pages);
	xa_init(&fm->io);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fake_mem_free, fm), 0);
	return fm;
}

/**
 * fake_alloc() - zeroed fake memory at consecutive fake DMA addresses
 * @fm: the fake memory
 * @bytes: at least this many
 * @io: device memory rather than RAM
 *
 * Each page is allocated on its own, so consecutive DMA pages are not
 * consecutive in the kernel; the page after the last is not mapped.
 *
 * Return: the DMA address of the first byte (page aligned).
 */
dma_addr_t fake_alloc(struct fake_mem *fm, size_t bytes, bool io)
{
	unsigned long n = DIV_ROUND_UP(bytes, PAGE_SIZE) ?: 1, i, first = fm->next;

	for (i = 0; i < n; i++) {
		void *entry;

		if (io) {
			entry = kzalloc(PAGE_SIZE, GFP_KERNEL);
			KUNIT_ASSERT_NOT_NULL(fm->test, entry);
			KUNIT_ASSERT_EQ(fm->test, xa_err(xa_store(&fm->io, first + i, entry,
								  GFP_KERNEL)), 0);
		} else {
			entry = alloc_page(GFP_KERNEL | __GFP_ZERO);
			KUNIT_ASSERT_NOT_NULL(fm->test, entry);
			KUNIT_ASSERT_EQ(fm->test, xa_err(xa_store(&fm->pages, first + i, entry,
								  GFP_KERNEL)), 0);
		}
	}
	fm->next = first + n + 1;
	return FAKE_DMA_BASE + ((u64)first << PAGE_SHIFT);
}

/**
 * fake_va() - the kernel address of a fake DMA address's byte
 * @fm: the fake memory
 * @addr: a fake DMA address that is mapped
 *
 * Return: the address; valid up to the end of its page.
 */
void *fake_va(struct fake_mem *fm, dma_addr_t addr)
{
	struct page *page = xa_load(&fm->pages, fake_idx(addr));
	void *buf = xa_load(&fm->io, fake_idx(addr));

	KUNIT_ASSERT_TRUE(fm->test, page || buf);
	return (page ? page_address(page) : buf) + (addr & (PAGE_SIZE - 1));
}

/**
 * fake_read() - copy from fake memory, as the driver or a process reads
 * @fm: the fake memory
 * @addr: the DMA address of the first byte
 * @buf: where the bytes go
 * @len: how many
 */
void fake_read(struct fake_mem *fm, dma_addr_t addr, void *buf, size_t len)
{
	while (len) {
		size_t n = min_t(size_t, len, PAGE_SIZE - (addr & (PAGE_SIZE - 1)));

		memcpy(buf, fake_va(fm, addr), n);
		addr += n;
		buf += n;
		len -= n;
	}
}

/**
 * fake_write() - copy into fake memory, as the driver or a process writes
 * @fm: the fake memory
 * @addr: the DMA address of the first byte
 * @buf: the bytes
 * @len: how many
 */
void fake_write(struct fake_mem *fm, dma_addr_t addr, const void *buf, size_t len)
{
	while (len) {
		size_t n = min_t(size_t, len, PAGE_SIZE - (addr & (PAGE_SIZE - 1)));

		memcpy(fake_va(fm, addr), buf, n);
		addr += n;
		buf += n;
		len -= n;
	}
}

/**
 * fake_pbl() - a page buffer list as bnxt_re builds one
 * @fm: the fake memory
 * @base: the first data page; page i is at @base + (i << @shift)
 * @npages: data pages
 * @shift: their size
 * @level: 0 (the page itself), 1 or 2, with 4 KiB pages of addresses
 *
 * Page addresses carry PTU_PTE_VALID, and the last two PTU_PTE_LAST and
 * PTU_PTE_NEXT_TO_LAST; list addresses PTU_PDE_VALID.
 *
 * Return: the address the command carries as its pbl.
 */
dma_addr_t fake_pbl(struct fake_mem *fm, dma_addr_t base, u32 npages, u8 shift, u8 level)
{
	const u32 per = SZ_4K / sizeof(__le64);
	u32 npbl = DIV_ROUND_UP(npages, per), i;
	dma_addr_t pbls, pde;

	if (!level)
		return base;
	pbls = fake_alloc(fm, npbl * SZ_4K, false);
	for (i = 0; i < npages; i++) {
		u64 pte = (base + ((u64)i << shift)) | PTU_PTE_VALID;
		__le64 raw;

		if (i == npages - 1)
			pte |= PTU_PTE_LAST;
		if (i + 2 == npages)
			pte |= PTU_PTE_NEXT_TO_LAST;
		raw = cpu_to_le64(pte);
		fake_write(fm, pbls + (u64)i * sizeof(raw), &raw, sizeof(raw));
	}
	if (level == 1)
		return pbls;
	pde = fake_alloc(fm, npbl * sizeof(__le64), false);
	for (i = 0; i < npbl; i++) {
		__le64 raw = cpu_to_le64((pbls + (u64)i * SZ_4K) | PTU_PDE_VALID);

		fake_write(fm, pde + (u64)i * sizeof(raw), &raw, sizeof(raw));
	}
	return pde;
}

static struct fake_fn *fake_fn_of(struct rig_soft_fn *fn)
{
	return container_of(fn, struct fake_fn, fn);
}

static void fake_raise(struct rig_soft_fn *fn, unsigned int vec)
{
	fake_fn_of(fn)->raised[vec]++;
}

/* A frame onto the fake wire, unless it refuses (a full interface). */
static int fake_xmit(struct rig_soft_fn *fn, const void *frame, u32 len)
{
	struct fake_fn *ff = fake_fn_of(fn);
	struct fake_wire *w = ff->wire;
	struct fake_frame *f;

	if (!w || w->n == FAKE_WIRE_FRAMES || w->refuse) {
		if (w && w->refuse)
			w->refuse--;
		if (w)
			w->refused++;
		return -ENOBUFS;
	}
	if (WARN_ON_ONCE(len > sizeof(f->data)))
		return -EINVAL;
	f = &w->frames[w->n++];
	f->from = ff;
	f->len = len;
	memcpy(f->data, frame, len);
	return 0;
}

/* The test delivers the fake wire's frames itself. */
static bool fake_rx(struct rig_soft_fn *fn, bool peek)
{
	return false;
}

static const struct rig_soft_fn_ops fake_fn_ops = {
	.raise = fake_raise,
	.xmit = fake_xmit,
	.rx = fake_rx,
};

/**
 * fake_wire_attach() - put a function on a fake wire, as net.c attaches it
 * @ff: the function, before its QPs reach RTR
 * @wire: the wire
 */
void fake_wire_attach(struct fake_fn *ff, struct fake_wire *wire)
{
	static const u8 mac[ETH_ALEN] = FAKE_WIRE_MAC;

	mutex_lock(&ff->fn.world->lock);
	ff->wire = wire;
	ff->fn.wired = true;
	ff->fn.world->nwired++;
	ether_addr_copy(ff->fn.wire_mac, mac);
	mutex_unlock(&ff->fn.world->lock);
}

/**
 * fake_world_new() - an empty world, whose waits are long
 * @test: the test
 *
 * Return: the world.
 */
struct rig_soft_world *fake_world_new(struct kunit *test)
{
	struct rig_soft_world *world = kunit_kzalloc(test, sizeof(*world), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, world);
	rig_soft_world_init(world);
	world->rnr_ms = 60000;
	world->retry_ms = 60000;
	return world;
}

static void fake_fn_free(void *data)
{
	struct fake_fn *ff = data;

	mutex_lock(&ff->fn.world->lock);
	rig_soft_fn_reset(&ff->fn);
	list_del(&ff->fn.node);
	mutex_unlock(&ff->fn.world->lock);
	rig_soft_fn_exit(&ff->fn);
}

/**
 * fake_fn_new() - a function in @world, nothing allocated on it
 * @test: the test
 * @world: its world
 * @index: tells functions apart: its GID ends in @index + 1
 *
 * Return: the function.
 */
struct fake_fn *fake_fn_new(struct kunit *test, struct rig_soft_world *world, u8 index)
{
	struct fake_fn *ff = kunit_kzalloc(test, sizeof(*ff), GFP_KERNEL);
	char name[32];
	struct device *dev;

	KUNIT_ASSERT_NOT_NULL(test, ff);
	ff->fm = fake_mem_new(test);
	ff->bar = kunit_kzalloc(test, FAKE_BAR_LEN, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ff->bar);
	snprintf(name, sizeof(name), "rig_soft_fake%u", index);
	dev = kunit_device_register(test, name);
	KUNIT_ASSERT_FALSE(test, IS_ERR(dev));
	KUNIT_ASSERT_EQ(test, rig_soft_fn_init(&ff->fn, world, &fake_fn_ops,
					       (void __iomem __force *)ff->bar, &ff->fm->mem,
					       dev, FAKE_BAR_LEN), 0);
	ff->fn.pci_id = index;
	ff->fn.mac[0] = 0x02;
	ff->fn.mac[5] = index;
	ff->gid[0] = 0xfe;
	ff->gid[1] = 0x80;
	ff->gid[15] = index + 1;
	mutex_lock(&world->lock);
	list_add_tail(&ff->fn.node, &world->fns);
	mutex_unlock(&world->lock);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fake_fn_free, ff), 0);
	return ff;
}

/**
 * fake_hwrm() - send an HWRM request, as the transport does
 * @ff: the function
 * @req: the request, req_type set
 * @len: its bytes
 * @resp: the answer
 * @resp_len: its room
 *
 * Return: what rig_soft_hwrm() returns.
 */
int fake_hwrm(struct fake_fn *ff, void *req, u32 len, void *resp, u32 resp_len)
{
	int ret;

	mutex_lock(&ff->fn.world->lock);
	ret = rig_soft_hwrm(&ff->fn, req, len, resp, resp_len);
	mutex_unlock(&ff->fn.world->lock);
	return ret;
}

/**
 * fake_ring_alloc() - HWRM_RING_ALLOC of an NQ-type ring, as bnxt_re does
 * @ff: the function
 * @vec: its vector (logical id)
 * @entries: 16-byte entries
 * @base: where its memory's first byte goes
 *
 * Return: its ring id.
 */
u16 fake_ring_alloc(struct fake_fn *ff, u8 vec, u32 entries, dma_addr_t *base)
{
	struct hwrm_ring_alloc_input req = {
		.req_type = cpu_to_le16(HWRM_RING_ALLOC),
		.ring_type = RING_ALLOC_REQ_RING_TYPE_NQ,
		.length = cpu_to_le32(entries),
		.logical_id = cpu_to_le16(vec),
		.int_mode = RING_ALLOC_REQ_INT_MODE_MSIX,
	};
	struct hwrm_ring_alloc_output resp = {};
	u32 npages = DIV_ROUND_UP(entries * 16, SZ_4K);

	*base = fake_alloc(ff->fm, entries * 16, false);
	req.page_tbl_addr = cpu_to_le64(fake_pbl(ff->fm, *base, npages, 12, npages > 1));
	if (npages > 1) {
		req.page_size = 12;
		req.page_tbl_depth = 1;
	}
	KUNIT_ASSERT_EQ(ff->fm->test, fake_hwrm(ff, &req, sizeof(req), &resp, sizeof(resp)), 0);
	return le16_to_cpu(resp.ring_id);
}

/**
 * fake_db_value() - a doorbell as the driver or the library makes it
 * @type: DBC_DBC_TYPE_*
 * @xid: the object
 * @count: the producer or consumer, a running count
 * @entries: the ring's entries
 *
 * Return: the 64-bit value, host order.
 */
u64 fake_db_value(u32 type, u32 xid, u64 count, u32 entries)
{
	u32 low = (count % entries) | (((count / entries) & 1) ? DBC_DBC_EPOCH : 0);

	return (u64)(DBC_DBC_VALID | DBC_DBC_PATH_ROCE | type | xid) << 32 | low;
}

/**
 * fake_db() - ring a doorbell: one 64-bit store
 * @ff: the function
 * @off: the doorbell page's BAR 2 offset
 * @type: DBC_DBC_TYPE_*
 * @xid: the object
 * @count: the producer or consumer, a running count
 * @entries: the ring's entries
 */
void fake_db(struct fake_fn *ff, u32 off, u32 type, u32 xid, u64 count, u32 entries)
{
	put_unaligned_le64(fake_db_value(type, xid, count, entries), ff->bar + off);
}

/**
 * fake_cmdq_init() - the driver's command queue, and cmdq_init written
 * @ff: a function with a CREQ
 * @level: the queue's PBL level: 0 (one buffer) or 1
 */
void fake_cmdq_init(struct fake_fn *ff, u8 level)
{
	struct cmdq_init init = {
		.cmdq_size_cmdq_lvl = cpu_to_le16(FAKE_CMDQ_DEPTH << CMDQ_INIT_CMDQ_SIZE_SFT |
						  level),
		.creq_ring_id = cpu_to_le16(ff->creq_id),
	};

	ff->cmdq = fake_alloc(ff->fm, FAKE_CMDQ_DEPTH * 16, false);
	init.cmdq_pbl = cpu_to_le64(fake_pbl(ff->fm, ff->cmdq,
					     DIV_ROUND_UP(FAKE_CMDQ_DEPTH * 16, SZ_4K), 12, level));
	memcpy(ff->bar + RIG_SOFT_MBOX_INIT, &init, sizeof(init));
	ff->prod = 0;
	ff->first = true;
	fake_db(ff, RIG_SOFT_DB_BAR, DBC_DBC_TYPE_NQ_ARM, ff->creq_id, ff->creq_cons, FAKE_RING);
}

/**
 * fake_post() - write a command into the CMDQ and ring the mailbox
 * @ff: the function
 * @cmd: the command, its opcode set; cmd_size and cookie are set here
 * @size: its bytes
 */
void fake_post(struct fake_fn *ff, void *cmd, u32 size)
{
	struct cmdq_base *base = cmd;
	u32 units = DIV_ROUND_UP(size, 16), i;
	u8 slot[16];

	base->cmd_size = units;
	base->cookie = cpu_to_le16(++ff->cookie);
	for (i = 0; i < units; i++) {
		memset(slot, 0, sizeof(slot));
		memcpy(slot, cmd + i * 16, min_t(u32, 16, size - i * 16));
		fake_write(ff->fm, ff->cmdq + ((ff->prod + i) % FAKE_CMDQ_DEPTH) * 16, slot, 16);
	}
	ff->prod += units;
	put_unaligned_le32((ff->prod & RIG_SOFT_PROD_MASK) | (ff->first ? RIG_SOFT_PROD_RESET : 0),
			   ff->bar + RIG_SOFT_MBOX_PROD);
	ff->first = false;
	put_unaligned_le32(1, ff->bar + RIG_SOFT_MBOX_TRIG);
}

/**
 * fake_service() - one look of the model at the function's channel
 * @ff: the function
 */
void fake_service(struct fake_fn *ff)
{
	mutex_lock(&ff->fn.world->lock);
	rig_soft_cmdq_service(&ff->fn);
	mutex_unlock(&ff->fn.world->lock);
}

/**
 * fake_creq_take() - take the next CREQ entry, as bnxt_re does
 * @ff: the function
 * @entry: its 16 bytes, when there is one
 *
 * An entry is there when its valid bit is the lap's (CREQ_CMP_VALID());
 * then the consumer advances and the CREQ is armed again (NQ_ARM).
 *
 * Return: true when an entry was taken.
 */
bool fake_creq_take(struct fake_fn *ff, void *entry)
{
	u8 e[16];

	fake_read(ff->fm, ff->creq + (ff->creq_cons % FAKE_RING) * 16, e, sizeof(e));
	if ((e[8] & CREQ_BASE_V) != !((ff->creq_cons / FAKE_RING) & 1))
		return false;
	memcpy(entry, e, sizeof(e));
	ff->creq_cons++;
	fake_db(ff, RIG_SOFT_DB_BAR, DBC_DBC_TYPE_NQ_ARM, ff->creq_id, ff->creq_cons, FAKE_RING);
	return true;
}

/**
 * fake_nq_take() - take the next NQ entry, as bnxt_re does
 * @ff: the function
 * @cn: the entry, when there is one
 *
 * Return: true when an entry was taken (the NQ is armed again).
 */
bool fake_nq_take(struct fake_fn *ff, struct nq_cn *cn)
{
	struct nq_cn e;

	fake_read(ff->fm, ff->nq + (ff->nq_cons % FAKE_RING) * 16, &e, sizeof(e));
	if ((le32_to_cpu(e.v) & NQ_CN_V) != !((ff->nq_cons / FAKE_RING) & 1))
		return false;
	*cn = e;
	ff->nq_cons++;
	fake_db(ff, RIG_SOFT_DB_BAR + RIG_SOFT_VEC_DB_STRIDE, DBC_DBC_TYPE_NQ_ARM, ff->nq_id,
		ff->nq_cons, FAKE_RING);
	return true;
}

/**
 * fake_cmd() - send one command and take its answer
 * @ff: the function
 * @cmd: the command, its opcode set
 * @size: its bytes
 * @resp: the answer
 *
 * Return: the answer's status, or FAKE_NO_ANSWER.
 */
u8 fake_cmd(struct fake_fn *ff, void *cmd, u32 size, struct creq_qp_event *resp)
{
	u16 cookie;

	fake_post(ff, cmd, size);
	cookie = ff->cookie;
	fake_service(ff);
	if (!fake_creq_take(ff, resp))
		return FAKE_NO_ANSWER;
	KUNIT_EXPECT_EQ(ff->fm->test, le16_to_cpu(resp->cookie), cookie);
	KUNIT_EXPECT_EQ(ff->fm->test, resp->type & CREQ_BASE_TYPE_MASK,
			CREQ_QP_EVENT_TYPE_QP_EVENT);
	return resp->status;
}

/**
 * fake_fn_up() - a function brought up as the driver brings one up
 * @test: the test
 * @world: its world
 * @index: tells functions apart
 *
 * HWRM_VER_GET, the CREQ (vector 0) and an NQ (vector 1), a statistics
 * context, the command queue (level 1), INITIALIZE_FW, ADD_GID of its GID.
 *
 * Return: the function.
 */
struct fake_fn *fake_fn_up(struct kunit *test, struct rig_soft_world *world, u8 index)
{
	struct fake_fn *ff = fake_fn_new(test, world, index);
	struct hwrm_ver_get_input ver = { .req_type = cpu_to_le16(HWRM_VER_GET) };
	struct hwrm_stat_ctx_alloc_input stat = {
		.req_type = cpu_to_le16(HWRM_STAT_CTX_ALLOC),
		.stat_ctx_flags = STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_ROCE,
		.stats_dma_length = cpu_to_le16(RIG_SOFT_STATS_SIZE),
	};
	struct cmdq_initialize_fw init = { .opcode = CMDQ_BASE_OPCODE_INITIALIZE_FW };
	struct cmdq_add_gid gid = { .opcode = CMDQ_BASE_OPCODE_ADD_GID };
	struct hwrm_ver_get_output ver_out;
	struct hwrm_stat_ctx_alloc_output stat_out;
	struct creq_qp_event resp;
	u8 *raw = (u8 *)gid.gid;
	int i;

	KUNIT_ASSERT_EQ(test, fake_hwrm(ff, &ver, sizeof(ver), &ver_out, sizeof(ver_out)), 0);
	ff->creq_id = fake_ring_alloc(ff, 0, FAKE_RING, &ff->creq);
	ff->nq_id = fake_ring_alloc(ff, 1, FAKE_RING, &ff->nq);
	fake_db(ff, RIG_SOFT_DB_BAR + RIG_SOFT_VEC_DB_STRIDE, DBC_DBC_TYPE_NQ_ARM, ff->nq_id, 0,
		FAKE_RING);
	stat.stats_dma_addr = cpu_to_le64(fake_alloc(ff->fm, RIG_SOFT_STATS_SIZE, false));
	KUNIT_ASSERT_EQ(test, fake_hwrm(ff, &stat, sizeof(stat), &stat_out, sizeof(stat_out)), 0);
	fake_cmdq_init(ff, 1);
	init.stat_ctx_id = stat_out.stat_ctx_id;
	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &init, sizeof(init), &resp), 0);
	for (i = 0; i < 16; i++)
		raw[i] = ff->gid[15 - i];
	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &gid, sizeof(gid), &resp), 0);
	return ff;
}

/**
 * fake_create_cq_req() - a good CREATE_CQ, its memory allocated
 * @ff: the function
 * @req: the command
 * @cq: the CQ it makes
 * @entries: completions
 * @dpi: its DPI
 */
void fake_create_cq_req(struct fake_fn *ff, struct cmdq_create_cq *req, struct fake_cq *cq,
			u32 entries, u32 dpi)
{
	u32 npages = DIV_ROUND_UP(entries * RIG_SOFT_CQE_SIZE, SZ_4K);

	cq->entries = entries;
	cq->dpi = dpi;
	cq->cons = 0;
	/* Its CQ_ARMENA word: never word 0, where a doorbell at DPI 0 is. */
	cq->handle = 0xc0ffee0000000000ULL | (dpi + 1);
	cq->base = fake_alloc(ff->fm, entries * RIG_SOFT_CQE_SIZE, false);
	*req = (struct cmdq_create_cq){
		.opcode = CMDQ_BASE_OPCODE_CREATE_CQ,
		.cq_handle = cpu_to_le64(cq->handle),
		.pg_size_lvl = cpu_to_le32(npages > 1),
		.cq_fco_cnq_id = cpu_to_le32(ff->nq_id),
		.dpi = cpu_to_le32(dpi),
		.cq_size = cpu_to_le32(entries),
		.pbl = cpu_to_le64(fake_pbl(ff->fm, cq->base, npages, 12, npages > 1)),
	};
}

/**
 * fake_create_cq() - CREATE_CQ, then CQ_ARMENA as bnxt_re rings it
 * @ff: the function
 * @cq: the CQ
 * @entries: completions
 * @dpi: its DPI
 *
 * Return: the answer's status.
 */
u8 fake_create_cq(struct fake_fn *ff, struct fake_cq *cq, u32 entries, u32 dpi)
{
	struct creq_qp_event resp;
	struct cmdq_create_cq req;
	u8 status;

	fake_create_cq_req(ff, &req, cq, entries, dpi);
	status = fake_cmd(ff, &req, sizeof(req), &resp);
	if (!status) {
		cq->id = le32_to_cpu(((struct creq_create_cq_resp *)&resp)->xid);
		fake_db(ff, rig_soft_armena_off(cq->handle), DBC_DBC_TYPE_CQ_ARMENA, cq->id, 0, 1);
	}
	return status;
}

/**
 * fake_create_qp_req() - a good CREATE_QP, as bnxt_re fills it
 * @ff: the function
 * @req: the command
 * @qp: the QP it makes
 * @cq: the CQ of both its rings
 * @entries: the receive ring's slots; the send ring has the reserve besides
 * @dpi: its DPI
 */
void fake_create_qp_req(struct fake_fn *ff, struct cmdq_create_qp *req, struct fake_qp *qp,
			struct fake_cq *cq, u32 entries, u32 dpi)
{
	u32 sq_slots = roundup_pow_of_two(entries + RIG_SOFT_SQ_RESERVE);
	u64 sqb = (u64)sq_slots * (RIG_SOFT_WQE_SIZE + RIG_SOFT_PSN_SIZE);
	u64 rqb = (u64)entries * RIG_SOFT_WQE_SIZE;
	u32 sqp = DIV_ROUND_UP(sqb, SZ_4K), rqp = DIV_ROUND_UP(rqb, SZ_4K);

	*qp = (struct fake_qp){
		.entries = entries,
		.sq_slots = sq_slots,
		.dpi = dpi,
		.handle = 0xfedc000000000000ULL | dpi,
		.pd = 1,
		.psn = (0x10101 * (dpi + 1)) & RIG_SOFT_PSN_MASK,
		.mtu = 1024,
		.cq = cq,
	};
	qp->next_psn = qp->psn;
	qp->sq = fake_alloc(ff->fm, sqb, false);
	qp->rq = fake_alloc(ff->fm, rqb, false);
	*req = (struct cmdq_create_qp){
		.opcode = CMDQ_BASE_OPCODE_CREATE_QP,
		.qp_handle = cpu_to_le64(qp->handle),
		.qp_flags = cpu_to_le32(CMDQ_CREATE_QP_QP_FLAGS_RESERVED_LKEY_ENABLE |
					CMDQ_CREATE_QP_QP_FLAGS_FR_PMR_ENABLED),
		.type = CMDQ_CREATE_QP_TYPE_RC,
		.sq_pg_size_sq_lvl = sqp > 1,
		.rq_pg_size_rq_lvl = rqp > 1,
		.dpi = cpu_to_le32(dpi),
		.sq_size = cpu_to_le32(sq_slots),
		.rq_size = cpu_to_le32(entries),
		.sq_fwo_sq_sge = cpu_to_le16(RIG_SOFT_MAX_SGE),
		.rq_fwo_rq_sge = cpu_to_le16(RIG_SOFT_MAX_SGE),
		.scq_cid = cpu_to_le32(cq->id),
		.rcq_cid = cpu_to_le32(cq->id),
		.pd_id = cpu_to_le32(qp->pd),
		.sq_pbl = cpu_to_le64(fake_pbl(ff->fm, qp->sq, sqp, 12, sqp > 1)),
		.rq_pbl = cpu_to_le64(fake_pbl(ff->fm, qp->rq, rqp, 12, rqp > 1)),
		.irrq_addr = cpu_to_le64(fake_alloc(ff->fm, SZ_4K, false)),
		.orrq_addr = cpu_to_le64(fake_alloc(ff->fm, SZ_4K, false)),
	};
}

/**
 * fake_create_qp() - CREATE_QP
 * @ff: the function
 * @qp: the QP
 * @cq: the CQ of both its rings
 * @entries: the receive ring's slots; the send ring has the reserve besides
 * @dpi: its DPI
 *
 * Return: the answer's status.
 */
u8 fake_create_qp(struct fake_fn *ff, struct fake_qp *qp, struct fake_cq *cq, u32 entries,
		  u32 dpi)
{
	struct creq_qp_event resp;
	struct cmdq_create_qp req;
	u8 status;

	fake_create_qp_req(ff, &req, qp, cq, entries, dpi);
	status = fake_cmd(ff, &req, sizeof(req), &resp);
	if (!status)
		qp->qpn = le32_to_cpu(((struct creq_create_qp_resp *)&resp)->xid);
	return status;
}

/**
 * fake_modify_req() - MODIFY_QP to @state with only MODIFY_MASK_STATE
 * @req: the command
 * @qp: the QP
 * @state: CMDQ_MODIFY_QP_NEW_STATE_*
 *
 * To INIT it carries PKEY and ACCESS too, as a good one does.
 */
void fake_modify_req(struct cmdq_modify_qp *req, const struct fake_qp *qp, u8 state)
{
	*req = (struct cmdq_modify_qp){
		.opcode = CMDQ_BASE_OPCODE_MODIFY_QP,
		.modify_mask = cpu_to_le32(CMDQ_MODIFY_QP_MODIFY_MASK_STATE),
		.qp_cid = cpu_to_le32(qp->qpn),
		.network_type_en_sqd_async_notify_new_state = state |
			CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV6,
	};
	if (state == CMDQ_MODIFY_QP_NEW_STATE_INIT) {
		req->modify_mask |= cpu_to_le32(CMDQ_MODIFY_QP_MODIFY_MASK_PKEY |
						CMDQ_MODIFY_QP_MODIFY_MASK_ACCESS);
		req->pkey = cpu_to_le16(0xffff);
		req->access = FAKE_QP_ACCESS;
	}
}

/**
 * fake_rtr_req() - a good INIT->RTR, as bnxt_qplib_modify_qp() sends it
 * @req: the command
 * @qp: the QP
 * @dgid: the peer's GID, network order
 * @dest_qpn: the peer's number
 * @rq_psn: the peer's first PSN
 */
void fake_rtr_req(struct cmdq_modify_qp *req, const struct fake_qp *qp, const u8 *dgid,
		  u32 dest_qpn, u32 rq_psn)
{
	static const u8 mac[ETH_ALEN] = FAKE_WIRE_MAC;

	fake_modify_req(req, qp, CMDQ_MODIFY_QP_NEW_STATE_RTR);
	req->modify_mask |= cpu_to_le32(CMDQ_MODIFY_QP_MODIFY_MASK_DGID |
					CMDQ_MODIFY_QP_MODIFY_MASK_SGID_INDEX |
					CMDQ_MODIFY_QP_MODIFY_MASK_DEST_MAC |
					CMDQ_MODIFY_QP_MODIFY_MASK_PATH_MTU |
					CMDQ_MODIFY_QP_MODIFY_MASK_RQ_PSN |
					CMDQ_MODIFY_QP_MODIFY_MASK_DEST_QP_ID |
					CMDQ_MODIFY_QP_MODIFY_MASK_MAX_DEST_RD_ATOMIC |
					CMDQ_MODIFY_QP_MODIFY_MASK_MIN_RNR_TIMER);
	memcpy(req->dgid, dgid, sizeof(req->dgid));
	memcpy(req->dest_mac, mac, sizeof(req->dest_mac));
	req->path_mtu_pingpong_push_enable = CMDQ_MODIFY_QP_PATH_MTU_MTU_1024;
	req->rq_psn = cpu_to_le32(rq_psn);
	req->dest_qp_id = cpu_to_le32(dest_qpn);
	req->max_dest_rd_atomic = 4;
	req->min_rnr_timer = 12;
}

/**
 * fake_rts_req() - a good RTR->RTS
 * @req: the command
 * @qp: the QP
 */
void fake_rts_req(struct cmdq_modify_qp *req, const struct fake_qp *qp)
{
	fake_modify_req(req, qp, CMDQ_MODIFY_QP_NEW_STATE_RTS);
	req->modify_mask |= cpu_to_le32(CMDQ_MODIFY_QP_MODIFY_MASK_SQ_PSN |
					CMDQ_MODIFY_QP_MODIFY_MASK_TIMEOUT |
					CMDQ_MODIFY_QP_MODIFY_MASK_RETRY_CNT |
					CMDQ_MODIFY_QP_MODIFY_MASK_RNR_RETRY |
					CMDQ_MODIFY_QP_MODIFY_MASK_MAX_RD_ATOMIC);
	req->sq_psn = cpu_to_le32(qp->psn);
	req->timeout = 14;
	req->retry_cnt = 7;
	req->rnr_retry = 7;
	req->max_rd_atomic = 2;
}

static void fake_modify(struct fake_fn *ff, struct cmdq_modify_qp *req)
{
	struct creq_qp_event resp;

	KUNIT_ASSERT_EQ(ff->fm->test, fake_cmd(ff, req, sizeof(*req), &resp), 0);
}

/**
 * fake_connect() - take two QPs through INIT and RTR to RTS, to each other
 * @fa: @a's function
 * @a: a QP
 * @fb: @b's function
 * @b: another QP
 */
void fake_connect(struct fake_fn *fa, struct fake_qp *a, struct fake_fn *fb, struct fake_qp *b)
{
	struct cmdq_modify_qp req;

	fake_modify_req(&req, a, CMDQ_MODIFY_QP_NEW_STATE_INIT);
	fake_modify(fa, &req);
	fake_modify_req(&req, b, CMDQ_MODIFY_QP_NEW_STATE_INIT);
	fake_modify(fb, &req);
	fake_rtr_req(&req, a, fb->gid, b->qpn, b->psn);
	fake_modify(fa, &req);
	fake_rtr_req(&req, b, fa->gid, a->qpn, a->psn);
	fake_modify(fb, &req);
	fake_rts_req(&req, a);
	fake_modify(fa, &req);
	fake_rts_req(&req, b);
	fake_modify(fb, &req);
}

/**
 * fake_create_mr() - ALLOCATE_MRW and REGISTER_MR of new fake memory
 * @ff: the function
 * @mr: the MR
 * @bytes: its size, a multiple of 4 KiB; level 0, 1 or 2 by size
 * @io: device memory rather than RAM
 * @pd: its PD
 * @access: CMDQ_REGISTER_MR_ACCESS_*
 *
 * Return: the status of the first command refused, or 0.
 */
u8 fake_create_mr(struct fake_fn *ff, struct fake_mr *mr, u64 bytes, bool io, u32 pd, u8 access)
{
	struct cmdq_allocate_mrw alloc = {
		.opcode = CMDQ_BASE_OPCODE_ALLOCATE_MRW,
		.mrw_handle = cpu_to_le64(0xabcd),
		.mrw_flags = CMDQ_ALLOCATE_MRW_MRW_FLAGS_MR,
		.pd_id = cpu_to_le32(pd),
	};
	u32 npages = DIV_ROUND_UP(bytes, SZ_4K);
	u8 level = npages == 1 ? 0 : npages <= 512 ? 1 : 2;
	struct cmdq_register_mr reg = {
		.opcode = CMDQ_BASE_OPCODE_REGISTER_MR,
		.log2_pg_size_lvl = level | 12 << CMDQ_REGISTER_MR_LOG2_PG_SIZE_SFT,
		.access = access,
		.log2_pbl_pg_size = cpu_to_le16(12),
		.mr_size = cpu_to_le64(bytes),
	};
	struct creq_qp_event resp;
	u8 status;

	status = fake_cmd(ff, &alloc, sizeof(alloc), &resp);
	if (status)
		return status;
	mr->key = le32_to_cpu(((struct creq_allocate_mrw_resp *)&resp)->xid);
	mr->base = fake_alloc(ff->fm, bytes, io);
	mr->bytes = bytes;
	reg.key = cpu_to_le32(mr->key);
	reg.pbl = cpu_to_le64(fake_pbl(ff->fm, mr->base, npages, 12, level));
	return fake_cmd(ff, &reg, sizeof(reg), &resp);
}

/**
 * fake_qp_of() - the model's QP
 * @ff: the function
 * @qp: a QP of it
 *
 * Return: the model's QP, which the test may inspect (not free).
 */
struct rig_soft_qp *fake_qp_of(struct fake_fn *ff, const struct fake_qp *qp)
{
	struct rig_soft_qp *q = xa_load(&ff->fn.qps, qp->qpn);

	KUNIT_ASSERT_NOT_NULL(ff->fm->test, q);
	return q;
}

MODULE_DESCRIPTION("KUnit suites of rig_soft, the model of a NetXtreme function");
MODULE_LICENSE("GPL");
