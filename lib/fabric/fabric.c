// SPDX-License-Identifier: BSD-2-Clause
/*
 * The provider itself: fi_prov_ini(), fi_getinfo() over the rig devices
 * (one domain per /dev/rig_bnxtN, FI_RIG_DEVICE restricting them), the
 * fabric, domains, and memory registration.  It owns how hints are judged
 * and how a registration becomes a rig region; nothing of connections or
 * the data path.
 */
#include <dirent.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <arpa/inet.h>
#include <sys/socket.h>

#include "rig_fi.h"

/* Every capability bit libfabric 1.17 defines: the rest are ignored. */
#define RIG_FI_KNOWN_CAPS (FI_MSG | FI_RMA | FI_TAGGED | FI_ATOMIC | FI_MULTICAST | \
			   FI_COLLECTIVE | FI_READ | FI_WRITE | FI_RECV | FI_SEND | \
			   FI_REMOTE_READ | FI_REMOTE_WRITE | FI_MULTI_RECV | \
			   FI_REMOTE_CQ_DATA | FI_TRIGGER | FI_FENCE | FI_RMA_EVENT | \
			   FI_SOURCE | FI_NAMED_RX_CTX | FI_DIRECTED_RECV | FI_HMEM | \
			   FI_VARIABLE_MSG | FI_RMA_PMEM | FI_SOURCE_ERR | FI_LOCAL_COMM | \
			   FI_REMOTE_COMM | FI_SHARED_AV | FI_AV_USER_ID)
/*
 * Asked of us by ofi_rxm for every core provider, and harmless: with no
 * RMA write operation (refused, never offered) no peer ever writes here.
 */
#define RIG_FI_TOLERATED_CAPS FI_REMOTE_WRITE

/* Devices: the names under /dev, FI_RIG_DEVICE restricting them. */
static int rig_fi_devices(char names[][32], int max)
{
	char *only = NULL;
	struct dirent *d;
	DIR *dir;
	int n = 0;

	fi_param_get_str(&rig_prov, "device", &only);
	dir = opendir("/dev");
	if (!dir)
		return 0;
	while ((d = readdir(dir)) && n < max) {
		if (strncmp(d->d_name, "rig_bnxt", 8) || !d->d_name[8] || strlen(d->d_name) >= 32)
			continue;
		if (only && *only && strcmp(only, d->d_name))
			continue;
		memcpy(names[n++], d->d_name, strlen(d->d_name) + 1);
	}
	closedir(dir);
	/* In order of their numbers, so rig_bnxt0 comes first. */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && (strlen(names[j]) < strlen(names[j - 1]) ||
					  (strlen(names[j]) == strlen(names[j - 1]) &&
					   strcmp(names[j], names[j - 1]) < 0)); j--) {
			char t[32];

			memcpy(t, names[j], 32);
			memcpy(names[j], names[j - 1], 32);
			memcpy(names[j - 1], t, 32);
		}
	return n;
}

/* Do the hints' capabilities ask for RMA as a target (ofi's rule)? */
static bool rig_fi_rma_target(uint64_t caps)
{
	if (!(caps & (FI_RMA | FI_ATOMIC)))
		return false;
	return !(caps & (FI_READ | FI_WRITE | FI_REMOTE_READ | FI_REMOTE_WRITE)) ||
	       (caps & (FI_REMOTE_READ | FI_REMOTE_WRITE));
}

/* The MR mode bits the application must accept: FI_MR_LOCAL always, the rest for RMA targets. */
static int rig_fi_mr_mode(uint32_t version, const struct fi_info *hints, uint64_t caps,
			  int *mode)
{
	int want = rig_fi_rma_target(caps) ? RIG_FI_MR_MODE : FI_MR_LOCAL;
	int user;

	*mode = want;
	if (!hints || !hints->domain_attr)
		return 0;
	user = hints->domain_attr->mr_mode;
	if (FI_VERSION_LT(version, FI_VERSION(1, 5)) || (user & (FI_MR_BASIC | FI_MR_SCALABLE)))
		return -FI_ENODATA;
	/*
	 * FI_MR_UNSPEC (0) asks for FI_MR_BASIC or FI_MR_SCALABLE, as
	 * libfabric's utility providers read it, whatever FI_LOCAL_MR says.
	 */
	if ((user & want) != want)
		return -FI_ENODATA;
	return 0;
}

/* An address of the hints or of node and service: 0, or -FI_ENODATA. */
static int rig_fi_addr(const void *a, size_t len, struct sockaddr_in *out)
{
	const struct sockaddr_in *sin = a;

	if (!a)
		return 1;
	if (len < sizeof(*sin) || sin->sin_family != AF_INET)
		return -FI_ENODATA;
	*out = *sin;
	return 0;
}

static int rig_fi_resolve(const char *node, const char *service, struct sockaddr_in *out)
{
	struct addrinfo hints = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM };
	struct addrinfo *ai;

	if (getaddrinfo(node, service, &hints, &ai))
		return -FI_ENODATA;
	memcpy(out, ai->ai_addr, sizeof(*out));
	freeaddrinfo(ai);
	return 0;
}

