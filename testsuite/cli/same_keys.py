#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Two engines' findings of one scan (drvcheck scan --format json, one per
engine) give a finding they both report the same key, so its fingerprint
does not depend on which engines ran.  Fails when they share no finding.

    same_keys.py A.json B.json
"""
import json
import sys


def keys(path):
    with open(path) as fh:
        found = [json.loads(ln) for ln in fh if ln.strip()]
    return {(f['check'], f['file'], f['line']): f['key'] for f in found}


a, b = keys(sys.argv[1]), keys(sys.argv[2])
both = sorted(set(a) & set(b))
bad = [(p, a[p], b[p]) for p in both if a[p] != b[p]]
for (check, file, line), ka, kb in bad:
    print('%s:%d: %s: key %r and %r' % (file, line, check, ka, kb))
if not both:
    print('no finding both engines report')
sys.exit(1 if bad or not both else 0)
