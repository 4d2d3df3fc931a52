// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "ast_walk.h"
#include "core/util.h"
#include "of_nodes.h"
#include "src_index.h"
#include "tu_facts.h"

struct judge_facts tu_facts;

static char *module_name;
/* The function being walked: its name and file (show_ident()'s and
 * stream_name()'s buffers are reused: copies), its first site. */
static char *fn_name, *fn_file;
static size_t fn_first_site;

/* The call expressions already turned into sites, in this function. */
static struct {
	struct expression *expr;
	int site;
} *seen;
static size_t n_seen, cap_seen;

/*
 * Flags of an entry: constants stored to other members of the struct a
 * map or allocation stores its handle in, just before it (since the
 * previous model call: cmd->kind = CMD_COHERENT) or just after it (until
 * the next: mapped_as_page = 1).  last_map is the map after which they
 * count, last_map_loc where its handle went, last_map_struct its struct
 * ("field:S."); pending the constants stored since the last model call.
 */
static int last_map = -1, last_map_loc = JLOC_NONE;
/* a map whose handle went to a local first (skb_dma = dma_map_single();
 * ...; desc->skb_dma = skb_dma): the member it is stored to next is its */
static int local_map = -1, local_map_loc = JLOC_NONE;
static char *last_map_struct;
/* the branches a store or a map is in: a flag counts when it is in the
 * same branch as the map or in one inside it */
struct branch {
	struct ast_cond conds[AST_MAX_CONDS];
	int n;
};
static struct branch last_map_branch;
static struct pending_set {
	int loc;
	long long v;
	bool twice;		/* stored two values: no flag */
	struct branch branch;
} *pending;
static size_t n_pending, cap_pending;

static struct branch branch_of(const struct ast_visitor *v)
{
	struct branch b = { .n = v ? v->n_conds : 0 };

	if (b.n)
		memcpy(b.conds, v->conds, (size_t)b.n * sizeof(b.conds[0]));
	return b;
}

/*
 * Are a and b the same branch (the same if and case branches, loop body
 * and labelled part)?  A flag stored there is straight-line code next to
 * the map; one in an error branch, the next loop or after a label is not.
 */
static bool same_branch(const struct branch *a, const struct branch *b)
{
	if (a->n != b->n)
		return false;
	for (int i = 0; i < a->n; i++)
		if (a->conds[i].cond != b->conds[i].cond ||
		    a->conds[i].taken != b->conds[i].taken ||
		    a->conds[i].value != b->conds[i].value ||
		    a->conds[i].scope != b->conds[i].scope)
			return false;
	return true;
}

/*
 * The driver's static inline functions sparse inlined into the function
 * being walked: their bodies are walked where they are inlined, as the
 * function they are (its name, its file, its parameters fed by the
 * arguments), once per call site (a second inlined copy finds its sites
 * made).  The walker's state of the enclosing function waits here.
 */
#define MAX_INLINE_DEPTH 8
static struct {
	struct saved_fn {
		char *name, *file;
		int last_map, last_map_loc, local_map, local_map_loc;
		char *last_map_struct;
		struct branch last_map_branch;
		size_t n_pending;
	} saved[MAX_INLINE_DEPTH];
	size_t n;
} inlined;

void tu_facts_module(const char *module)
{
	free(module_name);
	module_name = xstrdup(module ? module : "");
}

static const char *module(void)
{
	return module_name ? module_name : "";
}

static bool is_field_key(const char *key)
{
	return strncmp(key, "field:", 6) == 0;
}

/* The struct a member access goes through, from the pointer's type. */
static struct symbol *pointee_struct(struct expression *ptr)
{
	struct symbol *t = ptr ? ptr->ctype : NULL;

	for (int depth = 0; t && depth < 8; depth++) {
		if (t->type == SYM_STRUCT || t->type == SYM_UNION)
			return t;
		if (t->type != SYM_NODE && t->type != SYM_PTR)
			return NULL;
		t = t->ctype.base_type;
	}
	return NULL;
}

/*
 * The member of st that sym names, or else the one at offset: once its
 * address is taken a member access is typed as a pointer to the member's
 * type, and only the offset still says which member it was.  The members
 * of an anonymous struct or union inside st are st's own, as in C
 * (e1000_buffer's mapped_as_page).
 */
static struct symbol *find_member(struct symbol *st, struct symbol *sym,
				  unsigned long long offset)
{
	struct symbol *m, *at = NULL, *inner;

	FOR_EACH_PTR(st->symbol_list, m) {
		struct symbol *t = m->ctype.base_type;

		if (!m->ident) {
			if (!t || (t->type != SYM_STRUCT && t->type != SYM_UNION) ||
			    offset < (unsigned long long)m->offset)
				continue;
			inner = find_member(t, sym, offset - (unsigned long long)m->offset);
			if (inner && (sym || !at))
				at = inner;
			if (inner && sym)
				return inner;
			continue;
		}
		if (sym && m->ident == sym->ident)
			return m;
		if (!at && (unsigned long long)m->offset == offset)
			at = m;
	} END_FOR_EACH_PTR(m);
	return sym ? NULL : at;
}

