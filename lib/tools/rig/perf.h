/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The performance tests.  perf.c owns what the tests share: opening the
 * NICs, making and connecting queue pairs, regions, the data check of
 * the first message, taking completions, the progress line and the loop
 * over sizes.  perf_bw.c runs send-bw and read-bw, perf_lat.c send-lat;
 * each moves messages and hands timestamps to stats.c.
 */
#ifndef RIG_TOOL_PERF_H
#define RIG_TOOL_PERF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rig/bnxt.h>

#include "cli.h"
#include "output.h"

/*
 * A test gives up when nothing completes for this long, and for two
 * seconds more per MiB of the message: one completion may stand for many
 * packets, and on a wire a slow peer, or a go-back-N round after a lost
 * one, keeps a large message from completing long after its first bytes.
 */
#define PERF_STALL_NS (5ULL * 1000000000ULL)
#define PERF_STALL_NS_PER_MIB (2ULL * 1000000000ULL)

/* The default wait spins this long before it sleeps. */
#define PERF_SPIN_NS (20ULL * 1000ULL)

/**
 * struct progress - the progress line on stderr
 * @on: stderr is a terminal and neither --json nor --quiet was given
 * @start_ns: when this size started
 * @next_ns: when the line may be redrawn next
 * @width: how wide the line on screen is (0: none shown)
 */
struct progress {
	bool on;
	uint64_t start_ns;
	uint64_t next_ns;
	int width;
};

struct oob_run;

/* The most regions a test makes: four in one process. */
#define PERF_MEMS 4

/**
 * struct perf_mem - a dma-buf a region of the test stands on (--mem dmabuf)
 * @r: the region
 * @fd: the dma-buf
 * @map: its mapping, through which the test reaches the bytes
 * @bytes: its size
 */
struct perf_mem {
	struct rig_region *r;
	int fd;
	void *map;
	size_t bytes;
};

/**
 * struct perf - one run of a test
 * @cli: the command line
 * @run: what the banner and JSON say of it
 * @a: the NIC that posts sends and reads
 * @b: the peer NIC: @a itself for read-bw or when --peer names it
 * @qa: a queue pair of @a
 * @qb: its peer, of @b
 * @a_src, @a_dst, @b_src, @b_dst: regions of the largest size, of the
 *	memory --mem asks for (those a test does not use are NULL)
 * @mem: the dma-bufs of those regions, with --mem dmabuf
 * @nmem: how many
 * @check: a buffer of the largest size for the data check
 * @progress: the progress line
 * @spin_ns: how long perf_next() spins before it sleeps
 * @bytes: the current size
 * @iters: its iterations
 * @oob: the exchange with a peer on another machine (perf_oob.c); NULL
 *	 when both queue pairs are this process's
 */
struct perf {
	const struct cli *cli;
	struct run_info run;
	struct rig_bnxt *a, *b;
	struct rig_qp *qa, *qb;
	struct rig_region *a_src, *a_dst, *b_src, *b_dst;
	struct perf_mem mem[PERF_MEMS];
	unsigned int nmem;
	unsigned char *check;
	struct progress progress;
	uint64_t spin_ns;
	size_t bytes;
	uint64_t iters;
	struct oob_run *oob;
};

/* The commands: exit statuses. */
int perf_send_bw(const struct cli *cli);
int perf_send_lat(const struct cli *cli);
int perf_read_bw(const struct cli *cli);

/* Shared by the tests (perf.c). */

/** perf_now() - CLOCK_MONOTONIC in nanoseconds */
uint64_t perf_now(void);

