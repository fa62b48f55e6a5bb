// SPDX-License-Identifier: GPL-2.0-only
/*
 * A concurrency fuzzer: several processes of several threads make random
 * sequences of every command of uapi/rig_bnxt.h, valid and not, on files,
 * handles and mmap cookies their threads share; they map, unmap, remap,
 * madvise, mprotect and touch every kind of mapping, register their own
 * memory while other threads unmap it, fork children that use and close
 * the inherited files, and close files other threads are using.  Meanwhile
 * the test SIGKILLs workers mid-call and takes the NICs away under them
 * through the model's debugfs and the PCI core: firmware stops and
 * suspends with restarts, interrupts off and on, the model's driver
 * unbound and bound again, the function removed and found again.
 *
 * It fails on any kernel report made meanwhile (read from /dev/kmsg: what
 * scripts/vm-run fails a run on), on a hang (a watchdog: a thread, a child
 * or a device switch stuck in one call longer than RIG_RACE_HANG_SECONDS
 * has its kernel stack printed), and on a leak: once every worker is gone,
 * the driver's allocated and pinned pages and the model's objects are back
 * where they were, and the user's locked memory (RLIMIT_MEMLOCK's count)
 * is all given back.
 *
 * Environment: RIG_RACE_SEED (printed; reproduces the random choices, if
 * not the interleaving), RIG_RACE_SECONDS (20), RIG_RACE_ROUNDS (device
 * switches and kills, 0: as many as fit), RIG_RACE_WORKERS (3),
 * RIG_RACE_THREADS (4), RIG_RACE_HANG_SECONDS (60, four times that on a
 * kernel with kmemleak: the debug kernel).
 */
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <ucontext.h>

#include "kselftest_harness.h"
#include "raw.h"
#include "rig_util.h"

#ifndef MREMAP_DONTUNMAP
#define MREMAP_DONTUNMAP	4
#endif
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ	22
#define MADV_POPULATE_WRITE	23
#endif
#ifndef MADV_DONTNEED_LOCKED
#define MADV_DONTNEED_LOCKED	24
#endif

#define MAX_WORKERS	16
#define MAX_THREADS	16
#define MAX_FNS		8
/* Beats: a worker's threads, and the test's own device switcher. */
#define SWITCHER	(MAX_WORKERS * MAX_THREADS)
#define NBEATS		(SWITCHER + 1)

enum op {
	OP_IDLE, OP_OPEN, OP_CLOSE, OP_DUP, OP_REFRESH, OP_QUERY, OP_HOST, OP_PAGES, OP_DEVICE,
	OP_DMA_ALLOC, OP_DMA_FREE, OP_DEREG, OP_CREATE_QP, OP_CONNECT, OP_DESTROY_QP,
	OP_KICK, OP_WAIT, OP_LAST_ERROR, OP_GARBAGE, OP_MMAP, OP_MUNMAP, OP_MREMAP,
	OP_MADVISE, OP_MPROTECT, OP_TOUCH, OP_DOORBELL, OP_TRAFFIC, OP_POLL, OP_FORK,
	OP_ANON, OP_GANG, OP_EXIT,
	/* the switcher's */
	OP_STOP, OP_SUSPEND, OP_RESTART, OP_IRQS, OP_UNBIND, OP_BIND, OP_REMOVE,
	OP_RESCAN, OP_KILL, OP_WAIT_NICS, OP_MODEL, OP_GPU, NOPS
};

static const char *const op_names[NOPS] = {
	"idle", "open", "close", "dup", "reopen of gone NICs", "QUERY", "REG_REGION host", "REG_REGION pages",
	"REG_REGION device", "DMA_ALLOC", "DMA_FREE", "DEREG_REGION", "CREATE_QP",
	"CONNECT_QP", "DESTROY_QP", "KICK", "WAIT", "LAST_ERROR", "random command",
	"mmap", "munmap", "mremap", "madvise", "mprotect", "touch", "doorbell", "traffic",
	"poll", "fork", "own memory", "calls on one object at once", "exit",
	"state stop", "state suspend", "state restart", "irqs off/on", "unbind",
	"bind", "PCI remove", "PCI rescan", "SIGKILL of a worker", "waiting for the NICs",
	"rig_soft unloaded and loaded", "the GPU's removal",
};

/* What one thread is doing, for the watchdog: written by it, read by the test. */
struct beat {
	_Atomic int pid;		/* 0: free */
	_Atomic int tid;
	_Atomic int op;
	_Atomic int child;		/* a child of fork() it waits for, or 0 */
	_Atomic long long since_ms;	/* when @op began */
	_Atomic unsigned long ops;	/* calls made */
	_Atomic int reported;		/* the watchdog printed it */
};

struct shared {
	_Atomic int stop;
	_Atomic unsigned long forks, faults, made, gangs, violations;
	_Atomic unsigned long switching;	/* odd while a device switch runs */
	long long start_ms;
	_Atomic unsigned long calls[NOPS], done[NOPS];	/* made, and succeeded */
	_Atomic unsigned long events[NOPS], switches;	/* the switcher's */
	struct beat beats[NBEATS];
};

static struct shared *sh;

static long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000LL + t.tv_nsec / 1000000;
}

/* ---- randomness: xorshift64*, one state a thread --------------------------- */

static __thread unsigned long long rng_state;

static unsigned long long rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

static void rng_seed(unsigned long long seed, unsigned long long stream)
{
	rng_state = (seed ^ (stream * 0x9e3779b97f4a7c15ULL)) | 1;
	rng();
}

/* True one time in @n. */
static int one_in(unsigned int n)
{
	return rng() % n == 0;
}

/* ---- faults of the thread's own touches ----------------------------------- */

static __thread sigjmp_buf fault_env;
static __thread volatile int fault_armed;

static __thread struct beat *my_beat;

/* Write @s to stderr (async-signal-safe). */
static void say(const char *s)
{
	ssize_t n = write(2, s, strlen(s));

	(void)n;
}

/*
 * The lines of /proc/self/maps that hold @a or @b, and the program's own
 * text (where its addresses are relative to), to stderr; async-signal-safe.
 */
static void say_maps(unsigned long a, unsigned long b)
{
	char buf[8192], *line, *nl;
	ssize_t n, have = 0;
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	int text = 0;

	if (fd < 0)
		return;
	for (;;) {
		n = read(fd, buf + have, sizeof(buf) - 1 - (size_t)have);
		if (n <= 0)
			break;
		have += n;
		buf[have] = '\0';
		for (line = buf; (nl = strchr(line, '\n')); line = nl + 1) {
			unsigned long lo = strtoul(line, NULL, 16);
			unsigned long hi = strtoul(strchr(line, '-') + 1, NULL, 16);

			*nl = '\0';
			if ((a >= lo && a < hi) || (b >= lo && b < hi) ||
			    (!text && strstr(line, "r-xp") && strstr(line, "/race"))) {
				text |= strstr(line, "/race") != NULL;
				say("# maps: ");
				say(line);
				say("\n");
			}
		}
		have -= line - buf;
		memmove(buf, line, (size_t)have);
	}
	close(fd);
}

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	char msg[256];
	unsigned long ip;

	if (fault_armed) {
		fault_armed = 0;
		siglongjmp(fault_env, sig);
	}
	/*
	 * A fault the fuzzer did not expect: say where (the address, the
	 * instruction, the call under way, the mappings they fall in), then
	 * die of it and be counted.  An ip in race's text is line
	 * "addr2line -e race IP-START+OFFSET" of its maps line.
	 */
	ip = (unsigned long)((ucontext_t *)uc)->uc_mcontext.gregs[REG_RIP];
	snprintf(msg, sizeof(msg), "# pid %d tid %d: signal %d code %d at %p, ip %#lx, in %s\n",
		 getpid(), (int)gettid(), sig, si->si_code, si->si_addr, ip,
		 my_beat ? op_names[atomic_load(&my_beat->op)] : "a gang");
	say(msg);
	say_maps((unsigned long)si->si_addr, ip);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Run @stmt; a SIGBUS or SIGSEGV in it (a zapped mapping) is counted. */
#define GUARDED(stmt) do {						\
	if (sigsetjmp(fault_env, 1) == 0) {				\
		fault_armed = 1;					\
		stmt;							\
		fault_armed = 0;					\
	} else {							\
		atomic_fetch_add(&sh->faults, 1);			\
	}								\
} while (0)

/* ---- a worker: its files, objects and mappings, shared by its threads ------ */

#define NFD	4
#define NQP	24
#define NREG	24
#define NBUF	12
#define NMAP	48
#define ANON_PAGES 64

enum map_kind { MAP_RINGS, MAP_DB, MAP_STATUS, MAP_HOST, MAP_BUF, NKINDS };

