#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Reads the CI recipes in contrib/ci (a GitHub Actions workflow, a GitLab
CI file), checks how their reports reach the service, and prints their
drvcheck command lines for ci.sh to run, one a line:

    KIND<TAB>OUTPUT<TAB>COMMAND

KIND is since, baseline or write-baseline; OUTPUT the -o file or -;
COMMAND the line with the CI's variables made shell variables: the base
of the change $BASE, the recipe's own variables (DRVCHECK_PATHS, ...) as
set in its env:/variables:, printed first as "set<TAB>NAME<TAB>VALUE".
Usage: ci_commands.py github|gitlab FILE BUILD_DIR; exit 1 on a problem."""
import os
import re
import sys

import yaml

problems = []

# the CI's names for the base of the change
BASE = {
    "${{ github.event.pull_request.base.sha }}": "$BASE",
    "$CI_MERGE_REQUEST_DIFF_BASE_SHA": "$BASE",
}


def scripts_github(doc):
    """(job, step, text) of every run: step."""
    for name, job in doc["jobs"].items():
        for step in job.get("steps", []):
            if "run" in step:
                yield name, step, step["run"]


def scripts_gitlab(doc):
    for name, job in doc.items():
        if not isinstance(job, dict):
            continue
        for key in ("before_script", "script"):
            for line in job.get(key, []):
                yield name, job, line


def output_of(words):
    for i, w in enumerate(words):
        if w in ("-o", "--output") and i + 1 < len(words):
            return words[i + 1]
    return "-"


def kind_of(words):
    for flag in ("--since", "--write-baseline", "--baseline"):
        if flag in words:
            return flag[2:]
    return None


def command(text, own_vars):
    for ci, sh in BASE.items():
        text = text.replace(ci, sh)
    # ${{ env.X }} is the recipe's own variable X
    text = re.sub(r"\$\{\{ *env\.(\w+) *\}\}", r"$\1", text)
    left = re.findall(r"\$\{\{[^}]*\}\}|\$\{?(?:CI|GITHUB)_\w+", text)
    if left:
        problems.append("a CI expression the test cannot stand in for: %s "
                        "in %r" % (left, text))
    for v in re.findall(r"\$\{?(\w+)", text):
        if v != "BASE" and v not in own_vars:
            problems.append("$%s is set nowhere in the recipe: %r" % (v, text))
    return text


def main():
    flavour, path, build = sys.argv[1:4]
    doc = yaml.safe_load(open(path))
    if flavour == "github":
        # PyYAML reads the key on as YAML 1.1's true
        events = doc.get("on", doc.get(True))
        for e in ("pull_request", "schedule", "workflow_dispatch"):
            if e not in events:
                problems.append("the workflow does not run on %s" % e)
        own = doc.get("env", {})
        scripts = list(scripts_github(doc))
    else:
        own = doc.get("variables", {})
        scripts = list(scripts_gitlab(doc))
    for name, value in own.items():
        print("set\t%s\t%s" % (name, value))

    outputs = {}
    for job, where, text in scripts:
        for line in text.splitlines():
            words = line.split()
            if words[:2] != ["drvcheck", "scan"]:
                # the binaries' directories put on PATH must hold them
                for d in re.findall(r"(?:/opt/drvcheck|\$PWD/\.drvcheck)"
                                    r"(/build[\w/]*)", line):
                    d = build + d[len("/build"):]
                    if not any(os.access(os.path.join(d, b), os.X_OK)
                               for b in ("drvcheck", "drvcheck-sparse")):
                        problems.append("%s (%s) holds no drvcheck binary"
                                        % (d, line.strip()))
                continue
            kind = kind_of(words)
            if not kind:
                problems.append("a drvcheck scan line of no known kind: %r"
                                % line)
                continue
            out = output_of(words)
            fmt = words[words.index("--format") + 1] \
                if "--format" in words else "text"
            outputs.setdefault(job, []).append((fmt, out))
            print("%s\t%s\t%s" % (kind, out, command(line.strip(), own)))

    # the reports are uploaded, also when findings made drvcheck exit 1
    if flavour == "github":
        steps = [s for j in doc["jobs"].values() for s in j["steps"]]
        sarif = {o for j in outputs.values() for f, o in j if f == "sarif"}
        ups = [s for s in steps
               if s.get("uses", "").startswith(
                   "github/codeql-action/upload-sarif@")]
        if not sarif or not ups:
            problems.append("no SARIF output or no upload-sarif step")
        for s in ups:
            if s["with"]["sarif_file"] not in sarif:
                problems.append("upload-sarif uploads %s, not a scan's "
                                "output %s" % (s["with"]["sarif_file"], sarif))
            cond = s.get("if", "")
            if not re.search(r"always\(\)|!cancelled\(\)|failure\(\)", cond):
                problems.append("upload-sarif is skipped when the scan "
                                "fails: if %r" % cond)
    else:
        for job, outs in outputs.items():
            for fmt, out in outs:
                if fmt != "gitlab":
                    continue
                art = doc[job].get("artifacts", {})
                if art.get("reports", {}).get("codequality") != out:
                    problems.append("%s: %s is not its codequality report"
                                    % (job, out))
                if art.get("when") != "always":
                    problems.append("%s: its report is dropped when the "
                                    "scan fails (artifacts: when)" % job)
        if not outputs:
            problems.append("no drvcheck scan job")
    for p in problems:
        print("problem\t%s" % p)
    return 1 if problems else 0


sys.exit(main())
