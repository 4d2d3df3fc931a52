#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark: what drvcheck_rt.ko's hooks add to each DMA API call, inside
# the kernel.  For each kernel (its headers' directory; default: every
# installed linux-headers-*-amd64), builds drvcheck_rt.ko and
# testsuite/bench/kdma (drvcheck_kdma.ko) against it, boots Debian's image
# of that release once with run-vm.sh (qemu TCG, --smp 2), and in that
# boot runs drvcheck_kdma without and with drvcheck_rt loaded, alternately
# (kdma/guest.sh).  Prints the time of a map and of an unmap call without
# and with, their ratio (with/without) and the pairs a second, for one
# thread and one per CPU: medians over the rounds, the ratios' range
# beside them.  TCG makes the absolute times meaningless; the ratios of
# one boot are the figure.  Asserts nothing beyond the runs completing.
#   testsuite/bench/kdma.sh [--rounds N] [--iterations N] [--kinds "single sg coherent"]
#                           [--mttcg] [--work DIR] [KDIR...]
# By default the two vCPUs take turns on one host thread (run-vm.sh), so
# the per-CPU threads interleave; --mttcg runs them in parallel on two
# host threads (qemu's multi-threaded TCG; see run-vm.sh for its kprobe
# bug: the guest loads and unloads drvcheck_rt while nothing maps).
# Consoles and modules are kept in WORK/<release>/ (default build/bench-kdma).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
die() { echo "kdma: $*" >&2; exit 2; }

ROUNDS=10 ITERATIONS=40000 KINDS="single sg coherent" WORK=$ROOT/build/bench-kdma
VMOPTS=""
while [ $# -gt 0 ]; do
	case $1 in
	--rounds) ROUNDS=$2; shift 2 ;;
	--iterations) ITERATIONS=$2; shift 2 ;;
	--kinds) KINDS=$2; shift 2 ;;
	--work) WORK=$2; shift 2 ;;
	--mttcg) VMOPTS=--mttcg; shift ;;
	-*) die "unknown option '$1'" ;;
	*) break ;;
	esac
done
if [ $# = 0 ]; then
	set -- /usr/src/linux-headers-*-amd64
	[ -e "$1" ] || die "no kernel headers: install linux-headers-amd64 or name a KDIR"
fi
for k in "$@"; do
	[ -f "$k/Makefile" ] || die "no kernel headers at '$k' (install linux-headers-amd64)"
done

# By kind and threads, for map and unmap: the median over the rounds of
# the time without and with, of the rounds' ratios (with/without), and the
# ratios' range; then the same of the pairs a second, the ratio without/
# with (the whole loop, timing included, slowed by that factor).  Medians:
# a round the host disturbed moves none of them.
# Input: the console's KDMA lines.
report() {
	sed -n 's/^KDMA //p' | awk '
	function median(a, n,	i, j, x) {	# sorts a[1..n]
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				x = a[j]; a[j] = a[j - 1]; a[j - 1] = x
			}
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	{
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			f[kv[1]] = kv[2]
		}
		k = f["kind"] " " f["threads"]
		if (!(k in seen)) { seen[k] = 1; order[n++] = k }
		v[k, f["round"], f["rt"], 0] = f["map_ns"]
		v[k, f["round"], f["rt"], 1] = f["unmap_ns"]
		v[k, f["round"], f["rt"], 2] = f["pairs_per_s"]
		if (f["round"] > rounds) rounds = f["round"]
	}
	END {
		call[0] = "map"; call[1] = "unmap"; call[2] = "pairs/s"
		printf "%-9s %7s  %-7s %7s %7s %7s  %s\n", "kind", "threads", \
			"call", "off_ns", "on_ns", "ratio", "range"
		for (j = 0; j < n; j++) {
			split(order[j], kt, " ")
			for (op = 0; op < 3; op++) {
				for (r = 1; r <= rounds; r++) {
					off[r] = v[order[j], r, "off", op]
					on[r] = v[order[j], r, "on", op]
					x[r] = op == 2 ? off[r] / on[r] : on[r] / off[r]
				}
				printf "%-9s %7s  %-7s %7.0f %7.0f %6.2fx  %.2f-%.2fx\n", \
					kt[1], kt[2], call[op], \
					median(off, rounds), median(on, rounds), \
					median(x, rounds), x[1], x[rounds]
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
	# a make of its own: not a jobserver client of a parallel cmake build
	MAKEFLAGS='' MFLAGS='' MAKELEVEL='' make -C "$out/kdma" KDIR="$KDIR" \
		>"$out/kdma.log" 2>&1 || { cat "$out/kdma.log" >&2; die "kdma does not build for $KDIR"; }
	{
		echo "ROUNDS=$ROUNDS ITERATIONS=$ITERATIONS KINDS='$KINDS'"
		cat "$HERE/kdma/guest.sh"
	} >"$out/guest.sh"
	echo "=== kdma: $rel: $ROUNDS rounds, $ITERATIONS pairs a thread a run, 2 vCPUs (TCG${VMOPTS:+, $VMOPTS}) ==="
	rc=0
	# tsc=reliable: 6.1 under TCG fails the TSC's checks and times with
	# the HPET, an emulated device read far slower than a call; 6.12 keeps
	# the TSC.  Both then time with the same clock.
	KDIR=$KDIR "$ROOT/testsuite/kernel/run-vm.sh" --smp 2 --timeout 3000 \
		--append tsc=reliable $VMOPTS \
		"$out/guest.sh" "$out/runtime/kmod/drvcheck_rt.ko" \
		"$out/kdma/drvcheck_kdma.ko" >"$out/console" 2>&1 || rc=$?
	if [ "$rc" != 0 ]; then
		tail -n 30 "$out/console" >&2
		echo "kdma: $rel: the guest failed (status $rc; console: $out/console)" >&2
		status=1
		continue
	fi
	grep -E "^clocksource:|^driver=drvcheck_kdma|^errors:|dma_(map|unmap)_page_attrs" "$out/console"
	report <"$out/console"
done
exit $status
