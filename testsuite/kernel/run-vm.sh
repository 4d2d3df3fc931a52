#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Boots Debian's own kernel -- the image matching the installed headers, so
# modules built against those headers load -- in qemu with a busybox
# initramfs holding the given modules and one guest script, and exits with
# the guest script's status.  The serial console goes to stdout.
#
#   run-vm.sh [--smp N] [--mem MB] [--timeout S] [--append ARGS]
#             [--work DIR] [--mttcg] GUEST_SCRIPT [MODULE.ko...]
#
# In the guest: the modules are in /modules, the script runs as /guest.sh
# with proc, sysfs, devtmpfs and debugfs mounted; it may use any busybox
# applet.  KDIR picks the headers (default: the newest linux-headers-*-amd64).
# The kernel image is fetched once with `apt-get download` and unpacked with
# dpkg-deb into the work directory (default build/vm), never installed.
#
# The vCPUs run on one host thread (-accel tcg,thread=single) unless
# --mttcg: qemu 7.2's multi-threaded TCG jumps to address 0 when a kprobe
# is armed or disarmed while another vCPU runs the probed function (the
# stock kernel's kprobe_events do it too; guest/kprobe_stock_race.sh).
# The guest is SMP either way: its vCPUs interleave, its locks matter.
set -eu

die() { echo "run-vm: $*" >&2; exit 2; }

SMP=1 MEM=512 TIMEOUT=300 APPEND="" TCG=tcg,thread=single
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$ROOT/build/vm
while [ $# -gt 0 ]; do
	case $1 in
	--smp) SMP=$2; shift 2 ;;
	--mem) MEM=$2; shift 2 ;;
	--timeout) TIMEOUT=$2; shift 2 ;;
	--append) APPEND=$2; shift 2 ;;
	--work) WORK=$2; shift 2 ;;
	--mttcg) TCG=tcg,thread=multi; shift ;;
	--) shift; break ;;
	-*) die "unknown option '$1'" ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || die "usage: run-vm.sh [options] GUEST_SCRIPT [MODULE.ko...]"
GUEST=$1
shift
[ -f "$GUEST" ] || die "no guest script '$GUEST'"
for m in "$@"; do
	[ -f "$m" ] || die "no module '$m' (build it first)"
done

for tool in qemu-system-x86_64:qemu-system-x86 cpio:cpio apt-get:apt \
	    dpkg-deb:dpkg gzip:gzip timeout:coreutils; do
	command -v "${tool%%:*}" >/dev/null 2>&1 ||
		die "'${tool%%:*}' is missing: install the Debian package '${tool#*:}'"
done
BUSYBOX=/bin/busybox
[ -x "$BUSYBOX" ] && "$BUSYBOX" --list 2>/dev/null | grep -qx insmod ||
	die "$BUSYBOX is missing or has no insmod: install the Debian package 'busybox-static'"
# ldd succeeds only on a dynamic executable, which the initramfs cannot run.
! ldd "$BUSYBOX" >/dev/null 2>&1 ||
	die "$BUSYBOX is not static: install the Debian package 'busybox-static'"

KDIR=${KDIR:-$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1)}
[ -n "$KDIR" ] && [ -f "$KDIR/Makefile" ] ||
	die "no kernel headers (KDIR='$KDIR'): install linux-headers-amd64"
# Debian's release name (6.1.0-57-amd64) is the headers directory's suffix;
# include/config/kernel.release holds the upstream version instead.
KVER=$(basename "$(cd "$KDIR" && pwd -P)")
KVER=${KVER#linux-headers-}
case $KVER in
*-amd64) ;;
*) die "'$KDIR' is not a Debian linux-headers-<release>-amd64 directory" ;;
esac

# The image: Debian's unsigned package for exactly this release.
KIMG=$WORK/kernel/$KVER/vmlinuz
if [ ! -f "$KIMG" ]; then
	pkg=linux-image-$KVER-unsigned
	mkdir -p "$WORK/kernel/$KVER"
	dl=$(mktemp -d "$WORK/kernel/dl.XXXXXX")
	(cd "$dl" && apt-get download -q "$pkg" >/dev/null 2>"$dl/err") || {
		cat "$dl/err" >&2; rm -rf "$dl"
		die "cannot download $pkg (run apt-get update; is a Debian mirror reachable?)"
	}
	dpkg-deb --fsys-tarfile "$dl"/*.deb |
		tar -x -C "$dl" "./boot/vmlinuz-$KVER" "./boot/System.map-$KVER" ||
		die "$pkg has no ./boot/vmlinuz-$KVER"
	mv "$dl/boot/System.map-$KVER" "$WORK/kernel/$KVER/System.map"
	mv "$dl/boot/vmlinuz-$KVER" "$KIMG"
	rm -rf "$dl"
fi

# The initramfs: busybox, the modules, the guest script and an init that
# mounts what tests need, runs the script and reports its status.
run=$(mktemp -d "${TMPDIR:-/tmp}/drvcheck-vm.XXXXXX")
trap 'rm -rf "$run"' EXIT
mkdir -p "$run/root/bin" "$run/root/modules" "$run/root/proc" \
	 "$run/root/sys" "$run/root/dev" "$run/root/tmp"
cp "$BUSYBOX" "$run/root/bin/busybox"
for m in "$@"; do
	cp "$m" "$run/root/modules/"
done
cp "$GUEST" "$run/root/guest.sh"
cat >"$run/root/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t debugfs debugfs /sys/kernel/debug
mount -t tmpfs tmpfs /tmp
echo "run-vm: guest up, $(nproc) cpus, kernel $(uname -r)"
sh /guest.sh
echo "DRVCHECK-VM-RC=$?"
poweroff -f
EOF
chmod +x "$run/root/init" "$run/root/guest.sh"
(cd "$run/root" && find . | cpio -o -H newc --quiet | gzip -1) >"$run/initrd.gz"

# panic=-1 and -no-reboot: an oops that panics ends the run instead of
# hanging it; the timeout catches a guest that hangs without panicking.
rc=0
timeout "$TIMEOUT" qemu-system-x86_64 -accel "$TCG" -m "$MEM" -smp "$SMP" \
	-display none -serial stdio -monitor none -no-reboot \
	-kernel "$KIMG" -initrd "$run/initrd.gz" \
	-append "console=ttyS0 panic=-1 oops=panic loglevel=4 $APPEND" \
	</dev/null >"$run/console" 2>&1 || rc=$?
tr -d '\r' <"$run/console"
if [ "$rc" = 124 ]; then
	die "the guest did not finish within ${TIMEOUT}s"
fi
status=$(tr -d '\r' <"$run/console" | sed -n 's/^DRVCHECK-VM-RC=\([0-9]*\)$/\1/p' | tail -n 1)
[ -n "$status" ] || die "the guest script never finished (kernel panic or qemu failure, rc $rc)"
exit "$status"
