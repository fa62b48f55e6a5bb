/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The core of rig_bnxt: the device every NIC is presented as
 * (/dev/rig_bnxtN), the per-open context, regions, queue pairs as the
 * process names them, and the mmap cookies.  This header owns those
 * structures and struct rig_dev_ops, the only way the core calls down into
 * the NIC driver (kernel/bnxt/).  The core knows no firmware and no model.
 */
#ifndef RIG_H
#define RIG_H

#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/scatterlist.h>
#include <linux/types.h>
#include <linux/uidgid.h>
#include <linux/wait.h>
#include <linux/xarray.h>

#include "../../uapi/rig_bnxt.h"

struct dentry;
struct pci_dev;
struct vm_area_struct;
struct rig_dev;
struct rig_ctx;
struct rig_region;
struct rig_qp;

#define RIG_NAME	"rig_bnxt"
#define RIG_MAX_DEVICES	64	/* minors in our char device region */

/**
 * struct rig_qp_layout - where a queue pair's rings lie in its mapping
 * @sq_slots: slots of the send ring, more than the entries it holds
 * @rq_slots: slots of the receive ring, likewise
 * @sq_offset: the send ring, @sq_slots * RIG_BNXT_ENTRY_SIZE bytes
 * @psn_offset: its PSN search area, right after it
 * @rq_offset: the receive ring
 * @cq_offset: the completion ring
 * @bytes: the whole mapping, a multiple of the page
 *
 * Chosen by the driver (the firmware reads the PSN search area at a fixed
 * place after the send entries); each offset page-aligned but
 * @psn_offset.
 */
struct rig_qp_layout {
	u32 sq_slots;
	u32 rq_slots;
	u32 sq_offset;
	u32 psn_offset;
	u32 rq_offset;
	u32 cq_offset;
	u64 bytes;
};

/**
 * struct rig_dev_ops - what the core asks of a NIC driver
 * @ctx_size: bytes of the driver's context, which embeds struct rig_ctx
 * @region_size: bytes of its region, which embeds struct rig_region
 * @qp_size: bytes of its queue pair, which embeds struct rig_qp
 * @ctx_init: a file was opened: make what its objects need (PD, DPIs)
 * @ctx_fini: undo @ctx_init; every object of the context is gone
 * @reg_region: register @region's memory (its pages: rig_region_dma())
 *		with the NIC and set @region->key.  0, -EIO (refused; the
 *		message is set with rig_ctx_error()), -ENOMEM, -ENOSPC.
 * @dereg_region: the NIC stops reaching @region's memory before this
 *		  returns 0, and the driver frees what it kept for it;
 *		  -EIO (refused) or -ETIMEDOUT leaves the region with the
 *		  NIC, its memory and the driver's part kept
 * @forget_region: the NIC no longer reaches @region (it is gone or
 *		   reset): free what the driver keeps for it, telling the
 *		   firmware nothing
 * @qp_layout: the layout of a queue pair of @entries entries
 * @create_qp: make @qp in the NIC: its completion ring and queue pair, in
 *	       the memory of @qp->rings; set @qp->qpn, @cqn, @psn, @mtu and
 *	       the three doorbell pages
 * @connect_qp: move @qp to RTS towards the peer @peer describes
 * @destroy_qp: the NIC stops using @qp (what @create_qp left half-made
 *	       included) before this returns 0, and the driver frees what
 *	       it kept for it; -EIO (refused) or -ETIMEDOUT leaves the
 *	       rest with the NIC, to be tried again
 * @forget_qp: the NIC no longer reaches @qp: free what the driver keeps
 *	       for it, telling the firmware nothing; @qp's context may be
 *	       gone
 * @quiesce: every file has been taken from the NIC (rig_dev_unregister()):
 *	     make it reach no memory of any object it kept, so that they
 *	     can be forgotten and freed.  0, or an errno when the NIC may
 *	     still reach them: their memory is then never freed
 * @kick: the NIC said it sleeps (RIG_BNXT_QUERY_NEEDS_KICK): wake it
 * @relaxed_ordering: is PCIe Relaxed Ordering enabled for the NIC now?
 * @address: the GID a new queue pair gives its peers now (on a network
 *	     interface, one of its addresses' GIDs)
 * @show_gids: the NIC's GID table, for sysfs: "INDEX GID" lines
 * @show_netdev: the network interface the NIC sits on, for sysfs: its
 *		 name and a newline, or an empty line
 *
 * Every call but @kick, @relaxed_ordering, @forget_region, @forget_qp
 * and the three that describe the NIC's addresses is made with
 * the device's @lock held (for reading by commands and release, for
 * writing by rig_dev_unregister()), from process context.
 */
