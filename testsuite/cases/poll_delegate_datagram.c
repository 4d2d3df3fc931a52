// SPDX-License-Identifier: GPL-2.0
/*
 * A small datagram socket family (on the s390-only AF_IUCV number, free on
 * x86).  Its proto_ops ->poll delegates to datagram_poll(), passing the
 * poll_table on: datagram_poll() does the sock_poll_wait() registration.
 * The wrapper only hides EPOLLIN until the socket is bound.  Correct.
 *
 * drvcheck-case: negative poll-no-wait poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/net.h>
#include <linux/poll.h>
#include <linux/skbuff.h>
#include <net/sock.h>

struct xdgsock {
	struct sock sk;		/* must be first */
	u32 chan;
	bool bound;
};

static struct proto xdgsock_proto = {
	.name		= "XDGSOCK",
	.owner		= THIS_MODULE,
	.obj_size	= sizeof(struct xdgsock),
};

static int xdgsock_release(struct socket *sock)
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

static int xdgsock_recvmsg(struct socket *sock, struct msghdr *msg, size_t len,
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

static __poll_t xdgsock_poll(struct file *file, struct socket *sock,
			     poll_table *wait)
{
	struct xdgsock *xs = (struct xdgsock *)sock->sk;
	__poll_t mask;

	mask = datagram_poll(file, sock, wait);
	if (!READ_ONCE(xs->bound))
		mask &= ~(EPOLLIN | EPOLLRDNORM);
	return mask;
}

static int xdgsock_bind(struct socket *sock, struct sockaddr *addr, int len)
{
	struct xdgsock *xs = (struct xdgsock *)sock->sk;

	if (len < (int)sizeof(struct sockaddr))
		return -EINVAL;
	WRITE_ONCE(xs->bound, true);
	return 0;
}

static const struct proto_ops xdgsock_ops = {
	.family		= PF_IUCV,
	.owner		= THIS_MODULE,
	.release	= xdgsock_release,
	.bind		= xdgsock_bind,
	.connect	= sock_no_connect,
	.socketpair	= sock_no_socketpair,
	.accept		= sock_no_accept,
	.getname	= sock_no_getname,
	.poll		= xdgsock_poll,
	.ioctl		= sock_no_ioctl,
	.listen		= sock_no_listen,
	.shutdown	= sock_no_shutdown,
	.sendmsg	= sock_no_sendmsg,
	.recvmsg	= xdgsock_recvmsg,
	.mmap		= sock_no_mmap,
};

static int xdgsock_create(struct net *net, struct socket *sock, int protocol,
			 int kern)
{
	struct sock *sk;

	if (sock->type != SOCK_DGRAM)
		return -ESOCKTNOSUPPORT;

	sk = sk_alloc(net, PF_IUCV, GFP_KERNEL, &xdgsock_proto, kern);
	if (!sk)
		return -ENOMEM;
	sock->ops = &xdgsock_ops;
	sock_init_data(sock, sk);
	return 0;
}

static const struct net_proto_family xdgsock_family = {
	.family	= PF_IUCV,
	.create	= xdgsock_create,
	.owner	= THIS_MODULE,
};

static int __init xdgsock_init(void)
{
	int err;

	err = proto_register(&xdgsock_proto, 0);
	if (err)
		return err;
	err = sock_register(&xdgsock_family);
	if (err)
		proto_unregister(&xdgsock_proto);
	return err;
}

static void __exit xdgsock_exit(void)
{
	sock_unregister(PF_IUCV);
	proto_unregister(&xdgsock_proto);
}

module_init(xdgsock_init);
module_exit(xdgsock_exit);
MODULE_LICENSE("GPL");