struct wqp {
	int fd;
	struct rig_bnxt_create_qp c;
};

struct wobj {			/* a region or a DMA buffer */
	int fd;
	__u32 handle;
	__u64 offset;		/* its mmap cookie, or 0 */
	__u64 bytes;
};

struct wmap {
	unsigned char *addr;	/* NULL: a free slot */
	size_t len;
	enum map_kind kind;
	__u32 xid;		/* MAP_DB: the queue pair or completion ring it rings */
	__u32 dbtype;
	__u32 entries;
};

struct world {
	pthread_mutex_t lock;	/* the tables; never held across a call that may sleep long */
	int nics;
	int fds[NFD];
	__u64 status[NFD];
	struct wqp qp[NQP];
	struct wobj reg[NREG], buf[NBUF];
	struct wmap map[NMAP];
	unsigned char *anon;	/* the worker's own memory, for pages regions */
	uint64_t gpu_bus, gpu_len;	/* a device BAR for device regions, if any */
	int iommu;
	unsigned long long seed;
	int widx, nthreads;
	long long deadline;
};

static struct world W;

static void lock(void)
{
	pthread_mutex_lock(&W.lock);
}

static void unlock(void)
{
	pthread_mutex_unlock(&W.lock);
}

/*
 * With the tables locked: a slot, mostly one that names a live object
 * (stale ones are chosen too, a time in eight).
 */
static unsigned int live_qp(void)
{
	unsigned int i, at = (unsigned int)(rng() % NQP);

	for (i = 0; i < NQP && !one_in(8); i++)
		if (W.qp[(at + i) % NQP].c.handle)
			return (at + i) % NQP;
	return at;
}

static unsigned int live_obj(const struct wobj *table, unsigned int n)
{
	unsigned int i, at = (unsigned int)(rng() % n);

	for (i = 0; i < n && !one_in(8); i++)
		if (table[(at + i) % n].handle)
			return (at + i) % n;
	return at;
}

/* Put in slot of @n: a free one if there is, else any (what was there is forgotten). */
static unsigned int free_slot(const __u32 *first, size_t stride, unsigned int n)
{
	unsigned int i, at = (unsigned int)(rng() % n);

	for (i = 0; i < n; i++)
		if (!*(const __u32 *)((const char *)first + stride * ((at + i) % n)))
			return (at + i) % n;
	return at;
}

static int pick_fd(void)
{
	int fd;

	lock();
	fd = W.fds[rng() % NFD];
	unlock();
	if (fd < 0 || one_in(50))
		fd = (int)(rng() % 16);	/* any descriptor, or none */
	return fd;
}

/* A handle: mostly one the kernel gave (maybe of another file, maybe gone). */
static __u32 pick_handle(void)
{
	__u32 h;

	lock();
	switch (rng() % 4) {
	case 0:
		h = W.qp[live_qp()].c.handle;
		break;
	case 1:
		h = W.reg[live_obj(W.reg, NREG)].handle;
		break;
	case 2:
		h = W.buf[live_obj(W.buf, NBUF)].handle;
		break;
	default:
		h = (__u32)rng();
	}
	unlock();
	return h;
}

/* The call under way succeeded (a gang's threads count as theirs). */
static void succeeded(void)
{
	atomic_fetch_add(&sh->done[my_beat ? atomic_load(&my_beat->op) : OP_GANG], 1);
}

static void add_map(unsigned char *addr, size_t len, enum map_kind kind, __u32 xid,
		    __u32 dbtype, __u32 entries)
{
	unsigned int i, slot = NMAP;

	lock();
	for (i = 0; i < NMAP && slot == NMAP; i++)
		if (!W.map[i].addr)
			slot = i;
	if (slot == NMAP) {
		/* Full: the oldest goes, whatever uses it now. */
		slot = rng() % NMAP;
		munmap(W.map[slot].addr, W.map[slot].len);
	}
	W.map[slot] = (struct wmap){ addr, len, kind, xid, dbtype, entries };
	unlock();
	atomic_fetch_add(&sh->made, 1);
	succeeded();
}

static void add_qp(int fd, const struct rig_bnxt_create_qp *c)
{
	lock();
	W.qp[free_slot(&W.qp[0].c.handle, sizeof(W.qp[0]), NQP)] = (struct wqp){ fd, *c };
	unlock();
	atomic_fetch_add(&sh->made, 1);
	succeeded();
}

static void add_obj(struct wobj *table, unsigned int n, struct wobj o)
{
	lock();
	table[free_slot(&table[0].handle, sizeof(table[0]), n)] = o;
	unlock();
	atomic_fetch_add(&sh->made, 1);
	succeeded();
}

static void forget_handle(struct wobj *table, unsigned int n, __u32 handle)
{
	unsigned int i;

	succeeded();
	lock();
	for (i = 0; i < n; i++)
		if (table[i].handle == handle)
			table[i].handle = 0;
	unlock();
}

/* ---- the calls -------------------------------------------------------------- */

static void do_open(void)
{
	int fd = raw_open((int)(rng() % (W.nics + 1))), slot;

	if (fd < 0)
		return;
	lock();
	for (slot = 0; slot < NFD && W.fds[slot] >= 0; slot++)
		;
	if (slot == NFD) {
		/* Every slot taken: a file is closed under whoever uses it. */
		slot = (int)(rng() % NFD);
		close(W.fds[slot]);
	}
	W.fds[slot] = fd;
	W.status[slot] = 0;
	unlock();
	{
		struct rig_bnxt_query q = { .size = sizeof(q) };

		if (!raw_cmd(fd, RIG_BNXT_QUERY, &q)) {
			lock();
			if (W.fds[slot] == fd)
				W.status[slot] = q.status_offset;
			unlock();
		}
	}
}

/*
 * Files of a NIC that went answer ENODEV to everything: most are closed
 * and replaced by new ones, so that calls keep reaching live NICs.
 */
static void do_refresh(void)
{
	struct rig_bnxt_query q;
	int slot, fd;

	for (slot = 0; slot < NFD; slot++) {
		lock();
		fd = W.fds[slot];
		unlock();
		q = (struct rig_bnxt_query){ .size = sizeof(q) };
		if (fd < 0 || raw_cmd(fd, RIG_BNXT_QUERY, &q) != -ENODEV || one_in(4))
			continue;
		lock();
		if (W.fds[slot] == fd) {
			close(fd);
			W.fds[slot] = -1;
		}
		unlock();
		do_open();
	}
}

static void do_close(void)
{
	int slot = (int)(rng() % NFD), fd;

	lock();
	fd = W.fds[slot];
	W.fds[slot] = -1;
	unlock();
	if (fd >= 0)
		close(fd);
}

static void do_dup(void)
{
	int fd = pick_fd(), nfd = dup(fd), slot;

	if (nfd < 0)
		return;
	lock();
	slot = (int)(rng() % NFD);
	if (W.fds[slot] >= 0)
		close(W.fds[slot]);
	W.fds[slot] = nfd;
	unlock();
}

static void do_query(void)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };

	raw_cmd(pick_fd(), RIG_BNXT_QUERY, &q);
}

static void do_host(void)
{
	struct rig_bnxt_reg_region r;
	int fd = pick_fd();

	if (!raw_host(fd, (rng() % 8 + 1) * 4096 - (rng() % 2) * 100, &r))
		add_obj(W.reg, NREG, (struct wobj){ fd, r.handle, r.mmap_offset, r.region_bytes });
}

/* Pages regions: over the worker's memory, a mapping of the NIC's, or junk. */
static void do_pages(void)
{
	struct rig_bnxt_reg_region r;
	unsigned char *addr;
	size_t bytes;
	int fd = pick_fd();

	lock();
	if (one_in(2)) {
		struct wmap *m = &W.map[rng() % NMAP];

		addr = m->addr;
		bytes = m->len;
		if (addr && one_in(3) && bytes > 4096)
			bytes -= 4096 * (rng() % (bytes / 4096));
	} else {
		unsigned int first = rng() % ANON_PAGES;

		addr = W.anon + first * 4096;
		bytes = 4096 * (1 + rng() % (ANON_PAGES - first));
	}
	unlock();
	if (!addr || one_in(20))
		addr = (unsigned char *)(uintptr_t)(rng() & ~0xfffULL);
	if (!raw_pages(fd, addr, bytes, &r))
		add_obj(W.reg, NREG, (struct wobj){ fd, r.handle, 0, r.region_bytes });
}

