// SPDX-License-Identifier: GPL-2.0-only
/*
 * A modelled function on a network interface: the "netdev" attribute of
 * its auxiliary device (attach, read back, refuse, detach, the interface
 * deleted under it), the MTU that follows the interface's, frames from
 * the wire thrown at an attached function (random and mutated RoCE v2
 * frames from an AF_PACKET socket on a veth's peer: every one is counted,
 * taken or dropped by reason, and nothing breaks; jumbo frames and a
 * flood of the longest frames at a stopped function, which holds none of
 * the first and no more than its queue's budget of the second), and rig
 * to rig across a veth pair between two network namespaces: rig_bnxt0 on
 * rigwt0 (10.77.0.1/24, the initial namespace), rig_bnxt1 on rigwt1
 * (10.77.0.2/24, namespace "rigw", attached from inside it), sends and
 * remote reads of 1 byte to 1 MiB with every byte checked, on a clean
 * link and through tc netem's loss, duplication, reordering and
 * corruption; and the same link with IPv6 alone (pair6: global
 * fd00:78::1 and ::2, or link-local fe80::78:1 and ::2 beside another
 * interface on fe80::/64, or two
 * prefixes given in opposite orders at the two ends): sizes
 * either side of the path MTU, the frames captured on rigwt0 (IPv6
 * between the two GIDs, each with its UDP checksum, none IPv4), and the
 * MODIFY_QP the driver traces asking for RoCE v2 over IPv6.
 *
 * The fuzz test prints its seed; RIG_WIRE_SEED=N reruns one.
 * RIG_WIRE_NETEM=0 skips the netem run (the debug stage: too slow there).
 * Needs the guest's ip(8), tc(8), veth and sch_netem; every interface and
 * namespace a test makes goes on every way out (the fixtures' teardowns).
 */
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>

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
	if (system("modprobe -q veth; ip link add rigwt0 type veth peer name rigwt1 2>/dev/null")) \
		SKIP(return, "no veth (ip link add ... type veth)");	\
} while (0)

#define VETH0	"rigwt0"
#define VETH1	"rigwt1"
#define DECOY	"rigwt8"	/* another interface on fe80::/64 (pair6.link_local) */
#define ROCE_PORT	4791
#define FUZZ_FRAMES	4000

/* The attribute of rig_bnxtN's function. */
static void attr_path(int nic, char *path, size_t n)
{
	snprintf(path, n, "/sys/class/rig_bnxt/rig_bnxt%d/device/netdev", nic);
}

/* Write @val to rig_bnxtN's attribute: 0 or -errno. */
static int attach(int nic, const char *val)
{
	char path[96];

	attr_path(nic, path, sizeof(path));
	return rig_write(path, val);
}

/* Read rig_bnxtN's attribute into @buf (no newline): 0 or -errno. */
static int attached(int nic, char *buf, size_t n)
{
	char path[96];

	attr_path(nic, path, sizeof(path));
	return rig_sysfs_read(path, buf, n);
}

/* The counter @name of the model's "wire" file of rig_bnxtN, or -1. */
static long wire_stat(int nic, const char *name)
{
	char dir[PATH_MAX], path[PATH_MAX + 64];

	if (rig_model_dir(nic, dir, sizeof(dir)))
		return -1;
	snprintf(path, sizeof(path), "%s/wire", dir);
	return rig_named_stat(path, name);
}

/* Every drop of rig_bnxtN's function, whatever its reason. */
static long wire_drops(int nic)
{
	char dir[PATH_MAX], path[PATH_MAX + 64], line[128];
	long sum = 0;
	FILE *f;

	if (rig_model_dir(nic, dir, sizeof(dir)))
		return -1;
	snprintf(path, sizeof(path), "%s/wire", dir);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "drop_", 5) && strncmp(line, "drop_queue_", 11))
			sum += atol(strchr(line, ' ') + 1);
	fclose(f);
	return sum;
}

/* Detach every function and delete the tests' interfaces and namespace. */
static void cleanup(void)
{
	int i;

	for (i = 0; i < rig_soft_count(); i++)
		attach(i, "\n");
	/* Any may be gone already: a test deleted it, or never made it. */
	if (system("ip link del " VETH0 " 2>/dev/null; ip link del " DECOY " 2>/dev/null; "
		   "ip netns del rigw 2>/dev/null"))
		return;
}

FIXTURE(wire) {
	int unused;
};

FIXTURE_SETUP(wire)
{
	cleanup();
}

FIXTURE_TEARDOWN(wire)
{
	cleanup();
}

TEST_F(wire, a_function_on_no_interface_reads_an_empty_line)
{
	char buf[64] = "x";

	NEED_SOFT(1);
	ASSERT_EQ(0, attached(0, buf, sizeof(buf)));
	EXPECT_STREQ("", buf);
}

TEST_F(wire, an_unknown_interface_is_refused_with_enodev)
{
	char buf[64];

	NEED_SOFT(1);
	EXPECT_EQ(-ENODEV, attach(0, "rigwt-none\n"));
	EXPECT_EQ(-EINVAL, attach(0, "a-name-longer-than-ifnamsiz\n"));
	ASSERT_EQ(0, attached(0, buf, sizeof(buf)));
	EXPECT_STREQ("", buf);
}

TEST_F(wire, loopback_is_not_ethernet_and_is_refused_with_einval)
{
	NEED_SOFT(1);
	EXPECT_EQ(-EINVAL, attach(0, "lo"));
}

TEST_F(wire, a_function_attaches_reads_its_interface_back_and_detaches)
{
	char buf[64];

	NEED_SOFT(1);
	ASSERT_EQ(0, attach(0, VETH0 "\n"));
	ASSERT_EQ(0, attached(0, buf, sizeof(buf)));
	EXPECT_STREQ(VETH0, buf);
	/* The same interface again changes nothing. */
	EXPECT_EQ(0, attach(0, VETH0));
	ASSERT_EQ(0, attach(0, "\n"));
	ASSERT_EQ(0, attached(0, buf, sizeof(buf)));
	EXPECT_STREQ("", buf);
	/* Detaching a detached function is no error either. */
	EXPECT_EQ(0, attach(0, ""));
}

TEST_F(wire, a_second_interface_is_refused_with_ebusy_until_detached)
{
	char buf[64];

	NEED_SOFT(1);
	ASSERT_EQ(0, attach(0, VETH0));
	EXPECT_EQ(-EBUSY, attach(0, VETH1));
	ASSERT_EQ(0, attached(0, buf, sizeof(buf)));
	EXPECT_STREQ(VETH0, buf);
	ASSERT_EQ(0, attach(0, "\n"));
	EXPECT_EQ(0, attach(0, VETH1));
}

TEST_F(wire, an_interface_another_function_holds_is_refused_with_ebusy)
{
	NEED_SOFT(2);
	ASSERT_EQ(0, attach(0, VETH0));
	EXPECT_EQ(-EBUSY, attach(1, VETH0));
	EXPECT_EQ(0, attach(1, VETH1));
}

