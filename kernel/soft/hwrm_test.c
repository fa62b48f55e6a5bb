// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_hwrm_test: the function's HWRM answers (hwrm.c) in
 * bnxt_hsi.h's layouts, every refusal and its HWRM_ERR_CODE_*.  This file
 * owns those cases; requests go through fake.c as the transport sends them.
 */
#include <kunit/test.h>

#include "fake.h"

union answer {
	struct hwrm_err_output err;
	struct hwrm_ver_get_output ver;
	struct hwrm_func_qcaps_output qcaps;
	struct hwrm_func_qcfg_output qcfg;
	struct hwrm_ring_alloc_output ring;
	struct hwrm_stat_ctx_alloc_output stat;
	u8 bytes[256];
};

static struct fake_fn *fn_of(struct kunit *test)
{
	return test->priv;
}

static int hwrm_test_init(struct kunit *test)
{
	test->priv = fake_fn_new(test, fake_world_new(test), 0);
	return 0;
}

/* Send @req; the answer's header must echo it and carry @code. */
static int send(struct kunit *test, void *req, u32 len, union answer *a, u16 code)
{
	struct input *in = req;
	int ret;

	memset(a, 0xee, sizeof(*a));
	ret = fake_hwrm(fn_of(test), req, len, a, sizeof(*a));
	KUNIT_EXPECT_EQ(test, ret, code ? -EIO : 0);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(a->err.error_code), code);
	KUNIT_EXPECT_EQ(test, a->err.req_type, in->req_type);
	KUNIT_EXPECT_EQ(test, a->bytes[le16_to_cpu(a->err.resp_len) - 1], HWRM_RESP_VALID_KEY);
	return ret;
}

static void ver_get_answers_the_6_12_interface_and_a_57508(struct kunit *test)
{
	struct hwrm_ver_get_input req = { .req_type = cpu_to_le16(HWRM_VER_GET) };
	union answer a;

	send(test, &req, sizeof(req), &a, 0);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(a.ver.resp_len), sizeof(a.ver));
	KUNIT_EXPECT_EQ(test, a.ver.hwrm_intf_maj_8b, HWRM_VERSION_MAJOR);
	KUNIT_EXPECT_EQ(test, a.ver.hwrm_intf_min_8b, HWRM_VERSION_MINOR);
	KUNIT_EXPECT_EQ(test, a.ver.hwrm_intf_upd_8b, HWRM_VERSION_UPDATE);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(a.ver.hwrm_intf_major), HWRM_VERSION_MAJOR);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(a.ver.chip_num), 0x1750);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(a.ver.max_req_timeout), 40);
	KUNIT_EXPECT_NE(test, a.ver.roce_fw_maj_8b, 0);
	KUNIT_EXPECT_EQ(test, a.ver.always_1, 1);
}

static void each_answer_carries_the_next_sequence_number(struct kunit *test)
{
	struct hwrm_ver_get_input req = { .req_type = cpu_to_le16(HWRM_VER_GET) };
	union answer a;
	u16 first;

	send(test, &req, sizeof(req), &a, 0);
	first = le16_to_cpu(a.ver.seq_id);
	send(test, &req, sizeof(req), &a, 0);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(a.ver.seq_id), (u16)(first + 1));
}

static void func_qcaps_and_qcfg_describe_the_function_itself(struct kunit *test)
{
	struct hwrm_func_qcaps_input caps = {
		.req_type = cpu_to_le16(HWRM_FUNC_QCAPS), .fid = cpu_to_le16(0xffff),
	};
	struct hwrm_func_qcfg_input cfg = {
		.req_type = cpu_to_le16(HWRM_FUNC_QCFG), .fid = cpu_to_le16(0xffff),
	};
	union answer a;

	send(test, &caps, sizeof(caps), &a, 0);
	KUNIT_EXPECT_TRUE(test, le32_to_cpu(a.qcaps.flags) &
			  FUNC_QCAPS_RESP_FLAGS_ROCE_V2_SUPPORTED);
	KUNIT_EXPECT_EQ(test, a.qcaps.mac_address[0], 0x02);
	send(test, &cfg, sizeof(cfg), &a, 0);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(a.qcfg.l2_doorbell_bar_size_kb), 64);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(a.qcfg.alloc_msix), RIG_SOFT_NVEC);
	caps.fid = cpu_to_le16(1);
	send(test, &caps, sizeof(caps), &a, HWRM_ERR_CODE_INVALID_PARAMS);
	cfg.fid = cpu_to_le16(2);
	send(test, &cfg, sizeof(cfg), &a, HWRM_ERR_CODE_INVALID_PARAMS);
}

