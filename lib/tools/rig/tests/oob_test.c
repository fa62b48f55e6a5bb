// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests of oob.c, perftest's out-of-band exchange, with no NIC: the
 * messages as perftest writes them, a peer's malformed messages refused,
 * and whole conversations between two threads on the loopback interface,
 * rig against rig and rig against a scripted peer that misbehaves.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"

#include "oob.h"

/* A key message as ib_send_bw on RoCE writes it (LID 0, GID ::ffff:10.77.0.1). */
static const char perftest_key[OOB_KEY_BYTES] =
	"0000:0080:000011:a1b2c3:00001234:00007f0012345000:"
	"00:00:00:00:00:00:00:00:00:00:ff:ff:0a:4d:00:01:00000000:";

static const struct oob_key sample_key = {
	.lid = 0, .out_reads = 0x80, .qpn = 0x11, .psn = 0xa1b2c3, .rkey = 0x1234,
	.vaddr = 0x7f0012345000ULL,
	.gid = { [10] = 0xff, [11] = 0xff, [12] = 10, [13] = 77, [14] = 0, [15] = 1 },
};

TEST(a_key_message_is_perftests_108_bytes_to_the_letter)
{
	char out[OOB_KEY_BYTES];

	ASSERT_EQ(108, sizeof(perftest_key));
	ASSERT_EQ(0, oob_key_encode(&sample_key, out));
	EXPECT_EQ(0, memcmp(out, perftest_key, OOB_KEY_BYTES));
}

TEST(perftests_key_message_decodes_field_by_field)
{
	struct oob_key k;
	char why[240];

	ASSERT_EQ(0, oob_key_decode(perftest_key, &k, why, sizeof(why)));
	EXPECT_EQ(0, k.lid);
	EXPECT_EQ(0x80, k.out_reads);
	EXPECT_EQ(0x11, k.qpn);
	EXPECT_EQ(0xa1b2c3, k.psn);
	EXPECT_EQ(0x1234, k.rkey);
	EXPECT_EQ(0x7f0012345000ULL, k.vaddr);
	EXPECT_EQ(0, memcmp(k.gid, sample_key.gid, 16));
	EXPECT_EQ(0, k.srqn);
	EXPECT_TRUE(oob_gid_v4mapped(k.gid));
}

TEST(upper_case_hex_decodes_too)
{
	char in[OOB_KEY_BYTES];
	struct oob_key k;
	char why[240];

	memcpy(in, perftest_key, sizeof(in));
	memcpy(in + 17, "A1B2C3", 6);
	ASSERT_EQ(0, oob_key_decode(in, &k, why, sizeof(why)));
	EXPECT_EQ(0xa1b2c3, k.psn);
}

TEST(a_field_too_wide_for_its_place_is_not_encoded)
{
	struct oob_key k = sample_key;
	char out[OOB_KEY_BYTES];

	k.qpn = 0x1000000;
	EXPECT_EQ(-1, oob_key_encode(&k, out));
	k = sample_key;
	k.out_reads = 0x10000;
	EXPECT_EQ(-1, oob_key_encode(&k, out));
}

/* @in is refused with @word in the reason. */
static void expect_bad_key(struct __test_metadata *_metadata, const char *in, const char *word)
{
	struct oob_key k;
	char why[240] = "";

	EXPECT_EQ(-1, oob_key_decode(in, &k, why, sizeof(why)));
	EXPECT_NE(NULL, strstr(why, word));
	if (!strstr(why, word))
		TH_LOG("why: %s", why);
}

TEST(malformed_key_messages_are_refused_with_the_field_named)
{
	char in[OOB_KEY_BYTES];

	memset(in, 'x', sizeof(in));
	expect_bad_key(_metadata, in, "does not end");
	in[OOB_KEY_BYTES - 1] = '\0';
	expect_bad_key(_metadata, in, "LID");

	memcpy(in, perftest_key, sizeof(in));
	in[12] = 'g';		/* a QPN digit that is no hex digit */
	expect_bad_key(_metadata, in, "QPN");

	memcpy(in, perftest_key, sizeof(in));
	in[4] = ';';		/* the colon after the LID */
	expect_bad_key(_metadata, in, "LID");

	memcpy(in, perftest_key, sizeof(in));
	in[60] = 'z';		/* inside the GID */
	expect_bad_key(_metadata, in, "GID");

	memcpy(in, perftest_key, sizeof(in));
	in[106] = '0';		/* the last colon */
	expect_bad_key(_metadata, in, "SRQ");
}

