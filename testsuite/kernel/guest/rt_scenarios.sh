# SPDX-License-Identifier: GPL-2.0
# (a) Every selftest scenario against drvcheck_rt all_errors=1: `errors`
# cleared, the scenario run, the new lines compared with what the scenario
# does (runtime/selftest/st_dma.c, st_region.c say why).  Correct use: no
# line.  Misuse: exactly the expected ids, each once, at func=st_<name>,
# with dma-debug's wording.
#
# scenario | expected ids | text the message must contain
# An empty id list on a misuse is a bug the runtime cannot see; the reason
# is in the scenario's comment and in the NOTE this test prints.
SCENARIOS='
map_single||
map_page||
map_sg||
coherent||
sync||
sync_sg||
map_resource||
dma_pool||
overlap_to_device||
unmap_size|dma-unmap-size|device driver frees DMA memory with different size [device address=0x
free_coherent_size|dma-unmap-size|device driver frees DMA memory with different size
unmap_coherent|dma-coherent-streaming-mix|device driver frees DMA memory with wrong function
free_streaming|dma-coherent-streaming-mix|device driver frees DMA memory with wrong function
unmap_sg_as_page|dma-unmap-kind|device driver frees DMA memory with wrong function
unmap_resource_as_page|dma-unmap-kind|device driver frees DMA memory with wrong function
unmap_single_as_page||
unmap_direction|dma-direction|device driver frees DMA memory with different direction
unmap_sg_nents||
double_unmap|dma-double-unmap|device driver tries to free DMA memory it has not allocated
unmap_never_mapped|dma-double-unmap|device driver tries to free DMA memory it has not allocated [device address=0x0000000000000000]
unmap_map_error|dma-mapping-error-unchecked|device driver tries to free an invalid DMA memory address
free_cpu_addr|dma-free-cpu-addr|device driver frees DMA memory with different CPU address
sync_unmapped|dma-sync-unmapped|device driver tries to sync DMA memory it has not allocated
sync_range|dma-unmap-size|device driver syncs DMA memory outside allocated range
sync_direction|dma-direction|device driver syncs DMA memory with different direction
sync_sg_nents|dma-unmap-sg-nents|device driver syncs DMA sg list with different entry count [map count=2] [sync count=1]
sync_readonly|dma-direction dma-direction|device driver syncs
sync_coherent|dma-coherent-streaming-mix|device driver syncs coherent DMA memory
map_rodata|dma-map-stack|device driver maps memory from kernel text or rodata
overlap|dma-overlap|cacheline tracking EEXIST, overlapping mappings aren'"'"'t supported
region||
region_exclusive||
release_unrequested|iomem-release-mismatch|Trying to free nonexistent resource
release_size|iomem-release-mismatch|release does not match the request
'
# Details of the texts: the figures the scenario used.
DETAIL_unmap_size='[map size=512 bytes] [unmap size=256 bytes]'
DETAIL_free_coherent_size='[map size=4096 bytes] [unmap size=2048 bytes]'
DETAIL_unmap_coherent='[mapped as coherent] [unmapped as single]'
DETAIL_free_streaming='[mapped as single] [unmapped as coherent]'
DETAIL_unmap_sg_as_page='[mapped as scather-gather] [unmapped as single]'
# ("scather-gather": dma-debug's own spelling, kept for log parsers)
DETAIL_unmap_resource_as_page='[mapped as resource] [unmapped as single]'
DETAIL_unmap_direction='[mapped with DMA_TO_DEVICE] [unmapped with DMA_FROM_DEVICE]'
DETAIL_sync_range='[allocation size=512 bytes] [sync offset+size=768]'
DETAIL_sync_direction='[mapped with DMA_FROM_DEVICE] [synced with DMA_TO_DEVICE]'
# Texts that must each appear on some line (;-separated), where a
# scenario reports one id twice with two messages.
EACH_sync_readonly='syncs DMA memory with different direction [device address=;syncs device read-only DMA memory for cpu [device address='
NOTE_unmap_single_as_page='single vs page is static-only on 6.1: both are dma_*_page_attrs'
NOTE_unmap_sg_nents='dma-direct never merges segments: dma_map_sg() returns nents, the bug has no run-time effect to see'

# One scenario: run_case NAME "EXPECTED IDS" TEXT
run_case() {
	name=$1 want=$2 text=$3
	errors_clear
	case " ${REFUSED:-} " in
	*" $name "*)
		# swiotlb bounced the buffer: the scenario must refuse the
		# misuse (-EOPNOTSUPP) and leave no error behind.
		if st_run "$name" 2>/dev/null; then
			fail "scenario $name" "ran on a bounced buffer, expected a refusal"
		elif [ -n "$(error_ids)" ]; then
			fail "scenario $name" "refused, but left errors [$(error_ids)]"
		else
			pass "scenario $name refused on a bounce buffer (safe)"
		fi
		return ;;
	esac
	if ! st_run "$name"; then
		fail "scenario $name" "writing it to run failed"
		return
	fi
	got=$(error_ids)
	if [ "$got" != "$want" ]; then
		fail "scenario $name" "ids [$got], expected [$want]"
		sed 's/^/    /' $RT/errors
		return
	fi
	[ -z "$want" ] && { pass "scenario $name (no error)"; return; }
	bad=""
	while IFS= read -r line; do
		# func: the call site's symbol, "st_x [module]" for a module
		func=$(field "$line" func)
		msg=$(field "$line" msg)
		[ "${func%% *}" = "st_$name" ] || bad="$bad func=$func;"
		case $msg in
		*"$text"*) ;;
		*) bad="$bad text [$msg] lacks [$text];" ;;
		esac
		eval detail=\${DETAIL_$name:-}
		if [ -n "$detail" ]; then
			case $msg in
			*"$detail"*) ;;
			*) bad="$bad text lacks [$detail];" ;;
			esac
		fi
		case $(field "$line" id) in
		dma-*)
			[ "$(field "$line" driver)" = drvcheck_selftest ] &&
			[ "$(field "$line" device)" = drvcheck_selftest.0 ] ||
				bad="$bad driver/device [$(field "$line" driver) $(field "$line" device)];"
			case $msg in
			"DMA-API: drvcheck_selftest drvcheck_selftest.0: "*) ;;
			*) bad="$bad no dma-debug prefix;" ;;
			esac ;;
		esac
	done < $RT/errors
	eval each=\${EACH_$name:-}
	while [ -n "$each" ]; do
		t=${each%%;*}
		grep -qF "$t" $RT/errors || bad="$bad no line with [$t];"
		[ "$each" = "${each#*;}" ] && break
		each=${each#*;}
	done
	if [ -n "$bad" ]; then
		fail "scenario $name" "$bad"
		sed 's/^/    /' $RT/errors
	else
		pass "scenario $name ($want)"
	fi
}

