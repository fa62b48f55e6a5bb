// SPDX-License-Identifier: BSD-2-Clause
/*
 * reg_bench: what it costs to register memory and to connect a pair of
 * queue pairs, through rig (rig_bnxt0 and rig_bnxt1, over the model) and
 * through libibverbs on Soft-RoCE (rxe0), in one process, one after the
 * other.  scripts/bench/run-guest runs it in a guest booted with an IOMMU
 * (rig takes the process's own pages only there) and prints its rows in
 * scripts/bench/results.csv's columns:
 *
 *   workload,size,impl,bandwidth_MBps,msg_rate_Mpps,lat_typical_us,
 *   lat_avg_us,lat_p99_us,iterations,kicks_per_msg,count
 *
 * with the time of one call in the latency columns (typical is the median
 * of the repetitions, p99 the slowest of them) and the repetitions in
 * iterations:
 *
 *   reg, dereg  registering SIZE bytes and deregistering them, timed apart:
 *               rig_pages  rig_region_pages() of the process's memory
 *               rig_host   rig_region_host(): new memory, zeroed by the driver
 *               rxe        ibv_reg_mr() of the same memory as rig_pages
 *               The memory is touched before the first repetition, so both
 *               pin pages that are there and neither pays for faulting them in.
 *               Each repetition is a round of every kind in turn (rig_pages,
 *               rig_host, rxe, rig_pages, ...), so that what the machine does
 *               meanwhile falls on all alike.  --host-only: rig_host alone.
 *   connect     a connected pair, size 0: rig_qp_make(), rig_qp_endpoint()
 *               and rig_qp_connect() for both sides (rig_bnxt0 to rig_bnxt1);
 *               ibv_create_cq(), ibv_create_qp() and ibv_modify_qp() to INIT,
 *               RTR and RTS for both sides (rxe0 to itself): a rig queue pair
 *               has its completion ring, so an rxe one gets its own CQ.
 *               Destroying the pair is not timed.
 *   idle N      no rows: N pairs of rxe0 connected to each other, nothing
 *               posted, then "ready" on stdout, held until the process is
 *               killed (rxe's counterpart of rig_bench --idle, for
 *               ib_send_lat to run beside).
 *
 * Work is checked, so that a broken path cannot produce a figure: a rig
 * pages region of each size carries one message from its last bytes to
 * rig_bnxt1 (the bytes landed must be those of the process's memory); a
 * host region must have the length asked for, read back zeroed, and its
 * last 64 bytes, written, must land in rig_bnxt1 by a remote READ; an rxe
 * region of each size likewise carries one message to another queue pair;
 * every pair connected must be ready to send (RIG_QP_READY, IBV_QPS_RTS).
 */
#include <errno.h>
#include <getopt.h>
#include <glob.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <infiniband/verbs.h>
#include <rig/bnxt.h>

#include "bench.h"

#define REPS_MAX 1000
#define DEPTH    16			/* ring entries of a queue pair made */

struct opts {
	int reps;
	int gid;			/* rxe0's RoCE v2 GID index */
	bool rig;			/* rig's rows too */
	bool host_only;			/* rig_host rows only: no process memory */
};

/* Repetitions of one call, in microseconds. */
struct times {
	double us[REPS_MAX];
	int n;
};

static _Noreturn void die(const char *what, const char *why)
{
	fprintf(stderr, "reg_bench: %s: %s\n", what, why);
	exit(1);
}

/* libibverbs' calls that return an errno. */
static void check_verbs(int err, const char *what)
{
	if (err)
		die(what, strerror(err));
}

/* One row: the median, mean and slowest of @t. */
static void print_row(const char *workload, size_t size, const char *impl, struct times *t)
{
	double sum = 0;

	qsort(t->us, (size_t)t->n, sizeof(t->us[0]), cmp_double);
	for (int i = 0; i < t->n; i++)
		sum += t->us[i];
	printf("%s,%zu,%s,,,%.2f,%.2f,%.2f,%d,,\n", workload, size, impl, t->us[t->n / 2],
	       sum / t->n, t->us[t->n - 1], t->n);
	fflush(stdout);
}

