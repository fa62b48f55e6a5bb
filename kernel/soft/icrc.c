// SPDX-License-Identifier: GPL-2.0-only
/*
 * The invariant CRC of a RoCE v2 packet (IBTA annex A17, RoCE v2):
 * CRC-32 (Ethernet's polynomial, as crc32_le() computes it) over eight
 * bytes of ones standing for the LRH that RoCE v2 does not carry, then the
 * IP header, UDP header and BTH with every field a router or switch may
 * change set to ones (IPv4 TOS, TTL and header checksum; IPv6 traffic
 * class, flow label and hop limit; the UDP checksum; the BTH's resv8a
 * byte, whose top bits are FECN and BECN), then the rest of the packet up
 * to the ICRC.  The result is inverted and sent least significant byte
 * first, as Ethernet sends its FCS.  This file owns that computation and
 * nothing of the packet's other fields (roce.c's).  Pure: no state, no
 * lock, any context.
 */
#include <linux/crc32.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "roce.h"

/* The bytes of the IP header, UDP header and BTH: the masked part. */
static u32 rig_soft_icrc_masked_len(bool ipv6)
{
	return (ipv6 ? sizeof(struct ipv6hdr) : sizeof(struct iphdr)) +
	       sizeof(struct udphdr) + RIG_SOFT_ROCE_BTH_LEN;
}

/* Sets to ones the fields of @hdr (a copy) that the network may change. */
static void rig_soft_icrc_mask(u8 *hdr, bool ipv6)
{
	struct rig_soft_bth *bth;
	struct udphdr *udp;

	if (ipv6) {
		struct ipv6hdr *ip6 = (struct ipv6hdr *)hdr;

		ip6->priority = 0xf;
		memset(ip6->flow_lbl, 0xff, sizeof(ip6->flow_lbl));
		ip6->hop_limit = 0xff;
		udp = (struct udphdr *)(ip6 + 1);
	} else {
		struct iphdr *ip4 = (struct iphdr *)hdr;

		ip4->tos = 0xff;
		ip4->ttl = 0xff;
		ip4->check = (__force __sum16)0xffff;
		udp = (struct udphdr *)(ip4 + 1);
	}
	udp->check = (__force __sum16)0xffff;
	bth = (struct rig_soft_bth *)(udp + 1);
	bth->qpn |= cpu_to_be32(RIG_SOFT_BTH_RESV8A);
}

/**
 * rig_soft_icrc() - the ICRC a RoCE v2 packet should carry
 * @ip: the packet from its IP header (no Ethernet header)
 * @len: bytes from @ip to the end of the ICRC, at least the IP header,
 *	 the UDP header, the BTH and the ICRC
 * @ipv6: whether @ip starts with an IPv6 header (an IPv4 one has no
 *	  options)
 *
 * Return: the ICRC as a number: its least significant byte is the first
 * on the wire (put_unaligned_le32() stores it in place).  0 when @len is
 * too short to hold a packet.
 */
u32 rig_soft_icrc(const void *ip, u32 len, bool ipv6)
{
	static const u8 lrh[8] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	u32 masked = rig_soft_icrc_masked_len(ipv6);
	u8 hdr[sizeof(struct ipv6hdr) + sizeof(struct udphdr) + RIG_SOFT_ROCE_BTH_LEN];
	u32 crc;

	if (len < masked + RIG_SOFT_ROCE_ICRC_LEN)
		return 0;
	memcpy(hdr, ip, masked);
	rig_soft_icrc_mask(hdr, ipv6);
	crc = crc32_le(~0U, lrh, sizeof(lrh));
	crc = crc32_le(crc, hdr, masked);
	crc = crc32_le(crc, (const u8 *)ip + masked, len - masked - RIG_SOFT_ROCE_ICRC_LEN);
	return ~crc;
}

/**
 * rig_soft_icrc_set() - write a packet's ICRC in its last four bytes
 * @ip: the packet from its IP header, every other field final
 * @len: bytes from @ip to the end of the ICRC (see rig_soft_icrc())
 * @ipv6: whether @ip starts with an IPv6 header
 */
void rig_soft_icrc_set(void *ip, u32 len, bool ipv6)
{
	put_unaligned_le32(rig_soft_icrc(ip, len, ipv6),
			   (u8 *)ip + len - RIG_SOFT_ROCE_ICRC_LEN);
}

/**
 * rig_soft_icrc_ok() - whether a received packet's ICRC is right
 * @ip: the packet from its IP header
 * @len: bytes from @ip to the end of the ICRC
 * @ipv6: whether @ip starts with an IPv6 header
 *
 * Return: true when the last four bytes are the ICRC of the others; false
 * too when @len cannot hold a packet.
 */
bool rig_soft_icrc_ok(const void *ip, u32 len, bool ipv6)
{
	if (len < rig_soft_icrc_masked_len(ipv6) + RIG_SOFT_ROCE_ICRC_LEN)
		return false;
	return rig_soft_icrc(ip, len, ipv6) ==
	       get_unaligned_le32((const u8 *)ip + len - RIG_SOFT_ROCE_ICRC_LEN);
}
