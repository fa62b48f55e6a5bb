// SPDX-License-Identifier: BSD-2-Clause
/*
 * rig_bench: the workloads of perftest's ib_send_bw, ib_send_lat and
 * ib_read_bw through rig's modelled NICs, and memcpy of the same sizes (the
 * limit), in one process.  scripts/bench/run-guest runs it in the guest beside
 * perftest over Soft-RoCE; it prints one CSV row per workload and size,
 * in perftest's units (MB is 2^20 bytes; latency is half the round trip
 * and typical is its median):
 *
 *   workload,size,impl,bandwidth_MBps,msg_rate_Mpps,lat_typical_us,
 *   lat_avg_us,lat_p99_us,iterations,kicks_per_msg,count,,,,
 *   cpu_us_per_msg,prog_cpu_us_per_msg
 *
 * (the empty columns, spread_min, spread_max and lat_p999_us, are filled by
 * scripts/bench/summarize.awk from rounds of several runs; the CSV's last
 * two, rounds and depths, by scripts/bench/run-guest)
 *
 *   send_bw   rig_bnxt0 sends to rig_bnxt1 with the send ring full; the
 *             receiver keeps its receive ring full.  Timed from the first
 *             post to the last send completion, as perftest's client.
 *             With -q N (rows send_qps, count N) over N queue pairs a side,
 *             as ib_send_bw -q N: the sender fills each send ring in turn
 *             and rings it, every receiver keeps its receive ring full.
 *             With -p N (rows send_procs, count N) N processes at once,
 *             each with its own NICs opened and its own pair, started
 *             together once all are set: their messages over the longest
 *             time.
 *   send_lat  ping-pong of one message between the two NICs.  With
 *             --idle N (rows send_lat_idle, count N, 0 too) N more pairs
 *             from rig_bnxt0 to rig_bnxt1 stand connected and idle
 *             meanwhile: what a busy queue pair pays for the idle ones
 *             of its NIC.
 *   read_bw   two queue pairs of rig_bnxt1 (a read stays on its NIC): one
 *             reads the other's region with the send ring full.
 *   memcpy    memcpy() between two buffers of the size, as often as fits
 *             the time: the copy each message costs at least.  With -T 2
 *             (impl "memcpy_2t") two threads copy, each its own buffers:
 *             the limit of a workload with a thread per NIC.
 *
 * kicks_per_msg: the system calls a message cost on rig's fast path: the
 * RIG_BNXT_KICKs the model counted (its debugfs "stats" of every
 * function, summed) during the measured rounds, over their messages (both
 * sides' kicks; a round trip counts two messages).  Empty where the
 * model's debugfs cannot be read, and for memcpy.
 *
 * cpu_us_per_msg: the CPU time the whole machine spent during the measured
 * rounds (/proc/stat: user, system, irq, softirq of every CPU, so the
 * model's engine thread and every kernel thread working for the messages,
 * and this program), over their messages; prog_cpu_us_per_msg: this
 * program's own (getrusage, all its threads, and send_procs's children).
 *
 * For each size the workloads run in alternating rounds (after a warm-up
 * round each), so that a change in the machine's load falls on all of
 * them alike, and the median round of each is printed.
 *
 * Like perftest, each side spins on its completions, with nothing between
 * empty polls (--pause puts PAUSE there, as DPDK's rte_pause does; under
 * QEMU's single-threaded TCG that also hands the host thread to the other
 * vCPU, which perftest cannot do, so it is off for comparisons).  By
 * default one thread drives both NICs (impl "rig"): the model's thread
 * thread takes a CPU that a hardware NIC would not, so the program gets
 * the other of the two that perftest's two processes use.  With -T 2
 * (impl "rig_2t") each NIC has a thread of its own, as perftest has a
 * process per side.  Streams keep the send ring full (128 entries, as
 * perftest's default depth) but at most 64 MiB in flight.  Every message
 * is a real one: the last bytes landed are compared with those sent.
 */
#include <getopt.h>
#include <glob.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <rig/bnxt.h>

#include "bench.h"

#define MAX_SIZES  32
#define ROUNDS_MAX 15
#define LAT_MAX    200000		/* latency samples kept at most */
#define IN_FLIGHT  (64u << 20)		/* bytes a stream keeps posted at most */
#define MB         1048576.0		/* perftest's MB */
#define QPS_MAX    2048			/* -q: queue pairs a side at most */
#define PROCS_MAX  64			/* -p: processes at most */
#define IDLE_MAX   4096			/* --idle: idle pairs at most (the NIC refuses fewer) */

struct opts {
	const char *workloads;		/* comma-separated */
	size_t sizes[MAX_SIZES];
	int nsizes;
	double seconds;			/* per workload and size, all rounds */
	int rounds;
	uint64_t max_iters;		/* per round */
	uint32_t depth;			/* ring entries */
	int threads;			/* 1 or 2 */
	int qps;			/* send_bw's queue pairs a side (-q), 0: not asked */
	int procs;			/* send_bw's processes (-p), 0: not asked */
	const char *impl;		/* the name of rig's rows, or NULL */
	const char *samples;		/* the directory of send_lat's trips (--samples), or NULL */
	int idle;			/* idle pairs beside send_lat's (--idle), -1: not asked */
	bool pause;
};

static struct opts opt = {
	.seconds = 1.0,
	.rounds = 5,
	.max_iters = 100000000,
	.depth = 128,
	.threads = 1,
	.idle = -1,
	.pause = false,
};

