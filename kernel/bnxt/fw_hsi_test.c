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
	CHECK_CONST(c, CMDQ_BASE_OPCODE_CREATE_SRQ);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DESTROY_SRQ);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_SRQ);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_CREATE_CQ);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DESTROY_CQ);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_RESIZE_CQ);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_ALLOCATE_MRW);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DEALLOCATE_KEY);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_REGISTER_MR);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DEREGISTER_MR);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_ADD_GID);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DELETE_GID);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_MODIFY_GID);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_GID);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_CREATE_QP1);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DESTROY_QP1);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_CREATE_AH);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DESTROY_AH);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_INITIALIZE_FW);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_DEINITIALIZE_FW);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_STOP_FUNC);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_FUNC);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_SET_FUNC_RESOURCES);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_READ_CONTEXT);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_VF_BACKCHANNEL_REQUEST);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_READ_VF_MEMORY);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_COMPLETE_VF_REQUEST);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_EXTEND_CONTEXT_ARRRAY);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_MAP_TC_TO_COS);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_VERSION);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_MODIFY_ROCE_CC);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_ROCE_CC);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_ROCE_STATS);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_SET_LINK_AGGR_MODE);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_MODIFY_CQ);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_QP_EXTEND);
	CHECK_CONST(c, CMDQ_BASE_OPCODE_QUERY_ROCE_STATS_EXT);
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
	CHECK_CONST(c, CREQ_BASE_TYPE_SFT);
	CHECK_CONST(c, CREQ_BASE_TYPE_QP_EVENT);
	CHECK_CONST(c, CREQ_BASE_TYPE_FUNC_EVENT);
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
	CHECK_CONST(c, CREQ_QP_EVENT_TYPE_MASK);
	CHECK_CONST(c, CREQ_QP_EVENT_TYPE_SFT);
	CHECK_CONST(c, CREQ_QP_EVENT_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_qp_event, status);
	CHECK_CONST(c, CREQ_QP_EVENT_STATUS_SUCCESS);
	CHECK_CONST(c, CREQ_QP_EVENT_STATUS_FAIL);
	CHECK_CONST(c, CREQ_QP_EVENT_STATUS_RESOURCES);
	CHECK_CONST(c, CREQ_QP_EVENT_STATUS_INVALID_CMD);
	CHECK_CONST(c, CREQ_QP_EVENT_STATUS_NOT_IMPLEMENTED);
	CHECK_CONST(c, CREQ_QP_EVENT_STATUS_INVALID_PARAMETER);
	CHECK_CONST(c, CREQ_QP_EVENT_STATUS_HARDWARE_ERROR);
	CHECK_CONST(c, CREQ_QP_EVENT_STATUS_INTERNAL_ERROR);
	CHECK_FIELD(c, creq_qp_event, cookie);
	CHECK_FIELD(c, creq_qp_event, reserved32);
	CHECK_FIELD(c, creq_qp_event, v);
	CHECK_CONST(c, CREQ_QP_EVENT_V);
	CHECK_FIELD(c, creq_qp_event, event);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_CREATE_QP);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_DESTROY_QP);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_MODIFY_QP);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_QUERY_QP);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_CREATE_SRQ);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_DESTROY_SRQ);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_QUERY_SRQ);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_CREATE_CQ);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_DESTROY_CQ);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_RESIZE_CQ);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_ALLOCATE_MRW);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_DEALLOCATE_KEY);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_REGISTER_MR);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_DEREGISTER_MR);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_ADD_GID);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_DELETE_GID);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_MODIFY_GID);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_QUERY_GID);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_CREATE_QP1);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_DESTROY_QP1);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_CREATE_AH);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_DESTROY_AH);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_INITIALIZE_FW);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_DEINITIALIZE_FW);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_STOP_FUNC);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_QUERY_FUNC);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_SET_FUNC_RESOURCES);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_READ_CONTEXT);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_MAP_TC_TO_COS);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_QUERY_VERSION);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_MODIFY_CC);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_QUERY_CC);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_QUERY_ROCE_STATS);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_SET_LINK_AGGR_MODE);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_QUERY_QP_EXTEND);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_QP_ERROR_NOTIFICATION);
	CHECK_CONST(c, CREQ_QP_EVENT_EVENT_CQ_ERROR_NOTIFICATION);
	CHECK_FIELD(c, creq_qp_event, reserved48);
}

static void check_creq_func_event(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_func_event);
	CHECK_FIELD(c, creq_func_event, type);
	CHECK_CONST(c, CREQ_FUNC_EVENT_TYPE_MASK);
	CHECK_CONST(c, CREQ_FUNC_EVENT_TYPE_SFT);
	CHECK_CONST(c, CREQ_FUNC_EVENT_TYPE_FUNC_EVENT);
	CHECK_FIELD(c, creq_func_event, reserved56);
	CHECK_FIELD(c, creq_func_event, v);
	CHECK_CONST(c, CREQ_FUNC_EVENT_V);
	CHECK_FIELD(c, creq_func_event, event);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_TX_WQE_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_TX_DATA_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_RX_WQE_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_RX_DATA_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_CQ_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_TQM_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_CFCQ_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_CFCS_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_CFCC_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_CFCM_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_TIM_ERROR);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_VF_COMM_REQUEST);
	CHECK_CONST(c, CREQ_FUNC_EVENT_EVENT_RESOURCE_EXHAUSTED);
	CHECK_FIELD(c, creq_func_event, reserved48);
}

static void check_creq_qp_error_notification(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_qp_error_notification);
	CHECK_FIELD(c, creq_qp_error_notification, type);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_TYPE_MASK);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_TYPE_SFT);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_qp_error_notification, status);
	CHECK_FIELD(c, creq_qp_error_notification, req_slow_path_state);
	CHECK_FIELD(c, creq_qp_error_notification, req_err_state_reason);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_NO_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_OPCODE_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_TIMEOUT_RETRY_LIMIT);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_RNR_TIMEOUT_RETRY_LIMIT);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_NAK_ARRIVAL_1);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_NAK_ARRIVAL_2);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_NAK_ARRIVAL_3);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_NAK_ARRIVAL_4);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_RX_MEMORY_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_TX_MEMORY_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_READ_RESP_LENGTH);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_INVALID_READ_RESP);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_ILLEGAL_BIND);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_ILLEGAL_FAST_REG);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_ILLEGAL_INVALIDATE);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_CMP_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_RETRAN_LOCAL_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_WQE_FORMAT_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_ORRQ_FORMAT_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_INVALID_AVID_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_AV_DOMAIN_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_CQ_LOAD_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_SERV_TYPE_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_INVALID_OP_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_TX_PCI_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_RX_PCI_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_PROD_WQE_MSMTCH_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_PSN_RANGE_CHECK_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_REQ_ERR_STATE_REASON_REQ_RETX_SETUP_ERROR);
	CHECK_FIELD(c, creq_qp_error_notification, xid);
	CHECK_FIELD(c, creq_qp_error_notification, v);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_V);
	CHECK_FIELD(c, creq_qp_error_notification, event);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_EVENT_QP_ERROR_NOTIFICATION);
	CHECK_FIELD(c, creq_qp_error_notification, res_slow_path_state);
	CHECK_FIELD(c, creq_qp_error_notification, res_err_state_reason);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_NO_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_EXCEED_MAX);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_PAYLOAD_LENGTH_MISMATCH);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_EXCEEDS_WQE);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_OPCODE_ERROR);
	CHECK_CONST(c,
		    CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_PSN_SEQ_ERROR_RETRY_LIMIT);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_RX_INVALID_R_KEY);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_RX_DOMAIN_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_RX_NO_PERMISSION);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_RX_RANGE_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_TX_INVALID_R_KEY);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_TX_DOMAIN_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_TX_NO_PERMISSION);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_TX_RANGE_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_IRRQ_OFLOW);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_UNSUPPORTED_OPCODE);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_UNALIGN_ATOMIC);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_REM_INVALIDATE);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_MEMORY_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_SRQ_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_CMP_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_INVALID_DUP_RKEY);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_WQE_FORMAT_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_IRRQ_FORMAT_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_CQ_LOAD_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_SRQ_LOAD_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_TX_PCI_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_RX_PCI_ERROR);
	CHECK_CONST(c, CREQ_QP_ERROR_NOTIFICATION_RES_ERR_STATE_REASON_RES_PSN_NOT_FOUND);
	CHECK_FIELD(c, creq_qp_error_notification, sq_cons_idx);
	CHECK_FIELD(c, creq_qp_error_notification, rq_cons_idx);
}

static const struct hsi_struct mailbox_structs[] = {
	HSI_STRUCT(cmdq_init),
	HSI_STRUCT(cmdq_base),
	HSI_STRUCT(creq_base),
	HSI_STRUCT(creq_qp_event),
	HSI_STRUCT(creq_func_event),
	HSI_STRUCT(creq_qp_error_notification),
};

KUNIT_ARRAY_PARAM_DESC(mailbox, mailbox_structs, name);

static void mailbox_matches_broadcom(struct kunit *test)
{
	check_param(test);
}

/* Function commands. */

static void check_cmdq_query_version(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_query_version);
	CHECK_FIELD(c, cmdq_query_version, opcode);
	CHECK_CONST(c, CMDQ_QUERY_VERSION_OPCODE_QUERY_VERSION);
	CHECK_FIELD(c, cmdq_query_version, cmd_size);
	CHECK_FIELD(c, cmdq_query_version, flags);
	CHECK_FIELD(c, cmdq_query_version, cookie);
	CHECK_FIELD(c, cmdq_query_version, resp_size);
	CHECK_FIELD(c, cmdq_query_version, reserved8);
	CHECK_FIELD(c, cmdq_query_version, resp_addr);
}

static void check_creq_query_version_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_query_version_resp);
	CHECK_FIELD(c, creq_query_version_resp, type);
	CHECK_CONST(c, CREQ_QUERY_VERSION_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_QUERY_VERSION_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_QUERY_VERSION_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_query_version_resp, status);
	CHECK_FIELD(c, creq_query_version_resp, cookie);
	CHECK_FIELD(c, creq_query_version_resp, fw_maj);
	CHECK_FIELD(c, creq_query_version_resp, fw_minor);
	CHECK_FIELD(c, creq_query_version_resp, fw_bld);
	CHECK_FIELD(c, creq_query_version_resp, fw_rsvd);
	CHECK_FIELD(c, creq_query_version_resp, v);
	CHECK_CONST(c, CREQ_QUERY_VERSION_RESP_V);
	CHECK_FIELD(c, creq_query_version_resp, event);
	CHECK_CONST(c, CREQ_QUERY_VERSION_RESP_EVENT_QUERY_VERSION);
	CHECK_FIELD(c, creq_query_version_resp, reserved16);
	CHECK_FIELD(c, creq_query_version_resp, intf_maj);
	CHECK_FIELD(c, creq_query_version_resp, intf_minor);
	CHECK_FIELD(c, creq_query_version_resp, intf_bld);
	CHECK_FIELD(c, creq_query_version_resp, intf_rsvd);
}