/*
 * A struct's name in keys: its tag, or for an anonymous one (a typedef'd
 * struct) where it is declared, the same in every file that includes it.
 */
static char *struct_name(struct symbol *st)
{
	if (st->ident)
		return xstrdup(show_ident(st->ident));
	return xasprintf("<%s:%u>", stream_name(st->pos.stream), st->pos.line);
}

static int member_loc(struct symbol *st, struct symbol *member, const char *inst)
{
	char *s = struct_name(st), *m = xstrdup(show_ident(member->ident));
	char *key = xasprintf("field:%s.%s%s%s", s, m, inst ? "@" : "", inst ? inst : "");
	char *name = xasprintf("struct %s.%s", s, m);
	int loc = jf_loc(&tu_facts, module(), key, name, true);

	free(s);
	free(m);
	free(key);
	free(name);
	return loc;
}

static int symbol_loc(struct symbol *sym)
{
	char *id, *key;
	int loc;

	if (!sym->ident)
		return JLOC_NONE;
	id = xstrdup(show_ident(sym->ident));
	if (!(sym->ctype.modifiers & MOD_TOPLEVEL))
		key = xasprintf("local:%s:%s:%s", fn_file, fn_name, id);
	else if (sym->ctype.modifiers & MOD_STATIC)
		key = xasprintf("global:%s:%s", stream_name(sym->pos.stream), id);
	else
		key = xasprintf("global:%s", id);
	loc = jf_loc(&tu_facts, module(), key, id, (sym->ctype.modifiers & MOD_TOPLEVEL) != 0);
	free(id);
	free(key);
	return loc;
}

static int named_loc(const char *kind, const char *fn, int arg)
{
	char *key = arg >= 0 ? xasprintf("%s:%s#%d", kind, fn, arg)
			     : xasprintf("%s:%s", kind, fn);
	int loc = jf_loc(&tu_facts, module(), key, key, true);

	free(key);
	return loc;
}

static int expr_loc(struct expression *e);
static struct symbol *callee(struct expression *call);

/*
 * The array or ring an element address is reached through, "S.m[]": the
 * address is the array's start plus an index that is not a constant; the
 * start a pointer member read (ring->buffer_info[i]) or an array member
 * (priv->rx_skbs[i]).  NULL when the element is not reached by indexing.
 */
static char *instance_of(struct expression *base)
{
	bool indexed = false;
	struct symbol *st, *m;
	char *name, *inst;
	int loc;

	base = ast_strip(base);
	while (base && base->type == EXPR_BINOP && base->op == '+' && base->right &&
	       ast_strip(base->right)->type != EXPR_VALUE) {
		indexed = true;
		base = ast_strip(base->left);
	}
	if (!indexed || !base)
		return NULL;
	loc = expr_loc(base);
	if (loc >= 0 && is_field_key(tu_facts.locs[loc].key))
		return xasprintf("%s[]", tu_facts.locs[loc].key + 6);
	if (base->type != EXPR_BINOP || base->op != '+' || !base->right ||
	    base->right->type != EXPR_VALUE)
		return NULL;
	st = pointee_struct(base->left);
	m = st ? find_member(st, NULL, base->right->value) : NULL;
	if (!m || !m->ctype.base_type || m->ctype.base_type->type != SYM_ARRAY)
		return NULL;
	name = struct_name(st);
	inst = xasprintf("%s.%s[]", name, show_ident(m->ident));
	free(name);
	return inst;
}

static struct symbol *base_of(struct symbol *t)
{
	while (t && t->type == SYM_NODE)
		t = t->ctype.base_type;
	return t;
}

/* Does struct st embed type t as more than one member (sgt_tx, sgt_rx)? */
static bool embeds_twice(struct symbol *st, struct symbol *t)
{
	struct symbol *m;
	int n = 0;

	FOR_EACH_PTR(st->symbol_list, m) {
		n += m->ident && base_of(m) == t;
	} END_FOR_EACH_PTR(m);
	return n > 1;
}

/*
 * The struct member embedded at address a, (q + offset) typed as a plain
 * pointer: sparse types the address of an embedded struct that way when a
 * member of it is reached (p->sgt_tx.nents is *((p + 16) + 8)).  Its
 * instance is the array that is reached through, else the member it is
 * embedded as ("pl022.sgt_tx") when the struct embeds that type twice:
 * the TX and RX tables of one type stay two, while desc->frag.addr
 * through a cursor into either ring is the member of any ring.  NULL when
 * a is no such address.
 */
static struct symbol *embedded_struct(struct expression *a, char **inst)
{
	struct symbol *outer, *m, *t;
	char *name;

	a = ast_strip(a);
	if (!a || a->type != EXPR_BINOP || a->op != '+' || !a->right ||
	    a->right->type != EXPR_VALUE || pointee_struct(a))
		return NULL;
	outer = pointee_struct(a->left);
	if (!outer) {
		char *up = NULL;

		outer = embedded_struct(a->left, &up);
		free(up);
	}
	m = outer ? find_member(outer, NULL, a->right->value) : NULL;
	t = m ? base_of(m) : NULL;
	if (!t || (t->type != SYM_STRUCT && t->type != SYM_UNION))
		return NULL;
	*inst = instance_of(a->left);
	if (!*inst && embeds_twice(outer, t)) {
		name = struct_name(outer);
		*inst = xasprintf("%s.%s", name, show_ident(m->ident));
		free(name);
	}
	return t;
}

