// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a review of the driver found that the rest of the suite did not:
 * objects read after another thread freed them, the engine's lock held for
 * a whole entry and its spinning on a full completion ring, guessable
 * keys, locked memory charged to a process that can leave, mappings that
 * madvise() could hand to a child, and device memory reached after its
 * device left.  Each test names the behaviour; most drive the character
 * device directly (raw.h), doing what the library never would.  On the
 * debug kernel, KASAN and lockdep watch every one of them.
 */
#include <linux/userfaultfd.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>

#include "kselftest_harness.h"
#include "rig/bnxt.h"
#include "raw.h"
#include "rig_util.h"

/* The unprivileged user the accounting tests become. */
#define TEST_UID 4242

/* Wait for @pid; its exit status, or -1 if it did not exit (a signal). */
static int exit_status(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* Become TEST_UID with @memlock bytes of RLIMIT_MEMLOCK: 0 or -errno. */
static int become_user(rlim_t memlock)
{
	struct rlimit rl = { memlock, memlock };

	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		return -errno;
	/* Every uid non-zero: the capabilities (CAP_IPC_LOCK) go too. */
	if (setresgid(TEST_UID, TEST_UID, TEST_UID) || setresuid(TEST_UID, TEST_UID, TEST_UID))
		return -errno;
	return 0;
}

/* ---- objects destroyed by another thread the moment they exist ------- */

struct race {
	int fd;
	unsigned long cmd;		/* what the other thread destroys with */
	atomic_uint last;		/* the newest handle the creator got */
	atomic_int stop;
	int destroyed;			/* by the other thread */
};

/*
 * Handles come from a cyclic allocator: the next one is the last plus one.
 * Destroy it the moment it exists, as another thread of a hostile process
 * would, to catch the creating command reading its object after the lock
 * that kept it alive was dropped.
 */
static void *race_destroyer(void *arg)
{
	struct race *r = arg;

	while (!atomic_load(&r->stop)) {
		unsigned int next = atomic_load(&r->last) + 1;

		if (raw_handle(r->fd, r->cmd, next) == 0)
			r->destroyed++;
	}
	return NULL;
}

/* Run @make (0 or -errno, the handle in *@h) for @ms against the destroyer. */
static void race_run(struct __test_metadata *_metadata, int fd, unsigned long cmd,
		     int (*make)(int fd, uint32_t *h), int ms)
{
	struct race r = { .fd = fd, .cmd = cmd };
	int made = 0, mine = 0;
	double end = raw_now_ms() + ms;
	cpu_set_t one;
	pthread_t t;
	uint32_t h;
	int ret;

	/*
	 * Both threads on one CPU: the destroyer then waits on the lock the
	 * creator holds whenever a tick preempts the creator there, and is
	 * woken (on a preemptible kernel, run) the moment it is dropped.
	 */
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	ASSERT_EQ(0, sched_setaffinity(0, sizeof(one), &one));
	ASSERT_EQ(0, make(fd, &h));
	ASSERT_EQ(0, raw_handle(fd, cmd, h));
	atomic_store(&r.last, h);
	ASSERT_EQ(0, pthread_create(&t, NULL, race_destroyer, &r));
	while (raw_now_ms() < end) {
		ret = make(fd, &h);
		ASSERT_EQ(0, ret) TH_LOG("creation %d: %s", made, strerror(-ret));
		made++;
		atomic_store(&r.last, h);
		/* Ours to destroy, unless the other thread was first. */
		ret = raw_handle(fd, cmd, h);
		if (ret == 0)
			mine++;
		else
			ASSERT_EQ(-EINVAL, ret);
	}
	atomic_store(&r.stop, 1);
	pthread_join(t, NULL);
	TH_LOG("%d made, %d destroyed by the racing thread", made, r.destroyed);
	/* Each object was destroyed exactly once, by one thread or the other. */
	EXPECT_EQ(made, mine + r.destroyed);
}

static int make_region(int fd, uint32_t *h)
{
	struct rig_bnxt_reg_region r;
	int ret = raw_host(fd, 4096, &r);

	*h = r.handle;
	return ret;
}

static int make_qp(int fd, uint32_t *h)
{
	struct rig_bnxt_create_qp c = { .size = sizeof(c), .entries = 2 };
	int ret = raw_cmd(fd, RIG_BNXT_CREATE_QP, &c);

	*h = c.handle;
	return ret;
}

FIXTURE(hard) {
	int fd0, fd1;
	int iommu;
};

FIXTURE_SETUP(hard)
{
	if (rig_soft_count() < 2)
		SKIP(return, "needs two modelled NICs (scripts/vm-run --soft 2)");
	self->fd0 = raw_open(0);
	self->fd1 = raw_open(1);
	ASSERT_LE(0, self->fd0);
	ASSERT_LE(0, self->fd1);
	self->iommu = rig_file_num("/sys/class/rig_bnxt/rig_bnxt0/iommu", -1);
	ASSERT_LE(0, self->iommu);
}

FIXTURE_TEARDOWN(hard)
{
	close(self->fd0);
	close(self->fd1);
}

TEST_F_TIMEOUT(hard, a_region_deregistered_by_another_thread_as_it_is_made_is_never_read_after_free, 60)
{
	race_run(_metadata, self->fd0, RIG_BNXT_DEREG_REGION, make_region, 2000);
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
}

TEST_F_TIMEOUT(hard, a_queue_pair_destroyed_by_another_thread_as_it_is_made_is_never_read_after_free, 60)
{
	race_run(_metadata, self->fd0, RIG_BNXT_DESTROY_QP, make_qp, 2000);
}

/* ---- one user's share of a NIC ----------------------------------------- */

/* What a hog made of each kind before the NIC said no, and with what. */
struct hog {
	int files, files_err;
	int qps, qps_err;
	int regions, regions_err;
	char message[RIG_BNXT_ERROR_BYTES];
};

/*
 * A child as @uid: open files of rig_bnxt0 until refused, then on one of
 * them make queue pairs until refused, then regions; report over @out and
 * hold everything until a byte comes on @in.
 */
static void hog(uid_t uid, int out, int in)
{
	struct rig_bnxt_last_error e = { .size = sizeof(e) };
	static int fds[8192];
	struct rlimit files = { 8192, 8192 }, memlock = { 256 << 20, 256 << 20 };
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_create_qp c;
	struct hog h = { 0 };
	int fd, ret, i;
	char byte;

	/* Every uid non-zero: the capabilities (CAP_SYS_RESOURCE) go too. */
	if (setrlimit(RLIMIT_NOFILE, &files) || setrlimit(RLIMIT_MEMLOCK, &memlock) ||
	    setresgid(uid, uid, uid) || setresuid(uid, uid, uid))
		_exit(2);
	for (;;) {
		ret = h.files < 8000 ? raw_open(0) : -EMFILE;
		if (ret < 0) {
			h.files_err = -ret;
			break;
		}
		fds[h.files++] = ret;
	}
	if (!h.files)
		_exit(2);
	/* Give back all but one: queue pairs take doorbell pages too. */
	for (i = 1; i < h.files; i++)
		close(fds[i]);
	fd = fds[0];
	for (;;) {
		c = (struct rig_bnxt_create_qp){ .size = sizeof(c), .entries = 2 };
		ret = raw_cmd(fd, RIG_BNXT_CREATE_QP, &c);
		if (ret) {
			h.qps_err = -ret;
			break;
		}
		h.qps++;
	}
	for (;;) {
		ret = raw_host(fd, 4096, &r);
		if (ret) {
			h.regions_err = -ret;
			break;
		}
		h.regions++;
	}
	if (raw_cmd(fd, RIG_BNXT_LAST_ERROR, &e) == 0)
		snprintf(h.message, sizeof(h.message), "%s", e.message);
	if (write(out, &h, sizeof(h)) != sizeof(h))
		_exit(3);
	if (read(in, &byte, 1) != 1)
		_exit(4);
	_exit(0);
}

/*
 * An unprivileged user who opens files, makes queue pairs and registers
 * regions until the NIC says no is told EDQUOT at its share (user_share:
 * 10 % here), long before the NIC runs out: another user still gets a
 * file, a queue pair and a region.
 */
TEST_F_TIMEOUT(hard, one_user_takes_only_its_share_of_a_nic_and_another_still_gets_one, 600)
{
	long share = rig_param_num("user_share", -1);
	int out[2], in[2], out2[2], in2[2], status;
	struct stat node;
	struct hog a, b;
	pid_t pa, pb;

	ASSERT_LT(0, share) TH_LOG("no user_share parameter");
	ASSERT_EQ(0, rig_param_set("user_share", 10));
	/* The users open the node themselves: they are who the files count for. */
	ASSERT_EQ(0, stat("/dev/rig_bnxt0", &node));
	ASSERT_EQ(0, chmod("/dev/rig_bnxt0", 0666));
	ASSERT_EQ(0, pipe(out));
	ASSERT_EQ(0, pipe(in));
	pa = fork();
	ASSERT_LE(0, pa);
	if (pa == 0)
		hog(TEST_UID, out[1], in[0]);
	close(out[1]);
	close(in[0]);
	ASSERT_EQ(sizeof(a), read(out[0], &a, sizeof(a)));
	TH_LOG("user %d: %d files (%s), %d queue pairs (%s), %d regions (%s): \"%s\"",
	       TEST_UID, a.files, strerror(a.files_err), a.qps, strerror(a.qps_err),
	       a.regions, strerror(a.regions_err), a.message);
	EXPECT_EQ(EDQUOT, a.files_err);
	EXPECT_EQ(EDQUOT, a.qps_err);
	EXPECT_EQ(EDQUOT, a.regions_err);
	EXPECT_LT(1, a.files);
	EXPECT_LT(1, a.qps);
	EXPECT_LT(1, a.regions);
	EXPECT_NE(NULL, strstr(a.message, "share"));

	/* With the first holding all of that, a second user hogs as much. */
	ASSERT_EQ(0, pipe(out2));
	ASSERT_EQ(0, pipe(in2));
	pb = fork();
	ASSERT_LE(0, pb);
	if (pb == 0)
		hog(TEST_UID + 1, out2[1], in2[0]);
	close(out2[1]);
	close(in2[0]);
	ASSERT_EQ(sizeof(b), read(out2[0], &b, sizeof(b)));
	EXPECT_EQ(a.files, b.files);
	EXPECT_EQ(a.qps, b.qps);
	EXPECT_EQ(a.regions, b.regions);

	/* Each child holds the other's pipes too: a byte, not an end of file. */
	ASSERT_EQ(1, write(in[1], "x", 1));
	ASSERT_EQ(1, write(in2[1], "x", 1));
	close(in[1]);
	close(in2[1]);
	ASSERT_EQ(pa, waitpid(pa, &status, 0));
	EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_EQ(pb, waitpid(pb, &status, 0));
	EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	EXPECT_EQ(0, rig_param_set("user_share", share));
	EXPECT_EQ(0, chmod("/dev/rig_bnxt0", node.st_mode & 07777));
	EXPECT_EQ(0, rig_model_num(0, "qps", -1));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	close(out[0]);
	close(out2[0]);
}

/* ---- the device's lock and faults in the process's memory --------------- */

/*
 * A page whose first touch waits until this process resolves it (a
 * userfaultfd, as a FUSE file or a slow disk would make it wait): the
 * userfaultfd, or -errno.
 */
static int waiting_page(void **page)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	int uffd = syscall(__NR_userfaultfd, O_CLOEXEC);

	if (uffd < 0)
		return -errno;
	*page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	reg.range.start = (uintptr_t)*page;
	reg.range.len = 4096;
	if (*page == MAP_FAILED || ioctl(uffd, UFFDIO_API, &api) ||
	    ioctl(uffd, UFFDIO_REGISTER, &reg)) {
		close(uffd);
		return -errno;
	}
	return uffd;
}

