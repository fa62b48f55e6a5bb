// SPDX-License-Identifier: BSD-2-Clause
/*
 * Completion queues: a software queue of entries, in the order the
 * endpoints' queue pairs complete them, filled by taking those
 * completions (ep.c) whenever the queue is read.  It owns the entry
 * formats, error entries and waiting: its wait object (FI_WAIT_FD) is the
 * device file, which poll() finds readable once a queue pair whose
 * completion ring it armed (rig_qp_arm()) completes something; it takes
 * no completion itself.  fi_cq_signal() wakes an fi_cq_sread() through an
 * eventfd of the queue's own.  Everything here runs under the domain's
 * lock but the sleep itself.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include "rig_fi.h"

/* Room to keep, so one pass over an endpoint's queue pair never overflows. */
#define RIG_CQ_SLACK	(2 * RIG_FI_ENTRIES)

struct rig_cq_entry {
	struct rig_ep *ep;		/* whose completion it is, until it is read */
	void *context;
	uint64_t flags;
	size_t len;
	void *buf;
	int err, prov_errno;
	size_t olen;
};

struct rig_cq {
	struct fid_cq cq;
	struct rig_domain *dom;
	enum fi_cq_format format;
	enum fi_wait_obj wait_obj;	/* FI_WAIT_FD or FI_WAIT_NONE */
	int sigfd;			/* an eventfd: fi_cq_signal() wakes fi_cq_sread() */
	struct rig_cq_entry *ring;
	size_t cap, head, count;
	struct rig_ep *tx_eps, *rx_eps;	/* bound endpoints: next_tx, next_rx */
};

static struct fi_ops_cq rig_fi_cq_ops;

struct rig_cq *rig_fi_cq_of(struct fid *fid)
{
	struct rig_cq *cq;

	if (!fid || fid->fclass != FI_CLASS_CQ)
		return NULL;
	cq = container_of(fid, struct rig_cq, cq.fid);
	return cq->cq.ops == &rig_fi_cq_ops ? cq : NULL;
}

void rig_fi_cq_attach(struct rig_cq *cq, struct rig_ep *ep, bool tx)
{
	if (tx) {
		ep->next_tx = cq->tx_eps;
		cq->tx_eps = ep;
	} else {
		ep->next_rx = cq->rx_eps;
		cq->rx_eps = ep;
	}
}

void rig_fi_cq_detach(struct rig_ep *ep)
{
	struct rig_ep **l;

	/* Its unread entries outlive it, as verbs' do a queue pair's. */
	for (int t = 0; t < 2; t++) {
		struct rig_cq *cq = t ? ep->rx_cq : ep->tx_cq;

		for (size_t i = 0; cq && i < cq->count; i++)
			if (cq->ring[(cq->head + i) % cq->cap].ep == ep)
				cq->ring[(cq->head + i) % cq->cap].ep = NULL;
	}

	if (ep->tx_cq)
		for (l = &ep->tx_cq->tx_eps; *l; l = &(*l)->next_tx)
			if (*l == ep) {
				*l = ep->next_tx;
				break;
			}
	if (ep->rx_cq)
		for (l = &ep->rx_cq->rx_eps; *l; l = &(*l)->next_rx)
			if (*l == ep) {
				*l = ep->next_rx;
				break;
			}
}

static struct rig_cq_entry *rig_cq_tail(struct rig_cq *cq)
{
	if (cq->count == cq->cap)
		return NULL;
	return &cq->ring[(cq->head + cq->count++) % cq->cap];
}

int rig_fi_cq_push(struct rig_cq *cq, struct rig_ep *ep, void *context, uint64_t flags,
		   size_t len, void *buf)
{
	struct rig_cq_entry *e = rig_cq_tail(cq);

	if (!e)
		return -FI_EAGAIN;
	*e = (struct rig_cq_entry){ .ep = ep, .context = context, .flags = flags, .len = len,
				    .buf = buf };
	ep->cq_unread++;
	return 0;
}

int rig_fi_cq_push_err(struct rig_cq *cq, struct rig_ep *ep, void *context, uint64_t flags,
		       int err, int prov_errno, size_t olen)
{
	struct rig_cq_entry *e = rig_cq_tail(cq);

	if (!e)
		return -FI_EAGAIN;
	*e = (struct rig_cq_entry){ .ep = ep, .context = context, .flags = flags, .err = err,
				    .prov_errno = prov_errno, .olen = olen };
	ep->cq_unread++;
	return 0;
}

