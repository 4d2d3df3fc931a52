#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Not a drvcheck_rt test: the kernel's own kprobe_events (no drvcheck_rt
# loaded) registering and removing a kretprobe and a kprobe on
# dma_map_page_attrs / dma_unmap_page_attrs while drvcheck_selftest's
# stress threads call them on every CPU.  Under qemu -accel tcg with
# --smp 4 this oopses with RIP 0 at the probed function's entry within a
# few cycles (Debian 6.1.0-57, Dec 2026), the same oops drvcheck_rt gets
# when loaded or unloaded under the same stress; with --smp 1 it does not,
# nor with -accel tcg,thread=single: multi-threaded TCG's cross-vCPU code
# patching, not the kernel.
#   testsuite/kernel/run-vm.sh --smp 4 \
#       testsuite/kernel/guest/kprobe_stock_race.sh \
#       runtime/selftest/drvcheck_selftest.ko
S=/sys/kernel/debug/drvcheck_selftest
T=/sys/kernel/tracing
mount -t tracefs nodev $T
insmod /modules/drvcheck_selftest.ko || exit 1
echo "start 4" > $S/stress_bg
for i in 1 2 3 4 5 6 7 8; do
	echo 'r:rmap dma_map_page_attrs $retval' > $T/kprobe_events
	echo 'p:punmap dma_unmap_page_attrs' >> $T/kprobe_events
	echo 1 > $T/events/kprobes/enable
	sleep 1
	echo 0 > $T/events/kprobes/enable
	echo > $T/kprobe_events
	echo "cycle $i ok"
done
echo stop > $S/stress_bg
exit 0
