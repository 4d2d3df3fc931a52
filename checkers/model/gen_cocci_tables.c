// SPDX-License-Identifier: GPL-2.0
/*
 * Writes the model's tables into the Coccinelle scripts.  spatch cannot
 * include a file relative to the script (make coccicheck runs it from the
 * kernel tree), so each table lives in its script between two markers:
 *
 *   # BEGIN generated TAG: gen-cocci-tables from checkers/model, do not edit
 *   ...
 *   # END generated TAG
 *
 * ("//" instead of "#" in SmPL parts).  The text between them is what the
 * generator for TAG prints; the scripts are committed with it so they run
 * from a plain checkout.
 *
 *   gen-cocci-tables --check COCCI_DIR   exit 1 and show what differs
 *   gen-cocci-tables --write COCCI_DIR   rewrite the tables in place
 */
#include <dirent.h>
#include <stdbool.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "model/api_model.h"
#include "model/gen_file.h"

/*
 * The SmPL metavariable a set is declared as: "fn_1", or the NAME of a
 * marker "BEGIN generated TAG as NAME" (a rule that matches two sets).
 */
static char metavar[64];

/*
 * SmPL: "identifier NAME = {...};" of the functions in; as NAME
 * "prefilter", the script's "// Prefilter:" line instead: drvcheck scan
 * gives the script only the files that name one of them.
 */
static void gen_set(struct strbuf *out, bool (*in)(const struct api_fn *))
{
	bool prefilter = strcmp(metavar, "prefilter") == 0;
	const char *sep = "";

	if (prefilter)
		sb_printf(out, "// Prefilter:");
	else
		sb_printf(out, "identifier %s = {", metavar);
	for (size_t i = 0; i < api_model_count; i++)
		if (in(&api_model[i])) {
			sb_printf(out, "%s%s", prefilter ? " " : sep, api_model[i].name);
			sep = ", ";
		}
	sb_printf(out, prefilter ? "\n" : "};\n");
}

/*
 * The region functions whose calls the scripts collect: requests,
 * releases, maps and unmaps (a map undone where it was made is a peek).
 */
static bool iomem_call(const struct api_fn *f)
{
	return f->family == FAMILY_IOMEM;
}

/* SmPL: the identifier set of iomem.cocci's @calls@ rule. */
static void gen_iomem_calls(struct strbuf *out)
{
	gen_set(out, iomem_call);
}

static bool mem_free(const struct api_fn *f)
{
	return f->role == ROLE_MEM_FREE;
}

/* SmPL: the frees after which release_resource() leaked nothing. */
static void gen_iomem_frees(struct strbuf *out)
{
	gen_set(out, mem_free);
}

/* Python: value function -> (argument, member added, member subtracted,
 * constant, the struct the argument points to): resource_size(res) is
 * res->end - res->start + 1. */
static void gen_iomem_values(struct strbuf *out)
{
	sb_printf(out, "VALUE_FNS = {\n");
	for (size_t i = 0; i < value_model_count; i++)
		sb_printf(out, "    \"%s\": (%d, \"%s\", \"%s\", %lld, \"%s\"),\n",
			  value_model[i].name, value_model[i].arg, value_model[i].plus,
			  value_model[i].minus, value_model[i].c, value_model[i].type);
	sb_printf(out, "}\n");
}

/* Python: the byte-order conversions, looked through as the compilers
 * look through the casts and builtins they expand to. */
static void gen_conversions(struct strbuf *out)
{
	sb_printf(out, "DCP_CONV = {");
	for (size_t i = 0; i < conversion_model_count; i++)
		sb_printf(out, "%s\"%s\"", i ? ", " : "", conversion_model[i]);
	sb_printf(out, "}\n");
}

/* Python: the port I/O calls (iomem-unchecked-request) */
static void gen_port_io(struct strbuf *out)
{
	sb_printf(out, "PORT_IO = {");
	for (size_t i = 0; i < port_io_model_count; i++)
		sb_printf(out, "%s\"%s\"", i ? ", " : "", port_io_model[i]);
	sb_printf(out, "}\n");
}

/* Python: region space -> what shows a request of it is used
 * (region_use_model; a space with no row is always used) */
