// SPDX-License-Identifier: GPL-2.0
/// Report a DMA handle released twice on one path (dma_unmap_single/page/
/// sg/resource, dma_free_coherent and friends, dma_pool_free) with no
/// reassignment or reset of the handle, its base pointer or the ring index
/// in between (an iterator such as list_for_each_entry_safe() whose cursor
/// is the base pointer moves it to another entry).  Reported at the second release, with a note at the first.
///
// Confidence: Moderate
// Copyright: (C) 2026 drvcheck authors.
// Comments: handles that are ring entries indexed by a loop counter are
//  left alone (the index changes between iterations).
// Options: --no-includes --include-headers
// Prefilter: dma_unmap_single dma_unmap_page dma_unmap_sg dma_unmap_resource dma_free_coherent dmam_free_coherent dma_free_attrs dma_free_wc dma_free_noncoherent dma_free_pages dma_pool_free pci_unmap_ pci_free_consistent
// Checks: dma-double-unmap
// Model-roles: dma/unmap dma/free

virtual report
virtual org
virtual drvcheck

@initialize:python@
@@
import coccinelle, re
coccinelle.dbu_out = []

class dbuPos:
    def __init__(self, pos):
        self.file, self.line, self.column, self.current_element = pos
        self.line = str(self.line)
        self.column_end = self.column

def dbu_pos(p):
    return (p.file, int(p.line), int(p.column), p.current_element)

_dbu_src = {}
def dbu_line(path, n):
    """line n of a source file, read once per file (spatch's positions are
    the only thing scripts get, and big drivers have many sites)"""
    lines = _dbu_src.get(path)
    if lines is None:
        try:
            with open(path, errors='replace') as fh:
                lines = fh.read().split('\n')
        except OSError:
            lines = []
        _dbu_src[path] = lines
    return lines[n - 1] if 0 < n <= len(lines) else ''

def dbu_fname(p):
    ln = dbu_line(p.file, int(p.line))
    return ln[int(p.column):int(p.column_end)] or '?'

def dbu_key(e):
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

def dbu_add(cid, conf, p, key, msg, notes=()):
    coccinelle.dbu_out.append((cid, conf, dbu_pos(p), key, msg, [(dbu_pos(q), m) for (q, m) in notes]))

_dbu_setters = {}
_dbu_cur = set()
def dbu_scan_setters(path):
    """the function-like macros of the file at path whose body assigns a
    parameter, as a getdesc(dst, src) defined as "(dst) = (src)": spatch does
    not expand them, so a call may give the handle's base a new entry"""
    global _dbu_cur
    if path not in _dbu_setters:
        names = set()
        dbu_line(path, 1)
        text = '\n'.join(_dbu_src[path]).replace('\\\n', ' ')
        for m in re.finditer(r'^\s*\x23\s*define\s+(\w+)\x28([\w\s,]*)\x29(.*)$', text, re.M):
            for par in re.findall(r'\w+', m.group(2)):
                if re.search(r'(?<![\w.>])\x28?\s*%s\s*\x29?\s*=(?!=)' % par, m.group(3)):
                    names.add(m.group(1))
        _dbu_setters[path] = names
    _dbu_cur = _dbu_setters[path]

def dbu_double(p1, p2, key):
    """the second release at p2 of what p1 released (not p1 itself)"""
    if p1[0].line != p2[0].line or p1[0].column != p2[0].column:
        dbu_add('dma-double-unmap', 'medium', p2[0], key,
                '%s() releases a DMA handle that was already released on this path' % dbu_fname(p2[0]),
                [(p1[0], 'first released here by %s()' % dbu_fname(p1[0]))])

def dbu_emit(allout, mode):
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
            coccilib.org.print_todo(dbuPos(pos), '%s [drvcheck-%s]' % (msg, cid))
            for (npos, nmsg) in notes:
                coccilib.org.print_link(dbuPos(npos), '%s [drvcheck-%s]' % (nmsg, cid))
        else:
            coccilib.report.print_report(dbuPos(pos), 'WARNING: %s [drvcheck-%s]' % (msg, cid))
            for (npos, nmsg) in notes:
                coccilib.report.print_report(dbuPos(npos), 'note: %s [drvcheck-%s]' % (nmsg, cid))

// files without a release call skip the path rules below
@dbl_site@
position p;
// BEGIN generated dma-releases as fn: gen-cocci-tables from checkers/model, do not edit
identifier fn = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, dma_pool_free, pci_unmap_single, pci_unmap_page, pci_unmap_sg, pci_free_consistent};
// END generated dma-releases
@@
fn@p(...)

