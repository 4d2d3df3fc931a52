// SPDX-License-Identifier: GPL-2.0
/*
 * The judge's driver: the candidates of every release (cands.h), the
 * checks of checks.c over them, and what verdicts are made of.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cands.h"
#include "core/selection.h"
#include "core/util.h"
#include "judge.h"

static bool dma_role(const struct jsite *s, enum api_role role)
{
	return s->api->family == FAMILY_DMA && s->api->role == role;
}

bool judge_is_map(const struct jsite *s) { return dma_role(s, ROLE_DMA_MAP); }
bool judge_is_unmap(const struct jsite *s) { return dma_role(s, ROLE_DMA_UNMAP); }
bool judge_is_sync(const struct jsite *s) { return dma_role(s, ROLE_DMA_SYNC); }
bool judge_is_alloc(const struct jsite *s) { return dma_role(s, ROLE_DMA_ALLOC); }
bool judge_is_free(const struct jsite *s) { return dma_role(s, ROLE_DMA_FREE); }

bool judge_decides(const char *id)
{
	for (size_t i = 0; i < judge_check_count; i++)
		if (strcmp(judge_checks[i].id, id) == 0)
			return true;
	return false;
}

bool judge_deferred(void)
{
	const char *v = getenv("DRVCHECK_JUDGE");

	return v && strcmp(v, "module") == 0;
}

bool judge_wants(const struct judge *j, const char *id)
{
	const struct check *c = check_lookup(id);

	return c && (!j->sel || selection_has(j->sel, c));
}

enum jx_truth judge_equal(const struct judge *j, const struct jx *a,
			  const struct jx *b)
{
	enum jx_truth t = j->prove ? j->prove(j->prove_arg, '=', a, b) : JX_UNKNOWN;

	return t != JX_UNKNOWN ? t : jx_equal(a, b);
}

enum jx_truth judge_greater(const struct judge *j, const struct jx *a,
			    const struct jx *b)
{
	enum jx_truth t = j->prove ? j->prove(j->prove_arg, '>', a, b) : JX_UNKNOWN;

	return t != JX_UNKNOWN ? t : jx_greater(a, b);
}

/* The one value loc ever holds, or NULL. */
static const struct jx *single_value(const struct judge *j, const char *module,
				     const char *atom)
{
	int loc = jf_loc_find(j->facts, module, atom);
	const struct jx **values, *one = NULL;
	size_t n;

	if (loc < 0)
		return NULL;
	if (jf_values(j->facts, loc, &values, &n)) {
		one = values[0];
		for (size_t i = 1; i < n && one; i++)
			if (!jx_same(one, values[i]))
				one = NULL;
	}
	free(values);
	return one;
}

/*
 * The local loc is only ever a copy of, when that local is never assigned
 * anything else: "ring->depth = depth", with depth a parameter.  A map
 * sized by the local and a release by the member then read one value.
 */
static const char *single_copy(const struct judge *j, const char *module,
			       const char *atom)
{
	const struct judge_facts *jf = j->facts;
	int loc = jf_loc_find(jf, module, atom);
	const struct jsrc *src = loc >= 0 ? jf_one_store(jf, loc) : NULL;
	const struct jloc *from;

	if (!src || src->type != JSRC_LOC)
		return NULL;
	from = &jf->locs[src->idx];
	return !strncmp(from->key, "local:", 6) && jf_one_store(jf, src->idx) ? from->key : NULL;
}

