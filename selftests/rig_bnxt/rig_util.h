/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers the rig_bnxt selftests share: what the loaded module says about
 * itself in sysfs, and how to load and unload it.
 */
#ifndef RIG_UTIL_H
#define RIG_UTIL_H

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/udmabuf.h>

/* Read a sysfs file into buf without its newline; -errno on failure. */
static inline int rig_sysfs_read(const char *path, char *buf, size_t n)
{
	ssize_t len;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = read(fd, buf, n - 1);
	close(fd);
	if (len < 0)
		return -errno;
	buf[len] = '\0';
	if (len && buf[len - 1] == '\n')
		buf[len - 1] = '\0';
	return 0;
}

/*
 * How many NICs, rig_bnxt0 on, stand on modelled functions (kind "soft");
 * -1 when the module is not loaded.
 */
static inline int rig_soft_count(void)
{
	char path[64], kind[16];
	int n;

	if (access("/sys/module/rig_bnxt", F_OK))
		return -1;
	for (n = 0;; n++) {
		snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt%d/kind", n);
		if (rig_sysfs_read(path, kind, sizeof(kind)) || strcmp(kind, "soft"))
			return n;
	}
}

/*
 * The model's debugfs directory of the function behind rig_bnxtN
 * (/sys/kernel/debug/rig_soft/<PCI address>) into @dir: 0 or -errno.
 */
static inline int rig_model_dir(int nic, char *dir, size_t n)
{
	char link[128], target[PATH_MAX], *pci;

	/* rig_bnxtN's parent is the auxiliary device, whose parent is the function. */
	snprintf(link, sizeof(link), "/sys/class/rig_bnxt/rig_bnxt%d/device/..", nic);
	if (!realpath(link, target))
		return -errno;
	pci = strrchr(target, '/');
	if (!pci)
		return -ENOENT;
	snprintf(dir, n, "/sys/kernel/debug/rig_soft%s", pci);
	return 0;
}

/* Write @val into the file @path: 0 or -errno. */
static inline int rig_write(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) != (ssize_t)strlen(val))
		ret = -errno;
	close(fd);
	return ret;
}

/* Write @val into the model's knob @name of rig_bnxtN: 0 or -errno. */
static inline int rig_model_set(int nic, const char *name, const char *val)
{
	char dir[PATH_MAX], path[PATH_MAX + 64];

	if (rig_model_dir(nic, dir, sizeof(dir)))
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return rig_write(path, val);
}

/* Opcodes of the RoCE firmware's commands (roce_hsi.h CMDQ_BASE_OPCODE_*). */
#define RIG_FW_CREATE_QP	0x01
#define RIG_FW_DESTROY_QP	0x02
#define RIG_FW_MODIFY_QP	0x03
#define RIG_FW_CREATE_CQ	0x09
#define RIG_FW_DESTROY_CQ	0x0a
#define RIG_FW_ALLOCATE_MRW	0x0d
#define RIG_FW_DEALLOCATE_KEY	0x0e
#define RIG_FW_REGISTER_MR	0x0f

/* Have the model refuse rig_bnxtN's next command @opcode (status 1). */
static inline int rig_model_refuse(int nic, int opcode)
{
	char val[32];

	snprintf(val, sizeof(val), "%#x 1", opcode);
	return rig_model_set(nic, "fail_opcode", val);
}

/* Disarm every fault knob of the model behind rig_bnxtN. */
static inline void rig_model_clear(int nic)
{
	rig_model_set(nic, "fail_opcode", "0 0");
	rig_model_set(nic, "fail_cmd", "0 0");
	rig_model_set(nic, "delay_cmd", "0 0");
	rig_model_set(nic, "drop_cmd", "0");
	rig_model_set(nic, "creq_stall", "0");
	rig_model_set(nic, "dma_fail", "0");
	rig_model_set(nic, "fail_hwrm", "0 0");
}

/* The number in the model's file @name of rig_bnxtN, or @dflt. */
static inline long rig_model_num(int nic, const char *name, long dflt)
{
	char dir[PATH_MAX], path[PATH_MAX + 64], buf[64];

	if (rig_model_dir(nic, dir, sizeof(dir)))
		return dflt;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return rig_sysfs_read(path, buf, sizeof(buf)) ? dflt : atol(buf);
}

/* The counter @name of a file of "name value" lines, or -1. */
static inline long rig_named_stat(const char *path, const char *name)
{
	char line[128];
	size_t n = strlen(name);
	long val = -1;
	FILE *f;

	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, name, n) && line[n] == ' ')
			val = atol(line + n + 1);
	fclose(f);
	return val;
}

