// SPDX-License-Identifier: GPL-2.0
/// Report DMA maps (single, page, resource, skb_frag_dma_map and the legacy
/// pci_map_* names) whose handle is never tested with dma_mapping_error()
/// or pci_dma_mapping_error() on any path (the kmerr.cocci scheme: collect
/// the maps that have a test, report the others).  A handle that is
/// returned to the caller is left to the caller.
///
// Confidence: Moderate
// Copyright: (C) 2026 drvcheck authors.
// Comments: a handle tested through a driver helper whose name contains
//  "mapping_error" counts as tested.
// Options: --no-includes --include-headers
// Checks: dma-mapping-error-unchecked
// Model-roles: dma/mapping_error

virtual report
virtual org
virtual drvcheck

@initialize:python@
@@
import coccinelle, re
coccinelle.dme_out = []

class dmePos:
    def __init__(self, pos):
        self.file, self.line, self.column, self.current_element = pos
        self.line = str(self.line)
        self.column_end = self.column

def dme_pos(p):
    return (p.file, int(p.line), int(p.column), p.current_element)

def dme_fname(p):
    try:
        with open(p.file, errors='replace') as fh:
            ln = fh.read().split('\n')[int(p.line) - 1]
        return ln[int(p.column):int(p.column_end)]
    except Exception:
        return '?'

def dme_key(e):
    e = re.sub(r'\s+', '', str(e))
    if re.match(r'^[A-Za-z_]\w*$', e):
        return 'local:' + e
    m = re.match(r'^dma_unmap_addr\x28(.*),(\w+)\x29$', e)
    if m:
        return m.group(2)
    m = re.search(r'(?:->|[.])(\w+)$', e)
    if m:
        return m.group(1)
    return 'expr:' + e

def dme_add(cid, conf, p, key, msg, notes=()):
    coccinelle.dme_out.append((cid, conf, dme_pos(p), key, msg, [(dme_pos(q), m) for (q, m) in notes]))

def dme_emit(allout, mode):
    out = sorted(set((o[0], o[1], o[2], o[3], o[4], tuple(o[5])) for part in allout for o in part),
                 key=lambda o: (o[2][0], o[2][1], o[2][2], o[0]))
    seen = set()
    for cid, conf, pos, k, msg, notes in out:
        if (cid, pos) in seen:
            continue
        seen.add((cid, pos))
        fl, line, col, fn = pos
        if mode == 'drvcheck':
            print('DRVCHECK\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s' % (cid, conf, fl, line, col + 1, fn, k, msg))
            for (npos, nmsg) in notes:
                print('DRVNOTE\t%s\t%d\t%d\t%s' % (npos[0], npos[1], npos[2] + 1, nmsg))
        elif mode == 'org':
            coccilib.org.print_todo(dmePos(pos), '%s [drvcheck-%s]' % (msg, cid))
            for (npos, nmsg) in notes:
                coccilib.org.print_link(dmePos(npos), '%s [drvcheck-%s]' % (nmsg, cid))
        else:
            coccilib.report.print_report(dmePos(pos), 'WARNING: %s [drvcheck-%s]' % (msg, cid))
            for (npos, nmsg) in notes:
                coccilib.report.print_report(dmePos(npos), 'note: %s [drvcheck-%s]' % (nmsg, cid))

def dme_lhs(p, fn):
    """the handle location a map result is assigned to, from the source"""
    try:
        with open(p.file, errors='replace') as fh:
            ln = fh.read().split('\n')[int(p.line) - 1]
        m = re.search(r'([A-Za-z_][\w>.\x5b\x5d-]*)\s*=\s*$', ln[:int(p.column)])
        if m:
            return dme_key(m.group(1))
    except Exception:
        pass
    return 'map:' + fn

