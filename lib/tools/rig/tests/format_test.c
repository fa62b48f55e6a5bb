// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests of rig(1)'s parts that need no kernel: argument parsing,
 * the arithmetic of results, every output format with made-up numbers,
 * and the reading of a made-up sysfs tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include <rig/bnxt.h>

#include "cli.h"
#include "nics.h"
#include "output.h"
#include "stats.h"

#define RIG_BYTES RIG_QP_BYTES_MAX

/* Output captured in memory. */
struct capture {
	char *text;
	size_t len;
	FILE *f;
};

static FILE *capture_open(struct capture *c)
{
	c->text = NULL;
	c->len = 0;
	c->f = open_memstream(&c->text, &c->len);
	return c->f;
}

static char *capture_close(struct capture *c)
{
	fclose(c->f);
	return c->text;
}

/* Parse @argv (NULL-terminated) into @cli; what was printed lands in @out and @err. */
static enum cli_result parse(struct cli *cli, char **out, char **err, char *argv[])
{
	struct capture o, e;
	enum cli_result r;
	int argc = 0;

	while (argv[argc])
		argc++;
	capture_open(&o);
	capture_open(&e);
	r = cli_parse(argc, argv, cli, o.f, e.f);
	*out = capture_close(&o);
	*err = capture_close(&e);
	return r;
}

#define ARGV(...) ((char *[]){ "rig", __VA_ARGS__, NULL })

TEST(sizes_take_k_m_and_g_suffixes)
{
	uint64_t v;

	ASSERT_EQ(0, cli_parse_size("64", RIG_BYTES, &v));
	EXPECT_EQ(64, v);
	ASSERT_EQ(0, cli_parse_size("4K", RIG_BYTES, &v));
	EXPECT_EQ(4096, v);
	ASSERT_EQ(0, cli_parse_size("8m", RIG_BYTES, &v));
	EXPECT_EQ(8 << 20, v);
	ASSERT_EQ(0, cli_parse_size("1G", RIG_BYTES, &v));
	EXPECT_EQ(1 << 30, v);
	ASSERT_EQ(0, cli_parse_size("2147483647", RIG_BYTES, &v));
	EXPECT_EQ(2147483647, v);
}

TEST(sizes_of_zero_junk_or_past_the_limit_are_refused)
{
	const char *bad[] = { "0", "", "K", "1.5K", "2G", "2147483648", "-1", "12KB", "4k ",
			      " 4", "0x10", "99999999999999999999999" };
	uint64_t v = 7;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT_EQ(-1, cli_parse_size(bad[i], RIG_BYTES, &v));
		if (v != 7)
			TH_LOG("size '%s' was taken", bad[i]);
	}
	EXPECT_EQ(7, v);
}

TEST(counts_are_positive_decimals_up_to_the_limit)
{
	uint64_t v;

	ASSERT_EQ(0, cli_parse_count("1000", 1000, &v));
	EXPECT_EQ(1000, v);
	EXPECT_EQ(-1, cli_parse_count("1001", 1000, &v));
	EXPECT_EQ(-1, cli_parse_count("0", 1000, &v));
	EXPECT_EQ(-1, cli_parse_count("1K", 1000, &v));
	EXPECT_EQ(-1, cli_parse_count("", 1000, &v));
}

TEST(a_test_without_options_sends_64_kib_on_a_ring_of_128)
{
	char *out, *err;
	struct cli cli;

	ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err, ARGV("send-bw")));
	EXPECT_EQ(CLI_SEND_BW, cli.cmd);
	EXPECT_EQ(1, cli.nsizes);
	EXPECT_EQ(65536, cli.sizes[0]);
	EXPECT_EQ(128, cli.entries);
	EXPECT_EQ(NULL, cli.device);
	EXPECT_EQ(CLI_WAIT_ADAPTIVE, cli.wait);
	EXPECT_STREQ("", out);
	EXPECT_STREQ("", err);
}

TEST(mem_chooses_host_or_dma_buf_regions_for_every_test_and_host_is_the_default)
{
	static const char *const tests[] = { "send-bw", "send-lat", "read-bw" };
	char *out, *err;
	struct cli cli;

	for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err, ARGV((char *)tests[i])));
		EXPECT_EQ(CLI_MEM_HOST, cli.mem);
		ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err,
					 ARGV((char *)tests[i], "--mem", "dmabuf")));
		EXPECT_EQ(CLI_MEM_DMABUF, cli.mem) TH_LOG("%s", tests[i]);
		ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err,
					 ARGV((char *)tests[i], "--mem", "dmabuf", "--mem", "host")));
		EXPECT_EQ(CLI_MEM_HOST, cli.mem) TH_LOG("%s", tests[i]);
	}
	ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err, ARGV("read-bw", "-S", "--mem", "dmabuf")));
	EXPECT_EQ(CLI_MEM_DMABUF, cli.mem);
}

TEST(all_runs_every_power_of_two_from_2_bytes_to_8_mib)
{
	char *out, *err;
	struct cli cli;

	ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err, ARGV("read-bw", "-a")));
	ASSERT_EQ(23, cli.nsizes);
	for (unsigned int i = 0; i < cli.nsizes; i++)
		EXPECT_EQ((size_t)2 << i, cli.sizes[i]);
	EXPECT_EQ(8 << 20, cli.sizes[22]);
}