/** perf_fail() - print "rig TEST: message" (clearing the progress line): -1 */
int perf_fail(struct perf *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/** perf_librig() - @ret of a librig call: 0, or -1 after printing rig_error() */
int perf_librig(struct perf *p, int ret, const char *what);

/**
 * perf_take() - take @qp's next completion without waiting
 * @side: what the queue pair does, for messages ("send", "receive", "read")
 *
 * Return: 1 with a successful completion in @c, 0 when there is none,
 * -1 after printing a failed one or librig's error.
 */
int perf_take(struct perf *p, struct rig_qp *qp, const char *side, struct rig_completion *c);

/**
 * perf_take_batch() - take up to @n of @qp's completions without waiting
 * @p: the run
 * @qp: the queue pair
 * @side: what is waited for, for the message
 * @c: room for @n completions
 * @n: how many at most (rig_qp_poll_batch())
 *
 * Return: how many were taken (0: none), -1 after perf_fail() (an error, or a
 * completion that did not succeed).
 */
int perf_take_batch(struct perf *p, struct rig_qp *qp, const char *side,
		    struct rig_completion *c, unsigned int n);

/**
 * perf_wait() - wait up to perf_stall_ns() for @qp's next completion, which
 * must be a successful @want of the whole message: 0, or -1 after printing
 * why not
 */
int perf_wait(struct perf *p, struct rig_qp *qp, const char *side, enum rig_op want);

/**
 * perf_stall_ns() - how long a test waits for a completion of @p's messages
 * before it gives up: PERF_STALL_NS, and PERF_STALL_NS_PER_MIB for each MiB
 */
uint64_t perf_stall_ns(const struct perf *p);

/**
 * perf_next() - take @qp's next completion, waiting as long as it takes
 *
 * Spins on rig_qp_poll() for @p->spin_ns, then sleeps in rig_qp_wait();
 * gives up after perf_stall_ns() without one.
 *
 * Return: 0 with a successful completion in @c, -1 after printing why not.
 */
int perf_next(struct perf *p, struct rig_qp *qp, const char *side, struct rig_completion *c);

/** perf_progress() - redraw the progress line if it is on and due */
void perf_progress(struct perf *p, uint64_t done, uint64_t now);

/* The memory of the regions (perf_mem.c). */

/**
 * perf_region() - a region of @n bytes on @nic, of the memory --mem asks for
 *
 * A host region, or one over a new dma-buf that udmabuf makes (@n rounded
 * up to the page), which perf_mem_free() lets go after the NIC is closed.
 *
 * Return: 0, or -1 after saying why not.
 */
int perf_region(struct perf *p, struct rig_bnxt *nic, size_t n, struct rig_region **r);

/**
 * perf_mem_write() - copy @n bytes of @buf to the start of @r
 * @what: for librig's error: what the copy was for
 *
 * Through librig for a host region, through the dma-buf's mapping for one
 * over a dma-buf.
 *
 * Return: 0, or -1 after saying why not.
 */
int perf_mem_write(struct perf *p, struct rig_region *r, const void *buf, size_t n,
		   const char *what);

/** perf_mem_read() - copy @n bytes from the start of @r into @buf: as perf_mem_write() */
int perf_mem_read(struct perf *p, struct rig_region *r, void *buf, size_t n, const char *what);

/** perf_mem_free() - unmap and close the dma-bufs of perf_region() */
void perf_mem_free(struct perf *p);

/**
 * perf_fill() - write the pattern @salt into @src and its complement into
 * @dst, for the current size (so a message that does not land shows)
 */
int perf_fill(struct perf *p, struct rig_region *src, struct rig_region *dst, unsigned int salt);

/** perf_verify() - does @dst hold the pattern @salt? 0, or -1 after saying where not */
int perf_verify(struct perf *p, struct rig_region *dst, unsigned int salt, const char *what);

/**
 * perf_pattern_write() - write @n bytes of the pattern @salt (or its
 * complement, @flip) at the start of @r: 0, or -1 after saying why not
 * (@n at most the largest size, the size of @p->check)
 */
int perf_pattern_write(struct perf *p, struct rig_region *r, size_t n, unsigned int salt,
		       bool flip);

/** perf_progress_clear() - take the progress line off the screen */
void perf_progress_clear(struct perf *p);

/* What a test does, for perf_oob_run(). */
enum perf_kind {
	PERF_SEND_BW,
	PERF_READ_BW,
	PERF_SEND_LAT,
};

/**
 * struct perf_test - a test for perf_run()
 * @name: the command
 * @kind: which test it is
 * @two_nics: its queue pairs may be on two NICs (--peer)
 * @latency: it fills lat_result (else bw_result)
 * @regions: the regions it uses: PERF_A_SRC and so on
 * @size: run @p->bytes for @p->iters into @result: 0, or -1 after
 *	  printing an error
 */
struct perf_test {
	const char *name;
	enum perf_kind kind;
	bool two_nics;
	bool latency;
	unsigned int regions;
	int (*size)(struct perf *p, void *result);
};

#define PERF_A_SRC 1u
#define PERF_A_DST 2u
#define PERF_B_SRC 4u
#define PERF_B_DST 8u

/**
 * perf_run() - open, set up, run every size, print: the exit status
 *
 * With -S or an address the test runs against a peer on another machine
 * (perf_oob_run()); else both queue pairs belong to this process.
 */
int perf_run(const struct cli *cli, const struct perf_test *t);

/**
 * perf_init() - start @p for @t as @cli asks: nothing opened yet
 * @p: the run
 * @cli: the command line
 * @t: the test
 * @n: how many results to allocate room for
 *
 * Return: zeroed room for @n results of @t (free() it), or NULL after
 * saying that memory ran out.
 */
void *perf_init(struct perf *p, const struct cli *cli, const struct perf_test *t, size_t n);

/** perf_header() - the banner (unless -q or --json) and the table's header (unless --json) */
void perf_header(const struct perf *p, const struct perf_test *t);

/**
 * perf_each_size() - run every size of the command line into @results
 * @p: the run, set up
 * @t: the test
 * @size: runs @p->bytes for @p->iters into @result: 0, or -1 after
 *	  printing an error
 * @results: room for a result of each size
 *
 * Prints each row as it is done (unless --json).
 *
 * Return: 0, or -1 when a size failed.
 */
int perf_each_size(struct perf *p, const struct perf_test *t,
		   int (*size)(struct perf *p, void *result), void *results);

/** perf_json() - with --json, print the run and its @n @results as one document */
void perf_json(const struct perf *p, const struct perf_test *t, const void *results, size_t n);

/** perf_open() - open the NIC of @p->cli (and its peer NIC for @t): 0, or -1 after saying why */
int perf_open(struct perf *p, const struct perf_test *t);

/** perf_close() - close what perf_open() opened and free @p->check */
void perf_close(struct perf *p);

/**
 * perf_oob_run() - run @t against a peer on another machine, rig or
 * perftest, through perftest's out-of-band exchange (perf_oob.c)
 *
 * Return: the exit status.
 */
int perf_oob_run(const struct cli *cli, const struct perf_test *t);

#endif /* RIG_TOOL_PERF_H */