/* A command whose argument faults on a waiting page, made by a thread. */
struct faulting {
	int fd;
	int iommu;
	void *page;
	int ret;
};

static void *faulting_registration(void *arg)
{
	struct faulting *f = arg;
	struct rig_bnxt_reg_region r;

	/* Behind an IOMMU the pages are pinned; without one, runs are read. */
	f->ret = f->iommu ? raw_pages(f->fd, f->page, 4096, &r) :
			    raw_device(f->fd, f->page, 1, &r);
	return NULL;
}

/* Write "stop" to a function's state, from another thread. */
struct stopper {
	char path[PATH_MAX + 16];
	int ret;
};

static void *stop_function(void *arg)
{
	struct stopper *s = arg;

	s->ret = rig_write(s->path, "stop");
	return NULL;
}

/*
 * A registration whose memory faults and waits (a userfaultfd here; a
 * FUSE file, a stalled NFS mount) holds up nothing but itself: the NIC
 * can still be stopped and removed, as bnxt_en's reset must, while the
 * fault is unresolved.
 */
TEST_F_TIMEOUT(hard, a_registration_waiting_on_a_page_fault_holds_up_no_removal, 120)
{
	struct faulting f = { .fd = self->fd0, .iommu = self->iommu };
	struct stopper s = { .ret = 1 };
	struct uffdio_range wake;
	struct uffd_msg msg;
	struct pollfd p;
	char dir[PATH_MAX];
	pthread_t reg, stop;
	int uffd, i;

	ASSERT_EQ(0, rig_model_dir(0, dir, sizeof(dir)));
	snprintf(s.path, sizeof(s.path), "%s/state", dir);
	uffd = waiting_page(&f.page);
	if (uffd == -EPERM || uffd == -ENOSYS)
		SKIP(return, "no userfaultfd here (%s)", strerror(-uffd));
	ASSERT_LE(0, uffd);
	ASSERT_EQ(0, pthread_create(&reg, NULL, faulting_registration, &f));
	/* The kernel touched the page: the registration waits. */
	p = (struct pollfd){ .fd = uffd, .events = POLLIN };
	ASSERT_EQ(1, poll(&p, 1, 10000)) TH_LOG("the registration never touched the page");
	ASSERT_EQ(sizeof(msg), read(uffd, &msg, sizeof(msg)));
	ASSERT_EQ(UFFD_EVENT_PAGEFAULT, msg.event);

	ASSERT_EQ(0, pthread_create(&stop, NULL, stop_function, &s));
	for (i = 0; i < 100 && s.ret == 1; i++)
		usleep(100000);
	EXPECT_EQ(0, s.ret) TH_LOG("the NIC could not be stopped while a fault waits");
	/* Resolve the fault: the registration ends, on a NIC that is gone. */
	wake = (struct uffdio_range){ (uintptr_t)f.page, 4096 };
	ioctl(uffd, UFFDIO_WAKE, &wake);
	{
		struct uffdio_zeropage z = { .range = wake };

		ioctl(uffd, UFFDIO_ZEROPAGE, &z);
	}
	pthread_join(reg, NULL);
	pthread_join(stop, NULL);
	EXPECT_NE(0, f.ret);
	close(uffd);
	ASSERT_EQ(0, rig_write(s.path, "restart"));
	for (i = 0; i < 100 && !rig_path_exists("/dev/rig_bnxt%d", 0); i++)
		usleep(100000);
	ASSERT_TRUE(rig_path_exists("/dev/rig_bnxt%d", 0));
}

