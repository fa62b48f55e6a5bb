// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests of the ConnectX (mlx5) formats, rig/mlx5_abi.h: where each
 * field lands, byte by byte, the rules of mlx5dv.h and the kernel's mlx5
 * driver, and that every call refuses misuse without writing a byte.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "kselftest_harness.h"
#include "rig/mlx5_abi.h"

/* The library's exported copy of the inline entry writer, by its symbol. */
int exported_entry_write(void *ring, size_t ring_bytes, size_t at, uint32_t qp,
			 uint32_t index, const struct rig_mlx5_entry *e)
	__asm__("rig_mlx5_entry_write");

#define RING 256	/* bytes of a test ring: four send entries */
#define AT   64		/* where an entry goes: one before it, two after */

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

static void put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* Byte @i of a pattern no call writes by chance; @x picks the pattern. */
static unsigned char pattern(size_t i, unsigned char x)
{
	return (unsigned char)(x ^ (i * 29));
}

static void fill_with(void *buf, size_t n, unsigned char x)
{
	unsigned char *b = buf;

	for (size_t i = 0; i < n; i++)
		b[i] = pattern(i, x);
}

/* Do bytes [from, to) of @buf still hold the pattern fill_with() wrote? */
static bool kept(const void *buf, size_t from, size_t to, unsigned char x)
{
	const unsigned char *b = buf;

	for (size_t i = from; i < to; i++)
		if (b[i] != pattern(i, x))
			return false;
	return true;
}

static void fill(void *buf, size_t n)
{
	fill_with(buf, n, 0xa5);
}

static bool untouched(const void *buf, size_t n)
{
	return kept(buf, 0, n, 0xa5);
}

static bool untouched_range(const void *buf, size_t from, size_t to)
{
	return kept(buf, from, to, 0xa5);
}

static bool zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/*
 * The buffer, with its size hidden from the compiler: a call refused for
 * bytes outside it would otherwise draw a -Wstringop-overflow warning
 * from builds that do not prune the refused path (-O0, sanitizers).
 */
static unsigned char *hide(unsigned char *p)
{
	__asm__("" : "+r"(p));
	return p;
}

static const struct rig_mlx5_entry a_write = {
	.op = RIG_MLX5_WRITE,
	.local = { .address = 0x0011223344556677ull, .bytes = 4096, .key = 0x89abcdefu },
	.remote = { .address = 0x8899aabbccddeeffull, .key = 0x01234567u },
};

/* Writes @e at AT in a patterned ring and returns the entry's bytes. */
static unsigned char *write_entry(unsigned char *ring, const struct rig_mlx5_entry *e,
				  uint32_t qp, uint32_t index)
{
	fill(ring, RING);
	if (rig_mlx5_entry_write(ring, RING, AT, qp, index, e))
		return NULL;
	return ring + AT;
}

/* a_write made another op, of @bytes local bytes. */
static unsigned char *write_op(unsigned char *ring, enum rig_mlx5_op op, uint32_t bytes)
{
	struct rig_mlx5_entry e = a_write;

	e.op = op;
	e.local.bytes = bytes;
	return write_entry(ring, &e, 1, 0);
}

/* a_write made an inline write of @n bytes of @data. */
static unsigned char *write_inline(unsigned char *ring, const void *data, size_t n)
{
	struct rig_mlx5_entry e = a_write;

	e.op = RIG_MLX5_WRITE_INLINE;
	e.inline_data = data;
	e.inline_bytes = n;
	return write_entry(ring, &e, 1, 0);
}

/* --- send entries: the control segment --- */

TEST(entry_puts_opcode_and_16_bit_index_in_bytes_0_to_3)
{
	unsigned char ring[RING], *p = write_entry(ring, &a_write, 1, 0xbeef);

	ASSERT_NE(NULL, p);
	EXPECT_EQ(0x00u, p[0]);		/* opcode modifier */
	EXPECT_EQ(0xbeu, p[1]);
	EXPECT_EQ(0xefu, p[2]);
	EXPECT_EQ(0x08u, p[3]);		/* MLX5_OPCODE_RDMA_WRITE */
}

TEST(entry_index_is_the_producer_count_mod_2_16)
{
	unsigned char ring[RING], *p = write_entry(ring, &a_write, 1, 0x12345678u);

	ASSERT_NE(NULL, p);
	EXPECT_EQ(0x00567808u, be32(p));
}

TEST(entry_puts_queue_pair_in_bytes_4_to_6_and_units_in_byte_7)
{
	unsigned char ring[RING], *p = write_entry(ring, &a_write, 0xfedcba, 0);

	ASSERT_NE(NULL, p);
	EXPECT_EQ(0xfeu, p[4]);
	EXPECT_EQ(0xdcu, p[5]);
	EXPECT_EQ(0xbau, p[6]);
	EXPECT_EQ(3u, p[7]);		/* control, remote address, data */
}

TEST(entry_refuses_a_queue_pair_of_2_24_or_more)
{
	unsigned char ring[RING];

	fill(ring, RING);
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING, AT, 1u << 24, 0, &a_write));
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING, AT, UINT32_MAX, 0, &a_write));
	EXPECT_TRUE(untouched(ring, RING));
	EXPECT_EQ(0, rig_mlx5_entry_write(ring, RING, AT, RIG_MLX5_MAX_NUMBER, 0, &a_write));
}

TEST(entry_asks_for_a_completion_in_byte_11_only_when_signalled)
{
	unsigned char ring[RING], *p;
	struct rig_mlx5_entry e = a_write;

	p = write_entry(ring, &e, 1, 0);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(0u, p[11]);
	e.signal = true;
	p = write_entry(ring, &e, 1, 0);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(0x08u, p[11]);	/* MLX5_WQE_CTRL_CQ_UPDATE */
}

TEST(entry_leaves_signature_reserved_bytes_and_immediate_zero)
{
	unsigned char ring[RING], *p;
	struct rig_mlx5_entry e = a_write;

	e.signal = true;
	p = write_entry(ring, &e, 0xffffff, 0xffff);
	ASSERT_NE(NULL, p);
	EXPECT_TRUE(zero(p + 8, 3));
	EXPECT_TRUE(zero(p + 12, 4));
}

/* --- send entries: the segments of each op --- */

