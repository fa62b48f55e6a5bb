// SPDX-License-Identifier: GPL-2.0-only
/*
 * Systematic fault injection: every command, open() and mmap() of every
 * cookie kind, in scenarios that reach every object kind, made with its
 * 1st, 2nd, 3rd... fault point failing (/proc/thread-self/fail-nth, over
 * the slab and page allocators and copies to and from the process), until
 * it succeeds with none left to fail.  Each failure must be a clean
 * -ENOMEM or -EFAULT that leaves the file and the NIC usable: the same
 * call made at once without a fault works.  At the end, with every file
 * closed, the NICs hold nothing: no region in the firmware's table, no
 * page allocated or pinned, no VmPin.  kmemleak (scanned by run_tests on
 * the debug kernel) finds no leak.
 *
 * Needs a kernel with fault injection (the debug kernel); elsewhere every
 * test skips, saying so.  RIG_FAULTS_VERBOSE=1 logs each point.
 */
#include <sys/mman.h>

#include "kselftest_harness.h"
#include "raw.h"
#include "rig_util.h"

#define FAIL_NTH "/proc/thread-self/fail-nth"
#define MAX_POINTS 2000		/* more fault points than any call has */

/* Let fail-nth reach allocations that may sleep and reclaim: 0 or -errno. */
static int fault_knobs_set(void)
{
	static const char *const knobs[][2] = {
		{ "/sys/kernel/debug/failslab/ignore-gfp-wait", "0" },
		{ "/sys/kernel/debug/failslab/verbose", "0" },
		{ "/sys/kernel/debug/fail_page_alloc/ignore-gfp-wait", "0" },
		{ "/sys/kernel/debug/fail_page_alloc/ignore-gfp-highmem", "0" },
		{ "/sys/kernel/debug/fail_page_alloc/min-order", "0" },
		{ "/sys/kernel/debug/fail_page_alloc/verbose", "0" },
		{ "/sys/kernel/debug/fail_usercopy/verbose", "0" },
	};
	unsigned int i;

	for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
		int fd = open(knobs[i][0], O_WRONLY | O_CLOEXEC);
		ssize_t n;

		if (fd < 0)
			return -errno;
		n = write(fd, knobs[i][1], 1);
		close(fd);
		if (n != 1)
			return -EIO;
	}
	return 0;
}

/* What one walk needs: the file, and the objects the calls work on. */
struct walk {
	int fd, nth;
	int iommu;
	struct rig_bnxt_reg_region region;	/* a host region */
	struct rig_bnxt_dma_alloc dma;		/* a DMA buffer */
	void *dma_map;				/* ... mapped */
	void *anon;				/* ordinary memory, 3 pages */
	struct raw_qp qp, peer;			/* for connect, kick, destroy */
	void *mapped;				/* what an mmap() call made */
	size_t mapped_bytes;
	uint32_t made;				/* what a create call made */
};

/*
 * A call under test: prepare (no faults) what it needs, make it (the
 * faults apply), undo what a success made.  make returns 0 or -errno.
 */
struct call {
	const char *name;
	int (*prepare)(struct walk *w);
	int (*make)(struct walk *w);
	int (*undo)(struct walk *w);
	/*
	 * EFAULT may mean the call's work stands and only its answer was
	 * lost, as the ABI documents (CONNECT_QP: the queue pair is connected
	 * all the same): then @undo, not the same call again.
	 */
	bool efault_stands;
};

static int nothing(struct walk *w)
{
	(void)w;
	return 0;
}

/* RIG_BNXT_QUERY */
static int make_query(struct walk *w)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };

	return raw_cmd(w->fd, RIG_BNXT_QUERY, &q);
}

/* RIG_BNXT_REG_REGION and RIG_BNXT_DEREG_REGION */
static int make_host(struct walk *w)
{
	return raw_host(w->fd, 3 * 4096 + 1, &w->region);
}

static int make_pages_of_dma(struct walk *w)
{
	return raw_pages(w->fd, w->dma_map, 2 * 4096, &w->region);
}

