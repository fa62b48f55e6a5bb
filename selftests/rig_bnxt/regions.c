// SPDX-License-Identifier: GPL-2.0-only
/*
 * Regions, sentence by sentence of the Region specification: host, pages,
 * device and dma-buf (udmabuf) memory, the IOMMU rules both ways, pinning and its limit,
 * deregistration and the firmware refusing it, close, fork and SIGKILL.
 * Runs on soft NICs; whether rig_bnxt0 is behind an IOMMU decides which
 * of the two rules applies, and the other's tests skip saying why.
 */
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "kselftest_harness.h"
#include "rig_bnxt.h"
#include "rig/bnxt.h"
#include "raw.h"
#include "rig_util.h"

static int ivshmem_bar(uint64_t *start, uint64_t *len);

FIXTURE(region) {
	struct rig_bnxt *nic;
	size_t page;
	int iommu;
};

FIXTURE_SETUP(region)
{
	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt0", &self->nic)) TH_LOG("%s", rig_error());
	self->page = rig_bnxt_page(self->nic);
	self->iommu = rig_bnxt_iommu(self->nic);
	rig_model_clear(0);
}

FIXTURE_TEARDOWN(region)
{
	rig_bnxt_close(self->nic);
}

/* host */

TEST_F(region, host_region_rounds_up_to_the_page)
{
	struct rig_region *a, *b, *c;

	ASSERT_EQ(0, rig_region_host(self->nic, 1, &a)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_region_host(self->nic, self->page, &b));
	ASSERT_EQ(0, rig_region_host(self->nic, self->page + 1, &c));
	EXPECT_EQ(self->page, rig_region_bytes(a));
	EXPECT_EQ(self->page, rig_region_bytes(b));
	EXPECT_EQ(2 * self->page, rig_region_bytes(c));
}

TEST_F(region, host_region_memory_starts_zeroed)
{
	size_t n = 4 << 20, i;
	struct rig_region *r;
	unsigned char *buf = malloc(n);

	ASSERT_NE(NULL, buf);
	/* Dirty freed pages first, so zeroes prove the driver zeroed them. */
	ASSERT_EQ(0, rig_region_host(self->nic, n, &r));
	memset(buf, 0xa5, n);
	ASSERT_EQ(0, rig_region_write(r, 0, buf, n));
	ASSERT_EQ(0, rig_region_deregister(r));
	ASSERT_EQ(0, rig_region_host(self->nic, n, &r));
	memset(buf, 0xff, n);
	ASSERT_EQ(0, rig_region_read(r, 0, buf, n));
	for (i = 0; i < n; i++)
		if (buf[i])
			break;
	EXPECT_EQ(n, i);
	free(buf);
}

TEST_F(region, host_region_reads_back_what_was_written_at_any_offset)
{
	static const size_t offs[] = { 0, 1, 4095, 4096, 4097, 12345 };
	char in[777], out[777];
	struct rig_region *r;
	size_t i, j;

	ASSERT_EQ(0, rig_region_host(self->nic, 5 * self->page, &r));
	for (i = 0; i < sizeof(offs) / sizeof(offs[0]); i++) {
		for (j = 0; j < sizeof(in); j++)
			in[j] = (char)(i * 31 + j);
		ASSERT_EQ(0, rig_region_write(r, offs[i], in, sizeof(in)));
		ASSERT_EQ(0, rig_region_read(r, offs[i], out, sizeof(out)));
		EXPECT_EQ(0, memcmp(in, out, sizeof(in)));
	}
}

TEST_F(region, host_region_copies_outside_it_are_invalid_and_change_nothing)
{
	size_t n = self->page;
	char byte = 7, out = 0;
	struct rig_region *r;

	ASSERT_EQ(0, rig_region_host(self->nic, n, &r));
	ASSERT_EQ(0, rig_region_write(r, n - 1, &byte, 1));
	EXPECT_EQ(-EINVAL, rig_region_write(r, n, &byte, 1));
	EXPECT_EQ(-EINVAL, rig_region_write(r, n - 1, "ab", 2));
	EXPECT_EQ(-EINVAL, rig_region_write(r, 1, &byte, SIZE_MAX));
	EXPECT_EQ(-EINVAL, rig_region_read(r, SIZE_MAX, &out, 1));
	EXPECT_EQ(-EINVAL, rig_region_read(r, n + 1, &out, 0));
	EXPECT_EQ(0, rig_region_read(r, n, &out, 0));
	ASSERT_EQ(0, rig_region_read(r, n - 1, &out, 1));
	EXPECT_EQ(7, out);
}

TEST_F(region, zero_bytes_and_no_runs_are_invalid)
{
	struct rig_region *r = NULL;
	void *p = NULL;

	EXPECT_EQ(-EINVAL, rig_region_host(self->nic, 0, &r));
	EXPECT_EQ(-EINVAL, rig_region_pages(self->nic, (void *)(uintptr_t)self->page, 0, &r));
	EXPECT_EQ(-EINVAL, rig_region_device(self->nic, NULL, 0, &r));
	EXPECT_EQ(-EINVAL, rig_dma_alloc(self->nic, 0, &p));
	EXPECT_EQ(NULL, r);
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
}

TEST_F(region, a_deregistered_region_refuses_every_call)
{
	struct rig_region *r;
	char c = 0;

	ASSERT_EQ(0, rig_region_host(self->nic, 100, &r));
	ASSERT_EQ(0, rig_region_deregister(r));
	EXPECT_EQ(-EINVAL, rig_region_read(r, 0, &c, 1));
	EXPECT_EQ(-EINVAL, rig_region_write(r, 0, &c, 1));
	EXPECT_EQ(-EINVAL, rig_region_deregister(r));
}

TEST_F(region, deregister_makes_the_nic_forget_the_region)
{
	struct rig_region *a, *b;

	ASSERT_EQ(0, rig_region_host(self->nic, 100, &a));
	ASSERT_EQ(0, rig_region_host(self->nic, 100, &b));
	EXPECT_NE(rig_region_key(a), rig_region_key(b));
	EXPECT_EQ(2, rig_model_num(0, "mrs", -1));
	ASSERT_EQ(0, rig_region_deregister(a));
	EXPECT_EQ(1, rig_model_num(0, "mrs", -1));
	ASSERT_EQ(0, rig_region_deregister(b));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
}

