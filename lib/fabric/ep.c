// SPDX-License-Identifier: BSD-2-Clause
/*
 * Endpoints: one rig queue pair each, and their data operations -- sends
 * and receives through bounce slots of a local host region the endpoint
 * owns (no peer reads it, whatever key it holds),
 * reads of a peer's registered memory named by key and address -- and
 * the taking of the queue pair's completions into completion queues.  It
 * owns the slots and what each posted entry was; connections are cm.c's.
 * Everything here but the object calls runs under the domain's lock.
 *
 * A message whose buffer a registration holds (the descriptor given, as
 * FI_MR_LOCAL asks) is sent from that region and received into it: in
 * place behind an IOMMU, through the registration's copy without one
 * (where a registration no peer may read has a copy only once a message
 * too large for a bounce slot uses it).  Any other goes through bounce
 * slots, RIG_FI_MAX_MSG bytes at most: copied into a slot before its
 * send, out of one after its receive.  Without an IOMMU, every send first
 * brings the copies peers may read up to date.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "rig_fi.h"

/* A completion status as libfabric's error. */
static int rig_ep_status_errno(int status)
{
	switch (status) {
	case RIG_STATUS_LOCAL_LENGTH:
		return FI_ETRUNC;
	case RIG_STATUS_REMOTE_INVALID_REQUEST:
		return FI_EMSGSIZE;
	case RIG_STATUS_LOCAL_PROTECTION:
	case RIG_STATUS_REMOTE_ACCESS:
		return FI_EACCES;
	case RIG_STATUS_RNR_RETRY_EXCEEDED:
		return FI_ENORX;
	case RIG_STATUS_RETRY_EXCEEDED:
		return FI_ETIMEDOUT;
	case RIG_STATUS_FLUSHED:
		return FI_ECANCELED;
	default:
		return FI_EIO;
	}
}

static size_t rig_bounce_at(const struct rig_ep *ep, bool rx, uint32_t slot)
{
	return ((rx ? ep->entries : 0) + (size_t)slot) * RIG_FI_MAX_MSG;
}

/* Copy @n bytes at @at of @r out into @iov. */
static void rig_scatter(struct rig_region *r, size_t at, const struct iovec *iov, size_t count,
			size_t n)
{
	for (size_t i = 0; i < count && n; i++) {
		size_t k = iov[i].iov_len < n ? iov[i].iov_len : n;

		if (k)
			rig_region_read(r, at, iov[i].iov_base, k);
		at += k;
		n -= k;
	}
}

static void rig_ep_complete_rx(struct rig_ep *ep, const struct rig_completion *c)
{
	struct rig_fi_rx *r = &ep->rx[c->id];

	ep->rx_done++;
	if (!ep->rx_cq)
		return;
	if (c->status) {
		rig_fi_cq_push_err(ep->rx_cq, ep, r->context, r->flags, rig_ep_status_errno(c->status),
				   c->status, 0);
		return;
	}
	if (r->region) {
		if (r->copy_out)
			rig_scatter(r->region, r->region_at, r->iov, r->iov_count, c->bytes);
		rig_fi_cq_push(ep->rx_cq, ep, r->context, r->flags, c->bytes, r->iov[0].iov_base);
		return;
	}
	rig_scatter(ep->bounce, rig_bounce_at(ep, true, (uint32_t)c->id), r->iov, r->iov_count,
		    c->bytes);
	if (c->bytes > r->len)
		rig_fi_cq_push_err(ep->rx_cq, ep, r->context, r->flags, FI_ETRUNC, 0,
				   c->bytes - r->len);
	else
		rig_fi_cq_push(ep->rx_cq, ep, r->context, r->flags, c->bytes,
			       r->iov_count ? r->iov[0].iov_base : NULL);
}

static void rig_ep_complete_tx(struct rig_ep *ep, const struct rig_completion *c)
{
	struct rig_fi_tx *t = &ep->tx[c->id];

	ep->tx_done++;
	if (!ep->tx_cq)
		return;
	if (c->status) {
		rig_fi_cq_push_err(ep->tx_cq, ep, t->context, t->flags & ~(FI_COMPLETION | FI_INJECT),
				   rig_ep_status_errno(c->status), c->status, 0);
		return;
	}
	if (t->copy_out)
		rig_scatter(t->region, t->region_at, t->iov, t->iov_count, t->len);
	if (t->silent || ((ep->tx_bind & FI_SELECTIVE_COMPLETION) && !(t->flags & FI_COMPLETION)))
		return;
	rig_fi_cq_push(ep->tx_cq, ep, t->context, t->flags & ~(FI_COMPLETION | FI_INJECT), t->len,
		       NULL);
}

