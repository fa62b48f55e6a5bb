/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rig_bnxt internal interfaces: the device every NIC (soft or PCI) is
 * presented as, and the per-open context.  Files include this header and
 * nothing of each other's.
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
#include <linux/wait.h>
#include <linux/xarray.h>

#include "../../uapi/rig_bnxt.h"
#include "hsi.h"

struct dentry;
struct pci_dev;
struct vm_area_struct;

#define RIG_NAME	"rig_bnxt"
#define RIG_MAX_DEVICES	64	/* minors in our char device region */
#define RIG_SOFT_MAX	16	/* upper bound of the soft= parameter */

/**
 * struct rig_dev - one NIC as userspace sees it: /dev/rig_bnxtN
 * @dev: the class device; its refcount keeps this structure alive, and
 *	 rig_dev_release() frees it.  Each open file holds a reference.
 * @dma_dev: the device the DMA API maps memory for (the PCI function);
 *	     NULL for a soft NIC, which does no DMA; immutable, outlives
 *	     @dev's registration until every file is closed.
 * @fw: the NIC's firmware (or the soft NIC's model of it); immutable.
 * @priv: the owner's (soft.c's or pci.c's) per-NIC data; immutable.
 * @cdev: the character device, added together with @dev
 *	  (cdev_device_add()) so the node never exists without its sysfs.
 * @index: N of rig_bnxtN, from rig_minors; immutable.
 * @kind: an enum rig_bnxt_kind; immutable.
 * @iommu: a translating IOMMU covers the NIC's DMA; immutable.
 * @relaxed_ordering: PCIe Relaxed Ordering is enabled; immutable.
 * @lock: taken for reading by every command for its whole duration,
 *	  and for writing by rig_dev_unregister(), which sets @dead.  Never
 *	  taken under the mmap lock (commands take that one inside it).
 * @dead: the NIC is gone (module unload, PCI remove); written under
 *	  @lock.  Commands on files still open then fail with -ENODEV;
 *	  mmap() and poll() read it with READ_ONCE() and no lock.
 * @nic_id: the NIC's identity in endpoints, random; immutable.
 */
