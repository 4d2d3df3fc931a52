// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "facts.h"

/* A location's place in the index: module and key hashed together. */
static unsigned long long loc_hash(const char *module, const char *key)
{
	unsigned long long h = fnv1a64(module, FNV1A64_INIT);

	return fnv1a64(key, fnv1a64("\n", h));
}

static size_t index_slot(const struct judge_facts *jf, const char *module,
			 const char *key)
{
	size_t slot = (size_t)loc_hash(module, key) & (jf->cap_index - 1);

	while (jf->index[slot] >= 0) {
		const struct jloc *l = &jf->locs[jf->index[slot]];

		if (strcmp(l->key, key) == 0 && strcmp(l->module, module) == 0)
			break;
		slot = (slot + 1) & (jf->cap_index - 1);
	}
	return slot;
}

/* At most half full: a whole tree's replay has hundreds of thousands. */
static void index_grow(struct judge_facts *jf)
{
	free(jf->index);
	jf->cap_index = jf->cap_index ? jf->cap_index * 2 : 1024;
	jf->index = xmalloc(jf->cap_index * sizeof(*jf->index));
	memset(jf->index, -1, jf->cap_index * sizeof(*jf->index));
	for (size_t i = 0; i < jf->n_locs; i++)
		jf->index[index_slot(jf, jf->locs[i].module, jf->locs[i].key)] = (int)i;
}

int jf_loc_find(const struct judge_facts *jf, const char *module, const char *key)
{
	if (!jf->cap_index)
		return JLOC_NONE;
	return jf->index[index_slot(jf, module ? module : "", key)];
}

int jf_loc(struct judge_facts *jf, const char *module, const char *key,
	   const char *name, bool shared)
{
	struct jloc *l;
	size_t slot;

	module = module ? module : "";
	if (2 * (jf->n_locs + 1) > jf->cap_index)
		index_grow(jf);
	slot = index_slot(jf, module, key);
	if (jf->index[slot] >= 0)
		return jf->index[slot];
	GROW(jf->locs, jf->cap_locs, jf->n_locs + 1);
	l = &jf->locs[jf->n_locs];
	memset(l, 0, sizeof(*l));
	l->key = xstrdup(key);
	l->name = xstrdup(name ? name : key);
	l->module = xstrdup(module);
	l->shared = shared;
	jf->index[slot] = (int)jf->n_locs;
	return (int)jf->n_locs++;
}

static bool same_source(const struct jsrc *a, const struct jsrc *b)
{
	if (a->type != b->type)
		return false;
	if (a->type == JSRC_VALUE)
		return jx_same(&a->value, &b->value);
	return a->type == JSRC_UNKNOWN || a->type == JSRC_DERIVED || a->idx == b->idx;
}

void jf_add_source(struct judge_facts *jf, int loc, struct jsrc src)
{
	struct jloc *l;

	if (loc < 0 || (size_t)loc >= jf->n_locs) {
		jx_free(&src.value);
		return;
	}
	l = &jf->locs[loc];
	for (size_t i = 0; i < l->n_srcs; i++)
		if (same_source(&l->srcs[i], &src)) {
			jx_free(&src.value);
			return;
		}
	GROW(l->srcs, l->cap_srcs, l->n_srcs + 1);
	l->srcs[l->n_srcs++] = src;
}

void jf_add_value(struct judge_facts *jf, int loc, struct jx value)
{
	if (value.kind != JX_LINEAR) {
		jx_free(&value);
		jf_add_unknown(jf, loc);
		return;
	}
	jf_add_source(jf, loc, (struct jsrc){ .type = JSRC_VALUE, .value = value });
}

int jf_site(struct judge_facts *jf, const struct api_fn *api,
	    const struct api_fn *written, const char *file, unsigned int line,
	    unsigned int col, const char *function, const char *module)
{
	struct jsite *s;

	GROW(jf->sites, jf->cap_sites, jf->n_sites + 1);
	s = &jf->sites[jf->n_sites];
	memset(s, 0, sizeof(*s));
	s->api = api;
	s->written = written ? written : api;
	s->file = xstrdup(file);
	s->line = line;
	s->col = col;
	s->function = xstrdup(function ? function : "");
	s->module = xstrdup(module ? module : "");
	s->handle = s->buf = s->nents_loc = s->start_loc = JLOC_NONE;
	s->dir = -1;
	return (int)jf->n_sites++;
}

void jf_site_guard(struct judge_facts *jf, int site, int loc, bool equal,
		   long long v)
{
	struct jsite *s = &jf->sites[site];

	s->guards = xrealloc(s->guards, (s->n_guards + 1) * sizeof(*s->guards));
	s->guards[s->n_guards++] = (struct jguard){ loc, equal, v };
}

