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
// Prefilter: dma_map_single dma_map_page dma_map_sg dma_map_resource skb_frag_dma_map dma_unmap_single dma_unmap_page dma_unmap_sg dma_unmap_resource dma_sync_single dma_sync_sg dma_alloc_coherent dma_zalloc_coherent dmam_alloc_coherent dma_alloc_attrs dma_alloc_wc dma_alloc_noncoherent dma_alloc_pages dma_free_coherent dmam_free_coherent dma_free_attrs dma_free_wc dma_free_noncoherent dma_free_pages dma_pool_ pci_map_ pci_unmap_ pci_alloc_consistent pci_zalloc_consistent pci_free_consistent pci_dma_sync
// Checks: dma-unmap-size dma-unmap-kind dma-coherent-streaming-mix dma-direction dma-unmap-sg-nents
// Model-roles: dma/map dma/unmap dma/sync dma/alloc dma/free

virtual report
virtual org
virtual drvcheck

@initialize:python@
@@
import coccinelle, os, re
coccinelle.dcp_facts = []

_srccache = {}
def dcp_lines(path):
    lines = _srccache.get(path)
    if lines is None:
        try:
            with open(path, errors='replace') as fh:
                lines = fh.read().split('\n')
        except OSError:
            lines = []
        _srccache[path] = lines
    return lines

def dcp_fname(p):
    try:
        ln = dcp_lines(p.file)[int(p.line) - 1]
        return ln[int(p.column):int(p.column_end)]
    except Exception:
        return '?'

_dcp_bodies = {}
def dcp_func_body(path, fn):
    """The body of function fn, comments removed, found the way kernel
    style lays a definition out: the name on a line starting at column 0,
    the braces alone at column 0.  '' when not found."""
    if (path, fn) not in _dcp_bodies:
        _dcp_bodies[(path, fn)] = dcp_find_body(path, fn)
    return _dcp_bodies[(path, fn)]

def dcp_find_body(path, fn):
    lines = dcp_lines(path)
    head = re.compile(r'^(?:[A-Za-z_].*[\s*])?%s\s*\(' % re.escape(fn))
    for i, ln in enumerate(lines):
        if not head.match(ln):
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

def dcp_text_loads(path, fn, name):
    """The values local name is given in function fn (name = value, also in
    its declaration), read from the source: a handle loaded from a ring
    entry, a length held in a local.  Read on demand at the join, because
    matching every assignment with SmPL was a third of the whole run."""
    body = dcp_func_body(path, fn)
    vals = set()
    for m in re.finditer(r'(?<![\w.>*])%s\s*=(?!=)' % re.escape(name), body):
        depth, i = 0, m.end()
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
        v = dcp_n(body[m.end():i])
        if v:
            vals.add(v)
    return vals

# byte-order conversions: the compiler sees casts (sparse and clang look
# through them), spatch without headers sees calls
_DCP_CONV = re.compile(r'^(?:cpu_to_(?:le|be)(?:16|32|64)|(?:le|be)(?:16|32|64)_to_cpu)$')

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
    return m.group(1), (dcp_split_args(inner) if inner else [])

_dcp_params = {}
def dcp_func_params(path, fn):
    """the parameter names of function fn defined in path, None when not
    found (the head laid out as dcp_find_body() expects it)"""
    if (path, fn) not in _dcp_params:
        _dcp_params[(path, fn)] = None
        lines = dcp_lines(path)
        head = re.compile(r'^(?:[A-Za-z_].*[\s*])?%s\s*\x28' % re.escape(fn))
        for i, ln in enumerate(lines):
            m = head.match(ln)
            if not m or not dcp_func_body(path, fn):
                continue
            text = '\n'.join(lines[i:i + 8])[m.end():]
            depth, k = 1, 0
            while k < len(text) and depth:
                depth += text[k] == '\x28'
                depth -= text[k] == '\x29'
                k += 1
            names = []
            for a in dcp_split_args(text[:k - 1]):
                ids = re.findall(r'[A-Za-z_]\w*', a)
                if ids and ids != ['void']:
                    names.append(ids[-1])
            _dcp_params[(path, fn)] = names
            break
    return _dcp_params[(path, fn)]

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
    if _DCP_CONV.match(fn) and len(args) == 1:
        return dcp_unwrap(path, args[0], depth + 1)
    params = dcp_func_params(path, fn)
    sts = dcp_statements(dcp_func_body(path, fn)) if params is not None else []
    if len(sts) != 1 or len(params) != len(args):
        return e
    m = re.match(r'^return\s+(.*)$', sts[0], re.S)
    if not m:
        return e
    return dcp_unwrap(path, dcp_n(dcp_subst(m.group(1), params, args)), depth + 1)

def dcp_local_stores(path, fn, name, depth=0):
    """where function fn stores its local name (a handle it mapped): the
    left sides of 'lhs = name' and 'lhs = cpu_to_le32(name)', also in a
    setter of the driver it is passed to (desc_set_buf_addr(p, dma, len)
    storing p->buf1_addr = cpu_to_le32(paddr)); (function, lhs) pairs"""
    out = set()
    for st in dcp_statements(dcp_func_body(path, fn)):
        a = dcp_assignment(st)
        if a and dcp_n(dcp_unwrap(path, dcp_n(a[1]))) == name:
            out.add((fn, dcp_n(a[0])))
            continue
        if depth >= 2:
            continue
        for m in re.finditer(r'(?<![\w.>])([A-Za-z_]\w*)\s*\x28', st):
            callee = m.group(1)
            if callee == fn or _DCP_CONV.match(callee):
                continue
            params = dcp_func_params(path, callee)
            if not params:
                continue
            k, lvl = m.end(), 1
            while k < len(st) and lvl:
                lvl += st[k] == '\x28'
                lvl -= st[k] == '\x29'
                k += 1
            args = [dcp_n(dcp_unwrap(path, dcp_n(x))) for x in dcp_split_args(st[m.end():k - 1])]
            for pname, arg in zip(params, args):
                if arg == name:
                    out |= dcp_local_stores(path, callee, pname, depth + 1)
    return out

