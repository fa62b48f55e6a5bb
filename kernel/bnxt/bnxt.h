/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The NetXtreme RoCE driver's own structures, shared by its parts: the
 * function (struct rig_bnxt_dev), its firmware channel (rcfw.c), notification
 * queues (nq.c), resources (res.c, pbl.c), and the objects the core asks
 * for (mr.c, qp.c).  main.c binds the auxiliary device and ties them.
 * Nothing here is the core's or the model's.
 */
#ifndef RIG_BNXT_BNXT_H
#define RIG_BNXT_BNXT_H

#include <linux/auxiliary_bus.h>
#include <linux/bitmap.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>

#include "../core/rig.h"
#include "../../uapi/rig_bnxt_hsi.h"
#include "fw_hsi.h"
#include "transport.h"

/* Rings the driver keeps, in 16-byte entries (CMDQ slots, CREQ, NQ). */
#define RIG_BNXT_CMDQ_DEPTH	256	/* slots: 4 KiB, PBL level 0 */
#define RIG_BNXT_CREQ_DEPTH	1024	/* entries: 16 KiB, PBL level 1 */
#define RIG_BNXT_NQ_DEPTH	1024
#define RIG_BNXT_ENTRY_BYTES	16
/*
 * Commands in flight at most: each has a cookie (a slot of the shadow
 * table), and together they fit the CMDQ whatever their size (the
 * largest command rig sends, MODIFY_QP, is 144 bytes: 9 slots).
 */
#define RIG_BNXT_COOKIES	16
#define RIG_BNXT_CMD_MAX_BYTES	144
static_assert(RIG_BNXT_COOKIES * RIG_BNXT_CMD_MAX_BYTES / RIG_BNXT_ENTRY_BYTES <=
	      RIG_BNXT_CMDQ_DEPTH);

/**
 * struct rig_bnxt_pbl - a page buffer list the firmware reads
 * @level: 0 (@root is the data's only page), 1 (@root is a page of page
 *	   entries) or 2 (@root is a directory of entries of such pages)
 * @root: what the firmware is given
 * @npages: data pages described
 * @pdes: level 2: the directory's pages, consecutive in @tables[0]
 * @ntables: tables of entries allocated (0 at level 0)
 * @tables: those tables, kernel addresses
 * @tables_dma: and DMA addresses
 * @dev: the device they are allocated for
 *
 * Built by pbl.c, immutable until freed by it.
 */
struct rig_bnxt_pbl {
	u32 level;
	dma_addr_t root;
	u64 npages;
	u32 pdes;
	u32 ntables;
	__le64 **tables;
	dma_addr_t *tables_dma;
	struct device *dev;
};

/*
 * What a PBL describes: a queue has LAST / NEXT_TO_LAST marks, an MR not.
 * On P5 every ring is a queue, the CREQ and the NQs too (bnxt_re's
 * HWQ_TYPE_QUEUE; the bare entries of HWQ_TYPE_L2_CMPL are pre-P5).
 */
enum rig_bnxt_pbl_kind {
	RIG_BNXT_PBL_QUEUE,
	RIG_BNXT_PBL_MR,
};

/**
 * struct rig_bnxt_pbl_shape - how many entry pages a PBL of @npages needs
 * @level: as struct rig_bnxt_pbl
 * @ptes: pages of page entries (level 1: one; level 2: many)
 * @pdes: pages of directory entries (level 2: one per 512 pages of entries)
 */
struct rig_bnxt_pbl_shape {
	u32 level;
	u32 ptes;
	u32 pdes;
};

/* pbl.c: pure */
int rig_bnxt_pbl_shape(u64 npages, struct rig_bnxt_pbl_shape *shape);
u64 rig_bnxt_pte(dma_addr_t page, enum rig_bnxt_pbl_kind kind, u64 index, u64 npages);
size_t rig_bnxt_pbl_table_bytes(const struct rig_bnxt_pbl *pbl, u32 i);
u64 rig_bnxt_pbl_bytes(const struct rig_bnxt_pbl *pbl);
int rig_bnxt_pbl_fill(struct rig_bnxt_pbl *pbl, enum rig_bnxt_pbl_kind kind,
		      struct rig_dma_iter *it);
