/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Baselines: a file of fingerprints of accepted findings, so CI fails only
 * on new ones.  A fingerprint counts as many times as it was written: two
 * accepted findings with one fingerprint hide two, not three.
 */
#ifndef DRVCHECK_BASELINE_H
#define DRVCHECK_BASELINE_H

#include "finding.h"

/* 0, or -1 with errno / a message on stderr. */
int baseline_write(const char *path, const struct finding_list *list);
/* Removes the findings the baseline holds; returns how many, or -1. */
long baseline_filter(const char *path, struct finding_list *list);

#endif
