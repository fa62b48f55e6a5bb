// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_ring_test: the CREQ and NQ rings (ring.c): valid
 * bits per lap as bnxt_re's CREQ_CMP_VALID() reads them, a full ring,
 * and raising a vector on NQ_ARM.  This file owns those cases; the
 * driver's side is fake.c's.
 */
#include <kunit/test.h>
#include <linux/unaligned.h>

#include "fake.h"

#define ENTRIES	4

struct ring_env {
	struct fake_fn *ff;
	struct rig_soft_ring *ring;
	dma_addr_t base;
	u64 cons;
};

static int ring_test_init(struct kunit *test)
{
	struct ring_env *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);
	u16 id;

	KUNIT_ASSERT_NOT_NULL(test, e);
	e->ff = fake_fn_new(test, fake_world_new(test), 0);
	id = fake_ring_alloc(e->ff, 1, ENTRIES, &e->base);
	e->ring = rig_soft_ring_find(&e->ff->fn, id);
	KUNIT_ASSERT_NOT_NULL(test, e->ring);
	test->priv = e;
	return 0;
}

static u32 vec_db(void)
{
	return RIG_SOFT_DB_BAR + RIG_SOFT_VEC_DB_STRIDE;
}

static int post(struct ring_env *e, u8 tag)
{
	u8 entry[16] = { 0x38, tag };
	int ret;

	mutex_lock(&e->ff->fn.world->lock);
	ret = rig_soft_ring_post(&e->ff->fn, e->ring, entry);
	mutex_unlock(&e->ff->fn.world->lock);
	return ret;
}

static bool service(struct ring_env *e)
{
	bool raised;

	mutex_lock(&e->ff->fn.world->lock);
	raised = rig_soft_ring_service(&e->ff->fn, e->ring);
	mutex_unlock(&e->ff->fn.world->lock);
	return raised;
}

/* The driver takes the next entry (valid bit of its lap) and acknowledges it. */
static void take(struct kunit *test, struct ring_env *e, u8 tag, u32 type)
{
	u8 entry[16];

	fake_read(e->ff->fm, e->base + (e->cons % ENTRIES) * 16, entry, sizeof(entry));
	KUNIT_EXPECT_EQ(test, entry[8] & CREQ_BASE_V, !((e->cons / ENTRIES) & 1));
	KUNIT_EXPECT_EQ(test, entry[1], tag);
	e->cons++;
	fake_db(e->ff, vec_db(), type, e->ring->id, e->cons, ENTRIES);
}

static void the_valid_bit_is_one_on_the_first_lap_and_flips_each_lap(struct kunit *test)
{
	struct ring_env *e = test->priv;
	u8 i;

	KUNIT_EXPECT_EQ(test, rig_soft_lap_valid(0, 4), 1);
	KUNIT_EXPECT_EQ(test, rig_soft_lap_valid(3, 4), 1);
	KUNIT_EXPECT_EQ(test, rig_soft_lap_valid(4, 4), 0);
	KUNIT_EXPECT_EQ(test, rig_soft_lap_valid(8, 4), 1);
	for (i = 0; i < 3 * ENTRIES + 1; i++) {
		KUNIT_ASSERT_EQ(test, post(e, i), 0);
		take(test, e, i, DBC_DBC_TYPE_NQ);
	}
}

static void a_full_ring_takes_nothing_until_the_driver_consumes(struct kunit *test)
{
	struct ring_env *e = test->priv;
	u8 i;

	for (i = 0; i < ENTRIES; i++)
		KUNIT_ASSERT_EQ(test, post(e, i), 0);
	KUNIT_EXPECT_EQ(test, post(e, 9), -ENOSPC);
	take(test, e, 0, DBC_DBC_TYPE_NQ);
	KUNIT_EXPECT_EQ(test, post(e, 9), 0);
	KUNIT_EXPECT_EQ(test, post(e, 10), -ENOSPC);
}

