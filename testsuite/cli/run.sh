#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CLI behaviour on good and bad input: messages and exit statuses, output
# formats, baselines.  Usage: run.sh path/to/drvcheck SOURCE_DIR
set -u
DRVCHECK=$1
SRC=$2
CASES=$SRC/testsuite/cases
. "$SRC/testsuite/cli/lib.sh"

BUGGY=$CASES/dma_unmap_size_local.c
CLEAN=$CASES/dma_unmap_size_equal_ok.c

expect 2 "no arguments" -- "$DRVCHECK"
expect 0 "--help" -- "$DRVCHECK" --help
expect 2 "unknown command" -- "$DRVCHECK" frobnicate
expect 2 "scan without a path" -- "$DRVCHECK" scan
expect 2 "scan of a missing path" -- "$DRVCHECK" scan "$T/nonexistent"
grep_in err "no such file or directory" "missing path is named"
mkdir "$T/empty"; echo text > "$T/empty/README"
expect 2 "scan of a directory without C" -- "$DRVCHECK" scan "$T/empty"
grep_in err "no C files" "empty directory is explained"
head -c 512 /dev/urandom > "$T/garbage.c"; printf '\0' >> "$T/garbage.c"
expect 2 "scan of a binary file" -- "$DRVCHECK" scan "$T/garbage.c"
grep_in err "not a text file" "binary file is explained"
printf 'int f(void) {\n\tdma_map_single(d, p, 4, DMA_TO_DEVICE)\n\tx = ;\n}\n' > "$T/broken.c"
expect 2 "scan of a file that does not parse" -- "$DRVCHECK" scan "$T/broken.c"
# sparse's own expander on what its parser left of a broken function: the
# file is not analysed, said so, and nothing crashes
expect 2 "a function a stub macro renamed" -- "$DRVCHECK" scan --engine sparse "$SRC/testsuite/cli/sparse_crash_stub.c"
grep_in err "sparse errors, the file was not analysed" "... is not analysed"
if grep -q "failed on module" "$T/err"; then
	fail=$((fail + 1)); echo "FAIL ... drvcheck-sparse crashed on it"
else
	pass=$((pass + 1)); echo "PASS ... drvcheck-sparse does not crash on it"
fi
grep_in err "parse error" "parse error is explained"
expect 2 "unknown check" -- "$DRVCHECK" scan --checks dma-nonsense "$CLEAN"
expect 2 "unknown format" -- "$DRVCHECK" scan --format xml "$CLEAN"
expect 2 "bad --jobs" -- "$DRVCHECK" scan -j 0 "$CLEAN"
expect 2 "bad --kernel-version" -- "$DRVCHECK" scan --kernel-version banana "$CLEAN"
expect 2 "unknown engine" -- "$DRVCHECK" scan --engine nope "$CLEAN"
# report's own run over a database is testsuite/factsdb; here its usage
expect 0 "report --help" -- "$DRVCHECK" report --help
expect 2 "report without a database" -- env -u DRVCHECK_DB "$DRVCHECK" report
expect 2 "report of a missing database" -- "$DRVCHECK" report --db "$T/nonexistent"
expect 2 "report: unknown format" -- "$DRVCHECK" report --format xml --db "$T/nonexistent"
expect 2 "report: unknown check" -- "$DRVCHECK" report --checks dma-nonsense --db "$T/nonexistent"

