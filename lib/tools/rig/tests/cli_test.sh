#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# rig(1) end to end without a kernel: exit statuses, where help, usage
# and errors go, and what rig says when the module is not loaded, on a
# made-up sysfs tree (RIG_SYSFS).  Prints TAP.
#
#   tests/cli_test.sh [PATH-TO-RIG]     (default: the rig beside tests/)
set -uo pipefail

rig=${1:-$(dirname "$0")/../rig}
[[ -x $rig ]] || { echo "Bail out! no rig binary at $rig (make -C tools/rig)"; exit 1; }

tmp=$(mktemp -d /tmp/rig-cli-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0

# ok CONDITION-STATUS NAME [WHY]: one TAP line.
ok() {
	n=$((n + 1))
	if [[ $1 == 0 ]]; then
		echo "ok $n $2"
	else
		failed=$((failed + 1))
		echo "not ok $n $2"
		local lines
		[[ -z ${3:-} ]] || { mapfile -t lines <<<"$3"; printf '# %s\n' "${lines[@]}"; }
	fi
}

# run ARGS...: run rig; its status, stdout and stderr land in $status, $out, $err.
run() {
	"$rig" "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}

# matches TEXT PATTERN: "" matches only empty TEXT, "*" anything, else a regex.
matches() {
	case $2 in
	"") [[ -z $1 ]] ;;
	"*") true ;;
	*) [[ $1 =~ $2 ]] ;;
	esac
}

# expect NAME STATUS [STDOUT-PATTERN] [STDERR-PATTERN]: check the last run.
expect() {
	local name=$1 want=$2 out_pat=${3-*} err_pat=${4-*} why=""

	[[ $status == "$want" ]] || why+="exit $status, not $want"$'\n'
	matches "$out" "$out_pat" || why+="stdout does not match '$out_pat':"$'\n'"$out"$'\n'
	matches "$err" "$err_pat" || why+="stderr does not match '$err_pat':"$'\n'"$err"$'\n'
	ok "$([[ -z $why ]]; echo $?)" "$name" "$why"
}

echo "TAP version 13"

# --- help ---------------------------------------------------------------
run --help
expect "rig --help exits 0 with the commands on stdout" 0 \
	'Usage: rig .*devices .*send-bw .*send-lat .*read-bw ' ""
run help
expect "rig help is rig --help" 0 'Usage: rig ' ""
for cmd in devices send-bw send-lat read-bw; do
	run "$cmd" --help
	expect "rig $cmd --help exits 0 with its usage" 0 "^Usage: rig $cmd " ""
done
run help send-lat
expect "rig help send-lat is rig send-lat --help" 0 '^Usage: rig send-lat .*--peer' ""

# --- usage errors: exit 2, usage on stderr, nothing on stdout ---------------
run
expect "rig alone is a usage error" 2 "" 'no command given.*Usage: rig'
run frobnicate
expect "an unknown command is a usage error" 2 "" "unknown command 'frobnicate'.*Usage: rig"
run --frob
expect "an unknown option before the command is a usage error" 2 "" "unknown option '--frob'"
run send-bw --frob
expect "an unknown option of a command is a usage error with its usage" 2 "" \
	"rig send-bw: unknown option '--frob'.*Usage: rig send-bw"
for size in 0 -1 1.5K 3X 2G 99999999999999999999 ""; do
	run send-bw -s "$size"
	expect "size '$size' is refused" 2 "" "bad size '$size'"
done
run send-lat -s
expect "-s without a value is a usage error" 2 "" "option '-s' needs a value"
run read-bw -n 0
expect "zero iterations are refused" 2 "" "bad iteration count '0'"
run read-bw -n many
expect "iterations that are no number are refused" 2 "" "bad iteration count 'many'"
run send-bw --entries 100
expect "a ring that is no power of two is refused" 2 "" "bad ring size '100'"
run send-bw --entries 8192
expect "a ring past 4096 is refused" 2 "" "bad ring size '8192'"
run send-bw -a -s 64
expect "-a and -s together are refused" 2 "" "exclude each other"
run send-lat -e --poll
expect "-e and --poll together are refused" 2 "" "exclude each other"
run read-bw --peer rig_bnxt1
expect "read-bw refuses --peer, saying why" 2 "" "--peer does not apply"
run devices -n 5
expect "devices refuses the tests' options" 2 "" "unknown option '-n'"
run send-bw host stray
expect "a second address is a usage error" 2 "" "unexpected argument 'stray'"
run send-bw -S 10.0.0.2
expect "-S and an address together are refused" 2 "" "-S waits for a peer and ADDRESS connects to one"
run send-lat --peer rig_bnxt1 10.0.0.2
expect "--peer and an address together are refused" 2 "" "--peer names a NIC of this machine"
run read-bw -p 18516
expect "-p without -S or an address is refused" 2 "" "-p applies only with -S or ADDRESS"
for port in 0 65536 http -1; do
	run send-bw -S -p "$port"
	expect "port '$port' is refused" 2 "" "bad port '$port'"
