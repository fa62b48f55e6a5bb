// SPDX-License-Identifier: BSD-2-Clause
/*
 * send_read: move a message through two NICs, then read it back.
 *
 * rig_bnxt0 and rig_bnxt1 stand for two machines (in a guest,
 * scripts/vm-run --soft 2 models two NetXtreme functions).  A queue pair on each, connected to the other, carries a
 * message from a region of rig_bnxt0 into a receive posted on rig_bnxt1.
 * Then two queue pairs of rig_bnxt1, connected to each other, read the
 * bytes that landed into a second region: a region is read only through
 * queue pairs of its own NIC.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rig/bnxt.h>

/* Stop with rig's message for a call that failed. */
static void check(int ret, const char *what)
{
	if (ret < 0) {
		fprintf(stderr, "send_read: %s: %s\n", what, rig_error());
		exit(1);
	}
}

/* Make a queue pair on each NIC and connect the two. */
static void connect_pair(struct rig_bnxt *a, struct rig_bnxt *b, struct rig_qp **qa,
			 struct rig_qp **qb)
{
	struct rig_endpoint ea, eb;

	check(rig_qp_make(a, 16, qa), "make");
	check(rig_qp_make(b, 16, qb), "make");
	/* Endpoints are plain data: a program may carry them over any channel. */
	check(rig_qp_endpoint(*qa, &ea), "endpoint");
	check(rig_qp_endpoint(*qb, &eb), "endpoint");
	check(rig_qp_connect(*qa, &eb), "connect");
	check(rig_qp_connect(*qb, &ea), "connect");
}

/* Wait for the next completion of @qp and insist that it succeeded. */
static struct rig_completion finish(struct rig_qp *qp, const char *what)
{
	struct rig_completion c;
	int ret = rig_qp_wait(qp, 5000, &c);

	check(ret, what);
	if (ret == 0 || c.status) {
		fprintf(stderr, "send_read: %s: %s\n", what,
			ret ? rig_status_message(c.status) : "no completion in 5 s");
		exit(1);
	}
	return c;
}

int main(void)
{
	const char message[] = "hello from rig_bnxt0";
	struct rig_qp *sender, *receiver, *reader, *target;
	struct rig_region *outbox, *inbox, *copy;
	struct rig_bnxt *nic0, *nic1;
	struct rig_completion c;
	char back[64] = "";

	check(rig_bnxt_open("rig_bnxt0", &nic0), "open");
	check(rig_bnxt_open("rig_bnxt1", &nic1), "open");
	check(rig_region_host(nic0, 4096, &outbox), "region");
	check(rig_region_host(nic1, 4096, &inbox), "region");
	check(rig_region_host(nic1, 4096, &copy), "region");

	/* Send: the receiver posts memory first, then the sender rings. */
	connect_pair(nic0, nic1, &sender, &receiver);
	check(rig_region_write(outbox, 0, message, sizeof(message)), "write");
	check(rig_qp_receive(receiver, inbox, 0, sizeof(back), 1), "receive");
	check(rig_qp_send(sender, outbox, 0, sizeof(message), 2), "send");
	check(rig_qp_ring(sender), "ring");
	c = finish(receiver, "receive");
	finish(sender, "send");
	printf("rig_bnxt1 received %u bytes\n", c.bytes);

	/* Read: two queue pairs of rig_bnxt1, the bytes of inbox into copy. */
	connect_pair(nic1, nic1, &reader, &target);
	check(rig_qp_read(reader, inbox, 0, copy, 0, c.bytes, 3), "read");
	check(rig_qp_ring(reader), "ring");
	c = finish(reader, "read");
	check(rig_region_read(copy, 0, back, c.bytes), "region read");
	printf("read back through rig_bnxt1: \"%s\"\n", back);

	rig_bnxt_close(nic0);
	rig_bnxt_close(nic1);
	return strcmp(back, message) != 0;
}
