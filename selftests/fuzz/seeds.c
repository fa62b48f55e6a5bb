// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fuzz targets' seed corpora, written by the model's and rig's own
 * encoders so that every seed is an input the code under test really
 * meets: corpus/oob/ whole conversations as perftest and rig send them
 * and each message alone, corpus/roce/ a frame of every opcode over IPv4
 * and IPv6 (the packet of roce_test.c's base_pkt()), corpus/rc/ scripts
 * of clean and lossy exchanges.  A few edge cases follow each.  This file
 * owns the seeds; make -C selftests/fuzz seeds writes them again.
 *   seeds DIR    writes DIR/oob, DIR/roce and DIR/rc (which must exist)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "oob.h"
#include "roce.h"

static const char *dir;

static void put(const char *target, const char *name, const void *a, size_t n)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/%s", dir, target, name);
	f = fopen(path, "wb");
	if (!f || fwrite(a, 1, n, f) != n || fclose(f)) {
		perror(path);
		exit(1);
	}
}

/* --- oob ------------------------------------------------------------------ */

struct stream {
	u8 b[1024];
	size_t n;
};

static void add(struct stream *s, const void *p, size_t n)
{
	memcpy(s->b + s->n, p, n);
	s->n += n;
}

static void be32(struct stream *s, u32 v)
{
	u8 b[4] = { v >> 24, v >> 16, v >> 8, v };

	add(s, b, 4);
}

static const struct oob_key peer_key = {
	.out_reads = 0x80, .qpn = 0x22, .psn = 0x123456, .rkey = 0xabcd,
	.vaddr = 0x7f0012345000ULL,
	.gid = { [10] = 0xff, [11] = 0xff, [12] = 10, [13] = 77, [14] = 0, [15] = 2 },
};

/* What the peer sends in a whole read-bw conversation. */
static struct stream conversation(u8 mode, const char *version, bool rig, size_t cut)
{
	struct oob_params params = { .test = "read-bw", .size = 65536, .iters = 1000 };
	char v[OOB_VERSION_BYTES] = { 0 }, mtu[OOB_MTU_BYTES], key[OOB_KEY_BYTES];
	char p[OOB_PARAMS_BYTES];
	struct stream s = { .n = 0 };
	u8 item[8];

	add(&s, &mode, 1);
	memcpy(v, version, strlen(version));
	add(&s, v, sizeof(v));
	be32(&s, 4096);
	be32(&s, 64);
	oob_mtu_encode(1024, mtu);
	add(&s, mtu, sizeof(mtu));
	if (rig) {
		oob_params_encode(&params, p);
		add(&s, p, sizeof(p));
	}
	oob_key_encode(&peer_key, key);
	for (int i = 0; i < 3; i++)
		add(&s, key, sizeof(key));
	for (int i = 0; i < 5; i++) {
		oob_put_be64(item, i < 2 ? 65536 : 0x408f400000000000ULL);
		add(&s, item, sizeof(item));
	}
	add(&s, key, sizeof(key));
	add(&s, "done", 5);
	if (cut && cut < s.n)
		s.n = cut;
	return s;
}

static void message(const char *name, u8 mode, const void *m, size_t n)
{
	u8 b[1 + OOB_PARAMS_BYTES + OOB_KEY_BYTES] = { mode };

	memcpy(b + 1, m, n);
	put("oob", name, b, 1 + n);
}

static void oob_seeds(void)
{
	struct oob_params params = { .test = "send-bw", .all = true, .iters = 5000 };
	char key[OOB_KEY_BYTES], p[OOB_PARAMS_BYTES], v[OOB_VERSION_BYTES] = "6.06";
	struct stream s;

	s = conversation(0, "6.06", false, 0);
	put("oob", "server-perftest", s.b, s.n);
	s = conversation(1, "6.06", false, 0);
	put("oob", "client-perftest", s.b, s.n);
	s = conversation(0, "6.06 rig", true, 0);
	put("oob", "server-rig", s.b, s.n);
	s = conversation(1, "6.06 rig", true, 0);
	put("oob", "client-rig", s.b, s.n);
	s = conversation(0, "5.70", false, 60);
	put("oob", "server-cut-in-key", s.b, s.n);
	s = conversation(1, "5.69", false, 0);
	put("oob", "client-too-old", s.b, s.n);

	oob_key_encode(&peer_key, key);
	message("key", 2, key, sizeof(key));
	for (char *c = key; *c; c++)
		*c = *c >= 'a' && *c <= 'f' ? *c - 'a' + 'A' : *c;
	message("key-upper-case", 2, key, sizeof(key));
	key[50] = '\0';
	message("key-without-gid", 2, key, sizeof(key));
	message("version", 3, v, sizeof(v));
	memcpy(v, "6.06 rig", 8);
	message("version-rig", 3, v, sizeof(v));
	memset(v, '9', sizeof(v));
	message("version-no-nul", 3, v, sizeof(v));
	oob_params_encode(&params, p);
	message("params", 4, p, sizeof(p));
	message("mtu", 5, "3", 2);
	message("mtu-bad", 5, "6", 2);
}