struct rig_dev_ops {
	size_t ctx_size;
	size_t region_size;
	size_t qp_size;
	int (*ctx_init)(struct rig_ctx *ctx);
	void (*ctx_fini)(struct rig_ctx *ctx);
	int (*reg_region)(struct rig_region *region);
	int (*dereg_region)(struct rig_region *region);
	void (*forget_region)(struct rig_region *region);
	void (*qp_layout)(struct rig_dev *rdev, u32 entries, struct rig_qp_layout *l);
	int (*create_qp)(struct rig_qp *qp);
	int (*connect_qp)(struct rig_qp *qp, const struct rig_bnxt_connect_qp *peer);
	int (*destroy_qp)(struct rig_qp *qp);
	void (*forget_qp)(struct rig_qp *qp);
	int (*quiesce)(struct rig_dev *rdev);
	void (*kick)(struct rig_dev *rdev);
	bool (*relaxed_ordering)(struct rig_dev *rdev);
	void (*address)(struct rig_dev *rdev, u8 *gid);
	ssize_t (*show_gids)(struct rig_dev *rdev, char *buf);
	ssize_t (*show_netdev)(struct rig_dev *rdev, char *buf);
};

/**
 * struct rig_dev_attr - what a driver tells the core about its NIC
 * @kind: an enum rig_bnxt_kind
 * @iommu: a translating IOMMU covers the NIC's DMA
 * @needs_kick: RIG_BNXT_QUERY_NEEDS_KICK: the NIC keeps a status page at
 *		@status_phys
 * @rq_wake: RIG_BNXT_QUERY_RQ_WAKE: with @needs_kick, the page's rq_wake
 *	     says when a receive needs a kick
 * @status_phys: that page's physical address
 * @max_entries: the largest ring a queue pair may have
 * @gid: the port's address
 * @chip: the chip's number (0x1750: BCM57508), for sysfs
 * @fw_version: the firmware's version as the driver read it, for sysfs
 * @max_qp: queue pairs the firmware said it takes (sysfs)
 * @max_cq: completion queues likewise
 * @max_mr: memory registrations likewise
 * @max_pd: protection domains the driver hands out, one a file
 * @max_dpi: doorbell pages the driver hands out, one a file and @qp_dpis
 *	     a queue pair
 * @qp_dpis: doorbell pages of a queue pair's own (0 where they share
 *	     their file's)
 *
 * The limits are what each user gets a share of (share.c).
 */
struct rig_dev_attr {
	enum rig_bnxt_kind kind;
	bool iommu;
	bool needs_kick;
	bool rq_wake;
	phys_addr_t status_phys;
	u32 max_entries;
	u8 gid[16];
	u16 chip;
	char fw_version[32];
	u32 max_qp;
	u32 max_cq;
	u32 max_mr;
	u32 max_pd;
	u32 max_dpi;
	u32 qp_dpis;
};

