// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_bnxt_addr_test: the path MTU of addr.c, against the
 * values ib_core's iboe_get_mtu() gives.  This file owns nothing but the
 * test.
 */
#include <kunit/test.h>

#include "bnxt.h"

static void the_path_mtu_fits_the_interface_mtu_less_the_roce_headers(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(9000), 4096);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(4096 + 96), 4096);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(4096 + 95), 2048);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(4000), 2048);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(1500), 1024);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(1024 + 96), 1024);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(1024 + 95), 512);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(576), 256);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(256 + 96), 256);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(256 + 95), 0);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(68), 0);
	KUNIT_EXPECT_EQ(test, rig_bnxt_path_mtu(0), 0);
}

static struct kunit_case rig_bnxt_addr_test_cases[] = {
	KUNIT_CASE(the_path_mtu_fits_the_interface_mtu_less_the_roce_headers),
	{}
};

static struct kunit_suite rig_bnxt_addr_test_suite = {
	.name = "rig_bnxt_addr_test",
	.test_cases = rig_bnxt_addr_test_cases,
};

kunit_test_suite(rig_bnxt_addr_test_suite);