TEST_F(region, host_memory_counts_as_locked_against_rlimit_memlock)
{
	struct rlimit lim = { 64 << 10, 64 << 10 };
	struct rig_region *r;
	void *p;

	ASSERT_EQ(0, rig_region_host(self->nic, 4 * self->page, &r));
	EXPECT_EQ(4 * (long)self->page, rig_vm_pinned());
	ASSERT_EQ(0, rig_region_deregister(r));
	EXPECT_EQ(0, rig_vm_pinned());

	ASSERT_EQ(0, rig_drop_cap(CAP_IPC_LOCK));
	ASSERT_EQ(0, setrlimit(RLIMIT_MEMLOCK, &lim));
	EXPECT_EQ(-ENOMEM, rig_region_host(self->nic, 1 << 20, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "RLIMIT_MEMLOCK (65536 bytes"))
		TH_LOG("%s", rig_error());
	EXPECT_EQ(-ENOMEM, rig_dma_alloc(self->nic, 1 << 20, &p));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_dma_alloc"));
	EXPECT_EQ(0, rig_vm_pinned());
	EXPECT_EQ(0, rig_region_host(self->nic, 64 << 10, &r));
}

/*
 * CAP_IPC_LOCK lifts RLIMIT_MEMLOCK: a region the machine cannot hold is
 * refused for want of memory, and the message does not blame the limit.
 */
TEST_F(region, with_cap_ipc_lock_a_region_past_the_machines_memory_blames_memory_not_the_limit)
{
	struct rlimit lim = { 64 << 10, 64 << 10 };
	struct rig_region *r;

	ASSERT_EQ(0, setrlimit(RLIMIT_MEMLOCK, &lim));
	EXPECT_EQ(0, rig_region_host(self->nic, 1 << 20, &r)) TH_LOG("%s", rig_error());
	EXPECT_EQ(-ENOMEM, rig_region_host(self->nic, 1ULL << 40, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "the machine has no memory")) TH_LOG("%s", rig_error());
	EXPECT_EQ(NULL, strstr(rig_error(), "RLIMIT_MEMLOCK")) TH_LOG("%s", rig_error());
}

TEST_F(region, host_memory_is_freed_by_deregister)
{
	long before = rig_debugfs_num("allocated_pages");
	struct rig_region *r;

	ASSERT_LE(0, before);
	ASSERT_EQ(0, rig_region_host(self->nic, 64 * self->page, &r));
	EXPECT_EQ(before + 64, rig_debugfs_num("allocated_pages"));
	ASSERT_EQ(0, rig_region_deregister(r));
	EXPECT_EQ(before, rig_debugfs_num("allocated_pages"));
}

/* pages */

TEST_F(region, pages_must_start_on_a_page)
{
	struct rig_region *r = NULL;
	void *p;

	ASSERT_EQ(0, rig_dma_alloc(self->nic, 2 * self->page, &p));
	EXPECT_EQ(-EINVAL, rig_region_pages(self->nic, (char *)p + 1, 100, &r));
	EXPECT_EQ(NULL, r);
}

TEST_F(region, pages_of_dma_memory_are_taken_by_any_nic)
{
	struct rig_region *r;
	void *p;

	ASSERT_EQ(0, rig_dma_alloc(self->nic, 3 * self->page, &p));
	EXPECT_EQ(3 * (long)self->page, rig_vm_pinned());
	ASSERT_EQ(0, rig_region_pages(self->nic, (char *)p + self->page, 2 * self->page, &r))
		TH_LOG("%s", rig_error());
	EXPECT_EQ(2 * self->page, rig_region_bytes(r));
	/*
	 * Nothing is pinned twice, but every registration is charged its
	 * pages, so one buffer cannot back registrations without end.
	 */
	EXPECT_EQ(5 * (long)self->page, rig_vm_pinned());
	EXPECT_EQ(0, rig_region_deregister(r));
	EXPECT_EQ(3 * (long)self->page, rig_vm_pinned());
}

/*
 * A region of a few bytes is still a whole page to the NIC: it registers
 * in one block of a page, with or without an IOMMU (a block size was
 * once worked out from its bytes alone, and none fitted).
 */
TEST_F(region, a_pages_region_of_a_few_bytes_registers_as_its_page)
{
	struct rig_region *r;
	void *p;

	if (self->iommu)
		p = mmap(NULL, self->page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	else
		ASSERT_EQ(0, rig_dma_alloc(self->nic, self->page, &p));
	ASSERT_NE(MAP_FAILED, p);
	memset(p, 1, self->page);
	ASSERT_EQ(0, rig_region_pages(self->nic, p, 100, &r)) TH_LOG("%s", rig_error());
	EXPECT_EQ(100, rig_region_bytes(r));
	EXPECT_EQ(0, rig_region_deregister(r));
	ASSERT_EQ(0, rig_region_pages(self->nic, p, 1, &r)) TH_LOG("%s", rig_error());
	EXPECT_EQ(0, rig_region_deregister(r));
	if (self->iommu)
		munmap(p, self->page);
}

TEST_F(region, pages_regions_are_not_read_or_written_by_the_library)
{
	struct rig_region *r;
	char c = 0;
	void *p;

	ASSERT_EQ(0, rig_dma_alloc(self->nic, self->page, &p));
	ASSERT_EQ(0, rig_region_pages(self->nic, p, self->page, &r));
	EXPECT_EQ(-EINVAL, rig_region_read(r, 0, &c, 1));
	EXPECT_EQ(-EINVAL, rig_region_write(r, 0, &c, 1));
}

/* who may read */

TEST_F(region, the_module_announces_local_regions_and_refuses_every_other_region_flag)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	struct rig_bnxt_reg_region r;
	int fd = raw_open(0);
	uint32_t bit;

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, raw_cmd(fd, RIG_BNXT_QUERY, &q));
	EXPECT_TRUE(q.flags & RIG_BNXT_QUERY_REG_NO_REMOTE_READ);
	for (bit = 0; bit < 32; bit++) {
		memset(&r, 0, sizeof(r));
		r.size = sizeof(r);
		r.type = RIG_BNXT_REGION_HOST;
		r.bytes = self->page;
		r.flags = 1u << bit;
		EXPECT_EQ(r.flags == RIG_BNXT_REG_NO_REMOTE_READ ? 0 : -EINVAL,
			  raw_cmd(fd, RIG_BNXT_REG_REGION, &r)) TH_LOG("flag bit %u", bit);
	}
	EXPECT_EQ(1, rig_model_num(0, "mrs", -1));
	close(fd);
}

