// SPDX-License-Identifier: GPL-2.0-only
/*
 * A soft NIC does no DMA, so nothing of it may go through the DMA API's
 * bounce buffers: under swiotlb=force (make check boots a guest so, with
 * soft NICs modelled behind an IOMMU so that ordinary pages are taken), a
 * region bigger than the whole bounce pool registers, and deregistering
 * pages never copies stale bounce data over what the process wrote.
 * Elsewhere the tests skip, saying why.
 */
#include <sys/mman.h>

#include "kselftest_harness.h"
#include "raw.h"
#include "rig_util.h"

/* Is the kernel bouncing every DMA mapping (swiotlb=force)? */
static int swiotlb_forced(void)
{
	char line[4096] = { 0 };
	int fd = open("/proc/cmdline", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, line, sizeof(line) - 1);
	close(fd);
	return n > 0 && strstr(line, "swiotlb=force") != NULL;
}

FIXTURE(swiotlb) {
	int fd;
};

FIXTURE_SETUP(swiotlb)
{
	self->fd = -1;
	if (rig_soft_count() < 1)
		SKIP(return, "needs rig_bnxt loaded with soft=1 or more");
	if (!swiotlb_forced())
		SKIP(return, "the kernel was not booted with swiotlb=force");
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
}

FIXTURE_TEARDOWN(swiotlb)
{
	if (self->fd >= 0)
		close(self->fd);
}

TEST_F(swiotlb, a_region_bigger_than_the_bounce_pool_registers)
{
	struct rig_bnxt_reg_region r;

	/* The default pool is 64 MiB. */
	ASSERT_EQ(0, raw_host(self->fd, 128 << 20, &r));
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
}

TEST_F(swiotlb, deregistering_pages_keeps_what_the_process_wrote_after_registering)
{
	size_t n = 64 << 10, i;
	struct rig_bnxt_reg_region r;
	unsigned char *p;

	if (rig_file_num("/sys/class/rig_bnxt/rig_bnxt0/iommu", 0) != 1)
		SKIP(return, "rig_bnxt0 takes no ordinary pages here (not behind an IOMMU)");
	p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	memset(p, 0x11, n);
	ASSERT_EQ(0, raw_pages(self->fd, p, n, &r));
	memset(p, 0x22, n);
	ASSERT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
	for (i = 0; i < n && p[i] == 0x22; i++)
		;
	EXPECT_EQ(n, i) TH_LOG("byte %zu is %#x after deregistration", i, p[i]);
	munmap(p, n);
}

TEST_HARNESS_MAIN
