/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * KUnit's stand-in for a PCI function and its driver: a fake DMA address
 * space of separately allocated pages (and fake device memory), a fake
 * BAR 2, and the driver's side of HWRM and of the command channel, so the
 * model's pure parts run under UML as they run on a guest.  This header
 * owns that test harness's interface; nothing outside the KUnit module
 * includes it.
 */
#ifndef RIG_SOFT_FAKE_H
#define RIG_SOFT_FAKE_H

#include <kunit/test.h>

#include "soft.h"

/* Fake DMA addresses start here, so 0 and small numbers name nothing. */
#define FAKE_DMA_BASE	0x1000000000ULL
/* A fake BAR 2: mailbox, L2 doorbells, 64 DPI pages. */
#define FAKE_DPIS	64
#define FAKE_BAR_LEN	(RIG_SOFT_DB_BAR + RIG_SOFT_L2_DB_SIZE + FAKE_DPIS * RIG_SOFT_DPI_SIZE)
#define FAKE_CMDQ_DEPTH	256
#define FAKE_RING	256	/* CREQ and NQ entries */
#define FAKE_NO_ANSWER	0xff	/* fake_cmd(): the CREQ stayed empty */

/**
 * struct fake_mem - a fake DMA address space
 * @mem: what the model uses
 * @test: the test it belongs to
 * @pages: fake page number -> struct page (RAM)
 * @io: fake page number -> a 4 KiB buffer (device memory)
 * @next: the next fake page number
 * @flushes: calls of flush_io
 */
struct fake_mem {
	struct rig_soft_mem mem;
	struct kunit *test;
	struct xarray pages;
	struct xarray io;
	unsigned long next;
	unsigned int flushes;
};

/* Frames a fake wire holds until the test delivers them, and their size. */
#define FAKE_WIRE_FRAMES	128
#define FAKE_FRAME_MAX		(RIG_SOFT_ROCE_HDR_MAX + 1024)

/**
 * struct fake_frame - a frame on a fake wire
 * @from: the function that sent it
 * @len: its bytes
 * @data: the frame
 */
struct fake_frame {
	struct fake_fn *from;
	u32 len;
	u8 data[FAKE_FRAME_MAX];
};

/**
 * struct fake_wire - the interface fake functions are attached to
 * @n: frames sent and not yet taken by the test
 * @refuse: frames to refuse (-ENOBUFS) before taking any again
 * @refused: frames refused
 * @frames: what was sent, in order
 */
struct fake_wire {
	u32 n;
	u32 refuse;
	u32 refused;
	struct fake_frame frames[FAKE_WIRE_FRAMES];
};

/* The MAC fake functions on a fake wire have, and fake_rtr_req() names. */
#define FAKE_WIRE_MAC	{ 0x02, 0, 0, 0, 0, 0x99 }

/**
 * struct fake_fn - a fake function and the driver's view of it
 * @fn: the modelled function
 * @fm: its memory
 * @bar: its BAR 2
 * @raised: times each vector was raised
 * @cmdq: base of the command queue's memory
 * @creq: base of the CREQ's memory
 * @nq: base of the NQ's memory
 * @creq_id: the CREQ's ring id
 * @nq_id: the NQ's ring id
 * @prod: CMDQ slots written, a running count
 * @first: the next producer write is the first after cmdq_init
 * @creq_cons: CREQ entries taken, a running count
 * @nq_cons: NQ entries taken, a running count
 * @cookie: the last cookie used
 * @gid: its GID (network order)
 * @wire: the fake wire it is attached to, or NULL
 */
struct fake_fn {
	struct rig_soft_fn fn;
	struct fake_mem *fm;
	u8 *bar;
	unsigned int raised[RIG_SOFT_NVEC];
	dma_addr_t cmdq;
	dma_addr_t creq;
	dma_addr_t nq;
	u16 creq_id;
	u16 nq_id;
	u32 prod;
	bool first;
	u64 creq_cons;
	u64 nq_cons;
	u16 cookie;
	u8 gid[16];
	struct fake_wire *wire;
};

/**
 * struct fake_cq - a CQ as the driver and the process know it
 * @id: its xid
 * @base: its memory
 * @entries: completions it holds
 * @dpi: its DPI (the process's doorbell); dpi + 1 the driver's
 * @cons: completions taken, a running count
 * @handle: its cq_handle
 */
struct fake_cq {
	u32 id;
	dma_addr_t base;
	u32 entries;
	u32 dpi;
	u64 cons;
	u64 handle;
};

