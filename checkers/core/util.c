// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

static void out_of_memory(void)
{
	fputs("drvcheck: out of memory\n", stderr);
	exit(2);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf sb = { 0 };
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	return sb.buf ? sb.buf : xstrdup("");
}

void grow_array(void **array, size_t *capacity, size_t need, size_t elem)
{
	size_t cap = *capacity;

	if (need <= cap)
		return;
	cap = cap ? cap : 8;
	while (cap < need)
		cap *= 2;
	if (cap > SIZE_MAX / elem)
		out_of_memory();
	*array = xrealloc(*array, cap * elem);
	*capacity = cap;
}

void sb_add(struct strbuf *sb, const char *s, size_t n)
{
	grow_array((void **)&sb->buf, &sb->cap, sb->len + n + 1, 1);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list copy;
	int n;

	va_copy(copy, ap);
	n = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		out_of_memory();
	grow_array((void **)&sb->buf, &sb->cap, sb->len + (size_t)n + 1, 1);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

/* All of f; NULL with errno on a read error.  Does not close f. */
static char *read_stream(FILE *f, size_t *len)
{
	struct strbuf sb = { 0 };
	char chunk[65536];
	size_t n;

	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		sb_add(&sb, chunk, n);
	if (ferror(f)) {
		int err = errno;

		sb_free(&sb);
		errno = err;
		return NULL;
	}
	if (!sb.buf)
		sb_add(&sb, "", 0);
	if (len)
		*len = sb.len;
	return sb.buf;
}

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text;
	int err;

	if (!f)
		return NULL;
	text = read_stream(f, len);
	err = errno;
	fclose(f);
	errno = err;
	return text;
}

char *read_file_or_stdin(const char *path)
{
	if (!path || strcmp(path, "-") == 0)
		return read_stream(stdin, NULL);
	return read_file(path, NULL);
}

int for_each_input_line(const char *path, line_fn *fn, void *arg)
{
	const char *name = path && strcmp(path, "-") ? path : "<stdin>";
	char *text = read_file_or_stdin(path);
	unsigned int lineno = 0;
	int ret = 0;

	if (!text) {
		fprintf(stderr, "drvcheck: %s: %s\n", name, strerror(errno));
		return -1;
	}
	for (char *line = text, *next; line && *line && !ret; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line[strcspn(line, "\r")] = '\0';
		ret = fn(line, ++lineno, name, arg);
	}
	free(text);
	return ret;
}

int mkdirs(const char *path, unsigned int mode)
{
	char *p = xstrdup(path);
	int ret = 0;

	for (char *q = *p ? strchr(p + 1, '/') : NULL; ; q = strchr(q + 1, '/')) {
		if (q)
			*q = '\0';
		if (mkdir(p, (mode_t)mode) && errno != EEXIST)
			ret = -1;
		if (!q)
			break;
		*q = '/';
	}
	free(p);
	return ret;
}

bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool is_regular(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool has_suffix(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

void strlist_add_owned(struct strlist *l, char *s)
{
	GROW(l->items, l->cap, l->n + 1);
	l->items[l->n++] = s;
}

void strlist_add(struct strlist *l, const char *s)
{
	strlist_add_owned(l, xstrdup(s));
}

bool strlist_has(const struct strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->items[i], s) == 0)
			return true;
	return false;
}

void strlist_free(struct strlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->items[i]);
	free(l->items);
	l->items = NULL;
	l->n = l->cap = 0;
}

void strlist_split(struct strlist *l, const char *s, const char *seps)
{
	while (*s) {
		size_t n = strcspn(s, seps);

		if (n)
			strlist_add_owned(l, xstrndup(s, n));
		s += n;
		s += strspn(s, seps);
	}
}

unsigned long long fnv1a64(const char *s, unsigned long long h)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}
