// SPDX-License-Identifier: GPL-2.0
/*
 * Scanned as a 2.6.28 tree: a UART-side event misc device whose ->poll
 * only does poll_wait() and reads state under a spinlock, which was legal
 * before 2.6.29 too.  Correct under the legacy rules.
 *
 * drvcheck-options: --kernel-version 2.6.28
 * drvcheck-case: negative poll-sleep-legacy poll-blocking poll-task-state poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/spinlock.h>

struct uartev {
	wait_queue_head_t wq;
	spinlock_t lock;
	unsigned int breaks, parity_errs;
};

static struct uartev uev;

static __poll_t uartev_poll(struct file *file, poll_table *wait)
{
	unsigned long flags;
	__poll_t mask = 0;

	poll_wait(file, &uev.wq, wait);

	spin_lock_irqsave(&uev.lock, flags);
	if (uev.breaks)
		mask |= EPOLLPRI;
	if (uev.parity_errs)
		mask |= EPOLLIN | EPOLLRDNORM;
	spin_unlock_irqrestore(&uev.lock, flags);

	return mask;
}

static const struct file_operations uartev_fops = {
	.owner	= THIS_MODULE,
	.poll	= uartev_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice uartev_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "uartev",
	.fops	= &uartev_fops,
};

static int __init uartev_init(void)
{
	init_waitqueue_head(&uev.wq);
	spin_lock_init(&uev.lock);
	return misc_register(&uartev_misc);
}

static void __exit uartev_exit(void)
{
	misc_deregister(&uartev_misc);
}

module_init(uartev_init);
module_exit(uartev_exit);
MODULE_LICENSE("GPL");
