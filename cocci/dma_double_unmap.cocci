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
// BEGIN generated dma-releases as prefilter: gen-cocci-tables from checkers/model, do not edit
// Prefilter: dma_unmap_single dma_unmap_single_attrs dma_unmap_page dma_unmap_page_attrs dma_unmap_resource dma_unmap_sg dma_unmap_sg_attrs dma_unmap_sgtable dma_free_coherent dmam_free_coherent dma_free_attrs dma_free_wc dma_free_noncoherent dma_free_pages dma_pool_free pci_unmap_single pci_unmap_page pci_unmap_sg pci_free_consistent
// END generated dma-releases
// Checks: dma-double-unmap
// Model-roles: dma/unmap dma/free

virtual report
virtual org
virtual drvcheck

@initialize:python@
@@
# BEGIN generated prelude: gen-cocci-tables from checkers/model, do not edit
# What every drvcheck Coccinelle script needs from Python: positions, the
# source lines around them, a call's arguments, finding keys and the three
# output modes (drvcheck, org, report).  gen-cocci-tables copies this file
# into each script between its prelude markers: spatch cannot import a file
# that sits next to the script (make coccicheck runs from the kernel tree).
# No apostrophes in comments: the SmPL lexer reads them as a char literal.
import bisect, coccinelle, coccilib.org, coccilib.report, os, re


class DcLoc:
    """a place coccilib.report and coccilib.org can print"""
    def __init__(self, f, l, c):
        self.file = f
        self.line = str(l)
        self.column = str(c)
        self.line_end = str(l)
        self.column_end = str(c + 1)


def dc_pos(p):
    """a spatch position as a value that survives the merge of --jobs"""
    return (p.file, int(p.line), int(p.column), p.current_element)


def dc_loc(p):
    """file, line and column (from 0) of a spatch position"""
    return (p.file, int(p.line), int(p.column))


_dc_src = {}


def dc_lines(path):
    """the lines of a source file, read once per file: positions are all a
    script gets from spatch, and a big driver has many sites"""
    lines = _dc_src.get(path)
    if lines is None:
        try:
            with open(path, errors='replace') as fh:
                lines = fh.read().split('\n')
        except OSError:
            lines = []
        _dc_src[path] = lines
    return lines


def dc_line(path, n):
    """line n (from 1) of path, empty when there is none"""
    lines = dc_lines(path)
    return lines[n - 1] if 0 < n <= len(lines) else ''


_dc_texts = {}
def dc_text(path):
    """the file as one string and the offset each line starts at"""
    if path not in _dc_texts:
        lines = dc_lines(path)
        starts, n = [], 0
        for ln in lines:
            starts.append(n)
            n += len(ln) + 1
        _dc_texts[path] = ('\n'.join(lines), starts)
    return _dc_texts[path]


_DC_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
def dc_local_headers(path):
    """path and the driver headers it includes (\"...\" includes, found
    next to the including file, as the preprocessor would), transitively"""
    seen, pending, out = {path}, [path], []
    while pending:
        p = pending.pop()
        out.append(p)
        for inc in _DC_INCLUDE.findall(dc_text(p)[0]):
            h = os.path.normpath(os.path.join(os.path.dirname(p), inc))
            if h not in seen and os.path.isfile(h):
                seen.add(h)
                pending.append(h)
    return out


def dc_lines_with(path, word):
    """the 0-based lines of path that hold the string word: a cheap first
    pass before a regular expression is tried on each line"""
    text, starts = dc_text(path)
    out, k = [], text.find(word)
    while k >= 0:
        i = bisect.bisect_right(starts, k) - 1
        out.append(i)
        k = text.find(word, starts[i + 1] if i + 1 < len(starts) else len(text))
    return out


_dc_bodies = {}
def dc_func_body(path, fn):
    """The body of function fn, comments removed, found the way kernel
    style lays a definition out: the name on a line starting at column 0,
    the braces alone at column 0.  '' when not found."""
    if (path, fn) not in _dc_bodies:
        _dc_bodies[(path, fn)] = dc_find_body(path, fn)
    return _dc_bodies[(path, fn)]


_dc_heads = {}
def dc_head(fn):
    """the pattern of a line that starts the definition of function fn, one
    compiled pattern per name: the re module caches 512, fewer than the
    names a module asks for"""
    if fn not in _dc_heads:
        _dc_heads[fn] = re.compile(r'^(?:[A-Za-z_].*[\s*])?%s\s*\(' % re.escape(fn))
    return _dc_heads[fn]


