/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RoCE v2 packets as the model sends and receives them: Ethernet II (no
 * VLAN tag), IPv4 or IPv6, UDP to port 4791, the InfiniBand BTH, a RETH
 * or an AETH, payload, pad and the invariant CRC.  This header owns the
 * wire layout of those headers, the decoded form of a packet (struct
 * rig_soft_roce_pkt), the reasons a received packet is dropped and the
 * ICRC.  It does not know queue pairs: which packet to send and what a
 * received one means is rc.h's, and moving payload is the model's.
 *
 * Everything here is a pure function of its arguments: no state, no
 * lock, any context; a received buffer is hostile and only read.
 */
#ifndef RIG_SOFT_ROCE_H
#define RIG_SOFT_ROCE_H

#include <linux/bits.h>
#include <linux/if_ether.h>
#include <linux/in6.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/types.h>
#include <linux/udp.h>
#include <rdma/ib_pack.h>

/* The UDP port IANA assigned to RoCE v2 (IBTA annex A17). */
#define RIG_SOFT_ROCE_PORT	4791
/* Source ports come from a flow hash, in 0xc000..0xffff as rxe's do. */
#define RIG_SOFT_ROCE_SPORT_MIN	0xc000
#define RIG_SOFT_ROCE_BTH_LEN	12
#define RIG_SOFT_ROCE_RETH_LEN	16
#define RIG_SOFT_ROCE_AETH_LEN	4
#define RIG_SOFT_ROCE_ICRC_LEN	4
/* The largest path MTU IB defines, so the largest payload of a packet. */
#define RIG_SOFT_ROCE_MTU_MAX	4096
/* Ethernet, IPv6, UDP, BTH, RETH and ICRC: the most header one packet has. */
#define RIG_SOFT_ROCE_HDR_MAX	(ETH_HLEN + sizeof(struct ipv6hdr) + sizeof(struct udphdr) + \
				 RIG_SOFT_ROCE_BTH_LEN + RIG_SOFT_ROCE_RETH_LEN + \
				 RIG_SOFT_ROCE_ICRC_LEN)
/* The largest frame the model builds or accepts. */
#define RIG_SOFT_ROCE_FRAME_MAX	(RIG_SOFT_ROCE_HDR_MAX + RIG_SOFT_ROCE_MTU_MAX)

/**
 * struct rig_soft_bth - the Base Transport Header, as on the wire
 * @opcode: transport (3 bits) and operation (5 bits), IB_OPCODE_*
 * @flags: SE (bit 7), MigReq (bit 6), pad count (bits 5:4), TVer (3:0)
 * @pkey: the partition key
 * @qpn: FECN, BECN and reserved bits (31:24, the "resv8a" the ICRC
 *	 masks), destination QP (23:0)
 * @apsn: AckReq (bit 31), reserved (30:24), PSN (23:0)
 */
struct rig_soft_bth {
	u8 opcode;
	u8 flags;
	__be16 pkey;
	__be32 qpn;
	__be32 apsn;
} __packed;

#define RIG_SOFT_BTH_SE		BIT(7)
#define RIG_SOFT_BTH_MIG	BIT(6)
#define RIG_SOFT_BTH_PAD	GENMASK(5, 4)
#define RIG_SOFT_BTH_TVER	GENMASK(3, 0)
#define RIG_SOFT_BTH_RESV8A	GENMASK(31, 24)
#define RIG_SOFT_BTH_QPN	GENMASK(23, 0)
#define RIG_SOFT_BTH_ACKREQ	BIT(31)
#define RIG_SOFT_BTH_PSN	GENMASK(23, 0)

/**
 * struct rig_soft_reth - the RDMA Extended Transport Header
 * @va: the virtual address the request names
 * @rkey: the remote key
 * @len: the DMA length in bytes
 */
struct rig_soft_reth {
	__be64 va;
	__be32 rkey;
	__be32 len;
} __packed;

/**
 * struct rig_soft_aeth - the ACK Extended Transport Header
 * @smsn: syndrome (31:24) and message sequence number (23:0)
 */
struct rig_soft_aeth {
	__be32 smsn;
} __packed;

