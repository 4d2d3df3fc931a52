#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Benchmark: `drvcheck scan --since` on a driver's git repository against a
# full scan of the same module, in one run.  The repository is e1000e of
# linux-source-6.1 (11 C files) as an out-of-tree driver: its directory,
# its Makefile, one commit.  Measured, each as wall time and as a ratio to
# the full scan:
#   full        drvcheck scan of the module (no cache)
#   one, cold   a patch touching one .c, nothing cached
#   one, warm   the next patch touching another .c, the cache of the last
#               run kept (what CI does with .drvcheck-cache)
#   series      ten commits touching ten .c files, warm
#   header      a patch to the driver's common header (every file includes
#               it), warm
# Prints the figures; asserts nothing.
#   testsuite/bench/since.sh [-e ENGINES] [-r ROUNDS]   (default cocci,sparse; 3)
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DRVCHECK=$ROOT/build/drvcheck
ENGINES=cocci,sparse
ROUNDS=3
while [ $# -gt 0 ]; do
	case $1 in
	-e) ENGINES=$2; shift 2 ;;
	-r) ROUNDS=$2; shift 2 ;;
	*) echo "usage: $0 [-e ENGINES] [-r ROUNDS]" >&2; exit 2 ;;
	esac
done
[ -x "$DRVCHECK" ] || { echo "build first: ./bootstrap build" >&2; exit 2; }
SRC=$("$ROOT/testsuite/kernel_source.sh")
# the tree's series: an out-of-tree repository names no kernel version
KDIR=${KDIR:-$(ls -d /usr/src/linux-headers-6.1.*-amd64 2>/dev/null | sort -V | tail -n 1)}
[ -f "$KDIR/Makefile" ] || { echo "no 6.1 kernel headers (set KDIR)" >&2; exit 2; }
export KDIR
DRV=drivers/net/ethernet/intel/e1000e
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@localhost
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@localhost

TIMEFORMAT=%R
# seconds of wall time of a drvcheck run (its output and exit status aside)
measure() { { time "$DRVCHECK" "$@" >/dev/null 2>&1; } 2>&1 | tail -n 1; }

# A patch to FILE: a line in its first function body, so every engine
# reads the file again (its text, and so its cache key, changed).
touch_file() {
	sed -i '0,/^{$/s//{\n\t(void)0; \/* bench edit *\//' "$1"
	git -C "$WORK/repo" commit -q -am "edit $(basename "$1")"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

declare -A times
for round in $(seq "$ROUNDS"); do
	rm -rf "$WORK/repo" "$WORK/cache"
	cp -r "$SRC/$DRV" "$WORK/repo"
	git -C "$WORK/repo" init -q
	git -C "$WORK/repo" add .
	git -C "$WORK/repo" commit -q -m base
	cd "$WORK/repo"
	mapfile -t cfiles < <(ls ./*.c | sort)
	scan=(scan -q --engine "$ENGINES" --fail-on never --cache-dir "$WORK/cache")

	times[full]+="$(measure scan -q --engine "$ENGINES" --fail-on never .) "
	touch_file "${cfiles[0]}"
	times[one_cold]+="$(measure "${scan[@]}" --since HEAD~1) "
	touch_file "${cfiles[1]}"
	times[one_warm]+="$(measure "${scan[@]}" --since HEAD~1) "
	for i in $(seq 1 10); do touch_file "${cfiles[i]}"; done
	times[series]+="$(measure "${scan[@]}" --since HEAD~10) "
	sed -i '0,/^#define/s//\/* bench edit *\/\n#define/' e1000.h
	git commit -q -am "edit e1000.h"
	times[header]+="$(measure "${scan[@]}" --since HEAD~1) "
	cd "$ROOT"
done

echo "e1000e of $SRC as a git repository (${#cfiles[@]} .c files), engines $ENGINES, $(nproc) CPUs, median of $ROUNDS rounds"
full=$(echo "${times[full]}" | tr ' ' '\n' | grep . | median)
for k in full one_cold one_warm series header; do
	t=$(echo "${times[$k]}" | tr ' ' '\n' | grep . | median)
	printf '%-9s %6.1f s  %5.2fx the full scan   (rounds: %s)\n' "$k" "$t" \
		"$(awk "BEGIN { print $t / $full }")" "${times[$k]% }"
done