def dc_find_body(path, fn):
    """dc_func_body() uncached"""
    lines = dc_lines(path)
    head = dc_head(fn)
    for i in dc_lines_with(path, fn):
        if not head.match(lines[i]):
            continue
        j = i
        while j < len(lines) and not lines[j].startswith('{') and not lines[j].rstrip().endswith('{'):
            if lines[j].rstrip().endswith(';'):
                break
            j += 1
        if j >= len(lines) or lines[j].rstrip().endswith(';'):
            continue
        k = j + 1
        while k < len(lines) and not lines[k].startswith('}'):
            k += 1
        body = '\n'.join(lines[j + 1:k])
        return re.sub(r'\x2f\*.*?\*\x2f|\x2f\x2f[^\n]*', ' ', body, flags=re.S)
    return ''


_dc_params = {}
def dc_func_params(path, fn):
    """the parameter names of function fn defined in path, None when not
    found (the head laid out as dc_find_body() expects it)"""
    if (path, fn) not in _dc_params:
        _dc_params[(path, fn)] = None
        lines = dc_lines(path)
        head = dc_head(fn)
        for i in dc_lines_with(path, fn):
            m = head.match(lines[i])
            if not m or not dc_func_body(path, fn):
                continue
            text = '\n'.join(lines[i:i + 8])[m.end():]
            depth, k = 1, 0
            while k < len(text) and depth:
                depth += text[k] == '\x28'
                depth -= text[k] == '\x29'
                k += 1
            names = []
            for a in dc_split_args(text[:k - 1]):
                ids = re.findall(r'[A-Za-z_]\w*', a)
                if ids and ids != ['void']:
                    names.append(ids[-1])
            _dc_params[(path, fn)] = names
            break
    return _dc_params[(path, fn)]


def dc_fname(p):
    """the name a position on a call or an identifier stands on"""
    ln = dc_line(p.file, int(p.line))
    name = ln[int(p.column):int(p.column_end)]
    if not re.match(r'^\w+$', name):
        m = re.match(r'\w+', ln[int(p.column):])
        name = m.group(0) if m else ''
    return name or '?'


def dc_split_args(text):
    """the top-level, comma-separated arguments of an argument list text,
    stripped; a comma inside brackets or a string literal splits nothing"""
    out, depth, cur, quote = [], 0, '', None
    for ch in text:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in (chr(34), chr(39)):
            quote = ch
        elif ch in '\x28\x5b\x7b':
            depth += 1
        elif ch in '\x29\x5d\x7d':
            depth -= 1
        elif ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
            continue
        cur += ch
    if cur.strip() or out:
        out.append(cur.strip())
    return out


