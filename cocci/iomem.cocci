/// Find I/O memory region bugs in drivers: a request_*region*() result that
/// is discarded or stored and never tested; a release that does not match
/// the request of the same region in the driver (size provably different,
/// port space vs memory space, pci_request_regions() vs
/// pci_release_region(), BAR N vs BAR M); device registers mapped
/// (ioremap*, pci_iomap*, of_iomap, ...) by a driver that never requests
/// them; release_resource() of what request_mem_region() and kin returned
/// (their struct resource is kmalloc'ed and leaks).  With -D iomem_not_exclusive, also point at non-exclusive requests
/// of MMIO the driver maps (the _exclusive variants keep /dev/mem and sysfs
/// mappings off the registers, IORESOURCE_EXCLUSIVE).
/// A driver is the set of files of one Kbuild module (drvcheck names each
/// file's in DRVCHECK_COCCI_MODULES; run alone, one directory); requests and releases
/// meet through the start expression (priv->base, res->start,
/// pci_resource_start(pdev, N), the BAR number), with macros of the
/// driver folded.
//
// Confidence: Moderate
// Copyright: (C) 2024 drvcheck authors.  GPL-2.0
// Comments: Regions requested by a parent or bus driver (MFD cells) are not
//  visible; such maps are reported with low confidence or not at all.
// Options: --no-includes --include-headers
// BEGIN generated iomem-calls as prefilter: gen-cocci-tables from checkers/model, do not edit
// Prefilter: request_region request_muxed_region request_mem_region request_mem_region_exclusive __request_region __request_mem_region devm_request_region devm_request_mem_region __devm_request_region release_region release_mem_region __release_region devm_release_region devm_release_mem_region request_resource insert_resource release_resource amba_request_regions amba_release_regions pci_request_region pci_request_region_exclusive pci_request_regions pci_request_regions_exclusive pci_request_mem_regions pci_request_selected_regions pci_request_selected_regions_exclusive pcim_request_region pcim_request_all_regions comedi_pci_enable vmbus_allocate_mmio serial8250_register_8250_port pcmcia_request_window pci_release_region pci_release_regions pci_release_mem_regions pci_release_selected_regions pcim_iomap_regions pcim_iomap_regions_request_all pcim_iomap_region devm_ioremap_resource devm_platform_ioremap_resource devm_platform_ioremap_resource_byname devm_platform_get_and_ioremap_resource devm_of_iomap of_io_request_and_map ioremap ioremap_wc ioremap_uc ioremap_wt ioremap_cache ioremap_nocache devm_ioremap devm_ioremap_wc devm_ioremap_uc devm_ioremap_nocache of_iomap pci_iomap pci_iomap_wc pci_iomap_range pci_ioremap_bar pci_ioremap_wc_bar pcim_iomap pcim_iomap_range
// END generated iomem-calls
// Checks: iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map iomem-not-exclusive
// Model-roles: iomem/region_request iomem/region_release iomem/region_request_map iomem/iomap iomem/resource_insert iomem/resource_release mem/mem_free

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
import coccinelle, coccilib.org, coccilib.report, re


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
coccinelle.notexcl = False
coccinelle.icalls = []     # (name, args, file, line, col, func)
coccinelle.idiscard = []   # (file, line, col)
coccinelle.istored = []    # (x, file, line, col, func)
coccinelle.itested = []    # (x, file, line, func)
coccinelle.iover = []      # (file, line, col)
coccinelle.ifreed = []     # (x, file, func): x freed
coccinelle.iloop = []      # (file, line, col): tested by the loop that stores it

@initialize:python depends on drvcheck@
@@
coccinelle.mode = "drvcheck"

@initialize:python depends on org@
@@
coccinelle.mode = "org"

@initialize:python depends on iomem_not_exclusive@
@@
coccinelle.notexcl = True

// ---------------------------------------------------------------------------
// every request, release and map call with its arguments