static void an_unknown_request_is_not_supported(struct kunit *test)
{
	struct input req = { .req_type = cpu_to_le16(HWRM_FUNC_RESET) };
	union answer a;

	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_CMD_NOT_SUPPORTED);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(a.err.resp_len), sizeof(a.err));
}

static void a_request_shorter_than_its_type_or_longer_than_the_window_is_refused(struct kunit *test)
{
	u8 big[HWRM_MAX_REQ_LEN + 8] = {};
	struct hwrm_func_qcaps_input caps = {
		.req_type = cpu_to_le16(HWRM_FUNC_QCAPS), .fid = cpu_to_le16(0xffff),
	};
	union answer a;

	send(test, &caps, sizeof(caps) - 1, &a, HWRM_ERR_CODE_INVALID_PARAMS);
	((struct input *)big)->req_type = cpu_to_le16(HWRM_VER_GET);
	send(test, big, sizeof(big), &a, HWRM_ERR_CODE_INVALID_PARAMS);
	KUNIT_EXPECT_EQ(test, fake_hwrm(fn_of(test), &caps, 4, &a, sizeof(a)), -EIO);
}

static void a_stopped_function_is_busy(struct kunit *test)
{
	struct hwrm_ver_get_input req = { .req_type = cpu_to_le16(HWRM_VER_GET) };
	union answer a;

	fn_of(test)->fn.stopped = true;
	KUNIT_EXPECT_EQ(test, fake_hwrm(fn_of(test), &req, sizeof(req), &a, sizeof(a)), -EBUSY);
	fn_of(test)->fn.stopped = false;
}

static void the_fault_knob_refuses_the_next_requests_with_its_code(struct kunit *test)
{
	struct hwrm_ver_get_input req = { .req_type = cpu_to_le16(HWRM_VER_GET) };
	union answer a;

	fn_of(test)->fn.faults.hwrm_fail = 2;
	fn_of(test)->fn.faults.hwrm_fail_code = HWRM_ERR_CODE_BUSY;
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_BUSY);
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_BUSY);
	send(test, &req, sizeof(req), &a, 0);
	KUNIT_EXPECT_EQ(test, fn_of(test)->fn.stats.hwrm_refused, 2);
}

/* A good NQ ring allocation of one page. */
static struct hwrm_ring_alloc_input ring_req(struct kunit *test, u16 vec)
{
	struct hwrm_ring_alloc_input req = {
		.req_type = cpu_to_le16(HWRM_RING_ALLOC),
		.ring_type = RING_ALLOC_REQ_RING_TYPE_NQ,
		.length = cpu_to_le32(256),
		.logical_id = cpu_to_le16(vec),
		.int_mode = RING_ALLOC_REQ_INT_MODE_MSIX,
	};

	req.page_tbl_addr = cpu_to_le64(fake_alloc(fn_of(test)->fm, SZ_4K, false));
	return req;
}

struct ring_case {
	void (*spoil)(struct hwrm_ring_alloc_input *req);
	u16 code;
	const char *desc;
};

static void spoil_type(struct hwrm_ring_alloc_input *r)
{
	r->ring_type = RING_ALLOC_REQ_RING_TYPE_TX;
}

static void spoil_enables(struct hwrm_ring_alloc_input *r)
{
	r->enables = cpu_to_le32(8);
}

static void spoil_flags(struct hwrm_ring_alloc_input *r)
{
	r->flags = cpu_to_le16(4);
}

static void spoil_mode(struct hwrm_ring_alloc_input *r)
{
	r->int_mode = RING_ALLOC_REQ_INT_MODE_POLL;
}

static void spoil_fbo(struct hwrm_ring_alloc_input *r)
{
	r->fbo = cpu_to_le32(16);
}

