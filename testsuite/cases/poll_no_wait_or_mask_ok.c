// SPDX-License-Identifier: GPL-2.0
/*
 * A capture device in the pvrusb2 style: in firmware-dump mode ->poll
 * reports the device readable at once, "mask |= EPOLLIN | EPOLLRDNORM;
 * return mask;", without registering; every other path calls poll_wait()
 * before it returns.  The early return is a constant non-zero mask, which
 * poll() always reports, so no caller sleeps on it.  Correct.
 *
 * drvcheck-case: negative poll-no-wait poll-blocking poll-errno
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/wait.h>

struct pv_fh {
	wait_queue_head_t wait_data;
	bool fw_mode;
	unsigned int avail;
};

static struct pv_fh pv0;

static __poll_t pv_poll(struct file *file, poll_table *wait)
{
	struct pv_fh *fh = &pv0;
	__poll_t mask = 0;

	if (READ_ONCE(fh->fw_mode)) {
		mask |= EPOLLIN | EPOLLRDNORM;
		return mask;
	}
	poll_wait(file, &fh->wait_data, wait);
	if (READ_ONCE(fh->avail))
		mask |= EPOLLIN | EPOLLRDNORM;
	return mask;
}

static const struct file_operations pv_fops = {
	.owner	= THIS_MODULE,
	.poll	= pv_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice pv_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "pv0",
	.fops	= &pv_fops,
};

static int __init pv_init(void)
{
	init_waitqueue_head(&pv0.wait_data);
	return misc_register(&pv_misc);
}
module_init(pv_init);

static void __exit pv_exit(void)
{
	misc_deregister(&pv_misc);
}
module_exit(pv_exit);
MODULE_LICENSE("GPL");
