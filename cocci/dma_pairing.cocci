// SPDX-License-Identifier: GPL-2.0
/// Pair every DMA map / alloc site with the unmap, sync and free sites of
/// the same handle (a local within its function, or a struct field across
/// the functions and files of one driver directory) and report releases
/// whose size, kind, direction or sg count provably differs from the
/// mapping, coherent memory given to streaming calls (and the reverse),
/// and DMA_NONE used as a direction.
///
// Confidence: Moderate
// Copyright: (C) 2026 drvcheck authors.
// Comments: facts are collected per site and joined in @finalize:python@;
//  only provably different sizes/directions are reported.
// Options: --no-includes --include-headers
// BEGIN generated dma-sites as prefilter: gen-cocci-tables from checkers/model, do not edit
// Prefilter: dma_map_single dma_map_single_attrs dma_unmap_single dma_unmap_single_attrs dma_map_page dma_map_page_attrs skb_frag_dma_map dma_unmap_page dma_unmap_page_attrs dma_map_resource dma_unmap_resource dma_map_sg dma_map_sg_attrs dma_unmap_sg dma_unmap_sg_attrs dma_map_sgtable dma_unmap_sgtable dma_sync_single_for_cpu dma_sync_single_for_device dma_sync_single_range_for_cpu dma_sync_single_range_for_device dma_sync_sg_for_cpu dma_sync_sg_for_device dma_sync_sgtable_for_cpu dma_sync_sgtable_for_device dma_alloc_coherent dma_zalloc_coherent dmam_alloc_coherent dma_alloc_attrs dma_alloc_wc dma_free_coherent dmam_free_coherent dma_free_attrs dma_free_wc dma_alloc_noncoherent dma_free_noncoherent dma_alloc_pages dma_free_pages dma_pool_alloc dma_pool_zalloc dma_pool_free pci_map_single pci_unmap_single pci_map_page pci_unmap_page pci_map_sg pci_unmap_sg pci_dma_sync_single_for_cpu pci_dma_sync_single_for_device pci_dma_sync_sg_for_cpu pci_dma_sync_sg_for_device pci_alloc_consistent pci_zalloc_consistent pci_free_consistent
// END generated dma-sites
// BEGIN generated iomem-calls as prefilter: gen-cocci-tables from checkers/model, do not edit
// Prefilter: request_region request_muxed_region request_mem_region request_mem_region_exclusive __request_region __request_mem_region devm_request_region devm_request_mem_region __devm_request_region release_region release_mem_region __release_region devm_release_region devm_release_mem_region request_resource devm_request_resource insert_resource release_resource amba_request_regions amba_release_regions pci_request_region pci_request_region_exclusive pci_request_regions pci_request_regions_exclusive pci_request_mem_regions pci_request_selected_regions pci_request_selected_regions_exclusive pcim_request_region pcim_request_all_regions comedi_pci_enable vmbus_allocate_mmio serial8250_register_8250_port pcmcia_request_window mcb_request_mem mcb_release_mem pci_release_region pci_release_regions pci_release_mem_regions pci_release_selected_regions pcim_iomap_regions pcim_iomap_regions_request_all pcim_iomap_region devm_ioremap_resource devm_platform_ioremap_resource devm_platform_ioremap_resource_byname devm_platform_get_and_ioremap_resource devm_of_iomap of_io_request_and_map ioremap ioremap_wc ioremap_uc ioremap_wt ioremap_cache ioremap_nocache devm_ioremap devm_ioremap_wc devm_ioremap_uc devm_ioremap_nocache of_iomap pci_iomap pci_iomap_wc pci_iomap_range pci_ioremap_bar pci_ioremap_wc_bar pcim_iomap pcim_iomap_range iounmap pci_iounmap devm_iounmap
// END generated iomem-calls
// Checks: dma-unmap-size dma-unmap-kind dma-coherent-streaming-mix dma-direction dma-unmap-sg-nents iomem-release-mismatch iomem-unrequested-map iomem-not-exclusive
// Judged: dma-unmap-size dma-unmap-kind dma-coherent-streaming-mix dma-direction dma-unmap-sg-nents iomem-release-mismatch iomem-unrequested-map iomem-not-exclusive
// Model-roles: dma/map dma/unmap dma/sync dma/alloc dma/free iomem/region_request iomem/region_release iomem/region_request_map iomem/iomap iomem/resource_insert iomem/resource_release mem/mem_free

virtual report
virtual org
virtual drvcheck
virtual iomem_not_exclusive

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
import fractions, math
coccinelle.dcp_facts = []
coccinelle.dcp_notexcl = False

# in a function body, for every name: where "name =" ends, where "&name"
# is an argument, whether it is updated (name += n, name++, --name)
_DCP_ASSIGN = re.compile(r'(?<![\w.>*])([A-Za-z_]\w*)\s*=(?!=)')
_DCP_ADDR_ARG = re.compile(r'[\x28,]\s*&\s*([A-Za-z_]\w*)\s*(?=[,\x29])')
_DCP_SELF_UPDATE = re.compile(r'(?<![\w.>*])([A-Za-z_]\w*)\s*(?:(?:[-+*/%&|^]|<<|>>)=|\+\+|--)')
_DCP_PRE_UPDATE = re.compile(r'(?:\+\+|--)\s*([A-Za-z_]\w*)(?!\s*(?:[\w\x5b.]|->))')
_dcp_body_index = {}
def dcp_body_index(body):
    """(assignments, address arguments, updated names) of a function body,
    each name's positions, read once for all its names"""
    if body not in _dcp_body_index:
        asg, addr = {}, {}
        for m in _DCP_ASSIGN.finditer(body):
            asg.setdefault(m.group(1), []).append(m.end())
        for m in _DCP_ADDR_ARG.finditer(body):
            addr.setdefault(m.group(1), []).append(m.start())
        upd = set(_DCP_SELF_UPDATE.findall(body)) | set(_DCP_PRE_UPDATE.findall(body))
        _dcp_body_index[body] = (asg, addr, upd)
    return _dcp_body_index[body]

def dcp_text_loads(path, fn, name):
    """The values local name is given in function fn (name = value, also in
    its declaration), read from the source: a handle loaded from a ring
    entry, a length held in a local.  Read on demand at the join, because
    matching every assignment with SmPL was a third of the whole run."""
    body = dc_func_body(path, fn)
    asg, addr, upd = dcp_body_index(body)
    vals = set()
    for end in asg.get(name, ()):
        depth, i = 0, end
        while i < len(body):
            c = body[i]
            if c in '\x28\x5b\x7b':
                depth += 1
            elif c in '\x29\x5d\x7d':
                depth -= 1
                if depth < 0:
                    break
            elif depth == 0 and c in ';,':
                break
            i += 1
        v = dcp_n(body[end:i])
        if v:
            vals.add(v)
    # its address handed to a call that is no model function (an out
    # parameter: ath11k_hal_rx_reo_ent_paddr_get(ab, ring, &paddr, ...)):
    # a value nobody here can see, as the other engines record it
    for start in addr.get(name, ()):
        depth, i = 0, start
        while i >= 0:
            depth += {'\x29': 1, '\x28': -1}.get(body[i], 0)
            if depth < 0:
                break
            i -= 1
        callee = re.search(r'([A-Za-z_]\w*)\s*$', body[:max(i, 0)])
        if callee and callee.group(1) not in _DCP_LAYOUT:
            vals.add(DCP_UNKNOWN)
    # len += 4, dma++: derived from itself (a handle stepped within its
    # mapping, a size no longer known), as the other engines record it
    if name in upd:
        vals.add(DCP_DERIVED)
    return vals

DCP_DERIVED = '\x01derived'
DCP_UNKNOWN = '\x01unknown'

# byte-order conversions: the compilers look through the casts and
# builtins they expand to, spatch without headers sees calls
# BEGIN generated conversions: gen-cocci-tables from checkers/model, do not edit
DCP_CONV = {"cpu_to_le16", "cpu_to_le32", "cpu_to_le64", "le16_to_cpu", "le32_to_cpu", "le64_to_cpu", "cpu_to_be16", "cpu_to_be32", "cpu_to_be64", "be16_to_cpu", "be32_to_cpu", "be64_to_cpu", "ntohs", "ntohl", "htons", "htonl", "swab16", "swab32", "swab64", "__swab16", "__swab32", "__swab64", "__fswab16", "__fswab32", "__fswab64", "__builtin_bswap16", "__builtin_bswap32", "__builtin_bswap64"}
# END generated conversions

def dcp_call_parts(e):
    """'f(a, b)' -> ('f', ['a', 'b']) when e is one whole call, else None"""
    m = re.match(r'^([A-Za-z_]\w*)\s*\x28', e)
    if not m or not e.endswith('\x29'):
        return None
    depth = 0
    for k in range(m.end() - 1, len(e)):
        depth += e[k] == '\x28'
        depth -= e[k] == '\x29'
        if depth == 0 and k != len(e) - 1:
            return None
    inner = e[m.end():-1].strip()
    return m.group(1), (dc_split_args(inner) if inner else [])

def dcp_statements(body):
    """the statements of a function body, split at the top-level ';'"""
    out, depth, cur = [], 0, ''
    for ch in body:
        depth += ch in '\x28\x5b'
        depth -= ch in '\x29\x5d'
        if ch == ';' and depth == 0:
            out.append(cur.strip())
            cur = ''
        elif ch not in '\x7b\x7d' or depth:
            cur += ch
        else:
            out.append(cur.strip())
            cur = ''
    return [x for x in out if x]

def dcp_assignment(st):
    """'lhs = rhs' (a plain assignment) -> (lhs, rhs), else None"""
    depth = 0
    for k, ch in enumerate(st):
        depth += ch in '\x28\x5b'
        depth -= ch in '\x29\x5d'
        if (depth == 0 and ch == '=' and k and st[k - 1] not in '=!<>+-*/%&|^'
                and st[k + 1:k + 2] != '='):
            return st[:k].strip(), st[k + 1:].strip()
    return None

def dcp_subst(expr, params, args):
    """expr with each parameter replaced by its argument"""
    for name, arg in zip(params, args):
        a = arg if re.match(r'^[\w>.\x5b\x5d&*-]+$', arg) else '\x28%s\x29' % arg
        expr = re.sub(r'(?<![\w.>])%s\b' % re.escape(name), lambda _m: a, expr)
    return expr

def dcp_unwrap(path, e, depth=0):
    """what e stands for: the value inside a byte-order conversion, the
    expression a one-line accessor of the driver returns for these
    arguments (desc_get_buf_addr(p) is le32_to_cpu(p->buf1_addr), so
    p->buf1_addr); e itself otherwise"""
    c = dcp_call_parts(e.strip()) if depth < 4 else None
    if not c:
        return e
    fn, args = c
    if fn in DCP_CONV and len(args) == 1:
        return dcp_unwrap(path, args[0], depth + 1)
    params = dc_func_params(path, fn)
    sts = dcp_statements(dc_func_body(path, fn)) if params is not None else []
    if len(sts) != 1 or len(params) != len(args):
        return e
    m = re.match(r'^return\s+(.*)$', sts[0], re.S)
    if not m:
        return e
    return dcp_unwrap(path, dcp_n(dcp_subst(m.group(1), params, args)), depth + 1)

_dcp_funcs = {}
def dcp_functions(path):
    """(name, first line, last line) of each function defined in path, laid
    out as dc_find_body() expects; lines 0-based"""
    if path not in _dcp_funcs:
        lines, out, i = dc_lines(path), [], 0
        head = re.compile(r'^(?:[A-Za-z_].*[\s*])?([A-Za-z_]\w*)\s*\x28')
        while i < len(lines):
            m = head.match(lines[i])
            j = i
            while m and j < len(lines) and not lines[j].startswith('\x7b') \
                    and not lines[j].rstrip().endswith('\x7b') and not lines[j].rstrip().endswith(';'):
                j += 1
            if not m or j >= len(lines) or lines[j].rstrip().endswith(';'):
                i += 1
                continue
            k = j + 1
            while k < len(lines) and not lines[k].startswith('\x7d'):
                k += 1
            out.append((m.group(1), i, k))
            i = k + 1
        _dcp_funcs[path] = out
    return _dcp_funcs[path]

def dcp_enclosing(path, line):
    """the function whose definition holds 0-based line, else None"""
    for name, a, b in dcp_functions(path):
        if a <= line <= b:
            return name
    return None

def dcp_text_calls(path, fns):
    """the calls of the functions fns written in path, read from the text:
    (0-based line, enclosing function, argument list, the line's text
    before the call, callee); definitions and comments skipped"""
    lines = dc_lines(path)
    text = dc_text(path)[0]
    fns = [f for f in fns if f in text]
    if not fns:
        return []
    pat = re.compile(r'(?<![\w.>])(%s)\s*\x28' % '|'.join(re.escape(f) for f in fns))
    out = []
    for i in sorted(set(i for f in fns for i in dc_lines_with(path, f))):
        ln = lines[i]
        s = ln.lstrip()
        if s.startswith(('*', '\x2f\x2f', '\x2f*', '#')):
            continue
        for m in pat.finditer(ln):
            caller = dcp_enclosing(path, i)
            if caller is None or caller == m.group(1):
                continue
            text = '\n'.join(lines[i:i + 10])[m.end():]
            depth, k = 1, 0
            while k < len(text) and depth:
                depth += text[k] == '\x28'
                depth -= text[k] == '\x29'
                k += 1
            if depth:
                continue
            out.append((i, caller, [dcp_n(a) for a in dc_split_args(text[:k - 1])],
                        ln[:m.start()], m.group(1)))
    return out