TEST(write_carries_remote_address_at_16_and_data_segment_at_32)
{
	unsigned char ring[RING], *p = write_op(ring, RIG_MLX5_WRITE, 4096);

	ASSERT_NE(NULL, p);
	EXPECT_EQ(0x8899aabbccddeeffull, be64(p + 16));
	EXPECT_EQ(0x01234567u, be32(p + 24));
	EXPECT_EQ(0u, be32(p + 28));		/* reserved */
	EXPECT_EQ(4096u, be32(p + 32));
	EXPECT_EQ(0x89abcdefu, be32(p + 36));
	EXPECT_EQ(0x0011223344556677ull, be64(p + 40));
	EXPECT_TRUE(zero(p + 48, 16));
}

TEST(read_is_opcode_0x10_with_the_segments_of_a_write)
{
	unsigned char ring[RING], w[RIG_MLX5_ENTRY_SIZE], *p;

	p = write_op(ring, RIG_MLX5_WRITE, 4096);
	ASSERT_NE(NULL, p);
	memcpy(w, p, sizeof(w));
	p = write_op(ring, RIG_MLX5_READ, 4096);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(0x10u, p[3]);		/* MLX5_OPCODE_RDMA_READ */
	EXPECT_EQ(0, memcmp(w + 4, p + 4, sizeof(w) - 4));
}

TEST(send_carries_only_a_data_segment_at_16)
{
	unsigned char ring[RING], *p = write_op(ring, RIG_MLX5_SEND, 4096);

	ASSERT_NE(NULL, p);
	EXPECT_EQ(0x0au, p[3]);		/* MLX5_OPCODE_SEND */
	EXPECT_EQ(2u, p[7]);
	EXPECT_EQ(4096u, be32(p + 16));
	EXPECT_EQ(0x89abcdefu, be32(p + 20));
	EXPECT_EQ(0x0011223344556677ull, be64(p + 24));
	EXPECT_TRUE(zero(p + 32, 32));
}

TEST(zero_byte_write_and_read_carry_no_data_segment)
{
	unsigned char ring[RING], *p = write_op(ring, RIG_MLX5_WRITE, 0);

	ASSERT_NE(NULL, p);
	EXPECT_EQ(2u, p[7]);
	EXPECT_EQ(0x8899aabbccddeeffull, be64(p + 16));
	EXPECT_TRUE(zero(p + 32, 32));
	p = write_op(ring, RIG_MLX5_READ, 0);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(2u, p[7]);
	EXPECT_TRUE(zero(p + 32, 32));
}

TEST(zero_byte_send_is_a_control_segment_alone)
{
	unsigned char ring[RING], *p = write_op(ring, RIG_MLX5_SEND, 0);

	ASSERT_NE(NULL, p);
	EXPECT_EQ(1u, p[7]);
	EXPECT_TRUE(zero(p + 16, 48));
}

TEST(local_bytes_may_be_2_31_minus_1_but_no_more)
{
	unsigned char ring[RING];
	struct rig_mlx5_entry e = a_write;
	enum rig_mlx5_op ops[] = { RIG_MLX5_WRITE, RIG_MLX5_READ, RIG_MLX5_SEND };

	for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
		EXPECT_NE(NULL, write_op(ring, ops[i], RIG_MLX5_MAX_BYTES));
		e.op = ops[i];
		fill(ring, RING);
		e.local.bytes = RIG_MLX5_MAX_BYTES + 1;
		EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING, AT, 1, 0, &e));
		e.local.bytes = UINT32_MAX;
		EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING, AT, 1, 0, &e));
		EXPECT_TRUE(untouched(ring, RING));
	}
}

TEST(inline_write_sets_bit_31_of_its_count_and_copies_the_data)
{
	static const char data[] = "0123456789abcdefghijklmnopq";	/* 27 bytes */
	unsigned char ring[RING], *p = write_inline(ring, data, 27);

	ASSERT_NE(NULL, p);
	EXPECT_EQ(0x08u, p[3]);		/* an RDMA write */
	EXPECT_EQ(0x8899aabbccddeeffull, be64(p + 16));
	EXPECT_EQ(0x80000000u | 27, be32(p + 32));
	EXPECT_EQ(0, memcmp(p + 36, data, 27));
	EXPECT_EQ(0u, p[63]);		/* padding */
}

TEST(inline_write_of_12_bytes_takes_one_unit_and_of_13_two)
{
	static const char data[RIG_MLX5_MAX_INLINE] = "inline";
	unsigned char ring[RING], *p;

	p = write_inline(ring, data, 1);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(3u, p[7]);
	EXPECT_TRUE(zero(p + 37, 27));
	p = write_inline(ring, data, 12);	/* 4-byte count + 12 = one unit */
	ASSERT_NE(NULL, p);
	EXPECT_EQ(3u, p[7]);
	EXPECT_TRUE(zero(p + 48, 16));
	p = write_inline(ring, data, 13);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(4u, p[7]);
	EXPECT_TRUE(zero(p + 49, 15));
}

TEST(inline_write_carries_28_bytes_but_not_29)
{
	char data[RIG_MLX5_MAX_INLINE + 1];
	unsigned char ring[RING], *p;

	memset(data, 'x', sizeof(data));
	p = write_inline(ring, data, RIG_MLX5_MAX_INLINE);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(4u, p[7]);
	EXPECT_EQ(0, memcmp(p + 36, data, 28));	/* to the entry's last byte */
	EXPECT_TRUE(untouched_range(ring, AT + 64, RING));
	EXPECT_EQ(NULL, write_inline(ring, data, RIG_MLX5_MAX_INLINE + 1));
	EXPECT_TRUE(untouched(ring, RING));
}

TEST(inline_write_of_no_bytes_carries_no_inline_segment)
{
	unsigned char ring[RING], *p = write_inline(ring, NULL, 0);

	ASSERT_NE(NULL, p);
	EXPECT_EQ(2u, p[7]);
	EXPECT_TRUE(zero(p + 32, 32));
}

TEST(inline_write_refuses_bytes_without_data)
{
	unsigned char ring[RING];

	EXPECT_EQ(NULL, write_inline(ring, NULL, 1));
	EXPECT_TRUE(untouched(ring, RING));
}

TEST(entry_ignores_the_fields_its_op_does_not_read)
{
	unsigned char ring[RING], w[RIG_MLX5_ENTRY_SIZE], *p;
	struct rig_mlx5_entry e = a_write;

	p = write_entry(ring, &e, 1, 0);
	ASSERT_NE(NULL, p);
	memcpy(w, p, sizeof(w));
	e.inline_data = NULL;
	e.inline_bytes = 1000;		/* a write reads no inline fields */
	p = write_entry(ring, &e, 1, 0);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(0, memcmp(w, p, sizeof(w)));

	e.op = RIG_MLX5_SEND;
	p = write_entry(ring, &e, 1, 0);
	ASSERT_NE(NULL, p);
	memcpy(w, p, sizeof(w));
	e.remote.address = 0;		/* a send reads no remote fields */
	e.remote.key = 0;
	p = write_entry(ring, &e, 1, 0);
	ASSERT_NE(NULL, p);
	EXPECT_EQ(0, memcmp(w, p, sizeof(w)));
}

