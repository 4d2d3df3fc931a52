// SPDX-License-Identifier: GPL-2.0
/*
 * Button event misc device.  The blocking read() open-codes the wait loop
 * (prepare_to_wait / schedule / finish_wait), which is where task-state
 * games belong; ->poll only registers with poll_wait() and reports the
 * state.  Correct.
 *
 * drvcheck-case: negative poll-task-state poll-blocking poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/uaccess.h>

struct btnev {
	wait_queue_head_t wq;
	atomic_t events;
};

static struct btnev btn;

static ssize_t btnev_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	DEFINE_WAIT(wait);
	int n;

	if (len < sizeof(n))
		return -EINVAL;

	for (;;) {
		prepare_to_wait(&btn.wq, &wait, TASK_INTERRUPTIBLE);
		n = atomic_xchg(&btn.events, 0);
		if (n)
			break;
		if (file->f_flags & O_NONBLOCK) {
			finish_wait(&btn.wq, &wait);
			return -EAGAIN;
		}
		if (signal_pending(current)) {
			finish_wait(&btn.wq, &wait);
			return -ERESTARTSYS;
		}
		schedule();
	}
	finish_wait(&btn.wq, &wait);

	if (copy_to_user(buf, &n, sizeof(n)))
		return -EFAULT;
	return sizeof(n);
}

static __poll_t btnev_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &btn.wq, wait);
	return atomic_read(&btn.events) ? EPOLLIN | EPOLLRDNORM : 0;
}

static const struct file_operations btnev_fops = {
	.owner	= THIS_MODULE,
	.read	= btnev_read,
	.poll	= btnev_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice btnev_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "btnev",
	.fops	= &btnev_fops,
};

static int __init btnev_init(void)
{
	init_waitqueue_head(&btn.wq);
	atomic_set(&btn.events, 0);
	return misc_register(&btnev_misc);
}

static void __exit btnev_exit(void)
{
	misc_deregister(&btnev_misc);
}

module_init(btnev_init);
module_exit(btnev_exit);
MODULE_LICENSE("GPL");