/* --- roce ----------------------------------------------------------------- */

static const u8 payload[RIG_SOFT_ROCE_MTU_MAX] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };

/* roce_test.c's base_pkt() */
static struct rig_soft_roce_pkt base_pkt(bool ipv6, u8 opcode)
{
	struct rig_soft_roce_pkt p = {
		.dmac = { 0x02, 0, 0, 0, 0, 2 },
		.smac = { 0x02, 0, 0, 0, 0, 1 },
		.ipv6 = ipv6,
		.tclass = 0x68,
		.hop_limit = 64,
		.sport = rig_soft_roce_sport(0x11, 0x22),
		.opcode = opcode,
		.pkey = 0xffff,
		.dqpn = 0x123456,
		.psn = 0xfffffe,
		.payload = payload,
	};

	if (ipv6) {
		p.saddr.s6_addr32[0] = cpu_to_be32(0x20010db8);
		p.saddr.s6_addr32[3] = cpu_to_be32(1);
		p.daddr.s6_addr32[0] = cpu_to_be32(0x20010db8);
		p.daddr.s6_addr32[3] = cpu_to_be32(2);
		p.flow_label = 0xabcde;
	} else {
		ipv6_addr_set_v4mapped(cpu_to_be32(0x0a000001), &p.saddr);
		ipv6_addr_set_v4mapped(cpu_to_be32(0x0a000002), &p.daddr);
	}
	return p;
}

static u8 fbuf[1 + RIG_SOFT_ROCE_FRAME_MAX + 64];

static int frame(const struct rig_soft_roce_pkt *p, u8 flags)
{
	int n = rig_soft_roce_encode(p, fbuf + 1, RIG_SOFT_ROCE_FRAME_MAX);

	if (n < 0) {
		fprintf(stderr, "seeds: opcode %#x refused: %d\n", p->opcode, n);
		exit(1);
	}
	fbuf[0] = flags;
	return 1 + n;
}

static void roce_seeds(void)
{
	static const u8 ops[] = FUZZ_RC_OPCODES;
	struct rig_soft_roce_pkt p;
	char name[64];
	int n;

	for (int v6 = 0; v6 < 2; v6++) {
		for (size_t i = 0; i < sizeof(ops); i++) {
			u8 opf = rig_soft_roce_opf(ops[i]);

			p = base_pkt(v6, ops[i]);
			if (opf & RIG_SOFT_OPF_PAYLOAD)
				p.len = opf & RIG_SOFT_OPF_LAST ? 13 : 256;
			p.pad = -p.len & 3;
			p.ackreq = opf & RIG_SOFT_OPF_LAST;
			p.va = 0x100000;
			p.rkey = 0x5a5a;
			p.dma_len = 1000;
			p.syndrome = 0x1f;
			p.msn = 7;
			snprintf(name, sizeof(name), "ipv%d-opcode-%#04x", v6 ? 6 : 4, ops[i]);
			put("roce", name, fbuf, frame(&p, 0));
		}
	}
	p = base_pkt(false, IB_OPCODE_RC_SEND_ONLY);
	p.len = 4096;
	put("roce", "ipv4-send-4096", fbuf, frame(&p, 0));
	p = base_pkt(false, IB_OPCODE_RC_ACKNOWLEDGE);
	n = frame(&p, 1);
	fbuf[n - 1] ^= 0xff;	/* a bad ICRC, resealed by the target */
	put("roce", "ipv4-ack-resealed", fbuf, n);
	memset(fbuf + n, 0, 8);	/* Ethernet padding after the datagram */
	fbuf[n - 1] ^= 0xff;
	put("roce", "ipv4-ack-padded", fbuf, n + 8);
	p = base_pkt(true, IB_OPCODE_RC_SEND_LAST);
	p.len = 1;
	p.pad = 3;
	p.se = true;
	p.mig = true;
	put("roce", "ipv6-send-last-pad-3", fbuf, frame(&p, 0));
}