TEST(a_key_message_without_a_gid_as_infiniband_sends_is_refused)
{
	char in[OOB_KEY_BYTES] = "0001:0080:000011:a1b2c3:00001234:00007f0012345000:00000000";

	expect_bad_key(_metadata, in, "GID");
}

TEST(an_overlong_field_shifts_the_message_and_is_refused)
{
	char in[OOB_KEY_BYTES] = "0000:0080:0000011:a1b2c3:00001234:00007f0012345000:"
				 "00:00:00:00:00:00:00:00:00:00:ff:ff:0a:4d:00:01:0000000:";

	expect_bad_key(_metadata, in, "QPN");
}

TEST(rig_sends_its_version_with_its_mark_and_knows_its_own)
{
	char out[OOB_VERSION_BYTES], text[OOB_VERSION_BYTES + 1], why[200];
	bool rig = false;

	oob_version_encode(out);
	EXPECT_STREQ(OOB_VERSION OOB_RIG_MARK, out);
	EXPECT_EQ(0, out[OOB_VERSION_BYTES - 1]);
	ASSERT_EQ(0, oob_version_decode(out, text, &rig, why, sizeof(why)));
	EXPECT_TRUE(rig);
	EXPECT_STREQ("6.06 rig", text);
}

TEST(perftests_version_is_taken_and_is_not_rig)
{
	char in[OOB_VERSION_BYTES] = "6.06", text[OOB_VERSION_BYTES + 1], why[200];
	bool rig = true;

	ASSERT_EQ(0, oob_version_decode(in, text, &rig, why, sizeof(why)));
	EXPECT_FALSE(rig);
	EXPECT_STREQ("6.06", text);
	memcpy(in, "5.70", 5);
	EXPECT_EQ(0, oob_version_decode(in, text, &rig, why, sizeof(why)));
}

/* @in is refused with @word in the reason. */
static void expect_bad_version(struct __test_metadata *_metadata, const char *in,
			       const char *word)
{
	char text[OOB_VERSION_BYTES + 1], why[200] = "";
	bool rig;

	EXPECT_EQ(-1, oob_version_decode(in, text, &rig, why, sizeof(why)));
	EXPECT_NE(NULL, strstr(why, word));
	if (!strstr(why, word))
		TH_LOG("why: %s", why);
}

TEST(old_garbled_or_unterminated_versions_are_refused)
{
	char in[OOB_VERSION_BYTES];

	expect_bad_version(_metadata, (char[OOB_VERSION_BYTES]){ "5.60" }, "speaks perftest version 5.60");
	expect_bad_version(_metadata, (char[OOB_VERSION_BYTES]){ "" }, "no number");
	expect_bad_version(_metadata, (char[OOB_VERSION_BYTES]){ "GET / HTTP/1.1" }, "no number");
	expect_bad_version(_metadata, (char[OOB_VERSION_BYTES]){ "6.06\n" }, "not text");
	memset(in, '6', sizeof(in));
	expect_bad_version(_metadata, in, "no NUL");
}

TEST(the_mtu_is_the_digit_of_enum_ibv_mtu_and_a_nul)
{
	char out[OOB_MTU_BYTES];
	uint32_t bytes;

	ASSERT_EQ(0, oob_mtu_encode(1024, out));
	EXPECT_EQ('3', out[0]);
	EXPECT_EQ('\0', out[1]);
	ASSERT_EQ(0, oob_mtu_encode(4096, out));
	EXPECT_EQ('5', out[0]);
	EXPECT_EQ(-1, oob_mtu_encode(1500, out));
	EXPECT_EQ(-1, oob_mtu_encode(8192, out));
	ASSERT_EQ(0, oob_mtu_decode((char[]){ '1', 0 }, &bytes));
	EXPECT_EQ(256, bytes);
	EXPECT_EQ(-1, oob_mtu_decode((char[]){ '0', 0 }, &bytes));
	EXPECT_EQ(-1, oob_mtu_decode((char[]){ '6', 0 }, &bytes));
	EXPECT_EQ(-1, oob_mtu_decode((char[]){ '3', 'x' }, &bytes));
	EXPECT_EQ(-1, oob_mtu_decode((char[]){ 0, 0 }, &bytes));
}

