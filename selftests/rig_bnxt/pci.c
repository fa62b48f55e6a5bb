// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCI probe path on a stand-in function: a PCIe endpoint QEMU
 * emulates (scripts/vm-run --pcie-test adds QEMU's NVMe controller on a
 * PCIe root port: memory BAR 0, a PCIe capability), taken from any driver
 * and handed to rig_bnxt with new_id, the way an administrator unbinds
 * bnxt_en and hands rig_bnxt a NetXtreme function.  Probe must get as far as the firmware handshake,
 * clear Relaxed Ordering and No Snoop, then fail with one log line and
 * undo every step, and the function must bind to its driver again.
 */
#include <sys/klog.h>

#include "kselftest_harness.h"
#include "rig_util.h"

#define STANDIN_VENDOR	0x1b36	/* Red Hat (QEMU) */
#define STANDIN_DEVICE	0x0010	/* NVMe controller */
#define STANDIN_DRIVER	"nvme"
#define DEVCTL_RELAX_EN		0x0010
#define DEVCTL_NOSNOOP_EN	0x0800
#define DRIVERS "/sys/bus/pci/drivers"

/* The stand-in's sysfs directory, or NULL. */
static const char *standin(char *dir, size_t n)
{
	char path[300], buf[16];
	int i;

	for (i = 0; i < 32; i++) {
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/0000:%02x:00.0/device", i);
		if (rig_sysfs_read(path, buf, sizeof(buf)) || strtol(buf, NULL, 0) != STANDIN_DEVICE)
			continue;
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/0000:%02x:00.0/vendor", i);
		if (rig_sysfs_read(path, buf, sizeof(buf)) || strtol(buf, NULL, 0) != STANDIN_VENDOR)
			continue;
		snprintf(dir, n, "/sys/bus/pci/devices/0000:%02x:00.0", i);
		return dir;
	}
	return NULL;
}

/* Offset of the PCI Express capability in config space, or -1. */
static int pcie_cap(int cfg)
{
	unsigned char pos, hdr[2];
	int guard = 48;

	if (pread(cfg, &pos, 1, 0x34) != 1)
		return -1;
	while (pos && guard--) {
		if (pread(cfg, hdr, 2, pos) != 2)
			return -1;
		if (hdr[0] == 0x10)
			return pos;
		pos = hdr[1];
	}
	return -1;
}

static int devctl(const char *dir, int set, unsigned short *val)
{
	char path[320];
	int cfg, cap, ret = -1;

	snprintf(path, sizeof(path), "%s/config", dir);
	cfg = open(path, O_RDWR | O_CLOEXEC);
	if (cfg < 0)
		return -1;
	cap = pcie_cap(cfg);
	if (cap >= 0) {
		if (set)
			ret = pwrite(cfg, val, 2, cap + 8) == 2 ? 0 : -1;
		else
			ret = pread(cfg, val, 2, cap + 8) == 2 ? 0 : -1;
	}
	close(cfg);
	return ret;
}

/* Lines of the kernel log that contain @needle. */
static int klog_count(const char *needle)
{
	int len = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0), n = 0;
	char *buf, *p;

	if (len <= 0)
		return -1;
	buf = malloc(len + 1);
	len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, len);
	if (len < 0) {
		free(buf);
		return -1;
	}
	buf[len] = '\0';
	for (p = buf; (p = strstr(p, needle)); p++)
		n++;
	free(buf);
	return n;
}

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

FIXTURE(standin) {
	char dir[300];
	const char *addr;
	char needle[96];
};

FIXTURE_SETUP(standin)
{
	unsigned short val;
	char path[320];

	if (!rig_module_loaded())
		SKIP(return, "rig_bnxt is not loaded");
	if (!standin(self->dir, sizeof(self->dir)))
		SKIP(return, "no stand-in PCIe function (scripts/vm-run --pcie-test)");
	self->addr = strrchr(self->dir, '/') + 1;
	snprintf(self->needle, sizeof(self->needle), "rig_bnxt %s: not taken", self->addr);
	/* Take it from its driver, as bnxt_en is unbound from a real NIC. */
	snprintf(path, sizeof(path), "%s/driver/unbind", self->dir);
	write_str(path, self->addr);
	/* Start as firmware leaves a function: both orderings allowed. */
	ASSERT_EQ(0, devctl(self->dir, 0, &val));
	val |= DEVCTL_RELAX_EN | DEVCTL_NOSNOOP_EN;
	ASSERT_EQ(0, devctl(self->dir, 1, &val));
}

