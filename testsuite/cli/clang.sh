#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The clang engine's behaviour, with or without the real plugin: a
# stand-in plugin (an empty analyzer plugin built here) and stand-in
# clangs (scripts around the real clang) give it a missing or foreign
# plugin, another clang version, units that do not parse or take too
# long, a userspace project, and the plugin's warnings in its diagnostic
# contract.  Usage: clang.sh path/to/drvcheck SOURCE_DIR
set -u
DRVCHECK=$1
SRC=$2
CASES=$SRC/testsuite/cases
. "$SRC/testsuite/cli/lib.sh"
BUGGY=$CASES/dma_unmap_size_local.c
CLANG=$(command -v clang-14 || command -v clang) || { echo "FAIL no clang"; exit 1; }
VERSION=$("$CLANG" --version | sed -n 's/.*clang version \([0-9.]*\).*/\1/p')

# An analyzer plugin with no checkers, marked for the installed clang;
# the built-in core checkers stand in for the plugin's flags.
plugin() {
	printf 'const char clang_analyzerAPIVersionString[] = "%s";\n' "$2" > "$T/p.c"
	printf 'void clang_registerCheckers(void *r);\nvoid clang_registerCheckers(void *r) { (void)r; }\n' >> "$T/p.c"
	cc -shared -fPIC -o "$1" "$T/p.c"
}
plugin "$T/plugin.so" "$VERSION" || { echo "FAIL cannot build a stand-in plugin"; exit 1; }
plugin "$T/plugin13.so" 13.0.1
printf -- '-Xclang\n-analyzer-checker=core\n' > "$T/flags.txt"
DRVCHECK_CLANG_PLUGIN=$T/plugin.so DRVCHECK_CLANG_FLAGS=$T/flags.txt
export DRVCHECK_CLANG_PLUGIN DRVCHECK_CLANG_FLAGS
unset DRVCHECK_CLANG DRVCHECK_DB

# A clang that also prints what the plugin would: a finding at the line
# the case marks with "expect: dma-unmap-size", a path note, a macro
# backtrace, the path's last step repeating the warning, an unknown id;
# it records its arguments and DRVCHECK_DB.
LINE=$(grep -n 'expect\(([^)]*)\)\{0,1\}: dma-unmap-size' "$BUGGY" | cut -d: -f1)
cat > "$T/fakeclang" <<EOF
#!/bin/sh
[ "\$1" = --version ] && exec "$CLANG" --version
for a; do last=\$a; done
printf '%s\n' "\$@" > "$T/args.\$(basename "\$last")"
echo "\${DRVCHECK_DB:-none}" >> "$T/dbs"
"$CLANG" "\$@"; rc=\$?
echo "\$last:$LINE:9: warning: unmapped with another size [drvcheck-dma-unmap-size]" >&2
echo "\$last:50:16: note: mapped here" >&2
echo "/usr/include/x.h:7:3: note: expanded from macro 'dma_unmap_single'" >&2
echo "\$last:$LINE:9: note: unmapped with another size [drvcheck-dma-unmap-size]" >&2
echo "\$last:1:1: warning: from the future [drvcheck-no-such-check]" >&2
exit \$rc
EOF
printf '#!/bin/sh\necho "clang version 13.0.1"\n' > "$T/clang13"
printf '#!/bin/sh\n[ "$1" = --version ] && exec %s --version\nexec sleep 60\n' "$CLANG" > "$T/slowclang"
chmod +x "$T/fakeclang" "$T/clang13" "$T/slowclang"

