// SPDX-License-Identifier: GPL-2.0
/*
 * The device-tree reading of dt_shared.h: the compatible strings of the
 * driver's files, the .dts/.dtsi files of its kernel tree that name one,
 * and of those only the node tree (names, "compatible", "reg" and the
 * cell counts); nothing is preprocessed, so a cell written as a macro is
 * unknown and proves nothing.  A node reopened by path in another file
 * is known there by its name's unit address; one reopened by label
 * (&label { ... }) is not joined with its first definition.
 */
#define _XOPEN_SOURCE 700
#include <ctype.h>
#include <ftw.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "dt_shared.h"

#define DT_MAX_REG 64

struct dt_node {
	struct dt_node *parent, *kids, *next;
	struct strlist compat;
	unsigned long long reg[DT_MAX_REG];
	bool reg_ok[DT_MAX_REG];
	int n_reg;			/* cells; -1: no "reg" */
	int addr_cells, size_cells;	/* its own #...-cells, -1: unset */
	enum { NO_RANGES, SAME_RANGES, MAPPED_RANGES } ranges;
	char *name;			/* "serial@12100" */
};

/* ---- the compatible strings a driver names */

static void file_compatibles(const char *path, struct strlist *out)
{
	char *text = read_file(path, NULL);

	for (char *p = text; p && (p = strstr(p, ".compatible")); ) {
		char *q = p + strlen(".compatible"), *end, *c;

		p = q;
		while (isspace((unsigned char)*q))
			q++;
		if (*q++ != '=')
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (*q++ != '"' || !(end = strchr(q, '"')) || end == q)
			continue;
		c = xstrndup(q, (size_t)(end - q));
		if (strlist_has(out, c))
			free(c);
		else
			strlist_add_owned(out, c);
	}
	free(text);
}

/* ---- the tree's device-tree sources */

/* The kernel tree above path: the first ancestor with arch/ in it. */
static char *tree_root(const char *path)
{
	char *dir = realpath(path, NULL);

	while (dir) {
		char *slash = strrchr(dir, '/'), *arch;
		bool found;

		if (!slash || slash == dir) {
			free(dir);
			return NULL;
		}
		*slash = '\0';
		arch = xasprintf("%s/arch", dir);
		found = is_dir(arch);
		free(arch);
		if (found)
			return dir;
	}
	return NULL;
}

static struct strlist *dts_found;

static int dts_entry(const char *path, const struct stat *st, int type,
		     struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_F && strstr(path, "/boot/dts/") &&
	    (has_suffix(path, ".dts") || has_suffix(path, ".dtsi")))
		strlist_add(dts_found, path);
	return 0;
}

/* Each tree's files and their texts, read once per process. */
static struct dts_tree {
	char *root;
	struct strlist files;
	char **texts;
} *trees;
static size_t n_trees, cap_trees;

static struct dts_tree *dts_tree(const char *root)
{
	struct dts_tree *t;
	char *arch;

	for (size_t i = 0; i < n_trees; i++)
		if (strcmp(trees[i].root, root) == 0)
			return &trees[i];
	GROW(trees, cap_trees, n_trees + 1);
	t = &trees[n_trees++];
	memset(t, 0, sizeof(*t));
	t->root = xstrdup(root);
	arch = xasprintf("%s/arch", root);
	dts_found = &t->files;
	nftw(arch, dts_entry, 16, FTW_PHYS);
	free(arch);
	t->texts = xcalloc(t->files.n + 1, sizeof(*t->texts));
	return t;
}

/* ---- a .dts file's node tree */

enum tok { T_END, T_WORD, T_STR, T_CELLS, T_BYTES, T_PUNCT };

struct lexer {
	const char *p;
	const char *s;		/* the token */
	size_t len;
	enum tok t;
};

static bool directive(const char *p)
{
	static const char *const names[] = { "include", "define", "undef", "if",
		"ifdef", "ifndef", "else", "elif", "endif", "error", "warning" };

	p++;
	while (*p == ' ' || *p == '\t')
		p++;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t n = strlen(names[i]);

		if (strncmp(p, names[i], n) == 0 && !isalnum((unsigned char)p[n]) &&
		    p[n] != '-' && p[n] != '_')
			return true;
	}
	return false;
}

