// SPDX-License-Identifier: BSD-2-Clause
/*
 * Every format rig(1) prints: results tables in perftest's manner, the
 * same results as JSON, the device list in ibv_devinfo's manner, and the
 * progress line.  Functions here take numbers and a FILE; they read no
 * clock and touch no NIC.
 */
#include <math.h>
#include <string.h>

#include "output.h"

#define MIB (1024.0 * 1024.0)

/* A table column: its header (one word, so awk can split rows) and width. */
struct column {
	const char *name;
	int width;
};

static const struct column bw_columns[] = {
	{ "bytes", 10 }, { "iterations", 11 }, { "peak[MiB/s]", 13 }, { "avg[MiB/s]", 13 },
	{ "peak[Gb/s]", 11 }, { "avg[Gb/s]", 11 }, { "rate[Mpps]", 11 },
};

static const struct column lat_columns[] = {
	{ "bytes", 10 }, { "iterations", 11 }, { "t_min[us]", 11 }, { "t_typical[us]", 14 },
	{ "t_avg[us]", 11 }, { "t_max[us]", 11 }, { "t_99%[us]", 11 }, { "t_99.9%[us]", 12 },
};

#define NCOLS(c) (sizeof(c) / sizeof((c)[0]))

static int table_width(const struct column *c, size_t n)
{
	int w = 0;

	for (size_t i = 0; i < n; i++)
		w += 1 + c[i].width;
	return w;
}

void out_rule(FILE *f, bool latency)
{
	int w = latency ? table_width(lat_columns, NCOLS(lat_columns)) :
			  table_width(bw_columns, NCOLS(bw_columns));

	for (int i = 0; i < w; i++)
		fputc('-', f);
	fputc('\n', f);
}

static const char *out_memory(const struct run_info *run)
{
	return run->memory ? run->memory : "host";
}

void out_banner(FILE *f, const struct run_info *run, bool latency)
{
	out_rule(f, latency);
	if (run->remote) {
		fprintf(f, " rig %s: %s (%s), ring of %u, %s regions\n %s\n", run->test,
			run->device, run->kind, run->entries, out_memory(run), run->remote);
		fprintf(f, " %s\n", latency ?
			"latency is half a round trip, in microseconds" :
			"MiB/s is 2^20 bytes a second, Gb/s 10^9 bits");
		fprintf(f, " %s\n", run->checked);
		out_rule(f, latency);
		return;
	}
	if (!strcmp(run->test, "read-bw"))
		fprintf(f, " rig %s: %s reads through a second queue pair", run->test,
			run->device);
	else
		fprintf(f, " rig %s: %s -> %s", run->test, run->device, run->peer);
	fprintf(f, " (%s), ring of %u, %s regions\n", run->kind, run->entries, out_memory(run));
	if (latency)
		fprintf(f, " latency is half a round trip, in microseconds; the first round trip\n"
			   " of each size is checked both ways\n");
	else
		fprintf(f, " MiB/s is 2^20 bytes a second, Gb/s 10^9 bits; the first message of\n"
			   " each size is checked\n");
	out_rule(f, latency);
}

static void out_header(FILE *f, const struct column *c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fprintf(f, " %*s", c[i].width, c[i].name);
	fputc('\n', f);
}

/* One row: each value already text, right-aligned under its header. */
static void out_row(FILE *f, const struct column *c, size_t n, char cells[][32])
{
	for (size_t i = 0; i < n; i++)
		fprintf(f, " %*s", c[i].width, cells[i]);
	fputc('\n', f);
}

void out_bw_header(FILE *f)
{
	out_header(f, bw_columns, NCOLS(bw_columns));
}

void out_lat_header(FILE *f)
{
	out_header(f, lat_columns, NCOLS(lat_columns));
}

void out_bw_row(FILE *f, const struct bw_result *r)
{
	char cells[NCOLS(bw_columns)][32];

	snprintf(cells[0], sizeof(cells[0]), "%zu", r->bytes);
	snprintf(cells[1], sizeof(cells[1]), "%llu", (unsigned long long)r->iters);
	snprintf(cells[2], sizeof(cells[2]), "%.2f", r->peak_bps / MIB);
	snprintf(cells[3], sizeof(cells[3]), "%.2f", r->avg_bps / MIB);
	snprintf(cells[4], sizeof(cells[4]), "%.3f", r->peak_bps * 8 / 1e9);
	snprintf(cells[5], sizeof(cells[5]), "%.3f", r->avg_bps * 8 / 1e9);
	snprintf(cells[6], sizeof(cells[6]), "%.6f", r->rate_pps / 1e6);
	out_row(f, bw_columns, NCOLS(bw_columns), cells);
}

