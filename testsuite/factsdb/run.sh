#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The facts database end to end: real Kbuild runs drvcheck-sparse once per
# file (make -j2 C=2 CHECK=... with DRVCHECK_DB set), then drvcheck report
# must find the cross-TU case's finding exactly once, none on the same
# module made correct, and not repeat what the per-file runs printed.  A
# database that cannot be used must not break the build.
# Usage: run.sh KDIR path/to/drvcheck path/to/drvcheck-sparse SOURCE_DIR
set -u
KDIR=$1 SRC=$4
# make runs the checker from the kernel tree: absolute paths
DRVCHECK=$(realpath "$2") SPARSE=$(realpath "$3")
CASES=$SRC/testsuite/cases
XTU=dma_unmap_size_xtu
# the module of the running kernel when its headers are there, else Debian's
[ -f "/lib/modules/$(uname -r)/build/Makefile" ] && KDIR=/lib/modules/$(uname -r)/build
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() {
	fail=$((fail + 1)); echo "FAIL $1"
	[ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -10
}

# check STATUS DESCRIPTION [FILE]: the last command's exit status was STATUS.
check() {
	if [ "$rc" = "$1" ]; then ok "$2"; else bad "$2: exit $rc, wanted $1" "${3:-}"; fi
}

# count FILE PATTERN N DESCRIPTION: FILE has N lines matching PATTERN.
count() {
	n=$(grep -c -- "$2" "$1")
	if [ "$n" = "$3" ]; then ok "$4"; else bad "$4: $n lines match '$2', wanted $3" "$1"; fi
}

# module NAME: a copy of the cross-TU case and one single-file case (whose
# finding the per-file run prints itself) as one M= directory, with the
# cases' compat headers (the kernel-version shims they include).
module() {
	mkdir -p "$T/$1"
	cp "$CASES/Kbuild" "$CASES/dma_unmap_size_ring.c" "$CASES"/*_compat.h "$T/$1/"
	cp -r "$CASES/$XTU" "$T/$1/"
}

# build NAME DB: make -j2 C=2 over it with DRVCHECK_DB=DB; the log in NAME.log
build() {
	DRVCHECK_DB=$2 make -C "$KDIR" M="$T/$1" -j2 C=2 CHECK="$SPARSE" \
		modules >"$T/$1.log" 2>&1
	rc=$?
}

module pos
build pos "$T/pos.db"
check 0 "the module builds under make -j2 C=2 with DRVCHECK_DB" "$T/pos.log"
count "$T/pos.log" "dma_unmap_size_ring.c:120:.*drvcheck-dma-unmap-size" 1 \
	"the per-file run prints the single-file finding"
count "$T/pos.log" "fooeth_rx.c:.*drvcheck-" 0 \
	"the per-file runs cannot see the cross-TU finding"

"$DRVCHECK" report --db "$T/pos.db" >"$T/report" 2>"$T/err"
rc=$?
check 1 "report: findings, exit 1" "$T/err"
count "$T/report" "drvcheck-" 1 "report: one finding"
count "$T/report" "^$T/pos/$XTU/fooeth_rx.c:36:.*error: .* size 1536 differs from the map size 2048 \[drvcheck-dma-unmap-size\]" 1 \
	"report: the cross-TU dma-unmap-size, once"
count "$T/report" "fooeth_main.c:28:.*note: mapped here" 1 \
	"report: the note at the map in the other file"

# Same id, severity and fingerprint as the finding scan makes of the module.
"$DRVCHECK" report --db "$T/pos.db" --format json >"$T/report.json" 2>"$T/err"
"$DRVCHECK" scan --engine sparse --checks dma-unmap-size -q --format json \
	"$T/pos/$XTU" >"$T/scan.json" 2>"$T/err"
fp=$(sed -n 's/.*"severity":"error".*"fingerprint":"\([0-9a-f]*\)".*/\1/p' "$T/report.json")
if [ -n "$fp" ] && grep -q "\"fingerprint\":\"$fp\"" "$T/scan.json"; then
	ok "report: scan's fingerprint and severity"
else
	bad "report: fingerprint '$fp' not in scan's output" "$T/scan.json"
fi
"$DRVCHECK" report --db "$T/pos.db" --format sarif >"$T/report.sarif" 2>"$T/err"
rc=$?
check 1 "report --format sarif: exit 1" "$T/err"
tr ',' '\n' <"$T/report.sarif" >"$T/report.sarif.lines"
count "$T/report.sarif.lines" '"ruleId":"dma-unmap-size"' 1 "report --format sarif: the one result"
"$DRVCHECK" report --db "$T/pos.db" --checks dma-direction >"$T/report" 2>"$T/err"
rc=$?
check 0 "report --checks: only the checks asked for" "$T/err"

# A rebuild replaces each file's facts: still one finding, not two.
touch "$T/pos/$XTU"/*.c "$T/pos"/*.c
build pos "$T/pos.db"
"$DRVCHECK" report --db "$T/pos.db" >"$T/report" 2>"$T/err"
count "$T/report" "drvcheck-" 1 "report after a rebuild: still one finding"

# The negative: the same module with the right size at the unmap.
module neg
sed -i '/expect[^:]*: dma-unmap-size/s/FOOETH_MAX_FRAME/FOOETH_RX_BUF_LEN/' \
	"$T/neg/$XTU/fooeth_rx.c"
build neg "$T/neg.db"
check 0 "negative: the module builds" "$T/neg.log"
"$DRVCHECK" report --db "$T/neg.db" >"$T/report" 2>"$T/err"
rc=$?
check 0 "negative: report is clean, exit 0" "$T/report"
count "$T/report" "drvcheck-" 0 "negative: no finding"

# Regions too: probe's request in one file, the release in another.
IOX=iomem_release_size_xtu
mkdir -p "$T/io"
cp "$CASES/Kbuild" "$CASES"/*_compat.h "$T/io/"
cp -r "$CASES/$IOX" "$T/io/"
build io "$T/io.db"
check 0 "regions: the module builds" "$T/io.log"
count "$T/io.log" "drvcheck-iomem" 0 "regions: the per-file runs cannot see the mismatch"
"$DRVCHECK" report --db "$T/io.db" >"$T/report" 2>"$T/err"
rc=$?
check 1 "regions: report finds it, exit 1" "$T/err"
count "$T/report" "drvcheck-" 1 "regions: one finding"
count "$T/report" "^$T/io/$IOX/xadc_hw.c:29:.*\[drvcheck-iomem-release-mismatch\]" 1 \
	"regions: the cross-TU iomem-release-mismatch, once"

# Databases that cannot be used: a note, the build goes on.
build neg "$T/no/such/dir/f.db"
check 0 "unwritable DRVCHECK_DB: the build goes on" "$T/neg.log"
count "$T/neg.log" "drvcheck-sparse: note: DRVCHECK_DB=.*not recorded" 3 \
	"unwritable DRVCHECK_DB: one note per file"
python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]);
c.execute("CREATE TABLE schema_version(version INTEGER)");
c.execute("INSERT INTO schema_version VALUES(99)"); c.commit()' "$T/old.db"
build neg "$T/old.db"
check 0 "DRVCHECK_DB of another schema: the build goes on" "$T/neg.log"
SCHEMA=$(sed -n 's/^#define FACTS_DB_SCHEMA //p' "$SRC/checkers/judge/facts_db.h")
count "$T/neg.log" "schema version 99, this drvcheck uses $SCHEMA" 3 \
	"DRVCHECK_DB of another schema: said so"
"$DRVCHECK" report --db "$T/old.db" >"$T/report" 2>"$T/err"
rc=$?
check 2 "report on another schema: exit 2" "$T/err"
count "$T/err" "schema version 99" 1 "report on another schema: said so"
"$DRVCHECK" report --db "$T/missing.db" >"$T/report" 2>"$T/err"
rc=$?
check 2 "report on a missing database: exit 2" "$T/err"
count "$T/err" "no such facts database" 1 "report on a missing database: said so"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
