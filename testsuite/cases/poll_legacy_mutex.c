// SPDX-License-Identifier: GPL-2.0
/*
 * Scanned as a 2.6.28 tree: a character device for a firmware event queue
 * whose ->poll takes the queue mutex.  Before "poll: allow f_op->poll to
 * sleep" (2.6.29) do_poll() set TASK_INTERRUPTIBLE before calling ->poll,
 * so sleeping on a contended mutex reset the task to TASK_RUNNING and the
 * poll loop busy-looped.  Not poll-blocking: the mutex is not the event.
 *
 * drvcheck-options: --kernel-version 2.6.28
 * drvcheck-case: positive poll-sleep-legacy
 * drvcheck-case: negative poll-blocking poll-task-state poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/cdev.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/mutex.h>

#define FWEV_NAME "fwevq"

struct fwevq {
	struct cdev cdev;
	dev_t devt;
	struct mutex lock;
	wait_queue_head_t wq;
	unsigned int head, tail;
};

static struct fwevq evq;

static __poll_t fwevq_poll(struct file *file, poll_table *wait)
{
	struct fwevq *q = file->private_data;
	__poll_t mask = 0;

	poll_wait(file, &q->wq, wait);

	mutex_lock(&q->lock); /* expect: poll-sleep-legacy */
	if (q->head != q->tail)
		mask = EPOLLIN | EPOLLRDNORM;
	mutex_unlock(&q->lock);

	return mask;
}

static int fwevq_open(struct inode *inode, struct file *file)
{
	file->private_data = container_of(inode->i_cdev, struct fwevq, cdev);
	return nonseekable_open(inode, file);
}

static const struct file_operations fwevq_fops = {
	.owner	= THIS_MODULE,
	.open	= fwevq_open,
	.poll	= fwevq_poll,
};

static int __init fwevq_init(void)
{
	int ret;

	mutex_init(&evq.lock);
	init_waitqueue_head(&evq.wq);
	ret = alloc_chrdev_region(&evq.devt, 0, 1, FWEV_NAME);
	if (ret)
		return ret;
	cdev_init(&evq.cdev, &fwevq_fops);
	evq.cdev.owner = THIS_MODULE;
	ret = cdev_add(&evq.cdev, evq.devt, 1);
	if (ret)
		unregister_chrdev_region(evq.devt, 1);
	return ret;
}

static void __exit fwevq_exit(void)
{
	cdev_del(&evq.cdev);
	unregister_chrdev_region(evq.devt, 1);
}

module_init(fwevq_init);
module_exit(fwevq_exit);
MODULE_LICENSE("GPL");
