// SPDX-License-Identifier: GPL-2.0-only
/*
 * The loaded module's devices: nodes, sysfs attributes, open and close,
 * and the ABI rules of the query command.
 */
#include <sys/ioctl.h>
#include <sys/sysmacros.h>

#include <sys/mman.h>

#include "kselftest_harness.h"
#include "rig_bnxt.h"
#include "rig/bnxt.h"
#include "rig_util.h"

#define NEED_SOFT(n) do {						\
	if (!rig_module_loaded())					\
		SKIP(return, "rig_bnxt is not loaded");			\
	if (rig_soft_count() < (n))					\
		SKIP(return, "needs %d modelled functions (vm-run --soft), has %d", \
		     (n), rig_soft_count());				\
} while (0)

TEST(every_soft_nic_has_a_char_device_matching_sysfs)
{
	int soft, i;

	NEED_SOFT(1);
	soft = rig_soft_count();
	for (i = 0; i < soft; i++) {
		char path[64], dev[32];
		struct stat st;

		snprintf(path, sizeof(path), "/dev/rig_bnxt%d", i);
		ASSERT_EQ(0, stat(path, &st)) TH_LOG("%s: %s", path, strerror(errno));
		EXPECT_TRUE(S_ISCHR(st.st_mode));
		snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt%d/dev", i);
		ASSERT_EQ(0, rig_sysfs_read(path, dev, sizeof(dev)));
		snprintf(path, sizeof(path), "%u:%u", major(st.st_rdev), minor(st.st_rdev));
		EXPECT_STREQ(dev, path);
	}
}

TEST(there_is_no_device_past_the_soft_count)
{
	NEED_SOFT(0);
	EXPECT_FALSE(rig_path_exists("/dev/rig_bnxt%d", rig_soft_count()));
	EXPECT_FALSE(rig_path_exists("/sys/class/rig_bnxt/rig_bnxt%d", rig_soft_count()));
}

TEST(sysfs_kind_of_a_soft_nic_is_soft)
{
	char kind[16];
	int i;

	NEED_SOFT(1);
	for (i = 0; i < rig_soft_count(); i++) {
		char path[64];

		snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt%d/kind", i);
		ASSERT_EQ(0, rig_sysfs_read(path, kind, sizeof(kind)));
		EXPECT_STREQ("soft", kind);
	}
}

TEST(sysfs_of_a_soft_nic_says_relaxed_ordering_is_off)
{
	char val[16];

	NEED_SOFT(1);
	ASSERT_EQ(0, rig_sysfs_read("/sys/class/rig_bnxt/rig_bnxt0/relaxed_ordering",
				    val, sizeof(val)));
	EXPECT_STREQ("0", val);
}

/*
 * The guest was started with or without an IOMMU (scripts/vm-run says
 * which in RIG_VM_IOMMU): the driver must have found the same, or the
 * two runs of the suite could silently be one.
 */
TEST(the_driver_finds_the_iommu_the_guest_was_started_with)
{
	const char *want = getenv("RIG_VM_IOMMU");
	char path[96], val[16];
	int i;

	NEED_SOFT(1);
	if (!want)
		SKIP(return, "RIG_VM_IOMMU is not set: run under scripts/vm-run");
	for (i = 0; i < rig_soft_count(); i++) {
		snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt%d/iommu", i);
		ASSERT_EQ(0, rig_sysfs_read(path, val, sizeof(val))) TH_LOG("%s", path);
		EXPECT_STREQ(want, val) TH_LOG("%s", path);
	}
}

/*
 * What rig_soft.ko answers HWRM_VER_GET and QUERY_FUNC with (its
 * kernel/soft/soft.h): the driver must pass on the firmware's facts, not
 * its own.
 */
TEST(sysfs_says_the_chip_firmware_and_limits_the_firmware_reported)
{
	static const struct { const char *attr, *want; } facts[] = {
		{ "chip", "0x1750" },
		{ "firmware_version", "230.0.157 (RoCE 230.0.157)" },
		{ "max_qp", "4095" },
		{ "max_cq", "4096" },
		{ "max_mr", "16384" },
	};
	char path[96], val[64];
	size_t i;

	NEED_SOFT(1);
	for (i = 0; i < sizeof(facts) / sizeof(facts[0]); i++) {
		snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt0/%s", facts[i].attr);
		ASSERT_EQ(0, rig_sysfs_read(path, val, sizeof(val))) TH_LOG("%s", path);
		EXPECT_STREQ(facts[i].want, val) TH_LOG("%s", path);
	}
}

TEST(every_nic_stands_on_a_bound_auxiliary_device_of_a_pci_function)
{
	char path[96], target[PATH_MAX];
	int i;

	NEED_SOFT(1);
	for (i = 0; i < rig_soft_count(); i++) {
		snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt%d/device", i);
		ASSERT_NE(NULL, realpath(path, target)) TH_LOG("%s", path);
		EXPECT_NE(NULL, strstr(target, "rig_soft.rdma.")) TH_LOG("%s", target);
		snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt%d/device/driver", i);
		ASSERT_NE(NULL, realpath(path, target));
		EXPECT_NE(NULL, strstr(target, "/drivers/rig_bnxt.rdma")) TH_LOG("%s", target);
	}
}

