#include "png_writer.h"
#include "png_writer_private.h"
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A PNG is a signature and three chunks here (IHDR, one IDAT, IEND): the container is a few
 * lines, and writing it ourselves lets one call compress the whole image data. PNGW_FAST uses
 * ISA-L's igzip (level 2), three times as fast as libdeflate's fastest level for 5 % more
 * bytes on map images; the others use libdeflate, two to three times as fast as zlib (which
 * libpng is built on) at the same size.
 */

/* What each thread keeps between images: allocating a compressor or igzip's level buffer costs
   more than compressing a tile. Freed when the thread ends. */
typedef struct {
    struct libdeflate_compressor *libdeflate[PNGW_SMALL + 1];
    struct isal_zstream *igzip;
    unsigned char *igzip_level_buffer;
} thread_state;

static pthread_key_t state_key;
static pthread_once_t state_once = PTHREAD_ONCE_INIT;

static void free_state(void *p) {
    thread_state *state = p;
    for (int i = 0; i <= PNGW_SMALL; i++) {
        if (state->libdeflate[i]) libdeflate_free_compressor(state->libdeflate[i]);
    }
    free(state->igzip);
    free(state->igzip_level_buffer);
    free(state);
}

static void make_key(void) { pthread_key_create(&state_key, free_state); }

static thread_state *this_thread(void) {
    pthread_once(&state_once, make_key);
    thread_state *state = pthread_getspecific(state_key);
    if (!state) {
        state = calloc(1, sizeof *state);
        if (!state) return NULL;
        pthread_setspecific(state_key, state);
    }
    return state;
}

static struct libdeflate_compressor *libdeflate_for(thread_state *state, pngw_compression compression) {
    static const int levels[] = { [PNGW_FAST] = 1, [PNGW_BALANCED] = 3, [PNGW_SMALL] = 9 };
    if (!state->libdeflate[compression]) state->libdeflate[compression] = libdeflate_alloc_compressor(levels[compression]);
    return state->libdeflate[compression];
}

void pngw_scramble_thread_state(void) {
    thread_state *state = this_thread();
    if (!state) return;
    if (!state->igzip) state->igzip = malloc(sizeof *state->igzip);
    if (!state->igzip_level_buffer) state->igzip_level_buffer = malloc(ISAL_DEF_LVL2_DEFAULT);
    if (state->igzip) {
        memset(state->igzip, 0xa5, sizeof *state->igzip);
        state->igzip->hist_bits = 9;   /* a short window: what made tiles compress worse */
    }
    if (state->igzip_level_buffer) memset(state->igzip_level_buffer, 0x5a, ISAL_DEF_LVL2_DEFAULT);
}

/* This thread's igzip stream and level buffer, both cleared: what a fresh compressor would have.
   igzip keeps its match-finding tables in the level buffer, and some of what an earlier image left
   there survived into the next one: now and then (a few tiles in thousands, depending on which
   images a thread had compressed before) the same image compressed to other bytes, so that a
   pyramid's tiles differed between runs, shards and --jobs. Clearing it (324 KiB, some
   microseconds) makes every encoding a function of the pixels and settings alone. */
int pngw_igzip_for_thread(struct isal_zstream **stream, unsigned char **level_buffer) {
    thread_state *state = this_thread();
    if (!state) return 0;
    if (!state->igzip) state->igzip = malloc(sizeof *state->igzip);
    if (!state->igzip_level_buffer) state->igzip_level_buffer = malloc(ISAL_DEF_LVL2_DEFAULT);
    if (!state->igzip || !state->igzip_level_buffer) return 0;
    memset(state->igzip, 0, sizeof *state->igzip);
    memset(state->igzip_level_buffer, 0, ISAL_DEF_LVL2_DEFAULT);
    *stream = state->igzip;
    *level_buffer = state->igzip_level_buffer;
    return 1;
}

/* igzip level 2 as a zlib stream into out[0..<capacity]; 0 when it does not fit (or no memory). */
static size_t igzip_compress(const unsigned char *in, size_t size, unsigned char *out, size_t capacity) {
    struct isal_zstream *s;
    unsigned char *level_buffer;
    if (size > UINT32_MAX || capacity > UINT32_MAX || !pngw_igzip_for_thread(&s, &level_buffer)) return 0;
    /* The stream comes cleared: isal_deflate_stateless_init leaves some fields as they were,
       hist_bits (the look-back window) among them, and a short window once made the same image
       compress to other bytes, up to twice as many. */
    isal_deflate_stateless_init(s);
    s->gzip_flag = IGZIP_ZLIB;
    s->level = 2;
    s->level_buf = level_buffer;
    s->level_buf_size = ISAL_DEF_LVL2_DEFAULT;
    s->next_in = (uint8_t *)in;
    s->avail_in = (uint32_t)size;
    s->next_out = out;
    s->avail_out = (uint32_t)capacity;
    s->end_of_stream = 1;
    s->flush = NO_FLUSH;
    return isal_deflate_stateless(s) == COMP_OK ? s->total_out : 0;
}

