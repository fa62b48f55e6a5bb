// SPDX-License-Identifier: BSD-2-Clause
/*
 * mpi_check: every byte of MPI's point-to-point, broadcast, all-reduce and
 * all-to-all results checked, whatever carries them.  Written for Open
 * MPI over the rig libfabric provider (fi_rig(7)), but plain MPI: run it
 * with two or more ranks,
 *   mpirun -np 2 ... mpi_check [MAX_BYTES]
 * Point-to-point messages go from 1 byte up to MAX_BYTES (default 1 MiB),
 * across ofi_rxm's eager (16 KiB), segmented (128 KiB) and rendezvous
 * protocols.  Receive buffers are filled with a poison byte first, so a
 * message that never arrived cannot pass.  Rank 0 prints one line per
 * check and the totals; every rank exits 1 if any rank saw a wrong byte.
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POISON 0xa5

static int rank, ranks;
static long mismatches;

/* The byte @i of what @from sends to @to in round @round. */
static uint8_t pattern(int from, int to, int round, size_t i)
{
	uint64_t x = (uint64_t)i * 2654435761u + (uint64_t)from * 40503u +
		     (uint64_t)to * 977u + (uint64_t)round * 131u;

	return (uint8_t)(x ^ (x >> 13));
}

static void fill(uint8_t *buf, size_t n, int from, int to, int round)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = pattern(from, to, round, i);
}

/* Count the wrong bytes of @buf; say where the first one is. */
static long verify(const char *what, const uint8_t *buf, size_t n, int from, int to, int round)
{
	long bad = 0;

	for (size_t i = 0; i < n; i++) {
		uint8_t want = pattern(from, to, round, i);

		if (buf[i] == want)
			continue;
		if (!bad)
			fprintf(stderr, "mpi_check: rank %d: %s: byte %zu of %zu is %#x, not %#x\n",
				rank, what, i, n, buf[i], want);
		bad++;
	}
	mismatches += bad;
	return bad;
}

static uint8_t *alloc(size_t n)
{
	uint8_t *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "mpi_check: out of memory\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	return p;
}

