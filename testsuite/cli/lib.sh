# SPDX-License-Identifier: GPL-2.0
# What the CLI test scripts share: a scratch directory $T, counters, and
#   expect STATUS DESCRIPTION -- command...   runs it, checks the exit status
#   grep_in FILE PATTERN DESCRIPTION         the last command's out or err holds PATTERN
#   finish                                    prints the counts, fails on a failure
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

expect() {
	want=$1; what=$2; shift 3
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" = "$want" ]; then
		pass=$((pass + 1)); echo "PASS $what"
	else
		fail=$((fail + 1)); echo "FAIL $what: exit $got, wanted $want"
		sed 's/^/    /' "$T/err" | head -5
	fi
}

grep_in() {
	if grep -q -- "$2" "$T/$1"; then
		pass=$((pass + 1)); echo "PASS $3"
	else
		fail=$((fail + 1)); echo "FAIL $3: no '$2' in $1"
		sed 's/^/    /' "$T/$1" | head -5
	fi
}

# the kernel headers, found as drvcheck finds them (kbuild_flags.c)
KDIR=${KDIR:-/lib/modules/$(uname -r)/build}
[ -d "$KDIR" ] || KDIR=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1)

# kbuild_compdb SRC DIR: builds SRC as module case.ko in DIR against the
# headers and writes DIR/compile_commands.json from the command Kbuild
# saved (.case.o.cmd), so bear is not needed.  Fails without headers.
# The cases' compat headers (kernel-version shims) go with SRC.
kbuild_compdb() {
	mkdir -p "$2"
	cp "$1" "$2/case.c"
	cp "$(dirname "$1")"/*_compat.h "$2/" 2>/dev/null
	echo "obj-m += case.o" > "$2/Kbuild"
	[ -f "$KDIR/Makefile" ] && make -s -C "$KDIR" M="$2" modules >/dev/null 2>&1 || return
	cmd=$(sed -n 's/^cmd_[^ ]* := *//p' "$2/.case.o.cmd" | sed 's/\\/\\\\/g; s/"/\\"/g')
	printf '[\n  { "directory": "%s",\n    "file": "%s",\n    "command": "%s" }\n]\n' \
		"$KDIR" "$2/case.c" "$cmd" > "$2/compile_commands.json"
}

finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ]
}
