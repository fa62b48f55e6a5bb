// SPDX-License-Identifier: GPL-2.0-only
/*
 * RoCE v2 packets: building them into a byte buffer and decoding, with
 * every field checked, what arrives from the wire.  This file owns the
 * layout of Ethernet, IP, UDP, BTH, RETH and AETH as the model writes and
 * reads them, and the verdict on a received frame (enum
 * rig_soft_roce_drop); the ICRC is icrc.c's, and whether a packet is for
 * one of the model's QPs (addresses, QPN, P_Key) is the caller's.  Pure:
 * no state, no lock, any context.
 */
#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/etherdevice.h>
#include <linux/hash.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <net/checksum.h>
#include <net/ipv6.h>

#include "roce.h"

#define OPF_SEND	(RIG_SOFT_OPF_KNOWN | RIG_SOFT_OPF_PAYLOAD | RIG_SOFT_OPF_REQUEST)
#define OPF_RESP	(RIG_SOFT_OPF_KNOWN | RIG_SOFT_OPF_PAYLOAD)
#define OPF_FL		(RIG_SOFT_OPF_FIRST | RIG_SOFT_OPF_LAST)

static const u8 rig_soft_roce_ops[] = {
	[IB_OPCODE_RC_SEND_FIRST] = OPF_SEND | RIG_SOFT_OPF_FIRST,
	[IB_OPCODE_RC_SEND_MIDDLE] = OPF_SEND,
	[IB_OPCODE_RC_SEND_LAST] = OPF_SEND | RIG_SOFT_OPF_LAST,
	[IB_OPCODE_RC_SEND_ONLY] = OPF_SEND | OPF_FL,
	[IB_OPCODE_RC_RDMA_READ_REQUEST] = RIG_SOFT_OPF_KNOWN | RIG_SOFT_OPF_REQUEST |
					   RIG_SOFT_OPF_RETH | OPF_FL,
	[IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST] = OPF_RESP | RIG_SOFT_OPF_AETH |
						  RIG_SOFT_OPF_FIRST,
	[IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE] = OPF_RESP,
	[IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST] = OPF_RESP | RIG_SOFT_OPF_AETH |
						 RIG_SOFT_OPF_LAST,
	[IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY] = OPF_RESP | RIG_SOFT_OPF_AETH | OPF_FL,
	[IB_OPCODE_RC_ACKNOWLEDGE] = RIG_SOFT_OPF_KNOWN | RIG_SOFT_OPF_AETH | OPF_FL,
};

const char *const rig_soft_roce_drop_names[RIG_SOFT_ROCE_DROPS] = {
	[RIG_SOFT_ROCE_OK] = "ok",
	[RIG_SOFT_ROCE_DROP_SHORT] = "short",
	[RIG_SOFT_ROCE_DROP_ETHERTYPE] = "ethertype",
	[RIG_SOFT_ROCE_DROP_IP_VERSION] = "ip_version",
	[RIG_SOFT_ROCE_DROP_IP_HEADER] = "ip_header",
	[RIG_SOFT_ROCE_DROP_IP_FRAGMENT] = "ip_fragment",
	[RIG_SOFT_ROCE_DROP_IP_LENGTH] = "ip_length",
	[RIG_SOFT_ROCE_DROP_IP_CSUM] = "ip_csum",
	[RIG_SOFT_ROCE_DROP_IP_PROTO] = "ip_proto",
	[RIG_SOFT_ROCE_DROP_UDP_PORT] = "udp_port",
	[RIG_SOFT_ROCE_DROP_UDP_LENGTH] = "udp_length",
	[RIG_SOFT_ROCE_DROP_TVER] = "tver",
	[RIG_SOFT_ROCE_DROP_OPCODE] = "opcode",
	[RIG_SOFT_ROCE_DROP_PAD] = "pad",
	[RIG_SOFT_ROCE_DROP_LENGTH] = "length",
	[RIG_SOFT_ROCE_DROP_ICRC] = "icrc",
	[RIG_SOFT_ROCE_DROP_MTU] = "mtu",
};

/**
 * rig_soft_roce_opf() - what an opcode carries
 * @opcode: a BTH opcode
 *
 * Return: RIG_SOFT_OPF_* flags; 0 for an opcode the model does not speak
 * (other transports, RDMA WRITE, immediate data, atomics, invalidation).
 */
u8 rig_soft_roce_opf(u8 opcode)
{
	return opcode < ARRAY_SIZE(rig_soft_roce_ops) ? rig_soft_roce_ops[opcode] : 0;
}

