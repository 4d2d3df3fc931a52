#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest script for run-vm.sh: load drvcheck_rt.ko, check that its debugfs
# files exist and parse, that the hooks registered, and that it unloads
# with no oops or WARN.  Run:
#   testsuite/kernel/run-vm.sh testsuite/kernel/guest/kmod_smoke.sh \
#       runtime/kmod/drvcheck_rt.ko
D=/sys/kernel/debug/drvcheck
fails=0
fail() { echo "SMOKE FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "SMOKE ok: $*"; }

# Bad pool sizes: refused, with a line that says why, and nothing left.
insmod /modules/drvcheck_rt.ko pool_size=0 2>/dev/null &&
	fail "pool_size=0 loaded"
dmesg | grep -q 'drvcheck_rt: pool_size=0: the entry pool holds 1 to ' ||
	fail "pool_size=0: no reason given"
insmod /modules/drvcheck_rt.ko pool_size=4000000000 2>/dev/null &&
	fail "pool_size=4000000000 loaded"
dmesg | grep -q 'drvcheck_rt: pool_size=4000000000: the entry pool holds 1 to ' ||
	fail "pool_size=4000000000: no reason given"
[ -e $D ] && fail "a refused load left $D"

insmod /modules/drvcheck_rt.ko poll_watch=no_such_poll_fn ||
	{ echo "SMOKE FAIL: insmod"; exit 1; }
dmesg | grep drvcheck_rt

for f in errors errors_lost stats dump regions probes filter all_errors \
	 poll_watch; do
	[ -e "$D/$f" ] || fail "no $D/$f"
done

echo "--- probes"
cat $D/probes
# 6.10 and later: dma_sync_*() are inline, __dma_sync_*() the functions.
case $(uname -r) in
[1-5].*|6.[0-9].*) S= ;;
*) S=__ ;;
esac
# Every hook the design names must be there; say which did not register.
for p in dma_map_page_attrs dma_unmap_page_attrs dma_map_sg_attrs \
	 dma_map_sgtable dma_unmap_sg_attrs dma_alloc_attrs dma_free_attrs \
	 ${S}dma_sync_single_for_cpu ${S}dma_sync_single_for_device \
	 ${S}dma_sync_sg_for_cpu ${S}dma_sync_sg_for_device dma_map_resource \
	 dma_unmap_resource __request_region __release_region \
	 iomem_is_exclusive devmem_is_allowed __pollwait ep_ptable_queue_proc \
	 do_sys_poll do_select pollwake dma_pool_create dma_pool_alloc \
	 dma_pool_free \
	 dma_pool_destroy; do
	grep -q "^probe=$p kind=[a-z]* registered=1 " $D/probes ||
		fail "hook $p did not register: $(grep "^probe=$p " $D/probes)"
done
# A symbol that does not exist fails, and says so, with what is off.
grep -q "^probe=no_such_poll_fn kind=kretprobe registered=0 err=-2 off=poll-blocking,poll-errno,poll-no-wait,poll-busy " $D/probes ||
	fail "the bogus poll watch is not reported as failed"
dmesg | grep -q "drvcheck_rt: cannot hook no_such_poll_fn (kretprobe): error -2, no such symbol in this kernel; off: poll-blocking," ||
	fail "no load message for the bogus poll watch"

echo "--- stats"
cat $D/stats
head -n 1 $D/stats | grep -Eq '^pool capacity=[0-9]+ free=[0-9]+ live=[0-9]+ dropped=[0-9]+ exhausted=[01]$' ||
	fail "stats: bad pool line"
tail -n 1 $D/stats | grep -Eq '^regions n=[0-9]+ dropped=[0-9]+$' ||
	fail "stats: bad regions line"
awk 'NR > 1 && !/^(driver=[^ ]+ live=[0-9]+ peak=[0-9]+ maps=[0-9]+ errors=[0-9]+( [a-z-]+=[0-9]+)*|poll=[^ ]+ calls=[0-9]+ slept=[0-9]+ no_wait=[0-9]+ errnos=[0-9]+ max_per_syscall=[0-9]+ ns_max=[0-9]+|regions n=[0-9]+ dropped=[0-9]+)$/ { bad = 1; print "bad: " $0 } END { exit bad }' $D/stats ||
	fail "stats: a line of unknown form"

echo "--- dump"
cat $D/dump
awk '!/^driver=[^ ]+ device=[^ ]+ kind=[a-z-]+ dir=DMA_[A-Z_]+ handle=0x[0-9a-f]+ size=[0-9]+ mapped_at=/ { bad = 1; print "bad: " $0 } END { exit bad }' $D/dump ||
	fail "dump: a line of unknown form"

