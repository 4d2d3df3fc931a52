// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "result_cache.h"

#define SEED_B 0x84222325cbf29ce4ULL

static unsigned long long fnv_bytes(const char *s, size_t n,
				    unsigned long long h)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static void add_bytes(struct cache_key *k, const char *s, size_t n)
{
	k->a = fnv_bytes(s, n, k->a);
	k->b = fnv_bytes(s, n, k->b);
	/* a separator no text holds, so "ab","c" differs from "a","bc" */
	k->a = fnv_bytes("\0\1", 2, k->a);
	k->b = fnv_bytes("\0\1", 2, k->b);
}

void cache_key_init(struct cache_key *k)
{
	k->a = FNV1A64_INIT;
	k->b = SEED_B;
}

void cache_key_add(struct cache_key *k, const char *s)
{
	add_bytes(k, s, strlen(s));
}

void cache_key_add_file(struct cache_key *k, const char *path)
{
	size_t len = 0;
	char *text = read_file(path, &len);

	cache_key_add(k, path);
	if (text)
		add_bytes(k, text, len);
	else
		cache_key_add(k, "(missing)");
	free(text);
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void cache_key_add_headers_beside(struct cache_key *k, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
	struct strlist names = { 0 };
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (has_suffix(e->d_name, ".h"))
			strlist_add_owned(&names, xasprintf("%s/%s", dir, e->d_name));
	if (d)
		closedir(d);
	if (names.n)
		qsort(names.items, names.n, sizeof(char *), compare_strings);
	for (size_t i = 0; i < names.n; i++)
		cache_key_add_file(k, names.items[i]);
	strlist_free(&names);
	free(dir);
}

void cache_key_add_program(struct cache_key *k, const char *prog)
{
	char *found = NULL, buf[64];
	struct stat st;

	if (!strchr(prog, '/')) {
		const char *path = getenv("PATH");
		struct strlist dirs = { 0 };

		strlist_split(&dirs, path ? path : "", ":");
		for (size_t i = 0; !found && i < dirs.n; i++) {
			char *p = xasprintf("%s/%s", dirs.items[i], prog);

			if (access(p, X_OK) == 0)
				found = p;
			else
				free(p);
		}
		strlist_free(&dirs);
	}
	cache_key_add(k, found ? found : prog);
	if (stat(found ? found : prog, &st) == 0) {
		snprintf(buf, sizeof(buf), "%lld/%lld", (long long)st.st_size,
			 (long long)st.st_mtime);
		cache_key_add(k, buf);
	}
	free(found);
}

void cache_key_hex(const struct cache_key *k, char hex[33])
{
	snprintf(hex, 33, "%016llx%016llx", k->a, k->b);
}

char *result_cache_get(const char *dir, const char *kind, const char *hex,
		       size_t *len)
{
	char *path = xasprintf("%s/%s-%s", dir, kind, hex);
	char *text = read_file(path, len);

	free(path);
	return text;
}

void result_cache_put(const char *dir, const char *kind, const char *hex,
		      const char *text, size_t len)
{
	char *path = xasprintf("%s/%s-%s", dir, kind, hex);
	char *tmp = xasprintf("%s.%ld.tmp", path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	bool ok = f && fwrite(text, 1, len, f) == len;

	if (f && fclose(f))
		ok = false;
	/* rename: a reader sees the whole entry or none */
	if (!ok || rename(tmp, path))
		unlink(tmp);
	free(tmp);
	free(path);
}
