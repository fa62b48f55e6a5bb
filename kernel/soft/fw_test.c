// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_fw_test: the RoCE firmware's command channel and
 * commands (cmdq.c, fw.c, cq.c, qp.c, mr.c), driven through the CMDQ and
 * answered through the CREQ exactly as the driver sees them: every
 * refusal and its CREQ status, the limits, the fault knobs.  This file
 * owns those cases; the driver's side is fake.c's.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/unaligned.h>

#include "fake.h"

#define ST(x)	CREQ_QP_EVENT_STATUS_##x
#define M(x)	CMDQ_MODIFY_QP_MODIFY_MASK_##x
#define S(x)	CMDQ_MODIFY_QP_NEW_STATE_##x

struct fw_env {
	struct fake_fn *ff;
	struct fake_cq cq;
};

static struct fake_fn *ff_of(struct kunit *test)
{
	return ((struct fw_env *)test->priv)->ff;
}

static int fw_test_init(struct kunit *test)
{
	struct fw_env *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, e);
	e->ff = fake_fn_up(test, fake_world_new(test), 0);
	test->priv = e;
	return 0;
}

static u8 cmd(struct kunit *test, void *c, u32 size)
{
	struct creq_qp_event resp;

	return fake_cmd(ff_of(test), c, size, &resp);
}

static u32 xid(const struct creq_qp_event *resp)
{
	return le32_to_cpu(((const struct creq_create_qp_resp *)resp)->xid);
}

/* The channel */

static void before_initialize_fw_only_the_queries_are_answered(struct kunit *test)
{
	struct fake_fn *ff = fake_fn_new(test, ff_of(test)->fn.world, 1);
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };
	struct cmdq_deinitialize_fw deinit = { .opcode = CMDQ_BASE_OPCODE_DEINITIALIZE_FW };
	struct cmdq_add_gid gid = { .opcode = CMDQ_BASE_OPCODE_ADD_GID };
	struct creq_query_version_resp r;
	struct fake_cq cq;

	ff->creq_id = fake_ring_alloc(ff, 0, FAKE_RING, &ff->creq);
	ff->nq_id = fake_ring_alloc(ff, 1, FAKE_RING, &ff->nq);
	fake_cmdq_init(ff, 0);
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &ver, sizeof(ver), (void *)&r), 0);
	KUNIT_EXPECT_EQ(test, r.fw_maj, RIG_SOFT_FW_MAJOR);
	KUNIT_EXPECT_EQ(test, r.event, CMDQ_BASE_OPCODE_QUERY_VERSION);
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &gid, sizeof(gid), (void *)&r), ST(INVALID_CMD));
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &deinit, sizeof(deinit), (void *)&r), ST(INVALID_CMD));
	KUNIT_EXPECT_EQ(test, fake_create_cq(ff, &cq, 64, 0), ST(INVALID_CMD));
}

static void initialize_fw_is_taken_once_with_4k_dpi_pages_and_a_stat_context(struct kunit *test)
{
	struct cmdq_initialize_fw init = { .opcode = CMDQ_BASE_OPCODE_INITIALIZE_FW };
	struct fake_fn *ff = ff_of(test);

	KUNIT_EXPECT_EQ(test, cmd(test, &init, sizeof(init)), ST(INVALID_CMD));
	ff->fn.fw_up = false;
	init.log2_dbr_pg_size = cpu_to_le16(CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_8K);
	KUNIT_EXPECT_EQ(test, cmd(test, &init, sizeof(init)), ST(INVALID_PARAMETER));
	init.log2_dbr_pg_size = 0;
	init.stat_ctx_id = cpu_to_le32(5);
	KUNIT_EXPECT_EQ(test, cmd(test, &init, sizeof(init)), ST(INVALID_PARAMETER));
	init.stat_ctx_id = 0;
	init.flags = cpu_to_le16(0x80);
	KUNIT_EXPECT_EQ(test, cmd(test, &init, sizeof(init)), ST(INVALID_PARAMETER));
	/* Hardware retransmission: QUERY_FUNC did not offer it. */
	init.flags = cpu_to_le16(CMDQ_INITIALIZE_FW_FLAGS_HW_REQUESTER_RETX_SUPPORTED);
	KUNIT_EXPECT_EQ(test, cmd(test, &init, sizeof(init)), ST(INVALID_PARAMETER));
	init.flags = 0;
	/* A PF cannot leave its VFs more than it has, nor SRQs it has none of. */
	init.max_qp_per_vf = cpu_to_le32(RIG_SOFT_MAX_QP + 1);
	KUNIT_EXPECT_EQ(test, cmd(test, &init, sizeof(init)), ST(INVALID_PARAMETER));
	init.max_qp_per_vf = cpu_to_le32(31);
	init.max_srq_per_vf = cpu_to_le32(1);
	KUNIT_EXPECT_EQ(test, cmd(test, &init, sizeof(init)), ST(INVALID_PARAMETER));
	init.max_srq_per_vf = 0;
	init.max_gid_per_vf = cpu_to_le32(128);
	KUNIT_EXPECT_EQ(test, cmd(test, &init, sizeof(init)), 0);
	KUNIT_EXPECT_TRUE(test, ff->fn.fw_up);
	KUNIT_EXPECT_EQ(test, ff->fn.vf_limits[0], 31);
	KUNIT_EXPECT_EQ(test, ff->fn.vf_limits[4], 128);
}

static void query_func_writes_the_limits_into_its_side_buffer(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_query_func req = {
		.opcode = CMDQ_BASE_OPCODE_QUERY_FUNC,
		.resp_size = DIV_ROUND_UP(sizeof(struct creq_query_func_resp_sb), 16),
	};
	dma_addr_t sb_addr = fake_alloc(ff->fm, SZ_4K, false);
	struct creq_query_func_resp_sb sb;
	struct creq_query_func_resp resp;

	req.resp_addr = cpu_to_le64(sb_addr);
	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &req, sizeof(req), (void *)&resp), 0);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(resp.size), req.resp_size);
	fake_read(ff->fm, sb_addr, &sb, sizeof(sb));
	KUNIT_EXPECT_EQ(test, sb.opcode, CMDQ_BASE_OPCODE_QUERY_FUNC);
	KUNIT_EXPECT_EQ(test, sb.cookie, cpu_to_le16(ff->cookie));
	KUNIT_EXPECT_EQ(test, le32_to_cpu(sb.max_qp), RIG_SOFT_MAX_QP);
	KUNIT_EXPECT_GE(test, le16_to_cpu(sb.max_qp_wr), 4097);
	KUNIT_EXPECT_EQ(test, sb.max_sge, 6);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(sb.max_cq), RIG_SOFT_MAX_CQ);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(sb.max_mr), RIG_SOFT_MAX_MR);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(sb.max_dpi), FAKE_DPIS);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(sb.max_gid), RIG_SOFT_MAX_GID);
	KUNIT_EXPECT_EQ(test, sb.l2_db_space_size, 15);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(sb.max_mr_size), RIG_SOFT_MAX_MR_SIZE);
	req.resp_size--;
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req)), ST(INVALID_PARAMETER));
	req.resp_size++;
	req.resp_addr = 0;
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req)), ST(INVALID_PARAMETER));
	req.resp_addr = cpu_to_le64(FAKE_DMA_BASE - SZ_4K);
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req)), ST(HARDWARE_ERROR));
}

static void an_unknown_opcode_is_invalid_and_one_not_modelled_not_implemented(struct kunit *test)
{
	struct cmdq_base c = { .opcode = 0x7f };

	KUNIT_EXPECT_EQ(test, cmd(test, &c, sizeof(c)), ST(INVALID_CMD));
	c.opcode = CMDQ_BASE_OPCODE_CREATE_SRQ;
	KUNIT_EXPECT_EQ(test, cmd(test, &c, sizeof(c)), ST(NOT_IMPLEMENTED));
	c.opcode = CMDQ_BASE_OPCODE_CREATE_AH;
	KUNIT_EXPECT_EQ(test, cmd(test, &c, sizeof(c)), ST(NOT_IMPLEMENTED));
	c.opcode = CMDQ_BASE_OPCODE_MODIFY_ROCE_CC;
	KUNIT_EXPECT_EQ(test, cmd(test, &c, sizeof(c)), ST(NOT_IMPLEMENTED));
}

static void a_command_shorter_than_its_structure_is_invalid(struct kunit *test)
{
	struct cmdq_create_cq req;
	struct fake_cq cq;

	fake_create_cq_req(ff_of(test), &req, &cq, 64, 0);
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req) - 16), ST(INVALID_CMD));
	KUNIT_EXPECT_EQ(test, ff_of(test)->fn.ncqs, 0);
}

