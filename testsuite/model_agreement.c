// SPDX-License-Identifier: GPL-2.0
/*
 * Keeps the places that name APIs and checks in step with the model and the
 * catalogue:
 *  - every API-looking identifier in a cocci script is in the model;
 *  - every model function of the roles a script lists under "Model-roles:"
 *    appears in that script;
 *  - every id under "// Checks:" is in the catalogue, and every check the
 *    catalogue gives to cocci is reported by some script;
 *  - docs/checks.md has a "## <id>" section for every check, whose
 *    Engines line names the engines checks.c says claim it;
 *  - the runtime's hook rows agree with the model rows they name, and
 *    runtime/kmod hooks what they list, through RT_HOOK_<symbol> only.
 */
#include <ctype.h>
#include <stdarg.h>
#include <dirent.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "core/checks.h"
#include "core/selection.h"
#include "core/util.h"

static unsigned int failures;

/* Identifiers that name kernel APIs of the three families. */
static const char *const api_pattern =
	"^(dma_(map|unmap|sync|alloc|free|zalloc|mapping_error)[a-z_]*|"
	"dmam_(alloc|free)[a-z_]*|dma_pool_(alloc|zalloc|free)|"
	"skb_frag_dma_map|pci_(map|unmap|alloc|zalloc|free)_[a-z_]*|"
	"pci_dma_[a-z_]*|pci_(request|release)_[a-z_]*|pci_iomap[a-z_]*|"
	"pci_ioremap[a-z_]*|pci_iounmap|pcim_iomap[a-z_]*|"
	"devm_(request|release)_(mem_)?region|__devm_request_region|"
	"devm_ioremap[a-z_]*|devm_iounmap|devm_platform_[a-z_]*ioremap[a-z_]*|"
	"devm_of_iomap|(request|release)_(region|mem_region[a-z_]*|muxed_region)|"
	"__(request|release)_region|(request|release|insert)_resource|"
	"ioremap[a-z_]*|iounmap|of_iomap|"
	"of_io_request_and_map|poll_wait|sock_poll_wait|wait_event[a-z_]*|"
	"wait_for_completion[a-z_]*|schedule(_timeout[a-z_]*)?|io_schedule[a-z_]*|"
	"msleep[a-z_]*|ssleep|usleep_range[a-z_]*|fsleep|"
	"(__)?set_current_state|(__)?set_task_state|set_special_state|"
	"prepare_to_wait[a-z_]*)$";

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void fail(const char *fmt, ...)
{
	va_list ap;

	printf("FAIL ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	failures++;
}

/* Drops // and block comments, keeping strings (python code has names). */
static void strip_comments(char *s)
{
	for (char *p = s; *p; p++) {
		if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				*p++ = ' ';
			if (!*p)
				break;
		} else if (p[0] == '/' && p[1] == '*') {
			while (*p && !(p[0] == '*' && p[1] == '/'))
				*p++ = ' ';
			if (!*p)
				break;
			p[0] = p[1] = ' ';
		}
	}
}

/*
 * Blanks string literals that are not one bare identifier: those hold
 * regexes and name prefixes ("^(dma_map|pci_map)"), not functions, while a
 * quoted bare name ('dma_unmap_addr') is a real API reference in python
 * code and stays checked.
 */
static void strip_pattern_strings(char *s)
{
	for (char *p = s; *p; p++) {
		char quote = *p, *end;
		bool bare = true;

		if (quote != '"' && quote != '\'')
			continue;
		for (end = p + 1; *end && *end != quote && *end != '\n'; end++) {
			if (*end == '\\' && end[1])
				end++;
			if (!isalnum((unsigned char)*end) && *end != '_')
				bare = false;
		}
		if (*end != quote)
			continue;
		if (!bare)
			memset(p, ' ', (size_t)(end - p + 1));
		p = end;
	}
}

static bool word_in(const struct strlist *words, const char *w)
{
	return strlist_has(words, w);
}