TEST_F(wire, deleting_the_interface_detaches_the_function)
{
	char buf[64];
	int i;

	NEED_SOFT(1);
	ASSERT_EQ(0, attach(0, VETH0));
	ASSERT_EQ(0, system("ip link del " VETH0));
	for (i = 0; i < 100; i++) {
		ASSERT_EQ(0, attached(0, buf, sizeof(buf)));
		if (!buf[0])
			break;
		usleep(10000);
	}
	EXPECT_STREQ("", buf);
	/* And the function attaches again to a new one. */
	ASSERT_EQ(0, system("ip link add " VETH0 " type veth peer name " VETH1));
	EXPECT_EQ(0, attach(0, VETH0));
}

TEST_F(wire, the_functions_mtu_follows_its_interfaces)
{
	long before;

	NEED_SOFT(1);
	before = rig_model_num(0, "mtu", -1);
	ASSERT_EQ(0, system("ip link set " VETH0 " mtu 1400"));
	ASSERT_EQ(0, attach(0, VETH0));
	EXPECT_EQ(1400, rig_model_num(0, "mtu", -1));
	ASSERT_EQ(0, system("ip link set " VETH0 " mtu 2000"));
	EXPECT_EQ(2000, rig_model_num(0, "mtu", -1));
	ASSERT_EQ(0, attach(0, "\n"));
	EXPECT_EQ(before, rig_model_num(0, "mtu", -1));
}

/* The fuzzer's state: a PRNG (xorshift64*), its seed, the socket. */
struct fuzz {
	uint64_t seed;
	uint64_t s;
	int fd;
	struct sockaddr_ll to;
	uint8_t mac0[6];
	uint8_t mac1[6];
	uint8_t src[4];
	uint8_t dst[4];
	int qpn;
};

static uint32_t rnd(struct fuzz *f)
{
	f->s ^= f->s >> 12;
	f->s ^= f->s << 25;
	f->s ^= f->s >> 27;
	return (f->s * 0x2545f4914f6cdd1dULL) >> 32;
}

/* The CRC-32 of IEEE 802.3 (reflected), as the ICRC uses it. */
static uint32_t crc32_le(uint32_t crc, const uint8_t *p, size_t n)
{
	int k;

	while (n--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320U & -(crc & 1));
	}
	return crc;
}

/* The RoCE v2 invariant CRC of an IPv4 packet of @len bytes from @ip. */
static uint32_t icrc4(const uint8_t *ip, size_t len)
{
	static const uint8_t lrh[8] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	uint8_t hdr[20 + 8 + 12];
	uint32_t crc;

	memcpy(hdr, ip, sizeof(hdr));
	hdr[1] = 0xff;			/* TOS */
	hdr[8] = 0xff;			/* TTL */
	hdr[10] = hdr[11] = 0xff;	/* header checksum */
	hdr[26] = hdr[27] = 0xff;	/* UDP checksum */
	hdr[32] = 0xff;			/* BTH resv8a */
	crc = crc32_le(~0U, lrh, sizeof(lrh));
	crc = crc32_le(crc, hdr, sizeof(hdr));
	crc = crc32_le(crc, ip + sizeof(hdr), len - sizeof(hdr) - 4);
	return ~crc;
}

/* @sum plus the 16-bit words of @n bytes at @p (an odd last byte padded). */
static uint32_t csum_add(uint32_t sum, const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		sum += (p[i] << 8) | p[i + 1];
	if (n & 1)
		sum += p[n - 1] << 8;
	return sum;
}

/* The ones' complement of the ones' complement sum @sum. */
static uint16_t csum_fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum;
}

static uint16_t ip_csum(const uint8_t *p, size_t n)
{
	return csum_fold(csum_add(0, p, n));
}

/*
 * A well-formed RoCE v2 frame (IPv4) to the function's interface: an RC
 * opcode of the model's, a random QP, PSN and payload.  Return its length.
 */
static size_t good_frame(struct fuzz *f, uint8_t *b)
{
	static const uint8_t ops[] = { 0x00, 0x01, 0x02, 0x04, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11 };
	uint8_t op = ops[rnd(f) % sizeof(ops)];
	size_t pay = (op == 0x11 || op == 0x0c) ? 0 : (rnd(f) % 65) * 4;
	size_t ext = op == 0x0c ? 16 : (op == 0x11 || op == 0x0d || op == 0x0f || op == 0x10) ? 4 : 0;
	size_t ip_len = 20 + 8 + 12 + ext + pay + 4, i;
	uint8_t *ip = b + 14, *udp = ip + 20, *bth = udp + 8;
	uint32_t crc, qpn = f->qpn >= 0 ? (uint32_t)f->qpn : rnd(f) % 8;
	uint32_t psn = rnd(f) & 0xffffff;

	memcpy(b, f->mac0, 6);
	memcpy(b + 6, f->mac1, 6);
	b[12] = 0x08;
	b[13] = 0x00;
	memset(ip, 0, 20);
	ip[0] = 0x45;
	ip[2] = ip_len >> 8;
	ip[3] = ip_len;
	ip[6] = 0x40;
	ip[8] = 64;
	ip[9] = 17;
	memcpy(ip + 12, f->src, 4);
	memcpy(ip + 16, f->dst, 4);
	udp[0] = 0xc0;
	udp[1] = rnd(f);
	udp[2] = ROCE_PORT >> 8;
	udp[3] = ROCE_PORT & 0xff;
	udp[4] = (ip_len - 20) >> 8;
	udp[5] = ip_len - 20;
	udp[6] = udp[7] = 0;
	bth[0] = op;
	bth[1] = 0;
	bth[2] = bth[3] = 0xff;
	bth[4] = 0;
	bth[5] = qpn >> 16;
	bth[6] = qpn >> 8;
	bth[7] = qpn;
	bth[8] = (rnd(f) & 1) << 7;
	bth[9] = psn >> 16;
	bth[10] = psn >> 8;
	bth[11] = psn;
	for (i = 0; i < ext + pay; i++)
		bth[12 + i] = rnd(f);
	crc = ip_csum(ip, 20);
	ip[10] = crc >> 8;
	ip[11] = crc;
	crc = icrc4(ip, ip_len);
	for (i = 0; i < 4; i++)
		ip[ip_len - 4 + i] = crc >> (8 * i);
	return 14 + ip_len;
}