TEST(every_option_lands_in_its_field)
{
	char *out, *err;
	struct cli cli;

	ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err,
				 ARGV("send-lat", "-d", "rig_bnxt1", "--peer=rig_bnxt0", "-s", "4K",
				      "-n", "77", "--entries", "16", "--json", "-q", "-e")));
	EXPECT_STREQ("rig_bnxt1", cli.device);
	EXPECT_STREQ("rig_bnxt0", cli.peer);
	EXPECT_EQ(4096, cli.sizes[0]);
	EXPECT_EQ(77, cli.iters);
	EXPECT_EQ(16, cli.entries);
	EXPECT_TRUE(cli.json);
	EXPECT_TRUE(cli.quiet);
	EXPECT_EQ(CLI_WAIT_EVENTS, cli.wait);
}

TEST(no_address_and_no_server_is_the_test_in_one_process)
{
	char *out, *err;
	struct cli cli;

	ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err, ARGV("send-bw")));
	EXPECT_FALSE(cli.server);
	EXPECT_EQ(NULL, cli.address);
	EXPECT_FALSE(cli_oob(&cli));
}

TEST(an_address_makes_a_client_and_s_a_server_on_perftests_port)
{
	char *out, *err;
	struct cli cli;

	ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err, ARGV("send-bw", "-d", "rig_bnxt1", "10.0.0.2")));
	EXPECT_STREQ("10.0.0.2", cli.address);
	EXPECT_FALSE(cli.server);
	EXPECT_EQ(18515, cli.port);
	ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err, ARGV("read-bw", "--server", "-p", "20000", "-a")));
	EXPECT_TRUE(cli.server);
	EXPECT_EQ(NULL, cli.address);
	EXPECT_EQ(20000, cli.port);
	EXPECT_TRUE(cli.all);
	ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err, ARGV("send-lat", "-S", "-s", "64")));
	EXPECT_TRUE(cli_oob(&cli));
	EXPECT_FALSE(cli.all);
	/* perftest's -F, which its users type out of habit, changes nothing. */
	ASSERT_EQ(CLI_RUN, parse(&cli, &out, &err, ARGV("send-lat", "-F", "-S", "--CPU-freq")));
	EXPECT_TRUE(cli.server);
}

TEST(with_a_remote_peer_every_size_runs_1000_iterations_as_perftest)
{
	struct cli cli = { .server = true };

	EXPECT_EQ(1000, cli_iters(&cli, 2));
	EXPECT_EQ(1000, cli_iters(&cli, 8 << 20));
	cli.iters = 5;
	EXPECT_EQ(5, cli_iters(&cli, 8 << 20));
}

TEST(default_iterations_shrink_above_64_kib_and_n_overrides_them)
{
	struct cli cli = { 0 };

	EXPECT_EQ(1000, cli_iters(&cli, 2));
	EXPECT_EQ(1000, cli_iters(&cli, 65536));
	EXPECT_EQ(512, cli_iters(&cli, 131072));
	EXPECT_EQ(8, cli_iters(&cli, 8 << 20));
	EXPECT_EQ(2, cli_iters(&cli, 1 << 30));
	cli.iters = 200;
	EXPECT_EQ(200, cli_iters(&cli, 8 << 20));
}

/* A usage error: CLI_BAD, nothing on stdout, the message and usage on stderr. */
static void expect_usage_error(struct __test_metadata *_metadata, char *argv[],
			       const char *message)
{
	char *out, *err;
	struct cli cli;

	EXPECT_EQ(CLI_BAD, parse(&cli, &out, &err, argv));
	EXPECT_STREQ("", out);
	EXPECT_NE(NULL, strstr(err, message));
	EXPECT_NE(NULL, strstr(err, "Usage: rig"));
	if (!strstr(err, message))
		TH_LOG("stderr: %s", err);
}

