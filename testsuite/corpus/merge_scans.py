#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Merges the JSON lines of separate `drvcheck scan --format json` runs
(one engine each, as the campaign runs them: OUT/<engine>/<shard>.json)
into the lines one scan with all those engines would print: a finding at
the same check, file and line is one, with the union of its engines.
testsuite/agreement.py then compares the engines.

    merge_scans.py FILE|DIR... > merged.json

A directory stands for every *.json below it.
"""
import glob
import json
import os
import sys


def files(args):
    for a in args:
        if os.path.isdir(a):
            yield from sorted(glob.glob(os.path.join(a, '**', '*.json'), recursive=True))
        else:
            yield a


def main():
    if len(sys.argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    merged = {}
    for path in files(sys.argv[1:]):
        with open(path) as fh:
            for ln in fh:
                try:
                    f = json.loads(ln)
                except ValueError:
                    continue
                k = (f['check'], f['file'], f['line'])
                if k in merged:
                    merged[k]['engines'] = sorted(set(merged[k]['engines']) | set(f['engines']))
                else:
                    merged[k] = f
    for k in sorted(merged):
        print(json.dumps(merged[k], sort_keys=True))
    return 0


if __name__ == '__main__':
    sys.exit(main())
