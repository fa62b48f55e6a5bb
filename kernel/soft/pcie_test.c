// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite rig_soft_pcie_test: pcie.c's wrapper of a stand-in's bus,
 * over a fake bus whose host's accessors are generic ones (as an ECAM
 * host's are: they call back through bus->ops->map_bus()).  This
 * file owns those cases and touches nothing but its fake bus.
 */
#include <kunit/test.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "dev.h"

#define CAP		0x40
#define DEVCTL		(CAP + PCI_EXP_DEVCTL)
#define ORDER		(PCI_EXP_DEVCTL_RELAX_EN | PCI_EXP_DEVCTL_NOSNOOP_EN)

struct pcie_env {
	struct pci_bus bus;
	struct pci_dev pdev;
	struct pci_dev other;		/* a second function, when asked for */
	struct pci_ops host;		/* generic accessors over @cfg */
	struct pci_ops over;		/* a wrapper put over ours */
	struct pci_ops *under;		/* what @over wraps */
	u8 cfg[PCI_CFG_SPACE_EXP_SIZE];
};

static void __iomem *fake_map_bus(struct pci_bus *bus, unsigned int devfn, int where)
{
	struct pcie_env *e = container_of(bus, struct pcie_env, bus);

	return devfn == 0 ? (void __iomem *)(e->cfg + where) : NULL;
}

/*
 * The host's accessors, as pci_generic_config_read() and _write() are:
 * through bus->ops->map_bus().  (Not those themselves: UML's readw()
 * takes only memory registered as I/O.)
 */
static int fake_generic_read(struct pci_bus *bus, unsigned int devfn, int where, int size,
			     u32 *val)
{
	u8 *addr = (u8 __force *)bus->ops->map_bus(bus, devfn, where);

	*val = 0;
	if (!addr) {
		PCI_SET_ERROR_RESPONSE(val);
		return PCIBIOS_DEVICE_NOT_FOUND;
	}
	memcpy(val, addr, size);	/* little-endian, as configuration space */
	return PCIBIOS_SUCCESSFUL;
}

static int fake_generic_write(struct pci_bus *bus, unsigned int devfn, int where, int size,
			      u32 val)
{
	u8 *addr = (u8 __force *)bus->ops->map_bus(bus, devfn, where);

	if (!addr)
		return PCIBIOS_DEVICE_NOT_FOUND;
	memcpy(addr, &val, size);
	return PCIBIOS_SUCCESSFUL;
}

static int pcie_test_init(struct kunit *test)
{
	struct pcie_env *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, e);
	e->host.map_bus = fake_map_bus;
	e->host.read = fake_generic_read;
	e->host.write = fake_generic_write;
	e->bus.ops = &e->host;
	INIT_LIST_HEAD(&e->bus.devices);
	e->pdev.bus = &e->bus;
	e->pdev.devfn = 0;
	e->pdev.pcie_cap = CAP;
	e->pdev.dev.init_name = "rig-soft-pcie-test";
	list_add_tail(&e->pdev.bus_list, &e->bus.devices);
	/* The host's register has both bits off and one other bit on. */
	e->cfg[0] = 0xe4;
	e->cfg[DEVCTL] = PCI_EXP_DEVCTL_CERE;
	test->priv = e;
	return 0;
}

static u16 devctl(struct pcie_env *e)
{
	u16 v = 0;

	pci_bus_read_config_word(&e->bus, 0, DEVCTL, &v);
	return v;
}

static void a_generic_host_accessor_finds_its_own_map_bus_through_the_wrapper(struct kunit *test)
{
	struct pcie_env *e = test->priv;
	struct rig_soft_pcie *p;
	u16 vendor = 0;

	p = rig_soft_pcie_wrap(&e->pdev);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_PTR_EQ(test, e->bus.ops, &p->ops);
	/* Both on, as after a reset; the host's other bits read through. */
	KUNIT_EXPECT_EQ(test, devctl(e), ORDER | PCI_EXP_DEVCTL_CERE);
	pci_bus_read_config_word(&e->bus, 0, PCI_VENDOR_ID, &vendor);
	KUNIT_EXPECT_EQ(test, vendor, 0xe4);
	rig_soft_pcie_unwrap(p, &e->pdev);
}

