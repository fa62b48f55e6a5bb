// SPDX-License-Identifier: GPL-2.0-only
/*
 * The driver on a network interface: a modelled function attached to one
 * end of a veth pair has a RoCE v2 GID for each IPv4 and IPv6 address of
 * the interface (sysfs "gids", added and deleted as addresses come and
 * go), shows the interface (sysfs "netdev"), gives the interface's IPv4
 * GID to its queue pairs' peers, and resolves a connection's route and
 * next hop: a peer off the interface is unreachable (ENETUNREACH), one
 * that does not answer ARP or neighbour discovery is too (EHOSTUNREACH),
 * each with a message that names the peer.
 * Bytes on the wire are wire.c's.  Needs one modelled function, ip(8) and
 * veth; every interface a test makes goes on every way out.
 */
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
#define GID_FD00_79_1	"fd00:0079:0000:0000:0000:0000:0000:0001"
#define GID_FE80_79_1	"fe80:0000:0000:0000:0000:0000:0079:0001"

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

/*
 * Give VETH0 the address @cidr ("10.79.0.1/24", "fd00:79::1/64") and wait
 * for its GID.  IPv6 without DAD (nodad): usable, and a GID, at once.
 */
static void address_up(struct __test_metadata *_metadata, const char *cidr)
{
	char cmd[128], ip[64], gid_line[48];
	uint8_t gid[16];

	snprintf(ip, sizeof(ip), "%.*s", (int)strcspn(cidr, "/"), cidr);
	ASSERT_EQ(0, rig_gid_of(ip, gid));
	rig_gid_text(gid, gid_line);
	strcat(gid_line, "\n");
	snprintf(cmd, sizeof(cmd), "ip addr add %s dev " VETH0 "%s", cidr,
		 strchr(ip, ':') ? " nodad" : "");
	ASSERT_EQ(0, system(cmd));
	ASSERT_TRUE(shows_within("gids", gid_line, true, 3000))
		TH_LOG("no GID for %s within 3 s", ip);
}