@script:python@
p << dbl_site.p;
@@
dbu_scan_setters(p[0].file)

@dbl_loc depends on dbl_site exists@
idexpression x; expression E, E1, E2, E3; position p1, p2; iterator I; statement S;
identifier M : script:python () { M in _dbu_cur };
// BEGIN generated dma-unmaps: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, pci_unmap_single, pci_unmap_page, pci_unmap_sg};
// END generated dma-unmaps
// BEGIN generated dma-unmaps as fn_3: gen-cocci-tables from checkers/model, do not edit
identifier fn_3 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, pci_unmap_single, pci_unmap_page, pci_unmap_sg};
// END generated dma-unmaps
// BEGIN generated dma-frees as fn_4: gen-cocci-tables from checkers/model, do not edit
identifier fn_4 = {dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, pci_free_consistent};
// END generated dma-frees
@@
\(fn_1@p1(E1, x, ...)
\|dma_pool_free@p1(E1, E2, x)
\)
...
    when != x = E
    when != I(x, ...) S
    when != M(..., x, ...)
    when != &x
    when != memset(...)
    when != dma_unmap_len_set(...)
    when != dma_unmap_addr_set(...)
\(fn_3@p2(E1, x, ...)
\|fn_4@p2(E1, E2, E3, x, ...)
\|dma_pool_free@p2(E1, E2, x)
\)

@script:python@
p1 << dbl_loc.p1; p2 << dbl_loc.p2; x << dbl_loc.x;
@@
dbu_double(p1, p2, 'local:' + str(x))

// a coherent free first: resetting its CPU address (buf = NULL, then
// "if (buf) dma_free_coherent(..., buf, handle)") ends the buffer too
@dbl_loc_free depends on dbl_site exists@
idexpression x; expression E, E1, E2, E3; position p1, p2; iterator I; statement S;
identifier M : script:python () { M in _dbu_cur };
// BEGIN generated dma-frees as fn_2: gen-cocci-tables from checkers/model, do not edit
identifier fn_2 = {dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, pci_free_consistent};
// END generated dma-frees
// BEGIN generated dma-unmaps as fn_3: gen-cocci-tables from checkers/model, do not edit
identifier fn_3 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, pci_unmap_single, pci_unmap_page, pci_unmap_sg};
// END generated dma-unmaps
// BEGIN generated dma-frees as fn_4: gen-cocci-tables from checkers/model, do not edit
identifier fn_4 = {dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, pci_free_consistent};
// END generated dma-frees
@@
fn_2@p1(E1, E2, E3, x, ...)
...
    when != x = E
    when != E3 = E
    when != I(x, ...) S
    when != M(..., x, ...)
    when != &x
    when != memset(...)
\(fn_3@p2(E1, x, ...)
\|fn_4@p2(E1, E2, E3, x, ...)
\)

@script:python@
p1 << dbl_loc_free.p1; p2 << dbl_loc_free.p2; x << dbl_loc_free.x;
@@
dbu_double(p1, p2, 'local:' + str(x))

@dbl_arrow depends on dbl_site exists@
idexpression b; identifier f; expression E, E1, E2, E3; position p1, p2; iterator I; statement S;
identifier M : script:python () { M in _dbu_cur };
// BEGIN generated dma-unmaps: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, pci_unmap_single, pci_unmap_page, pci_unmap_sg};
// END generated dma-unmaps
// BEGIN generated dma-frees as fn_2: gen-cocci-tables from checkers/model, do not edit
identifier fn_2 = {dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, pci_free_consistent};
// END generated dma-frees
// BEGIN generated dma-unmaps as fn_3: gen-cocci-tables from checkers/model, do not edit
identifier fn_3 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, pci_unmap_single, pci_unmap_page, pci_unmap_sg};
// END generated dma-unmaps
// BEGIN generated dma-frees as fn_4: gen-cocci-tables from checkers/model, do not edit
identifier fn_4 = {dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, pci_free_consistent};
// END generated dma-frees
@@
\(fn_1@p1(E1, b->f, ...)
\|fn_2@p1(E1, E2, E3, b->f, ...)
\|dma_pool_free@p1(E1, E2, b->f)
\)
...
    when != b = E
    when != I(b, ...) S
    when != M(..., b, ...)
    when != &b
    when != b++
    when != ++b
    when != b--
    when != b += E
    when != b->f = E
    when != b.f = E
    when != memset(...)
    when != dma_unmap_len_set(...)
    when != dma_unmap_addr_set(...)
