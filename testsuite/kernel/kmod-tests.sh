#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# drvcheck_rt.ko's tests in qemu: builds runtime/kmod, runtime/selftest and
# testsuite/kernel/kmodtest against the headers (KDIR, default the newest
# linux-headers-*-amd64), then runs each guest script with run-vm.sh.
# Prints one PASS/FAIL line per script; exits non-zero if any failed.
# Consoles are kept in build/vm/kmod-tests/.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=$ROOT/build/vm/kmod-tests
KDIR=${KDIR:-$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1)}
export KDIR
mkdir -p "$OUT"

for d in runtime/kmod runtime/selftest testsuite/kernel/kmodtest; do
	make -s -C "$ROOT/$d" KDIR="$KDIR" >"$OUT/build-$(basename $d).log" 2>&1 || {
		cat "$OUT/build-$(basename $d).log" >&2
		echo "kmod-tests: $d does not build" >&2
		exit 2
	}
done
RT=$ROOT/runtime/kmod/drvcheck_rt.ko
ST=$ROOT/runtime/selftest/drvcheck_selftest.ko
KT=$ROOT/testsuite/kernel/kmodtest

fails=0
run() {	# name smp script modules...
	name=$1 smp=$2
	shift 2
	if "$HERE/run-vm.sh" --smp "$smp" "$@" >"$OUT/$name.console" 2>&1; then
		echo "PASS $name"
	else
		echo "FAIL $name (console: $OUT/$name.console)"
		fails=$((fails + 1))
	fi
}
run kmod_smoke 1 "$HERE/guest/kmod_smoke.sh" "$RT"
run kmod_selftest 4 "$HERE/guest/kmod_selftest.sh" "$RT" "$ST"
# --smp 1: see kmod_unload.sh and kprobe_stock_race.sh.
run kmod_unload 1 "$HERE/guest/kmod_unload.sh" "$RT" "$ST"
run kmodtest 1 "$HERE/guest/kmodtest.sh" "$RT" "$KT/drvcheck_kmodtest.ko" "$KT/mmap_file"
run kmodtest_iomem_strict 1 "$HERE/guest/kmodtest_iomem.sh" "$RT" \
	"$KT/drvcheck_kmodtest.ko" "$KT/mmap_file"
run kmodtest_iomem_relaxed 1 --append iomem=relaxed "$HERE/guest/kmodtest_iomem.sh" \
	"$RT" "$KT/drvcheck_kmodtest.ko" "$KT/mmap_file"
exit $fails
