// SPDX-License-Identifier: GPL-2.0
/*
 * Multi-channel DMA-engine test misc device: a channel is bound to the file
 * with an ioctl.  ->poll returns -EINVAL for an unbound file; poll() reads
 * 0xffffffea as "every event is ready" and spins.
 *
 * drvcheck-case: positive poll-errno
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/wait.h>

#define CHDEV_NCHAN		4
#define CHDEV_IOC_BIND		_IOW('C', 1, int)

struct chan {
	atomic_t pending;
};

struct chdev {
	wait_queue_head_t wq;
	struct chan chans[CHDEV_NCHAN];
};

static struct chdev chdev;

static long chdev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (cmd != CHDEV_IOC_BIND)
		return -ENOTTY;
	if (arg >= CHDEV_NCHAN)
		return -EINVAL;
	file->private_data = &chdev.chans[arg];
	return 0;
}

static __poll_t chdev_poll(struct file *file, poll_table *wait)
{
	struct chan *ch = file->private_data;

	poll_wait(file, &chdev.wq, wait);

	if (!ch)
		return -EINVAL; /* expect: poll-errno */

	return atomic_read(&ch->pending) ? EPOLLIN | EPOLLRDNORM : 0;
}

static int chdev_open(struct inode *inode, struct file *file)
{
	file->private_data = NULL;
	return 0;
}

static const struct file_operations chdev_fops = {
	.owner		= THIS_MODULE,
	.open		= chdev_open,
	.unlocked_ioctl	= chdev_ioctl,
	.poll		= chdev_poll,
	.llseek		= noop_llseek,
};

static struct miscdevice chdev_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "dmatest_chan",
	.fops	= &chdev_fops,
};

static int __init chdev_init(void)
{
	int i;

	init_waitqueue_head(&chdev.wq);
	for (i = 0; i < CHDEV_NCHAN; i++)
		atomic_set(&chdev.chans[i].pending, 0);
	return misc_register(&chdev_misc);
}

static void __exit chdev_exit(void)
{
	misc_deregister(&chdev_misc);
}

module_init(chdev_init);
module_exit(chdev_exit);
MODULE_LICENSE("GPL");