/* Connecting @qp to a peer at @ip fails with @err, and rig_error() says @says. */
static void connect_fails(struct __test_metadata *_metadata, struct rig_qp *qp, const char *ip,
			  int err, const char *says)
{
	struct rig_endpoint peer = { .qp = 0x123, .psn = 1, .mtu = 1024, .nic = 1 };

	ASSERT_EQ(0, rig_gid_of(ip, peer.address));
	EXPECT_EQ(err, rig_qp_connect(qp, &peer));
	EXPECT_NE(NULL, strstr(rig_error(), says)) TH_LOG("%s", rig_error());
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
	/*
	 * What a test that died before its teardown left, here or in another
	 * program (wire's, whose setup failed, leaves its interface attached).
	 */
	rig_write(CLASS "/device/netdev", "\n");
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

/* Without DAD (nodad), an address is usable, and its GID added, at once. */
TEST_F(link, an_ipv6_address_global_or_link_local_is_a_gid_and_goes_with_its_address)
{
	ASSERT_EQ(0, system("ip addr add fd00:79::1/64 dev " VETH0 " nodad && "
			    "ip addr add fe80::79:1/64 dev " VETH0 " nodad"));
	ASSERT_TRUE(shows_within("gids", GID_FD00_79_1 "\n", true, 3000))
		TH_LOG("no GID for fd00:79::1 within 3 s");
	ASSERT_TRUE(shows_within("gids", GID_FE80_79_1 "\n", true, 3000))
		TH_LOG("no GID for fe80::79:1 within 3 s");
	ASSERT_EQ(0, system("ip addr del fd00:79::1/64 dev " VETH0));
	ASSERT_TRUE(shows_within("gids", GID_FD00_79_1 "\n", false, 3000))
		TH_LOG("the GID of a deleted IPv6 address stays");
	ASSERT_TRUE(shows_within("gids", GID_FE80_79_1 "\n", true, 100));
	ASSERT_EQ(0, system("ip addr del fe80::79:1/64 dev " VETH0));
	ASSERT_TRUE(shows_within("gids", GID_FE80_79_1 "\n", false, 3000))
		TH_LOG("the GID of a deleted link-local address stays");
}

TEST_F(link, a_queue_pairs_endpoint_carries_the_interfaces_gid)
{
	struct rig_qp *qp2;
	struct rig_endpoint e;
	uint8_t want[16];

	address_up(_metadata, "10.79.0.1/24");
	ASSERT_EQ(0, rig_qp_make(self->nic, 16, &qp2)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_endpoint(qp2, &e));
	rig_gid_of("10.79.0.1", want);
	EXPECT_EQ(0, memcmp(e.address, want, 16));
	rig_qp_destroy(qp2);
}

/*
 * With no IPv4 address, the GID whose route reaches furthest: a peer
 * given a link-local GID would connect to it while this side's route to
 * the peer's global GID leaves from this side's global address, and each
 * would drop the other's packets as from the wrong peer.  Whatever came
 * first into the table (here the link-local address does).
 */
TEST_F(link, an_ipv6_only_endpoint_carries_the_global_gid_not_a_link_local_one)
{
	struct rig_qp *qp2;
	struct rig_endpoint e;
	uint8_t want[16];

	address_up(_metadata, "fe80::79:1/64");
	address_up(_metadata, "fd00:79::1/64");
	ASSERT_EQ(0, rig_qp_make(self->nic, 16, &qp2)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_endpoint(qp2, &e));
	rig_gid_of("fd00:79::1", want);
	EXPECT_EQ(0, memcmp(e.address, want, 16));
	EXPECT_TRUE(shows_within("address", GID_FD00_79_1, true, 100));
	rig_qp_destroy(qp2);
}

TEST_F(link, a_peer_that_does_not_answer_arp_is_unreachable_and_the_error_says_so)
{
	double t0;

	address_up(_metadata, "10.79.0.1/24");
	t0 = now_ms();
	connect_fails(_metadata, self->qp, "10.79.0.9", -EHOSTUNREACH, "did not answer ARP");
	/* Two seconds of asking, and not much more on a slow guest. */
	EXPECT_GE(now_ms() - t0, 1900);
	EXPECT_LT(now_ms() - t0, 10000);
}

TEST_F(link, a_peer_off_the_interface_or_on_this_machine_is_unreachable)
{
	address_up(_metadata, "10.79.0.1/24");
	connect_fails(_metadata, self->qp, "192.0.2.1", -ENETUNREACH, "192.0.2.1");
	connect_fails(_metadata, self->qp, "10.79.0.1", -ENETUNREACH,
		      "an address of this machine");
}

TEST_F(link, an_ipv6_peer_that_does_not_answer_neighbour_discovery_is_unreachable)
{
	address_up(_metadata, "fd00:79::1/64");
	connect_fails(_metadata, self->qp, "fd00:79::9", -EHOSTUNREACH,
		      "fd00:79::9 did not answer neighbour discovery on " VETH0);
}

TEST_F(link, an_ipv6_peer_off_the_interface_or_on_this_machine_is_unreachable)
{
	address_up(_metadata, "fd00:79::1/64");
	connect_fails(_metadata, self->qp, "2001:db8::1", -ENETUNREACH, "2001:db8::1");
	connect_fails(_metadata, self->qp, "fd00:79::1", -ENETUNREACH,
		      "fd00:79::1 is not reached through " VETH0 " (an address of this machine");
}

TEST_F(link, a_peer_that_answers_arp_is_connected_to)
{
	struct rig_endpoint peer = { .qp = 0x123, .psn = 1, .mtu = 1024, .nic = 1 };

	/* The peer's end in a namespace of its own, so that the route leaves. */
	ASSERT_EQ(0, system("ip netns add rigln && ip link set " VETH1 " netns rigln && "
			    "ip -n rigln link set " VETH1 " up && "
			    "ip -n rigln addr add 10.79.0.2/24 dev " VETH1));
	address_up(_metadata, "10.79.0.1/24");
	rig_gid_of("10.79.0.2", peer.address);
	EXPECT_EQ(0, rig_qp_connect(self->qp, &peer)) TH_LOG("%s", rig_error());
}

TEST_HARNESS_MAIN