/* A frame the rx_handler takes: good, then bits flipped, cut or grown. */
static size_t fuzz_frame(struct fuzz *f, uint8_t *b, size_t max)
{
	size_t len = good_frame(f, b), n, i;

	switch (rnd(f) % 4) {
	case 0:		/* as is: dropped for its QP, address or PSN */
		break;
	case 1:		/* bits flipped past the UDP port */
		n = 1 + rnd(f) % 4;
		for (i = 0; i < n; i++) {
			size_t at = 14 + 24 + rnd(f) % (len - 14 - 24);

			b[at] ^= 1 << (rnd(f) % 8);
		}
		break;
	case 2:		/* cut short, or grown with garbage */
		if (rnd(f) & 1) {
			/* The UDP header stays whole: the rx_handler's look. */
			len = 14 + 28 + rnd(f) % (len - 14 - 28);
		} else {
			n = rnd(f) % 200;
			for (i = 0; i < n && len < max; i++)
				b[len++] = rnd(f);
		}
		break;
	default:	/* garbage after the UDP header's port */
		for (i = 14 + 24; i < len; i++)
			b[i] = rnd(f);
		break;
	}
	return len;
}

static int if_mac(int fd, const char *name, uint8_t *mac)
{
	struct ifreq ifr = { 0 };

	strncpy(ifr.ifr_name, name, IFNAMSIZ - 1);
	if (ioctl(fd, SIOCGIFHWADDR, &ifr))
		return -errno;
	memcpy(mac, ifr.ifr_hwaddr.sa_data, 6);
	return 0;
}

TEST_F(wire, random_and_mutated_frames_are_counted_and_dropped_and_nothing_breaks)
{
	long rx0, drops0, ok0, full0, rx, drops, ok, full;
	const char *env = getenv("RIG_WIRE_SEED");
	uint8_t frame[2048];
	struct fuzz f = { 0 };
	char buf[64];
	int i, sent = 0;

	NEED_SOFT(1);
	memcpy(f.src, (uint8_t[]){ 10, 77, 0, 2 }, 4);
	memcpy(f.dst, (uint8_t[]){ 10, 77, 0, 1 }, 4);
	f.qpn = -1;
	f.seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
	f.s = f.seed ? f.seed : 1;
	TH_LOG("seed %llu (RIG_WIRE_SEED=%llu reruns it)", (unsigned long long)f.seed,
	       (unsigned long long)f.seed);
	ASSERT_EQ(0, system("ip link set " VETH0 " up && ip link set " VETH1 " up"));
	ASSERT_EQ(0, attach(0, VETH0));
	f.fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	ASSERT_LE(0, f.fd) TH_LOG("AF_PACKET: %s", strerror(errno));
	ASSERT_EQ(0, if_mac(f.fd, VETH0, f.mac0));
	ASSERT_EQ(0, if_mac(f.fd, VETH1, f.mac1));
	f.to.sll_family = AF_PACKET;
	f.to.sll_ifindex = if_nametoindex(VETH1);
	f.to.sll_halen = 6;
	memcpy(f.to.sll_addr, f.mac0, 6);
	rx0 = wire_stat(0, "rx_frames");
	ok0 = wire_stat(0, "rx_ok");
	full0 = wire_stat(0, "drop_queue_full");
	drops0 = wire_drops(0);
	ASSERT_LE(0, rx0);
	for (i = 0; i < FUZZ_FRAMES; i++) {
		size_t len = fuzz_frame(&f, frame, sizeof(frame));

		if (sendto(f.fd, frame, len, 0, (struct sockaddr *)&f.to, sizeof(f.to)) ==
		    (ssize_t)len)
			sent++;
		if (!(i % 64))
			usleep(1000);
	}
	close(f.fd);
	/* Every frame is taken off the queue by the engine, soon. */
	for (i = 0; i < 200; i++) {
		rx = wire_stat(0, "rx_frames");
		full = wire_stat(0, "drop_queue_full");
		if (rx - rx0 + full - full0 >= sent)
			break;
		usleep(10000);
	}
	drops = wire_drops(0);
	ok = wire_stat(0, "rx_ok");
	TH_LOG("%d frames sent, %ld taken off the queue, %ld dropped there full, %ld dropped by reason, %ld taken by a QP",
	       sent, rx - rx0, full - full0, drops - drops0, ok - ok0);
	EXPECT_GT(sent, FUZZ_FRAMES / 2);
	EXPECT_EQ(sent, rx - rx0 + full - full0);
	/* No QP is connected to 10.77.0.2: nothing is taken, all dropped by reason. */
	EXPECT_EQ(0, ok - ok0);
	EXPECT_EQ(rx - rx0, drops - drops0);
	/* Some got past the ICRC to the checks beyond it. */
	EXPECT_GT(wire_stat(0, "drop_no_gid") + wire_stat(0, "drop_not_mine") +
		  wire_stat(0, "drop_no_qp"), 0);
	EXPECT_GT(wire_stat(0, "drop_icrc"), 0);
	/* And the function detaches and attaches as before. */
	ASSERT_EQ(0, attach(0, "\n"));
	ASSERT_EQ(0, attach(0, VETH0));
	ASSERT_EQ(0, attached(0, buf, sizeof(buf)));
	EXPECT_STREQ(VETH0, buf);
}

/* The longest frame the model takes: Ethernet, IPv6, UDP, BTH, RETH, ICRC, 4096. */
#define FRAME_MAX	(14 + 40 + 8 + 12 + 16 + 4 + 4096)
#define JUMBO		(14 + 9000)
/* The bytes of skbs a function's receive queue may hold (kernel/soft/dev.h). */
#define RXQ_BUDGET	(24L << 20)
/* Longest frames in a flood: more bytes than the budget, fewer than 8192. */
#define FLOOD		8000

/*
 * A flood at rig_bnxt0's function, stopped so that its engine takes
 * nothing off the queue: the model's debugfs directory, the socket on the
 * veth's other end, the frame builder, and the counters before the flood.
 */
FIXTURE(flood) {
	char dir[PATH_MAX];
	char wire[PATH_MAX + 8];
	struct fuzz f;
	bool stopped;
	long rx0, full0, long0;
};

static long flood_stat(FIXTURE_DATA(flood) *fl, const char *name)
{
	return rig_named_stat(fl->wire, name);
}

/* Write @what ("stop", "restart") to the function's state: 0 or -errno. */
static int flood_state(FIXTURE_DATA(flood) *fl, const char *what)
{
	char path[PATH_MAX + 8];

	snprintf(path, sizeof(path), "%s/state", fl->dir);
	return rig_write(path, what);
}

