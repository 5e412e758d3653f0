#include "png_writer.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

typedef struct {
    pngw_buffer *out;
    char *error;
    size_t error_size;
    jmp_buf jump;
} encoder_state;

static void on_error(png_structp png, png_const_charp message) {
    encoder_state *state = (encoder_state *)png_get_error_ptr(png);
    snprintf(state->error, state->error_size, "%s", message);
    longjmp(state->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void on_write(png_structp png, png_bytep data, png_size_t length) {
    encoder_state *state = (encoder_state *)png_get_io_ptr(png);
    pngw_buffer *b = state->out;
    if (b->size + length > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 65536;
        while (capacity < b->size + length) capacity *= 2;
        unsigned char *grown = realloc(b->data, capacity);
        if (!grown) png_error(png, "out of memory");
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->size, data, length);
    b->size += length;
}

static void on_flush(png_structp png) { (void)png; }

int pngw_is_opaque(const unsigned char *pixels, int width, int height, int stride) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            if ((row[x] >> 24) != 0xff) return 0;
        }
    }
    return 1;
}

/* Converts one premultiplied ARGB32 row to RGB or un-premultiplied RGBA bytes. */
static void convert_row(const uint32_t *src, unsigned char *dst, int width, int opaque) {
    if (opaque) {
        for (int x = 0; x < width; x++) {
            uint32_t p = src[x];
            *dst++ = (p >> 16) & 0xff;
            *dst++ = (p >> 8) & 0xff;
            *dst++ = p & 0xff;
        }
        return;
    }
    for (int x = 0; x < width; x++) {
        uint32_t p = src[x];
        unsigned a = p >> 24;
        if (a == 0) {
            dst[0] = dst[1] = dst[2] = dst[3] = 0;
        } else {
            unsigned r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            dst[0] = (unsigned char)((r * 255 + a / 2) / a);
            dst[1] = (unsigned char)((g * 255 + a / 2) / a);
            dst[2] = (unsigned char)((b * 255 + a / 2) / a);
            dst[3] = (unsigned char)a;
        }
        dst += 4;
    }
}

int pngw_encode_argb32(const unsigned char *pixels, int width, int height, int stride,
                       int level, int filters, pngw_buffer *out, char *error, size_t error_size) {
    encoder_state state = { out, error, error_size };
    png_structp png = NULL;
    png_infop info = NULL;
    unsigned char *row = NULL;
    int opaque = pngw_is_opaque(pixels, width, height, stride);
    int channels = opaque ? 3 : 4;

    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (!png) { snprintf(error, error_size, "cannot create the PNG encoder"); return 1; }
    info = png_create_info_struct(png);
    row = malloc((size_t)width * channels);
    if (!info || !row) {
        snprintf(error, error_size, "out of memory");
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(row);
        return 1;
    }
    if (setjmp(state.jump)) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return 1;
    }
    png_set_write_fn(png, &state, on_write, on_flush);
    png_set_compression_level(png, level);
    if (filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        convert_row((const uint32_t *)(pixels + (size_t)y * stride), row, width, opaque);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 0;
}

void pngw_buffer_free(pngw_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}
