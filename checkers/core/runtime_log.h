/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The errors drvcheck_rt.ko reported, read back for `drvcheck confirm`.
 * Two forms are accepted, mixed in one file if need be:
 *
 *  - the debugfs log (/sys/kernel/debug/drvcheck/errors), one error per
 *    line, TAB-separated key=value fields starting with id=;
 *  - a dmesg or serial-console capture: a "drvcheck_rt: ... [drvcheck-<id>]"
 *    line, followed by "drvcheck_rt:   at <symbol>+0x../0x.." and maybe
 *    "drvcheck_rt:   mapped at <symbol>...".
 *
 * Function names are normalised (offset, module and the compiler's
 * .isra/.constprop/.part/.cold suffixes dropped), so they compare with the
 * enclosing function of a static finding.
 */
#ifndef DRVCHECK_RUNTIME_LOG_H
#define DRVCHECK_RUNTIME_LOG_H

#include <stddef.h>

struct runtime_error {
	char *id;		/* the check id, without "drvcheck-" */
	char *driver;		/* "" when the log does not say */
	char *func;		/* where the error was seen: the call site */
	char *mapped_func;	/* where the mapping was made, "" if unknown */
	char *msg;		/* the runtime's text */
	unsigned int count;	/* identical errors (id, driver, functions) */
};

struct runtime_log {
	struct runtime_error *items;
	size_t n, cap;
};

/*
 * Appends the errors in path (NULL or "-": stdin) to log, merging
 * repeats.  Returns 0, or -1 after printing why (unreadable file, a
 * debugfs line without id= or func=).
 */
int runtime_log_read(const char *path, struct runtime_log *log);
void runtime_log_free(struct runtime_log *log);

/* "st_unmap+0x3c/0x90 [drvcheck_selftest]" -> "st_unmap"; caller frees. */
char *runtime_symbol_function(const char *symbol);

#endif
