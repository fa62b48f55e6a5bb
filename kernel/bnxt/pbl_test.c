// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_bnxt_pbl_test: the page buffer lists of pbl.c, their
 * shape for every size, the entries' flags for queues, memory regions and
 * rings, and the entries written at levels 0, 1 and 2 into pages of
 * entries the test allocates itself (no device, no DMA).  This file owns
 * nothing but the test.
 */
#include <kunit/test.h>
#include <linux/slab.h>

#include "bnxt.h"

#define ENTRIES 512

static void expect_shape(struct kunit *test, u64 npages, int ret, u32 level, u32 ptes,
			 u32 pdes)
{
	struct rig_bnxt_pbl_shape s;

	KUNIT_EXPECT_EQ_MSG(test, rig_bnxt_pbl_shape(npages, &s), ret, "%llu pages", npages);
	if (ret)
		return;
	KUNIT_EXPECT_EQ_MSG(test, s.level, level, "%llu pages", npages);
	KUNIT_EXPECT_EQ_MSG(test, s.ptes, ptes, "%llu pages", npages);
	KUNIT_EXPECT_EQ_MSG(test, s.pdes, pdes, "%llu pages", npages);
}

static void shape_follows_bnxt_re_levels(struct kunit *test)
{
	expect_shape(test, 0, -EINVAL, 0, 0, 0);
	expect_shape(test, 1, 0, 0, 0, 0);
	expect_shape(test, 2, 0, 1, 1, 0);
	expect_shape(test, ENTRIES, 0, 1, 1, 0);
	expect_shape(test, ENTRIES + 1, 0, 2, 2, 1);
	expect_shape(test, 3 * ENTRIES, 0, 2, 3, 1);
	expect_shape(test, (u64)ENTRIES * ENTRIES, 0, 2, ENTRIES, 1);
	/* Past 1 GiB of 4 KiB pages the directory grows, as bnxt_re's npde. */
	expect_shape(test, (u64)ENTRIES * ENTRIES + 1, 0, 2, ENTRIES + 1, 2);
	expect_shape(test, 4ULL << (30 - 12), 0, 2, 4 * ENTRIES, 4);
	expect_shape(test, (u64)ENTRIES * ENTRIES * ENTRIES, 0, 2, ENTRIES * ENTRIES, ENTRIES);
	expect_shape(test, (u64)ENTRIES * ENTRIES * ENTRIES + 1, -E2BIG, 0, 0, 0);
}

static void entries_carry_the_flags_of_their_kind(struct kunit *test)
{
	const dma_addr_t page = 0x123456000ULL;

	KUNIT_EXPECT_EQ(test, rig_bnxt_pte(page, RIG_BNXT_PBL_MR, 0, 3), page | RIG_PTU_PTE_VALID);
	KUNIT_EXPECT_EQ(test, rig_bnxt_pte(page, RIG_BNXT_PBL_MR, 2, 3), page | RIG_PTU_PTE_VALID);
	KUNIT_EXPECT_EQ(test, rig_bnxt_pte(page, RIG_BNXT_PBL_QUEUE, 0, 3),
			page | RIG_PTU_PTE_VALID);
	KUNIT_EXPECT_EQ(test, rig_bnxt_pte(page, RIG_BNXT_PBL_QUEUE, 1, 3),
			page | RIG_PTU_PTE_VALID | RIG_PTU_PTE_NEXT_TO_LAST);
	KUNIT_EXPECT_EQ(test, rig_bnxt_pte(page, RIG_BNXT_PBL_QUEUE, 2, 3),
			page | RIG_PTU_PTE_VALID | RIG_PTU_PTE_LAST);
	/* One page: it is the last, and nothing is next to last. */
	KUNIT_EXPECT_EQ(test, rig_bnxt_pte(page, RIG_BNXT_PBL_QUEUE, 0, 1),
			page | RIG_PTU_PTE_VALID | RIG_PTU_PTE_LAST);
}

/* Data pages at 0x10000000 + i pages. */
static dma_addr_t fake_page(u64 i)
{
	return 0x10000000ULL + (i << PAGE_SHIFT);
}

/* @npages of them, and @extra more than the list is for. */
static struct rig_dma_iter *fake_pages(struct kunit *test, u64 npages, u64 extra)
{
	struct rig_dma_iter *it = kunit_kzalloc(test, sizeof(*it), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, it);
	rig_dma_iter_contig(it, fake_page(0), npages + extra);
	return it;
}

/* A PBL of @npages with pages of entries of the test's own. */
static struct rig_bnxt_pbl *fake_pbl(struct kunit *test, u64 npages)
{
	struct rig_bnxt_pbl *pbl = kunit_kzalloc(test, sizeof(*pbl), GFP_KERNEL);
	struct rig_bnxt_pbl_shape s;
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, pbl);
	KUNIT_ASSERT_EQ(test, rig_bnxt_pbl_shape(npages, &s), 0);
	pbl->level = s.level;
	pbl->npages = npages;
	pbl->pdes = s.pdes;
	pbl->ntables = s.ptes + !!s.pdes;
	pbl->tables = kunit_kcalloc(test, pbl->ntables + 1, sizeof(*pbl->tables), GFP_KERNEL);
	pbl->tables_dma = kunit_kcalloc(test, pbl->ntables + 1, sizeof(*pbl->tables_dma),
					GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pbl->tables);
	KUNIT_ASSERT_NOT_NULL(test, pbl->tables_dma);
	for (i = 0; i < pbl->ntables; i++) {
		pbl->tables[i] = kunit_kzalloc(test, rig_bnxt_pbl_table_bytes(pbl, i),
					       GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, pbl->tables[i]);
		pbl->tables_dma[i] = 0x7000000000ULL + ((u64)i << 21);
	}
	return pbl;
}

