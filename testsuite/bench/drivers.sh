# SPDX-License-Identifier: GPL-2.0
# The benchmarks' drivers (sourced by sparse.sh and clang.sh): e1000e, igb,
# r8169 and tg3 of linux-source-6.1, each copied into $WORK/MODULE with a
# Kbuild file as the tree's Makefile lists its objects, to be built as
# external modules against the installed kernel headers ($KDIR).
# Sets SRC, JOBS, KDIR, WORK (removed at exit), MODS, files; make_all ARGS.
SRC=$("$ROOT/testsuite/kernel_source.sh")
JOBS=${JOBS:-$(nproc)}
# the kernel build directory, found as drvcheck finds it (kbuild_flags.c)
if [ -z "${KDIR:-}" ]; then
	KDIR=/lib/modules/$(uname -r)/build
	[ -d "$KDIR" ] || KDIR=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1)
fi
[ -f "$KDIR/Makefile" ] || { echo "no kernel headers at '$KDIR' (install linux-headers-amd64)" >&2; exit 2; }
unset DRVCHECK_DB

# module  directory in the tree  its files there
DRIVERS="e1000e drivers/net/ethernet/intel/e1000e *
igb drivers/net/ethernet/intel/igb *
r8169 drivers/net/ethernet/realtek r8169*
tg3 drivers/net/ethernet/broadcom tg3*"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
files=0
while read -r mod dir pattern; do
	mkdir "$WORK/$mod"
	# shellcheck disable=SC2086  # the pattern is a glob
	(cd "$SRC/$dir" && cp $pattern "$WORK/$mod/")
	rm -f "$WORK/$mod/Makefile" "$WORK/$mod/Kconfig"
	# obj-m for the module, and its objects as the tree's Makefile lists
	# them (a $(mod)-objs line and its continuation lines)
	{
		echo "obj-m += $mod.o"
		awk -v m="$mod" '$0 ~ "^" m "-(objs|y)[ \t]" { on = 1 }
			on { print; on = /\\$/ }' "$SRC/$dir/Makefile"
	} >"$WORK/$mod/Kbuild"
	files=$((files + $(ls "$WORK/$mod"/*.c | wc -l)))
done <<<"$DRIVERS"
MODS=$(cut -d' ' -f1 <<<"$DRIVERS")

# Runs make over every module; the make arguments are "$@".
make_all() {
	for mod in $MODS; do
		make -s -C "$KDIR" M="$WORK/$mod" -j "$JOBS" "$@" modules || return
	done
}