static void a_cmd_size_of_zero_is_invalid_and_the_queue_goes_on(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };
	u8 slot[16] = { CMDQ_BASE_OPCODE_QUERY_VERSION, 0, 0, 0, 0x34, 0x12 };
	struct creq_qp_event resp;

	fake_write(ff->fm, ff->cmdq + (ff->prod % FAKE_CMDQ_DEPTH) * 16, slot, sizeof(slot));
	ff->prod++;
	put_unaligned_le32(ff->prod & 0xffff, ff->bar + RIG_SOFT_MBOX_PROD);
	put_unaligned_le32(1, ff->bar + RIG_SOFT_MBOX_TRIG);
	fake_service(ff);
	KUNIT_ASSERT_TRUE(test, fake_creq_take(ff, &resp));
	KUNIT_EXPECT_EQ(test, resp.status, ST(INVALID_CMD));
	KUNIT_EXPECT_EQ(test, le16_to_cpu(resp.cookie), 0x1234);
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), 0);
}

static void the_cookie_comes_back_with_its_blocking_bit(struct kunit *test)
{
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };

	ff_of(test)->cookie = 0x8004;
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), 0);	/* fake_cmd checks it */
}

static void commands_and_answers_wrap_around_both_rings(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_add_gid add = { .opcode = CMDQ_BASE_OPCODE_ADD_GID };
	struct cmdq_delete_gid del = { .opcode = CMDQ_BASE_OPCODE_DELETE_GID };
	struct creq_qp_event resp;
	int i;

	for (i = 0; i < 300; i++) {
		((u8 *)add.gid)[0] = i + 1;
		((u8 *)add.gid)[1] = (i + 1) >> 8;
		KUNIT_ASSERT_EQ(test, fake_cmd(ff, &add, sizeof(add), &resp), 0);
		del.gid_index = cpu_to_le16(xid(&resp));
		KUNIT_ASSERT_EQ(test, fake_cmd(ff, &del, sizeof(del), &resp), 0);
	}
	KUNIT_EXPECT_GT(test, ff->prod, 3 * FAKE_CMDQ_DEPTH);
	KUNIT_EXPECT_GT(test, ff->creq_cons, 2 * FAKE_RING);
}

static void bit_31_of_the_producer_starts_the_queue_again(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };

	KUNIT_ASSERT_EQ(test, cmd(test, &ver, sizeof(ver)), 0);
	KUNIT_ASSERT_EQ(test, cmd(test, &ver, sizeof(ver)), 0);
	fake_cmdq_init(ff, 0);
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), 0);
	KUNIT_EXPECT_EQ(test, ff->fn.cmdq.cons, 1);
}

static void a_fetch_fault_stops_the_channel_until_cmdq_init(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };

	atomic_set(&ff->fm->mem.fail, 1);
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), FAKE_NO_ANSWER);
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), FAKE_NO_ANSWER);
	fake_cmdq_init(ff, 1);
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), 0);
}

static void answers_wait_for_room_in_the_creq(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };
	struct creq_qp_event resp;
	int i;

	for (i = 0; i < FAKE_RING + 20; i++) {
		fake_post(ff, &ver, sizeof(ver));
		fake_service(ff);
	}
	KUNIT_EXPECT_EQ(test, ff->fn.cmdq.count, 20);
	for (i = 0; i < 10; i++)
		KUNIT_ASSERT_TRUE(test, fake_creq_take(ff, &resp));
	fake_service(ff);
	KUNIT_EXPECT_EQ(test, ff->fn.cmdq.count, 10);
	for (i = 0; i < FAKE_RING; i++)
		KUNIT_ASSERT_TRUE(test, fake_creq_take(ff, &resp));
	fake_service(ff);
	for (i = 0; i < 10; i++)
		KUNIT_ASSERT_TRUE(test, fake_creq_take(ff, &resp));
	KUNIT_EXPECT_FALSE(test, fake_creq_take(ff, &resp));
}

static void the_creq_vector_is_raised_when_armed(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };
	unsigned int before = ff->raised[0];

	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), 0);
	KUNIT_EXPECT_EQ(test, ff->raised[0], before + 1);
}

/* Fault knobs */

static void fail_cmd_refuses_the_nth_next_command_without_running_it(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_add_gid add = { .opcode = CMDQ_BASE_OPCODE_ADD_GID, .gid = { 9 } };
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };

	ff->fn.faults.fail_nth = 2;
	ff->fn.faults.fail_nth_status = ST(RESOURCES);
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), 0);
	KUNIT_EXPECT_EQ(test, cmd(test, &add, sizeof(add)), ST(RESOURCES));
	KUNIT_EXPECT_FALSE(test, ff->fn.gids[1].live);
	KUNIT_EXPECT_EQ(test, cmd(test, &add, sizeof(add)), 0);
}

static void fail_opcode_refuses_the_next_command_with_that_opcode(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };
	struct fake_cq cq;

	ff->fn.faults.fail_opcode = CMDQ_BASE_OPCODE_CREATE_CQ;
	ff->fn.faults.fail_opcode_status = ST(FAIL);
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), 0);
	KUNIT_EXPECT_EQ(test, fake_create_cq(ff, &cq, 64, 0), ST(FAIL));
	KUNIT_EXPECT_EQ(test, ff->fn.ncqs, 0);
	KUNIT_EXPECT_EQ(test, fake_create_cq(ff, &cq, 64, 0), 0);
}

static void delay_cmd_answers_late(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };
	struct creq_qp_event resp;

	ff->fn.faults.delay_nth = 1;
	ff->fn.faults.delay_ms = 30;
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), FAKE_NO_ANSWER);
	msleep(50);
	fake_service(ff);
	KUNIT_EXPECT_TRUE(test, fake_creq_take(ff, &resp));
	KUNIT_EXPECT_EQ(test, le16_to_cpu(resp.cookie), ff->cookie);
}

static void drop_cmd_never_answers_and_the_next_one_is_answered(struct kunit *test)
{
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };

	ff_of(test)->fn.faults.drop_nth = 1;
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), FAKE_NO_ANSWER);
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), 0);
}

static void creq_stall_holds_the_answers_until_released(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };
	struct creq_qp_event resp;

	ff->fn.faults.creq_stall = true;
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), FAKE_NO_ANSWER);
	ff->fn.faults.creq_stall = false;
	fake_service(ff);
	KUNIT_EXPECT_TRUE(test, fake_creq_take(ff, &resp));
}

static void a_hung_firmware_consumes_nothing(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_query_version ver = { .opcode = CMDQ_BASE_OPCODE_QUERY_VERSION };
	struct creq_qp_event resp;
	u64 cmds = ff->fn.stats.cmds;

	ff->fn.faults.hang = true;
	KUNIT_EXPECT_EQ(test, cmd(test, &ver, sizeof(ver)), FAKE_NO_ANSWER);
	KUNIT_EXPECT_EQ(test, ff->fn.stats.cmds, cmds);
	ff->fn.faults.hang = false;
	fake_service(ff);
	KUNIT_EXPECT_TRUE(test, fake_creq_take(ff, &resp));
}

/* GIDs */

static void add_gid_answers_the_index_and_keeps_the_gid_in_network_order(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_add_gid add = {
		.opcode = CMDQ_BASE_OPCODE_ADD_GID,
		.src_mac = { cpu_to_be16(0x1100), cpu_to_be16(0x3322), cpu_to_be16(0x5544) },
	};
	u8 *raw = (u8 *)add.gid, want[6] = { 0, 0x11, 0x22, 0x33, 0x44, 0x55 };
	struct creq_qp_event resp;
	int i;

	KUNIT_EXPECT_TRUE(test, ff->fn.gids[0].live);
	KUNIT_EXPECT_EQ(test, memcmp(ff->fn.gids[0].gid, ff->gid, 16), 0);
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &add, sizeof(add), &resp), ST(INVALID_PARAMETER));
	for (i = 0; i < 16; i++)
		raw[i] = 0x40 + i;
	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &add, sizeof(add), &resp), 0);
	KUNIT_EXPECT_EQ(test, xid(&resp), 1);
	KUNIT_EXPECT_EQ(test, ff->fn.gids[1].gid[0], 0x4f);
	KUNIT_EXPECT_EQ(test, memcmp(ff->fn.gids[1].mac, want, 6), 0);
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &add, sizeof(add), &resp), ST(INVALID_PARAMETER));
	add.vlan = cpu_to_le16(CMDQ_ADD_GID_VLAN_VLAN_EN | 5);
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &add, sizeof(add), &resp), 0);
	ff->fn.lim.max_gid = 4;
	raw[0]++;
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &add, sizeof(add), &resp), 0);
	raw[0]++;
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &add, sizeof(add), &resp), ST(RESOURCES));
	add.stats_ctx = cpu_to_le16(CMDQ_ADD_GID_STATS_CTX_STATS_CTX_VALID | 9);
	ff->fn.lim.max_gid = RIG_SOFT_MAX_GID;
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &add, sizeof(add), &resp), ST(INVALID_PARAMETER));
}

