// SPDX-License-Identifier: BSD-2-Clause
/*
 * Connection management without a kernel CM: event queues, passive
 * endpoints, and the out-of-band exchange over TCP that carries rig
 * endpoints (queue pair, PSN, MTU, GID, NIC identity) and the connection
 * data between two endpoints.  It owns the control sockets and every
 * connection state; reading an event queue advances them, never blocking
 * (fi_eq_sread sleeps in poll() on the sockets).  Nothing here moves data.
 *
 * On the socket, each message is a header (magic "RGFI", version, type,
 * payload bytes, big-endian) and its payload: REQUEST and ACCEPT carry an
 * endpoint and the connection data, REJECT the data, CONFIRM and SHUTDOWN
 * nothing.  The client connects its queue pair when the ACCEPT arrives,
 * the server before it sends it; the server reports FI_CONNECTED on the
 * CONFIRM.  End of file, an error or anything malformed ends the
 * connection: an error event before FI_CONNECTED, FI_SHUTDOWN after.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/tcp.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

#include "rig_fi.h"

#define RIG_CM_MAGIC	0x52474649u	/* "RGFI" */
#define RIG_CM_VERSION	1
#define RIG_CM_HDR	8
#define RIG_CM_EP	36		/* a struct rig_endpoint on the wire */

enum { RIG_CM_REQUEST = 1, RIG_CM_ACCEPT, RIG_CM_REJECT, RIG_CM_CONFIRM, RIG_CM_SHUTDOWN };

/*
 * A connection accepted by a passive endpoint holds a descriptor of the
 * application's until its REQUEST comes.  A peer that connects and says
 * nothing, or says it slowly, may hold few and not for long: past
 * RIG_CM_PENDING_MAX the oldest such connection is closed (a real
 * client's request is on its way as it connects, and is read as soon as
 * it is accepted), and one whose request has not come within
 * RIG_CM_PENDING_MS is closed.  Both are seen to whenever the event queue
 * is read.
 */
#define RIG_CM_PENDING_MAX	16
#define RIG_CM_PENDING_MS	5000

/* An event, as fi_eq_read() hands it out. */
struct rig_eq_event {
	struct rig_eq_event *next;
	uint32_t type;
	bool err;
	size_t len;
	union {
		struct fi_eq_cm_entry cm;
		struct fi_eq_entry entry;
		struct fi_eq_err_entry err_entry;
		uint8_t bytes[sizeof(struct fi_eq_cm_entry) + RIG_FI_CM_DATA_MAX];
	} u;
	uint8_t err_data[RIG_FI_CM_DATA_MAX];
};

struct rig_eq {
	struct fid_eq eq;
	struct rig_fabric *fab;
	pthread_mutex_t lock;
	struct rig_eq_event *head, **tail;
	struct rig_eq_event *last_err;	/* its err_data stays valid until the next readerr */
	int efd;			/* fi_eq_write() wakes fi_eq_sread() */
	struct rig_pep *peps;
	struct rig_ep *eps;
};

static struct fi_ops_eq rig_fi_eq_ops;

struct rig_eq *rig_fi_eq_of(struct fid *fid)
{
	struct rig_eq *eq;

	if (!fid || fid->fclass != FI_CLASS_EQ)
		return NULL;
	eq = container_of(fid, struct rig_eq, eq.fid);
	return eq->eq.ops == &rig_fi_eq_ops ? eq : NULL;
}

/* Events */

static void rig_eq_push(struct rig_eq *eq, struct rig_eq_event *ev)
{
	uint64_t one = 1;

	ev->next = NULL;
	*eq->tail = ev;
	eq->tail = &ev->next;
	if (write(eq->efd, &one, sizeof(one)) < 0) {
		/* The counter is saturated: a reader wakes anyway. */
	}
}

/* @len is at most RIG_FI_CM_DATA_MAX: rig_chan_recv() and the fi_ calls see to it. */
static void rig_eq_cm_event(struct rig_eq *eq, uint32_t type, struct fid *fid,
			    struct fi_info *info, const void *data, size_t len)
{
	struct rig_eq_event *ev = calloc(1, sizeof(*ev));

	if (!ev) {
		fi_freeinfo(info);
		return;
	}
	ev->type = type;
	ev->u.cm.fid = fid;
	ev->u.cm.info = info;
	if (len)
		memcpy(ev->u.cm.data, data, len);
	ev->len = sizeof(struct fi_eq_cm_entry) + len;
	rig_eq_push(eq, ev);
}

/* @len is at most RIG_FI_CM_DATA_MAX, as for rig_eq_cm_event(). */
static void rig_eq_err_event(struct rig_eq *eq, struct fid *fid, int err, const void *data,
			     size_t len)
{
	struct rig_eq_event *ev = calloc(1, sizeof(*ev));

	if (!ev)
		return;
	ev->err = true;
	ev->u.err_entry.fid = fid;
	ev->u.err_entry.context = fid ? fid->context : NULL;
	ev->u.err_entry.err = err;
	if (len) {
		memcpy(ev->err_data, data, len);
		ev->u.err_entry.err_data_size = len;
	}
	ev->len = sizeof(struct fi_eq_err_entry);
	rig_eq_push(eq, ev);
}

/* The channel: a nonblocking TCP socket and its buffers */

static void rig_chan_close(struct rig_cm_chan *c)
{
	if (c->sock >= 0)
		close(c->sock);
	c->sock = -1;
	c->in_len = c->out_len = c->out_done = 0;
}

static void rig_put32(uint8_t *p, uint32_t v)
{
	v = htonl(v);
	memcpy(p, &v, 4);
}

static uint32_t rig_get32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return ntohl(v);
}

