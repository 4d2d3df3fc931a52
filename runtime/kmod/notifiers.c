// SPDX-License-Identifier: GPL-2.0
/*
 * When mappings must be gone: a driver unbound from a device, a device
 * removed (platform and PCI buses, the buses whose devices are tracked),
 * a module unloaded.  What is still mapped is reported as dma-leak, as
 * dma-debug does at BUS_NOTIFY_UNBOUND_DRIVER, and returned to the pool.
 * No hook context here: the error's "at" is where the notification came
 * from (the core's stack saver falls back to the current stack).
 */
#include <linux/device.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/pci.h>
#include <linux/platform_device.h>

#include "rt.h"

static int bus_event(struct notifier_block *nb, unsigned long action,
		     void *data)
{
	switch (action) {
	case BUS_NOTIFY_UNBOUND_DRIVER:
	case BUS_NOTIFY_DEL_DEVICE:
		rt_dma_pending(&drt.dma, data, -1, true);
		rt_device_forget(data);
		rt_dev_driver_ids_forget();
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block platform_nb = { .notifier_call = bus_event };
static struct notifier_block pci_nb = { .notifier_call = bus_event };

/* A mapping made by the module: one of its frames in the saved stack. */
static bool made_by(void *arg, const struct rt_dma_entry *e)
{
	const struct module *mod = arg;

	for (unsigned int i = 0; i < e->nstack; i++)
		if (within_module(e->stack[i], mod))
			return true;
	return false;
}

static int module_event(struct notifier_block *nb, unsigned long action,
			void *data)
{
	struct module *mod = data;

	switch (action) {
	case MODULE_STATE_COMING:
		rt_modules_coming(mod);
		break;
	case MODULE_STATE_LIVE:
		rt_modules_live(mod);
		break;
	case MODULE_STATE_GOING:
		/* Its exit ran, its devices are unbound: whatever is left. */
		rt_dma_pending_match(&drt.dma, made_by, mod, true);
		rt_modules_going(mod);
		rt_dev_driver_ids_forget();
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block module_nb = { .notifier_call = module_event };

int rt_notifiers_init(void)
{
	int err;

	err = register_module_notifier(&module_nb);
	if (err)
		return err;
	err = bus_register_notifier(&platform_bus_type, &platform_nb);
	if (err)
		goto fail_platform;
	if (IS_ENABLED(CONFIG_PCI)) {
		err = bus_register_notifier(&pci_bus_type, &pci_nb);
		if (err)
			goto fail_pci;
	}
	return 0;
fail_pci:
	bus_unregister_notifier(&platform_bus_type, &platform_nb);
fail_platform:
	unregister_module_notifier(&module_nb);
	return err;
}

void rt_notifiers_exit(void)
{
	if (IS_ENABLED(CONFIG_PCI))
		bus_unregister_notifier(&pci_bus_type, &pci_nb);
	bus_unregister_notifier(&platform_bus_type, &platform_nb);
	unregister_module_notifier(&module_nb);
}