static void do_device(void)
{
	struct rig_bnxt_run runs[2];
	struct rig_bnxt_reg_region r;
	int fd = pick_fd();

	if (!W.gpu_len)
		return;
	runs[0] = (struct rig_bnxt_run){ W.gpu_bus + (rng() % 4) * 4096, 4096 };
	runs[1] = (struct rig_bnxt_run){ W.gpu_bus + (rng() % 16) * 4096,
					 one_in(8) ? W.gpu_len * 2 : 8192 };
	if (!raw_device(fd, runs, 1 + rng() % 2, &r))
		add_obj(W.reg, NREG, (struct wobj){ fd, r.handle, 0, r.region_bytes });
}

static void do_dma_alloc(void)
{
	struct rig_bnxt_dma_alloc a = { .size = sizeof(a) };
	int fd = pick_fd();

	a.bytes = one_in(30) ? rng() : (rng() % 8 + 1) * 4096;
	if (!raw_cmd(fd, RIG_BNXT_DMA_ALLOC, &a))
		add_obj(W.buf, NBUF, (struct wobj){ fd, a.handle, a.mmap_offset, a.mapped_bytes });
}

/* A command on an object of a table, on its own file or another. */
static void do_on_handle(unsigned long cmd, struct wobj *table, unsigned int n)
{
	struct wobj o;
	int fd;

	lock();
	o = table[live_obj(table, n)];
	unlock();
	fd = o.handle && !one_in(8) ? o.fd : pick_fd();
	if (!raw_handle(fd, cmd, one_in(10) ? pick_handle() : o.handle))
		forget_handle(table, n, o.handle);
}

static void do_create_qp(void)
{
	struct rig_bnxt_create_qp c = { .size = sizeof(c) };
	int fd = pick_fd();

	c.entries = one_in(20) ? (__u32)rng() % 9000 : 2U << (rng() % 5);
	c.qp_handle = rng();
	if (!raw_cmd(fd, RIG_BNXT_CREATE_QP, &c))
		add_qp(fd, &c);
}

static void do_connect(void)
{
	struct wqp a, b;
	struct raw_qp qa = { 0 }, qb = { 0 };

	lock();
	a = W.qp[live_qp()];
	b = W.qp[live_qp()];
	unlock();
	qa.fd = a.c.handle ? a.fd : pick_fd();
	qa.c = a.c;
	qb.c = b.c;
	if (one_in(10))
		qb.c.qpn = (__u32)rng() & 0xfffff;
	if (one_in(20))
		qb.c.mtu = (__u32)rng() % 5000;
	raw_qp_connect(&qa, &qb);
}

static void do_destroy_qp(void)
{
	struct wqp a;
	unsigned int i;
	int fd;

	lock();
	a = W.qp[live_qp()];
	unlock();
	fd = a.c.handle && !one_in(8) ? a.fd : pick_fd();
	if (raw_handle(fd, RIG_BNXT_DESTROY_QP, a.c.handle))
		return;
	succeeded();
	lock();
	for (i = 0; i < NQP; i++)
		if (W.qp[i].c.handle == a.c.handle && W.qp[i].fd == fd)
			W.qp[i].c.handle = 0;
	unlock();
}

static void do_kick(void)
{
	struct wqp a;

	lock();
	a = W.qp[live_qp()];
	unlock();
	raw_handle(a.c.handle ? a.fd : pick_fd(), RIG_BNXT_KICK, a.c.handle);
}

static void do_wait(void)
{
	struct rig_bnxt_wait w = { .size = sizeof(w) };
	struct wqp a;

	lock();
	a = W.qp[live_qp()];
	unlock();
	w.handle = one_in(10) ? pick_handle() : a.c.handle;
	/* Mostly short; sometimes long enough to be there when things go. */
	w.timeout_ms = one_in(8) ? 200 + rng() % 300 : rng() % 20;
	raw_cmd(a.c.handle ? a.fd : pick_fd(), RIG_BNXT_WAIT, &w);
}

static void do_last_error(void)
{
	struct rig_bnxt_last_error e = { .size = sizeof(e) };

	raw_cmd(pick_fd(), RIG_BNXT_LAST_ERROR, &e);
}

/* Any command number near ours, any size, any fields, any pointer. */
static void do_garbage(void)
{
	static const unsigned int sizes[] = { 0, 4, 8, 16, 40, 48, 56, 64, 128, 129, 4096, 4097 };
	unsigned char buf[4200];
	unsigned long cmd;
	unsigned int nr, size, i;
	void *arg = buf;

	nr = RIG_BNXT_BASE + (unsigned int)(rng() % 13) - 1;
	cmd = one_in(16) ? (unsigned long)rng() : _IO(RIG_BNXT_TYPE, nr);
	memset(buf, 0, sizeof(buf));
	for (i = 4; i < 64; i++)
		if (one_in(6))
			buf[i] = (unsigned char)rng();
	size = sizes[rng() % (sizeof(sizes) / sizeof(sizes[0]))];
	memcpy(buf, &size, sizeof(size));
	if (cmd == RIG_BNXT_WAIT)
		((struct rig_bnxt_wait *)buf)->timeout_ms = (__u32)(rng() % 3);
	if (one_in(20))
		arg = (void *)(uintptr_t)(one_in(2) ? 0 : rng());
	ioctl(pick_fd(), cmd, arg);
}

/* An mmap cookie of any kind the worker knows, with its length. */
static __u64 pick_cookie(int *fd, size_t *len, enum map_kind *kind, __u32 *xid,
			 __u32 *type, __u32 *entries)
{
	__u64 off = 0;
	struct wqp *q;
	int slot;

	*fd = -1;
	*len = 4096;
	*xid = *type = *entries = 0;
	lock();
	switch (rng() % 5) {
	case 0:
		q = &W.qp[live_qp()];
		*fd = q->fd;
		if (one_in(2)) {
			off = q->c.mmap_offset;
			*len = q->c.mmap_bytes;
			*kind = MAP_RINGS;
			break;
		}
		*kind = MAP_DB;
		*entries = q->c.sq_slots;
		switch (rng() % 3) {
		case 0:
			off = q->c.sq_db_offset;
			*xid = q->c.qpn;
			*type = RIG_BNXT_DBC_TYPE_SQ;
			break;
		case 1:
			*entries = q->c.rq_slots;
			off = q->c.rq_db_offset;
			*xid = q->c.qpn;
			*type = RIG_BNXT_DBC_TYPE_RQ;
			break;
		default:
			off = q->c.cq_db_offset;
			*xid = q->c.cqn;
			*type = RIG_BNXT_DBC_TYPE_CQ_ARMALL;
			*entries = q->c.cq_entries;
		}
		break;
	case 1:
		slot = (int)(rng() % NFD);
		off = W.status[slot];
		*fd = W.fds[slot];
		*kind = MAP_STATUS;
		break;
	case 2: {
		struct wobj *o = &W.reg[live_obj(W.reg, NREG)];

		off = o->offset;
		*fd = o->fd;
		*len = o->bytes;
		*kind = MAP_HOST;
		break;
	}
	case 3: {
		struct wobj *o = &W.buf[live_obj(W.buf, NBUF)];

		off = o->offset;
		*fd = o->fd;
		*len = o->bytes;
		*kind = MAP_BUF;
		break;
	}
	default:
		off = (rng() % 64) << 12;
		*kind = MAP_BUF;
	}
	unlock();
	if (!*len || *len > (64 << 20))
		*len = 4096;
	return off;
}

static void do_mmap(void)
{
	enum map_kind kind;
	__u32 xid, type, entries;
	size_t len;
	int fd;
	__u64 off = pick_cookie(&fd, &len, &kind, &xid, &type, &entries);
	int prot = PROT_READ | (one_in(4) && kind == MAP_STATUS ? 0 : PROT_WRITE);
	int flags = one_in(12) ? MAP_PRIVATE : MAP_SHARED;
	void *p;

	if (one_in(6))
		len = 4096 * (1 + rng() % 8);
	if (one_in(10))
		prot = PROT_READ | PROT_WRITE | (one_in(2) ? PROT_EXEC : 0);
	/* Mostly the cookie's own file; another's, or any, sometimes. */
	if (fd < 0 || one_in(8))
		fd = pick_fd();
	p = mmap(NULL, len, prot, flags | (one_in(10) ? MAP_POPULATE : 0), fd, (off_t)off);
	if (p != MAP_FAILED)
		add_map(p, len, kind, xid, type, entries);
}

/* With the tables locked: a mapping, or NULL. */
static struct wmap *locked_map(void)
{
	struct wmap *m = &W.map[rng() % NMAP];

	return m->addr ? m : NULL;
}

static void do_munmap(void)
{
	struct wmap *m;

	lock();
	m = locked_map();
	if (m) {
		if (one_in(4) && m->len > 4096) {
			/* Part of it: refused, a mapping is never split. */
			munmap(m->addr + 4096 * (rng() % (m->len / 4096)), 4096);
		} else {
			munmap(m->addr, m->len);
			m->addr = NULL;
		}
	}
	unlock();
}

