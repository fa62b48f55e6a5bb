// SPDX-License-Identifier: BSD-2-Clause
/*
 * perftest's out-of-band exchange (see oob.h for the wire): the messages,
 * coded and checked as pure functions, then the TCP conversation that
 * carries them in perftest's order.  Everything the peer sends is checked
 * before it is used; a peer that closes, stalls or sends something
 * malformed ends the conversation with a message that names the step.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "oob.h"

/* --- the messages ------------------------------------------------------- */

/* Widths of the key message's numbers before the GID: LID, reads, QPN, PSN, rkey, vaddr. */
static const unsigned int oob_key_widths[] = { 4, 4, 6, 6, 8, 16 };

#define OOB_NKEY_FIELDS (sizeof(oob_key_widths) / sizeof(oob_key_widths[0]))

static void oob_say(char *why, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void oob_say(char *why, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, n, fmt, ap);
	va_end(ap);
}

int oob_key_encode(const struct oob_key *k, char out[OOB_KEY_BYTES])
{
	int len;

	if (k->lid > 0xffff || k->out_reads > 0xffff || k->qpn > 0xffffff || k->psn > 0xffffff)
		return -1;
	len = snprintf(out, OOB_KEY_BYTES, "%04x:%04x:%06x:%06x:%08x:%016llx:", k->lid,
		       k->out_reads, k->qpn, k->psn, k->rkey, (unsigned long long)k->vaddr);
	for (int i = 0; i < 16; i++)
		len += snprintf(out + len, OOB_KEY_BYTES - (size_t)len, "%02x:", k->gid[i]);
	len += snprintf(out + len, OOB_KEY_BYTES - (size_t)len, "%08x:", k->srqn);
	return len == OOB_KEY_BYTES - 1 ? 0 : -1;
}

static int oob_hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* @width hex digits at @p, then a colon: 0, or -1. */
static int oob_hex_field(const char *p, unsigned int width, uint64_t *v)
{
	uint64_t n = 0;

	for (unsigned int i = 0; i < width; i++) {
		int d = oob_hex_digit(p[i]);

		if (d < 0)
			return -1;
		n = n << 4 | (unsigned int)d;
	}
	if (p[width] != ':')
		return -1;
	*v = n;
	return 0;
}

static const char *const oob_key_names[] = { "LID", "outstanding reads", "QPN", "PSN", "rkey",
					     "vaddr" };

int oob_key_decode(const char in[OOB_KEY_BYTES], struct oob_key *k, char *why, size_t n)
{
	uint64_t v[OOB_NKEY_FIELDS], b;
	const char *p = in;

	if (in[OOB_KEY_BYTES - 1] != '\0') {
		oob_say(why, n, "the key message does not end where it should (%d bytes)",
			OOB_KEY_BYTES);
		return -1;
	}
	for (size_t i = 0; i < OOB_NKEY_FIELDS; i++) {
		if (oob_hex_field(p, oob_key_widths[i], &v[i])) {
			oob_say(why, n, "the key message's %s is not %u hex digits and a colon: \"%.108s\"",
				oob_key_names[i], oob_key_widths[i], in);
			return -1;
		}
		p += oob_key_widths[i] + 1;
	}
	for (int i = 0; i < 16; i++, p += 3) {
		if (oob_hex_field(p, 2, &b)) {
			oob_say(why, n, "the key message's GID (byte %d) is malformed: \"%.108s\"", i,
				in);
			return -1;
		}
		k->gid[i] = (uint8_t)b;
	}
	if (oob_hex_field(p, 8, &b) || p[9] != '\0') {
		oob_say(why, n, "the key message's SRQ number or its end is malformed: \"%.108s\"",
			in);
		return -1;
	}
	k->lid = (uint32_t)v[0];
	k->out_reads = (uint32_t)v[1];
	k->qpn = (uint32_t)v[2];
	k->psn = (uint32_t)v[3];
	k->rkey = (uint32_t)v[4];
	k->vaddr = v[5];
	k->srqn = (uint32_t)b;
	return 0;
}