# x->a.fld += n, ring[i].fld++, --x->fld: the member updated, and the
# base before it read back from the text (a pattern that matched the whole
# chain at every identifier was a quarter of the join)
_DCP_UPDATE = re.compile(r'(?:->|[.])\s*(\w+)\s*(?:(?:[-+*/%&|^]|<<|>>)=|\+\+|--)')
_DCP_UPDATE_BASE = re.compile(r'[A-Za-z_]\w*(?:\s*(?:->|[.])\s*\w+|\s*\x5b[^\x5d\n]*\x5d)*\s*$')
_DCP_PREFIX_UPDATE = re.compile(r'(?:\+\+|--)\s*([A-Za-z_][\w>.\x5b\x5d-]*?(?:->|[.])(\w+))(?![\w\x5b.]|->)')
# e->flags |= BIT, e->flags &= ~BIT: a bit marked on an entry (sets())
_DCP_MARK = re.compile(r'(?<![\w.>])([A-Za-z_]\w*)\s*(->|[.])\s*(\w+)\s*([|&])=\s*(~?)\s*([^;]+);')
_dcp_updates = {}
def dcp_member_updates(path):
    """member -> [(0-based line, the member expression)] of the updates
    other than a plain store in path (+=, |=, ++, --): where one is, the
    member's stores are not all it may hold"""
    if path not in _dcp_updates:
        text, starts = dc_text(path)
        # comments blanked in place: the line numbers stay
        text = re.sub(r'\x2f\*.*?\*\x2f|\x2f\x2f[^\n]*',
                      lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S)
        out = {}
        for m in _DCP_UPDATE.finditer(text):
            i = bisect.bisect_right(starts, m.start()) - 1
            # no base on its line: keyed to nothing, it may be of any struct
            b = _DCP_UPDATE_BASE.search(text, starts[i], m.start())
            out.setdefault(m.group(1), []).append(
                (i, text[b.start():m.end(1)] if b else ''))
        for m in _DCP_PREFIX_UPDATE.finditer(text):
            out.setdefault(m.group(2), []).append(
                (bisect.bisect_right(starts, m.start()) - 1, m.group(1)))
        _dcp_updates[path] = out
    return _dcp_updates[path]

_dcp_makefiles = {}
def dcp_makefile(d):
    """the Kbuild (or Makefile) of directory d, continuation lines joined;
    None when there is none"""
    if d not in _dcp_makefiles:
        _dcp_makefiles[d] = None
        for name in ('Kbuild', 'Makefile'):
            try:
                with open(os.path.join(d, name), errors='replace') as fh:
                    _dcp_makefiles[d] = fh.read().replace('\\\n', ' ')
                break
            except OSError:
                pass
    return _dcp_makefiles[d]

_DCP_COMPOSITE = re.compile(r'^\s*([\w-]+)-(?:y|objs)\s*[:+]?=(.*)$', re.M)

def dcp_scope(path):
    """the module a file is part of, the way checkers/core/kbuild_modules.c
    decides it for the sparse engine: the composite object whose name-y or
    name-objs list names it, else the file alone; a directory without a
    Makefile is one module.  A header may serve any module of its directory
    ('dir:*').  Pairing joins facts of one module only: a vendor directory
    holds many drivers, and two of them may each have a struct ring_info."""
    if path not in _dcp_scopes:
        _dcp_scopes[path] = dcp_find_scope(path)
    return _dcp_scopes[path]

_dcp_scopes = {}
def dcp_find_scope(path):
    d, base = os.path.split(path)
    if base.endswith('.h'):
        return d + ':*'
    text = dcp_makefile(d)
    if text is None:
        return d + ':'
    obj = base.rsplit('.', 1)[0] + '.o'
    for name, objs in _DCP_COMPOSITE.findall(text):
        if name != 'obj' and not name.endswith('flags') and obj in objs.split():
            return d + ':' + name
    return d + ':' + obj

def dcp_scope_eq(a, b):
    da, _, ma = a.rpartition(':')
    db, _, mb = b.rpartition(':')
    return da == db and (ma == mb or '*' in (ma, mb))


class DcpLoads(dict):
    """(file, function, local) -> its values, read when first asked for."""
    def get(self, k, default=()):
        if k not in self:
            self[k] = dcp_text_loads(k[0], k[1], k[2])
        return dict.get(self, k) or default

def dcp_n(e):
    return re.sub(r'\s+', '', str(e))

def dcp_site(p, role, **kw):
    kw['t'] = role
    kw['fn'] = dc_fname(p[0])
    kw['pos'] = dc_pos(p[0])
    for k in list(kw):
        if k not in ('t', 'fn', 'pos') and kw[k] is not None and not isinstance(kw[k], (int, tuple)):
            kw[k] = dcp_n(kw[k])
    coccinelle.dcp_facts.append(kw)

def dcp_type(t):
    """a type with its words apart ("struct dwc2_qh*"): the struct's tag
    is part of the finding's key"""
    return re.sub(r'\s*\*\s*', '*', ' '.join(str(t).split()))

def dcp_other(role, p, **kw):
    kw['t'] = role
    kw['pos'] = dc_pos(p[0])
    for k in list(kw):
        if k not in ('t', 'pos') and kw[k] is not None and not isinstance(kw[k], (int, tuple)):
            kw[k] = dcp_type(kw[k]) if k == 'ty' else dcp_n(kw[k])
    coccinelle.dcp_facts.append(kw)

# ------------------------------------------------------------ the join
_DCP_TOK = re.compile(r'\s*(0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|[A-Za-z_]\w*|->|<<|>>|&&|[|][|]|==|!=|<=|>=|[-+*/%()&|^~!.,<>?:=\x5b\x5d])')
_DCP_TYPEWORDS = set('u8 u16 u32 u64 s8 s16 s32 s64 int unsigned signed long short char size_t ssize_t dma_addr_t void const __le16 __le32 __le64 __be16 __be32 __be64 struct union uint8_t uint16_t uint32_t uint64_t phys_addr_t'.split())
# The types whose size every Linux ABI fixes (int is 32 bits on all of
# them; long and pointers are not fixed, so they stay atoms).
_DCP_SIZEOF = {}
for _n, _names in ((1, 'char|unsigned char|signed char|u8|s8|__u8|__s8|uint8_t|int8_t|bool'),
                   (2, 'short|unsigned short|u16|s16|__u16|__s16|__le16|__be16|uint16_t|int16_t'),
                   (4, 'int|unsigned|unsigned int|u32|s32|__u32|__s32|__le32|__be32|uint32_t|int32_t'),
                   (8, 'long long|unsigned long long|u64|s64|__u64|__s64|__le64|__be64|uint64_t|int64_t')):
    for _t in _names.split('|'):
        _DCP_SIZEOF[_t] = _n
_DCP_BUILTIN = {'PAGE_SIZE': None, 'ETH_HLEN': 14, 'ETH_ALEN': 6, 'ETH_FRAME_LEN': 1514,
                'ETH_FCS_LEN': 4, 'ETH_ZLEN': 60, 'ETH_DATA_LEN': 1500, 'VLAN_HLEN': 4,
                'true': 1, 'false': 0}
for _i in range(0, 33):
    _v = 1 << _i
    for _nm, _d in (('K', 10), ('M', 20), ('G', 30)):
        if _i >= _d:
            _DCP_BUILTIN['SZ_%d%s' % (1 << (_i - _d), _nm)] = _v
    if _i < 10:
        _DCP_BUILTIN['SZ_%d' % _v] = _v

def dcp_tokens(s):
    out = []
    i = 0
    s = s.strip()
    while i < len(s):
        m = _DCP_TOK.match(s, i)
        if not m:
            return None
        out.append(m.group(1))
        i = m.end()
        while i < len(s) and s[i].isspace():
            i += 1
    return out

def dcp_offset_base(e):
    """when e is "base + offset" (or "offset + base", "base - offset") at
    its top level, one operator only: the (base, offset) readings, else
    none"""
    depth, ops = 0, []
    for i, ch in enumerate(e):
        depth += 1 if ch in '([' else -1 if ch in ')]' else 0
        prev = e[:i].rstrip()[-1:]
        if (depth == 0 and ch in '+-' and prev and prev not in '([+-*/=,<>&|!~?:' and
                e[i + 1:i + 2] not in ('+', '-', '>', '=') and e[i - 1:i] not in ('+', '-')):
            ops.append(i)
    if len(ops) != 1:
        return []
    left, right = e[:ops[0]].strip(), e[ops[0] + 1:].strip()
    return [(left, right)] if e[ops[0]] == '-' else [(left, right), (right, left)]

def dcp_int(t):
    t = t.rstrip('uUlL')
    try:
        return int(t, 0) if not (len(t) > 1 and t[0] == '0' and t[1] not in 'xX') else int(t, 8)
    except ValueError:
        return None

class DcpParse:
    """expression text -> linear form ({atom: coeff}, const) or None"""
    def __init__(self, toks, resolve):
        self.t = toks
        self.i = 0
        self.resolve = resolve
    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else None
    def take(self):
        x = self.t[self.i]
        self.i += 1
        return x
    def balanced(self):
        # at '(' or '[': return the text up to the matching close
        start = self.i
        depth = 0
        while self.i < len(self.t):
            x = self.take()
            if x in '([':
                depth += 1
            elif x in ')]':
                depth -= 1
                if depth == 0:
                    break
        return ''.join(self.t[start:self.i])
    def full(self):
        v = self.bitor()
        if self.i != len(self.t):
            return None
        return v
    def const(self, v):
        return v is not None and not v[0]
    def atomof(self, v, op, w):
        """v op w that is no linear form, as one atom named by the atoms of
        its operands (that of a local names its function): equal only to
        itself"""
        def canon(x):
            return '(%s)%s%s' % (','.join('%s*%s' % t for t in sorted(x[0].items())),
                                 '+' if x[1] >= 0 else '', x[1])
        return ({'X:%s%s%s' % (canon(v), op, canon(w)): 1}, 0)
    def bitor(self):
        v = self.add()
        while self.peek() in ('|', '&', '^'):
            op = self.take()
            w = self.add()
            if v is None or w is None:
                v = None
            elif self.const(v) and self.const(w):
                v = ({}, {'|': v[1] | w[1], '&': v[1] & w[1], '^': v[1] ^ w[1]}[op])
            else:
                v = self.atomof(v, op, w)
        return v
    def add(self):
        v = self.mul()
        while self.peek() in ('+', '-'):
            op = self.take()
            w = self.mul()
            if v is None or w is None:
                v = None
                continue
            sg = 1 if op == '+' else -1
            d = dict(v[0])
            for a, c in w[0].items():
                d[a] = d.get(a, 0) + sg * c
                if d[a] == 0:
                    del d[a]
            v = dcp_whole((d, v[1] + sg * w[1]))
        return v
    def mul(self):
        v = self.unary()
        while self.peek() in ('*', '/', '%', '<<', '>>'):
            op = self.take()
            w = self.unary()
            if v is None or w is None:
                v = None
                continue
            if self.const(v) and self.const(w):
                a, b = v[1], w[1]
                try:
                    r = {'*': a * b, '/': divmod(a, b)[0] if b else None, '%': a % b if b else None,
                         '<<': a << b, '>>': a >> b}[op]
                except Exception:
                    r = None
                v = None if r is None else ({}, r)
            elif op == '*' and (self.const(v) or self.const(w)):
                k, f = (v[1], w) if self.const(v) else (w[1], v)
                v = ({a: c * k for a, c in f[0].items() if c * k}, f[1] * k)
            elif op == '<<' and self.const(w):
                k = 1 << w[1]
                v = ({a: c * k for a, c in v[0].items()}, v[1] * k)
            elif op in ('/', '>>') and self.const(w) and (w[1] if op == '/' else 0 <= w[1] < 62):
                v = dcp_divide(v, w[1] if op == '/' else 1 << w[1])
            else:
                v = self.atomof(v, op, w)
        return v
    def unary(self):
        x = self.peek()
        if x is None:
            return None
        if x == '-':
            self.take()
            v = self.unary()
            return None if v is None else ({a: -c for a, c in v[0].items()}, -v[1])
        if x == '+':
            self.take()
            return self.unary()
        if x == '(':
            # cast?
            j = self.i + 1
            if self.peek(1) in _DCP_TYPEWORDS:
                while self.peek(j - self.i) not in (')', None):
                    j += 1
                self.i = j + 1
                return self.unary()
            self.take()
            v = self.bitor()
            if self.peek() != ')':
                return None
            self.take()
            return v
        return self.postfix()
    def postfix(self):
        start = self.i
        x = self.take()
        if x == 'sizeof':
            if self.peek() == '(':
                self.balanced()
            else:
                self.postfix()
            n = _DCP_SIZEOF.get(' '.join(self.t[start + 2:self.i - 1]))
            if n is not None and self.t[start + 1] == '(':
                return ({}, n)
            return ({'S:' + ''.join(self.t[start:self.i]): 1}, 0)
        n = dcp_int(x) if x[0].isdigit() else None
        if x[0].isdigit():
            return None if n is None else ({}, n)
        if not (x[0].isalpha() or x[0] == '_'):
            return None
        if self.peek() == '(':
            args = self.balanced()
            if x == 'BIT':
                v = dcp_eval(args[1:-1], self.resolve)
                if v is not None and not v[0]:
                    return ({}, 1 << v[1])
            if re.match('^(?:%s)$' % DC_FIELD_GET, x):
                return self.resolve('field', ''.join(self.t[start:self.i]))
            return self.resolve('call', ''.join(self.t[start:self.i]))
        simple = True
        while self.peek() in ('->', '.', '['):
            simple = False
            if self.peek() == '[':
                self.balanced()
            else:
                self.take()
                if self.peek() is None:
                    return None
                self.take()
        txt = ''.join(self.t[start:self.i])
        return self.resolve('id' if simple else 'field', txt)