/* The counter @name in the model's "stats" of rig_bnxtN, or -1. */
static inline long rig_model_stat(int nic, const char *name)
{
	char dir[PATH_MAX], path[PATH_MAX + 64];

	if (rig_model_dir(nic, dir, sizeof(dir)))
		return -1;
	snprintf(path, sizeof(path), "%s/stats", dir);
	return rig_named_stat(path, name);
}

static inline int rig_module_loaded(void)
{
	return access("/sys/module/rig_bnxt", F_OK) == 0;
}

/* Is the model, rig_soft.ko, loaded? */
static inline int rig_soft_loaded(void)
{
	return access("/sys/module/rig_soft", F_OK) == 0;
}

/* delete_module(2) of @name: 0 or -errno. */
static inline int rig_unload(const char *name, unsigned int flags)
{
	return syscall(SYS_delete_module, name, flags) ? -errno : 0;
}

static inline int rig_module_unload(unsigned int flags)
{
	return rig_unload("rig_bnxt", flags);
}

static inline int rig_soft_unload(unsigned int flags)
{
	return rig_unload("rig_soft", flags);
}

/*
 * Load the module file named by the environment variable @path_env with
 * @params, or, when @params is NULL, with the parameters in @params_env
 * (what scripts/vm-run loaded it with).  0 or -errno; -ENOENT when
 * @path_env is not set.
 */
static inline int rig_load(const char *path_env, const char *params_env,
			   const char *params)
{
	const char *path = getenv(path_env);
	int fd, ret;

	if (!path)
		return -ENOENT;
	if (!params)
		params = getenv(params_env) ?: "";
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = syscall(SYS_finit_module, fd, params, 0) ? -errno : 0;
	close(fd);
	return ret;
}

/* Load rig_bnxt.ko as scripts/vm-run did (RIG_MODULE), or with @params. */
static inline int rig_module_load(const char *params)
{
	return rig_load("RIG_MODULE", "RIG_MODULE_PARAMS", params);
}

/* Load the model, rig_soft.ko, as scripts/vm-run did (RIG_SOFT_MODULE). */
static inline int rig_soft_load(const char *params)
{
	return rig_load("RIG_SOFT_MODULE", "RIG_SOFT_MODULE_PARAMS", params);
}

/* Entries of directory @dir whose names start with @prefix; 0 when it is missing. */
static inline int rig_path_count(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)))
		n += !strncmp(e->d_name, prefix, strlen(prefix));
	closedir(d);
	return n;
}

static inline int rig_path_exists(const char *fmt, int i)
{
	char path[128];

	snprintf(path, sizeof(path), fmt, i);
	return access(path, F_OK) == 0;
}

/*
 * The "KEY: N kB" line of a /proc file (/proc/self/status, /proc/meminfo):
 * N, or -1 when it cannot be read.
 */
static inline long rig_proc_kib(const char *path, const char *key)
{
	char line[128];
	size_t klen = strlen(key);
	long kib = -1;
	FILE *f = fopen(path, "re");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, klen) && line[klen] == ':' &&
		    sscanf(line + klen + 1, " %ld kB", &kib) == 1)
			break;
	fclose(f);
	return kib;
}

/* VmPin of this process, in bytes; -1 when it cannot be read. */
static inline long rig_vm_pinned(void)
{
	long kib = rig_proc_kib("/proc/self/status", "VmPin");

	return kib < 0 ? -1 : kib * 1024;
}

/* Drop one capability from this process's effective and permitted sets. */
static inline int rig_drop_cap(int cap)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return -errno;
	data[cap / 32].effective &= ~(1U << (cap % 32));
	data[cap / 32].permitted &= ~(1U << (cap % 32));
	return syscall(SYS_capset, &hdr, data) ? -errno : 0;
}

#define RIG_DEBUGFS "/sys/kernel/debug/rig_bnxt"

/* The number in a sysfs or debugfs file, or @dflt when it cannot be read. */
static inline long rig_file_num(const char *path, long dflt)
{
	char buf[32];

	return rig_sysfs_read(path, buf, sizeof(buf)) ? dflt : atol(buf);
}

/* Write a number into a sysfs or debugfs file: 0 or -errno. */
static inline int rig_file_set(const char *path, long val)
{
	char buf[32];
	int fd, len, ret = 0;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = snprintf(buf, sizeof(buf), "%ld\n", val);
	if (write(fd, buf, len) != len)
		ret = -errno;
	close(fd);
	return ret;
}

