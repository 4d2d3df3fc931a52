// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "runtime_log.h"
#include "util.h"

#define RT_PREFIX "drvcheck_rt:"

char *runtime_symbol_function(const char *symbol)
{
	static const char *const suffixes[] = {
		".isra", ".constprop", ".part", ".cold", ".llvm", NULL
	};
	char *fn = xstrndup(symbol, strcspn(symbol, "+ \t["));

	for (const char *const *s = suffixes; *s; s++) {
		char *dot = strstr(fn, *s);

		if (dot)
			*dot = '\0';
	}
	return fn;
}

static bool same(const char *a, const char *b)
{
	return strcmp(a, b) == 0;
}

/* Takes ownership of e's strings. */
static void add_error(struct runtime_log *log, struct runtime_error *e)
{
	for (size_t i = 0; i < log->n; i++) {
		struct runtime_error *o = &log->items[i];

		if (same(o->id, e->id) && same(o->driver, e->driver) &&
		    same(o->func, e->func) &&
		    same(o->mapped_func, e->mapped_func)) {
			o->count++;
			free(e->id);
			free(e->driver);
			free(e->func);
			free(e->mapped_func);
			free(e->msg);
			return;
		}
	}
	if (log->n == log->cap) {
		log->cap = log->cap ? 2 * log->cap : 16;
		log->items = xrealloc(log->items,
				      log->cap * sizeof(*log->items));
	}
	e->count = 1;
	log->items[log->n++] = *e;
}

/* The value of key in a TAB-separated key=value line, or NULL. */
static char *field(const char *line, const char *key)
{
	size_t klen = strlen(key);

	for (const char *p = line; p && *p; p = strchr(p, '\t'), p += !!p) {
		if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
			const char *v = p + klen + 1;
			size_t n = strcspn(v, "\t");
			char *s = xmalloc(n + 1);

			memcpy(s, v, n);
			s[n] = '\0';
			return s;
		}
	}
	return NULL;
}

static int debugfs_line(struct runtime_log *log, const char *line,
			const char *path, unsigned int lineno)
{
	struct runtime_error e = { 0 };
	char *at = field(line, "mapped_at");
	char *func = field(line, "func");

	e.id = field(line, "id");
	if (!func || !e.id || !*e.id) {
		fprintf(stderr, "drvcheck: %s:%u: a runtime error line without "
			"%s\n", path, lineno, func ? "an id" : "func=");
		free(e.id);
		free(func);
		free(at);
		return -1;
	}
	e.func = runtime_symbol_function(func);
	free(func);
	e.mapped_func = runtime_symbol_function(at && !same(at, "-") ? at : "");
	free(at);
	e.driver = field(line, "driver");
	if (!e.driver)
		e.driver = xstrdup("");
	e.msg = field(line, "msg");
	if (!e.msg)
		e.msg = xstrdup("");
	add_error(log, &e);
	return 0;
}

/* The text after "drvcheck_rt:" and blanks, or NULL. */
static const char *console_text(const char *line)
{
	const char *p = strstr(line, RT_PREFIX);

	return p ? p + strlen(RT_PREFIX) + strspn(p + strlen(RT_PREFIX), " ")
		 : NULL;
}

/*
 * A console error opened by its "[drvcheck-<id>]" line and completed by
 * the "at" / "mapped at" lines that follow it.
 */
struct console_error {
	bool open;
	struct runtime_error e;
};

static void console_flush(struct runtime_log *log, struct console_error *c)
{
	if (!c->open)
		return;
	if (!c->e.func)
		c->e.func = xstrdup("");
	if (!c->e.mapped_func)
		c->e.mapped_func = xstrdup("");
	add_error(log, &c->e);
	memset(c, 0, sizeof(*c));
}

/* "DMA-API: <driver> <device>: ..." or "<driver> <device>: ...". */
static char *console_driver(const char *text)
{
	size_t n;

	if (strncmp(text, "DMA-API: ", 9) == 0)
		text += 9;
	n = strcspn(text, " :");
	return text[n] == ' ' ? xstrndup(text, n) : xstrdup("");
}

static void console_line(struct runtime_log *log, struct console_error *c,
			 const char *line)
{
	const char *text = console_text(line);
	const char *tag, *end;

	if (!text)
		return;
	if (strncmp(text, "at ", 3) == 0 && c->open && !c->e.func) {
		c->e.func = runtime_symbol_function(text + 3);
		return;
	}
	if (strncmp(text, "mapped at ", 10) == 0 && c->open &&
	    !c->e.mapped_func) {
		c->e.mapped_func = runtime_symbol_function(text + 10);
		return;
	}
	tag = strstr(text, "[drvcheck-");
	end = tag ? strchr(tag, ']') : NULL;
	if (!end)
		return;
	console_flush(log, c);
	c->open = true;
	c->e.id = xstrndup(tag + 10, (size_t)(end - tag - 10));
	c->e.driver = console_driver(text);
	c->e.msg = xstrndup(text, (size_t)(tag - text - (tag > text)));
}

struct log_reader {
	struct runtime_log *log;
	struct console_error c;
};

static int read_line(char *line, unsigned int lineno, const char *name,
		     void *arg)
{
	struct log_reader *r = arg;

	if (strncmp(line, "id=", 3) != 0) {
		console_line(r->log, &r->c, line);
		return 0;
	}
	console_flush(r->log, &r->c);
	return debugfs_line(r->log, line, name, lineno);
}

int runtime_log_read(const char *path, struct runtime_log *log)
{
	struct log_reader r = { .log = log };
	int ret = for_each_input_line(path, read_line, &r);

	console_flush(log, &r.c);
	return ret;
}

void runtime_log_free(struct runtime_log *log)
{
	for (size_t i = 0; i < log->n; i++) {
		free(log->items[i].id);
		free(log->items[i].driver);
		free(log->items[i].func);
		free(log->items[i].mapped_func);
		free(log->items[i].msg);
	}
	free(log->items);
	memset(log, 0, sizeof(*log));
}
