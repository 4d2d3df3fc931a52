# SPDX-License-Identifier: GPL-2.0
# (e) The poll watcher on /dev/drvcheck_selftest_poll, one ->poll per mode
# (runtime/selftest/st_poll.c).  busybox `read -t` polls its input with
# poll(2) before reading, so each mode is one poll() syscall.
#
# mode | expected ids
POLL_MODES='
good|
sleep|poll-blocking
block|poll-blocking
no_wait|poll-no-wait
errno|poll-errno
busy|poll-busy
spin|poll-blocking
'

test_poll() {
	# the knob takes one symbol a write
	for mode in good sleep block no_wait errno busy spin; do
		if ! echo "st_poll_$mode" > $RT/poll_watch; then
			fail "poll_watch" "the knob refused st_poll_$mode"
			return
		fi
	done
	echo "$POLL_MODES" | while IFS='|' read -r mode want; do
		[ -n "$mode" ] || continue
		echo "$mode" > $ST/poll_mode
		errors_clear
		read -t 0.3 x < /dev/drvcheck_selftest_poll
		got=$(error_ids)
		if [ "$got" != "$want" ]; then
			fail "poll $mode" "ids [$got], expected [$want]"
			sed 's/^/    /' $RT/errors
			continue
		fi
		line=$(head -n 1 $RT/errors)
		case "$want|$(field "$line" msg)" in
		"|") pass "poll $mode (no error)" ;;
		"poll-blocking|"*"[voluntary context switches=0]"*)
			# only spin blocks without a context switch
			[ "$mode" = spin ] && pass "poll $mode ($want, by time)" ||
				fail "poll $mode" "no context switch seen: $line" ;;
		"poll-blocking|"*"->poll blocks [callback=st_poll_$mode]"*|\
		"poll-no-wait|"*"->poll returns no events without calling poll_wait [callback=st_poll_$mode]"*|\
		"poll-errno|"*"->poll returns a negative errno as event mask [callback=st_poll_$mode] [returned=-11]"*|\
		"poll-busy|"*"times in one poll() call, a busy loop [callback=st_poll_$mode]"*)
			pass "poll $mode ($want)" ;;
		*) fail "poll $mode" "message: $line" ;;
		esac
	done > /tmp/poll.out
	cat /tmp/poll.out
	FAILS=$((FAILS + $(grep -c '^FAIL' /tmp/poll.out)))
	grep '^poll=' $RT/stats | sed 's/^/    /'
	calls=$(stat_of "poll=st_poll_busy " max_per_syscall)
	note "busy mode: ->poll ran ${calls:-?} times in one poll() (self-wakeups: $(cat $ST/poll_busy_kicks))"
}