/* pbl.c */
int rig_bnxt_pbl_build(struct device *dev, struct rig_bnxt_pbl *pbl, u64 npages,
		       enum rig_bnxt_pbl_kind kind, struct rig_dma_iter *it);
void rig_bnxt_pbl_free(struct rig_bnxt_pbl *pbl);

/**
 * struct rig_bnxt_ring - a ring of 16-byte entries in coherent memory
 * @va: its pages, contiguous in the kernel
 * @dma: and for the device
 * @depth: entries
 * @pbl: the firmware's description of it
 */
struct rig_bnxt_ring {
	void *va;
	dma_addr_t dma;
	u32 depth;
	struct rig_bnxt_pbl pbl;
};

/**
 * struct rig_bnxt_waiter - one command in flight, by its cookie
 * @resp: where its answer goes (16 bytes, struct rig_creq_qp_event)
 * @done: the answer came
 * @busy: the slot is taken by a command (waited for or abandoned)
 */
struct rig_bnxt_waiter {
	u8 resp[RIG_BNXT_ENTRY_BYTES];
	bool done;
	bool busy;
};

/**
 * struct rig_bnxt_rcfw - the RoCE firmware's command channel
 * @cmdq: the command queue (slots of 16 bytes); prod counts slots
 * @creq: its completions and events (a ring the CREQ vector raises)
 * @creq_id: the CREQ's ring id from HWRM_RING_ALLOC
 * @creq_db: the CREQ's doorbell (consumer index, arm)
 * @status: RIG_TRANSPORT_CAP_KICK: the function's status page (its @idle
 *	    says it sleeps, and a command posted then needs a kick); else
 *	    NULL
 * @work: the CREQ's bottom half (system_bh_wq), queued by its vector
 * @lock: protects @cmdq_prod, @seq, @waiters, @creq_cons, @failed; taken
 *	  by senders (process context) and by the CREQ's interrupt path
 *	  (bottom halves), hence _bh in process context
 * @cmdq_prod: slots written so far
 * @first: the next producer write is the first after cmdq_init (bit 31)
 * @seq: commands sent so far: the cookie is its low bits
 * @creq_cons: CREQ entries consumed so far
 * @waiters: the shadow table, one per cookie value
 * @wq: senders wait here for their answer
 * @free_slots: senders wait here for a free cookie (at most
 *		RIG_BNXT_COOKIES commands in flight)
 * @failed: the firmware did not answer in time, or the function
 *	    stopped: every later command is refused with -EIO rather than
 *	    the NIC left half-alive
 * @masked: the CREQ is masked while the vectors change: a look at it
 *	    rings its consumer without the arm
 * @abandoned: the function stopped (its firmware is gone with every
 *	       object); set with @failed, under @lock
 */
struct rig_bnxt_rcfw {
	struct rig_bnxt_ring cmdq;
	struct rig_bnxt_ring creq;
	u16 creq_id;
	void __iomem *creq_db;
	struct rig_bnxt_status __iomem *status;
	struct work_struct work;
	spinlock_t lock;	/* see above */
	u32 cmdq_prod;
	bool first;
	u32 seq;
	u64 creq_cons;
	struct rig_bnxt_waiter waiters[RIG_BNXT_COOKIES];
	wait_queue_head_t wq;
	wait_queue_head_t free_slots;
	bool failed;
	bool abandoned;
	bool masked;
};

