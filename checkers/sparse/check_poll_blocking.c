// SPDX-License-Identifier: GPL-2.0
/*
 * poll-blocking: a ->poll callback, or a function of the module it calls,
 * waits for the event itself (a model ROLE_BLOCKING call or macro:
 * wait_event*(), wait_for_completion*(), schedule*(), msleep(), down()).
 */
#include "poll_facts.h"
#include "sparse_checks.h"

static bool blocks(const struct api_fn *api)
{
	return api->role == ROLE_BLOCKING;
}

void check_poll_blocking(void)
{
	poll_report_sites("poll-blocking", blocks,
			  "in ->poll waits for the event itself; register with "
			  "poll_wait() and return the current mask instead");
}
