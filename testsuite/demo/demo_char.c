// SPDX-License-Identifier: GPL-2.0
/*
 * demo_char: two misc devices.
 *   /dev/demo_fifo  a byte pipe: writers fill it, readers drain it; readers
 *                   see end-of-file when the last writer has gone.
 *   /dev/demo_evt   a heartbeat: a timer ticks once a second while the
 *                   device is armed (write "1" / "0"); read() returns the
 *                   tick count.
 *
 * Planted bugs (what `drvcheck scan testsuite/demo` should find here):
 *   poll-blocking    demo_fifo_wait_readable, reached from demo_fifo_poll:
 *                    ->poll waits for data with wait_event_interruptible()
 *   poll-errno       demo_fifo_poll: returns -EINVAL once the last writer
 *                    has gone (should be EPOLLHUP)
 *   poll-no-wait     demo_evt_poll: returns 0 while disarmed without having
 *                    called poll_wait(), so arming never wakes the poller
 *   poll-task-state  demo_evt_poll: set_current_state(TASK_INTERRUPTIBLE)
 *                    copied from an open-coded sleep loop
 *
 * Correct on purpose: demo_fifo_read()/demo_fifo_write() sleep with
 * wait_event_interruptible() (fine outside ->poll, same helper), O_NONBLOCK
 * handling, wake-ups on every state change.
 */
#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/kfifo.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define DEMO_FIFO_SIZE	4096

struct demo_fifo {
	struct mutex lock;		/* serialises kfifo readers and writers */
	wait_queue_head_t readq;
	wait_queue_head_t writeq;
	atomic_t writers;
	bool hung_up;			/* a writer came and went */
	DECLARE_KFIFO(fifo, u8, DEMO_FIFO_SIZE);
};

static struct demo_fifo demo_fifo;

static bool demo_fifo_readable(struct demo_fifo *f)
{
	return !kfifo_is_empty(&f->fifo) || READ_ONCE(f->hung_up);
}

/* Sleep until there is data or the writers are gone. */
static int demo_fifo_wait_readable(struct demo_fifo *f)
{
	return wait_event_interruptible(f->readq, demo_fifo_readable(f));
}

static int demo_fifo_open(struct inode *inode, struct file *file)
{
	struct demo_fifo *f = &demo_fifo;

	if (file->f_mode & FMODE_WRITE) {
		atomic_inc(&f->writers);
		WRITE_ONCE(f->hung_up, false);
	}
	file->private_data = f;
	return nonseekable_open(inode, file);
}

static int demo_fifo_release(struct inode *inode, struct file *file)
{
	struct demo_fifo *f = file->private_data;

	if ((file->f_mode & FMODE_WRITE) && atomic_dec_and_test(&f->writers)) {
		WRITE_ONCE(f->hung_up, true);
		wake_up_interruptible(&f->readq);
	}
	return 0;
}

static ssize_t demo_fifo_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct demo_fifo *f = file->private_data;
	unsigned int copied;
	int ret;

	for (;;) {
		if (mutex_lock_interruptible(&f->lock))
			return -ERESTARTSYS;
		if (!kfifo_is_empty(&f->fifo))
			break;
		mutex_unlock(&f->lock);
		if (READ_ONCE(f->hung_up))
			return 0;
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = demo_fifo_wait_readable(f);
		if (ret)
			return ret;
	}
	ret = kfifo_to_user(&f->fifo, buf, count, &copied);
	mutex_unlock(&f->lock);
	wake_up_interruptible(&f->writeq);
	return ret ? ret : copied;
}

static ssize_t demo_fifo_write(struct file *file, const char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct demo_fifo *f = file->private_data;
	unsigned int copied;
	int ret;

	for (;;) {
		if (mutex_lock_interruptible(&f->lock))
			return -ERESTARTSYS;
		if (!kfifo_is_full(&f->fifo))
			break;
		mutex_unlock(&f->lock);
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = wait_event_interruptible(f->writeq,
					       !kfifo_is_full(&f->fifo));
		if (ret)
			return ret;
	}
	ret = kfifo_from_user(&f->fifo, buf, count, &copied);
	mutex_unlock(&f->lock);
	wake_up_interruptible(&f->readq);
	return ret ? ret : copied;
}

static __poll_t demo_fifo_poll(struct file *file, poll_table *wait)
{
	struct demo_fifo *f = file->private_data;
	__poll_t mask = 0;

	poll_wait(file, &f->readq, wait);
	poll_wait(file, &f->writeq, wait);

	if (READ_ONCE(f->hung_up) && kfifo_is_empty(&f->fifo))
		return -EINVAL;

	/*
	 * Readers complained about wake-ups with nothing to read when two
	 * of them raced: only report readable once there really is data.
	 */
	if ((file->f_mode & FMODE_READ) && demo_fifo_wait_readable(f))
		return 0;

	if (!kfifo_is_empty(&f->fifo))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (!kfifo_is_full(&f->fifo))
		mask |= EPOLLOUT | EPOLLWRNORM;
	return mask;
}

