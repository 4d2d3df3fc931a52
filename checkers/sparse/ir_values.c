// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "core/util.h"
#include "ir_values.h"

bool pseudo_is_live(pseudo_t p)
{
	if (!p || p == VOID)
		return false;
	switch (p->type) {
	case PSEUDO_REG:
	case PSEUDO_PHI:
		return p->def && p->def->bb;
	case PSEUDO_VOID:
	case PSEUDO_UNDEF:
		return false;
	default:
		return true;
	}
}

bool pseudo_const(pseudo_t p, long long *val)
{
	if (!p || p->type != PSEUDO_VAL)
		return false;
	*val = p->value;
	return true;
}

enum value_cmp pseudo_compare(pseudo_t a, pseudo_t b)
{
	long long x, y;

	if (!pseudo_is_live(a) || !pseudo_is_live(b))
		return VALUES_UNKNOWN;
	if (a == b)
		return VALUES_EQUAL;
	if (pseudo_const(a, &x) && pseudo_const(b, &y))
		return x == y ? VALUES_EQUAL : VALUES_DIFFERENT;
	return VALUES_UNKNOWN;
}

bool pseudo_may_be(pseudo_t handle, pseudo_t value)
{
	pseudo_t src;

	if (!pseudo_is_live(handle) || !pseudo_is_live(value))
		return false;
	if (handle == value)
		return true;
	if (handle->type != PSEUDO_REG || handle->def->opcode != OP_PHI)
		return false;
	FOR_EACH_PTR(handle->def->phi_list, src) {
		if (src->type == PSEUDO_PHI && src->def &&
		    src->def->phi_src == value)
			return true;
	} END_FOR_EACH_PTR(src);
	return false;
}

/* Visited blocks, by address: sparse's own per-block fields stay untouched. */
struct bb_set {
	struct basic_block **bbs;
	size_t n, cap;
};

static bool bb_set_add(struct bb_set *set, struct basic_block *bb)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->bbs[i] == bb)
			return false;
	GROW(set->bbs, set->cap, set->n + 1);
	set->bbs[set->n++] = bb;
	return true;
}

/* Is insn at or after position start (an index) in its block? */
static int insn_index(struct instruction *insn)
{
	struct instruction *i;
	int n = 0;

	FOR_EACH_PTR(insn->bb->insns, i) {
		if (i == insn)
			return n;
		n++;
	} END_FOR_EACH_PTR(i);
	return -1;
}

bool insn_reaches(struct instruction *from, struct instruction *to,
		  struct instruction *avoid)
{
	struct bb_set seen = { 0 };
	struct basic_block **work = NULL;
	size_t n_work = 0, cap_work = 0;
	struct basic_block *bb, *child;
	bool found = false;

	if (!from->bb || !to->bb)
		return false;
	/* the rest of from's own block */
	if (from->bb == to->bb && insn_index(from) < insn_index(to)) {
		if (!avoid || avoid->bb != from->bb ||
		    insn_index(avoid) < insn_index(from) ||
		    insn_index(avoid) > insn_index(to))
			return true;
		return false;
	}
	if (avoid && avoid->bb == from->bb &&
	    insn_index(avoid) > insn_index(from))
		return false;
	FOR_EACH_PTR(from->bb->children, child) {
		GROW(work, cap_work, n_work + 1);
		work[n_work++] = child;
	} END_FOR_EACH_PTR(child);
	while (n_work && !found) {
		bb = work[--n_work];
		if (!bb_set_add(&seen, bb))
			continue;
		if (bb == to->bb) {
			/* entering to's block: avoid must not come first */
			if (!avoid || avoid->bb != bb ||
			    insn_index(avoid) > insn_index(to)) {
				found = true;
				break;
			}
			continue;
		}
		if (avoid && avoid->bb == bb)
			continue;
		FOR_EACH_PTR(bb->children, child) {
			GROW(work, cap_work, n_work + 1);
			work[n_work++] = child;
		} END_FOR_EACH_PTR(child);
	}
	free(work);
	free(seen.bbs);
	return found;
}
