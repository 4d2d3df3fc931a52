// SPDX-License-Identifier: GPL-2.0
/*
 * Sensor hub with one misc device per sensor, whose file_operations come
 * from a driver macro (XSENS_FOPS(accel)).  The accel node's ->poll
 * reports data from a flag the IRQ handler sets and never calls
 * poll_wait(): when no sample is pending it returns 0 and the poller is
 * never woken.
 *
 * drvcheck-case: positive poll-no-wait
 * drvcheck-case: negative poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/wait.h>

struct xsens {
	wait_queue_head_t wq;
	bool pending;
};

static struct xsens accel;

#define XSENS_FOPS(_name)						\
static const struct file_operations _name##_fops = {			\
	.owner	= THIS_MODULE,						\
	.read	= _name##_read,						\
	.poll	= _name##_poll,						\
	.llseek	= noop_llseek,						\
};

static ssize_t accel_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	WRITE_ONCE(accel.pending, false);
	return 0;
}

static __poll_t accel_poll(struct file *file, poll_table *wait)
{
	if (READ_ONCE(accel.pending))
		return EPOLLIN | EPOLLRDNORM;
	return 0; /* expect: poll-no-wait */
}

XSENS_FOPS(accel)

static struct miscdevice accel_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "xsens_accel",
	.fops	= &accel_fops,
};

static int __init xsens_init(void)
{
	init_waitqueue_head(&accel.wq);
	return misc_register(&accel_misc);
}

static void __exit xsens_exit(void)
{
	misc_deregister(&accel_misc);
}

module_init(xsens_init);
module_exit(xsens_exit);
MODULE_LICENSE("GPL");
