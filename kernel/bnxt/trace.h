/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rig_bnxt tracepoints: every command the driver writes to the RoCE
 * firmware's command queue and its answer, every HWRM request and its
 * answer, and the shape of every region registered.  Their formats are
 * fixed: users bring hardware up with trace-cmd and compare.  This header
 * owns the events; rcfw.c, hwrm.c and mr.c emit them.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM rig_bnxt

#if !defined(RIG_BNXT_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define RIG_BNXT_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(rig_bnxt_cmd,
	    TP_PROTO(const char *dev, u8 opcode, u16 cookie, const void *cmd, u32 bytes),
	    TP_ARGS(dev, opcode, cookie, cmd, bytes),
	    TP_STRUCT__entry(__string(dev, dev)
			     __field(u8, opcode)
			     __field(u16, cookie)
			     __dynamic_array(u8, cmd, bytes)),
	    TP_fast_assign(__assign_str(dev);
			   __entry->opcode = opcode;
			   __entry->cookie = cookie;
			   memcpy(__get_dynamic_array(cmd), cmd, bytes);),
	    TP_printk("%s opcode=0x%02x cookie=0x%04x cmd=%s", __get_str(dev),
		      __entry->opcode, __entry->cookie,
		      __print_hex_str(__get_dynamic_array(cmd),
				      __get_dynamic_array_len(cmd)))
);

TRACE_EVENT(rig_bnxt_cmd_done,
	    TP_PROTO(const char *dev, u8 opcode, u16 cookie, u8 status),
	    TP_ARGS(dev, opcode, cookie, status),
	    TP_STRUCT__entry(__string(dev, dev)
			     __field(u8, opcode)
			     __field(u16, cookie)
			     __field(u8, status)),
	    TP_fast_assign(__assign_str(dev);
			   __entry->opcode = opcode;
			   __entry->cookie = cookie;
			   __entry->status = status;),
	    TP_printk("%s opcode=0x%02x cookie=0x%04x status=0x%02x", __get_str(dev),
		      __entry->opcode, __entry->cookie, __entry->status)
);

TRACE_EVENT(rig_bnxt_hwrm,
	    TP_PROTO(const char *dev, u16 req_type, const void *req, u32 bytes),
	    TP_ARGS(dev, req_type, req, bytes),
	    TP_STRUCT__entry(__string(dev, dev)
			     __field(u16, req_type)
			     __dynamic_array(u8, req, bytes)),
	    TP_fast_assign(__assign_str(dev);
			   __entry->req_type = req_type;
			   memcpy(__get_dynamic_array(req), req, bytes);),
	    TP_printk("%s req_type=0x%04x req=%s", __get_str(dev), __entry->req_type,
		      __print_hex_str(__get_dynamic_array(req),
				      __get_dynamic_array_len(req)))
);

TRACE_EVENT(rig_bnxt_hwrm_done,
	    TP_PROTO(const char *dev, u16 req_type, u16 error),
	    TP_ARGS(dev, req_type, error),
	    TP_STRUCT__entry(__string(dev, dev)
			     __field(u16, req_type)
			     __field(u16, error)),
	    TP_fast_assign(__assign_str(dev);
			   __entry->req_type = req_type;
			   __entry->error = error;),
	    TP_printk("%s req_type=0x%04x error=0x%04x", __get_str(dev),
		      __entry->req_type, __entry->error)
);

/*
 * A region as the firmware was told it: its blocks' size, the PBL's
 * level, and the bytes of page-entry tables the driver holds for it.
 */
TRACE_EVENT(rig_bnxt_mr,
	    TP_PROTO(const char *dev, u32 key, u64 bytes, u8 pg_shift, u8 level,
		     u64 pbl_bytes),
	    TP_ARGS(dev, key, bytes, pg_shift, level, pbl_bytes),
	    TP_STRUCT__entry(__string(dev, dev)
			     __field(u32, key)
			     __field(u64, bytes)
			     __field(u8, pg_shift)
			     __field(u8, level)
			     __field(u64, pbl_bytes)),
	    TP_fast_assign(__assign_str(dev);
			   __entry->key = key;
			   __entry->bytes = bytes;
			   __entry->pg_shift = pg_shift;
			   __entry->level = level;
			   __entry->pbl_bytes = pbl_bytes;),
	    TP_printk("%s key=0x%08x bytes=%llu pg_shift=%u level=%u pbl_bytes=%llu",
		      __get_str(dev), __entry->key, __entry->bytes, __entry->pg_shift,
		      __entry->level, __entry->pbl_bytes)
);

#endif /* RIG_BNXT_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
