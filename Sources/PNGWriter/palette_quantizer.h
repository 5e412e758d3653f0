#ifndef MAPSNAP_PALETTE_QUANTIZER_H
#define MAPSNAP_PALETTE_QUANTIZER_H
/* The palette encoder's colour table and quantizer (private to this folder). Colours are
   un-premultiplied RGBA packed as 0xAARRGGBB, the transparent colour always 0. */
#include <stddef.h>
#include <stdint.h>

/* At most this many distinct colours are kept: beyond it, low bits are dropped from every channel
   (photographs; map images have tens of thousands). Bounds the memory to about 20 MB. */
#define PQ_MAX_COLOURS (1u << 18)

/* Every colour of the image with its pixel count: open addressing, linear probing. */
typedef struct {
    uint32_t *keys;
    uint32_t *values;    /* 0: an empty slot. Pixel counts, then palette index + 1 (pq_build_palette) */
    uint32_t capacity;   /* a power of two, at least twice `used` */
    uint32_t used;
    uint32_t mask;       /* kept bits of each channel (0xffffffff: exact colours) */
} pq_table;

extern uint8_t pq_unpremultiply_table[256][256];
void pq_init(void);

/* A colour with the low bits cleared that `mask` clears; opaque stays opaque. */
static inline uint32_t pq_masked(uint32_t colour, uint32_t mask) {
    return (colour >> 24) == 255 ? (colour & mask) | 0xff000000u : colour & mask;
}

/* The table's key of a premultiplied ARGB32 pixel (pq_init first): un-premultiplied as the RGBA
   encoder does, clamped for invalid input (a channel above alpha). */
static inline uint32_t pq_key(const pq_table *t, uint32_t p) {
    uint32_t a = p >> 24;
    if (a == 255) return pq_masked(p, t->mask);
    if (a == 0) return 0;
    const uint8_t *u = pq_unpremultiply_table[a];
    uint32_t key = a << 24 | (uint32_t)u[(p >> 16) & 0xff] << 16 | (uint32_t)u[(p >> 8) & 0xff] << 8 | u[p & 0xff];
    return key & t->mask;
}

static inline uint32_t pq_hash(uint32_t key, uint32_t capacity) {
    /* Fibonacci hashing: the top bits of the product, which mix all of the key's bits. */
    return (uint32_t)(((uint64_t)(key * 0x9e3779b1u) * capacity) >> 32);
}

/* The slot holding `key`, or an empty slot (value 0) when it is not in the table. */
static inline uint32_t pq_find(const pq_table *t, uint32_t key) {
    uint32_t i = pq_hash(key, t->capacity);
    while (t->values[i] && t->keys[i] != key) i = (i + 1) & (t->capacity - 1);
    return i;
}

/* Counts the colours of the image (width, height and stride checked by the caller; fewer than
   2^31 pixels). 0 on success, -1 out of memory. */
int pq_count_colours(pq_table *t, const unsigned char *pixels, int width, int height, int stride);

/* Chooses at most 256 colours (the image's own when it has no more) into `palette`, with their
   pixel counts in `usage`, and sets every slot's value to its palette index + 1. `passes` of
   k-means refine a quantized palette (0 or more). Returns the number of colours, or -1 out of
   memory. */
int pq_build_palette(pq_table *t, int passes, uint32_t palette[256], uint64_t usage[256]);

void pq_table_free(pq_table *t);

#endif