/*
 * The same wait while the function itself is removed from the PCI bus
 * (hot-unplug): when the fault is resolved, the registration pins its
 * page on a NIC that is gone, and must map nothing for a device the
 * IOMMU has let go of.  It fails with ENODEV, and nothing stays pinned.
 */
TEST_F_TIMEOUT(hard, a_registration_waiting_on_a_page_fault_fails_whole_when_its_function_is_removed,
	       120)
{
	struct faulting f = { .fd = self->fd0, .iommu = self->iommu };
	long pinned = rig_debugfs_num("pinned_pages");
	char dir[PATH_MAX], path[PATH_MAX + 64];
	struct uffdio_zeropage z;
	struct uffd_msg msg;
	struct pollfd p;
	const char *pci;
	pthread_t reg;
	int uffd, i;

	if (!self->iommu)
		SKIP(return, "rig_bnxt0 is not behind an IOMMU: it pins no process memory");
	ASSERT_EQ(0, rig_model_dir(0, dir, sizeof(dir)));
	pci = strrchr(dir, '/') + 1;
	uffd = waiting_page(&f.page);
	if (uffd == -EPERM || uffd == -ENOSYS)
		SKIP(return, "no userfaultfd here (%s)", strerror(-uffd));
	ASSERT_LE(0, uffd);
	ASSERT_EQ(0, pthread_create(&reg, NULL, faulting_registration, &f));
	p = (struct pollfd){ .fd = uffd, .events = POLLIN };
	ASSERT_EQ(1, poll(&p, 1, 10000)) TH_LOG("the registration never touched the page");
	ASSERT_EQ(sizeof(msg), read(uffd, &msg, sizeof(msg)));

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/remove", pci);
	ASSERT_EQ(0, rig_write(path, "1"));
	for (i = 0; i < 100 && rig_path_exists("/dev/rig_bnxt%d", 0); i++)
		usleep(100000);
	/* Resolved: the registration goes on, on a function that is gone. */
	z = (struct uffdio_zeropage){ .range = { (uintptr_t)f.page, 4096 } };
	ioctl(uffd, UFFDIO_ZEROPAGE, &z);
	pthread_join(reg, NULL);
	EXPECT_EQ(-ENODEV, f.ret);
	EXPECT_EQ(pinned, rig_debugfs_num("pinned_pages"));
	close(uffd);

	/* Found again and given back to the model, as scripts/vm-init did. */
	ASSERT_EQ(0, rig_write("/sys/bus/pci/rescan", "1"));
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/driver_override", pci);
	ASSERT_EQ(0, rig_write(path, "rig_soft"));
	rig_write("/sys/bus/pci/drivers/rig_soft/bind", pci);
	for (i = 0; i < 100 && rig_soft_count() < 2; i++)
		usleep(100000);
	ASSERT_LE(2, rig_soft_count());
}

/* ---- doorbell pages of a destroyed queue pair ---------------------------- */

/*
 * The model gives each queue pair doorbell pages of its own and hands
 * them out again, lowest first, once it is destroyed: a mapping that
 * outlived its queue pair would ring the next one's, another process's
 * maybe.  Destruction takes every mapping of them away (a touch faults);
 * the rings, the process's own memory, stay readable.
 */
