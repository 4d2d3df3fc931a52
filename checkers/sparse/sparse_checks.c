// SPDX-License-Identifier: GPL-2.0
#include "sparse_checks.h"

const struct sparse_check sparse_checks[] = {
	{ "dma-double-unmap",		 check_dma_double_unmap, NULL },
	{ "dma-mapping-error-unchecked", check_dma_mapping_error_unchecked, NULL },
	{ "dma-map-stack",		 check_dma_map_stack, NULL },
	{ "iomem-unchecked-request",	 check_iomem_unchecked_request, NULL },
	{ "poll-blocking",		 NULL, check_poll_blocking },
	{ "poll-task-state",		 NULL, check_poll_task_state },
	{ "poll-sleep-legacy",		 NULL, check_poll_sleep_legacy },
	{ "poll-no-wait",		 NULL, check_poll_no_wait },
	{ "poll-errno",			 NULL, check_poll_errno },
};
const size_t sparse_check_count = sizeof(sparse_checks) / sizeof(sparse_checks[0]);

void sparse_checks_function(const struct fn_ctx *ctx)
{
	/* most functions make no model call: nothing to check */
	if (!ctx->n_sites)
		return;
	for (size_t i = 0; i < sparse_check_count; i++)
		if (sparse_checks[i].function)
			sparse_checks[i].function(ctx);
}

void sparse_checks_module(void)
{
	for (size_t i = 0; i < sparse_check_count; i++)
		if (sparse_checks[i].module)
			sparse_checks[i].module();
}