static const struct file_operations demo_fifo_fops = {
	.owner		= THIS_MODULE,
	.open		= demo_fifo_open,
	.release	= demo_fifo_release,
	.read		= demo_fifo_read,
	.write		= demo_fifo_write,
	.poll		= demo_fifo_poll,
	.llseek		= no_llseek,
};

static struct miscdevice demo_fifo_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "demo_fifo",
	.fops	= &demo_fifo_fops,
};

/* ---- /dev/demo_evt ---- */

struct demo_evt {
	struct timer_list timer;
	wait_queue_head_t wq;
	atomic_t ticks;
	bool armed;
	bool stopping;			/* module exit: stop re-arming */
};

struct demo_evt_reader {
	int seen;			/* ticks already reported to this file */
};

static struct demo_evt demo_evt;

static void demo_evt_tick(struct timer_list *t)
{
	struct demo_evt *e = from_timer(e, t, timer);

	if (READ_ONCE(e->armed)) {
		atomic_inc(&e->ticks);
		wake_up_interruptible(&e->wq);
	}
	if (!READ_ONCE(e->stopping))
		mod_timer(&e->timer, jiffies + HZ);
}

static int demo_evt_open(struct inode *inode, struct file *file)
{
	struct demo_evt_reader *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (!r)
		return -ENOMEM;
	r->seen = atomic_read(&demo_evt.ticks);
	file->private_data = r;
	return nonseekable_open(inode, file);
}

static int demo_evt_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static ssize_t demo_evt_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct demo_evt_reader *r = file->private_data;
	int ticks = atomic_read(&demo_evt.ticks);
	int ret;

	if (count < sizeof(ticks))
		return -EINVAL;
	if (ticks == r->seen) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = wait_event_interruptible(demo_evt.wq,
				atomic_read(&demo_evt.ticks) != r->seen);
		if (ret)
			return ret;
		ticks = atomic_read(&demo_evt.ticks);
	}
	if (copy_to_user(buf, &ticks, sizeof(ticks)))
		return -EFAULT;
	r->seen = ticks;
	return sizeof(ticks);
}

static ssize_t demo_evt_write(struct file *file, const char __user *buf,
			      size_t count, loff_t *ppos)
{
	char c;

	if (!count)
		return 0;
	if (get_user(c, buf))
		return -EFAULT;
	if (c != '0' && c != '1')
		return -EINVAL;
	WRITE_ONCE(demo_evt.armed, c == '1');
	wake_up_interruptible(&demo_evt.wq);
	return count;
}

static __poll_t demo_evt_poll(struct file *file, poll_table *wait)
{
	struct demo_evt_reader *r = file->private_data;

	if (!READ_ONCE(demo_evt.armed))
		return 0;

	/* don't miss a tick between the test below and the sleep */
	set_current_state(TASK_INTERRUPTIBLE);
	poll_wait(file, &demo_evt.wq, wait);

	if (atomic_read(&demo_evt.ticks) != r->seen)
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}

static const struct file_operations demo_evt_fops = {
	.owner		= THIS_MODULE,
	.open		= demo_evt_open,
	.release	= demo_evt_release,
	.read		= demo_evt_read,
	.write		= demo_evt_write,
	.poll		= demo_evt_poll,
	.llseek		= no_llseek,
};

static struct miscdevice demo_evt_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "demo_evt",
	.fops	= &demo_evt_fops,
};

static int __init demo_char_init(void)
{
	int err;

	mutex_init(&demo_fifo.lock);
	init_waitqueue_head(&demo_fifo.readq);
	init_waitqueue_head(&demo_fifo.writeq);
	atomic_set(&demo_fifo.writers, 0);
	INIT_KFIFO(demo_fifo.fifo);

	init_waitqueue_head(&demo_evt.wq);
	atomic_set(&demo_evt.ticks, 0);
	timer_setup(&demo_evt.timer, demo_evt_tick, 0);

	err = misc_register(&demo_fifo_misc);
	if (err)
		return err;
	err = misc_register(&demo_evt_misc);
	if (err) {
		misc_deregister(&demo_fifo_misc);
		return err;
	}
	mod_timer(&demo_evt.timer, jiffies + HZ);
	return 0;
}

static void __exit demo_char_exit(void)
{
	misc_deregister(&demo_evt_misc);
	misc_deregister(&demo_fifo_misc);
	WRITE_ONCE(demo_evt.stopping, true);
	del_timer_sync(&demo_evt.timer);
}

module_init(demo_char_init);
module_exit(demo_char_exit);

MODULE_DESCRIPTION("drvcheck demo: misc devices with planted ->poll bugs");
MODULE_LICENSE("GPL");