/* Both ends at an MTU of 9000, the function attached, counted, then stopped. */
static int flood_start(FIXTURE_DATA(flood) *fl)
{
	memcpy(fl->f.src, (uint8_t[]){ 10, 77, 0, 2 }, 4);
	memcpy(fl->f.dst, (uint8_t[]){ 10, 77, 0, 1 }, 4);
	fl->f.qpn = -1;
	fl->f.s = 1;
	if (rig_model_dir(0, fl->dir, sizeof(fl->dir)) ||
	    system("ip link set " VETH0 " mtu 9000 up && ip link set " VETH1 " mtu 9000 up") ||
	    attach(0, VETH0))
		return -1;
	snprintf(fl->wire, sizeof(fl->wire), "%s/wire", fl->dir);
	fl->f.fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	/*
	 * Within one namespace a veth hands the sender's skb over still
	 * charged to its socket: what the model holds stays in the send
	 * buffer, which must hold a whole flood (and, before the budget was,
	 * the queue's 8192 frames).
	 */
	if (fl->f.fd < 0 ||
	    setsockopt(fl->f.fd, SOL_SOCKET, SO_SNDBUFFORCE, &(int){ 256 << 20 }, sizeof(int)) ||
	    if_mac(fl->f.fd, VETH0, fl->f.mac0) || if_mac(fl->f.fd, VETH1, fl->f.mac1))
		return -1;
	fl->f.to.sll_family = AF_PACKET;
	fl->f.to.sll_ifindex = if_nametoindex(VETH1);
	fl->f.to.sll_halen = 6;
	memcpy(fl->f.to.sll_addr, fl->f.mac0, 6);
	fl->rx0 = flood_stat(fl, "rx_frames");
	fl->full0 = flood_stat(fl, "drop_queue_full");
	fl->long0 = flood_stat(fl, "drop_queue_too_long");
	if (flood_state(fl, "stop"))
		return -1;
	fl->stopped = true;
	return 0;
}

/*
 * @n RoCE v2 frames of @len bytes each (a good header, garbage after),
 * paced so that the veth's backlog takes them all, never waiting for
 * room in the send buffer: how many were sent.
 */
static int flood_send(FIXTURE_DATA(flood) *fl, int n, size_t len)
{
	static uint8_t frame[JUMBO];
	int i, sent = 0;

	for (i = 0; i < n; i++) {
		size_t at = good_frame(&fl->f, frame);

		while (at < len)
			frame[at++] = rnd(&fl->f);
		if (sendto(fl->f.fd, frame, len, MSG_DONTWAIT, (struct sockaddr *)&fl->f.to,
			   sizeof(fl->f.to)) == (ssize_t)len)
			sent++;
		if (!(i % 64))
			usleep(1000);
	}
	return sent;
}

/* @name's count since flood_start() (0 for a counter the model lacks). */
static long flood_delta(FIXTURE_DATA(flood) *fl, const char *name, long before)
{
	long now = flood_stat(fl, name);

	return now < 0 || before < 0 ? 0 : now - before;
}

/*
 * Restart the function and wait until its engine has taken every frame of
 * the @sent that were queued off the queue.
 */
static int flood_end(FIXTURE_DATA(flood) *fl, long sent)
{
	int i;

	if (flood_state(fl, "restart"))
		return -1;
	fl->stopped = false;
	for (i = 0; i < 1000; i++) {
		if (rig_path_exists("/dev/rig_bnxt%d", 0) == 1 &&
		    flood_delta(fl, "rx_frames", fl->rx0) +
		    flood_delta(fl, "drop_queue_full", fl->full0) +
		    flood_delta(fl, "drop_queue_too_long", fl->long0) >= sent)
			return 0;
		usleep(10000);
	}
	return -1;
}

FIXTURE_SETUP(flood)
{
	self->f.fd = -1;
	cleanup();
}

/* A test that failed with the function stopped restarts it for the next. */
FIXTURE_TEARDOWN(flood)
{
	if (self->stopped)
		flood_end(self, 0);
	if (self->f.fd >= 0)
		close(self->f.fd);
	cleanup();
}

TEST_F_TIMEOUT(flood, jumbo_frames_longer_than_any_path_mtu_makes_are_never_queued, 300)
{
	NEED_SOFT(1);
	ASSERT_EQ(0, flood_start(self)) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(2000, flood_send(self, 2000, JUMBO));
	/* Dropped and counted in the receive path: the stopped function holds none. */
	EXPECT_EQ(2000, flood_delta(self, "drop_queue_too_long", self->long0));
	EXPECT_EQ(0, flood_stat(self, "rx_queue_bytes"));
	ASSERT_EQ(0, flood_end(self, 2000));
	EXPECT_EQ(0, flood_delta(self, "rx_frames", self->rx0));
}

TEST_F_TIMEOUT(flood, a_flood_of_the_longest_frames_holds_no_more_than_the_queues_budget, 300)
{
	long taken, full, held;
	int i;

	NEED_SOFT(1);
	ASSERT_EQ(0, flood_start(self)) TH_LOG("%s", strerror(errno));
	EXPECT_EQ(RXQ_BUDGET, flood_stat(self, "rx_queue_budget"));
	EXPECT_EQ(FLOOD, flood_send(self, FLOOD, FRAME_MAX));
	held = flood_stat(self, "rx_queue_bytes");
	TH_LOG("%d frames of %d bytes sent, %ld bytes held", FLOOD, FRAME_MAX, held);
	EXPECT_GT(held, RXQ_BUDGET / 2);
	EXPECT_LE(held, RXQ_BUDGET);
	ASSERT_EQ(0, flood_end(self, FLOOD));
	taken = flood_delta(self, "rx_frames", self->rx0);
	full = flood_delta(self, "drop_queue_full", self->full0);
	TH_LOG("%ld taken off the queue after the restart, %ld dropped there full", taken, full);
	EXPECT_EQ(FLOOD, taken + full);
	/* What was held fits the budget even counted by the frames' bytes alone. */
	EXPECT_LE(taken * FRAME_MAX, RXQ_BUDGET);
	/* And the function takes frames again, its budget given back. */
	EXPECT_EQ(100, flood_send(self, 100, FRAME_MAX));
	for (i = 0; i < 200 && flood_delta(self, "rx_frames", self->rx0) < taken + 100; i++)
		usleep(10000);
	EXPECT_EQ(taken + 100, flood_delta(self, "rx_frames", self->rx0));
	EXPECT_EQ(full, flood_delta(self, "drop_queue_full", self->full0));
}

/*
 * Rig to rig: rig_bnxt0 and rig_bnxt1 on the two ends of a veth pair, the
 * second end in its own network namespace; @nic0 and @nic1 opened once
 * both have the RoCE v2 GID of their interface's address, their queue
 * pairs connected to each other's.
 */
FIXTURE(pair) {
	struct rig_bnxt *nic0, *nic1;
	struct rig_endpoint e0, e1;
	struct rig_qp *q0, *q1;
	struct rig_region *r0, *r1;
	int ready;
};

#define PAIR_BYTES	(4u << 20)
#define WAIT_MS		60000

/*
 * The network of a pair: the shell that builds it (and attaches both
 * functions) and the address of each end, whose GID each function must
 * have before it is opened.
 */
struct pair_net {
	const char *up;
	const char *addr0, *addr1;
};

#define PAIR_ATTACH							\
	"echo " VETH0 " > /sys/class/rig_bnxt/rig_bnxt0/device/netdev && "	\
	"ip netns exec rigw sh -c 'echo " VETH1 " > /sys/class/rig_bnxt/rig_bnxt1/device/netdev'"

