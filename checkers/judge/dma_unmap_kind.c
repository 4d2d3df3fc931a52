// SPDX-License-Identifier: GPL-2.0
/*
 * dma-unmap-kind: a release of another kind (single, page, sg, resource;
 * coherent, noncoherent, pool) than the mapping it undoes.
 *
 * Two ways to be wrong:
 *  - no candidate is of a kind the release undoes;
 *  - a ring entry holds several kinds (the skb head mapped single, the
 *    fragments page) and the driver releases each with its own function
 *    under a flag; a kind that no release of the entry undoes, outside the
 *    functions that map into it (their error unwinds know what they
 *    mapped), is released with the wrong function.
 * Coherent memory given to a streaming call is dma-coherent-streaming-mix.
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

#include "judge_checks.h"
#include "rules.h"

/* Does the function of release k map into what k releases?  Then k is
 * that function's error unwind, which knows what it mapped. */
static bool in_map_function(const struct judge_module *mod, size_t k)
{
	const struct jsite *r = mod->releases[k];

	for (size_t i = 0; i < mod->n_sites; i++) {
		const struct jsite *s = mod->sites[i];

		if (judge_is_map(s) && !strcmp(s->function, r->function) &&
		    !strcmp(s->file, r->file) && cands_has(mod, k, s))
			return true;
	}
	return false;
}

static bool unwinds(const struct judge_module *mod, const struct jsite *rel)
{
	for (size_t k = 0; k < mod->n; k++)
		if (mod->releases[k] == rel)
			return in_map_function(mod, k);
	return false;
}

/* Does a release of the module outside the functions that map the entry
 * (xmit, its XDP twin) undo m? */
static bool undone_elsewhere(const struct judge_module *mod,
			     const struct jsite *m)
{
	for (size_t k = 0; k < mod->n; k++) {
		const struct jsite *r = mod->releases[k];

		if (judge_is_unmap(r) && judge_kind_undoes(m->api->kind, r->api->kind) &&
		    cands_has(mod, k, m) && !in_map_function(mod, k))
			return true;
	}
	return false;
}

/* The verdict at rel, about m: msg is "%s() ... %s ... %s()" filled with
 * the release, m's kind and m. */
static void verdict(const struct judge *j, const struct jsite *rel,
		    const struct jsite *m, bool same_fn, const char *msg)
{
	struct judge_verdict v;

	judge_verdict(&v, j, "dma-unmap-kind", rel, judge_key(j, rel), same_fn,
		      "%s", msg);
	judge_note(&v, m, "%s here by %s()", judge_is_alloc(m) ? "allocated" : "mapped",
		   m->written->name);
	judge_emit(j, &v);
}

static void check_unmap(const struct judge *j, const struct jsite *rel,
			const struct judge_cands *c)
{
	const struct jsite *other = NULL;
	bool undoes = false;
	char *msg;

	for (size_t i = 0; i < c->n; i++) {
		const struct jsite *m = c->maps[i];

		if (judge_is_alloc(m) && judge_kind_coherent(m->api->kind))
			continue;	/* dma-coherent-streaming-mix */
		if (judge_is_map(m) && judge_kind_undoes(m->api->kind, rel->api->kind))
			undoes = true;
		else if (!other)
			other = m;
	}
	if (!other)
		return;
	if (!undoes) {
		msg = xasprintf("%s() releases a %s mapping made by %s()",
				rel->written->name, dma_kind_name(other->api->kind),
				other->written->name);
		verdict(j, rel, other, judge_same_function(rel, c), msg);
		free(msg);
		return;
	}
	if (c->exact || !c->module || unwinds(c->module, rel))
		return;
	for (size_t i = 0; i < c->n; i++) {
		const struct jsite *m = c->maps[i];

		if (judge_is_map(m) && !judge_kind_undoes(m->api->kind, rel->api->kind) &&
		    strcmp(m->function, rel->function) &&
		    !undone_elsewhere(c->module, m)) {
			msg = xasprintf("%s() releases every entry the same way, but "
					"it also holds %s mappings made by %s(), which "
					"no release undoes", rel->written->name,
					dma_kind_name(m->api->kind), m->written->name);
			verdict(j, rel, m, false, msg);
			free(msg);
			return;
		}
	}
}

static void check_free(const struct judge *j, const struct jsite *rel,
		       const struct judge_cands *c)
{
	const struct jsite *other = NULL;

	for (size_t i = 0; i < c->n; i++) {
		const struct jsite *m = c->maps[i];

		if (!judge_is_alloc(m))
			return;		/* dma-coherent-streaming-mix */
		if (judge_kind_undoes(m->api->kind, rel->api->kind))
			return;
		other = other ? other : m;
	}
	if (other) {
		char *msg = xasprintf("%s() frees %s memory that %s() allocated",
				      rel->written->name,
				      dma_kind_name(other->api->kind),
				      other->written->name);

		verdict(j, rel, other, judge_same_function(rel, c), msg);
		free(msg);
	}
}

void judge_dma_unmap_kind(const struct judge *j, const struct jsite *rel,
			  const struct judge_cands *c)
{
	if (judge_is_unmap(rel))
		check_unmap(j, rel, c);
	else if (judge_is_free(rel))
		check_free(j, rel, c);
}
