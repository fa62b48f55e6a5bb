// SPDX-License-Identifier: GPL-2.0-only
/*
 * The driver on a network interface: a modelled function attached to one
 * end of a veth pair has a RoCE v2 GID for each address of the interface
 * (sysfs "gids", added and deleted as addresses come and go), shows the
 * interface (sysfs "netdev"), gives the interface's IPv4 GID to its queue
 * pairs' peers, and resolves a connection's route and next hop: a peer
 * off the interface is unreachable (ENETUNREACH), one that does not
 * answer ARP is too (EHOSTUNREACH), each with a message that says which.
 * Bytes on the wire are wire.c's.  Needs one modelled function, ip(8) and
 * veth; every interface a test makes goes on every way out.
 */
#include <arpa/inet.h>
#include <time.h>

#include "kselftest_harness.h"
#include "rig/bnxt.h"
#include "rig_util.h"

#define VETH0	"rigln0"
#define VETH1	"rigln1"
#define CLASS	"/sys/class/rig_bnxt/rig_bnxt0"
/* GIDs as sysfs writes them: in full, as ibv_devinfo does. */
#define GID_V4(x)	"0000:0000:0000:0000:0000:ffff:" x
#define GID_10_79_0_1	GID_V4("0a4f:0001")
#define GID_10_79_1_1	GID_V4("0a4f:0101")

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Does rig_bnxt0's sysfs file @attr hold @text, within @ms? */
static bool shows_within(const char *attr, const char *text, bool want, int ms)
{
	char path[128], buf[4096];
	double end = now_ms() + ms;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), CLASS "/%s", attr);
	do {
		f = fopen(path, "re");
		if (!f)
			return false;
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
		buf[n] = '\0';
		if (!!strstr(buf, text) == want)
			return true;
		usleep(20000);
	} while (now_ms() < end);
	return false;
}

/* The IPv4-mapped GID of @ip, as bytes. */
static void gid_v4(const char *ip, uint8_t *gid)
{
	memset(gid, 0, 16);
	gid[10] = 0xff;
	gid[11] = 0xff;
	inet_pton(AF_INET, ip, gid + 12);
}

FIXTURE(link) {
	struct rig_bnxt *nic;
	struct rig_qp *qp;
	bool made;
};

FIXTURE_SETUP(link)
{
	if (!rig_module_loaded())
		SKIP(return, "rig_bnxt is not loaded");
	if (rig_soft_count() < 1)
		SKIP(return, "needs a modelled function (vm-run --soft)");
	if (access(CLASS "/device/netdev", F_OK))
		SKIP(return, "the model has no netdev attribute");
	/* What a test that died before its teardown left. */
	if (system("ip netns del rigln 2>/dev/null; ip link del " VETH0 " 2>/dev/null; true"))
		TH_LOG("ip failed");
	if (system("modprobe -q veth; ip link add " VETH0 " type veth peer name " VETH1
		   " 2>/dev/null"))
		SKIP(return, "no veth (ip link add ... type veth)");
	self->made = true;
	ASSERT_EQ(0, system("ip link set " VETH0 " up && ip link set " VETH1 " up"));
	ASSERT_EQ(0, rig_write(CLASS "/device/netdev", VETH0));
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt0", &self->nic)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_make(self->nic, 16, &self->qp)) TH_LOG("%s", rig_error());
}

FIXTURE_TEARDOWN(link)
{
	if (self->qp)
		rig_qp_destroy(self->qp);
	rig_bnxt_close(self->nic);
	if (!self->made)
		return;
	rig_write(CLASS "/device/netdev", "\n");
	/* The peer's namespace, if a test made it; deleting VETH0 takes VETH1. */
	if (system("ip netns del rigln 2>/dev/null; true"))
		TH_LOG("ip netns failed");
	if (system("ip link del " VETH0 " 2>/dev/null; true"))
		TH_LOG("ip failed");
}

TEST_F(link, sysfs_names_the_interface_the_nic_sits_on_and_nothing_once_detached)
{
	ASSERT_TRUE(shows_within("netdev", VETH0, true, 3000));
	ASSERT_EQ(0, rig_write(CLASS "/device/netdev", "\n"));
	ASSERT_TRUE(shows_within("netdev", VETH0, false, 3000));
}

