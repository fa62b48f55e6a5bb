// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target "cm": everything the libfabric provider's connection
 * management (lib/fabric/cm.c) reads from a peer, in both roles and every
 * state.  cm.c is compiled into this file whole; endpoints need a NIC, so
 * the few calls it makes of ep.c, fabric.c and librig are stubs here, and
 * the harness makes its endpoints as fi_endpoint() would.  Everything else
 * is cm.c's own code reached through its libfabric calls: fi_connect,
 * fi_listen, fi_accept, fi_reject, fi_shutdown, fi_eq_read and
 * fi_eq_readerr, fi_close.  Its two TCP calls (connect, accept4) give it
 * one end of a socket pair instead, its send() may be held back or cut
 * short, and its clock is the harness's.
 *
 * The input: byte 0 the role (bit 0: 0 the client, fi_connect's endpoint;
 * 1 the server, a passive endpoint, the requests it reports and the
 * endpoints fi_accept()ed on them) and bit 1 how errors are read (into a
 * buffer of the caller's, of exactly the size given, or the provider's);
 * byte 1 the length of the connection data this end sends.  Then a
 * script, one op a byte (low 3 bits the op, high 5 its argument):
 *   0  the current peer sends the next N bytes (N: arg * 256 and the
 *      byte after; the rest of the input if fewer are left)
 *   1  the current peer shuts down its sending side (end of file)
 *   2  the current peer closes its socket
 *   3  the application: the client shuts down; the server rejects (arg
 *      bit 0) or accepts the oldest request, or shuts an accepted
 *      endpoint down (bit 1)
 *   4  a new peer connects (server; arg 0), or another becomes current
 *   5  time passes: arg * 500 ms
 *   6  the endpoints' completion queues hold unread completions (arg bit 0)
 *   7  cm.c's send() takes at most arg bytes (0: none, 31: all); arg bit 0
 *      of the next byte fails the queue pair's connection
 * The event queue is read dry after each op.  Beyond the sanitizers, what
 * an application relies on must hold: no event's data longer than
 * RIG_FI_CM_DATA_MAX nor from anywhere but the peer's bytes, an error's
 * err_data_size within the caller's buffer, events in the order the
 * protocol allows (one FI_CONNECTED or one error, FI_SHUTDOWN only after
 * FI_CONNECTED, once), states moving only forward, no socket kept in a
 * state that is over, everything cm.c sends well-formed, and every
 * descriptor closed at the end.  This file owns the target and its seeds
 * (built with -DFUZZ_SEEDS: cm.c's own encoder writes them).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/tcp.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

#include "fuzz.h"
#include "rig_fi.h"

static int fuzz_connect(int s, const struct sockaddr *addr, socklen_t len);
static int fuzz_accept4(int s, struct sockaddr *addr, socklen_t *len, int flags);
static ssize_t fuzz_send(int s, const void *buf, size_t len, int flags);
static int fuzz_clock_gettime(clockid_t id, struct timespec *ts);

/* Function-like, after every header: cm.c's calls alone, not libfabric's ops' members. */
#define connect(...) fuzz_connect(__VA_ARGS__)
#define accept4(...) fuzz_accept4(__VA_ARGS__)
#define send(...) fuzz_send(__VA_ARGS__)
#define clock_gettime(...) fuzz_clock_gettime(__VA_ARGS__)
#include "../../lib/fabric/cm.c"
#undef connect
#undef accept4
#undef send
#undef clock_gettime

/* What cm.c calls elsewhere in the provider and in librig. */

struct fi_provider rig_prov = { .name = RIG_FI_NAME };

static bool fuzz_qp_fail;
static int fuzz_qp_connects;

const char *rig_error(void)
{
	return "fuzz: the queue pair refused";
}

int rig_qp_endpoint(const struct rig_qp *qp, struct rig_endpoint *e)
{
	(void)qp;
	*e = (struct rig_endpoint){ .qp = 0x11, .psn = 0xabcdef, .mtu = 1024, .nic = 7 };
	return 0;
}

int rig_qp_connect(struct rig_qp *qp, const struct rig_endpoint *peer)
{
	(void)qp, (void)peer;
	if (fuzz_qp_fail)
		return -EIO;
	fuzz_qp_connects++;
	return 0;
}

int rig_fi_ep_connected(struct rig_ep *ep)
{
	ep->qp_ready = true;
	return 0;
}

void rig_fi_ep_progress(struct rig_ep *ep)
{
	(void)ep;
}

int rig_fi_errno(int rig_err)
{
	(void)rig_err;
	return -FI_EIO;
}

int rig_fi_no_bind(struct fid *fid, struct fid *bfid, uint64_t flags)
{
	(void)fid, (void)bfid, (void)flags;
	return -FI_ENOSYS;
}

int rig_fi_no_control(struct fid *fid, int command, void *arg)
{
	(void)fid, (void)command, (void)arg;
	return -FI_ENOSYS;
}

int rig_fi_no_ops_open(struct fid *fid, const char *name, uint64_t flags, void **ops,
		       void *context)
{
	(void)fid, (void)name, (void)flags, (void)ops, (void)context;
	return -FI_ENOSYS;
}

int rig_fi_cm_getopt(fid_t fid, int level, int optname, void *optval, size_t *optlen)
{
	(void)fid, (void)level, (void)optname, (void)optval, (void)optlen;
	return -FI_ENOPROTOOPT;
}

int rig_fi_no_setopt(fid_t fid, int level, int optname, const void *optval, size_t optlen)
{
	(void)fid, (void)level, (void)optname, (void)optval, (void)optlen;
	return -FI_ENOPROTOOPT;
}

const char *rig_fi_message(const char *s, char *buf, size_t len)
{
	snprintf(buf, len, "%s", s);
	return buf;
}

#ifndef FUZZ_SEEDS

/* The peers: the far ends of the socket pairs cm.c was given. */

#define PEERS_MAX	24
#define EPS_MAX		8
#define REQS_MAX	24

struct peer {
	int far;		/* the peer's end, or -1 once closed */
	int near;		/* cm.c's end until accept4() takes it, else -1 */
};

/* What the application saw of an endpoint. */
struct ep_seen {
	struct rig_ep *ep;
	bool client;
	enum rig_cm_state state;
	bool connected, shutdown, failed, app_shutdown;
};

static struct {
	const uint8_t *in, *end;
	struct timespec now;
	size_t send_limit;
	struct peer peers[PEERS_MAX];
	int npeers, cur;
	/* Every byte any peer sent, for the events' data. */
	uint8_t sent[4096];
	size_t nsent;
	uint8_t param[RIG_FI_CM_DATA_MAX + 1];
	size_t paramlen;
	bool own_errbuf;
	struct rig_fabric fab;
	struct rig_domain dom;
	struct rig_eq *eq;
	struct rig_pep *pep;
	struct ep_seen eps[EPS_MAX];
	int neps;
	struct fi_info *reqs[REQS_MAX];	/* FI_CONNREQ infos not yet answered */
	int nreqs;
} f;

static int fuzz_connect(int s, const struct sockaddr *addr, socklen_t len)
{
	int sv[2];

	(void)addr, (void)len;
	must(f.npeers == 0);
	must(!socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv));
	must(dup3(sv[0], s, O_CLOEXEC) == s);
	close(sv[0]);
	f.peers[f.npeers++] = (struct peer){ .far = sv[1], .near = -1 };
	return 0;
}