TEST_F(hard, a_destroyed_queue_pairs_doorbell_mappings_are_taken_away)
{
	struct raw_qp a, b, c;
	int i;

	ASSERT_EQ(0, raw_qp_make(self->fd0, 4, 1, &a));
	for (i = 0; i < 3; i++)
		ASSERT_FALSE(rig_sigbus_on_touch(a.db[i]));
	ASSERT_EQ(0, raw_handle(self->fd0, RIG_BNXT_DESTROY_QP, a.c.handle));
	for (i = 0; i < 3; i++) {
		EXPECT_TRUE(rig_sigbus_on_touch(a.db[i])) TH_LOG("doorbell %d", i);
	}
	EXPECT_FALSE(rig_sigbus_on_touch(a.map));
	EXPECT_FALSE(rig_sigbus_on_touch(a.map + a.c.cq_offset));

	/* The pages go to new queue pairs; the old mappings still reach nothing. */
	ASSERT_EQ(0, raw_qp_make(self->fd0, 4, 2, &b));
	ASSERT_EQ(0, raw_qp_make(self->fd0, 4, 3, &c));
	for (i = 0; i < 3; i++) {
		EXPECT_TRUE(rig_sigbus_on_touch(a.db[i])) TH_LOG("doorbell %d", i);
	}
	EXPECT_EQ(0, raw_qp_destroy(&b));
	EXPECT_EQ(0, raw_qp_destroy(&c));
	for (i = 0; i < 3; i++)
		munmap((void *)a.db[i], 4096);
	munmap(a.map, a.c.mmap_bytes);
}

/*
 * Try to move a one-page mapping elsewhere, with and without leaving the
 * old one: every move is refused, and the mapping stays where it was.
 */
static int move_refused(void *p)
{
	void *target = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *q;
	int refused = 1;

	if (target == MAP_FAILED)
		return 0;
	q = mremap(p, 4096, 4096, MREMAP_MAYMOVE | MREMAP_FIXED, target);
	refused &= q == MAP_FAILED;
	q = mremap(p, 4096, 4096, MREMAP_MAYMOVE | MREMAP_DONTUNMAP);
	refused &= q == MAP_FAILED;
	munmap(target, 4096);
	return refused;
}

/*
 * A mapping the driver takes away while it lives (a doorbell page revoked
 * with its queue pair) may be touched, moved and unmapped in any order
 * with the kernel reporting nothing: pages are put in by faults, so no
 * PAT bookkeeping (remap_pfn_range()'s VM_PAT on x86) looks for a page a
 * zap took.  Mappings of one page of each kind, as the race fuzzer makes
 * them: doorbells, one page of the rings, a host region of one page.
 */
TEST_F(hard, zapped_and_live_mappings_move_and_unmap_in_any_order_with_no_kernel_report)
{
	struct rig_bnxt_reg_region r;
	void *ring, *host;
	struct raw_qp a;
	int kmsg, i;

	kmsg = rig_kmsg_open();
	ASSERT_LE(0, kmsg);
	ASSERT_EQ(0, raw_qp_make(self->fd0, 4, 1, &a));
	ring = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd0,
		    (off_t)a.c.mmap_offset);
	ASSERT_NE(MAP_FAILED, ring);
	ASSERT_EQ(0, raw_host(self->fd0, 4096, &r));
	host = raw_map(self->fd0, &r);
	ASSERT_NE(MAP_FAILED, host);

	/* Untouched, then touched: a move of either is refused. */
	EXPECT_TRUE(move_refused((void *)a.db[2]));
	for (i = 0; i < 3; i++)
		ASSERT_FALSE(rig_sigbus_on_touch(a.db[i]));
	EXPECT_FALSE(rig_sigbus_on_touch(ring));
	EXPECT_FALSE(rig_sigbus_on_touch(host));
	EXPECT_TRUE(move_refused((void *)a.db[0]));
	EXPECT_TRUE(move_refused(ring));
	EXPECT_TRUE(move_refused(host));
	EXPECT_FALSE(rig_sigbus_on_touch(a.db[0]));

	/* Zapped, once touched (0, 1) and once never touched since (2). */
	ASSERT_EQ(0, raw_handle(self->fd0, RIG_BNXT_DESTROY_QP, a.c.handle));
	EXPECT_TRUE(rig_sigbus_on_touch(a.db[0]));
	EXPECT_TRUE(move_refused((void *)a.db[0]));
	EXPECT_TRUE(move_refused((void *)a.db[1]));
	EXPECT_TRUE(rig_sigbus_on_touch(a.db[1]));
	EXPECT_FALSE(rig_sigbus_on_touch(ring));
	for (i = 0; i < 3; i++)
		EXPECT_EQ(0, munmap((void *)a.db[i], 4096));
	EXPECT_EQ(0, munmap(ring, 4096));
	EXPECT_EQ(0, munmap(a.map, a.c.mmap_bytes));
	EXPECT_EQ(0, munmap(host, 4096));
	EXPECT_EQ(0, raw_handle(self->fd0, RIG_BNXT_DEREG_REGION, r.handle));

	EXPECT_EQ(0, rig_kernel_reports(kmsg));
	close(kmsg);
}

/* ---- keys -------------------------------------------------------------- */

TEST_F(hard, keys_of_regions_registered_in_a_row_cannot_be_found_by_counting)
{
	enum { N = 64 };
	struct rig_bnxt_reg_region r[N];
	int i, neighbours = 0, variants = 0;
	unsigned char seen[256] = { 0 };

	for (i = 0; i < N; i++)
		ASSERT_EQ(0, raw_host(self->fd0, 4096, &r[i]));
	for (i = 1; i < N; i++) {
		uint32_t d = r[i].key - r[i - 1].key;

		/* One key from the next, by counting up or down. */
		neighbours += d == 1 || d == (uint32_t)-1;
	}
	for (i = 0; i < N; i++) {
		variants += !seen[r[i].key & 0xff];
		seen[r[i].key & 0xff] = 1;
	}
	TH_LOG("%d of %d keys one from the previous; %d distinct low bytes",
	       neighbours, N - 1, variants);
	EXPECT_GT(4, neighbours);
	/* 64 random bytes take ~57 values; a counter's take 64, a constant's 1. */
	EXPECT_LT(32, variants);
	for (i = 0; i < N; i++)
		ASSERT_EQ(0, raw_handle(self->fd0, RIG_BNXT_DEREG_REGION, r[i].handle));
}

