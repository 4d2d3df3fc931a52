/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checks drvcheck-sparse decides itself, smatch-style: one check per
 * file, named after its id, registered in one table (sparse_checks.c)
 * with a hook per linearized function and/or one for the whole module
 * once every file is seen.  A check reports with report() under its
 * catalogue id (checkers/core/checks.c).
 *
 * The pairing checks are not here: the judge decides them
 * (checkers/judge/judge_checks.c) over the facts tu_facts.c extracts and
 * the pairs ir_pairs.c proves.
 */
#ifndef DRVCHECK_SPARSE_SPARSE_CHECKS_H
#define DRVCHECK_SPARSE_SPARSE_CHECKS_H

#include "ir_calls.h"

struct sparse_check {
	const char *id;				/* catalogue id */
	void (*function)(const struct fn_ctx *ctx);
	void (*module)(void);
};

extern const struct sparse_check sparse_checks[];
extern const size_t sparse_check_count;

/* Every function hook over one linearized function. */
void sparse_checks_function(const struct fn_ctx *ctx);
/* Every module hook, once. */
void sparse_checks_module(void);

void check_dma_double_unmap(const struct fn_ctx *ctx);
void check_dma_mapping_error_unchecked(const struct fn_ctx *ctx);
void check_dma_map_stack(const struct fn_ctx *ctx);
void check_iomem_unchecked_request(const struct fn_ctx *ctx);
void check_poll_blocking(void);
void check_poll_task_state(void);
void check_poll_sleep_legacy(void);
void check_poll_no_wait(void);
void check_poll_errno(void);

#endif