static int fuzz_accept4(int s, struct sockaddr *addr, socklen_t *len, int flags)
{
	struct sockaddr_in from = { .sin_family = AF_INET, .sin_port = htons(40000),
				    .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };

	must(s == f.pep->sock && flags == (SOCK_NONBLOCK | SOCK_CLOEXEC));
	for (int i = 0; i < f.npeers; i++) {
		int near = f.peers[i].near;

		if (near < 0)
			continue;
		f.peers[i].near = -1;
		from.sin_port = htons((uint16_t)(40000 + i));
		must(*len >= sizeof(from));
		memcpy(addr, &from, sizeof(from));
		*len = sizeof(from);
		return near;
	}
	errno = EAGAIN;
	return -1;
}

static ssize_t fuzz_send(int s, const void *buf, size_t len, int flags)
{
	if (!f.send_limit) {
		errno = EAGAIN;
		return -1;
	}
	return send(s, buf, len < f.send_limit ? len : f.send_limit, flags);
}

static int fuzz_clock_gettime(clockid_t id, struct timespec *ts)
{
	(void)id;
	*ts = f.now;
	return 0;
}

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	must(d);
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

static int next(void)
{
	return f.in < f.end ? *f.in++ : -1;
}

/* The harness's stand-in for fi_endpoint(): an enabled endpoint on the event queue. */
static struct rig_ep *new_ep(bool client)
{
	struct rig_ep *ep = calloc(1, sizeof(*ep));

