// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_bnxt_fw_hsi_test: fw_hsi.h, the driver's declarations of
 * the firmware interface, against Broadcom's roce_hsi.h and bnxt_hsi.h of
 * the kernel tree it is built in.  Every structure must have Broadcom's
 * size, every field Broadcom's offset, size and type, every constant
 * Broadcom's value and type.  This file owns those checks and nothing
 * else; it is the one file that includes both fw_hsi.h and Broadcom's
 * headers.
 *
 * Each check is made twice.  The compiler makes it first (static_assert,
 * naming the structure and the field or constant), so a wrong declaration
 * does not build.  The test cases make it again at run time, one parameter
 * per structure, so that the suite reports what it proved and a mismatch
 * there prints both offsets or values.
 *
 * The run-time pass also proves the list of checks complete: a
 * structure's fields must be checked in order, each starting where the
 * one before it ended, and together cover the whole structure.  No
 * structure here has implicit padding (Broadcom names every reserved
 * byte), so a field added to fw_hsi.h without a check here, or a reserved
 * field split in two, fails.  A constant added without a check is not
 * caught: the constants of a structure follow its fields here in the
 * order fw_hsi.h declares them, to make the two easy to compare.
 */
#include <kunit/test.h>
#include <linux/container_of.h>
#include <linux/stddef.h>

#include "fw_hsi.h"
#include "roce_hsi.h"
#include "bnxt_hsi.h"

/**
 * struct hsi_check - the comparison of one structure, under way
 * @test: the test case making it
 * @name: the structure's name, as Broadcom's header spells it
 * @size: its size in fw_hsi.h
 * @end: where the field checked last ends: the next one must start there
 */
struct hsi_check {
	struct kunit *test;
	const char *name;
	size_t size;
	size_t end;
};

/**
 * struct hsi_struct - one parameter of a test case
 * @name: the structure's name (the parameter's description)
 * @check: compares it, field by field, then its constants
 */
struct hsi_struct {
	const char *name;
	void (*check)(struct hsi_check *c);
};

#define HSI_STRUCT(type)	{ #type, check_##type }

/* What the suite has proved, for its closing line. */
static unsigned int hsi_structs, hsi_fields, hsi_consts;

static void check_struct(struct hsi_check *c, const char *name, size_t size,
			 size_t bcm_size)
{
	KUNIT_EXPECT_EQ_MSG(c->test, size, bcm_size,
			    "struct %s: %zu bytes, Broadcom's %zu",
			    name, size, bcm_size);
	c->name = name;
	c->size = size;
	c->end = 0;
	hsi_structs++;
}

static void check_field(struct hsi_check *c, const char *member, size_t off,
			size_t bcm_off, size_t size, size_t bcm_size)
{
	KUNIT_EXPECT_EQ_MSG(c->test, off, bcm_off,
			    "%s.%s: at offset %zu, Broadcom's at %zu",
			    c->name, member, off, bcm_off);
	KUNIT_EXPECT_EQ_MSG(c->test, size, bcm_size,
			    "%s.%s: %zu bytes, Broadcom's %zu",
			    c->name, member, size, bcm_size);
	KUNIT_EXPECT_EQ_MSG(c->test, off, c->end,
			    "%s.%s: at offset %zu, the field checked before ends at %zu: one is unchecked or out of order",
			    c->name, member, off, c->end);
	c->end = off + size;
	hsi_fields++;
}

static void check_const(struct hsi_check *c, const char *name, u64 value,
			u64 bcm_value)
{
	KUNIT_EXPECT_EQ_MSG(c->test, value, bcm_value, "%s: %#llx, Broadcom's %#llx",
			    name, value, bcm_value);
	hsi_consts++;
}

/*
 * type is Broadcom's name of a structure (rig_<type> is ours); member and
 * name are identifiers.  member and name are variadic only because
 * checkpatch counts each use of a plain macro argument as a possible side
 * effect, and an identifier has none.
 */
#define CHECK_STRUCT(c, type)							\
	do {									\
		static_assert(sizeof(struct rig_##type) == sizeof(struct type),	\
			      "struct " #type ": size differs from Broadcom's");	\
		check_struct(c, #type, sizeof(struct rig_##type),		\
			     sizeof(struct type));				\
	} while (0)

#define CHECK_FIELD(c, type, member...)						\
	do {									\
		static_assert(offsetof(struct rig_##type, member) ==		\
			      offsetof(struct type, member),			\
			      #type "." #member ": offset differs from Broadcom's"); \
		static_assert(__same_type(typeof_member(struct rig_##type, member), \
					  typeof_member(struct type, member)),	\
			      #type "." #member ": type differs from Broadcom's");	\
		check_field(c, #member, offsetof(struct rig_##type, member),	\
			    offsetof(struct type, member),			\
			    sizeof_field(struct rig_##type, member),		\
			    sizeof_field(struct type, member));			\
	} while (0)

#define CHECK_CONST(c, name...)							\
	do {									\
		static_assert(RIG_##name == name,				\
			      #name ": value differs from Broadcom's");		\
		static_assert(__same_type(RIG_##name, name),			\
			      #name ": type differs from Broadcom's");		\
		check_const(c, #name, RIG_##name, name);			\
	} while (0)

/* CHECK_CONST() of prefix##name, for a name too long for one line. */
#define CHECK_CONST_SPLIT(c, prefix, name...)	CHECK_CONST(c, prefix##name)

/* One parameter: one structure's checks, then whether they covered it. */
static void check_param(struct kunit *test)
{
	const struct hsi_struct *s = test->param_value;
	struct hsi_check c = { .test = test };

	s->check(&c);
	KUNIT_EXPECT_EQ_MSG(test, c.end, c.size,
			    "%s: the fields checked cover %zu of its %zu bytes",
			    s->name, c.end, c.size);
}

/* The mailbox, CMDQ and CREQ. */

static void check_cmdq_init(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_init);
	CHECK_FIELD(c, cmdq_init, cmdq_pbl);
	CHECK_FIELD(c, cmdq_init, cmdq_size_cmdq_lvl);
	CHECK_CONST(c, CMDQ_INIT_CMDQ_LVL_MASK);
	CHECK_CONST(c, CMDQ_INIT_CMDQ_LVL_SFT);
	CHECK_CONST(c, CMDQ_INIT_CMDQ_SIZE_MASK);
	CHECK_CONST(c, CMDQ_INIT_CMDQ_SIZE_SFT);
	CHECK_FIELD(c, cmdq_init, creq_ring_id);
	CHECK_FIELD(c, cmdq_init, prod_idx);
}

static void check_cmdq_base(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_base);
	CHECK_FIELD(c, cmdq_base, opcode);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_CREATE_QP);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DESTROY_QP);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_MODIFY_QP);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_QP);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_CREATE_CQ);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DESTROY_CQ);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_ALLOCATE_MRW);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DEALLOCATE_KEY);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_REGISTER_MR);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DEREGISTER_MR);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_ADD_GID);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DELETE_GID);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_INITIALIZE_FW);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DEINITIALIZE_FW);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_FUNC);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_VERSION);
	CHECK_FIELD(c, cmdq_base, cmd_size);
	CHECK_FIELD(c, cmdq_base, flags);
	CHECK_FIELD(c, cmdq_base, cookie);
	CHECK_FIELD(c, cmdq_base, resp_size);
	CHECK_FIELD(c, cmdq_base, reserved8);
	CHECK_FIELD(c, cmdq_base, resp_addr);
}

static void check_creq_base(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_base);
	CHECK_FIELD(c, creq_base, type);
	CHECK_CONST(c, CREQ_BASE_TYPE_MASK);
	CHECK_CONST(c, CREQ_BASE_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_base, reserved56);
	CHECK_FIELD(c, creq_base, v);
	CHECK_CONST(c, CREQ_BASE_V);
	CHECK_FIELD(c, creq_base, event);
	CHECK_FIELD(c, creq_base, reserved48);
}

static void check_creq_qp_event(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_qp_event);
	CHECK_FIELD(c, creq_qp_event, type);
	CHECK_FIELD(c, creq_qp_event, status);
	CHECK_FIELD(c, creq_qp_event, cookie);
	CHECK_FIELD(c, creq_qp_event, reserved32);
	CHECK_FIELD(c, creq_qp_event, v);
	CHECK_FIELD(c, creq_qp_event, event);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_QP_ERROR_NOTIFICATION);
	CHECK_FIELD(c, creq_qp_event, reserved48);
}

static void check_creq_qp_error_notification(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_qp_error_notification);
	CHECK_FIELD(c, creq_qp_error_notification, type);
	CHECK_FIELD(c, creq_qp_error_notification, status);
	CHECK_FIELD(c, creq_qp_error_notification, req_slow_path_state);
	CHECK_FIELD(c, creq_qp_error_notification, req_err_state_reason);
	CHECK_FIELD(c, creq_qp_error_notification, xid);
	CHECK_FIELD(c, creq_qp_error_notification, v);
	CHECK_FIELD(c, creq_qp_error_notification, event);
	CHECK_FIELD(c, creq_qp_error_notification, res_slow_path_state);
	CHECK_FIELD(c, creq_qp_error_notification, res_err_state_reason);
	CHECK_FIELD(c, creq_qp_error_notification, sq_cons_idx);
	CHECK_FIELD(c, creq_qp_error_notification, rq_cons_idx);
}

