// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_roce_test: building and decoding RoCE v2 packets
 * (roce.c): each opcode round trips over IPv4 and IPv6, each way a frame
 * can be malformed is dropped with its own reason, and the encoder
 * refuses what the decoder would drop.  This file owns those cases.
 */
#include <kunit/test.h>
#include <linux/prandom.h>
#include <linux/unaligned.h>
#include <net/checksum.h>
#include <net/ipv6.h>

#include "roce.h"

#define IP4	ETH_HLEN
#define UDP4	(IP4 + 20)
#define BTH4	(UDP4 + 8)

static const u8 payload[RIG_SOFT_ROCE_MTU_MAX] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };

/* A zeroed frame buffer, with room to grow a frame by a few bytes. */
static u8 *frame_buf(struct kunit *test)
{
	u8 *buf = kunit_kzalloc(test, RIG_SOFT_ROCE_FRAME_MAX + 8, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	return buf;
}

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

/* A SEND Last of 13 bytes and 3 of pad, AckReq: a frame in @buf. */
static u32 good_frame(struct kunit *test, u8 *buf)
{
	struct rig_soft_roce_pkt p = base_pkt(false, IB_OPCODE_RC_SEND_LAST);
	int len;

	p.payload = payload;
	p.len = 13;
	p.pad = 3;
	p.ackreq = true;
	len = rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX);
	KUNIT_ASSERT_EQ(test, len, ETH_HLEN + 20 + 8 + 12 + 16 + 4);
	return len;
}

/* After a test changed a field on purpose: a right IP checksum and ICRC. */
static void reseal(u8 *buf, u32 len)
{
	struct iphdr *ip4 = (struct iphdr *)(buf + IP4);

	ip4->check = 0;
	ip4->check = ip_fast_csum(ip4, ip4->ihl);
	rig_soft_icrc_set(ip4, len - IP4, false);
}

/* @n bytes more inside the datagram of a frame of @len, IP and UDP agreeing. */
static u32 grow(u8 *buf, u32 len, u32 n)
{
	struct iphdr *ip4 = (struct iphdr *)(buf + IP4);

	be16_add_cpu(&ip4->tot_len, n);
	put_unaligned_be16(get_unaligned_be16(buf + UDP4 + 4) + n, buf + UDP4 + 4);
	reseal(buf, len + n);
	return len + n;
}

static enum rig_soft_roce_drop decode(const u8 *buf, u32 len)
{
	struct rig_soft_roce_pkt p;

	return rig_soft_roce_decode(buf, len, &p);
}

static void round_trip(struct kunit *test, struct rig_soft_roce_pkt *in)
{
	u8 *buf = frame_buf(test);
	struct rig_soft_roce_pkt out;
	int len;

	len = rig_soft_roce_encode(in, buf, RIG_SOFT_ROCE_FRAME_MAX);
	KUNIT_ASSERT_EQ(test, len, rig_soft_roce_len(in));
	memset(&out, 0xa5, sizeof(out));
	KUNIT_ASSERT_EQ(test, rig_soft_roce_decode(buf, len, &out), RIG_SOFT_ROCE_OK);
	KUNIT_EXPECT_MEMEQ(test, out.dmac, in->dmac, ETH_ALEN);
	KUNIT_EXPECT_MEMEQ(test, out.smac, in->smac, ETH_ALEN);
	KUNIT_EXPECT_EQ(test, out.ipv6, in->ipv6);
	KUNIT_EXPECT_TRUE(test, ipv6_addr_equal(&out.saddr, &in->saddr));
	KUNIT_EXPECT_TRUE(test, ipv6_addr_equal(&out.daddr, &in->daddr));
	KUNIT_EXPECT_EQ(test, out.tclass, in->tclass);
	KUNIT_EXPECT_EQ(test, out.hop_limit, in->hop_limit);
	KUNIT_EXPECT_EQ(test, out.flow_label, in->flow_label);
	KUNIT_EXPECT_EQ(test, out.sport, in->sport);
	KUNIT_EXPECT_EQ(test, out.opcode, in->opcode);
	KUNIT_EXPECT_EQ(test, out.se, in->se);
	KUNIT_EXPECT_EQ(test, out.pad, in->pad);
	KUNIT_EXPECT_EQ(test, out.pkey, in->pkey);
	KUNIT_EXPECT_EQ(test, out.dqpn, in->dqpn);
	KUNIT_EXPECT_EQ(test, out.ackreq, in->ackreq);
	KUNIT_EXPECT_EQ(test, out.psn, in->psn);
	KUNIT_EXPECT_EQ(test, out.len, in->len);
	if (in->len)
		KUNIT_EXPECT_MEMEQ(test, out.payload, in->payload, in->len);
	if (rig_soft_roce_opf(in->opcode) & RIG_SOFT_OPF_RETH) {
		KUNIT_EXPECT_EQ(test, out.va, in->va);
		KUNIT_EXPECT_EQ(test, out.rkey, in->rkey);
		KUNIT_EXPECT_EQ(test, out.dma_len, in->dma_len);
	}
	if (rig_soft_roce_opf(in->opcode) & RIG_SOFT_OPF_AETH) {
		KUNIT_EXPECT_EQ(test, out.syndrome, in->syndrome);
		KUNIT_EXPECT_EQ(test, out.msn, in->msn);
	}
}