static void delete_gid_refuses_an_index_not_in_use(struct kunit *test)
{
	struct cmdq_delete_gid del = { .opcode = CMDQ_BASE_OPCODE_DELETE_GID };

	del.gid_index = cpu_to_le16(1);
	KUNIT_EXPECT_EQ(test, cmd(test, &del, sizeof(del)), ST(INVALID_PARAMETER));
	del.gid_index = cpu_to_le16(RIG_SOFT_MAX_GID);
	KUNIT_EXPECT_EQ(test, cmd(test, &del, sizeof(del)), ST(INVALID_PARAMETER));
	del.gid_index = 0;
	KUNIT_EXPECT_EQ(test, cmd(test, &del, sizeof(del)), 0);
	KUNIT_EXPECT_FALSE(test, ff_of(test)->fn.gids[0].live);
}

/* Completion queues */

struct cq_case {
	void (*spoil)(struct fake_fn *ff, struct cmdq_create_cq *req);
	u8 status;
	const char *desc;
};

static void cq_flags(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->flags = cpu_to_le16(CMDQ_CREATE_CQ_FLAGS_INFINITE_CQ_MODE);
}

static void cq_pg_size(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->pg_size_lvl |= cpu_to_le32(6 << CMDQ_CREATE_CQ_PG_SIZE_SFT);
}

static void cq_unused(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->pg_size_lvl |= cpu_to_le32(BIT(5));
}

static void cq_level(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->pg_size_lvl |= cpu_to_le32(3);
}

static void cq_fco(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->cq_fco_cnq_id |= cpu_to_le32(1 << CMDQ_CREATE_CQ_CQ_FCO_SFT);
}

static void cq_no_nq(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->cq_fco_cnq_id = cpu_to_le32(ff->nq_id ^ 0x800);
}

static void cq_creq(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->cq_fco_cnq_id = cpu_to_le32(ff->creq_id);
}

static void cq_empty(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->cq_size = 0;
}

static void cq_huge(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->cq_size = cpu_to_le32(RIG_SOFT_MAX_CQE + 1);
}

static void cq_steer(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->steering_tag = cpu_to_le16(1);
}

static void cq_last_dpi(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->dpi = cpu_to_le32(FAKE_DPIS - 1);
}

static void cq_dpi_taken(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	set_bit(le32_to_cpu(r->dpi) + 1, ff->fn.dpi_used);
}

static void cq_pbl_fault(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->pg_size_lvl = cpu_to_le32(1);
	r->pbl = cpu_to_le64(FAKE_DMA_BASE - SZ_4K);
}

static void cq_too_big(struct fake_fn *ff, struct cmdq_create_cq *r)
{
	r->cq_size = cpu_to_le32(SZ_4K / RIG_SOFT_CQE_SIZE + 1);
}

static const struct cq_case cq_cases[] = {
	{ cq_flags, ST(INVALID_PARAMETER), "infinite CQ mode" },
	{ cq_pg_size, ST(INVALID_PARAMETER), "an undefined page size" },
	{ cq_unused, ST(INVALID_PARAMETER), "an unused bit of pg_size_lvl" },
	{ cq_level, ST(INVALID_PARAMETER), "level 3" },
	{ cq_fco, ST(INVALID_PARAMETER), "a first completion offset" },
	{ cq_no_nq, ST(INVALID_PARAMETER), "cnq_id of no ring" },
	{ cq_creq, ST(INVALID_PARAMETER), "cnq_id of the CREQ" },
	{ cq_empty, ST(INVALID_PARAMETER), "no entries" },
	{ cq_huge, ST(INVALID_PARAMETER), "more entries than max_cqe" },
	{ cq_steer, ST(INVALID_PARAMETER), "a steering tag" },
	{ cq_last_dpi, ST(INVALID_PARAMETER), "a DPI whose next page is past the BAR" },
	{ cq_dpi_taken, ST(INVALID_PARAMETER), "a DPI page in use" },
	{ cq_pbl_fault, ST(HARDWARE_ERROR), "a page list that does not translate" },
	{ cq_too_big, ST(INVALID_PARAMETER), "a level 0 page too small" },
};

KUNIT_ARRAY_PARAM_DESC(cq, cq_cases, desc);

static void create_cq_out_of_the_rules_is_refused(struct kunit *test)
{
	const struct cq_case *c = test->param_value;
	struct fake_fn *ff = ff_of(test);
	struct cmdq_create_cq req;
	struct fake_cq cq;

	fake_create_cq_req(ff, &req, &cq, 64, 4);
	c->spoil(ff, &req);
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req)), c->status);
	KUNIT_EXPECT_EQ(test, ff->fn.ncqs, 0);
	KUNIT_EXPECT_FALSE(test, test_bit(4, ff->fn.dpi_used));
}

static void cqs_are_counted_numbered_and_destroyed_when_unused(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_destroy_cq des = { .opcode = CMDQ_BASE_OPCODE_DESTROY_CQ };
	struct creq_destroy_cq_resp r;
	struct fake_cq a, b, c;
	struct fake_qp qp;

	ff->fn.lim.max_cq = 2;
	KUNIT_ASSERT_EQ(test, fake_create_cq(ff, &a, 64, 0), 0);
	KUNIT_ASSERT_EQ(test, fake_create_cq(ff, &b, 1024, 2), 0);
	KUNIT_EXPECT_NE(test, a.id, b.id);
	KUNIT_EXPECT_LE(test, a.id, RIG_SOFT_XID_MAX);
	KUNIT_EXPECT_EQ(test, fake_create_cq(ff, &c, 64, 4), ST(RESOURCES));
	KUNIT_ASSERT_EQ(test, fake_create_qp(ff, &qp, &a, 8, 6), 0);
	des.cq_cid = cpu_to_le32(a.id);
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &des, sizeof(des), (void *)&r), ST(FAIL));
	des.cq_cid = cpu_to_le32(RIG_SOFT_XID_MAX + 1);
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &des, sizeof(des), (void *)&r), ST(INVALID_PARAMETER));
	des.cq_cid = cpu_to_le32(b.id);
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &des, sizeof(des), (void *)&r), 0);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(r.xid), b.id);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(r.total_cnq_events), 0);
	KUNIT_EXPECT_EQ(test, fake_create_cq(ff, &c, 64, 2), 0);
	KUNIT_EXPECT_EQ(test, ff->fn.ncqs, 2);
}

static void a_new_cq_finds_its_doorbell_pages_zeroed(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct fake_cq cq;

	put_unaligned_le64(~0ULL, ff->bar + rig_soft_dpi_off(8));
	KUNIT_ASSERT_EQ(test, fake_create_cq(ff, &cq, 64, 8), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(ff->bar + rig_soft_dpi_off(8)), 0);
}

/* Queue pairs */

struct qp_case {
	void (*spoil)(struct fake_fn *ff, struct cmdq_create_qp *req);
	u8 status;
	const char *desc;
};

#define QP_SPOIL(name, stmt) \
static void qp_##name(struct fake_fn *ff, struct cmdq_create_qp *r) \
{ \
	stmt; \
}

