// SPDX-License-Identifier: GPL-2.0
/*
 * Thermal-alarm misc device.  ->poll keeps the mask in a local and leaves
 * through a single "out:" label; while the alarm is not enabled it jumps
 * there before poll_wait(), so the 0 it returns on that path leaves the
 * caller on no wait queue: enabling the alarm later never wakes it.
 *
 * drvcheck-case: positive poll-no-wait
 * drvcheck-case: negative poll-blocking poll-task-state poll-errno
 */
#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/wait.h>

struct thalarm {
	wait_queue_head_t wq;
	bool enabled;
	atomic_t trips;
};

static struct thalarm tha;

static __poll_t thalarm_poll(struct file *file, poll_table *wait)
{
	__poll_t mask = 0;

	if (!READ_ONCE(tha.enabled))
		goto out;
	poll_wait(file, &tha.wq, wait);
	if (atomic_read(&tha.trips))
		mask = EPOLLPRI | EPOLLIN | EPOLLRDNORM;
out:
	return mask; /* expect: poll-no-wait */
}

static ssize_t thalarm_write(struct file *file, const char __user *buf,
			     size_t len, loff_t *ppos)
{
	WRITE_ONCE(tha.enabled, len > 0);
	wake_up_interruptible(&tha.wq);
	return len;
}

static const struct file_operations thalarm_fops = {
	.owner	= THIS_MODULE,
	.write	= thalarm_write,
	.poll	= thalarm_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice thalarm_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "thalarm",
	.fops	= &thalarm_fops,
};

static int __init thalarm_init(void)
{
	init_waitqueue_head(&tha.wq);
	atomic_set(&tha.trips, 0);
	return misc_register(&thalarm_misc);
}

static void __exit thalarm_exit(void)
{
	misc_deregister(&thalarm_misc);
}

module_init(thalarm_init);
module_exit(thalarm_exit);
MODULE_LICENSE("GPL");