static struct jx resolve(const struct judge *j, const struct jx *x,
			 const char *module, int depth)
{
	struct jx out = jx_copy(x);

	if (!j->facts || x->kind != JX_LINEAR || depth > 4)
		return out;
	for (size_t i = 0; i < x->n; i++) {
		bool located = jf_location_atom(x->t[i].atom);
		const struct jx *v = located ? single_value(j, module, x->t[i].atom) : NULL;
		const char *copy = located && !v ? single_copy(j, module, x->t[i].atom) : NULL;
		struct jx term, value, scaled, tmp, local;

		if (copy) {
			local = jx_atom(copy, 1, 0);
			v = &local;
		}
		if (!v)
			continue;
		tmp = jx_atom(x->t[i].atom, 1, 0);
		term = jx_term_times(x, i, &tmp);
		jx_free(&tmp);
		value = resolve(j, v, module, depth + 1);
		if (copy)
			jx_free(&local);
		scaled = jx_term_times(x, i, &value);
		tmp = jx_sub(&out, &term);
		jx_free(&out);
		out = jx_add(&tmp, &scaled);
		jx_free(&tmp);
		jx_free(&term);
		jx_free(&value);
		jx_free(&scaled);
	}
	return out;
}

struct jx judge_resolve(const struct judge *j, const struct jx *x,
			const char *module)
{
	return resolve(j, x, module, 0);
}

/* x (taken) into out, or each form it is once an atom with several known
 * values is replaced by each of them */
static bool expand(const struct judge *j, struct jx x, const char *module,
		   struct jx *out, size_t max, size_t *n, int depth)
{
	for (size_t i = 0; i < x.n && depth < 4; i++) {
		int loc = jf_location_atom(x.t[i].atom) ?
			  jf_loc_find(j->facts, module, x.t[i].atom) : -1;
		const struct jx **values = NULL;
		struct jx atom, term;
		size_t nv = 0;
		bool ok = true;

		if (loc < 0 || !jf_values(j->facts, loc, &values, &nv) || nv < 2) {
			free(values);
			continue;
		}
		atom = jx_atom(x.t[i].atom, 1, 0);
		term = jx_term_times(&x, i, &atom);
		for (size_t k = 0; k < nv && ok; k++) {
			struct jx value, share, rest;
			bool seen = false;

			for (size_t e = 0; e < k; e++)
				seen |= jx_same(values[e], values[k]);
			if (seen)
				continue;
			value = resolve(j, values[k], module, 0);
			share = jx_term_times(&x, i, &value);
			rest = jx_sub(&x, &term);
			ok = expand(j, jx_add(&rest, &share), module, out, max, n, depth + 1);
			jx_free(&value);
			jx_free(&share);
			jx_free(&rest);
		}
		jx_free(&atom);
		jx_free(&term);
		jx_free(&x);
		free(values);
		return ok;
	}
	if (*n == max) {
		jx_free(&x);
		return false;
	}
	out[(*n)++] = x;
	return true;
}

bool judge_values(const struct judge *j, const struct jx *x,
		  const char *module, struct jx *out, size_t max, size_t *n)
{
	*n = 0;
	if (j->facts && x->kind == JX_LINEAR &&
	    expand(j, resolve(j, x, module, 0), module, out, max, n, 0))
		return true;
	while (*n)
		jx_free(&out[--*n]);
	return false;
}

void judge_verdict(struct judge_verdict *v, const struct judge *j,
		   const char *id, const struct jsite *at, const char *key,
		   bool same_function, const char *fmt, ...)
{
	struct strbuf sb = { 0 };
	va_list ap;

	(void)j;
	memset(v, 0, sizeof(*v));
	v->check = check_lookup(id);
	v->confidence = same_function ? CONF_HIGH : CONF_MEDIUM;
	v->site = at;
	v->key = key;
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	v->message = sb.buf;
}

void judge_note(struct judge_verdict *v, const struct jsite *at,
		const char *fmt, ...)
{
	struct strbuf sb = { 0 };
	va_list ap;

	if (v->n_notes == JUDGE_MAX_NOTES)
		return;
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	v->notes[v->n_notes].site = at;
	v->notes[v->n_notes++].message = sb.buf;
}