/* The hints this provider cannot meet: -FI_ENODATA (logged), else 0. */
static int rig_fi_check_hints(uint32_t version, const struct fi_info *hints, int *mr_mode)
{
	uint64_t caps;

	if (!hints)
		return rig_fi_mr_mode(version, NULL, RIG_FI_CAPS, mr_mode);
	caps = hints->caps & RIG_FI_KNOWN_CAPS & ~RIG_FI_TOLERATED_CAPS;
	if (caps & ~(RIG_FI_CAPS | RIG_FI_DOMAIN_CAPS)) {
		FI_INFO(&rig_prov, FI_LOG_CORE, "capabilities %#llx are not offered\n",
			(unsigned long long)(caps & ~(RIG_FI_CAPS | RIG_FI_DOMAIN_CAPS)));
		return -FI_ENODATA;
	}
	if (hints->ep_attr && hints->ep_attr->type != FI_EP_UNSPEC &&
	    hints->ep_attr->type != FI_EP_MSG) {
		FI_INFO(&rig_prov, FI_LOG_CORE, "only FI_EP_MSG endpoints\n");
		return -FI_ENODATA;
	}
	if (hints->addr_format != FI_FORMAT_UNSPEC && hints->addr_format != FI_SOCKADDR_IN &&
	    hints->addr_format != FI_SOCKADDR) {
		FI_INFO(&rig_prov, FI_LOG_CORE, "addresses are sockaddr_in\n");
		return -FI_ENODATA;
	}
	if (hints->fabric_attr && hints->fabric_attr->name &&
	    strcmp(hints->fabric_attr->name, RIG_FI_NAME))
		return -FI_ENODATA;
	if (hints->fabric_attr && hints->fabric_attr->prov_name &&
	    strcasecmp(hints->fabric_attr->prov_name, RIG_FI_NAME) &&
	    strncasecmp(hints->fabric_attr->prov_name, RIG_FI_NAME ";", 4))
		return -FI_ENODATA;
	if (hints->tx_attr && hints->tx_attr->iov_limit > RIG_FI_IOV_LIMIT)
		return -FI_ENODATA;
	if (hints->rx_attr && hints->rx_attr->iov_limit > RIG_FI_IOV_LIMIT)
		return -FI_ENODATA;
	if ((hints->tx_attr && (hints->tx_attr->msg_order & ~RIG_FI_MSG_ORDER)) ||
	    (hints->rx_attr && (hints->rx_attr->msg_order & ~RIG_FI_MSG_ORDER))) {
		FI_INFO(&rig_prov, FI_LOG_CORE, "message ordering %#llx is not offered\n",
			(unsigned long long)RIG_FI_MSG_ORDER);
		return -FI_ENODATA;
	}
	if (hints->domain_attr && hints->domain_attr->cq_data_size) {
		FI_INFO(&rig_prov, FI_LOG_CORE, "no remote completion data\n");
		return -FI_ENODATA;
	}
	/* FI_SHARED_CONTEXT is (size_t)-1: more than one context, as a scalable one. */
	if (hints->ep_attr && (hints->ep_attr->tx_ctx_cnt > 1 || hints->ep_attr->rx_ctx_cnt > 1)) {
		FI_INFO(&rig_prov, FI_LOG_CORE, "no shared or scalable contexts\n");
		return -FI_ENODATA;
	}
	if (hints->domain_attr && (hints->domain_attr->caps & RIG_FI_KNOWN_CAPS &
				   ~RIG_FI_DOMAIN_CAPS)) {
		FI_INFO(&rig_prov, FI_LOG_CORE, "domain capabilities %#llx are not offered\n",
			(unsigned long long)(hints->domain_attr->caps & ~RIG_FI_DOMAIN_CAPS));
		return -FI_ENODATA;
	}
	if (rig_fi_mr_mode(version, hints, hints->caps ? hints->caps : RIG_FI_CAPS, mr_mode)) {
		FI_INFO(&rig_prov, FI_LOG_CORE, "the memory registration mode must allow %#x\n",
			RIG_FI_MR_MODE);
		return -FI_ENODATA;
	}
	return 0;
}