done
run send-bw -S -p
expect "-p without a value is a usage error" 2 "" "option '-p' needs a value"
run send-bw ""
expect "an empty address is refused" 2 "" "empty address"
for cmd in send-bw send-lat read-bw; do
	run "$cmd" --help
	expect "rig $cmd --help names -S, ADDRESS and -p" 0 \
		'-S, --server.*ADDRESS .*-p, --port PORT.*18515' ""
done
run link
expect "rig link with nothing after it asks for 'set'" 2 "" "give 'set'"
run link set
expect "rig link set asks for the NIC" 2 "" "give the NIC"
run link set rig_bnxt0
expect "rig link set NIC asks for netdev or nodev" 2 "" "give 'netdev IFNAME' or 'nodev'"
run link set rig_bnxt0 netdev
expect "rig link set NIC netdev asks for the interface" 2 "" "give 'netdev IFNAME' or 'nodev'"
run link set rig_bnxt0 netdev a/b
expect "rig link refuses a name no interface can have" 2 "" "bad interface name 'a/b'"
run link set rig_bnxt0 netdev 0123456789abcdef
expect "rig link refuses a name longer than 15 bytes" 2 "" "bad interface name"
run link set rig_bnxt0 nodev extra
expect "rig link refuses a word after nodev" 2 "" "give 'netdev IFNAME' or 'nodev'"
run link --help
expect "rig link --help prints its help on stdout" 0 'Usage: rig link set NIC netdev IFNAME' ""

# --- no module, no NIC, no such NIC ------------------------------------------
not_loaded='^rig: the rig_bnxt module is not loaded: modprobe rig_bnxt$'
export RIG_SYSFS=$tmp/empty
mkdir -p "$RIG_SYSFS"
run devices
expect "rig devices without the module says to load it, exit 1" 1 "" "$not_loaded"
run devices --json
expect "rig devices --json without the module prints no JSON, exit 1" 1 "" "$not_loaded"
for cmd in send-bw send-lat read-bw; do
	run "$cmd" -s 1G
	expect "rig $cmd (a size it accepts) without the module says to load it" 1 "" \
		"$not_loaded"
done
run send-bw -S -p 20001
expect "rig send-bw -S without the module says to load it before it listens" 1 "" "$not_loaded"
run read-bw 127.0.0.1
expect "rig read-bw ADDRESS without the module says to load it before it connects" 1 "" \
	"$not_loaded"

mkdir -p "$tmp/none/class/rig_bnxt"
export RIG_SYSFS=$tmp/none
run devices
expect "a module with no NIC says what is missing, exit 1" 1 "" \
	'loaded with no NIC: no NetXtreme function is bound.*vm-run --soft 2'

# Two made-up modelled NICs whose /dev nodes do not exist on this machine.
fake=$tmp/fake
for nic in rig_bnxt90 rig_bnxt91; do
	mkdir -p "$fake/class/rig_bnxt/$nic"
	echo soft >"$fake/class/rig_bnxt/$nic/kind"
	echo 0 >"$fake/class/rig_bnxt/$nic/iommu"
	echo 0 >"$fake/class/rig_bnxt/$nic/relaxed_ordering"
done
export RIG_SYSFS=$fake
run send-bw -d rig_bnxt7
expect "a NIC that is not there is named, with the NICs that are" 1 "" \
	"no NIC 'rig_bnxt7'; the NICs here: rig_bnxt90 rig_bnxt91"
run devices -d rig_bnxt7
expect "rig devices -d of a NIC that is not there fails" 1 "" "no NIC 'rig_bnxt7'"
run devices
expect "rig devices shows what sysfs says of a NIC it cannot open, with librig's error" 1 \
	'nic: rig_bnxt90.*kind: +soft.*pci_address: +-.*iommu: +no.*dma_buf: +\?.*page_size: +\?.*nic: rig_bnxt91' \
	'rig: rig_bnxt_open: /dev/rig_bnxt90: .*'
run devices --json
printf '%s' "$out" >"$tmp/devices.json"
if command -v python3 >/dev/null; then
	python3 -m json.tool "$tmp/devices.json" >/dev/null 2>"$tmp/json.err"
	ok $? "rig devices --json parses with python3 -m json.tool" "$(cat "$tmp/json.err")"
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["devices"]
assert [x["name"] for x in d] == ["rig_bnxt90", "rig_bnxt91"]
assert d[0]["error"].startswith("rig_bnxt_open:") and d[0]["pci_address"] is None' \
		"$tmp/devices.json" 2>"$tmp/json.err"
	ok $? "rig devices --json carries each NIC and its error" "$(cat "$tmp/json.err")"
