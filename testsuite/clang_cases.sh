#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs every testsuite case through clang --analyze with the drvcheck
# plugin and compares its findings with the case's expect: markers, for
# the checks the catalogue (checkers/core/checks.c) gives the clang engine.
# A missing or an extra finding (file, line, id) fails the case, as in
# dctest; "expect(!clang): ID" is a known miss, counted but not required.
#
# usage: testsuite/clang_cases.sh [-v] [PLUGIN [KDIR [CASE...]]]
#   PLUGIN  build/checkers/clang/drvcheck-analyzer.so
#   KDIR    the newest /usr/src/linux-headers-*-amd64
#   CASE    case names or paths (default: all of testsuite/cases)
# Exit status: 0 all pass, 1 a case failed, 2 set-up error.
set -u

verbose=0
if [ "${1:-}" = -v ]; then verbose=1; shift; fi
root=$(cd "$(dirname "$0")/.." && pwd)
plugin=${1:-$root/build/checkers/clang/drvcheck-analyzer.so}
kdir=${2:-$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1)}
shift $(( $# < 2 ? $# : 2 ))
cases_dir=$root/testsuite/cases

[ -f "$plugin" ] || { echo "clang_cases: no plugin $plugin" >&2; exit 2; }
plugin=$(realpath "$plugin")	# clang runs in $kdir
# the replay that joins a module's facts: beside the plugin in the build tree
sparse=$(realpath "${DRVCHECK_SPARSE:-$(dirname "$plugin")/../sparse/drvcheck-sparse}")
[ -d "$kdir" ] || { echo "clang_cases: no kernel headers $kdir" >&2; exit 2; }
mapfile -t analyzer_flags < "$root/checkers/clang/analyzer-flags.txt"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mapfile -t kflags < <("$root/testsuite/kernel_clang_flags.sh" "$kdir")
[ ${#kflags[@]} -gt 5 ] || { echo "clang_cases: no Kbuild command from $kdir" >&2; exit 2; }

# The ids the catalogue gives the clang engine (CL in the engines mask).
mapfile -t claimed < <(awk -F'"' '/^\t\{ "/ && /[|,] *CL *[|,]/ { print $2 }' \
			    "$root/checkers/core/checks.c")
is_claimed() {
	local id
	for id in "${claimed[@]}"; do [ "$id" = "$1" ] && return 0; done
	return 1
}

# file:line:id of every marker that this engine must report
expected_of() {
	local f
	for f in "$@"; do
		grep -no 'expect\(([^)]*)\)\?: [a-z0-9, -]*' "$f" |
		while IFS= read -r m; do
			local line=${m%%:*} rest=${m#*:} qual= ids
			case $rest in expect\(*) qual=${rest#expect(}; qual=${qual%%)*} ;; esac
			ids=${rest#*: }
			for id in ${ids//,/ }; do
				is_claimed "$id" || continue
				if [[ ",${qual#!}," == *,clang,* ]]; then
					echo "known $(basename "$f"):$line:$id"
				else
					echo "want $(basename "$f"):$line:$id"
				fi
			done
		done
	done
}

# file:line:id of every drvcheck warning of one analyzer run per file; a
# module of several files records the plugin's facts into one database
# and drvcheck-sparse's replay joins them, as drvcheck scan does
found_of() {
	local name=$1 f db=; shift
	if [ $# -gt 1 ]; then
		db=$tmp/facts.db
		rm -f "$db"
	fi
	{ for f in "$@"; do
		(cd "$kdir" && env ${db:+DRVCHECK_DB="$db"} \
			clang "${analyzer_flags[@]}" -Xclang -load -Xclang "$plugin" \
			"${kflags[@]}" -DKBUILD_MODNAME="\"$name\"" \
			-DKBUILD_BASENAME="\"$name\"" -D__KBUILD_MODNAME="kmod_$name" \
			"$f" -o /dev/null 2>&1) > "$tmp/out"
		[ $verbose = 1 ] && grep ': warning: .*\[drvcheck-' "$tmp/out" >&2
		sed -n 's/^\([^:]*\):\([0-9]*\):[0-9]*: warning: .*\[drvcheck-\([a-z0-9-]*\)\]$/\1:\2:\3/p' "$tmp/out" |
		while IFS=: read -r path line id; do
			echo "$(basename "$path"):$line:$id"
		done
	done
	if [ -n "$db" ] && [ -f "$db" ]; then
		(cd "$kdir" && "$sparse" --drvcheck-replay="$db" --drvcheck-format=tab \
			--drvcheck-checks=all) > "$tmp/joined"
		[ $verbose = 1 ] && grep '^DRVCHECK' "$tmp/joined" >&2
		awk -F'\t' '$1 == "DRVCHECK" { n = split($4, p, "/"); print p[n] ":" $5 ":" $2 }' \
			"$tmp/joined"
	fi; } | sort -u
}

if [ $# -gt 0 ]; then
	targets=("$@")
else
	targets=("$cases_dir"/*.c "$cases_dir"/*/)
fi

declare -A want_n caught_n extra_n known_n
passed=0 failed=0
for t in "${targets[@]}"; do
	[ -e "$t" ] || t=$cases_dir/$t		# a case name
	[ -e "$t" ] || t=$t.c
	t=${t%/}
	if [ -d "$t" ]; then files=("$t"/*.c); else files=("$t"); fi
	name=$(basename "${t%.c}")
	expected_of "${files[@]}" | sort -u > "$tmp/exp"
	sed -n 's/^want //p' "$tmp/exp" > "$tmp/want"
	found_of "$name" "${files[@]}" > "$tmp/found"
	missing=$(comm -23 "$tmp/want" "$tmp/found")
	extra=$(comm -13 "$tmp/want" "$tmp/found")
	while IFS=: read -r _ _ id; do [ -n "$id" ] && want_n[$id]=$(( ${want_n[$id]:-0} + 1 )); done < "$tmp/want"
	while IFS=: read -r _ _ id; do [ -n "$id" ] && caught_n[$id]=$(( ${caught_n[$id]:-0} + 1 )); done < <(comm -12 "$tmp/want" "$tmp/found")
	while IFS=: read -r _ _ id; do [ -n "$id" ] && extra_n[$id]=$(( ${extra_n[$id]:-0} + 1 )); done <<< "$extra"
	while IFS=: read -r _ _ id; do [ -n "$id" ] && known_n[$id]=$(( ${known_n[$id]:-0} + 1 )); done < <(sed -n 's/^known //p' "$tmp/exp")
	if [ -z "$missing" ] && [ -z "$extra" ]; then
		passed=$((passed + 1))
		[ $verbose = 1 ] && echo "PASS $name"
	else
		failed=$((failed + 1))
		echo "FAIL $name"
		[ -n "$missing" ] && sed 's/^/  missing /' <<< "$missing"
		[ -n "$extra" ] && sed 's/^/  extra   /' <<< "$extra"
	fi
done

echo
printf '%-30s %8s %8s %6s\n' check caught known-miss extra
for id in "${claimed[@]}"; do
	printf '%-30s %4s/%-3s %8s %6s\n' "$id" "${caught_n[$id]:-0}" "${want_n[$id]:-0}" \
		"${known_n[$id]:-0}" "${extra_n[$id]:-0}"
done
echo "$passed passed, $failed failed"
[ $failed = 0 ]