def dcp_whole(v):
    """a form with whole coefficients as ints; a constant is an integer
    (jx.h: what only constants make is C arithmetic)"""
    d = {a: int(c) if c == int(c) else c for a, c in v[0].items()}
    return (d, int(v[1]) if not d or v[1] == int(v[1]) else v[1])

def dcp_divide(v, k):
    """v / k: C division of a constant, else taken as exact (jx.h), with
    fractional coefficients"""
    if not v[0]:
        q = abs(v[1]) // abs(k)
        return ({}, q if (v[1] >= 0) == (k > 0) else -q)
    return dcp_whole(({a: fractions.Fraction(c) / k for a, c in v[0].items()},
                      fractions.Fraction(v[1]) / k))

def dcp_eval(txt, resolve):
    toks = dcp_tokens(txt)
    if not toks:
        return None
    try:
        return DcpParse(toks, resolve).full()
    except (IndexError, RecursionError):
        return None

# What each argument of a site is, by function (one rule matches every
# call; a disjunction with one branch per layout was the dearest rule).
# BEGIN generated dma-layouts: gen-cocci-tables from checkers/model, do not edit
_DCP_LAYOUT = {
    "dma_map_single": ("map", ("dev", "buf", "size", "dir",)),
    "dma_map_single_attrs": ("map", ("dev", "buf", "size", "dir",)),
    "dma_unmap_single": ("rel", ("dev", "h", "size", "dir",)),
    "dma_unmap_single_attrs": ("rel", ("dev", "h", "size", "dir",)),
    "dma_map_page": ("map", ("dev", "buf", "off", "size", "dir",)),
    "dma_map_page_attrs": ("map", ("dev", "buf", "off", "size", "dir",)),
    "skb_frag_dma_map": ("map", ("dev", "buf", "off", "size", "dir",)),
    "dma_unmap_page": ("rel", ("dev", "h", "size", "dir",)),
    "dma_unmap_page_attrs": ("rel", ("dev", "h", "size", "dir",)),
    "dma_map_resource": ("map", ("dev", "buf", "size", "dir",)),
    "dma_unmap_resource": ("rel", ("dev", "h", "size", "dir",)),
    "dma_map_sg": ("map", ("dev", "buf", "nents", "dir",)),
    "dma_map_sg_attrs": ("map", ("dev", "buf", "nents", "dir",)),
    "dma_unmap_sg": ("rel", ("dev", "h", "nents", "dir",)),
    "dma_unmap_sg_attrs": ("rel", ("dev", "h", "nents", "dir",)),
    "dma_map_sgtable": ("map", ("dev", "buf", "dir",)),
    "dma_unmap_sgtable": ("rel", ("dev", "h", "dir",)),
    "dma_sync_single_for_cpu": ("rel", ("dev", "h", "size", "dir",)),
    "dma_sync_single_for_device": ("rel", ("dev", "h", "size", "dir",)),
    "dma_sync_single_range_for_cpu": ("rel", ("dev", "h", "off", "size", "dir",)),
    "dma_sync_single_range_for_device": ("rel", ("dev", "h", "off", "size", "dir",)),
    "dma_sync_sg_for_cpu": ("rel", ("dev", "h", "nents", "dir",)),
    "dma_sync_sg_for_device": ("rel", ("dev", "h", "nents", "dir",)),
    "dma_sync_sgtable_for_cpu": ("rel", ("dev", "h", "dir",)),
    "dma_sync_sgtable_for_device": ("rel", ("dev", "h", "dir",)),
    "dma_alloc_coherent": ("alloc", ("dev", "size", "h",)),
    "dma_zalloc_coherent": ("alloc", ("dev", "size", "h",)),
    "dmam_alloc_coherent": ("alloc", ("dev", "size", "h",)),
    "dma_alloc_attrs": ("alloc", ("dev", "size", "h",)),
    "dma_alloc_wc": ("alloc", ("dev", "size", "h",)),
    "dma_free_coherent": ("rel", ("dev", "size", "cpu", "h",)),
    "dmam_free_coherent": ("rel", ("dev", "size", "cpu", "h",)),
    "dma_free_attrs": ("rel", ("dev", "size", "cpu", "h",)),
    "dma_free_wc": ("rel", ("dev", "size", "cpu", "h",)),
    "dma_alloc_noncoherent": ("alloc", ("dev", "size", "h", "dir",)),
    "dma_free_noncoherent": ("rel", ("dev", "size", "cpu", "h", "dir",)),
    "dma_alloc_pages": ("alloc", ("dev", "size", "h", "dir",)),
    "dma_free_pages": ("rel", ("dev", "size", "cpu", "h", "dir",)),
    "dma_pool_alloc": ("alloc", ("pool", "-", "h",)),
    "dma_pool_zalloc": ("alloc", ("pool", "-", "h",)),
    "dma_pool_free": ("rel", ("pool", "cpu", "h",)),
    "pci_map_single": ("map", ("dev", "buf", "size", "dir",)),
    "pci_unmap_single": ("rel", ("dev", "h", "size", "dir",)),
    "pci_map_page": ("map", ("dev", "buf", "off", "size", "dir",)),
    "pci_unmap_page": ("rel", ("dev", "h", "size", "dir",)),
    "pci_map_sg": ("map", ("dev", "buf", "nents", "dir",)),
    "pci_unmap_sg": ("rel", ("dev", "h", "nents", "dir",)),
    "pci_dma_sync_single_for_cpu": ("rel", ("dev", "h", "size", "dir",)),
    "pci_dma_sync_single_for_device": ("rel", ("dev", "h", "size", "dir",)),
    "pci_dma_sync_sg_for_cpu": ("rel", ("dev", "h", "nents", "dir",)),
    "pci_dma_sync_sg_for_device": ("rel", ("dev", "h", "nents", "dir",)),
    "pci_alloc_consistent": ("alloc", ("dev", "size", "h",)),
    "pci_zalloc_consistent": ("alloc", ("dev", "size", "h",)),
    "pci_free_consistent": ("rel", ("dev", "size", "cpu", "h",)),
}
# END generated dma-layouts
# BEGIN generated dma-kinds: gen-cocci-tables from checkers/model, do not edit
DMA_KINDS = {
    "dma_map_single": "single",
    "dma_map_single_attrs": "single",
    "dma_unmap_single": "single",
    "dma_unmap_single_attrs": "single",
    "dma_map_page": "page",
    "dma_map_page_attrs": "page",
    "skb_frag_dma_map": "page",
    "dma_unmap_page": "page",
    "dma_unmap_page_attrs": "page",
    "dma_map_resource": "resource",
    "dma_unmap_resource": "resource",
    "dma_map_sg": "sg",
    "dma_map_sg_attrs": "sg",
    "dma_unmap_sg": "sg",
    "dma_unmap_sg_attrs": "sg",
    "dma_map_sgtable": "sgtable",
    "dma_unmap_sgtable": "sgtable",
    "dma_sync_single_for_cpu": "single",
    "dma_sync_single_for_device": "single",
    "dma_sync_single_range_for_cpu": "single",
    "dma_sync_single_range_for_device": "single",
    "dma_sync_sg_for_cpu": "sg",
    "dma_sync_sg_for_device": "sg",
    "dma_sync_sgtable_for_cpu": "sgtable",
    "dma_sync_sgtable_for_device": "sgtable",
    "dma_alloc_coherent": "coherent",
    "dma_zalloc_coherent": "coherent",
    "dmam_alloc_coherent": "coherent",
    "dma_alloc_attrs": "coherent",
    "dma_alloc_wc": "coherent",
    "dma_free_coherent": "coherent",
    "dmam_free_coherent": "coherent",
    "dma_free_attrs": "coherent",
    "dma_free_wc": "coherent",
    "dma_alloc_noncoherent": "noncoherent",
    "dma_free_noncoherent": "noncoherent",
    "dma_alloc_pages": "noncoherent",
    "dma_free_pages": "noncoherent",
    "dma_pool_alloc": "pool",
    "dma_pool_zalloc": "pool",
    "dma_pool_free": "pool",
    "pci_map_single": "single",
    "pci_unmap_single": "single",
    "pci_map_page": "page",
    "pci_unmap_page": "page",
    "pci_map_sg": "sg",
    "pci_unmap_sg": "sg",
    "pci_dma_sync_single_for_cpu": "single",
    "pci_dma_sync_single_for_device": "single",
    "pci_dma_sync_sg_for_cpu": "sg",
    "pci_dma_sync_sg_for_device": "sg",
    "pci_alloc_consistent": "coherent",
    "pci_zalloc_consistent": "coherent",
    "pci_free_consistent": "coherent",
}
# END generated dma-kinds
# The region calls: requests, releases and maps, their arguments by role.
# BEGIN generated iomem-model: gen-cocci-tables from checkers/model, do not edit
MODEL = {
    "request_region": ("region_request", "port", 0, 1, -1, -1),
    "request_muxed_region": ("region_request", "port", 0, 1, -1, -1),
    "request_mem_region": ("region_request", "mem", 0, 1, -1, -1),
    "request_mem_region_exclusive": ("region_request", "mem", 0, 1, -1, -1),
    "__request_region": ("region_request", "parent", 1, 2, 0, -1),
    "__request_mem_region": ("region_request", "mem", 0, 1, -1, -1),
    "devm_request_region": ("region_request", "port", 1, 2, -1, 0),
    "devm_request_mem_region": ("region_request", "mem", 1, 2, -1, 0),
    "__devm_request_region": ("region_request", "parent", 2, 3, 1, 0),
    "release_region": ("region_release", "port", 0, 1, -1, -1),
    "release_mem_region": ("region_release", "mem", 0, 1, -1, -1),
    "__release_region": ("region_release", "parent", 1, 2, 0, -1),
    "devm_release_region": ("region_release", "port", 1, 2, -1, 0),
    "devm_release_mem_region": ("region_release", "mem", 1, 2, -1, 0),
    "request_resource": ("resource_insert", "parent", -1, -1, 0, -1),
    "devm_request_resource": ("resource_insert", "parent", -1, -1, 1, 0),
    "insert_resource": ("resource_insert", "parent", -1, -1, 0, -1),
    "release_resource": ("resource_release", "none", -1, -1, 0, -1),
    "amba_request_regions": ("region_request", "mem", -1, -1, -1, -1),
    "amba_release_regions": ("region_release", "mem", -1, -1, -1, -1),
    "pci_request_region": ("region_request", "pci_bar", 1, -1, -1, 0),
    "pci_request_region_exclusive": ("region_request", "pci_bar", 1, -1, -1, 0),
    "pci_request_regions": ("region_request", "pci_all", -1, -1, -1, 0),
    "pci_request_regions_exclusive": ("region_request", "pci_all", -1, -1, -1, 0),
    "pci_request_mem_regions": ("region_request", "pci_mask", -1, -1, -1, 0),
    "pci_request_selected_regions": ("region_request", "pci_mask", 1, -1, -1, 0),
    "pci_request_selected_regions_exclusive": ("region_request", "pci_mask", 1, -1, -1, 0),
    "pcim_request_region": ("region_request", "pci_bar", 1, -1, -1, 0),
    "pcim_request_all_regions": ("region_request", "pci_all", -1, -1, -1, 0),
    "comedi_pci_enable": ("region_request", "pci_all", -1, -1, -1, -1),
    "vmbus_allocate_mmio": ("region_request", "mem", -1, 4, -1, -1),
    "serial8250_register_8250_port": ("region_request", "mem", -1, -1, -1, -1),
    "pcmcia_request_window": ("region_request", "mem", -1, -1, -1, -1),
    "mcb_request_mem": ("region_request", "mem", -1, -1, -1, -1),
    "mcb_release_mem": ("region_release", "mem", -1, -1, -1, -1),
    "pci_release_region": ("region_release", "pci_bar", 1, -1, -1, 0),
    "pci_release_regions": ("region_release", "pci_all", -1, -1, -1, 0),
    "pci_release_mem_regions": ("region_release", "pci_mask", -1, -1, -1, 0),
    "pci_release_selected_regions": ("region_release", "pci_mask", 1, -1, -1, 0),
    "pcim_iomap_regions": ("region_request_map", "pci_mask", 1, -1, -1, 0),
    "pcim_iomap_regions_request_all": ("region_request_map", "pci_all", 1, -1, -1, 0),
    "pcim_iomap_region": ("region_request_map", "pci_bar", 1, -1, -1, 0),
    "devm_ioremap_resource": ("region_request_map", "mem", -1, -1, 1, 0),
    "devm_platform_ioremap_resource": ("region_request_map", "mem", 1, -1, -1, 0),
    "devm_platform_ioremap_resource_byname": ("region_request_map", "mem", 1, -1, -1, 0),
    "devm_platform_get_and_ioremap_resource": ("region_request_map", "mem", 1, -1, -1, 0),
    "devm_of_iomap": ("region_request_map", "mem", 2, 3, 1, 0),
    "of_io_request_and_map": ("region_request_map", "mem", 1, -1, 0, -1),
    "ioremap": ("iomap", "mem", 0, 1, -1, -1),
    "ioremap_wc": ("iomap", "mem", 0, 1, -1, -1),
    "ioremap_uc": ("iomap", "mem", 0, 1, -1, -1),
    "ioremap_wt": ("iomap", "mem", 0, 1, -1, -1),
    "ioremap_cache": ("iomap", "mem", 0, 1, -1, -1),
    "ioremap_nocache": ("iomap", "mem", 0, 1, -1, -1),
    "devm_ioremap": ("iomap", "mem", 1, 2, -1, 0),
    "devm_ioremap_wc": ("iomap", "mem", 1, 2, -1, 0),
    "devm_ioremap_uc": ("iomap", "mem", 1, 2, -1, 0),
    "devm_ioremap_nocache": ("iomap", "mem", 1, 2, -1, 0),
    "of_iomap": ("iomap", "mem", 1, -1, 0, -1),
    "pci_iomap": ("iomap", "pci_bar", 1, 2, -1, 0),
    "pci_iomap_wc": ("iomap", "pci_bar", 1, 2, -1, 0),
    "pci_iomap_range": ("iomap", "pci_bar", 1, 3, -1, 0),
    "pci_ioremap_bar": ("iomap", "pci_bar", 1, -1, -1, 0),
    "pci_ioremap_wc_bar": ("iomap", "pci_bar", 1, -1, -1, 0),
    "pcim_iomap": ("iomap", "pci_bar", 1, 2, -1, 0),
    "pcim_iomap_range": ("iomap", "pci_bar", 1, 3, -1, 0),
    "iounmap": ("iounmap", "mem", -1, -1, 0, -1),
    "pci_iounmap": ("iounmap", "pci_bar", -1, -1, 1, 0),
    "devm_iounmap": ("iounmap", "mem", -1, -1, 1, 0),
}
# END generated iomem-model
# BEGIN generated iomem-values: gen-cocci-tables from checkers/model, do not edit
VALUE_FNS = {
    "resource_size": (0, "end", "start", 1, "resource"),
}
# END generated iomem-values
# BEGIN generated iomem-resources: gen-cocci-tables from checkers/model, do not edit
RESOURCE_FNS = {
    "pci_resource_start": (0, 1, "pci_dev", "resource", "start"),
    "pci_resource_end": (0, 1, "pci_dev", "resource", "end"),
    "pci_resource_len": (0, 1, "pci_dev", "resource", None),
}
# END generated iomem-resources
# BEGIN generated iomem-of: gen-cocci-tables from checkers/model, do not edit
OF_FNS = {
    "of_parse_phandle": ("other_node", -1, -1),
    "of_find_node_by_phandle": ("other_node", -1, -1),
    "of_get_child_by_name": ("other_node", -1, -1),
    "of_get_compatible_child": ("other_node", -1, -1),
    "of_get_next_child": ("other_node", -1, -1),
    "of_get_next_available_child": ("other_node", -1, -1),
    "of_get_parent": ("other_node", -1, -1),
    "of_get_next_parent": ("other_node", -1, -1),
    "of_graph_get_remote_node": ("other_node", -1, -1),
    "of_graph_get_remote_port_parent": ("other_node", -1, -1),
    "for_each_child_of_node": ("child_iter", 1, -1),
    "for_each_available_child_of_node": ("child_iter", 1, -1),
    "of_address_to_resource": ("fill_resource", 0, 2),
}
# END generated iomem-of
# the facts record these arguments (device, pool and gfp are not compared)
_DCP_KEPT = ('buf', 'off', 'size', 'dir', 'nents', 'h', 'cpu')

