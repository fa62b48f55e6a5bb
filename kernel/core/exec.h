/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The soft NIC's entry engine (exec.c) and what it needs from its host:
 * a way to find peers and regions, and how long a send waits for a peer.
 */
#ifndef RIG_EXEC_H
#define RIG_EXEC_H

#include "rig.h"

/**
 * struct rig_exec_ops - what the entry engine asks of whoever runs it
 * @peer: the queue pair numbered @qpn on the NIC @nic_id, or NULL
 * @region: the live region @key names on @rdev, or NULL
 * @run_present: is the device memory of @run still where it was
 *		 registered?  Asked before every piece copied to or from
 *		 it; false is a DMA fault.
 * @read_io: copy from device memory: memcpy_fromio()
 * @write_io: copy to device memory: memcpy_toio()
 * @flush_io: make every store to device memory so far visible before
 *	      the stores that follow (the completion's): wmb()
 * @rnr_ms: how long a send waits for the peer to post a receive
 * @retry_ms: how long a send waits for a peer that does not exist
 */
struct rig_exec_ops {
	struct rig_qp *(*peer)(u64 nic_id, u32 qpn);
	struct rig_region *(*region)(struct rig_dev *rdev, u32 key);
	bool (*run_present)(const struct rig_devrun *run);
	void (*read_io)(void *dst, const void __iomem *src, size_t n);
	void (*write_io)(void __iomem *dst, const void *src, size_t n);
	void (*flush_io)(void);
	unsigned int rnr_ms;
	unsigned int retry_ms;
};

bool rig_exec_qp(const struct rig_exec_ops *ops, struct rig_qp *qp, u64 *budget,
		 bool *waiting);
bool rig_exec_pending(struct rig_qp *qp);
u32 rig_exec_cq_unread(struct rig_qp *qp, bool *armed);

#endif /* RIG_EXEC_H */
