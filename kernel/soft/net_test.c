// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_net_test: net.c's receive queue accounting, the
 * pure part beside struct rig_soft_net (dev.h): which frames the
 * rx_handler may queue at all, and the byte budget charged and given
 * back with every frame queued and taken.  This file owns those cases;
 * the queue itself (skbs, the interface) runs only in the guest.
 */
#include <kunit/test.h>

#include "dev.h"

/* An skb's truesize for the longest frame: kmalloc's 8 KiB and the skb. */
#define LONGEST_COST	(SZ_8K + 512)

static void a_frame_of_the_longest_path_mtu_fits_and_one_byte_more_does_not(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, rig_soft_net_rx_fits(ETH_ZLEN));
	KUNIT_EXPECT_TRUE(test, rig_soft_net_rx_fits(RIG_SOFT_ROCE_FRAME_MAX));
	KUNIT_EXPECT_FALSE(test, rig_soft_net_rx_fits(RIG_SOFT_ROCE_FRAME_MAX + 1));
	/* A jumbo frame of the interface's largest MTU. */
	KUNIT_EXPECT_FALSE(test, rig_soft_net_rx_fits(ETH_HLEN + RIG_SOFT_MTU_MAX));
	KUNIT_EXPECT_FALSE(test, rig_soft_net_rx_fits(U32_MAX));
}

static void the_queue_takes_frames_up_to_its_budget_and_refuses_the_one_past_it(struct kunit *test)
{
	u32 held = 0;

	KUNIT_ASSERT_TRUE(test, rig_soft_net_rx_charge(&held, RIG_SOFT_NET_RXQ_BYTES - 100));
	KUNIT_EXPECT_FALSE(test, rig_soft_net_rx_charge(&held, 101));
	KUNIT_EXPECT_EQ(test, held, RIG_SOFT_NET_RXQ_BYTES - 100);
	KUNIT_EXPECT_TRUE(test, rig_soft_net_rx_charge(&held, 100));
	KUNIT_EXPECT_EQ(test, held, RIG_SOFT_NET_RXQ_BYTES);
	KUNIT_EXPECT_FALSE(test, rig_soft_net_rx_charge(&held, 1));
	/* A cost that would wrap the sum is refused, not wrapped. */
	held = 1;
	KUNIT_EXPECT_FALSE(test, rig_soft_net_rx_charge(&held, U32_MAX));
	KUNIT_EXPECT_EQ(test, held, 1);
}

static void a_frame_taken_off_gives_its_bytes_back_to_the_next(struct kunit *test)
{
	u32 held = 0;

	while (rig_soft_net_rx_charge(&held, LONGEST_COST))
		;
	KUNIT_EXPECT_FALSE(test, rig_soft_net_rx_charge(&held, LONGEST_COST));
	rig_soft_net_rx_uncharge(&held, LONGEST_COST);
	KUNIT_EXPECT_TRUE(test, rig_soft_net_rx_charge(&held, LONGEST_COST));
	/* Taking every frame off leaves nothing held. */
	while (held >= LONGEST_COST)
		rig_soft_net_rx_uncharge(&held, LONGEST_COST);
	KUNIT_EXPECT_EQ(test, held, 0);
}

/*
 * The READ the budget is sized for: rxe's 8192 responses at an MTU of
 * 1024 (2.3 KiB each as skbs) and 2048 at 4096 are all queued, while a
 * flood of the longest frames is held to the budget.
 */
static void a_reads_burst_fits_and_a_flood_is_held_to_the_budget(struct kunit *test)
{
	u32 held = 0, n;

	for (n = 0; n < 8192; n++)
		KUNIT_ASSERT_TRUE(test, rig_soft_net_rx_charge(&held, 2304));
	held = 0;
	for (n = 0; n < 2048; n++)
		KUNIT_ASSERT_TRUE(test, rig_soft_net_rx_charge(&held, LONGEST_COST));
	held = 0;
	for (n = 0; n < 100000; n++)
		if (!rig_soft_net_rx_charge(&held, LONGEST_COST))
			break;
	KUNIT_EXPECT_LT(test, n, 100000);
	KUNIT_EXPECT_LE(test, held, RIG_SOFT_NET_RXQ_BYTES);
	KUNIT_EXPECT_GT(test, held, RIG_SOFT_NET_RXQ_BYTES - LONGEST_COST);
}

static struct kunit_case rig_soft_net_test_cases[] = {
	KUNIT_CASE(a_frame_of_the_longest_path_mtu_fits_and_one_byte_more_does_not),
	KUNIT_CASE(the_queue_takes_frames_up_to_its_budget_and_refuses_the_one_past_it),
	KUNIT_CASE(a_frame_taken_off_gives_its_bytes_back_to_the_next),
	KUNIT_CASE(a_reads_burst_fits_and_a_flood_is_held_to_the_budget),
	{}
};

static struct kunit_suite rig_soft_net_test_suite = {
	.name = "rig_soft_net_test",
	.test_cases = rig_soft_net_test_cases,
};

kunit_test_suite(rig_soft_net_test_suite);