static struct fi_info *rig_fi_info_one(const char *dev, const struct fi_info *hints,
				       int mr_mode, const struct sockaddr_in *src,
				       const struct sockaddr_in *dst)
{
	struct fi_info *fi = fi_allocinfo();
	uint64_t caps = RIG_FI_CAPS | RIG_FI_DOMAIN_CAPS;

	if (!fi)
		return NULL;
	if (hints && hints->caps) {
		caps = hints->caps & (RIG_FI_CAPS | RIG_FI_DOMAIN_CAPS);
		if (!(caps & RIG_FI_DOMAIN_CAPS))
			caps |= RIG_FI_DOMAIN_CAPS;
	}
	fi->caps = caps;
	fi->mode = 0;
	fi->addr_format = FI_SOCKADDR_IN;
	if (src) {
		fi->src_addr = malloc(sizeof(*src));
		if (!fi->src_addr)
			goto err;
		memcpy(fi->src_addr, src, sizeof(*src));
		fi->src_addrlen = sizeof(*src);
	}
	if (dst) {
		fi->dest_addr = malloc(sizeof(*dst));
		if (!fi->dest_addr)
			goto err;
		memcpy(fi->dest_addr, dst, sizeof(*dst));
		fi->dest_addrlen = sizeof(*dst);
	}
	*fi->tx_attr = (struct fi_tx_attr){
		.caps = caps & (FI_MSG | FI_SEND | FI_RMA | FI_READ),
		.msg_order = RIG_FI_MSG_ORDER, .comp_order = FI_ORDER_STRICT,
		.inject_size = 0, .size = RIG_FI_ENTRIES, .iov_limit = RIG_FI_IOV_LIMIT,
		.rma_iov_limit = 1,
	};
	*fi->rx_attr = (struct fi_rx_attr){
		.caps = caps & (FI_MSG | FI_RECV | FI_RMA | FI_REMOTE_READ),
		.msg_order = RIG_FI_MSG_ORDER, .comp_order = FI_ORDER_STRICT,
		.size = RIG_FI_ENTRIES, .iov_limit = RIG_FI_IOV_LIMIT,
	};
	*fi->ep_attr = (struct fi_ep_attr){
		.type = FI_EP_MSG, .protocol = FI_PROTO_UNSPEC, .protocol_version = 1,
		.max_msg_size = RIG_FI_MAX_MSG_MR, .tx_ctx_cnt = 1, .rx_ctx_cnt = 1,
	};
	fi->domain_attr->name = strdup(dev);
	fi->domain_attr->threading = FI_THREAD_SAFE;
	fi->domain_attr->control_progress = FI_PROGRESS_MANUAL;
	fi->domain_attr->data_progress = FI_PROGRESS_MANUAL;
	fi->domain_attr->resource_mgmt = FI_RM_ENABLED;
	fi->domain_attr->av_type = FI_AV_UNSPEC;
	fi->domain_attr->mr_mode = mr_mode;
	fi->domain_attr->mr_key_size = sizeof(uint64_t);
	fi->domain_attr->cq_data_size = 0;
	fi->domain_attr->cq_cnt = 1024;
	fi->domain_attr->ep_cnt = 1024;
	fi->domain_attr->tx_ctx_cnt = 1024;
	fi->domain_attr->rx_ctx_cnt = 1024;
	fi->domain_attr->max_ep_tx_ctx = 1;
	fi->domain_attr->max_ep_rx_ctx = 1;
	fi->domain_attr->mr_iov_limit = 1;
	fi->domain_attr->caps = RIG_FI_DOMAIN_CAPS;
	fi->domain_attr->mr_cnt = 4096;
	if (hints && hints->domain_attr) {
		/* Every level is honoured: the domain's lock serialises all. */
		if (hints->domain_attr->threading)
			fi->domain_attr->threading = hints->domain_attr->threading;
		if (hints->domain_attr->control_progress)
			fi->domain_attr->control_progress = hints->domain_attr->control_progress;
		if (hints->domain_attr->data_progress)
			fi->domain_attr->data_progress = hints->domain_attr->data_progress;
	}
	fi->fabric_attr->name = strdup(RIG_FI_NAME);
	fi->fabric_attr->prov_version = RIG_FI_PROV_VERSION;
	fi->fabric_attr->api_version = RIG_FI_API_VERSION;
	if (!fi->domain_attr->name || !fi->fabric_attr->name)
		goto err;
	return fi;
err:
	fi_freeinfo(fi);
	return NULL;
}

