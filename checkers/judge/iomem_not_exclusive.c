// SPDX-License-Identifier: GPL-2.0
/*
 * iomem-not-exclusive (opt-in): a request of MMIO that the module also
 * maps, made with a non-exclusive call whose exclusive twin exists in the
 * model (api_exclusive_twin()).  A mapped PCI BAR counts when the request
 * may claim it; a memory region when a map has the same start.
 */
#include "judge_checks.h"

static bool maps_what(const struct judge *j, const struct jsite *q,
		      const struct jsite *m)
{
	if (!judge_is_iomap(m))
		return false;
	if (judge_is_pci_space(q))
		return m->written->space == SPACE_PCI_BAR && judge_pci_claims(q, &m->start);
	return m->written->space == SPACE_MEM && judge_same_start(j, q, m) == JX_TRUE;
}

void judge_iomem_not_exclusive(const struct judge *j, const struct jsite *q,
			       const struct judge_module *mod)
{
	const struct api_fn *twin;
	struct judge_verdict v;

	if (!judge_is_region_request(q) || (q->written->flags & API_EXCLUSIVE) ||
	    !(twin = api_exclusive_twin(q->written)))
		return;
	for (size_t k = 0; k < mod->n_sites; k++) {
		const struct jsite *m = mod->sites[k];

		if (!maps_what(j, q, m))
			continue;
		judge_verdict(&v, j, "iomem-not-exclusive", q, q->written->name, true,
			      "%s() leaves the MMIO the driver maps open to /dev/mem and sysfs mappings; %s()%s would not",
			      q->written->name, twin->name,
			      twin->flags & API_LEGACY ?
			      " (old kernels; else an exclusive BAR-mask request)" : "");
		judge_note(&v, m, "mapped here by %s()", m->written->name);
		judge_emit(j, &v);
		return;
	}
}
