// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target "oob": everything lib/tools/rig/oob.c reads from a perftest
 * or rig peer.  The input's first byte picks what is fuzzed, the rest is
 * what the peer sends:
 *   0, 1   a whole conversation, this end the server (0) or the client:
 *          oob_setup(), the two handshakes after connecting, ib_read_bw's
 *          report and oob_close(), the peer's bytes waiting in a socket
 *          pair as a peer would have sent them in one go
 *   2      oob_key_decode() of OOB_KEY_BYTES
 *   3      oob_version_decode() of OOB_VERSION_BYTES
 *   4      oob_params_decode() of OOB_PARAMS_BYTES
 *   5      oob_mtu_decode() of OOB_MTU_BYTES
 * Each decoder reads a buffer of exactly its message's size (AddressSanitizer
 * sees one byte past it), and what a decoder accepts must survive its
 * encoder and decode to the same thing; what the conversation accepts must
 * keep the rules oob.h gives (MTU, page and cache line sizes).  A breach is
 * an abort, which libFuzzer reports as a crash.  This file owns the
 * target; the seeds are seeds.c's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fuzz.h"
#include "oob.h"

#define FUZZ_PAGE 4096

static const struct oob_key fuzz_mine = {
	.out_reads = 16, .qpn = 0x11, .psn = 0xa1b2c3, .rkey = 0x1234,
	.gid = { [10] = 0xff, [11] = 0xff, [12] = 10, [13] = 77, [14] = 0, [15] = 1 },
};

static const struct oob_params fuzz_params = {
	.test = "read-bw", .size = 65536, .iters = 1000,
};

static bool power_of_two(uint32_t v)
{
	return v && !(v & (v - 1));
}

/* The peer's bytes in a socket pair, closed behind them: @o talks to it. */
static void conversation(const uint8_t *data, size_t size, bool server)
{
	struct oob_report mine = { .size = 65536, .iters = 1000, .avg_mibs = 1 }, theirs;
	struct oob o;
	int sv[2];

	must(!socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv));
	/* Larger than any seed; what the peer sends past it is never read. */
	if (size > 4096)
		size = 4096;
	must(write(sv[1], data, size) == (ssize_t)size);
	must(!shutdown(sv[1], SHUT_WR));
	memset(&o, 0, sizeof(o));
	o.fd = sv[0];
	o.server = server;
	o.timeout_ms = 1000;
	if (!oob_setup(&o, &fuzz_mine, &fuzz_params, FUZZ_PAGE, 1024)) {
		must(o.mtu >= 256 && o.mtu <= 1024 && power_of_two(o.mtu));
		must(o.cycle >= FUZZ_PAGE && o.cycle <= 1u << 30 && power_of_two(o.cycle));
		must(o.cache_line >= 64 && o.cache_line <= 4096 && power_of_two(o.cache_line));
		must(memchr(o.peer_version, '\0', sizeof(o.peer_version)));
		must(o.peer.qpn <= 0xffffff && o.peer.psn <= 0xffffff);
		if (!oob_sync(&o, &fuzz_mine, "sync", 1000) &&
		    !oob_sync(&o, &fuzz_mine, "sync", 1000) && !oob_report(&o, &mine, &theirs))
			oob_close(&o, &fuzz_mine);
	}
	must(memchr(o.error, '\0', sizeof(o.error)));
	oob_drop(&o);
	close(sv[1]);
}

static void key(const char *in)
{
	struct oob_key k, again;
	char out[OOB_KEY_BYTES], why[240];

	/* Compared whole: the padding too. */
	memset(&k, 0, sizeof(k));
	memset(&again, 0, sizeof(again));
	if (oob_key_decode(in, &k, why, sizeof(why))) {
		must(memchr(why, '\0', sizeof(why)));
		return;
	}
	/* The message has no room for more: every field fits its width. */
	must(!oob_key_encode(&k, out));
	must(!oob_key_decode(out, &again, why, sizeof(why)));
	must(!memcmp(&k, &again, sizeof(k)));
	must(!strncasecmp(in, out, OOB_KEY_BYTES));
}

static void version(const char *in)
{
	char text[OOB_VERSION_BYTES + 1], why[200];
	bool rig;

	if (oob_version_decode(in, text, &rig, why, sizeof(why))) {
		must(memchr(why, '\0', sizeof(why)));
		return;
	}
	must(strlen(text) < OOB_VERSION_BYTES && !memcmp(text, in, strlen(text)));
}

static void params(const char *in)
{
	struct oob_params p, again;
	char out[OOB_PARAMS_BYTES];

	memset(&again, 0, sizeof(again));
	if (oob_params_decode(in, &p))
		return;
	must(memchr(p.test, '\0', sizeof(p.test)));
	oob_params_encode(&p, out);
	must(!oob_params_decode(out, &again));
	must(!strcmp(p.test, again.test) && p.all == again.all && p.size == again.size &&
	     p.iters == again.iters);
}

static void mtu(const char *in)
{
	char out[OOB_MTU_BYTES];
	uint32_t bytes;

	if (oob_mtu_decode(in, &bytes))
		return;
	must(!oob_mtu_encode(bytes, out) && !memcmp(in, out, OOB_MTU_BYTES));
}

/* @fn on a copy of exactly @n bytes, when the input has them. */
static void exact(const uint8_t *data, size_t size, size_t n, void (*fn)(const char *))
{
	char *buf;

	if (size < n)
		return;
	buf = malloc(n);
	must(buf);
	memcpy(buf, data, n);
	fn(buf);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	switch (data[0]) {
	case 0:
	case 1:
		conversation(data + 1, size - 1, data[0] == 0);
		break;
	case 2:
		exact(data + 1, size - 1, OOB_KEY_BYTES, key);
		break;
	case 3:
		exact(data + 1, size - 1, OOB_VERSION_BYTES, version);
		break;
	case 4:
		exact(data + 1, size - 1, OOB_PARAMS_BYTES, params);
		break;
	case 5:
		exact(data + 1, size - 1, OOB_MTU_BYTES, mtu);
		break;
	default:
		return -1;	/* not a mode: keep it out of the corpus */
	}
	return 0;
}
