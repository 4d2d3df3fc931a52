// SPDX-License-Identifier: GPL-2.0
/*
 * The modules loaded after drvcheck_rt, by address range, so that a hook
 * can tell which module a call site belongs to (__module_address is not
 * exported on 6.1).  Filled from the module notifier (notifiers.c).  The
 * ranges are copies: a hook never dereferences a struct module, which may
 * be freed once its GOING notification is over.
 *
 * Only text matters (call sites are return addresses).  6.1 lays a module
 * out as one core and one init block, text first; 6.4 and later allocate
 * each kind of memory on its own (mem[MOD_TEXT], mem[MOD_INIT_TEXT]).
 */
#include <linux/module.h>
#include <linux/seqlock.h>
#include <linux/string.h>
#include <linux/version.h>

#include "rt.h"

#define RT_MAX_MODS	64

struct rt_mod {
	unsigned long base, size;	/* core text */
	unsigned long ibase, isize;	/* init text, until LIVE */
	const struct module *mod;	/* identity only, never dereferenced */
	char name[MODULE_NAME_LEN];
};

static struct rt_mod mods[RT_MAX_MODS];
static DEFINE_SEQLOCK(mods_lock);

void rt_modules_coming(struct module *mod)
{
	unsigned long flags;

	write_seqlock_irqsave(&mods_lock, flags);
	for (int i = 0; i < RT_MAX_MODS; i++) {
		struct rt_mod *m = &mods[i];

		if (m->mod)
			continue;
		m->mod = mod;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
		m->base = (unsigned long)mod->mem[MOD_TEXT].base;
		m->size = mod->mem[MOD_TEXT].size;
		m->ibase = (unsigned long)mod->mem[MOD_INIT_TEXT].base;
		m->isize = mod->mem[MOD_INIT_TEXT].size;
#else
		m->base = (unsigned long)mod->core_layout.base;
		m->size = mod->core_layout.size;
		m->ibase = (unsigned long)mod->init_layout.base;
		m->isize = mod->init_layout.size;
#endif
		strscpy(m->name, mod->name, sizeof(m->name));
		break;
	}
	write_sequnlock_irqrestore(&mods_lock, flags);
}

static struct rt_mod *find(const struct module *mod)
{
	for (int i = 0; i < RT_MAX_MODS; i++)
		if (mods[i].mod == mod)
			return &mods[i];
	return NULL;
}

void rt_modules_live(struct module *mod)
{
	unsigned long flags;
	struct rt_mod *m;

	write_seqlock_irqsave(&mods_lock, flags);
	m = find(mod);
	if (m)
		m->ibase = m->isize = 0;	/* init code is freed */
	write_sequnlock_irqrestore(&mods_lock, flags);
}

void rt_modules_going(struct module *mod)
{
	unsigned long flags;
	struct rt_mod *m;

	write_seqlock_irqsave(&mods_lock, flags);
	m = find(mod);
	if (m)
		memset(m, 0, sizeof(*m));
	write_sequnlock_irqrestore(&mods_lock, flags);
}

static const struct rt_mod *owner_of(unsigned long a)
{
	for (int i = 0; i < RT_MAX_MODS; i++) {
		const struct rt_mod *m = &mods[i];

		if (!m->mod)
			continue;
		if (a - m->base < m->size || (m->isize && a - m->ibase < m->isize))
			return m;
	}
	return NULL;
}

bool rt_modules_owner(const struct rt_site *s, char *name, size_t len)
{
	unsigned int seq;
	bool found;

	do {
		seq = read_seqbegin(&mods_lock);
		found = false;
		for (unsigned int i = 0; i < s->n && !found; i++) {
			const struct rt_mod *m = owner_of(s->stack[i]);

			if (m) {
				strscpy(name, m->name, len);
				found = true;
			}
		}
	} while (read_seqretry(&mods_lock, seq));
	return found;
}
