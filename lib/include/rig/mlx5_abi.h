/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * librig: the formats a process and a ConnectX NIC (the mlx5 family) share
 * in memory, as values.  Send-ring work entries, receive entries,
 * completions and their owner rule, doorbell records, and the doorbell
 * registers of the NIC's access regions (UARs).  Nothing here acts on a
 * NIC: each call writes or reads caller memory and returns.
 *
 * Conventions of every call here: the calls keep no state, so any thread
 * may make any of them at any time.  Every field the NIC reads or writes
 * is stored and read big-endian; data carried inline is copied as given.
 * 0 (or a count) is success.  -EINVAL is misuse -- a NULL pointer, an
 * integer outside the range the call states, an offset @at that is not a
 * multiple of the entry's size, or bytes that do not lie inside the
 * buffer -- and then the call has written nothing at all.  These calls
 * never set rig_error().
 *
 * Layouts and values are those of rdma-core's <infiniband/mlx5dv.h> and
 * of the kernel's mlx5 driver (include/linux/mlx5/, drivers/infiniband/
 * hw/mlx5/).  Buffers are positioned by a byte offset @at, a multiple of
 * the entry's size, as the NIC reads and writes ring entries: the caller
 * chooses it, usually (count mod ring entries) * entry size.
 */
#ifndef RIG_MLX5_ABI_H
#define RIG_MLX5_ABI_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RIG_MLX5_ENTRY_SIZE      64   /* a send entry: one 64-byte basic block */
#define RIG_MLX5_MAX_INLINE      28   /* bytes an inline write carries */
#define RIG_MLX5_RECEIVE_SIZE    16   /* a receive entry: one data segment */
#define RIG_MLX5_COMPLETION_SIZE 64

/* Bytes one data segment carries at most: bit 31 of its count marks inline data. */
#define RIG_MLX5_MAX_BYTES       0x7fffffffu
/* Queue pair and completion queue numbers are 24 bits. */
#define RIG_MLX5_MAX_NUMBER      0xffffffu
/* A buffer of this size always holds rig_mlx5_completion_message()'s text. */
#define RIG_MLX5_MESSAGE_SIZE    128

/** Local memory: @bytes at @address, registered under local key @key. */
struct rig_mlx5_local  { uint64_t address; uint32_t bytes; uint32_t key; };
/** The peer's memory: @address, registered there under remote key @key. */
struct rig_mlx5_remote { uint64_t address; uint32_t key; };

/* What a send entry asks of the NIC (a reliable-connected queue pair's). */
enum rig_mlx5_op { RIG_MLX5_WRITE, RIG_MLX5_WRITE_INLINE, RIG_MLX5_READ, RIG_MLX5_SEND };

/** A send entry; each op reads only the fields its comment names. */
struct rig_mlx5_entry {
	enum rig_mlx5_op op;
	bool signal;                   /* ask the NIC for a completion */
	struct rig_mlx5_local local;   /* WRITE, SEND: source; READ: destination */
	struct rig_mlx5_remote remote; /* WRITE, WRITE_INLINE: destination; READ: source */
	const void *inline_data;       /* WRITE_INLINE */
	size_t inline_bytes;
};

/*
 * The helpers from here to rig_mlx5_entry_write() serve that inline
 * function; they are not API and may change.  Forced inline, as mlx5dv.h
 * forces its own: the compiler's size heuristics would otherwise turn the
 * fast path into calls.
 */
#if defined(__GNUC__)
#define RIG_MLX5_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define RIG_MLX5_ALWAYS_INLINE static inline
#endif

#define RIG_MLX5_OPCODE_RDMA_WRITE 0x08
#define RIG_MLX5_OPCODE_SEND       0x0a
#define RIG_MLX5_OPCODE_RDMA_READ  0x10
#define RIG_MLX5_CTRL_CQ_UPDATE    0x08 /* fm_ce_se: a completion, always */
#define RIG_MLX5_INLINE_SEG        0x80000000u

RIG_MLX5_ALWAYS_INLINE uint32_t rig_mlx5_be32(uint32_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return v;
#else
	return __builtin_bswap32(v);
#endif
}

RIG_MLX5_ALWAYS_INLINE uint64_t rig_mlx5_be64(uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return v;
#else
	return __builtin_bswap64(v);
#endif
}

/* A 4- and an 8-byte big-endian store at any alignment: one store each. */
RIG_MLX5_ALWAYS_INLINE void rig_mlx5_put32(unsigned char *p, uint32_t v)
{
	v = rig_mlx5_be32(v);
	memcpy(p, &v, sizeof(v));
}

