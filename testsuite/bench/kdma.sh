#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark: what drvcheck_rt.ko's hooks add to each DMA API call, inside
# the kernel.  For each kernel (its headers' directory; default: every
# installed linux-headers-*-amd64), builds drvcheck_rt.ko and
# testsuite/bench/kdma (drvcheck_kdma.ko) against it, boots Debian's image
# of that release once with run-vm.sh (qemu TCG, --smp 2), and in that
# boot runs drvcheck_kdma without and with drvcheck_rt loaded, alternately
# (kdma/guest.sh).  Prints the mean time of a map and of an unmap call
# without and with, and their ratio (with/without), for one thread and one
# per CPU; the per-round ratios' range beside it.  TCG makes the absolute
# times meaningless; the ratios of one boot are the figure.  Asserts
# nothing beyond the runs completing.
#   testsuite/bench/kdma.sh [--rounds N] [--iterations N] [--kinds "single sg coherent"]
#                           [--work DIR] [KDIR...]
# Consoles and modules are kept in WORK/<release>/ (default build/bench-kdma).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
die() { echo "kdma: $*" >&2; exit 2; }

ROUNDS=6 ITERATIONS=10000 KINDS="single sg coherent" WORK=$ROOT/build/bench-kdma
while [ $# -gt 0 ]; do
	case $1 in
	--rounds) ROUNDS=$2; shift 2 ;;
	--iterations) ITERATIONS=$2; shift 2 ;;
	--kinds) KINDS=$2; shift 2 ;;
	--work) WORK=$2; shift 2 ;;
	-*) die "unknown option '$1'" ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || set -- $(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V)
[ $# -gt 0 ] || die "no kernel headers: install linux-headers-amd64 or name a KDIR"
for k in "$@"; do
	[ -f "$k/Makefile" ] || die "no kernel headers at '$k' (install linux-headers-amd64)"
done

# Mean map and unmap times by rt, kind and threads; the ratio of the means
# and the range of the rounds' ratios.  Input: the console's KDMA lines.
report() {
	sed -n 's/^KDMA //p' | awk '
	{
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			f[kv[1]] = kv[2]
		}
		k = f["kind"] " " f["threads"]
		if (!(k in seen)) { seen[k] = 1; order[n++] = k }
		for (op = 0; op < 2; op++) {
			name = op ? "unmap_ns" : "map_ns"
			sum[k, f["rt"], op] += f[name]
			cnt[k, f["rt"], op]++
			v[k, f["round"], f["rt"], op] = f[name]
			if (f["round"] > rounds) rounds = f["round"]
		}
	}
	END {
		printf "%-9s %7s  %-6s %9s %9s %6s  %s\n", "kind", "threads", "call", \
			"off_ns", "on_ns", "ratio", "by round"
		for (j = 0; j < n; j++) {
			k = order[j]
			split(k, kt, " ")
			for (op = 0; op < 2; op++) {
				off = sum[k, "off", op] / cnt[k, "off", op]
				on = sum[k, "on", op] / cnt[k, "on", op]
				lo = hi = ""
				for (r = 1; r <= rounds; r++) {
					x = v[k, r, "on", op] / v[k, r, "off", op]
					if (lo == "" || x < lo) lo = x
					if (hi == "" || x > hi) hi = x
				}
				printf "%-9s %7s  %-6s %9.0f %9.0f %5.2fx  %.2f-%.2fx\n", \
					kt[1], kt[2], op ? "unmap" : "map", off, on, \
					on / off, lo, hi
			}
		}
	}'
}

status=0
for KDIR in "$@"; do
	rel=$(basename "$(cd "$KDIR" && pwd -P)")
	rel=${rel#linux-headers-}
	out=$WORK/$rel
	mkdir -p "$out"
	"$ROOT/testsuite/kernel/build-runtime-modules.sh" "$KDIR" "$ROOT/runtime" "$out"
	rm -rf "$out/kdma"
	cp -r "$HERE/kdma" "$out/kdma"
	MAKEFLAGS= MFLAGS= MAKELEVEL= make -C "$out/kdma" KDIR="$KDIR" W=1 \
		>"$out/kdma.log" 2>&1 || { cat "$out/kdma.log" >&2; die "kdma does not build for $KDIR"; }
	{
		echo "ROUNDS=$ROUNDS ITERATIONS=$ITERATIONS KINDS='$KINDS'"
		cat "$HERE/kdma/guest.sh"
	} >"$out/guest.sh"
	echo "=== kdma: $rel: $ROUNDS rounds, $ITERATIONS pairs a thread a run, 2 vCPUs (TCG) ==="
	rc=0
	KDIR=$KDIR "$ROOT/testsuite/kernel/run-vm.sh" --smp 2 --timeout 3000 \
		"$out/guest.sh" "$out/runtime/kmod/drvcheck_rt.ko" \
		"$out/kdma/drvcheck_kdma.ko" >"$out/console" 2>&1 || rc=$?
	if [ "$rc" != 0 ]; then
		tail -n 30 "$out/console" >&2
		echo "kdma: $rel: the guest failed (status $rc; console: $out/console)" >&2
		status=1
		continue
	fi
	grep -E "^driver=drvcheck_kdma|^errors:|dma_(map|unmap)_page_attrs" "$out/console"
	report <"$out/console"
done
exit $status