int rig_fi_getinfo(uint32_t version, const char *node, const char *service, uint64_t flags,
		   const struct fi_info *hints, struct fi_info **info)
{
	struct sockaddr_in src, dst, *srcp = NULL, *dstp = NULL;
	char devs[16][32];
	struct fi_info *head = NULL, **tail = &head;
	int mr_mode, n, ret;

	*info = NULL;
	ret = rig_fi_check_hints(version, hints, &mr_mode);
	if (ret)
		return ret;
	if (hints) {
		ret = rig_fi_addr(hints->src_addr, hints->src_addrlen, &src);
		if (ret < 0)
			return ret;
		srcp = ret ? NULL : &src;
		ret = rig_fi_addr(hints->dest_addr, hints->dest_addrlen, &dst);
		if (ret < 0)
			return ret;
		dstp = ret ? NULL : &dst;
	}
	if (node || service) {
		struct sockaddr_in *to = (flags & FI_SOURCE) ? &src : &dst;

		if (!node && (flags & FI_SOURCE)) {
			src = (struct sockaddr_in){ .sin_family = AF_INET,
						    .sin_addr.s_addr = htonl(INADDR_ANY) };
			src.sin_port = htons((uint16_t)strtoul(service, NULL, 10));
		} else if (rig_fi_resolve(node, service, to)) {
			FI_INFO(&rig_prov, FI_LOG_CORE, "cannot resolve %s:%s\n", node ? node : "",
				service ? service : "");
			return -FI_ENODATA;
		}
		if (flags & FI_SOURCE)
			srcp = &src;
		else
			dstp = &dst;
	}
	/*
	 * Every fi_info has a source address, as fi_getinfo(3) asks: the
	 * wildcard when none is given, where a passive endpoint listens on
	 * every interface.  ofi_rxm, given only a service to listen on, asks
	 * us for no address at all and then sets the port in the source
	 * address it takes for granted.
	 */
	/* A passive endpoint given as the handle lends its address (fi_getinfo(3)). */
	if (hints && hints->handle && !rig_fi_pep_addr(hints->handle, &src))
		srcp = &src;
	if (!srcp) {
		src = (struct sockaddr_in){ .sin_family = AF_INET,
					    .sin_addr.s_addr = htonl(INADDR_ANY) };
		srcp = &src;
	}
	n = rig_fi_devices(devs, 16);
	for (int i = 0; i < n; i++) {
		struct fi_info *fi;

		if (hints && hints->domain_attr && hints->domain_attr->name &&
		    strcmp(hints->domain_attr->name, devs[i]))
			continue;
		if (hints && hints->ep_attr && hints->ep_attr->max_msg_size > RIG_FI_MAX_MSG_MR) {
			FI_INFO(&rig_prov, FI_LOG_CORE, "messages are at most %zu bytes\n",
				(size_t)RIG_FI_MAX_MSG_MR);
			continue;
		}
		fi = rig_fi_info_one(devs[i], hints, mr_mode, srcp, dstp);
		if (!fi) {
			fi_freeinfo(head);
			return -FI_ENOMEM;
		}
		if (hints && hints->handle && hints->handle->fclass == FI_CLASS_PEP)
			fi->handle = hints->handle;
		*tail = fi;
		tail = &fi->next;
	}
	if (!head) {
		FI_INFO(&rig_prov, FI_LOG_CORE, "no rig device%s\n",
			n ? " matches the hints" : " (is rig_bnxt loaded?)");
		return -FI_ENODATA;
	}
	*info = head;
	return 0;
}

/* rig's negative errno as libfabric's. */
int rig_fi_errno(int rig_err)
{
	switch (rig_err) {
	case 0:
		return 0;
	case -EINVAL:
		return -FI_EINVAL;
	case -ENOMEM:
		return -FI_ENOMEM;
	case -ENOSPC:
		return -FI_ENOSPC;
	case -ENODEV:
	case -ENOENT:
		return -FI_ENODEV;
	case -EACCES:
	case -EPERM:
		return -FI_EACCES;
	case -EOPNOTSUPP:
		return -FI_EOPNOTSUPP;
	case -EFAULT:
		return -FI_EFAULT;
	default:
		return -FI_EIO;
	}
}

/* What no object of this provider does. */

int rig_fi_no_bind(struct fid *fid, struct fid *bfid, uint64_t flags)
{
	(void)fid;
	(void)bfid;
	(void)flags;
	return -FI_ENOSYS;
}

int rig_fi_no_control(struct fid *fid, int command, void *arg)
{
	(void)fid;
	(void)command;
	(void)arg;
	return -FI_ENOSYS;
}

/* getopt of an endpoint, passive or not: only the connection data's size. */
int rig_fi_cm_getopt(fid_t fid, int level, int optname, void *optval, size_t *optlen)
{
	(void)fid;
	if (level != FI_OPT_ENDPOINT || optname != FI_OPT_CM_DATA_SIZE)
		return -FI_ENOPROTOOPT;
	if (!optval || !optlen || *optlen < sizeof(size_t))
		return -FI_ETOOSMALL;
	*(size_t *)optval = RIG_FI_CM_DATA_MAX;
	*optlen = sizeof(size_t);
	return 0;
}

int rig_fi_no_setopt(fid_t fid, int level, int optname, const void *optval, size_t optlen)
{
	(void)fid, (void)level, (void)optname, (void)optval, (void)optlen;
	return -FI_ENOPROTOOPT;
}

/* An EQ's or CQ's strerror: @s, copied into @buf when the caller gives one. */
const char *rig_fi_message(const char *s, char *buf, size_t len)
{
	if (buf && len) {
		strncpy(buf, s, len - 1);
		buf[len - 1] = '\0';
		return buf;
	}
	return s;
}

int rig_fi_no_ops_open(struct fid *fid, const char *name, uint64_t flags, void **ops,
		       void *context)
{
	(void)fid;
	(void)name;
	(void)flags;
	(void)ops;
	(void)context;
	return -FI_ENOSYS;
}

static int rig_fi_no_av_open(struct fid_domain *d, struct fi_av_attr *a, struct fid_av **av,
			     void *c)
{
	(void)d, (void)a, (void)av, (void)c;
	return -FI_ENOSYS;
}

static int rig_fi_no_scalable_ep(struct fid_domain *d, struct fi_info *i, struct fid_ep **ep,
				 void *c)
{
	(void)d, (void)i, (void)ep, (void)c;
	return -FI_ENOSYS;
}

