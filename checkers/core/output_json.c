// SPDX-License-Identifier: GPL-2.0
/* One JSON object per line: easy to grep, stream and diff. */
#include "output.h"

static void json_location(FILE *out, const struct location *loc)
{
	fputs("\"file\":", out);
	json_string(out, loc->file);
	fprintf(out, ",\"line\":%u,\"column\":%u", loc->line, loc->col);
}

void output_json(FILE *out, const struct finding_list *list)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct finding *f = &list->items[i];

		fputs("{\"check\":", out);
		json_string(out, f->check->id);
		fprintf(out, ",\"family\":\"%s\",\"severity\":\"%s\","
			"\"confidence\":\"%s\",",
			api_family_name(f->check->family),
			severity_name(f->severity),
			confidence_name(f->confidence));
		json_location(out, &f->loc);
		fputs(",\"function\":", out);
		json_string(out, f->function);
		fputs(",\"key\":", out);
		json_string(out, f->key);
		fputs(",\"message\":", out);
		json_string(out, f->message);
		fputs(",\"engines\":", out);
		json_engines(out, f->engines);
		fprintf(out, ",\"fingerprint\":\"%s\",\"notes\":[",
			f->fingerprint);
		for (size_t n = 0; n < f->n_notes; n++) {
			fputs(n ? ",{" : "{", out);
			json_location(out, &f->notes[n].loc);
			fputs(",\"message\":", out);
			json_string(out, f->notes[n].message);
			fputc('}', out);
		}
		fputs("]}\n", out);
	}
}
