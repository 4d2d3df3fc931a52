#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fetch-sparse.sh BUILD_DIR
#
# Debian's sparse package ships the program but no library, so
# drvcheck-sparse builds libsparse.a from the source of that same package
# (0.6.4 on bookworm): the checker then parses exactly like the sparse that
# Kbuild users already run.  The source goes to BUILD_DIR/sparse-src, never
# into the repository.  Running it again after a successful build does
# nothing.
set -eu

die() { echo "fetch-sparse: $*" >&2; exit 2; }
say() { echo "fetch-sparse: $*" >&2; }

[ $# -eq 1 ] || die "usage: fetch-sparse.sh BUILD_DIR"
mkdir -p "$1"
BUILD=$(cd "$1" && pwd)
SRC=$BUILD/sparse-src
JOBS=${SPARSE_JOBS:-2}

if [ -f "$SRC/libsparse-drvcheck.a" ] && [ -f "$SRC/sparse-main.o" ] &&
   [ -f "$SRC/.drvcheck-built" ]; then
	exit 0
fi

# apt-get source needs deb-src entries.  deb822 sources list "Types: deb";
# add deb-src to those lines (one-line .list files get a deb-src twin).
enable_deb_src() {
	changed=0
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		if grep -q '^Types:' "$f" && grep '^Types:' "$f" | grep -qv 'deb-src'; then
			[ -w "$f" ] || die "deb-src is off in $f and it is not writable; run as root or add 'deb-src' to its Types lines"
			sed -i '/^Types:/{/deb-src/!s/$/ deb-src/}' "$f"
			changed=1
		fi
	done
	if [ -f /etc/apt/sources.list ] && grep -q '^deb ' /etc/apt/sources.list &&
	   ! grep -q '^deb-src ' /etc/apt/sources.list; then
		[ -w /etc/apt/sources.list ] || die "no deb-src in /etc/apt/sources.list; run as root"
		sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >> /etc/apt/sources.list
		changed=1
	fi
	if [ $changed = 1 ] || ! apt-get source --print-uris sparse >/dev/null 2>&1; then
		say "apt-get update (deb-src enabled)"
		apt-get update -q >/dev/null ||
			die "apt-get update failed: no package mirror reachable?"
	fi
}

if [ ! -f "$SRC/Makefile" ]; then
	command -v apt-get >/dev/null 2>&1 ||
		die "apt-get not found: put sparse 0.6.4's source in $SRC by hand"
	command -v dpkg-source >/dev/null 2>&1 ||
		die "'apt-get source' needs dpkg-source: install the Debian package 'dpkg-dev'"
	enable_deb_src
	tmp=$BUILD/sparse-fetch.$$
	rm -rf "$tmp"
	mkdir -p "$tmp"
	say "apt-get source sparse (into $tmp)"
	(cd "$tmp" && apt-get source -q sparse >/dev/null) ||
		die "'apt-get source sparse' failed: is the source package 'sparse' reachable (deb-src on, mirror up)?"
	dir=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d -name 'sparse-*' | head -n 1)
	[ -n "$dir" ] && [ -f "$dir/Makefile" ] ||
		die "the source package 'sparse' unpacked into something without a Makefile"
	rm -rf "$SRC"
	mv "$dir" "$SRC"
	rm -rf "$tmp"
fi

say "building libsparse.a in $SRC"
# The version string of the Debian package, as /usr/bin/sparse prints it.
# Passed explicitly: sparse's Makefile would otherwise ask "git describe",
# which answers for whatever repository the build directory sits in.
version=$(dpkg-parsechangelog -l "$SRC/debian/changelog" -S Version 2>/dev/null || true)
upstream=$(sed -n 's/^VERSION=//p' "$SRC/Makefile")
if [ -n "$version" ]; then
	sparse_version="$upstream (Debian: $version)"
else
	sparse_version=$upstream
fi
# Only the library and sparse's own driver object are built: sparse's other
# tools want gtk/libxml/llvm, which drvcheck does not need.
# Under a parent make (CMake's build) the jobserver decides the parallelism.
case ${MAKEFLAGS:-} in
*jobserver*) jobs= ;;
*) jobs=-j$JOBS ;;
esac
log=$BUILD/sparse-build.log
# shellcheck disable=SC2086
if ! make -C "$SRC" $jobs SPARSE_VERSION="$sparse_version" libsparse.a sparse.o >"$log" 2>&1; then
	tail -n 30 "$log" >&2
	die "building libsparse.a failed (full log: $log)"
fi

# drvcheck-sparse runs sparse's own main() unchanged, so users get exactly
# sparse's behaviour and warnings.  Renaming symbols in a copy of sparse.o
# hands control to drvcheck at three points: main (drvcheck's main calls
# sparse_main), sparse() per file and linearize_symbol() per function
# (where the IR checks run, after sparse's expansion and optimisation).
#
# sparse's utils.c exports generic names (xstrdup, xasprintf...) that
# drvcheck's core library defines too; both copies get a sparse_ prefix.
utils="xstrdup xasprintf xvasprintf xmemdup"
renames=""
for sym in $utils; do
	renames="$renames --redefine-sym $sym=sparse_$sym"
done
# shellcheck disable=SC2086
objcopy --redefine-sym main=sparse_main \
	--redefine-sym sparse=drvcheck_sparse \
	--redefine-sym linearize_symbol=drvcheck_linearize_symbol \
	$renames "$SRC/sparse.o" "$SRC/sparse-main.o" ||
	die "objcopy failed: install the Debian package 'binutils'"
# shellcheck disable=SC2086
objcopy $renames "$SRC/libsparse.a" "$SRC/libsparse-drvcheck.a" ||
	die "objcopy failed on libsparse.a"
touch "$SRC/.drvcheck-built"
