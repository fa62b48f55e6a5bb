/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perftest's out-of-band exchange, so that rig's tests talk to perftest
 * (ib_send_bw, ib_read_bw, ib_send_lat of perftest 4.5) and to another
 * rig across a network.  oob.c owns the messages (pure encoders and
 * decoders that refuse anything malformed) and the TCP conversation in
 * perftest's order: versions, page and cache line sizes, MTU, the key
 * message of the queue pair, the handshakes that synchronise the runs,
 * the reports of ib_read_bw and the closing "done".  It never touches a
 * NIC: the caller hands it plain numbers, so the unit tests run both
 * ends of a conversation on the loopback interface.
 *
 * The wire (what perftest sends, without rdma_cm):
 *   version     16 bytes, text, NUL-padded ("6.06"); perftest refuses a
 *               peer older than 5.70
 *   sys data    4 bytes big-endian: the buffer cycle (page size), then 4
 *               bytes: the cache line; each side takes the larger
 *   MTU         2 bytes: the digit of enum ibv_mtu (1: 256 ... 5: 4096)
 *               and a NUL; each side takes the smaller
 *   key         108 bytes: "%04x:%04x:%06x:%06x:%08x:%016llx:" LID,
 *               outstanding reads, QPN, PSN, rkey, vaddr, then the GID as
 *               16 "%02x:" and "%08x:" (SRQ number) and a NUL
 *   handshake   a key message each way, the client first
 *   report      5 items of 8 bytes, big-endian: size, iterations, peak
 *               and average MiB/s and Mpps as IEEE doubles (ib_read_bw's
 *               client tells its server its result)
 *   done        "done" and a NUL, each way, then the socket closes
 * In every exchange the client writes first and the server reads first.
 *
 * Between two rigs (the version carries " rig" after the number) one more
 * message follows the MTU: the test and its sizes and iterations, so that
 * a mismatch is named at once rather than hanging a run.
 */
#ifndef RIG_TOOL_OOB_H
#define RIG_TOOL_OOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* perftest's default port, -p. */
#define OOB_PORT_DEFAULT 18515

/* The version rig sends: the protocol of perftest 4.5-0.17 (6.06). */
#define OOB_VERSION "6.06"
#define OOB_RIG_MARK " rig"
#define OOB_VERSION_BYTES 16
/* perftest refuses a peer older than this; rig does too (sizes changed before). */
#define OOB_VERSION_MIN 5.70

#define OOB_KEY_BYTES 108
#define OOB_MTU_BYTES 2
#define OOB_DONE_BYTES 5
#define OOB_PARAMS_BYTES 64

/* The cache line rig tells the peer, as perftest reads it on x86. */
#define OOB_CACHE_LINE 64

/* How long a step of the set-up waits for the peer's whole message, in milliseconds. */
#define OOB_TIMEOUT_MS 30000

/**
 * struct oob_key - perftest's per-queue-pair key message
 * @lid: 0 on RoCE
 * @out_reads: RDMA reads the sender's queue pair answers at once (the
 *	       peer's requester keeps no more outstanding)
 * @qpn: queue pair number (24 bits)
 * @psn: first packet sequence number (24 bits)
 * @rkey: the key of the buffer the peer may read
 * @vaddr: its address as the key names it
 * @gid: the port's RoCE GID
 * @srqn: shared receive queue number: 0
 */
struct oob_key {
	uint32_t lid, out_reads, qpn, psn, rkey;
	uint64_t vaddr;
	uint8_t gid[16];
	uint32_t srqn;
};

/**
 * struct oob_params - what a rig peer must agree on (rig to rig only)
 * @test: "send-bw", "read-bw" or "send-lat"
 * @all: -a
 * @size: -s (0 with -a)
 * @iters: -n
 */
struct oob_params {
	char test[16];
	bool all;
	uint64_t size;
	uint64_t iters;
};

/**
 * struct oob_report - one size of a bandwidth test, as perftest reports it
 * @size: bytes
 * @iters: messages
 * @peak_mibs: peak MiB/s
 * @avg_mibs: average MiB/s
 * @rate_mpps: average million messages a second
 */
struct oob_report {
	uint64_t size, iters;
	double peak_mibs, avg_mibs, rate_mpps;
};

