#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Do the engines agree?  Reads the JSON lines of one `drvcheck scan
--format json` run with several engines (findings at the same check, file
and line are merged, with the engines that reported each), and for every
check that two or more of those engines claim (`drvcheck list-checks
--json`) lists each finding some claiming engine reported and
another did not.

A disagreement is explained when the triage file says why (a line
"CHECK<TAB>FILE:LINE<TAB>ENGINE<TAB>reason": ENGINE is the engine that
lacks the finding, or reported it wrongly), or when the source line holds
a testsuite marker that says it (expect(!ENGINE): CHECK, wrong(ENGINE):
CHECK).  Everything else is unexplained: a bug in one engine, or a
capability difference nobody documented yet.

    drvcheck scan --format json --checks all DIR > scan.json
    testsuite/agreement.py --engines cocci,sparse,clang [--triage FILE]
        [--checks dma-unmap-size,...] [--strict] scan.json

Prints per check: both/all engines, only some, agreement (findings all
claiming engines report / all findings), unexplained; with --strict the
exit status is 1 when something is unexplained.
"""
import argparse
import json
import os
import re
import subprocess
import sys


def claims(drvcheck):
    out = subprocess.run([drvcheck, 'list-checks', '--json'],
                         check=True, capture_output=True, text=True).stdout
    return {c['id']: set(c['engines']) for c in map(json.loads, out.splitlines()) if c}


def markers(path, line, cache={}):
    if path not in cache:
        try:
            with open(path, errors='replace') as fh:
                cache[path] = fh.read().split('\n')
        except OSError:
            cache[path] = []
    lines = cache[path]
    text = lines[line - 1] if 0 < line <= len(lines) else ''
    found = set()
    for kind, eng, ids in re.findall(r'(expect|wrong)\((!?\w+)\)\s*:\s*([\w, -]+)', text):
        for cid in re.split(r'[,\s]+', ids.strip()):
            found.add((cid, eng.lstrip('!')))
    return found


def triaged(triage, cid, place, eng):
    """why the triage file explains it: its places are relative to the
    kernel tree, a scan's to where it ran (linux-source-6.1/drivers/...)"""
    for (tcid, tplace, teng), why in triage.items():
        if tcid == cid and teng == eng and (place == tplace or place.endswith('/' + tplace)):
            return why
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('scan')
    ap.add_argument('--engines', required=True, help='the engines the scan ran')
    ap.add_argument('--triage', help='explained disagreements')
    ap.add_argument('--checks', help='only these checks')
    ap.add_argument('--drvcheck', default=os.path.join(os.path.dirname(__file__),
                                                       '..', 'build', 'drvcheck'))
    ap.add_argument('--strict', action='store_true')
    ap.add_argument('--list', action='store_true', help='print every disagreement')
    a = ap.parse_args()

    ran = set(a.engines.split(','))
    claimed = claims(a.drvcheck)
    wanted = set(a.checks.split(',')) if a.checks else None
    triage = {}
    if a.triage:
        with open(a.triage) as fh:
            for ln in fh:
                if ln.strip() and not ln.startswith('#'):
                    cid, place, eng, why = ln.rstrip('\n').split('\t', 3)
                    triage[(cid, place, eng)] = why
    stats = {}
    rows = []
    with open(a.scan) as fh:
        for ln in fh:
            if not ln.strip():
                continue
            f = json.loads(ln)
            cid = f['check']
            engines = claimed.get(cid, set()) & ran
            if len(engines) < 2 or (wanted and cid not in wanted):
                continue
            s = stats.setdefault(cid, {'all': 0, 'some': 0, 'explained': 0, 'unexplained': 0})
            have = set(f['engines']) & engines
            if have == engines:
                s['all'] += 1
                continue
            s['some'] += 1
            place = '%s:%d' % (f['file'], f['line'])
            for eng in sorted(engines - have):
                why = triaged(triage, cid, place, eng)
                if not why and (cid, eng) in markers(f['file'], f['line']):
                    why = 'testsuite marker'
                if why:
                    s['explained'] += 1
                else:
                    s['unexplained'] += 1
                rows.append((cid, place, eng, ','.join(sorted(have)), why or 'UNEXPLAINED'))
    total = {'all': 0, 'some': 0, 'explained': 0, 'unexplained': 0}
    print('| check | found by all claiming engines | by some | agreement | explained | unexplained |')
    print('|---|---|---|---|---|---|')
    for cid in sorted(stats):
        s = stats[cid]
        n = s['all'] + s['some']
        print('| %s | %d | %d | %.0f %% | %d | %d |' % (
            cid, s['all'], s['some'], 100.0 * s['all'] / n if n else 100, s['explained'],
            s['unexplained']))
        for k in total:
            total[k] += s[k]
    n = total['all'] + total['some']
    print('| all | %d | %d | %.1f %% | %d | %d |' % (
        total['all'], total['some'], 100.0 * total['all'] / n if n else 100,
        total['explained'], total['unexplained']))
    if a.list:
        for r in rows:
            print('%s\t%s\tmissing in %s (found by %s)\t%s' % r)
    return 1 if a.strict and total['unexplained'] else 0


if __name__ == '__main__':
    sys.exit(main())