static void lex(struct lexer *x)
{
	const char *p = x->p;

	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			p = e ? e + 2 : p + strlen(p);
		} else if (p[0] == '/' && p[1] == '/') {
			p += strcspn(p, "\n");
		} else if (*p == '#' && directive(p)) {
			/* the preprocessor's, continued lines included */
			while (*p && *p != '\n')
				p += p[0] == '\\' && p[1] == '\n' ? 2 : 1;
		} else {
			break;
		}
	}
	x->s = p;
	if (!*p) {
		x->t = T_END;
		x->len = 0;
	} else if (*p == '"' || *p == '<' || *p == '[') {
		char close = *p == '"' ? '"' : *p == '<' ? '>' : ']';
		const char *e = p + 1;

		while (*e && *e != close)
			e += e[0] == '\\' && e[1] ? 2 : 1;
		x->t = *p == '"' ? T_STR : *p == '<' ? T_CELLS : T_BYTES;
		x->s = p + 1;
		x->len = (size_t)(e - p - 1);
		p = *e ? e + 1 : e;
	} else if (strchr("{};=,", *p)) {
		x->t = T_PUNCT;
		x->len = 1;
		p++;
	} else {
		x->t = T_WORD;
		x->len = strcspn(p, " \t\r\n{};=,<\"[");
		p += x->len;
	}
	x->p = p;
}

static bool is(const struct lexer *x, char c)
{
	return x->t == T_PUNCT && *x->s == c;
}

/* The cells of <...>: numbers, or unknown (a macro, an expression). */
static void cells(const char *s, size_t len, struct dt_node *n, bool first_only,
		  int *value)
{
	const char *e = s + len;

	while (s < e) {
		char *end;
		unsigned long long v;
		size_t w;

		while (s < e && isspace((unsigned char)*s))
			s++;
		if (s >= e)
			break;
		w = strcspn(s, " \t\r\n>");
		if (w > (size_t)(e - s))
			w = (size_t)(e - s);
		v = strtoull(s, &end, 0);
		if (first_only) {
			*value = end == s + w && v < 16 ? (int)v : -1;
			return;
		}
		if (n->n_reg < DT_MAX_REG) {
			n->reg_ok[n->n_reg] = end == s + w;
			n->reg[n->n_reg++] = v;
		}
		s += w;
	}
}

static bool word_is(const struct lexer *x, const char *w)
{
	return x->len == strlen(w) && strncmp(x->s, w, x->len) == 0;
}

/* name = values; (or name;) of node n, the name already read */
static void property(struct lexer *x, struct dt_node *n)
{
	struct lexer name = *x;

	lex(x);
	if (word_is(&name, "ranges"))	/* "ranges;": the parent's space */
		n->ranges = is(x, '=') ? MAPPED_RANGES : SAME_RANGES;
	if (!is(x, '='))
		return;
	if (word_is(&name, "reg"))
		n->n_reg = 0;
	for (lex(x); x->t != T_END && !is(x, ';') && !is(x, '{') && !is(x, '}'); lex(x)) {
		if (word_is(&name, "compatible") && x->t == T_STR)
			strlist_add_owned(&n->compat, xstrndup(x->s, x->len));
		else if (word_is(&name, "reg") && x->t == T_CELLS)
			cells(x->s, x->len, n, false, NULL);
		else if (word_is(&name, "#address-cells") && x->t == T_CELLS)
			cells(x->s, x->len, n, true, &n->addr_cells);
		else if (word_is(&name, "#size-cells") && x->t == T_CELLS)
			cells(x->s, x->len, n, true, &n->size_cells);
	}
}

static struct dt_node *node_new(struct dt_node *parent, const struct lexer *name)
{
	struct dt_node *n = xcalloc(1, sizeof(*n));

	n->name = xstrndup(name->s, name->len);
	n->n_reg = -1;
	n->addr_cells = n->size_cells = -1;
	n->parent = parent;
	if (parent) {
		n->next = parent->kids;
		parent->kids = n;
	}
	return n;
}

static void node_free(struct dt_node *n)
{
	while (n) {
		struct dt_node *next = n->next;

		node_free(n->kids);
		strlist_free(&n->compat);
		free(n->name);
		free(n);
		n = next;
	}
}