else
	echo "ok $((n += 1)) rig devices --json parses # SKIP no python3"
	echo "ok $((n += 1)) rig devices --json carries each NIC # SKIP no python3"
fi
run send-bw -d rig_bnxt90 --json
expect "a test that cannot open its NIC prints librig's error and no JSON, exit 1" 1 "" \
	'^rig: rig_bnxt_open: /dev/rig_bnxt90: '

# What the driver read from the firmware; bnxt_en's functions rig does not hold.
echo 0x1750 >"$fake/class/rig_bnxt/rig_bnxt90/chip"
echo "230.0.157 (RoCE 230.0.157)" >"$fake/class/rig_bnxt/rig_bnxt90/firmware_version"
echo 65536 >"$fake/class/rig_bnxt/rig_bnxt90/max_qp"
echo 131072 >"$fake/class/rig_bnxt/rig_bnxt90/max_cq"
echo 262144 >"$fake/class/rig_bnxt/rig_bnxt90/max_mr"
echo bogus >"$fake/class/rig_bnxt/rig_bnxt91/max_qp"
pci=$fake/devices/pci0000:40
mkdir -p "$fake/bus/auxiliary/devices" "$fake/bus/auxiliary/drivers/bnxt_re.rdma" \
	"$fake/bus/auxiliary/drivers/rig_bnxt_en.rdma"
for f in 0000:41:00.0/bnxt_en.rdma.0 0000:41:00.1/bnxt_en.rdma.1 0000:42:00.0/bnxt_en.rdma.2; do
	mkdir -p "$pci/$f"
	ln -s "$pci/$f" "$fake/bus/auxiliary/devices/${f#*/}"
done
ln -s "$fake/bus/auxiliary/drivers/bnxt_re.rdma" "$pci/0000:41:00.0/bnxt_en.rdma.0/driver"
ln -s "$fake/bus/auxiliary/drivers/rig_bnxt_en.rdma" "$pci/0000:42:00.0/bnxt_en.rdma.2/driver"
run devices
expect "rig devices shows the chip, firmware and limits sysfs gives, ? for a bad one" 1 \
	'chip: +0x1750.*firmware: +230\.0\.157 \(RoCE 230\.0\.157\).*max_qp: +65536.*max_cq: +131072.*max_mr: +262144.*nic: rig_bnxt91.*chip: +\?.*max_qp: +\?' \
	'*'
expect "rig devices names the functions another driver holds or none does, not rig's" 1 \
	'function: bnxt_en\.rdma\.0.*pci_address: +0000:41:00\.0.*held_by: +bnxt_re.*function: bnxt_en\.rdma\.1.*pci_address: +0000:41:00\.1.*held_by: +none' \
	'*'
[[ $out != *bnxt_en.rdma.2* ]]
ok $? "rig devices does not list a function rig's transport holds" "$out"
run devices --json
printf '%s' "$out" >"$tmp/devices.json"
if command -v python3 >/dev/null; then
	python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); d=j["devices"]
assert d[0]["chip"] == "0x1750" and d[0]["max_qp"] == 65536, d[0]
assert d[1]["max_qp"] is None and d[1]["chip"] is None, d[1]
o = sorted(j["other_functions"], key=lambda x: x["device"])
assert [(x["device"], x["pci_address"], x["driver"]) for x in o] == [
    ("bnxt_en.rdma.0", "0000:41:00.0", "bnxt_re.rdma"), ("bnxt_en.rdma.1", "0000:41:00.1", None)], o' \
		"$tmp/devices.json" 2>"$tmp/json.err"
	ok $? "rig devices --json carries the firmware's facts and the other functions" \
		"$(cat "$tmp/json.err")"
else
	echo "ok $((n += 1)) rig devices --json carries the other functions # SKIP no python3"
fi
# The PCI function beneath: the parent of the bound auxiliary device (the
# model's), or its grandparent (bnxt_en's bnxt_en.rdma.N, then rig_bnxt_en's).
mkdir -p "$fake/bus/pci" "$fake/bus/auxiliary"
for f in 0000:43:00.0 0000:44:00.0; do
	mkdir -p "$pci/$f"
	ln -s "$fake/bus/pci" "$pci/$f/subsystem"
done
mkdir -p "$pci/0000:43:00.0/rig_soft.rdma.0" \
	"$pci/0000:44:00.0/bnxt_en.rdma.5/rig_bnxt_en.rdma.5"