int pngw_is_opaque(const unsigned char *pixels, int width, int height, int stride) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            if ((row[x] >> 24) != 0xff) return 0;
        }
    }
    return 1;
}

void pngw_convert_row(const uint32_t *src, unsigned char *dst, int width, int opaque) {
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

static void put32(unsigned char *p, uint32_t v) {
    p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = (unsigned char)v;
}

/* Writes a chunk's length and type at `p` (its data follows) and its CRC after the data. */
static size_t finish_chunk(unsigned char *p, const char type[4], size_t length) {
    put32(p, (uint32_t)length);
    memcpy(p + 4, type, 4);
    put32(p + 8 + length, (uint32_t)libdeflate_crc32(0, p + 4, 4 + length));
    return 12 + length;
}

int pngw_encode_argb32(const unsigned char *pixels, int width, int height, int stride,
                       pngw_compression compression, int halves, pngw_buffer *out, char *error, size_t error_size) {
    if (width <= 0 || height <= 0 || compression < PNGW_FAST || compression > PNGW_SMALL) {
        snprintf(error, error_size, "cannot encode a %dx%d image with compression %d", width, height, (int)compression);
        return 1;
    }
    int opaque = pngw_is_opaque(pixels, width, height, stride);
    int channels = opaque ? 3 : 4;
    size_t row_bytes = 1 + (size_t)width * channels;
    size_t raw_size = row_bytes * (size_t)height;
    if (raw_size / row_bytes != (size_t)height || raw_size > 0xffffffffu / 2) {
        snprintf(error, error_size, "a %dx%d image is too large for one PNG", width, height);
        return 1;
    }
    if (compression == PNGW_FAST && halves > 0 && pngw_encode_fast_stream(pixels, width, height, stride, opaque, halves, out)) return 0;
    unsigned char *raw = malloc(raw_size);
    if (!raw) { snprintf(error, error_size, "out of memory"); return 1; }
    for (int y = 0; y < height; y++) {
        unsigned char *row = raw + (size_t)y * row_bytes;
        row[0] = 0;   /* filter type None */
        pngw_convert_row((const uint32_t *)(pixels + (size_t)y * stride), row + 1, width, opaque);
    }
    /* 8 bits per channel, colour type RGB or RGBA */
    int status = pngw_write_png(width, height, 8, opaque ? 2 : 6, NULL, 0, raw, raw_size, compression, 1, out, error, error_size);
    free(raw);
    return status;
}

int pngw_write_png(int width, int height, int bit_depth, int colour_type, const pngw_chunk *chunks, int chunk_count,
                   const unsigned char *raw, size_t raw_size, pngw_compression compression, int fast_igzip,
                   pngw_buffer *out, char *error, size_t error_size) {
    thread_state *state = this_thread();
    struct libdeflate_compressor *c = state ? libdeflate_for(state, compression) : NULL;
    if (!c) { snprintf(error, error_size, "out of memory"); return 1; }
    static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    size_t bound = libdeflate_zlib_compress_bound(c, raw_size);
    size_t extra = 0;
    for (int i = 0; i < chunk_count; i++) extra += 12 + chunks[i].length;
    size_t capacity = 8 + (12 + 13) + extra + (12 + bound) + 12;
    unsigned char *png = malloc(capacity);
    if (!png) { snprintf(error, error_size, "out of memory"); return 1; }
    size_t n = 0;
    memcpy(png, signature, 8);
    n += 8;

    unsigned char *ihdr = png + n;
    put32(ihdr + 8, (uint32_t)width);
    put32(ihdr + 12, (uint32_t)height);
    ihdr[16] = (unsigned char)bit_depth;
    ihdr[17] = (unsigned char)colour_type;
    ihdr[18] = ihdr[19] = ihdr[20] = 0;   /* deflate, adaptive filtering, no interlace */
    n += finish_chunk(ihdr, "IHDR", 13);
    for (int i = 0; i < chunk_count; i++) {
        memcpy(png + n + 8, chunks[i].data, chunks[i].length);
        n += finish_chunk(png + n, chunks[i].type, chunks[i].length);
    }

    unsigned char *idat = png + n;
    /* igzip has no bound to ask for: when its output would not fit libdeflate's (incompressible
       data), libdeflate writes the stream instead. */
    size_t compressed = compression == PNGW_FAST && fast_igzip ? igzip_compress(raw, raw_size, idat + 8, bound) : 0;
    if (compressed == 0) compressed = libdeflate_zlib_compress(c, raw, raw_size, idat + 8, bound);
    if (compressed == 0 || compressed > 0x7fffffffu) {   /* a chunk's length has 31 bits */
        free(png);
        snprintf(error, error_size, "the image data did not compress");
        return 1;
    }
    n += finish_chunk(idat, "IDAT", compressed);
    n += finish_chunk(png + n, "IEND", 0);

    free(out->data);
    out->data = png;
    out->size = n;
    out->capacity = capacity;
    return 0;
}

void pngw_buffer_free(pngw_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}
