// FFmpeg 5.1 (Debian 12 libavformat-dev, libavcodec-dev, libavutil-dev, libswscale-dev), found by pkg-config
// `libavformat`: demuxing, decoding, encoding and muxing for VideoFiles. The inline helpers below re-export values that
// FFmpeg defines as function-like or cast macros, which Swift cannot import.
#ifndef HDRCOLOR_CFFMPEG_SHIM_H
#define HDRCOLOR_CFFMPEG_SHIM_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/dovi_meta.h>
#include <libavutil/error.h>
#include <libavutil/hdr_dynamic_metadata.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

/// AVERROR(EAGAIN): the codec needs input (or output to be read) first.
static inline int hdrcolor_averror_eagain(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: the end of the stream.
static inline int hdrcolor_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR(ENOMEM).
static inline int hdrcolor_averror_enomem(void) { return AVERROR(ENOMEM); }
/// AV_NOPTS_VALUE: no timestamp.
static inline int64_t hdrcolor_nopts_value(void) { return AV_NOPTS_VALUE; }

#endif
