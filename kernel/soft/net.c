// SPDX-License-Identifier: GPL-2.0-only
/*
 * A modelled function on a network interface: the sysfs attribute
 * "netdev" of its auxiliary device that attaches and detaches it, the
 * netdevice notifier that detaches it when the interface goes, the
 * rx_handler that takes RoCE v2 frames (UDP to port 4791) off the
 * interface into the function's receive queue, and the transmit queue
 * whose frames leave once the engine has dropped the world's lock.
 *
 * This file owns the interface's reference, the skbs and their queues.
 * What a frame means is wire.c's, under the world's lock; nothing here
 * decodes more than the headers that say "RoCE v2", and the receive path
 * (softirq) never takes the world's lock: it queues and wakes the engine.
 * Lock order: the RTNL, then the world's lock, then @lock of struct
 * rig_soft_net.
 */
#include <linux/etherdevice.h>
#include <linux/if_arp.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/nsproxy.h>
#include <linux/rtnetlink.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <linux/udp.h>
#include <net/net_namespace.h>

#include "dev.h"

/* Frames one pass takes off a function's receive queue. */
#define RIG_SOFT_NET_RX_BUDGET	512
/* Frames waiting to leave, over all functions; more wait in the machines. */
#define RIG_SOFT_NET_TXQ	1024

/*
 * Frames built under the world's lock, sent by rig_soft_net_send() once
 * it is dropped: under the world's lock.
 */
static struct sk_buff_head rig_soft_net_txq;

static struct rig_soft_dev *rig_soft_net_sd(struct device *dev)
{
	return container_of(to_auxiliary_dev(dev), struct rig_soft_dev, tadev.adev);
}

/* Is @skb (data at its network header) IPv4 or IPv6 UDP to port 4791? */
static bool rig_soft_net_is_roce(const struct sk_buff *skb)
{
	const struct udphdr *udp;
	struct udphdr _udp;
	u32 off;

	if (skb_vlan_tag_present(skb))
		return false;
	if (skb->protocol == htons(ETH_P_IP)) {
		const struct iphdr *ip;
		struct iphdr _ip;

		ip = skb_header_pointer(skb, 0, sizeof(_ip), &_ip);
		if (!ip || ip->version != 4 || ip->ihl < 5 || ip->protocol != IPPROTO_UDP ||
		    (ip->frag_off & htons(IP_OFFSET)))
			return false;
		off = ip->ihl * 4;
	} else if (skb->protocol == htons(ETH_P_IPV6)) {
		const struct ipv6hdr *ip6;
		struct ipv6hdr _ip6;

		ip6 = skb_header_pointer(skb, 0, sizeof(_ip6), &_ip6);
		if (!ip6 || ip6->nexthdr != IPPROTO_UDP)
			return false;
		off = sizeof(*ip6);
	} else {
		return false;
	}
	udp = skb_header_pointer(skb, off, sizeof(_udp), &_udp);
	return udp && udp->dest == htons(RIG_SOFT_ROCE_PORT);
}

/* Queue @skb on @net within its budget: false when that would pass it. */
static bool rig_soft_net_rxq_add(struct rig_soft_net *net, struct sk_buff *skb)
{
	guard(spinlock_irqsave)(&net->rxq.lock);
	if (!rig_soft_net_rx_charge(&net->rx_bytes, skb->truesize))
		return false;
	__skb_queue_tail(&net->rxq, skb);
	return true;
}

/* The oldest frame of @net's queue, uncharged, or NULL. */
static struct sk_buff *rig_soft_net_rxq_take(struct rig_soft_net *net)
{
	struct sk_buff *skb;

	guard(spinlock_irqsave)(&net->rxq.lock);
	skb = __skb_dequeue(&net->rxq);
	if (skb)
		rig_soft_net_rx_uncharge(&net->rx_bytes, skb->truesize);
	return skb;
}

/* Drop every frame of @net's queue. */
static void rig_soft_net_rxq_purge(struct rig_soft_net *net)
{
	struct sk_buff_head q;

	__skb_queue_head_init(&q);
	scoped_guard(spinlock_irqsave, &net->rxq.lock) {
		skb_queue_splice_init(&net->rxq, &q);
		net->rx_bytes = 0;
	}
	__skb_queue_purge(&q);
}

/**
 * rig_soft_net_rx_held() - the bytes a function's receive queue holds
 * @sd: the function
 *
 * Return: the sum of its frames' truesize, at most RIG_SOFT_NET_RXQ_BYTES.
 */
u32 rig_soft_net_rx_held(struct rig_soft_dev *sd)
{
	guard(spinlock_irqsave)(&sd->net.rxq.lock);
	return sd->net.rx_bytes;
}

