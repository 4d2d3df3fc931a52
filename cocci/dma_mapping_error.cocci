// SPDX-License-Identifier: GPL-2.0
/// Report DMA maps (single, page, resource, skb_frag_dma_map and the legacy
/// pci_map_* names) whose handle is never tested with dma_mapping_error()
/// or pci_dma_mapping_error() on any path (the kmerr.cocci scheme: collect
/// the handles that are tested, report the maps of the others; joined per
/// function without path matching, so it stays cheap).  A handle that is
/// returned to the caller is left to the caller.
///
// Confidence: Moderate
// Copyright: (C) 2026 drvcheck authors.
// Comments: a handle tested through a driver helper whose name contains
//  "mapping_error" counts as tested.
// Options: --no-includes --include-headers
// BEGIN generated dma-handle-maps as prefilter: gen-cocci-tables from checkers/model, do not edit
// Prefilter: dma_map_single dma_map_single_attrs dma_map_page dma_map_page_attrs skb_frag_dma_map dma_map_resource pci_map_single pci_map_page
// END generated dma-handle-maps
// Checks: dma-mapping-error-unchecked
// Model-roles: dma/mapping_error

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
coccinelle.dme_facts = []

def dme_outer_parens(v):
    """whether v is one parenthesised expression, (a) but not (a)+(b)"""
    if not (v.startswith('\x28') and v.endswith('\x29')):
        return False
    depth = 0
    for i, c in enumerate(v):
        depth += {'\x28': 1, '\x29': -1}.get(c, 0)
        if depth == 0 and i < len(v) - 1:
            return False
    return True

def dme_index_parens(v):
    """sg[(i>>2)] -> sg[i>>2]: parentheses that fill an index"""
    i = 0
    while True:
        i = v.find('\x5b\x28', i)
        if i < 0:
            return v
        depth, j = 0, i + 1
        while j < len(v):
            depth += {'\x28': 1, '\x29': -1}.get(v[j], 0)
            if depth == 0:
                break
            j += 1
        if j + 1 < len(v) and v[j + 1] == '\x5d':
            v = v[:i + 1] + v[i + 2:j] + v[j + 1:]
        else:
            i += 1

# a byte-order conversion (cpu_to_le32(), fec32_to_cpu()) keeps the handle:
# a descriptor field holding cpu_to_X(map) is tested as X_to_cpu(field)
_DME_CONV = re.compile(r'^(?:cpu_to_\w+|\w+_to_cpu)(\x28.*\x29)$')

def dme_norm(v):
    """one spelling per handle location: no blanks, casts, byte-order
    conversions, outer or index parens or increments (the map writes
    *++addr, the test reads *addr)"""
    v = re.sub(r'\s+', '', str(v)).replace('++', '').replace('--', '')
    v = dme_index_parens(v)
    while True:
        m = re.match(r'^\x28(?:u64|u32|dma_addr_t|unsignedlong|uintptr_t)\x29(.*)$', v)
        c = _DME_CONV.match(v)
        if m:
            v = m.group(1)
        elif c and dme_outer_parens(c.group(1)):
            v = c.group(1)[1:-1]
        elif dme_outer_parens(v):
            v = v[1:-1]
        else:
            return v

def dme_fact(p, kind, val):
    if isinstance(val, tuple):
        val = tuple(dme_norm(v) for v in val)
    else:
        val = dme_norm(val)
    coccinelle.dme_facts.append((kind, dc_pos(p), val))

def dme_lhs_text(pos):
    ln = dc_line(pos[0], pos[1])
    m = re.search(r'([*]?[A-Za-z_][\w>.\x5b\x5d-]*)\s*=\s*(?:\x28[\w ]+\x29\s*)?(?:cpu_to_\w+\s*\x28\s*)?$', ln[:pos[2]])
    return dme_norm(m.group(1)) if m else None

_DME_CALL = re.compile(r'(?<![\w.>])([A-Za-z_]\w*)\s*\x28')

def dme_calls(body):
    """(callee, argument texts) of each call written in body"""
    for m in _DME_CALL.finditer(body):
        depth, k = 1, m.end()
        while k < len(body) and depth:
            depth += body[k] == '\x28'
            depth -= body[k] == '\x29'
            k += 1
        yield m.group(1), dc_split_args(body[m.end():k - 1])

def dme_helper_tests(path, fn, n):
    """Does function fn, defined in path, give its parameter n to a
    dma_mapping_error() test (iwlwifi set_tb_with_wa() tests the handle its
    caller mapped before it writes the descriptor)?  As sparse reads a
    static helper (check_dma_mapping_error_unchecked.c)."""
    params = dc_func_params(path, fn)
    if not params or n >= len(params):
        return False
    return any(callee in ('dma_mapping_error', 'pci_dma_mapping_error') and
               len(args) == 2 and dme_norm(args[1]) == params[n]
               for callee, args in dme_calls(dc_func_body(path, fn)))

