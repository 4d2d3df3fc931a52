// SPDX-License-Identifier: GPL-2.0
/*
 * Test-and-measurement misc device, the way usbtmc and cdc-wdm write
 * ->poll: under the device lock, a device that went away sets the mask to
 * EPOLLHUP | EPOLLERR and jumps to the unlock at the end, before
 * poll_wait().  On that path the mask is a constant non-zero one: poll()
 * returns at once and never needs a wakeup.  Every other path registers.
 *
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state
 * drvcheck-case: negative poll-errno
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/wait.h>

struct tmc {
	wait_queue_head_t wq;
	struct mutex io_mutex;
	bool zombie;
	unsigned int srq_pending;
};

static struct tmc tmc0;

static __poll_t tmc_poll(struct file *file, poll_table *wait)
{
	struct tmc *t = &tmc0;
	__poll_t mask;

	mutex_lock(&t->io_mutex);
	if (t->zombie) {
		mask = EPOLLHUP | EPOLLERR;
		goto no_poll;
	}
	poll_wait(file, &t->wq, wait);
	mask = 0;
	if (READ_ONCE(t->srq_pending))
		mask |= EPOLLPRI;
	mask |= EPOLLOUT | EPOLLWRNORM;
no_poll:
	mutex_unlock(&t->io_mutex);
	return mask;
}

static ssize_t tmc_write(struct file *file, const char __user *buf,
			 size_t len, loff_t *ppos)
{
	mutex_lock(&tmc0.io_mutex);
	tmc0.zombie = len == 0;
	mutex_unlock(&tmc0.io_mutex);
	wake_up_interruptible(&tmc0.wq);
	return len;
}

static const struct file_operations tmc_fops = {
	.owner	= THIS_MODULE,
	.write	= tmc_write,
	.poll	= tmc_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice tmc_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "tmc0",
	.fops	= &tmc_fops,
};

static int __init tmc_init(void)
{
	init_waitqueue_head(&tmc0.wq);
	mutex_init(&tmc0.io_mutex);
	return misc_register(&tmc_misc);
}

static void __exit tmc_exit(void)
{
	misc_deregister(&tmc_misc);
}

module_init(tmc_init);
module_exit(tmc_exit);
MODULE_LICENSE("GPL");
