// SPDX-License-Identifier: GPL-2.0
/*
 * Sensor FIFO misc device whose ->poll registers on the wait queue and then
 * waits for the data itself with wait_event_interruptible(): poll() blocks
 * inside the callback instead of in do_poll(), so a timeout or another ready
 * fd in the same poll set is ignored until the sensor fires.
 *
 * drvcheck-case: positive poll-blocking
 * drvcheck-case: negative poll-task-state poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/wait.h>
#include <linux/spinlock.h>

struct sfifo {
	wait_queue_head_t wq;
	spinlock_t lock;
	unsigned int count;
	bool overflow;
};

static struct sfifo sfifo;

static bool sfifo_has_data(struct sfifo *f)
{
	bool ret;

	spin_lock_irq(&f->lock);
	ret = f->count != 0;
	spin_unlock_irq(&f->lock);
	return ret;
}

static __poll_t sfifo_poll(struct file *file, poll_table *wait)
{
	struct sfifo *f = &sfifo;

	poll_wait(file, &f->wq, wait);

	if (wait_event_interruptible(f->wq, sfifo_has_data(f))) /* expect: poll-blocking */
		return EPOLLERR;

	return f->overflow ? EPOLLIN | EPOLLRDNORM | EPOLLPRI
			   : EPOLLIN | EPOLLRDNORM;
}

static ssize_t sfifo_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	struct sfifo *f = &sfifo;
	unsigned int n;

	spin_lock_irq(&f->lock);
	n = f->count;
	f->count = 0;
	f->overflow = false;
	spin_unlock_irq(&f->lock);

	if (len < sizeof(n))
		return -EINVAL;
	if (copy_to_user(buf, &n, sizeof(n)))
		return -EFAULT;
	return sizeof(n);
}

static const struct file_operations sfifo_fops = {
	.owner	= THIS_MODULE,
	.read	= sfifo_read,
	.poll	= sfifo_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice sfifo_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "sfifo",
	.fops	= &sfifo_fops,
};

static int __init sfifo_init(void)
{
	init_waitqueue_head(&sfifo.wq);
	spin_lock_init(&sfifo.lock);
	return misc_register(&sfifo_misc);
}

static void __exit sfifo_exit(void)
{
	misc_deregister(&sfifo_misc);
}

module_init(sfifo_init);
module_exit(sfifo_exit);
MODULE_LICENSE("GPL");