void jf_site_set(struct judge_facts *jf, int site, int loc, long long v)
{
	struct jsite *s = &jf->sites[site];

	s->sets = xrealloc(s->sets, (s->n_sets + 1) * sizeof(*s->sets));
	s->sets[s->n_sets++] = (struct jset){ loc, v };
}

/* "field:S.m@I" -> its parts; false for other keys.  S may be an
 * anonymous struct named where it is declared, "<file.c:12>". */
static bool field_parts(const char *key, const char **type, size_t *type_len,
			const char **member, size_t *member_len, const char **inst)
{
	const char *dot, *at, *end;

	if (strncmp(key, "field:", 6) != 0)
		return false;
	key += 6;
	end = *key == '<' ? strchr(key, '>') : key;
	dot = end ? strchr(end, '.') : NULL;
	if (!dot)
		return false;
	at = strchr(dot, '@');
	*type = key;
	*type_len = (size_t)(dot - key);
	*member = dot + 1;
	*member_len = at ? (size_t)(at - dot - 1) : strlen(dot + 1);
	*inst = at ? at + 1 : NULL;
	return true;
}

/*
 * The module's one struct with a member of this name, from the typed keys
 * (NULL: none, or several: then "?" stays on its own).
 */
static char *only_type_with(const struct judge_facts *jf, const char *module,
			    const char *member, size_t member_len)
{
	char *found = NULL;

	for (size_t i = 0; i < jf->n_locs; i++) {
		const struct jloc *l = &jf->locs[i];
		const char *t, *m, *inst;
		size_t tl, ml;

		if (strcmp(l->module, module) || !field_parts(l->key, &t, &tl, &m, &ml, &inst) ||
		    (tl == 1 && *t == '?') || ml != member_len ||
		    strncmp(m, member, ml))
			continue;
		if (found && (strlen(found) != tl || strncmp(found, t, tl))) {
			free(found);
			return NULL;
		}
		if (!found)
			found = xstrndup(t, tl);
	}
	return found;
}

/*
 * A member of a struct the engine could not name ("field:?.dma") is the
 * named one when the module has exactly one struct with that member: the
 * two locations become one (copies both ways).
 */
static void unify_untyped(struct judge_facts *jf)
{
	size_t n = jf->n_locs;

	for (size_t i = 0; i < n; i++) {
		const char *t, *m, *inst;
		size_t tl, ml;
		char *type, *key, *module;
		int typed;

		if (!field_parts(jf->locs[i].key, &t, &tl, &m, &ml, &inst) ||
		    tl != 1 || *t != '?')
			continue;
		module = xstrdup(jf->locs[i].module);
		type = only_type_with(jf, module, m, ml);
		if (type) {
			key = xasprintf("field:%s.%.*s%s%s", type, (int)ml, m,
					inst ? "@" : "", inst ? inst : "");
			typed = jf_loc(jf, module, key, jf->locs[i].name, true);
			jf_add_loc_source(jf, typed, (int)i);
			jf_add_loc_source(jf, (int)i, typed);
			free(key);
			free(type);
		}
		free(module);
	}
}

/*
 * Each ring of a member ("field:S.m@I") and the member reached through a
 * plain pointer ("field:S.m") see each other's stores, but two rings do
 * not see each other's: the base of I is recorded, the walk looks one
 * step across (jf_sources).
 */
static void link_rings(struct judge_facts *jf)
{
	size_t n = jf->n_locs;

	for (size_t i = 0; i < n; i++) {
		const char *at = strncmp(jf->locs[i].key, "field:", 6) == 0 ?
				 strchr(jf->locs[i].key, '@') : NULL;
		char *base_key, *module;
		int base;

		if (!at)
			continue;
		base_key = xstrndup(jf->locs[i].key, (size_t)(at - jf->locs[i].key));
		module = xstrdup(jf->locs[i].module);
		base = jf_loc(jf, module, base_key, base_key, true);
		jf_add_source(jf, (int)i, (struct jsrc){ .type = JSRC_LOC, .idx = -2 - base });
		jf_add_source(jf, base, (struct jsrc){ .type = JSRC_LOC, .idx = -2 - (int)i });
		free(base_key);
		free(module);
	}
}

void jf_finish(struct judge_facts *jf)
{
	if (jf->finished)
		return;
	unify_untyped(jf);
	link_rings(jf);
	jf->finished = true;
}

