// SPDX-License-Identifier: GPL-2.0-only
/*
 * The firmware channel of a NetXtreme function: HWRM requests through the
 * BAR 0 command window, then the RoCE command queue.
 *
 * This file owns the handshake.  Its first step is real: wait, a bounded
 * time, for the function to answer register reads (a function in reset
 * reads all-ones).  Its second, HWRM_VER_GET, is not written yet, so the
 * handshake reports -EOPNOTSUPP and the probe undoes itself.
 */
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/moduleparam.h>
#include <linux/pci.h>

#include "rig.h"

static unsigned int fw_timeout_ms = 500;
module_param(fw_timeout_ms, uint, 0644);
MODULE_PARM_DESC(fw_timeout_ms, "how long probe waits for a function to come out of reset (ms, default 500)");

/* Wait until BAR 0 answers: not all-ones, as a function in reset reads. */
static int rig_fw_wait_alive(void __iomem *regs)
{
	unsigned long deadline = jiffies + msecs_to_jiffies(fw_timeout_ms);

	for (;;) {
		if (readl(regs) != ~0U)
			return 0;
		if (time_after(jiffies, deadline))
			return -ETIMEDOUT;
		msleep(20);
	}
}

/**
 * rig_fw_handshake() - open the firmware channel of a probed function
 * @pdev: the function, enabled, with its BARs mapped
 * @regs: BAR 0
 *
 * Return: -ETIMEDOUT when the function does not answer within
 * fw_timeout_ms; otherwise -EOPNOTSUPP, until HWRM is implemented.
 */
int rig_fw_handshake(struct pci_dev *pdev, void __iomem *regs)
{
	int ret;

	ret = rig_fw_wait_alive(regs);
	if (ret)
		return ret;
	return -EOPNOTSUPP;
}
