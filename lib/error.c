// SPDX-License-Identifier: BSD-2-Clause
/*
 * The per-thread error message, the only state librig keeps.
 */
#include <stdarg.h>
#include <stdio.h>

#include "internal.h"

static _Thread_local char rig_message[512];

RIG_EXPORT const char *rig_error(void)
{
	return rig_message;
}

int rig_fail(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rig_message, sizeof(rig_message), fmt, ap);
	va_end(ap);
	return err;
}
