# SPDX-License-Identifier: BSD-2-Clause
#
# scripts/bench/summarize.awk: the rows of a figure's rounds to one row.
# scripts/bench/run-guest runs it (with stats.awk) on the rows each round
# printed, rig's and rxe's alternating:
#
#   awk -F, -f stats.awk -f summarize.awk [-v samples=DIR] ROUNDS
#
# Rows of one workload, size, impl and count are one figure; its row is the
# median round's (by bandwidth, or typical latency where there is none) with
#   iterations        summed over the rounds
#   kicks_per_msg,    the medians of the rounds' figures
#   cpu_us_per_msg,
#   prog_cpu_us_per_msg
#   spread_min/_max   the least and the greatest of the rounds' bandwidths
#                     (or typical latencies)
#   rounds            how many
# and, where DIR/WORKLOAD,SIZE,IMPL (",COUNT" after it for rows that have
# a count) holds the latencies of every trip of
# every round (one microsecond figure a line), lat_p99_us and lat_p999_us of
# them all pooled.  Figures come out in the order they first came in.

BEGIN { OFS = "," }

{
	key = $1 FS $2 FS $3 FS $11
	if (!(key in n))
		order[++figures] = key
	i = ++n[key]
	row[key, i] = $0
	primary[key, i] = $4 != "" ? $4 : $6
}

# median_of(KEY, FIELD): the median of FIELD over KEY's rounds where it is
# not empty, or "" if it is empty in every one.
function median_of(key, f,   i, m, x, r) {
	m = 0
	for (i = 1; i <= n[key]; i++) {
		split(row[key, i], r, FS)
		if (r[f] != "")
			x[++m] = r[f] + 0
	}
	if (!m)
		return ""
	sort_num(x, m)
	return x[middle(x, m)]
}

# pooled(FILE, P): the P-th permille of the latencies in FILE, or "".
function pooled(file, p,   cmd, x, m, v) {
	cmd = "sort -g '" file "' 2>/dev/null"
	m = 0
	while ((cmd | getline v) > 0)
		x[++m] = v
	close(cmd)
	return m ? sprintf("%.2f", x[int(m * p / 1000) + 1]) : ""
}

END {
	for (k = 1; k <= figures; k++) {
		key = order[k]
		m = n[key]
		for (i = 1; i <= m; i++)
			s[i] = primary[key, i] + 0
		sort_num(s, m)
		for (i = 1; i <= m; i++)
			if (primary[key, i] + 0 == s[middle(s, m)])
				break
		nf = split(row[key, i], f, FS)
		for (j = nf + 1; j <= 18; j++)
			f[j] = ""
		f[9] = 0
		for (i = 1; i <= m; i++) {
			split(row[key, i], r, FS)
			f[9] += r[9]
		}
		f[10] = median_of(key, 10)
		f[12] = s[1]
		f[13] = s[m]
		f[15] = median_of(key, 15)
		f[16] = median_of(key, 16)
		f[17] = m
		file = samples "/" f[1] "," f[2] "," f[3] (f[11] != "" ? "," f[11] : "")
		if (samples != "" && f[6] != "" && (getline v < file) > 0) {
			close(file)
			f[8] = pooled(file, 990)
			f[14] = pooled(file, 999)
		}
		out = f[1]
		for (j = 2; j <= 18; j++)
			out = out OFS f[j]
		print out
	}
}
