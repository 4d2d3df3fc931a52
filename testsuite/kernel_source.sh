#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Prints the path of an extracted Linux 6.1 source tree (Debian's
# linux-source-6.1), installing and extracting it under build/ if needed.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST=${DRVCHECK_LINUX_SRC:-$ROOT/build/linux-source-6.1}
if [ -f "$DEST/Makefile" ]; then echo "$DEST"; exit 0; fi
TARBALL=/usr/src/linux-source-6.1.tar.xz
if [ ! -f "$TARBALL" ]; then
	[ "$(id -u)" = 0 ] || { echo "need $TARBALL: install linux-source-6.1 as root" >&2; exit 2; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q linux-source-6.1 >/dev/null ||
		{ echo "could not install linux-source-6.1" >&2; exit 2; }
fi
mkdir -p "$(dirname "$DEST")"
tar -xJf "$TARBALL" -C "$(dirname "$DEST")"
echo "$DEST"