/**
 * rig_soft_roce_sport() - the UDP source port of a connection
 * @src_qpn: the sending QP
 * @dst_qpn: the QP it sends to
 *
 * Packets of one connection take one path through an ECMP fabric and
 * different connections spread, as rxe and RoCE NICs arrange with a hash
 * of the QP numbers into the port's top quarter.
 *
 * Return: a port from 0xc000 to 0xffff.
 */
u16 rig_soft_roce_sport(u32 src_qpn, u32 dst_qpn)
{
	u64 pair = (u64)src_qpn << 24 | dst_qpn;

	return RIG_SOFT_ROCE_SPORT_MIN | hash_64(pair, 14);
}

/* The transport headers' bytes: BTH and its extension. */
static u32 rig_soft_roce_bth_len(u8 opf)
{
	return RIG_SOFT_ROCE_BTH_LEN + (opf & RIG_SOFT_OPF_RETH ? RIG_SOFT_ROCE_RETH_LEN : 0) +
	       (opf & RIG_SOFT_OPF_AETH ? RIG_SOFT_ROCE_AETH_LEN : 0);
}

static u32 rig_soft_roce_ip_len(bool ipv6)
{
	return ipv6 ? sizeof(struct ipv6hdr) : sizeof(struct iphdr);
}

/**
 * rig_soft_roce_hdr_len() - where a packet's payload starts in its frame
 * @pkt: the packet; its opcode and @ipv6 count
 *
 * Return: bytes of Ethernet, IP, UDP, BTH and extension headers.
 */
u32 rig_soft_roce_hdr_len(const struct rig_soft_roce_pkt *pkt)
{
	return ETH_HLEN + rig_soft_roce_ip_len(pkt->ipv6) + sizeof(struct udphdr) +
	       rig_soft_roce_bth_len(rig_soft_roce_opf(pkt->opcode));
}

/**
 * rig_soft_roce_len() - the bytes of a packet's frame
 * @pkt: the packet; its opcode, @ipv6, @len and @pad count
 *
 * Return: headers, payload, pad and ICRC.
 */
u32 rig_soft_roce_len(const struct rig_soft_roce_pkt *pkt)
{
	return rig_soft_roce_hdr_len(pkt) + pkt->len + pkt->pad + RIG_SOFT_ROCE_ICRC_LEN;
}

/* The headers from the BTH on; returns where they end. */
static u8 *rig_soft_roce_put_bth(const struct rig_soft_roce_pkt *pkt, u8 *p)
{
	u8 opf = rig_soft_roce_opf(pkt->opcode);
	struct rig_soft_bth *bth = (struct rig_soft_bth *)p;

	bth->opcode = pkt->opcode;
	bth->flags = (pkt->se ? RIG_SOFT_BTH_SE : 0) | (pkt->mig ? RIG_SOFT_BTH_MIG : 0) |
		     FIELD_PREP(RIG_SOFT_BTH_PAD, pkt->pad);
	bth->pkey = cpu_to_be16(pkt->pkey);
	bth->qpn = cpu_to_be32(pkt->dqpn & RIG_SOFT_BTH_QPN);
	bth->apsn = cpu_to_be32((pkt->ackreq ? RIG_SOFT_BTH_ACKREQ : 0) |
				(pkt->psn & RIG_SOFT_BTH_PSN));
	p += RIG_SOFT_ROCE_BTH_LEN;
	if (opf & RIG_SOFT_OPF_RETH) {
		struct rig_soft_reth *reth = (struct rig_soft_reth *)p;

		put_unaligned_be64(pkt->va, &reth->va);
		put_unaligned_be32(pkt->rkey, &reth->rkey);
		put_unaligned_be32(pkt->dma_len, &reth->len);
		p += RIG_SOFT_ROCE_RETH_LEN;
	}
	if (opf & RIG_SOFT_OPF_AETH) {
		put_unaligned_be32(FIELD_PREP(RIG_SOFT_AETH_SYN, pkt->syndrome) |
				   (pkt->msn & RIG_SOFT_AETH_MSN), p);
		p += RIG_SOFT_ROCE_AETH_LEN;
	}
	return p;
}

