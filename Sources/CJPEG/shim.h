// libjpeg-turbo (Debian libjpeg62-turbo-dev), found by pkg-config `libjpeg`. libjpeg reports fatal errors through
// error_exit, which must not return: here it longjmps to a setjmp taken in the same C function that called libjpeg,
// so no longjmp crosses a Swift frame. Swift sees return codes (1 = success, 0 = failure with `message`).
#ifndef HDRCOLOR_CJPEG_SHIM_H
#define HDRCOLOR_CJPEG_SHIM_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct hdrc_jpeg_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX + 64];
} hdrc_jpeg_error;

static void hdrc_jpeg_error_exit(j_common_ptr cinfo) {
    hdrc_jpeg_error *e = (hdrc_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, e->message);
    longjmp(e->jump, 1);
}

/// Warnings are ignored except "premature end of data", which libjpeg would paper over with grey: a truncated file
/// is an error here.
static void hdrc_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) {
        hdrc_jpeg_error *e = (hdrc_jpeg_error *)cinfo->err;
        (*cinfo->err->format_message)(cinfo, e->message);
        longjmp(e->jump, 1);
    }
}

typedef struct hdrc_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    hdrc_jpeg_error error;
    int created;
    unsigned int width, height;
    int components;  // as coded: 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK
    int precision;   // bits per sample as coded (8; 12 is not supported by this build)
} hdrc_jpeg_decoder;

/// Reads the header of the JPEG in `data` (which must outlive the decoder).
static inline int hdrc_jpeg_read_header(hdrc_jpeg_decoder *d, const unsigned char *data, size_t size) {
    memset(d, 0, sizeof(*d));
    d->cinfo.err = jpeg_std_error(&d->error.pub);
    d->error.pub.error_exit = hdrc_jpeg_error_exit;
    d->error.pub.emit_message = hdrc_jpeg_emit_message;
    if (setjmp(d->error.jump)) return 0;
    jpeg_create_decompress(&d->cinfo);
    d->created = 1;
    if (size > (size_t)(unsigned long)-1) size = (size_t)(unsigned long)-1;
    jpeg_mem_src(&d->cinfo, data, (unsigned long)size);
    jpeg_read_header(&d->cinfo, TRUE);
    d->width = d->cinfo.image_width;
    d->height = d->cinfo.image_height;
    d->components = d->cinfo.num_components;
    d->precision = d->cinfo.data_precision;
    return 1;
}

/// Decodes into `pixels`: RGBA (4 bytes per pixel, alpha 255) or, with `grey`, one byte per pixel.
static inline int hdrc_jpeg_decode(hdrc_jpeg_decoder *d, unsigned char *pixels, size_t stride, int grey) {
    if (setjmp(d->error.jump)) return 0;
    d->cinfo.out_color_space = grey ? JCS_GRAYSCALE : JCS_EXT_RGBA;
    d->cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&d->cinfo);
    while (d->cinfo.output_scanline < d->cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)d->cinfo.output_scanline * stride;
        jpeg_read_scanlines(&d->cinfo, &row, 1);
    }
    jpeg_finish_decompress(&d->cinfo);
    return 1;
}

static inline void hdrc_jpeg_decoder_destroy(hdrc_jpeg_decoder *d) {
    if (d->created) jpeg_destroy_decompress(&d->cinfo);
    d->created = 0;
}

typedef struct hdrc_jpeg_encoder {
    unsigned char *data;  // allocated by libjpeg's memory destination: free with hdrc_jpeg_encoder_free
    unsigned long size;
    hdrc_jpeg_error error;
} hdrc_jpeg_encoder;

/// Encodes RGBA pixels (`grey` 0; the alpha byte is ignored) or grey pixels (`grey` 1) as a baseline JFIF JPEG with
/// optimised Huffman tables. `chroma_420` selects 4:2:0 chroma (else 4:4:4).
static inline int hdrc_jpeg_encode(
    hdrc_jpeg_encoder *e, const unsigned char *pixels, size_t stride, unsigned int width, unsigned int height,
    int grey, int quality, int chroma_420) {
    struct jpeg_compress_struct cinfo;
    memset(&cinfo, 0, sizeof(cinfo));
    e->data = NULL;
    e->size = 0;
    cinfo.err = jpeg_std_error(&e->error.pub);
    e->error.pub.error_exit = hdrc_jpeg_error_exit;
    if (setjmp(e->error.jump)) {
        jpeg_destroy_compress(&cinfo);
        return 0;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &e->data, &e->size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = grey ? 1 : 4;
    cinfo.in_color_space = grey ? JCS_GRAYSCALE : JCS_EXT_RGBA;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.optimize_coding = TRUE;
    cinfo.dct_method = JDCT_ISLOW;
    if (!grey) {
        cinfo.comp_info[0].h_samp_factor = chroma_420 ? 2 : 1;
        cinfo.comp_info[0].v_samp_factor = chroma_420 ? 2 : 1;
    }
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return 1;
}

static inline void hdrc_jpeg_encoder_free(hdrc_jpeg_encoder *e) {
    free(e->data);
    e->data = NULL;
    e->size = 0;
}

#endif