static const struct hsi_struct mailbox_structs[] = {
	HSI_STRUCT(cmdq_init),
	HSI_STRUCT(cmdq_base),
	HSI_STRUCT(creq_base),
	HSI_STRUCT(creq_qp_event),
	HSI_STRUCT(creq_qp_error_notification),
};

KUNIT_ARRAY_PARAM_DESC(mailbox, mailbox_structs, name);

static void mailbox_matches_broadcom(struct kunit *test)
{
	check_param(test);
}

/* Function commands. */

static void check_cmdq_query_func(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_query_func);
	CHECK_FIELD(c, cmdq_query_func, opcode);
	CHECK_FIELD(c, cmdq_query_func, cmd_size);
	CHECK_FIELD(c, cmdq_query_func, flags);
	CHECK_FIELD(c, cmdq_query_func, cookie);
	CHECK_FIELD(c, cmdq_query_func, resp_size);
	CHECK_FIELD(c, cmdq_query_func, reserved8);
	CHECK_FIELD(c, cmdq_query_func, resp_addr);
}

static void check_creq_query_func_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_query_func_resp);
	CHECK_FIELD(c, creq_query_func_resp, type);
	CHECK_FIELD(c, creq_query_func_resp, status);
	CHECK_FIELD(c, creq_query_func_resp, cookie);
	CHECK_FIELD(c, creq_query_func_resp, size);
	CHECK_FIELD(c, creq_query_func_resp, v);
	CHECK_FIELD(c, creq_query_func_resp, event);
	CHECK_FIELD(c, creq_query_func_resp, reserved48);
}

static void check_creq_query_func_resp_sb(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_query_func_resp_sb);
	CHECK_FIELD(c, creq_query_func_resp_sb, opcode);
	CHECK_FIELD(c, creq_query_func_resp_sb, status);
	CHECK_FIELD(c, creq_query_func_resp_sb, cookie);
	CHECK_FIELD(c, creq_query_func_resp_sb, flags);
	CHECK_FIELD(c, creq_query_func_resp_sb, resp_size);
	CHECK_FIELD(c, creq_query_func_resp_sb, reserved8);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_mr_size);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_qp);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_qp_wr);
	CHECK_FIELD(c, creq_query_func_resp_sb, dev_cap_flags);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_HW_REQUESTER_RETX_ENABLED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_HW_RESPONDER_RETX_ENABLED);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_cq);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_cqe);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_pd);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_sge);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_srq_sge);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_qp_rd_atom);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_qp_init_rd_atom);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_mr);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_mw);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_raw_eth_qp);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_ah);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_fmr);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_srq_wr);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_pkeys);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_inline_data);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_map_per_fmr);
	CHECK_FIELD(c, creq_query_func_resp_sb, l2_db_space_size);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_srq);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_gid);
	CHECK_FIELD(c, creq_query_func_resp_sb, tqm_alloc_reqs);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_dpi);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_sge_var_wqe);
	CHECK_FIELD(c, creq_query_func_resp_sb, dev_cap_ext_flags);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_inline_data_var_wqe);
	CHECK_FIELD(c, creq_query_func_resp_sb, start_qid);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_msn_table_size);
	CHECK_FIELD(c, creq_query_func_resp_sb, reserved8_1);
	CHECK_FIELD(c, creq_query_func_resp_sb, dev_cap_ext_flags_2);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_MASK);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_HOST_PSN_TABLE);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_xp_qp_size);
	CHECK_FIELD(c, creq_query_func_resp_sb, create_qp_batch_size);
	CHECK_FIELD(c, creq_query_func_resp_sb, destroy_qp_batch_size);
	CHECK_FIELD(c, creq_query_func_resp_sb, reserved16);
	CHECK_FIELD(c, creq_query_func_resp_sb, reserved64);
}

static void check_cmdq_initialize_fw(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_initialize_fw);
	CHECK_FIELD(c, cmdq_initialize_fw, opcode);
	CHECK_FIELD(c, cmdq_initialize_fw, cmd_size);
	CHECK_FIELD(c, cmdq_initialize_fw, flags);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_FLAGS_HW_REQUESTER_RETX_SUPPORTED);
	CHECK_FIELD(c, cmdq_initialize_fw, cookie);
	CHECK_FIELD(c, cmdq_initialize_fw, resp_size);
	CHECK_FIELD(c, cmdq_initialize_fw, reserved8);
	CHECK_FIELD(c, cmdq_initialize_fw, resp_addr);
	CHECK_FIELD(c, cmdq_initialize_fw, qpc_pg_size_qpc_lvl);
	CHECK_FIELD(c, cmdq_initialize_fw, mrw_pg_size_mrw_lvl);
	CHECK_FIELD(c, cmdq_initialize_fw, srq_pg_size_srq_lvl);
	CHECK_FIELD(c, cmdq_initialize_fw, cq_pg_size_cq_lvl);
	CHECK_FIELD(c, cmdq_initialize_fw, tqm_pg_size_tqm_lvl);
	CHECK_FIELD(c, cmdq_initialize_fw, tim_pg_size_tim_lvl);
	CHECK_FIELD(c, cmdq_initialize_fw, log2_dbr_pg_size);
	CHECK_FIELD(c, cmdq_initialize_fw, qpc_page_dir);
	CHECK_FIELD(c, cmdq_initialize_fw, mrw_page_dir);
	CHECK_FIELD(c, cmdq_initialize_fw, srq_page_dir);
	CHECK_FIELD(c, cmdq_initialize_fw, cq_page_dir);
	CHECK_FIELD(c, cmdq_initialize_fw, tqm_page_dir);
	CHECK_FIELD(c, cmdq_initialize_fw, tim_page_dir);
	CHECK_FIELD(c, cmdq_initialize_fw, number_of_qp);
	CHECK_FIELD(c, cmdq_initialize_fw, number_of_mrw);
	CHECK_FIELD(c, cmdq_initialize_fw, number_of_srq);
	CHECK_FIELD(c, cmdq_initialize_fw, number_of_cq);
	CHECK_FIELD(c, cmdq_initialize_fw, max_qp_per_vf);
	CHECK_FIELD(c, cmdq_initialize_fw, max_mrw_per_vf);
	CHECK_FIELD(c, cmdq_initialize_fw, max_srq_per_vf);
	CHECK_FIELD(c, cmdq_initialize_fw, max_cq_per_vf);
	CHECK_FIELD(c, cmdq_initialize_fw, max_gid_per_vf);
	CHECK_FIELD(c, cmdq_initialize_fw, stat_ctx_id);
}

static void check_creq_initialize_fw_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_initialize_fw_resp);
	CHECK_FIELD(c, creq_initialize_fw_resp, type);
	CHECK_FIELD(c, creq_initialize_fw_resp, status);
	CHECK_FIELD(c, creq_initialize_fw_resp, cookie);
	CHECK_FIELD(c, creq_initialize_fw_resp, reserved32);
	CHECK_FIELD(c, creq_initialize_fw_resp, v);
	CHECK_FIELD(c, creq_initialize_fw_resp, event);
	CHECK_FIELD(c, creq_initialize_fw_resp, reserved48);
}

static void check_cmdq_deinitialize_fw(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_deinitialize_fw);
	CHECK_FIELD(c, cmdq_deinitialize_fw, opcode);
	CHECK_FIELD(c, cmdq_deinitialize_fw, cmd_size);
	CHECK_FIELD(c, cmdq_deinitialize_fw, flags);
	CHECK_FIELD(c, cmdq_deinitialize_fw, cookie);
	CHECK_FIELD(c, cmdq_deinitialize_fw, resp_size);
	CHECK_FIELD(c, cmdq_deinitialize_fw, reserved8);
	CHECK_FIELD(c, cmdq_deinitialize_fw, resp_addr);
}

static void check_cmdq_add_gid(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_add_gid);
	CHECK_FIELD(c, cmdq_add_gid, opcode);
	CHECK_FIELD(c, cmdq_add_gid, cmd_size);
	CHECK_FIELD(c, cmdq_add_gid, flags);
	CHECK_FIELD(c, cmdq_add_gid, cookie);
	CHECK_FIELD(c, cmdq_add_gid, resp_size);
	CHECK_FIELD(c, cmdq_add_gid, reserved8);
	CHECK_FIELD(c, cmdq_add_gid, resp_addr);
	CHECK_FIELD(c, cmdq_add_gid, gid);
	CHECK_FIELD(c, cmdq_add_gid, src_mac);
	CHECK_FIELD(c, cmdq_add_gid, vlan);
	CHECK_FIELD(c, cmdq_add_gid, ipid);
	CHECK_FIELD(c, cmdq_add_gid, stats_ctx);
	CHECK_FIELD(c, cmdq_add_gid, unused_0);
}