def dcp_call_site(p, fn, args):
    role, names = _DCP_LAYOUT[fn]
    vals = dc_split_args(args)
    if len(vals) < len(names):
        return
    kw = dict((n, v) for n, v in zip(names, vals) if n in _DCP_KEPT)
    dcp_site(p, role, **kw)

def dcp_region_site(p, fn, args):
    """a region request, release or map: its start, size and the resource
    or parent it is given, by the argument roles of the model"""
    _, _, si, zi, bi, _ = MODEL[fn]
    vals = dc_split_args(args)
    kw = dict((n, vals[i]) for n, i in (('start', si), ('size', zi), ('buf', bi))
              if 0 <= i < len(vals))
    dcp_site(p, 'region', **kw)

_DCP_DEFINE = re.compile(r'^\s*#\s*define\s+([A-Za-z_]\w*)[ \t]+([^\n]*)$', re.M)

_DCP_ENUM = re.compile(r'\benum\b[\s\w]*\{([^{}]*)\}', re.S)

def dcp_enum_constants(text):
    """(name, value) of each enumerator whose value the text fixes: an
    explicit constant expression over the enumerators before it, or one
    more than the enumerator before it.  Sizes are often counts kept in an
    enum (PORT_MAC_RX_STATS_MAX = 0x2b) and spatch gives no rule a value."""
    text = re.sub(r'\x2f\*.*?\*\x2f|\x2f\x2f[^\n]*|^\s*#[^\n]*', ' ', text, flags=re.S | re.M)
    out = []
    for body in _DCP_ENUM.findall(text):
        known, prev = {}, -1
        def resolve(kind, txt):
            return ({}, known[txt]) if kind == 'id' and txt in known else None
        for item in dc_split_args(body):
            m = re.match(r'([A-Za-z_]\w*)\s*(?:=\s*(.+))?$', item, re.S)
            if not m:
                prev = None
                continue
            if m.group(2) is None:
                val = None if prev is None else prev + 1
            else:
                v = dcp_eval(m.group(2), resolve)
                val = v[1] if v is not None and not v[0] else None
            if val is not None:
                known[m.group(1)] = val
                out.append((m.group(1), val))
            prev = val
    return out

def dcp_local_constants(cfiles):
    """Object-like #defines of the driver's own headers ("..." includes, as
    the preprocessor would find them next to the including file), and the
    enumerators of those headers and of the C files: with --no-includes the
    def rule never sees a header, a header without DMA calls is not parsed
    at all, and no rule gives an enumerator its value."""
    seen, pending, facts = set(), list(cfiles), []
    while pending:
        path = pending.pop()
        try:
            with open(path, errors='replace') as fh:
                text = fh.read()
        except OSError:
            continue
        for inc in _DC_INCLUDE.findall(text):
            h = os.path.normpath(os.path.join(os.path.dirname(path), inc))
            if h not in seen:
                seen.add(h)
                pending.append(h)
        for name, val in dcp_enum_constants(text):
            facts.append({'t': 'define', 'name': name, 'val': str(val)})
        if path in cfiles:
            continue
        for name, val in _DCP_DEFINE.findall(text):
            val = re.sub(r'\x2f\*.*?\*\x2f|\x2f\x2f.*', '', val).strip()
            if val and not val.endswith('\\'):
                facts.append({'t': 'define', 'name': name, 'val': dcp_n(val)})
    return facts

def dcp_other_node_resource(path, fn, var):
    """Does function fn fill its struct resource var from another
    device-tree node than the device node (OF_FNS): one it looked up by
    phandle, as a child or as the parent?  That region is the other node
    to claim, as the compilers decide (of_nodes.c)."""
    def role(f):
        return OF_FNS[f][0]
    def other(e):
        c = dcp_call_parts(e)
        return bool(c) and c[0] in OF_FNS and role(c[0]) == 'other_node'
    calls = [c for c in dcp_text_calls(path, list(OF_FNS)) if c[1] == fn]
    for _, _, args, _, callee in calls:
        _, ni, ri = OF_FNS[callee]
        if role(callee) != 'fill_resource' or max(ni, ri) >= len(args) or args[ri] != '&' + var:
            continue
        node = args[ni]
        if other(node):
            return True
        if not re.match(r'^[A-Za-z_]\w*$', node):
            continue
        if any(other(v) for v in dcp_text_loads(path, fn, node)):
            return True
        # its declaration (attributes allowed: __free(device_node)), and
        # the cursor of a child walk
        if re.search(r'\*\s*%s\b[^;=]*=\s*(?:%s)\s*\x28' % (re.escape(node), '|'.join(
                re.escape(f) for f in OF_FNS if role(f) == 'other_node')), dc_func_body(path, fn)):
            return True
        if any(role(c[4]) == 'child_iter' and OF_FNS[c[4]][1] < len(c[2]) and
               c[2][OF_FNS[c[4]][1]] == node for c in calls):
            return True
    return False

_DCP_CAST_MACRO = re.compile(r'^\s*#\s*define\s+([A-Za-z_]\w*)\x28[^)]*\x29[\s\x28]*\x28\s*(?:struct|union)\s+(\w+)\s*\*\s*\x29', re.M)
_DCP_STRUCT_FN = re.compile(r'^(?:static\s+)?(?:inline\s+)?(?:const\s+)?(?:struct|union)\s+(\w+)\s*\*\s*([A-Za-z_]\w*)\s*\x28', re.M)
_dcp_accessors = {}
def dcp_accessor_type(path, name):
    """the struct an accessor of the driver returns a pointer to, the way
    drivers reach their part of a control block: ATH10K_SKB_CB(skb)->paddr
    is a member of struct ath10k_skb_cb, ATH10K_SKB_RXCB(skb)->paddr one of
    struct ath10k_skb_rxcb (a function declared to return one, or a
    function-like macro that casts to one); None when no such accessor is
    in path or the headers it includes"""
    if path not in _dcp_accessors:
        found = {}
        for h in dc_local_headers(path):
            text = dc_text(h)[0]
            for mname, st in _DCP_CAST_MACRO.findall(text):
                found.setdefault(mname, set()).add(st)
            for st, fname in _DCP_STRUCT_FN.findall(text):
                found.setdefault(fname, set()).add(st)
        _dcp_accessors[path] = found
    sts = _dcp_accessors[path].get(name)
    return next(iter(sts)) if sts and len(sts) == 1 else None

_DCP_STRUCT = re.compile(r'\b(?:struct|union)\s+(\w+)\s*\x7b')
_DCP_DECL = re.compile(r'^\s*(?:const\s+)?(?:struct|union)\s+(\w+)\b(.*)$', re.S)

def dcp_struct_body(name, body, out):
    """the members of struct name whose type is a struct, a pointer to one
    or an array of them, into out; an anonymous struct member (struct
    { ... } frag[4]) is the struct '<name:frag>', as the judge names a
    struct by where it is declared"""
    decl, k = '', 0
    while k < len(body):
        c = body[k]
        if c == '\x7b':
            depth, j = 1, k + 1
            while j < len(body) and depth:
                depth += body[j] == '\x7b'
                depth -= body[j] == '\x7d'
                j += 1
            inner, k = body[k + 1:j - 1], j
            tag = re.match(r'^\s*(?:struct|union)\s*(\w*)\s*$', decl)
            if tag:
                decl = '\x01%s\x01' % (tag.group(1) or '')
                rest = re.match(r'^\s*[\s*]*(\w+)', body[k:])
                anon = '<%s:%s>' % (name, rest.group(1)) if rest else None
                sub = tag.group(1) or anon
                if sub:
                    dcp_struct_body(sub, inner, out)
            continue
        if c == ';':
            m = re.match(r'^\x01(\w*)\x01(.*)$', decl, re.S) or _DCP_DECL.match(decl)
            for d in (m.group(2).split(',') if m else ()):
                n = re.match(r'^([\s*]*)(\w+)\s*(?:\x5b[^\x5d]*\x5d\s*)*$', d)
                if n:
                    tag = m.group(1) or '<%s:%s>' % (name, n.group(2))
                    out.setdefault((name, n.group(2)), set()).add(tag)
                    # the members that embed tag itself (no pointer)
                    if '*' not in n.group(1):
                        out.setdefault(('\x02', name, tag), set()).add(n.group(2))
            decl = ''
        else:
            decl += c
        k += 1

_dcp_members = {}
_dcp_embeds = {}
def dcp_members(path):
    """(struct, member) -> the struct tag of the member (a struct, a
    pointer to one, an array of them), from the struct definitions of path
    and of the driver headers it includes"""
    if path not in _dcp_members:
        out, emb = {}, {}
        for p in dc_local_headers(path):
            for k, v in dcp_file_members(p).items():
                if k[0] == '\x02':
                    emb.setdefault(k[1:], set()).update(v)
                else:
                    out.setdefault(k, set()).update(v)
        _dcp_members[path] = {k: next(iter(v)) for k, v in out.items() if len(v) == 1}
        _dcp_embeds[path] = emb
    return _dcp_members[path]

def dcp_embeds(path, outer, tag):
    """the members of struct outer that embed struct tag (no pointer)"""
    dcp_members(path)
    return _dcp_embeds[path].get((outer, tag), ())