/**
 * struct rig_dev - one NIC as userspace sees it: /dev/rig_bnxtN
 * @dev: the class device; its refcount keeps this structure alive, and
 *	 rig_dev_release() frees it.  Each open file holds a reference.
 * @dma_dev: the device the DMA API maps the NIC's memory for (the PCI
 *	     function); a reference, immutable
 * @ops: the driver's operations; immutable
 * @attr: what the driver said of the NIC; immutable
 * @cdev: the character device, added together with @dev
 *	  (cdev_device_add()) so the node never exists without its sysfs.
 * @index: N of rig_bnxtN, from rig_minors; immutable.
 * @has_minor: @index is ours in rig_minors: from rig_dev_create() until
 *	       rig_dev_unregister() gives it back for the next NIC
 * @nic_id: the NIC's identity in endpoints, from its address; immutable
 * @lock: taken for reading by every command for its whole duration,
 *	  and for writing by rig_dev_unregister(), which sets @dead.  Never
 *	  taken under the mmap lock (commands take that one inside it).
 * @dead: the NIC is gone (removal, reset): written under @lock; commands
 *	  on files still open fail with -ENODEV; mmap() and poll() read it
 *	  with READ_ONCE() and no lock.
 * @ctxs_lock: protects @ctxs
 * @ctxs: every context of the NIC (struct rig_ctx @node), so that
 *	  rig_dev_unregister() can take the NIC from each
 * @dma_lock: protects @dma_pages and the DMA mapping of each entry
 * @dma_pages: every struct rig_pages mapped for @dma_dev, so that
 *	       rig_dev_unregister() can unmap them before the PCI function
 *	       goes (the memory itself lives until its files close)
 * @limbo: regions of closed files that the firmware would not let go of
 *	   (struct rig_region @limbo), under @dma_lock: freed when the NIC
 *	   goes
 * @qp_limbo: likewise, queue pairs (struct rig_qp @limbo, each with its
 *	      reference)
 * @shares_lock: protects @shares and the share counts of every context
 * @shares: user id -> struct rig_share (share.c): what each user holds
 */
struct rig_dev {
	struct device dev;
	struct device *dma_dev;
	const struct rig_dev_ops *ops;
	struct rig_dev_attr attr;
	struct cdev cdev;
	unsigned int index;
	bool has_minor;
	u64 nic_id;
	struct rw_semaphore lock;
	bool dead;
	struct mutex ctxs_lock;	/* see above */
	struct list_head ctxs;
	struct mutex dma_lock;	/* see above */
	struct list_head dma_pages;
	struct list_head limbo;
	struct list_head qp_limbo;
	struct mutex shares_lock;	/* see above */
	struct xarray shares;
};

/**
 * struct rig_charge - locked memory charged against RLIMIT_MEMLOCK
 * @user: the user charged @npages in user->locked_vm (a get_uid()
 *	  reference): the memory may outlive the process that made it
 * @mm: the process shown @npages in mm->pinned_vm, VmPin (a mmgrab()
 *	reference)
 * @npages: pages charged
 *
 * Immutable between rig_charge() and rig_uncharge() (mem.c).
 */
struct rig_charge {
	struct user_struct *user;
	struct mm_struct *mm;
	unsigned long npages;
};

/**
 * struct rig_pages - pages the NIC reaches, mapped for its DMA
 * @pages: the pages, in order
 * @npages: how many
 * @sgt: the scatter table of @pages, DMA-mapped for @rdev's @dma_dev
 *	 while @mapped
 * @rdev: the NIC they are for
 * @mapped: under @rdev->dma_lock; cleared by rig_pages_unmap() when the
 *	    NIC goes before the memory
 * @node: in @rdev->dma_pages while @mapped, under @rdev->dma_lock
 * @charge: @npages charged to the user that made them
 * @user: the pages are the process's own, pinned; else the driver's
 *
 * mem.c makes and releases it.
 */
struct rig_pages {
	struct page **pages;
	unsigned long npages;
	struct sg_table sgt;
	struct rig_dev *rdev;
	bool mapped;
	struct list_head node;
	struct rig_charge charge;
	bool user;
};

/**
 * struct rig_buf - driver-allocated DMA memory a process may map
 * @kref: held by the handle, region or queue pair that made it, by each
 *	  mmap cookie and mapping, and by each PAGES region over it;
 *	  rig_buf_free() frees it.
 * @pages: the memory
 * @rdev: the NIC it was allocated for
 * @vaddr: the pages mapped in the kernel (vmap), for the driver's rings;
 *	   NULL for memory only the process reads
 */
struct rig_buf {
	struct kref kref;
	struct rig_pages *pages;
	struct rig_dev *rdev;
	void *vaddr;
};

/**
 * struct rig_devrun - one run of another device's memory
 * @bus: bus address, as the NIC sees it
 * @bytes: length
 * @phys: CPU physical address of the same bytes
 * @pdev: the PCI device whose BAR holds the run (a reference)
 * @bar: which of its BARs
 * @node: in bar.c's list of runs in use, while the region lives
 * @region: the region it belongs to
 * @gone: the device was removed: rig_bar_going() set it (WRITE_ONCE,
 *	  under its lock) before it had the NIC deregister the region
 */