/*
 * The location at address a.  After evaluation a variable is *(&sym) and
 * a member access *(ptr + offset), the '+' typed as the member once its
 * address is taken, the '*' typed as the member (evaluate.c); an element of
 * an array member stands for the member, in the array it was reached
 * through.
 */
static int address_loc(struct expression *a, struct symbol *member)
{
	struct symbol *st;
	char *inst = NULL;
	int loc;

	a = ast_strip(a);
	if (!a)
		return JLOC_NONE;
	if (a->type == EXPR_SYMBOL && a->symbol)
		return symbol_loc(a->symbol);
	if (a->type != EXPR_BINOP || a->op != '+')
		return JLOC_NONE;
	st = pointee_struct(a->left);
	/*
	 * x.m of a struct variable x: sparse types &x as a plain pointer; the
	 * member is S.m as through a pointer (mtk_star fills a local
	 * desc_data.dma_addr that the helper it passes &desc_data to reads)
	 */
	if (!st && a->left && a->left->type == EXPR_SYMBOL && a->left->symbol) {
		st = base_of(a->left->symbol);
		if (st && st->type != SYM_STRUCT && st->type != SYM_UNION)
			st = NULL;
	}
	if (!st)
		st = embedded_struct(a->left, &inst);
	if (st && a->right && a->right->type == EXPR_VALUE) {
		member = find_member(st, member && member->ident ? member : NULL,
				     a->right->value);
		if (member) {
			if (!inst)
				inst = instance_of(a->left);
			loc = member_loc(st, member, inst);
			free(inst);
			return loc;
		}
	}
	free(inst);
	loc = expr_loc(a->left);
	return loc >= 0 ? loc : address_loc(a->left, NULL);
}

static int expr_loc(struct expression *e)
{
	e = ast_strip(e);
	if (!e || e->type != EXPR_PREOP || e->op != '*')
		return JLOC_NONE;
	return address_loc(e->unop, e->ctype);
}

/* The function a call names directly (not a model function), or NULL. */
static struct symbol *callee(struct expression *call)
{
	struct expression *fn = call->fn;

	if (fn && fn->type == EXPR_PREOP && fn->op == '*')
		fn = fn->unop;
	return fn && fn->type == EXPR_SYMBOL && fn->symbol && fn->symbol->ident ?
	       fn->symbol : NULL;
}

/* The driver's own inline function e is an inlined call of, or NULL. */
static struct symbol *inlined_driver_fn(struct expression *e)
{
	struct symbol *fn;

	if (!e || e->type != EXPR_STATEMENT || !e->statement ||
	    e->statement->type != STMT_COMPOUND || !(fn = e->statement->inline_fn))
		return NULL;
	return fn->ident && src_index_driver_stream(fn->pos.stream) ? fn : NULL;
}

/*
 * What a call of one of the module's functions returns, as a location
 * (ret:F): an accessor read as an argument (desc_get_buf_addr(p) as the
 * handle, desc_get_buf_len(p) as the size) is the value its body returns.
 * JLOC_NONE for anything else.
 */
static int ret_loc(struct expression *e)
{
	struct symbol *fn = inlined_driver_fn(e);
	char *name;
	int loc;

	if (!fn && e && e->type == EXPR_CALL)
		fn = callee(e);
	if (!fn)
		return JLOC_NONE;
	name = xstrdup(show_ident(fn->ident));
	loc = named_loc("ret", name, -1);
	free(name);
	return loc;
}


static struct symbol *member_named(struct symbol *st, const char *name)
{
	struct symbol *m;

	FOR_EACH_PTR(st->symbol_list, m) {
		if (m->ident && strcmp(show_ident(m->ident), name) == 0)
			return m;
	} END_FOR_EACH_PTR(m);
	return NULL;
}

/* Argument n of an inlined call (its parameter's initializer) or a call. */
static struct expression *nth_arg(struct expression *e, int n)
{
	struct expression *arg;
	struct symbol *a;
	int i = 0;

	if (e->type == EXPR_STATEMENT) {
		FOR_EACH_PTR(e->statement->args ? e->statement->args->declaration : NULL, a) {
			if (i++ == n)
				return a->initializer;
		} END_FOR_EACH_PTR(a);
		return NULL;
	}
	FOR_EACH_PTR(e->args, arg) {
		if (i++ == n)
			return arg;
	} END_FOR_EACH_PTR(arg);
	return NULL;
}

/*
 * A call of a value function of the model (resource_size(res), which
 * sparse has inlined): the members of the struct its argument points to,
 * as the same members read directly would be (res->end - res->start + 1).
 */
static struct jx value_call_jx(struct expression *e)
{
	struct symbol *fn = NULL, *st, *plus, *minus;
	const struct value_fn *vf = NULL;
	struct jx p, m, x;
	int lp, lm;

