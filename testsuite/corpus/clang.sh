#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Runs drvcheck's clang engine over the compile database of a real driver
# tree of Debian's linux-source-6.1 (default drivers/net/ethernet), built
# as external modules against the installed kernel headers (a copy of the
# tree, make -k).  The database holds the compile commands Kbuild runs:
# by default recorded by a stand-in compiler (record_cc.sh) that writes
# each unit's command and an empty object instead of compiling it (minutes
# instead of an hour on two cores); BEAR=1 builds for real under bear.
# What does not build stays in the database and shows as not analysed.
# Prints how many units were analysed, not analysed and timed out, the
# engine's exit status, and the findings per check; the run must end (no
# crash, no hang): a scan that outlives LIMIT seconds (default 10800) is
# reported as hung.  Not part of the test suite.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SRC=$("$ROOT/testsuite/kernel_source.sh")
DIR=${1:-drivers/net/ethernet}
OUT=${OUT:-$ROOT/build/corpus-clang}
JOBS=${JOBS:-$(nproc)}
KDIR=${KDIR:-/lib/modules/$(uname -r)/build}
[ -d "$KDIR" ] || KDIR=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1)
[ -f "$KDIR/Makefile" ] || { echo "no kernel headers at '$KDIR'" >&2; exit 2; }
[ "${BEAR:-0}" = 0 ] || command -v bear >/dev/null || { echo "bear is needed (apt-get install bear)" >&2; exit 2; }
unset DRVCHECK_DB

rm -rf "$OUT"
mkdir -p "$OUT"
cp -r "$SRC/$DIR" "$OUT/tree"
start=$(date +%s)
if [ "${BEAR:-0}" = 1 ]; then
	bear --output "$OUT/compile_commands.json" -- \
		make -k -s -C "$KDIR" M="$OUT/tree" -j "$JOBS" modules >"$OUT/build.log" 2>&1 || true
else
	mkdir "$OUT/units"
	RECORD_CC=$(command -v gcc-12 || command -v gcc) RECORD_TREE=$OUT/tree RECORD_UNITS=$OUT/units \
		make -k -s -C "$KDIR" M="$OUT/tree" -j "$JOBS" CC="$ROOT/testsuite/corpus/record_cc.sh" \
		modules >"$OUT/build.log" 2>&1 || true
	{ echo '['; cat "$OUT"/units/* | paste -sd, -; echo ']'; } >"$OUT/compile_commands.json"
fi
units=$(grep -o '"file": *"[^"]*\.c"' "$OUT/compile_commands.json" | sort -u | wc -l)
echo "Kbuild over $DIR in $(($(date +%s) - start)) s: $units C units in the database, $(grep -c 'error:' "$OUT/build.log" || true) gcc error lines"

start=$(date +%s)
set +e
timeout "${LIMIT:-10800}" "${DRVCHECK:-$ROOT/build/drvcheck}" scan --engine clang --checks all -j "$JOBS" \
	--format json -p "$OUT" >"$OUT/findings.json" 2>"$OUT/stderr.txt"
rc=$?
set -e
[ $rc = 124 ] && echo "HUNG: the scan did not end within ${LIMIT:-10800} s"
not_analysed=$(grep -c ': clang errors, not analysed\|: clang failed\|: clang timed out' "$OUT/stderr.txt" || true)
timed_out=$(grep -c ': clang timed out' "$OUT/stderr.txt" || true)
crashed=$(grep -c ': clang failed' "$OUT/stderr.txt" || true)
echo "scan: exit status $rc (1 = findings) in $(($(date +%s) - start)) s"
echo "units: $((units - not_analysed)) analysed, $not_analysed not analysed ($timed_out timed out, $crashed clang failures)"
tail -n 1 "$OUT/stderr.txt"
echo "first errors of the units not analysed, most common first:"
sed -n 's/.*: clang errors, not analysed: [^ ]*: \(fatal \)\{0,1\}error: //p' "$OUT/stderr.txt" |
	sort | uniq -c | sort -rn | head -n 10
echo "findings per check:"
sed 's/.*"check":"\([a-z-]*\)".*/\1/' "$OUT/findings.json" | sort | uniq -c | sort -rn
echo "findings: $OUT/findings.json, messages: $OUT/stderr.txt"