/**
 * oob_key_encode() - the 108-byte key message of @k
 * @k: the key
 * @out: OOB_KEY_BYTES, filled with the text and its NUL
 *
 * Return: 0; -1 (nothing useful in @out) when a field is wider than its
 * place in the message (QPN or PSN past 24 bits, LID or reads past 16).
 */
int oob_key_encode(const struct oob_key *k, char out[OOB_KEY_BYTES]);

/**
 * oob_key_decode() - read the peer's key message
 * @in: OOB_KEY_BYTES as they came
 * @k: the key on success
 * @why: the reason on failure
 * @n: room in @why
 *
 * Every field must be hex digits of exactly its width, each followed by
 * a colon, with a NUL after the last; anything else is refused (a peer
 * without a GID, on InfiniBand, sends a shorter message).
 *
 * Return: 0, or -1 with @why said.
 */
int oob_key_decode(const char in[OOB_KEY_BYTES], struct oob_key *k, char *why, size_t n);

/**
 * oob_version_encode() - the 16-byte version rig sends
 * @out: OOB_VERSION_BYTES: OOB_VERSION and OOB_RIG_MARK, NUL-padded
 */
void oob_version_encode(char out[OOB_VERSION_BYTES]);

/**
 * oob_version_decode() - the peer's version
 * @in: OOB_VERSION_BYTES as they came
 * @text: the version as text, at least OOB_VERSION_BYTES + 1 bytes
 * @rig: whether the peer is rig
 * @why: the reason on failure
 * @n: room in @why
 *
 * Return: 0 for a version of OOB_VERSION_MIN or later; -1 for text that
 * is no version (no NUL, no number, control characters) or an older one.
 */
int oob_version_decode(const char in[OOB_VERSION_BYTES], char *text, bool *rig, char *why,
		       size_t n);

/**
 * oob_mtu_encode() - the MTU message of a path MTU
 * @bytes: 256, 512, 1024, 2048 or 4096
 * @out: OOB_MTU_BYTES
 *
 * Return: 0, or -1 for any other MTU.
 */
int oob_mtu_encode(uint32_t bytes, char out[OOB_MTU_BYTES]);

/**
 * oob_mtu_decode() - the peer's MTU message
 * @in: OOB_MTU_BYTES
 * @bytes: the MTU in bytes
 *
 * Return: 0, or -1 for anything but a digit 1 to 5 and a NUL.
 */
int oob_mtu_decode(const char in[OOB_MTU_BYTES], uint32_t *bytes);

/**
 * oob_params_encode() - rig's own message of what a run asks
 * @p: the parameters; @p->test at most 15 bytes
 * @out: OOB_PARAMS_BYTES of NUL-padded text
 */
void oob_params_encode(const struct oob_params *p, char out[OOB_PARAMS_BYTES]);

/**
 * oob_params_decode() - a rig peer's parameters
 * @in: OOB_PARAMS_BYTES
 * @p: the parameters
 *
 * Return: 0, or -1 for anything malformed.
 */
int oob_params_decode(const char in[OOB_PARAMS_BYTES], struct oob_params *p);

/**
 * oob_params_text() - "send-bw -s 65536 -n 1000" or "send-bw -a -n 1000"
 * @p: the parameters
 * @buf: where the text goes
 * @n: room in @buf
 */
void oob_params_text(const struct oob_params *p, char *buf, size_t n);

/** oob_gid_v4mapped() - is @gid an IPv4-mapped address (::ffff:a.b.c.d)? */
bool oob_gid_v4mapped(const uint8_t gid[16]);

/** oob_put_be64() - @v big-endian into 8 bytes at @p */
void oob_put_be64(unsigned char *p, uint64_t v);

/** oob_get_be64() - 8 big-endian bytes at @p */
uint64_t oob_get_be64(const unsigned char *p);

/**
 * struct oob - one end of the conversation
 * @fd: the connected socket, -1 before
 * @server: this end waited for the other
 * @timeout_ms: how long a step of the set-up waits
 * @peer_version: the peer's version, as text
 * @peer_rig: the peer is rig
 * @cycle: the buffer cycle both sides use (the larger page size)
 * @cache_line: the cache line both use
 * @mtu: the path MTU both use, in bytes
 * @peer: the peer's key message, after oob_setup()
 * @error: what went wrong, after a call returned -1
 */