/* The top-level nodes of text (/ { }, &label { }), as a sibling list. */
static struct dt_node *parse(const char *text)
{
	struct dt_node top = { .n_reg = -1 }, *cur = &top;
	struct lexer x = { .p = text };

	for (lex(&x); x.t != T_END; ) {
		struct lexer w = x;

		if (is(&x, '}')) {
			cur = cur->parent ? cur->parent : &top;
			lex(&x);
			if (is(&x, ';'))
				lex(&x);
			continue;
		}
		if (x.t != T_WORD) {
			lex(&x);
			continue;
		}
		if (word_is(&x, "/include/")) {
			lex(&x);
			lex(&x);
			continue;
		}
		if (x.s[x.len - 1] == ':') {	/* a label */
			lex(&x);
			continue;
		}
		lex(&x);
		if (is(&x, '{')) {
			cur = node_new(cur, &w);
			lex(&x);
			continue;
		}
		x = w;
		property(&x, cur);
		if (is(&x, ';'))
			lex(&x);
	}
	for (struct dt_node *n = top.kids; n; n = n->next)
		n->parent = NULL;
	strlist_free(&top.compat);
	return top.kids;
}

/* ---- the rule */

struct range {
	unsigned long long start, size;
};

static bool unit_address(const struct dt_node *n, unsigned long long *at);

/*
 * The cell counts of a node reopened in a file that does not say them
 * (kirkwood-ts219.dtsi's ocp@f1000000 { poweroff@12100 { reg = <0x12100
 * 0x100>; } }): the address cells are those that spell the unit address,
 * the size cells as many if they divide "reg", else one.  Neither known:
 * the specification's defaults, 2 and 1.
 */
static void guess_cells(const struct dt_node *n, int *ac, int *sc)
{
	unsigned long long at;

	if (*ac < 0) {
		*ac = 2;
		if (n->n_reg > 0 && unit_address(n, &at)) {
			if (n->reg[0] == at)
				*ac = 1;
		}
	}
	if (*sc < 0)
		*sc = n->n_reg > 0 && n->n_reg % (2 * *ac) == 0 ? *ac : 1;
}

/* n's "reg" as address ranges in its parent's space; -1: unknown. */
static int ranges(const struct dt_node *n, struct range *out, int max)
{
	const struct dt_node *p = n->parent;
	int ac = p ? p->addr_cells : -1, sc = p ? p->size_cells : -1;
	int k = 0;

	guess_cells(n, &ac, &sc);
	if (n->n_reg <= 0 || ac < 1 || ac > 2 || sc < 1 || sc > 2 ||
	    n->n_reg % (ac + sc))
		return -1;
	for (int i = 0; i + ac + sc <= n->n_reg && k < max; i += ac + sc) {
		unsigned long long a = 0, s = 0;

		for (int c = 0; c < ac + sc; c++)
			if (!n->reg_ok[i + c])
				return -1;
		for (int c = 0; c < ac; c++)
			a = a << 32 | n->reg[i + c];
		for (int c = ac; c < ac + sc; c++)
			s = s << 32 | n->reg[i + c];
		if (!s)
			continue;
		out[k++] = (struct range){ a, s };
	}
	return k;
}

static bool named(const struct dt_node *n, const struct strlist *compat)
{
	for (size_t i = 0; i < n->compat.n; i++)
		if (strlist_has(compat, n->compat.items[i]))
			return true;
	return false;
}

/* The address after the '@' of n's name (where its registers start). */
static bool unit_address(const struct dt_node *n, unsigned long long *at)
{
	const char *a = strchr(n->name, '@');
	char *end;

	if (!a || !isxdigit((unsigned char)a[1]))
		return false;
	*at = strtoull(a + 1, &end, 16);
	return *end == '\0';
}

static bool overlap(const struct range *a, int na, const struct range *b, int nb)
{
	for (int i = 0; i < na; i++)
		for (int k = 0; k < nb; k++)
			if (a[i].start < b[k].start + b[k].size &&
			    b[k].start < a[i].start + a[i].size)
				return true;
	return false;
}

