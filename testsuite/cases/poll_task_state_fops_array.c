// SPDX-License-Identifier: GPL-2.0
/*
 * Dual-port mailbox with one character-device minor per direction; the
 * file_operations of both minors are one array indexed by the minor.  The
 * receive side's ->poll marks the task TASK_INTERRUPTIBLE before it
 * registers, a state that belongs to the core's poll loop; the transmit
 * side's ->poll is correct.
 *
 * drvcheck-case: positive poll-task-state
 * drvcheck-case: negative poll-blocking poll-no-wait poll-errno
 */
#include <linux/cdev.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define DPMB_NAME	"dpmbox"
#define DPMB_SLOTS	4

struct dpmbox {
	struct cdev cdev;
	dev_t devt;
	wait_queue_head_t rx_wq, tx_wq;
	unsigned int rx_used, tx_used;
};

static struct dpmbox dpmb;

static __poll_t dpmb_rx_poll(struct file *file, poll_table *wait)
{
	set_current_state(TASK_INTERRUPTIBLE); /* expect: poll-task-state */
	poll_wait(file, &dpmb.rx_wq, wait);
	__set_current_state(TASK_RUNNING); /* expect: poll-task-state */
	return READ_ONCE(dpmb.rx_used) ? EPOLLIN | EPOLLRDNORM : 0;
}

static __poll_t dpmb_tx_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &dpmb.tx_wq, wait);
	return READ_ONCE(dpmb.tx_used) < DPMB_SLOTS ? EPOLLOUT | EPOLLWRNORM : 0;
}

static const struct file_operations dpmb_fops[] = {
	{
		.owner	= THIS_MODULE,
		.poll	= dpmb_rx_poll,
	},
	{
		.owner	= THIS_MODULE,
		.poll	= dpmb_tx_poll,
	},
};

static int dpmb_open(struct inode *inode, struct file *file)
{
	unsigned int minor = iminor(inode) - MINOR(dpmb.devt);

	if (minor >= ARRAY_SIZE(dpmb_fops))
		return -ENODEV;
	replace_fops(file, &dpmb_fops[minor]);
	return nonseekable_open(inode, file);
}

static const struct file_operations dpmb_open_fops = {
	.owner	= THIS_MODULE,
	.open	= dpmb_open,
};

static int __init dpmb_init(void)
{
	int ret;

	init_waitqueue_head(&dpmb.rx_wq);
	init_waitqueue_head(&dpmb.tx_wq);
	ret = alloc_chrdev_region(&dpmb.devt, 0, ARRAY_SIZE(dpmb_fops), DPMB_NAME);
	if (ret)
		return ret;
	cdev_init(&dpmb.cdev, &dpmb_open_fops);
	dpmb.cdev.owner = THIS_MODULE;
	ret = cdev_add(&dpmb.cdev, dpmb.devt, ARRAY_SIZE(dpmb_fops));
	if (ret)
		unregister_chrdev_region(dpmb.devt, ARRAY_SIZE(dpmb_fops));
	return ret;
}

static void __exit dpmb_exit(void)
{
	cdev_del(&dpmb.cdev);
	unregister_chrdev_region(dpmb.devt, ARRAY_SIZE(dpmb_fops));
}

module_init(dpmb_init);
module_exit(dpmb_exit);
MODULE_LICENSE("GPL");
