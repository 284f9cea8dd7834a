// libpng 1.6 (Debian libpng-dev), found by pkg-config `libpng`. libpng reports errors by longjmp; every function that
// calls into libpng does its setjmp here, in C, so that no longjmp ever crosses a Swift frame: Swift sees return codes
// (1 = success, 0 = failure with a message in `message`).
#ifndef HDRCOLOR_CPNG_SHIM_H
#define HDRCOLOR_CPNG_SHIM_H

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct hdrc_png_reader {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t position;
    png_bytep *rows;
    char message[256];
    png_uint_32 width, height;
    int bit_depth;   // as stored: 1, 2, 4, 8 or 16
    int color_type;  // PNG_COLOR_TYPE_*
    int interlaced;
    int output_bit_depth;  // 8 or 16 (RGBA, 16-bit samples little-endian)
} hdrc_png_reader;

static void hdrc_png_error(png_structp png, png_const_charp text) {
    char *message = (char *)png_get_error_ptr(png);
    if (message) snprintf(message, 256, "%s", text ? text : "libpng error");
    png_longjmp(png, 1);
}

static void hdrc_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void hdrc_png_read_data(png_structp png, png_bytep out, png_size_t count) {
    hdrc_png_reader *r = (hdrc_png_reader *)png_get_io_ptr(png);
    if (count > r->size - r->position) png_error(png, "the file ends early (truncated PNG data)");
    memcpy(out, r->data + r->position, count);
    r->position += count;
}

/// Reads the signature and every chunk up to the first IDAT; sets up RGBA output (palette and grey expanded,
/// tRNS to alpha, opaque alpha added, 16-bit samples little-endian). `max_width`/`max_height` cap the IHDR size.
static inline int hdrc_png_read_header(
    hdrc_png_reader *r, const unsigned char *data, size_t size, png_uint_32 max_width, png_uint_32 max_height,
    size_t max_chunk_bytes) {
    memset(r, 0, sizeof(*r));
    r->data = data;
    r->size = size;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r->message, hdrc_png_error, hdrc_png_warning);
    if (!r->png) {
        snprintf(r->message, sizeof(r->message), "libpng could not allocate its reader");
        return 0;
    }
    r->info = png_create_info_struct(r->png);
    if (!r->info) {
        snprintf(r->message, sizeof(r->message), "libpng could not allocate its info struct");
        return 0;
    }
    if (setjmp(png_jmpbuf(r->png))) return 0;
    png_set_read_fn(r->png, r, hdrc_png_read_data);
    png_set_user_limits(r->png, max_width, max_height);
    png_set_chunk_malloc_max(r->png, max_chunk_bytes);
    png_set_keep_unknown_chunks(r->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_read_info(r->png, r->info);
    int interlace = 0;
    png_get_IHDR(r->png, r->info, &r->width, &r->height, &r->bit_depth, &r->color_type, &interlace, NULL, NULL);
    r->interlaced = interlace != PNG_INTERLACE_NONE;
    png_set_expand(r->png);
    png_set_gray_to_rgb(r->png);
    if (r->bit_depth == 16) png_set_swap(r->png);
    r->output_bit_depth = r->bit_depth == 16 ? 16 : 8;
    if (!(r->color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(r->png, r->info, PNG_INFO_tRNS)) {
        png_set_add_alpha(r->png, r->output_bit_depth == 16 ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
    }
    if (r->interlaced) png_set_interlace_handling(r->png);
    png_read_update_info(r->png, r->info);
    if (png_get_rowbytes(r->png, r->info) != (size_t)r->width * 4 * (r->output_bit_depth / 8)) {
        snprintf(r->message, sizeof(r->message), "unexpected row size after RGBA expansion");
        return 0;
    }
    return 1;
}

/// Decodes every row into `pixels` (RGBA, `stride` bytes apart). Trailing chunks after the image data are not read.
static inline int hdrc_png_read_image(hdrc_png_reader *r, unsigned char *pixels, size_t stride) {
    if (setjmp(png_jmpbuf(r->png))) return 0;
    r->rows = (png_bytep *)malloc(sizeof(png_bytep) * (r->height ? r->height : 1));
    if (!r->rows) png_error(r->png, "out of memory for row pointers");
    for (png_uint_32 y = 0; y < r->height; y++) r->rows[y] = pixels + (size_t)y * stride;
    png_read_image(r->png, r->rows);
    return 1;
}

static inline void hdrc_png_reader_destroy(hdrc_png_reader *r) {
    if (r->png) png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
    free(r->rows);
    r->rows = NULL;
}

typedef struct hdrc_png_writer {
    unsigned char *data;
    size_t size;
    size_t capacity;
    char message[256];
} hdrc_png_writer;

static void hdrc_png_write_data(png_structp png, png_bytep bytes, png_size_t count) {
    hdrc_png_writer *w = (hdrc_png_writer *)png_get_io_ptr(png);
    if (count > ((size_t)-1) - w->size) png_error(png, "output too large");
    if (w->size + count > w->capacity) {
        size_t capacity = w->capacity ? w->capacity : 65536;
        while (capacity < w->size + count) {
            if (capacity > ((size_t)-1) / 2) png_error(png, "output too large");
            capacity *= 2;
        }
        unsigned char *grown = (unsigned char *)realloc(w->data, capacity);
        if (!grown) png_error(png, "out of memory for the encoded PNG");
        w->data = grown;
        w->capacity = capacity;
    }
    memcpy(w->data + w->size, bytes, count);
    w->size += count;
}

static void hdrc_png_flush(png_structp png) { (void)png; }

/// Encodes RGBA rows (`bit_depth` 8 or 16, 16-bit samples little-endian in memory) as an RGB (`with_alpha` 0) or RGBA
/// PNG into `w->data` (free it with `hdrc_png_writer_free`). No colour chunks: they are added after encoding.
static inline int hdrc_png_encode(
    hdrc_png_writer *w, const unsigned char *pixels, size_t stride, png_uint_32 width, png_uint_32 height,
    int bit_depth, int with_alpha, int compression_level) {
    memset(w, 0, sizeof(*w));
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w->message, hdrc_png_error, hdrc_png_warning);
    if (!png) {
        snprintf(w->message, sizeof(w->message), "libpng could not allocate its writer");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        if (!info) snprintf(w->message, sizeof(w->message), "libpng could not allocate its info struct");
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(rows);
        return 0;
    }
    png_set_write_fn(png, w, hdrc_png_write_data, hdrc_png_flush);
    png_set_compression_level(png, compression_level);
    png_set_IHDR(
        png, info, width, height, bit_depth, with_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
        PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (bit_depth == 16) png_set_swap(png);
    if (!with_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory for row pointers");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * stride);
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    return 1;
}

static inline void hdrc_png_writer_free(hdrc_png_writer *w) {
    free(w->data);
    w->data = NULL;
    w->size = w->capacity = 0;
}

#endif
