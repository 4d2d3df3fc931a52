// SPDX-License-Identifier: GPL-2.0
/*
 * A release size read from the wrong member of the entry (dma-unmap-size).
 *
 * igb and its kin keep the mapped length with dma_unmap_len_set(buf, len,
 * len) and other byte counts beside it (buf->bytecount = skb->len, the
 * frame's, for BQL).  Unmapping with buf->bytecount is wrong whenever the
 * two differ, which no linear form shows: skb->len and skb_headlen(skb)
 * are not comparable.  What is provable is where the values come from:
 * the entry has a member stored from the map's size (the record), and the
 * release reads another member of it that is never stored from the map's
 * size nor from anything the map's size is copied from, and whose every
 * source is known.  An unknown source of that member, or one that may be
 * the map's size, is no verdict.  A size held in a local or a parameter
 * (bnad: len = ntohs(cmpl->length), the received length) is compared the
 * same way with the record of the entry the handle is read from.
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "judge_checks.h"

/* "field:S.m" or "field:S.m@I": the struct part "field:S." (its length)
 * and the member; false for other keys.  S may be "<file.c:12>". */
static bool member_key(const char *key, size_t *struct_len, const char **member,
		       size_t *member_len)
{
	const char *s = key + 6, *dot, *at;

	if (strncmp(key, "field:", 6) != 0)
		return false;
	if (*s == '<' && (s = strchr(s, '>')) == NULL)
		return false;
	dot = strchr(s, '.');
	if (!dot)
		return false;
	at = strchr(dot, '@');
	*struct_len = (size_t)(dot - key) + 1;
	*member = dot + 1;
	*member_len = at ? (size_t)(at - dot - 1) : strlen(dot + 1);
	return true;
}

/* The location x is exactly (one atom, coefficient 1, no constant). */
static int single_loc(const struct judge *j, const struct jx *x, const char *module)
{
	if (!jx_is_atom(x))
		return JLOC_NONE;
	return jf_loc_find(j->facts, module, x->t[0].atom);
}

/* Is the map's size (location a, or the value size) among loc's own
 * stores? */
static bool stores_size(const struct jloc *l, int a, const struct jx *size)
{
	for (size_t i = 0; i < l->n_srcs; i++) {
		const struct jsrc *s = &l->srcs[i];

		if ((s->type == JSRC_LOC && s->idx >= 0 && s->idx == a) ||
		    (s->type == JSRC_VALUE && jx_same(&s->value, size)))
			return true;
	}
	return false;
}

/*
 * The entry's record of the map size: another member of e's struct (e: a
 * member of the entry) whose stores include it; JLOC_NONE when the entry
 * keeps none.
 */
static int size_record(const struct judge_facts *jf, int e, int a,
		       const struct jx *size)
{
	const struct jloc *lb = &jf->locs[e];
	const char *bm, *m;
	size_t bs, bml, s, ml;

	if (!member_key(lb->key, &bs, &bm, &bml))
		return JLOC_NONE;
	for (size_t i = 0; i < jf->n_locs; i++) {
		const struct jloc *l = &jf->locs[i];

		if (strcmp(l->module, lb->module) || !member_key(l->key, &s, &m, &ml) ||
		    s != bs || strncmp(l->key, lb->key, s) ||
		    (ml == bml && !strncmp(m, bm, ml)))
			continue;
		if (stores_size(l, a, size))
			return (int)i;
	}
	return JLOC_NONE;
}

struct leaves {
	const struct jx **values;
	size_t n, cap;
	bool unknown;		/* an unknown source, or a site */
};

/*
 * Does value v read locations through an operator no linear form has:
 * Coccinelle's "X:" atom (len = control & BMU_BBC), equal only to itself,
 * names the atoms it is made of but hides them from the walk.  sparse and
 * clang record such a value as unknown; so does this.
 */
static bool hides_reads(const struct jx *v)
{
	for (size_t i = 0; i < v->n; i++)
		if (jf_composite_atom(v->t[i].atom))
			return true;
	return false;
}

/* The values among the release member's sources; a site or an unknown is
 * no size it is known to hold. */
static bool leaf(const struct jsrc *s, void *arg)
{
	struct leaves *lv = arg;

	if (s->type != JSRC_VALUE || hides_reads(&s->value)) {
		lv->unknown = true;
		return false;
	}
	GROW(lv->values, lv->cap, lv->n + 1);
	lv->values[lv->n++] = &s->value;
	return true;
}