# what is missing or foreign is named, and --engine clang then exits 2
# a drvcheck with no build tree around it finds no plugin
mkdir "$T/bin" && cp "$DRVCHECK" "$T/bin/"
expect 2 "plugin missing" -- env -u DRVCHECK_CLANG_PLUGIN "$T/bin/drvcheck" scan --engine clang "$BUGGY"
grep_in err "clang engine unavailable: .*not built" "plugin missing is explained"
expect 2 "DRVCHECK_CLANG_PLUGIN names no file" -- env DRVCHECK_CLANG_PLUGIN="$T/none.so" "$DRVCHECK" scan --engine clang "$BUGGY"
grep_in err "no analyzer plugin $T/none.so" "the missing plugin is named"
echo 'not ELF' > "$T/text.so"
expect 2 "plugin not a plugin" -- env DRVCHECK_CLANG_PLUGIN="$T/text.so" "$DRVCHECK" scan --engine clang "$BUGGY"
grep_in err "not a clang analyzer plugin" "a file that is no plugin is explained"
expect 2 "clang missing" -- env DRVCHECK_CLANG="$T/noclang" "$DRVCHECK" scan --engine clang "$BUGGY"
grep_in err "noclang not found" "clang missing is explained"
expect 2 "another clang version" -- env DRVCHECK_CLANG="$T/clang13" "$DRVCHECK" scan --engine clang "$BUGGY"
grep_in err "is clang 13.0.1, the plugin was built for clang $VERSION" "version mismatch names both"
expect 2 "a plugin of another version" -- env DRVCHECK_CLANG_PLUGIN="$T/plugin13.so" "$DRVCHECK" scan --engine clang "$BUGGY"
grep_in err "built for clang 13.0.1" "the plugin's version is read from it"
# asked for by name: a tool error, but the other engines' findings come out
expect 2 "a clang engine asked for but unavailable: exit 2" -- \
	env DRVCHECK_CLANG_PLUGIN="$T/none.so" "$DRVCHECK" scan --engine sparse,clang "$BUGGY"
grep_in out "\[drvcheck-dma-unmap-size\]" "...and sparse's findings still reported"

# the plugin's warnings become findings, merged with the other engines'
expect 1 "clang findings fail the scan" -- env DRVCHECK_CLANG="$T/fakeclang" "$DRVCHECK" scan --engine clang "$BUGGY"
grep_in out ":$LINE:9: error: unmapped with another size \[drvcheck-dma-unmap-size\]" "the warning is a finding at its place"
grep_in out ":50:16: note: mapped here" "the path note is the finding's note"
if [ "$(grep -c 'note:' "$T/out")" = 1 ]; then
	pass=$((pass + 1)); echo "PASS macro backtraces and the repeated warning are no notes"
else
	fail=$((fail + 1)); echo "FAIL macro backtraces and the repeated warning are no notes:"; cat "$T/out"
fi
grep_in err "unknown check id 'drvcheck-no-such-check'" "an unknown check id is rejected with a note"
expect 0 "clang findings follow --checks" -- env DRVCHECK_CLANG="$T/fakeclang" "$DRVCHECK" scan --engine clang --checks poll "$BUGGY"
expect 1 "clang and sparse together" -- env DRVCHECK_CLANG="$T/fakeclang" "$DRVCHECK" scan --engine sparse,clang --format json "$BUGGY"
if [ "$(grep -c "\"line\":$LINE," "$T/out")" = 1 ]; then
	pass=$((pass + 1)); echo "PASS one finding where both engines found it"
else
	fail=$((fail + 1)); echo "FAIL one finding where both engines found it:"; cat "$T/out"
fi
grep_in out '"engines":\["sparse","clang"\]' "the merged finding names both engines"
expect 1 "clang findings as SARIF" -- env DRVCHECK_CLANG="$T/fakeclang" "$DRVCHECK" scan --engine clang --format sarif -o "$T/out.sarif" "$BUGGY"
if [ -x /usr/bin/python3 ] && [ -f "$SRC/build/sarif-schema.json" ]; then
	expect 0 "their SARIF validates against the 2.1.0 schema" -- /usr/bin/python3 \
		"$SRC/testsuite/cli/validate_sarif.py" "$SRC/build/sarif-schema.json" "$T/out.sarif"
else
	fail=$((fail + 1)); echo "FAIL sarif schema validation: no schema (./bootstrap test fetches it)"
fi