	must(ep && f.neps < EPS_MAX);
	ep->dom = &f.dom;
	ep->chan.sock = -1;
	ep->state = RIG_CM_IDLE;
	ep->enabled = true;
	ep->ep.fid.fclass = FI_CLASS_EP;
	ep->ep.cm = &rig_fi_ep_cm_ops;
	must(!rig_fi_ep_bind_eq(ep, f.eq));
	f.eps[f.neps++] = (struct ep_seen){ .ep = ep, .client = client, .state = RIG_CM_IDLE };
	return ep;
}

static struct ep_seen *seen_of(const struct fid *fid)
{
	for (int i = 0; i < f.neps; i++)
		if (&f.eps[i].ep->ep.fid == fid)
			return &f.eps[i];
	must(!"an event for no endpoint of this application");
	return NULL;
}

/* The event's data: at most RIG_FI_CM_DATA_MAX bytes, all of them sent by a peer. */
static void check_data(const void *data, size_t len)
{
	must(len <= RIG_FI_CM_DATA_MAX);
	must(!len || memmem(f.sent, f.nsent, data, len));
}

static void on_cm_event(uint32_t type, const struct fi_eq_cm_entry *e, size_t dlen)
{
	struct ep_seen *s;

	if (type == FI_CONNREQ) {
		must(f.pep && e->fid == &f.pep->pep.fid && e->info && e->info->handle);
		must(e->info->handle->fclass == FI_CLASS_CONNREQ);
		must(e->info->dest_addrlen == sizeof(struct sockaddr_in));
		check_data(e->data, dlen);
		must(f.nreqs < REQS_MAX);
		f.reqs[f.nreqs++] = e->info;
		return;
	}
	must(!e->info);
	s = seen_of(e->fid);
	switch (type) {
	case FI_CONNECTED:
		must(!s->connected && !s->failed && !s->app_shutdown);
		must(s->client || !dlen);
		check_data(e->data, dlen);
		s->connected = true;
		break;
	case FI_SHUTDOWN:
		/* Once, after FI_CONNECTED: the peer's shutdown or our own. */
		must(s->connected && !s->shutdown && !dlen);
		s->shutdown = true;
		break;
	default:
		must(!"an event the provider does not make");
	}
}

static void on_err_event(void)
{
	uint8_t *user = NULL;
	size_t user_size = 0;
	struct fi_eq_err_entry err = { 0 };
	struct ep_seen *s;

	if (f.own_errbuf) {
		user_size = f.paramlen ? f.paramlen : 1;
		user = malloc(user_size);
		must(user);
		err.err_data = user;
		err.err_data_size = user_size;
	}
	must(fi_eq_readerr(&f.eq->eq, &err, 0) == sizeof(err));
	s = seen_of(err.fid);
	must(err.context == s->ep->ep.fid.context);
	must(!s->connected && !s->failed && !s->app_shutdown);
	must(err.err == (s->client ? FI_ECONNREFUSED : FI_ECONNABORTED));
	must(s->client || !err.err_data_size);
	if (user) {
		must(err.err_data_size <= user_size);
		must(!err.err_data_size || err.err_data == user);
	} else {
		must(!err.err_data_size == !err.err_data);
	}
	check_data(err.err_data, err.err_data_size);
	s->failed = true;
	free(user);
}

static void read_events(void)
{
	uint8_t buf[sizeof(struct fi_eq_cm_entry) + RIG_FI_CM_DATA_MAX + 64];

	for (int i = 0; i < 64; i++) {
		uint32_t type;
		ssize_t n = fi_eq_read(&f.eq->eq, &type, buf, sizeof(buf), 0);

		if (n == -FI_EAGAIN)
			break;
		if (n == -FI_EAVAIL) {
			on_err_event();
			continue;
		}
		must(n >= (ssize_t)sizeof(struct fi_eq_cm_entry));
		on_cm_event(type, (struct fi_eq_cm_entry *)buf,
			    (size_t)n - sizeof(struct fi_eq_cm_entry));
	}
}

/* The order a connection's states come in: never back. */
static int rank(enum rig_cm_state s)
{
	switch (s) {
	case RIG_CM_IDLE:
		return 0;
	case RIG_CM_CONNECTING:
	case RIG_CM_ACCEPTING:
		return 1;
	case RIG_CM_REQUESTED:
		return 2;
	case RIG_CM_CONNECTED:
		return 3;
	case RIG_CM_CLOSING:
		return 4;
	case RIG_CM_DOWN:
		return 5;
	}
	must(!"no such state");
	return -1;
}