/* Every check ends here: rank 0 reports it once all ranks have. */
static void report(const char *what, size_t bytes)
{
	long local = mismatches, total = 0;

	MPI_Allreduce(&local, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
	if (!rank)
		printf("mpi_check: %s %zu bytes: %s\n", what, bytes,
		       total ? "WRONG BYTES" : "ok");
}

/* Rank 0 and rank 1 each send @n bytes to the other, blocking and not. */
static void check_p2p(size_t n, int round)
{
	uint8_t *out = alloc(n), *in = alloc(n);
	int peer = rank ^ 1, count;
	MPI_Request req[2];
	MPI_Status st;

	if (peer < ranks) {
		fill(out, n, rank, peer, round);
		memset(in, POISON, n);
		if (!rank) {
			MPI_Send(out, (int)n, MPI_BYTE, peer, round, MPI_COMM_WORLD);
			MPI_Recv(in, (int)n, MPI_BYTE, peer, round, MPI_COMM_WORLD, &st);
		} else {
			MPI_Recv(in, (int)n, MPI_BYTE, peer, round, MPI_COMM_WORLD, &st);
			MPI_Send(out, (int)n, MPI_BYTE, peer, round, MPI_COMM_WORLD);
		}
		MPI_Get_count(&st, MPI_BYTE, &count);
		if ((size_t)count != n) {
			fprintf(stderr, "mpi_check: rank %d: received %d bytes, not %zu\n", rank,
				count, n);
			mismatches++;
		}
		verify("send/recv", in, n, peer, rank, round);

		fill(out, n, rank, peer, round + 1);
		memset(in, POISON, n);
		MPI_Irecv(in, (int)n, MPI_BYTE, peer, round + 1, MPI_COMM_WORLD, &req[0]);
		MPI_Isend(out, (int)n, MPI_BYTE, peer, round + 1, MPI_COMM_WORLD, &req[1]);
		MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
		verify("isend/irecv", in, n, peer, rank, round + 1);
	}
	free(out);
	free(in);
	report("point-to-point", n);
}

/* Each rank in turn broadcasts @n bytes. */
static void check_bcast(size_t n, int round)
{
	uint8_t *buf = alloc(n);

	for (int root = 0; root < ranks; root++) {
		if (rank == root)
			fill(buf, n, root, -1, round);
		else
			memset(buf, POISON, n);
		MPI_Bcast(buf, (int)n, MPI_BYTE, root, MPI_COMM_WORLD);
		verify("bcast", buf, n, root, -1, round);
	}
	free(buf);
	report("bcast", n);
}

/* A sum of @n 64-bit integers from every rank, each known beforehand. */
static void check_allreduce(size_t n, int round)
{
	int64_t *in = malloc(n * sizeof(*in)), *out = malloc(n * sizeof(*out));

	if (!in || !out)
		MPI_Abort(MPI_COMM_WORLD, 2);
	for (size_t i = 0; i < n; i++)
		in[i] = (int64_t)pattern(rank, -1, round, i) * ((int64_t)i + 1) - rank;
	memset(out, POISON, n * sizeof(*out));
	MPI_Allreduce(in, out, (int)n, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
	for (size_t i = 0; i < n; i++) {
		int64_t want = 0;

		for (int r = 0; r < ranks; r++)
			want += (int64_t)pattern(r, -1, round, i) * ((int64_t)i + 1) - r;
		if (out[i] != want) {
			if (mismatches++ == 0)
				fprintf(stderr, "mpi_check: rank %d: allreduce: element %zu is %lld, not %lld\n",
					rank, i, (long long)out[i], (long long)want);
		}
	}
	free(in);
	free(out);
	report("allreduce", n * sizeof(int64_t));
}

/* Every rank sends a block of @n bytes to every rank. */
static void check_alltoall(size_t n, int round)
{
	uint8_t *out = alloc(n * (size_t)ranks), *in = alloc(n * (size_t)ranks);

	for (int to = 0; to < ranks; to++)
		fill(out + (size_t)to * n, n, rank, to, round);
	memset(in, POISON, n * (size_t)ranks);
	MPI_Alltoall(out, (int)n, MPI_BYTE, in, (int)n, MPI_BYTE, MPI_COMM_WORLD);
	for (int from = 0; from < ranks; from++)
		verify("alltoall", in + (size_t)from * n, n, from, rank, round);
	free(out);
	free(in);
	report("alltoall", n);
}

int main(int argc, char **argv)
{
	size_t max = argc > 1 ? strtoull(argv[1], NULL, 0) : 1 << 20;
	/* Around ofi_rxm's limits: eager 16 KiB, segmented 128 KiB, rendezvous beyond. */
	static const size_t sizes[] = { 1, 8, 1000, 4096, 16384, 16385, 65536, 131072,
					131073, 262144, 1 << 20, 4 << 20 };
	long total = 0;
	int round = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &ranks);
	if (ranks < 2) {
		fprintf(stderr, "mpi_check: needs two ranks or more\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]) && sizes[s] <= max; s++, round += 4)
		check_p2p(sizes[s], round);
	for (size_t n = 1; n <= max; n *= 32, round++)
		check_bcast(n, round);
	for (size_t n = 1; n * sizeof(int64_t) <= max; n *= 32, round++)
		check_allreduce(n, round);
	for (size_t n = 1; n * (size_t)ranks <= max; n *= 32, round++)
		check_alltoall(n, round);
	MPI_Allreduce(&mismatches, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
	if (!rank)
		printf("mpi_check: %d ranks, %ld wrong bytes or elements\n", ranks, total);
	MPI_Finalize();
	return total ? 1 : 0;
}
