// SPDX-License-Identifier: BSD-2-Clause
/*
 * Send entries encoded per second: rig_mlx5_entry_write() against the
 * same entry built with rdma-core's mlx5dv.h helpers (mlx5dv_set_ctrl_seg,
 * the remote-address segment's fields, mlx5dv_set_data_seg or an inline
 * segment), measured in one run, in alternating rounds; prints the best
 * rate of each side and their ratio.
 *
 * Both sides write the same 16 KiB ring (it stays in the L1 cache), with
 * every field varying from entry to entry, and hand each entry to an
 * empty asm that claims to read all memory, so no entry's stores can be
 * optimised away; the ring's checksum is printed at the end.  Each loop
 * is compiled for one op, as a caller that knows its op would be.  Ours
 * checks its arguments and writes all 64 bytes of an entry; rdma-core's
 * helpers check nothing and write only the segments.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <infiniband/mlx5dv.h>

#include "rig/mlx5_abi.h"

#define RING_ENTRIES 256
#define PER_ROUND    (1u << 21)
#define ROUNDS       41
#define QP           0x00abcd
#define INLINE_BYTES 16
#define SAMPLE       12345	/* an entry both sides must encode alike */

#define ALWAYS_INLINE static inline __attribute__((always_inline))

static unsigned char ring[RING_ENTRIES * RIG_MLX5_ENTRY_SIZE] __attribute__((aligned(64)));
static const char payload[RIG_MLX5_MAX_INLINE] = "rig inline payload";

/* The entry at @p is in memory now, as far as the compiler knows. */
ALWAYS_INLINE void keep(void *p)
{
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

ALWAYS_INLINE size_t slot(uint32_t i)
{
	return (size_t)(i % RING_ENTRIES) * RIG_MLX5_ENTRY_SIZE;
}

/* The fields of entry @i, the same for both sides. */
ALWAYS_INLINE void entry_of(uint32_t i, bool inl, struct rig_mlx5_entry *e)
{
	e->op = inl ? RIG_MLX5_WRITE_INLINE : RIG_MLX5_WRITE;
	e->signal = !(i & 15);
	e->local.address = 0x7f0000000000ull + (uint64_t)i * 64;
	e->local.bytes = 1 + (i & 0xfff);
	e->local.key = 0x1234 + (i & 7);
	e->remote.address = 0x10000000ull + (uint64_t)i * 128;
	e->remote.key = 0x5678 + (i & 3);
	e->inline_data = payload;
	e->inline_bytes = INLINE_BYTES;
}

ALWAYS_INLINE void rdma_core_entry(unsigned char *wqe, uint32_t i,
				   const struct rig_mlx5_entry *e)
{
	struct mlx5_wqe_raddr_seg *raddr = (void *)(wqe + 16);
	unsigned char *seg = wqe + 32;
	uint8_t ds = 3;

	raddr->raddr = htobe64(e->remote.address);
	raddr->rkey = htobe32(e->remote.key);
	raddr->reserved = 0;
	if (e->op == RIG_MLX5_WRITE_INLINE) {
		struct mlx5_wqe_inl_data_seg *inl = (void *)seg;

		inl->byte_count = htobe32(e->inline_bytes | MLX5_INLINE_SEG);
		memcpy(inl + 1, e->inline_data, e->inline_bytes);
		ds = 2 + (sizeof(*inl) + e->inline_bytes + 15) / 16;
	} else {
		mlx5dv_set_data_seg((struct mlx5_wqe_data_seg *)seg, e->local.bytes,
				    e->local.key, e->local.address);
	}
	mlx5dv_set_ctrl_seg((struct mlx5_wqe_ctrl_seg *)wqe, i & 0xffff,
			    MLX5_OPCODE_RDMA_WRITE, 0, QP,
			    e->signal ? MLX5_WQE_CTRL_CQ_UPDATE : 0, ds, 0, 0);
}

ALWAYS_INLINE void run_rig(uint32_t n, bool inl)
{
	struct rig_mlx5_entry e;

	for (uint32_t i = 0; i < n; i++) {
		entry_of(i, inl, &e);
		if (rig_mlx5_entry_write(ring, sizeof(ring), slot(i), QP, i, &e))
			abort();
		keep(ring + slot(i));
	}
}

ALWAYS_INLINE void run_rdma_core(uint32_t n, bool inl)
{
	struct rig_mlx5_entry e;

	for (uint32_t i = 0; i < n; i++) {
		entry_of(i, inl, &e);
		rdma_core_entry(ring + slot(i), i, &e);
		keep(ring + slot(i));
	}
}

/* One loop per side and op. */
static __attribute__((noinline)) void rig_write(uint32_t n) { run_rig(n, false); }
static __attribute__((noinline)) void rig_inline(uint32_t n) { run_rig(n, true); }
static __attribute__((noinline)) void rdma_core_write(uint32_t n) { run_rdma_core(n, false); }
static __attribute__((noinline)) void rdma_core_inline(uint32_t n) { run_rdma_core(n, true); }

static double seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Entries per second of one round. */
static double rate(void (*run)(uint32_t))
{
	double t = seconds();

	run(PER_ROUND);
	return PER_ROUND / (seconds() - t);
}

static uint64_t checksum(void)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < sizeof(ring); i++)
		sum = sum * 31 + ring[i];
	return sum;
}