/* One round of a workload. */
struct result {
	uint64_t iters;
	double seconds;
	double *lat;			/* one-way microseconds of each trip, or NULL */
	double typical, avg, p99;	/* of lat, which is then freed */
};

/* A spin-wait hint between empty polls. */
static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	if (opt.pause)
		__builtin_ia32_pause();
#endif
}

static void *xmalloc(size_t n)
{
	void *p = aligned_alloc(4096, (n + 4095) / 4096 * 4096);

	if (!p) {
		fprintf(stderr, "rig_bench: out of memory (%zu bytes)\n", n);
		exit(1);
	}
	return p;
}

/* Completions one rig_qp_poll_batch() takes, as perftest's CTX_POLL_BATCH. */
#define BATCH 16

/* Take up to @n completions of @qp: how many; any failure ends the run. */
static int take_batch(struct rig_qp *qp, struct rig_completion *c, unsigned int n,
		      const char *what)
{
	int ret = rig_qp_poll_batch(qp, c, n);

	check(ret, what);
	for (int i = 0; i < ret; i++) {
		if (c[i].status) {
			fprintf(stderr, "rig_bench: %s: %s\n", what,
				rig_status_message(c[i].status));
			exit(1);
		}
	}
	return ret;
}

/* Take a completion of @qp if there is one; any failure ends the run. */
static int take(struct rig_qp *qp, struct rig_completion *c, const char *what)
{
	return take_batch(qp, c, 1, what);
}

/*
 * The two NICs; each run makes its queue pairs and destroys them after,
 * but for send_bw's, @kept for the rounds of a size.  A process of
 * send_procs says on @ready that it is set to send and waits for @go to
 * close, so that all start at once; -1 when alone.
 */
struct send_set;

struct rig {
	struct rig_bnxt *nic0, *nic1;
	int ready, go;
	struct send_set *kept;		/* send_bw's pairs of this size, or NULL */
};

static void wait_for_go(const struct rig *g)
{
	char c = 0;

	if (g->go < 0)
		return;
	if (write(g->ready, &c, 1) != 1 || read(g->go, &c, 1) != 0) {
		fprintf(stderr, "rig_bench: the start of send_procs was lost\n");
		exit(1);
	}
}

static void start_thread(pthread_t *t, void *(*fn)(void *), void *arg)
{
	int err = pthread_create(t, NULL, fn, arg);

	if (err) {
		fprintf(stderr, "rig_bench: pthread_create: %s\n", strerror(err));
		exit(1);
	}
}

/* A host region of @nic holding @n bytes of a pattern of @seed. */
static struct rig_region *pattern_region(struct rig_bnxt *nic, size_t n, unsigned int seed)
{
	unsigned char *buf = xmalloc(n);
	struct rig_region *r;

	for (size_t i = 0; i < n; i++)
		buf[i] = (unsigned char)(i * 131 + seed);
	check(rig_region_host(nic, n, &r), "region");
	check(rig_region_write(r, 0, buf, n), "region write");
	free(buf);
	return r;
}

static struct rig_region *zero_region(struct rig_bnxt *nic, size_t n)
{
	struct rig_region *r;

	check(rig_region_host(nic, n, &r), "region");
	return r;
}

static void deregister(struct rig_region *r)
{
	check(rig_region_deregister(r), "deregister");
}

/* The first and last 64 bytes of @dst must be those of @src. */
static void verify(struct rig_region *src, struct rig_region *dst, size_t n, const char *what)
{
	unsigned char a[64], b[64];
	size_t k = n < 64 ? n : 64;
	size_t at[2] = { 0, n - k };

	for (int i = 0; i < 2; i++) {
		check(rig_region_read(src, at[i], a, k), "region read");
		check(rig_region_read(dst, at[i], b, k), "region read");
		if (memcmp(a, b, k)) {
			fprintf(stderr, "rig_bench: %s of %zu bytes: the bytes landed are not those sent\n",
				what, n);
			exit(1);
		}
	}
}

/* Iterations for one run: what fits the time, at most max_iters. */
struct budget {
	double deadline;
	uint64_t max;
};

static struct budget budget_of(double seconds)
{
	return (struct budget){ now() + seconds, opt.max_iters };
}

/* May iteration @done start?  The first always may; the clock is read every 16th. */
static bool budget_left(const struct budget *b, uint64_t done)
{
	return done < b->max && (!done || (done & 15) || now() < b->deadline);
}

/* send_bw and read_bw */

/* The receiving side of one queue pair of send_bw: keeps its receive ring full. */
struct receiver {
	struct rig_qp *qp;
	struct rig_region *dst;		/* shared by the receivers of a run */
	size_t size;
	_Atomic uint64_t total;		/* messages sent to it; set once the sender knows */
	uint64_t received;
};

static void receive_post(struct receiver *r)
{
	check(rig_qp_receive(r->qp, r->dst, 0, r->size, 0), "receive");
}

/* Take the receive completions at hand and repost each: 1 if there was one. */
static int receiver_step(struct receiver *r)
{
	struct rig_completion c[BATCH];
	int n = take_batch(r->qp, c, BATCH, "send_bw receive");

	for (int i = 0; i < n; i++) {
		r->received++;
		receive_post(r);
	}
	return n > 0;
}

/* The receivers of a run, driven in turn. */
struct receivers {
	struct receiver *r;
	int n;
};