def dc_args_at(p):
    """the arguments of the call at position p, read from the source (up to
    a dozen lines on, comments dropped)"""
    lines = dc_lines(p.file)
    n = int(p.line) - 1
    if n >= len(lines):
        return []
    text = lines[n][int(p.column):] + '\n' + '\n'.join(lines[n + 1:n + 12])
    text = re.sub(r'/[*].*?[*]/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    i = text.find('\x28')
    if i < 0:
        return []
    depth, j = 0, i
    while j < len(text):
        if text[j] == '\x28':
            depth += 1
        elif text[j] == '\x29':
            depth -= 1
            if depth == 0:
                break
        j += 1
    return dc_split_args(text[i + 1:j])


def dc_key(e):
    """the key of a handle for a path-sensitive finding: the local, the
    member a field macro (DC_FIELD_GET, after this prelude) or an access
    names, else the expression"""
    e = re.sub(r'\s+', '', str(e))
    if re.match(r'^[A-Za-z_]\w*$', e):
        return 'local:' + e
    m = re.match(r'^(?:%s)\x28(.*),(\w+)\x29$' % DC_FIELD_GET, e)
    if m:
        return m.group(2)
    m = re.search(r'(?:->|[.])(\w+)$', e)
    if m:
        return m.group(1)
    return 'expr:' + e


def dc_flat(parts):
    """the sorted, distinct items of the lists the --jobs workers merged"""
    out = set()
    for part in parts:
        out.update(part)
    return sorted(out)


def dc_print(mode, cid, conf, site, func, key, msg, notes=()):
    """one finding at site (file, line, column from 0) in function func,
    with notes (file, line, column, message), in the output mode"""
    f, l, c = site[:3]
    if mode == 'drvcheck':
        print('DRVCHECK\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s' %
              (cid, conf, f, l, c + 1, func, key, msg))
        for (nf, nl, nc, nm) in notes:
            print('DRVNOTE\t%s\t%d\t%d\t%s' % (nf, nl, nc + 1, nm))
    elif mode == 'org':
        coccilib.org.print_todo(DcLoc(f, l, c), '%s [drvcheck-%s]' % (msg, cid))
        for (nf, nl, nc, nm) in notes:
            coccilib.org.print_link(DcLoc(nf, nl, nc), '%s [drvcheck-%s]' % (nm, cid))
    else:
        coccilib.report.print_report(DcLoc(f, l, c), 'WARNING: %s [drvcheck-%s]' % (msg, cid))
        for (nf, nl, nc, nm) in notes:
            coccilib.report.print_report(DcLoc(nf, nl, nc), 'note: %s [drvcheck-%s]' % (nm, cid))


def dc_finding(cid, conf, p, key, msg, notes=()):
    """a finding at spatch position p, notes as (position, message), as a
    value dc_emit() prints after the merge of --jobs"""
    return (cid, conf, dc_pos(p), key, msg, tuple((dc_pos(q), m) for (q, m) in notes))


def dc_emit(parts, mode):
    """print the findings of dc_finding() the workers merged, in file order,
    one per check and position"""
    seen = set()
    for cid, conf, pos, key, msg, notes in sorted(set(f for part in parts for f in part),
                                                  key=lambda o: (o[2][:3], o[0])):
        if (cid, pos) in seen:
            continue
        seen.add((cid, pos))
        dc_print(mode, cid, conf, pos, pos[3], key, msg,
                 [(n[0], n[1], n[2], m) for (n, m) in notes])
DC_FIELD_GET = 'dma_unmap_addr|dma_unmap_len'
# END generated prelude
coccinelle.dbu_out = []

_dbu_setters = {}
_dbu_cur = set()
def dbu_scan_setters(path):
    """the function-like macros of the file at path whose body assigns a
    parameter, as a getdesc(dst, src) defined as "(dst) = (src)": spatch does
    not expand them, so a call may give the handle's base a new entry"""
    global _dbu_cur
    if path not in _dbu_setters:
        names = set()
        text = '\n'.join(dc_lines(path)).replace('\\\n', ' ')
        for m in re.finditer(r'^\s*\x23\s*define\s+(\w+)\x28([\w\s,]*)\x29(.*)$', text, re.M):
            for par in re.findall(r'\w+', m.group(2)):
                if re.search(r'(?<![\w.>])\x28?\s*%s\s*\x29?\s*=(?!=)' % par, m.group(3)):
                    names.add(m.group(1))
        _dbu_setters[path] = names
    _dbu_cur = _dbu_setters[path]

_dbu_guard = {}   # a release under "if (r)": its place -> the r of each
_dbu_nonzero = set()   # (release, r): r may be non-zero where it runs
_dbu_reset = set()   # (release, later release, r): r assigned in between

def dbu_at(p):
    return (p[0].file, p[0].line, p[0].column)

def dbu_zero_guarded(p1, p2):
    """p2 runs only if r is non-zero, and r is zero where p1 ran: on each
    path to p1 the last assignment of r (not of 0) was followed by a test
    of r, and nothing assigns r between the two ("if (ret) goto err;" up
    to a success-path release, then "err: if (ret)" and the release again)"""
    a, b = dbu_at(p1), dbu_at(p2)
    # p1 under the same "if (r)" runs only if r is non-zero
    return any(r not in _dbu_guard.get(a, ()) and (a, r) not in _dbu_nonzero and
               (a, b, r) not in _dbu_reset for r in _dbu_guard.get(b, ()))

def dbu_double(p1, p2, key):
    """the second release at p2 of what p1 released (not p1 itself)"""
    if dbu_zero_guarded(p1, p2):
        return
    if p1[0].line != p2[0].line or p1[0].column != p2[0].column:
        coccinelle.dbu_out.append(dc_finding(
            'dma-double-unmap', 'medium', p2[0], key,
            '%s() releases a DMA handle that was already released on this path' % dc_fname(p2[0]),
            [(p1[0], 'first released here by %s()' % dc_fname(p1[0]))]))

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

// a release under "if (r)", r a local: what r holds where the releases run
@dbl_rguard depends on dbl_site exists@
local idexpression r;
position p2;
// BEGIN generated dma-releases as fn: gen-cocci-tables from checkers/model, do not edit
identifier fn = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, dma_pool_free, pci_unmap_single, pci_unmap_page, pci_unmap_sg, pci_free_consistent};
// END generated dma-releases
@@
(
if (r) fn@p2(...);
|
if (r) { <+... fn@p2(...) ...+> }
)

