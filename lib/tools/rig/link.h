/* SPDX-License-Identifier: BSD-2-Clause */
/* rig link (link.c). */
#ifndef RIG_TOOL_LINK_H
#define RIG_TOOL_LINK_H

struct cli;

/**
 * cmd_link() - attach a modelled NIC to a network interface, or detach it
 * @cli: CLI_LINK: @device the NIC, @netdev the interface ("" detaches)
 *
 * Return: the exit status: 0, or 1 after saying why on stderr.
 */
int cmd_link(const struct cli *cli);

#endif /* RIG_TOOL_LINK_H */
