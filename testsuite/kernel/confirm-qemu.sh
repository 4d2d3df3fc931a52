#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# `drvcheck confirm --qemu`: the static engines and the runtime on the same
# driver, end to end.  Scans runtime/selftest (a driver that does every
# right and wrong DMA and region operation on request) statically, builds
# drvcheck_rt.ko and drvcheck_selftest.ko against the installed headers,
# boots Debian's kernel in qemu, runs every scenario, and hands the
# runtime's error log and the static findings to `drvcheck confirm`.
#   confirm-qemu.sh DRVCHECK
set -eu
DRVCHECK=$1
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
WORK=${DRVCHECK_CONFIRM_WORK:-$ROOT/build/vm/confirm}
KDIR=${KDIR:-$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1)}
[ -n "$KDIR" ] && [ -f "$KDIR/Makefile" ] ||
	{ echo "confirm: no kernel headers: install linux-headers-amd64" >&2; exit 2; }

mkdir -p "$WORK"
"$HERE/build-runtime-modules.sh" "$KDIR" "$ROOT/runtime" "$WORK" ||
	{ echo "confirm: the runtime modules do not build" >&2; exit 2; }

echo "confirm: static scan of runtime/selftest" >&2
rc=0
"$DRVCHECK" scan --format json "$ROOT/runtime/selftest" >"$WORK/findings.json" || rc=$?
[ "$rc" -le 1 ] || { echo "confirm: the static scan failed" >&2; exit 2; }

echo "confirm: booting the VM (qemu, tcg)" >&2
"$HERE/run-vm.sh" "$HERE/guest/confirm_demo.sh" \
	"$WORK/runtime/kmod/drvcheck_rt.ko" \
	"$WORK/runtime/selftest/drvcheck_selftest.ko" \
	>"$WORK/console" 2>&1 || {
	tail -n 40 "$WORK/console" >&2
	echo "confirm: the guest run failed (console: $WORK/console)" >&2
	exit 2
}
sed -n '/^=== drvcheck errors ===$/,/^=== drvcheck end ===$/p' "$WORK/console" |
	sed '1d;$d' >"$WORK/errors"
echo "confirm: $(wc -l <"$WORK/findings.json") static findings," \
     "$(wc -l <"$WORK/errors") runtime errors; files in $WORK" >&2
exec "$DRVCHECK" confirm "$WORK/findings.json" "$WORK/errors"
