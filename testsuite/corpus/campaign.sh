#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The campaign: every engine over all of drivers/ of a kernel tree, one
# shard per subsystem (drivers/<x>, and one level deeper for the largest:
# net, gpu, media, ...), each shard a `drvcheck scan --engine E` of its
# directory, the way a maintainer would scan it.  Resumable: a shard whose
# result is recorded is not run again (delete OUT/<engine>/<shard>.* to
# redo it).  Per engine and shard it keeps the findings (JSON lines), the
# engine's messages, the wall time, CPU time and peak memory, and the exit
# status; testsuite/corpus/campaign_report.py sums them up.  Not part of
# the test suite.
#
#   testsuite/corpus/campaign.sh [-e cocci,sparse,clang] [-j N] [-o OUT]
#                                [-t TREE] [--unit-timeout S] [-c CHECKS]
#                                [SHARD...]
#
# TREE is a kernel source tree (default: Debian's linux-source-6.1 through
# testsuite/kernel_source.sh); its Makefile says which headers drvcheck
# uses.  SHARD names a directory below TREE (drivers/scsi); none: all.
# CHECKS is drvcheck's --checks (default all).
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DRVCHECK=$(realpath -m "${DRVCHECK:-$ROOT/build/drvcheck}")
ENGINES=cocci,sparse,clang
JOBS=$(nproc)
TREE=
OUT=
UNIT_TIMEOUT=300
CHECKS=all
SPLIT_ABOVE=${SPLIT_ABOVE:-800}	# .c files: a larger subsystem is split

usage() {
	sed -n '/^#   testsuite/,/^# uses/p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	-e) ENGINES=$2; shift 2 ;;
	-j) JOBS=$2; shift 2 ;;
	-o) OUT=$2; shift 2 ;;
	-t) TREE=$2; shift 2 ;;
	--unit-timeout) UNIT_TIMEOUT=$2; shift 2 ;;
	-c) CHECKS=$2; shift 2 ;;
	-h|--help) usage ;;
	-*) echo "campaign: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ -x "$DRVCHECK" ] || { echo "campaign: $DRVCHECK not built (./bootstrap build)" >&2; exit 2; }
command -v /usr/bin/time >/dev/null 2>&1 ||
	{ echo "campaign: needs GNU time (apt-get install time)" >&2; exit 2; }
TREE=${TREE:-$("$ROOT/testsuite/kernel_source.sh")}
[ -f "$TREE/Makefile" ] && [ -d "$TREE/drivers" ] ||
	{ echo "campaign: $TREE is not a kernel tree (no Makefile and drivers/)" >&2; exit 2; }
version=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p' "$TREE/Makefile" | paste -sd.)
OUT=${OUT:-$ROOT/build/campaign/$version}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# The shards: every directory of drivers/ with C files, the largest split.
shards() {
	local d n
	for d in "$TREE"/drivers/*/; do
		d=${d%/}
		n=$(find "$d" -name '*.c' | wc -l)
		[ "$n" -gt 0 ] || continue
		if [ "$n" -gt "$SPLIT_ABOVE" ]; then
			# its own files at the top, then each subdirectory
			[ -n "$(find "$d" -maxdepth 1 -name '*.c' -print -quit)" ] &&
				echo "${d#"$TREE"/}:top"
			for s in "$d"/*/; do
				[ -n "$(find "$s" -name '*.c' -print -quit)" ] &&
					echo "${s%/}" | sed "s|^$TREE/||"
			done
		else
			echo "${d#"$TREE"/}"
		fi
	done
}

# The files of a shard, relative to TREE: a directory, or a directory's
# own files (":top").
shard_paths() {
	case $1 in
	*:top) (cd "$TREE" && find "${1%:top}" -maxdepth 1 -name '*.c' | sort) ;;
	*) echo "$1" ;;
	esac
}

if [ $# -gt 0 ]; then list=("$@"); else mapfile -t list < <(shards); fi
IFS=, read -r -a engines <<<"$ENGINES"
echo "campaign: ${#list[@]} shards of $TREE (Linux $version), engines ${engines[*]}, -j $JOBS, results in $OUT" >&2

for e in "${engines[@]}"; do
	mkdir -p "$OUT/$e"
	for s in "${list[@]}"; do
		name=$(echo "$s" | tr '/:' '__')
		base=$OUT/$e/$name
		[ -f "$base.rc" ] && continue
		mapfile -t paths < <(shard_paths "$s")
		start=$(date +%s)
		set +e
		# from the tree's root with relative paths: the findings' files,
		# and so their fingerprints, do not depend on where it is unpacked
		(cd "$TREE" && /usr/bin/time -o "$base.time" -f '%e %U %S %M' \
			"$DRVCHECK" scan --engine "$e" --checks "$CHECKS" -j "$JOBS" \
			--unit-timeout "$UNIT_TIMEOUT" --format json "${paths[@]}" \
			>"$base.json" 2>"$base.err")
		rc=$?
		set -e
		echo "$rc" >"$base.rc"
		printf 'campaign: %-8s %-40s exit %d, %4d s, %s findings\n' "$e" "$s" "$rc" \
			"$(($(date +%s) - start))" "$(wc -l <"$base.json")" >&2
	done
done
"$ROOT/testsuite/corpus/campaign_report.py" "$OUT"
