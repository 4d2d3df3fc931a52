#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A stand-in for Kbuild's compiler (make CC=record_cc.sh, for corpus/clang.sh):
# a C file under $RECORD_TREE compiled to an object is not compiled; its
# command goes to a compile_commands.json entry in $RECORD_UNITS/, and an
# empty object and dependency file are made so Kbuild's next steps find
# them.  Every other call (version and option probes) runs $RECORD_CC.
for a; do last=$a; done
if [[ " $* " != *" -c "* || $last != "$RECORD_TREE"/*.c ]]; then
	exec "$RECORD_CC" "$@"
fi
json= out= dep=() prev=
for a in "$RECORD_CC" "$@"; do
	[ "$prev" = -o ] && out=$a
	case $a in -Wp,-MMD,*) dep=("$a") ;; esac
	prev=$a
	a=${a//\\/\\\\}
	a=${a//\"/\\\"}
	json+="${json:+, }\"$a\""
done
printf '{ "directory": "%s", "file": "%s", "arguments": [%s] }\n' "$PWD" "$last" "$json" \
	>"$(mktemp "$RECORD_UNITS/XXXXXX")"
exec "$RECORD_CC" "${dep[@]}" -c -x c /dev/null -o "$out"