/**
 * struct rig_bnxt_nq - a notification queue: completion rings' events
 * @ring: its entries (struct rig_nq_cn)
 * @id: its ring id from HWRM_RING_ALLOC
 * @vec: the vector that raises it
 * @db: its doorbell (consumer index, arm), in the doorbell BAR
 * @cons: entries consumed so far; only @work touches it
 * @work: its bottom half (system_bh_wq), queued by its vector
 * @bnxt: the function
 */
struct rig_bnxt_nq {
	struct rig_bnxt_ring ring;
	u16 id;
	u32 vec;
	void __iomem *db;
	u64 cons;
	struct work_struct work;
	struct rig_bnxt_dev *bnxt;
};

/**
 * struct rig_bnxt_caps - the firmware's limits (QUERY_FUNC)
 * @max_qp: queue pairs
 * @max_qp_wr: entries of a queue
 * @max_cq: completion queues
 * @max_cqe: entries of a completion queue
 * @max_mr: memory regions and windows
 * @max_mr_size: bytes of one region
 * @max_sge: elements of an entry
 * @max_pd: protection domains
 * @max_dpi: doorbell pages
 * @max_rd_atom: outstanding RDMA reads a requester may have
 * @max_init_rd_atom: ... a responder may take
 * @max_srq: shared receive queues (rig makes none; its VFs may)
 * @dev_cap_flags: CREQ_QUERY_FUNC_RESP_SB_* capabilities
 */
struct rig_bnxt_caps {
	u32 max_qp;
	u32 max_qp_wr;
	u32 max_cq;
	u32 max_cqe;
	u32 max_mr;
	u64 max_mr_size;
	u32 max_sge;
	u32 max_pd;
	u32 max_dpi;
	u32 max_rd_atom;
	u32 max_init_rd_atom;
	u32 max_srq;
	u16 dev_cap_flags;
};

/* GIDs of the interface's addresses the driver puts in the table, at most */
#define RIG_BNXT_MAX_GIDS	16

/**
 * struct rig_bnxt_gid - an entry the driver put in the firmware's GID table
 * @gid: the GID, in network order
 * @index: the firmware's index of it (ADD_GID's xid), for MODIFY_QP
 * @live: added, not yet deleted
 */
struct rig_bnxt_gid {
	u8 gid[16];
	u32 index;
	bool live;
};

/**
 * struct rig_bnxt_dev - one NetXtreme function the driver has brought up
 * @adev: the auxiliary device bound
 * @t: what lies below: bnxt_en or the model
 * @dev: the PCI function's device, for logs and DMA
 * @rdev: the core's device, /dev/rig_bnxtN
 * @rcfw: the firmware channel
 * @nqs: notification queues, one per vector but the first
 * @nnq: how many
 * @caps: the firmware's limits
 * @fw_version: from HWRM_VER_GET, for logs and sysfs
 * @fw_timeout_ms: how long a RoCE command may take, the max_req_timeout
 *		   of HWRM_VER_GET as bnxt_re takes it (40 s when it gives
 *		   none)
 * @hwrm_intf: the HWRM interface version HWRM_VER_GET gives, as bnxt_re
 *	       packs it (major, minor, build, patch: 16 bits each)
 * @mac: the function's MAC address (HWRM_FUNC_QCFG)
 * @gid: its address: fe80::/64 with the MAC's EUI-64
 * @gid_lock: protects @port, @gids, @gid_mac and @netdev_name (gid.c);
 *	      taken inside @state_lock
 * @port: @gid in the firmware's table (ADD_GID at bring-up)
 * @gids: the GIDs of the interface's addresses in the firmware's table
 * @gid_mac: the interface's MAC they were added with
 * @netdev_name: the interface the function sits on, "" for none
 * @gid_work: brings @gids in line with the interface (gid.c)
 * @gid_node: in gid.c's list of functions that follow their interface
 * @stat_id: the statistics context (HWRM_STAT_CTX_ALLOC)
 * @stats: its memory (the transport's @stats_size bytes), which the
 *	   firmware writes until HWRM_STAT_CTX_FREE; under @state_lock
 * @stats_dma: and DMA address
 * @debugfs: /sys/kernel/debug/rig_bnxt/<pci name> (debugfs.c)
 * @res_lock: protects @dpis and @pds
 * @dpis: DPI pages in use (bitmap of @ndpi)
 * @ndpi: DPI pages in the doorbell BAR (capped by @caps.max_dpi)
 * @pds: protection domains in use
 * @cqs: CQ handle -> struct rig_bnxt_qp, for notifications; its xa_lock
 *	 (bottom-half safe) is held by the NQ bottom half while it calls the
 *	 core for a queue pair, so a queue pair erased from it is reached no
 *	 more
 * @up: the firmware is initialised (INITIALIZE_FW done)
 * @state_lock: serialises bring-up and teardown (probe, remove, the
 *		transport's stop, restart and vector changes)
 * @running: brought up, with @rdev; under @state_lock
 * @fw_gone: the function stopped with its firmware gone (a fatal stop),
 *	     so taking it down sends nothing and frees everything; until
 *	     the next bring-up; under @state_lock
 * @irqs_stopped: the transport is changing the vectors: the rings are
 *		  masked and their bottom halves disabled until
 *		  irq_restart; under @state_lock
 * @devctl_ro: the function's PCIe Device Control had Relaxed Ordering
 *	       and No Snoop as these bits when the driver bound it: put
 *	       back when it lets go
 * @devctl_saved: @devctl_ro holds what was there
 */