test_scenarios() {
	listed=$(cat $ST/scenarios | tr '\n' ' ')
	tested=""
	echo "$SCENARIOS" | while IFS='|' read -r name want text; do
		[ -n "$name" ] || continue
		eval n=\${NOTE_$name:-}
		[ -n "$n" ] && note "$name: expected no runtime error: $n"
		run_case "$name" "$want" "$text"
	done > /tmp/scenarios.out
	cat /tmp/scenarios.out
	FAILS=$((FAILS + $(grep -c '^FAIL' /tmp/scenarios.out)))

	# The dmesg side: each id seen above also logged there, with its tag.
	for id in $(sed -n 's/^PASS scenario [a-z_]* (\([a-z -]*\))$/\1/p' /tmp/scenarios.out |
		    tr ' ' '\n' | grep -v '^no$' | grep -v '^error$' | sort -u); do
		# The module logs from an irq_work, one line after the other
		# through the (slow, serial) console: dmesg lags seconds behind
		# a fast scenario loop.  Wait up to 20 s for it.
		tries=0
		until dmesg | grep -q "drvcheck_rt: .*\[drvcheck-$id\]"; do
			tries=$((tries + 1))
			[ $tries -le 100 ] || { fail "dmesg" "no 'drvcheck_rt: ... [drvcheck-$id]' line"; break; }
			sleep 0.2
		done
	done
	pass "dmesg carries a [drvcheck-<id>] line for every id reported"

	# Every scenario the module lists is in the table (or tested below).
	for s in $listed; do
		case "$SCENARIOS" in
		*"
$s|"*) ;;
		*) case $s in leak|exclusive_hold|exclusive_drop|region_hold|region_drop) ;;
		   *) fail "scenario list" "$s is not in the expectation table" ;;
		   esac ;;
		esac
	done

	# Unknown names are refused.
	if echo no_such_scenario > $ST/run 2>/dev/null; then
		fail "run unknown" "accepted"
	else
		pass "run unknown scenario refused"
	fi

	live=$(drv_stat live)
	[ "$live" = 0 ] && pass "live mappings back to 0 after the scenarios" ||
		fail "live after scenarios" "live=$live"
}