/*
 * Does the device node p (registers of its own, no "ranges") give its
 * child c an offset into its block (genet's mdio@e14)?  A bus translates
 * its children's addresses with "ranges"; a child with no size (an I2C or
 * SPI device's address) has no registers.
 */
static bool offset_child(const struct dt_node *p, const struct dt_node *c)
{
	struct range theirs[DT_MAX_REG];

	return p->n_reg > 0 && p->ranges == NO_RANGES && p->size_cells >= 1 &&
	       ranges(c, theirs, DT_MAX_REG) > 0;
}

/*
 * Does the single block of node n (an empty "ranges": its children's
 * addresses are its own) hold child c (i.MX27's GPIO banks inside the
 * IOMUX window)?  A node of several blocks may map one the child is not
 * in (db8500-prcmu's TCDM beside the timer in its first block).
 */
static bool holds_child(const struct dt_node *n, const struct dt_node *c)
{
	struct range mine[DT_MAX_REG], theirs[DT_MAX_REG];
	int nc;

	return n->ranges == SAME_RANGES && n->size_cells >= 1 &&
	       ranges(n, mine, DT_MAX_REG) == 1 &&
	       (nc = ranges(c, theirs, DT_MAX_REG)) > 0 &&
	       overlap(mine, 1, theirs, nc);
}

/*
 * Is the driver's node n inside another node's registers: its parent's
 * (a syscon or simple-mfd, or a device giving it an offset), a sibling's,
 * or does a child that another driver binds to sit inside n's?
 */
static bool inside_another(const struct dt_node *n, const struct strlist *compat)
{
	struct range mine[DT_MAX_REG], theirs[DT_MAX_REG];
	const struct dt_node *p = n->parent;
	int nm = ranges(n, mine, DT_MAX_REG);

	if (nm <= 0)
		return false;
	for (const struct dt_node *c = n->kids; c; c = c->next)
		if (c->compat.n && !named(c, compat) && holds_child(n, c))
			return true;
	if (!p)
		return false;
	if (p->n_reg > 0 && (strlist_has(&p->compat, "syscon") ||
			     strlist_has(&p->compat, "simple-mfd")))
		return true;
	if (p->compat.n && !named(p, compat) && offset_child(p, n))
		return true;
	for (const struct dt_node *s = p->kids; s; s = s->next) {
		int ns;

		if (s == n || named(s, compat) || !strcmp(s->name, n->name))
			continue;
		if (s->n_reg < 0 && unit_address(s, &theirs[0].start)) {
			/* a node reopened from its definition in an included
			 * file, as a board's .dtsi enables kirkwood's UART */
			theirs[0].size = 1;
			ns = 1;
		} else if ((ns = ranges(s, theirs, DT_MAX_REG)) <= 0) {
			continue;
		}
		if (overlap(mine, nm, theirs, ns))
			return true;
	}
	return false;
}

static bool tree_shared(const struct dt_node *n, const struct strlist *compat)
{
	for (; n; n = n->next)
		if ((named(n, compat) && inside_another(n, compat)) ||
		    tree_shared(n->kids, compat))
			return true;
	return false;
}

static bool text_names(const char *text, const struct strlist *compat)
{
	for (size_t i = 0; i < compat->n; i++) {
		char *q = xasprintf("\"%s\"", compat->items[i]);
		bool hit = strstr(text, q) != NULL;

		free(q);
		if (hit)
			return true;
	}
	return false;
}

int dt_region_shared(const char *const *files, size_t n)
{
	struct strlist compat = { 0 };
	char *root = NULL;
	struct dts_tree *t;
	int shared = -1;

	for (size_t i = 0; i < n; i++) {
		file_compatibles(files[i], &compat);
		if (!root)
			root = tree_root(files[i]);
	}
	if (!compat.n || !root)
		goto out;
	t = dts_tree(root);
	shared = 0;
	for (size_t i = 0; i < t->files.n && !shared; i++) {
		struct dt_node *top;

		if (!t->texts[i])
			t->texts[i] = read_file(t->files.items[i], NULL);
		if (!t->texts[i] || !text_names(t->texts[i], &compat))
			continue;
		top = parse(t->texts[i]);
		shared = tree_shared(top, &compat);
		node_free(top);
	}
out:
	free(root);
	strlist_free(&compat);
	return shared;
}