/* Anonymous memory of @n bytes, every page touched. */
static void *touched(size_t n)
{
	void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE,
		       -1, 0);

	if (p == MAP_FAILED)
		die("mmap", strerror(errno));
	for (size_t i = 0; i < n; i += 4096)
		((unsigned char *)p)[i] = (unsigned char)(i >> 12);
	return p;
}

/* rig */

struct rig {
	struct rig_bnxt *nic0, *nic1;
};

/* The completion of one entry of @qp, waited for; it must have succeeded. */
static void rig_done(struct rig_qp *qp, const char *what)
{
	struct rig_completion c;

	check(rig_qp_wait(qp, 10000, &c), what);
	if (c.status)
		die(what, rig_status_message(c.status));
}

/* The last 64 bytes of pages region @r (at @p, @n bytes) sent to rig_bnxt1 land intact. */
static void rig_pages_carry(struct rig *g, struct rig_region *r, const unsigned char *p, size_t n)
{
	size_t k = n < 64 ? n : 64;
	unsigned char got[64];
	struct rig_region *dst;
	struct rig_qp *a, *b;

	check(rig_region_host(g->nic1, 4096, &dst), "rig_region_host");
	connect_pair(g->nic0, g->nic1, DEPTH, &a, &b);
	check(rig_qp_receive(b, dst, 0, k, 0), "rig_qp_receive");
	check(rig_qp_send(a, r, n - k, k, 0), "rig_qp_send");
	check(rig_qp_ring(a), "rig_qp_ring");
	rig_done(a, "send from a pages region");
	rig_done(b, "receive from a pages region");
	check(rig_region_read(dst, 0, got, k), "rig_region_read");
	if (memcmp(got, p + n - k, k))
		die("pages region", "the bytes sent are not those of the process's memory");
	destroy_pair(a, b);
	check(rig_region_deregister(dst), "rig_region_deregister");
}

/*
 * A remote READ from rig_bnxt1 of the last 64 bytes of host region @r of
 * @n bytes on rig_bnxt0, which were written with a pattern: the bytes
 * landed must be the pattern (the last block of the region's list).
 */
static void rig_host_read_last(struct rig *g, struct rig_region *r, size_t n)
{
	unsigned char want[64], got[64];
	struct rig_region *dst;
	struct rig_qp *a, *b;

	for (size_t i = 0; i < sizeof(want); i++)
		want[i] = (unsigned char)(n >> 12) ^ (unsigned char)(i * 37 + 1);
	check(rig_region_write(r, n - sizeof(want), want, sizeof(want)), "rig_region_write");
	check(rig_region_host(g->nic1, 4096, &dst), "rig_region_host");
	connect_pair(g->nic1, g->nic0, DEPTH, &a, &b);
	check(rig_qp_read_remote(a, dst, 0, rig_region_key(r), n - sizeof(want), sizeof(want), 0),
	      "rig_qp_read_remote");
	check(rig_qp_ring(a), "rig_qp_ring");
	rig_done(a, "remote read of a host region's last bytes");
	check(rig_region_read(dst, 0, got, sizeof(got)), "rig_region_read");
	if (memcmp(got, want, sizeof(want)))
		die("host region", "a remote read of its last bytes did not land what was written");
	destroy_pair(a, b);
	check(rig_region_deregister(dst), "rig_region_deregister");
}

/*
 * The bytes of page addresses the model holds for its registered
 * regions, summed over its functions (debugfs stats' mr_page_bytes), or
 * -1 when it does not say.
 */
static long long model_mr_bytes(void)
{
	long long sum = -1, v;
	char name[64];
	glob_t g;
	FILE *f;

	if (glob("/sys/kernel/debug/rig_soft/*/stats", 0, NULL, &g))
		return -1;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		f = fopen(g.gl_pathv[i], "r");
		if (!f)
			continue;
		while (fscanf(f, "%63s %lld", name, &v) == 2)
			if (!strcmp(name, "mr_page_bytes"))
				sum = (sum < 0 ? 0 : sum) + v;
		fclose(f);
	}
	globfree(&g);
	return sum;
}

/* rxe */

struct rxe {
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	union ibv_gid gid;
	int gid_index;
};