/*
 * The interface's receive path, softirq: RoCE v2 frames go to the
 * function's queue and the engine is woken; the rest (ARP, IP, rxe's
 * traffic on other interfaces) goes on as if nothing were attached.
 * A frame longer than any the model takes, or one that would pass the
 * queue's budget, is dropped and counted here, never held.
 */
static rx_handler_result_t rig_soft_net_rx_handler(struct sk_buff **pskb)
{
	struct sk_buff *skb = *pskb;
	struct rig_soft_dev *sd;

	if (!rig_soft_net_is_roce(skb))
		return RX_HANDLER_PASS;
	sd = rcu_dereference(skb->dev->rx_handler_data);
	if (!rig_soft_net_rx_fits(skb->data - skb_mac_header(skb) + skb->len)) {
		atomic64_inc(&sd->fn.rx_too_long);
		kfree_skb(skb);
		return RX_HANDLER_CONSUMED;
	}
	skb = skb_share_check(skb, GFP_ATOMIC);
	if (!skb)
		return RX_HANDLER_CONSUMED;
	if (!rig_soft_net_rxq_add(&sd->net, skb)) {
		atomic64_inc(&sd->fn.rx_overflow);
		kfree_skb(skb);
		return RX_HANDLER_CONSUMED;
	}
	rig_soft_engine_wake();
	return RX_HANDLER_CONSUMED;
}

/**
 * rig_soft_net_rx() - the frames a function's interface received
 * @fn: a wired function; the caller holds its world's lock
 * @peek: only say whether frames wait
 *
 * Each is copied out of its skb (any layout) and given to
 * rig_soft_wire_recv(); at most RIG_SOFT_NET_RX_BUDGET per call.
 *
 * Return: true when there were (are) frames.
 */
bool rig_soft_net_rx(struct rig_soft_fn *fn, bool peek)
{
	struct rig_soft_dev *sd = rig_soft_dev_of(fn);
	u8 *buf = fn->world->rx_frame;
	struct sk_buff *skb;
	u64 now = ktime_get_ns();
	u32 n;

	rig_soft_assert_held(fn);
	if (peek)
		return !skb_queue_empty_lockless(&sd->net.rxq);
	for (n = 0; n < RIG_SOFT_NET_RX_BUDGET; n++) {
		u32 hlen, len;

		skb = rig_soft_net_rxq_take(&sd->net);
		if (!skb)
			break;
		hlen = skb->data - skb_mac_header(skb);
		len = hlen + skb->len;
		if (hlen != ETH_HLEN || len > sizeof(fn->world->rx_frame) ||
		    skb_copy_bits(skb, -(int)hlen, buf, len)) {
			fn->wire.rx_frames++;
			fn->wire.drop[RIG_SOFT_WIRE_DROP_TOO_LONG]++;
		} else {
			rig_soft_wire_recv(fn, buf, len, now);
		}
		consume_skb(skb);
	}
	return n;
}

/**
 * rig_soft_net_xmit() - queue a frame for a function's interface
 * @fn: the function; the caller holds its world's lock
 * @frame: the frame, from its Ethernet header on
 * @len: its bytes
 *
 * The frame is copied into an skb that holds a reference on the
 * interface until rig_soft_net_send() has handed it over.
 *
 * Return: 0, or -ENOBUFS when the function is on no interface, the queue
 * is full or no memory is at hand without waiting.
 */
int rig_soft_net_xmit(struct rig_soft_fn *fn, const void *frame, u32 len)
{
	struct net_device *dev = rig_soft_dev_of(fn)->net.xdev;
	struct sk_buff *skb;

	rig_soft_assert_held(fn);
	if (!dev || skb_queue_len(&rig_soft_net_txq) >= RIG_SOFT_NET_TXQ)
		return -ENOBUFS;
	skb = alloc_skb(LL_RESERVED_SPACE(dev) + len, GFP_NOWAIT | __GFP_NOWARN);
	if (!skb)
		return -ENOBUFS;
	skb_reserve(skb, LL_RESERVED_SPACE(dev));
	skb_put_data(skb, frame, len);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, ETH_HLEN);
	skb->protocol = ((const struct ethhdr *)frame)->h_proto;
	skb->dev = dev;
	dev_hold(dev);
	__skb_queue_tail(&rig_soft_net_txq, skb);
	return 0;
}

/**
 * rig_soft_net_take() - the frames a pass built
 * @q: an empty queue the caller owns: the frames go there
 *
 * The caller holds the engine's world's lock.
 */
