// SPDX-License-Identifier: GPL-2.0
/*
 * poll-sleep-legacy (opt-in): a ->poll callback, or a function of the
 * module it calls, may sleep at all (a blocking call, or a lock, a user
 * copy, cond_resched()...): a busy loop in poll() before 2.6.29.
 */
#include "poll_facts.h"
#include "sparse_checks.h"

static bool sleeps(const struct api_fn *api)
{
	return api->role == ROLE_BLOCKING || api_might_sleep(api);
}

void check_poll_sleep_legacy(void)
{
	poll_report_sites("poll-sleep-legacy", sleeps,
			  "sleeps in ->poll, which must not sleep before 2.6.29");
}