static int make_pages_of_anon(struct walk *w)
{
	return raw_pages(w->fd, w->anon, 3 * 4096, &w->region);
}

static int dereg(struct walk *w)
{
	return raw_handle(w->fd, RIG_BNXT_DEREG_REGION, w->region.handle);
}

static int prepare_host(struct walk *w)
{
	return raw_host(w->fd, 2 * 4096, &w->region);
}

static int prepare_dma(struct walk *w)
{
	memset(&w->dma, 0, sizeof(w->dma));
	w->dma.size = sizeof(w->dma);
	w->dma.bytes = 2 * 4096;
	if (raw_cmd(w->fd, RIG_BNXT_DMA_ALLOC, &w->dma))
		return -errno;
	w->dma_map = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, w->fd,
			  (off_t)w->dma.mmap_offset);
	return w->dma_map == MAP_FAILED ? -errno : 0;
}

static int undo_dma(struct walk *w)
{
	munmap(w->dma_map, 2 * 4096);
	return raw_handle(w->fd, RIG_BNXT_DMA_FREE, w->dma.handle);
}

static int make_dma(struct walk *w)
{
	memset(&w->dma, 0, sizeof(w->dma));
	w->dma.size = sizeof(w->dma);
	w->dma.bytes = 3 * 4096;
	return raw_cmd(w->fd, RIG_BNXT_DMA_ALLOC, &w->dma);
}

static int free_dma(struct walk *w)
{
	return raw_handle(w->fd, RIG_BNXT_DMA_FREE, w->dma.handle);
}

static int prepare_pages_of_dma(struct walk *w)
{
	return prepare_dma(w);
}

static int undo_pages_of_dma(struct walk *w)
{
	int ret = dereg(w);

	return undo_dma(w) ?: ret;
}

/* RIG_BNXT_CREATE_QP, _CONNECT_QP, _DESTROY_QP, _KICK */
static int make_qp(struct walk *w)
{
	struct rig_bnxt_create_qp c = { .size = sizeof(c), .entries = 8 };
	int ret = raw_cmd(w->fd, RIG_BNXT_CREATE_QP, &c);

	w->made = c.handle;
	return ret;
}

static int destroy_made_qp(struct walk *w)
{
	return raw_handle(w->fd, RIG_BNXT_DESTROY_QP, w->made);
}

static int prepare_pair(struct walk *w)
{
	int ret = raw_qp_make(w->fd, 4, 1, &w->qp);

	return ret ?: raw_qp_make(w->fd, 4, 2, &w->peer);
}

static int undo_pair(struct walk *w)
{
	int ret = raw_qp_destroy(&w->qp);

	return raw_qp_destroy(&w->peer) ?: ret;
}

static int make_connect(struct walk *w)
{
	return raw_qp_connect(&w->qp, &w->peer);
}

static int make_kick(struct walk *w)
{
	return raw_kick(&w->qp);
}

static int prepare_qp(struct walk *w)
{
	return raw_qp_make(w->fd, 4, 1, &w->qp);
}

static int make_destroy(struct walk *w)
{
	int i;

	for (i = 0; i < 3; i++)
		munmap((void *)w->qp.db[i], 4096);
	munmap(w->qp.map, w->qp.c.mmap_bytes);
	return raw_handle(w->fd, RIG_BNXT_DESTROY_QP, w->qp.c.handle);
}

/* RIG_BNXT_WAIT with nothing to wait for: ETIMEDOUT is its success. */
static int make_wait(struct walk *w)
{
	struct rig_bnxt_wait c = { .size = sizeof(c), .handle = w->qp.c.handle };
	int ret = raw_cmd(w->fd, RIG_BNXT_WAIT, &c);

	return ret == -ETIMEDOUT ? 0 : ret;
}

/* RIG_BNXT_LAST_ERROR */
static int make_last_error(struct walk *w)
{
	struct rig_bnxt_last_error c = { .size = sizeof(c) };

	return raw_cmd(w->fd, RIG_BNXT_LAST_ERROR, &c);
}