static void each_opcode_round_trips(struct kunit *test, bool ipv6)
{
	static const u8 ops[] = {
		IB_OPCODE_RC_SEND_FIRST, IB_OPCODE_RC_SEND_MIDDLE, IB_OPCODE_RC_SEND_LAST,
		IB_OPCODE_RC_SEND_ONLY, IB_OPCODE_RC_RDMA_READ_REQUEST,
		IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE,
		IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST, IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY,
		IB_OPCODE_RC_ACKNOWLEDGE,
	};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		struct rig_soft_roce_pkt p = base_pkt(ipv6, ops[i]);
		u8 opf = rig_soft_roce_opf(ops[i]);

		p.se = i & 1;
		p.ackreq = !(i & 1);
		p.va = 0x0123456789abcdefULL;
		p.rkey = 0xfedcba98;
		p.dma_len = 0x10000;
		p.syndrome = RIG_SOFT_SYN_NAK | RIG_SOFT_NAK_REM_ACCESS;
		p.msn = 0xabcdef;
		if (opf & RIG_SOFT_OPF_PAYLOAD) {
			p.payload = payload;
			p.len = opf & RIG_SOFT_OPF_LAST ? 4093 : 4096;
			p.pad = opf & RIG_SOFT_OPF_LAST ? 3 : 0;
		}
		round_trip(test, &p);
	}
}

static void every_opcode_round_trips_over_ipv4(struct kunit *test)
{
	each_opcode_round_trips(test, false);
}

static void every_opcode_round_trips_over_ipv6(struct kunit *test)
{
	each_opcode_round_trips(test, true);
}

static void a_payload_already_in_the_buffer_is_kept(struct kunit *test)
{
	struct rig_soft_roce_pkt p = base_pkt(false, IB_OPCODE_RC_SEND_ONLY), out;
	u8 *buf = frame_buf(test);
	int len;

	p.len = 8;
	memcpy(buf + rig_soft_roce_hdr_len(&p), "in place", 8);
	len = rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX);
	KUNIT_ASSERT_GT(test, len, 0);
	KUNIT_ASSERT_EQ(test, rig_soft_roce_decode(buf, len, &out), RIG_SOFT_ROCE_OK);
	KUNIT_EXPECT_MEMEQ(test, out.payload, "in place", 8);
}

static void ethernet_padding_after_the_datagram_is_allowed(struct kunit *test)
{
	u8 *buf = frame_buf(test);
	u32 len = good_frame(test, buf);

	KUNIT_EXPECT_EQ(test, decode(buf, len + 6), RIG_SOFT_ROCE_OK);
}

static void a_frame_cut_anywhere_is_dropped_as_short_or_by_length(struct kunit *test)
{
	u8 *buf = frame_buf(test);
	u32 len = good_frame(test, buf), cut;

	for (cut = 0; cut < len; cut++)
		KUNIT_EXPECT_NE(test, decode(buf, cut), RIG_SOFT_ROCE_OK);
	KUNIT_EXPECT_EQ(test, decode(buf, ETH_HLEN - 1), RIG_SOFT_ROCE_DROP_SHORT);
	KUNIT_EXPECT_EQ(test, decode(buf, IP4 + 19), RIG_SOFT_ROCE_DROP_SHORT);
	KUNIT_EXPECT_EQ(test, decode(buf, len - 1), RIG_SOFT_ROCE_DROP_IP_LENGTH);
}

/* Each case: one change to a good frame, and the reason it must give. */
struct mutation {
	const char *name;
	u32 off;
	u8 val;
	bool reseal;
	enum rig_soft_roce_drop why;
};

