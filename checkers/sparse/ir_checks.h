/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The IR checks of drvcheck-sparse, smatch-style: one check per file, each
 * a function run over every function sparse linearizes, registered in one
 * table (ir_checks.c).  A check reports with report() under its catalogue
 * id (checkers/core/checks.c).
 */
#ifndef DRVCHECK_SPARSE_IR_CHECKS_H
#define DRVCHECK_SPARSE_IR_CHECKS_H

#include "ir_calls.h"

struct ir_check {
	const char *id;				/* catalogue id */
	void (*run)(const struct fn_ctx *ctx);
};

extern const struct ir_check ir_checks[];
extern const size_t ir_check_count;

/* Runs every check over one linearized function. */
void ir_checks_run(const struct fn_ctx *ctx);

/* Helpers the DMA pairing checks share (check_dma_pairing.c). */

/* The map site in this function whose returned handle is handle, or NULL. */
const struct call_site *dma_map_of(const struct fn_ctx *ctx, pseudo_t handle);
/* Is site a streaming unmap / sync / map, a coherent free (per the model)? */
bool is_dma_release(const struct call_site *site);
bool is_dma_sync(const struct call_site *site);
bool is_dma_map(const struct call_site *site);
bool is_dma_free(const struct call_site *site);	/* coherent family */
bool is_dma_mapping_error(const struct call_site *site);

void check_dma_unmap_size(const struct fn_ctx *ctx);
void check_dma_direction(const struct fn_ctx *ctx);
void check_dma_double_unmap(const struct fn_ctx *ctx);
void check_iomem_unchecked_request(const struct fn_ctx *ctx);
void check_dma_mapping_error(const struct fn_ctx *ctx);
void check_dma_map_stack(const struct fn_ctx *ctx);

#endif