static int undo_destroy_failed(struct walk *w)
{
	return raw_handle(w->fd, RIG_BNXT_DESTROY_QP, w->qp.c.handle);
}

/* mmap() of each cookie kind: a host region's, a DMA buffer's, a QP's */
static int map_at(struct walk *w, size_t bytes, uint64_t offset)
{
	w->mapped_bytes = bytes;
	w->mapped = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, w->fd,
			 (off_t)offset);
	return w->mapped == MAP_FAILED ? -errno : 0;
}

static int map_host(struct walk *w)
{
	return map_at(w, w->region.region_bytes, w->region.mmap_offset);
}

static int map_dma(struct walk *w)
{
	return map_at(w, 2 * 4096, w->dma.mmap_offset);
}

static int map_qp(struct walk *w)
{
	return map_at(w, w->qp.c.mmap_bytes, w->qp.c.mmap_offset);
}

static int unmap_and_dereg(struct walk *w)
{
	munmap(w->mapped, w->mapped_bytes);
	return dereg(w);
}

static int unmap_and_free(struct walk *w)
{
	munmap(w->mapped, w->mapped_bytes);
	return undo_dma(w);
}

static int map_doorbell(struct walk *w)
{
	return map_at(w, 4096, w->qp.c.sq_db_offset);
}

static int unmap_and_destroy(struct walk *w)
{
	munmap(w->mapped, w->mapped_bytes);
	return raw_qp_destroy(&w->qp);
}

/* Set this thread's fail-nth: 0 or -errno. */
static int set_nth(int fd, int n)
{
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%d", n);

	return pwrite(fd, buf, len, 0) == len ? 0 : -errno;
}

/* Fault points left unreached by the last call: >0 means it had fewer. */
static int nth_left(int fd)
{
	char buf[16] = { 0 };

	if (pread(fd, buf, sizeof(buf) - 1, 0) <= 0)
		return -1;
	return atoi(buf);
}

/*
 * Walk the fault points of @c: return how many there were, or -1 after
 * reporting what went wrong.
 */
static int walk_call(struct __test_metadata *_metadata, struct walk *w,
		     const struct call *c)
{
	int verbose = getenv("RIG_FAULTS_VERBOSE") != NULL;
	int n, ret, left;

	for (n = 1; n <= MAX_POINTS; n++) {
		ret = c->prepare(w);
		if (ret) {
			TH_LOG("%s: preparing for fault point %d: %s", c->name, n, strerror(-ret));
			return -1;
		}
		if (set_nth(w->nth, n))
			return -1;
		ret = c->make(w);
		left = nth_left(w->nth);
		set_nth(w->nth, 0);
		if (verbose)
			TH_LOG("%s: fault point %d: %s", c->name, n, ret ? strerror(-ret) : "ok");
		if (ret == 0) {
			ret = c->undo(w);
			if (ret) {
				TH_LOG("%s: undoing after fault point %d: %s", c->name, n,
				       strerror(-ret));
				return -1;
			}
			if (left > 0)		/* it had fewer than n points */
				return n - 1;
			continue;		/* a fault it absorbed */
		}
		if (ret != -ENOMEM && ret != -EFAULT) {
			TH_LOG("%s: fault point %d failed the call with %s, not ENOMEM or EFAULT",
			       c->name, n, strerror(-ret));
			return -1;
		}
		if (ret == -EFAULT && c->efault_stands) {
			ret = c->undo(w);
			if (ret) {
				TH_LOG("%s: undoing after fault point %d: %s", c->name, n,
				       strerror(-ret));
				return -1;
			}
			continue;
		}
		/* Still usable: the same call, with no fault, works. */
		ret = c->make(w);
		if (ret) {
			TH_LOG("%s: after fault point %d the call fails with no fault: %s",
			       c->name, n, strerror(-ret));
			return -1;
		}
		ret = c->undo(w);
		if (ret) {
			TH_LOG("%s: undoing after fault point %d: %s", c->name, n, strerror(-ret));
			return -1;
		}
	}
	TH_LOG("%s: still failing after %d fault points", c->name, MAX_POINTS);
	return -1;
}

