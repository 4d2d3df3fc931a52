/// Find region requests (request_*region*(), pci_request_regions(),
/// pcim_iomap_regions(), ...) whose result is discarded, or stored and never
/// tested: the region may be busy, claimed by another driver.  The region
/// pairing checks (release vs request, maps of unrequested registers,
/// exclusivity) are the judge's, over the facts dma_pairing.cocci extracts.
//
// Confidence: Moderate
// Copyright: (C) 2024 drvcheck authors.  GPL-2.0
// Options: --no-includes --include-headers
// BEGIN generated iomem-calls as prefilter: gen-cocci-tables from checkers/model, do not edit
// Prefilter: request_region request_muxed_region request_mem_region request_mem_region_exclusive __request_region __request_mem_region devm_request_region devm_request_mem_region __devm_request_region release_region release_mem_region __release_region devm_release_region devm_release_mem_region request_resource devm_request_resource insert_resource release_resource amba_request_regions amba_release_regions pci_request_region pci_request_region_exclusive pci_request_regions pci_request_regions_exclusive pci_request_mem_regions pci_request_selected_regions pci_request_selected_regions_exclusive pcim_request_region pcim_request_all_regions comedi_pci_enable vmbus_allocate_mmio serial8250_register_8250_port pcmcia_request_window mcb_request_mem mcb_release_mem pci_release_region pci_release_regions pci_release_mem_regions pci_release_selected_regions pcim_iomap_regions pcim_iomap_regions_request_all pcim_iomap_region devm_ioremap_resource devm_platform_ioremap_resource devm_platform_ioremap_resource_byname devm_platform_get_and_ioremap_resource devm_of_iomap of_io_request_and_map ioremap ioremap_wc ioremap_uc ioremap_wt ioremap_cache ioremap_nocache devm_ioremap devm_ioremap_wc devm_ioremap_uc devm_ioremap_nocache of_iomap pci_iomap pci_iomap_wc pci_iomap_range pci_ioremap_bar pci_ioremap_wc_bar pcim_iomap pcim_iomap_range iounmap pci_iounmap devm_iounmap
// END generated iomem-calls
// Checks: iomem-unchecked-request
// Model-roles: iomem/region_request iomem/region_request_map

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
coccinelle.mode = "report"
coccinelle.icalls = []     # (name, file, line, col, func)
coccinelle.idiscard = []   # (file, line, col)
coccinelle.istored = []    # (x, file, line, col, func)
coccinelle.itested = []    # (x, file, line, func)
coccinelle.iover = []      # (file, line, col)
coccinelle.iloop = []      # (file, line, col): tested by the loop that stores it

@initialize:python depends on drvcheck@
@@
coccinelle.mode = "drvcheck"

@initialize:python depends on org@
@@
coccinelle.mode = "org"

// ---------------------------------------------------------------------------
// every region call

@calls@
position p;
// BEGIN generated iomem-calls: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {request_region, request_muxed_region, request_mem_region, request_mem_region_exclusive, __request_region, __request_mem_region, devm_request_region, devm_request_mem_region, __devm_request_region, release_region, release_mem_region, __release_region, devm_release_region, devm_release_mem_region, request_resource, devm_request_resource, insert_resource, release_resource, amba_request_regions, amba_release_regions, pci_request_region, pci_request_region_exclusive, pci_request_regions, pci_request_regions_exclusive, pci_request_mem_regions, pci_request_selected_regions, pci_request_selected_regions_exclusive, pcim_request_region, pcim_request_all_regions, comedi_pci_enable, vmbus_allocate_mmio, serial8250_register_8250_port, pcmcia_request_window, mcb_request_mem, mcb_release_mem, pci_release_region, pci_release_regions, pci_release_mem_regions, pci_release_selected_regions, pcim_iomap_regions, pcim_iomap_regions_request_all, pcim_iomap_region, devm_ioremap_resource, devm_platform_ioremap_resource, devm_platform_ioremap_resource_byname, devm_platform_get_and_ioremap_resource, devm_of_iomap, of_io_request_and_map, ioremap, ioremap_wc, ioremap_uc, ioremap_wt, ioremap_cache, ioremap_nocache, devm_ioremap, devm_ioremap_wc, devm_ioremap_uc, devm_ioremap_nocache, of_iomap, pci_iomap, pci_iomap_wc, pci_iomap_range, pci_ioremap_bar, pci_ioremap_wc_bar, pcim_iomap, pcim_iomap_range, iounmap, pci_iounmap, devm_iounmap};
// END generated iomem-calls
@@
fn_1@p(...)

@script:python@
p << calls.p;
@@
coccinelle.icalls.append((dc_fname(p[0]),) + dc_loc(p[0]) + (p[0].current_element,))

// requests whose result is discarded

@discard@
identifier f =~ "request|iomap_regions";
position calls.p;
@@
f@p(...);

@script:python@
p << calls.p;
f << discard.f;
@@
coccinelle.idiscard.append(dc_loc(p[0]))

// requests whose result is stored: tested later?

@stored@
expression x;
identifier f =~ "request|iomap_regions";
position calls.p;
@@
x = f@p(...)

@script:python@
x << stored.x;
p << calls.p;
@@
coccinelle.istored.append((x,) + dc_loc(p[0]) + (p[0].current_element,))

@tested@
expression stored.x;
position q;
statement S1, S2;
@@
(
if (<+... x@q ...+>) S1 else S2
|
if (<+... x@q ...+>) S1
|
while (<+... x@q ...+>) S1
|
return <+... x@q ...+>;
)

@script:python@
x << stored.x;
q << tested.q;
@@
coccinelle.itested.append((x, q[0].file, int(q[0].line), q[0].current_element))

// a loop that tests x in its condition tests what its body stores in x
// (retry until the claim succeeds, vmbus_reserve_fb())