struct rig_bnxt_dev {
	struct auxiliary_device *adev;
	struct rig_transport *t;
	struct device *dev;
	struct rig_dev *rdev;
	struct rig_bnxt_rcfw rcfw;
	struct rig_bnxt_nq nqs[RIG_TRANSPORT_MAX_VECTORS - 1];
	unsigned int nnq;
	struct rig_bnxt_caps caps;
	char fw_version[32];
	u32 fw_timeout_ms;
	u64 hwrm_intf;
	u8 mac[6];
	u8 gid[16];
	struct mutex gid_lock;	/* see above */
	struct rig_bnxt_gid port;
	struct rig_bnxt_gid gids[RIG_BNXT_MAX_GIDS];
	u8 gid_mac[ETH_ALEN];
	char netdev_name[IFNAMSIZ];
	struct work_struct gid_work;
	struct list_head gid_node;
	u32 stat_id;
	void *stats;
	dma_addr_t stats_dma;
	struct dentry *debugfs;
	struct mutex res_lock;	/* see above */
	unsigned long *dpis;
	u32 ndpi;
	struct ida pds;
	struct xarray cqs;
	bool up;
	struct mutex state_lock;	/* see above */
	bool running;
	bool fw_gone;
	bool irqs_stopped;
	u16 devctl_ro;
	bool devctl_saved;
};

/**
 * struct rig_bnxt_ctx - the driver's part of an open file
 * @ctx: the core's
 * @pd: its protection domain
 * @dpi: its DPI: on hardware every doorbell of the file is rung there
 * @kept: its queue pairs and regions the firmware would not destroy,
 *	  which use @pd (and @dpi): those are then not given to another
 *	  file, whose queue pairs would reach the regions through the PD.
 *	  Atomic: undoing a command's object runs outside the context's
 *	  @lock.
 */
struct rig_bnxt_ctx {
	struct rig_ctx ctx;
	u32 pd;
	u32 dpi;
	atomic_t kept;
};

/**
 * struct rig_bnxt_region - the driver's part of a region: an MR
 * @region: the core's
 * @pbl: the pages' list the firmware read
 * @pg_shift: log2 of the blocks @pbl names (4 KiB to 1 GiB)
 * @key: from ALLOCATE_MRW, 0 until then
 * @registered: REGISTER_MR succeeded
 * @refused: the firmware refused to take its key away; counted in its
 *	     context's @kept (the key still names the context's PD)
 */