TEST(entry_writes_its_64_bytes_and_no_other_byte)
{
	unsigned char ring[RING], twice[RING];
	struct rig_mlx5_entry e = a_write;
	static const char data[RIG_MLX5_MAX_INLINE] = "abc";
	enum rig_mlx5_op ops[] = {
		RIG_MLX5_WRITE, RIG_MLX5_WRITE_INLINE, RIG_MLX5_READ, RIG_MLX5_SEND
	};

	e.inline_data = data;
	e.inline_bytes = 3;
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
		e.op = ops[i];
		/* Over two different patterns, the entry's bytes come out equal. */
		fill_with(ring, RING, 0xa5);
		fill_with(twice, RING, 0x5a);
		ASSERT_EQ(0, rig_mlx5_entry_write(ring, RING, AT, 1, 0, &e));
		ASSERT_EQ(0, rig_mlx5_entry_write(twice, RING, AT, 1, 0, &e));
		EXPECT_EQ(0, memcmp(ring + AT, twice + AT, RIG_MLX5_ENTRY_SIZE));
		EXPECT_TRUE(kept(ring, 0, AT, 0xa5));
		EXPECT_TRUE(kept(ring, AT + RIG_MLX5_ENTRY_SIZE, RING, 0xa5));
		EXPECT_TRUE(kept(twice, 0, AT, 0x5a));
		EXPECT_TRUE(kept(twice, AT + RIG_MLX5_ENTRY_SIZE, RING, 0x5a));
	}
}

TEST(entry_may_be_the_last_of_the_ring_but_not_past_it)
{
	unsigned char buf[RING], *ring = hide(buf);

	EXPECT_EQ(0, rig_mlx5_entry_write(ring, RING, RING - 64, 1, 0, &a_write));
	EXPECT_EQ(0, rig_mlx5_entry_write(ring, 64, 0, 1, 0, &a_write));
	fill(ring, RING);
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING - 1, RING - 64, 1, 0, &a_write));
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING, RING, 1, 0, &a_write));
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, 63, 0, 1, 0, &a_write));
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING, SIZE_MAX - 63, 1, 0, &a_write));
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, SIZE_MAX, SIZE_MAX - 63, 1, 0, &a_write));
	EXPECT_TRUE(untouched(ring, RING));
}

TEST(entry_refuses_misuse_and_writes_nothing)
{
	unsigned char ring[RING];
	struct rig_mlx5_entry e = a_write;

	fill(ring, RING);
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(NULL, RING, 0, 1, 0, &a_write));
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING, AT, 1, 0, NULL));
	e.op = (enum rig_mlx5_op)4;
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING, AT, 1, 0, &e));
	e.op = (enum rig_mlx5_op)-1;
	EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING, AT, 1, 0, &e));
	EXPECT_TRUE(untouched(ring, RING));
}

TEST(entry_refuses_an_offset_off_a_64_byte_boundary_and_writes_nothing)
{
	unsigned char ring[RING];

	fill(ring, RING);
	/* Every offset between two entries; each entry would lie in the ring. */
	for (size_t k = 1; k < RIG_MLX5_ENTRY_SIZE; k++) {
		EXPECT_EQ(-EINVAL, rig_mlx5_entry_write(ring, RING, AT + k, 1, 0, &a_write))
			TH_LOG("at %zu", AT + k);
	}
	EXPECT_TRUE(untouched(ring, RING));
}

TEST(exported_entry_write_refuses_an_offset_off_a_64_byte_boundary_too)
{
	unsigned char ring[RING];

	fill(ring, RING);
	for (size_t k = 1; k < RIG_MLX5_ENTRY_SIZE; k++) {
		EXPECT_EQ(-EINVAL, exported_entry_write(ring, RING, AT + k, 1, 0, &a_write))
			TH_LOG("at %zu", AT + k);
	}
	EXPECT_TRUE(untouched(ring, RING));
}

TEST(exported_entry_write_is_the_inline_one)
{
	unsigned char ours[RING], theirs[RING];
	static const char data[RIG_MLX5_MAX_INLINE] = "exported";
	struct rig_mlx5_entry e = a_write;

	e.op = RIG_MLX5_WRITE_INLINE;
	e.inline_data = data;
	e.inline_bytes = 8;
	e.signal = true;
	fill(ours, RING);
	fill(theirs, RING);
	EXPECT_EQ(0, rig_mlx5_entry_write(ours, RING, AT, 0x123, 0x4567, &e));
	EXPECT_EQ(0, exported_entry_write(theirs, RING, AT, 0x123, 0x4567, &e));
	EXPECT_EQ(0, memcmp(ours, theirs, RING));
	EXPECT_EQ(-EINVAL, exported_entry_write(theirs, RING - 1, RING - 64, 1, 0, &e));
	EXPECT_EQ(0, memcmp(ours, theirs, RING));
}

/* --- receive entries --- */

TEST(receive_lays_out_count_key_and_address)
{
	unsigned char ring[64];
	struct rig_mlx5_local dst = { .address = 0x0102030405060708ull, .bytes = 9000,
				      .key = 0xcafef00du };

	fill(ring, sizeof(ring));
	ASSERT_EQ(0, rig_mlx5_receive_write(ring, sizeof(ring), 16, &dst));
	EXPECT_EQ(9000u, be32(ring + 16));
	EXPECT_EQ(0xcafef00du, be32(ring + 20));
	EXPECT_EQ(0x0102030405060708ull, be64(ring + 24));
	EXPECT_TRUE(untouched_range(ring, 0, 16));
	EXPECT_TRUE(untouched_range(ring, 32, sizeof(ring)));
}

TEST(zero_byte_receive_ends_the_list_with_the_invalid_key)
{
	unsigned char ring[16];
	struct rig_mlx5_local dst = { .address = 0x1000, .bytes = 0, .key = 0x42 };

	fill(ring, sizeof(ring));
	ASSERT_EQ(0, rig_mlx5_receive_write(ring, sizeof(ring), 0, &dst));
	EXPECT_EQ(0u, be32(ring));
	EXPECT_EQ(0x100u, be32(ring + 4));	/* MLX5_INVALID_LKEY */
	EXPECT_EQ(0ull, be64(ring + 8));
}