/* Both sides must build the same segments, or the race means nothing. */
static bool same_segments(bool inl)
{
	unsigned char theirs[RIG_MLX5_ENTRY_SIZE] = { 0 };
	struct rig_mlx5_entry e;

	entry_of(SAMPLE, inl, &e);
	if (rig_mlx5_entry_write(ring, RIG_MLX5_ENTRY_SIZE, 0, QP, SAMPLE, &e))
		return false;
	rdma_core_entry(theirs, SAMPLE, &e);
	/* rdma-core leaves the unused last 16 bytes of a write as they were. */
	return !memcmp(ring, theirs, inl ? RIG_MLX5_ENTRY_SIZE : 48);
}

struct row {
	const char *name;
	bool inl;
	void (*rig)(uint32_t);
	void (*rdma_core)(uint32_t);
	double rig_best, rdma_core_best;
};

static void race(struct row *r)
{
	r->rig(PER_ROUND / 4);		/* warm up */
	r->rdma_core(PER_ROUND / 4);
	for (int k = 0; k < ROUNDS; k++) {
		double a = rate(r->rig);
		double b = rate(r->rdma_core);

		if (a > r->rig_best)
			r->rig_best = a;
		if (b > r->rdma_core_best)
			r->rdma_core_best = b;
	}
}

int main(void)
{
	struct row rows[] = {
		{ "write, 3 segments", false, rig_write, rdma_core_write, 0, 0 },
		{ "write inline, 16 bytes", true, rig_inline, rdma_core_inline, 0, 0 },
	};
	size_t n = sizeof(rows) / sizeof(rows[0]);

	for (size_t k = 0; k < n; k++) {
		if (!same_segments(rows[k].inl)) {
			fprintf(stderr, "mlx5_bench: %s: the two encoders disagree\n",
				rows[k].name);
			return 1;
		}
		race(&rows[k]);
	}

	printf("mlx5 send entries encoded per second, best of %d alternating rounds of %u:\n",
	       ROUNDS, PER_ROUND);
	printf("  %-24s %14s %14s %7s\n", "entry", "rig", "rdma-core", "ratio");
	for (size_t k = 0; k < n; k++)
		printf("  %-24s %12.1f M %12.1f M %7.2f\n", rows[k].name,
		       rows[k].rig_best / 1e6, rows[k].rdma_core_best / 1e6,
		       rows[k].rig_best / rows[k].rdma_core_best);
	printf("  ratio rig / rdma-core (write): %.2f (target >= 1.00)\n",
	       rows[0].rig_best / rows[0].rdma_core_best);
	printf("  (ring checksum %016" PRIx64 ")\n", checksum());
	return 0;
}