static const struct mutation mutations[] = {
	{ "vlan tag", 12, 0x81, false, RIG_SOFT_ROCE_DROP_ETHERTYPE },
	{ "ip version 5", IP4, 0x55, true, RIG_SOFT_ROCE_DROP_IP_VERSION },
	{ "ipv4 options", IP4, 0x46, true, RIG_SOFT_ROCE_DROP_IP_HEADER },
	{ "more fragments", IP4 + 6, 0x20, true, RIG_SOFT_ROCE_DROP_IP_FRAGMENT },
	{ "fragment offset", IP4 + 7, 0x01, true, RIG_SOFT_ROCE_DROP_IP_FRAGMENT },
	{ "total length", IP4 + 3, 0xff, true, RIG_SOFT_ROCE_DROP_IP_LENGTH },
	{ "tos, checksum not updated", IP4 + 1, 0x00, false, RIG_SOFT_ROCE_DROP_IP_CSUM },
	{ "tcp", IP4 + 9, IPPROTO_TCP, true, RIG_SOFT_ROCE_DROP_IP_PROTO },
	{ "udp port", UDP4 + 3, 0xb8, true, RIG_SOFT_ROCE_DROP_UDP_PORT },
	{ "udp length", UDP4 + 5, 0x20, true, RIG_SOFT_ROCE_DROP_UDP_LENGTH },
	{ "payload bit", BTH4 + 12, 0x80, false, RIG_SOFT_ROCE_DROP_ICRC },
	{ "psn bit", BTH4 + 11, 0xff, false, RIG_SOFT_ROCE_DROP_ICRC },
	{ "tver 1", BTH4 + 1, 0x31, true, RIG_SOFT_ROCE_DROP_TVER },
	{ "uc send", BTH4, IB_OPCODE_UC_SEND_LAST, true, RIG_SOFT_ROCE_DROP_OPCODE },
	{ "rdma write", BTH4, IB_OPCODE_RC_RDMA_WRITE_LAST, true, RIG_SOFT_ROCE_DROP_OPCODE },
	{ "cnp", BTH4, IB_OPCODE_CNP, true, RIG_SOFT_ROCE_DROP_OPCODE },
	{ "pad on a middle", BTH4, IB_OPCODE_RC_SEND_MIDDLE, true, RIG_SOFT_ROCE_DROP_PAD },
	{ "payload on an ack", BTH4, IB_OPCODE_RC_ACKNOWLEDGE, true, RIG_SOFT_ROCE_DROP_LENGTH },
};

static void each_malformed_field_is_dropped_with_its_reason(struct kunit *test)
{
	u8 *good = frame_buf(test), *buf = frame_buf(test);
	u32 len = good_frame(test, good), i;

	KUNIT_ASSERT_EQ(test, decode(good, len), RIG_SOFT_ROCE_OK);
	for (i = 0; i < ARRAY_SIZE(mutations); i++) {
		const struct mutation *m = &mutations[i];

		memcpy(buf, good, len);
		buf[m->off] = m->val;
		if (m->reseal)
			reseal(buf, len);
		KUNIT_EXPECT_EQ_MSG(test, decode(buf, len), m->why, "%s", m->name);
	}
}

static void a_read_request_with_payload_is_dropped(struct kunit *test)
{
	struct rig_soft_roce_pkt p = base_pkt(false, IB_OPCODE_RC_RDMA_READ_REQUEST);
	u8 *buf = frame_buf(test);
	int len = rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX);

	KUNIT_ASSERT_GT(test, len, 0);
	KUNIT_EXPECT_EQ(test, decode(buf, grow(buf, len, 4)), RIG_SOFT_ROCE_DROP_LENGTH);
}

static void a_payload_over_4096_is_dropped(struct kunit *test)
{
	struct rig_soft_roce_pkt p = base_pkt(false, IB_OPCODE_RC_SEND_ONLY);
	u8 *buf = frame_buf(test);
	int len;

	p.payload = payload;
	p.len = RIG_SOFT_ROCE_MTU_MAX;
	len = rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX);
	KUNIT_ASSERT_GT(test, len, 0);
	KUNIT_EXPECT_EQ(test, decode(buf, grow(buf, len, 4)), RIG_SOFT_ROCE_DROP_LENGTH);
}

static void payload_and_pad_not_a_multiple_of_four_are_dropped(struct kunit *test)
{
	u8 *buf = frame_buf(test);
	u32 len = good_frame(test, buf);

	KUNIT_EXPECT_EQ(test, decode(buf, grow(buf, len, 1)), RIG_SOFT_ROCE_DROP_PAD);
}

