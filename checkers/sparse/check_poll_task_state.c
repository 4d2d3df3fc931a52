// SPDX-License-Identifier: GPL-2.0
/*
 * poll-task-state: a ->poll callback, or a function of the module it
 * calls, changes the task state (set_current_state(), prepare_to_wait()):
 * the state belongs to the core's poll loop.
 */
#include "poll_facts.h"
#include "sparse_checks.h"

static bool sets_state(const struct api_fn *api)
{
	return api->role == ROLE_TASK_STATE;
}

void check_poll_task_state(void)
{
	poll_report_sites("poll-task-state", sets_state,
			  "in ->poll changes the task state that poll's own "
			  "wait loop owns");
}