/* One turn over every receiver: 1 if any took a completion. */
static int receivers_step(struct receivers *rs)
{
	int got = 0;

	for (int i = 0; i < rs->n; i++)
		while (receiver_step(&rs->r[i]))
			got = 1;
	return got;
}

static bool receivers_done(struct receivers *rs)
{
	for (int i = 0; i < rs->n; i++)
		if (rs->r[i].received < atomic_load_explicit(&rs->r[i].total, memory_order_relaxed))
			return false;
	return true;
}

static void *receiver_thread(void *arg)
{
	struct receivers *rs = arg;

	while (!receivers_done(rs))
		if (!receivers_step(rs))
			relax();
	return NULL;
}

/* The sending side of a stream: its queue pairs and what each has posted. */
struct sender {
	struct rig_qp **qp;
	uint64_t *posted, *done;
	int n;
	uint64_t window;		/* entries each queue pair keeps posted at most */
};

/* Post on @qp until its window is full or the budget is spent; ring if posted. */
static bool sender_fill(struct sender *s, int q, struct rig_region *src, struct rig_region *dst,
			size_t size, const struct budget *b, uint64_t *total)
{
	bool more = budget_left(b, *total);
	uint64_t before = s->posted[q];

	while (more && s->posted[q] - s->done[q] < s->window) {
		if (dst)
			check(rig_qp_read(s->qp[q], src, 0, dst, 0, size, *total), "read");
		else
			check(rig_qp_send(s->qp[q], src, 0, size, *total), "send");
		s->posted[q]++;
		(*total)++;
		more = budget_left(b, *total);
	}
	if (s->posted[q] != before)
		check(rig_qp_ring(s->qp[q]), "ring");
	return more;
}

/*
 * Keep the send rings of @s full for @seconds, posting on its queue pairs
 * in turn, then let them drain: sends of @src, or with @dst reads of @src
 * into @dst.  @rx, if not NULL, are the receivers, driven from this
 * thread.  Return the messages, and their time in *secs.
 */
static uint64_t stream(struct sender *s, struct rig_region *src, struct rig_region *dst,
		       size_t size, double seconds, struct receivers *rx, double *secs)
{
	uint64_t window = IN_FLIGHT / size / (uint64_t)s->n;
	struct budget b = budget_of(seconds);
	uint64_t posted = 0, done = 0;
	struct rig_completion c[BATCH];
	double t0 = now();
	bool more = true;
	int n;

	s->window = window < 1 ? 1 : window > opt.depth ? opt.depth : window;
	for (;;) {
		int got = 0;

		for (int q = 0; q < s->n; q++)
			more = sender_fill(s, q, src, dst, size, &b, &posted) && more;
		if (!more && done == posted)
			break;
		for (int q = 0; q < s->n; q++) {
			while ((n = take_batch(s->qp[q], c, BATCH, dst ? "read" : "send")) > 0) {
				s->done[q] += (uint64_t)n;
				done += (uint64_t)n;
				got = 1;
			}
		}
		if (rx && receivers_step(rx))
			got = 1;
		if (!got)
			relax();
	}
	*secs = now() - t0;
	return posted;
}

/* A sender of @n queue pairs, their counts zero. */
static struct sender sender_of(int n)
{
	struct sender s = { .qp = calloc((size_t)n, sizeof(*s.qp)),
			    .posted = calloc((size_t)n, sizeof(*s.posted)),
			    .done = calloc((size_t)n, sizeof(*s.done)), .n = n };

	if (!s.qp || !s.posted || !s.done) {
		fprintf(stderr, "rig_bench: out of memory for %d queue pairs\n", n);
		exit(1);
	}
	return s;
}

static void sender_free(struct sender *s)
{
	free(s->qp);
	free(s->posted);
	free(s->done);
}

/*
 * send_bw's queue pairs, receivers and receive region, kept from round to
 * round of one size (a round ends with every receive ring full again and
 * every send completion taken): making 256 pairs costs more than a round.
 */
struct send_set {
	struct sender tx;
	struct receivers rx;
	struct rig_region *dst;
	size_t size;
};

/* opt.qps pairs (one unless -q) from rig_bnxt0 to rig_bnxt1, receive rings full. */
static struct send_set *send_set_make(struct rig *g, size_t size)
{
	int nqp = opt.qps ? opt.qps : 1;
	struct send_set *set = calloc(1, sizeof(*set));
	struct receiver *r = calloc((size_t)nqp, sizeof(*r));
	struct receivers *rx;

	if (!set || !r)
		exit(1);
	*set = (struct send_set){ .tx = sender_of(nqp), .rx = { r, nqp },
				  .dst = zero_region(g->nic1, size), .size = size };
	rx = &set->rx;
	for (int q = 0; q < nqp; q++) {
		rx->r[q] = (struct receiver){ .dst = set->dst, .size = size };
		connect_pair(g->nic0, g->nic1, opt.depth, &set->tx.qp[q], &rx->r[q].qp);
		for (uint32_t i = 0; i < opt.depth; i++)
			receive_post(&rx->r[q]);
	}
	return set;
}

/* Destroy g's kept send_bw pairs, if any. */
static void send_set_drop(struct rig *g)
{
	struct send_set *set = g->kept;

	if (!set)
		return;
	for (int q = 0; q < set->tx.n; q++)
		destroy_pair(set->tx.qp[q], set->rx.r[q].qp);
	sender_free(&set->tx);
	free(set->rx.r);
	deregister(set->dst);
	free(set);
	g->kept = NULL;
}