static void do_mremap(void)
{
	struct wmap *m;
	void *p, *target;
	size_t len;

	lock();
	m = locked_map();
	if (!m) {
		unlock();
		return;
	}
	switch (rng() % 4) {
	case 0:		/* shrink */
		len = m->len > 4096 ? m->len - 4096 : m->len;
		p = mremap(m->addr, m->len, len, 0);
		break;
	case 1:		/* grow, anywhere */
		len = m->len + 4096;
		p = mremap(m->addr, m->len, len, MREMAP_MAYMOVE);
		break;
	case 2:		/* move to a place of our choosing */
		len = m->len;
		target = mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		p = target == MAP_FAILED ? MAP_FAILED :
		    mremap(m->addr, m->len, len, MREMAP_MAYMOVE | MREMAP_FIXED, target);
		if (p == MAP_FAILED && target != MAP_FAILED)
			munmap(target, len);
		break;
	default:	/* move, leaving the old mapping in place */
		len = m->len;
		p = mremap(m->addr, m->len, len, MREMAP_MAYMOVE | MREMAP_DONTUNMAP);
		if (p != MAP_FAILED) {
			/* Both are mappings now: keep the new one too. */
			unlock();
			add_map(p, len, m->kind, m->xid, m->dbtype, m->entries);
			return;
		}
	}
	if (p != MAP_FAILED) {
		m->addr = p;
		m->len = len;
	}
	unlock();
}

static void do_madvise(void)
{
	static const int advice[] = {
		MADV_DONTNEED, MADV_DONTFORK, MADV_DOFORK, MADV_WIPEONFORK,
		MADV_KEEPONFORK, MADV_FREE, MADV_REMOVE, MADV_COLD, MADV_PAGEOUT,
		MADV_POPULATE_READ, MADV_POPULATE_WRITE, MADV_WILLNEED, MADV_SEQUENTIAL,
		MADV_HUGEPAGE, MADV_NOHUGEPAGE, MADV_MERGEABLE, MADV_DONTDUMP,
		MADV_DODUMP, MADV_DONTNEED_LOCKED,
	};
	struct wmap *m;

	lock();
	m = locked_map();
	if (m) {
		size_t off = one_in(3) ? 4096 * (rng() % (m->len / 4096)) : 0;

		madvise(m->addr + off, one_in(2) ? m->len - off : 4096,
			advice[rng() % (sizeof(advice) / sizeof(advice[0]))]);
	}
	unlock();
}

static void do_mprotect(void)
{
	static const int prots[] = { PROT_NONE, PROT_READ, PROT_READ | PROT_WRITE,
				     PROT_READ | PROT_WRITE | PROT_EXEC };
	struct wmap *m;

	lock();
	m = locked_map();
	if (m)
		mprotect(m->addr, one_in(3) ? 4096 : m->len, prots[rng() % 4]);
	unlock();
}

static void do_touch(void)
{
	struct wmap *m;

	lock();
	m = locked_map();
	if (m) {
		volatile unsigned char *p = m->addr + (rng() % m->len);

		GUARDED({
			unsigned char c = *p;

			if (m->kind != MAP_DB && m->kind != MAP_STATUS && one_in(2))
				*p = c;
			else if (m->kind == MAP_STATUS && one_in(20))
				*p = c;		/* read-only: a fault */
		});
	}
	unlock();
}

/* Ring a doorbell of a queue pair of the worker's, at any index. */
static void do_doorbell(void)
{
	struct wmap *m;

	lock();
	m = locked_map();
	if (m && m->kind == MAP_DB && m->entries) {
		struct rig_bnxt_doorbell d = {
			.type = one_in(4) ? (__u32)(rng() % 16) << 28 : m->dbtype,
			.xid = m->xid,
			.index = (__u32)(rng() % m->entries),
			.epoch = (unsigned int)(rng() % 2),
		};
		uint64_t v = 0;

		rig_bnxt_make_doorbell(&d, &v);
		GUARDED(*(volatile __u64 *)m->addr = v);
	}
	unlock();
}

/*
 * Traffic: two connected queue pairs and a host region, a receive and a
 * send between them, then all of it left to the others to destroy,
 * unmap or close under the engine.  Its mappings join the worker's table
 * only once the traffic is over: a mapping the others may unmap while
 * this thread writes it, without the tables' lock, could be replaced by
 * other memory of the process (a thread's stack, the allocator's), which
 * the write would then corrupt without a fault.
 */
static __thread struct raw_qp tq[2];
static __thread struct rig_bnxt_reg_region treg;
static __thread unsigned char *thost;

static void traffic_map(struct raw_qp *q)
{
	int i;

	q->map = mmap(NULL, q->c.mmap_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, q->fd,
		      (off_t)q->c.mmap_offset);
	if (q->map == MAP_FAILED) {
		q->map = NULL;
		return;
	}
	for (i = 0; i < 3; i++) {
		__u64 off = i == 0 ? q->c.sq_db_offset : i == 1 ? q->c.rq_db_offset :
			    q->c.cq_db_offset;
		void *p = raw_db_map(q->fd, off);

		if (p == MAP_FAILED)
			return;
		q->db[i] = p;
	}
}

/* The traffic's mappings, over or given up, into the worker's table. */
static void traffic_publish(void)
{
	int i, j;

	for (i = 0; i < 2; i++) {
		struct raw_qp *q = &tq[i];

		if (q->map)
			add_map(q->map, q->c.mmap_bytes, MAP_RINGS, 0, 0, 0);
		for (j = 0; j < 3; j++)
			if (q->db[j])
				add_map((unsigned char *)q->db[j], 4096, MAP_DB,
					j == 2 ? q->c.cqn : q->c.qpn,
					j == 0 ? RIG_BNXT_DBC_TYPE_SQ : j == 1 ? RIG_BNXT_DBC_TYPE_RQ :
					RIG_BNXT_DBC_TYPE_CQ_ARMALL,
					j == 2 ? q->c.cq_entries :
					j == 1 ? q->c.rq_slots : q->c.sq_slots);
	}
	if (thost)
		add_map(thost, 8192, MAP_HOST, 0, 0, 0);
}

static void traffic_run(void)
{
	struct rig_bnxt_completion c;
	struct rig_bnxt_local l;
	int fd = pick_fd(), i;

	for (i = 0; i < 2; i++) {
		tq[i].fd = fd;
		tq[i].c.size = sizeof(tq[i].c);
		tq[i].c.entries = 4;
		tq[i].c.qp_handle = i;
		if (raw_cmd(fd, RIG_BNXT_CREATE_QP, &tq[i].c))
			return;
		tq[i].next_psn = tq[i].c.psn;
		add_qp(fd, &tq[i].c);
		traffic_map(&tq[i]);
		if (!tq[i].map || !tq[i].db[2])
			return;
	}
	if (raw_qp_connect(&tq[0], &tq[1]) || raw_qp_connect(&tq[1], &tq[0]))
		return;
	if (raw_host(fd, 8192, &treg))
		return;
	add_obj(W.reg, NREG, (struct wobj){ fd, treg.handle, treg.mmap_offset, 8192 });
	thost = raw_map(fd, &treg);
	if (thost == MAP_FAILED) {
		thost = NULL;
		return;
	}
	l = (struct rig_bnxt_local){ 4096, 4096, treg.key };
	GUARDED({
		thost[0] = 1;
		if (!raw_receive(&tq[1], &l, 1)) {
			l.address = 0;
			if (!raw_send(&tq[0], &l, 1)) {
				raw_poll_ms(&tq[0], &c, 20);
				raw_poll_ms(&tq[1], &c, 5);
			}
		}
	});
}

static void do_traffic(void)
{
	memset(tq, 0, sizeof(tq));
	thost = NULL;
	traffic_run();
	traffic_publish();
}

static void do_poll(void)
{
	struct pollfd p = { .fd = pick_fd(), .events = POLLIN };

	poll(&p, 1, (int)(rng() % 10));
}

/* The worker's own memory moves under the pins of pages regions. */
static void do_anon(void)
{
	unsigned int first = rng() % ANON_PAGES, n = 1 + rng() % (ANON_PAGES - first);
	unsigned char *p = W.anon + first * 4096;

	lock();
	switch (rng() % 4) {
	case 0:
		madvise(p, n * 4096, MADV_DONTNEED);
		break;
	case 1:
		mprotect(p, n * 4096, PROT_READ);
		mprotect(p, n * 4096, PROT_READ | PROT_WRITE);
		break;
	case 2:
		mmap(p, n * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
		     -1, 0);
		break;
	default:
		memset(p, (int)rng(), n * 4096);
	}
	unlock();
}

