// SPDX-License-Identifier: GPL-2.0
/*
 * Command queue of a platform storage controller: the command buffer is
 * mapped, its handle written into the hardware descriptor, the
 * descriptor armed (VALID, after the barrier) and the tail doorbell rung
 * before the dma_mapping_error() test, which only disarms it again on
 * failure: the device can fetch DMA_MAPPING_ERROR in between.  The test
 * exists, so only a path-sensitive engine sees that it comes too late.
 *
 * drvcheck-case: positive dma-mapping-error-unchecked
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-double-unmap dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define SCQ_DEPTH		32
#define SCQ_CMD_LEN		64
#define SCQ_REG_RING		0x00
#define SCQ_REG_TAIL		0x08
#define SCQ_REG_DONE		0x0c

struct scq_desc {
	__le64 addr;
	__le32 len;
	__le32 flags;
#define SCQ_DESC_VALID		BIT(0)
};

struct scq {
	struct device *dev;
	void __iomem *regs;
	struct scq_desc *ring;
	dma_addr_t ring_dma;
	dma_addr_t cmd_dma[SCQ_DEPTH];
	unsigned int head, tail;
};

static int scq_queue(struct scq *q, void *cmd)
{
	unsigned int i = q->tail % SCQ_DEPTH;
	struct scq_desc *d = &q->ring[i];
	dma_addr_t dma;

	if (q->tail - q->head >= SCQ_DEPTH)
		return -EBUSY;
	dma = dma_map_single(q->dev, cmd, SCQ_CMD_LEN, DMA_TO_DEVICE); /* expect(!cocci): dma-mapping-error-unchecked */
	d->addr = cpu_to_le64(dma);
	d->len = cpu_to_le32(SCQ_CMD_LEN);
	dma_wmb();
	d->flags = cpu_to_le32(SCQ_DESC_VALID);
	writel((q->tail + 1) % SCQ_DEPTH, q->regs + SCQ_REG_TAIL);
	if (dma_mapping_error(q->dev, dma)) {
		d->flags = 0;
		return -ENOMEM;
	}
	q->cmd_dma[i] = dma;
	q->tail++;
	return 0;
}

static irqreturn_t scq_irq(int irq, void *data)
{
	struct scq *q = data;
	unsigned int done = readl(q->regs + SCQ_REG_DONE);

	while (q->head != q->tail && q->head % SCQ_DEPTH != done) {
		unsigned int i = q->head++ % SCQ_DEPTH;

		q->ring[i].flags = 0;
		dma_unmap_single(q->dev, q->cmd_dma[i], SCQ_CMD_LEN, DMA_TO_DEVICE);
	}
	return IRQ_HANDLED;
}

static int scq_probe(struct platform_device *pdev)
{
	struct scq *q;
	u8 *nop_cmd;
	int irq, ret;

	q = devm_kzalloc(&pdev->dev, sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	q->dev = &pdev->dev;
	q->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(q->regs))
		return PTR_ERR(q->regs);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	q->ring = dmam_alloc_coherent(&pdev->dev, SCQ_DEPTH * sizeof(*q->ring),
				      &q->ring_dma, GFP_KERNEL);
	if (!q->ring)
		return -ENOMEM;
	ret = devm_request_irq(&pdev->dev, irq, scq_irq, 0, "scq", q);
	if (ret)
		return ret;
	nop_cmd = devm_kzalloc(&pdev->dev, SCQ_CMD_LEN, GFP_KERNEL);
	if (!nop_cmd)
		return -ENOMEM;
	writeq(q->ring_dma, q->regs + SCQ_REG_RING);
	platform_set_drvdata(pdev, q);
	return scq_queue(q, nop_cmd);
}

static const struct of_device_id scq_of_match[] = {
	{ .compatible = "drvcheck,scq" },
	{ }
};
MODULE_DEVICE_TABLE(of, scq_of_match);

static struct platform_driver scq_driver = {
	.probe = scq_probe,
	.driver = {
		.name = "scq",
		.of_match_table = scq_of_match,
	},
};
module_platform_driver(scq_driver);

MODULE_DESCRIPTION("drvcheck testsuite: handle written to a descriptor before the mapping-error test");
MODULE_LICENSE("GPL");