static void rxe_open(struct rxe *x, int gid_index)
{
	struct ibv_device **list = ibv_get_device_list(NULL);

	if (!list)
		die("ibv_get_device_list", strerror(errno));
	for (int i = 0; list[i] && !x->ctx; i++)
		if (!strcmp(ibv_get_device_name(list[i]), "rxe0"))
			x->ctx = ibv_open_device(list[i]);
	ibv_free_device_list(list);
	if (!x->ctx)
		die("rxe0", "no such device, or it cannot be opened");
	x->pd = ibv_alloc_pd(x->ctx);
	if (!x->pd)
		die("ibv_alloc_pd", strerror(errno));
	x->gid_index = gid_index;
	check_verbs(ibv_query_gid(x->ctx, 1, gid_index, &x->gid), "ibv_query_gid");
}

static void rxe_close(struct rxe *x)
{
	check_verbs(ibv_dealloc_pd(x->pd), "ibv_dealloc_pd");
	check_verbs(ibv_close_device(x->ctx), "ibv_close_device");
}

/* One side of an rxe pair. */
struct rxe_side {
	struct ibv_cq *cq;
	struct ibv_qp *qp;
};

static void rxe_make(struct rxe *x, struct rxe_side *s)
{
	struct ibv_qp_init_attr init = {
		.qp_type = IBV_QPT_RC,
		.cap = { .max_send_wr = 16, .max_recv_wr = 16, .max_send_sge = 1,
			 .max_recv_sge = 1 },
	};
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_INIT, .port_num = 1,
				 .qp_access_flags = IBV_ACCESS_REMOTE_READ };

	s->cq = ibv_create_cq(x->ctx, 32, NULL, NULL, 0);
	if (!s->cq)
		die("ibv_create_cq", strerror(errno));
	init.send_cq = init.recv_cq = s->cq;
	s->qp = ibv_create_qp(x->pd, &init);
	if (!s->qp)
		die("ibv_create_qp", strerror(errno));
	check_verbs(ibv_modify_qp(s->qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT |
				  IBV_QP_ACCESS_FLAGS), "ibv_modify_qp INIT");
}

/* Take @s through RTR to RTS, its peer @peer_qpn on the same port. */
static void rxe_ready(struct rxe *x, struct rxe_side *s, uint32_t peer_qpn)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_RTR, .path_mtu = IBV_MTU_1024, .dest_qp_num = peer_qpn,
		.rq_psn = 0, .max_dest_rd_atomic = 1, .min_rnr_timer = 12,
		.ah_attr = { .is_global = 1, .port_num = 1,
			     .grh = { .dgid = x->gid, .sgid_index = (uint8_t)x->gid_index,
				      .hop_limit = 1 } },
	};

	check_verbs(ibv_modify_qp(s->qp, &a, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU |
				  IBV_QP_DEST_QPN | IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC |
				  IBV_QP_MIN_RNR_TIMER), "ibv_modify_qp RTR");
	a = (struct ibv_qp_attr){ .qp_state = IBV_QPS_RTS, .timeout = 14, .retry_cnt = 7,
				  .rnr_retry = 7, .sq_psn = 0, .max_rd_atomic = 1 };
	check_verbs(ibv_modify_qp(s->qp, &a, IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT |
				  IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN | IBV_QP_MAX_QP_RD_ATOMIC),
		    "ibv_modify_qp RTS");
}

static void rxe_check_rts(struct rxe_side *s)
{
	struct ibv_qp_init_attr init;
	struct ibv_qp_attr a;

	check_verbs(ibv_query_qp(s->qp, &a, IBV_QP_STATE, &init), "ibv_query_qp");
	if (a.qp_state != IBV_QPS_RTS)
		die("ibv_modify_qp", "a queue pair connected is not ready to send");
}

static void rxe_destroy(struct rxe_side *s)
{
	check_verbs(ibv_destroy_qp(s->qp), "ibv_destroy_qp");
	check_verbs(ibv_destroy_cq(s->cq), "ibv_destroy_cq");
}

