// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_icrc_test: the invariant CRC (icrc.c) against
 * packets whose ICRC someone else computed, and its masking: a change to
 * any invariant bit is caught, a change to a field the network may
 * rewrite is not.  This file owns those cases.
 */
#include <kunit/test.h>
#include <linux/unaligned.h>

#include "roce.h"

/*
 * A RoCE v2 CNP (BTH opcode 0x81) captured on a Mellanox ConnectX-4 Lx,
 * ICRC 82 fd 00 2a as the NIC sent it: the test "RoCE CNP captured on
 * ConnectX-4 Lx" in Scapy's test/contrib/roce.uts
 * (https://github.com/secdev/scapy).  IPv4, TOS 0xc2, TTL 64.
 */
static const u8 cx4_cnp[] = {
	0xe4, 0x1d, 0x2d, 0xab, 0x2b, 0xc2, 0x7c, 0xfe, 0x90, 0x64, 0x3b, 0x32, 0x08, 0x00,
	0x45, 0xc2, 0x00, 0x3c, 0x71, 0x8c, 0x40, 0x00, 0x40, 0x11, 0x91, 0x61,
	0x0a, 0x00, 0x11, 0x01, 0x0a, 0x00, 0x12, 0x01,
	0x00, 0x00, 0x12, 0xb7, 0x00, 0x28, 0x00, 0x00,
	0x81, 0x00, 0xff, 0xff, 0x40, 0x00, 0x01, 0x18, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00,
	0x82, 0xfd, 0x00, 0x2a,
};

/*
 * A UC SEND Only with pad 2, ICRC 78 f3 53 f3 as Scapy's RoCE layer
 * computes it: the test "RoCE layer" in the same roce.uts (which also
 * gives its IP checksum, b4 d5, and UDP checksum, ac a2).
 */
static const u8 scapy_uc_send[] = {
	0x24, 0x8a, 0x07, 0xa8, 0xfa, 0x22, 0x24, 0x8a, 0x07, 0xa8, 0xfa, 0x22, 0x08, 0x00,
	0x45, 0x01, 0x00, 0x40, 0x04, 0x78, 0x40, 0x00, 0x40, 0x11, 0xb4, 0xd5,
	0xc0, 0xa8, 0x00, 0x07, 0xc0, 0xa8, 0x00, 0x07,
	0xc0, 0x00, 0x12, 0xb7, 0x00, 0x2c, 0xac, 0xa2,
	0x24, 0x60, 0xff, 0xff, 0x00, 0x00, 0x00, 0xd3, 0x00, 0xcf, 0x17, 0x10,
	0x46, 0x30, 0x81, 0x8b, 0xe2, 0x89, 0x35, 0xd9, 0x0e, 0x9a, 0x95, 0x50,
	0x54, 0x01, 0xbe, 0x88, 0x5e, 0x50, 0x00, 0x00,
	0x78, 0xf3, 0x53, 0xf3,
};

/*
 * IPv6: no published capture was found.  This RC SEND Only (traffic
 * class 0x0a, flow label 0x12345, hop limit 64, pad 1, AckReq, PSN
 * 0xfffffe) and its ICRC af 02 7f a6 were computed independently of
 * icrc.c, with Python's zlib.crc32 over eight 0xff bytes and the masked
 * headers as the annex lists them, least significant byte first.
 */
static const u8 rc_send_v6[] = {
	0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x86, 0xdd,
	0x60, 0xa1, 0x23, 0x45, 0x00, 0x20, 0x11, 0x40,
	0x20, 0x01, 0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x01, 0x20, 0x01, 0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x02,
	0xc1, 0x23, 0x12, 0xb7, 0x00, 0x20, 0xab, 0x48,
	0x04, 0x90, 0xff, 0xff, 0x00, 0x00, 0x00, 0x11, 0x80, 0xff, 0xff, 0xfe,
	0x72, 0x69, 0x67, 0x2d, 0x76, 0x36, 0x21, 0x00,
	0xaf, 0x02, 0x7f, 0xa6,
};

/* Byte offsets, from the IP header, of fields the ICRC does not cover. */
static const u8 masked_v4[] = { 1, 8, 10, 11, 26, 27, 32 };
static const u8 masked_v6[] = { 1, 2, 3, 7, 46, 47, 52 };

static bool is_masked(u32 byte, u32 bit, bool ipv6)
{
	const u8 *m = ipv6 ? masked_v6 : masked_v4;
	u32 i;

	/* IPv6 byte 0: the version (bits 7:4) counts, the class's top does not. */
	if (ipv6 && byte == 0)
		return bit < 4;
	for (i = 0; i < ARRAY_SIZE(masked_v4); i++)
		if (m[i] == byte)
			return true;
	return false;
}

static void expect_icrc(struct kunit *test, const u8 *frame, u32 len, bool ipv6)
{
	const u8 *ip = frame + ETH_HLEN;
	u32 ip_len = len - ETH_HLEN;

	KUNIT_EXPECT_EQ(test, rig_soft_icrc(ip, ip_len, ipv6),
			get_unaligned_le32(ip + ip_len - RIG_SOFT_ROCE_ICRC_LEN));
	KUNIT_EXPECT_TRUE(test, rig_soft_icrc_ok(ip, ip_len, ipv6));
}

