// SPDX-License-Identifier: GPL-2.0
/*
 * Reachability over sparse's CFG along feasible paths.  A path keeps a few
 * facts, "this value is zero / is not": what a branch it took tested, and
 * the constant a phi got through the edge the path came in by.  A branch
 * on a value the path has decided goes one way only, so in
 *
 *	ret = wait(); if (ret) goto err; ... unmap(h); ... err: if (ret) unmap(h);
 *
 * no path runs from the first unmap to the second, and after "p = NULL;"
 * a later "if (p)" is not taken.  A question starts with what holds on
 * every path to its first instruction (a forward must-analysis per
 * function).  The facts and the states are bounded; past the bound every
 * CFG path counts, as without them.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ir_values.h"

#define MAX_FACTS	16
#define MAX_STATES	4096
#define MAX_DEPTH	8

enum { V_UNKNOWN = -1, V_ZERO = 0, V_NONZERO = 1 };

struct fact {
	pseudo_t p;
	bool nonzero;
	unsigned int age;	/* when learnt: the oldest makes room */
};

/* A block entered with facts (sorted by value, so equal states compare). */
struct state {
	struct basic_block *bb;
	unsigned int n;
	struct fact f[MAX_FACTS];
};

struct search {
	struct instruction *from, *to;
	insn_pred blocks;
	void *arg;
	bool use_facts;
	const struct pseudo_fact *given;	/* what also holds at from */
	size_t n_given;
	const pseudo_t *avoid;	/* a path on which one is non-zero ends */
	size_t n_avoid;
	struct state *work;	/* to visit */
	size_t n_work, cap_work;
	struct state *seen;	/* visited, hashed into slot */
	size_t n_seen, cap_seen;
	unsigned int *slot;	/* index + 1 into seen; 0: empty */
	size_t n_slot;
};

static int fact_of(const struct state *s, pseudo_t p)
{
	for (unsigned int i = 0; i < s->n; i++)
		if (s->f[i].p == p)
			return s->f[i].nonzero;
	return V_UNKNOWN;
}

static void forget(struct state *s, pseudo_t p)
{
	for (unsigned int i = 0; i < s->n; i++)
		if (s->f[i].p == p) {
			memmove(&s->f[i], &s->f[i + 1], (s->n - i - 1) * sizeof(s->f[0]));
			s->n--;
			return;
		}
}

static void learn(struct state *s, pseudo_t p, bool nonzero)
{
	unsigned int i, oldest = 0, age = 0;

	forget(s, p);
	for (i = 0; i < s->n; i++) {
		age = s->f[i].age >= age ? s->f[i].age + 1 : age;
		if (s->f[i].age < s->f[oldest].age)
			oldest = i;
	}
	if (s->n == MAX_FACTS)	/* a fact fewer: more paths, never fewer */
		forget(s, s->f[oldest].p);
	for (i = s->n; i > 0 && (uintptr_t)s->f[i - 1].p > (uintptr_t)p; i--)
		s->f[i] = s->f[i - 1];
	s->f[i] = (struct fact){ p, nonzero, age };
	s->n++;
}

/* Operations that keep a value's zero-ness (a truncation does not). */
static bool keeps_zero(int opcode)
{
	return opcode == OP_ZEXT || opcode == OP_SEXT || opcode == OP_PTRCAST ||
	       opcode == OP_UTPTR || opcode == OP_PTRTU || opcode == OP_COPY;
}

/* The x of "x != 0" / "x == 0" (*negate for the latter), or NULL. */
static pseudo_t compared_with_zero(struct instruction *def, bool *negate)
{
	if ((def->opcode != OP_SET_NE && def->opcode != OP_SET_EQ) ||
	    !def->src2 || def->src2->type != PSEUDO_VAL || def->src2->value)
		return NULL;
	*negate = def->opcode == OP_SET_EQ;
	return def->src1;
}