static void check_creq_add_gid_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_add_gid_resp);
	CHECK_FIELD(c, creq_add_gid_resp, type);
	CHECK_FIELD(c, creq_add_gid_resp, status);
	CHECK_FIELD(c, creq_add_gid_resp, cookie);
	CHECK_FIELD(c, creq_add_gid_resp, xid);
	CHECK_FIELD(c, creq_add_gid_resp, v);
	CHECK_FIELD(c, creq_add_gid_resp, event);
	CHECK_FIELD(c, creq_add_gid_resp, reserved48);
}

static void check_cmdq_delete_gid(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_delete_gid);
	CHECK_FIELD(c, cmdq_delete_gid, opcode);
	CHECK_FIELD(c, cmdq_delete_gid, cmd_size);
	CHECK_FIELD(c, cmdq_delete_gid, flags);
	CHECK_FIELD(c, cmdq_delete_gid, cookie);
	CHECK_FIELD(c, cmdq_delete_gid, resp_size);
	CHECK_FIELD(c, cmdq_delete_gid, reserved8);
	CHECK_FIELD(c, cmdq_delete_gid, resp_addr);
	CHECK_FIELD(c, cmdq_delete_gid, gid_index);
	CHECK_FIELD(c, cmdq_delete_gid, unused_0);
}

static const struct hsi_struct function_structs[] = {
	HSI_STRUCT(cmdq_query_func),
	HSI_STRUCT(creq_query_func_resp),
	HSI_STRUCT(creq_query_func_resp_sb),
	HSI_STRUCT(cmdq_initialize_fw),
	HSI_STRUCT(creq_initialize_fw_resp),
	HSI_STRUCT(cmdq_deinitialize_fw),
	HSI_STRUCT(cmdq_add_gid),
	HSI_STRUCT(creq_add_gid_resp),
	HSI_STRUCT(cmdq_delete_gid),
};

KUNIT_ARRAY_PARAM_DESC(function, function_structs, name);

static void function_commands_match_broadcom(struct kunit *test)
{
	check_param(test);
}

/* Objects, and a queue pair's memory. */

static void check_cmdq_create_cq(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_create_cq);
	CHECK_FIELD(c, cmdq_create_cq, opcode);
	CHECK_FIELD(c, cmdq_create_cq, cmd_size);
	CHECK_FIELD(c, cmdq_create_cq, flags);
	CHECK_FIELD(c, cmdq_create_cq, cookie);
	CHECK_FIELD(c, cmdq_create_cq, resp_size);
	CHECK_FIELD(c, cmdq_create_cq, reserved8);
	CHECK_FIELD(c, cmdq_create_cq, resp_addr);
	CHECK_FIELD(c, cmdq_create_cq, cq_handle);
	CHECK_FIELD(c, cmdq_create_cq, pg_size_lvl);
	CHECK_CONST(c, CMDQ_CREATE_CQ_LVL_MASK);
	CHECK_CONST(c, CMDQ_CREATE_CQ_PG_SIZE_PG_4K);
	CHECK_FIELD(c, cmdq_create_cq, cq_fco_cnq_id);
	CHECK_CONST(c, CMDQ_CREATE_CQ_CNQ_ID_MASK);
	CHECK_FIELD(c, cmdq_create_cq, dpi);
	CHECK_FIELD(c, cmdq_create_cq, cq_size);
	CHECK_FIELD(c, cmdq_create_cq, pbl);
	CHECK_FIELD(c, cmdq_create_cq, steering_tag);
	CHECK_FIELD(c, cmdq_create_cq, reserved48);
}

static void check_creq_create_cq_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_create_cq_resp);
	CHECK_FIELD(c, creq_create_cq_resp, type);
	CHECK_FIELD(c, creq_create_cq_resp, status);
	CHECK_FIELD(c, creq_create_cq_resp, cookie);
	CHECK_FIELD(c, creq_create_cq_resp, xid);
	CHECK_FIELD(c, creq_create_cq_resp, v);
	CHECK_FIELD(c, creq_create_cq_resp, event);
	CHECK_FIELD(c, creq_create_cq_resp, reserved48);
}

static void check_cmdq_destroy_cq(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_destroy_cq);
	CHECK_FIELD(c, cmdq_destroy_cq, opcode);
	CHECK_FIELD(c, cmdq_destroy_cq, cmd_size);
	CHECK_FIELD(c, cmdq_destroy_cq, flags);
	CHECK_FIELD(c, cmdq_destroy_cq, cookie);
	CHECK_FIELD(c, cmdq_destroy_cq, resp_size);
	CHECK_FIELD(c, cmdq_destroy_cq, reserved8);
	CHECK_FIELD(c, cmdq_destroy_cq, resp_addr);
	CHECK_FIELD(c, cmdq_destroy_cq, cq_cid);
	CHECK_FIELD(c, cmdq_destroy_cq, unused_0);
}

static void check_creq_destroy_cq_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_destroy_cq_resp);
	CHECK_FIELD(c, creq_destroy_cq_resp, type);
	CHECK_FIELD(c, creq_destroy_cq_resp, status);
	CHECK_FIELD(c, creq_destroy_cq_resp, cookie);
	CHECK_FIELD(c, creq_destroy_cq_resp, xid);
	CHECK_FIELD(c, creq_destroy_cq_resp, v);
	CHECK_FIELD(c, creq_destroy_cq_resp, event);
	CHECK_FIELD(c, creq_destroy_cq_resp, cq_arm_lvl);
	CHECK_FIELD(c, creq_destroy_cq_resp, total_cnq_events);
	CHECK_FIELD(c, creq_destroy_cq_resp, reserved16);
}

static void check_cmdq_create_qp(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_create_qp);
	CHECK_FIELD(c, cmdq_create_qp, opcode);
	CHECK_FIELD(c, cmdq_create_qp, cmd_size);
	CHECK_FIELD(c, cmdq_create_qp, flags);
	CHECK_FIELD(c, cmdq_create_qp, cookie);
	CHECK_FIELD(c, cmdq_create_qp, resp_size);
	CHECK_FIELD(c, cmdq_create_qp, reserved8);
	CHECK_FIELD(c, cmdq_create_qp, resp_addr);
	CHECK_FIELD(c, cmdq_create_qp, qp_handle);
	CHECK_FIELD(c, cmdq_create_qp, qp_flags);
	CHECK_FIELD(c, cmdq_create_qp, type);
	CHECK_CONST(c, CMDQ_CREATE_QP_TYPE_RC);
	CHECK_FIELD(c, cmdq_create_qp, sq_pg_size_sq_lvl);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_LVL_MASK);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_PG_SIZE_PG_4K);
	CHECK_FIELD(c, cmdq_create_qp, rq_pg_size_rq_lvl);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_LVL_MASK);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_PG_SIZE_PG_4K);
	CHECK_FIELD(c, cmdq_create_qp, unused_0);
	CHECK_FIELD(c, cmdq_create_qp, dpi);
	CHECK_FIELD(c, cmdq_create_qp, sq_size);
	CHECK_FIELD(c, cmdq_create_qp, rq_size);
	CHECK_FIELD(c, cmdq_create_qp, sq_fwo_sq_sge);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_SGE_SFT);
	CHECK_FIELD(c, cmdq_create_qp, rq_fwo_rq_sge);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_SGE_SFT);
	CHECK_FIELD(c, cmdq_create_qp, scq_cid);
	CHECK_FIELD(c, cmdq_create_qp, rcq_cid);
	CHECK_FIELD(c, cmdq_create_qp, srq_cid);
	CHECK_FIELD(c, cmdq_create_qp, pd_id);
	CHECK_FIELD(c, cmdq_create_qp, sq_pbl);
	CHECK_FIELD(c, cmdq_create_qp, rq_pbl);
	CHECK_FIELD(c, cmdq_create_qp, irrq_addr);
	CHECK_FIELD(c, cmdq_create_qp, orrq_addr);
	CHECK_FIELD(c, cmdq_create_qp, request_xid);
	CHECK_FIELD(c, cmdq_create_qp, steering_tag);
	CHECK_FIELD(c, cmdq_create_qp, reserved16);
}

static void check_creq_create_qp_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_create_qp_resp);
	CHECK_FIELD(c, creq_create_qp_resp, type);
	CHECK_FIELD(c, creq_create_qp_resp, status);
	CHECK_FIELD(c, creq_create_qp_resp, cookie);
	CHECK_FIELD(c, creq_create_qp_resp, xid);
	CHECK_FIELD(c, creq_create_qp_resp, v);
	CHECK_FIELD(c, creq_create_qp_resp, event);
	CHECK_FIELD(c, creq_create_qp_resp, optimized_transmit_enabled);
	CHECK_FIELD(c, creq_create_qp_resp, reserved48);
}

