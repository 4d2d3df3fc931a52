// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "jx.h"

struct jx jx_const(long long c)
{
	return (struct jx){ .kind = JX_LINEAR, .c = c };
}

struct jx jx_opaque(void)
{
	return (struct jx){ .kind = JX_OPAQUE };
}

struct jx jx_atom(const char *atom, long long coef, long long c)
{
	struct jx x = jx_const(c);

	if (!coef)
		return x;
	x.t = xmalloc(sizeof(*x.t));
	x.t[0].atom = xstrdup(atom);
	x.t[0].coef = coef;
	x.n = 1;
	return x;
}

struct jx jx_copy(const struct jx *x)
{
	struct jx y = *x;

	y.t = NULL;
	if (x->n) {
		y.t = xmalloc(x->n * sizeof(*y.t));
		for (size_t i = 0; i < x->n; i++) {
			y.t[i].atom = xstrdup(x->t[i].atom);
			y.t[i].coef = x->t[i].coef;
		}
	}
	return y;
}

struct jx jx_scale(const struct jx *x, long long k)
{
	struct jx y;

	if (x->kind != JX_LINEAR)
		return jx_copy(x);
	if (!k)
		return jx_const(0);
	y = jx_copy(x);
	y.c *= k;
	for (size_t i = 0; i < y.n; i++)
		y.t[i].coef *= k;
	return y;
}

void jx_free(struct jx *x)
{
	for (size_t i = 0; i < x->n; i++)
		free(x->t[i].atom);
	free(x->t);
	memset(x, 0, sizeof(*x));
}

/* a + sign * b, both linear: a merge of two sorted term lists. */
static struct jx combine(const struct jx *a, const struct jx *b, int sign)
{
	struct jx x;
	size_t i = 0, k = 0;

	if (a->kind != JX_LINEAR || b->kind != JX_LINEAR)
		return jx_opaque();
	x = jx_const(a->c + sign * b->c);
	x.t = xmalloc((a->n + b->n + 1) * sizeof(*x.t));
	while (i < a->n || k < b->n) {
		int cmp = i == a->n ? 1 : k == b->n ? -1
			  : strcmp(a->t[i].atom, b->t[k].atom);
		const char *atom = cmp <= 0 ? a->t[i].atom : b->t[k].atom;
		long long coef = (cmp <= 0 ? a->t[i].coef : 0) +
				 (cmp >= 0 ? sign * b->t[k].coef : 0);

		i += cmp <= 0;
		k += cmp >= 0;
		if (coef) {
			x.t[x.n].atom = xstrdup(atom);
			x.t[x.n++].coef = coef;
		}
	}
	return x;
}

struct jx jx_add(const struct jx *a, const struct jx *b)
{
	return combine(a, b, 1);
}

struct jx jx_sub(const struct jx *a, const struct jx *b)
{
	return combine(a, b, -1);
}

static int term_cmp(const void *a, const void *b)
{
	return strcmp(((const struct jx_term *)a)->atom,
		      ((const struct jx_term *)b)->atom);
}

/* Sorts the terms and merges equal atoms: the form jx_same() compares. */
static void normalize(struct jx *x)
{
	size_t out = 0;

	if (x->n > 1)
		qsort(x->t, x->n, sizeof(*x->t), term_cmp);
	for (size_t i = 0; i < x->n; i++) {
		if (out && strcmp(x->t[out - 1].atom, x->t[i].atom) == 0) {
			x->t[out - 1].coef += x->t[i].coef;
			free(x->t[i].atom);
		} else {
			x->t[out++] = x->t[i];
		}
		if (out && !x->t[out - 1].coef)
			free(x->t[--out].atom);
	}
	x->n = out;
}

static bool parse_int(const char **p, long long *v)
{
	char *end;

	*v = strtoll(*p, &end, 0);
	if (end == *p)
		return false;
	*p = end;
	return true;
}