/* The completion of one entry on @cq, spun for; it must have succeeded. */
static void rxe_done(struct ibv_cq *cq, const char *what)
{
	double deadline = now() + 10;
	struct ibv_wc wc;
	int n;

	while (!(n = ibv_poll_cq(cq, 1, &wc)))
		if (now() > deadline)
			die(what, "no completion in 10 s");
	if (n < 0)
		die(what, "ibv_poll_cq failed");
	if (wc.status != IBV_WC_SUCCESS)
		die(what, ibv_wc_status_str(wc.status));
}

/* The last 64 bytes of @mr (at @p, @n bytes) sent to another queue pair land intact. */
static void rxe_carry(struct rxe *x, struct ibv_mr *mr, const unsigned char *p, size_t n)
{
	uint32_t k = n < 64 ? (uint32_t)n : 64;
	unsigned char got[64] = { 0 };
	struct ibv_mr *dst = ibv_reg_mr(x->pd, got, sizeof(got), IBV_ACCESS_LOCAL_WRITE);
	struct ibv_sge out = { (uintptr_t)(p + n - k), k, mr->lkey };
	struct ibv_sge in = { (uintptr_t)got, k, dst ? dst->lkey : 0 };
	struct ibv_send_wr send = { .sg_list = &out, .num_sge = 1, .opcode = IBV_WR_SEND,
				    .send_flags = IBV_SEND_SIGNALED }, *bad_send;
	struct ibv_recv_wr recv = { .sg_list = &in, .num_sge = 1 }, *bad_recv;
	struct rxe_side a, b;

	if (!dst)
		die("ibv_reg_mr", strerror(errno));
	rxe_make(x, &a);
	rxe_make(x, &b);
	rxe_ready(x, &a, b.qp->qp_num);
	rxe_ready(x, &b, a.qp->qp_num);
	check_verbs(ibv_post_recv(b.qp, &recv, &bad_recv), "ibv_post_recv");
	check_verbs(ibv_post_send(a.qp, &send, &bad_send), "ibv_post_send");
	rxe_done(a.cq, "send from an rxe region");
	rxe_done(b.cq, "receive from an rxe region");
	if (memcmp(got, p + n - k, k))
		die("rxe region", "the bytes sent are not those of the process's memory");
	rxe_destroy(&a);
	rxe_destroy(&b);
	check_verbs(ibv_dereg_mr(dst), "ibv_dereg_mr");
}

/* Registration */

/* The kinds of registration timed, named as in their rows. */
enum reg_kind { REG_RIG_PAGES, REG_RIG_HOST, REG_RXE };
static const char *const reg_impl[] = { "rig_pages", "rig_host", "rxe" };

/* What a registration is of, and what it made. */
struct reg_of {
	struct rig *g;
	struct rxe *x;
	unsigned char *p;		/* the process's memory: rig_pages, rxe */
	size_t n;
	struct rig_region *r;		/* rig's */
	struct ibv_mr *mr;		/* rxe's */
};

static void reg_make(enum reg_kind k, struct reg_of *o)
{
	int access = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ;

	if (k == REG_RIG_PAGES)
		check(rig_region_pages(o->g->nic0, o->p, o->n, &o->r), "rig_region_pages");
	else if (k == REG_RIG_HOST)
		check(rig_region_host(o->g->nic0, o->n, &o->r), "rig_region_host");
	else if (!(o->mr = ibv_reg_mr(o->x->pd, o->p, o->n, access)))
		die("ibv_reg_mr", strerror(errno));
}

/* Is what reg_make() made the memory asked for?  @first: carry a message too. */
static void reg_check(enum reg_kind k, struct reg_of *o, bool first)
{
	unsigned char b;

	if (k == REG_RXE) {
		if (o->mr->length != o->n || o->mr->addr != o->p)
			die("ibv_reg_mr", "the region is not the memory asked for");
		if (first)
			rxe_carry(o->x, o->mr, o->p, o->n);
		return;
	}
	if (rig_region_bytes(o->r) != o->n)
		die(reg_impl[k], "the region's length is not the one asked for");
	if (first)
		/* Nothing else is registered meanwhile: this region's alone. */
		fprintf(stderr, "memory: %s of %zu bytes: the model holds %lld bytes of page "
			"addresses for it\n", reg_impl[k], o->n, model_mr_bytes());
	if (k == REG_RIG_HOST) {
		check(rig_region_read(o->r, o->n - 1, &b, 1), "rig_region_read");
		if (b)
			die("rig_region_host", "the new memory is not zeroed");
		if (first)
			rig_host_read_last(o->g, o->r, o->n);
	} else if (first) {
		rig_pages_carry(o->g, o->r, o->p, o->n);
	}
}

