// SPDX-License-Identifier: BSD-2-Clause
/*
 * What the performance tests share: opening the NICs, two connected
 * queue pairs, regions of the largest size (their memory: perf_mem.c),
 * the check of the first message, taking completions, the progress line,
 * and the loop over sizes that prints each result.  The tests' own loops
 * are in perf_bw.c and perf_lat.c.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nics.h"
#include "perf.h"
#include "stats.h"

uint64_t perf_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

void perf_progress_clear(struct perf *p)
{
	out_progress_clear(stderr, p->progress.width);
	p->progress.width = 0;
}

int perf_fail(struct perf *p, const char *fmt, ...)
{
	va_list ap;

	perf_progress_clear(p);
	fprintf(stderr, "rig %s: ", p->run.test);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

int perf_librig(struct perf *p, int ret, const char *what)
{
	if (ret >= 0)
		return 0;
	return perf_fail(p, "%s: %s", what, rig_error());
}

static const char *perf_op_name(enum rig_op op)
{
	return op == RIG_SEND ? "send" : op == RIG_RECEIVE ? "receive" : "read";
}

/* A completion that ended badly: say how, with the NIC's own code. */
static int perf_bad_status(struct perf *p, const char *side, const struct rig_completion *c)
{
	return perf_fail(p, "%s (%zu bytes): a %s failed: %s (vendor status %#x)", side, p->bytes,
			 perf_op_name(c->op), rig_status_message(c->status), c->vendor);
}

int perf_take_batch(struct perf *p, struct rig_qp *qp, const char *side,
		    struct rig_completion *c, unsigned int n)
{
	int ret = rig_qp_poll_batch(qp, c, n);

	if (ret < 0)
		return perf_librig(p, ret, side);
	for (int i = 0; i < ret; i++)
		if (c[i].status)
			return perf_bad_status(p, side, &c[i]);
	return ret;
}

int perf_take(struct perf *p, struct rig_qp *qp, const char *side, struct rig_completion *c)
{
	int ret = rig_qp_poll(qp, c);

	if (ret < 0)
		return perf_librig(p, ret, side);
	if (ret && c->status)
		return perf_bad_status(p, side, c);
	return ret;
}

uint64_t perf_stall_ns(const struct perf *p)
{
	return PERF_STALL_NS + (uint64_t)p->bytes * PERF_STALL_NS_PER_MIB / (1024 * 1024);
}

int perf_wait(struct perf *p, struct rig_qp *qp, const char *side, enum rig_op want)
{
	struct rig_completion c;
	int ret = rig_qp_wait(qp, (int)(perf_stall_ns(p) / 1000000), &c);

	if (ret < 0)
		return perf_librig(p, ret, side);
	if (ret == 0)
		return perf_fail(p, "%s (%zu bytes): nothing completed in %.0f s", side, p->bytes,
				 perf_stall_ns(p) / 1e9);
	if (c.status)
		return perf_bad_status(p, side, &c);
	if (c.op != want)
		return perf_fail(p, "%s: a %s completed where a %s was due", side,
				 perf_op_name(c.op), perf_op_name(want));
	if (c.bytes != p->bytes)
		return perf_fail(p, "%s: moved %u bytes of %zu", side, c.bytes, p->bytes);
	return 0;
}

/* Sleep in rig_qp_wait() until a completion: 1, 0 when none came in @ms, -1. */
static int perf_sleep(struct perf *p, struct rig_qp *qp, const char *side, int ms,
		      struct rig_completion *c)
{
	int ret = rig_qp_wait(qp, ms, c);

	if (ret < 0)
		return perf_librig(p, ret, side);
	if (ret && c->status)
		return perf_bad_status(p, side, c);
	return ret;
}

/* Nothing for perf_stall_ns(): -1 after saying so. */
static int perf_stalled(struct perf *p, uint64_t start, uint64_t now)
{
	double secs = perf_stall_ns(p) / 1e9;

	if (now - start < perf_stall_ns(p))
		return 0;
	if (p->oob)
		return perf_fail(p, "%zu bytes: nothing completed for %.0f s: the peer sent nothing, or the two NICs cannot reach each other",
				 p->bytes, secs);
	return perf_fail(p, "%zu bytes: nothing completed for %.0f s; the NIC stopped answering",
			 p->bytes, secs);
}

