// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "kbuild_flags.h"
#include "run.h"
#include "selection.h"

/* First line of the cache file; a new layout changes it. */
#define CACHE_MAGIC "drvcheck-checkflags 1"

/* "6.1" of a build directory's include/config/kernel.release, as
 * KERNEL_VERSION_NUM(6, 1, 0); 0 when unreadable. */
static unsigned int kdir_series(const char *kdir)
{
	char *path = xasprintf("%s/include/config/kernel.release", kdir);
	char *text = read_file(path, NULL);
	unsigned int a, b, v = 0;

	if (text && sscanf(text, "%u.%u", &a, &b) == 2 && a < 256 && b < 256)
		v = KERNEL_VERSION_NUM(a, b, 0);
	free(text);
	free(path);
	return v;
}

char *kbuild_kdir(unsigned int kernel_version, bool say)
{
	const char *env = getenv("KDIR");
	unsigned int series = kernel_version & ~0xffu;
	struct strlist cand = { 0 };
	struct utsname u;
	char *dir = NULL, *fallback = NULL;
	static bool said;
	glob_t g;

	if (env && *env)
		return xstrdup(env);
	if (uname(&u) == 0) {
		dir = xasprintf("/lib/modules/%s/build", u.release);
		if (is_dir(dir))
			strlist_add(&cand, dir);
		free(dir);
		dir = NULL;
	}
	/* glob sorts: the newest of a series comes last */
	if (glob("/usr/src/linux-headers-*-amd64", 0, NULL, &g) == 0) {
		for (size_t i = g.gl_pathc; i-- > 0;)
			strlist_add(&cand, g.gl_pathv[i]);
		globfree(&g);
	}
	if (cand.n)
		fallback = cand.items[0];
	for (size_t i = 0; series && i < cand.n && !dir; i++)
		if (kdir_series(cand.items[i]) == series)
			dir = cand.items[i];
	/* With several header sets installed the choice matters: say it. */
	if (say && cand.n > 1 && !said) {
		said = true;
		if (!series)
			fprintf(stderr, "drvcheck: kernel headers %s (the target's "
				"version is unknown: set --kernel-version or KDIR "
				"to choose)\n", fallback);
		else if (dir)
			fprintf(stderr, "drvcheck: a %u.%u tree: kernel headers %s\n",
				series >> 16, (series >> 8) & 0xff, dir);
		else
			fprintf(stderr, "drvcheck: no kernel headers of the %u.%u "
				"series installed; using %s (set KDIR to choose)\n",
				series >> 16, (series >> 8) & 0xff, fallback);
	}
	dir = xstrdup(dir ? dir : fallback ? fallback : "");
	strlist_free(&cand);
	if (!*dir) {
		free(dir);
		return NULL;
	}
	return dir;
}

static char *cache_path(const char *kdir, const char *cache_dir)
{
	char *name = xstrdup(kdir);

	for (char *p = name; *p; p++)
		if (*p == '/')
			*p = '_';
	char *path = xasprintf("%s/checkflags%s", cache_dir, name);
	free(name);
	return path;
}

/* The cache is stale when the kernel was configured again after it. */
static bool cache_fresh(const char *path, const char *kdir)
{
	char *config = xasprintf("%s/include/config/auto.conf", kdir);
	struct stat c, k;
	bool fresh = stat(path, &c) == 0 &&
		     (stat(config, &k) != 0 || k.st_mtime <= c.st_mtime);

	free(config);
	return fresh;
}

static int load_cache(const char *path, struct strlist *flags)
{
	char *text = read_file(path, NULL);
	struct strlist lines = { 0 };

	if (!text)
		return -1;
	strlist_split(&lines, text, "\n");
	free(text);
	if (!lines.n || strcmp(lines.items[0], CACHE_MAGIC) != 0) {
		strlist_free(&lines);
		return -1;
	}
	for (size_t i = 1; i < lines.n; i++)
		strlist_add(flags, lines.items[i]);
	strlist_free(&lines);
	return 0;
}

bool kbuild_per_file_flag(const char *a)
{
	return strncmp(a, "-Wp,-MMD,", 9) == 0 ||
	       strncmp(a, "-DKBUILD_BASENAME=", 18) == 0 ||
	       strncmp(a, "-DKBUILD_MODNAME=", 17) == 0 ||
	       strncmp(a, "-D__KBUILD_MODNAME=", 19) == 0;
}

