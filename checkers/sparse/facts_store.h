/* SPDX-License-Identifier: GPL-2.0 */
/*
 * drvcheck-sparse's run into the facts database named by DRVCHECK_DB
 * (checkers/judge/facts_db.h): the files it was given, the findings it
 * printed, and at exit the facts tu_facts holds, in one transaction.  A
 * database that cannot be used is a note on stderr, never a stop: the
 * build goes on, sparse's exit status stands.
 */
#ifndef DRVCHECK_SPARSE_FACTS_STORE_H
#define DRVCHECK_SPARSE_FACTS_STORE_H

#include "core/finding.h"

void facts_store_file(const char *filename);
void facts_store_finding(const struct finding *f);
void facts_store(const char *path);

#endif