void oob_version_encode(char out[OOB_VERSION_BYTES])
{
	memset(out, 0, OOB_VERSION_BYTES);
	memcpy(out, OOB_VERSION OOB_RIG_MARK, sizeof(OOB_VERSION OOB_RIG_MARK) - 1);
}

/* Digits, a point and digits at @s: its length, or 0 when it is no number. */
static size_t oob_number_length(const char *s)
{
	size_t i = 0;

	while (s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == 0)
		return 0;
	if (s[i] == '.') {
		size_t j = i + 1;

		while (s[j] >= '0' && s[j] <= '9')
			j++;
		if (j > i + 1)
			i = j;
	}
	return i;
}

int oob_version_decode(const char in[OOB_VERSION_BYTES], char *text, bool *rig, char *why,
		       size_t n)
{
	const char *nul = memchr(in, '\0', OOB_VERSION_BYTES);
	size_t len, num;
	char number[OOB_VERSION_BYTES];

	if (!nul) {
		oob_say(why, n, "the peer's version is not text: no NUL in %d bytes",
			OOB_VERSION_BYTES);
		return -1;
	}
	len = (size_t)(nul - in);
	for (size_t i = 0; i < len; i++) {
		if (in[i] < 0x20 || in[i] > 0x7e) {
			oob_say(why, n, "the peer's version is not text (byte %zu is %#04x)", i,
				(unsigned char)in[i]);
			return -1;
		}
	}
	memcpy(text, in, len);
	text[len] = '\0';
	num = oob_number_length(text);
	if (!num) {
		oob_say(why, n, "the peer's version \"%s\" is no number: is it perftest or rig?",
			text);
		return -1;
	}
	memcpy(number, text, num);
	number[num] = '\0';
	if (strtod(number, NULL) < OOB_VERSION_MIN) {
		oob_say(why, n,
			"the peer speaks perftest version %s; rig speaks the protocol of %.2f and later",
			text, OOB_VERSION_MIN);
		return -1;
	}
	*rig = !strcmp(text + num, OOB_RIG_MARK);
	return 0;
}

int oob_mtu_encode(uint32_t bytes, char out[OOB_MTU_BYTES])
{
	for (int e = 1; e <= 5; e++) {
		if (bytes == 128u << e) {
			out[0] = (char)('0' + e);
			out[1] = '\0';
			return 0;
		}
	}
	return -1;
}

int oob_mtu_decode(const char in[OOB_MTU_BYTES], uint32_t *bytes)
{
	if (in[0] < '1' || in[0] > '5' || in[1] != '\0')
		return -1;
	*bytes = 128u << (in[0] - '0');
	return 0;
}

static const char *const oob_tests[] = { "send-bw", "read-bw", "send-lat" };

void oob_params_encode(const struct oob_params *p, char out[OOB_PARAMS_BYTES])
{
	memset(out, 0, OOB_PARAMS_BYTES);
	snprintf(out, OOB_PARAMS_BYTES, "rig1 %.15s a=%d s=%llu n=%llu", p->test, p->all ? 1 : 0,
		 (unsigned long long)p->size, (unsigned long long)p->iters);
}

int oob_params_decode(const char in[OOB_PARAMS_BYTES], struct oob_params *p)
{
	unsigned long long size, iters;
	int all, end = -1;
	bool known = false;

	if (!memchr(in, '\0', OOB_PARAMS_BYTES))
		return -1;
	memset(p, 0, sizeof(*p));
	if (sscanf(in, "rig1 %15s a=%d s=%llu n=%llu%n", p->test, &all, &size, &iters, &end) != 4 ||
	    end < 0 || in[end] != '\0' || (all != 0 && all != 1))
		return -1;
	for (size_t i = 0; i < sizeof(oob_tests) / sizeof(oob_tests[0]); i++)
		known |= !strcmp(p->test, oob_tests[i]);
	if (!known || (all ? size != 0 : size == 0) || iters == 0)
		return -1;
	p->all = all;
	p->size = size;
	p->iters = iters;
	return 0;
}

