// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_pbl_test: page buffer lists of levels 0, 1 and 2
 * and a queue's memory behind one (pbl.c), and the DMA layer under them
 * (mem.c), over fake memory.  This file owns those cases.
 */
#include <kunit/test.h>
#include <linux/slab.h>

#include "fake.h"

struct walk_case {
	u8 level;
	u32 npages;
	const char *desc;
};

static const struct walk_case walk_cases[] = {
	{ 0, 1, "level 0: the only page" },
	{ 1, 1, "level 1, one page" },
	{ 1, 2, "level 1, two pages" },
	{ 1, 512, "level 1, a full page of addresses" },
	{ 2, 1, "level 2, one page" },
	{ 2, 513, "level 2, two lists" },
	{ 2, 1030, "level 2, three lists" },
};

KUNIT_ARRAY_PARAM_DESC(walk, walk_cases, desc);

static dma_addr_t *walk(struct kunit *test, struct fake_mem *fm, dma_addr_t pbl, u8 level,
			u32 npages, u8 shift, int *ret)
{
	dma_addr_t *out = kunit_kcalloc(test, npages, sizeof(*out), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, out);
	*ret = rig_soft_pbl_read(&fm->mem, pbl, level, npages, shift, 12, out);
	return out;
}

static void a_list_of_any_level_gives_every_page_flags_dropped(struct kunit *test)
{
	const struct walk_case *c = test->param_value;
	struct fake_mem *fm = fake_mem_new(test);
	dma_addr_t base = fake_alloc(fm, (size_t)c->npages * SZ_4K, false);
	dma_addr_t *out;
	u32 i;
	int ret;

	out = walk(test, fm, fake_pbl(fm, base, c->npages, 12, c->level), c->level, c->npages,
		   12, &ret);
	KUNIT_ASSERT_EQ(test, ret, 0);
	for (i = 0; i < c->npages; i++)
		KUNIT_EXPECT_EQ(test, out[i], base + (u64)i * SZ_4K);
}