TEST(bad_arguments_are_usage_errors_that_say_what_is_wrong)
{
	expect_usage_error(_metadata, ARGV("frobnicate"), "unknown command 'frobnicate'");
	expect_usage_error(_metadata, ARGV("--frob"), "unknown option '--frob'");
	expect_usage_error(_metadata, (char *[]){ "rig", NULL }, "no command given");
	expect_usage_error(_metadata, ARGV("send-bw", "--frob"), "unknown option '--frob'");
	expect_usage_error(_metadata, ARGV("send-bw", "-qz"), "unknown option '-z'");
	expect_usage_error(_metadata, ARGV("send-bw", "-s"), "option '-s' needs a value");
	expect_usage_error(_metadata, ARGV("send-bw", "--size"), "option '--size' needs a value");
	expect_usage_error(_metadata, ARGV("send-bw", "-s", "0"), "bad size '0'");
	expect_usage_error(_metadata, ARGV("send-bw", "-s", "1T"), "bad size '1T'");
	expect_usage_error(_metadata, ARGV("send-bw", "-s", "4K", "-a"), "exclude each other");
	expect_usage_error(_metadata, ARGV("send-bw", "-n", "0"), "bad iteration count '0'");
	expect_usage_error(_metadata, ARGV("send-bw", "--entries", "3"), "bad ring size '3'");
	expect_usage_error(_metadata, ARGV("send-bw", "--entries", "8192"), "bad ring size");
	expect_usage_error(_metadata, ARGV("send-bw", "--entries", "1"), "bad ring size");
	expect_usage_error(_metadata, ARGV("send-bw", "-e", "--poll"), "exclude each other");
	expect_usage_error(_metadata, ARGV("send-bw", "--mem", "gpu"),
			   "bad memory 'gpu': give host or dmabuf");
	expect_usage_error(_metadata, ARGV("read-bw", "--mem"), "option '--mem' needs a value");
	expect_usage_error(_metadata, ARGV("devices", "--mem", "dmabuf"), "unknown option '--mem'");
	expect_usage_error(_metadata, ARGV("send-bw", "host", "extra"),
			   "unexpected argument 'extra'");
	expect_usage_error(_metadata, ARGV("send-bw", "-S", "host"), "give one");
	expect_usage_error(_metadata, ARGV("send-lat", "--peer", "rig_bnxt1", "-S"),
			   "--peer names a NIC of this machine");
	expect_usage_error(_metadata, ARGV("send-lat", "--peer", "rig_bnxt1", "host"),
			   "--peer names a NIC of this machine");
	expect_usage_error(_metadata, ARGV("read-bw", "-p", "18516"), "-p applies only with -S");
	expect_usage_error(_metadata, ARGV("read-bw", "-S", "-p", "0"), "bad port '0'");
	expect_usage_error(_metadata, ARGV("read-bw", "-S", "-p", "65536"), "bad port '65536'");
	expect_usage_error(_metadata, ARGV("send-bw", ""), "empty address");
	expect_usage_error(_metadata, ARGV("devices", "host"), "unexpected argument 'host'");
	expect_usage_error(_metadata, ARGV("read-bw", "--peer", "x"), "--peer does not apply");
	expect_usage_error(_metadata, ARGV("devices", "-s", "4K"), "unknown option '-s'");
	expect_usage_error(_metadata, ARGV("send-bw", "-d", ""), "empty device name");
	expect_usage_error(_metadata, ARGV("help", "nope"), "no command 'nope'");
}

TEST(help_goes_to_stdout_and_names_every_command)
{
	char *cmds[] = { "devices", "send-bw", "send-lat", "read-bw" };
	char *out, *err;
	struct cli cli;

	ASSERT_EQ(CLI_HELP, parse(&cli, &out, &err, ARGV("--help")));
	EXPECT_STREQ("", err);
	for (size_t i = 0; i < 4; i++)
		EXPECT_NE(NULL, strstr(out, cmds[i]));
	for (size_t i = 0; i < 4; i++) {
		char usage[64];

		snprintf(usage, sizeof(usage), "Usage: rig %s", cmds[i]);
		ASSERT_EQ(CLI_HELP, parse(&cli, &out, &err, ARGV(cmds[i], "--help")));
		EXPECT_EQ(out, strstr(out, usage));
		ASSERT_EQ(CLI_HELP, parse(&cli, &out, &err, ARGV("help", cmds[i])));
		EXPECT_EQ(out, strstr(out, usage));
	}
}

/* Stats */

TEST(average_bandwidth_is_every_byte_over_the_whole_run)
{
	struct bw_meter m;
	struct bw_result r;

	/* 100 messages of 1 MiB, one every 10 ms: 100 MiB/s. */
	bw_meter_start(&m, 0, 1 << 20, 1000);
	for (int i = 1; i <= 100; i++)
		bw_meter_done(&m, i * 10000000ULL);
	bw_meter_result(&m, 1000000000ULL, &r);
	EXPECT_EQ(100, r.iters);
	EXPECT_EQ(1 << 20, r.bytes);
	EXPECT_EQ(100.0 * (1 << 20), r.avg_bps);
	EXPECT_EQ(100.0, r.rate_pps);
	EXPECT_EQ(1.0, r.seconds);
	/* No whole window of 1000: the peak is the average. */
	EXPECT_EQ(r.avg_bps, r.peak_bps);
}

TEST(peak_bandwidth_is_the_fastest_window)
{
	struct bw_meter m;
	struct bw_result r;
	uint64_t t = 0;

	/* Windows of 4: one slow (4 messages in 4 s), one fast (4 in 1 s). */
	bw_meter_start(&m, 0, 1000, 4);
	for (int i = 0; i < 4; i++)
		bw_meter_done(&m, t += 1000000000ULL);
	for (int i = 0; i < 4; i++)
		bw_meter_done(&m, t += 250000000ULL);
	bw_meter_result(&m, t, &r);
	EXPECT_EQ(4000.0, r.peak_bps);
	EXPECT_EQ(8000.0 / 5.0, r.avg_bps);
}

TEST(percentiles_are_nearest_rank)
{
	uint64_t v[1000];

	for (int i = 0; i < 1000; i++)
		v[i] = i + 1;
	EXPECT_EQ(500, stats_percentile(v, 1000, 500));
	EXPECT_EQ(990, stats_percentile(v, 1000, 990));
	EXPECT_EQ(999, stats_percentile(v, 1000, 999));
	EXPECT_EQ(1000, stats_percentile(v, 1000, 1000));
	EXPECT_EQ(5, stats_percentile(v, 10, 500));
	EXPECT_EQ(10, stats_percentile(v, 10, 999));
	EXPECT_EQ(1, stats_percentile(v, 1, 500));
}