QP_SPOIL(ud, r->type = CMDQ_CREATE_QP_TYPE_UD)
QP_SPOIL(type, r->type = 3)
QP_SPOIL(srq, r->qp_flags |= cpu_to_le32(CMDQ_CREATE_QP_QP_FLAGS_SRQ_USED))
QP_SPOIL(var, r->qp_flags |= cpu_to_le32(CMDQ_CREATE_QP_QP_FLAGS_VARIABLE_SIZED_WQE_ENABLED))
QP_SPOIL(flag, r->qp_flags |= cpu_to_le32(BIT(12)))
QP_SPOIL(sq_lvl, r->sq_pg_size_sq_lvl = 3)
QP_SPOIL(rq_pg, r->rq_pg_size_rq_lvl |= 7 << CMDQ_CREATE_QP_RQ_PG_SIZE_SFT)
QP_SPOIL(unused, r->unused_0 = 1)
QP_SPOIL(srq_cid, r->srq_cid = cpu_to_le32(1))
QP_SPOIL(xid, r->request_xid = cpu_to_le32(7))
QP_SPOIL(steer, r->steering_tag = cpu_to_le16(1))
QP_SPOIL(sq_empty, r->sq_size = 0)
QP_SPOIL(sq_huge, r->sq_size = cpu_to_le32(RIG_SOFT_MAX_QP_WR + 1))
QP_SPOIL(sq_no_reserve, r->sq_size = cpu_to_le32(RIG_SOFT_SQ_RESERVE + 1))
QP_SPOIL(rq_empty, r->rq_size = 0)
QP_SPOIL(sq_fwo, r->sq_fwo_sq_sge |= cpu_to_le16(1 << CMDQ_CREATE_QP_SQ_FWO_SFT))
QP_SPOIL(sq_sge, r->sq_fwo_sq_sge = cpu_to_le16(7))
QP_SPOIL(rq_sge, r->rq_fwo_rq_sge = 0)
QP_SPOIL(rq_fwo, r->rq_fwo_rq_sge |= cpu_to_le16(1 << CMDQ_CREATE_QP_RQ_FWO_SFT))
QP_SPOIL(scq, le32_add_cpu(&r->scq_cid, 1))
QP_SPOIL(rcq, le32_add_cpu(&r->rcq_cid, 1))
QP_SPOIL(pd, r->pd_id = cpu_to_le32(RIG_SOFT_MAX_PD))
QP_SPOIL(irrq, r->irrq_addr = 0)
QP_SPOIL(orrq, le64_add_cpu(&r->orrq_addr, 8))
QP_SPOIL(irrq_fault, r->irrq_addr = cpu_to_le64(FAKE_DMA_BASE - SZ_4K))
QP_SPOIL(dpi, set_bit(le32_to_cpu(r->dpi) + 1, ff->fn.dpi_used))
QP_SPOIL(sq_lvl0, r->sq_pg_size_sq_lvl = 0)
QP_SPOIL(sq_fault, r->sq_pbl = cpu_to_le64(FAKE_DMA_BASE - SZ_4K))
QP_SPOIL(rq_align, le64_add_cpu(&r->rq_pbl, 8))

static const struct qp_case qp_cases[] = {
	{ qp_ud, ST(NOT_IMPLEMENTED), "a UD QP" },
	{ qp_type, ST(INVALID_PARAMETER), "an undefined type" },
	{ qp_srq, ST(INVALID_PARAMETER), "an SRQ" },
	{ qp_var, ST(NOT_IMPLEMENTED), "variable-sized WQEs" },
	{ qp_flag, ST(INVALID_PARAMETER), "an undefined flag" },
	{ qp_sq_lvl, ST(INVALID_PARAMETER), "SQ level 3" },
	{ qp_rq_pg, ST(INVALID_PARAMETER), "an undefined RQ page size" },
	{ qp_unused, ST(INVALID_PARAMETER), "unused_0" },
	{ qp_srq_cid, ST(INVALID_PARAMETER), "srq_cid without an SRQ" },
	{ qp_xid, ST(INVALID_PARAMETER), "a requested xid" },
	{ qp_steer, ST(INVALID_PARAMETER), "a steering tag" },
	{ qp_sq_empty, ST(INVALID_PARAMETER), "no SQ" },
	{ qp_sq_huge, ST(INVALID_PARAMETER), "an SQ over max_qp_wr" },
	{ qp_sq_no_reserve, ST(INVALID_PARAMETER), "an SQ without the reserve and an entry" },
	{ qp_rq_empty, ST(INVALID_PARAMETER), "no RQ" },
	{ qp_sq_fwo, ST(INVALID_PARAMETER), "an SQ first WQE offset" },
	{ qp_sq_sge, ST(INVALID_PARAMETER), "seven SQ elements" },
	{ qp_rq_sge, ST(INVALID_PARAMETER), "no RQ element" },
	{ qp_rq_fwo, ST(INVALID_PARAMETER), "an RQ first WQE offset" },
	{ qp_scq, ST(INVALID_PARAMETER), "scq_cid of no CQ" },
	{ qp_rcq, ST(INVALID_PARAMETER), "rcq_cid of no CQ" },
	{ qp_pd, ST(INVALID_PARAMETER), "a PD at max_pd" },
	{ qp_irrq, ST(INVALID_PARAMETER), "no IRRQ" },
	{ qp_orrq, ST(INVALID_PARAMETER), "a misaligned ORRQ" },
	{ qp_irrq_fault, ST(HARDWARE_ERROR), "an IRRQ that does not translate" },
	{ qp_dpi, ST(INVALID_PARAMETER), "a DPI page in use" },
	{ qp_sq_lvl0, ST(INVALID_PARAMETER), "an SQ and its PSN area past a level 0 page" },
	{ qp_sq_fault, ST(HARDWARE_ERROR), "an SQ page list that does not translate" },
	{ qp_rq_align, ST(INVALID_PARAMETER), "a misaligned RQ page list" },
};

KUNIT_ARRAY_PARAM_DESC(qp, qp_cases, desc);

static void create_qp_out_of_the_rules_is_refused(struct kunit *test)
{
	const struct qp_case *c = test->param_value;
	struct fw_env *e = test->priv;
	struct cmdq_create_qp req;
	struct rig_soft_cq *cq;
	struct fake_qp qp;

	KUNIT_ASSERT_EQ(test, fake_create_cq(e->ff, &e->cq, 64, 0), 0);
	fake_create_qp_req(e->ff, &req, &qp, &e->cq, 32, 2);
	c->spoil(e->ff, &req);
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req)), c->status);
	KUNIT_EXPECT_EQ(test, e->ff->fn.nqps, 0);
	cq = xa_load(&e->ff->fn.cqs, e->cq.id);
	KUNIT_ASSERT_NOT_NULL(test, cq);
	KUNIT_EXPECT_EQ(test, cq->users, 0);
}

static void qps_are_numbered_in_20_bits_counted_and_destroyed(struct kunit *test)
{
	struct fw_env *e = test->priv;
	struct cmdq_destroy_qp des = { .opcode = CMDQ_BASE_OPCODE_DESTROY_QP };
	struct cmdq_destroy_cq dcq = { .opcode = CMDQ_BASE_OPCODE_DESTROY_CQ };
	struct fake_qp a, b, c;

	KUNIT_ASSERT_EQ(test, fake_create_cq(e->ff, &e->cq, 64, 0), 0);
	e->ff->fn.lim.max_qp = 2;
	KUNIT_ASSERT_EQ(test, fake_create_qp(e->ff, &a, &e->cq, 32, 2), 0);
	KUNIT_ASSERT_EQ(test, fake_create_qp(e->ff, &b, &e->cq, 2, 4), 0);
	KUNIT_EXPECT_GE(test, a.qpn, 1);
	KUNIT_EXPECT_LE(test, a.qpn, RIG_SOFT_XID_MAX);
	KUNIT_EXPECT_NE(test, a.qpn, b.qpn);
	KUNIT_EXPECT_EQ(test, fake_create_qp(e->ff, &c, &e->cq, 2, 6), ST(RESOURCES));
	des.qp_cid = cpu_to_le32(RIG_SOFT_XID_MAX + 1);
	KUNIT_EXPECT_EQ(test, cmd(test, &des, sizeof(des)), ST(INVALID_PARAMETER));
	des.qp_cid = cpu_to_le32(a.qpn);
	KUNIT_EXPECT_EQ(test, cmd(test, &des, sizeof(des)), 0);
	des.qp_cid = cpu_to_le32(b.qpn);
	KUNIT_EXPECT_EQ(test, cmd(test, &des, sizeof(des)), 0);
	KUNIT_EXPECT_EQ(test, e->ff->fn.nqps, 0);
	KUNIT_EXPECT_TRUE(test, list_empty(&e->ff->fn.world->qps));
	dcq.cq_cid = cpu_to_le32(e->cq.id);
	KUNIT_EXPECT_EQ(test, cmd(test, &dcq, sizeof(dcq)), 0);
}

/* MODIFY_QP */

struct modify_case {
	u8 from;		/* the state the QP is brought to first */
	u8 to;
	u32 drop;		/* bits taken from the good request's mask */
	u32 add;		/* bits added to it */
	void (*spoil)(struct cmdq_modify_qp *req);
	u8 status;
	const char *desc;
};

static void mod_timeout(struct cmdq_modify_qp *r)
{
	r->timeout = 32;
}

static void mod_retry(struct cmdq_modify_qp *r)
{
	r->retry_cnt = 8;
}

static void mod_rnr(struct cmdq_modify_qp *r)
{
	r->rnr_retry = 8;
}

