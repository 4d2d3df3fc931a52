// SPDX-License-Identifier: GPL-2.0
/*
 * Doorbell misc device: the textbook ->poll.  poll_wait() on both queues
 * first, then the mask is computed from state read under the IRQ-safe
 * spinlock; nothing in the callback sleeps or touches the task state.
 * Correct.
 *
 * drvcheck-case: negative poll-blocking poll-task-state poll-no-wait poll-errno poll-sleep-legacy
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

#define DB_SLOTS 16

struct doorbell {
	wait_queue_head_t rq, wq;
	spinlock_t lock;
	unsigned int pending;
	bool dead;
};

static struct doorbell db;

static __poll_t doorbell_poll(struct file *file, poll_table *wait)
{
	unsigned long flags;
	__poll_t mask = 0;

	poll_wait(file, &db.rq, wait);
	poll_wait(file, &db.wq, wait);

	spin_lock_irqsave(&db.lock, flags);
	if (db.pending)
		mask |= EPOLLIN | EPOLLRDNORM;
	if (db.pending < DB_SLOTS)
		mask |= EPOLLOUT | EPOLLWRNORM;
	if (db.dead)
		mask |= EPOLLHUP;
	spin_unlock_irqrestore(&db.lock, flags);

	return mask;
}

static ssize_t doorbell_write(struct file *file, const char __user *buf,
			      size_t len, loff_t *ppos)
{
	unsigned long flags;
	ssize_t ret = -EAGAIN;

	spin_lock_irqsave(&db.lock, flags);
	if (db.pending < DB_SLOTS) {
		db.pending++;
		ret = len;
	}
	spin_unlock_irqrestore(&db.lock, flags);
	if (ret > 0)
		wake_up_interruptible(&db.rq);
	return ret;
}

static ssize_t doorbell_read(struct file *file, char __user *buf, size_t len,
			     loff_t *ppos)
{
	unsigned long flags;
	unsigned int n;

	if (len < sizeof(n))
		return -EINVAL;
	spin_lock_irqsave(&db.lock, flags);
	n = db.pending;
	db.pending = 0;
	spin_unlock_irqrestore(&db.lock, flags);
	wake_up_interruptible(&db.wq);

	if (copy_to_user(buf, &n, sizeof(n)))
		return -EFAULT;
	return sizeof(n);
}

static const struct file_operations doorbell_fops = {
	.owner	= THIS_MODULE,
	.read	= doorbell_read,
	.write	= doorbell_write,
	.poll	= doorbell_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice doorbell_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "doorbell",
	.fops	= &doorbell_fops,
};

static int __init doorbell_init(void)
{
	init_waitqueue_head(&db.rq);
	init_waitqueue_head(&db.wq);
	spin_lock_init(&db.lock);
	return misc_register(&doorbell_misc);
}

static void __exit doorbell_exit(void)
{
	misc_deregister(&doorbell_misc);
}

module_init(doorbell_init);
module_exit(doorbell_exit);
MODULE_LICENSE("GPL");