	if (e->type == EXPR_STATEMENT && e->statement &&
	    e->statement->type == STMT_COMPOUND)
		fn = e->statement->inline_fn;
	else if (e->type == EXPR_CALL)
		fn = callee(e);
	if (fn && fn->ident)
		vf = value_lookup(show_ident(fn->ident));
	if (!vf || !(st = pointee_struct(ast_strip(nth_arg(e, vf->arg)))) ||
	    !(plus = member_named(st, vf->plus)) || !(minus = member_named(st, vf->minus)))
		return jx_opaque();
	/* member_loc() may move tu_facts.locs */
	lp = member_loc(st, plus, NULL);
	lm = member_loc(st, minus, NULL);
	p = jx_atom(tu_facts.locs[lp].key, 1, vf->c);
	m = jx_atom(tu_facts.locs[lm].key, 1, 0);
	x = jx_sub(&p, &m);
	jx_free(&p);
	jx_free(&m);
	return x;
}

/*
 * A value as the judge compares them: constants, locations, + - and *,
 * the model's value functions.
 */
static struct jx expr_jx(struct expression *e, int depth)
{
	struct jx l, r, x;
	int loc;

	e = ast_strip(e);
	if (!e || depth > 8)
		return jx_opaque();
	if (e->type == EXPR_VALUE)
		return jx_const((long long)e->value);
	loc = expr_loc(e);
	if (loc < 0)
		loc = ret_loc(e);
	if (loc >= 0)
		return jx_atom(tu_facts.locs[loc].key, 1, 0);
	if (e->type == EXPR_STATEMENT || e->type == EXPR_CALL)
		return value_call_jx(e);
	if (e->type != EXPR_BINOP)
		return jx_opaque();
	l = expr_jx(e->left, depth + 1);
	r = expr_jx(e->right, depth + 1);
	if (e->op == '+')
		x = jx_add(&l, &r);
	else if (e->op == '-')
		x = jx_sub(&l, &r);
	else if (e->op == '*' && jx_known(&r))
		x = jx_scale(&l, r.c);
	else if (e->op == '*' && jx_known(&l))
		x = jx_scale(&r, l.c);
	else if (e->op == SPECIAL_LEFTSHIFT && jx_known(&r) && r.c >= 0 && r.c < 62)
		x = jx_scale(&l, 1LL << r.c);
	else if (e->op == '/' && jx_known(&r))
		x = jx_div(&l, r.c);
	else if (e->op == SPECIAL_RIGHTSHIFT && jx_known(&r) && r.c >= 0 && r.c < 62)
		x = jx_div(&l, 1LL << r.c);
	else
		x = jx_opaque();
	jx_free(&l);
	jx_free(&r);
	return x;
}

static struct jx arg_jx(const struct ast_call *c, int pos)
{
	if (pos < 0 || pos >= c->n_args)
		return (struct jx){ .kind = JX_NONE };
	return expr_jx(c->args[pos], 0);
}

/* A bare symbol as a value is an array that decayed to its address. */
static int arg_loc(const struct ast_call *c, int pos)
{
	struct expression *e;
	int loc;

	if (pos < 0 || pos >= c->n_args)
		return JLOC_NONE;
	loc = expr_loc(c->args[pos]);
	e = ast_strip(c->args[pos]);
	if (loc < 0 && e && e->type == EXPR_SYMBOL)
		loc = address_loc(e, NULL);
	if (loc < 0)
		loc = ret_loc(e);
	return loc;
}

/*
 * The struct that holds the scalar at byte offset off of struct st as its
 * own member, through embedded structs and arrays (pdev->resource[2].start
 * is a member of struct resource), or NULL.
 */
static struct symbol *holder_at(struct symbol *st, long long off, int depth)
{
	struct symbol *m, *t;

	if (depth > 8)
		return NULL;
	FOR_EACH_PTR(st->symbol_list, m) {
		long long at = (long long)m->offset;

		t = base_of(m);
		if (!t || off < at || off >= at + t->bit_size / 8)
			continue;
		off -= at;
		while (t && t->type == SYM_ARRAY) {
			t = base_of(t->ctype.base_type);
			if (!t || t->bit_size < 8)
				return NULL;
			off %= t->bit_size / 8;
		}
		if (t && (t->type == SYM_STRUCT || t->type == SYM_UNION))
			return holder_at(t, off, depth + 1);
		return off == 0 ? st : NULL;
	} END_FOR_EACH_PTR(m);
	return NULL;
}

/*
 * A region start as a key that is the same in every function of the module
 * for the same value: a constant, a struct member read through any pointer
 * ("struct xtimer+8:64"; pci_resource_start(pdev, 2) is "struct
 * pci_dev+N:64"), or a local (within its function).  No key for anything
 * else.  A member also gives the struct that holds it.
 */
