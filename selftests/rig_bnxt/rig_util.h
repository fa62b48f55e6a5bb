/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers the rig_bnxt selftests share: what the loaded module says about
 * itself in sysfs, and how to load and unload it.
 */
#ifndef RIG_UTIL_H
#define RIG_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

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

/* The module's soft= parameter, or -1 when the module is not loaded. */
static inline int rig_soft_count(void)
{
	char buf[32];

	if (rig_sysfs_read("/sys/module/rig_bnxt/parameters/soft", buf, sizeof(buf)))
		return -1;
	return atoi(buf);
}

static inline int rig_module_loaded(void)
{
	return access("/sys/module/rig_bnxt", F_OK) == 0;
}

/* delete_module(2): 0 or -errno. */
static inline int rig_module_unload(unsigned int flags)
{
	return syscall(SYS_delete_module, "rig_bnxt", flags) ? -errno : 0;
}

/*
 * Load the module scripts/vm-run loaded (RIG_MODULE) with params, or with
 * the parameters it was first loaded with (RIG_MODULE_PARAMS) when params
 * is NULL.  0 or -errno; -ENOENT when RIG_MODULE is not set.
 */
static inline int rig_module_load(const char *params)
{
	const char *path = getenv("RIG_MODULE");
	int fd, ret;

	if (!path)
		return -ENOENT;
	if (!params)
		params = getenv("RIG_MODULE_PARAMS") ?: "";
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = syscall(SYS_finit_module, fd, params, 0) ? -errno : 0;
	close(fd);
	return ret;
}

static inline int rig_path_exists(const char *fmt, int i)
{
	char path[128];

	snprintf(path, sizeof(path), fmt, i);
	return access(path, F_OK) == 0;
}

#endif /* RIG_UTIL_H */
