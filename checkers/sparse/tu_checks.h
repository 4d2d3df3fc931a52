/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checks that pair facts of the whole module (tu_facts.h, and
 * poll_facts.h for the poll checks), run once after sparse has seen every
 * file: one function per check, in the check's file, registered in
 * tu_checks.c.
 */
#ifndef DRVCHECK_SPARSE_TU_CHECKS_H
#define DRVCHECK_SPARSE_TU_CHECKS_H

#include "ir_values.h"
#include "tu_facts.h"

void tu_checks_run(void);

/*
 * The maps and allocations that may have produced what loc holds, when
 * all of them are known (no unknown source) and there is at least one.
 */
bool tu_producers(int loc, const struct tu_fact ***facts, size_t *n);

bool tu_is_release(const struct tu_fact *f);	/* streaming unmap */
bool tu_is_sync(const struct tu_fact *f);
bool tu_is_map(const struct tu_fact *f);	/* streaming map */
bool tu_is_alloc(const struct tu_fact *f);	/* coherent family */
bool tu_is_free(const struct tu_fact *f);

/*
 * Region facts, by the name the driver wrote (tu_fact.written): a request
 * (a request-and-map call claims too), a release, a map that claims
 * nothing.
 */
bool tu_is_region_request(const struct tu_fact *f);
bool tu_is_region_release(const struct tu_fact *f);
bool tu_is_iomap(const struct tu_fact *f);
bool tu_is_pci_space(const struct tu_fact *f);	/* BAR, BAR mask or all BARs */
/* Equal, provably different or unknown: the same constant or key is equal. */
enum value_cmp tu_start_compare(const struct tu_fact *a, const struct tu_fact *b);
/* May the PCI request req claim BAR bar (unknown: may)? */
bool tu_pci_claims(const struct tu_fact *req, struct tu_value bar);

void tu_check_unmap_size(void);
void tu_check_direction(void);
void tu_check_unmap_kind(void);
void tu_check_mix(void);
void tu_check_sg_nents(void);
void tu_check_iomem_release(void);
void tu_check_iomem_unrequested_map(void);
void tu_check_iomem_not_exclusive(void);
void tu_check_poll_blocking(void);
void tu_check_poll_task_state(void);
void tu_check_poll_sleep_legacy(void);
void tu_check_poll_no_wait(void);
void tu_check_poll_errno(void);

#endif
