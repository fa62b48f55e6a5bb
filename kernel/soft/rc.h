/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The reliable-connected transport as pure state machines: a requester
 * (rc_req.c) that cuts messages into packets, numbers them, retransmits
 * and completes them, and a responder (rc_resp.c) that accepts requests
 * in PSN order, acknowledges, refuses and replays.  This header owns
 * their state and their interface.  They decide; they never touch memory
 * nor a network device: the caller moves payload between regions and
 * frames (roce.h) and sends what they ask for.
 *
 * Time is injected: every call that depends on it takes "now" in
 * nanoseconds (ktime_get_ns() in the model, a plain counter in KUnit) and
 * the requester answers with its next deadline; nothing sleeps, arms a
 * timer or allocates, so the model's engine can drive both from its pass.
 *
 * Locking: none inside.  A machine is part of its QP; the caller holds
 * the lock that covers the QP (the model's world->lock) across every
 * call, and across a peek (..._next()) and the commit (..._sent()) that
 * follows it.
 */
#ifndef RIG_SOFT_RC_H
#define RIG_SOFT_RC_H

#include <linux/bits.h>
#include <linux/limits.h>
#include <linux/types.h>

#include "psn.h"
#include "roce.h"

/* Messages a requester holds from post until the caller pops them. */
#define RIG_SOFT_RC_WINDOW	64
/* READs a responder remembers for replay, and queues responses for. */
#define RIG_SOFT_RC_RD_MAX	16
/*
 * PSNs a requester may have between its oldest unfinished message and its
 * newest: half of the half window, so that every comparison it makes is
 * between PSNs well inside 2^23 of each other.  One message may span it.
 */
#define RIG_SOFT_RC_PSN_WINDOW	(RIG_SOFT_PSN_HALF / 2)
/*
 * PSNs a requester has sent and not had acknowledged, at most: it sends no
 * more until ACKs (or READ responses) come, as rxe holds at most 64 frames
 * of a QP in flight.  A burst then fits what the interface's queue and
 * the peer's take, and a slow link delays the requester rather than
 * dropping what it sent: a lost burst costs a retry per ACK timeout, and
 * one larger than the link drains within the timeout would cost them all.
 * A message larger than this still goes, alone (a READ asks for all of
 * its responses at once).
 */
#define RIG_SOFT_RC_INFLIGHT	64
/*
 * READ response packets a requester asks for again in one request, at
 * most: a READ asked again goes in pieces, one at a time, each from the
 * oldest response still missing.  rxe's responder finishes the reply it
 * is sending before it looks at a READ asked again, then replays all the
 * request asks: asked again for the whole rest, a long READ would pay the
 * rest again for each gap (about N^2/8 packets for N under netem's loss
 * and reorder).  And rxe drops a request that starts before the last one
 * it replayed for that READ started (duplicate_request() moves va_org):
 * a piece asked ahead of a gap would leave that gap unanswerable.
 */
#define RIG_SOFT_RC_REREAD	RIG_SOFT_RC_INFLIGHT
/* "No deadline" */
#define RIG_SOFT_RC_NEVER	U64_MAX
/* IBA's largest message, in bytes. */
#define RIG_SOFT_RC_MSG_MAX	BIT_ULL(31)
/* The retry count that means "for ever", for RNR retries only. */
#define RIG_SOFT_RC_RNR_INFINITE	7

/**
 * struct rig_soft_rc_cfg - a connection's transport attributes
 * @mtu: path MTU in bytes: 256, 512, 1024, 2048 or 4096
 * @timeout: local ACK timeout: 4.096 us * 2^@timeout, as IBA defines it;
 *	     0 means none
 * @retry_cnt: retransmissions after a timeout or a sequence error, 0 to
 *	       7; 7 is seven (IBA gives "infinite" to the RNR count only)
 * @rnr_retry: retries after an RNR NAK, 0 to 6, or 7 for ever
 * @min_rnr_timer: the RNR timer code (enum ib_rnr_timeout) the responder
 *		   puts in its RNR NAKs
 * @max_rd_atomic: READs the requester keeps outstanding, 1 to 16 (0:
 *		   the requester may not READ)
 * @max_dest_rd_atomic: READs the responder queues responses for, 1 to 16
 * @ack_every: the requester sets AckReq at least every this many packets
 *	       of a long message, and the responder acknowledges at least
 *	       this often without one; 0 counts as 1
 */
struct rig_soft_rc_cfg {
	u32 mtu;
	u8 timeout;
	u8 retry_cnt;
	u8 rnr_retry;
	u8 min_rnr_timer;
	u8 max_rd_atomic;
	u8 max_dest_rd_atomic;
	u16 ack_every;
};

/**
 * enum rig_soft_rc_kind - what a requester's message is
 * @RIG_SOFT_RC_SEND: a SEND, segmented into SEND First/Middle/Last/Only
 * @RIG_SOFT_RC_READ: an RDMA READ: one request, answered by responses
 */
enum rig_soft_rc_kind {
	RIG_SOFT_RC_SEND,
	RIG_SOFT_RC_READ,
};

/**
 * enum rig_soft_rc_status - how a requester's message ended
 * @RIG_SOFT_RC_OK: acknowledged (a SEND) or all its data arrived (a READ)
 * @RIG_SOFT_RC_RETRY_EXCEEDED: no progress within @retry_cnt retries
 * @RIG_SOFT_RC_RNR_EXCEEDED: RNR NAKs beyond @rnr_retry retries
 * @RIG_SOFT_RC_REM_INV_REQ: the responder NAKed it: invalid request
 * @RIG_SOFT_RC_REM_ACCESS: the responder NAKed it: remote access error
 * @RIG_SOFT_RC_REM_OP: the responder NAKed it: remote operational error
 * @RIG_SOFT_RC_LOCAL: the caller failed it: its memory could not be read
 *		       or written (rig_soft_rc_req_fault())
 * @RIG_SOFT_RC_LOCAL_LENGTH: the caller failed it: a READ response did not
 *			      fit it
 * @RIG_SOFT_RC_FLUSHED: a message after one that failed
 */
enum rig_soft_rc_status {
	RIG_SOFT_RC_OK,
	RIG_SOFT_RC_RETRY_EXCEEDED,
	RIG_SOFT_RC_RNR_EXCEEDED,
	RIG_SOFT_RC_REM_INV_REQ,
	RIG_SOFT_RC_REM_ACCESS,
	RIG_SOFT_RC_REM_OP,
	RIG_SOFT_RC_LOCAL,
	RIG_SOFT_RC_LOCAL_LENGTH,
	RIG_SOFT_RC_FLUSHED,
};

/**
 * struct rig_soft_rc_tx - a packet a machine asks the caller to send
 * @opcode: IB_OPCODE_RC_*
 * @ackreq: the BTH's AckReq
 * @psn: the BTH's PSN
 * @slot: requester: the message's slot (rig_soft_rc_req_post()); the
 *	  payload or READ starts @offset bytes into that message
 * @offset: requester: bytes into the message
 * @len: payload bytes; of a READ request, its DMA length
 * @va: responder: the address of a READ response's payload
 * @rkey: responder: the key it was read under
 * @syndrome: the AETH syndrome, when the opcode has an AETH
 * @msn: the AETH MSN
 *
 * The caller fills the rest (addresses, P_Key, destination QP; for a READ
 * request the RETH: its remote address plus @offset, its key, @len) and
 * builds the frame with rig_soft_roce_encode().
 */
struct rig_soft_rc_tx {
	u8 opcode;
	bool ackreq;
	u32 psn;
	u32 slot;
	u32 offset;
	u32 len;
	u64 va;
	u32 rkey;
	u8 syndrome;
	u32 msn;
};

/**
 * struct rig_soft_rc_msg - a requester's message, from post to pop
 * @kind: enum rig_soft_rc_kind
 * @status: enum rig_soft_rc_status once it has ended
 * @issued: a READ whose request went out since the last go-back
 * @answered: a READ a response came for: the responder had its request,
 *	      so it may be asked again in part from its first PSN
 * @length: bytes
 * @psn: its first PSN
 * @npkts: PSNs it takes: SEND packets, or READ response packets
 * @rcvd: READ response packets that arrived in order
 */
struct rig_soft_rc_msg {
	u8 kind;
	u8 status;
	bool issued;
	bool answered;
	u32 length;
	u32 psn;
	u32 npkts;
	u32 rcvd;
};

/**
 * struct rig_soft_rc_req - the requester of one QP
 * @cfg: its attributes
 * @msg: messages by running index modulo RIG_SOFT_RC_WINDOW
 * @popped: running index of the next message to hand back
 * @una: ... of the oldest message not yet ended; [@popped, @una) ended
 * @cur: ... of the message the next packet belongs to
 * @posted: ... one past the newest message
 * @next_psn: the first PSN of the next message posted
 * @una_psn: the oldest PSN not acknowledged
 * @cur_psn: the PSN of the next packet to send
 * @hi_psn: one past the newest PSN ever sent
 * @since_ackreq: packets sent since the last with AckReq
 * @retry_left: retries left before RIG_SOFT_RC_RETRY_EXCEEDED
 * @rnr_left: RNR retries left before RIG_SOFT_RC_RNR_EXCEEDED
 * @recovering: it went back and has seen no progress since: further signs
 *		of loss (NAKs, gaps) are the old stream's; only the timer goes
 *		back again
 * @heard: a READ response for a PSN not yet had came since the ACK timer
 *	   was last started: the responder is still sending (rxe finishes
 *	   the reply it is on, and those to READs after it, before it
 *	   replays), so the timeout asks again without using a retry
 * @rnr_wait: an RNR NAK holds it until @rnr_deadline
 * @error: a message failed; nothing more is sent
 * @faulted: the caller failed message @fault before the ones before it
 *	     ended: nothing from it on is sent, and it fails with
 *	     @fault_status once it is the oldest not ended
 * @fault_status: enum rig_soft_rc_status
 * @fault: its running index
 * @ack_deadline: when the local ACK timer expires, or RIG_SOFT_RC_NEVER
 * @rnr_deadline: when the RNR wait ends
 */
struct rig_soft_rc_req {
	struct rig_soft_rc_cfg cfg;
	struct rig_soft_rc_msg msg[RIG_SOFT_RC_WINDOW];
	u32 popped;
	u32 una;
	u32 cur;
	u32 posted;
	u32 next_psn;
	u32 una_psn;
	u32 cur_psn;
	u32 hi_psn;
	u32 since_ackreq;
	u8 retry_left;
	u8 rnr_left;
	bool recovering;
	bool heard;
	bool rnr_wait;
	bool error;
	bool faulted;
	u8 fault_status;
	u32 fault;
	u64 ack_deadline;
	u64 rnr_deadline;
};

/**
 * struct rig_soft_rc_cqe - a message the requester hands back, in order
 * @slot: its slot
 * @kind: enum rig_soft_rc_kind
 * @status: enum rig_soft_rc_status
 * @length: bytes
 */
struct rig_soft_rc_cqe {
	u32 slot;
	u8 kind;
	u8 status;
	u32 length;
};

/**
 * struct rig_soft_rc_place - payload the caller must put in place
 * @slot: the message (requester: a READ) or 0 (responder)
 * @offset: bytes into the message
 * @len: payload bytes
 * @first: the first packet of a SEND: the responder's caller takes a
 *	   receive entry for it
 * @last: the last packet of the message: the caller completes it
 */
struct rig_soft_rc_place {
	u32 slot;
	u32 offset;
	u32 len;
	bool first;
	bool last;
};

/**
 * enum rig_soft_rc_verdict - what a received packet did to a machine
 * @RIG_SOFT_RC_DROP: nothing: stale, duplicate, unexpected, or ghost
 * @RIG_SOFT_RC_TAKEN: it changed the state (an ACK, a NAK, a request the
 *		       responder answers from rig_soft_rc_resp_next())
 * @RIG_SOFT_RC_PLACE: as TAKEN, and its payload goes where the
 *		       struct rig_soft_rc_place says
 */
enum rig_soft_rc_verdict {
	RIG_SOFT_RC_DROP,
	RIG_SOFT_RC_TAKEN,
	RIG_SOFT_RC_PLACE,
};

/**
 * enum rig_soft_rc_class - where a request stands for the responder
 * @RIG_SOFT_RC_NEW: the expected PSN: the caller checks it (a receive
 *		     posted and large enough, a key and range) and says
 *		     how that went to rig_soft_rc_resp_recv()
 * @RIG_SOFT_RC_DUP: an earlier PSN: re-acknowledged or replayed
 * @RIG_SOFT_RC_FUTURE: a later PSN: one NAK for the sequence error
 * @RIG_SOFT_RC_BAD_SEQ: the expected PSN, but an opcode that cannot
 *			 follow the previous one (a SEND Middle with no
 *			 First): NAK invalid request
 * @RIG_SOFT_RC_TOO_LONG: the expected PSN, but a SEND packet that takes
 *			  its message past IBA's 2^31 bytes: NAK invalid
 *			  request, nothing placed
 * @RIG_SOFT_RC_IGNORE: not a request, or the responder is in error
 */
enum rig_soft_rc_class {
	RIG_SOFT_RC_NEW,
	RIG_SOFT_RC_DUP,
	RIG_SOFT_RC_FUTURE,
	RIG_SOFT_RC_BAD_SEQ,
	RIG_SOFT_RC_TOO_LONG,
	RIG_SOFT_RC_IGNORE,
};

/**
 * enum rig_soft_rc_check - the caller's verdict on a new request
 * @RIG_SOFT_RC_CHECK_OK: accepted (a SEND's payload is in place)
 * @RIG_SOFT_RC_CHECK_NO_RECV: a SEND with no receive posted: RNR NAK
 * @RIG_SOFT_RC_CHECK_LENGTH: a SEND longer than its receive: NAK
 *			      invalid request
 * @RIG_SOFT_RC_CHECK_ACCESS: a READ under a bad key or outside its
 *			      region, or not allowed: NAK remote access error
 * @RIG_SOFT_RC_CHECK_OP: the responder failed locally: NAK remote
 *			  operational error
 */
enum rig_soft_rc_check {
	RIG_SOFT_RC_CHECK_OK,
	RIG_SOFT_RC_CHECK_NO_RECV,
	RIG_SOFT_RC_CHECK_LENGTH,
	RIG_SOFT_RC_CHECK_ACCESS,
	RIG_SOFT_RC_CHECK_OP,
};

/**
 * struct rig_soft_rc_rd - a READ as the responder accepted it
 * @psn: its first response PSN (the request's)
 * @npkts: response packets
 * @va: the address read
 * @rkey: the key it was checked under
 * @len: bytes
 * @inside: a replay from inside the READ: its responses are Middle, but
 *	    for a Last at its end, as rxe's read_reply() sends them (rxe's
 *	    completer takes a First only at the PSN it last asked from)
 */
struct rig_soft_rc_rd {
	u32 psn;
	u32 npkts;
	u64 va;
	u32 rkey;
	u32 len;
	bool inside;
};

/**
 * struct rig_soft_rc_resp - the responder of one QP
 * @cfg: its attributes
 * @epsn: the PSN it expects next
 * @msn: messages it has completed (24 bits)
 * @in_send: a SEND First arrived and its Last has not
 * @send_off: bytes of that SEND so far, at most 2^31
 * @nak_sent: a NAK or RNR NAK for @epsn is out: later PSNs are dropped
 *	      silently until @epsn arrives
 * @unacked: requests accepted since the last acknowledgment
 * @ack_due: an ACK (of @epsn - 1) or a NAK is to be sent
 * @ack_syn: its syndrome
 * @ack_psn: a NAK's PSN
 * @error: a fatal NAK was decided: nothing more is accepted
 * @rd: READs accepted, by running index modulo @cfg.max_dest_rd_atomic
 * @rd_count: READs accepted, a running count
 * @job: READs whose responses are to be sent, in PSN order, by running
 *	 index modulo RIG_SOFT_RC_RD_MAX
 * @job_head: running index of the one being sent
 * @job_tail: ... one past the last
 * @job_sent: response packets of @job_head sent
 */
struct rig_soft_rc_resp {
	struct rig_soft_rc_cfg cfg;
	u32 epsn;
	u32 msn;
	bool in_send;
	u32 send_off;
	bool nak_sent;
	u32 unacked;
	bool ack_due;
	u8 ack_syn;
	u32 ack_psn;
	bool error;
	struct rig_soft_rc_rd rd[RIG_SOFT_RC_RD_MAX];
	u32 rd_count;
	struct rig_soft_rc_rd job[RIG_SOFT_RC_RD_MAX];
	u32 job_head;
	u32 job_tail;
	u32 job_sent;
};

/* rc_req.c: the requester */
u64 rig_soft_rc_timeout_ns(u8 timeout);
u64 rig_soft_rc_rnr_ns(u8 code);
u32 rig_soft_rc_npkts(u32 length, u32 mtu);
u8 rig_soft_rc_opcode(bool read_response, u32 i, u32 npkts);
void rig_soft_rc_req_init(struct rig_soft_rc_req *req, const struct rig_soft_rc_cfg *cfg,
			  u32 psn);
int rig_soft_rc_req_post(struct rig_soft_rc_req *req, enum rig_soft_rc_kind kind, u32 length,
			 u32 *slot);
bool rig_soft_rc_req_next(const struct rig_soft_rc_req *req, u64 now, struct rig_soft_rc_tx *tx);
void rig_soft_rc_req_sent(struct rig_soft_rc_req *req, const struct rig_soft_rc_tx *tx, u64 now);
enum rig_soft_rc_verdict rig_soft_rc_req_recv(struct rig_soft_rc_req *req,
					      const struct rig_soft_roce_pkt *pkt, u64 now,
					      struct rig_soft_rc_place *place);
u64 rig_soft_rc_req_tick(struct rig_soft_rc_req *req, u64 now);
void rig_soft_rc_req_fail(struct rig_soft_rc_req *req, enum rig_soft_rc_status status);
void rig_soft_rc_req_fault(struct rig_soft_rc_req *req, u32 slot, enum rig_soft_rc_status status);
bool rig_soft_rc_req_pop(struct rig_soft_rc_req *req, struct rig_soft_rc_cqe *cqe);

/* rc_resp.c: the responder */
void rig_soft_rc_resp_init(struct rig_soft_rc_resp *resp, const struct rig_soft_rc_cfg *cfg,
			   u32 psn);
enum rig_soft_rc_class rig_soft_rc_resp_classify(const struct rig_soft_rc_resp *resp,
						 const struct rig_soft_roce_pkt *pkt,
						 struct rig_soft_rc_place *place);
enum rig_soft_rc_verdict rig_soft_rc_resp_recv(struct rig_soft_rc_resp *resp,
					       const struct rig_soft_roce_pkt *pkt,
					       enum rig_soft_rc_check check);
bool rig_soft_rc_resp_next(const struct rig_soft_rc_resp *resp, struct rig_soft_rc_tx *tx);
void rig_soft_rc_resp_sent(struct rig_soft_rc_resp *resp, const struct rig_soft_rc_tx *tx);
void rig_soft_rc_resp_drop(struct rig_soft_rc_resp *resp, const struct rig_soft_rc_tx *tx);

#endif /* RIG_SOFT_RC_H */