_dcp_file_members = {}
def dcp_file_members(path):
    """(struct, member) -> struct tags, from the definitions in path alone
    (a header is read once for all the files that include it)"""
    if path not in _dcp_file_members:
        out = {}
        text = re.sub(r'\x2f\*.*?\*\x2f|\x2f\x2f[^\n]*', ' ', dc_text(path)[0], flags=re.S)
        text = re.sub(r'^\s*#.*$', ' ', text, flags=re.M)
        for m in _DCP_STRUCT.finditer(text):
            depth, k = 1, m.end()
            while k < len(text) and depth:
                depth += text[k] == '\x7b'
                depth -= text[k] == '\x7d'
                k += 1
            dcp_struct_body(m.group(1), text[m.end():k - 1], out)
        _dcp_file_members[path] = out
    return _dcp_file_members[path]

def dcp_entry_span(path, fn, base, line, maps):
    """the lines [lo, hi) in which the entry pointer base of function fn
    points where it does at the map at line: from its last assignment
    before the map to its next one or to an error label (buffer_info =
    &ring->buffer_info[i]; buffer_info->mapped_as_page = true;
    buffer_info->dma = map()); for a
    base that is no plain pointer, from the map to the next map of the
    function (a head and its fragments mapped through one base)"""
    nxt = min([m for m in maps if m > line] or [1 << 30])
    if not re.match(r'^[A-Za-z_]\w*$', base):
        return line, nxt
    span = [(a, b) for f, a, b in dcp_functions(path) if f == fn]
    if not span:
        return line, nxt
    a, b = span[0]
    pat = re.compile(r'(?<![\w.>])%s\s*=(?!=)' % re.escape(base))
    sets = [i + 1 for i in range(a, b + 1) if pat.search(dc_lines(path)[i])]
    # an error label ends it too: its unwind clears the entries
    labels = [i + 1 for i in range(a, b + 1)
              if re.match(r'^\s*[A-Za-z_]\w*:\s*$', dc_lines(path)[i])
              and not re.match(r'^\s*default:', dc_lines(path)[i])]
    lo = max([x for x in sets if x <= line] or [a + 1])
    return lo, min([x for x in sets + labels if x > line] or [b + 2])

def dcp_maker(e):
    """is e one call of a model map or allocation function, or of a region
    call (its site is the source of where its result goes)"""
    c = dcp_call_parts(e.strip())
    return bool(c) and (_DCP_LAYOUT.get(c[0], ('',))[0] in ('map', 'alloc') or
                        c[0] in MODEL)

_dcp_modules = None
def dcp_same_module(a, b):
    """are files a and b parts of one Kbuild module: as drvcheck scan
    groups them (DRVCHECK_COCCI_MODULES, the file the engine writes),
    else as dcp_scope() reads the directory's Makefile"""
    global _dcp_modules
    if _dcp_modules is None:
        _dcp_modules = {}
        try:
            with open(os.environ.get('DRVCHECK_COCCI_MODULES', ''), errors='replace') as fh:
                for ln in fh:
                    f = ln.rstrip('\n').split('\t')
                    if len(f) == 2:
                        # an object two modules link is in each
                        _dcp_modules.setdefault(f[0], set()).add(f[1])
        except OSError:
            pass
    if a in _dcp_modules and b in _dcp_modules:
        return bool(_dcp_modules[a] & _dcp_modules[b])
    return dcp_scope_eq(dcp_scope(a), dcp_scope(b))

_DCP_BRANCH = re.compile(r'\b(if|else)\b|[\x7b\x7d;]')

_dcp_decls = {}
def dcp_decl_type(path, fn, name):
    """the struct tag a local or parameter name of function fn is declared
    with (struct foo *name, struct foo name), read from the text of the
    function; None when it is not declared so there"""
    k = (path, fn, name)
    if k not in _dcp_decls:
        text = dcp_func_text(path, fn)
        # a later declarator of the list too (struct resource ri2s, rdma)
        tags = set(re.findall(r'\b(?:struct|union)\s+(\w+)[\s*]*(?:\w+\s*(?:\x5b[^\x5d;]*\x5d\s*)*,[\s*]*)*\b%s\s*[;,=\x29\x5b]' % re.escape(name), text))
        _dcp_decls[k] = next(iter(tags)) if len(tags) == 1 else None
    return _dcp_decls[k]

def dcp_func_text(path, fn):
    """the text of function fn of path, its head (the parameters) too;
    '' when not found"""
    lines = dc_lines(path)
    for f, a, b in dcp_functions(path):
        if f == fn:
            return '\n'.join(lines[a:b + 1])
    return ''

_dcp_ptrs = {}
def dcp_decl_pointer(path, fn, name):
    """whether a local or parameter name of function fn is declared a
    pointer (unsigned long *rxr), not an array, in the text of the function"""
    k = (path, fn, name)
    if k not in _dcp_ptrs:
        _dcp_ptrs[k] = bool(re.search(r'[\w,]\s*\*+\s*%s\s*[;,=\x29]' % re.escape(name),
                                      dcp_func_text(path, fn)))
    return _dcp_ptrs[k]

def dcp_judge_alone(lines):
    """Run on its own (make coccicheck): the verdicts come from drvcheck's
    judge, which reads the facts on its standard input"""
    import shutil, subprocess, sys
    exe = os.environ.get('DRVCHECK') or shutil.which('drvcheck')
    if not exe:
        sys.stderr.write('dma_pairing.cocci: the pairing verdicts are drvcheck\'s judge\'s: '
                         'put drvcheck on PATH or set DRVCHECK to it\n')
        return
    checks = ['--checks', '+iomem-not-exclusive'] if coccinelle.dcp_notexcl else []
    r = subprocess.run([exe, 'judge', '--fail-on', 'never'] + checks, input='\n'.join(lines) + '\n',
                       capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)

def dcp_conditions(path, line):
    """the conditions the statement at (1-based) line runs under, read from
    the text of its function: (condition, taken) for each if or else block
    around it, and for a braceless if just before it"""
    encl = [(a, b) for _, a, b in dcp_functions(path) if a <= line - 1 <= b]
    if not encl:
        return []
    a = encl[0][0]
    text = '\n'.join(dc_lines(path)[a:line - 1])
    text = re.sub(r'\x2f\*.*?\*\x2f|\x2f\x2f[^\n]*|"(?:\\.|[^"\\])*"', ' ', text, flags=re.S)
    text = re.sub(r'^\s*#.*$', ' ', text, flags=re.M)
    text = text[text.find('\x7b') + 1:] if '\x7b' in text else ''
    stack, pending, closed, i = [], [], None, 0
    while i < len(text):
        m = _DCP_BRANCH.search(text, i)
        if not m:
            break
        i = m.end()
        tok = m.group(0)
        if tok == 'else':
            pending = pending + [(closed, False)] if closed else pending
            closed = None
            continue
        if tok == 'if':
            j = text.find('\x28', i)
            depth, k = 0, j
            while 0 <= k < len(text):
                depth += text[k] == '\x28'
                depth -= text[k] == '\x29'
                if depth == 0:
                    break
                k += 1
            if j < 0 or k >= len(text):
                return []   # the call is inside the condition
            pending = pending + [(text[j + 1:k].strip(), True)]
            i = k + 1
            continue
        if tok == '\x7b':
            stack.append(pending)
            pending, closed = [], None
        elif tok == '\x7d':
            top = stack.pop() if stack else []
            # the block just closed, when an if opened it, for an else after it
            closed = top[-1][0] if top and top[-1][1] else None
            pending = []
        else:
            # the statement of a braceless if ends: an else may follow it
            closed = pending[-1][0] if pending and pending[-1][1] else None
            pending = []
    return [c for blk in stack for c in blk] + pending

def dcp_guard_terms(cond, taken):
    """a condition as (expression, '==' or '!=', constant text) terms that
    all hold when it is taken (or not taken); only tests of one value"""
    c = cond.strip()
    while c.startswith('\x28') and c.endswith('\x29'):
        c = c[1:-1].strip()
    if taken and '&&' in c:
        return [t for part in c.split('&&') for t in dcp_guard_terms(part, True)]
    if not taken and '||' in c:
        return [t for part in c.split('||') for t in dcp_guard_terms(part, False)]
    if re.search(r'&&|\|\||[<?]|(?<!-)>', c):
        return []
    m = re.match(r'^(.+?)\s*(==|!=)\s*(.+)$', c)
    if m:
        eq = (m.group(2) == '==') == taken
        return [(m.group(1), '==' if eq else '!=', m.group(3))]
    neg = c.startswith('!')
    c = c.lstrip('!').strip()
    # a bit test, e->flags & MAPPED_RX: (the test, op, 0) as for a value
    if re.match(r'^\x28?\s*[\w>.\x5b\x5d-]+\s*&\s*\w+\s*\x29?$', c):
        return [(c, '==' if neg == taken else '!=', '0')]
    if re.search(r'[^\w>.\x5b\x5d-]', c) or c.startswith('-'):
        return []
    return [(c, '==' if neg == taken else '!=', '0')]

