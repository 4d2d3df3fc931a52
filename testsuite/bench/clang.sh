#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Benchmark: drvcheck's clang engine (clang --analyze with the drvcheck
# plugin and its recommended flags) against what a user would run anyway,
# `clang --analyze` with clang's default checkers and `clang -fsyntax-only`,
# over the same translation units: e1000e, igb, r8169 and tg3 of
# linux-source-6.1 built as external modules (drivers.sh), their compile
# database written by bear.  The three get identical flags: the baselines
# replay the commands drvcheck ran (recorded once, untimed, by a stand-in
# clang), with the plugin and its flags taken out.  Prints wall and CPU
# time (user+sys of all children) and both ratios; asserts nothing.
#   testsuite/bench/clang.sh   (JOBS=N parallel runs, default nproc;
#   DRVCHECK_CLANG_PLUGIN / DRVCHECK_CLANG_FLAGS as for drvcheck)
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DRVCHECK=$ROOT/build/drvcheck
[ -x "$DRVCHECK" ] || { echo "build first: ./bootstrap build" >&2; exit 2; }
CLANG=${DRVCHECK_CLANG:-$(command -v clang-14 || command -v clang)}
command -v bear >/dev/null || { echo "bear is needed (apt-get install bear)" >&2; exit 2; }
. "$ROOT/testsuite/bench/drivers.sh"

echo "drivers: $(echo $MODS) ($files .c files), kernel headers: $KDIR, jobs: $JOBS, $("$CLANG" --version | head -n 1)"
for mod in $MODS; do
	bear --append --output "$WORK/compile_commands.json" -- \
		make -s -C "$KDIR" M="$WORK/$mod" -j "$JOBS" modules >>"$WORK/build.log" 2>&1 ||
		{ cat "$WORK/build.log"; echo "the drivers do not build" >&2; exit 2; }
done

# The commands drvcheck runs, each as a file: its directory, then its
# arguments one a line.
mkdir "$WORK/cmds"
cat >"$WORK/record" <<REC
#!/bin/bash
[ "\$1" = --version ] && exec "$CLANG" --version
{ pwd; printf '%s\n' "\$@"; } >"\$(mktemp "$WORK/cmds/XXXXXX")"
REC
chmod +x "$WORK/record"
DRVCHECK_CLANG=$WORK/record "$DRVCHECK" scan --engine clang -q -p "$WORK" --checks all >/dev/null 2>"$WORK/record.err" || true
units=$(ls "$WORK/cmds" | wc -l)
[ "$units" -gt 0 ] || { cat "$WORK/record.err"; echo "drvcheck's clang engine did not run" >&2; exit 2; }

# One unit as a baseline: drvcheck's command after its "-o /dev/null" is
# the translated compile command, the part before it drvcheck's own.
cat >"$WORK/baseline" <<'ONE'
#!/bin/bash
clang=$1 mode=$2
{ read -r dir; mapfile -t args; } <"$3"
for ((i = 0; i + 1 < ${#args[@]}; i++)); do
	[ "${args[i]}" = -o ] && [ "${args[i + 1]}" = /dev/null ] && break
done
cd "$dir"
case $mode in
analyze) exec "$clang" --analyze -Xclang -analyzer-output=text -o /dev/null "${args[@]:i+2}" ;;
syntax) exec "$clang" -fsyntax-only "${args[@]:i+2}" ;;
esac
ONE
chmod +x "$WORK/baseline"

TIMEFORMAT='%R %U %S'
measure() {
	local name=$1
	shift
	{ time "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"; } 2>&1 |
		awk '{ printf "%.1f %.1f", $1, $2 + $3 }'
}
baselines() {
	ls "$WORK"/cmds/* | xargs -P "$JOBS" -n 1 "$WORK/baseline" "$CLANG" "$1"
}
read -r ours_wall ours_cpu <<<"$(measure ours "$DRVCHECK" scan --engine clang -q --fail-on never --checks all -j "$JOBS" -p "$WORK")"
read -r ana_wall ana_cpu <<<"$(measure analyze baselines analyze)"
read -r syn_wall syn_cpu <<<"$(measure syntax baselines syntax)"

ratio() { awk "BEGIN { printf \"%.2f\", $1 / $2 }"; }
findings=$(grep -c '\[drvcheck-' "$WORK/ours.out" || true)
skipped=$(grep -c 'not analysed' "$WORK/ours.err" || true)
timed_out=$(grep -c 'timed out' "$WORK/ours.err" || true)
echo "units: $units ($((units - skipped)) analysed by drvcheck, $skipped not analysed, $timed_out of them timed out)"
echo "drvcheck scan --engine clang: wall $ours_wall s, cpu $ours_cpu s, $findings findings"
echo "clang --analyze (default checkers): wall $ana_wall s, cpu $ana_cpu s, $(grep -c ': warning: ' "$WORK/analyze.err" || true) warnings"
echo "clang -fsyntax-only: wall $syn_wall s, cpu $syn_cpu s"
echo "ratio drvcheck / clang --analyze: wall $(ratio "$ours_wall" "$ana_wall")x, cpu $(ratio "$ours_cpu" "$ana_cpu")x"
echo "ratio drvcheck / clang -fsyntax-only: wall $(ratio "$ours_wall" "$syn_wall")x, cpu $(ratio "$ours_cpu" "$syn_cpu")x"
echo "drvcheck findings per check:"
grep -Eo '\[drvcheck-[a-z0-9-]*\]' "$WORK/ours.out" | sort | uniq -c | sort -rn || true
grep 'not analysed' "$WORK/ours.err" | head -n 10 || true