/*
 * A child of fork(): it shares the worker's files (not its mappings, nor
 * its NIC: commands and mmap() are refused), uses and closes them, makes
 * objects on a file of its own, and exits or is killed.  System calls
 * only: the parent has other threads.
 */
static void fork_child(const int *fds, const __u64 *offs)
{
	struct rig_bnxt_create_qp c = { .size = sizeof(c), .entries = 4 };
	struct rig_bnxt_query q = { .size = sizeof(q) };
	int i, fd;

	for (i = 0; i < NFD; i++) {
		if (fds[i] < 0)
			continue;
		ioctl(fds[i], RIG_BNXT_QUERY, &q);
		if (offs[i]) {
			void *p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fds[i], (off_t)offs[i]);

			if (p != MAP_FAILED)
				munmap(p, 4096);
		}
		if (one_in(2))
			close(fds[i]);
	}
	if (one_in(2)) {
		fd = raw_open((int)(rng() % (W.nics + 1)));
		if (fd >= 0) {
			struct rig_bnxt_reg_region r;

			ioctl(fd, RIG_BNXT_CREATE_QP, &c);
			raw_host(fd, 4096 * (1 + rng() % 16), &r);
			if (one_in(2))
				close(fd);
		}
	}
	_exit(0);
}

static void do_fork(struct beat *b)
{
	int fds[NFD], status, i;
	__u64 offs[NFD];
	long long end;
	pid_t pid;

	lock();
	memcpy(fds, W.fds, sizeof(fds));
	for (i = 0; i < NFD; i++)
		offs[i] = W.status[i] ? W.status[i] : W.buf[rng() % NBUF].offset;
	unlock();
	pid = fork();
	if (pid < 0)
		return;
	if (pid == 0)
		fork_child(fds, offs);
	atomic_store(&b->child, pid);
	atomic_fetch_add(&sh->forks, 1);
	if (one_in(2)) {
		usleep((useconds_t)(rng() % 3000));
		kill(pid, SIGKILL);
	}
	/* The watchdog sees a child that does not end. */
	end = now_ms() + 3600 * 1000LL;
	while (waitpid(pid, &status, 0) != pid && errno == EINTR && now_ms() < end)
		;
	atomic_store(&b->child, 0);
}

/*
 * A gang: two to four threads released at once on one object (a queue
 * pair, a region or a DMA buffer), each with its own call on it: two
 * destructions of one handle, a wait or a mapping while it is destroyed,
 * a registration over a buffer being freed, the file closed under them.
 */
struct gang {
	_Atomic int go;		/* set once every member is there */
	int kind;		/* 0 queue pair, 1 region, 2 DMA buffer */
	struct wqp q;
	struct wobj o;
	unsigned long long seed;
	int destroyed[4];	/* each member's destruction: 1 + its result, or 0 */
};

struct gang_member {
	struct gang *g;
	int index;
};

static void gang_qp_call(struct gang *g, int m)
{
	struct raw_qp qa = { .fd = g->q.fd, .c = g->q.c };
	struct rig_bnxt_wait w = { .size = sizeof(w), .handle = g->q.c.handle,
				   .timeout_ms = 50 };
	void *p;

	/* The first member destroys it; each other one, half the time. */
	switch (m == 0 ? 0 : rng() % 8) {
	case 0:
	case 1:
	case 2:
	case 3:
		g->destroyed[m] = 1 + raw_handle(g->q.fd, RIG_BNXT_DESTROY_QP, g->q.c.handle);
		break;
	case 4:
		raw_cmd(g->q.fd, RIG_BNXT_WAIT, &w);
		break;
	case 5:
		raw_qp_connect(&qa, &qa);
		break;
	case 6:
		p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, g->q.fd,
			 (off_t)g->q.c.sq_db_offset);
		if (p != MAP_FAILED)
			add_map(p, 4096, MAP_DB, g->q.c.qpn, RIG_BNXT_DBC_TYPE_SQ, g->q.c.sq_slots);
		break;
	default:
		raw_handle(g->q.fd, RIG_BNXT_KICK, g->q.c.handle);
	}
}

static void gang_obj_call(struct gang *g, int m)
{
	struct rig_bnxt_reg_region r;
	void *p;

	switch (m == 0 ? 0 : rng() % 4) {
	case 0:
	case 1:
		g->destroyed[m] = 1 + raw_handle(g->o.fd, g->kind == 1 ? RIG_BNXT_DEREG_REGION :
						 RIG_BNXT_DMA_FREE, g->o.handle);
		break;
	case 2:
		if (!g->o.offset || g->o.bytes > (64 << 20))
			break;
		p = mmap(NULL, g->o.bytes, PROT_READ | PROT_WRITE, MAP_SHARED, g->o.fd,
			 (off_t)g->o.offset);
		if (p == MAP_FAILED)
			break;
		if (!raw_pages(g->o.fd, p, g->o.bytes, &r))
			add_obj(W.reg, NREG, (struct wobj){ g->o.fd, r.handle, 0, r.region_bytes });
		add_map(p, g->o.bytes, g->kind == 1 ? MAP_HOST : MAP_BUF, 0, 0, 0);
		break;
	default:
		raw_handle(g->o.fd, RIG_BNXT_KICK, g->o.handle);
	}
}

static void *gang_thread(void *arg)
{
	struct gang_member *m = arg;

	rng_seed(m->g->seed, (unsigned long long)m->index);
	while (!atomic_load(&m->g->go))
		sched_yield();
	if (m->g->kind == 0)
		gang_qp_call(m->g, m->index);
	else
		gang_obj_call(m->g, m->index);
	return NULL;
}

/*
 * One destruction of a handle succeeds, the others find no such handle
 * (or no such file, or a NIC gone before): any other answer, a refusal
 * by the firmware above all, means two of them reached the NIC.
 */
static void gang_check(const struct gang *g, int n)
{
	static const char *const what[] = { "DESTROY_QP", "DEREG_REGION", "DMA_FREE" };
	int i, ok = 0, bad = 0;

	for (i = 0; i < n; i++) {
		int r = g->destroyed[i] - 1;

		if (!g->destroyed[i])
			continue;
		if (r == 0)
			ok++;
		else if (r != -EINVAL && r != -EBADF && r != -ENOTTY && r != -ENODEV)
			bad = r;
	}
	if (ok <= 1 && !bad)
		return;
	atomic_fetch_add(&sh->violations, 1);
	fprintf(stderr, "# VIOLATION at %.1f s: %d concurrent %s of handle %u: %d succeeded%s%s\n",
		(now_ms() - sh->start_ms) / 1000.0, n, what[g->kind],
		g->kind ? g->o.handle : g->q.c.handle, ok,
		bad ? ", one failed with " : "", bad ? strerror(-bad) : "");
}

static void do_gang(void)
{
	struct gang_member m[4];
	pthread_t t[4];
	unsigned long switching;
	struct gang g;
	int n = 2 + (int)(rng() % 3), i, made = 0;

	memset(&g, 0, sizeof(g));
	g.kind = (int)(rng() % 3);
	g.seed = rng();
	lock();
	g.q = W.qp[live_qp()];
	g.o = g.kind == 1 ? W.reg[live_obj(W.reg, NREG)] : W.buf[live_obj(W.buf, NBUF)];
	unlock();
	if ((g.kind == 0 && !g.q.c.handle) || (g.kind && !g.o.handle))
		return;
	for (i = 0; i < n; i++) {
		m[i] = (struct gang_member){ &g, i };
		if (pthread_create(&t[i], NULL, gang_thread, &m[i]))
			break;
		made++;
	}
	switching = atomic_load(&sh->switching);
	atomic_store(&g.go, 1);
	for (i = 0; i < made; i++)
		pthread_join(t[i], NULL);
	atomic_fetch_add(&sh->gangs, 1);
	/* With the NICs left alone meanwhile, a handle is destroyed once. */
	if (switching % 2 == 0 && switching == atomic_load(&sh->switching))
		gang_check(&g, made);
}

/* ---- a worker process ------------------------------------------------------ */

static void do_fork_here(void)
{
	do_fork(my_beat);
}

static void do_dma_free(void)
{
	do_on_handle(RIG_BNXT_DMA_FREE, W.buf, NBUF);
}

static void do_dereg(void)
{
	do_on_handle(RIG_BNXT_DEREG_REGION, W.reg, NREG);
}

