// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "ast_walk.h"
#include "core/util.h"
#include "src_index.h"
#include "tu_facts.h"

struct tu_facts tu_facts;

struct location {
	char *key;
	char *name;
	bool shared;
	int *srcs;
	size_t n, cap;
};

static struct location *locs;
static size_t n_locs, cap_locs;

/* The call expressions already turned into facts, in this function. */
static struct {
	struct expression *expr;
	int fact;
} *seen;
static size_t n_seen, cap_seen;

/*
 * locs by key: open addressing, -1 for a free slot, at most half full.  A
 * module has thousands of locations, the replay of a whole tree's facts
 * database (facts_load.c) hundreds of thousands.
 */
static int *loc_index;
static size_t cap_index;

/* key's slot: where it is, or the free slot where it goes */
static size_t index_slot(const char *key)
{
	size_t slot = (size_t)fnv1a64(key, FNV1A64_INIT) & (cap_index - 1);

	while (loc_index[slot] >= 0 && strcmp(locs[loc_index[slot]].key, key))
		slot = (slot + 1) & (cap_index - 1);
	return slot;
}

static void index_grow(void)
{
	free(loc_index);
	cap_index = cap_index ? cap_index * 2 : 1024;
	loc_index = xmalloc(cap_index * sizeof(*loc_index));
	memset(loc_index, -1, cap_index * sizeof(*loc_index));
	for (size_t i = 0; i < n_locs; i++)
		loc_index[index_slot(locs[i].key)] = (int)i;
}

static int loc_get(char *key, const char *name, bool shared)
{
	size_t slot;

	if (2 * (n_locs + 1) > cap_index)
		index_grow();
	slot = index_slot(key);
	if (loc_index[slot] >= 0) {
		free(key);
		return loc_index[slot];
	}
	GROW(locs, cap_locs, n_locs + 1);
	memset(&locs[n_locs], 0, sizeof(locs[0]));
	locs[n_locs].key = key;
	locs[n_locs].name = xstrdup(name);
	locs[n_locs].shared = shared;
	loc_index[slot] = (int)n_locs;
	return (int)n_locs++;
}