static void read_start(struct expression *e, struct jsite *s)
{
	struct expression *a;
	struct symbol *st;
	long long off = 0;
	char *name;

	e = ast_strip(e);
	if (!e)
		return;
	if (e->type == EXPR_VALUE) {
		s->start_key = xasprintf("#%lld", (long long)e->value);
		return;
	}
	if (e->type != EXPR_PREOP || e->op != '*')
		return;
	for (a = ast_strip(e->unop); a && a->type == EXPR_BINOP && a->op == '+' &&
	     a->right && a->right->type == EXPR_VALUE; a = ast_strip(a->left))
		off += (long long)a->right->value;
	if (!a)
		return;
	if (a->type == EXPR_SYMBOL && a->symbol && a->symbol->ident) {
		s->start_key = xasprintf("local:%s:%s:%s+%lld", fn_file, fn_name,
					 show_ident(a->symbol->ident), off);
		/* a struct variable of the function (struct resource r that
		 * of_address_to_resource() fills) holds it too, unless it
		 * holds another node's region */
		st = base_of(a->symbol);
		if (st && st->type == SYM_STRUCT)
			st = holder_at(st, off, 0);
		if (st && st->type == SYM_STRUCT && st->ident &&
		    !of_nodes_other_resource(a->symbol))
			s->start_holder = xstrdup(show_ident(st->ident));
		return;
	}
	st = pointee_struct(a);
	if (!st || !st->ident)
		return;
	name = struct_name(st);
	s->start_key = xasprintf("struct %s+%lld:%d", name, off,
				 e->ctype ? e->ctype->bit_size : 0);
	free(name);
	st = holder_at(st, off, 0);
	if (st && st->ident)
		s->start_holder = xstrdup(show_ident(st->ident));
}

/* A member or a local: the judge weighs a local's test only while the
 * local holds what its function was called with (guard_stable()). */
static bool guard_key(int loc)
{
	return loc >= 0 && (is_field_key(tu_facts.locs[loc].key) ||
			    !strncmp(tu_facts.locs[loc].key, "local:", 6));
}

/* "e->flags & BIT": that bit's location (jf_bit_loc()), else JLOC_NONE */
static int bit_test(struct expression *c)
{
	struct expression *l, *r;

	if (!c || c->type != EXPR_BINOP || c->op != '&')
		return JLOC_NONE;
	l = ast_strip(c->left);
	r = ast_strip(c->right);
	if (l && l->type == EXPR_VALUE)
		return jf_bit_loc(&tu_facts, expr_loc(r), (long long)l->value);
	if (r && r->type == EXPR_VALUE)
		return jf_bit_loc(&tu_facts, expr_loc(l), (long long)r->value);
	return JLOC_NONE;
}

/*
 * A condition on a member or a local: the site under it runs only when it
 * holds.  top is the if or the case; c the part of its condition looked at.
 */
static void add_guards(int site, const struct ast_cond *top,
		       struct expression *c, bool taken, int depth)
{
	struct expression *side, *other;
	int loc;

	c = ast_strip(c);
	if (!c || depth > 4)
		return;		/* also a loop's or a label's scope */
	if (top->value) {
		loc = expr_loc(c);
		other = ast_strip(top->value);
		if (guard_key(loc) && other && other->type == EXPR_VALUE)
			jf_site_guard(&tu_facts, site, loc, true, (long long)other->value);
	} else if (c->type == EXPR_PREOP && c->op == '!') {
		add_guards(site, top, c->unop, !taken, depth + 1);
	} else if (c->type == EXPR_LOGICAL &&
		   c->op == (taken ? SPECIAL_LOGICAL_AND : SPECIAL_LOGICAL_OR)) {
		add_guards(site, top, c->left, taken, depth + 1);
		add_guards(site, top, c->right, taken, depth + 1);
	} else if (c->type == EXPR_COMPARE &&
		   (c->op == SPECIAL_EQUAL || c->op == SPECIAL_NOTEQUAL)) {
		side = ast_strip(c->right)->type == EXPR_VALUE ? c->left : c->right;
		other = ast_strip(side == c->left ? c->right : c->left);
		loc = expr_loc(side);
		if (loc < 0)
			loc = bit_test(ast_strip(side));
		if (guard_key(loc) && other->type == EXPR_VALUE)
			jf_site_guard(&tu_facts, site, loc,
				      (c->op == SPECIAL_EQUAL) == taken,
				      (long long)other->value);
	} else if ((loc = bit_test(c)) >= 0) {
		jf_site_guard(&tu_facts, site, loc, !taken, 0);
	} else if (guard_key(loc = expr_loc(c))) {
		jf_site_guard(&tu_facts, site, loc, !taken, 0);
	}
}

/* "field:S." of a member key, for comparing structs; NULL otherwise. */
static char *struct_of_key(const char *key)
{
	const char *dot = is_field_key(key) ? strchr(key, '.') : NULL;

	return dot ? xstrndup(key, (size_t)(dot - key) + 1) : NULL;
}

/* A map's handle went to loc: if it is a member, its entry's flags. */
static void map_stored(int site, int loc, const struct ast_visitor *v)
{
	char *st = struct_of_key(tu_facts.locs[loc].key);

	if (!st) {
		if (!strncmp(tu_facts.locs[loc].key, "local:", 6)) {
			local_map = site;
			local_map_loc = loc;
		}
		return;
	}
	last_map_branch = branch_of(v);
	for (size_t i = 0; i < n_pending; i++) {
		char *pst = struct_of_key(tu_facts.locs[pending[i].loc].key);

		if (!pending[i].twice && pending[i].loc != loc && pst &&
		    !strcmp(pst, st) && same_branch(&last_map_branch, &pending[i].branch))
			jf_site_set(&tu_facts, site, pending[i].loc, pending[i].v);
		free(pst);
	}
	n_pending = 0;
	last_map = site;
	last_map_loc = loc;
	free(last_map_struct);
	last_map_struct = st;
}