static void check_cmdq_destroy_qp(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_destroy_qp);
	CHECK_FIELD(c, cmdq_destroy_qp, opcode);
	CHECK_FIELD(c, cmdq_destroy_qp, cmd_size);
	CHECK_FIELD(c, cmdq_destroy_qp, flags);
	CHECK_FIELD(c, cmdq_destroy_qp, cookie);
	CHECK_FIELD(c, cmdq_destroy_qp, resp_size);
	CHECK_FIELD(c, cmdq_destroy_qp, reserved8);
	CHECK_FIELD(c, cmdq_destroy_qp, resp_addr);
	CHECK_FIELD(c, cmdq_destroy_qp, qp_cid);
	CHECK_FIELD(c, cmdq_destroy_qp, unused_0);
}

static void check_creq_destroy_qp_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_destroy_qp_resp);
	CHECK_FIELD(c, creq_destroy_qp_resp, type);
	CHECK_FIELD(c, creq_destroy_qp_resp, status);
	CHECK_FIELD(c, creq_destroy_qp_resp, cookie);
	CHECK_FIELD(c, creq_destroy_qp_resp, xid);
	CHECK_FIELD(c, creq_destroy_qp_resp, v);
	CHECK_FIELD(c, creq_destroy_qp_resp, event);
	CHECK_FIELD(c, creq_destroy_qp_resp, reserved48);
}

static void check_cmdq_modify_qp(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_modify_qp);
	CHECK_FIELD(c, cmdq_modify_qp, opcode);
	CHECK_FIELD(c, cmdq_modify_qp, cmd_size);
	CHECK_FIELD(c, cmdq_modify_qp, flags);
	CHECK_FIELD(c, cmdq_modify_qp, cookie);
	CHECK_FIELD(c, cmdq_modify_qp, resp_size);
	CHECK_FIELD(c, cmdq_modify_qp, qp_type);
	CHECK_CONST(c, CMDQ_MODIFY_QP_QP_TYPE_RC);
	CHECK_FIELD(c, cmdq_modify_qp, resp_addr);
	CHECK_FIELD(c, cmdq_modify_qp, modify_mask);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_STATE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_ACCESS);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_PKEY);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_DGID);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_SGID_INDEX);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_HOP_LIMIT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_DEST_MAC);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_PATH_MTU);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_TIMEOUT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_RETRY_CNT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_RNR_RETRY);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_RQ_PSN);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_MAX_RD_ATOMIC);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_MIN_RNR_TIMER);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_SQ_PSN);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_MAX_DEST_RD_ATOMIC);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_DEST_QP_ID);
	CHECK_FIELD(c, cmdq_modify_qp, qp_cid);
	CHECK_FIELD(c, cmdq_modify_qp, network_type_en_sqd_async_notify_new_state);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_INIT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_RTR);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_RTS);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV4);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV6);
	CHECK_FIELD(c, cmdq_modify_qp, access);
	CHECK_CONST(c, CMDQ_MODIFY_QP_ACCESS_LOCAL_WRITE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_ACCESS_REMOTE_READ);
	CHECK_FIELD(c, cmdq_modify_qp, pkey);
	CHECK_FIELD(c, cmdq_modify_qp, qkey);
	CHECK_FIELD(c, cmdq_modify_qp, dgid);
	CHECK_FIELD(c, cmdq_modify_qp, flow_label);
	CHECK_FIELD(c, cmdq_modify_qp, sgid_index);
	CHECK_FIELD(c, cmdq_modify_qp, hop_limit);
	CHECK_FIELD(c, cmdq_modify_qp, traffic_class);
	CHECK_FIELD(c, cmdq_modify_qp, dest_mac);
	CHECK_FIELD(c, cmdq_modify_qp, tos_dscp_tos_ecn);
	CHECK_FIELD(c, cmdq_modify_qp, path_mtu_pingpong_push_enable);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_256);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_512);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_1024);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_2048);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_4096);
	CHECK_FIELD(c, cmdq_modify_qp, timeout);
	CHECK_FIELD(c, cmdq_modify_qp, retry_cnt);
	CHECK_FIELD(c, cmdq_modify_qp, rnr_retry);
	CHECK_FIELD(c, cmdq_modify_qp, min_rnr_timer);
	CHECK_FIELD(c, cmdq_modify_qp, rq_psn);
	CHECK_FIELD(c, cmdq_modify_qp, sq_psn);
	CHECK_FIELD(c, cmdq_modify_qp, max_rd_atomic);
	CHECK_FIELD(c, cmdq_modify_qp, max_dest_rd_atomic);
	CHECK_FIELD(c, cmdq_modify_qp, enable_cc);
	CHECK_FIELD(c, cmdq_modify_qp, sq_size);
	CHECK_FIELD(c, cmdq_modify_qp, rq_size);
	CHECK_FIELD(c, cmdq_modify_qp, sq_sge);
	CHECK_FIELD(c, cmdq_modify_qp, rq_sge);
	CHECK_FIELD(c, cmdq_modify_qp, max_inline_data);
	CHECK_FIELD(c, cmdq_modify_qp, dest_qp_id);
	CHECK_FIELD(c, cmdq_modify_qp, pingpong_push_dpi);
	CHECK_FIELD(c, cmdq_modify_qp, src_mac);
	CHECK_FIELD(c, cmdq_modify_qp, vlan_pcp_vlan_dei_vlan_id);
	CHECK_FIELD(c, cmdq_modify_qp, irrq_addr);
	CHECK_FIELD(c, cmdq_modify_qp, orrq_addr);
	CHECK_FIELD(c, cmdq_modify_qp, ext_modify_mask);
	CHECK_FIELD(c, cmdq_modify_qp, ext_stats_ctx_id);
	CHECK_FIELD(c, cmdq_modify_qp, schq_id);
	CHECK_FIELD(c, cmdq_modify_qp, unused_0);
	CHECK_FIELD(c, cmdq_modify_qp, reserved32);
}

static void check_creq_modify_qp_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_modify_qp_resp);
	CHECK_FIELD(c, creq_modify_qp_resp, type);
	CHECK_FIELD(c, creq_modify_qp_resp, status);
	CHECK_FIELD(c, creq_modify_qp_resp, cookie);
	CHECK_FIELD(c, creq_modify_qp_resp, xid);
	CHECK_FIELD(c, creq_modify_qp_resp, v);
	CHECK_FIELD(c, creq_modify_qp_resp, event);
	CHECK_FIELD(c, creq_modify_qp_resp, pingpong_push_state_index_enabled);
	CHECK_FIELD(c, creq_modify_qp_resp, reserved8);
	CHECK_FIELD(c, creq_modify_qp_resp, lag_src_mac);
}

static void check_cmdq_allocate_mrw(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_allocate_mrw);
	CHECK_FIELD(c, cmdq_allocate_mrw, opcode);
	CHECK_FIELD(c, cmdq_allocate_mrw, cmd_size);
	CHECK_FIELD(c, cmdq_allocate_mrw, flags);
	CHECK_FIELD(c, cmdq_allocate_mrw, cookie);
	CHECK_FIELD(c, cmdq_allocate_mrw, resp_size);
	CHECK_FIELD(c, cmdq_allocate_mrw, reserved8);
	CHECK_FIELD(c, cmdq_allocate_mrw, resp_addr);
	CHECK_FIELD(c, cmdq_allocate_mrw, mrw_handle);
	CHECK_FIELD(c, cmdq_allocate_mrw, mrw_flags);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_MRW_FLAGS_MR);
	CHECK_FIELD(c, cmdq_allocate_mrw, access);
	CHECK_FIELD(c, cmdq_allocate_mrw, steering_tag);
	CHECK_FIELD(c, cmdq_allocate_mrw, pd_id);
}

static void check_creq_allocate_mrw_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_allocate_mrw_resp);
	CHECK_FIELD(c, creq_allocate_mrw_resp, type);
	CHECK_FIELD(c, creq_allocate_mrw_resp, status);
	CHECK_FIELD(c, creq_allocate_mrw_resp, cookie);
	CHECK_FIELD(c, creq_allocate_mrw_resp, xid);
	CHECK_FIELD(c, creq_allocate_mrw_resp, v);
	CHECK_FIELD(c, creq_allocate_mrw_resp, event);
	CHECK_FIELD(c, creq_allocate_mrw_resp, reserved48);
}

static void check_cmdq_register_mr(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_register_mr);
	CHECK_FIELD(c, cmdq_register_mr, opcode);
	CHECK_FIELD(c, cmdq_register_mr, cmd_size);
	CHECK_FIELD(c, cmdq_register_mr, flags);
	CHECK_FIELD(c, cmdq_register_mr, cookie);
	CHECK_FIELD(c, cmdq_register_mr, resp_size);
	CHECK_FIELD(c, cmdq_register_mr, reserved8);
	CHECK_FIELD(c, cmdq_register_mr, resp_addr);
	CHECK_FIELD(c, cmdq_register_mr, log2_pg_size_lvl);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LVL_MASK);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_SFT);
	CHECK_FIELD(c, cmdq_register_mr, access);
	CHECK_CONST(c, CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE);
	CHECK_CONST(c, CMDQ_REGISTER_MR_ACCESS_REMOTE_READ);
	CHECK_CONST(c, CMDQ_REGISTER_MR_ACCESS_ZERO_BASED);
	CHECK_FIELD(c, cmdq_register_mr, log2_pbl_pg_size);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_MASK);
	CHECK_FIELD(c, cmdq_register_mr, key);
	CHECK_FIELD(c, cmdq_register_mr, pbl);
	CHECK_FIELD(c, cmdq_register_mr, va);
	CHECK_FIELD(c, cmdq_register_mr, mr_size);
	CHECK_FIELD(c, cmdq_register_mr, steering_tag);
	CHECK_FIELD(c, cmdq_register_mr, reserved48);
}

