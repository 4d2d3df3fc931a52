/* SPDX-License-Identifier: GPL-2.0 */
/*
 * drvcheck-sparse's extraction of the pairing facts (checkers/judge/facts.h)
 * from the expanded AST of every function of the driver's files: each model
 * call becomes a site, each assignment a source of the location it writes.
 * Sparse has the types, so a member's key names its struct exactly
 * ("field:e1000_buffer.dma"), and an element of an array member names the
 * array it was reached through ("field:skb_info.dma@priv.rx_skbs[]").
 *
 * The judge decides the pairing checks over these facts at the end of the
 * run (tu_facts_judge()), and `drvcheck report` over the facts of every run
 * a build recorded (DRVCHECK_DB).
 */
#ifndef DRVCHECK_SPARSE_TU_FACTS_H
#define DRVCHECK_SPARSE_TU_FACTS_H

#include "judge/facts.h"
#include "sparse_headers.h"

extern struct judge_facts tu_facts;

/* The module the run's files belong to (KBUILD_MODNAME), "" if none. */
void tu_facts_module(const char *module);
/* Collects the facts of one function definition (after expansion). */
void tu_facts_function(struct symbol *fn);
/* The site of the model call written at pos, or -1. */
int tu_facts_site_at(struct position pos, const struct api_fn *api);

void tu_facts_free(void);

#endif
