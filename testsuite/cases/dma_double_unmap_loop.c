// SPDX-License-Identifier: GPL-2.0
/*
 * Flash programming through a platform QSPI controller: the image is sent
 * in QSPI_CHUNKS fixed chunks; each iteration maps a chunk into the local
 * handle, programs it and unmaps it.  After the loop a leftover "clean up
 * the last mapping" unmaps the same local handle again -- the mapping of
 * the last chunk, already released in the loop body.
 *
 * drvcheck-case: positive dma-double-unmap
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-map-stack
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/property.h>
#include <linux/io.h>

#define QSPI_CHUNKS		16
#define QSPI_CHUNK_LEN		256
#define QSPI_REG_SRC		0x00
#define QSPI_REG_FLASH_OFF	0x08
#define QSPI_REG_LEN		0x0c
#define QSPI_REG_PROGRAM	0x10
#define QSPI_REG_STATUS		0x14
#define  QSPI_STATUS_BUSY	BIT(0)

struct qspi {
	struct device *dev;
	void __iomem *regs;
	u8 *image;		/* QSPI_CHUNKS * QSPI_CHUNK_LEN */
};

static int qspi_program(struct qspi *q)
{
	dma_addr_t dma = DMA_MAPPING_ERROR;
	int i, ret = 0;
	u32 st;

	for (i = 0; i < QSPI_CHUNKS; i++) {
		dma = dma_map_single(q->dev, q->image + i * QSPI_CHUNK_LEN,
				     QSPI_CHUNK_LEN, DMA_TO_DEVICE);
		if (dma_mapping_error(q->dev, dma))
			return -ENOMEM;
		writeq(dma, q->regs + QSPI_REG_SRC);
		writel(i * QSPI_CHUNK_LEN, q->regs + QSPI_REG_FLASH_OFF);
		writel(QSPI_CHUNK_LEN, q->regs + QSPI_REG_LEN);
		writel(1, q->regs + QSPI_REG_PROGRAM);
		ret = readl_poll_timeout(q->regs + QSPI_REG_STATUS, st,
					 !(st & QSPI_STATUS_BUSY), 20, 50000);
		dma_unmap_single(q->dev, dma, QSPI_CHUNK_LEN, DMA_TO_DEVICE);
		if (ret)
			return ret;
	}

	/* release the last chunk's mapping */
	dma_unmap_single(q->dev, dma, QSPI_CHUNK_LEN, DMA_TO_DEVICE); /* expect(!clang): dma-double-unmap */
	return 0;
}

static int qspi_probe(struct platform_device *pdev)
{
	struct qspi *q;
	int ret;

	q = devm_kzalloc(&pdev->dev, sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	q->dev = &pdev->dev;
	q->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(q->regs))
		return PTR_ERR(q->regs);
	q->image = devm_kmalloc(&pdev->dev, QSPI_CHUNKS * QSPI_CHUNK_LEN,
				GFP_KERNEL);
	if (!q->image)
		return -ENOMEM;
	memset(q->image, 0xff, QSPI_CHUNKS * QSPI_CHUNK_LEN);

	/* boards strapped for recovery get their boot area blanked */
	if (device_property_read_bool(&pdev->dev, "drvcheck,blank-on-probe")) {
		ret = qspi_program(q);
		if (ret)
			return ret;
	}
	platform_set_drvdata(pdev, q);
	return 0;
}

static const struct of_device_id qspi_of_match[] = {
	{ .compatible = "drvcheck,qspi-prog" },
	{ }
};
MODULE_DEVICE_TABLE(of, qspi_of_match);

static struct platform_driver qspi_driver = {
	.probe = qspi_probe,
	.driver = {
		.name = "qspi-prog",
		.of_match_table = qspi_of_match,
	},
};
module_platform_driver(qspi_driver);

MODULE_DESCRIPTION("drvcheck testsuite: unmap in the loop body and again after the loop");
MODULE_LICENSE("GPL");
