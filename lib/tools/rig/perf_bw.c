// SPDX-License-Identifier: BSD-2-Clause
/*
 * send-bw and read-bw: keep a queue pair's send ring full and count
 * completions.  send-bw sends from the device's queue pair to the
 * peer's, which keeps receives posted; read-bw reads through a second
 * queue pair of the same NIC.  Each size first moves one message with a
 * pattern and checks it, then times the rest.
 */
#include "perf.h"
#include "stats.h"

/* Messages posted and completed so far: receives (send-bw) and sends or reads. */
struct bw_counts {
	uint64_t posted_r, done_r;
	uint64_t posted, done;
};

/* A pattern per size and direction, so a stale message shows. */
static unsigned int bw_salt(const struct perf *p, unsigned int dir)
{
	return (unsigned int)(p->bytes * 2 + dir);
}

/* Completions taken by one rig_qp_poll_batch(), as perftest's CTX_POLL_BATCH. */
#define BW_BATCH 16

/* Take what completed on @qp: -1 after an error, else how many. */
static int bw_reap(struct perf *p, struct rig_qp *qp, const char *side, enum rig_op want,
		   uint64_t *done)
{
	struct rig_completion c[BW_BATCH];
	int n = 0, ret;

	while ((ret = perf_take_batch(p, qp, side, c, BW_BATCH)) > 0) {
		for (int i = 0; i < ret; i++)
			if (c[i].op != want)
				return perf_fail(p, "%s: a completion of another kind (%d)", side,
						 c[i].op);
		*done += (uint64_t)ret;
		n += ret;
	}
	return ret < 0 ? -1 : n;
}

/*
 * Nothing completed in a pass: wait for the next completion of the
 * queue pair that owes one, the sender's (or reader's) while it has
 * entries out, else @rq's receives.  Return: -1, or 1 for a send or read.
 */
static int bw_next(struct perf *p, struct bw_counts *k, const char *side, struct rig_qp *rq)
{
	struct rig_completion c;
	bool sq = k->done < k->posted;

	if (perf_next(p, sq ? p->qa : rq, sq ? side : "receive", &c))
		return -1;
	if (c.op == RIG_RECEIVE) {
		k->done_r++;
		return 0;
	}
	k->done++;
	return 1;
}

/* After a pass: @n sends or reads completed at one time; draw the progress line. */
static void bw_tick(struct perf *p, struct bw_meter *m, int n, uint64_t done)
{
	uint64_t now = perf_now();

	for (int i = 0; i < n; i++)
		bw_meter_done(m, now);
	perf_progress(p, done, now);
}

/* send-bw: receives first (each send needs one), then sends, one ring a batch. */
static int send_bw_post(struct perf *p, struct bw_counts *k)
{
	uint32_t entries = p->cli->entries;
	uint64_t sends = 0;

	while (k->posted_r < p->iters && k->posted_r - k->done_r < entries) {
		if (perf_librig(p, rig_qp_receive(p->qb, p->b_dst, 0, p->bytes, k->posted_r),
				"post a receive"))
			return -1;
		k->posted_r++;
	}
	while (k->posted < k->posted_r && k->posted - k->done < entries) {
		if (perf_librig(p, rig_qp_send(p->qa, p->a_src, 0, p->bytes, k->posted),
				"post a send"))
			return -1;
		k->posted++;
		sends++;
	}
	return sends ? perf_librig(p, rig_qp_ring(p->qa), "ring") : 0;
}

/* One message with a pattern, checked where it landed. */
static int send_bw_check(struct perf *p)
{
	unsigned int salt = bw_salt(p, 0);

	if (perf_fill(p, p->a_src, p->b_dst, salt) ||
	    perf_librig(p, rig_qp_receive(p->qb, p->b_dst, 0, p->bytes, 0), "post a receive") ||
	    perf_librig(p, rig_qp_send(p->qa, p->a_src, 0, p->bytes, 0), "post a send") ||
	    perf_librig(p, rig_qp_ring(p->qa), "ring") ||
	    perf_wait(p, p->qb, "receive", RIG_RECEIVE) ||
	    perf_wait(p, p->qa, "send", RIG_SEND))
		return -1;
	return perf_verify(p, p->b_dst, salt, "the first message");
}

static int send_bw_size(struct perf *p, void *result)
{
	struct bw_counts k = { 0 };
	struct bw_meter m;
	int n, r;

	if (send_bw_check(p))
		return -1;
	bw_meter_start(&m, perf_now(), p->bytes, p->cli->entries);
	while (k.done < p->iters || k.done_r < p->iters) {
		if (send_bw_post(p, &k))
			return -1;
		n = bw_reap(p, p->qa, "send", RIG_SEND, &k.done);
		r = bw_reap(p, p->qb, "receive", RIG_RECEIVE, &k.done_r);
		if (n == 0 && r == 0)
			n = bw_next(p, &k, "send", p->qb);
		if (n < 0 || r < 0)
			return -1;
		bw_tick(p, &m, n, k.done);
	}
	bw_meter_result(&m, perf_now(), result);
	return 0;
}

/* read-bw: as many reads as the ring holds, one ring a batch. */
static int read_bw_post(struct perf *p, struct bw_counts *k)
{
	uint32_t entries = p->cli->entries;
	uint64_t reads = 0;

	while (k->posted < p->iters && k->posted - k->done < entries) {
		if (perf_librig(p, rig_qp_read(p->qa, p->a_src, 0, p->a_dst, 0, p->bytes,
					       k->posted), "post a read"))
			return -1;
		k->posted++;
		reads++;
	}
	return reads ? perf_librig(p, rig_qp_ring(p->qa), "ring") : 0;
}

static int read_bw_check(struct perf *p)
{
	unsigned int salt = bw_salt(p, 1);

	if (perf_fill(p, p->a_src, p->a_dst, salt) ||
	    perf_librig(p, rig_qp_read(p->qa, p->a_src, 0, p->a_dst, 0, p->bytes, 0),
			"post a read") ||
	    perf_librig(p, rig_qp_ring(p->qa), "ring") ||
	    perf_wait(p, p->qa, "read", RIG_READ))
		return -1;
	return perf_verify(p, p->a_dst, salt, "the first read");
}

static int read_bw_size(struct perf *p, void *result)
{
	struct bw_counts k = { 0 };
	struct bw_meter m;
	int n;

	if (read_bw_check(p))
		return -1;
	bw_meter_start(&m, perf_now(), p->bytes, p->cli->entries);
	while (k.done < p->iters) {
		if (read_bw_post(p, &k))
			return -1;
		n = bw_reap(p, p->qa, "read", RIG_READ, &k.done);
		if (n == 0)
			n = bw_next(p, &k, "read", NULL);
		if (n < 0)
			return -1;
		bw_tick(p, &m, n, k.done);
	}
	bw_meter_result(&m, perf_now(), result);
	return 0;
}

int perf_send_bw(const struct cli *cli)
{
	static const struct perf_test t = {
		.name = "send-bw",
		.kind = PERF_SEND_BW,
		.two_nics = true,
		.regions = PERF_A_SRC | PERF_B_DST,
		.size = send_bw_size,
	};

	return perf_run(cli, &t);
}

int perf_read_bw(const struct cli *cli)
{
	static const struct perf_test t = {
		.name = "read-bw",
		.kind = PERF_READ_BW,
		.regions = PERF_A_SRC | PERF_A_DST,
		.size = read_bw_size,
	};

	return perf_run(cli, &t);
}
