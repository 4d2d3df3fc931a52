/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The libsparse headers drvcheck-sparse uses, in one place.  They come from
 * the sparse source tree that fetch-sparse.sh unpacks in the build
 * directory (a system include directory, so their own warnings stay quiet
 * under drvcheck's -Wall -Wextra -Werror).
 */
#ifndef DRVCHECK_SPARSE_HEADERS_H
#define DRVCHECK_SPARSE_HEADERS_H

#include "lib.h"
#include "allocate.h"
#include "token.h"
#include "parse.h"
#include "symbol.h"
#include "expression.h"
#include "linearize.h"

#endif
