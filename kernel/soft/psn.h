/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * 24-bit packet sequence numbers as the InfiniBand transport counts them
 * (a BTH carries 24 bits; 0xffffff is followed by 0).  This header owns
 * their arithmetic and nothing else: which PSN a packet should carry is
 * the reliable-connected machines' (rc.h).  Pure functions of their
 * arguments: no state, no lock, any context.
 *
 * Two PSNs are ordered only when they are less than half the space
 * (2^23) apart, as IB's own comparisons are: a PSN within 2^23 after
 * another follows it, across the wrap.
 */
#ifndef RIG_SOFT_PSN_H
#define RIG_SOFT_PSN_H

#include <linux/bits.h>
#include <linux/types.h>

#define RIG_SOFT_PSN_BITS	24
#define RIG_SOFT_PSN_SPACE	BIT(RIG_SOFT_PSN_BITS)
/* Two PSNs further apart than this are not ordered. */
#define RIG_SOFT_PSN_HALF	(RIG_SOFT_PSN_SPACE / 2)

/**
 * rig_soft_psn_add() - the PSN @n packets after @psn
 * @psn: a PSN (bits above 24 are ignored)
 * @n: packets, may exceed the space
 *
 * Return: (@psn + @n) modulo 2^24.
 */
static inline u32 rig_soft_psn_add(u32 psn, u32 n)
{
	return (psn + n) & (RIG_SOFT_PSN_SPACE - 1);
}

/**
 * rig_soft_psn_dist() - packets from @from forward to @to
 * @from: a PSN
 * @to: a PSN
 *
 * Return: the number of increments that take @from to @to, 0 to 2^24 - 1
 * (the distance forward across the wrap, never negative).
 */
static inline u32 rig_soft_psn_dist(u32 from, u32 to)
{
	return (to - from) & (RIG_SOFT_PSN_SPACE - 1);
}

/**
 * rig_soft_psn_cmp() - signed distance from @b to @a
 * @a: a PSN
 * @b: a PSN
 *
 * Return: negative when @a comes before @b, 0 when they are equal,
 * positive when @a comes after @b; the magnitude is the distance, from
 * -2^23 to 2^23 - 1.  PSNs exactly 2^23 apart compare as "before".
 */
static inline s32 rig_soft_psn_cmp(u32 a, u32 b)
{
	u32 d = rig_soft_psn_dist(b, a);

	return d < RIG_SOFT_PSN_HALF ? (s32)d : (s32)d - (s32)RIG_SOFT_PSN_SPACE;
}

/**
 * rig_soft_psn_in() - whether @psn lies in the @n PSNs from @first
 * @psn: the PSN asked about
 * @first: the first PSN of the range
 * @n: how many PSNs the range holds, at most 2^24
 *
 * Return: true when @psn is @first + i for some 0 <= i < @n.
 */
static inline bool rig_soft_psn_in(u32 psn, u32 first, u32 n)
{
	return rig_soft_psn_dist(first, psn) < n;
}

#endif /* RIG_SOFT_PSN_H */
