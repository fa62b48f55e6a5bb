/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The model of a NetXtreme-E P5 function (rig_soft.ko): the state its
 * parts share.  This header owns the layout of the function's stand-in
 * BAR, the model's objects (rings, the command queue, GIDs, CQs, QPs,
 * MRs), the interfaces the pure parts use to reach memory and the BAR,
 * and the lock that covers all of it.  It declares Broadcom's formats by
 * including roce_hsi.h and bnxt_hsi.h in place, never the driver's own
 * declarations: the model decodes what the driver writes as the firmware
 * would.
 *
 * Everything here except struct rig_soft_world's lock is protected by
 * that lock (world->lock, a mutex): the engine thread holds it for a
 * pass, HWRM requests and debugfs knobs take it.  Objects are owned by
 * their function and freed under the lock, so once a command that
 * destroys an object has been answered the model touches its memory no
 * more.
 */
#ifndef RIG_SOFT_H
#define RIG_SOFT_H

#include <linux/bitmap.h>
#include <linux/device.h>
#include <linux/io.h>
#include <linux/if_ether.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/prandom.h>
#include <linux/types.h>
#include <linux/wordpart.h>
#include <linux/unaligned.h>
#include <linux/xarray.h>

#include "roce_hsi.h"	/* Broadcom's, with bnxt_hsi.h: read in place */

#include "mem.h"
#include "rc.h"

/* BAR 2 of the stand-in function, in bytes from its start (the contract). */
#define RIG_SOFT_BAR_MIN	SZ_32M
#define RIG_SOFT_MBOX_INIT	0x600	/* struct cmdq_init */
#define RIG_SOFT_MBOX_PROD	0x60c	/* CMDQ producer: slots, bit 31 = reset */
#define RIG_SOFT_MBOX_TRIG	0x700	/* the driver writes 1 after a producer */
#define RIG_SOFT_STATUS		0x1000	/* struct rig_bnxt_status */
#define RIG_SOFT_STATUS_RQ_WAKE	(RIG_SOFT_STATUS + 4)	/* its @rq_wake */
#define RIG_SOFT_DB_BAR		0x10000	/* the doorbell BAR starts here */
#define RIG_SOFT_L2_DB_SIZE	0x10000	/* its "L2" part: vector doorbells */
#define RIG_SOFT_VEC_DB_STRIDE	0x1000	/* vector i's doorbell at i * this */
#define RIG_SOFT_DPI_SIZE	0x1000	/* one DPI page */
/* The prod register's reset flag and slot count. */
#define RIG_SOFT_PROD_RESET	BIT(31)
#define RIG_SOFT_PROD_MASK	0xffffU

/* What the function says it is (HWRM_VER_GET, QUERY_VERSION, FUNC_QCFG). */
#define RIG_SOFT_CHIP_NUM	0x1750	/* BCM57508 */
#define RIG_SOFT_FW_MAJOR	230
#define RIG_SOFT_FW_MINOR	0
#define RIG_SOFT_FW_BUILD	157
#define RIG_SOFT_MTU		9000	/* its Ethernet MTU until debugfs "mtu" says */
#define RIG_SOFT_MTU_MIN	576
#define RIG_SOFT_MTU_MAX	9500
/* RoCE v2's headers around a payload, as ib_core counts them (GRH..ICRC). */
#define RIG_SOFT_ROCE_HEADERS	96

/* MSI-X vectors the function sets aside for RoCE: the CREQ's and one NQ's. */
#define RIG_SOFT_NVEC		2

/* The model's fixed resources (QUERY_FUNC reports them; see the report). */
#define RIG_SOFT_MAX_QP		4095
#define RIG_SOFT_MAX_QP_WR	0xffff
#define RIG_SOFT_MAX_CQ		4096
#define RIG_SOFT_MAX_CQE	0xfffff
#define RIG_SOFT_MAX_MR		16384
#define RIG_SOFT_MAX_PD		0x10000
#define RIG_SOFT_MAX_GID	128
#define RIG_SOFT_MAX_SGE	6
#define RIG_SOFT_MR_CACHE	8	/* slots of struct rig_soft_fn @mr_cache */
#define RIG_SOFT_MAX_RD_ATOM	16
#define RIG_SOFT_MAX_MR_SIZE	BIT_ULL(36)
#define RIG_SOFT_MAX_STAT_CTX	16
/*
 * The statistics block the firmware writes into a context's memory: a
 * struct ctx_hw_stats, what bnxt_en reports as hw_ring_stats_size.
 */
#define RIG_SOFT_STATS_SIZE	sizeof(struct ctx_hw_stats)
/* Object numbers: xids are 20 bits (struct dbc_dbc). */
#define RIG_SOFT_XID_MAX	((1U << 20) - 1)
/*
 * A key is its MR's index in the key table, in the high bits, and a random
 * variant in all the others: the index takes only the bits RIG_SOFT_MAX_MR
 * keys need, so a key has as many bits no one can guess as it can.
 */
#define RIG_SOFT_KEY_INDEX_BITS	14
#define RIG_SOFT_KEY_VARIANT_BITS (32 - RIG_SOFT_KEY_INDEX_BITS)
#define RIG_SOFT_KEY_INDEX_MAX	((1U << RIG_SOFT_KEY_INDEX_BITS) - 1)
#define RIG_SOFT_KEY_VARIANT_MAX ((1U << RIG_SOFT_KEY_VARIANT_BITS) - 1)
static_assert(BIT(RIG_SOFT_KEY_INDEX_BITS) >= RIG_SOFT_MAX_MR);
/* Ring ids HWRM_RING_ALLOC answers: 12 bits (CREATE_CQ's cnq_id). */
#define RIG_SOFT_RING_ID_MIN	0x10
#define RIG_SOFT_RING_ID_MAX	0xfff

/* Page tables: levels 0 to 2; PBL and PDE pages of queues are 4 KiB. */
#define RIG_SOFT_PBL_LVL_MAX	2
#define RIG_SOFT_PBL_SHIFT	12
#define RIG_SOFT_PTE_FLAGS	(PTU_PTE_VALID | PTU_PTE_LAST | PTU_PTE_NEXT_TO_LAST)

/* The largest command the model reads, in bytes (cmdq_modify_qp is 128). */
#define RIG_SOFT_CMD_MAX	256
/* Answers (and QP error notifications) waiting for the CREQ. */
#define RIG_SOFT_ANSWERS	256

/* Static WQE mode: every SQ and RQ entry is 128 bytes (uapi/rig_bnxt_hsi.h). */
#define RIG_SOFT_WQE_SIZE	128
#define RIG_SOFT_WQE_SLOTS	(RIG_SOFT_WQE_SIZE / sizeof(struct sq_sge))
#define RIG_SOFT_HDR_SLOTS	2
#define RIG_SOFT_PSN_SIZE	sizeof(struct sq_psn_search_ext)
#define RIG_SOFT_CQE_SIZE	sizeof(struct cq_base)
#define RIG_SOFT_PSN_MASK	0xffffffU

/*
 * Send entries a send ring keeps free beyond the one slot no ring fills:
 * the reserve of static WQE mode that bnxt_re's post_send never eats into
 * (BNXT_QPLIB_RESERVED_QP_WRS, "reserved for the HW", its q_full_delta).
 * What the chip does with a producer inside it is not written down.
 */
#define RIG_SOFT_SQ_RESERVE	128

struct rig_soft_fn;