/* The head entry is read: it is no longer its endpoint's. */
static void rig_cq_pop(struct rig_cq *cq)
{
	struct rig_cq_entry *e = &cq->ring[cq->head];

	if (e->ep)
		e->ep->cq_unread--;
	cq->head = (cq->head + 1) % cq->cap;
	cq->count--;
}

/* Is there room for whatever one pass over one queue pair brings? */
bool rig_fi_cq_room(const struct rig_cq *cq)
{
	return !cq || cq->cap - cq->count >= RIG_CQ_SLACK;
}

static void rig_cq_progress(struct rig_cq *cq)
{
	for (struct rig_ep *ep = cq->tx_eps; ep; ep = ep->next_tx)
		rig_fi_ep_progress(ep);
	for (struct rig_ep *ep = cq->rx_eps; ep; ep = ep->next_rx)
		if (ep->tx_cq != cq)
			rig_fi_ep_progress(ep);
}

static void rig_cq_copy(const struct rig_cq *cq, const struct rig_cq_entry *e, void *out)
{
	switch (cq->format) {
	case FI_CQ_FORMAT_MSG:
		*(struct fi_cq_msg_entry *)out = (struct fi_cq_msg_entry){
			.op_context = e->context, .flags = e->flags, .len = e->len };
		break;
	case FI_CQ_FORMAT_DATA:
		*(struct fi_cq_data_entry *)out = (struct fi_cq_data_entry){
			.op_context = e->context, .flags = e->flags, .len = e->len,
			.buf = e->buf };
		break;
	case FI_CQ_FORMAT_TAGGED:
		*(struct fi_cq_tagged_entry *)out = (struct fi_cq_tagged_entry){
			.op_context = e->context, .flags = e->flags, .len = e->len,
			.buf = e->buf };
		break;
	default:
		*(struct fi_cq_entry *)out = (struct fi_cq_entry){ .op_context = e->context };
		break;
	}
}

static size_t rig_cq_entry_size(enum fi_cq_format format)
{
	switch (format) {
	case FI_CQ_FORMAT_MSG:
		return sizeof(struct fi_cq_msg_entry);
	case FI_CQ_FORMAT_DATA:
		return sizeof(struct fi_cq_data_entry);
	case FI_CQ_FORMAT_TAGGED:
		return sizeof(struct fi_cq_tagged_entry);
	default:
		return sizeof(struct fi_cq_entry);
	}
}

static ssize_t rig_cq_read(struct fid_cq *fcq, void *buf, size_t count)
{
	struct rig_cq *cq = container_of(fcq, struct rig_cq, cq);
	size_t n = 0, size = rig_cq_entry_size(cq->format);
	ssize_t ret;

	pthread_mutex_lock(&cq->dom->lock);
	rig_cq_progress(cq);
	while (n < count && cq->count && !cq->ring[cq->head].err) {
		rig_cq_copy(cq, &cq->ring[cq->head], (char *)buf + n * size);
		rig_cq_pop(cq);
		n++;
	}
	if (n)
		ret = (ssize_t)n;
	else
		ret = cq->count ? -FI_EAVAIL : -FI_EAGAIN;
	pthread_mutex_unlock(&cq->dom->lock);
	return ret;
}

static ssize_t rig_cq_readfrom(struct fid_cq *fcq, void *buf, size_t count, fi_addr_t *src)
{
	ssize_t n = rig_cq_read(fcq, buf, count);

	for (ssize_t i = 0; src && i < n; i++)
		src[i] = FI_ADDR_NOTAVAIL;
	return n;
}

static ssize_t rig_cq_readerr(struct fid_cq *fcq, struct fi_cq_err_entry *buf, uint64_t flags)
{
	struct rig_cq *cq = container_of(fcq, struct rig_cq, cq);
	struct rig_cq_entry *e;

	(void)flags;
	pthread_mutex_lock(&cq->dom->lock);
	if (!cq->count || !cq->ring[cq->head].err) {
		pthread_mutex_unlock(&cq->dom->lock);
		return -FI_EAGAIN;
	}
	e = &cq->ring[cq->head];
	buf->op_context = e->context;
	buf->flags = e->flags;
	buf->len = 0;
	buf->buf = NULL;
	buf->data = 0;
	buf->tag = 0;
	buf->olen = e->olen;
	buf->err = e->err;
	buf->prov_errno = e->prov_errno;
	buf->err_data_size = 0;
	rig_cq_pop(cq);
	pthread_mutex_unlock(&cq->dom->lock);
	return 1;
}

