// SPDX-License-Identifier: GPL-2.0-only
/*
 * Why a command failed, in words: each context keeps the last message the
 * driver gave (RIG_BNXT_LAST_ERROR hands it to the library, which puts it
 * in rig_error()).  This file owns struct rig_ctx's @last_error.
 */
#include <linux/string.h>

#include "rig.h"

/**
 * rig_ctx_error() - say why the NIC failed a command of @ctx
 * @ctx: the context whose command failed
 * @err: the errno the command returns
 * @fmt: printf-style message: the command and the reason
 *
 * The message is kept for RIG_BNXT_LAST_ERROR (the library puts it in
 * rig_error()) and logged, rate-limited, with the device's name: a
 * process can trigger it at will.
 *
 * Return: @err, for "return rig_ctx_error(...)".
 */
int rig_ctx_error(struct rig_ctx *ctx, int err, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	scoped_guard(spinlock, &ctx->error_lock) {
		va_list copy;

		va_copy(copy, args);
		vscnprintf(ctx->last_error, sizeof(ctx->last_error), fmt, copy);
		va_end(copy);
	}
	vaf.fmt = fmt;
	vaf.va = &args;
	dev_warn_ratelimited(&ctx->rdev->dev, "%pV\n", &vaf);
	va_end(args);
	return err;
}

/**
 * rig_ctx_mem_error() - say why memory for the NIC could not be made
 * @ctx: the context whose command failed
 * @err: what rig_pages_alloc(), rig_pages_pin() or rig_buf_alloc() returned
 * @what: what the memory was for ("region", "queue pair rings", ...)
 *
 * Only the failure a user cannot guess is explained: -EOPNOTSUPP, the DMA
 * API bouncing the pages through swiotlb.
 *
 * Return: @err.
 */
int rig_ctx_mem_error(struct rig_ctx *ctx, int err, const char *what)
{
	if (err != -EOPNOTSUPP)
		return err;
	return rig_ctx_error(ctx, err,
			     "%s: the DMA API would bounce the pages through swiotlb, out of the NIC's sight",
			     what);
}

/**
 * rig_cmd_last_error() - RIG_BNXT_LAST_ERROR
 * @ctx: the context
 * @arg: a struct rig_bnxt_last_error
 *
 * Takes the message: a later call answers an empty one, unless the answer
 * could not be copied out (rig_last_error_undo()).
 *
 * Return: 0, or -EINVAL for a non-zero reserved field or message byte.
 */
int rig_cmd_last_error(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_last_error *cmd = arg;

	if (cmd->reserved || memchr_inv(cmd->message, 0, sizeof(cmd->message)))
		return -EINVAL;
	guard(spinlock)(&ctx->error_lock);
	strscpy(cmd->message, ctx->last_error, sizeof(cmd->message));
	ctx->last_error[0] = '\0';
	return 0;
}

/**
 * rig_last_error_undo() - give back a message that never reached the caller
 * @ctx: the context
 * @arg: the struct rig_bnxt_last_error rig_cmd_last_error() answered
 *
 * A command that cannot write its answer has changed nothing.  A failure
 * since then left its own message, which is newer: that one stays.
 */
void rig_last_error_undo(struct rig_ctx *ctx, void *arg)
{
	struct rig_bnxt_last_error *cmd = arg;

	guard(spinlock)(&ctx->error_lock);
	if (!ctx->last_error[0])
		strscpy(ctx->last_error, cmd->message, sizeof(ctx->last_error));
}
