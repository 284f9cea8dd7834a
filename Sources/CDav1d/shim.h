// dav1d (Debian libdav1d-dev 1.0), found by pkg-config `dav1d`: AV1 decoding of OBU streams, for AVIF items that
// libavif 0.11 cannot open (ImageFiles' item decoder). No helpers: Swift calls the C API directly.
#ifndef HDRCOLOR_CDAV1D_SHIM_H
#define HDRCOLOR_CDAV1D_SHIM_H

#include <dav1d/dav1d.h>

#endif
