#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# scan --since REV in a real git repository built here from testsuite
# cases: a driver with a finding, then a commit adding one misuse; a new
# file, a rename, a deletion, uncommitted changes; the errors.
# Usage: since.sh path/to/drvcheck SOURCE_DIR
set -u
DRVCHECK=$1
SRC=$2
CASES=$SRC/testsuite/cases
. "$SRC/testsuite/cli/lib.sh"
export KDIR

if ! command -v git >/dev/null; then
	echo "FAIL git is not installed"; exit 1
fi
# cocci and sparse, the per-patch engines; one result cache for the runs
SCAN="$DRVCHECK scan --engine cocci,sparse --cache-dir $T/cache"
R=$T/repo
mkdir -p "$R/drivers/mbox"
git init -q "$R"
g() { git -C "$R" -c user.name=t -c user.email=t@t "$@"; }

# commit 1: the case, whose one finding (dma-unmap-size in
# mbox_send_config) is already there
cp "$CASES/dma_unmap_size_local.c" "$R/drivers/mbox/mbox.c"
cp "$CASES"/*_compat.h "$R/drivers/mbox/"	# the case's kernel-version shims
echo 'obj-m += mbox.o' > "$R/drivers/mbox/Makefile"
g add -A && g commit -qm "mbox driver"

expect 2 "not a git work tree" -- $SCAN --since HEAD "$T/cache-none"
mkdir "$T/plain"; cp "$CASES/dma_unmap_size_local.c" "$T/plain/x.c"
expect 2 "a directory outside any repository" -- $SCAN --since HEAD "$T/plain"
grep_in err "not in a git work tree" "not a work tree is explained"
expect 2 "a REV that does not exist" -- $SCAN --since no-such-rev "$R"
grep_in err "'no-such-rev' is not a commit" "the bad REV is named"
expect 2 "--uncommitted without --since" -- $SCAN --uncommitted "$R"
expect 2 "--since with --write-baseline" -- $SCAN --since HEAD --write-baseline "$T/b" "$R"

# commit 2: three lines moved down, and a second function with the
# same misuse: exactly one new finding, the old one still present
awk 'NR == 2 { print "/* two lines\n * more */" }
/^static int mbox_probe/ {
	while ((getline l < FILENAME) > 0) {
		if (l ~ /^static int mbox_send_config/) on = 1
		if (on) { gsub(/mbox_send_config/, "mbox_resend_config", l); print l }
		if (on && l == "}") { on = 0; print "" }
	}
}
{ print }' "$R/drivers/mbox/mbox.c" > "$T/mbox.c" && mv "$T/mbox.c" "$R/drivers/mbox/mbox.c"
g commit -qam "mbox: resend the configuration"
expect 1 "--since HEAD~1: the new misuse fails" -- $SCAN --since HEAD~1 --format json "$R"
cp "$T/out" "$T/new.json"
grep_in out '"function":"mbox_resend_config"' "the new finding is reported"
grep_in err "1 new, 0 fixed, 1 still present" "summary: new, fixed, still present"
expect 0 "exactly one finding" -- test "$(wc -l < "$T/new.json")" = 1
expect 0 "the exit status follows --fail-on" -- $SCAN --since HEAD~1 --fail-on never "$R"
# from inside the tree, PATH limiting to the driver, as SARIF
expect 1 "run inside the tree, SARIF" -- sh -c "cd '$R/drivers' && $SCAN --since HEAD~1 --format sarif mbox"
cp "$T/out" "$T/new.sarif"
expect 0 "SARIF holds the one new result, path from the top" -- python3 -c "
import json, sys
r = json.load(open('$T/new.sarif'))['runs'][0]['results']
sys.exit(not (len(r) == 1 and r[0]['locations'][0]['physicalLocation']['artifactLocation']['uri'] == 'drivers/mbox/mbox.c'))"
expect 0 "a PATH the range did not touch: nothing" -- $SCAN --since HEAD~1 "$R/drivers/other"
grep_in err "0 new, 0 fixed, 0 still present" "nothing scanned outside PATH"
# the same answer without a kept cache
expect 1 "--no-cache" -- $SCAN --no-cache --since HEAD~1 --format json "$R"
cp "$T/out" "$T/nocache.json"
expect 0 "--no-cache: the same finding" -- cmp "$T/nocache.json" "$T/new.json"

# commit 3: the first commit of a file, in a new directory
mkdir "$R/drivers/ring"
cp "$CASES/dma_unmap_size_ring.c" "$R/drivers/ring/ring.c"
cp "$CASES"/*_compat.h "$R/drivers/ring/"
g add -A && g commit -qm "ring driver"
expect 1 "a new file's findings are new" -- $SCAN --since HEAD~1 --format json "$R"
grep_in out '"file":"drivers/ring/ring.c"' "the new file is scanned"
grep_in err "[1-9][0-9]* new, 0 fixed, 0 still present" "a new file: nothing before it"

# commit 4: a rename keeps the findings' identity
g mv drivers/mbox/mbox.c drivers/mbox/mbox_main.c
echo 'obj-m += mbox_main.o' > "$R/drivers/mbox/Makefile"
g commit -qam "mbox: rename"
expect 0 "a rename adds nothing" -- $SCAN --since HEAD~1 "$R"
grep_in err "0 new, 0 fixed, 2 still present" "a rename: the findings are still present"

# commit 5: a deleted file's findings are fixed
g rm -q drivers/ring/ring.c
g commit -qm "ring: remove"
expect 0 "a deletion adds nothing" -- $SCAN --since HEAD~1 "$R"
grep_in err "0 new, [1-9][0-9]* fixed, 0 still present" "a deletion: its findings are fixed"

# uncommitted: only with the flag, and the work tree stays as it was
sed -i 's/MBOX_CFG_LEN, DMA_TO_DEVICE);/MBOX_CFG_LEN, DMA_FROM_DEVICE);/' "$R/drivers/mbox/mbox_main.c"
git -C "$R" status --porcelain > "$T/status-before"
expect 0 "uncommitted changes are not HEAD's" -- $SCAN --since HEAD "$R"
expect 1 "--uncommitted sees them" -- $SCAN --since HEAD --uncommitted --format json "$R"
grep_in out '"check":"dma-direction"' "the uncommitted misuse is reported"
git -C "$R" status --porcelain > "$T/status-after"
expect 0 "the work tree is untouched" -- cmp "$T/status-before" "$T/status-after"

finish