/* Queue a message after what is queued; -FI_EMSGSIZE if it does not fit. */
static int rig_chan_queue(struct rig_cm_chan *c, uint8_t type, const struct rig_endpoint *e,
			  const void *data, size_t len)
{
	size_t n = RIG_CM_HDR + (e ? RIG_CM_EP : 0) + len;
	uint8_t *p = c->out + c->out_len;

	if (len > RIG_FI_CM_DATA_MAX || c->out_len + n > sizeof(c->out))
		return -FI_EMSGSIZE;
	rig_put32(p, RIG_CM_MAGIC);
	p[4] = RIG_CM_VERSION;
	p[5] = type;
	p[6] = (uint8_t)((n - RIG_CM_HDR) >> 8);
	p[7] = (uint8_t)(n - RIG_CM_HDR);
	p += RIG_CM_HDR;
	if (e) {
		rig_put32(p, e->qp);
		rig_put32(p + 4, e->psn);
		rig_put32(p + 8, e->mtu);
		memcpy(p + 12, e->address, 16);
		rig_put32(p + 28, (uint32_t)(e->nic >> 32));
		rig_put32(p + 32, (uint32_t)e->nic);
		p += RIG_CM_EP;
	}
	if (len)
		memcpy(p, data, len);
	c->out_len += n;
	return 0;
}

/* Send what is queued: 0 when all of it went, 1 while some waits, or the error. */
static int rig_chan_flush(struct rig_cm_chan *c)
{
	while (c->out_done < c->out_len) {
		ssize_t n = send(c->sock, c->out + c->out_done, c->out_len - c->out_done,
				 MSG_NOSIGNAL | MSG_DONTWAIT);

		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
			return 1;
		if (n <= 0)
			return -FI_ECONNRESET;
		c->out_done += (size_t)n;
	}
	c->out_len = c->out_done = 0;
	return 0;
}

/*
 * Whether a payload of @len bytes is what a message of @type carries: an
 * endpoint and at most RIG_FI_CM_DATA_MAX bytes of data (REQUEST, ACCEPT),
 * the data alone (REJECT), nothing (CONFIRM, SHUTDOWN).  Every buffer the
 * data reaches, an event's included, holds RIG_FI_CM_DATA_MAX bytes.  A
 * REJECT with more data than fi_reject() may send comes from no peer of
 * this provider: it is malformed, and the client is refused with no data
 * rather than a truncated prefix of it, as libfabric's tcp provider
 * refuses oversize connection data and reports none.
 */
static bool rig_cm_len_ok(uint8_t type, size_t len)
{
	switch (type) {
	case RIG_CM_REQUEST:
	case RIG_CM_ACCEPT:
		return len >= RIG_CM_EP && len - RIG_CM_EP <= RIG_FI_CM_DATA_MAX;
	case RIG_CM_REJECT:
		return len <= RIG_FI_CM_DATA_MAX;
	default:
		return !len;
	}
}

/*
 * Read what the socket holds and take one whole message: 1 with its type
 * and payload (copied to @payload, @len bytes, at most RIG_CM_EP +
 * RIG_FI_CM_DATA_MAX), 0 while incomplete, -FI_ECONNRESET at end of file
 * or on an error, -FI_EOTHER for anything that is not a message of this
 * protocol.
 */
static int rig_chan_recv(struct rig_cm_chan *c, uint8_t *type, uint8_t *payload, size_t *len)
{
	size_t n;

	for (;;) {
		ssize_t got;

		if (c->in_len >= RIG_CM_HDR) {
			if (rig_get32(c->in) != RIG_CM_MAGIC || c->in[4] != RIG_CM_VERSION ||
			    c->in[5] < RIG_CM_REQUEST || c->in[5] > RIG_CM_SHUTDOWN)
				return -FI_EOTHER;
			n = (size_t)c->in[6] << 8 | c->in[7];
			if (!rig_cm_len_ok(c->in[5], n))
				return -FI_EOTHER;
			if (c->in_len >= RIG_CM_HDR + n)
				break;
		}
		got = recv(c->sock, c->in + c->in_len, sizeof(c->in) - c->in_len, MSG_DONTWAIT);
		if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
			return 0;
		if (got <= 0)
			return -FI_ECONNRESET;
		c->in_len += (size_t)got;
	}
	*type = c->in[5];
	memcpy(payload, c->in + RIG_CM_HDR, n);
	*len = n;
	c->in_len -= RIG_CM_HDR + n;
	memmove(c->in, c->in + RIG_CM_HDR + n, c->in_len);
	return 1;
}

/* An endpoint and the data after it in a REQUEST or ACCEPT payload; -FI_EOTHER if short. */
static int rig_cm_parse_ep(const uint8_t *p, size_t len, struct rig_endpoint *e)
{
	if (len < RIG_CM_EP)
		return -FI_EOTHER;
	e->qp = rig_get32(p);
	e->psn = rig_get32(p + 4);
	e->mtu = rig_get32(p + 8);
	memcpy(e->address, p + 12, 16);
	e->nic = (uint64_t)rig_get32(p + 28) << 32 | rig_get32(p + 32);
	return 0;
}

static int rig_cm_socket(void)
{
	int one = 1, s = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);

	if (s >= 0)
		setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	return s;
}

static int rig_ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int)((t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000);
}

/* Passive endpoints */

static void rig_connreq_free(struct rig_connreq *req)
{
	rig_chan_close(&req->chan);
	free(req);
}

static int rig_connreq_close(struct fid *fid)
{
	(void)fid;
	return -FI_EINVAL;	/* a handle is given back through fi_endpoint() or fi_reject() */
}

static struct fi_ops rig_fi_connreq_ops = {
	.size = sizeof(struct fi_ops),
	.close = rig_connreq_close,
	.bind = rig_fi_no_bind,
	.control = rig_fi_no_control,
	.ops_open = rig_fi_no_ops_open,
};

/* Close the connection at @link, which sent no request, for @err. */
static void rig_pep_drop(struct rig_connreq **link, int err)
{
	struct rig_connreq *req = *link;

	FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "dropped a connection that sent no request (%s)\n",
		fi_strerror(err));
	*link = req->next;
	rig_connreq_free(req);
}

/*
 * Report a request whose message has come; drop a socket that sent
 * anything else, or nothing in time.
 */