static void level_0_holds_one_page_and_level_1_one_page_of_addresses(struct kunit *test)
{
	struct fake_mem *fm = fake_mem_new(test);
	dma_addr_t base = fake_alloc(fm, 513 * SZ_4K, false);
	int ret;

	walk(test, fm, base, 0, 2, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	walk(test, fm, fake_pbl(fm, base, 513, 12, 2), 1, 513, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	walk(test, fm, base, 3, 1, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	walk(test, fm, base + 8, 0, 1, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
}

static void a_page_address_not_aligned_to_its_page_is_refused(struct kunit *test)
{
	struct fake_mem *fm = fake_mem_new(test);
	dma_addr_t base = fake_alloc(fm, 4 * SZ_4K, false);
	dma_addr_t pbl = fake_pbl(fm, base, 4, 12, 1);
	__le64 bad = cpu_to_le64((base + SZ_4K) | BIT(3));
	int ret;

	/* 4 KiB pages named as 8 KiB ones: one is misaligned. */
	walk(test, fm, pbl, 1, 2, 13, &ret);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	fake_write(fm, pbl + 8, &bad, sizeof(bad));
	walk(test, fm, pbl, 1, 4, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
}

/* The chip's page table unit takes no entry without its valid bit. */
static void an_entry_without_its_valid_bit_is_refused(struct kunit *test)
{
	struct fake_mem *fm = fake_mem_new(test);
	dma_addr_t base = fake_alloc(fm, 1030 * SZ_4K, false);
	dma_addr_t pbl1 = fake_pbl(fm, base, 4, 12, 1);
	dma_addr_t pbl2 = fake_pbl(fm, base, 1030, 12, 2);
	__le64 raw;
	int ret;

	/* A page address of a level 1 list, bare as a pre-P5 CREQ's. */
	raw = cpu_to_le64(base + 2 * SZ_4K);
	fake_write(fm, pbl1 + 2 * sizeof(raw), &raw, sizeof(raw));
	walk(test, fm, pbl1, 1, 4, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	/* The same mark kept, the list is taken. */
	raw = cpu_to_le64((base + 2 * SZ_4K) | PTU_PTE_VALID | PTU_PTE_NEXT_TO_LAST);
	fake_write(fm, pbl1 + 2 * sizeof(raw), &raw, sizeof(raw));
	walk(test, fm, pbl1, 1, 4, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, 0);
	/* A directory entry of a level 2 list without PTU_PDE_VALID. */
	fake_read(fm, pbl2 + sizeof(raw), &raw, sizeof(raw));
	raw = cpu_to_le64(le64_to_cpu(raw) & ~(u64)PTU_PDE_VALID);
	fake_write(fm, pbl2 + sizeof(raw), &raw, sizeof(raw));
	walk(test, fm, pbl2, 2, 1030, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
}

static void a_list_that_does_not_translate_is_a_dma_fault(struct kunit *test)
{
	struct fake_mem *fm = fake_mem_new(test);
	dma_addr_t base = fake_alloc(fm, 2 * SZ_4K, false);
	dma_addr_t pbl = fake_pbl(fm, base, 2, 12, 1);
	int ret;

	walk(test, fm, FAKE_DMA_BASE + SZ_1G, 1, 2, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, -EFAULT);
	atomic_set(&fm->mem.fail, 1);
	walk(test, fm, pbl, 1, 2, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, -EFAULT);
	KUNIT_EXPECT_EQ(test, atomic64_read(&fm->mem.faults), 2);
	walk(test, fm, pbl, 1, 2, 12, &ret);
	KUNIT_EXPECT_EQ(test, ret, 0);
}

static void queue_memory_is_read_and_written_across_its_pages(struct kunit *test)
{
	struct fake_mem *fm = fake_mem_new(test);
	dma_addr_t base = fake_alloc(fm, 3 * SZ_4K, false);
	struct rig_soft_qmem qm = {};
	u8 in[300], out[300];
	u32 i;

	for (i = 0; i < sizeof(in); i++)
		in[i] = i * 7 + 3;
	KUNIT_ASSERT_EQ(test, rig_soft_qmem_init(&fm->mem, &qm, fake_pbl(fm, base, 3, 12, 1), 1,
						 12, 3 * SZ_4K), 0);
	KUNIT_ASSERT_EQ(test, rig_soft_qmem_write(&fm->mem, &qm, SZ_4K - 100, in, sizeof(in)), 0);
	fake_read(fm, base + SZ_4K - 100, out, sizeof(out));
	KUNIT_EXPECT_EQ(test, memcmp(in, out, sizeof(in)), 0);
	memset(out, 0, sizeof(out));
	KUNIT_ASSERT_EQ(test, rig_soft_qmem_read(&fm->mem, &qm, SZ_4K - 100, out, sizeof(out)), 0);
	KUNIT_EXPECT_EQ(test, memcmp(in, out, sizeof(in)), 0);
	KUNIT_EXPECT_EQ(test, rig_soft_qmem_read(&fm->mem, &qm, 3 * SZ_4K - 1, out, 2), -EINVAL);
	rig_soft_qmem_free(&qm);
}

static void a_queue_larger_than_its_level_0_page_is_refused(struct kunit *test)
{
	struct fake_mem *fm = fake_mem_new(test);
	dma_addr_t base = fake_alloc(fm, 2 * SZ_4K, false);
	struct rig_soft_qmem qm = {};

	KUNIT_EXPECT_EQ(test, rig_soft_qmem_init(&fm->mem, &qm, base, 0, 12, SZ_4K + 1), -EINVAL);
	KUNIT_EXPECT_NULL(test, qm.pages);
	KUNIT_EXPECT_EQ(test, rig_soft_qmem_init(&fm->mem, &qm, base, 0, 13, SZ_4K + 1), 0);
	rig_soft_qmem_free(&qm);
}

static void an_entry_is_published_whole_or_not_at_all(struct kunit *test)
{
	struct fake_mem *fm = fake_mem_new(test);
	dma_addr_t base = fake_alloc(fm, SZ_4K, false);
	struct rig_soft_qmem qm = {};
	u8 e[16], out[16];
	u32 i;

	for (i = 0; i < sizeof(e); i++)
		e[i] = 0xa0 + i;
	KUNIT_ASSERT_EQ(test, rig_soft_qmem_init(&fm->mem, &qm, base, 0, 12, SZ_4K), 0);
	atomic_set(&fm->mem.fail, 1);
	KUNIT_EXPECT_EQ(test, rig_soft_qmem_publish(&fm->mem, &qm, 32, e, 16, 8), -EFAULT);
	fake_read(fm, base + 32, out, sizeof(out));
	KUNIT_EXPECT_EQ(test, out[8], 0);
	KUNIT_EXPECT_EQ(test, rig_soft_qmem_publish(&fm->mem, &qm, 32, e, 16, 8), 0);
	fake_read(fm, base + 32, out, sizeof(out));
	KUNIT_EXPECT_EQ(test, memcmp(e, out, sizeof(e)), 0);
	rig_soft_qmem_free(&qm);
}

static void device_memory_is_copied_with_the_io_helpers_and_flushed(struct kunit *test)
{
	struct fake_mem *fm = fake_mem_new(test);
	dma_addr_t io = fake_alloc(fm, 2 * SZ_4K, true);
	u8 in[64], out[64];

	memset(in, 0x5a, sizeof(in));
	KUNIT_EXPECT_EQ(test, rig_soft_mem_write(&fm->mem, io + SZ_4K - 32, in, sizeof(in)), 0);
	KUNIT_EXPECT_EQ(test, fm->flushes, 1);
	KUNIT_EXPECT_EQ(test, rig_soft_mem_read(&fm->mem, io + SZ_4K - 32, out, sizeof(out)), 0);
	KUNIT_EXPECT_EQ(test, memcmp(in, out, sizeof(in)), 0);
	KUNIT_EXPECT_EQ(test, rig_soft_mem_probe(&fm->mem, io + 2 * SZ_4K), -EFAULT);
}

static struct kunit_case rig_soft_pbl_test_cases[] = {
	KUNIT_CASE_PARAM(a_list_of_any_level_gives_every_page_flags_dropped, walk_gen_params),
	KUNIT_CASE(level_0_holds_one_page_and_level_1_one_page_of_addresses),
	KUNIT_CASE(a_page_address_not_aligned_to_its_page_is_refused),
	KUNIT_CASE(an_entry_without_its_valid_bit_is_refused),
	KUNIT_CASE(a_list_that_does_not_translate_is_a_dma_fault),
	KUNIT_CASE(queue_memory_is_read_and_written_across_its_pages),
	KUNIT_CASE(a_queue_larger_than_its_level_0_page_is_refused),
	KUNIT_CASE(an_entry_is_published_whole_or_not_at_all),
	KUNIT_CASE(device_memory_is_copied_with_the_io_helpers_and_flushed),
	{}
};

static struct kunit_suite rig_soft_pbl_test_suite = {
	.name = "rig_soft_pbl_test",
	.test_cases = rig_soft_pbl_test_cases,
};

kunit_test_suite(rig_soft_pbl_test_suite);
