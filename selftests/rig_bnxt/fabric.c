// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rig libfabric provider through libfabric's own API, as any program
 * would use it: hints it cannot meet refused with -FI_ENODATA, unknown
 * capability bits ignored, a connection made, used (send, receive, read
 * by key) and shut down, a rejected connection, garbage on the control
 * socket, a read with a bad key, a peer killed mid-transfer, completion
 * queues waiting on the device file (FI_WAIT_FD) and woken by
 * fi_cq_signal, and one left full.  The server side is on rig_bnxt0, the
 * client on rig_bnxt1.  The provider is found through FI_PROVIDER_PATH
 * (lib/fabric of this tree).  Needs two modelled NICs.
 */
#include <arpa/inet.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <rdma/fabric.h>
#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_eq.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_rma.h>

#include "kselftest_harness.h"
#include "rig_util.h"
#include "rig/bnxt.h"

#define WAIT_MS 20000
#define VERSION FI_VERSION(1, 17)

/* The provider of this tree, before libfabric first looks for providers. */
__attribute__((constructor)) static void provider_path(void)
{
	char exe[PATH_MAX], path[PATH_MAX + 32];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return;
	*slash = '\0';
	snprintf(path, sizeof(path), "%s/../../lib/fabric", exe);
	setenv("FI_PROVIDER_PATH", path, 0);
	/* The control channel is TCP over the loopback. */
	if (system("ip link set lo up 2>/dev/null")) {
		/* Up already, or no ip: a connection test says so. */
	}
}

static struct fi_info *rig_hints(const char *domain)
{
	struct fi_info *h = fi_allocinfo();

	h->fabric_attr->prov_name = strdup("rig");
	h->ep_attr->type = FI_EP_MSG;
	h->caps = FI_MSG | FI_RMA | FI_READ | FI_REMOTE_READ;
	h->domain_attr->mr_mode = FI_MR_LOCAL | FI_MR_ALLOCATED | FI_MR_PROV_KEY |
				  FI_MR_VIRT_ADDR;
	if (domain)
		h->domain_attr->name = strdup(domain);
	return h;
}

/* One side: fabric, event queue, domain, completion queue, endpoint. */
struct side {
	struct fi_info *info;
	struct fid_fabric *fabric;
	struct fid_eq *eq;
	struct fid_domain *domain;
	struct fid_cq *cq;
	struct fid_ep *ep;
	struct fid_pep *pep;
	struct fid_mr *mr;
	size_t cq_size;			/* 0: 64 entries */
	char buf[65536];
};

static void side_open(struct __test_metadata *_metadata, struct side *s, const char *domain)
{
	struct fi_info *h = rig_hints(domain);
	struct fi_eq_attr eq_attr = { .wait_obj = FI_WAIT_UNSPEC };

	ASSERT_EQ(0, fi_getinfo(VERSION, NULL, NULL, 0, h, &s->info));
	fi_freeinfo(h);
	ASSERT_EQ(0, fi_fabric(s->info->fabric_attr, &s->fabric, NULL));
	ASSERT_EQ(0, fi_eq_open(s->fabric, &eq_attr, &s->eq, NULL));
}

static void side_endpoint(struct __test_metadata *_metadata, struct side *s,
			  struct fi_info *info)
{
	struct fi_cq_attr cq_attr = { .format = FI_CQ_FORMAT_DATA, .wait_obj = FI_WAIT_FD,
				      .size = s->cq_size ? s->cq_size : 64 };

	ASSERT_EQ(0, fi_domain(s->fabric, info, &s->domain, NULL));
	ASSERT_EQ(0, fi_cq_open(s->domain, &cq_attr, &s->cq, NULL));
	ASSERT_EQ(0, fi_endpoint(s->domain, info, &s->ep, NULL));
	ASSERT_EQ(0, fi_ep_bind(s->ep, &s->eq->fid, 0));
	ASSERT_EQ(0, fi_ep_bind(s->ep, &s->cq->fid, FI_TRANSMIT | FI_RECV));
	ASSERT_EQ(0, fi_enable(s->ep));
	ASSERT_EQ(0, fi_mr_reg(s->domain, s->buf, sizeof(s->buf), FI_SEND | FI_RECV | FI_READ |
			       FI_REMOTE_READ, 0, 0, 0, &s->mr, NULL));
}

static void side_close(struct side *s)
{
	if (s->mr)
		fi_close(&s->mr->fid);
	if (s->ep)
		fi_close(&s->ep->fid);
	if (s->pep)
		fi_close(&s->pep->fid);
	if (s->cq)
		fi_close(&s->cq->fid);
	if (s->domain)
		fi_close(&s->domain->fid);
	if (s->eq)
		fi_close(&s->eq->fid);
	if (s->fabric)
		fi_close(&s->fabric->fid);
	fi_freeinfo(s->info);
}

/* The next event of @eq within WAIT_MS: its type, or the error (-FI_EAVAIL: *@err). */
static ssize_t next_event(struct fid_eq *eq, struct fi_eq_cm_entry *e, size_t len,
			  uint32_t *type, struct fi_eq_err_entry *err)
{
	ssize_t n = fi_eq_sread(eq, type, e, len, WAIT_MS, 0);

	if (n == -FI_EAVAIL && err)
		fi_eq_readerr(eq, err, 0);
	return n;
}

/* The server listens on rig_bnxt0; its name in *@addr. */
static void listen_on(struct __test_metadata *_metadata, struct side *srv,
		      struct sockaddr_in *addr)
{
	size_t len = sizeof(*addr);

	side_open(_metadata, srv, "rig_bnxt0");
	ASSERT_EQ(0, fi_passive_ep(srv->fabric, srv->info, &srv->pep, NULL));
	ASSERT_EQ(0, fi_pep_bind(srv->pep, &srv->eq->fid, 0));
	ASSERT_EQ(0, fi_listen(srv->pep));
	ASSERT_EQ(0, fi_getname(&srv->pep->fid, addr, &len));
	ASSERT_EQ(sizeof(*addr), len);
	ASSERT_NE(0, addr->sin_port);
	ASSERT_NE(htonl(INADDR_ANY), addr->sin_addr.s_addr);
}

/*
 * Connect a client on rig_bnxt1 to @srv, listening at @addr, which
 * accepts; the client's endpoint is made first unless it has one.
 */
static void connect_to(struct __test_metadata *_metadata, struct side *srv, struct side *cli,
		       const struct sockaddr_in *addr)
{
	struct { struct fi_eq_cm_entry e; char data[64]; } ev;
	uint32_t type;

	if (!cli->ep) {
		side_open(_metadata, cli, "rig_bnxt1");
		side_endpoint(_metadata, cli, cli->info);
	}
	ASSERT_EQ(0, fi_connect(cli->ep, addr, "hello", 6));
	ASSERT_EQ((ssize_t)sizeof(ev.e) + 6, next_event(srv->eq, &ev.e, sizeof(ev), &type, NULL));
	ASSERT_EQ(FI_CONNREQ, type);
	EXPECT_STREQ("hello", (char *)ev.e.data);
	side_endpoint(_metadata, srv, ev.e.info);
	fi_freeinfo(ev.e.info);
	ASSERT_EQ(0, fi_accept(srv->ep, "welcome", 8));
	ASSERT_EQ((ssize_t)sizeof(ev.e) + 8, next_event(cli->eq, &ev.e, sizeof(ev), &type, NULL));
	ASSERT_EQ(FI_CONNECTED, type);
	EXPECT_EQ(&cli->ep->fid, ev.e.fid);
	EXPECT_STREQ("welcome", (char *)ev.e.data);
	ASSERT_EQ((ssize_t)sizeof(ev.e), next_event(srv->eq, &ev.e, sizeof(ev), &type, NULL));
	ASSERT_EQ(FI_CONNECTED, type);
	EXPECT_EQ(&srv->ep->fid, ev.e.fid);
}

/* Connect a client on rig_bnxt1 to a server on rig_bnxt0. */
static void connect_pair(struct __test_metadata *_metadata, struct side *srv, struct side *cli)
{
	struct sockaddr_in addr;

	listen_on(_metadata, srv, &addr);
	connect_to(_metadata, srv, cli, &addr);
}

/* A port of the loopback that nothing holds now. */
static uint16_t free_port(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	int s = socket(AF_INET, SOCK_STREAM, 0);

	if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof(a)) ||
	    getsockname(s, (struct sockaddr *)&a, &len))
		a.sin_port = 0;
	if (s >= 0)
		close(s);
	return ntohs(a.sin_port);
}

/* The next completion of @cq within WAIT_MS: 1 and *@c, or the error. */
static ssize_t next_completion(struct fid_cq *cq, struct fi_cq_data_entry *c,
			       struct fi_cq_err_entry *err)
{
	for (int i = 0; i < WAIT_MS * 10; i++) {
		ssize_t n = fi_cq_read(cq, c, 1);

		if (n == -FI_EAVAIL && err) {
			memset(err, 0, sizeof(*err));
			fi_cq_readerr(cq, err, 0);
		}
		if (n != -FI_EAGAIN)
			return n;
		usleep(100);
	}
	return -FI_EAGAIN;
}

FIXTURE(fabric)
{
	struct side srv, cli;
};

FIXTURE_SETUP(fabric)
{
	memset(&self->srv, 0, sizeof(self->srv));
	memset(&self->cli, 0, sizeof(self->cli));
	if (rig_soft_count() < 2)
		SKIP(return, "needs two modelled NICs (scripts/vm-run --soft 2)");
}

FIXTURE_TEARDOWN(fabric)
{
	side_close(&self->cli);
	side_close(&self->srv);
}

