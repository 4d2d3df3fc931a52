/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The model function the driver wrote at a call.  Many region calls are
 * macros: request_mem_region() reaches sparse as
 * __request_region(&iomem_resource, ...), and only the name written says
 * the address space or that IORESOURCE_EXCLUSIVE was asked for.  Sparse
 * gives every token of a macro's expansion the position of the macro's
 * name (pre-process.c, dup_token), so the identifier in the source at the
 * call's position is the name the driver wrote.
 */
#ifndef DRVCHECK_SPARSE_SRC_TEXT_H
#define DRVCHECK_SPARSE_SRC_TEXT_H

#include "model/api_model.h"
#include "sparse_headers.h"

/*
 * The model entry named at pos when it is of callee's family and role (a
 * wrapper macro of the same operation), else callee.  The argument
 * positions stay callee's: the arguments are those of the expansion.
 */
const struct api_fn *api_as_written(struct position pos,
				    const struct api_fn *callee);

/* Forgets the file read last (at exit). */
void src_text_free(void);

#endif
