#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# drvcheck_rt.ko's own tests in qemu (ctest kmod_vm): each guest script
# below in its own run-vm.sh boot, one PASS/FAIL line per script; exits
# non-zero if any failed.  Consoles are kept in WORK/kmod-tests/.
#
#   kmod-tests.sh [--work DIR] [DRVCHECK_RT.ko DRVCHECK_SELFTEST.ko]
#
# Without the two modules, runtime/kmod and runtime/selftest are built in
# the source tree against KDIR (default: the newest linux-headers-*-amd64).
# testsuite/kernel/kmodtest (a test driver and a static helper) is built in
# a copy under WORK (default build/vm).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
WORK=$ROOT/build/vm
if [ "${1:-}" = --work ]; then
	WORK=$2
	shift 2
fi
KDIR=${KDIR:-$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1)}
export KDIR
OUT=$WORK/kmod-tests
mkdir -p "$OUT"

build() {	# dir: make it, quietly, a make of its own
	MAKEFLAGS= MFLAGS= MAKELEVEL= make -s -C "$1" KDIR="$KDIR" \
		>"$OUT/build-$(basename "$1").log" 2>&1 || {
		cat "$OUT/build-$(basename "$1").log" >&2
		echo "kmod-tests: $1 does not build" >&2
		exit 2
	}
}
if [ $# = 2 ]; then
	RT=$1 ST=$2
else
	build "$ROOT/runtime/kmod"
	build "$ROOT/runtime/selftest"
	RT=$ROOT/runtime/kmod/drvcheck_rt.ko
	ST=$ROOT/runtime/selftest/drvcheck_selftest.ko
fi
KT=$OUT/kmodtest
rm -rf "$KT"
cp -r "$ROOT/testsuite/kernel/kmodtest" "$KT"
build "$KT"

fails=0
run() {	# name smp [--append ARGS] script modules...
	name=$1 smp=$2
	shift 2
	if "$HERE/run-vm.sh" --work "$WORK" --smp "$smp" "$@" \
		>"$OUT/$name.console" 2>&1; then
		echo "PASS $name"
	else
		echo "FAIL $name (console: $OUT/$name.console)"
		fails=$((fails + 1))
	fi
}
run kmod_smoke 1 "$HERE/guest/kmod_smoke.sh" "$RT" "$ST"
run kmod_selftest 4 "$HERE/guest/kmod_selftest.sh" "$RT" "$ST" "$KT/epoll_file"
# --smp 1: see kmod_unload.sh and kprobe_stock_race.sh.
run kmod_unload 1 "$HERE/guest/kmod_unload.sh" "$RT" "$ST"
run kmodtest 1 "$HERE/guest/kmodtest.sh" "$RT" "$KT/drvcheck_kmodtest.ko" "$KT/mmap_file"
run kmodtest_iomem_strict 1 "$HERE/guest/kmodtest_iomem.sh" "$RT" \
	"$KT/drvcheck_kmodtest.ko" "$KT/mmap_file"
run kmodtest_iomem_relaxed 1 --append iomem=relaxed "$HERE/guest/kmodtest_iomem.sh" \
	"$RT" "$KT/drvcheck_kmodtest.ko" "$KT/mmap_file"
exit $fails
