// SPDX-License-Identifier: GPL-2.0
/*
 * A TX path in the iwlwifi gen2 style: the head and each fragment of an
 * skb are mapped and handed to a helper that fills one transfer buffer of
 * the descriptor.  The fragment helper's first statement tests the handle
 * with dma_mapping_error() and fails before it writes anything, so the
 * fragments are tested, by the callee.  The head goes to another helper
 * that writes the descriptor at once and tests nothing: untested.
 *
 * drvcheck-case: positive dma-mapping-error-unchecked
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/skbuff.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>

#define CT_MAX_TBS	20

struct ct_tb {
	__le64 addr;
	__le16 len;
	__le16 flags;
	__le32 rsvd;
};

struct ct_tfd {
	struct ct_tb tbs[CT_MAX_TBS];
	u8 num_tbs;
};

struct ct_priv {
	struct pci_dev *pdev;
	void __iomem *regs;
};

static int ct_set_tb(struct ct_priv *priv, struct ct_tfd *tfd,
		     dma_addr_t phys, u16 len)
{
	struct ct_tb *tb;

	if (unlikely(dma_mapping_error(&priv->pdev->dev, phys)))
		return -ENOMEM;
	tb = &tfd->tbs[tfd->num_tbs++];
	tb->addr = cpu_to_le64(phys);
	tb->len = cpu_to_le16(len);
	return 0;
}

static void ct_set_head_tb(struct ct_tfd *tfd, dma_addr_t phys, u16 len)
{
	tfd->tbs[0].addr = cpu_to_le64(phys);
	tfd->tbs[0].len = cpu_to_le16(len);
	tfd->num_tbs = 1;
}

static int ct_fill_tfd(struct ct_priv *priv, struct ct_tfd *tfd,
		       struct sk_buff *skb)
{
	struct device *dev = &priv->pdev->dev;
	dma_addr_t head;
	int i, ret;

	head = dma_map_single(dev, skb->data, skb_headlen(skb), DMA_TO_DEVICE); /* expect: dma-mapping-error-unchecked */
	ct_set_head_tb(tfd, head, skb_headlen(skb));
	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[i];
		dma_addr_t tb_phys;

		if (!skb_frag_size(frag))
			continue;
		if (tfd->num_tbs >= CT_MAX_TBS)
			return -EINVAL;	/* the mapped ones are in the tfd */
		tb_phys = skb_frag_dma_map(dev, frag, 0, skb_frag_size(frag),
					   DMA_TO_DEVICE);
		ret = ct_set_tb(priv, tfd, tb_phys, skb_frag_size(frag));
		if (ret)
			return ret;
	}
	writel(tfd->num_tbs, priv->regs);
	return 0;
}

static int ct_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct ct_priv *priv;
	int err;

	priv = devm_kzalloc(&pdev->dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	priv->pdev = pdev;
	err = pcim_enable_device(pdev);
	if (err)
		return err;
	err = pcim_iomap_regions(pdev, BIT(0), "ct");
	if (err)
		return err;
	priv->regs = pcim_iomap_table(pdev)[0];
	pci_set_drvdata(pdev, priv);
	return 0;
}

/* the TX entry point a netdev would call */
int ct_xmit(struct pci_dev *pdev, struct ct_tfd *tfd, struct sk_buff *skb);
int ct_xmit(struct pci_dev *pdev, struct ct_tfd *tfd, struct sk_buff *skb)
{
	return ct_fill_tfd(pci_get_drvdata(pdev), tfd, skb);
}
EXPORT_SYMBOL_GPL(ct_xmit);

static const struct pci_device_id ct_ids[] = {
	{ PCI_DEVICE(0x1dad, 0x0202) },
	{ }
};
MODULE_DEVICE_TABLE(pci, ct_ids);

static struct pci_driver ct_driver = {
	.name = "ct",
	.id_table = ct_ids,
	.probe = ct_probe,
};
module_pci_driver(ct_driver);

MODULE_DESCRIPTION("drvcheck testsuite: a handle tested by the helper it is given to");
MODULE_LICENSE("GPL");
