// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdlib.h>

#include "core/util.h"
#include "insn_trace.h"

struct instruction *__real___alloc_instruction(int extra);

static struct instruction **trace;
static size_t n_trace, cap_trace;
static bool tracing;

struct instruction *__wrap___alloc_instruction(int extra)
{
	struct instruction *insn = __real___alloc_instruction(extra);

	if (tracing) {
		GROW(trace, cap_trace, n_trace + 1);
		trace[n_trace++] = insn;
	}
	return insn;
}

void insn_trace_start(void)
{
	n_trace = 0;
	tracing = true;
}

void insn_trace_stop(void)
{
	tracing = false;
}

struct instruction *const *insn_trace(size_t *n)
{
	*n = n_trace;
	return trace;
}