_dcp_funcs = {}
def dcp_functions(path):
    """(name, first line, last line) of each function defined in path, laid
    out as dcp_find_body() expects; lines 0-based"""
    if path not in _dcp_funcs:
        lines, out, i = dcp_lines(path), [], 0
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
    lines = dcp_lines(path)
    pat = re.compile(r'(?<![\w.>])(%s)\s*\x28' % '|'.join(re.escape(f) for f in fns))
    out = []
    for i, ln in enumerate(lines):
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
            out.append((i, caller, [dcp_n(a) for a in dcp_split_args(text[:k - 1])],
                        ln[:m.start()], m.group(1)))
    return out

_dcp_updates = {}
def dcp_member_updated(paths, fld):
    """is member fld changed other than by a plain store in these files
    (+=, |=, ++, --): then its stores are not all it may hold"""
    key = (tuple(sorted(paths)), fld)
    if key not in _dcp_updates:
        pat = re.compile(r'(?:->|[.])%s\s*(?:(?:[-+*/%%&|^]|<<|>>)=|\+\+|--)|(?:\+\+|--)\s*[\w>.\x5b\x5d-]*(?:->|[.])%s\b' % (re.escape(fld), re.escape(fld)))
        _dcp_updates[key] = any(pat.search('\n'.join(dcp_lines(q))) for q in paths)
    return _dcp_updates[key]

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

def dcp_scope_dir(a):
    return a.rpartition(':')[0]

class DcpLoads(dict):
    """(file, function, local) -> its values, read when first asked for."""
    def get(self, k, default=()):
        if k not in self:
            self[k] = dcp_text_loads(k[0], k[1], k[2])
        return dict.get(self, k) or default

def dcp_n(e):
    return re.sub(r'\s+', '', str(e))

def dcp_pos(p):
    return (p.file, int(p.line), int(p.column), p.current_element)

def dcp_site(p, role, **kw):
    kw['t'] = role
    kw['fn'] = dcp_fname(p[0])
    kw['pos'] = dcp_pos(p[0])
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
    kw['pos'] = dcp_pos(p[0])
    for k in list(kw):
        if k not in ('t', 'pos') and kw[k] is not None and not isinstance(kw[k], (int, tuple)):
            kw[k] = dcp_type(kw[k]) if k == 'ty' else dcp_n(kw[k])
    coccinelle.dcp_facts.append(kw)

# ------------------------------------------------------------ the join
_DCP_TOK = re.compile(r'\s*(0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|[A-Za-z_]\w*|->|<<|>>|&&|[|][|]|==|!=|<=|>=|[-+*/%()&|^~!.,<>?:=\x5b\x5d])')
_DCP_TYPEWORDS = set('u8 u16 u32 u64 s8 s16 s32 s64 int unsigned signed long short char size_t ssize_t dma_addr_t void const __le16 __le32 __le64 __be16 __be32 __be64 struct union uint8_t uint16_t uint32_t uint64_t phys_addr_t'.split())
_DCP_BUILTIN = {'PAGE_SIZE': None, 'ETH_HLEN': 14, 'ETH_ALEN': 6, 'ETH_FRAME_LEN': 1514,
                'ETH_FCS_LEN': 4, 'ETH_ZLEN': 60, 'ETH_DATA_LEN': 1500, 'VLAN_HLEN': 4}
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
            return '{%s}%+d' % (','.join('%s*%d' % t for t in sorted(x[0].items())), x[1])
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
            v = (d, v[1] + sg * w[1])
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
            if x in ('dma_unmap_len', 'dma_unmap_addr'):
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
    "dma_map_sgtable": ("rel", ("dev", "h", "dir",)),
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
# the facts record these arguments (device, pool and gfp are not compared)
_DCP_KEPT = ('buf', 'off', 'size', 'dir', 'nents', 'h', 'cpu')

def dcp_split_args(text):
    """the top-level arguments of a call's argument list text"""
    out, depth, cur = [], 0, ''
    for ch in text:
        if ch in '\x28\x5b\x7b':
            depth += 1
        elif ch in '\x29\x5d\x7d':
            depth -= 1
        if ch == ',' and depth == 0:
            out.append(cur)
            cur = ''
        else:
            cur += ch
    out.append(cur)
    return [a.strip() for a in out]

def dcp_call_site(p, fn, args):
    role, names = _DCP_LAYOUT[fn]
    vals = dcp_split_args(args)
    if len(vals) < len(names):
        return
    kw = dict((n, v) for n, v in zip(names, vals) if n in _DCP_KEPT)
    dcp_site(p, role, **kw)

_DCP_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
_DCP_DEFINE = re.compile(r'^\s*#\s*define\s+([A-Za-z_]\w*)[ \t]+([^\n]*)$', re.M)

def dcp_header_defines(cfiles):
    """Object-like #defines of the driver's own headers ("..." includes, as
    the preprocessor would find them next to the including file): with
    --no-includes the def rule never sees them, and a header without DMA
    calls is not parsed at all."""
    seen, pending, facts = set(), list(cfiles), []
    while pending:
        path = pending.pop()
        try:
            with open(path, errors='replace') as fh:
                text = fh.read()
        except OSError:
            continue
        for inc in _DCP_INCLUDE.findall(text):
            h = os.path.normpath(os.path.join(os.path.dirname(path), inc))
            if h not in seen:
                seen.add(h)
                pending.append(h)
        if path in cfiles:
            continue
        for name, val in _DCP_DEFINE.findall(text):
            val = re.sub(r'\x2f\*.*?\*\x2f|\x2f\x2f.*', '', val).strip()
            if val and not val.endswith('\\'):
                facts.append({'t': 'define', 'name': name, 'val': dcp_n(val)})
    return facts

