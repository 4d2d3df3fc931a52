// SPDX-License-Identifier: GPL-2.0
/*
 * SARIF 2.1.0 for code-scanning services: one run, every catalogue check as
 * a rule (stable ids), partialFingerprints from finding_fingerprint() so a
 * result keeps its identity when lines move.
 */
#include <ctype.h>
#include <string.h>

#include "output.h"
#include "util.h"

#ifndef DRVCHECK_VERSION
#define DRVCHECK_VERSION "0"
#endif

static const char *sarif_level(enum severity sev)
{
	return sev == SEV_ERROR ? "error" : sev == SEV_WARNING ? "warning"
							       : "note";
}

/* Relative paths stay relative to %SRCROOT%; absolute ones become file URIs. */
static void json_uri(FILE *out, const char *path)
{
	struct strbuf sb = { 0 };

	if (path[0] == '/')
		sb_puts(&sb, "file://");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("-._~/", *p))
			sb_add(&sb, (const char *)p, 1);
		else
			sb_printf(&sb, "%%%02X", *p);
	}
	json_string(out, sb.buf);
	sb_free(&sb);
}

/* {"artifactLocation":..., "region":...}: the body of a physicalLocation. */
static void physical_location(FILE *out, const struct location *loc)
{
	fputs("{\"artifactLocation\":{\"uri\":", out);
	json_uri(out, loc->file);
	if (loc->file[0] != '/')
		fputs(",\"uriBaseId\":\"%SRCROOT%\"", out);
	fprintf(out, "},\"region\":{\"startLine\":%u", loc->line ? loc->line : 1);
	if (loc->col)
		fprintf(out, ",\"startColumn\":%u", loc->col);
	fputs("}}", out);
}

static void rules(FILE *out)
{
	for (size_t i = 0; i < check_count; i++) {
		const struct check *c = &check_table[i];

		fputs(i ? ",{\"id\":" : "{\"id\":", out);
		json_string(out, c->id);
		fputs(",\"shortDescription\":{\"text\":", out);
		json_string(out, c->summary);
		fprintf(out, "},\"helpUri\":\"https://drvcheck.invalid/docs/checks.md#%s\","
			"\"defaultConfiguration\":{\"level\":\"%s\",\"enabled\":%s},"
			"\"properties\":{\"family\":\"%s\"}}",
			c->id, sarif_level(c->severity),
			c->default_on ? "true" : "false",
			api_family_name(c->family));
	}
}

static void result(FILE *out, const struct finding *f)
{
	fputs("{\"ruleId\":", out);
	json_string(out, f->check->id);
	fprintf(out, ",\"ruleIndex\":%td,\"level\":\"%s\",\"message\":{\"text\":",
		f->check - check_table, sarif_level(f->severity));
	json_string(out, f->message);
	fputs("},\"locations\":[{\"physicalLocation\":", out);
	physical_location(out, &f->loc);
	if (*f->function) {
		fputs(",\"logicalLocations\":[{\"name\":", out);
		json_string(out, f->function);
		fputs(",\"kind\":\"function\"}]", out);
	}
	fprintf(out, "}],\"partialFingerprints\":{\"drvcheck/v1\":\"%s\"},"
		"\"properties\":{\"confidence\":\"%s\",\"engines\":",
		f->fingerprint, confidence_name(f->confidence));
	json_engines(out, f->engines);
	fputs(",\"key\":", out);
	json_string(out, f->key);
	fputc('}', out);
	if (f->n_notes) {
		fputs(",\"relatedLocations\":[", out);
		for (size_t n = 0; n < f->n_notes; n++) {
			fprintf(out, "%s{\"id\":%zu,\"physicalLocation\":",
				n ? "," : "", n);
			physical_location(out, &f->notes[n].loc);
			fputs(",\"message\":{\"text\":", out);
			json_string(out, f->notes[n].message);
			fputs("}}", out);
		}
		fputc(']', out);
	}
	fputc('}', out);
}

void output_sarif(FILE *out, const struct finding_list *list)
{
	fputs("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
	      "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{"
	      "\"name\":\"drvcheck\",\"version\":\"" DRVCHECK_VERSION "\","
	      "\"informationUri\":\"https://drvcheck.invalid/\",\"rules\":[", out);
	rules(out);
	fputs("]}},\"columnKind\":\"utf16CodeUnits\",\"results\":[", out);
	for (size_t i = 0; i < list->n; i++) {
		if (i)
			fputc(',', out);
		result(out, &list->items[i]);
	}
	fputs("]}]}\n", out);
}