TEST_F(fabric, hints_the_provider_cannot_meet_are_refused_with_enodata)
{
	struct fi_info *h, *info = NULL;

	for (int c = 0; c < 8; c++) {
		h = rig_hints(NULL);
		switch (c) {
		case 0: h->tx_attr->iov_limit = 16; break;
		case 1: h->caps |= FI_WRITE; break;
		case 2: h->caps |= FI_ATOMIC; break;
		case 3: h->ep_attr->max_msg_size = 1ULL << 32; break;
		case 4: h->domain_attr->mr_mode = FI_MR_BASIC; break;
		case 5: h->domain_attr->mr_mode = FI_MR_VIRT_ADDR | FI_MR_PROV_KEY; break;
		case 6: h->addr_format = FI_SOCKADDR_IN6; break;
		case 7: h->domain_attr->name = strdup("rig_bnxt99"); break;
		}
		EXPECT_EQ(-FI_ENODATA, fi_getinfo(VERSION, NULL, NULL, 0, h, &info))
			TH_LOG("case %d", c);
		fi_freeinfo(h);
	}
}

TEST_F(fabric, every_device_is_a_domain_and_unknown_capability_bits_are_ignored)
{
	struct fi_info *h = rig_hints(NULL), *info = NULL, *i;
	int n = 0;

	h->caps |= 1ULL << 14;	/* no capability of libfabric 1.17 */
	ASSERT_EQ(0, fi_getinfo(VERSION, NULL, NULL, 0, h, &info));
	for (i = info; i; i = i->next, n++) {
		EXPECT_EQ(FI_EP_MSG, i->ep_attr->type);
		EXPECT_EQ(0, i->caps & (FI_WRITE | FI_REMOTE_WRITE | (1ULL << 14)));
		EXPECT_EQ(FI_SOCKADDR_IN, i->addr_format);
		EXPECT_EQ(0, strncmp(i->domain_attr->name, "rig_bnxt", 8));
	}
	EXPECT_EQ(rig_soft_count(), n);
	fi_freeinfo(info);
	fi_freeinfo(h);
}

TEST_F(fabric, an_ordering_a_queue_pair_does_not_keep_is_refused_and_one_it_keeps_is_given)
{
	struct fi_info *h = rig_hints(NULL), *info = NULL;

	h->tx_attr->msg_order = FI_ORDER_DATA;
	EXPECT_EQ(-FI_ENODATA, fi_getinfo(VERSION, NULL, NULL, 0, h, &info));
	h->tx_attr->msg_order = 0;
	h->rx_attr->msg_order = FI_ORDER_SAR;
	EXPECT_EQ(-FI_ENODATA, fi_getinfo(VERSION, NULL, NULL, 0, h, &info));
	h->tx_attr->msg_order = h->rx_attr->msg_order = FI_ORDER_RAR | FI_ORDER_SAS;
	ASSERT_EQ(0, fi_getinfo(VERSION, NULL, NULL, 0, h, &info));
	for (struct fi_info *i = info; i; i = i->next) {
		EXPECT_EQ(FI_ORDER_RAR | FI_ORDER_SAS,
			  i->tx_attr->msg_order & (FI_ORDER_RAR | FI_ORDER_SAS));
		EXPECT_EQ(FI_ORDER_RAR | FI_ORDER_SAS,
			  i->rx_attr->msg_order & (FI_ORDER_RAR | FI_ORDER_SAS));
	}
	fi_freeinfo(info);
	fi_freeinfo(h);
}

TEST_F(fabric, a_domain_capability_the_provider_lacks_is_refused)
{
	struct fi_info *h = rig_hints(NULL), *info = NULL;

	h->domain_attr->caps = FI_LOCAL_COMM | FI_SHARED_AV;
	EXPECT_EQ(-FI_ENODATA, fi_getinfo(VERSION, NULL, NULL, 0, h, &info));
	fi_freeinfo(h);
}

/* An unspecified mode is FI_MR_BASIC or FI_MR_SCALABLE, which rig is not. */
TEST_F(fabric, an_unspecified_registration_mode_is_refused_whatever_fi_local_mr_says)
{
	struct fi_info *h = rig_hints(NULL), *info = NULL;

	h->domain_attr->mr_mode = FI_MR_UNSPEC;
	h->mode = FI_LOCAL_MR;
	EXPECT_EQ(-FI_ENODATA, fi_getinfo(VERSION, NULL, NULL, 0, h, &info));
	fi_freeinfo(h);
}

TEST_F(fabric, remote_completion_data_is_refused)
{
	struct fi_info *h = rig_hints(NULL), *info = NULL;

	h->domain_attr->cq_data_size = 4;
	EXPECT_EQ(-FI_ENODATA, fi_getinfo(VERSION, NULL, NULL, 0, h, &info));
	fi_freeinfo(h);
}

TEST_F(fabric, shared_and_scalable_contexts_are_refused)
{
	struct fi_info *h, *info = NULL;

	for (int c = 0; c < 3; c++) {
		h = rig_hints(NULL);
		switch (c) {
		case 0: h->ep_attr->tx_ctx_cnt = FI_SHARED_CONTEXT; break;
		case 1: h->ep_attr->rx_ctx_cnt = FI_SHARED_CONTEXT; break;
		case 2: h->ep_attr->tx_ctx_cnt = 2; break;
		}
		EXPECT_EQ(-FI_ENODATA, fi_getinfo(VERSION, NULL, NULL, 0, h, &info))
			TH_LOG("case %d", c);
		fi_freeinfo(h);
	}
}

/* Is @a a sockaddr_in of @len bytes? */
static bool is_sockaddr_in(const void *a, size_t len)
{
	return a && len == sizeof(struct sockaddr_in) &&
	       ((const struct sockaddr_in *)a)->sin_family == AF_INET;
}

TEST_F(fabric, every_info_has_a_source_address_given_one_or_not)
{
	struct fi_info *h = rig_hints(NULL), *info = NULL;

	ASSERT_EQ(0, fi_getinfo(VERSION, NULL, NULL, 0, h, &info));
	for (struct fi_info *i = info; i; i = i->next)
		EXPECT_TRUE(is_sockaddr_in(i->src_addr, i->src_addrlen));
	fi_freeinfo(info);
	info = NULL;
	ASSERT_EQ(0, fi_getinfo(VERSION, "127.0.0.1", "9228", 0, h, &info));
	for (struct fi_info *i = info; i; i = i->next) {
		EXPECT_TRUE(is_sockaddr_in(i->src_addr, i->src_addrlen));
		EXPECT_TRUE(is_sockaddr_in(i->dest_addr, i->dest_addrlen));
	}
	fi_freeinfo(info);
	fi_freeinfo(h);
}

/*
 * ofi_rxm given only a service to listen on asks the core provider for
 * no address and sets the port in the source address of each answer.
 */
TEST_F(fabric, ofi_rxm_given_only_a_service_listens_on_its_port)
{
	struct fi_info *h = rig_hints(NULL), *info = NULL;

	free(h->fabric_attr->prov_name);
	h->fabric_attr->prov_name = strdup("rig;ofi_rxm");
	h->ep_attr->type = FI_EP_RDM;
	h->caps = FI_MSG | FI_TAGGED;
	ASSERT_EQ(0, fi_getinfo(VERSION, NULL, "9228", FI_SOURCE, h, &info));
	for (struct fi_info *i = info; i; i = i->next) {
		ASSERT_TRUE(is_sockaddr_in(i->src_addr, i->src_addrlen));
		EXPECT_EQ(htons(9228), ((struct sockaddr_in *)i->src_addr)->sin_port);
	}
	fi_freeinfo(info);
	fi_freeinfo(h);
}

/*
 * fi_getinfo(3): a passive endpoint given as the hints' handle lends its
 * address to the active endpoint made from the answer (fabtests'
 * fi_msg_sockets): named by it before the connection, bound to it after.
 */
