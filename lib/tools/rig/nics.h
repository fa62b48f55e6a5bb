/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Finding NICs: nics.c owns what rig(1) reads of sysfs
 * (/sys/class/rig_bnxt/, /sys/module/rig_bnxt) and opening a NIC with an
 * error a user can act on.  It never touches a queue pair or region.
 *
 * RIG_SYSFS in the environment stands for /sys, so the tests can show
 * rig a made-up tree.
 */
#ifndef RIG_TOOL_NICS_H
#define RIG_TOOL_NICS_H

#include <stddef.h>
#include <stdio.h>

#include "output.h"

struct rig_bnxt;

#define NICS_MAX 64

/** struct nic_list - the NICs sysfs shows, in number order */
struct nic_list {
	size_t n;
	char name[NICS_MAX][64];
};

/* What nics_list() found. */
enum nics_state {
	NICS_FOUND,		/* at least one NIC */
	NICS_NO_MODULE,		/* no /sys/class/rig_bnxt: the module is not loaded */
	NICS_NONE,		/* the module is loaded with no NIC */
};

/** nics_list() - list /sys/class/rig_bnxt/rig_bnxtN in order of N */
enum nics_state nics_list(struct nic_list *list);

/** nics_explain() - print rig's error for NICS_NO_MODULE or NICS_NONE on @f */
void nics_explain(FILE *f, enum nics_state state);

/** nics_has() - is @name in @list? */
int nics_has(const struct nic_list *list, const char *name);

/**
 * nics_default_peer() - the peer of a send test when --peer is not given
 *
 * Return: the first NIC of @list that is not @device (rig_bnxt1 for
 * rig_bnxt0), or @device when it is the only one.
 */
const char *nics_default_peer(const struct nic_list *list, const char *device);

/**
 * nic_sysfs() - what sysfs says of a NIC
 * @name: "rig_bnxt0"
 * @info: filled in: name, kind, PCI address, IOMMU and Relaxed Ordering
 *	  (-1 for what could not be read); dma-buf -1 (sysfs does not say);
 *	  page and error are cleared
 */
void nic_sysfs(const char *name, struct nic_info *info);

/**
 * nic_open() - open a NIC that the listing showed, or say why not
 * @list: nics_list()'s
 * @name: the NIC
 * @nic: the open NIC on success
 *
 * Prints the reason on stderr: no such NIC (and which there are), or
 * librig's rig_error() (with a hint for a busy device).
 *
 * Return: 0, or -1 after printing.
 */
int nic_open(const struct nic_list *list, const char *name, struct rig_bnxt **nic);

/**
 * nics_others() - NetXtreme functions whose RDMA side rig does not hold
 * @out: where they go
 * @max: room in @out
 *
 * bnxt_en's "bnxt_en.rdma.N" auxiliary devices that rig's transport,
 * rig_bnxt_en, is not bound to: unbound, or held by another driver
 * (bnxt_re).
 *
 * Return: how many were written.
 */
size_t nics_others(struct other_fn *out, size_t max);

/** nics_sysfs_root() - /sys, or RIG_SYSFS from the environment */
const char *nics_sysfs_root(void);

/** nic_basename() - "rig_bnxt0" of "/dev/rig_bnxt0"; @name itself otherwise */
const char *nic_basename(const char *name);

#endif /* RIG_TOOL_NICS_H */
