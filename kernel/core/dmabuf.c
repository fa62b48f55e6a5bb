// SPDX-License-Identifier: GPL-2.0-only
/*
 * DMABUF regions: another driver's memory, exported as a dma-buf, that a
 * NIC reaches.
 *
 * This file owns struct rig_dmabuf: the import (reference, dynamic
 * attachment for the NIC's DMA device, pin, DMA mapping), the checks of
 * the exporter's layout, and the release.  It does not own the region
 * (region.c) nor what the firmware is told (the driver).  Built only
 * when the kernel has dma-buf; rig.h stubs it out otherwise.
 */
#include <linux/dma-buf.h>
#include <linux/dma-resv.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#include "rig.h"

MODULE_IMPORT_NS(DMA_BUF);

/*
 * A pinned attachment is one the exporter promised not to move.  An
 * exporter that calls anyway (it revokes the memory, or ignores the pin)
 * gets nothing back: the NIC keeps the addresses it was given until the
 * region is deregistered, as ib_umem_dmabuf's pinned importers do.  It is
 * logged so that the exporter's bug is seen.
 */
static void rig_dmabuf_move_notify(struct dma_buf_attachment *attach)
{
	struct rig_dmabuf *db = attach->importer_priv;

	dev_warn_ratelimited(db->dma_dev,
			     "the exporter of a pinned dma-buf moves it: the NIC keeps its old addresses until the region is deregistered\n");
}

static const struct dma_buf_attach_ops rig_dmabuf_attach_ops = {
	.allow_peer2peer = true,
	.move_notify = rig_dmabuf_move_notify,
};

/* Does every mapped piece start and end on a page? */
static bool rig_dmabuf_whole_pages(struct sg_table *sgt)
{
	struct scatterlist *sg;
	unsigned int i;

	for_each_sgtable_dma_sg(sgt, sg, i)
		if (!PAGE_ALIGNED(sg_dma_address(sg)) || !PAGE_ALIGNED(sg_dma_len(sg)))
			return false;
	return true;
}

/* Pin and map @db's attachment; the dma-buf's reservation lock held. */
static int rig_dmabuf_map(struct rig_dmabuf *db)
{
	struct sg_table *sgt;
	int ret;

	dma_resv_assert_held(db->attach->dmabuf->resv);
	ret = dma_buf_pin(db->attach);
	if (ret)
		return ret;
	sgt = dma_buf_map_attachment(db->attach, DMA_BIDIRECTIONAL);
	if (IS_ERR(sgt)) {
		ret = PTR_ERR(sgt);
		goto err_unpin;
	}
	ret = -EOPNOTSUPP;
	if (!rig_dmabuf_whole_pages(sgt))
		goto err_unmap;
	db->sgt = sgt;
	return 0;

err_unmap:
	dma_buf_unmap_attachment(db->attach, sgt, DMA_BIDIRECTIONAL);
err_unpin:
	dma_buf_unpin(db->attach);
	return ret;
}

/**
 * rig_dmabuf_get() - import @bytes at @offset of the dma-buf @fd for a NIC
 * @rdev: the NIC: its @dma_dev is attached and the memory mapped for it
 * @fd: a dma-buf file descriptor of the calling process
 * @offset: where the region starts in the dma-buf, a multiple of the page
 * @bytes: its length, positive
 *
 * The dma-buf is referenced, attached, pinned and mapped until
 * rig_dmabuf_put(); the process may close @fd at once.
 *
 * Return: the import, or an ERR_PTR(): -EBADF for an @fd that is not
 * open, -EINVAL for one that is not a dma-buf or a range outside it,
 * -EOPNOTSUPP for a mapping that is not made of whole pages, or the
 * exporter's error when it will not attach, pin or map.
 */
struct rig_dmabuf *rig_dmabuf_get(struct rig_dev *rdev, int fd, u64 offset, u64 bytes)
{
	struct rig_dmabuf *db;
	struct dma_buf *dmabuf;
	u64 end;
	int ret;

	if (!bytes || !PAGE_ALIGNED(offset) || check_add_overflow(offset, bytes, &end))
		return ERR_PTR(-EINVAL);
	db = kzalloc(sizeof(*db), GFP_KERNEL_ACCOUNT);
	if (!db)
		return ERR_PTR(-ENOMEM);
	db->dma_dev = rdev->dma_dev;
	db->first = offset >> PAGE_SHIFT;

	dmabuf = dma_buf_get(fd);
	if (IS_ERR(dmabuf)) {
		ret = PTR_ERR(dmabuf);
		goto err_free;
	}
	ret = -EINVAL;
	if (end > dmabuf->size)
		goto err_put;
	db->attach = dma_buf_dynamic_attach(dmabuf, rdev->dma_dev, &rig_dmabuf_attach_ops, db);
	if (IS_ERR(db->attach)) {
		ret = PTR_ERR(db->attach);
		goto err_put;
	}
	dma_resv_lock(dmabuf->resv, NULL);
	ret = rig_dmabuf_map(db);
	dma_resv_unlock(dmabuf->resv);
	if (ret)
		goto err_detach;
	return db;

err_detach:
	dma_buf_detach(dmabuf, db->attach);
err_put:
	dma_buf_put(dmabuf);
err_free:
	kfree(db);
	return ERR_PTR(ret);
}

/**
 * rig_dmabuf_put() - unmap, unpin, detach and drop an import
 * @db: from rig_dmabuf_get(); the NIC reaches it no more
 */
void rig_dmabuf_put(struct rig_dmabuf *db)
{
	struct dma_buf *dmabuf = db->attach->dmabuf;

	dma_resv_lock(dmabuf->resv, NULL);
	dma_buf_unmap_attachment(db->attach, db->sgt, DMA_BIDIRECTIONAL);
	dma_buf_unpin(db->attach);
	dma_resv_unlock(dmabuf->resv);
	dma_buf_detach(dmabuf, db->attach);
	dma_buf_put(dmabuf);
	kfree(db);
}