# judge: DRVFACT lines on standard input (the cocci scripts' facts), paths
# relative to the current directory, each file in its Kbuild module
judge_in() {	# DIR FACTS [options]: drvcheck judge in DIR, FACTS on stdin
	(d=$1 f=$2; shift 2; cd "$d" && "$DRVCHECK" judge "$@" < "$f")
}
# count_in FILE PATTERN N DESCRIPTION: the last command's FILE has N lines matching
count_in() {
	got=$(grep -c -- "$2" "$T/$1")
	if [ "$got" = "$3" ]; then
		pass=$((pass + 1)); echo "PASS $4"
	else
		fail=$((fail + 1)); echo "FAIL $4: $got lines with '$2' in $1, wanted $3"
		sed 's/^/    /' "$T/$1" | head -5
	fi
}
FACTS=$SRC/testsuite/cli/facts_unmap_size.txt
mkdir -p "$T/kt/drv"
expect 0 "judge --help" -- "$DRVCHECK" judge --help
grep_in out "DRVFACT" "judge --help says what it reads"
expect 1 "judge: unmap size differs from the map's, across files" -- judge_in "$T/kt" "$FACTS"
count_in out "drvcheck-dma-unmap-size" 1 "... one dma-unmap-size finding"
grep_in out "^drv/clean.c:25:3: error: .*\[drvcheck-dma-unmap-size\]" "... at the unmap"
sed '/dma_unmap_single/s/\t1024\t/\t2048\t/' "$FACTS" > "$T/facts_same.txt"
expect 0 "judge: the same size" -- judge_in "$T/kt" "$T/facts_same.txt"
count_in out "drvcheck-" 0 "... no finding"
expect 0 "judge: --exclude the check" -- judge_in "$T/kt" "$FACTS" --exclude dma-unmap-size
expect 0 "judge: --fail-on never" -- judge_in "$T/kt" "$FACTS" --fail-on never
expect 1 "judge: json" -- judge_in "$T/kt" "$FACTS" --format json
grep_in out '"check":"dma-unmap-size"' "... names the check"
# two modules of one directory (a Makefile that builds each file alone):
# the map of one is not the other's
printf 'obj-m += tx.o clean.o\n' > "$T/kt/drv/Makefile"
expect 0 "judge: map and unmap in two modules" -- judge_in "$T/kt" "$FACTS"
printf 'obj-m += foo.o\nfoo-y := tx.o clean.o\n' > "$T/kt/drv/Makefile"
expect 1 "judge: ... in one composite module" -- judge_in "$T/kt" "$FACTS"
# Kbuild's other lists: a member a config option adds, a helper list a
# module names (it is no module: both files are in foo), and an object two
# modules link (its facts are in each: the map meets the unmap in foo)
printf 'obj-m += foo.o\nfoo-y := tx.o\nfoo-$(CONFIG_FOO_CLEAN) += clean.o\n' > "$T/kt/drv/Makefile"
expect 1 "judge: ... a member foo-\$(CONFIG_X) adds" -- judge_in "$T/kt" "$FACTS"
printf 'obj-m += foo.o\ncommon-objs := tx.o clean.o\nfoo-y := main.o $(common-objs)\n' > "$T/kt/drv/Makefile"
expect 1 "judge: ... members a helper list adds" -- judge_in "$T/kt" "$FACTS"
printf 'obj-$(CONFIG_FOO) += foo.o\nobj-$(CONFIG_FOO_VF) += foo_vf.o\ncommon-objs := tx.o\nfoo-y := clean.o $(common-objs)\nfoo_vf-y := vf.o $(common-objs)\n' > "$T/kt/drv/Makefile"
expect 1 "judge: ... an object two modules link" -- judge_in "$T/kt" "$FACTS"
count_in out "drvcheck-dma-unmap-size" 1 "... one finding, in the module with the unmap"
printf 'obj-m += foo.o foo_vf.o\ncommon-objs := tx.o\nfoo-y := main.o $(common-objs)\nfoo_vf-y := clean.o\n' > "$T/kt/drv/Makefile"
expect 0 "judge: ... the helper list in the other module" -- judge_in "$T/kt" "$FACTS"
rm "$T/kt/drv/Makefile"
expect 1 "judge: site numbers count per file" -- judge_in "$T/kt" "$SRC/testsuite/cli/facts_per_file.txt"
count_in out "drvcheck-dma-unmap-size" 1 "... one finding"
grep_in out "^drv/clean.c:12:12: note: .*size 1024" "... against the file's own site 0"
# (site -1 of clean.c is no site, not the tx.c site before it)
{ cat "$FACTS"; printf 'DRVFACT\tsrc\tdrv/clean.c\tfield:x.y\tsite\t-1\n'
  printf 'DRVFACT\tsite\tno_such_api\n'; printf 'DRVFACT\tsrc\tdrv/tx.c\tfield:x.y\tsite\t9\n'
  printf 'DRVFACT\tbogus\n'; } > "$T/facts_bad.txt"
expect 2 "judge: lines not understood" -- judge_in "$T/kt" "$T/facts_bad.txt"
grep_in err "4 fact lines not understood" "... are counted"
expect 2 "judge: unreadable input" -- judge_in "$T/kt" /
expect 2 "judge: unknown check" -- judge_in "$T/kt" "$FACTS" --checks dma-nonsense
# a local's test weighs while the local holds its parameter only
LG=$SRC/testsuite/cli/facts_local_guard.txt
expect 1 "judge: a parameter's test keeps the other branch's map out" -- judge_in "$T/kt" "$LG"
count_in out "drvcheck-dma-coherent-streaming-mix" 1 "... the coherent buffer's sync"
{ cat "$LG"; printf 'DRVFACT\tsrc\tdrv/uart.c\tlocal:drv/uart.c:setup:rx\tvalue\t0\n'; } > "$T/facts_lg.txt"
expect 0 "judge: ... not once the function stores to it" -- judge_in "$T/kt" "$T/facts_lg.txt"
count_in out "drvcheck-" 0 "... no finding"

