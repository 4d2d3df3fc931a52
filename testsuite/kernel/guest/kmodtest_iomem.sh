#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest script for run-vm.sh: a PCI BAR a driver holds busy but not
# exclusive, mapped from user space through its sysfs resource file.  With
# CONFIG_IO_STRICT_DEVMEM the kernel refuses it unless booted with
# iomem=relaxed; drvcheck_rt must read the boot option the same way:
# strict: iomem-user-map-refused; relaxed: mapped, iomem-not-exclusive.
#   testsuite/kernel/run-vm.sh [--append iomem=relaxed] \
#       testsuite/kernel/guest/kmodtest_iomem.sh runtime/kmod/drvcheck_rt.ko \
#       testsuite/kernel/kmodtest/drvcheck_kmodtest.ko testsuite/kernel/kmodtest/mmap_file
D=/sys/kernel/debug/drvcheck
PCI=0000:00:03.0
fails=0
fail() { echo "IOMEM FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "IOMEM ok: $*"; }

insmod /modules/drvcheck_rt.ko all_errors=1 || exit 1
insmod /modules/drvcheck_kmodtest.ko pci_bar=$PCI pci_bar_shared=1 || exit 1
dmesg | grep -E "drvcheck_rt: loaded|drvcheck_kmodtest: $PCI"
dmesg | grep -q "drvcheck_kmodtest: $PCI BAR 0 .* held$" || fail "could not hold $PCI BAR 0"
echo x > $D/errors
/modules/mmap_file /sys/bus/pci/devices/$PCI/resource0
mapped=$?
cat $D/errors
if grep -q 'iomem=relaxed' /proc/cmdline; then
	dmesg | grep -q 'drvcheck_rt: loaded: .* iomem=relaxed' || fail "iomem=relaxed not read"
	[ $mapped = 0 ] || fail "the kernel refused a relaxed mapping"
	[ "$(grep -c '^id=iomem-not-exclusive	.*(not exclusive, iomem=relaxed): allowed' $D/errors)" = 1 ] &&
		ok "relaxed: iomem-not-exclusive, allowed" || fail "relaxed: no iomem-not-exclusive"
else
	dmesg | grep -q 'drvcheck_rt: loaded: .* iomem=strict' || fail "iomem=strict not read"
	[ $mapped = 1 ] || fail "the kernel allowed a strict mapping"
	[ "$(grep -c '^id=iomem-user-map-refused	.*(busy, iomem=strict): refused' $D/errors)" = 1 ] &&
		ok "strict: iomem-user-map-refused" || fail "strict: no iomem-user-map-refused"
fi
rmmod drvcheck_kmodtest
rmmod drvcheck_rt || fail "rmmod drvcheck_rt"
dmesg | grep -Eq 'WARNING:|BUG:|Oops|Call Trace' && fail "oops or WARN in dmesg"
[ $fails = 0 ] && echo "IOMEM PASS" || echo "IOMEM FAILED: $fails"
exit $fails
