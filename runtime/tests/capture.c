// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"

void capture_reset(struct capture *c)
{
	memset(c, 0, sizeof(*c));
	pthread_mutex_init(&c->lock, NULL);
}

void capture_sink(void *arg, const struct rt_error *e)
{
	struct capture *c = arg;

	pthread_mutex_lock(&c->lock);
	if (c->n < CAPTURE_MAX) {
		c->id[c->n] = e->check;
		snprintf(c->msg[c->n], RT_MSG_LEN, "%s", e->msg);
	}
	c->n++;
	pthread_mutex_unlock(&c->lock);
	if (getenv("CAPTURE_VERBOSE"))
		fprintf(stderr, "   [%s] %s\n", e->id, e->msg);
}

int capture_count(const struct capture *c, enum rt_check id)
{
	int n = 0;

	for (int i = 0; i < c->n && i < CAPTURE_MAX; i++)
		n += c->id[i] == id;
	return n;
}

int capture_has(const struct capture *c, enum rt_check id, const char *text)
{
	for (int i = 0; i < c->n && i < CAPTURE_MAX; i++)
		if (c->id[i] == id && strstr(c->msg[i], text))
			return 1;
	return 0;
}