# dma_pairing.cocci run on its own (make coccicheck, -D report): its facts
# go to drvcheck judge; without drvcheck it says so and reports nothing
SP="spatch --very-quiet --no-includes --include-headers -D report --sp-file $SRC/cocci/dma_pairing.cocci"
CASE=testsuite/cases/dma_unmap_size_ring.c
expect 0 "dma_pairing.cocci alone: verdicts from drvcheck judge" -- env -C "$SRC" DRVCHECK="$DRVCHECK" $SP $CASE
grep_in out "dma_unmap_size_ring.c:120:3: error: .*\[drvcheck-dma-unmap-size\]" "... the finding at the unmap"
expect 0 "dma_pairing.cocci alone, no drvcheck" -- env -C "$SRC" PATH=/usr/bin:/bin DRVCHECK= $SP $CASE
grep_in err "put drvcheck on PATH or set DRVCHECK" "... says it needs drvcheck"

# a script that fails on a file (spatch goes on with the next one and
# exits 0 under --file-groups) is drvcheck's failure, not a silent nothing
mkdir -p "$T/badcocci"
sed 's/^coccinelle.pcb.append(/nosuch(/' "$SRC/cocci/poll.cocci" > "$T/badcocci/poll.cocci"
expect 2 "cocci: a script that fails on a file" -- env DRVCHECK_COCCI_DIR="$T/badcocci" \
	"$DRVCHECK" scan --engine cocci "$SRC/testsuite/cases/poll_errno_einval.c"
grep_in err "poll_errno_einval.c: cocci script failed, file not analysed: .*Python" "... names the file and the failure"

# the cocci engine's side of the DRVFACT lines, printed by a stand-in
# script (cocci_facts/facts.cocci): judged with each file's module, the
# unmap in a dead #ifdef left out, kept in and read from the result cache
FX=$SRC/testsuite/cli/cocci_facts
FSCAN="env DRVCHECK_COCCI_DIR=$FX $DRVCHECK scan --engine cocci"
mkdir -p "$T/fx/drv"; cp "$FX/tx.c" "$FX/clean.c" "$T/fx/drv/"
expect 1 "cocci: facts judged across a module's files" -- $FSCAN "$T/fx/drv"
count_in out "drvcheck-dma-unmap-size" 1 "... one finding, none in a dead #ifdef"
grep_in out "drv/clean.c:10:2: error: .*size 1024 differs from the map size 2048" "... at the unmap"
printf 'obj-m += tx.o clean.o\n' > "$T/fx/drv/Makefile"
expect 0 "cocci: ... not across two modules" -- $FSCAN "$T/fx/drv"
rm "$T/fx/drv/Makefile"
cp "$FX/bad.c" "$T/fx/drv/"
expect 2 "cocci: a fact line not understood" -- $FSCAN "$T/fx/drv"
grep_in err "cocci: 1 fact lines not understood" "... is reported"
rm "$T/fx/drv/bad.c"
if command -v git >/dev/null; then
	R=$T/fxrepo
	mkdir -p "$R/drv"; cp "$FX/tx.c" "$FX/clean.c" "$R/drv/"
	sed -i 's/1024/2048/' "$R/drv/clean.c"
	git init -q "$R"
	git -C "$R" add -A && git -C "$R" -c user.name=t -c user.email=t@t commit -qm drv
	cp "$FX/clean.c" "$R/drv/"	# the unmap size changes to 1024
	CSCAN="$FSCAN --cache-dir $T/fxcache --since HEAD --uncommitted"
	expect 1 "cocci --since: the finding the change adds" -- $CSCAN "$R"
	count_in out "drvcheck-dma-unmap-size" 1 "... once"
	if grep -rqs DRVFACT "$T/fxcache"; then
		pass=$((pass + 1)); echo "PASS ... the facts are kept in the result cache"
	else
		fail=$((fail + 1)); echo "FAIL ... no DRVFACT line in the result cache"
	fi
	expect 1 "cocci --since: again, from the cache" -- $CSCAN "$R"
	count_in out "drvcheck-dma-unmap-size" 1 "... once"
fi

expect 0 "clean file" -- "$DRVCHECK" scan "$CLEAN"
expect 1 "buggy file fails" -- "$DRVCHECK" scan "$BUGGY"
grep_in out "\[drvcheck-dma-unmap-size\]" "text output carries the check id"
grep_in out "note:" "text output carries the note"
expect 0 "--fail-on never" -- "$DRVCHECK" scan --fail-on never "$BUGGY"
expect 0 "--exclude the family" -- "$DRVCHECK" scan --exclude dma "$BUGGY"
expect 0 "--checks another family" -- "$DRVCHECK" scan --checks poll "$BUGGY"

expect 1 "json output" -- "$DRVCHECK" scan --format json "$BUGGY"
grep_in out '"check":"dma-unmap-size"' "json names the check"
expect 1 "sarif output" -- "$DRVCHECK" scan --format sarif -o "$T/out.sarif" "$BUGGY"
if [ -x /usr/bin/python3 ] && [ -f "$SRC/build/sarif-schema.json" ]; then
	expect 0 "sarif validates against the 2.1.0 schema" -- /usr/bin/python3 \
		"$SRC/testsuite/cli/validate_sarif.py" "$SRC/build/sarif-schema.json" "$T/out.sarif"
