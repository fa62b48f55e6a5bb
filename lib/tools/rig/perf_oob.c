// SPDX-License-Identifier: BSD-2-Clause
/*
 * The tests against a peer on another machine, rig or perftest: the NIC's
 * side of perftest's out-of-band exchange.  perf_oob.c owns the one queue
 * pair and its regions, the key message that describes them, the peer's
 * endpoint built from the peer's key message, and each test's loop in each
 * role, synchronised with the peer where perftest synchronises.  oob.c
 * carries the messages; it never sees the NIC.
 *
 * Roles, as perftest's: send-bw's server receives and its client sends;
 * read-bw's client reads the server's region and the server only waits
 * (then prints the client's report); send-lat ping-pongs, client first.
 * Each size runs exactly -n messages, as perftest counts them, with no
 * extra message: what is checked is checked on the messages of the run.
 * A rig peer fills what it sends (or lets be read) with the pattern of
 * perf.c, so rig checks the first and last message of each size byte for
 * byte; perftest fills its buffers with rand(), so from perftest rig
 * checks each message's length only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nics.h"
#include "oob.h"
#include "perf.h"
#include "stats.h"

/* RDMA reads rig's responder answers at once: the driver's limit (kernel/bnxt/qp.c). */
#define OOB_READS 16

/* The region a reader reads is at least this large: perftest reads within its page cycle. */
#define OOB_READ_REGION_MIN ((size_t)64 << 10)

/* How long a handshake around a run waits for the peer to finish its side. */
#define OOB_RUN_SYNC_MS (120 * 1000)

/* How long the client tries to reach a server that is not listening yet. */
#define OOB_CONNECT_MS (10 * 1000)

/* Completions taken by one rig_qp_poll_batch(). */
#define OOB_BATCH 16

/* The salts of the patterns: one per direction of each test, and the region read. */
#define OOB_SALT_SEND 0u
#define OOB_SALT_PING 1u
#define OOB_SALT_PONG 2u
#define OOB_SALT_READ 3u

/**
 * struct oob_run - a test against a peer on another machine
 * @p: the run (NIC, queue pair, regions, sizes)
 * @t: the test
 * @o: the conversation with the peer
 * @mine: this end's key message
 * @check: the peer is rig, so its bytes follow the pattern
 * @posted: entries posted in this size
 * @done: their completions taken
 * @remote: who the peer is, for the banner
 * @checked: what this end checks, for the banner
 */
struct oob_run {
	struct perf *p;
	const struct perf_test *t;
	struct oob o;
	struct oob_key mine;
	bool check;
	uint64_t posted, done;
	char remote[256];
	char checked[200];
};

/* What the exchange said went wrong: -1. */
static int oob_said(struct oob_run *r)
{
	oob_drop(&r->o);
	return perf_fail(r->p, "%s", r->o.error);
}

/* A pattern per size and direction, so a stale message shows. */
static unsigned int oob_salt(const struct perf *p, unsigned int dir)
{
	return (unsigned int)(p->bytes * 4 + dir);
}

/* The largest InfiniBand MTU (256 to 4096) that fits the NIC's @mtu. */
static uint32_t oob_ib_mtu(uint32_t mtu)
{
	uint32_t m = 4096;

	while (m > 256 && m > mtu)
		m >>= 1;
	return m;
}

/* Listen and wait, or connect: the conversation is open. */
static int oob_open(struct oob_run *r)
{
	const struct cli *cli = r->p->cli;
	char why[200];
	int lfd;

	if (cli->address) {
		if (oob_connect(&r->o, cli->address, cli->port, OOB_CONNECT_MS))
			return perf_fail(r->p, "%s", r->o.error);
		return 0;
	}
	if (oob_listen(cli->port, &lfd, why, sizeof(why)))
		return perf_fail(r->p, "%s", why);
	if (!cli->quiet && !cli->json)
		fprintf(stderr, "rig %s: waiting for a client on TCP port %u\n", r->t->name,
			oob_port(lfd));
	if (oob_accept(&r->o, lfd, -1))
		return perf_fail(r->p, "%s", r->o.error);
	return 0;
}