TEST(rigs_parameters_round_trip_and_refuse_what_is_malformed)
{
	struct oob_params p = { .test = "send-lat", .size = 4096, .iters = 77 }, q;
	char msg[OOB_PARAMS_BYTES], text[80];

	oob_params_encode(&p, msg);
	ASSERT_EQ(0, oob_params_decode(msg, &q));
	EXPECT_STREQ("send-lat", q.test);
	EXPECT_FALSE(q.all);
	EXPECT_EQ(4096, q.size);
	EXPECT_EQ(77, q.iters);
	oob_params_text(&q, text, sizeof(text));
	EXPECT_STREQ("send-lat -s 4096 -n 77", text);
	p = (struct oob_params){ .test = "read-bw", .all = true, .iters = 1000 };
	oob_params_encode(&p, msg);
	ASSERT_EQ(0, oob_params_decode(msg, &q));
	oob_params_text(&q, text, sizeof(text));
	EXPECT_STREQ("read-bw -a -n 1000", text);

	memset(msg, 0, sizeof(msg));
	strcpy(msg, "rig1 write-bw a=0 s=1 n=1");
	EXPECT_EQ(-1, oob_params_decode(msg, &q));
	strcpy(msg, "rig1 send-bw a=1 s=64 n=1");
	EXPECT_EQ(-1, oob_params_decode(msg, &q));
	strcpy(msg, "rig1 send-bw a=0 s=64 n=0");
	EXPECT_EQ(-1, oob_params_decode(msg, &q));
	strcpy(msg, "rig1 send-bw a=0 s=64 n=1 junk");
	EXPECT_EQ(-1, oob_params_decode(msg, &q));
	memset(msg, 'r', sizeof(msg));
	EXPECT_EQ(-1, oob_params_decode(msg, &q));
}

TEST(big_endian_numbers_go_most_significant_byte_first)
{
	unsigned char b[8];

	oob_put_be64(b, 0x0102030405060708ULL);
	EXPECT_EQ(1, b[0]);
	EXPECT_EQ(8, b[7]);
	EXPECT_EQ(0x0102030405060708ULL, oob_get_be64(b));
}

/* --- conversations on the loopback interface -------------------------------- */

/**
 * struct end - one end of a conversation run in a thread
 * @lfd: the server's listening socket (-1 for a client)
 * @port: the server's port
 * @key: this end's key message
 * @params: what it runs
 * @mtu: its MTU
 * @page: its page size
 * @o: the conversation
 * @ret: what the conversation returned
 * @report: the report it received
 */
struct end {
	int lfd;
	uint16_t port;
	struct oob_key key;
	struct oob_params params;
	uint32_t mtu, page;
	struct oob o;
	int ret;
	struct oob_report report;
};

/* The whole of ib_read_bw's conversation, as rig's server or client. */
static void *converse(void *arg)
{
	struct end *e = arg;
	struct oob_report mine = { .size = 65536, .iters = 1000, .peak_mibs = 1.5,
				   .avg_mibs = 1.25, .rate_mpps = 0.02 };

	e->ret = e->lfd >= 0 ? oob_accept(&e->o, e->lfd, 5000) :
			       oob_connect(&e->o, "127.0.0.1", e->port, 5000);
	if (e->ret)
		return NULL;
	e->ret = oob_setup(&e->o, &e->key, &e->params, e->page, e->mtu);
	if (!e->ret)
		e->ret = oob_sync(&e->o, &e->key, "after connecting", 5000);
	if (!e->ret)
		e->ret = oob_report(&e->o, &mine, &e->report);
	if (!e->ret)
		e->ret = oob_close(&e->o, &e->key);
	oob_drop(&e->o);
	return NULL;
}

/* A listening socket on a port the kernel picks. */
static int listener(struct __test_metadata *_metadata, uint16_t *port)
{
	char why[200];
	int lfd;

	if (oob_listen(0, &lfd, why, sizeof(why)))
		TH_LOG("%s", why);
	*port = oob_port(lfd);
	return lfd;
}