struct rig_bnxt_region {
	struct rig_region region;
	struct rig_bnxt_pbl pbl;
	unsigned int pg_shift;
	u32 key;
	bool registered;
	bool refused;
};

/**
 * struct rig_bnxt_qp - the driver's part of a queue pair: a CQ and a QP
 * @qp: the core's
 * @bnxt: the function; followed where @qp's context may be gone (a queue
 *	  pair the firmware kept after its file closed)
 * @cq_id: its completion queue in the firmware, while @cq_made
 * @qp_id: its queue pair in the firmware, while @qp_made
 * @cq_made: CREATE_CQ succeeded and no DESTROY_CQ has yet
 * @qp_made: CREATE_QP succeeded and no DESTROY_QP has yet
 * @dpis: @dpi_q and @dpi_cq are the queue pair's own (the model's
 *	  doorbell pages), allocated
 * @refused: the firmware refused its destruction; counted in its
 *	     context's @kept
 * @sq: the send ring's PBL (entries, then the PSN search area)
 * @rq: the receive ring's
 * @cq: the completion ring's
 * @orrq: outstanding read requests' memory (the firmware's)
 * @irrq: incoming read requests' memory
 * @orrq_dma: its DMA address
 * @irrq_dma: likewise
 * @xrrq_bytes: bytes of each
 * @dpi_q: the DPI of the send doorbell (and of the receive doorbell on
 *	   hardware; the next page on the model)
 * @dpi_cq: the DPI of the completion ring's doorbells
 * @armena: where the driver rings CQ_ARMENA, in the privileged page
 *	    (kernel mapping)
 * @cq_handle: the completion ring's handle (CREATE_CQ), its index in
 *	       @bnxt->cqs (reserved there when not 0)
 * @armed: its notifications reach rig_qp_event() (@qp's context is
 *	   there); written under @bnxt->cqs's lock
 */
struct rig_bnxt_qp {
	struct rig_qp qp;
	struct rig_bnxt_dev *bnxt;
	u32 cq_id;
	u32 qp_id;
	bool cq_made;
	bool qp_made;
	bool dpis;
	bool refused;
	struct rig_bnxt_pbl sq;
	struct rig_bnxt_pbl rq;
	struct rig_bnxt_pbl cq;
	void *orrq;
	void *irrq;
	dma_addr_t orrq_dma;
	dma_addr_t irrq_dma;
	size_t xrrq_bytes;
	u32 dpi_q;
	u32 dpi_cq;
	void __iomem *armena;
	u32 cq_handle;
	bool armed;
};

static inline struct rig_bnxt_ctx *to_bnxt_ctx(struct rig_ctx *ctx)
{
	return container_of(ctx, struct rig_bnxt_ctx, ctx);
}

static inline struct rig_bnxt_region *to_bnxt_region(struct rig_region *region)
{
	return container_of(region, struct rig_bnxt_region, region);
}

static inline struct rig_bnxt_qp *to_bnxt_qp(struct rig_qp *qp)
{
	return container_of(qp, struct rig_bnxt_qp, qp);
}

/**
 * rig_bnxt_of() - the function behind a core device
 * @rdev: a device this driver created
 *
 * Return: the function, the auxiliary device's driver data; valid while
 * the device is not dead, and during rig_dev_unregister().
 */
static inline struct rig_bnxt_dev *rig_bnxt_of(struct rig_dev *rdev)
{
	return dev_get_drvdata(rdev->dev.parent);
}

/* addr.c: pure */
u32 rig_bnxt_path_mtu(u32 if_mtu);

