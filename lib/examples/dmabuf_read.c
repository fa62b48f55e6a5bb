// SPDX-License-Identifier: BSD-2-Clause
/*
 * dmabuf_read: move data out of and into a dma-buf's memory through a NIC.
 *
 * A GPU's driver hands its memory out as a dma-buf file descriptor
 * (CUDA's cuMemGetHandleForAddressRange(), ROCm's
 * hsa_amd_portable_export_dmabuf()); rig_region_dmabuf() makes it a region
 * of rig_bnxt0, with no privilege and behind an IOMMU too.  Without a GPU
 * the program makes its dma-buf with udmabuf, over the pages of a sealed
 * memfd (host memory), and says so.
 *
 * It registers the dma-buf, writes a pattern into it through the
 * dma-buf's own CPU mapping (the exporter's, not rig's), lets two queue
 * pairs of rig_bnxt0 read it out into a host region with RDMA READ, then
 * reads another pattern from the host region into the dma-buf, and
 * checks every byte both ways.
 *
 * Usage: dmabuf_read [FD]  (FD: a dma-buf this process inherited, as a
 * GPU program that exports its memory would pass it; default: udmabuf)
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/dma-buf.h>
#include <linux/udmabuf.h>

#include <rig/bnxt.h>

#define BYTES (1 << 20)		/* what is moved: the first MiB of the dma-buf */
#define OUT_SALT 0x0u		/* the pattern read out of the dma-buf */
#define IN_SALT 0xa5a5a5a5u	/* the pattern read into it */

