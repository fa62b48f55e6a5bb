// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_db_test: doorbells as db.c reads them from a fake
 * BAR.  This file owns those cases and touches nothing but a fake
 * function's BAR.
 */
#include <kunit/test.h>
#include <linux/unaligned.h>

#include "fake.h"

#define DB_OFF	rig_soft_dpi_off(3)
#define XID	0x1234

struct db_env {
	struct fake_fn *ff;
	struct rig_soft_db db;
};

static int db_test_init(struct kunit *test)
{
	struct db_env *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, e);
	e->ff = fake_fn_new(test, fake_world_new(test), 0);
	rig_soft_db_reset(&e->ff->fn, &e->db, DB_OFF);
	test->priv = e;
	return 0;
}

static void store(struct db_env *e, u64 v)
{
	put_unaligned_le64(v, e->ff->bar + DB_OFF);
}

static int poll(struct db_env *e)
{
	return rig_soft_db_poll(&e->ff->fn, &e->db, XID);
}

static void a_page_never_rung_holds_no_doorbell(struct kunit *test)
{
	struct db_env *e = test->priv;

	KUNIT_EXPECT_EQ(test, poll(e), 0);
	KUNIT_EXPECT_FALSE(test, e->db.seen);
	KUNIT_EXPECT_EQ(test, e->ff->fn.stats.db_ignored, 0);
}

static void a_well_addressed_value_is_taken_once(struct kunit *test)
{
	struct db_env *e = test->priv;
	u64 v = fake_db_value(DBC_DBC_TYPE_SQ, XID, 5, 8);

	store(e, v);
	KUNIT_EXPECT_EQ(test, poll(e), 1);
	KUNIT_EXPECT_TRUE(test, e->db.seen);
	KUNIT_EXPECT_EQ(test, e->db.val, v);
	KUNIT_EXPECT_EQ(test, poll(e), 0);
}

struct bad_case {
	u32 high_xor;
	const char *desc;
};

static const struct bad_case bad_cases[] = {
	{ XID ^ 0x4321, "another object's xid" },
	{ DBC_DBC_VALID, "no valid bit" },
	{ DBC_DBC_PATH_L2, "the L2 path" },
	{ DBC_DBC_PATH_ENGINE, "the engine path" },
};

KUNIT_ARRAY_PARAM_DESC(bad, bad_cases, desc);

static void a_value_addressed_to_no_one_is_ignored_and_counted_once(struct kunit *test)
{
	const struct bad_case *c = test->param_value;
	struct db_env *e = test->priv;
	u64 good = fake_db_value(DBC_DBC_TYPE_SQ, XID, 1, 8);

	store(e, good);
	KUNIT_ASSERT_EQ(test, poll(e), 1);
	store(e, fake_db_value(DBC_DBC_TYPE_SQ, XID, 2, 8) ^ (u64)c->high_xor << 32);
	KUNIT_EXPECT_EQ(test, poll(e), -EINVAL);
	KUNIT_EXPECT_EQ(test, poll(e), 0);
	KUNIT_EXPECT_EQ(test, e->db.val, good);
	KUNIT_EXPECT_EQ(test, e->ff->fn.stats.db_ignored, 1);
}

static void zero_after_a_doorbell_is_ignored(struct kunit *test)
{
	struct db_env *e = test->priv;
	u64 good = fake_db_value(DBC_DBC_TYPE_RQ, XID, 3, 8);

	store(e, good);
	KUNIT_ASSERT_EQ(test, poll(e), 1);
	store(e, 0);
	KUNIT_EXPECT_EQ(test, poll(e), -EINVAL);
	KUNIT_EXPECT_EQ(test, e->db.val, good);
	KUNIT_EXPECT_TRUE(test, e->db.seen);
}

static void reset_zeroes_the_page_and_forgets(struct kunit *test)
{
	struct db_env *e = test->priv;

	store(e, fake_db_value(DBC_DBC_TYPE_SQ, XID, 1, 8));
	KUNIT_ASSERT_EQ(test, poll(e), 1);
	rig_soft_db_reset(&e->ff->fn, &e->db, DB_OFF);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(e->ff->bar + DB_OFF), 0);
	KUNIT_EXPECT_FALSE(test, e->db.seen);
	KUNIT_EXPECT_EQ(test, poll(e), 0);
}

static void index_and_epoch_name_a_place_on_twice_the_ring(struct kunit *test)
{
	u64 pos;

	KUNIT_EXPECT_TRUE(test, rig_soft_db_pos(fake_db_value(0, 1, 5, 8), 8, &pos));
	KUNIT_EXPECT_EQ(test, pos, 5);
	KUNIT_EXPECT_TRUE(test, rig_soft_db_pos(fake_db_value(0, 1, 13, 8), 8, &pos));
	KUNIT_EXPECT_EQ(test, pos, 13);
	KUNIT_EXPECT_TRUE(test, rig_soft_db_pos(fake_db_value(0, 1, 16, 8), 8, &pos));
	KUNIT_EXPECT_EQ(test, pos, 0);
	KUNIT_EXPECT_FALSE(test, rig_soft_db_pos(8, 8, &pos));
	KUNIT_EXPECT_FALSE(test, rig_soft_db_pos(DBC_DBC_INDEX_MASK, 8, &pos));
}

static void only_the_defined_bits_are_clean(struct kunit *test)
{
	u64 v = fake_db_value(DBC_DBC_TYPE_CQ_ARMALL, 7, 3, 8);

	KUNIT_EXPECT_TRUE(test, rig_soft_db_clean(v, false));
	KUNIT_EXPECT_TRUE(test, rig_soft_db_clean(v | 1ULL << DBC_DBC_TOGGLE_SFT, true));
	KUNIT_EXPECT_FALSE(test, rig_soft_db_clean(v | 1ULL << DBC_DBC_TOGGLE_SFT, false));
	KUNIT_EXPECT_FALSE(test, rig_soft_db_clean(v | (u64)DBC_DBC_DEBUG_TRACE << 32, true));
	KUNIT_EXPECT_FALSE(test, rig_soft_db_clean(v | BIT_ULL(27), true));
	KUNIT_EXPECT_FALSE(test, rig_soft_db_clean(v | BIT_ULL(32 + 20), true));
	KUNIT_EXPECT_EQ(test, rig_soft_db_type(v), DBC_DBC_TYPE_CQ_ARMALL);
}

static struct kunit_case rig_soft_db_test_cases[] = {
	KUNIT_CASE(a_page_never_rung_holds_no_doorbell),
	KUNIT_CASE(a_well_addressed_value_is_taken_once),
	KUNIT_CASE_PARAM(a_value_addressed_to_no_one_is_ignored_and_counted_once, bad_gen_params),
	KUNIT_CASE(zero_after_a_doorbell_is_ignored),
	KUNIT_CASE(reset_zeroes_the_page_and_forgets),
	KUNIT_CASE(index_and_epoch_name_a_place_on_twice_the_ring),
	KUNIT_CASE(only_the_defined_bits_are_clean),
	{}
};

static struct kunit_suite rig_soft_db_test_suite = {
	.name = "rig_soft_db_test",
	.init = db_test_init,
	.test_cases = rig_soft_db_test_cases,
};

kunit_test_suite(rig_soft_db_test_suite);
