// SPDX-License-Identifier: GPL-2.0-only
/*
 * Detector canaries: deliberate bugs, one per detector of the debug
 * kernel, fired when the module is loaded with fire=NAME, so that
 * scripts/canaries can show that the debug stage reports each kind and
 * fails.  Built only for the debug kernel, beside rig's modules and with
 * their flags (scripts/debug-kernel canary); never loaded anywhere else.
 *
 * This file owns nothing of rig's and touches nothing of it: each canary
 * uses memory and locks of its own.
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

static char *fire;
module_param(fire, charp, 0444);
MODULE_PARM_DESC(fire, "the canary to fire at load (see rig_canaries[])");

static unsigned int hang_secs = 30;
module_param(hang_secs, uint, 0444);
MODULE_PARM_DESC(hang_secs, "how long hung_task blocks uninterruptibly (seconds)");

/*
 * A copy whose length the compiler cannot see, in a function of its own:
 * the overrun goes through a real memcpy() call, as in the driver's bug
 * of issue 18, not through moves the compiler inlined.
 */
static noinline void canary_copy(void *dst, const void *src, size_t len)
{
	OPTIMIZER_HIDE_VAR(len);
	memcpy(dst, src, len);
}

/* KASAN slab-out-of-bounds: 96 bytes read from a 24-byte allocation. */
static int canary_heap_memcpy(void)
{
	char *src = kzalloc(24, GFP_KERNEL);
	char *dst = kzalloc(96, GFP_KERNEL);

	if (src && dst)
		canary_copy(dst, src, 96);
	kfree(dst);
	kfree(src);
	return 0;
}

/* KASAN stack-out-of-bounds: 96 bytes read from a 24-byte stack array. */
static int canary_stack_memcpy(void)
{
	char src[24] = {};
	char *dst = kzalloc(96, GFP_KERNEL);

	if (dst)
		canary_copy(dst, src, 96);
	kfree(dst);
	return 0;
}

/* KASAN slab-use-after-free: a read of freed memory. */
static int canary_use_after_free(void)
{
	u8 *p = kzalloc(64, GFP_KERNEL);

	if (!p)
		return 0;
	kfree(p);
	OPTIMIZER_HIDE_VAR(p);
	pr_info("rig_canary: read %u after free\n", READ_ONCE(p[8]));
	return 0;
}

static DEFINE_MUTEX(canary_a);
static DEFINE_MUTEX(canary_b);

/* lockdep: a then b, later b then a (one thread: no deadlock, a report). */
static int canary_lock_order(void)
{
	mutex_lock(&canary_a);
	mutex_lock(&canary_b);
	mutex_unlock(&canary_b);
	mutex_unlock(&canary_a);

	mutex_lock(&canary_b);
	mutex_lock(&canary_a);
	mutex_unlock(&canary_a);
	mutex_unlock(&canary_b);
	return 0;
}

/*
 * kmemleak: allocations whose only pointers are dropped.  Several, in a
 * function of its own, so that a stale copy of one pointer left in a
 * register or on a stack cannot hide them all.
 */
static noinline void canary_drop(size_t size)
{
	void *p = kmalloc(size, GFP_KERNEL);

	if (p)
		memset(p, 0x5a, size);
	OPTIMIZER_HIDE_VAR(p);
}

static int canary_leak(void)
{
	int i;

	for (i = 0; i < 4; i++)
		canary_drop(128 + 64 * i);
	return 0;
}

/* UBSAN shift-out-of-bounds: an int shifted by 40. */
static int canary_shift(void)
{
	unsigned int n = 40;
	int one = 1;

	OPTIMIZER_HIDE_VAR(n);
	pr_info("rig_canary: 1 << %u is %d\n", n, one << n);
	return 0;
}

static DEFINE_SPINLOCK(canary_spin);

/*
 * DEBUG_ATOMIC_SLEEP: an allocation that may sleep under a spinlock, the
 * commonest form of the bug.  It rarely sleeps, so nothing else breaks.
 */
static int canary_atomic_sleep(void)
{
	void *p;

	spin_lock(&canary_spin);
	p = kmalloc(32, GFP_KERNEL);
	spin_unlock(&canary_spin);
	kfree(p);
	return 0;
}

/*
 * The hung-task detector: the loading task blocks uninterruptibly for
 * hang_secs (the guest shortens kernel.hung_task_timeout_secs first).
 */
static int canary_hung_task(void)
{
	schedule_timeout_uninterruptible(hang_secs * HZ);
	return 0;
}

static const struct {
	const char *name;
	int (*fire)(void);
} rig_canaries[] = {
	{ "heap_memcpy", canary_heap_memcpy },
	{ "stack_memcpy", canary_stack_memcpy },
	{ "use_after_free", canary_use_after_free },
	{ "lock_order", canary_lock_order },
	{ "leak", canary_leak },
	{ "shift", canary_shift },
	{ "atomic_sleep", canary_atomic_sleep },
	{ "hung_task", canary_hung_task },
};

static int __init rig_canary_init(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rig_canaries); i++) {
		if (fire && !strcmp(fire, rig_canaries[i].name)) {
			pr_info("rig_canary: firing %s\n", fire);
			return rig_canaries[i].fire();
		}
	}
	pr_err("rig_canary: no canary named '%s'\n", fire ?: "");
	return -EINVAL;
}

static void __exit rig_canary_exit(void)
{
}

module_init(rig_canary_init);
module_exit(rig_canary_exit);

MODULE_DESCRIPTION("Deliberate bugs that the debug kernel's detectors must report");
MODULE_LICENSE("GPL");
