// SPDX-License-Identifier: GPL-2.0
#include "ir_pairs.h"
#include "ir_values.h"
#include "tu_facts.h"

/* The map in this function whose returned handle is handle, or NULL. */
static const struct call_site *map_of(const struct fn_ctx *ctx, pseudo_t handle)
{
	if (!pseudo_is_live(handle))
		return NULL;
	for_each_site(ctx, s) {
		if (is_dma_map(s) && site_value(s, AR_HANDLE) == handle)
			return s;
	}
	return NULL;
}

/* A value the AST could not fold that SSA knows is a constant. */
static void fold(struct jx *x, const struct call_site *s, enum arg_role role)
{
	long long v;

	if (x->kind != JX_NONE && !jx_known(x) && pseudo_const(site_value(s, role), &v)) {
		jx_free(x);
		*x = jx_const(v);
	}
}

static int site_of(const struct call_site *s)
{
	int idx = tu_facts_site_at(s->pos, s->api);
	struct jsite *js;
	long long dir;

	if (idx < 0)
		return -1;
	js = &tu_facts.sites[idx];
	fold(&js->size, s, AR_SIZE);
	fold(&js->offset, s, AR_OFFSET);
	fold(&js->nents, s, AR_NENTS);
	if (js->dir < 0 && s->api->dir >= 0 && pseudo_const(site_value(s, AR_DIR), &dir))
		js->dir = (int)dir;
	return idx;
}

/*
 * The comparisons of handle with DMA_MAPPING_ERROR that the inlined
 * bodies of the function's dma_mapping_error() tests make (into out, at
 * most max): where one holds, the map failed.
 */
static size_t failed_tests(const struct fn_ctx *ctx, pseudo_t handle,
			   pseudo_t *out, size_t max)
{
	size_t n = 0;

	for_each_site(ctx, t) {
		if (!is_dma_mapping_error(t))
			continue;
		for (size_t i = t->body_start; i < t->body_end && n < max; i++) {
			struct instruction *insn = ctx->insns[i];

			if (insn->bb && insn->opcode == OP_SET_EQ &&
			    ((insn->src1 == handle && insn->src2->type == PSEUDO_VAL) ||
			     (insn->src2 == handle && insn->src1->type == PSEUDO_VAL)))
				out[n++] = insn->target;
		}
	}
	return n;
}

/*
 * A release that runs only where its map failed the test (bgmac's error
 * label, reached when skb_frag_dma_map() failed) undoes no mapping of
 * that map: no pair to judge.
 */
static bool after_success(const struct fn_ctx *ctx, const struct call_site *map,
			  const struct call_site *rel)
{
	pseudo_t failed[8];
	size_t n = failed_tests(ctx, site_value(map, AR_HANDLE), failed, 8);

	return !n || insn_reaches_unless(map->cfg, rel->cfg, failed, n);
}

void ir_pairs(const struct fn_ctx *ctx, const struct judge *j)
{
	for_each_site(ctx, s) {
		const struct call_site *map;
		int rel, m;

		rel = site_of(s);
		if (rel < 0 || (!is_dma_release(s) && !is_dma_sync(s)))
			continue;
		map = map_of(ctx, site_value(s, AR_HANDLE));
		m = map ? site_of(map) : -1;
		if (m >= 0 && after_success(ctx, map, s))
			judge_pair(j, &tu_facts.sites[m], &tu_facts.sites[rel]);
	}
}