struct rig_devrun {
	u64 bus;
	u64 bytes;
	phys_addr_t phys;
	struct pci_dev *pdev;
	int bar;
	struct list_head node;
	struct rig_region *region;
	bool gone;
};

/**
 * struct rig_dmabuf - a dma-buf a DMABUF region imports (dmabuf.c)
 * @attach: the NIC's dynamic attachment, pinned; it holds the dma-buf's
 *	    reference taken by dma_buf_get()
 * @sgt: the attachment's mapping for @dma_dev, made and unmade under the
 *	 dma-buf's reservation lock; immutable in between
 * @dma_dev: the NIC's DMA device, for the exporter's move_notify() log
 * @first: the region's first page in @sgt
 *
 * Owned by its region: rig_dmabuf_get() makes it, rig_dmabuf_put() (from
 * rig_region_free()) releases it once the NIC reaches it no more.
 */
struct rig_dmabuf {
	struct dma_buf_attachment *attach;
	struct sg_table *sgt;
	struct device *dma_dev;
	u64 first;
};

enum rig_region_state {
	RIG_REGION_LIVE,
	RIG_REGION_BROKEN,	/* deregister failed: memory kept until close */
	RIG_REGION_GONE,	/* the NIC forgot it (device removed): EIO */
};

/**
 * struct rig_region - memory registered with a NIC
 * @handle: its name in the context's @regions; immutable
 * @key: the key the NIC knows it by; set by the driver's @reg_region
 * @type: an enum rig_bnxt_region_type; immutable
 * @remote_read: peers' queue pairs may READ it (no
 *		 RIG_BNXT_REG_NO_REMOTE_READ); immutable
 * @state: protected by the context's @lock
 * @bytes: its length; immutable
 * @buf: HOST, and PAGES over a DMA buffer: the buffer (a reference)
 * @offset: PAGES over a DMA buffer: where the region starts in @buf (a
 *	    multiple of the page)
 * @charge: PAGES over a DMA buffer: the region's own pages, charged
 *	    again, as every registration of the same memory is charged
 *	    (ib_umem does the same), so one buffer cannot back unbounded
 *	    registrations
 * @pinned: PAGES of ordinary process memory: the pinned pages
 * @runs: DEVICE: the runs, @nruns of them
 * @nruns: DEVICE: how many runs
 * @dmabuf: DMABUF: the import, attached and pinned while the region lives;
 *	    released (NULL) once the NIC that goes has let go of it, under
 *	    the device's @lock held for writing
 * @cookie: HOST: the mmap cookie of @buf in the context's @mmaps
 * @ctx: the context that owns it; only its queue pairs may use it; not
 *	 to be followed once in limbo
 * @limbo: in the device's @limbo when its file closed while the firmware
 *	   kept it
 *
 * Owned by its context: freed by deregister, or at release; or by the
 * device when the NIC goes, if in limbo.
 */
struct rig_region {
	u32 handle;
	u32 key;
	u32 type;
	bool remote_read;
	enum rig_region_state state;
	u64 bytes;
	struct rig_buf *buf;
	u64 offset;
	struct rig_charge charge;
	struct rig_pages *pinned;
	struct rig_devrun *runs;
	u32 nruns;
	struct rig_dmabuf *dmabuf;
	u32 cookie;
	struct rig_ctx *ctx;
	struct list_head limbo;
};

