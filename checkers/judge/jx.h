/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A value argument of a site (a size, an sg count, a sync offset, a region
 * start) as every engine can write it: a constant when known, else a
 * linear form over atoms, (sum(coef * atom) + c) / den, where an atom is a
 * location key ("field:e1000_adapter.rx_buffer_len", "local:...") or
 * something only equal to itself (a macro sparse did not fold, a call in
 * one function, a symbol of the analyzer's path).  That is enough to prove
 * "len + 4 differs from len" and "rx_buffer_len equals rx_buffer_len"
 * without knowing either, which is most of what real pairs need.  A
 * division by a constant is taken as exact (a driver halves a size it
 * allocated even: flexcop's "dma->size = size / 2" freed as "dma->size *
 * 2" is size again); a form with constants only is an integer.
 *
 * Text form (facts database, cocci's fact lines, docs/facts.md):
 *   ""      no such argument       "?"   not expressible (opaque)
 *   "2048"  "{field:s.len}+4"  "2*{local:f:x}-{macro:NET_IP_ALIGN}"
 *   "({local:f:size})/2"   a form divided by a constant
 */
#ifndef DRVCHECK_JUDGE_JX_H
#define DRVCHECK_JUDGE_JX_H

#include <stdbool.h>
#include <stddef.h>

enum jx_kind {
	JX_NONE,	/* the site has no such argument */
	JX_OPAQUE,	/* it has one, nothing is known of it */
	JX_LINEAR,	/* (c + sum(t[i].coef * t[i].atom)) / den */
};

struct jx_term {
	char *atom;
	long long coef;		/* never 0 */
};

struct jx {
	enum jx_kind kind;
	long long c;
	size_t n;		/* terms, sorted by atom, atoms distinct */
	struct jx_term *t;
	/* the engine's own value (an SVal, a pseudo), never stored */
	const void *origin;
	long long den;		/* > 1 when the form is divided; 0 or 1: not */
};

/* Three answers; only JX_TRUE may become a finding. */
enum jx_truth { JX_UNKNOWN, JX_TRUE, JX_FALSE };

static inline bool jx_known(const struct jx *x)
{
	return x->kind == JX_LINEAR && x->n == 0;
}

struct jx jx_const(long long c);
struct jx jx_opaque(void);
/* One atom (copied) times coef, plus c. */
struct jx jx_atom(const char *atom, long long coef, long long c);
/* a + b (a new value). */
struct jx jx_add(const struct jx *a, const struct jx *b);
/* a - b */
struct jx jx_sub(const struct jx *a, const struct jx *b);
/* k * x */
struct jx jx_scale(const struct jx *x, long long k);
/* x / k, taken as exact unless x is a constant (then C's division) */
struct jx jx_div(const struct jx *x, long long k);
/* The share of term i of x, its coefficient over x's denominator, times v
 * (v the term's atom: what term i adds to x). */
struct jx jx_term_times(const struct jx *x, size_t i, const struct jx *v);
/* Is x one atom exactly (coefficient 1, no constant, not divided)? */
bool jx_is_atom(const struct jx *x);
struct jx jx_copy(const struct jx *x);
void jx_free(struct jx *x);

/* Parses the text form; false (and *x opaque) on a malformed text. */
bool jx_parse(const char *text, struct jx *x);
/* The text form, malloc'd. */
char *jx_text(const struct jx *x);
/* For messages: the constant, else the text form without braces. */
char *jx_show(const struct jx *x);

/* Does a == b / a > b hold whatever the atoms are? */
enum jx_truth jx_equal(const struct jx *a, const struct jx *b);
enum jx_truth jx_greater(const struct jx *a, const struct jx *b);

bool jx_same(const struct jx *a, const struct jx *b);	/* the same form */
/*
 * Is a another multiple of b than b itself (q * a == p * b, p != q, over
 * the same atoms: "n * 8" and "n * 4")?  They are then equal only where
 * both are 0.
 */
bool jx_other_multiple(const struct jx *a, const struct jx *b);

#endif
