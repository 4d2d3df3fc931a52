// SPDX-License-Identifier: GPL-2.0
/*
 * Where shown errors go: a ring of the last RT_RING_LINES formatted lines
 * (debugfs `errors`, not rate limited) and the kernel log (rate limited).
 * The core calls the sink with a bucket lock held and interrupts off, in
 * any context: the ring is preallocated and formatted into under a
 * spinlock, nothing here sleeps or allocates.
 *
 * A line, TAB-separated, in this order (a contract, see DESIGN.md):
 *   id= driver= device= addr=0x size= func= at= mapped_at= msg=
 */
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/ratelimit.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "rt.h"

#define RT_RING_LINES	4096
#define RT_LINE_LEN	1024

struct rt_line {
	unsigned short len;
	char text[RT_LINE_LEN - sizeof(unsigned short)];
};

static struct rt_line *ring;
static unsigned int ring_head;		/* the oldest line */
static unsigned int ring_count;
static unsigned long ring_lost;		/* lines pushed out by newer ones */
static DEFINE_SPINLOCK(ring_lock);

/*
 * The kernel log is rate limited per check id, so that a flood of one kind
 * does not hide the others.  "callbacks suppressed" is printed at unload
 * only (RATELIMIT_MSG_ON_RELEASE): __ratelimit() would print it here, with
 * the caller's bucket lock held.
 */
static struct ratelimit_state rt_print_rs[RT_CHECK_NR];

/*
 * Set at unload before the hooks go: they are removed one kind after the
 * other, and in between an unmap whose map was not seen is no error.
 */
static bool ring_muted;

/*
 * The call site an error is reported at.  A leak is found when the device
 * is released, in the notifier, where no driver frame is: its site is
 * where the leaked mapping was made.
 */
static unsigned long error_site(const struct rt_error *e)
{
	if (e->check == RT_DMA_LEAK && e->nmap_stack)
		return e->map_stack[0];
	return e->nstack ? e->stack[0] : 0;
}

/* "func=": the bare symbol, without the " [module]" that %ps adds. */
static void symbol_name(char *buf, size_t len, const void *addr)
{
	snprintf(buf, len, "%ps", addr);
	*strchrnul(buf, ' ') = '\0';
}

static void format_line(struct rt_line *l, const struct rt_error *e)
{
	const void *at = (void *)error_site(e);
	char func[128];
	int n;

	n = scnprintf(l->text, sizeof(l->text),
		      "id=%s\tdriver=%s\tdevice=%s\taddr=0x%llx\tsize=%llu\t",
		      e->id, e->driver, e->device,
		      (unsigned long long)e->addr,
		      (unsigned long long)e->size);
	if (at) {
		symbol_name(func, sizeof(func), at);
		n += scnprintf(l->text + n, sizeof(l->text) - n,
			       "func=%s\tat=%pS\t", func, at);
	} else {
		n += scnprintf(l->text + n, sizeof(l->text) - n,
			       "func=-\tat=-\t");
	}
	if (e->nmap_stack)
		n += scnprintf(l->text + n, sizeof(l->text) - n,
			       "mapped_at=%pS\t", (void *)e->map_stack[0]);
	else
		n += scnprintf(l->text + n, sizeof(l->text) - n,
			       "mapped_at=-\t");
	n += scnprintf(l->text + n, sizeof(l->text) - n, "msg=%s\n", e->msg);
	/* A cut line still ends its record. */
	if (l->text[n - 1] != '\n')
		l->text[n - 1] = '\n';
	l->len = n;
}

/* Errors waiting for rt_print_work, after the rate limit. */
#define RT_PRINT_QUEUE	32

struct rt_print {
	unsigned long at, mapped_at;
	const char *id;
	char msg[RT_MSG_LEN];
};

static struct rt_print print_q[RT_PRINT_QUEUE];
static unsigned int print_head, print_count;
static DEFINE_SPINLOCK(print_lock);

static void print_work_fn(struct irq_work *work)
{
	static struct rt_print p;	/* irq_work callbacks do not nest */
	unsigned long flags;

	for (;;) {
		spin_lock_irqsave(&print_lock, flags);
		if (!print_count) {
			spin_unlock_irqrestore(&print_lock, flags);
			return;
		}
		p = print_q[print_head];
		print_head = (print_head + 1) % RT_PRINT_QUEUE;
		print_count--;
		spin_unlock_irqrestore(&print_lock, flags);

		rt_log("%s [drvcheck-%s]", p.msg, p.id);
		if (p.at)
			rt_log("  at %pS", (void *)p.at);
		if (p.mapped_at)
			rt_log("  mapped at %pS", (void *)p.mapped_at);
	}
}