static int rig_fi_no_cntr_open(struct fid_domain *d, struct fi_cntr_attr *a,
			       struct fid_cntr **cntr, void *c)
{
	(void)d, (void)a, (void)cntr, (void)c;
	return -FI_ENOSYS;
}

static int rig_fi_no_poll_open(struct fid_domain *d, struct fi_poll_attr *a,
			       struct fid_poll **p)
{
	(void)d, (void)a, (void)p;
	return -FI_ENOSYS;
}

static int rig_fi_no_stx_ctx(struct fid_domain *d, struct fi_tx_attr *a, struct fid_stx **stx,
			     void *c)
{
	(void)d, (void)a, (void)stx, (void)c;
	return -FI_ENOSYS;
}

static int rig_fi_no_srx_ctx(struct fid_domain *d, struct fi_rx_attr *a, struct fid_ep **ep,
			     void *c)
{
	(void)d, (void)a, (void)ep, (void)c;
	return -FI_ENOSYS;
}

static int rig_fi_no_query_atomic(struct fid_domain *d, enum fi_datatype t, enum fi_op op,
				  struct fi_atomic_attr *a, uint64_t f)
{
	(void)d, (void)t, (void)op, (void)a, (void)f;
	return -FI_ENOSYS;
}

static int rig_fi_no_query_collective(struct fid_domain *d, enum fi_collective_op op,
				      struct fi_collective_attr *a, uint64_t f)
{
	(void)d, (void)op, (void)a, (void)f;
	return -FI_ENOSYS;
}

static int rig_fi_no_endpoint2(struct fid_domain *d, struct fi_info *i, struct fid_ep **ep,
			       uint64_t f, void *c)
{
	(void)d, (void)i, (void)ep, (void)f, (void)c;
	return -FI_ENOSYS;
}

static int rig_fi_no_wait_open(struct fid_fabric *f, struct fi_wait_attr *a,
			       struct fid_wait **w)
{
	(void)f, (void)a, (void)w;
	return -FI_ENOSYS;
}

static int rig_fi_no_domain2(struct fid_fabric *f, struct fi_info *i, struct fid_domain **d,
			     uint64_t fl, void *c)
{
	(void)f, (void)i, (void)d, (void)fl, (void)c;
	return -FI_ENOSYS;
}

/* Memory registration */

/* Take @mr off its domain's list of copies a peer may read.  Under its lock. */
static void rig_fi_mr_unlist(struct rig_mr *mr)
{
	if (!mr->readable)
		return;
	for (struct rig_mr **l = &mr->dom->readable; *l; l = &(*l)->next_readable)
		if (*l == mr) {
			*l = mr->next_readable;
			break;
		}
	if (mr->tracked)
		rig_dirty_untrack(mr->dom->dirty, mr->buf, mr->len);
	mr->readable = false;
	mr->tracked = false;
}

static int rig_fi_mr_close(struct fid *fid)
{
	struct rig_mr *mr = container_of(fid, struct rig_mr, mr.fid);
	struct rig_region *region;

	pthread_mutex_lock(&mr->dom->lock);
	rig_fi_mr_unlist(mr);
	region = mr->region;
	mr->region = NULL;
	pthread_mutex_unlock(&mr->dom->lock);
	if (region)
		rig_region_deregister(region);
	free(mr);
	return 0;
}

static struct fi_ops rig_fi_mr_fid_ops = {
	.size = sizeof(struct fi_ops),
	.close = rig_fi_mr_close,
	.bind = rig_fi_no_bind,
	.control = rig_fi_no_control,
	.ops_open = rig_fi_no_ops_open,
};

static int rig_fi_region_make(struct rig_domain *dom, void *a, size_t n, unsigned int flags,
			      struct rig_region **r)
{
	return a ? rig_region_pages_flags(dom->nic, a, n, flags, r) :
		   rig_region_host_flags(dom->nic, n, flags, r);
}

/**
 * rig_fi_region() - a region of @dom's NIC
 * @dom: the domain
 * @a: the pages of the region (on a page), or NULL for new host memory
 * @n: its bytes
 * @readable: peers may read it (a registration with FI_REMOTE_READ)
 * @r: set to the region
 *
 * A region no peer may read is local (RIG_REGION_LOCAL): a peer's read
 * with its key fails.  A module older than local regions registers every
 * region readable, as it always did; that is logged once.
 *
 * Return: 0, or rig's negative errno (rig_error() says why).
 */
int rig_fi_region(struct rig_domain *dom, void *a, size_t n, bool readable,
		  struct rig_region **r)
{
	int ret = rig_fi_region_make(dom, a, n, readable ? 0 : RIG_REGION_LOCAL, r);

	if (ret != -EOPNOTSUPP || readable)
		return ret;
	ret = rig_fi_region_make(dom, a, n, 0, r);
	if (!ret)
		FI_WARN_ONCE(&rig_prov, FI_LOG_MR,
			     "%s: the rig_bnxt module makes every region readable by peers, registrations without FI_REMOTE_READ and bounce slots too; update it\n",
			     dom->name);
	return ret;
}