static void mod_ord(struct cmdq_modify_qp *r)
{
	r->max_rd_atomic = 0;
}

static void mod_ird(struct cmdq_modify_qp *r)
{
	r->max_dest_rd_atomic = 0;
}

static void mod_sgid(struct cmdq_modify_qp *r)
{
	r->sgid_index = cpu_to_le16(5);
}

static void mod_mtu(struct cmdq_modify_qp *r)
{
	r->path_mtu_pingpong_push_enable = CMDQ_MODIFY_QP_PATH_MTU_MTU_8192;
}

static void mod_push(struct cmdq_modify_qp *r)
{
	r->path_mtu_pingpong_push_enable |= 1;
}

static void mod_rq_psn(struct cmdq_modify_qp *r)
{
	r->rq_psn = cpu_to_le32(BIT(24));
}

static void mod_dest(struct cmdq_modify_qp *r)
{
	r->dest_qp_id = 0;
}

static void mod_ext(struct cmdq_modify_qp *r)
{
	r->ext_modify_mask = cpu_to_le32(1);
}

static void mod_access(struct cmdq_modify_qp *r)
{
	r->access = 0x10;
}

static void mod_sqd(struct cmdq_modify_qp *r)
{
	r->network_type_en_sqd_async_notify_new_state = S(SQD);
}

static void mod_state(struct cmdq_modify_qp *r)
{
	r->network_type_en_sqd_async_notify_new_state = S(ERR) + 1;
}

#define MC(f, t, d, a, s, st, desc) { S(f), S(t), d, a, s, st, desc }

static const struct modify_case modify_cases[] = {
	MC(RESET, INIT, M(PKEY), 0, NULL, ST(INVALID_PARAMETER), "RESET to INIT without PKEY"),
	MC(RESET, INIT, M(ACCESS), 0, NULL, ST(INVALID_PARAMETER), "RESET to INIT without ACCESS"),
	MC(RESET, INIT, M(STATE), 0, NULL, ST(INVALID_PARAMETER), "no STATE"),
	MC(RESET, INIT, 0, 0, mod_access, ST(INVALID_PARAMETER), "an undefined access bit"),
	MC(INIT, RTR, M(DGID), 0, NULL, ST(INVALID_PARAMETER), "INIT to RTR without DGID"),
	MC(INIT, RTR, M(SGID_INDEX), 0, NULL, ST(INVALID_PARAMETER), "... without SGID_INDEX"),
	MC(INIT, RTR, M(DEST_MAC), 0, NULL, ST(INVALID_PARAMETER), "... without DEST_MAC"),
	MC(INIT, RTR, M(PATH_MTU), 0, NULL, ST(INVALID_PARAMETER), "... without PATH_MTU"),
	MC(INIT, RTR, M(RQ_PSN), 0, NULL, ST(INVALID_PARAMETER), "... without RQ_PSN"),
	MC(INIT, RTR, M(DEST_QP_ID), 0, NULL, ST(INVALID_PARAMETER), "... without DEST_QP_ID"),
	MC(INIT, RTR, M(MAX_DEST_RD_ATOMIC), 0, NULL, ST(INVALID_PARAMETER),
	   "... without MAX_DEST_RD_ATOMIC"),
	MC(INIT, RTR, 0, 0, mod_ird, ST(INVALID_PARAMETER), "... with MAX_DEST_RD_ATOMIC 0"),
	MC(INIT, RTR, 0, 0, mod_sgid, ST(INVALID_PARAMETER), "... with a GID index not in use"),
	MC(INIT, RTR, 0, 0, mod_mtu, ST(INVALID_PARAMETER), "... with an MTU of 8192"),
	MC(INIT, RTR, 0, 0, mod_push, ST(INVALID_PARAMETER), "... with push enabled"),
	MC(INIT, RTR, 0, 0, mod_rq_psn, ST(INVALID_PARAMETER), "... with a PSN over 24 bits"),
	MC(INIT, RTR, 0, 0, mod_dest, ST(INVALID_PARAMETER), "... with dest_qp_id 0"),
	MC(INIT, RTR, 0, M(SQ_SIZE), NULL, ST(INVALID_PARAMETER), "... resizing the SQ"),
	MC(INIT, RTR, 0, 0, mod_ext, ST(INVALID_PARAMETER), "... with an extended mask"),
	MC(RTR, RTS, M(SQ_PSN), 0, NULL, ST(INVALID_PARAMETER), "RTR to RTS without SQ_PSN"),
	MC(RTR, RTS, M(TIMEOUT), 0, NULL, ST(INVALID_PARAMETER), "... without TIMEOUT"),
	MC(RTR, RTS, M(RETRY_CNT), 0, NULL, ST(INVALID_PARAMETER), "... without RETRY_CNT"),
	MC(RTR, RTS, M(RNR_RETRY), 0, NULL, ST(INVALID_PARAMETER), "... without RNR_RETRY"),
	MC(RTR, RTS, M(MAX_RD_ATOMIC), 0, NULL, ST(INVALID_PARAMETER),
	   "... without MAX_RD_ATOMIC"),
	MC(RTR, RTS, 0, 0, mod_ord, ST(INVALID_PARAMETER), "... with MAX_RD_ATOMIC 0"),
	MC(RTR, RTS, 0, 0, mod_timeout, ST(INVALID_PARAMETER), "... with a timeout of 32"),
	MC(RTR, RTS, 0, 0, mod_retry, ST(INVALID_PARAMETER), "... with 8 retries"),
	MC(RTR, RTS, 0, 0, mod_rnr, ST(INVALID_PARAMETER), "... with 8 RNR retries"),
	MC(RTR, RTS, 0, M(DGID), NULL, ST(INVALID_PARAMETER), "... carrying DGID"),
	MC(RTR, RTS, 0, M(PATH_MTU), NULL, ST(INVALID_PARAMETER), "... carrying PATH_MTU"),
	MC(RTR, RTS, 0, M(DEST_QP_ID), NULL, ST(INVALID_PARAMETER), "... carrying DEST_QP_ID"),
	MC(RTR, RTS, 0, M(MIN_RNR_TIMER), NULL, ST(INVALID_PARAMETER),
	   "... carrying MIN_RNR_TIMER"),
	MC(RTS, RTS, 0, M(RQ_PSN), NULL, ST(INVALID_PARAMETER), "RTS to RTS carrying RQ_PSN"),
	MC(RESET, RTR, 0, 0, NULL, ST(INVALID_PARAMETER), "RESET to RTR"),
	MC(INIT, RTS, 0, 0, NULL, ST(INVALID_PARAMETER), "INIT to RTS"),
	MC(RTS, INIT, 0, 0, NULL, ST(INVALID_PARAMETER), "RTS to INIT"),
	MC(ERR, RTS, 0, 0, NULL, ST(INVALID_PARAMETER), "ERR to RTS"),
	MC(RTS, RTS, 0, 0, mod_sqd, ST(NOT_IMPLEMENTED), "RTS to SQD"),
	MC(RTS, RTS, 0, 0, mod_state, ST(INVALID_PARAMETER), "an undefined state"),
	MC(RTS, RTS, 0, 0, NULL, 0, "RTS to RTS"),
	MC(INIT, INIT, M(PKEY) | M(ACCESS), 0, NULL, 0, "INIT to INIT"),
	MC(RTR, ERR, 0, 0, NULL, 0, "RTR to ERR"),
	MC(ERR, RESET, 0, 0, NULL, 0, "ERR to RESET"),
	MC(RESET, ERR, 0, 0, NULL, 0, "RESET to ERR"),
};

KUNIT_ARRAY_PARAM_DESC(modify, modify_cases, desc);

/* The good request from @qp's state to @to. */
static void modify_good(struct fake_fn *ff, struct cmdq_modify_qp *req, struct fake_qp *qp,
			u8 from, u8 to)
{
	if (from == S(INIT) && to == S(RTR))
		fake_rtr_req(req, qp, ff->gid, qp->qpn, qp->psn);
	else if (to == S(RTS) && from == S(RTR))
		fake_rts_req(req, qp);
	else
		fake_modify_req(req, qp, to);
}

static void bring(struct kunit *test, struct fake_fn *ff, struct fake_qp *qp, u8 to)
{
	static const u8 path[] = { S(INIT), S(RTR), S(RTS) };
	struct cmdq_modify_qp req;
	u8 state = S(RESET);
	unsigned int i;

	if (to == S(ERR)) {
		fake_modify_req(&req, qp, S(ERR));
		KUNIT_ASSERT_EQ(test, cmd(test, &req, sizeof(req)), 0);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(path) && state != to; i++) {
		modify_good(ff, &req, qp, state, path[i]);
		KUNIT_ASSERT_EQ(test, cmd(test, &req, sizeof(req)), 0);
		state = path[i];
	}
}

