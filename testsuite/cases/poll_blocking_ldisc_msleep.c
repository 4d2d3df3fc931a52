// SPDX-License-Identifier: GPL-2.0
/*
 * NMEA GPS line discipline.  Its ->poll "debounces" by sleeping 20 ms when
 * a sentence is half received, so the caller gets a complete line: a sleep
 * inside the callback, where poll() should have gone back to waiting.
 *
 * drvcheck-case: positive poll-blocking
 * drvcheck-case: negative poll-task-state poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/tty.h>
#include "tty_compat.h"
#include <linux/poll.h>
#include <linux/delay.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct n_nmea {
	wait_queue_head_t read_wait;
	spinlock_t lock;
	unsigned int sentences;
	bool in_sentence;
};

static int n_nmea_open(struct tty_struct *tty)
{
	struct n_nmea *nm;

	nm = kzalloc(sizeof(*nm), GFP_KERNEL);
	if (!nm)
		return -ENOMEM;
	init_waitqueue_head(&nm->read_wait);
	spin_lock_init(&nm->lock);
	tty->disc_data = nm;
	tty->receive_room = 256;
	return 0;
}

static void n_nmea_close(struct tty_struct *tty)
{
	kfree(tty->disc_data);
	tty->disc_data = NULL;
}

static void n_nmea_receive_buf(struct tty_struct *tty, const unsigned char *cp,
			       const tty_flag_t *fp, tty_count_t count)
{
	struct n_nmea *nm = tty->disc_data;
	unsigned long flags;
	int i;

	spin_lock_irqsave(&nm->lock, flags);
	for (i = 0; i < count; i++) {
		if (cp[i] == '$')
			nm->in_sentence = true;
		else if (cp[i] == '\n' && nm->in_sentence) {
			nm->in_sentence = false;
			nm->sentences++;
		}
	}
	spin_unlock_irqrestore(&nm->lock, flags);
	wake_up_interruptible(&nm->read_wait);
}

static __poll_t n_nmea_poll(struct tty_struct *tty, struct file *file,
			    poll_table *wait)
{
	struct n_nmea *nm = tty->disc_data;
	__poll_t mask = 0;

	poll_wait(file, &nm->read_wait, wait);
	poll_wait(file, &tty->write_wait, wait);

	/* let the receiver finish the current sentence */
	if (READ_ONCE(nm->in_sentence))
		msleep(20); /* expect: poll-blocking */

	if (READ_ONCE(nm->sentences))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (tty_hung_up_p(file))
		mask |= EPOLLHUP;
	if (tty_write_room(tty) > 0)
		mask |= EPOLLOUT | EPOLLWRNORM;
	return mask;
}

static struct tty_ldisc_ops n_nmea_ops = {
	.owner		= THIS_MODULE,
	.num		= N_MOUSE,
	.name		= "n_nmea",
	.open		= n_nmea_open,
	.close		= n_nmea_close,
	.receive_buf	= n_nmea_receive_buf,
	.poll		= n_nmea_poll,
};

static int __init n_nmea_init(void)
{
	return tty_register_ldisc(&n_nmea_ops);
}

static void __exit n_nmea_exit(void)
{
	tty_unregister_ldisc(&n_nmea_ops);
}

module_init(n_nmea_init);
module_exit(n_nmea_exit);
MODULE_LICENSE("GPL");