else
	fail=$((fail + 1)); echo "FAIL sarif schema validation: no schema (./bootstrap test fetches it)"
fi

# GitLab Code Quality: every documented field with its type and values, one
# issue per finding of the JSON output with its check, path, line and
# fingerprint (check_gitlab.py).  Run from the source directory: the demo
# tree's paths are relative, as GitLab wants them, and an absolute PATH
# below the working directory is made relative.
GL="$(cd "$(dirname "$DRVCHECK")" && pwd)/$(basename "$DRVCHECK") scan -q --engine cocci,sparse"
expect 1 "gitlab output of the demo tree" -- sh -c "cd '$SRC' && $GL --format gitlab -o '$T/gl.json' testsuite/demo"
sh -c "cd '$SRC' && $GL --format json testsuite/demo" > "$T/gl-findings.json"
expect 0 "gitlab: the fields, one issue per finding" -- python3 "$SRC/testsuite/cli/check_gitlab.py" "$T/gl.json" "$T/gl-findings.json"
grep_in out "^[1-9][0-9]* issues" "gitlab: the demo tree has findings"
expect 1 "gitlab output of an absolute path" -- sh -c "cd '$SRC' && $GL --format gitlab -o '$T/gl-abs.json' '$BUGGY'"
sh -c "cd '$SRC' && $GL --format json '$BUGGY'" > "$T/gl-abs-findings.json"
expect 0 "gitlab: an absolute path below the working directory is made relative" -- \
	python3 "$SRC/testsuite/cli/check_gitlab.py" "$T/gl-abs.json" "$T/gl-abs-findings.json" "$SRC"
# two unmaps of one mapping with the wrong size: two findings, one
# fingerprint (check, file, function, handle); GitLab's must differ
mkdir "$T/twin"
cat > "$T/twin/twin.c" <<'TWIN'
#include <linux/module.h>
#include <linux/dma-mapping.h>

int twin_send(struct device *dev, void *buf, int fast);

int twin_send(struct device *dev, void *buf, int fast)
{
	dma_addr_t a = dma_map_single(dev, buf, 258, DMA_TO_DEVICE);

	if (dma_mapping_error(dev, a))
		return -ENOMEM;
	if (fast) {
		dma_unmap_single(dev, a, 256, DMA_TO_DEVICE);
		return 1;
	}
	dma_unmap_single(dev, a, 256, DMA_TO_DEVICE);
	return 0;
}
MODULE_LICENSE("GPL");
TWIN
sh -c "cd '$T' && $GL --format json twin" > "$T/twin.json"
expect 1 "gitlab output with a repeated fingerprint" -- sh -c "cd '$T' && $GL --format gitlab twin"
cp "$T/out" "$T/twin-gl.json"
expect 0 "gitlab: the repeated fingerprint is made unique" -- python3 "$SRC/testsuite/cli/check_gitlab.py" "$T/twin-gl.json" "$T/twin.json"
grep_in out "[1-9][0-9]* fingerprints repeated" "gitlab: the case repeats a fingerprint"
expect 0 "gitlab output of a clean file" -- $GL --format gitlab "$CLEAN"
cp "$T/out" "$T/gl-clean.json"
expect 0 "gitlab: no finding is an empty array" -- python3 -c "import json, sys; sys.exit(json.load(open('$T/gl-clean.json')) != [])"
expect 2 "gitlab: a file that does not parse" -- $GL --format gitlab "$T/broken.c"
cp "$T/err" "$T/gl-err"
expect 2 "json: the same file" -- $GL --format json "$T/broken.c"
cp "$T/err" "$T/json-err"
expect 0 "gitlab: the same message as json" -- cmp "$T/json-err" "$T/gl-err"