static void check_cmdq_query_func(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_query_func);
	CHECK_FIELD(c, cmdq_query_func, opcode);
	CHECK_CONST(c, CMDQ_QUERY_FUNC_OPCODE_QUERY_FUNC);
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
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_query_func_resp, status);
	CHECK_FIELD(c, creq_query_func_resp, cookie);
	CHECK_FIELD(c, creq_query_func_resp, size);
	CHECK_FIELD(c, creq_query_func_resp, v);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_V);
	CHECK_FIELD(c, creq_query_func_resp, event);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_EVENT_QUERY_FUNC);
	CHECK_FIELD(c, creq_query_func_resp, reserved48);
}

static void check_creq_query_func_resp_sb(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_query_func_resp_sb);
	CHECK_FIELD(c, creq_query_func_resp_sb, opcode);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_OPCODE_QUERY_FUNC);
	CHECK_FIELD(c, creq_query_func_resp_sb, status);
	CHECK_FIELD(c, creq_query_func_resp_sb, cookie);
	CHECK_FIELD(c, creq_query_func_resp_sb, flags);
	CHECK_FIELD(c, creq_query_func_resp_sb, resp_size);
	CHECK_FIELD(c, creq_query_func_resp_sb, reserved8);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_mr_size);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_qp);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_qp_wr);
	CHECK_FIELD(c, creq_query_func_resp_sb, dev_cap_flags);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_RESIZE_QP);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_CC_GENERATION_MASK);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_CC_GENERATION_SFT);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_CC_GENERATION_CC_GEN0);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_CC_GENERATION_CC_GEN1);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_CC_GENERATION_CC_GEN1_EXT);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_EXT_STATS);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_MR_REGISTER_ALLOC);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_OPTIMIZED_TRANSMIT_ENABLED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_CQE_V2);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_PINGPONG_PUSH_MODE);
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
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_ATOMIC_OPS_NOT_SUPPORTED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_DRV_VERSION_RGTR_SUPPORTED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_CREATE_QP_BATCH_SUPPORTED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_DESTROY_QP_BATCH_SUPPORTED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_ROCE_STATS_EXT_CTX_SUPPORTED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_CREATE_SRQ_SGE_SUPPORTED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_FIXED_SIZE_WQE_DISABLED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_DCN_SUPPORTED);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_inline_data_var_wqe);
	CHECK_FIELD(c, creq_query_func_resp_sb, start_qid);
	CHECK_FIELD(c, creq_query_func_resp_sb, max_msn_table_size);
	CHECK_FIELD(c, creq_query_func_resp_sb, reserved8_1);
	CHECK_FIELD(c, creq_query_func_resp_sb, dev_cap_ext_flags_2);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_OPTIMIZE_MODIFY_QP_SUPPORTED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_CHANGE_UDP_SRC_PORT_WQE_SUPPORTED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_CQ_COALESCING_SUPPORTED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_MEMORY_REGION_RO_SUPPORTED);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_MASK);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_SFT);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_HOST_PSN_TABLE);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_HOST_MSN_TABLE);
	CHECK_CONST(c, CREQ_QUERY_FUNC_RESP_SB_REQ_RETRANSMISSION_SUPPORT_IQM_MSN_TABLE);
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
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_OPCODE_INITIALIZE_FW);
	CHECK_FIELD(c, cmdq_initialize_fw, cmd_size);
	CHECK_FIELD(c, cmdq_initialize_fw, flags);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_FLAGS_MRAV_RESERVATION_SPLIT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_FLAGS_HW_REQUESTER_RETX_SUPPORTED);
	CHECK_FIELD(c, cmdq_initialize_fw, cookie);
	CHECK_FIELD(c, cmdq_initialize_fw, resp_size);
	CHECK_FIELD(c, cmdq_initialize_fw, reserved8);
	CHECK_FIELD(c, cmdq_initialize_fw, resp_addr);
	CHECK_FIELD(c, cmdq_initialize_fw, qpc_pg_size_qpc_lvl);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_LVL_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_LVL_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_LVL_LVL_0);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_LVL_LVL_1);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_LVL_LVL_2);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_PG_SIZE_PG_8M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_QPC_PG_SIZE_PG_1G);
	CHECK_FIELD(c, cmdq_initialize_fw, mrw_pg_size_mrw_lvl);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_LVL_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_LVL_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_LVL_LVL_0);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_LVL_LVL_1);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_LVL_LVL_2);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_PG_SIZE_PG_8M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_MRW_PG_SIZE_PG_1G);
	CHECK_FIELD(c, cmdq_initialize_fw, srq_pg_size_srq_lvl);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_LVL_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_LVL_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_LVL_LVL_0);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_LVL_LVL_1);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_LVL_LVL_2);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_PG_SIZE_PG_8M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_SRQ_PG_SIZE_PG_1G);
	CHECK_FIELD(c, cmdq_initialize_fw, cq_pg_size_cq_lvl);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_LVL_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_LVL_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_LVL_LVL_0);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_LVL_LVL_1);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_LVL_LVL_2);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_PG_SIZE_PG_8M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_CQ_PG_SIZE_PG_1G);
	CHECK_FIELD(c, cmdq_initialize_fw, tqm_pg_size_tqm_lvl);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_LVL_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_LVL_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_LVL_LVL_0);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_LVL_LVL_1);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_LVL_LVL_2);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_PG_SIZE_PG_8M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TQM_PG_SIZE_PG_1G);
	CHECK_FIELD(c, cmdq_initialize_fw, tim_pg_size_tim_lvl);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_LVL_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_LVL_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_LVL_LVL_0);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_LVL_LVL_1);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_LVL_LVL_2);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_PG_SIZE_PG_8M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_TIM_PG_SIZE_PG_1G);
	CHECK_FIELD(c, cmdq_initialize_fw, log2_dbr_pg_size);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_16K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_32K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_128K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_256K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_512K);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_1M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_4M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_8M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_16M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_32M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_64M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_LOG2_DBR_PG_SIZE_PG_128M);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_RSVD_MASK);
	CHECK_CONST(c, CMDQ_INITIALIZE_FW_RSVD_SFT);
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
	CHECK_CONST(c, CREQ_INITIALIZE_FW_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_INITIALIZE_FW_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_INITIALIZE_FW_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_initialize_fw_resp, status);
	CHECK_FIELD(c, creq_initialize_fw_resp, cookie);
	CHECK_FIELD(c, creq_initialize_fw_resp, reserved32);
	CHECK_FIELD(c, creq_initialize_fw_resp, v);
	CHECK_CONST(c, CREQ_INITIALIZE_FW_RESP_V);
	CHECK_FIELD(c, creq_initialize_fw_resp, event);
	CHECK_CONST(c, CREQ_INITIALIZE_FW_RESP_EVENT_INITIALIZE_FW);
	CHECK_FIELD(c, creq_initialize_fw_resp, reserved48);
}

static void check_cmdq_deinitialize_fw(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_deinitialize_fw);
	CHECK_FIELD(c, cmdq_deinitialize_fw, opcode);
	CHECK_CONST(c, CMDQ_DEINITIALIZE_FW_OPCODE_DEINITIALIZE_FW);
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
	CHECK_CONST(c, CMDQ_ADD_GID_OPCODE_ADD_GID);
	CHECK_FIELD(c, cmdq_add_gid, cmd_size);
	CHECK_FIELD(c, cmdq_add_gid, flags);
	CHECK_FIELD(c, cmdq_add_gid, cookie);
	CHECK_FIELD(c, cmdq_add_gid, resp_size);
	CHECK_FIELD(c, cmdq_add_gid, reserved8);
	CHECK_FIELD(c, cmdq_add_gid, resp_addr);
	CHECK_FIELD(c, cmdq_add_gid, gid);
	CHECK_FIELD(c, cmdq_add_gid, src_mac);
	CHECK_FIELD(c, cmdq_add_gid, vlan);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_VLAN_EN_TPID_VLAN_ID_MASK);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_VLAN_EN_TPID_VLAN_ID_SFT);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_VLAN_ID_MASK);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_VLAN_ID_SFT);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_TPID_MASK);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_TPID_SFT);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_TPID_TPID_88A8);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_TPID_TPID_8100);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_TPID_TPID_9100);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_TPID_TPID_9200);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_TPID_TPID_9300);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_TPID_TPID_CFG1);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_TPID_TPID_CFG2);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_TPID_TPID_CFG3);
	CHECK_CONST(c, CMDQ_ADD_GID_VLAN_VLAN_EN);
	CHECK_FIELD(c, cmdq_add_gid, ipid);
	CHECK_FIELD(c, cmdq_add_gid, stats_ctx);
	CHECK_CONST(c, CMDQ_ADD_GID_STATS_CTX_STATS_CTX_VALID_STATS_CTX_ID_MASK);
	CHECK_CONST(c, CMDQ_ADD_GID_STATS_CTX_STATS_CTX_VALID_STATS_CTX_ID_SFT);
	CHECK_CONST(c, CMDQ_ADD_GID_STATS_CTX_STATS_CTX_ID_MASK);
	CHECK_CONST(c, CMDQ_ADD_GID_STATS_CTX_STATS_CTX_ID_SFT);
	CHECK_CONST(c, CMDQ_ADD_GID_STATS_CTX_STATS_CTX_VALID);
	CHECK_FIELD(c, cmdq_add_gid, unused_0);
}

static void check_creq_add_gid_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_add_gid_resp);
	CHECK_FIELD(c, creq_add_gid_resp, type);
	CHECK_CONST(c, CREQ_ADD_GID_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_ADD_GID_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_ADD_GID_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_add_gid_resp, status);
	CHECK_FIELD(c, creq_add_gid_resp, cookie);
	CHECK_FIELD(c, creq_add_gid_resp, xid);
	CHECK_FIELD(c, creq_add_gid_resp, v);
	CHECK_CONST(c, CREQ_ADD_GID_RESP_V);
	CHECK_FIELD(c, creq_add_gid_resp, event);
	CHECK_CONST(c, CREQ_ADD_GID_RESP_EVENT_ADD_GID);
	CHECK_FIELD(c, creq_add_gid_resp, reserved48);
}

