#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Sums up a campaign (testsuite/corpus/campaign.sh): per engine, every
shard's units, units not analysed (and why, by the engine's message),
timeouts, crashes, wall and CPU time, peak memory, and findings per check;
then the totals, as Markdown for docs/corpus.md.

    testsuite/corpus/campaign_report.py OUT
"""
import collections
import glob
import json
import os
import re
import sys

SUMMARY = re.compile(r'^drvcheck: (\d+) files, (\d+) findings.*?(?:, (\d+) files partly unparsed)?'
                     r'(?: \((\d+) timed out\))?$')
# the per-file messages of the engines about what they did not analyse
NOT_ANALYSED = [
    (re.compile(r'sparse errors, the file was not analysed'), 'sparse errors (headers, arch)'),
    (re.compile(r'clang errors, not analysed: (.*)'), 'clang errors'),
    (re.compile(r'timed out'), 'timeout'),
    (re.compile(r'clang failed'), 'clang crash'),
    (re.compile(r'failed on module'), 'engine crash'),
    (re.compile(r'partly unparsed|parse error'), 'spatch parse error'),
]
CRASH = re.compile(r'AddressSanitizer|runtime error:|Segmentation fault|core dumped|Assertion')


def shard_row(base):
    row = {'units': 0, 'not': 0, 'timeouts': 0, 'crashes': 0, 'wall': 0.0, 'cpu': 0.0,
           'mem': 0, 'findings': 0, 'rc': None}
    with open(base + '.rc') as fh:
        row['rc'] = int(fh.read().strip() or 0)
    try:
        with open(base + '.time') as fh:
            for ln in fh:
                parts = ln.split()
                if len(parts) == 4 and all(re.match(r'^[\d.]+$', p) for p in parts):
                    row['wall'], u, s, row['mem'] = float(parts[0]), float(parts[1]), float(parts[2]), int(parts[3])
                    row['cpu'] = u + s
    except OSError:
        pass
    reasons = collections.Counter()
    with open(base + '.err', errors='replace') as fh:
        for ln in fh:
            ln = ln.rstrip('\n')
            m = SUMMARY.match(ln)
            if m:
                row['units'] = int(m.group(1))
                row['not'] = int(m.group(3) or 0)
                row['timeouts'] = int(m.group(4) or 0)
                continue
            if CRASH.search(ln):
                row['crashes'] += 1
            for pat, why in NOT_ANALYSED:
                if pat.search(ln):
                    reasons[why] += 1
                    break
    checks = collections.Counter()
    with open(base + '.json', errors='replace') as fh:
        for ln in fh:
            if ln.strip():
                checks[json.loads(ln)['check']] += 1
    row['findings'] = sum(checks.values())
    return row, reasons, checks


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit('usage: campaign_report.py OUT')
    out = sys.argv[1]
    for engine in sorted(os.listdir(out)):
        rcs = sorted(glob.glob(os.path.join(out, engine, '*.rc')))
        if not rcs:
            continue
        total = collections.Counter()
        reasons = collections.Counter()
        checks = collections.Counter()
        print('\n## %s\n' % engine)
        print('| shard | units | not analysed | timeouts | crashes | wall s | CPU s | peak MiB | findings | exit |')
        print('|---|---|---|---|---|---|---|---|---|---|')
        for rc in rcs:
            base = rc[:-3]
            row, why, chk = shard_row(base)
            reasons.update(why)
            checks.update(chk)
            for k in ('units', 'not', 'timeouts', 'crashes', 'wall', 'cpu', 'findings'):
                total[k] += row[k]
            total['mem'] = max(total['mem'], row['mem'])
            total['shards'] += 1
            total['bad_exit'] += row['rc'] not in (0, 1)
            print('| %s | %d | %d | %d | %d | %.0f | %.0f | %.0f | %d | %d |' % (
                os.path.basename(base), row['units'], row['not'], row['timeouts'], row['crashes'],
                row['wall'], row['cpu'], row['mem'] / 1024.0, row['findings'], row['rc']))
        print('| **all %d shards** | %d | %d | %d | %d | %.0f | %.0f | %.0f | %d | %d not 0/1 |' % (
            total['shards'], total['units'], total['not'], total['timeouts'], total['crashes'],
            total['wall'], total['cpu'], total['mem'] / 1024.0, total['findings'], total['bad_exit']))
        if reasons:
            print('\nNot analysed, by reason: ' + ', '.join(
                '%s %d' % kv for kv in reasons.most_common()))
        if checks:
            print('\nFindings per check: ' + ', '.join('%s %d' % kv for kv in sorted(checks.items())))


if __name__ == '__main__':
    main()
