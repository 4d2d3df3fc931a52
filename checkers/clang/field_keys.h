/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names of struct members as the checkers pair things through them:
 * "record.member" ("smac_tx_entry.mapping"), the same for the region the
 * analyzer stores into, the value it loads back and the expression the
 * driver wrote (t->phys, dma_unmap_addr(tx, mapping)).
 */
#ifndef DRVCHECK_CLANG_FIELD_KEYS_H
#define DRVCHECK_CLANG_FIELD_KEYS_H

#include "model_adapter.h"

namespace drvcheck {

/* The key of the first field region in R or its super-regions. */
std::optional<std::string> fieldKey(const MemRegion *R);
/* The key of an expression written as a member access. */
std::optional<std::string> writtenField(const Expr *E);
/* The field a value was loaded from (a handle read back from a ring
 * entry), if it is such a load. */
std::optional<std::string> loadedFromField(SVal V);

/* Is this key one of a named struct's members (the same struct in every
 * file), not a typedef'd anonymous struct's? */
bool sharedFieldKey(const std::string &Key);

} // namespace drvcheck

#endif
