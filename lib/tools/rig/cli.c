// SPDX-License-Identifier: BSD-2-Clause
/*
 * rig(1)'s command line: the commands, their options, their help, and
 * the checks that turn a bad argument into exit status 2 with the usage
 * on stderr.  Nothing here opens a NIC.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <rig/bnxt.h>

#include "cli.h"
#include "oob.h"

/* Long options without a short one. */
enum {
	OPT_PEER = 256,
	OPT_ENTRIES,
	OPT_JSON,
	OPT_POLL,
	OPT_MEM,
};

static const struct option devices_options[] = {
	{ "device", required_argument, NULL, 'd' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static const struct option send_options[] = {
	{ "device", required_argument, NULL, 'd' },
	{ "peer", required_argument, NULL, OPT_PEER },
	{ "server", no_argument, NULL, 'S' },
	{ "port", required_argument, NULL, 'p' },
	{ "CPU-freq", no_argument, NULL, 'F' },
	{ "size", required_argument, NULL, 's' },
	{ "all", no_argument, NULL, 'a' },
	{ "iters", required_argument, NULL, 'n' },
	{ "entries", required_argument, NULL, OPT_ENTRIES },
	{ "events", no_argument, NULL, 'e' },
	{ "poll", no_argument, NULL, OPT_POLL },
	{ "mem", required_argument, NULL, OPT_MEM },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

#define PERF_USAGE_TAIL \
	"[-s BYTES | -a] [-n N] [--entries N] [-e | --poll] [--mem host|dmabuf] [--json] [-q]"
#define PERF_USAGE_OOB "[-S | ADDRESS] [-p PORT]"

#define HELP_SIZES \
	"  -s, --size BYTES    message size; K, M and G mean KiB, MiB and GiB\n" \
	"                      (default 64K, at most 2G-1)\n" \
	"  -a, --all           every power of two from 2 bytes to 8M, like perftest -a\n" \
	"  -n, --iters N       messages of each size (default 1000, fewer above 64K\n" \
	"                      so that a size moves 64 MiB at most)\n" \
	"      --entries N     ring slots of each queue pair: a power of two from 2\n" \
	"                      to 4096 (default 128)\n" \
	"  -e, --events        sleep for each completion (rig_qp_wait) at once\n" \
	"      --poll          only spin for completions (rig_qp_poll), never sleep\n" \
	"                      (default: spin 20 us, then sleep)\n" \
	"      --mem KIND      the memory of the test's regions: host (default), or\n" \
	"                      dmabuf: dma-bufs that udmabuf makes over memfd pages,\n" \
	"                      as a GPU's memory reaches a NIC (needs /dev/udmabuf)\n" \
	"      --json          print the results as one JSON document, no progress\n" \
	"  -q, --quiet         print the table only: no banner, no progress line\n" \
	"  -h, --help          print this help\n"

#define HELP_OOB \
	"  -S, --server        wait for a peer on another machine, rig or perftest,\n" \
	"                      as perftest does when given no address\n" \
	"  ADDRESS             connect to a peer waiting there (rig -S, or perftest\n" \
	"                      with no address), as perftest's client does\n" \
	"  -p, --port PORT     the TCP port of that exchange (default 18515)\n" \
	"  -F, --CPU-freq      accepted and ignored, as perftest's users type it\n" \
	"                      (rig times with CLOCK_MONOTONIC, not CPU cycles)\n" \
	"With -S or ADDRESS both ends must be given the same -s or -a and -n; -n\n" \
	"then defaults to 1000 for every size, as perftest's.  Without either, both\n" \
	"queue pairs belong to this process.\n"

#define HELP_PEER \
	"  -d, --device NAME   the NIC that sends (default rig_bnxt0)\n" \
	"      --peer NAME     the NIC that receives (default: the first other NIC,\n" \
	"                      rig_bnxt1 for rig_bnxt0; the same NIC if it is alone)\n"

/**
 * struct cli_cmd - one command of rig
 * @name: as typed
 * @cmd: its value
 * @summary: one line for rig --help
 * @usage: its synopsis, after "rig NAME "
 * @help: what it does and its options
 * @options: its long options
 * @shortopts: its short options, for getopt_long()
 */
struct cli_cmd {
	const char *name;
	enum cli_command cmd;
	const char *summary;
	const char *usage;
	const char *help;
	const struct option *options;
	const char *shortopts;
};

static const struct cli_cmd cli_cmds[] = {
	{
		"devices", CLI_DEVICES,
		"list the rig_bnxt NICs: kind, PCI address, IOMMU, limits",
		"[-d NAME] [--json]",
		"List every rig_bnxt NIC (or the one named): its kind, the PCI address\n"
		"of the function beneath it, whether an IOMMU translates for it, PCIe Relaxed\n"
		"Ordering, page size, and the limits a program meets: ring slots, message\n"
		"bytes and this process's locked-memory limit.\n\n"
		"Options:\n"
		"  -d, --device NAME   only this NIC\n"
		"      --json          print one JSON document\n"
		"  -h, --help          print this help\n",
		devices_options, ":d:h",
	},
	{
		"send-bw", CLI_SEND_BW,
		"send bandwidth from one NIC to another (or to itself)",
		"[-d NAME] [--peer NAME | " PERF_USAGE_OOB "] " PERF_USAGE_TAIL,
		"Send bandwidth: a queue pair of the device keeps its send ring full of\n"
		"messages to a queue pair of the peer, which keeps receives posted.  The\n"
		"first message of each size carries a pattern that is checked.  With a\n"
		"peer on another machine, the server (-S) receives and the client sends,\n"
		"as ib_send_bw's; a rig receiving from rig checks the first and last\n"
		"message of each size, from perftest (random bytes) their lengths.\n\n"
		"Options:\n" HELP_PEER HELP_OOB HELP_SIZES,
		send_options, ":d:Sp:Fs:an:eqh",
	},
	{
		"send-lat", CLI_SEND_LAT,
		"send/receive latency, ping-pong between two NICs (or one)",
		"[-d NAME] [--peer NAME | " PERF_USAGE_OOB "] " PERF_USAGE_TAIL,
		"Send latency: a message goes to the peer's queue pair and one comes back,\n"
		"one at a time.  Latency is half the round trip, as perftest's\n"
		"ib_send_lat reports it.  The first round trip of each size carries a\n"
		"pattern each way that is checked.  With a peer on another machine the\n"
		"client sends first, as ib_send_lat's; rig checks what a rig peer sends.\n\n"
		"Options:\n" HELP_PEER HELP_OOB HELP_SIZES,
		send_options, ":d:Sp:Fs:an:eqh",
	},
	{
		"read-bw", CLI_READ_BW,
		"RDMA read bandwidth between two queue pairs of one NIC",
		"[-d NAME] " PERF_USAGE_OOB " " PERF_USAGE_TAIL,
		"RDMA read bandwidth: a queue pair keeps its ring full of reads from a\n"
		"region through a second queue pair of the same NIC (a region is read only\n"
		"through queue pairs of its own NIC).  The first read of each size is\n"
		"checked against the pattern of the region read.  With a peer on another\n"
		"machine, the client reads the server's region by the key and address it\n"
		"gave, as ib_read_bw's; the server prints the client's report.  Reading a\n"
		"rig server, the first and last read of each size are checked.\n\n"
		"Options:\n"
		"  -d, --device NAME   the NIC (default rig_bnxt0)\n" HELP_OOB HELP_SIZES,
		send_options, ":d:Sp:Fs:an:eqh",
	},
	{
		"link", CLI_LINK,
		"put a modelled NIC on a network interface, or take it off",
		"set NIC netdev IFNAME | set NIC nodev",
		"Attach a NIC of the model (kind soft) to a network interface of this\n"
		"network namespace, as 'rdma link add' does for rxe: its queue pairs then\n"
		"speak RoCE v2 there, and the interface's addresses become its GIDs\n"
		"(rig devices lists them).  'nodev' detaches it: its queue pairs reach\n"
		"only the NICs of this machine again.  A NetXtreme function sits on\n"
		"bnxt_en's interface, which rig does not choose.\n\n"
		"Options:\n"
		"  -h, --help          print this help\n",
		NULL, "",
	},
};

#define CLI_NCMDS (sizeof(cli_cmds) / sizeof(cli_cmds[0]))

const char *cli_command_name(enum cli_command cmd)
{
	for (size_t i = 0; i < CLI_NCMDS; i++)
		if (cli_cmds[i].cmd == cmd)
			return cli_cmds[i].name;
	return "?";
}

static const struct cli_cmd *cli_find(const char *name)
{
	for (size_t i = 0; i < CLI_NCMDS; i++)
		if (!strcmp(cli_cmds[i].name, name))
			return &cli_cmds[i];
	return NULL;
}

static void cli_main_usage(FILE *f)
{
	fprintf(f, "Usage: rig [-h | --help] COMMAND [OPTIONS]\n");
}

static void cli_main_help(FILE *f)
{
	cli_main_usage(f);
	fprintf(f, "\nrig drives rig_bnxt NICs through librig, with no system call on the\n"
		   "fast path.\n\nCommands:\n");
	for (size_t i = 0; i < CLI_NCMDS; i++)
		fprintf(f, "  %-10s  %s\n", cli_cmds[i].name, cli_cmds[i].summary);
	fprintf(f, "  %-10s  %s\n", "help", "this help, or a command's: rig help send-bw");
	fprintf(f, "\nRun 'rig COMMAND --help' for a command's options; see rig(1).\n"
		   "Exit status: 0 success, 1 failure, 2 bad arguments.\n");
}

static void cli_cmd_usage(FILE *f, const struct cli_cmd *c)
{
	fprintf(f, "Usage: rig %s %s\n", c->name, c->usage);
}

static void cli_cmd_help(FILE *f, const struct cli_cmd *c)
{
	cli_cmd_usage(f, c);
	fprintf(f, "\n%s", c->help);
}

/* An error in the arguments of @c (or of rig itself when @c is NULL). */
static enum cli_result cli_bad(FILE *err, const struct cli_cmd *c, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static enum cli_result cli_bad(FILE *err, const struct cli_cmd *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(err, "rig%s%s: ", c ? " " : "", c ? c->name : "");
	va_start(ap, fmt);
	vfprintf(err, fmt, ap);
	va_end(ap);
	fputc('\n', err);
	if (c) {
		cli_cmd_usage(err, c);
		fprintf(err, "Try 'rig %s --help' for more.\n", c->name);
	} else {
		cli_main_usage(err);
		fprintf(err, "Try 'rig --help' for the commands.\n");
	}
	return CLI_BAD;
}

/* Digits to a number no larger than @max: 0 and the end, or -1. */
static int cli_digits(const char *s, uint64_t max, uint64_t *v, const char **end)
{
	uint64_t n = 0;

	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		unsigned int d = (unsigned int)(*s - '0');

		if (n > (max - d) / 10)
			return -1;
		n = n * 10 + d;
	}
	*v = n;
	*end = s;
	return 0;
}

int cli_parse_count(const char *s, uint64_t max, uint64_t *v)
{
	const char *end;
	uint64_t n;

	if (cli_digits(s, max, &n, &end) || *end || n == 0)
		return -1;
	*v = n;
	return 0;
}

int cli_parse_size(const char *s, uint64_t max, uint64_t *v)
{
	const char *end;
	unsigned int shift = 0;
	uint64_t n;

	if (cli_digits(s, UINT64_MAX, &n, &end))
		return -1;
	switch (*end) {
	case '\0':
		break;
	case 'k': case 'K':
		shift = 10;
		break;
	case 'm': case 'M':
		shift = 20;
		break;
	case 'g': case 'G':
		shift = 30;
		break;
	default:
		return -1;
	}
	if (shift && end[1])
		return -1;
	if (n == 0 || n > (max >> shift))
		return -1;
	*v = n << shift;
	return 0;
}

uint64_t cli_iters(const struct cli *cli, size_t bytes)
{
	uint64_t n;

	if (cli->iters)
		return cli->iters;
	if (cli_oob(cli))
		return CLI_ITERS_DEFAULT;
	n = bytes ? CLI_BYTES_PER_SIZE / bytes : CLI_ITERS_DEFAULT;
	if (n > CLI_ITERS_DEFAULT)
		n = CLI_ITERS_DEFAULT;
	return n < CLI_ITERS_FLOOR ? CLI_ITERS_FLOOR : n;
}

/* The value of one option; CLI_RUN or what went wrong. */
static enum cli_result cli_option(struct cli *cli, const struct cli_cmd *c, int opt,
				  const char *arg, bool *all, bool *size, FILE *err)
{
	uint64_t v;

	switch (opt) {
	case 'd':
		if (!*arg)
			return cli_bad(err, c, "empty device name");
		cli->device = arg;
		break;
	case OPT_PEER:
		if (c->cmd == CLI_READ_BW)
			return cli_bad(err, c, "--peer does not apply: %s",
				       "a NIC reads its own regions, through two of its queue pairs");
		if (!*arg)
			return cli_bad(err, c, "empty peer name");
		cli->peer = arg;
		break;
	case 's':
		if (cli_parse_size(arg, RIG_QP_BYTES_MAX, &v))
			return cli_bad(err, c,
				       "bad size '%s': give bytes from 1 to 2147483647, with K, M or G for KiB, MiB or GiB",
				       arg);
		cli->sizes[0] = (size_t)v;
		*size = true;
		break;
	case 'a':
		*all = true;
		break;
	case 'S':
		cli->server = true;
		break;
	case 'F':
		break;
	case 'p':
		if (cli_parse_count(arg, 65535, &v))
			return cli_bad(err, c, "bad port '%s': give a number from 1 to 65535", arg);
		cli->port = (uint16_t)v;
		break;
	case 'n':
		if (cli_parse_count(arg, CLI_ITERS_MAX, &v))
			return cli_bad(err, c, "bad iteration count '%s': give a number from 1 to 1000000000",
				       arg);
		cli->iters = v;
		break;
	case OPT_ENTRIES:
		if (cli_parse_count(arg, RIG_QP_ENTRIES_MAX, &v) || v < 2 || (v & (v - 1)))
			return cli_bad(err, c, "bad ring size '%s': give a power of two from 2 to 4096",
				       arg);
		cli->entries = (uint32_t)v;
		break;
	case 'e':
	case OPT_POLL:
		if (cli->wait != CLI_WAIT_ADAPTIVE)
			return cli_bad(err, c, "-e and --poll exclude each other");
		cli->wait = opt == 'e' ? CLI_WAIT_EVENTS : CLI_WAIT_POLL;
		break;
	case OPT_MEM:
		if (!strcmp(arg, "host"))
			cli->mem = CLI_MEM_HOST;
		else if (!strcmp(arg, "dmabuf"))
			cli->mem = CLI_MEM_DMABUF;
		else
			return cli_bad(err, c, "bad memory '%s': give host or dmabuf", arg);
		break;
	case OPT_JSON:
		cli->json = true;
		break;
	case 'q':
		cli->quiet = true;
		break;
	default:
		return CLI_BAD;
	}
	return CLI_RUN;
}

/* getopt_long()'s complaint about argv[optind - 1], as a usage error. */
static enum cli_result cli_getopt_error(const struct cli_cmd *c, int opt, char **argv,
					FILE *err)
{
	const char *word = argv[optind - 1];
	char short_opt[3] = { '-', (char)optopt, '\0' };

	/* For a short option among others ("-qx"), name the one at fault. */
	if (optopt && word[0] == '-' && word[1] != '-')
		word = short_opt;
	if (opt == ':')
		return cli_bad(err, c, "option '%s' needs a value", word);
	return cli_bad(err, c, "unknown option '%s'", word);
}

/* The sizes the test runs: -s, -a or the default. */
static void cli_sizes(struct cli *cli, bool all, bool size)
{
	if (all) {
		cli->nsizes = 0;
		for (size_t s = CLI_ALL_MIN; s <= CLI_ALL_MAX; s <<= 1)
			cli->sizes[cli->nsizes++] = s;
	} else {
		if (!size)
			cli->sizes[0] = CLI_SIZE_DEFAULT;
		cli->nsizes = 1;
	}
}

/* Parse the options of command @c: argv[0] is the command's name. */
static enum cli_result cli_parse_cmd(const struct cli_cmd *c, int argc, char **argv,
				     struct cli *cli, FILE *out, FILE *err)
{
	bool all = false, size = false;
	int opt;

	cli->cmd = c->cmd;
	cli->entries = CLI_ENTRIES_DEFAULT;
	opterr = 0;
	optind = 0;	/* glibc: start afresh, whatever was parsed before */
	while ((opt = getopt_long(argc, argv, c->shortopts, c->options, NULL)) != -1) {
		enum cli_result r;

		if (opt == 'h') {
			cli_cmd_help(out, c);
			return CLI_HELP;
		}
		if (opt == '?' || opt == ':')
			return cli_getopt_error(c, opt, argv, err);
		r = cli_option(cli, c, opt, optarg, &all, &size, err);
		if (r != CLI_RUN)
			return r;
	}
	if (optind < argc && c->cmd != CLI_DEVICES && !argv[optind][0])
		return cli_bad(err, c, "empty address");
	if (optind < argc && c->cmd != CLI_DEVICES)
		cli->address = argv[optind++];
	if (optind < argc)
		return cli_bad(err, c, "unexpected argument '%s'", argv[optind]);
	if (all && size)
		return cli_bad(err, c, "-s and -a exclude each other");
	if (cli->server && cli->address)
		return cli_bad(err, c, "-S waits for a peer and ADDRESS connects to one: give one");
	if (cli->peer && cli_oob(cli))
		return cli_bad(err, c, "--peer names a NIC of this machine; -S and ADDRESS talk to another: give one");
	if (cli->port && !cli_oob(cli))
		return cli_bad(err, c, "-p applies only with -S or ADDRESS (a peer on another machine)");
	if (!cli->port)
		cli->port = OOB_PORT_DEFAULT;
	cli->all = all;
	cli_sizes(cli, all, size);
	return CLI_RUN;
}

/* rig link set NIC netdev IFNAME | rig link set NIC nodev */
static enum cli_result cli_parse_link(const struct cli_cmd *c, int argc, char **argv,
				      struct cli *cli, FILE *out, FILE *err)
{
	cli->cmd = c->cmd;
	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		cli_cmd_help(out, c);
		return CLI_HELP;
	}
	if (argc < 2 || strcmp(argv[1], "set"))
		return cli_bad(err, c, "give 'set'");
	if (argc < 3 || !argv[2][0])
		return cli_bad(err, c, "give the NIC");
	cli->device = argv[2];
	if (argc == 4 && !strcmp(argv[3], "nodev")) {
		cli->netdev = "";
		return CLI_RUN;
	}
	if (argc == 5 && !strcmp(argv[3], "netdev")) {
		/* IFNAMSIZ: 15 bytes and no slash or space, as the kernel names them. */
		if (!argv[4][0] || strlen(argv[4]) > 15 || strpbrk(argv[4], "/ \t\n:"))
			return cli_bad(err, c, "bad interface name '%s'", argv[4]);
		cli->netdev = argv[4];
		return CLI_RUN;
	}
	return cli_bad(err, c, "give 'netdev IFNAME' or 'nodev' after the NIC");
}

/* rig help [COMMAND] */
static enum cli_result cli_help_cmd(int argc, char **argv, FILE *out, FILE *err)
{
	const struct cli_cmd *c;

	if (argc < 3) {
		cli_main_help(out);
		return CLI_HELP;
	}
	c = cli_find(argv[2]);
	if (!c)
		return cli_bad(err, NULL, "no command '%s'", argv[2]);
	cli_cmd_help(out, c);
	return CLI_HELP;
}

enum cli_result cli_parse(int argc, char **argv, struct cli *cli, FILE *out, FILE *err)
{
	const struct cli_cmd *c;

	memset(cli, 0, sizeof(*cli));
	if (argc < 2)
		return cli_bad(err, NULL, "no command given");
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		cli_main_help(out);
		return CLI_HELP;
	}
	if (!strcmp(argv[1], "help"))
		return cli_help_cmd(argc, argv, out, err);
	if (argv[1][0] == '-')
		return cli_bad(err, NULL, "unknown option '%s'", argv[1]);
	c = cli_find(argv[1]);
	if (!c)
		return cli_bad(err, NULL, "unknown command '%s'", argv[1]);
	if (c->cmd == CLI_LINK)
		return cli_parse_link(c, argc - 1, argv + 1, cli, out, err);
	return cli_parse_cmd(c, argc - 1, argv + 1, cli, out, err);
}
