// SPDX-License-Identifier: BSD-2-Clause
/*
 * Library unit tests that need no kernel module: argument rules of
 * rig_bnxt_open() and the per-thread error message.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "kselftest_harness.h"
#include "rig/bnxt.h"

TEST(open_refuses_a_null_or_empty_name)
{
	struct rig_bnxt *nic = (struct rig_bnxt *)0x1;

	EXPECT_EQ(-EINVAL, rig_bnxt_open(NULL, &nic));
	EXPECT_EQ(-EINVAL, rig_bnxt_open("", &nic));
	EXPECT_EQ(-EINVAL, rig_bnxt_open("rig_bnxt0", NULL));
	EXPECT_EQ((struct rig_bnxt *)0x1, nic);
	EXPECT_NE(NULL, strstr(rig_error(), "rig_bnxt_open"));
}

TEST(open_refuses_a_name_longer_than_path_max)
{
	struct rig_bnxt *nic = NULL;
	char *name = malloc(PATH_MAX + 2);

	ASSERT_NE(NULL, name);
	memset(name, 'a', PATH_MAX + 1);
	name[PATH_MAX + 1] = '\0';
	EXPECT_EQ(-EINVAL, rig_bnxt_open(name, &nic));
	EXPECT_EQ(NULL, nic);
	free(name);
}

TEST(open_of_a_missing_device_names_it_and_the_module)
{
	struct rig_bnxt *nic = NULL;

	EXPECT_EQ(-ENOENT, rig_bnxt_open("/nonexistent/rig_bnxt7", &nic));
	EXPECT_EQ(NULL, nic);
	EXPECT_NE(NULL, strstr(rig_error(), "/nonexistent/rig_bnxt7"));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_bnxt module"));
}

TEST(open_of_a_plain_name_looks_in_dev)
{
	struct rig_bnxt *nic = NULL;

	/* No such device node exists on any machine: only the path is checked. */
	EXPECT_EQ(-ENOENT, rig_bnxt_open("rig_bnxt_no_such_node", &nic));
	EXPECT_NE(NULL, strstr(rig_error(), "/dev/rig_bnxt_no_such_node"));
}

TEST(open_of_a_file_that_is_not_a_rig_device_is_refused)
{
	struct rig_bnxt *nic = NULL;

	EXPECT_EQ(-ENOTTY, rig_bnxt_open("/dev/null", &nic));
	EXPECT_EQ(NULL, nic);
	EXPECT_NE(NULL, strstr(rig_error(), "not a rig_bnxt device"));
}

TEST(close_of_null_does_nothing)
{
	rig_bnxt_close(NULL);
}

static void *fail_in_another_thread(void *arg)
{
	struct rig_bnxt *nic;

	(void)arg;
	rig_bnxt_open("/nonexistent/other_thread", &nic);
	return strdup(rig_error());
}

TEST(error_message_belongs_to_its_thread)
{
	struct rig_bnxt *nic;
	pthread_t t;
	char *theirs;

	rig_bnxt_open("/nonexistent/this_thread", &nic);
	ASSERT_EQ(0, pthread_create(&t, NULL, fail_in_another_thread, NULL));
	ASSERT_EQ(0, pthread_join(t, (void **)&theirs));
	ASSERT_NE(NULL, theirs);
	EXPECT_NE(NULL, strstr(theirs, "other_thread"));
	EXPECT_NE(NULL, strstr(rig_error(), "this_thread"));
	EXPECT_EQ(NULL, strstr(rig_error(), "other_thread"));
	free(theirs);
}

static void *first_error(void *arg)
{
	(void)arg;
	return strdup(rig_error());
}

TEST(error_message_is_empty_before_any_failure)
{
	struct rig_bnxt *nic;
	pthread_t t;
	char *msg;

	/* This thread has failed; a new one has not. */
	rig_bnxt_open("/nonexistent/this_thread", &nic);
	ASSERT_EQ(0, pthread_create(&t, NULL, first_error, NULL));
	ASSERT_EQ(0, pthread_join(t, (void **)&msg));
	ASSERT_NE(NULL, msg);
	EXPECT_STREQ("", msg);
	free(msg);
}

TEST_HARNESS_MAIN