/*
 * The walk over copies.  A JSRC_LOC source with a negative idx (-2 - loc)
 * is a ring link of link_rings(): its target's own sources count, but its
 * ring links are not followed from there.
 */
struct walk {
	int *work;
	size_t n_work, cap_work;
	unsigned char *seen;	/* 1: reached by a copy, 2: by a ring link */
};

static void walk_push(struct walk *w, int loc, unsigned char how)
{
	if (w->seen[loc] & how || (w->seen[loc] == 1 && how == 2))
		return;
	w->seen[loc] |= how;
	GROW(w->work, w->cap_work, w->n_work + 1);
	w->work[w->n_work++] = loc * 2 + (how == 2);
}

/* Calls visit(src) for every source reachable from loc; false when one
 * returned false (the walk goes on, the answer is "not complete").  The
 * locations reached are marked in seen (n_locs of them, zeroed). */
static bool walk_seen(const struct judge_facts *jf, int loc,
		      bool (*visit)(const struct jsrc *src, void *arg), void *arg,
		      unsigned char *seen)
{
	struct walk w = { .seen = seen };
	bool complete = true;

	walk_push(&w, loc, 1);
	while (w.n_work) {
		int item = w.work[--w.n_work];
		const struct jloc *l = &jf->locs[item / 2];
		bool by_link = item & 1;

		/* copied from where nothing is ever stored: from outside the
		 * module (a callback's parameter, another module's field) */
		if (!l->n_srcs && item / 2 != loc)
			complete = false;

		for (size_t i = 0; i < l->n_srcs; i++) {
			const struct jsrc *s = &l->srcs[i];

			if (s->type == JSRC_LOC && s->idx < 0) {
				if (!by_link)
					walk_push(&w, -2 - s->idx, 2);
			} else if (s->type == JSRC_LOC) {
				walk_push(&w, s->idx, 1);
			} else if (!visit(s, arg)) {
				complete = false;
			}
		}
	}
	free(w.work);
	return complete;
}

bool jf_walk(const struct judge_facts *jf, int loc,
	     bool (*visit)(const struct jsrc *src, void *arg), void *arg,
	     unsigned char *seen)
{
	if (loc < 0 || (size_t)loc >= jf->n_locs)
		return false;
	return walk_seen(jf, loc, visit, arg, seen);
}

static bool walk(const struct judge_facts *jf, int loc,
		 bool (*visit)(const struct jsrc *src, void *arg), void *arg)
{
	unsigned char *seen;
	bool complete;

	if (loc < 0 || (size_t)loc >= jf->n_locs)
		return false;
	seen = xcalloc(jf->n_locs, 1);
	complete = walk_seen(jf, loc, visit, arg, seen);
	free(seen);
	return complete;
}

static bool any_source(const struct jsrc *s, void *arg)
{
	(void)s;
	(void)arg;
	return true;
}

int jf_bit_loc(struct judge_facts *jf, int loc, long long bit)
{
	const struct jloc *l;
	char *key;
	size_t n;
	int b;

	if (loc < 0 || (size_t)loc >= jf->n_locs || bit <= 0 || (bit & (bit - 1)))
		return JLOC_NONE;
	l = &jf->locs[loc];
	if (strncmp(l->key, "field:", 6) != 0 || jf_bit_base(l->key))
		return JLOC_NONE;
	/* the member, whichever entry of a ring it is in */
	n = strcspn(l->key, "@");
	key = xasprintf("%.*s&%lld", (int)n, l->key, bit);
	b = jf_loc(jf, l->module, key, key, true);
	free(key);
	return b;
}

size_t jf_bit_base(const char *key)
{
	const char *amp = strncmp(key, "field:", 6) == 0 ? strrchr(key, '&') : NULL;

	return amp && amp[1] >= '0' && amp[1] <= '9' ? (size_t)(amp - key) : 0;
}

static const char *const location_kinds[] = {
	"field:", "local:", "param:", "ret:", "global:",
};

bool jf_location_atom(const char *atom)
{
	for (size_t i = 0; i < sizeof(location_kinds) / sizeof(location_kinds[0]); i++)
		if (strncmp(atom, location_kinds[i], strlen(location_kinds[i])) == 0)
			return true;
	return false;
}

bool jf_composite_atom(const char *atom)
{
	if (strncmp(atom, "X:", 2) != 0)
		return false;
	for (size_t i = 0; i < sizeof(location_kinds) / sizeof(location_kinds[0]); i++)
		if (strstr(atom, location_kinds[i]))
			return true;
	return false;
}