static void gen_region_use(struct strbuf *out)
{
	sb_printf(out, "REGION_USE = {\n");
	for (size_t i = 0; i < region_use_model_count; i++) {
		unsigned ev = region_use_model[i].evidence;

		sb_printf(out, "    \"%s\": (%s, %s, %s),\n",
			  region_space_name(region_use_model[i].space),
			  ev & USE_PORT_IO ? "True" : "False",
			  ev & USE_MAPS ? "True" : "False",
			  ev & USE_VARIABLE_START ? "True" : "False");
	}
	sb_printf(out, "}\n");
}

/*
 * Python: resource macro -> (device argument, index argument, device
 * struct, its resource array, member read or None for resource_size()).
 */
static void gen_iomem_resources(struct strbuf *out)
{
	sb_printf(out, "RESOURCE_FNS = {\n");
	for (size_t i = 0; i < resource_model_count; i++) {
		const struct resource_fn *r = &resource_model[i];

		sb_printf(out, "    \"%s\": (%d, %d, \"%s\", \"%s\", %s%s%s),\n",
			  r->name, r->dev, r->index, r->holder, r->array,
			  r->member ? "\"" : "", r->member ? r->member : "None",
			  r->member ? "\"" : "");
	}
	sb_printf(out, "}\n");
}

/* Python: device-tree call -> (role, node argument, resource argument). */
static void gen_iomem_of(struct strbuf *out)
{
	static const char *const roles[] = {
		[OF_OTHER_NODE] = "other_node",
		[OF_CHILD_ITER] = "child_iter",
		[OF_FILL_RESOURCE] = "fill_resource",
	};

	sb_printf(out, "OF_FNS = {\n");
	for (size_t i = 0; i < of_model_count; i++)
		sb_printf(out, "    \"%s\": (\"%s\", %d, %d),\n", of_model[i].name,
			  roles[of_model[i].role], of_model[i].node, of_model[i].res);
	sb_printf(out, "}\n");
}

/* Python: name -> (role, space, start, size, buf/parent, dev). */
static void gen_iomem_model(struct strbuf *out)
{
	sb_printf(out, "MODEL = {\n");
	for (size_t i = 0; i < api_model_count; i++) {
		const struct api_fn *f = &api_model[i];

		if (!iomem_call(f))
			continue;
		sb_printf(out, "    \"%s\": (\"%s\", \"%s\", %d, %d, %d, %d),\n",
			f->name, api_role_name(f->role),
			region_space_name(f->space), f->start, f->size, f->buf,
			f->dev);
	}
	sb_printf(out, "}\n");
}

/*
 * Python: region request -> (its exclusive twin, whether the twin is a
 * legacy API), for iomem-not-exclusive.
 */
static void gen_iomem_twins(struct strbuf *out)
{
	sb_printf(out, "EXCLUSIVE_TWIN = {\n");
	for (size_t i = 0; i < api_model_count; i++) {
		const struct api_fn *t = api_exclusive_twin(&api_model[i]);

		if (t)
			sb_printf(out, "    \"%s\": (\"%s\", %s),\n", api_model[i].name,
				  t->name, t->flags & API_LEGACY ? "True" : "False");
	}
	sb_printf(out, "}\n");
}

/* Python: DMA function -> its kind, for dma_pairing.cocci's sites. */
static void gen_dma_kinds(struct strbuf *out)
{
	sb_printf(out, "DMA_KINDS = {\n");
	for (size_t i = 0; i < api_model_count; i++) {
		const struct api_fn *f = &api_model[i];

		if (f->family == FAMILY_DMA && f->kind != KIND_NONE)
			sb_printf(out, "    \"%s\": \"%s\",\n", f->name,
				  dma_kind_name(f->kind));
	}
	sb_printf(out, "}\n");
}

/* The DMA calls whose sites dma_pairing.cocci records. */
static bool dma_site(const struct api_fn *f)
{
	return f->family == FAMILY_DMA &&
	       (f->role == ROLE_DMA_MAP || f->role == ROLE_DMA_UNMAP ||
		f->role == ROLE_DMA_SYNC || f->role == ROLE_DMA_ALLOC ||
		f->role == ROLE_DMA_FREE);
}