int perf_next(struct perf *p, struct rig_qp *qp, const char *side, struct rig_completion *c)
{
	uint64_t start = perf_now(), now = start;
	unsigned int spins = 0;
	int ret;

	/* Spin: the cheapest wait when the NIC runs beside us. */
	while (now - start < p->spin_ns) {
		ret = perf_take(p, qp, side, c);
		if (ret)
			return ret < 0 ? -1 : 0;
		if (++spins % 64 == 0) {
			now = perf_now();
			if (perf_stalled(p, start, now))
				return -1;
		}
	}
	/* Sleep: frees the CPU for the model's thread on a small machine. */
	for (;;) {
		ret = perf_sleep(p, qp, side, 100, c);
		if (ret)
			return ret < 0 ? -1 : 0;
		if (perf_stalled(p, start, perf_now()))
			return -1;
	}
}

void perf_progress(struct perf *p, uint64_t done, uint64_t now)
{
	struct progress *pr = &p->progress;

	if (!pr->on || now < pr->next_ns)
		return;
	pr->width = out_progress(stderr, p->run.test, p->bytes, done, p->iters,
				 (double)(now - pr->start_ns) / 1e9, pr->width);
	pr->next_ns = now + 250000000ULL;
}

/* Byte @i of pattern @salt: changes with the position, the 256-byte block and the salt. */
static unsigned char perf_pattern(size_t i, unsigned int salt)
{
	return (unsigned char)(i * 131u + (i >> 8) * 7u + salt * 29u + 1u);
}

int perf_pattern_write(struct perf *p, struct rig_region *r, size_t n, unsigned int salt,
		       bool flip)
{
	unsigned char mask = flip ? 0xff : 0;

	for (size_t i = 0; i < n; i++)
		p->check[i] = perf_pattern(i, salt) ^ mask;
	return perf_mem_write(p, r, p->check, n, flip ? "clear the target" : "write the pattern");
}

int perf_fill(struct perf *p, struct rig_region *src, struct rig_region *dst, unsigned int salt)
{
	if (perf_pattern_write(p, src, p->bytes, salt, false))
		return -1;
	return perf_pattern_write(p, dst, p->bytes, salt, true);
}

int perf_verify(struct perf *p, struct rig_region *dst, unsigned int salt, const char *what)
{
	if (perf_mem_read(p, dst, p->check, p->bytes, "read the target"))
		return -1;
	for (size_t i = 0; i < p->bytes; i++) {
		unsigned char want = perf_pattern(i, salt);

		if (p->check[i] != want)
			return perf_fail(p, "%s of %zu bytes arrived wrong: byte %zu is %#04x, not %#04x",
					 what, p->bytes, i, p->check[i], want);
	}
	return 0;
}

/* Open the device and, for a test between two NICs, the peer. */
int perf_open(struct perf *p, const struct perf_test *t)
{
	static struct nic_list list;
	enum nics_state state = nics_list(&list);
	const char *device = p->cli->device ? p->cli->device : "rig_bnxt0";
	const char *peer;

	if (state != NICS_FOUND) {
		nics_explain(stderr, state);
		return -1;
	}
	if (nic_open(&list, device, &p->a))
		return -1;
	p->run.device = nic_basename(device);
	p->run.kind = rig_bnxt_kind(p->a) == RIG_KIND_PCI ? "pci" : "soft";
	peer = t->two_nics && p->cli->peer ? p->cli->peer :
	       t->two_nics ? nics_default_peer(&list, p->run.device) : p->run.device;
	p->run.peer = nic_basename(peer);
	if (!strcmp(p->run.peer, p->run.device)) {
		p->b = p->a;
		return 0;
	}
	return nic_open(&list, peer, &p->b);
}

/* Two queue pairs, @qa of the device and @qb of the peer, connected. */
static int perf_connect(struct perf *p)
{
	struct rig_endpoint ea, eb;
	uint32_t entries = p->cli->entries;

	if (perf_librig(p, rig_qp_make(p->a, entries, &p->qa), "make a queue pair") ||
	    perf_librig(p, rig_qp_make(p->b, entries, &p->qb), "make a queue pair") ||
	    perf_librig(p, rig_qp_endpoint(p->qa, &ea), "endpoint") ||
	    perf_librig(p, rig_qp_endpoint(p->qb, &eb), "endpoint") ||
	    perf_librig(p, rig_qp_connect(p->qa, &eb), "connect") ||
	    perf_librig(p, rig_qp_connect(p->qb, &ea), "connect"))
		return -1;
	return 0;
}

