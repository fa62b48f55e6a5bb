/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What rig(1) prints: the results tables, their JSON, the device list
 * and the progress line.  output.c owns every format and nothing else:
 * it takes finished numbers and a FILE, never a NIC or a clock, so the
 * unit tests print fabricated results and check the text.
 *
 * Units: MiB/s is 2^20 bytes a second (perftest's "MB/sec"), Gb/s 10^9
 * bits a second, Mpps 10^6 messages a second, us microseconds.
 */
#ifndef RIG_TOOL_OUTPUT_H
#define RIG_TOOL_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/**
 * struct run_info - what a test ran on, for its banner and JSON
 * @test: "send-bw", "send-lat" or "read-bw"
 * @device: the NIC that posts
 * @peer: the NIC of the other queue pair (@device itself for read-bw)
 * @kind: the NIC's kind, "soft" or "pci"
 * @entries: ring slots of each queue pair
 * @remote: with a peer on another machine, who it is and this end's role
 *	    ("client of perftest 6.06 at 10.0.0.2"); NULL in one process
 * @checked: with @remote, what this end checks of the bytes
 * @memory: what its regions are: "host" or "dma-buf" (NULL: host)
 */
struct run_info {
	const char *test;
	const char *device;
	const char *peer;
	const char *kind;
	uint32_t entries;
	const char *remote;
	const char *checked;
	const char *memory;
};

/**
 * struct bw_result - one size of a bandwidth test
 * @bytes: message size
 * @iters: messages moved
 * @seconds: from the first post to the last completion
 * @peak_bps: bytes a second over the fastest window (see stats.h)
 * @avg_bps: bytes a second over the whole run
 * @rate_pps: messages a second over the whole run
 */
struct bw_result {
	size_t bytes;
	uint64_t iters;
	double seconds;
	double peak_bps;
	double avg_bps;
	double rate_pps;
};

/**
 * struct lat_result - one size of a latency test, one-way, in microseconds
 * @bytes: message size
 * @iters: round trips measured
 * @min_us: fastest
 * @typical_us: the median
 * @avg_us: the mean
 * @max_us: slowest
 * @p99_us: 99th percentile (nearest rank)
 * @p999_us: 99.9th percentile (nearest rank)
 */
struct lat_result {
	size_t bytes;
	uint64_t iters;
	double min_us;
	double typical_us;
	double avg_us;
	double max_us;
	double p99_us;
	double p999_us;
};

/**
 * struct nic_info - one NIC as rig devices shows it
 * @name: "rig_bnxt0"
 * @kind: "soft", "pci" or "?" when sysfs does not say
 * @pci: the PCI address, or "" when its parent is no PCI device
 * @iommu: 1 behind a translating IOMMU, 0 not, -1 unknown
 * @dmabuf: 1 when the NIC takes regions over a dma-buf, 0 not, -1 unknown
 *	    (the NIC could not be opened: only its query says)
 * @relaxed: 1 when PCIe Relaxed Ordering is on, 0 off, -1 unknown
 * @page: the page size the NIC's ABI reports, 0 when it could not be opened
 * @chip: "0x1750", "" when sysfs does not say
 * @firmware: the firmware's version, "" when sysfs does not say
 * @max_qp: queue pairs the firmware takes, -1 unknown
 * @max_cq: completion queues likewise
 * @max_mr: memory registrations likewise
 * @netdev: the network interface the NIC sits on, "" for none
 * @gids: its GID table as sysfs gives it: the firmware's index and the GID
 * @ngids: how many of @gids are filled
 * @error: why it could not be opened ("" when it was); in the JSON only,
 *	   since rig devices says it on stderr
 */
#define NIC_GIDS_MAX 17

struct nic_gid {
	unsigned int index;
	char gid[48];
};

struct nic_info {
	char name[64];
	char kind[16];
	char pci[64];
	int iommu;
	int dmabuf;
	int relaxed;
	size_t page;
	char chip[16];
	char firmware[64];
	long max_qp;
	long max_cq;
	long max_mr;
	char netdev[32];
	struct nic_gid gids[NIC_GIDS_MAX];
	size_t ngids;
	char error[512];
};

/**
 * struct other_fn - a NetXtreme function's RDMA side that rig does not hold
 * @device: bnxt_en's auxiliary device, "bnxt_en.rdma.0"
 * @pci: its PCI function, "" when unknown
 * @driver: the driver bound to it ("bnxt_re.rdma"), "" when none is
 */
struct other_fn {
	char device[64];
	char pci[64];
	char driver[64];
};

/**
 * struct limits - what bounds a test on this machine, for every NIC
 * @entries_max: RIG_QP_ENTRIES_MAX
 * @bytes_max: RIG_QP_BYTES_MAX
 * @memlock: the process's RLIMIT_MEMLOCK (soft) in bytes
 * @memlock_unlimited: RLIM_INFINITY (then @memlock means nothing)
 * @memlock_exempt: the process has CAP_IPC_LOCK, so the limit is not applied
 */
struct limits {
	uint32_t entries_max;
	uint32_t bytes_max;
	uint64_t memlock;
	bool memlock_unlimited;
	bool memlock_exempt;
};

/*
 * Tables: a banner and a closing rule (both left out by --quiet), the
 * header, then a row a size.  @latency picks the send-lat table's width.
 */
void out_banner(FILE *f, const struct run_info *run, bool latency);
void out_rule(FILE *f, bool latency);
void out_bw_header(FILE *f);
void out_bw_row(FILE *f, const struct bw_result *r);
void out_lat_header(FILE *f);
void out_lat_row(FILE *f, const struct lat_result *r);

/* The whole run as one JSON document. */
void out_bw_json(FILE *f, const struct run_info *run, const struct bw_result *r, size_t n);
void out_lat_json(FILE *f, const struct run_info *run, const struct lat_result *r, size_t n);

/*
 * rig devices, in the style of ibv_devinfo, and as JSON: the NICs, then
 * the NetXtreme functions whose RDMA side another driver (or none) holds.
 */
void out_devices(FILE *f, const struct nic_info *nics, size_t n, const struct limits *lim,
		 const struct other_fn *others, size_t nothers);
void out_devices_json(FILE *f, const struct nic_info *nics, size_t n,
		      const struct limits *lim, const struct other_fn *others, size_t nothers);
/* The functions another driver holds, after "rig devices" found no NIC. */
void out_others(FILE *f, const struct other_fn *others, size_t nothers);

/* A JSON string, quoted and escaped. */
void out_json_string(FILE *f, const char *s);

/*
 * The progress line: "\r" and the text, padded over what it replaces;
 * out_progress_clear() blanks it.  Both return the width printed.
 */
int out_progress(FILE *f, const char *test, size_t bytes, uint64_t done, uint64_t total,
		 double seconds, int last_width);
void out_progress_clear(FILE *f, int width);

#endif /* RIG_TOOL_OUTPUT_H */