/*
 * Those that make a mapping or an allocation and return what the release
 * names: the handle, the CPU address or the sg count (dma_map_sgtable()
 * returns only an errno).
 */
static bool dma_maker(const struct api_fn *f)
{
	return dma_site(f) &&
	       (f->role == ROLE_DMA_MAP || f->role == ROLE_DMA_ALLOC) &&
	       (f->handle == ARG_RET || f->buf == ARG_RET || f->nents >= 0);
}

static bool dma_mapper(const struct api_fn *f)
{
	return dma_maker(f) && f->role == ROLE_DMA_MAP;
}

static void gen_dma_sites(struct strbuf *out)
{
	gen_set(out, dma_site);
}

/* dma_unmap_addr() and the other macros that keep a handle or a length. */
static bool dma_field(const struct api_fn *f)
{
	return f->family == FAMILY_DMA &&
	       (f->role == ROLE_DMA_FIELD_GET || f->role == ROLE_DMA_FIELD_SET);
}

static bool dma_field_set(const struct api_fn *f)
{
	return dma_field(f) && f->role == ROLE_DMA_FIELD_SET;
}

/* The calls whose arguments name the struct a handle or length is in. */
static bool dma_typed(const struct api_fn *f)
{
	return dma_field(f) || (dma_site(f) && f->role != ROLE_DMA_MAP &&
				f->role != ROLE_DMA_ALLOC);
}

/* Maps that return the handle (dma_mapping_error() tests it). */
static bool dma_handle_map(const struct api_fn *f)
{
	return dma_site(f) && f->role == ROLE_DMA_MAP && f->handle == ARG_RET;
}

static bool dma_unmap(const struct api_fn *f)
{
	return dma_site(f) && f->role == ROLE_DMA_UNMAP;
}

static bool dma_unmap_or_free(const struct api_fn *f)
{
	return dma_site(f) && (f->role == ROLE_DMA_UNMAP || f->role == ROLE_DMA_FREE);
}

/* The frees of coherent and noncoherent memory (a pool's is another). */
static bool dma_free_memory(const struct api_fn *f)
{
	return dma_site(f) && f->role == ROLE_DMA_FREE && f->kind != KIND_POOL;
}

/* The maps of a CPU address, and of a page (an skb fragment is neither). */
static bool dma_map_single_kind(const struct api_fn *f)
{
	return dma_site(f) && f->role == ROLE_DMA_MAP && f->kind == KIND_SINGLE;
}

static bool dma_map_page_kind(const struct api_fn *f)
{
	return dma_site(f) && f->role == ROLE_DMA_MAP && f->kind == KIND_PAGE &&
	       !(f->flags & API_BUF_FRAG);
}

/* What dma_map_stack.cocci looks at: the maps of a buffer. */
static bool dma_map_buffer(const struct api_fn *f)
{
	return dma_map_single_kind(f) || dma_map_page_kind(f);
}

static void gen_dma_buffer_maps(struct strbuf *out)
{
	gen_set(out, dma_map_buffer);
}

/* maps whose handle is the list they are given, not what they return */
static bool dma_map_list(const struct api_fn *f)
{
	return dma_site(f) && f->role == ROLE_DMA_MAP &&
	       (f->kind == KIND_SG || f->kind == KIND_SGTABLE);
}

static void gen_dma_list_maps(struct strbuf *out)
{
	gen_set(out, dma_map_list);
}

static void gen_dma_handle_maps(struct strbuf *out)
{
	gen_set(out, dma_handle_map);
}

static void gen_dma_unmaps(struct strbuf *out)
{
	gen_set(out, dma_unmap);
}

static void gen_dma_releases(struct strbuf *out)
{
	gen_set(out, dma_unmap_or_free);
}

static void gen_dma_frees(struct strbuf *out)
{
	gen_set(out, dma_free_memory);
}

static void gen_dma_single_maps(struct strbuf *out)
{
	gen_set(out, dma_map_single_kind);
}

static void gen_dma_page_maps(struct strbuf *out)
{
	gen_set(out, dma_map_page_kind);
}