# the real clang on a kernel unit with Kbuild's gcc flags: no clang errors
rm -f "$T"/args.*
if kbuild_compdb "$BUGGY" "$T/cdb"; then
	expect 0 "a kernel compile_commands.json parses under clang" -- "$DRVCHECK" scan --engine clang -p "$T/cdb"
	if grep -q "not analysed" "$T/err"; then
		fail=$((fail + 1)); echo "FAIL translated Kbuild flags:"; sed 's/^/    /' "$T/err"
	else
		pass=$((pass + 1)); echo "PASS translated Kbuild flags: every unit analysed"
	fi
	expect 1 "-p with the plugin's warnings" -- env DRVCHECK_CLANG="$T/fakeclang" "$DRVCHECK" scan --engine clang -p "$T/cdb"
	grep_in args.case.c "-DKBUILD_MODNAME=" "a Kbuild unit gets KBUILD_MODNAME"
	if grep -q -e '-fconserve-stack' -e '-mrecord-mcount' -e 'case\.o$' -e '^-Wp,-MMD' "$T/args.case.c" ||
	   ! grep -q -- '-mstack-alignment=8' "$T/args.case.c"; then
		fail=$((fail + 1)); echo "FAIL gcc-only flags translated"
	else
		pass=$((pass + 1)); echo "PASS gcc-only flags translated"
	fi
else
	fail=$((fail + 1)); echo "FAIL cannot build a case against the kernel headers at '$KDIR'"
fi
# loose files: Kbuild's flags recorded once (sparse's CHECKFLAGS dropped)
expect 0 "a loose kernel file parses under clang" -- "$DRVCHECK" scan --engine clang "$CASES/dma_unmap_size_equal_ok.c"

# a unit that does not parse is reported with clang's first error
printf 'int f(void)\n{\n\treturn x;\n}\n' > "$T/broken.c"
expect 2 "a named file clang cannot parse" -- "$DRVCHECK" scan --engine clang "$T/broken.c"
grep_in err "broken.c: clang errors, not analysed: .*broken.c:3:9: error: use of undeclared identifier 'x'" "the first error is the reason"
grep_in err "1 files partly unparsed" "counted in the summary"

# a userspace project: its own flags, no kernel headers needed or added
mkdir -p "$T/user/include"
echo '#define ANSWER 42' > "$T/user/include/answer.h"
printf '#include "answer.h"\nint get(int *p) { return p ? *p : ANSWER + LEVEL; }\n' > "$T/user/get.c"
printf 'int get(int *p);\nint main(void) { int x = 1; return get(&x) + get(0); }\n' > "$T/user/main.c"
printf '[{"directory":"%s","file":"get.c","command":"cc -Iinclude -DLEVEL=1 -O2 -c get.c -o get.o"},\n {"directory":"%s","file":"main.c","arguments":["cc","-c","main.c","-o","main.o"]}]\n' \
	"$T/user" "$T/user" > "$T/user/compile_commands.json"
expect 0 "a userspace compile_commands.json" -- env KDIR="$T/nokernel" DRVCHECK_CLANG="$T/fakeclang" "$DRVCHECK" scan --engine clang --checks poll "$T/user"
if grep -q "not analysed" "$T/err" || grep -q KBUILD "$T/args.get.c" || ! grep -q -- -DLEVEL=1 "$T/args.get.c"; then
	fail=$((fail + 1)); echo "FAIL userspace units analysed with their own flags only"; sed 's/^/    /' "$T/err"
else
	pass=$((pass + 1)); echo "PASS userspace units analysed with their own flags only"
fi

# compile databases that cannot be used
expect 2 "-p of a missing database" -- "$DRVCHECK" scan --engine clang -p "$T/nonexistent.json"
grep_in err "not a compile_commands.json" "-p of a missing database is explained"
echo 'this is not JSON' > "$T/notjson.json"
expect 2 "-p of a file that is not JSON" -- "$DRVCHECK" scan --engine clang -p "$T/notjson.json"
grep_in err "notjson.json:1: not a compile_commands.json" "not JSON is explained"
printf '[{"directory":"%s","file":"gone.c","command":"cc -c gone.c"}]\n' "$T" > "$T/gone.json"
expect 2 "-p of a database naming a missing file" -- "$DRVCHECK" scan --engine clang -p "$T/gone.json"
grep_in err "no such file '$T/gone.c'" "the missing file is named"

