// SPDX-License-Identifier: GPL-2.0
/// Report stack memory (a local non-static array, or the address of a
/// local) or a vmalloc()/vzalloc() buffer given to dma_map_single(),
/// pci_map_single() or dma_map_page(virt_to_page(...)).  Within one function.
///
// Confidence: High
// Copyright: (C) 2026 drvcheck authors.
// Comments:
// Options: --no-includes --include-headers
// Checks: dma-map-stack
// Model-roles:

virtual report
virtual org
virtual drvcheck

@initialize:python@
@@
import coccinelle, re
coccinelle.dms_out = []

class dmsPos:
    def __init__(self, pos):
        self.file, self.line, self.column, self.current_element = pos
        self.line = str(self.line)
        self.column_end = self.column

def dms_pos(p):
    return (p.file, int(p.line), int(p.column), p.current_element)

def dms_fname(p):
    try:
        with open(p.file, errors='replace') as fh:
            ln = fh.read().split('\n')[int(p.line) - 1]
        return ln[int(p.column):int(p.column_end)]
    except Exception:
        return '?'

def dms_key(e):
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

def dms_add(cid, conf, p, key, msg, notes=()):
    coccinelle.dms_out.append((cid, conf, dms_pos(p), key, msg, [(dms_pos(q), m) for (q, m) in notes]))

def dms_emit(allout, mode):
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
            coccilib.org.print_todo(dmsPos(pos), '%s [drvcheck-%s]' % (msg, cid))
            for (npos, nmsg) in notes:
                coccilib.org.print_link(dmsPos(npos), '%s [drvcheck-%s]' % (nmsg, cid))
        else:
            coccilib.report.print_report(dmsPos(pos), 'WARNING: %s [drvcheck-%s]' % (msg, cid))
            for (npos, nmsg) in notes:
                coccilib.report.print_report(dmsPos(npos), 'note: %s [drvcheck-%s]' % (nmsg, cid))

def dms_lhs(p, fn):
    """the handle location a map result is assigned to, from the source"""
    try:
        with open(p.file, errors='replace') as fh:
            ln = fh.read().split('\n')[int(p.line) - 1]
        m = re.search(r'([A-Za-z_][\w>.\x5b\x5d-]*)\s*=\s*$', ln[:int(p.column)])
        if m:
            return dms_key(m.group(1))
    except Exception:
        pass
    return 'map:' + fn

def dms_lhsarg(p):
    return 'release'

// a local array, or the address of a local, mapped
@sarr exists@
type T; identifier a; expression N, D, E; position p;
@@
static T a[N];
... when any
(
\(dma_map_single@p\|dma_map_single_attrs@p\|pci_map_single@p\)(D, \(a\|&a[...]\|a + E\), ...)
|
\(dma_map_page@p\|dma_map_page_attrs@p\|pci_map_page@p\)(D, virt_to_page(\(a\|&a[...]\|a + E\)), ...)
)

@arr exists@
type T; identifier a; expression N, D, E; position p != sarr.p;
@@
T a[N];
... when any
(
\(dma_map_single@p\|dma_map_single_attrs@p\|pci_map_single@p\)(D, \(a\|&a[...]\|a + E\), ...)
|
\(dma_map_page@p\|dma_map_page_attrs@p\|pci_map_page@p\)(D, virt_to_page(\(a\|&a[...]\|a + E\)), ...)
)

@script:python@
p << arr.p; a << arr.a;
@@
dms_add('dma-map-stack', 'high', p[0], 'local:' + str(a),
        '%s() maps the stack array %s; DMA needs kmalloc or page memory' % (dms_fname(p[0]), a))

@sadr exists@
type T; identifier x, fld; position p; expression D;
@@
static T x;
... when any
(
\(dma_map_single@p\|dma_map_single_attrs@p\|pci_map_single@p\)(D, \(&x\|&x.fld\|&x.fld[...]\), ...)
|
\(dma_map_page@p\|dma_map_page_attrs@p\|pci_map_page@p\)(D, virt_to_page(\(&x\|&x.fld\|&x.fld[...]\)), ...)
)

@sadra exists@
type T; identifier x; position p; expression D, N;
@@
static T x[N];
... when any
(
\(dma_map_single@p\|dma_map_single_attrs@p\|pci_map_single@p\)(D, \(&x\|&x[...]\), ...)
|
\(dma_map_page@p\|dma_map_page_attrs@p\|pci_map_page@p\)(D, virt_to_page(\(&x\|&x[...]\)), ...)
)

@adr@
local idexpression x; expression D; identifier fld; position p != {sadr.p, sadra.p};
@@
(
\(dma_map_single@p\|dma_map_single_attrs@p\|pci_map_single@p\)(D, \(&x\|&x.fld\|&x[...]\|&x.fld[...]\), ...)
|
\(dma_map_page@p\|dma_map_page_attrs@p\|pci_map_page@p\)(D, virt_to_page(\(&x\|&x.fld\|&x[...]\|&x.fld[...]\)), ...)
)

@script:python@
p << adr.p; x << adr.x;
@@
dms_add('dma-map-stack', 'high', p[0], 'local:' + str(x),
        '%s() maps &%s, a variable on the stack; DMA needs kmalloc or page memory' % (dms_fname(p[0]), x))

// a vmalloc() / vzalloc() buffer mapped
@vm exists@
expression V, D, E, E2; position p, pv;
@@
V = \(vmalloc@pv\|vzalloc@pv\)(...)
... when != V = E2
(
\(dma_map_single@p\|dma_map_single_attrs@p\|pci_map_single@p\)(D, \(V\|V + E\), ...)
|
\(dma_map_page@p\|dma_map_page_attrs@p\|pci_map_page@p\)(D, virt_to_page(\(V\|V + E\)), ...)
)

@script:python@
p << vm.p; v << vm.V; pv << vm.pv;
@@
dms_add('dma-map-stack', 'high', p[0], dms_key(v),
        '%s() maps %s, which is vmalloc memory (not physically contiguous)' % (dms_fname(p[0]), v),
        [(pv[0], 'allocated here by %s()' % dms_fname(pv[0]))])

@finalize:python depends on drvcheck@
allout << merge.dms_out;
@@
dms_emit(allout, 'drvcheck')

@finalize:python depends on org && !drvcheck@
allout << merge.dms_out;
@@
dms_emit(allout, 'org')

@finalize:python depends on !org && !drvcheck@
allout << merge.dms_out;
@@
dms_emit(allout, 'report')