bool jf_copies_from(const struct judge_facts *jf, int loc, int from)
{
	unsigned char *seen;
	bool found;

	if (loc < 0 || (size_t)loc >= jf->n_locs || from < 0 ||
	    (size_t)from >= jf->n_locs || from == loc)
		return false;
	seen = xcalloc(jf->n_locs, 1);
	walk_seen(jf, loc, any_source, NULL, seen);
	found = seen[from] != 0;
	free(seen);
	return found;
}

/* Anything but a ring link (jf_finish()) is a store, a copy too: what it
 * copies may be unknown, never known to be 0. */
static bool is_store(const struct jsrc *s)
{
	return s->type != JSRC_LOC || s->idx >= 0;
}

static bool has_store(const struct jloc *l)
{
	for (size_t i = 0; i < l->n_srcs; i++)
		if (is_store(&l->srcs[i]))
			return true;
	return false;
}

const struct jsrc *jf_one_store(const struct judge_facts *jf, int loc)
{
	const struct jloc *l = &jf->locs[loc];
	const struct jsrc *one = NULL;
	size_t n = 0;

	for (size_t i = 0; i < l->n_srcs; i++) {
		const struct jloc *base;

		if (is_store(&l->srcs[i])) {
			one = &l->srcs[i];
			n++;
			continue;
		}
		base = &jf->locs[-2 - l->srcs[i].idx];
		for (size_t k = 0; k < base->n_srcs; k++)
			n += is_store(&base->srcs[k]);
	}
	return n == 1 ? one : NULL;
}

bool jf_never_stored(const struct judge_facts *jf, int loc)
{
	const struct jloc *l;

	if (loc < 0 || (size_t)loc >= jf->n_locs)
		return false;
	l = &jf->locs[loc];
	if (has_store(l))
		return false;
	/* all its sources are ring links: the same member through a ring, or
	 * through a plain pointer */
	for (size_t i = 0; i < l->n_srcs; i++)
		if (has_store(&jf->locs[-2 - l->srcs[i].idx]))
			return false;
	return true;
}

struct site_acc {
	int *sites;
	size_t n, cap;
};

static bool add_site(const struct jsrc *s, void *arg)
{
	struct site_acc *acc = arg;

	/* dma += IGC_MAX_DATA_PER_TXD: still a handle of the same mappings */
	if (s->type == JSRC_DERIVED)
		return true;
	if (s->type != JSRC_SITE)
		return false;
	for (size_t i = 0; i < acc->n; i++)
		if (acc->sites[i] == s->idx)
			return true;
	GROW(acc->sites, acc->cap, acc->n + 1);
	acc->sites[acc->n++] = s->idx;
	return true;
}

bool jf_sources(const struct judge_facts *jf, int loc, int **sites, size_t *n)
{
	struct site_acc acc = { 0 };
	bool complete = walk(jf, loc, add_site, &acc);

	*sites = acc.sites;
	*n = acc.n;
	return complete;
}

struct value_acc {
	const struct jx **values;
	size_t n, cap;
};

static bool add_value(const struct jsrc *s, void *arg)
{
	struct value_acc *acc = arg;

	if (s->type != JSRC_VALUE)
		return false;
	GROW(acc->values, acc->cap, acc->n + 1);
	acc->values[acc->n++] = &s->value;
	return true;
}

bool jf_values(const struct judge_facts *jf, int loc,
	       const struct jx ***values, size_t *n)
{
	struct value_acc acc = { 0 };
	bool complete = walk(jf, loc, add_value, &acc);

	*values = acc.values;
	*n = acc.n;
	return complete && acc.n;
}

const char *jf_loc_name(const struct judge_facts *jf, int loc)
{
	return loc >= 0 && (size_t)loc < jf->n_locs ? jf->locs[loc].name : "";
}

void jf_free(struct judge_facts *jf)
{
	for (size_t i = 0; i < jf->n_sites; i++) {
		struct jsite *s = &jf->sites[i];

		free(s->file);
		free(s->function);
		free(s->module);
		jx_free(&s->size);
		jx_free(&s->nents);
		jx_free(&s->offset);
		jx_free(&s->start);
		jx_free(&s->result);
		free(s->start_key);
		free(s->start_holder);
		free(s->guards);
		free(s->sets);
	}
	for (size_t i = 0; i < jf->n_locs; i++) {
		struct jloc *l = &jf->locs[i];

		for (size_t k = 0; k < l->n_srcs; k++)
			jx_free(&l->srcs[k].value);
		free(l->srcs);
		free(l->key);
		free(l->name);
		free(l->module);
	}
	free(jf->sites);
	free(jf->locs);
	free(jf->index);
	memset(jf, 0, sizeof(*jf));
}
