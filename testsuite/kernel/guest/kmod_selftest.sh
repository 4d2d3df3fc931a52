#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest script for run-vm.sh: drvcheck_rt.ko's own properties, driven by
# drvcheck_selftest.ko (runtime/selftest): the poll watcher on each poll
# mode, the entry pool growing and coming back full, leaks reported and
# released at unbind, correct maps on every CPU at once.  Run with --smp 4
# (unloading while mapping is kmod_unload.sh's):
#   testsuite/kernel/run-vm.sh --smp 4 testsuite/kernel/guest/kmod_selftest.sh \
#       runtime/kmod/drvcheck_rt.ko runtime/selftest/drvcheck_selftest.ko \
#       testsuite/kernel/kmodtest/epoll_file
D=/sys/kernel/debug/drvcheck
S=/sys/kernel/debug/drvcheck_selftest
fails=0
fail() { echo "KMOD FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "KMOD ok: $*"; }
count() { grep -c "^id=$1	" $D/errors; }
pool_field() { head -n 1 $D/stats | sed -n "s/.* $1=\([0-9]*\).*/\1/p"; }

insmod /modules/drvcheck_rt.ko pool_size=1024 all_errors=1 || exit 1
insmod /modules/drvcheck_selftest.ko || exit 1

echo "--- poll"
for mode in good sleep block no_wait errno busy; do
	echo st_poll_$mode > $D/poll_watch || fail "cannot watch st_poll_$mode"
done
expect_poll() {	# mode check-id (or -) [epoll]
	echo x > $D/errors
	echo $1 > $S/poll_mode
	if [ "${3:-}" = epoll ]; then
		/modules/epoll_file /dev/drvcheck_selftest_poll ||
			fail "epoll_file failed"
	else
		read -t 1 x < /dev/drvcheck_selftest_poll
	fi
	if [ "$2" = - ]; then
		[ -z "$(cat $D/errors)" ] && ok "${3:-poll} $1: no error" ||
			{ cat $D/errors; fail "${3:-poll} $1: errors"; }
	else
		[ "$(count $2)" -ge 1 ] && ok "${3:-poll} $1: $2" ||
			{ cat $D/errors; fail "${3:-poll} $1: no $2"; }
		grep "^id=$2	" $D/errors | head -n 1
		grep -q "^id=$2	.*	func=st_poll_$1	" $D/errors ||
			fail "${3:-poll} $1: $2 not attributed to st_poll_$1"
	fi
}
expect_poll good -
expect_poll sleep poll-blocking
expect_poll block poll-blocking
expect_poll no_wait poll-no-wait
expect_poll errno poll-errno
expect_poll busy poll-busy
# st_poll_busy wakes its own queue each time: the loop is the wakeups'.
grep -Eq '^id=poll-busy	.*a busy loop \[callback=st_poll_busy\] \[wakeups=[0-9]{4,}\]' $D/errors &&
	ok "poll busy: the wakeups are counted" ||
	fail "poll busy: no wakeup count of 1000 or more"
# epoll_ctl(ADD) polls with epoll's queue proc: poll_wait() is due there too.
expect_poll good - epoll
expect_poll no_wait poll-no-wait epoll
expect_poll errno poll-errno epoll
grep '^poll=' $D/stats
grep -q '^poll=st_poll_good calls=[1-9]' $D/stats || fail "st_poll_good never counted"
grep -q '^poll=st_poll_busy .* max_per_syscall=[0-9][0-9][0-9][0-9]' $D/stats ||
	fail "st_poll_busy: no busy loop counted"

echo "--- pool growth"
cap0=$(pool_field capacity)
echo 3000 > $S/pool || fail "pool hold"
sleep 1
head -n 1 $D/stats
[ "$(pool_field capacity)" -gt "$cap0" ] && ok "pool grew from $cap0" ||
	fail "pool did not grow"
echo 1 > $S/pool_release
head -n 1 $D/stats
[ "$(pool_field live)" = 0 ] || fail "live mappings left after pool_release"
[ "$(pool_field free)" = "$(pool_field capacity)" ] || fail "pool not full after release"

echo "--- leak at unbind"
echo x > $D/errors
echo leak > $S/run
echo drvcheck_selftest.0 > /sys/bus/platform/drivers/drvcheck_selftest/unbind
[ "$(count dma-leak)" -ge 1 ] && ok "dma-leak at unbind" || fail "no dma-leak at unbind"
grep "^id=dma-leak" $D/errors | grep -q "	func=st_leak	at=st_leak+.*	mapped_at=st_leak+" ||
	fail "dma-leak is not reported at st_leak, where it was mapped"
[ "$(pool_field free)" = "$(pool_field capacity)" ] || fail "pool not full after unbind"
sleep 1
dmesg | grep -A2 'drvcheck_rt: DMA-API: drvcheck_selftest drvcheck_selftest.0: device driver has pending DMA allocations.* \[drvcheck-dma-leak\]$' > /tmp/leak.log
cat /tmp/leak.log
grep -q 'drvcheck_rt:   at st_leak+' /tmp/leak.log || fail "dmesg: no leak report with its at line"
grep -q 'drvcheck_rt:   mapped at st_leak+' /tmp/leak.log || fail "dmesg: no mapped at line"
echo drvcheck_selftest.0 > /sys/bus/platform/drivers/drvcheck_selftest/bind

echo "--- user-space mapping of driver MMIO (/dev/mem mmap)"
echo x > $D/errors
echo exclusive_hold > $S/run || fail "exclusive_hold"
cat $D/regions
start=$(sed -n 's/^start=\(0x[0-9a-f]*\).*/\1/p' $S/region)
# Slot 4 is exclusive_hold's, slot 5 nobody's.  busybox devmem mmaps.
devmem $(printf '0x%x' $((start + 0x5000))) 32 >/dev/null 2>&1
[ "$(count iomem-user-map-refused)" = 0 ] || fail "a page nobody owns reported"
devmem $(printf '0x%x' $((start + 0x4000))) 32 >/dev/null 2>&1 &&
	fail "/dev/mem mmap of an exclusive region allowed"
# Once: iomem_is_exclusive() under devmem_is_allowed() is not a second map.
[ "$(count iomem-user-map-refused)" = 1 ] && ok "iomem-user-map-refused" ||
	fail "no iomem-user-map-refused for /dev/mem on an exclusive region"
grep '^id=iomem-user-map-refused' $D/errors | head -n 1
echo exclusive_drop > $S/run

echo "--- mapping on every CPU"
echo x > $D/errors
echo "start 4" > $S/stress_bg || fail "stress_bg start"
sleep 2
echo stop > $S/stress_bg
cat $S/stress_result | tail -n 1
grep '^driver=drvcheck_selftest' $D/stats
grep -v 'missed=0$' $D/probes
n=$(grep -c . $D/errors)
[ "$n" = 0 ] && ok "no errors from correct maps on 4 CPUs" ||
	{ head -n 3 $D/errors; fail "$n errors from correct maps"; }
head -n 1 $D/stats
[ "$(pool_field live)" = 0 ] || fail "$(pool_field live) mappings live after the stress stopped"

echo "--- driver unload"
rmmod drvcheck_selftest || fail "rmmod drvcheck_selftest"
head -n 1 $D/stats
[ "$(pool_field live)" = 0 ] || { cat $D/dump | head; fail "mappings left after the driver unloaded"; }
[ "$(pool_field free)" = "$(pool_field capacity)" ] || fail "pool not full after the driver unloaded"
rmmod drvcheck_rt || fail "final rmmod"
if dmesg | grep -Eq 'WARNING:|BUG:|Oops|general protection|Call Trace'; then
	dmesg | grep -E 'WARNING:|BUG:|Oops|general protection|Call Trace' -A 25 | head -n 80
	fail "oops or WARN in dmesg"
fi
[ $fails = 0 ] && echo "KMOD PASS" || echo "KMOD FAILED: $fails"
exit $fails
