// SPDX-License-Identifier: BSD-2-Clause
/*
 * rig(1): list rig_bnxt NICs and measure them, in the manner of
 * ibv_devinfo and perftest.  main() parses the command line and hands
 * it to the command; see rig.1.
 */
#include <stdio.h>

#include "cli.h"
#include "devices.h"
#include "link.h"
#include "perf.h"

int main(int argc, char **argv)
{
	struct cli cli;
	int status;

	switch (cli_parse(argc, argv, &cli, stdout, stderr)) {
	case CLI_HELP:
		return 0;
	case CLI_BAD:
		return EXIT_USAGE;
	case CLI_RUN:
		break;
	}
	switch (cli.cmd) {
	case CLI_DEVICES:
		status = cmd_devices(&cli);
		break;
	case CLI_SEND_BW:
		status = perf_send_bw(&cli);
		break;
	case CLI_SEND_LAT:
		status = perf_send_lat(&cli);
		break;
	case CLI_READ_BW:
		status = perf_read_bw(&cli);
		break;
	case CLI_LINK:
		status = cmd_link(&cli);
		break;
	default:
		status = 1;
	}
	if (fflush(stdout) || ferror(stdout)) {
		perror("rig: stdout");
		status = 1;
	}
	return status;
}
