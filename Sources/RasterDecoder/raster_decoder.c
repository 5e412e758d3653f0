#include "raster_decoder.h"
#include <png.h>
#include <jpeglib.h>
#include <webp/decode.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Raster tiles (PNG, JPEG, WebP) into Cairo's pixel layout, with each library's memory API.
 * Every size is checked before anything is allocated; libjpeg's errors, which would exit the
 * process by default, come back here through setjmp.
 */

static int fail(char *error, size_t size, const char *message) {
    if (error && size) snprintf(error, size, "%s", message);
    return 1;
}

/* Memory ran out: not the image's fault, so the caller fails the work instead of skipping a tile. */
static int no_memory(char *error, size_t size) {
    fail(error, size, "out of memory");
    return RD_NO_MEMORY;
}

static int allocate(rd_image *out, int width, int height, int max_side, char *error, size_t error_size) {
    if (width <= 0 || height <= 0 || width > max_side || height > max_side)
        return fail(error, error_size, "image size out of range");
    out->width = width;
    out->height = height;
    out->stride = width * 4;
    out->pixels = malloc((size_t)out->stride * (size_t)height);
    return out->pixels ? 0 : no_memory(error, error_size);
}

/* Straight RGBA bytes → premultiplied native ARGB32, in place. */
static void premultiply_rgba(rd_image *img) {
    for (int y = 0; y < img->height; y++) {
        unsigned char *row = img->pixels + (size_t)y * img->stride;
        for (int x = 0; x < img->width; x++) {
            unsigned char *p = row + x * 4;
            uint32_t r = p[0], g = p[1], b = p[2], a = p[3];
            if (a != 255) { r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255; }
            uint32_t v = a << 24 | r << 16 | g << 8 | b;
            memcpy(p, &v, 4);
        }
    }
}

static int decode_png(const unsigned char *data, size_t size, int max_side, int premultiply, rd_image *out, char *error, size_t error_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return fail(error, error_size, image.message);
    image.format = PNG_FORMAT_RGBA;
    /* A 16-bit image that says nothing of its gamma is read as sRGB, as browsers (and so MapLibre)
       read it; libpng would otherwise take it for linear light and brighten it. */
    image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    int status = allocate(out, (int)image.width, (int)image.height, max_side, error, error_size);
    if (status) {
        png_image_free(&image);
        return status;
    }
    if (!png_image_finish_read(&image, NULL, out->pixels, out->stride, NULL)) {
        rd_image_free(out);
        return fail(error, error_size, image.message);
    }
    if (premultiply) premultiply_rgba(out);
    return 0;
}

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void jpeg_fail(j_common_ptr cinfo) {
    struct jpeg_failure *f = (struct jpeg_failure *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, f->message);
    longjmp(f->jump, 1);
}

static void jpeg_quiet(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }

static int decode_jpeg(const unsigned char *data, size_t size, int max_side, rd_image *out, char *error, size_t error_size) {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_failure failure;
    cinfo.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_quiet;
    failure.message[0] = 0;
    unsigned char *volatile row = NULL;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(row);
        rd_image_free(out);
        return fail(error, error_size, failure.message[0] ? failure.message : "corrupt JPEG");
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_RGB;
    if (cinfo.image_width > (unsigned)max_side || cinfo.image_height > (unsigned)max_side) {
        jpeg_destroy_decompress(&cinfo);
        return fail(error, error_size, "image size out of range");
    }
    jpeg_start_decompress(&cinfo);
    int status = allocate(out, (int)cinfo.output_width, (int)cinfo.output_height, max_side, error, error_size);
    if (status) {
        jpeg_destroy_decompress(&cinfo);
        return status;
    }
    row = malloc((size_t)cinfo.output_width * 3);
    if (!row) { jpeg_destroy_decompress(&cinfo); rd_image_free(out); return no_memory(error, error_size); }
    while (cinfo.output_scanline < cinfo.output_height) {
        unsigned char *rows[1] = { row };
        int y = (int)cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, rows, 1);
        uint32_t *target = (uint32_t *)(out->pixels + (size_t)y * out->stride);
        for (int x = 0; x < out->width; x++)
            target[x] = 0xff000000u | (uint32_t)row[3 * x] << 16 | (uint32_t)row[3 * x + 1] << 8 | row[3 * x + 2];
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    return 0;
}

static int decode_webp(const unsigned char *data, size_t size, int max_side, rd_image *out, char *error, size_t error_size) {
    int width = 0, height = 0;
    if (!WebPGetInfo(data, size, &width, &height)) return fail(error, error_size, "corrupt WebP");
    int status = allocate(out, width, height, max_side, error, error_size);
    if (status) return status;
    if (!WebPDecodeRGBAInto(data, size, out->pixels, (size_t)out->stride * (size_t)height, out->stride)) {
        rd_image_free(out);
        return fail(error, error_size, "corrupt WebP");
    }
    premultiply_rgba(out);
    return 0;
}

int rd_decode(const unsigned char *data, size_t size, int max_side, rd_image *out, char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    if (!data || size < 12) return fail(error, error_size, "too short for an image");
    static const unsigned char png[8] = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a };
    if (memcmp(data, png, 8) == 0) return decode_png(data, size, max_side, 1, out, error, error_size);
    if (data[0] == 0xff && data[1] == 0xd8) return decode_jpeg(data, size, max_side, out, error, error_size);
    if (memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0) return decode_webp(data, size, max_side, out, error, error_size);
    return fail(error, error_size, "not a PNG, JPEG or WebP image");
}

void rd_image_free(rd_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

int rd_decode_png(const unsigned char *data, size_t size, int max_side, int premultiplied, rd_image *out, char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    static const unsigned char png[8] = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a };
    if (!data || size < 8 || memcmp(data, png, 8) != 0) return fail(error, error_size, "not a PNG image");
    return decode_png(data, size, max_side, premultiplied != 0, out, error, error_size);
}