static void a_connectx4_capture_carries_the_icrc_we_compute(struct kunit *test)
{
	expect_icrc(test, cx4_cnp, sizeof(cx4_cnp), false);
	KUNIT_EXPECT_EQ(test, rig_soft_icrc(cx4_cnp + ETH_HLEN, sizeof(cx4_cnp) - ETH_HLEN, false),
			0x2a00fd82);
}

static void scapys_uc_send_carries_the_icrc_we_compute(struct kunit *test)
{
	expect_icrc(test, scapy_uc_send, sizeof(scapy_uc_send), false);
}

static void an_ipv6_packet_carries_the_icrc_computed_elsewhere(struct kunit *test)
{
	expect_icrc(test, rc_send_v6, sizeof(rc_send_v6), true);
}

/* Every single-bit change after the Ethernet header, ICRC included. */
static void check_every_bit(struct kunit *test, const u8 *frame, u32 len, bool ipv6)
{
	u32 ip_len = len - ETH_HLEN, byte, bit, missed = 0, false_alarms = 0;
	u8 *ip = kunit_kmalloc(test, ip_len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ip);
	for (byte = 0; byte < ip_len; byte++) {
		for (bit = 0; bit < 8; bit++) {
			memcpy(ip, frame + ETH_HLEN, ip_len);
			ip[byte] ^= BIT(bit);
			if (is_masked(byte, bit, ipv6))
				false_alarms += !rig_soft_icrc_ok(ip, ip_len, ipv6);
			else
				missed += rig_soft_icrc_ok(ip, ip_len, ipv6);
		}
	}
	KUNIT_EXPECT_EQ(test, missed, 0);
	KUNIT_EXPECT_EQ(test, false_alarms, 0);
}

static void a_flipped_invariant_bit_fails_and_a_masked_one_does_not_v4(struct kunit *test)
{
	check_every_bit(test, cx4_cnp, sizeof(cx4_cnp), false);
	check_every_bit(test, scapy_uc_send, sizeof(scapy_uc_send), false);
}

static void a_flipped_invariant_bit_fails_and_a_masked_one_does_not_v6(struct kunit *test)
{
	check_every_bit(test, rc_send_v6, sizeof(rc_send_v6), true);
}

static void a_router_rewriting_every_masked_field_keeps_the_icrc(struct kunit *test)
{
	u8 ip[sizeof(cx4_cnp) - ETH_HLEN];
	u32 i;

	memcpy(ip, cx4_cnp + ETH_HLEN, sizeof(ip));
	for (i = 0; i < ARRAY_SIZE(masked_v4); i++)
		ip[masked_v4[i]] = 0x5a + i;
	KUNIT_EXPECT_TRUE(test, rig_soft_icrc_ok(ip, sizeof(ip), false));
}

static void a_buffer_too_short_for_a_packet_never_matches(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, rig_soft_icrc_ok(cx4_cnp + ETH_HLEN, 20 + 8 + 12 + 3, false));
	KUNIT_EXPECT_EQ(test, rig_soft_icrc(cx4_cnp + ETH_HLEN, 20 + 8 + 12 + 3, false), 0);
	KUNIT_EXPECT_FALSE(test, rig_soft_icrc_ok(rc_send_v6 + ETH_HLEN, 40 + 8 + 12, true));
}

static void setting_the_icrc_writes_it_least_significant_byte_first(struct kunit *test)
{
	u8 ip[sizeof(cx4_cnp) - ETH_HLEN];

	memcpy(ip, cx4_cnp + ETH_HLEN, sizeof(ip));
	memset(ip + sizeof(ip) - RIG_SOFT_ROCE_ICRC_LEN, 0, RIG_SOFT_ROCE_ICRC_LEN);
	rig_soft_icrc_set(ip, sizeof(ip), false);
	KUNIT_EXPECT_MEMEQ(test, ip, cx4_cnp + ETH_HLEN, sizeof(ip));
}

static struct kunit_case rig_soft_icrc_test_cases[] = {
	KUNIT_CASE(a_connectx4_capture_carries_the_icrc_we_compute),
	KUNIT_CASE(scapys_uc_send_carries_the_icrc_we_compute),
	KUNIT_CASE(an_ipv6_packet_carries_the_icrc_computed_elsewhere),
	KUNIT_CASE(a_flipped_invariant_bit_fails_and_a_masked_one_does_not_v4),
	KUNIT_CASE(a_flipped_invariant_bit_fails_and_a_masked_one_does_not_v6),
	KUNIT_CASE(a_router_rewriting_every_masked_field_keeps_the_icrc),
	KUNIT_CASE(a_buffer_too_short_for_a_packet_never_matches),
	KUNIT_CASE(setting_the_icrc_writes_it_least_significant_byte_first),
	{}
};

static struct kunit_suite rig_soft_icrc_test_suite = {
	.name = "rig_soft_icrc_test",
	.test_cases = rig_soft_icrc_test_cases,
};

kunit_test_suite(rig_soft_icrc_test_suite);
