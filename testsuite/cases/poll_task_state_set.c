// SPDX-License-Identifier: GPL-2.0
/*
 * Keypad scan-code misc device whose ->poll was copied from a pre-2.6.29
 * read loop: it marks the task TASK_INTERRUPTIBLE after poll_wait() and
 * puts it back to TASK_RUNNING before returning.  The task state belongs
 * to do_poll()/do_select() (poll_schedule_timeout() sets it); the callback
 * must not touch it.
 *
 * drvcheck-case: positive poll-task-state
 * drvcheck-case: negative poll-blocking poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

#define KP_BUF 32

struct keypad {
	wait_queue_head_t wq;
	spinlock_t lock;
	unsigned int head, tail;
	u8 codes[KP_BUF];
};

static struct keypad kp;

static __poll_t keypad_poll(struct file *file, poll_table *wait)
{
	unsigned long flags;
	__poll_t mask = 0;

	poll_wait(file, &kp.wq, wait);
	set_current_state(TASK_INTERRUPTIBLE); /* expect: poll-task-state */

	spin_lock_irqsave(&kp.lock, flags);
	if (kp.head != kp.tail)
		mask = EPOLLIN | EPOLLRDNORM;
	spin_unlock_irqrestore(&kp.lock, flags);

	__set_current_state(TASK_RUNNING); /* expect: poll-task-state */
	return mask;
}

static const struct file_operations keypad_fops = {
	.owner	= THIS_MODULE,
	.poll	= keypad_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice keypad_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "keypad0",
	.fops	= &keypad_fops,
};

static int __init keypad_init(void)
{
	init_waitqueue_head(&kp.wq);
	spin_lock_init(&kp.lock);
	return misc_register(&keypad_misc);
}

static void __exit keypad_exit(void)
{
	misc_deregister(&keypad_misc);
}

module_init(keypad_init);
module_exit(keypad_exit);
MODULE_LICENSE("GPL");
