/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * librig: the ring formats of rig_bnxt NICs as values.  Send and receive
 * entries written into a ring, completions read out of one, doorbell
 * values, and the PSN search entries that go with send entries.  Nothing here acts on a NIC: each call writes or reads caller
 * memory and returns; ringing the doorbell and keeping the id of each
 * entry are the queue pair's business.
 *
 * Conventions of every call here: the calls keep no state, so any thread
 * may make any of them at any time.  0 (or a count) is success.  -EINVAL
 * is misuse -- a NULL pointer, an integer outside the range the call
 * states, or bytes that do not lie inside the buffer -- and then the call
 * has written nothing at all.  These calls never set rig_error().
 *
 * The layouts, and every constant named below, are those of
 * rig_bnxt_hsi.h (uapi/, installed beside this header as
 * <rig/rig_bnxt_hsi.h>), which this header includes: Broadcom's
 * NetXtreme-E RoCE formats, little-endian.  Buffers are positioned by a
 * byte offset @at: the caller chooses it, usually (count mod entries) *
 * the entry's size.
 */
#ifndef RIG_BNXT_HSI_H
#define RIG_BNXT_HSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Quoted: found beside this header once installed, through -I uapi/ here. */
#include "rig_bnxt_hsi.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Local memory: @bytes at @address, registered under local key @key. */
struct rig_bnxt_local { uint64_t address; uint32_t bytes; uint32_t key; };
/** The peer's memory: @address, registered there under remote key @key. */
struct rig_bnxt_remote { uint64_t address; uint32_t key; };

/**
 * rig_bnxt_put_send() - write a SEND entry into a send ring
 * @ring: the send ring
 * @ring_bytes: its size
 * @at: where the entry goes: a multiple of RIG_BNXT_ENTRY_SIZE, with the
 *	entry's RIG_BNXT_ENTRY_SIZE bytes inside the ring
 * @signal: ask the NIC for a completion (SIGNAL_COMP)
 * @local: the elements the message is gathered from, in order
 * @n: how many, 0 to RIG_BNXT_MAX_SGES (@local may be NULL when 0)
 *
 * Writes the entry's RIG_BNXT_ENTRY_SIZE bytes and no other byte: the
 * header, with @length the sum of the elements' sizes, the elements, and
 * zeros after them.
 *
 * Return: 0; -EINVAL for a NULL @ring, a misplaced @at, more than
 * RIG_BNXT_MAX_SGES elements, a NULL @local with @n elements, or sizes
 * whose sum does not fit in 32 bits.
 */
int rig_bnxt_put_send(void *ring, size_t ring_bytes, size_t at, bool signal,
		      const struct rig_bnxt_local *local, unsigned int n);

/**
 * rig_bnxt_put_read() - write an RDMA READ entry into a send ring
 * @ring: the send ring
 * @ring_bytes: its size
 * @at: where the entry goes, as for rig_bnxt_put_send()
 * @signal: ask the NIC for a completion (SIGNAL_COMP)
 * @remote: the peer's memory the bytes are read from
 * @local: the elements the bytes are scattered to, in order
 * @n: how many, 0 to RIG_BNXT_MAX_SGES (@local may be NULL when 0)
 *
 * Writes the entry's RIG_BNXT_ENTRY_SIZE bytes and no other byte; @length
 * is the sum of the elements' sizes.
 *
 * Return: 0; -EINVAL as for rig_bnxt_put_send(), or for a NULL @remote.
 */
int rig_bnxt_put_read(void *ring, size_t ring_bytes, size_t at, bool signal,
		      const struct rig_bnxt_remote *remote,
		      const struct rig_bnxt_local *local, unsigned int n);