/*
 * send_bw over opt.qps queue pairs a side (one unless -q): each receiver
 * keeps its ring full, the sender posts on its queue pairs in turn.  The
 * pairs are g's kept ones for this size, made in the first round.
 */
static void run_send_bw(struct rig *g, size_t size, double seconds, struct result *res)
{
	struct rig_region *src = pattern_region(g->nic0, size, (unsigned int)size);
	unsigned char zero[64] = { 0 };
	size_t k = size < 64 ? size : 64;
	struct send_set *set;
	pthread_t t;

	if (g->kept && g->kept->size != size)
		send_set_drop(g);
	if (!g->kept)
		g->kept = send_set_make(g, size);
	set = g->kept;
	/* What verify() checks is what this round landed, not the last round's bytes. */
	check(rig_region_write(set->dst, 0, zero, k), "region write");
	check(rig_region_write(set->dst, size - k, zero, k), "region write");
	for (int q = 0; q < set->tx.n; q++) {
		set->tx.posted[q] = set->tx.done[q] = 0;
		set->rx.r[q].received = 0;
		atomic_store(&set->rx.r[q].total, UINT64_MAX);
	}
	wait_for_go(g);
	if (opt.threads == 2)
		start_thread(&t, receiver_thread, &set->rx);
	res->iters = stream(&set->tx, src, NULL, size, seconds,
			    opt.threads == 2 ? NULL : &set->rx, &res->seconds);
	for (int q = 0; q < set->tx.n; q++)
		atomic_store(&set->rx.r[q].total, set->tx.posted[q]);
	if (opt.threads == 2)
		pthread_join(t, NULL);
	else
		receiver_thread(&set->rx);
	verify(src, set->dst, size, "send_bw");
	deregister(src);
}

/* What a process of send_procs tells the parent when it is done. */
struct procs_report {
	uint64_t iters;
	double seconds;
};

/* A process of send_procs: its own NICs and pair; never returns. */
static _Noreturn void procs_child(size_t size, double seconds, int ready, int go)
{
	struct rig g = { .ready = ready, .go = go };
	struct procs_report rep;
	struct result res = { 0 };

	check(rig_bnxt_open("rig_bnxt0", &g.nic0), "open rig_bnxt0");
	check(rig_bnxt_open("rig_bnxt1", &g.nic1), "open rig_bnxt1");
	run_send_bw(&g, size, seconds, &res);
	send_set_drop(&g);
	rig_bnxt_close(g.nic0);
	rig_bnxt_close(g.nic1);
	rep = (struct procs_report){ res.iters, res.seconds };
	_exit(write(ready, &rep, sizeof(rep)) == sizeof(rep) ? 0 : 1);
}

static void read_all(int fd, void *buf, size_t n)
{
	if (read(fd, buf, n) != (ssize_t)n) {
		fprintf(stderr, "rig_bench: a process of send_procs failed (above)\n");
		exit(1);
	}
}

/*
 * send_bw by opt.procs processes at once, each with its own pair from
 * rig_bnxt0 to rig_bnxt1, started together once all are set: their
 * messages over the longest time.
 */
static void run_send_procs(size_t size, double seconds, struct result *res)
{
	int ready[2], go[2], status, failed = 0;
	struct procs_report rep;
	char c;

	if (pipe(ready) || pipe(go)) {
		perror("rig_bench: pipe");
		exit(1);
	}
	fflush(stdout);
	for (int i = 0; i < opt.procs; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("rig_bench: fork");
			exit(1);
		}
		if (!pid) {
			close(ready[0]);
			close(go[1]);
			procs_child(size, seconds, ready[1], go[0]);
		}
	}
	close(ready[1]);
	close(go[0]);
	for (int i = 0; i < opt.procs; i++)
		read_all(ready[0], &c, 1);
	close(go[1]);
	for (int i = 0; i < opt.procs; i++) {
		read_all(ready[0], &rep, sizeof(rep));
		res->iters += rep.iters;
		if (rep.seconds > res->seconds)
			res->seconds = rep.seconds;
	}
	close(ready[0]);
	while (wait(&status) > 0)
		failed |= !WIFEXITED(status) || WEXITSTATUS(status);
	if (failed) {
		fprintf(stderr, "rig_bench: a process of send_procs failed (above)\n");
		exit(1);
	}
}

static void run_read_bw(struct rig *g, size_t size, double seconds, struct result *res)
{
	struct rig_region *src = pattern_region(g->nic1, size, 3);
	struct rig_region *dst = zero_region(g->nic1, size);
	struct sender tx = sender_of(1);
	struct rig_qp *target;

	connect_pair(g->nic1, g->nic1, opt.depth, &tx.qp[0], &target);
	res->iters = stream(&tx, src, dst, size, seconds, NULL, &res->seconds);
	verify(src, dst, size, "read_bw");
	destroy_pair(tx.qp[0], target);
	sender_free(&tx);
	deregister(src);
	deregister(dst);
}

/* send_lat */

/* One side of the ping-pong: its queue pair, what it sends and where it receives. */
struct side {
	struct rig_qp *qp;
	struct rig_region *src, *dst;
	size_t size;
};

static void side_receive(struct side *s)
{
	check(rig_qp_receive(s->qp, s->dst, 0, s->size, 0), "receive");
}