/* The regions @t uses, each of the largest size, and the check buffer. */
static int perf_regions(struct perf *p, const struct perf_test *t)
{
	size_t max = p->cli->sizes[p->cli->nsizes - 1];
	struct {
		unsigned int bit;
		struct rig_bnxt *nic;
		struct rig_region **r;
	} want[] = {
		{ PERF_A_SRC, p->a, &p->a_src }, { PERF_A_DST, p->a, &p->a_dst },
		{ PERF_B_SRC, p->b, &p->b_src }, { PERF_B_DST, p->b, &p->b_dst },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if ((t->regions & want[i].bit) && perf_region(p, want[i].nic, max, want[i].r))
			return -1;
	p->check = malloc(max);
	if (!p->check)
		return perf_fail(p, "out of memory for a %zu-byte buffer", max);
	return 0;
}

void perf_close(struct perf *p)
{
	/* Closing a NIC destroys its queue pairs and regions. */
	if (p->b && p->b != p->a)
		rig_bnxt_close(p->b);
	rig_bnxt_close(p->a);
	perf_mem_free(p);
	free(p->check);
}

static void perf_print_row(const struct perf_test *t, const void *result)
{
	if (t->latency)
		out_lat_row(stdout, result);
	else
		out_bw_row(stdout, result);
	fflush(stdout);
}

void perf_header(const struct perf *p, const struct perf_test *t)
{
	if (!p->cli->json && !p->cli->quiet)
		out_banner(stdout, &p->run, t->latency);
	if (!p->cli->json) {
		t->latency ? out_lat_header(stdout) : out_bw_header(stdout);
		fflush(stdout);
	}
}

int perf_each_size(struct perf *p, const struct perf_test *t,
		   int (*size)(struct perf *p, void *result), void *results)
{
	const struct cli *cli = p->cli;
	size_t each = t->latency ? sizeof(struct lat_result) : sizeof(struct bw_result);

	for (unsigned int i = 0; i < cli->nsizes; i++) {
		void *result = (char *)results + i * each;

		p->bytes = cli->sizes[i];
		p->iters = cli_iters(cli, p->bytes);
		p->progress.start_ns = perf_now();
		p->progress.next_ns = p->progress.start_ns + 1000000000ULL;
		if (size(p, result))
			return -1;
		perf_progress_clear(p);
		if (!cli->json)
			perf_print_row(t, result);
	}
	return 0;
}

/* Run every size into @results between the banner and the closing rule. */
static int perf_sizes(struct perf *p, const struct perf_test *t, void *results)
{
	const struct cli *cli = p->cli;

	perf_header(p, t);
	if (perf_each_size(p, t, t->size, results))
		return -1;
	if (!cli->json && !cli->quiet)
		out_rule(stdout, t->latency);
	return 0;
}

void *perf_init(struct perf *p, const struct cli *cli, const struct perf_test *t, size_t n)
{
	void *results = calloc(n, t->latency ? sizeof(struct lat_result) :
					       sizeof(struct bw_result));

	*p = (struct perf){ .cli = cli };
	p->run.test = t->name;
	p->run.entries = cli->entries;
	p->run.memory = cli->mem == CLI_MEM_DMABUF ? "dma-buf" : "host";
	p->progress.on = isatty(STDERR_FILENO) && !cli->json && !cli->quiet;
	p->spin_ns = cli->wait == CLI_WAIT_EVENTS ? 0 :
		     cli->wait == CLI_WAIT_POLL ? UINT64_MAX : PERF_SPIN_NS;
	if (!results)
		fprintf(stderr, "rig %s: out of memory\n", t->name);
	return results;
}

void perf_json(const struct perf *p, const struct perf_test *t, const void *results, size_t n)
{
	if (p->cli->json && t->latency)
		out_lat_json(stdout, &p->run, results, n);
	else if (p->cli->json)
		out_bw_json(stdout, &p->run, results, n);
}

int perf_run(const struct cli *cli, const struct perf_test *t)
{
	struct perf p;
	void *results;
	int status = 1;

	if (cli_oob(cli))
		return perf_oob_run(cli, t);
	results = perf_init(&p, cli, t, cli->nsizes);
	if (!results)
		return 1;
	if (perf_open(&p, t) || perf_connect(&p) || perf_regions(&p, t) ||
	    perf_sizes(&p, t, results))
		goto out;
	perf_json(&p, t, results, cli->nsizes);
	status = 0;
out:
	perf_close(&p);
	free(results);
	return status;
}