static DEFINE_IRQ_WORK(rt_print_work, print_work_fn);

static void print_queue(const struct rt_error *e)
{
	unsigned long flags;
	struct rt_print *p;

	spin_lock_irqsave(&print_lock, flags);
	if (print_count == RT_PRINT_QUEUE) {
		/* Printing is behind: this one is in the debugfs log only. */
		spin_unlock_irqrestore(&print_lock, flags);
		return;
	}
	p = &print_q[(print_head + print_count++) % RT_PRINT_QUEUE];
	p->at = error_site(e);
	p->mapped_at = e->nmap_stack ? e->map_stack[0] : 0;
	p->id = e->id;
	strscpy(p->msg, e->msg, sizeof(p->msg));
	spin_unlock_irqrestore(&print_lock, flags);
	irq_work_queue(&rt_print_work);
}

void rt_sink(void *arg, const struct rt_error *e)
{
	unsigned long flags;
	struct rt_line *l;

	if (READ_ONCE(ring_muted))
		return;
	spin_lock_irqsave(&ring_lock, flags);
	if (ring_count == RT_RING_LINES) {
		l = &ring[ring_head];
		ring_head = (ring_head + 1) % RT_RING_LINES;
		ring_lost++;
	} else {
		l = &ring[(ring_head + ring_count) % RT_RING_LINES];
		ring_count++;
	}
	format_line(l, e);
	spin_unlock_irqrestore(&ring_lock, flags);

	/*
	 * The kernel log is written from an irq_work, not here: the console
	 * may be one that maps DMA (netconsole), and its hook would wait for
	 * the bucket lock our caller holds.
	 */
	if (__ratelimit(&rt_print_rs[e->check]))
		print_queue(e);
}

void rt_sink_clear(void)
{
	unsigned long flags;

	spin_lock_irqsave(&ring_lock, flags);
	ring_head = 0;
	ring_count = 0;
	spin_unlock_irqrestore(&ring_lock, flags);
}

unsigned long rt_sink_lost(void)
{
	return READ_ONCE(ring_lost);
}

/*
 * The copy is made in two steps: the size under the lock, the buffer
 * outside it (vmalloc sleeps), then the lines under the lock again, as
 * many as fit (lines added meanwhile may be left for the next read).
 */
char *rt_sink_snapshot(size_t *len)
{
	unsigned long flags;
	size_t cap, n = 0;
	char *buf;

	spin_lock_irqsave(&ring_lock, flags);
	cap = (size_t)ring_count * RT_LINE_LEN;
	spin_unlock_irqrestore(&ring_lock, flags);

	buf = vmalloc(cap ? cap : 1);
	if (!buf)
		return NULL;
	spin_lock_irqsave(&ring_lock, flags);
	for (unsigned int i = 0; i < ring_count; i++) {
		const struct rt_line *l = &ring[(ring_head + i) % RT_RING_LINES];

		if (n + l->len > cap)
			break;
		memcpy(buf + n, l->text, l->len);
		n += l->len;
	}
	spin_unlock_irqrestore(&ring_lock, flags);
	*len = n;
	return buf;
}

int rt_sink_init(void)
{
	for (int i = 0; i < RT_CHECK_NR; i++) {
		ratelimit_state_init(&rt_print_rs[i], 5 * HZ, 10);
		ratelimit_set_flags(&rt_print_rs[i], RATELIMIT_MSG_ON_RELEASE);
	}
	ring = vzalloc(array_size(RT_RING_LINES, sizeof(*ring)));
	return ring ? 0 : -ENOMEM;
}

void rt_sink_mute(void)
{
	WRITE_ONCE(ring_muted, true);
}

/* After the hooks are gone: print what is queued, then free. */
void rt_sink_exit(void)
{
	irq_work_sync(&rt_print_work);
	for (int i = 0; i < RT_CHECK_NR; i++)
		ratelimit_state_exit(&rt_print_rs[i]);
	vfree(ring);
	ring = NULL;
}