static void modify_qp_needs_the_attributes_of_its_transition(struct kunit *test)
{
	const struct modify_case *c = test->param_value;
	struct fw_env *e = test->priv;
	struct cmdq_modify_qp req;
	struct fake_qp qp;

	KUNIT_ASSERT_EQ(test, fake_create_cq(e->ff, &e->cq, 64, 0), 0);
	KUNIT_ASSERT_EQ(test, fake_create_qp(e->ff, &qp, &e->cq, 8, 2), 0);
	bring(test, e->ff, &qp, c->from);
	modify_good(e->ff, &req, &qp, c->from, c->to);
	req.modify_mask = cpu_to_le32((le32_to_cpu(req.modify_mask) & ~c->drop) | c->add);
	if (c->spoil)
		c->spoil(&req);
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req)), c->status);
	KUNIT_EXPECT_EQ(test, fake_qp_of(e->ff, &qp)->state, c->status ? c->from : c->to);
}

/* A path MTU whose packets, RoCE v2's headers and all, outgrow the link. */
static void a_path_mtu_larger_than_the_link_allows_is_refused(struct kunit *test)
{
	struct fw_env *e = test->priv;
	struct cmdq_modify_qp req;
	struct fake_qp qp;

	KUNIT_ASSERT_EQ(test, fake_create_cq(e->ff, &e->cq, 64, 0), 0);
	KUNIT_ASSERT_EQ(test, fake_create_qp(e->ff, &qp, &e->cq, 8, 2), 0);
	bring(test, e->ff, &qp, S(INIT));
	e->ff->fn.mtu = 1500;
	fake_rtr_req(&req, &qp, e->ff->gid, qp.qpn, qp.psn);
	req.path_mtu_pingpong_push_enable = CMDQ_MODIFY_QP_PATH_MTU_MTU_2048;
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req)), ST(INVALID_PARAMETER));
	req.path_mtu_pingpong_push_enable = CMDQ_MODIFY_QP_PATH_MTU_MTU_1024;
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req)), 0);
	KUNIT_EXPECT_EQ(test, fake_qp_of(e->ff, &qp)->mtu, 1024);
}

static void modify_qp_of_no_qp_is_refused(struct kunit *test)
{
	struct fake_qp qp = { .qpn = 12345 };
	struct cmdq_modify_qp req;

	fake_modify_req(&req, &qp, S(INIT));
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req)), ST(INVALID_PARAMETER));
}

static void query_qp_reports_the_state_and_attributes(struct kunit *test)
{
	struct fw_env *e = test->priv;
	struct fake_fn *ff = e->ff;
	struct cmdq_query_qp req = {
		.opcode = CMDQ_BASE_OPCODE_QUERY_QP,
		.resp_size = DIV_ROUND_UP(sizeof(struct creq_query_qp_resp_sb), 16),
	};
	dma_addr_t sb_addr = fake_alloc(ff->fm, SZ_4K, false);
	struct creq_query_qp_resp_sb sb;
	struct fake_qp qp;

	KUNIT_ASSERT_EQ(test, fake_create_cq(ff, &e->cq, 64, 0), 0);
	KUNIT_ASSERT_EQ(test, fake_create_qp(ff, &qp, &e->cq, 8, 2), 0);
	bring(test, ff, &qp, S(RTS));
	req.qp_cid = cpu_to_le32(qp.qpn);
	req.resp_addr = cpu_to_le64(sb_addr);
	KUNIT_ASSERT_EQ(test, cmd(test, &req, sizeof(req)), 0);
	fake_read(ff->fm, sb_addr, &sb, sizeof(sb));
	KUNIT_EXPECT_EQ(test, le32_to_cpu(sb.xid), qp.qpn);
	KUNIT_EXPECT_EQ(test, sb.en_sqd_async_notify_state & CREQ_QUERY_QP_RESP_SB_STATE_MASK,
			S(RTS));
	KUNIT_EXPECT_EQ(test, le32_to_cpu(sb.sq_psn), qp.psn);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(sb.dest_qp_id), qp.qpn);
	KUNIT_EXPECT_EQ(test, sb.access, FAKE_QP_ACCESS);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(sb.path_mtu_dest_vlan_id) >>
			CREQ_QUERY_QP_RESP_SB_PATH_MTU_SFT, 2);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(sb.sq_size), qp.sq_slots);
	req.resp_size = 6;
	KUNIT_EXPECT_EQ(test, cmd(test, &req, sizeof(req)), ST(INVALID_PARAMETER));
}

/* Keys and memory regions */

static void allocate_mrw_gives_keys_of_an_index_and_a_variant(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_allocate_mrw req = {
		.opcode = CMDQ_BASE_OPCODE_ALLOCATE_MRW,
		.mrw_flags = CMDQ_ALLOCATE_MRW_MRW_FLAGS_MR,
		.pd_id = cpu_to_le32(3),
	};
	struct creq_qp_event resp;
	u32 a, b;

	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), 0);
	a = xid(&resp);
	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), 0);
	b = xid(&resp);
	KUNIT_EXPECT_NE(test, a, 0);
	KUNIT_EXPECT_NE(test, a >> RIG_SOFT_KEY_VARIANT_BITS, b >> RIG_SOFT_KEY_VARIANT_BITS);
	KUNIT_EXPECT_EQ(test, ff->fn.nmrs, 2);
	req.mrw_flags = CMDQ_ALLOCATE_MRW_MRW_FLAGS_MW_TYPE1;
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), ST(NOT_IMPLEMENTED));
	req.mrw_flags = CMDQ_ALLOCATE_MRW_MRW_FLAGS_PMR;
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), ST(NOT_IMPLEMENTED));
	req.mrw_flags = 5;
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), ST(INVALID_PARAMETER));
	req.mrw_flags = CMDQ_ALLOCATE_MRW_STEERING_TAG_VALID;
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), ST(INVALID_PARAMETER));
	req.mrw_flags = 0;
	req.access = CMDQ_ALLOCATE_MRW_ACCESS_CONSUMER_OWNED_KEY;
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), ST(INVALID_PARAMETER));
	req.access = 0;
	req.pd_id = cpu_to_le32(RIG_SOFT_MAX_PD);
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), ST(INVALID_PARAMETER));
	req.pd_id = 0;
	ff->fn.lim.max_mr = 2;
	KUNIT_EXPECT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), ST(RESOURCES));
}

#define T_KEYS 64

/*
 * A peer given one key learns nothing of the next: 64 keys in a row are
 * not handed out in turn (an index one past the last's) and every one of
 * their 32 bits takes both values, as random bits do but for one time in
 * 2^63 each.
 */
static void
keys_are_random_in_every_bit_and_their_indexes_are_not_handed_out_in_turn(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_allocate_mrw req = {
		.opcode = CMDQ_BASE_OPCODE_ALLOCATE_MRW,
		.mrw_flags = CMDQ_ALLOCATE_MRW_MRW_FLAGS_MR,
		.pd_id = cpu_to_le32(3),
	};
	u32 key[T_KEYS], varied = 0, in_turn = 0, i, j;
	struct creq_qp_event resp;

	for (i = 0; i < T_KEYS; i++) {
		KUNIT_ASSERT_EQ(test, fake_cmd(ff, &req, sizeof(req), &resp), 0);
		key[i] = xid(&resp);
		KUNIT_EXPECT_NE(test, key[i], 0);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_NE(test, key[i], key[j]);
		varied |= key[i] ^ key[0];
		if (i && key[i] >> RIG_SOFT_KEY_VARIANT_BITS ==
			 (key[i - 1] >> RIG_SOFT_KEY_VARIANT_BITS) + 1)
			in_turn++;
	}
	KUNIT_EXPECT_EQ(test, varied, U32_MAX);
	KUNIT_EXPECT_LT(test, in_turn, 8);
}

struct reg_case {
	u32 pages;
	u8 level;
	u64 va;
	const char *desc;
};

static const struct reg_case reg_cases[] = {
	{ 1, 0, 0, "level 0, one page" },
	{ 3, 1, 0, "level 1, three pages" },
	{ 600, 2, 0, "level 2, 600 pages" },
	{ 2, 1, 0x7000123, "level 1, not zero based" },
};

KUNIT_ARRAY_PARAM_DESC(reg, reg_cases, desc);

