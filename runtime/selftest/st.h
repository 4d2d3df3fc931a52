/* SPDX-License-Identifier: GPL-2.0 */
/*
 * drvcheck_selftest: shared state of the test driver.
 *
 * Every scenario is one small function named st_<scenario> that makes its
 * DMA / iomem calls directly, so the call site drvcheck_rt reports (func=)
 * is that function, and a static finding in it can be confirmed by name.
 */
#ifndef DRVCHECK_SELFTEST_H
#define DRVCHECK_SELFTEST_H

#include <linux/device.h>
#include <linux/mutex.h>
#include <linux/types.h>

#define ST_NAME		"drvcheck_selftest"

/* The MMIO window the platform device owns (nothing decodes it). */
#define ST_WIN_SIZE	0x10000
#define ST_WIN_SLOT	0x1000		/* one region scenario per slot */

/* Per bound device. */
struct st_priv {
	struct device *dev;
	/* st_leak: mapped, never unmapped (remove() only frees it) */
	void *leak_buf;
	dma_addr_t leak_dma;
};

struct st_scenario {
	const char *name;
	int (*fn)(struct device *dev);
};

struct st_state {
	struct mutex lock;		/* scenarios, stress, pool, bind */
	struct st_priv *priv;		/* NULL: not bound */
	resource_size_t win_start;
	struct resource *excl;		/* exclusive_hold's region */
	struct resource *held;		/* region_hold's region */
};

extern struct st_state st;

extern const struct st_scenario st_dma_scenarios[];
extern const unsigned int st_dma_nscenarios;
extern const struct st_scenario st_region_scenarios[];
extern const unsigned int st_region_nscenarios;

/* Whether a streaming map of cpu went through a bounce buffer. */
bool st_bounced(struct device *dev, dma_addr_t dma, void *cpu);

int st_poll_init(void);
void st_poll_exit(void);
int st_poll_mode_show(char *buf, size_t len);
int st_poll_mode_set(const char *name);
extern u32 st_poll_busy_kicks;

int st_stress_run(struct device *dev, unsigned int threads,
		  unsigned int iterations);
int st_stress_result(char *buf, size_t len);
int st_stress_bg_start(struct device *dev, unsigned int threads);
void st_stress_bg_stop(void);
bool st_stress_bg_running(void);
int st_pool_hold(struct device *dev, unsigned int n);
void st_pool_release(struct device *dev);
unsigned int st_pool_held(void);

#endif /* DRVCHECK_SELFTEST_H */
