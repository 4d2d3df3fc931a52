// SPDX-License-Identifier: GPL-2.0
/*
 * What the iomem checks share: region calls by the name the driver wrote
 * (request_mem_region() is a macro; only its name says the space), and
 * when two of them meet.  Requests, releases and maps of a module meet by
 * start: the same constant, or the same key (a member of the same struct
 * read through any pointer, pci_resource_start() of the same BAR).
 */
#include <string.h>

#include "judge_checks.h"

static bool region_role(const struct jsite *s, enum api_role role)
{
	return s->written->family == FAMILY_IOMEM && s->written->role == role;
}

/* request_resource() of the driver's own struct resource claims too */
bool judge_is_region_request(const struct jsite *s)
{
	return region_role(s, ROLE_REGION_REQUEST) ||
	       region_role(s, ROLE_REGION_REQUEST_MAP) ||
	       region_role(s, ROLE_RESOURCE_INSERT);
}

bool judge_is_region_release(const struct jsite *s)
{
	return region_role(s, ROLE_REGION_RELEASE);
}

bool judge_is_resource_release(const struct jsite *s)
{
	return region_role(s, ROLE_RESOURCE_RELEASE);
}

bool judge_is_iomap(const struct jsite *s)
{
	return region_role(s, ROLE_IOMAP);
}

bool judge_is_pci_space(const struct jsite *s)
{
	enum region_space sp = s->written->space;

	return sp == SPACE_PCI_BAR || sp == SPACE_PCI_ALL || sp == SPACE_PCI_MASK;
}

enum jx_truth judge_same_start(const struct jsite *a, const struct jsite *b)
{
	if (jx_known(&a->start) && jx_known(&b->start))
		return a->start.c == b->start.c ? JX_TRUE : JX_FALSE;
	if (a->start_key && b->start_key && strcmp(a->start_key, b->start_key) == 0)
		return JX_TRUE;
	return JX_UNKNOWN;
}

bool judge_pci_claims(const struct jsite *req, const struct jx *bar)
{
	bool known = jx_known(&req->start), bar_known = jx_known(bar);

	switch (req->written->space) {
	case SPACE_PCI_ALL:
		return true;
	case SPACE_PCI_MASK:
		return !known || !bar_known || bar->c < 0 || bar->c > 62 ||
		       ((req->start.c >> bar->c) & 1);
	case SPACE_PCI_BAR:
		return !known || !bar_known || req->start.c == bar->c;
	default:
		return false;
	}
}
