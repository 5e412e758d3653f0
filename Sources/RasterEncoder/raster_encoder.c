#include "raster_encoder.h"
#include <webp/encode.h>
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * WebP (libwebp) and JPEG (libjpeg-turbo) from Cairo's pixels. On little-endian machines an
 * ARGB32 pixel lies in memory as B, G, R, A, which both libraries read directly (libwebp's BGRA
 * import, libjpeg-turbo's JCS_EXT_BGRX), so opaque images are encoded without a copy.
 */

static int fail(char *error, size_t size, const char *message) {
    if (error && size) snprintf(error, size, "%s", message);
    return 1;
}

static int sizes_ok(int width, int height, int stride) {
    return width > 0 && height > 0 && stride >= width * 4 && width <= 16383 && height <= 16383;
}

static int is_opaque(const unsigned char *pixels, int width, int height, int stride) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++) if ((row[x] >> 24) != 255) return 0;
    }
    return 1;
}

/* Premultiplied ARGB32 → straight BGRA bytes (libwebp wants straight alpha). */
static unsigned char *straight_bgra(const unsigned char *pixels, int width, int height, int stride) {
    unsigned char *out = malloc((size_t)width * 4 * (size_t)height);
    if (!out) return NULL;
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        unsigned char *o = out + (size_t)y * width * 4;
        for (int x = 0; x < width; x++, o += 4) {
            uint32_t v = row[x], a = v >> 24, r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255;
            if (a != 0 && a != 255) { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a; }
            o[0] = (unsigned char)(b > 255 ? 255 : b); o[1] = (unsigned char)(g > 255 ? 255 : g);
            o[2] = (unsigned char)(r > 255 ? 255 : r); o[3] = (unsigned char)a;
        }
    }
    return out;
}

int re_encode_webp(const unsigned char *pixels, int width, int height, int stride, int quality,
                   re_bytes *out, char *error, size_t error_size) {
    out->data = NULL; out->size = 0;
    if (!sizes_ok(width, height, stride)) return fail(error, error_size, "image size out of range for WebP (at most 16383 pixels a side)");
    WebPConfig config;
    int lossless = quality < 0;
    if (!WebPConfigInit(&config)) return fail(error, error_size, "libwebp version mismatch");
    if (lossless) {
        /* Level 1: map images are flat colours, which the fast lossless setting already packs well. */
        if (!WebPConfigLosslessPreset(&config, 1)) return fail(error, error_size, "libwebp lossless preset failed");
    } else {
        config.quality = (float)(quality > 100 ? 100 : quality);
        /* Method 2: within 2 % of method 4's size on map images, in half its time. */
        config.method = 2;
    }
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return fail(error, error_size, "libwebp version mismatch");
    picture.use_argb = lossless;
    picture.width = width;
    picture.height = height;
    const unsigned char *source = pixels;
    int source_stride = stride;
    unsigned char *copy = NULL;
    if (!is_opaque(pixels, width, height, stride)) {
        copy = straight_bgra(pixels, width, height, stride);
        if (!copy) return fail(error, error_size, "out of memory");
        source = copy;
        source_stride = width * 4;
    }
    int imported = WebPPictureImportBGRA(&picture, source, source_stride);
    free(copy);
    if (!imported) { WebPPictureFree(&picture); return fail(error, error_size, "out of memory"); }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    int code = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        char message[80];
        snprintf(message, sizeof message, "libwebp could not encode the image (error %d)", code);
        return fail(error, error_size, message);
    }
    /* Into plain malloc'ed memory, so that one re_free serves both encoders. */
    out->data = malloc(writer.size ? writer.size : 1);
    if (!out->data) { WebPMemoryWriterClear(&writer); return fail(error, error_size, "out of memory"); }
    memcpy(out->data, writer.mem, writer.size);
    out->size = writer.size;
    WebPMemoryWriterClear(&writer);
    return 0;
}

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    /* The output buffer libjpeg grows; kept here (its address taken) so it survives the longjmp. */
    unsigned char *mem;
    unsigned long mem_size;
};

static void jpeg_fail(j_common_ptr info) {
    struct jpeg_failure *f = (struct jpeg_failure *)info->err;
    (*info->err->format_message)(info, f->message);
    longjmp(f->jump, 1);
}

int re_encode_jpeg(const unsigned char *pixels, int width, int height, int stride, int quality,
                   re_bytes *out, char *error, size_t error_size) {
    out->data = NULL; out->size = 0;
    if (!sizes_ok(width, height, stride)) return fail(error, error_size, "image size out of range for JPEG");
    struct jpeg_compress_struct info;
    struct jpeg_failure failure;
    failure.mem = NULL;
    failure.mem_size = 0;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    if (setjmp(failure.jump)) {
        jpeg_destroy_compress(&info);
        free(failure.mem);
        return fail(error, error_size, failure.message);
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &failure.mem, &failure.mem_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_BGRX;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    /* Smaller files for the same quality: Huffman tables made for this image. */
    info.optimize_coding = TRUE;
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    out->data = failure.mem;
    out->size = failure.mem_size;
    return 0;
}

void re_free(re_bytes *bytes) {
    if (bytes->data) free(bytes->data);
    bytes->data = NULL;
    bytes->size = 0;
}