void out_lat_row(FILE *f, const struct lat_result *r)
{
	const double v[] = { r->min_us, r->typical_us, r->avg_us, r->max_us, r->p99_us,
			     r->p999_us };
	char cells[NCOLS(lat_columns)][32];

	snprintf(cells[0], sizeof(cells[0]), "%zu", r->bytes);
	snprintf(cells[1], sizeof(cells[1]), "%llu", (unsigned long long)r->iters);
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		snprintf(cells[2 + i], sizeof(cells[2 + i]), "%.2f", v[i]);
	out_row(f, lat_columns, NCOLS(lat_columns), cells);
}

/* JSON */

void out_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* A number JSON accepts: NaN and infinities have no spelling there. */
static void out_json_number(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.9g", v);
	else
		fputs("null", f);
}

/* "key": value, for the members of a result. */
static void out_json_member(FILE *f, const char *key, double v, bool last)
{
	fprintf(f, "\"%s\": ", key);
	out_json_number(f, v);
	fputs(last ? "" : ", ", f);
}

static void out_json_run(FILE *f, const struct run_info *run)
{
	fputs("{\n  \"test\": ", f);
	out_json_string(f, run->test);
	fputs(",\n  \"device\": ", f);
	out_json_string(f, run->device);
	fputs(",\n  \"peer\": ", f);
	out_json_string(f, run->peer);
	fputs(",\n  \"kind\": ", f);
	out_json_string(f, run->kind);
	fputs(",\n  \"memory\": ", f);
	out_json_string(f, out_memory(run));
	if (run->remote) {
		fputs(",\n  \"remote\": ", f);
		out_json_string(f, run->remote);
		fputs(",\n  \"checked\": ", f);
		out_json_string(f, run->checked);
	}
	fprintf(f, ",\n  \"entries\": %u,\n  \"results\": [", run->entries);
}

void out_bw_json(FILE *f, const struct run_info *run, const struct bw_result *r, size_t n)
{
	out_json_run(f, run);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "%s\n    {\"bytes\": %zu, \"iterations\": %llu, ", i ? "," : "",
			r[i].bytes, (unsigned long long)r[i].iters);
		out_json_member(f, "seconds", r[i].seconds, false);
		out_json_member(f, "peak_mib_s", r[i].peak_bps / MIB, false);
		out_json_member(f, "avg_mib_s", r[i].avg_bps / MIB, false);
		out_json_member(f, "peak_gbit_s", r[i].peak_bps * 8 / 1e9, false);
		out_json_member(f, "avg_gbit_s", r[i].avg_bps * 8 / 1e9, false);
		out_json_member(f, "rate_mpps", r[i].rate_pps / 1e6, true);
		fputc('}', f);
	}
	fputs("\n  ]\n}\n", f);
}

void out_lat_json(FILE *f, const struct run_info *run, const struct lat_result *r, size_t n)
{
	out_json_run(f, run);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "%s\n    {\"bytes\": %zu, \"iterations\": %llu, ", i ? "," : "",
			r[i].bytes, (unsigned long long)r[i].iters);
		out_json_member(f, "t_min_us", r[i].min_us, false);
		out_json_member(f, "t_typical_us", r[i].typical_us, false);
		out_json_member(f, "t_avg_us", r[i].avg_us, false);
		out_json_member(f, "t_max_us", r[i].max_us, false);
		out_json_member(f, "t_p99_us", r[i].p99_us, false);
		out_json_member(f, "t_p999_us", r[i].p999_us, true);
		fputc('}', f);
	}
	fputs("\n  ]\n}\n", f);
}

/* Devices */

static const char *out_yes_no(int v, const char *yes, const char *no)
{
	return v < 0 ? "?" : v ? yes : no;
}

static void out_field(FILE *f, const char *key, const char *value)
{
	fprintf(f, "\t%-20s%s\n", key, value);
}