def dcp_join(allfacts, mode):
    facts = [f for part in allfacts for f in part]
    facts += dcp_header_defines({f['pos'][0] for f in facts if 'fn' in f})
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
    fsets = {}
    lenvals = {}
    sites = [f for f in facts if f['t'] in ('map', 'rel', 'alloc')]

    # ---- handle locations
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
        m = re.match(r'^(dma_unmap_addr|dma_unmap_len)\x28(.*),([A-Za-z_]\w*)\x29$', e)
        if m:
            return strip(m.group(2)), m.group(3)
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

    def parent_of(base):
        """the member the entry is reached through, 'rx_ring[]' when it is
        an array indexed there, 'cur_rx' for a pointer member"""
        b = base
        indexed = False
        while b.endswith(']'):
            indexed = True
            depth = 0
            for k in range(len(b) - 1, -1, -1):
                depth += b[k] == ']'
                depth -= b[k] == '['
                if depth == 0:
                    b = b[:k]
                    break
            else:
                return None
        b = b.lstrip('&*')
        m = re.search(r'(?:->|[.])([A-Za-z_]\w*)$', b)
        return m.group(1) + ('[]' if indexed else '') if m else None

    def fkey(fl, fn, base, fld):
        base = strip(base)
        b0 = base.lstrip('&')
        ty = None
        for cand in (base, b0, strip(b0)):
            tt = types.get((fl, fn, cand))
            if tt and len(tt) == 1:
                ty = next(iter(tt))
                break
        if ty:
            ty = re.sub(r'\s+', ' ', ty).replace('*', '').strip()
        return ('F', dcp_scope(fl), ty, fld, parent_of(base))

    def key(fl, fn, e, depth=0):
        if e is None:
            return None
        e = strip(dcp_unwrap(fl, strip(e)))
        if e.startswith('&'):
            e = strip(e[1:])
        if not e or e[0].isdigit():
            return None
        sf = split_field(e)
        if sf:
            return fkey(fl, fn, sf[0], sf[1])
        if re.match(r'^[A-Za-z_]\w*$', e):
            if e in ('NULL',):
                return None
            return ('L', fl, fn, e)
        return ('E', fl, fn, e)

    def field_str(k):
        if k[0] == 'F':
            if k[2]:
                return '%s.%s' % (k[2], k[3])
            return '%s%s' % ((k[4].rstrip('[]') + '[].') if k[4] else '', k[3])
        return 'local:%s' % k[3] if k[0] == 'L' else 'expr:%s' % k[3]

    # field-name -> types seen (per directory), for ambiguity
    fieldtypes = {}
    def note_key(k):
        if k and k[0] == 'F' and k[2]:
            fieldtypes.setdefault((dcp_scope_dir(k[1]), k[3]), set()).add(k[2])

    for f in facts:
        if f['t'] == 'fset':
            fl, _, _, fn = f['pos']
            k = fkey(fl, fn, f['base'], f['fld'])
            note_key(k)
            if f['fn'] == 'dma_unmap_addr_set':
                fsets.setdefault((fl, fn, strip(f['val'])), set()).add(k)
            else:
                lenvals.setdefault(k, []).append((f['val'], fl, fn))
        elif f['t'] == 'fstore':
            fl, _, _, fn = f['pos']
            k = fkey(fl, fn, f['base'], f['fld'])
            note_key(k)
            lenvals.setdefault(k, []).append((f['val'], fl, fn))

    mfiles = set(f['pos'][0] for f in sites)
    def out_keys(fl, fn, lhs):
        """a handle stored through a pointer parameter (*dma_handle =
        dma_map_single(...)): the members whose address the callers in the
        module pass for it, directly or through a local they then store
        (param:F#N in docs/facts.md)"""
        m = re.match(r'^\*([A-Za-z_]\w*)$', strip(lhs or ''))
        params = dcp_func_params(fl, fn) if m else None
        if not params or m.group(1) not in params:
            return set()
        n, out = params.index(m.group(1)), set()
        for path in mfiles:
            if not dcp_scope_eq(dcp_scope(path), dcp_scope(fl)):
                continue
            for _, caller, args, _, _ in dcp_text_calls(path, (fn,)):
                if n < len(args) and args[n].startswith('&'):
                    out |= field_keys(path, caller, args[n])
        return out

    def field_keys(fl, fn, e):
        """the members e is, or that function fn stores its local e to"""
        k = key(fl, fn, e)
        if k and k[0] == 'F':
            return {k}
        out = set()
        if k and k[0] == 'L':
            for sfn, lhs in dcp_local_stores(fl, fn, k[3]):
                k2 = key(fl, sfn, lhs)
                if k2 and k2[0] == 'F':
                    out.add(k2)
        return out

    for s in sites:
        fl, line, col, fn = s['pos']
        ks = set()
        loc = None
        if s['t'] == 'map':
            ks |= out_keys(fl, fn, rets.get(s['pos']))
        if s['t'] in ('map',) and s['fn'] in ('dma_map_sg', 'dma_map_sg_attrs', 'pci_map_sg', 'dma_map_sgtable'):
            k0 = key(fl, fn, s['buf'])
            s['retkey'] = key(fl, fn, rets.get(s['pos']))
            note_key(s['retkey'])
        elif s['t'] in ('map',):
            k0 = key(fl, fn, rets.get(s['pos']))
        else:
            k0 = key(fl, fn, s.get('h'))
        if k0:
            ks.add(k0)
            if k0[0] == 'L':
                for to in stores.get(s['pos'], ()):
                    k = key(fl, fn, to)
                    if k and k[0] == 'F':
                        ks.add(k)
                ks |= fsets.get((fl, fn, k0[3]), set())
                if s['t'] != 'rel':
                    for sfn, lhs in dcp_local_stores(fl, fn, k0[3]):
                        k = key(fl, sfn, lhs)
                        if k and k[0] == 'F':
                            ks.add(k)
                if s['t'] == 'rel':
                    for v in loads.get((fl, fn, k0[3]), ()):
                        if re.match(r'^(dma_|pci_|skb_frag_dma_map)', v):
                            continue
                        k = key(fl, fn, v)
                        if k and k[0] == 'F':
                            ks.add(k)
        for k in ks:
            note_key(k)
        s['keys'] = ks
        if s.get('cpu') is not None:
            s['cpukey'] = key(fl, fn, s['cpu'])
        elif s['t'] == 'alloc':
            s['cpukey'] = key(fl, fn, rets.get(s['pos']))
        if s['t'] == 'map':
            s['bufkey'] = key(fl, fn, s.get('buf'))


    def kmatch(a, b):
        if a is None or b is None or a[0] != b[0]:
            return False
        if a[0] != 'F':
            return a == b
        if not dcp_scope_eq(a[1], b[1]) or a[3] != b[3]:
            return False
        if a[2] and b[2]:
            # one struct type: the same entry reached through another
            # pointer (cur_rx, rx_ring[i], lack_rxbuf) is the same field,
            # but two arrays (rx_skbs[i], tx_skbs[i]) are two rings
            arrays = a[4] and b[4] and a[4].endswith('[]') and b[4].endswith('[]')
            return a[2] == b[2] and not (arrays and a[4] != b[4])
        if a[4] and b[4] and a[4] != b[4]:
            return False
        if not a[2] and not b[2] and a[4] != b[4]:
            return False
        return len(fieldtypes.get((dcp_scope_dir(a[1]), a[3]), ())) <= 1

    def kset_match(A, B):
        for a in A:
            for b in B:
                if kmatch(a, b):
                    return True
        return False

    # a member copied from another (lbq_desc->dma_addr =
    # rx_ring->chunk_dma_addr) holds what was stored to that one
    copies = []
    for f in facts:
        if f['t'] == 'fstore':
            fl, _, _, fn = f['pos']
            src = key(fl, fn, f['val']) if split_field(strip(f['val'])) else None
            if src and src[0] == 'F':
                copies.append((src, fkey(fl, fn, f['base'], f['fld'])))
    for s in sites:
        for _ in range(2):
            more = set(d for src, d in copies if s['t'] != 'rel'
                       and any(kmatch(k, src) for k in s['keys'])) - s['keys']
            if not more:
                break
            for k in more:
                note_key(k)
            s['keys'] |= more

    # maps and allocations in code spatch did not parse (a macro it gives
    # up on skips the whole function): their results are sources nobody
    # saw, so a release of a member they may be stored to gets no verdict
    seen_lines = set((s['pos'][0], s['pos'][1]) for s in sites)
    unseen = set()
    makers = [n for n, (role, _) in _DCP_LAYOUT.items() if role in ('map', 'alloc')]
    for path in mfiles:
        for i, caller, args, before, name in dcp_text_calls(path, makers):
            if (path, i + 1) in seen_lines:
                continue
            lhs = re.search(r'([\w>.\x5b\x5d*-]+)\s*=\s*$', before)
            if lhs:
                unseen |= field_keys(path, caller, lhs.group(1))
            names = _DCP_LAYOUT[name][1]
            if 'h' in names and names.index('h') < len(args):
                unseen |= field_keys(path, caller, args[names.index('h')])

    # ---- sizes
    # the struct of a member a size reads, where the driver says it (the
    # arguments of a release, a store): an untyped read of a member of that
    # name is the same member when the directory has one struct with it
    for f in sites:
        fl, _, _, fn = f['pos']
        for fld_txt in (f.get('size'), f.get('off'), f.get('nents')):
            for m in re.finditer(r'(\w+)(?:->|\x2e)(\w+)', fld_txt or ''):
                note_key(fkey(fl, fn, m.group(1), m.group(2)))
    cfiles = set(f['pos'][0] for f in sites)

    def atom_key(k):
        """a member as an atom: its struct named when the directory has one
        struct with a member of that name"""
        if k[2] is None:
            tys = fieldtypes.get((dcp_scope_dir(k[1]), k[3]), ())
            if len(tys) == 1:
                k = (k[0], k[1], next(iter(tys)), k[3], k[4])
        return 'F:' + field_str(k) + ':' + k[1]

    stores_by_member = {}
    for kk in lenvals:
        stores_by_member.setdefault(kk[3], []).append(kk)
    stores_memo = {}
    def field_stores(k):
        """the values stored to member k (plain stores, dma_unmap_len_set),
        None when it may hold something else too"""
        if k not in stores_memo:
            vals = None
            if not dcp_member_updated(set(x for x in cfiles if dcp_scope_eq(dcp_scope(x), k[1])), k[3]):
                vals = list(lenvals.get(k, ()))
                for kk in stores_by_member.get(k[3], ()):
                    if kk != k and kmatch(kk, k):
                        vals += lenvals[kk]
            stores_memo[k] = vals
        return stores_memo[k]
    member_memo = {}

    def typed(k):
        """member key k with its struct, when the directory has one struct
        with a member of that name; None when it has none or several"""
        if k is None or k[0] != 'F':
            return None
        if k[2] is None:
            tys = fieldtypes.get((dcp_scope_dir(k[1]), k[3]), ())
            if len(tys) != 1:
                return None
            k = (k[0], k[1], next(iter(tys)), k[3], k[4])
        return k

    def unrecorded(r, m):
        """checkers/judge/size_record.c: the release size of r is a member of
        the entry that another member keeps the size of m in (a store or
        dma_unmap_len_set() of the same expression in the function of m), and
        every value stored to it is known and none may be that size.  The
        keeping member, else None."""
        rfl, _, _, rfn = r['pos']
        mfl, _, _, mfn = m['pos']
        kb = typed(key(rfl, rfn, r['size']))
        mk = key(mfl, mfn, m['size'])
        mv = size_of(m)
        if not kb or not mk or mk[0] not in ('L', 'F') or mv is None:
            return None
        keeper = None
        for kl, vals in lenvals.items():
            kl = typed(kl)
            if (kl and kl[2] == kb[2] and kl[3] != kb[3] and dcp_scope_eq(kl[1], kb[1])
                    and any(vfl == mfl and vfn == mfn and key(vfl, vfn, v) == mk for v, vfl, vfn in vals)):
                keeper = '%s.%s' % (kl[2], kl[3])
        stores = field_stores(kb)
        if not keeper or not stores:
            return None
        for v, vfl, vfn in stores:
            ev = dcp_eval(v, resolver(vfl, vfn, 0))
            if ev is None or key(vfl, vfn, v) == mk or ev == mv:
                return None
            # a call or a local of unknown value may be the size
            if any(re.search(r'(?:^|[{,])(?:C|L):', a) for a in ev[0]):
                return None
            if set(ev[0]) & set(mv[0]) and ev[0] != mv[0]:
                return None
        return keeper

    def resolver(fl, fn, depth):
        def res(kind, txt):
            if depth > 8:
                return ({'X:' + fl + fn + txt: 1}, 0)
            if kind == 'id':
                if txt in defines and defines[txt] is not None:
                    v = dcp_eval(defines[txt], resolver(fl, fn, depth + 1))
                    if v is not None:
                        return v
                if txt in _DCP_BUILTIN and _DCP_BUILTIN[txt] is not None:
                    return ({}, _DCP_BUILTIN[txt])
                if txt in defines or txt in _DCP_BUILTIN or txt.isupper():
                    return ({'G:' + txt: 1}, 0)
                vals = loads.get((fl, fn, txt), set())
                vals = [v for v in vals if not re.match(r'^(dma_|pci_)', v)]
                if len(vals) == 1:
                    v = dcp_eval(vals[0], resolver(fl, fn, depth + 1))
                    if v is not None:
                        return v
                return ({'L:%s:%s:%s' % (fl, fn, txt): 1}, 0)
            if kind == 'field':
                k = key(fl, fn, txt)
                if k and k[0] == 'F':
                    # the one value the member is ever given (0 clears it);
                    # while it is being worked out, itself
                    if k in member_memo:
                        return member_memo[k]
                    member_memo[k] = ({atom_key(k): 1}, 0)
                    forms = set()
                    for (v, vfl, vfn) in field_stores(k) or ():
                        ev = dcp_eval(v, resolver(vfl, vfn, depth + 1))
                        if ev is None:
                            forms = None
                            break
                        if ev[0] or ev[1] != 0:
                            forms.add((frozenset(ev[0].items()), ev[1]))
                    if forms and len(forms) == 1 and field_stores(k) is not None:
                        one = next(iter(forms))
                        member_memo[k] = (dict(one[0]), one[1])
                    return member_memo[k]
                return ({'X:%s:%s:%s' % (fl, fn, txt): 1}, 0)
            # a conversion or an accessor: what it stands for
            inner = dcp_unwrap(fl, txt)
            if inner != txt:
                v = dcp_eval(inner, resolver(fl, fn, depth + 1))
                if v is not None:
                    return v
            # calls: only equal within a function
            return ({'C:%s:%s:%s' % (fl, fn, txt): 1}, 0)
        return res

    def size_of(s, field='size'):
        t = s.get(field)
        if t is None:
            return None
        fl, _, _, fn = s['pos']
        return dcp_eval(t, resolver(fl, fn, 0))

    def fmt(v, txt):
        if v is not None and not v[0]:
            return '%d' % v[1]
        return txt

    def judge_key(s):
        """the key sparse and clang give the finding (checkers/judge:
        judge_key()): the location of the site's handle, else of its
        buffer, as docs/facts.md writes it; a field of an unknown type has
        the one type of that name in the driver, if there is one"""
        fl, _, _, fn = s['pos']
        k = key(fl, fn, s.get('h')) or key(fl, fn, s.get('buf'))
        if k and k[0] == 'F':
            tys = (k[2],) if k[2] else fieldtypes.get((dcp_scope_dir(k[1]), k[3]), ())
            tag = next(iter(tys)) if len(tys) == 1 else '?'
            return 'field:%s.%s' % (re.sub(r'^(?:const |volatile )*(?:struct|union) ', '', tag), k[3])
        if k and k[0] == 'L':
            return 'local:%s:%s:%s' % (fl, fn, k[3])
        return s['fn']

    out = []
    def emit(cid, conf, s, msg, notes, k=None):
        out.append((cid, conf, s['pos'], k or judge_key(s), msg, notes))

    DIRS = {'DMA_TO_DEVICE': 'DMA_TO_DEVICE', 'DMA_FROM_DEVICE': 'DMA_FROM_DEVICE',
            'DMA_BIDIRECTIONAL': 'DMA_BIDIRECTIONAL', 'DMA_NONE': 'DMA_NONE',
            'PCI_DMA_TODEVICE': 'DMA_TO_DEVICE', 'PCI_DMA_FROMDEVICE': 'DMA_FROM_DEVICE',
            'PCI_DMA_BIDIRECTIONAL': 'DMA_BIDIRECTIONAL', 'PCI_DMA_NONE': 'DMA_NONE',
            '1': 'DMA_TO_DEVICE', '2': 'DMA_FROM_DEVICE', '0': 'DMA_BIDIRECTIONAL', '3': 'DMA_NONE'}
    def dirof(s):
        d = s.get('dir')
        if d is None:
            return None
        d = strip(d)
        if d in DIRS:
            return DIRS[d]
        if d in defines and defines[d] and strip(defines[d]) in DIRS:
            return DIRS[strip(defines[d])]
        return None

    def kindof(s):
        return DMA_KINDS[s['fn']]
    STREAMING = ('single', 'page', 'sg', 'sgtable', 'resource')

    for s in sites:
        s['kind'] = kindof(s)
        s['sync'] = 'sync' in s['fn']

    # DMA_NONE anywhere
    for s in sites:
        if dirof(s) == 'DMA_NONE':
            # about the call, not a handle: keyed by the function, as the judge does
            emit('dma-direction', 'high', s, '%s() with direction DMA_NONE' % s['fn'], [], s['fn'])

    maps = [s for s in sites if s['t'] in ('map', 'alloc')]
    by_dir = {}
    for m in maps:
        by_dir.setdefault(os.path.dirname(m['pos'][0]), []).append(m)

    def candidates(r):
        fl, _, _, fn = r['pos']
        keys = r['keys']
        h = r.get('h')
        hk = key(fl, fn, h) if h else None
        if hk and hk[0] in ('L', 'F'):
            # a handle that this function also gives values other than map
            # results (page_pool addresses, ring fields): its key proves
            # nothing here; a field reset to a constant after the release
            # (buf->dma = 0) is no other value
            other = [v for v in loads.get((fl, fn, hk[3] if hk[0] == 'L' else strip(h)), ())
                     if not re.match(r'^(dma_map|pci_map|skb_frag_dma_map|dma_alloc|dmam_alloc|pci_alloc|pci_zalloc|dma_zalloc|dma_pool_)', v)
                     and not (hk[0] == 'F' and re.match(r'^(0[xX]?[0-9a-fA-F]*|NULL|DMA_MAPPING_ERROR|~0\w*)$', v))]
            if other:
                keys = set(k for k in keys if k != hk)
        res, maybe = [], []
        for m in by_dir.get(os.path.dirname(fl), ()):
            if m is r:
                continue
            if kset_match(keys, m['keys']):
                res.append(m)
            elif any(typing_unsure(a, b) for a in keys for b in m['keys']):
                maybe.append(m)
        return res, maybe

    def typing_unsure(a, b):
        """same field name in one directory, one side's struct type unknown
        (a header kmatch cannot see) and no conflicting parent: the
        same ring entry type maybe, say for RX and TX rings alike"""
        return (a[0] == b[0] == 'F' and dcp_scope_eq(a[1], b[1]) and a[3] == b[3]
                and (a[2] is None) != (b[2] is None)
                and not (a[4] and b[4] and a[4] != b[4]))

    def consistent(m, r):
        """could r be the release of m: kind, direction and size agree or
        are unknown"""
        if m['kind'] != r['kind'] and not (r['sync'] and m['kind'] in STREAMING) \
                and not {m['kind'], r['kind']} <= {'sg', 'sgtable'}:
            return False
        md, rd = dirof(m), dirof(r)
        if md and rd and md != rd and not (r['sync'] and md == 'DMA_BIDIRECTIONAL'):
            return False
        ms, rs = size_of(m), size_of(r) if r.get('size') is not None else None
        # provably different only with the same symbolic terms (as below)
        return ms is None or rs is None or ms[0] != rs[0] or ms == rs or r['sync']

    def same_fn(a, b):
        return a['pos'][0] == b['pos'][0] and a['pos'][3] == b['pos'][3]

    rels = [s for s in sites if s['t'] == 'rel']
    for r in rels:
        if not r['keys']:
            continue
        C, maybe = candidates(r)
        # a map that may hold this handle (its struct type unknown) and
        # fits this release: the release may well be its, report nothing
        if not C or any(consistent(m, r) for m in maybe) or kset_match(r['keys'], unseen):
            continue
        rk = r['kind']
        k = next(iter(r['keys']))
        # a ring entry type shared by RX and TX: only mappings made with a
        # compatible direction can be the ones this call releases
        rd0 = dirof(r)
        if rd0 and rd0 not in ('DMA_BIDIRECTIONAL', 'DMA_NONE'):
            Cd = [m for m in C if dirof(m) in (None, rd0, 'DMA_BIDIRECTIONAL', 'DMA_NONE') or m['t'] == 'alloc']
            if Cd:
                C = Cd
        mkinds = set(m['kind'] for m in C)
        note_m = C[0]
        nl = lambda m, what: (m['pos'], '%s here by %s()' % (what, m['fn']))
        is_free = 'free' in r['fn']
        # ---- kind / mix
        kind_ok = True
        if not is_free:
            if all(m['kind'] in ('coherent', 'pool') for m in C):
                emit('dma-coherent-streaming-mix', 'high' if all(same_fn(m, r) for m in C) else 'medium', r,
                     '%s() on coherent DMA memory from %s()' % (r['fn'], note_m['fn']),
                     [nl(m, 'allocated') for m in C[:3]])
                kind_ok = False
            elif not r['sync'] and all(m['kind'] in STREAMING for m in C) and rk not in mkinds \
                    and not ({rk} | mkinds) <= {'sg', 'sgtable'}:
                # unconditional: no other release of this handle in the function with a mapped kind
                cond = False
                for r2 in rels:
                    if r2 is not r and same_fn(r2, r) and r2['kind'] in mkinds and kset_match(r['keys'], r2['keys']):
                        cond = True
                if not cond:
                    emit('dma-unmap-kind', 'high' if all(same_fn(m, r) for m in C) else 'medium', r,
                         '%s() releases a %s mapping made by %s()' % (r['fn'], note_m['kind'], note_m['fn']),
                         [nl(m, 'mapped') for m in C[:3]])
                kind_ok = False
            elif not r['sync'] and all(m['kind'] in STREAMING for m in C) and rk in mkinds \
                    and len(mkinds - {'sg', 'sgtable'}) > 1:
                # one function maps this field with several kinds (skb head
                # single + frags page into one ring); a release function that
                # only ever uses one kind for it misses the others
                others = mkinds - {rk}
                byfn = {}
                for m in C:
                    byfn.setdefault((m['pos'][0], m['pos'][3]), set()).add(m['kind'])
                mixed = [g for g, ks in byfn.items() if rk in ks and ks & others]
                cond = False
                for r2 in rels:
                    if r2 is not r and same_fn(r2, r) and r2['kind'] in others and kset_match(r['keys'], r2['keys']):
                        cond = True
                # the driver releases the other kinds elsewhere (outside the
                # unwinds of map functions): this function serves another ring
                mapfns = set((m['pos'][0], m['pos'][3]) for m in C)
                for r2 in rels:
                    if (r2 is not r and r2['kind'] in others and not r2['sync']
                            and (r2['pos'][0], r2['pos'][3]) not in mapfns
                            and dcp_scope_eq(dcp_scope(r2['pos'][0]), dcp_scope(r['pos'][0]))
                            and kset_match(r['keys'], r2['keys'])):
                        cond = True
                if mixed and not cond:
                    om = [m for m in C if m['kind'] in others and (m['pos'][0], m['pos'][3]) in mixed]
                    emit('dma-unmap-kind', 'medium', r,
                         '%s() releases every entry as %s, but some are mapped by %s() (%s)' % (r['fn'], rk, om[0]['fn'], om[0]['kind']),
                         [nl(m, 'mapped') for m in om[:3]])
            elif r['sync'] and not all(m['kind'] in STREAMING + ('noncoherent',) for m in C):
                kind_ok = False
            elif not r['sync'] and rk not in mkinds:
                kind_ok = False
        else:
            if all(m['kind'] in STREAMING for m in C):
                emit('dma-coherent-streaming-mix', 'high' if all(same_fn(m, r) for m in C) else 'medium', r,
                     'streaming mapping from %s() freed with %s()' % (note_m['fn'], r['fn']),
                     [nl(m, 'mapped') for m in C[:3]])
                kind_ok = False
            elif all(m['kind'] in ('coherent', 'pool', 'noncoherent') for m in C) and rk not in mkinds:
                emit('dma-unmap-kind', 'high' if all(same_fn(m, r) for m in C) else 'medium', r,
                     '%s() frees %s memory from %s()' % (r['fn'], note_m['kind'], note_m['fn']),
                     [nl(m, 'allocated') for m in C[:3]])
                kind_ok = False
            elif rk not in mkinds:
                kind_ok = False
        if not kind_ok:
            continue
        C2 = [m for m in C if (m['kind'] == rk or r['sync'] or ({m['kind'], rk} <= {'sg', 'sgtable'}))]
        if not C2:
            continue
        # ---- size
        record = None
        if r.get('size') is not None:
            rv = size_of(r)
            ov = size_of(r, 'off') if r.get('off') is not None else ({}, 0)
            res = []
            for m in C2:
                mv = size_of(m)
                if rv is None or mv is None or ov is None:
                    res.append('unknown')
                    continue
                if r['sync']:
                    tot = dict(rv[0])
                    for a, c in ov[0].items():
                        tot[a] = tot.get(a, 0) + c
                        if tot[a] == 0:
                            del tot[a]
                    if tot == mv[0] and rv[1] + ov[1] > mv[1]:
                        res.append('diff')
                    elif tot == mv[0]:
                        res.append('equal')
                    else:
                        res.append('unknown')
                else:
                    if rv == mv:
                        res.append('equal')
                    elif rv[0] == mv[0]:
                        res.append('diff')
                    elif unrecorded(r, m):
                        record = unrecorded(r, m)
                        res.append('diff')
                    else:
                        res.append('unknown')
            if res and all(x == 'diff' for x in res):
                m = C2[0]
                mv = size_of(m)
                consts = not rv[0] and not mv[0]
                conf = 'high' if consts and all(same_fn(mm, r) for mm in C2) else 'medium'
                rs = fmt(rv, r['size'])
                if r['sync'] and r.get('off') is not None:
                    msg = '%s() syncs offset %s + size %s beyond the mapped size %s' % (
                        r['fn'], fmt(ov, r['off']), rs, fmt(mv, m['size']))
                elif r['sync']:
                    msg = '%s() syncs size %s beyond the mapped size %s' % (r['fn'], rs, fmt(mv, m['size']))
                elif record:
                    msg = '%s() size %s is not the mapped size %s, which the entry keeps in %s' % (
                        r['fn'], rs, fmt(mv, m['size']), record)
                else:
                    msg = '%s() size %s differs from the mapped size %s' % (r['fn'], rs, fmt(mv, m['size']))
                emit('dma-unmap-size', conf, r, msg,
                     [(mm['pos'], '%s here by %s() with size %s' % ('allocated' if mm['t'] == 'alloc' else 'mapped', mm['fn'], fmt(size_of(mm), mm['size']))) for mm in C2[:3]])
        # ---- direction
        rd = dirof(r)
        if rd and rd != 'DMA_NONE' and r.get('dir') is not None:
            mds = [dirof(m) for m in C2]
            if mds and all(d is not None and d != 'DMA_NONE' for d in mds) and (
                    all(same_fn(m, r) for m in C2) or all(kk[0] == 'F' and kk[2] for kk in r['keys'])):
                bad = False
                if r['sync']:
                    bad = all(d != 'DMA_BIDIRECTIONAL' and d != rd for d in mds)
                else:
                    bad = all(d != rd for d in mds)
                if bad:
                    emit('dma-direction', 'high' if all(same_fn(m, r) for m in C2) else 'medium', r,
                         '%s() direction %s differs from the map direction %s' % (r['fn'], rd, mds[0]),
                         [(m['pos'], 'mapped here by %s() with %s' % (m['fn'], dirof(m))) for m in C2[:3]])
        # ---- sg nents
        if rk == 'sg' and r.get('nents') is not None:
            fl, _, _, fn = r['pos']
            nk = key(fl, fn, r['nents'])
            hit = [m for m in C2 if m.get('retkey') and nk and kmatch(nk, m['retkey'])]
            if hit:
                emit('dma-unmap-sg-nents', 'high' if all(same_fn(m, r) for m in hit) else 'medium', r,
                     '%s() given the count returned by %s(); pass the nents that was mapped' % (r['fn'], hit[0]['fn']),
                     [(m['pos'], 'mapped here by %s(), which returned %s' % (m['fn'], r['nents'])) for m in hit[:3]])
            else:
                rv = size_of(r, 'nents')
                res = []
                for m in C2:
                    mv = size_of(m, 'nents') if m.get('nents') is not None else None
                    if rv is None or mv is None:
                        res.append('unknown')
                    elif rv == mv:
                        res.append('equal')
                    elif rv[0] == mv[0]:
                        res.append('diff')
                    else:
                        res.append('unknown')
                if res and all(x == 'diff' for x in res):
                    m = C2[0]
                    emit('dma-unmap-sg-nents', 'medium', r,
                         '%s() count %s differs from the %s entries mapped' % (r['fn'], fmt(rv, r['nents']), fmt(size_of(m, 'nents'), m['nents'])),
                         [(mm['pos'], 'mapped here by %s()' % mm['fn']) for mm in C2[:3]])
    # sg-nents also within one function without a key on the sg list
    for r in rels:
        if r['kind'] != 'sg' or r.get('nents') is None:
            continue
        fl, _, _, fn = r['pos']
        nk = key(fl, fn, r['nents'])
        if not nk or nk[0] != 'L':
            continue
        if any(o[0] == 'dma-unmap-sg-nents' and o[2] == r['pos'] for o in out):
            continue
        hit = [m for m in maps if m.get('retkey') == nk]
        if hit:
            emit('dma-unmap-sg-nents', 'high', r,
                 '%s() given the count returned by %s(); pass the nents that was mapped' % (r['fn'], hit[0]['fn']),
                 [(m['pos'], 'mapped here by %s(), which returned %s' % (m['fn'], r['nents'])) for m in hit[:3]])
    # coherent memory handed to a streaming map
    allocs = [s for s in sites if s['t'] == 'alloc' and s.get('cpukey')]
    coherent = set(n for n, (role, _) in _DCP_LAYOUT.items()
                   if role == 'alloc' and DMA_KINDS[n] in ('coherent', 'pool'))
    def only_coherent(m):
        """checkers/judge: every value the mapped buffer's location is given
        comes from a coherent allocation (a flag that picks the memory,
        virt = dma_alloc_coherent() or tegra_drm_alloc(), is no verdict)"""
        fl, _, _, fn = m['pos']
        k = m['bufkey']
        if k[0] == 'L':
            if k[3] in (dcp_func_params(fl, fn) or ()):
                return False
            vals = loads.get((fl, fn, k[3]), ())
        else:
            vals = [v for v, _, _ in field_stores(k) or ()]
        def last(v):
            # a = b = NULL stores what the last one does
            a = dcp_assignment(v)
            return last(a[1]) if a else strip(v)
        vals = [last(v) for v in vals]
        vals = [v for v in vals if not re.match(r'^(?:0|NULL)$', v)]
        return bool(vals) and all((dcp_call_parts(v) or ('',))[0] in coherent for v in vals)
    for m in sites:
        if m['t'] != 'map' or not m.get('bufkey'):
            continue
        fl = m['pos'][0]
        # the same buffer, not merely a field of the same name: a typed
        # ltb->buff and an untyped vpd->buff are told apart here
        hit = [a for a in allocs if dcp_scope_eq(dcp_scope(a['pos'][0]), dcp_scope(fl))
               and kmatch(a['cpukey'], m['bufkey'])
               and (a['cpukey'][0] != 'F' or (a['cpukey'][2] == m['bufkey'][2]
                                              and (a['cpukey'][2] or a['cpukey'][4] == m['bufkey'][4])))]
        if hit and only_coherent(m):
            emit('dma-coherent-streaming-mix', 'high' if all(same_fn(a, m) for a in hit) else 'medium', m,
                 '%s() maps coherent memory from %s()' % (m['fn'], hit[0]['fn']),
                 [(a['pos'], 'allocated here by %s()' % a['fn']) for a in hit[:3]])

    seen = set()
    out.sort(key=lambda o: (o[2][0], o[2][1], o[2][2], o[0]))
    for cid, conf, pos, k, msg, notes in out:
        sig = (cid, pos)
        if sig in seen:
            continue
        seen.add(sig)
        fl, line, col, fn = pos
        if mode == 'drvcheck':
            print('DRVCHECK\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s' % (cid, conf, fl, line, col + 1, fn, k, msg))
            for (npos, nmsg) in notes:
                print('DRVNOTE\t%s\t%d\t%d\t%s' % (npos[0], npos[1], npos[2] + 1, nmsg))
        else:
            P = DcpPos(pos)
            if mode == 'org':
                coccilib.org.print_todo(P, '%s [drvcheck-%s]' % (msg, cid))
                for (npos, nmsg) in notes:
                    coccilib.org.print_link(DcpPos(npos), '%s [drvcheck-%s]' % (nmsg, cid))
            else:
                coccilib.report.print_report(P, 'WARNING: %s [drvcheck-%s]' % (msg, cid))
                for (npos, nmsg) in notes:
                    coccilib.report.print_report(DcpPos(npos), 'note: %s [drvcheck-%s]' % (nmsg, cid))

