// SPDX-License-Identifier: GPL-2.0-only
/*
 * The function's GID table, as ib_core's GID cache keeps it for bnxt_re:
 * the port's own link-local GID (from the MAC of FUNC_QCFG, added at
 * bring-up) and a RoCE v2 GID for each IPv4 address (::ffff:a.b.c.d) and
 * IPv6 address of the network interface the function sits on (the
 * transport's netdev op), added with ADD_GID and removed with DELETE_GID
 * as addresses come and go.
 *
 * This file owns ADD_GID and DELETE_GID, the driver's mirror of the
 * interface's entries (bnxt->gids), the work that brings the firmware's
 * table in line with the interface, and the notifiers that start it.  It
 * chooses no GID for a connection: that is route.c's.
 */
#include <linux/etherdevice.h>
#include <linux/inetdevice.h>
#include <linux/netdevice.h>
#include <linux/notifier.h>
#include <linux/rtnetlink.h>
#include <linux/spinlock.h>
#include <linux/unaligned.h>
#include <linux/workqueue.h>
#include <net/addrconf.h>
#include <net/if_inet6.h>
#include <net/ipv6.h>

#include "bnxt.h"

/*
 * Every function that follows an interface's addresses; the notifiers
 * run its work.  A spinlock, taken with BHs off: IPv6 address events
 * come from timers.
 */
static LIST_HEAD(rig_bnxt_gid_devs);
static DEFINE_SPINLOCK(rig_bnxt_gid_devs_lock);

/**
 * rig_bnxt_gid_add() - ADD_GID: put a GID in the firmware's table
 * @bnxt: the function
 * @gid: the GID, in network order
 * @mac: the source MAC of the packets sent from it
 * @index: out: the firmware's index of the entry, for MODIFY_QP
 *
 * Laid out as bnxt_re lays it out on a little-endian host: the GID's
 * 32-bit words in reverse order, each byte-swapped; the MAC's 16-bit
 * halves each byte-swapped; no VLAN, ipid 0.
 *
 * Return: 0, or the command's error (logged).
 */
int rig_bnxt_gid_add(struct rig_bnxt_dev *bnxt, const u8 *gid, const u8 *mac, u32 *index)
{
	struct rig_cmdq_add_gid req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_ADD_GID,
	};
	struct rig_creq_add_gid_resp resp = {};
	int i, ret;

	for (i = 0; i < 4; i++)
		req.gid[i] = cpu_to_be32(get_unaligned_le32(&gid[4 * (3 - i)]));
	for (i = 0; i < 3; i++)
		req.src_mac[i] = cpu_to_be16(get_unaligned_le16(&mac[2 * i]));
	ret = rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0);
	if (ret) {
		dev_err(bnxt->dev, "ADD_GID %pI6 failed (%pe, status 0x%02x)\n", gid,
			ERR_PTR(ret), resp.status);
		return ret;
	}
	*index = le32_to_cpu(resp.xid);
	return 0;
}

/**
 * rig_bnxt_gid_del() - DELETE_GID: take entry @index from the table
 * @bnxt: the function
 * @index: what ADD_GID gave
 *
 * A refusal is logged and otherwise ignored: the entry is the firmware's
 * until DEINITIALIZE_FW, and nothing of the driver names it any more.
 */
void rig_bnxt_gid_del(struct rig_bnxt_dev *bnxt, u32 index)
{
	struct rig_cmdq_delete_gid req = {
		.opcode = RIG_CMDQ_BASE_OPCODE_DELETE_GID,
		.gid_index = cpu_to_le16(index),
	};
	struct rig_creq_qp_event resp = {};

	if (rig_bnxt_cmd(bnxt, &req, sizeof(req), &resp, NULL, 0, 0))
		dev_warn(bnxt->dev, "DELETE_GID %u failed (status 0x%02x)\n", index, resp.status);
}

/**
 * rig_bnxt_gid_port_add() - ADD_GID of the port's own GID, at bring-up
 * @bnxt: the function, its state_lock held, @bnxt->gid and @bnxt->mac
 *	  read from the firmware
 *
 * Return: 0, or the command's error.
 */
int rig_bnxt_gid_port_add(struct rig_bnxt_dev *bnxt)
{
	u32 index;
	int ret;

	lockdep_assert_held(&bnxt->state_lock);
	ret = rig_bnxt_gid_add(bnxt, bnxt->gid, bnxt->mac, &index);
	if (ret)
		return ret;
	guard(mutex)(&bnxt->gid_lock);
	memcpy(bnxt->port.gid, bnxt->gid, 16);
	bnxt->port.index = index;
	bnxt->port.live = true;
	return 0;
}

/**
 * rig_bnxt_gid_port_del() - DELETE_GID of the port's own GID
 * @bnxt: the function, its state_lock held
 */