/* The IP and UDP headers of a packet whose IP datagram is @ip_len bytes. */
static void rig_soft_roce_put_ip(const struct rig_soft_roce_pkt *pkt, u8 *p, u32 ip_len)
{
	u32 udp_len = ip_len - rig_soft_roce_ip_len(pkt->ipv6);
	struct udphdr *udp;

	if (pkt->ipv6) {
		struct ipv6hdr *ip6 = (struct ipv6hdr *)p;

		ip6_flow_hdr(ip6, pkt->tclass, cpu_to_be32(pkt->flow_label) & IPV6_FLOWLABEL_MASK);
		ip6->payload_len = cpu_to_be16(udp_len);
		ip6->nexthdr = IPPROTO_UDP;
		ip6->hop_limit = pkt->hop_limit;
		ip6->saddr = pkt->saddr;
		ip6->daddr = pkt->daddr;
		udp = (struct udphdr *)(ip6 + 1);
	} else {
		struct iphdr *ip4 = (struct iphdr *)p;

		memset(ip4, 0, sizeof(*ip4));
		ip4->version = 4;
		ip4->ihl = 5;
		ip4->tos = pkt->tclass;
		ip4->tot_len = cpu_to_be16(ip_len);
		ip4->frag_off = cpu_to_be16(IP_DF);
		ip4->ttl = pkt->hop_limit;
		ip4->protocol = IPPROTO_UDP;
		ip4->saddr = pkt->saddr.s6_addr32[3];
		ip4->daddr = pkt->daddr.s6_addr32[3];
		ip4->check = ip_fast_csum(ip4, ip4->ihl);
		udp = (struct udphdr *)(ip4 + 1);
	}
	udp->source = cpu_to_be16(pkt->sport);
	udp->dest = cpu_to_be16(RIG_SOFT_ROCE_PORT);
	udp->len = cpu_to_be16(udp_len);
	udp->check = 0;
}

/*
 * IPv6 forbids a zero UDP checksum; IPv4 RoCE v2 may send one, as rxe does.
 * The pseudo-header is summed here: UML, where KUnit runs, has no
 * csum_ipv6_magic().
 */
static void rig_soft_roce_udp_csum(const struct rig_soft_roce_pkt *pkt, u8 *ip, u32 ip_len)
{
	struct ipv6hdr *ip6 = (struct ipv6hdr *)ip;
	struct udphdr *udp = (struct udphdr *)(ip6 + 1);
	u32 udp_len = ip_len - sizeof(*ip6);
	struct {
		struct in6_addr saddr;
		struct in6_addr daddr;
		__be32 len;
		__be32 nexthdr;
	} pseudo;

	if (!pkt->ipv6)
		return;
	pseudo.saddr = ip6->saddr;
	pseudo.daddr = ip6->daddr;
	pseudo.len = cpu_to_be32(udp_len);
	pseudo.nexthdr = cpu_to_be32(IPPROTO_UDP);
	udp->check = csum_fold(csum_partial(&pseudo, sizeof(pseudo),
					    csum_partial(udp, udp_len, 0)));
	if (!udp->check)
		udp->check = CSUM_MANGLED_0;
}

/* The payload rules a packet must keep, sent or received. */
static enum rig_soft_roce_drop rig_soft_roce_check_payload(u8 opf, u32 len, u8 pad)
{
	if (!(opf & RIG_SOFT_OPF_PAYLOAD) && len)
		return RIG_SOFT_ROCE_DROP_LENGTH;
	if (len > RIG_SOFT_ROCE_MTU_MAX)
		return RIG_SOFT_ROCE_DROP_LENGTH;
	if (pad > 3 || (pad && !(opf & RIG_SOFT_OPF_PAYLOAD)) ||
	    (pad && !(opf & RIG_SOFT_OPF_LAST)) || (len + pad) % 4)
		return RIG_SOFT_ROCE_DROP_PAD;
	return RIG_SOFT_ROCE_OK;
}

/**
 * rig_soft_roce_encode() - build a packet's frame
 * @pkt: the packet; @pkt->pad must make payload and pad a multiple of 4
 *	 bytes (only last and only packets carry pad); an IPv4 packet's
 *	 addresses are IPv4-mapped
 * @buf: where the frame goes; when @pkt->payload is NULL, the payload is
 *	 already at rig_soft_roce_hdr_len() in it (so the model can copy it
 *	 from a region straight into the frame)
 * @size: bytes of @buf
 *
 * Writes the headers, the payload when @pkt->payload is given, zero pad,
 * the ICRC and (IPv6) the UDP checksum.
 *
 * Return: the frame's length; -EINVAL for a packet the rules above or an
 * unknown opcode forbid, -ENOSPC when @size cannot hold the frame.
 * Nothing is written on error.
 */