/* "8388608 (8 MiB)", "65536 (64 KiB)", or the bytes alone. */
static void out_bytes_text(char *buf, size_t n, uint64_t v)
{
	if (v >= (1ULL << 20) && !(v % (1ULL << 20)))
		snprintf(buf, n, "%llu (%llu MiB)", (unsigned long long)v,
			 (unsigned long long)(v >> 20));
	else if (v >= 1024 && !(v % 1024))
		snprintf(buf, n, "%llu (%llu KiB)", (unsigned long long)v,
			 (unsigned long long)(v >> 10));
	else
		snprintf(buf, n, "%llu", (unsigned long long)v);
}

/* A count sysfs gave, or "?". */
static void out_count(FILE *f, const char *key, long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", v);
	out_field(f, key, v < 0 ? "?" : buf);
}

/* The driver's short name: "bnxt_re" of "bnxt_re.rdma"; "none" when unbound. */
static void out_holder(char *buf, size_t n, const char *driver)
{
	const char *dot = strchr(driver, '.');

	if (!driver[0])
		snprintf(buf, n, "none");
	else
		snprintf(buf, n, "%.*s", dot ? (int)(dot - driver) : (int)strlen(driver), driver);
}

static void out_other(FILE *f, const struct other_fn *o)
{
	char holder[64];

	out_holder(holder, sizeof(holder), o->driver);
	fprintf(f, "function: %s\n", o->device);
	out_field(f, "pci_address:", o->pci[0] ? o->pci : "?");
	out_field(f, "held_by:", holder);
}

void out_others(FILE *f, const struct other_fn *others, size_t nothers)
{
	for (size_t i = 0; i < nothers; i++) {
		char holder[64];

		out_holder(holder, sizeof(holder), others[i].driver);
		fprintf(f, "rig: %s (PCI %s) is not rig's: held by %s\n", others[i].device,
			others[i].pci[0] ? others[i].pci : "?", holder);
	}
	if (nothers)
		fprintf(f, "rig: to give one to rig, see Documentation/hardware.rst\n");
}

static void out_device(FILE *f, const struct nic_info *nic, const struct limits *lim)
{
	char buf[96];

	fprintf(f, "nic: %s\n", nic->name);
	out_field(f, "kind:", nic->kind);
	out_field(f, "pci_address:", nic->pci[0] ? nic->pci : "-");
	out_field(f, "iommu:", out_yes_no(nic->iommu, "yes", "no"));
	out_field(f, "dma_buf:", out_yes_no(nic->dmabuf, "yes", "no"));
	out_field(f, "relaxed_ordering:", out_yes_no(nic->relaxed, "on", "off"));
	snprintf(buf, sizeof(buf), "%zu", nic->page);
	out_field(f, "page_size:", nic->page ? buf : "?");
	out_field(f, "chip:", nic->chip[0] ? nic->chip : "?");
	out_field(f, "firmware:", nic->firmware[0] ? nic->firmware : "?");
	out_count(f, "max_qp:", nic->max_qp);
	out_count(f, "max_cq:", nic->max_cq);
	out_count(f, "max_mr:", nic->max_mr);
	out_field(f, "netdev:", nic->netdev[0] ? nic->netdev : "-");
	for (size_t i = 0; i < nic->ngids; i++) {
		snprintf(buf, sizeof(buf), "%u %s", nic->gids[i].index, nic->gids[i].gid);
		out_field(f, i ? "" : "gids:", buf);
	}
	snprintf(buf, sizeof(buf), "%u", lim->entries_max);
	out_field(f, "max_ring_entries:", buf);
	snprintf(buf, sizeof(buf), "%u", lim->bytes_max);
	out_field(f, "max_message_bytes:", buf);
	if (lim->memlock_unlimited)
		snprintf(buf, sizeof(buf), "unlimited");
	else
		out_bytes_text(buf, sizeof(buf), lim->memlock);
	if (lim->memlock_exempt)
		strcat(buf, "; not applied (CAP_IPC_LOCK)");
	out_field(f, "memlock_limit:", buf);
}

void out_devices(FILE *f, const struct nic_info *nics, size_t n, const struct limits *lim,
		 const struct other_fn *others, size_t nothers)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputc('\n', f);
		out_device(f, &nics[i], lim);
	}
	for (size_t i = 0; i < nothers; i++) {
		fputc('\n', f);
		out_other(f, &others[i]);
	}
}

static void out_json_bool(FILE *f, int v)
{
	fputs(v < 0 ? "null" : v ? "true" : "false", f);
}

