// SPDX-License-Identifier: GPL-2.0
/*
 * Packet engine of a platform modem: every packet is sent as two segments,
 * a header and a payload, in a two-entry scatterlist mapped with nents
 * PKT_SEGS (2).  The unmap passes 1, from before the header segment was
 * added: a constant count different from the mapped nents.
 *
 * drvcheck-case: positive dma-unmap-sg-nents
 * drvcheck-case: negative dma-direction dma-unmap-kind dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>
#include <linux/miscdevice.h>
#include <linux/iopoll.h>
#include <linux/uaccess.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/io.h>
#include "unaligned_compat.h"

#define PKT_SEGS		2
#define PKT_HDR_LEN		16
#define PKT_MAX_PAYLOAD		4096
#define PKE_REG_SEG_ADDR(i)	(0x10 + (i) * 0x10)
#define PKE_REG_SEG_LEN(i)	(0x18 + (i) * 0x10)
#define PKE_REG_NSEGS		0x00
#define PKE_REG_GO		0x04
#define PKE_REG_DONE		0x08

struct pke {
	struct device *dev;
	void __iomem *regs;
	struct miscdevice misc;
	struct mutex lock;
	u8 *hdr;
	u32 seq;
};

static ssize_t pke_write(struct file *file, const char __user *ubuf,
			 size_t len, loff_t *ppos)
{
	struct pke *pk = container_of(file->private_data, struct pke, misc);
	struct scatterlist sgl[PKT_SEGS], *sg;
	void *payload;
	int count, i;
	ssize_t ret;
	u32 done;

	if (!len || len > PKT_MAX_PAYLOAD)
		return -EINVAL;
	payload = memdup_user(ubuf, len);
	if (IS_ERR(payload))
		return PTR_ERR(payload);

	mutex_lock(&pk->lock);
	put_unaligned_le32(pk->seq++, pk->hdr);
	put_unaligned_le32(len, pk->hdr + 4);
	sg_init_table(sgl, PKT_SEGS);
	sg_set_buf(&sgl[0], pk->hdr, PKT_HDR_LEN);
	sg_set_buf(&sgl[1], payload, len);

	count = dma_map_sg(pk->dev, sgl, PKT_SEGS, DMA_TO_DEVICE);
	if (!count) {
		ret = -ENOMEM;
		goto out;
	}
	for_each_sg(sgl, sg, count, i) {
		writeq(sg_dma_address(sg), pk->regs + PKE_REG_SEG_ADDR(i));
		writel(sg_dma_len(sg), pk->regs + PKE_REG_SEG_LEN(i));
	}
	writel(count, pk->regs + PKE_REG_NSEGS);
	writel(1, pk->regs + PKE_REG_GO);
	ret = readl_poll_timeout(pk->regs + PKE_REG_DONE, done, done, 10, 100000);
	if (!ret)
		ret = len;
	dma_unmap_sg(pk->dev, sgl, 1, DMA_TO_DEVICE); /* expect: dma-unmap-sg-nents */
out:
	mutex_unlock(&pk->lock);
	kfree(payload);
	return ret;
}

static const struct file_operations pke_fops = {
	.owner	= THIS_MODULE,
	.write	= pke_write,
	.llseek	= noop_llseek,
};

static int pke_probe(struct platform_device *pdev)
{
	struct pke *pk;

	pk = devm_kzalloc(&pdev->dev, sizeof(*pk), GFP_KERNEL);
	if (!pk)
		return -ENOMEM;
	pk->dev = &pdev->dev;
	mutex_init(&pk->lock);
	pk->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(pk->regs))
		return PTR_ERR(pk->regs);
	pk->hdr = devm_kzalloc(&pdev->dev, PKT_HDR_LEN, GFP_KERNEL);
	if (!pk->hdr)
		return -ENOMEM;

	pk->misc.minor = MISC_DYNAMIC_MINOR;
	pk->misc.name = "modem-pkt";
	pk->misc.fops = &pke_fops;
	pk->misc.parent = &pdev->dev;
	platform_set_drvdata(pdev, pk);
	return misc_register(&pk->misc);
}

static platform_remove_ret_t pke_remove(struct platform_device *pdev)
{
	struct pke *pk = platform_get_drvdata(pdev);

	misc_deregister(&pk->misc);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id pke_of_match[] = {
	{ .compatible = "drvcheck,modem-pkt" },
	{ }
};
MODULE_DEVICE_TABLE(of, pke_of_match);

static struct platform_driver pke_driver = {
	.probe = pke_probe,
	.remove = pke_remove,
	.driver = {
		.name = "modem-pkt",
		.of_match_table = pke_of_match,
	},
};
module_platform_driver(pke_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_unmap_sg with a constant count != nents");
MODULE_LICENSE("GPL");
