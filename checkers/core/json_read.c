// SPDX-License-Identifier: GPL-2.0
/* A small JSON reader: compile_commands.json and drvcheck's own JSON lines. */
#include <stdlib.h>
#include <string.h>

#include "json_read.h"


void json_read_ws(struct json_reader *j)
{
	j->p += strspn(j->p, " \t\r\n");
}

bool json_read_fail(struct json_reader *j, const char *expected)
{
	if (!j->expected)
		j->expected = expected;
	return false;
}

bool json_read_expect(struct json_reader *j, char c)
{
	static char what[] = "'?'";

	json_read_ws(j);
	if (*j->p != c) {
		what[1] = c;
		return json_read_fail(j, what);
	}
	j->p++;
	return true;
}

static void put_utf8(struct strbuf *sb, unsigned long c)
{
	char b[4];
	size_t n;

	if (c < 0x80) {
		b[0] = (char)c, n = 1;
	} else if (c < 0x800) {
		b[0] = (char)(0xc0 | c >> 6), n = 2;
	} else if (c < 0x10000) {
		b[0] = (char)(0xe0 | c >> 12), n = 3;
	} else {
		b[0] = (char)(0xf0 | c >> 18), n = 4;
	}
	for (size_t i = 1; i < n; i++)
		b[i] = (char)(0x80 | ((c >> (6 * (n - 1 - i))) & 0x3f));
	sb_add(sb, b, n);
}

/* A \u escape and its four hex digits at p (p at the 'u'), a surrogate pair as one character. */
static bool unicode_escape(struct json_reader *j, struct strbuf *sb)
{
	unsigned long c = 0;

	for (int pair = 0; pair < 2; pair++) {
		char hex[5] = { 0 };
		char *end;
		unsigned long v;

		if (pair && strncmp(j->p, "\\u", 2))
			return json_read_fail(j, "the second half of a surrogate pair");
		j->p += pair ? 2 : 1;
		memcpy(hex, j->p, strnlen(j->p, 4));
		v = strtoul(hex, &end, 16);
		if (end != hex + 4 || (pair && (v < 0xdc00 || v > 0xdfff)))
			return json_read_fail(j, pair ? "the second half of a surrogate pair"
					    : "four hex digits after \\u");
		j->p += 4;
		if (pair)
			c = 0x10000 + ((c - 0xd800) << 10) + (v - 0xdc00);
		else
			c = v;
		if (c < 0xd800 || c > 0xdbff)
			break;
	}
	put_utf8(sb, c);
	return true;
}

bool json_read_string(struct json_reader *j, char **out)
{
	static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
	struct strbuf sb = { 0 };

	json_read_ws(j);
	if (*j->p != '"')
		return json_read_fail(j, "a string");
	for (j->p++; *j->p != '"';) {
		const char *e;

		if ((unsigned char)*j->p < 0x20) {
			sb_free(&sb);
			return json_read_fail(j, "the end of the string");
		}
		if (*j->p != '\\') {
			sb_add(&sb, j->p++, 1);
			continue;
		}
		j->p++;
		if (*j->p == 'u') {
			if (!unicode_escape(j, &sb)) {
				sb_free(&sb);
				return false;
			}
			continue;
		}
		for (e = escapes; *e && *e != *j->p; e += 2)
			;
		if (!*e || !*j->p) {
			sb_free(&sb);
			return json_read_fail(j, "an escape sequence");
		}
		sb_add(&sb, e + 1, 1);
		j->p++;
	}
	j->p++;
	*out = sb.buf ? sb.buf : xstrdup("");
	return true;
}


/*
 * An array or an object (open is '[' or '{'): fn is called for each
 * element, with the member's name in an object, NULL in an array.
 */
bool json_read_container(struct json_reader *j, char open,
			 json_read_member_fn *fn, void *arg)
{
	char close = open == '[' ? ']' : '}';

	json_read_ws(j);
	if (*j->p != open)
		return json_read_fail(j, open == '[' ? "an array" : "an object");
	j->p++;
	json_read_ws(j);
	if (*j->p == close) {
		j->p++;
		return true;
	}
	for (;;) {
		char *key = NULL;
		bool ok = open == '[' ||
			  (json_read_string(j, &key) && json_read_expect(j, ':'));

		ok = ok && fn(j, key, arg);
		free(key);
		if (!ok)
			return false;
		json_read_ws(j);
		if (*j->p != ',')
			return json_read_expect(j, close);
		j->p++;
	}
}

bool json_read_skip_value(struct json_reader *j, const char *key, void *depth)
{
	int inner = *(int *)depth + 1;
	size_t n;
	char *s;

	(void)key;
	json_read_ws(j);
	if (inner > 100)
		return json_read_fail(j, "less nesting");
	if (*j->p == '[' || *j->p == '{')
		return json_read_container(j, *j->p, json_read_skip_value, &inner);
	if (*j->p == '"') {
		if (!json_read_string(j, &s))
			return false;
		free(s);
		return true;
	}
	/* numbers, true, false, null */
	n = strspn(j->p, "+-.0123456789Eeaflnrstu");
	if (!n)
		return json_read_fail(j, "a value");
	j->p += n;
	return true;
}

bool json_read_unsigned(struct json_reader *j, unsigned long *out)
{
	char *end;

	json_read_ws(j);
	if (*j->p < '0' || *j->p > '9')
		return json_read_fail(j, "a number");
	*out = strtoul(j->p, &end, 10);
	j->p = end;
	return true;
}