/**
 * rig_bnxt_put_receive() - write a receive entry into a receive ring
 * @ring: the receive ring
 * @ring_bytes: its size
 * @at: where the entry goes, as for rig_bnxt_put_send()
 * @wr_id: what the responder completion returns for this entry, at most
 *	   RIG_BNXT_RQ_WR_ID_MASK: rig uses the entry's ring position and
 *	   keeps the caller's 64-bit id in a table at that position
 * @local: the elements a message is scattered to, in order
 * @n: how many, 0 to RIG_BNXT_MAX_SGES (@local may be NULL when 0)
 *
 * Writes the entry's RIG_BNXT_ENTRY_SIZE bytes and no other byte.  The
 * hardware wants at least one element, so an entry with none is written
 * with one element of 0 bytes, as rdma-core writes it.
 *
 * Return: 0; -EINVAL for a NULL @ring, a misplaced @at, a @wr_id wider
 * than RIG_BNXT_RQ_WR_ID_MASK, more than RIG_BNXT_MAX_SGES elements, or a
 * NULL @local with @n elements.
 */
int rig_bnxt_put_receive(void *ring, size_t ring_bytes, size_t at, uint32_t wr_id,
			 const struct rig_bnxt_local *local, unsigned int n);

/** A completion, as read by rig_bnxt_get_completion(). */
struct rig_bnxt_completion {
	uint64_t qp_handle;	/* as the queue pair was created with */
	uint8_t type;		/* RIG_BNXT_CQ_BASE_CQE_TYPE_REQ, _RES_RC or _TERMINAL */
	uint8_t status;		/* RIG_BNXT_CQ_REQ_STATUS_* or _RES_RC_STATUS_* */
	/*
	 * REQ: the send-ring position after the entry, every entry before it
	 * done; TERMINAL: likewise for the last entry that succeeded, or
	 * RIG_BNXT_CQ_TERMINAL_NO_INDEX.
	 */
	uint16_t sq_cons_idx;
	uint16_t flags;		/* RES_RC: RIG_BNXT_CQ_RES_RC_FLAGS_* */
	uint32_t wr_id;		/* RES_RC: the receive entry's @wr_id */
	uint32_t bytes;		/* RES_RC: bytes that landed */
};

/**
 * rig_bnxt_completion_phase() - the toggle that marks a new completion
 * @count: how many completions were taken from the ring before this one
 * @entries: completions the ring holds
 *
 * The NIC writes toggle 1 on the ring's first lap and flips it on each
 * wrap; the ring starts zeroed, so no slot looks new before it is written.
 *
 * Return: the phase (0 or 1) for rig_bnxt_get_completion(), or -EINVAL if
 * @entries is 0.
 */
int rig_bnxt_completion_phase(uint64_t count, uint32_t entries);

/**
 * rig_bnxt_get_completion() - read a completion if the NIC has written it
 * @ring: the completion ring
 * @ring_bytes: its size
 * @at: the completion's place: a multiple of RIG_BNXT_CQE_SIZE, with the
 *	completion inside the ring
 * @phase: the toggle a new completion has, from rig_bnxt_completion_phase()
 * @c: where the completion is stored when it is new
 *
 * Reads the type and toggle byte first, with acquire order, and the rest
 * only when the toggle is @phase: the NIC stores that byte last, after
 * the completion and the data it reports.  Fields that the completion's
 * type does not have are stored as 0.
 *
 * Return: 1 when the completion is new (stored in @c); 0 when it is not
 * yet; -EPROTO when it is new but of a type rig's NIC never writes (other
 * than REQ, RES_RC and TERMINAL), and then @c is unchanged; -EINVAL for a NULL
 * @ring or @c, a misplaced @at, or a @phase other than 0 and 1.
 */
int rig_bnxt_get_completion(const void *ring, size_t ring_bytes, size_t at,
			    unsigned int phase, struct rig_bnxt_completion *c);

/**
 * rig_bnxt_status_message() - a completion's status in words
 * @type: RIG_BNXT_CQ_BASE_CQE_TYPE_REQ or RIG_BNXT_CQ_BASE_CQE_TYPE_RES_RC
 * @status: a status of that type
 *
 * Return: a constant string, such as "remote access error", or NULL when
 * @type has no such status.
 */
const char *rig_bnxt_status_message(unsigned int type, unsigned int status);