int rig_soft_roce_encode(const struct rig_soft_roce_pkt *pkt, void *buf, u32 size)
{
	u8 opf = rig_soft_roce_opf(pkt->opcode);
	u32 len = rig_soft_roce_len(pkt);
	u32 ip_len = len - ETH_HLEN;
	struct ethhdr *eth = buf;
	u8 *p;

	if (!opf || rig_soft_roce_check_payload(opf, pkt->len, pkt->pad) ||
	    (!pkt->ipv6 && (!ipv6_addr_v4mapped(&pkt->saddr) ||
			    !ipv6_addr_v4mapped(&pkt->daddr))))
		return -EINVAL;
	if (size < len)
		return -ENOSPC;
	ether_addr_copy(eth->h_dest, pkt->dmac);
	ether_addr_copy(eth->h_source, pkt->smac);
	eth->h_proto = cpu_to_be16(pkt->ipv6 ? ETH_P_IPV6 : ETH_P_IP);
	rig_soft_roce_put_ip(pkt, (u8 *)(eth + 1), ip_len);
	p = rig_soft_roce_put_bth(pkt, (u8 *)(eth + 1) + rig_soft_roce_ip_len(pkt->ipv6) +
				  sizeof(struct udphdr));
	if (pkt->payload)
		memcpy(p, pkt->payload, pkt->len);
	memset(p + pkt->len, 0, pkt->pad);
	rig_soft_icrc_set(eth + 1, ip_len, pkt->ipv6);
	rig_soft_roce_udp_csum(pkt, (u8 *)(eth + 1), ip_len);
	return len;
}

/* An IPv4 header at @ip with @avail bytes after it; sets *@ip_len. */
static enum rig_soft_roce_drop rig_soft_roce_get_ip4(const u8 *ip, u32 avail,
						     struct rig_soft_roce_pkt *pkt, u32 *ip_len)
{
	const struct iphdr *ip4 = (const struct iphdr *)ip;

	if (avail < sizeof(*ip4))
		return RIG_SOFT_ROCE_DROP_SHORT;
	if (ip4->version != 4)
		return RIG_SOFT_ROCE_DROP_IP_VERSION;
	if (ip4->ihl != 5)
		return RIG_SOFT_ROCE_DROP_IP_HEADER;
	*ip_len = be16_to_cpu(ip4->tot_len);
	if (*ip_len > avail || *ip_len < sizeof(*ip4))
		return RIG_SOFT_ROCE_DROP_IP_LENGTH;
	if (ip_fast_csum(ip4, ip4->ihl))
		return RIG_SOFT_ROCE_DROP_IP_CSUM;
	if (ip4->frag_off & cpu_to_be16(IP_MF | IP_OFFSET))
		return RIG_SOFT_ROCE_DROP_IP_FRAGMENT;
	if (ip4->protocol != IPPROTO_UDP)
		return RIG_SOFT_ROCE_DROP_IP_PROTO;
	ipv6_addr_set_v4mapped(ip4->saddr, &pkt->saddr);
	ipv6_addr_set_v4mapped(ip4->daddr, &pkt->daddr);
	pkt->tclass = ip4->tos;
	pkt->hop_limit = ip4->ttl;
	pkt->flow_label = 0;
	return RIG_SOFT_ROCE_OK;
}

/* Whether @nexthdr names an IPv6 extension header (RFC 8200 section 4). */
static bool rig_soft_roce_ip6_ext(u8 nexthdr)
{
	switch (nexthdr) {
	case NEXTHDR_HOP:
	case NEXTHDR_ROUTING:
	case NEXTHDR_FRAGMENT:
	case NEXTHDR_ESP:
	case NEXTHDR_AUTH:
	case NEXTHDR_DEST:
	case NEXTHDR_MOBILITY:
		return true;
	default:
		return false;
	}
}

/* An IPv6 header at @ip with @avail bytes after it; sets *@ip_len. */
static enum rig_soft_roce_drop rig_soft_roce_get_ip6(const u8 *ip, u32 avail,
						     struct rig_soft_roce_pkt *pkt, u32 *ip_len)
{
	const struct ipv6hdr *ip6 = (const struct ipv6hdr *)ip;