/* gid.c */
int rig_bnxt_gid_add(struct rig_bnxt_dev *bnxt, const u8 *gid, const u8 *mac, u32 *index);
void rig_bnxt_gid_del(struct rig_bnxt_dev *bnxt, u32 index);
int rig_bnxt_gid_port_add(struct rig_bnxt_dev *bnxt);
void rig_bnxt_gid_port_del(struct rig_bnxt_dev *bnxt);
u32 rig_bnxt_gid_port(struct rig_bnxt_dev *bnxt, u8 *gid);
void rig_bnxt_gid_sync(struct rig_bnxt_dev *bnxt);
void rig_bnxt_gid_forget(struct rig_bnxt_dev *bnxt);
int rig_bnxt_gid_lookup(struct rig_bnxt_dev *bnxt, const u8 *gid, u32 *index);
void rig_bnxt_gid_address(struct rig_bnxt_dev *bnxt, u8 *gid);
ssize_t rig_bnxt_gid_show(struct rig_bnxt_dev *bnxt, char *buf);
ssize_t rig_bnxt_gid_netdev(struct rig_bnxt_dev *bnxt, char *buf);
void rig_bnxt_gid_init(struct rig_bnxt_dev *bnxt);
void rig_bnxt_gid_follow(struct rig_bnxt_dev *bnxt);
void rig_bnxt_gid_unfollow(struct rig_bnxt_dev *bnxt);
int rig_bnxt_gid_register(void);
void rig_bnxt_gid_unregister(void);

/**
 * struct rig_bnxt_route - what MODIFY_QP to RTR needs of the network
 * @sgid_index: the source GID's index in the firmware's table
 * @dmac: the next hop's MAC
 * @network_type: RIG_CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV4 or _IPV6
 * @hop_limit: IPv4 TTL or IPv6 hop limit
 */
struct rig_bnxt_route {
	u32 sgid_index;
	u8 dmac[ETH_ALEN];
	u8 network_type;
	u8 hop_limit;
};

/* route.c */
int rig_bnxt_route_resolve(struct rig_bnxt_dev *bnxt, struct rig_ctx *ctx, const u8 *sgid,
			   const u8 *dgid, struct rig_bnxt_route *r);

/* debugfs.c */
void rig_bnxt_debugfs_add(struct rig_bnxt_dev *bnxt);
void rig_bnxt_debugfs_remove(struct rig_bnxt_dev *bnxt);

/* hwrm.c */
int rig_bnxt_hwrm(struct rig_bnxt_dev *bnxt, void *req, u32 req_len, u16 type,
		  void *resp, u32 resp_len);
int rig_bnxt_hwrm_bringup(struct rig_bnxt_dev *bnxt);
int rig_bnxt_ring_alloc(struct rig_bnxt_dev *bnxt, struct rig_bnxt_ring *ring,
			u16 logical_id, u16 *id);
int rig_bnxt_ring_free(struct rig_bnxt_dev *bnxt, u16 id);
int rig_bnxt_stat_alloc(struct rig_bnxt_dev *bnxt);
void rig_bnxt_stat_free(struct rig_bnxt_dev *bnxt);

/* ring.c */
int rig_bnxt_ring_create(struct rig_bnxt_dev *bnxt, struct rig_bnxt_ring *ring,
			 u32 depth, enum rig_bnxt_pbl_kind kind);
void rig_bnxt_ring_destroy(struct rig_bnxt_dev *bnxt, struct rig_bnxt_ring *ring);
void rig_bnxt_ring_release(struct rig_bnxt_dev *bnxt, struct rig_bnxt_ring *ring, u16 id);

/* rcfw.c */
int rig_bnxt_rcfw_start(struct rig_bnxt_dev *bnxt);
void rig_bnxt_rcfw_stop(struct rig_bnxt_dev *bnxt);
void rig_bnxt_rcfw_abandon(struct rig_bnxt_dev *bnxt);
void rig_bnxt_rcfw_irq_stop(struct rig_bnxt_dev *bnxt);
void rig_bnxt_rcfw_irq_restart(struct rig_bnxt_dev *bnxt, bool masked);
int rig_bnxt_cmd(struct rig_bnxt_dev *bnxt, void *req, u32 req_len, void *resp,
		 void *sb, dma_addr_t sb_dma, u32 sb_len);