/*
 * A body inlined again: the call already is a site when this copy gives
 * it the same values.  A header helper called with constants
 * (octeon_map_pci_barx(oct, 1, ...)) makes one site per distinct value:
 * its BAR 0 and BAR 2 requests are two requests.
 */
static int inlined_twin(struct position pos, const struct api_fn *api,
			const struct jsite *now)
{
	for (size_t i = 0; i < tu_facts.n_sites; i++) {
		const struct jsite *o = &tu_facts.sites[i];

		if (o->line == pos.line && o->col == pos.pos && o->api == api &&
		    !strcmp(o->file, stream_name(pos.stream)) &&
		    jx_same(&o->size, &now->size) && jx_same(&o->nents, &now->nents) &&
		    jx_same(&o->offset, &now->offset) &&
		    jx_same(&o->start, &now->start) && o->dir == now->dir)
			return (int)i;
	}
	return -1;
}

static int call_site(const struct ast_call *c, const struct ast_visitor *v)
{
	const struct api_fn *api = c->api;
	struct position pos = c->expr->pos;
	int idx, handle, buf, nents, out = JLOC_NONE;
	struct jsite *s, now = { .dir = -1 };

	for (size_t i = 0; i < n_seen; i++)
		if (seen[i].expr == c->expr)
			return seen[i].site;
	now.size = arg_jx(c, api->size);
	now.nents = arg_jx(c, api->nents);
	now.offset = arg_jx(c, api->offset);
	now.start = arg_jx(c, api->start);
	if (api->dir >= 0 && api->dir < c->n_args &&
	    ast_strip(c->args[api->dir])->type == EXPR_VALUE)
		now.dir = (int)ast_strip(c->args[api->dir])->value;
	idx = inlined.n ? inlined_twin(pos, api, &now) : -1;
	if (idx >= 0) {
		jx_free(&now.size);
		jx_free(&now.nents);
		jx_free(&now.offset);
		jx_free(&now.start);
		return idx;
	}
	handle = api->handle >= 0 && !(api->flags & API_HANDLE_OUT) ?
		 arg_loc(c, api->handle) : JLOC_NONE;
	buf = arg_loc(c, api->buf);
	nents = arg_loc(c, api->nents);
	idx = jf_site(&tu_facts, api, src_written_api(pos, api),
		      stream_name(pos.stream), pos.line, pos.pos, fn_name, module());
	s = &tu_facts.sites[idx];
	s->handle = handle;
	s->buf = buf;
	s->nents_loc = nents;
	s->size = now.size;
	s->nents = now.nents;
	s->offset = now.offset;
	s->start = now.start;
	s->dir = now.dir;
	if (api->start >= 0 && api->start < c->n_args) {
		read_start(c->args[api->start], s);
		s->start_loc = expr_loc(c->args[api->start]);
	}
	if ((api->flags & API_HANDLE_OUT) && api->handle >= 0 &&
	    api->handle < c->n_args)
		out = address_loc(c->args[api->handle], NULL);
	/* a scatterlist holds its mapping: the unmap finds it there */
	if (api->role == ROLE_DMA_MAP && api->handle == ARG_NONE && buf >= 0)
		jf_add_site_source(&tu_facts, buf, idx);
	for (int i = 0; v && i < v->n_conds; i++)
		add_guards(idx, &v->conds[i], v->conds[i].cond, v->conds[i].taken, 0);
	/*
	 * The next map or release ends the last map's flags (map_stored()
	 * makes a map whose handle goes to a member the last one); a release
	 * ends the constants stored before it, a map they are the flags of.
	 */
	if (api->family == FAMILY_DMA && api->role != ROLE_DMA_MAPPING_ERROR &&
	    out < 0) {
		last_map = -1;
		if (api->role != ROLE_DMA_MAP && api->role != ROLE_DMA_ALLOC)
			n_pending = 0;
	}
	if (out >= 0) {
		jf_add_site_source(&tu_facts, out, idx);
		map_stored(idx, out, v);
	}
	GROW(seen, cap_seen, n_seen + 1);
	seen[n_seen].expr = c->expr;
	seen[n_seen++].site = idx;
	return idx;
}

/* Is e no linear form (i * size)? */
static bool nonlinear(struct expression *e)
{
	struct jx x = expr_jx(e, 0);
	bool opaque = x.kind == JX_OPAQUE;

	jx_free(&x);
	return opaque;
}

/*
 * The location rhs steps from, when rhs is "base + offset" (or "offset +
 * base", "base - offset") with an offset that is no linear form: a handle
 * inside what base holds (3w-9xxx carves one coherent block into slots,
 * phys[i] = dma_handle + i * size).  A linear offset keeps rhs a value.
 */
