/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers every user-space part shares: allocation, strings, files. */
#ifndef DRVCHECK_UTIL_H
#define DRVCHECK_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grows an array of elements of size elem to hold at least need of them. */
void grow_array(void **array, size_t *capacity, size_t need, size_t elem);
#define GROW(arr, cap, need) \
	grow_array((void **)&(arr), &(cap), (need), sizeof(*(arr)))

struct strbuf {
	char *buf;
	size_t len, cap;
};

void sb_add(struct strbuf *sb, const char *s, size_t n);
void sb_puts(struct strbuf *sb, const char *s);
void sb_printf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void sb_free(struct strbuf *sb);

/* Whole file into a NUL-terminated buffer; NULL and errno set on failure. */
char *read_file(const char *path, size_t *len);
/* read_file(), or standard input for NULL or "-". */
char *read_file_or_stdin(const char *path);

/*
 * Calls fn on each line of path (NULL or "-": standard input), without its
 * '\r\n', with name (the path, or "<stdin>") for messages, until fn returns
 * non-zero; returns that, 0, or -1 when the input is unreadable (printed).
 */
typedef int line_fn(char *line, unsigned int lineno, const char *name,
		    void *arg);
int for_each_input_line(const char *path, line_fn *fn, void *arg);

/* mkdir -p: path and its missing parents; -1 (errno set) when one fails. */
int mkdirs(const char *path, unsigned int mode);
bool is_dir(const char *path);
bool is_regular(const char *path);
bool has_suffix(const char *s, const char *suffix);

/* A list of strings, owned. */
struct strlist {
	char **items;
	size_t n, cap;
};

void strlist_add(struct strlist *l, const char *s);
void strlist_add_owned(struct strlist *l, char *s);
bool strlist_has(const struct strlist *l, const char *s);
void strlist_free(struct strlist *l);
/* Splits s at any character of seps, dropping empty pieces. */
void strlist_split(struct strlist *l, const char *s, const char *seps);

/* 64-bit FNV-1a, for fingerprints. */
unsigned long long fnv1a64(const char *s, unsigned long long h);
#define FNV1A64_INIT 0xcbf29ce484222325ULL

#endif