static void side_send(struct side *s)
{
	check(rig_qp_send(s->qp, s->src, 0, s->size, 0), "send");
	check(rig_qp_ring(s->qp), "ring");
}

/* The answering side: every message that lands is answered with one of the same size. */
struct ponger {
	struct side s;
	_Atomic uint64_t total;		/* round trips; set once the pinger knows */
	uint64_t answered;
};

/* Answer a message if one landed: 1 if any completion was taken. */
static int pong_step(struct ponger *p)
{
	struct rig_completion c;

	if (!take(p->s.qp, &c, "send_lat pong"))
		return 0;
	if (c.op == RIG_RECEIVE) {
		p->answered++;
		side_receive(&p->s);
		side_send(&p->s);
	}
	return 1;
}

static void *ponger_thread(void *arg)
{
	struct ponger *p = arg;

	while (p->answered < atomic_load_explicit(&p->total, memory_order_relaxed))
		if (!pong_step(p))
			relax();
	return NULL;
}

/* One round trip from @ping; with no thread of its own, @pong answers from here. */
static void ping_once(struct side *ping, struct ponger *pong)
{
	struct rig_completion c;

	side_send(ping);
	for (;;) {
		if (take(ping->qp, &c, "send_lat ping")) {
			if (c.op == RIG_RECEIVE)
				break;
		} else if (opt.threads == 2 || !pong_step(pong)) {
			relax();
		}
	}
	side_receive(ping);
}

static void run_send_lat(struct rig *g, size_t size, double seconds, struct result *res)
{
	struct side ping = { .src = pattern_region(g->nic0, size, 7),
			     .dst = zero_region(g->nic0, size), .size = size };
	struct ponger pong = { .s = { .src = pattern_region(g->nic1, size, 9),
				      .dst = zero_region(g->nic1, size), .size = size },
			       .total = UINT64_MAX };
	uint64_t max = opt.max_iters < LAT_MAX ? opt.max_iters : LAT_MAX;
	struct budget b;
	uint64_t n;
	pthread_t t;
	double t0;

	res->lat = calloc(max, sizeof(*res->lat));
	if (!res->lat)
		exit(1);
	connect_pair(g->nic0, g->nic1, opt.depth, &ping.qp, &pong.s.qp);
	side_receive(&ping);
	side_receive(&pong.s);
	if (opt.threads == 2)
		start_thread(&t, ponger_thread, &pong);
	b = budget_of(seconds);
	b.max = max;
	res->seconds = now();
	for (n = 0; budget_left(&b, n); n++) {
		t0 = now();
		ping_once(&ping, &pong);
		res->lat[n] = (now() - t0) * 1e6 / 2;
	}
	res->seconds = now() - res->seconds;
	res->iters = n;
	atomic_store(&pong.total, n);
	if (opt.threads == 2)
		pthread_join(t, NULL);
	verify(ping.src, pong.s.dst, size, "send_lat");
	verify(pong.s.src, ping.dst, size, "send_lat");
	destroy_pair(ping.qp, pong.s.qp);
	deregister(ping.src);
	deregister(ping.dst);
	deregister(pong.s.src);
	deregister(pong.s.dst);
}

/* memcpy */

/* One copying thread: its buffers, its time and what it did. */
struct copier {
	size_t size;
	double seconds;
	struct result res;
};

static void *copier_thread(void *arg)
{
	struct copier *cp = arg;
	size_t size = cp->size;
	unsigned char *src = xmalloc(size), *dst = xmalloc(size);
	struct budget b;
	uint64_t n = 0;
	double t0;

	memset(src, 0x5a, size);
	memset(dst, 0, size);
	b = budget_of(cp->seconds);
	t0 = now();
	while (budget_left(&b, n)) {
		src[n % size] = (unsigned char)n;
		memcpy(dst, src, size);
		/* The copy is used: the compiler may not drop it. */
		__asm__ __volatile__("" : : "r"(dst) : "memory");
		n++;
	}
	cp->res.seconds = now() - t0;
	cp->res.iters = n;
	if (memcmp(dst, src, size)) {
		fprintf(stderr, "rig_bench: memcpy of %zu bytes: the copy differs\n", size);
		exit(1);
	}
	free(src);
	free(dst);
	return NULL;
}

/* opt.threads threads copying at once: their copies over the longest time. */
static void run_memcpy(size_t size, double seconds, struct result *res)
{
	struct copier cp[2] = { { .size = size, .seconds = seconds },
				{ .size = size, .seconds = seconds } };
	pthread_t t;

	if (opt.threads == 2)
		start_thread(&t, copier_thread, &cp[1]);
	copier_thread(&cp[0]);
	if (opt.threads == 2)
		pthread_join(t, NULL);
	res->iters = cp[0].res.iters + (opt.threads == 2 ? cp[1].res.iters : 0);
	res->seconds = cp[0].res.seconds;
	if (opt.threads == 2 && cp[1].res.seconds > res->seconds)
		res->seconds = cp[1].res.seconds;
}

/* Rounds */

/* The model's kicks so far, summed over its functions; -1 if unreadable. */
static long long kicks(void)
{
	long long total = 0, v;
	char line[128];
	glob_t g;

	if (glob("/sys/kernel/debug/rig_soft/*/stats", 0, NULL, &g))
		return -1;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "r");

		if (!f) {
			total = -1;
			break;
		}
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "kicks %lld", &v) == 1)
				total += v;
		fclose(f);
	}
	globfree(&g);
	return total;
}

