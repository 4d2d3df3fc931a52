/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checks that pair facts of the whole module (tu_facts.h, and
 * poll_facts.h for the poll checks), run once after sparse has seen every
 * file: one function per check, in the check's file, registered in
 * tu_checks.c.
 */
#ifndef DRVCHECK_SPARSE_TU_CHECKS_H
#define DRVCHECK_SPARSE_TU_CHECKS_H

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

void tu_check_unmap_size(void);
void tu_check_direction(void);
void tu_check_unmap_kind(void);
void tu_check_mix(void);
void tu_check_sg_nents(void);
void tu_check_poll_blocking(void);
void tu_check_poll_task_state(void);
void tu_check_poll_sleep_legacy(void);
void tu_check_poll_no_wait(void);
void tu_check_poll_errno(void);

#endif