static int value_of(const struct state *s, pseudo_t p, int depth)
{
	struct instruction *def;
	pseudo_t x;
	bool negate;
	int v;

	if (!p || depth > MAX_DEPTH)
		return V_UNKNOWN;
	if (p->type == PSEUDO_VAL)
		return p->value != 0;
	v = fact_of(s, p);
	if (v != V_UNKNOWN || p->type != PSEUDO_REG || !(def = p->def))
		return v;
	if (keeps_zero(def->opcode))
		return value_of(s, def->src, depth + 1);
	if (def->opcode == OP_SEL) {
		/* readl_poll_timeout()'s "cond ? 0 : -ETIMEDOUT" */
		int c = value_of(s, def->src1, depth + 1);
		int a = value_of(s, def->src2, depth + 1);
		int b = value_of(s, def->src3, depth + 1);

		return c == V_UNKNOWN ? (a == b ? a : V_UNKNOWN) : c ? a : b;
	}
	if (def->opcode == OP_AND || def->opcode == OP_OR) {
		/* "a && b" of two tests, which sparse may fold into one value */
		int a = value_of(s, def->src1, depth + 1);
		int b = value_of(s, def->src2, depth + 1);
		int absorbing = def->opcode == OP_OR;	/* x | nonzero, x & 0 */

		if (a == absorbing || b == absorbing)
			return absorbing;
		return def->opcode == OP_OR && a == V_ZERO && b == V_ZERO ? V_ZERO : V_UNKNOWN;
	}
	x = compared_with_zero(def, &negate);
	v = x ? value_of(s, x, depth + 1) : V_UNKNOWN;
	return v == V_UNKNOWN ? v : v ^ negate;
}

/* What a branch taken on cond tells of cond and of what it was made from. */
static void learn_branch(struct state *s, pseudo_t cond, bool nonzero, int depth)
{
	struct instruction *def;
	pseudo_t x;
	bool negate;

	if (!cond || cond->type != PSEUDO_REG || depth > MAX_DEPTH)
		return;
	learn(s, cond, nonzero);
	def = cond->def;
	if (!def)
		return;
	if (keeps_zero(def->opcode))
		learn_branch(s, def->src, nonzero, depth + 1);
	else if ((x = compared_with_zero(def, &negate)))
		learn_branch(s, x, nonzero ^ negate, depth + 1);
}

/* Entering bb from pred: each phi takes the value pred's edge gives it. */
static void enter(struct state *s, struct basic_block *pred)
{
	struct instruction *insn;

	FOR_EACH_PTR(s->bb->insns, insn) {
		pseudo_t src;
		int v = V_UNKNOWN;

		if (!insn->bb || insn->opcode != OP_PHI)
			continue;
		FOR_EACH_PTR(insn->phi_list, src) {
			struct instruction *ps = src && src != VOID ? src->def : NULL;

			if (ps && ps->bb == pred)
				v = value_of(s, ps->phi_src, 0);
		} END_FOR_EACH_PTR(src);
		forget(s, insn->target);
		if (v != V_UNKNOWN)
			learn(s, insn->target, v);
	} END_FOR_EACH_PTR(insn);
}

/* States are equal by block and facts; when facts were learnt is
 * no part of it. */
static unsigned long state_hash(const struct state *s)
{
	unsigned long h = (uintptr_t)s->bb;

	for (unsigned int i = 0; i < s->n; i++)
		h = h * 31 + (uintptr_t)s->f[i].p * 2 + s->f[i].nonzero;
	return h;
}

static bool same_state(const struct state *a, const struct state *b)
{
	if (a->bb != b->bb || a->n != b->n)
		return false;
	for (unsigned int i = 0; i < a->n; i++)
		if (a->f[i].p != b->f[i].p || a->f[i].nonzero != b->f[i].nonzero)
			return false;
	return true;
}

/* false when s was visited already */
static bool visit(struct search *q, const struct state *s)
{
	size_t i = state_hash(s) & (q->n_slot - 1);

	for (; q->slot[i]; i = (i + 1) & (q->n_slot - 1))
		if (same_state(&q->seen[q->slot[i] - 1], s))
			return false;
	GROW(q->seen, q->cap_seen, q->n_seen + 1);
	q->seen[q->n_seen++] = *s;
	q->slot[i] = (unsigned int)q->n_seen;
	return true;
}

typedef void (*edge_fn)(void *ctx, struct state *child);

static void edge(const struct state *from, struct basic_block *bb, pseudo_t cond,
		 int taken, bool use_facts, edge_fn fn, void *ctx)
{
	struct state s = *from;

	s.bb = bb;
	if (use_facts) {
		if (cond && taken != V_UNKNOWN)
			learn_branch(&s, cond, taken, 0);
		enter(&s, from->bb);
	} else {
		s.n = 0;
	}
	fn(ctx, &s);
}