/* Do the buffers of @a and @b, @page aligned, share a page? */
static bool rig_fi_mr_share_page(const struct rig_mr *a, const struct rig_mr *b, size_t page)
{
	uintptr_t a0 = (uintptr_t)a->buf & ~(uintptr_t)(page - 1), a1 = (uintptr_t)a->buf + a->len;
	uintptr_t b0 = (uintptr_t)b->buf & ~(uintptr_t)(page - 1), b1 = (uintptr_t)b->buf + b->len;

	return a0 < b1 && b0 < a1;
}

/*
 * Have the writes to @mr's buffer tracked, so that a send copies into its
 * copy only the pages written since the last (ep.c).  It stays untracked,
 * copied whole, where the kernel offers no tracking or the buffer shares
 * a page with one tracked: whichever of the two was brought up to date
 * first would take the other's writes.  Under the domain's lock.
 */
static void rig_fi_mr_track(struct rig_domain *dom, struct rig_mr *mr)
{
	size_t page = rig_bnxt_page(dom->nic);
	int ret;

	if (!dom->dirty_tried) {
		dom->dirty_tried = true;
		ret = rig_dirty_open(&dom->dirty);
		if (ret)
			FI_INFO(&rig_prov, FI_LOG_MR,
				"%s: the kernel tracks no writes to memory (userfaultfd, PAGEMAP_SCAN: %s): registrations peers may read are copied whole before every send\n",
				dom->name, strerror(-ret));
	}
	if (!dom->dirty)
		return;
	for (const struct rig_mr *m = dom->readable; m; m = m->next_readable)
		if (m->tracked && rig_fi_mr_share_page(m, mr, page))
			return;
	ret = rig_dirty_track(dom->dirty, mr->buf, mr->len);
	if (ret) {
		FI_INFO(&rig_prov, FI_LOG_MR,
			"%s: the writes to %zu bytes at %p cannot be tracked (%s): copied whole before every send\n",
			dom->name, mr->len, mr->buf, strerror(-ret));
		return;
	}
	mr->tracked = true;
}

/*
 * A copy a peer may read, without an IOMMU: listed for the refresh before
 * every send, its buffer's writes tracked where the kernel allows, and
 * filled (after the tracking starts, so no write is missed).
 */
static int rig_fi_mr_readable(struct rig_domain *dom, struct rig_mr *mr)
{
	pthread_mutex_lock(&dom->lock);
	rig_fi_mr_track(dom, mr);
	mr->readable = true;
	mr->next_readable = dom->readable;
	dom->readable = mr;
	pthread_mutex_unlock(&dom->lock);
	return rig_region_write(mr->region, 0, mr->buf, mr->len);
}

/*
 * A registration is a rig region: behind an IOMMU the buffer's own pages
 * (pinned, read and written in place).  Without one, where rig takes no
 * ordinary pages, it is a host region holding a copy: a send writes its
 * bytes into the copy first, a receive or local read is copied out of it.
 * A peer reads that copy, so one a peer may read (FI_REMOTE_READ) is made
 * and filled now, and brought up to date again before every send of the
 * domain (ep.c), since a peer learns what to read from a message.  One no
 * peer may read is made only when a message too large for a bounce slot
 * first uses it (rig_fi_mr_region()): until then its messages go through
 * the endpoint's bounce slots, the same one copy each way, so ofi_rxm's
 * buffer pools (17 MiB each, FI_SEND | FI_RECV, 16 KiB messages) cost no
 * memory of the NIC's and no time to allocate, zero and copy.  The key
 * carries the region's key (0, which names no region, for a registration
 * no peer may read without an IOMMU) and the low 32 bits of its first
 * byte's address, so a reader turns a virtual address into an offset
 * (regions are under 4 GiB).  Only a registration with FI_REMOTE_READ is
 * a region peers may read; every other is local, so its key, if a peer
 * has it, reads nothing.
 */