static void check_cmdq_delete_gid(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_delete_gid);
	CHECK_FIELD(c, cmdq_delete_gid, opcode);
	CHECK_CONST(c, CMDQ_DELETE_GID_OPCODE_DELETE_GID);
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
	HSI_STRUCT(cmdq_query_version),
	HSI_STRUCT(creq_query_version_resp),
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
	CHECK_CONST(c, CMDQ_CREATE_CQ_OPCODE_CREATE_CQ);
	CHECK_FIELD(c, cmdq_create_cq, cmd_size);
	CHECK_FIELD(c, cmdq_create_cq, flags);
	CHECK_CONST(c, CMDQ_CREATE_CQ_FLAGS_DISABLE_CQ_OVERFLOW_DETECTION);
	CHECK_CONST(c, CMDQ_CREATE_CQ_FLAGS_STEERING_TAG_VALID);
	CHECK_CONST(c, CMDQ_CREATE_CQ_FLAGS_INFINITE_CQ_MODE);
	CHECK_FIELD(c, cmdq_create_cq, cookie);
	CHECK_FIELD(c, cmdq_create_cq, resp_size);
	CHECK_FIELD(c, cmdq_create_cq, reserved8);
	CHECK_FIELD(c, cmdq_create_cq, resp_addr);
	CHECK_FIELD(c, cmdq_create_cq, cq_handle);
	CHECK_FIELD(c, cmdq_create_cq, pg_size_lvl);
	CHECK_CONST(c, CMDQ_CREATE_CQ_LVL_MASK);
	CHECK_CONST(c, CMDQ_CREATE_CQ_LVL_SFT);
	CHECK_CONST(c, CMDQ_CREATE_CQ_LVL_LVL_0);
	CHECK_CONST(c, CMDQ_CREATE_CQ_LVL_LVL_1);
	CHECK_CONST(c, CMDQ_CREATE_CQ_LVL_LVL_2);
	CHECK_CONST(c, CMDQ_CREATE_CQ_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_CREATE_CQ_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_CREATE_CQ_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_CREATE_CQ_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_CREATE_CQ_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_CREATE_CQ_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_CREATE_CQ_PG_SIZE_PG_8M);
	CHECK_CONST(c, CMDQ_CREATE_CQ_PG_SIZE_PG_1G);
	CHECK_CONST(c, CMDQ_CREATE_CQ_UNUSED27_MASK);
	CHECK_CONST(c, CMDQ_CREATE_CQ_UNUSED27_SFT);
	CHECK_FIELD(c, cmdq_create_cq, cq_fco_cnq_id);
	CHECK_CONST(c, CMDQ_CREATE_CQ_CNQ_ID_MASK);
	CHECK_CONST(c, CMDQ_CREATE_CQ_CNQ_ID_SFT);
	CHECK_CONST(c, CMDQ_CREATE_CQ_CQ_FCO_MASK);
	CHECK_CONST(c, CMDQ_CREATE_CQ_CQ_FCO_SFT);
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
	CHECK_CONST(c, CREQ_CREATE_CQ_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_CREATE_CQ_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_CREATE_CQ_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_create_cq_resp, status);
	CHECK_FIELD(c, creq_create_cq_resp, cookie);
	CHECK_FIELD(c, creq_create_cq_resp, xid);
	CHECK_FIELD(c, creq_create_cq_resp, v);
	CHECK_CONST(c, CREQ_CREATE_CQ_RESP_V);
	CHECK_FIELD(c, creq_create_cq_resp, event);
	CHECK_CONST(c, CREQ_CREATE_CQ_RESP_EVENT_CREATE_CQ);
	CHECK_FIELD(c, creq_create_cq_resp, reserved48);
}

static void check_cmdq_destroy_cq(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_destroy_cq);
	CHECK_FIELD(c, cmdq_destroy_cq, opcode);
	CHECK_CONST(c, CMDQ_DESTROY_CQ_OPCODE_DESTROY_CQ);
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
	CHECK_CONST(c, CREQ_DESTROY_CQ_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_DESTROY_CQ_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_DESTROY_CQ_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_destroy_cq_resp, status);
	CHECK_FIELD(c, creq_destroy_cq_resp, cookie);
	CHECK_FIELD(c, creq_destroy_cq_resp, xid);
	CHECK_FIELD(c, creq_destroy_cq_resp, v);
	CHECK_CONST(c, CREQ_DESTROY_CQ_RESP_V);
	CHECK_FIELD(c, creq_destroy_cq_resp, event);
	CHECK_CONST(c, CREQ_DESTROY_CQ_RESP_EVENT_DESTROY_CQ);
	CHECK_FIELD(c, creq_destroy_cq_resp, cq_arm_lvl);
	CHECK_CONST(c, CREQ_DESTROY_CQ_RESP_CQ_ARM_LVL_MASK);
	CHECK_CONST(c, CREQ_DESTROY_CQ_RESP_CQ_ARM_LVL_SFT);
	CHECK_FIELD(c, creq_destroy_cq_resp, total_cnq_events);
	CHECK_FIELD(c, creq_destroy_cq_resp, reserved16);
}

static void check_cmdq_create_qp(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_create_qp);
	CHECK_FIELD(c, cmdq_create_qp, opcode);
	CHECK_CONST(c, CMDQ_CREATE_QP_OPCODE_CREATE_QP);
	CHECK_FIELD(c, cmdq_create_qp, cmd_size);
	CHECK_FIELD(c, cmdq_create_qp, flags);
	CHECK_FIELD(c, cmdq_create_qp, cookie);
	CHECK_FIELD(c, cmdq_create_qp, resp_size);
	CHECK_FIELD(c, cmdq_create_qp, reserved8);
	CHECK_FIELD(c, cmdq_create_qp, resp_addr);
	CHECK_FIELD(c, cmdq_create_qp, qp_handle);
	CHECK_FIELD(c, cmdq_create_qp, qp_flags);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_SRQ_USED);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_FORCE_COMPLETION);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_RESERVED_LKEY_ENABLE);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_FR_PMR_ENABLED);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_VARIABLE_SIZED_WQE_ENABLED);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_OPTIMIZED_TRANSMIT_ENABLED);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_RESPONDER_UD_CQE_WITH_CFA);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_EXT_STATS_ENABLED);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_EXPRESS_MODE_ENABLED);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_STEERING_TAG_VALID);
	CHECK_CONST(c, CMDQ_CREATE_QP_QP_FLAGS_RDMA_READ_OR_ATOMICS_USED);
	CHECK_FIELD(c, cmdq_create_qp, type);
	CHECK_CONST(c, CMDQ_CREATE_QP_TYPE_RC);
	CHECK_CONST(c, CMDQ_CREATE_QP_TYPE_UD);
	CHECK_CONST(c, CMDQ_CREATE_QP_TYPE_RAW_ETHERTYPE);
	CHECK_CONST(c, CMDQ_CREATE_QP_TYPE_GSI);
	CHECK_FIELD(c, cmdq_create_qp, sq_pg_size_sq_lvl);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_LVL_MASK);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_LVL_SFT);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_LVL_LVL_0);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_LVL_LVL_1);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_LVL_LVL_2);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_PG_SIZE_PG_8M);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_PG_SIZE_PG_1G);
	CHECK_FIELD(c, cmdq_create_qp, rq_pg_size_rq_lvl);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_LVL_MASK);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_LVL_SFT);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_LVL_LVL_0);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_LVL_LVL_1);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_LVL_LVL_2);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_PG_SIZE_PG_8M);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_PG_SIZE_PG_1G);
	CHECK_FIELD(c, cmdq_create_qp, unused_0);
	CHECK_FIELD(c, cmdq_create_qp, dpi);
	CHECK_FIELD(c, cmdq_create_qp, sq_size);
	CHECK_FIELD(c, cmdq_create_qp, rq_size);
	CHECK_FIELD(c, cmdq_create_qp, sq_fwo_sq_sge);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_SGE_MASK);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_SGE_SFT);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_FWO_MASK);
	CHECK_CONST(c, CMDQ_CREATE_QP_SQ_FWO_SFT);
	CHECK_FIELD(c, cmdq_create_qp, rq_fwo_rq_sge);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_SGE_MASK);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_SGE_SFT);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_FWO_MASK);
	CHECK_CONST(c, CMDQ_CREATE_QP_RQ_FWO_SFT);
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
	CHECK_CONST(c, CREQ_CREATE_QP_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_CREATE_QP_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_CREATE_QP_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_create_qp_resp, status);
	CHECK_FIELD(c, creq_create_qp_resp, cookie);
	CHECK_FIELD(c, creq_create_qp_resp, xid);
	CHECK_FIELD(c, creq_create_qp_resp, v);
	CHECK_CONST(c, CREQ_CREATE_QP_RESP_V);
	CHECK_FIELD(c, creq_create_qp_resp, event);
	CHECK_CONST(c, CREQ_CREATE_QP_RESP_EVENT_CREATE_QP);
	CHECK_FIELD(c, creq_create_qp_resp, optimized_transmit_enabled);
	CHECK_FIELD(c, creq_create_qp_resp, reserved48);
}

static void check_cmdq_destroy_qp(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_destroy_qp);
	CHECK_FIELD(c, cmdq_destroy_qp, opcode);
	CHECK_CONST(c, CMDQ_DESTROY_QP_OPCODE_DESTROY_QP);
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
	CHECK_CONST(c, CREQ_DESTROY_QP_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_DESTROY_QP_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_DESTROY_QP_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_destroy_qp_resp, status);
	CHECK_FIELD(c, creq_destroy_qp_resp, cookie);
	CHECK_FIELD(c, creq_destroy_qp_resp, xid);
	CHECK_FIELD(c, creq_destroy_qp_resp, v);
	CHECK_CONST(c, CREQ_DESTROY_QP_RESP_V);
	CHECK_FIELD(c, creq_destroy_qp_resp, event);
	CHECK_CONST(c, CREQ_DESTROY_QP_RESP_EVENT_DESTROY_QP);
	CHECK_FIELD(c, creq_destroy_qp_resp, reserved48);
}