void rig_fi_ep_progress(struct rig_ep *ep)
{
	struct rig_completion c[16];
	int n;

	if (!ep->qp || !rig_fi_cq_room(ep->tx_cq) || !rig_fi_cq_room(ep->rx_cq))
		return;
	n = rig_qp_poll_batch(ep->qp, c, 16);
	for (int i = 0; i < n; i++) {
		if (c[i].op == RIG_RECEIVE)
			rig_ep_complete_rx(ep, &c[i]);
		else
			rig_ep_complete_tx(ep, &c[i]);
	}
}

/* Data operations */

static size_t rig_iov_len(const struct iovec *iov, size_t count)
{
	size_t n = 0;

	for (size_t i = 0; i < count; i++)
		n += iov[i].iov_len;
	return n;
}

/* Hand the receives recorded but not yet posted to the queue pair. */
static int rig_ep_post_rx(struct rig_ep *ep)
{
	while (ep->rx_nic < ep->rx_posted) {
		uint32_t slot = (uint32_t)(ep->rx_nic % ep->entries);
		const struct rig_fi_rx *r = &ep->rx[slot];
		int ret = r->region ?
			rig_qp_receive(ep->qp, r->region, r->region_at, r->len, slot) :
			rig_qp_receive(ep->qp, ep->bounce, rig_bounce_at(ep, true, slot),
				       RIG_FI_MAX_MSG, slot);

		if (ret) {
			FI_WARN(&rig_prov, FI_LOG_EP_DATA, "%s\n", rig_error());
			return rig_fi_errno(ret);
		}
		ep->rx_nic++;
	}
	return 0;
}

/*
 * The registration @desc names for one buffer and the region the message
 * of @len bytes uses in it (rig_fi_mr_region()): then the message goes to
 * or from that region without a bounce slot.  *@mr is NULL when there is
 * no registration or a bounce slot serves the message.
 */
static int rig_ep_mr(struct rig_ep *ep, const struct iovec *iov, size_t count, void **desc,
		     size_t len, struct rig_mr **mr)
{
	struct rig_region *r;
	int ret;

	*mr = NULL;
	if (count != 1 || !desc || !desc[0] || !iov[0].iov_len ||
	    rig_fi_mr_find(ep->dom, desc[0], iov[0].iov_base, iov[0].iov_len, mr))
		return 0;
	ret = rig_fi_mr_region(*mr, len, &r);
	if (ret || !r)
		*mr = NULL;
	return ret;
}

static ssize_t rig_ep_recvv_locked(struct rig_ep *ep, const struct iovec *iov, void **desc,
				   size_t count, void *context, uint64_t flags)
{
	struct rig_fi_rx *r;
	struct rig_mr *mr;
	size_t len;
	int ret;

	if (!ep->enabled || count > RIG_FI_IOV_LIMIT || (count && !iov))
		return -FI_EINVAL;
	if (ep->rx_posted - ep->rx_done >= ep->entries)
		rig_fi_ep_progress(ep);
	if (ep->rx_posted - ep->rx_done >= ep->entries)
		return -FI_EAGAIN;
	len = rig_iov_len(iov, count);
	ret = rig_ep_mr(ep, iov, count, desc, len, &mr);
	if (ret)
		return ret;
	r = &ep->rx[ep->rx_posted % ep->entries];
	*r = (struct rig_fi_rx){ .context = context, .iov_count = count,
				 .flags = FI_RECV | FI_MSG | (flags & FI_COMPLETION), .len = len };
	if (count)
		memcpy(r->iov, iov, count * sizeof(*iov));
	if (mr) {
		r->region = mr->region;
		r->region_at = (uintptr_t)iov[0].iov_base - mr->start;
		r->copy_out = mr->copy;
	}
	ep->rx_posted++;
	return ep->qp_ready ? rig_ep_post_rx(ep) : 0;
}