static void check_script(const char *path, const char *text, regex_t *api,
			 bool covered[])
{
	struct strlist words = { 0 }, roles = { 0 }, checks = { 0 };
	char *code = xstrdup(text);
	const char *line;

	line = strstr(text, "// Model-roles:");
	if (line) {
		char *l = xstrndup(line + 15, strcspn(line + 15, "\n"));

		strlist_split(&roles, l, " \t");
		free(l);
	}
	line = strstr(text, "// Checks:");
	if (!line)
		fail("%s: no '// Checks:' line", path);
	else {
		char *l = xstrndup(line + 10, strcspn(line + 10, "\n"));

		strlist_split(&checks, l, " \t");
		free(l);
	}
	for (size_t i = 0; i < checks.n; i++) {
		const struct check *c = check_lookup(checks.items[i]);

		if (!c)
			fail("%s: '// Checks:' names unknown check %s", path,
			     checks.items[i]);
		else
			covered[c - check_table] = true;
	}
	strip_comments(code);
	strip_pattern_strings(code);
	for (char *p = code; *p;) {
		if (isalpha((unsigned char)*p) || *p == '_') {
			char *start = p;

			while (isalnum((unsigned char)*p) || *p == '_')
				p++;
			strlist_add_owned(&words, xstrndup(start, (size_t)(p - start)));
		} else {
			p++;
		}
	}
	for (size_t i = 0; i < words.n; i++) {
		const char *w = words.items[i];

		if (regexec(api, w, 0, NULL, 0) == 0 && !api_lookup(w))
			fail("%s: API %s is not in the model", path, w);
	}
	for (size_t r = 0; r < roles.n; r++) {
		bool known = false;

		for (size_t i = 0; i < api_model_count; i++) {
			const struct api_fn *f = &api_model[i];
			char *role = xasprintf("%s/%s", api_family_name(f->family),
					       api_role_name(f->role));

			if (strcmp(role, roles.items[r]) == 0) {
				known = true;
				if (!word_in(&words, f->name))
					fail("%s: model function %s is missing", path,
					     f->name);
			}
			free(role);
		}
		if (!known)
			fail("%s: Model-roles names unknown role %s", path,
			     roles.items[r]);
	}
	free(code);
	strlist_free(&words);
	strlist_free(&roles);
	strlist_free(&checks);
}

/*
 * The engines a section's "**Engines.**" paragraph names before its first
 * ';' (the ones that have it; what follows is planned), parenthesised
 * remarks dropped, must be the static engines the catalogue says claim it.
 */
static void check_engines_line(const struct check *c, const char *section)
{
	const char *line = strstr(section, "**Engines.**");
	const char *next = strstr(section + 1, "\n## ");
	static const enum engine statics[] = { ENGINE_COCCI, ENGINE_SPARSE,
					       ENGINE_CLANG };
	char *names;
	int depth = 0;
	size_t n = 0;

	if (!line || (next && line > next)) {
		fail("docs/checks.md: section %s has no **Engines.** line", c->id);
		return;
	}
	line += strlen("**Engines.**");
	names = xstrndup(line, strcspn(line, ";"));
	for (char *p = names; *p; p++) {
		depth += (*p == '(') - (*p == ')');
		if (depth || *p == ')' || *p == '.')
			continue;
		names[n++] = *p == ',' ? ' ' : *p;
	}
	names[n] = '\0';
	for (size_t i = 0; i < sizeof(statics) / sizeof(statics[0]); i++) {
		struct strlist words = { 0 };
		bool claimed = c->engines & statics[i], named;

		strlist_split(&words, names, " \t\n");
		named = strlist_has(&words, engine_name(statics[i]));
		if (claimed != named)
			fail("docs/checks.md: %s: the Engines line %s %s, checks.c %s",
			     c->id, named ? "names" : "does not name",
			     engine_name(statics[i]), claimed ? "claims it" : "does not");
		strlist_free(&words);
	}
	free(names);
}