static void check_states(void)
{
	for (int i = 0; i < f.neps; i++) {
		struct ep_seen *s = &f.eps[i];
		enum rig_cm_state st = s->ep->state;

		must(rank(st) >= rank(s->state));
		if (s->client)
			must(st != RIG_CM_ACCEPTING);
		else
			must(st != RIG_CM_CONNECTING && st != RIG_CM_REQUESTED);
		must(s->ep->chan.in_len <= sizeof(s->ep->chan.in));
		must(s->ep->chan.out_len <= sizeof(s->ep->chan.out));
		if (st == RIG_CM_CLOSING || st == RIG_CM_DOWN)
			must(s->ep->chan.sock < 0);
		else if (st != RIG_CM_IDLE)
			must(s->ep->chan.sock >= 0);
		/* The queue is read dry: what the state says has been told. */
		if (st == RIG_CM_CONNECTED || st == RIG_CM_CLOSING)
			must(s->connected && !s->failed && !s->shutdown);
		if (st == RIG_CM_DOWN && !s->app_shutdown)
			must(s->failed || s->shutdown);
		if (s->shutdown)
			must(st == RIG_CM_DOWN);
		s->state = st;
	}
}

static void peer_send(int n)
{
	struct peer *p = &f.peers[f.cur];
	size_t len = (size_t)(f.end - f.in);

	if (n >= 0 && (size_t)n < len)
		len = (size_t)n;
	if (p->far >= 0 && len) {
		ssize_t w = send(p->far, f.in, len, MSG_DONTWAIT | MSG_NOSIGNAL);

		if (w > 0 && f.nsent + (size_t)w <= sizeof(f.sent)) {
			memcpy(f.sent + f.nsent, f.in, (size_t)w);
			f.nsent += (size_t)w;
		}
	}
	f.in += len;
}

static void new_peer(void)
{
	int sv[2];

	if (!f.pep || f.npeers == PEERS_MAX)
		return;
	must(!socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv));
	f.cur = f.npeers;
	f.peers[f.npeers++] = (struct peer){ .far = sv[1], .near = sv[0] };
}

/* The server's answer to its oldest request, or a shutdown. */
static void server_app(int arg)
{
	struct fi_info *info;
	struct rig_ep *ep;
	int ret;

	if (arg & 2) {
		for (int i = 0; i < f.neps; i++)
			if (!f.eps[i].app_shutdown) {
				must(!fi_shutdown(&f.eps[i].ep->ep, 0));
				f.eps[i].app_shutdown = true;
				return;
			}
		return;
	}
	if (!f.nreqs)
		return;
	info = f.reqs[0];
	memmove(f.reqs, f.reqs + 1, --f.nreqs * sizeof(f.reqs[0]));
	if (arg & 1) {
		ret = fi_reject(&f.pep->pep, info->handle, f.param, f.paramlen);
		must(f.paramlen > RIG_FI_CM_DATA_MAX ? ret == -FI_EINVAL : !ret);
		if (ret) {
			/* Refused: the request stays, answered by fi_close(pep). */
		}
		fi_freeinfo(info);
		return;
	}
	ep = new_ep(false);
	ep->req = rig_fi_connreq_take(info->handle);
	must(ep->req);
	fi_freeinfo(info);
	ret = fi_accept(&ep->ep, f.param, f.paramlen);
	if (f.paramlen > RIG_FI_CM_DATA_MAX)
		must(ret == -FI_EINVAL && ep->state == RIG_CM_IDLE);
	else if (fuzz_qp_fail)
		must(ret == -FI_EIO && ep->state == RIG_CM_IDLE);
	else
		must(!ret);
}

static void client_app(void)
{
	struct ep_seen *s = &f.eps[0];

	if (s->app_shutdown)
		return;
	must(!fi_shutdown(&s->ep->ep, 0));
	s->app_shutdown = true;
	must(s->ep->state == RIG_CM_DOWN && s->ep->chan.sock < 0);
}

