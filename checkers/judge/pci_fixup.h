/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which functions of a C file a PCI fixup runs: the hooks its
 * DECLARE_PCI_FIXUP_*() lines register, and the functions of the file
 * they name, at any depth.  A fixup runs at enumeration or resume, before
 * or beside the device's driver, and is no driver of the device: what it
 * maps of a BAR is not its to request (usb/host/pci-quirks.c hands the
 * controller over from the BIOS and unmaps the BAR again, xhci-pci then
 * requests it).
 */
#ifndef DRVCHECK_PCI_FIXUP_H
#define DRVCHECK_PCI_FIXUP_H

#include <stdbool.h>

/* Does a PCI fixup of file path run function fn? */
bool pci_fixup_runs(const char *path, const char *fn);

#endif
