// SPDX-License-Identifier: GPL-2.0
/*
 * iomem-unrequested-map: a map of MMIO (ioremap*(), pci_iomap*(), ...)
 * that claims nothing, where no request of the module claims it.  A PCI
 * BAR map is covered by a PCI request that may claim that BAR.  Other maps
 * are matched less exactly, as their starts come from many places: one is
 * reported only when the start is visibly a device resource (a member of
 * struct resource: res->start, pci_resource_start()) and nothing may
 * claim it: no PCI request in the module, no MMIO request in its file
 * (a module often links several platform drivers, a file each, as
 * exynosdrm does), no request of the same start anywhere in the module.
 * A map of anything but the driver's own BAR, undone in the function that
 * made it, is a peek, not a claim; so is a PCI fixup's map of a BAR.  A
 * region the tree's device trees put inside another node's registers is
 * that node's to claim.
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "dt_shared.h"
#include "judge_checks.h"
#include "pci_fixup.h"

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

/*
 * Is the map's result kept only in a local of its function, which an
 * unmap of that function is given (pnd2_edac's dnv_rd_reg() maps, reads
 * and unmaps; cxl maps its register block to find the capabilities, then
 * unmaps it)?  Not when the local is copied anywhere (a member, a return)
 * but to a module function's parameter (a helper reading a register, as
 * pci-quirks' xhci_find_next_ext_cap() is given the base).
 */
static bool peeked(const struct judge *j, const struct jsite *s,
		   const struct judge_module *m)
{
	const struct judge_facts *jf = j->facts;

	for (size_t i = 0; i < m->n_sites; i++) {
		const struct jsite *u = m->sites[i];
		const struct jloc *l;
		bool made = false;

		if (!judge_is_iounmap(u) || u->buf < 0 || strcmp(u->file, s->file) ||
		    strcmp(u->function, s->function))
			continue;
		l = &jf->locs[u->buf];
		if (strncmp(l->key, "local:", 6))
			continue;
		for (size_t k = 0; k < l->n_srcs; k++)
			made |= l->srcs[k].type == JSRC_SITE &&
				&jf->sites[l->srcs[k].idx] == s;
		for (size_t o = 0; made && o < jf->n_locs; o++)
			for (size_t k = 0; k < jf->locs[o].n_srcs; k++)
				if (jf->locs[o].srcs[k].type == JSRC_LOC &&
				    jf->locs[o].srcs[k].idx == u->buf &&
				    strncmp(jf->locs[o].key, "param:", 6))
					made = false;
		if (made)
			return true;
	}
	return false;
}

/*
 * Do the kernel tree's device trees put the registers of map s inside
 * another node's (dt_shared.h)?  The driver is known by the compatibles
 * of the map's file, else of the module's files (an of_device_id table
 * kept beside probe in a core file).
 */
static bool dt_shared(const struct jsite *s, const struct judge_module *m)
{
	const char **files, *own = s->file;
	size_t n = 0;
	int shared = dt_region_shared(&own, 1);

	if (shared >= 0)
		return shared;
	files = xcalloc(m->n_sites + 1, sizeof(*files));
	for (size_t i = 0; i < m->n_sites; i++) {
		size_t k = 0;

		while (k < n && strcmp(files[k], m->sites[i]->file))
			k++;
		if (k == n)
			files[n++] = m->sites[i]->file;
	}
	shared = dt_region_shared(files, n);
	free(files);
	return shared > 0;
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
		if (!judge_is_pci_space(q)) {
			/* I/O ports are another address space than MMIO */
			if (q->written->space == SPACE_PORT)
				continue;
			reqs |= !strcmp(q->file, s->file) ||
				judge_same_start(j, q, s) == JX_TRUE;
			continue;
		}
		reqs = pci_reqs = true;
		if (pci_map && judge_pci_claims(q, &s->start))
			return;
	}
	/* a PCI fixup is no driver of the device it peeks at */
	if ((!pci_map || pci_fixup_runs(s->file, s->function)) && peeked(j, s, m))
		return;
	if (pci_map && pci_reqs) {
		judge_verdict(&v, j, "iomem-unrequested-map", s, s->written->name, true,
			      "%s() maps a PCI BAR that none of the driver's PCI requests claims",
			      s->written->name);
	} else if (!reqs && (pci_map || (device_resource(s) && !dt_shared(s, m)))) {
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