static void check(int ret, const char *what)
{
	if (ret < 0) {
		fprintf(stderr, "dmabuf_read: %s: %s\n", what, rig_error());
		exit(1);
	}
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/*
 * A dma-buf of @bytes over a new memfd, made by udmabuf.  The memfd must
 * be sealed against shrinking; the dma-buf holds its pages, so the memfd
 * goes at once.
 */
static int udmabuf_make(size_t bytes)
{
	struct udmabuf_create create = { .flags = UDMABUF_FLAGS_CLOEXEC, .size = bytes };
	int memfd, dev, fd;

	dev = open("/dev/udmabuf", O_RDWR | O_CLOEXEC);
	if (dev < 0) {
		perror("dmabuf_read: no GPU dma-buf given, and /dev/udmabuf");
		exit(1);
	}
	memfd = memfd_create("dmabuf_read", MFD_ALLOW_SEALING | MFD_CLOEXEC);
	if (memfd < 0)
		die("memfd_create");
	if (ftruncate(memfd, bytes) || fcntl(memfd, F_ADD_SEALS, F_SEAL_SHRINK))
		die("memfd");
	create.memfd = memfd;
	fd = ioctl(dev, UDMABUF_CREATE, &create);
	if (fd < 0)
		die("UDMABUF_CREATE");
	close(memfd);
	close(dev);
	return fd;
}

/* Bracket CPU access to a dma-buf's mapping, as the exporter requires. */
static void cpu_access(int fd, uint64_t flags)
{
	struct dma_buf_sync sync = { .flags = flags };

	if (ioctl(fd, DMA_BUF_IOCTL_SYNC, &sync))
		die("DMA_BUF_IOCTL_SYNC");
}

static uint32_t pattern(size_t i, uint32_t salt)
{
	return (uint32_t)(i * 2654435761u) ^ salt;
}

/* Where @p differs from the pattern of @salt: a byte offset, or -1. */
static long differs(const uint32_t *p, size_t n, uint32_t salt)
{
	size_t i;

	for (i = 0; i < n / 4; i++)
		if (p[i] != pattern(i, salt))
			return (long)(i * 4);
	return -1;
}

/*
 * Two queue pairs of @nic connected to each other; the first reads the
 * NIC's regions through the second.
 */
static struct rig_qp *reader_make(struct rig_bnxt *nic)
{
	struct rig_endpoint ep[2];
	struct rig_qp *qp[2];
	int i;

	for (i = 0; i < 2; i++) {
		check(rig_qp_make(nic, 16, &qp[i]), "make");
		check(rig_qp_endpoint(qp[i], &ep[i]), "endpoint");
	}
	for (i = 0; i < 2; i++)
		check(rig_qp_connect(qp[i], &ep[1 - i]), "connect");
	return qp[0];
}

/* RDMA READ of @n bytes of @src into @dst through @reader, and its completion. */
static void read_into(struct rig_qp *reader, struct rig_region *src, struct rig_region *dst,
		      size_t n, const char *what)
{
	struct rig_completion c;
	int ret;

	check(rig_qp_read(reader, src, 0, dst, 0, n, 1), what);
	check(rig_qp_ring(reader), "ring");
	ret = rig_qp_wait(reader, 5000, &c);
	check(ret, "wait");
	if (!ret || c.status) {
		fprintf(stderr, "dmabuf_read: %s: %s\n", what,
			ret ? rig_status_message(c.status) : "no completion in 5 s");
		exit(1);
	}
}

int main(int argc, char **argv)
{
	struct rig_region *buf, *host;
	struct rig_qp *reader;
	struct rig_bnxt *nic;
	uint32_t *map, *copy;
	size_t i, bytes = BYTES;
	off_t size;
	long at;
	int fd;

	if (argc > 1) {
		char *end;

		fd = (int)strtol(argv[1], &end, 10);
		if (*end || end == argv[1]) {
			fprintf(stderr, "usage: dmabuf_read [FD of an inherited dma-buf]\n");
			return 2;
		}
		size = lseek(fd, 0, SEEK_END);
		if (size < 0)
			die(argv[1]);
		if ((size_t)size < bytes)
			bytes = (size_t)size / 4096 * 4096;
		if (!bytes) {
			fprintf(stderr, "dmabuf_read: the dma-buf at fd %d is smaller than a page\n", fd);
			return 1;
		}
	} else {
		fd = udmabuf_make(bytes);
		printf("no GPU dma-buf given: made one of %zu bytes with udmabuf over a sealed memfd (host memory)\n",
		       bytes);
	}

	check(rig_bnxt_open("rig_bnxt0", &nic), "open");
	check(rig_region_dmabuf(nic, fd, 0, bytes, &buf), "dma-buf region");

	/* The CPU reaches the memory through the exporter, not through rig. */
	map = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		die("mmap of the dma-buf");
	cpu_access(fd, DMA_BUF_SYNC_START | DMA_BUF_SYNC_WRITE);
	for (i = 0; i < bytes / 4; i++)
		map[i] = pattern(i, OUT_SALT);
	cpu_access(fd, DMA_BUF_SYNC_END | DMA_BUF_SYNC_WRITE);

	check(rig_region_host(nic, bytes, &host), "host region");
	reader = reader_make(nic);

	read_into(reader, buf, host, bytes, "read out of the dma-buf");
	copy = malloc(bytes);
	check(copy ? 0 : -1, "malloc");
	check(rig_region_read(host, 0, copy, bytes), "region read");
	at = differs(copy, bytes, OUT_SALT);
	if (at >= 0) {
		fprintf(stderr, "dmabuf_read: byte %ld read out of the dma-buf differs\n", at);
		return 1;
	}
	printf("read %zu bytes out of the dma-buf into host memory through rig_bnxt0: all match\n",
	       bytes);

	for (i = 0; i < bytes / 4; i++)
		copy[i] = pattern(i, IN_SALT);
	check(rig_region_write(host, 0, copy, bytes), "region write");
	read_into(reader, host, buf, bytes, "read into the dma-buf");
	cpu_access(fd, DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ);
	at = differs(map, bytes, IN_SALT);
	cpu_access(fd, DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ);
	if (at >= 0) {
		fprintf(stderr, "dmabuf_read: byte %ld read into the dma-buf differs\n", at);
		return 1;
	}
	printf("read %zu bytes of host memory into the dma-buf through rig_bnxt0: all match\n",
	       bytes);
	free(copy);
	munmap(map, bytes);
	rig_bnxt_close(nic);
	close(fd);
	return 0;
}
