// SPDX-License-Identifier: GPL-2.0
/*
 * iomem-release-mismatch: probe requests, remove (and the error paths)
 * release.  The resource tree frees only an exact match, so a release
 * must find a request of the same start in the same space with the same
 * size, and a PCI release must give back what the PCI request claimed
 * (all BARs, a BAR, a mask).  A release whose start no request shares is
 * left alone; only a provably different size, space or BAR is reported.
 * release_resource() must be given a struct resource the driver linked
 * itself, not one a start-and-size request allocated.
 */
#include <stdlib.h>
#include <string.h>

#include "judge_checks.h"

static bool same_start_request(const struct judge *j, const struct jsite *q,
			       const struct jsite *r)
{
	enum region_space sp = q->written->space;

	/* a request-and-map call is given a resource or an index, not a start */
	return q->written->family == FAMILY_IOMEM &&
	       q->written->role == ROLE_REGION_REQUEST &&
	       (sp == SPACE_PORT || sp == SPACE_MEM) &&
	       judge_same_start(j, q, r) == JX_TRUE;
}

static const char *space_name(enum region_space sp)
{
	return sp == SPACE_PORT ? "I/O port" : "memory";
}

/* "field:S.m" or "field:S.m@I": does it read member m (of any S)? */
static bool reads_member(const char *atom, const char *m)
{
	const char *dot = strncmp(atom, "field:", 6) == 0 ? strrchr(atom, '.') : NULL;
	size_t len = strlen(m);

	return dot && strncmp(dot + 1, m, len) == 0 &&
	       (dot[1 + len] == '\0' || dot[1 + len] == '@');
}

/*
 * Is x what the engines write for resource_size(res) (value_model): the
 * size of a window the firmware describes, which a constant matches only
 * by chance?
 */
static bool firmware_size(const struct jx *x)
{
	for (size_t i = 0; x->kind == JX_LINEAR && x->n == 2 && x->den <= 1 &&
			   i < value_model_count; i++) {
		const struct value_fn *vf = &value_model[i];
		const struct jx_term *a = &x->t[0], *b = &x->t[1];

		if (a->coef < 0) {
			a = &x->t[1];
			b = &x->t[0];
		}
		if (x->c == vf->c && a->coef == 1 && b->coef == -1 &&
		    reads_member(a->atom, vf->plus) && reads_member(b->atom, vf->minus))
			return true;
	}
	return false;
}

enum size_match {
	SIZE_MAY_MATCH,	/* equal, or nothing known */
	SIZE_DIFFERS,	/* provably another value */
	SIZE_FIRMWARE,	/* a constant against the firmware's window size */
};

/* The sizes as written, then with saved lengths replaced by what the
 * module stores in them (priv->len = resource_size(res)). */
static enum size_match size_match(const struct judge *j, const struct jsite *r,
				  const struct jsite *q)
{
	enum jx_truth t = judge_equal(j, &r->size, &q->size);
	struct jx a, b;
	enum size_match out = SIZE_MAY_MATCH;

	if (t != JX_UNKNOWN)
		return t == JX_FALSE ? SIZE_DIFFERS : SIZE_MAY_MATCH;
	a = judge_resolve(j, &r->size, r->module);
	b = judge_resolve(j, &q->size, q->module);
	t = judge_equal(j, &a, &b);
	if (t == JX_FALSE)
		out = SIZE_DIFFERS;
	else if (t == JX_UNKNOWN && ((jx_known(&a) && firmware_size(&b)) ||
				     (jx_known(&b) && firmware_size(&a))))
		out = SIZE_FIRMWARE;
	jx_free(&a);
	jx_free(&b);
	return out;
}

static void check_port_mem(const struct judge *j, const struct jsite *r,
			   const struct judge_module *m)
{
	const struct jsite *other = NULL, *differs = NULL;
	bool firmware = false;
	struct judge_verdict v;
	char *got, *want;

	for (size_t i = 0; i < m->n_sites; i++) {
		const struct jsite *q = m->sites[i];
		enum size_match sm;

		if (!same_start_request(j, q, r))
			continue;
		if (q->written->space != r->written->space) {
			other = other ? other : q;
			continue;
		}
		/* one request of this size (or of an unknown one) is enough */
		sm = size_match(j, r, q);
		if (sm == SIZE_MAY_MATCH)
			return;
		firmware |= sm == SIZE_FIRMWARE;
		differs = differs ? differs : q;
	}
	if (differs) {
		got = jx_show(&r->size);
		want = jx_show(&differs->size);
		judge_verdict(&v, j, "iomem-release-mismatch", r, r->written->name, false,
			      "%s() releases %s bytes, but %s() requested %s at that start%s",
			      r->written->name, got, differs->written->name, want,
			      firmware ? " (the size of the window the firmware describes: they match only if it is exactly that)" : "");
		judge_note(&v, differs, "requested here with size %s", want);
		if (firmware)
			v.confidence = CONF_LOW;
		free(got);
		free(want);
	} else if (other) {
		judge_verdict(&v, j, "iomem-release-mismatch", r, r->written->name, false,
			      "%s() releases in the %s space a region that %s() requested in the %s space",
			      r->written->name, space_name(r->written->space),
			      other->written->name, space_name(other->written->space));
		judge_note(&v, other, "requested here by %s()", other->written->name);
	} else {
		return;
	}
	judge_emit(j, &v);
}