TEST_F(region, local_regions_are_made_of_host_and_pages_memory)
{
	struct rig_region *h, *p;
	char in[5] = "local", out[5];
	void *m;

	ASSERT_EQ(0, rig_region_host_flags(self->nic, 1, RIG_REGION_LOCAL, &h))
		TH_LOG("%s", rig_error());
	EXPECT_EQ(self->page, rig_region_bytes(h));
	EXPECT_NE(0, rig_region_key(h));
	ASSERT_EQ(0, rig_region_write(h, 7, in, sizeof(in)));
	ASSERT_EQ(0, rig_region_read(h, 7, out, sizeof(out)));
	EXPECT_EQ(0, memcmp(in, out, sizeof(in)));
	ASSERT_EQ(0, rig_dma_alloc(self->nic, self->page, &m));
	ASSERT_EQ(0, rig_region_pages_flags(self->nic, m, self->page, RIG_REGION_LOCAL, &p))
		TH_LOG("%s", rig_error());
	EXPECT_NE(rig_region_key(h), rig_region_key(p));
	EXPECT_EQ(2, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(0, rig_region_deregister(h));
	EXPECT_EQ(0, rig_region_deregister(p));
}

TEST_F(region, a_region_flag_other_than_local_is_invalid_and_makes_nothing)
{
	struct rig_region *r = NULL;
	void *p;

	ASSERT_EQ(0, rig_dma_alloc(self->nic, self->page, &p));
	EXPECT_EQ(-EINVAL, rig_region_host_flags(self->nic, self->page, 2, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_region_host_flags")) TH_LOG("%s", rig_error());
	EXPECT_EQ(-EINVAL, rig_region_pages_flags(self->nic, p, self->page,
						  ~RIG_REGION_LOCAL, &r));
	EXPECT_EQ(-EINVAL, rig_region_host_flags(self->nic, 0, RIG_REGION_LOCAL, &r));
	EXPECT_EQ(NULL, r);
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
}

/* keys */

#define KEYS 64

/*
 * A peer holding one key learns no other: 64 keys registered in a row are
 * distinct, not an arithmetic progression, fewer than 8 of them within
 * 65536 of the one before (a random pair is, once in 32768), and each of
 * their 32 bits takes both values (a random bit stays put once in 2^63).
 */
TEST_F(region, keys_of_consecutive_registrations_are_not_neighbours_and_vary_in_every_bit)
{
	uint32_t key[KEYS], varied = 0;
	struct rig_region *r;
	bool progression = true;
	int near = 0, i, j;

	for (i = 0; i < KEYS; i++) {
		ASSERT_EQ(0, rig_region_host(self->nic, self->page, &r)) TH_LOG("%s", rig_error());
		key[i] = rig_region_key(r);
		for (j = 0; j < i; j++)
			ASSERT_NE(key[j], key[i]) TH_LOG("keys %d and %d are both %#x", j, i, key[i]);
		varied |= key[i] ^ key[0];
		if (i && (key[i] - key[i - 1] < 1u << 16 || key[i - 1] - key[i] < 1u << 16))
			near++;
		if (i > 1 && key[i] - key[i - 1] != key[1] - key[0])
			progression = false;
	}
	EXPECT_FALSE(progression) TH_LOG("keys step by %#x", key[1] - key[0]);
	EXPECT_GT(8, near) TH_LOG("%d of %d keys lie within 65536 of the one before: %#x %#x %#x",
				  near, KEYS - 1, key[0], key[1], key[2]);
	EXPECT_EQ(0xffffffffu, varied) TH_LOG("bits no key changed: %#x", ~varied);
}

TEST_F(region, dma_memory_lives_while_a_region_uses_it)
{
	long before = rig_debugfs_num("allocated_pages");
	struct rig_region *r;
	void *p;

	ASSERT_EQ(0, rig_dma_alloc(self->nic, 8 * self->page, &p));
	ASSERT_EQ(0, rig_region_pages(self->nic, p, 8 * self->page, &r));
	ASSERT_EQ(0, rig_dma_free(self->nic, p, 8 * self->page));
	EXPECT_EQ(before + 8, rig_debugfs_num("allocated_pages"));
	ASSERT_EQ(0, rig_region_deregister(r));
	EXPECT_EQ(before, rig_debugfs_num("allocated_pages"));
}

TEST_F(region, dma_free_of_memory_it_did_not_give_is_invalid)
{
	char stack[64];
	void *p;

	EXPECT_EQ(-EINVAL, rig_dma_free(self->nic, stack, sizeof(stack)));
	ASSERT_EQ(0, rig_dma_alloc(self->nic, self->page, &p));
	EXPECT_EQ(-EINVAL, rig_dma_free(self->nic, p, 3 * self->page));
	EXPECT_EQ(0, rig_dma_free(self->nic, p, 1));
	EXPECT_EQ(-EINVAL, rig_dma_free(self->nic, p, 1));
}

TEST_F(region, another_nics_dma_memory_is_refused)
{
	struct rig_bnxt *other;
	struct rig_region *r;
	void *p;

	if (rig_soft_count() < 2)
		SKIP(return, "needs two modelled NICs (scripts/vm-run --soft 2)");
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt1", &other));
	ASSERT_EQ(0, rig_dma_alloc(other, self->page, &p));
	EXPECT_EQ(-EXDEV, rig_region_pages(self->nic, p, self->page, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "another NIC"));
	rig_bnxt_close(other);
}

TEST_F(region, without_an_iommu_ordinary_pages_are_refused_saying_why)
{
	struct rig_region *r;
	void *p;

	if (self->iommu)
		SKIP(return, "rig_bnxt0 is behind an IOMMU: ordinary pages are allowed");
	p = mmap(NULL, self->page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	EXPECT_EQ(-EOPNOTSUPP, rig_region_pages(self->nic, p, self->page, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "not behind an IOMMU"));
	EXPECT_NE(NULL, strstr(rig_error(), "rig_dma_alloc"));
	EXPECT_EQ(0, rig_vm_pinned());
	munmap(p, self->page);
}

TEST_F(region, behind_an_iommu_ordinary_pages_are_pinned_until_deregister)
{
	size_t n = 16 * self->page + 1;
	long before = rig_vm_pinned();
	struct rig_region *r;
	void *p;

	if (!self->iommu)
		SKIP(return, "rig_bnxt0 is not behind an IOMMU: ordinary pages are refused");
	p = mmap(NULL, 17 * self->page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	ASSERT_EQ(0, rig_region_pages(self->nic, p, n, &r)) TH_LOG("%s", rig_error());
	EXPECT_EQ(n, rig_region_bytes(r));
	EXPECT_EQ(before + 17 * (long)self->page, rig_vm_pinned());
	ASSERT_EQ(0, rig_region_deregister(r));
	EXPECT_EQ(before, rig_vm_pinned());
	munmap(p, 17 * self->page);
}

TEST_F(region, pages_stay_pinned_whatever_is_mapped_there_later)
{
	size_t n = 4 * self->page;
	long before = rig_vm_pinned(), pinned_pages;
	struct rig_region *r;
	void *p, *q;

	if (!self->iommu)
		SKIP(return, "rig_bnxt0 is not behind an IOMMU: ordinary pages are refused");
	pinned_pages = rig_debugfs_num("pinned_pages");
	p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	memset(p, 0x5a, n);
	ASSERT_EQ(0, rig_region_pages(self->nic, p, n, &r));
	/* New memory at the same address: the NIC keeps the old pages. */
	q = mmap(p, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	ASSERT_EQ(p, q);
	EXPECT_EQ(0, ((char *)q)[0]);
	EXPECT_EQ(before + (long)n, rig_vm_pinned());
	EXPECT_EQ(pinned_pages + 4, rig_debugfs_num("pinned_pages"));
	munmap(q, n);
	EXPECT_EQ(pinned_pages + 4, rig_debugfs_num("pinned_pages"));
	ASSERT_EQ(0, rig_region_deregister(r));
	EXPECT_EQ(before, rig_vm_pinned());
	EXPECT_EQ(pinned_pages, rig_debugfs_num("pinned_pages"));
}

/*
 * Deregistration unpins: the pages go back to the system once the process
 * unmaps them.  The counters (VmPin, the module's pinned_pages) are the
 * driver's own bookkeeping and would say so even if the pins stayed; the
 * free memory after 512 MiB pinned, deregistered and unmapped in turn does
 * not lie.
 */
/* 512 MiB pinned and unpinned: minutes on the debug kernel under TCG. */
TEST_F_TIMEOUT(region, deregistered_pages_go_back_to_the_system_once_unmapped, 300)
{
	const size_t n = 64 << 20;
	long before, after;
	int i;

	if (!self->iommu)
		SKIP(return, "rig_bnxt0 is not behind an IOMMU: ordinary pages are refused");
	before = rig_proc_kib("/proc/meminfo", "MemFree") / 1024;
	ASSERT_LT(0, before);
	for (i = 0; i < 8; i++) {
		struct rig_region *r;
		void *p = mmap(NULL, n, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

		ASSERT_NE(MAP_FAILED, p);
		ASSERT_EQ(0, rig_region_pages(self->nic, p, n, &r)) TH_LOG("%s", rig_error());
		ASSERT_EQ(0, rig_region_deregister(r));
		ASSERT_EQ(0, munmap(p, n));
	}
	after = rig_proc_kib("/proc/meminfo", "MemFree") / 1024;
	/* 512 MiB would be gone if the pins stayed; allow a quarter of it. */
	EXPECT_GT(after, before - 128) TH_LOG("MemFree %ld MiB before, %ld MiB after", before, after);
}

TEST_F(region, pinning_past_rlimit_memlock_fails_naming_the_limit_and_amount)
{
	struct rlimit lim = { 64 << 10, 64 << 10 };
	size_t n = 1 << 20;
	struct rig_region *r;
	void *p;

	if (!self->iommu)
		SKIP(return, "rig_bnxt0 is not behind an IOMMU: nothing is pinned");
	ASSERT_EQ(0, rig_drop_cap(CAP_IPC_LOCK));
	ASSERT_EQ(0, setrlimit(RLIMIT_MEMLOCK, &lim));
	p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	EXPECT_EQ(-ENOMEM, rig_region_pages(self->nic, p, n, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "RLIMIT_MEMLOCK (65536 bytes"))
		TH_LOG("%s", rig_error());
	EXPECT_NE(NULL, strstr(rig_error(), "1048576 bytes"));
	EXPECT_EQ(0, rig_vm_pinned());
	/* Under the limit it works. */
	ASSERT_EQ(0, rig_region_pages(self->nic, p, 16 * self->page, &r));
	EXPECT_EQ(16 * (long)self->page, rig_vm_pinned());
}

TEST_F(region, pages_that_are_not_mapped_are_refused)
{
	struct rig_region *r;
	void *p;

	if (!self->iommu)
		SKIP(return, "rig_bnxt0 is not behind an IOMMU: refused before pinning");
	p = mmap(NULL, 4 * self->page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	munmap((char *)p + 2 * self->page, self->page);
	EXPECT_EQ(-EFAULT, rig_region_pages(self->nic, p, 4 * self->page, &r));
	EXPECT_EQ(0, rig_vm_pinned());
}

/* device */

static int ivshmem_bar(uint64_t *start, uint64_t *len)
{
	return rig_ivshmem(NULL, 0, start, len);
}

TEST_F(region, device_runs_of_a_bad_shape_are_invalid_with_or_without_iommu)
{
	struct rig_run bad[] = {
		{ 0x100000, 0 }, { 0x100000, 100 }, { 0x100800, 4096 },
		{ ~0ULL & ~0xfffULL, 8192 },
	};
	struct rig_region *r = NULL;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		EXPECT_EQ(-EINVAL, rig_region_device(self->nic, &bad[i], 1, &r));
	EXPECT_EQ(NULL, r);
}

TEST_F(region, device_memory_is_refused_behind_an_iommu)
{
	struct rig_run run = { 0xfe000000, 4096 };
	struct rig_region *r;

	if (!self->iommu)
		SKIP(return, "rig_bnxt0 is not behind an IOMMU");
	EXPECT_EQ(-EOPNOTSUPP, rig_region_device(self->nic, &run, 1, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "behind an IOMMU"));
}

TEST_F(region, device_memory_must_be_inside_a_pci_bar_never_system_ram)
{
	struct rig_run ram = { 0x100000, 1 << 20 };	/* 1 MiB: always RAM */
	struct rig_run hole = { 0xfffff000ULL << 12, 4096 };
	struct rig_region *r;

	if (self->iommu)
		SKIP(return, "rig_bnxt0 is behind an IOMMU: device memory is refused first");
	EXPECT_EQ(-ENXIO, rig_region_device(self->nic, &ram, 1, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "BAR"));
	EXPECT_EQ(-ENXIO, rig_region_device(self->nic, &hole, 1, &r));
}

TEST_F(region, device_memory_of_an_ivshmem_bar_is_a_region)
{
	struct rig_run runs[2];
	uint64_t start, len;
	struct rig_region *r;

	if (self->iommu)
		SKIP(return, "rig_bnxt0 is behind an IOMMU: device memory is refused");
	if (!ivshmem_bar(&start, &len))
		SKIP(return, "no ivshmem device (scripts/vm-run --ivshmem MiB)");
	runs[0] = (struct rig_run){ start, 4096 };
	runs[1] = (struct rig_run){ start + 8192, len - 8192 };
	ASSERT_EQ(0, rig_region_device(self->nic, runs, 2, &r)) TH_LOG("%s", rig_error());
	EXPECT_EQ(len - 4096, rig_region_bytes(r));
	EXPECT_EQ(-EINVAL, rig_region_read(r, 0, &start, 1));
	EXPECT_EQ(0, rig_region_deregister(r));
	/* A run past the BAR's end is refused. */
	runs[0] = (struct rig_run){ start + len - 4096, 8192 };
	EXPECT_EQ(-ENXIO, rig_region_device(self->nic, runs, 1, &r));
}

TEST_F(region, device_memory_needs_cap_sys_rawio)
{
	struct rig_run run;
	uint64_t start, len;
	struct rig_region *r;

	if (self->iommu)
		SKIP(return, "rig_bnxt0 is behind an IOMMU: device memory is refused");
	if (!ivshmem_bar(&start, &len))
		SKIP(return, "no ivshmem device (scripts/vm-run --ivshmem MiB)");
	run = (struct rig_run){ start, 4096 };
	ASSERT_EQ(0, rig_drop_cap(CAP_SYS_RAWIO));
	EXPECT_EQ(-EPERM, rig_region_device(self->nic, &run, 1, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "CAP_SYS_RAWIO"));
}

/* the firmware refuses */

TEST_F(region, a_refused_registration_is_an_error_that_changes_nothing)
{
	long before = rig_debugfs_num("allocated_pages");
	struct rig_region *r = NULL;

	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_REGISTER_MR));
	EXPECT_EQ(-EIO, rig_region_host(self->nic, self->page, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "refused"));
	/* The message names the firmware's command and its status. */
	EXPECT_NE(NULL, strstr(rig_error(), "REGISTER_MR")) TH_LOG("%s", rig_error());
	EXPECT_NE(NULL, strstr(rig_error(), "status 0x01")) TH_LOG("%s", rig_error());
	EXPECT_EQ(NULL, r);
	EXPECT_EQ(before, rig_debugfs_num("allocated_pages"));
	EXPECT_EQ(0, rig_region_host(self->nic, self->page, &r));
}

TEST_F(region, a_refused_registration_of_pages_is_an_error)
{
	long pinned = rig_vm_pinned();
	struct rig_region *r = NULL;
	void *p;

	ASSERT_EQ(0, rig_dma_alloc(self->nic, self->page, &p));
	pinned = rig_vm_pinned();
	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_REGISTER_MR));
	EXPECT_EQ(-EIO, rig_region_pages(self->nic, p, self->page, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "refused"));
	EXPECT_EQ(NULL, r);
	EXPECT_EQ(pinned, rig_vm_pinned());
	if (self->iommu) {
		void *q = mmap(NULL, self->page, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_REGISTER_MR));
		EXPECT_EQ(-EIO, rig_region_pages(self->nic, q, self->page, &r));
		/* What was pinned for it is unpinned again. */
		EXPECT_EQ(pinned, rig_vm_pinned());
	}
	EXPECT_EQ(NULL, r);
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
}

TEST_F(region, a_refused_registration_of_device_memory_is_an_error)
{
	struct rig_region *r = NULL;
	uint64_t start, len;
	struct rig_run run;

	if (self->iommu)
		SKIP(return, "rig_bnxt0 is behind an IOMMU: device memory is refused first");
	if (!ivshmem_bar(&start, &len))
		SKIP(return, "no ivshmem device (scripts/vm-run --ivshmem MiB)");
	run = (struct rig_run){ start, 4096 };
	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_REGISTER_MR));
	EXPECT_EQ(-EIO, rig_region_device(self->nic, &run, 1, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "refused")) TH_LOG("%s", rig_error());
	EXPECT_EQ(NULL, r);
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
}

TEST_F(region, a_refused_deregistration_breaks_the_region_until_close)
{
	long before = rig_debugfs_num("allocated_pages");
	struct rig_region *r;
	char c = 0;

	ASSERT_EQ(0, rig_region_host(self->nic, 4 * self->page, &r));
	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_DEALLOCATE_KEY));
	EXPECT_EQ(-EIO, rig_region_deregister(r));
	EXPECT_NE(NULL, strstr(rig_error(), "refused"));
	EXPECT_NE(NULL, strstr(rig_error(), "DEALLOCATE_KEY")) TH_LOG("%s", rig_error());
	/* Every later call is an error, not a misuse. */
	EXPECT_EQ(-EIO, rig_region_read(r, 0, &c, 1));
	EXPECT_EQ(-EIO, rig_region_write(r, 0, &c, 1));
	EXPECT_EQ(-EIO, rig_region_deregister(r));
	EXPECT_EQ(1, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(before + 4, rig_debugfs_num("allocated_pages"));
	rig_bnxt_close(self->nic);
	self->nic = NULL;
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(before, rig_debugfs_num("allocated_pages"));
}

