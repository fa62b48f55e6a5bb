// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_en_hwrm_test: how hwrm.c reads bnxt_send_msg()'s return
 * and the answer's error code, with the error codes taken from Broadcom's
 * bnxt_hsi.h (never from rig's own declarations).  This file owns nothing
 * but the test.
 */
#include <kunit/test.h>
#include <linux/errno.h>

#include "bnxt_hsi.h"
#include "en.h"

static void success_is_zero(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_en_hwrm_result(0, HWRM_ERR_CODE_SUCCESS), 0);
}

/* bnxt_en turns these into -EAGAIN; the driver must not see a refusal. */
static void a_reset_in_progress_is_ebusy_not_a_refusal(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_en_hwrm_result(-EAGAIN, HWRM_ERR_CODE_HOT_RESET_PROGRESS),
			-EBUSY);
	KUNIT_EXPECT_EQ(test, rig_en_hwrm_result(-EAGAIN, HWRM_ERR_CODE_BUSY), -EBUSY);
	/* bnxt_en's own: fw_reset_state set, or no answer in time. */
	KUNIT_EXPECT_EQ(test, rig_en_hwrm_result(-EBUSY, 0), -EBUSY);
}

static void any_other_error_code_is_a_refusal(struct kunit *test)
{
	static const struct { int ret; u16 error; } refused[] = {
		{ -EIO, HWRM_ERR_CODE_FAIL },
		{ -EINVAL, HWRM_ERR_CODE_INVALID_PARAMS },
		{ -EACCES, HWRM_ERR_CODE_RESOURCE_ACCESS_DENIED },
		{ -ENOSPC, HWRM_ERR_CODE_RESOURCE_ALLOC_ERROR },
		{ -ENOMEM, HWRM_ERR_CODE_NO_BUFFER },
		{ -EIO, HWRM_ERR_CODE_HOT_RESET_FAIL },
		{ -EOPNOTSUPP, HWRM_ERR_CODE_CMD_NOT_SUPPORTED },
		{ -ENODEV, HWRM_ERR_CODE_PF_UNAVAILABLE },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(refused); i++)
		KUNIT_EXPECT_EQ_MSG(test, rig_en_hwrm_result(refused[i].ret, refused[i].error),
				    -EIO, "error code 0x%x", refused[i].error);
}

static void an_errno_without_an_answer_is_passed_on(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rig_en_hwrm_result(-ENOMEM, 0), -ENOMEM);
	KUNIT_EXPECT_EQ(test, rig_en_hwrm_result(-EINVAL, 0), -EINVAL);
}

static struct kunit_case rig_en_hwrm_test_cases[] = {
	KUNIT_CASE(success_is_zero),
	KUNIT_CASE(a_reset_in_progress_is_ebusy_not_a_refusal),
	KUNIT_CASE(any_other_error_code_is_a_refusal),
	KUNIT_CASE(an_errno_without_an_answer_is_passed_on),
	{}
};

static struct kunit_suite rig_en_hwrm_test_suite = {
	.name = "rig_en_hwrm_test",
	.test_cases = rig_en_hwrm_test_cases,
};

kunit_test_suite(rig_en_hwrm_test_suite);

MODULE_DESCRIPTION("KUnit tests of rig_bnxt_en's reading of HWRM answers");
MODULE_LICENSE("GPL");