FIXTURE_TEARDOWN(standin)
{
	char id[32];

	snprintf(id, sizeof(id), "%04x %04x", STANDIN_VENDOR, STANDIN_DEVICE);
	write_str(DRIVERS "/rig_bnxt/remove_id", id);
}

TEST_F(standin, probe_clears_relaxed_ordering_fails_once_and_undoes_everything)
{
	int before_iommu = klog_count("failed (-EOPNOTSUPP), behind an IOMMU");
	int before = klog_count(self->needle);
	char id[32], path[320];
	unsigned short val;

	snprintf(id, sizeof(id), "%04x %04x", STANDIN_VENDOR, STANDIN_DEVICE);
	ASSERT_EQ(0, write_str(DRIVERS "/rig_bnxt/new_id", id));

	/* Not bound, not enabled, its BARs free again. */
	snprintf(path, sizeof(path), "%s/driver", self->dir);
	EXPECT_NE(0, access(path, F_OK));
	snprintf(path, sizeof(path), "%s/enable", self->dir);
	ASSERT_EQ(0, rig_sysfs_read(path, id, sizeof(id)));
	EXPECT_STREQ("0", id);
	/* Exactly one line, naming the step that failed. */
	EXPECT_EQ(before + 1, klog_count(self->needle));
	EXPECT_EQ(before + 1, klog_count("firmware handshake failed"))
		TH_LOG("the log line names the failed step");
	EXPECT_EQ(0, klog_count("probe with driver rig_bnxt failed"));

	ASSERT_EQ(0, devctl(self->dir, 0, &val));
	EXPECT_EQ(0, val & DEVCTL_RELAX_EN);
	EXPECT_EQ(0, val & DEVCTL_NOSNOOP_EN);

	/* The line says whether an IOMMU translates for the function. */
	snprintf(path, sizeof(path), "%s/iommu_group/type", self->dir);
	if (!rig_sysfs_read(path, id, sizeof(id)) && !strncmp(id, "DMA", 3)) {
		EXPECT_EQ(before_iommu + 1, klog_count("failed (-EOPNOTSUPP), behind an IOMMU"))
			TH_LOG("its iommu_group is of type %s", id);
	} else {
		EXPECT_EQ(0, klog_count(", behind an IOMMU"));
	}
}

TEST_F(standin, the_function_binds_again_afterwards)
{
	char id[32], path[320];
	int before;

	snprintf(id, sizeof(id), "%04x %04x", STANDIN_VENDOR, STANDIN_DEVICE);
	ASSERT_EQ(0, write_str(DRIVERS "/rig_bnxt/new_id", id));
	before = klog_count(self->needle);

	/* rig_bnxt again: the same probe, the same clean failure. */
	EXPECT_EQ(-ENODEV, write_str(DRIVERS "/rig_bnxt/bind", self->addr));
	EXPECT_EQ(before + 1, klog_count(self->needle));

	/* Its own driver takes it: nothing of ours was left behind. */
	if (system("modprobe " STANDIN_DRIVER " 2>/dev/null") || access(DRIVERS "/" STANDIN_DRIVER, F_OK))
		SKIP(return, "the %s driver is not available", STANDIN_DRIVER);
	snprintf(path, sizeof(path), DRIVERS "/" STANDIN_DRIVER "/%s", self->addr);
	if (access(path, F_OK))	/* loading the module may have bound it */
		ASSERT_EQ(0, write_str(DRIVERS "/" STANDIN_DRIVER "/bind", self->addr));
	EXPECT_EQ(0, access(path, F_OK));
}

TEST_HARNESS_MAIN