static void the_path_mtu_bounds_each_packet_of_a_message(struct kunit *test)
{
	struct rig_soft_roce_pkt p = base_pkt(false, IB_OPCODE_RC_SEND_FIRST);

	p.len = 1024;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_check_mtu(&p, 1024), RIG_SOFT_ROCE_OK);
	KUNIT_EXPECT_EQ(test, rig_soft_roce_check_mtu(&p, 2048), RIG_SOFT_ROCE_DROP_MTU);
	KUNIT_EXPECT_EQ(test, rig_soft_roce_check_mtu(&p, 512), RIG_SOFT_ROCE_DROP_MTU);
	p.opcode = IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE;
	p.len = 1020;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_check_mtu(&p, 1024), RIG_SOFT_ROCE_DROP_MTU);
	p.opcode = IB_OPCODE_RC_SEND_LAST;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_check_mtu(&p, 1024), RIG_SOFT_ROCE_OK);
	p.len = 0;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_check_mtu(&p, 1024), RIG_SOFT_ROCE_DROP_MTU);
	p.opcode = IB_OPCODE_RC_SEND_ONLY;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_check_mtu(&p, 256), RIG_SOFT_ROCE_OK);
	p.len = 257;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_check_mtu(&p, 256), RIG_SOFT_ROCE_DROP_MTU);
	p.opcode = IB_OPCODE_RC_ACKNOWLEDGE;
	p.len = 0;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_check_mtu(&p, 256), RIG_SOFT_ROCE_OK);
}

static void the_encoder_refuses_what_the_decoder_drops(struct kunit *test)
{
	struct rig_soft_roce_pkt p = base_pkt(false, IB_OPCODE_RC_SEND_FIRST);
	u8 *buf = frame_buf(test);

	p.payload = payload;
	p.len = 255;
	p.pad = 1;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX), -EINVAL);
	p.opcode = IB_OPCODE_RC_SEND_LAST;
	p.pad = 2;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX), -EINVAL);
	p.pad = 1;
	KUNIT_EXPECT_GT(test, rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX), 0);
	KUNIT_EXPECT_EQ(test, rig_soft_roce_encode(&p, buf, rig_soft_roce_len(&p) - 1), -ENOSPC);
	p.len = RIG_SOFT_ROCE_MTU_MAX + 4;
	p.pad = 0;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX), -EINVAL);
	p = base_pkt(false, IB_OPCODE_RC_RDMA_WRITE_ONLY);
	KUNIT_EXPECT_EQ(test, rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX), -EINVAL);
	p = base_pkt(true, IB_OPCODE_RC_ACKNOWLEDGE);
	p.ipv6 = false;
	KUNIT_EXPECT_EQ(test, rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX), -EINVAL);
}

/* The one's complement sum of @len bytes at @p, big-endian words, added to @sum. */
static u32 ones_sum(const u8 *p, u32 len, u32 sum)
{
	u32 i;

	for (i = 0; i < len; i += 2)
		sum += p[i] << 8 | (i + 1 < len ? p[i + 1] : 0);
	return sum;
}

static void an_ipv6_frame_carries_a_valid_udp_checksum(struct kunit *test)
{
	struct rig_soft_roce_pkt p = base_pkt(true, IB_OPCODE_RC_SEND_ONLY);
	u8 *buf = frame_buf(test);
	u8 *ip6 = buf + ETH_HLEN;
	u32 udp_len, sum;
	int len;

	p.payload = payload;
	p.len = 9;
	p.pad = 3;
	len = rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX);
	KUNIT_ASSERT_GT(test, len, 0);
	udp_len = len - ETH_HLEN - sizeof(struct ipv6hdr);
	/* Addresses, length and next header, then the datagram: RFC 8200 8.1. */
	sum = ones_sum(ip6 + 8, 32, udp_len + IPPROTO_UDP);
	sum = ones_sum(ip6 + sizeof(struct ipv6hdr), udp_len, sum);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	KUNIT_EXPECT_EQ(test, sum, 0xffff);
}

/* Good IPv4 frames of several shapes, for the mutations below. */
static u32 fuzz_seed_frame(struct kunit *test, u8 *buf, u32 i)
{
	static const u8 ops[] = {
		IB_OPCODE_RC_SEND_LAST, IB_OPCODE_RC_RDMA_READ_REQUEST,
		IB_OPCODE_RC_ACKNOWLEDGE, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE,
	};
	struct rig_soft_roce_pkt p = base_pkt(false, ops[i % ARRAY_SIZE(ops)]);
	u8 opf = rig_soft_roce_opf(p.opcode);
	int len;

	if (opf & RIG_SOFT_OPF_PAYLOAD) {
		p.payload = payload;
		p.len = opf & RIG_SOFT_OPF_LAST ? 61 : 256;
		p.pad = opf & RIG_SOFT_OPF_LAST ? 3 : 0;
	}
	len = rig_soft_roce_encode(&p, buf, RIG_SOFT_ROCE_FRAME_MAX);
	KUNIT_ASSERT_GT(test, len, 0);
	return len;
}