const char *rig_bnxt_cmd_name(u8 opcode);

/* nq.c */
int rig_bnxt_nq_start(struct rig_bnxt_dev *bnxt);
void rig_bnxt_nq_stop(struct rig_bnxt_dev *bnxt);
void rig_bnxt_nq_irq_stop(struct rig_bnxt_dev *bnxt);
void rig_bnxt_nq_irq_restart(struct rig_bnxt_dev *bnxt, bool masked);

/*
 * DPI pages a queue pair takes where every doorbell needs a page of its
 * own (RIG_TRANSPORT_CAP_DPI_PER_DOORBELL): send and receive, then the
 * completion ring and the page the model keeps beside it (its CREATE_CQ
 * takes two).  CQ_ARMENA is rung on none of them: on the privileged page.
 */
#define RIG_BNXT_QP_DPIS	4

/* bnxt_re's privileged page (priv_db): the driver's CQ_ARMENA; no file gets it. */
#define RIG_BNXT_PRIV_DPI	0

/* A ring position as a doorbell's index: the slot, and the lap's parity. */
static inline u32 rig_bnxt_db_index(u64 count, u32 depth)
{
	return (count % depth) | (((count / depth) & 1) ? RIG_BNXT_DBC_EPOCH : 0);
}

/**
 * rig_bnxt_db_write() - ring a doorbell as bnxt_re does on P5
 * @db: the doorbell (in the doorbell BAR)
 * @xid: the ring's or queue's id
 * @type: a DBC_DBC_TYPE_*
 * @index: its index and epoch (rig_bnxt_db_index()), or 0
 *
 * One 64-bit store of struct dbc_dbc.  Beside the rings it rings, as
 * bnxt_re keeps its doorbells in qplib_res.h.
 */
static inline void rig_bnxt_db_write(void __iomem *db, u32 xid, u32 type, u32 index)
{
	u64 hi = (xid & RIG_BNXT_DBC_XID_MASK) | RIG_BNXT_DBC_PATH_ROCE |
		 RIG_BNXT_DBC_VALID | type;

	writeq(hi << 32 | index, db);
}

/* res.c */
int rig_bnxt_res_init(struct rig_bnxt_dev *bnxt);
void rig_bnxt_res_fini(struct rig_bnxt_dev *bnxt);
int rig_bnxt_dpi_alloc(struct rig_bnxt_dev *bnxt, unsigned int n, u32 *dpi);
void rig_bnxt_dpi_free(struct rig_bnxt_dev *bnxt, u32 dpi, unsigned int n);
phys_addr_t rig_bnxt_dpi_phys(struct rig_bnxt_dev *bnxt, u32 dpi);
int rig_bnxt_fw_init(struct rig_bnxt_dev *bnxt);
int rig_bnxt_fw_fini(struct rig_bnxt_dev *bnxt);

/* mr.c */
int rig_bnxt_reg_region(struct rig_region *region);
int rig_bnxt_dereg_region(struct rig_region *region);
void rig_bnxt_forget_region(struct rig_region *region);

/* qp.c */
void rig_bnxt_qp_layout(struct rig_dev *rdev, u32 entries, struct rig_qp_layout *l);
int rig_bnxt_create_qp(struct rig_qp *qp);
int rig_bnxt_connect_qp(struct rig_qp *qp, const struct rig_bnxt_connect_qp *peer);
int rig_bnxt_destroy_qp(struct rig_qp *qp);
void rig_bnxt_forget_qp(struct rig_qp *qp);
void rig_bnxt_cq_event(struct rig_bnxt_dev *bnxt, u64 cq_handle);
bool rig_bnxt_qp_error(struct rig_bnxt_dev *bnxt, u32 qp_id);

#endif /* RIG_BNXT_BNXT_H */