	if (avail < sizeof(*ip6))
		return RIG_SOFT_ROCE_DROP_SHORT;
	if (ip6->version != 6)
		return RIG_SOFT_ROCE_DROP_IP_VERSION;
	if (ip6->nexthdr != IPPROTO_UDP)
		return rig_soft_roce_ip6_ext(ip6->nexthdr) ? RIG_SOFT_ROCE_DROP_IP_HEADER :
							     RIG_SOFT_ROCE_DROP_IP_PROTO;
	*ip_len = sizeof(*ip6) + be16_to_cpu(ip6->payload_len);
	if (*ip_len > avail)
		return RIG_SOFT_ROCE_DROP_IP_LENGTH;
	pkt->saddr = ip6->saddr;
	pkt->daddr = ip6->daddr;
	pkt->tclass = ip6_tclass(ip6_flowinfo(ip6));
	pkt->hop_limit = ip6->hop_limit;
	pkt->flow_label = be32_to_cpu(ip6_flowlabel(ip6));
	return RIG_SOFT_ROCE_OK;
}

/* The UDP header at @udp, the first of @len bytes of IP payload. */
static enum rig_soft_roce_drop rig_soft_roce_get_udp(const u8 *udp, u32 len,
						     struct rig_soft_roce_pkt *pkt)
{
	const struct udphdr *uh = (const struct udphdr *)udp;

	if (len < sizeof(*uh))
		return RIG_SOFT_ROCE_DROP_SHORT;
	if (uh->dest != cpu_to_be16(RIG_SOFT_ROCE_PORT))
		return RIG_SOFT_ROCE_DROP_UDP_PORT;
	if (be16_to_cpu(uh->len) != len)
		return RIG_SOFT_ROCE_DROP_UDP_LENGTH;
	if (len < sizeof(*uh) + RIG_SOFT_ROCE_BTH_LEN + RIG_SOFT_ROCE_ICRC_LEN)
		return RIG_SOFT_ROCE_DROP_SHORT;
	pkt->sport = be16_to_cpu(uh->source);
	return RIG_SOFT_ROCE_OK;
}

/* The extension header after the BTH, at @p. */
static void rig_soft_roce_get_ext(const u8 *p, u8 opf, struct rig_soft_roce_pkt *pkt)
{
	u32 smsn;

	if (opf & RIG_SOFT_OPF_RETH) {
		const struct rig_soft_reth *reth = (const struct rig_soft_reth *)p;

		pkt->va = get_unaligned_be64(&reth->va);
		pkt->rkey = get_unaligned_be32(&reth->rkey);
		pkt->dma_len = get_unaligned_be32(&reth->len);
	}
	if (opf & RIG_SOFT_OPF_AETH) {
		smsn = get_unaligned_be32(p);
		pkt->syndrome = FIELD_GET(RIG_SOFT_AETH_SYN, smsn);
		pkt->msn = smsn & RIG_SOFT_AETH_MSN;
	}
}

/* The BTH and what follows it: @len bytes from @p to the ICRC's end. */
static enum rig_soft_roce_drop rig_soft_roce_get_bth(const u8 *p, u32 len,
						     struct rig_soft_roce_pkt *pkt)
{
	const struct rig_soft_bth *bth = (const struct rig_soft_bth *)p;
	u8 opf = rig_soft_roce_opf(bth->opcode);
	u32 rest, hdr;

	if (FIELD_GET(RIG_SOFT_BTH_TVER, bth->flags))
		return RIG_SOFT_ROCE_DROP_TVER;
	if (!opf)
		return RIG_SOFT_ROCE_DROP_OPCODE;
	hdr = rig_soft_roce_bth_len(opf);
	if (len < hdr + RIG_SOFT_ROCE_ICRC_LEN)
		return RIG_SOFT_ROCE_DROP_SHORT;
	rest = len - hdr - RIG_SOFT_ROCE_ICRC_LEN;
	pkt->pad = FIELD_GET(RIG_SOFT_BTH_PAD, bth->flags);
	if (pkt->pad > rest)
		return RIG_SOFT_ROCE_DROP_PAD;
	pkt->len = rest - pkt->pad;
	if (rig_soft_roce_check_payload(opf, pkt->len, pkt->pad))
		return rig_soft_roce_check_payload(opf, pkt->len, pkt->pad);
	pkt->opcode = bth->opcode;
	pkt->se = bth->flags & RIG_SOFT_BTH_SE;
	pkt->mig = bth->flags & RIG_SOFT_BTH_MIG;
	pkt->pkey = be16_to_cpu(bth->pkey);
	pkt->dqpn = be32_to_cpu(bth->qpn) & RIG_SOFT_BTH_QPN;
	pkt->ackreq = bth->apsn & cpu_to_be32(RIG_SOFT_BTH_ACKREQ);
	pkt->psn = be32_to_cpu(bth->apsn) & RIG_SOFT_BTH_PSN;
	rig_soft_roce_get_ext(p + RIG_SOFT_ROCE_BTH_LEN, opf, pkt);
	pkt->payload = p + hdr;
	return RIG_SOFT_ROCE_OK;
}

