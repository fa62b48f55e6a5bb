/* SPDX-License-Identifier: GPL-2.0-only */
/* The kernel's <linux/unaligned.h>, for the fuzz targets: what they use of it is in ../kshim.h. */
