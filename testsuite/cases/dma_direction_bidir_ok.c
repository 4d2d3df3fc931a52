// SPDX-License-Identifier: GPL-2.0
/*
 * Shared request/response mailbox of a platform security processor: one
 * kmalloc'ed buffer is mapped DMA_BIDIRECTIONAL at probe, the CPU writes a
 * request, syncs it for the device, the processor overwrites it in place
 * with the response, the CPU syncs it back for itself.  Every sync and the
 * unmap use DMA_BIDIRECTIONAL.  Correct.
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 * drvcheck-case: negative dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/miscdevice.h>
#include <linux/iopoll.h>
#include <linux/uaccess.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/io.h>

#define SECP_MBOX_LEN		512
#define SECP_REG_MBOX_ADDR	0x00
#define SECP_REG_DOORBELL	0x08
#define SECP_REG_STATUS		0x0c
#define  SECP_STATUS_RESP	BIT(0)

struct secp {
	struct device *dev;
	void __iomem *regs;
	struct miscdevice misc;
	struct mutex lock;
	u8 *mbox;
	dma_addr_t mbox_dma;
};

static long secp_transact(struct secp *sp, void __user *arg)
{
	u32 st;
	long ret;

	mutex_lock(&sp->lock);
	dma_sync_single_for_cpu(sp->dev, sp->mbox_dma, SECP_MBOX_LEN,
				DMA_BIDIRECTIONAL);
	if (copy_from_user(sp->mbox, arg, SECP_MBOX_LEN)) {
		ret = -EFAULT;
		goto out;
	}
	dma_sync_single_for_device(sp->dev, sp->mbox_dma, SECP_MBOX_LEN,
				   DMA_BIDIRECTIONAL);
	writel(1, sp->regs + SECP_REG_DOORBELL);
	ret = readl_poll_timeout(sp->regs + SECP_REG_STATUS, st,
				 st & SECP_STATUS_RESP, 50, 500000);
	dma_sync_single_for_cpu(sp->dev, sp->mbox_dma, SECP_MBOX_LEN,
				DMA_BIDIRECTIONAL);
	if (!ret && copy_to_user(arg, sp->mbox, SECP_MBOX_LEN))
		ret = -EFAULT;
out:
	dma_sync_single_for_device(sp->dev, sp->mbox_dma, SECP_MBOX_LEN,
				   DMA_BIDIRECTIONAL);
	mutex_unlock(&sp->lock);
	return ret;
}

static long secp_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct secp *sp = container_of(file->private_data, struct secp, misc);

	if (cmd != _IOWR('S', 1, u8[SECP_MBOX_LEN]))
		return -ENOTTY;
	return secp_transact(sp, (void __user *)arg);
}

static const struct file_operations secp_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= secp_ioctl,
	.llseek		= noop_llseek,
};

static int secp_probe(struct platform_device *pdev)
{
	struct secp *sp;
	int ret;

	sp = devm_kzalloc(&pdev->dev, sizeof(*sp), GFP_KERNEL);
	if (!sp)
		return -ENOMEM;
	sp->dev = &pdev->dev;
	mutex_init(&sp->lock);
	sp->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(sp->regs))
		return PTR_ERR(sp->regs);
	sp->mbox = devm_kzalloc(&pdev->dev, SECP_MBOX_LEN, GFP_KERNEL);
	if (!sp->mbox)
		return -ENOMEM;

	sp->mbox_dma = dma_map_single(sp->dev, sp->mbox, SECP_MBOX_LEN,
				      DMA_BIDIRECTIONAL);
	if (dma_mapping_error(sp->dev, sp->mbox_dma))
		return -ENOMEM;
	writel(lower_32_bits(sp->mbox_dma), sp->regs + SECP_REG_MBOX_ADDR);

	sp->misc.minor = MISC_DYNAMIC_MINOR;
	sp->misc.name = "secproc";
	sp->misc.fops = &secp_fops;
	sp->misc.parent = &pdev->dev;
	ret = misc_register(&sp->misc);
	if (ret) {
		writel(0, sp->regs + SECP_REG_MBOX_ADDR);
		dma_unmap_single(sp->dev, sp->mbox_dma, SECP_MBOX_LEN,
				 DMA_BIDIRECTIONAL);
		return ret;
	}
	platform_set_drvdata(pdev, sp);
	return 0;
}

static platform_remove_ret_t secp_remove(struct platform_device *pdev)
{
	struct secp *sp = platform_get_drvdata(pdev);

	misc_deregister(&sp->misc);
	writel(0, sp->regs + SECP_REG_MBOX_ADDR);
	dma_unmap_single(sp->dev, sp->mbox_dma, SECP_MBOX_LEN, DMA_BIDIRECTIONAL);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id secp_of_match[] = {
	{ .compatible = "drvcheck,secproc" },
	{ }
};
MODULE_DEVICE_TABLE(of, secp_of_match);

static struct platform_driver secp_driver = {
	.probe = secp_probe,
	.remove = secp_remove,
	.driver = {
		.name = "secproc",
		.of_match_table = secp_of_match,
	},
};
module_platform_driver(secp_driver);

MODULE_DESCRIPTION("drvcheck testsuite: bidirectional map and syncs (correct)");
MODULE_LICENSE("GPL");