def dcp_join(allfacts):
    """The facts of the files joined into the engine-neutral facts of
    docs/facts.md, as DRVFACT lines: each site with the keys of the
    locations its handle, buffer and count are read from and its values,
    and what may be stored in each location.  The verdicts are the judge's
    (checkers/judge/): this only says what the files show."""
    facts = [f for part in allfacts for f in part]
    facts += dcp_local_constants({f['pos'][0] for f in facts if 'fn' in f})
    if os.environ.get('DCP_DEBUG'):
        for f in facts:
            print('FACT', f)
    defines = {}
    for f in facts:
        if f['t'] == 'define':
            if f['name'] in defines and defines[f['name']] != f['val']:
                defines[f['name']] = None
            else:
                defines[f['name']] = f['val']
    types = {}
    for f in facts:
        if f['t'] == 'type':
            fl, _, _, fn = f['pos']
            types.setdefault((fl, fn, f['base']), set()).add(f['ty'])
    loads = DcpLoads()
    rets = {}
    stores = {}
    for f in facts:
        if f['t'] == 'ret':
            rets.setdefault(f['pos'], f['lhs'])
        elif f['t'] == 'store':
            stores.setdefault(f['pos'], set()).add(f['to'])
    sites = sorted((f for f in facts if f['t'] in ('map', 'rel', 'alloc', 'region', 'free')),
                   key=lambda f: f['pos'][:3])
    mfiles = sorted(set(f['pos'][0] for f in sites))

    def strip(e):
        e = e.strip()
        changed = True
        while changed:
            changed = False
            toks = dcp_tokens(e) or []
            if len(toks) >= 3 and toks[0] == '(' and toks[1] in _DCP_TYPEWORDS:
                j = toks.index(')') if ')' in toks else -1
                if j > 0:
                    e = ''.join(toks[j + 1:])
                    changed = True
                    continue
            if e.startswith('(') and e.endswith(')'):
                depth = 0
                ok = True
                for k, ch in enumerate(e):
                    depth += ch == '('
                    depth -= ch == ')'
                    if depth == 0 and k != len(e) - 1:
                        ok = False
                        break
                if ok:
                    e = e[1:-1]
                    changed = True
        return e

    def split_field(e):
        """'a->b[i].c' -> ('a->b[i]', 'c'); dma_unmap_addr(b, f) -> ('b', 'f')"""
        m = re.match(r'^(?:%s)\x28(.*),([A-Za-z_]\w*)\x29$' % DC_FIELD_GET, e)
        if m:
            return strip(m.group(1)), m.group(2)
        m = re.match(r'^(.*?)(->|[.])([A-Za-z_]\w*)$', e)
        if m and m.group(1):
            base = m.group(1)
            # make sure the separator is at top level (not inside [] or ())
            depth = 0
            for ch in base:
                depth += ch in '(['
                depth -= ch in ')]'
            if depth == 0:
                return base, m.group(3)
        return None

    def type_of(fl, fn, base):
        """the struct tag of what base points to, from the declarations the
        site rules saw; None when they do not say or say several"""
        base = strip(base)
        b0 = base.lstrip('&')
        for cand in (base, b0, strip(b0)):
            tt = types.get((fl, fn, cand))
            if tt and len(tt) == 1 and '\x7b' not in next(iter(tt)):
                ty = re.sub(r'\s+', ' ', next(iter(tt))).replace('*', '').strip()
                return re.sub(r'^(?:(?:const|volatile) )*(?:struct|union) ', '', ty)
        m = re.match(r'^[&*]*([A-Za-z_]\w*)$', base)
        if m:
            return dcp_decl_type(fl, fn, m.group(1))
        c = dcp_call_parts(b0)
        if c:
            return dcp_accessor_type(fl, c[0])
        # an element of an array, a member: through the struct definitions
        b = b0.lstrip('*')
        while b.endswith('\x5d'):
            depth = 0
            for k in range(len(b) - 1, -1, -1):
                depth += b[k] == '\x5d'
                depth -= b[k] == '\x5b'
                if depth == 0:
                    b = b[:k]
                    break
            else:
                return None
        sf = split_field(strip(b))
        if not sf:
            m = re.match(r'^([A-Za-z_]\w*)$', b)
            return dcp_decl_type(fl, fn, b) if m else None
        outer = type_of(fl, fn, sf[0])
        return dcp_members(fl).get((outer, sf[1])) if outer else None

    def ring_of(fl, fn, base):
        """the array an entry is reached through by a variable index, as
        the judge writes it ('S.m[]'; S '?' when the declarations do not
        say): two arrays of one entry type are two rings"""
        b, indexed = base, False
        while b.endswith(']'):
            depth = 0
            for k in range(len(b) - 1, -1, -1):
                depth += b[k] == ']'
                depth -= b[k] == '['
                if depth == 0:
                    indexed |= not re.match(r'^\d+$', b[k + 1:-1].strip())
                    b = b[:k]
                    break
            else:
                return None
        sf = split_field(strip(b.lstrip('&*'))) if indexed else None
        if not sf:
            return None
        return '%s.%s[]' % (type_of(fl, fn, sf[0]) or '?', sf[1])

    def key(fl, fn, e):
        """the location expression e of function fn names, as the judge
        writes it (docs/facts.md), '' when it names none"""
        if e is None:
            return ''
        e = strip(dcp_unwrap(fl, strip(e)))
        if e.startswith('&'):
            e = strip(e[1:])
        if not e or e[0].isdigit() or e == 'NULL':
            return ''
        # an element of an array is the array, as for the other engines
        # (docs/facts.md): tdinfo->skb_dma[i + 1] is the member skb_dma
        while e.endswith('\x5d'):
            depth, k = 0, len(e) - 1
            while k > 0:
                depth += {'\x5d': 1, '\x5b': -1}.get(e[k], 0)
                if depth == 0:
                    break
                k -= 1
            if k <= 0 or depth:
                break
            e = strip(e[:k])
            # but what a local pointer points to is not that local: its
            # elements are memory (the words of a coherent ring), no location
            if re.match(r'^[A-Za-z_]\w*$', e) and dcp_decl_pointer(fl, fn, e):
                return ''
        sf = split_field(e)
        if sf:
            inst = ring_of(fl, fn, strip(sf[0]))
            ty, path, cur, base = type_of(fl, fn, sf[0]), sf[1], e, sf[0]
            # a struct embedded twice is two instances (p->sq.depth and
            # p->cq.depth), keyed as the other engines key them
            embedded = ty and not inst and e[len(base):].startswith('.')
            up = split_field(strip(base)) if embedded else None
            outer = type_of(fl, fn, up[0]) if up else None
            if outer and len(dcp_embeds(fl, outer, ty)) > 1:
                inst = '%s.%s' % (outer, up[1])
            # a member of an unnamed embedded struct keeps the path to it
            # (sp->remap.req.buf is field:?.remap.req.buf): the judge makes
            # field:?.buf the only struct of the module this script saw
            # with a member buf, which a struct from a header may not be.
            # Only across '.': what a pointer points to is a struct of its
            # own (a->b->c is field:?.c)
            while not ty and not inst and cur[len(base):].startswith('.'):
                up = split_field(strip(base))
                if not up or strip(base) != base:
                    break
                path, cur, base = up[1] + '.' + path, base, up[0]
            return 'field:%s.%s%s' % (ty or '?', path, '@' + inst if inst else '')
        if re.match(r'^[A-Za-z_]\w*$', e):
            if e in defines or e in _DCP_BUILTIN or e.isupper():
                return ''
            return 'local:%s:%s:%s' % (fl, fn, e)
        m = re.match(r'^\*([A-Za-z_]\w*)$', e)
        params = dc_func_params(fl, fn) if m else None
        if params and m.group(1) in params:
            # stored through a pointer parameter: what the callers pass
            # the address of (out_param() below)
            return 'param:%s#%d' % (fn, params.index(m.group(1)))
        # another lvalue of the function (an element of a local array)
        if re.match(r'^\*?[A-Za-z_]\w*(?:(?:->|[.])[A-Za-z_]\w*|\x5b[^\x5d]*\x5d)*$', e):
            return 'local:%s:%s:%s' % (fl, fn, e)
        return ''

    lines = {}
    def put(fl, *fields):
        blk = lines.setdefault(fl, ([], []))
        ln = '\t'.join(['DRVFACT'] + [str(x) if x not in ('', None) else '-' for x in fields])
        if fields[0] == 'site':
            blk[0].append(ln)
        elif ln not in blk[1]:
            blk[1].append(ln)

    # ---- values
    def jx(v):
        """a linear form as the judge's text (jx.h): "(form)/den" when it
        has fractional coefficients"""
        if v is None:
            return '?'
        den = 1
        for c in list(v[0].values()) + [v[1]]:
            if isinstance(c, fractions.Fraction):
                den = den * c.denominator // math.gcd(den, c.denominator)
        out = ''
        for a, c in sorted(v[0].items()):
            if '{' in a or '}' in a:
                return '?'
            c = int(c * den)
            t = ('%d*' % abs(c) if c not in (1, -1) else '') + '{%s}' % a
            out += '-' + t if c < 0 else t if not out else '+' + t
        c = int(v[1] * den)
        if c or not out:
            out += '%d' % c if not out else '%+d' % c
        return '(%s)/%d' % (out, den) if den > 1 else out

    wanted = []
    def want(fl, fn, k):
        if k.startswith('local:') or k.startswith('field:') or k.startswith('param:'):
            wanted.append((fl, fn, k))
        return k

    def nonlinear(fl, fn, txt):
        """is txt no linear form, its macros of unknown value taken as
        constants?"""
        res = resolver(fl, fn, 0)
        def macros_const(kind, t):
            v = res(kind, t)
            if v and len(v[0]) == 1 and next(iter(v[0])).startswith('macro:'):
                return ({}, 2)
            return v
        w = dcp_eval(txt, macros_const)
        return w is None or any(a.startswith('X:') for a in w[0])

    def resolver(fl, fn, depth):
        def res(kind, txt):
            if depth > 8:
                return ({'expr:%s:%s:%s' % (fl, fn, txt): 1}, 0)
            if kind == 'id':
                if txt in defines and defines[txt] is not None:
                    v = dcp_eval(defines[txt], resolver(fl, fn, depth + 1))
                    if v is not None:
                        return v
                if txt in _DCP_BUILTIN and _DCP_BUILTIN[txt] is not None:
                    return ({}, _DCP_BUILTIN[txt])
                if txt in defines or txt in _DCP_BUILTIN or txt.isupper():
                    return ({'macro:' + txt: 1}, 0)
                # a local: its values are its sources, which the judge reads
                return ({want(fl, fn, key(fl, fn, txt)): 1}, 0)
            if kind == 'field':
                k = key(fl, fn, txt)
                if k.startswith('field:'):
                    return ({want(fl, fn, k): 1}, 0)
                return ({'expr:%s:%s:%s' % (fl, fn, txt): 1}, 0)
            # a resource member a macro reads, resource_size()
            v = model_value(fl, fn, txt, res)
            if v is not None:
                return v
            # a conversion or an accessor: what it stands for
            inner = dcp_unwrap(fl, txt)
            if inner != txt:
                v = dcp_eval(inner, resolver(fl, fn, depth + 1))
                if v is not None:
                    return v
            # calls: only equal within a function
            return ({'call:%s:%s:%s' % (fl, fn, txt): 1}, 0)
        return res

    def resource_entry(fl, fn, txt):
        """pci_resource_start(pdev, 2) and kin: (the member read, or None
        for resource_size() of the entry, and the entry), else None"""
        c = dcp_call_parts(txt)
        if not c or c[0] not in RESOURCE_FNS:
            return None
        _, ii, holder, array, member = RESOURCE_FNS[c[0]]
        if ii >= len(c[1]):
            return None
        i = const(fl, fn, c[1][ii])
        return member, '%s.%s[%s]' % (holder, array, i if i is not None else dcp_n(c[1][ii]))

    def value_call(txt):
        """a call of a value function of the model (VALUE_FNS): its row
        and the text that reaches the members its argument points to"""
        c = dcp_call_parts(txt or '')
        if not c or c[0] not in VALUE_FNS or VALUE_FNS[c[0]][0] >= len(c[1]):
            return None
        row = VALUE_FNS[c[0]]
        a = dcp_n(c[1][row[0]])
        return row, (a[1:] + '.' if a.startswith('&') else a + '->')

    def model_value(fl, fn, txt, res):
        """the value of a call the model writes over struct members
        (docs/facts.md): resource_size(res) is res->end - res->start + 1"""
        c = dcp_call_parts(txt)
        if not c:
            return None
        e = resource_entry(fl, fn, txt)
        if e:
            member, inst = e
            if member:
                return ({'field:resource.%s@%s' % (member, inst): 1}, 0)
            _, plus, minus, k, _ = next(v for v in VALUE_FNS.values() if v[4] == 'resource')
            return ({'field:resource.%s@%s' % (plus, inst): 1,
                     'field:resource.%s@%s' % (minus, inst): -1}, k)
        vc = value_call(txt)
        if vc is None:
            return None
        (_, plus, minus, k, _), b = vc
        vp, vm = res('field', b + plus), res('field', b + minus)
        if vp is None or vm is None:
            return None
        d = dict(vp[0])
        for t, n in vm[0].items():
            d[t] = d.get(t, 0) - n
        return (dict((t, n) for t, n in d.items() if n), vp[1] - vm[1] + k)

    def value(s, field):
        t = s.get(field)
        if t is None:
            return ''
        fl, _, _, fn = s['pos']
        return jx(dcp_eval(t, resolver(fl, fn, 0)))

    def direction(s):
        d = s.get('dir')
        d = strip(d) if d is not None else ''
        if d in defines and defines[d]:
            d = strip(defines[d])
        return d if re.match(r'^(?:[A-Z_]+|\d)$', d) else ''

    # ---- sources: what may be stored in a location
    def last(v):
        # a = b = NULL stores what the last one does
        a = dcp_assignment(v)
        return last(a[1]) if a else strip(v)

    def source(fl, fn, loc, e):
        """expression e of function fn stored to loc"""
        if not loc:
            return
        e = strip(dcp_unwrap(fl, last(e)))
        if re.match(r'^(?:0|NULL|false|0[xX]0+|DMA_MAPPING_ERROR|~0\w*)$', e) or dcp_maker(e):
            return          # no new handle (a map is the source of its site)
        k = key(fl, fn, e) if not e.startswith('&') else ''
        if k:
            put(fl, 'src', fl, loc, 'loc', want(fl, fn, k))
            return
        # a handle inside what base holds, an offset no linear form away
        # (phys[i] = dma_handle + i * size): base, stepped.  A macro of
        # unknown value is a constant, as sparse and clang know it:
        # i * SLOT_SIZE is linear there
        for base, off in dcp_offset_base(e):
            kb = key(fl, fn, base)
            if kb and nonlinear(fl, fn, off):
                put(fl, 'src', fl, loc, 'loc', want(fl, fn, kb))
                put(fl, 'src', fl, loc, 'derived')
                return
        v = dcp_eval(e, resolver(fl, fn, 0))
        if v is None:
            put(fl, 'src', fl, loc, 'unknown')
        else:
            put(fl, 'src', fl, loc, 'value', jx(v))

    modfiles = {}
    def module_files(fl):
        """the files with sites in the module of file fl"""
        if fl not in modfiles:
            modfiles[fl] = tuple(p for p in mfiles if dcp_same_module(p, fl))
        return modfiles[fl]

    called = {}
    def callers(fl, fn):
        """the calls of fn in the module's files that have sites: (file,
        caller, arguments)"""
        if (fl, fn) not in called:
            called[(fl, fn)] = [(path, caller, args) for path in module_files(fl)
                                for _, caller, args, _, _ in dcp_text_calls(path, (fn,))]
        return called[(fl, fn)]

    def out_param(fl, fn, loc):
        """a handle stored through a pointer parameter (*dma_handle =
        dma_map_single(...)) is stored where the callers point it"""
        n = int(loc.rpartition('#')[2])
        for path, caller, args in callers(fl, fn):
            if n < len(args) and args[n].startswith('&'):
                k = key(path, caller, args[n])
                if k:
                    put(path, 'src', path, want(path, caller, k), 'loc', loc)

    def const(fl, fn, txt):
        v = dcp_eval(txt, resolver(fl, fn, 0))
        return v[1] if v is not None and not v[0] else None

    def guards(s):
        """the flag tests the site runs under: 'KEY==V;KEY!=V'"""
        fl, line, _, fn = s['pos']
        out = []
        for cond, taken in dcp_conditions(fl, line):
            for e, op, c in dcp_guard_terms(cond, taken):
                k, v = key(fl, fn, e), const(fl, fn, c)
                b = bit_test(fl, fn, e)
                if b and v == 0:
                    out.append('%s%s0' % (b, op))
                elif k.startswith(('field:', 'local:')) and v is not None:
                    out.append('%s%s%d' % (k, op, v))
        return ';'.join(out)

    def bit_key(k, v):
        """one bit of a member as the judge keys it (jf_bit_loc()):
        field:S.flags&4, whichever ring entry; '' unless v is one bit"""
        if not k.startswith('field:') or v is None or v <= 0 or v & (v - 1):
            return ''
        return '%s&%d' % (k.partition('@')[0], v)

    def bit_test(fl, fn, e):
        """e->flags & MAPPED_RX: that bit key, else ''"""
        e = e.strip()
        while e.startswith('\x28') and e.endswith('\x29'):
            e = e[1:-1].strip()
        m = re.match(r'^([\w>.\x5b\x5d-]+)\s*&\s*(\w+)$', e)
        return bit_key(key(fl, fn, m.group(1)), const(fl, fn, m.group(2))) if m else ''

    fstores = {}
    for f in facts:
        if f['t'] == 'fstore':
            fl, _, _, fn = f['pos']
            fstores.setdefault((fl, fn, strip(f['base'])), []).append(f)

    def sets(s):
        """after a map, the constants its function stores to other members
        of the entry the handle is kept in (buf->mapped_as_page = true)"""
        fl, line, _, fn = s['pos']
        dests = [rets.get(s['pos'])] + list(stores.get(s['pos'], ()))
        out = []
        for d in dests:
            sf = split_field(strip(d)) if d else None
            lo, hi = dcp_entry_span(fl, fn, strip(sf[0]) if sf else '', line, [
                m['pos'][1] for m in sites if m['t'] == 'map' and m['pos'][0] == fl
                and m['pos'][3] == fn])
            for f in fstores.get((fl, fn, strip(sf[0])), ()) if sf else ():
                v = (const(fl, fn, f['val'])
                     if f['fld'] != sf[1] and lo <= f['pos'][1] < hi else None)
                if v is not None:
                    out.append('%s=%d' % (key(fl, fn, '%s%s%s' % (f['base'], f['op'], f['fld'])), v))
            # the entry marked with a bit: e->flags |= MAPPED_RX (&= ~ clears)
            base = strip(sf[0]) if sf else ''
            if not re.match(r'^[A-Za-z_]\w*$', base):
                continue
            for i in range(lo, min(hi, len(dc_lines(fl)) + 1)):
                for m in _DCP_MARK.finditer(dc_lines(fl)[i - 1]):
                    v = const(fl, fn, m.group(6))
                    if m.group(1) != base or m.group(3) == sf[1] or v is None or \
                       (m.group(4) == '&') != bool(m.group(5)):
                        continue
                    b = bit_key(key(fl, fn, base + m.group(2) + m.group(3)), v)
                    if b:
                        out.append('%s=%d' % (b, m.group(4) == '|'))
        return ';'.join(sorted(set(out)))

    def sized_by(start, size):
        """the struct a value function of the size points to, when the
        start is a member of the same object: ioremap(r.start,
        resource_size(&r)) reads a struct resource a header declares"""
        vc = value_call(size)
        return vc[0][4] if vc and dcp_n(start) == vc[1] + vc[0][2] else ''

    def region_start(fl, fn, txt, size=None):
        """a region start as the judge keys it (docs/facts.md): a
        constant, a member (of which struct), a local or parameter; and the
        location it is read from"""
        if txt is None:
            return '', '', ''
        t = strip(dcp_unwrap(fl, strip(txt)))
        c = const(fl, fn, t)
        if c is not None:
            return '#%d' % c, '', ''
        e = resource_entry(fl, fn, t)
        if e:
            return 'field:resource.%s@%s' % (e[0] or 'start', e[1]), 'resource', ''
        # a member of a struct variable of the function (struct resource r
        # that of_address_to_resource() fills): a local start, held by the
        # struct of that variable, as the compilers key it
        sf = split_field(t)
        if sf and sf[1] and re.match(r'^[A-Za-z_]\w*$', sf[0]) and \
           dcp_decl_type(fl, fn, sf[0]) and not dcp_decl_pointer(fl, fn, sf[0]):
            holder = dcp_decl_type(fl, fn, sf[0])
            if dcp_other_node_resource(fl, fn, sf[0]):
                holder = ''
            return 'local:%s:%s:%s' % (fl, fn, t), holder, ''
        k = key(fl, fn, t)
        if k.startswith('field:'):
            holder = k[6:].partition('.')[0]
            if holder == '?' or '.' in k[6:].partition('@')[0].partition('.')[2]:
                holder = sized_by(t, size)
            return k, holder, want(fl, fn, k)
        if k.startswith(('local:', 'param:')):
            return k, '', want(fl, fn, k)
        return '', '', ''

    def region_site(s):
        """a region call, a free: its site line, and where what it
        returns is stored"""
        fl, line, col, fn = s['pos']
        buf = want(fl, fn, key(fl, fn, s.get('buf')))
        skey, holder, sloc = region_start(fl, fn, s.get('start'), s.get('size'))
        n = len(lines.get(fl, ([], []))[0])
        put(fl, 'site', s['fn'], s['fn'], fl, line, col + 1, fn, '', buf, '',
            value(s, 'size'), '', '', value(s, 'start'), '', skey, holder, sloc, '', '')
        k = key(fl, fn, rets.get(s['pos']))
        if k:
            put(fl, 'src', fl, want(fl, fn, k), 'site', n)

    def member_updated(fl, k):
        """is the member of key k updated other than by a plain store in
        the module: an update whose base is another struct (host->sg_count--
        beside data->sg_count) is not; one the declarations do not type
        may be"""
        fld = k.partition('.')[2].partition('@')[0]
        for path in module_files(fl):
            for line, e in dcp_member_updates(path).get(fld, ()):
                fn = dcp_enclosing(path, line)
                kk = key(path, fn, e) if fn else ''
                if not kk.startswith('field:') or kk.startswith('field:?.') or \
                   kk.partition('@')[0] == k.partition('@')[0]:
                    return True
        return False

    # the sites
    outs = set()
    for s in sites:
        fl, line, col, fn = s['pos']
        if s['t'] in ('region', 'free'):
            region_site(s)
            continue
        api, kind = s['fn'], DMA_KINDS[s['fn']]
        sg = kind in ('sg', 'sgtable')
        handle = buf = nloc = ''
        if s['t'] == 'rel' and sg:
            buf = key(fl, fn, s.get('h'))
        elif s['t'] == 'rel':
            handle = key(fl, fn, s.get('h'))
            buf = key(fl, fn, s.get('cpu'))
        elif s['t'] == 'map':
            buf = key(fl, fn, s.get('buf'))
        if sg:
            nloc = key(fl, fn, s.get('nents'))
        for k in (handle, buf, nloc):
            want(fl, fn, k)
        n = len(lines.get(fl, ([], []))[0])
        put(fl, 'site', api, api, fl, line, col + 1, fn, handle, buf, nloc,
            value(s, 'size'), value(s, 'nents'), value(s, 'off'), '',
            direction(s), '', '', '', guards(s), sets(s))
        # what it makes, stored where
        made = []
        if s['t'] == 'map' and sg:
            made.append(buf)
        if s['t'] in ('map', 'alloc'):
            made.append(key(fl, fn, rets.get(s['pos'])))
        if s['t'] == 'alloc':
            made.append(key(fl, fn, s.get('h')))
        for k in made:
            if k:
                put(fl, 'src', fl, want(fl, fn, k), 'site', n)
                if k.startswith('param:'):
                    outs.add((fl, fn, k))
        for to in stores.get(s['pos'], ()):
            lhs = rets.get(s['pos'])
            if lhs:
                source(fl, fn, key(fl, fn, to), lhs)
    for fl, fn, k in outs:
        out_param(fl, fn, k)

    # member and element stores (dma_unmap_addr_set/dma_unmap_len_set too)
    for f in facts:
        if f['t'] in ('fstore', 'fset'):
            fl, _, _, fn = f['pos']
            source(fl, fn, key(fl, fn, '%s%s%s' % (f['base'], f.get('op', '->'), f['fld'])), f['val'])
        elif f['t'] == 'estore':
            fl, _, _, fn = f['pos']
            source(fl, fn, key(fl, fn, '%s\x5b%s\x5d' % (f['base'], f['idx'])), f['val'])

    # maps and allocations in code spatch did not parse (a macro it gives
    # up on skips the whole function): their results are sources nobody
    # saw, so a release of a member they may be stored to gets no verdict
    seen_lines = set((s['pos'][0], s['pos'][1]) for s in sites)
    makers = [n for n, (role, _) in _DCP_LAYOUT.items() if role in ('map', 'alloc')]
    for path in mfiles:
        for i, caller, args, before, name in dcp_text_calls(path, makers):
            if (path, i + 1) in seen_lines:
                continue
            lhs = re.search(r'([\w>.\x5b\x5d*-]+)\s*=\s*$', before)
            names = _DCP_LAYOUT[name][1]
            dests = [lhs.group(1)] if lhs else []
            if 'h' in names and names.index('h') < len(args):
                dests.append(args[names.index('h')])
            for d in dests:
                k = key(path, caller, d)
                if k:
                    put(path, 'src', path, want(path, caller, k), 'unknown')

    # region claims in code spatch did not parse: a claim still covers the
    # maps of its file, its start and size as the text gives them
    claims = [n for n, m in MODEL.items()
              if m[0] in ('region_request', 'region_request_map', 'resource_insert')]
    for path in mfiles:
        for i, caller, args, before, name in dcp_text_calls(path, claims):
            if (path, i + 1) in seen_lines:
                continue
            _, _, si, zi, bi, _ = MODEL[name]
            s = dict((n, args[k]) for n, k in (('start', si), ('size', zi), ('buf', bi))
                     if 0 <= k < len(args))
            s.update(t='region', fn=name, pos=(path, i + 1, len(before), caller))
            region_site(s)

    # locals, parameters and members the sites read: their sources
    done = set()
    while wanted:
        fl, fn, k = wanted.pop()
        if (fl, fn, k) in done or (k.startswith('field:') and k in done):
            continue
        done.add((fl, fn, k))
        if k.startswith('field:'):
            done.add(k)
            if member_updated(fl, k):
                put(fl, 'src', fl, k, 'unknown')   # += ++ ...: not only its stores
            continue
        if not k.startswith('local:'):
            continue
        name = k.rpartition(':')[2]
        if not re.match(r'^[A-Za-z_]\w*$', name):
            continue
        for v in loads.get((fl, fn, name), ()):
            if v in (DCP_DERIVED, DCP_UNKNOWN):
                put(fl, 'src', fl, k, v[1:])
            else:
                source(fl, fn, k, v)
        params = dc_func_params(fl, fn) or []
        if name in params:
            p = 'param:%s#%d' % (fn, params.index(name))
            put(fl, 'src', fl, k, 'loc', p)
            for path, caller, args in callers(fl, fn):
                if params.index(name) < len(args):
                    source(path, caller, p, args[params.index(name)])

    return [ln for fl in sorted(lines) for ln in lines[fl][0] + lines[fl][1]]