static void rig_pep_progress_req(struct rig_pep *pep, struct rig_connreq **link)
{
	struct rig_connreq *req = *link;
	uint8_t payload[RIG_CM_EP + RIG_FI_CM_DATA_MAX], type;
	struct fi_info *info;
	size_t len;
	int ret = rig_chan_recv(&req->chan, &type, payload, &len);

	if (!ret && rig_ms_since(&req->since) < RIG_CM_PENDING_MS)
		return;
	if (!ret)
		ret = -FI_ETIMEDOUT;
	else if (ret > 0 && type == RIG_CM_REQUEST)
		ret = rig_cm_parse_ep(payload, len, &req->peer);
	else if (ret > 0)
		ret = -FI_EOTHER;
	info = ret ? NULL : fi_dupinfo(pep->info);
	if (!info) {
		rig_pep_drop(link, ret ? -ret : FI_ENOMEM);
		return;
	}
	free(info->dest_addr);
	info->dest_addr = malloc(sizeof(req->peer_addr));
	if (info->dest_addr) {
		memcpy(info->dest_addr, &req->peer_addr, sizeof(req->peer_addr));
		info->dest_addrlen = sizeof(req->peer_addr);
	} else {
		info->dest_addrlen = 0;
	}
	info->handle = &req->fid;
	req->reported = true;
	FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "connection request from queue pair %u\n",
		req->peer.qp);
	rig_eq_cm_event(pep->eq, FI_CONNREQ, &pep->pep.fid, info, payload + RIG_CM_EP,
			len - RIG_CM_EP);
}

/* Past RIG_CM_PENDING_MAX connections without a request, close the oldest. */
static void rig_pep_limit(struct rig_pep *pep)
{
	struct rig_connreq **link, **oldest = NULL;
	int pending = 0;

	for (link = &pep->reqs; *link; link = &(*link)->next)
		if (!(*link)->reported) {
			pending++;
			oldest = link;
		}
	if (pending > RIG_CM_PENDING_MAX)
		rig_pep_drop(oldest, FI_EMFILE);
}

/* Accept a connection and read its request if it has come: false when none waits. */
static bool rig_pep_accept(struct rig_pep *pep)
{
	struct sockaddr_in from;
	socklen_t flen = sizeof(from);
	int s = accept4(pep->sock, (struct sockaddr *)&from, &flen, SOCK_NONBLOCK | SOCK_CLOEXEC);
	struct rig_connreq *req;

	if (s < 0)
		return false;
	req = calloc(1, sizeof(*req));
	if (!req) {
		close(s);
		return false;
	}
	req->fid.fclass = FI_CLASS_CONNREQ;
	req->fid.ops = &rig_fi_connreq_ops;
	req->chan.sock = s;
	req->peer_addr = from;
	req->pep = pep;
	clock_gettime(CLOCK_MONOTONIC, &req->since);
	req->next = pep->reqs;
	pep->reqs = req;
	rig_pep_progress_req(pep, &pep->reqs);
	rig_pep_limit(pep);
	return true;
}

static void rig_pep_progress(struct rig_pep *pep)
{
	struct rig_connreq **link;

	/* Bounded, so a flood of connections cannot keep a reader here. */
	for (int i = 0; i < RIG_CM_PENDING_MAX && pep->sock >= 0 && rig_pep_accept(pep); i++)
		;
	for (link = &pep->reqs; *link;) {
		struct rig_connreq *req = *link;

		if (!req->reported)
			rig_pep_progress_req(pep, link);
		if (*link == req)
			link = &req->next;
	}
}

/* Endpoints' connections */

static void rig_ep_down(struct rig_ep *ep)
{
	rig_chan_close(&ep->chan);
	ep->state = RIG_CM_DOWN;
}

static int rig_ep_qp_connect(struct rig_ep *ep, const struct rig_endpoint *peer)
{
	int ret;

	pthread_mutex_lock(&ep->dom->lock);
	ret = rig_qp_connect(ep->qp, peer);
	if (ret) {
		FI_WARN(&rig_prov, FI_LOG_EP_CTRL, "%s\n", rig_error());
		ret = rig_fi_errno(ret);
	} else {
		ret = rig_fi_ep_connected(ep);
	}
	pthread_mutex_unlock(&ep->dom->lock);
	return ret;
}

/* The client: the ACCEPT or the REJECT of its request. */
static void rig_ep_progress_requested(struct rig_ep *ep, uint8_t type, const uint8_t *p,
				      size_t len)
{
	struct rig_endpoint peer;

	if (type == RIG_CM_REJECT) {
		FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "connection rejected\n");
		rig_ep_down(ep);
		rig_eq_err_event(ep->eq, &ep->ep.fid, FI_ECONNREFUSED, p, len);
		return;
	}
	if (type != RIG_CM_ACCEPT || rig_cm_parse_ep(p, len, &peer) ||
	    rig_ep_qp_connect(ep, &peer) ||
	    rig_chan_queue(&ep->chan, RIG_CM_CONFIRM, NULL, NULL, 0) ||
	    rig_chan_flush(&ep->chan) < 0) {
		FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "connection failed: bad or no answer\n");
		rig_ep_down(ep);
		rig_eq_err_event(ep->eq, &ep->ep.fid, FI_ECONNREFUSED, NULL, 0);
		return;
	}
	ep->state = RIG_CM_CONNECTED;
	FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "connected to queue pair %u\n", peer.qp);
	rig_eq_cm_event(ep->eq, FI_CONNECTED, &ep->ep.fid, NULL, p + RIG_CM_EP, len - RIG_CM_EP);
}

/*
 * The peer has left: report FI_SHUTDOWN once every completion the
 * endpoint's queue pair had has been read, so a program (ofi_rxm) that
 * closes the endpoint on FI_SHUTDOWN loses none of what came before it.
 */
