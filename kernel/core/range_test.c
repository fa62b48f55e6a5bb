// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_range_test: the range arithmetic of range.c, at the
 * edges where an off-by-one or an overflow would let a caller reach
 * memory outside a region.
 */
#include <kunit/test.h>
#include <linux/limits.h>
#include <linux/module.h>

#include "range.h"

static void range_within_accepts_exact_fit(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, rig_range_within(0, 4096, 4096));
	KUNIT_EXPECT_TRUE(test, rig_range_within(4095, 1, 4096));
	KUNIT_EXPECT_TRUE(test, rig_range_within(4096, 0, 4096));
}

static void range_within_refuses_one_past_the_end(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, rig_range_within(1, 4096, 4096));
	KUNIT_EXPECT_FALSE(test, rig_range_within(4096, 1, 4096));
	KUNIT_EXPECT_FALSE(test, rig_range_within(4097, 0, 4096));
}

static void range_within_refuses_wrapping_sums(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, rig_range_within(U64_MAX, 2, 4096));
	KUNIT_EXPECT_FALSE(test, rig_range_within(8, U64_MAX - 4, U64_MAX));
	KUNIT_EXPECT_TRUE(test, rig_range_within(U64_MAX - 1, 1, U64_MAX));
}

static void round_to_page_rounds_up(struct kunit *test)
{
	u64 r = 0;

	KUNIT_EXPECT_EQ(test, rig_round_to_page(1, 4096, &r), 0);
	KUNIT_EXPECT_EQ(test, r, 4096);
	KUNIT_EXPECT_EQ(test, rig_round_to_page(4096, 4096, &r), 0);
	KUNIT_EXPECT_EQ(test, r, 4096);
	KUNIT_EXPECT_EQ(test, rig_round_to_page(4097, 4096, &r), 0);
	KUNIT_EXPECT_EQ(test, r, 8192);
	KUNIT_EXPECT_EQ(test, rig_round_to_page(65537, 65536, &r), 0);
	KUNIT_EXPECT_EQ(test, r, 131072);
}

static void round_to_page_refuses_zero_and_overflow(struct kunit *test)
{
	u64 r = 42;

	KUNIT_EXPECT_EQ(test, rig_round_to_page(0, 4096, &r), -EINVAL);
	KUNIT_EXPECT_EQ(test, rig_round_to_page(1, 3000, &r), -EINVAL);
	KUNIT_EXPECT_EQ(test, rig_round_to_page(1, 0, &r), -EINVAL);
	KUNIT_EXPECT_EQ(test, rig_round_to_page(U64_MAX - 10, 4096, &r), -EOVERFLOW);
	KUNIT_EXPECT_EQ(test, r, 42);
}

static void runs_check_sums_good_runs(struct kunit *test)
{
	const struct rig_bnxt_run runs[] = {
		{ .address = 0xfe000000, .bytes = 4096 },
		{ .address = 0x100000000ULL, .bytes = 1 << 20 },
	};
	u64 total = 0;

	KUNIT_EXPECT_EQ(test, rig_runs_check(runs, 2, &total), 0);
	KUNIT_EXPECT_EQ(test, total, 4096 + (1 << 20));
}

static void runs_check_refuses_bad_runs(struct kunit *test)
{
	static const struct rig_bnxt_run bad[] = {
		{ .address = 0x1000, .bytes = 0 },		/* empty */
		{ .address = 0x1000, .bytes = 100 },		/* not 4 KiB */
		{ .address = 0x1001, .bytes = 4096 },		/* unaligned */
		{ .address = 0x1000, .bytes = 4096 + 2048 },	/* ragged */
		{ .address = U64_MAX & ~0xfffULL, .bytes = 8192 }, /* wraps */
	};
	struct rig_bnxt_run two[2] = {
		{ .address = 0, .bytes = U64_MAX & ~0xfffULL },
		{ .address = 0, .bytes = 1 << 20 },		/* total wraps */
	};
	u64 total = 7;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, rig_runs_check(&bad[i], 1, &total),
				    -EINVAL, "run %u", i);
	KUNIT_EXPECT_EQ(test, rig_runs_check(two, 2, &total), -EINVAL);
	KUNIT_EXPECT_EQ(test, rig_runs_check(two, 0, &total), -EINVAL);
	KUNIT_EXPECT_EQ(test, total, 7);
}

static void runs_check_accepts_the_last_page(struct kunit *test)
{
	const struct rig_bnxt_run top = {
		.address = U64_MAX & ~0xfffULL, .bytes = 4096,
	};
	u64 total = 0;

	KUNIT_EXPECT_EQ(test, rig_runs_check(&top, 1, &total), 0);
	KUNIT_EXPECT_EQ(test, total, 4096);
}

static struct kunit_case rig_range_test_cases[] = {
	KUNIT_CASE(range_within_accepts_exact_fit),
	KUNIT_CASE(range_within_refuses_one_past_the_end),
	KUNIT_CASE(range_within_refuses_wrapping_sums),
	KUNIT_CASE(round_to_page_rounds_up),
	KUNIT_CASE(round_to_page_refuses_zero_and_overflow),
	KUNIT_CASE(runs_check_sums_good_runs),
	KUNIT_CASE(runs_check_refuses_bad_runs),
	KUNIT_CASE(runs_check_accepts_the_last_page),
	{}
};

static struct kunit_suite rig_range_test_suite = {
	.name = "rig_range_test",
	.test_cases = rig_range_test_cases,
};

kunit_test_suite(rig_range_test_suite);

MODULE_DESCRIPTION("KUnit tests for rig_bnxt's range arithmetic");
MODULE_LICENSE("GPL");