/* Kicks, CPU time and messages of a workload's measured rounds. */
struct kick_count {
	long long kicks;		/* -1 once unreadable */
	double busy_us;			/* the whole machine's, -1 once unreadable */
	double own_us;			/* this process's and its children's */
	uint64_t msgs;
};

/*
 * CPU time, microseconds: in *@busy the whole machine's that was not idle
 * (/proc/stat's user, nice, system, irq, softirq, steal of all CPUs: the
 * model's engine thread, every kernel thread and softirq, this program),
 * or -1 if unreadable; in *@own this process's, all its threads, and its
 * children's that ended (send_procs's).
 */
static void cpu_now(double *busy, double *own)
{
	unsigned long long user, nice, sys, idle, iowait, irq, softirq, steal;
	double tick = 1e6 / (double)sysconf(_SC_CLK_TCK);
	FILE *f = fopen("/proc/stat", "r");
	struct rusage self, kids;

	*busy = -1;
	if (f && fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &user, &nice, &sys,
			&idle, &iowait, &irq, &softirq, &steal) == 8)
		*busy = (double)(user + nice + sys + irq + softirq + steal) * tick;
	if (f)
		fclose(f);
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	*own = (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec + kids.ru_utime.tv_sec +
			kids.ru_stime.tv_sec) * 1e6 +
	       (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec + kids.ru_utime.tv_usec +
			kids.ru_stime.tv_usec);
}

/* The workload column of @workload's rows: send_bw's and send_lat's by count. */
static const char *row_workload(const char *workload)
{
	if (opt.procs)
		return "send_procs";
	if (opt.qps)
		return "send_qps";
	if (opt.idle >= 0)
		return "send_lat_idle";
	return workload;
}

/* The impl column of @workload's rows. */
static const char *impl_of(const char *workload)
{
	if (!strcmp(workload, "memcpy"))
		return opt.threads == 2 ? "memcpy_2t" : "memcpy";
	return opt.impl ? opt.impl : opt.threads == 2 ? "rig_2t" : "rig";
}

/*
 * Append every trip of @r, one microsecond figure a line, to the file
 * WORKLOAD,SIZE,IMPL of opt.samples, where the rounds of other runs add
 * theirs (scripts/bench/summarize.awk pools them).
 */
static void lat_save(const struct result *r, const char *workload, size_t size)
{
	char path[4096];
	FILE *f;
	int n = snprintf(path, sizeof(path), "%s/%s,%zu,%s", opt.samples, row_workload(workload),
			 size, impl_of(workload));

	/* Figures of another count are other figures (summarize.awk). */
	if (opt.idle >= 0)
		snprintf(path + n, sizeof(path) - (size_t)n, ",%d", opt.idle);
	f = fopen(path, "a");
	if (!f) {
		perror(path);
		exit(1);
	}
	for (uint64_t i = 0; i < r->iters; i++)
		fprintf(f, "%.2f\n", r->lat[i]);
	if (fclose(f)) {
		perror(path);
		exit(1);
	}
}

/* Sum up a round's latencies and let go of them. */
static void lat_stats(struct result *r)
{
	double sum = 0;

	if (!r->lat)
		return;
	qsort(r->lat, r->iters, sizeof(*r->lat), cmp_double);
	for (uint64_t i = 0; i < r->iters; i++)
		sum += r->lat[i];
	r->typical = r->lat[r->iters / 2];
	r->avg = sum / (double)r->iters;
	r->p99 = r->lat[(r->iters * 99) / 100];
	free(r->lat);
	r->lat = NULL;
}

/* One round of @workload at @size, for @seconds; @measured: not a warm-up. */
static void round_of(struct rig *g, const char *workload, size_t size, double seconds,
		     bool measured, struct result *r)
{
	*r = (struct result){ 0 };
	if (!strcmp(workload, "send_bw") && opt.procs)
		run_send_procs(size, seconds, r);
	else if (!strcmp(workload, "send_bw"))
		run_send_bw(g, size, seconds, r);
	else if (!strcmp(workload, "send_lat"))
		run_send_lat(g, size, seconds, r);
	else if (!strcmp(workload, "read_bw"))
		run_read_bw(g, size, seconds, r);
	else
		run_memcpy(size, seconds, r);
	if (measured && r->lat && opt.samples)
		lat_save(r, workload, size);
	lat_stats(r);
}

/* How good a round was: its rate, or for ping-pong its typical trip. */
static double score(const char *workload, const struct result *r)
{
	if (!strcmp(workload, "send_lat"))
		return -r->typical;
	return (double)r->iters / r->seconds;
}

/* The median of @n rounds of @workload, by score. */
static const struct result *median_round(const char *workload, const struct result *r, int n)
{
	const struct result *sorted[ROUNDS_MAX];

	for (int i = 0; i < n; i++) {
		int j = i;

		for (; j > 0 && score(workload, sorted[j - 1]) > score(workload, &r[i]); j--)
			sorted[j] = sorted[j - 1];
		sorted[j] = &r[i];
	}
	return sorted[n / 2];
}