static void check_creq_register_mr_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_register_mr_resp);
	CHECK_FIELD(c, creq_register_mr_resp, type);
	CHECK_FIELD(c, creq_register_mr_resp, status);
	CHECK_FIELD(c, creq_register_mr_resp, cookie);
	CHECK_FIELD(c, creq_register_mr_resp, xid);
	CHECK_FIELD(c, creq_register_mr_resp, v);
	CHECK_FIELD(c, creq_register_mr_resp, event);
	CHECK_FIELD(c, creq_register_mr_resp, reserved48);
}

static void check_cmdq_deallocate_key(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_deallocate_key);
	CHECK_FIELD(c, cmdq_deallocate_key, opcode);
	CHECK_FIELD(c, cmdq_deallocate_key, cmd_size);
	CHECK_FIELD(c, cmdq_deallocate_key, flags);
	CHECK_FIELD(c, cmdq_deallocate_key, cookie);
	CHECK_FIELD(c, cmdq_deallocate_key, resp_size);
	CHECK_FIELD(c, cmdq_deallocate_key, reserved8);
	CHECK_FIELD(c, cmdq_deallocate_key, resp_addr);
	CHECK_FIELD(c, cmdq_deallocate_key, mrw_flags);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_MRW_FLAGS_MR);
	CHECK_FIELD(c, cmdq_deallocate_key, unused24);
	CHECK_FIELD(c, cmdq_deallocate_key, key);
}

static void check_creq_deallocate_key_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_deallocate_key_resp);
	CHECK_FIELD(c, creq_deallocate_key_resp, type);
	CHECK_FIELD(c, creq_deallocate_key_resp, status);
	CHECK_FIELD(c, creq_deallocate_key_resp, cookie);
	CHECK_FIELD(c, creq_deallocate_key_resp, xid);
	CHECK_FIELD(c, creq_deallocate_key_resp, v);
	CHECK_FIELD(c, creq_deallocate_key_resp, event);
	CHECK_FIELD(c, creq_deallocate_key_resp, reserved16);
	CHECK_FIELD(c, creq_deallocate_key_resp, bound_window_info);
}

static void check_xrrq_irrq(struct hsi_check *c)
{
	CHECK_STRUCT(c, xrrq_irrq);
	CHECK_FIELD(c, xrrq_irrq, credits_type);
	CHECK_FIELD(c, xrrq_irrq, reserved16);
	CHECK_FIELD(c, xrrq_irrq, reserved32);
	CHECK_FIELD(c, xrrq_irrq, psn);
	CHECK_FIELD(c, xrrq_irrq, msn);
	CHECK_FIELD(c, xrrq_irrq, va_or_atomic_result);
	CHECK_FIELD(c, xrrq_irrq, rdma_r_key);
	CHECK_FIELD(c, xrrq_irrq, length);
}

static void check_xrrq_orrq(struct hsi_check *c)
{
	CHECK_STRUCT(c, xrrq_orrq);
	CHECK_FIELD(c, xrrq_orrq, num_sges_type);
	CHECK_FIELD(c, xrrq_orrq, reserved16);
	CHECK_FIELD(c, xrrq_orrq, length);
	CHECK_FIELD(c, xrrq_orrq, psn);
	CHECK_FIELD(c, xrrq_orrq, end_psn);
	CHECK_FIELD(c, xrrq_orrq, first_sge_phy_or_sing_sge_va);
	CHECK_FIELD(c, xrrq_orrq, single_sge_l_key);
	CHECK_FIELD(c, xrrq_orrq, single_sge_size);
}

static const struct hsi_struct objects_structs[] = {
	HSI_STRUCT(cmdq_create_cq),
	HSI_STRUCT(creq_create_cq_resp),
	HSI_STRUCT(cmdq_destroy_cq),
	HSI_STRUCT(creq_destroy_cq_resp),
	HSI_STRUCT(cmdq_create_qp),
	HSI_STRUCT(creq_create_qp_resp),
	HSI_STRUCT(cmdq_destroy_qp),
	HSI_STRUCT(creq_destroy_qp_resp),
	HSI_STRUCT(cmdq_modify_qp),
	HSI_STRUCT(creq_modify_qp_resp),
	HSI_STRUCT(cmdq_allocate_mrw),
	HSI_STRUCT(creq_allocate_mrw_resp),
	HSI_STRUCT(cmdq_register_mr),
	HSI_STRUCT(creq_register_mr_resp),
	HSI_STRUCT(cmdq_deallocate_key),
	HSI_STRUCT(creq_deallocate_key_resp),
	HSI_STRUCT(xrrq_irrq),
	HSI_STRUCT(xrrq_orrq),
};

KUNIT_ARRAY_PARAM_DESC(objects, objects_structs, name);

static void objects_match_broadcom(struct kunit *test)
{
	check_param(test);
}

/* Notification queues. */

static void check_nq_base(struct hsi_check *c)
{
	CHECK_STRUCT(c, nq_base);
	CHECK_FIELD(c, nq_base, info10_type);
	CHECK_CONST(c, NQ_BASE_TYPE_MASK);
	CHECK_CONST(c, NQ_BASE_TYPE_CQ_NOTIFICATION);
	CHECK_FIELD(c, nq_base, info16);
	CHECK_FIELD(c, nq_base, info32);
	CHECK_FIELD(c, nq_base, info63_v);
	CHECK_CONST(c, NQ_BASE_V);
}

static void check_nq_cn(struct hsi_check *c)
{
	CHECK_STRUCT(c, nq_cn);
	CHECK_FIELD(c, nq_cn, type);
	CHECK_FIELD(c, nq_cn, reserved16);
	CHECK_FIELD(c, nq_cn, cq_handle_low);
	CHECK_FIELD(c, nq_cn, v);
	CHECK_FIELD(c, nq_cn, cq_handle_high);
}

static const struct hsi_struct nq_structs[] = {
	HSI_STRUCT(nq_base),
	HSI_STRUCT(nq_cn),
};

KUNIT_ARRAY_PARAM_DESC(nq, nq_structs, name);

static void notification_queues_match_broadcom(struct kunit *test)
{
	check_param(test);
}

/* PBL entries. */

static void check_ptu_pte(struct hsi_check *c)
{
	CHECK_STRUCT(c, ptu_pte);
	CHECK_FIELD(c, ptu_pte, page_next_to_last_last_valid);
	CHECK_CONST(c, PTU_PTE_VALID);
	CHECK_CONST(c, PTU_PTE_LAST);
	CHECK_CONST(c, PTU_PTE_NEXT_TO_LAST);
}

static void check_ptu_pde(struct hsi_check *c)
{
	CHECK_STRUCT(c, ptu_pde);
	CHECK_FIELD(c, ptu_pde, page_valid);
	CHECK_CONST(c, PTU_PDE_VALID);
}

static const struct hsi_struct pbl_structs[] = {
	HSI_STRUCT(ptu_pte),
	HSI_STRUCT(ptu_pde),
};

KUNIT_ARRAY_PARAM_DESC(pbl, pbl_structs, name);

static void pbl_entries_match_broadcom(struct kunit *test)
{
	check_param(test);
}

/* HWRM. */

static void check_hwrm_constants(struct hsi_check *c)
{
	/* Request types (input.req_type). */
	CHECK_CONST(c, HWRM_VER_GET);
	CHECK_CONST(c, HWRM_FUNC_QCAPS);
	CHECK_CONST(c, HWRM_FUNC_QCFG);
	CHECK_CONST(c, HWRM_RING_ALLOC);
	CHECK_CONST(c, HWRM_RING_FREE);
	CHECK_CONST(c, HWRM_STAT_CTX_ALLOC);
	CHECK_CONST(c, HWRM_STAT_CTX_FREE);

	/* Error codes (output.error_code). */
	CHECK_CONST(c, HWRM_ERR_CODE_HOT_RESET_PROGRESS);
	CHECK_CONST(c, HWRM_ERR_CODE_BUSY);

	/* The interface version fw_hsi.h follows. */
	CHECK_CONST(c, HWRM_VERSION_MAJOR);
	CHECK_CONST(c, HWRM_VERSION_MINOR);
	CHECK_CONST(c, HWRM_VERSION_UPDATE);
}