# confirm: the case's finding (dma-unmap-size in mbox_send_config) against
# runtime logs in the two forms drvcheck_rt.ko writes.  The logs say what the
# runtime would report for that driver; the verdicts follow from them.
"$DRVCHECK" scan -q --format json "$BUGGY" > "$T/findings.json"
TAB=$(printf '\t')
{
	printf 'id=dma-unmap-size%sdriver=mbox%sdevice=mbox.0%saddr=0x1000%s' "$TAB" "$TAB" "$TAB" "$TAB"
	printf 'size=256%sfunc=mbox_send_config%sat=mbox_send_config.isra.0+0x3c/0x90 [mbox]%s' "$TAB" "$TAB" "$TAB"
	printf 'mapped_at=mbox_send_config+0x1c/0x90 [mbox]%smsg=DMA-API: mbox mbox.0: device driver frees DMA memory with different size\n' "$TAB"
	printf 'id=dma-overlap%sdriver=mbox%sdevice=mbox.0%saddr=0x2000%ssize=64%sfunc=mbox_reset%sat=mbox_reset+0x10/0x40 [mbox]%smapped_at=-%smsg=DMA-API: x\n' \
		"$TAB" "$TAB" "$TAB" "$TAB" "$TAB" "$TAB" "$TAB" "$TAB"
} > "$T/errors"
expect 1 "confirm: a runtime error in the finding's function" -- "$DRVCHECK" confirm "$T/findings.json" "$T/errors"
grep_in out "^confirmed .*dma-unmap-size in mbox_send_config" "confirm: the finding is confirmed"
grep_in out "^unpredicted .*dma-overlap in mbox_reset .*runtime-only" "confirm: the runtime-only error is listed"
cat > "$T/dmesg" <<'DMESG'
[    3.101] drvcheck_rt: DMA-API: mbox mbox.0: device driver frees DMA memory with different size [device address=0x1000] [map size=258 bytes] [unmap size=256 bytes] [drvcheck-dma-unmap-size]
[    3.101] drvcheck_rt:   at mbox_probe+0x3c/0x90 [mbox]
DMESG
expect 1 "confirm: a dmesg capture" -- "$DRVCHECK" confirm --format json "$T/findings.json" "$T/dmesg"
grep_in out '"status":"not-exercised","check":"dma-unmap-size"' "confirm: an error in another function does not confirm"
grep_in out '"status":"unpredicted","check":"dma-unmap-size","driver":"mbox","function":"mbox_probe"' "confirm: it is listed as unpredicted"
: > "$T/none"
expect 0 "confirm: an empty runtime log" -- "$DRVCHECK" confirm "$T/findings.json" "$T/none"
grep_in out "^not exercised .*dma-unmap-size" "confirm: nothing exercised"
expect 2 "confirm: findings that are not JSON" -- "$DRVCHECK" confirm "$T/dmesg" "$T/errors"
grep_in err "not drvcheck's JSON output" "confirm: bad findings are explained"
printf 'id=dma-unmap-size\tdriver=x\n' > "$T/bad-errors"
expect 2 "confirm: a debugfs line without func=" -- "$DRVCHECK" confirm "$T/findings.json" "$T/bad-errors"
expect 2 "confirm: a missing runtime log" -- "$DRVCHECK" confirm "$T/findings.json" "$T/nonexistent"
expect 2 "confirm: one argument" -- "$DRVCHECK" confirm "$T/findings.json"

# Baselines: accepted findings stop failing; fingerprints survive line shifts.
expect 1 "write a baseline" -- "$DRVCHECK" scan --write-baseline "$T/base" "$BUGGY"
expect 0 "baselined findings pass" -- "$DRVCHECK" scan --baseline "$T/base" "$BUGGY"
mkdir "$T/shift"; cp "$BUGGY" "$T/shift/x.c"; cp "$CASES"/*_compat.h "$T/shift/"
"$DRVCHECK" scan -q --write-baseline "$T/base2" "$T/shift/x.c" >/dev/null
{ printf '/* three new lines\n * move every finding\n */\n'; cat "$BUGGY"; } > "$T/shift/x.c"
expect 0 "baseline survives a line shift" -- "$DRVCHECK" scan --baseline "$T/base2" "$T/shift/x.c"
expect 2 "unreadable baseline" -- "$DRVCHECK" scan --baseline "$T/nonexistent" "$BUGGY"
# cocci and sparse both report dma-unmap-size and dma-direction on one line,
# at two columns: one finding per check, not four
sed 's/MBOX_CFG_LEN, DMA_TO_DEVICE);/MBOX_CFG_LEN, DMA_FROM_DEVICE);/' "$BUGGY" > "$T/shift/two.c"
expect 1 "two checks on one line by two engines" -- "$DRVCHECK" scan -q --engine cocci,sparse --format json "$T/shift/two.c"
expect 0 "... are two findings" -- test "$(wc -l < "$T/out")" = 2

# A finding's key (part of its fingerprint) is its handle's location,
# whichever engine found it: cocci writes a struct field, a local, a
# DMA_NONE call, a region call as the judge does for sparse
for c in dma_unmap_size_ring dma_unmap_size_local dma_unmap_sg_field dma_direction_none dma_mix_map_coherent_cpu \
	 iomem_release_size iomem_unrequested_platform; do
	"$DRVCHECK" scan -q --engine cocci --format json "$CASES/$c.c" > "$T/keys.cocci" 2>/dev/null
	"$DRVCHECK" scan -q --engine sparse --format json "$CASES/$c.c" > "$T/keys.sparse" 2>/dev/null
	expect 0 "$c: cocci and sparse give a finding one key" -- python3 "$SRC/testsuite/cli/same_keys.py" "$T/keys.cocci" "$T/keys.sparse"
done

