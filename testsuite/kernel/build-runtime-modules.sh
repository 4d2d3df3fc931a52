#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Builds drvcheck_rt.ko (runtime/kmod + runtime/core) and
# drvcheck_selftest.ko (runtime/selftest) with Kbuild against KDIR, in a
# copy under WORK so the source tree stays clean.  Any compiler warning
# fails (the selftest builds with W=1).
#   build-runtime-modules.sh KDIR SRC_RUNTIME_DIR WORK
set -eu
KDIR=$1 SRC=$2 WORK=$3
[ -f "$KDIR/Makefile" ] || { echo "no kernel headers at '$KDIR' (install linux-headers-amd64)" >&2; exit 2; }
rm -rf "$WORK/runtime.tmp"
mkdir -p "$WORK/runtime.tmp"
for d in core kmod selftest; do
	cp -r "$SRC/$d" "$WORK/runtime.tmp/"
	# objects a build in the source tree left behind
	find "$WORK/runtime.tmp/$d" \( -name '*.o' -o -name '*.ko' -o -name '*.mod' \
		-o -name '*.mod.c' -o -name '.*.cmd' -o -name modules.order \
		-o -name Module.symvers \) -exec rm -f {} +
done
for m in kmod selftest; do
	log=$WORK/runtime.tmp/$m.log
	# a make of its own: not a jobserver client of a parallel cmake build
	MAKEFLAGS= MFLAGS= MAKELEVEL= make -j"$(nproc)" -C "$WORK/runtime.tmp/$m" \
		KDIR="$KDIR" >"$log" 2>&1 || {
		cat "$log" >&2; echo "FAIL: runtime/$m does not build" >&2; exit 1; }
	if grep -iE "warning:|error:" "$log" |
	   grep -vE "Skipping BTF|^make(\[[0-9]+\])?: " >&2; then
		echo "FAIL: runtime/$m builds with warnings" >&2
		exit 1
	fi
done
rm -rf "$WORK/runtime"
mv "$WORK/runtime.tmp" "$WORK/runtime"
