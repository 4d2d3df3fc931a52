#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest script for run-vm.sh: load and unload drvcheck_rt.ko again and
# again while drvcheck_selftest's threads keep mapping and unmapping.
# Each load must find the table empty at the end (every map seen had its
# unmap seen), report nothing for mappings made before it loaded, and
# unload with no oops.
#   testsuite/kernel/run-vm.sh --smp 1 testsuite/kernel/guest/kmod_unload.sh \
#       runtime/kmod/drvcheck_rt.ko runtime/selftest/drvcheck_selftest.ko
# Under qemu tcg use --smp 1: with --smp 4 the stock kernel's own
# kprobe_events oops the same way when (un)registered under this stress
# (kprobe_stock_race.sh), so a crash there says nothing about drvcheck_rt.
D=/sys/kernel/debug/drvcheck
S=/sys/kernel/debug/drvcheck_selftest
fails=0
fail() { echo "UNLOAD FAIL: $*"; fails=$((fails + 1)); }
pool_field() { head -n 1 $D/stats | sed -n "s/.* $1=\([0-9]*\).*/\1/p"; }

insmod /modules/drvcheck_selftest.ko || exit 1
echo "start 2" > $S/stress_bg || exit 1
for i in 1 2 3 4 5 6; do
	insmod /modules/drvcheck_rt.ko pool_size=1024 all_errors=1 ||
		{ fail "insmod $i"; break; }
	sleep 1
	head -n 2 $D/stats
	n=$(grep -c . $D/errors)
	[ "$n" = 0 ] || { head -n 3 $D/errors; fail "cycle $i: $n errors"; }
	rmmod drvcheck_rt || { fail "rmmod $i"; break; }
	echo "cycle $i done"
done
echo stop > $S/stress_bg
tail -n 1 $S/stress_result
# Loaded while idle, unloaded after a full stress: the table drains.
insmod /modules/drvcheck_rt.ko pool_size=1024 || fail "last insmod"
echo "start 2" > $S/stress_bg
sleep 1
echo stop > $S/stress_bg
[ "$(pool_field live)" = 0 ] || fail "$(pool_field live) mappings live after the stress"
rmmod drvcheck_rt || fail "last rmmod"
rmmod drvcheck_selftest || fail "rmmod drvcheck_selftest"
if dmesg | grep -Eq 'WARNING:|BUG:|Oops|general protection|Call Trace'; then
	dmesg | grep -E 'WARNING:|BUG:|Oops|general protection|Call Trace' -A 25 | head -n 60
	fail "oops or WARN in dmesg"
fi
[ $fails = 0 ] && echo "UNLOAD PASS" || echo "UNLOAD FAILED: $fails"
exit $fails
