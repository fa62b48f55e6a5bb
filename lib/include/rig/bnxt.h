/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * librig: a process's direct access to rig_bnxt NICs (/dev/rig_bnxtN).
 *
 * Conventions of every call here: 0 (or a count) on success, a negative
 * errno on failure.  -EINVAL means misuse (an argument outside what the
 * call accepts) and then nothing has changed.  Any other errno is a
 * failure of the system, the NIC or its firmware, and rig_error() then
 * says which call failed and why.  Objects are not shared between
 * threads unless a call says otherwise.
 */
#ifndef RIG_BNXT_H
#define RIG_BNXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An open NIC: one open file of /dev/rig_bnxtN and what it owns. */
struct rig_bnxt;

/* What stands behind a NIC (the values of uapi's enum rig_bnxt_kind). */
#define RIG_KIND_SOFT 1	/* the soft NIC of the rig_bnxt module */
#define RIG_KIND_PCI  2	/* a Broadcom NetXtreme PCI function */

/**
 * rig_error() - the message of this thread's last failure
 *
 * Set by every call that fails, with the call's name and the reason;
 * left alone by calls that succeed.  The string belongs to the thread
 * and stays valid until its next failing call.
 *
 * Return: the message, or "" when no call of this thread has failed.
 */
const char *rig_error(void);

/**
 * rig_bnxt_open() - open a NIC
 * @name: "rig_bnxt0" (looked up in /dev) or a path such as "/dev/rig_bnxt0"
 * @nic: where the open NIC is stored on success
 *
 * The file is opened close-on-exec; a child of fork() must not use the
 * parent's NIC.
 *
 * Return: 0; -EINVAL for a NULL or empty name, or one longer than
 * PATH_MAX; -ENOENT when there is no such device (the message suggests
 * loading the module); -EACCES without permission; -ENOTTY when the file
 * is not a rig_bnxt device; -EPROTO when the module speaks another ABI
 * version; -ENOMEM; or the errno of open(2).
 */
int rig_bnxt_open(const char *name, struct rig_bnxt **nic);

/**
 * rig_bnxt_close() - close a NIC and destroy everything made through it
 * @nic: from rig_bnxt_open(), or NULL (then nothing happens)
 */
void rig_bnxt_close(struct rig_bnxt *nic);

/**
 * rig_bnxt_kind() - what stands behind a NIC
 * @nic: an open NIC
 *
 * Return: RIG_KIND_SOFT or RIG_KIND_PCI.
 */
int rig_bnxt_kind(const struct rig_bnxt *nic);

/**
 * rig_bnxt_page() - the page size of the NIC's machine
 * @nic: an open NIC
 *
 * Regions round up to it and pages regions start on it.
 *
 * Return: the page size in bytes.
 */
size_t rig_bnxt_page(const struct rig_bnxt *nic);

/**
 * rig_bnxt_iommu() - is the NIC behind a translating IOMMU?
 * @nic: an open NIC
 *
 * Return: 1 if an IOMMU translates the NIC's DMA, else 0.
 */
int rig_bnxt_iommu(const struct rig_bnxt *nic);

#ifdef __cplusplus
}
#endif

#endif /* RIG_BNXT_H */