@calls@
position p;
// BEGIN generated iomem-calls: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {request_region, request_muxed_region, request_mem_region, request_mem_region_exclusive, __request_region, __request_mem_region, devm_request_region, devm_request_mem_region, __devm_request_region, release_region, release_mem_region, __release_region, devm_release_region, devm_release_mem_region, request_resource, insert_resource, release_resource, amba_request_regions, amba_release_regions, pci_request_region, pci_request_region_exclusive, pci_request_regions, pci_request_regions_exclusive, pci_request_mem_regions, pci_request_selected_regions, pci_request_selected_regions_exclusive, pcim_request_region, pcim_request_all_regions, comedi_pci_enable, vmbus_allocate_mmio, serial8250_register_8250_port, pcmcia_request_window, pci_release_region, pci_release_regions, pci_release_mem_regions, pci_release_selected_regions, pcim_iomap_regions, pcim_iomap_regions_request_all, pcim_iomap_region, devm_ioremap_resource, devm_platform_ioremap_resource, devm_platform_ioremap_resource_byname, devm_platform_get_and_ioremap_resource, devm_of_iomap, of_io_request_and_map, ioremap, ioremap_wc, ioremap_uc, ioremap_wt, ioremap_cache, ioremap_nocache, devm_ioremap, devm_ioremap_wc, devm_ioremap_uc, devm_ioremap_nocache, of_iomap, pci_iomap, pci_iomap_wc, pci_iomap_range, pci_ioremap_bar, pci_ioremap_wc_bar, pcim_iomap, pcim_iomap_range};
// END generated iomem-calls
@@
fn_1@p(...)

@script:python@
p << calls.p;
@@
coccinelle.icalls.append((dc_fname(p[0]), tuple(dc_args_at(p[0]))) + dc_loc(p[0]) + (p[0].current_element,))

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

// what the driver frees: release_resource() then kfree() leaks nothing

@frees@
expression x;
position p;
// BEGIN generated iomem-frees: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {kfree, kvfree};
// END generated iomem-frees
@@
fn_1@p(x)

@script:python@
x << frees.x;
p << frees.p;
@@
coccinelle.ifreed.append((x, p[0].file, p[0].current_element))

// ---------------------------------------------------------------------------

@finalize:python@
icalls << merge.icalls;
idiscard << merge.idiscard;
istored << merge.istored;
itested << merge.itested;
iover << merge.iover;
ifreed << merge.ifreed;
iloop << merge.iloop;
@@
import os, re
import coccinelle
import coccilib.report
import coccilib.org

icalls = dc_flat(icalls); idiscard = set(dc_flat(idiscard)); istored = dc_flat(istored)
itested = dc_flat(itested); iover = set(dc_flat(iover)); ifreed = dc_flat(ifreed); iloop = set(dc_flat(iloop))

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
}
# END generated iomem-model
# BEGIN generated iomem-values: gen-cocci-tables from checkers/model, do not edit
VALUE_FNS = {
    "resource_size": (0, "end", "start", 1),
}
# END generated iomem-values
# BEGIN generated iomem-twins: gen-cocci-tables from checkers/model, do not edit
EXCLUSIVE_TWIN = {
    "request_mem_region": ("request_mem_region_exclusive", False),
    "__request_mem_region": ("request_mem_region_exclusive", False),
    "pci_request_region": ("pci_request_region_exclusive", True),
    "pci_request_regions": ("pci_request_regions_exclusive", False),
    "pci_request_selected_regions": ("pci_request_selected_regions_exclusive", False),
}
# END generated iomem-twins

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

# ---- macros of each driver directory, for folding sizes and BARs
macros_by_dir = {}
def_re = re.compile(r"^\s*#\s*define\s+(\w+)[ \t]+(.*?)\s*([/][*].*)?$")
def dir_macros(d):
    if d in macros_by_dir:
        return macros_by_dir[d]
    m = {}
    try:
        names = sorted(os.listdir(d))
    except Exception:
        names = []
    for n in names:
        if not (n.endswith(".c") or n.endswith(".h")):
            continue
        try:
            with open(os.path.join(d, n), errors="replace") as fh:
                for line in fh:
                    mm = def_re.match(line)
                    if mm and not mm.group(2).endswith(chr(92)):
                        m.setdefault(mm.group(1), mm.group(2))
        except Exception:
            pass
    macros_by_dir[d] = m
    return m