// maps whose handle is tested, returned, or passed to a checker
@wtat exists@
expression H; position p; expression E; identifier chk =~ "mapping_error";
@@
H = \(dma_map_single@p\|dma_map_single_attrs@p\|dma_map_page@p\|dma_map_page_attrs@p\|dma_map_resource@p\|skb_frag_dma_map@p\|pci_map_single@p\|pci_map_page@p\)(...)
... when any
(
\(dma_mapping_error\|pci_dma_mapping_error\)(E, H)
|
chk(..., H, ...)
)

@wtar exists@
expression H; position p; 
@@
H = \(dma_map_single@p\|dma_map_single_attrs@p\|dma_map_page@p\|dma_map_page_attrs@p\|dma_map_resource@p\|skb_frag_dma_map@p\|pci_map_single@p\|pci_map_page@p\)(...)
... when any
return H;

@wtas exists@
expression H; position p; expression E, E2; identifier chk =~ "mapping_error";
@@
H = \(dma_map_single@p\|dma_map_single_attrs@p\|dma_map_page@p\|dma_map_page_attrs@p\|dma_map_resource@p\|skb_frag_dma_map@p\|pci_map_single@p\|pci_map_page@p\)(...)
... when any
E2 = H
... when any
(
\(dma_mapping_error\|pci_dma_mapping_error\)(E, E2)
|
chk(..., E2, ...)
)

@wtdt exists@
type T; identifier H; position p; expression E; identifier chk =~ "mapping_error";
@@
T H = \(dma_map_single@p\|dma_map_single_attrs@p\|dma_map_page@p\|dma_map_page_attrs@p\|dma_map_resource@p\|skb_frag_dma_map@p\|pci_map_single@p\|pci_map_page@p\)(...);
... when any
(
\(dma_mapping_error\|pci_dma_mapping_error\)(E, H)
|
chk(..., H, ...)
)

@wtdr exists@
type T; identifier H; position p; 
@@
T H = \(dma_map_single@p\|dma_map_single_attrs@p\|dma_map_page@p\|dma_map_page_attrs@p\|dma_map_resource@p\|skb_frag_dma_map@p\|pci_map_single@p\|pci_map_page@p\)(...);
... when any
return H;

@wtds exists@
type T; identifier H; position p; expression E, E2; identifier chk =~ "mapping_error";
@@
T H = \(dma_map_single@p\|dma_map_single_attrs@p\|dma_map_page@p\|dma_map_page_attrs@p\|dma_map_resource@p\|skb_frag_dma_map@p\|pci_map_single@p\|pci_map_page@p\)(...);
... when any
E2 = H
... when any
(
\(dma_mapping_error\|pci_dma_mapping_error\)(E, E2)
|
chk(..., E2, ...)
)

@ret@
position p;
@@
return \(dma_map_single@p\|dma_map_single_attrs@p\|dma_map_page@p\|dma_map_page_attrs@p\|dma_map_resource@p\|skb_frag_dma_map@p\|pci_map_single@p\|pci_map_page@p\)(...);

@unchecked@
position p != {wtat.p, wtar.p, wtas.p, wtdt.p, wtdr.p, wtds.p, ret.p};
@@
\(dma_map_single@p\|dma_map_single_attrs@p\|dma_map_page@p\|dma_map_page_attrs@p\|dma_map_resource@p\|skb_frag_dma_map@p\|pci_map_single@p\|pci_map_page@p\)(...)

@script:python@
p << unchecked.p;
@@
fn = dme_fname(p[0])
dme_add('dma-mapping-error-unchecked', 'medium', p[0], dme_lhs(p[0], fn),
        'handle returned by %s() is never tested with dma_mapping_error()' % fn)

@finalize:python depends on drvcheck@
allout << merge.dme_out;
@@
dme_emit(allout, 'drvcheck')

@finalize:python depends on org && !drvcheck@
allout << merge.dme_out;
@@
dme_emit(allout, 'org')

@finalize:python depends on !org && !drvcheck@
allout << merge.dme_out;
@@
dme_emit(allout, 'report')