@initialize:python depends on iomem_not_exclusive@
@@
coccinelle.dcp_notexcl = True

// ---------------------------------------------------------------- sites

@site@
// BEGIN generated dma-sites: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_unmap_single, dma_unmap_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_unmap_page, dma_unmap_page_attrs, dma_map_resource, dma_unmap_resource, dma_map_sg, dma_map_sg_attrs, dma_unmap_sg, dma_unmap_sg_attrs, dma_map_sgtable, dma_unmap_sgtable, dma_sync_single_for_cpu, dma_sync_single_for_device, dma_sync_single_range_for_cpu, dma_sync_single_range_for_device, dma_sync_sg_for_cpu, dma_sync_sg_for_device, dma_sync_sgtable_for_cpu, dma_sync_sgtable_for_device, dma_alloc_coherent, dma_zalloc_coherent, dmam_alloc_coherent, dma_alloc_attrs, dma_alloc_wc, dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_alloc_noncoherent, dma_free_noncoherent, dma_alloc_pages, dma_free_pages, dma_pool_alloc, dma_pool_zalloc, dma_pool_free, pci_map_single, pci_unmap_single, pci_map_page, pci_unmap_page, pci_map_sg, pci_unmap_sg, pci_dma_sync_single_for_cpu, pci_dma_sync_single_for_device, pci_dma_sync_sg_for_cpu, pci_dma_sync_sg_for_device, pci_alloc_consistent, pci_zalloc_consistent, pci_free_consistent};
// END generated dma-sites
expression list es;
position p;
@@
fn_1@p(es)

@script:python@
p << site.p; fn << site.fn_1; es << site.es;
@@
dcp_call_site(p, str(fn), str(es))

// region requests, releases and maps (the iomem pairing checks)
@rsite@
// BEGIN generated iomem-calls: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {request_region, request_muxed_region, request_mem_region, request_mem_region_exclusive, __request_region, __request_mem_region, devm_request_region, devm_request_mem_region, __devm_request_region, release_region, release_mem_region, __release_region, devm_release_region, devm_release_mem_region, request_resource, devm_request_resource, insert_resource, release_resource, amba_request_regions, amba_release_regions, pci_request_region, pci_request_region_exclusive, pci_request_regions, pci_request_regions_exclusive, pci_request_mem_regions, pci_request_selected_regions, pci_request_selected_regions_exclusive, pcim_request_region, pcim_request_all_regions, comedi_pci_enable, vmbus_allocate_mmio, serial8250_register_8250_port, pcmcia_request_window, mcb_request_mem, mcb_release_mem, pci_release_region, pci_release_regions, pci_release_mem_regions, pci_release_selected_regions, pcim_iomap_regions, pcim_iomap_regions_request_all, pcim_iomap_region, devm_ioremap_resource, devm_platform_ioremap_resource, devm_platform_ioremap_resource_byname, devm_platform_get_and_ioremap_resource, devm_of_iomap, of_io_request_and_map, ioremap, ioremap_wc, ioremap_uc, ioremap_wt, ioremap_cache, ioremap_nocache, devm_ioremap, devm_ioremap_wc, devm_ioremap_uc, devm_ioremap_nocache, of_iomap, pci_iomap, pci_iomap_wc, pci_iomap_range, pci_ioremap_bar, pci_ioremap_wc_bar, pcim_iomap, pcim_iomap_range, iounmap, pci_iounmap, devm_iounmap};
// END generated iomem-calls
expression list es;
position p;
@@
fn_1@p(es)

@script:python@
p << rsite.p; fn << rsite.fn_1; es << rsite.es;
@@
dcp_region_site(p, str(fn), str(es))

