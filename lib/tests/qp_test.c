// SPDX-License-Identifier: BSD-2-Clause
/*
 * Library unit tests of the queue-pair calls that need no kernel: misuse
 * refused with -EINVAL before anything reaches a NIC, and the status
 * words.
 */
#include <errno.h>
#include <string.h>

#include "kselftest_harness.h"
#include "rig/bnxt.h"

TEST(make_refuses_ring_sizes_that_are_not_powers_of_two_from_2_to_4096)
{
	static const uint32_t bad[] = { 0, 1, 3, 6, 100, 8192, 1u << 31, UINT32_MAX };
	struct rig_qp *qp = (struct rig_qp *)0x1;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT_EQ(-EINVAL, rig_qp_make(NULL, bad[i], &qp));
		EXPECT_NE(NULL, strstr(rig_error(), "not a power of two from 2 to 4096"))
			TH_LOG("%s", rig_error());
	}
	EXPECT_EQ((struct rig_qp *)0x1, qp);
}

TEST(make_without_a_nic_is_invalid_and_stores_nothing)
{
	struct rig_qp *qp = (struct rig_qp *)0x1;

	EXPECT_EQ(-EINVAL, rig_qp_make(NULL, 2, &qp));
	EXPECT_EQ(-EINVAL, rig_qp_make(NULL, RIG_QP_ENTRIES_MAX, &qp));
	EXPECT_EQ((struct rig_qp *)0x1, qp);
	EXPECT_EQ(0, strncmp(rig_error(), "rig_qp_make:", 12));
}

TEST(every_call_on_no_queue_pair_is_invalid_and_names_itself)
{
	struct rig_endpoint e = { .mtu = 1024 };
	struct rig_completion c = { .id = 7 };

	EXPECT_EQ(-EINVAL, rig_qp_endpoint(NULL, &e));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_endpoint"));
	EXPECT_EQ(-EINVAL, rig_qp_connect(NULL, &e));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_connect"));
	EXPECT_EQ(-EINVAL, rig_qp_receive(NULL, NULL, 0, 1, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_receive"));
	EXPECT_EQ(-EINVAL, rig_qp_send(NULL, NULL, 0, 1, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_send"));
	EXPECT_EQ(-EINVAL, rig_qp_read(NULL, NULL, 0, NULL, 0, 1, 1));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_read"));
	EXPECT_EQ(-EINVAL, rig_qp_ring(NULL));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_ring"));
	EXPECT_EQ(-EINVAL, rig_qp_poll(NULL, &c));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_poll"));
	EXPECT_EQ(-EINVAL, rig_qp_wait(NULL, 0, &c));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_wait"));
	EXPECT_EQ(-EINVAL, rig_qp_arm(NULL));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_arm"));
	EXPECT_EQ(-EINVAL, rig_qp_state(NULL));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_state"));
	EXPECT_EQ(-EINVAL, rig_qp_destroy(NULL));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_qp_destroy"));
	/* Nothing was stored. */
	EXPECT_EQ(7, c.id);
	EXPECT_EQ(1024, e.mtu);
}

TEST(success_is_status_zero)
{
	EXPECT_EQ(0, RIG_STATUS_OK);
	EXPECT_STREQ("success", rig_status_message(RIG_STATUS_OK));
}

TEST(every_status_has_its_own_words)
{
	int a, b;

	for (a = RIG_STATUS_OK; a <= RIG_STATUS_UNKNOWN; a++) {
		const char *m = rig_status_message(a);

		ASSERT_NE(NULL, m);
		EXPECT_LT(3, strlen(m));
		EXPECT_STRNE("unknown status", m);
		for (b = RIG_STATUS_OK; b < a; b++)
			EXPECT_STRNE(rig_status_message(b), m);
	}
}

TEST(status_words_say_what_happened)
{
	EXPECT_NE(NULL, strstr(rig_status_message(RIG_STATUS_LOCAL_LENGTH), "length"));
	EXPECT_NE(NULL, strstr(rig_status_message(RIG_STATUS_LOCAL_PROTECTION), "protection"));
	EXPECT_NE(NULL, strstr(rig_status_message(RIG_STATUS_REMOTE_ACCESS), "remote access"));
	EXPECT_NE(NULL, strstr(rig_status_message(RIG_STATUS_REMOTE_INVALID_REQUEST),
			       "remote invalid request"));
	EXPECT_NE(NULL, strstr(rig_status_message(RIG_STATUS_RNR_RETRY_EXCEEDED),
			       "receiver not ready"));
	EXPECT_NE(NULL, strstr(rig_status_message(RIG_STATUS_RETRY_EXCEEDED), "retries"));
	EXPECT_NE(NULL, strstr(rig_status_message(RIG_STATUS_FLUSHED), "flushed"));
	EXPECT_NE(NULL, strstr(rig_status_message(RIG_STATUS_UNKNOWN), "vendor"));
}

TEST(a_number_that_is_no_status_is_an_unknown_status)
{
	EXPECT_STREQ("unknown status", rig_status_message(-1));
	EXPECT_STREQ("unknown status", rig_status_message(RIG_STATUS_UNKNOWN + 1));
	EXPECT_STREQ("unknown status", rig_status_message(1 << 30));
	EXPECT_STREQ("unknown status", rig_status_message(-2147483647 - 1));
}

TEST_HARNESS_MAIN
