#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Benchmark: drvcheck's Coccinelle engine (all its scripts) against one of the
# kernel's own coccicheck scripts, zalloc-simple.cocci, run the same way
# (spatch --jobs N, no header parsing) over the same tree in the same run.
# Prints both times and the ratio; asserts nothing.
#   testsuite/bench/cocci.sh [DIR_INSIDE_LINUX_TREE]   (default drivers/net/ethernet)
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SRC=$("$ROOT/testsuite/kernel_source.sh")
DIR=$SRC/${1:-drivers/net/ethernet}
JOBS=${JOBS:-$(nproc)}
DRVCHECK=$ROOT/build/drvcheck
[ -x "$DRVCHECK" ] || { echo "build first: ./bootstrap build" >&2; exit 2; }

files=$(find "$DIR" -name '*.c' | wc -l)
echo "tree: $DIR ($files .c files), jobs: $JOBS, $(spatch --version | head -n 1)"

# Wall time and CPU time (user+sys of all children): on a loaded machine
# the CPU figure is the fairer comparison.
TIMEFORMAT='%R %U %S'
measure() { { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ printf "%.1f %.1f", $1, $2 + $3 }'; }

read -r base_wall base_cpu <<<"$(measure spatch --very-quiet --no-includes --include-headers \
	-D report --jobs "$JOBS" --chunksize 1 \
	--sp-file "$SRC/scripts/coccinelle/api/alloc/zalloc-simple.cocci" --dir "$DIR")"
read -r ours_wall ours_cpu <<<"$(measure "$DRVCHECK" scan -q --engine cocci -j "$JOBS" \
	--checks all --fail-on never --format json -o /tmp/bench-drvcheck.out "$DIR")"

echo "zalloc-simple.cocci: wall ${base_wall} s, cpu ${base_cpu} s"
echo "drvcheck (cocci, $(ls "$ROOT"/cocci/*.cocci | wc -l) scripts, all checks): wall ${ours_wall} s, cpu ${ours_cpu} s, $(grep -c . /tmp/bench-drvcheck.out || true) findings"
echo "ratio drvcheck / zalloc-simple: wall $(awk "BEGIN { printf \"%.2f\", $ours_wall / $base_wall }")x, cpu $(awk "BEGIN { printf \"%.2f\", $ours_cpu / $base_cpu }")x (target: <= 3x)"
