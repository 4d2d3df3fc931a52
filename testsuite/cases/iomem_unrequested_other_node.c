// SPDX-License-Identifier: GPL-2.0
/*
 * A remote-processor glue driver in the imx_rproc / j721e-wiz style: it
 * maps its own control registers (its node's first "reg" entry) and three
 * regions of other device-tree nodes: the memory carve-outs its
 * "memory-region" phandles name (shared with the remote core), the
 * registers of its "serdes" child (a device of its own, whose driver
 * requests them), the mailbox window of each "mbox" child, and the two
 * register blocks of its "i2s-a" child (one declaration for both, as
 * rack-meter writes it).  Only the first map is the driver's to request;
 * the others belong to the nodes they are read from, and a request here
 * would fail with -EBUSY once their owners have claimed them.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/io.h>
#include <linux/slab.h>

#define RP_MAX_MEM	4
#define RP_MAX_MBOX	2

struct rp_priv {
	void __iomem *ctrl;
	void __iomem *serdes;
	void __iomem *i2s, *i2s_dma;
	void __iomem *mem[RP_MAX_MEM];
	void __iomem *mbox[RP_MAX_MBOX];
};

static int rp_map_carveouts(struct device *dev, struct rp_priv *priv)
{
	struct device_node *np = dev->of_node;
	int i;

	for (i = 0; i < RP_MAX_MEM; i++) {
		struct device_node *node;
		struct resource res;
		int err;

		node = of_parse_phandle(np, "memory-region", i);
		if (!node)
			break;
		err = of_address_to_resource(node, 0, &res);
		of_node_put(node);
		if (err)
			return err;
		/* shared with the remote core: not ours to claim */
		priv->mem[i] = devm_ioremap_wc(dev, res.start, resource_size(&res));
		if (!priv->mem[i])
			return -ENOMEM;
	}
	return 0;
}

static int rp_map_serdes(struct device *dev, struct rp_priv *priv)
{
	struct device_node *child = of_get_child_by_name(dev->of_node, "serdes");
	struct resource res;
	int err;

	if (!child)
		return -ENODEV;
	err = of_address_to_resource(child, 0, &res);
	of_node_put(child);
	if (err)
		return err;
	priv->serdes = devm_ioremap(dev, res.start, resource_size(&res));
	return priv->serdes ? 0 : -ENOMEM;
}

static int rp_map_mboxes(struct device *dev, struct rp_priv *priv)
{
	struct device_node *child;
	struct resource res;
	int n = 0;

	for_each_available_child_of_node(dev->of_node, child) {
		if (!of_node_name_eq(child, "mbox") || n == RP_MAX_MBOX)
			continue;
		if (of_address_to_resource(child, 0, &res))
			continue;
		priv->mbox[n] = devm_ioremap(dev, res.start, resource_size(&res));
		if (priv->mbox[n])
			n++;
	}
	return n ? 0 : -ENODEV;
}

/*
 * The audio child's registers and DMA channel (rack-meter's i2s-a node):
 * two resources of one declaration, both read from the child.
 */
static int rp_map_i2s(struct device *dev, struct rp_priv *priv)
{
	struct device_node *i2s = NULL;
	struct resource ri2s, rdma;

	for_each_child_of_node(dev->of_node, i2s)
		if (of_node_name_eq(i2s, "i2s-a"))
			break;
	if (!i2s)
		return -ENODEV;
	if (of_address_to_resource(i2s, 0, &ri2s) ||
	    of_address_to_resource(i2s, 1, &rdma)) {
		of_node_put(i2s);
		return -ENXIO;
	}
	of_node_put(i2s);
	priv->i2s = devm_ioremap(dev, ri2s.start, 0x1000);
	priv->i2s_dma = devm_ioremap(dev, rdma.start, 0x100);
	return priv->i2s && priv->i2s_dma ? 0 : -ENOMEM;
}

static int rp_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct rp_priv *priv;
	struct resource regs;
	int err;

	priv = devm_kzalloc(dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	if (of_address_to_resource(dev->of_node, 0, &regs))
		return -ENXIO;
	priv->ctrl = devm_ioremap(dev, regs.start, resource_size(&regs)); /* expect: iomem-unrequested-map */
	if (!priv->ctrl)
		return -ENOMEM;
	err = rp_map_carveouts(dev, priv);
	if (err)
		return err;
	err = rp_map_serdes(dev, priv);
	if (err)
		return err;
	err = rp_map_mboxes(dev, priv);
	if (err)
		return err;
	err = rp_map_i2s(dev, priv);
	if (err)
		return err;
	writel(1, priv->ctrl);
	platform_set_drvdata(pdev, priv);
	return 0;
}

static const struct of_device_id rp_of_match[] = {
	{ .compatible = "example,rproc-glue" },
	{ }
};
MODULE_DEVICE_TABLE(of, rp_of_match);

static struct platform_driver rp_driver = {
	.probe	= rp_probe,
	.driver	= { .name = "rp-glue", .of_match_table = rp_of_match },
};
module_platform_driver(rp_driver);
MODULE_DESCRIPTION("drvcheck testsuite: regions of other device-tree nodes are theirs to claim");
MODULE_LICENSE("GPL");
