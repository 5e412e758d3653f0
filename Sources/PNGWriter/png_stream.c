#include "png_writer_private.h"
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/*
 * The FAST PNG of a whole ARGB32 image (a snapshot; tiles are compressed in one call, which is
 * faster for their size) without a copy of the image: rows are converted a strip
 * at a time into a buffer that stays in the cache and fed to igzip as they come. An image of 64
 * rows or more is compressed as two halves, raw deflate streams of their own; the first ends on a
 * full flush (byte-aligned, not final), so the two join into one stream, and their Adler-32 sums
 * are combined (zlib's adler32_combine) for the zlib trailer. Given two threads, the halves are
 * compressed at once; the bytes are the same either way.
 */

/* About 64 KiB of rows per strip: igzip's speed, without leaving the L2 cache. */
#define STRIP_BYTES (64 * 1024)

typedef struct {
    const unsigned char *pixels;
    int width, stride, opaque;
    int first_row, end_row;
    int last;                 /* the stream's final part; else it ends on a full flush */
    unsigned char *out;
    size_t capacity, size;
    uint32_t adler;           /* of this part's raw rows */
    int ok;
} part;

static void *compress_part(void *arg) {
    part *p = arg;
    p->ok = 0;
    size_t row_bytes = 1 + (size_t)p->width * (p->opaque ? 3 : 4);
    size_t rows_per_strip = STRIP_BYTES / row_bytes > 0 ? STRIP_BYTES / row_bytes : 1;
    unsigned char *strip = malloc(row_bytes * rows_per_strip);
    struct isal_zstream *s;
    unsigned char *level_buffer;
    if (!strip || !pngw_igzip_for_thread(&s, &level_buffer) || p->capacity > UINT32_MAX) goto done;
    /* Cleared by pngw_igzip_for_thread, as in png_writer.c: init leaves some fields as they were. */
    isal_deflate_init(s);
    s->level = 2;
    s->level_buf = level_buffer;
    s->level_buf_size = ISAL_DEF_LVL2_DEFAULT;
    s->gzip_flag = IGZIP_DEFLATE;
    s->next_out = p->out;
    s->avail_out = (uint32_t)p->capacity;
    uint32_t adler = 1;
    for (int y = p->first_row; y < p->end_row;) {
        int n = (int)((size_t)(p->end_row - y) < rows_per_strip ? (size_t)(p->end_row - y) : rows_per_strip);
        for (int r = 0; r < n; r++) {
            unsigned char *row = strip + (size_t)r * row_bytes;
            row[0] = 0;   /* filter type None */
            pngw_convert_row((const uint32_t *)(p->pixels + (size_t)(y + r) * p->stride), row + 1, p->width, p->opaque);
        }
        size_t length = (size_t)n * row_bytes;
        adler = isal_adler32(adler, strip, length);
        y += n;
        int final = y == p->end_row;
        s->next_in = strip;
        s->avail_in = (uint32_t)length;
        s->end_of_stream = final && p->last;
        s->flush = final && !p->last ? FULL_FLUSH : NO_FLUSH;
        if (isal_deflate(s) != COMP_OK || s->avail_in != 0) goto done;
    }
    /* Out of room, igzip stops short of the stream's end: then this part has failed. */
    if (p->last ? s->internal_state.state != ZSTATE_END : s->internal_state.state != ZSTATE_NEW_HDR) goto done;
    p->size = s->total_out;
    p->adler = adler;
    p->ok = 1;
done:
    free(strip);
    return NULL;
}

static void put32(unsigned char *p, uint32_t v) {
    p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = (unsigned char)v;
}

int pngw_encode_fast_stream(const unsigned char *pixels, int width, int height, int stride, int opaque, int threads,
                            pngw_buffer *out) {
    size_t row_bytes = 1 + (size_t)width * (opaque ? 3 : 4);
    int count = height >= 64 ? 2 : 1;
    part parts[2];
    int ok = 0;
    for (int i = 0; i < count; i++) {
        part *p = &parts[i];
        p->pixels = pixels;
        p->width = width;
        p->stride = stride;
        p->opaque = opaque;
        p->first_row = height * i / count;
        p->end_row = height * (i + 1) / count;
        p->last = i == count - 1;
        size_t raw = row_bytes * (size_t)(p->end_row - p->first_row);
        /* Room for stored blocks and more: data that does not fit has failed, and the caller
           compresses it with libdeflate, which knows its bound. */
        p->capacity = raw + raw / 8 + 65536;
        p->out = malloc(p->capacity);
        p->ok = 0;
    }
    if (!parts[0].out || (count == 2 && !parts[1].out)) goto done;
    pthread_t helper;
    int helped = count == 2 && threads >= 2 && pthread_create(&helper, NULL, compress_part, &parts[1]) == 0;
    compress_part(&parts[0]);
    if (helped) pthread_join(helper, NULL);
    else if (count == 2) compress_part(&parts[1]);
    if (!parts[0].ok || (count == 2 && !parts[1].ok)) goto done;

    uint32_t adler = parts[0].adler;
    size_t data_size = 2 + parts[0].size + 4;
    if (count == 2) {
        adler = (uint32_t)adler32_combine(adler, parts[1].adler, (z_off_t)(row_bytes * (size_t)(parts[1].end_row - parts[1].first_row)));
        data_size += parts[1].size;
    }
    if (data_size > 0x7fffffffu) goto done;
    size_t capacity = 8 + 25 + 12 + data_size + 12;
    unsigned char *png = malloc(capacity);
    if (!png) goto done;
    static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    memcpy(png, signature, 8);
    unsigned char *ihdr = png + 8;
    put32(ihdr, 13);
    memcpy(ihdr + 4, "IHDR", 4);
    put32(ihdr + 8, (uint32_t)width);
    put32(ihdr + 12, (uint32_t)height);
    ihdr[16] = 8;
    ihdr[17] = opaque ? 2 : 6;
    ihdr[18] = ihdr[19] = ihdr[20] = 0;
    put32(ihdr + 21, (uint32_t)libdeflate_crc32(0, ihdr + 4, 17));
    unsigned char *idat = ihdr + 25;
    put32(idat, (uint32_t)data_size);
    memcpy(idat + 4, "IDAT", 4);
    unsigned char *d = idat + 8;
    d[0] = 0x78;   /* deflate, 32 KiB window */
    d[1] = 0x01;   /* fastest, no dictionary: (0x78 << 8 | 0x01) % 31 == 0 */
    size_t n = 2;
    for (int i = 0; i < count; i++) {
        memcpy(d + n, parts[i].out, parts[i].size);
        n += parts[i].size;
    }
    put32(d + n, adler);
    put32(idat + 8 + data_size, (uint32_t)libdeflate_crc32(0, idat + 4, 4 + data_size));
    unsigned char *iend = idat + 12 + data_size;
    put32(iend, 0);
    memcpy(iend + 4, "IEND", 4);
    put32(iend + 8, (uint32_t)libdeflate_crc32(0, iend + 4, 4));
    free(out->data);
    out->data = png;
    out->size = capacity;
    out->capacity = capacity;
    ok = 1;
done:
    for (int i = 0; i < count; i++) free(parts[i].out);
    return ok;
}