static void rig_ep_closing(struct rig_ep *ep)
{
	bool done;

	pthread_mutex_lock(&ep->dom->lock);
	rig_fi_ep_progress(ep);
	done = !ep->cq_unread;
	pthread_mutex_unlock(&ep->dom->lock);
	if (!done)
		return;
	ep->state = RIG_CM_DOWN;
	rig_eq_cm_event(ep->eq, FI_SHUTDOWN, &ep->ep.fid, NULL, NULL, 0);
}

static void rig_ep_progress(struct rig_ep *ep)
{
	uint8_t payload[RIG_CM_EP + RIG_FI_CM_DATA_MAX], type;
	size_t len;
	int ret;

	if (ep->state == RIG_CM_CLOSING) {
		rig_ep_closing(ep);
		return;
	}
	if (ep->state == RIG_CM_IDLE || ep->state == RIG_CM_DOWN || ep->chan.sock < 0)
		return;
	ret = rig_chan_flush(&ep->chan);
	if (ret == 0 && ep->state == RIG_CM_CONNECTING)
		ep->state = RIG_CM_REQUESTED;
	if (ret >= 0 && ep->state != RIG_CM_CONNECTING)
		ret = rig_chan_recv(&ep->chan, &type, payload, &len);
	if (ret == 0 || (ret > 0 && ep->state == RIG_CM_CONNECTING))
		return;
	switch (ep->state) {
	case RIG_CM_CONNECTING:
	case RIG_CM_REQUESTED:
		if (ret < 0) {
			FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "connection failed: %s\n",
				fi_strerror(-ret));
			rig_ep_down(ep);
			rig_eq_err_event(ep->eq, &ep->ep.fid, FI_ECONNREFUSED, NULL, 0);
		} else {
			rig_ep_progress_requested(ep, type, payload, len);
		}
		break;
	case RIG_CM_ACCEPTING:
		if (ret > 0 && type == RIG_CM_CONFIRM) {
			ep->state = RIG_CM_CONNECTED;
			FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "accepted connection confirmed\n");
			rig_eq_cm_event(ep->eq, FI_CONNECTED, &ep->ep.fid, NULL, NULL, 0);
		} else {
			FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "the peer left before confirming\n");
			rig_ep_down(ep);
			rig_eq_err_event(ep->eq, &ep->ep.fid, FI_ECONNABORTED, NULL, 0);
		}
		break;
	case RIG_CM_CONNECTED:
		/* A SHUTDOWN, end of file, or garbage: the connection is over. */
		FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "peer shut down (%s)\n",
			ret > 0 && type == RIG_CM_SHUTDOWN ? "shutdown" : "control socket lost");
		rig_chan_close(&ep->chan);
		ep->state = RIG_CM_CLOSING;
		rig_ep_closing(ep);
		break;
	default:
		break;
	}
}

static void rig_eq_progress(struct rig_eq *eq)
{
	for (struct rig_pep *pep = eq->peps; pep; pep = pep->next_pep)
		rig_pep_progress(pep);
	for (struct rig_ep *ep = eq->eps; ep; ep = ep->next_ep)
		rig_ep_progress(ep);
}

/* Event queue */

static ssize_t rig_eq_read_locked(struct rig_eq *eq, uint32_t *event, void *buf, size_t len,
				  uint64_t flags)
{
	struct rig_eq_event *ev;

	rig_eq_progress(eq);
	ev = eq->head;
	if (!ev)
		return -FI_EAGAIN;
	if (ev->err)
		return -FI_EAVAIL;
	if (len < ev->len)
		return -FI_ETOOSMALL;
	memcpy(buf, ev->u.bytes, ev->len);
	if (event)
		*event = ev->type;
	if (!(flags & FI_PEEK)) {
		eq->head = ev->next;
		if (!eq->head)
			eq->tail = &eq->head;
		len = ev->len;
		free(ev);
		return (ssize_t)len;
	}
	return (ssize_t)ev->len;
}

static ssize_t rig_eq_read(struct fid_eq *feq, uint32_t *event, void *buf, size_t len,
			   uint64_t flags)
{
	struct rig_eq *eq = container_of(feq, struct rig_eq, eq);
	ssize_t ret;

	pthread_mutex_lock(&eq->lock);
	ret = rig_eq_read_locked(eq, event, buf, len, flags);
	pthread_mutex_unlock(&eq->lock);
	return ret;
}

static ssize_t rig_eq_readerr(struct fid_eq *feq, struct fi_eq_err_entry *buf, uint64_t flags)
{
	struct rig_eq *eq = container_of(feq, struct rig_eq, eq);
	struct rig_eq_event *ev;
	void *user_data;
	size_t user_size;

	pthread_mutex_lock(&eq->lock);
	rig_eq_progress(eq);
	ev = eq->head;
	if (!ev || !ev->err) {
		pthread_mutex_unlock(&eq->lock);
		return -FI_EAGAIN;
	}
	user_data = buf->err_data;
	user_size = buf->err_data_size;
	*buf = ev->u.err_entry;
	if (user_size) {
		size_t n = ev->u.err_entry.err_data_size < user_size ?
			   ev->u.err_entry.err_data_size : user_size;

		memcpy(user_data, ev->err_data, n);
		buf->err_data = user_data;
		buf->err_data_size = n;
	} else {
		buf->err_data = ev->u.err_entry.err_data_size ? ev->err_data : NULL;
	}
	if (!(flags & FI_PEEK)) {
		eq->head = ev->next;
		if (!eq->head)
			eq->tail = &eq->head;
		free(eq->last_err);
		eq->last_err = ev;
	}
	pthread_mutex_unlock(&eq->lock);
	return sizeof(*buf);
}

static ssize_t rig_eq_write(struct fid_eq *feq, uint32_t event, const void *buf, size_t len,
			    uint64_t flags)
{
	struct rig_eq *eq = container_of(feq, struct rig_eq, eq);
	struct rig_eq_event *ev;

	if (len > sizeof(ev->u.bytes) || (flags & FI_REMOTE_WRITE))
		return -FI_EINVAL;
	ev = calloc(1, sizeof(*ev));
	if (!ev)
		return -FI_ENOMEM;
	ev->type = event;
	ev->len = len;
	memcpy(ev->u.bytes, buf, len);
	pthread_mutex_lock(&eq->lock);
	rig_eq_push(eq, ev);
	pthread_mutex_unlock(&eq->lock);
	return (ssize_t)len;
}

