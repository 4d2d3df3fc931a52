#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Prints, one per line, the flags Kbuild compiles an external module of
# KDIR with, made clang's: gcc-only options, dependency output, warnings,
# debug info and the per-file KBUILD_* names dropped.  Relative -I paths
# are kept: run clang in KDIR.
#
# usage: testsuite/kernel_clang_flags.sh KDIR
set -u
kdir=${1:?usage: kernel_clang_flags.sh KDIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '#include <linux/module.h>\nMODULE_LICENSE("GPL");\n' > "$tmp/probe.c"
echo 'obj-m := probe.o' > "$tmp/Kbuild"
cmd=$(make -C "$kdir" M="$tmp" V=1 modules 2>&1 |
      grep -m1 -- " -c -o $tmp/probe.o") || {
	echo "kernel_clang_flags: no compile command from $kdir" >&2
	exit 2
}
cmd=${cmd%%;*}
eval "set -- $cmd"
shift
while [ $# -gt 0 ]; do
	case $1 in
	-o) shift ;;
	-c|-g|-pg|-Wp,*|-W*|"$tmp/probe.c"|-DKBUILD_*|-D__KBUILD_MODNAME=*) ;;
	-fconserve-stack|-mrecord-mcount|-fno-allow-store-data-races|\
	-mindirect-branch=*|-mindirect-branch-register|\
	-mindirect-branch-cs-prefix|-fzero-call-used-regs=*|\
	-mfunction-return=*|-mharden-sls=*|-fno-var-tracking-assignments|\
	-mskip-rax-setup|-fmin-function-alignment*|-falign-jumps=*|\
	-falign-loops=*|-fno-stack-clash-protection|\
	-ftrivial-auto-var-init=*|-mpreferred-stack-boundary=*) ;;
	*) echo "$1" ;;
	esac
	shift
done
echo -Wno-unknown-warning-option
