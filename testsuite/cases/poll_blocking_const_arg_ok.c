// SPDX-License-Identifier: GPL-2.0
/*
 * Capture device in the ivtv style: ->poll starts the capture when it is
 * not running, and a failed start stops it again with drain = 0.  Only a
 * stop with drain = 1 (release) waits for the end-of-stream interrupt, so
 * no path from ->poll sleeps or changes the task state: the wait is dead
 * for the value ->poll's path passes.
 *
 * drvcheck-case: negative poll-blocking poll-task-state poll-no-wait
 * drvcheck-case: negative poll-errno
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct cap {
	wait_queue_head_t wq, eos_wq;
	bool running, eos, eos_pending, hw_ready;
	unsigned int frames;
};

static struct cap cap0;

static void cap_stop(struct cap *c, int drain)
{
	DECLARE_WAITQUEUE(wait, current);

	if (READ_ONCE(c->eos_pending) && drain) {
		add_wait_queue(&c->eos_wq, &wait);
		set_current_state(TASK_INTERRUPTIBLE);
		if (!READ_ONCE(c->eos))
			schedule_timeout(msecs_to_jiffies(2000));
		set_current_state(TASK_RUNNING);
		remove_wait_queue(&c->eos_wq, &wait);
	}
	c->running = false;
}

static int cap_start(struct cap *c)
{
	if (!READ_ONCE(c->hw_ready)) {
		cap_stop(c, 0);
		return -EIO;
	}
	c->running = true;
	return 0;
}

static __poll_t cap_poll(struct file *file, poll_table *wait)
{
	struct cap *c = &cap0;

	if (!c->running && cap_start(c))
		return EPOLLERR;
	poll_wait(file, &c->wq, wait);
	return READ_ONCE(c->frames) ? EPOLLIN | EPOLLRDNORM : 0;
}

static int cap_release(struct inode *inode, struct file *file)
{
	cap_stop(&cap0, 1);
	return 0;
}

static const struct file_operations cap_fops = {
	.owner		= THIS_MODULE,
	.poll		= cap_poll,
	.release	= cap_release,
	.llseek		= noop_llseek,
};

static struct miscdevice cap_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "cap0",
	.fops	= &cap_fops,
};

static int __init cap_init(void)
{
	init_waitqueue_head(&cap0.wq);
	init_waitqueue_head(&cap0.eos_wq);
	return misc_register(&cap_misc);
}

static void __exit cap_exit(void)
{
	misc_deregister(&cap_misc);
}

module_init(cap_init);
module_exit(cap_exit);
MODULE_LICENSE("GPL");