\(fn_3@p2(E1, b->f, ...)
\|fn_4@p2(E1, E2, E3, b->f, ...)
\|dma_pool_free@p2(E1, E2, b->f)
\)

@script:python@
p1 << dbl_arrow.p1; p2 << dbl_arrow.p2; f << dbl_arrow.f;
@@
dbu_double(p1, p2, 'field:' + str(f))

@dbl_dot depends on dbl_site exists@
idexpression b; identifier f; expression E, E1, E2, E3; position p1, p2; iterator I; statement S;
identifier M : script:python () { M in _dbu_cur };
// BEGIN generated dma-unmaps: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, pci_unmap_single, pci_unmap_page, pci_unmap_sg};
// END generated dma-unmaps
// BEGIN generated dma-frees as fn_2: gen-cocci-tables from checkers/model, do not edit
identifier fn_2 = {dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, pci_free_consistent};
// END generated dma-frees
// BEGIN generated dma-unmaps as fn_3: gen-cocci-tables from checkers/model, do not edit
identifier fn_3 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, pci_unmap_single, pci_unmap_page, pci_unmap_sg};
// END generated dma-unmaps
// BEGIN generated dma-frees as fn_4: gen-cocci-tables from checkers/model, do not edit
identifier fn_4 = {dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, pci_free_consistent};
// END generated dma-frees
@@
\(fn_1@p1(E1, b.f, ...)
\|fn_2@p1(E1, E2, E3, b.f, ...)
\|dma_pool_free@p1(E1, E2, b.f)
\)
...
    when != b = E
    when != I(b, ...) S
    when != M(..., b, ...)
    when != &b
    when != b++
    when != ++b
    when != b--
    when != b += E
    when != b->f = E
    when != b.f = E
    when != memset(...)
    when != dma_unmap_len_set(...)
    when != dma_unmap_addr_set(...)
\(fn_3@p2(E1, b.f, ...)
\|fn_4@p2(E1, E2, E3, b.f, ...)
\|dma_pool_free@p2(E1, E2, b.f)
\)

@script:python@
p1 << dbl_dot.p1; p2 << dbl_dot.p2; f << dbl_dot.f;
@@
dbu_double(p1, p2, 'field:' + str(f))

@dbl_macro depends on dbl_site exists@
idexpression b; identifier f; expression E, E1, E2, E3; position p1, p2; iterator I; statement S;
identifier M : script:python () { M in _dbu_cur };
// BEGIN generated dma-unmaps: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, pci_unmap_single, pci_unmap_page, pci_unmap_sg};
// END generated dma-unmaps
// BEGIN generated dma-frees as fn_2: gen-cocci-tables from checkers/model, do not edit
identifier fn_2 = {dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, pci_free_consistent};
// END generated dma-frees
// BEGIN generated dma-unmaps as fn_3: gen-cocci-tables from checkers/model, do not edit
identifier fn_3 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, pci_unmap_single, pci_unmap_page, pci_unmap_sg};
// END generated dma-unmaps
// BEGIN generated dma-frees as fn_4: gen-cocci-tables from checkers/model, do not edit
identifier fn_4 = {dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, pci_free_consistent};
// END generated dma-frees
@@
\(fn_1@p1(E1, dma_unmap_addr(b, f), ...)
\|fn_2@p1(E1, E2, E3, dma_unmap_addr(b, f), ...)
\|dma_pool_free@p1(E1, E2, dma_unmap_addr(b, f))
\)
...
    when != b = E
    when != I(b, ...) S
    when != M(..., b, ...)
    when != &b
    when != b++
    when != ++b
    when != b--
    when != b += E
    when != b->f = E
    when != b.f = E
    when != memset(...)
    when != dma_unmap_len_set(...)
    when != dma_unmap_addr_set(...)
\(fn_3@p2(E1, dma_unmap_addr(b, f), ...)
\|fn_4@p2(E1, E2, E3, dma_unmap_addr(b, f), ...)
\|dma_pool_free@p2(E1, E2, dma_unmap_addr(b, f))
\)

@script:python@
p1 << dbl_macro.p1; p2 << dbl_macro.p2; f << dbl_macro.f;
@@
dbu_double(p1, p2, 'field:' + str(f))

@finalize:python depends on drvcheck@
allout << merge.dbu_out;
@@
dbu_emit(allout, 'drvcheck')

@finalize:python depends on org && !drvcheck@
allout << merge.dbu_out;
@@
dbu_emit(allout, 'org')

@finalize:python depends on !org && !drvcheck@
allout << merge.dbu_out;
@@
dbu_emit(allout, 'report')