static int rig_fi_mr_regv(struct fid *fid, const struct iovec *iov, size_t count,
			  uint64_t access, uint64_t offset, uint64_t requested_key,
			  uint64_t flags, struct fid_mr **mrp, void *context)
{
	struct rig_domain *dom = container_of(fid, struct rig_domain, domain.fid);
	size_t page = rig_bnxt_page(dom->nic);
	struct rig_mr *mr;
	uintptr_t a;
	int ret;

	(void)offset;
	(void)requested_key;
	(void)flags;	/* OFI_MR_NOCACHE from ofi_rxm, and any other: no cache here */
	if (count != 1 || !iov || !iov[0].iov_len || iov[0].iov_len >= (1ULL << 31))
		return -FI_EINVAL;
	mr = calloc(1, sizeof(*mr));
	if (!mr)
		return -FI_ENOMEM;
	mr->dom = dom;
	mr->buf = iov[0].iov_base;
	mr->len = iov[0].iov_len;
	a = (uintptr_t)iov[0].iov_base;
	if (dom->iommu) {
		uintptr_t start = a & ~(uintptr_t)(page - 1);

		ret = rig_fi_region(dom, (void *)start, a + mr->len - start,
				    access & FI_REMOTE_READ, &mr->region);
		mr->start = start;
	} else {
		ret = 0;
		mr->start = a;
		mr->copy = true;
		if (access & FI_REMOTE_READ) {
			ret = rig_fi_region(dom, NULL, mr->len, true, &mr->region);
			if (!ret)
				ret = rig_fi_mr_readable(dom, mr);
		}
	}
	if (ret) {
		FI_WARN(&rig_prov, FI_LOG_MR, "%s\n", rig_error());
		pthread_mutex_lock(&dom->lock);
		rig_fi_mr_unlist(mr);
		pthread_mutex_unlock(&dom->lock);
		if (mr->region)
			rig_region_deregister(mr->region);
		free(mr);
		return rig_fi_errno(ret);
	}
	mr->mr.fid.fclass = FI_CLASS_MR;
	mr->mr.fid.context = context;
	mr->mr.fid.ops = &rig_fi_mr_fid_ops;
	mr->mr.mem_desc = mr;
	mr->mr.key = (uint64_t)(mr->region ? rig_region_key(mr->region) : 0) << 32 |
		     (uint32_t)mr->start;
	*mrp = &mr->mr;
	return 0;
}

static int rig_fi_mr_reg(struct fid *fid, const void *buf, size_t len, uint64_t access,
			 uint64_t offset, uint64_t requested_key, uint64_t flags,
			 struct fid_mr **mr, void *context)
{
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };

	return rig_fi_mr_regv(fid, &iov, 1, access, offset, requested_key, flags, mr, context);
}

static int rig_fi_mr_regattr(struct fid *fid, const struct fi_mr_attr *attr, uint64_t flags,
			     struct fid_mr **mr)
{
	if (!attr || (attr->iface != FI_HMEM_SYSTEM))
		return -FI_EINVAL;
	return rig_fi_mr_regv(fid, attr->mr_iov, attr->iov_count, attr->access, attr->offset,
			      attr->requested_key, flags, mr, attr->context);
}

static struct fi_ops_mr rig_fi_mr_ops = {
	.size = sizeof(struct fi_ops_mr),
	.reg = rig_fi_mr_reg,
	.regv = rig_fi_mr_regv,
	.regattr = rig_fi_mr_regattr,
};

/**
 * rig_fi_mr_region() - the region a message of @len bytes through @mr uses
 * @mr: a registration of the domain
 * @len: the message's bytes
 * @r: set to the region, or to NULL when a bounce slot serves the message
 *
 * A registration without its region (no IOMMU, no peer may read it) gets
 * one, local, when a message too large for a bounce slot first uses it; the
 * message writes or copies out its own bytes, so nothing is copied now.
 * Under the domain's lock.
 *
 * Return: 0, or libfabric's error when the region cannot be made.
 */
int rig_fi_mr_region(struct rig_mr *mr, size_t len, struct rig_region **r)
{
	int ret;

	if (!mr->region && len > RIG_FI_MAX_MSG) {
		ret = rig_fi_region(mr->dom, NULL, mr->len, false, &mr->region);
		if (ret) {
			FI_WARN(&rig_prov, FI_LOG_MR, "%s\n", rig_error());
			mr->region = NULL;
			return rig_fi_errno(ret);
		}
		FI_DBG(&rig_prov, FI_LOG_MR, "a region of %zu bytes for a message of %zu\n",
		       mr->len, len);
	}
	*r = mr->region;
	return 0;
}

/*
 * The registration @desc names for @len bytes at @buf: 0 and *@mr, or
 * -FI_EINVAL when @desc is no registration of @dom or does not hold them.
 */
int rig_fi_mr_find(struct rig_domain *dom, void *desc, const void *buf, size_t len,
		   struct rig_mr **mr)
{
	struct rig_mr *m = desc;
	uintptr_t a = (uintptr_t)buf, lo;

	if (!m || m->dom != dom)
		return -FI_EINVAL;
	lo = (uintptr_t)m->buf;
	if (a < lo || len > m->len || a - lo > m->len - len)
		return -FI_EINVAL;
	*mr = m;
	return 0;
}

/* Domain */

static int rig_fi_domain_close(struct fid *fid)
{
	struct rig_domain *dom = container_of(fid, struct rig_domain, domain.fid);

	rig_bnxt_close(dom->nic);
	rig_dirty_close(dom->dirty);
	pthread_mutex_destroy(&dom->lock);
	free(dom);
	return 0;
}

static struct fi_ops rig_fi_domain_fid_ops = {
	.size = sizeof(struct fi_ops),
	.close = rig_fi_domain_close,
	.bind = rig_fi_no_bind,
	.control = rig_fi_no_control,
	.ops_open = rig_fi_no_ops_open,
};

