/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the driver's own source text says at a position, for the IR checks.
 *
 * Why: sparse's preprocessor gives every token of a macro expansion the
 * position of the macro's name where the driver wrote it, and then the name
 * is gone.  wait_event_interruptible() reaches the IR as a loop calling
 * prepare_to_wait_event() and schedule(), set_current_state() as a store
 * through current: neither says which model entry the driver used.  The
 * link wraps sparse's tokenizer (-Wl,--wrap=tokenize) and records, in the
 * driver's own files, where a model name is written before '(' and where
 * each 'return' keyword is.  An instruction whose position is such a name
 * came from that call or macro.
 *
 * The driver's own files are the file given to sparse and the headers
 * beside it (not the kernel's headers).
 */
#ifndef DRVCHECK_SPARSE_SRC_INDEX_H
#define DRVCHECK_SPARSE_SRC_INDEX_H

#include <stdbool.h>

#include "model/api_model.h"
#include "sparse_headers.h"

struct token *__wrap_tokenize(const struct position *pos, const char *name,
			      int fd, struct token *endtoken,
			      const char **next_path);

/* A new translation unit: forgets the previous one's index. */
void src_index_file(const char *filename);
/* Is the stream one of the driver's own files? */
bool src_index_driver_stream(int stream);

/* Do the driver's own files call port I/O (port_io_model) / map MMIO? */
bool src_index_port_io(void);
bool src_index_maps_mmio(void);

/* The model call or macro whose name the driver wrote at pos, or NULL. */
const struct api_fn *src_model_name_at(struct position pos);

/*
 * The model entry the driver wrote for a call of callee: a wrapper macro of
 * the same operation (request_mem_region() reaches sparse as
 * __request_region(), and only the name written says the space or that the
 * request is exclusive), else callee.  The arguments stay callee's.
 */
const struct api_fn *src_written_api(struct position pos,
				     const struct api_fn *callee);

/*
 * The 'return' keyword at or before pos in the same stream: the return
 * statement that a position inside a return expression belongs to.
 */
bool src_return_before(struct position pos, struct position *ret);

/*
 * The one 'return -...' statement between from and to (a function's
 * start and its last return), if there is exactly one: where a negative
 * value sparse folded into a select of several returns was written.
 */
bool src_lone_negative_return(struct position from, struct position to,
			      struct position *ret);

void src_index_free(void);

#endif
