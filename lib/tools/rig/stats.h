/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Turning timestamps into results.  stats.c owns the arithmetic of peak
 * and average bandwidth and of latency percentiles; timestamps come in
 * as nanoseconds, so the unit tests feed it made-up clocks.
 */
#ifndef RIG_TOOL_STATS_H
#define RIG_TOOL_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "output.h"

/**
 * struct bw_meter - bandwidth of a run, completion by completion
 *
 * The average is every byte over the time from the first post to the
 * last completion.  The peak is the best of the windows of @window
 * consecutive completions (the ring size: one ring's worth of messages),
 * each timed from the completion that ended the window before it; a run
 * shorter than one window has its average as its peak.
 */
struct bw_meter {
	uint64_t start_ns;	/* the first post */
	uint64_t window_ns;	/* the start of the current window */
	uint64_t done;		/* completions so far */
	uint32_t in_window;	/* completions in the current window */
	uint32_t window;	/* completions a window */
	size_t bytes;		/* each message's */
	double peak_bps;	/* best window so far, 0 before the first */
};

void bw_meter_start(struct bw_meter *m, uint64_t now_ns, size_t bytes, uint32_t window);
void bw_meter_done(struct bw_meter *m, uint64_t now_ns);
void bw_meter_result(const struct bw_meter *m, uint64_t end_ns, struct bw_result *r);

/**
 * lat_stats() - latency results of round trips
 * @rtt_ns: each round trip in nanoseconds; sorted in place
 * @n: how many, at least one
 * @bytes: the message size, copied into @r
 * @r: the results: one-way latency, half of each round trip (as
 *     perftest's send_lat reports), in microseconds
 *
 * Percentiles are nearest-rank: the p-th is the smallest sample with at
 * least p percent of the samples at or below it; typical is the 50th.
 */
void lat_stats(uint64_t *rtt_ns, size_t n, size_t bytes, struct lat_result *r);

/**
 * stats_percentile() - a nearest-rank percentile of sorted samples
 * @v: the samples, ascending
 * @n: how many, at least one
 * @permille: which, in tenths of a percent: 500 the median, 999 the 99.9th
 */
uint64_t stats_percentile(const uint64_t *v, size_t n, unsigned int permille);

#endif /* RIG_TOOL_STATS_H */