/*
 * The recorded arguments (one a line, the file last) as flags that work
 * from any directory: Kbuild runs in kdir and names some include
 * directories relative to it.
 */
static void clean_flags(char *recorded, const char *cwd, struct strlist *flags)
{
	struct strlist args = { 0 };

	strlist_split(&args, recorded, "\n");
	for (size_t i = 0; i + 1 < args.n; i++) {
		const char *a = args.items[i];

		if (kbuild_per_file_flag(a))
			continue;
		if (strncmp(a, "-I", 2) == 0 && a[2] && a[2] != '/')
			strlist_add_owned(flags, xasprintf("-I%s/%s", cwd,
				strncmp(a + 2, "./", 2) == 0 ? a + 4 : a + 2));
		else
			strlist_add(flags, a);
	}
	strlist_free(&args);
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* Records what Kbuild hands $(CHECK) for dir/dummy.c. */
static int record(const char *kdir, const char *dir, struct strlist *flags)
{
	char *rec = xasprintf("%s/record.sh", dir);
	char *src = xasprintf("%s/dummy.c", dir);
	char *kbuild = xasprintf("%s/Kbuild", dir);
	char *script = xasprintf(
		"#!/bin/sh\n"
		"for a; do last=$a; done\n"
		"[ \"$last\" = '%s' ] || exit 0\n"
		"pwd > '%s/cwd'\n"
		"for a; do printf '%%s\\n' \"$a\"; done > '%s/args'\n",
		src, dir, dir);
	char *m = xasprintf("M=%s", dir), *check = xasprintf("CHECK=%s", rec);
	char *argv[] = { "make", "-s", "-C", (char *)kdir, m, "C=2", check,
			 "modules", NULL };
	char *cwd = NULL, *args = NULL, *p;
	struct child child;
	int rc = -1;

	if (write_text(src, "#include <linux/module.h>\n"
		       "MODULE_LICENSE(\"GPL\");\n") ||
	    write_text(kbuild, "obj-m := dummy.o\n") ||
	    write_text(rec, script) || chmod(rec, 0755)) {
		perror("drvcheck: sparse: cannot write the dummy module");
		goto out;
	}
	if (child_start(&child, argv)) {
		perror("drvcheck: sparse: cannot run make");
		child_cleanup(&child);
		goto out;
	}
	rc = child_wait(&child);
	p = xasprintf("%s/cwd", dir);
	cwd = read_file(p, NULL);
	free(p);
	p = xasprintf("%s/args", dir);
	args = read_file(p, NULL);
	free(p);
	if (rc || !cwd || !args) {
		fprintf(stderr, "drvcheck: sparse: 'make -C %s M=... C=2' did "
			"not run the checker (exit status %d):\n", kdir, rc);
		p = read_file(child.err_path, NULL);
		fputs(p ? p : "", stderr);
		free(p);
		rc = -1;
	} else {
		cwd[strcspn(cwd, "\n")] = '\0';
		clean_flags(args, cwd, flags);
	}
	child_cleanup(&child);
out:
	free(cwd);
	free(args);
	free(rec);
	free(src);
	free(kbuild);
	free(script);
	free(m);
	free(check);
	return rc ? -1 : 0;
}

/* Written to a temporary name and renamed: parallel scans share the cache. */
static void save_cache(const char *path, const struct strlist *flags)
{
	char *tmp = xasprintf("%s.%ld", path, (long)getpid());
	struct strbuf sb = { 0 };

	sb_puts(&sb, CACHE_MAGIC "\n");
	for (size_t i = 0; i < flags->n; i++)
		sb_printf(&sb, "%s\n", flags->items[i]);
	if (write_text(tmp, sb.buf) || rename(tmp, path)) {
		fprintf(stderr, "drvcheck: sparse: cannot write %s: %s\n", path,
			strerror(errno));
		unlink(tmp);
	}
	sb_free(&sb);
	free(tmp);
}

int kbuild_check_flags(const char *kdir, const char *cache_dir,
		       struct strlist *flags)
{
	char *path = cache_path(kdir, cache_dir);
	char *dir;
	int rc = 0;

	if (cache_fresh(path, kdir) && load_cache(path, flags) == 0)
		goto out;
	dir = tmpdir_create();
	if (!dir) {
		perror("drvcheck: sparse: cannot create a temporary directory");
		rc = -1;
		goto out;
	}
	rc = record(kdir, dir, flags);
	if (rc == 0)
		save_cache(path, flags);
	tmpdir_remove(dir);
out:
	free(path);
	return rc;
}