def dme_given_to_tester(path, fn, handles):
    """Is one of handles given, in function fn, to a function of the file
    that tests that parameter (dme_helper_tests())?  Read only for a map
    found untested otherwise: a rule matching every call costs more."""
    return any(dme_norm(a) in handles and dme_helper_tests(path, callee, n)
               for callee, args in dme_calls(dc_func_body(path, fn))
               for n, a in enumerate(args))

def dme_join(allfacts, mode):
    facts = set(f for part in allfacts for f in part)
    lhs = {}
    rets = set()
    tests = set()
    copies = {}
    maps = []
    for kind, pos, val in facts:
        fk = (pos[0], pos[3])
        if kind == 'lhs':
            lhs[pos] = val
        elif kind == 'ret':
            rets.add(pos)
        elif kind == 'test':
            tests.add((fk, val))
        elif kind == 'copy':
            copies.setdefault((fk, val[0]), set()).add(val[1])
        elif kind == 'map':
            maps.append((pos, val))
    out = []
    for pos, fn in sorted(maps):
        fk = (pos[0], pos[3])
        if pos in rets:
            continue
        h = lhs.get(pos)
        if h is None:
            h = dme_lhs_text(pos)
        if h is not None:
            if (fk, h) in tests:
                continue
            if any((fk, c) in tests for c in copies.get((fk, h), ())):
                continue
            if dme_given_to_tester(pos[0], pos[3], {h} | copies.get((fk, h), set())):
                continue
        out.append(('dma-mapping-error-unchecked', 'medium', pos,
                    dc_key(h) if h else 'map:' + fn,
                    'handle returned by %s() is never tested with dma_mapping_error()' % fn, ()))
    dc_emit([out], mode)

// every map site, and where its result goes
@mapsite@
position p;
// BEGIN generated dma-handle-maps: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_map_resource, pci_map_single, pci_map_page};
// END generated dma-handle-maps
@@
fn_1@p(...)

@maplhs depends on mapsite@
expression H; position p;
// BEGIN generated dma-handle-maps: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_map_resource, pci_map_single, pci_map_page};
// END generated dma-handle-maps
@@
H = fn_1@p(...)

@script:python@
p << maplhs.p; h << maplhs.H;
@@
dme_fact(p[0], 'lhs', h)

@maplhsd depends on mapsite@
type T; identifier x; position p;
// BEGIN generated dma-handle-maps: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_map_resource, pci_map_single, pci_map_page};
// END generated dma-handle-maps
@@
T x = fn_1@p(...);

@script:python@
p << maplhsd.p; x << maplhsd.x;
@@
dme_fact(p[0], 'lhs', x)

// (also "return dev ? dma_map_single(...) : 0;", a wrapper's)
@mapret depends on mapsite@
position p; expression C, E;
// BEGIN generated dma-handle-maps: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_map_resource, pci_map_single, pci_map_page};
// END generated dma-handle-maps
@@
return \(fn_1@p(...)\|C ? fn_1@p(...) : E\|C ? E : fn_1@p(...)\);

@script:python@
p << mapret.p;
@@
dme_fact(p[0], 'ret', '')

// tests, returns and copies of handles in the same functions
@tst depends on mapsite@
expression E, H; position q;
identifier chk =~ "mapping_error|map_check|dma_map_err|dma_err";
@@
\(dma_mapping_error@q(E, H)\|pci_dma_mapping_error@q(E, H)\|chk@q(..., H, ...)\)

@script:python@
q << tst.q; h << tst.H;
@@
dme_fact(q[0], 'test', h)

// (only of the handles the maps were assigned to: a rule over every
// return and assignment of the file cost more than all the others)
@rt depends on maplhs@
expression maplhs.H; position q;
@@
return H@q;

@script:python@
q << rt.q; h << maplhs.H;
@@
dme_fact(q[0], 'test', h)

@rtd depends on maplhsd@
identifier maplhsd.x; position q;
@@
return x@q;

@script:python@
q << rtd.q; x << maplhsd.x;
@@
dme_fact(q[0], 'test', x)

@cp depends on maplhs@
expression maplhs.H; expression E; position q;
@@
E@q = H

@script:python@
q << cp.q; h << maplhs.H; e << cp.E;
@@
dme_fact(q[0], 'copy', (str(h), str(e)))

@cpd depends on maplhsd@
identifier maplhsd.x; expression E; position q;
@@
E@q = x

@script:python@
q << cpd.q; x << maplhsd.x; e << cpd.E;
@@
dme_fact(q[0], 'copy', (str(x), str(e)))

@script:python@
p << mapsite.p;
@@
dme_fact(p[0], 'map', dc_fname(p[0]))

@finalize:python depends on drvcheck@
allout << merge.dme_facts;
@@
dme_join(allout, 'drvcheck')

@finalize:python depends on org && !drvcheck@
allout << merge.dme_facts;
@@
dme_join(allout, 'org')

@finalize:python depends on !org && !drvcheck@
allout << merge.dme_facts;
@@
dme_join(allout, 'report')