/**
 * struct rig_bnxt_doorbell - what a doorbell says
 * @type: RIG_BNXT_DBC_TYPE_SQ or _RQ (a producer moved), _CQ (the consumer
 *	  moved) or _CQ_ARMALL (moved, and an event at the next completion)
 * @xid: the queue pair (SQ, RQ) or completion queue (CQ*) number
 * @index: the ring position, count mod entries: for SQ and RQ the entry
 *	   after the last one posted, for CQ* the next completion to take
 * @epoch: the lap parity of the same count, (count / entries) mod 2
 * @toggle: CQ_ARMALL only: two toggle bits; otherwise 0
 */
struct rig_bnxt_doorbell {
	uint32_t type;
	uint32_t xid;
	uint32_t index;
	unsigned int epoch;
	unsigned int toggle;
};

/**
 * rig_bnxt_make_doorbell() - the 64-bit value that rings a doorbell
 * @d: what the doorbell says
 * @value: where the value is stored, in host order: struct rig_bnxt_dbc's
 *	   @index in bits 0-31, @type_path_xid in bits 32-63.  Ring with one
 *	   64-bit store of htole64(*value).
 *
 * Return: 0; -EINVAL for a NULL pointer, a type other than the four
 * above, an @xid, @index, @epoch or @toggle wider than its field, or a
 * @toggle on a type other than CQ_ARMALL.
 */
int rig_bnxt_make_doorbell(const struct rig_bnxt_doorbell *d, uint64_t *value);

/**
 * rig_bnxt_next_psn() - the packet sequence number after a message
 * @psn: the PSN of the message's first packet, at most RIG_BNXT_PSN_MASK
 * @bytes: the message's length: a SEND's bytes, or the bytes an RDMA READ
 *	   asks for (its response's packets take the PSNs)
 * @mtu: the queue pair's path MTU in bytes: a power of two from 256 to 4096
 *
 * A message takes max(1, ceil(@bytes / @mtu)) PSNs: a SEND of 0 bytes
 * takes one.  PSNs are 24 bits wide and wrap from RIG_BNXT_PSN_MASK to 0.
 *
 * Return: the next PSN (0 to RIG_BNXT_PSN_MASK), or -EINVAL for a @psn
 * wider than 24 bits or an @mtu that is no path MTU.
 */
int rig_bnxt_next_psn(uint32_t psn, uint32_t bytes, uint32_t mtu);

/**
 * struct rig_bnxt_psn_search - what a PSN search entry says of a send entry
 * @type: the send entry's RIG_BNXT_SQ_WQE_TYPE_* (8 bits)
 * @start_psn: the PSN of its first packet (24 bits)
 * @next_psn: the PSN after its last packet (24 bits): rig_bnxt_next_psn()
 *	      of @start_psn and the entry's length
 * @start_slot: its first 16-byte slot in the send ring: its ring index *
 *		RIG_BNXT_ENTRY_SLOTS (16 bits)
 */
struct rig_bnxt_psn_search {
	uint32_t type;
	uint32_t start_psn;
	uint32_t next_psn;
	uint32_t start_slot;
};

/**
 * rig_bnxt_put_psn_search() - write a send entry's PSN search entry
 * @area: the send ring's PSN search area (struct rig_bnxt_sq_psn_search_ext
 *	  entries, one per send entry)
 * @area_bytes: its size
 * @at: where the entry goes: the send entry's ring index * 16, a multiple
 *	of sizeof(struct rig_bnxt_sq_psn_search_ext), with the entry inside
 *	the area
 * @p: what the entry says
 *
 * The NIC reads the entry when it retransmits: it must say what the send
 * entry at the same index says before the send doorbell announces that
 * entry.  Writes the entry's 16 bytes and no other byte: @opcode_start_psn
 * is @type << 24 | @start_psn, @flags_next_psn is @next_psn (no flags),
 * @start_slot_idx is @start_slot, and the reserved fields are zero.
 *
 * Return: 0; -EINVAL for a NULL @area or @p, a misplaced @at, or a field
 * of @p wider than stated.
 */
int rig_bnxt_put_psn_search(void *area, size_t area_bytes, size_t at,
			    const struct rig_bnxt_psn_search *p);

#ifdef __cplusplus
}
#endif

#endif /* RIG_BNXT_HSI_H */
