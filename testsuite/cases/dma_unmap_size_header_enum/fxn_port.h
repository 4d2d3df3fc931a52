/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The MAC statistics a port DMA-writes, one __be64 counter each, as a
 * firmware header lists them: counts kept in enums, some with explicit
 * values, some counted.
 */
#ifndef FXN_PORT_H
#define FXN_PORT_H

enum fxn_mac_rx_stats {
	FXN_MAC_RX_OCTETS,
	FXN_MAC_RX_FRAMES,
	FXN_MAC_RX_CRC_ERRORS,
	FXN_MAC_RX_STATS_MAX = 0x2b,
};

enum fxn_mac_tx_stats {
	FXN_MAC_TX_OCTETS,
	FXN_MAC_TX_FRAMES,
	FXN_MAC_TX_STATS_MAX = 0x22,
};

enum fxn_mac_fec_stats {
	FXN_MAC_FEC_CORRECTED,
	FXN_MAC_FEC_UNCORRECTED,
	FXN_MAC_FEC_STATS_MAX,		/* 2 */
};

/* per-queue counters: five, counted */
enum fxn_queue_stats {
	FXN_Q_PACKETS,
	FXN_Q_BYTES,
	FXN_Q_DROPS,
	FXN_Q_ERRORS,
	FXN_Q_RESTARTS,
	FXN_Q_STATS_MAX,
};

/* what the firmware documents as the size of one queue's counter block */
#define FXN_Q_STATS_BYTES	40

#endif