static void check_cmdq_modify_qp(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_modify_qp);
	CHECK_FIELD(c, cmdq_modify_qp, opcode);
	CHECK_CONST(c, CMDQ_MODIFY_QP_OPCODE_MODIFY_QP);
	CHECK_FIELD(c, cmdq_modify_qp, cmd_size);
	CHECK_FIELD(c, cmdq_modify_qp, flags);
	CHECK_FIELD(c, cmdq_modify_qp, cookie);
	CHECK_FIELD(c, cmdq_modify_qp, resp_size);
	CHECK_FIELD(c, cmdq_modify_qp, qp_type);
	CHECK_CONST(c, CMDQ_MODIFY_QP_QP_TYPE_RC);
	CHECK_CONST(c, CMDQ_MODIFY_QP_QP_TYPE_UD);
	CHECK_CONST(c, CMDQ_MODIFY_QP_QP_TYPE_RAW_ETHERTYPE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_QP_TYPE_GSI);
	CHECK_FIELD(c, cmdq_modify_qp, resp_addr);
	CHECK_FIELD(c, cmdq_modify_qp, modify_mask);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_STATE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_EN_SQD_ASYNC_NOTIFY);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_ACCESS);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_PKEY);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_QKEY);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_DGID);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_FLOW_LABEL);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_SGID_INDEX);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_HOP_LIMIT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_TRAFFIC_CLASS);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_DEST_MAC);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_PINGPONG_PUSH_MODE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_PATH_MTU);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_TIMEOUT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_RETRY_CNT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_RNR_RETRY);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_RQ_PSN);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_MAX_RD_ATOMIC);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_MIN_RNR_TIMER);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_SQ_PSN);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_MAX_DEST_RD_ATOMIC);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_SQ_SIZE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_RQ_SIZE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_SQ_SGE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_RQ_SGE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_MAX_INLINE_DATA);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_DEST_QP_ID);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_SRC_MAC);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_VLAN_ID);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_ENABLE_CC);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_TOS_ECN);
	CHECK_CONST(c, CMDQ_MODIFY_QP_MODIFY_MASK_TOS_DSCP);
	CHECK_FIELD(c, cmdq_modify_qp, qp_cid);
	CHECK_FIELD(c, cmdq_modify_qp, network_type_en_sqd_async_notify_new_state);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_MASK);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_SFT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_RESET);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_INIT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_RTR);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_RTS);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_SQD);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_SQE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NEW_STATE_ERR);
	CHECK_CONST(c, CMDQ_MODIFY_QP_EN_SQD_ASYNC_NOTIFY);
	CHECK_CONST(c, CMDQ_MODIFY_QP_UNUSED1);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NETWORK_TYPE_MASK);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NETWORK_TYPE_SFT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV1);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV4);
	CHECK_CONST(c, CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV6);
	CHECK_FIELD(c, cmdq_modify_qp, access);
	CHECK_CONST(c,
		    CMDQ_MODIFY_QP_ACCESS_REMOTE_ATOMIC_REMOTE_READ_REMOTE_WRITE_LOCAL_WRITE_MASK);
	CHECK_CONST(c,
		    CMDQ_MODIFY_QP_ACCESS_REMOTE_ATOMIC_REMOTE_READ_REMOTE_WRITE_LOCAL_WRITE_SFT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_ACCESS_LOCAL_WRITE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_ACCESS_REMOTE_WRITE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_ACCESS_REMOTE_READ);
	CHECK_CONST(c, CMDQ_MODIFY_QP_ACCESS_REMOTE_ATOMIC);
	CHECK_FIELD(c, cmdq_modify_qp, pkey);
	CHECK_FIELD(c, cmdq_modify_qp, qkey);
	CHECK_FIELD(c, cmdq_modify_qp, dgid);
	CHECK_FIELD(c, cmdq_modify_qp, flow_label);
	CHECK_FIELD(c, cmdq_modify_qp, sgid_index);
	CHECK_FIELD(c, cmdq_modify_qp, hop_limit);
	CHECK_FIELD(c, cmdq_modify_qp, traffic_class);
	CHECK_FIELD(c, cmdq_modify_qp, dest_mac);
	CHECK_FIELD(c, cmdq_modify_qp, tos_dscp_tos_ecn);
	CHECK_CONST(c, CMDQ_MODIFY_QP_TOS_ECN_MASK);
	CHECK_CONST(c, CMDQ_MODIFY_QP_TOS_ECN_SFT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_TOS_DSCP_MASK);
	CHECK_CONST(c, CMDQ_MODIFY_QP_TOS_DSCP_SFT);
	CHECK_FIELD(c, cmdq_modify_qp, path_mtu_pingpong_push_enable);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PINGPONG_PUSH_ENABLE);
	CHECK_CONST(c, CMDQ_MODIFY_QP_UNUSED3_MASK);
	CHECK_CONST(c, CMDQ_MODIFY_QP_UNUSED3_SFT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MASK);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_SFT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_256);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_512);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_1024);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_2048);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_4096);
	CHECK_CONST(c, CMDQ_MODIFY_QP_PATH_MTU_MTU_8192);
	CHECK_FIELD(c, cmdq_modify_qp, timeout);
	CHECK_FIELD(c, cmdq_modify_qp, retry_cnt);
	CHECK_FIELD(c, cmdq_modify_qp, rnr_retry);
	CHECK_FIELD(c, cmdq_modify_qp, min_rnr_timer);
	CHECK_FIELD(c, cmdq_modify_qp, rq_psn);
	CHECK_FIELD(c, cmdq_modify_qp, sq_psn);
	CHECK_FIELD(c, cmdq_modify_qp, max_rd_atomic);
	CHECK_FIELD(c, cmdq_modify_qp, max_dest_rd_atomic);
	CHECK_FIELD(c, cmdq_modify_qp, enable_cc);
	CHECK_CONST(c, CMDQ_MODIFY_QP_ENABLE_CC);
	CHECK_CONST(c, CMDQ_MODIFY_QP_UNUSED15_MASK);
	CHECK_CONST(c, CMDQ_MODIFY_QP_UNUSED15_SFT);
	CHECK_FIELD(c, cmdq_modify_qp, sq_size);
	CHECK_FIELD(c, cmdq_modify_qp, rq_size);
	CHECK_FIELD(c, cmdq_modify_qp, sq_sge);
	CHECK_FIELD(c, cmdq_modify_qp, rq_sge);
	CHECK_FIELD(c, cmdq_modify_qp, max_inline_data);
	CHECK_FIELD(c, cmdq_modify_qp, dest_qp_id);
	CHECK_FIELD(c, cmdq_modify_qp, pingpong_push_dpi);
	CHECK_FIELD(c, cmdq_modify_qp, src_mac);
	CHECK_FIELD(c, cmdq_modify_qp, vlan_pcp_vlan_dei_vlan_id);
	CHECK_CONST(c, CMDQ_MODIFY_QP_VLAN_ID_MASK);
	CHECK_CONST(c, CMDQ_MODIFY_QP_VLAN_ID_SFT);
	CHECK_CONST(c, CMDQ_MODIFY_QP_VLAN_DEI);
	CHECK_CONST(c, CMDQ_MODIFY_QP_VLAN_PCP_MASK);
	CHECK_CONST(c, CMDQ_MODIFY_QP_VLAN_PCP_SFT);
	CHECK_FIELD(c, cmdq_modify_qp, irrq_addr);
	CHECK_FIELD(c, cmdq_modify_qp, orrq_addr);
	CHECK_FIELD(c, cmdq_modify_qp, ext_modify_mask);
	CHECK_CONST(c, CMDQ_MODIFY_QP_EXT_MODIFY_MASK_EXT_STATS_CTX);
	CHECK_CONST(c, CMDQ_MODIFY_QP_EXT_MODIFY_MASK_SCHQ_ID_VALID);
	CHECK_FIELD(c, cmdq_modify_qp, ext_stats_ctx_id);
	CHECK_FIELD(c, cmdq_modify_qp, schq_id);
	CHECK_FIELD(c, cmdq_modify_qp, unused_0);
	CHECK_FIELD(c, cmdq_modify_qp, reserved32);
}

static void check_creq_modify_qp_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_modify_qp_resp);
	CHECK_FIELD(c, creq_modify_qp_resp, type);
	CHECK_CONST(c, CREQ_MODIFY_QP_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_MODIFY_QP_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_MODIFY_QP_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_modify_qp_resp, status);
	CHECK_FIELD(c, creq_modify_qp_resp, cookie);
	CHECK_FIELD(c, creq_modify_qp_resp, xid);
	CHECK_FIELD(c, creq_modify_qp_resp, v);
	CHECK_CONST(c, CREQ_MODIFY_QP_RESP_V);
	CHECK_FIELD(c, creq_modify_qp_resp, event);
	CHECK_CONST(c, CREQ_MODIFY_QP_RESP_EVENT_MODIFY_QP);
	CHECK_FIELD(c, creq_modify_qp_resp, pingpong_push_state_index_enabled);
	CHECK_CONST(c, CREQ_MODIFY_QP_RESP_PINGPONG_PUSH_ENABLED);
	CHECK_CONST(c, CREQ_MODIFY_QP_RESP_PINGPONG_PUSH_INDEX_MASK);
	CHECK_CONST(c, CREQ_MODIFY_QP_RESP_PINGPONG_PUSH_INDEX_SFT);
	CHECK_CONST(c, CREQ_MODIFY_QP_RESP_PINGPONG_PUSH_STATE);
	CHECK_FIELD(c, creq_modify_qp_resp, reserved8);
	CHECK_FIELD(c, creq_modify_qp_resp, lag_src_mac);
}

static void check_cmdq_query_qp(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_query_qp);
	CHECK_FIELD(c, cmdq_query_qp, opcode);
	CHECK_CONST(c, CMDQ_QUERY_QP_OPCODE_QUERY_QP);
	CHECK_FIELD(c, cmdq_query_qp, cmd_size);
	CHECK_FIELD(c, cmdq_query_qp, flags);
	CHECK_FIELD(c, cmdq_query_qp, cookie);
	CHECK_FIELD(c, cmdq_query_qp, resp_size);
	CHECK_FIELD(c, cmdq_query_qp, reserved8);
	CHECK_FIELD(c, cmdq_query_qp, resp_addr);
	CHECK_FIELD(c, cmdq_query_qp, qp_cid);
	CHECK_FIELD(c, cmdq_query_qp, unused_0);
}

static void check_creq_query_qp_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_query_qp_resp);
	CHECK_FIELD(c, creq_query_qp_resp, type);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_query_qp_resp, status);
	CHECK_FIELD(c, creq_query_qp_resp, cookie);
	CHECK_FIELD(c, creq_query_qp_resp, size);
	CHECK_FIELD(c, creq_query_qp_resp, v);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_V);
	CHECK_FIELD(c, creq_query_qp_resp, event);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_EVENT_QUERY_QP);
	CHECK_FIELD(c, creq_query_qp_resp, reserved48);
}

