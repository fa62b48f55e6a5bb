// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_psn_test: 24-bit PSN arithmetic (psn.h) across
 * the wrap from 0xffffff to 0 and at the edge of the half window.  This
 * file owns those cases.
 */
#include <kunit/test.h>

#include "psn.h"

static void adding_wraps_past_0xffffff_to_0(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_soft_psn_add(0xfffffe, 1), 0xffffff);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_add(0xffffff, 1), 0);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_add(0xffffff, 2), 1);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_add(0xfffff0, 0x20), 0x10);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_add(5, RIG_SOFT_PSN_SPACE), 5);
}

static void the_distance_runs_forward_across_the_wrap(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_soft_psn_dist(0xffffff, 0), 1);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_dist(0xfffffe, 3), 5);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_dist(3, 3), 0);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_dist(1, 0), 0xffffff);
}

static void zero_comes_after_0xffffff(struct kunit *test)
{
	KUNIT_EXPECT_GT(test, rig_soft_psn_cmp(0, 0xffffff), 0);
	KUNIT_EXPECT_LT(test, rig_soft_psn_cmp(0xffffff, 0), 0);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_cmp(0, 0xffffff), 1);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_cmp(0xffffff, 0), -1);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_cmp(0xabcdef, 0xabcdef), 0);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_cmp(2, 0xfffffe), 4);
}

static void psns_half_the_space_apart_are_ordered_only_one_way(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_soft_psn_cmp(RIG_SOFT_PSN_HALF - 1, 0), RIG_SOFT_PSN_HALF - 1);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_cmp(RIG_SOFT_PSN_HALF, 0), -(s32)RIG_SOFT_PSN_HALF);
	KUNIT_EXPECT_EQ(test, rig_soft_psn_cmp(0, RIG_SOFT_PSN_HALF), -(s32)RIG_SOFT_PSN_HALF);
	KUNIT_EXPECT_GT(test, rig_soft_psn_cmp(0x7ffffe, 0xffffff), 0);
}

static void a_range_may_straddle_the_wrap(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, rig_soft_psn_in(0xffffff, 0xfffffe, 4));
	KUNIT_EXPECT_TRUE(test, rig_soft_psn_in(1, 0xfffffe, 4));
	KUNIT_EXPECT_FALSE(test, rig_soft_psn_in(2, 0xfffffe, 4));
	KUNIT_EXPECT_FALSE(test, rig_soft_psn_in(0xfffffd, 0xfffffe, 4));
	KUNIT_EXPECT_FALSE(test, rig_soft_psn_in(7, 7, 0));
}

static struct kunit_case rig_soft_psn_test_cases[] = {
	KUNIT_CASE(adding_wraps_past_0xffffff_to_0),
	KUNIT_CASE(the_distance_runs_forward_across_the_wrap),
	KUNIT_CASE(zero_comes_after_0xffffff),
	KUNIT_CASE(psns_half_the_space_apart_are_ordered_only_one_way),
	KUNIT_CASE(a_range_may_straddle_the_wrap),
	{}
};

static struct kunit_suite rig_soft_psn_test_suite = {
	.name = "rig_soft_psn_test",
	.test_cases = rig_soft_psn_test_cases,
};

kunit_test_suite(rig_soft_psn_test_suite);