TEST(latency_is_half_the_round_trip_in_microseconds)
{
	uint64_t rtt[] = { 9000, 2000, 4000, 3000 };	/* ns, unsorted */
	struct lat_result r;

	lat_stats(rtt, 4, 64, &r);
	EXPECT_EQ(64, r.bytes);
	EXPECT_EQ(4, r.iters);
	EXPECT_EQ(1.0, r.min_us);
	EXPECT_EQ(1.5, r.typical_us);	/* nearest rank: the 2nd of 4 */
	EXPECT_EQ(2.25, r.avg_us);
	EXPECT_EQ(4.5, r.max_us);
	EXPECT_EQ(4.5, r.p99_us);
	EXPECT_EQ(4.5, r.p999_us);
}

/* Tables */

/* Split @line into words; store where each ends (column of its last character). */
static int word_ends(const char *line, int *ends, int max)
{
	int n = 0;

	for (int i = 0; line[i] && line[i] != '\n'; i++)
		if (line[i] != ' ' && (line[i + 1] == ' ' || line[i + 1] == '\n' || !line[i + 1]))
			if (n < max)
				ends[n++] = i;
	return n;
}

/* Every word of the second line ends in the column its header ends in. */
static void expect_columns(struct __test_metadata *_metadata, const char *table, int ncols)
{
	int head[16], row[16], nh, nr;
	const char *second = strchr(table, '\n');

	ASSERT_NE(NULL, second);
	nh = word_ends(table, head, 16);
	nr = word_ends(second + 1, row, 16);
	if (nh != ncols || nr != nh)
		TH_LOG("table:\n%s", table);
	EXPECT_EQ(ncols, nh);
	ASSERT_EQ(nh, nr);
	for (int i = 0; i < nh; i++)
		EXPECT_EQ(head[i], row[i]);
	EXPECT_EQ(strchr(table, '\n') - table, strchr(second + 1, '\n') - second - 1);
}

static const struct bw_result fake_bw = {
	.bytes = 65536, .iters = 1000, .seconds = 0.625,
	.peak_bps = 200.0 * 1048576, .avg_bps = 100.0 * 1048576, .rate_pps = 1600,
};

static const struct lat_result fake_lat = {
	.bytes = 64, .iters = 2000, .min_us = 1.5, .typical_us = 2.25, .avg_us = 2.5,
	.max_us = 40, .p99_us = 7.25, .p999_us = 30,
};

TEST(bandwidth_rows_line_up_under_their_headers)
{
	struct capture c;
	char *t;

	out_bw_header(capture_open(&c));
	out_bw_row(c.f, &fake_bw);
	t = capture_close(&c);
	expect_columns(_metadata, t, 7);
	EXPECT_NE(NULL, strstr(t, "bytes  iterations"));
	EXPECT_NE(NULL, strstr(t, "peak[MiB/s]"));
	EXPECT_NE(NULL, strstr(t, "rate[Mpps]"));
}

TEST(bandwidth_rows_give_mib_s_gb_s_and_mpps)
{
	char bytes[16], iters[16], peak[16], avg[16], gpeak[16], gavg[16], mpps[16];
	struct capture c;
	char *t;

	out_bw_row(capture_open(&c), &fake_bw);
	t = capture_close(&c);
	ASSERT_EQ(7, sscanf(t, "%15s %15s %15s %15s %15s %15s %15s", bytes, iters, peak, avg,
			    gpeak, gavg, mpps));
	EXPECT_STREQ("65536", bytes);
	EXPECT_STREQ("1000", iters);
	EXPECT_STREQ("200.00", peak);
	EXPECT_STREQ("100.00", avg);
	EXPECT_STREQ("1.678", gpeak);	/* 200 * 2^20 * 8 / 10^9 */
	EXPECT_STREQ("0.839", gavg);
	EXPECT_STREQ("0.001600", mpps);
}

TEST(latency_rows_line_up_under_their_headers)
{
	struct capture c;
	char *t;

	out_lat_header(capture_open(&c));
	out_lat_row(c.f, &fake_lat);
	t = capture_close(&c);
	expect_columns(_metadata, t, 8);
	EXPECT_NE(NULL, strstr(t, "t_typical[us]"));
	EXPECT_NE(NULL, strstr(t, "t_99.9%[us]"));
	EXPECT_NE(NULL, strstr(t, " 1.50 "));
	EXPECT_NE(NULL, strstr(t, " 7.25 "));
}

TEST(rows_of_huge_numbers_stay_one_row)
{
	struct bw_result r = fake_bw;
	struct capture c;
	char *t;

	r.bytes = 2147483647;
	r.iters = 1000000000;
	r.peak_bps = r.avg_bps = 1e15;
	out_bw_row(capture_open(&c), &r);
	t = capture_close(&c);
	EXPECT_EQ(strlen(t) - 1, (size_t)(strchr(t, '\n') - t));
	EXPECT_NE(NULL, strstr(t, " 2147483647 "));
}

TEST(the_banner_names_the_nics_and_the_ring)
{
	struct run_info run = { "send-bw", "rig_bnxt0", "rig_bnxt1", "soft", 128, NULL, NULL, "host" };
	struct capture c;
	char *t;

	out_banner(capture_open(&c), &run, false);
	t = capture_close(&c);
	EXPECT_NE(NULL, strstr(t, "rig send-bw: rig_bnxt0 -> rig_bnxt1 (soft), ring of 128"));
	EXPECT_EQ(t, strstr(t, "-----"));
}

