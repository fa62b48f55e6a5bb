// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_dma_iter_test: the page walks of dma_iter.c, which give
 * the firmware every page of a region or ring: a page skipped, repeated
 * or walked past the end would have the NIC write where it must not.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/scatterlist.h>

#include "rig.h"

#define P	PAGE_SIZE

/* Every page @it gives, into @got (room for @max); how many it gave. */
static u64 walk(struct rig_dma_iter *it, dma_addr_t *got, u64 max)
{
	dma_addr_t dma;
	u64 n = 0;

	rig_for_each_dma_page(it, dma) {
		if (n < max)
			got[n] = dma;
		n++;
	}
	return n;
}

static void contiguous_pages_follow_each_other(struct kunit *test)
{
	struct rig_dma_iter it;
	dma_addr_t got[4];

	rig_dma_iter_contig(&it, 0x40000000, 3);
	KUNIT_ASSERT_EQ(test, walk(&it, got, 4), 3);
	KUNIT_EXPECT_EQ(test, got[0], 0x40000000);
	KUNIT_EXPECT_EQ(test, got[1], 0x40000000 + P);
	KUNIT_EXPECT_EQ(test, got[2], 0x40000000 + 2 * P);
	KUNIT_EXPECT_FALSE(test, rig_dma_iter_next(&it, &got[3]));
}

static void runs_are_walked_page_by_page_one_after_another(struct kunit *test)
{
	struct rig_devrun runs[] = {
		{ .bus = 0xe0000000, .bytes = 2 * P },
		{ .bus = 0xf0000000, .bytes = P },
	};
	struct rig_dma_iter it;
	dma_addr_t got[4];

	rig_dma_iter_runs(&it, runs, ARRAY_SIZE(runs));
	KUNIT_ASSERT_EQ(test, walk(&it, got, 4), 3);
	KUNIT_EXPECT_EQ(test, got[0], 0xe0000000);
	KUNIT_EXPECT_EQ(test, got[1], 0xe0000000 + P);
	KUNIT_EXPECT_EQ(test, got[2], 0xf0000000);
}

static void no_runs_give_no_page(struct kunit *test)
{
	struct rig_dma_iter it;
	dma_addr_t got[1];

	rig_dma_iter_runs(&it, NULL, 0);
	KUNIT_EXPECT_EQ(test, walk(&it, got, 1), 0);
}

/* A table of two mapped entries: 3 pages at 0x10000000, 2 at 0x20000000. */
static struct sg_table *fake_sgt(struct kunit *test)
{
	struct sg_table *sgt = kunit_kzalloc(test, sizeof(*sgt), GFP_KERNEL);
	struct scatterlist *sg;

	KUNIT_ASSERT_NOT_NULL(test, sgt);
	KUNIT_ASSERT_EQ(test, sg_alloc_table(sgt, 2, GFP_KERNEL), 0);
	sg = sgt->sgl;
	sg->length = 3 * P;
	sg_dma_address(sg) = 0x10000000;
	sg_dma_len(sg) = 3 * P;
	sg = sg_next(sg);
	sg->length = 2 * P;
	sg_dma_address(sg) = 0x20000000;
	sg_dma_len(sg) = 2 * P;
	return sgt;
}

static void a_scatter_table_gives_the_pages_asked_for_from_the_first(struct kunit *test)
{
	struct sg_table *sgt = fake_sgt(test);
	struct rig_dma_iter it;
	dma_addr_t got[5];

	rig_dma_iter_sg(&it, sgt, 2, 2);
	KUNIT_EXPECT_EQ(test, walk(&it, got, 5), 2);
	KUNIT_EXPECT_EQ(test, got[0], 0x10000000 + 2 * P);
	KUNIT_EXPECT_EQ(test, got[1], 0x20000000);

	rig_dma_iter_sg(&it, sgt, 0, U64_MAX);
	KUNIT_EXPECT_EQ(test, walk(&it, got, 5), 5);
	KUNIT_EXPECT_EQ(test, got[4], 0x20000000 + P);
	sg_free_table(sgt);
}

static void a_scatter_table_ends_where_its_pages_end(struct kunit *test)
{
	struct sg_table *sgt = fake_sgt(test);
	struct rig_dma_iter it;
	dma_addr_t got[5];

	rig_dma_iter_sg(&it, sgt, 4, 10);
	KUNIT_EXPECT_EQ(test, walk(&it, got, 5), 1);
	KUNIT_EXPECT_EQ(test, got[0], 0x20000000 + P);
	sg_free_table(sgt);
}

#define ALL_SIZES	GENMASK(30, 12)	/* 4 KiB to 1 GiB, as the chip takes */

static unsigned int best_contig(dma_addr_t dma, u64 npages, unsigned long shifts)
{
	struct rig_dma_iter it;

	rig_dma_iter_contig(&it, dma, npages);
	return rig_dma_best_shift(&it, npages * P, shifts);
}

/* Pages enough for @bytes at @dma, not a whole number of pages. */
static unsigned int best_bytes(dma_addr_t dma, u64 bytes)
{
	struct rig_dma_iter it;

	rig_dma_iter_contig(&it, dma, DIV_ROUND_UP(bytes, P));
	return rig_dma_best_shift(&it, bytes, ALL_SIZES);
}

