// SPDX-License-Identifier: GPL-2.0-only
/*
 * rig_bnxt on a PCI Express function.  While the driver holds it, Device
 * Control's Relaxed Ordering and No Snoop are off (the NIC must land a
 * receive's bytes before its completion), and sysfs and the query read
 * the live register; when the driver lets the function go (unbind, or a
 * bring-up that fails after turning them off) exactly what was on comes
 * back, so that the function's Ethernet does not run without it until the
 * next reboot.  The function is scripts/vm-run --soft-pcie's stand-in,
 * QEMU's NVMe controller, on whose memory buffer (BAR 2) the model stands
 * (the modelled functions of --soft are ivshmem: conventional PCI, with
 * no Device Control); the model keeps the two bits as a chip does, both
 * on after reset (QEMU's own register would take neither).  Each test
 * gives the stand-in to rig_soft, so rig_bnxt takes it, and lets it go at
 * the end; in between the tests unbind and bind rig_bnxt alone.
 */
#include <sys/ioctl.h>

#include "kselftest_harness.h"
#include "rig_bnxt.h"
#include "rig_util.h"

#define PCI_DIR		"/sys/bus/pci/devices"
#define DEVCTL_RO	0x0010	/* PCI_EXP_DEVCTL_RELAX_EN */
#define DEVCTL_NS	0x0800	/* PCI_EXP_DEVCTL_NOSNOOP_EN */
#define DEVCTL_ORDER	(DEVCTL_RO | DEVCTL_NS)

FIXTURE(pcie) {
	char fn[NAME_MAX + 1];	/* the stand-in's PCI address */
	char dir[PATH_MAX - 64];	/* PCI_DIR/fn */
	char adev[64];		/* the model's auxiliary device on it */
	int devctl;		/* Device Control's offset in config space */
};

/* The stand-in (QEMU NVMe, 1b36:0010) into @fn: 0, or -ENOENT. */
static int stand_in(char *fn, size_t n)
{
	char path[PATH_MAX], vendor[16], device[16];
	struct dirent *d;
	DIR *dir = opendir(PCI_DIR);
	int ret = -ENOENT;

	while (dir && ret && (d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), PCI_DIR "/%s/vendor", d->d_name);
		if (rig_sysfs_read(path, vendor, sizeof(vendor)))
			continue;
		snprintf(path, sizeof(path), PCI_DIR "/%s/device", d->d_name);
		if (rig_sysfs_read(path, device, sizeof(device)))
			continue;
		if (!strcmp(vendor, "0x1b36") && !strcmp(device, "0x0010")) {
			snprintf(fn, n, "%s", d->d_name);
			ret = 0;
		}
	}
	if (dir)
		closedir(dir);
	return ret;
}

/* The offset of Device Control (PCI Express capability + 8), or -1. */
static int devctl_offset(const char *dir)
{
	char path[PATH_MAX];
	uint8_t cfg[256];
	int fd, ptr, hops;

	snprintf(path, sizeof(path), "%s/config", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (pread(fd, cfg, sizeof(cfg), 0) != sizeof(cfg) || !(cfg[0x06] & 0x10)) {
		close(fd);
		return -1;
	}
	close(fd);
	for (ptr = cfg[0x34] & ~3, hops = 0; ptr >= 0x40 && hops < 48; hops++) {
		if (cfg[ptr] == 0x10)	/* PCI_CAP_ID_EXP */
			return ptr + 8;
		ptr = cfg[ptr + 1] & ~3;
	}
	return -1;
}

static int devctl_io(FIXTURE_DATA(pcie) *self, uint16_t *val, bool write)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/config", self->dir);
	fd = open(path, (write ? O_WRONLY : O_RDONLY) | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write ? pwrite(fd, val, 2, self->devctl) : pread(fd, val, 2, self->devctl);
	close(fd);
	return n == 2 ? 0 : -EIO;
}

static uint16_t devctl(FIXTURE_DATA(pcie) *self)
{
	uint16_t v = 0xffff;

	devctl_io(self, &v, false);
	return v;
}

/* Relaxed Ordering and No Snoop exactly @bits, the rest as they are. */
static int devctl_set(FIXTURE_DATA(pcie) *self, uint16_t bits)
{
	uint16_t v = (devctl(self) & ~DEVCTL_ORDER) | bits;

	return devctl_io(self, &v, true);
}

/* The NIC (N of rig_bnxtN) on the stand-in, waiting up to @ms; or -1. */
static int nic_on(FIXTURE_DATA(pcie) *self, int ms)
{
	char link[96], target[PATH_MAX];
	int i, t;

	for (t = 0; t <= ms; t += 50) {
		for (i = 0; i < 16; i++) {
			/* rig_bnxtN's parent is the auxiliary device, whose parent is the function. */
			snprintf(link, sizeof(link), "/sys/class/rig_bnxt/rig_bnxt%d/device/..", i);
			if (realpath(link, target) && !strcmp(strrchr(target, '/') + 1, self->fn))
				return i;
		}
		if (t < ms)
			usleep(50000);
	}
	return -1;
}

/* Give the stand-in to the model (rig_bnxt takes the NIC on it). */
static void give(FIXTURE_DATA(pcie) *self)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/driver_override", self->dir);
	rig_write(path, "rig_soft");
	/* Its answer says nothing of a probe that failed: the caller looks. */
	rig_write("/sys/bus/pci/drivers_probe", self->fn);
}

