// SPDX-License-Identifier: GPL-2.0
/*
 * Sensor hub event FIFO.  ->poll says "try again" with -EAGAIN while the
 * hub is still booting, then a readable mask once it runs: two returns of
 * constants, which the compiler (and sparse) fold into one select.  The
 * negative one is the bug, and it is where the report belongs -- not the
 * last return of the function.
 *
 * drvcheck-case: positive poll-errno
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>

struct shub {
	struct miscdevice misc;
	wait_queue_head_t wq;
	bool running;
};

static struct shub shub;

static __poll_t shub_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &shub.wq, wait);
	if (!READ_ONCE(shub.running))
		return -EAGAIN; /* expect: poll-errno */
	return EPOLLIN | EPOLLRDNORM;
}

static const struct file_operations shub_fops = {
	.owner	= THIS_MODULE,
	.poll	= shub_poll,
	.llseek	= noop_llseek,
};

static int __init shub_init(void)
{
	init_waitqueue_head(&shub.wq);
	shub.misc.minor = MISC_DYNAMIC_MINOR;
	shub.misc.name = "shub_events";
	shub.misc.fops = &shub_fops;
	return misc_register(&shub.misc);
}

static void __exit shub_exit(void)
{
	misc_deregister(&shub.misc);
}

module_init(shub_init);
module_exit(shub_exit);
MODULE_DESCRIPTION("drvcheck testsuite: an errno return folded with a mask return");
MODULE_LICENSE("GPL");