TEST(the_address_is_a_link_local_gid_of_the_functions_mac)
{
	char addr[64];

	NEED_SOFT(1);
	ASSERT_EQ(0, rig_sysfs_read("/sys/class/rig_bnxt/rig_bnxt0/address", addr, sizeof(addr)));
	EXPECT_EQ(0, strncmp(addr, "fe80:0000:0000:0000:", 20)) TH_LOG("%s", addr);
	/* The EUI-64 of a MAC has ff:fe in its middle. */
	EXPECT_NE(NULL, strstr(addr + 20, "ff:fe") ?: strstr(addr + 20, "fffe")) TH_LOG("%s", addr);
}

TEST(every_device_opens_and_closes_many_times)
{
	int fds[64], i, j;

	NEED_SOFT(1);
	for (j = 0; j < rig_soft_count(); j++) {
		char path[64];

		snprintf(path, sizeof(path), "/dev/rig_bnxt%d", j);
		for (i = 0; i < 64; i++) {
			fds[i] = open(path, O_RDWR | O_CLOEXEC);
			ASSERT_LE(0, fds[i]) TH_LOG("open %s #%d: %s", path, i, strerror(errno));
		}
		for (i = 0; i < 64; i++)
			EXPECT_EQ(0, close(fds[i]));
	}
}

TEST(library_opens_by_name_and_by_path)
{
	struct rig_bnxt *a = NULL, *b = NULL;

	NEED_SOFT(1);
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt0", &a)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_bnxt_open("/dev/rig_bnxt0", &b)) TH_LOG("%s", rig_error());
	EXPECT_EQ(RIG_KIND_SOFT, rig_bnxt_kind(a));
	EXPECT_EQ((size_t)sysconf(_SC_PAGESIZE), rig_bnxt_page(a));
	EXPECT_EQ(rig_bnxt_iommu(a), rig_bnxt_iommu(b));
	rig_bnxt_close(a);
	rig_bnxt_close(b);
}

TEST(library_open_past_the_soft_count_says_no_such_device)
{
	struct rig_bnxt *nic = NULL;
	char name[32];

	NEED_SOFT(0);
	snprintf(name, sizeof(name), "rig_bnxt%d", rig_soft_count());
	EXPECT_EQ(-ENOENT, rig_bnxt_open(name, &nic));
	EXPECT_EQ(NULL, nic);
	EXPECT_NE(NULL, strstr(rig_error(), name));
}

FIXTURE(nic) {
	int fd;
};

FIXTURE_SETUP(nic)
{
	NEED_SOFT(1);
	self->fd = open("/dev/rig_bnxt0", O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd) TH_LOG("open: %s", strerror(errno));
}

FIXTURE_TEARDOWN(nic)
{
	if (self->fd > 0)
		close(self->fd);
}

TEST_F(nic, query_reports_abi_kind_and_page)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };

	ASSERT_EQ(0, ioctl(self->fd, RIG_BNXT_QUERY, &q)) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(sizeof(q), q.size);
	EXPECT_EQ(RIG_BNXT_ABI_VERSION, q.abi);
	EXPECT_EQ(RIG_BNXT_KIND_SOFT, q.kind);
	EXPECT_EQ(0, q.flags & ~(RIG_BNXT_QUERY_IOMMU | RIG_BNXT_QUERY_RELAXED_ORDERING |
				 RIG_BNXT_QUERY_NEEDS_KICK | RIG_BNXT_QUERY_RQ_WAKE |
				 RIG_BNXT_QUERY_REG_NO_REMOTE_READ | RIG_BNXT_QUERY_REG_DMABUF));
	EXPECT_TRUE(q.flags & RIG_BNXT_QUERY_REG_NO_REMOTE_READ);
	EXPECT_EQ(0, q.flags & RIG_BNXT_QUERY_RELAXED_ORDERING);
	EXPECT_EQ((__u64)sysconf(_SC_PAGESIZE), q.page_size);
	/* The limit comes from the firmware (QUERY_FUNC): a power of two. */
	EXPECT_LE(2, q.max_entries);
	EXPECT_EQ(0, q.max_entries & (q.max_entries - 1));
	/*
	 * The model needs kicks, and says so with a status page to map,
	 * which also says when a receive needs one.
	 */
	EXPECT_TRUE(q.flags & RIG_BNXT_QUERY_NEEDS_KICK);
	EXPECT_TRUE(q.flags & RIG_BNXT_QUERY_RQ_WAKE);
	EXPECT_NE(0, q.status_offset);
}