struct oob {
	int fd;
	bool server;
	int timeout_ms;
	char peer_version[OOB_VERSION_BYTES + 1];
	bool peer_rig;
	uint32_t cycle, cache_line, mtu;
	struct oob_key peer;
	char error[320];
};

/**
 * oob_listen() - a socket listening on TCP @port of every IPv4 address
 * @port: the port; 0 for one the kernel picks (oob_port() says which)
 * @lfd: the listening socket
 * @why: the reason on failure
 * @n: room in @why
 *
 * Return: 0, or -1 with @why said.
 */
int oob_listen(uint16_t port, int *lfd, char *why, size_t n);

/** oob_port() - the port @lfd listens on, or 0 */
uint16_t oob_port(int lfd);

/**
 * oob_accept() - wait on @lfd for one client, then close @lfd
 * @o: the server's end, initialised here
 * @lfd: from oob_listen()
 * @timeout_ms: how long to wait, negative for ever
 *
 * Return: 0, or -1 with @o->error said.
 */
int oob_accept(struct oob *o, int lfd, int timeout_ms);

/**
 * oob_connect() - connect to a waiting server
 * @o: the client's end, initialised here
 * @host: a name or IPv4 address
 * @port: its port
 * @timeout_ms: how long to try
 *
 * Return: 0, or -1 with @o->error said (no such host, refused, timed out).
 */
int oob_connect(struct oob *o, const char *host, uint16_t port, int timeout_ms);

/**
 * oob_exchange() - send @n bytes of @mine and take @n of the peer's
 * @o: a connected end
 * @mine: what this end sends
 * @theirs: what the peer sent
 * @n: bytes each way
 * @what: the step, for messages
 * @timeout_ms: how long to wait for the peer, negative for ever
 *
 * The client writes first, the server reads first, as perftest does.
 * The peer's @n bytes must all come within @timeout_ms, however they
 * trickle in.
 *
 * Return: 0, or -1 with @o->error said (closed, reset, timed out, short).
 */
int oob_exchange(struct oob *o, const void *mine, void *theirs, size_t n, const char *what,
		 int timeout_ms);

/**
 * oob_setup() - the set-up, in perftest's order, to the peer's key
 * @o: a connected end
 * @mine: this end's key message
 * @params: what this run asks (compared with a rig peer's)
 * @page: this machine's page size
 * @mtu: this end's MTU in bytes (256 to 4096, a power of two)
 *
 * Exchanges the versions, the page and cache line sizes, the MTUs (into
 * @o->mtu, the smaller), rig's parameters when the peer is rig, then the
 * key messages (into @o->peer), and checks that both GIDs are of one
 * kind (IPv4-mapped or not), as perftest does.
 *
 * Return: 0, or -1 with @o->error said.
 */
int oob_setup(struct oob *o, const struct oob_key *mine, const struct oob_params *params,
	      uint32_t page, uint32_t mtu);

/**
 * oob_sync() - one of perftest's handshakes: a key message each way
 * @o: a connected end after oob_setup()
 * @mine: this end's key message
 * @what: the step, for messages
 * @timeout_ms: how long to wait, negative for ever (the peer may be running)
 *
 * Return: 0, or -1 with @o->error said; a key message that is not the one
 * the peer gave in oob_setup() is refused.
 */
int oob_sync(struct oob *o, const struct oob_key *mine, const char *what, int timeout_ms);

/**
 * oob_report() - ib_read_bw's report: the client sends its, the server takes it
 * @o: a connected end
 * @mine: this end's report (the server's is ignored by the client)
 * @theirs: the peer's
 *
 * Return: 0, or -1 with @o->error said.
 */
int oob_report(struct oob *o, const struct oob_report *mine, struct oob_report *theirs);

/**
 * oob_close() - the last handshake and "done", then close the socket
 * @o: a connected end
 * @mine: this end's key message
 *
 * Return: 0, or -1 with @o->error said; the socket is closed either way.
 */
int oob_close(struct oob *o, const struct oob_key *mine);

/**
 * oob_peer_name() - the peer's IPv4 address and port, as text
 * @o: a connected end
 * @buf: where the text goes ("?" when the socket cannot say)
 * @n: room in @buf
 */
void oob_peer_name(const struct oob *o, char *buf, size_t n);

/** oob_drop() - close the socket without a word (after an error): the peer sees it closed */
void oob_drop(struct oob *o);

#endif /* RIG_TOOL_OOB_H */
