# SPDX-License-Identifier: GPL-2.0
# The second boot: swiotlb=force iomem=relaxed.  Every streaming map goes
# through a bounce buffer, where a wrong unmap or sync would corrupt slots:
# the scenarios whose misuse is unsafe there must refuse it, every other
# one must give the same errors as on dma-direct, and nothing may WARN.
# Then the user-mapping verdicts under iomem=relaxed, and drvcheck_rt
# unloaded and reloaded under load (one CPU: see runtime-vm.sh).
echo "runtime-vm (swiotlb=force iomem=relaxed): $(nproc) cpus"
grep -qw swiotlb=force /proc/cmdline || { echo "FAIL boot: no swiotlb=force"; exit 1; }
REFUSED="free_streaming double_unmap sync_unmapped sync_range"
rt_load all_errors=1 || exit 1
st_load || exit 1
test_scenarios
# leak refuses too: a bounced mapping cannot be left behind safely
errors_clear
if st_run leak 2>/dev/null; then
	fail "scenario leak" "ran on a bounced buffer, expected a refusal"
else
	[ -z "$(error_ids)" ] && pass "scenario leak refused on a bounce buffer (safe)" ||
		fail "scenario leak" "refused, but left errors [$(error_ids)]"
fi
test_user_map_relaxed
test_stress 2 2000
test_unload_under_load
rmmod drvcheck_selftest || fail "rmmod" "drvcheck_selftest"
rmmod drvcheck_rt || fail "rmmod" "drvcheck_rt"
bad=$(dmesg_bad)
[ -z "$bad" ] && pass "dmesg: no BUG/WARNING/Oops under swiotlb=force" || fail "dmesg" "$bad"
echo "runtime-vm: $FAILS failure(s)"
[ "$FAILS" = 0 ]