static void reg_undo(enum reg_kind k, struct reg_of *o)
{
	if (k == REG_RXE)
		check_verbs(ibv_dereg_mr(o->mr), "ibv_dereg_mr");
	else
		check(rig_region_deregister(o->r), "rig_region_deregister");
}

/*
 * @reps rounds, each one registration of every kind in @kinds (@nk of
 * them) in turn, so that what the machine does meanwhile falls on all
 * kinds alike; each checked.  Their reg and dereg rows.
 */
static void time_reg(const enum reg_kind *kinds, int nk, struct reg_of *o, int reps)
{
	struct times reg[3], dereg[3];

	for (int k = 0; k < nk; k++) {
		reg[k] = (struct times){ .n = reps };
		dereg[k] = (struct times){ .n = reps };
	}
	for (int i = 0; i < reps; i++) {
		for (int k = 0; k < nk; k++) {
			double t0 = now();

			reg_make(kinds[k], o);
			reg[k].us[i] = (now() - t0) * 1e6;
			reg_check(kinds[k], o, !i);
			t0 = now();
			reg_undo(kinds[k], o);
			dereg[k].us[i] = (now() - t0) * 1e6;
		}
	}
	for (int k = 0; k < nk; k++) {
		print_row("reg", o->n, reg_impl[kinds[k]], &reg[k]);
		print_row("dereg", o->n, reg_impl[kinds[k]], &dereg[k]);
	}
}

/* Connection */

static void rig_connect_times(struct rig *g, int reps)
{
	struct times t = { .n = reps };
	struct rig_qp *a, *b;

	for (int i = 0; i < reps; i++) {
		double t0 = now();

		connect_pair(g->nic0, g->nic1, DEPTH, &a, &b);
		t.us[i] = (now() - t0) * 1e6;
		if (rig_qp_state(a) != RIG_QP_READY || rig_qp_state(b) != RIG_QP_READY)
			die("rig_qp_connect", "a queue pair connected is not ready");
		destroy_pair(a, b);
	}
	print_row("connect", 0, "rig", &t);
}

static void rxe_connect_times(struct rxe *x, int reps)
{
	struct times t = { .n = reps };
	struct rxe_side a, b;

	for (int i = 0; i < reps; i++) {
		double t0 = now();

		rxe_make(x, &a);
		rxe_make(x, &b);
		rxe_ready(x, &a, b.qp->qp_num);
		rxe_ready(x, &b, a.qp->qp_num);
		t.us[i] = (now() - t0) * 1e6;
		rxe_check_rts(&a);
		rxe_check_rts(&b);
		rxe_destroy(&a);
		rxe_destroy(&b);
	}
	print_row("connect", 0, "rxe", &t);
}

/* N pairs of rxe0 connected, held until the process is killed (idle N). */
static _Noreturn void rxe_hold_idle(struct rxe *x, int n)
{
	struct rxe_side *s = calloc(2 * (size_t)n, sizeof(*s));

	if (!s)
		die("idle", "out of memory");
	for (int i = 0; i < n; i++) {
		rxe_make(x, &s[2 * i]);
		rxe_make(x, &s[2 * i + 1]);
		rxe_ready(x, &s[2 * i], s[2 * i + 1].qp->qp_num);
		rxe_ready(x, &s[2 * i + 1], s[2 * i].qp->qp_num);
	}
	printf("ready\n");
	fflush(stdout);
	for (;;)
		pause();
}

/* Command line */

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: reg_bench [OPTIONS] reg SIZE...\n"
		"       reg_bench [OPTIONS] connect\n"
		"       reg_bench [OPTIONS] idle N\n"
		"Time registering and deregistering SIZE bytes (K, M and G suffixes), or\n"
		"connecting a pair of queue pairs, through rig (rig_bnxt0, rig_bnxt1) and\n"
		"rxe0; print CSV rows (see the top of reg_bench.c); or hold N idle pairs of\n"
		"rxe0 until killed.\n"
		"\n"
		"  -r, --reps N     repetitions, the median printed (default 5)\n"
		"  -g, --gid N      rxe0's RoCE v2 GID index (connect needs it; default 0)\n"
		"      --no-rxe     rig only\n"
		"      --no-rig     rxe only\n"
		"      --host-only  rig_host rows only, and no memory of the process: sizes\n"
		"                   past half the machine's memory\n"
		"  -H, --header     print the CSV header first\n"
		"  -h, --help       this text\n");
}

