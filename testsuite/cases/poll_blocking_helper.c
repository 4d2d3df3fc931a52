// SPDX-License-Identifier: GPL-2.0
/*
 * Character device for a DSP mailbox.  ->poll calls a static helper that
 * kicks the firmware and waits up to 100 ms for the mailbox completion: the
 * wait is one call away from the callback but still runs inside ->poll.
 * The finding is reported on the wait in the helper.
 *
 * drvcheck-case: positive poll-blocking
 * drvcheck-case: negative poll-task-state poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/cdev.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/completion.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>

#define MBOX_NAME "dspmbox"

struct dspmbox {
	struct cdev cdev;
	dev_t devt;
	wait_queue_head_t wq;
	struct completion done;
	spinlock_t lock;
	u32 reply;
	bool reply_valid;
};

static struct dspmbox mbox;

static bool dspmbox_sync(struct dspmbox *mb)
{
	unsigned long left;

	reinit_completion(&mb->done);
	left = wait_for_completion_timeout(&mb->done, /* expect: poll-blocking */
					   msecs_to_jiffies(100));
	return left != 0;
}

static __poll_t dspmbox_poll(struct file *file, poll_table *wait)
{
	struct dspmbox *mb = file->private_data;
	__poll_t mask = EPOLLOUT | EPOLLWRNORM;

	poll_wait(file, &mb->wq, wait);

	if (!dspmbox_sync(mb))
		return mask;

	spin_lock_irq(&mb->lock);
	if (mb->reply_valid)
		mask |= EPOLLIN | EPOLLRDNORM;
	spin_unlock_irq(&mb->lock);

	return mask;
}

static int dspmbox_open(struct inode *inode, struct file *file)
{
	file->private_data = container_of(inode->i_cdev, struct dspmbox, cdev);
	return nonseekable_open(inode, file);
}

static const struct file_operations dspmbox_fops = {
	.owner	= THIS_MODULE,
	.open	= dspmbox_open,
	.poll	= dspmbox_poll,
};

static int __init dspmbox_init(void)
{
	int ret;

	init_waitqueue_head(&mbox.wq);
	init_completion(&mbox.done);
	spin_lock_init(&mbox.lock);

	ret = alloc_chrdev_region(&mbox.devt, 0, 1, MBOX_NAME);
	if (ret)
		return ret;

	cdev_init(&mbox.cdev, &dspmbox_fops);
	mbox.cdev.owner = THIS_MODULE;
	ret = cdev_add(&mbox.cdev, mbox.devt, 1);
	if (ret)
		unregister_chrdev_region(mbox.devt, 1);
	return ret;
}

static void __exit dspmbox_exit(void)
{
	cdev_del(&mbox.cdev);
	unregister_chrdev_region(mbox.devt, 1);
}

module_init(dspmbox_init);
module_exit(dspmbox_exit);
MODULE_LICENSE("GPL");
