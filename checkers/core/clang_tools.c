// SPDX-License-Identifier: GPL-2.0
#include <elf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clang_tools.h"
#include "run.h"

#define VERSION_SYMBOL "clang_analyzerAPIVersionString"

char *clang_plugin_path(void)
{
	static const char *const rel[] = {
		"checkers/clang/" CLANG_PLUGIN_NAME,
		"../lib/drvcheck/" CLANG_PLUGIN_NAME,
		NULL,
	};

	return tool_beside_self("DRVCHECK_CLANG_PLUGIN", rel);
}

/*
 * Copies the n bytes at off of an image of len bytes to to; false when
 * they are not all in it.  Copied: a damaged file may misalign anything.
 */
static bool copy_at(void *to, const char *img, size_t len, uint64_t off,
		    size_t n)
{
	if (off > len || len - off < n)
		return false;
	memcpy(to, img + off, n);
	return true;
}

static bool section(Elf64_Shdr *sh, const char *img, size_t len, size_t i)
{
	Elf64_Ehdr eh;

	return copy_at(&eh, img, len, 0, sizeof(eh)) && i < eh.e_shnum &&
	       eh.e_shentsize == sizeof(*sh) &&
	       copy_at(sh, img, len, eh.e_shoff + i * sizeof(*sh), sizeof(*sh));
}

/* The NUL-terminated string at file offset off, or NULL. */
static const char *string_at(const char *img, size_t len, uint64_t off)
{
	return off < len && memchr(img + off, '\0', len - off) ? img + off : NULL;
}

/* Where the dynamic symbol name's value lies in the file, or 0. */
static uint64_t symbol_offset(const char *img, size_t len, const char *name)
{
	Elf64_Shdr dynsym, str, home;
	Elf64_Sym sym;
	size_t i;

	for (i = 0; section(&dynsym, img, len, i); i++)
		if (dynsym.sh_type == SHT_DYNSYM)
			break;
	if (!section(&dynsym, img, len, i) ||
	    !section(&str, img, len, dynsym.sh_link))
		return 0;
	for (uint64_t at = 0; at + sizeof(sym) <= dynsym.sh_size; at += sizeof(sym)) {
		const char *n;

		if (!copy_at(&sym, img, len, dynsym.sh_offset + at, sizeof(sym)))
			return 0;
		n = string_at(img, len, str.sh_offset + sym.st_name);
		if (!n || strcmp(n, name) || sym.st_shndx == SHN_UNDEF ||
		    !section(&home, img, len, sym.st_shndx) ||
		    home.sh_type == SHT_NOBITS || sym.st_value < home.sh_addr)
			continue;
		return home.sh_offset + (sym.st_value - home.sh_addr);
	}
	return 0;
}

char *clang_plugin_version(const char *plugin)
{
	size_t len;
	char *img = read_file(plugin, &len), *version = NULL;
	const char *s;
	uint64_t off;

	if (img && len >= EI_NIDENT && memcmp(img, ELFMAG, SELFMAG) == 0 &&
	    img[EI_CLASS] == ELFCLASS64 &&
	    (off = symbol_offset(img, len, VERSION_SYMBOL)) &&
	    (s = string_at(img, len, off)))
		version = xstrdup(s);
	free(img);
	return version;
}

char *clang_prog(const char *version)
{
	const char *env = getenv("DRVCHECK_CLANG");
	char *versioned;

	if (env && *env)
		return xstrdup(env);
	versioned = xasprintf("clang-%.*s", (int)strcspn(version, "."), version);
	if (tool_on_path(versioned))
		return versioned;
	free(versioned);
	return xstrdup("clang");
}

bool clang_prog_exists(const char *prog)
{
	return strchr(prog, '/') ? access(prog, X_OK) == 0 : tool_on_path(prog);
}

char *clang_prog_version(const char *prog)
{
	char *argv[] = { (char *)prog, "--version", NULL };
	const char *mark = "clang version ";
	struct child c;
	char *text = NULL, *at, *version = NULL;

	if (child_start(&c, argv) == 0 && child_wait(&c) == 0)
		text = read_file(c.out_path, NULL);
	child_cleanup(&c);
	at = text ? strstr(text, mark) : NULL;
	if (at) {
		at += strlen(mark);
		version = xstrndup(at, strspn(at, "0123456789."));
	}
	free(text);
	return version;
}

void clang_analyzer_flags(struct strlist *out)
{
	const char *env = getenv("DRVCHECK_CLANG_FLAGS");
	char *text = read_file(env && *env ? env : DRVCHECK_CLANG_FLAGS_FILE, NULL);
	struct strlist lines = { 0 };

	if (!text) {
		strlist_add(out, "-Xclang");
		strlist_add(out, "-analyzer-checker=drvcheck");
		return;
	}
	strlist_split(&lines, text, "\n");
	for (size_t i = 0; i < lines.n; i++)
		strlist_add(out, lines.items[i]);
	strlist_free(&lines);
	free(text);
}