# dma-leak: a mapping left when the driver is unbound through sysfs.
test_leak() {
	errors_clear
	st_run leak || { fail "scenario leak" "run failed"; return; }
	echo drvcheck_selftest.0 > /sys/bus/platform/drivers/drvcheck_selftest/unbind
	got=$(error_ids)
	line=$(head -n 1 $RT/errors)
	if [ "$got" != dma-leak ]; then
		fail "scenario leak" "ids [$got] after unbind, expected [dma-leak]"
		sed 's/^/    /' $RT/errors
	else
		case "$(field "$line" mapped_at)|$(field "$line" msg)" in
		st_leak*"|"*"device driver has pending DMA allocations while released from device [count=1]"*)
			pass "scenario leak (dma-leak at unbind, mapped at st_leak)" ;;
		*) fail "scenario leak" "mapped_at/msg: $line" ;;
		esac
	fi
	echo drvcheck_selftest.0 > /sys/bus/platform/drivers/drvcheck_selftest/bind
	errors_clear
	st_run map_single && [ -z "$(error_ids)" ] &&
		pass "rebound driver works" || fail "rebind" "map_single after bind: [$(error_ids)]"
	live=$(drv_stat live)
	[ "$live" = 0 ] && pass "live 0 after the leak was reported" ||
		fail "live after leak" "live=$live"
}

# A user mapping of a held region through /dev/mem (busybox devmem mmaps
# /dev/mem): user_map_case HOLD DROP SLOT KERNEL WANT_ID WANT_TEXT, KERNEL
# being what 6.1 decides (resource_is_exclusive(): under iomem=strict, the
# default, CONFIG_IO_STRICT_DEVMEM refuses every busy region; iomem=relaxed
# allows everything but exclusive System RAM, exclusive MMIO included).
user_map_case() {
	hold=$1 drop=$2 slot=$3 kernel=$4 want=$5 text=$6
	start=$(sed -n 's/.*start=\(0x[0-9a-f]*\).*/\1/p' $ST/region)
	addr=$(printf '0x%x' $((start + slot * 0x1000)))
	errors_clear
	st_run $hold || { fail "$hold" "run failed"; return; }
	[ -z "$(error_ids)" ] || fail "$hold" "errors [$(error_ids)]"
	if devmem "$addr" 32 >/dev/null 2>&1; then k=allowed; else k=refused; fi
	got=$(error_ids)
	line=$(head -n 1 $RT/errors)
	what="devmem of the $hold region ($iomem)"
	if [ "$k" != "$kernel" ]; then
		fail "$what" "the kernel $k it, expected $kernel (test assumption wrong)"
	else
		case "$got|$(field "$line" msg)" in
		"$want|"*"process devmem (pid "*"maps driver-owned MMIO"*"$text"*)
			pass "$what: kernel $k, runtime $want" ;;
		*) fail "$what" "kernel $k; ids [$got], expected [$want] with [$text]"
		   sed 's/^/    /' $RT/errors ;;
		esac
	fi
	st_run $drop || fail "$drop" "run failed"
	errors_clear
	if devmem "$addr" 32 >/dev/null 2>&1 && [ -z "$(error_ids)" ]; then
		pass "devmem after $drop: allowed, no error"
	else
		fail "devmem after $drop" "refused, or errors [$(error_ids)]"
	fi
}

# iomem=strict (the default): both refused by the kernel.
test_user_map() {
	iomem=strict
	user_map_case exclusive_hold exclusive_drop 4 refused iomem-user-map-refused "(exclusive): refused"
	user_map_case region_hold region_drop 5 refused iomem-user-map-refused "(busy, iomem=strict): refused"
}

# iomem=relaxed: the kernel allows both; the runtime's verdict must agree
# (docs/checks.md: an allowed attempt is iomem-not-exclusive).
test_user_map_relaxed() {
	iomem=relaxed
	user_map_case exclusive_hold exclusive_drop 4 allowed iomem-not-exclusive ": allowed"
	user_map_case region_hold region_drop 5 allowed iomem-not-exclusive "(not exclusive, iomem=relaxed): allowed"
}