static void check_docs(const char *root)
{
	char *path = xasprintf("%s/docs/checks.md", root);
	char *text = read_file(path, NULL);

	if (!text) {
		fail("%s: missing", path);
	} else {
		for (size_t i = 0; i < check_count; i++) {
			char *heading = xasprintf("\n## %s\n", check_table[i].id);

			const char *section = strstr(text, heading);

			if (!section)
				fail("docs/checks.md: no section '## %s'",
				     check_table[i].id);
			else
				check_engines_line(&check_table[i], section);
			free(heading);
		}
	}
	free(text);
	free(path);
}

/*
 * The runtime's ids (rt_check_ids in runtime/core/report.c, the strings
 * after "] = ") are the catalogue's: each is in check_table, and every
 * check with the RT bit is one of them.
 */
static void check_runtime_ids(const char *root)
{
	char *path = xasprintf("%s/runtime/core/report.c", root);
	char *text = read_file(path, NULL);
	struct strlist ids = { 0 };

	if (!text) {
		fail("%s: missing", path);
		free(path);
		return;
	}
	for (const char *p = strstr(text, "rt_check_ids[");
	     p && (p = strstr(p, "] = \"")); ) {
		const char *id = p + 5;
		size_t n = strcspn(id, "\"");
		char *name = xstrndup(id, n);
		const struct check *c = check_lookup(name);

		if (!c)
			fail("%s: runtime id %s is not in the catalogue", path,
			     name);
		else if (!(c->engines & ENGINE_RUNTIME))
			fail("%s: runtime id %s has no RT bit in checks.c",
			     path, name);
		strlist_add_owned(&ids, name);
		p = id + n;
	}
	for (size_t i = 0; i < check_count; i++)
		if ((check_table[i].engines & ENGINE_RUNTIME) &&
		    !strlist_has(&ids, check_table[i].id))
			fail("checks.c: %s has the RT bit, the runtime has no "
			     "such id", check_table[i].id);
	strlist_free(&ids);
	free(text);
	free(path);
}

/* dma-debug records a page mapping as a single one, an sg_table's as sg. */
static enum dma_kind debug_kind(enum dma_kind kind)
{
	return kind == KIND_PAGE ? KIND_SINGLE :
	       kind == KIND_SGTABLE ? KIND_SG : kind;
}

/* The role that releases what role makes; -1 for a role making nothing. */
static int release_role(enum api_role role)
{
	switch (role) {
	case ROLE_DMA_MAP:		return ROLE_DMA_UNMAP;
	case ROLE_DMA_ALLOC:		return ROLE_DMA_FREE;
	case ROLE_REGION_REQUEST:	return ROLE_REGION_RELEASE;
	case ROLE_DMA_POOL_CREATE:	return ROLE_DMA_POOL_DESTROY;
	default:			return -1;
	}
}

/*
 * The runtime's hook rows agree with the rows they name: a kind is the
 * dma-debug type of the function's kind, a map needs the release of what it
 * makes (same family, device and kind); kernel_model does not shadow
 * api_model and has no row nothing hooks.  And runtime/kmod names its
 * hooks only through the generated RT_HOOK_<symbol>, each a model row.
 */