/* The queue pair, the regions, and the key message that names them. */
static int oob_prepare(struct oob_run *r, struct rig_endpoint *e)
{
	struct perf *p = r->p;
	size_t max = p->cli->sizes[p->cli->nsizes - 1];
	size_t src = max > OOB_READ_REGION_MIN ? max : OOB_READ_REGION_MIN;

	if (perf_librig(p, rig_qp_make(p->a, p->cli->entries, &p->qa), "make a queue pair") ||
	    perf_librig(p, rig_qp_endpoint(p->qa, e), "endpoint") ||
	    perf_region(p, p->a, src, &p->a_src) || perf_region(p, p->a, max, &p->a_dst))
		return -1;
	p->check = malloc(rig_region_bytes(p->a_src));
	if (!p->check)
		return perf_fail(p, "out of memory for a %zu-byte buffer", src);
	r->mine = (struct oob_key){
		.out_reads = OOB_READS,
		.qpn = e->qp,
		.psn = e->psn,
		.rkey = rig_region_key(p->a_src),
		.vaddr = 0,	/* a region's first byte is address 0 of its key */
	};
	memcpy(r->mine.gid, e->address, sizeof(r->mine.gid));
	/* The client reads the moment the handshakes end: the pattern is there before. */
	if (r->t->kind == PERF_READ_BW && p->cli->server)
		return perf_pattern_write(p, p->a_src, rig_region_bytes(p->a_src), OOB_SALT_READ,
					  false);
	return 0;
}

/* Refusals that follow from what the peer said. */
static int oob_agree(struct oob_run *r)
{
	struct perf *p = r->p;
	const struct oob_key *k = &r->o.peer;

	if (r->t->kind == PERF_READ_BW && p->cli->address && k->out_reads < OOB_READS)
		return perf_fail(p, "the peer answers %u RDMA reads at once, and rig keeps %u outstanding: run the server with -o %u or more",
				 k->out_reads, OOB_READS, OOB_READS);
	if (r->t->kind == PERF_READ_BW && p->cli->server &&
	    r->o.cycle > rig_region_bytes(p->a_src))
		return perf_fail(p, "the peer reads in a cycle of %u bytes, more than the %zu bytes of this end's region",
				 r->o.cycle, rig_region_bytes(p->a_src));
	return 0;
}

/*
 * A NIC on no interface reaches only the NICs of this machine: perftest's
 * is never one of them.  A warning, not an error: the exchange still runs,
 * which is how a first run checks it.
 */
static void oob_warn_unattached(struct oob_run *r)
{
	struct nic_info info;

	if (r->o.peer_rig || r->p->cli->quiet)
		return;
	nic_sysfs(r->p->run.device, &info);
	if (!strcmp(info.kind, "soft") && !info.netdev[0])
		fprintf(stderr,
			"rig %s: warning: %s sits on no network interface, so it reaches only the NICs of this machine, not perftest's: rig link set %s netdev IFNAME\n",
			r->t->name, r->p->run.device, r->p->run.device);
}