TEST(receive_may_lie_at_any_multiple_of_16)
{
	unsigned char ring[64];
	struct rig_mlx5_local dst = { .address = 0x1000, .bytes = 1, .key = 1 };

	/* A receive entry is one 16-byte data segment, not a 64-byte block. */
	for (size_t at = 0; at < sizeof(ring); at += RIG_MLX5_RECEIVE_SIZE) {
		fill(ring, sizeof(ring));
		EXPECT_EQ(0, rig_mlx5_receive_write(ring, sizeof(ring), at, &dst))
			TH_LOG("at %zu", at);
		EXPECT_EQ(1u, be32(ring + at));
	}
}

TEST(receive_refuses_an_offset_off_a_16_byte_boundary_and_writes_nothing)
{
	unsigned char ring[64];
	struct rig_mlx5_local dst = { .address = 0x1000, .bytes = 1, .key = 1 };

	fill(ring, sizeof(ring));
	for (size_t k = 1; k < RIG_MLX5_RECEIVE_SIZE; k++) {
		EXPECT_EQ(-EINVAL, rig_mlx5_receive_write(ring, sizeof(ring), 16 + k, &dst))
			TH_LOG("at %zu", 16 + k);
	}
	EXPECT_TRUE(untouched(ring, sizeof(ring)));
}

TEST(receive_refuses_misuse_and_writes_nothing)
{
	unsigned char ring[64];
	struct rig_mlx5_local dst = { .address = 0x1000, .bytes = 1, .key = 1 };

	fill(ring, sizeof(ring));
	EXPECT_EQ(-EINVAL, rig_mlx5_receive_write(NULL, sizeof(ring), 0, &dst));
	EXPECT_EQ(-EINVAL, rig_mlx5_receive_write(ring, sizeof(ring), 0, NULL));
	EXPECT_EQ(-EINVAL, rig_mlx5_receive_write(ring, sizeof(ring) - 1, 48, &dst));
	EXPECT_EQ(-EINVAL, rig_mlx5_receive_write(ring, 15, 0, &dst));
	EXPECT_EQ(-EINVAL, rig_mlx5_receive_write(ring, sizeof(ring), SIZE_MAX - 15, &dst));
	dst.bytes = RIG_MLX5_MAX_BYTES + 1;
	EXPECT_EQ(-EINVAL, rig_mlx5_receive_write(ring, sizeof(ring), 0, &dst));
	EXPECT_TRUE(untouched(ring, sizeof(ring)));
	dst.bytes = RIG_MLX5_MAX_BYTES;
	EXPECT_EQ(0, rig_mlx5_receive_write(ring, sizeof(ring), 48, &dst));
}

/* --- completions --- */

/* A completion at offset 64 of a patterned 192-byte ring. */
static unsigned char *completion(unsigned char *ring, uint8_t op_own)
{
	fill(ring, 192);
	ring[64 + 63] = op_own;
	return ring + 64;
}

TEST(completion_queue_pair_is_the_low_24_bits_at_byte_56)
{
	unsigned char ring[192], *p = completion(ring, 0x00);
	struct rig_mlx5_completion c;

	put32(p + 56, 0xab123456u);	/* the high byte is not the queue pair's */
	ASSERT_EQ(0, rig_mlx5_completion_read(ring, sizeof(ring), 64, &c));
	EXPECT_EQ(0x123456u, c.qp);
}

TEST(completion_index_is_the_16_bits_at_byte_60)
{
	unsigned char ring[192], *p = completion(ring, 0x00);
	struct rig_mlx5_completion c;

	p[60] = 0xbe;
	p[61] = 0xef;
	ASSERT_EQ(0, rig_mlx5_completion_read(ring, sizeof(ring), 64, &c));
	EXPECT_EQ(0xbeef, c.index);
}

TEST(completion_opcode_is_the_high_nibble_of_byte_63)
{
	unsigned char ring[192];
	struct rig_mlx5_completion c;

	for (unsigned int op = 0; op < 16; op++) {
		for (unsigned int low = 0; low < 16; low++) {
			completion(ring, (uint8_t)(op << 4 | low));
			ASSERT_EQ(0, rig_mlx5_completion_read(ring, sizeof(ring), 64, &c));
			EXPECT_EQ(op, c.opcode);
		}
	}
}

TEST(requester_completion_is_done)
{
	unsigned char ring[192];
	struct rig_mlx5_completion c;

	completion(ring, 0x01);		/* opcode 0, owner bit 1 */
	ASSERT_EQ(0, rig_mlx5_completion_read(ring, sizeof(ring), 64, &c));
	EXPECT_EQ(RIG_MLX5_DONE, c.status);
	EXPECT_EQ(0u, c.bytes);
	EXPECT_EQ(0, c.syndrome);
	EXPECT_EQ(0, c.vendor);
}

TEST(responder_completions_are_received_with_the_byte_count_at_44)
{
	unsigned char ring[192], *p;
	struct rig_mlx5_completion c;

	for (unsigned int op = 1; op <= 4; op++) {
		p = completion(ring, (uint8_t)(op << 4));
		put32(p + 44, 0x00012345u + op);
		ASSERT_EQ(0, rig_mlx5_completion_read(ring, sizeof(ring), 64, &c));
		EXPECT_EQ(RIG_MLX5_RECEIVED, c.status);
		EXPECT_EQ(0x00012345u + op, c.bytes);
		EXPECT_EQ(0, c.syndrome);
		EXPECT_EQ(0, c.vendor);
	}
}

TEST(failed_completions_carry_syndrome_at_55_and_vendor_at_54)
{
	unsigned char ring[192], *p;
	struct rig_mlx5_completion c;

	for (unsigned int op = 13; op <= 14; op++) {
		p = completion(ring, (uint8_t)(op << 4));
		p[54] = 0x88;
		p[55] = 0x13;
		ASSERT_EQ(0, rig_mlx5_completion_read(ring, sizeof(ring), 64, &c));
		EXPECT_EQ(RIG_MLX5_FAILED, c.status);
		EXPECT_EQ(op, c.opcode);
		EXPECT_EQ(0x13, c.syndrome);
		EXPECT_EQ(0x88, c.vendor);
		EXPECT_EQ(0u, c.bytes);
	}
}

