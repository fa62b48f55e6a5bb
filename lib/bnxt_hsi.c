// SPDX-License-Identifier: BSD-2-Clause
/*
 * The process's side of the bnxt ring formats (rig/bnxt_hsi.h): entries
 * built in a local copy and written with one memcpy() once every argument
 * has been checked, completions read toggle first, doorbell values.  Pure
 * functions: no state, no messages.
 */
#include <endian.h>
#include <errno.h>
#include <string.h>

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

static void rig_bnxt_put_sges(struct rig_bnxt_sq_sge *sge,
			      const struct rig_bnxt_local *local, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		sge[i].va_or_pa = htole64(local[i].address);
		sge[i].l_key = htole32(local[i].key);
		sge[i].size = htole32(local[i].bytes);
	}
}

/*
 * A send-ring entry of @type: SEND, or READ_WQE from @remote.  The two
 * headers share their first 12 bytes (type, flags, size, length at 8).
 */
static int rig_bnxt_put_sq(void *ring, size_t ring_bytes, size_t at, uint8_t type,
			   bool signal, const struct rig_bnxt_remote *remote,
			   const struct rig_bnxt_local *local, unsigned int n)
{
	union {
		struct rig_bnxt_sq_send send;
		struct rig_bnxt_sq_rdma rdma;
	} e;
	uint64_t sum;

	if (!rig_bnxt_fits(ring, ring_bytes, at, sizeof(e)) ||
	    !rig_bnxt_sges_ok(local, n, &sum) || sum > UINT32_MAX)
		return -EINVAL;
	memset(&e, 0, sizeof(e));
	e.send.hdr.wqe_type = type;
	e.send.hdr.flags = signal ? RIG_BNXT_SQ_FLAGS_SIGNAL_COMP : 0;
	e.send.hdr.wqe_size = (uint8_t)(RIG_BNXT_HDR_SLOTS + n);
	e.send.hdr.length = htole32((uint32_t)sum);
	if (remote) {
		e.rdma.hdr.remote_va = htole64(remote->address);
		e.rdma.hdr.remote_key = htole32(remote->key);
	}
	rig_bnxt_put_sges(e.send.sge, local, n);
	memcpy((unsigned char *)ring + at, &e, sizeof(e));
	return 0;
}

RIG_EXPORT int rig_bnxt_put_send(void *ring, size_t ring_bytes, size_t at, bool signal,
				 const struct rig_bnxt_local *local, unsigned int n)
{
	return rig_bnxt_put_sq(ring, ring_bytes, at, RIG_BNXT_SQ_WQE_TYPE_SEND, signal,
			       NULL, local, n);
}

RIG_EXPORT int rig_bnxt_put_read(void *ring, size_t ring_bytes, size_t at, bool signal,
				 const struct rig_bnxt_remote *remote,
				 const struct rig_bnxt_local *local, unsigned int n)
{
	if (!remote)
		return -EINVAL;
	return rig_bnxt_put_sq(ring, ring_bytes, at, RIG_BNXT_SQ_WQE_TYPE_READ_WQE, signal,
			       remote, local, n);
}

RIG_EXPORT int rig_bnxt_put_receive(void *ring, size_t ring_bytes, size_t at, uint32_t wr_id,
				    const struct rig_bnxt_local *local, unsigned int n)
{
	struct rig_bnxt_rq_wqe e = { 0 };
	uint64_t sum;

	if (!rig_bnxt_fits(ring, ring_bytes, at, sizeof(e)) ||
	    wr_id > RIG_BNXT_RQ_WR_ID_MASK || !rig_bnxt_sges_ok(local, n, &sum))
		return -EINVAL;
	e.hdr.wqe_type = RIG_BNXT_RQ_WQE_TYPE_RCV;
	/* No element: one of 0 bytes, already zero in @e. */
	e.hdr.wqe_size = (uint8_t)(RIG_BNXT_HDR_SLOTS + (n ? n : 1));
	e.hdr.wr_id[0] = htole32(wr_id);
	rig_bnxt_put_sges(e.sge, local, n);
	memcpy((unsigned char *)ring + at, &e, sizeof(e));
	return 0;
}

RIG_EXPORT int rig_bnxt_completion_phase(uint64_t count, uint32_t entries)
{
	if (!entries)
		return -EINVAL;
	return !((count / entries) & 1);
}

/* Decode the bytes of a new completion whose byte 24 is @type_toggle. */
static int rig_bnxt_decode(const unsigned char *p, uint8_t type_toggle,
			   struct rig_bnxt_completion *c)
{
	union {
		struct rig_bnxt_cq_req req;
		struct rig_bnxt_cq_res_rc res;
	} cqe;
	uint8_t type = type_toggle & RIG_BNXT_CQ_BASE_CQE_TYPE_MASK;

	memcpy(&cqe, p, sizeof(cqe));
	switch (type) {
	case RIG_BNXT_CQ_BASE_CQE_TYPE_REQ:
		*c = (struct rig_bnxt_completion){
			.qp_handle = le64toh(cqe.req.qp_handle),
			.type = type,
			.status = cqe.req.status,
			.sq_cons_idx = le16toh(cqe.req.sq_cons_idx),
		};
		return 1;
	case RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC:
		*c = (struct rig_bnxt_completion){
			.qp_handle = le64toh(cqe.res.qp_handle),
			.type = type,
			.status = cqe.res.status,
			.flags = le16toh(cqe.res.flags),
			.wr_id = le32toh(cqe.res.srq_or_rq_wr_id) &
				 RIG_BNXT_CQ_RES_RC_SRQ_OR_RQ_WR_ID_MASK,
			.bytes = le32toh(cqe.res.length),
		};
		return 1;
	}
	return -EPROTO;
}

RIG_EXPORT int rig_bnxt_get_completion(const void *ring, size_t ring_bytes, size_t at,
				       unsigned int phase, struct rig_bnxt_completion *c)
{
	const unsigned char *p;
	uint8_t type_toggle;

	if (!c || phase > 1 || !rig_bnxt_fits(ring, ring_bytes, at, RIG_BNXT_CQE_SIZE))
		return -EINVAL;
	p = (const unsigned char *)ring + at;
	/*
	 * Acquire: the NIC stores byte 24 after the rest of the completion
	 * and the data it reports; once its new toggle is seen, so are they.
	 */
	type_toggle = __atomic_load_n(p + offsetof(struct rig_bnxt_cq_base, cqe_type_toggle),
				      __ATOMIC_ACQUIRE);
	if ((type_toggle & RIG_BNXT_CQ_BASE_TOGGLE) != phase)
		return 0;
	return rig_bnxt_decode(p, type_toggle, c);
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
	uint32_t low, high;

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
	low = d->index | (d->epoch ? RIG_BNXT_DBC_EPOCH : 0) |
	      d->toggle << RIG_BNXT_DBC_TOGGLE_SFT;
	high = d->xid | RIG_BNXT_DBC_PATH_ROCE | RIG_BNXT_DBC_VALID | d->type;
	*value = (uint64_t)high << 32 | low;
	return 0;
}
