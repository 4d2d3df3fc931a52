// SPDX-License-Identifier: GPL-2.0
/*
 * Event character device of a hot-unpluggable sensor chip (the idiom of
 * counter-chrdev.c and industrialio-event.c).  Unregistering the chip
 * clears chip->ops once, for good, and then wakes the event queue; ->poll
 * of a file still open after that finds ops NULL and returns 0 before
 * poll_wait().  Nothing can become ready on a gone device, so there is no
 * wake-up to register for.  Correct.
 *
 * Coccinelle runs without the headers' types and cannot tell `!chip->ops`
 * (a pointer) from `!p->armed` (a flag, poll_no_wait_early.c).
 *
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/wait.h>

struct evchip;

struct evchip_ops {
	int (*arm)(struct evchip *chip);
};

struct evchip {
	const struct evchip_ops *ops;	/* NULL once unregistered */
	struct mutex ops_lock;
	wait_queue_head_t events_wait;
	unsigned int pending;
};

static int evchip_arm(struct evchip *chip)
{
	return 0;
}

static const struct evchip_ops evchip_default_ops = {
	.arm = evchip_arm,
};

static struct evchip evc;

static int evchip_open(struct inode *inode, struct file *file)
{
	file->private_data = &evc;
	return nonseekable_open(inode, file);
}

static __poll_t evchip_poll(struct file *file, poll_table *wait)
{
	struct evchip *chip = file->private_data;
	__poll_t events = 0;

	if (!chip->ops)
		return events; /* wrong(cocci): poll-no-wait */

	poll_wait(file, &chip->events_wait, wait);

	if (READ_ONCE(chip->pending))
		events = EPOLLIN | EPOLLRDNORM;

	return events;
}

static const struct file_operations evchip_fops = {
	.owner	= THIS_MODULE,
	.open	= evchip_open,
	.poll	= evchip_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice evchip_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "evchip",
	.fops	= &evchip_fops,
};

static int __init evchip_init(void)
{
	mutex_init(&evc.ops_lock);
	init_waitqueue_head(&evc.events_wait);
	evc.ops = &evchip_default_ops;
	return misc_register(&evchip_misc);
}

static void __exit evchip_exit(void)
{
	/* the chip is gone: open files see ops NULL from now on */
	mutex_lock(&evc.ops_lock);
	evc.ops = NULL;
	mutex_unlock(&evc.ops_lock);
	wake_up_interruptible(&evc.events_wait);
	misc_deregister(&evchip_misc);
}

module_init(evchip_init);
module_exit(evchip_exit);
MODULE_LICENSE("GPL");
