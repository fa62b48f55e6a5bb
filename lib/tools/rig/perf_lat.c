// SPDX-License-Identifier: BSD-2-Clause
/*
 * send-lat: ping-pong between the device's queue pair (A) and the
 * peer's (B), in one thread: A sends, B takes the receive and sends
 * back, A takes that receive; the time of the round trip is one sample.
 * Each side keeps one receive posted ahead, reposted as soon as it is
 * taken, so no receive is left over when a size ends (a leftover small
 * receive would refuse the next, larger size).  The first round trip of
 * each size carries a pattern each way and is checked.
 */
#include <stdio.h>
#include <stdlib.h>

#include "perf.h"
#include "stats.h"

/**
 * struct lat_side - one end of the ping-pong
 * @qp: its queue pair
 * @src: what it sends
 * @dst: where its receives land
 * @name: "ping (rig_bnxt0)" or "pong (rig_bnxt1)", for messages
 * @sent: sends posted
 * @sent_done: send completions taken
 */
struct lat_side {
	struct rig_qp *qp;
	struct rig_region *src, *dst;
	char name[80];
	uint64_t sent, sent_done;
};

static int lat_post_receive(struct perf *p, struct lat_side *s)
{
	return perf_librig(p, rig_qp_receive(s->qp, s->dst, 0, p->bytes, 0), "post a receive");
}

static int lat_send(struct perf *p, struct lat_side *s)
{
	if (perf_librig(p, rig_qp_send(s->qp, s->src, 0, p->bytes, s->sent), "post a send") ||
	    perf_librig(p, rig_qp_ring(s->qp), "ring"))
		return -1;
	s->sent++;
	return 0;
}

/*
 * Take @s's completions until a receive comes, counting the sends that
 * complete on the way: 0, or -1 after an error.
 */
static int lat_receive(struct perf *p, struct lat_side *s)
{
	struct rig_completion c;

	for (;;) {
		if (perf_next(p, s->qp, s->name, &c))
			return -1;
		if (c.op == RIG_RECEIVE)
			break;
		s->sent_done++;
	}
	if (c.bytes != p->bytes)
		return perf_fail(p, "%s received %u bytes of %zu", s->name, c.bytes, p->bytes);
	return 0;
}

/*
 * One round trip.  @more: each side will need a receive for another
 * round trip, so each reposts at once the one it takes.
 */
static int lat_round_trip(struct perf *p, struct lat_side *a, struct lat_side *b, bool more)
{
	if (lat_send(p, a) || lat_receive(p, b) || (more && lat_post_receive(p, b)) ||
	    lat_send(p, b) || lat_receive(p, a) || (more && lat_post_receive(p, a)))
		return -1;
	return 0;
}

/* Take the send completions still due, so the next size starts clean. */
static int lat_drain(struct perf *p, struct lat_side *s)
{
	struct rig_completion c;

	while (s->sent_done < s->sent) {
		if (perf_next(p, s->qp, s->name, &c))
			return -1;
		if (c.op != RIG_SEND)
			return perf_fail(p, "%s: a receive completed where none was posted",
					 s->name);
		s->sent_done++;
	}
	return 0;
}

/* The first round trip: a pattern each way, checked where it landed. */
static int lat_check(struct perf *p, struct lat_side *a, struct lat_side *b)
{
	unsigned int salt = (unsigned int)p->bytes * 4;

	if (perf_fill(p, a->src, b->dst, salt) || perf_fill(p, b->src, a->dst, salt + 1) ||
	    lat_round_trip(p, a, b, true))
		return -1;
	if (perf_verify(p, b->dst, salt, "the first ping") ||
	    perf_verify(p, a->dst, salt + 1, "the first pong"))
		return -1;
	return 0;
}

/* The timed round trips, into @rtt. */
static int lat_loop(struct perf *p, struct lat_side *a, struct lat_side *b, uint64_t *rtt)
{
	for (uint64_t i = 0; i < p->iters; i++) {
		uint64_t start = perf_now(), end;

		if (lat_round_trip(p, a, b, i + 1 < p->iters))
			return -1;
		end = perf_now();
		rtt[i] = end - start;
		perf_progress(p, i + 1, end);
	}
	return 0;
}

static int send_lat_size(struct perf *p, void *result)
{
	struct lat_side a = { .qp = p->qa, .src = p->a_src, .dst = p->a_dst };
	struct lat_side b = { .qp = p->qb, .src = p->b_src, .dst = p->b_dst };
	uint64_t *rtt = malloc(p->iters * sizeof(*rtt));
	int ret = -1;

	snprintf(a.name, sizeof(a.name), "ping (%s)", p->run.device);
	snprintf(b.name, sizeof(b.name), "pong (%s)", p->run.peer);

	if (!rtt)
		return perf_fail(p, "out of memory for %llu samples", (unsigned long long)p->iters);
	if (lat_post_receive(p, &a) || lat_post_receive(p, &b) || lat_check(p, &a, &b) ||
	    lat_loop(p, &a, &b, rtt) || lat_drain(p, &a) || lat_drain(p, &b))
		goto out;
	lat_stats(rtt, p->iters, p->bytes, result);
	ret = 0;
out:
	free(rtt);
	return ret;
}

int perf_send_lat(const struct cli *cli)
{
	static const struct perf_test t = {
		.name = "send-lat",
		.kind = PERF_SEND_LAT,
		.two_nics = true,
		.latency = true,
		.regions = PERF_A_SRC | PERF_A_DST | PERF_B_SRC | PERF_B_DST,
		.size = send_lat_size,
	};

	return perf_run(cli, &t);
}