/**
 * struct rig_soft_fn_ops - what the pure parts ask of a function's device
 * @raise: raise MSI-X vector @vec: call the handler the driver gave
 *	   request_irq, bottom halves disabled
 * @xmit: queue a frame of @len bytes for the function's interface (a
 *	  wired function only; net.c): 0, or -ENOBUFS when the interface's
 *	  queue is full or gone (the machine offers the packet again).  The
 *	  world's lock is held; the frame leaves after it is dropped.
 * @rx: take the frames the interface received for the function, each
 *	through rig_soft_wire_recv(), and say whether there were any; with
 *	@peek only say whether some wait.  The world's lock is held.
 *
 * Its BAR 2 is struct rig_soft_fn @bar, read and written with
 * rig_soft_bar_read32() and its siblings: the engine polls doorbells
 * there on every pass, and a call through a pointer for each look costs
 * under TCG.
 */
struct rig_soft_fn_ops {
	void (*raise)(struct rig_soft_fn *fn, unsigned int vec);
	int (*xmit)(struct rig_soft_fn *fn, const void *frame, u32 len);
	bool (*rx)(struct rig_soft_fn *fn, bool peek);
};

/**
 * struct rig_soft_world - every function one engine serves
 * @lock: covers all model state of every function in @fns
 * @fns: struct rig_soft_fn, under @lock
 * @qps: every QP of every function, in the order the engine serves
 *	 them, under @lock
 * @touched: CQs a completion was written to since rig_soft_cq_service()
 *	     last looked at them (struct rig_soft_cq @touched), under @lock
 * @look: counts the engine's looks at a QP (rig_soft_exec_qp() and
 *	  rig_soft_exec_pending()), under @lock: a CQ's consumer doorbell
 *	  is read at most once per look while it leaves room
 * @rnr_ms: how long a send waits for the peer to post a receive
 * @retry_ms: how long a send waits for a peer that does not answer
 * @nwired: functions of @fns on a network interface (struct rig_soft_fn
 *	    @wired), under @lock: the passes look at the wire only when
 *	    one is
 * @rx_frame: a received frame, copied out of its buffer, under @lock
 * @tx_frame: a frame being built, under @lock
 * @fw_timeout_s: the command timeout HWRM_VER_GET advertises
 *		  (max_req_timeout, which bnxt_re takes for its CMDQ); not
 *		  under @lock: the module parameter's setter stores it with
 *		  WRITE_ONCE, HWRM_VER_GET loads it with READ_ONCE
 * @unkind: RIG_SOFT_UNKIND_*: where the chip has latitude, which of its
 *	    least convenient choices the model makes, under @lock (the
 *	    engine copies the module parameter at each pass; KUnit sets it)
 * @rnd: the seeded draws of those choices, under @lock
 */
struct rig_soft_world {
	struct mutex lock;	/* everything below, in every function */
	struct list_head fns;
	struct list_head qps;
	struct list_head touched;
	u64 look;
	unsigned int rnr_ms;
	unsigned int retry_ms;
	u32 nwired;
	u8 rx_frame[RIG_SOFT_ROCE_FRAME_MAX];
	u8 tx_frame[RIG_SOFT_ROCE_FRAME_MAX];
	unsigned int fw_timeout_s;
	unsigned int unkind;
	struct rnd_state rnd;
};

/*
 * What the model does, as a 57508 may, where the references let the chip
 * choose (struct rig_soft_world @unkind; the module parameter "unkind").
 *
 * @RIG_SOFT_UNKIND_AGGREGATE: a successful send's completion is written
 *	now or, by a draw, left to a later one whose sq_cons_idx (the raw
 *	16-bit count) covers it: one completion for several entries.
 * @RIG_SOFT_UNKIND_NO_FLUSH: a QP that fails completes the failing entry,
 *	then hardware-flushes a drawn number of the receives outstanding
 *	(HW_FLUSH_ERR) and writes a TERMINAL completion; nothing else is
 *	ever flushed: the rest is software's.
 * @RIG_SOFT_UNKIND_CQ_OVERFLOW: an entry runs whether or not its CQ has
 *	room; a completion that finds the CQ full is not written: the CQ
 *	takes no more and the firmware raises a CQ error event.
 */
enum {
	RIG_SOFT_UNKIND_AGGREGATE	= BIT(0),
	RIG_SOFT_UNKIND_NO_FLUSH	= BIT(1),
	RIG_SOFT_UNKIND_CQ_OVERFLOW	= BIT(2),
	RIG_SOFT_UNKIND_ALL		= GENMASK(2, 0),
};

/* Does @world behave as @unkind says, and, with @draw, does the draw say so now? */
static inline bool rig_soft_unkind(struct rig_soft_world *world, unsigned int unkind, bool draw)
{
	lockdep_assert_held(&world->lock);
	return (world->unkind & unkind) && (!draw || (prandom_u32_state(&world->rnd) & 1));
}

/**
 * struct rig_soft_qmem - memory the firmware reaches through a PBL
 * @pages: DMA address of each page, read once from the PBL
 * @npages: how many
 * @pg_shift: log2 of the pages' size
 *
 * The page list is read when the object is created and kept, as the
 * chip's page table unit caches it; the driver may not change a PBL
 * under a live object.
 */
struct rig_soft_qmem {
	dma_addr_t *pages;
	u32 npages;
	u8 pg_shift;
};

/**
 * struct rig_soft_db - a doorbell the model polls
 * @off: its BAR 2 offset (a vector's page or a DPI page)
 * @raw: the value last read, to notice a change
 * @val: the last value that was well addressed (xid, path, valid)
 * @seen: @val holds a doorbell (the page was rung since it was reset)
 */
struct rig_soft_db {
	u32 off;
	u64 raw;
	u64 val;
	bool seen;
};

/**
 * struct rig_soft_ring - a notification-type ring (HWRM_RING_ALLOC, NQ)
 * @live: allocated
 * @id: the ring id HWRM_RING_ALLOC answered
 * @vec: the vector it raises (its logical id)
 * @entries: 16-byte entries
 * @mem: its pages
 * @prod: entries written, a running count
 * @db: its doorbell (NQ/NQ_ARM, xid @id) at the vector's page
 * @raised: the doorbell value that armed the last raise (0: none)
 *
 * The CREQ is the ring whose id cmdq_init names; the others are NQs.
 */
struct rig_soft_ring {
	bool live;
	u16 id;
	u8 vec;
	u32 entries;
	struct rig_soft_qmem mem;
	u64 prod;
	struct rig_soft_db db;
	u64 raised;
};

/**
 * struct rig_soft_answer - a CREQ entry waiting to be written
 * @entry: the 16 bytes, valid bit not yet set
 * @due: jiffies before which it may not be written (a late answer)
 * @lost: never written (a lost answer): dropped when it comes first
 */
struct rig_soft_answer {
	u8 entry[16];
	unsigned long due;
	bool lost;
};

/**
 * struct rig_soft_cmdq - the RoCE firmware's command queue
 * @up: cmdq_init was taken (the first producer write after it)
 * @broken: a fetch faulted or the producer made no sense: the model's
 *	    firmware stops consuming until the next cmdq_init
 * @mem: its pages (level 0: one contiguous buffer)
 * @depth: 16-byte slots
 * @creq: the ring id of the CREQ (cmdq_init's creq_ring_id)
 * @prod: the producer last read, low 16 bits
 * @cons: slots consumed, low 16 bits as the producer counts them
 * @answers: answers waiting for the CREQ, a ring of RIG_SOFT_ANSWERS
 * @head: the oldest answer
 * @count: answers waiting
 */