RIG_MLX5_ALWAYS_INLINE void rig_mlx5_put64(unsigned char *p, uint64_t v)
{
	v = rig_mlx5_be64(v);
	memcpy(p, &v, sizeof(v));
}

/* Is [@at, @at + @n) inside a buffer of @bytes?  No sum can overflow. */
RIG_MLX5_ALWAYS_INLINE bool rig_mlx5_fits(size_t bytes, size_t at, size_t n)
{
	return bytes >= n && at <= bytes - n;
}

/*
 * Is the entry of @n bytes at @at, a multiple of @n, inside a buffer of
 * @bytes?  @n is one of the entry sizes, a power of two: a mask, no divide.
 */
RIG_MLX5_ALWAYS_INLINE bool rig_mlx5_placed(size_t bytes, size_t at, size_t n)
{
	return at % n == 0 && rig_mlx5_fits(bytes, at, n);
}

/*
 * A data segment: byte count, local key, address.  Segments are written a
 * field a store: one 64-bit store of two swapped 32-bit words would cost
 * more instructions than the store it saves.
 */
RIG_MLX5_ALWAYS_INLINE void rig_mlx5_put_data(unsigned char *p, uint32_t bytes,
					      uint32_t key, uint64_t address)
{
	rig_mlx5_put32(p, bytes);
	rig_mlx5_put32(p + 4, key);
	rig_mlx5_put64(p + 8, address);
}

/* A remote-address segment: address, remote key, 4 reserved bytes of 0. */
RIG_MLX5_ALWAYS_INLINE void rig_mlx5_put_raddr(unsigned char *p, const struct rig_mlx5_remote *r)
{
	rig_mlx5_put64(p, r->address);
	rig_mlx5_put32(p + 8, r->key);
	memset(p + 12, 0, 4);
}

/*
 * Bytes 8-15 of the control segment in one store: signature 0, 2 reserved
 * bytes, the flags byte, immediate 0.  Both values are constants.
 */
RIG_MLX5_ALWAYS_INLINE void rig_mlx5_put_flags(unsigned char *p, bool signal)
{
	uint32_t w[2] = { signal ? rig_mlx5_be32(RIG_MLX5_CTRL_CQ_UPDATE) : 0, 0 };

	memcpy(p, w, sizeof(w));
}

/*
 * The segments after the control segment: bytes 16 to 63, each written
 * once, unused ones as 0.  Returns the 16-byte units the NIC reads,
 * control segment included, or 0 for misuse, found before any store.
 */
RIG_MLX5_ALWAYS_INLINE unsigned int rig_mlx5_put_body(unsigned char *p,
						      const struct rig_mlx5_entry *e)
{
	const struct rig_mlx5_local *l = &e->local;
	size_t n = e->inline_bytes;

	switch (e->op) {
	case RIG_MLX5_WRITE:
	case RIG_MLX5_READ:
		if (l->bytes > RIG_MLX5_MAX_BYTES)
			return 0;
		rig_mlx5_put_raddr(p + 16, &e->remote);
		if (!l->bytes) {	/* a zero-byte copy carries no data segment */
			memset(p + 32, 0, 32);
			return 2;
		}
		rig_mlx5_put_data(p + 32, l->bytes, l->key, l->address);
		memset(p + 48, 0, 16);
		return 3;
	case RIG_MLX5_SEND:
		if (l->bytes > RIG_MLX5_MAX_BYTES)
			return 0;
		if (!l->bytes) {
			memset(p + 16, 0, 48);
			return 1;
		}
		rig_mlx5_put_data(p + 16, l->bytes, l->key, l->address);
		memset(p + 32, 0, 32);
		return 2;
	case RIG_MLX5_WRITE_INLINE:
		if (n > RIG_MLX5_MAX_INLINE || (n && !e->inline_data))
			return 0;
		rig_mlx5_put_raddr(p + 16, &e->remote);
		/* Zero the units the data leaves (partly) empty, then write it. */
		memset(p + 48, 0, 16);
		if (n <= 12)
			memset(p + 32, 0, 16);
		if (!n)			/* as rdma-core: no empty inline segment */
			return 2;
		rig_mlx5_put32(p + 32, (uint32_t)n | RIG_MLX5_INLINE_SEG);
		memcpy(p + 36, e->inline_data, n);
		return 2 + (unsigned int)(4 + n + 15) / 16;
	}
	return 0;
}

