// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "finding_tab.h"

/* A field must not hold the separators: tabs and newlines become spaces. */
static void put_field(FILE *out, const char *s)
{
	fputc('\t', out);
	for (; *s; s++)
		fputc(*s == '\t' || *s == '\n' ? ' ' : *s, out);
}

void finding_tab_write(FILE *out, const struct finding_list *list)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct finding *f = &list->items[i];

		fputs("DRVCHECK", out);
		put_field(out, f->check->id);
		put_field(out, confidence_name(f->confidence));
		put_field(out, f->loc.file);
		fprintf(out, "\t%u\t%u", f->loc.line, f->loc.col);
		put_field(out, f->function);
		put_field(out, f->key);
		put_field(out, f->message);
		fputc('\n', out);
		for (size_t n = 0; n < f->n_notes; n++) {
			const struct note *note = &f->notes[n];

			fputs("DRVNOTE", out);
			put_field(out, note->loc.file);
			fprintf(out, "\t%u\t%u", note->loc.line, note->loc.col);
			put_field(out, note->message);
			fputc('\n', out);
		}
	}
}

/* Splits a tab-separated line into at most max fields, in place. */
static size_t split_tabs(char *line, char **fields, size_t max)
{
	size_t n = 0;

	while (n < max) {
		fields[n++] = line;
		line = strchr(line, '\t');
		if (!line)
			break;
		*line++ = '\0';
	}
	return n;
}

static unsigned int to_uint(const char *s)
{
	return (unsigned int)strtoul(s, NULL, 10);
}

void finding_tab_parse(char *text, const struct selection *sel,
		       enum engine engine, struct finding_list *out)
{
	struct finding *last = NULL;
	char *save = NULL;

	for (char *line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *f[9];
		const struct check *c;
		enum confidence conf;

		if (strncmp(line, "DRVNOTE\t", 8) == 0) {
			if (last && split_tabs(line, f, 5) == 5)
				finding_add_note(last, f[1], to_uint(f[2]),
						 to_uint(f[3]), f[4]);
			continue;
		}
		last = NULL;
		if (strncmp(line, "DRVCHECK\t", 9) != 0 ||
		    split_tabs(line, f, 9) != 9)
			continue;
		c = check_lookup(f[1]);
		if (!c) {
			fprintf(stderr, "drvcheck: %s: unknown check id '%s'\n",
				engine_name(engine), f[1]);
			continue;
		}
		if (!selection_has(sel, c))
			continue;
		if (confidence_parse(f[2], &conf))
			conf = CONF_MEDIUM;
		last = finding_add(out, c, conf, f[3], to_uint(f[4]),
				   to_uint(f[5]), f[6], f[7], f[8], engine);
	}
}
