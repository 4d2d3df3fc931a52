// SPDX-License-Identifier: GPL-2.0
/*
 * Buffered ADC: each buffer is read through its own file, which keeps the
 * device and the buffer (the idiom of industrialio-buffer.c).  ->poll
 * returns 0 before poll_wait() when the device is unregistered (its info
 * pointer cleared, the queue woken) or when the file has no buffer: the
 * wait queue lives in the buffer, so without one there is nothing to
 * register with, and neither state ever becomes ready.  Correct.
 *
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/wait.h>

struct adcbuf_info {
	unsigned int channels;
};

struct adcbuf_ring {
	wait_queue_head_t pollq;
	unsigned int fill;
	unsigned int watermark;
};

struct adcbuf_dev {
	const struct adcbuf_info *info;	/* NULL once unregistered */
	struct adcbuf_ring *ring;	/* NULL: no buffer */
};

struct adcbuf_pair {
	struct adcbuf_dev *adc;
	struct adcbuf_ring *buffer;
};

static const struct adcbuf_info adcbuf_info = { .channels = 4 };
static struct adcbuf_ring adcbuf_ring;
static struct adcbuf_dev adcbuf_dev;
static struct adcbuf_pair adcbuf_pair;

static int adcbuf_open(struct inode *inode, struct file *file)
{
	adcbuf_pair.adc = &adcbuf_dev;
	adcbuf_pair.buffer = adcbuf_dev.ring;
	file->private_data = &adcbuf_pair;
	return nonseekable_open(inode, file);
}

static __poll_t adcbuf_poll(struct file *file, poll_table *wait)
{
	struct adcbuf_pair *ib = file->private_data;

	if (ib->adc->info == NULL || ib->buffer == NULL)
		return 0;

	poll_wait(file, &ib->buffer->pollq, wait);

	if (READ_ONCE(ib->buffer->fill) >= ib->buffer->watermark)
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}

static const struct file_operations adcbuf_fops = {
	.owner	= THIS_MODULE,
	.open	= adcbuf_open,
	.poll	= adcbuf_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice adcbuf_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "adcbuf",
	.fops	= &adcbuf_fops,
};

static int __init adcbuf_init(void)
{
	init_waitqueue_head(&adcbuf_ring.pollq);
	adcbuf_ring.watermark = 1;
	adcbuf_dev.ring = &adcbuf_ring;
	adcbuf_dev.info = &adcbuf_info;
	return misc_register(&adcbuf_misc);
}

static void __exit adcbuf_exit(void)
{
	WRITE_ONCE(adcbuf_dev.info, NULL);
	wake_up(&adcbuf_ring.pollq);
	misc_deregister(&adcbuf_misc);
}

module_init(adcbuf_init);
module_exit(adcbuf_exit);
MODULE_LICENSE("GPL");