static void spoil_len(struct hwrm_ring_alloc_input *r)
{
	r->length = 0;
}

static void spoil_long(struct hwrm_ring_alloc_input *r)
{
	r->length = cpu_to_le32(257);
}

static void spoil_lid(struct hwrm_ring_alloc_input *r)
{
	r->logical_id = cpu_to_le16(2);
}

static void spoil_depth(struct hwrm_ring_alloc_input *r)
{
	r->page_tbl_depth = 2;
}

static void spoil_psize(struct hwrm_ring_alloc_input *r)
{
	r->page_tbl_depth = 1;
	r->page_size = 13;
}

static void spoil_addr(struct hwrm_ring_alloc_input *r)
{
	r->page_tbl_addr = cpu_to_le64(FAKE_DMA_BASE - SZ_4K);
	r->page_tbl_depth = 1;
	r->page_size = 12;
}

static void spoil_align(struct hwrm_ring_alloc_input *r)
{
	le64_add_cpu(&r->page_tbl_addr, 64);
}

static const struct ring_case ring_cases[] = {
	{ spoil_type, HWRM_ERR_CODE_INVALID_PARAMS, "a ring type other than NQ" },
	{ spoil_enables, HWRM_ERR_CODE_INVALID_ENABLES, "enables" },
	{ spoil_flags, HWRM_ERR_CODE_INVALID_FLAGS, "flags" },
	{ spoil_mode, HWRM_ERR_CODE_INVALID_PARAMS, "an interrupt mode other than MSI-X" },
	{ spoil_fbo, HWRM_ERR_CODE_INVALID_PARAMS, "a first byte offset" },
	{ spoil_len, HWRM_ERR_CODE_INVALID_PARAMS, "no entries" },
	{ spoil_long, HWRM_ERR_CODE_INVALID_PARAMS, "more entries than its only page holds" },
	{ spoil_lid, HWRM_ERR_CODE_INVALID_PARAMS, "a logical id of no vector" },
	{ spoil_depth, HWRM_ERR_CODE_INVALID_PARAMS, "a page table of depth 2" },
	{ spoil_psize, HWRM_ERR_CODE_INVALID_PARAMS, "depth 1 of pages not 4 KiB" },
	{ spoil_addr, HWRM_ERR_CODE_HWRM_ERROR, "memory that does not translate" },
	{ spoil_align, HWRM_ERR_CODE_INVALID_PARAMS, "a misaligned page" },
};

KUNIT_ARRAY_PARAM_DESC(ring, ring_cases, desc);

static void a_ring_allocation_out_of_the_rules_is_refused(struct kunit *test)
{
	const struct ring_case *c = test->param_value;
	struct hwrm_ring_alloc_input req = ring_req(test, 1);
	union answer a;

	c->spoil(&req);
	send(test, &req, sizeof(req), &a, c->code);
	KUNIT_EXPECT_FALSE(test, fn_of(test)->fn.rings[1].live);
}

static void a_ring_is_allocated_once_per_vector_and_freed_by_its_id(struct kunit *test)
{
	struct hwrm_ring_alloc_input req = ring_req(test, 0);
	struct hwrm_ring_free_input fr = {
		.req_type = cpu_to_le16(HWRM_RING_FREE),
		.ring_type = RING_FREE_REQ_RING_TYPE_NQ,
	};
	union answer a;
	u16 id;

	send(test, &req, sizeof(req), &a, 0);
	id = le16_to_cpu(a.ring.ring_id);
	KUNIT_EXPECT_EQ(test, le16_to_cpu(a.ring.logical_ring_id), 0);
	KUNIT_EXPECT_GE(test, id, RIG_SOFT_RING_ID_MIN);
	KUNIT_EXPECT_LE(test, id, RIG_SOFT_RING_ID_MAX);
	req = ring_req(test, 0);
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_RESOURCE_ALLOC_ERROR);
	fr.ring_id = cpu_to_le16(id + 1);
	send(test, &fr, sizeof(fr), &a, HWRM_ERR_CODE_INVALID_PARAMS);
	fr.ring_id = cpu_to_le16(id);
	fr.ring_type = RING_FREE_REQ_RING_TYPE_TX;
	send(test, &fr, sizeof(fr), &a, HWRM_ERR_CODE_INVALID_PARAMS);
	fr.ring_type = RING_FREE_REQ_RING_TYPE_NQ;
	send(test, &fr, sizeof(fr), &a, 0);
	send(test, &fr, sizeof(fr), &a, HWRM_ERR_CODE_INVALID_PARAMS);
}