/* One CSV row: bandwidth and rate for streams, latency for ping-pong. */
static void print_row(const char *workload, size_t size, const struct result *r,
		      const struct kick_count *kc)
{
	bool copy = !strcmp(workload, "memcpy");
	const char *impl = impl_of(workload);
	int count = opt.procs ? opt.procs : opt.qps ? opt.qps : opt.idle;
	bool counted = opt.procs || opt.qps || opt.idle >= 0;

	printf("%s,%zu,%s,", row_workload(workload), size, impl);
	if (!strcmp(workload, "send_lat"))
		printf(",,%.2f,%.2f,%.2f", r->typical, r->avg, r->p99);
	else
		printf("%.2f,%.6f,,,", (double)r->iters * (double)size / r->seconds / MB,
		       (double)r->iters / r->seconds / 1e6);
	printf(",%llu,", (unsigned long long)r->iters);
	if (!copy && kc->kicks >= 0 && kc->msgs)
		printf("%.4f", (double)kc->kicks / (double)kc->msgs);
	printf(",");
	if (counted)
		printf("%d", count);
	/* spread, p99.9: of rounds run apart (scripts/bench/summarize.awk) */
	printf(",,,,");
	if (kc->busy_us >= 0 && kc->msgs)
		printf("%.2f,%.2f", kc->busy_us / (double)kc->msgs, kc->own_us / (double)kc->msgs);
	else
		printf(",");
	printf("\n");
	fflush(stdout);
}

static const char *const workloads[] = { "memcpy", "send_bw", "send_lat", "read_bw" };
#define NWORKLOADS (sizeof(workloads) / sizeof(workloads[0]))

/* Is @workload in the comma-separated @list? */
static bool listed(const char *list, const char *workload)
{
	size_t n = strlen(workload);

	for (const char *p = list; p;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (len == n && !strncmp(p, workload, n))
			return true;
		p = end ? end + 1 : NULL;
	}
	return false;
}

/* Every name in opt.workloads must be a workload. */
static bool workloads_known(void)
{
	size_t found = 0;

	for (size_t w = 0; w < NWORKLOADS; w++)
		found += listed(opt.workloads, workloads[w]);
	for (const char *p = opt.workloads; p; p = strchr(p, ','), p = p ? p + 1 : NULL)
		found--;
	return found == 0;
}

/* Every workload asked for at @size: a warm-up each, then alternating rounds. */
static void run_size(struct rig *g, size_t size)
{
	static struct result rounds[NWORKLOADS][ROUNDS_MAX];
	struct kick_count kc[NWORKLOADS] = { 0 };
	double slice = opt.seconds / opt.rounds;
	struct result warm;

	for (size_t w = 0; w < NWORKLOADS; w++)
		if (listed(opt.workloads, workloads[w]))
			round_of(g, workloads[w], size, slice / 2, false, &warm);
	for (int k = 0; k < opt.rounds; k++) {
		for (size_t w = 0; w < NWORKLOADS; w++) {
			double busy0, own0, busy1, own1;
			long long before, after;

			if (!listed(opt.workloads, workloads[w]))
				continue;
			cpu_now(&busy0, &own0);
			before = kicks();
			round_of(g, workloads[w], size, slice, true, &rounds[w][k]);
			after = kicks();
			cpu_now(&busy1, &own1);
			/* A round trip is two messages. */
			kc[w].msgs += rounds[w][k].iters *
				      (strcmp(workloads[w], "send_lat") ? 1 : 2);
			if (busy0 < 0 || busy1 < 0 || kc[w].busy_us < 0)
				kc[w].busy_us = -1;
			else
				kc[w].busy_us += busy1 - busy0;
			kc[w].own_us += own1 - own0;
			if (before < 0 || after < 0 || kc[w].kicks < 0)
				kc[w].kicks = -1;
			else
				kc[w].kicks += after - before;
		}
	}
	send_set_drop(g);
	for (size_t w = 0; w < NWORKLOADS; w++)
		if (listed(opt.workloads, workloads[w]))
			print_row(workloads[w], size,
				  median_round(workloads[w], rounds[w], opt.rounds), &kc[w]);
}

/* Command line */

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: rig_bench [OPTIONS] SIZE...\n"
		"Run send_bw, send_lat, read_bw through rig_bnxt0/rig_bnxt1 and memcpy, at\n"
		"each SIZE (bytes; K and M suffixes), printing CSV rows (MB = 2^20 bytes):\n"
		"workload,size,impl,bandwidth_MBps,msg_rate_Mpps,lat_typical_us,lat_avg_us,\n"
		"lat_p99_us,iterations,kicks_per_msg,count,,,,cpu_us_per_msg,prog_cpu_us_per_msg\n"
		"\n"
		"  -w, --workloads LIST  comma-separated (default send_bw,send_lat,read_bw,memcpy)\n"
		"  -t, --seconds S       time per workload and size, all rounds (default 1)\n"
		"  -r, --rounds N        alternating rounds per size, the median printed (default 5)\n"
		"  -n, --iters N         at most N iterations per round (default 10^8)\n"
		"  -d, --depth N         ring entries, a power of two (default 128, perftest's)\n"
		"  -T, --threads 1|2     one thread for both NICs (impl rig, the default), or\n"
		"                        one per NIC (impl rig_2t); memcpy: threads copying\n"
		"  -i, --impl NAME       the impl column of rig's rows (default rig or rig_2t)\n"
		"  -q, --qps N           send_bw over N queue pairs a side, posted in turn\n"
		"                        (rows send_qps, count N)\n"
		"  -p, --procs N         send_bw by N processes at once, each its own pair\n"
		"                        (rows send_procs, count N)\n"
		"      --pause           PAUSE between empty polls (perftest does not)\n"
		"      --idle N          N idle pairs connected beside send_lat's\n"
		"                        (rows send_lat_idle, count N; 0 too)\n"
		"      --samples DIR     append every trip of send_lat's measured rounds to\n"
		"                        DIR/send_lat,SIZE,IMPL, one-way microseconds a line\n"
		"  -H, --header          print the CSV header first\n"
		"  -h, --help            this text\n");
}

