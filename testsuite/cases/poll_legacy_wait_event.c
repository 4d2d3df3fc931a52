// SPDX-License-Identifier: GPL-2.0
/*
 * Scanned as a 2.6.28 tree: a touchscreen misc device whose ->poll waits up
 * to 10 ms for the next sample with wait_event_interruptible_timeout().
 * Waiting for the event is poll-blocking in any kernel; with the legacy
 * rules on, the same call is also a sleep in ->poll, so the line carries
 * both ids.
 *
 * drvcheck-options: --kernel-version 2.6.28
 * drvcheck-case: positive poll-blocking poll-sleep-legacy
 * drvcheck-case: negative poll-task-state poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/wait.h>
#include <linux/jiffies.h>

struct tsdev {
	wait_queue_head_t wq;
	atomic_t samples;
};

static struct tsdev tsdev;

static __poll_t tsdev_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &tsdev.wq, wait);

	wait_event_interruptible_timeout(tsdev.wq, atomic_read(&tsdev.samples), /* expect: poll-blocking, poll-sleep-legacy */
					 msecs_to_jiffies(10));

	return atomic_read(&tsdev.samples) ? EPOLLIN | EPOLLRDNORM : 0;
}

static const struct file_operations tsdev_fops = {
	.owner	= THIS_MODULE,
	.poll	= tsdev_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice tsdev_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "tsdev_touch",
	.fops	= &tsdev_fops,
};

static int __init tsdev_init(void)
{
	init_waitqueue_head(&tsdev.wq);
	atomic_set(&tsdev.samples, 0);
	return misc_register(&tsdev_misc);
}

static void __exit tsdev_exit(void)
{
	misc_deregister(&tsdev_misc);
}

module_init(tsdev_init);
module_exit(tsdev_exit);
MODULE_LICENSE("GPL");
