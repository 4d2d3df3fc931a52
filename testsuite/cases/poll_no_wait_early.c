// SPDX-License-Identifier: GPL-2.0
/*
 * Watchdog pretimeout character device.  ->poll bails out with 0 while the
 * pretimeout is not armed, before it reaches poll_wait(): a poller that
 * starts before the watchdog is armed is never woken.  The later return,
 * after poll_wait(), is fine.
 *
 * drvcheck-case: positive poll-no-wait
 * drvcheck-case: negative poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/cdev.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/wait.h>

#define PRETMO_NAME "wdt_pretimeout"

struct pretmo {
	struct cdev cdev;
	dev_t devt;
	wait_queue_head_t wq;
	bool armed;
	bool fired;
};

static struct pretmo pt;

static __poll_t pretmo_poll(struct file *file, poll_table *wait)
{
	struct pretmo *p = file->private_data;

	if (!READ_ONCE(p->armed))
		return 0; /* expect: poll-no-wait */

	poll_wait(file, &p->wq, wait);

	return READ_ONCE(p->fired) ? EPOLLPRI | EPOLLIN | EPOLLRDNORM : 0;
}

static int pretmo_open(struct inode *inode, struct file *file)
{
	file->private_data = container_of(inode->i_cdev, struct pretmo, cdev);
	return nonseekable_open(inode, file);
}

static const struct file_operations pretmo_fops = {
	.owner	= THIS_MODULE,
	.open	= pretmo_open,
	.poll	= pretmo_poll,
};

static int __init pretmo_init(void)
{
	int ret;

	init_waitqueue_head(&pt.wq);
	ret = alloc_chrdev_region(&pt.devt, 0, 1, PRETMO_NAME);
	if (ret)
		return ret;
	cdev_init(&pt.cdev, &pretmo_fops);
	pt.cdev.owner = THIS_MODULE;
	ret = cdev_add(&pt.cdev, pt.devt, 1);
	if (ret)
		unregister_chrdev_region(pt.devt, 1);
	return ret;
}

static void __exit pretmo_exit(void)
{
	cdev_del(&pt.cdev);
	unregister_chrdev_region(pt.devt, 1);
}

module_init(pretmo_init);
module_exit(pretmo_exit);
MODULE_LICENSE("GPL");