/* What a worker's thread does, and how often (weights). */
static const struct {
	enum op op;
	void (*call)(void);
	unsigned int weight;
} calls[] = {
	{ OP_OPEN, do_open, 2 }, { OP_CLOSE, do_close, 1 }, { OP_DUP, do_dup, 1 },
	{ OP_REFRESH, do_refresh, 4 },
	{ OP_QUERY, do_query, 2 }, { OP_HOST, do_host, 6 }, { OP_PAGES, do_pages, 6 },
	{ OP_DEVICE, do_device, 2 }, { OP_DMA_ALLOC, do_dma_alloc, 5 },
	{ OP_DMA_FREE, do_dma_free, 4 }, { OP_DEREG, do_dereg, 5 },
	{ OP_CREATE_QP, do_create_qp, 5 }, { OP_CONNECT, do_connect, 4 },
	{ OP_DESTROY_QP, do_destroy_qp, 4 }, { OP_KICK, do_kick, 2 },
	{ OP_WAIT, do_wait, 4 }, { OP_LAST_ERROR, do_last_error, 1 },
	{ OP_GARBAGE, do_garbage, 6 }, { OP_MMAP, do_mmap, 10 },
	{ OP_MUNMAP, do_munmap, 5 }, { OP_MREMAP, do_mremap, 3 },
	{ OP_MADVISE, do_madvise, 4 }, { OP_MPROTECT, do_mprotect, 2 },
	{ OP_TOUCH, do_touch, 6 }, { OP_DOORBELL, do_doorbell, 3 },
	{ OP_TRAFFIC, do_traffic, 3 }, { OP_POLL, do_poll, 2 },
	{ OP_FORK, do_fork_here, 1 }, { OP_ANON, do_anon, 3 }, { OP_GANG, do_gang, 8 },
};

static void one_call(struct beat *b)
{
	unsigned int total = 0, i, r;

	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		total += calls[i].weight;
	r = (unsigned int)(rng() % total);
	for (i = 0; r >= calls[i].weight; i++)
		r -= calls[i].weight;
	my_beat = b;
	atomic_store(&b->since_ms, now_ms());
	atomic_store(&b->op, calls[i].op);
	atomic_fetch_add(&sh->calls[calls[i].op], 1);
	calls[i].call();
	atomic_store(&b->op, OP_IDLE);
	atomic_fetch_add(&b->ops, 1);
}

struct thread_arg {
	int index;
	pthread_t thread;
};

static void *worker_thread(void *arg)
{
	struct thread_arg *t = arg;
	struct beat *b = &sh->beats[W.widx * MAX_THREADS + t->index];

	rng_seed(W.seed, (unsigned long long)getpid() << 8 | (unsigned int)t->index);
	atomic_store(&b->tid, (int)gettid());
	atomic_store(&b->pid, getpid());
	while (!atomic_load(&sh->stop) && now_ms() < W.deadline)
		one_call(b);
	return NULL;
}

/* The worker: its threads until told to stop, then a close or an exit. */
static void worker(int widx, unsigned long long seed, int nthreads, int nics,
		   long long deadline, uint64_t gpu_bus, uint64_t gpu_len)
{
	struct thread_arg t[MAX_THREADS];
	struct sigaction sa = { .sa_sigaction = on_fault };
	struct rlimit lim = { 32 << 20, 32 << 20 };
	int i;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_NODEFER | SA_SIGINFO;
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGSEGV, &sa, NULL);
	/*
	 * Bound what it may lock, as for any user; half the workers are held
	 * to the user's share of the NICs too, the others take what they like.
	 */
	rig_drop_cap(CAP_IPC_LOCK);
	if (widx % 2)
		rig_drop_cap(CAP_SYS_RESOURCE);
	setrlimit(RLIMIT_MEMLOCK, &lim);

	memset(&W, 0, sizeof(W));
	pthread_mutex_init(&W.lock, NULL);
	W.widx = widx;
	W.seed = seed;
	W.nics = nics;
	W.nthreads = nthreads;
	W.deadline = deadline;
	W.gpu_bus = gpu_bus;
	W.gpu_len = gpu_len;
	for (i = 0; i < NFD; i++)
		W.fds[i] = -1;
	W.anon = mmap(NULL, ANON_PAGES * 4096, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (W.anon == MAP_FAILED)
		_exit(2);
	rng_seed(seed, (unsigned long long)getpid() << 8 | 0xff);
	for (i = 0; i < NFD; i++)
		do_open();
	for (i = 0; i < nthreads; i++) {
		t[i].index = i;
		if (pthread_create(&t[i].thread, NULL, worker_thread, &t[i]))
			_exit(3);
	}
	for (i = 0; i < nthreads; i++)
		pthread_join(t[i].thread, NULL);
	atomic_store(&sh->beats[widx * MAX_THREADS].op, OP_EXIT);
	atomic_store(&sh->beats[widx * MAX_THREADS].since_ms, now_ms());
	/* Half the workers close their files; the others leave it to exit. */
	if (rng() % 2)
		for (i = 0; i < NFD; i++)
			if (W.fds[i] >= 0)
				close(W.fds[i]);
	_exit(0);
}

/* ---- the test: workers, the device switcher, the watchdog ------------------ */

struct race {
	unsigned long long seed;
	int seconds, rounds, nworkers, nthreads, hang_s;
	int nics, nfns;
	char fns[MAX_FNS][32];	/* the model's functions, by PCI address */
	pid_t workers[MAX_WORKERS];
	unsigned long long generation;
	long long deadline;
	uint64_t gpu_bus, gpu_len;
	char gpu[256];		/* its sysfs directory */
	_Atomic int hung;
	unsigned long kills, died;
	unsigned long ops_done;
	unsigned int rounds_done;
};

static struct race R;

static void print_stack(const char *what, int pid, int tid)
{
	char path[96], buf[4096];
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stack", pid, tid ? tid : pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ksft_print_msg("%s %d/%d: no %s (%s)\n", what, pid, tid, path, strerror(errno));
		return;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	ksft_print_msg("%s %d/%d kernel stack:\n%s", what, pid, tid, buf);
}

/* A thread stuck in one call longer than allowed: print where, once. */
static void *watchdog(void *unused)
{
	(void)unused;
	while (atomic_load(&sh->stop) != 2) {
		long long now = now_ms();
		int i;

		for (i = 0; i < NBEATS; i++) {
			struct beat *b = &sh->beats[i];
			int op = atomic_load(&b->op), pid = atomic_load(&b->pid);
			long long since = atomic_load(&b->since_ms);

			if (!pid || op == OP_IDLE || now - since < R.hang_s * 1000LL)
				continue;
			/* Each stuck thread once (the others may be stuck behind it). */
			if (atomic_exchange(&b->reported, 1))
				continue;
			atomic_store(&R.hung, 1);
			ksft_print_msg("HANG: %s of %d/%d has taken %lld s (RIG_RACE_HANG_SECONDS=%d)\n",
				       op_names[op], pid, atomic_load(&b->tid),
				       (now - since) / 1000, R.hang_s);
			print_stack("stuck", pid, atomic_load(&b->tid));
			if (atomic_load(&b->child))
				print_stack("its child", atomic_load(&b->child), 0);
		}
		usleep(500000);
	}
	return NULL;
}

static void switcher_beat(enum op op)
{
	struct beat *b = &sh->beats[SWITCHER];

	atomic_store(&b->since_ms, now_ms());
	atomic_store(&b->op, op);
	if (op != OP_IDLE)
		atomic_fetch_add(&sh->events[op], 1);
}

static pid_t spawn(int w)
{
	unsigned long long gen = ++R.generation;
	pid_t pid;
	int i;

	for (i = 0; i < MAX_THREADS; i++) {
		struct beat *b = &sh->beats[w * MAX_THREADS + i];

		atomic_store(&b->pid, 0);
		atomic_store(&b->op, OP_IDLE);
		atomic_store(&b->child, 0);
		atomic_store(&b->reported, 0);
	}
	pid = fork();
	if (pid == 0)
		worker(w, R.seed ^ (gen * 0x100000001b3ULL), R.nthreads, R.nics, R.deadline,
		       R.gpu_bus, R.gpu_len);
	return pid;
}

/*
 * Reap worker @w (waiting for it unless @nohang): its calls counted, a
 * death we did not cause reported.  1 when it was reaped.
 */
static int reap(int w, int killed, int nohang)
{
	pid_t pid = R.workers[w];
	int status, i;

	if (pid <= 0 || waitpid(pid, &status, nohang ? WNOHANG : 0) != pid)
		return 0;
	if (WIFSIGNALED(status) && !(killed && WTERMSIG(status) == SIGKILL)) {
		ksft_print_msg("worker %d died of signal %d (%s)\n", pid, WTERMSIG(status),
			       strsignal(WTERMSIG(status)));
		R.died++;
	} else if (WIFEXITED(status) && WEXITSTATUS(status)) {
		ksft_print_msg("worker %d exited with %d\n", pid, WEXITSTATUS(status));
		R.died++;
	}
	for (i = 0; i < MAX_THREADS; i++) {
		struct beat *b = &sh->beats[w * MAX_THREADS + i];

		R.ops_done += atomic_exchange(&b->ops, 0);
		atomic_store(&b->pid, 0);
		atomic_store(&b->op, OP_IDLE);
	}
	R.workers[w] = 0;
	return 1;
}