TEST(every_other_opcode_is_unexpected)
{
	unsigned char ring[192];
	struct rig_mlx5_completion c;
	unsigned int ops[] = { 5, 6, 7, 8, 9, 10, 11, 12, 15 };

	for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
		completion(ring, (uint8_t)(ops[i] << 4));
		ASSERT_EQ(0, rig_mlx5_completion_read(ring, sizeof(ring), 64, &c));
		EXPECT_EQ(RIG_MLX5_UNEXPECTED, c.status);
		EXPECT_EQ(ops[i], c.opcode);
		EXPECT_EQ(0u, c.bytes);
		EXPECT_EQ(0, c.syndrome);
	}
}

TEST(completion_read_refuses_misuse_and_leaves_the_result_untouched)
{
	unsigned char ring[192];
	struct rig_mlx5_completion c;

	completion(ring, 0);
	fill(&c, sizeof(c));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_read(NULL, sizeof(ring), 0, &c));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_read(ring, sizeof(ring), 0, NULL));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_read(ring, sizeof(ring) - 1, 128, &c));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_read(ring, 63, 0, &c));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_read(ring, sizeof(ring), SIZE_MAX - 63, &c));
	EXPECT_TRUE(untouched(&c, sizeof(c)));
	EXPECT_EQ(0, rig_mlx5_completion_read(ring, sizeof(ring), 128, &c));
}

TEST(completion_read_refuses_an_offset_off_a_64_byte_boundary)
{
	unsigned char ring[192];
	struct rig_mlx5_completion c;

	completion(ring, 0);
	fill(&c, sizeof(c));
	for (size_t k = 1; k < RIG_MLX5_COMPLETION_SIZE; k++) {
		EXPECT_EQ(-EINVAL, rig_mlx5_completion_read(ring, sizeof(ring), 64 + k, &c))
			TH_LOG("at %zu", 64 + k);
	}
	EXPECT_TRUE(untouched(&c, sizeof(c)));
}

/* The owner rule as rdma-core's cq.c states it, for the test to hold to. */
static int owned_by_rule(uint8_t op_own, uint64_t count, uint32_t entries)
{
	return (op_own >> 4) != 15 && (op_own & 1) == ((count & entries) ? 1 : 0);
}

TEST(owner_bit_must_match_the_parity_of_the_pass_for_any_power_of_two_ring)
{
	unsigned char ring[192];
	uint64_t counts[] = { 0, 1, 2, 3, 5, 255, 256, 257, 65535, 65536, 1u << 24,
			      (1ull << 32) - 1, 1ull << 32, (1ull << 32) + 1,
			      0x123456789abcdefull, UINT64_MAX };

	for (unsigned int shift = 0; shift < 32; shift++) {
		uint32_t entries = 1u << shift;

		for (size_t i = 0; i < ARRAY_SIZE(counts); i++) {
			for (unsigned int owner = 0; owner < 2; owner++) {
				uint8_t op_own = (uint8_t)(0x20 | owner);
				int want = owned_by_rule(op_own, counts[i], entries);

				completion(ring, op_own);
				EXPECT_EQ(want, rig_mlx5_completion_owned(ring, sizeof(ring), 64,
									  counts[i], entries))
					TH_LOG("entries %u count %ju owner %u", entries,
					       (uintmax_t)counts[i], owner);
			}
		}
	}
}

TEST(owner_bit_flips_each_pass_over_a_ring_of_four)
{
	unsigned char ring[192];

	completion(ring, 0x00);		/* a requester completion, owner 0 */
	EXPECT_EQ(1, rig_mlx5_completion_owned(ring, sizeof(ring), 64, 1, 4));
	EXPECT_EQ(0, rig_mlx5_completion_owned(ring, sizeof(ring), 64, 5, 4));
	EXPECT_EQ(1, rig_mlx5_completion_owned(ring, sizeof(ring), 64, 9, 4));
	completion(ring, 0x01);
	EXPECT_EQ(0, rig_mlx5_completion_owned(ring, sizeof(ring), 64, 1, 4));
	EXPECT_EQ(1, rig_mlx5_completion_owned(ring, sizeof(ring), 64, 5, 4));
}

TEST(invalid_opcode_15_is_never_owned)
{
	unsigned char ring[192];

	for (unsigned int low = 0; low < 16; low++) {
		completion(ring, (uint8_t)(0xf0 | low));
		for (uint64_t count = 0; count < 64; count++)
			EXPECT_EQ(0, rig_mlx5_completion_owned(ring, sizeof(ring), 64,
							       count, 8));
	}
}

TEST(completion_owned_refuses_misuse_and_writes_nothing)
{
	unsigned char ring[192];

	fill(ring, sizeof(ring));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_owned(NULL, sizeof(ring), 0, 0, 4));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_owned(ring, sizeof(ring) - 1, 128, 0, 4));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_owned(ring, 63, 0, 0, 4));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_owned(ring, sizeof(ring), SIZE_MAX - 63, 0, 4));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_owned(ring, sizeof(ring), 0, 0, 0));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_owned(ring, sizeof(ring), 0, 0, 3));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_owned(ring, sizeof(ring), 0, 0, 96));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_owned(ring, sizeof(ring), 0, 0, UINT32_MAX));
	EXPECT_TRUE(untouched(ring, sizeof(ring)));
	EXPECT_LE(0, rig_mlx5_completion_owned(ring, sizeof(ring), 0, 0, 1u << 31));
	EXPECT_TRUE(untouched(ring, sizeof(ring)));
}

TEST(completion_owned_refuses_an_offset_off_a_64_byte_boundary)
{
	unsigned char ring[192];

	fill(ring, sizeof(ring));
	for (size_t k = 1; k < RIG_MLX5_COMPLETION_SIZE; k++) {
		EXPECT_EQ(-EINVAL, rig_mlx5_completion_owned(ring, sizeof(ring), 64 + k, 0, 4))
			TH_LOG("at %zu", 64 + k);
	}
	EXPECT_TRUE(untouched(ring, sizeof(ring)));
}

TEST(invalidate_stores_0xf0_in_byte_63_and_nothing_else)
{
	unsigned char ring[192];

	fill(ring, sizeof(ring));
	ASSERT_EQ(0, rig_mlx5_completion_invalidate(ring, sizeof(ring), 64));
	EXPECT_EQ(0xf0u, ring[127]);
	EXPECT_TRUE(untouched_range(ring, 0, 127));
	EXPECT_TRUE(untouched_range(ring, 128, sizeof(ring)));
}