/* The sockets an fi_eq_sread() sleeps on: up to @max. */
static int rig_eq_fds(struct rig_eq *eq, struct pollfd *fds, int max, bool *closing)
{
	int n = 0;

	*closing = false;
	for (struct rig_ep *ep = eq->eps; ep; ep = ep->next_ep)
		*closing |= ep->state == RIG_CM_CLOSING;

	fds[n++] = (struct pollfd){ .fd = eq->efd, .events = POLLIN };
	for (struct rig_pep *pep = eq->peps; pep && n < max; pep = pep->next_pep) {
		if (pep->sock >= 0)
			fds[n++] = (struct pollfd){ .fd = pep->sock, .events = POLLIN };
		for (struct rig_connreq *r = pep->reqs; r && n < max; r = r->next)
			if (!r->reported)
				fds[n++] = (struct pollfd){ .fd = r->chan.sock, .events = POLLIN };
	}
	for (struct rig_ep *ep = eq->eps; ep && n < max; ep = ep->next_ep)
		if (ep->chan.sock >= 0)
			fds[n++] = (struct pollfd){
				.fd = ep->chan.sock,
				.events = POLLIN | (ep->chan.out_len ? POLLOUT : 0) };
	return n;
}

static ssize_t rig_eq_sread(struct fid_eq *feq, uint32_t *event, void *buf, size_t len,
			    int timeout, uint64_t flags)
{
	struct rig_eq *eq = container_of(feq, struct rig_eq, eq);
	struct pollfd fds[256];
	struct timespec t0;
	ssize_t ret;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		uint64_t drain;
		int n, left = -1, nap;
		bool closing = false;

		pthread_mutex_lock(&eq->lock);
		if (read(eq->efd, &drain, sizeof(drain)) < 0) {
			/* Nothing written since: fine. */
		}
		ret = rig_eq_read_locked(eq, event, buf, len, flags);
		n = ret == -FI_EAGAIN ? rig_eq_fds(eq, fds, 256, &closing) : 0;
		pthread_mutex_unlock(&eq->lock);
		if (ret != -FI_EAGAIN)
			return ret;
		if (timeout >= 0) {
			left = timeout - rig_ms_since(&t0);
			if (left <= 0)
				return -FI_EAGAIN;
		}
		/*
		 * Bounded, so a socket closed by another thread, or an endpoint
		 * whose FI_SHUTDOWN waits for its completions to be read, is
		 * looked at again.
		 */
		nap = closing ? 10 : 100;
		if (poll(fds, (nfds_t)n, left < 0 || left > nap ? nap : left) < 0 && errno != EINTR)
			return -FI_EIO;
	}
}

static const char *rig_eq_strerror(struct fid_eq *eq, int prov_errno, const void *err_data,
				   char *buf, size_t len)
{
	(void)eq;
	(void)err_data;
	return rig_fi_message(fi_strerror(prov_errno), buf, len);
}

static struct fi_ops_eq rig_fi_eq_ops = {
	.size = sizeof(struct fi_ops_eq),
	.read = rig_eq_read,
	.readerr = rig_eq_readerr,
	.write = rig_eq_write,
	.sread = rig_eq_sread,
	.strerror = rig_eq_strerror,
};

static int rig_eq_close(struct fid *fid)
{
	struct rig_eq *eq = container_of(fid, struct rig_eq, eq.fid);

	pthread_mutex_lock(&eq->lock);
	if (eq->peps || eq->eps) {
		pthread_mutex_unlock(&eq->lock);
		return -FI_EBUSY;
	}
	while (eq->head) {
		struct rig_eq_event *ev = eq->head;

		eq->head = ev->next;
		if (!ev->err && (ev->type == FI_CONNREQ))
			fi_freeinfo(ev->u.cm.info);
		free(ev);
	}
	free(eq->last_err);
	pthread_mutex_unlock(&eq->lock);
	close(eq->efd);
	pthread_mutex_destroy(&eq->lock);
	free(eq);
	return 0;
}

static int rig_eq_control(struct fid *fid, int command, void *arg)
{
	(void)fid;
	(void)arg;
	return command == FI_GETWAIT ? -FI_ENOSYS : -FI_EINVAL;
}

static struct fi_ops rig_fi_eq_fid_ops = {
	.size = sizeof(struct fi_ops),
	.close = rig_eq_close,
	.bind = rig_fi_no_bind,
	.control = rig_eq_control,
	.ops_open = rig_fi_no_ops_open,
};

int rig_fi_eq_open(struct fid_fabric *fabric, struct fi_eq_attr *attr, struct fid_eq **feq,
		   void *context)
{
	struct rig_eq *eq;

	if (!attr || (attr->wait_obj != FI_WAIT_NONE && attr->wait_obj != FI_WAIT_UNSPEC)) {
		FI_INFO(&rig_prov, FI_LOG_EQ, "event queues wait with FI_WAIT_UNSPEC only\n");
		return -FI_ENOSYS;
	}
	eq = calloc(1, sizeof(*eq));
	if (!eq)
		return -FI_ENOMEM;
	eq->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (eq->efd < 0) {
		free(eq);
		return -FI_EMFILE;
	}
	pthread_mutex_init(&eq->lock, NULL);
	eq->tail = &eq->head;
	eq->fab = container_of(fabric, struct rig_fabric, fabric);
	eq->eq.fid.fclass = FI_CLASS_EQ;
	eq->eq.fid.context = context;
	eq->eq.fid.ops = &rig_fi_eq_fid_ops;
	eq->eq.ops = &rig_fi_eq_ops;
	*feq = &eq->eq;
	return 0;
}

/* Passive endpoint objects */