static struct fi_ops_domain rig_fi_domain_ops = {
	.size = sizeof(struct fi_ops_domain),
	.av_open = rig_fi_no_av_open,
	.cq_open = rig_fi_cq_open,
	.endpoint = rig_fi_endpoint,
	.scalable_ep = rig_fi_no_scalable_ep,
	.cntr_open = rig_fi_no_cntr_open,
	.poll_open = rig_fi_no_poll_open,
	.stx_ctx = rig_fi_no_stx_ctx,
	.srx_ctx = rig_fi_no_srx_ctx,
	.query_atomic = rig_fi_no_query_atomic,
	.query_collective = rig_fi_no_query_collective,
	.endpoint2 = rig_fi_no_endpoint2,
};

int rig_fi_domain(struct fid_fabric *fabric, struct fi_info *info, struct fid_domain **domp,
		  void *context)
{
	struct rig_domain *dom;
	int ret;

	if (!info || !info->domain_attr || !info->domain_attr->name ||
	    strncmp(info->domain_attr->name, "rig_bnxt", 8))
		return -FI_EINVAL;
	dom = calloc(1, sizeof(*dom));
	if (!dom)
		return -FI_ENOMEM;
	ret = rig_bnxt_open(info->domain_attr->name, &dom->nic);
	if (ret) {
		FI_WARN(&rig_prov, FI_LOG_DOMAIN, "%s\n", rig_error());
		free(dom);
		return rig_fi_errno(ret);
	}
	pthread_mutex_init(&dom->lock, NULL);
	dom->iommu = rig_bnxt_iommu(dom->nic);
	dom->fab = container_of(fabric, struct rig_fabric, fabric);
	snprintf(dom->name, sizeof(dom->name), "%s", info->domain_attr->name);
	dom->domain.fid.fclass = FI_CLASS_DOMAIN;
	dom->domain.fid.context = context;
	dom->domain.fid.ops = &rig_fi_domain_fid_ops;
	dom->domain.ops = &rig_fi_domain_ops;
	dom->domain.mr = &rig_fi_mr_ops;
	FI_INFO(&rig_prov, FI_LOG_DOMAIN, "%s opened (%s IOMMU)\n", dom->name,
		dom->iommu ? "behind an" : "no");
	*domp = &dom->domain;
	return 0;
}

/* Fabric */

static int rig_fi_fabric_close(struct fid *fid)
{
	free(container_of(fid, struct rig_fabric, fabric.fid));
	return 0;
}

static struct fi_ops rig_fi_fabric_fid_ops = {
	.size = sizeof(struct fi_ops),
	.close = rig_fi_fabric_close,
	.bind = rig_fi_no_bind,
	.control = rig_fi_no_control,
	.ops_open = rig_fi_no_ops_open,
};

/*
 * fi_trywait: completion queues only (their wait object is the device
 * file); event queues wait on sockets of their own, in fi_eq_sread().
 */
static int rig_fi_trywait(struct fid_fabric *fabric, struct fid **fids, int count)
{
	(void)fabric;
	for (int i = 0; i < count; i++) {
		struct rig_cq *cq = rig_fi_cq_of(fids[i]);
		int ret;

		if (!cq)
			return -FI_EINVAL;
		ret = rig_fi_cq_trywait(cq);
		if (ret)
			return ret;
	}
	return 0;
}

static struct fi_ops_fabric rig_fi_fabric_ops = {
	.size = sizeof(struct fi_ops_fabric),
	.domain = rig_fi_domain,
	.passive_ep = rig_fi_passive_ep,
	.eq_open = rig_fi_eq_open,
	.wait_open = rig_fi_no_wait_open,
	.trywait = rig_fi_trywait,
	.domain2 = rig_fi_no_domain2,
};

static int rig_fi_fabric(struct fi_fabric_attr *attr, struct fid_fabric **fabric,
			 void *context)
{
	struct rig_fabric *fab;

	if (attr && attr->name && strcmp(attr->name, RIG_FI_NAME))
		return -FI_EINVAL;
	fab = calloc(1, sizeof(*fab));
	if (!fab)
		return -FI_ENOMEM;
	fab->fabric.fid.fclass = FI_CLASS_FABRIC;
	fab->fabric.fid.context = context;
	fab->fabric.fid.ops = &rig_fi_fabric_fid_ops;
	fab->fabric.ops = &rig_fi_fabric_ops;
	fab->fabric.api_version = RIG_FI_API_VERSION;
	*fabric = &fab->fabric;
	return 0;
}

static void rig_fi_cleanup(void)
{
}

struct fi_provider rig_prov = {
	.name = RIG_FI_NAME,
	.version = RIG_FI_PROV_VERSION,
	.fi_version = RIG_FI_API_VERSION,
	.getinfo = rig_fi_getinfo,
	.fabric = rig_fi_fabric,
	.cleanup = rig_fi_cleanup,
};

FI_EXT_INI
{
	fi_param_define(&rig_prov, "device", FI_PARAM_STRING,
			"Only this rig device (rig_bnxt0, rig_bnxt1, ...) is offered");
	return &rig_prov;
}
