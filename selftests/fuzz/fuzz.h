/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the fuzz targets share: libFuzzer's entry point, must() (a check a
 * target makes beyond the sanitizers: its breach aborts, which libFuzzer
 * reports as a crash with the input that did it), and the RC opcodes the
 * model speaks, for the targets and seeds.c.
 */
#ifndef RIG_FUZZ_H
#define RIG_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define must(c)                                                                        \
	do {                                                                           \
		if (!(c)) {                                                            \
			fprintf(stderr, "fuzz: %s:%d: %s does not hold\n", __FILE__,   \
				__LINE__, #c);                                         \
			abort();                                                       \
		}                                                                      \
	} while (0)

/* The RC opcodes of kernel/soft/roce.c's table, as an initialiser. */
#define FUZZ_RC_OPCODES {                                                              \
	IB_OPCODE_RC_SEND_FIRST, IB_OPCODE_RC_SEND_MIDDLE, IB_OPCODE_RC_SEND_LAST,     \
	IB_OPCODE_RC_SEND_ONLY, IB_OPCODE_RC_RDMA_READ_REQUEST,                        \
	IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST, IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE, \
	IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST, IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY,    \
	IB_OPCODE_RC_ACKNOWLEDGE,                                                      \
}

#endif /* RIG_FUZZ_H */