static size_t parse_size(const char *s)
{
	unsigned long long v;

	if (!parse_bytes(s, &v) || v % 4096) {
		fprintf(stderr, "reg_bench: bad size '%s' (a multiple of 4096)\n", s);
		exit(2);
	}
	return (size_t)v;
}

static void run_reg(struct rig *g, struct rxe *x, const struct opts *o, char **sizes, int n)
{
	for (int i = 0; i < n; i++) {
		size_t size = parse_size(sizes[i]);
		unsigned char *p = o->host_only ? NULL : touched(size);
		struct reg_of of = { .g = g, .x = x, .p = p, .n = size };
		enum reg_kind kinds[3];
		int nk = 0;

		if (g && !o->host_only) {
			if (rig_bnxt_iommu(g->nic0) == 1)
				kinds[nk++] = REG_RIG_PAGES;
			else
				fprintf(stderr, "reg_bench: rig_bnxt0 is not behind an IOMMU: "
					"no rig_pages rows (boot with scripts/vm-run --iommu)\n");
		}
		if (g)
			kinds[nk++] = REG_RIG_HOST;
		if (x && !o->host_only)
			kinds[nk++] = REG_RXE;
		time_reg(kinds, nk, &of, o->reps);
		if (p)
			munmap(p, size);
	}
}

int main(int argc, char **argv)
{
	static const struct option longs[] = {
		{ "reps", required_argument, NULL, 'r' },
		{ "gid", required_argument, NULL, 'g' },
		{ "no-rxe", no_argument, NULL, 'X' },
		{ "no-rig", no_argument, NULL, 'R' },
		{ "host-only", no_argument, NULL, 'O' },
		{ "header", no_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o = { .reps = 5, .gid = 0, .rig = true };
	struct rig g = { NULL, NULL };
	struct rxe x = { 0 };
	bool header = false, rxe = true, reg;
	int c;

	while ((c = getopt_long(argc, argv, "r:g:Hh", longs, NULL)) != -1) {
		switch (c) {
		case 'r': o.reps = atoi(optarg); break;
		case 'g': o.gid = atoi(optarg); break;
		case 'X': rxe = false; break;
		case 'R': o.rig = false; break;
		case 'O': o.host_only = true; break;
		case 'H': header = true; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (o.reps < 1 || o.reps > REPS_MAX || o.gid < 0 || optind >= argc) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[optind], "idle")) {
		if (optind + 2 != argc || atoi(argv[optind + 1]) < 1) {
			usage(stderr);
			return 2;
		}
		rxe_open(&x, o.gid);
		rxe_hold_idle(&x, atoi(argv[optind + 1]));
	}
	reg = !strcmp(argv[optind], "reg");
	if ((!reg && strcmp(argv[optind], "connect")) || (reg && optind + 1 == argc) ||
	    (!reg && optind + 1 != argc)) {
		usage(stderr);
		return 2;
	}
	if (header)
		puts(BENCH_CSV_HEADER);
	if (o.rig) {
		check(rig_bnxt_open("rig_bnxt0", &g.nic0), "open rig_bnxt0");
		check(rig_bnxt_open("rig_bnxt1", &g.nic1), "open rig_bnxt1");
	}
	if (rxe)
		rxe_open(&x, o.gid);
	if (reg) {
		run_reg(o.rig ? &g : NULL, rxe ? &x : NULL, &o, argv + optind + 1,
			argc - optind - 1);
	} else {
		if (o.rig)
			rig_connect_times(&g, o.reps);
		if (rxe)
			rxe_connect_times(&x, o.reps);
	}
	if (rxe)
		rxe_close(&x);
	rig_bnxt_close(g.nic0);
	rig_bnxt_close(g.nic1);
	return 0;
}