#define RIG_SOFT_AETH_SYN	GENMASK(31, 24)
#define RIG_SOFT_AETH_MSN	GENMASK(23, 0)

/*
 * AETH syndromes: the type in bits 6:5 (bit 7 is reserved), a value in
 * bits 4:0: the credit count of an ACK, the timer code of an RNR NAK or
 * the NAK code.
 */
#define RIG_SOFT_SYN_TYPE		GENMASK(6, 5)
#define RIG_SOFT_SYN_VALUE		GENMASK(4, 0)
#define RIG_SOFT_SYN_ACK		0x00
#define RIG_SOFT_SYN_RNR_NAK		0x20
#define RIG_SOFT_SYN_NAK		0x60
/* An ACK's credit count when the responder does not count credits. */
#define RIG_SOFT_SYN_CREDITS_NONE	0x1f
#define RIG_SOFT_NAK_PSN_SEQ		0
#define RIG_SOFT_NAK_INV_REQ		1
#define RIG_SOFT_NAK_REM_ACCESS		2
#define RIG_SOFT_NAK_REM_OP		3

/* What an RC opcode carries and where it stands in a message. */
#define RIG_SOFT_OPF_KNOWN	BIT(0)	/* one of the opcodes the model speaks */
#define RIG_SOFT_OPF_RETH	BIT(1)
#define RIG_SOFT_OPF_AETH	BIT(2)
#define RIG_SOFT_OPF_PAYLOAD	BIT(3)	/* may carry payload */
#define RIG_SOFT_OPF_FIRST	BIT(4)	/* first or only packet of a message */
#define RIG_SOFT_OPF_LAST	BIT(5)	/* last or only: may carry pad */
#define RIG_SOFT_OPF_REQUEST	BIT(6)	/* requester to responder */

/**
 * enum rig_soft_roce_drop - why a received packet was dropped
 * @RIG_SOFT_ROCE_OK: not dropped
 * @RIG_SOFT_ROCE_DROP_SHORT: the frame ends inside a header
 * @RIG_SOFT_ROCE_DROP_ETHERTYPE: neither IPv4 nor IPv6 (a VLAN tag too)
 * @RIG_SOFT_ROCE_DROP_IP_VERSION: the IP version disagrees with the type
 * @RIG_SOFT_ROCE_DROP_IP_HEADER: IPv4 options or IPv6 extension headers
 * @RIG_SOFT_ROCE_DROP_IP_FRAGMENT: an IPv4 fragment
 * @RIG_SOFT_ROCE_DROP_IP_LENGTH: the IP length disagrees with the frame
 * @RIG_SOFT_ROCE_DROP_IP_CSUM: a bad IPv4 header checksum
 * @RIG_SOFT_ROCE_DROP_IP_PROTO: not UDP
 * @RIG_SOFT_ROCE_DROP_UDP_PORT: not to port 4791
 * @RIG_SOFT_ROCE_DROP_UDP_LENGTH: the UDP length disagrees with IP's
 * @RIG_SOFT_ROCE_DROP_TVER: a BTH transport version other than 0
 * @RIG_SOFT_ROCE_DROP_OPCODE: not an RC opcode the model speaks
 * @RIG_SOFT_ROCE_DROP_PAD: pad on a packet that may not carry it, or
 *			    payload and pad not a multiple of 4 bytes
 * @RIG_SOFT_ROCE_DROP_LENGTH: payload where none may be, or over 4096
 * @RIG_SOFT_ROCE_DROP_ICRC: the invariant CRC does not match
 * @RIG_SOFT_ROCE_DROP_MTU: over the QP's path MTU, or a first or middle
 *			    packet short of it (rig_soft_roce_check_mtu())
 * @RIG_SOFT_ROCE_DROPS: the number of reasons
 */