void tu_loc_add_source(int loc, int src)
{
	struct location *l = &locs[loc];

	for (size_t i = 0; i < l->n; i++)
		if (l->srcs[i] == src)
			return;
	GROW(l->srcs, l->cap, l->n + 1);
	l->srcs[l->n++] = src;
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
 * type, and only the offset still says which member it was.
 */
static struct symbol *find_member(struct symbol *st, struct symbol *sym,
				  unsigned long long offset)
{
	struct symbol *m, *at = NULL;

	FOR_EACH_PTR(st->symbol_list, m) {
		if (!m->ident)
			continue;
		if (sym && m->ident == sym->ident)
			return m;
		if (!at && (unsigned long long)m->offset == offset)
			at = m;
	} END_FOR_EACH_PTR(m);
	return sym ? NULL : at;
}

static int member_loc(struct symbol *st, struct symbol *member)
{
	char *key;

	if (st->ident)
		key = xasprintf("struct %s.%s", show_ident(st->ident),
				show_ident(member->ident));
	else
		key = xasprintf("struct <anonymous %p>.%s", (void *)st,
				show_ident(member->ident));
	return loc_get(key, key, st->ident != NULL);
}

static int symbol_loc(struct symbol *sym)
{
	if (!sym->ident)
		return -1;
	return loc_get(xasprintf("symbol %p", (void *)sym), show_ident(sym->ident),
		       false);
}

static int expr_loc(struct expression *e);

/*
 * The location at address a.  After evaluation a variable is *(&sym) and
 * a member access *(ptr + offset), the '+' typed as the member once its
 * address is taken, the '*' typed as the member (evaluate.c); an element of
 * an array member stands for the member.
 */
static int address_loc(struct expression *a, struct symbol *member)
{
	struct symbol *st;
	int loc;

	a = ast_strip(a);
	if (!a)
		return -1;
	if (a->type == EXPR_SYMBOL && a->symbol)
		return symbol_loc(a->symbol);
	if (a->type != EXPR_BINOP || a->op != '+')
		return -1;
	st = pointee_struct(a->left);
	if (st && a->right && a->right->type == EXPR_VALUE) {
		member = find_member(st, member && member->ident ? member : NULL,
				     a->right->value);
		if (member)
			return member_loc(st, member);
	}
	loc = expr_loc(a->left);
	return loc >= 0 ? loc : address_loc(a->left, NULL);
}

static int expr_loc(struct expression *e)
{
	e = ast_strip(e);
	if (!e || e->type != EXPR_PREOP || e->op != '*')
		return -1;
	return address_loc(e->unop, e->ctype);
}

static struct tu_value arg_value(const struct ast_call *c, int pos)
{
	struct tu_value v = { 0 };
	struct expression *e;

	if (pos < 0 || pos >= c->n_args)
		return v;
	e = ast_strip(c->args[pos]);
	if (e && e->type == EXPR_VALUE) {
		v.known = true;
		v.v = (long long)e->value;
	}
	return v;
}

/* A bare symbol as a value is an array that decayed to its address. */
static int arg_loc(const struct ast_call *c, int pos)
{
	struct expression *e;
	int loc;

	if (pos < 0 || pos >= c->n_args)
		return -1;
	loc = expr_loc(c->args[pos]);
	e = ast_strip(c->args[pos]);
	if (loc < 0 && e && e->type == EXPR_SYMBOL)
		loc = address_loc(e, NULL);
	return loc;
}

/* a local's start key names the symbol by address: this run's only */
#define LOCAL_KEY "symbol "

static struct symbol *base_of(struct symbol *t)
{
	while (t && t->type == SYM_NODE)
		t = t->ctype.base_type;
	return t;
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
static void read_start(struct expression *e, struct tu_fact *f)
{
	struct expression *a;
	struct symbol *st;
	long long off = 0;

	e = ast_strip(e);
	if (!e)
		return;
	if (e->type == EXPR_VALUE) {
		f->start_key = xasprintf("#%lld", (long long)e->value);
		return;
	}
	if (e->type != EXPR_PREOP || e->op != '*')
		return;
	for (a = ast_strip(e->unop); a && a->type == EXPR_BINOP && a->op == '+' &&
	     a->right && a->right->type == EXPR_VALUE; a = ast_strip(a->left))
		off += (long long)a->right->value;
	if (!a)
		return;
	if (a->type == EXPR_SYMBOL && a->symbol) {
		f->start_key = xasprintf(LOCAL_KEY "%p+%lld", (void *)a->symbol, off);
		return;
	}
	st = pointee_struct(a);
	if (!st || !st->ident)
		return;
	f->start_key = xasprintf("struct %s+%lld:%d", show_ident(st->ident), off,
				 e->ctype ? e->ctype->bit_size : 0);
	st = holder_at(st, off, 0);
	if (st && st->ident)
		f->start_holder = xstrdup(show_ident(st->ident));
}

bool tu_start_key_shared(const struct tu_fact *f)
{
	return f->start_key && strncmp(f->start_key, LOCAL_KEY, strlen(LOCAL_KEY)) != 0;
}

int tu_fact_new(const struct api_fn *api, struct position pos, const char *fn)
{
	struct tu_fact *f;

	GROW(tu_facts.facts, tu_facts.cap_facts, tu_facts.n_facts + 1);
	f = &tu_facts.facts[tu_facts.n_facts];
	memset(f, 0, sizeof(*f));
	f->api = api;
	f->written = api;
	f->pos = pos;
	f->fn = xstrdup(fn);
	f->handle_loc = f->buf_loc = f->nents_loc = -1;
	return (int)tu_facts.n_facts++;
}

/* show_ident()'s buffers are reused: a copy per function */
static char *fact_fn;

static int call_fact(const struct ast_call *c)
{
	const struct api_fn *api = c->api;
	struct tu_fact *f;
	int index;

	for (size_t i = 0; i < n_seen; i++)
		if (seen[i].expr == c->expr)
			return seen[i].fact;
	index = tu_fact_new(api, c->expr->pos, fact_fn);
	f = &tu_facts.facts[index];
	f->size = arg_value(c, api->size);
	f->dir = arg_value(c, api->dir);
	f->nents = arg_value(c, api->nents);
	f->offset = arg_value(c, api->offset);
	f->start = arg_value(c, api->start);
	if (api->start >= 0 && api->start < c->n_args)
		read_start(c->args[api->start], f);
	f->written = src_written_api(c->expr->pos, api);
	f->handle_loc = api->handle >= 0 && !(api->flags & API_HANDLE_OUT) ?
			arg_loc(c, api->handle) : -1;
	f->buf_loc = arg_loc(c, api->buf);
	f->nents_loc = arg_loc(c, api->nents);
	if ((api->flags & API_HANDLE_OUT) && api->handle >= 0 &&
	    api->handle < c->n_args) {
		int out = address_loc(c->args[api->handle], NULL);

		if (out >= 0)
			tu_loc_add_source(out, index);
	}
	/* a scatterlist holds its mapping: the unmap finds it there */
	if (api->role == ROLE_DMA_MAP && api->handle == ARG_NONE && f->buf_loc >= 0)
		tu_loc_add_source(f->buf_loc, index);
	GROW(seen, cap_seen, n_seen + 1);
	seen[n_seen].expr = c->expr;
	seen[n_seen++].fact = index;
	return index;
}

/* loc = rhs: what rhs may be becomes a source of loc */
static void assign(int loc, struct expression *rhs)
{
	struct ast_call c;
	int from;

	rhs = ast_strip(rhs);
	if (loc < 0 || !rhs)
		return;
	if (ast_model_call(rhs, &c)) {
		tu_loc_add_source(loc, call_fact(&c));
		return;
	}
	if (rhs->type == EXPR_VALUE && rhs->value == 0)
		return;		/* cleared, not a new value */
	from = expr_loc(rhs);
	tu_loc_add_source(loc, from >= 0 ? TU_SRC_LOC(from) : TU_SRC_UNKNOWN);
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
 * A scalar whose address another call is given may be written there
 * (tc35815's rx helper maps into *dma_handle = &rx_skbs[i].skb_dma): what
 * it holds is no longer known from this module's assignments alone.  A
 * scatterlist handed to sg_set_buf() stays the list it is.
 */
static void escape_args(struct expression *call)
{
	struct expression *arg;

	FOR_EACH_PTR(call->args, arg) {
		int loc = scalar_address(arg) ? address_loc(arg, NULL) : -1;

		if (loc >= 0)
			tu_loc_add_source(loc, TU_SRC_UNKNOWN);
	} END_FOR_EACH_PTR(arg);
}

static void visit_expr(struct ast_visitor *v, struct expression *e)
{
	struct ast_call c;

	(void)v;
	if (ast_model_call(e, &c)) {
		call_fact(&c);
		return;
	}
	if (e->type == EXPR_CALL) {
		escape_args(e);
		return;
	}
	if (e->type != EXPR_ASSIGNMENT)
		return;
	if (e->op == '=')
		assign(expr_loc(e->left), e->right);
	else if (expr_loc(e->left) >= 0)
		tu_loc_add_source(expr_loc(e->left), TU_SRC_UNKNOWN);
}

static void visit_decl(struct ast_visitor *v, struct symbol *sym)
{
	(void)v;
	assign(symbol_loc(sym), sym->initializer);
}

void tu_facts_function(struct symbol *fn)
{
	struct symbol *type = fn->ctype.base_type;
	struct ast_visitor v = { visit_expr, visit_decl };

	if (!type || type->type != SYM_FN || !fn->ident)
		return;
	free(fact_fn);
	fact_fn = xstrdup(show_ident(fn->ident));
	n_seen = 0;
	ast_walk(type->stmt ? type->stmt : type->inline_stmt, &v);
}

bool tu_sources(int loc, const struct tu_fact ***facts, size_t *n)
{
	static const struct tu_fact **out;
	static size_t cap_out;
	int *work = NULL;
	bool *visited = xcalloc(n_locs + 1, sizeof(*visited));
	size_t n_work = 0, cap_work = 0;
	bool known = true;

	*n = 0;
	if (loc < 0) {
		free(visited);
		*facts = out;
		return false;
	}
	GROW(work, cap_work, 1);
	work[n_work++] = loc;
	while (n_work) {
		struct location *l = &locs[work[--n_work]];

		for (size_t i = 0; i < l->n; i++) {
			int s = l->srcs[i];

			if (s == TU_SRC_UNKNOWN) {
				known = false;
			} else if (s >= 0) {
				GROW(out, cap_out, *n + 1);
				out[(*n)++] = &tu_facts.facts[s];
			} else if (!visited[-2 - s]) {
				visited[-2 - s] = true;
				GROW(work, cap_work, n_work + 1);
				work[n_work++] = -2 - s;
			}
		}
	}
	free(work);
	free(visited);
	*facts = out;
	return known;
}

const char *tu_loc_name(int loc)
{
	return loc >= 0 ? locs[loc].name : "";
}

size_t tu_n_locs(void)
{
	return n_locs;
}

const char *tu_loc_key(int loc)
{
	return locs[loc].key;
}

bool tu_loc_shared(int loc)
{
	return locs[loc].shared;
}

void tu_loc_sources(int loc, const int **srcs, size_t *n)
{
	*srcs = locs[loc].srcs;
	*n = locs[loc].n;
}

int tu_loc_intern(const char *key, const char *name, bool shared)
{
	return loc_get(xstrdup(key), name, shared);
}

void tu_facts_free(void)
{
	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		free(tu_facts.facts[i].fn);
		free(tu_facts.facts[i].start_key);
		free(tu_facts.facts[i].start_holder);
	}
	free(tu_facts.facts);
	memset(&tu_facts, 0, sizeof(tu_facts));
	for (size_t i = 0; i < n_locs; i++) {
		free(locs[i].key);
		free(locs[i].name);
		free(locs[i].srcs);
	}
	free(locs);
	locs = NULL;
	n_locs = cap_locs = 0;
	free(loc_index);
	loc_index = NULL;
	cap_index = 0;
	free(seen);
	seen = NULL;
	free(fact_fn);
	fact_fn = NULL;
	n_seen = cap_seen = 0;
}