// the frees after which release_resource() leaked nothing
@rfree depends on rsite@
expression X; position p;
// BEGIN generated iomem-frees: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {kfree, kvfree};
// END generated iomem-frees
@@
fn_1@p(X)

@script:python@
p << rfree.p; x << rfree.X;
@@
dcp_site(p, 'free', buf=x)

// what a region call returns (a struct resource, a mapping), stored where
@rasg depends on rsite@
expression E; position p; type T;
// BEGIN generated iomem-calls: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {request_region, request_muxed_region, request_mem_region, request_mem_region_exclusive, __request_region, __request_mem_region, devm_request_region, devm_request_mem_region, __devm_request_region, release_region, release_mem_region, __release_region, devm_release_region, devm_release_mem_region, request_resource, devm_request_resource, insert_resource, release_resource, amba_request_regions, amba_release_regions, pci_request_region, pci_request_region_exclusive, pci_request_regions, pci_request_regions_exclusive, pci_request_mem_regions, pci_request_selected_regions, pci_request_selected_regions_exclusive, pcim_request_region, pcim_request_all_regions, comedi_pci_enable, vmbus_allocate_mmio, serial8250_register_8250_port, pcmcia_request_window, mcb_request_mem, mcb_release_mem, pci_release_region, pci_release_regions, pci_release_mem_regions, pci_release_selected_regions, pcim_iomap_regions, pcim_iomap_regions_request_all, pcim_iomap_region, devm_ioremap_resource, devm_platform_ioremap_resource, devm_platform_ioremap_resource_byname, devm_platform_get_and_ioremap_resource, devm_of_iomap, of_io_request_and_map, ioremap, ioremap_wc, ioremap_uc, ioremap_wt, ioremap_cache, ioremap_nocache, devm_ioremap, devm_ioremap_wc, devm_ioremap_uc, devm_ioremap_nocache, of_iomap, pci_iomap, pci_iomap_wc, pci_iomap_range, pci_ioremap_bar, pci_ioremap_wc_bar, pcim_iomap, pcim_iomap_range, iounmap, pci_iounmap, devm_iounmap};
// END generated iomem-calls
@@
(
E = fn_1@p(...)
|
E = (T)fn_1@p(...)
)

@script:python@
p << rasg.p; e << rasg.E;
@@
dcp_other('ret', p, lhs=e)

@rasgd depends on rsite@
position p; type T, T2; identifier x;
// BEGIN generated iomem-calls: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {request_region, request_muxed_region, request_mem_region, request_mem_region_exclusive, __request_region, __request_mem_region, devm_request_region, devm_request_mem_region, __devm_request_region, release_region, release_mem_region, __release_region, devm_release_region, devm_release_mem_region, request_resource, devm_request_resource, insert_resource, release_resource, amba_request_regions, amba_release_regions, pci_request_region, pci_request_region_exclusive, pci_request_regions, pci_request_regions_exclusive, pci_request_mem_regions, pci_request_selected_regions, pci_request_selected_regions_exclusive, pcim_request_region, pcim_request_all_regions, comedi_pci_enable, vmbus_allocate_mmio, serial8250_register_8250_port, pcmcia_request_window, mcb_request_mem, mcb_release_mem, pci_release_region, pci_release_regions, pci_release_mem_regions, pci_release_selected_regions, pcim_iomap_regions, pcim_iomap_regions_request_all, pcim_iomap_region, devm_ioremap_resource, devm_platform_ioremap_resource, devm_platform_ioremap_resource_byname, devm_platform_get_and_ioremap_resource, devm_of_iomap, of_io_request_and_map, ioremap, ioremap_wc, ioremap_uc, ioremap_wt, ioremap_cache, ioremap_nocache, devm_ioremap, devm_ioremap_wc, devm_ioremap_uc, devm_ioremap_nocache, of_iomap, pci_iomap, pci_iomap_wc, pci_iomap_range, pci_ioremap_bar, pci_ioremap_wc_bar, pcim_iomap, pcim_iomap_range, iounmap, pci_iounmap, devm_iounmap};
// END generated iomem-calls
@@
(
T x = fn_1@p(...);
|
T x = (T2)fn_1@p(...);
)

@script:python@
p << rasgd.p; x << rasgd.x;
@@
dcp_other('ret', p, lhs=x)

// declared struct types of the bases of region starts and sizes
@rtb depends on rsite@
type T; T *b; T b2; identifier fld; position p;
// BEGIN generated iomem-calls: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {request_region, request_muxed_region, request_mem_region, request_mem_region_exclusive, __request_region, __request_mem_region, devm_request_region, devm_request_mem_region, __devm_request_region, release_region, release_mem_region, __release_region, devm_release_region, devm_release_mem_region, request_resource, devm_request_resource, insert_resource, release_resource, amba_request_regions, amba_release_regions, pci_request_region, pci_request_region_exclusive, pci_request_regions, pci_request_regions_exclusive, pci_request_mem_regions, pci_request_selected_regions, pci_request_selected_regions_exclusive, pcim_request_region, pcim_request_all_regions, comedi_pci_enable, vmbus_allocate_mmio, serial8250_register_8250_port, pcmcia_request_window, mcb_request_mem, mcb_release_mem, pci_release_region, pci_release_regions, pci_release_mem_regions, pci_release_selected_regions, pcim_iomap_regions, pcim_iomap_regions_request_all, pcim_iomap_region, devm_ioremap_resource, devm_platform_ioremap_resource, devm_platform_ioremap_resource_byname, devm_platform_get_and_ioremap_resource, devm_of_iomap, of_io_request_and_map, ioremap, ioremap_wc, ioremap_uc, ioremap_wt, ioremap_cache, ioremap_nocache, devm_ioremap, devm_ioremap_wc, devm_ioremap_uc, devm_ioremap_nocache, of_iomap, pci_iomap, pci_iomap_wc, pci_iomap_range, pci_ioremap_bar, pci_ioremap_wc_bar, pcim_iomap, pcim_iomap_range, iounmap, pci_iounmap, devm_iounmap};
// END generated iomem-calls
@@
fn_1(...,
<+...
(
 b@p->fld
|
 b2@p.fld
)
...+>, ...)

@script:python@
p << rtb.p; t << rtb.T; b << rtb.b;
@@
dcp_other('type', p, base=b, ty=t)

@script:python@
p << rtb.p; t << rtb.T; b << rtb.b2;
@@
dcp_other('type', p, base=b, ty=t)

// ------------------------------------------- where map/alloc results go

@asg depends on site@
expression E; position p; type T;
// BEGIN generated dma-makers: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_map_resource, dma_map_sg, dma_map_sg_attrs, dma_alloc_coherent, dma_zalloc_coherent, dmam_alloc_coherent, dma_alloc_attrs, dma_alloc_wc, dma_alloc_noncoherent, dma_alloc_pages, dma_pool_alloc, dma_pool_zalloc, pci_map_single, pci_map_page, pci_map_sg, pci_alloc_consistent, pci_zalloc_consistent};
// END generated dma-makers
@@
// a cast of the handle (s2io: (u64)skb_frag_dma_map(...)) stores it too
(
E = fn_1@p(...)
|
E = (T)fn_1@p(...)
)

@script:python@
p << asg.p; e << asg.E;
@@
dcp_other('ret', p, lhs=e)

@asgd depends on site@
position p; type T, T2; identifier x;
// BEGIN generated dma-makers: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_map_resource, dma_map_sg, dma_map_sg_attrs, dma_alloc_coherent, dma_zalloc_coherent, dmam_alloc_coherent, dma_alloc_attrs, dma_alloc_wc, dma_alloc_noncoherent, dma_alloc_pages, dma_pool_alloc, dma_pool_zalloc, pci_map_single, pci_map_page, pci_map_sg, pci_alloc_consistent, pci_zalloc_consistent};
// END generated dma-makers
@@
(
T x = fn_1@p(...);
|
T x = (T2)fn_1@p(...);
)

@script:python@
p << asgd.p; x << asgd.x;
@@
dcp_other('ret', p, lhs=x)

// a handle local stored into a field after the map
@st depends on site exists@
expression X, E2; position p, p2;
// BEGIN generated dma-mappers: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_map_resource, dma_map_sg, dma_map_sg_attrs, pci_map_single, pci_map_page, pci_map_sg};
// END generated dma-mappers
@@
X = fn_1@p(...)
... when any
E2@p2 = X

@script:python@
p << st.p; x << st.X; e << st.E2;
@@
dcp_other('store', p, local=x, to=e)

@std depends on site exists@
type T; identifier x; expression E2; position p, p2;
// BEGIN generated dma-mappers: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_map_resource, dma_map_sg, dma_map_sg_attrs, pci_map_single, pci_map_page, pci_map_sg};
// END generated dma-mappers
@@
T x = fn_1@p(...);
... when any
E2@p2 = x

@script:python@
p << std.p; x << std.x; e << std.E2;
@@
dcp_other('store', p, local=x, to=e)

// handle and length fields set with the dma_unmap_*_set() macros
@fset depends on site@
expression B, V; identifier F; position p;
// BEGIN generated dma-field-sets: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_unmap_addr_set, dma_unmap_len_set};
// END generated dma-field-sets
@@
fn_1@p(B, F, V)

@script:python@
p << fset.p; b << fset.B; f << fset.F; v << fset.V;
@@
dcp_other('fset', p, fn=dc_fname(p[0]), base=b, fld=f, val=v)

// declared struct types of the bases of handle / length expressions
@tb depends on site@
type T; T *b; T b2; identifier fld; position p;
// BEGIN generated dma-typed: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, dma_unmap_sg, dma_unmap_sg_attrs, dma_unmap_sgtable, dma_sync_single_for_cpu, dma_sync_single_for_device, dma_sync_single_range_for_cpu, dma_sync_single_range_for_device, dma_sync_sg_for_cpu, dma_sync_sg_for_device, dma_sync_sgtable_for_cpu, dma_sync_sgtable_for_device, dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, dma_free_noncoherent, dma_free_pages, dma_pool_free, dma_unmap_addr, dma_unmap_len, dma_unmap_addr_set, dma_unmap_len_set, pci_unmap_single, pci_unmap_page, pci_unmap_sg, pci_dma_sync_single_for_cpu, pci_dma_sync_single_for_device, pci_dma_sync_sg_for_cpu, pci_dma_sync_sg_for_device, pci_free_consistent};
// END generated dma-typed
@@
fn_1(...,
<+...
(
 b@p->fld
|
 b2@p.fld
)
...+>, ...)

@script:python@
p << tb.p; t << tb.T; b << tb.b;
@@
dcp_other('type', p, base=b, ty=t)

@script:python@
p << tb.p; t << tb.T; b << tb.b2;
@@
dcp_other('type', p, base=b, ty=t)

@tbf depends on site@
type T; T *b; position p;
// BEGIN generated dma-fields: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_unmap_addr, dma_unmap_len, dma_unmap_addr_set, dma_unmap_len_set};
// END generated dma-fields
@@
fn_1(b@p, ...)

@script:python@
p << tbf.p; t << tbf.T; b << tbf.b;
@@
dcp_other('type', p, base=b, ty=t)

@tbs depends on site || rsite@
type T; T *b; T b2; identifier fld; position p; expression E;
@@
(
 b@p->fld
|
 b2@p.fld
)
 = E

@script:python@
p << tbs.p; t << tbs.T; b << tbs.b;
@@
dcp_other('type', p, base=b, ty=t)

@script:python@
p << tbs.p; t << tbs.T; b << tbs.b2;
@@
dcp_other('type', p, base=b, ty=t)

// declared struct types of a member copied to another member
// (tx_buf->bytecount = skb->len reads struct sk_buff.len)
@tv depends on site || rsite@
type T; T *b; expression B; identifier fld, f2; position p;
@@
(
 B->f2 = b@p->fld
|
 B.f2 = b@p->fld
)

@script:python@
p << tv.p; t << tv.T; b << tv.b;
@@
dcp_other('type', p, base=b, ty=t)

// every plain store to a member: the values a size read from it may be
// (through an embedded struct: p->sq.depth, one of two instances)
@mstore depends on site || rsite@
expression B, E; identifier fld; position p, q;
@@
(
 B@p->fld = E
|
 B@q.fld = E
)

@script:python@
p << mstore.p = []; q << mstore.q = []; b << mstore.B; f << mstore.fld; e << mstore.E;
@@
dcp_other('fstore', p or q, base=b, fld=f, val=e, op='->' if p else '.')

// every plain store to an element: a value of the array too (ioc3 stores a
// streaming handle into the coherent ring rxr[i])
@estore depends on site || rsite@
expression A, I, E; position p;
@@
A[I]@p = E

@script:python@
p << estore.p; a << estore.A; i << estore.I; e << estore.E;
@@
dcp_other('estore', p, base=a, idx=i, val=e)

// #define'd constants
@def depends on site || rsite@
identifier N; expression E; position p;
@@
#define N@p E

@script:python@
p << def.p; n << def.N; e << def.E;
@@
coccinelle.dcp_facts.append({'t': 'define', 'name': str(n), 'val': dcp_n(e)})

// ---------------------------------------------------------------- join

@finalize:python depends on drvcheck@
allfacts << merge.dcp_facts;
@@
for ln in dcp_join(allfacts):
    print(ln)

@finalize:python depends on !drvcheck@
allfacts << merge.dcp_facts;
@@
dcp_judge_alone(dcp_join(allfacts))
