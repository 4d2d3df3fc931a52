// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "tu_checks.h"

static void (*const tu_checks[])(void) = {
	tu_check_unmap_size,
	tu_check_direction,
	tu_check_unmap_kind,
	tu_check_mix,
	tu_check_sg_nents,
	tu_check_iomem_release,
	tu_check_iomem_unrequested_map,
	tu_check_iomem_not_exclusive,
	tu_check_poll_blocking,
	tu_check_poll_task_state,
	tu_check_poll_sleep_legacy,
	tu_check_poll_no_wait,
	tu_check_poll_errno,
};

void tu_checks_run(void)
{
	for (size_t i = 0; i < sizeof(tu_checks) / sizeof(tu_checks[0]); i++)
		tu_checks[i]();
}

static bool has_role(const struct tu_fact *f, enum api_role role)
{
	return f->api->family == FAMILY_DMA && f->api->role == role;
}

bool tu_is_release(const struct tu_fact *f) { return has_role(f, ROLE_DMA_UNMAP); }
bool tu_is_sync(const struct tu_fact *f) { return has_role(f, ROLE_DMA_SYNC); }
bool tu_is_map(const struct tu_fact *f) { return has_role(f, ROLE_DMA_MAP); }
bool tu_is_alloc(const struct tu_fact *f) { return has_role(f, ROLE_DMA_ALLOC); }
bool tu_is_free(const struct tu_fact *f) { return has_role(f, ROLE_DMA_FREE); }

bool tu_producers(int loc, const struct tu_fact ***facts, size_t *n)
{
	if (!tu_sources(loc, facts, n) || !*n)
		return false;
	for (size_t i = 0; i < *n; i++)
		if (!tu_is_map((*facts)[i]) && !tu_is_alloc((*facts)[i]))
			return false;
	return true;
}

static bool region_role(const struct tu_fact *f, enum api_role role)
{
	return f->written->family == FAMILY_IOMEM && f->written->role == role;
}

bool tu_is_region_request(const struct tu_fact *f)
{
	return region_role(f, ROLE_REGION_REQUEST) ||
	       region_role(f, ROLE_REGION_REQUEST_MAP);
}

bool tu_is_region_release(const struct tu_fact *f) { return region_role(f, ROLE_REGION_RELEASE); }
bool tu_is_iomap(const struct tu_fact *f) { return region_role(f, ROLE_IOMAP); }

bool tu_is_pci_space(const struct tu_fact *f)
{
	enum region_space sp = f->written->space;

	return sp == SPACE_PCI_BAR || sp == SPACE_PCI_ALL || sp == SPACE_PCI_MASK;
}

enum value_cmp tu_start_compare(const struct tu_fact *a, const struct tu_fact *b)
{
	if (a->start.known && b->start.known)
		return a->start.v == b->start.v ? VALUES_EQUAL : VALUES_DIFFERENT;
	if (a->start_key && b->start_key && strcmp(a->start_key, b->start_key) == 0)
		return VALUES_EQUAL;
	return VALUES_UNKNOWN;
}

bool tu_pci_claims(const struct tu_fact *req, struct tu_value bar)
{
	switch (req->written->space) {
	case SPACE_PCI_ALL:
		return true;
	case SPACE_PCI_MASK:
		return !req->start.known || !bar.known || bar.v < 0 || bar.v > 62 ||
		       ((req->start.v >> bar.v) & 1);
	case SPACE_PCI_BAR:
		return !req->start.known || !bar.known || req->start.v == bar.v;
	default:
		return false;
	}
}
