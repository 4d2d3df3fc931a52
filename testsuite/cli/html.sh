#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# scan --format html: a report of four drivers made of testsuite cases
# (one with markup in its comments), opened from disk in headless Chromium;
# the rendered DOM against the JSON of the same scan and confirm's verdicts
# (html_dom.py), console messages, a #filter, the errors.  The screenshot
# stays in the build directory: BUILD/html-report.png.
# Usage: html.sh path/to/drvcheck SOURCE_DIR BUILD_DIR
set -u
DRVCHECK=$1
SRC=$2
BUILD=$3
CASES=$SRC/testsuite/cases
. "$SRC/testsuite/cli/lib.sh"
export KDIR

CHROMIUM=${CHROMIUM:-chromium}
if ! command -v "$CHROMIUM" >/dev/null; then
	echo "FAIL $CHROMIUM is not installed: the report cannot be rendered (./bootstrap installs the chromium package)"
	exit 1
fi
for tool in python3 git; do
	if ! command -v $tool >/dev/null; then
		echo "FAIL $tool is not installed"; exit 1
	fi
done
# render URL [extra options]: the DOM after the scripts ran into
# $T/dom, its log (console messages among it) into $T/log
render() {
	url=$1; shift
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu \
		--no-first-run --user-data-dir="$T/profile" \
		--enable-logging=stderr --v=0 "$@" "$url" >"$T/dom" 2>"$T/log"
}
# no_console WHAT: the page printed nothing to the console, no error
no_console() {
	if grep -q "CONSOLE\|Uncaught" "$T/log"; then
		fail=$((fail + 1)); echo "FAIL $1: console messages"
		grep "CONSOLE\|Uncaught" "$T/log" | sed 's/^/    /' | head -5
	else
		pass=$((pass + 1)); echo "PASS $1: no console message"
	fi
}
dom_check() {
	python3 "$SRC/testsuite/cli/html_dom.py" "$@" > "$T/py" 2>&1
	cat "$T/py"
	pass=$((pass + $(grep -c '^PASS' "$T/py")))
	fail=$((fail + $(grep -c '^FAIL' "$T/py")))
	if ! grep -q '^PASS' "$T/py" || tail -n 1 "$T/py" | grep -q Traceback; then
		fail=$((fail + 1)); echo "FAIL html_dom.py did not run"
	fi
}

CLEAN=$CASES/dma_unmap_size_equal_ok.c
echo text > "$T/afile"
# the errors, found before any scan
expect 2 "--format html without -o" -- "$DRVCHECK" scan --format html "$CLEAN"
grep_in err "give it with -o DIR" "html without a directory is explained"
expect 2 "-o names a file" -- "$DRVCHECK" scan --format html -o "$T/afile" "$CLEAN"
grep_in err "not a directory" "a file in the way is explained"
expect 2 "-o below a file" -- "$DRVCHECK" scan --format html -o "$T/afile/report" "$CLEAN"
grep_in err "cannot create the report directory" "an impossible directory is explained"
expect 2 "--confirmed without html" -- "$DRVCHECK" scan --confirmed "$T/afile" "$CLEAN"
grep_in err "goes with --format html" "--confirmed needs html"
expect 2 "--confirmed not confirm's JSON" -- "$DRVCHECK" scan --format html -o "$T/bad" --confirmed "$T/afile" "$CLEAN"
grep_in err "not drvcheck confirm's JSON" "bad confirm results are explained"
expect 2 "--confirmed missing" -- "$DRVCHECK" scan --format html -o "$T/bad" --confirmed "$T/nonexistent" "$CLEAN"
expect 2 "confirm does not write html" -- "$DRVCHECK" confirm --format html "$T/afile" "$T/afile"

# Chromium itself: a console error must show in its log, or "no console
# message" below would prove nothing
printf '<!DOCTYPE html><title>t</title><script>console.error("canary")</script>\n' > "$T/canary.html"
render "file://$T/canary.html" --dump-dom
grep_in log "CONSOLE.*canary" "Chromium logs console messages"

# four drivers: mbox (its Makefile makes mbox.c module mbox), se, xtimer,
# and poll (no Makefile: both files one module)
D=$T/drv
mkdir -p "$D/mbox" "$D/se" "$D/xtimer" "$D/poll"
cp "$CASES/dma_unmap_size_local.c" "$D/mbox/mbox.c"
echo 'obj-m += mbox.o' > "$D/mbox/Makefile"
cp "$CASES/dma_leak_probe_irq.c" "$D/se/se.c"
cp "$CASES/iomem_release_size.c" "$D/xtimer/xtimer.c"
cp "$CASES/poll_blocking_helper.c" "$D/poll/dspmbox.c"
cp "$CASES/poll_blocking_ldisc_msleep.c" "$D/poll/nmea.c"
# markup in comments, on the lines the findings are at: it must show as text
INJ='<\/code><\/div><script>document.title="injected"<\/script><img src=x onerror="document.title=1"> \&amp; \&lt;'
sed -i "s|\(/\* expect: [^*]*\*/\)\$|\1 /* $INJ */|" "$D/mbox/mbox.c" "$D/poll/nmea.c"
expect 0 "the markup is in the scanned source" -- grep -q '/\* </code></div><script>' "$D/mbox/mbox.c"

