// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
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

static long long den_of(const struct jx *x)
{
	return x->den > 1 ? x->den : 1;
}

static long long gcd(long long a, long long b)
{
	a = a < 0 ? -a : a;
	b = b < 0 ? -b : b;
	while (b) {
		long long r = a % b;

		a = b;
		b = r;
	}
	return a;
}

/* Cancels what the numerator shares with den; a constant is an integer. */
static void reduce(struct jx *x)
{
	long long g = den_of(x);

	for (size_t i = 0; i < x->n && g > 1; i++)
		g = gcd(g, x->t[i].coef);
	g = gcd(g, x->c);
	if (g > 1) {
		x->c /= g;
		for (size_t i = 0; i < x->n; i++)
			x->t[i].coef /= g;
	}
	x->den = den_of(x) / g;
	if (!x->n && x->den > 1)
		x->c /= x->den;
	if (!x->n || x->den == 1)
		x->den = 0;
}

/* The numerator times k, the denominator kept. */
static struct jx num_scale(const struct jx *x, long long k)
{
	struct jx y = jx_copy(x);

	y.c *= k;
	for (size_t i = 0; i < y.n; i++)
		y.t[i].coef *= k;
	return y;
}

struct jx jx_scale(const struct jx *x, long long k)
{
	struct jx y;

	if (x->kind != JX_LINEAR)
		return jx_copy(x);
	if (!k)
		return jx_const(0);
	y = num_scale(x, k);
	reduce(&y);
	return y;
}

struct jx jx_div(const struct jx *x, long long k)
{
	struct jx y;

	if (x->kind != JX_LINEAR || !k || k == LLONG_MIN ||
	    den_of(x) > LLONG_MAX / (k < 0 ? -k : k))
		return jx_opaque();
	if (jx_known(x))
		return jx_const(x->c / k);
	y = num_scale(x, k < 0 ? -1 : 1);
	y.den = den_of(x) * (k < 0 ? -k : k);
	reduce(&y);
	return y;
}

bool jx_is_atom(const struct jx *x)
{
	return x->kind == JX_LINEAR && x->n == 1 && !x->c && x->t[0].coef == 1 &&
	       den_of(x) == 1;
}

void jx_free(struct jx *x)
{
	for (size_t i = 0; i < x->n; i++)
		free(x->t[i].atom);
	free(x->t);
	memset(x, 0, sizeof(*x));
}

/* The numerators of a + sign * b: a merge of two sorted term lists. */
static struct jx merge(const struct jx *a, const struct jx *b, int sign)
{
	struct jx x = jx_const(a->c + sign * b->c);
	size_t i = 0, k = 0;

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

/* a + sign * b, both linear, over their least common denominator. */
static struct jx combine(const struct jx *a, const struct jx *b, int sign)
{
	long long da = den_of(a), db = den_of(b), g = gcd(da, db);
	struct jx x, as, bs;

	if (a->kind != JX_LINEAR || b->kind != JX_LINEAR || da / g > LLONG_MAX / db)
		return jx_opaque();
	as = num_scale(a, db / g);
	bs = num_scale(b, da / g);
	x = merge(&as, &bs, sign);
	x.den = da / g * db;
	reduce(&x);
	jx_free(&as);
	jx_free(&bs);
	return x;
}

struct jx jx_term_times(const struct jx *x, size_t i, const struct jx *v)
{
	struct jx scaled = jx_scale(v, x->t[i].coef), y = jx_div(&scaled, den_of(x));

	jx_free(&scaled);
	return y;
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

/* "(form)/den": the form's text and its end, den into *den. */
static const char *divided(const char *s, long long *den)
{
	const char *slash = strrchr(s, '/');
	const char *p = slash ? slash + 1 : NULL;

	*den = 1;
	if (*s != '(' || !slash || slash == s + 1 || slash[-1] != ')' ||
	    !parse_int(&p, den) || *p || *den < 2)
		return NULL;
	return slash - 1;
}

bool jx_parse(const char *s, struct jx *x)
{
	size_t cap = 0;
	const char *end = NULL;
	long long den = 1;

	*x = jx_const(0);
	if (!s || !*s) {
		x->kind = JX_NONE;
		return true;
	}
	if (strcmp(s, "?") == 0) {
		x->kind = JX_OPAQUE;
		return true;
	}
	if (*s == '(') {
		end = divided(s, &den);
		if (!end)
			goto bad;
		s++;
	}
	while (end ? s < end : *s != 0) {
		long long sign = 1, coef = 1;
		bool have_int = false;
		const char *close;

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
		if (*s != '{' || !(close = strchr(s, '}')) || close == s + 1 ||
		    memchr(s + 1, '{', (size_t)(close - s - 1)))
			goto bad;
		GROW(x->t, cap, x->n + 1);
		x->t[x->n].atom = xstrndup(s + 1, (size_t)(close - s - 1));
		x->t[x->n++].coef = sign * (have_int ? coef : 1);
		s = close + 1;
		if (*s && *s != '+' && *s != '-' && s != end)
			goto bad;
	}
	normalize(x);
	x->den = den;
	reduce(x);
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
	if (den_of(x) > 1)
		sb_printf(&sb, "(");
	for (size_t i = 0; i < x->n; i++) {
		long long c = x->t[i].coef;

		sb_printf(&sb, "%s", c < 0 ? "-" : i ? "+" : "");
		if (c != 1 && c != -1)
			sb_printf(&sb, "%lld*", c < 0 ? -c : c);
		sb_printf(&sb, "{%s}", x->t[i].atom);
	}
	if (x->c || !x->n)
		sb_printf(&sb, x->n && x->c > 0 ? "+%lld" : "%lld", x->c);
	if (den_of(x) > 1)
		sb_printf(&sb, ")/%lld", den_of(x));
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
	if (den_of(x) > 1)
		sb_printf(&sb, "(");
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
	if (den_of(x) > 1)
		sb_printf(&sb, ") / %lld", den_of(x));
	return sb.buf;
}

bool jx_same(const struct jx *a, const struct jx *b)
{
	if (a->kind != b->kind || a->c != b->c || a->n != b->n ||
	    den_of(a) != den_of(b))
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (a->t[i].coef != b->t[i].coef || strcmp(a->t[i].atom, b->t[i].atom))
			return false;
	return true;
}

/* The numerators of a and b over one denominator, as above. */
static bool numerators_multiple(const struct jx *a, const struct jx *b)
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

bool jx_other_multiple(const struct jx *a, const struct jx *b)
{
	struct jx as, bs;
	bool other;

	if (a->kind != JX_LINEAR || b->kind != JX_LINEAR ||
	    den_of(a) > LLONG_MAX / den_of(b))
		return false;
	as = num_scale(a, den_of(b));
	bs = num_scale(b, den_of(a));
	other = numerators_multiple(&as, &bs);
	jx_free(&as);
	jx_free(&bs);
	return other;
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