static void check_creq_query_qp_resp_sb(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_query_qp_resp_sb);
	CHECK_FIELD(c, creq_query_qp_resp_sb, opcode);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_OPCODE_QUERY_QP);
	CHECK_FIELD(c, creq_query_qp_resp_sb, status);
	CHECK_FIELD(c, creq_query_qp_resp_sb, cookie);
	CHECK_FIELD(c, creq_query_qp_resp_sb, flags);
	CHECK_FIELD(c, creq_query_qp_resp_sb, resp_size);
	CHECK_FIELD(c, creq_query_qp_resp_sb, reserved8);
	CHECK_FIELD(c, creq_query_qp_resp_sb, xid);
	CHECK_FIELD(c, creq_query_qp_resp_sb, en_sqd_async_notify_state);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_STATE_MASK);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_STATE_SFT);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_STATE_RESET);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_STATE_INIT);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_STATE_RTR);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_STATE_RTS);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_STATE_SQD);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_STATE_SQE);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_STATE_ERR);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_EN_SQD_ASYNC_NOTIFY);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_UNUSED3_MASK);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_UNUSED3_SFT);
	CHECK_FIELD(c, creq_query_qp_resp_sb, access);
	CHECK_CONST_SPLIT(c, CREQ_QUERY_QP_RESP_SB_,
			  ACCESS_REMOTE_ATOMIC_REMOTE_READ_REMOTE_WRITE_LOCAL_WRITE_MASK);
	CHECK_CONST_SPLIT(c, CREQ_QUERY_QP_RESP_SB_,
			  ACCESS_REMOTE_ATOMIC_REMOTE_READ_REMOTE_WRITE_LOCAL_WRITE_SFT);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_ACCESS_LOCAL_WRITE);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_ACCESS_REMOTE_WRITE);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_ACCESS_REMOTE_READ);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_ACCESS_REMOTE_ATOMIC);
	CHECK_FIELD(c, creq_query_qp_resp_sb, pkey);
	CHECK_FIELD(c, creq_query_qp_resp_sb, qkey);
	CHECK_FIELD(c, creq_query_qp_resp_sb, reserved32);
	CHECK_FIELD(c, creq_query_qp_resp_sb, dgid);
	CHECK_FIELD(c, creq_query_qp_resp_sb, flow_label);
	CHECK_FIELD(c, creq_query_qp_resp_sb, sgid_index);
	CHECK_FIELD(c, creq_query_qp_resp_sb, hop_limit);
	CHECK_FIELD(c, creq_query_qp_resp_sb, traffic_class);
	CHECK_FIELD(c, creq_query_qp_resp_sb, dest_mac);
	CHECK_FIELD(c, creq_query_qp_resp_sb, path_mtu_dest_vlan_id);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_DEST_VLAN_ID_MASK);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_DEST_VLAN_ID_SFT);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_PATH_MTU_MASK);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_PATH_MTU_SFT);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_PATH_MTU_MTU_256);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_PATH_MTU_MTU_512);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_PATH_MTU_MTU_1024);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_PATH_MTU_MTU_2048);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_PATH_MTU_MTU_4096);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_PATH_MTU_MTU_8192);
	CHECK_FIELD(c, creq_query_qp_resp_sb, timeout);
	CHECK_FIELD(c, creq_query_qp_resp_sb, retry_cnt);
	CHECK_FIELD(c, creq_query_qp_resp_sb, rnr_retry);
	CHECK_FIELD(c, creq_query_qp_resp_sb, min_rnr_timer);
	CHECK_FIELD(c, creq_query_qp_resp_sb, rq_psn);
	CHECK_FIELD(c, creq_query_qp_resp_sb, sq_psn);
	CHECK_FIELD(c, creq_query_qp_resp_sb, max_rd_atomic);
	CHECK_FIELD(c, creq_query_qp_resp_sb, max_dest_rd_atomic);
	CHECK_FIELD(c, creq_query_qp_resp_sb, tos_dscp_tos_ecn);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_TOS_ECN_MASK);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_TOS_ECN_SFT);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_TOS_DSCP_MASK);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_TOS_DSCP_SFT);
	CHECK_FIELD(c, creq_query_qp_resp_sb, enable_cc);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_ENABLE_CC);
	CHECK_FIELD(c, creq_query_qp_resp_sb, sq_size);
	CHECK_FIELD(c, creq_query_qp_resp_sb, rq_size);
	CHECK_FIELD(c, creq_query_qp_resp_sb, sq_sge);
	CHECK_FIELD(c, creq_query_qp_resp_sb, rq_sge);
	CHECK_FIELD(c, creq_query_qp_resp_sb, max_inline_data);
	CHECK_FIELD(c, creq_query_qp_resp_sb, dest_qp_id);
	CHECK_FIELD(c, creq_query_qp_resp_sb, port_id);
	CHECK_FIELD(c, creq_query_qp_resp_sb, unused_0);
	CHECK_FIELD(c, creq_query_qp_resp_sb, stat_collection_id);
	CHECK_FIELD(c, creq_query_qp_resp_sb, src_mac);
	CHECK_FIELD(c, creq_query_qp_resp_sb, vlan_pcp_vlan_dei_vlan_id);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_VLAN_ID_MASK);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_VLAN_ID_SFT);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_VLAN_DEI);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_VLAN_PCP_MASK);
	CHECK_CONST(c, CREQ_QUERY_QP_RESP_SB_VLAN_PCP_SFT);
}

static void check_cmdq_allocate_mrw(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_allocate_mrw);
	CHECK_FIELD(c, cmdq_allocate_mrw, opcode);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_OPCODE_ALLOCATE_MRW);
	CHECK_FIELD(c, cmdq_allocate_mrw, cmd_size);
	CHECK_FIELD(c, cmdq_allocate_mrw, flags);
	CHECK_FIELD(c, cmdq_allocate_mrw, cookie);
	CHECK_FIELD(c, cmdq_allocate_mrw, resp_size);
	CHECK_FIELD(c, cmdq_allocate_mrw, reserved8);
	CHECK_FIELD(c, cmdq_allocate_mrw, resp_addr);
	CHECK_FIELD(c, cmdq_allocate_mrw, mrw_handle);
	CHECK_FIELD(c, cmdq_allocate_mrw, mrw_flags);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_MRW_FLAGS_MASK);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_MRW_FLAGS_SFT);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_MRW_FLAGS_MR);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_MRW_FLAGS_PMR);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_MRW_FLAGS_MW_TYPE1);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_MRW_FLAGS_MW_TYPE2A);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_MRW_FLAGS_MW_TYPE2B);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_STEERING_TAG_VALID);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_UNUSED4_MASK);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_UNUSED4_SFT);
	CHECK_FIELD(c, cmdq_allocate_mrw, access);
	CHECK_CONST(c, CMDQ_ALLOCATE_MRW_ACCESS_CONSUMER_OWNED_KEY);
	CHECK_FIELD(c, cmdq_allocate_mrw, steering_tag);
	CHECK_FIELD(c, cmdq_allocate_mrw, pd_id);
}

static void check_creq_allocate_mrw_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_allocate_mrw_resp);
	CHECK_FIELD(c, creq_allocate_mrw_resp, type);
	CHECK_CONST(c, CREQ_ALLOCATE_MRW_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_ALLOCATE_MRW_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_ALLOCATE_MRW_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_allocate_mrw_resp, status);
	CHECK_FIELD(c, creq_allocate_mrw_resp, cookie);
	CHECK_FIELD(c, creq_allocate_mrw_resp, xid);
	CHECK_FIELD(c, creq_allocate_mrw_resp, v);
	CHECK_CONST(c, CREQ_ALLOCATE_MRW_RESP_V);
	CHECK_FIELD(c, creq_allocate_mrw_resp, event);
	CHECK_CONST(c, CREQ_ALLOCATE_MRW_RESP_EVENT_ALLOCATE_MRW);
	CHECK_FIELD(c, creq_allocate_mrw_resp, reserved48);
}

static void check_cmdq_register_mr(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_register_mr);
	CHECK_FIELD(c, cmdq_register_mr, opcode);
	CHECK_CONST(c, CMDQ_REGISTER_MR_OPCODE_REGISTER_MR);
	CHECK_FIELD(c, cmdq_register_mr, cmd_size);
	CHECK_FIELD(c, cmdq_register_mr, flags);
	CHECK_CONST(c, CMDQ_REGISTER_MR_FLAGS_ALLOC_MR);
	CHECK_CONST(c, CMDQ_REGISTER_MR_FLAGS_STEERING_TAG_VALID);
	CHECK_CONST(c, CMDQ_REGISTER_MR_FLAGS_ENABLE_RO);
	CHECK_FIELD(c, cmdq_register_mr, cookie);
	CHECK_FIELD(c, cmdq_register_mr, resp_size);
	CHECK_FIELD(c, cmdq_register_mr, reserved8);
	CHECK_FIELD(c, cmdq_register_mr, resp_addr);
	CHECK_FIELD(c, cmdq_register_mr, log2_pg_size_lvl);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LVL_MASK);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LVL_SFT);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LVL_LVL_0);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LVL_LVL_1);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LVL_LVL_2);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_PG_256K);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_PG_1M);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_PG_4M);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PG_SIZE_PG_1G);
	CHECK_CONST(c, CMDQ_REGISTER_MR_UNUSED1);
	CHECK_FIELD(c, cmdq_register_mr, access);
	CHECK_CONST(c, CMDQ_REGISTER_MR_ACCESS_LOCAL_WRITE);
	CHECK_CONST(c, CMDQ_REGISTER_MR_ACCESS_REMOTE_READ);
	CHECK_CONST(c, CMDQ_REGISTER_MR_ACCESS_REMOTE_WRITE);
	CHECK_CONST(c, CMDQ_REGISTER_MR_ACCESS_REMOTE_ATOMIC);
	CHECK_CONST(c, CMDQ_REGISTER_MR_ACCESS_MW_BIND);
	CHECK_CONST(c, CMDQ_REGISTER_MR_ACCESS_ZERO_BASED);
	CHECK_FIELD(c, cmdq_register_mr, log2_pbl_pg_size);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_MASK);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_SFT);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_PG_4K);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_PG_8K);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_PG_64K);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_PG_256K);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_PG_1M);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_PG_2M);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_PG_4M);
	CHECK_CONST(c, CMDQ_REGISTER_MR_LOG2_PBL_PG_SIZE_PG_1G);
	CHECK_CONST(c, CMDQ_REGISTER_MR_UNUSED11_MASK);
	CHECK_CONST(c, CMDQ_REGISTER_MR_UNUSED11_SFT);
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
	CHECK_CONST(c, CREQ_REGISTER_MR_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_REGISTER_MR_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_REGISTER_MR_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_register_mr_resp, status);
	CHECK_FIELD(c, creq_register_mr_resp, cookie);
	CHECK_FIELD(c, creq_register_mr_resp, xid);
	CHECK_FIELD(c, creq_register_mr_resp, v);
	CHECK_CONST(c, CREQ_REGISTER_MR_RESP_V);
	CHECK_FIELD(c, creq_register_mr_resp, event);
	CHECK_CONST(c, CREQ_REGISTER_MR_RESP_EVENT_REGISTER_MR);
	CHECK_FIELD(c, creq_register_mr_resp, reserved48);
}

static void check_cmdq_deallocate_key(struct hsi_check *c)
{
	CHECK_STRUCT(c, cmdq_deallocate_key);
	CHECK_FIELD(c, cmdq_deallocate_key, opcode);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_OPCODE_DEALLOCATE_KEY);
	CHECK_FIELD(c, cmdq_deallocate_key, cmd_size);
	CHECK_FIELD(c, cmdq_deallocate_key, flags);
	CHECK_FIELD(c, cmdq_deallocate_key, cookie);
	CHECK_FIELD(c, cmdq_deallocate_key, resp_size);
	CHECK_FIELD(c, cmdq_deallocate_key, reserved8);
	CHECK_FIELD(c, cmdq_deallocate_key, resp_addr);
	CHECK_FIELD(c, cmdq_deallocate_key, mrw_flags);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_MRW_FLAGS_MASK);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_MRW_FLAGS_SFT);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_MRW_FLAGS_MR);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_MRW_FLAGS_PMR);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_MRW_FLAGS_MW_TYPE1);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_MRW_FLAGS_MW_TYPE2A);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_MRW_FLAGS_MW_TYPE2B);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_UNUSED4_MASK);
	CHECK_CONST(c, CMDQ_DEALLOCATE_KEY_UNUSED4_SFT);
	CHECK_FIELD(c, cmdq_deallocate_key, unused24);
	CHECK_FIELD(c, cmdq_deallocate_key, key);
}

