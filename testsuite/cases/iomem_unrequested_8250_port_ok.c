// SPDX-License-Identifier: GPL-2.0
/*
 * SoC UART glue for the 8250 core, in the 8250_dw / 8250_tegra style: it
 * maps the register window with devm_ioremap() to reset and probe the
 * block, hands the window's start to the core as the port's mapbase and
 * registers the port.  The core sets UPF_BOOT_AUTOCONF and claims
 * mapbase with request_mem_region() when it configures the port, and
 * gives it back at unregistration: the window is requested, by the core.
 *
 * drvcheck-case: negative iomem-unrequested-map iomem-unchecked-request
 * drvcheck-case: negative iomem-release-mismatch
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/io.h>
#include <linux/serial_8250.h>
#include <linux/serial_reg.h>

#define XU_RESET	0x40

struct xu8250 {
	int line;
};

static int xu8250_probe(struct platform_device *pdev)
{
	struct uart_8250_port up = { };
	struct resource *res;
	struct xu8250 *data;
	void __iomem *regs;
	int irq;

	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	data = devm_kzalloc(&pdev->dev, sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	regs = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!regs)
		return -ENOMEM;
	writel(1, regs + XU_RESET);

	spin_lock_init(&up.port.lock);
	up.port.dev = &pdev->dev;
	up.port.irq = irq;
	up.port.type = PORT_16550A;
	up.port.iotype = UPIO_MEM32;
	up.port.regshift = 2;
	up.port.membase = regs;
	up.port.mapbase = res->start;
	up.port.mapsize = resource_size(res);
	up.port.uartclk = 48000000;
	up.port.flags = UPF_SHARE_IRQ | UPF_FIXED_PORT | UPF_FIXED_TYPE;

	data->line = serial8250_register_8250_port(&up);
	if (data->line < 0)
		return data->line;
	platform_set_drvdata(pdev, data);
	return 0;
}

static platform_remove_ret_t xu8250_remove(struct platform_device *pdev)
{
	struct xu8250 *data = platform_get_drvdata(pdev);

	serial8250_unregister_port(data->line);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id xu8250_of_match[] = {
	{ .compatible = "example,xu8250" },
	{ }
};
MODULE_DEVICE_TABLE(of, xu8250_of_match);

static struct platform_driver xu8250_driver = {
	.probe	= xu8250_probe,
	.remove	= xu8250_remove,
	.driver	= { .name = "xu8250", .of_match_table = xu8250_of_match },
};
module_platform_driver(xu8250_driver);
MODULE_LICENSE("GPL");