/* Two queue pairs of @fd connected to each other, handles from @handle. */
static void qp_pair_on(struct __test_metadata *_metadata, int fd, struct raw_qp *a,
		       struct raw_qp *b, uint64_t handle)
{
	ASSERT_EQ(0, raw_qp_make(fd, 4, handle, a));
	ASSERT_EQ(0, raw_qp_make(fd, 4, handle + 1, b));
	ASSERT_EQ(0, raw_qp_connect(a, b));
	ASSERT_EQ(0, raw_qp_connect(b, a));
}

/*
 * Keys are only hard to guess: what makes a guess harmless is that a key
 * works only for queue pairs of its own file's protection domain.  Another
 * file's queue pairs, holding the very key, reach nothing of the region
 * (send from it, receive into it, read it through a peer of the NIC) and
 * fail themselves only; the owner goes on as before.
 */
TEST_F(hard, a_key_of_another_file_fails_only_the_queue_pair_that_uses_it)
{
	static const char secret[] = "another file's bytes";
	struct rig_bnxt_reg_region theirs, mine;
	struct rig_bnxt_completion c;
	struct rig_bnxt_local l;
	struct rig_bnxt_remote rem;
	struct raw_qp a, b, x, y;
	unsigned char *p, *q;
	int owner = raw_open(0);

	ASSERT_LE(0, owner);
	ASSERT_EQ(0, raw_host(owner, 4096, &theirs));
	p = raw_map(owner, &theirs);
	ASSERT_NE(MAP_FAILED, p);
	memcpy(p, secret, sizeof(secret));
	ASSERT_EQ(0, raw_host(self->fd0, 4096, &mine));
	q = raw_map(self->fd0, &mine);
	ASSERT_NE(MAP_FAILED, q);

	/* A send from the other file's key. */
	qp_pair_on(_metadata, self->fd0, &a, &b, 10);
	l = (struct rig_bnxt_local){ 0, sizeof(secret), mine.key };
	ASSERT_EQ(0, raw_receive(&b, &l, 1));
	l.key = theirs.key;
	ASSERT_EQ(0, raw_send(&a, &l, 1));
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, c.status);
	EXPECT_NE(0, memcmp(q, secret, sizeof(secret)));
	/* A receive into it, and a read of it through a peer of its NIC. */
	qp_pair_on(_metadata, self->fd0, &x, &y, 20);
	l = (struct rig_bnxt_local){ 0, 8, theirs.key };
	ASSERT_EQ(0, raw_receive(&y, &l, 1));
	l.key = mine.key;
	ASSERT_EQ(0, raw_send(&x, &l, 1));
	ASSERT_EQ(1, raw_poll_ms(&y, &c, 10000));
	EXPECT_NE(RIG_BNXT_CQ_RES_RC_STATUS_OK, c.status);
	EXPECT_EQ(0, memcmp(p, secret, sizeof(secret))) TH_LOG("a guess wrote the region");
	raw_qp_destroy(&x);
	raw_qp_destroy(&y);
	qp_pair_on(_metadata, self->fd0, &x, &y, 30);
	rem = (struct rig_bnxt_remote){ 0, theirs.key };
	l = (struct rig_bnxt_local){ 0, sizeof(secret), mine.key };
	ASSERT_EQ(0, raw_read(&x, &rem, &l, 1));
	ASSERT_EQ(1, raw_poll_ms(&x, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR, c.status);
	EXPECT_NE(0, memcmp(q, secret, sizeof(secret))) TH_LOG("a guess read the region");

	/* The owner's own queue pairs reach it as before. */
	raw_qp_destroy(&x);
	raw_qp_destroy(&y);
	qp_pair_on(_metadata, owner, &x, &y, 40);
	ASSERT_EQ(0, raw_receive(&y, &(struct rig_bnxt_local){ 2048, 64, theirs.key }, 1));
	ASSERT_EQ(0, raw_send(&x, &(struct rig_bnxt_local){ 0, 64, theirs.key }, 1));
	ASSERT_EQ(1, raw_poll_ms(&x, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c.status);
	ASSERT_EQ(1, raw_poll_ms(&y, &c, 10000));
	EXPECT_EQ(0, memcmp(p + 2048, secret, sizeof(secret)));
	raw_qp_destroy(&a);
	raw_qp_destroy(&b);
	raw_qp_destroy(&x);
	raw_qp_destroy(&y);
	munmap(p, 4096);
	munmap(q, 4096);
	close(owner);
}

/* ---- locked memory ------------------------------------------------------- */

/* Send @fd over @sock. */
static int send_fd(int sock, int fd)
{
	char byte = 0, cbuf[CMSG_SPACE(sizeof(int))] = { 0 };
	struct iovec iov = { &byte, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);

	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	return sendmsg(sock, &m, 0) == 1 ? 0 : -1;
}

/* Receive a descriptor from @sock, or -1. */
static int recv_fd(int sock)
{
	char byte, cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { &byte, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c;
	int fd;

	if (recvmsg(sock, &m, 0) != 1)
		return -1;
	c = CMSG_FIRSTHDR(&m);
	if (!c || c->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(c), sizeof(int));
	return fd;
}

/*
 * A child: open rig_bnxt0, become TEST_UID with 1 MiB of RLIMIT_MEMLOCK,
 * register a host region of @bytes; then send the file over @sock (if not
 * -1) and exit.  Exit status: 0 registered, 1 ENOMEM, 2 anything else.
 */
static int charge_child(size_t bytes, int sock)
{
	struct rig_bnxt_reg_region r;
	int fd = raw_open(0), ret;

	if (fd < 0 || become_user(1 << 20))
		return 2;
	ret = raw_host(fd, bytes, &r);
	if (ret)
		return ret == -ENOMEM ? 1 : 2;
	if (sock >= 0 && send_fd(sock, fd))
		return 2;
	return 0;
}

static int charge_in_child(size_t bytes, int sock)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(charge_child(bytes, sock));
	return pid < 0 ? -1 : exit_status(pid);
}

TEST_F(hard, locked_memory_stays_charged_to_its_user_while_a_file_passed_on_holds_it)
{
	int sv[2], held;

	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, sv));
	/* 768 KiB of TEST_UID's 1 MiB, in a file the child hands us, then exits. */
	ASSERT_EQ(0, charge_in_child(768 << 10, sv[0]));
	held = recv_fd(sv[1]);
	ASSERT_LE(0, held);
	/* The memory lives in our hands: its user may not lock 512 KiB more. */
	EXPECT_EQ(1, charge_in_child(512 << 10, -1));
	/* Closing the last file frees it, and the charge with it. */
	close(held);
	EXPECT_EQ(0, charge_in_child(512 << 10, -1));
	close(sv[0]);
	close(sv[1]);
}

