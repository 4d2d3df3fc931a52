// SPDX-License-Identifier: GPL-2.0
#include "capture.h"
#include "core/poll_watch.h"
#include "harness.h"

#define POLLIN	0x1
#define MS	1000000ULL

static struct rt_report rep;
static struct rt_poll_watcher pw;
static struct capture cap;
static struct rt_poll_watch *w;

static void setup(void)
{
	capture_reset(&cap);
	rt_report_init(&rep, capture_sink, &cap);
	rep.all_errors = true;
	rt_poll_init(&pw, &rep, 10 * MS, 1000);
	w = rt_poll_watch_add(&pw, "foo_poll", rt_driver_id(&rep, "foo"));
}

/* One ->poll call at time t lasting ns, sleeping switches times. */
static void call(struct rt_poll_syscall *sc, u64 t, u64 ns, long switches,
		 bool can_wait, bool waits, unsigned int mask)
{
	struct rt_poll_call c;

	rt_poll_enter(&c, w, t, 100, can_wait);
	if (waits)
		rt_poll_waited(&c);
	rt_poll_exit(&pw, &c, sc, mask, t + ns, 100 + switches);
}

static void test_good(void)
{
	struct rt_poll_syscall sc;

	setup();
	CHECK(rt_poll_watch_find(&pw, "foo_poll") == w);
	CHECK(rt_poll_watch_add(&pw, "foo_poll", 0) == w);
	CHECK(rt_poll_watch_find(&pw, "bar_poll") == NULL);
	rt_poll_syscall_begin(&sc);
	call(&sc, 0, 2000, 0, true, true, 0);	/* registers, not ready */
	call(&sc, MS, 2000, 0, false, false, POLLIN);	/* woken: ready */
	rt_poll_syscall_end(&pw, &sc);
	CHECK(cap.n == 0);
	CHECK(rt_atomic_read(&w->calls) == 2);
	CHECK(rt_atomic_read(&w->ns_total) == 4000);
	CHECK(rt_atomic_read(&w->last_mask) == POLLIN);
	CHECK(rt_atomic_read(&w->max_per_syscall) == 2);
	/* A later pass without a queue proc need not wait. */
	call(NULL, 0, 100, 0, false, false, 0);
	CHECK(cap.n == 0);
}

static void test_blocking(void)
{
	setup();
	call(NULL, 0, 1000, 1, true, true, POLLIN);	/* it slept */
	CHECK(capture_has(&cap, RT_POLL_BLOCKING,
			  "drvcheck: foo foo_poll: ->poll blocks "
			  "[callback=foo_poll] [time inside=1000 ns] "
			  "[voluntary context switches=1]"));
	call(NULL, 0, 50 * MS, 0, true, true, POLLIN);	/* spun too long */
	CHECK(capture_count(&cap, RT_POLL_BLOCKING) == 2);
	CHECK(rt_atomic_read(&w->slept) == 2);
	CHECK(rt_atomic_read(&w->ns_max) == (long)(50 * MS));
	call(NULL, 0, 9 * MS, 0, true, true, POLLIN);
	CHECK(cap.n == 2);
}

static void test_no_wait(void)
{
	setup();
	call(NULL, 0, 100, 0, true, false, 0);
	CHECK(capture_has(&cap, RT_POLL_NO_WAIT,
			  "returns no events without calling poll_wait"));
	call(NULL, 0, 100, 0, true, false, POLLIN);	/* ready: fine */
	call(NULL, 0, 100, 0, true, true, 0);
	CHECK(cap.n == 1 && rt_atomic_read(&w->no_wait) == 1);
}

static void test_errno(void)
{
	setup();
	call(NULL, 0, 100, 0, true, true, (unsigned int)-22);
	CHECK(capture_has(&cap, RT_POLL_ERRNO,
			  "[returned=-22] [mask=0xffffffea]"));
	CHECK(capture_count(&cap, RT_POLL_NO_WAIT) == 0);
	call(NULL, 0, 100, 0, true, true, 0x8000 | POLLIN);
	CHECK(cap.n == 1 && rt_atomic_read(&w->errnos) == 1);
}

static void test_busy(void)
{
	struct rt_poll_syscall sc;

	setup();
	rt_poll_syscall_begin(&sc);
	for (int i = 0; i < 5000; i++) {
		call(&sc, 0, 10, 0, i == 0, true, 0);
		/* The driver woke its queue with nothing ready, each time. */
		if (i < 4999)
			rt_poll_syscall_woken(&sc);
	}
	rt_poll_syscall_end(&pw, &sc);
	CHECK(capture_has(&cap, RT_POLL_BUSY, "->poll ran 5000 times in one "
			  "poll() call, a busy loop [callback=foo_poll] "
			  "[wakeups=4999]"));
	CHECK(rt_atomic_read(&w->max_per_syscall) == 5000);
	rt_poll_syscall_begin(&sc);
	for (int i = 0; i < 3; i++)
		call(&sc, 0, 10, 0, i == 0, true, 0);
	rt_poll_syscall_end(&pw, &sc);
	CHECK(cap.n == 1);
	/* A syscall that never reached a watched callback. */
	rt_poll_syscall_begin(&sc);
	rt_poll_syscall_end(&pw, &sc);
	CHECK(cap.n == 1);
}

int main(void)
{
	RUN(test_good);
	RUN(test_blocking);
	RUN(test_no_wait);
	RUN(test_errno);
	RUN(test_busy);
	return harness_done();
}
