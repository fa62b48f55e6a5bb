// SPDX-License-Identifier: BSD-2-Clause
/*
 * The memory of a test's regions (--mem): host regions, or regions over
 * dma-bufs that udmabuf makes over sealed memfds, the way a GPU's memory
 * reaches a NIC.  perf_mem.c owns making them, the CPU's way into each
 * (librig's copies, or the dma-buf's own mapping bracketed by
 * DMA_BUF_IOCTL_SYNC) and letting them go; it posts no work.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/dma-buf.h>
#include <linux/udmabuf.h>

#include "perf.h"

/* A dma-buf of @bytes over a new sealed memfd: its fd, or -1 after saying why not. */
static int perf_udmabuf(struct perf *p, size_t bytes)
{
	struct udmabuf_create create = { .flags = UDMABUF_FLAGS_CLOEXEC, .size = bytes };
	int dev, memfd, fd;

	dev = open("/dev/udmabuf", O_RDWR | O_CLOEXEC);
	if (dev < 0)
		return perf_fail(p, "--mem dmabuf: /dev/udmabuf: %s (a kernel without CONFIG_UDMABUF has none)",
				 strerror(errno));
	memfd = memfd_create("rig", MFD_ALLOW_SEALING | MFD_CLOEXEC);
	if (memfd < 0 || ftruncate(memfd, (off_t)bytes) ||
	    fcntl(memfd, F_ADD_SEALS, F_SEAL_SHRINK)) {
		fd = perf_fail(p, "--mem dmabuf: a memfd of %zu bytes: %s", bytes, strerror(errno));
		goto out;
	}
	create.memfd = (uint32_t)memfd;
	fd = ioctl(dev, UDMABUF_CREATE, &create);
	if (fd < 0)
		fd = perf_fail(p, "--mem dmabuf: udmabuf refused %zu bytes: %s", bytes,
			       strerror(errno));
out:
	if (memfd >= 0)
		close(memfd);	/* the dma-buf holds its pages */
	close(dev);
	return fd;
}

/* A region over a new dma-buf of @n bytes (rounded up to the page), mapped. */
static int perf_region_dmabuf(struct perf *p, struct rig_bnxt *nic, size_t n,
			      struct rig_region **r)
{
	size_t page = rig_bnxt_page(nic), bytes = (n + page - 1) / page * page;
	struct perf_mem *m = &p->mem[p->nmem];

	if (p->nmem == PERF_MEMS)
		return perf_fail(p, "more than %d dma-buf regions", PERF_MEMS);
	m->fd = perf_udmabuf(p, bytes);
	if (m->fd < 0)
		return -1;
	m->map = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, m->fd, 0);
	if (m->map == MAP_FAILED) {
		close(m->fd);
		return perf_fail(p, "--mem dmabuf: mmap of the dma-buf: %s", strerror(errno));
	}
	m->bytes = bytes;
	p->nmem++;
	if (perf_librig(p, rig_region_dmabuf(nic, m->fd, 0, bytes, r), "dma-buf region"))
		return -1;
	m->r = *r;
	return 0;
}

int perf_region(struct perf *p, struct rig_bnxt *nic, size_t n, struct rig_region **r)
{
	if (p->cli->mem == CLI_MEM_DMABUF)
		return perf_region_dmabuf(p, nic, n, r);
	return perf_librig(p, rig_region_host(nic, n, r), "host region");
}

/* The dma-buf @r stands on, or NULL for a host region. */
static struct perf_mem *perf_mem_of(struct perf *p, const struct rig_region *r)
{
	for (unsigned int i = 0; i < p->nmem; i++)
		if (p->mem[i].r == r)
			return &p->mem[i];
	return NULL;
}

/* Copy @n bytes between @m's mapping and @buf, as the exporter requires. */
static int perf_mem_copy(struct perf *p, struct perf_mem *m, void *buf, size_t n, bool to_mem)
{
	uint64_t dir = to_mem ? DMA_BUF_SYNC_WRITE : DMA_BUF_SYNC_READ;
	struct dma_buf_sync sync = { .flags = DMA_BUF_SYNC_START | dir };

	if (ioctl(m->fd, DMA_BUF_IOCTL_SYNC, &sync))
		return perf_fail(p, "DMA_BUF_IOCTL_SYNC: %s", strerror(errno));
	if (to_mem)
		memcpy(m->map, buf, n);
	else
		memcpy(buf, m->map, n);
	sync.flags = DMA_BUF_SYNC_END | dir;
	if (ioctl(m->fd, DMA_BUF_IOCTL_SYNC, &sync))
		return perf_fail(p, "DMA_BUF_IOCTL_SYNC: %s", strerror(errno));
	return 0;
}

int perf_mem_write(struct perf *p, struct rig_region *r, const void *buf, size_t n,
		   const char *what)
{
	struct perf_mem *m = perf_mem_of(p, r);

	if (m)
		return perf_mem_copy(p, m, (void *)buf, n, true);
	return perf_librig(p, rig_region_write(r, 0, buf, n), what);
}

int perf_mem_read(struct perf *p, struct rig_region *r, void *buf, size_t n, const char *what)
{
	struct perf_mem *m = perf_mem_of(p, r);

	if (m)
		return perf_mem_copy(p, m, buf, n, false);
	return perf_librig(p, rig_region_read(r, 0, buf, n), what);
}

void perf_mem_free(struct perf *p)
{
	for (unsigned int i = 0; i < p->nmem; i++) {
		munmap(p->mem[i].map, p->mem[i].bytes);
		close(p->mem[i].fd);
	}
	p->nmem = 0;
}