ln -s "$fake/bus/auxiliary" "$pci/0000:43:00.0/rig_soft.rdma.0/subsystem"
ln -s "$fake/bus/auxiliary" "$pci/0000:44:00.0/bnxt_en.rdma.5/subsystem"
ln -s "$fake/bus/auxiliary" "$pci/0000:44:00.0/bnxt_en.rdma.5/rig_bnxt_en.rdma.5/subsystem"
ln -s "$pci/0000:43:00.0/rig_soft.rdma.0" "$fake/class/rig_bnxt/rig_bnxt90/device"
ln -s "$pci/0000:44:00.0/bnxt_en.rdma.5/rig_bnxt_en.rdma.5" "$fake/class/rig_bnxt/rig_bnxt91/device"
run devices
expect "rig devices finds the PCI function beneath the model's and bnxt_en's auxiliary devices" 1 \
	'nic: rig_bnxt90.*pci_address: +0000:43:00\.0.*nic: rig_bnxt91.*pci_address: +0000:44:00\.0' '*'

# The wire: the interface a NIC sits on and its GIDs; rig link writes the
# model's attribute beneath the NIC (here a plain file).
echo veth-a >"$fake/class/rig_bnxt/rig_bnxt90/netdev"
printf '0 fe80:0000:0000:0000:0002:72ff:fe69:6700\n3 0000:0000:0000:0000:0000:ffff:0a4d:0001\n' >"$fake/class/rig_bnxt/rig_bnxt90/gids"
echo pci >"$fake/class/rig_bnxt/rig_bnxt91/kind"
run devices
expect "rig devices shows the interface a NIC sits on and its GID table, - for none" 1 \
	'nic: rig_bnxt90.*netdev: +veth-a.*gids: +0 fe80:0000:0000:0000:0002:72ff:fe69:6700.* +3 0000:0000:0000:0000:0000:ffff:0a4d:0001.*nic: rig_bnxt91.*netdev: +-' '*'
if command -v python3 >/dev/null; then
	run devices --json
	printf '%s' "$out" >"$tmp/devices.json"
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["devices"]
assert d[0]["netdev"] == "veth-a" and d[1]["netdev"] is None, d
assert d[0]["gids"] == [{"index": 0, "gid": "fe80:0000:0000:0000:0002:72ff:fe69:6700"},
                        {"index": 3, "gid": "0000:0000:0000:0000:0000:ffff:0a4d:0001"}], d[0]' \
		"$tmp/devices.json" 2>"$tmp/json.err"
	ok $? "rig devices --json carries the interface and the GIDs" "$(cat "$tmp/json.err")"
else
	echo "ok $((n += 1)) rig devices --json carries the GIDs # SKIP no python3"
fi
: >"$pci/0000:43:00.0/rig_soft.rdma.0/netdev"
run link set rig_bnxt90 netdev veth-b
expect "rig link set NIC netdev IFNAME succeeds silently" 0 "" ""
[[ $(cat "$pci/0000:43:00.0/rig_soft.rdma.0/netdev") == veth-b ]]
ok $? "rig link writes the interface's name into the model's attribute" \
	"$(cat "$pci/0000:43:00.0/rig_soft.rdma.0/netdev")"
: >"$pci/0000:43:00.0/rig_soft.rdma.0/netdev"
run link set rig_bnxt90 nodev
expect "rig link set NIC nodev succeeds silently" 0 "" ""
[[ $(od -An -c "$pci/0000:43:00.0/rig_soft.rdma.0/netdev" | tr -d ' ') == '\n' ]]
ok $? "rig link nodev writes an empty line" "$(od -c "$pci/0000:43:00.0/rig_soft.rdma.0/netdev")"
run link set rig_bnxt91 netdev veth-b
expect "rig link refuses a NetXtreme function, saying whose interface it is" 1 "" \
	"rig_bnxt91 is a NetXtreme function.*bnxt_en's interface"
run link set rig_bnxt7 nodev
expect "rig link names a NIC that is not there" 1 "" "no NIC 'rig_bnxt7'"
rm "$pci/0000:43:00.0/rig_soft.rdma.0/netdev"
run link set rig_bnxt90 netdev veth-b
expect "rig link on a model without the attribute says so" 1 "" "netdev: No such file"

rm -r "$fake/class/rig_bnxt/rig_bnxt90" "$fake/class/rig_bnxt/rig_bnxt91"
run devices
expect "with no NIC, rig devices still names the functions another driver holds" 1 "" \
	'loaded with no NIC.*bnxt_en\.rdma\.0 \(PCI 0000:41:00\.0\) is not rig.s: held by bnxt_re.*hardware\.rst'

echo "1..$n"
[[ $failed == 0 ]]
