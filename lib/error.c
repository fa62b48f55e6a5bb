// SPDX-License-Identifier: BSD-2-Clause
/*
 * The per-thread error message, the only state librig keeps, and the
 * messages of failures every call may meet: a child of fork(), a NIC that
 * went away, the kernel's or the firmware's reason, RLIMIT_MEMLOCK.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "rig_bnxt.h"
#include "internal.h"

static _Thread_local char rig_message[512];

RIG_EXPORT const char *rig_error(void)
{
	return rig_message;
}

int rig_fail(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rig_message, sizeof(rig_message), fmt, ap);
	va_end(ap);
	return err;
}

int rig_fork_error(const struct rig_bnxt *nic, const char *call)
{
	return rig_fail(-EPERM,
			"%s: %s was opened by another process (a parent before fork()); open it again here",
			call, nic->name);
}

int rig_nic_error(const struct rig_bnxt *nic, const char *call, int err)
{
	switch (err) {
	case EPERM:
		return rig_fork_error(nic, call);
	case ENODEV:
		return rig_fail(-err, "%s: %s has gone away (unplugged or unbound)", call,
				nic->name);
	case EDQUOT:
		/* The kernel names what the user holds its share of, */
	case ENETUNREACH:
	case EHOSTUNREACH:
	case EADDRNOTAVAIL:
		/* or the address a connection could not reach. */
		if (rig_nic_said(nic, call, err))
			return -err;
		__attribute__((fallthrough));
	default:
		return rig_fail(-err, "%s: %s: %s", call, nic->name, strerror(err));
	}
}

int rig_nic_said(const struct rig_bnxt *nic, const char *call, int err)
{
	struct rig_bnxt_last_error last = { .size = sizeof(last) };

	if (rig_cmd(nic, RIG_BNXT_LAST_ERROR, &last) || !last.message[0])
		return 0;
	last.message[sizeof(last.message) - 1] = '\0';
	return rig_fail(-err, "%s: %s: %s", call, nic->name, last.message);
}

int rig_nic_refused(const struct rig_bnxt *nic, const char *call, const char *what, int err)
{
	struct rig_bnxt_last_error last = { .size = sizeof(last) };
	const char *why;

	if (rig_cmd(nic, RIG_BNXT_LAST_ERROR, &last) || !last.message[0])
		snprintf(last.message, sizeof(last.message), "%s", strerror(err));
	last.message[sizeof(last.message) - 1] = '\0';
	switch (err) {
	case EIO:
		why = "refused";
		break;
	case ETIMEDOUT:
		why = "did not answer for";
		break;
	default:
		why = "failed";
		break;
	}
	return rig_fail(-err, "%s: the firmware of %s %s %s (%s)", call, nic->name, why, what,
			last.message);
}

/* Bit of CAP_IPC_LOCK in a capability set (linux/capability.h). */
#define RIG_CAP_IPC_LOCK	14

/*
 * From /proc/self/status: @pinned, VmPin in bytes (0 if it does not
 * say), and @unlimited, whether CAP_IPC_LOCK is effective, which lifts
 * RLIMIT_MEMLOCK for the driver's charge as for mlock().
 */
static void rig_memlock_state(unsigned long long *pinned, bool *unlimited)
{
	unsigned long long kib = 0, caps = 0;
	char line[128];
	FILE *f;

	*pinned = 0;
	*unlimited = false;
	f = fopen("/proc/self/status", "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmPin: %llu kB", &kib) != 1 &&
		    sscanf(line, "CapEff: %llx", &caps) == 1)
			*unlimited = caps >> RIG_CAP_IPC_LOCK & 1;
	fclose(f);
	*pinned = kib * 1024;
}

int rig_memlock_error(const struct rig_bnxt *nic, const char *call, size_t n)
{
	size_t pages = (n + nic->page - 1) / nic->page * nic->page;
	unsigned long long pinned;
	struct rlimit lim;
	bool unlimited;

	rig_memlock_state(&pinned, &unlimited);
	if (!unlimited && !getrlimit(RLIMIT_MEMLOCK, &lim) && lim.rlim_cur != RLIM_INFINITY &&
	    pinned + pages > lim.rlim_cur)
		return rig_fail(-ENOMEM,
				"%s: locking %zu bytes for %s would pass RLIMIT_MEMLOCK (%llu bytes, %llu already locked); raise it (ulimit -l) or use less",
				call, n, nic->name, (unsigned long long)lim.rlim_cur, pinned);
	return rig_fail(-ENOMEM, "%s: the machine has no memory for %zu bytes for %s", call, n,
			nic->name);
}