static void check_input(struct hsi_check *c)
{
	CHECK_STRUCT(c, input);
	CHECK_FIELD(c, input, req_type);
	CHECK_FIELD(c, input, cmpl_ring);
	CHECK_FIELD(c, input, seq_id);
	CHECK_FIELD(c, input, target_id);
	CHECK_FIELD(c, input, resp_addr);
}

static void check_output(struct hsi_check *c)
{
	CHECK_STRUCT(c, output);
	CHECK_FIELD(c, output, error_code);
	CHECK_FIELD(c, output, req_type);
	CHECK_FIELD(c, output, seq_id);
	CHECK_FIELD(c, output, resp_len);
}

static void check_hwrm_ver_get_input(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_ver_get_input);
	CHECK_FIELD(c, hwrm_ver_get_input, req_type);
	CHECK_FIELD(c, hwrm_ver_get_input, cmpl_ring);
	CHECK_FIELD(c, hwrm_ver_get_input, seq_id);
	CHECK_FIELD(c, hwrm_ver_get_input, target_id);
	CHECK_FIELD(c, hwrm_ver_get_input, resp_addr);
	CHECK_FIELD(c, hwrm_ver_get_input, hwrm_intf_maj);
	CHECK_FIELD(c, hwrm_ver_get_input, hwrm_intf_min);
	CHECK_FIELD(c, hwrm_ver_get_input, hwrm_intf_upd);
	CHECK_FIELD(c, hwrm_ver_get_input, unused_0);
}

static void check_hwrm_ver_get_output(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_ver_get_output);
	CHECK_FIELD(c, hwrm_ver_get_output, error_code);
	CHECK_FIELD(c, hwrm_ver_get_output, req_type);
	CHECK_FIELD(c, hwrm_ver_get_output, seq_id);
	CHECK_FIELD(c, hwrm_ver_get_output, resp_len);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_intf_maj_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_intf_min_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_intf_upd_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_intf_rsvd_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_fw_maj_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_fw_min_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_fw_bld_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_fw_rsvd_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, mgmt_fw_maj_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, mgmt_fw_min_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, mgmt_fw_bld_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, mgmt_fw_rsvd_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, netctrl_fw_maj_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, netctrl_fw_min_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, netctrl_fw_bld_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, netctrl_fw_rsvd_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, dev_caps_cfg);
	CHECK_FIELD(c, hwrm_ver_get_output, roce_fw_maj_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, roce_fw_min_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, roce_fw_bld_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, roce_fw_rsvd_8b);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_fw_name);
	CHECK_FIELD(c, hwrm_ver_get_output, mgmt_fw_name);
	CHECK_FIELD(c, hwrm_ver_get_output, netctrl_fw_name);
	CHECK_FIELD(c, hwrm_ver_get_output, active_pkg_name);
	CHECK_FIELD(c, hwrm_ver_get_output, roce_fw_name);
	CHECK_FIELD(c, hwrm_ver_get_output, chip_num);
	CHECK_FIELD(c, hwrm_ver_get_output, chip_rev);
	CHECK_FIELD(c, hwrm_ver_get_output, chip_metal);
	CHECK_FIELD(c, hwrm_ver_get_output, chip_bond_id);
	CHECK_FIELD(c, hwrm_ver_get_output, chip_platform_type);
	CHECK_FIELD(c, hwrm_ver_get_output, max_req_win_len);
	CHECK_FIELD(c, hwrm_ver_get_output, max_resp_len);
	CHECK_FIELD(c, hwrm_ver_get_output, def_req_timeout);
	CHECK_FIELD(c, hwrm_ver_get_output, flags);
	CHECK_FIELD(c, hwrm_ver_get_output, unused_0);
	CHECK_FIELD(c, hwrm_ver_get_output, always_1);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_intf_major);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_intf_minor);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_intf_build);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_intf_patch);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_fw_major);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_fw_minor);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_fw_build);
	CHECK_FIELD(c, hwrm_ver_get_output, hwrm_fw_patch);
	CHECK_FIELD(c, hwrm_ver_get_output, mgmt_fw_major);
	CHECK_FIELD(c, hwrm_ver_get_output, mgmt_fw_minor);
	CHECK_FIELD(c, hwrm_ver_get_output, mgmt_fw_build);
	CHECK_FIELD(c, hwrm_ver_get_output, mgmt_fw_patch);
	CHECK_FIELD(c, hwrm_ver_get_output, netctrl_fw_major);
	CHECK_FIELD(c, hwrm_ver_get_output, netctrl_fw_minor);
	CHECK_FIELD(c, hwrm_ver_get_output, netctrl_fw_build);
	CHECK_FIELD(c, hwrm_ver_get_output, netctrl_fw_patch);
	CHECK_FIELD(c, hwrm_ver_get_output, roce_fw_major);
	CHECK_FIELD(c, hwrm_ver_get_output, roce_fw_minor);
	CHECK_FIELD(c, hwrm_ver_get_output, roce_fw_build);
	CHECK_FIELD(c, hwrm_ver_get_output, roce_fw_patch);
	CHECK_FIELD(c, hwrm_ver_get_output, max_ext_req_len);
	CHECK_FIELD(c, hwrm_ver_get_output, max_req_timeout);
	CHECK_FIELD(c, hwrm_ver_get_output, unused_1);
	CHECK_FIELD(c, hwrm_ver_get_output, valid);
}

static void check_hwrm_func_qcaps_input(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_func_qcaps_input);
	CHECK_FIELD(c, hwrm_func_qcaps_input, req_type);
	CHECK_FIELD(c, hwrm_func_qcaps_input, cmpl_ring);
	CHECK_FIELD(c, hwrm_func_qcaps_input, seq_id);
	CHECK_FIELD(c, hwrm_func_qcaps_input, target_id);
	CHECK_FIELD(c, hwrm_func_qcaps_input, resp_addr);
	CHECK_FIELD(c, hwrm_func_qcaps_input, fid);
	CHECK_FIELD(c, hwrm_func_qcaps_input, unused_0);
}

static void check_hwrm_func_qcaps_output(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_func_qcaps_output);
	CHECK_FIELD(c, hwrm_func_qcaps_output, error_code);
	CHECK_FIELD(c, hwrm_func_qcaps_output, req_type);
	CHECK_FIELD(c, hwrm_func_qcaps_output, seq_id);
	CHECK_FIELD(c, hwrm_func_qcaps_output, resp_len);
	CHECK_FIELD(c, hwrm_func_qcaps_output, fid);
	CHECK_FIELD(c, hwrm_func_qcaps_output, port_id);
	CHECK_FIELD(c, hwrm_func_qcaps_output, flags);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_ROCE_V2_SUPPORTED);
	CHECK_FIELD(c, hwrm_func_qcaps_output, mac_address);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_rsscos_ctx);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_cmpl_rings);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_tx_rings);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_rx_rings);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_l2_ctxs);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_vnics);
	CHECK_FIELD(c, hwrm_func_qcaps_output, first_vf_id);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_vfs);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_stat_ctx);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_encap_records);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_decap_records);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_tx_em_flows);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_tx_wm_flows);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_rx_em_flows);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_rx_wm_flows);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_mcast_filters);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_flow_id);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_hw_ring_grps);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_sp_tx_rings);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_msix_vfs);
	CHECK_FIELD(c, hwrm_func_qcaps_output, flags_ext);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_schqs);
	CHECK_FIELD(c, hwrm_func_qcaps_output, mpc_chnls_cap);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_key_ctxs_alloc);
	CHECK_FIELD(c, hwrm_func_qcaps_output, flags_ext2);
	CHECK_FIELD(c, hwrm_func_qcaps_output, tunnel_disable_flag);
	CHECK_FIELD(c, hwrm_func_qcaps_output, xid_partition_cap);
	CHECK_FIELD(c, hwrm_func_qcaps_output, device_serial_number);
	CHECK_FIELD(c, hwrm_func_qcaps_output, ctxs_per_partition);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_tso_segs);
	CHECK_FIELD(c, hwrm_func_qcaps_output, roce_vf_max_av);
	CHECK_FIELD(c, hwrm_func_qcaps_output, roce_vf_max_cq);
	CHECK_FIELD(c, hwrm_func_qcaps_output, roce_vf_max_mrw);
	CHECK_FIELD(c, hwrm_func_qcaps_output, roce_vf_max_qp);
	CHECK_FIELD(c, hwrm_func_qcaps_output, roce_vf_max_srq);
	CHECK_FIELD(c, hwrm_func_qcaps_output, roce_vf_max_gid);
	CHECK_FIELD(c, hwrm_func_qcaps_output, flags_ext3);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_roce_vfs);
	CHECK_FIELD(c, hwrm_func_qcaps_output, unused_3);
	CHECK_FIELD(c, hwrm_func_qcaps_output, valid);
}

