#!/bin/sh
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

now() { date +%s.%N; }
files=$(find "$DIR" -name '*.c' | wc -l)
echo "tree: $DIR ($files .c files), jobs: $JOBS, $(spatch --version | head -n 1)"

t0=$(now)
spatch --very-quiet --no-includes --include-headers -D report --jobs "$JOBS" \
	--chunksize 1 --sp-file "$SRC/scripts/coccinelle/api/alloc/zalloc-simple.cocci" \
	--dir "$DIR" > /tmp/bench-zalloc.out 2>/dev/null
t1=$(now)
"$DRVCHECK" scan -q --engine cocci -j "$JOBS" --fail-on never --format json \
	"$DIR" > /tmp/bench-drvcheck.out
t2=$(now)

base=$(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }")
ours=$(awk "BEGIN { printf \"%.1f\", $t2 - $t1 }")
echo "zalloc-simple.cocci: ${base} s, $(grep -c . /tmp/bench-zalloc.out || true) report lines"
echo "drvcheck (cocci, $(ls "$ROOT"/cocci/*.cocci | wc -l) scripts, all checks): ${ours} s, $(grep -c . /tmp/bench-drvcheck.out || true) findings"
echo "ratio drvcheck / zalloc-simple: $(awk "BEGIN { printf \"%.2f\", $ours / $base }")x (target: <= 3x)"