static int fn_write(int f, const char *name, const char *val)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "/sys/kernel/debug/rig_soft/%s/%s", R.fns[f], name);
	return rig_write(path, val);
}

static int fn_bound(int f)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "/sys/bus/pci/drivers/rig_soft/%s", R.fns[f]);
	return access(path, F_OK) == 0;
}

/* The soft NICs there are now. */
static int nics_now(void)
{
	return rig_soft_count() < 0 ? 0 : rig_soft_count();
}

/* Wait until every function is back as a NIC: 0, or -ETIMEDOUT. */
static int wait_nics(void)
{
	long long end = now_ms() + R.hang_s * 1000LL / 2;

	switcher_beat(OP_WAIT_NICS);
	while (nics_now() < R.nics) {
		if (now_ms() > end)
			return -ETIMEDOUT;
		usleep(10000);
	}
	return 0;
}

/* Give function @f back to the model, as scripts/vm-init did. */
static void fn_bind(int f)
{
	char path[PATH_MAX];

	switcher_beat(OP_BIND);
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/driver_override", R.fns[f]);
	rig_write(path, "rig_soft");
	if (!fn_bound(f))
		rig_write("/sys/bus/pci/drivers/rig_soft/bind", R.fns[f]);
}

static void pause_ms(unsigned int ms)
{
	switcher_beat(OP_IDLE);
	usleep(ms * 1000);
}

static void switch_devices(void);

/*
 * Switch in a child of our own: a switch that hangs in the kernel (the
 * watchdog names it) holds up that child, not the test's verdict.
 */
static void switch_in_child(void)
{
	unsigned long long seed = rng();
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		rng_seed(seed, 1);
		atomic_store(&sh->beats[SWITCHER].tid, (int)gettid());
		atomic_store(&sh->beats[SWITCHER].pid, getpid());
		switch_devices();
		switcher_beat(OP_IDLE);
		_exit(0);
	}
	while (pid > 0 && waitpid(pid, &status, WNOHANG) == 0 && !atomic_load(&R.hung))
		usleep(10000);
	if (atomic_load(&R.hung))
		return;
	atomic_store(&sh->beats[SWITCHER].pid, getpid());
	atomic_store(&sh->beats[SWITCHER].tid, (int)gettid());
}

/* One switch of the devices, or one kill; everything is back after it. */
static void one_switch(void)
{
	if (rng() % 4 == 0) {
		int w = (int)(rng() % R.nworkers);

		switcher_beat(OP_KILL);
		if (R.workers[w] > 0)
			kill(R.workers[w], SIGKILL);
		reap(w, 1, 0);
		R.kills++;
		R.workers[w] = spawn(w);
		return;
	}
	atomic_fetch_add(&sh->switching, 1);
	switch_in_child();
	atomic_fetch_add(&sh->switching, 1);
}

static void switch_devices(void)
{
	int f = (int)(rng() % R.nfns);
	char path[PATH_MAX];

	switch (rng() % 9) {
	case 0:
	case 1:
		switcher_beat(OP_STOP);
		fn_write(f, "state", "stop");
		pause_ms((unsigned int)(rng() % 300));
		switcher_beat(OP_RESTART);
		fn_write(f, "state", "restart");
		break;
	case 2:
		switcher_beat(OP_SUSPEND);
		fn_write(f, "state", "suspend");
		pause_ms((unsigned int)(rng() % 300));
		switcher_beat(OP_RESTART);
		fn_write(f, "state", "restart");
		break;
	case 3:
		switcher_beat(OP_IRQS);
		fn_write(f, "irqs", "off");
		pause_ms((unsigned int)(rng() % 100));
		switcher_beat(OP_IRQS);
		fn_write(f, "irqs", "on");
		break;
	case 4:
		switcher_beat(OP_UNBIND);
		rig_write("/sys/bus/pci/drivers/rig_soft/unbind", R.fns[f]);
		pause_ms((unsigned int)(rng() % 300));
		fn_bind(f);
		break;
	case 6:
		/* The model goes, and every NIC with it. */
		switcher_beat(OP_MODEL);
		if (rig_soft_unload(O_NONBLOCK))
			break;
		pause_ms((unsigned int)(rng() % 300));
		switcher_beat(OP_MODEL);
		rig_soft_load(NULL);
		break;
	case 7:
		/* The "GPU" device regions use goes (its driver, or itself). */
		if (!R.gpu_len)
			break;
		switcher_beat(OP_GPU);
		if (rng() % 2) {
			snprintf(path, sizeof(path), "%s/driver/unbind", R.gpu);
			rig_write(path, strrchr(R.gpu, '/') + 1);
		} else {
			snprintf(path, sizeof(path), "%s/remove", R.gpu);
			rig_write(path, "1");
			pause_ms((unsigned int)(rng() % 200));
			switcher_beat(OP_RESCAN);
			rig_write("/sys/bus/pci/rescan", "1");
		}
		pause_ms((unsigned int)(rng() % 200));
		switcher_beat(OP_GPU);
		/* Bound again to pci-stub, as scripts/vm-init left it. */
		rig_ivshmem(NULL, 0, &R.gpu_bus, &R.gpu_len);
		break;
	default:
		switcher_beat(OP_REMOVE);
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/remove", R.fns[f]);
		rig_write(path, "1");
		pause_ms((unsigned int)(rng() % 300));
		switcher_beat(OP_RESCAN);
		rig_write("/sys/bus/pci/rescan", "1");
		fn_bind(f);
	}
	atomic_fetch_add(&sh->switches, 1);
	if (wait_nics())
		ksft_print_msg("function %s: no NIC back within %d s\n", R.fns[f], R.hang_s / 2);
}

/* The model's functions, from the PCI driver's directory. */
static int find_functions(void)
{
	DIR *d = opendir("/sys/bus/pci/drivers/rig_soft");
	struct dirent *e;

	R.nfns = 0;
	if (!d)
		return 0;
	while ((e = readdir(d)) && R.nfns < MAX_FNS)
		if (strchr(e->d_name, ':') && strlen(e->d_name) < sizeof(R.fns[0]))
			memcpy(R.fns[R.nfns++], e->d_name, strlen(e->d_name) + 1);
	closedir(d);
	return R.nfns;
}

static int env_num(const char *name, int dflt)
{
	const char *v = getenv(name);

	return v && *v ? atoi(v) : dflt;
}

/*
 * How long one call may take: RIG_RACE_HANG_SECONDS, or 60 s, four times
 * that on the debug kernel (KASAN, lockdep; kmemleak tells it apart).
 */
static int hang_seconds(void)
{
	return env_num("RIG_RACE_HANG_SECONDS",
		       access("/sys/kernel/debug/kmemleak", F_OK) ? 60 : 240);
}

/* ---- what must be back where it was ---------------------------------------- */

struct counts {
	long allocated, pinned;
	long objects;	/* the model's queue pairs, completion queues, keys */
};

static void count(struct counts *c)
{
	int f;

	c->allocated = rig_debugfs_num("allocated_pages");
	c->pinned = rig_debugfs_num("pinned_pages");
	c->objects = 0;
	for (f = 0; f < R.nfns; f++) {
		static const char *const files[] = { "qps", "cqs", "mrs" };
		char path[PATH_MAX];
		unsigned int i;

		for (i = 0; i < 3; i++) {
			snprintf(path, sizeof(path), "/sys/kernel/debug/rig_soft/%s/%s",
				 R.fns[f], files[i]);
			c->objects += rig_file_num(path, 0);
		}
	}
}

/*
 * Is every page of RLIMIT_MEMLOCK the user's to lock again?  A child
 * without CAP_IPC_LOCK, limited to @bytes, must get @bytes of DMA memory
 * (nothing is left charged to the user) and not a page more (nothing was
 * given back twice).  1 yes, 0 no.
 */
static int memlock_all_free(size_t bytes)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		struct rlimit lim = { bytes, bytes };
		struct rig_bnxt_dma_alloc a = { .size = sizeof(a), .bytes = bytes };
		int fd, ok;

		if (rig_drop_cap(CAP_IPC_LOCK) || setrlimit(RLIMIT_MEMLOCK, &lim))
			_exit(2);
		fd = raw_open(0);
		if (fd < 0)
			_exit(3);
		ok = raw_cmd(fd, RIG_BNXT_DMA_ALLOC, &a) == 0;
		if (ok) {
			raw_handle(fd, RIG_BNXT_DMA_FREE, a.handle);
			a = (struct rig_bnxt_dma_alloc){ .size = sizeof(a), .bytes = bytes + 4096 };
			ok = raw_cmd(fd, RIG_BNXT_DMA_ALLOC, &a) == -ENOMEM;
		}
		_exit(ok ? 0 : 1);
	}
	return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 0;
}

