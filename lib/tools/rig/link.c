// SPDX-License-Identifier: BSD-2-Clause
/*
 * rig link set NIC netdev IFNAME | nodev: put a modelled NIC on a network
 * interface (or take it off), as "rdma link add" does for rxe, by writing
 * the "netdev" attribute of the model's auxiliary device beneath the NIC.
 * This file owns that write and the words for its errors; the kernel
 * looks the name up in rig's own network namespace.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "link.h"
#include "nics.h"

/* Why the model refused, in words a user can act on. */
static const char *link_reason(int err, const char *netdev)
{
	switch (err) {
	case ENODEV:
		return "no such interface in this network namespace";
	case EBUSY:
		return netdev[0] ?
		       "the NIC sits on another interface (rig link set NIC nodev first), or the interface is taken (another NIC, a bridge)" :
		       "the NIC is busy";
	case EINVAL:
		return "not an Ethernet interface";
	case EACCES:
	case EPERM:
		return "permission denied: run as root";
	default:
		return strerror(err);
	}
}

int cmd_link(const struct cli *cli)
{
	const char *nic = nic_basename(cli->device);
	struct nic_info info;
	struct nic_list list;
	char path[4096];
	enum nics_state state;
	ssize_t n;
	int fd;

	state = nics_list(&list);
	if (state != NICS_FOUND) {
		nics_explain(stderr, state);
		return 1;
	}
	if (!nics_has(&list, nic)) {
		fprintf(stderr, "rig link: no NIC '%s'\n", nic);
		return 1;
	}
	nic_sysfs(nic, &info);
	if (strcmp(info.kind, "soft")) {
		fprintf(stderr,
			"rig link: %s is a NetXtreme function (kind %s): it sits on bnxt_en's interface, which rig does not choose\n",
			nic, info.kind);
		return 1;
	}
	snprintf(path, sizeof(path), "%s/class/rig_bnxt/%s/device/netdev", nics_sysfs_root(),
		 nic);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "rig link: %s: %s (is rig_soft too old to go on a wire?)\n", path,
			strerror(errno));
		return 1;
	}
	/* An empty line detaches: a write of no bytes would not reach the model. */
	n = write(fd, cli->netdev[0] ? cli->netdev : "\n",
		  cli->netdev[0] ? strlen(cli->netdev) : 1);
	if (n < 0) {
		int err = errno;

		close(fd);
		if (cli->netdev[0])
			fprintf(stderr, "rig link: %s netdev %s: %s\n", nic, cli->netdev,
				link_reason(err, cli->netdev));
		else
			fprintf(stderr, "rig link: %s nodev: %s\n", nic,
				link_reason(err, cli->netdev));
		return 1;
	}
	close(fd);
	return 0;
}
