// SPDX-License-Identifier: GPL-2.0
/*
 * Character device for a message queue whose state is protected by a
 * mutex, and ->poll takes that mutex.  Since 2.6.29 ("poll: allow
 * f_op->poll to sleep") ->poll may sleep: mutex_lock() waits for the lock
 * holder, not for the event, so it is not poll-blocking.  poll-sleep-legacy
 * is opt-in and this case does not enable it.  Correct.
 *
 * drvcheck-case: negative poll-blocking poll-sleep-legacy poll-task-state poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/cdev.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/mutex.h>
#include <linux/list.h>

#define MQ_NAME "drvmq"

struct drvmq {
	struct cdev cdev;
	dev_t devt;
	struct mutex lock;
	wait_queue_head_t wq;
	struct list_head msgs;
	unsigned int nr_msgs, max_msgs;
};

static struct drvmq mq;

static __poll_t drvmq_poll(struct file *file, poll_table *wait)
{
	struct drvmq *q = file->private_data;
	__poll_t mask = 0;

	poll_wait(file, &q->wq, wait);

	mutex_lock(&q->lock);
	if (!list_empty(&q->msgs))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (q->nr_msgs < q->max_msgs)
		mask |= EPOLLOUT | EPOLLWRNORM;
	mutex_unlock(&q->lock);

	return mask;
}

static int drvmq_open(struct inode *inode, struct file *file)
{
	file->private_data = container_of(inode->i_cdev, struct drvmq, cdev);
	return nonseekable_open(inode, file);
}

static const struct file_operations drvmq_fops = {
	.owner	= THIS_MODULE,
	.open	= drvmq_open,
	.poll	= drvmq_poll,
};

static int __init drvmq_init(void)
{
	int ret;

	mutex_init(&mq.lock);
	init_waitqueue_head(&mq.wq);
	INIT_LIST_HEAD(&mq.msgs);
	mq.max_msgs = 32;

	ret = alloc_chrdev_region(&mq.devt, 0, 1, MQ_NAME);
	if (ret)
		return ret;
	cdev_init(&mq.cdev, &drvmq_fops);
	mq.cdev.owner = THIS_MODULE;
	ret = cdev_add(&mq.cdev, mq.devt, 1);
	if (ret)
		unregister_chrdev_region(mq.devt, 1);
	return ret;
}

static void __exit drvmq_exit(void)
{
	cdev_del(&mq.cdev);
	unregister_chrdev_region(mq.devt, 1);
}

module_init(drvmq_init);
module_exit(drvmq_exit);
MODULE_LICENSE("GPL");
