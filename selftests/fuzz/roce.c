// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fuzz target "roce": the model's decoder of RoCE v2 frames from the wire
 * (kernel/soft/roce.c, with icrc.c), built for userspace over shim/kshim.h.
 * The input's first byte says whether to reseal the frame first (bit 0:
 * a right IPv4 header checksum and ICRC written over whatever the input
 * had, so the fuzzer reaches the BTH without guessing a CRC); the rest is
 * the frame, in a buffer of exactly its length.  Beyond what the
 * sanitizers see, what the decoder accepts must be what the model's
 * encoder would build: its payload lies inside the frame, the encoder
 * takes the packet back, and the frame it builds decodes to the same
 * packet.  This file owns the target; the seeds are seeds.c's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "roce.h"

/* A right IPv4 header checksum and ICRC for the datagram the headers describe. */
static void reseal(u8 *buf, u32 len)
{
	const struct ethhdr *eth = (const struct ethhdr *)buf;
	u8 *ip = buf + ETH_HLEN;
	u32 ip_len;
	bool ipv6;

	if (len < ETH_HLEN + sizeof(struct ipv6hdr))
		return;
	ipv6 = eth->h_proto == cpu_to_be16(ETH_P_IPV6);
	if (ipv6) {
		ip_len = sizeof(struct ipv6hdr) +
			 be16_to_cpu(((const struct ipv6hdr *)ip)->payload_len);
	} else {
		struct iphdr *ip4 = (struct iphdr *)ip;

		if (ip4->ihl != 5)
			return;
		ip4->check = 0;
		ip4->check = ip_fast_csum(ip4, ip4->ihl);
		ip_len = be16_to_cpu(ip4->tot_len);
	}
	if (ip_len <= len - ETH_HLEN)
		rig_soft_icrc_set(ip, ip_len, ipv6);
}

/* Whether two decoded packets say the same, field by field (not padding). */
static bool same(const struct rig_soft_roce_pkt *a, const struct rig_soft_roce_pkt *b)
{
	u8 opf = rig_soft_roce_opf(a->opcode);

	return !memcmp(a->dmac, b->dmac, ETH_ALEN) && !memcmp(a->smac, b->smac, ETH_ALEN) &&
	       a->ipv6 == b->ipv6 && ipv6_addr_equal(&a->saddr, &b->saddr) &&
	       ipv6_addr_equal(&a->daddr, &b->daddr) && a->tclass == b->tclass &&
	       a->hop_limit == b->hop_limit && a->flow_label == b->flow_label &&
	       a->sport == b->sport && a->opcode == b->opcode && a->se == b->se &&
	       a->mig == b->mig && a->pad == b->pad && a->pkey == b->pkey &&
	       a->dqpn == b->dqpn && a->ackreq == b->ackreq && a->psn == b->psn &&
	       a->len == b->len && !memcmp(a->payload, b->payload, a->len) &&
	       (!(opf & RIG_SOFT_OPF_RETH) ||
		(a->va == b->va && a->rkey == b->rkey && a->dma_len == b->dma_len)) &&
	       (!(opf & RIG_SOFT_OPF_AETH) || (a->syndrome == b->syndrome && a->msn == b->msn));
}

/* The decoded @pkt of the frame @buf of @len bytes, against the encoder. */
static void check(const u8 *buf, u32 len, const struct rig_soft_roce_pkt *pkt)
{
	static u8 frame[RIG_SOFT_ROCE_FRAME_MAX];
	struct rig_soft_roce_pkt again;
	int n;

	must(pkt->payload >= buf + rig_soft_roce_hdr_len(pkt));
	must(pkt->payload + pkt->len + pkt->pad + RIG_SOFT_ROCE_ICRC_LEN <= buf + len);
	must(rig_soft_roce_len(pkt) <= len);
	must(pkt->dqpn <= RIG_SOFT_BTH_QPN && pkt->psn <= RIG_SOFT_BTH_PSN &&
	     pkt->msn <= RIG_SOFT_AETH_MSN && pkt->flow_label < (1u << 20));
	for (u32 mtu = 256; mtu <= RIG_SOFT_ROCE_MTU_MAX; mtu <<= 1)
		rig_soft_roce_check_mtu(pkt, mtu);

	n = rig_soft_roce_encode(pkt, frame, sizeof(frame));
	must(n == (int)rig_soft_roce_len(pkt));
	memset(&again, 0x5a, sizeof(again));
	must(rig_soft_roce_decode(frame, (u32)n, &again) == RIG_SOFT_ROCE_OK);
	must(same(pkt, &again));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rig_soft_roce_pkt pkt;
	enum rig_soft_roce_drop why;
	u8 *buf;
	u32 len;

	if (!size || size - 1 > 2 * RIG_SOFT_ROCE_FRAME_MAX)
		return -1;
	len = (u32)(size - 1);
	buf = malloc(len ? len : 1);
	must(buf);
	memcpy(buf, data + 1, len);
	if (data[0] & 1)
		reseal(buf, len);
	memset(&pkt, 0, sizeof(pkt));
	why = rig_soft_roce_decode(buf, len, &pkt);
	must(why < RIG_SOFT_ROCE_DROPS && rig_soft_roce_drop_names[why]);
	if (why == RIG_SOFT_ROCE_OK)
		check(buf, len, &pkt);
	free(buf);
	return 0;
}