static struct end rig_end(uint32_t qpn, uint32_t mtu, uint32_t page)
{
	struct end e = {
		.lfd = -1,
		.key = { .out_reads = 4, .qpn = qpn, .psn = qpn * 3, .rkey = qpn + 100,
			 .gid = { [10] = 0xff, [11] = 0xff, [12] = 10, [15] = (uint8_t)qpn } },
		.params = { .test = "read-bw", .size = 65536, .iters = 1000 },
		.mtu = mtu,
		.page = page,
	};
	return e;
}

/* Run @s as the server and @c as its client, each in a thread, to the end: 0 or -1. */
static int pair(struct __test_metadata *_metadata, struct end *s, struct end *c)
{
	pthread_t ts, tc;

	s->lfd = listener(_metadata, &s->port);
	c->port = s->port;
	if (s->lfd < 0 || pthread_create(&ts, NULL, converse, s))
		return -1;
	if (pthread_create(&tc, NULL, converse, c)) {
		close(s->lfd);
		pthread_join(ts, NULL);
		return -1;
	}
	pthread_join(ts, NULL);
	pthread_join(tc, NULL);
	return 0;
}

TEST(two_rigs_exchange_keys_mtu_page_and_the_report_over_tcp)
{
	struct end s = rig_end(17, 4096, 4096), c = rig_end(18, 1024, 65536);

	ASSERT_EQ(0, pair(_metadata, &s, &c));
	ASSERT_EQ(0, s.ret) TH_LOG("server: %s", s.o.error);
	ASSERT_EQ(0, c.ret) TH_LOG("client: %s", c.o.error);
	EXPECT_EQ(18, s.o.peer.qpn);
	EXPECT_EQ(54, s.o.peer.psn);
	EXPECT_EQ(117, c.o.peer.rkey);
	EXPECT_EQ(17, c.o.peer.gid[15]);
	EXPECT_EQ(1024, s.o.mtu);
	EXPECT_EQ(1024, c.o.mtu);
	EXPECT_EQ(65536, s.o.cycle);
	EXPECT_EQ(65536, c.o.cycle);
	EXPECT_TRUE(s.o.peer_rig);
	EXPECT_STREQ("6.06 rig", c.o.peer_version);
	EXPECT_EQ(1000, s.report.iters);
	EXPECT_EQ(65536, s.report.size);
	EXPECT_EQ(1.25, s.report.avg_mibs);
	EXPECT_EQ(0.02, c.report.rate_mpps);
}

TEST(two_rigs_that_run_different_tests_both_say_what_the_other_runs)
{
	struct end s = rig_end(17, 1024, 4096), c = rig_end(18, 1024, 4096);

	c.params = (struct oob_params){ .test = "send-bw", .all = true, .iters = 1000 };
	ASSERT_EQ(0, pair(_metadata, &s, &c));
	EXPECT_EQ(-1, s.ret);
	EXPECT_EQ(-1, c.ret);
	EXPECT_NE(NULL, strstr(s.o.error, "the peer runs 'rig send-bw -a -n 1000', this end 'rig read-bw -s 65536 -n 1000'"))
		TH_LOG("server: %s", s.o.error);
	EXPECT_NE(NULL, strstr(c.o.error, "the peer runs 'rig read-bw -s 65536"))
		TH_LOG("client: %s", c.o.error);
}

TEST(gids_of_two_kinds_are_refused_as_perftest_refuses_them)
{
	struct end s = rig_end(17, 1024, 4096), c = rig_end(18, 1024, 4096);

	memset(c.key.gid, 0, 16);
	c.key.gid[0] = 0xfe;
	c.key.gid[1] = 0x80;
	ASSERT_EQ(0, pair(_metadata, &s, &c));
	EXPECT_EQ(-1, s.ret);
	EXPECT_NE(NULL, strstr(s.o.error, "one IPv4 and one IPv6")) TH_LOG("%s", s.o.error);
}