static ssize_t rig_ep_recvv_flags(struct fid_ep *fep, const struct iovec *iov, void **desc,
				  size_t count, void *context, uint64_t flags)
{
	struct rig_ep *ep = container_of(fep, struct rig_ep, ep);
	ssize_t ret;

	pthread_mutex_lock(&ep->dom->lock);
	ret = rig_ep_recvv_locked(ep, iov, desc, count, context, flags);
	pthread_mutex_unlock(&ep->dom->lock);
	return ret;
}

static ssize_t rig_ep_recv(struct fid_ep *ep, void *buf, size_t len, void *desc,
			   fi_addr_t src, void *context)
{
	struct iovec iov = { .iov_base = buf, .iov_len = len };

	(void)src;
	return rig_ep_recvv_flags(ep, &iov, &desc, 1, context, 0);
}

static ssize_t rig_ep_recvv(struct fid_ep *ep, const struct iovec *iov, void **desc,
			    size_t count, fi_addr_t src, void *context)
{
	(void)src;
	return rig_ep_recvv_flags(ep, iov, desc, count, context, 0);
}

static ssize_t rig_ep_recvmsg(struct fid_ep *ep, const struct fi_msg *msg, uint64_t flags)
{
	return rig_ep_recvv_flags(ep, msg->msg_iov, msg->desc, msg->iov_count, msg->context,
				  flags);
}

/* Bytes @a to @b are being filled: the first such from @pos so far? */
static void rig_ep_fill_at(size_t a, size_t b, size_t pos, bool *found, size_t *start,
			   size_t *end)
{
	size_t from = a > pos ? a : pos;

	if (b <= pos || (*found && from >= *start))
		return;
	*start = from;
	*end = b;
	*found = true;
}

/*
 * Where the first receive or read still filling @r at or after @pos
 * starts (no earlier than @pos) and ends, among the endpoints of @dom:
 * false when none does.
 */
static bool rig_ep_next_fill(const struct rig_domain *dom, const struct rig_region *r,
			     size_t pos, size_t *start, size_t *end)
{
	bool found = false;

	for (const struct rig_ep *ep = dom->eps; ep; ep = ep->next_dom) {
		for (uint64_t i = ep->rx_done; i < ep->rx_posted; i++) {
			const struct rig_fi_rx *x = &ep->rx[i % ep->entries];

			if (x->region == r)
				rig_ep_fill_at(x->region_at, x->region_at + x->len, pos, &found,
					       start, end);
		}
		for (uint64_t i = ep->tx_done; i < ep->tx_posted; i++) {
			const struct rig_fi_tx *t = &ep->tx[i % ep->entries];

			if (t->region == r && (t->flags & FI_READ))
				rig_ep_fill_at(t->region_at, t->region_at + t->len, pos, &found,
					       start, end);
		}
	}
	return found;
}

/*
 * Copy bytes @pos to @to of @m's buffer into its copy, but those a
 * receive or read of ours is still filling: they are the NIC's, not the
 * buffer's, and are copied out when their completion is taken.
 */
static void rig_ep_refresh_range(const struct rig_domain *dom, const struct rig_mr *m,
				 size_t pos, size_t to)
{
	size_t start = 0, end = 0;

	while (pos < to) {
		if (!rig_ep_next_fill(dom, m->region, pos, &start, &end))
			start = end = to;
		if (start > to)
			start = to;
		if (start > pos)
			rig_region_write(m->region, pos, (const char *)m->buf + pos, start - pos);
		pos = end > start ? end : start;
	}
}

/*
 * Without an IOMMU a registration a peer may read is a copy: bring every
 * one of @dom up to date with its buffer before a send tells a peer what
 * to read (ofi_rxm's rendezvous, or the application's own protocol).  Of
 * a buffer whose writes are tracked only the pages written since the
 * last refresh are copied; any other is copied whole.
 */
static void rig_ep_refresh_readable(const struct rig_domain *dom)
{
	for (const struct rig_mr *m = dom->readable; m; m = m->next_readable) {
		struct rig_dirty_walk w;
		size_t from, to;

		if (!m->tracked) {
			rig_ep_refresh_range(dom, m, 0, m->len);
			continue;
		}
		rig_dirty_walk_start(&w, dom->dirty, m->buf, m->len);
		while (rig_dirty_walk_next(&w, &from, &to))
			rig_ep_refresh_range(dom, m, from, to);
	}
}

/*
 * A send of @iov; @silent (fi_inject) writes no completion entry when it
 * succeeds, where the FI_INJECT flag alone only hands the buffer back at
 * once (fi_msg(3)).
 */