#ifndef RIG_MLX5_INLINE
#define RIG_MLX5_INLINE RIG_MLX5_ALWAYS_INLINE
#endif

/**
 * rig_mlx5_entry_write() - write one send entry of a queue pair's send ring
 * @ring: the send ring (or any buffer)
 * @ring_bytes: bytes at @ring
 * @at: byte offset of the entry in @ring, a multiple of RIG_MLX5_ENTRY_SIZE
 *      (the 64-byte basic block the NIC reads entries by); the entry takes
 *      RIG_MLX5_ENTRY_SIZE bytes from there, which must lie inside @ring
 * @qp: the queue pair's number, below 2^24
 * @index: the send ring's producer count: basic blocks posted before this
 *         entry.  Any value; its low 16 bits go into the entry, and a
 *         completion of the entry reports them back.
 * @e: the entry
 *
 * Writes the control segment (bytes 0-15: opcode, @index, @qp, the count
 * of 16-byte units the NIC reads, the completion flag when @e->signal),
 * then the op's segments: WRITE and READ a remote-address segment and a
 * data segment, SEND a data segment, WRITE_INLINE a remote-address segment
 * and the inline data (its count with bit 31 set).  A zero-byte copy
 * carries no data segment and zero inline bytes no inline segment.  All
 * 64 bytes of the entry are written, unused ones as zero; no other byte.
 * @e->inline_data must not overlap the entry.
 *
 * Inline for speed: compiled with optimisation, it makes no call beyond
 * memcpy() of the inline data.  The library also exports it under the
 * same name, for callers that cannot use this header's inline functions.
 *
 * Return: 0; -EINVAL when @ring or @e is NULL, @at is not a multiple of
 * RIG_MLX5_ENTRY_SIZE, the entry does not lie in @ring, @qp is 2^24 or
 * more, @e->op is none of enum rig_mlx5_op, a WRITE, READ or SEND's
 * @e->local.bytes exceeds RIG_MLX5_MAX_BYTES, or a WRITE_INLINE carries
 * more than RIG_MLX5_MAX_INLINE bytes or a NULL @e->inline_data with
 * bytes.  Then nothing is written.
 */
RIG_MLX5_INLINE int rig_mlx5_entry_write(void *ring, size_t ring_bytes, size_t at,
					 uint32_t qp, uint32_t index,
					 const struct rig_mlx5_entry *e)
{
	unsigned char *p;
	unsigned int units;
	uint32_t opcode;

	if (!ring || !e || !rig_mlx5_placed(ring_bytes, at, RIG_MLX5_ENTRY_SIZE) ||
	    qp > RIG_MLX5_MAX_NUMBER)
		return -EINVAL;
	p = (unsigned char *)ring + at;
	switch (e->op) {
	case RIG_MLX5_WRITE:
	case RIG_MLX5_WRITE_INLINE:
		opcode = RIG_MLX5_OPCODE_RDMA_WRITE;
		break;
	case RIG_MLX5_READ:
		opcode = RIG_MLX5_OPCODE_RDMA_READ;
		break;
	case RIG_MLX5_SEND:
		opcode = RIG_MLX5_OPCODE_SEND;
		break;
	default:
		return -EINVAL;
	}
	/* The body checks its op's fields before its first store. */
	units = rig_mlx5_put_body(p, e);
	if (!units)
		return -EINVAL;
	/* Control segment: opmod 0 | index | opcode; qp | units; flags. */
	rig_mlx5_put32(p, (index & 0xffff) << 8 | opcode);
	rig_mlx5_put32(p + 4, qp << 8 | units);
	rig_mlx5_put_flags(p + 8, e->signal);
	return 0;
}

/**
 * rig_mlx5_receive_write() - write one receive entry of a receive ring
 * @ring: the receive ring (or any buffer)
 * @ring_bytes: bytes at @ring
 * @at: byte offset of the entry, a multiple of RIG_MLX5_RECEIVE_SIZE;
 *      RIG_MLX5_RECEIVE_SIZE bytes from there must lie inside @ring
 * @dst: where the next message lands: @dst->bytes at @dst->address under
 *       local key @dst->key; at most RIG_MLX5_MAX_BYTES bytes
 *
 * Writes one data segment: byte count, key, address, big-endian.  A
 * zero-byte receive carries no data segment: as rdma-core's receive
 * posting does, the entry ends the scatter list instead (count 0,
 * MLX5_INVALID_LKEY 0x100, address 0).  Writes the entry's 16 bytes and
 * no other byte.
 *
 * Return: 0; -EINVAL when @ring or @dst is NULL, @at is not a multiple of
 * RIG_MLX5_RECEIVE_SIZE, the entry does not lie in @ring, or @dst->bytes
 * exceeds RIG_MLX5_MAX_BYTES.  Then nothing is written.
 */
