// SPDX-License-Identifier: GPL-2.0-only
/*
 * A short fuzz of the character device: random commands, sizes, fields,
 * handles and mmap offsets.  The kernel must answer each with an error
 * (or, for the rare well-formed request, a success), never crash or warn
 * (scripts/vm-run fails the run on any kernel splat), and leave nothing
 * allocated, pinned or registered once the file is closed.
 *
 * The seed is printed; RIG_SEED=N reproduces a run, RIG_FUZZ_ROUNDS=N
 * sets its length.
 */
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>

#include "kselftest_harness.h"
#include "rig_bnxt.h"
#include "rig_util.h"

static unsigned long long rng_state;

static unsigned long long rng(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

static long debugfs_num(const char *name)
{
	char path[128], buf[32];

	snprintf(path, sizeof(path), "/sys/kernel/debug/rig_bnxt/%s", name);
	return rig_sysfs_read(path, buf, sizeof(buf)) ? -1 : atol(buf);
}

/* A length: mostly small, sometimes far beyond any machine's memory. */
static __u64 fuzz_bytes(void)
{
	switch (rng() % 6) {
	case 0:
		return 0;
	case 1:
		return rng();			/* almost always > RAM */
	case 2:
		return (1ULL << 40) + (rng() & 0xffff);
	default:
		return rng() % (64 << 10);
	}
}

static unsigned int fuzz_size(void)
{
	static const unsigned int sizes[] = { 0, 4, 7, 8, 16, 31, 32, 40, 55, 56,
					      64, 128, 4096, 4097, 1U << 31 };

	return sizes[rng() % (sizeof(sizes) / sizeof(sizes[0]))];
}

struct fuzz_state {
	__u32 handles[64];	/* handles the kernel gave: reuse some */
	unsigned int nhandles;
	__u64 offsets[64];	/* mmap offsets it gave */
	unsigned int noffsets;
	char *mem;		/* the test's own memory, for pages regions */
	struct rig_bnxt_run runs[4];
};

static __u32 fuzz_handle(struct fuzz_state *st)
{
	if (st->nhandles && rng() % 2)
		return st->handles[rng() % st->nhandles];
	return (__u32)rng();
}

static void fuzz_fill(struct fuzz_state *st, unsigned char *buf, size_t n)
{
	struct rig_bnxt_reg_region *reg = (void *)buf;
	size_t i;

	memset(buf, 0, n);
	if (rng() % 8 == 0) {			/* pure noise */
		for (i = 0; i < n; i++)
			buf[i] = (unsigned char)rng();
		return;
	}
	/* Plausible fields, shaped like a region request. */
	reg->type = rng() % 5;
	reg->flags = rng() % 16 ? 0 : (__u32)rng();
	reg->count = rng() % 4 ? (__u32)(rng() % 5) : (__u32)rng();
	reg->bytes = fuzz_bytes();
	switch (rng() % 4) {
	case 0:
		reg->address = (uintptr_t)(st->mem + (rng() % 16) * 4096);
		break;
	case 1:
		reg->address = (uintptr_t)st->runs;
		break;
	case 2:
		reg->address = rng() & ~0xfffULL;
		break;
	}
	if (rng() % 2)
		reg->handle = fuzz_handle(st);
	if (rng() % 8 == 0)
		reg->key = (__u32)rng();
}

static void fuzz_runs(struct fuzz_state *st)
{
	unsigned int i;

	for (i = 0; i < 4; i++) {
		st->runs[i].address = rng() % 3 ? (rng() % 0x100000000ULL) & ~0xfffULL : rng();
		st->runs[i].bytes = rng() % 3 ? ((rng() % 16) + 1) * 4096 : rng();
	}
}

static void fuzz_one(int fd, struct fuzz_state *st, unsigned int *ok)
{
	unsigned char buf[4200];
	unsigned int nr, size;
	unsigned long cmd;
	void *arg = buf;

	/* Every command, and one on either side of them. */
	nr = RIG_BNXT_BASE + (unsigned int)(rng() % 13) - 1;
	cmd = rng() % 16 ? _IO(RIG_BNXT_TYPE, nr) : (unsigned long)rng();
	fuzz_runs(st);
	fuzz_fill(st, buf, sizeof(buf));
	size = fuzz_size();
	memcpy(buf, &size, sizeof(size));
	if (cmd == RIG_BNXT_WAIT) {
		/* A well-formed wait may sleep: never for long. */
		struct rig_bnxt_wait *w = (void *)buf;

		w->timeout_ms = (__u32)(rng() % 3);
	}
	if (rng() % 32 == 0)
		arg = (void *)(uintptr_t)(rng() % 3 ? 0 : rng());

	if (ioctl(fd, cmd, arg) == 0) {
		struct rig_bnxt_reg_region *reg = (void *)buf;

		(*ok)++;
		/* Remember what it made, so later rounds reuse or free it. */
		if (cmd == RIG_BNXT_REG_REGION && st->nhandles < 64)
			st->handles[st->nhandles++] = reg->handle;
		if (cmd == RIG_BNXT_REG_REGION && reg->mmap_offset && st->noffsets < 64)
			st->offsets[st->noffsets++] = reg->mmap_offset;
	}
}

static void fuzz_mmap(int fd, struct fuzz_state *st)
{
	__u64 off = st->noffsets && rng() % 2 ? st->offsets[rng() % st->noffsets] :
		    (rng() % 4 ? (rng() % (1ULL << 31)) << 12 : rng());
	size_t len = ((rng() % 8) + 1) * 4096;
	int prot = rng() % 2 ? PROT_READ : PROT_READ | PROT_WRITE;
	int flags = rng() % 4 ? MAP_SHARED : MAP_PRIVATE;
	void *p = mmap(NULL, len, prot, flags, fd, (off_t)off);

	if (p != MAP_FAILED) {
		/* Touch it: a mapping the kernel accepted must be backed. */
		volatile char c = *(volatile char *)p;

		(void)c;
		munmap(p, len);
	}
}

TEST(ioctl_fuzz_yields_only_errors_and_leaks_nothing)
{
	unsigned long long seed = getenv("RIG_SEED") ? strtoull(getenv("RIG_SEED"), NULL, 0) :
				  (unsigned long long)time(NULL);
	unsigned int rounds = getenv("RIG_FUZZ_ROUNDS") ? atoi(getenv("RIG_FUZZ_ROUNDS")) : 20000;
	long allocated, pinned;
	struct fuzz_state st = { 0 };
	unsigned int i, ok = 0;
	int fd;

	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	allocated = debugfs_num("allocated_pages");
	pinned = debugfs_num("pinned_pages");
	ASSERT_LE(0, allocated) TH_LOG("debugfs is not mounted");
	TH_LOG("seed %llu (RIG_SEED=%llu reproduces), %u rounds", seed, seed, rounds);
	rng_state = seed | 1;

	/* Bound what the fuzz may lock, as an unprivileged user is bound. */
	ASSERT_EQ(0, rig_drop_cap(CAP_IPC_LOCK));
	ASSERT_EQ(0, setrlimit(RLIMIT_MEMLOCK, &(struct rlimit){ 64 << 20, 64 << 20 }));
	st.mem = mmap(NULL, 16 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, st.mem);
	fd = open("/dev/rig_bnxt0", O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	for (i = 0; i < rounds; i++) {
		if (rng() % 16 == 0)
			fuzz_mmap(fd, &st);
		else
			fuzz_one(fd, &st, &ok);
	}
	TH_LOG("%u of %u commands succeeded", ok, rounds);
	/* Random requests are almost all malformed. */
	EXPECT_GT(rounds / 10 + 1, ok);
	close(fd);

	EXPECT_EQ(allocated, debugfs_num("allocated_pages"));
	EXPECT_EQ(pinned, debugfs_num("pinned_pages"));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	munmap(st.mem, 16 * 4096);
}

TEST_HARNESS_MAIN
