/* SPDX-License-Identifier: GPL-2.0 */
/* A report sink for tests: keeps the errors it is given, thread-safely. */
#ifndef DRVCHECK_RT_CAPTURE_H
#define DRVCHECK_RT_CAPTURE_H

#include <pthread.h>

#include "core/report.h"

#define CAPTURE_MAX	64

struct capture {
	pthread_mutex_t lock;
	int n;			/* errors seen, also past CAPTURE_MAX */
	enum rt_check id[CAPTURE_MAX];
	char msg[CAPTURE_MAX][RT_MSG_LEN];
};

void capture_reset(struct capture *c);
void capture_sink(void *arg, const struct rt_error *e);

/* How many captured errors have this id. */
int capture_count(const struct capture *c, enum rt_check id);

/* Whether some captured error of this id contains text. */
int capture_has(const struct capture *c, enum rt_check id, const char *text);

#endif /* DRVCHECK_RT_CAPTURE_H */