static size_t parse_size(const char *s)
{
	unsigned long long v;

	if (!parse_bytes(s, &v) || v > RIG_QP_BYTES_MAX) {
		fprintf(stderr, "rig_bench: bad size '%s'\n", s);
		exit(2);
	}
	return (size_t)v;
}

static void parse(int argc, char **argv, bool *header)
{
	static const struct option longs[] = {
		{ "workloads", required_argument, NULL, 'w' },
		{ "seconds", required_argument, NULL, 't' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "iters", required_argument, NULL, 'n' },
		{ "depth", required_argument, NULL, 'd' },
		{ "threads", required_argument, NULL, 'T' },
		{ "impl", required_argument, NULL, 'i' },
		{ "qps", required_argument, NULL, 'q' },
		{ "procs", required_argument, NULL, 'p' },
		{ "pause", no_argument, NULL, 'P' },
		{ "samples", required_argument, NULL, 'S' },
		{ "idle", required_argument, NULL, 'I' },
		{ "header", no_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opt.workloads = "send_bw,send_lat,read_bw,memcpy";
	while ((c = getopt_long(argc, argv, "w:t:r:n:d:T:i:q:p:Hh", longs, NULL)) != -1) {
		switch (c) {
		case 'w': opt.workloads = optarg; break;
		case 't': opt.seconds = atof(optarg); break;
		case 'r': opt.rounds = atoi(optarg); break;
		case 'n': opt.max_iters = strtoull(optarg, NULL, 0); break;
		case 'd': opt.depth = (uint32_t)strtoul(optarg, NULL, 0); break;
		case 'T': opt.threads = atoi(optarg); break;
		case 'i': opt.impl = optarg; break;
		case 'q': opt.qps = atoi(optarg); break;
		case 'p': opt.procs = atoi(optarg); break;
		case 'P': opt.pause = true; break;
		case 'S': opt.samples = optarg; break;
		case 'I': opt.idle = atoi(optarg); break;
		case 'H': *header = true; break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); exit(2);
		}
	}
	if (opt.seconds <= 0 || opt.rounds < 1 || opt.rounds > ROUNDS_MAX || !opt.max_iters ||
	    opt.depth < 2 ||
	    opt.depth > RIG_QP_ENTRIES_MAX || (opt.depth & (opt.depth - 1)) ||
	    (opt.threads != 1 && opt.threads != 2) || !workloads_known() ||
	    opt.qps < 0 || opt.qps > QPS_MAX || opt.procs < 0 || opt.procs > PROCS_MAX ||
	    (opt.qps && opt.procs) || ((opt.qps || opt.procs) && strcmp(opt.workloads, "send_bw")) ||
	    opt.idle < -1 || opt.idle > IDLE_MAX ||
	    (opt.idle >= 0 && strcmp(opt.workloads, "send_lat")) ||
	    optind == argc || argc - optind > MAX_SIZES) {
		usage(stderr);
		exit(2);
	}
	for (; optind < argc; optind++)
		opt.sizes[opt.nsizes++] = parse_size(argv[optind]);
}

/*
 * --idle: opt.idle pairs from rig_bnxt0 to rig_bnxt1, connected, rings of
 * two, nothing posted; NULL for none.  Returned as one array, 2 a pair.
 */
static struct rig_qp **idle_make(struct rig *g)
{
	struct rig_qp **qp;

	if (opt.idle <= 0)
		return NULL;
	qp = calloc(2 * (size_t)opt.idle, sizeof(*qp));
	if (!qp) {
		fprintf(stderr, "rig_bench: out of memory for %d idle pairs\n", opt.idle);
		exit(1);
	}
	for (int i = 0; i < opt.idle; i++)
		connect_pair(g->nic0, g->nic1, 2, &qp[2 * i], &qp[2 * i + 1]);
	return qp;
}

static void idle_destroy(struct rig_qp **qp)
{
	if (!qp)
		return;
	for (int i = 0; i < opt.idle; i++)
		destroy_pair(qp[2 * i], qp[2 * i + 1]);
	free(qp);
}

int main(int argc, char **argv)
{
	struct rig_qp **idle;
	bool header = false, nics;
	struct rig g = { .ready = -1, .go = -1 };

	parse(argc, argv, &header);
	if (header)
		puts(BENCH_CSV_HEADER);
	/* The processes of send_procs open their own. */
	nics = !opt.procs && (listed(opt.workloads, "send_bw") ||
			      listed(opt.workloads, "send_lat") || listed(opt.workloads, "read_bw"));
	if (nics) {
		check(rig_bnxt_open("rig_bnxt0", &g.nic0), "open rig_bnxt0");
		check(rig_bnxt_open("rig_bnxt1", &g.nic1), "open rig_bnxt1");
	}
	idle = idle_make(&g);
	for (int s = 0; s < opt.nsizes; s++)
		run_size(&g, opt.sizes[s]);
	idle_destroy(idle);
	rig_bnxt_close(g.nic0);
	rig_bnxt_close(g.nic1);
	return 0;
}
