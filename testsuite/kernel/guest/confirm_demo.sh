#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest side of `drvcheck confirm --qemu`: every selftest scenario once and
# every ->poll mode once (one poll() each: busybox `read -t` polls its
# input first), with every error shown, then the runtime's error log
# between markers.
set -u
# Kernel messages off the console: the log below is read from it.
echo 1 > /proc/sys/kernel/printk
D=/sys/kernel/debug
MODES="good sleep block no_wait errno busy"
insmod /modules/drvcheck_rt.ko all_errors=1 block_ns=200000000 || exit 1
insmod /modules/drvcheck_selftest.ko || exit 1
# The callbacks exist once the selftest is loaded; one symbol a write.
for m in $MODES; do
	echo "st_poll_$m" > $D/drvcheck/poll_watch ||
		echo "confirm-demo: cannot watch st_poll_$m"
done
for s in $(cat $D/drvcheck_selftest/scenarios); do
	echo "$s" > $D/drvcheck_selftest/run 2>/dev/null ||
		echo "confirm-demo: scenario $s did not run"
done
for m in $MODES; do
	echo "$m" > $D/drvcheck_selftest/poll_mode
	read -t 0.3 x < /dev/drvcheck_selftest_poll
done
# The unbind leak: the driver goes with its mappings still live.
rmmod drvcheck_selftest
echo "=== drvcheck errors ==="
cat $D/drvcheck/errors
echo "=== drvcheck end ==="
