// libheif (Debian libheif-dev 1.15), found by pkg-config `libheif`. Errors are returned as `struct heif_error`; the
// only helper here is an in-memory writer, so that Swift does not have to pass a callback.
#ifndef HDRCOLOR_CHEIF_SHIM_H
#define HDRCOLOR_CHEIF_SHIM_H

#include <libheif/heif.h>
#include <stdlib.h>
#include <string.h>

typedef struct hdrc_heif_output {
    unsigned char *data;
    size_t size;
} hdrc_heif_output;

static struct heif_error hdrc_heif_write(struct heif_context *ctx, const void *data, size_t size, void *userdata) {
    (void)ctx;
    hdrc_heif_output *out = (hdrc_heif_output *)userdata;
    struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "ok"};
    struct heif_error failed = {heif_error_Encoding_error, heif_suberror_Cannot_write_output_data, "out of memory"};
    unsigned char *grown = (unsigned char *)realloc(out->data, out->size + size);
    if (!grown && out->size + size > 0) return failed;
    out->data = grown;
    if (size) memcpy(out->data + out->size, data, size);
    out->size += size;
    return ok;
}

/// Writes the context's file into `out` (free `out->data` with hdrc_heif_output_free).
static inline struct heif_error hdrc_heif_write_to_memory(struct heif_context *ctx, hdrc_heif_output *out) {
    struct heif_writer writer;
    writer.writer_api_version = 1;
    writer.write = hdrc_heif_write;
    out->data = NULL;
    out->size = 0;
    return heif_context_write(ctx, &writer, out);
}

static inline void hdrc_heif_output_free(hdrc_heif_output *out) {
    free(out->data);
    out->data = NULL;
    out->size = 0;
}

#endif