/* ALLOCATE_MRW, and a good REGISTER_MR of @pages fresh pages at level @level. */
static void reg_req(struct kunit *test, struct cmdq_register_mr *reg, u32 pages, u8 level,
		    dma_addr_t *base)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_allocate_mrw alloc = {
		.opcode = CMDQ_BASE_OPCODE_ALLOCATE_MRW,
		.pd_id = cpu_to_le32(1),
	};
	struct creq_qp_event resp;

	KUNIT_ASSERT_EQ(test, fake_cmd(ff, &alloc, sizeof(alloc), &resp), 0);
	*base = fake_alloc(ff->fm, pages * SZ_4K, false);
	*reg = (struct cmdq_register_mr){
		.opcode = CMDQ_BASE_OPCODE_REGISTER_MR,
		.log2_pg_size_lvl = level | 12 << CMDQ_REGISTER_MR_LOG2_PG_SIZE_SFT,
		.access = FAKE_MR_ACCESS,
		.log2_pbl_pg_size = cpu_to_le16(12),
		.key = cpu_to_le32(xid(&resp)),
		.pbl = cpu_to_le64(fake_pbl(ff->fm, *base, pages, 12, level)),
		.mr_size = cpu_to_le64((u64)pages * SZ_4K),
	};
}

static void register_mr_of_each_level_reads_every_page(struct kunit *test)
{
	const struct reg_case *c = test->param_value;
	struct fake_fn *ff = ff_of(test);
	struct cmdq_register_mr reg;
	struct rig_soft_mr *mr;
	dma_addr_t base;
	u32 i;

	reg_req(test, &reg, c->pages, c->level, &base);
	if (c->va) {
		reg.va = cpu_to_le64(c->va);
		reg.access &= ~CMDQ_REGISTER_MR_ACCESS_ZERO_BASED;
		reg.mr_size = cpu_to_le64((u64)c->pages * SZ_4K - (c->va & 0xfff));
	}
	KUNIT_ASSERT_EQ(test, cmd(test, &reg, sizeof(reg)), 0);
	mutex_lock(&ff->fn.world->lock);
	mr = rig_soft_mr_find(&ff->fn, le32_to_cpu(reg.key));
	mutex_unlock(&ff->fn.world->lock);
	KUNIT_ASSERT_NOT_NULL(test, mr);
	KUNIT_EXPECT_EQ(test, mr->npages, c->pages);
	KUNIT_EXPECT_EQ(test, mr->first, c->va & 0xfff);
	for (i = 0; i < c->pages; i++)
		KUNIT_EXPECT_EQ(test, mr->pages[i], base + (u64)i * SZ_4K);
}

struct regbad_case {
	void (*spoil)(struct cmdq_register_mr *r);
	u8 status;
	const char *desc;
};

#define REG_SPOIL(name, stmt) \
static void reg_##name(struct cmdq_register_mr *r) \
{ \
	stmt; \
}

REG_SPOIL(variant, le32_add_cpu(&r->key, 1))
REG_SPOIL(alloc, r->flags = cpu_to_le16(CMDQ_REGISTER_MR_FLAGS_ALLOC_MR))
REG_SPOIL(ro, r->flags = cpu_to_le16(CMDQ_REGISTER_MR_FLAGS_ENABLE_RO))
REG_SPOIL(lvl, r->log2_pg_size_lvl |= 3)
REG_SPOIL(small, r->log2_pg_size_lvl = 1 | 11 << 2)
REG_SPOIL(unused, r->log2_pg_size_lvl |= CMDQ_REGISTER_MR_UNUSED1)
REG_SPOIL(pbl_pg, r->log2_pbl_pg_size = cpu_to_le16(11))
REG_SPOIL(pbl_unused, r->log2_pbl_pg_size |= cpu_to_le16(BIT(5)))
REG_SPOIL(access, r->access |= 0x40)
REG_SPOIL(write, r->access = CMDQ_REGISTER_MR_ACCESS_REMOTE_WRITE)
REG_SPOIL(empty, r->mr_size = 0)
REG_SPOIL(huge, r->mr_size = cpu_to_le64(RIG_SOFT_MAX_MR_SIZE + 1))
REG_SPOIL(lvl0, r->log2_pg_size_lvl = 12 << 2)
REG_SPOIL(fault, r->pbl = cpu_to_le64(FAKE_DMA_BASE - SZ_4K))
REG_SPOIL(steer, r->steering_tag = cpu_to_le16(1))

static const struct regbad_case regbad_cases[] = {
	{ reg_variant, ST(INVALID_PARAMETER), "a key of another variant" },
	{ reg_alloc, ST(INVALID_PARAMETER), "ALLOC_MR" },
	{ reg_ro, ST(INVALID_PARAMETER), "relaxed ordering" },
	{ reg_lvl, ST(INVALID_PARAMETER), "level 3" },
	{ reg_small, ST(INVALID_PARAMETER), "pages of 2 KiB" },
	{ reg_unused, ST(INVALID_PARAMETER), "the unused bit" },
	{ reg_pbl_pg, ST(INVALID_PARAMETER), "lists of 2 KiB pages" },
	{ reg_pbl_unused, ST(INVALID_PARAMETER), "unused bits of log2_pbl_pg_size" },
	{ reg_access, ST(INVALID_PARAMETER), "an undefined access bit" },
	{ reg_write, ST(INVALID_PARAMETER), "remote write without local write" },
	{ reg_empty, ST(INVALID_PARAMETER), "no bytes" },
	{ reg_huge, ST(INVALID_PARAMETER), "more than max_mr_size" },
	{ reg_lvl0, ST(INVALID_PARAMETER), "two pages at level 0" },
	{ reg_fault, ST(HARDWARE_ERROR), "a list that does not translate" },
	{ reg_steer, ST(INVALID_PARAMETER), "a steering tag" },
};

KUNIT_ARRAY_PARAM_DESC(regbad, regbad_cases, desc);

static void register_mr_out_of_the_rules_is_refused(struct kunit *test)
{
	const struct regbad_case *c = test->param_value;
	struct fake_fn *ff = ff_of(test);
	struct cmdq_register_mr reg;
	dma_addr_t base;

	reg_req(test, &reg, 2, 1, &base);
	c->spoil(&reg);
	KUNIT_EXPECT_EQ(test, cmd(test, &reg, sizeof(reg)), c->status);
	mutex_lock(&ff->fn.world->lock);
	KUNIT_EXPECT_NULL(test, rig_soft_mr_find(&ff->fn, le32_to_cpu(reg.key)));
	mutex_unlock(&ff->fn.world->lock);
}

static void a_key_is_registered_deregistered_and_deallocated(struct kunit *test)
{
	struct fake_fn *ff = ff_of(test);
	struct cmdq_deregister_mr dereg = { .opcode = CMDQ_BASE_OPCODE_DEREGISTER_MR };
	struct cmdq_deallocate_key dealloc = { .opcode = CMDQ_BASE_OPCODE_DEALLOCATE_KEY };
	struct cmdq_register_mr reg;
	dma_addr_t base;

	reg_req(test, &reg, 2, 1, &base);
	dereg.lkey = reg.key;
	dealloc.key = reg.key;
	KUNIT_EXPECT_EQ(test, cmd(test, &dereg, sizeof(dereg)), ST(INVALID_PARAMETER));
	KUNIT_ASSERT_EQ(test, cmd(test, &reg, sizeof(reg)), 0);
	/* Two page addresses held, counted while registered only. */
	KUNIT_EXPECT_EQ(test, ff->fn.mr_page_bytes, 2 * sizeof(dma_addr_t));
	KUNIT_EXPECT_EQ(test, cmd(test, &reg, sizeof(reg)), ST(INVALID_PARAMETER));
	KUNIT_EXPECT_EQ(test, cmd(test, &dereg, sizeof(dereg)), 0);
	KUNIT_EXPECT_EQ(test, ff->fn.mr_page_bytes, 0);
	KUNIT_EXPECT_EQ(test, cmd(test, &dereg, sizeof(dereg)), ST(INVALID_PARAMETER));
	KUNIT_EXPECT_EQ(test, cmd(test, &reg, sizeof(reg)), 0);
	dealloc.mrw_flags = CMDQ_DEALLOCATE_KEY_MRW_FLAGS_MW_TYPE1;
	KUNIT_EXPECT_EQ(test, cmd(test, &dealloc, sizeof(dealloc)), ST(INVALID_PARAMETER));
	dealloc.mrw_flags = 0;
	KUNIT_EXPECT_EQ(test, cmd(test, &dealloc, sizeof(dealloc)), 0);
	KUNIT_EXPECT_EQ(test, ff->fn.nmrs, 0);
	KUNIT_EXPECT_EQ(test, ff->fn.mr_page_bytes, 0);
	KUNIT_EXPECT_EQ(test, cmd(test, &dealloc, sizeof(dealloc)), ST(INVALID_PARAMETER));
	KUNIT_EXPECT_EQ(test, cmd(test, &reg, sizeof(reg)), ST(INVALID_PARAMETER));
}

