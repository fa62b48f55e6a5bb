// SPDX-License-Identifier: BSD-2-Clause
/*
 * Library unit tests of the region and DMA calls that need no kernel:
 * misuse that is refused with -EINVAL before anything reaches a NIC.
 */
#include <errno.h>
#include <string.h>

#include "kselftest_harness.h"
#include "rig/bnxt.h"

TEST(region_calls_without_a_nic_are_invalid)
{
	struct rig_run run = { 0x100000, 4096 };
	struct rig_region *r = (struct rig_region *)0x1;
	void *p = (void *)0x1;

	EXPECT_EQ(-EINVAL, rig_region_host(NULL, 4096, &r));
	EXPECT_EQ(-EINVAL, rig_region_host_flags(NULL, 4096, RIG_REGION_LOCAL, &r));
	EXPECT_EQ(-EINVAL, rig_region_pages(NULL, (void *)4096, 4096, &r));
	EXPECT_EQ(-EINVAL, rig_region_pages_flags(NULL, (void *)4096, 4096, RIG_REGION_LOCAL, &r));
	EXPECT_EQ(-EINVAL, rig_region_device(NULL, &run, 1, &r));
	EXPECT_EQ(-EINVAL, rig_dma_alloc(NULL, 4096, &p));
	EXPECT_EQ(-EINVAL, rig_dma_free(NULL, p, 4096));
	/* Nothing was stored. */
	EXPECT_EQ((struct rig_region *)0x1, r);
	EXPECT_EQ((void *)0x1, p);
}

TEST(copies_and_deregister_of_no_region_are_invalid)
{
	char c = 0;

	EXPECT_EQ(-EINVAL, rig_region_read(NULL, 0, &c, 1));
	EXPECT_EQ(-EINVAL, rig_region_write(NULL, 0, &c, 1));
	EXPECT_EQ(-EINVAL, rig_region_deregister(NULL));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_region_deregister"));
}

TEST(error_messages_name_the_call_that_failed)
{
	struct rig_region *r;

	rig_region_host(NULL, 1, &r);
	EXPECT_EQ(0, strncmp(rig_error(), "rig_region_host:", 16));
	rig_region_device(NULL, NULL, 0, &r);
	EXPECT_EQ(0, strncmp(rig_error(), "rig_region_device:", 18));
}

TEST_HARNESS_MAIN
