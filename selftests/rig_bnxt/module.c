// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loading and unloading rig_bnxt and the model beneath it: unload is
 * refused while any file of rig_bnxt is open, a clean unload takes every
 * device with it, and the driver binds modelled functions whichever of
 * the two modules loads first; bnxt_en and the transport over it
 * (rig_bnxt_en.ko), on a machine with no NetXtreme function, load and
 * unload cleanly in either order beside them and bind nothing.  Each test
 * leaves rig_bnxt and the model loaded as scripts/vm-run loaded them.
 */
#include <libgen.h>
#include <stdlib.h>
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
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
}

FIXTURE_TEARDOWN(module)
{
	if (getenv("RIG_SOFT_MODULE") && !rig_soft_loaded())
		EXPECT_EQ(0, rig_soft_load(NULL));
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
	EXPECT_NE(0, access("/sys/bus/auxiliary/drivers/rig_bnxt.rdma", F_OK));
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

/* Wait up to 5 s for rig_soft_count() to reach @n. */
static int soft_count_becomes(int n)
{
	int i;

	for (i = 0; i < 500 && rig_soft_count() != n; i++)
		usleep(10000);
	return rig_soft_count() == n;
}

TEST_F(module, unloading_the_model_below_removes_its_nics_and_reloading_brings_them_back)
{
	int i;

	if (!getenv("RIG_SOFT_MODULE"))
		SKIP(return, "RIG_SOFT_MODULE is not set: run under scripts/vm-run --soft");
	/* No file is open: the NICs go with their auxiliary devices. */
	ASSERT_EQ(0, rig_soft_unload(O_NONBLOCK));
	EXPECT_TRUE(rig_module_loaded());
	EXPECT_EQ(0, rig_soft_count());
	for (i = 0; i < self->soft; i++)
		EXPECT_FALSE(rig_path_exists("/dev/rig_bnxt%d", i));

	ASSERT_EQ(0, rig_soft_load(NULL));
	EXPECT_TRUE(soft_count_becomes(self->soft));
	for (i = 0; i < self->soft; i++)
		EXPECT_TRUE(rig_path_exists("/dev/rig_bnxt%d", i));
}

TEST_F(module, the_driver_loaded_before_the_model_binds_its_functions_when_they_appear)
{
	if (!getenv("RIG_SOFT_MODULE"))
		SKIP(return, "RIG_SOFT_MODULE is not set: run under scripts/vm-run --soft");
	ASSERT_EQ(0, rig_module_unload(O_NONBLOCK));
	ASSERT_EQ(0, rig_soft_unload(O_NONBLOCK));
	ASSERT_EQ(0, rig_module_load(NULL));
	EXPECT_EQ(0, rig_soft_count());
	EXPECT_FALSE(rig_path_exists("/dev/rig_bnxt%d", 0));

	ASSERT_EQ(0, rig_soft_load(NULL));
	EXPECT_TRUE(soft_count_becomes(self->soft));
	EXPECT_TRUE(rig_path_exists("/dev/rig_bnxt%d", self->soft - 1));
}

/* bnxt_en and rig_bnxt_en.ko */

/* rig_bnxt_en.ko, beside the rig_bnxt.ko scripts/vm-run loaded. */
static int en_load(void)
{
	char path[PATH_MAX], *dir;
	int fd, ret;

	snprintf(path, sizeof(path), "%s", getenv("RIG_MODULE"));
	dir = dirname(path);
	memmove(path, dir, strlen(dir) + 1);
	strncat(path, "/rig_bnxt_en.ko", sizeof(path) - strlen(path) - 1);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = syscall(SYS_finit_module, fd, "", 0) ? -errno : 0;
	close(fd);
	return ret;
}

/* Devices bound to, or named after, the transport's auxiliary driver. */
static int en_bound(void)
{
	return rig_path_count("/sys/bus/auxiliary/drivers/rig_bnxt_en.rdma", "bnxt_en.rdma.") +
	       rig_path_count("/sys/bus/auxiliary/devices", "rig_bnxt_en.");
}

/* The model's first NIC still answers. */
static int nic0_answers(void)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	int fd = open("/dev/rig_bnxt0", O_RDWR | O_CLOEXEC);
	int ok;

	if (fd < 0)
		return 0;
	ok = !ioctl(fd, RIG_BNXT_QUERY, &q) && q.abi == RIG_BNXT_ABI_VERSION;
	close(fd);
	return ok;
}

FIXTURE(en) {
	int soft;
};

FIXTURE_SETUP(en)
{
	if (!getenv("RIG_MODULE") || !rig_module_loaded())
		SKIP(return, "rig_bnxt is not loaded: run under scripts/vm-run");
	self->soft = rig_soft_count();
	if (self->soft < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	if (system("modprobe -n -q bnxt_en"))
		SKIP(return, "this kernel has no bnxt_en module");
	ASSERT_EQ(0, access("/sys/module/bnxt_en", F_OK) ? 0 : -EEXIST);
}

FIXTURE_TEARDOWN(en)
{
	rig_unload("rig_bnxt_en", 0);
	rig_unload("bnxt_en", 0);
	if (!rig_module_loaded())
		EXPECT_EQ(0, rig_module_load(NULL));
}

TEST_F(en, bnxt_en_and_the_transport_load_beside_the_model_bind_nothing_and_unload)
{
	ASSERT_EQ(0, system("modprobe bnxt_en"));
	ASSERT_EQ(0, en_load());
	EXPECT_EQ(0, access("/sys/bus/auxiliary/drivers/rig_bnxt_en.rdma", F_OK));
	EXPECT_EQ(0, en_bound());
	EXPECT_EQ(self->soft, rig_soft_count());
	EXPECT_TRUE(nic0_answers());

	EXPECT_EQ(0, rig_unload("rig_bnxt_en", O_NONBLOCK));
	EXPECT_EQ(0, rig_unload("bnxt_en", O_NONBLOCK));
	EXPECT_NE(0, access("/sys/bus/auxiliary/drivers/rig_bnxt_en.rdma", F_OK));
	EXPECT_TRUE(nic0_answers());
}

TEST_F(en, rig_bnxt_unloads_and_comes_back_under_a_loaded_transport)
{
	int i;

	ASSERT_EQ(0, rig_module_unload(O_NONBLOCK));
	ASSERT_EQ(0, system("modprobe bnxt_en"));
	ASSERT_EQ(0, en_load());
	EXPECT_EQ(0, en_bound());
	/* The driver comes after the transport: it binds the model's NICs only. */
	ASSERT_EQ(0, rig_module_load(NULL));
	EXPECT_EQ(self->soft, rig_soft_count());
	for (i = 0; i < self->soft; i++)
		EXPECT_TRUE(rig_path_exists("/dev/rig_bnxt%d", i));
	EXPECT_TRUE(nic0_answers());
	/* And goes first: the transport and bnxt_en do not hold it. */
	ASSERT_EQ(0, rig_module_unload(O_NONBLOCK));
	EXPECT_EQ(0, rig_unload("rig_bnxt_en", O_NONBLOCK));
	EXPECT_EQ(0, rig_unload("bnxt_en", O_NONBLOCK));
	ASSERT_EQ(0, rig_module_load(NULL));
	EXPECT_TRUE(nic0_answers());
}

TEST_F(en, the_transport_without_bnxt_en_is_refused)
{
	EXPECT_EQ(-ENOENT, en_load());
	EXPECT_NE(0, access("/sys/module/rig_bnxt_en", F_OK));
}

TEST_HARNESS_MAIN