TEST(against_a_remote_peer_the_banner_says_who_and_what_is_checked)
{
	struct run_info run = { "send-bw", "rig_bnxt0", "perftest", "soft", 128,
				"client of perftest 6.06 at 10.0.0.2 port 18515: queue pair 0x11",
				"each message's length is checked", "host" };
	struct capture c;
	char *t;

	out_banner(capture_open(&c), &run, false);
	t = capture_close(&c);
	EXPECT_NE(NULL, strstr(t, " rig send-bw: rig_bnxt0 (soft), ring of 128, host regions\n"
				  " client of perftest 6.06 at 10.0.0.2 port 18515: queue pair 0x11\n"));
	EXPECT_NE(NULL, strstr(t, "\n each message's length is checked\n"));
	EXPECT_EQ(NULL, strstr(t, "->"));
}

/* JSON */

/*
 * Write @text to a file and run @cmd over it (a printf format whose %s is
 * the file's path): the command's exit status, or -1.
 */
static int command_over(const char *text, const char *cmd)
{
	char path[] = "/tmp/rig-format-test-XXXXXX", line[2048];
	int fd = mkstemp(path), status;

	if (fd < 0)
		return -1;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		close(fd);
		unlink(path);
		return -1;
	}
	close(fd);
	snprintf(line, sizeof(line), cmd, path);
	status = system(line);
	unlink(path);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Does @text parse with python3 -m json.tool?  Its exit status. */
static int json_tool(const char *text)
{
	return command_over(text, "python3 -m json.tool %s >/dev/null");
}

/* Run a python3 @script, whose asserts check the JSON in sys.argv[1]. */
static int python_over(const char *text, const char *script)
{
	char cmd[1536];

	snprintf(cmd, sizeof(cmd), "python3 -c '%s' %%s >&2", script);
	return command_over(text, cmd);
}

static int have_python(void)
{
	return system("python3 -c pass 2>/dev/null") == 0;
}

TEST(bandwidth_json_parses_and_carries_every_number)
{
	struct run_info run = { "send-bw", "rig_bnxt0", "rig_bnxt1", "soft", 128, NULL, NULL, "host" };
	struct bw_result r[2] = { fake_bw, fake_bw };
	struct capture c;
	char *t;

	if (!have_python())
		SKIP(return, "no python3 to parse the JSON");
	r[1].bytes = 131072;
	out_bw_json(capture_open(&c), &run, r, 2);
	t = capture_close(&c);
	EXPECT_EQ(0, json_tool(t));
	EXPECT_EQ(0, python_over(t,
		"import json,sys; d=json.load(open(sys.argv[1])); r=d[\"results\"]; "
		"assert d[\"test\"]==\"send-bw\" and d[\"peer\"]==\"rig_bnxt1\" and d[\"entries\"]==128; "
		"assert len(r)==2 and r[1][\"bytes\"]==131072 and r[0][\"iterations\"]==1000; "
		"assert r[0][\"avg_mib_s\"]==100 and r[0][\"peak_mib_s\"]==200; "
		"assert abs(r[0][\"avg_gbit_s\"]-0.8388608)<1e-9 and r[0][\"rate_mpps\"]==0.0016; "
		"assert r[0][\"seconds\"]==0.625"));
}

TEST(the_banner_and_json_say_which_memory_the_regions_are)
{
	struct run_info run = { "read-bw", "rig_bnxt0", "rig_bnxt0", "soft", 128, NULL, NULL,
				"dma-buf" };
	struct capture c;
	char *t;

	out_banner(capture_open(&c), &run, false);
	t = capture_close(&c);
	EXPECT_NE(NULL, strstr(t, "(soft), ring of 128, dma-buf regions\n")) TH_LOG("%s", t);
	EXPECT_EQ(NULL, strstr(t, "host regions"));
	run.memory = "host";
	out_banner(capture_open(&c), &run, false);
	t = capture_close(&c);
	EXPECT_NE(NULL, strstr(t, "(soft), ring of 128, host regions\n")) TH_LOG("%s", t);
	if (!have_python())
		SKIP(return, "no python3 to parse the JSON");
	run.memory = "dma-buf";
	out_bw_json(capture_open(&c), &run, NULL, 0);
	t = capture_close(&c);
	EXPECT_EQ(0, python_over(t,
		"import json,sys; d=json.load(open(sys.argv[1])); assert d[\"memory\"]==\"dma-buf\""));
}

TEST(json_against_a_remote_peer_says_who_and_what_is_checked)
{
	struct run_info run = { "read-bw", "rig_bnxt0", "rig", "soft", 128,
				"server of rig at 10.0.0.2 port 40000", "\"all\" checked", "host" };
	struct capture c;
	char *t;

	if (!have_python())
		SKIP(return, "no python3 to parse the JSON");
	out_bw_json(capture_open(&c), &run, &fake_bw, 1);
	t = capture_close(&c);
	EXPECT_EQ(0, python_over(t,
		"import json,sys; d=json.load(open(sys.argv[1])); "
		"assert d[\"peer\"]==\"rig\" and d[\"remote\"].startswith(\"server of rig\"); "
		"assert d[\"checked\"]==\"\\\"all\\\" checked\" and len(d[\"results\"])==1"));
}

