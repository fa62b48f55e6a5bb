/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rig(1)'s command line: which command, which NICs, which sizes.  cli.c
 * owns parsing and the help texts; it opens nothing and reads no clock,
 * so the unit tests drive it with made-up argument vectors.
 */
#ifndef RIG_TOOL_CLI_H
#define RIG_TOOL_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Exit statuses of rig(1). */
#define EXIT_USAGE 2	/* bad arguments; usage was printed on stderr */

enum cli_command {
	CLI_NONE,
	CLI_DEVICES,
	CLI_SEND_BW,
	CLI_SEND_LAT,
	CLI_READ_BW,
	CLI_LINK,
};

/* -a: 2 bytes to 8 MiB, each power of two: 23 sizes. */
#define CLI_ALL_MIN ((size_t)2)
#define CLI_ALL_MAX ((size_t)8 << 20)
#define CLI_SIZES_MAX 23

/* Defaults: perftest's tx depth, and the default message size. */
#define CLI_ENTRIES_DEFAULT 128
#define CLI_SIZE_DEFAULT ((size_t)65536)
#define CLI_ITERS_MAX 1000000000ULL

/* Default iterations: 1000, fewer for big messages (64 MiB a size at most). */
#define CLI_ITERS_DEFAULT 1000
#define CLI_BYTES_PER_SIZE ((uint64_t)64 << 20)
#define CLI_ITERS_FLOOR 2

/* How the tests wait for completions. */
enum cli_wait {
	CLI_WAIT_ADAPTIVE,	/* spin a little, then sleep (the default) */
	CLI_WAIT_EVENTS,	/* -e: sleep in rig_qp_wait() at once */
	CLI_WAIT_POLL,		/* --poll: spin on rig_qp_poll() only */
};

/* The memory of a test's regions (--mem). */
enum cli_mem {
	CLI_MEM_HOST,		/* host regions (the default) */
	CLI_MEM_DMABUF,		/* regions over dma-bufs that udmabuf makes */
};

/**
 * struct cli - what the command line asks for
 * @cmd: the command
 * @device: -d; NULL for the default (rig_bnxt0; every NIC for devices)
 * @peer: --peer; NULL for the default (see nics_default_peer())
 * @sizes: message sizes in bytes, ascending (-s, -a or the default)
 * @nsizes: how many
 * @iters: -n; 0 for cli_default_iters() of each size
 * @entries: --entries: ring slots, a power of two
 * @wait: how to wait for completions
 * @mem: --mem: the memory of the test's regions
 * @json: --json: one JSON document on stdout, no progress line
 * @quiet: --quiet: the table only, no banner or progress line
 * @netdev: rig link: the interface to attach to, "" to detach
 * @all: -a was given (perftest's -a: the peer must be given it too)
 * @server: -S: wait for a peer on another machine (perftest's exchange)
 * @address: the peer to connect to (perftest's exchange); NULL for none
 * @port: -p: the TCP port of the exchange
 */
struct cli {
	enum cli_command cmd;
	const char *device;
	const char *peer;
	size_t sizes[CLI_SIZES_MAX];
	unsigned int nsizes;
	uint64_t iters;
	uint32_t entries;
	enum cli_wait wait;
	enum cli_mem mem;
	bool json;
	bool quiet;
	const char *netdev;
	bool all;
	bool server;
	const char *address;
	uint16_t port;
};

/* Does @cli talk to a peer on another machine (-S or an address)? */
static inline bool cli_oob(const struct cli *cli)
{
	return cli->server || cli->address;
}

/* What cli_parse() found. */
enum cli_result {
	CLI_RUN,	/* @cli says what to run */
	CLI_HELP,	/* help was printed on @out: exit 0 */
	CLI_BAD,	/* an error and the usage were printed on @err: exit 2 */
};

/**
 * cli_parse() - parse rig's arguments
 * @argc: as main()'s
 * @argv: as main()'s; kept (@cli points into it)
 * @cli: filled in for CLI_RUN
 * @out: where help goes
 * @err: where errors and usage go
 *
 * Return: an enum cli_result.
 */
enum cli_result cli_parse(int argc, char **argv, struct cli *cli, FILE *out, FILE *err);

/**
 * cli_parse_size() - a byte count: digits, then K, M or G (powers of 1024)
 * @s: the text
 * @max: the largest value allowed
 * @v: where the value goes
 *
 * Return: 0; -1 for anything else: no digits, another suffix, 0, or
 * more than @max.
 */
int cli_parse_size(const char *s, uint64_t max, uint64_t *v);

/**
 * cli_parse_count() - a positive decimal count, at most @max
 * @s: the text
 * @max: the largest value allowed
 * @v: where the value goes
 *
 * Return: 0, or -1 when @s is not one.
 */
int cli_parse_count(const char *s, uint64_t max, uint64_t *v);

/**
 * cli_iters() - the iterations of one size
 * @cli: the parsed command line
 * @bytes: the message size
 *
 * Return: -n when given; with a peer on another machine CLI_ITERS_DEFAULT
 * for every size, as perftest counts (both ends must count alike); else
 * CLI_ITERS_DEFAULT capped so that a size moves about CLI_BYTES_PER_SIZE
 * at most, and at least CLI_ITERS_FLOOR.
 */
uint64_t cli_iters(const struct cli *cli, size_t bytes);

/** cli_command_name() - "send-bw" and so on. */
const char *cli_command_name(enum cli_command cmd);

#endif /* RIG_TOOL_CLI_H */
