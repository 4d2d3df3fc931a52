#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Builds a module directory (the testsuite cases, the demo tree) against the
# installed kernel headers with real Kbuild, in a copy so the source tree
# stays clean.  Any compiler or modpost warning fails.  The modules are
# never loaded, so the final link (.mod.c, .ko) is left out: it checks
# nothing the compile and modpost do not.  Usage: build_modules.sh KDIR SRC WORK
set -eu
KDIR=$1 SRC=$2 WORK=$3
[ -f "$KDIR/Makefile" ] || { echo "no kernel headers at '$KDIR' (install linux-headers-amd64)"; exit 2; }
rm -rf "$WORK"
mkdir -p "$WORK"
cp -r "$SRC"/. "$WORK"/
make -s -C "$KDIR" M="$WORK" -j "$(nproc)" KBUILD_MODPOST_NOFINAL=1 modules \
	>"$WORK/build.log" 2>&1 || {
	cat "$WORK/build.log"; echo "FAIL: $SRC does not build"; exit 1; }
if grep -E "warning:|error:" "$WORK/build.log" | grep -v "Skipping BTF"; then
	echo "FAIL: $SRC builds with warnings"
	exit 1
fi
n=$(wc -l < "$WORK/modules.order")
echo "built $n modules from $SRC"
echo "1 passed, 0 failed"
