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

static struct kunit_case rig_dma_iter_test_cases[] = {
	KUNIT_CASE(contiguous_pages_follow_each_other),
	KUNIT_CASE(runs_are_walked_page_by_page_one_after_another),
	KUNIT_CASE(no_runs_give_no_page),
	KUNIT_CASE(a_scatter_table_gives_the_pages_asked_for_from_the_first),
	KUNIT_CASE(a_scatter_table_ends_where_its_pages_end),
	{}
};

static struct kunit_suite rig_dma_iter_test_suite = {
	.name = "rig_dma_iter_test",
	.test_cases = rig_dma_iter_test_cases,
};

kunit_test_suite(rig_dma_iter_test_suite);

MODULE_DESCRIPTION("KUnit tests for rig_bnxt's DMA page walks");
MODULE_LICENSE("GPL");