class DcpPos:
    def __init__(self, pos):
        self.file, self.line, self.column, self.current_element = pos
        self.line = str(self.line)
        self.column_end = self.column

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

// ------------------------------------------- where map/alloc results go

@asg depends on site@
expression E; position p;
// BEGIN generated dma-makers: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_map_resource, dma_map_sg, dma_map_sg_attrs, dma_alloc_coherent, dma_zalloc_coherent, dmam_alloc_coherent, dma_alloc_attrs, dma_alloc_wc, dma_alloc_noncoherent, dma_alloc_pages, dma_pool_alloc, dma_pool_zalloc, pci_map_single, pci_map_page, pci_map_sg, pci_alloc_consistent, pci_zalloc_consistent};
// END generated dma-makers
@@
E = fn_1@p(...)

@script:python@
p << asg.p; e << asg.E;
@@
dcp_other('ret', p, lhs=e)

@asgd depends on site@
position p; type T; identifier x;
// BEGIN generated dma-makers: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {dma_map_single, dma_map_single_attrs, dma_map_page, dma_map_page_attrs, skb_frag_dma_map, dma_map_resource, dma_map_sg, dma_map_sg_attrs, dma_alloc_coherent, dma_zalloc_coherent, dmam_alloc_coherent, dma_alloc_attrs, dma_alloc_wc, dma_alloc_noncoherent, dma_alloc_pages, dma_pool_alloc, dma_pool_zalloc, pci_map_single, pci_map_page, pci_map_sg, pci_alloc_consistent, pci_zalloc_consistent};
// END generated dma-makers
@@
T x = fn_1@p(...);

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
identifier fn_1 = {dma_unmap_addr_set, dma_unmap_len_set};
@@
fn_1@p(B, F, V)