struct rig_soft_cmdq {
	bool up;
	bool broken;
	struct rig_soft_qmem mem;
	u32 depth;
	u16 creq;
	u16 prod;
	u16 cons;
	struct rig_soft_answer answers[RIG_SOFT_ANSWERS];
	u32 head;
	u32 count;
};

/**
 * struct rig_soft_gid - an entry of the function's GID table
 * @live: added
 * @gid: the GID in network order (ADD_GID carries it byte-reversed)
 * @mac: the source MAC
 * @vlan: the VLAN word of ADD_GID
 */
struct rig_soft_gid {
	bool live;
	u8 gid[16];
	u8 mac[ETH_ALEN];
	u16 vlan;
};

/**
 * struct rig_soft_limits - what QUERY_FUNC reports, and enforces
 * @max_qp: live QPs
 * @max_qp_wr: entries of an SQ or RQ
 * @max_cq: live CQs
 * @max_cqe: entries of a CQ
 * @max_mr: allocated keys
 * @max_pd: PD numbers are below this
 * @max_gid: GID table entries
 * @max_dpi: DPI pages of the doorbell BAR
 * @max_mr_size: bytes of one MR
 * @max_sge: elements of an entry
 * @max_rd_atom: RDMA READs a responder takes at once (ignored by the
 *		 data path, which runs one at a time)
 */
struct rig_soft_limits {
	u32 max_qp;
	u32 max_qp_wr;
	u32 max_cq;
	u32 max_cqe;
	u32 max_mr;
	u32 max_pd;
	u32 max_gid;
	u32 max_dpi;
	u64 max_mr_size;
	u8 max_sge;
	u8 max_rd_atom;
};

/**
 * struct rig_soft_faults - fault injection (debugfs), under world->lock
 * @fail_nth: refuse the fail_nth-th next command (1: the next one)
 * @fail_nth_status: ... with this status
 * @fail_opcode: refuse the next command with this opcode (0: none)
 * @fail_opcode_status: ... with this status
 * @delay_nth: answer the delay_nth-th next command late
 * @delay_ms: ... by this much
 * @drop_nth: never answer the drop_nth-th next command
 * @creq_stall: write no CREQ entry while set
 * @hang: consume no command, answer no HWRM request (-ETIMEDOUT)
 * @hwrm_fail: refuse this many next HWRM requests
 * @hwrm_fail_code: ... with this HWRM_ERR_CODE_*
 */
struct rig_soft_faults {
	u32 fail_nth;
	u8 fail_nth_status;
	u8 fail_opcode;
	u8 fail_opcode_status;
	u32 delay_nth;
	u32 delay_ms;
	u32 drop_nth;
	bool creq_stall;
	bool hang;
	u32 hwrm_fail;
	u16 hwrm_fail_code;
};

/**
 * struct rig_soft_stats - what debugfs counts, under world->lock
 * @cmds: commands consumed from the CMDQ
 * @cmds_refused: of which answered with a non-zero status
 * @hwrm: HWRM requests answered
 * @hwrm_refused: of which with a non-zero error code
 * @hwrm_stopped: HWRM requests that came while the function was stopped
 *		  (answered -EBUSY, not counted in @hwrm)
 * @creq_entries: entries written to the CREQ
 * @nq_entries: notifications written to NQs
 * @raises: vectors raised
 * @db_ignored: doorbells ignored (wrong xid, path or valid bit)
 * @arms_void: CQ arms that found their CQ not enabled (no CQ_ARMENA
 *	       since its last notification): they raise nothing
 * @events_dropped: QP error notifications or CQ notifications that
 *		    found their ring full or gone
 * @cq_faults: completions that could not be written (a DMA fault)
 * @cq_overflows: completions that found their CQ full and broke it
 *		  (RIG_SOFT_UNKIND_CQ_OVERFLOW)
 * @tx_pkts: packets the function sent for messages and read responses
 *	     that completed (what its statistics blocks report)
 * @tx_bytes: their payload
 * @rx_pkts: packets it took in likewise
 * @rx_bytes: their payload
 * @stats_writes: statistics blocks written
 * @stop_leftovers: objects, rings and statistics contexts a driver told
 *		    of a stop ("suspend") had not freed when it returned
 * @raises_off: vectors raised while their IRQ was freed (debugfs "irqs")
 * @kick_passes: kicks that ran the engine's pass in the kicker's system
 *		 call (engine.c; the kicks themselves are rig_soft_fn's @kicks)
 */
struct rig_soft_stats {
	u64 cmds;
	u64 cmds_refused;
	u64 hwrm;
	u64 hwrm_refused;
	u64 hwrm_stopped;
	u64 creq_entries;
	u64 nq_entries;
	u64 raises;
	u64 db_ignored;
	u64 arms_void;
	u64 events_dropped;
	u64 cq_faults;
	u64 cq_overflows;
	u64 tx_pkts;
	u64 tx_bytes;
	u64 rx_pkts;
	u64 rx_bytes;
	u64 stats_writes;
	u64 stop_leftovers;
	u64 raises_off;
	u64 kick_passes;
};

/**
 * struct rig_soft_stat_ctx - a statistics context (HWRM_STAT_CTX_ALLOC)
 * @addr: where its block is written, RIG_SOFT_STATS_SIZE bytes
 * @period_ms: how often (0: never)
 * @due: jiffies of the next write
 *
 * Live while its bit of struct rig_soft_fn @stat_ctxs is set: the block
 * is written until HWRM_STAT_CTX_FREE, as the chip does.
 */
struct rig_soft_stat_ctx {
	dma_addr_t addr;
	u32 period_ms;
	unsigned long due;
};

/**
 * enum rig_soft_wire_drop - why a decoded frame was dropped (wire.c)
 * @RIG_SOFT_WIRE_DROP_TOO_LONG: longer than any frame the model takes
 * @RIG_SOFT_WIRE_DROP_NOT_MINE: not sent to the interface's MAC
 * @RIG_SOFT_WIRE_DROP_NO_GID: not sent to a live GID of the function
 * @RIG_SOFT_WIRE_DROP_NO_QP: no QP of that number on the wire
 * @RIG_SOFT_WIRE_DROP_QP_STATE: the QP is not in RTR or RTS
 * @RIG_SOFT_WIRE_DROP_PEER: not from the QP's peer, or not to its GID
 * @RIG_SOFT_WIRE_DROP_PKEY: a P_Key other than the default
 * @RIG_SOFT_WIRE_DROP_NOT_REQ: an acknowledgment or response to a QP
 *				 that has sent nothing yet (RTR)
 * @RIG_SOFT_WIRE_DROP_STALE: the transport dropped it: a duplicate, stale
 *			      or unexpected packet
 * @RIG_SOFT_WIRE_DROPS: the number of reasons
 */
enum rig_soft_wire_drop {
	RIG_SOFT_WIRE_DROP_TOO_LONG,
	RIG_SOFT_WIRE_DROP_NOT_MINE,
	RIG_SOFT_WIRE_DROP_NO_GID,
	RIG_SOFT_WIRE_DROP_NO_QP,
	RIG_SOFT_WIRE_DROP_QP_STATE,
	RIG_SOFT_WIRE_DROP_PEER,
	RIG_SOFT_WIRE_DROP_PKEY,
	RIG_SOFT_WIRE_DROP_NOT_REQ,
	RIG_SOFT_WIRE_DROP_STALE,
	RIG_SOFT_WIRE_DROPS
};

