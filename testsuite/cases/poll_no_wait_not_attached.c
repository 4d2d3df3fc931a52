// SPDX-License-Identifier: GPL-2.0
/*
 * Data-acquisition board whose driver attaches later, through an ioctl
 * (the idiom of comedi_fops.c).  While nothing is attached ->poll jumps to
 * the end and returns 0 without poll_wait(): `attached` is a flag that the
 * attach ioctl sets, it wakes nobody, so a poller that started before the
 * attach sleeps on although samples arrive.  A NULL subdevice buffer,
 * tested after the flag, is a state with no queue to wait on and is fine
 * by itself; the flag path is not.
 *
 * drvcheck-case: positive poll-no-wait
 * drvcheck-case: negative poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/rwsem.h>
#include <linux/wait.h>

struct daq_async {
	wait_queue_head_t wait_head;
	unsigned int avail;
};

struct daq_dev {
	struct rw_semaphore attach_lock;
	bool attached;
	struct daq_async *async;
};

static struct daq_async daq_async;
static struct daq_dev daq;

static int daq_open(struct inode *inode, struct file *file)
{
	file->private_data = &daq;
	return nonseekable_open(inode, file);
}

static long daq_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct daq_dev *dev = file->private_data;

	down_write(&dev->attach_lock);
	dev->async = &daq_async;
	dev->attached = true;
	up_write(&dev->attach_lock);
	return 0;
}

static __poll_t daq_poll(struct file *file, poll_table *wait)
{
	struct daq_dev *dev = file->private_data;
	__poll_t mask = 0;

	down_read(&dev->attach_lock);

	if (!dev->attached)
		goto done;

	if (dev->async) {
		poll_wait(file, &dev->async->wait_head, wait);
		if (READ_ONCE(dev->async->avail))
			mask |= EPOLLIN | EPOLLRDNORM;
	}

done:
	up_read(&dev->attach_lock);
	return mask; /* expect: poll-no-wait */
}

static const struct file_operations daq_fops = {
	.owner		= THIS_MODULE,
	.open		= daq_open,
	.unlocked_ioctl	= daq_ioctl,
	.poll		= daq_poll,
	.llseek		= noop_llseek,
};

static struct miscdevice daq_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "daq0",
	.fops	= &daq_fops,
};

static int __init daq_init(void)
{
	init_rwsem(&daq.attach_lock);
	init_waitqueue_head(&daq_async.wait_head);
	return misc_register(&daq_misc);
}

static void __exit daq_exit(void)
{
	misc_deregister(&daq_misc);
}

module_init(daq_init);
module_exit(daq_exit);
MODULE_LICENSE("GPL");
