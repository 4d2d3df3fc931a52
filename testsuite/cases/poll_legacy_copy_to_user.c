// SPDX-License-Identifier: GPL-2.0
/*
 * Performance-counter misc device: an ioctl registers a user address, and
 * ->poll publishes the overflow count there with copy_to_user() before it
 * reports the event.  copy_to_user() may fault and sleep: illegal in ->poll
 * before 2.6.29.  The check is enabled explicitly here.
 *
 * drvcheck-options: --checks +poll-sleep-legacy
 * drvcheck-case: positive poll-sleep-legacy
 * drvcheck-case: negative poll-blocking poll-task-state poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define PCTR_IOC_SET_ADDR	_IOW('P', 1, __u64)

struct pctr_file {
	u32 __user *uaddr;
};

struct pctr {
	wait_queue_head_t wq;
	atomic_t overflows;
};

static struct pctr pctr;

static __poll_t pctr_poll(struct file *file, poll_table *wait)
{
	struct pctr_file *pf = file->private_data;
	u32 n;

	poll_wait(file, &pctr.wq, wait);

	n = atomic_read(&pctr.overflows);
	if (!n)
		return 0;
	if (pf->uaddr && copy_to_user(pf->uaddr, &n, sizeof(n))) /* expect: poll-sleep-legacy */
		return EPOLLERR;
	return EPOLLIN | EPOLLRDNORM;
}

static long pctr_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pctr_file *pf = file->private_data;

	if (cmd != PCTR_IOC_SET_ADDR)
		return -ENOTTY;
	pf->uaddr = (u32 __user *)arg;
	return 0;
}

static int pctr_open(struct inode *inode, struct file *file)
{
	struct pctr_file *pf = kzalloc(sizeof(*pf), GFP_KERNEL);

	if (!pf)
		return -ENOMEM;
	file->private_data = pf;
	return 0;
}

static int pctr_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static const struct file_operations pctr_fops = {
	.owner		= THIS_MODULE,
	.open		= pctr_open,
	.release	= pctr_release,
	.unlocked_ioctl	= pctr_ioctl,
	.poll		= pctr_poll,
	.llseek		= noop_llseek,
};

static struct miscdevice pctr_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "pctr",
	.fops	= &pctr_fops,
};

static int __init pctr_init(void)
{
	init_waitqueue_head(&pctr.wq);
	atomic_set(&pctr.overflows, 0);
	return misc_register(&pctr_misc);
}

static void __exit pctr_exit(void)
{
	misc_deregister(&pctr_misc);
}

module_init(pctr_init);
module_exit(pctr_exit);
MODULE_LICENSE("GPL");