TEST_F(region, a_refused_deregistration_keeps_pages_pinned_until_close)
{
	struct rig_region *r;
	void *p;

	if (!self->iommu)
		SKIP(return, "rig_bnxt0 is not behind an IOMMU: nothing is pinned");
	p = mmap(NULL, 8 * self->page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, p);
	ASSERT_EQ(0, rig_region_pages(self->nic, p, 8 * self->page, &r));
	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_DEALLOCATE_KEY));
	EXPECT_EQ(-EIO, rig_region_deregister(r));
	EXPECT_EQ(8 * (long)self->page, rig_vm_pinned());
	rig_bnxt_close(self->nic);
	self->nic = NULL;
	EXPECT_EQ(0, rig_vm_pinned());
}

TEST_F(region, close_frees_and_unpins_everything)
{
	long allocated = rig_debugfs_num("allocated_pages");
	long pinned = rig_debugfs_num("pinned_pages");
	struct rig_region *r;
	void *p;

	ASSERT_EQ(0, rig_region_host(self->nic, 10 * self->page, &r));
	ASSERT_EQ(0, rig_dma_alloc(self->nic, 3 * self->page, &p));
	ASSERT_EQ(0, rig_region_pages(self->nic, p, self->page, &r));
	if (self->iommu) {
		void *q = mmap(NULL, self->page, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		ASSERT_EQ(0, rig_region_pages(self->nic, q, self->page, &r));
		EXPECT_EQ(pinned + 1, rig_debugfs_num("pinned_pages"));
	}
	EXPECT_EQ(allocated + 13, rig_debugfs_num("allocated_pages"));
	rig_bnxt_close(self->nic);
	self->nic = NULL;
	EXPECT_EQ(allocated, rig_debugfs_num("allocated_pages"));
	EXPECT_EQ(pinned, rig_debugfs_num("pinned_pages"));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(0, rig_vm_pinned());
}

TEST_F(region, a_child_killed_holding_regions_leaves_nothing_behind)
{
	long allocated = rig_debugfs_num("allocated_pages");
	long pinned = rig_debugfs_num("pinned_pages");
	int ready[2], status;
	pid_t pid;
	char c;

	ASSERT_EQ(0, pipe(ready));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct rig_bnxt *nic;
		struct rig_region *r;
		void *p;

		if (rig_bnxt_open("rig_bnxt0", &nic) ||
		    rig_region_host(nic, 32 * self->page, &r) ||
		    rig_dma_alloc(nic, 8 * self->page, &p) ||
		    rig_region_pages(nic, p, 8 * self->page, &r))
			_exit(1);
		if (self->iommu) {
			p = mmap(NULL, 8 * self->page, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (rig_region_pages(nic, p, 8 * self->page, &r))
				_exit(1);
		}
		write(ready[1], "r", 1);
		pause();
		_exit(0);
	}
	close(ready[1]);
	ASSERT_EQ(1, read(ready[0], &c, 1));
	EXPECT_LT(allocated, rig_debugfs_num("allocated_pages"));
	ASSERT_EQ(0, kill(pid, SIGKILL));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFSIGNALED(status));
	EXPECT_EQ(allocated, rig_debugfs_num("allocated_pages"));
	EXPECT_EQ(pinned, rig_debugfs_num("pinned_pages"));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
}