static void contiguous_aligned_memory_takes_the_largest_block_its_size_needs(struct kunit *test)
{
	/* 4 MiB at a 1 GiB boundary: one 4 MiB block, not a 1 GiB one. */
	KUNIT_EXPECT_EQ(test, best_contig(0x40000000, 1024, ALL_SIZES), 22);
	/* 6 MiB: one 8 MiB block, whose tail the region never names. */
	KUNIT_EXPECT_EQ(test, best_contig(0x40000000, 1536, ALL_SIZES), 23);
	KUNIT_EXPECT_EQ(test, best_contig(0x40000000, 1, ALL_SIZES), 12);
	/* A region of a few bytes: its one page is a block all the same. */
	KUNIT_EXPECT_EQ(test, best_bytes(0x40000000, 100), 12);
	KUNIT_EXPECT_EQ(test, best_bytes(0x40000000, 1), 12);
	KUNIT_EXPECT_EQ(test, best_bytes(0x40000000, 5000), 13);
	/* Only the sizes offered: 2 MiB or 4 KiB. */
	KUNIT_EXPECT_EQ(test, best_contig(0x40000000, 1024, BIT(21) | BIT(12)), 21);
	/* Aligned to 64 KiB only. */
	KUNIT_EXPECT_EQ(test, best_contig(0x40010000, 1024, ALL_SIZES), 16);
	KUNIT_EXPECT_EQ(test, best_contig(0x40001000, 1024, ALL_SIZES), 12);
	KUNIT_EXPECT_EQ(test, best_contig(0x40001000, 1024, BIT(21)), 0);
}

static unsigned int best_runs(const struct rig_devrun *runs, u32 n, u64 bytes)
{
	struct rig_dma_iter it;

	rig_dma_iter_runs(&it, runs, n);
	return rig_dma_best_shift(&it, bytes, ALL_SIZES);
}

static void a_block_never_spans_two_runs(struct kunit *test)
{
	struct rig_devrun aligned[] = {
		{ .bus = 0x80000000, .bytes = SZ_2M },
		{ .bus = 0x10200000, .bytes = SZ_2M },
	};
	struct rig_devrun short_first[] = {
		{ .bus = 0x80000000, .bytes = 3 * P },
		{ .bus = 0x10203000, .bytes = SZ_2M },
	};
	/* Each page's low bits match its offset, but no two are adjacent. */
	struct rig_devrun scattered[] = {
		{ .bus = 0x80000000, .bytes = P },
		{ .bus = 0x90001000, .bytes = P },
		{ .bus = 0xa0002000, .bytes = P },
		{ .bus = 0xb0003000, .bytes = P },
	};

	KUNIT_EXPECT_EQ(test, best_runs(aligned, 2, SZ_4M), 21);
	KUNIT_EXPECT_EQ(test, best_runs(short_first, 2, SZ_2M + 3 * P), 12);
	KUNIT_EXPECT_EQ(test, best_runs(scattered, 4, 4 * P), 12);
}

static void blocks_are_walked_by_their_first_page(struct kunit *test)
{
	struct rig_devrun runs[] = {
		{ .bus = 0x80000000, .bytes = SZ_2M },
		{ .bus = 0x10200000, .bytes = SZ_4M },
	};
	struct rig_dma_iter it;
	dma_addr_t got[4];

	rig_dma_iter_runs(&it, runs, ARRAY_SIZE(runs));
	rig_dma_iter_blocks(&it, 21);
	KUNIT_ASSERT_EQ(test, walk(&it, got, 4), 3);
	KUNIT_EXPECT_EQ(test, got[0], 0x80000000);
	KUNIT_EXPECT_EQ(test, got[1], 0x10200000);
	KUNIT_EXPECT_EQ(test, got[2], 0x10400000);
}

static void a_scatter_table_of_one_mapped_run_takes_large_blocks(struct kunit *test)
{
	struct sg_table *sgt = kunit_kzalloc(test, sizeof(*sgt), GFP_KERNEL);
	struct rig_dma_iter it;
	dma_addr_t got[3];

	/* Behind an IOMMU: 4 MiB of scattered pages, one contiguous IOVA run. */
	KUNIT_ASSERT_NOT_NULL(test, sgt);
	KUNIT_ASSERT_EQ(test, sg_alloc_table(sgt, 1, GFP_KERNEL), 0);
	sgt->sgl->length = SZ_4M;
	sg_dma_address(sgt->sgl) = 0xfe000000;
	sg_dma_len(sgt->sgl) = SZ_4M;
	rig_dma_iter_sg(&it, sgt, 0, SZ_4M / P);
	KUNIT_EXPECT_EQ(test, rig_dma_best_shift(&it, SZ_4M, ALL_SIZES), 22);
	rig_dma_iter_sg(&it, sgt, 0, SZ_4M / P);
	rig_dma_iter_blocks(&it, 21);
	KUNIT_EXPECT_EQ(test, walk(&it, got, 3), 2);
	KUNIT_EXPECT_EQ(test, got[1], 0xfe200000);
	sg_free_table(sgt);
}

static struct kunit_case rig_dma_iter_test_cases[] = {
	KUNIT_CASE(contiguous_pages_follow_each_other),
	KUNIT_CASE(runs_are_walked_page_by_page_one_after_another),
	KUNIT_CASE(no_runs_give_no_page),
	KUNIT_CASE(a_scatter_table_gives_the_pages_asked_for_from_the_first),
	KUNIT_CASE(a_scatter_table_ends_where_its_pages_end),
	KUNIT_CASE(contiguous_aligned_memory_takes_the_largest_block_its_size_needs),
	KUNIT_CASE(a_block_never_spans_two_runs),
	KUNIT_CASE(blocks_are_walked_by_their_first_page),
	KUNIT_CASE(a_scatter_table_of_one_mapped_run_takes_large_blocks),
	{}
};

static struct kunit_suite rig_dma_iter_test_suite = {
	.name = "rig_dma_iter_test",
	.test_cases = rig_dma_iter_test_cases,
};

kunit_test_suite(rig_dma_iter_test_suite);

MODULE_DESCRIPTION("KUnit tests for rig_bnxt's DMA page walks");
MODULE_LICENSE("GPL");