enum rig_soft_roce_drop {
	RIG_SOFT_ROCE_OK,
	RIG_SOFT_ROCE_DROP_SHORT,
	RIG_SOFT_ROCE_DROP_ETHERTYPE,
	RIG_SOFT_ROCE_DROP_IP_VERSION,
	RIG_SOFT_ROCE_DROP_IP_HEADER,
	RIG_SOFT_ROCE_DROP_IP_FRAGMENT,
	RIG_SOFT_ROCE_DROP_IP_LENGTH,
	RIG_SOFT_ROCE_DROP_IP_CSUM,
	RIG_SOFT_ROCE_DROP_IP_PROTO,
	RIG_SOFT_ROCE_DROP_UDP_PORT,
	RIG_SOFT_ROCE_DROP_UDP_LENGTH,
	RIG_SOFT_ROCE_DROP_TVER,
	RIG_SOFT_ROCE_DROP_OPCODE,
	RIG_SOFT_ROCE_DROP_PAD,
	RIG_SOFT_ROCE_DROP_LENGTH,
	RIG_SOFT_ROCE_DROP_ICRC,
	RIG_SOFT_ROCE_DROP_MTU,
	RIG_SOFT_ROCE_DROPS
};

/**
 * struct rig_soft_roce_pkt - one RoCE v2 packet, decoded, in CPU order
 * @dmac: destination MAC
 * @smac: source MAC
 * @ipv6: IPv6 rather than IPv4
 * @saddr: source address; an IPv4 one as an IPv4-mapped IPv6 address
 *	   (::ffff:a.b.c.d), the form of a RoCE v2 GID
 * @daddr: destination address, the same way
 * @tclass: IPv4 TOS or IPv6 traffic class
 * @hop_limit: IPv4 TTL or IPv6 hop limit
 * @flow_label: IPv6 flow label (20 bits); 0 for IPv4
 * @sport: UDP source port
 * @opcode: BTH opcode, IB_OPCODE_RC_*
 * @se: solicited event
 * @mig: MigReq
 * @pad: pad bytes after the payload, 0 to 3
 * @pkey: partition key
 * @dqpn: destination QP (24 bits)
 * @ackreq: AckReq
 * @psn: PSN (24 bits)
 * @va: RETH virtual address
 * @rkey: RETH remote key
 * @dma_len: RETH DMA length
 * @syndrome: AETH syndrome
 * @msn: AETH message sequence number (24 bits)
 * @payload: the payload: after decoding, inside the received buffer;
 *	     for encoding, the bytes to copy, or NULL when the caller has
 *	     already put them at rig_soft_roce_hdr_len() in the buffer
 * @len: payload bytes, pad not counted
 *
 * The RETH fields mean something only when the opcode has a RETH, the
 * AETH fields only when it has an AETH (rig_soft_roce_opf()).
 */
struct rig_soft_roce_pkt {
	u8 dmac[ETH_ALEN];
	u8 smac[ETH_ALEN];
	bool ipv6;
	struct in6_addr saddr;
	struct in6_addr daddr;
	u8 tclass;
	u8 hop_limit;
	u32 flow_label;
	u16 sport;
	u8 opcode;
	bool se;
	bool mig;
	u8 pad;
	u16 pkey;
	u32 dqpn;
	bool ackreq;
	u32 psn;
	u64 va;
	u32 rkey;
	u32 dma_len;
	u8 syndrome;
	u32 msn;
	const u8 *payload;
	u32 len;
};

/* roce.c: formats */
extern const char *const rig_soft_roce_drop_names[RIG_SOFT_ROCE_DROPS];
u8 rig_soft_roce_opf(u8 opcode);
u16 rig_soft_roce_sport(u32 src_qpn, u32 dst_qpn);
u32 rig_soft_roce_hdr_len(const struct rig_soft_roce_pkt *pkt);
u32 rig_soft_roce_len(const struct rig_soft_roce_pkt *pkt);
int rig_soft_roce_encode(const struct rig_soft_roce_pkt *pkt, void *buf, u32 size);
enum rig_soft_roce_drop rig_soft_roce_decode(const void *buf, u32 len,
					     struct rig_soft_roce_pkt *pkt);
enum rig_soft_roce_drop rig_soft_roce_check_mtu(const struct rig_soft_roce_pkt *pkt, u32 mtu);

/* icrc.c: the invariant CRC */
u32 rig_soft_icrc(const void *ip, u32 len, bool ipv6);
void rig_soft_icrc_set(void *ip, u32 len, bool ipv6);
bool rig_soft_icrc_ok(const void *ip, u32 len, bool ipv6);

#endif /* RIG_SOFT_ROCE_H */