static void op(int b)
{
	int arg = b >> 3, c;

	switch (b & 7) {
	case 0:
		c = next();
		peer_send(c < 0 ? -1 : arg << 8 | c);
		break;
	case 1:
		if (f.peers[f.cur].far >= 0)
			shutdown(f.peers[f.cur].far, SHUT_WR);
		break;
	case 2:
		if (f.peers[f.cur].far >= 0)
			close(f.peers[f.cur].far);
		f.peers[f.cur].far = -1;
		break;
	case 3:
		if (f.pep)
			server_app(arg);
		else
			client_app();
		break;
	case 4:
		if (!arg)
			new_peer();
		else if (f.npeers)
			f.cur = arg % f.npeers;
		break;
	case 5:
		f.now.tv_sec += arg / 2;
		f.now.tv_nsec += arg % 2 * 500000000L;
		if (f.now.tv_nsec >= 1000000000L) {
			f.now.tv_sec++;
			f.now.tv_nsec -= 1000000000L;
		}
		break;
	case 6:
		for (int i = 0; i < f.neps; i++)
			f.eps[i].ep->cq_unread = arg & 1;
		break;
	case 7:
		f.send_limit = arg == 31 ? SIZE_MAX : (size_t)arg;
		c = next();
		fuzz_qp_fail = c >= 0 && (c & 1);
		break;
	}
}

/*
 * What cm.c sent a peer still open: messages of its protocol, in its
 * order.  The client's first is its REQUEST with this end's data.
 */
static void check_sent(const struct peer *p, bool client)
{
	struct rig_cm_chan c = { .sock = p->far };
	uint8_t payload[RIG_CM_EP + RIG_FI_CM_DATA_MAX], type;
	size_t len;
	int ret, n = 0;

	while ((ret = rig_chan_recv(&c, &type, payload, &len)) > 0) {
		if (client && !n)
			must(type == RIG_CM_REQUEST && len == RIG_CM_EP + f.paramlen &&
			     !memcmp(payload + RIG_CM_EP, f.param, f.paramlen));
		else if (client)
			must(type == RIG_CM_CONFIRM || type == RIG_CM_SHUTDOWN);
		else if (!n)
			must(type == RIG_CM_ACCEPT || type == RIG_CM_REJECT);
		else
			must(type == RIG_CM_SHUTDOWN);
		n++;
	}
	must(ret == 0 || ret == -FI_ECONNRESET);
}

static void setup(const uint8_t *data, size_t size)
{
	struct fi_eq_attr attr = { .wait_obj = FI_WAIT_UNSPEC };
	struct fid_eq *feq;

	memset(&f, 0, sizeof(f));
	f.in = data + 2;
	f.end = data + size;
	f.now.tv_sec = 1000;
	f.send_limit = SIZE_MAX;
	f.own_errbuf = data[0] & 2;
	/* Up to one byte more than fi_connect() and fi_accept() take. */
	f.paramlen = data[1] % (RIG_FI_CM_DATA_MAX + 2);
	for (size_t i = 0; i < sizeof(f.param); i++)
		f.param[i] = (uint8_t)(0xa0 + i * 7);
	fuzz_qp_fail = false;
	fuzz_qp_connects = 0;
	pthread_mutex_init(&f.dom.lock, NULL);
	f.dom.fab = &f.fab;
	must(!rig_fi_eq_open(&f.fab.fabric, &attr, &feq, NULL));
	f.eq = container_of(feq, struct rig_eq, eq);
}

static void start_client(void)
{
	struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(7471),
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct rig_ep *ep = new_ep(true);
	int ret = fi_connect(&ep->ep, &to, f.param, f.paramlen);

	if (f.paramlen > RIG_FI_CM_DATA_MAX) {
		must(ret == -FI_EINVAL && ep->state == RIG_CM_IDLE && !f.npeers);
		new_peer();	/* nothing to talk to: the script runs anyway */
		return;
	}
	must(!ret && f.npeers == 1);
}