void rig_bnxt_gid_port_del(struct rig_bnxt_dev *bnxt)
{
	lockdep_assert_held(&bnxt->state_lock);
	guard(mutex)(&bnxt->gid_lock);
	if (bnxt->port.live && !bnxt->fw_gone)
		rig_bnxt_gid_del(bnxt, bnxt->port.index);
	bnxt->port.live = false;
}

/**
 * rig_bnxt_gid_port() - the port's own GID and its index
 * @bnxt: the function
 * @gid: out: the GID (zero while the function is down)
 *
 * Return: its index, for MODIFY_QP.
 */
u32 rig_bnxt_gid_port(struct rig_bnxt_dev *bnxt, u8 *gid)
{
	guard(mutex)(&bnxt->gid_lock);
	memcpy(gid, bnxt->port.gid, 16);
	return bnxt->port.index;
}

/* IPv4 addresses as IPv4-mapped GIDs, after the @n in @want; RTNL held. */
static u32 rig_bnxt_gid_ipv4(struct net_device *net, u8 (*want)[16], u32 n)
{
#if IS_ENABLED(CONFIG_INET)
	struct in_device *in_dev = __in_dev_get_rtnl(net);
	const struct in_ifaddr *ifa;

	if (!in_dev)
		return n;
	in_dev_for_each_ifa_rtnl(ifa, in_dev) {
		if (n == RIG_BNXT_MAX_GIDS)
			break;
		ipv6_addr_set_v4mapped(ifa->ifa_local, (struct in6_addr *)want[n++]);
	}
#endif
	return n;
}

/* IPv6 addresses, but the port's own GID (@port); RTNL held. */
static u32 rig_bnxt_gid_ipv6(struct net_device *net, const u8 *port, u8 (*want)[16], u32 n)
{
#if IS_ENABLED(CONFIG_IPV6)
	struct inet6_dev *idev = __in6_dev_get(net);
	const struct inet6_ifaddr *ifp;

	if (!idev)
		return n;
	read_lock_bh(&idev->lock);
	list_for_each_entry(ifp, &idev->addr_list, if_list) {
		if (n == RIG_BNXT_MAX_GIDS)
			break;
		if (memcmp(&ifp->addr, port, 16))
			memcpy(want[n++], &ifp->addr, 16);
	}
	read_unlock_bh(&idev->lock);
#endif
	return n;
}

static bool rig_bnxt_gid_in(const u8 *gid, u8 (*set)[16], u32 n)
{
	while (n--)
		if (!memcmp(set[n], gid, 16))
			return true;
	return false;
}

/* Delete the entries that are not wanted (all of them with @all). */
static void rig_bnxt_gid_prune(struct rig_bnxt_dev *bnxt, u8 (*want)[16], u32 n, bool all)
{
	struct rig_bnxt_gid *g;

	lockdep_assert_held(&bnxt->gid_lock);
	for (g = bnxt->gids; g < bnxt->gids + RIG_BNXT_MAX_GIDS; g++) {
		if (!g->live || (!all && rig_bnxt_gid_in(g->gid, want, n)))
			continue;
		if (!bnxt->fw_gone)
			rig_bnxt_gid_del(bnxt, g->index);
		g->live = false;
	}
}

/* Add the wanted GIDs that are not there, sent from @mac. */
static void rig_bnxt_gid_fill(struct rig_bnxt_dev *bnxt, u8 (*want)[16], u32 n, const u8 *mac)
{
	struct rig_bnxt_gid *g, *free;
	u32 i;

	lockdep_assert_held(&bnxt->gid_lock);
	for (i = 0; i < n; i++) {
		free = NULL;
		for (g = bnxt->gids; g < bnxt->gids + RIG_BNXT_MAX_GIDS; g++) {
			if (g->live && !memcmp(g->gid, want[i], 16))
				break;
			if (!g->live && !free)
				free = g;
		}
		if (g < bnxt->gids + RIG_BNXT_MAX_GIDS || !free)
			continue;
		if (rig_bnxt_gid_add(bnxt, want[i], mac, &free->index))
			continue;
		memcpy(free->gid, want[i], 16);
		free->live = true;
	}
}

/*
 * Bring the firmware's table in line with the interface: what the
 * interface no longer has goes, what it gained comes; a new MAC renews
 * every entry.  Runs from the work, so that notifiers (some atomic)
 * never send a command.
 */
