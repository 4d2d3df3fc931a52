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

bool pseudo_set_add(struct pseudo_set *set, pseudo_t p)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->items[i] == p)
			return false;
	GROW(set->items, set->cap, set->n + 1);
	set->items[set->n++] = p;
	return true;
}

static pseudo_t origin(pseudo_t p, pseudo_pred pred, void *arg,
		       struct pseudo_set *seen)
{
	struct instruction *def;
	pseudo_t src, found = NULL;

	if (!pseudo_is_live(p) || !pseudo_set_add(seen, p))
		return NULL;
	if (pred(p, arg))
		return p;
	if (p->type != PSEUDO_REG && p->type != PSEUDO_PHI)
		return NULL;
	def = p->def;
	switch (def->opcode) {
	case OP_PHI:
		FOR_EACH_PTR(def->phi_list, src) {
			if (!found && pseudo_is_live(src))
				found = origin(src->def->phi_src, pred, arg, seen);
		} END_FOR_EACH_PTR(src);
		return found;
	case OP_SEL:
		found = origin(def->src3, pred, arg, seen);
		/* fall through */
	case OP_BINARY ... OP_BINARY_END:
	case OP_BINCMP ... OP_BINCMP_END:
		if (!found)
			found = origin(def->src2, pred, arg, seen);
		/* fall through */
	case OP_UNOP ... OP_UNOP_END:
	case OP_COPY:
	case OP_SYMADDR:
	case OP_PHISOURCE:
		return found ? found : origin(def->src1, pred, arg, seen);
	default:
		return NULL;
	}
}

pseudo_t pseudo_origin(pseudo_t p, pseudo_pred pred, void *arg)
{
	struct pseudo_set seen = { 0 };
	pseudo_t found = origin(p, pred, arg, &seen);

	free(seen.items);
	return found;
}

/* An address as base pointer plus constant offset, through casts and adds. */
struct ir_addr {
	pseudo_t base;
	long long offset;
};

static struct ir_addr address_of(pseudo_t p, long long offset)
{
	struct ir_addr a;

	for (int depth = 0; depth < 16 && p && p->type == PSEUDO_REG && p->def;
	     depth++) {
		struct instruction *def = p->def;

		if (def->opcode == OP_PTRCAST || def->opcode == OP_COPY) {
			p = def->src;
		} else if (def->opcode == OP_ADD && def->src2 &&
			   def->src2->type == PSEUDO_VAL) {
			offset += def->src2->value;
			p = def->src1;
		} else {
			break;
		}
	}
	a.base = p;
	a.offset = offset;
	return a;
}

static bool same_address(struct ir_addr a, struct ir_addr b, int depth);

/* Two loads of the same memory (the value itself is not compared). */
static bool same_load(struct instruction *x, struct instruction *y, int depth)
{
	if (x == y)
		return true;
	if (!x || !y || x->opcode != OP_LOAD || y->opcode != OP_LOAD ||
	    x->size != y->size)
		return false;
	return same_address(address_of(x->src, x->offset),
			    address_of(y->src, y->offset), depth + 1);
}

static bool same_address(struct ir_addr a, struct ir_addr b, int depth)
{
	if (a.offset != b.offset || !a.base || !b.base || depth > 4)
		return false;
	if (a.base == b.base)
		return true;
	return a.base->type == PSEUDO_REG && b.base->type == PSEUDO_REG &&
	       same_load(a.base->def, b.base->def, depth);
}

static struct instruction *load_of(pseudo_t p)
{
	if (!pseudo_is_live(p) || p->type != PSEUDO_REG ||
	    p->def->opcode != OP_LOAD)
		return NULL;
	return p->def;
}

bool pseudo_same_load(pseudo_t a, pseudo_t b)
{
	struct instruction *x = load_of(a), *y = load_of(b);

	return x && y && same_load(x, y, 0);
}

static bool is_memop(struct instruction *insn)
{
	return insn && (insn->opcode == OP_LOAD || insn->opcode == OP_STORE);
}

bool insn_same_memory(struct instruction *a, struct instruction *b)
{
	if (!is_memop(a) || !is_memop(b) || a->size != b->size)
		return false;
	return same_address(address_of(a->src, a->offset),
			    address_of(b->src, b->offset), 0);
}

bool insn_may_write(struct instruction *insn, pseudo_t loaded)
{
	struct instruction *load = load_of(loaded);
	struct ir_addr at, to;
	pseudo_t arg;

	if (!load)
		return false;
	at = address_of(load->src, load->offset);
	/* the address itself takes a new value: a ring cursor or an index
	 * advanced around a loop (igb's unwind: tx_buffer = &ring[i--]) */
	if (at.base && (at.base->type == PSEUDO_REG || at.base->type == PSEUDO_PHI) &&
	    at.base->def == insn)
		return true;
	if (insn->opcode == OP_STORE)
		return same_address(at, address_of(insn->src, insn->offset), 0);
	if (insn->opcode != OP_CALL)
		return false;
	/* the callee may write through the location's address or its base */
	FOR_EACH_PTR(insn->arguments, arg) {
		to = address_of(arg, 0);
		if (same_address(at, to, 0))
			return true;
		to.offset = at.offset;
		if (same_address(at, to, 0))
			return true;
	} END_FOR_EACH_PTR(arg);
	return false;
}

struct value_walk {
	insn_pred keep;
	bool (*leaf)(pseudo_t value, void *arg);
	void *arg;
	/* phis and selects already walked: loops, and shared sub-values */
	struct instruction *seen[64];
	size_t n_seen;
};

/* Past the bound every phi counts as walked: the walk always ends. */
static bool walked(struct value_walk *w, struct instruction *def)
{
	for (size_t i = 0; i < w->n_seen; i++)
		if (w->seen[i] == def)
			return true;
	if (w->n_seen == sizeof(w->seen) / sizeof(w->seen[0]))
		return true;
	w->seen[w->n_seen++] = def;
	return false;
}

static bool some_value(pseudo_t p, struct value_walk *w)
{
	struct instruction *def = p && p->type == PSEUDO_REG ? p->def : NULL;
	pseudo_t src;

	if (!def)
		return w->leaf(p, w->arg);
	switch (def->opcode) {
	case OP_PHI:
		if (walked(w, def))
			return false;
		FOR_EACH_PTR(def->phi_list, src) {
			struct instruction *phisrc = src->type == PSEUDO_PHI ? src->def : NULL;

			if (!phisrc || !phisrc->bb || (w->keep && !w->keep(phisrc, w->arg)))
				continue;
			if (some_value(phisrc->phi_src, w))
				return true;
		} END_FOR_EACH_PTR(src);
		return false;
	case OP_SEL:
		if (walked(w, def))
			return false;
		return some_value(def->src2, w) || some_value(def->src3, w);
	case OP_COPY:
		return some_value(def->src, w);
	default:
		return w->leaf(p, w->arg);
	}
}

bool pseudo_some_value(pseudo_t p, insn_pred keep,
		       bool (*leaf)(pseudo_t value, void *arg), void *arg)
{
	struct value_walk w = { .keep = keep, .leaf = leaf, .arg = arg };

	return some_value(p, &w);
}