/**
 * struct rig_ctx - what one open file of a rig_dev owns
 * @rdev: the device; the context holds a reference on @rdev->dev.
 * @mm: the process that opened the file (mmgrab()); only it may issue
 *	commands or map, so a child of fork() uses none of its NICs.
 * @lock: serialises commands that change @regions, @bufs and @qps, and
 *	  the state of every region; never taken under the mmap lock.
 * @regions: handle -> struct rig_region; entries owned by the context.
 * @bufs: handle -> struct rig_dma (ctx.c) of RIG_BNXT_DMA_ALLOC: a buffer
 *	  and its cookie.
 * @mmaps: cookie -> struct rig_mmap (mmap.c), each holding a reference;
 *	   looked up by mmap() under the xarray's own lock.
 * @qps: handle -> struct rig_qp, each holding a reference; read by poll()
 *	 under the xarray's lock.
 * @vma_lock: protects @vmas; taken by mmap() under the mmap lock, and by
 *	      rig_dev_unregister() to zap every mapping
 * @vmas: every mapping of the file (struct rig_vma)
 * @wq: poll() waits here; any queue pair's event wakes it.
 * @status_cookie: the mmap cookie of the NIC's status page, or 0 when it
 *		   needs no kick; immutable
 * @error_lock: protects @last_error
 * @last_error: why the NIC last failed a command (rig_ctx_error()), for
 *		RIG_BNXT_LAST_ERROR
 * @node: in the device's @ctxs, under its @ctxs_lock
 * @disassociated: the NIC went while the file was open: the driver has
 *		   let go of every object; release frees what is left.
 *		   Written under the device's @lock held for writing.
 * @next_region: xa_alloc_cyclic()'s cursor for @regions.
 * @next_buf: xa_alloc_cyclic()'s cursor for @bufs.
 * @next_cookie: xa_alloc_cyclic()'s cursor for @mmaps.
 * @next_qp: xa_alloc_cyclic()'s cursor for @qps.
 * @uid: who opened the file: its objects count against that user's share
 *	 of the NIC (share.c); immutable
 * @unshared: the opener had CAP_SYS_RESOURCE: nothing is counted;
 *	      immutable
 * @shared_qps: queue pairs counted against @uid's share, under the
 *		device's @shares_lock
 * @shared_regions: likewise, regions
 *
 * release() destroys everything here, the NIC quiesced first.
 */
struct rig_ctx {
	struct rig_dev *rdev;
	struct mm_struct *mm;
	struct mutex lock;	/* see above */
	struct xarray regions;
	struct xarray bufs;
	struct xarray mmaps;
	struct xarray qps;
	struct mutex vma_lock;	/* see above */
	struct list_head vmas;
	wait_queue_head_t wq;
	u32 status_cookie;
	spinlock_t error_lock;	/* see above */
	char last_error[RIG_BNXT_ERROR_BYTES];
	struct list_head node;
	bool disassociated;
	u32 next_region;
	u32 next_buf;
	u32 next_cookie;
	u32 next_qp;
	kuid_t uid;
	bool unshared;
	u32 shared_qps;
	u32 shared_regions;
};

/**
 * struct rig_qp - a queue pair as its file names it
 * @kref: the context's table holds one, and each waiter; rig_qp_free()
 * @ctx: the context that owns it
 * @handle: its name in @ctx->qps; immutable
 * @entries: entries of the send and of the receive ring; immutable
 * @cq_entries: completions of the completion ring; immutable
 * @qp_handle: the value its completions carry; immutable
 * @layout: where its rings lie in @rings; immutable
 * @rings: the rings' memory (a reference), mapped into the process and
 *	   by the NIC
 * @qpn: its number on the NIC; set by the driver's @create_qp
 * @cqn: its completion ring's number; likewise
 * @psn: its first send PSN; likewise
 * @mtu: its path MTU in bytes; likewise, lowered by @connect_qp
 * @address: the GID it gives its peers (the device's @address when it
 *	     was made), from which @connect_qp sends; immutable once in
 *	     @ctx->qps
 * @db_phys: the pages of its send, receive and completion doorbells
 *	     (the NIC's doorbell BAR); set by @create_qp
 * @cookies: mmap cookies of @rings, then of the three doorbell pages
 * @connected: connect succeeded; under @ctx->lock
 * @event: an event came and no wait has collected it (READ_ONCE/
 *	   WRITE_ONCE: set by the driver's interrupt path, cleared by
 *	   RIG_BNXT_WAIT)
 * @gone: the NIC let go of it (destroyed, or forgotten when the NIC
 *	  went): waiters give up (WRITE_ONCE)
 * @broken: the firmware would not destroy it: every later command on it
 *	    fails with -EIO, its memory stays until the file closes (when
 *	    it is destroyed again, or kept in the device's @qp_limbo)
 *	    (WRITE_ONCE)
 * @limbo: in the device's @qp_limbo, under its @dma_lock
 * @wq: RIG_BNXT_WAIT sleeps here
 */
struct rig_qp {
	struct kref kref;
	struct rig_ctx *ctx;
	u32 handle;
	u32 entries;
	u32 cq_entries;
	u64 qp_handle;
	struct rig_qp_layout layout;
	struct rig_buf *rings;
	u32 qpn;
	u32 cqn;
	u32 psn;
	u32 mtu;
	u8 address[16];
	phys_addr_t db_phys[3];
	u32 cookies[4];
	bool connected;
	bool event;
	bool gone;
	bool broken;
	struct list_head limbo;
	wait_queue_head_t wq;
};

