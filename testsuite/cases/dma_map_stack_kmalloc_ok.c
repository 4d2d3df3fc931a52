// SPDX-License-Identifier: GPL-2.0
/*
 * The same jobs as dma_map_stack_array.c / _struct.c done right: the
 * identification block lives in a devm_kzalloc()'ed buffer, the command is
 * built in a kmalloc()'ed struct, and an RX skb's skb->data is mapped --
 * all linear-map memory that dma_map_single() accepts.  (A static or
 * global buffer, in .data/.bss, would also not be stack memory, and
 * mapping it works on x86, but it is questionable on other architectures
 * and is not used as a negative here.)  Correct.
 *
 * drvcheck-case: negative dma-map-stack dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/skbuff.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/io.h>

#define KOK_ID_LEN		32
#define KOK_PKT_LEN		1536
#define KOK_REG_DMA_ADDR	0x00
#define KOK_REG_DMA_LEN		0x04
#define KOK_REG_OP		0x08
#define  KOK_OP_READ_ID		1
#define  KOK_OP_CMD		2
#define  KOK_OP_LOOPBACK	3
#define KOK_REG_STATUS		0x0c

struct kok_cmd {
	__le32 opcode;
	__le32 arg;
	__le64 cookie;
};

struct kok {
	struct device *dev;
	void __iomem *regs;
	u8 *id;			/* devm_kzalloc'ed, KOK_ID_LEN */
};

static int kok_run(struct kok *k, void *buf, size_t len, u32 op,
		   enum dma_data_direction dir)
{
	dma_addr_t dma;
	u32 st;
	int ret;

	dma = dma_map_single(k->dev, buf, len, dir);
	if (dma_mapping_error(k->dev, dma))
		return -ENOMEM;
	writel(lower_32_bits(dma), k->regs + KOK_REG_DMA_ADDR);
	writel(len, k->regs + KOK_REG_DMA_LEN);
	writel(op, k->regs + KOK_REG_OP);
	ret = readl_poll_timeout(k->regs + KOK_REG_STATUS, st, st, 100, 100000);
	dma_unmap_single(k->dev, dma, len, dir);
	return ret;
}

static int kok_selftest(struct kok *k)
{
	struct kok_cmd *cmd;
	struct sk_buff *skb;
	int ret;

	ret = kok_run(k, k->id, KOK_ID_LEN, KOK_OP_READ_ID, DMA_FROM_DEVICE);
	if (ret)
		return ret;

	cmd = kmalloc(sizeof(*cmd), GFP_KERNEL);
	if (!cmd)
		return -ENOMEM;
	cmd->opcode = cpu_to_le32(0x10);
	cmd->arg = 0;
	cmd->cookie = cpu_to_le64(0x1234);
	ret = kok_run(k, cmd, sizeof(*cmd), KOK_OP_CMD, DMA_TO_DEVICE);
	kfree(cmd);
	if (ret)
		return ret;

	skb = alloc_skb(KOK_PKT_LEN, GFP_KERNEL);
	if (!skb)
		return -ENOMEM;
	ret = kok_run(k, skb->data, KOK_PKT_LEN, KOK_OP_LOOPBACK,
		      DMA_FROM_DEVICE);
	kfree_skb(skb);
	return ret;
}

static int kok_probe(struct platform_device *pdev)
{
	struct kok *k;
	int ret;

	k = devm_kzalloc(&pdev->dev, sizeof(*k), GFP_KERNEL);
	if (!k)
		return -ENOMEM;
	k->dev = &pdev->dev;
	k->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(k->regs))
		return PTR_ERR(k->regs);
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	k->id = devm_kzalloc(&pdev->dev, KOK_ID_LEN, GFP_KERNEL);
	if (!k->id)
		return -ENOMEM;
	ret = kok_selftest(k);
	if (ret)
		return ret;
	platform_set_drvdata(pdev, k);
	return 0;
}

static const struct of_device_id kok_of_match[] = {
	{ .compatible = "drvcheck,kmalloc-ok" },
	{ }
};
MODULE_DEVICE_TABLE(of, kok_of_match);

static struct platform_driver kok_driver = {
	.probe = kok_probe,
	.driver = {
		.name = "kmalloc-ok",
		.of_match_table = kok_of_match,
	},
};
module_platform_driver(kok_driver);

MODULE_DESCRIPTION("drvcheck testsuite: kmalloc, devm_kzalloc and skb->data mapped (correct)");
MODULE_LICENSE("GPL");