/* How often each call was made, and how often it made something. */
static void print_calls(void)
{
	char line[1024];
	int op, n = 0;

	for (op = OP_OPEN; op <= OP_GANG; op++) {
		n += snprintf(line + n, sizeof(line) - (size_t)n, " %s %lu/%lu%s", op_names[op],
			      atomic_load(&sh->done[op]), atomic_load(&sh->calls[op]),
			      op < OP_GANG ? "," : "");
		if (n > 100 || op == OP_GANG) {
			ksft_print_msg("calls made/tried:%s\n", line);
			n = 0;
		}
	}
}

/* ---- the test ---------------------------------------------------------------- */

FIXTURE(race) {
	int kmsg;
	struct counts before;
};

FIXTURE_SETUP(race)
{
	self->kmsg = -1;
	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	ASSERT_LE(0, rig_debugfs_num("allocated_pages")) TH_LOG("debugfs is not mounted");
	ASSERT_LT(0, find_functions()) TH_LOG("no function bound to rig_soft");
	self->kmsg = rig_kmsg_open();
	ASSERT_LE(0, self->kmsg);
}

FIXTURE_TEARDOWN(race)
{
	int f;

	if (atomic_load(&R.hung))
		goto out;	/* the switches may hang too: leave it to the next boot */
	/* Leave the model loaded, every function bound and running, whatever happened. */
	if (!rig_soft_loaded())
		rig_soft_load(NULL);
	for (f = 0; f < R.nfns; f++) {
		if (!fn_bound(f))
			fn_bind(f);
		fn_write(f, "irqs", "on");
		fn_write(f, "state", "restart");
	}
out:
	if (self->kmsg >= 0)
		close(self->kmsg);
}

/*
 * Let it run: workers alive, one switch or kill at a time, until the
 * deadline or the rounds are done, or a hang is seen.
 */
static void run(void)
{
	unsigned int round = 0;
	long long end;
	int w;

	for (w = 0; w < R.nworkers; w++)
		R.workers[w] = spawn(w);
	while (now_ms() < R.deadline - 500 && !atomic_load(&R.hung) &&
	       (!R.rounds || round < (unsigned int)R.rounds)) {
		pause_ms(100 + (unsigned int)(rng() % 600));
		if (now_ms() >= R.deadline - 500)
			break;
		one_switch();
		round++;
		/* A worker that ended by itself (a crash) is replaced. */
		for (w = 0; w < R.nworkers; w++)
			if (reap(w, 0, 1))
				R.workers[w] = spawn(w);
	}
	R.rounds_done = round;
	switcher_beat(OP_IDLE);
	atomic_store(&sh->stop, 1);
	if (!atomic_load(&R.hung)) {
		for (w = 0; w < R.nworkers; w++)
			reap(w, 0, 0);
		return;
	}
	/* Hung: kill what can be killed, and wait no longer than a while. */
	for (w = 0; w < R.nworkers; w++)
		if (R.workers[w] > 0)
			kill(R.workers[w], SIGKILL);
	end = now_ms() + 10000;
	for (w = 0; w < R.nworkers; w++)
		while (R.workers[w] > 0 && !reap(w, 1, 1) && now_ms() < end)
			usleep(10000);
}

TEST_F(race, concurrent_calls_device_switches_and_kills_leave_no_report_hang_or_leak)
{
	struct counts after;
	pthread_t dog;
	long long start, end;
	int reports, memlock_ok, tries;

	memset(&R, 0, sizeof(R));
	find_functions();
	R.seed = getenv("RIG_RACE_SEED") ? strtoull(getenv("RIG_RACE_SEED"), NULL, 0) :
		 (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
	R.seconds = env_num("RIG_RACE_SECONDS", 20);
	R.rounds = env_num("RIG_RACE_ROUNDS", 0);
	R.nworkers = env_num("RIG_RACE_WORKERS", 3);
	R.nthreads = env_num("RIG_RACE_THREADS", 4);
	R.hang_s = hang_seconds();
	ASSERT_LT(0, R.nworkers);
	ASSERT_GE(MAX_WORKERS, R.nworkers);
	ASSERT_LT(0, R.nthreads);
	ASSERT_GE(MAX_THREADS, R.nthreads);
	R.nics = nics_now();
	/* Device regions over the "GPU" (refused behind an IOMMU: not tried). */
	if (!getenv("RIG_VM_IOMMU") || strcmp(getenv("RIG_VM_IOMMU"), "1"))
		if (rig_ivshmem(R.gpu, sizeof(R.gpu), &R.gpu_bus, &R.gpu_len) != 1)
			R.gpu_len = 0;
	TH_LOG("seed %llu (RIG_RACE_SEED=%llu reproduces the choices), %d s, %d workers of %d threads, %d NICs on %d functions",
	       R.seed, R.seed, R.seconds, R.nworkers, R.nthreads, R.nics, R.nfns);
	rng_seed(R.seed, 0);

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, sh);
	memset(sh, 0, sizeof(*sh));
	atomic_store(&sh->beats[SWITCHER].pid, getpid());
	atomic_store(&sh->beats[SWITCHER].tid, (int)gettid());
	count(&self->before);

	start = now_ms();
	sh->start_ms = start;
	R.deadline = start + R.seconds * 1000LL;
	ASSERT_EQ(0, pthread_create(&dog, NULL, watchdog, NULL));
	run();
	end = now_ms();
	if (atomic_load(&R.hung)) {
		rig_kernel_reports(self->kmsg);
		ASSERT_FALSE(1) TH_LOG("a call hung (its stack is above); seed %llu", R.seed);
	}
	ASSERT_EQ(0, wait_nics()) TH_LOG("the NICs did not come back");
	switcher_beat(OP_IDLE);
	atomic_store(&sh->stop, 2);
	pthread_join(dog, NULL);

	TH_LOG("%u rounds: %lu calls in %.1f s (%.0f a second), %lu objects and mappings made, %lu gangs on one object, %lu device switches, %lu workers killed, %lu forks, %lu faults of zapped or refused mappings",
	       R.rounds_done, R.ops_done, (end - start) / 1000.0, R.ops_done * 1000.0 / (double)(end - start + 1),
	       atomic_load(&sh->made), atomic_load(&sh->gangs), sh->switches, R.kills, atomic_load(&sh->forks),
	       atomic_load(&sh->faults));
	TH_LOG("switches: %lu stop, %lu suspend, %lu irqs, %lu unbind, %lu PCI remove, %lu rig_soft reload, %lu GPU unbind or removal",
	       sh->events[OP_STOP], sh->events[OP_SUSPEND], sh->events[OP_IRQS] / 2,
	       sh->events[OP_UNBIND], sh->events[OP_REMOVE], sh->events[OP_MODEL] / 2,
	       sh->events[OP_GPU] / 2);
	print_calls();
	EXPECT_EQ(0, R.died) TH_LOG("a worker died of something other than our SIGKILL");
	EXPECT_EQ(0, atomic_load(&sh->violations))
		TH_LOG("concurrent destructions of one handle did not find it destroyed once (above)");

	/* Closing is done when the processes are; give the kernel's own work a moment. */
	for (tries = 0; tries < 50; tries++) {
		count(&after);
		if (after.allocated == self->before.allocated &&
		    after.pinned == self->before.pinned && after.objects <= self->before.objects)
			break;
		usleep(100000);
	}
	EXPECT_EQ(self->before.allocated, after.allocated) TH_LOG("pages allocated for NICs leaked");
	EXPECT_EQ(self->before.pinned, after.pinned) TH_LOG("pages pinned for NICs leaked");
	EXPECT_GE(self->before.objects, after.objects)
		TH_LOG("queue pairs, completion queues or keys left in the firmware");
	memlock_ok = memlock_all_free(8 << 20);
	EXPECT_TRUE(memlock_ok) TH_LOG("locked memory left charged to the user (or given back twice)");
	reports = rig_kernel_reports(self->kmsg);
	EXPECT_EQ(0, reports) TH_LOG("the kernel reported a problem (above)");
	munmap(sh, sizeof(*sh));
}

/*
 * The harness's own timeout: the run, the watchdog's limit and the checks,
 * not a fixed figure (a soak runs for hours).
 */
static void __attribute__((constructor(KSELFTEST_PRIO_TEST + 1))) race_timeout(void)
{
	_race_concurrent_calls_device_switches_and_kills_leave_no_report_hang_or_leak_object->timeout =
		env_num("RIG_RACE_SECONDS", 20) + 2 * hang_seconds() + 60;
}

TEST_HARNESS_MAIN
