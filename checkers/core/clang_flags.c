// SPDX-License-Identifier: GPL-2.0
/*
 * The one table of what changes between Kbuild's gcc command line and
 * clang 14's.  Found on real command lines: linux-headers-6.1.0 (Debian's
 * configuration) for the x86 options, the gcc-plugin and sanitizer
 * options of other configurations, sparse's CHECKFLAGS from the recorded
 * $(CHECK) line (kbuild_flags.c).
 */
#include <stdlib.h>
#include <string.h>

#include "clang_flags.h"

enum match { EXACT, PREFIX };

struct flag_rule {
	const char *flag;
	enum match match;
	const char *replacement;	/* NULL: dropped */
	bool takes_arg;			/* the next word goes with it */
};

static const struct flag_rule rules[] = {
	/* gcc code generation options clang 14 rejects ("unknown argument") */
	{ "-fconserve-stack", EXACT, NULL, false },
	{ "-fno-allow-store-data-races", EXACT, NULL, false },
	{ "-mindirect-branch=", PREFIX, NULL, false },
	{ "-mindirect-branch-register", EXACT, NULL, false },
	{ "-mindirect-branch-cs-prefix", EXACT, NULL, false },
	{ "-mfunction-return=", PREFIX, NULL, false },
	{ "-fzero-call-used-regs=", PREFIX, NULL, false },
	{ "-fno-var-tracking-assignments", EXACT, NULL, false },
	{ "-fno-ipa-", PREFIX, NULL, false },
	{ "-mabi=", PREFIX, NULL, false },
	/* accepted for other targets only: "unsupported option for x86_64" */
	{ "-mrecord-mcount", EXACT, NULL, false },
	/* clang spells it -mstack-alignment, in bytes (2^3) */
	{ "-mpreferred-stack-boundary=3", EXACT, "-mstack-alignment=8", false },
	/* clang 14 wants an extra "knowing it will be removed" flag for it */
	{ "-ftrivial-auto-var-init=zero", EXACT, NULL, false },
	/* code layout and hardening: clang warns or ignores; nothing to analyse */
	{ "-falign-jumps=", PREFIX, NULL, false },
	{ "-falign-loops=", PREFIX, NULL, false },
	{ "-mskip-rax-setup", EXACT, NULL, false },
	{ "-mharden-sls=", PREFIX, NULL, false },
	/* gcc plugins (structleak, latent_entropy, randstruct) and kcov */
	{ "-fplugin=", PREFIX, NULL, false },
	{ "-fplugin-arg-", PREFIX, NULL, false },
	{ "-fsanitize-coverage=", PREFIX, NULL, false },
	/* gcc's warning levels clang spells without "=N" */
	{ "-Wimplicit-fallthrough=", PREFIX, NULL, false },
	/*
	 * Errors on warnings: clang warns about things gcc did not, which
	 * must not stop the analysis of a file gcc compiles.
	 */
	{ "-Werror", EXACT, NULL, false },
	{ "-Werror=", PREFIX, "-W", false },
	/* outputs: the analysis writes no object and no dependency file */
	{ "-c", EXACT, NULL, false },
	{ "-o", EXACT, NULL, true },
	{ "-Wp,-MD,", PREFIX, NULL, false },
	{ "-Wp,-MMD,", PREFIX, NULL, false },
	{ "-MD", EXACT, NULL, false },
	{ "-MMD", EXACT, NULL, false },
	{ "-MF", EXACT, NULL, true },
	{ "-MT", EXACT, NULL, true },
	{ "-MQ", EXACT, NULL, true },
	/* sparse's CHECKFLAGS, on the recorded $(CHECK) line only */
	{ "--arch=", PREFIX, NULL, false },
	{ "-mlittle-endian", EXACT, NULL, false },
	{ "-mbig-endian", EXACT, NULL, false },
	{ "-Wbitwise", EXACT, NULL, false },
	{ "-Wno-return-void", EXACT, NULL, false },
	{ "-Wno-unknown-attribute", EXACT, NULL, false },
	{ "-D__STDC__", EXACT, NULL, false },	/* clang's builtin */
};

static const struct flag_rule *rule_for(const char *arg)
{
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct flag_rule *r = &rules[i];

		if (r->match == EXACT ? strcmp(arg, r->flag) == 0
				      : strncmp(arg, r->flag, strlen(r->flag)) == 0)
			return r;
	}
	return NULL;
}

void clang_flags_translate(const struct strlist *in, struct strlist *out)
{
	for (size_t i = 0; i < in->n; i++) {
		const char *a = in->items[i];
		const struct flag_rule *r = rule_for(a);

		if (!r) {
			strlist_add(out, a);
			continue;
		}
		if (r->takes_arg)
			i++;
		if (!r->replacement)
			continue;
		/* a prefix rule keeps what follows its prefix */
		strlist_add_owned(out, xasprintf("%s%s", r->replacement,
			r->match == PREFIX ? a + strlen(r->flag) : ""));
	}
}

void clang_flags_common(struct strlist *out)
{
	/* gcc's -Wno-<warning>s clang does not have, and -pg unused by analysis */
	strlist_add(out, "-Wno-unknown-warning-option");
	strlist_add(out, "-Qunused-arguments");
	/* a crash is reported by drvcheck, not as reproducer files in /tmp */
	strlist_add(out, "-fno-crash-diagnostics");
	/* one line per diagnostic: what the engine reads */
	strlist_add(out, "-fno-caret-diagnostics");
	strlist_add(out, "-fno-color-diagnostics");
}