TEST_F(fabric, an_endpoint_made_from_a_passive_endpoints_handle_takes_its_address)
{
	struct sockaddr_in srv_addr, own = { .sin_family = AF_INET,
					     .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct { struct fi_eq_cm_entry e; char data[64]; } ev;
	struct side *cli = &self->cli;
	struct fi_info *h = rig_hints("rig_bnxt1"), *info = NULL;
	struct sockaddr_in name;
	struct fid_pep *pep;
	char port[16];
	size_t len;
	uint32_t type;

	listen_on(_metadata, &self->srv, &srv_addr);
	side_open(_metadata, cli, "rig_bnxt1");
	own.sin_port = htons(free_port());
	ASSERT_NE(0, own.sin_port);
	ASSERT_EQ(0, fi_passive_ep(cli->fabric, cli->info, &pep, NULL));
	ASSERT_EQ(0, fi_setname(&pep->fid, &own, sizeof(own)));
	h->handle = &pep->fid;
	snprintf(port, sizeof(port), "%u", ntohs(srv_addr.sin_port));
	ASSERT_EQ(0, fi_getinfo(VERSION, "127.0.0.1", port, 0, h, &info));
	fi_freeinfo(h);
	EXPECT_EQ(&pep->fid, info->handle);
	side_endpoint(_metadata, cli, info);
	fi_close(&pep->fid);
	len = sizeof(name);
	ASSERT_EQ(0, fi_getname(&cli->ep->fid, &name, &len));
	EXPECT_EQ(own.sin_port, name.sin_port);
	ASSERT_EQ(0, fi_connect(cli->ep, info->dest_addr, NULL, 0));
	fi_freeinfo(info);
	ASSERT_EQ((ssize_t)sizeof(ev.e), next_event(self->srv.eq, &ev.e, sizeof(ev), &type, NULL));
	ASSERT_EQ(FI_CONNREQ, type);
	EXPECT_EQ(own.sin_port, ((struct sockaddr_in *)ev.e.info->dest_addr)->sin_port);
	side_endpoint(_metadata, &self->srv, ev.e.info);
	fi_freeinfo(ev.e.info);
	ASSERT_EQ(0, fi_accept(self->srv.ep, NULL, 0));
	ASSERT_EQ((ssize_t)sizeof(ev.e), next_event(cli->eq, &ev.e, sizeof(ev), &type, NULL));
	ASSERT_EQ(FI_CONNECTED, type);
	len = sizeof(name);
	ASSERT_EQ(0, fi_getname(&cli->ep->fid, &name, &len));
	EXPECT_EQ(own.sin_port, name.sin_port);
	EXPECT_EQ(own.sin_addr.s_addr, name.sin_addr.s_addr);
}

TEST_F(fabric, messages_cross_a_connection_byte_for_byte_both_ways)
{
	struct fi_cq_data_entry c;
	size_t sizes[] = { 0, 1, 4095, 4097, 65536 };

	connect_pair(_metadata, &self->srv, &self->cli);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct side *tx = i % 2 ? &self->srv : &self->cli, *rx = i % 2 ? &self->cli : &self->srv;

		for (size_t k = 0; k < sizes[i]; k++)
			tx->buf[k] = (char)(k * 7 + i);
		memset(rx->buf, 0, sizeof(rx->buf));
		ASSERT_EQ(0, fi_recv(rx->ep, rx->buf, sizeof(rx->buf), fi_mr_desc(rx->mr), 0, rx));
		ASSERT_EQ(0, fi_send(tx->ep, tx->buf, sizes[i], fi_mr_desc(tx->mr), 0, tx));
		ASSERT_EQ(1, next_completion(tx->cq, &c, NULL));
		EXPECT_EQ(tx, c.op_context);
		EXPECT_EQ(FI_SEND | FI_MSG, c.flags);
		ASSERT_EQ(1, next_completion(rx->cq, &c, NULL));
		EXPECT_EQ(rx, c.op_context);
		EXPECT_EQ(FI_RECV | FI_MSG, c.flags);
		EXPECT_EQ(sizes[i], c.len);
		EXPECT_EQ(0, memcmp(tx->buf, rx->buf, sizes[i])) TH_LOG("%zu bytes", sizes[i]);
	}
	EXPECT_EQ(-FI_EMSGSIZE, fi_send(self->cli.ep, self->cli.buf, 65537, NULL, 0, NULL));
	EXPECT_EQ(-FI_ENOSYS, fi_write(self->cli.ep, self->cli.buf, 8, NULL, 0, 0, 0, NULL));
}

/*
 * An injected message is the sender's again when the call returns, even
 * from a registered buffer (behind an IOMMU sent in place otherwise): the
 * receive is posted only after the sender has overwritten its buffer, so
 * the NIC cannot have taken the bytes before.  fi_inject refuses more
 * than a bounce slot, 64 KiB.  (The provider offers an inject size of 0,
 * so ofi_rxm never injects; an application may.)
 */
TEST_F(fabric, an_injected_message_is_copied_before_the_call_returns)
{
	struct fi_msg msg;
	struct fi_cq_data_entry c;
	struct iovec iov;
	void *desc;
	size_t n = 4096;

	connect_pair(_metadata, &self->srv, &self->cli);

	for (size_t k = 0; k < n; k++)
		self->cli.buf[k] = (char)(k * 5 + 1);
	iov = (struct iovec){ .iov_base = self->cli.buf, .iov_len = n };
	desc = fi_mr_desc(self->cli.mr);
	msg = (struct fi_msg){ .msg_iov = &iov, .desc = &desc, .iov_count = 1 };
	ASSERT_EQ(0, fi_sendmsg(self->cli.ep, &msg, FI_INJECT));
	memset(self->cli.buf, 0xee, n);
	ASSERT_EQ(0, fi_inject(self->cli.ep, self->cli.buf, 16, 0));
	memset(self->srv.buf, 0, sizeof(self->srv.buf));
	ASSERT_EQ(0, fi_recv(self->srv.ep, self->srv.buf, n, fi_mr_desc(self->srv.mr), 0, NULL));
	ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	EXPECT_EQ(n, c.len);
	for (size_t k = 0; k < n; k++)
		if (self->srv.buf[k] != (char)(k * 5 + 1)) {
			EXPECT_EQ((char)(k * 5 + 1), self->srv.buf[k]) TH_LOG("byte %zu", k);
			break;
		}
	ASSERT_EQ(0, fi_recv(self->srv.ep, self->srv.buf, n, fi_mr_desc(self->srv.mr), 0, NULL));
	ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	EXPECT_EQ(16, c.len);
	EXPECT_EQ((char)0xee, self->srv.buf[15]);
	EXPECT_EQ(-FI_EMSGSIZE, fi_inject(self->cli.ep, self->cli.buf, 65537, 0));
}

/*
 * fi_msg(3): fi_inject writes no completion queue entry for a send that
 * succeeds, as if selective completion were on without FI_COMPLETION;
 * the FI_INJECT flag of fi_sendmsg only hands the buffer back at once,
 * and its send completes as any other, with its context (fi_msg_inject
 * reads that completion).
 */
TEST_F(fabric, a_send_flagged_fi_inject_completes_and_fi_inject_does_not)
{
	struct fi_cq_data_entry c;
	struct fi_msg msg;
	struct iovec iov = { .iov_base = self->cli.buf, .iov_len = 64 };
	void *desc;

	connect_pair(_metadata, &self->srv, &self->cli);
	desc = fi_mr_desc(self->cli.mr);
	msg = (struct fi_msg){ .msg_iov = &iov, .desc = &desc, .iov_count = 1,
			       .context = &self->cli };
	for (int i = 0; i < 2; i++)
		ASSERT_EQ(0, fi_recv(self->srv.ep, self->srv.buf + 64 * i, 64,
				     fi_mr_desc(self->srv.mr), 0, NULL));
	ASSERT_EQ(0, fi_inject(self->cli.ep, self->cli.buf, 64, 0));
	ASSERT_EQ(0, fi_sendmsg(self->cli.ep, &msg, FI_INJECT));
	for (int i = 0; i < 2; i++)
		ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	EXPECT_EQ(&self->cli, c.op_context);
	EXPECT_EQ(FI_SEND | FI_MSG, c.flags);
	EXPECT_EQ(-FI_EAGAIN, fi_cq_read(self->cli.cq, &c, 1));
}

/*
 * fi_cancel of a receive posted before the connection takes it back: an
 * FI_ECANCELED error entry with its context, and the first message lands
 * in the receive posted after it.  One the queue pair holds is not the
 * provider's to cancel any more (-FI_ENOENT, as for a context never
 * posted).
 */
TEST_F(fabric, a_receive_cancelled_before_the_connection_completes_ecanceled)
{
	struct fi_cq_err_entry err = { 0 };
	struct fi_cq_data_entry c;
	struct sockaddr_in addr;
	int first, second, held;

	listen_on(_metadata, &self->srv, &addr);
	side_open(_metadata, &self->cli, "rig_bnxt1");
	side_endpoint(_metadata, &self->cli, self->cli.info);
	ASSERT_EQ(0, fi_recv(self->cli.ep, self->cli.buf, 64, fi_mr_desc(self->cli.mr), 0,
			     &first));
	ASSERT_EQ(0, fi_recv(self->cli.ep, self->cli.buf + 64, 64, fi_mr_desc(self->cli.mr), 0,
			     &second));
	ASSERT_EQ(0, fi_cancel(&self->cli.ep->fid, &first));
	ASSERT_EQ(-FI_EAVAIL, fi_cq_read(self->cli.cq, &c, 1));
	ASSERT_EQ(1, fi_cq_readerr(self->cli.cq, &err, 0));
	EXPECT_EQ(FI_ECANCELED, err.err);
	EXPECT_EQ(&first, err.op_context);
	EXPECT_TRUE(err.flags & FI_RECV);
	EXPECT_EQ(-FI_ENOENT, fi_cancel(&self->cli.ep->fid, &first));

	connect_to(_metadata, &self->srv, &self->cli, &addr);
	ASSERT_EQ(0, fi_recv(self->cli.ep, self->cli.buf + 128, 64, fi_mr_desc(self->cli.mr), 0,
			     &held));
	EXPECT_EQ(-FI_ENOENT, fi_cancel(&self->cli.ep->fid, &held));
	memcpy(self->srv.buf, "after", 6);
	ASSERT_EQ(0, fi_send(self->srv.ep, self->srv.buf, 6, fi_mr_desc(self->srv.mr), 0, NULL));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	EXPECT_EQ(&second, c.op_context);
	EXPECT_STREQ("after", self->cli.buf + 64);
}

/* A registered buffer is sent from and received into in place, past the bounce slots' 64 KiB. */
TEST_F(fabric, a_registered_buffer_carries_a_message_of_a_mebibyte)
{
	size_t n = 1 << 20, page = (size_t)sysconf(_SC_PAGESIZE);
	struct fid_mr *smr, *rmr;
	struct fi_cq_data_entry c;
	char *src, *dst;

	connect_pair(_metadata, &self->srv, &self->cli);
	ASSERT_EQ(0, posix_memalign((void **)&src, page, n));
	ASSERT_EQ(0, posix_memalign((void **)&dst, page, n + 8));
	memset(dst, 0, n + 8);
	ASSERT_EQ(0, fi_mr_reg(self->cli.domain, src, n, FI_SEND, 0, 0, 0, &smr, NULL));
	ASSERT_EQ(0, fi_mr_reg(self->srv.domain, dst, n + 8, FI_RECV, 0, 0, 0, &rmr, NULL));
	for (size_t k = 0; k < n; k++)
		src[k] = (char)(k * 13 + (k >> 12));
	ASSERT_EQ(0, fi_recv(self->srv.ep, dst + 8, n, fi_mr_desc(rmr), 0, dst));
	ASSERT_EQ(0, fi_send(self->cli.ep, src, n, fi_mr_desc(smr), 0, src));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	EXPECT_EQ((void *)src, c.op_context);
	ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	EXPECT_EQ((void *)dst, c.op_context);
	EXPECT_EQ(n, c.len);
	EXPECT_EQ(0, memcmp(src, dst + 8, n));
	EXPECT_EQ(-FI_EMSGSIZE, fi_send(self->cli.ep, src, n, NULL, 0, NULL));
	fi_close(&smr->fid);
	fi_close(&rmr->fid);
	free(src);
	free(dst);
}

