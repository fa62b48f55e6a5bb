// SPDX-License-Identifier: BSD-2-Clause
/*
 * The process's side of the bnxt ring formats (rig/bnxt_hsi.h): the
 * exported calls check every argument, then call the unchecked helpers
 * of bnxt_hsi_inline.h, which build each entry in a local copy and write
 * it with one memcpy(), read completions toggle first, make doorbell
 * values and fill the PSN search area.  Pure functions: no state, no
 * messages.
 */
#include <errno.h>
#include <string.h>

#include "bnxt_hsi_inline.h"
#include "internal.h"
#include "rig/bnxt_hsi.h"

/* Are the @size bytes at @at of @ring inside it, and @at a multiple of @size? */
static bool rig_bnxt_fits(const void *ring, size_t ring_bytes, size_t at, size_t size)
{
	return ring && at % size == 0 && ring_bytes >= size &&
	       at <= ring_bytes - size;
}

/* Are these elements well formed?  Their total size is stored in @sum. */
static bool rig_bnxt_sges_ok(const struct rig_bnxt_local *local, unsigned int n,
			     uint64_t *sum)
{
	unsigned int i;

	if (n > RIG_BNXT_MAX_SGES || (n && !local))
		return false;
	*sum = 0;
	for (i = 0; i < n; i++)
		*sum += local[i].bytes;
	return true;
}

/* The checks of bnxt_put_sq_unchecked(): may this send-ring entry be written? */
static bool rig_bnxt_sq_ok(const void *ring, size_t ring_bytes, size_t at,
			   const struct rig_bnxt_local *local, unsigned int n)
{
	uint64_t sum;

	return rig_bnxt_fits(ring, ring_bytes, at, RIG_BNXT_ENTRY_SIZE) &&
	       rig_bnxt_sges_ok(local, n, &sum) && sum <= UINT32_MAX;
}

RIG_EXPORT int rig_bnxt_put_send(void *ring, size_t ring_bytes, size_t at, bool signal,
				 const struct rig_bnxt_local *local, unsigned int n)
{
	if (!rig_bnxt_sq_ok(ring, ring_bytes, at, local, n))
		return -EINVAL;
	bnxt_put_send_unchecked(ring, at, signal, local, n);
	return 0;
}

RIG_EXPORT int rig_bnxt_put_read(void *ring, size_t ring_bytes, size_t at, bool signal,
				 const struct rig_bnxt_remote *remote,
				 const struct rig_bnxt_local *local, unsigned int n)
{
	if (!remote || !rig_bnxt_sq_ok(ring, ring_bytes, at, local, n))
		return -EINVAL;
	bnxt_put_read_unchecked(ring, at, signal, remote, local, n);
	return 0;
}

RIG_EXPORT int rig_bnxt_put_receive(void *ring, size_t ring_bytes, size_t at, uint32_t wr_id,
				    const struct rig_bnxt_local *local, unsigned int n)
{
	uint64_t sum;

	if (!rig_bnxt_fits(ring, ring_bytes, at, sizeof(struct rig_bnxt_rq_wqe)) ||
	    wr_id > RIG_BNXT_RQ_WR_ID_MASK || !rig_bnxt_sges_ok(local, n, &sum))
		return -EINVAL;
	bnxt_put_receive_unchecked(ring, at, wr_id, local, n);
	return 0;
}

RIG_EXPORT int rig_bnxt_completion_phase(uint64_t count, uint32_t entries)
{
	if (!entries)
		return -EINVAL;
	return (int)bnxt_completion_phase_unchecked(count, entries);
}

RIG_EXPORT int rig_bnxt_get_completion(const void *ring, size_t ring_bytes, size_t at,
				       unsigned int phase, struct rig_bnxt_completion *c)
{
	if (!c || phase > 1 || !rig_bnxt_fits(ring, ring_bytes, at, RIG_BNXT_CQE_SIZE))
		return -EINVAL;
	return bnxt_get_completion_unchecked(ring, at, phase, c);
}