/**
 * struct rig_soft_wire_stats - what the wire did, under world->lock
 * @rx_frames: frames taken from the receive queue
 * @rx_ok: of which a QP's machine took
 * @tx_frames: frames queued for the interface
 * @tx_full: frames the interface's queue refused (offered again)
 * @roce: frames the decoder dropped, by enum rig_soft_roce_drop
 * @drop: frames dropped after decoding, by enum rig_soft_wire_drop
 */
struct rig_soft_wire_stats {
	u64 rx_frames;
	u64 rx_ok;
	u64 tx_frames;
	u64 tx_full;
	u64 roce[RIG_SOFT_ROCE_DROPS];
	u64 drop[RIG_SOFT_WIRE_DROPS];
};

/**
 * struct rig_soft_fn - one modelled function
 * @world: the engine that serves it
 * @node: in @world->fns
 * @ops: its vectors
 * @bar: its BAR 2: mapped uncached by main.c; a buffer under KUnit
 * @mem: its DMA (translated as its IOMMU translates)
 * @dev: for messages
 * @bar_len: bytes of BAR 2
 * @pci_id: bus << 8 | devfn, for HWRM_FUNC_QCFG
 * @mac: its MAC address, for HWRM_FUNC_QCAPS/QCFG
 * @mtu: its interface's Ethernet MTU (HWRM_FUNC_QCFG, the transport's
 *	 mtu): a path MTU whose packets would not fit it is refused
 * @lim: its limits
 * @stopped: stopped through debugfs: every object is gone, HWRM is
 *	     -EBUSY, nothing is served until it restarts
 * @hwrm_seq: sequence number of the next HWRM request
 * @next_ring: the ring id HWRM_RING_ALLOC tries next
 * @rings: the ring of each vector
 * @stat_ctxs: statistics contexts allocated
 * @stat: each context's memory and period
 * @cmdq: the command queue
 * @fw_up: INITIALIZE_FW was answered
 * @vf_limits: what INITIALIZE_FW left the function's VFs: QPs, MRWs,
 *	       SRQs, CQs and GIDs each (the model has no VF to give them to;
 *	       debugfs shows them)
 * @gids: the GID table
 * @gid_top: one past its last live entry (the data path looks no further)
 * @qps: qpn -> struct rig_soft_qp
 * @cqs: id -> struct rig_soft_cq
 * @cq_list: the same CQs (struct rig_soft_cq @node), which the engine's
 *	     passes walk: ids are sparse, and a walk of @cqs costs more
 * @mrs: key index -> struct rig_soft_mr
 * @mr_cache: MRs rig_soft_mr_find() found, by the low bits of their key
 *	      index, looked at before @mrs (a stream uses a few regions
 *	      again and again); rig_soft_mr_free() clears an MR's slot
 * @next_qpn: cursor of xa_alloc_cyclic() for @qps
 * @next_cqn: ... for @cqs
 * @nqps: live QPs
 * @ncqs: live CQs
 * @nmrs: allocated keys
 * @mr_page_bytes: memory the registered MRs' page addresses take, what the
 *		   model spends per region (stats' mr_page_bytes)
 * @dpi_used: DPI pages a live QP or CQ rings (RIG_TRANSPORT_CAP_DPI_PER_DOORBELL)
 * @faults: fault injection
 * @stats: counters
 * @kicks: RIG_BNXT_KICKs for this function (system calls on the fast
 *	   path); atomic, not under @world's lock: a kick that finds the
 *	   lock taken wakes the engine without it
 * @cmd_wakes: the driver's wakes after a command posted while the engine
 *	       slept (the transport's wake); atomic, as @kicks
 * @wired: attached to a network interface (net.c): QPs that reach RTR
 *	   from now on speak RoCE v2 on it (wire.c)
 * @wire_mac: the interface's MAC, what a received frame must be sent to
 * @wire: what the wire did, for debugfs
 * @rx_overflow: frames dropped because the receive queue was full;
 *		 atomic, counted in the interface's receive path, which
 *		 may not take @world's lock
 * @rx_too_long: frames dropped there, before the queue, because no
 *		 path MTU makes one so long; atomic, as @rx_overflow
 */
struct rig_soft_fn {
	struct rig_soft_world *world;
	struct list_head node;
	const struct rig_soft_fn_ops *ops;
	void __iomem *bar;
	struct rig_soft_mem *mem;
	struct device *dev;
	u32 bar_len;
	u16 pci_id;
	u8 mac[ETH_ALEN];
	u32 mtu;
	struct rig_soft_limits lim;
	bool stopped;
	u16 hwrm_seq;
	u16 next_ring;
	struct rig_soft_ring rings[RIG_SOFT_NVEC];
	DECLARE_BITMAP(stat_ctxs, RIG_SOFT_MAX_STAT_CTX);
	struct rig_soft_stat_ctx stat[RIG_SOFT_MAX_STAT_CTX];
	struct rig_soft_cmdq cmdq;
	bool fw_up;
	u32 vf_limits[5];
	struct rig_soft_gid gids[RIG_SOFT_MAX_GID];
	u32 gid_top;
	struct xarray qps;
	struct xarray cqs;
	struct list_head cq_list;
	struct xarray mrs;
	struct rig_soft_mr *mr_cache[RIG_SOFT_MR_CACHE];
	u32 next_qpn;
	u32 next_cqn;
	u32 nqps;
	u32 ncqs;
	u32 nmrs;
	u64 mr_page_bytes;
	unsigned long *dpi_used;
	struct rig_soft_faults faults;
	struct rig_soft_stats stats;
	atomic64_t kicks;
	atomic64_t cmd_wakes;
	bool wired;
	u8 wire_mac[ETH_ALEN];
	struct rig_soft_wire_stats wire;
	atomic64_t rx_overflow;
	atomic64_t rx_too_long;
};

/*
 * @fn's BAR 2, a word at a time: readl()/writel()/readq()/writeq(), as
 * main.c mapped it.  Under UML (KUnit) iomem is the logic_iomem layer,
 * which knows nothing of the fake's buffer: plain little-endian loads
 * and stores there.
 */
#define RIG_SOFT_BAR_BUF(fn, off)	((u8 __force *)(fn)->bar + (off))

/* The 32-bit word at @off of @fn's BAR 2. */
static inline u32 rig_soft_bar_read32(struct rig_soft_fn *fn, u32 off)
{
	if (IS_ENABLED(CONFIG_UML))
		return get_unaligned_le32(RIG_SOFT_BAR_BUF(fn, off));
	return readl(fn->bar + off);
}

/* Store a 32-bit word at @off of @fn's BAR 2. */
static inline void rig_soft_bar_write32(struct rig_soft_fn *fn, u32 off, u32 val)
{
	if (IS_ENABLED(CONFIG_UML))
		put_unaligned_le32(val, RIG_SOFT_BAR_BUF(fn, off));
	else
		writel(val, fn->bar + off);
}

/* The 64-bit little-endian word at @off of @fn's BAR 2, in host order. */
static inline u64 rig_soft_bar_read64(struct rig_soft_fn *fn, u32 off)
{
	if (IS_ENABLED(CONFIG_UML))
		return get_unaligned_le64(RIG_SOFT_BAR_BUF(fn, off));
	return readq(fn->bar + off);
}