SCAN="$DRVCHECK scan -q -j 2"
expect 1 "scan --format json" -- $SCAN --format json "$D"
cp "$T/out" "$T/scan.json"
# confirm: the mbox finding seen at run time, plus an error no finding predicted
TAB=$(printf '\t')
{
	printf 'id=dma-unmap-size%sdriver=mbox%sdevice=mbox.0%saddr=0x1000%s' "$TAB" "$TAB" "$TAB" "$TAB"
	printf 'size=256%sfunc=mbox_send_config%sat=mbox_send_config+0x3c/0x90 [mbox]%s' "$TAB" "$TAB" "$TAB"
	printf 'mapped_at=mbox_send_config+0x1c/0x90 [mbox]%smsg=DMA-API: <b>size</b> differs\n' "$TAB"
	printf 'id=dma-overlap%sdriver=mbox%sdevice=mbox.0%saddr=0x2000%ssize=64%sfunc=mbox_reset%sat=mbox_reset+0x10/0x40 [mbox]%smapped_at=-%smsg=DMA-API: <i>x</i>\n' \
		"$TAB" "$TAB" "$TAB" "$TAB" "$TAB" "$TAB" "$TAB" "$TAB"
} > "$T/errors"
expect 1 "confirm --format json" -- "$DRVCHECK" confirm --format json "$T/scan.json" "$T/errors"
cp "$T/out" "$T/confirm.json"
grep_in out '"status":"confirmed"' "confirm confirms the mbox finding"

expect 1 "scan --format html -o DIR" -- $SCAN --format html -o "$T/report/html" --confirmed "$T/confirm.json" "$D"
cp "$T/err" "$T/html.err"
expect 1 "the html scan: no sanitizer report" -- grep -Eq "Sanitizer|runtime error:" "$T/html.err"
R=$T/report/html/index.html
expect 0 "the report is DIR/index.html" -- test -s "$R"
expect 1 "nothing fetched from elsewhere: no URL, no external script, style or font" -- \
	grep -Eqi 'https?:|<script [^>]*src|<link|@import|url\(' "$R"
expect 1 "the source's markup is escaped in the file" -- grep -Eq '<script>document|<img|<i>x' "$R"

render "file://$R" --dump-dom
expect 0 "Chromium renders the report" -- test -s "$T/dom"
no_console "the report"
cp "$T/dom" "$T/dom.html"
dom_check "$T/dom.html" "$T/scan.json" --confirm "$T/confirm.json" --dir-drivers
grep_in dom.html '&lt;script&gt;document.title="injected"&lt;/script&gt;' "the markup shows as text in the DOM"

FILTER='check=poll-blocking&engine=sparse'
render "file://$R#$FILTER" --dump-dom
no_console "the report with #$FILTER"
cp "$T/dom" "$T/dom-filter.html"
dom_check "$T/dom-filter.html" "$T/scan.json" --confirm "$T/confirm.json" --dir-drivers --filter "$FILTER"

# --since: the findings' paths are from the top of the work tree; the
# excerpts are read there, whatever the current directory
G=$T/repo
mkdir -p "$G/drivers/mbox"
echo 'obj-m += mbox.o' > "$G/drivers/mbox/Makefile"
git init -q "$G"
g() { git -C "$G" -c user.name=t -c user.email=t@t "$@"; }
g add -A && g commit -qm "mbox Makefile"
cp "$CASES/dma_unmap_size_local.c" "$G/drivers/mbox/mbox.c"
g add -A && g commit -qm "mbox driver"
expect 1 "--since, run outside the tree" -- sh -c "cd '$T' && $SCAN --engine cocci,sparse --no-cache --since HEAD~1 --format html -o '$T/since' '$G'"
expect 0 "--since: the excerpt is read from the work tree" -- grep -q 'class="line hit" data-line="65"><span class="no">65</span><code>	dma_unmap_single(mb-&gt;dev, addr, 256' "$T/since/index.html"
expect 1 "--since: no unreadable source" -- grep -q "not readable" "$T/since/index.html"

rm -f "$BUILD/html-report.png"
render "file://$R" --screenshot="$BUILD/html-report.png" --window-size=1280,2000
expect 0 "the screenshot $BUILD/html-report.png" -- test -s "$BUILD/html-report.png"
no_console "the screenshot"
finish