void oob_params_text(const struct oob_params *p, char *buf, size_t n)
{
	if (p->all)
		snprintf(buf, n, "%s -a -n %llu", p->test, (unsigned long long)p->iters);
	else
		snprintf(buf, n, "%s -s %llu -n %llu", p->test, (unsigned long long)p->size,
			 (unsigned long long)p->iters);
}

bool oob_gid_v4mapped(const uint8_t gid[16])
{
	static const uint8_t prefix[12] = { [10] = 0xff, [11] = 0xff };

	return !memcmp(gid, prefix, sizeof(prefix));
}

void oob_put_be64(unsigned char *p, uint64_t v)
{
	for (int i = 7; i >= 0; i--, v >>= 8)
		p[i] = (unsigned char)v;
}

uint64_t oob_get_be64(const unsigned char *p)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

static void oob_put_be32(unsigned char *p, uint32_t v)
{
	for (int i = 3; i >= 0; i--, v >>= 8)
		p[i] = (unsigned char)v;
}

static uint32_t oob_get_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* --- the conversation --------------------------------------------------- */

static int oob_fail(struct oob *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int oob_fail(struct oob *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(o->error, sizeof(o->error), fmt, ap);
	va_end(ap);
	return -1;
}

static void oob_init(struct oob *o, int fd, bool server)
{
	int one = 1;

	memset(o, 0, sizeof(*o));
	o->fd = fd;
	o->server = server;
	o->timeout_ms = OOB_TIMEOUT_MS;
	/* Each message is one small write the peer waits for. */
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

int oob_listen(uint16_t port, int *lfd, char *why, size_t n)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) };
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;

	if (fd < 0) {
		oob_say(why, n, "socket: %s", strerror(errno));
		return -1;
	}
	a.sin_addr.s_addr = htonl(INADDR_ANY);
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) || listen(fd, 1)) {
		oob_say(why, n, "cannot listen on TCP port %u: %s%s", port, strerror(errno),
			errno == EADDRINUSE ? " (another test waits there? give another with -p)" :
					      "");
		close(fd);
		return -1;
	}
	*lfd = fd;
	return 0;
}

uint16_t oob_port(int lfd)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);

	if (getsockname(lfd, (struct sockaddr *)&a, &len) || a.sin_family != AF_INET)
		return 0;
	return ntohs(a.sin_port);
}

int oob_accept(struct oob *o, int lfd, int timeout_ms)
{
	struct pollfd pfd = { .fd = lfd, .events = POLLIN };
	int ret, fd;

	o->fd = -1;
	do
		ret = poll(&pfd, 1, timeout_ms);
	while (ret < 0 && errno == EINTR);
	if (ret < 0) {
		close(lfd);
		return oob_fail(o, "waiting for a client: %s", strerror(errno));
	}
	if (ret == 0) {
		close(lfd);
		return oob_fail(o, "no client came in %d s", timeout_ms / 1000);
	}
	fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
	close(lfd);
	if (fd < 0)
		return oob_fail(o, "accepting the client: %s", strerror(errno));
	oob_init(o, fd, true);
	return 0;
}

static uint64_t oob_ms_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

/* One connect() to @a within @ms: the socket, or -1 with errno set. */
static int oob_try_connect(const struct addrinfo *a, int ms)
{
	struct pollfd pfd;
	int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
			a->ai_protocol);
	int err = 0, ret;
	socklen_t len = sizeof(err);

	if (fd < 0)
		return -1;
	if (connect(fd, a->ai_addr, a->ai_addrlen) && errno != EINPROGRESS)
		goto fail;
	pfd = (struct pollfd){ .fd = fd, .events = POLLOUT };
	do
		ret = poll(&pfd, 1, ms);
	while (ret < 0 && errno == EINTR);
	if (ret == 0)
		errno = ETIMEDOUT;
	if (ret <= 0)
		goto fail;
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) || err) {
		errno = err ? err : errno;
		goto fail;
	}
	if (fcntl(fd, F_SETFL, 0))
		goto fail;
	return fd;
