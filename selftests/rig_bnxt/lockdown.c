// SPDX-License-Identifier: GPL-2.0-only
/*
 * Under kernel lockdown (integrity), aiming a NIC at a PCI BAR is refused
 * as pci-sysfs refuses the same access.  Raising lockdown cannot be undone
 * until the next boot, so run_tests runs this program last.  Skips where
 * device memory is refused anyway (behind an IOMMU) or there is no
 * lockdown LSM or ivshmem device.
 */
#include "kselftest_harness.h"
#include "raw.h"
#include "rig_util.h"

#define LOCKDOWN "/sys/kernel/security/lockdown"

TEST(device_memory_is_refused_under_lockdown_and_nothing_else_is)
{
	struct rig_bnxt_reg_region r;
	struct rig_bnxt_run run;
	uint64_t start, len;
	int fd, lk;

	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	if (rig_file_num("/sys/class/rig_bnxt/rig_bnxt0/iommu", 0) == 1)
		SKIP(return, "rig_bnxt0 is behind an IOMMU: device memory is refused before lockdown is asked");
	if (!rig_ivshmem(NULL, 0, &start, &len))
		SKIP(return, "no ivshmem device (scripts/vm-run --ivshmem MiB)");
	if (access(LOCKDOWN, W_OK))
		SKIP(return, "no lockdown LSM (" LOCKDOWN ")");
	fd = raw_open(0);
	ASSERT_LE(0, fd);
	run = (struct rig_bnxt_run){ start, 4096 };
	/* Allowed before. */
	ASSERT_EQ(0, raw_device(fd, &run, 1, &r));
	ASSERT_EQ(0, raw_handle(fd, RIG_BNXT_DEREG_REGION, r.handle));

	lk = open(LOCKDOWN, O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, lk);
	ASSERT_EQ(9, write(lk, "integrity", 9));
	close(lk);
	EXPECT_EQ(-EPERM, raw_device(fd, &run, 1, &r));
	/* Host memory is no PCI access. */
	EXPECT_EQ(0, raw_host(fd, 4096, &r));
	close(fd);
}

TEST_HARNESS_MAIN
