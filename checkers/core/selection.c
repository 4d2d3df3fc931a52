// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "selection.h"
#include "util.h"

unsigned int kernel_version_parse(const char *s)
{
	unsigned int v[3] = { 0, 0, 0 };
	int n = 0;

	while (n < 3 && *s >= '0' && *s <= '9') {
		v[n++] = (unsigned int)strtoul(s, (char **)&s, 10);
		if (*s != '.')
			break;
		s++;
	}
	if (n < 2 || v[1] > 255 || v[2] > 255)
		return 0;
	return KERNEL_VERSION_NUM(v[0], v[1], v[2]);
}

void selection_default(struct selection *sel, unsigned int kernel_version)
{
	memset(sel, 0, sizeof(*sel));
	for (size_t i = 0; i < check_count; i++)
		sel->on[i] = check_table[i].default_on;
	/* Before "poll: allow f_op->poll to sleep" any sleep in ->poll is a bug. */
	if (kernel_version && kernel_version < KERNEL_VERSION_NUM(2, 6, 29))
		sel->on[check_lookup("poll-sleep-legacy") - check_table] = true;
}

/* Sets every check matching item; false when item names nothing. */
static bool set_item(struct selection *sel, const char *item, bool value)
{
	bool matched = false;

	for (size_t i = 0; i < check_count; i++) {
		const struct check *c = &check_table[i];

		if (strcmp(item, "all") == 0 ||
		    strcmp(item, api_family_name(c->family)) == 0 ||
		    check_lookup(item) == c) {
			sel->on[i] = value;
			matched = true;
		}
	}
	return matched;
}

int selection_apply(struct selection *sel, const char *list, bool exclude,
		    char **bad)
{
	struct strlist items = { 0 };
	int ret = 0;

	strlist_split(&items, list, ", ");
	if (!exclude && items.n && items.items[0][0] != '+')
		memset(sel->on, 0, sizeof(sel->on));
	for (size_t i = 0; i < items.n; i++) {
		const char *item = items.items[i];

		if (*item == '+')
			item++;
		if (!set_item(sel, item, !exclude)) {
			*bad = xstrdup(item);
			ret = -1;
			break;
		}
	}
	strlist_free(&items);
	return ret;
}

bool selection_has(const struct selection *sel, const struct check *c)
{
	return sel->on[c - check_table];
}

bool selection_any(const struct selection *sel)
{
	for (size_t i = 0; i < check_count; i++)
		if (sel->on[i])
			return true;
	return false;
}
