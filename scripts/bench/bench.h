/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bench.h: what rig_bench and reg_bench both need: the clock, failing with
 * the library's message, and a connected pair of queue pairs.  Each program
 * has its own copy (static functions); nothing here keeps state.
 */
#ifndef RIG_BENCH_H
#define RIG_BENCH_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <rig/bnxt.h>

/* The columns of scripts/bench/results.csv. */
#define BENCH_CSV_HEADER \
	"workload,size,impl,bandwidth_MBps,msg_rate_Mpps,lat_typical_us,lat_avg_us,lat_p99_us," \
	"iterations,kicks_per_msg,count,spread_min,spread_max,lat_p999_us,cpu_us_per_msg," \
	"prog_cpu_us_per_msg,rounds,depths"

static inline double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A failed call of librig ends the program, saying what and why. */
static inline void check(int ret, const char *what)
{
	if (ret < 0) {
		fprintf(stderr, "%s: %s: %s\n", program_invocation_short_name, what, rig_error());
		exit(1);
	}
}

static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* "64", "4K", "1M", "1G" as bytes in *@v: false if it is none of these or 0. */
static inline bool parse_bytes(const char *s, unsigned long long *v)
{
	char *end;
	int shift;

	*v = strtoull(s, &end, 0);
	shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20 :
		*end == 'G' || *end == 'g' ? 30 : 0;
	if (shift)
		*v <<= shift, end++;
	return !*end && *v;
}

/* Queue pairs of @x and @y with rings of @depth, connected to each other. */
static inline void connect_pair(struct rig_bnxt *x, struct rig_bnxt *y, uint32_t depth,
				struct rig_qp **qx, struct rig_qp **qy)
{
	struct rig_endpoint ex, ey;

	check(rig_qp_make(x, depth, qx), "make a queue pair");
	check(rig_qp_make(y, depth, qy), "make a queue pair");
	check(rig_qp_endpoint(*qx, &ex), "endpoint");
	check(rig_qp_endpoint(*qy, &ey), "endpoint");
	check(rig_qp_connect(*qx, &ey), "connect");
	check(rig_qp_connect(*qy, &ex), "connect");
}

/* Destroy both queue pairs (dropping any receive still posted). */
static inline void destroy_pair(struct rig_qp *x, struct rig_qp *y)
{
	check(rig_qp_destroy(x), "destroy a queue pair");
	check(rig_qp_destroy(y), "destroy a queue pair");
}

#endif
