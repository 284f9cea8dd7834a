// Re-exports of LittleCMS 2 macros that Swift cannot import (function-like TYPE_* pixel formats).
#ifndef HDRCOLOR_LITTLECMSBENCH_SHIM_H
#define HDRCOLOR_LITTLECMSBENCH_SHIM_H

#include <lcms2.h>

static const cmsUInt32Number HDRCOLOR_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number HDRCOLOR_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number HDRCOLOR_TYPE_RGB_16 = TYPE_RGB_16;
static const cmsUInt32Number HDRCOLOR_TYPE_RGBA_16 = TYPE_RGBA_16;
static const cmsUInt32Number HDRCOLOR_TYPE_RGB_FLT = TYPE_RGB_FLT;
static const cmsUInt32Number HDRCOLOR_TYPE_RGBA_FLT = TYPE_RGBA_FLT;
static const cmsUInt32Number HDRCOLOR_TYPE_RGB_HALF_FLT = TYPE_RGB_HALF_FLT;
static const cmsUInt32Number HDRCOLOR_TYPE_RGBA_HALF_FLT = TYPE_RGBA_HALF_FLT;

#endif
