# SPDX-License-Identifier: GPL-2.0
# (d) Entry pool exhaustion: drvcheck_rt with a small pool, more mappings
# held than it has entries.  The excess is dropped (counted, reported once),
# their unmaps are not errors, and the pool is full again afterwards.
test_pool() {
	size=$1 hold=$2
	rmmod drvcheck_selftest
	rmmod drvcheck_rt || { fail "pool" "rmmod drvcheck_rt"; return; }
	reports0=$(dmesg | grep -c 'entry pool exhausted')
	# pool_max: no growth, so the pool does run dry
	rt_load pool_size=$size pool_max=$size all_errors=1 || return
	st_load || return
	grep '^pool ' $RT/stats | sed 's/^/    /'
	cap=$(stat_of "pool " capacity)
	echo "$hold" > $ST/pool || fail "pool" "holding $hold mappings failed"
	grep '^pool ' $RT/stats | sed 's/^/    /'
	dropped=$(stat_of "pool " dropped)
	exhausted=$(stat_of "pool " exhausted)
	# dmesg may be written late (irq_work): wait for the first report,
	# then a little longer for any second one
	tries=0
	while [ "$(dmesg | grep -c 'entry pool exhausted')" = "$reports0" ] && [ $tries -lt 20 ]; do
		sleep 0.1
		tries=$((tries + 1))
	done
	sleep 0.5
	reports=$(($(dmesg | grep -c 'entry pool exhausted') - reports0))
	echo "    pool: capacity $cap, held $(cat $ST/pool), dropped $dropped, exhausted $exhausted, $reports report(s)"
	[ "$dropped" -gt 0 ] 2>/dev/null && [ "$dropped" = $((hold - cap)) ] ||
		fail "pool" "dropped=$dropped, expected $((hold - cap)) ($hold held, capacity $cap)"
	[ "$exhausted" = 1 ] || fail "pool" "exhausted=$exhausted"
	[ "$reports" = 1 ] || fail "pool" "$reports exhaustion reports in dmesg, expected 1"
	errors_clear
	echo 1 > $ST/pool_release
	[ -z "$(error_ids)" ] && pass "pool: releasing $hold mappings ($dropped untracked) reports nothing" ||
		fail "pool" "release reported [$(error_ids)]"
	[ "$(drv_stat live)" = 0 ] || fail "pool" "live=$(drv_stat live) after the release"
	rmmod drvcheck_selftest
	free=$(stat_of "pool " free)
	cap=$(stat_of "pool " capacity)
	[ "$free" = "$cap" ] && pass "pool full again after the selftest unloads ($free/$cap)" ||
		fail "pool" "free $free of $cap after unload"
	[ "$dropped" = $((hold - cap)) ] && [ "$exhausted" = 1 ] && [ "$reports" = 1 ] &&
		pass "pool exhaustion: $dropped of $hold dropped, exhausted=1, one report"
}
