// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/drvcheck_selftest_poll: a misc device whose ->poll behaves as the
 * debugfs knob poll_mode says when the device is opened.  Each mode is its
 * own file_operations with its own ->poll, st_poll_<mode>, so the poll
 * watcher (poll_watch=st_poll_sleep,...) and a static finding name the same
 * function.  read() always returns end of file.
 */
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/delay.h>
#include <linux/timekeeping.h>
#include <linux/sched.h>
#include <linux/poll.h>
#include <linux/wait.h>
#include <linux/fs.h>

#include "st.h"

enum st_poll_mode {
	ST_POLL_GOOD,
	ST_POLL_SLEEP,
	ST_POLL_BLOCK,
	ST_POLL_NO_WAIT,
	ST_POLL_ERRNO,
	ST_POLL_BUSY,
	ST_POLL_SPIN,
	ST_POLL_NMODES
};

static const char *const st_poll_names[ST_POLL_NMODES] = {
	[ST_POLL_GOOD] = "good",
	[ST_POLL_SLEEP] = "sleep",
	[ST_POLL_BLOCK] = "block",
	[ST_POLL_NO_WAIT] = "no_wait",
	[ST_POLL_ERRNO] = "errno",
	[ST_POLL_BUSY] = "busy",
	[ST_POLL_SPIN] = "spin",
};

static DECLARE_WAIT_QUEUE_HEAD(st_poll_wq);
static enum st_poll_mode st_poll_mode = ST_POLL_GOOD;
static atomic_t st_poll_kicks = ATOMIC_INIT(0);
static bool st_poll_data;	/* never set: the block mode waits it out */
u32 st_poll_busy_kicks = 2000;

/* correct: registers, then says what is ready */
static __poll_t st_poll_good(struct file *file, poll_table *wait)
{
	poll_wait(file, &st_poll_wq, wait);
	return EPOLLIN | EPOLLRDNORM;
}

/* poll-blocking: "lets the FIFO settle" with msleep() inside ->poll */
static __poll_t st_poll_sleep(struct file *file, poll_table *wait)
{
	poll_wait(file, &st_poll_wq, wait);
	msleep(20);
	return EPOLLIN | EPOLLRDNORM;
}

/* poll-blocking: waits for data inside ->poll instead of registering */
static __poll_t st_poll_block(struct file *file, poll_table *wait)
{
	wait_event_interruptible_timeout(st_poll_wq, READ_ONCE(st_poll_data),
					 msecs_to_jiffies(30));
	return EPOLLIN | EPOLLRDNORM;
}

/* poll-no-wait: reports "nothing yet" without registering: never woken */
static __poll_t st_poll_no_wait(struct file *file, poll_table *wait)
{
	if (READ_ONCE(st_poll_data))
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}

/* poll-errno: a negative errno returned as the event mask */
static __poll_t st_poll_errno(struct file *file, poll_table *wait)
{
	poll_wait(file, &st_poll_wq, wait);
	if (!READ_ONCE(st_poll_data))
		return -EAGAIN;
	return EPOLLIN | EPOLLRDNORM;
}

/*
 * poll-busy: "kicks the reader" by waking its own queue inside ->poll with
 * nothing ready, so poll() calls it again at once.  Bounded by
 * poll_busy_kicks per open so the test's poll() ends at its timeout.
 */
static __poll_t st_poll_busy(struct file *file, poll_table *wait)
{
	poll_wait(file, &st_poll_wq, wait);
	if (atomic_inc_return(&st_poll_kicks) <= READ_ONCE(st_poll_busy_kicks))
		wake_up_interruptible(&st_poll_wq);
	return 0;
}

/*
 * poll-blocking without sleeping: busy-waits 300 ms "for the FIFO to
 * drain" inside ->poll.  No context switch: only the time inside shows it.
 */
static __poll_t st_poll_spin(struct file *file, poll_table *wait)
{
	/*
	 * A spin on the clock the watcher reads: mdelay() counts TSC cycles
	 * calibrated at boot, which under a loaded TCG host can be far off.
	 */
	u64 end = ktime_get_ns() + 300 * NSEC_PER_MSEC;

	poll_wait(file, &st_poll_wq, wait);
	while (ktime_get_ns() < end)
		cpu_relax();
	return EPOLLIN | EPOLLRDNORM;
}

static ssize_t st_poll_read(struct file *file, char __user *buf, size_t len,
			    loff_t *ppos)
{
	return 0;
}

/* One plain file_operations per mode: the static engines see each ->poll. */
static const struct file_operations st_poll_good_fops = {
	.owner = THIS_MODULE,
	.read = st_poll_read,
	.poll = st_poll_good,
	.llseek = noop_llseek,
};

static const struct file_operations st_poll_sleep_fops = {
	.owner = THIS_MODULE,
	.read = st_poll_read,
	.poll = st_poll_sleep,
	.llseek = noop_llseek,
};

static const struct file_operations st_poll_block_fops = {
	.owner = THIS_MODULE,
	.read = st_poll_read,
	.poll = st_poll_block,
	.llseek = noop_llseek,
};

static const struct file_operations st_poll_no_wait_fops = {
	.owner = THIS_MODULE,
	.read = st_poll_read,
	.poll = st_poll_no_wait,
	.llseek = noop_llseek,
};

static const struct file_operations st_poll_errno_fops = {
	.owner = THIS_MODULE,
	.read = st_poll_read,
	.poll = st_poll_errno,
	.llseek = noop_llseek,
};

static const struct file_operations st_poll_busy_fops = {
	.owner = THIS_MODULE,
	.read = st_poll_read,
	.poll = st_poll_busy,
	.llseek = noop_llseek,
};

static const struct file_operations st_poll_spin_fops = {
	.owner = THIS_MODULE,
	.read = st_poll_read,
	.poll = st_poll_spin,
	.llseek = noop_llseek,
};

static const struct file_operations *const st_poll_mode_fops[ST_POLL_NMODES] = {
	[ST_POLL_GOOD] = &st_poll_good_fops,
	[ST_POLL_SLEEP] = &st_poll_sleep_fops,
	[ST_POLL_BLOCK] = &st_poll_block_fops,
	[ST_POLL_NO_WAIT] = &st_poll_no_wait_fops,
	[ST_POLL_ERRNO] = &st_poll_errno_fops,
	[ST_POLL_BUSY] = &st_poll_busy_fops,
	[ST_POLL_SPIN] = &st_poll_spin_fops,
};

static int st_poll_open(struct inode *inode, struct file *file)
{
	const struct file_operations *fops;

	fops = fops_get(st_poll_mode_fops[READ_ONCE(st_poll_mode)]);
	if (!fops)
		return -ENODEV;
	atomic_set(&st_poll_kicks, 0);
	replace_fops(file, fops);
	return 0;
}

static const struct file_operations st_poll_fops = {
	.owner = THIS_MODULE,
	.open = st_poll_open,
	.llseek = noop_llseek,
};

static struct miscdevice st_poll_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = ST_NAME "_poll",
	.fops = &st_poll_fops,
};

int st_poll_mode_show(char *buf, size_t len)
{
	return scnprintf(buf, len, "%s\n", st_poll_names[st_poll_mode]);
}

int st_poll_mode_set(const char *name)
{
	int i = match_string(st_poll_names, ST_POLL_NMODES, name);

	if (i < 0)
		return -EINVAL;
	WRITE_ONCE(st_poll_mode, i);
	return 0;
}

int st_poll_init(void)
{
	return misc_register(&st_poll_misc);
}

void st_poll_exit(void)
{
	misc_deregister(&st_poll_misc);
}