# A kernel tree's .cocciconfig (--use-gitgrep) where git grep cannot see
# the file (untracked: a new driver, or a tree unpacked inside another
# work tree): the scripts run alone (poll.cocci) still read the file
mkdir -p "$T/cctree/drivers/misc"
printf '[spatch]\n\toptions = --use-gitgrep\n' > "$T/cctree/.cocciconfig"
cp "$CASES/poll_no_wait_ready.c" "$T/cctree/drivers/misc/"
git init -q "$T/cctree"
DRVCHECK_ABS="$(cd "$(dirname "$DRVCHECK")" && pwd)/$(basename "$DRVCHECK")"
expect 1 "a tree's .cocciconfig asking for git grep" -- \
	sh -c 'cd "$1" && "$2" scan -q --engine cocci drivers/misc' - "$T/cctree" "$DRVCHECK_ABS"
grep_in out "poll_no_wait_ready.c:[0-9]*:[0-9]*: warning: .*drvcheck-poll-no-wait" "... is not obeyed: the poll finding is reported"

# compile_commands.json: the sparse engine with each entry's gcc flags.  The
# database is written by hand from the command Kbuild saved (.x.o.cmd) when
# building the case against the kernel headers, so bear is not needed.
if kbuild_compdb "$BUGGY" "$T/cdb"; then
	"$DRVCHECK" scan -q "$T/cdb/case.c" > "$T/direct" 2>/dev/null
	expect 1 "compile_commands.json: the buggy case fails" -- "$DRVCHECK" scan -q "$T/cdb/compile_commands.json"
	cp "$T/out" "$T/via-db"
	expect 0 "compile_commands.json: findings as when scanning the file" -- cmp "$T/direct" "$T/via-db"
	expect 1 "a directory holding a compile_commands.json" -- "$DRVCHECK" scan -q --engine sparse "$T/cdb"
	grep_in out "\[drvcheck-dma-unmap-size\]" "sparse engine run with the database's flags"
else
	fail=$((fail + 1)); echo "FAIL compile_commands.json: cannot build a case against the kernel headers at '$KDIR'"