/* The feasible edges out of a block walked to its end, with their facts. */
static void for_each_edge(const struct state *s, bool use_facts, edge_fn fn,
			  void *ctx)
{
	struct instruction *last = last_instruction(s->bb->insns);
	struct basic_block *child;

	if (use_facts && last && last->opcode == OP_CBR) {
		int v = value_of(s, last->cond, 0);

		if (v != V_ZERO)
			edge(s, last->bb_true, last->cond, V_NONZERO, true, fn, ctx);
		if (v != V_NONZERO && last->bb_false != last->bb_true)
			edge(s, last->bb_false, last->cond, V_ZERO, true, fn, ctx);
		return;
	}
	FOR_EACH_PTR(s->bb->children, child) {
		edge(s, child, NULL, V_UNKNOWN, use_facts, fn, ctx);
	} END_FOR_EACH_PTR(child);
}

/*
 * What holds on entry to each block of a function on every path from its
 * entry (facts only shrink as paths join, so the fixpoint comes), kept
 * for the function the last question was about.
 */
static struct {
	struct entrypoint *ep;
	struct instruction *entry;	/* with ep: the same function */
	struct basic_block **bbs;	/* sorted by address */
	struct state *in;		/* n == UINT_MAX: not reached yet */
	size_t n, cap;
	bool changed;
} must;

static size_t bb_index(struct basic_block *bb)
{
	size_t lo = 0, hi = must.n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (must.bbs[mid] == bb)
			return mid;
		if ((uintptr_t)must.bbs[mid] < (uintptr_t)bb)
			lo = mid + 1;
		else
			hi = mid;
	}
	return SIZE_MAX;
}

static int cmp_bb(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(struct basic_block *const *)a;
	uintptr_t y = (uintptr_t)*(struct basic_block *const *)b;

	return x < y ? -1 : x > y;
}

static void must_join(void *ctx, struct state *e)
{
	size_t i = bb_index(e->bb);
	struct state *in;
	unsigned int k = 0;

	(void)ctx;
	if (i == SIZE_MAX)
		return;
	in = &must.in[i];
	if (in->n == UINT_MAX) {
		*in = *e;
		must.changed = true;
		return;
	}
	for (unsigned int j = 0; j < in->n; j++)
		if (fact_of(e, in->f[j].p) == in->f[j].nonzero)
			in->f[k++] = in->f[j];
	must.changed |= k != in->n;
	in->n = k;
}

static void must_compute(struct entrypoint *ep)
{
	struct basic_block *bb;

	if (must.ep == ep && must.entry == ep->entry)
		return;
	must.ep = ep;
	must.entry = ep->entry;
	must.n = 0;
	FOR_EACH_PTR(ep->bbs, bb) {
		GROW(must.bbs, must.cap, must.n + 1);
		must.bbs[must.n++] = bb;
	} END_FOR_EACH_PTR(bb);
	qsort(must.bbs, must.n, sizeof(*must.bbs), cmp_bb);
	free(must.in);
	must.in = xcalloc(must.n ? must.n : 1, sizeof(*must.in));
	for (size_t i = 0; i < must.n; i++)
		must.in[i] = (struct state){ .bb = must.bbs[i], .n = UINT_MAX };
	must_join(NULL, &(struct state){ .bb = ep->entry->bb });
	do {
		must.changed = false;
		for (size_t i = 0; i < must.n; i++) {
			struct state s = must.in[i];
			struct instruction *insn;

			if (s.n == UINT_MAX)
				continue;
			FOR_EACH_PTR(s.bb->insns, insn) {
				if (insn->bb && insn->opcode != OP_PHI && insn->target)
					forget(&s, insn->target);
			} END_FOR_EACH_PTR(insn);
			for_each_edge(&s, true, must_join, NULL);
		}
	} while (must.changed);
}

enum scan_result { SCAN_FOUND, SCAN_BLOCKED, SCAN_FELL_THROUGH };

/*
 * Walks s's block after after (from its start when NULL): to is found
 * unless an instruction blocks the way first.  A value defined again (a
 * loop's next round) loses what the path knew of it.
 */