static ssize_t rig_ep_sendv_locked(struct rig_ep *ep, const struct iovec *iov, void **desc,
				   size_t count, void *context, uint64_t flags, bool silent)
{
	size_t len = rig_iov_len(iov, count), at, off = 0;
	struct rig_region *r;
	struct rig_mr *mr;
	uint32_t slot;
	int ret;

	if (!ep->enabled || count > RIG_FI_IOV_LIMIT || (count && !iov))
		return -FI_EINVAL;
	if (len > RIG_FI_MAX_MSG_MR || ((flags & FI_INJECT) && len > RIG_FI_MAX_MSG))
		return -FI_EMSGSIZE;
	/* An injected message is the caller's again on return: always copied. */
	mr = NULL;
	if (!(flags & FI_INJECT)) {
		ret = rig_ep_mr(ep, iov, count, desc, len, &mr);
		if (ret)
			return ret;
	}
	if (len > (mr ? RIG_FI_MAX_MSG_MR : RIG_FI_MAX_MSG))
		return -FI_EMSGSIZE;
	if (!ep->qp_ready)
		return -FI_ENOTCONN;
	if (ep->tx_posted - ep->tx_done >= ep->entries)
		rig_fi_ep_progress(ep);
	if (ep->tx_posted - ep->tx_done >= ep->entries)
		return -FI_EAGAIN;
	slot = (uint32_t)(ep->tx_posted % ep->entries);
	rig_ep_refresh_readable(ep->dom);
	if (mr) {
		/* In place behind an IOMMU; else the registration's copy, brought up to date. */
		r = mr->region;
		at = (uintptr_t)iov[0].iov_base - mr->start;
		if (mr->copy)
			rig_region_write(r, at, iov[0].iov_base, len);
	} else {
		r = ep->bounce;
		at = rig_bounce_at(ep, false, slot);
		for (size_t i = 0; i < count; i++) {
			if (iov[i].iov_len)
				rig_region_write(r, at + off, iov[i].iov_base, iov[i].iov_len);
			off += iov[i].iov_len;
		}
	}
	ret = rig_qp_send(ep->qp, r, at, len, slot);
	if (!ret)
		ret = rig_qp_ring(ep->qp);
	if (ret) {
		FI_WARN(&rig_prov, FI_LOG_EP_DATA, "%s\n", rig_error());
		return rig_fi_errno(ret);
	}
	ep->tx[slot] = (struct rig_fi_tx){
		.context = context, .len = len, .silent = silent,
		.flags = FI_SEND | FI_MSG | (flags & (FI_COMPLETION | FI_INJECT)) };
	ep->tx_posted++;
	return 0;
}

static ssize_t rig_ep_sendv_flags(struct fid_ep *fep, const struct iovec *iov, void **desc,
				  size_t count, void *context, uint64_t flags, bool silent)
{
	struct rig_ep *ep = container_of(fep, struct rig_ep, ep);
	ssize_t ret;

	pthread_mutex_lock(&ep->dom->lock);
	ret = rig_ep_sendv_locked(ep, iov, desc, count, context, flags, silent);
	pthread_mutex_unlock(&ep->dom->lock);
	return ret;
}

static ssize_t rig_ep_send(struct fid_ep *ep, const void *buf, size_t len, void *desc,
			   fi_addr_t dest, void *context)
{
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };

	(void)dest;
	return rig_ep_sendv_flags(ep, &iov, &desc, 1, context, 0, false);
}

static ssize_t rig_ep_sendv(struct fid_ep *ep, const struct iovec *iov, void **desc,
			    size_t count, fi_addr_t dest, void *context)
{
	(void)dest;
	return rig_ep_sendv_flags(ep, iov, desc, count, context, 0, false);
}

static ssize_t rig_ep_sendmsg(struct fid_ep *ep, const struct fi_msg *msg, uint64_t flags)
{
	if (flags & FI_REMOTE_CQ_DATA)
		return -FI_EINVAL;
	return rig_ep_sendv_flags(ep, msg->msg_iov, msg->desc, msg->iov_count, msg->context,
				  flags, false);
}

static ssize_t rig_ep_inject(struct fid_ep *ep, const void *buf, size_t len, fi_addr_t dest)
{
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };

	(void)dest;
	return rig_ep_sendv_flags(ep, &iov, NULL, 1, NULL, FI_INJECT, true);
}