fi
# A directory scan adds the include paths the Makefiles give: ccflags-y
# with $(srctree), CFLAGS_file.o relative to the tree's root, a parent's
# subdir-ccflags-y with $(src).  Each header is found through one of them
# only; a missing one stops sparse and loses the finding.
KT=$T/ktree
mkdir -p "$KT/scripts" "$KT/include/linux" "$KT/drivers/tuners" "$KT/drivers/fe" "$KT/drivers/common" "$KT/drivers/drv"
: > "$KT/scripts/Makefile.build"
echo '#define MBOX_CFG_BASE 250' > "$KT/drivers/tuners/tuner_x.h"
echo '#define MBOX_CFG_CRC 2' > "$KT/drivers/common/common_x.h"
echo '#define MBOX_CFG_LEN (MBOX_CFG_BASE + MBOX_CFG_CRC + 6)' > "$KT/drivers/fe/fe_x.h"
printf 'subdir-ccflags-y += -I$(src)/common\n' > "$KT/drivers/Makefile"
printf 'obj-m := a.o\nccflags-y := -I$(srctree)/drivers/tuners # tuners\nCFLAGS_a.o += \\\n\t-Idrivers/fe\n' > "$KT/drivers/drv/Makefile"
sed 's/^#define MBOX_CFG_LEN.*/#include "tuner_x.h"\n#include "common_x.h"\n#include "fe_x.h"/' "$BUGGY" > "$KT/drivers/drv/a.c"
cp "$CASES"/*_compat.h "$KT/drivers/drv/"
expect 1 "scan DIR: the Makefiles' include paths" -- "$DRVCHECK" scan -q --engine sparse "$KT/drivers/drv"
grep_in out "a.c:.*\[drvcheck-dma-unmap-size\]" "... find the driver's headers"
# a subdirectory without a Makefile is built by the one above it, with its
# ccflags-y (hns3/Makefile builds hns3pf/hclge_main.o, -I..../hns3pf)
mkdir -p "$KT/drivers/comp/pf"
printf 'ccflags-y += -I$(srctree)/drivers/tuners -I$(srctree)/drivers/fe\nobj-m += comp.o\ncomp-objs = pf/a.o\n' > "$KT/drivers/comp/Makefile"
cp "$KT/drivers/drv/a.c" "$CASES"/*_compat.h "$KT/drivers/comp/pf/"
expect 1 "scan DIR: a subdirectory the Makefile above builds" -- "$DRVCHECK" scan -q --engine sparse "$KT/drivers/comp/pf"
grep_in out "pf/a.c:.*\[drvcheck-dma-unmap-size\]" "... gets that Makefile's include paths"
# ccflags-y's defines too (ACPICA's -DBUILDING_ACPICA), but not those of
# an ifeq block (caam's -DDEBUG) nor one in make's quoting (-DVERSION=\"\")
mkdir -p "$KT/drivers/def"
printf 'obj-m := a.o\nccflags-y := -DDEF_ON\nifeq ($(CONFIG_DEF_X),y)\n\tccflags-y += -DDEF_OFF\nendif\nccflags-y += -DVERSION=\\"\\"\n' > "$KT/drivers/def/Makefile"
{ printf '#ifndef DEF_ON\n#error "ccflags-y: no -DDEF_ON"\n#endif\n#ifdef DEF_OFF\n#error "an ifeq block gave -DDEF_OFF"\n#endif\n'; cat "$BUGGY"; } > "$KT/drivers/def/a.c"
cp "$CASES"/*_compat.h "$KT/drivers/def/"
expect 1 "scan DIR: the Makefile's unconditional defines" -- "$DRVCHECK" scan -q --engine sparse "$KT/drivers/def"
grep_in out "def/a.c:.*\[drvcheck-dma-unmap-size\]" "... reach the engine, a configuration's and quoted ones do not"
# A driver's trace header named by a path relative to include/trace
# (TRACE_INCLUDE_PATH ../../drivers/..., as ice and 22 more write it),
# included by the headers package's define_trace.h: found in the tree
mkdir -p "$KT/include/trace" "$KT/drivers/trc"
printf 'obj-m := a.o\n' > "$KT/drivers/trc/Makefile"
cat > "$KT/drivers/trc/trc_trace.h" <<'TRC'
#undef TRACE_SYSTEM
#define TRACE_SYSTEM trc
#if !defined(_TRC_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRC_TRACE_H
#include <linux/tracepoint.h>
TRACE_EVENT(trc_map, TP_PROTO(int v), TP_ARGS(v),
	    TP_STRUCT__entry(__field(int, v)), TP_fast_assign(__entry->v = v;),
	    TP_printk("%d", __entry->v));
#endif
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/trc
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trc_trace
#include <trace/define_trace.h>
TRC
{ printf '#define CREATE_TRACE_POINTS\n#include "trc_trace.h"\n'; cat "$BUGGY"; } > "$KT/drivers/trc/a.c"
cp "$CASES"/*_compat.h "$KT/drivers/trc/"
for e in sparse clang; do
	expect 1 "scan DIR: a trace header under TRACE_INCLUDE_PATH ../../drivers ($e)" -- "$DRVCHECK" scan -q --engine $e "$KT/drivers/trc"
	grep_in out "a.c:.*\[drvcheck-dma-unmap-size\]" "... is found in the tree ($e)"
done
# One directory, two Kbuild modules (drivers/comedi/drivers: a module per
# file): a map of one is not covered by the other's request, for cocci,
# whose script joins the files of a module, as for sparse
mkdir "$KT/drivers/two"
printf 'obj-m += a.o\nobj-m += b.o\n' > "$KT/drivers/two/Makefile"
cp "$CASES/iomem_pci_regions_iomap.c" "$KT/drivers/two/a.c"
cp "$CASES/iomem_unrequested_pci_iomap.c" "$KT/drivers/two/b.c"
for e in cocci sparse; do
	expect 1 "$e: two modules of one directory" -- "$DRVCHECK" scan -q --engine $e --checks iomem "$KT/drivers/two"
	grep_in out "b.c:.*\[drvcheck-iomem-unrequested-map\]" "... $e: the request of a.c does not cover b.c's map"
done
# A unit sparse's errors stopped is named in one line, with the first
# error, here in the header that includes a missing one
mkdir "$KT/drivers/drv2"
echo '#include "missing_x.h"' > "$KT/drivers/drv2/b.h"
printf '#include "b.h"\nint f(void)\n{\n\treturn 0;\n}\n' > "$KT/drivers/drv2/a.c"
expect 2 "a unit sparse's errors stopped" -- "$DRVCHECK" scan -q --engine sparse "$KT/drivers/drv2/a.c"
grep_in err "^drvcheck: $KT/drivers/drv2/a.c: sparse errors, the file was not analysed: $KT/drivers/drv2/b.h:1:10: error: unable to open 'missing_x.h'$" "... is named, with the header its error is in"
expect 0 "... in that line only" -- test "$(grep -c 'b.h' "$T/err")" = 1
printf '[ { "directory": "/", "file": "x.c", "command": "cc -c x.c" ' > "$T/bad.json"
expect 2 "malformed compile_commands.json" -- "$DRVCHECK" scan "$T/bad.json"
grep_in err "not a compile_commands.json" "malformed compile_commands.json is explained"
echo '[]' > "$T/empty.json"
expect 2 "empty compile_commands.json" -- "$DRVCHECK" scan "$T/empty.json"
grep_in err "no C file" "empty compile_commands.json is explained"

expect 0 "list-checks" -- "$DRVCHECK" list-checks
grep_in out "dma-unmap-size" "list-checks lists the ids"
expect 0 "model" -- "$DRVCHECK" model
grep_in out "dma_map_single" "model lists the functions"

# --unit-timeout: a file an engine spends too long on is given up, reported
# and counted; the scan goes on.  sparse is a stand-in that never ends; the
# cocci engine's real spatch gets a function of 3000 guarded maps.
printf '#!/bin/sh\nexec sleep 60\n' > "$T/slowsparse"; chmod +x "$T/slowsparse"
expect 2 "sparse --unit-timeout" -- env DRVCHECK_SPARSE="$T/slowsparse" "$DRVCHECK" scan --engine sparse --unit-timeout 1 "$BUGGY"
grep_in err "sparse timed out after 1 s, not analysed" "sparse's timeout is reported"
grep_in err "(1 timed out)" "sparse's timeout is counted"
awk 'BEGIN { print "#include <linux/dma-mapping.h>";
	print "int f(struct device *d, dma_addr_t *a, void *p, int *c)\n{";
	for (i = 0; i < 3000; i++)
		printf "\tif (c[%d]) { a[%d] = dma_map_single(d, p, %d, DMA_TO_DEVICE); if (dma_mapping_error(d, a[%d])) goto out; }\n", i, i, i + 1, i;
	print "out:\n\tdma_unmap_single(d, a[0], 1, DMA_TO_DEVICE);\n\treturn 0;\n}" }' > "$T/heavy.c"
expect 2 "cocci --unit-timeout" -- "$DRVCHECK" scan --engine cocci --unit-timeout 1 "$T/heavy.c"
grep_in err "heavy.c: cocci timed out after 1 s, not analysed" "spatch's timeout is reported"
grep_in err "(1 timed out)" "spatch's timeout is counted"
expect 2 "bad --unit-timeout" -- "$DRVCHECK" scan --unit-timeout 0 "$CLEAN"

# Interrupted (SIGTERM here: a background job of a script ignores
# SIGINT, and so does drvcheck then): the children are stopped, the
# temporary files removed, and drvcheck dies of the signal.  The stand-in
# sparse records its pid and never ends, so the scan is surely running
# when interrupted.
mkdir -p "$T/tmp"
printf '#!/bin/sh\necho $$ > "%s/slowpid"\nexec sleep 60\n' "$T" > "$T/slowsparse2"; chmod +x "$T/slowsparse2"
env TMPDIR="$T/tmp" DRVCHECK_SPARSE="$T/slowsparse2" "$DRVCHECK" scan --engine sparse "$BUGGY" >/dev/null 2>&1 &
scan=$!
for i in $(seq 100); do [ -s "$T/slowpid" ] && break; sleep 0.1; done
kill -TERM "$scan"
wait "$scan"
expect 143 "SIGTERM ends the scan with 128 + SIGTERM" -- sh -c "exit $?"
expect 0 "SIGTERM leaves no temporary file" -- test -z "$(ls -A "$T/tmp")"
expect 1 "SIGTERM stops the engine" -- kill -0 "$(cat "$T/slowpid")"

# The headers follow the scanned tree's version (its Makefile), not the
# newest installed; only checkable with several header sets installed.  The
# file builds on every series: analysed (exit 0) only with fitting headers.
heads=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null)
printf '#include <linux/module.h>\n#include <linux/dma-mapping.h>\nint x(struct device *d, void *p)\n{\n\tdma_addr_t a = dma_map_single(d, p, 8, DMA_TO_DEVICE);\n\n\tif (dma_mapping_error(d, a))\n\t\treturn -ENOMEM;\n\tdma_unmap_single(d, a, 8, DMA_TO_DEVICE);\n\treturn 0;\n}\nMODULE_LICENSE("GPL");\n' > "$T/portable.c"
if [ "$(echo "$heads" | wc -w)" -gt 1 ]; then
	for h in $heads; do
		ser=$(cut -d. -f1-2 "$h/include/config/kernel.release" 2>/dev/null) || continue
		# the newest of a series is the one to expect (drvcheck's choice)
		want=$(for o in $heads; do
			[ "$(cut -d. -f1-2 "$o/include/config/kernel.release" 2>/dev/null)" = "$ser" ] && echo "$o"
		done | tail -n 1)
		[ "$want" = "$h" ] || continue
		mkdir -p "$T/tree-$ser/drivers/x"
		printf 'VERSION = %s\nPATCHLEVEL = %s\nSUBLEVEL = 0\n' "${ser%.*}" "${ser#*.}" > "$T/tree-$ser/Makefile"
		cp "$T/portable.c" "$T/tree-$ser/drivers/x/"
		expect 0 "scan of a $ser tree" -- env -u KDIR "$DRVCHECK" scan --engine sparse "$T/tree-$ser/drivers/x"
		grep_in err "a $ser tree: kernel headers $h\$" "a $ser tree is checked against $h"
	done
	expect 0 "--kernel-version 4.19 without its headers" -- env -u KDIR "$DRVCHECK" scan --engine sparse --kernel-version 4.19 "$T/portable.c"
	grep_in err "no kernel headers of the 4.19 series installed; using " "missing headers of a series are said"
fi

finish