/*
 * The child of the next test, as TEST_UID with 64 KiB: a page of DMA
 * memory, then pages regions over it until one fails.  Exit status: the
 * number registered, or 255 when the failure was not ENOMEM.
 */
static int regions_over_one_buffer(void)
{
	struct rig_bnxt_dma_alloc a = { .size = sizeof(a), .bytes = 4096 };
	struct rig_bnxt_reg_region r;
	int fd = raw_open(0), n, ret;
	void *p;

	if (fd < 0 || become_user(64 << 10) || raw_cmd(fd, RIG_BNXT_DMA_ALLOC, &a))
		return 255;
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)a.mmap_offset);
	if (p == MAP_FAILED)
		return 255;
	for (n = 0; n < 200; n++) {
		ret = raw_pages(fd, p, 4096, &r);
		if (ret)
			return ret == -ENOMEM ? n : 255;
	}
	return n;
}

TEST_F(hard, every_pages_region_over_one_dma_buffer_is_charged_again)
{
	pid_t pid = fork();
	int n;

	ASSERT_LE(0, pid);
	if (pid == 0)
		_exit(regions_over_one_buffer());
	n = exit_status(pid);
	/* 64 KiB: the buffer's page and 15 regions' pages, then ENOMEM. */
	EXPECT_EQ(15, n);
}

/* ---- mappings and fork ------------------------------------------------- */

/* In a child of fork(): is [@p, @p + @n) mapped?  1, 0, or -1 (no child). */
static int mapped_in_child(void *p, size_t n)
{
	unsigned char vec[1];
	pid_t pid = fork();

	if (pid == 0)
		_exit(mincore(p, n, vec) == 0 ? 1 : errno == ENOMEM ? 0 : 2);
	return pid < 0 ? -1 : exit_status(pid);
}

TEST_F(hard, madvise_dofork_gives_no_child_the_nics_memory)
{
	struct rig_bnxt_reg_region r;
	struct raw_qp qp;
	void *p;

	ASSERT_EQ(0, raw_host(self->fd0, 4096, &r));
	p = raw_map(self->fd0, &r);
	ASSERT_NE(MAP_FAILED, p);
	EXPECT_EQ(-1, madvise(p, 4096, MADV_DOFORK));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, mapped_in_child(p, 4096));

	ASSERT_EQ(0, raw_qp_make(self->fd0, 4, 1, &qp));
	EXPECT_EQ(-1, madvise(qp.map, qp.c.mmap_bytes, MADV_DOFORK));
	EXPECT_EQ(0, mapped_in_child(qp.map, qp.c.mmap_bytes));
	EXPECT_EQ(0, raw_qp_destroy(&qp));
	munmap(p, 4096);
}

/* ---- the engine ------------------------------------------------------- */

/* The pid of the model's engine thread (rig_soft.ko), or -1. */
static pid_t engine_pid(void)
{
	char cmd[64];
	FILE *f = popen("grep -lx rig_soft /proc/[0-9]*/comm", "r");
	int pid = -1;

	if (!f)
		return -1;
	if (fgets(cmd, sizeof(cmd), f) && sscanf(cmd, "/proc/%d/comm", &pid) != 1)
		pid = -1;
	pclose(f);
	return pid;
}

/* CPU time of @pid so far, in clock ticks, or -1. */
static long cpu_ticks(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long utime, stime;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	p = fgets(buf, sizeof(buf), f);
	fclose(f);
	/* After the command name in parentheses: fields 3 on; 14 and 15. */
	p = p ? strrchr(buf, ')') : NULL;
	if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
			 &utime, &stime) != 2)
		return -1;
	return (long)(utime + stime);
}

/* The share of one CPU @pid used over the next @ms. */
static double cpu_share(pid_t pid, int ms)
{
	long t0 = cpu_ticks(pid), t1;
	double start = raw_now_ms(), end;

	usleep(ms * 1000);
	t1 = cpu_ticks(pid);
	end = raw_now_ms();
	return (double)(t1 - t0) / sysconf(_SC_CLK_TCK) * 1000 / (end - start);
}

static void qp_pair(struct __test_metadata *_metadata, FIXTURE_DATA(hard) *self,
		    uint32_t entries, struct raw_qp *a, struct raw_qp *b)
{
	ASSERT_EQ(0, raw_qp_make(self->fd0, entries, 0xa, a));
	ASSERT_EQ(0, raw_qp_make(self->fd1, entries, 0xb, b));
	ASSERT_EQ(0, raw_qp_connect(a, b));
	ASSERT_EQ(0, raw_qp_connect(b, a));
}