/* Is rig_bnxtN behind a translating IOMMU (sysfs "iommu")?  -1: unknown. */
static int nic_iommu(int n)
{
	char path[64], v[8] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt%d/iommu", n);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(v, sizeof(v), f))
		v[0] = '\0';
	fclose(f);
	return v[0] == '1' ? 1 : v[0] == '0' ? 0 : -1;
}

/*
 * Without an IOMMU a registration no peer may read (no FI_REMOTE_READ:
 * ofi_rxm's buffer pools) makes no region, so it locks no memory and
 * copies nothing, until a message too large for a bounce slot uses it;
 * its key names no region.  Behind an IOMMU it pins the buffer's pages
 * at once, a region no peer may read.  Messages through it work either
 * way, small and large.
 */
TEST_F(fabric, a_registration_no_peer_may_read_locks_memory_only_when_a_message_needs_it)
{
	size_t n = 4 << 20, big = 1 << 20, page = (size_t)sysconf(_SC_PAGESIZE);
	int iommu = nic_iommu(1);
	struct fi_cq_data_entry c;
	struct fi_cq_err_entry err;
	struct fid_mr *mr, *rmr;
	long pin0, pin1, pin2;
	char *buf, *dst;

	ASSERT_NE(-1, iommu);
	connect_pair(_metadata, &self->srv, &self->cli);
	ASSERT_EQ(0, posix_memalign((void **)&buf, page, n));
	ASSERT_EQ(0, posix_memalign((void **)&dst, page, big));
	for (size_t k = 0; k < n; k++)
		buf[k] = (char)(k * 7 + (k >> 16));
	memset(dst, 0, big);
	pin0 = rig_vm_pinned();
	ASSERT_LE(0, pin0);
	ASSERT_EQ(0, fi_mr_reg(self->cli.domain, buf, n, FI_SEND | FI_RECV, 0, 0, 0, &mr, NULL));
	pin1 = rig_vm_pinned();
	if (iommu) {
		EXPECT_LE(pin0 + (long)n, pin1);
	} else {
		EXPECT_EQ(pin0, pin1);
		EXPECT_EQ(0, fi_mr_key(mr) >> 32);
	}

	/* Small both ways: through bounce slots without an IOMMU, nothing more locked. */
	ASSERT_EQ(0, fi_recv(self->srv.ep, self->srv.buf, 64, fi_mr_desc(self->srv.mr), 0, NULL));
	ASSERT_EQ(0, fi_send(self->cli.ep, buf + 100, 64, fi_mr_desc(mr), 0, NULL));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	EXPECT_EQ(64, c.len);
	EXPECT_EQ(0, memcmp(self->srv.buf, buf + 100, 64));
	memset(self->srv.buf, 'R', 4096);
	ASSERT_EQ(0, fi_recv(self->cli.ep, buf + 8192, 4096, fi_mr_desc(mr), 0, buf));
	ASSERT_EQ(0, fi_send(self->srv.ep, self->srv.buf, 4096, fi_mr_desc(self->srv.mr), 0,
			     NULL));
	ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	EXPECT_EQ((void *)buf, c.op_context);
	EXPECT_EQ(4096, c.len);
	for (size_t k = 0; k < 4096; k++) {
		ASSERT_EQ('R', buf[8192 + k]) {
			TH_LOG("byte %zu", k);
		}
	}
	if (!iommu)
		EXPECT_EQ(pin0, rig_vm_pinned());

	/* A mebibyte from it: now it has its region, the whole registration's size. */
	ASSERT_EQ(0, fi_mr_reg(self->srv.domain, dst, big, FI_RECV, 0, 0, 0, &rmr, NULL));
	ASSERT_EQ(0, fi_recv(self->srv.ep, dst, big, fi_mr_desc(rmr), 0, dst));
	ASSERT_EQ(0, fi_send(self->cli.ep, buf + n - big, big, fi_mr_desc(mr), 0, NULL));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	EXPECT_EQ(big, c.len);
	EXPECT_EQ(0, memcmp(dst, buf + n - big, big));
	pin2 = rig_vm_pinned();
	EXPECT_LE(pin0 + (long)n, pin2);
	/*
	 * A peer given its key is refused, with an IOMMU (a local region) or
	 * without (no region); last: the error ends the connection.
	 */
	ASSERT_EQ(0, fi_read(self->srv.ep, self->srv.buf, 64, fi_mr_desc(self->srv.mr), 0,
			     (uint64_t)(uintptr_t)buf, fi_mr_key(mr), self->srv.buf));
	ASSERT_EQ(-FI_EAVAIL, next_completion(self->srv.cq, &c, &err));
	EXPECT_EQ(FI_EACCES, err.err);
	fi_close(&rmr->fid);
	fi_close(&mr->fid);
	EXPECT_GE(pin2 - (long)n, rig_vm_pinned());
	free(buf);
	free(dst);
}

TEST_F(fabric, a_read_gets_the_peers_registered_bytes_and_a_bad_key_is_an_access_error)
{
	struct fi_cq_data_entry c;
	struct fi_cq_err_entry err;
	char local[4096];
	uint64_t key;

	connect_pair(_metadata, &self->srv, &self->cli);
	for (size_t k = 0; k < 4096; k++)
		self->srv.buf[100 + k] = (char)(k ^ 0x5a);
	/* The copy a registration without an IOMMU holds is made now. */
	fi_close(&self->srv.mr->fid);
	ASSERT_EQ(0, fi_mr_reg(self->srv.domain, self->srv.buf, sizeof(self->srv.buf),
			       FI_REMOTE_READ, 0, 0, 0, &self->srv.mr, NULL));
	key = fi_mr_key(self->srv.mr);
	ASSERT_EQ(0, fi_read(self->cli.ep, local, sizeof(local), NULL, 0,
			     (uint64_t)(uintptr_t)self->srv.buf + 100, key, local));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	EXPECT_EQ(FI_READ | FI_RMA, c.flags);
	EXPECT_EQ((void *)local, c.op_context);
	EXPECT_EQ(0, memcmp(local, self->srv.buf + 100, sizeof(local)));
	/* Into the client's own registration, in place or through its copy. */
	ASSERT_EQ(0, fi_read(self->cli.ep, self->cli.buf + 8, 4000, fi_mr_desc(self->cli.mr), 0,
			     (uint64_t)(uintptr_t)self->srv.buf + 200, key, NULL));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	EXPECT_EQ(0, memcmp(self->cli.buf + 8, self->srv.buf + 200, 4000));
	/* A key with another region's number: the server's NIC refuses it. */
	ASSERT_EQ(0, fi_read(self->cli.ep, local, 64, NULL, 0,
			     (uint64_t)(uintptr_t)self->srv.buf, key ^ (0x80ULL << 32), local));
	ASSERT_EQ(-FI_EAVAIL, next_completion(self->cli.cq, &c, &err));
	EXPECT_EQ(FI_EACCES, err.err);
	EXPECT_EQ(RIG_STATUS_REMOTE_ACCESS, err.prov_errno);
	EXPECT_NE(NULL, strstr(fi_cq_strerror(self->cli.cq, err.prov_errno, NULL, NULL, 0),
			       "remote access"));
}

/*
 * Only a registration made with FI_REMOTE_READ is read by a peer: with the
 * key of one made without it a peer reads nothing, with or without an
 * IOMMU (behind one the key names the buffer's pages, a local region).
 */
TEST_F(fabric, a_peer_reading_with_the_key_of_a_registration_without_remote_read_gets_eacces)
{
	static char secret[8192] __attribute__((aligned(4096)));
	struct fi_cq_data_entry c;
	struct fi_cq_err_entry err;
	unsigned char got[64];
	struct fid_mr *mr;

	connect_pair(_metadata, &self->srv, &self->cli);
	memset(secret, 's', sizeof(secret));
	ASSERT_EQ(0, fi_mr_reg(self->cli.domain, secret, sizeof(secret),
			       FI_SEND | FI_RECV | FI_READ, 0, 0, 0, &mr, NULL));
	/* The client's registration with FI_REMOTE_READ is read... */
	memset(got, 0xee, sizeof(got));
	ASSERT_EQ(0, fi_read(self->srv.ep, got, sizeof(got), NULL, 0,
			     (uint64_t)(uintptr_t)self->cli.buf, fi_mr_key(self->cli.mr), got));
	ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	EXPECT_EQ(0, memcmp(got, self->cli.buf, sizeof(got)));
	/* ...and the one without, named by its own key and address, is not. */
	memset(got, 0xee, sizeof(got));
	ASSERT_EQ(0, fi_read(self->srv.ep, got, sizeof(got), NULL, 0,
			     (uint64_t)(uintptr_t)secret, fi_mr_key(mr), got));
	ASSERT_EQ(-FI_EAVAIL, next_completion(self->srv.cq, &c, &err));
	EXPECT_EQ(FI_EACCES, err.err);
	EXPECT_EQ(RIG_STATUS_REMOTE_ACCESS, err.prov_errno);
	for (size_t k = 0; k < sizeof(got); k++) {
		ASSERT_EQ(0xee, got[k]) {
			TH_LOG("byte %zu of the registration came across", k);
		}
	}
	fi_close(&mr->fid);
}

