#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runs drvcheck over a real driver tree from Debian's linux-source-6.1 and
# prints the findings per check, for triage.  Not part of the test suite.
#   testsuite/corpus/scan.sh [DIR_INSIDE_LINUX_TREE]   (default drivers/net/ethernet)
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SRC=$("$ROOT/testsuite/kernel_source.sh")
DIR=$SRC/${1:-drivers/net/ethernet}
OUT=${OUT:-$ROOT/build/corpus}
mkdir -p "$OUT"
set +e
"$ROOT/build/drvcheck" scan --checks all -j "$(nproc)" --format json "$DIR" > "$OUT/findings.json" 2> "$OUT/stderr.txt"
rc=$?
set -e
echo "exit status $rc (1 = findings), $(grep -c 'partly unparsed\|parse error' "$OUT/stderr.txt" || true) parse-error lines"
tail -n 1 "$OUT/stderr.txt"
sed 's/.*"check":"\([a-z-]*\)".*"confidence":"\([a-z]*\)".*/\1 \2/' "$OUT/findings.json" | sort | uniq -c | sort -rn
echo "findings: $OUT/findings.json"