static void a_ring_of_many_pages_takes_a_page_table(struct kunit *test)
{
	struct fake_fn *ff = fn_of(test);
	dma_addr_t base;
	u16 id = fake_ring_alloc(ff, 1, 1024, &base);
	struct rig_soft_ring *ring = rig_soft_ring_find(&ff->fn, id);

	KUNIT_ASSERT_NOT_NULL(test, ring);
	KUNIT_EXPECT_EQ(test, ring->mem.npages, 4);
	KUNIT_EXPECT_EQ(test, ring->mem.pages[3], base + 3 * SZ_4K);
}

static void statistics_contexts_are_counted_and_freed(struct kunit *test)
{
	struct hwrm_stat_ctx_alloc_input req = {
		.req_type = cpu_to_le16(HWRM_STAT_CTX_ALLOC),
		.stat_ctx_flags = STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_ROCE,
		.stats_dma_length = cpu_to_le16(RIG_SOFT_STATS_SIZE),
	};
	struct hwrm_stat_ctx_free_input fr = { .req_type = cpu_to_le16(HWRM_STAT_CTX_FREE) };
	union answer a;
	u32 i, first;

	req.stats_dma_addr = cpu_to_le64(fake_alloc(fn_of(test)->fm, SZ_4K, false));
	send(test, &req, sizeof(req), &a, 0);
	first = le32_to_cpu(a.stat.stat_ctx_id);
	for (i = 1; i < RIG_SOFT_MAX_STAT_CTX; i++)
		send(test, &req, sizeof(req), &a, 0);
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_RESOURCE_ALLOC_ERROR);
	fr.stat_ctx_id = cpu_to_le32(first);
	send(test, &fr, sizeof(fr), &a, 0);
	send(test, &fr, sizeof(fr), &a, HWRM_ERR_CODE_INVALID_PARAMS);
	fr.stat_ctx_id = cpu_to_le32(RIG_SOFT_MAX_STAT_CTX);
	send(test, &fr, sizeof(fr), &a, HWRM_ERR_CODE_INVALID_PARAMS);
	req.stats_dma_addr = 0;
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_INVALID_PARAMS);
	req.stats_dma_addr = cpu_to_le64(FAKE_DMA_BASE - SZ_4K);
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_HWRM_ERROR);
	req.stats_dma_addr = cpu_to_le64(fake_alloc(fn_of(test)->fm, SZ_4K, false));
	req.flags = cpu_to_le16(STAT_CTX_ALLOC_REQ_FLAGS_STEERING_TAG_VALID);
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_INVALID_FLAGS);
	req.flags = 0;
	send(test, &req, sizeof(req), &a, 0);
}

/* As bnxt_re asks: the RoCE flag, and the block size bnxt_en reports. */
static void a_statistics_context_is_roce_and_of_the_functions_block_size(struct kunit *test)
{
	struct hwrm_stat_ctx_alloc_input req = {
		.req_type = cpu_to_le16(HWRM_STAT_CTX_ALLOC),
		.stats_dma_length = cpu_to_le16(RIG_SOFT_STATS_SIZE),
	};
	union answer a;

	req.stats_dma_addr = cpu_to_le64(fake_alloc(fn_of(test)->fm, SZ_4K, false));
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_INVALID_FLAGS);
	req.stat_ctx_flags = STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_ROCE |
			     STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_DUP_HOST_BUF;
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_INVALID_FLAGS);
	req.stat_ctx_flags = STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_ROCE;
	req.stats_dma_length = cpu_to_le16(SZ_4K);
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_INVALID_PARAMS);
	req.stats_dma_length = cpu_to_le16(RIG_SOFT_STATS_SIZE - 8);
	send(test, &req, sizeof(req), &a, HWRM_ERR_CODE_INVALID_PARAMS);
	req.stats_dma_length = cpu_to_le16(RIG_SOFT_STATS_SIZE);
	send(test, &req, sizeof(req), &a, 0);
}