TEST(invalidated_completion_is_owned_at_no_count)
{
	unsigned char ring[192];

	completion(ring, 0x00);
	ASSERT_EQ(0, rig_mlx5_completion_invalidate(ring, sizeof(ring), 64));
	for (uint64_t count = 0; count < 16; count++)
		EXPECT_EQ(0, rig_mlx5_completion_owned(ring, sizeof(ring), 64, count, 2));
}

TEST(invalidate_refuses_misuse_and_writes_nothing)
{
	unsigned char ring[192];

	fill(ring, sizeof(ring));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_invalidate(NULL, sizeof(ring), 0));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_invalidate(ring, sizeof(ring) - 1, 128));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_invalidate(ring, 63, 0));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_invalidate(ring, sizeof(ring), SIZE_MAX - 63));
	EXPECT_TRUE(untouched(ring, sizeof(ring)));
}

TEST(invalidate_refuses_an_offset_off_a_64_byte_boundary_and_writes_nothing)
{
	unsigned char ring[192];

	fill(ring, sizeof(ring));
	for (size_t k = 1; k < RIG_MLX5_COMPLETION_SIZE; k++) {
		EXPECT_EQ(-EINVAL, rig_mlx5_completion_invalidate(ring, sizeof(ring), 64 + k))
			TH_LOG("at %zu", 64 + k);
	}
	EXPECT_TRUE(untouched(ring, sizeof(ring)));
}

/* --- what a completion says, in words --- */

TEST(message_of_a_failure_names_the_syndrome_and_both_values)
{
	struct rig_mlx5_completion c = {
		.qp = 0x1234, .index = 17, .status = RIG_MLX5_FAILED,
		.opcode = 13, .syndrome = 0x13, .vendor = 0x88,
	};
	char buf[RIG_MLX5_MESSAGE_SIZE];

	EXPECT_LT(0, rig_mlx5_completion_message(&c, buf, sizeof(buf)));
	EXPECT_STREQ("queue pair 0x001234, entry 17: send failed: remote access error "
		     "(syndrome 0x13, vendor syndrome 0x88)", buf);
	c.opcode = 14;
	c.syndrome = 0x05;
	EXPECT_LT(0, rig_mlx5_completion_message(&c, buf, sizeof(buf)));
	EXPECT_NE(NULL, strstr(buf, "receive failed: work request flushed"));
}

TEST(message_of_a_receive_says_how_many_bytes_landed)
{
	struct rig_mlx5_completion c = {
		.qp = 0xabcdef, .index = 65535, .status = RIG_MLX5_RECEIVED,
		.opcode = 2, .bytes = 4096,
	};
	char buf[RIG_MLX5_MESSAGE_SIZE];
	int len = rig_mlx5_completion_message(&c, buf, sizeof(buf));

	EXPECT_STREQ("queue pair 0xabcdef, entry 65535: received 4096 bytes", buf);
	EXPECT_EQ((int)strlen(buf), len);
}

TEST(message_of_done_and_of_an_unexpected_opcode)
{
	struct rig_mlx5_completion c = { .qp = 1, .index = 2, .status = RIG_MLX5_DONE };
	char buf[RIG_MLX5_MESSAGE_SIZE];

	EXPECT_LT(0, rig_mlx5_completion_message(&c, buf, sizeof(buf)));
	EXPECT_STREQ("queue pair 0x000001, entry 2: done", buf);
	c.status = RIG_MLX5_UNEXPECTED;
	c.opcode = 5;
	EXPECT_LT(0, rig_mlx5_completion_message(&c, buf, sizeof(buf)));
	EXPECT_STREQ("queue pair 0x000001, entry 2: unexpected completion opcode 5 (resize)",
		     buf);
}

TEST(message_size_holds_the_longest_message)
{
	struct rig_mlx5_completion c = {
		.qp = UINT32_MAX, .index = UINT16_MAX, .status = RIG_MLX5_FAILED,
		.opcode = 14, .syndrome = 0x02, .vendor = 0xff, .bytes = UINT32_MAX,
	};
	char buf[RIG_MLX5_MESSAGE_SIZE];

	for (int s = RIG_MLX5_DONE; s <= RIG_MLX5_UNEXPECTED; s++) {
		c.status = (enum rig_mlx5_status)s;
		EXPECT_LT(0, rig_mlx5_completion_message(&c, buf, sizeof(buf)));
	}
}

TEST(message_refuses_a_buffer_too_small_and_leaves_it_untouched)
{
	struct rig_mlx5_completion c = { .qp = 1, .index = 2, .status = RIG_MLX5_DONE };
	char buf[RIG_MLX5_MESSAGE_SIZE];
	int len;

	len = rig_mlx5_completion_message(&c, buf, sizeof(buf));
	ASSERT_LT(0, len);
	fill(buf, sizeof(buf));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_message(&c, buf, (size_t)len));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_message(&c, buf, 0));
	EXPECT_TRUE(untouched(buf, sizeof(buf)));
	EXPECT_EQ(len, rig_mlx5_completion_message(&c, buf, (size_t)len + 1));
}

TEST(message_refuses_misuse_and_writes_nothing)
{
	struct rig_mlx5_completion c = { .qp = 1, .index = 2, .status = RIG_MLX5_DONE };
	char buf[RIG_MLX5_MESSAGE_SIZE];

	fill(buf, sizeof(buf));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_message(NULL, buf, sizeof(buf)));
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_message(&c, NULL, sizeof(buf)));
	c.status = (enum rig_mlx5_status)4;
	EXPECT_EQ(-EINVAL, rig_mlx5_completion_message(&c, buf, sizeof(buf)));
	EXPECT_TRUE(untouched(buf, sizeof(buf)));
}

/* --- doorbell records and the arm word --- */

TEST(doorbell_record_words_are_where_mlx5dv_puts_them)
{
	EXPECT_EQ(8, RIG_MLX5_DOORBELL_SIZE);
	EXPECT_EQ(0, RIG_MLX5_DOORBELL_RECEIVE);	/* MLX5_RCV_DBR * 4 */
	EXPECT_EQ(4, RIG_MLX5_DOORBELL_SEND);		/* MLX5_SND_DBR * 4 */
	EXPECT_EQ(0, RIG_MLX5_DOORBELL_CONSUMED);	/* MLX5_CQ_SET_CI * 4 */
	EXPECT_EQ(4, RIG_MLX5_DOORBELL_ARMED);		/* MLX5_CQ_ARM_DB * 4 */
}