fail:
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

int oob_connect(struct oob *o, const char *host, uint16_t port, int timeout_ms)
{
	struct addrinfo hints = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM }, *res;
	uint64_t deadline = oob_ms_now() + (uint64_t)timeout_ms;
	char service[8];
	int ret, fd = -1;

	o->fd = -1;
	snprintf(service, sizeof(service), "%u", port);
	ret = getaddrinfo(host, service, &hints, &res);
	if (ret)
		return oob_fail(o, "cannot resolve '%s': %s", host, gai_strerror(ret));
	/* A server started a moment ago may not listen yet: try again until the deadline. */
	for (;;) {
		uint64_t now = oob_ms_now();

		fd = oob_try_connect(res, now < deadline ? (int)(deadline - now) : 0);
		if (fd >= 0 || errno != ECONNREFUSED || oob_ms_now() + 100 >= deadline)
			break;
		usleep(100000);
	}
	ret = errno;
	freeaddrinfo(res);
	if (fd < 0)
		return oob_fail(o, "cannot connect to %s port %u: %s%s", host, port, strerror(ret),
				ret == ECONNREFUSED || ret == ETIMEDOUT ?
				" (is a server waiting there: rig with -S, or perftest with no address?)" :
				"");
	oob_init(o, fd, false);
	return 0;
}

static int oob_write(struct oob *o, const void *buf, size_t n, const char *what)
{
	const char *p = buf;

	while (n) {
		ssize_t ret = send(o->fd, p, n, MSG_NOSIGNAL);

		if (ret < 0 && errno == EINTR)
			continue;
		if (ret < 0 && (errno == EPIPE || errno == ECONNRESET))
			return oob_fail(o, "%s: the peer closed the connection (the peer says why on its side)",
					what);
		if (ret < 0)
			return oob_fail(o, "%s: sending to the peer: %s", what, strerror(errno));
		p += ret;
		n -= (size_t)ret;
	}
	return 0;
}

/*
 * Read the @n bytes of one message within @timeout_ms in all (negative:
 * for ever): a peer trickling a byte at a time holds a step no longer
 * than one that sends nothing.
 */
static int oob_read(struct oob *o, void *buf, size_t n, const char *what, int timeout_ms)
{
	uint64_t deadline = oob_ms_now() + (uint64_t)(timeout_ms < 0 ? 0 : timeout_ms);
	char *p = buf;
	size_t got = 0;

	while (got < n) {
		struct pollfd pfd = { .fd = o->fd, .events = POLLIN };
		uint64_t now = oob_ms_now();
		int left = timeout_ms < 0 ? -1 : now < deadline ? (int)(deadline - now) : 0;
		ssize_t ret = poll(&pfd, 1, left);

		if (ret < 0 && errno == EINTR)
			continue;
		if (ret == 0 && !got)
			return oob_fail(o, "%s: nothing from the peer for %g s (%zu of %zu bytes came)",
					what, timeout_ms / 1000.0, got, n);
		if (ret == 0)
			return oob_fail(o, "%s: only %zu of %zu bytes came from the peer in %g s",
					what, got, n, timeout_ms / 1000.0);
		if (ret > 0)
			ret = recv(o->fd, p + got, n - got, 0);
		if (ret < 0 && errno == EINTR)
			continue;
		if (ret < 0 && errno != ECONNRESET)
			return oob_fail(o, "%s: %s", what, strerror(errno));
		if (ret < 0)
			ret = 0;	/* reset: the peer closed with our bytes unread */
		if (ret == 0 && got)
			return oob_fail(o, "%s: the peer closed the connection after %zu of %zu bytes",
					what, got, n);
		if (ret == 0)
			return oob_fail(o, "%s: the peer closed the connection (the peer says why on its side)",
					what);
		got += (size_t)ret;
	}
	return 0;
}

