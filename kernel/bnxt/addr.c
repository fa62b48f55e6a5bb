// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a connection needs of the network the function sits on: the path
 * MTU its interface allows, as RoCE defines it (ib_core's iboe_get_mtu():
 * the largest InfiniBand MTU that fits the Ethernet MTU once the RoCE v2
 * headers are taken off).  Pure: KUnit runs it.
 *
 * This file owns that rule; the interface's MTU is the transport's word.
 */
#include "bnxt.h"

/*
 * What RoCE v2 puts around a payload, as ib_core counts it for
 * iboe_get_mtu(): GRH (40, the IPv6 header's size), UDP (8), BTH (12),
 * the largest extended headers (XRC 4, AtomicETH 28) and the ICRC (4).
 */
#define RIG_BNXT_ROCE_HEADERS	(40 + 8 + 12 + 4 + 28 + 4)

/**
 * rig_bnxt_path_mtu() - the largest path MTU an interface's MTU allows
 * @if_mtu: the Ethernet MTU of the function's interface, in bytes
 *
 * Return: 4096, 2048, 1024, 512 or 256 bytes; 0 when not even 256 fits
 * (1024 for an MTU of 1500, 4096 for 9000).
 */
u32 rig_bnxt_path_mtu(u32 if_mtu)
{
	u32 mtu;

	if (if_mtu <= RIG_BNXT_ROCE_HEADERS)
		return 0;
	for (mtu = 4096; mtu >= 256; mtu /= 2)
		if (if_mtu - RIG_BNXT_ROCE_HEADERS >= mtu)
			return mtu;
	return 0;
}