/* The set-up exchange, then connect to the peer's queue pair and say so. */
static int oob_join(struct oob_run *r, const struct rig_endpoint *e)
{
	struct perf *p = r->p;
	struct oob_params params = { .all = p->cli->all, .iters = cli_iters(p->cli, 0) };
	struct rig_endpoint peer = { 0 };

	snprintf(params.test, sizeof(params.test), "%s", r->t->name);
	params.size = p->cli->all ? 0 : p->cli->sizes[0];
	if (oob_setup(&r->o, &r->mine, &params, (uint32_t)rig_bnxt_page(p->a),
		      oob_ib_mtu(e->mtu)))
		return oob_said(r);
	r->check = r->o.peer_rig;
	oob_warn_unattached(r);
	if (oob_agree(r))
		return -1;
	peer.qp = r->o.peer.qpn;
	peer.psn = r->o.peer.psn;
	peer.mtu = r->o.mtu;
	memcpy(peer.address, r->o.peer.gid, sizeof(peer.address));
	if (perf_librig(p, rig_qp_connect(p->qa, &peer), "connect to the peer's queue pair"))
		return -1;
	/* perftest's two handshakes after its queue pair reached RTR and RTS. */
	if (oob_sync(&r->o, &r->mine, "the handshake after connecting", r->o.timeout_ms) ||
	    oob_sync(&r->o, &r->mine, "the second handshake after connecting", r->o.timeout_ms))
		return oob_said(r);
	return 0;
}

/* The banner's words for the peer and for what this end checks. */
static void oob_describe(struct oob_run *r)
{
	const char *who = r->o.peer_rig ? "rig" : "perftest";
	bool receives = r->t->kind == PERF_SEND_LAT ||
			(r->t->kind == PERF_SEND_BW && r->p->cli->server) ||
			(r->t->kind == PERF_READ_BW && r->p->cli->address);
	char where[64];

	oob_peer_name(&r->o, where, sizeof(where));
	snprintf(r->remote, sizeof(r->remote),
		 "%s of %s%s%s at %s: queue pair %#x (PSN %#x) to %#x (PSN %#x), path MTU %u",
		 r->p->cli->server ? "server" : "client", who, r->o.peer_rig ? "" : " ",
		 r->o.peer_rig ? "" : r->o.peer_version, where,
		 r->mine.qpn, r->mine.psn, r->o.peer.qpn, r->o.peer.psn, r->o.mtu);
	if (!receives)
		snprintf(r->checked, sizeof(r->checked), "rig %s the pattern; %s",
			 r->t->kind == PERF_READ_BW ? "is read, its region holding" : "sends",
			 r->check ? "the rig peer checks it" : "perftest checks nothing");
	else if (r->check)
		snprintf(r->checked, sizeof(r->checked),
			 "the first and last message of each size are checked byte for byte");
	else
		snprintf(r->checked, sizeof(r->checked),
			 "perftest's bytes are random: each message's length is checked");
	r->p->run.remote = r->remote;
	r->p->run.checked = r->checked;
	r->p->run.peer = who;
}

/* --- bandwidth --------------------------------------------------------- */

/* Post one entry of the test, numbered @id. */
static int oob_post(struct oob_run *r, uint64_t id)
{
	struct perf *p = r->p;

	switch (r->t->kind) {
	case PERF_SEND_BW:
		if (p->cli->server)
			return perf_librig(p, rig_qp_receive(p->qa, p->a_dst, 0, p->bytes, id),
					   "post a receive");
		return perf_librig(p, rig_qp_send(p->qa, p->a_src, 0, p->bytes, id), "post a send");
	default:
		return perf_librig(p, rig_qp_read_remote(p->qa, p->a_dst, 0, r->o.peer.rkey,
							 r->o.peer.vaddr, p->bytes, id),
				   "post a read");
	}
}

/* Post until the ring is full or the size's messages are all out; ring once. */
static int oob_fill(struct oob_run *r, bool receives)
{
	struct perf *p = r->p;
	uint64_t before = r->posted;

	while (r->posted < p->iters && r->posted - r->done < p->cli->entries) {
		if (oob_post(r, r->posted))
			return -1;
		r->posted++;
	}
	if (receives || r->posted == before)
		return 0;
	return perf_librig(p, rig_qp_ring(p->qa), "ring");
}