static int rig_pep_close(struct fid *fid)
{
	struct rig_pep *pep = container_of(fid, struct rig_pep, pep.fid);

	if (pep->eq) {
		struct rig_pep **l;

		pthread_mutex_lock(&pep->eq->lock);
		for (l = &pep->eq->peps; *l && *l != pep; l = &(*l)->next_pep)
			;
		if (*l)
			*l = pep->next_pep;
		pthread_mutex_unlock(&pep->eq->lock);
	}
	while (pep->reqs) {
		struct rig_connreq *req = pep->reqs;

		pep->reqs = req->next;
		rig_connreq_free(req);
	}
	if (pep->sock >= 0)
		close(pep->sock);
	fi_freeinfo(pep->info);
	free(pep);
	return 0;
}

static int rig_pep_bind(struct fid *fid, struct fid *bfid, uint64_t flags)
{
	struct rig_pep *pep = container_of(fid, struct rig_pep, pep.fid);
	struct rig_eq *eq = rig_fi_eq_of(bfid);

	(void)flags;
	if (!eq || pep->eq)
		return -FI_EINVAL;
	pthread_mutex_lock(&eq->lock);
	pep->eq = eq;
	pep->next_pep = eq->peps;
	eq->peps = pep;
	pthread_mutex_unlock(&eq->lock);
	return 0;
}

static struct fi_ops rig_fi_pep_fid_ops = {
	.size = sizeof(struct fi_ops),
	.close = rig_pep_close,
	.bind = rig_pep_bind,
	.control = rig_fi_no_control,
	.ops_open = rig_fi_no_ops_open,
};

static struct fi_ops_ep rig_fi_pep_ops = {
	.size = sizeof(struct fi_ops_ep),
	.getopt = rig_fi_cm_getopt,
	.setopt = rig_fi_no_setopt,
};

/*
 * A concrete address for a socket bound to any: the first IPv4 address of
 * an interface that is up and not the loopback, else the loopback (all of
 * a host's modelled NICs are reached through it).  Peers and ofi_rxm's
 * address vectors need an address they can connect to.
 */
static struct in_addr rig_host_addr(void)
{
	struct in_addr a = { .s_addr = htonl(INADDR_LOOPBACK) };
	struct ifaddrs *ifs, *i;

	if (getifaddrs(&ifs))
		return a;
	for (i = ifs; i; i = i->ifa_next)
		if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET &&
		    (i->ifa_flags & IFF_UP) && !(i->ifa_flags & IFF_LOOPBACK)) {
			a = ((struct sockaddr_in *)i->ifa_addr)->sin_addr;
			break;
		}
	freeifaddrs(ifs);
	return a;
}

static int rig_sockname(int sock, const struct sockaddr_in *fallback, void *addr,
			size_t *addrlen)
{
	struct sockaddr_in sin = *fallback;
	socklen_t len = sizeof(sin);
	size_t given = *addrlen;

	if (sock >= 0 && getsockname(sock, (struct sockaddr *)&sin, &len))
		return -FI_EIO;
	if (sin.sin_addr.s_addr == htonl(INADDR_ANY))
		sin.sin_addr = rig_host_addr();
	*addrlen = sizeof(sin);
	if (given < sizeof(sin))
		return -FI_ETOOSMALL;
	memcpy(addr, &sin, sizeof(sin));
	return 0;
}

static int rig_pep_getname(fid_t fid, void *addr, size_t *addrlen)
{
	struct rig_pep *pep = container_of(fid, struct rig_pep, pep.fid);

	return rig_sockname(pep->sock, &pep->addr, addr, addrlen);
}

static int rig_pep_setname(fid_t fid, void *addr, size_t addrlen)
{
	struct rig_pep *pep = container_of(fid, struct rig_pep, pep.fid);
	const struct sockaddr_in *sin = addr;

	if (pep->sock >= 0 || !addr || addrlen < sizeof(*sin) || sin->sin_family != AF_INET)
		return -FI_EINVAL;
	pep->addr = *sin;
	return 0;
}

static int rig_pep_listen(struct fid_pep *fpep)
{
	struct rig_pep *pep = container_of(fpep, struct rig_pep, pep);
	int one = 1, s;

	if (!pep->eq || pep->sock >= 0)
		return -FI_EINVAL;
	s = rig_cm_socket();
	if (s < 0)
		return -FI_EMFILE;
	setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(s, (struct sockaddr *)&pep->addr, sizeof(pep->addr)) || listen(s, 128)) {
		int err = errno;

		close(s);
		FI_WARN(&rig_prov, FI_LOG_EP_CTRL, "cannot listen on port %u: %s\n",
			ntohs(pep->addr.sin_port), strerror(err));
		return err == EADDRINUSE ? -FI_EADDRINUSE : -FI_EINVAL;
	}
	pthread_mutex_lock(&pep->eq->lock);
	pep->sock = s;
	pthread_mutex_unlock(&pep->eq->lock);
	FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "listening\n");
	return 0;
}

static int rig_pep_reject(struct fid_pep *fpep, fid_t handle, const void *param,
			  size_t paramlen)
{
	struct rig_pep *pep = container_of(fpep, struct rig_pep, pep);
	struct rig_connreq **l, *req;

	if (!pep->eq || !handle || paramlen > RIG_FI_CM_DATA_MAX)
		return -FI_EINVAL;
	pthread_mutex_lock(&pep->eq->lock);
	for (l = &pep->reqs; *l && &(*l)->fid != handle; l = &(*l)->next)
		;
	req = *l;
	if (req)
		*l = req->next;
	pthread_mutex_unlock(&pep->eq->lock);
	if (!req)
		return -FI_EINVAL;
	/* Best effort: a peer gone already needs no answer. */
	if (!rig_chan_queue(&req->chan, RIG_CM_REJECT, NULL, param, paramlen))
		rig_chan_flush(&req->chan);
	FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "rejected queue pair %u\n", req->peer.qp);
	rig_connreq_free(req);
	return 0;
}