/* Take the stand-in back from whichever driver has it. */
static void take_back(FIXTURE_DATA(pcie) *self)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/driver/unbind", self->dir);
	rig_write(path, self->fn);
	snprintf(path, sizeof(path), "%s/driver_override", self->dir);
	rig_write(path, "\n");
}

/* Write the model's knob @name of the stand-in (debugfs, by PCI address). */
static int knob(FIXTURE_DATA(pcie) *self, const char *name, const char *val)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "/sys/kernel/debug/rig_soft/%s/%s", self->fn, name);
	return rig_write(path, val);
}

#define RIG_BNXT_ADRV	"/sys/bus/auxiliary/drivers/rig_bnxt.rdma"

/* Let rig_bnxt go of the stand-in, or take it: 0 or -errno. */
static int rig_bnxt_bind(FIXTURE_DATA(pcie) *self, bool bind)
{
	return rig_write(bind ? RIG_BNXT_ADRV "/bind" : RIG_BNXT_ADRV "/unbind", self->adev);
}

FIXTURE_SETUP(pcie)
{
	char link[96], target[PATH_MAX];
	int nic;

	if (!getenv("RIG_MODULE") || !rig_module_loaded() || !rig_soft_loaded())
		SKIP(return, "needs rig_bnxt and the model loaded (scripts/vm-run --soft N)");
	if (stand_in(self->fn, sizeof(self->fn)))
		SKIP(return, "no PCI Express stand-in (scripts/vm-run --soft-pcie)");
	snprintf(self->dir, sizeof(self->dir), PCI_DIR "/%s", self->fn);
	self->devctl = devctl_offset(self->dir);
	ASSERT_LT(0, self->devctl) TH_LOG("%s has no PCI Express capability", self->fn);
	take_back(self);
	give(self);
	nic = nic_on(self, 10000);
	ASSERT_LE(0, nic) TH_LOG("rig_soft and rig_bnxt did not take %s", self->fn);
	snprintf(link, sizeof(link), "/sys/class/rig_bnxt/rig_bnxt%d/device", nic);
	ASSERT_NE(NULL, realpath(link, target));
	snprintf(self->adev, sizeof(self->adev), "%s", strrchr(target, '/') + 1);
}

FIXTURE_TEARDOWN(pcie)
{
	if (self->devctl <= 0)
		return;
	knob(self, "fail_opcode", "0 0");
	take_back(self);
}