/**
 * struct fake_qp - a QP as the driver and the process know it
 * @qpn: its number
 * @sq: its send ring's memory; the PSN search area follows the entries
 * @rq: its receive ring's memory
 * @entries: the receive ring's slots; one fewer may be outstanding on
 *	either ring
 * @sq_slots: the send ring's slots: @entries and the send ring's reserve
 *	(RIG_SOFT_SQ_RESERVE), rounded up to a power of two as bnxt_re does
 * @dpi: its send doorbell's DPI; dpi + 1 the receive doorbell's
 * @handle: its qp_handle
 * @pd: its PD
 * @psn: its first PSN
 * @next_psn: the PSN its next send entry takes
 * @mtu: its path MTU in bytes
 * @sq_prod: send entries posted, a running count
 * @rq_prod: receive entries posted, a running count
 * @cq: the CQ of both rings
 */
struct fake_qp {
	u32 qpn;
	dma_addr_t sq;
	dma_addr_t rq;
	u32 entries;
	u32 sq_slots;
	u32 dpi;
	u64 handle;
	u32 pd;
	u32 psn;
	u32 next_psn;
	u32 mtu;
	u64 sq_prod;
	u64 rq_prod;
	struct fake_cq *cq;
};

/**
 * struct fake_mr - an MR as the driver knows it
 * @key: its key
 * @base: the first page of its memory
 * @bytes: its size
 */
struct fake_mr {
	u32 key;
	dma_addr_t base;
	u64 bytes;
};

#define FAKE_QP_ACCESS	(CMDQ_MODIFY_QP_ACCESS_LOCAL_WRITE | CMDQ_MODIFY_QP_ACCESS_REMOTE_WRITE | \
			 CMDQ_MODIFY_QP_ACCESS_REMOTE_READ)
#define FAKE_MR_ACCESS	(CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE | \
			 CMDQ_REGISTER_MR_ACCESS_REMOTE_READ | \
			 CMDQ_REGISTER_MR_ACCESS_REMOTE_WRITE | \
			 CMDQ_REGISTER_MR_ACCESS_ZERO_BASED)

struct fake_mem *fake_mem_new(struct kunit *test);
dma_addr_t fake_alloc(struct fake_mem *fm, size_t bytes, bool io);
void *fake_va(struct fake_mem *fm, dma_addr_t addr);
void fake_read(struct fake_mem *fm, dma_addr_t addr, void *buf, size_t len);
void fake_write(struct fake_mem *fm, dma_addr_t addr, const void *buf, size_t len);
dma_addr_t fake_pbl(struct fake_mem *fm, dma_addr_t base, u32 npages, u8 shift, u8 level);

struct rig_soft_world *fake_world_new(struct kunit *test);
struct fake_fn *fake_fn_new(struct kunit *test, struct rig_soft_world *world, u8 index);
struct fake_fn *fake_fn_up(struct kunit *test, struct rig_soft_world *world, u8 index);
int fake_hwrm(struct fake_fn *ff, void *req, u32 len, void *resp, u32 resp_len);
u16 fake_ring_alloc(struct fake_fn *ff, u8 vec, u32 entries, dma_addr_t *base);
void fake_cmdq_init(struct fake_fn *ff, u8 level);
u8 fake_cmd(struct fake_fn *ff, void *cmd, u32 size, struct creq_qp_event *resp);
void fake_post(struct fake_fn *ff, void *cmd, u32 size);
void fake_service(struct fake_fn *ff);
bool fake_creq_take(struct fake_fn *ff, void *entry);
bool fake_nq_take(struct fake_fn *ff, struct nq_cn *cn);
void fake_db(struct fake_fn *ff, u32 off, u32 type, u32 xid, u64 index, u32 entries);
u64 fake_db_value(u32 type, u32 xid, u64 count, u32 entries);
void fake_create_cq_req(struct fake_fn *ff, struct cmdq_create_cq *req, struct fake_cq *cq,
			u32 entries, u32 dpi);
u8 fake_create_cq(struct fake_fn *ff, struct fake_cq *cq, u32 entries, u32 dpi);
void fake_create_qp_req(struct fake_fn *ff, struct cmdq_create_qp *req, struct fake_qp *qp,
			struct fake_cq *cq, u32 entries, u32 dpi);
u8 fake_create_qp(struct fake_fn *ff, struct fake_qp *qp, struct fake_cq *cq, u32 entries,
		  u32 dpi);
void fake_modify_req(struct cmdq_modify_qp *req, const struct fake_qp *qp, u8 state);
void fake_rtr_req(struct cmdq_modify_qp *req, const struct fake_qp *qp, const u8 *dgid,
		  u32 dest_qpn, u32 rq_psn);
void fake_rts_req(struct cmdq_modify_qp *req, const struct fake_qp *qp);
void fake_connect(struct fake_fn *fa, struct fake_qp *a, struct fake_fn *fb, struct fake_qp *b);
u8 fake_create_mr(struct fake_fn *ff, struct fake_mr *mr, u64 bytes, bool io, u32 pd, u8 access);
struct rig_soft_qp *fake_qp_of(struct fake_fn *ff, const struct fake_qp *qp);
void fake_wire_attach(struct fake_fn *ff, struct fake_wire *wire);

#endif /* RIG_SOFT_FAKE_H */