static const struct pair_net pair_ipv4 = {
	.up = "modprobe -q veth && modprobe -q sch_netem; "
	      "ip netns add rigw && "
	      "ip link add " VETH0 " type veth peer name " VETH1 " && "
	      "ip link set " VETH1 " netns rigw && "
	      "ip addr add 10.77.0.1/24 dev " VETH0 " && ip link set " VETH0 " up && "
	      "ip netns exec rigw ip link set lo up && "
	      "ip netns exec rigw ip addr add 10.77.0.2/24 dev " VETH1 " && "
	      "ip netns exec rigw ip link set " VETH1 " up && " PAIR_ATTACH,
	.addr0 = "10.77.0.1",
	.addr1 = "10.77.0.2",
};

/*
 * The same link with IPv6 alone: no IPv4 address anywhere, and no address
 * the kernel makes by itself (addrgenmode none), only the link-local ones
 * given here, without duplicate address detection (nodad) so that they
 * are usable at once: neighbour discovery asks from a link-local address.
 */
#define PAIR_UP6							\
	"modprobe -q veth && ip netns add rigw && "			\
	"ip link add " VETH0 " type veth peer name " VETH1 " && "	\
	"ip link set " VETH1 " netns rigw && "				\
	"ip link set " VETH0 " addrgenmode none && "			\
	"ip -n rigw link set " VETH1 " addrgenmode none && "		\
	"ip addr add fe80::78:1/64 dev " VETH0 " nodad && "		\
	"ip -n rigw addr add fe80::78:2/64 dev " VETH1 " nodad && "	\
	"ip link set " VETH0 " up && ip -n rigw link set lo up && "	\
	"ip -n rigw link set " VETH1 " up && "

static const struct pair_net pair_ipv6_global = {
	.up = PAIR_UP6
	      "ip addr add fd00:78::1/64 dev " VETH0 " nodad && "
	      "ip -n rigw addr add fd00:78::2/64 dev " VETH1 " nodad && " PAIR_ATTACH,
	.addr0 = "fd00:78::1",
	.addr1 = "fd00:78::2",
};

/*
 * Two prefixes on the link, each end given them in the other order: the
 * interface lists the newest global address first, so rig_bnxt0's
 * endpoint carries fd00:79::1 and rig_bnxt1's fd00:78::2, while the
 * routes between those two would leave from fd00:78::1 and fd00:79::2.
 * Each side must send from the address it gave, or the other drops it.
 */
static const struct pair_net pair_ipv6_two_prefixes = {
	.up = PAIR_UP6
	      "ip addr add fd00:78::1/64 dev " VETH0 " nodad && "
	      "ip addr add fd00:79::1/64 dev " VETH0 " nodad && "
	      "ip -n rigw addr add fd00:79::2/64 dev " VETH1 " nodad && "
	      "ip -n rigw addr add fd00:78::2/64 dev " VETH1 " nodad && " PAIR_ATTACH,
	.addr0 = "fd00:79::1",
	.addr1 = "fd00:78::2",
};

/*
 * Link-local alone, and, as on any machine with two interfaces, another
 * interface whose route to fe80::/64 comes first: only the connect's
 * choice of the function's interface (the peer's scope) finds the peer.
 */
static const struct pair_net pair_ipv6_link_local = {
	.up = PAIR_UP6
	      "ip link add " DECOY " type veth peer name rigwt9 && "
	      "ip link set " DECOY " addrgenmode none && "
	      "ip addr add fe80::78:8/64 dev " DECOY " nodad && "
	      "ip link set " DECOY " up && ip link set rigwt9 up && "
	      "ip -6 route add fe80::/64 dev " DECOY " metric 1 && " PAIR_ATTACH,
	.addr0 = "fe80::78:1",
	.addr1 = "fe80::78:2",
};

/* Has rig_bnxtN the GID @gid? */
static int has_gid(int nic, const uint8_t *gid)
{
	char path[64], buf[4096], text[40], *at;

	snprintf(path, sizeof(path), "/sys/class/rig_bnxt/rig_bnxt%d/gids", nic);
	if (rig_sysfs_read(path, buf, sizeof(buf)))
		return 0;
	rig_gid_text(gid, text);
	at = strstr(buf, text);
	return at && (at[39] == '\n' || !at[39]);
}

/*
 * Build @net, wait for both GIDs, open both NICs and connect a queue pair
 * of each to the other's endpoint, which must carry the GID of the
 * other's address (the interface's IPv4 GID, else its global IPv6 one,
 * else its link-local one).
 */
static void pair_open(struct __test_metadata *_metadata, FIXTURE_DATA(pair) *self,
		      const struct pair_net *net)
{
	uint8_t gid0[16], gid1[16];
	int i;

	cleanup();
	if (!rig_module_loaded() || rig_soft_count() < 2)
		SKIP(return, "needs two modelled functions (vm-run --soft 2)");
	if (system(net->up))
		SKIP(return, "no veth, netns or netem to build the link with");
	ASSERT_EQ(0, rig_gid_of(net->addr0, gid0));
	ASSERT_EQ(0, rig_gid_of(net->addr1, gid1));
	for (i = 0; i < 500 && !(has_gid(0, gid0) && has_gid(1, gid1)); i++)
		usleep(10000);
	ASSERT_TRUE(has_gid(0, gid0) && has_gid(1, gid1))
		TH_LOG("no RoCE v2 GID for %s on rig_bnxt0 or %s on rig_bnxt1", net->addr0,
		       net->addr1);
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt0", &self->nic0)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_bnxt_open("rig_bnxt1", &self->nic1)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_make(self->nic0, 64, &self->q0)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_make(self->nic1, 64, &self->q1)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_endpoint(self->q0, &self->e0));
	ASSERT_EQ(0, rig_qp_endpoint(self->q1, &self->e1));
	ASSERT_EQ(0, memcmp(self->e0.address, gid0, 16))
		TH_LOG("rig_bnxt0's endpoint does not carry the GID of %s", net->addr0);
	ASSERT_EQ(0, memcmp(self->e1.address, gid1, 16))
		TH_LOG("rig_bnxt1's endpoint does not carry the GID of %s", net->addr1);
	ASSERT_EQ(0, rig_qp_connect(self->q0, &self->e1)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_connect(self->q1, &self->e0)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_region_host(self->nic0, PAIR_BYTES, &self->r0)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_region_host(self->nic1, PAIR_BYTES, &self->r1)) TH_LOG("%s", rig_error());
	self->ready = 1;
}

static void pair_close(FIXTURE_DATA(pair) *self)
{
	if (self->nic0)
		rig_bnxt_close(self->nic0);
	if (self->nic1)
		rig_bnxt_close(self->nic1);
	cleanup();
}

FIXTURE_SETUP(pair)
{
	pair_open(_metadata, self, &pair_ipv4);
}

