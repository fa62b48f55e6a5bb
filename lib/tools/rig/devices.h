/* SPDX-License-Identifier: BSD-2-Clause */
/* rig devices (devices.c). */
#ifndef RIG_TOOL_DEVICES_H
#define RIG_TOOL_DEVICES_H

struct cli;

/** cmd_devices() - list the NICs: the exit status */
int cmd_devices(const struct cli *cli);

#endif /* RIG_TOOL_DEVICES_H */
