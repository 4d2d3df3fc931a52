// SPDX-License-Identifier: GPL-2.0
/*
 * Hot-pluggable data-acquisition board, character device.  After the board
 * is unplugged ->poll returns -ENODEV instead of EPOLLERR | EPOLLHUP: the
 * negative number is a mask with every bit set, so user space sees data,
 * priority data and writability that are not there.
 *
 * drvcheck-case: positive poll-errno
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state
 */
#include <linux/module.h>
#include <linux/cdev.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/spinlock.h>

#define DAQ_NAME "daqboard"

struct daqboard {
	struct cdev cdev;
	dev_t devt;
	wait_queue_head_t wq;
	spinlock_t lock;
	bool disconnected;
	unsigned int blocks;
};

static struct daqboard daq;

static __poll_t daq_poll(struct file *file, poll_table *wait)
{
	struct daqboard *d = file->private_data;
	__poll_t mask = 0;

	poll_wait(file, &d->wq, wait);

	spin_lock_irq(&d->lock);
	if (d->disconnected) {
		spin_unlock_irq(&d->lock);
		return -ENODEV; /* expect: poll-errno */
	}
	if (d->blocks)
		mask |= EPOLLIN | EPOLLRDNORM;
	spin_unlock_irq(&d->lock);

	return mask;
}

static int daq_open(struct inode *inode, struct file *file)
{
	file->private_data = container_of(inode->i_cdev, struct daqboard, cdev);
	return nonseekable_open(inode, file);
}

static const struct file_operations daq_fops = {
	.owner	= THIS_MODULE,
	.open	= daq_open,
	.poll	= daq_poll,
};

static int __init daq_init(void)
{
	int ret;

	init_waitqueue_head(&daq.wq);
	spin_lock_init(&daq.lock);
	ret = alloc_chrdev_region(&daq.devt, 0, 1, DAQ_NAME);
	if (ret)
		return ret;
	cdev_init(&daq.cdev, &daq_fops);
	daq.cdev.owner = THIS_MODULE;
	ret = cdev_add(&daq.cdev, daq.devt, 1);
	if (ret)
		unregister_chrdev_region(daq.devt, 1);
	return ret;
}

static void __exit daq_exit(void)
{
	cdev_del(&daq.cdev);
	unregister_chrdev_region(daq.devt, 1);
}

module_init(daq_init);
module_exit(daq_exit);
MODULE_LICENSE("GPL");
