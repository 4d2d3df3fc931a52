// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cpp_branch.h"
#include "util.h"

/* Three-valued: a condition or a macro's state the file may not settle. */
enum tri { NO, YES, MAYBE };

static enum tri tri_not(enum tri a)
{
	return a == MAYBE ? MAYBE : a == YES ? NO : YES;
}

static enum tri tri_or(enum tri a, enum tri b)
{
	return a == YES || b == YES ? YES : a == NO && b == NO ? NO : MAYBE;
}

struct macro {
	char *name;
	enum tri defined;
};

struct cpp_state {
	struct macro *macros;
	size_t n_macros, cap_macros;
	struct frame {
		enum tri cur;	/* this branch is compiled */
		enum tri taken;	/* an earlier branch of the #if was */
	} *frames;
	size_t depth, cap_frames;
};

static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static size_t ident_len(const char *s)
{
	size_t n = 0;

	if (!isalpha((unsigned char)*s) && *s != '_')
		return 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	return n;
}

/* Nothing but blanks and a comment after s. */
static bool rest_empty(const char *s)
{
	s = skip_blanks(s);
	return !*s || strncmp(s, "/*", 2) == 0 || strncmp(s, "//", 2) == 0;
}

static struct macro *macro_find(struct cpp_state *st, const char *name,
				size_t len)
{
	for (size_t i = 0; i < st->n_macros; i++)
		if (strlen(st->macros[i].name) == len &&
		    strncmp(st->macros[i].name, name, len) == 0)
			return &st->macros[i];
	return NULL;
}

/* A macro the file never defines nor undefines may come from elsewhere. */
static enum tri macro_defined(struct cpp_state *st, const char *name,
			      size_t len)
{
	const struct macro *m = macro_find(st, name, len);

	return m ? m->defined : MAYBE;
}

static void macro_set(struct cpp_state *st, const char *name, size_t len,
		      enum tri defined)
{
	struct macro *m = macro_find(st, name, len);

	if (!m) {
		GROW(st->macros, st->cap_macros, st->n_macros + 1);
		m = &st->macros[st->n_macros++];
		m->name = xstrndup(name, len);
	}
	m->defined = defined;
}

/* "X" of #ifdef: whether X is defined, MAYBE for anything else. */
static enum tri eval_name(struct cpp_state *st, const char *s)
{
	size_t n;

	s = skip_blanks(s);
	n = ident_len(s);
	return n && rest_empty(s + n) ? macro_defined(st, s, n) : MAYBE;
}

/* "0", "defined(X)", "defined X", "!defined(X)"; MAYBE otherwise. */
static enum tri eval_if(struct cpp_state *st, const char *s)
{
	bool neg = false, paren = false;
	size_t n;
	enum tri v;

	s = skip_blanks(s);
	if (*s == '0' && rest_empty(s + 1))
		return NO;
	if (*s == '!') {
		neg = true;
		s = skip_blanks(s + 1);
	}
	if (strncmp(s, "defined", 7) != 0 || ident_len(s) != 7)
		return MAYBE;
	s = skip_blanks(s + 7);
	if (*s == '(') {
		paren = true;
		s = skip_blanks(s + 1);
	}
	n = ident_len(s);
	if (!n)
		return MAYBE;
	v = macro_defined(st, s, n);
	s = skip_blanks(s + n);
	if (paren) {
		if (*s != ')')
			return MAYBE;
		s++;
	}
	if (!rest_empty(s))
		return MAYBE;
	return neg ? tri_not(v) : v;
}

/* Whether the current line is compiled, given every enclosing branch. */
static enum tri compiled(const struct cpp_state *st)
{
	enum tri r = YES;

	for (size_t i = 0; i < st->depth; i++)
		if (st->frames[i].cur == NO)
			return NO;
		else if (st->frames[i].cur == MAYBE)
			r = MAYBE;
	return r;
}

static void push(struct cpp_state *st, enum tri cond)
{
	GROW(st->frames, st->cap_frames, st->depth + 1);
	st->frames[st->depth++] = (struct frame){ cond, cond };
}

static bool directive(const char *s, const char *word, const char **rest)
{
	size_t n = strlen(word);

	if (strncmp(s, word, n) != 0 || ident_len(s) != n)
		return false;
	*rest = s + n;
	return true;
}

/* Takes one directive line (s is past the '#') into st. */
static void take_directive(struct cpp_state *st, const char *s)
{
	struct frame *top = st->depth ? &st->frames[st->depth - 1] : NULL;
	const char *arg;
	enum tri c;

	s = skip_blanks(s);
	if (directive(s, "ifdef", &arg)) {
		push(st, eval_name(st, arg));
	} else if (directive(s, "ifndef", &arg)) {
		push(st, tri_not(eval_name(st, arg)));
	} else if (directive(s, "if", &arg)) {
		push(st, eval_if(st, arg));
	} else if (top && directive(s, "elif", &arg)) {
		c = top->taken == YES ? NO : eval_if(st, arg);
		top->cur = top->taken == NO ? c : c == NO ? NO : MAYBE;
		top->taken = tri_or(top->taken, c);
	} else if (top && directive(s, "else", &arg)) {
		top->cur = tri_not(top->taken);
		top->taken = YES;
	} else if (top && directive(s, "endif", &arg)) {
		st->depth--;
	} else if (directive(s, "define", &arg) || directive(s, "undef", &arg)) {
		const bool def = s[0] == 'd';
		const enum tri where = compiled(st);
		size_t n;

		arg = skip_blanks(arg);
		n = ident_len(arg);
		if (n && where != NO)
			macro_set(st, arg, n, where == MAYBE ? MAYBE :
				  def ? YES : NO);
	}
}

bool cpp_line_inactive(const struct source_file *f, unsigned int line)
{
	struct cpp_state st = { 0 };
	bool continued = false, inactive;

	for (unsigned int i = 1; i < line && i <= f->n; i++) {
		const char *s = skip_blanks(f->lines[i - 1]);
		const size_t len = strlen(s);
		const bool was_continued = continued;

		/* a directive goes on past a backslash-newline */
		continued = len && s[len - 1] == '\\';
		if (!was_continued && *s == '#')
			take_directive(&st, s + 1);
	}
	inactive = compiled(&st) == NO;
	for (size_t i = 0; i < st.n_macros; i++)
		free(st.macros[i].name);
	free(st.macros);
	free(st.frames);
	return inactive;
}