static void gen_dma_fields(struct strbuf *out)
{
	gen_set(out, dma_field);
}

static void gen_dma_field_sets(struct strbuf *out)
{
	gen_set(out, dma_field_set);
}

static void gen_dma_typed(struct strbuf *out)
{
	gen_set(out, dma_typed);
}

/* Python: the getters as a regular expression's alternatives. */
static void gen_dma_field_getters(struct strbuf *out)
{
	const char *sep = "";

	sb_printf(out, "DC_FIELD_GET = '");
	for (size_t i = 0; i < api_model_count; i++)
		if (dma_field(&api_model[i]) && api_model[i].role == ROLE_DMA_FIELD_GET) {
			sb_printf(out, "%s%s", sep, api_model[i].name);
			sep = "|";
		}
	sb_printf(out, "'\n");
}

static void gen_dma_makers(struct strbuf *out)
{
	gen_set(out, dma_maker);
}

static void gen_dma_mappers(struct strbuf *out)
{
	gen_set(out, dma_mapper);
}

/*
 * Python: DMA function -> (role, the name of each argument by position).
 * The script's names: what a release names is its handle "h" (the
 * scatterlist of an sg unmap too), what a free passes back is "cpu", a
 * pool is "pool"; "-" is an argument the facts do not record.
 */
static void gen_dma_layouts(struct strbuf *out)
{
	sb_printf(out, "_DCP_LAYOUT = {\n");
	for (size_t i = 0; i < api_model_count; i++) {
		const struct api_fn *f = &api_model[i];
		const char *arg[8] = { 0 };
		/* dma_map_sgtable() returns no handle, but maps its table */
		const bool make = f->role == ROLE_DMA_MAP || f->role == ROLE_DMA_ALLOC;
		int n = 0;

		if (!dma_site(f))
			continue;
		const struct { signed char pos; const char *name; } roles[] = {
			{ f->dev, f->kind == KIND_POOL ? "pool" : "dev" },
			{ f->handle, "h" },
			{ f->size, "size" },
			{ f->dir, "dir" },
			{ f->nents, "nents" },
			{ f->buf, make ? "buf" : f->role == ROLE_DMA_FREE ? "cpu" : "h" },
			{ f->offset, "off" },
		};
		for (size_t r = 0; r < sizeof(roles) / sizeof(roles[0]); r++)
			if (roles[r].pos >= 0 && roles[r].pos < 8) {
				arg[roles[r].pos] = roles[r].name;
				if (roles[r].pos >= n)
					n = roles[r].pos + 1;
			}
		sb_printf(out, "    \"%s\": (\"%s\", (", f->name,
			  make ? (f->role == ROLE_DMA_MAP ? "map" : "alloc") : "rel");
		for (int a = 0; a < n; a++)
			sb_printf(out, "\"%s\",%s", arg[a] ? arg[a] : "-",
				  a + 1 < n ? " " : "");
		sb_printf(out, ")),\n");
	}
	sb_printf(out, "}\n");
}

static bool blocking(const struct api_fn *f)
{
	return f->role == ROLE_BLOCKING;
}

static bool task_state(const struct api_fn *f)
{
	return f->role == ROLE_TASK_STATE;
}

static void gen_poll_blocking(struct strbuf *out)
{
	gen_set(out, blocking);
}

static void gen_poll_task_state(struct strbuf *out)
{
	gen_set(out, task_state);
}

static void gen_poll_might_sleep(struct strbuf *out)
{
	gen_set(out, api_might_sleep);
}

/* SmPL: a path with none of the calls that hand the poll_table on. */
static void gen_poll_wait_calls(struct strbuf *out)
{
	const char *sep = "";

	sb_printf(out, " ... when != \\( ");
	for (size_t i = 0; i < api_model_count; i++)
		if (api_model[i].role == ROLE_POLL_WAIT) {
			sb_printf(out, "%s%s(...)", sep, api_model[i].name);
			sep = " \\| ";
		}
	sb_printf(out, " \\)\n");
}

/*
 * SmPL: one rule per ops struct of the model, matching the poll member of
 * its initializers, and poll_ops, which holds when any of them matched.
 */
