// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "facts_text.h"

#define MAX_FIELDS 24

const char *facts_text_file(const char *line, size_t *len)
{
	int field = strncmp(line, "DRVFACT\tsite\t", 13) == 0 ? 4 : 2;

	if (strncmp(line, "DRVFACT\t", 8) != 0)
		return NULL;
	for (int i = 0; i < field; i++) {
		line += strcspn(line, "\t\n");
		if (*line != '\t')
			return NULL;
		line++;
	}
	*len = strcspn(line, "\t\n");
	return line;
}

void facts_text_begin(struct facts_text_reader *r, struct judge_facts *jf,
		      facts_module_fn module_of, void *arg)
{
	r->jf = jf;
	r->module_of = module_of;
	r->module_arg = arg;
	r->base = jf->n_sites;
	r->file = NULL;
	r->module = "";
	r->bad = 0;
}

void facts_text_end(struct facts_text_reader *r)
{
	free(r->file);
	r->file = NULL;
}

static size_t split(char *line, char **f)
{
	size_t n = 0;

	for (char *p = line; n < MAX_FIELDS; p++) {
		f[n++] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p = '\0';
	}
	for (size_t i = 0; i < n; i++)
		if (strcmp(f[i], "-") == 0)
			f[i] = "";
	return n;
}

/*
 * A line of another file than the last one starts that file's block: its
 * site numbers count from 0 again (facts_text_lines() sets the module).
 */
static void enter_file(struct facts_text_reader *r, const char *file)
{
	if (r->file && strcmp(r->file, file) == 0)
		return;
	free(r->file);
	r->file = xstrdup(file);
	r->base = r->jf->n_sites;
}

/* Only locals are private to their file (their key names it). */
static int loc_of(struct facts_text_reader *r, const char *key)
{
	if (!*key)
		return JLOC_NONE;
	return jf_loc(r->jf, r->module, key, NULL,
		      strncmp(key, "local:", 6) != 0);
}

static struct jx value(const char *text)
{
	struct jx x;

	jx_parse(text, &x);
	return x;
}

static int direction(const char *text)
{
	char *end;
	long v;

	if (!*text)
		return -1;
	v = strtol(text, &end, 0);
	if (!*end)
		return v >= 0 && v <= DIR_NONE ? (int)v : -1;
	return dma_dir_lookup(text);
}

/* "KEY==V;KEY!=V" (guards) or "KEY=V" (sets) onto the site. */
static void conditions(struct facts_text_reader *r, int site, char *text,
		       bool sets)
{
	for (char *c = strtok(text, ";"); c; c = strtok(NULL, ";")) {
		char *op = sets ? strchr(c, '=') : strstr(c, "==");
		bool equal = true;

		if (!sets && !op) {
			op = strstr(c, "!=");
			equal = false;
		}
		if (!op || op == c)
			continue;
		*op = '\0';
		op += sets ? 1 : 2;
		if (sets)
			jf_site_set(r->jf, site, loc_of(r, c), strtoll(op, NULL, 0));
		else
			jf_site_guard(r->jf, site, loc_of(r, c), equal,
				      strtoll(op, NULL, 0));
	}
}

static void site_line(struct facts_text_reader *r, char **f, size_t n)
{
	const struct api_fn *api, *written;
	struct jsite *s;
	int idx;

	if (n != 21 || !(api = api_lookup(f[2]))) {
		r->bad++;
		return;
	}
	written = api_lookup(f[3]);
	idx = jf_site(r->jf, api, written, f[4], (unsigned int)atoi(f[5]),
		      (unsigned int)atoi(f[6]), f[7], r->module);
	s = &r->jf->sites[idx];
	s->handle = loc_of(r, f[8]);
	s->buf = loc_of(r, f[9]);
	s->nents_loc = loc_of(r, f[10]);
	s->size = value(f[11]);
	s->nents = value(f[12]);
	s->offset = value(f[13]);
	s->start = value(f[14]);
	s->dir = direction(f[15]);
	s->start_key = *f[16] ? xstrdup(f[16]) : NULL;
	s->start_holder = *f[17] ? xstrdup(f[17]) : NULL;
	s->start_loc = loc_of(r, f[18]);
	conditions(r, idx, f[19], false);
	conditions(r, idx, f[20], true);
}

