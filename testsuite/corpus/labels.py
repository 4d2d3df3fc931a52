#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The labelled findings of the campaign (testsuite/corpus/labels/).

A labels file has one finding a line, tab-separated:

    fingerprint  file:line  check-id  TRUE|FALSE|UNSURE  reason

(# starts a comment).  The fingerprint is drvcheck's (files relative to the
tree's root, as campaign.sh scans), so a label follows its finding across
runs (lines may move); in one tree, file:line and check name a finding,
for every engine (a fingerprint may stand for several lines).

    labels.py sample OUT [--seed S] [-n N] [--min-per-check K]
                         [--exclude LABELS...] [--skip DIR...]
                         [--opt-in CHECK...]
        draws N findings of a campaign at random (fixed seed), stratified
        by check: every check with findings gets at least K (or all it
        has), the rest in proportion among the default-on checks (--opt-in
        names the others: iomem-not-exclusive, poll-sleep-legacy); already labelled fingerprints and
        findings under --skip directories are not drawn.  Prints lines
        to label (label column TODO).

    labels.py score OUT LABELS...

OUT is a campaign directory, or several, comma-separated (a later pass of
some checks, campaign.sh -c, beside the first).
        precision per check, per engine and per severity from the labels
        and the campaign's findings (UNSURE counts in neither side), and
        the labelled findings that disappeared from shards the campaign
        ran: a FALSE one is a fix, a TRUE one a lost true positive.
"""
import argparse
import collections
import glob
import json
import os
import random
import sys

LABELS = ('TRUE', 'FALSE', 'UNSURE')


def read_campaigns(outs):
    """read_campaign() of several campaign directories (a later pass of some
    checks beside the first), their findings and shards together."""
    found, shards = {}, collections.defaultdict(set)
    for out in outs.split(','):
        f, s = read_campaign(out)
        for at, x in f.items():
            kept = found.setdefault(at, x)
            if kept is not x:
                kept['seen_by'] |= x['seen_by']
                kept['fps'] |= x['fps']
        for e, names in s.items():
            shards[e] |= names
    return found, shards


def read_campaign(out):
    """{(file:line, check): finding} over every engine, with 'seen_by' the
    engines that reported it and 'fps' their fingerprints (an engine's key
    for a path-sensitive check is its own, so one finding may have two);
    and {engine: set of shard names run}."""
    found, shards = {}, collections.defaultdict(set)
    for rc in sorted(glob.glob(os.path.join(out, '*', '*.rc'))):
        engine = os.path.basename(os.path.dirname(rc))
        base = rc[:-3]
        shards[engine].add(os.path.basename(base))
        try:
            fh = open(base + '.json', errors='replace')
        except OSError:
            continue
        with fh:
            for ln in fh:
                if not ln.strip():
                    continue
                f = json.loads(ln)
                kept = found.setdefault((where(f), f['check']), f)
                kept.setdefault('seen_by', set()).add(engine)
                kept.setdefault('fps', set()).add(f['fingerprint'])
    if not shards:
        sys.exit(f'labels: {out} holds no campaign results (OUT/<engine>/<shard>.rc)')
    return found, shards


def read_labels(paths):
    labels = {}
    for path in paths:
        with open(path) as fh:
            for n, ln in enumerate(fh, 1):
                ln = ln.rstrip('\n')
                if not ln.strip() or ln.startswith('#'):
                    continue
                cols = ln.split('\t')
                if len(cols) != 5 or cols[3] not in LABELS or not cols[4].strip():
                    sys.exit(f'{path}:{n}: want fingerprint, file:line, check, '
                             f'{"/".join(LABELS)}, reason (tab-separated)')
                fp, at, check, label, reason = cols
                if (at, check) in labels:
                    sys.exit(f'{path}:{n}: {at} {check} labelled twice')
                labels[(at, check)] = {'fp': fp, 'where': at, 'check': check,
                                       'label': label, 'reason': reason}
    return labels


def shard_of(path, ran):
    """The campaign shard (campaign.sh's naming: the directory with / as _,
    its own files only with _top) a file belongs to, if one was run."""
    p = path.split('/')[:-1]
    names = ['_'.join(p + ['top'])] + ['_'.join(p[:k]) for k in range(len(p), 0, -1)]
    return next((s for s in names if s in ran), None)


def where(f):
    return f"{f['file']}:{f['line']}"


def cmd_sample(args):
    found, _ = read_campaigns(args.out)
    done = read_labels(args.exclude) if args.exclude else {}
    outside = [d.rstrip('/') + '/' for d in args.skip]
    pool = collections.defaultdict(list)
    for at in sorted(found):
        f = found[at]
        if at in done or any(f['file'].startswith(d) for d in outside):
            continue
        pool[f['check']].append(f)
    rng = random.Random(args.seed)
    total = sum(len(v) for v in pool.values())
    # every check its minimum first, then the remainder in proportion among
    # the default-on checks (an opt-in check's findings are not what a
    # maintainer sees first)
    want = {c: min(len(v), args.min_per_check) for c, v in pool.items()}
    left = args.n - sum(want.values())
    shared = sum(len(v) for c, v in pool.items() if c not in args.opt_in)
    if left > 0 and shared:
        for c, v in pool.items():
            if c not in args.opt_in:
                want[c] = min(len(v), want[c] + round(left * len(v) / shared))
    picked = []
    for c in sorted(pool):
        picked += rng.sample(pool[c], want[c])
    print(f'# drawn by labels.py sample --seed {args.seed} -n {args.n} '
          f'--min-per-check {args.min_per_check} --opt-in {" ".join(args.opt_in)} '
          f'from {total} findings')
    for f in sorted(picked, key=lambda f: (f['check'], f['file'], f['line'])):
        print('\t'.join([f['fingerprint'], where(f), f['check'], 'TODO',
                         f"[{','.join(sorted(f['seen_by']))}] {f['function']}: {f['message']}"]))
    return 0


def pct(t, fl):
    return f'{100.0 * t / (t + fl):.0f} %' if t + fl else '-'


def table(title, rows):
    print(f'\n| {title} | TRUE | FALSE | UNSURE | precision |\n|---|---|---|---|---|')
    for name in sorted(rows):
        c = rows[name]
        print(f"| {name} | {c['TRUE']} | {c['FALSE']} | {c['UNSURE']} | {pct(c['TRUE'], c['FALSE'])} |")


def cmd_score(args):
    found, shards = read_campaigns(args.out)
    labels = read_labels(args.labels)
    by_check, by_engine, by_sev = (collections.defaultdict(collections.Counter) for _ in range(3))
    overall = collections.Counter()
    gone = []
    ran = set().union(*shards.values())
    # where the tree has not changed, file:line and check; where it has,
    # the fingerprint (function and key) of a finding not labelled itself
    by_fp = {fp: f for at, f in found.items() if at not in labels for fp in f['fps']}
    for at, lab in sorted(labels.items()):
        f = found.get(at) or by_fp.get(lab['fp'])
        if f is None:
            if shard_of(lab['where'].rsplit(':', 1)[0], ran):
                gone.append(lab)
            continue
        label = lab['label']
        overall[label] += 1
        by_check[f['check']][label] += 1
        by_sev[f['severity']][label] += 1
        for e in f['seen_by']:
            by_engine[e][label] += 1
    n = sum(overall.values())
    print(f'{n} labelled findings in this campaign, precision {pct(overall["TRUE"], overall["FALSE"])} '
          f'({overall["TRUE"]} true, {overall["FALSE"]} false, {overall["UNSURE"]} unsure)')
    table('check', by_check)
    table('engine', by_engine)
    table('severity', by_sev)
    if gone:
        print(f'\n{len(gone)} labelled findings no longer reported:')
        what = {'TRUE': 'LOST TRUE POSITIVE', 'FALSE': 'fixed false positive', 'UNSURE': 'gone (was unsure)'}
        for lab in gone:
            print(f"  {what[lab['label']]}: {lab['where']} {lab['check']} {lab['fp']} -- {lab['reason']}")
    return 1 if any(lab['label'] == 'TRUE' for lab in gone) else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    s = sub.add_parser('sample')
    s.add_argument('out')
    s.add_argument('--seed', type=int, default=13)
    s.add_argument('-n', type=int, default=200)
    s.add_argument('--min-per-check', type=int, default=5)
    s.add_argument('--exclude', nargs='*', default=[])
    s.add_argument('--skip', nargs='*', default=[])
    s.add_argument('--opt-in', nargs='*', default=['iomem-not-exclusive', 'poll-sleep-legacy'])
    s.set_defaults(run=cmd_sample)
    s = sub.add_parser('score')
    s.add_argument('out')
    s.add_argument('labels', nargs='+')
    s.set_defaults(run=cmd_score)
    args = ap.parse_args()
    for out in args.out.split(','):
        if not os.path.isdir(out):
            sys.exit(f'labels: {out}: not a campaign directory')
    sys.exit(args.run(args))


if __name__ == '__main__':
    main()