TEST_F(nic, the_status_page_is_read_only_and_one_page)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };
	long page = sysconf(_SC_PAGESIZE);
	void *p;

	ASSERT_EQ(0, ioctl(self->fd, RIG_BNXT_QUERY, &q));
	if (!(q.flags & RIG_BNXT_QUERY_NEEDS_KICK))
		SKIP(return, "this NIC needs no kick and has no status page");
	p = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_SHARED, self->fd, (off_t)q.status_offset);
	EXPECT_EQ(MAP_FAILED, p);
	EXPECT_EQ(EPERM, errno);
	p = mmap(NULL, 2 * page, PROT_READ, MAP_SHARED, self->fd, (off_t)q.status_offset);
	EXPECT_EQ(MAP_FAILED, p);
	EXPECT_EQ(EINVAL, errno);
	p = mmap(NULL, page, PROT_READ, MAP_SHARED, self->fd, (off_t)q.status_offset);
	ASSERT_NE(MAP_FAILED, p);
	/* No mprotect() makes it writable (VM_MAYWRITE is gone). */
	EXPECT_EQ(-1, mprotect(p, page, PROT_READ | PROT_WRITE));
	EXPECT_EQ(EACCES, errno);
	munmap(p, page);
}

TEST_F(nic, query_refuses_a_struct_shorter_than_the_first_version)
{
	struct rig_bnxt_query q = { .size = offsetof(struct rig_bnxt_query, page_size) };

	EXPECT_EQ(-1, ioctl(self->fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, q.abi);
}

TEST_F(nic, query_refuses_nonzero_output_fields_on_input)
{
	struct rig_bnxt_query q = { .size = sizeof(q), .reserved = 1 };

	EXPECT_EQ(-1, ioctl(self->fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(EINVAL, errno);
	memset(&q, 0, sizeof(q));
	q.size = sizeof(q);
	q.kind = 1;
	EXPECT_EQ(-1, ioctl(self->fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(EINVAL, errno);
}

TEST_F(nic, query_accepts_a_longer_zeroed_struct_and_writes_only_its_own)
{
	unsigned char buf[sizeof(struct rig_bnxt_query) + 64] = { 0 };
	struct rig_bnxt_query *q = (void *)buf;
	size_t i;

	q->size = sizeof(buf);
	ASSERT_EQ(0, ioctl(self->fd, RIG_BNXT_QUERY, buf)) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(sizeof(*q), q->size);
	EXPECT_EQ(RIG_BNXT_ABI_VERSION, q->abi);
	for (i = sizeof(*q); i < sizeof(buf); i++)
		EXPECT_EQ(0, buf[i]);
}

TEST_F(nic, query_refuses_a_longer_struct_with_a_nonzero_tail)
{
	unsigned char buf[sizeof(struct rig_bnxt_query) + 8] = { 0 };
	struct rig_bnxt_query *q = (void *)buf;

	q->size = sizeof(buf);
	buf[sizeof(buf) - 1] = 1;
	EXPECT_EQ(-1, ioctl(self->fd, RIG_BNXT_QUERY, buf));
	EXPECT_EQ(E2BIG, errno);
}

TEST_F(nic, query_refuses_an_absurd_size)
{
	struct rig_bnxt_query q = { .size = 1U << 31 };

	EXPECT_EQ(-1, ioctl(self->fd, RIG_BNXT_QUERY, &q));
	EXPECT_EQ(EINVAL, errno);
}

TEST_F(nic, query_with_a_bad_pointer_is_efault)
{
	EXPECT_EQ(-1, ioctl(self->fd, RIG_BNXT_QUERY, (void *)16));
	EXPECT_EQ(EFAULT, errno);
}

TEST_F(nic, unknown_commands_are_enotty)
{
	struct rig_bnxt_query q = { .size = sizeof(q) };

	EXPECT_EQ(-1, ioctl(self->fd, _IO(RIG_BNXT_TYPE, RIG_BNXT_BASE + 63), &q));
	EXPECT_EQ(ENOTTY, errno);
	EXPECT_EQ(-1, ioctl(self->fd, _IO(RIG_BNXT_TYPE, 0), &q));
	EXPECT_EQ(ENOTTY, errno);
	/* The right number with a size encoded in it is another command. */
	EXPECT_EQ(-1, ioctl(self->fd, _IOWR(RIG_BNXT_TYPE, RIG_BNXT_BASE,
					    struct rig_bnxt_query), &q));
	EXPECT_EQ(ENOTTY, errno);
	EXPECT_EQ(-1, ioctl(self->fd, _IO('T', RIG_BNXT_BASE), &q));
	EXPECT_EQ(ENOTTY, errno);
}

TEST_F(nic, read_write_and_seek_are_refused)
{
	char c = 0;

	EXPECT_EQ(-1, read(self->fd, &c, 1));
	EXPECT_EQ(-1, write(self->fd, &c, 1));
	EXPECT_EQ(-1, lseek(self->fd, 0, SEEK_SET));
	EXPECT_EQ(ESPIPE, errno);
}

TEST_HARNESS_MAIN
