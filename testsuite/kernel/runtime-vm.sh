#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The runtime's VM test (ctest runtime_vm): drvcheck_rt.ko against
# drvcheck_selftest.ko in two qemu boots: dma-direct with iomem=strict on
# --smp N (default 2, guest/rt_main.sh), then swiotlb=force iomem=relaxed on
# one CPU (guest/rt_bounce_main.sh).  The guest parts (guest/rt_*.sh) are joined
# into one guest script per boot, rt_lib.sh first, the *_main.sh that runs
# them last.  Each part prints PASS/FAIL lines; the exit status is 0 only
# if both guests exit 0 with no FAIL.
#   runtime-vm.sh [--work DIR] [--smp N] DRVCHECK_RT.ko DRVCHECK_SELFTEST.ko
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
WORK="" SMP=2
while [ $# -gt 0 ]; do
	case $1 in
	--work) WORK=$2; shift 2 ;;
	--smp) SMP=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# = 2 ] || { echo "usage: runtime-vm.sh [--work DIR] [--smp N] drvcheck_rt.ko drvcheck_selftest.ko" >&2; exit 2; }
RT_KO=$1 ST_KO=$2

tmp=$(mktemp -d "${TMPDIR:-/tmp}/drvcheck-rtvm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
G=$HERE/guest
PARTS="$G/rt_lib.sh $G/rt_scenarios.sh $G/rt_poll.sh $G/rt_stress.sh $G/rt_unload.sh $G/rt_pool.sh"
# shellcheck disable=SC2086
cat $PARTS "$G/rt_main.sh" >"$tmp/main.sh"
# shellcheck disable=SC2086
cat $PARTS "$G/rt_bounce_main.sh" >"$tmp/bounce.sh"

# boot NAME SMP SCRIPT [ARGS...]: one VM run; its console, PASS/FAIL counts
status=0
boot() {
	name=$1 smp=$2 script=$3
	shift 3
	set -- --smp "$smp" --timeout 600 "$@"
	[ -n "$WORK" ] && set -- "$@" --work "$WORK"
	rc=0
	echo "=== runtime-vm: boot $name ==="
	"$HERE/run-vm.sh" "$@" "$script" "$RT_KO" "$ST_KO" >"$tmp/$name.console" 2>&1 || rc=$?
	cat "$tmp/$name.console"
	npass=$(grep -c '^PASS ' "$tmp/$name.console" || true)
	nfail=$(grep -c '^FAIL ' "$tmp/$name.console" || true)
	echo "runtime-vm: boot $name: $npass passed, $nfail failed (guest status $rc)"
	[ "$rc" = 0 ] && [ "$nfail" = 0 ] || status=1
}

# 1: dma-direct, iomem=strict, SMP: scenarios, poll, stress, pool
boot main "$SMP" "$tmp/main.sh"
# 2: every streaming map bounced, iomem=relaxed, one CPU: safety, verdicts,
# and drvcheck_rt unloaded/reloaded under load.  One CPU because qemu's
# multi-threaded TCG oopses (RIP 0 at the probed entry) when kprobes are
# armed or disarmed while other vCPUs run the probed function, with the
# kernel's own kprobe_events too (guest/kprobe_stock_race.sh);
# -accel tcg,thread=single does not, run-vm.sh has no option for it yet.
boot bounce 1 "$tmp/bounce.sh" --append "swiotlb=force iomem=relaxed"
exit $status