/* rig_soft_mr_find() under the world's lock. */
static struct rig_soft_mr *find_mr(struct fake_fn *ff, u32 key)
{
	struct rig_soft_mr *mr;

	mutex_lock(&ff->fn.world->lock);
	mr = rig_soft_mr_find(&ff->fn, key);
	mutex_unlock(&ff->fn.world->lock);
	return mr;
}

static u32 slot_of(u32 key)
{
	return (key >> RIG_SOFT_KEY_VARIANT_BITS) % RIG_SOFT_MR_CACHE;
}

static void keys_that_share_a_slot_of_the_lookup_cache_find_their_own_mr(struct kunit *test)
{
	struct cmdq_deallocate_key dealloc = { .opcode = CMDQ_BASE_OPCODE_DEALLOCATE_KEY };
	struct fake_fn *ff = ff_of(test);
	const u32 n = RIG_SOFT_MR_CACHE + 1;
	struct cmdq_register_mr reg;
	dma_addr_t base[RIG_SOFT_MR_CACHE + 1];
	u32 key[RIG_SOFT_MR_CACHE + 1], i, lap, p, q;
	struct rig_soft_mr *mr;

	for (i = 0; i < n; i++) {
		reg_req(test, &reg, 1, 0, &base[i]);
		KUNIT_ASSERT_EQ(test, cmd(test, &reg, sizeof(reg)), 0);
		key[i] = le32_to_cpu(reg.key);
	}
	/* Nine keys in eight slots: two share one; put them first and last. */
	for (p = 0; p < n; p++)
		for (q = p + 1; q < n; q++)
			if (slot_of(key[p]) == slot_of(key[q]))
				goto shared;
	KUNIT_FAIL(test, "%u keys in %u slots of the cache, none shared", n, RIG_SOFT_MR_CACHE);
	return;
shared:
	swap(key[0], key[p]);
	swap(base[0], base[p]);
	swap(key[n - 1], key[q]);
	swap(base[n - 1], base[q]);
	for (lap = 0; lap < 2; lap++) {
		for (i = 0; i < n; i++) {
			mr = find_mr(ff, key[i]);
			KUNIT_ASSERT_NOT_NULL(test, mr);
			KUNIT_EXPECT_EQ(test, mr->key, key[i]);
			KUNIT_EXPECT_EQ(test, mr->pages[0], base[i]);
			/* Found a moment ago, yet another variant names nothing. */
			KUNIT_EXPECT_NULL(test, find_mr(ff, key[i] ^ 1));
		}
	}
	/* A key found, then deallocated, names nothing; its neighbour stays. */
	dealloc.key = cpu_to_le32(key[n - 1]);
	KUNIT_ASSERT_EQ(test, cmd(test, &dealloc, sizeof(dealloc)), 0);
	KUNIT_EXPECT_NULL(test, find_mr(ff, key[n - 1]));
	mr = find_mr(ff, key[0]);
	KUNIT_ASSERT_NOT_NULL(test, mr);
	KUNIT_EXPECT_EQ(test, mr->pages[0], base[0]);
	dealloc.key = cpu_to_le32(key[0]);
	KUNIT_ASSERT_EQ(test, cmd(test, &dealloc, sizeof(dealloc)), 0);
	KUNIT_EXPECT_NULL(test, find_mr(ff, key[0]));
}

static void deinitialize_fw_drops_every_object(struct kunit *test)
{
	struct fw_env *e = test->priv;
	struct cmdq_deinitialize_fw deinit = { .opcode = CMDQ_BASE_OPCODE_DEINITIALIZE_FW };
	struct cmdq_destroy_cq des = { .opcode = CMDQ_BASE_OPCODE_DESTROY_CQ };

	KUNIT_ASSERT_EQ(test, fake_create_cq(e->ff, &e->cq, 64, 0), 0);
	KUNIT_ASSERT_EQ(test, e->ff->fn.ncqs, 1);
	KUNIT_EXPECT_EQ(test, cmd(test, &deinit, sizeof(deinit)), 0);
	KUNIT_EXPECT_EQ(test, e->ff->fn.ncqs, 0);
	KUNIT_EXPECT_TRUE(test, xa_empty(&e->ff->fn.cqs));
	KUNIT_EXPECT_FALSE(test, e->ff->fn.gids[0].live);
	/* The CQ is gone: a later destroy of it names nothing. */
	des.cq_cid = cpu_to_le32(e->cq.id);
	KUNIT_EXPECT_EQ(test, cmd(test, &des, sizeof(des)), ST(INVALID_CMD));
	KUNIT_EXPECT_EQ(test, fake_create_cq(e->ff, &e->cq, 64, 0), ST(INVALID_CMD));
}

static struct kunit_case rig_soft_fw_test_cases[] = {
	KUNIT_CASE(before_initialize_fw_only_the_queries_are_answered),
	KUNIT_CASE(initialize_fw_is_taken_once_with_4k_dpi_pages_and_a_stat_context),
	KUNIT_CASE(query_func_writes_the_limits_into_its_side_buffer),
	KUNIT_CASE(an_unknown_opcode_is_invalid_and_one_not_modelled_not_implemented),
	KUNIT_CASE(a_command_shorter_than_its_structure_is_invalid),
	KUNIT_CASE(a_cmd_size_of_zero_is_invalid_and_the_queue_goes_on),
	KUNIT_CASE(the_cookie_comes_back_with_its_blocking_bit),
	KUNIT_CASE(commands_and_answers_wrap_around_both_rings),
	KUNIT_CASE(bit_31_of_the_producer_starts_the_queue_again),
	KUNIT_CASE(a_fetch_fault_stops_the_channel_until_cmdq_init),
	KUNIT_CASE(answers_wait_for_room_in_the_creq),
	KUNIT_CASE(the_creq_vector_is_raised_when_armed),
	KUNIT_CASE(fail_cmd_refuses_the_nth_next_command_without_running_it),
	KUNIT_CASE(fail_opcode_refuses_the_next_command_with_that_opcode),
	KUNIT_CASE(delay_cmd_answers_late),
	KUNIT_CASE(drop_cmd_never_answers_and_the_next_one_is_answered),
	KUNIT_CASE(creq_stall_holds_the_answers_until_released),
	KUNIT_CASE(a_hung_firmware_consumes_nothing),
	KUNIT_CASE(add_gid_answers_the_index_and_keeps_the_gid_in_network_order),
	KUNIT_CASE(delete_gid_refuses_an_index_not_in_use),
	KUNIT_CASE_PARAM(create_cq_out_of_the_rules_is_refused, cq_gen_params),
	KUNIT_CASE(cqs_are_counted_numbered_and_destroyed_when_unused),
	KUNIT_CASE(a_new_cq_finds_its_doorbell_pages_zeroed),
	KUNIT_CASE_PARAM(create_qp_out_of_the_rules_is_refused, qp_gen_params),
	KUNIT_CASE(qps_are_numbered_in_20_bits_counted_and_destroyed),
	KUNIT_CASE_PARAM(modify_qp_needs_the_attributes_of_its_transition, modify_gen_params),
	KUNIT_CASE(a_path_mtu_larger_than_the_link_allows_is_refused),
	KUNIT_CASE(modify_qp_of_no_qp_is_refused),
	KUNIT_CASE(query_qp_reports_the_state_and_attributes),
	KUNIT_CASE(allocate_mrw_gives_keys_of_an_index_and_a_variant),
	KUNIT_CASE(keys_are_random_in_every_bit_and_their_indexes_are_not_handed_out_in_turn),
	KUNIT_CASE_PARAM(register_mr_of_each_level_reads_every_page, reg_gen_params),
	KUNIT_CASE_PARAM(register_mr_out_of_the_rules_is_refused, regbad_gen_params),
	KUNIT_CASE(a_key_is_registered_deregistered_and_deallocated),
	KUNIT_CASE(keys_that_share_a_slot_of_the_lookup_cache_find_their_own_mr),
	KUNIT_CASE(deinitialize_fw_drops_every_object),
	{}
};

static struct kunit_suite rig_soft_fw_test_suite = {
	.name = "rig_soft_fw_test",
	.init = fw_test_init,
	.test_cases = rig_soft_fw_test_cases,
};

kunit_test_suite(rig_soft_fw_test_suite);