/* Take what completed (waiting for one if none has): how many, or -1. */
static int oob_reap(struct oob_run *r, enum rig_op want, const char *side)
{
	struct perf *p = r->p;
	struct rig_completion c[OOB_BATCH];
	int n = perf_take_batch(p, p->qa, side, c, OOB_BATCH);

	if (n == 0)
		n = perf_next(p, p->qa, side, c) ? -1 : 1;
	for (int i = 0; i < n; i++) {
		if (c[i].op != want)
			return perf_fail(p, "%s: a completion of another kind (%d)", side, c[i].op);
		if (c[i].bytes != p->bytes)
			return perf_fail(p, "%s: message %llu moved %u bytes of %zu", side,
					 (unsigned long long)(r->done + (uint64_t)i), c[i].bytes,
					 p->bytes);
	}
	return n;
}

/* The pattern of what send-bw sends and read-bw reads, at the current size. */
static unsigned int oob_bw_salt(const struct oob_run *r)
{
	return r->t->kind == PERF_READ_BW ? OOB_SALT_READ : oob_salt(r->p, OOB_SALT_SEND);
}

/* The bytes of a receive or read, when the peer is rig: 0, or -1. */
static int oob_verify(struct oob_run *r, const char *what)
{
	if (!r->check)
		return 0;
	return perf_verify(r->p, r->p->a_dst, oob_bw_salt(r), what);
}

/* A bandwidth size's run, once its receives are posted and the peer is ready. */
static int oob_bw_loop(struct oob_run *r, struct bw_result *res)
{
	struct perf *p = r->p;
	bool receives = r->t->kind == PERF_SEND_BW && p->cli->server;
	enum rig_op want = receives ? RIG_RECEIVE : r->t->kind == PERF_SEND_BW ? RIG_SEND :
			   RIG_READ;
	const char *side = receives ? "receive" : want == RIG_SEND ? "send" : "read";
	struct bw_meter m;

	bw_meter_start(&m, perf_now(), p->bytes, p->cli->entries);
	while (r->done < p->iters) {
		uint64_t now;
		int n;

		if (oob_fill(r, receives))
			return -1;
		n = oob_reap(r, want, side);
		if (n < 0)
			return -1;
		if (r->done == 0 && want != RIG_SEND && oob_verify(r, "the first message"))
			return -1;
		r->done += (uint64_t)n;
		now = perf_now();
		for (int i = 0; i < n; i++)
			bw_meter_done(&m, now);
		perf_progress(p, r->done, now);
	}
	bw_meter_result(&m, perf_now(), res);
	return want != RIG_SEND ? oob_verify(r, "the last message") : 0;
}

/* A handshake around a run: the peer may still be finishing its side. */
static int oob_sync_run(struct oob_run *r, const char *when)
{
	char what[96];

	snprintf(what, sizeof(what), "the handshake %s %zu bytes", when, r->p->bytes);
	return oob_sync(&r->o, &r->mine, what, OOB_RUN_SYNC_MS) ? oob_said(r) : 0;
}

/* send-bw and read-bw's client: one size, between perftest's handshakes. */
static int oob_bw_size(struct perf *p, void *result)
{
	struct oob_run *r = p->oob;
	bool send_bw = r->t->kind == PERF_SEND_BW, receives = send_bw && p->cli->server;
	unsigned int salt = oob_bw_salt(r);

	r->posted = r->done = 0;
	if (send_bw && !receives ? perf_pattern_write(p, p->a_src, p->bytes, salt, false) :
				    perf_pattern_write(p, p->a_dst, p->bytes, salt, true))
		return -1;
	/* Receives first: perftest's sender starts the moment the handshake ends. */
	if (receives && oob_fill(r, true))
		return -1;
	if (send_bw && oob_sync_run(r, "before"))
		return -1;
	if (oob_bw_loop(r, result))
		return -1;
	/* ib_send_bw -a shakes hands after each size too. */
	return send_bw && p->cli->all ? oob_sync_run(r, "after") : 0;
}

/* --- latency ----------------------------------------------------------- */

