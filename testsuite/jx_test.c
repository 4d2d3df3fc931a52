// SPDX-License-Identifier: GPL-2.0
/*
 * The judge's values (checkers/judge/jx.h): the text form read and written
 * back, and what two forms provably are to each other, division included.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/jx.h"

static int failed;

static struct jx parse(const char *text)
{
	struct jx x;

	if (!jx_parse(text, &x)) {
		printf("FAIL parse %s\n", text);
		failed++;
	}
	return x;
}

static void expect_text(const struct jx *x, const char *want, const char *what)
{
	char *got = jx_text(x);

	if (strcmp(got, want)) {
		printf("FAIL %s: %s, expected %s\n", what, got, want);
		failed++;
	}
	free(got);
}

static void expect(bool ok, const char *what)
{
	if (!ok) {
		printf("FAIL %s\n", what);
		failed++;
	}
}

int main(void)
{
	static const char *const round[] = {
		"2048", "{field:s.len}+4", "2*{local:f:x}-{macro:NET_IP_ALIGN}",
		"({local:drivers/a.c:f:size})/2", "(3*{field:s.n}+1)/4", "?", "",
	};
	struct jx size = parse("{local:a.c:f:size}"), half, twice, sum, x, y;

	for (size_t i = 0; i < sizeof(round) / sizeof(round[0]); i++) {
		x = parse(round[i]);
		expect_text(&x, round[i], "round trip");
		jx_free(&x);
	}
	x = parse("(7)/2");
	expect_text(&x, "3", "a constant divided is C's integer");
	jx_free(&x);
	expect(!jx_parse("({a}+{b})", &x) && x.kind == JX_OPAQUE,
	       "parentheses without a divisor are malformed");
	jx_free(&x);

	/* flexcop: dma->size = size / 2, freed as dma->size * 2 */
	half = jx_div(&size, 2);
	expect_text(&half, "({local:a.c:f:size})/2", "size / 2");
	twice = jx_scale(&half, 2);
	expect(jx_equal(&twice, &size) == JX_TRUE, "(size / 2) * 2 is size");
	expect(jx_same(&twice, &size), "(size / 2) * 2 is the form of size");
	expect(jx_other_multiple(&half, &size), "size / 2 is another multiple of size");
	expect(!jx_other_multiple(&twice, &size), "(size / 2) * 2 is no other multiple");
	expect(jx_equal(&half, &size) == JX_UNKNOWN, "size / 2 against size: no constant difference");
	expect(!jx_is_atom(&half), "size / 2 is no plain location");
	jx_free(&twice);

	/* x / 2 + x / 3 is 5x / 6 */
	x = jx_div(&size, 3);
	sum = jx_add(&half, &x);
	expect_text(&sum, "(5*{local:a.c:f:size})/6", "size / 2 + size / 3");
	jx_free(&x);
	jx_free(&sum);

	/* (size + 1) / 2 - size / 2: a constant below one is C's 0 */
	x = parse("({local:a.c:f:size}+1)/2");
	y = jx_sub(&x, &half);
	expect(jx_known(&y) && y.c == 0, "(size + 1) / 2 - size / 2 is 0");
	jx_free(&y);
	/* dividing by a negative keeps the denominator positive */
	y = jx_div(&x, -2);
	expect_text(&y, "(-{local:a.c:f:size}-1)/4", "((size + 1) / 2) / -2");
	jx_free(&y);
	jx_free(&x);

	/* term 0 of 3 * size / 2 times v: what the judge substitutes */
	x = jx_scale(&half, 3);
	y = parse("{field:s.len}+2");
	sum = jx_term_times(&x, 0, &y);
	expect_text(&sum, "(3*{field:s.len}+6)/2", "term share of 3 * size / 2");
	jx_free(&sum);
	jx_free(&y);
	jx_free(&x);

	x = jx_div(&size, 0);
	expect(x.kind == JX_OPAQUE, "a division by 0 is opaque");
	jx_free(&x);
	jx_free(&half);
	jx_free(&size);
	if (!failed)
		printf("jx: all passed\n");
	return failed ? 1 : 0;
}
