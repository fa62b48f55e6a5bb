// SPDX-License-Identifier: GPL-2.0-only
/*
 * Range arithmetic of regions.  This file owns the rules that say which
 * offsets, lengths and device runs are well formed, with every sum checked
 * for overflow; it touches no memory but its arguments.
 */
#include <linux/align.h>
#include <linux/errno.h>
#include <linux/math.h>
#include <linux/overflow.h>

#include "range.h"

/**
 * rig_range_within() - do the @n bytes at @at lie inside @size bytes?
 * @at: offset of the first byte
 * @n: number of bytes; zero bytes lie inside when @at <= @size
 * @size: size of the whole
 *
 * Return: true if [@at, @at + @n) is inside [0, @size), with no overflow.
 */
bool rig_range_within(u64 at, u64 n, u64 size)
{
	u64 end;

	if (check_add_overflow(at, n, &end))
		return false;
	return end <= size;
}

/**
 * rig_round_to_page() - round a region's size up to whole pages
 * @n: the size asked for
 * @page: the page size, a power of two
 * @rounded: where the rounded size is stored on success
 *
 * Return: 0; -EINVAL if @n is zero or @page is not a power of two;
 * -EOVERFLOW if the rounded size does not fit in 64 bits.
 */
int rig_round_to_page(u64 n, u64 page, u64 *rounded)
{
	u64 sum;

	if (!n || !page || (page & (page - 1)))
		return -EINVAL;
	if (check_add_overflow(n, page - 1, &sum))
		return -EOVERFLOW;
	*rounded = sum & ~(page - 1);
	return 0;
}

/**
 * rig_runs_check() - are these well-formed runs of device memory?
 * @runs: the runs, in order
 * @count: how many
 * @total: where the sum of their sizes is stored on success
 *
 * Each run must start on, and be a positive multiple of,
 * RIG_BNXT_RUN_ALIGN bytes, and must not wrap around the address space;
 * the total must fit in 64 bits.  Whether the memory exists is not
 * decided here.
 *
 * Return: 0, or -EINVAL for the first malformed run or an empty list.
 */
int rig_runs_check(const struct rig_bnxt_run *runs, u32 count, u64 *total)
{
	u64 sum = 0, end;
	u32 i;

	if (!count)
		return -EINVAL;
	for (i = 0; i < count; i++) {
		const struct rig_bnxt_run *r = &runs[i];

		if (!r->bytes || !IS_ALIGNED(r->bytes, RIG_BNXT_RUN_ALIGN) ||
		    !IS_ALIGNED(r->address, RIG_BNXT_RUN_ALIGN))
			return -EINVAL;
		if (check_add_overflow(r->address, r->bytes - 1, &end))
			return -EINVAL;
		if (check_add_overflow(sum, r->bytes, &sum))
			return -EINVAL;
	}
	*total = sum;
	return 0;
}
