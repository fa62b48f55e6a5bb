#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# One guest of scripts/two-guests: ROLE a or b, then the tests to run
# (default all).  Both guests run the same tests in the same order; in
# each, one side waits (rig -S, or perftest with no address) and the other
# connects, retrying until the waiting side is up.  Prints TAP.
#
#   rig_send / rig_read / rig_lat      rig on A waits, rig on B connects
#   rxe_send / rxe_read / rxe_lat      rig on A waits, perftest on rxe (B)
#   rxe_send_rev / rxe_read_rev /      perftest on rxe (B) waits, rig on A
#   rxe_lat_rev                        connects
#
# B's eth0 carries rig's function for the rig tests and rdma_rxe for the
# rest: rig takes every RoCE v2 frame of an interface it sits on, so the
# two never share one.
set -uo pipefail

role=${1:?role a or b}
shift
tests=("$@")
[[ ${#tests[@]} -gt 0 ]] ||
	tests=(rig_send rig_read rig_lat rxe_send rxe_read rxe_lat rxe_send_rev rxe_read_rev
	       rxe_lat_rev)

repo=$(cd "$(dirname "$0")/../.." && pwd)
rig=$repo/lib/tools/rig/rig
me=10.78.0.1 peer=10.78.0.2
[[ $role == a ]] || { me=10.78.0.2 peer=10.78.0.1; }
# What each test moves: enough to cross the MTU many times, little enough
# for two TCG guests sharing two host cores.
sizes=(-s 1M -n 20)
n=0 failed=0

# ok STATUS NAME: one TAP line.
ok() {
	n=$((n + 1))
	if [[ $1 == 0 ]]; then
		echo "ok $n $2"
	else
		failed=$((failed + 1))
		echo "not ok $n $2"
	fi
}

# retry CMD...: run CMD until it connects (its peer may not wait yet), 90 s.
retry() {
	local i out
	for i in $(seq 90); do
		out=$("$@" 2>&1) && { echo "$out"; return 0; }
		if ! grep -qiE 'connection refused|couldn.t connect|unable to connect|no route' <<<"$out"; then
			echo "$out"
			return 1
		fi
		sleep 1
	done
	echo "$out"
	return 1
}

# run NAME CMD...: run CMD, its output as TAP comments, one result.
run() {
	local name=$1 out rc
	shift
	out=$("$@" 2>&1)
	rc=$?
	sed 's/^/# /' <<<"$out"
	ok "$rc" "$name"
}

# The function on eth0: its GID for the address shows within 10 s.
rig_on() {
	"$rig" link set rig_bnxt0 netdev eth0 || return 1
	for _ in $(seq 100); do
		grep -q "ffff:0a4e:" /sys/class/rig_bnxt/rig_bnxt0/gids 2>/dev/null && return 0
		sleep 0.1
	done
	echo "no GID for $me on rig_bnxt0:"
	cat /sys/class/rig_bnxt/rig_bnxt0/gids
	return 1
}

# rdma_rxe on eth0 instead of rig (crc32_generic first: rxe needs it).
rxe_on() {
	local m
	"$rig" link set rig_bnxt0 nodev || return 1
	for m in crc32_generic rdma_rxe; do
		modprobe "$m" || return 1
	done
	rdma link add rxe0 type rxe netdev eth0 || return 1
	for _ in $(seq 100); do
		[[ -n $(rxe_gid_index) ]] && return 0
		sleep 0.1
	done
	echo "rxe0 has no RoCE v2 GID for $me"
	return 1
}

# The index of rxe0's RoCE v2 GID of the IPv4 address, for perftest's -x.
rxe_gid_index() {
	local port=/sys/class/infiniband/rxe0/ports/1 f i
	for f in "$port"/gids/*; do
		i=${f##*/}
		if grep -q "^0000:0000:0000:0000:0000:ffff:0a4e:" "$f" 2>/dev/null &&
		   [[ $(cat "$port/gid_attrs/types/$i" 2>/dev/null) == "RoCE v2" ]]; then
			echo "$i"
			return
		fi
	done
}

echo "TAP version 13"
ip link set eth0 up && ip addr add "$me/24" dev eth0
run "eth0 up with $me, the function on it" rig_on
for t in "${tests[@]}"; do
	case $role:$t in
	a:rig_send) run "rig send-bw waits, rig on the other machine sends" \
		"$rig" send-bw -S "${sizes[@]}" -q ;;
	b:rig_send) run "rig send-bw sends to rig on the other machine" \
		retry "$rig" send-bw "$peer" "${sizes[@]}" -q ;;
	a:rig_read) run "rig read-bw waits, rig on the other machine reads its region" \
		"$rig" read-bw -S "${sizes[@]}" -q ;;
	b:rig_read) run "rig read-bw reads a region of rig on the other machine" \
		retry "$rig" read-bw "$peer" "${sizes[@]}" -q ;;
	a:rig_lat) run "rig send-lat waits, rig on the other machine ping-pongs" \
		"$rig" send-lat -S -s 64 -n 200 -q ;;
	b:rig_lat) run "rig send-lat ping-pongs with rig on the other machine" \
		retry "$rig" send-lat "$peer" -s 64 -n 200 -q ;;
	a:rxe_send) run "rig send-bw waits, ib_send_bw on rxe sends" \
		"$rig" send-bw -S -s 65536 -n 200 -q ;;
	b:rxe_send) run "rxe0 on eth0" rxe_on
		run "ib_send_bw on rxe sends to rig on the other machine" \
		retry ib_send_bw -d rxe0 -x "$(rxe_gid_index)" -s 65536 -n 200 "$peer" ;;
	a:rxe_read) run "rig read-bw waits, ib_read_bw on rxe reads its region" \
		"$rig" read-bw -S -s 65536 -n 200 -q ;;
	b:rxe_read) run "ib_read_bw on rxe reads a region of rig on the other machine" \
		retry ib_read_bw -d rxe0 -x "$(rxe_gid_index)" -s 65536 -n 200 "$peer" ;;
	a:rxe_lat) run "rig send-lat waits, ib_send_lat on rxe ping-pongs" \
		"$rig" send-lat -S -s 64 -n 200 -q ;;
	b:rxe_lat) run "ib_send_lat on rxe ping-pongs with rig on the other machine" \
		retry ib_send_lat -d rxe0 -x "$(rxe_gid_index)" -s 64 -n 200 "$peer" ;;
	a:rxe_send_rev) run "rig send-bw sends to ib_send_bw waiting on rxe" \
		retry "$rig" send-bw "$peer" -s 65536 -n 200 -q ;;
	b:rxe_send_rev) run "ib_send_bw on rxe waits, rig on the other machine sends" \
		ib_send_bw -d rxe0 -x "$(rxe_gid_index)" -s 65536 -n 200 ;;
	a:rxe_read_rev) run "rig read-bw reads a region of ib_read_bw waiting on rxe" \
		retry "$rig" read-bw "$peer" -s 65536 -n 200 -q ;;
	b:rxe_read_rev) run "ib_read_bw on rxe waits, rig on the other machine reads" \
		ib_read_bw -d rxe0 -x "$(rxe_gid_index)" -s 65536 -n 200 ;;
	a:rxe_lat_rev) run "rig send-lat ping-pongs with ib_send_lat waiting on rxe" \
		retry "$rig" send-lat "$peer" -s 64 -n 200 -q ;;
	b:rxe_lat_rev) run "ib_send_lat on rxe waits, rig on the other machine ping-pongs" \
		ib_send_lat -d rxe0 -x "$(rxe_gid_index)" -s 64 -n 200 ;;
	*) ok 1 "unknown test '$t'" ;;
	esac
done
echo "1..$n"
[[ $failed == 0 ]]
