#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Recall on mutants of real drivers: each testsuite/corpus/mutants/*/*.mut
re-introduces one bug pattern of kernel history into one file of a real
kernel tree.  For every mutant and engine, the driver's directory is copied
beside itself in the tree (so its Makefile, its headers and "../" includes
stay where Kbuild has them), scanned as it is and with the mutation, and the
mutant counts as found when the mutated file has a finding of the mutant's
check that the unmutated copy has not.  Not part of the test suite (it
needs the real tree and takes minutes); docs/corpus.md has the figures.

  testsuite/corpus/mutants.py [--engines cocci,sparse,clang] [MUT...]

A mutant file:
    # the bug class and the real fix pattern it mirrors
    check: <check id>
    file: <path inside the tree>
    why: <why it breaks on real hardware>
    --- from
    <lines occurring exactly once in the file>
    --- to
    <as many lines>
    --- end
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'testsuite'))
import agreement  # noqa: E402  (the catalogue's engines per check)


def parse(path):
    text = open(path).read()
    m = re.match(r'(.*?)^--- from\n(.*?)^--- to\n(.*?)^--- end', text, re.S | re.M)
    if not m:
        raise ValueError('%s: no --- from / --- to / --- end blocks' % path)
    head = dict(re.findall(r'^(check|file|why):[ \t]*(.*)$', m.group(1), re.M))
    for k in ('check', 'file'):
        if k not in head:
            raise ValueError('%s: no "%s:" line' % (path, k))
    frm, to = m.group(2), m.group(3)
    if frm.count('\n') != to.count('\n'):
        raise ValueError('%s: the replacement changes the line count' % path)
    return dict(head, path=path, frm=frm, to=to)


def module_files(d, name):
    """The C files of d's Kbuild module that links name (name alone when it
    is a module of its own): a join within the module needs all of them."""
    text = ''
    for mk in ('Kbuild', 'Makefile'):
        if os.path.exists(os.path.join(d, mk)):
            text = open(os.path.join(d, mk)).read().replace('\\\n', ' ')
            break
    objs = {}
    for m in re.finditer(r'^\s*([\w-]+)-(?:y|objs|\$\([A-Z0-9_]+\))\s*[:+]?=(.*)$', text, re.M):
        objs.setdefault(m.group(1), []).extend(m.group(2).split())
    obj = name[:-2] + '.o'
    for mod, lst in objs.items():
        if mod not in ('obj', 'lib', 'subdir', 'always', 'extra') and obj in lst:
            files = [o[:-2] + '.c' for o in lst if o.endswith('.o') and '/' not in o]
            return [f for f in files if os.path.exists(os.path.join(d, f))]
    return [name]


def scan(drvcheck, tree, engine, check, target):
    """(set of (line, message) of check in target's file, (verdict, the
    engine's line) when it did not analyse the file or part of it, else
    None)"""
    d = os.path.dirname(target)
    with tempfile.NamedTemporaryFile(suffix='.json') as out:
        p = subprocess.run([drvcheck, 'scan', '-q', '--engine', engine, '--checks', check,
                            '--fail-on', 'never', '--format', 'json', '-o', out.name] +
                           [os.path.relpath(os.path.join(d, f), tree)
                            for f in module_files(d, os.path.basename(target))],
                           cwd=tree, capture_output=True, text=True, timeout=1800)
        rows = [json.loads(ln) for ln in open(out.name) if ln.strip()]
    rel = os.path.relpath(target, tree)
    found = {(r['line'], r['message']) for r in rows
             if r['check'] == check and r['file'] == rel}
    trouble = [ln for ln in p.stderr.splitlines()
               if os.path.basename(target) in ln and 'not analysed' in ln]
    # "parse error, part of the file was not analysed": the rest was
    trouble = [('partly unparsed' if 'part of the file' in ln else 'not analysed', ln)
               for ln in trouble]
    return found, (trouble[0] if trouble else None)


def run_one(mut, engines, drvcheck, tree):
    src = os.path.join(tree, mut['file'])
    text = open(src).read()
    if text.count(mut['frm']) != 1:
        return {e: ('bad', 'from-block occurs %d times' % text.count(mut['frm'])) for e in engines}
    line = text[:text.index(mut['frm'])].count('\n') + 1
    d = os.path.dirname(src)
    copy = d.rstrip('/') + '.drvmut'
    if os.path.exists(copy):
        shutil.rmtree(copy)
    res = {}
    try:
        # the directory's own files copied, its subdirectories linked
        os.mkdir(copy)
        for f in os.listdir(d):
            if os.path.isdir(os.path.join(d, f)):
                os.symlink(os.path.join(d, f), os.path.join(copy, f))
            else:
                shutil.copy2(os.path.join(d, f), copy)
        target = os.path.join(copy, os.path.basename(src))
        for e in engines:
            open(target, 'w').write(text)
            base, _ = scan(drvcheck, tree, e, mut['check'], target)
            open(target, 'w').write(text.replace(mut['frm'], mut['to']))
            found, trouble = scan(drvcheck, tree, e, mut['check'], target)
            new = sorted(found - base)
            if new:
                res[e] = ('found', '%d: %s' % new[0])
            elif trouble:
                res[e] = trouble
            else:
                res[e] = ('missed', '')
    finally:
        shutil.rmtree(copy, ignore_errors=True)
    return {e: (v[0], v[1], line) for e, v in res.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--engines', default='cocci,sparse,clang')
    ap.add_argument('--drvcheck', default=os.path.join(ROOT, 'build', 'drvcheck'))
    ap.add_argument('mutants', nargs='*')
    a = ap.parse_args()
    tree = subprocess.run([os.path.join(ROOT, 'testsuite', 'kernel_source.sh')],
                          capture_output=True, text=True, check=True).stdout.strip()
    engines = a.engines.split(',')
    muts = a.mutants or sorted(glob.glob(os.path.join(ROOT, 'testsuite/corpus/mutants/*/*.mut')))
    claims = agreement.claims(a.drvcheck)
    tally = {}
    for path in muts:
        mut = parse(path)
        mine = [e for e in engines if e in claims.get(mut['check'], ())]
        res = run_one(mut, mine, a.drvcheck, tree)
        for e in engines:
            if e not in mine:
                print('%-40s %-24s %-6s not claimed' % (os.path.basename(path), mut['check'], e))
                continue
            verdict, detail, line = res[e]
            t = tally.setdefault((mut['check'], e), [0, 0])
            t[0] += verdict == 'found'
            t[1] += 1
            print('%-40s %-24s %-6s %-12s %s:%d %s' % (os.path.basename(path), mut['check'], e,
                                                     verdict, mut['file'], line, detail[:120]))
        sys.stdout.flush()
    print('\nrecall per check and engine:')
    for (check, e), (f, n) in sorted(tally.items()):
        print('  %-24s %-6s %d/%d' % (check, e, f, n))
    for e in engines:
        f = sum(v[0] for (c, x), v in tally.items() if x == e)
        n = sum(v[1] for (c, x), v in tally.items() if x == e)
        if n:
            print('  %-24s %-6s %d/%d = %.0f %%' % ('all', e, f, n, 100.0 * f / n))


if __name__ == '__main__':
    main()