/*
 * Hostile input: frames with bytes changed (checksums made right again
 * half the time, so the change reaches the checks behind them) and cut
 * anywhere.  Whatever decodes must lie inside the bytes given.
 */
static void mutated_frames_never_decode_outside_themselves(struct kunit *test)
{
	u8 *good = frame_buf(test), *buf = frame_buf(test);
	u32 seed = 4791, i, n, len, cut, off, ok = 0;
	struct rig_soft_roce_pkt p;
	struct rnd_state rnd;

	prandom_seed_state(&rnd, seed);
	for (i = 0; i < 20000; i++) {
		len = fuzz_seed_frame(test, good, i);
		memcpy(buf, good, len);
		for (n = 1 + prandom_u32_state(&rnd) % 4; n; n--)
			buf[prandom_u32_state(&rnd) % len] = prandom_u32_state(&rnd);
		cut = len;
		if (!(prandom_u32_state(&rnd) % 4))
			cut = prandom_u32_state(&rnd) % (len + 1);
		if (cut == len && prandom_u32_state(&rnd) % 2 && (buf[IP4] & 0xf) == 5)
			reseal(buf, len);
		if (rig_soft_roce_decode(buf, cut, &p))
			continue;
		ok++;
		off = p.payload - buf;
		KUNIT_ASSERT_GE(test, off, BTH4 + RIG_SOFT_ROCE_BTH_LEN);
		KUNIT_ASSERT_LE(test, off + p.len + p.pad + RIG_SOFT_ROCE_ICRC_LEN, cut);
		KUNIT_ASSERT_LE(test, p.pad, 3);
		KUNIT_ASSERT_LE(test, p.len, RIG_SOFT_ROCE_MTU_MAX);
		KUNIT_ASSERT_NE(test, rig_soft_roce_opf(p.opcode), 0);
	}
	kunit_info(test, "seed %u: %u of %u mutated frames decoded", seed, ok, i);
	KUNIT_EXPECT_GT(test, ok, 0);
}

static void source_ports_stay_in_the_top_quarter_and_follow_the_pair(struct kunit *test)
{
	u32 q;

	for (q = 0; q < 4096; q += 7)
		KUNIT_EXPECT_GE(test, rig_soft_roce_sport(q, q * 3), RIG_SOFT_ROCE_SPORT_MIN);
	KUNIT_EXPECT_EQ(test, rig_soft_roce_sport(17, 42), rig_soft_roce_sport(17, 42));
	KUNIT_EXPECT_NE(test, rig_soft_roce_sport(17, 42), rig_soft_roce_sport(42, 17));
}

static void every_drop_reason_has_a_name(struct kunit *test)
{
	u32 i;

	for (i = 0; i < RIG_SOFT_ROCE_DROPS; i++)
		KUNIT_EXPECT_NOT_NULL(test, rig_soft_roce_drop_names[i]);
}

static struct kunit_case rig_soft_roce_test_cases[] = {
	KUNIT_CASE(every_opcode_round_trips_over_ipv4),
	KUNIT_CASE(every_opcode_round_trips_over_ipv6),
	KUNIT_CASE(a_payload_already_in_the_buffer_is_kept),
	KUNIT_CASE(ethernet_padding_after_the_datagram_is_allowed),
	KUNIT_CASE(a_frame_cut_anywhere_is_dropped_as_short_or_by_length),
	KUNIT_CASE(each_malformed_field_is_dropped_with_its_reason),
	KUNIT_CASE(a_read_request_with_payload_is_dropped),
	KUNIT_CASE(a_payload_over_4096_is_dropped),
	KUNIT_CASE(payload_and_pad_not_a_multiple_of_four_are_dropped),
	KUNIT_CASE(the_path_mtu_bounds_each_packet_of_a_message),
	KUNIT_CASE(the_encoder_refuses_what_the_decoder_drops),
	KUNIT_CASE(an_ipv6_frame_carries_a_valid_udp_checksum),
	KUNIT_CASE(mutated_frames_never_decode_outside_themselves),
	KUNIT_CASE(source_ports_stay_in_the_top_quarter_and_follow_the_pair),
	KUNIT_CASE(every_drop_reason_has_a_name),
	{}
};

static struct kunit_suite rig_soft_roce_test_suite = {
	.name = "rig_soft_roce_test",
	.test_cases = rig_soft_roce_test_cases,
};

kunit_test_suite(rig_soft_roce_test_suite);