static void src_line(struct facts_text_reader *r, char **f, size_t n)
{
	int loc;

	if (n < 5 || !*f[3]) {
		r->bad++;
		return;
	}
	loc = loc_of(r, f[3]);
	if (!strcmp(f[4], "site") && n == 6) {
		char *end;
		/* one of this file's sites ("-1" is no site of the last file) */
		unsigned long site = strtoul(f[5], &end, 10);

		if (isdigit((unsigned char)*f[5]) && !*end &&
		    site < r->jf->n_sites - r->base)
			jf_add_site_source(r->jf, loc, (int)(r->base + site));
		else
			r->bad++;
	} else if (!strcmp(f[4], "loc") && n == 6 && *f[5]) {
		jf_add_loc_source(r->jf, loc, loc_of(r, f[5]));
	} else if (!strcmp(f[4], "value") && n == 6) {
		jf_add_value(r->jf, loc, value(f[5]));
	} else if (!strcmp(f[4], "unknown")) {
		jf_add_unknown(r->jf, loc);
	} else if (!strcmp(f[4], "derived")) {
		jf_add_derived(r->jf, loc);
	} else {
		r->bad++;
	}
}

static void facts_text_line(struct facts_text_reader *r, char *line)
{
	char *f[MAX_FIELDS];
	size_t n;

	if (strncmp(line, "DRVFACT\t", 8) != 0)
		return;
	n = split(line, f);
	if (n > 4 && !strcmp(f[1], "site"))
		enter_file(r, f[4]);
	else if (n > 2 && (!strcmp(f[1], "src") || !strcmp(f[1], "loc")))
		enter_file(r, f[2]);
	if (!strcmp(f[1], "site")) {
		site_line(r, f, n);
	} else if (!strcmp(f[1], "src")) {
		src_line(r, f, n);
	} else if (!strcmp(f[1], "loc") && n == 5) {
		int loc = loc_of(r, f[3]);

		if (loc >= 0 && *f[4]) {
			free(r->jf->locs[loc].name);
			r->jf->locs[loc].name = xstrdup(f[4]);
		}
	} else {
		r->bad++;
	}
}

static void block_lines(struct facts_text_reader *r, char *text)
{
	for (char *line = text; *line;) {
		char *end = line + strcspn(line, "\n");
		char *next = *end ? end + 1 : end;

		*end = '\0';
		facts_text_line(r, line);
		line = next;
	}
}

/* Where the block of the file of line (a DRVFACT line) ends. */
static char *block_end(char *line)
{
	size_t len, l;
	const char *file = facts_text_file(line, &len), *f;
	char *next;

	for (;; line = next) {
		next = line + strcspn(line, "\n");
		next += *next == '\n';
		if (!*next)
			return next;
		f = facts_text_file(next, &l);
		if (f && (l != len || strncmp(f, file, len) != 0))
			return next;
	}
}

void facts_text_lines(struct facts_text_reader *r, char *text)
{
	for (char *line = text; line && *line;) {
		size_t len;
		const char *f = facts_text_file(line, &len);
		char *end = line + strcspn(line, "\n"), *file;

		if (!f) {	/* no DRVFACT line, or one without its file */
			char *next = *end ? end + 1 : end;

			*end = '\0';
			facts_text_line(r, line);
			line = next;
			continue;
		}
		end = block_end(line);
		file = xstrndup(f, len);
		/* once per module that links the file, from site 0 each time */
		for (size_t nth = 0;; nth++) {
			const char *m = r->module_of ? r->module_of(r->module_arg, file, nth) : NULL;
			char *copy;

			if (!m && nth)
				break;
			copy = xstrndup(line, (size_t)(end - line));
			r->module = m ? m : "";
			free(r->file);
			r->file = NULL;
			block_lines(r, copy);
			free(copy);
		}
		free(file);
		line = end;
	}
}