TEST(latency_json_parses_and_carries_every_percentile)
{
	struct run_info run = { "send-lat", "rig_bnxt0", "rig_bnxt0", "soft", 2, NULL, NULL, "host" };
	struct capture c;
	char *t;

	if (!have_python())
		SKIP(return, "no python3 to parse the JSON");
	out_lat_json(capture_open(&c), &run, &fake_lat, 1);
	t = capture_close(&c);
	EXPECT_EQ(0, json_tool(t));
	EXPECT_EQ(0, python_over(t,
		"import json,sys; r=json.load(open(sys.argv[1]))[\"results\"][0]; "
		"assert (r[\"t_min_us\"], r[\"t_typical_us\"], r[\"t_avg_us\"], r[\"t_max_us\"], "
		"r[\"t_p99_us\"], r[\"t_p999_us\"]) == (1.5, 2.25, 2.5, 40, 7.25, 30)"));
}

TEST(json_of_an_empty_run_parses)
{
	struct run_info run = { "read-bw", "rig_bnxt0", "rig_bnxt0", "soft", 128, NULL, NULL, "host" };
	struct capture c;
	char *t;

	if (!have_python())
		SKIP(return, "no python3 to parse the JSON");
	out_bw_json(capture_open(&c), &run, NULL, 0);
	t = capture_close(&c);
	EXPECT_EQ(0, json_tool(t));
}

TEST(json_strings_are_escaped)
{
	struct capture c;
	char *t;

	out_json_string(capture_open(&c), "a\"b\\c\nd\te\x01");
	t = capture_close(&c);
	EXPECT_STREQ("\"a\\\"b\\\\c\\nd\\u0009e\\u0001\"", t);
}

TEST(numbers_json_cannot_spell_are_null)
{
	struct run_info run = { "send-bw", "rig_bnxt0", "rig_bnxt1", "soft", 128, NULL, NULL, "host" };
	struct bw_result r = fake_bw;
	struct capture c;
	char *t;

	r.peak_bps = 1.0 / 0.0;
	r.avg_bps = 0.0 / 0.0;
	out_bw_json(capture_open(&c), &run, &r, 1);
	t = capture_close(&c);
	EXPECT_NE(NULL, strstr(t, "\"peak_mib_s\": null"));
	EXPECT_NE(NULL, strstr(t, "\"avg_mib_s\": null"));
	EXPECT_EQ(NULL, strstr(t, "inf"));
	EXPECT_EQ(NULL, strstr(t, "nan"));
}

/* Devices */

static const struct nic_info fake_nics[] = {
	{ .name = "rig_bnxt0", .kind = "soft", .iommu = 0, .dmabuf = 1, .relaxed = 0,
	  .page = 4096 },
	{ .name = "rig_bnxt1", .kind = "pci", .pci = "0000:01:00.0", .iommu = 1, .dmabuf = -1,
	  .relaxed = -1, .error = "rig_bnxt_open: /dev/rig_bnxt1: permission denied" },
};

TEST(devices_show_each_field_in_the_manner_of_ibv_devinfo)
{
	struct limits lim = { 4096, 0x7fffffff, 8 << 20, false, false };
	struct capture c;
	char *t;

	out_devices(capture_open(&c), fake_nics, 2, &lim, NULL, 0);
	t = capture_close(&c);
	EXPECT_EQ(t, strstr(t, "nic: rig_bnxt0\n\tkind:               soft\n"));
	EXPECT_NE(NULL, strstr(t, "\tpci_address:        -\n"));
	EXPECT_NE(NULL, strstr(t, "\tpci_address:        0000:01:00.0\n"));
	EXPECT_NE(NULL, strstr(t, "\tiommu:              yes\n"));
	EXPECT_NE(NULL, strstr(t, "\trelaxed_ordering:   ?\n"));
	EXPECT_NE(NULL, strstr(t, "\tpage_size:          4096\n"));
	EXPECT_NE(NULL, strstr(t, "\tpage_size:          ?\n"));
	EXPECT_NE(NULL, strstr(t, "\tmax_ring_entries:   4096\n"));
	EXPECT_NE(NULL, strstr(t, "\tmax_message_bytes:  2147483647\n"));
	EXPECT_NE(NULL, strstr(t, "\tmemlock_limit:      8388608 (8 MiB)\n"));
	EXPECT_NE(NULL, strstr(t, "\n\nnic: rig_bnxt1\n"));
}

TEST(devices_say_whether_a_nic_takes_dma_bufs_and_unknown_when_it_was_not_opened)
{
	static const struct nic_info nics[] = {
		{ .name = "rig_bnxt0", .kind = "soft", .dmabuf = 1, .page = 4096 },
		{ .name = "rig_bnxt1", .kind = "soft", .dmabuf = 0, .page = 4096 },
		{ .name = "rig_bnxt2", .kind = "soft", .dmabuf = -1 },
	};
	struct limits lim = { 4096, 0x7fffffff, 8 << 20, false, false };
	struct capture c;
	char *t, *at;

	out_devices(capture_open(&c), nics, 3, &lim, NULL, 0);
	t = capture_close(&c);
	at = strstr(t, "\tdma_buf:            yes\n");
	ASSERT_NE(NULL, at) TH_LOG("%s", t);
	at = strstr(at, "\tdma_buf:            no\n");
	ASSERT_NE(NULL, at) TH_LOG("%s", t);
	EXPECT_NE(NULL, strstr(at, "\tdma_buf:            ?\n")) TH_LOG("%s", t);
	if (!have_python())
		SKIP(return, "no python3 to parse the JSON");
	out_devices_json(capture_open(&c), nics, 3, &lim, NULL, 0);
	t = capture_close(&c);
	EXPECT_EQ(0, python_over(t,
		"import json,sys; d=json.load(open(sys.argv[1]))[\"devices\"]; "
		"assert [n[\"dma_buf\"] for n in d] == [True, False, None]"));
}

