// SPDX-License-Identifier: GPL-2.0
/*
 * Firmware mailbox of a platform device: probe hands the device a 258-byte
 * configuration block (256 bytes of settings plus a CRC16) through a
 * streaming mapping and waits for the firmware to take it.  The unmap
 * still uses 256, the size of the block before the CRC was added.  Map and
 * unmap are in one function, both sizes are constants: 258 vs 256.
 *
 * drvcheck-case: positive dma-unmap-size
 * drvcheck-case: negative dma-direction dma-unmap-kind dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/crc16.h>
#include "unaligned_compat.h"
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/io.h>

#define MBOX_REG_ADDR_LO	0x00
#define MBOX_REG_ADDR_HI	0x04
#define MBOX_REG_LEN		0x08
#define MBOX_REG_CTRL		0x0c
#define  MBOX_CTRL_GO		BIT(0)
#define MBOX_REG_STATUS		0x10
#define  MBOX_STATUS_DONE	BIT(0)
#define  MBOX_STATUS_ERR	BIT(1)

#define MBOX_CFG_SETTINGS	256
#define MBOX_CFG_LEN		258	/* settings + __le16 crc */

struct mbox_priv {
	struct device *dev;
	void __iomem *regs;
	u8 *cfg;
};

static int mbox_send_config(struct mbox_priv *mb)
{
	dma_addr_t addr;
	u32 status;
	int ret;

	put_unaligned_le16(crc16(0, mb->cfg, MBOX_CFG_SETTINGS),
			   mb->cfg + MBOX_CFG_SETTINGS);

	addr = dma_map_single(mb->dev, mb->cfg, MBOX_CFG_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(mb->dev, addr))
		return -ENOMEM;

	writel(lower_32_bits(addr), mb->regs + MBOX_REG_ADDR_LO);
	writel(upper_32_bits(addr), mb->regs + MBOX_REG_ADDR_HI);
	writel(MBOX_CFG_LEN, mb->regs + MBOX_REG_LEN);
	writel(MBOX_CTRL_GO, mb->regs + MBOX_REG_CTRL);

	ret = readl_poll_timeout(mb->regs + MBOX_REG_STATUS, status,
				 status & (MBOX_STATUS_DONE | MBOX_STATUS_ERR),
				 10, 100000);
	if (!ret && (status & MBOX_STATUS_ERR))
		ret = -EIO;

	dma_unmap_single(mb->dev, addr, 256, DMA_TO_DEVICE); /* expect: dma-unmap-size */
	return ret;
}

static int mbox_probe(struct platform_device *pdev)
{
	struct mbox_priv *mb;
	int ret;

	mb = devm_kzalloc(&pdev->dev, sizeof(*mb), GFP_KERNEL);
	if (!mb)
		return -ENOMEM;
	mb->dev = &pdev->dev;

	mb->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(mb->regs))
		return PTR_ERR(mb->regs);

	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;

	mb->cfg = devm_kzalloc(&pdev->dev, MBOX_CFG_LEN, GFP_KERNEL);
	if (!mb->cfg)
		return -ENOMEM;
	mb->cfg[0] = 0x01;	/* config version */
	mb->cfg[1] = 0x80;	/* default interrupt moderation */

	ret = mbox_send_config(mb);
	if (ret)
		return dev_err_probe(&pdev->dev, ret, "firmware rejected config\n");

	platform_set_drvdata(pdev, mb);
	return 0;
}

static const struct of_device_id mbox_of_match[] = {
	{ .compatible = "drvcheck,cfg-mbox" },
	{ }
};
MODULE_DEVICE_TABLE(of, mbox_of_match);

static struct platform_driver mbox_driver = {
	.probe = mbox_probe,
	.driver = {
		.name = "cfg-mbox",
		.of_match_table = mbox_of_match,
	},
};
module_platform_driver(mbox_driver);

MODULE_DESCRIPTION("drvcheck testsuite: local unmap size 256 vs mapped 258");
MODULE_LICENSE("GPL");