/* The indices of struct rig_qp @db_phys. */
enum { RIG_DB_SQ, RIG_DB_RQ, RIG_DB_CQ };

/* device.c: for drivers */
struct rig_dev *rig_dev_create(struct device *parent, struct device *dma_dev,
			       const struct rig_dev_ops *ops,
			       const struct rig_dev_attr *attr);
void rig_dev_unregister(struct rig_dev *rdev);
int rig_dev_init(void);
void rig_dev_exit(void);

/* main.c: for the driver's module_init and module_exit */
int rig_core_init(void);
void rig_core_exit(void);

/**
 * struct rig_dma_iter - the DMA address of each page of NIC memory, in order
 * @kind: what it walks
 * @left: pages it may still give
 * @sg: RIG_DMA_ITER_SG: where it is in the scatter table
 * @runs: RIG_DMA_ITER_RUNS: the runs, @nruns of them
 * @nruns: how many
 * @run: the one it is in
 * @run_left: bytes of it not given yet
 * @next: RUNS and CONTIG: the next page's address
 * @index: pages given so far
 * @block_pages: pages per block given (rig_dma_iter_blocks()), 1 at start
 *
 * A driver loops with rig_for_each_dma_page(); dma_iter.c.
 */
struct rig_dma_iter {
	enum { RIG_DMA_ITER_SG, RIG_DMA_ITER_RUNS, RIG_DMA_ITER_CONTIG } kind;
	u64 left;
	struct sg_dma_page_iter sg;
	const struct rig_devrun *runs;
	u32 nruns;
	u32 run;
	u64 run_left;
	dma_addr_t next;
	u64 index;
	u64 block_pages;
};

/* dma_iter.c: pure */
void rig_dma_iter_sg(struct rig_dma_iter *it, struct sg_table *sgt, u64 first, u64 count);
void rig_dma_iter_runs(struct rig_dma_iter *it, const struct rig_devrun *runs, u32 nruns);
void rig_dma_iter_contig(struct rig_dma_iter *it, dma_addr_t dma, u64 npages);
bool rig_dma_iter_next(struct rig_dma_iter *it, dma_addr_t *dma);
void rig_dma_iter_blocks(struct rig_dma_iter *it, unsigned int shift);
unsigned int rig_dma_best_shift(struct rig_dma_iter *it, u64 bytes, unsigned long shifts);
#define rig_for_each_dma_page(it, dma) for (; rig_dma_iter_next(it, &(dma));)

/* region.c: for drivers */
int rig_region_dma(struct rig_region *region, struct rig_dma_iter *it);
u64 rig_region_pages(const struct rig_region *region);

/* qp.c: for drivers */
void rig_qp_event(struct rig_qp *qp);

/* buf.c: for drivers */
int rig_buf_dma(struct rig_buf *buf, u64 first, u64 count, struct rig_dma_iter *it);

/* ctx.c: for drivers */
int rig_ctx_mem_error(struct rig_ctx *ctx, int err, const char *what);
__printf(3, 4)
int rig_ctx_error(struct rig_ctx *ctx, int err, const char *fmt, ...);

/* Everything below is the core's own. */

/* cdev.c */
extern const struct file_operations rig_fops;

/* ctx.c */
struct rig_ctx *rig_ctx_create(struct rig_dev *rdev);
void rig_ctx_destroy(struct rig_ctx *ctx);
void rig_ctx_disassociate(struct rig_ctx *ctx);
void rig_ctx_forget(struct rig_ctx *ctx, bool quiesced, struct list_head *lost_qps,
		    struct list_head *lost_regions);
int rig_cmd_dma_alloc(struct rig_ctx *ctx, void *arg);
int rig_cmd_dma_free(struct rig_ctx *ctx, void *arg);
int rig_cmd_last_error(struct rig_ctx *ctx, void *arg);
void rig_last_error_undo(struct rig_ctx *ctx, void *arg);
void rig_dma_undo(struct rig_ctx *ctx, void *arg);