TEST_F(pcie, relaxed_ordering_and_no_snoop_are_off_while_rig_holds_the_function)
{
	char path[96], val[16];
	int nic = nic_on(self, 0);

	ASSERT_LE(0, nic);
	EXPECT_EQ(0, devctl(self) & DEVCTL_ORDER) TH_LOG("Device Control %#x", devctl(self));
	snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt%d/relaxed_ordering", nic);
	ASSERT_EQ(0, rig_sysfs_read(path, val, sizeof(val)));
	EXPECT_STREQ("0", val);
	/* What a reset leaves, both on, is what rig_bnxt found and puts back. */
	ASSERT_EQ(0, rig_bnxt_bind(self, false));
	EXPECT_GT(0, nic_on(self, 0));
	EXPECT_EQ(DEVCTL_ORDER, devctl(self) & DEVCTL_ORDER) TH_LOG("%#x", devctl(self));
}

/* For each setting of the two bits: off while held, exactly it after. */
TEST_F(pcie, what_was_on_comes_back_when_the_function_is_let_go_and_nothing_more)
{
	static const uint16_t settings[] = { DEVCTL_RO, DEVCTL_NS, 0, DEVCTL_ORDER };
	unsigned int i;

	ASSERT_EQ(0, rig_bnxt_bind(self, false));
	for (i = 0; i < sizeof(settings) / sizeof(settings[0]); i++) {
		ASSERT_EQ(0, devctl_set(self, settings[i]));
		ASSERT_EQ(settings[i], devctl(self) & DEVCTL_ORDER) TH_LOG("the model's register");
		ASSERT_EQ(0, rig_bnxt_bind(self, true));
		ASSERT_LE(0, nic_on(self, 10000)) TH_LOG("no NIC on %s", self->fn);
		EXPECT_EQ(0, devctl(self) & DEVCTL_ORDER) TH_LOG("held, from %#x", settings[i]);
		ASSERT_EQ(0, rig_bnxt_bind(self, false));
		EXPECT_EQ(settings[i], devctl(self) & DEVCTL_ORDER)
			TH_LOG("Device Control %#x after, %#x before", devctl(self), settings[i]);
	}
}

/*
 * sysfs and RIG_BNXT_QUERY read the register, not what the driver did to
 * it: Relaxed Ordering turned on behind the driver's back shows.
 */
TEST_F(pcie, sysfs_and_the_query_read_the_register_as_it_is)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	char path[96], val[16];
	int nic = nic_on(self, 0), fd;

	ASSERT_LE(0, nic);
	snprintf(path, sizeof(path), "/dev/rig_bnxt%d", nic);
	fd = open(path, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ioctl(fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(0, q.flags & RIG_BNXT_QUERY_RELAXED_ORDERING);
	ASSERT_EQ(0, devctl_set(self, DEVCTL_RO));
	q = (struct rig_bnxt_query){ .size = sizeof(q) };
	ASSERT_EQ(0, ioctl(fd, RIG_BNXT_QUERY, &q));
	EXPECT_NE(0, q.flags & RIG_BNXT_QUERY_RELAXED_ORDERING);
	snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt%d/relaxed_ordering", nic);
	ASSERT_EQ(0, rig_sysfs_read(path, val, sizeof(val)));
	EXPECT_STREQ("1", val);
	close(fd);
}

/*
 * rig_bnxt takes the function with the firmware refusing INITIALIZE_FW,
 * which comes after Relaxed Ordering went off: the failed bring-up puts
 * back what was on; the next one holds.
 */
TEST_F(pcie, a_bring_up_that_fails_puts_back_what_was_on)
{
	ASSERT_EQ(0, rig_bnxt_bind(self, false));
	ASSERT_EQ(0, devctl_set(self, DEVCTL_RO));
	ASSERT_EQ(0, knob(self, "fail_opcode", "0x80 1"));
	EXPECT_NE(0, rig_bnxt_bind(self, true));
	EXPECT_GT(0, nic_on(self, 0));
	EXPECT_EQ(DEVCTL_RO, devctl(self) & DEVCTL_ORDER)
		TH_LOG("Device Control %#x after a failed bring-up", devctl(self));

	ASSERT_EQ(0, knob(self, "fail_opcode", "0 0"));
	ASSERT_EQ(0, rig_bnxt_bind(self, true));
	ASSERT_LE(0, nic_on(self, 10000));
	EXPECT_EQ(0, devctl(self) & DEVCTL_ORDER);
}

TEST_HARNESS_MAIN