int rig_mlx5_receive_write(void *ring, size_t ring_bytes, size_t at,
			   const struct rig_mlx5_local *dst);

/* What a completion says of its entry. */
enum rig_mlx5_status {
	RIG_MLX5_DONE,		/* a send entry completed (requester opcode 0) */
	RIG_MLX5_RECEIVED,	/* a message landed in a receive (opcodes 1 to 4) */
	RIG_MLX5_FAILED,	/* an entry failed (opcodes 13 send, 14 receive) */
	RIG_MLX5_UNEXPECTED	/* any other opcode: see @opcode */
};

/** A completion, decoded. */
struct rig_mlx5_completion {
	uint32_t qp; uint16_t index; enum rig_mlx5_status status;
	uint32_t bytes;                        /* RECEIVED: bytes that landed */
	uint8_t opcode, syndrome, vendor;      /* raw opcode; FAILED: the two syndromes */
};

/**
 * rig_mlx5_completion_owned() - has the NIC written this completion?
 * @ring: the completion ring
 * @ring_bytes: bytes at @ring
 * @at: byte offset of the completion, a multiple of
 *      RIG_MLX5_COMPLETION_SIZE; RIG_MLX5_COMPLETION_SIZE bytes from there
 *      must lie inside @ring
 * @count: the completion queue's consumer count: completions read before
 *         this one, since the ring was made (any value; it wraps)
 * @entries: completions the ring holds, a power of two
 *
 * The owner rule of rdma-core's cq.c: the process owns the completion
 * when its opcode (high nibble of byte 63) is not 15, the invalid opcode,
 * and its owner bit (bit 0 of byte 63) equals bit log2(@entries) of
 * @count, i.e. the parity of the passes made over the ring.  Reads byte
 * 63 once.  When the answer is 1, a read barrier orders that load before
 * every later load of the completion's other bytes, so a following
 * rig_mlx5_completion_read() sees what the NIC wrote before the owner bit.
 *
 * Return: 1 owned, 0 not yet; -EINVAL when @ring is NULL, @at is not a
 * multiple of RIG_MLX5_COMPLETION_SIZE, the completion does not lie in
 * @ring, or @entries is not a power of two.
 */
int rig_mlx5_completion_owned(const void *ring, size_t ring_bytes, size_t at,
			      uint64_t count, uint32_t entries);

/**
 * rig_mlx5_completion_read() - decode one completion
 * @ring: the completion ring
 * @ring_bytes: bytes at @ring
 * @at: byte offset of the completion, a multiple of
 *      RIG_MLX5_COMPLETION_SIZE; the completion must lie inside @ring
 * @c: the decoded completion
 *
 * Reads, whatever the owner bit says (rig_mlx5_completion_owned() says
 * whether to): the queue pair from the low 24 bits of the big-endian word
 * at byte 56, the entry's 16-bit index at 60, the opcode from the high
 * nibble of byte 63.  A requester opcode (0) is DONE; responder opcodes
 * 1 to 4 are RECEIVED with the byte count at 44; 13 (requester) and 14
 * (responder) are FAILED with the syndrome at 55 and the vendor syndrome
 * at 54; every other opcode, 15 the invalid one among them, is
 * UNEXPECTED.  Fields a status does not name are 0.
 *
 * Return: 0; -EINVAL when @ring or @c is NULL, @at is not a multiple of
 * RIG_MLX5_COMPLETION_SIZE, or the completion does not lie in @ring.  Then
 * @c is untouched.
 */
int rig_mlx5_completion_read(const void *ring, size_t ring_bytes, size_t at,
			     struct rig_mlx5_completion *c);

/**
 * rig_mlx5_completion_invalidate() - mark a completion as never written
 * @ring: the completion ring
 * @ring_bytes: bytes at @ring
 * @at: byte offset of the completion, a multiple of
 *      RIG_MLX5_COMPLETION_SIZE; the completion must lie inside @ring
 *
 * Stores the invalid opcode 15 with owner bit 0 in byte 63 (0xf0), as
 * rdma-core does to every completion of a new ring; such a completion is
 * never owned, whatever the count, until the NIC writes it.  Writes byte
 * 63 of the completion and no other byte.
 *
 * Return: 0; -EINVAL when @ring is NULL, @at is not a multiple of
 * RIG_MLX5_COMPLETION_SIZE, or the completion does not lie in @ring.  Then
 * nothing is written.
 */
