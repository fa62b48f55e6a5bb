// SPDX-License-Identifier: GPL-2.0-only
/*
 * A NIC must reach memory itself, at any time, as the process sees it;
 * the DMA API's bounce buffers (swiotlb) are synchronised only at map and
 * unmap, so memory the DMA API would bounce is refused: under
 * swiotlb=force (make check boots a guest so, with a modelled NIC and no
 * IOMMU), every region and queue pair is refused with EOPNOTSUPP and a
 * reason that names swiotlb, nothing stays allocated, and the NIC itself
 * (its firmware channel lives in coherent memory, which never bounces)
 * keeps answering.  Elsewhere the tests skip, saying why.
 */
#include <sys/mman.h>

#include "kselftest_harness.h"
#include "raw.h"
#include "rig/bnxt.h"
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

/* The kernel's reason for the file's last failure. */
static void last_error(int fd, char *msg, size_t n)
{
	struct rig_bnxt_last_error e = { .size = sizeof(e) };

	msg[0] = '\0';
	if (raw_cmd(fd, RIG_BNXT_LAST_ERROR, &e) == 0)
		snprintf(msg, n, "%s", e.message);
}

FIXTURE(swiotlb) {
	int fd;
	long allocated, pinned;
};

FIXTURE_SETUP(swiotlb)
{
	self->fd = -1;
	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	if (!swiotlb_forced())
		SKIP(return, "the kernel was not booted with swiotlb=force");
	if (rig_file_num("/sys/class/rig_bnxt/rig_bnxt0/iommu", 0) != 0)
		SKIP(return, "rig_bnxt0 is behind an IOMMU, which does not bounce");
	self->allocated = rig_debugfs_num("allocated_pages");
	self->pinned = rig_debugfs_num("pinned_pages");
	ASSERT_LE(0, self->allocated) TH_LOG("debugfs is not mounted");
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
}

FIXTURE_TEARDOWN(swiotlb)
{
	if (self->fd < 0)
		return;
	close(self->fd);
	EXPECT_EQ(self->allocated, rig_debugfs_num("allocated_pages"));
	EXPECT_EQ(self->pinned, rig_debugfs_num("pinned_pages"));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
}

TEST_F(swiotlb, a_region_the_dma_api_would_bounce_is_refused_naming_swiotlb)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	struct rig_bnxt_reg_region r;
	char msg[RIG_BNXT_ERROR_BYTES];

	EXPECT_EQ(-EOPNOTSUPP, raw_host(self->fd, 4096, &r));
	last_error(self->fd, msg, sizeof(msg));
	EXPECT_NE(NULL, strstr(msg, "swiotlb")) TH_LOG("the kernel said \"%s\"", msg);
	/* The NIC itself is fine. */
	EXPECT_EQ(0, raw_cmd(self->fd, RIG_BNXT_QUERY, &q));
}

TEST_F(swiotlb, queue_pair_rings_the_dma_api_would_bounce_are_refused)
{
	char msg[RIG_BNXT_ERROR_BYTES];
	struct raw_qp qp;

	EXPECT_EQ(-EOPNOTSUPP, raw_qp_make(self->fd, 4, 1, &qp));
	last_error(self->fd, msg, sizeof(msg));
	EXPECT_NE(NULL, strstr(msg, "swiotlb")) TH_LOG("the kernel said \"%s\"", msg);
}

TEST_F(swiotlb, the_library_says_why_the_memory_was_refused)
{
	struct rig_bnxt *nic;
	void *p;

	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt0", &nic)) TH_LOG("%s", rig_error());
	EXPECT_EQ(-EOPNOTSUPP, rig_dma_alloc(nic, 4096, &p));
	EXPECT_NE(NULL, strstr(rig_error(), "swiotlb")) TH_LOG("%s", rig_error());
	rig_bnxt_close(nic);
}

TEST_HARNESS_MAIN