/* Take completions until a receive comes, counting sends on the way: 0 or -1. */
static int oob_lat_receive(struct oob_run *r)
{
	struct perf *p = r->p;
	struct rig_completion c;

	for (;;) {
		if (perf_next(p, p->qa, "receive", &c))
			return -1;
		if (c.op == RIG_RECEIVE)
			break;
		r->done++;
	}
	if (c.bytes != p->bytes)
		return perf_fail(p, "received %u bytes of %zu", c.bytes, p->bytes);
	return 0;
}

static int oob_lat_send(struct oob_run *r)
{
	struct perf *p = r->p;

	if (perf_librig(p, rig_qp_send(p->qa, p->a_src, 0, p->bytes, r->posted), "post a send") ||
	    perf_librig(p, rig_qp_ring(p->qa), "ring"))
		return -1;
	r->posted++;
	return 0;
}

/*
 * Round trip @i: the client sends and takes the answer, the server takes
 * and answers; each reposts its receive at once while more are due.
 * Return: 0 with the time the round trip ended in @end, or -1.
 */
static int oob_lat_step(struct oob_run *r, uint64_t i, uint64_t *end)
{
	struct perf *p = r->p;
	bool more = i + 1 < p->iters;

	if (p->cli->address && oob_lat_send(r))
		return -1;
	if (oob_lat_receive(r))
		return -1;
	*end = perf_now();
	if (more && perf_librig(p, rig_qp_receive(p->qa, p->a_dst, 0, p->bytes, 0),
				"post a receive"))
		return -1;
	if (p->cli->server && oob_lat_send(r))
		return -1;
	if (r->check && (i == 0 || !more))
		return perf_verify(p, p->a_dst, oob_salt(p, p->cli->server ? OOB_SALT_PING :
								    OOB_SALT_PONG),
				   i == 0 ? "the first message" : "the last message");
	return 0;
}

/* Take the send completions still due, so the next size starts clean. */
static int oob_lat_drain(struct oob_run *r)
{
	struct perf *p = r->p;
	struct rig_completion c;

	while (r->done < r->posted) {
		if (perf_next(p, p->qa, "send", &c))
			return -1;
		if (c.op != RIG_SEND)
			return perf_fail(p, "a receive completed where none was posted");
		r->done++;
	}
	return 0;
}

/*
 * The timed round trips.  The client times each from its send to the
 * answer; the server, which cannot see the client's send, times from one
 * receive to the next (a round trip too), so it has one sample fewer.
 */
static int oob_lat_loop(struct oob_run *r, uint64_t *rtt, size_t *n)
{
	struct perf *p = r->p;
	uint64_t start = perf_now(), end = start, prev = 0;

	*n = 0;
	for (uint64_t i = 0; i < p->iters; i++) {
		if (p->cli->address)
			start = perf_now();
		if (oob_lat_step(r, i, &end))
			return -1;
		if (p->cli->address)
			rtt[(*n)++] = end - start;
		else if (i)
			rtt[(*n)++] = end - prev;
		prev = end;
		perf_progress(p, i + 1, end);
	}
	if (*n == 0)	/* one round trip seen by the server: from the handshake */
		rtt[(*n)++] = end - start;
	return 0;
}

static int oob_lat_size(struct perf *p, void *result)
{
	struct oob_run *r = p->oob;
	unsigned int mine = p->cli->server ? OOB_SALT_PONG : OOB_SALT_PING;
	uint64_t *rtt = malloc(p->iters * sizeof(*rtt));
	size_t n;
	int ret = -1;

	if (!rtt)
		return perf_fail(p, "out of memory for %llu samples", (unsigned long long)p->iters);
	r->posted = r->done = 0;
	if (perf_pattern_write(p, p->a_src, p->bytes, oob_salt(p, mine), false) ||
	    perf_pattern_write(p, p->a_dst, p->bytes, oob_salt(p, mine), true) ||
	    perf_librig(p, rig_qp_receive(p->qa, p->a_dst, 0, p->bytes, 0), "post a receive") ||
	    oob_sync_run(r, "before") || oob_lat_loop(r, rtt, &n) || oob_lat_drain(r))
		goto out;
	lat_stats(rtt, n, p->bytes, result);
	ret = 0;
out:
	free(rtt);
	return ret;
}

