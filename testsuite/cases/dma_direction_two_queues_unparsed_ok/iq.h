/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Part of the dma_direction_two_queues_unparsed_ok case (the declaration is
 * in iq_main.c): iphase.h's debug macros, which take a statement as their
 * argument.
 */
#ifndef IQ_H
#define IQ_H

extern int iq_debug;

#define IQ_LABEL	"iq"
#define IQ_ERR(A)	if (iq_debug) { A }
#define IQ_TX(A)	if (iq_debug > 1) { A }

#endif