echo "--- errors"
cat $D/errors
awk -F '\t' 'NF != 9 || $1 !~ /^id=/ || $2 !~ /^driver=/ || $3 !~ /^device=/ || $4 !~ /^addr=0x/ || $5 !~ /^size=/ || $6 !~ /^func=/ || $7 !~ /^at=/ || $8 !~ /^mapped_at=/ || $9 !~ /^msg=/ { bad = 1; print "bad: " $0 } END { exit bad }' $D/errors ||
	fail "errors: a line of unknown form"
echo x > $D/errors
[ -z "$(cat $D/errors)" ] || fail "errors: a write does not clear it"
grep -Eq '^[0-9]+$' $D/errors_lost || fail "errors_lost is not a number"

echo "--- knobs"
echo e1000 > $D/filter
[ "$(cat $D/filter)" = e1000 ] || fail "filter does not read back"
echo > $D/filter
echo 1 > $D/all_errors
[ "$(cat $D/all_errors)" = Y ] || fail "all_errors does not read back"
echo 0 > $D/all_errors
echo no_such_poll_fn2 > $D/poll_watch 2>/dev/null &&
	fail "watching a symbol that does not exist did not fail"
grep -q "^probe=no_such_poll_fn2 .* registered=0 " $D/probes ||
	fail "the failed poll watch is not in probes"
cat $D/poll_watch
cat $D/regions

# The hooks run: some poll() and reads in the guest, then unload.
for i in 1 2 3; do cat /proc/iomem > /dev/null; done
echo "--- unload"
rmmod drvcheck_rt || fail "rmmod"
[ -e $D ] && fail "$D still there after rmmod"
dmesg | grep drvcheck_rt | tail -n 5
if dmesg | grep -Eq 'WARNING:|BUG:|Oops|general protection|Call Trace'; then
	dmesg | tail -n 60
	fail "oops or WARN in dmesg"
fi
# A second load and unload: nothing left behind by the first.
insmod /modules/drvcheck_rt.ko && rmmod drvcheck_rt || fail "reload"
dmesg | grep -Eq 'WARNING:|BUG:|Oops' && fail "oops or WARN after reload"

# A hook that does not register (fail_hook=, as a kernel without the
# symbol): it and the map hooks that need it are off and say so, every
# other check still works, and nothing is reported about the off kind.
echo "--- fail_hook=dma_unmap_sg_attrs"
dmesg -c > /dev/null
insmod /modules/drvcheck_rt.ko all_errors=1 fail_hook=dma_unmap_sg_attrs ||
	fail "insmod fail_hook"
insmod /modules/drvcheck_selftest.ko || fail "insmod drvcheck_selftest"
dmesg | grep drvcheck_rt
grep -E '^probe=dma_(un)?map_sg' $D/probes
grep -q '^probe=dma_unmap_sg_attrs kind=kprobe registered=0 err=-1 off=dma-leak,.*,dma-unmap-sg-nents ' $D/probes ||
	fail "probes: dma_unmap_sg_attrs not off with its checks"
for p in dma_map_sg_attrs dma_map_sgtable; do
	grep -q "^probe=$p kind=kretprobe registered=0 err=-67 off=dma-leak," $D/probes ||
		fail "probes: $p (needs dma_unmap_sg_attrs) not off"
	dmesg | grep -q "cannot hook $p (kretprobe): error -67, not tried: the hook it needs is off dma_unmap_sg_attrs; off: dma-leak," ||
		fail "no load message for $p"
done
dmesg | grep -q 'cannot hook dma_unmap_sg_attrs (kprobe): error -1, refused on request (fail_hook=); off: dma-leak,' ||
	fail "no load message for dma_unmap_sg_attrs"
dmesg | grep -q 'drvcheck_rt: loaded: 23 hooks registered' ||
	fail "not 23 of 26 hooks registered"
ST=/sys/kernel/debug/drvcheck_selftest
echo 1 > $D/errors
# sg is off: its correct use and its misuse are both silent...
for s in map_sg sync_sg sync_sg_nents; do
	echo $s > $ST/run || fail "scenario $s"
done
[ -z "$(cat $D/errors)" ] || { cat $D/errors; fail "sg errors with the sg hooks off"; }
# ...single mappings are still checked.
echo unmap_size > $ST/run
grep -q "^id=dma-unmap-size$(printf '\t')" $D/errors ||
	fail "dma-unmap-size not reported with dma_unmap_sg_attrs off"
[ "$(wc -l < $D/errors)" = 1 ] || { cat $D/errors; fail "not exactly one error"; }
rmmod drvcheck_selftest && rmmod drvcheck_rt || fail "rmmod after fail_hook"
dmesg | grep -Eq 'WARNING:|BUG:|Oops' && fail "oops or WARN with fail_hook"

[ $fails = 0 ] && echo "SMOKE PASS" || echo "SMOKE FAILED: $fails"
exit $fails
