// SPDX-License-Identifier: GPL-2.0
/*
 * GPIO edge-event misc device whose ->poll reports "ready" from a flag and
 * never registers on the wait queue the IRQ handler wakes: when no edge is
 * pending it returns 0 without poll_wait(), so poll() never learns of the
 * next edge.
 *
 * drvcheck-case: positive poll-no-wait
 * drvcheck-case: negative poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/wait.h>

struct edgeev {
	wait_queue_head_t wq;
	bool ready;
};

static struct edgeev edge;

static __poll_t edgeev_poll(struct file *file, poll_table *wait)
{
	bool ready = READ_ONCE(edge.ready);

	return ready ? EPOLLIN | EPOLLRDNORM : 0; /* expect: poll-no-wait */
}

static ssize_t edgeev_read(struct file *file, char __user *buf, size_t len,
			   loff_t *ppos)
{
	int ret;

	ret = wait_event_interruptible(edge.wq, READ_ONCE(edge.ready));
	if (ret)
		return ret;
	WRITE_ONCE(edge.ready, false);
	return 0;
}

static const struct file_operations edgeev_fops = {
	.owner	= THIS_MODULE,
	.read	= edgeev_read,
	.poll	= edgeev_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice edgeev_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "edgeev",
	.fops	= &edgeev_fops,
};

static int __init edgeev_init(void)
{
	init_waitqueue_head(&edge.wq);
	return misc_register(&edgeev_misc);
}

static void __exit edgeev_exit(void)
{
	misc_deregister(&edgeev_misc);
}

module_init(edgeev_init);
module_exit(edgeev_exit);
MODULE_LICENSE("GPL");