static void rig_bnxt_gid_work(struct work_struct *work)
{
	struct rig_bnxt_dev *bnxt = container_of(work, struct rig_bnxt_dev, gid_work);
	u8 want[RIG_BNXT_MAX_GIDS][16];
	u8 mac[ETH_ALEN] = {}, port[16];
	char name[IFNAMSIZ] = "";
	netdevice_tracker tracker;
	struct net_device *net;
	u32 n = 0;

	net = bnxt->t->ops->netdev(bnxt->t, &tracker);
	rig_bnxt_gid_port(bnxt, port);
	if (net) {
		rtnl_lock();
		n = rig_bnxt_gid_ipv6(net, port, want, rig_bnxt_gid_ipv4(net, want, 0));
		ether_addr_copy(mac, net->dev_addr);
		strscpy(name, net->name, sizeof(name));
		rtnl_unlock();
		netdev_put(net, &tracker);
	}

	guard(mutex)(&bnxt->state_lock);
	guard(mutex)(&bnxt->gid_lock);
	strscpy(bnxt->netdev_name, name, sizeof(bnxt->netdev_name));
	if (!bnxt->running || bnxt->fw_gone)
		return;
	rig_bnxt_gid_prune(bnxt, want, n, !ether_addr_equal(mac, bnxt->gid_mac));
	ether_addr_copy(bnxt->gid_mac, mac);
	rig_bnxt_gid_fill(bnxt, want, n, mac);
}

/**
 * rig_bnxt_gid_sync() - have the GID table follow the interface, soon
 * @bnxt: the function
 *
 * Any context.  The work runs once for any number of calls before it.
 */
void rig_bnxt_gid_sync(struct rig_bnxt_dev *bnxt)
{
	queue_work(system_wq, &bnxt->gid_work);
}

/**
 * rig_bnxt_gid_forget() - the firmware's table is being emptied
 * @bnxt: the function, its state_lock held, before DEINITIALIZE_FW
 *
 * Deletes every entry of the interface's while the firmware listens (it
 * would forget them at DEINITIALIZE_FW anyway; bnxt_re deletes them), and
 * empties the mirror in any case.
 */
void rig_bnxt_gid_forget(struct rig_bnxt_dev *bnxt)
{
	lockdep_assert_held(&bnxt->state_lock);
	guard(mutex)(&bnxt->gid_lock);
	rig_bnxt_gid_prune(bnxt, NULL, 0, true);
}

/**
 * rig_bnxt_gid_lookup() - the firmware's index of an interface's GID
 * @bnxt: the function
 * @gid: the GID, in network order
 * @index: out: the index MODIFY_QP takes
 *
 * Return: 0, or -ENOENT when the interface has no such address (now).
 */
int rig_bnxt_gid_lookup(struct rig_bnxt_dev *bnxt, const u8 *gid, u32 *index)
{
	const struct rig_bnxt_gid *g;

	guard(mutex)(&bnxt->gid_lock);
	for (g = bnxt->gids; g < bnxt->gids + RIG_BNXT_MAX_GIDS; g++)
		if (g->live && !memcmp(g->gid, gid, 16)) {
			*index = g->index;
			return 0;
		}
	return -ENOENT;
}

/*
 * How well a GID serves as a queue pair's address, lower is better: an
 * IPv4 one, then an IPv6 one of wider than link scope, then a link-local
 * one, which reaches only the link.  By kind, not by the table's order
 * (the order the addresses came in): the queue pair sends from its
 * address (route.c), so it had better be one that reaches the peer.
 */
static int rig_bnxt_gid_rank(const u8 *gid)
{
	const struct in6_addr *addr = (const struct in6_addr *)gid;

	if (ipv6_addr_v4mapped(addr))
		return 0;
	return ipv6_addr_type(addr) & IPV6_ADDR_LINKLOCAL ? 2 : 1;
}

/**
 * rig_bnxt_gid_address() - the GID a new queue pair gives its peers
 * @bnxt: the function
 * @gid: out: the interface's first GID of the best rank (an IPv4 one,
 *	 else a global IPv6 one, else a link-local one), else (on no
 *	 interface, or one with no address) the port's own
 */
void rig_bnxt_gid_address(struct rig_bnxt_dev *bnxt, u8 *gid)
{
	const struct rig_bnxt_gid *g, *best = NULL;

	guard(mutex)(&bnxt->gid_lock);
	for (g = bnxt->gids; g < bnxt->gids + RIG_BNXT_MAX_GIDS; g++)
		if (g->live && (!best || rig_bnxt_gid_rank(g->gid) < rig_bnxt_gid_rank(best->gid)))
			best = g;
	memcpy(gid, best ? best->gid : bnxt->port.gid, 16);
}

/**
 * rig_bnxt_gid_show() - the table for sysfs: "INDEX GID" lines
 * @bnxt: the function
 * @buf: a sysfs page
 *
 * The port's own GID first, then the interface's, in table order; no
 * line while the function is down.
 *
 * Return: bytes written.
 */