TEST(an_unlimited_or_unapplied_memlock_says_so)
{
	struct limits lim = { 4096, 0x7fffffff, 0, true, true };
	struct capture c;
	char *t;

	out_devices(capture_open(&c), fake_nics, 1, &lim, NULL, 0);
	t = capture_close(&c);
	EXPECT_NE(NULL, strstr(t, "\tmemlock_limit:      unlimited; not applied (CAP_IPC_LOCK)\n"));
}

TEST(devices_json_parses_with_null_for_what_is_unknown)
{
	struct limits lim = { 4096, 0x7fffffff, 65536, false, false };
	struct capture c;
	char *t;

	if (!have_python())
		SKIP(return, "no python3 to parse the JSON");
	out_devices_json(capture_open(&c), fake_nics, 2, &lim, NULL, 0);
	t = capture_close(&c);
	EXPECT_EQ(0, json_tool(t));
	EXPECT_EQ(0, python_over(t,
		"import json,sys; d=json.load(open(sys.argv[1]))[\"devices\"]; "
		"assert [n[\"name\"] for n in d] == [\"rig_bnxt0\", \"rig_bnxt1\"]; "
		"assert d[0][\"pci_address\"] is None and d[1][\"pci_address\"] == \"0000:01:00.0\"; "
		"assert d[0][\"iommu\"] is False and d[1][\"iommu\"] is True; "
		"assert d[1][\"relaxed_ordering\"] is None and d[1][\"page_size\"] is None; "
		"assert d[0][\"error\"] is None and \"permission\" in d[1][\"error\"]; "
		"l=d[0][\"limits\"]; assert l == {\"max_ring_entries\": 4096, "
		"\"max_message_bytes\": 2147483647, \"memlock_bytes\": 65536, \"memlock_applied\": True}"));
}

TEST(devices_json_of_no_nic_parses)
{
	struct limits lim = { 4096, 0x7fffffff, 0, true, false };
	struct capture c;
	char *t;

	if (!have_python())
		SKIP(return, "no python3 to parse the JSON");
	out_devices_json(capture_open(&c), NULL, 0, &lim, NULL, 0);
	t = capture_close(&c);
	EXPECT_EQ(0, json_tool(t));
}

/* Progress */

TEST(the_progress_line_returns_the_carriage_and_pads_over_a_longer_line)
{
	struct capture c;
	char *t;
	int w;

	w = out_progress(capture_open(&c), "send-bw", 65536, 500, 1000, 1.25, 80);
	t = capture_close(&c);
	EXPECT_EQ(80, w);
	EXPECT_EQ(t, strstr(t, "\rrig send-bw: 65536 bytes: 500/1000 (50%), 1.2 s   "));
	EXPECT_EQ(81, strlen(t));
	EXPECT_EQ(NULL, strchr(t, '\n'));
	out_progress_clear(capture_open(&c), 5);
	t = capture_close(&c);
	EXPECT_STREQ("\r     \r", t);
	out_progress_clear(capture_open(&c), 0);
	t = capture_close(&c);
	EXPECT_STREQ("", t);
}

/* sysfs, through a made-up tree under RIG_SYSFS */

FIXTURE(sysfs) {
	char root[64];
};