TEST(arm_word_puts_the_sequence_s_2_bits_at_bit_28)
{
	uint32_t word, number;

	ASSERT_EQ(0, rig_mlx5_doorbell_arm(3, 0, 1, &word, &number));
	EXPECT_EQ(0x30000000u, word);
	ASSERT_EQ(0, rig_mlx5_doorbell_arm(6, 0, 1, &word, &number));	/* 6 mod 4 */
	EXPECT_EQ(0x20000000u, word);
}

TEST(arm_word_asks_for_the_next_completion_of_any_kind)
{
	uint32_t word, number;

	ASSERT_EQ(0, rig_mlx5_doorbell_arm(UINT32_MAX, UINT64_MAX, 1, &word, &number));
	EXPECT_EQ(0u, word & 0x0f000000u);	/* command: MLX5_CQ_DB_REQ_NOT */
}

TEST(arm_word_carries_the_consumer_count_s_low_24_bits)
{
	uint32_t word, number;

	ASSERT_EQ(0, rig_mlx5_doorbell_arm(0, 0x1234abcdefull, 1, &word, &number));
	EXPECT_EQ(0x00abcdefu, word);
}

TEST(arm_number_is_the_completion_queue)
{
	uint32_t word, number;

	ASSERT_EQ(0, rig_mlx5_doorbell_arm(1, 2, 0xfedcba, &word, &number));
	EXPECT_EQ(0xfedcbau, number);
	EXPECT_EQ(0x10000002u, word);
}

TEST(arm_refuses_misuse_and_writes_nothing)
{
	uint32_t word = 0x5a5a5a5a, number = 0xa5a5a5a5;

	EXPECT_EQ(-EINVAL, rig_mlx5_doorbell_arm(0, 0, 1u << 24, &word, &number));
	EXPECT_EQ(-EINVAL, rig_mlx5_doorbell_arm(0, 0, 1, NULL, &number));
	EXPECT_EQ(-EINVAL, rig_mlx5_doorbell_arm(0, 0, 1, &word, NULL));
	EXPECT_EQ(0x5a5a5a5au, word);
	EXPECT_EQ(0xa5a5a5a5u, number);
}

/* --- the access region: mappings and registers --- */

TEST(uar_mapping_puts_the_uncached_command_at_bit_8_of_the_page_index)
{
	uint64_t offset;

	ASSERT_EQ(0, rig_mlx5_uar_mapping(4096, 0, &offset));
	EXPECT_EQ(0x300ull * 4096, offset);	/* MLX5_IB_MMAP_NC_PAGE << 8 */
	ASSERT_EQ(0, rig_mlx5_uar_mapping(4096, 5, &offset));
	EXPECT_EQ(0x305ull * 4096, offset);
	ASSERT_EQ(0, rig_mlx5_uar_mapping(65536, 255, &offset));
	EXPECT_EQ(0x3ffull * 65536, offset);
	ASSERT_EQ(0, rig_mlx5_uar_mapping(1u << 31, 255, &offset));
	EXPECT_EQ(0x3ffull << 31, offset);
}

TEST(uar_mapping_refuses_misuse_and_writes_nothing)
{
	uint64_t offset = 0x5a5a5a5a5a5a5a5aull;

	EXPECT_EQ(-EINVAL, rig_mlx5_uar_mapping(4096, 256, &offset));
	EXPECT_EQ(-EINVAL, rig_mlx5_uar_mapping(2048, 0, &offset));
	EXPECT_EQ(-EINVAL, rig_mlx5_uar_mapping(0, 0, &offset));
	EXPECT_EQ(-EINVAL, rig_mlx5_uar_mapping(4096 + 4096 * 2, 0, &offset));
	EXPECT_EQ(-EINVAL, rig_mlx5_uar_mapping(4096, 0, NULL));
	EXPECT_EQ(0x5a5a5a5a5a5a5a5aull, offset);
}

TEST(uar_register_lies_at_0x800_plus_k_times_size_in_its_region)
{
	uint32_t page, offset;

	ASSERT_EQ(0, rig_mlx5_uar_register(1, 512, 0, &page, &offset));
	EXPECT_EQ(0u, page);
	EXPECT_EQ(0x800u, offset);
	ASSERT_EQ(0, rig_mlx5_uar_register(1, 512, 1, &page, &offset));
	EXPECT_EQ(0u, page);
	EXPECT_EQ(0xa00u, offset);
	ASSERT_EQ(0, rig_mlx5_uar_register(1, 256, 5, &page, &offset));
	EXPECT_EQ(1u, page);			/* region 1 is page 1 */
	EXPECT_EQ(0x900u, offset);
}

TEST(uar_registers_of_a_large_page_lie_region_by_region)
{
	uint32_t page, offset;

	/* 64 KiB pages hold 16 regions. */
	ASSERT_EQ(0, rig_mlx5_uar_register(16, 512, 4 * 3 + 1, &page, &offset));
	EXPECT_EQ(0u, page);
	EXPECT_EQ(3u * 4096 + 0x800 + 512, offset);
	ASSERT_EQ(0, rig_mlx5_uar_register(16, 512, 4 * 16, &page, &offset));
	EXPECT_EQ(1u, page);
	EXPECT_EQ(0x800u, offset);
	ASSERT_EQ(0, rig_mlx5_uar_register(16, 512, 4 * 47 + 1, &page, &offset));
	EXPECT_EQ(2u, page);
	EXPECT_EQ(15u * 4096 + 0xa00, offset);
}

TEST(uar_registers_2_and_3_of_a_region_are_never_rung)
{
	uint32_t page = 0x5a5a5a5a, offset = 0xa5a5a5a5;

	for (uint32_t region = 0; region < 8; region++) {
		EXPECT_EQ(-EINVAL, rig_mlx5_uar_register(1, 512, region * 4 + 2, &page, &offset));
		EXPECT_EQ(-EINVAL, rig_mlx5_uar_register(4, 512, region * 4 + 3, &page, &offset));
	}
	EXPECT_EQ(0x5a5a5a5au, page);
	EXPECT_EQ(0xa5a5a5a5u, offset);
}