static enum scan_result scan_block(struct search *q, struct state *s,
				   struct instruction *after)
{
	struct instruction *insn;
	bool started = !after;

	FOR_EACH_PTR(s->bb->insns, insn) {
		if (!started) {
			started = insn == after;
		} else {
			if (insn == q->to)
				return SCAN_FOUND;
			if (q->blocks && q->blocks(insn, q->arg))
				return SCAN_BLOCKED;
		}
		if (insn->bb && insn->opcode != OP_PHI && insn->target)
			forget(s, insn->target);
	} END_FOR_EACH_PTR(insn);
	return SCAN_FELL_THROUGH;
}

static void push(void *ctx, struct state *child)
{
	struct search *q = ctx;

	for (size_t i = 0; i < q->n_avoid; i++)
		if (value_of(child, q->avoid[i], 0) == V_NONZERO)
			return;
	GROW(q->work, q->cap_work, q->n_work + 1);
	q->work[q->n_work++] = *child;
}

/*
 * From from with what holds there on every path to it.  1: found, 0: not,
 * -1: more states than the bound.
 */
static int search(struct search *q)
{
	struct state s = { .bb = q->from->bb };
	enum scan_result r;
	int found = 0;

	if (q->use_facts) {
		must_compute(s.bb->ep);
		s = must.in[bb_index(s.bb)];
		if (s.n == UINT_MAX)
			s.n = 0;
		for (size_t i = 0; i < q->n_given; i++)
			learn(&s, q->given[i].p, q->given[i].nonzero);
	}
	r = scan_block(q, &s, q->from);
	if (r == SCAN_FOUND)
		return 1;
	if (r == SCAN_FELL_THROUGH)
		for_each_edge(&s, q->use_facts, push, q);
	while (q->n_work && !found) {
		s = q->work[--q->n_work];
		if (q->n_seen == MAX_STATES)
			return -1;
		if (!visit(q, &s))
			continue;
		r = scan_block(q, &s, NULL);
		found = r == SCAN_FOUND;
		if (r == SCAN_FELL_THROUGH)
			for_each_edge(&s, q->use_facts, push, q);
	}
	return found;
}

static int reaches(struct instruction *from, struct instruction *to,
		   insn_pred blocks, void *arg, bool use_facts,
		   const struct pseudo_fact *given, size_t n_given,
		   const pseudo_t *avoid, size_t n_avoid)
{
	struct search q = {
		.from = from, .to = to, .blocks = blocks, .arg = arg, .use_facts = use_facts,
		.given = given, .n_given = n_given, .avoid = avoid, .n_avoid = n_avoid,
		.n_slot = 2 * MAX_STATES,
	};
	int r;

	q.slot = xcalloc(q.n_slot, sizeof(*q.slot));
	r = search(&q);
	free(q.work);
	free(q.seen);
	free(q.slot);
	return r;
}

static bool query(struct instruction *from, struct instruction *to,
		  insn_pred blocks, void *arg,
		  const struct pseudo_fact *given, size_t n_given,
		  const pseudo_t *avoid, size_t n_avoid)
{
	int r;

	if (!from->bb || !to->bb || !from->bb->ep || !from->bb->ep->entry ||
	    !from->bb->ep->entry->bb)
		return false;
	r = reaches(from, to, blocks, arg, true, given, n_given, avoid, n_avoid);
	/* past the bound, every CFG path counts (nothing given or avoided) */
	if (r < 0)
		r = reaches(from, to, blocks, arg, false, NULL, 0, NULL, 0);
	return r != 0;
}

bool insn_reaches_given(struct instruction *from, struct instruction *to,
			insn_pred blocks, void *arg,
			const struct pseudo_fact *given, size_t n_given)
{
	return query(from, to, blocks, arg, given, n_given, NULL, 0);
}

bool insn_reaches_unless(struct instruction *from, struct instruction *to,
			 const pseudo_t *avoid, size_t n_avoid)
{
	return query(from, to, NULL, NULL, NULL, 0, avoid, n_avoid);
}

bool insn_reaches(struct instruction *from, struct instruction *to,
		  insn_pred blocks, void *arg)
{
	return insn_reaches_given(from, to, blocks, arg, NULL, 0);
}