struct rig_dev {
	struct device dev;
	struct device *dma_dev;
	const struct rig_fw_ops *fw;
	void *priv;
	struct cdev cdev;
	unsigned int index;
	enum rig_bnxt_kind kind;
	bool iommu;
	bool relaxed_ordering;
	struct rw_semaphore lock;
	bool dead;
	u64 nic_id;
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
 * @sgt: the scatter table of @pages, DMA-mapped for @dma_dev
 * @dma_dev: the device they are mapped for; NULL (and @sgt unused) for
 *	     a NIC that does no DMA
 * @charge: @npages charged to the user that made them
 * @user: the pages are the process's own, pinned; else the driver's
 *
 * Immutable once made; mem.c makes and releases it.
 */
struct rig_pages {
	struct page **pages;
	unsigned long npages;
	struct sg_table sgt;
	struct device *dma_dev;
	struct rig_charge charge;
	bool user;
};

/**
 * struct rig_buf - driver-allocated DMA memory a process may map
 * @kref: held by the handle or region that made it, by each mapping,
 *	  and by each PAGES region over it; rig_buf_free() frees it.
 * @pages: the memory
 * @rdev: the NIC it was allocated for
 * @pgoff: the mmap cookie it is mapped at (vm_pgoff of a whole mapping);
 *	   set once, before the cookie is published
 */
struct rig_buf {
	struct kref kref;
	struct rig_pages *pages;
	struct rig_dev *rdev;
	unsigned long pgoff;
};

/**
 * struct rig_devrun - one run of another device's memory
 * @bus: bus address, as the NIC sees it
 * @bytes: length
 * @phys: CPU physical address of the same bytes
 * @pdev: the PCI device whose BAR holds the run (a reference)
 * @bar: which of its BARs
 * @va: the run mapped for the soft NIC's engine (write-combining)
 * @node: in bar.c's list of runs in use, while the region lives
 * @gone: the device was removed: the run must never be reached again.
 *	  Set by bar.c's bus notifier (WRITE_ONCE), which then waits for
 *	  the engine to let go; read by the engine before every piece.
 */
struct rig_devrun {
	u64 bus;
	u64 bytes;
	phys_addr_t phys;
	struct pci_dev *pdev;
	int bar;
	void __iomem *va;
	struct list_head node;
	bool gone;
};

enum rig_region_state {
	RIG_REGION_LIVE,
	RIG_REGION_BROKEN,	/* deregister failed: memory kept until close */
};

/**
 * struct rig_region - memory registered with a NIC
 * @handle: its name in the context's @regions; immutable
 * @key: the key the NIC's firmware gave it; immutable
 * @type: an enum rig_bnxt_region_type; immutable
 * @state: protected by the context's @lock
 * @bytes: its length; immutable
 * @buf: HOST, and PAGES over a DMA buffer: the buffer (a reference)
 * @offset: PAGES over a DMA buffer: where the region starts in @buf
 * @charge: PAGES over a DMA buffer: the region's own pages, charged
 *	    again, as every registration of the same memory is charged
 *	    (ib_umem does the same), so one buffer cannot back unbounded
 *	    registrations
 * @pinned: PAGES of ordinary process memory: the pinned pages
 * @runs: DEVICE: the runs, @nruns of them
 * @nruns: DEVICE: how many runs
 * @cookie: HOST: the mmap cookie of @buf in the context's @mmaps
 * @ctx: the context that owns it; only its queue pairs may use it
 *
 * Owned by its context: freed by deregister, or at release when broken.
 */
struct rig_region {
	u32 handle;
	u32 key;
	u32 type;
	enum rig_region_state state;
	u64 bytes;
	struct rig_buf *buf;
	u64 offset;
	struct rig_charge charge;
	struct rig_pages *pinned;
	struct rig_devrun *runs;
	u32 nruns;
	u32 cookie;
	struct rig_ctx *ctx;
};

/**
 * struct rig_fw_ops - what a NIC's firmware does with regions
 * @reg: give @region a key; 0 or -EIO (refused)
 * @dereg: make the NIC stop using @region and drop its key; 0, -EIO
 *	   (refused) or -EINTR (a signal ended the wait for the NIC)
 * @forget: at close, after the NIC is quiesced: drop the key whatever
 *	    the firmware said before; cannot fail
 */
struct rig_fw_ops {
	int (*reg)(struct rig_dev *rdev, struct rig_region *region);
	int (*dereg)(struct rig_dev *rdev, struct rig_region *region);
	void (*forget)(struct rig_dev *rdev, struct rig_region *region);
};

/**
 * struct rig_ctx - what one open file of a rig_dev owns
 * @rdev: the device; the context holds a reference on @rdev->dev.
 * @mm: the process that opened the file (mmgrab()); only it may issue
 *	commands or map, so a child of fork() uses none of its NICs.
 * @lock: serialises commands that change @regions and @bufs, and the
 *	  state of every region; never taken under the mmap lock.
 * @regions: handle -> struct rig_region; entries owned by the context.
 * @bufs: handle -> struct rig_buf of RIG_BNXT_DMA_ALLOC, each holding a
 *	  reference.
 * @mmaps: cookie -> struct rig_buf, each holding a reference; looked up
 *	   by mmap() under the xarray's own lock.
 * @qps: handle -> struct rig_qp; entries owned by the context.
 * @wq: poll() waits here; the engine wakes it after each completion.
 * @next_region: xa_alloc_cyclic()'s cursor for @regions.
 * @next_buf: xa_alloc_cyclic()'s cursor for @bufs.
 * @next_cookie: xa_alloc_cyclic()'s cursor for @mmaps.
 * @next_qp: xa_alloc_cyclic()'s cursor for @qps.
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
	wait_queue_head_t wq;
	u32 next_region;
	u32 next_buf;
	u32 next_cookie;
	u32 next_qp;
};

/**
 * struct rig_exec_xfer - the head send entry while the engine moves it
 * @active: an entry has begun and not yet completed
 * @sqe: the entry, as decoded when it began
 * @rqe: SEND: the peer's receive it lands in
 * @remote: READ: the peer's region and range it reads
 * @done: bytes of the message moved so far
 * @wrote_io: some of them went to device memory (flush before completing)
 *
 * The engine moves a bounded number of bytes per pass under its lock, so
 * an entry (up to 4 GiB) runs in pieces; this is where it resumes.
 */
struct rig_exec_xfer {
	bool active;
	struct rig_hsi_sqe sqe;
	struct rig_hsi_rqe rqe;
	struct rig_hsi_sge remote;
	u64 done;
	bool wrote_io;
};

/**
 * struct rig_qp - a queue pair of a soft NIC
 * @ctx: the context that owns it (its creator's file)
 * @rdev: its NIC
 * @handle: its name in @ctx->qps; immutable
 * @qpn: its number on the NIC; immutable
 * @psn: its first packet sequence number; immutable
 * @qp_handle: the value its completions carry; immutable
 * @entries: entries of the send ring and of the receive ring; immutable
 * @cq_entries: completions of the completion ring; immutable
 * @buf: the mapping: doorbell page, rings (a reference)
 * @cookie: the mmap cookie of @buf
 * @va: @buf mapped in the kernel (vmap)
 * @db: the doorbell page in @va
 * @sq: the send ring in @va
 * @rq: the receive ring in @va
 * @cq: the completion ring in @va
 * @node: in the engine's list
 * @connected: set by connect, with the three fields below
 * @peer_nic: the peer's NIC (its rig_dev's nic_id); set by connect
 * @peer_qpn: the peer's queue pair number; set by connect
 * @mtu: the path MTU: 4096, lowered by connect to the peer's (rounded
 *	 down to a power of two)
 * @state: RIG_BNXT_QP_STATE_*, mirrored to @db->state
 * @sq_done: send entries completed
 * @rq_done: receive entries consumed
 * @cq_prod: completions written
 * @waiting: the head send entry waits for the peer (RNR or no peer)
 * @wait_status: the status that wait fails the entry with
 * @deadline: when that wait fails the entry (jiffies)
 * @xfer: the head send entry while it runs in pieces
 *
 * Everything from @node on is the engine's, under rig_engine_lock; the
 * context frees the queue pair after taking it off the engine's list.
 */
struct rig_qp {
	struct rig_ctx *ctx;
	struct rig_dev *rdev;
	u32 handle;
	u32 qpn;
	u32 psn;
	u64 qp_handle;
	u32 entries;
	u32 cq_entries;
	struct rig_buf *buf;
	u32 cookie;
	void *va;
	struct rig_bnxt_qp_doorbells *db;
	void *sq;
	void *rq;
	void *cq;
	struct list_head node;
	bool connected;
	u64 peer_nic;
	u32 peer_qpn;
	u32 mtu;
	u32 state;
	u64 sq_done;
	u64 rq_done;
	u64 cq_prod;
	bool waiting;
	u8 wait_status;
	unsigned long deadline;
	struct rig_exec_xfer xfer;
};

/* ctx.c */
struct rig_ctx *rig_ctx_create(struct rig_dev *rdev);
void rig_ctx_destroy(struct rig_ctx *ctx);
int rig_ctx_mmap(struct rig_ctx *ctx, struct vm_area_struct *vma);
int rig_ctx_add_cookie(struct rig_ctx *ctx, struct rig_buf *buf, u32 *cookie);
void rig_ctx_del_cookie(struct rig_ctx *ctx, u32 cookie);
int rig_cmd_dma_alloc(struct rig_ctx *ctx, void *arg);
int rig_cmd_dma_free(struct rig_ctx *ctx, void *arg);
void rig_dma_undo(struct rig_ctx *ctx, void *arg);

/* qp.c */
int rig_cmd_create_qp(struct rig_ctx *ctx, void *arg);
int rig_cmd_connect_qp(struct rig_ctx *ctx, void *arg);
int rig_cmd_destroy_qp(struct rig_ctx *ctx, void *arg);
void rig_qp_undo(struct rig_ctx *ctx, void *arg);
int rig_cmd_kick(struct rig_ctx *ctx, void *arg);
void rig_qp_destroy(struct rig_qp *qp);
bool rig_ctx_has_completions(struct rig_ctx *ctx);

/* engine.c: the soft NICs' engine, and the lock over all its state */
extern struct mutex rig_engine_lock;
int rig_engine_start(void);
void rig_engine_stop(void);
void rig_engine_kick(void);
void rig_engine_sync(void);
int rig_engine_add(struct rig_qp *qp);
void rig_engine_remove(struct rig_qp *qp);
struct rig_region *rig_engine_region(struct rig_dev *rdev, u32 key);

/* region.c */
int rig_cmd_reg_region(struct rig_ctx *ctx, void *arg);
int rig_cmd_dereg_region(struct rig_ctx *ctx, void *arg);
void rig_region_undo(struct rig_ctx *ctx, void *arg);
void rig_region_destroy(struct rig_ctx *ctx, struct rig_region *region);

/* main.c: /sys/kernel/debug/rig_bnxt, for the module's lifetime */
extern struct dentry *rig_debugfs;

/* mem.c */
void rig_mem_debugfs(struct dentry *root);
int rig_charge(struct rig_charge *c, unsigned long npages);
void rig_uncharge(struct rig_charge *c);
struct rig_pages *rig_pages_alloc(struct device *dma_dev, unsigned long npages);
struct rig_pages *rig_pages_pin(struct device *dma_dev, unsigned long addr,
				unsigned long npages);
void rig_pages_release(struct rig_pages *rp);

/* buf.c */
struct rig_buf *rig_buf_alloc(struct rig_dev *rdev, unsigned long npages);
void rig_buf_put(struct rig_buf *buf);
int rig_buf_mmap(struct rig_buf *buf, struct vm_area_struct *vma);
struct rig_buf *rig_buf_lookup(struct rig_dev *rdev, unsigned long addr,
			       unsigned long len, unsigned long *offset);

/* bar.c */
int rig_bar_find(u64 bus, u64 bytes, struct rig_devrun *run);
bool rig_bar_present(const struct rig_devrun *run);
void rig_bar_track(struct rig_devrun *run);
void rig_bar_untrack(struct rig_devrun *run);
int rig_bar_init(void);
void rig_bar_exit(void);

/* device.c */
int rig_dev_init(void);
void rig_dev_exit(void);
struct rig_dev *rig_dev_create(struct device *parent, struct device *dma_dev,
			       const struct rig_fw_ops *fw, void *priv,
			       enum rig_bnxt_kind kind, bool iommu,
			       bool relaxed_ordering);
void rig_dev_unregister(struct rig_dev *rdev);

/* cdev.c */
extern const struct file_operations rig_fops;

/* soft.c */
int rig_soft_init(unsigned int count, bool iommu);
void rig_soft_exit(void);

/* fw.c */
int rig_fw_handshake(struct pci_dev *pdev, void __iomem *regs);

/* pci.c */
int rig_pci_init(void);
void rig_pci_exit(void);

#endif /* RIG_H */
