// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "confirm_read.h"
#include "json_read.h"
#include "util.h"

static const char *const status_names[] = {
	[CONFIRM_CONFIRMED] = "confirmed",
	[CONFIRM_NOT_EXERCISED] = "not-exercised",
	[CONFIRM_UNPREDICTED] = "unpredicted",
};

const char *confirm_status_name(enum confirm_status status)
{
	return status_names[status];
}

struct raw_entry {
	struct confirm_entry e;
	char *status;
};

static bool entry_member(struct json_reader *j, const char *key, void *arg)
{
	struct raw_entry *r = arg;
	struct { const char *name; char **field; } strings[] = {
		{ "status", &r->status }, { "check", &r->e.check },
		{ "file", &r->e.file }, { "function", &r->e.function },
		{ "fingerprint", &r->e.fingerprint }, { "driver", &r->e.driver },
		{ "mapped_in", &r->e.mapped_in }, { "reason", &r->e.reason },
		{ "message", &r->e.message },
	};
	struct { const char *name; unsigned long *field; } numbers[] = {
		{ "line", &r->e.line }, { "runtime_errors", &r->e.runtime_errors },
		{ "count", &r->e.count },
	};
	int depth = 0;

	for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++)
		if (strcmp(key, strings[i].name) == 0) {
			free(*strings[i].field);
			*strings[i].field = NULL;
			return json_read_string(j, strings[i].field);
		}
	for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++)
		if (strcmp(key, numbers[i].name) == 0)
			return json_read_unsigned(j, numbers[i].field);
	return json_read_skip_value(j, key, &depth);
}

static void entry_free(struct confirm_entry *e)
{
	free(e->check);
	free(e->file);
	free(e->function);
	free(e->fingerprint);
	free(e->driver);
	free(e->mapped_in);
	free(e->reason);
	free(e->message);
}

/* Missing strings become "" so readers need not test for NULL. */
static void fill_empty(struct confirm_entry *e)
{
	char **fields[] = { &e->check, &e->file, &e->function, &e->fingerprint,
			    &e->driver, &e->mapped_in, &e->reason, &e->message };

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (!*fields[i])
			*fields[i] = xstrdup("");
}

static bool parse_status(const char *name, enum confirm_status *out)
{
	for (size_t i = 0; i < sizeof(status_names) / sizeof(status_names[0]); i++)
		if (name && strcmp(name, status_names[i]) == 0) {
			*out = (enum confirm_status)i;
			return true;
		}
	return false;
}

static int read_line(char *line, unsigned int lineno, const char *name,
		     void *arg)
{
	struct confirm_list *list = arg;
	struct json_reader j = { line, line, NULL };
	struct raw_entry r = { 0 };
	const char *why = NULL;

	if (!line[strspn(line, " \t")])
		return 0;
	if (!json_read_container(&j, '{', entry_member, &r))
		why = j.expected ? j.expected : "an object";
	else if (!parse_status(r.status, &r.e.status))
		why = "a status: confirmed, not-exercised or unpredicted";
	else if (!r.e.check || (r.e.status != CONFIRM_UNPREDICTED &&
				!r.e.fingerprint))
		why = "a check and, for a finding, its fingerprint";
	free(r.status);
	if (why) {
		fprintf(stderr, "drvcheck: %s:%u: not drvcheck confirm's JSON "
			"output (confirm --format json): expected %s\n", name,
			lineno, why);
		entry_free(&r.e);
		return -1;
	}
	fill_empty(&r.e);
	GROW(list->items, list->cap, list->n + 1);
	list->items[list->n++] = r.e;
	return 0;
}

int confirm_read_json(const char *path, struct confirm_list *list)
{
	return for_each_input_line(path, read_line, list);
}

const struct confirm_entry *confirm_lookup(const struct confirm_list *list,
					   const struct finding *f)
{
	for (size_t i = 0; list && i < list->n; i++) {
		const struct confirm_entry *e = &list->items[i];

		if (e->status != CONFIRM_UNPREDICTED &&
		    strcmp(e->fingerprint, f->fingerprint) == 0 &&
		    strcmp(e->check, f->check->id) == 0)
			return e;
	}
	return NULL;
}

void confirm_list_free(struct confirm_list *list)
{
	for (size_t i = 0; i < list->n; i++)
		entry_free(&list->items[i]);
	free(list->items);
	list->items = NULL;
	list->n = list->cap = 0;
}