/* A number the module shows in debugfs (name relative to rig_bnxt/), or -1. */
static inline long rig_debugfs_num(const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), RIG_DEBUGFS "/%s", name);
	return rig_file_num(path, -1);
}

/* Write a number into a debugfs knob of the module: 0 or -errno. */
static inline int rig_debugfs_set(const char *name, long val)
{
	char path[128];

	snprintf(path, sizeof(path), RIG_DEBUGFS "/%s", name);
	return rig_file_set(path, val);
}

/* A parameter of the loaded module, or @dflt when it has none such. */
static inline long rig_param_num(const char *name, long dflt)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/module/rig_bnxt/parameters/%s", name);
	return rig_file_num(path, dflt);
}

/* A parameter of the model (rig_soft), or @dflt when it has none such. */
static inline long rig_soft_param_num(const char *name, long dflt)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/module/rig_soft/parameters/%s", name);
	return rig_file_num(path, dflt);
}

/* Set a writable parameter of the model: 0 or -errno. */
static inline int rig_soft_param_set(const char *name, long val)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/module/rig_soft/parameters/%s", name);
	return rig_file_set(path, val);
}

/* Set a writable parameter of the loaded module: 0 or -errno. */
static inline int rig_param_set(const char *name, long val)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/module/rig_bnxt/parameters/%s", name);
	return rig_file_set(path, val);
}

/*
 * The shared-memory BAR (BAR 2) of the first ivshmem device (1af4:1110)
 * that no modelled NIC stands on (the --ivshmem "GPU memory"):
 * 1 with its bus address and length, and its sysfs directory in dev
 * (when dev is not NULL); 0 when there is none.  It is bound to pci-stub
 * (as scripts/vm-init binds it) if it has no driver: a device found again
 * after a removal has none, and rig takes no memory of such a device.
 */
static inline int rig_ivshmem(char *dev, size_t n, uint64_t *start, uint64_t *len)
{
	char line[256], path[300], owner[32];
	FILE *ls = popen("grep -l 0x1110 /sys/bus/pci/devices/*/device", "r");
	FILE *res;
	int found = 0, bar;

	if (!ls)
		return 0;
	while (!found && fgets(line, sizeof(line), ls)) {
		*strrchr(line, '/') = '\0';
		/* The functions the model stands on are ivshmem too: not those. */
		snprintf(path, sizeof(path), "%s/driver_override", line);
		if (!rig_sysfs_read(path, owner, sizeof(owner)) && !strcmp(owner, "rig_soft"))
			continue;
		if (dev)
			snprintf(dev, n, "%s", line);
		snprintf(path, sizeof(path), "%s/driver", line);
		if (access(path, F_OK)) {
			snprintf(path, sizeof(path), "%s/driver_override", line);
			rig_write(path, "pci-stub");
			rig_write("/sys/bus/pci/drivers_probe", strrchr(line, '/') + 1);
		}
		snprintf(path, sizeof(path), "%s/resource", line);
		res = fopen(path, "re");
		for (bar = 0; res && fgets(line, sizeof(line), res); bar++) {
			unsigned long long s, e, f;

			/* BAR 2 is the shared memory; BAR 0 the registers. */
			if (sscanf(line, "%llx %llx %llx", &s, &e, &f) == 3 && bar == 2 && e > s) {
				*start = s;
				*len = e - s + 1;
				found = 1;
			}
		}
		if (res)
			fclose(res);
	}
	pclose(ls);
	return found;
}

static sigjmp_buf rig_touch_env;

static inline void rig_touch_fault(int sig)
{
	siglongjmp(rig_touch_env, sig);
}

/*
 * Does reading @p fault with SIGBUS, as a zapped mapping of the NIC does?
 * (The mappings are VM_DONTCOPY: a child of fork() would not have them.)
 */
static inline int rig_sigbus_on_touch(const volatile void *p)
{
	struct sigaction sa = { .sa_handler = rig_touch_fault }, old_bus, old_segv;
	int sig;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &old_bus);
	sigaction(SIGSEGV, &sa, &old_segv);
	sig = sigsetjmp(rig_touch_env, 1);
	if (sig == 0)
		(void)*(const volatile char *)p;
	sigaction(SIGBUS, &old_bus, NULL);
	sigaction(SIGSEGV, &old_segv, NULL);
	return sig == SIGBUS;
}

/*
 * The RoCE v2 GID of the address @ip: an IPv6 address is its own GID, an
 * IPv4 one is mapped (::ffff:a.b.c.d), as the driver adds them.
 * 0, or -EINVAL for text that is neither.
 */