void rig_soft_net_take(struct sk_buff_head *q)
{
	lockdep_assert_held(&rig_soft_engine_world()->lock);
	if (!skb_queue_empty(&rig_soft_net_txq))
		skb_queue_splice_init(&rig_soft_net_txq, q);
}

/**
 * rig_soft_net_send() - hand frames taken by rig_soft_net_take() over
 * @q: the frames; emptied
 *
 * Process context, the world's lock not held: dev_queue_xmit() may run
 * the receive path of a veth's peer, and a slow interface delays only
 * the engine's next pass, never a function's lock holder.  A frame the
 * interface drops is lost as on any wire; the machines send it again.
 */
void rig_soft_net_send(struct sk_buff_head *q)
{
	struct sk_buff *skb;

	while ((skb = __skb_dequeue(q))) {
		struct net_device *dev = skb->dev;

		dev_queue_xmit(skb);
		dev_put(dev);
	}
}

/* The interface's MTU and MAC, for the function; the RTNL held. */
static void rig_soft_net_sync(struct rig_soft_dev *sd, struct net_device *dev)
{
	ASSERT_RTNL();
	guard(mutex)(&sd->fn.world->lock);
	ether_addr_copy(sd->fn.wire_mac, dev->dev_addr);
	WRITE_ONCE(sd->fn.mtu, clamp_t(u32, dev->mtu, RIG_SOFT_MTU_MIN, RIG_SOFT_MTU_MAX));
}

/*
 * Detach @sd from its interface, if any; the RTNL held.  Once this
 * returns no frame of the interface reaches the function, and the
 * function queues none for it.
 *
 * Return: true when it was attached.
 */
static bool rig_soft_net_detach(struct rig_soft_dev *sd)
{
	struct net_device *dev = sd->net.dev;

	ASSERT_RTNL();
	if (!dev)
		return false;
	/* Waits for a receive path that runs the handler. */
	netdev_rx_handler_unregister(dev);
	scoped_guard(mutex, &sd->fn.world->lock) {
		sd->fn.wired = false;
		sd->fn.world->nwired--;
		sd->net.xdev = NULL;
		WRITE_ONCE(sd->fn.mtu, sd->net.mtu_before);
	}
	rig_soft_net_rxq_purge(&sd->net);
	scoped_guard(spinlock, &sd->net.lock)
		sd->net.dev = NULL;
	netdev_put(dev, &sd->net.tracker);
	dev_info(&sd->pdev->dev, "rig_soft: detached from %s\n", netdev_name(dev));
	return true;
}

/* Refuse an attach: why, and what to do, in the kernel's log. */
#define rig_soft_net_refuse(sd, ret, fmt, ...) ({ \
	dev_warn_ratelimited(&(sd)->pdev->dev, "rig_soft: " fmt, ##__VA_ARGS__); \
	ret; })

/*
 * Attach @sd to the interface @name of the caller's network namespace;
 * the RTNL held.
 *
 * Return: 1 when attached, 0 when it already was, or an error.
 */
static int rig_soft_net_attach(struct rig_soft_dev *sd, const char *name)
{
	struct net_device *dev;
	int ret;

	ASSERT_RTNL();
	dev = __dev_get_by_name(current->nsproxy->net_ns, name);
	if (!dev)
		return rig_soft_net_refuse(sd, -ENODEV,
					   "no interface %s in the writer's network namespace\n",
					   name);
	if (sd->net.dev == dev)
		return 0;
	if (sd->net.dev)
		return rig_soft_net_refuse(sd, -EBUSY,
					   "attached to %s: write an empty line to detach first\n",
					   netdev_name(sd->net.dev));
	if (dev->type != ARPHRD_ETHER || (dev->flags & IFF_LOOPBACK))
		return rig_soft_net_refuse(sd, -EINVAL,
					   "%s is not an Ethernet interface: RoCE v2 needs one\n",
					   name);
	ret = netdev_rx_handler_register(dev, rig_soft_net_rx_handler, sd);
	if (ret)
		return rig_soft_net_refuse(sd, -EBUSY,
					   "%s already has a receive handler (a bridge, a bond, another function)\n",
					   name);
	netdev_hold(dev, &sd->net.tracker, GFP_KERNEL);
	scoped_guard(spinlock, &sd->net.lock)
		sd->net.dev = dev;
	scoped_guard(mutex, &sd->fn.world->lock) {
		sd->net.mtu_before = sd->fn.mtu;
		sd->net.xdev = dev;
		sd->fn.wired = true;
		sd->fn.world->nwired++;
	}
	rig_soft_net_sync(sd, dev);
	dev_info(&sd->pdev->dev, "rig_soft: attached to %s\n", name);
	return 1;
}

