// zimg 3 (Debian libzimg-dev), the speed anchor of the PixelConversion benchmarks; never a dependency of the library.
#ifndef HDRCOLOR_ZIMGBENCH_SHIM_H
#define HDRCOLOR_ZIMGBENCH_SHIM_H

#include <zimg.h>

static const unsigned HDRCOLOR_ZIMG_API_VERSION = ZIMG_API_VERSION;

// Swift does not import the anonymous `plane` array of the buffer structs; these set one plane.
static inline void hdrcolor_zimg_set_input_plane(zimg_image_buffer_const *b, int i, const void *data, ptrdiff_t stride) {
    b->version = ZIMG_API_VERSION;
    b->plane[i].data = data;
    b->plane[i].stride = stride;
    b->plane[i].mask = ZIMG_BUFFER_MAX;
}

static inline void hdrcolor_zimg_set_output_plane(zimg_image_buffer *b, int i, void *data, ptrdiff_t stride) {
    b->version = ZIMG_API_VERSION;
    b->plane[i].data = data;
    b->plane[i].stride = stride;
    b->plane[i].mask = ZIMG_BUFFER_MAX;
}

#endif