/*
 * A peer reads a registration as the buffer is when a message tells it to:
 * without an IOMMU the registration is a copy, brought up to date before
 * each send, except for the bytes a receive is still filling, which come
 * from the NIC.  (Behind an IOMMU the peer reads the pages themselves.)
 */
TEST_F(fabric, a_peer_reads_a_registration_as_of_the_last_send_and_receives_stay_whole)
{
	static char b[16384] __attribute__((aligned(4096))), got[4096];
	struct fi_cq_data_entry c;
	struct fid_mr *mr;
	uint64_t key, at = (uint64_t)(uintptr_t)b;

	connect_pair(_metadata, &self->srv, &self->cli);
	ASSERT_EQ(0, fi_mr_reg(self->srv.domain, b, sizeof(b), FI_SEND | FI_RECV | FI_REMOTE_READ,
			       0, 0, 0, &mr, NULL));
	key = fi_mr_key(mr);
	/* Written after the registration, then a send: the peer reads the new bytes. */
	memset(b, 'A', sizeof(b));
	ASSERT_EQ(0, fi_recv(self->cli.ep, self->cli.buf, 64, fi_mr_desc(self->cli.mr), 0, NULL));
	ASSERT_EQ(0, fi_send(self->srv.ep, self->srv.buf, 8, fi_mr_desc(self->srv.mr), 0, NULL));
	ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	ASSERT_EQ(0, fi_read(self->cli.ep, got, sizeof(got), NULL, 0, at + 8192, key, NULL));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	for (size_t k = 0; k < sizeof(got); k++) {
		ASSERT_EQ('A', got[k]) {
			TH_LOG("byte %zu", k);
		}
	}

	/* A receive into its first 4 KiB lands; the buffer changes; a send refreshes the rest. */
	ASSERT_EQ(0, fi_recv(self->srv.ep, b, 4096, fi_mr_desc(mr), 0, b));
	memset(self->cli.buf, 'C', 4096);
	ASSERT_EQ(0, fi_send(self->cli.ep, self->cli.buf, 4096, fi_mr_desc(self->cli.mr), 0, NULL));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));	/* in the server's memory now */
	memset(b + 4096, 'B', sizeof(b) - 4096);
	ASSERT_EQ(0, fi_recv(self->cli.ep, self->cli.buf, 64, fi_mr_desc(self->cli.mr), 0, NULL));
	ASSERT_EQ(0, fi_send(self->srv.ep, self->srv.buf, 8, fi_mr_desc(self->srv.mr), 0, NULL));
	/* The server's receive completes with the client's bytes, not the buffer's old ones. */
	ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	EXPECT_EQ((void *)b, c.op_context);
	EXPECT_EQ(4096, c.len);
	ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
	for (size_t k = 0; k < 4096; k++) {
		ASSERT_EQ('C', b[k]) {
			TH_LOG("byte %zu", k);
		}
	}
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	ASSERT_EQ(0, fi_read(self->cli.ep, got, sizeof(got), NULL, 0, at + 8192, key, NULL));
	ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	for (size_t k = 0; k < sizeof(got); k++) {
		ASSERT_EQ('B', got[k]) {
			TH_LOG("byte %zu", k);
		}
	}
	fi_close(&mr->fid);
}

