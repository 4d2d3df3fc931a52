// SPDX-License-Identifier: GPL-2.0
/*
 * Debug console with one misc device per channel, whose file_operations
 * come from a driver macro (XDBG_FOPS(tx)).  The TX channel accepts writes
 * at any time (it drops what the ring cannot hold) and reads as empty, so
 * its ->poll always returns the constant EPOLLOUT | EPOLLWRNORM and has
 * nothing to wait for.  Correct.
 *
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>

#define XDBG_FOPS(_name)						\
static const struct file_operations _name##_fops = {			\
	.owner	= THIS_MODULE,						\
	.write	= _name##_write,					\
	.poll	= _name##_poll,						\
	.llseek	= noop_llseek,						\
};

static ssize_t tx_write(struct file *file, const char __user *buf,
			size_t len, loff_t *ppos)
{
	return len;
}

static __poll_t tx_poll(struct file *file, poll_table *wait)
{
	return EPOLLOUT | EPOLLWRNORM;
}

XDBG_FOPS(tx)

static struct miscdevice tx_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "xdbg_tx",
	.fops	= &tx_fops,
};

module_misc_device(tx_misc);
MODULE_LICENSE("GPL");
