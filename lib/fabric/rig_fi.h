/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rig libfabric provider: its objects and what they share.  The files
 * split as libfabric's objects do: fabric.c (the provider, fi_getinfo,
 * fabric, domain, memory registration), cm.c (event queues, passive
 * endpoints and the out-of-band TCP exchange that connects endpoints),
 * ep.c (endpoints and their data operations), cq.c (completion queues).
 *
 * Locks: an event queue's lock guards its events and the connection state
 * of every endpoint and passive endpoint bound to it (cm.c); a domain's
 * lock guards the data path of all its endpoints and completion queues
 * (posting, polling the queue pairs, the completion queues' entries).
 * Where both are taken, the event queue's comes first.
 *
 * Global state: rig_prov only, the struct fi_provider libfabric's
 * provider model asks fi_prov_ini() for; it is constant after fi_prov_ini().
 */
#ifndef RIG_FI_H
#define RIG_FI_H

#include <netinet/in.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <rdma/fabric.h>
#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_eq.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_rma.h>
#include <rdma/fi_tagged.h>
#include <rdma/providers/fi_log.h>
#include <rdma/providers/fi_prov.h>

#include "rig/bnxt.h"

extern struct fi_provider rig_prov;

#define RIG_FI_NAME		"rig"
#define RIG_FI_PROV_VERSION	FI_VERSION(1, 0)
#define RIG_FI_API_VERSION	FI_VERSION(1, 17)

/* What an endpoint does: no RMA write, ever. */
#define RIG_FI_CAPS (FI_MSG | FI_SEND | FI_RECV | FI_RMA | FI_READ | FI_REMOTE_READ)
#define RIG_FI_DOMAIN_CAPS (FI_LOCAL_COMM | FI_REMOTE_COMM)
/*
 * A queue pair executes its entries in order, so a read is never processed
 * before an earlier read or send, nor a send before an earlier send (the
 * RC ordering verbs offers).  No ordering against writes: there are none,
 * and claiming one would ask for a max_order_*_size that means nothing.
 */
#define RIG_FI_MSG_ORDER (FI_ORDER_RAR | FI_ORDER_RAS | FI_ORDER_SAS)
/*
 * Memory registration: buffers named by descriptors (FI_MR_LOCAL), keys
 * the provider picks, remote addresses virtual.  FI_MR_ALLOCATED is asked
 * of the application because a pages region pins what is mapped now.
 */
#define RIG_FI_MR_MODE (FI_MR_LOCAL | FI_MR_ALLOCATED | FI_MR_PROV_KEY | FI_MR_VIRT_ADDR)

/*
 * A message without a registration goes through a bounce slot of a host
 * region: its size.  One with a registration is sent from it and received
 * into it, up to the largest entry a queue pair moves: the largest message.
 */
#define RIG_FI_MAX_MSG		(64 * 1024)
#define RIG_FI_MAX_MSG_MR	RIG_QP_BYTES_MAX
/* Send and receive ring entries of an endpoint's queue pair (a power of two). */
#define RIG_FI_ENTRIES		64
#define RIG_FI_IOV_LIMIT	4
/* Connection data carried by fi_connect, fi_accept and fi_reject. */
#define RIG_FI_CM_DATA_MAX	256

struct rig_fabric {
	struct fid_fabric fabric;
};

struct rig_ep;
struct rig_mr;

struct rig_domain {
	struct fid_domain domain;
	struct rig_fabric *fab;
	struct rig_bnxt *nic;
	int iommu;
	pthread_mutex_t lock;		/* the data path, see above */
	/* Under @lock: */
	struct rig_ep *eps;		/* enabled endpoints: next_dom */
	struct rig_mr *readable;	/* copy registrations a peer may read: next_readable */
	/*
	 * The tracker of the pages those copies' buffers had written (NULL
	 * when the kernel offers none: they are copied whole), opened by the
	 * first such registration, when @dirty_tried is set.
	 */
	struct rig_dirty *dirty;
	bool dirty_tried;
	char name[32];
};

struct rig_eq;
struct rig_cq;

/* Connection states of an endpoint (cm.c). */
enum rig_cm_state {
	RIG_CM_IDLE,		/* not connected, no attempt */
	RIG_CM_CONNECTING,	/* fi_connect: TCP connecting, request being sent */
	RIG_CM_REQUESTED,	/* request sent, awaiting accept or reject */
	RIG_CM_ACCEPTING,	/* fi_accept: accept sent, awaiting the confirmation */
	RIG_CM_CONNECTED,
	RIG_CM_CLOSING,		/* the peer left: FI_SHUTDOWN once its completions are read */
	RIG_CM_DOWN,		/* shut down, refused or failed */
};

/* A byte channel of the out-of-band exchange: one TCP socket and its buffers. */
struct rig_cm_chan {
	int sock;
	uint8_t in[512];
	size_t in_len;
	uint8_t out[512];
	size_t out_len, out_done;
};

/* A connection request, between FI_CONNREQ and fi_endpoint() or fi_reject(). */
struct rig_connreq {
	struct fid fid;			/* the handle of the FI_CONNREQ's info */
	struct rig_cm_chan chan;
	struct rig_endpoint peer;
	struct sockaddr_in peer_addr;
	struct rig_connreq *next;	/* in the passive endpoint's list */
	struct timespec since;		/* accepted, CLOCK_MONOTONIC */
	bool reported;
	struct rig_pep *pep;		/* whose list it is in */
};

struct rig_pep {
	struct fid_pep pep;
	struct rig_fabric *fab;
	struct fi_info *info;
	struct rig_eq *eq;
	struct sockaddr_in addr;
	int sock;			/* listening, or -1 */
	struct rig_connreq *reqs;	/* accepted sockets until their request is read */
	struct rig_pep *next_pep;	/* in the event queue's list */
};

/* What a send-ring slot of an endpoint carries (ep.c). */
struct rig_fi_tx {
	void *context;
	uint64_t flags;			/* FI_SEND or FI_READ, FI_COMPLETION, FI_INJECT */
	bool silent;			/* fi_inject: no entry when it succeeds */
	size_t len;
	/* A read: where its bytes go once they are in @region. */
	struct iovec iov[RIG_FI_IOV_LIMIT];
	size_t iov_count;
	struct rig_region *region;	/* the read's local region, or NULL */
	size_t region_at;
	bool copy_out;			/* the region is a copy of the buffer */
};

struct rig_fi_rx {
	void *context;
	uint64_t flags;
	struct iovec iov[RIG_FI_IOV_LIMIT];
	size_t iov_count;
	size_t len;
	/* A receive into a registration rather than a bounce slot. */
	struct rig_region *region;
	size_t region_at;
	bool copy_out;			/* the region is a copy of the buffer */
};

struct rig_ep {
	struct fid_ep ep;
	struct rig_domain *dom;
	struct fi_info *info;
	struct rig_eq *eq;
	struct rig_cq *tx_cq, *rx_cq;
	uint64_t tx_bind, rx_bind;	/* FI_SELECTIVE_COMPLETION */
	uint64_t tx_op_flags, rx_op_flags;
	/* The data path: under the domain's lock. */
	struct rig_qp *qp;
	struct rig_region *bounce;	/* RIG_FI_ENTRIES send slots, then as many receive slots */
	uint32_t entries;
	uint64_t tx_posted, tx_done, rx_posted, rx_done;
	uint64_t rx_nic;		/* receives handed to the queue pair */
	uint64_t cq_unread;		/* its entries in completion queues, not yet read */
	bool qp_ready;			/* the queue pair is connected */
	struct rig_fi_tx tx[RIG_FI_ENTRIES];
	struct rig_fi_rx rx[RIG_FI_ENTRIES];
	bool enabled;
	/* Connection: under the event queue's lock. */
	enum rig_cm_state state;
	struct rig_cm_chan chan;
	struct rig_connreq *req;	/* from the FI_CONNREQ it was made for */
	struct sockaddr_in peer_addr;
	/* A passive endpoint's address it took over: its socket binds to it. */
	struct sockaddr_in bind_addr;	/* sin_family 0: none */
	struct rig_ep *next_ep;		/* in the event queue's list */
	struct rig_ep *next_tx, *next_rx;	/* in its completion queues' lists */
	struct rig_ep *next_dom;	/* in its domain's list, once enabled */
};

struct rig_mr {
	struct fid_mr mr;
	struct rig_domain *dom;
	/*
	 * NULL until needed, without an IOMMU and readers: then made by the
	 * data path (rig_fi_mr_region()), so read and written under the
	 * domain's lock once the registration is handed out.
	 */
	struct rig_region *region;
	uintptr_t start;		/* the first byte of the region, in the process */
	size_t len;
	bool copy;			/* no IOMMU: the region holds a copy of the buffer */
	bool readable;			/* a copy with FI_REMOTE_READ: in dom->readable */
	bool tracked;			/* and dom->dirty tracks its buffer's writes */
	const void *buf;
	struct rig_mr *next_readable;	/* under the domain's lock */
};

/* dirty.c: the pages of a buffer written since last asked */
struct rig_dirty;

/* A walk over a tracked buffer's written pages: rig_dirty_walk_next(). */
struct rig_dirty_walk {
	struct rig_dirty *d;
	uintptr_t buf, next, end;	/* the buffer; the pages still to scan */
	size_t len;
	size_t n, i;			/* ranges the last scan gave, and taken */
};

int rig_dirty_open(struct rig_dirty **d);
void rig_dirty_close(struct rig_dirty *d);
int rig_dirty_track(struct rig_dirty *d, const void *buf, size_t len);
void rig_dirty_untrack(struct rig_dirty *d, const void *buf, size_t len);
void rig_dirty_walk_start(struct rig_dirty_walk *w, struct rig_dirty *d, const void *buf,
			  size_t len);
bool rig_dirty_walk_next(struct rig_dirty_walk *w, size_t *from, size_t *to);

/* fabric.c */
int rig_fi_getinfo(uint32_t version, const char *node, const char *service, uint64_t flags,
		   const struct fi_info *hints, struct fi_info **info);
int rig_fi_domain(struct fid_fabric *fabric, struct fi_info *info, struct fid_domain **dom,
		  void *context);
int rig_fi_mr_find(struct rig_domain *dom, void *desc, const void *buf, size_t len,
		   struct rig_mr **mr);
int rig_fi_mr_region(struct rig_mr *mr, size_t len, struct rig_region **r);
int rig_fi_region(struct rig_domain *dom, void *a, size_t n, bool readable,
		  struct rig_region **r);
int rig_fi_errno(int rig_err);
int rig_fi_no_bind(struct fid *fid, struct fid *bfid, uint64_t flags);
int rig_fi_no_control(struct fid *fid, int command, void *arg);
int rig_fi_no_ops_open(struct fid *fid, const char *name, uint64_t flags, void **ops,
		       void *context);
int rig_fi_cm_getopt(fid_t fid, int level, int optname, void *optval, size_t *optlen);
int rig_fi_no_setopt(fid_t fid, int level, int optname, const void *optval, size_t optlen);
const char *rig_fi_message(const char *s, char *buf, size_t len);

/* cm.c */
int rig_fi_eq_open(struct fid_fabric *fabric, struct fi_eq_attr *attr, struct fid_eq **eq,
		   void *context);
int rig_fi_passive_ep(struct fid_fabric *fabric, struct fi_info *info, struct fid_pep **pep,
		      void *context);
int rig_fi_ep_bind_eq(struct rig_ep *ep, struct rig_eq *eq);
void rig_fi_ep_cm_close(struct rig_ep *ep);
extern struct fi_ops_cm rig_fi_ep_cm_ops;
struct rig_eq *rig_fi_eq_of(struct fid *fid);
int rig_fi_pep_addr(struct fid *fid, struct sockaddr_in *addr);

/* ep.c */
int rig_fi_endpoint(struct fid_domain *domain, struct fi_info *info, struct fid_ep **ep,
		    void *context);

/* cq.c */
int rig_fi_cq_open(struct fid_domain *domain, struct fi_cq_attr *attr, struct fid_cq **cq,
		   void *context);
struct rig_cq *rig_fi_cq_of(struct fid *fid);
void rig_fi_cq_attach(struct rig_cq *cq, struct rig_ep *ep, bool tx);
void rig_fi_cq_detach(struct rig_ep *ep);
int rig_fi_cq_push(struct rig_cq *cq, struct rig_ep *ep, void *context, uint64_t flags,
		   size_t len, void *buf);
int rig_fi_cq_push_err(struct rig_cq *cq, struct rig_ep *ep, void *context, uint64_t flags,
		       int err, int prov_errno, size_t olen);
bool rig_fi_cq_room(const struct rig_cq *cq);
int rig_fi_cq_trywait(struct rig_cq *cq);
/* ep.c, for cq.c: take the completions of @ep's queue pair into its queues. */
void rig_fi_ep_progress(struct rig_ep *ep);
/* ep.c, for cm.c: the queue pair is connected; under the domain's lock. */
int rig_fi_ep_connected(struct rig_ep *ep);
/* cm.c, for ep.c: the request of an FI_CONNREQ's handle, out of its passive endpoint. */
struct rig_connreq *rig_fi_connreq_take(struct fid *handle);

#endif /* RIG_FI_H */
