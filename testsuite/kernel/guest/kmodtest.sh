#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest script for run-vm.sh: drvcheck_rt.ko on the DMA paths the selftest
# driver does not take (testsuite/kernel/kmodtest): DMA pools, sg_table,
# a stack page mapped with dma_map_page.
# and a user-space mmap of a PCI BAR a driver holds exclusive (qemu's
# default e1000 at 0000:00:03.0).  make -C testsuite/kernel/kmodtest, then
#   testsuite/kernel/run-vm.sh testsuite/kernel/guest/kmodtest.sh \
#       runtime/kmod/drvcheck_rt.ko testsuite/kernel/kmodtest/drvcheck_kmodtest.ko \
#       testsuite/kernel/kmodtest/mmap_file
D=/sys/kernel/debug/drvcheck
fails=0
fail() { echo "KMODTEST FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "KMODTEST ok: $*"; }
ids() { cut -f1 $D/errors | sort | uniq -c; }

insmod /modules/drvcheck_rt.ko all_errors=1 || exit 1
PCI=0000:00:03.0
insmod /modules/drvcheck_kmodtest.ko pci_bar=$PCI || exit 1
dmesg | grep 'drvcheck_kmodtest.*pool_ok'
dmesg | grep -q 'pool_ok=0 sgtable_ok=0 map_stack=0 irq=0' || fail "a kmodtest step failed"
cat $D/errors
grep '^driver=drvcheck_kmodtest' $D/stats
cat $D/dump
grep -q "^driver=pci device=$PCI kind=single dir=DMA_TO_DEVICE .* size=64 mapped_at=kt_map_unowned+" $D/dump ||
	fail "the mapping of $PCI is not live in dump"
# Only the stack mapping and the hrtimer's last unmap are wrong so far.
[ "$(ids)" = "$(printf '      1 id=dma-map-stack\n      1 id=dma-unmap-size')" ] &&
	ok "only dma-map-stack and dma-unmap-size while bound" ||
	fail "unexpected errors while bound: $(ids)"
grep -q '^id=dma-unmap-size	.*func=kt_hardirq_map	.*mapped_at=kt_hardirq_map+' $D/errors &&
	ok "dma-unmap-size from hard IRQ context" || fail "no dma-unmap-size from kt_hardirq_map"
# 6 maps in process context, 500 + 100 from interrupts: each one seen, or
# counted as missed (a timer interrupt that hits while another hook runs on
# that CPU is skipped by the kprobe core).
grep '^probe=dma_map_page_attrs ' $D/probes
maps=$(sed -n 's/^driver=drvcheck_kmodtest .* maps=\([0-9]*\) .*/\1/p' $D/stats)
missed=$(sed -n 's/^probe=dma_map_page_attrs .* missed=\([0-9]*\)$/\1/p' $D/probes)
[ $((maps + missed)) = 606 ] && ok "606 maps: $maps seen, $missed missed" ||
	fail "maps: $maps seen + $missed missed is not 606"
grep -q '^id=dma-map-stack	.*func=kt_map_stack	.*msg=DMA-API: drvcheck_kmodtest drvcheck_kmodtest.0: device driver maps memory from stack' $D/errors ||
	fail "dma-map-stack not attributed to kt_map_stack"
grep -q 'kind=pool .*mapped_at=kt_probe+' $D/dump || fail "the pool block is not live in dump"
grep -q 'kind=coherent .*mapped_at=dma_pool_alloc+' $D/dump || fail "the pool page is not live in dump"
grep -Eq '^driver=drvcheck_kmodtest live=2 ' $D/stats || fail "stats: not 2 live mappings"

echo "--- PCI sysfs mmap of an exclusive BAR"
dmesg | grep "drvcheck_kmodtest: $PCI BAR 0"
if dmesg | grep -q "drvcheck_kmodtest: $PCI BAR 0 .* held exclusive"; then
	echo x > $D/errors
	/modules/mmap_file /sys/bus/pci/devices/$PCI/resource0 &&
		fail "mmap of an exclusive BAR allowed"
	cat $D/errors
	[ "$(grep -c '^id=iomem-user-map-refused	' $D/errors)" = 1 ] &&
		ok "iomem-user-map-refused for the PCI resource mmap" ||
		fail "not one iomem-user-map-refused for the PCI resource mmap"
	grep -q "^id=iomem-user-map-refused	.*process mmap_file" $D/errors ||
		fail "the refused mapping does not name the process"
else
	fail "could not hold $PCI BAR 0"
fi

echo x > $D/errors
rmmod drvcheck_kmodtest
cat $D/errors
[ "$(grep -c '^id=dma-leak	driver=drvcheck_kmodtest	' $D/errors)" = 2 ] &&
	ok "two dma-leak at unbind" || fail "not 2 dma-leak at unbind"
# The PCI device has no driver to unbind: the module's unload finds it.
grep -q "^id=dma-leak	driver=pci	device=$PCI	.*mapped_at=kt_map_unowned+" $D/errors &&
	ok "dma-leak at module unload" || fail "no dma-leak at module unload"
grep -q 'count=2\] .*\[mapped as pool\]' $D/errors || fail "no leaked pool block"
grep -q 'count=2\] .*\[mapped as coherent\]' $D/errors || fail "no leaked pool page"
head -n 1 $D/stats | grep -q ' live=0 ' || fail "mappings left after unload"
rmmod drvcheck_rt || fail "rmmod drvcheck_rt"
if dmesg | grep -Eq 'WARNING:|BUG:|Oops|general protection|Call Trace'; then
	dmesg | grep -E 'WARNING:|BUG:|Oops|general protection|Call Trace' -A 25 | head -n 60
	fail "oops or WARN in dmesg"
fi
[ $fails = 0 ] && echo "KMODTEST PASS" || echo "KMODTEST FAILED: $fails"
exit $fails
