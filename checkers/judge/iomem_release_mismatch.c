// SPDX-License-Identifier: GPL-2.0
/*
 * iomem-release-mismatch: probe requests, remove (and the error paths)
 * release.  The resource tree frees only an exact match, so a release
 * must find a request of the same start in the same space with the same
 * size, and a PCI release must give back what the PCI request claimed
 * (all BARs, a BAR, a mask).  A release whose start no request shares is
 * left alone; only a provably different size, space or BAR is reported.
 */
#include <stdlib.h>

#include "judge_checks.h"

static bool same_start_request(const struct jsite *q, const struct jsite *r)
{
	enum region_space sp = q->written->space;

	/* a request-and-map call is given a resource or an index, not a start */
	return q->written->family == FAMILY_IOMEM &&
	       q->written->role == ROLE_REGION_REQUEST &&
	       (sp == SPACE_PORT || sp == SPACE_MEM) &&
	       judge_same_start(q, r) == JX_TRUE;
}

static const char *space_name(enum region_space sp)
{
	return sp == SPACE_PORT ? "I/O port" : "memory";
}

static void check_port_mem(const struct judge *j, const struct jsite *r,
			   const struct judge_module *m)
{
	const struct jsite *other = NULL, *differs = NULL;
	struct judge_verdict v;
	char *got, *want;

	for (size_t i = 0; i < m->n_sites; i++) {
		const struct jsite *q = m->sites[i];

		if (!same_start_request(q, r))
			continue;
		if (q->written->space != r->written->space) {
			other = other ? other : q;
			continue;
		}
		/* one request of this size (or of an unknown one) is enough */
		if (judge_equal(j, &r->size, &q->size) != JX_FALSE)
			return;
		differs = differs ? differs : q;
	}
	if (differs) {
		got = jx_show(&r->size);
		want = jx_show(&differs->size);
		judge_verdict(&v, j, "iomem-release-mismatch", r, r->written->name, false,
			      "%s() releases %s bytes, but %s() requested %s at that start",
			      r->written->name, got, differs->written->name, want);
		judge_note(&v, differs, "requested here with size %s", want);
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
static bool pci_matches(const struct jsite *q, const struct jsite *r)
{
	enum region_space qs = q->written->space, rs = r->written->space;

	switch (rs) {
	case SPACE_PCI_ALL:
		return qs == SPACE_PCI_ALL;
	case SPACE_PCI_BAR:
		return (qs == SPACE_PCI_BAR || qs == SPACE_PCI_MASK) &&
		       judge_pci_claims(q, &r->start);
	case SPACE_PCI_MASK:
		return (qs == SPACE_PCI_MASK && judge_same_start(q, r) != JX_FALSE) ||
		       (qs == SPACE_PCI_ALL && !jx_known(&r->start));
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
		if (pci_matches(q, r))
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

void judge_iomem_release_mismatch(const struct judge *j, const struct jsite *s,
				  const struct judge_module *m)
{
	if (!judge_is_region_release(s))
		return;
	if (judge_is_pci_space(s))
		check_pci(j, s, m);
	else if (s->written->space == SPACE_PORT || s->written->space == SPACE_MEM)
		check_port_mem(j, s, m);
}