static void check_creq_deallocate_key_resp(struct hsi_check *c)
{
	CHECK_STRUCT(c, creq_deallocate_key_resp);
	CHECK_FIELD(c, creq_deallocate_key_resp, type);
	CHECK_CONST(c, CREQ_DEALLOCATE_KEY_RESP_TYPE_MASK);
	CHECK_CONST(c, CREQ_DEALLOCATE_KEY_RESP_TYPE_SFT);
	CHECK_CONST(c, CREQ_DEALLOCATE_KEY_RESP_TYPE_QP_EVENT);
	CHECK_FIELD(c, creq_deallocate_key_resp, status);
	CHECK_FIELD(c, creq_deallocate_key_resp, cookie);
	CHECK_FIELD(c, creq_deallocate_key_resp, xid);
	CHECK_FIELD(c, creq_deallocate_key_resp, v);
	CHECK_CONST(c, CREQ_DEALLOCATE_KEY_RESP_V);
	CHECK_FIELD(c, creq_deallocate_key_resp, event);
	CHECK_CONST(c, CREQ_DEALLOCATE_KEY_RESP_EVENT_DEALLOCATE_KEY);
	CHECK_FIELD(c, creq_deallocate_key_resp, reserved16);
	CHECK_FIELD(c, creq_deallocate_key_resp, bound_window_info);
}

static void check_xrrq_irrq(struct hsi_check *c)
{
	CHECK_STRUCT(c, xrrq_irrq);
	CHECK_FIELD(c, xrrq_irrq, credits_type);
	CHECK_CONST(c, XRRQ_IRRQ_TYPE);
	CHECK_CONST(c, XRRQ_IRRQ_TYPE_READ_REQ);
	CHECK_CONST(c, XRRQ_IRRQ_TYPE_ATOMIC_REQ);
	CHECK_CONST(c, XRRQ_IRRQ_CREDITS_MASK);
	CHECK_CONST(c, XRRQ_IRRQ_CREDITS_SFT);
	CHECK_FIELD(c, xrrq_irrq, reserved16);
	CHECK_FIELD(c, xrrq_irrq, reserved32);
	CHECK_FIELD(c, xrrq_irrq, psn);
	CHECK_CONST(c, XRRQ_IRRQ_PSN_MASK);
	CHECK_CONST(c, XRRQ_IRRQ_PSN_SFT);
	CHECK_FIELD(c, xrrq_irrq, msn);
	CHECK_CONST(c, XRRQ_IRRQ_MSN_MASK);
	CHECK_CONST(c, XRRQ_IRRQ_MSN_SFT);
	CHECK_FIELD(c, xrrq_irrq, va_or_atomic_result);
	CHECK_FIELD(c, xrrq_irrq, rdma_r_key);
	CHECK_FIELD(c, xrrq_irrq, length);
}

static void check_xrrq_orrq(struct hsi_check *c)
{
	CHECK_STRUCT(c, xrrq_orrq);
	CHECK_FIELD(c, xrrq_orrq, num_sges_type);
	CHECK_CONST(c, XRRQ_ORRQ_TYPE);
	CHECK_CONST(c, XRRQ_ORRQ_TYPE_READ_REQ);
	CHECK_CONST(c, XRRQ_ORRQ_TYPE_ATOMIC_REQ);
	CHECK_CONST(c, XRRQ_ORRQ_NUM_SGES_MASK);
	CHECK_CONST(c, XRRQ_ORRQ_NUM_SGES_SFT);
	CHECK_FIELD(c, xrrq_orrq, reserved16);
	CHECK_FIELD(c, xrrq_orrq, length);
	CHECK_FIELD(c, xrrq_orrq, psn);
	CHECK_CONST(c, XRRQ_ORRQ_PSN_MASK);
	CHECK_CONST(c, XRRQ_ORRQ_PSN_SFT);
	CHECK_FIELD(c, xrrq_orrq, end_psn);
	CHECK_CONST(c, XRRQ_ORRQ_END_PSN_MASK);
	CHECK_CONST(c, XRRQ_ORRQ_END_PSN_SFT);
	CHECK_FIELD(c, xrrq_orrq, first_sge_phy_or_sing_sge_va);
	CHECK_FIELD(c, xrrq_orrq, single_sge_l_key);
	CHECK_FIELD(c, xrrq_orrq, single_sge_size);
}

static void check_sq_psn_search_ext(struct hsi_check *c)
{
	CHECK_STRUCT(c, sq_psn_search_ext);
	CHECK_FIELD(c, sq_psn_search_ext, opcode_start_psn);
	CHECK_CONST(c, SQ_PSN_SEARCH_EXT_START_PSN_MASK);
	CHECK_CONST(c, SQ_PSN_SEARCH_EXT_START_PSN_SFT);
	CHECK_CONST(c, SQ_PSN_SEARCH_EXT_OPCODE_MASK);
	CHECK_CONST(c, SQ_PSN_SEARCH_EXT_OPCODE_SFT);
	CHECK_FIELD(c, sq_psn_search_ext, flags_next_psn);
	CHECK_CONST(c, SQ_PSN_SEARCH_EXT_NEXT_PSN_MASK);
	CHECK_CONST(c, SQ_PSN_SEARCH_EXT_NEXT_PSN_SFT);
	CHECK_CONST(c, SQ_PSN_SEARCH_EXT_FLAGS_MASK);
	CHECK_CONST(c, SQ_PSN_SEARCH_EXT_FLAGS_SFT);
	CHECK_FIELD(c, sq_psn_search_ext, start_slot_idx);
	CHECK_FIELD(c, sq_psn_search_ext, reserved16);
	CHECK_FIELD(c, sq_psn_search_ext, reserved32);
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
	HSI_STRUCT(cmdq_query_qp),
	HSI_STRUCT(creq_query_qp_resp),
	HSI_STRUCT(creq_query_qp_resp_sb),
	HSI_STRUCT(cmdq_allocate_mrw),
	HSI_STRUCT(creq_allocate_mrw_resp),
	HSI_STRUCT(cmdq_register_mr),
	HSI_STRUCT(creq_register_mr_resp),
	HSI_STRUCT(cmdq_deallocate_key),
	HSI_STRUCT(creq_deallocate_key_resp),
	HSI_STRUCT(xrrq_irrq),
	HSI_STRUCT(xrrq_orrq),
	HSI_STRUCT(sq_psn_search_ext),
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
	CHECK_CONST(c, NQ_BASE_TYPE_SFT);
	CHECK_CONST(c, NQ_BASE_TYPE_CQ_NOTIFICATION);
	CHECK_CONST(c, NQ_BASE_TYPE_SRQ_EVENT);
	CHECK_CONST(c, NQ_BASE_TYPE_DBQ_EVENT);
	CHECK_CONST(c, NQ_BASE_TYPE_QP_EVENT);
	CHECK_CONST(c, NQ_BASE_TYPE_FUNC_EVENT);
	CHECK_CONST(c, NQ_BASE_INFO10_MASK);
	CHECK_CONST(c, NQ_BASE_INFO10_SFT);
	CHECK_FIELD(c, nq_base, info16);
	CHECK_FIELD(c, nq_base, info32);
	CHECK_FIELD(c, nq_base, info63_v);
	CHECK_CONST(c, NQ_BASE_V);
	CHECK_CONST(c, NQ_BASE_INFO63_MASK);
	CHECK_CONST(c, NQ_BASE_INFO63_SFT);
}

static void check_nq_cn(struct hsi_check *c)
{
	CHECK_STRUCT(c, nq_cn);
	CHECK_FIELD(c, nq_cn, type);
	CHECK_CONST(c, NQ_CN_TYPE_MASK);
	CHECK_CONST(c, NQ_CN_TYPE_SFT);
	CHECK_CONST(c, NQ_CN_TYPE_CQ_NOTIFICATION);
	CHECK_CONST(c, NQ_CN_TOGGLE_MASK);
	CHECK_CONST(c, NQ_CN_TOGGLE_SFT);
	CHECK_FIELD(c, nq_cn, reserved16);
	CHECK_FIELD(c, nq_cn, cq_handle_low);
	CHECK_FIELD(c, nq_cn, v);
	CHECK_CONST(c, NQ_CN_V);
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
	CHECK_CONST(c, PTU_PTE_UNUSED_MASK);
	CHECK_CONST(c, PTU_PTE_UNUSED_SFT);
	CHECK_CONST(c, PTU_PTE_PAGE_MASK);
	CHECK_CONST(c, PTU_PTE_PAGE_SFT);
}