/* Store a 64-bit word (host order) little-endian at @off of @fn's BAR 2. */
static inline void rig_soft_bar_write64(struct rig_soft_fn *fn, u32 off, u64 val)
{
	if (IS_ENABLED(CONFIG_UML))
		put_unaligned_le64(val, RIG_SOFT_BAR_BUF(fn, off));
	else
		writeq(val, fn->bar + off);
}

/**
 * struct rig_soft_cq - a completion queue (CREATE_CQ)
 * @fn: its function
 * @id: its xid
 * @handle: cq_handle, returned in notifications
 * @entries: completions the ring holds
 * @dpi: its DPI: @db at @dpi (@dpi + 1 is taken with it, unrung)
 * @nq: the ring id of the NQ its notifications go to
 * @mem: its pages
 * @prod: completions written, a running count
 * @db: the process's doorbell: CQ, CQ_ARMALL or CQ_ARMSE
 * @armena: the driver's CQ_ARMENA doorbell: its word of the privileged
 *	    page (rig_soft_armena_off())
 * @cons: the consumer's place, by the last good doorbell (0: never rung)
 * @cons_bad: the last doorbell named no place: the CQ has no room
 * @looked: the world's @look when the doorbell was last read
 * @armed: a CQ_ARMALL or CQ_ARMSE arrived, after a CQ_ARMENA, that no
 *	   notification answered (a later CQ doorbell moves the consumer
 *	   and keeps the arm); one that found the CQ not enabled is void
 * @arm_se: ... a CQ_ARMSE: only an error completion is notified
 * @arm_pos: ... the place it named
 * @armena_on: a CQ_ARMENA arrived since the last notification (the model
 *	       zeroes the word when it takes one)
 * @error_seen: an error completion was written since the last
 *		notification (what CQ_ARMSE waits for)
 * @toggle: the toggle the last notification carried
 * @cnq_events: notifications written (DESTROY_CQ answers it)
 * @users: QPs that complete into it
 * @broken: a completion could not be written: it takes no more
 * @node: in its function's @cq_list
 * @touched: in its world's @touched while a completion written to it
 *	     waits for rig_soft_cq_service(); else empty
 */
struct rig_soft_cq {
	struct rig_soft_fn *fn;
	u32 id;
	u64 handle;
	u32 entries;
	u32 dpi;
	u16 nq;
	struct rig_soft_qmem mem;
	u64 prod;
	struct rig_soft_db db;
	struct rig_soft_db armena;
	u64 cons;
	bool cons_bad;
	u64 looked;
	bool armed;
	bool arm_se;
	u64 arm_pos;
	bool armena_on;
	bool error_seen;
	u8 toggle;
	u16 cnq_events;
	u32 users;
	bool broken;
	struct list_head node;
	struct list_head touched;
};

/**
 * struct rig_soft_mr - a key (ALLOCATE_MRW) and what it names (REGISTER_MR)
 * @key: index << RIG_SOFT_KEY_VARIANT_BITS | variant; never 0
 * @pd: the PD it was allocated for
 * @handle: mrw_handle
 * @registered: REGISTER_MR bound pages to it
 * @access: CMDQ_REGISTER_MR_ACCESS_*
 * @va: the address of its first byte (0 when zero based)
 * @size: bytes
 * @first: offset of its first byte in the first page
 * @pg_shift: log2 of its pages' size
 * @npages: how many
 * @pages: DMA address of each
 */
struct rig_soft_mr {
	u32 key;
	u32 pd;
	u64 handle;
	bool registered;
	u8 access;
	u64 va;
	u64 size;
	u32 first;
	u8 pg_shift;
	u64 npages;
	dma_addr_t *pages;
};

/**
 * struct rig_soft_sge - a scatter/gather element, decoded
 * @va: address of its first byte in the MR's view
 * @key: the MR's key
 * @size: bytes
 */
struct rig_soft_sge {
	u64 va;
	u32 key;
	u32 size;
};

/**
 * struct rig_soft_sqe - a send entry, decoded and checked
 * @type: SQ_BASE_WQE_TYPE_SEND or SQ_BASE_WQE_TYPE_READ_WQE
 * @signal: SIGNAL_COMP
 * @length: bytes: the sum of the elements
 * @remote_va: READ_WQE: the peer's address of the first byte
 * @remote_key: READ_WQE: the peer's key
 * @nsge: elements
 * @sge: SEND: where the bytes come from; READ_WQE: where they go
 */
struct rig_soft_sqe {
	u8 type;
	bool signal;
	u32 length;
	u64 remote_va;
	u32 remote_key;
	u32 nsge;
	struct rig_soft_sge sge[RIG_SOFT_MAX_SGE];
};

/**
 * struct rig_soft_rqe - a receive entry, decoded and checked
 * @wr_id: wr_id[0], returned in the completion
 * @capacity: bytes the elements hold
 * @nsge: elements, at least one
 * @sge: where the message goes
 */
struct rig_soft_rqe {
	u32 wr_id;
	u64 capacity;
	u32 nsge;
	struct rig_soft_sge sge[RIG_SOFT_MAX_SGE];
};

/**
 * struct rig_soft_cursor - a place in an MR
 * @fn: the function the MR is of
 * @mr: the MR
 * @off: bytes into it
 */
struct rig_soft_cursor {
	struct rig_soft_fn *fn;
	struct rig_soft_mr *mr;
	u64 off;
};

/**
 * struct rig_soft_xfer - the head send entry while it moves in pieces
 * @active: begun and not yet complete
 * @wrote_io: device memory was written (flush before the completion)
 * @resolved: @mine and @theirs hold the keys resolved when the entry
 *	      began, for its first piece, which runs under the same hold of
 *	      the world's lock; every later piece resolves them afresh
 * @npkts: PSNs the entry takes
 * @done: bytes moved
 * @sqe: the entry
 * @rqe: SEND: the peer's receive it lands in
 * @remote: READ: the peer's element
 * @mine: the entry's elements, as cursors
 * @theirs: the peer's (@rqe's elements, or @remote)
 */
struct rig_soft_xfer {
	bool active;
	bool wrote_io;
	bool resolved;
	u32 npkts;
	u64 done;
	struct rig_soft_sqe sqe;
	struct rig_soft_rqe rqe;
	struct rig_soft_sge remote;
	struct rig_soft_cursor mine[RIG_SOFT_MAX_SGE];
	struct rig_soft_cursor theirs[RIG_SOFT_MAX_SGE];
};

/**
 * struct rig_soft_wire - a QP's RC transport on the wire (wire.c)
 * @req: its requester
 * @resp: its responder
 * @req_up: @req was initialised (the QP reached RTS)
 * @given: send entries handed to @req, a running count like the QP's
 *	   @sq_done (which counts those completed)
 * @sqe: the entry of each of @req's slots
 * @stall: a send entry after those given was refused (format, PSN search
 *	   entry, keys, length): the status its completion carries once every
 *	   earlier one has completed, then the QP fails with @stall_reason
 * @stall_reason: CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_*
 * @rqe: the receive a SEND in progress lands in
 * @deadline: when @req wants its tick (ktime_get_ns()), or
 *	      RIG_SOFT_RC_NEVER
 *
 * Allocated when a QP of a wired function enters RTR, freed with the QP;
 * under the world's lock like the QP.
 */
