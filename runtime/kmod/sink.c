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

static DEFINE_RATELIMIT_STATE(rt_print_rs, 5 * HZ, 20);

int rt_sink_init(void)
{
	ring = vzalloc(array_size(RT_RING_LINES, sizeof(*ring)));
	return ring ? 0 : -ENOMEM;
}

void rt_sink_exit(void)
{
	vfree(ring);
	ring = NULL;
}

/* "func=": the bare symbol, without the " [module]" that %ps adds. */
static void symbol_name(char *buf, size_t len, const void *addr)
{
	snprintf(buf, len, "%ps", addr);
	*strchrnul(buf, ' ') = '\0';
}

static void format_line(struct rt_line *l, const struct rt_error *e)
{
	const void *at = e->nstack ? (void *)e->stack[0] : NULL;
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

void rt_sink(void *arg, const struct rt_error *e)
{
	unsigned long flags;
	struct rt_line *l;

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
	 * Deferred: the console may be one that maps DMA (netconsole), and
	 * its hook would wait for the bucket lock our caller holds.
	 */
	if (!__ratelimit(&rt_print_rs))
		return;
	printk_deferred(KERN_ERR "drvcheck_rt: %s [drvcheck-%s]\n", e->msg,
			e->id);
	if (e->nstack)
		printk_deferred(KERN_ERR "drvcheck_rt:   at %pS\n",
				(void *)e->stack[0]);
	if (e->nmap_stack)
		printk_deferred(KERN_ERR "drvcheck_rt:   mapped at %pS\n",
				(void *)e->map_stack[0]);
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