TEST_F_TIMEOUT(hard, the_engine_sleeps_while_a_completion_ring_has_no_room, 60)
{
	struct rig_bnxt_reg_region ra, rb;
	struct rig_bnxt_completion c;
	struct raw_qp a, b;
	struct rig_bnxt_local la, lb;
	pid_t engine = engine_pid();
	double idle, stuck;

	ASSERT_LT(0, engine) TH_LOG("no rig_soft engine thread");
	qp_pair(_metadata, self, 4, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd0, 4096, &ra));
	ASSERT_EQ(0, raw_host(self->fd1, 4096, &rb));
	la = (struct rig_bnxt_local){ 0, 64, ra.key };
	lb = (struct rig_bnxt_local){ 0, 64, rb.key };
	idle = cpu_share(engine, 500);

	/* A consumer index three past a producer that wrote nothing. */
	raw_ring(a.db[2], a.c.cqn, RIG_BNXT_DBC_TYPE_CQ, 3, a.c.cq_entries);
	ASSERT_EQ(0, raw_receive(&b, &lb, 1));
	ASSERT_EQ(0, raw_send(&a, &la, 1));
	stuck = cpu_share(engine, 1000);
	TH_LOG("engine CPU: %.0f%% idle, %.0f%% with no room to complete into",
	       100 * idle, 100 * stuck);
	EXPECT_GT(0.3, stuck);
	EXPECT_EQ(0, raw_poll_ms(&b, &c, 10));

	/* Room again, and a kick: the send goes through. */
	a.cq_cons = 0;
	raw_ring(a.db[2], a.c.cqn, RIG_BNXT_DBC_TYPE_CQ, 0, a.c.cq_entries);
	ASSERT_EQ(0, raw_kick(&a));
	ASSERT_EQ(1, raw_poll_ms(&b, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_RES_RC_STATUS_OK, c.status);
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c.status);
}

struct bystander {
	int fd;
	atomic_int stop;
	int cycles;
	double worst_ms;
};

/* Register, deregister, create and destroy on rig_bnxt1 until stopped. */
static void *bystander_run(void *arg)
{
	struct bystander *b = arg;

	while (!atomic_load(&b->stop)) {
		struct rig_bnxt_reg_region r;
		double t = raw_now_ms();
		uint32_t h;

		if (raw_host(b->fd, 4096, &r) ||
		    raw_handle(b->fd, RIG_BNXT_DEREG_REGION, r.handle) ||
		    make_qp(b->fd, &h) || raw_handle(b->fd, RIG_BNXT_DESTROY_QP, h))
			return (void *)1;
		t = raw_now_ms() - t;
		if (t > b->worst_ms)
			b->worst_ms = t;
		b->cycles++;
		usleep(20000);
	}
	return NULL;
}

/*
 * One entry of six elements that all name the same 256 MiB region moves
 * 1.5 GiB, and two of them 3 GiB: meanwhile, another file on the other
 * NIC registers, deregisters, creates and destroys without waiting for
 * the transfer.
 */
TEST_F_TIMEOUT(hard, a_huge_entry_holds_up_no_other_nic_or_call, 300)
{
	const uint64_t big = 256ULL << 20;
	struct rig_bnxt_reg_region ra, rb;
	struct rig_bnxt_local la[6], lb[6];
	struct bystander by = { 0 };
	struct rig_bnxt_completion c;
	struct raw_qp a, b;
	double start, took;
	pthread_t t;
	void *res;
	int i, fd2 = raw_open(1);

	ASSERT_LE(0, fd2);
	qp_pair(_metadata, self, 4, &a, &b);
	ASSERT_EQ(0, raw_host(self->fd0, big, &ra)) TH_LOG("256 MiB host region");
	ASSERT_EQ(0, raw_host(self->fd1, big, &rb)) TH_LOG("256 MiB host region");
	for (i = 0; i < 6; i++) {
		la[i] = (struct rig_bnxt_local){ 0, (uint32_t)big, ra.key };
		lb[i] = (struct rig_bnxt_local){ 0, (uint32_t)big, rb.key };
	}
	for (i = 0; i < 2; i++)
		ASSERT_EQ(0, raw_receive(&b, lb, 6));

	by.fd = fd2;
	start = raw_now_ms();
	for (i = 0; i < 2; i++)
		ASSERT_EQ(0, raw_send(&a, la, 6));
	ASSERT_EQ(0, pthread_create(&t, NULL, bystander_run, &by));
	for (i = 0; i < 2; i++) {
		ASSERT_EQ(1, raw_poll_ms(&a, &c, 240000));
		EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c.status);
	}
	took = raw_now_ms() - start;
	atomic_store(&by.stop, 1);
	pthread_join(t, &res);
	EXPECT_EQ(NULL, res);
	TH_LOG("3 GiB in %.0f ms; meanwhile %d cycles on rig_bnxt1, the slowest %.0f ms",
	       took, by.cycles, by.worst_ms);
	EXPECT_LE(3, by.cycles);
	EXPECT_GT(took / 4, by.worst_ms);
	for (i = 0; i < 2; i++) {
		ASSERT_EQ(1, raw_poll_ms(&b, &c, 1000));
		EXPECT_EQ(RIG_BNXT_CQ_RES_RC_STATUS_OK, c.status);
		EXPECT_EQ(6 * big & 0xffffffffu, c.bytes);
	}
	close(fd2);
}

/* ---- device memory whose device goes away ----------------------------- */

TEST_F_TIMEOUT(hard, device_memory_is_never_reached_after_its_device_is_removed, 120)
{
	struct rig_bnxt_reg_region rd, rh;
	struct rig_bnxt_completion c;
	struct rig_bnxt_run run;
	struct rig_bnxt_local src, dst;
	uint64_t start, len;
	struct raw_qp a, b;
	char dev[256], path[300];
	int i;

	if (self->iommu)
		SKIP(return, "rig_bnxt0 is behind an IOMMU: it takes no device memory");
	if (!rig_ivshmem(dev, sizeof(dev), &start, &len))
		SKIP(return, "no ivshmem device (scripts/vm-run --ivshmem MiB)");
	run = (struct rig_bnxt_run){ start, 4096 };
	ASSERT_EQ(0, raw_device(self->fd0, &run, 1, &rd));
	ASSERT_EQ(0, raw_host(self->fd1, 4096, &rh));
	qp_pair(_metadata, self, 4, &a, &b);
	src = (struct rig_bnxt_local){ 0, 4096, rd.key };
	dst = (struct rig_bnxt_local){ 0, 4096, rh.key };

	/* Through the BAR while the device is there. */
	ASSERT_EQ(0, raw_receive(&b, &dst, 1));
	ASSERT_EQ(0, raw_send(&a, &src, 1));
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	ASSERT_EQ(RIG_BNXT_CQ_REQ_STATUS_OK, c.status);
	ASSERT_EQ(1, raw_poll_ms(&b, &c, 10000));

	snprintf(path, sizeof(path), "%s/remove", dev);
	ASSERT_EQ(0, rig_write(path, "1"));
	ASSERT_EQ(0, raw_receive(&b, &dst, 1));
	ASSERT_EQ(0, raw_send(&a, &src, 1));
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, c.status);
	EXPECT_EQ(0, raw_handle(self->fd0, RIG_BNXT_DEREG_REGION, rd.handle));

	/* Bring the device back for whatever runs next. */
	ASSERT_EQ(0, rig_write("/sys/bus/pci/rescan", "1"));
	for (i = 0; i < 50 && !rig_ivshmem(NULL, 0, &start, &len); i++)
		usleep(100000);
	EXPECT_TRUE(rig_ivshmem(NULL, 0, &start, &len));
}

