#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Checks a --format gitlab report against GitLab's Code Quality format
(docs.gitlab.com, "Implement a custom tool": an array of issues, each with
description, check_name, fingerprint, severity in info|minor|major|
critical|blocker, location.path relative, location.lines.begin) and
against the --format json output of the same scan: one issue per finding,
in order, same check, path and line, the severity mapped, the fingerprint
the finding's (with -N after a repeated one), all fingerprints unique.
Usage: check_gitlab.py REPORT FINDINGS [ROOT]: REPORT from --format gitlab,
FINDINGS from --format json, ROOT the working directory of a scan of
absolute paths (GitLab's paths are below it).  Prints what is wrong."""
import json
import sys

SEVERITIES = {"info", "minor", "major", "critical", "blocker"}
# Code Climate's categories (GitLab ignores them, Code Climate does not)
CATEGORIES = {"Bug Risk", "Clarity", "Compatibility", "Complexity",
              "Duplication", "Performance", "Security", "Style"}
MAPPED = {"error": "critical", "warning": "major", "note": "info"}

errors = []


def bad(i, what):
    errors.append("issue %d: %s" % (i, what))


def is_str(v):
    return isinstance(v, str) and v != ""


def is_line(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 1


def check_issue(i, x):
    if not isinstance(x, dict):
        return bad(i, "not an object")
    for key in ("description", "check_name", "fingerprint"):
        if not is_str(x.get(key)):
            bad(i, "%s is not a non-empty string: %r" % (key, x.get(key)))
    if x.get("severity") not in SEVERITIES:
        bad(i, "severity %r is not one of %s" % (x.get("severity"),
                                                 sorted(SEVERITIES)))
    loc = x.get("location")
    if not isinstance(loc, dict):
        return bad(i, "no location object")
    if not is_str(loc.get("path")) or loc["path"].startswith("/"):
        bad(i, "location.path %r is not a relative path" % loc.get("path"))
    lines = loc.get("lines")
    if not isinstance(lines, dict) or not is_line(lines.get("begin")):
        bad(i, "location.lines.begin is not a line number: %r" % lines)
    if "categories" in x and (not isinstance(x["categories"], list) or
                              not set(x["categories"]) <= CATEGORIES):
        bad(i, "categories %r" % x["categories"])
    if "content" in x and not (isinstance(x["content"], dict) and
                               is_str(x["content"].get("body"))):
        bad(i, "content.body is not a string: %r" % x["content"])
    if x.get("type", "issue") != "issue":
        bad(i, "type %r is not 'issue'" % x["type"])


def main():
    raw = open(sys.argv[1], "rb").read()
    if raw.startswith(b"\xef\xbb\xbf"):
        errors.append("the report starts with a byte order mark")
    report = json.loads(raw)
    findings = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
    if not isinstance(report, list):
        print("the report is not a JSON array")
        return 1
    for i, x in enumerate(report):
        check_issue(i, x)
    if errors:
        print("\n".join(errors[:10]))
        return 1

    if len(report) != len(findings):
        errors.append("%d issues, %d findings in the JSON output" %
                      (len(report), len(findings)))
    prints = [x["fingerprint"] for x in report]
    if len(set(prints)) != len(prints):
        errors.append("fingerprints repeat: %s" %
                      sorted(p for p in set(prints) if prints.count(p) > 1))
    root = sys.argv[3].rstrip("/") + "/" if len(sys.argv) > 3 else None
    seen = {}
    for i, (x, f) in enumerate(zip(report, findings)):
        loc = x["location"]
        if x["check_name"] != f["check"]:
            bad(i, "check_name %s, the finding's check %s" %
                (x["check_name"], f["check"]))
        # JSON keeps paths as scanned; GitLab's are from the top (ROOT)
        want = f["file"]
        if root and want.startswith(root):
            want = want[len(root):]
        if loc["path"] != want:
            bad(i, "path %s, the finding's %s" % (loc["path"], f["file"]))
        if loc["lines"]["begin"] != f["line"]:
            bad(i, "line %d, the finding's %d" %
                (loc["lines"]["begin"], f["line"]))
        if x["severity"] != MAPPED[f["severity"]]:
            bad(i, "severity %s for a finding of severity %s" %
                (x["severity"], f["severity"]))
        if f["check"] not in x["description"] or \
                f["message"] not in x["description"]:
            bad(i, "description %r lacks the message or the id" %
                x["description"])
        # the first finding with a fingerprint keeps it; the n-th gets -n
        n = seen[f["fingerprint"]] = seen.get(f["fingerprint"], 0) + 1
        want = f["fingerprint"] + ("-%d" % n if n > 1 else "")
        if x["fingerprint"] != want:
            bad(i, "fingerprint %s, wanted %s" % (x["fingerprint"], want))
        body = x.get("content", {}).get("body", "")
        if not all(n["message"] in body for n in f["notes"]):
            bad(i, "content.body lacks the finding's notes")
    print("\n".join(errors[:10]) if errors else
          "%d issues, %d fingerprints repeated in the findings" %
          (len(report), sum(v - 1 for v in seen.values())))
    return 1 if errors else 0


sys.exit(main())