static void gen_poll_ops(struct strbuf *out)
{
	const char *sep = "";

	for (size_t i = 0; i < poll_ops_model_count; i++) {
		const char *t = poll_ops_model[i].type;

		sb_printf(out, "@ops_%s@\nidentifier x, fn;\n"
			  "identifier fld = {%s};\nposition p;\n@@\n(\n"
			  "struct %s x@p = { ..., .fld = fn, ... };\n|\n"
			  "struct %s x@p[] = { ..., { ..., .fld = fn, ... }, ... };\n"
			  ")\n\n@script:python@\nfn << ops_%s.fn;\n"
			  "p << ops_%s.p;\n@@\n"
			  "coccinelle.pcb.append((fn, \"%s\") + dc_loc(p[0]))\n\n",
			  t, poll_ops_model[i].member, t, t, t, t, t);
	}
	sb_printf(out, "@script:python poll_ops depends on ");
	for (size_t i = 0; i < poll_ops_model_count; i++, sep = " || ")
		sb_printf(out, "%sops_%s", sep, poll_ops_model[i].type);
	sb_printf(out, "@\n@@\npass\n");
}

/* Python: ops struct -> its poll member, for messages and for ops structs
 * a driver macro defines (poll.cocci cannot match those). */
static void gen_poll_ops_members(struct strbuf *out)
{
	sb_printf(out, "POLL_OPS = {\n");
	for (size_t i = 0; i < poll_ops_model_count; i++)
		sb_printf(out, "    \"%s\": \"%s\",\n", poll_ops_model[i].type,
			  poll_ops_model[i].member);
	sb_printf(out, "}\n");
}

/*
 * Python: the helpers every script shares (checkers/model/cocci_prelude.py,
 * whose path the build gives as COCCI_PRELUDE).
 */
static void gen_prelude(struct strbuf *out)
{
	char *text = read_file(COCCI_PRELUDE, NULL);

	if (!text) {
		perror(COCCI_PRELUDE);
		exit(2);
	}
	sb_puts(out, text);
	free(text);
	/* the macros that read a handle or length back (dc_key()) */
	gen_dma_field_getters(out);
}

static const struct {
	const char *tag;
	void (*gen)(struct strbuf *out);
} tables[] = {
	{ "prelude", gen_prelude },
	{ "iomem-calls", gen_iomem_calls },
	{ "iomem-model", gen_iomem_model },
	{ "iomem-frees", gen_iomem_frees },
	{ "iomem-values", gen_iomem_values },
	{ "conversions", gen_conversions },
	{ "port-io", gen_port_io },
	{ "region-use", gen_region_use },
	{ "iomem-resources", gen_iomem_resources },
	{ "iomem-of", gen_iomem_of },
	{ "iomem-twins", gen_iomem_twins },
	{ "dma-kinds", gen_dma_kinds },
	{ "dma-layouts", gen_dma_layouts },
	{ "dma-sites", gen_dma_sites },
	{ "dma-makers", gen_dma_makers },
	{ "dma-mappers", gen_dma_mappers },
	{ "dma-fields", gen_dma_fields },
	{ "dma-field-sets", gen_dma_field_sets },
	{ "dma-typed", gen_dma_typed },
	{ "dma-handle-maps", gen_dma_handle_maps },
	{ "dma-unmaps", gen_dma_unmaps },
	{ "dma-releases", gen_dma_releases },
	{ "dma-frees", gen_dma_frees },
	{ "dma-single-maps", gen_dma_single_maps },
	{ "dma-page-maps", gen_dma_page_maps },
	{ "dma-buffer-maps", gen_dma_buffer_maps },
	{ "dma-list-maps", gen_dma_list_maps },
	{ "poll-ops", gen_poll_ops },
	{ "poll-ops-members", gen_poll_ops_members },
	{ "poll-blocking", gen_poll_blocking },
	{ "poll-task-state", gen_poll_task_state },
	{ "poll-might-sleep", gen_poll_might_sleep },
	{ "poll-wait-calls", gen_poll_wait_calls },
};

#define BEGIN "BEGIN generated "
#define END "END generated "

/*
 * For a line "<comment> BEGIN generated TAG..." (what: BEGIN or END), the
 * index of TAG's table: -1 for an unknown tag, -2 for any other line.
 */