/*
 * fi_trywait() of a completion queue: -FI_EAGAIN when an entry is there
 * to read (or a completion is at hand), 0 once the completion ring of
 * every queue pair behind it is armed with nothing in it, so that the
 * device file turns readable at the next completion.  A queue pair in
 * error with nothing left to complete never completes again: not armed.
 */
int rig_fi_cq_trywait(struct rig_cq *cq)
{
	int ret = 0;

	pthread_mutex_lock(&cq->dom->lock);
	rig_cq_progress(cq);
	if (cq->count)
		ret = -FI_EAGAIN;
	for (int t = 0; t < 2 && !ret; t++)
		for (struct rig_ep *ep = t ? cq->rx_eps : cq->tx_eps; ep && !ret;
		     ep = t ? ep->next_rx : ep->next_tx) {
			int armed = ep->qp ? rig_qp_arm(ep->qp) : 0;

			if (armed == 1)
				ret = -FI_EAGAIN;
			else if (armed < 0 && armed != -EIO)
				ret = rig_fi_errno(armed);
			if (armed < 0)
				FI_INFO(&rig_prov, FI_LOG_CQ, "%s\n", rig_error());
		}
	pthread_mutex_unlock(&cq->dom->lock);
	return ret;
}

/* Milliseconds left until @deadline: 0 once it has passed. */
static int rig_cq_ms_left(const struct timespec *deadline)
{
	struct timespec t;
	long long ms;

	clock_gettime(CLOCK_MONOTONIC, &t);
	ms = (deadline->tv_sec - t.tv_sec) * 1000LL + (deadline->tv_nsec - t.tv_nsec + 999999) /
	     1000000;
	return ms <= 0 ? 0 : ms > INT32_MAX ? INT32_MAX : (int)ms;
}

/*
 * Read, else arm and sleep in poll() on the device file, until an entry
 * comes, @timeout (milliseconds; negative: none) passes or fi_cq_signal()
 * is called (then -FI_EAGAIN; a signal given while no one sleeps wakes
 * the next sleep).  The file is the NIC's: a ring armed by another
 * completion queue of the domain may make it readable with nothing for
 * this one, which then naps a millisecond before it sleeps again rather
 * than spin.
 */
static ssize_t rig_cq_sread(struct fid_cq *fcq, void *buf, size_t count, const void *cond,
			    int timeout)
{
	struct rig_cq *cq = container_of(fcq, struct rig_cq, cq);
	struct pollfd pfd[2] = { { .fd = rig_bnxt_fd(cq->dom->nic), .events = POLLIN },
				 { .fd = cq->sigfd, .events = POLLIN } };
	struct timespec deadline;
	bool woke = false;
	ssize_t ret;

	(void)cond;
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += timeout / 1000;
	deadline.tv_nsec += (long)(timeout % 1000) * 1000000;
	if (deadline.tv_nsec >= 1000000000) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000;
	}
	for (;;) {
		int left = timeout < 0 ? -1 : rig_cq_ms_left(&deadline);

		ret = rig_cq_read(fcq, buf, count);
		if (ret != -FI_EAGAIN)
			return ret;
		ret = rig_fi_cq_trywait(cq);
		if (ret == -FI_EAGAIN)
			continue;
		if (ret)
			return ret;
		if (!left)
			return -FI_EAGAIN;
		if (woke) {
			struct timespec nap = { 0, 1000000 };

			nanosleep(&nap, NULL);
		}
		ret = poll(pfd, 2, left);
		if (ret < 0 && errno == EINTR)
			return -FI_EINTR;
		if (ret < 0 || (pfd[0].revents & (POLLERR | POLLHUP))) {
			FI_WARN(&rig_prov, FI_LOG_CQ, "%s: the device is gone\n", cq->dom->name);
			return -FI_EIO;
		}
		if (pfd[1].revents & POLLIN) {
			uint64_t n;

			if (read(cq->sigfd, &n, sizeof(n)) < 0) {
				/* Another sleeper took it: woken all the same. */
			}
			return -FI_EAGAIN;
		}
		woke = ret > 0;
	}
}

static ssize_t rig_cq_sreadfrom(struct fid_cq *fcq, void *buf, size_t count, fi_addr_t *src,
				const void *cond, int timeout)
{
	ssize_t n = rig_cq_sread(fcq, buf, count, cond, timeout);

	for (ssize_t i = 0; src && i < n; i++)
		src[i] = FI_ADDR_NOTAVAIL;
	return n;
}

