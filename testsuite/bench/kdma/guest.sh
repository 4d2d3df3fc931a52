#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest script for run-vm.sh (kdma.sh prepends ROUNDS, ITERATIONS and
# KINDS): drvcheck_kdma.ko without and with drvcheck_rt.ko, in ROUNDS
# rounds, off-on in odd rounds and on-off in even ones, so that a drift
# over the boot weighs on both sides alike.  drvcheck_kdma is loaded
# after drvcheck_rt in an "on" run: its device is bound while the hooks
# watch, as a driver loaded after drvcheck_rt is.  Prints one line a run:
#   KDMA rt=off|on round=N kind=... threads=... map_ns=... unmap_ns=...
K=/sys/kernel/debug/drvcheck_kdma

bench() {	# rt round
	insmod /modules/drvcheck_kdma.ko || exit 1
	for kind in $KINDS; do
		# 1 thread, then one per CPU (0)
		for t in 1 0; do
			echo "$kind $t $ITERATIONS" >$K/run || exit 1
			echo "KDMA rt=$1 round=$2 $(cat $K/result)"
		done
	done
	rmmod drvcheck_kdma || exit 1
}

rt_on() {
	insmod /modules/drvcheck_rt.ko || exit 1
}

rt_off() {	# round
	# how the hooks are armed (ftrace, optimized jump or int3)
	[ "$1" = 1 ] && grep -E 'dma_(map|unmap)_page_attrs' /sys/kernel/debug/kprobes/list
	# what drvcheck_rt saw of the bench: its maps, and no error
	grep 'driver=drvcheck_kdma' /sys/kernel/debug/drvcheck/stats
	echo "errors: $(wc -l </sys/kernel/debug/drvcheck/errors)"
	rmmod drvcheck_rt || exit 1
}

# the clock every call is timed with
echo "clocksource: $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
r=1
while [ $r -le "$ROUNDS" ]; do
	if [ $((r % 2)) = 1 ]; then
		bench off $r
		rt_on; bench on $r; rt_off $r
	else
		rt_on; bench on $r; rt_off $r
		bench off $r
	fi
	r=$((r + 1))
done
# an oops or WARN would make the "on" figures those of a broken kernel
! dmesg | grep -E 'WARNING:|BUG:|Oops' || exit 1
