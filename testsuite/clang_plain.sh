#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The plugin the way a user loads it, without drvcheck's flag file:
#   clang --analyze -fplugin=drvcheck-analyzer.so -Xclang -analyzer-checker=drvcheck
# and scan-build-14 -load-plugin.  Both
# must report dma_unmap_size_local.c's unmap (line 65) under the
# contract's id, with the note at the map.
#
# usage: testsuite/clang_plain.sh [PLUGIN [KDIR]]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
plugin=$(realpath "${1:-$root/build/checkers/clang/drvcheck-analyzer.so}")
kdir=${2:-$(ls -d /usr/src/linux-headers-*-amd64 | sort -V | tail -n 1)}
case_file=$root/testsuite/cases/dma_unmap_size_local.c
mapfile -t kflags < <("$root/testsuite/kernel_clang_flags.sh" "$kdir")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() { echo "FAIL $*"; failures=$((failures + 1)); }

(cd "$kdir" && clang --analyze -fplugin="$plugin" -Xclang -analyzer-checker=drvcheck \
	-Xclang -analyzer-output=text "${kflags[@]}" -DKBUILD_MODNAME='"plain"' \
	"$case_file" -o /dev/null) > "$tmp/out" 2>&1
grep -q "dma_unmap_size_local.c:65:[0-9]*: warning: .*\[drvcheck-dma-unmap-size\]" "$tmp/out" ||
	fail "clang -fplugin: no dma-unmap-size finding at line 65"
grep -q "dma_unmap_size_local.c:50:[0-9]*: note: mapped here with size" "$tmp/out" ||
	fail "clang -fplugin: no 'mapped here' note at the map (line 50)"

if command -v scan-build-14 > /dev/null; then
	(cd "$kdir" && scan-build-14 -o "$tmp/sb" -load-plugin "$plugin" \
		-enable-checker drvcheck clang -c "${kflags[@]}" \
		-DKBUILD_MODNAME='"plain"' "$case_file" -o "$tmp/x.o") > "$tmp/sb.out" 2>&1
	grep -rqs "drvcheck-dma-unmap-size" "$tmp/sb" ||
		fail "scan-build-14 -load-plugin: no dma-unmap-size report"
else
	fail "scan-build-14 is missing (bootstrap installs clang-tools-14)"
fi
[ $failures = 0 ] && echo "clang_plain: ok"
[ $failures = 0 ]