FIXTURE_TEARDOWN(pair)
{
	pair_close(self);
}

static void fill(unsigned char *p, size_t n, uint64_t seed)
{
	uint64_t s = seed * 0x9e3779b97f4a7c15ULL + 1;
	size_t i;

	for (i = 0; i < n; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		p[i] = s;
	}
}

/* Print the model's view of rig_bnxtN's QPs on the wire (a transfer stopped). */
static void show_wire_qps(int nic)
{
	char dir[PATH_MAX], path[PATH_MAX + 64], line[1024];
	FILE *f;

	if (rig_model_dir(nic, dir, sizeof(dir)))
		return;
	snprintf(path, sizeof(path), "%s/wire_qps", dir);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		fprintf(stderr, "# rig_bnxt%d: %s", nic, line);
	fclose(f);
}

/* The next completion of @qp: it must be @id, @op, OK, @bytes. */
static void expect_done(struct __test_metadata *_metadata, struct rig_qp *qp, uint64_t id,
			enum rig_op op, uint32_t bytes)
{
	struct rig_completion c = { 0 };
	int got = rig_qp_wait(qp, WAIT_MS, &c);

	if (got != 1) {
		show_wire_qps(0);
		show_wire_qps(1);
	}
	ASSERT_EQ(1, got) TH_LOG("no completion %llu: %s", (unsigned long long)id, rig_error());
	EXPECT_EQ(id, c.id);
	EXPECT_EQ(op, c.op);
	EXPECT_EQ(RIG_STATUS_OK, c.status)
		TH_LOG("id %llu: status %d (%s), vendor %#x", (unsigned long long)c.id, c.status,
		       rig_status_message(c.status), c.vendor);
	EXPECT_EQ(bytes, c.bytes);
}

static const size_t pair_sizes[] = {
	1, 2, 3, 63, 64, 1023, 1024, 1025, 2049, 4096, 65543, 1u << 20,
};

#define NSIZES (sizeof(pair_sizes) / sizeof(pair_sizes[0]))

/*
 * Each of the @nsizes @sizes, both ways: sends from @tx's region into
 * receives on @rx posted first, all in flight at once, then remote reads
 * by @tx of @rx's region; completions in posting order, every byte
 * checked.  No size is above 1 MiB.
 */
static void one_way(struct __test_metadata *_metadata, struct rig_qp *tx, struct rig_region *tr,
		    struct rig_qp *rx, struct rig_region *rr, uint64_t seed, const size_t *sizes,
		    size_t nsizes)
{
	unsigned char *want = malloc(PAIR_BYTES), *got = malloc(PAIR_BYTES);
	struct rig_completion c;
	size_t i, at;

	ASSERT_NE(NULL, want);
	ASSERT_NE(NULL, got);
	/* Sends: the i-th lands at the i-th place of rr. */
	fill(want, PAIR_BYTES / 2, seed);
	ASSERT_EQ(0, rig_region_write(tr, 0, want, PAIR_BYTES / 2));
	for (i = 0, at = 0; i < nsizes; at += sizes[i++])
		ASSERT_EQ(0, rig_qp_receive(rx, rr, at, sizes[i], 100 + i))
			TH_LOG("%s", rig_error());
	for (i = 0, at = 0; i < nsizes; at += sizes[i++])
		ASSERT_EQ(0, rig_qp_send(tx, tr, at, sizes[i], 200 + i))
			TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_ring(tx));
	for (i = 0; i < nsizes; i++)
		expect_done(_metadata, rx, 100 + i, RIG_RECEIVE, sizes[i]);
	for (i = 0; i < nsizes; i++)
		expect_done(_metadata, tx, 200 + i, RIG_SEND, sizes[i]);
	for (i = 0, at = 0; i < nsizes; at += sizes[i++]) {
		ASSERT_EQ(0, rig_region_read(rr, at, got, sizes[i]));
		ASSERT_EQ(0, memcmp(want + at, got, sizes[i]))
			TH_LOG("send of %zu bytes", sizes[i]);
	}
	/* Remote reads of rx's region, from its second half, into tx's. */
	fill(want, PAIR_BYTES / 2, ~seed);
	ASSERT_EQ(0, rig_region_write(rr, PAIR_BYTES / 2, want, PAIR_BYTES / 2));
	for (i = 0, at = 0; i < nsizes; at += sizes[i++])
		ASSERT_EQ(0, rig_qp_read_remote(tx, tr, PAIR_BYTES / 2 + at, rig_region_key(rr),
						PAIR_BYTES / 2 + at, sizes[i], 300 + i))
			TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_ring(tx));
	for (i = 0; i < nsizes; i++)
		expect_done(_metadata, tx, 300 + i, RIG_READ, sizes[i]);
	for (i = 0, at = 0; i < nsizes; at += sizes[i++]) {
		ASSERT_EQ(0, rig_region_read(tr, PAIR_BYTES / 2 + at, got, sizes[i]));
		ASSERT_EQ(0, memcmp(want + at, got, sizes[i]))
			TH_LOG("remote read of %zu bytes", sizes[i]);
	}
	/* Each completed once: nothing more comes, on either side. */
	usleep(200000);
	EXPECT_EQ(0, rig_qp_poll(tx, &c));
	EXPECT_EQ(0, rig_qp_poll(rx, &c));
	free(want);
	free(got);
}

static long both(const char *name)
{
	return wire_stat(0, name) + wire_stat(1, name);
}

TEST_F_TIMEOUT(pair, sends_and_remote_reads_cross_a_veth_between_namespaces, 900)
{
	long tx = both("tx_frames"), ok = both("rx_ok"), icrc = both("drop_icrc");

	ASSERT_TRUE(self->ready);
	one_way(_metadata, self->q0, self->r0, self->q1, self->r1, 1, pair_sizes, NSIZES);
	one_way(_metadata, self->q1, self->r1, self->q0, self->r0, 2, pair_sizes, NSIZES);
	tx = both("tx_frames") - tx;
	ok = both("rx_ok") - ok;
	icrc = both("drop_icrc") - icrc;
	/*
	 * A clean link corrupts nothing; a slow guest may still see an ACK
	 * time out (a retransmission) or a full backlog drop a frame.
	 */
	TH_LOG("frames sent %ld, taken %ld, dropped by the ICRC %ld", tx, ok, icrc);
	EXPECT_EQ(0, icrc);
}

TEST_F(pair, a_remote_read_past_the_peers_region_is_a_remote_access_error)
{
	struct rig_completion c = { 0 };

	ASSERT_TRUE(self->ready);
	ASSERT_EQ(0, rig_qp_read_remote(self->q0, self->r0, 0, rig_region_key(self->r1),
					PAIR_BYTES - 8, 9, 7)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_ring(self->q0));
	ASSERT_EQ(1, rig_qp_wait(self->q0, WAIT_MS, &c)) TH_LOG("%s", rig_error());
	EXPECT_EQ(7, c.id);
	EXPECT_EQ(RIG_STATUS_REMOTE_ACCESS, c.status)
		TH_LOG("status %d (%s)", c.status, rig_status_message(c.status));
}