/**
 * struct script - a peer that says what it is told
 * @lfd: where it waits
 * @reads: bytes it reads before each write
 * @writes: what it writes, in order (NULL ends)
 * @lens: their lengths
 * @linger: stay silent this many ms before closing
 * @trickle: send each write a byte at a time, this many ms apart (0: at once)
 * @port: as a client, connect to this port of 127.0.0.1 (0: wait on @lfd)
 */
struct script {
	int lfd;
	size_t reads[8];
	const char *writes[8];
	size_t lens[8];
	int linger;
	int trickle;
	uint16_t port;
};

/* A connection to @port of 127.0.0.1, or -1. */
static int dial(uint16_t port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Write @n bytes of @p to @fd, all at once or @trickle ms a byte: 0 or -1. */
static int say(int fd, const char *p, size_t n, int trickle)
{
	size_t step = trickle ? 1 : n;

	for (size_t i = 0; i < n; i += step) {
		if (trickle)
			usleep((useconds_t)trickle * 1000);
		if (send(fd, p + i, step, MSG_NOSIGNAL) != (ssize_t)step)
			return -1;
	}
	return 0;
}

static void *play(void *arg)
{
	struct script *s = arg;
	int fd = s->port ? dial(s->port) : accept(s->lfd, NULL, NULL);
	char buf[256];

	for (int i = 0; fd >= 0 && s->writes[i]; i++) {
		if (s->reads[i] && recv(fd, buf, s->reads[i], MSG_WAITALL) != (ssize_t)s->reads[i])
			break;
		if (say(fd, s->writes[i], s->lens[i], s->trickle))
			break;
	}
	if (s->linger)
		usleep((useconds_t)s->linger * 1000);
	if (fd >= 0)
		close(fd);
	if (!s->port)
		close(s->lfd);
	return NULL;
}

/* rig's client against @s: its error. */
static const char *client_against(struct __test_metadata *_metadata, struct script *s,
				  int timeout_ms, struct oob *o)
{
	struct oob_key key = rig_end(18, 1024, 4096).key;
	struct oob_params params = { .test = "send-bw", .size = 64, .iters = 10 };
	uint16_t port;
	pthread_t t;

	s->lfd = listener(_metadata, &port);
	if (pthread_create(&t, NULL, play, s))
		return "no thread";
	if (!oob_connect(o, "127.0.0.1", port, 5000)) {
		o->timeout_ms = timeout_ms;
		if (!oob_setup(o, &key, &params, 4096, 1024))
			snprintf(o->error, sizeof(o->error), "(no error)");
	}
	oob_drop(o);
	pthread_join(t, NULL);
	return o->error;
}

#define BE32(v) (const char[]){ 0, 0, (char)((v) >> 8), (char)(v) }

TEST(a_peer_that_answers_the_version_with_garbage_is_refused)
{
	struct script s = { .reads = { 16 }, .writes = { "\x16\x03\x01garbage!garbag" },
			    .lens = { 16 } };
	struct oob o;

	EXPECT_NE(NULL, strstr(client_against(_metadata, &s, 2000, &o),
			       "version: the peer's version is not text"))
		TH_LOG("%s", o.error);
}

TEST(a_peer_of_an_old_perftest_is_refused_with_its_version)
{
	struct script s = { .reads = { 16 }, .writes = { "5.32\0\0\0\0\0\0\0\0\0\0\0" },
			    .lens = { 16 } };
	struct oob o;

	EXPECT_NE(NULL, strstr(client_against(_metadata, &s, 2000, &o),
			       "speaks perftest version 5.32"))
		TH_LOG("%s", o.error);
}

TEST(a_short_message_and_a_close_say_how_much_came)
{
	struct script s = { .reads = { 16 }, .writes = { "6.06\0\0\0\0\0\0" }, .lens = { 10 } };
	struct oob o;

	EXPECT_NE(NULL, strstr(client_against(_metadata, &s, 2000, &o),
			       "version: the peer closed the connection after 10 of 16 bytes"))
		TH_LOG("%s", o.error);
}

TEST(a_peer_that_closes_at_once_is_named_as_closing)
{
	struct script s = { .reads = { 0 }, .writes = { NULL } };
	struct oob o;

	EXPECT_NE(NULL, strstr(client_against(_metadata, &s, 2000, &o),
			       "the peer closed the connection"))
		TH_LOG("%s", o.error);
}

TEST(a_silent_peer_times_out_naming_the_step)
{
	struct script s = { .reads = { 16 }, .writes = { "6.06\0\0\0\0\0\0\0\0\0\0\0", "" },
			    .lens = { 16, 0 }, .linger = 1500 };
	struct oob o;

	EXPECT_NE(NULL, strstr(client_against(_metadata, &s, 300, &o),
			       "page size: nothing from the peer for 0.3 s (0 of 4 bytes came)"))
		TH_LOG("%s", o.error);
}

TEST(a_page_size_that_is_no_power_of_two_is_refused)
{
	struct script s = { .reads = { 16, 4 }, .writes = { "6.06\0\0\0\0\0\0\0\0\0\0\0", BE32(1000) },
			    .lens = { 16, 4 } };
	struct oob o;

	EXPECT_NE(NULL, strstr(client_against(_metadata, &s, 2000, &o),
			       "page size: the peer sent 1000, not a power of two"))
		TH_LOG("%s", o.error);
}

TEST(a_perftest_peer_with_a_malformed_key_message_is_refused)
{
	static const char bad[OOB_KEY_BYTES] = "0000:0080:000011:a1b2c3:00001234:00007f0012345000:"
					       "00:00:00:00:00:00:00:00:00:00:ff:ff:0a:4d:00:01";
	struct script s = {
		.reads = { 16, 4, 4, 2, 108 },
		.writes = { "6.06\0\0\0\0\0\0\0\0\0\0\0", BE32(4096), BE32(64), "3", bad },
		.lens = { 16, 4, 4, 2, 108 },
	};
	struct oob o;

	EXPECT_NE(NULL, strstr(client_against(_metadata, &s, 2000, &o),
			       "key message: the key message's GID (byte 15) is malformed"))
		TH_LOG("%s", o.error);
}

TEST(a_well_behaved_perftest_peer_gets_to_the_key_and_the_smaller_mtu)
{
	struct script s = {
		.reads = { 16, 4, 4, 2, 108 },
		.writes = { "6.06\0\0\0\0\0\0\0\0\0\0\0", BE32(4096), BE32(64), "2", perftest_key },
		.lens = { 16, 4, 4, 2, 108 },
	};
	struct oob o;

	EXPECT_STREQ("(no error)", client_against(_metadata, &s, 2000, &o));
	EXPECT_FALSE(o.peer_rig);
	EXPECT_EQ(512, o.mtu);
	EXPECT_EQ(0xa1b2c3, o.peer.psn);
}


/* The file descriptors this process has open. */
static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	if (!d)
		return -1;
	while (readdir(d))
		n++;
	closedir(d);
	return n - 3;	/* ".", ".." and the directory's own */
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/*
 * rig's server (rig send-bw -S) against @s as its client, each step
 * waiting @timeout_ms: its error, how long it took in @secs, and no file
 * descriptor left open by either side once both are done.
 */
static const char *server_against(struct __test_metadata *_metadata, struct script *s,
				  int timeout_ms, struct oob *o, double *secs)
{
	struct oob_key key = rig_end(17, 1024, 4096).key;
	struct oob_params params = { .test = "send-bw", .size = 64, .iters = 10 };
	int fds = open_fds(), lfd;
	double start;
	pthread_t t;

	lfd = listener(_metadata, &s->port);
	if (lfd < 0 || pthread_create(&t, NULL, play, s))
		return "no listener or no thread";
	start = now_s();
	if (!oob_accept(o, lfd, 5000)) {
		o->timeout_ms = timeout_ms;
		if (!oob_setup(o, &key, &params, 4096, 1024))
			snprintf(o->error, sizeof(o->error), "(no error)");
	}
	*secs = now_s() - start;
	oob_drop(o);
	pthread_join(t, NULL);
	EXPECT_EQ(fds, open_fds());
	return o->error;
}

#define VERSION "6.06\0\0\0\0\0\0\0\0\0\0\0"

/* rig's server refuses @s with an error holding @want: how long it took, in s. */
static double expect_refusal(struct __test_metadata *_metadata, struct script *s,
			     int timeout_ms, const char *want)
{
	double secs = 0;
	struct oob o;

	EXPECT_NE(NULL, strstr(server_against(_metadata, s, timeout_ms, &o, &secs), want))
		TH_LOG("%s", o.error);
	return secs;
}

TEST(a_client_that_sends_garbage_for_a_version_is_refused_by_the_server)
{
	struct script s = { .writes = { "GET / HTTP/1.1\r\n" }, .lens = { 16 } };

	expect_refusal(_metadata, &s, 2000, "version: the peer's version is not text");
}

TEST(a_client_that_closes_at_once_is_named_as_closing_by_the_server)
{
	struct script s = { .writes = { NULL } };

	expect_refusal(_metadata, &s, 2000, "version: the peer closed the connection");
}

/*
 * A client's set-up as perftest's (version @version, page 4096, cache
 * line 64, MTU 1024), each message after the server's answer to the last,
 * then @n bytes of @last.
 */
static struct script client_script(const char *version, const char *last, size_t n)
{
	static const char page[4] = { 0, 0, 0x10, 0 }, line[4] = { 0, 0, 0, 64 };

	return (struct script){
		.reads = { 0, 16, 4, 4, 2 },
		.writes = { version, page, line, "3", last },
		.lens = { 16, 4, 4, 2, n },
	};
}

TEST(a_client_that_cuts_its_key_message_short_is_told_how_much_came)
{
	struct script s = client_script(VERSION, perftest_key, 50);

	expect_refusal(_metadata, &s, 2000,
		       "key message: the peer closed the connection after 50 of 108 bytes");
}

TEST(a_client_whose_key_runs_past_its_fields_is_refused_by_the_server)
{
	static char longer[OOB_KEY_BYTES];
	struct script s = client_script(VERSION, longer, sizeof(longer));

	/* Every field a digit too long: no NUL where the message ends. */
	memset(longer, '1', sizeof(longer));
	expect_refusal(_metadata, &s, 2000,
		       "key message: the key message does not end where it should");
}

TEST(a_rig_client_with_garbage_for_its_parameters_is_refused_by_the_server)
{
	static char garbage[OOB_PARAMS_BYTES];
	struct script s = client_script("6.06 rig\0\0\0\0\0\0\0", garbage, sizeof(garbage));

	memset(garbage, 0xff, sizeof(garbage));
	expect_refusal(_metadata, &s, 2000, "rig's parameters");
}

TEST(a_client_that_connects_and_says_nothing_times_the_server_out)
{
	struct script s = { .writes = { "" }, .lens = { 0 }, .linger = 1500 };

	EXPECT_LT(expect_refusal(_metadata, &s, 300,
				 "version: nothing from the peer for 0.3 s (0 of 16 bytes came)"),
		  1.0);
}

/*
 * A byte every 100 ms: each comes well inside the step's 500 ms, but the
 * version's 16 bytes would take 1.6 s.  The step waits 500 ms in all, not
 * 500 ms a byte, or a client could hold a server for hours.
 */
TEST(a_client_that_trickles_a_byte_at_a_time_times_out_within_the_step)
{
	struct script s = { .writes = { VERSION }, .lens = { 16 }, .trickle = 100,
			    .linger = 500 };

	EXPECT_LT(expect_refusal(_metadata, &s, 500, "version: only "), 1.0);
}

TEST(connecting_where_nobody_waits_says_to_start_a_server)
{
	struct oob o;
	uint16_t port;
	int lfd = listener(_metadata, &port);

	close(lfd);	/* the port is now free and, for a moment, nobody's */
	EXPECT_EQ(-1, oob_connect(&o, "127.0.0.1", port, 300));
	EXPECT_NE(NULL, strstr(o.error, "refused")) TH_LOG("%s", o.error);
	EXPECT_NE(NULL, strstr(o.error, "is a server waiting there")) TH_LOG("%s", o.error);
}

TEST(an_unknown_host_is_named)
{
	struct oob o;

	EXPECT_EQ(-1, oob_connect(&o, "no-such-host.invalid", 18515, 300));
	EXPECT_NE(NULL, strstr(o.error, "cannot resolve 'no-such-host.invalid'"))
		TH_LOG("%s", o.error);
}

TEST_HARNESS_MAIN
