// SPDX-License-Identifier: GPL-2.0
/*
 * What the running kernel booted with, read once at load the way the
 * kernel shows it to root: iomem=relaxed|strict from /proc/cmdline (the
 * kernel's strict_iomem_checks is static in kernel/resource.c), and the
 * physical ranges of "Kernel code" and "Kernel rodata" from /proc/iomem
 * (_stext and friends are not exported to modules).
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "rt.h"

#define RT_PROC_MAX	(256 * 1024)

struct phys_range {
	u64 start, end;		/* inclusive, as /proc/iomem */
};

static struct phys_range kernel_ro[2];	/* code, rodata */

/* The whole of a /proc file, NUL-terminated; vfree it. */
static char *read_proc(const char *path)
{
	struct file *f = filp_open(path, O_RDONLY, 0);
	size_t n = 0;
	loff_t pos = 0;
	char *buf;

	if (IS_ERR(f))
		return NULL;
	buf = vmalloc(RT_PROC_MAX);
	if (buf) {
		for (;;) {
			ssize_t r = kernel_read(f, buf + n,
						RT_PROC_MAX - 1 - n, &pos);

			if (r <= 0)
				break;
			n += r;
		}
		buf[n] = '\0';
	}
	filp_close(f, NULL);
	return buf;
}

static void read_cmdline(void)
{
	char *cmd = read_proc("/proc/cmdline");
	char *p, *last = NULL;

	/* The default with CONFIG_STRICT_DEVMEM, as resource.c's. */
	drt.iomem_relaxed = !IS_ENABLED(CONFIG_STRICT_DEVMEM);
	if (!cmd) {
		rt_log("cannot read /proc/cmdline; assuming iomem=%s",
		       drt.iomem_relaxed ? "relaxed" : "strict");
		return;
	}
	for (p = strstr(cmd, "iomem="); p; p = strstr(p + 1, "iomem="))
		if (p == cmd || p[-1] == ' ')
			last = p;
	/* strict_iomem() looks for the words anywhere in the value. */
	if (last) {
		char *end = strchrnul(last, ' ');

		*end = '\0';
		if (strstr(last, "relaxed"))
			drt.iomem_relaxed = true;
		if (strstr(last, "strict"))
			drt.iomem_relaxed = false;
	}
	vfree(cmd);
}

static void read_iomem(void)
{
	static const char *const names[] = { "Kernel code", "Kernel rodata" };
	char *text = read_proc("/proc/iomem");
	char *line, *cur = text;

	if (!text) {
		rt_log("cannot read /proc/iomem; no kernel text check");
		return;
	}
	while ((line = strsep(&cur, "\n"))) {
		unsigned long long s, e;
		char *name = strstr(line, " : ");

		if (!name || sscanf(skip_spaces(line), "%llx-%llx", &s, &e) != 2)
			continue;
		for (int i = 0; i < ARRAY_SIZE(names); i++) {
			if (strcmp(name + 3, names[i]) == 0 && e) {
				kernel_ro[i].start = s;
				kernel_ro[i].end = e;
			}
		}
	}
	vfree(text);
	if (!kernel_ro[0].end || !kernel_ro[1].end)
		rt_log("no Kernel code/rodata in /proc/iomem; no kernel text check");
}

void rt_bootinfo_init(void)
{
	read_cmdline();
	read_iomem();
}

bool rt_phys_in_kernel_text(u64 phys, u64 size)
{
	u64 last = phys + (size ? size - 1 : 0);

	for (int i = 0; i < ARRAY_SIZE(kernel_ro); i++)
		if (kernel_ro[i].end && phys <= kernel_ro[i].end &&
		    kernel_ro[i].start <= last)
			return true;
	return false;
}
