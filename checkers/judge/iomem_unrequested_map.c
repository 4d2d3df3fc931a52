// SPDX-License-Identifier: GPL-2.0
/*
 * iomem-unrequested-map: a map of MMIO (ioremap*(), pci_iomap*(), ...)
 * that claims nothing, where no request of the module claims it.  A PCI
 * BAR map is covered by a PCI request that may claim that BAR.  Other maps
 * are matched less exactly, as their starts come from many places: one is
 * reported only when the module requests nothing at all and the start is
 * visibly a device resource (a member of struct resource: res->start,
 * pci_resource_start()).
 */
#include <string.h>

#include "judge_checks.h"

/*
 * struct resource is how the kernel hands a driver its device's regions
 * (platform, PCI, ACPI and DT devices alike); an address from anywhere
 * else (a firmware table, a fixed window, a value a bus driver already
 * claimed) is not known to be the driver's to request.
 */
static bool device_resource(const struct jsite *s)
{
	return s->start_holder && strcmp(s->start_holder, "resource") == 0;
}

void judge_iomem_unrequested_map(const struct judge *j, const struct jsite *s,
				 const struct judge_module *m)
{
	bool pci_map, pci_reqs = false, reqs = false;
	struct judge_verdict v;

	if (!judge_is_iomap(s))
		return;
	pci_map = s->written->space == SPACE_PCI_BAR;
	for (size_t i = 0; i < m->n_sites; i++) {
		const struct jsite *q = m->sites[i];

		if (!judge_is_region_request(q))
			continue;
		reqs = true;
		if (!judge_is_pci_space(q))
			continue;
		pci_reqs = true;
		if (pci_map && judge_pci_claims(q, &s->start))
			return;
	}
	if (pci_map && pci_reqs) {
		judge_verdict(&v, j, "iomem-unrequested-map", s, s->written->name, true,
			      "%s() maps a PCI BAR that none of the driver's PCI requests claims",
			      s->written->name);
	} else if (!reqs && (pci_map || device_resource(s))) {
		judge_verdict(&v, j, "iomem-unrequested-map", s, s->written->name, true,
			      "%s() maps MMIO that the driver never requests: nothing stops another driver or user space from using it",
			      s->written->name);
		/*
		 * A parent or bus driver (MFD, syscon, MCB) may have requested
		 * it, out of sight; a managed map is more often such a shared
		 * block.
		 */
		v.confidence = s->written->flags & API_MANAGED ? CONF_LOW : CONF_MEDIUM;
	} else {
		return;
	}
	judge_emit(j, &v);
}