ssize_t rig_bnxt_gid_show(struct rig_bnxt_dev *bnxt, char *buf)
{
	const struct rig_bnxt_gid *g;
	ssize_t n = 0;

	guard(mutex)(&bnxt->gid_lock);
	if (bnxt->port.live)
		n = sysfs_emit(buf, "%u %pI6\n", bnxt->port.index, bnxt->port.gid);
	for (g = bnxt->gids; g < bnxt->gids + RIG_BNXT_MAX_GIDS; g++)
		if (g->live)
			n += sysfs_emit_at(buf, n, "%u %pI6\n", g->index, g->gid);
	return n;
}

/**
 * rig_bnxt_gid_netdev() - the interface's name, for sysfs
 * @bnxt: the function
 * @buf: a sysfs page: the name and a newline, or an empty line
 *
 * Return: bytes written.
 */
ssize_t rig_bnxt_gid_netdev(struct rig_bnxt_dev *bnxt, char *buf)
{
	guard(mutex)(&bnxt->gid_lock);
	return sysfs_emit(buf, "%s\n", bnxt->netdev_name);
}

static void rig_bnxt_gid_kick_all(void)
{
	struct rig_bnxt_dev *bnxt;

	guard(spinlock_bh)(&rig_bnxt_gid_devs_lock);
	list_for_each_entry(bnxt, &rig_bnxt_gid_devs, gid_node)
		rig_bnxt_gid_sync(bnxt);
}

/*
 * Any address or interface event: every function looks again.  Cheaper
 * to be right than to be selective: there are few functions, and the
 * work sends commands only for what changed.
 */
static int rig_bnxt_gid_event(struct notifier_block *nb, unsigned long event, void *ptr)
{
	rig_bnxt_gid_kick_all();
	return NOTIFY_DONE;
}

static int rig_bnxt_gid_netdev_event(struct notifier_block *nb, unsigned long event, void *ptr)
{
	if (event == NETDEV_CHANGEADDR || event == NETDEV_CHANGENAME ||
	    event == NETDEV_UNREGISTER)
		rig_bnxt_gid_kick_all();
	return NOTIFY_DONE;
}

static struct notifier_block rig_bnxt_gid_inet_nb = { .notifier_call = rig_bnxt_gid_event };
static struct notifier_block rig_bnxt_gid_inet6_nb = { .notifier_call = rig_bnxt_gid_event };
static struct notifier_block rig_bnxt_gid_netdev_nb = {
	.notifier_call = rig_bnxt_gid_netdev_event,
};

/**
 * rig_bnxt_gid_init() - set up @bnxt's table: empty, following nothing
 * @bnxt: a new function
 */
void rig_bnxt_gid_init(struct rig_bnxt_dev *bnxt)
{
	mutex_init(&bnxt->gid_lock);
	INIT_WORK(&bnxt->gid_work, rig_bnxt_gid_work);
	INIT_LIST_HEAD(&bnxt->gid_node);
}

/**
 * rig_bnxt_gid_follow() - follow the interface's addresses from now on
 * @bnxt: a function that is up
 */
void rig_bnxt_gid_follow(struct rig_bnxt_dev *bnxt)
{
	scoped_guard(spinlock_bh, &rig_bnxt_gid_devs_lock)
		list_add_tail(&bnxt->gid_node, &rig_bnxt_gid_devs);
	rig_bnxt_gid_sync(bnxt);
}

/**
 * rig_bnxt_gid_unfollow() - stop following: no work runs once it returns
 * @bnxt: the function; its state_lock not held (the work takes it)
 */
void rig_bnxt_gid_unfollow(struct rig_bnxt_dev *bnxt)
{
	scoped_guard(spinlock_bh, &rig_bnxt_gid_devs_lock)
		list_del_init(&bnxt->gid_node);
	cancel_work_sync(&bnxt->gid_work);
}

/**
 * rig_bnxt_gid_register() - the notifiers, at module load
 *
 * Return: 0, or the error of registering the interfaces' notifier.
 */
int rig_bnxt_gid_register(void)
{
	int ret;

	ret = register_netdevice_notifier(&rig_bnxt_gid_netdev_nb);
	if (ret)
		return ret;
	/* A kernel without IPv4 or IPv6 has no such addresses to follow. */
	if (IS_ENABLED(CONFIG_INET))
		register_inetaddr_notifier(&rig_bnxt_gid_inet_nb);
	if (IS_ENABLED(CONFIG_IPV6))
		register_inet6addr_notifier(&rig_bnxt_gid_inet6_nb);
	return 0;
}

/**
 * rig_bnxt_gid_unregister() - undo rig_bnxt_gid_register()
 */
void rig_bnxt_gid_unregister(void)
{
	if (IS_ENABLED(CONFIG_IPV6))
		unregister_inet6addr_notifier(&rig_bnxt_gid_inet6_nb);
	if (IS_ENABLED(CONFIG_INET))
		unregister_inetaddr_notifier(&rig_bnxt_gid_inet_nb);
	unregister_netdevice_notifier(&rig_bnxt_gid_netdev_nb);
}
