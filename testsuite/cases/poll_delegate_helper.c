// SPDX-License-Identifier: GPL-2.0
/*
 * IPC mailbox with an rx and a tx misc node.  Both ->poll callbacks
 * delegate to a static helper, passing the poll_table on; the helper does
 * the poll_wait() before computing the mask.  Correct.
 *
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/spinlock.h>

#define RING_SLOTS 8

struct ring {
	wait_queue_head_t wq;
	spinlock_t lock;
	unsigned int used;
};

static struct ring rx_ring, tx_ring;

static __poll_t ring_poll_common(struct file *file, struct ring *r,
				 poll_table *wait, bool rx)
{
	unsigned int used;

	poll_wait(file, &r->wq, wait);

	spin_lock_irq(&r->lock);
	used = r->used;
	spin_unlock_irq(&r->lock);

	if (rx)
		return used ? EPOLLIN | EPOLLRDNORM : 0;
	return used < RING_SLOTS ? EPOLLOUT | EPOLLWRNORM : 0;
}

static __poll_t ipc_rx_poll(struct file *file, poll_table *wait)
{
	return ring_poll_common(file, &rx_ring, wait, true);
}

static __poll_t ipc_tx_poll(struct file *file, poll_table *wait)
{
	return ring_poll_common(file, &tx_ring, wait, false);
}

static const struct file_operations ipc_rx_fops = {
	.owner	= THIS_MODULE,
	.poll	= ipc_rx_poll,
	.llseek	= noop_llseek,
};

static const struct file_operations ipc_tx_fops = {
	.owner	= THIS_MODULE,
	.poll	= ipc_tx_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice ipc_rx_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "ipcmbox_rx",
	.fops	= &ipc_rx_fops,
};

static struct miscdevice ipc_tx_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "ipcmbox_tx",
	.fops	= &ipc_tx_fops,
};

static void ring_init(struct ring *r)
{
	init_waitqueue_head(&r->wq);
	spin_lock_init(&r->lock);
	r->used = 0;
}

static int __init ipcmbox_init(void)
{
	int ret;

	ring_init(&rx_ring);
	ring_init(&tx_ring);
	ret = misc_register(&ipc_rx_misc);
	if (ret)
		return ret;
	ret = misc_register(&ipc_tx_misc);
	if (ret)
		misc_deregister(&ipc_rx_misc);
	return ret;
}

static void __exit ipcmbox_exit(void)
{
	misc_deregister(&ipc_tx_misc);
	misc_deregister(&ipc_rx_misc);
}

module_init(ipcmbox_init);
module_exit(ipcmbox_exit);
MODULE_LICENSE("GPL");