static int marker_tag(const char *line, size_t len, const char *what)
{
	const char *p = line;

	while (p < line + len && (*p == '#' || *p == '/' || *p == ' '))
		p++;
	if ((size_t)(line + len - p) < strlen(what) ||
	    strncmp(p, what, strlen(what)) != 0)
		return -2;
	p += strlen(what);
	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		size_t n = strlen(tables[i].tag);

		if ((size_t)(line + len - p) >= n && !strncmp(p, tables[i].tag, n) &&
		    (p + n == line + len || p[n] == ':' || p[n] == ' '))
			return (int)i;
	}
	return -1;
}

/* The NAME of "... BEGIN generated TAG as NAME: ...", else fn_1. */
static void set_metavar(const char *line, size_t len)
{
	const char *as = NULL;
	size_t n = 0;

	for (const char *p = line; !as && p + 4 <= line + len; p++)
		if (!strncmp(p, " as ", 4))
			as = p;

	if (as) {
		as += 4;
		while (as + n < line + len && n + 1 < sizeof(metavar) &&
		       (isalnum((unsigned char)as[n]) || as[n] == '_'))
			n++;
	}
	if (n)
		snprintf(metavar, sizeof(metavar), "%.*s", (int)n, as);
	else
		snprintf(metavar, sizeof(metavar), "fn_1");
}

/* text with every table regenerated; NULL (message given) when broken. */
static char *regenerate(const char *path, const char *text, unsigned *count)
{
	struct strbuf out = { 0 };
	const char *line = text;
	int open = -2;

	while (*line) {
		size_t len = strcspn(line, "\n");
		const char *next = line + len + (line[len] == '\n');
		int b = marker_tag(line, len, BEGIN);
		int e = marker_tag(line, len, END);

		if (open >= 0) {
			if (e == open) {
				struct strbuf gen = { 0 };

				tables[open].gen(&gen);
				sb_add(&out, gen.buf, gen.len);
				sb_free(&gen);
				sb_add(&out, line, next - line);
				open = -2;
				++*count;
			}
			line = next;
			continue;
		}
		if (b >= 0)
			set_metavar(line, len);
		if (b == -1 || e != -2) {
			fprintf(stderr, "gen-cocci-tables: %s: %.*s: unknown tag or "
				"END without BEGIN\n", path, (int)len, line);
			sb_free(&out);
			return NULL;
		}
		sb_add(&out, line, next - line);
		open = b;	/* a table starts, or still none (-2) */
		line = next;
	}
	if (open >= 0) {
		fprintf(stderr, "gen-cocci-tables: %s: table %s has no END marker\n",
			path, tables[open].tag);
		sb_free(&out);
		return NULL;
	}
	return out.buf ? out.buf : xstrdup("");
}

int main(int argc, char **argv)
{
	int write = gen_mode(argc, argv, "gen-cocci-tables", "COCCI_DIR");
	unsigned tables_seen = 0, stale = 0;
	struct dirent *de;
	DIR *dir;

	if (write < 0)
		return 2;
	dir = opendir(argv[2]);
	if (!dir) {
		perror(argv[2]);
		return 2;
	}
	while ((de = readdir(dir))) {
		size_t n = strlen(de->d_name);
		char *path, *text, *fresh;
		int rc;

		if (n < 7 || strcmp(de->d_name + n - 6, ".cocci"))
			continue;
		path = xasprintf("%s/%s", argv[2], de->d_name);
		text = read_file(path, NULL);
		fresh = text ? regenerate(path, text, &tables_seen) : NULL;
		if (!fresh) {
			closedir(dir);
			return 2;
		}
		rc = gen_update("gen-cocci-tables", "regen-cocci", path, text,
				fresh, write);
		if (rc == 2)
			return 2;
		stale += strcmp(text, fresh) != 0;
		free(path);
		free(text);
		free(fresh);
	}
	closedir(dir);
	printf("gen-cocci-tables: %u tables, %u scripts %s\n", tables_seen, stale,
	       write ? "rewritten" : "stale");
	return !write && stale ? 1 : 0;
}