FIXTURE(faults) {
	struct walk w;
};

FIXTURE_SETUP(faults)
{
	int ret;

	memset(&self->w, 0, sizeof(self->w));
	self->w.fd = -1;
	self->w.nth = -1;
	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	if (access(FAIL_NTH, F_OK))
		SKIP(return, "this kernel has no fault injection (CONFIG_FAULT_INJECTION): the debug kernel's stage runs these");
	ret = fault_knobs_set();
	ASSERT_EQ(0, ret) TH_LOG("debugfs fault knobs: %s", strerror(-ret));
	self->w.nth = open(FAIL_NTH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->w.nth);
	self->w.fd = raw_open(0);
	ASSERT_LE(0, self->w.fd);
	self->w.iommu = rig_file_num("/sys/class/rig_bnxt/rig_bnxt0/iommu", 0);
	self->w.anon = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	ASSERT_NE(MAP_FAILED, self->w.anon);
}

FIXTURE_TEARDOWN(faults)
{
	if (self->w.fd >= 0)
		close(self->w.fd);
	if (self->w.nth >= 0)
		close(self->w.nth);
}

/* After a walk and the file's close: nothing held, nothing pinned. */
static void expect_nothing_held(struct __test_metadata *_metadata, struct walk *w)
{
	close(w->fd);
	w->fd = -1;
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(0, rig_debugfs_num("allocated_pages"));
	EXPECT_EQ(0, rig_debugfs_num("pinned_pages"));
	EXPECT_EQ(0, rig_vm_pinned());
}

static void walk_calls(struct __test_metadata *_metadata, struct walk *w,
		       const struct call *calls, unsigned int n)
{
	unsigned int i;
	int points;

	for (i = 0; i < n; i++) {
		points = walk_call(_metadata, w, &calls[i]);
		ASSERT_LE(0, points) TH_LOG("%s", calls[i].name);
		TH_LOG("%-28s %3d fault points walked", calls[i].name, points);
	}
	expect_nothing_held(_metadata, w);
}

TEST_F_TIMEOUT(faults, every_fault_in_a_region_command_fails_it_cleanly, 600)
{
	const struct call calls[] = {
		{ "QUERY", nothing, make_query, nothing, false },
		{ "LAST_ERROR", nothing, make_last_error, nothing, false },
		{ "REG_REGION host", nothing, make_host, dereg, false },
		{ "REG_REGION pages of DMA", prepare_pages_of_dma, make_pages_of_dma,
		  undo_pages_of_dma, false },
		{ "DEREG_REGION", prepare_host, dereg, nothing, false },
		{ "DMA_ALLOC", nothing, make_dma, free_dma, false },
		{ "DMA_FREE", prepare_dma, undo_dma, nothing, false },
	};

	walk_calls(_metadata, &self->w, calls, sizeof(calls) / sizeof(calls[0]));
}

TEST_F_TIMEOUT(faults, every_fault_in_pinning_ordinary_pages_fails_it_cleanly, 600)
{
	const struct call calls[] = {
		{ "REG_REGION pages", nothing, make_pages_of_anon, dereg, false },
	};

	if (!self->w.iommu)
		SKIP(return, "rig_bnxt0 is not behind an IOMMU: it pins no ordinary pages");
	walk_calls(_metadata, &self->w, calls, 1);
}

TEST_F_TIMEOUT(faults, every_fault_in_a_queue_pair_command_fails_it_cleanly, 600)
{
	const struct call calls[] = {
		{ "CREATE_QP", nothing, make_qp, destroy_made_qp, false },
		{ "CONNECT_QP", prepare_pair, make_connect, undo_pair, true },
		{ "KICK", prepare_qp, make_kick, make_destroy, false },
		{ "WAIT", prepare_qp, make_wait, make_destroy, false },
		{ "DESTROY_QP", prepare_qp, make_destroy, nothing, false },
	};

	(void)undo_destroy_failed;
	walk_calls(_metadata, &self->w, calls, sizeof(calls) / sizeof(calls[0]));
}