void judge_emit(const struct judge *j, struct judge_verdict *v)
{
	if (v->check && j->emit)
		j->emit(j->emit_arg, v);
	free(v->message);
	for (size_t i = 0; i < v->n_notes; i++)
		free(v->notes[i].message);
	memset(v, 0, sizeof(*v));
}

void judge_emit_finding(void *arg, const struct judge_verdict *v)
{
	struct judge_findings *jfs = arg;
	struct finding *f;

	f = finding_add(jfs->list, v->check, v->confidence, v->site->file,
			v->site->line, v->site->col, v->site->function, v->key,
			v->message, jfs->engine);
	for (size_t i = 0; i < v->n_notes; i++)
		finding_add_note(f, v->notes[i].site->file, v->notes[i].site->line,
				 v->notes[i].site->col, v->notes[i].message);
}

void judge_findings_run(struct judge_facts *jf, const struct selection *sel,
			enum engine engine, struct finding_list *out)
{
	struct judge_findings sink = { out, engine };
	struct judge j = { .facts = jf, .sel = sel, .emit = judge_emit_finding,
			   .emit_arg = &sink };

	judge_run(&j);
}

bool judge_same_function(const struct jsite *rel, const struct judge_cands *c)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->maps[i]->function, rel->function) ||
		    strcmp(c->maps[i]->file, rel->file))
			return false;
	return true;
}

const char *judge_key(const struct judge *j, const struct jsite *rel)
{
	int loc = rel->handle >= 0 ? rel->handle : rel->buf;

	if (rel->key)
		return rel->key;
	return j->facts && loc >= 0 ? j->facts->locs[loc].key : rel->written->name;
}

void judge_pair(const struct judge *j, const struct jsite *map,
		const struct jsite *rel)
{
	const struct jsite *one[1] = { map };
	struct judge_cands c = { .maps = one, .n = 1, .all = one, .n_all = 1,
				 .exact = true };

	for (size_t i = 0; i < judge_check_count; i++)
		if (judge_checks[i].release && judge_wants(j, judge_checks[i].id))
			judge_checks[i].release(j, rel, &c);
}

struct by_module {
	const char *module;
	size_t idx;
};

static int by_module(const void *a, const void *b)
{
	const struct by_module *x = a, *y = b;
	int cmp = strcmp(x->module, y->module);

	return cmp ? cmp : (x->idx > y->idx) - (x->idx < y->idx);
}

/* One module: its releases against their candidates, then every site. */
static void run_module(const struct judge *j, const size_t *idx, size_t n)
{
	struct judge_module mod;

	cands_module(j->facts, idx, n, &mod);
	for (size_t r = 0; r < mod.n; r++)
		for (size_t i = 0; i < judge_check_count; i++)
			if (judge_checks[i].release && judge_wants(j, judge_checks[i].id))
				judge_checks[i].release(j, mod.releases[r], &mod.cands[r]);
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < judge_check_count; i++)
			if (judge_checks[i].site && judge_wants(j, judge_checks[i].id))
				judge_checks[i].site(j, &j->facts->sites[idx[k]], &mod);
	cands_module_free(&mod);
}

void judge_run(const struct judge *j)
{
	struct judge_facts *jf = j->facts;
	struct by_module *order = xmalloc((jf->n_sites + 1) * sizeof(*order));
	size_t *idx = xmalloc((jf->n_sites + 1) * sizeof(*idx)), start = 0;

	jf_finish(jf);
	for (size_t i = 0; i < jf->n_sites; i++)
		order[i] = (struct by_module){ jf->sites[i].module, i };
	qsort(order, jf->n_sites, sizeof(*order), by_module);
	for (size_t i = 0; i < jf->n_sites; i++)
		idx[i] = order[i].idx;
	for (size_t i = 1; i <= jf->n_sites; i++)
		if (i == jf->n_sites || strcmp(order[i].module, order[start].module)) {
			run_module(j, idx + start, i - start);
			start = i;
		}
	free(order);
	free(idx);
}
