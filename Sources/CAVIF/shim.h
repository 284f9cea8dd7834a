// libavif (Debian libavif-dev 0.11), found by pkg-config `libavif`. libavif reports errors by return codes, so Swift
// calls it directly. 0.11 has no gain-map, clli or mdcv API.
#ifndef HDRCOLOR_CAVIF_SHIM_H
#define HDRCOLOR_CAVIF_SHIM_H
#include <avif/avif.h>
#endif