/* --- rc ------------------------------------------------------------------- */

/* The configuration bytes of rc.c: MTU 256, timeout 14, 7 retries, RNR 7,
 * RNR timer 1, 4 READs each way, an ACK every 2 packets; PSN 0xfffff0. */
static const u8 rc_cfg[] = { 0, 14, 7, 7, 1, 4, 4, 2, 0xff, 0xff, 0xf0 };

/* rc.c's operations */
enum { POST, REQ_SEND, RESP_SEND, TO_RESP, TO_REQ, LOSE, DUP, SWAP, TIME, HOSTILE_REQ,
       HOSTILE_RESP, POP };

static void rc_seed(const char *name, const u8 *ops, size_t n)
{
	u8 b[512];

	memcpy(b, rc_cfg, sizeof(rc_cfg));
	memcpy(b + sizeof(rc_cfg), ops, n);
	put("rc", name, b, sizeof(rc_cfg) + n);
}

static void rc_seeds(void)
{
	/* a SEND of 1000 bytes (4 packets), each delivered, ACKs back */
	static const u8 send[] = {
		POST, 0, 0, 0x03, 0xe8, REQ_SEND,
		TO_RESP, 0, TO_RESP, 0, TO_RESP, 0, TO_RESP, 0,
		RESP_SEND, TO_REQ, 0, TO_REQ, 0, POP,
	};
	/* a READ of 600 bytes: the request, three responses */
	static const u8 read[] = {
		POST, 1, 0, 0x02, 0x58, REQ_SEND, TO_RESP, 0, RESP_SEND,
		TO_REQ, 0, TO_REQ, 0, TO_REQ, 0, POP,
	};
	/* a SEND and a READ, the first packet lost, then the timer */
	static const u8 lossy[] = {
		POST, 0, 0, 0x02, 0x00, POST, 1, 0, 0x01, 0x00, REQ_SEND, LOSE, 1,
		TO_RESP, 0, TO_RESP, 0, RESP_SEND, TO_REQ, 0, TIME, 0xff, 0xff, 22,
		REQ_SEND, TO_RESP, 0, TO_RESP, 0, TO_RESP, 0, RESP_SEND,
		TO_REQ, 0, TO_REQ, 0, TO_REQ, 0, POP,
	};
	/* duplicates and a swap on the way */
	static const u8 dup[] = {
		POST, 0, 0, 0x04, 0x00, REQ_SEND, DUP, 1, SWAP, 1,
		TO_RESP, 0, TO_RESP, 0, TO_RESP, 0, TO_RESP, 0, TO_RESP, 0,
		RESP_SEND, DUP, 0, TO_REQ, 0, TO_REQ, 0, TO_REQ, 0, POP,
	};
	/* a receive missing (RNR NAK), then the retry after the RNR timer */
	static const u8 rnr[] = {
		POST, 0, 0, 0x00, 0x10, REQ_SEND, TO_RESP, 0xc1, RESP_SEND, TO_REQ, 0,
		TIME, 0xff, 0xff, 10, REQ_SEND, TO_RESP, 0, RESP_SEND, TO_REQ, 0, POP,
	};
	/* a peer's ACK, NAK and READ request out of nowhere */
	static const u8 hostile[] = {
		POST, 0, 0, 0x00, 0x40, REQ_SEND,
		HOSTILE_REQ, 9, 0x40, 0, 0, 0, 0, 0, 0x61, 0, 0, 1,
		HOSTILE_RESP, 4, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0x5a, 0x5a, 0, 0, 0x10, 0, RESP_SEND, POP,
	};

	rc_seed("send", send, sizeof(send));
	rc_seed("read", read, sizeof(read));
	rc_seed("lossy", lossy, sizeof(lossy));
	rc_seed("duplicates", dup, sizeof(dup));
	rc_seed("rnr", rnr, sizeof(rnr));
	rc_seed("hostile", hostile, sizeof(hostile));
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: seeds DIR\n");
		return 2;
	}
	dir = argv[1];
	oob_seeds();
	roce_seeds();
	rc_seeds();
	return 0;
}
