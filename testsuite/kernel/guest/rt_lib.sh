# SPDX-License-Identifier: GPL-2.0
# Shared by the runtime guest tests (busybox sh).  runtime-vm.sh joins this
# file and the rt_*.sh parts into the one script the VM runs.
RT=/sys/kernel/debug/drvcheck
ST=/sys/kernel/debug/drvcheck_selftest
M=/modules
FAILS=0
TAB=$(printf '\t')

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; FAILS=$((FAILS + 1)); }
note() { echo "NOTE $*"; }

rt_load() {
	insmod $M/drvcheck_rt.ko "$@" || { echo "FAIL insmod drvcheck_rt $*"; return 1; }
}
st_load() {
	insmod $M/drvcheck_selftest.ko || { echo "FAIL insmod drvcheck_selftest"; return 1; }
}
st_run() { echo "$1" > $ST/run; }
errors_clear() { echo 1 > $RT/errors; }

# The value of field $2 in the TAB-separated key=value line $1.
field() {
	printf '%s\n' "$1" | awk -F "$TAB" -v k="$2" '{
		for (i = 1; i <= NF; i++)
			if (index($i, k "=") == 1) { print substr($i, length(k) + 2); exit }
	}'
}

# The ids of the lines in `errors`, sorted, space-separated.
error_ids() {
	awk -F "$TAB" '{ for (i = 1; i <= NF; i++)
		if (index($i, "id=") == 1) print substr($i, 4) }' $RT/errors |
		sort | tr '\n' ' ' | sed 's/ $//'
}

# A number from `stats`: stat_of LINE-PREFIX KEY, e.g. stat_of "pool " free
stat_of() {
	grep "^$1" $RT/stats | head -n 1 | tr ' ' '\n' | sed -n "s/^$2=//p"
}
drv_stat() { stat_of "driver=drvcheck_selftest " "$1"; }

dmesg_bad() {
	dmesg | grep -E "BUG:|WARNING:|Oops|general protection|Call Trace" | head -n 5
}
