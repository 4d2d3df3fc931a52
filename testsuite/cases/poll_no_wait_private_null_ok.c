// SPDX-License-Identifier: GPL-2.0
/*
 * Power-manager event device in the via-pmu / smu style: open allocates a
 * private event queue and keeps it in file->private_data; ->poll starts
 * with "if (!pp) return 0;" for a file without one.  That state cannot
 * change while the file is open (nothing would ever become ready to wait
 * for), like the device-gone state: every path that can become ready
 * registers with poll_wait().
 *
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state
 * drvcheck-case: negative poll-errno
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct pm_priv {
	wait_queue_head_t wait;
	spinlock_t lock;
	unsigned int head, tail;
};

static int pm_open(struct inode *inode, struct file *file)
{
	struct pm_priv *pp = kzalloc(sizeof(*pp), GFP_KERNEL);

	if (!pp)
		return -ENOMEM;
	init_waitqueue_head(&pp->wait);
	spin_lock_init(&pp->lock);
	file->private_data = pp;
	return 0;
}

static int pm_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static __poll_t pm_poll(struct file *file, poll_table *wait)
{
	struct pm_priv *pp = file->private_data;
	__poll_t mask = 0;
	unsigned long flags;

	if (!pp)
		return 0;
	poll_wait(file, &pp->wait, wait);
	spin_lock_irqsave(&pp->lock, flags);
	if (pp->head != pp->tail)
		mask |= EPOLLIN;
	spin_unlock_irqrestore(&pp->lock, flags);
	return mask;
}

static const struct file_operations pm_fops = {
	.owner		= THIS_MODULE,
	.open		= pm_open,
	.release	= pm_release,
	.poll		= pm_poll,
	.llseek		= noop_llseek,
};

static struct miscdevice pm_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "xpm",
	.fops	= &pm_fops,
};
module_misc_device(pm_misc);
MODULE_LICENSE("GPL");