int oob_exchange(struct oob *o, const void *mine, void *theirs, size_t n, const char *what,
		 int timeout_ms)
{
	if (o->server)
		return oob_read(o, theirs, n, what, timeout_ms) || oob_write(o, mine, n, what) ?
		       -1 : 0;
	return oob_write(o, mine, n, what) || oob_read(o, theirs, n, what, timeout_ms) ? -1 : 0;
}

static int oob_versions(struct oob *o)
{
	char mine[OOB_VERSION_BYTES], theirs[OOB_VERSION_BYTES], why[200];

	oob_version_encode(mine);
	if (oob_exchange(o, mine, theirs, sizeof(mine), "version", o->timeout_ms))
		return -1;
	if (oob_version_decode(theirs, o->peer_version, &o->peer_rig, why, sizeof(why)))
		return oob_fail(o, "version: %s", why);
	return 0;
}

/* A 4-byte number each way: the larger, which must be a power of two up to @max. */
static int oob_larger(struct oob *o, uint32_t ours, uint32_t max, const char *what,
		      uint32_t *v)
{
	unsigned char mine[4], theirs[4];
	uint32_t peer;

	oob_put_be32(mine, ours);
	if (oob_exchange(o, mine, theirs, sizeof(mine), what, o->timeout_ms))
		return -1;
	peer = oob_get_be32(theirs);
	if (!peer || (peer & (peer - 1)) || peer > max)
		return oob_fail(o, "%s: the peer sent %u, not a power of two up to %u", what, peer,
				max);
	*v = peer > ours ? peer : ours;
	return 0;
}

static int oob_mtus(struct oob *o, uint32_t ours)
{
	char mine[OOB_MTU_BYTES], theirs[OOB_MTU_BYTES];
	uint32_t peer;

	if (oob_mtu_encode(ours, mine))
		return oob_fail(o, "MTU: %u bytes is no InfiniBand MTU (256 to 4096)", ours);
	if (oob_exchange(o, mine, theirs, sizeof(mine), "MTU", o->timeout_ms))
		return -1;
	if (oob_mtu_decode(theirs, &peer))
		return oob_fail(o, "MTU: the peer sent %#04x %#04x, not a digit 1 to 5 and a NUL",
				(unsigned char)theirs[0], (unsigned char)theirs[1]);
	o->mtu = peer < ours ? peer : ours;
	return 0;
}

static int oob_params(struct oob *o, const struct oob_params *p)
{
	char mine[OOB_PARAMS_BYTES], theirs[OOB_PARAMS_BYTES], a[80], b[80];
	struct oob_params peer;

	oob_params_encode(p, mine);
	if (oob_exchange(o, mine, theirs, sizeof(mine), "rig's parameters", o->timeout_ms))
		return -1;
	if (oob_params_decode(theirs, &peer))
		return oob_fail(o, "rig's parameters: the peer sent \"%.64s\"",
				memchr(theirs, '\0', sizeof(theirs)) ? theirs : "(no text)");
	if (strcmp(peer.test, p->test) || peer.all != p->all || peer.size != p->size ||
	    peer.iters != p->iters) {
		oob_params_text(&peer, a, sizeof(a));
		oob_params_text(p, b, sizeof(b));
		return oob_fail(o, "the peer runs 'rig %s', this end 'rig %s': give both ends the same test, sizes and iterations",
				a, b);
	}
	return 0;
}

static int oob_keys(struct oob *o, const struct oob_key *mine, struct oob_key *peer,
		    const char *what, int timeout_ms)
{
	char out[OOB_KEY_BYTES], in[OOB_KEY_BYTES], why[240];

	if (oob_key_encode(mine, out))
		return oob_fail(o, "%s: this end's queue pair number %#x or PSN %#x is too wide",
				what, mine->qpn, mine->psn);
	if (oob_exchange(o, out, in, sizeof(out), what, timeout_ms))
		return -1;
	if (oob_key_decode(in, peer, why, sizeof(why)))
		return oob_fail(o, "%s: %s", what, why);
	return 0;
}

