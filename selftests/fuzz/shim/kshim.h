/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel, as little of it as the model's pure parts (kernel/soft/
 * roce.c, icrc.c, rc_req.c, rc_resp.c) use, for building them as
 * userspace fuzz targets: types, byte order, bit fields, unaligned access,
 * the Internet checksum, CRC-32, and the IPv6 helpers.  Force-included
 * (-include kshim.h) before every kernel source; the headers beside it
 * under linux/, net/ and rdma/ stand in for the kernel's and are empty.
 * The uapi headers (linux/ip.h, ipv6.h, udp.h, if_ether.h) are the
 * system's, so the wire structures are the kernel's own.  This file owns
 * nothing of the model: a helper here must compute what the kernel's
 * does, or the fuzzer judges other code.  WARN_ON_ONCE aborts: a warning
 * is a driver bug, and the fuzzer reports it as a crash.
 */
#ifndef RIG_FUZZ_KSHIM_H
#define RIG_FUZZ_KSHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asm/byteorder.h>
#include <linux/errno.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/types.h>
#include <linux/udp.h>

typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
typedef __s32 s32;
typedef __u32 __wsum;

#define __force
#define __packed __attribute__((packed))

#define U32_MAX ((u32)~0U)
#define U64_MAX ((u64)~0ULL)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define min_t(t, a, b) ((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b) ((t)(a) > (t)(b) ? (t)(a) : (t)(b))
#define clamp_t(t, v, lo, hi) min_t(t, max_t(t, v, lo), hi)

