/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Questions about SSA values and the CFG of sparse's IR that the checks
 * share: is a value a constant, is it still defined, can one instruction
 * reach another.
 */
#ifndef DRVCHECK_SPARSE_IR_VALUES_H
#define DRVCHECK_SPARSE_IR_VALUES_H

#include <stdbool.h>

#include "sparse_headers.h"

/* A set of values by address, in the order added (a work list too). */
struct pseudo_set {
	pseudo_t *items;
	size_t n, cap;
};

/* false when p was in the set already */
bool pseudo_set_add(struct pseudo_set *set, pseudo_t p);

/* false for NULL, VOID and registers whose defining instruction is dead */
bool pseudo_is_live(pseudo_t p);

/* true and *val when p is a constant */
bool pseudo_const(pseudo_t p, long long *val);

/*
 * The three answers the design asks size comparisons for: only
 * VALUES_DIFFERENT may be reported at full confidence.
 */
enum value_cmp {
	VALUES_UNKNOWN,
	VALUES_EQUAL,
	VALUES_DIFFERENT,
};
enum value_cmp pseudo_compare(pseudo_t a, pseudo_t b);

/*
 * true when handle may be value: the same pseudo, or a phi one of whose
 * sources is value (the handle kept in a variable across a loop).
 */
bool pseudo_may_be(pseudo_t handle, pseudo_t value);

/* A property of a value, for pseudo_origin(). */
typedef bool (*pseudo_pred)(pseudo_t p, void *arg);

/*
 * The first value, p itself or one p is computed from through arithmetic,
 * casts, selects and phis (not through memory or calls), for which pred is
 * true; NULL if none.  The page and offset that dma_map_single()'s inlined
 * body computes are made from the buffer address it was given.
 */
pseudo_t pseudo_origin(pseudo_t p, pseudo_pred pred, void *arg);

/* A property of an instruction, for insn_reaches(). */
typedef bool (*insn_pred)(struct instruction *insn, void *arg);

/*
 * true when some feasible path runs from instruction from to instruction
 * to without passing through an instruction for which blocks (NULL: none)
 * is true (ir_reach.c).
 */
bool insn_reaches(struct instruction *from, struct instruction *to,
		  insn_pred blocks, void *arg);

/* A value known to be zero or not (a parameter a caller passes 0). */
struct pseudo_fact {
	pseudo_t p;
	bool nonzero;
};

/* insn_reaches() on the paths where the given facts also hold at from. */
bool insn_reaches_given(struct instruction *from, struct instruction *to,
			insn_pred blocks, void *arg,
			const struct pseudo_fact *given, size_t n_given);

/*
 * insn_reaches() on the paths where none of the values in avoid is known
 * to be non-zero: not through a branch taken on "h == DMA_MAPPING_ERROR".
 */
bool insn_reaches_unless(struct instruction *from, struct instruction *to,
			 const pseudo_t *avoid, size_t n_avoid);

/*
 * true when a and b are loads of the same memory: the same offset from the
 * same base pointer, or from base pointers that are themselves loads of
 * the same memory (em->ring->dma read twice).  Says nothing of the values.
 */
bool pseudo_same_load(pseudo_t a, pseudo_t b);

/* true when a and b (loads or stores) access the same memory */
bool insn_same_memory(struct instruction *a, struct instruction *b);

/*
 * true when insn may change the memory that loaded (a load) reads: a store
 * to it, a call given its address or the address of the struct holding it,
 * or the definition of the address itself (a cursor advanced in a loop).
 */
bool insn_may_write(struct instruction *insn, pseudo_t loaded);

/*
 * true when leaf is true for some value p may take: through phis (only
 * the sources whose phisrc instruction keep accepts; NULL: all), selects
 * and copies, each phi and select once; what is none of these is a leaf.
 */
bool pseudo_some_value(pseudo_t p, insn_pred keep,
		       bool (*leaf)(pseudo_t value, void *arg), void *arg);

#endif