int oob_setup(struct oob *o, const struct oob_key *mine, const struct oob_params *params,
	      uint32_t page, uint32_t mtu)
{
	if (oob_versions(o) ||
	    oob_larger(o, page, 1u << 30, "page size", &o->cycle) ||
	    oob_larger(o, OOB_CACHE_LINE, 4096, "cache line size", &o->cache_line) ||
	    oob_mtus(o, mtu) ||
	    (o->peer_rig && oob_params(o, params)) ||
	    oob_keys(o, mine, &o->peer, "key message", o->timeout_ms))
		return -1;
	if (oob_gid_v4mapped(mine->gid) != oob_gid_v4mapped(o->peer.gid))
		return oob_fail(o, "the GIDs are of two kinds, one IPv4 and one IPv6 (as perftest says: use one IP version on both ends)");
	return 0;
}

int oob_sync(struct oob *o, const struct oob_key *mine, const char *what, int timeout_ms)
{
	struct oob_key k;

	if (oob_keys(o, mine, &k, what, timeout_ms))
		return -1;
	if (k.qpn != o->peer.qpn || k.psn != o->peer.psn || memcmp(k.gid, o->peer.gid, 16))
		return oob_fail(o, "%s: the peer's key message changed (queue pair %#x, not %#x)",
				what, k.qpn, o->peer.qpn);
	return 0;
}

static int oob_report_item(struct oob *o, uint64_t mine, uint64_t *theirs, const char *what)
{
	unsigned char out[8], in[8];

	oob_put_be64(out, mine);
	if (oob_exchange(o, out, in, sizeof(out), what, o->timeout_ms))
		return -1;
	*theirs = oob_get_be64(in);
	return 0;
}

static uint64_t oob_double_bits(double d)
{
	uint64_t v;

	memcpy(&v, &d, sizeof(v));
	return v;
}

static double oob_bits_double(uint64_t v)
{
	double d;

	memcpy(&d, &v, sizeof(d));
	return d;
}

int oob_report(struct oob *o, const struct oob_report *mine, struct oob_report *theirs)
{
	uint64_t peak, avg, rate;

	if (oob_report_item(o, mine->size, &theirs->size, "report (size)") ||
	    oob_report_item(o, mine->iters, &theirs->iters, "report (iterations)") ||
	    oob_report_item(o, oob_double_bits(mine->peak_mibs), &peak, "report (peak)") ||
	    oob_report_item(o, oob_double_bits(mine->avg_mibs), &avg, "report (average)") ||
	    oob_report_item(o, oob_double_bits(mine->rate_mpps), &rate, "report (rate)"))
		return -1;
	theirs->peak_mibs = oob_bits_double(peak);
	theirs->avg_mibs = oob_bits_double(avg);
	theirs->rate_mpps = oob_bits_double(rate);
	return 0;
}

int oob_close(struct oob *o, const struct oob_key *mine)
{
	char done[OOB_DONE_BYTES] = "done", theirs[OOB_DONE_BYTES];
	int ret = oob_sync(o, mine, "the closing handshake", o->timeout_ms);

	/*
	 * perftest writes "done" and closes without reading ours, so the
	 * peer's may come or the connection may already be reset: only a
	 * wrong word is an error.
	 */
	if (!ret && !oob_write(o, done, sizeof(done), "done") &&
	    !oob_read(o, theirs, sizeof(theirs), "done", 2000) &&
	    memcmp(theirs, done, sizeof(done)))
		ret = oob_fail(o, "done: the peer sent \"%.4s\" where \"done\" was due", theirs);
	oob_drop(o);
	return ret;
}

void oob_peer_name(const struct oob *o, char *buf, size_t n)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	char ip[INET_ADDRSTRLEN];

	if (getpeername(o->fd, (struct sockaddr *)&a, &len) || a.sin_family != AF_INET ||
	    !inet_ntop(AF_INET, &a.sin_addr, ip, sizeof(ip))) {
		snprintf(buf, n, "?");
		return;
	}
	snprintf(buf, n, "%s port %u", ip, ntohs(a.sin_port));
}

void oob_drop(struct oob *o)
{
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
}