static ssize_t rig_ep_senddata(struct fid_ep *ep, const void *buf, size_t len, void *desc,
			       uint64_t data, fi_addr_t dest, void *context)
{
	(void)ep, (void)buf, (void)len, (void)desc, (void)data, (void)dest, (void)context;
	return -FI_ENOSYS;
}

static ssize_t rig_ep_injectdata(struct fid_ep *ep, const void *buf, size_t len, uint64_t data,
				 fi_addr_t dest)
{
	(void)ep, (void)buf, (void)len, (void)data, (void)dest;
	return -FI_ENOSYS;
}

static struct fi_ops_msg rig_fi_msg_ops = {
	.size = sizeof(struct fi_ops_msg),
	.recv = rig_ep_recv,
	.recvv = rig_ep_recvv,
	.recvmsg = rig_ep_recvmsg,
	.send = rig_ep_send,
	.sendv = rig_ep_sendv,
	.sendmsg = rig_ep_sendmsg,
	.inject = rig_ep_inject,
	.senddata = rig_ep_senddata,
	.injectdata = rig_ep_injectdata,
};

/*
 * A read of @len bytes at the peer's @addr under @key into @iov: into the
 * registration @desc names (in place behind an IOMMU, else its copy, then
 * copied out), or into a bounce slot when there is none.  The key carries
 * the region's key and the low 32 bits of its first byte's address.
 */
static ssize_t rig_ep_readv_locked(struct rig_ep *ep, const struct iovec *iov, void **desc,
				   size_t count, uint64_t addr, uint64_t key, void *context,
				   uint64_t flags)
{
	struct rig_fi_tx *t;
	struct rig_mr *mr;
	struct rig_region *r;
	size_t len, at;
	uint32_t slot;
	bool copy;
	int ret;

	if (!ep->enabled || count != 1 || !iov || !iov[0].iov_len)
		return -FI_EINVAL;
	len = iov[0].iov_len;
	if (!ep->qp_ready)
		return -FI_ENOTCONN;
	if (ep->tx_posted - ep->tx_done >= ep->entries)
		rig_fi_ep_progress(ep);
	if (ep->tx_posted - ep->tx_done >= ep->entries)
		return -FI_EAGAIN;
	slot = (uint32_t)(ep->tx_posted % ep->entries);
	ret = rig_ep_mr(ep, iov, count, desc, len, &mr);
	if (ret)
		return ret;
	if (mr) {
		r = mr->region;
		at = (uintptr_t)iov[0].iov_base - mr->start;
		copy = mr->copy;
	} else if (len <= RIG_FI_MAX_MSG) {
		r = ep->bounce;
		at = rig_bounce_at(ep, false, slot);
		copy = true;
	} else {
		return -FI_EINVAL;
	}
	ret = rig_qp_read_remote(ep->qp, r, at, (uint32_t)(key >> 32),
				 (uint32_t)((uint32_t)addr - (uint32_t)key), len, slot);
	if (!ret)
		ret = rig_qp_ring(ep->qp);
	if (ret) {
		FI_WARN(&rig_prov, FI_LOG_EP_DATA, "%s\n", rig_error());
		return rig_fi_errno(ret);
	}
	t = &ep->tx[slot];
	*t = (struct rig_fi_tx){ .context = context, .len = len, .region = r, .region_at = at,
				 .copy_out = copy, .iov_count = 1,
				 .flags = FI_READ | FI_RMA | (flags & FI_COMPLETION) };
	t->iov[0] = iov[0];
	ep->tx_posted++;
	return 0;
}

static ssize_t rig_ep_readv_flags(struct fid_ep *fep, const struct iovec *iov, void **desc,
				  size_t count, uint64_t addr, uint64_t key, void *context,
				  uint64_t flags)
{
	struct rig_ep *ep = container_of(fep, struct rig_ep, ep);
	ssize_t ret;

	pthread_mutex_lock(&ep->dom->lock);
	ret = rig_ep_readv_locked(ep, iov, desc, count, addr, key, context, flags);
	pthread_mutex_unlock(&ep->dom->lock);
	return ret;
}

static ssize_t rig_ep_read(struct fid_ep *ep, void *buf, size_t len, void *desc, fi_addr_t src,
			   uint64_t addr, uint64_t key, void *context)
{
	struct iovec iov = { .iov_base = buf, .iov_len = len };

	(void)src;
	return rig_ep_readv_flags(ep, &iov, &desc, 1, addr, key, context, 0);
}

