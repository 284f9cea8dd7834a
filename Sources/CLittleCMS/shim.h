// Re-exports of LittleCMS 2 macros that Swift cannot import (function-like TYPE_* pixel formats), for the ICC module.
// Only `ICC` imports this module (with `internal import`), so no LittleCMS type reaches the public API.
#ifndef HDRCOLOR_CLITTLECMS_SHIM_H
#define HDRCOLOR_CLITTLECMS_SHIM_H

#include <lcms2.h>

// 8 bits per channel.
static const cmsUInt32Number HDRCOLOR_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number HDRCOLOR_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number HDRCOLOR_TYPE_BGRA_8 = TYPE_BGRA_8;
static const cmsUInt32Number HDRCOLOR_TYPE_GRAY_8 = TYPE_GRAY_8;

// 16 bits per channel (native byte order).
static const cmsUInt32Number HDRCOLOR_TYPE_RGB_16 = TYPE_RGB_16;
static const cmsUInt32Number HDRCOLOR_TYPE_RGBA_16 = TYPE_RGBA_16;
static const cmsUInt32Number HDRCOLOR_TYPE_BGRA_16 = TYPE_BGRA_16;
static const cmsUInt32Number HDRCOLOR_TYPE_GRAY_16 = TYPE_GRAY_16;

// IEEE 754 binary16.
static const cmsUInt32Number HDRCOLOR_TYPE_RGB_HALF_FLT = TYPE_RGB_HALF_FLT;
static const cmsUInt32Number HDRCOLOR_TYPE_RGBA_HALF_FLT = TYPE_RGBA_HALF_FLT;
static const cmsUInt32Number HDRCOLOR_TYPE_BGRA_HALF_FLT = TYPE_BGRA_HALF_FLT;

// IEEE 754 binary32 (0 ... 1 nominal for RGB).
static const cmsUInt32Number HDRCOLOR_TYPE_RGB_FLT = TYPE_RGB_FLT;
static const cmsUInt32Number HDRCOLOR_TYPE_RGBA_FLT = TYPE_RGBA_FLT;
static const cmsUInt32Number HDRCOLOR_TYPE_BGRA_FLT = TYPE_BGRA_FLT;
static const cmsUInt32Number HDRCOLOR_TYPE_GRAY_FLT = TYPE_GRAY_FLT;

#endif
