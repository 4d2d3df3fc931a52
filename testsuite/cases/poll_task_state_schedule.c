// SPDX-License-Identifier: GPL-2.0
/*
 * ADC character device whose ->poll open-codes a short wait for the next
 * conversion: set_current_state() then schedule_timeout().  Two bugs on
 * two lines: the task-state change, and the sleep waiting for the event.
 *
 * drvcheck-case: positive poll-task-state poll-blocking
 * drvcheck-case: negative poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/cdev.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/jiffies.h>

#define ADC_NAME "adcconv"

struct adcconv {
	struct cdev cdev;
	dev_t devt;
	wait_queue_head_t wq;
	bool sample_ready;
};

static struct adcconv adc;

static __poll_t adcconv_poll(struct file *file, poll_table *wait)
{
	struct adcconv *a = file->private_data;

	poll_wait(file, &a->wq, wait);

	if (!READ_ONCE(a->sample_ready)) {
		set_current_state(TASK_INTERRUPTIBLE); /* expect: poll-task-state */
		schedule_timeout(HZ / 100); /* expect: poll-blocking */
	}

	return READ_ONCE(a->sample_ready) ? EPOLLIN | EPOLLRDNORM : 0;
}

static int adcconv_open(struct inode *inode, struct file *file)
{
	file->private_data = container_of(inode->i_cdev, struct adcconv, cdev);
	return nonseekable_open(inode, file);
}

static const struct file_operations adcconv_fops = {
	.owner	= THIS_MODULE,
	.open	= adcconv_open,
	.poll	= adcconv_poll,
};

static int __init adcconv_init(void)
{
	int ret;

	init_waitqueue_head(&adc.wq);
	ret = alloc_chrdev_region(&adc.devt, 0, 1, ADC_NAME);
	if (ret)
		return ret;
	cdev_init(&adc.cdev, &adcconv_fops);
	adc.cdev.owner = THIS_MODULE;
	ret = cdev_add(&adc.cdev, adc.devt, 1);
	if (ret)
		unregister_chrdev_region(adc.devt, 1);
	return ret;
}

static void __exit adcconv_exit(void)
{
	cdev_del(&adc.cdev);
	unregister_chrdev_region(adc.devt, 1);
}

module_init(adcconv_init);
module_exit(adcconv_exit);
MODULE_LICENSE("GPL");
