// SPDX-License-Identifier: GPL-2.0
/*
 * iomem-unrequested-map, across the module: a map of MMIO (ioremap*(),
 * pci_iomap*(), ...) that claims nothing, where no request of the module
 * claims it.  A PCI BAR map is covered by a PCI request that may claim
 * that BAR.  Other maps are matched less exactly, as their starts come
 * from many places: one is reported only when the module requests nothing
 * at all and the start is visibly a device resource (a member of struct
 * resource: res->start, pci_resource_start()).
 */
#include <string.h>

#include "report.h"
#include "tu_checks.h"

/*
 * struct resource is how the kernel hands a driver its device's regions
 * (platform, PCI, ACPI and DT devices alike); an address from anywhere
 * else (a firmware table, a fixed window, a value a bus driver already
 * claimed) is not known to be the driver's to request.
 */
static bool device_resource(const struct tu_fact *m)
{
	return m->start_holder && strcmp(m->start_holder, "resource") == 0;
}

static void check_map(const struct tu_fact *m)
{
	bool pci_map = m->written->space == SPACE_PCI_BAR, pci_reqs = false, reqs = false;
	struct finding *f;

	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *q = &tu_facts.facts[i];

		if (!tu_is_region_request(q))
			continue;
		reqs = true;
		if (!tu_is_pci_space(q))
			continue;
		pci_reqs = true;
		if (pci_map && tu_pci_claims(q, m->start))
			return;
	}
	if (pci_map && pci_reqs) {
		report("iomem-unrequested-map", m->pos, m->fn, m->written->name,
		       "%s() maps a PCI BAR that none of the driver's PCI requests claims",
		       m->written->name);
		return;
	}
	if (reqs || (!pci_map && !device_resource(m)))
		return;
	f = report("iomem-unrequested-map", m->pos, m->fn, m->written->name,
		   "%s() maps MMIO that the driver never requests: nothing stops another driver or user space from using it",
		   m->written->name);
	/*
	 * A parent or bus driver (MFD, syscon, MCB) may have requested it, out
	 * of sight; a managed map is more often such a shared block.
	 */
	f->confidence = m->written->flags & API_MANAGED ? CONF_LOW : CONF_MEDIUM;
}

void tu_check_iomem_unrequested_map(void)
{
	for (size_t i = 0; i < tu_facts.n_facts; i++)
		if (tu_is_iomap(&tu_facts.facts[i]))
			check_map(&tu_facts.facts[i]);
}
