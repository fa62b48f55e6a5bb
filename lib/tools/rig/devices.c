// SPDX-License-Identifier: BSD-2-Clause
/*
 * rig devices: each NIC as sysfs and librig describe it, with the limits
 * a program meets.  It opens each NIC only to ask it, and closes it.
 */
#include <linux/capability.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <rig/bnxt.h>

#include "cli.h"
#include "devices.h"
#include "nics.h"
#include "output.h"

/* Has the process CAP_IPC_LOCK (locked memory not charged against the limit)? */
static bool devices_ipc_lock(void)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3];

	if (syscall(SYS_capget, &h, d))
		return false;
	return d[CAP_IPC_LOCK / 32].effective & (1u << (CAP_IPC_LOCK % 32));
}

static void devices_limits(struct limits *lim)
{
	struct rlimit rl;

	lim->entries_max = RIG_QP_ENTRIES_MAX;
	lim->bytes_max = RIG_QP_BYTES_MAX;
	lim->memlock = 0;
	lim->memlock_unlimited = false;
	lim->memlock_exempt = devices_ipc_lock();
	if (getrlimit(RLIMIT_MEMLOCK, &rl) == 0) {
		lim->memlock_unlimited = rl.rlim_cur == RLIM_INFINITY;
		lim->memlock = (uint64_t)rl.rlim_cur;
	}
}

/*
 * What the NIC itself says through librig: its kind, IOMMU, dma-buf and page.
 * Return: 0, or -1 with the reason in @info->error and on stderr.
 */
static int devices_query(struct nic_info *info)
{
	struct rig_bnxt *nic;

	if (rig_bnxt_open(info->name, &nic)) {
		snprintf(info->error, sizeof(info->error), "%s", rig_error());
		fprintf(stderr, "rig: %s\n", info->error);
		return -1;
	}
	snprintf(info->kind, sizeof(info->kind), "%s",
		 rig_bnxt_kind(nic) == RIG_KIND_PCI ? "pci" : "soft");
	info->iommu = rig_bnxt_iommu(nic);
	info->dmabuf = rig_bnxt_dmabuf(nic);
	info->page = rig_bnxt_page(nic);
	rig_bnxt_close(nic);
	return 0;
}

int cmd_devices(const struct cli *cli)
{
	static struct nic_info infos[NICS_MAX];
	static struct other_fn others[NICS_MAX];
	static struct nic_list list;
	enum nics_state state = nics_list(&list);
	size_t n = 0, nothers = nics_others(others, NICS_MAX);
	struct limits lim;
	int status = 0;

	if (state != NICS_FOUND) {
		nics_explain(stderr, state);
		out_others(stderr, others, nothers);
		return 1;
	}
	if (cli->device)
		nothers = 0;		/* one NIC asked for: only it */
	if (cli->device && !nics_has(&list, nic_basename(cli->device))) {
		fprintf(stderr, "rig: no NIC '%s'\n", cli->device);
		return 1;
	}
	for (size_t i = 0; i < list.n; i++) {
		if (cli->device && strcmp(list.name[i], nic_basename(cli->device)))
			continue;
		nic_sysfs(list.name[i], &infos[n]);
		if (devices_query(&infos[n]))
			status = 1;
		n++;
	}
	devices_limits(&lim);
	if (cli->json)
		out_devices_json(stdout, infos, n, &lim, others, nothers);
	else
		out_devices(stdout, infos, n, &lim, others, nothers);
	return status;
}
