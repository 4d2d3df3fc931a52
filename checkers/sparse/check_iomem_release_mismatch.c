// SPDX-License-Identifier: GPL-2.0
/*
 * iomem-release-mismatch, across the module: probe requests, remove (and
 * the error paths) release.  The resource tree frees only an exact match,
 * so a release must find a request of the same start in the same tree
 * with the same size, and a PCI release must give back what the PCI
 * request claimed (all BARs, a BAR, a mask).  Requests and releases meet
 * by start (tu_start_compare); a release whose start no request shares is
 * left alone, and only a provably different size or BAR is reported.
 */
#include "report.h"
#include "tu_checks.h"

static bool same_start_request(const struct tu_fact *q, const struct tu_fact *r)
{
	enum region_space sp = q->written->space;

	/* a request-and-map call is given a resource or an index, not a start */
	return q->written->family == FAMILY_IOMEM &&
	       q->written->role == ROLE_REGION_REQUEST &&
	       (sp == SPACE_PORT || sp == SPACE_MEM) &&
	       tu_start_compare(q, r) == VALUES_EQUAL;
}

static const char *space_name(enum region_space sp)
{
	return sp == SPACE_PORT ? "I/O port" : "memory";
}

static void check_port_mem(const struct tu_fact *r)
{
	const struct tu_fact *other = NULL, *differs = NULL;
	struct finding *f;

	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *q = &tu_facts.facts[i];

		if (!same_start_request(q, r))
			continue;
		if (q->written->space != r->written->space) {
			other = other ? other : q;
			continue;
		}
		/* one request of this size (or of an unknown one) is enough */
		if (!r->size.known || !q->size.known || q->size.v == r->size.v)
			return;
		differs = differs ? differs : q;
	}
	if (differs) {
		f = report("iomem-release-mismatch", r->pos, r->fn, r->written->name,
			   "%s() releases %lld bytes, but %s() requested %lld at that start",
			   r->written->name, r->size.v, differs->written->name,
			   differs->size.v);
		report_note(f, differs->pos, "requested here with size %lld",
			    differs->size.v);
	} else if (other) {
		f = report("iomem-release-mismatch", r->pos, r->fn, r->written->name,
			   "%s() releases in the %s space a region that %s() requested in the %s space",
			   r->written->name, space_name(r->written->space),
			   other->written->name, space_name(other->written->space));
		report_note(f, other->pos, "requested here by %s()", other->written->name);
	}
}

/* Does the PCI release r give back what request q claimed? */
static bool pci_matches(const struct tu_fact *q, const struct tu_fact *r)
{
	enum region_space qs = q->written->space, rs = r->written->space;

	switch (rs) {
	case SPACE_PCI_ALL:
		return qs == SPACE_PCI_ALL;
	case SPACE_PCI_BAR:
		return (qs == SPACE_PCI_BAR || qs == SPACE_PCI_MASK) &&
		       tu_pci_claims(q, r->start);
	case SPACE_PCI_MASK:
		return (qs == SPACE_PCI_MASK && tu_start_compare(q, r) != VALUES_DIFFERENT) ||
		       (qs == SPACE_PCI_ALL && !r->start.known);
	default:
		return false;
	}
}

static void check_pci(const struct tu_fact *r)
{
	const struct tu_fact *first = NULL;
	struct finding *f;

	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *q = &tu_facts.facts[i];

		if (!tu_is_region_request(q) || !tu_is_pci_space(q))
			continue;
		if (pci_matches(q, r))
			return;
		first = first ? first : q;
	}
	if (!first)
		return;		/* no PCI request seen: nothing to compare with */
	if (r->written->space == SPACE_PCI_BAR && first->written->space == SPACE_PCI_BAR &&
	    r->start.known && first->start.known)
		f = report("iomem-release-mismatch", r->pos, r->fn, r->written->name,
			   "%s() releases BAR %lld, but %s() requested BAR %lld",
			   r->written->name, r->start.v, first->written->name,
			   first->start.v);
	else
		f = report("iomem-release-mismatch", r->pos, r->fn, r->written->name,
			   "%s() does not release what %s() requested: the PCI region granularity differs",
			   r->written->name, first->written->name);
	report_note(f, first->pos, "requested here by %s()", first->written->name);
}

void tu_check_iomem_release(void)
{
	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *r = &tu_facts.facts[i];

		if (!tu_is_region_release(r))
			continue;
		if (tu_is_pci_space(r))
			check_pci(r);
		else if (r->written->space == SPACE_PORT || r->written->space == SPACE_MEM)
			check_port_mem(r);
	}
}