@script:python@
p << fset.p; b << fset.B; f << fset.F; v << fset.V;
@@
dcp_other('fset', p, fn=dcp_fname(p[0]), base=b, fld=f, val=v)

// declared struct types of the bases of handle / length expressions
@tb depends on site@
type T; T *b; T b2; identifier fld; position p;
identifier fn_1 = {dma_unmap_single, dma_unmap_single_attrs, dma_unmap_page, dma_unmap_page_attrs, dma_unmap_resource, pci_unmap_single, pci_unmap_page, dma_sync_single_for_cpu, dma_sync_single_for_device, pci_dma_sync_single_for_cpu, pci_dma_sync_single_for_device, dma_sync_single_range_for_cpu, dma_sync_single_range_for_device, dma_unmap_sg, dma_unmap_sg_attrs, pci_unmap_sg, dma_sync_sg_for_cpu, dma_sync_sg_for_device, pci_dma_sync_sg_for_cpu, pci_dma_sync_sg_for_device, dma_unmap_sgtable, dma_sync_sgtable_for_cpu, dma_sync_sgtable_for_device, dma_free_coherent, dmam_free_coherent, dma_free_attrs, dma_free_wc, pci_free_consistent, dma_free_noncoherent, dma_free_pages, dma_pool_free, dma_unmap_addr_set, dma_unmap_len_set, dma_unmap_addr, dma_unmap_len};
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
identifier fn_1 = {dma_unmap_addr, dma_unmap_len, dma_unmap_addr_set, dma_unmap_len_set};
@@
fn_1(b@p, ...)

@script:python@
p << tbf.p; t << tbf.T; b << tbf.b;
@@
dcp_other('type', p, base=b, ty=t)

@tbs depends on site@
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
@tv depends on site@
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
@mstore depends on site@
expression B, E; identifier fld; position p;
@@
(
 B@p->fld = E
|
 B@p.fld = E
)

@script:python@
p << mstore.p; b << mstore.B; f << mstore.fld; e << mstore.E;
@@
dcp_other('fstore', p, base=b, fld=f, val=e)

// #define'd constants
@def depends on site@
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
dcp_join(allfacts, 'drvcheck')

@finalize:python depends on org && !drvcheck@
allfacts << merge.dcp_facts;
@@
dcp_join(allfacts, 'org')

@finalize:python depends on !org && !drvcheck@
allfacts << merge.dcp_facts;
@@
dcp_join(allfacts, 'report')
