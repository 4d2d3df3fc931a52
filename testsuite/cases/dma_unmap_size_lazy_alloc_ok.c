// SPDX-License-Identifier: GPL-2.0
/*
 * A GPU MMU in the lima style: one page directory of 4 KiB, allocated
 * when the address space is made, and up to LV_NUM_BT block tables of
 * 32 KiB of the same struct type, allocated lazily the first time an
 * address in their range is mapped ("if (!bt->cpu)") and freed at
 * teardown only if they were ("if (bt->cpu)").  The guards test what the
 * allocation itself stores: each table is freed with its own size.
 * Correct.
 *
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-coherent-streaming-mix
 * drvcheck-case: negative dma-double-unmap
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>

#define LV_PAGE_SIZE		4096
#define LV_BT_SHIFT		3
#define LV_NUM_BT		16
#define LV_FLAG_PRESENT		BIT(0)

struct lv_page {
	u32 *cpu;
	dma_addr_t dma;
};

struct lv_vm {
	struct device *dev;
	struct lv_page pd;
	struct lv_page bts[LV_NUM_BT];
};

static int lv_map_page(struct lv_vm *vm, unsigned int pbe)
{
	if (!vm->bts[pbe].cpu) {
		vm->bts[pbe].cpu = dma_alloc_wc(vm->dev, LV_PAGE_SIZE << LV_BT_SHIFT,
						&vm->bts[pbe].dma, GFP_KERNEL);
		if (!vm->bts[pbe].cpu)
			return -ENOMEM;
		vm->pd.cpu[pbe] = lower_32_bits(vm->bts[pbe].dma) | LV_FLAG_PRESENT;
	}
	return 0;
}

static struct lv_vm *lv_vm_create(struct device *dev)
{
	struct lv_vm *vm = kzalloc(sizeof(*vm), GFP_KERNEL);

	if (!vm)
		return NULL;
	vm->dev = dev;
	vm->pd.cpu = dma_alloc_wc(dev, LV_PAGE_SIZE, &vm->pd.dma, GFP_KERNEL);
	if (!vm->pd.cpu) {
		kfree(vm);
		return NULL;
	}
	return vm;
}

static void lv_vm_release(struct lv_vm *vm)
{
	int i;

	for (i = 0; i < LV_NUM_BT; i++) {
		if (vm->bts[i].cpu)
			dma_free_wc(vm->dev, LV_PAGE_SIZE << LV_BT_SHIFT,
				    vm->bts[i].cpu, vm->bts[i].dma);
	}
	if (vm->pd.cpu)
		dma_free_wc(vm->dev, LV_PAGE_SIZE, vm->pd.cpu, vm->pd.dma);
	kfree(vm);
}

static int lv_probe(struct platform_device *pdev)
{
	struct lv_vm *vm = lv_vm_create(&pdev->dev);
	int ret;

	if (!vm)
		return -ENOMEM;
	ret = lv_map_page(vm, 2);
	lv_vm_release(vm);
	return ret;
}

static const struct of_device_id lv_of_match[] = {
	{ .compatible = "example,lv" },
	{ }
};
MODULE_DEVICE_TABLE(of, lv_of_match);

static struct platform_driver lv_driver = {
	.probe	= lv_probe,
	.driver	= { .name = "lv", .of_match_table = lv_of_match },
};
module_platform_driver(lv_driver);
MODULE_LICENSE("GPL");