static void level_0_names_the_only_page(struct kunit *test)
{
	struct rig_bnxt_pbl *pbl = fake_pbl(test, 1);

	KUNIT_ASSERT_EQ(test, rig_bnxt_pbl_fill(pbl, RIG_BNXT_PBL_MR, fake_pages(test, 1, 0)), 0);
	KUNIT_EXPECT_EQ(test, pbl->root, fake_page(0));
}

static void level_1_lists_every_page_in_one_page_of_entries(struct kunit *test)
{
	struct rig_bnxt_pbl *pbl = fake_pbl(test, 5);
	u64 i;

	KUNIT_ASSERT_EQ(test, rig_bnxt_pbl_fill(pbl, RIG_BNXT_PBL_QUEUE, fake_pages(test, 5, 0)),
			0);
	KUNIT_EXPECT_EQ(test, pbl->root, pbl->tables_dma[0]);
	for (i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ(test, le64_to_cpu(pbl->tables[0][i]),
				rig_bnxt_pte(fake_page(i), RIG_BNXT_PBL_QUEUE, i, 5));
	KUNIT_EXPECT_EQ(test, le64_to_cpu(pbl->tables[0][5]), 0);
}

static void level_2_lists_pages_of_entries_in_a_directory(struct kunit *test)
{
	u64 n = 2 * ENTRIES + 7, i;
	struct rig_bnxt_pbl *pbl = fake_pbl(test, n);

	KUNIT_ASSERT_EQ(test, pbl->ntables, 4);
	KUNIT_ASSERT_EQ(test, rig_bnxt_pbl_fill(pbl, RIG_BNXT_PBL_MR, fake_pages(test, n, 0)), 0);
	KUNIT_EXPECT_EQ(test, pbl->root, pbl->tables_dma[0]);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, le64_to_cpu(pbl->tables[0][i]),
				pbl->tables_dma[1 + i] | RIG_PTU_PDE_VALID);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(pbl->tables[0][3]), 0);
	for (i = 0; i < n; i++) {
		u64 got = le64_to_cpu(pbl->tables[1 + i / ENTRIES][i % ENTRIES]);

		if (got != (fake_page(i) | RIG_PTU_PTE_VALID)) {
			KUNIT_FAIL(test, "page %llu: entry %#llx", i, got);
			break;
		}
	}
}

/*
 * 16 GiB in 4 KiB pages: a directory of 16 pages naming 8192 pages of
 * entries; the last entry of the directory's last page is used.
 */
static void a_directory_of_several_pages_names_every_page_of_entries(struct kunit *test)
{
	u64 n = 16ULL << (30 - 12), i;
	struct rig_bnxt_pbl *pbl = fake_pbl(test, n);
	u64 last;

	KUNIT_ASSERT_EQ(test, pbl->pdes, 16);
	KUNIT_ASSERT_EQ(test, pbl->ntables, 1 + 16 * ENTRIES);
	KUNIT_ASSERT_EQ(test, rig_bnxt_pbl_fill(pbl, RIG_BNXT_PBL_MR, fake_pages(test, n, 0)), 0);
	for (i = 0; i < 16 * ENTRIES; i++) {
		u64 got = le64_to_cpu(pbl->tables[0][i]);

		if (got != (pbl->tables_dma[1 + i] | RIG_PTU_PDE_VALID)) {
			KUNIT_FAIL(test, "directory entry %llu: %#llx", i, got);
			break;
		}
	}
	last = le64_to_cpu(pbl->tables[16 * ENTRIES][ENTRIES - 1]);
	KUNIT_EXPECT_EQ(test, last, fake_page(n - 1) | RIG_PTU_PTE_VALID);
}

static void a_walk_with_more_pages_than_the_list_is_refused(struct kunit *test)
{
	struct rig_bnxt_pbl *pbl = fake_pbl(test, 4);

	KUNIT_EXPECT_EQ(test, rig_bnxt_pbl_fill(pbl, RIG_BNXT_PBL_MR, fake_pages(test, 4, 1)),
			-EINVAL);
}

static void doorbell_index_carries_the_lap_parity(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_bnxt_db_index(0, 8), 0);
	KUNIT_EXPECT_EQ(test, rig_bnxt_db_index(7, 8), 7);
	KUNIT_EXPECT_EQ(test, rig_bnxt_db_index(8, 8), RIG_BNXT_DBC_EPOCH);
	KUNIT_EXPECT_EQ(test, rig_bnxt_db_index(9, 8), 1 | RIG_BNXT_DBC_EPOCH);
	KUNIT_EXPECT_EQ(test, rig_bnxt_db_index(16, 8), 0);
}

static struct kunit_case rig_bnxt_pbl_test_cases[] = {
	KUNIT_CASE(shape_follows_bnxt_re_levels),
	KUNIT_CASE(entries_carry_the_flags_of_their_kind),
	KUNIT_CASE(level_0_names_the_only_page),
	KUNIT_CASE(level_1_lists_every_page_in_one_page_of_entries),
	KUNIT_CASE(level_2_lists_pages_of_entries_in_a_directory),
	KUNIT_CASE(a_directory_of_several_pages_names_every_page_of_entries),
	KUNIT_CASE(a_walk_with_more_pages_than_the_list_is_refused),
	KUNIT_CASE(doorbell_index_carries_the_lap_parity),
	{}
};

static struct kunit_suite rig_bnxt_pbl_test_suite = {
	.name = "rig_bnxt_pbl_test",
	.test_cases = rig_bnxt_pbl_test_cases,
};

kunit_test_suite(rig_bnxt_pbl_test_suite);

MODULE_DESCRIPTION("KUnit tests of rig_bnxt's page buffer lists");
MODULE_LICENSE("GPL");