static int rig_cq_signal(struct fid_cq *fcq)
{
	struct rig_cq *cq = container_of(fcq, struct rig_cq, cq);
	uint64_t one = 1;

	return write(cq->sigfd, &one, sizeof(one)) == sizeof(one) ? 0 : -errno;
}

static const char *rig_cq_strerror(struct fid_cq *cq, int prov_errno, const void *err_data,
				   char *buf, size_t len)
{
	(void)cq;
	(void)err_data;
	return rig_fi_message(rig_status_message(prov_errno), buf, len);
}

static struct fi_ops_cq rig_fi_cq_ops = {
	.size = sizeof(struct fi_ops_cq),
	.read = rig_cq_read,
	.readfrom = rig_cq_readfrom,
	.readerr = rig_cq_readerr,
	.sread = rig_cq_sread,
	.sreadfrom = rig_cq_sreadfrom,
	.signal = rig_cq_signal,
	.strerror = rig_cq_strerror,
};

static int rig_cq_close(struct fid *fid)
{
	struct rig_cq *cq = container_of(fid, struct rig_cq, cq.fid);

	pthread_mutex_lock(&cq->dom->lock);
	if (cq->tx_eps || cq->rx_eps) {
		pthread_mutex_unlock(&cq->dom->lock);
		return -FI_EBUSY;
	}
	pthread_mutex_unlock(&cq->dom->lock);
	close(cq->sigfd);
	free(cq->ring);
	free(cq);
	return 0;
}

/* FI_GETWAIT: the device file, to poll() after fi_trywait() said 0. */
static int rig_cq_control(struct fid *fid, int command, void *arg)
{
	struct rig_cq *cq = container_of(fid, struct rig_cq, cq.fid);

	if (command != FI_GETWAIT)
		return -FI_ENOSYS;
	if (cq->wait_obj != FI_WAIT_FD)
		return -FI_ENODATA;
	if (!arg)
		return -FI_EINVAL;
	*(int *)arg = rig_bnxt_fd(cq->dom->nic);
	return 0;
}

static struct fi_ops rig_fi_cq_fid_ops = {
	.size = sizeof(struct fi_ops),
	.close = rig_cq_close,
	.bind = rig_fi_no_bind,
	.control = rig_cq_control,
	.ops_open = rig_fi_no_ops_open,
};

int rig_fi_cq_open(struct fid_domain *domain, struct fi_cq_attr *attr, struct fid_cq **fcq,
		   void *context)
{
	struct rig_cq *cq;

	if (!attr || attr->format > FI_CQ_FORMAT_TAGGED || (attr->flags & FI_AFFINITY))
		return -FI_EINVAL;
	if (attr->wait_obj != FI_WAIT_NONE && attr->wait_obj != FI_WAIT_UNSPEC &&
	    attr->wait_obj != FI_WAIT_FD) {
		FI_INFO(&rig_prov, FI_LOG_CQ, "completion queues wait on FI_WAIT_FD only\n");
		return -FI_ENOSYS;
	}
	cq = calloc(1, sizeof(*cq));
	if (!cq)
		return -FI_ENOMEM;
	cq->cap = (attr->size > RIG_CQ_SLACK ? attr->size : 0) + 2 * RIG_CQ_SLACK;
	cq->ring = calloc(cq->cap, sizeof(*cq->ring));
	cq->sigfd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (!cq->ring || cq->sigfd < 0) {
		int ret = cq->ring ? -errno : -FI_ENOMEM;

		if (cq->sigfd >= 0)
			close(cq->sigfd);
		free(cq->ring);
		free(cq);
		return ret;
	}
	cq->dom = container_of(domain, struct rig_domain, domain);
	cq->format = attr->format == FI_CQ_FORMAT_UNSPEC ? FI_CQ_FORMAT_CONTEXT : attr->format;
	cq->wait_obj = attr->wait_obj == FI_WAIT_NONE ? FI_WAIT_NONE : FI_WAIT_FD;
	cq->cq.fid.fclass = FI_CLASS_CQ;
	cq->cq.fid.context = context;
	cq->cq.fid.ops = &rig_fi_cq_fid_ops;
	cq->cq.ops = &rig_fi_cq_ops;
	*fcq = &cq->cq;
	return 0;
}