/* CPU time this process has spent, user and system, in seconds. */
static double cpu_seconds(void)
{
	struct rusage u;

	getrusage(RUSAGE_SELF, &u);
	return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
	       (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/*
 * Without an IOMMU a registration a peer may read is a copy, brought up
 * to date before every send; the provider copies only the pages the
 * process wrote since the last send, where the kernel tracks writes
 * (Linux 6.7).  Each send here follows one written byte: sixteen of them
 * must cost less CPU than four copies of the buffer, where copying it
 * whole each time costs sixteen.  Behind an IOMMU nothing is copied.
 */
TEST_F(fabric, a_send_copies_only_the_pages_written_since_the_last_into_a_readable_copy)
{
	enum { SENDS = 16 };
	const size_t bytes = 256 << 20, step = bytes / SENDS;
	struct fi_cq_data_entry c;
	double copy, sends;
	struct fid_mr *mr;
	char *buf, *other, got[8];
	uint64_t key;

	buf = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	other = mmap(NULL, bytes / 4, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, buf);
	ASSERT_NE(MAP_FAILED, other);
	memset(buf, 'A', bytes);
	memset(other, 0, bytes / 4);
	connect_pair(_metadata, &self->srv, &self->cli);
	ASSERT_EQ(0, fi_mr_reg(self->srv.domain, buf, bytes, FI_SEND | FI_RECV | FI_REMOTE_READ,
			       0, 0, 0, &mr, NULL));
	key = fi_mr_key(mr);

	/* One copy of the buffer, in quarters. */
	copy = cpu_seconds();
	for (int q = 0; q < 4; q++) {
		memcpy(other, buf + q * (bytes / 4), bytes / 4);
		__asm__ __volatile__("" : : "r"(other) : "memory");
	}
	copy = cpu_seconds() - copy;

	sends = cpu_seconds();
	for (int i = 0; i < SENDS; i++) {
		buf[i * step + 1] = (char)('a' + i);
		ASSERT_EQ(0, fi_recv(self->cli.ep, self->cli.buf, 64, fi_mr_desc(self->cli.mr), 0,
				     NULL));
		ASSERT_EQ(0, fi_send(self->srv.ep, self->srv.buf, 8, fi_mr_desc(self->srv.mr), 0,
				     NULL));
		ASSERT_EQ(1, next_completion(self->srv.cq, &c, NULL));
		ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
	}
	sends = cpu_seconds() - sends;
	EXPECT_LT(sends, 4 * copy)
		TH_LOG("%d sends took %.3f s of CPU, one copy of the buffer %.3f s", SENDS, sends,
		       copy);

	/* And a peer reads each byte written, the first and the last. */
	for (int i = 0; i < SENDS; i += SENDS - 1) {
		ASSERT_EQ(0, fi_read(self->cli.ep, got, sizeof(got), NULL, 0,
				     (uint64_t)(uintptr_t)buf + i * step, key, NULL));
		ASSERT_EQ(1, next_completion(self->cli.cq, &c, NULL));
		EXPECT_EQ('A', got[0]);
		EXPECT_EQ('a' + i, got[1]);
		EXPECT_EQ('A', got[2]);
	}
	fi_close(&mr->fid);
	munmap(other, bytes / 4);
	munmap(buf, bytes);
}

TEST_F(fabric, a_rejected_connection_reports_econnrefused_with_the_servers_data)
{
	struct { struct fi_eq_cm_entry e; char data[64]; } ev;
	struct fi_eq_err_entry err = { 0 };
	struct sockaddr_in addr;
	char why[64] = "";
	uint32_t type;

	listen_on(_metadata, &self->srv, &addr);
	side_open(_metadata, &self->cli, "rig_bnxt1");
	side_endpoint(_metadata, &self->cli, self->cli.info);
	ASSERT_EQ(0, fi_connect(self->cli.ep, &addr, NULL, 0));
	ASSERT_EQ((ssize_t)sizeof(ev.e), next_event(self->srv.eq, &ev.e, sizeof(ev), &type, NULL));
	ASSERT_EQ(FI_CONNREQ, type);
	ASSERT_EQ(0, fi_reject(self->srv.pep, ev.e.info->handle, "full", 5));
	fi_freeinfo(ev.e.info);
	err.err_data = why;
	err.err_data_size = sizeof(why);
	ASSERT_EQ(-FI_EAVAIL, next_event(self->cli.eq, &ev.e, sizeof(ev), &type, &err));
	EXPECT_EQ(FI_ECONNREFUSED, err.err);
	EXPECT_EQ(&self->cli.ep->fid, err.fid);
	EXPECT_EQ(5, err.err_data_size);
	EXPECT_STREQ("full", why);
	EXPECT_EQ(-FI_ENOTCONN, fi_send(self->cli.ep, self->cli.buf, 1, NULL, 0, NULL));
}

TEST_F(fabric, garbage_on_the_control_socket_is_dropped_and_a_real_request_still_connects)
{
	struct fi_eq_cm_entry e;
	struct sockaddr_in addr;
	uint32_t type;
	int s;

	listen_on(_metadata, &self->srv, &addr);
	s = socket(AF_INET, SOCK_STREAM, 0);
	ASSERT_EQ(0, connect(s, (struct sockaddr *)&addr, sizeof(addr)));
	ASSERT_EQ(18, write(s, "GET / HTTP/1.0\r\n\r\n", 18));
	EXPECT_EQ(-FI_EAGAIN, fi_eq_sread(self->srv.eq, &type, &e, sizeof(e), 500, 0));
	/* Dropped: the socket reads end of file. */
	{
		char b;

		EXPECT_EQ(0, read(s, &b, 1));
	}
	close(s);
	side_close(&self->srv);
	memset(&self->srv, 0, sizeof(self->srv));
	connect_pair(_metadata, &self->srv, &self->cli);
}

/*
 * The provider's control protocol, spoken from outside it: a header
 * (magic, version, type, payload bytes; big-endian) and the payload.  A
 * REQUEST or ACCEPT payload is a 36-byte endpoint and the connection data.
 */
#define CM_MAGIC	0x52474649u
#define CM_VERSION	1
#define CM_HDR		8
#define CM_EP		36
#define CM_DATA_MAX	256
enum { CM_REQUEST = 1, CM_ACCEPT, CM_REJECT, CM_CONFIRM, CM_SHUTDOWN };
/* A connection that sends no request is closed this long after it came. */
#define CM_PENDING_MS	5000
#define CM_PENDING_MAX	16

static void cm_header(uint8_t *h, uint32_t magic, uint8_t version, uint8_t type, size_t len)
{
	uint32_t m = htonl(magic);

	memcpy(h, &m, 4);
	h[4] = version;
	h[5] = type;
	h[6] = (uint8_t)(len >> 8);
	h[7] = (uint8_t)len;
}

/* A plain TCP socket listening on the loopback: its name in *@addr. */
static int plain_listener(struct sockaddr_in *addr)
{
	socklen_t len = sizeof(*addr);
	int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	*addr = (struct sockaddr_in){ .sin_family = AF_INET,
				      .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	if (s < 0 || bind(s, (struct sockaddr *)addr, sizeof(*addr)) || listen(s, 128) ||
	    getsockname(s, (struct sockaddr *)addr, &len)) {
		if (s >= 0)
			close(s);
		return -1;
	}
	return s;
}

/* A plain TCP connection to @addr, or -1. */
static int plain_connect(const struct sockaddr_in *addr)
{
	int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (s >= 0 && connect(s, (const struct sockaddr *)addr, sizeof(*addr))) {
		close(s);
		s = -1;
	}
	return s;
}

static int open_fds(void)
{
	return rig_path_count("/proc/self/fd", "");
}

/*
 * Read @eq, which advances its passive endpoint, until the provider has
 * closed its end of @s (end of file or a reset) or @ms have passed: the
 * milliseconds it took, or -1.  *@events counts what the queue gave.
 */
static long read_until_closed(struct fid_eq *eq, int s, long ms, int *events)
{
	struct { struct fi_eq_cm_entry e; uint8_t data[CM_DATA_MAX]; } ev;
	struct timespec t0, t;
	uint32_t type;
	char b[512];

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct pollfd pfd = { .fd = s, .events = POLLIN };
		long spent;
		ssize_t n = fi_eq_sread(eq, &type, &ev, sizeof(ev), 100, 0);

		if (n > 0 && type == FI_CONNREQ)
			fi_freeinfo(ev.e.info);
		if (n != -FI_EAGAIN)
			(*events)++;
		while (poll(&pfd, 1, 0) == 1) {
			n = recv(s, b, sizeof(b), MSG_DONTWAIT);
			if (n <= 0 && !(n < 0 && errno == EAGAIN))
				goto closed;
			if (n < 0)
				break;
		}
		clock_gettime(CLOCK_MONOTONIC, &t);
		spent = (t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000;
		if (spent >= ms)
			return -1;
	}
closed:
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000;
}

/*
 * A server that answers fi_connect with a REJECT carrying more than the
 * 256 bytes of connection data fi_reject may send speaks no protocol of
 * the provider's: the client is refused with no data at all, and nothing
 * past the event's buffer is written or read.
 */
TEST_F(fabric, a_reject_longer_than_the_connection_data_limit_is_refused_without_data)
{
	struct { struct fi_eq_cm_entry e; char data[64]; } ev;
	uint8_t msg[CM_HDR + CM_EP + CM_DATA_MAX], why[1024];
	struct fi_eq_err_entry err = { 0 };
	struct sockaddr_in addr;
	uint32_t type;
	int l, s;

	l = plain_listener(&addr);
	ASSERT_LE(0, l);
	side_open(_metadata, &self->cli, "rig_bnxt1");
	side_endpoint(_metadata, &self->cli, self->cli.info);
	ASSERT_EQ(0, fi_connect(self->cli.ep, &addr, NULL, 0));
	s = accept(l, NULL, NULL);
	ASSERT_LE(0, s);
	cm_header(msg, CM_MAGIC, CM_VERSION, CM_REJECT, sizeof(msg) - CM_HDR);
	memset(msg + CM_HDR, 'x', sizeof(msg) - CM_HDR);
	ASSERT_EQ((ssize_t)sizeof(msg), write(s, msg, sizeof(msg)));
	memset(why, 0, sizeof(why));
	err.err_data = why;
	err.err_data_size = sizeof(why);
	ASSERT_EQ(-FI_EAVAIL, next_event(self->cli.eq, &ev.e, sizeof(ev), &type, &err));
	EXPECT_EQ(FI_ECONNREFUSED, err.err);
	EXPECT_EQ(&self->cli.ep->fid, err.fid);
	EXPECT_EQ(0, err.err_data_size);
	EXPECT_EQ(0, why[0]);
	EXPECT_EQ(-FI_ENOTCONN, fi_send(self->cli.ep, self->cli.buf, 1, NULL, 0, NULL));
	close(s);
	close(l);
}

/*
 * Connections that never send a request hold at most 16 descriptors of the
 * server's process: past that the oldest is closed.  Once they go, a real
 * client connects.
 */
TEST_F(fabric, connections_that_send_no_request_hold_at_most_sixteen_descriptors)
{
	struct fi_eq_cm_entry e;
	struct sockaddr_in addr;
	int socks[40], base, held;
	uint32_t type;

	listen_on(_metadata, &self->srv, &addr);
	base = open_fds();
	for (int i = 0; i < 40; i++) {
		socks[i] = plain_connect(&addr);
		ASSERT_LE(0, socks[i]) TH_LOG("connection %d", i);
	}
	EXPECT_EQ(-FI_EAGAIN, fi_eq_sread(self->srv.eq, &type, &e, sizeof(e), 1000, 0));
	held = open_fds() - base - 40;
	TH_LOG("the provider holds %d of 40 silent connections", held);
	EXPECT_GE(CM_PENDING_MAX, held);
	for (int i = 0; i < 40; i++)
		close(socks[i]);
	connect_to(_metadata, &self->srv, &self->cli, &addr);
}

/* A connection that sends no request is closed after 5 s; a real client connects after it. */
TEST_F_TIMEOUT(fabric, a_connection_that_sends_no_request_is_closed_after_five_seconds, 120)
{
	struct sockaddr_in addr;
	int s, base, events = 0;
	long ms;

	listen_on(_metadata, &self->srv, &addr);
	base = open_fds();
	s = plain_connect(&addr);
	ASSERT_LE(0, s);
	ms = read_until_closed(self->srv.eq, s, CM_PENDING_MS + 5000, &events);
	TH_LOG("closed after %ld ms", ms);
	EXPECT_LE(CM_PENDING_MS - 100, ms);
	EXPECT_EQ(0, events);
	close(s);
	EXPECT_EQ(base, open_fds());
	connect_to(_metadata, &self->srv, &self->cli, &addr);
}

/*
 * What a hostile client can send a passive endpoint within the protocol's
 * framing, each refused by closing the connection: no event, no crash, no
 * descriptor left behind; then a real client connects.
 */
TEST_F_TIMEOUT(fabric, a_hostile_client_is_refused_cleanly_and_a_real_one_still_connects, 180)
{
	static const struct {
		const char *what;
		uint32_t magic;
		uint8_t version, type;
		size_t len;		/* in the header */
		size_t sent;		/* payload bytes actually sent */
		bool header;		/* send the header at all */
	} cases[] = {
		{ "wrong magic", 0x47455420u, CM_VERSION, CM_REQUEST, CM_EP, CM_EP, true },
		{ "wrong version", CM_MAGIC, 7, CM_REQUEST, CM_EP, CM_EP, true },
		{ "unknown type", CM_MAGIC, CM_VERSION, 9, CM_EP, CM_EP, true },
		{ "an ACCEPT to a server", CM_MAGIC, CM_VERSION, CM_ACCEPT, CM_EP, CM_EP, true },
		{ "a REQUEST shorter than an endpoint", CM_MAGIC, CM_VERSION, CM_REQUEST, 10, 10,
		  true },
		{ "a REQUEST past the data limit", CM_MAGIC, CM_VERSION, CM_REQUEST,
		  CM_EP + CM_DATA_MAX + 1, CM_EP + CM_DATA_MAX + 1, true },
		{ "a length of 65535", CM_MAGIC, CM_VERSION, CM_REQUEST, 65535, 100, true },
		{ "a length past the end, then close", CM_MAGIC, CM_VERSION, CM_REQUEST,
		  CM_EP + 100, 20, true },
		{ "half a header, then close", CM_MAGIC, CM_VERSION, CM_REQUEST, 0, 0, false },
		{ "a CONFIRM with a payload", CM_MAGIC, CM_VERSION, CM_CONFIRM, 4, 4, true },
		{ "nothing at all", 0, 0, 0, 0, 0, false },
	};
	uint8_t msg[CM_HDR + 512];
	struct sockaddr_in addr;
	int base;

	listen_on(_metadata, &self->srv, &addr);
	base = open_fds();
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		bool quiet = !strcmp(cases[c].what, "nothing at all");
		int s = plain_connect(&addr), events = 0;
		size_t n = 0;
		long ms;

		ASSERT_LE(0, s);
		if (cases[c].header) {
			cm_header(msg, cases[c].magic, cases[c].version, cases[c].type,
				  cases[c].len);
			memset(msg + CM_HDR, 0x5a, cases[c].sent);
			n = CM_HDR + cases[c].sent;
		} else if (!quiet) {
			cm_header(msg, CM_MAGIC, CM_VERSION, CM_REQUEST, 0);
			n = CM_HDR / 2;
		}
		if (n)
			EXPECT_EQ((ssize_t)n, send(s, msg, n, MSG_NOSIGNAL))
				TH_LOG("%s", cases[c].what);
		if (n && n < CM_HDR + cases[c].len)
			shutdown(s, SHUT_WR);
		ms = read_until_closed(self->srv.eq, s, CM_PENDING_MS + 5000, &events);
		EXPECT_LE(0, ms) TH_LOG("%s: not closed", cases[c].what);
		EXPECT_EQ(0, events) TH_LOG("%s: an event", cases[c].what);
		close(s);
		EXPECT_EQ(-FI_EAGAIN, fi_eq_read(self->srv.eq, NULL, msg, sizeof(msg), 0));
		EXPECT_EQ(base, open_fds()) TH_LOG("%s: a descriptor left", cases[c].what);
		TH_LOG("%s: closed after %ld ms", cases[c].what, ms);
	}
	connect_to(_metadata, &self->srv, &self->cli, &addr);
}

/* One of two threads that call fi_connect on one endpoint as nearly at once as they can. */
struct racer {
	struct fid_ep *ep;
	const struct sockaddr_in *addr;
	atomic_int *ready;
	int ret;
};

static void *connect_racing(void *arg)
{
	struct racer *r = arg;

	atomic_fetch_add(r->ready, 1);
	while (atomic_load(r->ready) < 2)
		;
	r->ret = fi_connect(r->ep, r->addr, NULL, 0);
	return NULL;
}

/*
 * fi_connect from two threads at once (FI_THREAD_SAFE): one call connects,
 * the other finds the endpoint connecting and changes nothing, so no
 * socket is left open behind the endpoint's back.
 */
TEST_F_TIMEOUT(fabric, fi_connect_from_two_threads_at_once_connects_once, 300)
{
	struct sockaddr_in addr;
	int l, base, doubled = 0;

	l = plain_listener(&addr);
	ASSERT_LE(0, l);
	ASSERT_EQ(0, fcntl(l, F_SETFL, O_NONBLOCK));
	side_open(_metadata, &self->cli, "rig_bnxt1");
	side_endpoint(_metadata, &self->cli, self->cli.info);
	base = open_fds();
	for (int i = 0; i < 64; i++) {
		atomic_int ready = 0;
		struct racer a = { .addr = &addr, .ready = &ready }, b;
		struct fid_ep *ep;
		pthread_t t;
		int s;

		ASSERT_EQ(0, fi_endpoint(self->cli.domain, self->cli.info, &ep, NULL));
		ASSERT_EQ(0, fi_ep_bind(ep, &self->cli.eq->fid, 0));
		ASSERT_EQ(0, fi_ep_bind(ep, &self->cli.cq->fid, FI_TRANSMIT | FI_RECV));
		ASSERT_EQ(0, fi_enable(ep));
		a.ep = ep;
		b = a;
		ASSERT_EQ(0, pthread_create(&t, NULL, connect_racing, &b));
		connect_racing(&a);
		pthread_join(t, NULL);
		EXPECT_EQ(-FI_EOPBADSTATE, a.ret < b.ret ? a.ret : b.ret) TH_LOG("round %d", i);
		EXPECT_EQ(0, a.ret > b.ret ? a.ret : b.ret) TH_LOG("round %d", i);
		doubled += !a.ret && !b.ret;
		fi_close(&ep->fid);
		while ((s = accept4(l, NULL, NULL, SOCK_NONBLOCK)) >= 0)
			close(s);
	}
	TH_LOG("%d of 64 rounds connected twice", doubled);
	EXPECT_EQ(base, open_fds());
	close(l);
}

/* After a nap, a send from the client: what an fi_cq_sread of the server waits for. */
static void *send_later(void *arg)
{
	struct side *cli = arg;

	usleep(300000);
	return (void *)(intptr_t)fi_send(cli->ep, cli->buf, 64, NULL, 0, NULL);
}

/* fi_cq_sread waits for a completion that comes while it waits; fi_eq_sread for an event written. */
TEST_F(fabric, cq_sread_waits_for_a_completion_and_eq_sread_for_an_event_written)
{
	struct fi_cq_data_entry c;
	struct fi_eq_entry e = { .data = 42 }, got;
	uint32_t type;
	pthread_t t;
	void *sent;

	connect_pair(_metadata, &self->srv, &self->cli);
	ASSERT_EQ(-FI_EAGAIN, fi_cq_sread(self->srv.cq, &c, 1, NULL, 200));
	ASSERT_EQ(0, fi_recv(self->srv.ep, self->srv.buf, 64, fi_mr_desc(self->srv.mr), 0, NULL));
	ASSERT_EQ(0, pthread_create(&t, NULL, send_later, &self->cli));
	ASSERT_EQ(1, fi_cq_sread(self->srv.cq, &c, 1, NULL, WAIT_MS));
	EXPECT_EQ(64, c.len);
	pthread_join(t, &sent);
	EXPECT_EQ(0, (intptr_t)sent);
	EXPECT_EQ((ssize_t)sizeof(e), fi_eq_write(self->srv.eq, FI_NOTIFY, &e, sizeof(e), 0));
	ASSERT_EQ((ssize_t)sizeof(got), fi_eq_sread(self->srv.eq, &type, &got, sizeof(got),
						     WAIT_MS, 0));
	EXPECT_EQ(FI_NOTIFY, type);
	EXPECT_EQ(42, got.data);
	EXPECT_EQ(-FI_EAGAIN, fi_eq_sread(self->srv.eq, &type, &got, sizeof(got), 100, 0));
}

/* Milliseconds of wall-clock and of this process's CPU since *@t (then reset). */
static long ms_since(struct timespec *t, clockid_t clock)
{
	struct timespec now;
	long ms;

	clock_gettime(clock, &now);
	ms = (now.tv_sec - t->tv_sec) * 1000 + (now.tv_nsec - t->tv_nsec) / 1000000;
	*t = now;
	return ms;
}

/*
 * FI_WAIT_FD: the wait object is the device file; fi_cq_sread sleeps in
 * poll() on it (no CPU burnt) until a completion comes or its time
 * passes, and fi_trywait arms it for an application's own poll().
 */
TEST_F(fabric, cq_sread_sleeps_on_the_device_file_and_a_completion_wakes_it)
{
	struct fi_cq_attr none = { .format = FI_CQ_FORMAT_DATA, .wait_obj = FI_WAIT_NONE };
	struct timespec wall, cpu;
	struct fi_cq_data_entry c;
	struct stat dev, st;
	struct fid_cq *plain;
	struct fid *fids[2];
	struct pollfd pfd;
	long ms, used;
	pthread_t t;
	void *sent;
	int fd = -1;

	connect_pair(_metadata, &self->srv, &self->cli);
	fids[0] = &self->srv.cq->fid;
	fids[1] = &self->srv.eq->fid;
	ASSERT_EQ(0, fi_control(&self->srv.cq->fid, FI_GETWAIT, &fd));
	ASSERT_EQ(0, fstat(fd, &st));
	ASSERT_EQ(0, stat("/dev/rig_bnxt0", &dev));
	EXPECT_EQ(dev.st_rdev, st.st_rdev);
	ASSERT_EQ(0, fi_cq_open(self->srv.domain, &none, &plain, NULL));
	EXPECT_EQ(-FI_ENODATA, fi_control(&plain->fid, FI_GETWAIT, &fd));
	fi_close(&plain->fid);

	/* Nothing comes: -FI_EAGAIN after the time, asleep meanwhile. */
	clock_gettime(CLOCK_MONOTONIC, &wall);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
	ASSERT_EQ(-FI_EAGAIN, fi_cq_sread(self->srv.cq, &c, 1, NULL, 500));
	ms = ms_since(&wall, CLOCK_MONOTONIC);
	used = ms_since(&cpu, CLOCK_PROCESS_CPUTIME_ID);
	TH_LOG("timed out after %ld ms, %ld ms of CPU", ms, used);
	EXPECT_LE(495, ms);
	EXPECT_GT(100, used);

	/* A send 300 ms later wakes it. */
	ASSERT_EQ(0, fi_recv(self->srv.ep, self->srv.buf, 64, fi_mr_desc(self->srv.mr), 0, NULL));
	ASSERT_EQ(0, pthread_create(&t, NULL, send_later, &self->cli));
	ASSERT_EQ(1, fi_cq_sread(self->srv.cq, &c, 1, NULL, WAIT_MS));
	ms = ms_since(&wall, CLOCK_MONOTONIC);
	used = ms_since(&cpu, CLOCK_PROCESS_CPUTIME_ID);
	TH_LOG("woken after %ld ms, %ld ms of CPU", ms, used);
	EXPECT_EQ(64, c.len);
	EXPECT_LE(250, ms);
	EXPECT_GT(ms / 2, used);
	pthread_join(t, &sent);
	EXPECT_EQ(0, (intptr_t)sent);

	/* The application's own poll(): armed by fi_trywait, readable at the next completion. */
	pfd = (struct pollfd){ .fd = fd, .events = POLLIN };
	ASSERT_EQ(0, fi_trywait(self->srv.fabric, fids, 1));
	EXPECT_EQ(0, poll(&pfd, 1, 100));
	ASSERT_EQ(0, fi_recv(self->srv.ep, self->srv.buf, 64, fi_mr_desc(self->srv.mr), 0, NULL));
	ASSERT_EQ(0, fi_send(self->cli.ep, self->cli.buf, 32, NULL, 0, NULL));
	ASSERT_EQ(1, poll(&pfd, 1, WAIT_MS));
	EXPECT_EQ(POLLIN, pfd.revents);
	EXPECT_EQ(-FI_EAGAIN, fi_trywait(self->srv.fabric, fids, 1));
	ASSERT_EQ(1, fi_cq_read(self->srv.cq, &c, 1));
	EXPECT_EQ(32, c.len);
	EXPECT_EQ(-FI_EINVAL, fi_trywait(self->srv.fabric, &fids[1], 1));
}

/* fi_cq_sread in a thread of its own, for fi_cq_signal to wake. */
struct sleeper {
	struct fid_cq *cq;
	ssize_t ret;
	long ms;
};

static void *sread_long(void *arg)
{
	struct sleeper *z = arg;
	struct fi_cq_data_entry c;
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	z->ret = fi_cq_sread(z->cq, &c, 1, NULL, 20000);
	z->ms = ms_since(&t, CLOCK_MONOTONIC);
	return NULL;
}

/*
 * fi_cq_signal wakes a thread asleep in fi_cq_sread with nothing to read
 * (-FI_EAGAIN, long before its time); a signal given while no one sleeps
 * wakes the next fi_cq_sread at once; completions are read as before.
 */
TEST_F(fabric, cq_signal_wakes_a_thread_asleep_in_cq_sread)
{
	struct sleeper z = { .ret = 1 };
	struct fi_cq_data_entry c;
	struct timespec t;
	pthread_t th;

	connect_pair(_metadata, &self->srv, &self->cli);
	z.cq = self->srv.cq;
	ASSERT_EQ(0, pthread_create(&th, NULL, sread_long, &z));
	usleep(300000);
	ASSERT_EQ(0, fi_cq_signal(self->srv.cq));
	pthread_join(th, NULL);
	TH_LOG("woken after %ld ms", z.ms);
	EXPECT_EQ(-FI_EAGAIN, z.ret);
	EXPECT_LE(250, z.ms);
	EXPECT_GT(10000, z.ms);

	ASSERT_EQ(0, fi_cq_signal(self->srv.cq));
	clock_gettime(CLOCK_MONOTONIC, &t);
	EXPECT_EQ(-FI_EAGAIN, fi_cq_sread(self->srv.cq, &c, 1, NULL, 20000));
	EXPECT_GT(5000, ms_since(&t, CLOCK_MONOTONIC));

	ASSERT_EQ(0, fi_recv(self->srv.ep, self->srv.buf, 64, fi_mr_desc(self->srv.mr), 0, NULL));
	ASSERT_EQ(0, fi_send(self->cli.ep, self->cli.buf, 16, NULL, 0, NULL));
	ASSERT_EQ(1, fi_cq_sread(self->srv.cq, &c, 1, NULL, WAIT_MS));
	EXPECT_EQ(16, c.len);
}

/*
 * A completion queue nobody reads fills up: the provider then leaves the
 * completions in the queue pair's ring, whose entries stay taken, so
 * posting answers -FI_EAGAIN; no completion is lost or overwritten, and
 * reading the queue gives every one, in the order posted.
 */
TEST_F(fabric, a_full_completion_queue_holds_posts_with_eagain_and_loses_nothing)
{
	struct timespec last, now;
	struct fi_cq_data_entry c;
	static char got[1024][8];
	uint64_t key;
	size_t posted = 0, taken = 0;
	ssize_t n;

	self->cli.cq_size = 1;
	connect_pair(_metadata, &self->srv, &self->cli);
	for (size_t k = 0; k < sizeof(self->srv.buf); k++)
		self->srv.buf[k] = (char)(k * 3 + (k >> 8));
	fi_close(&self->srv.mr->fid);
	ASSERT_EQ(0, fi_mr_reg(self->srv.domain, self->srv.buf, sizeof(self->srv.buf),
			       FI_REMOTE_READ, 0, 0, 0, &self->srv.mr, NULL));
	key = fi_mr_key(self->srv.mr);
	/* Reads of 8 bytes each, never a completion read, until posting has been stuck 2 s. */
	clock_gettime(CLOCK_MONOTONIC, &last);
	for (;;) {
		ASSERT_GT(1024, posted);
		n = fi_read(self->cli.ep, got[posted], 8, NULL, 0,
			    (uint64_t)(uintptr_t)self->srv.buf + posted * 8, key,
			    (void *)(uintptr_t)(posted + 1));
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (!n) {
			posted++;
			last = now;
			continue;
		}
		ASSERT_EQ(-FI_EAGAIN, n);
		if (now.tv_sec - last.tv_sec >= 2)
			break;
		usleep(1000);
	}
	TH_LOG("%zu reads posted before the queue was full", posted);
	/* More than the ring's 64 went into the queue, and it is bounded. */
	EXPECT_LT(64, posted);
	EXPECT_GT(1024, posted);
	EXPECT_EQ(-FI_EAGAIN, fi_read(self->cli.ep, got[posted], 8, NULL, 0,
				      (uint64_t)(uintptr_t)self->srv.buf, key, NULL));
	while ((n = next_completion(self->cli.cq, &c, NULL)) == 1) {
		taken++;
		EXPECT_EQ((void *)(uintptr_t)taken, c.op_context);
		EXPECT_EQ(FI_READ | FI_RMA, c.flags);
		if (taken == posted)
			break;
	}
	EXPECT_EQ(posted, taken);
	for (size_t i = 0; i < posted; i++) {
		EXPECT_EQ(0, memcmp(got[i], self->srv.buf + i * 8, 8)) {
			TH_LOG("read %zu", i);
		}
	}
	/* Read out, the queue takes new completions again. */
	EXPECT_EQ(0, fi_read(self->cli.ep, got[0], 8, NULL, 0, (uint64_t)(uintptr_t)self->srv.buf,
			     key, NULL));
	EXPECT_EQ(1, next_completion(self->cli.cq, &c, NULL));
}

TEST_F(fabric, shutdown_reports_fi_shutdown_on_both_sides_once)
{
	struct fi_eq_cm_entry e;
	uint32_t type;

	connect_pair(_metadata, &self->srv, &self->cli);
	ASSERT_EQ(0, fi_shutdown(self->cli.ep, 0));
	ASSERT_EQ((ssize_t)sizeof(e), next_event(self->cli.eq, &e, sizeof(e), &type, NULL));
	EXPECT_EQ(FI_SHUTDOWN, type);
	EXPECT_EQ(&self->cli.ep->fid, e.fid);
	ASSERT_EQ((ssize_t)sizeof(e), next_event(self->srv.eq, &e, sizeof(e), &type, NULL));
	EXPECT_EQ(FI_SHUTDOWN, type);
	EXPECT_EQ(&self->srv.ep->fid, e.fid);
	ASSERT_EQ(0, fi_shutdown(self->srv.ep, 0));
	EXPECT_EQ(-FI_EAGAIN, fi_eq_sread(self->srv.eq, &type, &e, sizeof(e), 200, 0));
	EXPECT_EQ(-FI_EAGAIN, fi_eq_sread(self->cli.eq, &type, &e, sizeof(e), 200, 0));
}

/*
 * The server in a child that is killed while the client streams sends:
 * the client sees FI_SHUTDOWN and failed completions, never a hang.
 */
TEST_F(fabric, a_peer_killed_mid_transfer_ends_in_fi_shutdown_and_error_completions)
{
	struct { struct fi_eq_cm_entry e; char data[64]; } ev;
	struct fi_cq_data_entry c;
	struct fi_cq_err_entry err;
	int fds[2], errors = 0, shutdown = 0;
	struct sockaddr_in addr;
	uint32_t type;
	pid_t child;

	ASSERT_EQ(0, pipe(fds));
	child = fork();
	ASSERT_LE(0, child);
	if (!child) {
		struct side srv = { 0 };

		listen_on(_metadata, &srv, &addr);
		if (write(fds[1], &addr, sizeof(addr)) != sizeof(addr))
			_exit(1);
		if (next_event(srv.eq, &ev.e, sizeof(ev), &type, NULL) < 0 || type != FI_CONNREQ)
			_exit(1);
		side_endpoint(_metadata, &srv, ev.e.info);
		for (int i = 0; i < 64; i++)
			fi_recv(srv.ep, srv.buf, sizeof(srv.buf), fi_mr_desc(srv.mr), 0, NULL);
		fi_accept(srv.ep, NULL, 0);
		next_event(srv.eq, &ev.e, sizeof(ev), &type, NULL);
		for (;;)
			fi_cq_read(srv.cq, &c, 1);	/* until killed */
	}
	ASSERT_EQ(sizeof(addr), read(fds[0], &addr, sizeof(addr)));
	side_open(_metadata, &self->cli, "rig_bnxt1");
	side_endpoint(_metadata, &self->cli, self->cli.info);
	ASSERT_EQ(0, fi_connect(self->cli.ep, &addr, NULL, 0));
	ASSERT_EQ((ssize_t)sizeof(ev.e), next_event(self->cli.eq, &ev.e, sizeof(ev), &type, NULL));
	ASSERT_EQ(FI_CONNECTED, type);
	for (int i = 0; i < 400 && !(errors && shutdown); i++) {
		ssize_t n = fi_send(self->cli.ep, self->cli.buf, 4096, NULL, 0, NULL);

		if (i == 20)
			kill(child, SIGKILL);
		if (n && n != -FI_EAGAIN)
			break;
		n = fi_cq_read(self->cli.cq, &c, 1);
		if (n == -FI_EAVAIL) {
			ASSERT_EQ(1, fi_cq_readerr(self->cli.cq, &err, 0));
			EXPECT_TRUE(err.err == FI_ETIMEDOUT || err.err == FI_ECANCELED ||
				    err.err == FI_ENORX) TH_LOG("err %d", err.err);
			errors++;
		}
		if (fi_eq_read(self->cli.eq, &type, &ev.e, sizeof(ev), 0) > 0)
			shutdown += type == FI_SHUTDOWN;
		usleep(2000);
	}
	for (int i = 0; i < WAIT_MS / 10 && !(errors && shutdown); i++) {
		if (fi_cq_read(self->cli.cq, &c, 1) == -FI_EAVAIL &&
		    fi_cq_readerr(self->cli.cq, &err, 0) == 1)
			errors++;
		if (fi_eq_read(self->cli.eq, &type, &ev.e, sizeof(ev), 0) > 0)
			shutdown += type == FI_SHUTDOWN;
		usleep(10000);
	}
	waitpid(child, NULL, 0);
	EXPECT_EQ(1, shutdown);
	EXPECT_LT(0, errors);
	TH_LOG("after the kill: %d error completions", errors);
}

TEST_HARNESS_MAIN