bool jx_parse(const char *s, struct jx *x)
{
	size_t cap = 0;

	*x = jx_const(0);
	if (!s || !*s) {
		x->kind = JX_NONE;
		return true;
	}
	if (strcmp(s, "?") == 0) {
		x->kind = JX_OPAQUE;
		return true;
	}
	while (*s) {
		long long sign = 1, coef = 1;
		bool have_int = false;
		const char *end;

		if (*s == '+' || *s == '-')
			sign = *s++ == '-' ? -1 : 1;
		if (*s != '{') {
			if (!parse_int(&s, &coef))
				goto bad;
			have_int = true;
			if (*s != '*') {
				x->c += sign * coef;
				continue;
			}
			s++;
		}
		if (*s != '{' || !(end = strchr(s, '}')) || end == s + 1 ||
		    memchr(s + 1, '{', (size_t)(end - s - 1)))
			goto bad;
		GROW(x->t, cap, x->n + 1);
		x->t[x->n].atom = xstrndup(s + 1, (size_t)(end - s - 1));
		x->t[x->n++].coef = sign * (have_int ? coef : 1);
		s = end + 1;
		if (*s && *s != '+' && *s != '-')
			goto bad;
	}
	normalize(x);
	return true;
bad:
	jx_free(x);
	*x = jx_opaque();
	return false;
}

char *jx_text(const struct jx *x)
{
	struct strbuf sb = { 0 };

	if (x->kind == JX_NONE)
		return xstrdup("");
	if (x->kind == JX_OPAQUE)
		return xstrdup("?");
	for (size_t i = 0; i < x->n; i++) {
		long long c = x->t[i].coef;

		sb_printf(&sb, "%s", c < 0 ? "-" : i ? "+" : "");
		if (c != 1 && c != -1)
			sb_printf(&sb, "%lld*", c < 0 ? -c : c);
		sb_printf(&sb, "{%s}", x->t[i].atom);
	}
	if (x->c || !x->n)
		sb_printf(&sb, x->n && x->c > 0 ? "+%lld" : "%lld", x->c);
	return sb.buf;
}

/* "field:e1000_buffer.length" reads as "e1000_buffer.length" */
static const char *atom_show(const char *atom)
{
	const char *colon = strrchr(atom, ':');

	return colon && colon[1] ? colon + 1 : atom;
}

char *jx_show(const struct jx *x)
{
	struct strbuf sb = { 0 };

	if (x->kind != JX_LINEAR)
		return xstrdup("?");
	for (size_t i = 0; i < x->n; i++) {
		long long c = x->t[i].coef;

		sb_printf(&sb, "%s", c < 0 ? (i ? " - " : "-") : i ? " + " : "");
		if (c != 1 && c != -1)
			sb_printf(&sb, "%lld * ", c < 0 ? -c : c);
		sb_printf(&sb, "%s", atom_show(x->t[i].atom));
	}
	if (x->c || !x->n)
		sb_printf(&sb, x->n ? (x->c > 0 ? " + %lld" : " - %lld") : "%lld",
			  x->n && x->c < 0 ? -x->c : x->c);
	return sb.buf;
}

bool jx_same(const struct jx *a, const struct jx *b)
{
	if (a->kind != b->kind || a->c != b->c || a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (a->t[i].coef != b->t[i].coef || strcmp(a->t[i].atom, b->t[i].atom))
			return false;
	return true;
}

bool jx_other_multiple(const struct jx *a, const struct jx *b)
{
	long long p, q;

	if (a->kind != JX_LINEAR || b->kind != JX_LINEAR || !a->n || a->n != b->n)
		return false;
	p = a->t[0].coef;
	q = b->t[0].coef;
	if (p == q)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->t[i].atom, b->t[i].atom) ||
		    (__int128)a->t[i].coef * q != (__int128)b->t[i].coef * p)
			return false;
	return (__int128)a->c * q == (__int128)b->c * p;
}

/* a - b when the atoms cancel: the difference is that constant. */
static bool constant_difference(const struct jx *a, const struct jx *b,
				long long *d)
{
	struct jx diff;
	bool known;

	if (a->kind != JX_LINEAR || b->kind != JX_LINEAR)
		return false;
	diff = jx_sub(a, b);
	known = jx_known(&diff);
	*d = diff.c;
	jx_free(&diff);
	return known;
}

enum jx_truth jx_equal(const struct jx *a, const struct jx *b)
{
	long long d;

	if (!constant_difference(a, b, &d))
		return JX_UNKNOWN;
	return d == 0 ? JX_TRUE : JX_FALSE;
}

enum jx_truth jx_greater(const struct jx *a, const struct jx *b)
{
	long long d;

	if (!constant_difference(a, b, &d))
		return JX_UNKNOWN;
	return d > 0 ? JX_TRUE : JX_FALSE;
}