int rig_mlx5_completion_invalidate(void *ring, size_t ring_bytes, size_t at);

/**
 * rig_mlx5_completion_message() - say what a completion means, in words
 * @c: a completion from rig_mlx5_completion_read()
 * @buf: where the message goes, NUL-terminated
 * @n: bytes at @buf; RIG_MLX5_MESSAGE_SIZE always suffices
 *
 * Names the queue pair, the entry's index and what happened to it: for
 * FAILED, the syndrome by name (as mlx5dv.h names them) and both
 * syndromes' values; for RECEIVED, the bytes; for UNEXPECTED, the opcode.
 *
 * Return: the message's length, without its NUL; -EINVAL when @c or @buf
 * is NULL, @c->status is none of enum rig_mlx5_status, or the message and
 * its NUL do not fit in @n bytes.  Then @buf is untouched.
 */
int rig_mlx5_completion_message(const struct rig_mlx5_completion *c, char *buf, size_t n);

/*
 * Doorbell records: RIG_MLX5_DOORBELL_SIZE bytes in process memory that
 * the NIC reads, two big-endian 32-bit words.  A queue pair's record holds
 * its receive producer count at RIG_MLX5_DOORBELL_RECEIVE and its send
 * producer count at RIG_MLX5_DOORBELL_SEND, each mod 2^16; a completion
 * queue's holds its consumer count, mod 2^24, at
 * RIG_MLX5_DOORBELL_CONSUMED and the word of rig_mlx5_doorbell_arm() at
 * RIG_MLX5_DOORBELL_ARMED.  Each is one aligned 32-bit store, after a
 * write barrier that orders the entries it counts before it.
 */
#define RIG_MLX5_DOORBELL_SIZE     8  /* a record: two big-endian 32-bit words */
#define RIG_MLX5_DOORBELL_RECEIVE  0  /* queue pair: receive producer count */
#define RIG_MLX5_DOORBELL_SEND     4  /* queue pair: send producer count */
#define RIG_MLX5_DOORBELL_CONSUMED 0  /* completion queue: consumer count */
#define RIG_MLX5_DOORBELL_ARMED    4  /* completion queue: arm word */

/**
 * rig_mlx5_doorbell_arm() - the values that arm a completion queue
 * @sequence: the queue's arm sequence count (events it has delivered);
 *            its low 2 bits are used
 * @count: the queue's consumer count; its low 24 bits are used
 * @cq: the completion queue's number, below 2^24
 * @word: the arm word: @sequence's 2 bits at bit 28, the command (0 at bit
 *        24: the next completion of any kind raises an event), @count's 24
 *        bits
 * @number: @cq
 *
 * Host-order values.  The process stores @word big-endian in the record at
 * RIG_MLX5_DOORBELL_ARMED, then, after a write barrier, writes @word and
 * @number as one 64-bit big-endian store to the access region's register
 * at RIG_MLX5_UAR_CQ_DOORBELL.
 *
 * Return: 0; -EINVAL when @word or @number is NULL or @cq is 2^24 or more.
 * Then nothing is written.
 */
int rig_mlx5_doorbell_arm(uint32_t sequence, uint64_t count, uint32_t cq,
			  uint32_t *word, uint32_t *number);

/**
 * rig_mlx5_doorbell_post() - store a queue pair's producer count in its
 *	doorbell record
 * @record: the queue pair's doorbell record, aligned to 4 bytes
 * @record_bytes: bytes at @record, at least RIG_MLX5_DOORBELL_SIZE
 * @at: RIG_MLX5_DOORBELL_RECEIVE (receives posted) or
 *      RIG_MLX5_DOORBELL_SEND (send entries posted, in 64-byte blocks)
 * @count: the producer count; its low 16 bits are stored
 *
 * Step two of seed 004's post sequence (entries, record, register): one
 * aligned big-endian 32-bit store, with release ordering, so every entry
 * written before the call is in memory before the NIC can see the count.
 * Writes those 4 bytes and no other byte.
 *
 * Return: 0; -EINVAL when @record is NULL or not aligned to 4,
 * @record_bytes is less than RIG_MLX5_DOORBELL_SIZE, or @at is neither
 * offset.  Then nothing is written.
 */
int rig_mlx5_doorbell_post(void *record, size_t record_bytes, size_t at, uint64_t count);