/**
 * rig_soft_roce_decode() - check and decode a received frame
 * @buf: the frame from its Ethernet header; hostile, only read
 * @len: its bytes (Ethernet padding after the IP datagram is allowed)
 * @pkt: the packet, filled only on success; @pkt->payload points into
 *	 @buf
 *
 * Checks every field the model relies on: the Ethernet type, the IP
 * version, header length, total length and (IPv4) header checksum, no
 * fragment, UDP to port 4791 with a length that agrees with IP's, the
 * ICRC, the BTH's transport version, an RC opcode the model speaks, and
 * the pad and payload rules (rig_soft_roce_encode()).  The UDP checksum
 * is not checked: the ICRC covers what it would.  The addresses, the
 * destination QP and the P_Key are the caller's to check, and so is the
 * path MTU (rig_soft_roce_check_mtu()).
 *
 * Return: RIG_SOFT_ROCE_OK, or the first reason to drop the frame.
 */
enum rig_soft_roce_drop rig_soft_roce_decode(const void *buf, u32 len,
					     struct rig_soft_roce_pkt *pkt)
{
	const struct ethhdr *eth = buf;
	const u8 *ip = (const u8 *)(eth + 1);
	enum rig_soft_roce_drop why;
	u32 ip_len, ip_hdr;

	if (len < ETH_HLEN)
		return RIG_SOFT_ROCE_DROP_SHORT;
	if (eth->h_proto == cpu_to_be16(ETH_P_IP))
		pkt->ipv6 = false;
	else if (eth->h_proto == cpu_to_be16(ETH_P_IPV6))
		pkt->ipv6 = true;
	else
		return RIG_SOFT_ROCE_DROP_ETHERTYPE;
	why = pkt->ipv6 ? rig_soft_roce_get_ip6(ip, len - ETH_HLEN, pkt, &ip_len) :
			  rig_soft_roce_get_ip4(ip, len - ETH_HLEN, pkt, &ip_len);
	if (why)
		return why;
	ip_hdr = rig_soft_roce_ip_len(pkt->ipv6);
	why = rig_soft_roce_get_udp(ip + ip_hdr, ip_len - ip_hdr, pkt);
	if (why)
		return why;
	if (!rig_soft_icrc_ok(ip, ip_len, pkt->ipv6))
		return RIG_SOFT_ROCE_DROP_ICRC;
	why = rig_soft_roce_get_bth(ip + ip_hdr + sizeof(struct udphdr),
				    ip_len - ip_hdr - sizeof(struct udphdr), pkt);
	if (why)
		return why;
	ether_addr_copy(pkt->dmac, eth->h_dest);
	ether_addr_copy(pkt->smac, eth->h_source);
	return RIG_SOFT_ROCE_OK;
}

/**
 * rig_soft_roce_check_mtu() - whether a packet's payload fits a path MTU
 * @pkt: a decoded packet
 * @mtu: the receiving QP's path MTU in bytes, 256 to 4096
 *
 * A first or middle packet of a message carries exactly @mtu bytes, a
 * last one 1 to @mtu, an only one 0 to @mtu (IBA vol. 1, chapter 9).
 *
 * Return: RIG_SOFT_ROCE_OK or RIG_SOFT_ROCE_DROP_MTU.
 */
enum rig_soft_roce_drop rig_soft_roce_check_mtu(const struct rig_soft_roce_pkt *pkt, u32 mtu)
{
	u8 opf = rig_soft_roce_opf(pkt->opcode);
	u8 pos = opf & (RIG_SOFT_OPF_FIRST | RIG_SOFT_OPF_LAST);

	if (!(opf & RIG_SOFT_OPF_PAYLOAD))
		return RIG_SOFT_ROCE_OK;
	if (pkt->len > mtu || (!(pos & RIG_SOFT_OPF_LAST) && pkt->len != mtu) ||
	    (pos == RIG_SOFT_OPF_LAST && !pkt->len))
		return RIG_SOFT_ROCE_DROP_MTU;
	return RIG_SOFT_ROCE_OK;
}