/* The block is written each period until the context is freed, and no more. */
static void a_statistics_block_is_written_each_period_until_freed(struct kunit *test)
{
	struct fake_fn *ff = fn_of(test);
	struct hwrm_stat_ctx_alloc_input req = {
		.req_type = cpu_to_le16(HWRM_STAT_CTX_ALLOC),
		.stat_ctx_flags = STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_ROCE,
		.stats_dma_length = cpu_to_le16(RIG_SOFT_STATS_SIZE),
		.update_period_ms = cpu_to_le32(1000),
	};
	struct hwrm_stat_ctx_free_input fr = { .req_type = cpu_to_le16(HWRM_STAT_CTX_FREE) };
	dma_addr_t addr = fake_alloc(ff->fm, SZ_4K, false);
	struct ctx_hw_stats *block = fake_va(ff->fm, addr);
	union answer a;
	u32 id;

	req.stats_dma_addr = cpu_to_le64(addr);
	send(test, &req, sizeof(req), &a, 0);
	id = le32_to_cpu(a.stat.stat_ctx_id);
	ff->fn.stats.tx_pkts = 3;
	ff->fn.stats.rx_bytes = 4096;
	mutex_lock(&ff->fn.world->lock);
	/* Not yet due: nothing written. */
	KUNIT_EXPECT_FALSE(test, rig_soft_stats_pending(&ff->fn));
	KUNIT_EXPECT_FALSE(test, rig_soft_stats_service(&ff->fn));
	KUNIT_EXPECT_EQ(test, le64_to_cpu(block->tx_ucast_pkts), 0);
	ff->fn.stat[id].due = jiffies - 1;
	KUNIT_EXPECT_TRUE(test, rig_soft_stats_pending(&ff->fn));
	KUNIT_EXPECT_TRUE(test, rig_soft_stats_service(&ff->fn));
	mutex_unlock(&ff->fn.world->lock);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(block->tx_ucast_pkts), 3);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(block->rx_ucast_bytes), 4096);

	fr.stat_ctx_id = cpu_to_le32(id);
	send(test, &fr, sizeof(fr), &a, 0);
	ff->fn.stats.tx_pkts = 7;
	mutex_lock(&ff->fn.world->lock);
	ff->fn.stat[id].due = jiffies - 1;
	KUNIT_EXPECT_FALSE(test, rig_soft_stats_service(&ff->fn));
	mutex_unlock(&ff->fn.world->lock);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(block->tx_ucast_pkts), 3);
}

static struct kunit_case rig_soft_hwrm_test_cases[] = {
	KUNIT_CASE(ver_get_answers_the_6_12_interface_and_a_57508),
	KUNIT_CASE(each_answer_carries_the_next_sequence_number),
	KUNIT_CASE(func_qcaps_and_qcfg_describe_the_function_itself),
	KUNIT_CASE(an_unknown_request_is_not_supported),
	KUNIT_CASE(a_request_shorter_than_its_type_or_longer_than_the_window_is_refused),
	KUNIT_CASE(a_stopped_function_is_busy),
	KUNIT_CASE(the_fault_knob_refuses_the_next_requests_with_its_code),
	KUNIT_CASE_PARAM(a_ring_allocation_out_of_the_rules_is_refused, ring_gen_params),
	KUNIT_CASE(a_ring_is_allocated_once_per_vector_and_freed_by_its_id),
	KUNIT_CASE(a_ring_of_many_pages_takes_a_page_table),
	KUNIT_CASE(statistics_contexts_are_counted_and_freed),
	KUNIT_CASE(a_statistics_context_is_roce_and_of_the_functions_block_size),
	KUNIT_CASE(a_statistics_block_is_written_each_period_until_freed),
	{}
};

static struct kunit_suite rig_soft_hwrm_test_suite = {
	.name = "rig_soft_hwrm_test",
	.init = hwrm_test_init,
	.test_cases = rig_soft_hwrm_test_cases,
};

kunit_test_suite(rig_soft_hwrm_test_suite);