/* The library's file of @nic: the one descriptor QUERY answers on, or -1. */
static int nic_fd(void)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	int i, fd = -1;

	for (i = 3; i < 64; i++)
		if (!ioctl(i, RIG_BNXT_QUERY, &q)) {
			if (fd >= 0)
				return -1;	/* two NICs open: ambiguous */
			fd = i;
		}
	return fd;
}

TEST_F(region, a_child_of_fork_uses_none_of_the_parents_nics)
{
	struct rig_bnxt_reg_region raw;
	unsigned char *map;
	struct rig_region *r;
	int status, pfd;
	pid_t pid;

	ASSERT_EQ(0, rig_region_host(self->nic, self->page, &r));
	ASSERT_EQ(0, rig_region_write(r, 0, "parent", 7));
	/* A region made by the kernel's own interface, mapped by the parent. */
	pfd = nic_fd();
	ASSERT_LE(0, pfd);
	ASSERT_EQ(0, raw_host(pfd, self->page, &raw));
	map = raw_map(pfd, &raw);
	ASSERT_NE(MAP_FAILED, map);
	map[0] = 0x5a;
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct rig_bnxt_query q = { .size = sizeof(q) };
		struct rig_bnxt_reg_region other;
		struct rig_region *mine;
		char buf[8];
		int fd = -1, i;

		/* Find the parent's file among ours: the kernel refuses it. */
		for (i = 3; i < 64 && fd < 0; i++)
			if (ioctl(i, RIG_BNXT_QUERY, &q) == -1 && errno == EPERM)
				fd = i;
		if (fd < 0)
			_exit(10);
		/* Nor does it map the parent's cookie, or make anything on that file. */
		if (raw_map(fd, &raw) != MAP_FAILED || errno != EPERM)
			_exit(20);
		if (raw_host(fd, self->page, &other) != -EPERM)
			_exit(21);
		/* The parent's mapping was not inherited (VM_DONTCOPY): nothing there. */
		if (msync(map, self->page, MS_ASYNC) != -1 || errno != ENOMEM)
			_exit(22);
		if (rig_region_read(r, 0, buf, 7) != -EPERM)
			_exit(11);
		if (!strstr(rig_error(), "fork"))
			_exit(12);
		if (rig_region_host(self->nic, self->page, &mine) != -EPERM)
			_exit(13);
		if (rig_region_deregister(r) != -EPERM)
			_exit(14);
		rig_bnxt_close(self->nic);
		/* A NIC it opens itself is its own. */
		if (rig_bnxt_open("rig_bnxt0", &self->nic) ||
		    rig_region_host(self->nic, self->page, &mine))
			_exit(15);
		_exit(0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status)) TH_LOG("the child died: status %#x", status);
	EXPECT_EQ(0, WEXITSTATUS(status));
	/* The parent's mapping and region are untouched. */
	EXPECT_EQ(0x5a, map[0]);
	munmap(map, self->page);
	EXPECT_EQ(0, raw_handle(pfd, RIG_BNXT_DEREG_REGION, raw.handle));
	{
		char buf[8] = "";

		EXPECT_EQ(0, rig_region_read(r, 0, buf, 7));
		EXPECT_STREQ("parent", buf);
	}
}

