// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kbuild_composites.h"
#include "kbuild_includes.h"
#include "kbuild_modules.h"

static char *dir_of(const char *file)
{
	const char *slash = strrchr(file, '/');

	return slash ? xstrndup(file, (size_t)(slash - file)) : xstrdup(".");
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static bool strlist_equal(const struct strlist *a, const struct strlist *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->items[i], b->items[i]))
			return false;
	return true;
}

/* The module of this key, these flags and this directory, made if new. */
static struct kmodule *module_get(struct kmodule_list *out, char *name,
				  char *key, const struct strlist *flags,
				  const char *dir)
{
	struct kmodule *m;

	for (size_t i = 0; i < out->n; i++)
		if (strcmp(out->items[i].key, key) == 0 &&
		    strlist_equal(&out->items[i].flags, flags) &&
		    !out->items[i].dir == !dir &&
		    (!dir || strcmp(out->items[i].dir, dir) == 0)) {
			free(name);
			free(key);
			return &out->items[i];
		}
	GROW(out->items, out->cap, out->n + 1);
	m = &out->items[out->n++];
	memset(m, 0, sizeof(*m));
	m->name = name;
	m->key = key;
	for (size_t i = 0; i < flags->n; i++)
		strlist_add(&m->flags, flags->items[i]);
	m->dir = dir ? xstrdup(dir) : NULL;
	return m;
}

/* KBUILD_MODNAME is the object name with '-' as '_'. */
static char *modname(const char *s, size_t len)
{
	char *name = xstrndup(s, len);

	for (char *p = name; *p; p++)
		if (!isalnum((unsigned char)*p))
			*p = '_';
	return name;
}

void kbuild_modules(const struct strlist *files, const struct strlist *flags,
		    struct kmodule_list *out)
{
	for (size_t i = 0; i < files->n; i++) {
		const char *file = files->items[i], *base = base_of(file);
		char *dir = dir_of(file), *text = kbuild_makefile_text(dir);
		char *obj = xasprintf("%.*s.o", (int)strcspn(base, "."), base);
		struct strlist names = { 0 }, own = { 0 };

		if (text)
			kbuild_composites_of(text, obj, &names);
		/* not in a composite: a module of its own, or its directory's */
		if (!names.n)
			strlist_add_owned(&names, text ? xstrndup(base, strcspn(base, "."))
						       : xstrdup(base_of(dir)));
		for (size_t k = 0; k < flags->n; k++)
			strlist_add(&own, flags->items[k]);
		kbuild_dir_includes(dir, &own);
		/* an object two modules link is built, and checked, in both */
		for (size_t k = 0; k < names.n; k++) {
			char *mod = modname(names.items[k], strlen(names.items[k]));
			struct kmodule *m = module_get(out, mod, xasprintf("%s/%s", dir, mod),
						       &own, NULL);

			m->kbuild = true;
			if (!strlist_has(&m->files, file))
				strlist_add(&m->files, file);
		}
		strlist_free(&own);
		strlist_free(&names);
		free(obj);
		free(text);
		free(dir);
	}
}

void kbuild_modules_compdb(const struct compdb *db, struct kmodule_list *out)
{
	for (size_t i = 0; i < db->n; i++) {
		const struct compdb_entry *e = &db->items[i];
		const char *base = base_of(e->file);
		char *mod = e->module ? modname(e->module, strlen(e->module))
				      : modname(base, strcspn(base, "."));
		char *dir = dir_of(e->file);
		struct kmodule *m;

		m = module_get(out, mod, xasprintf("%s/%s", dir, mod), &e->flags,
			       e->dir);
		m->kbuild |= e->module != NULL;
		if (!strlist_has(&m->files, e->file))
			strlist_add(&m->files, e->file);
		free(dir);
	}
}

const char *kmodule_key_of(void *list, const char *file, size_t nth)
{
	const struct kmodule_list *l = list;

	for (size_t m = 0; m < l->n; m++)
		if (strlist_has(&l->items[m].files, file) && nth-- == 0)
			return l->items[m].key;
	return NULL;
}

void kmodule_list_free(struct kmodule_list *list)
{
	for (size_t i = 0; i < list->n; i++) {
		free(list->items[i].name);
		free(list->items[i].key);
		strlist_free(&list->items[i].files);
		strlist_free(&list->items[i].flags);
		free(list->items[i].dir);
	}
	free(list->items);
	memset(list, 0, sizeof(*list));
}

void kmodule_defines(const struct kmodule *m, struct strlist *argv)
{
	if (!m->kbuild)
		return;
	strlist_add_owned(argv, xasprintf("-DKBUILD_BASENAME=\"%s\"", m->name));
	strlist_add_owned(argv, xasprintf("-DKBUILD_MODNAME=\"%s\"", m->name));
	strlist_add_owned(argv, xasprintf("-D__KBUILD_MODNAME=kmod_%s", m->name));
}
