// SPDX-License-Identifier: GPL-2.0
/*
 * Loopback-style virtual Ethernet with NAPI.  vnet_poll() is a
 * napi_struct poll (passed to netif_napi_add()), not a file ->poll: it
 * never calls poll_wait(), returns a computed work count, and is none of
 * the poll checks' business.  The driver has no file poll callback at all.
 * Correct.
 *
 * drvcheck-case: negative poll-blocking poll-task-state poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/skbuff.h>

struct vnet_priv {
	struct net_device *ndev;
	struct napi_struct napi;
	struct sk_buff_head rxq;
};

static struct net_device *vnet_dev;

static int vnet_poll(struct napi_struct *napi, int budget)
{
	struct vnet_priv *priv = container_of(napi, struct vnet_priv, napi);
	struct sk_buff *skb;
	int work_done = 0;

	while (work_done < budget && (skb = skb_dequeue(&priv->rxq))) {
		skb->protocol = eth_type_trans(skb, priv->ndev);
		priv->ndev->stats.rx_packets++;
		priv->ndev->stats.rx_bytes += skb->len;
		napi_gro_receive(napi, skb);
		work_done++;
	}

	if (work_done < budget)
		napi_complete_done(napi, work_done);
	return work_done;
}

static netdev_tx_t vnet_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct vnet_priv *priv = netdev_priv(ndev);

	ndev->stats.tx_packets++;
	ndev->stats.tx_bytes += skb->len;
	skb_queue_tail(&priv->rxq, skb);
	napi_schedule(&priv->napi);
	return NETDEV_TX_OK;
}

static int vnet_open(struct net_device *ndev)
{
	struct vnet_priv *priv = netdev_priv(ndev);

	napi_enable(&priv->napi);
	netif_start_queue(ndev);
	return 0;
}

static int vnet_stop(struct net_device *ndev)
{
	struct vnet_priv *priv = netdev_priv(ndev);

	netif_stop_queue(ndev);
	napi_disable(&priv->napi);
	skb_queue_purge(&priv->rxq);
	return 0;
}

static const struct net_device_ops vnet_netdev_ops = {
	.ndo_open		= vnet_open,
	.ndo_stop		= vnet_stop,
	.ndo_start_xmit		= vnet_xmit,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
};

static int __init vnet_init(void)
{
	struct vnet_priv *priv;
	int err;

	vnet_dev = alloc_etherdev(sizeof(*priv));
	if (!vnet_dev)
		return -ENOMEM;

	priv = netdev_priv(vnet_dev);
	priv->ndev = vnet_dev;
	skb_queue_head_init(&priv->rxq);
	vnet_dev->netdev_ops = &vnet_netdev_ops;
	eth_hw_addr_random(vnet_dev);
	netif_napi_add(vnet_dev, &priv->napi, vnet_poll);

	err = register_netdev(vnet_dev);
	if (err) {
		netif_napi_del(&priv->napi);
		free_netdev(vnet_dev);
	}
	return err;
}

static void __exit vnet_exit(void)
{
	struct vnet_priv *priv = netdev_priv(vnet_dev);

	unregister_netdev(vnet_dev);
	netif_napi_del(&priv->napi);
	free_netdev(vnet_dev);
}

module_init(vnet_init);
module_exit(vnet_exit);
MODULE_LICENSE("GPL");