/* mmap.c */
int rig_mmap_buf(struct rig_ctx *ctx, struct rig_buf *buf, u32 *cookie);
int rig_mmap_io(struct rig_ctx *ctx, phys_addr_t phys, bool writable, u32 *cookie);
void rig_mmap_del(struct rig_ctx *ctx, u32 cookie);
void rig_mmap_revoke(struct rig_ctx *ctx, u32 cookie);
int rig_ctx_mmap(struct rig_ctx *ctx, struct vm_area_struct *vma);
void rig_ctx_zap(struct rig_ctx *ctx);
struct rig_buf *rig_buf_lookup(struct rig_dev *rdev, unsigned long addr,
			       unsigned long len, unsigned long *offset);

/* qp.c */
int rig_cmd_create_qp(struct rig_ctx *ctx, void *arg);
int rig_cmd_connect_qp(struct rig_ctx *ctx, void *arg);
int rig_cmd_destroy_qp(struct rig_ctx *ctx, void *arg);
int rig_cmd_kick(struct rig_ctx *ctx, void *arg);
int rig_cmd_wait(struct rig_ctx *ctx, void __user *uarg);
void rig_qp_undo(struct rig_ctx *ctx, void *arg);
int rig_qp_destroy(struct rig_qp *qp);
void rig_qp_keep(struct rig_qp *qp);
void rig_qp_forget(struct rig_qp *qp);
void rig_qp_put(struct rig_qp *qp);
bool rig_ctx_has_events(struct rig_ctx *ctx);

/* region.c */
int rig_cmd_reg_region(struct rig_ctx *ctx, void *arg);
int rig_cmd_dereg_region(struct rig_ctx *ctx, void *arg);
void rig_region_undo(struct rig_ctx *ctx, void *arg);
bool rig_region_destroy(struct rig_region *region, bool tell_nic);
void rig_region_lost(struct rig_region *region);
void rig_region_forget(struct rig_region *region);
void rig_region_free(struct rig_region *region);

/* dmabuf.c: DMABUF regions, when the kernel has dma-buf */
#if IS_ENABLED(CONFIG_DMA_SHARED_BUFFER)
struct rig_dmabuf *rig_dmabuf_get(struct rig_dev *rdev, int fd, u64 offset, u64 bytes);
void rig_dmabuf_put(struct rig_dmabuf *db);
#else
static inline struct rig_dmabuf *rig_dmabuf_get(struct rig_dev *rdev, int fd, u64 offset,
						u64 bytes)
{
	return ERR_PTR(-EINVAL);
}

static inline void rig_dmabuf_put(struct rig_dmabuf *db) { }
#endif
void rig_region_deregister_gone(struct rig_dev *rdev);

/* main.c: /sys/kernel/debug/rig_bnxt, for the module's lifetime */
extern struct dentry *rig_debugfs;

/* mem.c */
void rig_mem_debugfs(struct dentry *root);
int rig_charge(struct rig_charge *c, unsigned long npages);
void rig_uncharge(struct rig_charge *c);
struct rig_pages *rig_pages_alloc(struct rig_dev *rdev, unsigned long npages);
struct rig_pages *rig_pages_pin(struct rig_dev *rdev, unsigned long addr,
				unsigned long npages);
void rig_pages_release(struct rig_pages *rp);
void rig_dev_unmap_all(struct rig_dev *rdev);

/* buf.c */
struct rig_buf *rig_buf_alloc(struct rig_dev *rdev, unsigned long npages, bool kmap);
void rig_buf_put(struct rig_buf *buf);
int rig_buf_map(struct rig_buf *buf, struct vm_area_struct *vma);

/* share.c */
int rig_share_open(struct rig_ctx *ctx);
void rig_share_close(struct rig_ctx *ctx);
int rig_share_take(struct rig_ctx *ctx, u32 qps, u32 regions);
void rig_share_give(struct rig_ctx *ctx, u32 qps, u32 regions);

/* bar.c */
int rig_bar_take(u64 bus, u64 bytes, struct rig_devrun *run);
bool rig_bar_gone(const struct rig_devrun *run);
void rig_bar_untrack(struct rig_devrun *run);
bool rig_bar_going(struct pci_dev *pdev);
void rig_bar_back(struct pci_dev *pdev);
void rig_bar_exit(void);

#endif /* RIG_H */