/* dma-buf: udmabuf's buffers over memfd pages */

struct udma {
	int memfd, dbuf;
	unsigned char *map;
	size_t bytes;
	ino_t ino;		/* the dma-buf's, as bufinfo lists it */
};

/* Why rig_bnxt0 takes no dma-buf here, or NULL when it does. */
static const char *dmabuf_missing(void)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	int fd = raw_open(0);

	if (fd < 0 || raw_cmd(fd, RIG_BNXT_QUERY, &q))
		return "rig_bnxt0 cannot be queried";
	close(fd);
	if (!(q.flags & RIG_BNXT_QUERY_REG_DMABUF))
		return "the kernel has no dma-buf (CONFIG_DMA_SHARED_BUFFER off, as the debug kernel)";
	return rig_udmabuf_missing();
}

FIXTURE(dmabuf) {
	struct rig_bnxt *nic;
	size_t page;
};

FIXTURE_SETUP(dmabuf)
{
	const char *why = dmabuf_missing();

	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled NIC (scripts/vm-run --soft 1)");
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt0", &self->nic)) TH_LOG("%s", rig_error());
	self->page = rig_bnxt_page(self->nic);
	rig_model_clear(0);
}

FIXTURE_TEARDOWN(dmabuf)
{
	rig_bnxt_close(self->nic);
}

