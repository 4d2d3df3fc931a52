// SPDX-License-Identifier: GPL-2.0
/*
 * LED-matrix controller on a platform bus with a character device: write()
 * copies a frame from user space, maps it DMA_TO_DEVICE, lets the
 * controller fetch it and unmaps it with DMA_FROM_DEVICE.  Local direction
 * mismatch between map and unmap.
 *
 * drvcheck-case: positive dma-direction
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/miscdevice.h>
#include <linux/dma-mapping.h>
#include <linux/completion.h>
#include <linux/interrupt.h>
#include <linux/uaccess.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/io.h>

#define LMX_FRAME_MAX		(64 * 64 * 3)
#define LMX_REG_FB_ADDR		0x00
#define LMX_REG_FB_LEN		0x04
#define LMX_REG_CTRL		0x08
#define  LMX_CTRL_FETCH		BIT(0)
#define LMX_REG_ISR		0x0c

struct lmx {
	struct device *dev;
	void __iomem *regs;
	struct miscdevice misc;
	struct completion fetched;
};

static irqreturn_t lmx_irq(int irq, void *data)
{
	struct lmx *lmx = data;

	if (!readl(lmx->regs + LMX_REG_ISR))
		return IRQ_NONE;
	writel(~0u, lmx->regs + LMX_REG_ISR);
	complete(&lmx->fetched);
	return IRQ_HANDLED;
}

static ssize_t lmx_write(struct file *file, const char __user *ubuf,
			 size_t count, loff_t *ppos)
{
	struct lmx *lmx = container_of(file->private_data, struct lmx, misc);
	dma_addr_t dma;
	void *frame;
	ssize_t ret;

	if (!count || count > LMX_FRAME_MAX)
		return -EINVAL;
	frame = memdup_user(ubuf, count);
	if (IS_ERR(frame))
		return PTR_ERR(frame);

	dma = dma_map_single(lmx->dev, frame, count, DMA_TO_DEVICE);
	if (dma_mapping_error(lmx->dev, dma)) {
		ret = -ENOMEM;
		goto out;
	}
	reinit_completion(&lmx->fetched);
	writel(lower_32_bits(dma), lmx->regs + LMX_REG_FB_ADDR);
	writel(count, lmx->regs + LMX_REG_FB_LEN);
	writel(LMX_CTRL_FETCH, lmx->regs + LMX_REG_CTRL);
	if (!wait_for_completion_timeout(&lmx->fetched, msecs_to_jiffies(100)))
		ret = -ETIMEDOUT;
	else
		ret = count;
	dma_unmap_single(lmx->dev, dma, count, DMA_FROM_DEVICE); /* expect: dma-direction */
out:
	kfree(frame);
	return ret;
}

static const struct file_operations lmx_fops = {
	.owner	= THIS_MODULE,
	.write	= lmx_write,
	.llseek	= noop_llseek,
};

static int lmx_probe(struct platform_device *pdev)
{
	struct lmx *lmx;
	int irq, ret;

	lmx = devm_kzalloc(&pdev->dev, sizeof(*lmx), GFP_KERNEL);
	if (!lmx)
		return -ENOMEM;
	lmx->dev = &pdev->dev;
	init_completion(&lmx->fetched);
	lmx->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(lmx->regs))
		return PTR_ERR(lmx->regs);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	ret = devm_request_irq(&pdev->dev, irq, lmx_irq, 0, "ledmatrix", lmx);
	if (ret)
		return ret;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;

	lmx->misc.minor = MISC_DYNAMIC_MINOR;
	lmx->misc.name = "ledmatrix";
	lmx->misc.fops = &lmx_fops;
	lmx->misc.parent = &pdev->dev;
	platform_set_drvdata(pdev, lmx);
	return misc_register(&lmx->misc);
}

static platform_remove_ret_t lmx_remove(struct platform_device *pdev)
{
	struct lmx *lmx = platform_get_drvdata(pdev);

	misc_deregister(&lmx->misc);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id lmx_of_match[] = {
	{ .compatible = "drvcheck,ledmatrix" },
	{ }
};
MODULE_DEVICE_TABLE(of, lmx_of_match);

static struct platform_driver lmx_driver = {
	.probe = lmx_probe,
	.remove = lmx_remove,
	.driver = {
		.name = "ledmatrix",
		.of_match_table = lmx_of_match,
	},
};
module_platform_driver(lmx_driver);

MODULE_DESCRIPTION("drvcheck testsuite: mapped TO_DEVICE, unmapped FROM_DEVICE");
MODULE_LICENSE("GPL");
