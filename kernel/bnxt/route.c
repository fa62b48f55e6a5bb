// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where a connection goes on the network the function sits on, as
 * ib_core's address resolution finds it for bnxt_re: the route to the
 * peer's GID through the function's interface, in the interface's network
 * namespace, from the address the queue pair gave its peer when the
 * interface still has it (else from the one the route chooses), whose GID
 * is the source GID; and the next hop's MAC from the neighbour table,
 * asking for it (ARP, neighbour discovery) and waiting a bounded time.
 *
 * This file owns that resolution and nothing it resolves to: the GID
 * table is gid.c's, MODIFY_QP is qp.c's.  A function on no interface (a
 * model's, not attached) keeps the path between the functions of one
 * machine: link-local GIDs whose MAC is their EUI-64.
 */
#include <linux/delay.h>
#include <linux/etherdevice.h>
#include <linux/jiffies.h>
#include <linux/netdevice.h>
#include <net/addrconf.h>
#include <net/ip6_route.h>
#include <net/ipv6.h>
#include <net/ipv6_stubs.h>
#include <net/neighbour.h>
#include <net/route.h>

#include "bnxt.h"

/* How long a neighbour may take to answer, as rdma_cm's default. */
#define RIG_BNXT_NEIGH_MS	2000
/* The hop limit (IPv4 TTL) of the packets, as ib_core's default for RoCE. */
#define RIG_BNXT_HOP_LIMIT	64

/* The peer's MAC from its link-local GID (the EUI-64 of fe80::/64). */
static void rig_bnxt_gid_to_mac(const u8 *gid, u8 *mac)
{
	mac[0] = gid[8] ^ 0x02;
	mac[1] = gid[9];
	mac[2] = gid[10];
	mac[3] = gid[13];
	mac[4] = gid[14];
	mac[5] = gid[15];
}

#if IS_ENABLED(CONFIG_INET)
/*
 * The MAC of neighbour @key in @tbl on @net: looked up, asked for when
 * not known, and waited for.  -EHOSTUNREACH when it did not answer in
 * time (or answered that it is unreachable), -EINTR on a signal.
 */
static int rig_bnxt_neigh(struct neigh_table *tbl, const void *key, struct net_device *net,
			  u8 *mac)
{
	unsigned long end = jiffies + msecs_to_jiffies(RIG_BNXT_NEIGH_MS);
	struct neighbour *n;
	bool valid;
	int ret = 0;

	n = neigh_lookup(tbl, key, net);
	if (!n)
		n = neigh_create(tbl, key, net);
	if (IS_ERR(n))
		return PTR_ERR(n);
	for (;;) {
		read_lock_bh(&n->lock);
		valid = n->nud_state & NUD_VALID;
		if (valid)
			ether_addr_copy(mac, n->ha);
		read_unlock_bh(&n->lock);
		if (valid)
			break;
		/* Starts the solicitation, or restarts one that failed. */
		neigh_event_send(n, NULL);
		if (time_after(jiffies, end)) {
			ret = -EHOSTUNREACH;
			break;
		}
		if (msleep_interruptible(10)) {
			ret = -EINTR;
			break;
		}
	}
	neigh_release(n);
	return ret;
}

/*
 * IPv4: the route through @net from @sgid (when IPv4, else from the
 * address the route chooses, written to @sgid), and next hop's MAC.
 */
static int rig_bnxt_route4(struct rig_ctx *ctx, struct net_device *net, const u8 *dgid,
			   u8 *sgid, u8 *dmac)
{
	/*
	 * No output interface in the key: with one, a destination no route
	 * covers is taken to be on its link, and a peer off the network
	 * would look like one that does not answer.
	 */
	struct flowi4 fl4 = {
		.daddr = *(const __be32 *)&dgid[12],
		.saddr = ipv6_addr_v4mapped((const struct in6_addr *)sgid) ?
			 *(const __be32 *)&sgid[12] : 0,
	};
	struct rtable *rt;
	__be32 nh;
	int ret;

	rt = ip_route_output_key(dev_net(net), &fl4);
	if (IS_ERR(rt))
		return rig_ctx_error(ctx, -ENETUNREACH, "connect: no route to %pI4 through %s",
				     &fl4.daddr, net->name);
	if (rt->dst.dev != net || rt->rt_type != RTN_UNICAST) {
		ip_rt_put(rt);
		return rig_ctx_error(ctx, -ENETUNREACH,
				     "connect: %pI4 is not reached through %s (an address of this machine, or another interface's)",
				     &fl4.daddr, net->name);
	}
	ipv6_addr_set_v4mapped(fl4.saddr, (struct in6_addr *)sgid);
	nh = rt_nexthop(rt, fl4.daddr);
	ip_rt_put(rt);
	ret = rig_bnxt_neigh(&arp_tbl, &nh, net, dmac);
	if (ret == -EHOSTUNREACH)
		return rig_ctx_error(ctx, ret,
				     "connect: %pI4 (next hop to %pI4) did not answer ARP on %s",
				     &nh, &fl4.daddr, net->name);
	return ret;
}
#endif

#if IS_ENABLED(CONFIG_IPV6)
/* IPv6: the same through IPv6's stub, so that rig_bnxt needs no ipv6.ko. */
static int rig_bnxt_route6(struct rig_ctx *ctx, struct net_device *net, const u8 *dgid,
			   u8 *sgid, u8 *dmac)
{
	/* A link-local peer is on the interface's link (its scope). */
	struct flowi6 fl6 = {
		.daddr = *(const struct in6_addr *)dgid,
		.flowi6_oif = ipv6_addr_type((const struct in6_addr *)dgid) & IPV6_ADDR_LINKLOCAL ?
			      net->ifindex : 0,
	};
	const struct in6_addr *nh;
	struct dst_entry *dst;
	int ret;

	if (!ipv6_addr_v4mapped((const struct in6_addr *)sgid))
		fl6.saddr = *(const struct in6_addr *)sgid;

	if (!ipv6_mod_enabled())
		return rig_ctx_error(ctx, -EAFNOSUPPORT, "connect: IPv6 is disabled");
	dst = ipv6_stub->ipv6_dst_lookup_flow(dev_net(net), NULL, &fl6, NULL);
	if (IS_ERR(dst))
		return rig_ctx_error(ctx, -ENETUNREACH, "connect: no route to %pI6c through %s",
				     &fl6.daddr, net->name);
	if (dst->dev != net) {
		dst_release(dst);
		return rig_ctx_error(ctx, -ENETUNREACH,
				     "connect: %pI6c is not reached through %s (an address of this machine, or another interface's)",
				     &fl6.daddr, net->name);
	}
	memcpy(sgid, &fl6.saddr, 16);
	nh = rt6_nexthop(dst_rt6_info(dst), &fl6.daddr);
	ret = rig_bnxt_neigh(ipv6_stub->nd_tbl, nh, net, dmac);
	dst_release(dst);
	if (ret == -EHOSTUNREACH)
		return rig_ctx_error(ctx, ret,
				     "connect: %pI6c did not answer neighbour discovery on %s",
				     &fl6.daddr, net->name);
	return ret;
}
#endif

/*
 * Through the interface: route, source GID, next hop; no lock held.  The
 * source is @from, the address the queue pair gave its peer, while it is
 * still a GID of the interface: the peer takes only packets from there.
 */
static int rig_bnxt_route_net(struct rig_bnxt_dev *bnxt, struct rig_ctx *ctx,
			      struct net_device *net, const u8 *from, const u8 *dgid,
			      struct rig_bnxt_route *r)
{
	bool v4 = ipv6_addr_v4mapped((const struct in6_addr *)dgid);
	u8 sgid[16] = {};
	u32 index;
	int ret = -EAFNOSUPPORT;

	if (!rig_bnxt_gid_lookup(bnxt, from, &index))
		memcpy(sgid, from, 16);
#if IS_ENABLED(CONFIG_INET)
	if (v4)
		ret = rig_bnxt_route4(ctx, net, dgid, sgid, r->dmac);
#endif
#if IS_ENABLED(CONFIG_IPV6)
	if (!v4)
		ret = rig_bnxt_route6(ctx, net, dgid, sgid, r->dmac);
#endif
	if (ret == -EAFNOSUPPORT)
		return rig_ctx_error(ctx, ret, "connect: this kernel has no %s",
				     v4 ? "IPv4" : "IPv6");
	if (ret)
		return ret;
	if (rig_bnxt_gid_lookup(bnxt, sgid, &r->sgid_index))
		return rig_ctx_error(ctx, -EADDRNOTAVAIL,
				     "connect: %s's address %pI6c has no GID (yet): see the NIC's gids in sysfs",
				     net->name, sgid);
	r->network_type = v4 ? RIG_CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV4 :
			       RIG_CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV6;
	r->hop_limit = RIG_BNXT_HOP_LIMIT;
	return 0;
}

/**
 * rig_bnxt_route_resolve() - the address vector of a connection to @dgid
 * @bnxt: the function
 * @ctx: the file whose command this is, told why it failed
 * @sgid: the queue pair's address (struct rig_qp @address)
 * @dgid: the peer's GID, in network order
 * @r: out: source GID index, next hop's MAC, network type, hop limit
 *
 * On an interface, as ib_core resolves a RoCE v2 address: the route in
 * the interface's namespace, which must leave through that interface,
 * from @sgid while it is one of the interface's GIDs of the peer's family
 * (the peer takes packets only from the address it was given), else from
 * the address the route chooses; that source's GID; the next hop's MAC,
 * waiting up to two seconds for ARP or neighbour discovery.  On none: the
 * port's own
 * GID, and the MAC the peer's link-local GID holds.  May sleep.
 *
 * Return: 0; -ENETUNREACH for no route (or one not through the
 * interface); -EHOSTUNREACH when the next hop did not answer;
 * -EADDRNOTAVAIL when the source address has no GID; -EINTR on a signal;
 * each with a message for the file.
 */
int rig_bnxt_route_resolve(struct rig_bnxt_dev *bnxt, struct rig_ctx *ctx, const u8 *sgid,
			   const u8 *dgid, struct rig_bnxt_route *r)
{
	netdevice_tracker tracker;
	struct net_device *net;
	u8 port[16];
	int ret;

	net = bnxt->t->ops->netdev(bnxt->t, &tracker);
	if (net) {
		ret = rig_bnxt_route_net(bnxt, ctx, net, sgid, dgid, r);
		netdev_put(net, &tracker);
		return ret;
	}
	r->sgid_index = rig_bnxt_gid_port(bnxt, port);
	rig_bnxt_gid_to_mac(dgid, r->dmac);
	r->network_type = RIG_CMDQ_MODIFY_QP_NETWORK_TYPE_ROCEV2_IPV6;
	/* One machine: the packets never leave it. */
	r->hop_limit = 1;
	return 0;
}