/* Unbind @dev's driver: 0 or -errno. */
static int unbind(const char *dev)
{
	char path[320];

	snprintf(path, sizeof(path), "%s/driver/unbind", dev);
	return rig_write(path, strrchr(dev, '/') + 1);
}

/*
 * A BAR moves only with its device, or while no driver holds it (sysfs
 * resizes a BAR only then): memory of a device with no driver is
 * refused, and a device region goes when its device's driver is unbound,
 * as when the device is removed.
 */
TEST_F_TIMEOUT(hard, device_memory_is_taken_only_from_a_device_that_has_a_driver, 120)
{
	struct rig_bnxt_reg_region rd, rh;
	struct rig_bnxt_completion c;
	struct rig_bnxt_local src, dst;
	struct rig_bnxt_run run;
	uint64_t start, len;
	char dev[256];
	struct raw_qp a, b;

	if (self->iommu)
		SKIP(return, "rig_bnxt0 is behind an IOMMU: it takes no device memory");
	if (!rig_ivshmem(dev, sizeof(dev), &start, &len))
		SKIP(return, "no ivshmem device (scripts/vm-run --ivshmem MiB)");
	run = (struct rig_bnxt_run){ start, 4096 };
	ASSERT_EQ(0, raw_device(self->fd0, &run, 1, &rd)) TH_LOG("%s has no driver?", dev);
	ASSERT_EQ(0, raw_host(self->fd1, 4096, &rh));
	qp_pair(_metadata, self, 4, &a, &b);
	src = (struct rig_bnxt_local){ 0, 4096, rd.key };
	dst = (struct rig_bnxt_local){ 0, 4096, rh.key };
	ASSERT_EQ(1, rig_model_num(0, "mrs", -1));

	/* Unbound, its BARs could be resized: the region goes. */
	ASSERT_EQ(0, unbind(dev));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	ASSERT_EQ(0, raw_receive(&b, &dst, 1));
	ASSERT_EQ(0, raw_send(&a, &src, 1));
	ASSERT_EQ(1, raw_poll_ms(&a, &c, 10000));
	EXPECT_EQ(RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR, c.status);
	EXPECT_EQ(0, raw_handle(self->fd0, RIG_BNXT_DEREG_REGION, rd.handle));
	/* And none is made over it while it has no driver. */
	EXPECT_EQ(-ENXIO, raw_device(self->fd0, &run, 1, &rd));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));

	/* Bound again (rig_ivshmem() binds it), it is device memory again. */
	ASSERT_TRUE(rig_ivshmem(NULL, 0, &start, &len));
	EXPECT_EQ(0, raw_device(self->fd0, &run, 1, &rd));
	EXPECT_EQ(0, raw_handle(self->fd0, RIG_BNXT_DEREG_REGION, rd.handle));
}

/* Register device regions over @run until told to stop; count those made. */
struct registrar {
	int fd;
	struct rig_bnxt_run run;
	atomic_int stop;
	int made, refused;
};

static void *register_until_stopped(void *arg)
{
	struct registrar *g = arg;
	struct rig_bnxt_reg_region r;

	while (!atomic_load(&g->stop)) {
		if (raw_device(g->fd, &g->run, 1, &r) == 0)
			g->made++;
		else
			g->refused++;
	}
	return NULL;
}

/*
 * Registrations racing the removal of their device: each either fails or
 * is deregistered with the rest, never left in the firmware over a BAR
 * that is about to be given to another device.
 */
TEST_F_TIMEOUT(hard, no_device_region_outlives_its_device_when_registered_during_its_removal, 300)
{
	struct registrar g = { .fd = self->fd0 };
	uint64_t start, len;
	char dev[256], path[300];
	int round, i, made = 0;
	pthread_t t;

	if (self->iommu)
		SKIP(return, "rig_bnxt0 is behind an IOMMU: it takes no device memory");
	if (!rig_ivshmem(dev, sizeof(dev), &start, &len))
		SKIP(return, "no ivshmem device (scripts/vm-run --ivshmem MiB)");
	for (round = 0; round < 8; round++) {
		ASSERT_TRUE(rig_ivshmem(dev, sizeof(dev), &start, &len));
		g.run = (struct rig_bnxt_run){ start, 4096 };
		atomic_store(&g.stop, 0);
		ASSERT_EQ(0, pthread_create(&t, NULL, register_until_stopped, &g));
		usleep(20000 + round * 5000);
		snprintf(path, sizeof(path), "%s/remove", dev);
		ASSERT_EQ(0, rig_write(path, "1"));
		atomic_store(&g.stop, 1);
		pthread_join(t, NULL);
		/* Every region over the removed device is out of the firmware. */
		EXPECT_EQ(0, rig_model_num(0, "mrs", -1)) TH_LOG("round %d", round);
		made += g.made;
		g.made = 0;
		ASSERT_EQ(0, rig_write("/sys/bus/pci/rescan", "1"));
		for (i = 0; i < 50 && !rig_ivshmem(NULL, 0, &start, &len); i++)
			usleep(100000);
		ASSERT_TRUE(rig_ivshmem(NULL, 0, &start, &len));
	}
	TH_LOG("%d regions made, %d refused, over 8 removals", made, g.refused);
	EXPECT_LT(0, made);
	EXPECT_LT(0, g.refused);
}

TEST_HARNESS_MAIN
