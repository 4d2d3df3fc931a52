/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which struct resource variables of a function hold another device-tree
 * node's region (of_model in checkers/model): filled by
 * of_address_to_resource() from a node the function looked up by phandle,
 * as a child or as the parent.  Fed the function's expressions in source
 * order by tu_facts.c's walk.
 */
#ifndef DRVCHECK_SPARSE_OF_NODES_H
#define DRVCHECK_SPARSE_OF_NODES_H

#include <stdbool.h>

#include "sparse_headers.h"

/* A new function: forget the last one's nodes. */
void of_nodes_begin(void);
/* An expression of the function (a call, an assignment). */
void of_nodes_expr(struct expression *e);
/* A local declared with an initializer. */
void of_nodes_decl(struct symbol *sym);
/* Was sym filled from another node than the device's own? */
bool of_nodes_other_resource(struct symbol *sym);
void of_nodes_free(void);

#endif
