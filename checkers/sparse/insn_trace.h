/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every instruction sparse allocates while it linearizes one function, in
 * allocation order.
 *
 * Why: sparse's optimiser deletes a basic block that holds nothing but an
 * OP_INLINED_CALL and a branch (the return block of a void inline such as
 * dma_unmap_single_attrs), and with it the only IR record of the call the
 * driver wrote: its position and its constant arguments.  The instruction
 * itself survives in memory (killed instructions are only unlinked), so
 * drvcheck-sparse keeps a list of what was allocated: the link wraps
 * libsparse's allocator (-Wl,--wrap=__alloc_instruction).  Allocation
 * order is also linearization order: an inlined call's instruction comes
 * right before the instructions of its body.
 */
#ifndef DRVCHECK_SPARSE_INSN_TRACE_H
#define DRVCHECK_SPARSE_INSN_TRACE_H

#include <stddef.h>

#include "sparse_headers.h"

struct instruction *__wrap___alloc_instruction(int extra);

void insn_trace_start(void);
void insn_trace_stop(void);
/* The instructions recorded between start and stop. */
struct instruction *const *insn_trace(size_t *n);

#endif