/* A udmabuf of @pages pages, its memfd mapped. */
static void udma_make(struct __test_metadata *_metadata, size_t pages, size_t page,
		      struct udma *u)
{
	struct stat st;
	void *map;

	u->bytes = pages * page;
	ASSERT_EQ(0, rig_udmabuf(u->bytes, &u->memfd, &u->dbuf, &map)) TH_LOG("udmabuf: %s",
									      strerror(errno));
	u->map = map;
	ASSERT_EQ(0, fstat(u->dbuf, &st));
	u->ino = st.st_ino;
}

/* A udmabuf of @pages pages, its memfd mapped, and a region over all of it. */
static void udma_region(struct __test_metadata *_metadata, FIXTURE_DATA(dmabuf) *self,
			size_t pages, struct udma *u, struct rig_region **r)
{
	udma_make(_metadata, pages, self->page, u);
	ASSERT_EQ(0, rig_region_dmabuf(self->nic, u->dbuf, 0, u->bytes, r)) TH_LOG("%s",
										    rig_error());
}

/*
 * How many devices the dma-buf @ino is attached to, from debugfs's
 * bufinfo; -1 when no dma-buf has that inode (it was freed).
 */
static int dmabuf_attached(struct __test_metadata *_metadata, ino_t ino)
{
	FILE *f = fopen("/sys/kernel/debug/dma_buf/bufinfo", "r");
	char line[512], exp[64];
	unsigned long size, flags, mode, count, inode;
	int found = 0, n = -1;

	EXPECT_NE(NULL, f) TH_LOG("bufinfo: %s", strerror(errno));
	if (!f)
		return -2;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lu %lx %lx %lu %63s %lu", &size, &flags, &mode, &count, exp,
			   &inode) == 6) {
			found = inode == ino;
			continue;
		}
		if (found && sscanf(line, "Total %d devices attached", &n) == 1)
			break;
	}
	fclose(f);
	return n;
}

/* A refused dma-buf region made nothing: no region, no key, no attachment. */
static void expect_nothing_made(struct __test_metadata *_metadata, struct rig_region *r,
				ino_t ino)
{
	EXPECT_EQ(NULL, r);
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(0, dmabuf_attached(_metadata, ino));
}

TEST_F(dmabuf, dma_buf_region_is_the_bytes_asked_and_attaches_the_nic)
{
	struct rig_region *r;
	struct udma u;

	udma_make(_metadata, 8, self->page, &u);
	EXPECT_EQ(0, dmabuf_attached(_metadata, u.ino));
	ASSERT_EQ(0, rig_region_dmabuf(self->nic, u.dbuf, self->page, 3 * self->page + 5, &r))
		TH_LOG("%s", rig_error());
	EXPECT_EQ(3 * self->page + 5, rig_region_bytes(r));
	EXPECT_EQ(1, rig_model_num(0, "mrs", -1));
	EXPECT_EQ(1, dmabuf_attached(_metadata, u.ino));
	ASSERT_EQ(0, rig_region_deregister(r));
	EXPECT_EQ(0, dmabuf_attached(_metadata, u.ino));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
}

TEST_F(dmabuf, a_dma_buf_region_keeps_the_buffer_after_its_fds_close_until_deregister)
{
	struct rig_region *r;
	struct udma u;

	udma_region(_metadata, self, 4, &u, &r);
	close(u.dbuf);
	close(u.memfd);
	EXPECT_EQ(1, dmabuf_attached(_metadata, u.ino));
	ASSERT_EQ(0, rig_region_deregister(r));
	EXPECT_EQ(-1, dmabuf_attached(_metadata, u.ino));
	/* The memfd's pages live on in the process's own mapping. */
	u.map[u.bytes - 1] = 7;
	EXPECT_EQ(7, u.map[u.bytes - 1]);
}

TEST_F(dmabuf, closing_the_nic_detaches_a_dma_buf_that_lives_on)
{
	struct rig_region *r;
	struct udma u;

	udma_region(_metadata, self, 4, &u, &r);
	ASSERT_EQ(0, rig_region_dmabuf(self->nic, u.dbuf, self->page, self->page, &r));
	EXPECT_EQ(2, dmabuf_attached(_metadata, u.ino));
	rig_bnxt_close(self->nic);
	self->nic = NULL;
	EXPECT_EQ(0, dmabuf_attached(_metadata, u.ino));
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
	/* The exporter's buffer is whole: another NIC file imports it again. */
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt0", &self->nic));
	ASSERT_EQ(0, rig_region_dmabuf(self->nic, u.dbuf, 0, u.bytes, &r)) TH_LOG("%s",
										  rig_error());
}

