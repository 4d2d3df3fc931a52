// SPDX-License-Identifier: GPL-2.0
/*
 * A descriptor ring in the b44 style: coherent memory when
 * dma_alloc_coherent() gives it, else, under "if (!priv->ring)", a
 * kzalloc()ed ring mapped with dma_map_single(), stored to the same
 * members, with a flag saying so.  The free tests the ring pointer, then
 * the flag: dma_unmap_single() for the mapped ring, dma_free_coherent()
 * for the coherent one.  The fallback's "ring == 0" test is of what that
 * branch itself fills, so it does not keep its map from the free's
 * "if (priv->ring)".  Correct.
 *
 * drvcheck-case: negative dma-coherent-streaming-mix dma-unmap-kind
 * drvcheck-case: negative dma-unmap-size dma-direction
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/slab.h>
#include <linux/dma-mapping.h>

#define FR_RING_BYTES		4096
#define FR_FLAG_RING_HACK	BIT(0)

struct fr_priv {
	struct device *dev;
	void *ring;
	dma_addr_t ring_dma;
	u32 flags;
};

static void fr_free_ring(struct fr_priv *priv)
{
	if (priv->ring) {
		if (priv->flags & FR_FLAG_RING_HACK) {
			dma_unmap_single(priv->dev, priv->ring_dma,
					 FR_RING_BYTES, DMA_BIDIRECTIONAL);
			kfree(priv->ring);
		} else {
			dma_free_coherent(priv->dev, FR_RING_BYTES, priv->ring,
					  priv->ring_dma);
		}
		priv->ring = NULL;
		priv->flags &= ~FR_FLAG_RING_HACK;
	}
}

static int fr_alloc_ring(struct fr_priv *priv)
{
	priv->ring = dma_alloc_coherent(priv->dev, FR_RING_BYTES,
					&priv->ring_dma, GFP_KERNEL);
	if (!priv->ring) {
		/* the coherent pool may be restricted: a mapped buffer will do */
		void *ring;
		dma_addr_t ring_dma;

		ring = kzalloc(FR_RING_BYTES, GFP_KERNEL);
		if (!ring)
			return -ENOMEM;
		ring_dma = dma_map_single(priv->dev, ring, FR_RING_BYTES,
					  DMA_BIDIRECTIONAL);
		if (dma_mapping_error(priv->dev, ring_dma)) {
			kfree(ring);
			return -ENOMEM;
		}
		priv->ring = ring;
		priv->ring_dma = ring_dma;
		priv->flags |= FR_FLAG_RING_HACK;
	}
	return 0;
}

static int fr_probe(struct platform_device *pdev)
{
	struct fr_priv *priv = devm_kzalloc(&pdev->dev, sizeof(*priv), GFP_KERNEL);
	int ret;

	if (!priv)
		return -ENOMEM;
	priv->dev = &pdev->dev;
	ret = fr_alloc_ring(priv);
	if (ret)
		return ret;
	platform_set_drvdata(pdev, priv);
	return 0;
}

static platform_remove_ret_t fr_remove(struct platform_device *pdev)
{
	fr_free_ring(platform_get_drvdata(pdev));
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver fr_driver = {
	.probe = fr_probe,
	.remove = fr_remove,
	.driver = { .name = "fr-ring" },
};
module_platform_driver(fr_driver);

MODULE_DESCRIPTION("drvcheck testsuite: a mapped fallback for a coherent ring (correct)");
MODULE_LICENSE("GPL");
