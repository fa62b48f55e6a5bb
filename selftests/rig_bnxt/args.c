// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's own argument checks of RIG_BNXT_REG_REGION, reached with
 * raw ioctls (no library in front of them): one test per check, each
 * asserting the errno and that nothing changed (no region the firmware
 * knows of, no page pinned or charged, the caller's struct unanswered);
 * and the broken state the kernel keeps for a region whose
 * deregistration the firmware refused.
 */
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "kselftest_harness.h"
#include "raw.h"
#include "rig_util.h"

FIXTURE(args) {
	int fd;
	long mrs;		/* the model's registered MRs before the test */
	long pinned;		/* this process's VmPin before the test */
	long page;
};

FIXTURE_SETUP(args)
{
	self->fd = -1;
	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	self->fd = raw_open(0);
	ASSERT_LE(0, self->fd);
	self->page = sysconf(_SC_PAGESIZE);
	self->mrs = rig_model_num(0, "mrs", -1);
	ASSERT_LE(0, self->mrs);
	self->pinned = rig_vm_pinned();
	ASSERT_LE(0, self->pinned);
}

FIXTURE_TEARDOWN(args)
{
	if (self->fd >= 0)
		close(self->fd);
}

/*
 * @r refused with @err, and nothing changed: no MR, nothing pinned, no
 * answer written into @r.
 */
static void expect_refused(struct __test_metadata *_metadata, FIXTURE_DATA(args) *self,
			   struct rig_bnxt_reg_region *r, int err)
{
	struct rig_bnxt_reg_region sent = *r;

	EXPECT_EQ(-err, raw_cmd(self->fd, RIG_BNXT_REG_REGION, r));
	EXPECT_EQ(0, memcmp(&sent, r, sizeof(sent)));
	EXPECT_EQ(self->mrs, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(self->pinned, rig_vm_pinned());
}

static struct rig_bnxt_reg_region region_of(uint32_t type, uint64_t address, uint64_t bytes,
					    uint32_t count)
{
	return (struct rig_bnxt_reg_region){
		.size = sizeof(struct rig_bnxt_reg_region), .type = type,
		.address = address, .bytes = bytes, .count = count,
	};
}

/* Every check below stands behind a command that would otherwise succeed. */
TEST_F(args, a_well_formed_host_region_is_taken)
{
	struct rig_bnxt_reg_region r = region_of(RIG_BNXT_REGION_HOST, 0, 1, 0);

	ASSERT_EQ(0, raw_cmd(self->fd, RIG_BNXT_REG_REGION, &r));
	EXPECT_EQ(self->page, r.region_bytes);
	EXPECT_EQ(self->mrs + 1, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(0, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
}

TEST_F(args, answer_fields_set_on_input_are_refused)
{
	/* flags is an input (regions: the_module_announces_local_regions_...). */
	static const size_t at[] = {
		offsetof(struct rig_bnxt_reg_region, handle),
		offsetof(struct rig_bnxt_reg_region, key),
		offsetof(struct rig_bnxt_reg_region, region_bytes),
		offsetof(struct rig_bnxt_reg_region, mmap_offset),
	};

	for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
		struct rig_bnxt_reg_region r = region_of(RIG_BNXT_REGION_HOST, 0, 1, 0);

		((unsigned char *)&r)[at[i]] = 1;
		expect_refused(_metadata, self, &r, EINVAL);
	}
}

TEST_F(args, an_unknown_region_type_is_refused)
{
	struct rig_bnxt_reg_region r = region_of(3, 0, 1, 0);

	expect_refused(_metadata, self, &r, EINVAL);
	r.type = UINT32_MAX;
	expect_refused(_metadata, self, &r, EINVAL);
}

TEST_F(args, a_struct_shorter_than_the_first_version_is_refused)
{
	struct rig_bnxt_reg_region r = region_of(RIG_BNXT_REGION_HOST, 0, 1, 0);

	r.size = offsetof(struct rig_bnxt_reg_region, mmap_offset);
	expect_refused(_metadata, self, &r, EINVAL);
}

TEST_F(args, a_longer_struct_with_a_nonzero_tail_is_refused)
{
	struct {
		struct rig_bnxt_reg_region r;
		uint64_t tail;
	} big = { .r = region_of(RIG_BNXT_REGION_HOST, 0, 1, 0), .tail = 1 };

	big.r.size = sizeof(big);
	EXPECT_EQ(-E2BIG, raw_cmd(self->fd, RIG_BNXT_REG_REGION, &big));
	EXPECT_EQ(0, big.r.handle);
	EXPECT_EQ(self->mrs, rig_model_num(0, "mrs", -1));
}

TEST_F(args, a_host_region_takes_no_address_no_runs_and_not_zero_bytes)
{
	struct rig_bnxt_reg_region r = region_of(RIG_BNXT_REGION_HOST, 4096, 1, 0);

	expect_refused(_metadata, self, &r, EINVAL);
	r = region_of(RIG_BNXT_REGION_HOST, 0, 1, 1);
	expect_refused(_metadata, self, &r, EINVAL);
	r = region_of(RIG_BNXT_REGION_HOST, 0, 0, 0);
	expect_refused(_metadata, self, &r, EINVAL);
}

TEST_F(args, a_host_region_whose_pages_overflow_is_out_of_memory)
{
	struct rig_bnxt_reg_region r = region_of(RIG_BNXT_REGION_HOST, 0, UINT64_MAX, 0);

	expect_refused(_metadata, self, &r, ENOMEM);
}

TEST_F(args, pages_must_start_on_a_page_and_have_bytes_and_no_runs)
{
	unsigned char *m = mmap(NULL, 2 * self->page, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct rig_bnxt_reg_region r;

	ASSERT_NE(MAP_FAILED, m);
	r = region_of(RIG_BNXT_REGION_PAGES, (uintptr_t)m + 8, self->page, 0);
	expect_refused(_metadata, self, &r, EINVAL);
	r = region_of(RIG_BNXT_REGION_PAGES, (uintptr_t)m, 0, 0);
	expect_refused(_metadata, self, &r, EINVAL);
	r = region_of(RIG_BNXT_REGION_PAGES, (uintptr_t)m, self->page, 1);
	expect_refused(_metadata, self, &r, EINVAL);
	munmap(m, 2 * self->page);
}

/* The end of user space (TASK_SIZE): 2^47 - 4096, or 2^56 - 4096 with 5-level paging. */
static uint64_t user_end(long page)
{
	void *p = mmap((void *)(1ull << 47), page, PROT_READ,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);

	if (p == MAP_FAILED)
		return (1ull << 47) - page;
	munmap(p, page);
	return (1ull << 56) - page;
}

TEST_F(args, pages_that_wrap_or_pass_the_end_of_user_space_are_refused)
{
	uint64_t end = user_end(self->page);
	struct rig_bnxt_reg_region r;

	/* address + bytes wraps around 2^64. */
	r = region_of(RIG_BNXT_REGION_PAGES, UINT64_MAX & ~(uint64_t)(self->page - 1),
		      2 * self->page, 0);
	expect_refused(_metadata, self, &r, EINVAL);
	/* Starts in user space, ends past it. */
	r = region_of(RIG_BNXT_REGION_PAGES, end - self->page, 2 * self->page, 0);
	expect_refused(_metadata, self, &r, EINVAL);
	/* Kernel addresses. */
	r = region_of(RIG_BNXT_REGION_PAGES, 0xffff888000000000ull, self->page, 0);
	expect_refused(_metadata, self, &r, EINVAL);
}

TEST_F(args, device_runs_need_a_count_within_the_bound_and_no_bytes)
{
	struct rig_bnxt_run run = { 0x100000000ull, 4096 };
	struct rig_bnxt_reg_region r;

	r = region_of(RIG_BNXT_REGION_DEVICE, (uintptr_t)&run, 0, 0);
	expect_refused(_metadata, self, &r, EINVAL);
	r = region_of(RIG_BNXT_REGION_DEVICE, (uintptr_t)&run, 4096, 1);
	expect_refused(_metadata, self, &r, EINVAL);
	r = region_of(RIG_BNXT_REGION_DEVICE, (uintptr_t)&run, 0, RIG_BNXT_RUNS_MAX + 1);
	expect_refused(_metadata, self, &r, EINVAL);
	r = region_of(RIG_BNXT_REGION_DEVICE, (uintptr_t)&run, 0, UINT32_MAX);
	expect_refused(_metadata, self, &r, EINVAL);
}

TEST_F(args, device_runs_at_a_bad_address_are_a_fault)
{
	struct rig_bnxt_reg_region r = region_of(RIG_BNXT_REGION_DEVICE, 8, 0, 1);

	expect_refused(_metadata, self, &r, EFAULT);
}

/* The shape check runs before the IOMMU rule: the same answer in both runs. */
TEST_F(args, device_runs_of_a_bad_shape_are_refused_before_anything_else)
{
	static const struct rig_bnxt_run bad[][2] = {
		{ { 0x100000000ull, 0 }, { 0, 0 } },			/* no bytes */
		{ { 0x100000800ull, 4096 }, { 0, 0 } },			/* address off 4096 */
		{ { 0x100000000ull, 6000 }, { 0, 0 } },			/* bytes off 4096 */
		{ { 0xfffffffffffff000ull, 8192 }, { 0, 0 } },		/* wraps */
		{ { 0x100000000ull, 4096 }, { 0x100001000ull, 100 } },	/* the second */
		{ { 0, 0x8000000000000000ull }, { 0, 0x8000000000000000ull } }, /* total */
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint32_t n = bad[i][1].bytes || bad[i][1].address ? 2 : 1;
		struct rig_bnxt_reg_region r = region_of(RIG_BNXT_REGION_DEVICE,
							 (uintptr_t)bad[i], 0, n);

		expect_refused(_metadata, self, &r, EINVAL);
	}
}

/*
 * The state the kernel keeps for a region whose deregistration the
 * firmware refused: every later DEREG_REGION of it is EIO from the kernel
 * (the firmware is not asked again, and would now say yes), its memory
 * stays mapped and registered until close, and close lets it go.
 */
TEST_F(args, a_refused_deregistration_leaves_the_region_broken_in_the_kernel_until_close)
{
	long allocated = rig_debugfs_num("allocated_pages");
	struct rig_bnxt_reg_region r;
	unsigned char *map;

	ASSERT_EQ(0, raw_host(self->fd, 4 * self->page, &r));
	map = raw_map(self->fd, &r);
	ASSERT_NE(MAP_FAILED, map);
	map[5] = 0xa7;
	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_DEALLOCATE_KEY));
	EXPECT_EQ(-EIO, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
	/* The knob refused one command; the firmware would take this one. */
	EXPECT_EQ(-EIO, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
	EXPECT_EQ(-EIO, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle));
	EXPECT_EQ(-EINVAL, raw_handle(self->fd, RIG_BNXT_DEREG_REGION, r.handle ^ 0x5a5a));
	EXPECT_EQ(self->mrs + 1, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(0xa7, map[5]);
	EXPECT_EQ(allocated + 4, rig_debugfs_num("allocated_pages"));
	munmap(map, 4 * self->page);
	close(self->fd);
	self->fd = -1;
	EXPECT_EQ(self->mrs, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(allocated, rig_debugfs_num("allocated_pages"));
}

TEST_HARNESS_MAIN