static ssize_t netdev_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct rig_soft_dev *sd = rig_soft_net_sd(dev);

	guard(spinlock)(&sd->net.lock);
	return sysfs_emit(buf, "%s\n", sd->net.dev ? netdev_name(sd->net.dev) : "");
}

static ssize_t netdev_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct rig_soft_dev *sd = rig_soft_net_sd(dev);
	size_t len = strcspn(buf, "\n");
	char name[IFNAMSIZ];
	int ret;

	if (len >= IFNAMSIZ)
		return rig_soft_net_refuse(sd, -EINVAL, "an interface name has at most %d bytes\n",
					   IFNAMSIZ - 1);
	memcpy(name, buf, len);
	name[len] = '\0';
	rtnl_lock();
	ret = len ? rig_soft_net_attach(sd, name) : rig_soft_net_detach(sd);
	rtnl_unlock();
	if (ret < 0)
		return ret;
	if (ret)
		rig_soft_dev_netdev_changed(sd);
	return count;
}
static DEVICE_ATTR_RW(netdev);

static struct attribute *rig_soft_net_attrs[] = {
	&dev_attr_netdev.attr,
	NULL,
};

static const struct attribute_group rig_soft_net_group = {
	.attrs = rig_soft_net_attrs,
};

/* The auxiliary device's attributes (main.c gives them before adding it). */
const struct attribute_group *rig_soft_net_groups[] = {
	&rig_soft_net_group,
	NULL,
};

/**
 * rig_soft_net_get() - the interface a function is attached to, held
 * @sd: the function
 * @tracker: the reference's tracker, for netdev_put()
 *
 * Return: the interface, or NULL.
 */
struct net_device *rig_soft_net_get(struct rig_soft_dev *sd, netdevice_tracker *tracker)
{
	guard(spinlock)(&sd->net.lock);
	if (sd->net.dev)
		netdev_hold(sd->net.dev, tracker, GFP_ATOMIC);
	return sd->net.dev;
}

static void rig_soft_net_changed_work(struct work_struct *work)
{
	rig_soft_dev_netdev_changed(container_of(work, struct rig_soft_dev, net.changed));
}

/* An interface a function is attached to goes, or changes. */
static int rig_soft_net_event(struct notifier_block *nb, unsigned long event, void *ptr)
{
	struct net_device *dev = netdev_notifier_info_to_dev(ptr);
	struct rig_soft_dev *sd;

	if (rcu_access_pointer(dev->rx_handler) != rig_soft_net_rx_handler)
		return NOTIFY_DONE;
	sd = rtnl_dereference(dev->rx_handler_data);
	switch (event) {
	case NETDEV_UNREGISTER:
		if (rig_soft_net_detach(sd))
			schedule_work(&sd->net.changed);
		break;
	case NETDEV_CHANGEMTU:
	case NETDEV_CHANGEADDR:
		rig_soft_net_sync(sd, dev);
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block rig_soft_net_nb = {
	.notifier_call = rig_soft_net_event,
};

/**
 * rig_soft_net_init() - a function attached to nothing
 * @sd: the function, before its auxiliary device is added
 */
void rig_soft_net_init(struct rig_soft_dev *sd)
{
	spin_lock_init(&sd->net.lock);
	skb_queue_head_init(&sd->net.rxq);
	sd->net.rx_bytes = 0;
	INIT_WORK(&sd->net.changed, rig_soft_net_changed_work);
}

/**
 * rig_soft_net_exit() - detach a function that goes
 * @sd: the function, its auxiliary device deleted (no sysfs write runs)
 */
void rig_soft_net_exit(struct rig_soft_dev *sd)
{
	rtnl_lock();
	rig_soft_net_detach(sd);
	rtnl_unlock();
	cancel_work_sync(&sd->net.changed);
}

/**
 * rig_soft_net_register() - watch the interfaces functions attach to
 *
 * Return: 0, or the error of register_netdevice_notifier().
 */
int rig_soft_net_register(void)
{
	__skb_queue_head_init(&rig_soft_net_txq);
	return register_netdevice_notifier(&rig_soft_net_nb);
}

/**
 * rig_soft_net_unregister() - undo rig_soft_net_register(); no function
 *	is left
 */
void rig_soft_net_unregister(void)
{
	struct sk_buff *skb;

	unregister_netdevice_notifier(&rig_soft_net_nb);
	/* Empty after every pass; each frame left would hold its interface. */
	while ((skb = __skb_dequeue(&rig_soft_net_txq))) {
		dev_put(skb->dev);
		kfree_skb(skb);
	}
}