static void check_hwrm_func_qcfg_input(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_func_qcfg_input);
	CHECK_FIELD(c, hwrm_func_qcfg_input, req_type);
	CHECK_FIELD(c, hwrm_func_qcfg_input, cmpl_ring);
	CHECK_FIELD(c, hwrm_func_qcfg_input, seq_id);
	CHECK_FIELD(c, hwrm_func_qcfg_input, target_id);
	CHECK_FIELD(c, hwrm_func_qcfg_input, resp_addr);
	CHECK_FIELD(c, hwrm_func_qcfg_input, fid);
	CHECK_FIELD(c, hwrm_func_qcfg_input, unused_0);
}

static void check_hwrm_func_qcfg_output(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_func_qcfg_output);
	CHECK_FIELD(c, hwrm_func_qcfg_output, error_code);
	CHECK_FIELD(c, hwrm_func_qcfg_output, req_type);
	CHECK_FIELD(c, hwrm_func_qcfg_output, seq_id);
	CHECK_FIELD(c, hwrm_func_qcfg_output, resp_len);
	CHECK_FIELD(c, hwrm_func_qcfg_output, fid);
	CHECK_FIELD(c, hwrm_func_qcfg_output, port_id);
	CHECK_FIELD(c, hwrm_func_qcfg_output, vlan);
	CHECK_FIELD(c, hwrm_func_qcfg_output, flags);
	CHECK_FIELD(c, hwrm_func_qcfg_output, mac_address);
	CHECK_FIELD(c, hwrm_func_qcfg_output, pci_id);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_rsscos_ctx);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_cmpl_rings);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_tx_rings);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_rx_rings);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_l2_ctx);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_vnics);
	CHECK_FIELD(c, hwrm_func_qcfg_output, admin_mtu);
	CHECK_FIELD(c, hwrm_func_qcfg_output, mru);
	CHECK_FIELD(c, hwrm_func_qcfg_output, stat_ctx_id);
	CHECK_FIELD(c, hwrm_func_qcfg_output, port_partition_type);
	CHECK_FIELD(c, hwrm_func_qcfg_output, port_pf_cnt);
	CHECK_FIELD(c, hwrm_func_qcfg_output, dflt_vnic_id);
	CHECK_FIELD(c, hwrm_func_qcfg_output, max_mtu_configured);
	CHECK_FIELD(c, hwrm_func_qcfg_output, min_bw);
	CHECK_FIELD(c, hwrm_func_qcfg_output, max_bw);
	CHECK_FIELD(c, hwrm_func_qcfg_output, evb_mode);
	CHECK_FIELD(c, hwrm_func_qcfg_output, options);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_vfs);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_mcast_filters);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_hw_ring_grps);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_sp_tx_rings);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_stat_ctx);
	CHECK_FIELD(c, hwrm_func_qcfg_output, alloc_msix);
	CHECK_FIELD(c, hwrm_func_qcfg_output, registered_vfs);
	CHECK_FIELD(c, hwrm_func_qcfg_output, l2_doorbell_bar_size_kb);
	CHECK_FIELD(c, hwrm_func_qcfg_output, active_endpoints);
	CHECK_FIELD(c, hwrm_func_qcfg_output, always_1);
	CHECK_FIELD(c, hwrm_func_qcfg_output, reset_addr_poll);
	CHECK_FIELD(c, hwrm_func_qcfg_output, legacy_l2_db_size_kb);
	CHECK_FIELD(c, hwrm_func_qcfg_output, svif_info);
	CHECK_FIELD(c, hwrm_func_qcfg_output, mpc_chnls);
	CHECK_FIELD(c, hwrm_func_qcfg_output, db_page_size);
	CHECK_FIELD(c, hwrm_func_qcfg_output, roce_vnic_id);
	CHECK_FIELD(c, hwrm_func_qcfg_output, partition_min_bw);
	CHECK_FIELD(c, hwrm_func_qcfg_output, partition_max_bw);
	CHECK_FIELD(c, hwrm_func_qcfg_output, host_mtu);
	CHECK_FIELD(c, hwrm_func_qcfg_output, flags2);
	CHECK_FIELD(c, hwrm_func_qcfg_output, unused_4);
	CHECK_FIELD(c, hwrm_func_qcfg_output, port_kdnet_mode);
	CHECK_FIELD(c, hwrm_func_qcfg_output, kdnet_pcie_function);
	CHECK_FIELD(c, hwrm_func_qcfg_output, port_kdnet_fid);
	CHECK_FIELD(c, hwrm_func_qcfg_output, unused_5);
	CHECK_FIELD(c, hwrm_func_qcfg_output, num_ktls_tx_key_ctxs);
	CHECK_FIELD(c, hwrm_func_qcfg_output, num_ktls_rx_key_ctxs);
	CHECK_FIELD(c, hwrm_func_qcfg_output, lag_id);
	CHECK_FIELD(c, hwrm_func_qcfg_output, parif);
	CHECK_FIELD(c, hwrm_func_qcfg_output, fw_lag_id);
	CHECK_FIELD(c, hwrm_func_qcfg_output, unused_6);
	CHECK_FIELD(c, hwrm_func_qcfg_output, num_quic_tx_key_ctxs);
	CHECK_FIELD(c, hwrm_func_qcfg_output, num_quic_rx_key_ctxs);
	CHECK_FIELD(c, hwrm_func_qcfg_output, roce_max_av_per_vf);
	CHECK_FIELD(c, hwrm_func_qcfg_output, roce_max_cq_per_vf);
	CHECK_FIELD(c, hwrm_func_qcfg_output, roce_max_mrw_per_vf);
	CHECK_FIELD(c, hwrm_func_qcfg_output, roce_max_qp_per_vf);
	CHECK_FIELD(c, hwrm_func_qcfg_output, roce_max_srq_per_vf);
	CHECK_FIELD(c, hwrm_func_qcfg_output, roce_max_gid_per_vf);
	CHECK_FIELD(c, hwrm_func_qcfg_output, xid_partition_cfg);
	CHECK_FIELD(c, hwrm_func_qcfg_output, unused_7);
	CHECK_FIELD(c, hwrm_func_qcfg_output, valid);
}

static void check_hwrm_ring_alloc_input(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_ring_alloc_input);
	CHECK_FIELD(c, hwrm_ring_alloc_input, req_type);
	CHECK_FIELD(c, hwrm_ring_alloc_input, cmpl_ring);
	CHECK_FIELD(c, hwrm_ring_alloc_input, seq_id);
	CHECK_FIELD(c, hwrm_ring_alloc_input, target_id);
	CHECK_FIELD(c, hwrm_ring_alloc_input, resp_addr);
	CHECK_FIELD(c, hwrm_ring_alloc_input, enables);
	CHECK_FIELD(c, hwrm_ring_alloc_input, ring_type);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_TYPE_NQ);
	CHECK_FIELD(c, hwrm_ring_alloc_input, cmpl_coal_cnt);
	CHECK_FIELD(c, hwrm_ring_alloc_input, flags);
	CHECK_FIELD(c, hwrm_ring_alloc_input, page_tbl_addr);
	CHECK_FIELD(c, hwrm_ring_alloc_input, fbo);
	CHECK_FIELD(c, hwrm_ring_alloc_input, page_size);
	CHECK_FIELD(c, hwrm_ring_alloc_input, page_tbl_depth);
	CHECK_FIELD(c, hwrm_ring_alloc_input, schq_id);
	CHECK_FIELD(c, hwrm_ring_alloc_input, length);
	CHECK_FIELD(c, hwrm_ring_alloc_input, logical_id);
	CHECK_FIELD(c, hwrm_ring_alloc_input, cmpl_ring_id);
	CHECK_FIELD(c, hwrm_ring_alloc_input, queue_id);
	CHECK_FIELD(c, hwrm_ring_alloc_input, rx_buf_size);
	CHECK_FIELD(c, hwrm_ring_alloc_input, rx_ring_id);
	CHECK_FIELD(c, hwrm_ring_alloc_input, nq_ring_id);
	CHECK_FIELD(c, hwrm_ring_alloc_input, ring_arb_cfg);
	CHECK_FIELD(c, hwrm_ring_alloc_input, steering_tag);
	CHECK_FIELD(c, hwrm_ring_alloc_input, reserved3);
	CHECK_FIELD(c, hwrm_ring_alloc_input, stat_ctx_id);
	CHECK_FIELD(c, hwrm_ring_alloc_input, reserved4);
	CHECK_FIELD(c, hwrm_ring_alloc_input, max_bw);
	CHECK_FIELD(c, hwrm_ring_alloc_input, int_mode);
	CHECK_CONST(c, RING_ALLOC_REQ_INT_MODE_MSIX);
	CHECK_FIELD(c, hwrm_ring_alloc_input, mpc_chnls_type);
	CHECK_FIELD(c, hwrm_ring_alloc_input, unused_4);
	CHECK_FIELD(c, hwrm_ring_alloc_input, cq_handle);
}

