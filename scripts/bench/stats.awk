# SPDX-License-Identifier: BSD-2-Clause
#
# scripts/bench/stats.awk: the arithmetic of make bench's rounds, shared by
# scripts/bench/summarize.awk (the guest: rounds to one row) and the tables
# of scripts/bench/run (goals and their verdicts); scripts/bench/stats-test
# checks it.  Functions only, no state.

# middle(X, N): the index of X's median, X[1..N] sorted ascending: the middle
# one, or of an even N the lower of the two middle ones (a value measured,
# not a mean of two rounds).
function middle(x, n) {
	return int((n + 1) / 2)
}

# sort_num(X, N): sort X[1..N] ascending, in place (insertion: a few rounds).
function sort_num(x, n,   i, j, t) {
	for (i = 2; i <= n; i++) {
		t = x[i]
		for (j = i - 1; j >= 1 && x[j] > t; j--)
			x[j + 1] = x[j]
		x[j + 1] = t
	}
}

# overlap(ALO, AHI, BLO, BHI): do the spreads [ALO, AHI] and [BLO, BHI] meet?
function overlap(alo, ahi, blo, bhi) {
	return alo <= bhi && blo <= ahi
}

# verdict(A, ALO, AHI, B, BLO, BHI, WANT, MORE): a goal of A/B at most WANT
# (MORE 0) or at least WANT (MORE 1), judged on the medians A and B: "met",
# "NOT met" or "not measured" (A < 0 or B <= 0), and ", within noise" when
# the spread of A meets the spread of B times WANT: when some round of each
# side would have judged it the other way.  Spreads < 0 are unknown (one
# round): no word on noise.
function verdict(a, alo, ahi, b, blo, bhi, want, more,   x, v) {
	if (a < 0 || b <= 0)
		return "not measured"
	x = a / b
	v = (more ? x >= want : x <= want) ? "met" : "NOT met"
	if (alo >= 0 && ahi >= 0 && blo > 0 && bhi > 0 &&
	    overlap(alo, ahi, blo * want, bhi * want))
		v = v ", within noise"
	return v
}
