// SPDX-License-Identifier: BSD-2-Clause
/*
 * gpu_read: read another device's memory into host memory through a NIC.
 *
 * An ivshmem PCI device (scripts/vm-run --ivshmem MiB) stands in for a
 * GPU: its BAR 2 is the "GPU memory".  The program writes a pattern there
 * through the BAR's sysfs resource file, registers the BAR as a device
 * region of rig_bnxt0 (its bus address and size: a NIC not behind an
 * IOMMU reaches another device's memory directly), and lets two queue
 * pairs of rig_bnxt0 read it into a host region with RDMA READ.
 *
 * Usage: gpu_read [/sys/bus/pci/devices/ADDR]  (default: the first ivshmem)
 */
#include <fcntl.h>
#include <glob.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <rig/bnxt.h>

#define BYTES (1 << 20)		/* what is read: the first MiB of the BAR */

static void check(int ret, const char *what)
{
	if (ret < 0) {
		fprintf(stderr, "gpu_read: %s: %s\n", what, rig_error());
		exit(1);
	}
}

/* The sysfs directory of the first ivshmem device (1af4:1110), or NULL. */
static char *find_ivshmem(void)
{
	static char dir[256];
	glob_t g;
	size_t i;

	if (glob("/sys/bus/pci/devices/*/device", 0, NULL, &g))
		return NULL;
	for (i = 0; i < g.gl_pathc; i++) {
		char id[16] = "";
		FILE *f = fopen(g.gl_pathv[i], "r");

		if (f && fgets(id, sizeof(id), f) && !strncmp(id, "0x1110", 6)) {
			snprintf(dir, sizeof(dir), "%s", g.gl_pathv[i]);
			*strrchr(dir, '/') = '\0';
			fclose(f);
			globfree(&g);
			return dir;
		}
		if (f)
			fclose(f);
	}
	globfree(&g);
	return NULL;
}

/* BAR 2's bus address from the device's resource file (x86: bus == CPU). */
static uint64_t bar2_address(const char *dir)
{
	unsigned long long start = 0, end, flags;
	char path[300], line[128];
	FILE *f;
	int bar;

	snprintf(path, sizeof(path), "%s/resource", dir);
	f = fopen(path, "r");
	for (bar = 0; f && fgets(line, sizeof(line), f); bar++)
		if (bar == 2 && sscanf(line, "%llx %llx %llx", &start, &end, &flags) == 3)
			break;
	if (f)
		fclose(f);
	return start;
}

/* Write the pattern into the "GPU memory" through a CPU mapping of the BAR. */
static void fill_bar(const char *dir)
{
	char path[300];
	uint32_t *p;
	size_t i;
	int fd;

	snprintf(path, sizeof(path), "%s/resource2", dir);
	fd = open(path, O_RDWR | O_SYNC);
	if (fd < 0) {
		perror(path);
		exit(1);
	}
	p = mmap(NULL, BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		perror("mmap BAR 2");
		exit(1);
	}
	for (i = 0; i < BYTES / 4; i++)
		p[i] = (uint32_t)(i * 2654435761u);
	munmap(p, BYTES);
	close(fd);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : find_ivshmem();
	struct rig_region *gpu, *host;
	struct rig_qp *reader, *target;
	struct rig_endpoint er, et;
	struct rig_completion c;
	struct rig_bnxt *nic;
	struct rig_run run;
	uint32_t *copy;
	size_t i;
	int ret;

	if (!dir) {
		fprintf(stderr, "gpu_read: no ivshmem device (scripts/vm-run --ivshmem 16)\n");
		return 1;
	}
	fill_bar(dir);
	run = (struct rig_run){ bar2_address(dir), BYTES };

	check(rig_bnxt_open("rig_bnxt0", &nic), "open");
	check(rig_region_device(nic, &run, 1, &gpu), "device region");
	check(rig_region_host(nic, BYTES, &host), "host region");
	check(rig_qp_make(nic, 16, &reader), "make");
	check(rig_qp_make(nic, 16, &target), "make");
	check(rig_qp_endpoint(reader, &er), "endpoint");
	check(rig_qp_endpoint(target, &et), "endpoint");
	check(rig_qp_connect(reader, &et), "connect");
	check(rig_qp_connect(target, &er), "connect");

	check(rig_qp_read(reader, gpu, 0, host, 0, BYTES, 1), "read");
	check(rig_qp_ring(reader), "ring");
	ret = rig_qp_wait(reader, 5000, &c);
	check(ret, "wait");
	if (!ret || c.status) {
		fprintf(stderr, "gpu_read: read: %s\n",
			ret ? rig_status_message(c.status) : "no completion in 5 s");
		return 1;
	}

	copy = malloc(BYTES);
	check(copy ? 0 : -1, "malloc");
	check(rig_region_read(host, 0, copy, BYTES), "region read");
	for (i = 0; i < BYTES / 4; i++)
		if (copy[i] != (uint32_t)(i * 2654435761u)) {
			fprintf(stderr, "gpu_read: byte %zu differs\n", i * 4);
			return 1;
		}
	printf("read %d bytes of \"GPU memory\" (BAR 2 at 0x%" PRIx64 ") into host memory through %s: all match\n",
	       BYTES, run.address, "rig_bnxt0");
	free(copy);
	rig_bnxt_close(nic);
	return 0;
}