static int offset_base(struct expression *rhs)
{
	int base;

	if (rhs->type != EXPR_BINOP || (rhs->op != '+' && rhs->op != '-'))
		return JLOC_NONE;
	base = expr_loc(ast_strip(rhs->left));
	if (base >= 0 && nonlinear(rhs->right))
		return base;
	base = rhs->op == '+' ? expr_loc(ast_strip(rhs->right)) : JLOC_NONE;
	return base >= 0 && nonlinear(rhs->left) ? base : JLOC_NONE;
}

/* loc = rhs: what rhs may be becomes a source of loc */
static void assign(int loc, struct expression *rhs, const struct ast_visitor *v)
{
	struct ast_call c;
	int from, base;

	rhs = ast_strip(rhs);
	if (loc < 0 || !rhs)
		return;
	if (ast_model_call(rhs, &c)) {
		int site = call_site(&c, v);

		jf_add_site_source(&tu_facts, loc, site);
		if (c.api->role == ROLE_DMA_MAP)
			map_stored(site, loc, v);
		return;
	}
	if (rhs->type == EXPR_VALUE && rhs->value == 0)
		return;		/* cleared, not a new value */
	from = expr_loc(rhs);
	if (from < 0)
		from = ret_loc(rhs);
	base = from < 0 ? offset_base(rhs) : JLOC_NONE;
	if (from >= 0) {
		jf_add_loc_source(&tu_facts, loc, from);
	} else if (base >= 0) {
		jf_add_loc_source(&tu_facts, loc, base);
		jf_add_derived(&tu_facts, loc);
	} else {
		jf_add_value(&tu_facts, loc, expr_jx(rhs, 0));
	}
	if (from >= 0 && from == local_map_loc && local_map >= 0)
		map_stored(local_map, loc, v);
}

/* Is e the address of a scalar (a handle or a length, not a list)? */
static bool scalar_address(struct expression *e)
{
	struct symbol *t = e->ctype;

	if (t && t->type == SYM_NODE)
		t = t->ctype.base_type;
	if (!t || t->type != SYM_PTR)
		return false;
	t = get_base_type(t);
	return t && (is_int_type(t) || (t->type == SYM_NODE &&
					t->ctype.base_type &&
					t->ctype.base_type->type == SYM_RESTRICT));
}

/*
 * A call of a module function: each argument flows to its parameter
 * (param:F#N, which the callee's parameter reads), so that a helper that
 * releases what its caller passes is judged against the caller's maps.
 * A scalar whose address is passed may be written there (tc35815's rx
 * helper maps into *dma_handle = &rx_skbs[i].skb_dma): what it holds is no
 * longer known from this module's assignments alone.
 */
static void call_args(struct expression *call, const struct ast_visitor *v)
{
	struct symbol *fn = callee(call);
	char *name = fn ? xstrdup(show_ident(fn->ident)) : NULL;
	struct expression *arg;
	int i = 0;

	FOR_EACH_PTR(call->args, arg) {
		int loc = scalar_address(arg) ? address_loc(arg, NULL) : JLOC_NONE;

		if (loc >= 0)
			jf_add_unknown(&tu_facts, loc);
		else if (name)
			assign(named_loc("param", name, i), arg, v);
		i++;
	} END_FOR_EACH_PTR(arg);
	free(name);
}

/* A constant stored to a member (or a bit of it, jf_bit_loc()): a flag
 * of the entry a map fills next, or of the one it just filled. */
static void flag_set(int loc, long long value, const struct ast_visitor *v)
{
	struct branch here = branch_of(v);
	bool after = false;
	char *st;
	size_t i;

	if (loc < 0 || !is_field_key(tu_facts.locs[loc].key))
		return;
	if (last_map >= 0 && loc != last_map_loc && same_branch(&here, &last_map_branch)) {
		st = struct_of_key(tu_facts.locs[loc].key);
		after = st && last_map_struct && strcmp(st, last_map_struct) == 0;
		if (after)
			jf_site_set(&tu_facts, last_map, loc, value);
		free(st);
	}
	/* a flag of the map before is not one of the next */
	if (after)
		return;
	for (i = 0; i < n_pending && pending[i].loc != loc; i++)
		;
	if (i == n_pending) {
		GROW(pending, cap_pending, n_pending + 1);
		pending[n_pending++] = (struct pending_set){ loc, value, false, here };
	} else if (pending[i].v != value) {
		pending[i].twice = true;
	}
}

static void visit_expr(struct ast_visitor *v, struct expression *e)
{
	struct expression *rhs;
	struct ast_call c;
	int loc;

	of_nodes_expr(e);
	if (ast_model_call(e, &c)) {
		call_site(&c, v);
		return;
	}
	if (e->type == EXPR_CALL) {
		call_args(e, v);
		return;
	}
	/* x++, as the analyzer engine sees it: derived from itself */
	if ((e->type == EXPR_PREOP || e->type == EXPR_POSTOP) &&
	    (e->op == SPECIAL_INCREMENT || e->op == SPECIAL_DECREMENT)) {
		loc = expr_loc(e->unop);
		if (loc >= 0)
			jf_add_derived(&tu_facts, loc);
		return;
	}
	if (e->type != EXPR_ASSIGNMENT)
		return;
	loc = expr_loc(e->left);
	rhs = ast_strip(e->right);
	if (e->op == '=') {
		assign(loc, e->right, v);
		if (rhs && rhs->type == EXPR_VALUE)
			flag_set(loc, (long long)rhs->value, v);
	} else if (loc >= 0) {
		jf_add_derived(&tu_facts, loc);
		/* a mark of the entry: e->flags |= BIT, e->flags &= ~BIT */
		if (rhs && rhs->type == EXPR_VALUE && e->op == SPECIAL_OR_ASSIGN)
			flag_set(jf_bit_loc(&tu_facts, loc, (long long)rhs->value), 1, v);
		else if (rhs && rhs->type == EXPR_VALUE && e->op == SPECIAL_AND_ASSIGN)
			flag_set(jf_bit_loc(&tu_facts, loc, ~(long long)rhs->value), 0, v);
	}
}

