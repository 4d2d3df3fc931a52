// SPDX-License-Identifier: GPL-2.0
/*
 * ATM adapter in the he.c style: scatter-gather transmit was never
 * finished, so the file says "#undef XA_SCATTERGATHER" and the fragment
 * map inside "#ifdef XA_SCATTERGATHER" is never compiled.  Every TX slot
 * holds a dma_map_single() mapping, released with dma_unmap_single().
 * An engine that reads both branches must leave the dead one out.
 *
 * drvcheck-case: negative dma-unmap-kind dma-unmap-size dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

#undef XA_SCATTERGATHER

#define XA_SLOTS	4

struct xa_tpd {
	dma_addr_t addr[XA_SLOTS];
	u32 len[XA_SLOTS];
	struct sk_buff *skb;
};

struct xa {
	struct pci_dev *pdev;
	struct xa_tpd tpd;
};

static int xa_send(struct xa *xa, struct sk_buff *skb)
{
	struct xa_tpd *tpd = &xa->tpd;
	int slot = 0;
#ifdef XA_SCATTERGATHER
	int i;
#endif

	tpd->addr[slot] = dma_map_single(&xa->pdev->dev, skb->data, skb_headlen(skb),
					 DMA_TO_DEVICE);
	if (dma_mapping_error(&xa->pdev->dev, tpd->addr[slot]))
		return -ENOMEM;
	tpd->len[slot] = skb_headlen(skb);
#ifdef XA_SCATTERGATHER
	for (i = 0; i < skb_shinfo(skb)->nr_frags && ++slot < XA_SLOTS; i++) {
		skb_frag_t *frag = &skb_shinfo(skb)->frags[i];

		tpd->addr[slot] = skb_frag_dma_map(&xa->pdev->dev, frag, 0,
						   skb_frag_size(frag), DMA_TO_DEVICE);
		tpd->len[slot] = skb_frag_size(frag);
	}
#endif
	tpd->skb = skb;
	return 0;
}

static void xa_tx_done(struct xa *xa)
{
	struct xa_tpd *tpd = &xa->tpd;
	int slot;

	for (slot = 0; slot < XA_SLOTS && tpd->len[slot]; slot++) {
		dma_unmap_single(&xa->pdev->dev, tpd->addr[slot], tpd->len[slot],
				 DMA_TO_DEVICE);
		tpd->len[slot] = 0;
	}
	dev_kfree_skb_any(tpd->skb);
	tpd->skb = NULL;
}

static int xa_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct sk_buff *skb;
	struct xa *xa;

	xa = devm_kzalloc(&pdev->dev, sizeof(*xa), GFP_KERNEL);
	if (!xa)
		return -ENOMEM;
	xa->pdev = pdev;
	skb = alloc_skb(128, GFP_KERNEL);
	if (!skb)
		return -ENOMEM;
	skb_put(skb, 64);
	if (xa_send(xa, skb)) {
		kfree_skb(skb);
		return -ENOMEM;
	}
	xa_tx_done(xa);
	return 0;
}

static void xa_remove(struct pci_dev *pdev)
{
}

static const struct pci_device_id xa_ids[] = {
	{ PCI_DEVICE(0x1127, 0x0400) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xa_ids);

static struct pci_driver xa_driver = {
	.name		= "xa_atm",
	.id_table	= xa_ids,
	.probe		= xa_probe,
	.remove		= xa_remove,
};
module_pci_driver(xa_driver);
MODULE_LICENSE("GPL");
