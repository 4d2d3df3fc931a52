# SPDX-License-Identifier: GPL-2.0
# (c) drvcheck_rt unloaded and loaded again while the selftest maps and
# unmaps in background threads.
test_unload_under_load() {
	echo "start 2" > $ST/stress_bg || { fail "unload" "stress_bg start failed"; return; }
	sleep 1
	# `errors` goes with the module: what the unload reports is in dmesg
	n0=$(dmesg | grep -c '\[drvcheck-')
	if rmmod drvcheck_rt; then
		pass "rmmod drvcheck_rt under load"
	else
		fail "unload" "rmmod drvcheck_rt failed"
		echo stop > $ST/stress_bg
		return
	fi
	# The load is correct use: an unload must not invent errors.
	n1=$(dmesg | grep -c '\[drvcheck-')
	if [ "$n1" = "$n0" ]; then
		pass "no error reported while unloading under load"
	else
		fail "unload under load" "$((n1 - n0)) error(s) reported by the unloading drvcheck_rt, e.g.:"
		dmesg | grep '\[drvcheck-' | tail -n $((n1 - n0)) | head -n 2 | sed 's/^/    /'
	fi
	sleep 1
	rt_load all_errors=1 || { echo stop > $ST/stress_bg; fail "unload" "insmod again failed"; return; }
	sleep 1
	echo stop > $ST/stress_bg
	sed 's/^/    /' $ST/stress_result
	# A mapping made before the load and unmapped after it is one the new
	# instance never saw: at most one per thread (dma-double-unmap).
	n=$(grep -c . $RT/errors)
	other=$(error_ids | tr ' ' '\n' | grep -v '^dma-double-unmap$' | grep -c .)
	if [ "$other" = 0 ] && [ "$n" -le 2 ]; then
		pass "reload under load: $n unmap(s) of mappings made before the load, nothing else"
	else
		fail "reload under load" "errors [$(error_ids)]"
	fi
	bad=$(dmesg_bad)
	[ -z "$bad" ] && pass "no oops/WARN across the unload" || fail "unload" "dmesg: $bad"
	errors_clear
	st_run unmap_size
	[ "$(error_ids)" = dma-unmap-size ] && pass "reloaded drvcheck_rt still reports (dma-unmap-size)" ||
		fail "after reload" "unmap_size gave [$(error_ids)]"
	errors_clear
	st_run map_single
	# The load stopped: every mapping made since the reload was unmapped.
	if [ -z "$(error_ids)" ] && [ "$(drv_stat live)" = 0 ]; then
		pass "reloaded drvcheck_rt: correct use silent, live 0"
	else
		fail "after reload" "map_single gave [$(error_ids)], live $(drv_stat live) with the load stopped"
		echo "    live entries (dump), first 3:"
		head -n 3 $RT/dump | sed 's/^/    /'
	fi
}