static inline int rig_gid_of(const char *ip, uint8_t *gid)
{
	memset(gid, 0, 16);
	if (inet_pton(AF_INET6, ip, gid) == 1)
		return 0;
	gid[10] = 0xff;
	gid[11] = 0xff;
	return inet_pton(AF_INET, ip, gid + 12) == 1 ? 0 : -EINVAL;
}

/* @gid as the "gids" attribute and ibv_devinfo print it: in full, 40 bytes. */
static inline void rig_gid_text(const uint8_t *gid, char *buf)
{
	int i;

	for (i = 0; i < 8; i++)
		sprintf(buf + 5 * i, "%02x%02x%s", gid[2 * i], gid[2 * i + 1], i < 7 ? ":" : "");
}

/* ---- the kernel's log ---------------------------------------------------- */

static const char *const rig_report_marks[] = {
	"BUG:", "WARNING:", "Oops", "general protection", "KFENCE", "Kernel panic",
	"UBSAN:", "kernel BUG", "Unable to handle kernel", "detected stalls",
	"blocked for more than", "list_add corruption", "list_del corruption",
	"refcount_t:", "possible circular locking", "inconsistent lock state",
	"INFO: trying to register non-static key", "kmemleak",
};

/*
 * The kernel's log from now on, for rig_kernel_reports(): a descriptor of
 * /dev/kmsg at its end, or -errno.
 */
static inline int rig_kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (lseek(fd, 0, SEEK_END) < 0) {
		close(fd);
		return -errno;
	}
	return fd;
}

/*
 * Print each report (BUG, WARNING, lockdep, KASAN...) in the kernel's log
 * since @fd was opened or last read, with what follows it: how many.
 */
static inline int rig_kernel_reports(int fd)
{
	char rec[8192];
	int found = 0, context = 0;
	ssize_t n;
	unsigned int i;

	while ((n = read(fd, rec, sizeof(rec) - 1)) != 0) {
		char *msg;

		if (n < 0) {
			if (errno == EPIPE)
				continue;	/* overwritten records: go on */
			break;		/* EAGAIN: the end */
		}
		rec[n] = '\0';
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		for (i = 0; i < sizeof(rig_report_marks) / sizeof(rig_report_marks[0]); i++)
			if (strstr(msg, rig_report_marks[i]))
				break;
		if (i < sizeof(rig_report_marks) / sizeof(rig_report_marks[0])) {
			found++;
			context = 30;
		}
		if (context > 0 && found < 4) {
			context--;
			ksft_print_msg("kernel: %s", msg);
		}
	}
	return found;
}

/* Why udmabuf cannot make dma-bufs here, or NULL when it can. */
static inline const char *rig_udmabuf_missing(void)
{
	if (access("/dev/udmabuf", R_OK | W_OK))
		return "no /dev/udmabuf (a kernel without CONFIG_UDMABUF, as the debug kernel)";
	return NULL;
}

/*
 * A dma-buf of @bytes (a multiple of the page) over the pages of a new
 * memfd, as udmabuf makes it: *@memfd sealed against shrinking, *@dbuf the
 * dma-buf, *@map the memfd's pages mapped shared (NULL: not mapped).
 * 0 or -errno.
 */
static inline int rig_udmabuf(size_t bytes, int *memfd, int *dbuf, void **map)
{
	struct udmabuf_create create = { .flags = UDMABUF_FLAGS_CLOEXEC, .size = bytes };
	int dev, err;

	*memfd = memfd_create("rig-udmabuf", MFD_ALLOW_SEALING | MFD_CLOEXEC);
	if (*memfd < 0)
		return -errno;
	if (ftruncate(*memfd, bytes) || fcntl(*memfd, F_ADD_SEALS, F_SEAL_SHRINK))
		goto err_close;
	dev = open("/dev/udmabuf", O_RDWR | O_CLOEXEC);
	if (dev < 0)
		goto err_close;
	create.memfd = *memfd;
	*dbuf = ioctl(dev, UDMABUF_CREATE, &create);
	err = errno;
	close(dev);
	errno = err;
	if (*dbuf < 0)
		goto err_close;
	if (map) {
		*map = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, *memfd, 0);
		if (*map == MAP_FAILED) {
			err = errno;
			close(*dbuf);
			errno = err;
			goto err_close;
		}
	}
	return 0;

err_close:
	err = errno;
	close(*memfd);
	return -err;
}

#endif /* RIG_UTIL_H */
