// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "output.h"
#include "output_html.h"

int output_format_parse(const char *name, enum output_format *out)
{
	if (strcmp(name, "text") == 0)
		*out = FORMAT_TEXT;
	else if (strcmp(name, "json") == 0)
		*out = FORMAT_JSON;
	else if (strcmp(name, "sarif") == 0)
		*out = FORMAT_SARIF;
	else if (strcmp(name, "html") == 0)
		*out = FORMAT_HTML;
	else if (strcmp(name, "gitlab") == 0)
		*out = FORMAT_GITLAB;
	else
		return -1;
	return 0;
}

void output_findings(FILE *out, enum output_format format,
		     const struct finding_list *list)
{
	switch (format) {
	case FORMAT_TEXT:
		output_text(out, list);
		break;
	case FORMAT_JSON:
		output_json(out, list);
		break;
	case FORMAT_SARIF:
		output_sarif(out, list);
		break;
	case FORMAT_HTML:
		output_html(out, list, NULL, NULL);
		break;
	case FORMAT_GITLAB:
		output_gitlab(out, list);
		break;
	}
}

void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		default:
			if (*p < 0x20)
				fprintf(out, "\\u%04x", *p);
			else
				fputc(*p, out);
		}
	}
	fputc('"', out);
}

void json_engines(FILE *out, unsigned int mask)
{
	const char *sep = "";

	fputc('[', out);
	for (unsigned int bit = 1; bit <= ENGINE_RUNTIME; bit <<= 1) {
		if (!(mask & bit))
			continue;
		fprintf(out, "%s", sep);
		json_string(out, engine_name((enum engine)bit));
		sep = ",";
	}
	fputc(']', out);
}
