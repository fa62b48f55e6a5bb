// SPDX-License-Identifier: BSD-2-Clause
/*
 * Finding rig_bnxt NICs in sysfs and opening one with an error a user
 * can act on.  This file owns every path rig(1) reads under /sys (or
 * $RIG_SYSFS); it makes no queue pair and no region.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rig/bnxt.h>

#include "nics.h"

const char *nics_sysfs_root(void)
{
	const char *root = getenv("RIG_SYSFS");

	return root && *root ? root : "/sys";
}

/* The N of "rig_bnxtN", or -1 for any other name. */
static long nic_number(const char *name)
{
	const char *p = name + strlen("rig_bnxt");
	char *end;
	long n;

	if (strncmp(name, "rig_bnxt", strlen("rig_bnxt")) || *p < '0' || *p > '9')
		return -1;
	n = strtol(p, &end, 10);
	return *end ? -1 : n;
}

static int nic_cmp(const void *a, const void *b)
{
	long x = nic_number(a), y = nic_number(b);

	return (x > y) - (x < y);
}

enum nics_state nics_list(struct nic_list *list)
{
	char path[4096];
	struct dirent *e;
	DIR *d;

	list->n = 0;
	snprintf(path, sizeof(path), "%s/class/rig_bnxt", nics_sysfs_root());
	d = opendir(path);
	if (!d)
		return NICS_NO_MODULE;
	while ((e = readdir(d)) && list->n < NICS_MAX) {
		if (nic_number(e->d_name) < 0 || strlen(e->d_name) >= sizeof(list->name[0]))
			continue;
		strcpy(list->name[list->n++], e->d_name);
	}
	closedir(d);
	qsort(list->name, list->n, sizeof(list->name[0]), nic_cmp);
	return list->n ? NICS_FOUND : NICS_NONE;
}

void nics_explain(FILE *f, enum nics_state state)
{
	if (state == NICS_NO_MODULE)
		fprintf(f, "rig: the rig_bnxt module is not loaded: modprobe rig_bnxt\n");
	else if (state == NICS_NONE)
		fprintf(f, "rig: the rig_bnxt module is loaded with no NIC: no NetXtreme function is "
			   "bound (in a guest, scripts/vm-run --soft 2 models two)\n");
}

int nics_has(const struct nic_list *list, const char *name)
{
	for (size_t i = 0; i < list->n; i++)
		if (!strcmp(list->name[i], name))
			return 1;
	return 0;
}

const char *nics_default_peer(const struct nic_list *list, const char *device)
{
	for (size_t i = 0; i < list->n; i++)
		if (strcmp(list->name[i], device))
			return list->name[i];
	return device;
}

const char *nic_basename(const char *name)
{
	return strncmp(name, "/dev/", 5) ? name : name + 5;
}

