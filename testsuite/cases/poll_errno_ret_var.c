// SPDX-License-Identifier: GPL-2.0
/*
 * Line discipline for a serial CAN adapter.  ->poll keeps the result in an
 * int that is either an event mask or, when the adapter reported a bus
 * error, -EIO; the single return hands the negative errno back as a mask.
 *
 * drvcheck-case: positive poll-errno
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state
 */
#include <linux/module.h>
#include <linux/tty.h>
#include "tty_compat.h"
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct n_scan {
	wait_queue_head_t read_wait;
	spinlock_t lock;
	unsigned int frames;
	bool bus_error;
};

static int n_scan_open(struct tty_struct *tty)
{
	struct n_scan *sc;

	sc = kzalloc(sizeof(*sc), GFP_KERNEL);
	if (!sc)
		return -ENOMEM;
	init_waitqueue_head(&sc->read_wait);
	spin_lock_init(&sc->lock);
	tty->disc_data = sc;
	tty->receive_room = 65536;
	return 0;
}

static void n_scan_close(struct tty_struct *tty)
{
	kfree(tty->disc_data);
	tty->disc_data = NULL;
}

static void n_scan_receive_buf(struct tty_struct *tty, const unsigned char *cp,
			       const tty_flag_t *fp, tty_count_t count)
{
	struct n_scan *sc = tty->disc_data;
	unsigned long flags;
	int i;

	spin_lock_irqsave(&sc->lock, flags);
	for (i = 0; i < count; i++) {
		if (cp[i] == '\r')
			sc->frames++;
		else if (cp[i] == '\a')
			sc->bus_error = true;
	}
	spin_unlock_irqrestore(&sc->lock, flags);
	wake_up_interruptible(&sc->read_wait);
}

static __poll_t n_scan_poll(struct tty_struct *tty, struct file *file,
			    poll_table *wait)
{
	struct n_scan *sc = tty->disc_data;
	unsigned long flags;
	int ret = 0;

	poll_wait(file, &sc->read_wait, wait);

	spin_lock_irqsave(&sc->lock, flags);
	if (sc->bus_error)
		ret = -EIO;
	else if (sc->frames)
		ret = EPOLLIN | EPOLLRDNORM;
	spin_unlock_irqrestore(&sc->lock, flags);

	return ret; /* expect: poll-errno */
}

static struct tty_ldisc_ops n_scan_ops = {
	.owner		= THIS_MODULE,
	.num		= N_SLCAN,
	.name		= "n_scan",
	.open		= n_scan_open,
	.close		= n_scan_close,
	.receive_buf	= n_scan_receive_buf,
	.poll		= n_scan_poll,
};

static int __init n_scan_init(void)
{
	return tty_register_ldisc(&n_scan_ops);
}

static void __exit n_scan_exit(void)
{
	tty_unregister_ldisc(&n_scan_ops);
}

module_init(n_scan_init);
module_exit(n_scan_exit);
MODULE_LICENSE("GPL");