static struct fi_ops_cm rig_fi_pep_cm_ops = {
	.size = sizeof(struct fi_ops_cm),
	.setname = rig_pep_setname,
	.getname = rig_pep_getname,
	.listen = rig_pep_listen,
	.reject = rig_pep_reject,
};

int rig_fi_passive_ep(struct fid_fabric *fabric, struct fi_info *info, struct fid_pep **fpep,
		      void *context)
{
	struct rig_pep *pep;

	if (!info || (info->src_addr && (info->src_addrlen < sizeof(struct sockaddr_in) ||
					 ((struct sockaddr_in *)info->src_addr)->sin_family !=
						 AF_INET)))
		return -FI_EINVAL;
	pep = calloc(1, sizeof(*pep));
	if (!pep)
		return -FI_ENOMEM;
	pep->info = fi_dupinfo(info);
	if (!pep->info) {
		free(pep);
		return -FI_ENOMEM;
	}
	pep->sock = -1;
	pep->fab = container_of(fabric, struct rig_fabric, fabric);
	pep->addr = (struct sockaddr_in){ .sin_family = AF_INET };
	if (info->src_addr)
		pep->addr = *(struct sockaddr_in *)info->src_addr;
	pep->pep.fid.fclass = FI_CLASS_PEP;
	pep->pep.fid.context = context;
	pep->pep.fid.ops = &rig_fi_pep_fid_ops;
	pep->pep.ops = &rig_fi_pep_ops;
	pep->pep.cm = &rig_fi_pep_cm_ops;
	*fpep = &pep->pep;
	return 0;
}

/*
 * The address of the passive endpoint @fid names, for an active endpoint
 * that takes it over (fi_getinfo(3)'s handle): 0, or -FI_EINVAL when @fid
 * is no passive endpoint of this provider.
 */
int rig_fi_pep_addr(struct fid *fid, struct sockaddr_in *addr)
{
	struct rig_pep *pep;

	if (!fid || fid->fclass != FI_CLASS_PEP || fid->ops != &rig_fi_pep_fid_ops)
		return -FI_EINVAL;
	pep = container_of(fid, struct rig_pep, pep.fid);
	*addr = pep->addr;
	return 0;
}

/* Active endpoints' connection calls */

int rig_fi_ep_bind_eq(struct rig_ep *ep, struct rig_eq *eq)
{
	if (ep->eq)
		return -FI_EINVAL;
	pthread_mutex_lock(&eq->lock);
	ep->eq = eq;
	ep->next_ep = eq->eps;
	eq->eps = ep;
	pthread_mutex_unlock(&eq->lock);
	return 0;
}

/* Take a connection request out of its passive endpoint for fi_endpoint(). */
struct rig_connreq *rig_fi_connreq_take(struct fid *handle)
{
	struct rig_connreq *req, **l;
	struct rig_pep *pep;
	bool found = false;

	if (handle->fclass != FI_CLASS_CONNREQ || handle->ops != &rig_fi_connreq_ops)
		return NULL;
	req = container_of(handle, struct rig_connreq, fid);
	pep = req->pep;

	pthread_mutex_lock(&pep->eq->lock);
	for (l = &pep->reqs; *l; l = &(*l)->next)
		if (*l == req) {
			*l = req->next;
			found = true;
			break;
		}
	pthread_mutex_unlock(&pep->eq->lock);
	return found ? req : NULL;
}

void rig_fi_ep_cm_close(struct rig_ep *ep)
{
	if (!ep->eq) {
		if (ep->req)
			rig_connreq_free(ep->req);
		ep->req = NULL;
		return;
	}
	pthread_mutex_lock(&ep->eq->lock);
	if (ep->chan.sock >= 0 && ep->state != RIG_CM_DOWN &&
	    !rig_chan_queue(&ep->chan, RIG_CM_SHUTDOWN, NULL, NULL, 0))
		rig_chan_flush(&ep->chan);
	rig_chan_close(&ep->chan);
	if (ep->req)
		rig_connreq_free(ep->req);
	ep->req = NULL;
	for (struct rig_ep **l = &ep->eq->eps; *l; l = &(*l)->next_ep)
		if (*l == ep) {
			*l = ep->next_ep;
			break;
		}
	pthread_mutex_unlock(&ep->eq->lock);
}

/*
 * Whether @ep may start a connection: under the event queue's lock, held
 * until the state has moved on, so that of two threads calling at once
 * (FI_THREAD_SAFE) one connects and the other is told the state is wrong.
 */
static int rig_ep_cm_check(struct rig_ep *ep, size_t paramlen)
{
	if (!ep->enabled || paramlen > RIG_FI_CM_DATA_MAX)
		return -FI_EINVAL;
	if (ep->state != RIG_CM_IDLE)
		return -FI_EOPBADSTATE;
	return 0;
}

/* fi_connect(), under the event queue's lock. */
static int rig_ep_connect_locked(struct rig_ep *ep, const struct sockaddr_in *sin,
				 const void *param, size_t paramlen)
{
	struct rig_endpoint self;
	int ret = rig_ep_cm_check(ep, paramlen), s;

	if (ret)
		return ret;
	rig_qp_endpoint(ep->qp, &self);
	s = rig_cm_socket();
	if (s < 0)
		return -FI_EMFILE;
	if (ep->bind_addr.sin_family) {
		int one = 1;

		setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (bind(s, (const struct sockaddr *)&ep->bind_addr, sizeof(ep->bind_addr))) {
			int err = errno;

			close(s);
			FI_WARN(&rig_prov, FI_LOG_EP_CTRL, "cannot bind to port %u: %s\n",
				ntohs(ep->bind_addr.sin_port), strerror(err));
			return err == EADDRINUSE ? -FI_EADDRINUSE : -FI_EINVAL;
		}
	}
	if (connect(s, (const struct sockaddr *)sin, sizeof(*sin)) && errno != EINPROGRESS) {
		int err = errno;

		close(s);
		FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "connect: %s\n", strerror(err));
		return -FI_ECONNREFUSED;
	}
	ep->chan = (struct rig_cm_chan){ .sock = s };
	ep->peer_addr = *sin;
	rig_chan_queue(&ep->chan, RIG_CM_REQUEST, &self, param, paramlen);
	ep->state = RIG_CM_CONNECTING;
	FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "connecting queue pair %u to %s:%u\n", self.qp,
		inet_ntoa(sin->sin_addr), ntohs(sin->sin_port));
	rig_ep_progress(ep);
	return 0;
}

