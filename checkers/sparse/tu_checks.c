// SPDX-License-Identifier: GPL-2.0
#include "tu_checks.h"

static void (*const tu_checks[])(void) = {
	tu_check_unmap_size,
	tu_check_direction,
	tu_check_unmap_kind,
	tu_check_mix,
	tu_check_sg_nents,
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