TEST_F(dmabuf, a_refused_deregistration_keeps_the_dma_buf_attached_until_close)
{
	struct rig_region *r;
	struct udma u;

	udma_region(_metadata, self, 2, &u, &r);
	ASSERT_EQ(0, rig_model_refuse(0, RIG_FW_DEALLOCATE_KEY));
	EXPECT_EQ(-EIO, rig_region_deregister(r));
	EXPECT_EQ(1, dmabuf_attached(_metadata, u.ino));
	EXPECT_EQ(-EIO, rig_region_deregister(r));
	EXPECT_EQ(1, dmabuf_attached(_metadata, u.ino));
	rig_bnxt_close(self->nic);
	self->nic = NULL;
	EXPECT_EQ(0, dmabuf_attached(_metadata, u.ino));
}

TEST_F_TIMEOUT(dmabuf, a_nic_that_goes_gives_its_dma_bufs_back_before_its_file_closes, 120)
{
	int i, soft = rig_soft_count(), ret;
	struct rig_region *r;
	struct udma u;

	if (!getenv("RIG_SOFT_MODULE"))
		SKIP(return, "RIG_SOFT_MODULE is not set: run under scripts/vm-run --soft");
	udma_region(_metadata, self, 2, &u, &r);
	EXPECT_EQ(1, dmabuf_attached(_metadata, u.ino));
	/* The model's module goes, and with it the function beneath the NIC. */
	ret = rig_soft_unload(O_NONBLOCK);
	ASSERT_EQ(0, ret) TH_LOG("unloading rig_soft: %s", strerror(-ret));
	EXPECT_EQ(0, dmabuf_attached(_metadata, u.ino));
	rig_bnxt_close(self->nic);
	self->nic = NULL;
	EXPECT_EQ(0, dmabuf_attached(_metadata, u.ino));
	ASSERT_EQ(0, rig_soft_load(NULL));
	for (i = 0; i < 1000 && rig_soft_count() < soft; i++)
		usleep(10000);
	ASSERT_EQ(soft, rig_soft_count());
	for (i = 0; i < 1000 && access("/dev/rig_bnxt0", R_OK); i++)
		usleep(10000);
}

TEST_F(dmabuf, dma_buf_regions_are_not_read_or_written_by_the_library)
{
	struct rig_region *r;
	struct udma u;
	char c = 0;

	udma_region(_metadata, self, 1, &u, &r);
	EXPECT_EQ(-EINVAL, rig_region_read(r, 0, &c, 1));
	EXPECT_EQ(-EINVAL, rig_region_write(r, 0, &c, 1));
}

TEST_F(dmabuf, a_dma_buf_region_of_a_closed_fd_is_a_bad_fd)
{
	struct rig_region *r = NULL;

	EXPECT_EQ(-EBADF, rig_region_dmabuf(self->nic, -1, 0, self->page, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "not an open file")) TH_LOG("%s", rig_error());
	EXPECT_EQ(-EBADF, rig_region_dmabuf(self->nic, 1000000, 0, self->page, &r));
	EXPECT_EQ(NULL, r);
	EXPECT_EQ(0, rig_model_num(0, "mrs", -1));
}

TEST_F(dmabuf, a_regular_file_an_eventfd_or_a_memfd_is_not_a_dma_buf)
{
	struct rig_region *r = NULL;
	int fds[3], i;
	struct udma u;

	udma_make(_metadata, 1, self->page, &u);
	fds[0] = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	fds[1] = eventfd(0, EFD_CLOEXEC);
	fds[2] = u.memfd;
	for (i = 0; i < 3; i++) {
		ASSERT_LE(0, fds[i]);
		EXPECT_EQ(-EINVAL, rig_region_dmabuf(self->nic, fds[i], 0, self->page, &r))
			TH_LOG("fd %d", i);
		EXPECT_NE(NULL, strstr(rig_error(), "is not a dma-buf")) TH_LOG("%s", rig_error());
	}
	expect_nothing_made(_metadata, r, u.ino);
}

TEST_F(dmabuf, a_dma_buf_range_outside_the_buffer_is_invalid)
{
	struct rig_region *r = NULL;
	struct udma u;

	udma_make(_metadata, 4, self->page, &u);
	EXPECT_EQ(-EINVAL, rig_region_dmabuf(self->nic, u.dbuf, 0, u.bytes + 1, &r));
	EXPECT_EQ(-EINVAL, rig_region_dmabuf(self->nic, u.dbuf, self->page, u.bytes, &r));
	EXPECT_EQ(-EINVAL, rig_region_dmabuf(self->nic, u.dbuf, u.bytes, 1, &r));
	EXPECT_EQ(-EINVAL, rig_region_dmabuf(self->nic, u.dbuf, UINT64_MAX - self->page + 1,
					     2 * self->page, &r));
	EXPECT_NE(NULL, strstr(rig_error(), "do not lie inside it")) TH_LOG("%s", rig_error());
	expect_nothing_made(_metadata, r, u.ino);
}

/* The library checks these first; the module, asked directly, too. */
TEST_F(dmabuf, a_dma_buf_offset_off_the_page_or_zero_bytes_is_invalid)
{
	struct rig_bnxt_reg_region cmd;
	struct rig_region *r = NULL;
	struct udma u;
	int fd;

	udma_make(_metadata, 4, self->page, &u);
	EXPECT_EQ(-EINVAL, rig_region_dmabuf(self->nic, u.dbuf, 1, self->page, &r));
	EXPECT_EQ(-EINVAL, rig_region_dmabuf(self->nic, u.dbuf, self->page / 2, 1, &r));
	EXPECT_EQ(-EINVAL, rig_region_dmabuf(self->nic, u.dbuf, 0, 0, &r));
	fd = raw_open(0);
	ASSERT_LE(0, fd);
	cmd = (struct rig_bnxt_reg_region){ .size = sizeof(cmd), .type = RIG_BNXT_REGION_DMABUF,
					    .fd = u.dbuf, .address = 1, .bytes = self->page };
	EXPECT_EQ(-EINVAL, raw_cmd(fd, RIG_BNXT_REG_REGION, &cmd));
	cmd.address = 0;
	cmd.bytes = 0;
	EXPECT_EQ(-EINVAL, raw_cmd(fd, RIG_BNXT_REG_REGION, &cmd));
	cmd.bytes = self->page;
	cmd.count = 1;
	EXPECT_EQ(-EINVAL, raw_cmd(fd, RIG_BNXT_REG_REGION, &cmd));
	close(fd);
	expect_nothing_made(_metadata, r, u.ino);
}

TEST_HARNESS_MAIN