static void check_hwrm_ring_alloc_output(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_ring_alloc_output);
	CHECK_FIELD(c, hwrm_ring_alloc_output, error_code);
	CHECK_FIELD(c, hwrm_ring_alloc_output, req_type);
	CHECK_FIELD(c, hwrm_ring_alloc_output, seq_id);
	CHECK_FIELD(c, hwrm_ring_alloc_output, resp_len);
	CHECK_FIELD(c, hwrm_ring_alloc_output, ring_id);
	CHECK_FIELD(c, hwrm_ring_alloc_output, logical_ring_id);
	CHECK_FIELD(c, hwrm_ring_alloc_output, push_buffer_index);
	CHECK_FIELD(c, hwrm_ring_alloc_output, unused_0);
	CHECK_FIELD(c, hwrm_ring_alloc_output, valid);
}

static void check_hwrm_ring_free_input(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_ring_free_input);
	CHECK_FIELD(c, hwrm_ring_free_input, req_type);
	CHECK_FIELD(c, hwrm_ring_free_input, cmpl_ring);
	CHECK_FIELD(c, hwrm_ring_free_input, seq_id);
	CHECK_FIELD(c, hwrm_ring_free_input, target_id);
	CHECK_FIELD(c, hwrm_ring_free_input, resp_addr);
	CHECK_FIELD(c, hwrm_ring_free_input, ring_type);
	CHECK_FIELD(c, hwrm_ring_free_input, flags);
	CHECK_FIELD(c, hwrm_ring_free_input, ring_id);
	CHECK_FIELD(c, hwrm_ring_free_input, prod_idx);
	CHECK_FIELD(c, hwrm_ring_free_input, opaque);
	CHECK_FIELD(c, hwrm_ring_free_input, unused_1);
}

static void check_hwrm_ring_free_output(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_ring_free_output);
	CHECK_FIELD(c, hwrm_ring_free_output, error_code);
	CHECK_FIELD(c, hwrm_ring_free_output, req_type);
	CHECK_FIELD(c, hwrm_ring_free_output, seq_id);
	CHECK_FIELD(c, hwrm_ring_free_output, resp_len);
	CHECK_FIELD(c, hwrm_ring_free_output, unused_0);
	CHECK_FIELD(c, hwrm_ring_free_output, valid);
}

static void check_hwrm_stat_ctx_alloc_input(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_stat_ctx_alloc_input);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, req_type);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, cmpl_ring);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, seq_id);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, target_id);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, resp_addr);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, stats_dma_addr);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, update_period_ms);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, stat_ctx_flags);
	CHECK_CONST(c, STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_ROCE);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, unused_0);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, stats_dma_length);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, flags);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, steering_tag);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, stat_ctx_id);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, alloc_seq_id);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, unused_1);
}

static void check_hwrm_stat_ctx_alloc_output(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_stat_ctx_alloc_output);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_output, error_code);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_output, req_type);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_output, seq_id);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_output, resp_len);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_output, stat_ctx_id);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_output, unused_0);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_output, valid);
}

static void check_hwrm_stat_ctx_free_input(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_stat_ctx_free_input);
	CHECK_FIELD(c, hwrm_stat_ctx_free_input, req_type);
	CHECK_FIELD(c, hwrm_stat_ctx_free_input, cmpl_ring);
	CHECK_FIELD(c, hwrm_stat_ctx_free_input, seq_id);
	CHECK_FIELD(c, hwrm_stat_ctx_free_input, target_id);
	CHECK_FIELD(c, hwrm_stat_ctx_free_input, resp_addr);
	CHECK_FIELD(c, hwrm_stat_ctx_free_input, stat_ctx_id);
	CHECK_FIELD(c, hwrm_stat_ctx_free_input, unused_0);
}

static void check_hwrm_stat_ctx_free_output(struct hsi_check *c)
{
	CHECK_STRUCT(c, hwrm_stat_ctx_free_output);
	CHECK_FIELD(c, hwrm_stat_ctx_free_output, error_code);
	CHECK_FIELD(c, hwrm_stat_ctx_free_output, req_type);
	CHECK_FIELD(c, hwrm_stat_ctx_free_output, seq_id);
	CHECK_FIELD(c, hwrm_stat_ctx_free_output, resp_len);
	CHECK_FIELD(c, hwrm_stat_ctx_free_output, stat_ctx_id);
	CHECK_FIELD(c, hwrm_stat_ctx_free_output, unused_0);
	CHECK_FIELD(c, hwrm_stat_ctx_free_output, valid);
}

static void check_ctx_hw_stats(struct hsi_check *c)
{
	CHECK_STRUCT(c, ctx_hw_stats);
	CHECK_FIELD(c, ctx_hw_stats, rx_ucast_pkts);
	CHECK_FIELD(c, ctx_hw_stats, rx_mcast_pkts);
	CHECK_FIELD(c, ctx_hw_stats, rx_bcast_pkts);
	CHECK_FIELD(c, ctx_hw_stats, rx_discard_pkts);
	CHECK_FIELD(c, ctx_hw_stats, rx_error_pkts);
	CHECK_FIELD(c, ctx_hw_stats, rx_ucast_bytes);
	CHECK_FIELD(c, ctx_hw_stats, rx_mcast_bytes);
	CHECK_FIELD(c, ctx_hw_stats, rx_bcast_bytes);
	CHECK_FIELD(c, ctx_hw_stats, tx_ucast_pkts);
	CHECK_FIELD(c, ctx_hw_stats, tx_mcast_pkts);
	CHECK_FIELD(c, ctx_hw_stats, tx_bcast_pkts);
	CHECK_FIELD(c, ctx_hw_stats, tx_error_pkts);
	CHECK_FIELD(c, ctx_hw_stats, tx_discard_pkts);
	CHECK_FIELD(c, ctx_hw_stats, tx_ucast_bytes);
	CHECK_FIELD(c, ctx_hw_stats, tx_mcast_bytes);
	CHECK_FIELD(c, ctx_hw_stats, tx_bcast_bytes);
	CHECK_FIELD(c, ctx_hw_stats, tpa_pkts);
	CHECK_FIELD(c, ctx_hw_stats, tpa_bytes);
	CHECK_FIELD(c, ctx_hw_stats, tpa_events);
	CHECK_FIELD(c, ctx_hw_stats, tpa_aborts);
}

static const struct hsi_struct hwrm_structs[] = {
	{ "hwrm constants", check_hwrm_constants },
	HSI_STRUCT(input),
	HSI_STRUCT(output),
	HSI_STRUCT(hwrm_ver_get_input),
	HSI_STRUCT(hwrm_ver_get_output),
	HSI_STRUCT(hwrm_func_qcaps_input),
	HSI_STRUCT(hwrm_func_qcaps_output),
	HSI_STRUCT(hwrm_func_qcfg_input),
	HSI_STRUCT(hwrm_func_qcfg_output),
	HSI_STRUCT(hwrm_ring_alloc_input),
	HSI_STRUCT(hwrm_ring_alloc_output),
	HSI_STRUCT(hwrm_ring_free_input),
	HSI_STRUCT(hwrm_ring_free_output),
	HSI_STRUCT(hwrm_stat_ctx_alloc_input),
	HSI_STRUCT(hwrm_stat_ctx_alloc_output),
	HSI_STRUCT(hwrm_stat_ctx_free_input),
	HSI_STRUCT(hwrm_stat_ctx_free_output),
	HSI_STRUCT(ctx_hw_stats),
};

KUNIT_ARRAY_PARAM_DESC(hwrm, hwrm_structs, name);

static void hwrm_matches_broadcom(struct kunit *test)
{
	check_param(test);
}

static struct kunit_case rig_bnxt_fw_hsi_test_cases[] = {
	KUNIT_CASE_PARAM(mailbox_matches_broadcom, mailbox_gen_params),
	KUNIT_CASE_PARAM(function_commands_match_broadcom, function_gen_params),
	KUNIT_CASE_PARAM(objects_match_broadcom, objects_gen_params),
	KUNIT_CASE_PARAM(notification_queues_match_broadcom, nq_gen_params),
	KUNIT_CASE_PARAM(pbl_entries_match_broadcom, pbl_gen_params),
	KUNIT_CASE_PARAM(hwrm_matches_broadcom, hwrm_gen_params),
	{}
};

static int rig_bnxt_fw_hsi_suite_init(struct kunit_suite *suite)
{
	hsi_structs = 0;
	hsi_fields = 0;
	hsi_consts = 0;
	return 0;
}

static void rig_bnxt_fw_hsi_suite_exit(struct kunit_suite *suite)
{
	pr_info("%s: %u structures, %u fields and %u constants as Broadcom declares them\n",
		suite->name, hsi_structs, hsi_fields, hsi_consts);
}

static struct kunit_suite rig_bnxt_fw_hsi_test_suite = {
	.name = "rig_bnxt_fw_hsi_test",
	.suite_init = rig_bnxt_fw_hsi_suite_init,
	.suite_exit = rig_bnxt_fw_hsi_suite_exit,
	.test_cases = rig_bnxt_fw_hsi_test_cases,
};

kunit_test_suite(rig_bnxt_fw_hsi_test_suite);

MODULE_DESCRIPTION("rig: fw_hsi.h against Broadcom's roce_hsi.h and bnxt_hsi.h");
MODULE_LICENSE("GPL");