static ssize_t rig_ep_readv(struct fid_ep *ep, const struct iovec *iov, void **desc,
			    size_t count, fi_addr_t src, uint64_t addr, uint64_t key,
			    void *context)
{
	(void)src;
	return rig_ep_readv_flags(ep, iov, desc, count, addr, key, context, 0);
}

static ssize_t rig_ep_readmsg(struct fid_ep *ep, const struct fi_msg_rma *msg, uint64_t flags)
{
	if (!msg || msg->rma_iov_count != 1 || msg->iov_count != 1 ||
	    msg->rma_iov[0].len != msg->msg_iov[0].iov_len)
		return -FI_EINVAL;
	return rig_ep_readv_flags(ep, msg->msg_iov, msg->desc, msg->iov_count,
				  msg->rma_iov[0].addr, msg->rma_iov[0].key, msg->context, flags);
}

/* RMA writes: a peer writes a process's memory only through a receive it posted. */
static ssize_t rig_ep_write(struct fid_ep *ep, const void *buf, size_t len, void *desc,
			    fi_addr_t dest, uint64_t addr, uint64_t key, void *context)
{
	(void)ep, (void)buf, (void)len, (void)desc, (void)dest, (void)addr, (void)key;
	(void)context;
	return -FI_ENOSYS;
}

static ssize_t rig_ep_writev(struct fid_ep *ep, const struct iovec *iov, void **desc,
			     size_t count, fi_addr_t dest, uint64_t addr, uint64_t key,
			     void *context)
{
	(void)ep, (void)iov, (void)desc, (void)count, (void)dest, (void)addr, (void)key;
	(void)context;
	return -FI_ENOSYS;
}

static ssize_t rig_ep_writemsg(struct fid_ep *ep, const struct fi_msg_rma *msg, uint64_t flags)
{
	(void)ep, (void)msg, (void)flags;
	return -FI_ENOSYS;
}

static ssize_t rig_ep_inject_write(struct fid_ep *ep, const void *buf, size_t len,
				   fi_addr_t dest, uint64_t addr, uint64_t key)
{
	(void)ep, (void)buf, (void)len, (void)dest, (void)addr, (void)key;
	return -FI_ENOSYS;
}

static ssize_t rig_ep_writedata(struct fid_ep *ep, const void *buf, size_t len, void *desc,
				uint64_t data, fi_addr_t dest, uint64_t addr, uint64_t key,
				void *context)
{
	(void)ep, (void)buf, (void)len, (void)desc, (void)data, (void)dest, (void)addr;
	(void)key, (void)context;
	return -FI_ENOSYS;
}

static ssize_t rig_ep_inject_writedata(struct fid_ep *ep, const void *buf, size_t len,
				       uint64_t data, fi_addr_t dest, uint64_t addr,
				       uint64_t key)
{
	(void)ep, (void)buf, (void)len, (void)data, (void)dest, (void)addr, (void)key;
	return -FI_ENOSYS;
}

static struct fi_ops_rma rig_fi_rma_ops = {
	.size = sizeof(struct fi_ops_rma),
	.read = rig_ep_read,
	.readv = rig_ep_readv,
	.readmsg = rig_ep_readmsg,
	.write = rig_ep_write,
	.writev = rig_ep_writev,
	.writemsg = rig_ep_writemsg,
	.inject = rig_ep_inject_write,
	.writedata = rig_ep_writedata,
	.injectdata = rig_ep_inject_writedata,
};

/* The endpoint object */

static int rig_ep_enable(struct rig_ep *ep)
{
	int ret;

	if (ep->enabled)
		return 0;
	if (!ep->eq || !ep->tx_cq || !ep->rx_cq)
		return -FI_ENOCQ;
	pthread_mutex_lock(&ep->dom->lock);
	ret = rig_qp_make(ep->dom->nic, ep->entries, &ep->qp);
	if (!ret)
		ret = rig_fi_region(ep->dom, NULL, 2 * (size_t)ep->entries * RIG_FI_MAX_MSG,
				    false, &ep->bounce);
	if (ret) {
		FI_WARN(&rig_prov, FI_LOG_EP_CTRL, "%s\n", rig_error());
		if (ep->qp)
			rig_qp_destroy(ep->qp);
		ep->qp = NULL;
	} else {
		ep->enabled = true;
		ep->next_dom = ep->dom->eps;
		ep->dom->eps = ep;
	}
	pthread_mutex_unlock(&ep->dom->lock);
	return rig_fi_errno(ret);
}