static void make_file(const char *root, const char *path, const char *text)
{
	char full[512];
	FILE *f;

	snprintf(full, sizeof(full), "%s/%s", root, path);
	f = fopen(full, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void make_dir(const char *root, const char *path)
{
	char full[512];

	snprintf(full, sizeof(full), "%s/%s", root, path);
	mkdir(full, 0755);
}

static void make_link(const char *root, const char *path, const char *target)
{
	char full[512];

	snprintf(full, sizeof(full), "%s/%s", root, path);
	if (symlink(target, full))
		perror(full);
}

/*
 * A modelled NIC and a PCI one, as the kernel lays them out:
 * class/rig_bnxt/NAME/device links to the auxiliary device the driver
 * bound, whose parent is the PCI function; each device's subsystem link
 * names its bus.  A third NIC's parent is on no PCI bus.
 */
FIXTURE_SETUP(sysfs)
{
	const char *dirs[] = { "class", "class/rig_bnxt", "bus", "bus/pci", "bus/auxiliary",
			       "bus/platform", "devices", "devices/platform",
			       "devices/platform/other.0", "devices/platform/other.0/x.rdma.0",
			       "devices/pci0000:00", "devices/pci0000:00/0000:01:00.0",
			       "devices/pci0000:00/0000:01:00.0/rig_soft.rdma.0",
			       "devices/pci0000:00/0000:02:00.0",
			       "devices/pci0000:00/0000:02:00.0/bnxt_en.rdma.0",
			       "class/rig_bnxt/rig_bnxt10", "class/rig_bnxt/rig_bnxt2",
			       "class/rig_bnxt/rig_bnxt3", "class/rig_bnxt/other" };

	strcpy(self->root, "/tmp/rig-sysfs-XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->root));
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		make_dir(self->root, dirs[i]);
	make_link(self->root, "devices/platform/other.0/subsystem", "../../../bus/platform");
	make_link(self->root, "devices/pci0000:00/0000:01:00.0/subsystem", "../../../bus/pci");
	make_link(self->root, "devices/pci0000:00/0000:02:00.0/subsystem", "../../../bus/pci");
	make_link(self->root, "devices/pci0000:00/0000:01:00.0/rig_soft.rdma.0/subsystem",
		  "../../../../bus/auxiliary");
	make_link(self->root, "devices/pci0000:00/0000:02:00.0/bnxt_en.rdma.0/subsystem",
		  "../../../../bus/auxiliary");
	make_link(self->root, "class/rig_bnxt/rig_bnxt2/device",
		  "../../../devices/pci0000:00/0000:01:00.0/rig_soft.rdma.0");
	make_link(self->root, "class/rig_bnxt/rig_bnxt10/device",
		  "../../../devices/pci0000:00/0000:02:00.0/bnxt_en.rdma.0");
	make_link(self->root, "class/rig_bnxt/rig_bnxt3/device",
		  "../../../devices/platform/other.0/x.rdma.0");
	make_file(self->root, "class/rig_bnxt/rig_bnxt2/kind", "soft\n");
	make_file(self->root, "class/rig_bnxt/rig_bnxt2/iommu", "0\n");
	make_file(self->root, "class/rig_bnxt/rig_bnxt2/relaxed_ordering", "0\n");
	make_file(self->root, "class/rig_bnxt/rig_bnxt10/kind", "pci\n");
	make_file(self->root, "class/rig_bnxt/rig_bnxt10/iommu", "1\n");
	setenv("RIG_SYSFS", self->root, 1);
}

FIXTURE_TEARDOWN(sysfs)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", self->root);
	if (system(cmd))
		TH_LOG("could not remove %s", self->root);
}

TEST_F(sysfs, nics_are_listed_in_number_order)
{
	struct nic_list list;

	ASSERT_EQ(NICS_FOUND, nics_list(&list));
	ASSERT_EQ(3, list.n);
	EXPECT_STREQ("rig_bnxt2", list.name[0]);
	EXPECT_STREQ("rig_bnxt3", list.name[1]);
	EXPECT_STREQ("rig_bnxt10", list.name[2]);
	EXPECT_TRUE(nics_has(&list, "rig_bnxt10"));
	EXPECT_FALSE(nics_has(&list, "other"));
}

TEST_F(sysfs, a_modelled_nic_shows_the_address_of_its_stand_in_function)
{
	struct nic_info info;

	nic_sysfs("rig_bnxt2", &info);
	EXPECT_STREQ("rig_bnxt2", info.name);
	EXPECT_STREQ("soft", info.kind);
	EXPECT_STREQ("0000:01:00.0", info.pci);
	EXPECT_EQ(0, info.iommu);
	EXPECT_EQ(-1, info.dmabuf);	/* sysfs does not say: only an open NIC */
	EXPECT_EQ(0, info.relaxed);
	EXPECT_EQ(0, info.page);
}

TEST_F(sysfs, a_pci_nic_shows_its_functions_address)
{
	struct nic_info info;

	nic_sysfs("rig_bnxt10", &info);
	EXPECT_STREQ("pci", info.kind);
	EXPECT_STREQ("0000:02:00.0", info.pci);
	EXPECT_EQ(1, info.iommu);
	EXPECT_EQ(-1, info.relaxed);	/* no file: unknown */
}

TEST_F(sysfs, a_nic_on_no_pci_function_has_no_address)
{
	struct nic_info info;

	nic_sysfs("rig_bnxt3", &info);
	EXPECT_STREQ("", info.pci);
	EXPECT_STREQ("?", info.kind);
}

TEST_F(sysfs, the_default_peer_is_the_first_other_nic)
{
	struct nic_list list;

	ASSERT_EQ(NICS_FOUND, nics_list(&list));
	EXPECT_STREQ("rig_bnxt3", nics_default_peer(&list, "rig_bnxt2"));
	EXPECT_STREQ("rig_bnxt2", nics_default_peer(&list, "rig_bnxt10"));
	list.n = 1;
	EXPECT_STREQ("rig_bnxt2", nics_default_peer(&list, "rig_bnxt2"));
}

TEST_F(sysfs, an_empty_class_is_a_module_with_no_nic)
{
	char cmd[160];
	struct nic_list list;

	snprintf(cmd, sizeof(cmd), "rm -rf %s/class/rig_bnxt/*", self->root);
	ASSERT_EQ(0, system(cmd));
	EXPECT_EQ(NICS_NONE, nics_list(&list));
	EXPECT_EQ(0, list.n);
}

TEST_F(sysfs, no_class_is_no_module)
{
	struct nic_list list;
	struct capture c;
	char *t;

	setenv("RIG_SYSFS", "/nonexistent", 1);
	EXPECT_EQ(NICS_NO_MODULE, nics_list(&list));
	nics_explain(capture_open(&c), NICS_NO_MODULE);
	t = capture_close(&c);
	EXPECT_STREQ("rig: the rig_bnxt module is not loaded: modprobe rig_bnxt\n", t);
}

TEST(device_paths_name_the_same_nic)
{
	EXPECT_STREQ("rig_bnxt0", nic_basename("/dev/rig_bnxt0"));
	EXPECT_STREQ("rig_bnxt0", nic_basename("rig_bnxt0"));
}

TEST_HARNESS_MAIN
