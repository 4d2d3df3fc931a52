// SPDX-License-Identifier: GPL-2.0
/*
 * What the iomem checks share: region calls by the name the driver wrote
 * (request_mem_region() is a macro; only its name says the space), and
 * when two of them meet.  Requests, releases and maps of a module meet by
 * start: the same constant, or the same key (a member of the same struct
 * read through any pointer, pci_resource_start() of the same BAR), or the
 * same location once copies into locals are followed.
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

bool judge_is_iounmap(const struct jsite *s)
{
	return region_role(s, ROLE_IOUNMAP);
}

bool judge_is_pci_space(const struct jsite *s)
{
	enum region_space sp = s->written->space;

	return sp == SPACE_PCI_BAR || sp == SPACE_PCI_ALL || sp == SPACE_PCI_MASK;
}

/*
 * Where a start read from a variable of the function comes from: through
 * locals and parameters that hold one copy and nothing else ("unsigned
 * long base = dev->base_addr;", a helper's parameter one caller passes),
 * to the first location that is no such copy.  Members are not followed:
 * their keys name a member of every instance, and two regions stored from
 * res->start of two resources are not one.
 */
static int start_origin(const struct judge_facts *jf, int loc)
{
	for (int depth = 0; loc >= 0 && depth < 8; depth++) {
		const struct jloc *l = &jf->locs[loc];

		if ((strncmp(l->key, "local:", 6) != 0 && strncmp(l->key, "param:", 6) != 0) ||
		    l->n_srcs != 1 || l->srcs[0].type != JSRC_LOC)
			break;
		loc = l->srcs[0].idx;
	}
	return loc;
}

enum jx_truth judge_same_start(const struct judge *j, const struct jsite *a,
			       const struct jsite *b)
{
	int la, lb;

	if (jx_known(&a->start) && jx_known(&b->start))
		return a->start.c == b->start.c ? JX_TRUE : JX_FALSE;
	if (a->start_key && b->start_key && strcmp(a->start_key, b->start_key) == 0)
		return JX_TRUE;
	/*
	 * two members at other offsets are other starts, though the
	 * location of an array element names the whole array:
	 * pci_resource_start(pdev, 1) is not pci_resource_start(pdev, 2)
	 */
	if (a->start_key && b->start_key && strncmp(a->start_key, "local:", 6) &&
	    strncmp(b->start_key, "local:", 6))
		return JX_UNKNOWN;
	la = start_origin(j->facts, a->start_loc);
	lb = start_origin(j->facts, b->start_loc);
	return la >= 0 && la == lb ? JX_TRUE : JX_UNKNOWN;
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