@tested_loop@
expression stored.x;
identifier f;
position calls.p, l;
@@
(
for@l (...; <+... x ...+>; ...) { ... x = f@p(...); ... }
|
for@l (...; <+... x ...+>; ...) x = f@p(...);
|
while@l (<+... x ...+>) { ... x = f@p(...); ... }
|
while@l (<+... x ...+>) x = f@p(...);
)

@script:python@
p << calls.p;
l << tested_loop.l;
@@
coccinelle.iloop.append(dc_loc(p[0]))

@tested2@
expression stored.x;
position q;
expression E1, E2;
@@
(
x@q ? E1 : E2
|
!x@q ? E1 : E2
)

@script:python@
x << stored.x;
q << tested2.q;
@@
coccinelle.itested.append((x, q[0].file, int(q[0].line), q[0].current_element))

@overwritten exists@
expression stored.x, E;
identifier f;
position calls.p;
position q;
@@
x = f@p(...);
... when != x
x@q = E;

@script:python@
p << calls.p;
q << overwritten.q;
@@
coccinelle.iover.append(dc_loc(p[0]))

// ---------------------------------------------------------------------------

@finalize:python@
icalls << merge.icalls;
idiscard << merge.idiscard;
istored << merge.istored;
itested << merge.itested;
iover << merge.iover;
iloop << merge.iloop;
@@
import coccinelle

icalls = dc_flat(icalls); idiscard = set(dc_flat(idiscard)); istored = dc_flat(istored)
itested = dc_flat(itested); iover = set(dc_flat(iover)); iloop = set(dc_flat(iloop))

# name: (role, space, start arg, size arg, buf/parent arg, dev arg)
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

out = []
# key: the called function's name, the judge's key for the region checks,
# so a finding has one fingerprint whichever engine reports it
def emit(cid, conf, site, func, key, msg, notes):
    out.append((site, cid, conf, func, key, msg, notes))

def flush():
    done = set()
    for (site, cid, conf, func, key, msg, notes) in sorted(out):
        f, l, c = site
        if (cid, f, l) in done:
            continue
        done.add((cid, f, l))
        dc_print(coccinelle.mode, cid, conf, site, func, key, msg, notes)

class Call:
    pass
calls = []
for (name, f, l, c, func) in icalls:
    if name not in MODEL:
        continue
    k = Call()
    k.name, k.site, k.func, k.role = name, (f, l, c), func, MODEL[name][0]
    calls.append(k)

# ---- iomem-unchecked-request
# (port I/O, a map, a start that is no constant)
# BEGIN generated region-use: gen-cocci-tables from checkers/model, do not edit
REGION_USE = {
    "port": (True, False, True),
    "mem": (False, True, False),
    "parent": (True, True, True),
}
# END generated region-use
# BEGIN generated port-io: gen-cocci-tables from checkers/model, do not edit
PORT_IO = {"inb", "inw", "inl", "outb", "outw", "outl", "inb_p", "inw_p", "inl_p", "outb_p", "outw_p", "outl_p", "insb", "insw", "insl", "outsb", "outsw", "outsl", "ioport_map"}
# END generated port-io
_PORT_IO = re.compile(r'\b(?:%s)\s*\x28' % '|'.join(sorted(PORT_IO)))
_MAPS = re.compile(r'\b(?:%s)\s*\x28' % '|'.join(sorted(
    n for n, m in MODEL.items() if m[0] in ('iomap', 'region_request_map'))))
_uses = {}
def fixed_start(k):
    """is the request's start a constant (0x3c0, a #define)?"""
    args, i = dc_args_at(DcLoc(*k.site)), MODEL[k.name][2]
    a = args[i].strip() if 0 <= i < len(args) else ''
    return bool(re.match(r'^(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*$|^[A-Z_][A-Z0-9_]*$', a))

def uses_region(f, space, fixed):
    """Do f and its driver headers use what a request of space claims
    (region_request_used() in checkers/model)?  A driver that requests
    fixed ports and does no port I/O, or memory and maps none, makes the
    request only to show the range in /proc (matroxfb, a PCI quirk,
    parisc LED registers): its result gates nothing."""
    if f not in _uses:
        hs = dc_local_headers(f)
        maps = any(_MAPS.search(dc_text(h)[0]) for h in hs)
        ports = any(_PORT_IO.search(dc_text(h)[0]) for h in hs)
        _uses[f] = (ports, maps)
    ports, maps = _uses[f]
    if space not in REGION_USE:
        return True
    by_ports, by_maps, by_variable = REGION_USE[space]
    return (by_ports and ports) or (by_maps and maps) or (by_variable and not fixed)

tested = {}
for (x, f, l, func) in itested:
    tested.setdefault((x, f, func), []).append(l)
for k in calls:
    if k.role not in ("region_request", "region_request_map"):
        continue
    if k.role == "region_request_map" and not k.name.startswith("pcim_iomap_regions"):
        continue
    if not uses_region(k.site[0], MODEL[k.name][1], fixed_start(k)):
        continue
    reason = None
    if k.site in idiscard:
        reason = "the result of %s() is discarded" % k.name
    else:
        for (x, f, l, c, func) in istored:
            if (f, l, c) != k.site:
                continue
            if (f, l, c) in iloop:
                continue
            if (f, l, c) in iover:
                reason = "the result of %s() is stored in %s and overwritten before it is tested" % (k.name, x)
            elif not [tl for tl in tested.get((x, f, func), []) if tl >= l]:
                reason = "the result of %s() is stored in %s but never tested" % (k.name, x)
    if reason:
        emit("iomem-unchecked-request", "high", k.site, k.func, k.name,
             reason + ": the region may be busy (claimed by another driver) and the driver goes on using it", [])

flush()
