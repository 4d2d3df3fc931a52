// SPDX-License-Identifier: GPL-2.0
/*
 * dma-coherent-streaming-mix, across the module: a streaming unmap or
 * sync of a handle that only coherent allocations produced; a coherent
 * free of a handle that only streaming maps produced; a streaming map of a
 * buffer that only coherent allocations returned.
 */
#include "report.h"
#include "tu_checks.h"

static bool all_of(const struct tu_fact **facts, size_t n,
		   bool (*pred)(const struct tu_fact *))
{
	for (size_t k = 0; k < n; k++)
		if (!pred(facts[k]))
			return false;
	return true;
}

void tu_check_mix(void)
{
	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *r = &tu_facts.facts[i], **src;
		size_t n;
		struct finding *f;

		if ((tu_is_release(r) || tu_is_sync(r)) &&
		    tu_producers(r->handle_loc, &src, &n) && all_of(src, n, tu_is_alloc))
			f = report("dma-coherent-streaming-mix", r->pos, r->fn,
				   tu_loc_name(r->handle_loc),
				   "%s() on %s, which holds coherent memory",
				   r->api->name, tu_loc_name(r->handle_loc));
		else if (tu_is_free(r) && tu_producers(r->handle_loc, &src, &n) &&
			 all_of(src, n, tu_is_map))
			f = report("dma-coherent-streaming-mix", r->pos, r->fn,
				   tu_loc_name(r->handle_loc),
				   "%s() of %s, a streaming mapping",
				   r->api->name, tu_loc_name(r->handle_loc));
		else if (tu_is_map(r) && r->api->handle == ARG_RET &&
			 tu_producers(r->buf_loc, &src, &n) && all_of(src, n, tu_is_alloc))
			f = report("dma-coherent-streaming-mix", r->pos, r->fn,
				   tu_loc_name(r->buf_loc),
				   "%s() of %s, coherent memory that is already mapped",
				   r->api->name, tu_loc_name(r->buf_loc));
		else
			continue;
		report_note(f, src[0]->pos, "%s by %s()",
			    tu_is_alloc(src[0]) ? "allocated here" : "mapped here",
			    src[0]->api->name);
	}
}