struct rig_soft_wire {
	struct rig_soft_rc_req req;
	struct rig_soft_rc_resp resp;
	bool req_up;
	u64 given;
	struct rig_soft_sqe sqe[RIG_SOFT_RC_WINDOW];
	u8 stall;
	u8 stall_reason;
	struct rig_soft_rqe rqe;
	u64 deadline;
};

/**
 * struct rig_soft_qp - a queue pair (CREATE_QP, RC only)
 * @fn: its function
 * @node: in @fn->world->qps
 * @qpn: its number (xid)
 * @handle: qp_handle, returned in completions
 * @pd: its PD
 * @dpi: its send doorbell's DPI; @dpi + 1 its receive doorbell's
 * @flags: CMDQ_CREATE_QP_QP_FLAGS_*
 * @scq: the CQ of its send entries
 * @rcq: the CQ of its receive entries
 * @sq: its send ring: @sq_entries entries, then the PSN search area
 * @rq: its receive ring
 * @sq_entries: entries of @sq
 * @rq_entries: entries of @rq
 * @sq_sge: elements a send entry may have
 * @rq_sge: elements a receive entry may have
 * @state: CMDQ_MODIFY_QP_NEW_STATE_*
 * @access: CMDQ_MODIFY_QP_ACCESS_*
 * @pkey: its P_Key
 * @dgid: the peer's GID, network order
 * @sgid_index: its own GID's index
 * @dest_mac: the peer's MAC
 * @mtu: path MTU in bytes
 * @path_mtu: path MTU as CMDQ_MODIFY_QP_PATH_MTU_* (in place)
 * @timeout: local ACK timeout
 * @retry_cnt: retries
 * @rnr_retry: RNR retries
 * @min_rnr_timer: the RNR timer it asks of its peer
 * @rq_psn: the first PSN it expects
 * @sq_psn: its first PSN
 * @max_rd_atomic: ORRQ slots
 * @max_dest_rd_atomic: IRRQ slots
 * @dest_qp_id: the peer's number
 * @network_type: CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV4 or _IPV6, as its
 *		  RTR on a wired function said (its frames' IP version)
 * @sq_db: the send doorbell (DPI @dpi)
 * @rq_db: the receive doorbell (DPI @dpi + 1)
 * @sq_done: send entries completed, a running count
 * @rq_done: receive entries completed, a running count
 * @sq_next_psn: the PSN of its next send entry
 * @rq_next_psn: the PSN it expects next as a responder
 * @waiting: the head entry waits for the peer (RNR, no answer)
 * @wait_status: ... and fails with this when the wait is over
 * @deadline: ... at this time (ktime_get_ns())
 * @xfer: the head entry
 * @error_sent: its error notification went to the CREQ
 * @sq_owed: a successful send's completion was left for a later one to
 *	     cover (RIG_SOFT_UNKIND_AGGREGATE); rig_soft_cq_req_settle()
 *	     writes it before the engine leaves the QP
 * @terminal: it failed and wrote its TERMINAL completion: the engine
 *	      flushes nothing of it (RIG_SOFT_UNKIND_NO_FLUSH) until RESET
 * @wire: its transport on the wire, or NULL on the path between the
 *	  functions of one world (exec.c)
 */
struct rig_soft_qp {
	struct rig_soft_fn *fn;
	struct list_head node;
	u32 qpn;
	u64 handle;
	u32 pd;
	u32 dpi;
	u32 flags;
	struct rig_soft_cq *scq;
	struct rig_soft_cq *rcq;
	struct rig_soft_qmem sq;
	struct rig_soft_qmem rq;
	u32 sq_entries;
	u32 rq_entries;
	u8 sq_sge;
	u8 rq_sge;
	u8 state;
	u8 access;
	u16 pkey;
	u8 dgid[16];
	u16 sgid_index;
	u8 dest_mac[ETH_ALEN];
	u32 mtu;
	u8 path_mtu;
	u8 timeout;
	u8 retry_cnt;
	u8 rnr_retry;
	u8 min_rnr_timer;
	u32 rq_psn;
	u32 sq_psn;
	u8 max_rd_atomic;
	u8 max_dest_rd_atomic;
	u32 dest_qp_id;
	u8 network_type;
	struct rig_soft_db sq_db;
	struct rig_soft_db rq_db;
	u64 sq_done;
	u64 rq_done;
	u32 sq_next_psn;
	u32 rq_next_psn;
	bool waiting;
	u8 wait_status;
	u64 deadline;
	struct rig_soft_xfer xfer;
	bool error_sent;
	bool sq_owed;
	bool terminal;
	struct rig_soft_wire *wire;
};