static const char *const rig_bnxt_req_status[] = {
	[RIG_BNXT_CQ_REQ_STATUS_OK] = "success",
	[RIG_BNXT_CQ_REQ_STATUS_BAD_RESPONSE_ERR] = "bad response",
	[RIG_BNXT_CQ_REQ_STATUS_LOCAL_LENGTH_ERR] = "local length error",
	[RIG_BNXT_CQ_REQ_STATUS_LOCAL_QP_OPERATION_ERR] = "local queue pair operation error",
	[RIG_BNXT_CQ_REQ_STATUS_LOCAL_PROTECTION_ERR] = "local protection error",
	[RIG_BNXT_CQ_REQ_STATUS_MEMORY_MGT_OPERATION_ERR] = "memory management operation error",
	[RIG_BNXT_CQ_REQ_STATUS_REMOTE_INVALID_REQUEST_ERR] = "remote invalid request",
	[RIG_BNXT_CQ_REQ_STATUS_REMOTE_ACCESS_ERR] = "remote access error",
	[RIG_BNXT_CQ_REQ_STATUS_REMOTE_OPERATION_ERR] = "remote operation error",
	[RIG_BNXT_CQ_REQ_STATUS_RNR_NAK_RETRY_CNT_ERR] = "receiver not ready, retries exceeded",
	[RIG_BNXT_CQ_REQ_STATUS_TRANSPORT_RETRY_CNT_ERR] = "transport retries exceeded",
	[RIG_BNXT_CQ_REQ_STATUS_WORK_REQUEST_FLUSHED_ERR] = "flushed",
};

static const char *const rig_bnxt_res_rc_status[] = {
	[RIG_BNXT_CQ_RES_RC_STATUS_OK] = "success",
	[RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_ACCESS_ERROR] = "local access error",
	[RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_LENGTH_ERR] = "local length error",
	[RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_PROTECTION_ERR] = "local protection error",
	[RIG_BNXT_CQ_RES_RC_STATUS_LOCAL_QP_OPERATION_ERR] = "local queue pair operation error",
	[RIG_BNXT_CQ_RES_RC_STATUS_MEMORY_MGT_OPERATION_ERR] = "memory management operation error",
	[RIG_BNXT_CQ_RES_RC_STATUS_REMOTE_INVALID_REQUEST_ERR] = "remote invalid request",
	[RIG_BNXT_CQ_RES_RC_STATUS_WORK_REQUEST_FLUSHED_ERR] = "flushed",
	[RIG_BNXT_CQ_RES_RC_STATUS_HW_FLUSH_ERR] = "flushed by the hardware",
};

#define RIG_BNXT_COUNT(a) (sizeof(a) / sizeof((a)[0]))

RIG_EXPORT const char *rig_bnxt_status_message(unsigned int type, unsigned int status)
{
	switch (type) {
	case RIG_BNXT_CQ_BASE_CQE_TYPE_REQ:
		return status < RIG_BNXT_COUNT(rig_bnxt_req_status) ?
		       rig_bnxt_req_status[status] : NULL;
	case RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC:
		return status < RIG_BNXT_COUNT(rig_bnxt_res_rc_status) ?
		       rig_bnxt_res_rc_status[status] : NULL;
	}
	return NULL;
}

RIG_EXPORT int rig_bnxt_make_doorbell(const struct rig_bnxt_doorbell *d, uint64_t *value)
{
	if (!d || !value || d->xid > RIG_BNXT_DBC_XID_MASK ||
	    d->index > RIG_BNXT_DBC_INDEX_MASK || d->epoch > 1 || d->toggle > 3)
		return -EINVAL;
	switch (d->type) {
	case RIG_BNXT_DBC_TYPE_SQ:
	case RIG_BNXT_DBC_TYPE_RQ:
	case RIG_BNXT_DBC_TYPE_CQ:
		if (d->toggle)
			return -EINVAL;
		break;
	case RIG_BNXT_DBC_TYPE_CQ_ARMALL:
		break;
	default:
		return -EINVAL;
	}
	*value = bnxt_make_doorbell_unchecked(d);
	return 0;
}

/* Is @mtu a path MTU: a power of two from 256 to 4096 (an InfiniBand MTU)? */
static bool rig_bnxt_mtu_ok(uint32_t mtu)
{
	return mtu >= 256 && mtu <= 4096 && !(mtu & (mtu - 1));
}

RIG_EXPORT int rig_bnxt_next_psn(uint32_t psn, uint32_t bytes, uint32_t mtu)
{
	if (psn > RIG_BNXT_PSN_MASK || !rig_bnxt_mtu_ok(mtu))
		return -EINVAL;
	return (int)bnxt_next_psn_unchecked(psn, bytes, (unsigned int)__builtin_ctz(mtu));
}

RIG_EXPORT int rig_bnxt_put_psn_search(void *area, size_t area_bytes, size_t at,
				       const struct rig_bnxt_psn_search *p)
{
	if (!p || p->type > 0xff || p->start_psn > RIG_BNXT_PSN_MASK ||
	    p->next_psn > RIG_BNXT_PSN_MASK || p->start_slot > UINT16_MAX ||
	    !rig_bnxt_fits(area, area_bytes, at, sizeof(struct rig_bnxt_sq_psn_search_ext)))
		return -EINVAL;
	bnxt_put_psn_search_unchecked(area, at, (uint8_t)p->type, p->start_psn, p->next_psn,
				      (uint16_t)p->start_slot);
	return 0;
}
