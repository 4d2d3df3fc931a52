#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest side of `drvcheck confirm --qemu`: every selftest scenario once,
# with every error shown, then the runtime's error log between markers.
set -u
D=/sys/kernel/debug
insmod /modules/drvcheck_rt.ko all_errors=1 || exit 1
insmod /modules/drvcheck_selftest.ko || exit 1
for s in $(cat $D/drvcheck_selftest/scenarios); do
	echo "$s" > $D/drvcheck_selftest/run 2>/dev/null ||
		echo "confirm-demo: scenario $s failed to run"
done
rmmod drvcheck_selftest
echo "=== drvcheck errors ==="
cat $D/drvcheck/errors
echo "=== drvcheck end ==="
