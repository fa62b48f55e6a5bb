// SPDX-License-Identifier: GPL-2.0-only
/*
 * What an HWRM request sent through bnxt_en came to, in the transport's
 * terms (struct rig_transport_ops.hwrm).  This file owns that reading of
 * bnxt_send_msg()'s return and the answer's error code, and nothing else.
 * Pure: KUnit runs it.
 */
#include <linux/errno.h>

#include "../bnxt/fw_hsi.h"
#include "en.h"

/**
 * rig_en_hwrm_result() - the transport's answer for an HWRM request
 * @ret: what bnxt_send_msg() returned: 0, an errno bnxt_en made from the
 *	 firmware's error code, or -EBUSY when no answer came in time or
 *	 bnxt_en is resetting the function
 * @error: the answer's error_code, 0 when there was no answer
 *
 * Return: 0 when the firmware answered with success; -EBUSY while the
 * function is being reset (an answer of HOT_RESET_PROGRESS or BUSY, or
 * bnxt_en's own -EBUSY, which also stands for a timeout: bnxt_en does not
 * tell them apart), never a refusal; -EIO for any other error code; any
 * other errno bnxt_en gave without an answer, as it is.
 */
int rig_en_hwrm_result(int ret, u16 error)
{
	if (error == RIG_HWRM_ERR_CODE_HOT_RESET_PROGRESS || error == RIG_HWRM_ERR_CODE_BUSY)
		return -EBUSY;
	if (error)
		return -EIO;
	return ret;
}