#define rig_soft_warn(fn, fmt, ...) \
	dev_warn_ratelimited((fn)->dev, "rig_soft: " fmt, ##__VA_ARGS__)

static inline void rig_soft_assert_held(struct rig_soft_fn *fn)
{
	lockdep_assert_held(&fn->world->lock);
}

/* BAR 2 offset of DPI page @dpi. */
static inline u32 rig_soft_dpi_off(u32 dpi)
{
	return RIG_SOFT_DB_BAR + RIG_SOFT_L2_DB_SIZE + dpi * RIG_SOFT_DPI_SIZE;
}

/* The privileged page: CQ_ARMENA is taken from it and from no other. */
#define RIG_SOFT_PRIV_DPI	0
/* Its 8-byte words: each CQ's CQ_ARMENA is the word of its handle. */
#define RIG_SOFT_ARMENA_WORDS	(RIG_SOFT_DPI_SIZE / sizeof(u64))

/*
 * BAR 2 offset of the CQ_ARMENA word of a CQ of handle @handle.  A chip
 * sees every write to the privileged page; the model sees a word's
 * latest value, so each CQ has a word of its own, and a driver gives
 * no two live CQs handles of one word.
 */
static inline u32 rig_soft_armena_off(u64 handle)
{
	return rig_soft_dpi_off(RIG_SOFT_PRIV_DPI) +
	       (u32)(handle % RIG_SOFT_ARMENA_WORDS) * sizeof(u64);
}

/* fn.c: a function's life */
int rig_soft_fn_init(struct rig_soft_fn *fn, struct rig_soft_world *world,
		     const struct rig_soft_fn_ops *ops, void __iomem *bar,
		     struct rig_soft_mem *mem, struct device *dev, u32 bar_len);
void rig_soft_fn_reset(struct rig_soft_fn *fn);
void rig_soft_fn_exit(struct rig_soft_fn *fn);
void rig_soft_world_init(struct rig_soft_world *world);

/* pbl.c: page tables and the memory behind them */
int rig_soft_pbl_read(struct rig_soft_mem *mem, u64 pbl, u8 level, u64 npages,
		      u8 pg_shift, u8 pbl_shift, dma_addr_t *out);
int rig_soft_qmem_init(struct rig_soft_mem *mem, struct rig_soft_qmem *qm,
		       u64 pbl, u8 level, u8 pg_shift, u64 bytes);
void rig_soft_qmem_free(struct rig_soft_qmem *qm);
int rig_soft_qmem_rw(struct rig_soft_mem *mem, const struct rig_soft_qmem *qm,
		     u64 off, void *buf, u32 len, bool write);

/**
 * rig_soft_qmem_read() - read bytes of a queue
 * @mem: the function's memory
 * @qm: the queue's memory
 * @off: offset of the first byte in the queue
 * @buf: where the bytes go
 * @len: how many
 *
 * Inline for an entry within one page, the engine's case for every
 * entry it reads.
 *
 * Return: 0; -EFAULT (a DMA fault); -EINVAL past the queue's end.
 */
static inline int rig_soft_qmem_read(struct rig_soft_mem *mem, const struct rig_soft_qmem *qm,
				     u64 off, void *buf, u32 len)
{
	u64 size = BIT_ULL(qm->pg_shift), idx = off >> qm->pg_shift, in = off & (size - 1);

	if (idx < qm->npages && in + len <= size)
		return rig_soft_mem_read(mem, qm->pages[idx] + in, buf, len);
	return rig_soft_qmem_rw(mem, qm, off, buf, len, false);
}

int rig_soft_qmem_write(struct rig_soft_mem *mem, const struct rig_soft_qmem *qm,
			u64 off, const void *buf, u32 len);
int rig_soft_qmem_publish_pieces(struct rig_soft_mem *mem, const struct rig_soft_qmem *qm,
				 u64 off, const void *entry, u32 len, u32 last);

/**
 * rig_soft_qmem_publish() - write an entry whose one byte makes it valid
 * @mem: the function's memory
 * @qm: the queue's memory
 * @off: offset of the entry in the queue
 * @entry: its bytes, the valid (or toggle) bit already in byte @last
 * @len: its size
 * @last: the byte that holds the valid bit: stored after every other
 *
 * The reader is a CPU that tests the valid bit, then (dma_rmb()) reads
 * the rest, as bnxt_re's CREQ_CMP_VALID()/NQE_CMP_VALID() and the
 * library's completion reader do.  dma_wmb() orders the entry's other
 * bytes, and every byte written before the call, before byte @last.
 * Within one page of RAM (every completion the engine writes) it is one
 * access, as the chip makes it, and inline.
 *
 * Return: 0; -EFAULT when a piece faulted (the valid byte is then not
 * written); -EINVAL past the queue's end.
 */
static inline int rig_soft_qmem_publish(struct rig_soft_mem *mem, const struct rig_soft_qmem *qm,
					u64 off, const void *entry, u32 len, u32 last)
{
	u64 size = BIT_ULL(qm->pg_shift), idx = off >> qm->pg_shift, in = off & (size - 1);
	int ret;

	if (idx < qm->npages && in + len <= size) {
		ret = rig_soft_mem_publish(mem, qm->pages[idx] + in, entry, len, last);
		if (ret != -EAGAIN)
			return ret;
	}
	return rig_soft_qmem_publish_pieces(mem, qm, off, entry, len, last);
}

int rig_soft_pg_size_shift(u8 pg_size);

/* db.c: doorbells */
void rig_soft_db_reset(struct rig_soft_fn *fn, struct rig_soft_db *db, u32 off);

/**
 * rig_soft_db_poll() - look at a doorbell page
 * @fn: the function
 * @db: the doorbell
 * @xid: the object the page belongs to
 *
 * A real function sees each doorbell write; the model sees the latest
 * value in the page.  A value that is not the object's (xid), not on the
 * RoCE path or without the valid bit is ignored and counted once, and
 * the last good value stays in force; so is zero after a good value (a
 * page that was never rung reads zero and means "nothing yet").  Inline:
 * the engine looks at several doorbells for every entry.
 *
 * Return: 1 when a new good value is in @db->val, 0 when nothing
 * changed, -EINVAL when the new value was ignored.
 */
static inline int rig_soft_db_poll(struct rig_soft_fn *fn, struct rig_soft_db *db, u32 xid)
{
	u64 raw = rig_soft_bar_read64(fn, db->off);
	u32 high = upper_32_bits(raw);

	if (raw == db->raw)
		return 0;
	db->raw = raw;
	if (!raw && !db->seen)
		return 0;
	if ((high & DBC_DBC_XID_MASK) != xid || !(high & DBC_DBC_VALID) ||
	    (high & DBC_DBC_PATH_MASK) != DBC_DBC_PATH_ROCE) {
		fn->stats.db_ignored++;
		return -EINVAL;
	}
	db->val = raw;
	db->seen = true;
	return 1;
}

/* Bits of each doorbell word that Broadcom defines. */
#define RIG_SOFT_DB_LOW		(DBC_DBC_INDEX_MASK | DBC_DBC_EPOCH | DBC_DBC_TOGGLE_MASK)
#define RIG_SOFT_DB_HIGH	(DBC_DBC_XID_MASK | DBC_DBC_PATH_MASK | DBC_DBC_VALID | \
				 DBC_DBC_DEBUG_TRACE | DBC_DBC_TYPE_MASK)

/**
 * rig_soft_db_type() - a doorbell's type
 * @val: the value, host order
 *
 * Return: DBC_DBC_TYPE_*, in place.
 */
static inline u32 rig_soft_db_type(u64 val)
{
	return upper_32_bits(val) & DBC_DBC_TYPE_MASK;
}

/**
 * rig_soft_db_clean() - has a doorbell no bit beyond its fields?
 * @val: the value, host order
 * @toggle: the toggle bits may be set (CQ_ARMALL, CQ_ARMSE, CQ_ARMENA)
 *
 * Return: true when no undefined bit, no debug trace and (unless
 * @toggle) no toggle bit is set.
 */
static inline bool rig_soft_db_clean(u64 val, bool toggle)
{
	u32 low = lower_32_bits(val), high = upper_32_bits(val);

	if ((low & ~RIG_SOFT_DB_LOW) || (high & ~RIG_SOFT_DB_HIGH) ||
	    (high & DBC_DBC_DEBUG_TRACE))
		return false;
	return toggle || !(low & DBC_DBC_TOGGLE_MASK);
}

/**
 * rig_soft_db_pos() - the place a doorbell names on a ring
 * @val: the value, host order
 * @entries: the ring's entries
 * @pos: where the place goes: @index, plus @entries when the epoch is set,
 *	 a place on a circle of 2 * @entries
 *
 * Return: false when the index lies outside the ring.
 */
static inline bool rig_soft_db_pos(u64 val, u32 entries, u64 *pos)
{
	u32 low = lower_32_bits(val);
	u32 index = low & DBC_DBC_INDEX_MASK;

	if (index >= entries)
		return false;
	*pos = index + ((low & DBC_DBC_EPOCH) ? (u64)entries : 0);
	return true;
}

/* ring.c: CREQ and NQs */

/**
 * rig_soft_lap_valid() - the valid (toggle) bit of an entry
 * @count: entries written to the ring before it
 * @entries: entries the ring holds, not 0
 *
 * Return: 1 on the ring's first lap, 0 on the second, 1 on the third...
 */
static inline u8 rig_soft_lap_valid(u64 count, u32 entries)
{
	return !((count / entries) & 1);
}

struct rig_soft_ring *rig_soft_ring_find(struct rig_soft_fn *fn, u16 id);
int rig_soft_ring_post(struct rig_soft_fn *fn, struct rig_soft_ring *ring,
		       const void *entry);
bool rig_soft_ring_service(struct rig_soft_fn *fn, struct rig_soft_ring *ring);
bool rig_soft_ring_pending(struct rig_soft_fn *fn, struct rig_soft_ring *ring);

/* hwrm.c: HWRM */
int rig_soft_hwrm(struct rig_soft_fn *fn, const void *req, u32 req_len,
		  void *resp, u32 resp_len);
void rig_soft_hwrm_reset(struct rig_soft_fn *fn);
bool rig_soft_stats_service(struct rig_soft_fn *fn);
bool rig_soft_stats_pending(struct rig_soft_fn *fn);