/* The first line of a sysfs file, without its newline; -1 if unreadable. */
static int sysfs_read(const char *nic, const char *attr, char *buf, size_t n)
{
	char path[4096];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/class/rig_bnxt/%s/%s", nics_sysfs_root(), nic, attr);
	f = fopen(path, "re");
	if (!f)
		return -1;
	ok = fgets(buf, (int)n, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* A 0/1 attribute: 0, 1, or -1 when it cannot be read. */
static int sysfs_flag(const char *nic, const char *attr)
{
	char buf[16];

	if (sysfs_read(nic, attr, buf, sizeof(buf)))
		return -1;
	return !strcmp(buf, "1") ? 1 : !strcmp(buf, "0") ? 0 : -1;
}

/* A count from sysfs; -1 if unreadable or not a number. */
static long sysfs_count(const char *nic, const char *attr)
{
	char buf[32], *end;
	long v;

	if (sysfs_read(nic, attr, buf, sizeof(buf)))
		return -1;
	errno = 0;
	v = strtol(buf, &end, 10);
	return errno || end == buf || *end || v < 0 ? -1 : v;
}

/* The last component of a symbolic link's target; "" if none or too long. */
static void link_tail(const char *path, char *buf, size_t n)
{
	char target[4096];
	ssize_t len = readlink(path, target, sizeof(target) - 1);
	const char *tail;

	buf[0] = '\0';
	if (len <= 0)
		return;
	target[len] = '\0';
	tail = strrchr(target, '/');
	tail = tail ? tail + 1 : target;
	if (strlen(tail) < n)
		memcpy(buf, tail, strlen(tail) + 1);
}

/*
 * The PCI address of the function beneath the NIC: its "device" link
 * names the auxiliary device the driver bound, whose parent is the PCI
 * function (the model's stand-in), or bnxt_en's auxiliary device, whose
 * parent is (a NetXtreme function).  "" when no ancestor within two is
 * on the PCI bus.
 */
static void sysfs_pci(const char *nic, char *buf, size_t n)
{
	char path[4096 + 16], fn[4096], bus[64];
	const char *tail;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s/class/rig_bnxt/%s/device/..", nics_sysfs_root(), nic);
	for (int up = 0; up < 2; up++) {
		if (!realpath(path, fn))
			return;
		snprintf(path, sizeof(path), "%s/subsystem", fn);
		link_tail(path, bus, sizeof(bus));
		if (!strcmp(bus, "pci"))
			break;
		if (up)
			return;
		snprintf(path, sizeof(path), "%s/..", fn);
	}
	tail = strrchr(fn, '/');
	tail = tail ? tail + 1 : fn;
	if (strlen(tail) < n)
		memcpy(buf, tail, strlen(tail) + 1);
}

/* The GID table: "INDEX GID" lines; what does not parse is left out. */
static void sysfs_gids(const char *nic, struct nic_info *info)
{
	char path[4096], line[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/class/rig_bnxt/%s/gids", nics_sysfs_root(), nic);
	f = fopen(path, "re");
	if (!f)
		return;
	while (info->ngids < NIC_GIDS_MAX && fgets(line, sizeof(line), f)) {
		struct nic_gid *g = &info->gids[info->ngids];

		if (sscanf(line, "%u %47s", &g->index, g->gid) == 2)
			info->ngids++;
	}
	fclose(f);
}

void nic_sysfs(const char *name, struct nic_info *info)
{
	memset(info, 0, sizeof(*info));
	snprintf(info->name, sizeof(info->name), "%s", name);
	if (sysfs_read(name, "kind", info->kind, sizeof(info->kind)))
		strcpy(info->kind, "?");
	sysfs_pci(name, info->pci, sizeof(info->pci));
	info->iommu = sysfs_flag(name, "iommu");
	info->dmabuf = -1;	/* only the NIC's query says (devices.c) */
	info->relaxed = sysfs_flag(name, "relaxed_ordering");
	sysfs_read(name, "chip", info->chip, sizeof(info->chip));
	sysfs_read(name, "firmware_version", info->firmware, sizeof(info->firmware));
	info->max_qp = sysfs_count(name, "max_qp");
	info->max_cq = sysfs_count(name, "max_cq");
	info->max_mr = sysfs_count(name, "max_mr");
	sysfs_read(name, "netdev", info->netdev, sizeof(info->netdev));
	sysfs_gids(name, info);
}

/* The auxiliary devices of bnxt_en's functions, and the driver rig's transport has. */
#define OTHERS_PREFIX	"bnxt_en.rdma."
#define OTHERS_RIG	"rig_bnxt_en.rdma"

/* By the device's number: bnxt_en.rdma.2 before bnxt_en.rdma.10. */
static int other_cmp(const void *a, const void *b)
{
	const char *x = ((const struct other_fn *)a)->device + strlen(OTHERS_PREFIX);
	const char *y = ((const struct other_fn *)b)->device + strlen(OTHERS_PREFIX);
	long d = strtol(x, NULL, 10) - strtol(y, NULL, 10);

	return d < 0 ? -1 : d > 0;
}

size_t nics_others(struct other_fn *out, size_t max)
{
	char dir[4096], path[4096 + 320], fn[4096];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/bus/auxiliary/devices", nics_sysfs_root());
	d = opendir(dir);
	if (!d)
		return 0;
	while ((e = readdir(d)) && n < max) {
		struct other_fn *o = &out[n];
		const char *tail;

		if (strncmp(e->d_name, OTHERS_PREFIX, strlen(OTHERS_PREFIX)) ||
		    strlen(e->d_name) >= sizeof(o->device))
			continue;
		memset(o, 0, sizeof(*o));
		strcpy(o->device, e->d_name);
		snprintf(path, sizeof(path), "%s/%s/driver", dir, e->d_name);
		link_tail(path, o->driver, sizeof(o->driver));
		if (!strcmp(o->driver, OTHERS_RIG))
			continue;		/* rig's: shown as a NIC */
		/* The device's parent is its PCI function. */
		snprintf(path, sizeof(path), "%s/%s/..", dir, e->d_name);
		if (realpath(path, fn)) {
			tail = strrchr(fn, '/');
			tail = tail ? tail + 1 : fn;
			if (strlen(tail) < sizeof(o->pci))
				strcpy(o->pci, tail);
		}
		n++;
	}
	closedir(d);
	qsort(out, n, sizeof(*out), other_cmp);
	return n;
}

/* "rig_bnxt0 rig_bnxt1" on @f. */
static void nics_print(FILE *f, const struct nic_list *list)
{
	for (size_t i = 0; i < list->n; i++)
		fprintf(f, "%s%s", i ? " " : "", list->name[i]);
}

int nic_open(const struct nic_list *list, const char *name, struct rig_bnxt **nic)
{
	const char *base = nic_basename(name);
	int ret;

	if (!nics_has(list, base)) {
		fprintf(stderr, "rig: no NIC '%s'; the NICs here: ", name);
		nics_print(stderr, list);
		fputc('\n', stderr);
		return -1;
	}
	ret = rig_bnxt_open(name, nic);
	if (ret == 0)
		return 0;
	fprintf(stderr, "rig: %s\n", rig_error());
	/* librig says why, and what to do for ENOENT and EACCES; not for EBUSY. */
	if (ret == -EBUSY)
		fprintf(stderr, "rig: %s is busy: another user holds it; try again when it is free\n",
			base);
	return -1;
}