#define WARN_ON_ONCE(c) \
	((c) ? (fprintf(stderr, "WARN_ON_ONCE(%s) at %s:%d\n", #c, __FILE__, __LINE__), \
		abort(), 1) : 0)

#define BIT(n) (1UL << (n))
#define BIT_ULL(n) (1ULL << (n))
#define GENMASK(h, l) ((~0UL << (l)) & (~0UL >> (63 - (h))))
#define FIELD_GET(mask, v) (((v) & (mask)) >> __builtin_ctzll(mask))
#define FIELD_PREP(mask, v) (((u64)(v) << __builtin_ctzll(mask)) & (mask))

#define cpu_to_be16(x) __cpu_to_be16(x)
#define cpu_to_be32(x) __cpu_to_be32(x)
#define be16_to_cpu(x) __be16_to_cpu(x)
#define be32_to_cpu(x) __be32_to_cpu(x)

static inline u32 get_unaligned_be32(const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return __be32_to_cpu(v);
}

static inline u64 get_unaligned_be64(const void *p)
{
	u64 v;

	memcpy(&v, p, sizeof(v));
	return __be64_to_cpu(v);
}

static inline u32 get_unaligned_le32(const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return __le32_to_cpu(v);
}

static inline void put_unaligned_be32(u32 v, void *p)
{
	__be32 b = __cpu_to_be32(v);

	memcpy(p, &b, sizeof(b));
}

static inline void put_unaligned_be64(u64 v, void *p)
{
	__be64 b = __cpu_to_be64(v);

	memcpy(p, &b, sizeof(b));
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	__le32 b = __cpu_to_le32(v);

	memcpy(p, &b, sizeof(b));
}

static inline void ether_addr_copy(u8 *dst, const u8 *src)
{
	memcpy(dst, src, ETH_ALEN);
}

/* include/linux/hash.h */
static inline u32 hash_64(u64 val, unsigned int bits)
{
	return (u32)(val * 0x61C8864680B583EBull >> (64 - bits));
}

/* lib/crc32.c's crc32_le(): reflected, polynomial 0xedb88320, no inversion. */
static inline u32 crc32_le(u32 crc, const u8 *p, size_t len)
{
	while (len--) {
		crc ^= *p++;
		for (int i = 0; i < 8; i++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return crc;
}

/* lib/checksum.c, for a little-endian machine: the ones' complement sum. */
static inline __wsum csum_partial(const void *buf, int len, __wsum sum)
{
	const u8 *p = buf;
	u64 s = sum;

	for (; len > 1; len -= 2, p += 2)
		s += (u32)p[0] | (u32)p[1] << 8;
	if (len)
		s += p[0];
	while (s >> 32)
		s = (s & 0xffffffff) + (s >> 32);
	return (__wsum)s;
}

static inline __sum16 csum_fold(__wsum sum)
{
	u32 s = sum;

	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return (__sum16)~s;
}

static inline __sum16 ip_fast_csum(const void *iph, unsigned int ihl)
{
	return csum_fold(csum_partial(iph, (int)ihl * 4, 0));
}

#define CSUM_MANGLED_0 ((__sum16)0xffff)

/* include/net/ip.h */
#define IP_DF		0x4000
#define IP_MF		0x2000
#define IP_OFFSET	0x1fff

/* include/net/ipv6.h */
#define NEXTHDR_HOP		0
#define NEXTHDR_ROUTING		43
#define NEXTHDR_FRAGMENT	44
#define NEXTHDR_ESP		50
#define NEXTHDR_AUTH		51
#define NEXTHDR_DEST		60
#define NEXTHDR_MOBILITY	135
#define IPV6_FLOWINFO_MASK	__cpu_to_be32(0x0fffffff)
#define IPV6_FLOWLABEL_MASK	__cpu_to_be32(0x000fffff)
#define IPV6_TCLASS_MASK	(IPV6_FLOWINFO_MASK & ~IPV6_FLOWLABEL_MASK)
#define IPV6_TCLASS_SHIFT	20

static inline void ip6_flow_hdr(struct ipv6hdr *hdr, unsigned int tclass, __be32 flowlabel)
{
	__be32 w = __cpu_to_be32(0x60000000 | (tclass << 20)) | flowlabel;

	memcpy(hdr, &w, sizeof(w));
}

static inline __be32 ip6_flowinfo(const struct ipv6hdr *hdr)
{
	__be32 w;

	memcpy(&w, hdr, sizeof(w));
	return w & IPV6_FLOWINFO_MASK;
}

static inline __be32 ip6_flowlabel(const struct ipv6hdr *hdr)
{
	__be32 w;

	memcpy(&w, hdr, sizeof(w));
	return w & IPV6_FLOWLABEL_MASK;
}

static inline u8 ip6_tclass(__be32 flowinfo)
{
	return (u8)(__be32_to_cpu(flowinfo & IPV6_TCLASS_MASK) >> IPV6_TCLASS_SHIFT);
}

static inline bool ipv6_addr_v4mapped(const struct in6_addr *a)
{
	return (a->s6_addr32[0] | a->s6_addr32[1] |
		(a->s6_addr32[2] ^ __cpu_to_be32(0x0000ffff))) == 0;
}

static inline void ipv6_addr_set_v4mapped(__be32 addr, struct in6_addr *v4mapped)
{
	v4mapped->s6_addr32[0] = 0;
	v4mapped->s6_addr32[1] = 0;
	v4mapped->s6_addr32[2] = __cpu_to_be32(0x0000ffff);
	v4mapped->s6_addr32[3] = addr;
}

static inline bool ipv6_addr_equal(const struct in6_addr *a, const struct in6_addr *b)
{
	return !memcmp(a, b, sizeof(*a));
}

/* include/rdma/ib_pack.h: the RC opcodes (IBA vol. 1, 9.2.1) */
enum {
	IB_OPCODE_RC_SEND_FIRST = 0x00,
	IB_OPCODE_RC_SEND_MIDDLE = 0x01,
	IB_OPCODE_RC_SEND_LAST = 0x02,
	IB_OPCODE_RC_SEND_LAST_WITH_IMMEDIATE = 0x03,
	IB_OPCODE_RC_SEND_ONLY = 0x04,
	IB_OPCODE_RC_SEND_ONLY_WITH_IMMEDIATE = 0x05,
	IB_OPCODE_RC_RDMA_WRITE_FIRST = 0x06,
	IB_OPCODE_RC_RDMA_WRITE_MIDDLE = 0x07,
	IB_OPCODE_RC_RDMA_WRITE_LAST = 0x08,
	IB_OPCODE_RC_RDMA_WRITE_LAST_WITH_IMMEDIATE = 0x09,
	IB_OPCODE_RC_RDMA_WRITE_ONLY = 0x0a,
	IB_OPCODE_RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE = 0x0b,
	IB_OPCODE_RC_RDMA_READ_REQUEST = 0x0c,
	IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST = 0x0d,
	IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE = 0x0e,
	IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST = 0x0f,
	IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY = 0x10,
	IB_OPCODE_RC_ACKNOWLEDGE = 0x11,
	IB_OPCODE_RC_ATOMIC_ACKNOWLEDGE = 0x12,
	IB_OPCODE_RC_COMPARE_SWAP = 0x13,
	IB_OPCODE_RC_FETCH_ADD = 0x14,
};

#endif /* RIG_FUZZ_KSHIM_H */
