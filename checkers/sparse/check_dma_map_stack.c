// SPDX-License-Identifier: GPL-2.0
/*
 * dma-map-stack, within one function: a streaming map of a single buffer
 * or a page (dma_map_single, dma_map_page(virt_to_page(buf), ...)) whose
 * buffer address is made from a local of the function (an on-stack array
 * or struct, &local) or from what a vmalloc-family allocator returned.
 * The address is followed through the arithmetic the inlined map body and
 * virt_to_page() do, not through memory: sparse has already forwarded a
 * value stored and loaded again (la->trace = vzalloc(); map(la->trace)).
 * A scatterlist on the stack is fine (only its pages are mapped), so the
 * sg kinds are not looked at.
 */
#include "sparse_checks.h"
#include "ir_values.h"
#include "report.h"

/* An automatic variable: its address is on the stack. */
static bool is_stack_object(pseudo_t p, void *arg)
{
	(void)arg;
	return p->type == PSEUDO_SYM && p->sym && p->sym->ident &&
	       p->sym->ctype.base_type &&
	       p->sym->ctype.base_type->type != SYM_FN &&
	       !(p->sym->ctype.modifiers & (MOD_STATIC | MOD_NONLOCAL));
}

/* The result of an allocator the model puts in the vmalloc area. */
static bool is_vmalloc_result(pseudo_t p, void *arg)
{
	const struct api_fn **api = arg;
	struct instruction *def;

	if (p->type != PSEUDO_REG)
		return false;
	def = p->def;
	if (def->opcode != OP_CALL ||
	    def->target != p || !def->func || def->func->type != PSEUDO_SYM ||
	    !def->func->sym->ident)
		return false;
	*api = api_lookup(show_ident(def->func->sym->ident));
	return *api && (*api)->family == FAMILY_MEM &&
	       (*api)->role == ROLE_VMALLOC;
}

void check_dma_map_stack(const struct fn_ctx *ctx)
{
	for_each_site(ctx, s) {
		pseudo_t buf = site_value(s, AR_BUF), from;
		const struct api_fn *alloc = NULL;

		if (!is_dma_map(s) || !buf ||
		    (s->api->kind != KIND_SINGLE && s->api->kind != KIND_PAGE))
			continue;
		from = pseudo_origin(buf, is_stack_object, NULL);
		if (from) {
			report("dma-map-stack", s->pos, ctx->name,
			       show_ident(from->sym->ident),
			       "%s() maps %s, which is on the stack; DMA needs kmalloc or page memory",
			       s->api->name, show_ident(from->sym->ident));
			continue;
		}
		from = pseudo_origin(buf, is_vmalloc_result, &alloc);
		if (from)
			report_note(report("dma-map-stack", s->pos, ctx->name,
					   alloc->name,
					   "%s() maps memory from %s(): the vmalloc area is not physically contiguous",
					   s->api->name, alloc->name),
				    from->def->pos, "allocated here by %s()",
				    alloc->name);
	}
}