TEST_F_TIMEOUT(faults, every_fault_in_an_mmap_of_each_cookie_kind_fails_it_cleanly, 600)
{
	const struct call calls[] = {
		{ "mmap host region", prepare_host, map_host, unmap_and_dereg, false },
		{ "mmap DMA buffer", prepare_dma, map_dma, unmap_and_free, false },
		{ "mmap queue pair", prepare_qp, map_qp, unmap_and_destroy, false },
		{ "mmap doorbell page", prepare_qp, map_doorbell, unmap_and_destroy, false },
	};

	walk_calls(_metadata, &self->w, calls, sizeof(calls) / sizeof(calls[0]));
}

/* Stop and restart rig_bnxt0's function: the NIC goes and comes back new. */
static int reset_nic(void)
{
	char dir[PATH_MAX], path[PATH_MAX + 16];
	int i;

	if (rig_model_dir(0, dir, sizeof(dir)))
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/state", dir);
	if (rig_write(path, "stop") || rig_write(path, "restart"))
		return -EIO;
	for (i = 0; i < 1000 && !rig_path_exists("/dev/rig_bnxt%d", 0); i++)
		usleep(10000);
	return rig_path_exists("/dev/rig_bnxt%d", 0) ? 0 : -ENODEV;
}

/*
 * A registration that fails after the firmware took the region is undone
 * by deregistering it.  When the firmware refuses that too, the region's
 * memory must stay with the NIC (as a closed file's does) until the NIC
 * goes, and then go: never be forgotten, pinned and charged for good.
 */
TEST_F_TIMEOUT(faults, a_registration_undone_while_the_firmware_keeps_its_key_leaks_nothing, 600)
{
	struct rig_bnxt_reg_region r;
	int n, ret, left, undone = 0;

	for (n = 1; n <= MAX_POINTS; n++) {
		ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_DEALLOCATE_KEY));
		ASSERT_EQ(0, set_nth(self->w.nth, n));
		ret = raw_host(self->w.fd, 3 * 4096, &r);
		left = nth_left(self->w.nth);
		set_nth(self->w.nth, 0);
		ASSERT_EQ(0, rig_model_set(0, "fail_opcode", "0 0"));
		if (ret == 0) {
			ASSERT_EQ(0, raw_handle(self->w.fd, RIG_BNXT_DEREG_REGION, r.handle));
			if (left > 0)
				break;
			continue;
		}
		ASSERT_TRUE(ret == -ENOMEM || ret == -EFAULT) TH_LOG("fault point %d: %s", n,
								      strerror(-ret));
		/* The regions the firmware kept are its, not this file's: still there. */
		if (rig_model_num(0, "mrs", -1) > undone)
			undone++;
	}
	TH_LOG("%d fault points, %d undone registrations the firmware kept", n, undone);
	EXPECT_LT(0, undone) TH_LOG("no fault point fell after the firmware took the region");
	close(self->w.fd);
	self->w.fd = -1;
	EXPECT_EQ(undone, rig_model_num(0, "mrs", -1));
	/* Kept until the NIC goes, and no longer. */
	EXPECT_LT(0, rig_debugfs_num("allocated_pages"));
	ASSERT_EQ(0, reset_nic());
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(0, rig_debugfs_num("allocated_pages"));
	EXPECT_EQ(0, rig_vm_pinned());
}

/* open() makes the context: its faults too. */
static int make_open(struct walk *w)
{
	w->made = raw_open(0);
	return (int)w->made < 0 ? (int)w->made : 0;
}

static int close_made(struct walk *w)
{
	return close((int)w->made) ? -errno : 0;
}

TEST_F_TIMEOUT(faults, every_fault_in_open_fails_it_cleanly, 600)
{
	const struct call calls[] = {
		{ "open", nothing, make_open, close_made, false },
	};

	walk_calls(_metadata, &self->w, calls, 1);
}

TEST_HARNESS_MAIN