TEST(uar_register_refuses_misuse_and_writes_nothing)
{
	uint32_t page = 0x5a5a5a5a, offset = 0xa5a5a5a5;
	uint32_t bad_sizes[] = { 0, 4, 384, 1024, UINT32_MAX };
	uint32_t bad_counts[] = { 0, 3, 48, (1u << 19) + 1, 1u << 20 };

	for (size_t i = 0; i < ARRAY_SIZE(bad_sizes); i++)
		EXPECT_EQ(-EINVAL, rig_mlx5_uar_register(1, bad_sizes[i], 0, &page, &offset));
	for (size_t i = 0; i < ARRAY_SIZE(bad_counts); i++)
		EXPECT_EQ(-EINVAL, rig_mlx5_uar_register(bad_counts[i], 512, 0, &page, &offset));
	EXPECT_EQ(-EINVAL, rig_mlx5_uar_register(1, 512, 0, NULL, &offset));
	EXPECT_EQ(-EINVAL, rig_mlx5_uar_register(1, 512, 0, &page, NULL));
	EXPECT_EQ(0x5a5a5a5au, page);
	EXPECT_EQ(0xa5a5a5a5u, offset);
	EXPECT_EQ(0, rig_mlx5_uar_register(1u << 19, 512, UINT32_MAX - 2, &page, &offset));
	EXPECT_EQ((UINT32_MAX / 4) >> 19, page);
	EXPECT_EQ(((1u << 19) - 1) * 4096 + 0x800 + 512, offset);
}

/* Doorbell records and the register store (seed 004's post sequence) */

TEST(a_posted_count_is_stored_big_endian_mod_2_16_and_nothing_else)
{
	_Alignas(8) unsigned char rec[16];
	const unsigned char want_send[16] = {
		0x5a, 0x5a, 0x5a, 0x5a, 0x00, 0x00, 0xbe, 0xef,
		0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a,
	};

	memset(rec, 0x5a, sizeof(rec));
	ASSERT_EQ(0, rig_mlx5_doorbell_post(rec, 8, RIG_MLX5_DOORBELL_SEND, 0x1234beefull));
	EXPECT_EQ(0, memcmp(rec, want_send, sizeof(rec)));
	ASSERT_EQ(0, rig_mlx5_doorbell_post(rec, 8, RIG_MLX5_DOORBELL_RECEIVE, 0x10001));
	EXPECT_EQ(0, rec[0]);
	EXPECT_EQ(0, rec[1]);
	EXPECT_EQ(0, rec[2]);
	EXPECT_EQ(1, rec[3]);
	EXPECT_EQ(0, memcmp(rec + 4, want_send + 4, 12));
}

TEST(a_consumed_count_is_stored_big_endian_mod_2_24_and_nothing_else)
{
	_Alignas(8) unsigned char rec[8];

	memset(rec, 0x5a, sizeof(rec));
	ASSERT_EQ(0, rig_mlx5_doorbell_consume(rec, sizeof(rec), 0xab123456ull));
	EXPECT_EQ(0x00, rec[0]);
	EXPECT_EQ(0x12, rec[1]);
	EXPECT_EQ(0x34, rec[2]);
	EXPECT_EQ(0x56, rec[3]);
	for (int i = 4; i < 8; i++)
		EXPECT_EQ(0x5a, rec[i]);
}

TEST(doorbell_stores_refuse_misuse_and_write_nothing)
{
	_Alignas(8) unsigned char rec[16];
	const size_t bad_at[] = { 1, 2, 3, 5, 8, SIZE_MAX };

	memset(rec, 0x5a, sizeof(rec));
	EXPECT_EQ(-EINVAL, rig_mlx5_doorbell_post(NULL, 8, 0, 1));
	EXPECT_EQ(-EINVAL, rig_mlx5_doorbell_post(rec, 7, 0, 1));
	EXPECT_EQ(-EINVAL, rig_mlx5_doorbell_post(rec + 2, 8, 0, 1));
	for (size_t i = 0; i < ARRAY_SIZE(bad_at); i++)
		EXPECT_EQ(-EINVAL, rig_mlx5_doorbell_post(rec, 16, bad_at[i], 1));
	EXPECT_EQ(-EINVAL, rig_mlx5_doorbell_consume(NULL, 8, 1));
	EXPECT_EQ(-EINVAL, rig_mlx5_doorbell_consume(rec, 4, 1));
	EXPECT_EQ(-EINVAL, rig_mlx5_doorbell_consume(rec + 1, 8, 1));
	for (size_t i = 0; i < sizeof(rec); i++)
		EXPECT_EQ(0x5a, rec[i]);
}

TEST(ringing_stores_the_entrys_first_8_bytes_in_the_register_and_nothing_else)
{
	_Alignas(64) unsigned char ring[4 * RIG_MLX5_ENTRY_SIZE];
	_Alignas(8) unsigned char reg[24];

	for (size_t i = 0; i < sizeof(ring); i++)
		ring[i] = (unsigned char)(i * 7 + 1);
	memset(reg, 0x5a, sizeof(reg));
	ASSERT_EQ(0, rig_mlx5_uar_ring(reg + 8, ring, sizeof(ring), 2 * RIG_MLX5_ENTRY_SIZE));
	EXPECT_EQ(0, memcmp(reg + 8, ring + 2 * RIG_MLX5_ENTRY_SIZE, 8));
	for (int i = 0; i < 8; i++) {
		EXPECT_EQ(0x5a, reg[i]);
		EXPECT_EQ(0x5a, reg[16 + i]);
	}
}

TEST(ringing_refuses_misuse_and_writes_nothing)
{
	_Alignas(64) unsigned char ring[2 * RIG_MLX5_ENTRY_SIZE] = { 1 };
	_Alignas(8) unsigned char reg[16];
	const size_t bad_at[] = { 1, 8, 63, 2 * RIG_MLX5_ENTRY_SIZE, SIZE_MAX - 63 };

	memset(reg, 0x5a, sizeof(reg));
	EXPECT_EQ(-EINVAL, rig_mlx5_uar_ring(NULL, ring, sizeof(ring), 0));
	EXPECT_EQ(-EINVAL, rig_mlx5_uar_ring(reg, NULL, sizeof(ring), 0));
	EXPECT_EQ(-EINVAL, rig_mlx5_uar_ring(reg + 4, ring, sizeof(ring), 0));
	EXPECT_EQ(-EINVAL, rig_mlx5_uar_ring(reg, ring, RIG_MLX5_ENTRY_SIZE - 1, 0));
	for (size_t i = 0; i < ARRAY_SIZE(bad_at); i++)
		EXPECT_EQ(-EINVAL, rig_mlx5_uar_ring(reg, ring, sizeof(ring), bad_at[i]));
	for (size_t i = 0; i < sizeof(reg); i++)
		EXPECT_EQ(0x5a, reg[i]);
}

TEST_HARNESS_MAIN
