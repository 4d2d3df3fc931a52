// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/driver/hwlog: a hardware event log behind a semaphore.  The
 * ->proc_poll callback takes the semaphore with down_interruptible(), i.e.
 * it waits for whoever holds it (a reader copying out a full log) inside
 * the callback.
 *
 * drvcheck-case: positive poll-blocking
 * drvcheck-case: negative poll-task-state poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/poll.h>
#include <linux/semaphore.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define HWLOG_SIZE 64

struct hwlog {
	struct semaphore sem;
	wait_queue_head_t wq;
	unsigned int head, tail;
	u32 ent[HWLOG_SIZE];
};

static struct hwlog hwlog;
static struct proc_dir_entry *hwlog_pde;

static __poll_t hwlog_poll(struct file *file, poll_table *wait)
{
	__poll_t mask = 0;

	poll_wait(file, &hwlog.wq, wait);

	if (down_interruptible(&hwlog.sem)) /* expect: poll-blocking */
		return EPOLLERR;
	if (hwlog.head != hwlog.tail)
		mask |= EPOLLIN | EPOLLRDNORM;
	up(&hwlog.sem);

	return mask;
}

static ssize_t hwlog_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	u32 val;

	if (len < sizeof(val))
		return -EINVAL;
	if (down_interruptible(&hwlog.sem))
		return -ERESTARTSYS;
	if (hwlog.head == hwlog.tail) {
		up(&hwlog.sem);
		return 0;
	}
	val = hwlog.ent[hwlog.tail];
	hwlog.tail = (hwlog.tail + 1) % HWLOG_SIZE;
	up(&hwlog.sem);

	if (copy_to_user(buf, &val, sizeof(val)))
		return -EFAULT;
	return sizeof(val);
}

static const struct proc_ops hwlog_proc_ops = {
	.proc_read	= hwlog_read,
	.proc_poll	= hwlog_poll,
	.proc_lseek	= noop_llseek,
};

static int __init hwlog_init(void)
{
	sema_init(&hwlog.sem, 1);
	init_waitqueue_head(&hwlog.wq);
	hwlog_pde = proc_create("driver/hwlog", 0400, NULL, &hwlog_proc_ops);
	return hwlog_pde ? 0 : -ENOMEM;
}

static void __exit hwlog_exit(void)
{
	proc_remove(hwlog_pde);
}

module_init(hwlog_init);
module_exit(hwlog_exit);
MODULE_LICENSE("GPL");
