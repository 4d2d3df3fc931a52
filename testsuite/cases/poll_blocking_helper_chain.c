// SPDX-License-Identifier: GPL-2.0
/*
 * CAN-over-SPI bridge, character device.  Before reading the status,
 * ->poll makes sure no SPI transfer is in flight: a static helper that, if
 * one is, calls another that waits up to 5 ms for the transfer-done queue
 * with wait_event_timeout().  A wait for an event inside ->poll, two calls
 * away from the callback; the finding is on the wait.
 *
 * drvcheck-case: positive poll-blocking
 * drvcheck-case: negative poll-task-state poll-no-wait poll-errno
 */
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

struct spican {
	wait_queue_head_t rx_wq;	/* woken when a frame arrives */
	wait_queue_head_t idle_wq;	/* woken when the SPI transfer ends */
	spinlock_t lock;
	unsigned int rx_frames;
	bool xfer_busy;
	bool bus_off;
};

static struct spican spican;

static bool spican_wait_idle(struct spican *sc)
{
	return wait_event_timeout(sc->idle_wq, !READ_ONCE(sc->xfer_busy), /* expect: poll-blocking */
				  msecs_to_jiffies(5)) != 0;
}

static bool spican_status_valid(struct spican *sc)
{
	if (!READ_ONCE(sc->xfer_busy))
		return true;
	return spican_wait_idle(sc);
}

static __poll_t spican_poll(struct file *file, poll_table *wait)
{
	struct spican *sc = &spican;
	__poll_t mask = 0;

	poll_wait(file, &sc->rx_wq, wait);
	if (!spican_status_valid(sc))
		return EPOLLERR;
	spin_lock_irq(&sc->lock);
	if (sc->bus_off)
		mask |= EPOLLERR | EPOLLHUP;
	else if (sc->rx_frames)
		mask |= EPOLLIN | EPOLLRDNORM;
	spin_unlock_irq(&sc->lock);
	return mask;
}

static ssize_t spican_read(struct file *file, char __user *buf, size_t len,
			   loff_t *ppos)
{
	unsigned int n;

	spin_lock_irq(&spican.lock);
	n = spican.rx_frames;
	spican.rx_frames = 0;
	spin_unlock_irq(&spican.lock);
	if (len < sizeof(n))
		return -EINVAL;
	if (copy_to_user(buf, &n, sizeof(n)))
		return -EFAULT;
	return sizeof(n);
}

static const struct file_operations spican_fops = {
	.owner	= THIS_MODULE,
	.read	= spican_read,
	.poll	= spican_poll,
	.llseek	= noop_llseek,
};

static struct miscdevice spican_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "spican",
	.fops	= &spican_fops,
};

static int __init spican_init(void)
{
	init_waitqueue_head(&spican.rx_wq);
	init_waitqueue_head(&spican.idle_wq);
	spin_lock_init(&spican.lock);
	return misc_register(&spican_misc);
}

static void __exit spican_exit(void)
{
	misc_deregister(&spican_misc);
}

module_init(spican_init);
module_exit(spican_exit);
MODULE_LICENSE("GPL");