# a unit that runs too long is killed and reported
start=$(date +%s)
expect 2 "--unit-timeout" -- env DRVCHECK_CLANG="$T/slowclang" "$DRVCHECK" scan --engine clang --unit-timeout 1 "$BUGGY"
grep_in err "clang timed out after 1 s, not analysed" "the timeout is reported"
grep_in err "(1 timed out)" "the timeout is counted in the summary"
if [ $(($(date +%s) - start)) -lt 20 ]; then
	pass=$((pass + 1)); echo "PASS the slow unit was stopped"
else
	fail=$((fail + 1)); echo "FAIL the slow unit was not stopped"
fi

# --plist-dir: the analyzer's own report per unit, the text still read
printf 'int f(int *p, int c)\n{\n\tif (c)\n\t\tp = 0;\n\treturn *p;\n}\n' > "$T/nd.c"
expect 1 "--plist-dir" -- env DRVCHECK_CLANG="$T/fakeclang" "$DRVCHECK" scan --engine clang --plist-dir "$T/plists" "$T/nd.c"
grep_in out "\[drvcheck-dma-unmap-size\]" "findings are read in plist mode too"
plist=$T/plists/$(echo "${T#/}/nd.c" | tr / _).plist
if [ -f "$plist" ] && grep -q "core.NullDereference" "$plist"; then
	pass=$((pass + 1)); echo "PASS the unit's plist holds the analyzer's report"
else
	fail=$((fail + 1)); echo "FAIL no plist with the report at $plist"; ls "$T/plists"
fi

# a module of several files: each unit records into one private database
rm -f "$T/dbs"
expect 0 "a module of two files" -- env DRVCHECK_DB="$T/user.db" DRVCHECK_CLANG="$T/fakeclang" \
	"$DRVCHECK" scan --engine clang --checks poll "$CASES/dma_unmap_size_xtu"
if [ "$(sort -u "$T/dbs" | wc -l)" = 1 ] && [ "$(wc -l < "$T/dbs")" -ge 2 ] &&
   ! grep -q -e "user.db" -e none "$T/dbs"; then
	pass=$((pass + 1)); echo "PASS the module's units share a private facts database"
else
	fail=$((fail + 1)); echo "FAIL the module's facts databases:"; cat "$T/dbs"
fi

