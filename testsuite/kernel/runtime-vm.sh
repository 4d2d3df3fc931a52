#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The runtime's VM test (ctest runtime_vm): drvcheck_rt.ko against
# drvcheck_selftest.ko in one qemu boot with 2 CPUs.  The guest parts
# (guest/rt_*.sh) are joined into one guest script: rt_lib.sh first,
# rt_main.sh, which runs them, last.  Each part prints PASS/FAIL lines;
# the exit status is the guest's (0: no FAIL).
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
cat "$G/rt_lib.sh" "$G/rt_scenarios.sh" "$G/rt_poll.sh" "$G/rt_stress.sh" \
    "$G/rt_unload.sh" "$G/rt_pool.sh" "$G/rt_main.sh" >"$tmp/guest.sh"

set -- --smp "$SMP" --timeout 600
[ -n "$WORK" ] && set -- "$@" --work "$WORK"
rc=0
"$HERE/run-vm.sh" "$@" "$tmp/guest.sh" "$RT_KO" "$ST_KO" >"$tmp/console" 2>&1 || rc=$?
cat "$tmp/console"
npass=$(grep -c '^PASS ' "$tmp/console" || true)
nfail=$(grep -c '^FAIL ' "$tmp/console" || true)
echo "runtime-vm: $npass passed, $nfail failed (guest status $rc)"
[ "$rc" = 0 ] && [ "$nfail" = 0 ]
