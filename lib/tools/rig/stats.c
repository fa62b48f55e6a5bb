// SPDX-License-Identifier: BSD-2-Clause
/*
 * Bandwidth and latency arithmetic over nanosecond timestamps.  No
 * clock is read here: the tests pass every time in.
 */
#include <stdlib.h>

#include "stats.h"

void bw_meter_start(struct bw_meter *m, uint64_t now_ns, size_t bytes, uint32_t window)
{
	*m = (struct bw_meter){
		.start_ns = now_ns,
		.window_ns = now_ns,
		.window = window ? window : 1,
		.bytes = bytes,
	};
}

void bw_meter_done(struct bw_meter *m, uint64_t now_ns)
{
	m->done++;
	if (++m->in_window < m->window)
		return;
	/* A window ended: its bytes over its time, when the clock moved. */
	if (now_ns > m->window_ns) {
		double bps = (double)m->window * (double)m->bytes * 1e9 /
			     (double)(now_ns - m->window_ns);

		if (bps > m->peak_bps)
			m->peak_bps = bps;
	}
	m->window_ns = now_ns;
	m->in_window = 0;
}

void bw_meter_result(const struct bw_meter *m, uint64_t end_ns, struct bw_result *r)
{
	double seconds = end_ns > m->start_ns ? (double)(end_ns - m->start_ns) / 1e9 : 0;

	r->bytes = m->bytes;
	r->iters = m->done;
	r->seconds = seconds;
	r->avg_bps = seconds > 0 ? (double)m->done * (double)m->bytes / seconds : 0;
	r->rate_pps = seconds > 0 ? (double)m->done / seconds : 0;
	/* No whole window, or none faster than the whole: the average. */
	r->peak_bps = m->peak_bps > r->avg_bps ? m->peak_bps : r->avg_bps;
}

static int stats_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

uint64_t stats_percentile(const uint64_t *v, size_t n, unsigned int permille)
{
	/* Nearest rank: ceil(permille * n / 1000), counted from 1; in integers. */
	uint64_t rank = ((uint64_t)permille * n + 999) / 1000;

	if (rank == 0)
		rank = 1;
	return v[rank <= n ? rank - 1 : n - 1];
}

void lat_stats(uint64_t *rtt_ns, size_t n, size_t bytes, struct lat_result *r)
{
	/* One-way: half a round trip, in microseconds. */
	const double us = 0.5 / 1000.0;
	double sum = 0;

	qsort(rtt_ns, n, sizeof(*rtt_ns), stats_cmp);
	for (size_t i = 0; i < n; i++)
		sum += (double)rtt_ns[i];
	r->bytes = bytes;
	r->iters = n;
	r->min_us = (double)rtt_ns[0] * us;
	r->max_us = (double)rtt_ns[n - 1] * us;
	r->avg_us = sum / (double)n * us;
	r->typical_us = (double)stats_percentile(rtt_ns, n, 500) * us;
	r->p99_us = (double)stats_percentile(rtt_ns, n, 990) * us;
	r->p999_us = (double)stats_percentile(rtt_ns, n, 999) * us;
}
