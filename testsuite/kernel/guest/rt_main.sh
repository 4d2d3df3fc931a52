# SPDX-License-Identifier: GPL-2.0
# The runtime VM test, first boot (SMP), in the order it needs: scenarios
# (one clean drvcheck_rt), poll, stress, and last the pool test (a small
# pool, reloaded).  Unload under load is in the second boot (one CPU).
echo "runtime-vm: $(nproc) cpus"
# block_ns: under TCG a vCPU can stall for tens of ms inside any callback
# (seen: 31 ms in st_poll_busy, no context switch), so the time criterion
# of poll-blocking is raised from 10 ms; sleep and block are still caught
# by their context switches.
rt_load all_errors=1 block_ns=200000000 || exit 1
st_load || exit 1
grep -i drvcheck_selftest /proc/iomem | sed 's/^/    /'

test_scenarios
test_leak
test_user_map
test_poll
test_stress 1 2000
test_stress 8 20000
test_pool 64 100

bad=$(dmesg_bad)
[ -z "$bad" ] && pass "dmesg: no BUG/WARNING/Oops" || fail "dmesg" "$bad"
echo "runtime-vm: $FAILS failure(s)"
[ "$FAILS" = 0 ]
