/// Find ->poll callbacks (the poll members of file_operations, proc_ops,
/// proto_ops and the other ops structs of the API model) that wait for the
/// event themselves (wait_event, completions, schedule, sleeps, semaphores),
/// change the task state that poll's own wait loop owns, can return a
/// not-ready mask without registering with poll_wait(), or return a negative
/// errno (which poll() reads as a mask of events).  Calls are followed from
/// the callback into functions defined in the scanned files (transitively,
/// across files); a finding is reported at the offending call in the callee,
/// with a note naming the callback and the call chain.
/// With -D poll_sleep_legacy, every sleeping call reachable from ->poll is
/// reported too (->poll must not sleep before 2.6.29).
//
// Confidence: Moderate
// Copyright: (C) 2024 drvcheck authors.  GPL-2.0
// Comments: Call edges and sleeping calls are collected only in files that
//  register a poll callback or define a function taking a poll_table, so a
//  helper that sleeps in a file mentioning neither is not followed.
// Options: --no-includes --include-headers
// Checks: poll-blocking poll-task-state poll-no-wait poll-errno poll-sleep-legacy
// Model-roles: poll/poll_wait poll/blocking poll/task_state poll/might_sleep

virtual report
virtual org
virtual drvcheck
virtual poll_sleep_legacy

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
coccinelle.legacy = False
coccinelle.pcb = []      # (fn, ops type, file, line, col)
coccinelle.pdef = []     # (fn, file, line, col, poll_table param or "")
coccinelle.pcall = []    # (caller, callee, file, line, col)
coccinelle.psleep = []   # (fn, callee, kind, file, line, col)
coccinelle.pnowait = []  # (fn, poll_table param, returned expr, file, line, col)
coccinelle.perrno = []   # (fn, what, file, line, col)
coccinelle.passign = []  # (fn, local, rhs, op): assignments in no-wait functions
coccinelle.pret = []     # (fn, returned expr, condition of an "if (C) return", file, line, col)
coccinelle.plast = []    # (file, line, col of a return, local, what it last got on a no-wait path)
coccinelle.pif = []      # (fn, condition, file, line, col, end line, end col): a then-branch

@initialize:python depends on drvcheck@
@@
coccinelle.mode = "drvcheck"

@initialize:python depends on org@
@@
coccinelle.mode = "org"

@initialize:python depends on poll_sleep_legacy@
@@
coccinelle.legacy = True

// ---------------------------------------------------------------------------
// poll callbacks: the poll member of an initializer of a model ops struct

