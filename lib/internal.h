/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * librig's private declarations: the error setter and the layout of the
 * public opaque types.  Never installed.
 */
#ifndef RIG_INTERNAL_H
#define RIG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "rig/bnxt.h"

#define RIG_EXPORT __attribute__((visibility("default")))

/**
 * rig_fail() - record this thread's failure and return its errno
 * @err: a negative errno, returned as is
 * @fmt: printf format of the message, starting with the call's name
 */
int rig_fail(int err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

struct rig_bnxt {
	int fd;
	int kind;		/* RIG_KIND_* */
	uint32_t flags;		/* RIG_BNXT_QUERY_* */
	size_t page;
	char *path;		/* the device file, for messages */
};

#endif /* RIG_INTERNAL_H */
