// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loading and unloading rig_bnxt: unload is refused while any file of it
 * is open, and a clean unload takes every device with it.  Each test
 * leaves the module loaded as scripts/vm-run loaded it.
 */
#include <sys/ioctl.h>

#include "kselftest_harness.h"
#include "rig_bnxt.h"
#include "rig_util.h"

FIXTURE(module) {
	int soft;
};

FIXTURE_SETUP(module)
{
	if (!getenv("RIG_MODULE"))
		SKIP(return, "RIG_MODULE is not set: run under scripts/vm-run");
	if (!rig_module_loaded())
		SKIP(return, "rig_bnxt is not loaded");
	self->soft = rig_soft_count();
	if (self->soft < 1)
		SKIP(return, "needs soft=1 or more");
}

FIXTURE_TEARDOWN(module)
{
	if (getenv("RIG_MODULE") && !rig_module_loaded())
		EXPECT_EQ(0, rig_module_load(NULL));
}

TEST_F(module, unload_is_refused_while_a_file_is_open)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	int fd;

	fd = open("/dev/rig_bnxt0", O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(-EWOULDBLOCK, rig_module_unload(O_NONBLOCK));
	EXPECT_TRUE(rig_module_loaded());
	/* The open file still works. */
	EXPECT_EQ(0, ioctl(fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(RIG_BNXT_ABI_VERSION, q.abi);
	close(fd);
}

TEST_F(module, unload_removes_every_device_and_reload_restores_them)
{
	int i;

	ASSERT_EQ(0, rig_module_unload(O_NONBLOCK));
	EXPECT_FALSE(rig_module_loaded());
	EXPECT_NE(0, access("/sys/class/rig_bnxt", F_OK));
	EXPECT_NE(0, access("/sys/bus/pci/drivers/rig_bnxt", F_OK));
	for (i = 0; i < self->soft; i++)
		EXPECT_FALSE(rig_path_exists("/dev/rig_bnxt%d", i));

	ASSERT_EQ(0, rig_module_load(NULL));
	EXPECT_EQ(self->soft, rig_soft_count());
	for (i = 0; i < self->soft; i++)
		EXPECT_TRUE(rig_path_exists("/dev/rig_bnxt%d", i));
}

TEST_F(module, unload_succeeds_once_the_last_file_is_closed)
{
	int fd;

	fd = open("/dev/rig_bnxt0", O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(-EWOULDBLOCK, rig_module_unload(O_NONBLOCK));
	close(fd);
	EXPECT_EQ(0, rig_module_unload(O_NONBLOCK));
	EXPECT_FALSE(rig_module_loaded());
}

TEST_F(module, load_refuses_more_soft_nics_than_it_models)
{
	ASSERT_EQ(0, rig_module_unload(O_NONBLOCK));
	EXPECT_EQ(-EINVAL, rig_module_load("soft=17"));
	EXPECT_FALSE(rig_module_loaded());
	EXPECT_FALSE(rig_path_exists("/dev/rig_bnxt%d", 0));
}

TEST_F(module, load_with_a_different_count_makes_that_many)
{
	ASSERT_EQ(0, rig_module_unload(O_NONBLOCK));
	ASSERT_EQ(0, rig_module_load("soft=16"));
	EXPECT_EQ(16, rig_soft_count());
	EXPECT_TRUE(rig_path_exists("/dev/rig_bnxt%d", 15));
	EXPECT_FALSE(rig_path_exists("/dev/rig_bnxt%d", 16));
	ASSERT_EQ(0, rig_module_unload(O_NONBLOCK));
}

TEST_HARNESS_MAIN
