/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Range arithmetic of regions: bounds, page rounding and device runs.
 * Pure functions of their arguments, with no PCI and no allocation, so
 * KUnit runs them under UML (range_test.c).
 */
#ifndef RIG_RANGE_H
#define RIG_RANGE_H

#include <linux/types.h>

#include "../../uapi/rig_bnxt.h"

bool rig_range_within(u64 at, u64 n, u64 size);
int rig_round_to_page(u64 n, u64 page, u64 *rounded);
int rig_runs_check(const struct rig_bnxt_run *runs, u32 count, u64 *total);

#endif /* RIG_RANGE_H */