TEST_F(link, an_address_added_is_a_gid_and_a_gid_goes_with_its_address)
{
	ASSERT_EQ(0, system("ip addr add 10.79.0.1/24 dev " VETH0));
	ASSERT_TRUE(shows_within("gids", GID_10_79_0_1 "\n", true, 3000))
		TH_LOG("no GID for 10.79.0.1 within 3 s");
	ASSERT_TRUE(shows_within("address", GID_10_79_0_1, true, 100))
		TH_LOG("the NIC's address is not the interface's IPv4 GID");
	ASSERT_EQ(0, system("ip addr add 10.79.1.1/24 dev " VETH0));
	ASSERT_TRUE(shows_within("gids", GID_10_79_1_1 "\n", true, 3000));
	ASSERT_EQ(0, system("ip addr del 10.79.0.1/24 dev " VETH0));
	ASSERT_TRUE(shows_within("gids", GID_10_79_0_1 "\n", false, 3000))
		TH_LOG("the GID of a deleted address stays");
	ASSERT_TRUE(shows_within("gids", GID_10_79_1_1 "\n", true, 100));
	/* Detached: the interface's GIDs go, the port's own stays. */
	ASSERT_EQ(0, rig_write(CLASS "/device/netdev", "\n"));
	ASSERT_TRUE(shows_within("gids", GID_10_79_1_1 "\n", false, 3000));
	ASSERT_TRUE(shows_within("gids", "fe80:0000:", true, 100));
}

TEST_F(link, a_queue_pairs_endpoint_carries_the_interfaces_gid)
{
	struct rig_qp *qp2;
	struct rig_endpoint e;
	uint8_t want[16];

	ASSERT_EQ(0, system("ip addr add 10.79.0.1/24 dev " VETH0));
	ASSERT_TRUE(shows_within("gids", GID_10_79_0_1 "\n", true, 3000));
	ASSERT_EQ(0, rig_qp_make(self->nic, 16, &qp2)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_endpoint(qp2, &e));
	gid_v4("10.79.0.1", want);
	EXPECT_EQ(0, memcmp(e.address, want, 16));
	rig_qp_destroy(qp2);
}

TEST_F(link, a_peer_that_does_not_answer_arp_is_unreachable_and_the_error_says_so)
{
	struct rig_endpoint peer = { .qp = 0x123, .psn = 1, .mtu = 1024, .nic = 1 };
	double t0;
	int ret;

	ASSERT_EQ(0, system("ip addr add 10.79.0.1/24 dev " VETH0));
	ASSERT_TRUE(shows_within("gids", GID_10_79_0_1 "\n", true, 3000));
	gid_v4("10.79.0.9", peer.address);
	t0 = now_ms();
	ret = rig_qp_connect(self->qp, &peer);
	EXPECT_EQ(-EHOSTUNREACH, ret);
	EXPECT_NE(NULL, strstr(rig_error(), "did not answer ARP")) TH_LOG("%s", rig_error());
	/* Two seconds of asking, and not much more on a slow guest. */
	EXPECT_GE(now_ms() - t0, 1900);
	EXPECT_LT(now_ms() - t0, 10000);
}

TEST_F(link, a_peer_off_the_interface_or_on_this_machine_is_unreachable)
{
	struct rig_endpoint peer = { .qp = 0x123, .psn = 1, .mtu = 1024, .nic = 1 };

	ASSERT_EQ(0, system("ip addr add 10.79.0.1/24 dev " VETH0));
	ASSERT_TRUE(shows_within("gids", GID_10_79_0_1 "\n", true, 3000));
	gid_v4("192.0.2.1", peer.address);
	EXPECT_EQ(-ENETUNREACH, rig_qp_connect(self->qp, &peer));
	EXPECT_NE(NULL, strstr(rig_error(), "192.0.2.1")) TH_LOG("%s", rig_error());
	gid_v4("10.79.0.1", peer.address);
	EXPECT_EQ(-ENETUNREACH, rig_qp_connect(self->qp, &peer));
	EXPECT_NE(NULL, strstr(rig_error(), "an address of this machine"))
		TH_LOG("%s", rig_error());
}

TEST_F(link, a_peer_that_answers_arp_is_connected_to)
{
	struct rig_endpoint peer = { .qp = 0x123, .psn = 1, .mtu = 1024, .nic = 1 };

	/* The peer's end in a namespace of its own, so that the route leaves. */
	ASSERT_EQ(0, system("ip netns add rigln && ip link set " VETH1 " netns rigln && "
			    "ip -n rigln link set " VETH1 " up && "
			    "ip -n rigln addr add 10.79.0.2/24 dev " VETH1));
	ASSERT_EQ(0, system("ip addr add 10.79.0.1/24 dev " VETH0));
	ASSERT_TRUE(shows_within("gids", GID_10_79_0_1 "\n", true, 3000));
	gid_v4("10.79.0.2", peer.address);
	EXPECT_EQ(0, rig_qp_connect(self->qp, &peer)) TH_LOG("%s", rig_error());
}

TEST_HARNESS_MAIN
