// SPDX-License-Identifier: GPL-2.0
#include "ir_checks.h"

const struct ir_check ir_checks[] = {
	{ "dma-unmap-size",	check_dma_unmap_size },
	{ "dma-direction",	check_dma_direction },
	{ "dma-double-unmap",	check_dma_double_unmap },
	{ "iomem-unchecked-request", check_iomem_unchecked_request },
	{ "dma-mapping-error-unchecked", check_dma_mapping_error },
	{ "dma-map-stack",	check_dma_map_stack },
};
const size_t ir_check_count = sizeof(ir_checks) / sizeof(ir_checks[0]);

void ir_checks_run(const struct fn_ctx *ctx)
{
	/* most functions make no model call: nothing to check */
	if (ctx->n_sites)
		for (size_t i = 0; i < ir_check_count; i++)
			ir_checks[i].run(ctx);
}
