#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The CI recipes in contrib/ci: their YAML parses, their reports go where
# the service reads them (ci_commands.py), and their drvcheck command lines
# run as written, CI variables standing for a real base revision, in a git
# repository made of testsuite cases: per change (--since) the one new
# file's findings, nightly nothing against the baseline written from the
# same tree, then a new finding.  No network: no action or job is run.
# Usage: ci.sh path/to/drvcheck SOURCE_DIR
set -u
DRVCHECK=$1
SRC=$2
CASES=$SRC/testsuite/cases
. "$SRC/testsuite/cli/lib.sh"
export KDIR
BUILD=$(cd "$(dirname "$DRVCHECK")" && pwd)
export PATH="$BUILD:$PATH"

if ! python3 -c 'import yaml' 2>/dev/null; then
	echo "FAIL python3-yaml is not installed"; exit 1
fi
# the engines of the recipes' lines are every available one: cocci and
# sparse here, clang too when its plugin is built
R=$T/repo
g() { git -C "$R" -c user.name=t -c user.email=t@t "$@"; }
mkdir -p "$R/drivers/mbox"
git init -q "$R"
cp "$CASES/dma_unmap_size_local.c" "$R/drivers/mbox/mbox.c"
echo 'obj-m += mbox.o' > "$R/drivers/mbox/Makefile"
g add -A && g commit -qm "mbox driver"
BASE=$(g rev-parse HEAD)
export BASE
# the change: a new driver with its own findings
mkdir "$R/drivers/ring"
cp "$CASES/dma_unmap_size_ring.c" "$R/drivers/ring/ring.c"
echo 'obj-m += ring.o' > "$R/drivers/ring/Makefile"
g add -A && g commit -qm "ring driver"
# what the change adds, as the JSON the reports are compared with
(cd "$R" && drvcheck scan -q --since "$BASE" --format json) > "$T/new.json"
expect 0 "the change adds findings" -- test -s "$T/new.json"
(cd "$R" && drvcheck scan -q --format json drivers) > "$T/all.json"

for recipe in github:contrib/ci/github/drvcheck.yml \
	      gitlab:contrib/ci/gitlab/drvcheck.gitlab-ci.yml; do
	ci=${recipe%%:*}
	file=$SRC/${recipe#*:}
	expect 0 "$ci: the recipe parses and its reports are uploaded" -- \
		python3 "$SRC/testsuite/cli/ci_commands.py" "$ci" "$file" "$BUILD"
	grep '^problem' "$T/out" | sed 's/^/    /'
	cp "$T/out" "$T/$ci.lines"
	for kind in since write-baseline baseline; do
		grep -q "^$kind	" "$T/$ci.lines" ||
			{ fail=$((fail + 1)); echo "FAIL $ci: no drvcheck scan line for $kind"; }
	done
	# the recipe's variables, then its lines in the order a tree sees
	# them: a change, the baseline written, the nightly scan
	vars=$(awk -F '\t' '$1 == "set" { printf "%s=\"%s\"; ", $2, $3 }' "$T/$ci.lines")
	run() {	# KIND: runs the recipe's line of that kind in the repository
		line=$(awk -F '\t' -v k="$1" '$1 == k { print $3; exit }' "$T/$ci.lines")
		rep=$(awk -F '\t' -v k="$1" '$1 == k { print $2; exit }' "$T/$ci.lines")
		rm -f "$R/$rep"
		echo "    $line" >&2
		sh -c "cd '$R' && $vars $line"
	}
	expect 1 "$ci: the per-change line fails on the change's findings" -- run since
	if [ "$ci" = github ]; then
		expect 0 "$ci: its SARIF holds the new findings, paths from the top" -- python3 -c "
import json, sys
new = [json.loads(l) for l in open('$T/new.json')]
r = json.load(open('$R/$rep'))['runs'][0]['results']
got = [(x['ruleId'], x['locations'][0]['physicalLocation']['artifactLocation']['uri'],
	x['locations'][0]['physicalLocation']['region']['startLine']) for x in r]
sys.exit(got != [(f['check'], f['file'], f['line']) for f in new])"
		# run.sh fails without the schema; here it is checked when there
		[ -f "$SRC/build/sarif-schema.json" ] &&
			expect 0 "$ci: its SARIF validates against the 2.1.0 schema" -- python3 \
				"$SRC/testsuite/cli/validate_sarif.py" "$SRC/build/sarif-schema.json" "$R/$rep"
	else
		expect 0 "$ci: its Code Quality report holds the new findings" -- \
			python3 "$SRC/testsuite/cli/check_gitlab.py" "$R/$rep" "$T/new.json"
	fi
	expect 0 "$ci: the baseline line writes a baseline" -- run write-baseline
	expect 0 "$ci: ... of every finding" -- test "$(grep -c '^[0-9a-f]\{16\}	' "$R/.drvcheck-baseline")" = "$(wc -l < "$T/all.json")"
	expect 0 "$ci: nightly, nothing new against it" -- run baseline
	expect 0 "$ci: ... and an empty report" -- python3 -c "
import json, sys
r = json.load(open('$R/$rep'))
sys.exit(len(r['runs'][0]['results'] if '$ci' == 'github' else r) != 0)"
	# a new misuse in the tree: the nightly scan fails on it alone
	sed 's/MBOX_CFG_LEN, DMA_TO_DEVICE);/MBOX_CFG_LEN, DMA_FROM_DEVICE);/' \
		"$R/drivers/mbox/mbox.c" > "$T/x.c" && cp "$T/x.c" "$R/drivers/mbox/mbox.c"
	expect 1 "$ci: nightly, a new finding fails" -- run baseline
	expect 0 "$ci: ... and is the report's one entry" -- python3 -c "
import json, sys
r = json.load(open('$R/$rep'))
r = r['runs'][0]['results'] if '$ci' == 'github' else r
sys.exit(len(r) != 1 or 'dma-direction' not in json.dumps(r[0]))"
	g checkout -q drivers/mbox/mbox.c
	rm -f "$R/.drvcheck-baseline"
done

finish
