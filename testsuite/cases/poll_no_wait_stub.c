// SPDX-License-Identifier: GPL-2.0
/*
 * Line discipline that hands the tty to an in-kernel protocol stack (the
 * idiom of hci_ldisc.c and ppp_async): received bytes go to the stack,
 * user space reads and writes nothing through the tty, so ->read, ->write
 * and ->poll are stubs and ->poll returns 0 on every path, on no wait
 * queue: a poll() of the tty sleeps through its hangup, which wakes
 * tty->read_wait and write_wait, and never returns (ppp_synctty.c; the
 * ->poll that has no poll_wait() at all and can return 0).
 * tty_ldisc's n_null registers and reports EPOLLHUP instead.
 *
 * drvcheck-case: positive poll-no-wait
 * drvcheck-case: negative poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/tty.h>
#include "tty_compat.h"
#include <linux/poll.h>
#include <linux/slab.h>

struct n_proto {
	struct tty_struct *tty;
	unsigned long rx_bytes;
};

static int n_proto_open(struct tty_struct *tty)
{
	struct n_proto *np;

	np = kzalloc(sizeof(*np), GFP_KERNEL);
	if (!np)
		return -ENOMEM;
	np->tty = tty;
	tty->disc_data = np;
	tty->receive_room = 65536;
	return 0;
}

static void n_proto_close(struct tty_struct *tty)
{
	kfree(tty->disc_data);
	tty->disc_data = NULL;
}

/* the protocol stack consumes everything */
static void n_proto_receive_buf(struct tty_struct *tty, const unsigned char *cp,
				const tty_flag_t *fp, tty_count_t count)
{
	struct n_proto *np = tty->disc_data;

	np->rx_bytes += count;
}

static __poll_t n_proto_poll(struct tty_struct *tty, struct file *filp,
			     poll_table *wait)
{
	return 0; /* expect: poll-no-wait */
}

static struct tty_ldisc_ops n_proto_ldisc = {
	.owner		= THIS_MODULE,
	.num		= N_MOUSE,
	.name		= "n_proto",
	.open		= n_proto_open,
	.close		= n_proto_close,
	.receive_buf	= n_proto_receive_buf,
	.poll		= n_proto_poll,
};

static int __init n_proto_init(void)
{
	return tty_register_ldisc(&n_proto_ldisc);
}

static void __exit n_proto_exit(void)
{
	tty_unregister_ldisc(&n_proto_ldisc);
}

module_init(n_proto_init);
module_exit(n_proto_exit);
MODULE_LICENSE("GPL");
