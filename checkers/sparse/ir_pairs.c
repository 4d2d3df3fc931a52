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
		if (m >= 0)
			judge_pair(j, &tu_facts.sites[m], &tu_facts.sites[rel]);
	}
}