static void check_ptu_pde(struct hsi_check *c)
{
	CHECK_STRUCT(c, ptu_pde);
	CHECK_FIELD(c, ptu_pde, page_valid);
	CHECK_CONST(c, PTU_PDE_VALID);
	CHECK_CONST(c, PTU_PDE_UNUSED_MASK);
	CHECK_CONST(c, PTU_PDE_UNUSED_SFT);
	CHECK_CONST(c, PTU_PDE_PAGE_MASK);
	CHECK_CONST(c, PTU_PDE_PAGE_SFT);
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
	CHECK_CONST(c, HWRM_ERR_CODE_SUCCESS);
	CHECK_CONST(c, HWRM_ERR_CODE_FAIL);
	CHECK_CONST(c, HWRM_ERR_CODE_INVALID_PARAMS);
	CHECK_CONST(c, HWRM_ERR_CODE_RESOURCE_ACCESS_DENIED);
	CHECK_CONST(c, HWRM_ERR_CODE_RESOURCE_ALLOC_ERROR);
	CHECK_CONST(c, HWRM_ERR_CODE_HOT_RESET_PROGRESS);
	CHECK_CONST(c, HWRM_ERR_CODE_BUSY);
	CHECK_CONST(c, HWRM_ERR_CODE_CMD_NOT_SUPPORTED);

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
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_SECURE_FW_UPD_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_FW_DCBX_AGENT_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_SHORT_CMD_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_SHORT_CMD_REQUIRED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_KONG_MB_CHNL_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_FLOW_HANDLE_64BIT_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_L2_FILTER_TYPES_ROCE_OR_L2_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_VIRTIO_VSWITCH_OFFLOAD_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_TRUSTED_VF_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_FLOW_AGING_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_ADV_FLOW_COUNTERS_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_CFA_EEM_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_CFA_ADV_FLOW_MGNT_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_CFA_TFLIB_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_CFA_TRUFLOW_SUPPORTED);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_SECURE_BOOT_CAPABLE);
	CHECK_CONST(c, VER_GET_RESP_DEV_CAPS_CFG_SECURE_SOC_CAPABLE);
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
	CHECK_CONST(c, VER_GET_RESP_CHIP_PLATFORM_TYPE_ASIC);
	CHECK_CONST(c, VER_GET_RESP_CHIP_PLATFORM_TYPE_FPGA);
	CHECK_CONST(c, VER_GET_RESP_CHIP_PLATFORM_TYPE_PALLADIUM);
	CHECK_FIELD(c, hwrm_ver_get_output, max_req_win_len);
	CHECK_FIELD(c, hwrm_ver_get_output, max_resp_len);
	CHECK_FIELD(c, hwrm_ver_get_output, def_req_timeout);
	CHECK_FIELD(c, hwrm_ver_get_output, flags);
	CHECK_CONST(c, VER_GET_RESP_FLAGS_DEV_NOT_RDY);
	CHECK_CONST(c, VER_GET_RESP_FLAGS_EXT_VER_AVAIL);
	CHECK_CONST(c, VER_GET_RESP_FLAGS_DEV_NOT_RDY_BACKING_STORE);
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
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_PUSH_MODE_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_GLOBAL_MSIX_AUTOMASKING);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_PTP_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_ROCE_V1_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_ROCE_V2_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_WOL_MAGICPKT_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_WOL_BMP_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_TX_RING_RL_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_TX_BW_CFG_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_VF_TX_RING_RL_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_VF_BW_CFG_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_STD_TX_RING_MODE_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_GENEVE_TUN_FLAGS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_NVGRE_TUN_FLAGS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_GRE_TUN_FLAGS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_MPLS_TUN_FLAGS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_PCIE_STATS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_ADOPTED_PF_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_ADMIN_PF_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_LINK_ADMIN_STATUS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_WCB_PUSH_MODE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_DYNAMIC_TX_RING_ALLOC);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_HOT_RESET_CAPABLE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_ERROR_RECOVERY_CAPABLE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_STATS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_ERR_RECOVER_RELOAD);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_NOTIFY_VF_DEF_VNIC_CHNG_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_VLAN_ACCELERATION_TX_DISABLED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_COREDUMP_CMD_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_CRASHDUMP_CMD_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_PFC_WD_STATS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_DBG_QCAPS_CMD_SUPPORTED);
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
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_ECN_MARK_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_ECN_STATS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_EXT_HW_STATS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_HOT_RESET_IF_SUPPORT);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_PROXY_MODE_SUPPORT);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_TX_PROXY_SRC_INTF_OVERRIDE_SUPPORT);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_SCHQ_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_PPP_PUSH_MODE_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_EVB_MODE_CFG_NOT_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_SOC_SPD_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_FW_LIVEPATCH_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_FAST_RESET_CAPABLE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_TX_METADATA_CFG_CAPABLE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_NVM_OPTION_ACTION_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_BD_METADATA_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_ECHO_REQUEST_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_NPAR_1_2_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_PTP_PTM_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_PTP_PPS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_VF_CFG_ASYNC_FOR_PF_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_PARTITION_BW_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_DFLT_VLAN_TPID_PCP_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_KTLS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_EP_RATE_CONTROL);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_MIN_BW_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_TX_COAL_CMPL_CAP);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_BS_V2_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_BS_V2_REQUIRED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_PTP_64BIT_RTC_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_DBR_PACING_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_HW_DBR_DROP_RECOV_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT_DISABLE_CQ_OVERFLOW_DETECTION_SUPPORTED);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_schqs);
	CHECK_FIELD(c, hwrm_func_qcaps_output, mpc_chnls_cap);
	CHECK_CONST(c, FUNC_QCAPS_RESP_MPC_CHNLS_CAP_TCE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_MPC_CHNLS_CAP_RCE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_MPC_CHNLS_CAP_TE_CFA);
	CHECK_CONST(c, FUNC_QCAPS_RESP_MPC_CHNLS_CAP_RE_CFA);
	CHECK_CONST(c, FUNC_QCAPS_RESP_MPC_CHNLS_CAP_PRIMATE);
	CHECK_FIELD(c, hwrm_func_qcaps_output, max_key_ctxs_alloc);
	CHECK_FIELD(c, hwrm_func_qcaps_output, flags_ext2);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_RX_ALL_PKTS_TIMESTAMPS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_QUIC_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_KDNET_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_DBR_PACING_EXT_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_SW_DBR_DROP_RECOVERY_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_GENERIC_STATS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_UDP_GSO_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_SYNCE_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_DBR_PACING_V0_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_TX_PKT_TS_CMPL_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_HW_LAG_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_ON_CHIP_CTX_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_STEERING_TAG_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_ENHANCED_VF_SCALE_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_KEY_XID_PARTITION_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_CONCURRENT_KTLS_QUIC_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_SCHQ_CROSS_TC_CAP_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_SCHQ_PER_TC_CAP_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_SCHQ_PER_TC_RESERVATION_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_DB_ERROR_STATS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_ROCE_VF_RESOURCE_MGMT_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_UDCC_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_TIMED_TX_SO_TXTIME_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_SW_MAX_RESOURCE_LIMITS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_TF_INGRESS_NIC_FLOW_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_LPBK_STATS_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_TF_EGRESS_NIC_FLOW_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_MULTI_LOSSLESS_QUEUES_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_PEER_MMAP_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_TIMED_TX_PACING_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_VF_STAT_EJECTION_SUPPORTED);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT2_HOST_COREDUMP_SUPPORTED);
	CHECK_FIELD(c, hwrm_func_qcaps_output, tunnel_disable_flag);
	CHECK_CONST(c, FUNC_QCAPS_RESP_TUNNEL_DISABLE_FLAG_DISABLE_VXLAN);
	CHECK_CONST(c, FUNC_QCAPS_RESP_TUNNEL_DISABLE_FLAG_DISABLE_NGE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_TUNNEL_DISABLE_FLAG_DISABLE_NVGRE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_TUNNEL_DISABLE_FLAG_DISABLE_L2GRE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_TUNNEL_DISABLE_FLAG_DISABLE_GRE);
	CHECK_CONST(c, FUNC_QCAPS_RESP_TUNNEL_DISABLE_FLAG_DISABLE_IPINIP);
	CHECK_CONST(c, FUNC_QCAPS_RESP_TUNNEL_DISABLE_FLAG_DISABLE_MPLS);
	CHECK_CONST(c, FUNC_QCAPS_RESP_TUNNEL_DISABLE_FLAG_DISABLE_PPPOE);
	CHECK_FIELD(c, hwrm_func_qcaps_output, xid_partition_cap);
	CHECK_CONST(c, FUNC_QCAPS_RESP_XID_PARTITION_CAP_TX_CK);
	CHECK_CONST(c, FUNC_QCAPS_RESP_XID_PARTITION_CAP_RX_CK);
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
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT3_RM_RSV_WHILE_ALLOC_CAP);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT3_REQUIRE_L2_FILTER);
	CHECK_CONST(c, FUNC_QCAPS_RESP_FLAGS_EXT3_MAX_ROCE_VFS_SUPPORTED);
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
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_OOB_WOL_MAGICPKT_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_OOB_WOL_BMP_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_FW_DCBX_AGENT_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_STD_TX_RING_MODE_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_FW_LLDP_AGENT_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_MULTI_HOST);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_TRUSTED_VF);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_SECURE_MODE_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_PREBOOT_LEGACY_L2_RINGS);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_HOT_RESET_ALLOWED);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_PPP_PUSH_MODE_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_RING_MONITOR_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_FAST_RESET_ALLOWED);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_MULTI_ROOT);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_ENABLE_RDMA_SRIOV);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS_ROCE_VNIC_ID_VALID);
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
	CHECK_CONST(c, FUNC_QCFG_RESP_PORT_PARTITION_TYPE_SPF);
	CHECK_CONST(c, FUNC_QCFG_RESP_PORT_PARTITION_TYPE_MPFS);
	CHECK_CONST(c, FUNC_QCFG_RESP_PORT_PARTITION_TYPE_NPAR1_0);
	CHECK_CONST(c, FUNC_QCFG_RESP_PORT_PARTITION_TYPE_NPAR1_5);
	CHECK_CONST(c, FUNC_QCFG_RESP_PORT_PARTITION_TYPE_NPAR2_0);
	CHECK_CONST(c, FUNC_QCFG_RESP_PORT_PARTITION_TYPE_NPAR1_2);
	CHECK_CONST(c, FUNC_QCFG_RESP_PORT_PARTITION_TYPE_UNKNOWN);
	CHECK_FIELD(c, hwrm_func_qcfg_output, port_pf_cnt);
	CHECK_CONST(c, FUNC_QCFG_RESP_PORT_PF_CNT_UNAVAIL);
	CHECK_FIELD(c, hwrm_func_qcfg_output, dflt_vnic_id);
	CHECK_FIELD(c, hwrm_func_qcfg_output, max_mtu_configured);
	CHECK_FIELD(c, hwrm_func_qcfg_output, min_bw);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_BW_VALUE_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_BW_VALUE_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_SCALE);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_SCALE_BITS);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_SCALE_BYTES);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_BW_VALUE_UNIT_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_BW_VALUE_UNIT_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_BW_VALUE_UNIT_MEGA);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_BW_VALUE_UNIT_KILO);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_BW_VALUE_UNIT_BASE);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_BW_VALUE_UNIT_GIGA);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_BW_VALUE_UNIT_PERCENT1_100);
	CHECK_CONST(c, FUNC_QCFG_RESP_MIN_BW_BW_VALUE_UNIT_INVALID);
	CHECK_FIELD(c, hwrm_func_qcfg_output, max_bw);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_BW_VALUE_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_BW_VALUE_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_SCALE);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_SCALE_BITS);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_SCALE_BYTES);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_BW_VALUE_UNIT_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_BW_VALUE_UNIT_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_BW_VALUE_UNIT_MEGA);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_BW_VALUE_UNIT_KILO);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_BW_VALUE_UNIT_BASE);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_BW_VALUE_UNIT_GIGA);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_BW_VALUE_UNIT_PERCENT1_100);
	CHECK_CONST(c, FUNC_QCFG_RESP_MAX_BW_BW_VALUE_UNIT_INVALID);
	CHECK_FIELD(c, hwrm_func_qcfg_output, evb_mode);
	CHECK_CONST(c, FUNC_QCFG_RESP_EVB_MODE_NO_EVB);
	CHECK_CONST(c, FUNC_QCFG_RESP_EVB_MODE_VEB);
	CHECK_CONST(c, FUNC_QCFG_RESP_EVB_MODE_VEPA);
	CHECK_FIELD(c, hwrm_func_qcfg_output, options);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_CACHE_LINESIZE_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_CACHE_LINESIZE_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_CACHE_LINESIZE_SIZE_64);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_CACHE_LINESIZE_SIZE_128);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_LINK_ADMIN_STATE_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_LINK_ADMIN_STATE_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_LINK_ADMIN_STATE_FORCED_DOWN);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_LINK_ADMIN_STATE_FORCED_UP);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_LINK_ADMIN_STATE_AUTO);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_RSVD_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_OPTIONS_RSVD_SFT);
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
	CHECK_CONST(c, FUNC_QCFG_RESP_SVIF_INFO_SVIF_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_SVIF_INFO_SVIF_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_SVIF_INFO_SVIF_VALID);
	CHECK_FIELD(c, hwrm_func_qcfg_output, mpc_chnls);
	CHECK_CONST(c, FUNC_QCFG_RESP_MPC_CHNLS_TCE_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_MPC_CHNLS_RCE_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_MPC_CHNLS_TE_CFA_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_MPC_CHNLS_RE_CFA_ENABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_MPC_CHNLS_PRIMATE_ENABLED);
	CHECK_FIELD(c, hwrm_func_qcfg_output, db_page_size);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_4KB);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_8KB);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_16KB);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_32KB);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_64KB);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_128KB);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_256KB);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_512KB);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_1MB);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_2MB);
	CHECK_CONST(c, FUNC_QCFG_RESP_DB_PAGE_SIZE_4MB);
	CHECK_FIELD(c, hwrm_func_qcfg_output, roce_vnic_id);
	CHECK_FIELD(c, hwrm_func_qcfg_output, partition_min_bw);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MIN_BW_BW_VALUE_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MIN_BW_BW_VALUE_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MIN_BW_SCALE);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MIN_BW_SCALE_BITS);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MIN_BW_SCALE_BYTES);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MIN_BW_BW_VALUE_UNIT_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MIN_BW_BW_VALUE_UNIT_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MIN_BW_BW_VALUE_UNIT_PERCENT1_100);
	CHECK_FIELD(c, hwrm_func_qcfg_output, partition_max_bw);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MAX_BW_BW_VALUE_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MAX_BW_BW_VALUE_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MAX_BW_SCALE);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MAX_BW_SCALE_BITS);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MAX_BW_SCALE_BYTES);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MAX_BW_BW_VALUE_UNIT_MASK);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MAX_BW_BW_VALUE_UNIT_SFT);
	CHECK_CONST(c, FUNC_QCFG_RESP_PARTITION_MAX_BW_BW_VALUE_UNIT_PERCENT1_100);
	CHECK_FIELD(c, hwrm_func_qcfg_output, host_mtu);
	CHECK_FIELD(c, hwrm_func_qcfg_output, flags2);
	CHECK_CONST(c, FUNC_QCFG_RESP_FLAGS2_SRIOV_DSCP_INSERT_ENABLED);
	CHECK_FIELD(c, hwrm_func_qcfg_output, unused_4);
	CHECK_FIELD(c, hwrm_func_qcfg_output, port_kdnet_mode);
	CHECK_CONST(c, FUNC_QCFG_RESP_PORT_KDNET_MODE_DISABLED);
	CHECK_CONST(c, FUNC_QCFG_RESP_PORT_KDNET_MODE_ENABLED);
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
	CHECK_CONST(c, FUNC_QCFG_RESP_XID_PARTITION_CFG_TX_CK);
	CHECK_CONST(c, FUNC_QCFG_RESP_XID_PARTITION_CFG_RX_CK);
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
	CHECK_CONST(c, RING_ALLOC_REQ_ENABLES_RING_ARB_CFG);
	CHECK_CONST(c, RING_ALLOC_REQ_ENABLES_STAT_CTX_ID_VALID);
	CHECK_CONST(c, RING_ALLOC_REQ_ENABLES_MAX_BW_VALID);
	CHECK_CONST(c, RING_ALLOC_REQ_ENABLES_RX_RING_ID_VALID);
	CHECK_CONST(c, RING_ALLOC_REQ_ENABLES_NQ_RING_ID_VALID);
	CHECK_CONST(c, RING_ALLOC_REQ_ENABLES_RX_BUF_SIZE_VALID);
	CHECK_CONST(c, RING_ALLOC_REQ_ENABLES_SCHQ_ID);
	CHECK_CONST(c, RING_ALLOC_REQ_ENABLES_MPC_CHNLS_TYPE);
	CHECK_CONST(c, RING_ALLOC_REQ_ENABLES_STEERING_TAG_VALID);
	CHECK_FIELD(c, hwrm_ring_alloc_input, ring_type);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_TYPE_L2_CMPL);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_TYPE_TX);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_TYPE_RX);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_TYPE_ROCE_CMPL);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_TYPE_RX_AGG);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_TYPE_NQ);
	CHECK_FIELD(c, hwrm_ring_alloc_input, cmpl_coal_cnt);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_OFF);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_4);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_8);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_12);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_16);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_24);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_32);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_48);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_64);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_96);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_128);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_192);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_256);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_320);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_384);
	CHECK_CONST(c, RING_ALLOC_REQ_CMPL_COAL_CNT_COAL_MAX);
	CHECK_FIELD(c, hwrm_ring_alloc_input, flags);
	CHECK_CONST(c, RING_ALLOC_REQ_FLAGS_RX_SOP_PAD);
	CHECK_CONST(c, RING_ALLOC_REQ_FLAGS_DISABLE_CQ_OVERFLOW_DETECTION);
	CHECK_CONST(c, RING_ALLOC_REQ_FLAGS_NQ_DBR_PACING);
	CHECK_CONST(c, RING_ALLOC_REQ_FLAGS_TX_PKT_TS_CMPL_ENABLE);
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
	CHECK_CONST(c, RING_ALLOC_REQ_RING_ARB_CFG_ARB_POLICY_MASK);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_ARB_CFG_ARB_POLICY_SFT);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_ARB_CFG_ARB_POLICY_SP);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_ARB_CFG_ARB_POLICY_WFQ);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_ARB_CFG_RSVD_MASK);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_ARB_CFG_RSVD_SFT);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_ARB_CFG_ARB_POLICY_PARAM_MASK);
	CHECK_CONST(c, RING_ALLOC_REQ_RING_ARB_CFG_ARB_POLICY_PARAM_SFT);
	CHECK_FIELD(c, hwrm_ring_alloc_input, steering_tag);
	CHECK_FIELD(c, hwrm_ring_alloc_input, reserved3);
	CHECK_FIELD(c, hwrm_ring_alloc_input, stat_ctx_id);
	CHECK_FIELD(c, hwrm_ring_alloc_input, reserved4);
	CHECK_FIELD(c, hwrm_ring_alloc_input, max_bw);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_BW_VALUE_MASK);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_BW_VALUE_SFT);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_SCALE);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_SCALE_BITS);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_SCALE_BYTES);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_BW_VALUE_UNIT_MASK);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_BW_VALUE_UNIT_SFT);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_BW_VALUE_UNIT_MEGA);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_BW_VALUE_UNIT_KILO);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_BW_VALUE_UNIT_BASE);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_BW_VALUE_UNIT_GIGA);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_BW_VALUE_UNIT_PERCENT1_100);
	CHECK_CONST(c, RING_ALLOC_REQ_MAX_BW_BW_VALUE_UNIT_INVALID);
	CHECK_FIELD(c, hwrm_ring_alloc_input, int_mode);
	CHECK_CONST(c, RING_ALLOC_REQ_INT_MODE_LEGACY);
	CHECK_CONST(c, RING_ALLOC_REQ_INT_MODE_RSVD);
	CHECK_CONST(c, RING_ALLOC_REQ_INT_MODE_MSIX);
	CHECK_CONST(c, RING_ALLOC_REQ_INT_MODE_POLL);
	CHECK_FIELD(c, hwrm_ring_alloc_input, mpc_chnls_type);
	CHECK_CONST(c, RING_ALLOC_REQ_MPC_CHNLS_TYPE_TCE);
	CHECK_CONST(c, RING_ALLOC_REQ_MPC_CHNLS_TYPE_RCE);
	CHECK_CONST(c, RING_ALLOC_REQ_MPC_CHNLS_TYPE_TE_CFA);
	CHECK_CONST(c, RING_ALLOC_REQ_MPC_CHNLS_TYPE_RE_CFA);
	CHECK_CONST(c, RING_ALLOC_REQ_MPC_CHNLS_TYPE_PRIMATE);
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
	CHECK_CONST(c, RING_ALLOC_RESP_PUSH_BUFFER_INDEX_PING_BUFFER);
	CHECK_CONST(c, RING_ALLOC_RESP_PUSH_BUFFER_INDEX_PONG_BUFFER);
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
	CHECK_CONST(c, RING_FREE_REQ_RING_TYPE_L2_CMPL);
	CHECK_CONST(c, RING_FREE_REQ_RING_TYPE_TX);
	CHECK_CONST(c, RING_FREE_REQ_RING_TYPE_RX);
	CHECK_CONST(c, RING_FREE_REQ_RING_TYPE_ROCE_CMPL);
	CHECK_CONST(c, RING_FREE_REQ_RING_TYPE_RX_AGG);
	CHECK_CONST(c, RING_FREE_REQ_RING_TYPE_NQ);
	CHECK_FIELD(c, hwrm_ring_free_input, flags);
	CHECK_CONST(c, RING_FREE_REQ_FLAGS_VIRTIO_RING_VALID);
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
	CHECK_CONST(c, STAT_CTX_ALLOC_REQ_STAT_CTX_FLAGS_DUP_HOST_BUF);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, unused_0);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, stats_dma_length);
	CHECK_FIELD(c, hwrm_stat_ctx_alloc_input, flags);
	CHECK_CONST(c, STAT_CTX_ALLOC_REQ_FLAGS_STEERING_TAG_VALID);
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

