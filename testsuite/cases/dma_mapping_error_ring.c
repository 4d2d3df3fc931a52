// SPDX-License-Identifier: GPL-2.0
/*
 * Message ring of a platform mailbox controller (mbox_chan_ops): send_data
 * maps the client's message buffer and stores the handle in the ring
 * slot; a later function (the doorbell kick) reads it from the slot and
 * gives it to the hardware, and the completion interrupt unmaps it.  The
 * handle is never tested with dma_mapping_error() anywhere.
 *
 * drvcheck-case: positive dma-mapping-error-unchecked
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-double-unmap dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/mailbox_controller.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define MBR_SLOTS		16
#define MBR_MSG_LEN		256
#define MBR_REG_MSG_ADDR	0x00
#define MBR_REG_MSG_LEN		0x08
#define MBR_REG_KICK		0x0c
#define MBR_REG_DONE		0x10

struct mbr_slot {
	void *msg;
	dma_addr_t dma;
};

struct mbr {
	struct device *dev;
	void __iomem *regs;
	struct mbox_controller ctrl;
	struct mbox_chan chan;
	struct mbr_slot ring[MBR_SLOTS];
	unsigned int head, tail;
};

static void mbr_kick(struct mbr *mb, unsigned int i)
{
	writeq(mb->ring[i].dma, mb->regs + MBR_REG_MSG_ADDR);
	writel(MBR_MSG_LEN, mb->regs + MBR_REG_MSG_LEN);
	writel(1, mb->regs + MBR_REG_KICK);
}

static int mbr_send_data(struct mbox_chan *chan, void *data)
{
	struct mbr *mb = container_of(chan->mbox, struct mbr, ctrl);
	unsigned int i = mb->head % MBR_SLOTS;

	if (mb->head - mb->tail >= MBR_SLOTS)
		return -EBUSY;
	mb->ring[i].msg = data;
	mb->ring[i].dma = dma_map_single(mb->dev, data, MBR_MSG_LEN, DMA_TO_DEVICE); /* expect: dma-mapping-error-unchecked */
	mb->head++;
	mbr_kick(mb, i);
	return 0;
}

static irqreturn_t mbr_irq(int irq, void *data)
{
	struct mbr *mb = data;

	if (!readl(mb->regs + MBR_REG_DONE))
		return IRQ_NONE;
	writel(1, mb->regs + MBR_REG_DONE);
	if (mb->tail != mb->head) {
		struct mbr_slot *s = &mb->ring[mb->tail++ % MBR_SLOTS];

		dma_unmap_single(mb->dev, s->dma, MBR_MSG_LEN, DMA_TO_DEVICE);
		mbox_chan_txdone(&mb->chan, 0);
	}
	return IRQ_HANDLED;
}

static const struct mbox_chan_ops mbr_chan_ops = {
	.send_data = mbr_send_data,
};

static int mbr_probe(struct platform_device *pdev)
{
	struct mbr *mb;
	int irq, ret;

	mb = devm_kzalloc(&pdev->dev, sizeof(*mb), GFP_KERNEL);
	if (!mb)
		return -ENOMEM;
	mb->dev = &pdev->dev;
	mb->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(mb->regs))
		return PTR_ERR(mb->regs);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	ret = devm_request_irq(&pdev->dev, irq, mbr_irq, 0, "mbox-ring", mb);
	if (ret)
		return ret;

	mb->ctrl.dev = &pdev->dev;
	mb->ctrl.ops = &mbr_chan_ops;
	mb->ctrl.chans = &mb->chan;
	mb->ctrl.num_chans = 1;
	mb->ctrl.txdone_irq = true;
	platform_set_drvdata(pdev, mb);
	return devm_mbox_controller_register(&pdev->dev, &mb->ctrl);
}

static const struct of_device_id mbr_of_match[] = {
	{ .compatible = "drvcheck,mbox-ring" },
	{ }
};
MODULE_DEVICE_TABLE(of, mbr_of_match);

static struct platform_driver mbr_driver = {
	.probe = mbr_probe,
	.driver = {
		.name = "mbox-ring",
		.of_match_table = mbr_of_match,
	},
};
module_platform_driver(mbr_driver);

MODULE_DESCRIPTION("drvcheck testsuite: ring handle never tested with dma_mapping_error");
MODULE_LICENSE("GPL");