/*
 * Frames that look like the peer's, to the connected queue pair of
 * rig_bnxt1 (its address, MAC and number, a valid ICRC), with random
 * opcodes, PSNs and payloads, then mutated: dropped and counted, and the
 * queue pairs then move every byte as before.
 */
TEST_F_TIMEOUT(pair, hostile_frames_at_a_connected_queue_pair_are_dropped_and_transfers_go_on,
	       900)
{
	long rx0 = wire_stat(1, "rx_frames"), drops0 = wire_drops(1);
	const char *env = getenv("RIG_WIRE_SEED");
	uint8_t frame[2048];
	struct fuzz f = { 0 };
	unsigned int m[6];
	char mac[64] = "";
	int i, sent = 0;
	FILE *p;

	ASSERT_TRUE(self->ready);
	f.seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
	f.s = f.seed ? f.seed : 1;
	TH_LOG("seed %llu (RIG_WIRE_SEED=%llu reruns it)", (unsigned long long)f.seed,
	       (unsigned long long)f.seed);
	p = popen("ip netns exec rigw cat /sys/class/net/" VETH1 "/address", "r");
	ASSERT_NE(NULL, p);
	ASSERT_NE(NULL, fgets(mac, sizeof(mac), p));
	pclose(p);
	ASSERT_EQ(6, sscanf(mac, "%x:%x:%x:%x:%x:%x", &m[0], &m[1], &m[2], &m[3], &m[4], &m[5]));
	for (i = 0; i < 6; i++)
		f.mac0[i] = m[i];
	memcpy(f.src, (uint8_t[]){ 10, 77, 0, 1 }, 4);
	memcpy(f.dst, (uint8_t[]){ 10, 77, 0, 2 }, 4);
	f.qpn = self->e1.qp;
	f.fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	ASSERT_LE(0, f.fd) TH_LOG("AF_PACKET: %s", strerror(errno));
	ASSERT_EQ(0, if_mac(f.fd, VETH0, f.mac1));
	f.to.sll_family = AF_PACKET;
	f.to.sll_ifindex = if_nametoindex(VETH0);
	f.to.sll_halen = 6;
	memcpy(f.to.sll_addr, f.mac0, 6);
	for (i = 0; i < FUZZ_FRAMES; i++) {
		size_t len = fuzz_frame(&f, frame, sizeof(frame));

		if (sendto(f.fd, frame, len, 0, (struct sockaddr *)&f.to, sizeof(f.to)) ==
		    (ssize_t)len)
			sent++;
		if (!(i % 64))
			usleep(1000);
	}
	close(f.fd);
	for (i = 0; i < 200 && wire_stat(1, "rx_frames") - rx0 < sent; i++)
		usleep(10000);
	TH_LOG("%d frames sent, %ld taken off the queue, %ld dropped by reason, %ld by the ICRC",
	       sent, wire_stat(1, "rx_frames") - rx0, wire_drops(1) - drops0,
	       wire_stat(1, "drop_icrc"));
	EXPECT_EQ(sent, wire_stat(1, "rx_frames") - rx0);
	EXPECT_GT(wire_drops(1) - drops0, sent / 2);
	one_way(_metadata, self->q0, self->r0, self->q1, self->r1, 5, pair_sizes, NSIZES);
	one_way(_metadata, self->q1, self->r1, self->q0, self->r0, 6, pair_sizes, NSIZES);
}

TEST_F_TIMEOUT(pair, transfers_survive_netem_loss_duplication_reordering_and_corruption, 1800)
{
	static const char netem[] = "netem delay 1ms loss 5% duplicate 5% reorder 25% corrupt 2%";
	long icrc = both("drop_icrc");
	char cmd[256];

	ASSERT_TRUE(self->ready);
	if (getenv("RIG_WIRE_NETEM") && !strcmp(getenv("RIG_WIRE_NETEM"), "0"))
		SKIP(return, "RIG_WIRE_NETEM=0: its 400,000 frames take too long on this kernel");
	snprintf(cmd, sizeof(cmd), "tc qdisc add dev " VETH0 " root %s && "
		 "ip netns exec rigw tc qdisc add dev " VETH1 " root %s", netem, netem);
	if (system(cmd))
		SKIP(return, "no tc netem");
	one_way(_metadata, self->q0, self->r0, self->q1, self->r1, 3, pair_sizes, NSIZES);
	one_way(_metadata, self->q1, self->r1, self->q0, self->r0, 4, pair_sizes, NSIZES);
	icrc = both("drop_icrc") - icrc;
	TH_LOG("frames sent %ld, taken %ld, dropped by the ICRC %ld, stale %ld (since load)",
	       both("tx_frames"), both("rx_ok"), icrc, both("drop_stale"));
	EXPECT_GT(icrc, 0);
}

/* A packet socket that sees every frame of @ifname, in and out; -errno. */
static int capture_open(const char *ifname)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_ALL),
		.sll_ifindex = if_nametoindex(ifname),
	};
	int fd, size = 8 << 20, ret;

	fd = socket(AF_PACKET, SOCK_RAW | SOCK_NONBLOCK, htons(ETH_P_ALL));
	if (fd < 0)
		return -errno;
	/* Beyond rmem_max (root may); what does not fit is only not counted. */
	setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size));
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll))) {
		ret = -errno;
		close(fd);
		return ret;
	}
	return fd;
}

/* The RoCE v2 frames a capture saw, by network. */
struct roce_seen {
	long ipv4;	/* any */
	long ipv6;	/* between the two GIDs, either way */
	long ipv6_other;
	long ipv6_bad_csum;	/* IPv6 requires the UDP checksum (RFC 8200) */
};

/* Is the UDP checksum of the IPv6 packet @ip (@avail bytes) right, and not zero? */
static bool udp6_csum_ok(const uint8_t *ip, size_t avail)
{
	size_t len = ip[4] << 8 | ip[5];

	if (40 + len > avail || len < 8 || (!ip[40 + 6] && !ip[40 + 7]))
		return false;
	/* The pseudo-header: both addresses, the length and the next header. */
	return !csum_fold(csum_add(csum_add(0, ip + 8, 32) + len + IPPROTO_UDP, ip + 40, len));
}

static bool is_roce_udp(const uint8_t *udp)
{
	return (udp[2] << 8 | udp[3]) == ROCE_PORT;
}