/* Doorbells. */

static void check_dbc_dbc(struct hsi_check *c)
{
	CHECK_STRUCT(c, dbc_dbc);
	CHECK_FIELD(c, dbc_dbc, index);
	CHECK_CONST(c, DBC_DBC_INDEX_MASK);
	CHECK_CONST(c, DBC_DBC_INDEX_SFT);
	CHECK_CONST(c, DBC_DBC_EPOCH);
	CHECK_CONST(c, DBC_DBC_TOGGLE_MASK);
	CHECK_CONST(c, DBC_DBC_TOGGLE_SFT);
	CHECK_FIELD(c, dbc_dbc, type_path_xid);
	CHECK_CONST(c, DBC_DBC_XID_MASK);
	CHECK_CONST(c, DBC_DBC_XID_SFT);
	CHECK_CONST(c, DBC_DBC_PATH_MASK);
	CHECK_CONST(c, DBC_DBC_PATH_SFT);
	CHECK_CONST(c, DBC_DBC_PATH_ROCE);
	CHECK_CONST(c, DBC_DBC_PATH_L2);
	CHECK_CONST(c, DBC_DBC_PATH_ENGINE);
	CHECK_CONST(c, DBC_DBC_VALID);
	CHECK_CONST(c, DBC_DBC_DEBUG_TRACE);
	CHECK_CONST(c, DBC_DBC_TYPE_MASK);
	CHECK_CONST(c, DBC_DBC_TYPE_SFT);
	CHECK_CONST(c, DBC_DBC_TYPE_SQ);
	CHECK_CONST(c, DBC_DBC_TYPE_RQ);
	CHECK_CONST(c, DBC_DBC_TYPE_SRQ);
	CHECK_CONST(c, DBC_DBC_TYPE_SRQ_ARM);
	CHECK_CONST(c, DBC_DBC_TYPE_CQ);
	CHECK_CONST(c, DBC_DBC_TYPE_CQ_ARMSE);
	CHECK_CONST(c, DBC_DBC_TYPE_CQ_ARMALL);
	CHECK_CONST(c, DBC_DBC_TYPE_CQ_ARMENA);
	CHECK_CONST(c, DBC_DBC_TYPE_SRQ_ARMENA);
	CHECK_CONST(c, DBC_DBC_TYPE_CQ_CUTOFF_ACK);
	CHECK_CONST(c, DBC_DBC_TYPE_NQ);
	CHECK_CONST(c, DBC_DBC_TYPE_NQ_ARM);
	CHECK_CONST(c, DBC_DBC_TYPE_NQ_MASK);
	CHECK_CONST(c, DBC_DBC_TYPE_NULL);
}

static const struct hsi_struct doorbell_structs[] = {
	HSI_STRUCT(dbc_dbc),
};

KUNIT_ARRAY_PARAM_DESC(doorbell, doorbell_structs, name);

static void doorbells_match_broadcom(struct kunit *test)
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
	KUNIT_CASE_PARAM(doorbells_match_broadcom, doorbell_gen_params),
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