/* Does the PCI release r give back what request q claimed? */
static bool pci_matches(const struct judge *j, const struct jsite *q,
			const struct jsite *r)
{
	enum region_space qs = q->written->space, rs = r->written->space;

	switch (rs) {
	case SPACE_PCI_ALL:
		return qs == SPACE_PCI_ALL;
	case SPACE_PCI_BAR:
		return (qs == SPACE_PCI_BAR || qs == SPACE_PCI_MASK) &&
		       judge_pci_claims(q, &r->start);
	case SPACE_PCI_MASK:
		/*
		 * a mask nothing is known of may be every BAR; one the call
		 * has no argument for is the memory BARs'
		 * (pci_release_mem_regions()), which leaves a request of all
		 * its I/O BARs
		 */
		return (qs == SPACE_PCI_MASK && judge_same_start(j, q, r) != JX_FALSE) ||
		       (qs == SPACE_PCI_ALL && !jx_known(&r->start) &&
			r->written->start >= 0);
	default:
		return false;
	}
}

static void check_pci(const struct judge *j, const struct jsite *r,
		      const struct judge_module *m)
{
	const struct jsite *first = NULL;
	struct judge_verdict v;

	for (size_t i = 0; i < m->n_sites; i++) {
		const struct jsite *q = m->sites[i];

		if (!judge_is_region_request(q) || !judge_is_pci_space(q))
			continue;
		if (pci_matches(j, q, r))
			return;
		first = first ? first : q;
	}
	if (!first)
		return;		/* no PCI request seen: nothing to compare with */
	if (r->written->space == SPACE_PCI_BAR && first->written->space == SPACE_PCI_BAR &&
	    jx_known(&r->start) && jx_known(&first->start))
		judge_verdict(&v, j, "iomem-release-mismatch", r, r->written->name, false,
			      "%s() releases BAR %lld, but %s() requested BAR %lld",
			      r->written->name, r->start.c, first->written->name,
			      first->start.c);
	else
		judge_verdict(&v, j, "iomem-release-mismatch", r, r->written->name, false,
			      "%s() does not release what %s() requested: the PCI region granularity differs",
			      r->written->name, first->written->name);
	judge_note(&v, first, "requested here by %s()", first->written->name);
	judge_emit(j, &v);
}

/*
 * A start-and-size request (request_mem_region(), request_region(),
 * __request_region(), their devm_ forms): __request_region() kmallocs the
 * struct resource it returns.  request_resource() links the caller's own.
 */
static bool allocating_request(const struct jsite *q)
{
	enum region_space sp = q->api->space;

	return q->api->family == FAMILY_IOMEM && q->api->role == ROLE_REGION_REQUEST &&
	       q->api->start >= 0 &&
	       (sp == SPACE_PORT || sp == SPACE_MEM || sp == SPACE_PARENT);
}

static bool freed(const struct jsite *r, const struct judge_module *m)
{
	for (size_t i = 0; i < m->n_sites; i++)
		if (m->sites[i]->api->role == ROLE_MEM_FREE && m->sites[i]->buf == r->buf)
			return true;
	return false;
}

/*
 * release_resource() unlinks the region but frees nothing.  Reported when
 * every value the released pointer may hold is what an allocating request
 * returned, and the module frees nothing at that location (release_resource()
 * then kfree() is what release_mem_region() does).
 */
static void check_resource(const struct judge *j, const struct jsite *r,
			   const struct judge_module *m)
{
	const struct jsite *q = NULL;
	struct judge_verdict v;
	int *srcs = NULL;
	size_t n = 0;
	bool all = r->buf >= 0 && jf_sources(j->facts, r->buf, &srcs, &n) && n > 0;

	for (size_t i = 0; all && i < n; i++) {
		q = &j->facts->sites[srcs[i]];
		all = allocating_request(q);
	}
	free(srcs);
	if (!all || freed(r, m))
		return;
	judge_verdict(&v, j, "iomem-release-mismatch", r, j->facts->locs[r->buf].key,
		      false,
		      "%s() unlinks the region %s() requested but does not free the struct resource that request allocated: it leaks on every release; release it with the request's own release call",
		      r->written->name, q->written->name);
	judge_note(&v, q, "requested here by %s()", q->written->name);
	judge_emit(j, &v);
}

void judge_iomem_release_mismatch(const struct judge *j, const struct jsite *s,
				  const struct judge_module *m)
{
	if (judge_is_resource_release(s))
		check_resource(j, s, m);
	else if (!judge_is_region_release(s))
		return;
	else if (judge_is_pci_space(s))
		check_pci(j, s, m);
	else if (s->written->space == SPACE_PORT || s->written->space == SPACE_MEM)
		check_port_mem(j, s, m);
}
