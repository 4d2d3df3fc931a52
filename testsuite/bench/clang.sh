#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The analyzer plugin against clang -fsyntax-only, file by file, on the
# drivers of the speed target (e1000e, igb, r8169, tg3 of linux-source-6.1):
# the ratio of summed wall times is printed, never asserted.
#
# usage: testsuite/bench/clang.sh SRCDIR [PLUGIN [KDIR]]
#   SRCDIR  an unpacked linux-source-6.1 (only drivers/net/ethernet needed)
#   DEFAULT=1 also times `clang --analyze` with its default checkers
#   EXTRA="-Xclang -analyzer-config -Xclang ipa=none"  added to our flags
set -u
src=${1:?usage: clang.sh SRCDIR [PLUGIN [KDIR]]}
root=$(cd "$(dirname "$0")/../.." && pwd)
plugin=$(realpath "${2:-$root/build/checkers/clang/drvcheck-analyzer.so}")
kdir=${3:-$(ls -d /usr/src/linux-headers-*-amd64 | sort -V | tail -n 1)}
mapfile -t kflags < <("$root/testsuite/kernel_clang_flags.sh" "$kdir")
mapfile -t aflags < "$root/checkers/clang/analyzer-flags.txt"
read -r -a extra <<< "${EXTRA:-}"
eth=$src/drivers/net/ethernet

# wall seconds of one command, its output discarded
wall() {
	local t0 t1
	t0=$(date +%s.%N)
	(cd "$kdir" && "$@" > /dev/null 2>&1)
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc
}

total_syntax=0 total_ours=0 total_default=0
printf '%-28s %8s %8s %8s\n' file syntax drvcheck default
for f in "$eth"/intel/e1000e/*.c "$eth"/intel/igb/*.c "$eth"/realtek/r8169_*.c \
	 "$eth"/broadcom/tg3.c; do
	mod=$(basename "$(dirname "$f")")
	common=("${kflags[@]}" -I"$(dirname "$f")" -DKBUILD_MODNAME="\"$mod\""
		-DKBUILD_BASENAME="\"$(basename "$f" .c)\"" "$f")
	s=$(wall clang -fsyntax-only "${common[@]}")
	o=$(wall clang "${aflags[@]}" "${extra[@]}" -Xclang -load -Xclang "$plugin" \
		-o /dev/null "${common[@]}")
	d=-
	if [ "${DEFAULT:-0}" = 1 ]; then
		d=$(wall clang --analyze -o /dev/null "${common[@]}")
		total_default=$(echo "$total_default + $d" | bc)
	fi
	total_syntax=$(echo "$total_syntax + $s" | bc)
	total_ours=$(echo "$total_ours + $o" | bc)
	printf '%-28s %8.2f %8.2f %8s\n' "$mod/$(basename "$f")" "$s" "$o" "$d"
done
printf '%-28s %8.2f %8.2f %8s\n' total "$total_syntax" "$total_ours" "$total_default"
echo "drvcheck / syntax: $(echo "scale=2; $total_ours / $total_syntax" | bc)x"
[ "${DEFAULT:-0}" = 1 ] &&
	echo "default / syntax: $(echo "scale=2; $total_default / $total_syntax" | bc)x"
exit 0