/* The queue pair is connected (cm.c, under the domain's lock): post what waited. */
int rig_fi_ep_connected(struct rig_ep *ep)
{
	ep->qp_ready = true;
	return rig_ep_post_rx(ep);
}

static int rig_ep_control(struct fid *fid, int command, void *arg)
{
	struct rig_ep *ep = container_of(fid, struct rig_ep, ep.fid);

	switch (command) {
	case FI_ENABLE:
		return rig_ep_enable(ep);
	case FI_GETOPSFLAG:
		if (!arg)
			return -FI_EINVAL;
		*(uint64_t *)arg = (*(uint64_t *)arg & FI_TRANSMIT) ? ep->tx_op_flags :
			ep->rx_op_flags;
		return 0;
	default:
		return -FI_ENOSYS;
	}
}

static int rig_ep_bind(struct fid *fid, struct fid *bfid, uint64_t flags)
{
	struct rig_ep *ep = container_of(fid, struct rig_ep, ep.fid);
	struct rig_eq *eq = rig_fi_eq_of(bfid);
	struct rig_cq *cq = rig_fi_cq_of(bfid);

	if (eq)
		return rig_fi_ep_bind_eq(ep, eq);
	if (!cq || ep->enabled || !(flags & (FI_TRANSMIT | FI_RECV)))
		return -FI_EINVAL;
	pthread_mutex_lock(&ep->dom->lock);
	if (((flags & FI_TRANSMIT) && ep->tx_cq) || ((flags & FI_RECV) && ep->rx_cq)) {
		pthread_mutex_unlock(&ep->dom->lock);
		return -FI_EINVAL;
	}
	if (flags & FI_TRANSMIT) {
		ep->tx_cq = cq;
		ep->tx_bind = flags & FI_SELECTIVE_COMPLETION;
		rig_fi_cq_attach(cq, ep, true);
	}
	if (flags & FI_RECV) {
		ep->rx_cq = cq;
		ep->rx_bind = flags & FI_SELECTIVE_COMPLETION;
		rig_fi_cq_attach(cq, ep, false);
	}
	pthread_mutex_unlock(&ep->dom->lock);
	return 0;
}

static int rig_ep_close(struct fid *fid)
{
	struct rig_ep *ep = container_of(fid, struct rig_ep, ep.fid);

	rig_fi_ep_cm_close(ep);
	pthread_mutex_lock(&ep->dom->lock);
	for (struct rig_ep **l = &ep->dom->eps; *l; l = &(*l)->next_dom)
		if (*l == ep) {
			*l = ep->next_dom;
			break;
		}
	rig_fi_cq_detach(ep);
	if (ep->qp)
		rig_qp_destroy(ep->qp);
	if (ep->bounce)
		rig_region_deregister(ep->bounce);
	pthread_mutex_unlock(&ep->dom->lock);
	fi_freeinfo(ep->info);
	free(ep);
	return 0;
}

static struct fi_ops rig_fi_ep_fid_ops = {
	.size = sizeof(struct fi_ops),
	.close = rig_ep_close,
	.bind = rig_ep_bind,
	.control = rig_ep_control,
	.ops_open = rig_fi_no_ops_open,
};

/*
 * Cancel the receive of @context that the queue pair does not hold yet
 * (posted before the connection): out of the endpoint's list, its
 * FI_ECANCELED entry in the receive completion queue.  A receive handed to
 * the queue pair stays: a queue pair takes its receives in order, so none
 * can be withdrawn, and the message meant for it would land in the next.
 * Under the domain's lock.
 */
static ssize_t rig_ep_cancel_rx(struct rig_ep *ep, void *context)
{
	uint64_t i = ep->rx_nic;
	struct rig_fi_rx r;
	int ret;

	while (i < ep->rx_posted && ep->rx[i % ep->entries].context != context)
		i++;
	if (i == ep->rx_posted)
		return -FI_ENOENT;
	r = ep->rx[i % ep->entries];
	if (ep->rx_cq) {
		ret = rig_fi_cq_push_err(ep->rx_cq, ep, r.context, r.flags & ~FI_COMPLETION,
					 FI_ECANCELED, 0, 0);
		if (ret)
			return ret;
	}
	for (; i + 1 < ep->rx_posted; i++)
		ep->rx[i % ep->entries] = ep->rx[(i + 1) % ep->entries];
	ep->rx_posted--;
	return 0;
}

