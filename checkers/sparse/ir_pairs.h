/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pairs one function's IR proves: a release whose handle is the very
 * SSA value a map of the same function returned, whatever the AST calls
 * it.  The judge decides them (judge_pair()) with the sites tu_facts made
 * of the same calls; the IR first adds to those sites what only SSA knows
 * (a direction or size that is a constant once copies are folded).
 */
#ifndef DRVCHECK_SPARSE_IR_PAIRS_H
#define DRVCHECK_SPARSE_IR_PAIRS_H

#include "ir_calls.h"
#include "judge/judge.h"

void ir_pairs(const struct fn_ctx *ctx, const struct judge *j);

#endif