static void start_server(void)
{
	struct sockaddr_in at = { .sin_family = AF_INET,
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct fi_info *info = fi_allocinfo();
	struct fid_pep *fpep;

	must(info);
	info->src_addr = malloc(sizeof(at));
	must(info->src_addr);
	memcpy(info->src_addr, &at, sizeof(at));
	info->src_addrlen = sizeof(at);
	must(!rig_fi_passive_ep(&f.fab.fabric, info, &fpep, NULL));
	fi_freeinfo(info);
	f.pep = container_of(fpep, struct rig_pep, pep);
	must(!fi_pep_bind(fpep, &f.eq->eq.fid, 0));
	must(!fi_listen(fpep));
	new_peer();
}

static void teardown(void)
{
	for (int i = 0; i < f.nreqs; i++)
		fi_freeinfo(f.reqs[i]);
	for (int i = 0; i < f.neps; i++) {
		rig_fi_ep_cm_close(f.eps[i].ep);
		must(f.eps[i].ep->chan.sock < 0 && !f.eps[i].ep->req);
		free(f.eps[i].ep);
	}
	if (f.pep)
		must(!fi_close(&f.pep->pep.fid));
	must(!fi_close(&f.eq->eq.fid));
	pthread_mutex_destroy(&f.dom.lock);
	for (int i = 0; i < f.npeers; i++) {
		if (f.peers[i].far >= 0) {
			/* cm.c's end is closed: all it sent is there. */
			if (f.peers[i].near < 0)
				check_sent(&f.peers[i], !f.pep);
			close(f.peers[i].far);
		}
		if (f.peers[i].near >= 0)
			close(f.peers[i].near);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fds;

	if (size < 2 || size > 4096)
		return 0;
	fds = count_fds();
	setup(data, size);
	if (data[0] & 1)
		start_server();
	else
		start_client();
	read_events();
	check_states();
	while (f.in < f.end) {
		op(next());
		read_events();
		check_states();
	}
	teardown();
	must(count_fds() == fds);
	return 0;
}

#else /* FUZZ_SEEDS */

/*
 * The seeds: conversations of each role as a peer of this provider would
 * hold them, the messages made by cm.c's own encoder, and a few edge
 * cases.  cm-seeds DIR writes them into DIR.
 */
struct seed {
	uint8_t b[2048];
	size_t n;
};

static const char *dir;

/* The seed writer makes no connection: cm.c's calls go to the system. */
static int fuzz_connect(int s, const struct sockaddr *addr, socklen_t len)
{
	return connect(s, addr, len);
}

static int fuzz_accept4(int s, struct sockaddr *addr, socklen_t *len, int flags)
{
	return accept4(s, addr, len, flags);
}

static ssize_t fuzz_send(int s, const void *buf, size_t len, int flags)
{
	return send(s, buf, len, flags);
}

static int fuzz_clock_gettime(clockid_t id, struct timespec *ts)
{
	return clock_gettime(id, ts);
}

static void put(const char *name, const struct seed *s)
{
	char path[512];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "wb");
	if (!fp || fwrite(s->b, 1, s->n, fp) != s->n || fclose(fp)) {
		perror(path);
		exit(1);
	}
}

static void raw(struct seed *s, const void *p, size_t n)
{
	must(s->n + n <= sizeof(s->b));
	memcpy(s->b + s->n, p, n);
	s->n += n;
}

static void byte(struct seed *s, int b)
{
	uint8_t v = (uint8_t)b;

	raw(s, &v, 1);
}

static void start(struct seed *s, bool server, size_t paramlen)
{
	s->n = 0;
	byte(s, server);
	byte(s, (int)paramlen);
}

/* The peer sends @n bytes in one op. */
static void sends(struct seed *s, const uint8_t *p, size_t n)
{
	must(n < 32 << 8);
	byte(s, (int)(n >> 8 << 3));
	byte(s, (int)(n & 0xff));
	raw(s, p, n);
}

/*
 * The peer sends a message, split at @split bytes (0: whole), and @more
 * after it in the last send.
 */
static void msg_more(struct seed *s, uint8_t type, bool ep, size_t len, size_t split,
		     const struct rig_cm_chan *more)
{
	static const struct rig_endpoint peer = {
		.qp = 0x22, .psn = 0x123456, .mtu = 4096, .nic = 0x1234567890ULL,
		.address = { [10] = 0xff, [11] = 0xff, [12] = 127, [15] = 1 },
	};
	struct rig_cm_chan c = { .sock = -1 };
	uint8_t data[RIG_FI_CM_DATA_MAX];

	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (uint8_t)(i * 3 + 1);
	must(!rig_chan_queue(&c, type, ep ? &peer : NULL, data, len));
	if (more) {
		memcpy(c.out + c.out_len, more->out, more->out_len);
		c.out_len += more->out_len;
	}
	if (split && split < c.out_len) {
		sends(s, c.out, split);
		sends(s, c.out + split, c.out_len - split);
	} else {
		sends(s, c.out, c.out_len);
	}
}

static void msg(struct seed *s, uint8_t type, bool ep, size_t len, size_t split)
{
	msg_more(s, type, ep, len, split, NULL);
}

/* A header announcing @len bytes of @type, and no more. */
static void header(struct seed *s, uint32_t magic, uint8_t version, uint8_t type, size_t len)
{
	uint8_t h[RIG_CM_HDR];

	rig_put32(h, magic);
	h[4] = version;
	h[5] = type;
	h[6] = (uint8_t)(len >> 8);
	h[7] = (uint8_t)len;
	sends(s, h, sizeof(h));
}

static void client_seeds(void)
{
	struct rig_cm_chan shut = { .sock = -1 };
	struct seed s;

	must(!rig_chan_queue(&shut, RIG_CM_SHUTDOWN, NULL, NULL, 0));
	start(&s, 0, 0);
	msg_more(&s, RIG_CM_REJECT, false, RIG_FI_CM_DATA_MAX, 0, &shut);
	put("client-reject-then-shutdown", &s);
	start(&s, 0, 0);
	msg_more(&s, RIG_CM_ACCEPT, true, RIG_FI_CM_DATA_MAX, 0, &shut);
	put("client-accept-then-shutdown", &s);

	start(&s, 0, 0);
	msg(&s, RIG_CM_ACCEPT, true, 0, 0);
	put("client-accept", &s);
	msg(&s, RIG_CM_SHUTDOWN, false, 0, 0);
	put("client-accept-shutdown", &s);

	start(&s, 0, 16);
	msg(&s, RIG_CM_ACCEPT, true, RIG_FI_CM_DATA_MAX, 5);
	byte(&s, 6 | 1 << 3);		/* completions unread */
	byte(&s, 1);			/* end of file */
	byte(&s, 6);			/* read: FI_SHUTDOWN */
	put("client-accept-data-eof", &s);

	start(&s, 0, 8);
	msg(&s, RIG_CM_REJECT, false, 0, 0);
	put("client-reject", &s);
	start(&s, 2, 8);
	msg(&s, RIG_CM_REJECT, false, RIG_FI_CM_DATA_MAX, 3);
	put("client-reject-data", &s);
	start(&s, 0, 8);
	msg(&s, RIG_CM_REJECT, false, 40, 0);
	put("client-reject-some", &s);

	start(&s, 0, 0);
	byte(&s, 7);			/* send() held back: still connecting */
	byte(&s, 0);
	msg(&s, RIG_CM_ACCEPT, true, 4, 0);
	byte(&s, 7 | 31 << 3);
	byte(&s, 0);
	put("client-accept-late-send", &s);

	start(&s, 0, 0);
	byte(&s, 7 | 31 << 3);
	byte(&s, 1);			/* the queue pair refuses */
	msg(&s, RIG_CM_ACCEPT, true, 0, 0);
	put("client-accept-qp-fails", &s);

	start(&s, 0, 0);
	msg(&s, RIG_CM_ACCEPT, true, 0, 0);
	byte(&s, 3);			/* fi_shutdown */
	msg(&s, RIG_CM_SHUTDOWN, false, 0, 0);
	put("client-shutdown", &s);

	start(&s, 0, 0);
	msg(&s, RIG_CM_CONFIRM, false, 0, 0);
	put("client-confirm", &s);
	start(&s, 0, 0);
	byte(&s, 1);
	put("client-eof", &s);
	start(&s, 0, 0);
	header(&s, RIG_CM_MAGIC, RIG_CM_VERSION, RIG_CM_REJECT, RIG_FI_CM_DATA_MAX + 1);
	put("client-reject-too-long", &s);
	start(&s, 0, 0);
	header(&s, RIG_CM_MAGIC, RIG_CM_VERSION, RIG_CM_ACCEPT, RIG_CM_EP - 1);
	put("client-accept-short", &s);
	start(&s, 0, 0);
	header(&s, RIG_CM_MAGIC, 2, RIG_CM_ACCEPT, RIG_CM_EP);
	put("client-version-2", &s);
	start(&s, 0, 0);
	header(&s, 0x52474646u, RIG_CM_VERSION, RIG_CM_ACCEPT, RIG_CM_EP);
	put("client-bad-magic", &s);
	start(&s, 0, 0);
	header(&s, RIG_CM_MAGIC, RIG_CM_VERSION, RIG_CM_ACCEPT, RIG_CM_EP);
	byte(&s, 2);			/* closed mid-message */
	put("client-accept-cut", &s);
	start(&s, 0, RIG_FI_CM_DATA_MAX + 1);
	put("client-data-too-long", &s);
}

static void server_seeds(void)
{
	struct rig_cm_chan confirm = { .sock = -1 };
	struct seed s;

	must(!rig_chan_queue(&confirm, RIG_CM_CONFIRM, NULL, NULL, 0));
	start(&s, 1, 0);
	msg_more(&s, RIG_CM_REQUEST, true, RIG_FI_CM_DATA_MAX, 0, &confirm);
	byte(&s, 3);
	put("server-request-then-confirm", &s);

	start(&s, 1, 0);
	msg(&s, RIG_CM_REQUEST, true, 0, 0);
	byte(&s, 3);			/* fi_accept */
	msg(&s, RIG_CM_CONFIRM, false, 0, 0);
	put("server-accept-confirm", &s);
	msg(&s, RIG_CM_SHUTDOWN, false, 0, 0);
	put("server-accept-confirm-shutdown", &s);

	start(&s, 3, 32);
	msg(&s, RIG_CM_REQUEST, true, RIG_FI_CM_DATA_MAX, 7);
	byte(&s, 3);
	msg(&s, RIG_CM_CONFIRM, false, 0, 4);
	byte(&s, 6 | 1 << 3);
	byte(&s, 2);			/* the peer goes */
	byte(&s, 6);
	put("server-data-close", &s);

	start(&s, 1, 12);
	msg(&s, RIG_CM_REQUEST, true, 12, 0);
	byte(&s, 3 | 1 << 3);		/* fi_reject */
	put("server-reject", &s);

	start(&s, 1, 0);
	msg(&s, RIG_CM_REQUEST, true, 0, 0);
	byte(&s, 7 | 31 << 3);
	byte(&s, 1);			/* the queue pair refuses */
	byte(&s, 3);
	put("server-accept-qp-fails", &s);

	start(&s, 1, 0);
	msg(&s, RIG_CM_REQUEST, true, 0, 0);
	byte(&s, 3);
	byte(&s, 1);			/* end of file before the confirmation */
	put("server-accept-eof", &s);

	start(&s, 1, 0);
	msg(&s, RIG_CM_REQUEST, true, 0, 0);
	byte(&s, 3);
	msg(&s, RIG_CM_ACCEPT, true, 0, 0);
	put("server-accept-then-accept", &s);

	start(&s, 1, 0);
	msg(&s, RIG_CM_REQUEST, true, 0, 0);
	byte(&s, 3);
	msg(&s, RIG_CM_CONFIRM, false, 0, 0);
	byte(&s, 3 | 2 << 3);		/* fi_shutdown */
	put("server-shutdown", &s);

	start(&s, 1, 0);
	byte(&s, 4);			/* a second peer says nothing */
	byte(&s, 5 | 12 << 3);		/* for 6 s */
	byte(&s, 4 | 1 << 3);
	msg(&s, RIG_CM_REQUEST, true, 0, 0);
	put("server-silent-peer", &s);

	start(&s, 1, 0);
	for (int i = 0; i < 18; i++)
		byte(&s, 4);		/* more than RIG_CM_PENDING_MAX peers */
	msg(&s, RIG_CM_REQUEST, true, 0, 0);
	byte(&s, 4 | 1 << 3);
	msg(&s, RIG_CM_REQUEST, true, 0, 0);
	put("server-many-peers", &s);

	start(&s, 1, 0);
	msg(&s, RIG_CM_CONFIRM, false, 0, 0);
	put("server-confirm-first", &s);
	start(&s, 1, 0);
	msg(&s, RIG_CM_SHUTDOWN, false, 0, 0);
	put("server-shutdown-first", &s);
	start(&s, 1, 0);
	header(&s, RIG_CM_MAGIC, RIG_CM_VERSION, RIG_CM_REQUEST, RIG_CM_EP + RIG_FI_CM_DATA_MAX + 1);
	put("server-request-too-long", &s);
	start(&s, 1, 0);
	header(&s, RIG_CM_MAGIC, RIG_CM_VERSION, RIG_CM_CONFIRM, 1);
	put("server-confirm-with-payload", &s);
	start(&s, 1, 0);
	header(&s, RIG_CM_MAGIC, RIG_CM_VERSION, 9, 0);
	put("server-unknown-type", &s);
	start(&s, 1, RIG_FI_CM_DATA_MAX + 1);
	msg(&s, RIG_CM_REQUEST, true, 0, 0);
	byte(&s, 3);
	put("server-accept-data-too-long", &s);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: cm-seeds DIR\n");
		return 2;
	}
	dir = argv[1];
	client_seeds();
	server_seeds();
	return 0;
}

#endif /* FUZZ_SEEDS */