static void out_json_limits(FILE *f, const struct limits *lim)
{
	fprintf(f, "\"limits\": {\"max_ring_entries\": %u, \"max_message_bytes\": %u, "
		   "\"memlock_bytes\": ", lim->entries_max, lim->bytes_max);
	if (lim->memlock_unlimited)
		fputs("null", f);
	else
		fprintf(f, "%llu", (unsigned long long)lim->memlock);
	fprintf(f, ", \"memlock_applied\": %s}", lim->memlock_exempt ? "false" : "true");
}

/* @s quoted, or null when empty. */
static void out_json_opt_string(FILE *f, const char *s)
{
	if (s[0])
		out_json_string(f, s);
	else
		fputs("null", f);
}

static void out_json_count(FILE *f, long v)
{
	if (v < 0)
		fputs("null", f);
	else
		fprintf(f, "%ld", v);
}

static void out_json_device(FILE *f, const struct nic_info *nic, const struct limits *lim)
{
	fputs("    {\"name\": ", f);
	out_json_string(f, nic->name);
	fputs(", \"kind\": ", f);
	out_json_string(f, nic->kind);
	fputs(", \"pci_address\": ", f);
	out_json_opt_string(f, nic->pci);
	fputs(", \"iommu\": ", f);
	out_json_bool(f, nic->iommu);
	fputs(", \"dma_buf\": ", f);
	out_json_bool(f, nic->dmabuf);
	fputs(", \"relaxed_ordering\": ", f);
	out_json_bool(f, nic->relaxed);
	fputs(", \"page_size\": ", f);
	if (nic->page)
		fprintf(f, "%zu", nic->page);
	else
		fputs("null", f);
	fputs(", \"chip\": ", f);
	out_json_opt_string(f, nic->chip);
	fputs(", \"firmware\": ", f);
	out_json_opt_string(f, nic->firmware);
	fputs(",\n     \"max_qp\": ", f);
	out_json_count(f, nic->max_qp);
	fputs(", \"max_cq\": ", f);
	out_json_count(f, nic->max_cq);
	fputs(", \"max_mr\": ", f);
	out_json_count(f, nic->max_mr);
	fputs(", \"netdev\": ", f);
	out_json_opt_string(f, nic->netdev);
	fputs(", \"gids\": [", f);
	for (size_t i = 0; i < nic->ngids; i++) {
		fprintf(f, "%s{\"index\": %u, \"gid\": ", i ? ", " : "", nic->gids[i].index);
		out_json_string(f, nic->gids[i].gid);
		fputc('}', f);
	}
	fputs("],\n     ", f);
	out_json_limits(f, lim);
	fputs(", \"error\": ", f);
	out_json_opt_string(f, nic->error);
	fputc('}', f);
}

void out_devices_json(FILE *f, const struct nic_info *nics, size_t n,
		      const struct limits *lim, const struct other_fn *others, size_t nothers)
{
	fputs("{\n  \"devices\": [", f);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ",\n" : "\n", f);
		out_json_device(f, &nics[i], lim);
	}
	fputs("\n  ],\n  \"other_functions\": [", f);
	for (size_t i = 0; i < nothers; i++) {
		fputs(i ? ",\n    {\"device\": " : "\n    {\"device\": ", f);
		out_json_string(f, others[i].device);
		fputs(", \"pci_address\": ", f);
		out_json_opt_string(f, others[i].pci);
		fputs(", \"driver\": ", f);
		out_json_opt_string(f, others[i].driver);
		fputc('}', f);
	}
	fputs(nothers ? "\n  ]\n}\n" : "]\n}\n", f);
}

/* Progress */

int out_progress(FILE *f, const char *test, size_t bytes, uint64_t done, uint64_t total,
		 double seconds, int last_width)
{
	char line[160];
	int w = snprintf(line, sizeof(line), "rig %s: %zu bytes: %llu/%llu (%llu%%), %.1f s",
			 test, bytes, (unsigned long long)done, (unsigned long long)total,
			 (unsigned long long)(total ? done * 100 / total : 0), seconds);

	if (w < 0)
		return last_width;
	if (w >= (int)sizeof(line))
		w = (int)sizeof(line) - 1;
	/* Pad over the tail of a longer line drawn before. */
	fprintf(f, "\r%s%*s", line, last_width > w ? last_width - w : 0, "");
	fflush(f);
	return w > last_width ? w : last_width;
}

void out_progress_clear(FILE *f, int width)
{
	if (width <= 0)
		return;
	fprintf(f, "\r%*s\r", width, "");
	fflush(f);
}