# ...and when the plugin records facts there, the engine's judge joins
# the module's files in process.  The stand-in records what a plugin that
# writes facts would: drvcheck-sparse writes the file's facts into the
# same database, and the run is then marked as the clang engine's
# (FACTS_ENGINE); runs another engine recorded are not clang's to judge.
SPARSE=${DRVCHECK_SPARSE:-$SRC/build/checkers/sparse/drvcheck-sparse}
cat > "$T/factclang" <<EOF
#!/bin/bash
[ "\$1" = --version ] && exec "$CLANG" --version
args=("\$@") flags=()
for ((i = 0; i + 1 < \${#args[@]}; i++)); do
	[ "\${args[i]}" = -o ] && [ "\${args[i + 1]}" = /dev/null ] && break
done
for a in "\${args[@]:i+2}"; do [ "\$a" = -x ] || [ "\$a" = c ] || flags+=("\$a"); done
[ -n "\${DRVCHECK_DB:-}" ] || exit 0
"$SPARSE" --drvcheck-format=tab --drvcheck-checks=dma-map-stack "\${flags[@]}" >/dev/null || exit
exec /usr/bin/python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=60)
db.execute("UPDATE runs SET engine = ? WHERE engine = '"'"'sparse'"'"'", (sys.argv[2],))
db.commit()' "\$DRVCHECK_DB" "\${FACTS_ENGINE:-clang}"
EOF
chmod +x "$T/factclang"
XTU=$CASES/dma_unmap_size_xtu
XLINE=$(grep -n 'expect\(([^)]*)\)\{0,1\}: dma-unmap-size' "$XTU/fooeth_rx.c" | cut -d: -f1)
expect 1 "a module's facts joined by the engine's judge" -- env DRVCHECK_CLANG="$T/factclang" \
	"$DRVCHECK" scan --engine clang --format json "$XTU"
grep_in out "\"file\":\"$XTU/fooeth_rx.c\",\"line\":$XLINE,.*\"engines\":\[\"clang\"\]" "the cross-file finding is the clang engine's"
if [ "$(grep -o '"check":"[a-z-]*"' "$T/out" | wc -l)" = 1 ]; then
	pass=$((pass + 1)); echo "PASS the joined module gives that one finding"
else
	fail=$((fail + 1)); echo "FAIL the joined module gives that one finding"; sed 's/^/    /' "$T/out" | head -5
fi
expect 0 "another engine's facts are not the clang engine's" -- env DRVCHECK_CLANG="$T/factclang" \
	FACTS_ENGINE=sparse "$DRVCHECK" scan --engine clang --format json "$XTU"

# The real plugin writes its own facts (checkers/clang/facts_ast.h,
# tu_judge.h): the cross-file cases are found once by the engine's judge
# over the module, the same modules made correct give nothing, and a
# report over a user's database does not repeat what the plugin printed
# itself.
REAL_PLUGIN=$(dirname "$DRVCHECK")/checkers/clang/drvcheck-analyzer.so
if [ -f "$REAL_PLUGIN" ]; then
	real() { env -u DRVCHECK_CLANG_PLUGIN -u DRVCHECK_CLANG_FLAGS "$@"; }
	IOX=$CASES/iomem_release_size_xtu
	ILINE=$(grep -n 'expect\(([^)]*)\)\{0,1\}: iomem-release-mismatch' "$IOX/xadc_hw.c" | cut -d: -f1)
	expect 1 "the real plugin: both cross-file cases" -- real \
		"$DRVCHECK" scan --engine clang --format json "$XTU" "$IOX"
	grep_in out "\"file\":\"$XTU/fooeth_rx.c\",\"line\":$XLINE,.*\"engines\":\[\"clang\"\]" "the real plugin: the cross-file dma-unmap-size"
	grep_in out "\"file\":\"$IOX/xadc_hw.c\",\"line\":$ILINE,.*\"engines\":\[\"clang\"\]" "the real plugin: the cross-file iomem-release-mismatch"
	if [ "$(grep -o '"check":"[a-z-]*"' "$T/out" | wc -l)" = 2 ]; then
		pass=$((pass + 1)); echo "PASS the real plugin: two findings, each once"
	else
		fail=$((fail + 1)); echo "FAIL the real plugin: not two findings"; sed 's/^/    /' "$T/out" | head -5
	fi
	# the negatives: the sizes the other file used
	mkdir -p "$T/neg"
	cp -r "$XTU" "$IOX" "$CASES"/*_compat.h "$T/neg/"
	sed -i '/expect[^:]*: dma-unmap-size/s/FOOETH_MAX_FRAME/FOOETH_RX_BUF_LEN/' \
		"$T/neg/dma_unmap_size_xtu/fooeth_rx.c"
	sed -i '/expect[^:]*: iomem-release-mismatch/s/XADC_REGS_SIZE_REV1/XADC_REGS_SIZE/' \
		"$T/neg/iomem_release_size_xtu/xadc_hw.c"
	expect 0 "the real plugin: the modules made correct are clean" -- real \
		"$DRVCHECK" scan --engine clang "$T/neg/dma_unmap_size_xtu" "$T/neg/iomem_release_size_xtu"
	# a one-file module records into the user's database, with what it printed
	rm -f "$T/one.db"
	expect 1 "the real plugin into DRVCHECK_DB" -- real env DRVCHECK_DB="$T/one.db" \
		"$DRVCHECK" scan --engine clang "$CASES/dma_unmap_size_ring.c"
	expect 0 "report over it: the printed finding is not repeated" -- \
		"$DRVCHECK" report --db "$T/one.db"
	# the judge's verdicts carry its key, so their fingerprints are sparse's
	for c in dma_unmap_size_ring dma_mix_map_coherent_cpu iomem_release_size; do
		real "$DRVCHECK" scan -q --engine clang --format json "$CASES/$c.c" > "$T/keys.clang" 2>/dev/null
		"$DRVCHECK" scan -q --engine sparse --format json "$CASES/$c.c" > "$T/keys.sparse" 2>/dev/null
		expect 0 "$c: clang and sparse give a finding one key" -- \
			python3 "$SRC/testsuite/cli/same_keys.py" "$T/keys.clang" "$T/keys.sparse"
	done
else
	echo "SKIP the real plugin: none at $REAL_PLUGIN (no clang-14 headers?)"
fi

finish