@script:python@
r << dbl_rguard.r; p2 << dbl_rguard.p2;
@@
_dbu_guard.setdefault(dbu_at(p2), set()).add(str(r))

@dbl_rnonzero depends on dbl_rguard exists@
local idexpression dbl_rguard.r;
expression E, E2;
statement S;
position p1;
// BEGIN generated dma-releases as fn: gen-cocci-tables from checkers/model, do not edit
identifier fn = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, dma_pool_free, pci_unmap_single, pci_unmap_page, pci_unmap_sg, pci_free_consistent};
// END generated dma-releases
@@
r = E
... when != r = E2
    when != if (r) S
fn@p1(...)

@script:python@
r << dbl_rguard.r; E << dbl_rnonzero.E; p1 << dbl_rnonzero.p1;
@@
if str(E).strip() != '0':
    _dbu_nonzero.add((dbu_at(p1), str(r)))

@dbl_rnonzero_init depends on dbl_rguard exists@
identifier r;
type T;
expression E, E2;
statement S;
position p1;
// BEGIN generated dma-releases as fn: gen-cocci-tables from checkers/model, do not edit
identifier fn = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, dma_pool_free, pci_unmap_single, pci_unmap_page, pci_unmap_sg, pci_free_consistent};
// END generated dma-releases
@@
T r = E;
... when != r = E2
    when != if (r) S
fn@p1(...)

@script:python@
r << dbl_rnonzero_init.r; E << dbl_rnonzero_init.E; p1 << dbl_rnonzero_init.p1;
@@
if str(E).strip() != '0':
    _dbu_nonzero.add((dbu_at(p1), str(r)))

@dbl_rreset depends on dbl_rguard exists@
local idexpression dbl_rguard.r;
expression E;
position p1, p2;
// BEGIN generated dma-releases as fn: gen-cocci-tables from checkers/model, do not edit
identifier fn = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, dma_pool_free, pci_unmap_single, pci_unmap_page, pci_unmap_sg, pci_free_consistent};
// END generated dma-releases
// BEGIN generated dma-releases as fn2: gen-cocci-tables from checkers/model, do not edit
identifier fn2 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, dma_pool_free, pci_unmap_single, pci_unmap_page, pci_unmap_sg, pci_free_consistent};
// END generated dma-releases
@@
fn@p1(...)
...
r = E
...
fn2@p2(...)

@script:python@
r << dbl_rguard.r; p1 << dbl_rreset.p1; p2 << dbl_rreset.p2;
@@
_dbu_reset.add((dbu_at(p1), dbu_at(p2), str(r)))

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
// BEGIN generated dma-list-maps as fn_5: gen-cocci-tables from checkers/model, do not edit
identifier fn_5 = {dma_map_sg, dma_map_sg_attrs, dma_map_sgtable, pci_map_sg};
// END generated dma-list-maps
@@
\(fn_1@p1(E1, x, ...)
\|dma_pool_free@p1(E1, E2, x)
\)
...
    when != x = E
    when != I(x, ...) S
    when != M(..., x, ...)
    when != &x
    when != fn_5(E1, x, ...)
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
// BEGIN generated dma-list-maps as fn_5: gen-cocci-tables from checkers/model, do not edit
identifier fn_5 = {dma_map_sg, dma_map_sg_attrs, dma_map_sgtable, pci_map_sg};
// END generated dma-list-maps
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
    when != fn_5(E1, b->f, ...)
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
// BEGIN generated dma-list-maps as fn_5: gen-cocci-tables from checkers/model, do not edit
identifier fn_5 = {dma_map_sg, dma_map_sg_attrs, dma_map_sgtable, pci_map_sg};
// END generated dma-list-maps
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
    when != fn_5(E1, b.f, ...)
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
dc_emit(allout, 'drvcheck')

@finalize:python depends on org && !drvcheck@
allout << merge.dbu_out;
@@
dc_emit(allout, 'org')

@finalize:python depends on !org && !drvcheck@
allout << merge.dbu_out;
@@
dc_emit(allout, 'report')