// BEGIN generated poll-ops: gen-cocci-tables from checkers/model, do not edit
@ops_file_operations@
identifier x, fn;
identifier fld = {poll};
position p;
@@
(
struct file_operations x@p = { ..., .fld = fn, ... };
|
struct file_operations x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_file_operations.fn;
p << ops_file_operations.p;
@@
coccinelle.pcb.append((fn, "file_operations") + dc_loc(p[0]))

@ops_proc_ops@
identifier x, fn;
identifier fld = {proc_poll};
position p;
@@
(
struct proc_ops x@p = { ..., .fld = fn, ... };
|
struct proc_ops x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_proc_ops.fn;
p << ops_proc_ops.p;
@@
coccinelle.pcb.append((fn, "proc_ops") + dc_loc(p[0]))

@ops_proto_ops@
identifier x, fn;
identifier fld = {poll};
position p;
@@
(
struct proto_ops x@p = { ..., .fld = fn, ... };
|
struct proto_ops x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_proto_ops.fn;
p << ops_proto_ops.p;
@@
coccinelle.pcb.append((fn, "proto_ops") + dc_loc(p[0]))

@ops_v4l2_file_operations@
identifier x, fn;
identifier fld = {poll};
position p;
@@
(
struct v4l2_file_operations x@p = { ..., .fld = fn, ... };
|
struct v4l2_file_operations x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_v4l2_file_operations.fn;
p << ops_v4l2_file_operations.p;
@@
coccinelle.pcb.append((fn, "v4l2_file_operations") + dc_loc(p[0]))

@ops_tty_ldisc_ops@
identifier x, fn;
identifier fld = {poll};
position p;
@@
(
struct tty_ldisc_ops x@p = { ..., .fld = fn, ... };
|
struct tty_ldisc_ops x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_tty_ldisc_ops.fn;
p << ops_tty_ldisc_ops.p;
@@
coccinelle.pcb.append((fn, "tty_ldisc_ops") + dc_loc(p[0]))

@ops_kernfs_ops@
identifier x, fn;
identifier fld = {poll};
position p;
@@
(
struct kernfs_ops x@p = { ..., .fld = fn, ... };
|
struct kernfs_ops x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_kernfs_ops.fn;
p << ops_kernfs_ops.p;
@@
coccinelle.pcb.append((fn, "kernfs_ops") + dc_loc(p[0]))

@ops_cftype@
identifier x, fn;
identifier fld = {poll};
position p;
@@
(
struct cftype x@p = { ..., .fld = fn, ... };
|
struct cftype x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_cftype.fn;
p << ops_cftype.p;
@@
coccinelle.pcb.append((fn, "cftype") + dc_loc(p[0]))

@ops_posix_clock_operations@
identifier x, fn;
identifier fld = {poll};
position p;
@@
(
struct posix_clock_operations x@p = { ..., .fld = fn, ... };
|
struct posix_clock_operations x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_posix_clock_operations.fn;
p << ops_posix_clock_operations.p;
@@
coccinelle.pcb.append((fn, "posix_clock_operations") + dc_loc(p[0]))

@ops_snd_hwdep_ops@
identifier x, fn;
identifier fld = {poll};
position p;
@@
(
struct snd_hwdep_ops x@p = { ..., .fld = fn, ... };
|
struct snd_hwdep_ops x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_snd_hwdep_ops.fn;
p << ops_snd_hwdep_ops.p;
@@
coccinelle.pcb.append((fn, "snd_hwdep_ops") + dc_loc(p[0]))

@ops_snd_info_entry_ops@
identifier x, fn;
identifier fld = {poll};
position p;
@@
(
struct snd_info_entry_ops x@p = { ..., .fld = fn, ... };
|
struct snd_info_entry_ops x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_snd_info_entry_ops.fn;
p << ops_snd_info_entry_ops.p;
@@
coccinelle.pcb.append((fn, "snd_info_entry_ops") + dc_loc(p[0]))

@ops_rpmsg_endpoint_ops@
identifier x, fn;
identifier fld = {poll};
position p;
@@
(
struct rpmsg_endpoint_ops x@p = { ..., .fld = fn, ... };
|
struct rpmsg_endpoint_ops x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_rpmsg_endpoint_ops.fn;
p << ops_rpmsg_endpoint_ops.p;
@@
coccinelle.pcb.append((fn, "rpmsg_endpoint_ops") + dc_loc(p[0]))

@ops_wwan_port_ops@
identifier x, fn;
identifier fld = {tx_poll};
position p;
@@
(
struct wwan_port_ops x@p = { ..., .fld = fn, ... };
|
struct wwan_port_ops x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_wwan_port_ops.fn;
p << ops_wwan_port_ops.p;
@@
coccinelle.pcb.append((fn, "wwan_port_ops") + dc_loc(p[0]))

@ops_bpf_map_ops@
identifier x, fn;
identifier fld = {map_poll};
position p;
@@
(
struct bpf_map_ops x@p = { ..., .fld = fn, ... };
|
struct bpf_map_ops x@p[] = { ..., { ..., .fld = fn, ... }, ... };
)

@script:python@
fn << ops_bpf_map_ops.fn;
p << ops_bpf_map_ops.p;
@@
coccinelle.pcb.append((fn, "bpf_map_ops") + dc_loc(p[0]))

@script:python poll_ops depends on ops_file_operations || ops_proc_ops || ops_proto_ops || ops_v4l2_file_operations || ops_tty_ldisc_ops || ops_kernfs_ops || ops_cftype || ops_posix_clock_operations || ops_snd_hwdep_ops || ops_snd_info_entry_ops || ops_rpmsg_endpoint_ops || ops_wwan_port_ops || ops_bpf_map_ops@
@@
pass
// END generated poll-ops

// functions taking a poll_table: poll callbacks and the helpers they
// delegate to (the callback may be registered in another file)

@ptfn@
identifier f, pt;
typedef poll_table;
position p;
@@
f@p(..., poll_table *pt, ...) { ... }

@ptfn2@
identifier f, pt;
position p;
@@
f@p(..., struct poll_table_struct *pt, ...) { ... }

@script:python@
f << ptfn.f;
pt << ptfn.pt;
p << ptfn.p;
@@
coccinelle.pdef.append((f,) + dc_loc(p[0]) + (pt,))

@script:python@
f << ptfn2.f;
pt << ptfn2.pt;
p << ptfn2.p;
@@
coccinelle.pdef.append((f,) + dc_loc(p[0]) + (pt,))

// ---------------------------------------------------------------------------
// per-function facts in the files that matter: definitions, call edges,
// sleeping calls

@fdef depends on poll_ops || ptfn || ptfn2@
identifier f;
position p;
@@
f@p(...) { ... }

@script:python@
f << fdef.f;
p << fdef.p;
@@
coccinelle.pdef.append((f,) + dc_loc(p[0]) + ("",))

@fcall depends on poll_ops || ptfn || ptfn2@
identifier g;
position p;
@@
g@p(...)

@script:python@
g << fcall.g;
p << fcall.p;
@@
coccinelle.pcall.append((p[0].current_element, g) + dc_loc(p[0]))

@fblock depends on poll_ops || ptfn || ptfn2@
position p;
// BEGIN generated poll-blocking: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {wait_event, wait_event_timeout, wait_event_interruptible, wait_event_interruptible_timeout, wait_event_interruptible_exclusive, wait_event_interruptible_locked, wait_event_interruptible_lock_irq, wait_event_killable, wait_event_killable_timeout, wait_event_freezable, wait_event_idle, wait_event_idle_timeout, wait_event_lock_irq, wait_for_completion, wait_for_completion_timeout, wait_for_completion_interruptible, wait_for_completion_interruptible_timeout, wait_for_completion_killable, wait_for_completion_killable_timeout, wait_for_completion_io, wait_for_completion_io_timeout, schedule, schedule_timeout, schedule_timeout_interruptible, schedule_timeout_killable, schedule_timeout_uninterruptible, schedule_timeout_idle, io_schedule, io_schedule_timeout, msleep, msleep_interruptible, ssleep, usleep_range, usleep_range_state, fsleep, down, down_interruptible, down_killable, down_timeout, interruptible_sleep_on, interruptible_sleep_on_timeout, sleep_on, sleep_on_timeout};
// END generated poll-blocking
@@
fn_1@p(...)

@script:python@
p << fblock.p;
@@
coccinelle.psleep.append((p[0].current_element, "blocking") + dc_loc(p[0]))

@ftask depends on poll_ops || ptfn || ptfn2@
position p;
// BEGIN generated poll-task-state: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {set_current_state, __set_current_state, set_special_state, set_task_state, __set_task_state, prepare_to_wait, prepare_to_wait_exclusive, prepare_to_wait_event};
// END generated poll-task-state
@@
fn_1@p(...)

@script:python@
p << ftask.p;
@@
coccinelle.psleep.append((p[0].current_element, "task_state") + dc_loc(p[0]))

@fmight depends on poll_sleep_legacy && (poll_ops || ptfn || ptfn2)@
position p;
// BEGIN generated poll-might-sleep: gen-cocci-tables from checkers/model, do not edit
identifier fn_1 = {mutex_lock, mutex_lock_interruptible, mutex_lock_killable, down_read, down_write, down_read_interruptible, down_read_killable, copy_from_user, copy_to_user, get_user, put_user, might_sleep, cond_resched, flush_work, flush_workqueue, cancel_work_sync, synchronize_rcu, vmalloc, vzalloc, vmalloc_user, vmalloc_node, vzalloc_node, vmalloc_32, vmalloc_32_user, vmalloc_array, vcalloc, __vmalloc, __vmalloc_node, kvmalloc, kvzalloc, kvmalloc_node, kvzalloc_node, kvcalloc, kvmalloc_array, vmalloc_noprof, vzalloc_noprof, vmalloc_user_noprof, vmalloc_node_noprof, vzalloc_node_noprof, vmalloc_32_noprof, vmalloc_32_user_noprof, vmalloc_array_noprof, vcalloc_noprof, __vmalloc_noprof, __vmalloc_node_noprof, __kvmalloc_node_noprof, kvmalloc_array_node_noprof};
// END generated poll-might-sleep
@@
fn_1@p(...)

@script:python@
p << fmight.p;
@@
coccinelle.psleep.append((p[0].current_element, "might_sleep") + dc_loc(p[0]))

// the conditions the then-branches of a poll path run under: a wait in a
// helper under "if (drain)" is dead when every call ->poll reaches it by
// passes drain = 0

@fif depends on poll_ops || ptfn || ptfn2@
expression E; statement S, S2; position p;
@@
(
if (E) S@p else S2
|
if (E) S@p
)

@script:python@
e << fif.E;
p << fif.p;
@@
coccinelle.pif.append((p[0].current_element, str(e), p[0].file, int(p[0].line),
                       int(p[0].column), int(p[0].line_end), int(p[0].column_end)))

// ---------------------------------------------------------------------------
// poll-no-wait: a return reachable without poll_wait() and without handing
// the poll_table to anyone (no use of the poll_table parameter at all)

@nowait exists@
identifier f, pt;
expression E;
position p;
@@
f(..., poll_table *pt, ...) {
// BEGIN generated poll-wait-calls: gen-cocci-tables from checkers/model, do not edit
 ... when != \( poll_wait(...) \| sock_poll_wait(...) \| datagram_poll(...) \| vb2_poll(...) \| vb2_core_poll(...) \| vb2_fop_poll(...) \| v4l2_ctrl_poll(...) \| v4l2_m2m_poll(...) \| v4l2_m2m_fop_poll(...) \| drm_poll(...) \| kernfs_generic_poll(...) \| tty_port_poll(...) \)
// END generated poll-wait-calls
     when != pt
 return@p E;
}

@script:python@
f << nowait.f;
pt << nowait.pt;
E << nowait.E;
p << nowait.p;
@@
coccinelle.pnowait.append((f, pt, E) + dc_loc(p[0]))

@nowait2 exists@
identifier f, pt;
expression E;
position p;
@@
f(..., struct poll_table_struct *pt, ...) {
// BEGIN generated poll-wait-calls: gen-cocci-tables from checkers/model, do not edit
 ... when != \( poll_wait(...) \| sock_poll_wait(...) \| datagram_poll(...) \| vb2_poll(...) \| vb2_core_poll(...) \| vb2_fop_poll(...) \| v4l2_ctrl_poll(...) \| v4l2_m2m_poll(...) \| v4l2_m2m_fop_poll(...) \| drm_poll(...) \| kernfs_generic_poll(...) \| tty_port_poll(...) \)
// END generated poll-wait-calls
     when != pt
 return@p E;
}

@script:python@
f << nowait2.f;
pt << nowait2.pt;
E << nowait2.E;
p << nowait2.p;
@@
coccinelle.pnowait.append((f, pt, E) + dc_loc(p[0]))

// what the locals returned there hold: a local that only ever holds
// constant non-zero masks is a constant mask

@nwassign depends on nowait || nowait2@
idexpression x;
expression E;
position q;
@@
(
 x@q = E
|
 x@q |= E
)

@script:python@
x << nwassign.x;
E << nwassign.E;
q << nwassign.q;
@@
coccinelle.passign.append((q[0].current_element, x, E))

@nwinit depends on nowait || nowait2@
identifier x;
expression E;
type T;
position q;
@@
T x@q = E;

@script:python@
x << nwinit.x;
E << nwinit.E;
q << nwinit.q;
@@
coccinelle.passign.append((q[0].current_element, x, E))

// what a returned local holds on the paths that reach the return without
// registering: its last assignment there (or its initializer).  A local
// that is a constant non-zero mask on each of them (`mask = EPOLLHUP |
// EPOLLERR; goto out;` where every other path registers) is always ready
// there (`mask |= EPOLLIN | EPOLLRDNORM; return mask;` too: whatever it
// held, it is not 0 after).  The paths here are a superset of the no-wait
// ones (a use of the table does not end them), so a non-constant one is
// never missed.

@nwlast depends on nowait || nowait2 exists@
identifier f;
idexpression x;
expression C, E;
position p;
@@
f(...) {
// BEGIN generated poll-wait-calls: gen-cocci-tables from checkers/model, do not edit
 ... when != \( poll_wait(...) \| sock_poll_wait(...) \| datagram_poll(...) \| vb2_poll(...) \| vb2_core_poll(...) \| vb2_fop_poll(...) \| v4l2_ctrl_poll(...) \| v4l2_m2m_poll(...) \| v4l2_m2m_fop_poll(...) \| drm_poll(...) \| kernfs_generic_poll(...) \| tty_port_poll(...) \)
// END generated poll-wait-calls
(
 x = C;
|
 x |= C;
)
// BEGIN generated poll-wait-calls: gen-cocci-tables from checkers/model, do not edit
 ... when != \( poll_wait(...) \| sock_poll_wait(...) \| datagram_poll(...) \| vb2_poll(...) \| vb2_core_poll(...) \| vb2_fop_poll(...) \| v4l2_ctrl_poll(...) \| v4l2_m2m_poll(...) \| v4l2_m2m_fop_poll(...) \| drm_poll(...) \| kernfs_generic_poll(...) \| tty_port_poll(...) \)
// END generated poll-wait-calls
     when != x = E
     when != x |= E
 return@p x;
}

@script:python@
x << nwlast.x;
C << nwlast.C;
p << nwlast.p;
@@
coccinelle.plast.append(dc_loc(p[0]) + (x, C))

@nwlastinit depends on nowait || nowait2 exists@
identifier f, x;
type T;
expression C, E;
position p;
@@
f(...) {
// BEGIN generated poll-wait-calls: gen-cocci-tables from checkers/model, do not edit
 ... when != \( poll_wait(...) \| sock_poll_wait(...) \| datagram_poll(...) \| vb2_poll(...) \| vb2_core_poll(...) \| vb2_fop_poll(...) \| v4l2_ctrl_poll(...) \| v4l2_m2m_poll(...) \| v4l2_m2m_fop_poll(...) \| drm_poll(...) \| kernfs_generic_poll(...) \| tty_port_poll(...) \)
// END generated poll-wait-calls
 T x = C;
// BEGIN generated poll-wait-calls: gen-cocci-tables from checkers/model, do not edit
 ... when != \( poll_wait(...) \| sock_poll_wait(...) \| datagram_poll(...) \| vb2_poll(...) \| vb2_core_poll(...) \| vb2_fop_poll(...) \| v4l2_ctrl_poll(...) \| v4l2_m2m_poll(...) \| v4l2_m2m_fop_poll(...) \| drm_poll(...) \| kernfs_generic_poll(...) \| tty_port_poll(...) \)
// END generated poll-wait-calls
     when != x = E
     when != x |= E
 return@p x;
}

@script:python@
x << nwlastinit.x;
C << nwlastinit.C;
p << nwlastinit.p;
@@
coccinelle.plast.append(dc_loc(p[0]) + (x, C))

// the returns under an `if (C)`: `if (E->m == NULL) return` is device-gone

@nwifret depends on nowait || nowait2@
expression C, E;
position p;
@@
if (C) return@p E;

@script:python@
C << nwifret.C;
E << nwifret.E;
p << nwifret.p;
@@
coccinelle.pret.append((p[0].current_element, E, C) + dc_loc(p[0]))

// ---------------------------------------------------------------------------
// poll-errno: return -ESOMETHING, directly or through a local

@errno1 depends on ptfn || ptfn2@
identifier f;
identifier C =~ "^E(?!POLL)[A-Z0-9]+$";
position p;
@@
f(...) {
 <...
 return@p -C;
 ...>
}

@script:python@
f << errno1.f;
C << errno1.C;
p << errno1.p;
@@
coccinelle.perrno.append((f, "-" + C) + dc_loc(p[0]))

@errno2 depends on ptfn || ptfn2 exists@
identifier f;
identifier C =~ "^E(?!POLL)[A-Z0-9]+$";
idexpression x;
expression E;
position p;
@@
f(...) {
 ... when any
 x = -C;
 ... when != x = E
 return@p x;
}

@script:python@
f << errno2.f;
x << errno2.x;
C << errno2.C;
p << errno2.p;
@@
coccinelle.perrno.append((f, x + " = -" + C) + dc_loc(p[0]))

@errno3 depends on ptfn || ptfn2 exists@
identifier f;
identifier C =~ "^E(?!POLL)[A-Z0-9]+$";
identifier x;
type T;
expression E;
position p;
@@
f(...) {
 ... when any
 T x = -C;
 ... when != x = E
 return@p x;
}

@script:python@
f << errno3.f;
x << errno3.x;
C << errno3.C;
p << errno3.p;
@@
coccinelle.perrno.append((f, x + " = -" + C) + dc_loc(p[0]))

// ---------------------------------------------------------------------------
// the joins: callbacks -> definitions -> call closure -> findings

@finalize:python@
pcb << merge.pcb;
pdef << merge.pdef;
pcall << merge.pcall;
psleep << merge.psleep;
pnowait << merge.pnowait;
perrno << merge.perrno;
passign << merge.passign;
pret << merge.pret;
plast << merge.plast;
pif << merge.pif;
@@
import os, re
import coccinelle
import coccilib.report
import coccilib.org

pcb = dc_flat(pcb); pdef = dc_flat(pdef); pcall = dc_flat(pcall)
psleep = dc_flat(psleep); pnowait = dc_flat(pnowait); perrno = dc_flat(perrno)
passign = dc_flat(passign); pret = dc_flat(pret); plast = dc_flat(plast)
pif = dc_flat(pif)

def emit(cid, conf, site, func, key, msg, notes):
    dc_print(coccinelle.mode, cid, conf, site, func, key, msg, notes)

# definitions: name -> list of (file, line, col)
defs = {}
ptparam = {}
for (fn, f, l, c, pt) in pdef:
    if (f, l, c) not in defs.setdefault(fn, []):
        defs[fn].append((f, l, c))
    if pt:
        ptparam[(fn, f)] = pt

def resolve(name, fromfile):
    """The definition a call of name in fromfile reaches: same file, then
    same directory, then a unique definition anywhere."""
    ds = defs.get(name, [])
    if not ds:
        return None
    for d in ds:
        if d[0] == fromfile:
            return d
    same = [d for d in ds if os.path.dirname(d[0]) == os.path.dirname(fromfile)]
    if len(same) == 1:
        return same[0]
    if len(ds) == 1:
        return ds[0]
    return None

# call edges per definition (keyed by (name, file))
edges = {}
for (caller, callee, f, l, c) in pcall:
    if caller == callee:
        continue
    edges.setdefault((caller, f), []).append((callee, f, l, c))
sleeps = {}
for (fn, kind, f, l, c) in psleep:
    sleeps.setdefault((fn, f), []).append((kind, f, l, c))

# BEGIN generated poll-ops-members: gen-cocci-tables from checkers/model, do not edit
POLL_OPS = {
    "file_operations": "poll",
    "proc_ops": "proc_poll",
    "proto_ops": "poll",
    "v4l2_file_operations": "poll",
    "tty_ldisc_ops": "poll",
    "kernfs_ops": "poll",
    "cftype": "poll",
    "posix_clock_operations": "poll",
    "snd_hwdep_ops": "poll",
    "snd_info_entry_ops": "poll",
    "rpmsg_endpoint_ops": "poll",
    "wwan_port_ops": "tx_poll",
    "bpf_map_ops": "map_poll",
}
# END generated poll-ops-members

# ops structs a driver macro defines ("#define XS_FOPS(n) struct
# file_operations n##_fops = { .poll = n##_poll, }", used as XS_FOPS(accel)):
# Coccinelle does not expand the macro, so its body and uses are read as text
define_re = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\(([^)]*)\)(.*)$", re.M)
def macro_callbacks(path):
    try:
        with open(path, errors="replace") as fh:
            text = fh.read()
    except Exception:
        return []
    out = []
    for m in define_re.finditer(re.sub(r"\\\n", " ", text)):
        name, params, body = m.group(1), [x.strip() for x in m.group(2).split(",")], m.group(3)
        st = re.search(r"\bstruct\s+(\w+)\s+[\w#\s]+(\[\s*\])?\s*=\s*\{", body)
        if not st or st.group(1) not in POLL_OPS:
            continue
        mb = re.search(r"\.\s*%s\s*=\s*([\w#\s]+?)\s*[,}]" % POLL_OPS[st.group(1)], body)
        if not mb:
            continue
        use_re = re.compile(r"^([ \t]*)%s\s*\(([^()]*)\)" % name)
        for (i, line) in enumerate(text.split(chr(10))):
            u = use_re.match(line)
            if not u:
                continue
            args = [x.strip() for x in u.group(2).split(",")]
            if len(args) != len(params):
                continue
            val = dict(zip(params, args))
            cb = "".join(val.get(t.strip(), t.strip()) for t in mb.group(1).split("##"))
            if re.match(r"^\w+$", cb):
                out.append((cb, st.group(1), path, i + 1, len(u.group(1))))
    return out

for f in sorted(set(d[1] for d in pdef)):
    pcb.extend(macro_callbacks(f))

# callbacks resolved to definitions
cbs = []   # (cbname, opstype, regsite, defsite)
for (fn, ot, f, l, c) in pcb:
    d = resolve(fn, f)
    if d is not None:
        cbs.append((fn, ot, (f, l, c), d))
cbs.sort(key=lambda t: (t[3], t[0]))
cbdefs = set((cb[0], cb[3][0]) for cb in cbs)


reported = set()
callnames = {}

# names of the sleeping calls, from the call facts
for (caller, callee, f, l, c) in pcall:
    callnames[(f, l, c)] = callee

# ---- constant arguments: a helper that ->poll reaches only with drain = 0
# does not run what only drain != 0 reaches (sparse follows the values in
# its IR; here the text of the calls and conditions is read)
def def_params(d):
    """the parameter names of the definition at d (file, line, col)"""
    args = dc_args_at(DcLoc(d[0], d[1], d[2]))
    return [(re.findall(r"\w+", a) or [""])[-1] for a in args]

def const_arg(a, env):
    """an argument as a constant: a number, true/false, or a parameter of
    the caller that every call of it passes as one"""
    a = a.strip()
    if re.match(r"^-?(0[xX][0-9a-fA-F]+|\d+)[uUlL]*$", a):
        return int(a.rstrip("uUlL"), 0)
    if a in ("true", "false"):
        return int(a == "true")
    return env.get(a)

def top_and(e):
    """the conjuncts of a && b && c at the top level"""
    out, depth, cur, i = [], 0, "", 0
    while i < len(e):
        ch = e[i]
        depth += ch in "(["
        depth -= ch in ")]"
        if depth == 0 and e.startswith("&&", i):
            out.append(cur)
            cur, i = "", i + 2
            continue
        cur += ch
        i += 1
    return out + [cur]

def wrapped(t):
    """is t one parenthesised expression, (a && b) but not (a) && (b)"""
    depth = 0
    for i, ch in enumerate(t):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            return i == len(t) - 1 and i > 0
    return False

def dead_under(cond, env):
    """is cond false for the constant parameters env"""
    for t in top_and(cond):
        t = t.strip()
        while wrapped(t):
            t = t[1:-1].strip()
        neg = t.startswith("!")
        name = t[1:].strip() if neg else t
        if name in env and (env[name] != 0) == neg:
            return True
        m = re.match(r"^(\w+)\s*(==|!=)\s*(-?\w+)$", t)
        if m and m.group(1) in env:
            v = const_arg(m.group(3), {})
            if v is not None and (env[m.group(1)] == v) != (m.group(2) == "=="):
                return True
    return False

ifs = {}
for (fn, e, f, l, c, le, ce) in pif:
    ifs.setdefault((fn, f), []).append((e, (l, c), (le, ce)))

def const_params(chains):
    """for each function a chain reaches, its parameters that every call
    from a reached function passes the same constant"""
    env = dict((k, {}) for k in chains)
    for _ in range(3):
        for k in chains:
            if len(chains[k]) == 1:
                continue
            d = resolve(k[0], k[1])
            params = def_params(d) if d else []
            vals = {}
            for (caller, f, l, c) in [(kk, e[1], e[2], e[3]) for kk in chains
                                      for e in edges.get(kk, []) if e[0] == k[0] and
                                      resolve(e[0], e[1]) is not None and
                                      (e[0], resolve(e[0], e[1])[0]) == k]:
                args = dc_args_at(DcLoc(f, l, c))
                for i, pname in enumerate(params):
                    v = const_arg(args[i], env[caller]) if i < len(args) else None
                    vals.setdefault(pname, []).append(v)
            env[k] = dict((n, vs[0]) for n, vs in vals.items()
                          if vs and vs[0] is not None and all(v == vs[0] for v in vs))
    return env

def dead_site(k, l, c, env):
    return any(a <= (l, c) <= b and dead_under(e, env.get(k, {}))
               for (e, a, b) in ifs.get(k, []))

MAXDEPTH = 6
for (cb, ot, reg, d) in cbs:
    member = POLL_OPS.get(ot, "poll")
    # breadth-first over call edges: (name, file) -> chain of (name, callsite)
    start = (cb, d[0])
    chains = {start: [(cb, None)]}
    queue = [start]
    while queue:
        cur = queue.pop(0)
        if len(chains[cur]) > MAXDEPTH:
            continue
        for (callee, f, l, c) in sorted(edges.get(cur, [])):
            t = resolve(callee, f)
            if t is None:
                continue
            k = (callee, t[0])
            if k in chains:
                continue
            chains[k] = chains[cur] + [(callee, (f, l, c))]
            queue.append(k)
    env = const_params(chains)
    for k in sorted(chains, key=lambda k: (len(chains[k]), k)):
        chain = chains[k]
        for (kind, f, l, c) in sorted(sleeps.get(k, [])):
            if dead_site(k, l, c, env):
                continue
            what = callnames.get((f, l, c), kind)
            ids = []
            if kind == "blocking":
                ids.append("poll-blocking")
            if kind == "task_state":
                ids.append("poll-task-state")
            if coccinelle.legacy and kind in ("blocking", "might_sleep"):
                ids.append("poll-sleep-legacy")
            path = " -> ".join([n for (n, s) in chain] + [what + "()"])
            depth = len(chain) - 1
            for cid in ids:
                if (cid, f, l) in reported:
                    continue
                reported.add((cid, f, l))
                if cid == "poll-blocking":
                    msg = "%s() in ->poll waits for the event itself; register with poll_wait() and return the current mask instead" % what
                elif cid == "poll-task-state":
                    msg = "%s() in ->poll changes the task state that poll's own wait loop owns" % what
                else:
                    msg = "%s() sleeps in ->poll, which must not sleep before 2.6.29" % what
                if depth == 0:
                    msg += " (%s.%s = %s)" % (ot, member, cb)
                else:
                    msg += " (reached from %s.%s = %s: %s)" % (ot, member, cb, path)
                notes = [(reg[0], reg[1], reg[2],
                          "%s registered as %s.%s here" % (cb, ot, member))]
                for (n, s) in chain[1:]:
                    notes.append((s[0], s[1], s[2], "%s() called here" % n))
                conf = "high" if depth <= 1 else "medium"
                emit(cid, conf, (f, l, c), k[0], cb, msg, notes)

# -- poll-no-wait and poll-errno, per callback definition
cbinfo = {}
for (cb, ot, reg, d) in cbs:
    cbinfo.setdefault((cb, d[0]), (ot, reg))

errno_sites = set()
for (fn, what, f, l, c) in perrno:
    if (fn, f) not in cbinfo:
        continue
    if (fn, f, l) in errno_sites:
        continue
    errno_sites.add((fn, f, l))
    ot, reg = cbinfo[(fn, f)]
    member = POLL_OPS.get(ot, "poll")
    if what.startswith("-"):
        msg = "->poll returns %s, a negative errno that poll() reads as a mask of events; return EPOLLERR (or EPOLLHUP) instead" % what
    else:
        msg = "->poll returns a negative errno (%s) that poll() reads as a mask of events; return EPOLLERR (or EPOLLHUP) instead" % what
    emit("poll-errno", "high", (f, l, c), fn, fn, msg,
         [(reg[0], reg[1], reg[2], "%s registered as %s.%s here" % (fn, ot, member))])

maskterm = re.compile(r"^(E?POLL[A-Z_]+|DEFAULT_POLLMASK|0x0*[1-9a-fA-F][0-9a-fA-F]*|[1-9][0-9]*)$")
def strip_cast(e):
    e = e.strip()
    while True:
        m = re.match(r"^\(\s*(__force\s+)?(__poll_t|unsigned int|unsigned|int|u32)\s*\)\s*(.*)$", e)
        if not m:
            break
        e = m.group(3).strip()
    while e.startswith("(") and e.endswith(")") and balanced(e[1:-1]):
        e = e[1:-1].strip()
    return e
def balanced(s):
    d = 0
    for ch in s:
        if ch == "(":
            d += 1
        elif ch == ")":
            d -= 1
            if d < 0:
                return False
    return d == 0
def const_mask(e):
    e = strip_cast(e)
    if not e:
        return False
    parts = [strip_cast(t) for t in e.split("|")]
    return all(maskterm.match(t) for t in parts)

assigns = {}
for (fn, x, rhs) in passign:
    assigns.setdefault((fn, x), []).append(rhs)

def always_ready(rs, pt):
    # each a constant mask, or what a poll function handed the table returns
    return bool(rs) and all(const_mask(r) or re.search(r"\b%s\b" % re.escape(pt), r) for r in rs)

def const_local(fn, x, pt):
    return always_ready(assigns.get((fn, x)), pt)

lasts = {}
for (f, l, c, x, rhs) in plast:
    lasts.setdefault((f, l, c, x), []).append(rhs)

def const_on_paths(f, l, c, x, pt):
    return always_ready(lasts.get((f, l, c, x)), pt)

# docs/checks.md poll-no-wait: nothing to wait for when the device is gone
# (a member pointer read through a pointer is NULL).  Without header types
# only the explicit NULL comparison shows the member is a pointer:
# `!dev->info` stays reported.
rets = {}
for (fn, e, cond, f, l, c) in pret:
    rets.setdefault((fn, f), {})[(l, c)] = (e, cond)
def disjuncts(cond):
    out, d, start = [], 0, 0
    for i, ch in enumerate(cond):
        d += ch == "("
        d -= ch == ")"
        if d == 0 and cond.startswith("||", i):
            out.append(cond[start:i])
            start = i + 2
    return out + [cond[start:]]
member = r"\w+(\s*(->|\.)\s*\w+)*\s*->\s*\w+"   # spatch spaces the tokens
gone_re = re.compile(r"^(NULL\s*==\s*%s|%s\s*==\s*NULL)$" % (member, member))
# the file private pointer is a pointer whatever the headers say: "pp =
# file->private_data; if (!pp) return 0;" tests it for NULL, as sparse reads
# a pointer loaded through a pointer
private_re = re.compile(r"^%s\s*->\s*private_data$" % r"\w+(\s*(->|\.)\s*\w+)*")
def private_local(fn, x):
    rs = assigns.get((fn, x))
    return bool(rs) and all(private_re.match(strip_cast(r)) for r in rs)
def gone_test(fn, t):
    t = strip_cast(t)
    if gone_re.match(t):
        return True
    m = re.match(r"^!\s*(.+)$", t)
    x = strip_cast(m.group(1)) if m else ""
    return bool(private_re.match(x)) or (re.match(r"^\w+$", x) is not None and private_local(fn, x))
def device_gone(fn, f, l, c):
    e, cond = rets.get((fn, f), {}).get((l, c), ("", ""))
    return cond != "" and all(gone_test(fn, t) for t in disjuncts(strip_cast(cond)))

seen = set()
for (fn, pt, e, f, l, c) in pnowait:
    if (fn, f) not in cbinfo or (fn, f, l) in seen or (fn, f, l) in errno_sites:
        continue
    seen.add((fn, f, l))
    if re.search(r"\b%s\b" % re.escape(pt), e):
        continue          # the table is handed on in the return itself
    if const_mask(e):
        continue          # always ready: a constant non-zero mask
    if re.match(r"^\w+$", e) and (const_local(fn, e, pt) or const_on_paths(f, l, c, e, pt)):
        continue
    if re.match(r"^-\s*E[A-Z0-9]+$", e):
        continue          # reported as poll-errno
    if device_gone(fn, f, l, c):
        continue          # nothing will become ready to wait for
    ot, reg = cbinfo[(fn, f)]
    member = POLL_OPS.get(ot, "poll")
    msg = "->poll %s can return %s without registering with poll_wait(): a poll() that finds nothing ready is never woken" % (fn, e)
    emit("poll-no-wait", "medium", (f, l, c), fn, fn, msg,
         [(reg[0], reg[1], reg[2], "%s registered as %s.%s here" % (fn, ot, member))])