/* Count what @fd holds: RoCE v2 over IPv4, and over IPv6 by address. */
static void capture_count(int fd, const uint8_t *a, const uint8_t *b, struct roce_seen *seen)
{
	const uint8_t *ip = NULL;
	uint8_t f[2048];
	ssize_t n;

	while ((n = recv(fd, f, sizeof(f), 0)) > 0) {
		ip = f + ETH_HLEN;
		if (n >= ETH_HLEN + 28 && f[12] == 0x08 && f[13] == 0x00 &&
		    ip[9] == IPPROTO_UDP && is_roce_udp(ip + (ip[0] & 0xf) * 4))
			seen->ipv4++;
		if (n < ETH_HLEN + 48 || f[12] != 0x86 || f[13] != 0xdd || ip[6] != IPPROTO_UDP ||
		    !is_roce_udp(ip + 40))
			continue;
		if ((!memcmp(ip + 8, a, 16) && !memcmp(ip + 24, b, 16)) ||
		    (!memcmp(ip + 8, b, 16) && !memcmp(ip + 24, a, 16)))
			seen->ipv6++;
		else
			seen->ipv6_other++;
		if (!udp6_csum_ok(ip, n - ETH_HLEN))
			seen->ipv6_bad_csum++;
	}
}

/*
 * The pair over IPv6 alone, on global addresses (fd00:78::1 and ::2) or
 * on link-local ones (fe80::78:1 and ::2), which the driver routes out of
 * the function's interface (their scope, as the connect names no other).
 */
FIXTURE(pair6) {
	FIXTURE_DATA(pair) p;
};

FIXTURE_VARIANT(pair6) {
	const struct pair_net *net;
};

FIXTURE_VARIANT_ADD(pair6, global) {
	.net = &pair_ipv6_global,
};

FIXTURE_VARIANT_ADD(pair6, link_local) {
	.net = &pair_ipv6_link_local,
};

FIXTURE_VARIANT_ADD(pair6, two_prefixes) {
	.net = &pair_ipv6_two_prefixes,
};

FIXTURE_SETUP(pair6)
{
	pair_open(_metadata, &self->p, variant->net);
}

FIXTURE_TEARDOWN(pair6)
{
	pair_close(&self->p);
}

/* Sizes either side of the path MTU (1024 on a 1500-byte link) and past it. */
static const size_t mtu_sizes[] = { 1, 1023, 1024, 1025, 4097, 65543 };

TEST_F(pair6, sends_and_remote_reads_cross_in_ipv6_frames_between_the_two_gids)
{
	struct roce_seen seen = { 0 };
	uint8_t gid0[16], gid1[16];
	int fd;

	ASSERT_TRUE(self->p.ready);
	fd = capture_open(VETH0);
	ASSERT_LE(0, fd) TH_LOG("AF_PACKET on " VETH0 ": %s", strerror(-fd));
	one_way(_metadata, self->p.q0, self->p.r0, self->p.q1, self->p.r1, 7, mtu_sizes,
		sizeof(mtu_sizes) / sizeof(mtu_sizes[0]));
	one_way(_metadata, self->p.q1, self->p.r1, self->p.q0, self->p.r0, 8, mtu_sizes,
		sizeof(mtu_sizes) / sizeof(mtu_sizes[0]));
	rig_gid_of(variant->net->addr0, gid0);
	rig_gid_of(variant->net->addr1, gid1);
	capture_count(fd, gid0, gid1, &seen);
	close(fd);
	TH_LOG("RoCE v2 frames seen on " VETH0 ": %ld IPv6 between %s and %s (%ld with a bad UDP checksum), %ld other IPv6, %ld IPv4",
	       seen.ipv6, variant->net->addr0, variant->net->addr1, seen.ipv6_bad_csum,
	       seen.ipv6_other, seen.ipv4);
	EXPECT_GT(seen.ipv6, 0);
	EXPECT_EQ(0, seen.ipv6_bad_csum);
	EXPECT_EQ(0, seen.ipv6_other);
	EXPECT_EQ(0, seen.ipv4);
}

#define TRACING		"/sys/kernel/tracing"
#define CMD_EVENT	TRACING "/events/rig_bnxt/rig_bnxt_cmd/enable"

/*
 * Start (@on) or stop tracing the driver's commands; starting empties the
 * trace and turns tracing on, whatever an earlier program left it at.
 */
static int trace_cmds(bool on)
{
	FILE *f;

	if (on && access(CMD_EVENT, W_OK) &&
	    system("mount -t tracefs nodev " TRACING " 2>/dev/null; true"))
		return -ENOENT;
	if (on) {
		f = fopen(TRACING "/trace", "we");	/* O_TRUNC: empties it */
		if (!f)
			return -errno;
		fclose(f);
		if (rig_write(TRACING "/tracing_on", "1"))
			return -EIO;
	}
	return rig_write(CMD_EVENT, on ? "1" : "0");
}

/*
 * The MODIFY_QPs (0x03) to RTR in the trace, and of those, how many ask
 * for RoCE v2 over IPv6: byte 24 of the command is the network type (bits
 * 7:6, 3 for IPv6) and the new state (bits 3:0, 2 for RTR).
 */
static void trace_rtr(int *rtr, int *ipv6)
{
	static char line[8192];
	unsigned int b24;
	const char *cmd;
	FILE *f;

	*rtr = *ipv6 = 0;
	f = fopen(TRACING "/trace", "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		cmd = strstr(line, "opcode=0x03 ");
		cmd = cmd ? strstr(cmd, "cmd=") : NULL;
		if (!cmd || strlen(cmd) < 4 + 50 || sscanf(cmd + 4 + 48, "%2x", &b24) != 1 ||
		    (b24 & 0xf) != 2)
			continue;
		(*rtr)++;
		*ipv6 += (b24 >> 6) == 3;
	}
	fclose(f);
}

/* What the driver asks of a 57508's firmware, whatever the model does with it. */
TEST_F(pair6, the_connect_asks_the_firmware_for_roce_v2_over_ipv6)
{
	struct rig_endpoint ea, eb;
	struct rig_qp *a, *b;
	int rtr, ipv6;

	ASSERT_TRUE(self->p.ready);
	if (trace_cmds(true))
		SKIP(return, "no tracefs with the rig_bnxt events at " TRACING);
	ASSERT_EQ(0, rig_qp_make(self->p.nic0, 16, &a)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_make(self->p.nic1, 16, &b)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_endpoint(a, &ea));
	ASSERT_EQ(0, rig_qp_endpoint(b, &eb));
	ASSERT_EQ(0, rig_qp_connect(a, &eb)) TH_LOG("%s", rig_error());
	ASSERT_EQ(0, rig_qp_connect(b, &ea)) TH_LOG("%s", rig_error());
	trace_cmds(false);
	trace_rtr(&rtr, &ipv6);
	EXPECT_EQ(2, rtr) TH_LOG("MODIFY_QP to RTR traced %d times, not twice", rtr);
	EXPECT_EQ(2, ipv6) TH_LOG("%d of them ask for RoCE v2 over IPv6", ipv6);
	rig_qp_destroy(a);
	rig_qp_destroy(b);
}

TEST_HARNESS_MAIN
