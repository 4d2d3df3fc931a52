// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "findings_read.h"
#include "json_read.h"
#include "util.h"

/* One line's members; the notes are skipped: confirm does not need them. */
struct raw_finding {
	char *check, *file, *function, *key, *message, *confidence;
	unsigned long line, column;
	unsigned int engines;
};

static bool engine_member(struct json_reader *j, const char *key, void *arg)
{
	unsigned int *mask = arg;
	char *name;

	(void)key;
	if (!json_read_string(j, &name))
		return false;
	for (unsigned int bit = 1; bit <= ENGINE_RUNTIME; bit <<= 1)
		if (strcmp(name, engine_name((enum engine)bit)) == 0)
			*mask |= bit;
	free(name);
	return true;
}

static bool finding_member(struct json_reader *j, const char *key, void *arg)
{
	struct raw_finding *r = arg;
	struct { const char *name; char **field; } strings[] = {
		{ "check", &r->check }, { "file", &r->file },
		{ "function", &r->function }, { "key", &r->key },
		{ "message", &r->message }, { "confidence", &r->confidence },
	};
	int depth = 0;

	for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++) {
		if (strcmp(key, strings[i].name) == 0) {
			free(*strings[i].field);
			*strings[i].field = NULL;
			return json_read_string(j, strings[i].field);
		}
	}
	if (strcmp(key, "line") == 0)
		return json_read_unsigned(j, &r->line);
	if (strcmp(key, "column") == 0)
		return json_read_unsigned(j, &r->column);
	if (strcmp(key, "engines") == 0)
		return json_read_container(j, '[', engine_member, &r->engines);
	return json_read_skip_value(j, key, &depth);
}

static void raw_free(struct raw_finding *r)
{
	free(r->check);
	free(r->file);
	free(r->function);
	free(r->key);
	free(r->message);
	free(r->confidence);
}

/* One line into list; false with *why set when it is not a finding. */
static bool add_line(const char *line, struct finding_list *list,
		     const char **why)
{
	struct json_reader j = { line, line, NULL };
	struct raw_finding r = { 0 };
	const struct check *check;
	enum confidence conf = CONF_MEDIUM;
	bool ok = json_read_container(&j, '{', finding_member, &r);

	*why = j.expected;
	if (ok && (!r.check || !r.file || !r.line)) {
		*why = "a finding with check, file and line";
		ok = false;
	}
	check = ok ? check_lookup(r.check) : NULL;
	if (ok && !check) {
		*why = "a known check id";
		ok = false;
	}
	if (ok && r.confidence && confidence_parse(r.confidence, &conf)) {
		*why = "a known confidence";
		ok = false;
	}
	if (ok)
		finding_add(list, check, conf, r.file, (unsigned int)r.line,
			    (unsigned int)r.column, r.function, r.key,
			    r.message ? r.message : "",
			    (enum engine)r.engines);
	raw_free(&r);
	return ok;
}

static int read_line(char *line, unsigned int lineno, const char *name,
		     void *list)
{
	const char *why;

	if (!line[strspn(line, " \t")] || add_line(line, list, &why))
		return 0;
	fprintf(stderr, "drvcheck: %s:%u: not drvcheck's JSON output (scan "
		"--format json): expected %s\n", name, lineno,
		why ? why : "an object");
	return -1;
}

int findings_read_json(const char *path, struct finding_list *list)
{
	return for_each_input_line(path, read_line, list);
}