static void check_rt_hooks(const char *root)
{
	struct strlist used = { 0 };

	for (size_t i = 0; i < rt_hook_model_count; i++) {
		const struct rt_hook_fn *h = &rt_hook_model[i];
		const struct api_fn *f = api_lookup_any(h->symbol), *r;

		if (!f) {
			fail("hook %s: no model row", h->symbol);
			continue;
		}
		if (h->kind != KIND_NONE &&
		    (f->family != FAMILY_DMA || debug_kind(f->kind) != h->kind))
			fail("hook %s: kind %s, its row says %s", h->symbol,
			     dma_kind_name(h->kind), dma_kind_name(f->kind));
		if (!h->needs) {
			if (release_role(f->role) >= 0)
				fail("hook %s: makes what no hook is needed to "
				     "release", h->symbol);
			continue;
		}
		r = api_lookup_any(h->needs);
		if (!r || (int)r->role != release_role(f->role) ||
		    r->family != f->family ||
		    /* a pool is made of a device, destroyed as a pool */
		    (f->role != ROLE_DMA_POOL_CREATE && r->dev != f->dev) ||
		    debug_kind(r->kind) != debug_kind(f->kind))
			fail("hook %s: needs %s, which does not release what "
			     "it makes", h->symbol, h->needs);
	}
	for (size_t i = 0; i < kernel_model_count; i++) {
		bool hooked = false;

		if (api_lookup(kernel_model[i].name))
			fail("kernel_model %s is in api_model too",
			     kernel_model[i].name);
		for (size_t j = 0; j < rt_hook_model_count; j++)
			hooked |= !strcmp(rt_hook_model[j].symbol,
					  kernel_model[i].name);
		if (!hooked)
			fail("kernel_model %s: no hook row", kernel_model[i].name);
	}
	for (const char *const *name = (const char *const[]){ "hooks_dma.c",
		"hooks_pool.c", "hooks_region.c", "hooks_poll.c", NULL };
	     *name; name++) {
		char *path = xasprintf("%s/runtime/kmod/%s", root, *name);
		char *text = read_file(path, NULL);

		if (!text)
			fail("%s: missing", path);
		for (const char *p = text; p && (p = strstr(p, "{ ")); p += 2) {
			size_t n;

			if (!strncmp(p + 2, ".symbol", 7))
				fail("%s: a hook names its symbol by hand", path);
			if (strncmp(p + 2, "RT_HOOK_", 8))
				continue;
			n = strspn(p + 10, "abcdefghijklmnopqrstuvwxyz_0123456789");
			strlist_add_owned(&used, xstrndup(p + 10, n));
		}
		free(text);
		free(path);
	}
	for (size_t i = 0; i < used.n; i++) {
		bool known = false;

		for (size_t j = 0; j < rt_hook_model_count; j++)
			known |= !strcmp(rt_hook_model[j].symbol, used.items[i]);
		if (!known)
			fail("runtime/kmod hooks %s, which rt_hook_model lacks",
			     used.items[i]);
	}
	for (size_t i = 0; i < rt_hook_model_count; i++)
		if (!strlist_has(&used, rt_hook_model[i].symbol))
			fail("rt_hook_model %s: runtime/kmod does not hook it",
			     rt_hook_model[i].symbol);
	strlist_free(&used);
}

int main(int argc, char **argv)
{
	const char *root = argc > 1 ? argv[1] : ".";
	char *dir = xasprintf("%s/cocci", root);
	bool covered[MAX_CHECKS] = { false };
	regex_t api;
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned int scripts = 0;

	if (regcomp(&api, api_pattern, REG_EXTENDED | REG_NOSUB)) {
		fputs("bad API pattern\n", stderr);
		return 2;
	}
	while (d && (e = readdir(d))) {
		char *path, *text;

		if (!has_suffix(e->d_name, ".cocci"))
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		text = read_file(path, NULL);
		if (text) {
			check_script(path, text, &api, covered);
			scripts++;
		}
		free(text);
		free(path);
	}
	if (d)
		closedir(d);
	for (size_t i = 0; i < check_count; i++)
		if ((check_table[i].engines & ENGINE_COCCI) && !covered[i])
			fail("check %s is claimed by cocci but no script reports it",
			     check_table[i].id);
	check_docs(root);
	check_runtime_ids(root);
	check_rt_hooks(root);
	regfree(&api);
	free(dir);
	printf("model agreement: %u scripts, %zu model functions, %u problems\n",
	       scripts, api_model_count, failures);
	printf("%u passed, %u failed\n", failures ? 0 : 1, failures ? 1 : 0);
	return failures ? 1 : 0;
}
