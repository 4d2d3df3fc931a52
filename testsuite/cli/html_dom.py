#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Checks the DOM Chromium rendered from a drvcheck HTML report against the
JSON output of the same scan (and confirm's JSON, and a #filter).  Prints
PASS/FAIL lines; exits 1 on a failure.

usage: html_dom.py DOM SCAN_JSON [--confirm CONFIRM_JSON] [--filter K=V&K=V]
                   [--dir-drivers]
"""
import argparse
import collections
import json
import os
import sys
from html.parser import HTMLParser

VOID = {"meta", "br", "img", "input", "link", "hr", "area", "base", "col",
        "embed", "source", "track", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children = []
        self.text = []

    def classes(self):
        return (self.attrs.get("class") or "").split()

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def find(self, pred):
        return [n for n in self.walk() if pred(n)]

    def all_text(self):
        return "".join(self.text) + "".join(c.all_text() for c in self.children)

    def ancestors(self):
        n = self.parent
        while n:
            yield n
            n = n.parent


class Tree(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", [], None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_endtag(self, tag):
        n = self.cur
        while n is not self.root and n.tag != tag:
            n = n.parent
        if n is not self.root:
            self.cur = n.parent

    def handle_data(self, data):
        # text after a child goes to the parent in order; for the checks
        # here only a node's own text in sequence matters
        self.cur.text.append(data)


results = []


def check(ok, what):
    results.append(bool(ok))
    print(("PASS " if ok else "FAIL ") + what)


def by_class(root, tag, cls):
    return root.find(lambda n: n.tag == tag and cls in n.classes())


def source_line(path, line):
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    text = lines[line - 1].decode("utf-8", "replace")
    return "".join("\ufffd" if (ord(c) < 0x20 and c != "\t") or c == "\x7f"
                   else c for c in text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dom")
    ap.add_argument("scan_json")
    ap.add_argument("--confirm")
    ap.add_argument("--filter", default="")
    ap.add_argument("--dir-drivers", action="store_true")
    a = ap.parse_args()

    tree = Tree()
    with open(a.dom, encoding="utf-8") as f:
        tree.feed(f.read())
    root = tree.root
    with open(a.scan_json, encoding="utf-8") as f:
        findings = [json.loads(line) for line in f if line.strip()]
    n = len(findings)
    check(n > 0, "the scan has findings (%d)" % n)

    body = root.find(lambda x: x.tag == "body")
    body = body[0] if body else Node("body", [], None)
    titles = root.find(lambda x: x.tag == "title")
    check(titles and titles[0].all_text() == "drvcheck report",
          "the title is the report's (no injected script changed it)")
    scripts = root.find(lambda x: x.tag == "script")
    check(len(scripts) == 1 and "src" not in scripts[0].attrs,
          "exactly one script element, inline (%d)" % len(scripts))
    check(not root.find(lambda x: x.tag in ("img", "iframe", "object", "link")),
          "no img/iframe/object/link element (nothing injected or fetched)")
    check(body.attrs.get("data-ready") == "1", "the page's script ran to its end")

    arts = by_class(root, "article", "finding")
    check(len(arts) == n, "one article per JSON finding (%d, %d)" % (len(arts), n))

    # per check: summary rows, articles and the JSON agree
    want = collections.Counter(f["check"] for f in findings)
    rows = {r.attrs.get("data-check"): int(r.attrs.get("data-count", -1))
            for r in root.find(lambda x: x.tag == "tr" and "sum" in x.classes())}
    got_arts = collections.Counter(x.attrs.get("data-check") for x in arts)
    for c in sorted(want):
        check(rows.get(c) == want[c] and got_arts[c] == want[c],
              "check %s: summary %s, articles %d, JSON %d"
              % (c, rows.get(c), got_arts[c], want[c]))
    check(set(rows) == set(want), "the summary lists exactly the JSON's checks")
    total = root.find(lambda x: x.attrs.get("id") == "total")
    totals = root.find(lambda x: x.attrs.get("id") == "totals")
    check(total and total[0].attrs.get("data-count") == str(n) and
          totals and totals[0].attrs.get("data-count") == str(n),
          "the total is the JSON's (%d)" % n)

    # every finding: its article, notes, engines and the excerpt
    arts_by_fp = {}
    for x in arts:
        arts_by_fp.setdefault(x.attrs.get("data-fingerprint"), []).append(x)
    for f in findings:
        cands = [x for x in arts_by_fp.get(f["fingerprint"], [])
                 if x.attrs.get("data-line") == str(f["line"])]
        what = "%s %s:%d" % (f["check"], os.path.basename(f["file"]), f["line"])
        if not cands:
            check(False, what + ": has an article")
            continue
        x = cands[0]
        check(x.attrs.get("data-file") == f["file"] and
              x.attrs.get("data-severity") == f["severity"] and
              x.attrs.get("data-engine", "").split() == f["engines"],
              what + ": file, severity and engines")
        anns = by_class(x, "div", "ann")
        notes = f["notes"]
        check(x.attrs.get("data-notes") == str(len(notes)) and
              len(anns) == len(notes) and
              all(any(nt["message"] in a.all_text() for a in anns) for nt in notes),
              what + ": all %d notes shown" % len(notes))
        hits = [h for h in by_class(x, "div", "hit")
                if h.attrs.get("data-line") == str(f["line"])]
        code = hits[0].find(lambda y: y.tag == "code") if hits else []
        check(len(hits) == 1 and code and
              code[0].all_text() == source_line(f["file"], f["line"]),
              what + ": the excerpt holds the finding's line, as in the file")
        for nt in notes:
            lines = [h for h in by_class(x, "div", "line")
                     if h.attrs.get("data-line") == str(nt["line"])]
            if not lines:
                check(False, what + ": note line %d shown" % nt["line"])

    # grouping: every finding in a driver section, a file's in one; with
    # --dir-drivers (directories of one module each) one per directory
    drivers = by_class(root, "section", "driver")
    groups = {"file": collections.defaultdict(set),
              "dir": collections.defaultdict(set)}
    for x in arts:
        d = [s for s in x.ancestors() if "driver" in s.classes()]
        drv = d[0].attrs.get("data-driver") if d else None
        path = x.attrs.get("data-file", "")
        groups["file"][path].add(drv)
        groups["dir"][os.path.dirname(path)].add(drv)
    check(all(len(v) == 1 and None not in v for v in groups["file"].values()),
          "each file's findings in one driver section")
    if a.dir_drivers:
        dirs = groups["dir"]
        check(all(len(v) == 1 for v in dirs.values()) and
              len(drivers) == len(dirs),
              "findings grouped by driver: %d sections for %d directories"
              % (len(drivers), len(dirs)))

    # filters
    selects = {s.attrs.get("data-filter"): s
               for s in root.find(lambda x: x.tag == "select")}
    for k in ("check", "family", "engine", "severity"):
        check(k in selects, "a %s filter" % k)
    if "check" in selects:
        opts = {o.all_text() for o in selects["check"].find(lambda x: x.tag == "option")}
        check(set(want) <= opts, "the check filter offers every check")
    if "engine" in selects:
        opts = {o.all_text() for o in selects["engine"].find(lambda x: x.tag == "option")}
        check({e for f in findings for e in f["engines"]} <= opts,
              "the engine filter offers every engine")

    # the filter in the address: what the script left shown
    flt = dict(kv.split("=", 1) for kv in a.filter.split("&") if kv)
    fields = {"check": lambda f: [f["check"]], "family": lambda f: [f["family"]],
              "severity": lambda f: [f["severity"]],
              "engine": lambda f: f["engines"]}
    exp = [f for f in findings
           if all(v in fields[k](f) for k, v in flt.items())]
    shown = [x for x in arts if "hidden" not in x.attrs]
    if flt:
        check(0 < len(exp) < n, "the filter %s keeps some findings, not all (%d of %d)"
              % (a.filter, len(exp), n))
    check(body.attrs.get("data-shown") == str(len(exp)) and len(shown) == len(exp),
          "shown: %s in the page, %d articles, %d expected"
          % (body.attrs.get("data-shown"), len(shown), len(exp)))
    tot = by_class(total[0], "td", "shown") if total else []
    check(tot and tot[0].all_text() == str(len(exp)),
          "the summary's total shown is %d" % len(exp))
    exp_checks = collections.Counter(f["check"] for f in exp)
    for r in root.find(lambda x: x.tag == "tr" and "sum" in x.classes()):
        cell = by_class(r, "td", "shown")
        c = r.attrs.get("data-check")
        check(cell and cell[0].all_text() == str(exp_checks[c]),
              "check %s: %d shown in the summary" % (c, exp_checks[c]))

    # confirm's verdicts on the findings, and the unpredicted errors
    if a.confirm:
        with open(a.confirm, encoding="utf-8") as f:
            conf = [json.loads(line) for line in f if line.strip()]
        status = {c["fingerprint"]: c["status"] for c in conf if "fingerprint" in c}
        ok = all(x.attrs.get("data-confirm") ==
                 status.get(x.attrs.get("data-fingerprint"), "not-run")
                 for x in arts)
        check(ok, "each finding carries confirm's verdict")
        check(any(x.attrs.get("data-confirm") == "confirmed" for x in arts),
              "a finding is confirmed")
        unp = root.find(lambda x: x.attrs.get("id") == "unpredicted")
        nunp = sum(c["status"] == "unpredicted" for c in conf)
        check(unp and unp[0].attrs.get("data-count") == str(nunp),
              "the runtime errors no finding predicted: %d" % nunp)
        check("confirm" in selects, "a run-time filter")

    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