/*
 * Everything b's value is made of, into seen: the locations it is copied
 * from, and those its stored values read (bytecount = hdr + skb->len reads
 * hdr), each walked in turn; its values in lv.
 */
static void made_of(const struct judge_facts *jf, const char *module, int b,
		    struct leaves *lv, unsigned char *seen)
{
	size_t done = 0;

	jf_walk(jf, b, leaf, lv, seen);
	for (; done < lv->n; done++)
		for (size_t t = 0; t < lv->values[done]->n; t++) {
			int l = jf_loc_find(jf, module, lv->values[done]->t[t].atom);

			if (l >= 0 && !seen[l])
				jf_walk(jf, l, leaf, lv, seen);
		}
}

static bool no_source(const struct jsrc *s, void *arg)
{
	(void)s;
	(void)arg;
	return true;
}

/* Is every location b is made of known: stored to in the module, or read
 * from outside it (skb->len, a global)?  A function's result, a local or
 * a parameter nothing in the module feeds is not known.  *outside: b
 * reads something from outside (then it holds something). */
static bool known_reads(const struct judge_facts *jf, const unsigned char *seen,
			bool *outside)
{
	*outside = false;
	for (size_t i = 0; i < jf->n_locs; i++) {
		if (!seen[i] || jf->locs[i].n_srcs)
			continue;
		if (strncmp(jf->locs[i].key, "field:", 6) &&
		    strncmp(jf->locs[i].key, "global:", 7))
			return false;
		*outside = true;
	}
	return true;
}

/* May value v be the map's size: its own form, one of the values stored
 * where the size is read from (a local reused for several sizes: cxgb's
 * size = sizeof(struct freelQ_e) * q->size at the alloc and at the free),
 * or a form over what the size is copied from that is not provably
 * another? */
static bool may_be_size(const struct judge *j, const struct jx *v,
			const struct jx *size, const char *module,
			const unsigned char *seen_a, const struct jx *const *avals,
			size_t n_avals)
{
	if (jx_same(v, size))
		return true;
	for (size_t i = 0; i < n_avals; i++)
		if (jx_same(v, avals[i]) || judge_equal(j, v, avals[i]) == JX_TRUE)
			return true;
	for (size_t i = 0; i < v->n; i++) {
		int l = jf_loc_find(j->facts, module, v->t[i].atom);

		if (l >= 0 && seen_a[l])
			return judge_equal(j, v, size) != JX_FALSE;
	}
	return false;
}

int judge_size_unrecorded(const struct judge *j, const struct jsite *rel,
			  const struct jsite *m)
{
	const struct judge_facts *jf = j->facts;
	struct leaves lv = { 0 };
	unsigned char *seen_b, *seen_a;
	const struct jx **avals = NULL;
	size_t n_avals = 0;
	int b, a, entry, record;
	bool ok, outside;

	if (!jf || !jf->finished)
		return JLOC_NONE;
	b = single_loc(j, &rel->size, rel->module);
	a = single_loc(j, &m->size, m->module);
	if (b < 0 || a < 0 || a == b || strcmp(rel->module, m->module) ||
	    !jf->locs[b].n_srcs)
		return JLOC_NONE;
	/* a size read from a member: that entry's record; else (a local, a
	 * parameter: len = ntohs(cmpl->length)) the record of the entry the
	 * handle is read from */
	entry = strncmp(jf->locs[b].key, "field:", 6) == 0 ? b : cands_key(rel);
	if (entry < 0)
		return JLOC_NONE;
	record = size_record(jf, entry, a, &m->size);
	if (record < 0)
		return JLOC_NONE;
	seen_b = xcalloc(jf->n_locs, 1);
	seen_a = xcalloc(jf->n_locs, 1);
	/* the release member's sources, all known and some there; the map
	 * size's need not be: what is compared is where each comes from */
	made_of(jf, rel->module, b, &lv, seen_b);
	jf_walk(jf, a, no_source, NULL, seen_a);
	jf_values(jf, a, &avals, &n_avals);
	ok = !lv.unknown && known_reads(jf, seen_b, &outside) &&
	     (lv.n || outside) && !seen_b[record];
	for (size_t i = 0; ok && i < jf->n_locs; i++)
		ok = !(seen_a[i] && seen_b[i]);
	for (size_t i = 0; ok && i < lv.n; i++)
		ok = !may_be_size(j, lv.values[i], &m->size, m->module, seen_a,
				  avals, n_avals);
	free(avals);
	free(seen_a);
	free(seen_b);
	free(lv.values);
	return ok ? record : JLOC_NONE;
}