/* cmdq.c: the command queue and the CREQ */
bool rig_soft_cmdq_service(struct rig_soft_fn *fn);
bool rig_soft_cmdq_pending(struct rig_soft_fn *fn);
void rig_soft_cmdq_reset(struct rig_soft_fn *fn);
void rig_soft_cmdq_event(struct rig_soft_fn *fn, const void *entry);

/* fw.c: command dispatch, function-wide commands, GIDs */
u8 rig_soft_fw_execute(struct rig_soft_fn *fn, const void *cmd, u32 len,
		       struct creq_qp_event *resp);
void rig_soft_fw_reset(struct rig_soft_fn *fn);

/**
 * rig_soft_fw_side() - write a command's answer side buffer
 * @fn: the function
 * @base: the command: resp_addr and resp_size (16-byte units) say where
 * @sb: the side buffer's bytes
 * @len: how many
 *
 * Written by DMA before the CREQ entry that answers the command.  Here
 * beside the commands' other helpers: fw.c and qp.c answer with one.
 *
 * Return: 0; INVALID_PARAMETER for no buffer or one too small;
 * HARDWARE_ERROR for a DMA fault.
 */
static inline u8 rig_soft_fw_side(struct rig_soft_fn *fn, const struct cmdq_base *base,
				  const void *sb, u32 len)
{
	if (!base->resp_addr || base->resp_size * 16U < len)
		return CREQ_QP_EVENT_STATUS_INVALID_PARAMETER;
	if (rig_soft_mem_write(fn->mem, le64_to_cpu(base->resp_addr), sb, len))
		return CREQ_QP_EVENT_STATUS_HARDWARE_ERROR;
	return 0;
}

/* cq.c: completion queues */
u8 rig_soft_cmd_create_cq(struct rig_soft_fn *fn, const void *cmd,
			  struct creq_qp_event *resp);
u8 rig_soft_cmd_destroy_cq(struct rig_soft_fn *fn, const void *cmd,
			   struct creq_qp_event *resp);
u32 rig_soft_cq_room(struct rig_soft_cq *cq);
int rig_soft_cq_write(struct rig_soft_cq *cq, const void *cqe);
bool rig_soft_cq_service(struct rig_soft_cq *cq);
bool rig_soft_cq_pending(struct rig_soft_cq *cq);
void rig_soft_cq_free(struct rig_soft_cq *cq);
bool rig_soft_dpi_take(struct rig_soft_fn *fn, u32 dpi);
void rig_soft_dpi_put(struct rig_soft_fn *fn, u32 dpi);

/* qp.c: queue pairs */
u8 rig_soft_cmd_create_qp(struct rig_soft_fn *fn, const void *cmd,
			  struct creq_qp_event *resp);
u8 rig_soft_cmd_destroy_qp(struct rig_soft_fn *fn, const void *cmd,
			   struct creq_qp_event *resp);
u8 rig_soft_cmd_modify_qp(struct rig_soft_fn *fn, const void *cmd,
			  struct creq_qp_event *resp);
u8 rig_soft_cmd_query_qp(struct rig_soft_fn *fn, const void *cmd,
			 struct creq_qp_event *resp);
void rig_soft_qp_free(struct rig_soft_qp *qp);

/* mr.c: keys and memory regions */
u8 rig_soft_cmd_allocate_mrw(struct rig_soft_fn *fn, const void *cmd,
			     struct creq_qp_event *resp);
u8 rig_soft_cmd_register_mr(struct rig_soft_fn *fn, const void *cmd,
			    struct creq_qp_event *resp);
u8 rig_soft_cmd_deregister_mr(struct rig_soft_fn *fn, const void *cmd,
			      struct creq_qp_event *resp);
u8 rig_soft_cmd_deallocate_key(struct rig_soft_fn *fn, const void *cmd,
			       struct creq_qp_event *resp);
struct rig_soft_mr *rig_soft_mr_find(struct rig_soft_fn *fn, u32 key);
void rig_soft_mr_free(struct rig_soft_fn *fn, struct rig_soft_mr *mr);

/* wqe.c: send and receive entries */
int rig_soft_sqe_decode(const void *entry, u32 max_sges, struct rig_soft_sqe *sqe);
int rig_soft_rqe_decode(const void *entry, u32 max_sges, struct rig_soft_rqe *rqe);

/* The DMA address of a cursor's byte; bytes from it to its page's end. */
static inline u32 rig_soft_cursor_at(const struct rig_soft_cursor *c, u32 max, dma_addr_t *addr)
{
	const struct rig_soft_mr *mr = c->mr;
	u64 at = mr->first + c->off, size = BIT_ULL(mr->pg_shift);
	u64 in = at & (size - 1);

	*addr = mr->pages[at >> mr->pg_shift] + in;
	return min_t(u64, max, size - in);
}

/* exec.c: the entry engine (its rules, which the wire's path shares too) */
bool rig_soft_sges_resolve(struct rig_soft_fn *fn, u32 pd, u8 access,
			   const struct rig_soft_sge *sge, u32 n, struct rig_soft_cursor *cur);
u32 rig_soft_sges_seek(struct rig_soft_cursor *cur, const struct rig_soft_sge *sge,
		       u32 n, u64 skip, u64 *left);
void rig_soft_cq_req(struct rig_soft_qp *qp, u8 status, bool signal);
void rig_soft_cq_req_settle(struct rig_soft_qp *qp);
void rig_soft_cq_res(struct rig_soft_qp *qp, u32 wr_id, u32 length, u8 status);
u8 rig_soft_req_reason(u8 status);
u32 rig_soft_posted(struct rig_soft_qp *qp, struct rig_soft_db *db, u32 type,
		    u32 entries, u64 done);
u8 rig_soft_sqe_fetch(struct rig_soft_qp *qp, u32 idx, struct rig_soft_sqe *sqe);
int rig_soft_rqe_read(struct rig_soft_qp *peer, struct rig_soft_rqe *rqe);
bool rig_soft_exec_qp(struct rig_soft_qp *qp, u64 *budget, bool *waiting);
bool rig_soft_exec_pending(struct rig_soft_qp *qp);
void rig_soft_qp_fail(struct rig_soft_qp *qp, u8 req_reason, u8 res_reason);

/* wire.c: RC queue pairs on the wire */
extern const char *const rig_soft_wire_drop_names[RIG_SOFT_WIRE_DROPS];
int rig_soft_wire_qp_up(struct rig_soft_qp *qp);
void rig_soft_wire_qp_down(struct rig_soft_qp *qp);
int rig_soft_wire_dispatch(struct rig_soft_fn *fn, const struct rig_soft_roce_pkt *pkt,
			   struct rig_soft_qp **qpp);
void rig_soft_wire_recv(struct rig_soft_fn *fn, const void *frame, u32 len, u64 now);
bool rig_soft_wire_qp(struct rig_soft_qp *qp, u64 *budget, bool *waiting, u64 now);
bool rig_soft_wire_qp_pending(struct rig_soft_qp *qp, u64 now);

/* pass.c: one pass of the engine over a world */
bool rig_soft_pass_qps(struct rig_soft_world *world, u64 budget, bool *waiting);
bool rig_soft_pass(struct rig_soft_world *world, u64 budget, bool *waiting);
bool rig_soft_pending(struct rig_soft_world *world);
bool rig_soft_rq_wake(struct rig_soft_fn *fn);

#endif /* RIG_SOFT_H */
