// SPDX-License-Identifier: GPL-2.0
/*
 * FPGA configuration-status misc device.  A static helper checks the
 * status register and returns 0 or a negative errno (-EIO, -ETIMEDOUT) for
 * its other callers; ->poll converts a non-zero result into EPOLLERR and
 * never returns the errno itself.  Correct.
 *
 * drvcheck-case: negative poll-errno poll-no-wait poll-blocking poll-task-state
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/wait.h>

#define FPGA_ST_CRC_ERR		BIT(0)
#define FPGA_ST_TIMEOUT		BIT(1)
#define FPGA_ST_DONE		BIT(2)

struct fpgast {
	wait_queue_head_t wq;
	u32 status;
};

static struct fpgast fst;

static int fpgast_check(struct fpgast *f)
{
	u32 st = READ_ONCE(f->status);

	if (st & FPGA_ST_CRC_ERR)
		return -EIO;
	if (st & FPGA_ST_TIMEOUT)
		return -ETIMEDOUT;
	return 0;
}

static __poll_t fpgast_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &fst.wq, wait);

	if (fpgast_check(&fst))
		return EPOLLERR;

	return READ_ONCE(fst.status) & FPGA_ST_DONE ? EPOLLIN | EPOLLRDNORM : 0;
}

static ssize_t fpgast_write(struct file *file, const char __user *buf,
			    size_t len, loff_t *ppos)
{
	int err = fpgast_check(&fst);

	if (err)
		return err;
	return len;
}

static const struct file_operations fpgast_fops = {
	.owner	= THIS_MODULE,
	.write	= fpgast_write,
	.poll	= fpgast_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice fpgast_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "fpga_status",
	.fops	= &fpgast_fops,
};

static int __init fpgast_init(void)
{
	init_waitqueue_head(&fst.wq);
	return misc_register(&fpgast_misc);
}

static void __exit fpgast_exit(void)
{
	misc_deregister(&fpgast_misc);
}

module_init(fpgast_init);
module_exit(fpgast_exit);
MODULE_LICENSE("GPL");