def sz(name):
    mm = re.match(r"^SZ_(\d+)([KMG]?)$", name)
    if not mm:
        return None
    v = int(mm.group(1))
    return v * {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[mm.group(2)]

def expand(e, d, depth=0):
    if depth > 8:
        return e
    mac = dir_macros(d)
    def rep(mm):
        w = mm.group(0)
        if w in mac:
            return "(" + expand(mac[w], d, depth + 1) + ")"
        s = sz(w)
        if s is not None:
            return str(s)
        return w
    e = re.sub(r"\b[A-Za-z_]\w*\b", rep, e)
    e = re.sub(r"\bBIT\s*\(", "(1<<", e)
    return e

def evaluate(e, d):
    if e is None:
        return None
    x = expand(e, d)
    x = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", x)
    x = re.sub(r"\(\s*(unsigned\s+long|unsigned\s+int|unsigned|long|int|u32|u64|resource_size_t)\s*\)", "", x)
    if not re.match(r"^[0-9xXa-fA-F+\-*/<>()|&~ \t]+$", x):
        return None
    if re.search(r"[a-wyzA-WYZ]", re.sub(r"0[xX][0-9a-fA-F]+", "", x)):
        return None
    try:
        v = eval(x.replace(chr(47), chr(47) * 2), {"__builtins__": {}}, {})
        return int(v)
    except Exception:
        return None

def norm_text(e):
    return re.sub(r"\s+", "", e or "")

def norm_start(e, d):
    """The region key: pci:BAR, or the start expression without the base
    pointer it is reached through (priv->base and p->base meet)."""
    t = norm_text(e)
    t = re.sub(r"^\((resource_size_t|unsigned\s*long|u32|u64|phys_addr_t)\)", "", t)
    mm = re.match(r"^pci_resource_start\(([^,]+),(.+)\)$", t)
    if mm:
        b = evaluate(mm.group(2), d)
        return "pci:%s" % (b if b is not None else "?" + mm.group(2))
    t = re.sub(r"^[A-Za-z_]\w*(\[[^\]]*\])?(->|\.)", "", t)
    return t

def arg(args, i):
    if i is None or i < 0 or i >= len(args):
        return None
    return args[i]

# ---- sizes as linear forms over member reads (docs/facts.md, Values):
# the base pointer is dropped as in norm_start(), and the model's value
# functions are written out (resource_size(res): res->end - res->start + 1),
# so "res->end - res->start" provably differs from resource_size(res)
tok_re = re.compile(r"0[xX][0-9a-fA-F]+|\d+|[A-Za-z_]\w*(?:\s*(?:->|\.)\s*\w+|\[[^\]]*\])*|<<|\S")
def value_fn(mm):
    n, a = mm.group(1), tuple(dc_split_args(mm.group(2)))
    ai, plus, minus, c = VALUE_FNS[n]
    if ai >= len(a):
        return mm.group(0)
    b = a[ai][1:] + "." if a[ai].startswith("&") else a[ai] + "->"
    return "(%s%s-%s%s+%d)" % (b, plus, b, minus, c)

def lin(e, d):
    """The size as {atom: coef} with the constant under "", or None."""
    if e is None:
        return None
    x = expand(e, d)
    x = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", x)
    x = re.sub(r"\(\s*(unsigned\s+long|unsigned\s+int|unsigned|long|int|u32|u64|size_t|resource_size_t)\s*\)", "", x)
    if VALUE_FNS:
        x = re.sub(r"\b(%s)\s*\(([^()]*)\)" % "|".join(VALUE_FNS), value_fn, x)
    toks = tok_re.findall(x) + [None]
    pos = [0]
    def peek():
        return toks[pos[0]]
    def take():
        pos[0] += 1
        return toks[pos[0] - 1]
    def add(a, b, k):
        out = dict(a)
        for t, v in b.items():
            out[t] = out.get(t, 0) + k * v
        return out
    def const(a):
        return [t for t in a if t != "" and a[t]] == []
    def unary():
        t = take()
        if t == "-":
            u = unary()
            return None if u is None else add({}, u, -1)
        if t == "(":
            v = expr()
            return v if take() == ")" else None
        if t is None:
            return None
        if re.match(r"^(0[xX][0-9a-fA-F]+|\d+)$", t):
            return {"": int(t, 0) if not re.match(r"^0\d", t) else int(t, 8)}
        if re.match(r"^[A-Za-z_]", t) and peek() != "(":
            a = re.sub(r"\s+", "", t)
            a = re.sub(r"^[A-Za-z_]\w*(\[[^\]]*\])?(->|\.)", "", a)
            return {a: 1}
        return None
    def term():
        v = unary()
        while v is not None and peek() in ("*", "<<"):
            op, w = take(), unary()
            if w is None:
                return None
            if op == "<<":
                v = {t: c << w.get("", 0) for t, c in v.items()} if const(w) else None
            elif const(w):
                v = {t: c * w.get("", 0) for t, c in v.items()}
            elif const(v):
                v = {t: c * v.get("", 0) for t, c in w.items()}
            else:
                v = None
        return v
    def expr():
        v = term()
        while v is not None and peek() in ("+", "-"):
            op, w = take(), term()
            v = None if w is None else add(v, w, 1 if op == "+" else -1)
        return v
    v = expr()
    return v if v is not None and peek() is None else None

def firmware_size(v):
    """Is v what resource_size(res) is: the size of a window the firmware
    describes, which a constant matches only by chance?"""
    ts = dict((t, c) for (t, c) in v.items() if t != "" and c)
    for (ai, plus, minus, c) in VALUE_FNS.values():
        p = [t for t in ts if ts[t] == 1 and re.search(r"(^|\.)%s$" % plus, t)]
        m = [t for t in ts if ts[t] == -1 and re.search(r"(^|\.)%s$" % minus, t)]
        if len(ts) == 2 and p and m and v.get("", 0) == c:
            return True
    return False

def size_cmp(a, da, b, db):
    """"eq", "ne" (provably different), "firmware" (a constant against
    the firmware's window size) or None."""
    if norm_text(a) == norm_text(b):
        return "eq"
    la, lb = lin(a, da), lin(b, db)
    if la is None or lb is None:
        return None
    dif = dict(la)
    for t, v in lb.items():
        dif[t] = dif.get(t, 0) - v
    if [t for t in dif if t != "" and dif[t]]:
        konst = lambda v: not [t for t in v if t != "" and v[t]]
        if (konst(la) and firmware_size(lb)) or (konst(lb) and firmware_size(la)):
            return "firmware"
        return None
    return "ne" if dif.get("", 0) else "eq"

# ---- the facts, per module
module_of = {}
try:
    with open(os.environ.get("DRVCHECK_COCCI_MODULES", ""), errors="replace") as fh:
        for line in fh:
            fm = line.rstrip(chr(10)).split(chr(9))
            if len(fm) == 2:
                # an object two modules link is in each (a line each)
                module_of.setdefault(fm[0], []).append(fm[1])
except Exception:
    pass

class Call:
    pass
calls = []
for (name, args, f, l, c, func) in icalls:
    if name not in MODEL:
        continue
    role, space, si, zi, bi, di = MODEL[name]
    k = Call()
    k.name, k.args, k.site, k.func = name, args, (f, l, c), func
    k.role, k.space = role, space
    k.dir = os.path.dirname(f) or "."
    k.mods = module_of.get(f, [k.dir])
    k.start = arg(args, si)
    k.size = arg(args, zi)
    k.buf = arg(args, bi)
    if space == "parent":
        par = norm_text(arg(args, bi))
        k.space = "port" if "ioport_resource" in par else ("mem" if "iomem_resource" in par else "parent")
    if space == "pci_bar":
        k.bar = evaluate(k.start, k.dir)
        k.key = "pci:%s" % (k.bar if k.bar is not None else "?" + norm_text(k.start))
    elif space in ("pci_all", "pci_mask"):
        k.bar = None
        k.mask = None
        if name in ("pci_request_selected_regions", "pci_request_selected_regions_exclusive",
                    "pci_release_selected_regions", "pcim_iomap_regions"):
            k.mask = evaluate(k.start, k.dir)
            k.masktext = re.sub(r"pci_select_bars\([^,]+,", "pci_select_bars(", norm_text(k.start))
            k.masktext = re.sub(r"^[A-Za-z_]\w*(->|\.)", "", k.masktext)
            if k.masktext == "pci_select_bars(IORESOURCE_MEM)":
                k.masktext = "mem"
        elif name in ("pci_request_mem_regions", "pci_release_mem_regions"):
            k.masktext = "mem"
        else:
            k.masktext = "all"
        k.key = "pci:" + k.masktext
    elif name == "of_iomap" or name == "devm_of_iomap":
        k.key = "of:" + norm_text(arg(args, bi)) + "," + norm_text(arg(args, 1 if name == "of_iomap" else 2))
    elif name in ("devm_ioremap_resource", "devm_platform_ioremap_resource",
                  "devm_platform_ioremap_resource_byname",
                  "devm_platform_get_and_ioremap_resource", "of_io_request_and_map"):
        k.key = "res"
    else:
        k.key = norm_start(k.start, k.dir)
    calls.append(k)

bymod = {}
for k in calls:
    for mod in k.mods:
        bymod.setdefault(mod, []).append(k)

def fmt_site(k):
    return "%s:%d" % (os.path.basename(k.site[0]), k.site[1])

# ---- iomem-unchecked-request
tested = {}
for (x, f, l, func) in itested:
    tested.setdefault((x, f, func), []).append(l)
for k in calls:
    if k.role not in ("region_request", "region_request_map"):
        continue
    if k.role == "region_request_map" and not k.name.startswith("pcim_iomap_regions"):
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

# ---- iomem-release-mismatch
def pci_cls(k):
    if k.space == "pci_bar":
        return "bar"
    if k.masktext == "all":
        return "all"
    if k.masktext == "mem":
        return "mem"
    return "mask"

for ks in [bymod[mod] for mod in sorted(bymod)]:
    reqs = [k for k in ks if k.role in ("region_request", "region_request_map")]
    rels = [k for k in ks if k.role == "region_release"]
    preqs = [k for k in reqs if k.space.startswith("pci")]
    for r in rels:
        if r.space.startswith("pci"):
            if not preqs:
                continue
            rc = pci_cls(r)
            ok = False
            for q in preqs:
                qc = pci_cls(q)
                if qc == "mask" and (q.mask is None or rc != "bar" or r.bar is None or (q.mask >> r.bar) & 1):
                    if rc in ("bar", "mask"):
                        ok = True
                if qc == rc == "bar" and (q.bar is None or r.bar is None or q.bar == r.bar):
                    ok = True
                if qc == rc and qc in ("all", "mem"):
                    ok = True
                if qc == "mask" and rc == "mask" and (q.mask is None or r.mask is None or q.mask == r.mask or q.masktext == r.masktext):
                    ok = True
                if rc == "mask" and r.mask is None:
                    ok = True
                if qc == "all" and rc == "mask" and r.mask is None:
                    ok = True
                if rc == "bar" and r.bar is None:
                    ok = True
                if {rc, qc} == {"mem", "mask"}:
                    ok = True     # the mem BARs are usually what the mask selects
            if ok:
                continue
            q = preqs[0]
            qb = [x for x in preqs if pci_cls(x) == "bar"]
            if rc == "bar" and qb and not [x for x in preqs if pci_cls(x) != "bar"]:
                msg = "%s() releases BAR %s but the driver requested BAR %s (%s)" % (
                    r.name, r.bar, ", ".join(sorted(set(str(x.bar) for x in qb))), fmt_site(qb[0]))
                q = qb[0]
            else:
                msg = "%s() does not release what %s() requested (%s): the PCI region granularity differs" % (
                    r.name, q.name, fmt_site(q))
            emit("iomem-release-mismatch", "high", r.site, r.func, r.name, msg,
                 [(q.site[0], q.site[1], q.site[2], "requested here with %s()" % q.name)])
            continue
        if r.space not in ("mem", "port"):
            continue
        same = [q for q in reqs if q.key == r.key and q.space in ("mem", "port") and q.role == "region_request"]
        # one directory often holds several drivers (drivers/net/ethernet/3com):
        # a file that requests regions itself is paired with its own requests
        if [q for q in reqs if q.site[0] == r.site[0] and not q.space.startswith("pci")]:
            same = [q for q in same if q.site[0] == r.site[0]]
        if not same:
            continue
        samesp = [q for q in same if q.space == r.space]
        if not samesp:
            q = same[0]
            msg = "%s() releases %s in the %s space, but %s() requested it in the %s space (%s)" % (
                r.name, norm_text(r.start), "memory" if r.space == "mem" else "I/O port",
                q.name, "memory" if q.space == "mem" else "I/O port", fmt_site(q))
            emit("iomem-release-mismatch", "high", r.site, r.func, r.name, msg,
                 [(q.site[0], q.site[1], q.site[2], "requested here with %s()" % q.name)])
            continue
        diff, firmware = [], False
        for q in samesp:
            c = size_cmp(q.size, q.dir, r.size, r.dir)
            if c not in ("ne", "firmware"):
                diff = []
                break
            firmware = firmware or c == "firmware"
            diff.append(q)
        if diff:
            q = diff[0]
            rs, qs = evaluate(r.size, r.dir), evaluate(q.size, q.dir)
            msg = "%s() releases %s with size %s%s but %s() requested size %s%s at %s" % (
                r.name, norm_text(r.start), norm_text(r.size),
                " (%d)" % rs if rs is not None else "", q.name, norm_text(q.size),
                " (%d)" % qs if qs is not None else "", fmt_site(q))
            if firmware:
                msg += " (the size of the window the firmware describes: they match only if it is exactly that)"
            emit("iomem-release-mismatch", "low" if firmware else "high", r.site, r.func, r.name, msg,
                 [(q.site[0], q.site[1], q.site[2], "requested here with size %s" % norm_text(q.size))])

# ---- release_resource() of the struct resource a start-and-size request
# (request_mem_region(), request_region(), __request_region()) kmalloc'ed:
# unlinked, never freed.  request_resource() links the driver's own.
def holder(x):
    """What a resource pointer is kept in: ("field", member) through any
    base pointer, or ("local", name)."""
    t = norm_text(x)
    if re.match(r"^[A-Za-z_]\w*$", t):
        return ("local", t)
    mm = re.match(r"^[A-Za-z_]\w*(\[[^\]]*\])?(->|\.)(.+)$", t)
    return ("field", mm.group(3)) if mm else None

def same_holder(h, f, func, h2, f2, func2):
    if h is None or h != h2:
        return False
    if h[0] == "local":
        return f == f2 and func == func2
    return os.path.dirname(f) == os.path.dirname(f2)

bysite = dict((k.site, k) for k in calls)
for r in calls:
    if r.role != "resource_release":
        continue
    h = holder(r.buf)
    if [1 for (x, f, func) in ifreed if same_holder(h, r.site[0], r.func, holder(x), f, func)]:
        continue          # release_resource() then kfree(): nothing leaks
    # as above: a file that requests regions is paired with its own requests
    own = [k for k in calls if k.site[0] == r.site[0] and k.role in ("region_request", "resource_insert")]
    for (x, f, l, c, func) in istored:
        if own and f != r.site[0]:
            continue
        q = bysite.get((f, l, c))
        if q is None or q.role != "region_request" or MODEL[q.name][2] < 0 or \
           MODEL[q.name][1] not in ("mem", "port", "parent"):
            continue
        if not same_holder(h, r.site[0], r.func, holder(x), f, func):
            continue
        emit("iomem-release-mismatch", "high", r.site, r.func, norm_text(r.buf),
             "%s() unlinks the region %s() requested (%s) but does not free the struct resource that request allocated: it leaks on every release; release it with the request's own release call" % (
                 r.name, q.name, fmt_site(q)),
             [(q.site[0], q.site[1], q.site[2], "requested here by %s()" % q.name)])
        break

# ---- iomem-unrequested-map and iomem-not-exclusive
def pci_covers(preqs, bar):
    for q in preqs:
        c = pci_cls(q)
        if c in ("all", "mem"):
            return True
        if c == "mask" and (q.mask is None or bar is None or (q.mask >> bar) & 1):
            return True
        if c == "bar" and (q.bar is None or bar is None or q.bar == bar):
            return True
    return False

for ks in [bymod[mod] for mod in sorted(bymod)]:
    reqs = [k for k in ks if k.role in ("region_request", "region_request_map", "resource_insert")]
    preqs = [k for k in reqs if k.space.startswith("pci")]
    mreqs = [k for k in reqs if not k.space.startswith("pci")]
    maps = [k for k in ks if k.role == "iomap"]
    for m in maps:
        if m.space == "pci_bar" or m.key.startswith("pci:"):
            bar = m.bar if m.space == "pci_bar" else evaluate(norm_text(m.start)[len("pci_resource_start("):].split(",", 1)[-1].rstrip(")"), m.dir)
            if pci_covers(preqs, bar):
                continue
            if [q for q in mreqs if q.key == m.key or q.key.startswith("pci:?") or m.key.startswith("pci:?")]:
                continue
            if preqs:
                conf = "high"
                what = "the driver requests other BARs (%s) but not BAR %s" % (fmt_site(preqs[0]), bar)
            elif mreqs:
                continue
            else:
                conf = "medium"
                what = "the driver never requests it (pci_request_regions(), pci_request_region(), pcim_iomap_regions())"
            emit("iomem-unrequested-map", conf, m.site, m.func, m.name,
                 "%s() maps PCI BAR %s without requesting the region: %s" % (m.name, bar if bar is not None else norm_text(m.start), what), [])
            continue
        # resource / platform maps
        if reqs:
            continue          # the driver requests regions: keys may just not meet
        if m.name == "of_iomap":
            continue          # of_iomap() of shared SoC blocks is the norm
        st = norm_text(m.start)
        if re.search(r"link->resource|pcmcia", st):
            continue          # PCMCIA windows are requested by pcmcia_request_window()
        if not re.search(r"(->|\.)start\b", st) and not re.search(r"\bresource_size\(", norm_text(m.size)):
            continue          # not visibly a device resource (firmware tables, fixed addresses)
        conf = "low" if m.name.startswith("devm_") else "medium"
        emit("iomem-unrequested-map", conf, m.site, m.func, m.name,
             "%s() maps %s without requesting the region (request_mem_region(), devm_ioremap_resource() or devm_platform_ioremap_resource())" % (m.name, st), [])

if coccinelle.notexcl:
    for ks in [bymod[mod] for mod in sorted(bymod)]:
        maps = [k for k in ks if k.role == "iomap"]
        pmaps = [m for m in maps if m.space == "pci_bar" or m.key.startswith("pci:")]
        for q in ks:
            if q.role != "region_request" or q.name not in EXCLUSIVE_TWIN:
                continue
            twin, legacy = EXCLUSIVE_TWIN[q.name]
            hit = None
            if q.space in ("pci_all", "pci_mask"):
                hit = pmaps[0] if pmaps else None
            elif q.space == "pci_bar":
                for m in pmaps:
                    mb = m.bar if m.space == "pci_bar" else None
                    if q.bar is None or mb is None or mb == q.bar or m.key == q.key:
                        hit = m
                        break
            else:
                for m in maps:
                    if m.key == q.key:
                        hit = m
                        break
            if hit is None:
                continue
            emit("iomem-not-exclusive", "high", q.site, q.func, q.name,
                 "%s() leaves the MMIO the driver maps open to /dev/mem and sysfs mappings; %s()%s would not" % (
                     q.name, twin, " (old kernels; else an exclusive BAR-mask request)" if legacy else ""),
                 [(hit.site[0], hit.site[1], hit.site[2], "mapped here with %s()" % hit.name)])

flush()