static ssize_t rig_ep_cancel(fid_t fid, void *context)
{
	struct rig_ep *ep = container_of(fid, struct rig_ep, ep.fid);
	ssize_t ret;

	if (!context)
		return -FI_ENOENT;
	pthread_mutex_lock(&ep->dom->lock);
	ret = rig_ep_cancel_rx(ep, context);
	pthread_mutex_unlock(&ep->dom->lock);
	return ret;
}

static int rig_ep_no_ctx(struct fid_ep *sep, int index, void *attr, struct fid_ep **ep,
			 void *context)
{
	(void)sep, (void)index, (void)attr, (void)ep, (void)context;
	return -FI_ENOSYS;
}

static int rig_ep_tx_ctx(struct fid_ep *sep, int index, struct fi_tx_attr *attr,
			 struct fid_ep **ep, void *context)
{
	return rig_ep_no_ctx(sep, index, attr, ep, context);
}

static int rig_ep_rx_ctx(struct fid_ep *sep, int index, struct fi_rx_attr *attr,
			 struct fid_ep **ep, void *context)
{
	return rig_ep_no_ctx(sep, index, attr, ep, context);
}

static ssize_t rig_ep_rx_size_left(struct fid_ep *fep)
{
	struct rig_ep *ep = container_of(fep, struct rig_ep, ep);

	return (ssize_t)(ep->entries - (ep->rx_posted - ep->rx_done));
}

static ssize_t rig_ep_tx_size_left(struct fid_ep *fep)
{
	struct rig_ep *ep = container_of(fep, struct rig_ep, ep);

	return (ssize_t)(ep->entries - (ep->tx_posted - ep->tx_done));
}

static struct fi_ops_ep rig_fi_ep_ops = {
	.size = sizeof(struct fi_ops_ep),
	.cancel = rig_ep_cancel,
	.getopt = rig_fi_cm_getopt,
	.setopt = rig_fi_no_setopt,
	.tx_ctx = rig_ep_tx_ctx,
	.rx_ctx = rig_ep_rx_ctx,
	.rx_size_left = rig_ep_rx_size_left,
	.tx_size_left = rig_ep_tx_size_left,
};

int rig_fi_endpoint(struct fid_domain *domain, struct fi_info *info, struct fid_ep **fep,
		    void *context)
{
	struct rig_domain *dom = container_of(domain, struct rig_domain, domain);
	struct rig_ep *ep;

	if (!info || !info->ep_attr || info->ep_attr->type != FI_EP_MSG)
		return -FI_EINVAL;
	ep = calloc(1, sizeof(*ep));
	if (!ep)
		return -FI_ENOMEM;
	ep->info = fi_dupinfo(info);
	if (!ep->info) {
		free(ep);
		return -FI_ENOMEM;
	}
	if (info->handle && info->handle->fclass == FI_CLASS_PEP) {
		/* The passive endpoint's address is this endpoint's own. */
		if (rig_fi_pep_addr(info->handle, &ep->bind_addr)) {
			fi_freeinfo(ep->info);
			free(ep);
			return -FI_EINVAL;
		}
	} else if (info->handle) {
		ep->req = rig_fi_connreq_take(info->handle);
		if (!ep->req) {
			fi_freeinfo(ep->info);
			free(ep);
			return -FI_EINVAL;
		}
	}
	ep->dom = dom;
	ep->entries = RIG_FI_ENTRIES;
	ep->chan.sock = -1;
	ep->state = RIG_CM_IDLE;
	ep->tx_op_flags = info->tx_attr ? info->tx_attr->op_flags : 0;
	ep->rx_op_flags = info->rx_attr ? info->rx_attr->op_flags : 0;
	ep->ep.fid.fclass = FI_CLASS_EP;
	ep->ep.fid.context = context;
	ep->ep.fid.ops = &rig_fi_ep_fid_ops;
	ep->ep.ops = &rig_fi_ep_ops;
	ep->ep.cm = &rig_fi_ep_cm_ops;
	ep->ep.msg = &rig_fi_msg_ops;
	ep->ep.rma = &rig_fi_rma_ops;
	*fep = &ep->ep;
	return 0;
}
