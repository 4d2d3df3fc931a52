// SPDX-License-Identifier: GPL-2.0
/*
 * Writes the model's runtime half, runtime/core/rt_model_gen.h: the kinds
 * and directions the runtime records and prints, and one initializer per
 * hooked kernel function with its arguments' positions.  Kbuild compiles
 * the module from a plain checkout, so the header is committed.
 *
 *   gen-rt-tables --check HEADER   exit 1 and show where it differs
 *   gen-rt-tables --write HEADER   rewrite it
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "model/api_model.h"
#include "model/gen_file.h"

/* The argument roles of struct api_fn, in its order. */
static const struct {
	const char *name;
	size_t off;
} arg_fields[] = {
#define F(m) { #m, offsetof(struct api_fn, m) }
	F(dev), F(handle), F(size), F(dir), F(nents), F(buf), F(offset),
	F(start), F(table),
#undef F
};
#define NARGS (sizeof(arg_fields) / sizeof(arg_fields[0]))

static int arg_of(const struct api_fn *f, size_t i)
{
	return *((const signed char *)f + arg_fields[i].off);
}

/* "RT_DMA_SINGLE": RT_DMA_ and the model's kind name in capitals. */
static void kind_id(struct strbuf *out, enum dma_kind kind)
{
	sb_puts(out, "RT_DMA_");
	for (const char *p = dma_kind_name(kind); *p; p++)
		sb_printf(out, "%c", toupper((unsigned char)*p));
}

static bool debug_type(enum dma_kind kind)
{
	for (size_t i = 0; i < dma_debug_type_count; i++)
		if (dma_debug_types[i].kind == kind)
			return true;
	return false;
}

static void gen_kinds(struct strbuf *out)
{
	sb_puts(out, "/* dma-debug's entry types: what a mapping is recorded as */\n"
		"enum rt_dma_kind {\n");
	for (size_t i = 0; i < dma_debug_type_count; i++) {
		sb_puts(out, "\t");
		kind_id(out, dma_debug_types[i].kind);
		sb_puts(out, ",\n");
	}
	sb_puts(out, "\tRT_DMA_KIND_NR\n};\n\n"
		"/* as dma-debug prints them */\n#define RT_DMA_KIND_NAMES { \\\n");
	for (size_t i = 0; i < dma_debug_type_count; i++) {
		sb_puts(out, "\t[");
		kind_id(out, dma_debug_types[i].kind);
		sb_printf(out, "] = \"%s\", \\\n", dma_debug_types[i].name);
	}
	sb_puts(out, "}\n\n");
}

/* The kernel's enum dma_data_direction: the first names of dma_dir_names. */
static void gen_dirs(struct strbuf *out)
{
	sb_puts(out, "/* the kernel's enum dma_data_direction */\nenum rt_dma_dir {\n");
	for (int d = DIR_BIDIRECTIONAL; d <= DIR_NONE; d++)
		sb_printf(out, "\tRT_%s = %d,\n", dma_dir_name(d), d);
	sb_printf(out, "\tRT_DMA_DIR_NR\n};\n\n#define RT_DMA_DIR_NAMES { \\\n");
	for (int d = DIR_BIDIRECTIONAL; d <= DIR_NONE; d++)
		sb_printf(out, "\t[RT_%s] = \"%s\", \\\n", dma_dir_name(d),
			  dma_dir_name(d));
	sb_puts(out, "}\n\n");
}

static const struct rt_hook_fn *hook_row(const char *symbol)
{
	for (size_t i = 0; i < rt_hook_model_count; i++)
		if (!strcmp(rt_hook_model[i].symbol, symbol))
			return &rt_hook_model[i];
	return NULL;
}

