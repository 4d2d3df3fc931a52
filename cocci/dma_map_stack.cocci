// SPDX-License-Identifier: GPL-2.0
/// Report stack memory (a local non-static array, or the address of a
/// local) or a vmalloc()/vzalloc() buffer given to dma_map_single(),
/// pci_map_single() or dma_map_page(virt_to_page(...)).  Within one function.
///
// Confidence: High
// Copyright: (C) 2026 drvcheck authors.
// Comments:
// Options: --no-includes --include-headers
// Prefilter: dma_map_single dma_map_page pci_map_single pci_map_page
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

_dms_src = {}
def dms_line(path, n):
    """line n of a source file, read once per file (spatch's positions are
    the only thing scripts get, and big drivers have many sites)"""
    lines = _dms_src.get(path)
    if lines is None:
        try:
            with open(path, errors='replace') as fh:
                lines = fh.read().split('\n')
        except OSError:
            lines = []
        _dms_src[path] = lines
    return lines[n - 1] if 0 < n <= len(lines) else ''

def dms_fname(p):
    ln = dms_line(p.file, int(p.line))
    return ln[int(p.column):int(p.column_end)] or '?'

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

coccinelle.dms_facts = []

def dms_fact(p, kind, val):
    if isinstance(val, tuple):
        val = tuple(re.sub(r'\s+', '', v) for v in val)
    else:
        val = re.sub(r'\s+', '', str(val))
    coccinelle.dms_facts.append((kind, (p.file, int(p.line), int(p.column), p.current_element), val))

def dms_join(allfacts, allout, mode):
    facts = set(f for part in allfacts for f in part)
    arrs = set()
    statics = set()
    locs = set()
    for kind, pos, val in facts:
        fk = (pos[0], pos[3])
        if kind == 'arr':
            arrs.add((fk, val))
        elif kind == 'static':
            statics.add((fk, val))
        elif kind == 'local':
            locs.add((fk, val))
    out = [o for part in allout for o in part]
    for kind, pos, val in sorted(facts):
        if kind != 'map':
            continue
        fn, a = val
        fk = (pos[0], pos[3])
        m = re.match(r'^([A-Za-z_]\w*)(?:\+.*|\x5b.*)?$', a)
        am = re.match(r'^&([A-Za-z_]\w*)(?:[.\x5b].*)?$', a)
        if m and not a.startswith('&') and (fk, m.group(1)) in arrs and (fk, m.group(1)) not in statics:
            out.append(('dma-map-stack', 'high', pos, 'local:' + m.group(1),
                        '%s() maps the stack array %s; DMA needs kmalloc or page memory' % (fn, m.group(1)), ()))
        elif am and (fk, am.group(1)) in locs and (fk, am.group(1)) not in statics:
            out.append(('dma-map-stack', 'high', pos, 'local:' + am.group(1),
                        '%s() maps &%s, a variable on the stack; DMA needs kmalloc or page memory' % (fn, am.group(1)), ()))
    dms_emit([out], mode)

// buffers given to the maps
@ms@
expression D, A; position p;
// BEGIN generated dma-single-maps: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, pci_map_single};
// END generated dma-single-maps
// BEGIN generated dma-page-maps as fn_2: gen-cocci-tables from checkers/model, do not edit
identifier fn_2 = {dma_map_page, dma_map_page_attrs, pci_map_page};
// END generated dma-page-maps
@@
(
fn_1@p(D, A, ...)
|
fn_2@p(D, virt_to_page(A), ...)
)

@script:python@
p << ms.p; a << ms.A;
@@
dms_fact(p[0], 'map', (dms_fname(p[0]), str(a)))

// declarations of arrays and of static variables in the same functions
@ad depends on ms@
type T; identifier a; expression N; position q;
@@
T a@q[N];

@script:python@
q << ad.q; a << ad.a;
@@
dms_fact(q[0], 'arr', str(a))

@sd depends on ms@
type T; identifier a; position q;
@@
static T a@q;

@script:python@
q << sd.q; a << sd.a;
@@
dms_fact(q[0], 'static', str(a))

@sad depends on ms@
type T; identifier a; expression N; position q;
@@
static T a@q[N];

@script:python@
q << sad.q; a << sad.a;
@@
dms_fact(q[0], 'static', str(a))

@ld depends on ms@
local idexpression x; expression D; identifier fld; position q;
// BEGIN generated dma-single-maps: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, pci_map_single};
// END generated dma-single-maps
// BEGIN generated dma-page-maps as fn_2: gen-cocci-tables from checkers/model, do not edit
identifier fn_2 = {dma_map_page, dma_map_page_attrs, pci_map_page};
// END generated dma-page-maps
@@
(
fn_1@q(D, \(&x\|&x.fld\|&x[...]\|&x.fld[...]\), ...)
|
fn_2@q(D, virt_to_page(\(&x\|&x.fld\|&x[...]\|&x.fld[...]\)), ...)
)

@script:python@
q << ld.q; x << ld.x;
@@
dms_fact(q[0], 'local', str(x))

// a vmalloc() / vzalloc() buffer mapped
@vm depends on ms exists@
expression V, D, E, E2; position p, pv;
identifier fn_1 = {vmalloc, vzalloc};
// BEGIN generated dma-single-maps as fn_2: gen-cocci-tables from checkers/model, do not edit
identifier fn_2 = {dma_map_single, dma_map_single_attrs, pci_map_single};
// END generated dma-single-maps
// BEGIN generated dma-page-maps as fn_3: gen-cocci-tables from checkers/model, do not edit
identifier fn_3 = {dma_map_page, dma_map_page_attrs, pci_map_page};
// END generated dma-page-maps
@@
V = fn_1@pv(...)
... when != V = E2
(
fn_2@p(D, \(V\|V + E\), ...)
|
fn_3@p(D, virt_to_page(\(V\|V + E\)), ...)
)

@script:python@
p << vm.p; v << vm.V; pv << vm.pv;
@@
dms_add('dma-map-stack', 'high', p[0], dms_key(v),
        '%s() maps %s, which is vmalloc memory (not physically contiguous)' % (dms_fname(p[0]), v),
        [(pv[0], 'allocated here by %s()' % dms_fname(pv[0]))])

@finalize:python depends on drvcheck@
allout << merge.dms_out;
allfacts << merge.dms_facts;
@@
dms_join(allfacts, allout, 'drvcheck')

@finalize:python depends on org && !drvcheck@
allout << merge.dms_out;
allfacts << merge.dms_facts;
@@
dms_join(allfacts, allout, 'org')

@finalize:python depends on !org && !drvcheck@
allout << merge.dms_out;
allfacts << merge.dms_facts;
@@
dms_join(allfacts, allout, 'report')