/**
 * rig_mlx5_doorbell_consume() - store a completion queue's consumer count
 *	in its doorbell record
 * @record: the completion queue's doorbell record, aligned to 4 bytes
 * @record_bytes: bytes at @record, at least RIG_MLX5_DOORBELL_SIZE
 * @count: the consumer count (completions read); its low 24 bits are
 *         stored
 *
 * One aligned big-endian 32-bit store at RIG_MLX5_DOORBELL_CONSUMED, with
 * release ordering: the completions read before the call are read before
 * the NIC can see their slots free.  Writes those 4 bytes and no other.
 *
 * Return: 0; -EINVAL when @record is NULL or not aligned to 4, or
 * @record_bytes is less than RIG_MLX5_DOORBELL_SIZE.  Then nothing is
 * written.
 */
int rig_mlx5_doorbell_consume(void *record, size_t record_bytes, uint64_t count);

/**
 * rig_mlx5_uar_ring() - tell the NIC that work waits: store an entry's
 *	first 8 bytes in a doorbell register
 * @reg: the register (rig_mlx5_uar_register() says where it lies in the
 *       mapped access region), aligned to 8 bytes
 * @ring: the send ring
 * @ring_bytes: bytes at @ring
 * @at: byte offset of the last entry posted, a multiple of
 *      RIG_MLX5_ENTRY_SIZE; RIG_MLX5_ENTRY_SIZE bytes from there must lie
 *      inside @ring
 *
 * Step three of seed 004's post sequence: after a barrier that orders the
 * doorbell record's store (rig_mlx5_doorbell_post()) before it, one 64-bit
 * store of the entry's first 8 bytes (its control segment's opcode, index,
 * queue pair and size words), as they lie in memory; then the stores are
 * flushed from the write-combining buffer (x86 sfence), as rdma-core's
 * mmio_flush_writes() does.  Writes those 8 bytes of @reg and nothing
 * else.
 *
 * Return: 0; -EINVAL when @reg or @ring is NULL, @reg is not aligned to
 * 8, @at is not a multiple of RIG_MLX5_ENTRY_SIZE or the entry does not
 * lie in @ring.  Then nothing is written.
 */
int rig_mlx5_uar_ring(void *reg, const void *ring, size_t ring_bytes, size_t at);

#define RIG_MLX5_UAR_REGISTERS   4    /* per access region */
#define RIG_MLX5_UAR_CQ_DOORBELL 0x20

/**
 * rig_mlx5_uar_mapping() - where to mmap() one page of access regions
 * @page: the system page size in bytes, a power of two of at least 4096
 * @index: the page's index among the context's access-region pages,
 *         below 256
 * @offset: the mmap() offset, in bytes, on the verbs device file
 *
 * The kernel's mlx5 driver reads the offset in pages: its command at bit 8
 * (MLX5_IB_MMAP_NC_PAGE, 3: uncached) and @index in bits 0-7.  The
 * mapping is one page long.
 *
 * Return: 0; -EINVAL when @offset is NULL, @page is not a power of two of
 * at least 4096, or @index is 256 or more.  Then nothing is written.
 */
int rig_mlx5_uar_mapping(uint32_t page, uint32_t index, uint64_t *offset);

/**
 * rig_mlx5_uar_register() - where a doorbell register lies
 * @per_page: access regions (4 KiB each) per system page, a power of two
 *            no more than 2^19 (the regions of a 2 GiB page, the largest
 *            rig_mlx5_uar_mapping() takes)
 * @size: bytes per register (the device's bf_reg_size), a power of two
 *        from 8 to 512
 * @reg: the register's number as the kernel reports it (bfreg_index):
 *       RIG_MLX5_UAR_REGISTERS per region, region by region
 * @page: the index of the system page that holds the register, for
 *        rig_mlx5_uar_mapping()
 * @offset: the register's byte offset in that page
 *
 * Register k of a region lies at 0x800 + k * @size from the region's
 * start; registers 2 and 3 of a region are never rung (the kernel never
 * hands them out), so they are refused.
 *
 * Return: 0; -EINVAL when @page or @offset is NULL, @per_page or @size is
 * out of its range, or @reg is register 2 or 3 of its region.  Then
 * nothing is written.
 */
int rig_mlx5_uar_register(uint32_t per_page, uint32_t size, uint32_t reg,
			  uint32_t *page, uint32_t *offset);

#ifdef __cplusplus
}
#endif

#endif /* RIG_MLX5_ABI_H */