static int rig_ep_connect(struct fid_ep *fep, const void *addr, const void *param,
			  size_t paramlen)
{
	struct rig_ep *ep = container_of(fep, struct rig_ep, ep);
	const struct sockaddr_in *sin = addr ? addr : ep->info->dest_addr;
	int ret;

	if (!sin || sin->sin_family != AF_INET || !sin->sin_port || !ep->eq)
		return -FI_EINVAL;
	pthread_mutex_lock(&ep->eq->lock);
	ret = rig_ep_connect_locked(ep, sin, param, paramlen);
	pthread_mutex_unlock(&ep->eq->lock);
	return ret;
}

/* fi_accept(), under the event queue's lock. */
static int rig_ep_accept_locked(struct rig_ep *ep, const void *param, size_t paramlen)
{
	struct rig_endpoint self;
	int ret = rig_ep_cm_check(ep, paramlen);

	if (ret)
		return ret;
	if (!ep->req)
		return -FI_EINVAL;
	ret = rig_ep_qp_connect(ep, &ep->req->peer);
	if (ret)
		return ret;
	rig_qp_endpoint(ep->qp, &self);
	ep->chan = ep->req->chan;
	ep->peer_addr = ep->req->peer_addr;
	free(ep->req);
	ep->req = NULL;
	ep->chan.in_len = 0;
	rig_chan_queue(&ep->chan, RIG_CM_ACCEPT, &self, param, paramlen);
	ep->state = RIG_CM_ACCEPTING;
	FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "accepting with queue pair %u\n", self.qp);
	rig_ep_progress(ep);
	return 0;
}

static int rig_ep_accept(struct fid_ep *fep, const void *param, size_t paramlen)
{
	struct rig_ep *ep = container_of(fep, struct rig_ep, ep);
	int ret;

	if (!ep->eq)
		return -FI_EINVAL;
	pthread_mutex_lock(&ep->eq->lock);
	ret = rig_ep_accept_locked(ep, param, paramlen);
	pthread_mutex_unlock(&ep->eq->lock);
	return ret;
}

static int rig_ep_shutdown(struct fid_ep *fep, uint64_t flags)
{
	struct rig_ep *ep = container_of(fep, struct rig_ep, ep);

	(void)flags;
	if (!ep->eq)
		return -FI_EINVAL;
	pthread_mutex_lock(&ep->eq->lock);
	if (ep->chan.sock >= 0 && ep->state != RIG_CM_DOWN &&
	    !rig_chan_queue(&ep->chan, RIG_CM_SHUTDOWN, NULL, NULL, 0))
		rig_chan_flush(&ep->chan);
	/*
	 * The connection ends here as well as at the peer: FI_SHUTDOWN on
	 * both sides, once (tcp's and verbs' rule), so that two peers that
	 * shut down at once each see their own end.  Only a connection that
	 * was reported FI_CONNECTED ends so: an attempt given up is not one.
	 */
	if (ep->state == RIG_CM_CONNECTED || ep->state == RIG_CM_CLOSING)
		rig_eq_cm_event(ep->eq, FI_SHUTDOWN, &ep->ep.fid, NULL, NULL, 0);
	rig_ep_down(ep);
	pthread_mutex_unlock(&ep->eq->lock);
	FI_INFO(&rig_prov, FI_LOG_EP_CTRL, "shut down\n");
	return 0;
}

static int rig_ep_getname(fid_t fid, void *addr, size_t *addrlen)
{
	struct rig_ep *ep = container_of(fid, struct rig_ep, ep.fid);
	struct sockaddr_in any = { .sin_family = AF_INET };

	if (ep->bind_addr.sin_family)
		any = ep->bind_addr;
	else if (ep->info->src_addr)
		any = *(struct sockaddr_in *)ep->info->src_addr;
	return rig_sockname(ep->chan.sock, &any, addr, addrlen);
}

static int rig_ep_getpeer(struct fid_ep *fep, void *addr, size_t *addrlen)
{
	struct rig_ep *ep = container_of(fep, struct rig_ep, ep);
	size_t given = *addrlen;

	*addrlen = sizeof(ep->peer_addr);
	if (given < sizeof(ep->peer_addr))
		return -FI_ETOOSMALL;
	memcpy(addr, &ep->peer_addr, sizeof(ep->peer_addr));
	return 0;
}

static int rig_ep_no_setname(fid_t fid, void *addr, size_t addrlen)
{
	(void)fid, (void)addr, (void)addrlen;
	return -FI_ENOSYS;
}

static int rig_ep_no_listen(struct fid_pep *pep)
{
	(void)pep;
	return -FI_ENOSYS;
}

static int rig_ep_no_reject(struct fid_pep *pep, fid_t handle, const void *p, size_t n)
{
	(void)pep, (void)handle, (void)p, (void)n;
	return -FI_ENOSYS;
}

static int rig_ep_no_join(struct fid_ep *ep, const void *addr, uint64_t flags,
			  struct fid_mc **mc, void *context)
{
	(void)ep, (void)addr, (void)flags, (void)mc, (void)context;
	return -FI_ENOSYS;
}

struct fi_ops_cm rig_fi_ep_cm_ops = {
	.size = sizeof(struct fi_ops_cm),
	.setname = rig_ep_no_setname,
	.getname = rig_ep_getname,
	.getpeer = rig_ep_getpeer,
	.connect = rig_ep_connect,
	.listen = rig_ep_no_listen,
	.accept = rig_ep_accept,
	.reject = rig_ep_no_reject,
	.shutdown = rig_ep_shutdown,
	.join = rig_ep_no_join,
};
