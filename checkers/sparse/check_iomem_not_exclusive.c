// SPDX-License-Identifier: GPL-2.0
/*
 * iomem-not-exclusive (opt-in), across the module: a request of MMIO that
 * the module also maps, made with a non-exclusive call whose exclusive
 * twin exists in the model (the same role, space, management and
 * arguments, with API_EXCLUSIVE).  A mapped PCI BAR counts when the
 * request may claim it; a memory region when a map has the same start.
 */
#include "report.h"
#include "tu_checks.h"

static bool twins(const struct api_fn *a, const struct api_fn *e)
{
	return e->family == a->family && e->role == a->role &&
	       e->space == a->space && (e->flags & API_EXCLUSIVE) &&
	       (e->flags & API_MANAGED) == (a->flags & API_MANAGED) &&
	       e->dev == a->dev && e->start == a->start && e->size == a->size;
}

/* A current API first; a legacy one (gone from new kernels) is a hint. */
static const struct api_fn *exclusive_twin(const struct api_fn *a)
{
	const struct api_fn *legacy = NULL;

	for (size_t i = 0; i < api_model_count; i++) {
		const struct api_fn *e = &api_model[i];

		if (!twins(a, e))
			continue;
		if (!(e->flags & API_LEGACY))
			return e;
		legacy = legacy ? legacy : e;
	}
	return legacy;
}

static bool maps_what(const struct tu_fact *q, const struct tu_fact *m)
{
	if (!tu_is_iomap(m))
		return false;
	if (tu_is_pci_space(q))
		return m->written->space == SPACE_PCI_BAR && tu_pci_claims(q, m->start);
	return m->written->space == SPACE_MEM && tu_start_compare(q, m) == VALUES_EQUAL;
}

void tu_check_iomem_not_exclusive(void)
{
	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *q = &tu_facts.facts[i];
		const struct api_fn *twin;
		struct finding *f;

		if (!tu_is_region_request(q) || (q->written->flags & API_EXCLUSIVE) ||
		    !(twin = exclusive_twin(q->written)))
			continue;
		for (size_t k = 0; k < tu_facts.n_facts; k++) {
			const struct tu_fact *m = &tu_facts.facts[k];

			if (!maps_what(q, m))
				continue;
			f = report("iomem-not-exclusive", q->pos, q->fn, q->written->name,
				   "%s() leaves the MMIO the driver maps open to /dev/mem and sysfs mappings; %s()%s would not",
				   q->written->name, twin->name,
				   twin->flags & API_LEGACY ?
				   " (old kernels; else an exclusive BAR-mask request)" : "");
			report_note(f, m->pos, "mapped here by %s()", m->written->name);
			break;
		}
	}
}