static void a_consumer_index_outside_the_ring_leaves_no_room(struct kunit *test)
{
	struct ring_env *e = test->priv;

	fake_db(e->ff, vec_db(), DBC_DBC_TYPE_NQ, e->ring->id, 0, ENTRIES);
	put_unaligned_le32(ENTRIES, e->ff->bar + vec_db());
	KUNIT_EXPECT_EQ(test, post(e, 1), -ENOSPC);
}

static void nq_arm_raises_the_vector_once_per_doorbell(struct kunit *test)
{
	struct ring_env *e = test->priv;

	fake_db(e->ff, vec_db(), DBC_DBC_TYPE_NQ_ARM, e->ring->id, 0, ENTRIES);
	KUNIT_EXPECT_FALSE(test, service(e));		/* nothing to read */
	KUNIT_ASSERT_EQ(test, post(e, 1), 0);
	KUNIT_EXPECT_TRUE(test, service(e));
	KUNIT_EXPECT_EQ(test, e->ff->raised[1], 1);
	KUNIT_ASSERT_EQ(test, post(e, 2), 0);
	KUNIT_EXPECT_FALSE(test, service(e));		/* disarmed */
	take(test, e, 1, DBC_DBC_TYPE_NQ_ARM);
	KUNIT_EXPECT_TRUE(test, service(e));		/* armed, entry 2 unread */
	KUNIT_EXPECT_EQ(test, e->ff->raised[1], 2);
	take(test, e, 2, DBC_DBC_TYPE_NQ_ARM);
	KUNIT_EXPECT_FALSE(test, service(e));
	KUNIT_EXPECT_EQ(test, e->ff->fn.stats.raises, 2);
}

static void an_nq_doorbell_without_arm_raises_nothing(struct kunit *test)
{
	struct ring_env *e = test->priv;

	KUNIT_ASSERT_EQ(test, post(e, 1), 0);
	KUNIT_EXPECT_FALSE(test, service(e));		/* never rung */
	fake_db(e->ff, vec_db(), DBC_DBC_TYPE_NQ, e->ring->id, 0, ENTRIES);
	KUNIT_EXPECT_FALSE(test, service(e));
	KUNIT_EXPECT_EQ(test, e->ff->raised[1], 0);
}

static void a_doorbell_of_another_ring_or_type_is_ignored(struct kunit *test)
{
	struct ring_env *e = test->priv;

	KUNIT_ASSERT_EQ(test, post(e, 1), 0);
	fake_db(e->ff, vec_db(), DBC_DBC_TYPE_NQ_ARM, e->ring->id + 1, 0, ENTRIES);
	KUNIT_EXPECT_FALSE(test, service(e));
	fake_db(e->ff, vec_db(), DBC_DBC_TYPE_CQ_ARMALL, e->ring->id, 0, ENTRIES);
	KUNIT_EXPECT_FALSE(test, service(e));
	KUNIT_EXPECT_EQ(test, e->ff->fn.stats.db_ignored, 2);
	fake_db(e->ff, vec_db(), DBC_DBC_TYPE_NQ_ARM, e->ring->id, 0, ENTRIES);
	KUNIT_EXPECT_TRUE(test, service(e));
}

static struct kunit_case rig_soft_ring_test_cases[] = {
	KUNIT_CASE(the_valid_bit_is_one_on_the_first_lap_and_flips_each_lap),
	KUNIT_CASE(a_full_ring_takes_nothing_until_the_driver_consumes),
	KUNIT_CASE(a_consumer_index_outside_the_ring_leaves_no_room),
	KUNIT_CASE(nq_arm_raises_the_vector_once_per_doorbell),
	KUNIT_CASE(an_nq_doorbell_without_arm_raises_nothing),
	KUNIT_CASE(a_doorbell_of_another_ring_or_type_is_ignored),
	{}
};

static struct kunit_suite rig_soft_ring_test_suite = {
	.name = "rig_soft_ring_test",
	.init = ring_test_init,
	.test_cases = rig_soft_ring_test_cases,
};

kunit_test_suite(rig_soft_ring_test_suite);
