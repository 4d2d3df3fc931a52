// SPDX-License-Identifier: GPL-2.0
/*
 * Hardware entropy misc device backed by an always-full on-chip pool: it is
 * always readable and writable (writes mix in), so ->poll returns a constant
 * ready mask and has nothing to wait for.  Correct.
 *
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/random.h>
#include <linux/uaccess.h>

static __poll_t trng_poll(struct file *file, poll_table *wait)
{
	return EPOLLIN | EPOLLRDNORM | EPOLLOUT | EPOLLWRNORM;
}

static ssize_t trng_read(struct file *file, char __user *buf, size_t len,
			 loff_t *ppos)
{
	u8 tmp[32];
	size_t n = min(len, sizeof(tmp));

	get_random_bytes(tmp, n);
	if (copy_to_user(buf, tmp, n))
		return -EFAULT;
	return n;
}

static ssize_t trng_write(struct file *file, const char __user *buf,
			  size_t len, loff_t *ppos)
{
	return len;
}

static const struct file_operations trng_fops = {
	.owner	= THIS_MODULE,
	.read	= trng_read,
	.write	= trng_write,
	.poll	= trng_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice trng_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "trng0",
	.fops	= &trng_fops,
};

module_misc_device(trng_misc);
MODULE_LICENSE("GPL");