static void the_two_bits_keep_what_was_written_and_the_rest_reaches_the_host(struct kunit *test)
{
	struct pcie_env *e = test->priv;
	struct rig_soft_pcie *p;

	p = rig_soft_pcie_wrap(&e->pdev);
	KUNIT_ASSERT_NOT_NULL(test, p);
	pci_bus_write_config_word(&e->bus, 0, DEVCTL, PCI_EXP_DEVCTL_NFERE);
	KUNIT_EXPECT_EQ(test, devctl(e), PCI_EXP_DEVCTL_NFERE);
	KUNIT_EXPECT_EQ(test, e->cfg[DEVCTL], PCI_EXP_DEVCTL_NFERE);
	pci_bus_write_config_byte(&e->bus, 0, DEVCTL, PCI_EXP_DEVCTL_RELAX_EN);
	KUNIT_EXPECT_EQ(test, devctl(e), PCI_EXP_DEVCTL_RELAX_EN);
	rig_soft_pcie_unwrap(p, &e->pdev);
	/* Unwrapped: the host's register as the host has it. */
	KUNIT_EXPECT_PTR_EQ(test, e->bus.ops, &e->host);
	e->cfg[DEVCTL] = PCI_EXP_DEVCTL_CERE;
	KUNIT_EXPECT_EQ(test, devctl(e), PCI_EXP_DEVCTL_CERE);
}

static void a_function_not_alone_on_its_bus_or_not_pcie_is_left_alone(struct kunit *test)
{
	struct pcie_env *e = test->priv;

	e->pdev.pcie_cap = 0;
	KUNIT_EXPECT_NULL(test, rig_soft_pcie_wrap(&e->pdev));
	KUNIT_EXPECT_PTR_EQ(test, e->bus.ops, &e->host);
	e->pdev.pcie_cap = CAP;
	e->other.bus = &e->bus;
	e->other.devfn = 1;
	list_add_tail(&e->other.bus_list, &e->bus.devices);
	KUNIT_EXPECT_NULL(test, rig_soft_pcie_wrap(&e->pdev));
	KUNIT_EXPECT_PTR_EQ(test, e->bus.ops, &e->host);
	KUNIT_EXPECT_EQ(test, devctl(e), PCI_EXP_DEVCTL_CERE);
}

/* aer_inject's way: the bus's operations swapped back around the call. */
static int over_read(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val)
{
	struct pcie_env *e = container_of(bus, struct pcie_env, bus);
	struct pci_ops *mine = bus->ops;
	int ret;

	bus->ops = e->under;
	ret = e->under->read(bus, devfn, where, size, val);
	bus->ops = mine;
	return ret;
}

static void a_wrapper_put_over_ours_keeps_ours_alive_at_unwrap(struct kunit *test)
{
	struct pcie_env *e = test->priv;
	struct rig_soft_pcie *p;

	p = rig_soft_pcie_wrap(&e->pdev);
	KUNIT_ASSERT_NOT_NULL(test, p);
	e->over = p->ops;
	e->over.read = over_read;
	e->under = pci_bus_set_ops(&e->bus, &e->over);
	rig_soft_pcie_unwrap(p, &e->pdev);
	/* The other wrapper stays, and ours still answers beneath it. */
	KUNIT_EXPECT_PTR_EQ(test, e->bus.ops, &e->over);
	KUNIT_EXPECT_EQ(test, devctl(e), ORDER | PCI_EXP_DEVCTL_CERE);
	pci_bus_set_ops(&e->bus, &e->host);
	kfree(p);
}

static struct kunit_case rig_soft_pcie_test_cases[] = {
	KUNIT_CASE(a_generic_host_accessor_finds_its_own_map_bus_through_the_wrapper),
	KUNIT_CASE(the_two_bits_keep_what_was_written_and_the_rest_reaches_the_host),
	KUNIT_CASE(a_function_not_alone_on_its_bus_or_not_pcie_is_left_alone),
	KUNIT_CASE(a_wrapper_put_over_ours_keeps_ours_alive_at_unwrap),
	{}
};

static struct kunit_suite rig_soft_pcie_test_suite = {
	.name = "rig_soft_pcie_test",
	.init = pcie_test_init,
	.test_cases = rig_soft_pcie_test_cases,
};

kunit_test_suite(rig_soft_pcie_test_suite);
