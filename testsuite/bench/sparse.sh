#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Benchmark: drvcheck-sparse against Debian's plain sparse, each run by
# Kbuild as `make C=2 CHECK=...` over the same four real drivers of
# linux-source-6.1 (e1000e, igb, r8169, tg3), built as external modules
# against the installed kernel headers, in the same run.
#
# What is measured: only the checker.  The modules are compiled first,
# untimed; C=2 then runs $(CHECK) on every source file although every
# object is up to date, so both timed runs do the same Kbuild walk (and
# modpost) and differ only in the checker.  Nothing is subtracted; the
# walk's own cost (CHECK=true) is printed beside them.
#
# Also compares the sparse warnings of the two runs (drvcheck-sparse must
# print plain sparse's warnings unchanged) and counts drvcheck's findings.
# Prints the times, the ratio and the comparison; asserts nothing.
#   testsuite/bench/sparse.sh      (JOBS=N for make -j, default nproc)
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OURS=$ROOT/build/checkers/sparse/drvcheck-sparse
[ -x "$OURS" ] || { echo "build first: ./bootstrap build" >&2; exit 2; }
. "$ROOT/testsuite/bench/drivers.sh"

echo "drivers: $(echo $MODS) ($files .c files), kernel headers: $KDIR, jobs: $JOBS"
make_all >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; echo "the drivers do not build" >&2; exit 2; }

# Wall time and CPU time (user+sys of all children): on a loaded machine
# the CPU figure is the fairer comparison.  The checker's output goes to
# $WORK/NAME.out.  ROUNDS=N runs the three alternately N times and keeps
# each one's fastest wall and CPU figures (default 1).
TIMEFORMAT='%R %U %S'
measure() {
	local name=$1
	shift
	{ time make_all C=2 CHECK="$*" >/dev/null 2>"$WORK/$name.out"; } 2>&1 |
		awk '{ printf "%.1f %.1f", $1, $2 + $3 }'
}
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }'; }
base_wall="" base_cpu="" ours_wall="" ours_cpu="" kb_wall="" kb_cpu=""
for _ in $(seq "${ROUNDS:-1}"); do
	read -r w c <<<"$(measure kbuild true)"
	kb_wall=$(best "$w" "$kb_wall") kb_cpu=$(best "$c" "$kb_cpu")
	read -r w c <<<"$(measure sparse sparse)"
	base_wall=$(best "$w" "$base_wall") base_cpu=$(best "$c" "$base_cpu")
	read -r w c <<<"$(measure ours "$OURS")"
	ours_wall=$(best "$w" "$ours_wall") ours_cpu=$(best "$c" "$ours_cpu")
done

# drvcheck's lines: its findings, their notes, its "analysis skipped" note
ours_only='\[drvcheck-[a-z0-9-]*\]|: note: '
grep -Ev "$ours_only" "$WORK/sparse.out" | sort >"$WORK/sparse.warnings" || true
grep -Ev "$ours_only" "$WORK/ours.out" | sort >"$WORK/ours.warnings" || true
findings=$(grep -Ec '\[drvcheck-[a-z0-9-]*\]' "$WORK/ours.out" || true)
sparse_lines=$(grep -c ': warning: \|: error: ' "$WORK/sparse.warnings" || true)
if diff -u "$WORK/sparse.warnings" "$WORK/ours.warnings" >"$WORK/warnings.diff"; then
	same="unchanged ($sparse_lines sparse warning/error lines in both runs)"
else
	same="DIFFERENT: $(grep -c '^[-+][^-+]' "$WORK/warnings.diff") lines differ:"
fi

echo "CHECK=true (the Kbuild walk alone, in both figures below): wall ${kb_wall} s, cpu ${kb_cpu} s, rounds: ${ROUNDS:-1}"
echo "sparse ($(sparse --version)): wall ${base_wall} s, cpu ${base_cpu} s, $(grep -Ec '\[drvcheck-' "$WORK/sparse.out" || true) drvcheck findings"
echo "drvcheck-sparse: wall ${ours_wall} s, cpu ${ours_cpu} s, $findings drvcheck findings"
echo "ratio drvcheck-sparse / sparse: wall $(awk "BEGIN { printf \"%.2f\", $ours_wall / $base_wall }")x, cpu $(awk "BEGIN { printf \"%.2f\", $ours_cpu / $base_cpu }")x (target: <= 1.3x)"
echo "sparse's warnings in drvcheck-sparse's output: $same"
[ -s "$WORK/warnings.diff" ] && head -n 40 "$WORK/warnings.diff"
echo "drvcheck findings per check:"
grep -Eo '\[drvcheck-[a-z0-9-]*\]' "$WORK/ours.out" | sort | uniq -c | sort -rn || true
