// SPDX-License-Identifier: GPL-2.0
/*
 * A small datagram socket family (on the s390-only AF_IUCV number, free on
 * x86).  Its proto_ops ->poll computes the mask from the receive queue and
 * the write space but never calls sock_poll_wait(): a poll() that finds
 * nothing ready sleeps until its timeout, because nothing wakes it.
 *
 * drvcheck-case: positive poll-no-wait
 * drvcheck-case: negative poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/net.h>
#include <linux/poll.h>
#include <linux/skbuff.h>
#include <net/sock.h>

struct xdsock {
	struct sock sk;		/* must be first */
	u32 chan;
};

static struct proto xdsock_proto = {
	.name		= "XDSOCK",
	.owner		= THIS_MODULE,
	.obj_size	= sizeof(struct xdsock),
};

static int xdsock_release(struct socket *sock)
{
	struct sock *sk = sock->sk;

	if (!sk)
		return 0;
	sock_orphan(sk);
	sock->sk = NULL;
	skb_queue_purge(&sk->sk_receive_queue);
	sock_put(sk);
	return 0;
}

static int xdsock_recvmsg(struct socket *sock, struct msghdr *msg, size_t len,
			  int flags)
{
	struct sock *sk = sock->sk;
	struct sk_buff *skb;
	int err, copied;

	skb = skb_recv_datagram(sk, flags, &err);
	if (!skb)
		return err;
	copied = min_t(size_t, skb->len, len);
	if (copied < skb->len)
		msg->msg_flags |= MSG_TRUNC;
	err = skb_copy_datagram_msg(skb, 0, msg, copied);
	skb_free_datagram(sk, skb);
	return err ? err : copied;
}

static __poll_t xdsock_poll(struct file *file, struct socket *sock,
			    poll_table *wait)
{
	struct sock *sk = sock->sk;
	__poll_t mask = 0;

	if (!skb_queue_empty_lockless(&sk->sk_receive_queue))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (sk->sk_shutdown & RCV_SHUTDOWN)
		mask |= EPOLLRDHUP | EPOLLIN | EPOLLRDNORM;
	if (sock_writeable(sk))
		mask |= EPOLLOUT | EPOLLWRNORM | EPOLLWRBAND;

	return mask; /* expect: poll-no-wait */
}

static const struct proto_ops xdsock_ops = {
	.family		= PF_IUCV,
	.owner		= THIS_MODULE,
	.release	= xdsock_release,
	.bind		= sock_no_bind,
	.connect	= sock_no_connect,
	.socketpair	= sock_no_socketpair,
	.accept		= sock_no_accept,
	.getname	= sock_no_getname,
	.poll		= xdsock_poll,
	.ioctl		= sock_no_ioctl,
	.listen		= sock_no_listen,
	.shutdown	= sock_no_shutdown,
	.sendmsg	= sock_no_sendmsg,
	.recvmsg	= xdsock_recvmsg,
	.mmap		= sock_no_mmap,
};

static int xdsock_create(struct net *net, struct socket *sock, int protocol,
			 int kern)
{
	struct sock *sk;

	if (sock->type != SOCK_DGRAM)
		return -ESOCKTNOSUPPORT;

	sk = sk_alloc(net, PF_IUCV, GFP_KERNEL, &xdsock_proto, kern);
	if (!sk)
		return -ENOMEM;
	sock->ops = &xdsock_ops;
	sock_init_data(sock, sk);
	return 0;
}

static const struct net_proto_family xdsock_family = {
	.family	= PF_IUCV,
	.create	= xdsock_create,
	.owner	= THIS_MODULE,
};

static int __init xdsock_init(void)
{
	int err;

	err = proto_register(&xdsock_proto, 0);
	if (err)
		return err;
	err = sock_register(&xdsock_family);
	if (err)
		proto_unregister(&xdsock_proto);
	return err;
}

static void __exit xdsock_exit(void)
{
	sock_unregister(PF_IUCV);
	proto_unregister(&xdsock_proto);
}

module_init(xdsock_init);
module_exit(xdsock_exit);
MODULE_LICENSE("GPL");