static void visit_decl(struct ast_visitor *v, struct symbol *sym)
{
	/* an inlined call's argument is its parameter's (inline_enter()) */
	if (v->inline_args)
		return;
	assign(symbol_loc(sym), sym->initializer, v);
	of_nodes_decl(sym);
}

static void visit_ret(struct ast_visitor *v, struct expression *value)
{
	assign(named_loc("ret", fn_name, -1), value, v);
}

/* A parameter holds what the module's callers pass (call_args()). */
static void parameters(struct symbol *type)
{
	struct symbol *arg;
	int i = 0;

	FOR_EACH_PTR(type->arguments, arg) {
		int loc = symbol_loc(arg);

		if (loc >= 0)
			jf_add_loc_source(&tu_facts, loc, named_loc("param", fn_name, i));
		i++;
	} END_FOR_EACH_PTR(arg);
}

/* An inlined call of one of the driver's functions: walked as that one. */
static bool inline_enter(struct ast_visitor *v, struct statement *s)
{
	struct symbol *fn = s->inline_fn, *arg;
	struct saved_fn *sv;
	char *name;
	int i = 0;

	if (inlined.n == MAX_INLINE_DEPTH || !fn->ident ||
	    !src_index_driver_stream(fn->pos.stream) || !fn->ctype.base_type)
		return false;
	name = xstrdup(show_ident(fn->ident));
	/* the arguments, in the caller: what the parameters hold */
	if (s->args)
		FOR_EACH_PTR(s->args->declaration, arg) {
			assign(named_loc("param", name, i++), arg->initializer, v);
		} END_FOR_EACH_PTR(arg);
	sv = &inlined.saved[inlined.n++];
	*sv = (struct saved_fn){ fn_name, fn_file, last_map, last_map_loc,
				 local_map, local_map_loc, last_map_struct,
				 last_map_branch, n_pending };
	fn_name = name;
	fn_file = xstrdup(stream_name(fn->pos.stream));
	last_map = -1;
	local_map = -1;
	last_map_struct = NULL;
	parameters(fn->ctype.base_type);
	return true;
}

static void inline_leave(struct ast_visitor *v, struct statement *s)
{
	struct saved_fn *sv = &inlined.saved[--inlined.n];

	(void)v;
	(void)s;
	free(fn_name);
	free(fn_file);
	free(last_map_struct);
	fn_name = sv->name;
	fn_file = sv->file;
	last_map = sv->last_map;
	last_map_loc = sv->last_map_loc;
	local_map = sv->local_map;
	local_map_loc = sv->local_map_loc;
	last_map_struct = sv->last_map_struct;
	last_map_branch = sv->last_map_branch;
	if (n_pending > sv->n_pending)
		n_pending = sv->n_pending;
}

void tu_facts_function(struct symbol *fn)
{
	struct symbol *type = fn->ctype.base_type;
	struct ast_visitor v = { .expr = visit_expr, .decl = visit_decl,
				 .ret = visit_ret, .inline_enter = inline_enter,
				 .inline_leave = inline_leave };

	if (!type || type->type != SYM_FN || !fn->ident)
		return;
	free(fn_name);
	free(fn_file);
	fn_name = xstrdup(show_ident(fn->ident));
	fn_file = xstrdup(stream_name(fn->pos.stream));
	fn_first_site = tu_facts.n_sites;
	n_seen = 0;
	n_pending = 0;
	last_map = -1;
	local_map = -1;
	of_nodes_begin();
	parameters(type);
	ast_walk(type->stmt ? type->stmt : type->inline_stmt, &v);
}

int tu_facts_site_at(struct position pos, const struct api_fn *api)
{
	for (size_t i = fn_first_site; i < tu_facts.n_sites; i++) {
		const struct jsite *s = &tu_facts.sites[i];

		if (s->line == pos.line && s->col == pos.pos && s->api == api &&
		    strcmp(s->file, stream_name(pos.stream)) == 0)
			return (int)i;
	}
	return -1;
}

void tu_facts_free(void)
{
	jf_free(&tu_facts);
	free(seen);
	seen = NULL;
	n_seen = cap_seen = 0;
	free(fn_name);
	free(fn_file);
	free(module_name);
	free(last_map_struct);
	free(pending);
	pending = NULL;
	n_pending = cap_pending = 0;
	of_nodes_free();
	fn_name = fn_file = module_name = last_map_struct = NULL;
}