/* --- read-bw's server ------------------------------------------------------ */

/* The client reads the region (oob_prepare() wrote it); wait for its report. */
static int oob_read_server(struct oob_run *r, struct bw_result *res)
{
	struct oob_report mine = { 0 }, theirs;

	if (oob_sync(&r->o, &r->mine, "waiting for the client's reads", -1) ||
	    oob_report(&r->o, &mine, &theirs))
		return oob_said(r);
	*res = (struct bw_result){
		.bytes = (size_t)theirs.size,
		.iters = theirs.iters,
		.peak_bps = theirs.peak_mibs * 1048576.0,
		.avg_bps = theirs.avg_mibs * 1048576.0,
		.rate_pps = theirs.rate_mpps * 1e6,
	};
	if (res->avg_bps > 0)
		res->seconds = (double)theirs.size * (double)theirs.iters / res->avg_bps;
	return 0;
}

/* read-bw's client tells the server its last size's result, as ib_read_bw's does. */
static int oob_read_report(struct oob_run *r, const struct bw_result *last)
{
	struct oob_report mine = {
		.size = last->bytes,
		.iters = last->iters,
		.peak_mibs = last->peak_bps / 1048576.0,
		.avg_mibs = last->avg_bps / 1048576.0,
		.rate_mpps = last->rate_pps / 1e6,
	}, theirs;

	if (oob_sync(&r->o, &r->mine, "the handshake after the reads", r->o.timeout_ms) ||
	    oob_report(&r->o, &mine, &theirs))
		return oob_said(r);
	return 0;
}

/* --- the run --------------------------------------------------------------- */

/* One size, of the test perf_oob_run() runs. */
static int oob_size(struct perf *p, void *result)
{
	return p->oob->t->latency ? oob_lat_size(p, result) : oob_bw_size(p, result);
}

/* The test proper, once connected: the results in @results, how many in @n. */
static int oob_test(struct oob_run *r, void *results, size_t *n)
{
	struct perf *p = r->p;

	perf_header(p, r->t);
	if (r->t->kind == PERF_READ_BW && p->cli->server) {
		*n = 1;
		if (oob_read_server(r, results))
			return -1;
		if (!p->cli->json)
			out_bw_row(stdout, results);
	} else {
		*n = p->cli->nsizes;
		if (perf_each_size(p, r->t, oob_size, results))
			return -1;
		if (r->t->kind == PERF_READ_BW &&
		    oob_read_report(r, (const struct bw_result *)results + *n - 1))
			return -1;
	}
	if (!p->cli->json && !p->cli->quiet)
		out_rule(stdout, r->t->latency);
	if (oob_close(&r->o, &r->mine))
		return perf_fail(p, "%s", r->o.error);
	return 0;
}

int perf_oob_run(const struct cli *cli, const struct perf_test *t)
{
	size_t n = 0;
	struct perf p;
	struct oob_run r = { .p = &p, .t = t, .o = { .fd = -1 } };
	struct perf_test one = *t;
	struct rig_endpoint e;
	void *results = perf_init(&p, cli, t, cli->nsizes);
	int status = 1;

	if (!results)
		return 1;
	p.oob = &r;
	/* One NIC here: the peer's is on the other machine. */
	one.two_nics = false;
	if (perf_open(&p, &one) || oob_prepare(&r, &e) || oob_open(&r) || oob_join(&r, &e))
		goto out;
	oob_describe(&r);
	if (oob_test(&r, results, &n))
		goto out;
	perf_json(&p, t, results, n);
	status = 0;
out:
	oob_drop(&r.o);
	perf_close(&p);
	free(results);
	return status;
}