/* One hook's initializer; false (message given) for a row the model lacks. */
static bool gen_hook(struct strbuf *out, const struct rt_hook_fn *h)
{
	const struct api_fn *f = api_lookup_any(h->symbol);
	struct strbuf mid = { 0 };
	const char *sep = "";

	if (!f || (h->kind != KIND_NONE && !debug_type(h->kind)) ||
	    (h->needs && !hook_row(h->needs))) {
		fprintf(stderr, "gen-rt-tables: hook %s: no model row, an unknown "
			"kind or a needs that is no hook\n", h->symbol);
		return false;
	}
	if (h->kind != KIND_NONE) {
		sb_puts(&mid, ".kind = ");
		kind_id(&mid, h->kind);
		sb_puts(&mid, ", ");
	}
	/* a missed hit leaves a mapping live */
	if (f->family == FAMILY_DMA &&
	    (f->role == ROLE_DMA_UNMAP || f->role == ROLE_DMA_FREE))
		sb_puts(&mid, ".release = true, ");
	if (h->needs)
		sb_printf(&mid, ".needs = RT_SYM_%s, ", h->needs);
	sb_printf(out, "/* %s: %s %s */\n#define RT_SYM_%s %s\"%s\"\n"
		  "#define RT_HOOK_%s \\\n\t.symbol = RT_SYM_%s, \\\n",
		  h->symbol, api_family_name(f->family), api_role_name(f->role),
		  h->symbol, h->flags & RT_HOOK_SYNC_SPLIT ? "RT_SYNC_PREFIX " : "",
		  h->symbol, h->symbol, h->symbol);
	if (mid.len)
		sb_printf(out, "\t%s\\\n", mid.buf);
	sb_free(&mid);
	sb_puts(out, "\t.args = { ");
	for (size_t i = 0; i < NARGS; i++, sep = i == NARGS / 2 ? ", \\\n\t\t" : ", ")
		sb_printf(out, "%s.%s = %d", sep, arg_fields[i].name, arg_of(f, i));
	sb_puts(out, " }\n\n");
	return true;
}

static bool gen_hooks(struct strbuf *out)
{
	const char *sep = "";

	sb_puts(out, "/*\n * A hooked function's arguments, 0-based; -1: it has no "
		"such argument,\n * -2: it is the return value.\n */\n"
		"struct rt_hook_args {\n\tsigned char");
	for (size_t i = 0; i < NARGS; i++, sep = ",")
		sb_printf(out, "%s %s", sep, arg_fields[i].name);
	sb_puts(out, ";\n};\n\n"
		"/* 6.10 made dma_sync_*() inline tests in front of __dma_sync_*() */\n"
		"#ifdef CONFIG_DMA_NEED_SYNC\n#define RT_SYNC_PREFIX \"__\"\n"
		"#else\n#define RT_SYNC_PREFIX \"\"\n#endif\n\n");
	for (size_t i = 0; i < rt_hook_model_count; i++)
		if (!gen_hook(out, &rt_hook_model[i]))
			return false;
	return true;
}

/* The poll_table argument of a file_operations ->poll callback. */
static bool gen_poll_callback(struct strbuf *out)
{
	for (size_t i = 0; i < poll_ops_model_count; i++)
		if (!strcmp(poll_ops_model[i].type, "file_operations")) {
			sb_printf(out, "/* file_operations.%s(file, poll_table) */\n"
				  "#define RT_POLL_CB_TABLE %d\n\n",
				  poll_ops_model[i].member, poll_ops_model[i].table);
			return true;
		}
	fprintf(stderr, "gen-rt-tables: no file_operations in poll_ops_model\n");
	return false;
}

static char *generate(void)
{
	struct strbuf out = { 0 };

	sb_puts(&out, "/* Generated by gen-rt-tables (checkers/model/gen_rt_tables.c) "
		"from checkers/model/api_model.c: do not edit. */\n"
		"/* SPDX-License-Identifier: GPL-2.0 */\n"
		"/*\n * The runtime's half of the API model: what it records, what it "
		"prints, and\n * where each hooked function keeps its arguments.  "
		"Regenerate with\n * cmake --build build --target regen-rt.\n */\n"
		"#ifndef DRVCHECK_RT_MODEL_GEN_H\n#define DRVCHECK_RT_MODEL_GEN_H\n\n");
	gen_kinds(&out);
	gen_dirs(&out);
	if (!gen_hooks(&out) || !gen_poll_callback(&out)) {
		sb_free(&out);
		return NULL;
	}
	sb_puts(&out, "#endif /* DRVCHECK_RT_MODEL_GEN_H */\n");
	return out.buf;
}

int main(int argc, char **argv)
{
	int write = gen_mode(argc, argv, "gen-rt-tables", "HEADER");
	char *fresh, *old;
	int rc;

	if (write < 0)
		return 2;
	fresh = generate();
	if (!fresh)
		return 2;
	old = read_file(argv[2], NULL);
	rc = gen_update("gen-rt-tables", "regen-rt", argv[2], old ? old : "",
			fresh, write);
	free(old);
	free(fresh);
	return rc;
}
