// libde265 (Debian libde265-dev 1.0.11), found by pkg-config `libde265`: HEVC decoding at NAL-unit level, for HEIF
// items that libheif 1.15 cannot open (ImageFiles' item decoder). No helpers: Swift calls the C API directly.
#ifndef HDRCOLOR_CDE265_SHIM_H
#define HDRCOLOR_CDE265_SHIM_H

#include <libde265/de265.h>

#endif
