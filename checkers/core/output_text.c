// SPDX-License-Identifier: GPL-2.0
/* gcc/sparse style, so make, editors and CI log parsers read it. */
#include "output.h"

static void print_location(FILE *out, const struct location *loc)
{
	if (loc->col)
		fprintf(out, "%s:%u:%u: ", loc->file, loc->line, loc->col);
	else
		fprintf(out, "%s:%u: ", loc->file, loc->line);
}

void output_text(FILE *out, const struct finding_list *list)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct finding *f = &list->items[i];

		print_location(out, &f->loc);
		fprintf(out, "%s: %s [drvcheck-%s]", severity_name(f->severity),
			f->message, f->check->id);
		if (f->confidence != CONF_HIGH)
			fprintf(out, " (%s confidence)",
				confidence_name(f->confidence));
		fputc('\n', out);
		for (size_t n = 0; n < f->n_notes; n++) {
			print_location(out, &f->notes[n].loc);
			fprintf(out, "note: %s\n", f->notes[n].message);
		}
	}
}
