#include "palette_quantizer.h"
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/*
 * The quantizer, for images with more than 256 colours (on maps: the blends of anti-aliased
 * edges, text halos and translucent fills between a few hundred flat colours).
 *
 * 1. The exact histogram of colours (pq_count_colours).
 * 2. Variance-based splitting: the box of colours with the largest weighted squared error is cut
 *    across its widest axis where the two halves' summed error is least, until there are 256.
 * 3. A few k-means (Lloyd) passes move each palette colour to the mean of the colours nearest it
 *    (none for PNGW_FAST); a colour holding most of its cluster's pixels is then kept exact.
 * 4. Every colour of the histogram is mapped to its nearest palette colour, once: the pixels are
 *    then mapped through the table.
 *
 * Distances are Euclidean in premultiplied RGBA, scaled per channel: premultiplied so that a
 * nearly transparent colour is close to every other nearly transparent one (what shows after
 * compositing), alpha weighted most because an alpha error shows against any background.
 * A colour's weight is its pixel count to a power below one: a flat fill of a million pixels must
 * stay exact, but the blends along its edges, each a few pixels, must not all be given away to it
 * (that is what shows as jagged edges and banded halos).
 */

static const float channel_scale[4] = { 0.80f, 1.00f, 0.65f, 1.30f };   /* R, G, B, A */
/* Opaque colours stand this much further out on the alpha axis (in alpha levels): a translucent
   palette colour is then never the nearest for an opaque one, nor the mean of opaque colours
   with others, so what was opaque stays opaque (a road, the core of a letter over transparency). */
#define OPAQUE_GAP 32.0f
/* On Monaco's maps and tiles, 1 gives the least mean error on maps, 0.5 a sixth less of the
   largest errors on tiles but twice the mean on maps; 0.7 is between. */
#define WEIGHT_EXPONENT 0.70

uint8_t pq_unpremultiply_table[256][256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void fill_table(void) {
    for (unsigned a = 1; a < 256; a++) {
        for (unsigned c = 0; c < 256; c++) {
            unsigned v = (c * 255 + a / 2) / a;
            pq_unpremultiply_table[a][c] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}

static float weight_of_count[1024];   /* pow(count, WEIGHT_EXPONENT): most colours have few pixels */
static void fill_buckets(void);
static void fill_tables(void) {
    fill_table();
    fill_buckets();
    for (int i = 0; i < 1024; i++) weight_of_count[i] = (float)pow((double)i, WEIGHT_EXPONENT);
}

void pq_init(void) { pthread_once(&table_once, fill_tables); }

/* MARK: the histogram */

static int table_alloc(pq_table *t, uint32_t capacity) {
    t->keys = calloc(capacity, sizeof *t->keys);
    t->values = calloc(capacity, sizeof *t->values);
    if (!t->keys || !t->values) {
        free(t->keys); free(t->values);
        t->keys = t->values = NULL;
        return -1;
    }
    t->capacity = capacity;
    t->used = 0;
    return 0;
}

/* The slot for `key`, inserted (with count 0, marked used by the caller adding to it) when new. */
static inline uint32_t slot_for(pq_table *t, uint32_t key) {
    uint32_t i = pq_hash(key, t->capacity);
    while (t->values[i] != 0) {
        if (t->keys[i] == key) return i;
        i = (i + 1) & (t->capacity - 1);
    }
    t->keys[i] = key;
    t->used++;
    return i;
}

/* Moves the counted colours into a table of `capacity` slots, each key masked by t->mask. */
static int rehash(pq_table *t, uint32_t capacity) {
    pq_table old = *t;
    if (table_alloc(t, capacity) != 0) { *t = old; return -1; }
    for (uint32_t i = 0; i < old.capacity; i++) {
        if (old.values[i]) t->values[slot_for(t, pq_masked(old.keys[i], t->mask))] += old.values[i];
    }
    free(old.keys);
    free(old.values);
    return 0;
}

/* Makes room for one more colour: a table twice the size, or, at the limit, one bit less of each
   channel (alpha 255 and the transparent colour stay exact: they are masked to themselves). */
static int make_room(pq_table *t) {
    if (t->used + 1 <= t->capacity / 2) return 0;
    if (t->used < PQ_MAX_COLOURS) return rehash(t, t->capacity * 2);
    while (t->used + 1 > t->capacity / 2) {
        t->mask = (t->mask << 1) & 0xfefefefeu;   /* one more low bit cleared in every channel */
        if (rehash(t, t->capacity) != 0) return -1;
    }
    return 0;
}

int pq_count_colours(pq_table *t, const unsigned char *pixels, int width, int height, int stride) {
    pq_init();
    memset(t, 0, sizeof *t);
    t->mask = 0xffffffffu;
    if (table_alloc(t, 1024) != 0) return -1;
    /* Runs of one pixel value (most of a map) are counted without hashing. */
    uint32_t last_pixel = 0, last_slot = 0;
    int have_last = 0;
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        int x = 0;
        while (x < width) {
            uint32_t p = row[x];
            int end = x + 1;
            while (end < width && row[end] == p) end++;
            uint32_t run = (uint32_t)(end - x);
            x = end;
            if (!have_last || p != last_pixel) {
                uint32_t key = pq_key(t, p);
                uint32_t before = t->used;
                uint32_t slot = slot_for(t, key);
                if (t->used != before) {
                    /* A new colour: count it, then keep the table at most half full. The slot moves
                       when the table is rebuilt, so it is looked up again. */
                    t->values[slot] = run;
                    if (make_room(t) != 0) { pq_table_free(t); return -1; }
                    key = pq_key(t, p);
                    last_slot = pq_find(t, key);
                    last_pixel = p;
                    have_last = 1;
                    continue;
                }
                last_slot = slot;
                last_pixel = p;
                have_last = 1;
            }
            t->values[last_slot] += run;
        }
    }
    return 0;
}

void pq_table_free(pq_table *t) {
    free(t->keys);
    free(t->values);
    t->keys = t->values = NULL;
    t->capacity = t->used = 0;
}

/* MARK: colours as points */

typedef struct {
    float v[4];      /* scaled premultiplied R, G, B, A */
    float w;         /* weight: the pixel count to WEIGHT_EXPONENT */
    uint32_t slot;   /* where the colour is in the table */
    uint8_t c[4];    /* premultiplied 8-bit R, G, B, A: the keys a box is sorted by */
    uint32_t cluster;
} entry;

/* The colour a (possibly masked) key stands for: the middle of the dropped bits' range, opaque
   and transparent kept as they are. */
static uint32_t key_colour(uint32_t key, uint32_t mask) {
    if (key == 0 || mask == 0xffffffffu) return key;
    uint32_t half = ((~mask & 0xffu) + 1) >> 1;
    uint32_t a = key >> 24;
    if (a != 255) a = a + half > 254 ? 254 : a + half;
    return a << 24 | ((key & 0x00ffffffu) + half * 0x010101u);
}

static void point_of(uint32_t colour, float v[4], uint8_t c[4]) {
    unsigned a = colour >> 24;
    unsigned ch[3] = { (colour >> 16) & 0xff, (colour >> 8) & 0xff, colour & 0xff };
    for (int k = 0; k < 3; k++) {
        float premultiplied = (float)ch[k] * (float)a / 255.0f;
        v[k] = premultiplied * channel_scale[k];
        if (c) c[k] = (uint8_t)((ch[k] * a + 127) / 255);
    }
    v[3] = ((float)a + (a == 255 ? OPAQUE_GAP : 0)) * channel_scale[3];
    if (c) c[3] = (uint8_t)a;
}

/* The 8-bit un-premultiplied colour nearest a point. */
static uint32_t colour_of(const float v[4]) {
    float af = v[3] / channel_scale[3];
    int a = af > 255 + OPAQUE_GAP / 2 ? 255 : (int)lrintf(af);
    if (a <= 0) return 0;
    if (a > 254 && af <= 255 + OPAQUE_GAP / 2) a = 254;
    uint32_t out = (uint32_t)a << 24;
    for (int k = 0; k < 3; k++) {
        float premultiplied = v[k] / channel_scale[k];
        int c = (int)lrintf(premultiplied * 255.0f / (float)a);
        if (c < 0) c = 0;
        if (c > 255) c = 255;
        out |= (uint32_t)c << (16 - 8 * k);
    }
    return out;
}

static inline float distance2(const float a[4], const float b[4]) {
    float d0 = a[0] - b[0], d1 = a[1] - b[1], d2 = a[2] - b[2], d3 = a[3] - b[3];
    return d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
}

/* MARK: variance-based splitting */

typedef struct {
    uint32_t start, end;   /* entries[start..<end] */
    double w, s[4], ss[4]; /* Σw, Σw·v, Σw·v² per axis */
    double error;          /* Σw·|v - mean|², or -1 when the box cannot be cut */
} box;

/* The box's error from its sums. */
static void settle(box *b) {
    double error = 0;
    for (int k = 0; k < 4; k++) error += b->ss[k] - b->s[k] * b->s[k] / b->w;
    b->error = b->end - b->start > 1 && error > 0 ? error : -1;
}

static void measure(box *b, const entry *e) {
    b->w = 0;
    for (int k = 0; k < 4; k++) b->s[k] = b->ss[k] = 0;
    for (uint32_t i = b->start; i < b->end; i++) {
        double w = e[i].w;
        b->w += w;
        for (int k = 0; k < 4; k++) {
            double v = e[i].v[k];
            b->s[k] += w * v;
            b->ss[k] += w * v * v;
        }
    }
    settle(b);
}

/* Cuts `b` in two along its widest axis that has two distinct values, where the two parts' summed
   error is least (a counting sort by the axis's 8-bit value, then one scan of the sorted colours).
   Returns 0 when no axis can be cut. */
static int split(box *b, box *second, entry *e, entry *scratch) {
    double spread[4];
    int axes[4] = { 0, 1, 2, 3 };
    for (int k = 0; k < 4; k++) spread[k] = b->ss[k] - b->s[k] * b->s[k] / b->w;
    for (int i = 1; i < 4; i++) {   /* widest first; ties by axis, for the same result every time */
        for (int j = i; j > 0 && spread[axes[j]] > spread[axes[j - 1]]; j--) {
            int t = axes[j]; axes[j] = axes[j - 1]; axes[j - 1] = t;
        }
    }
    for (int n = 0; n < 4; n++) {
        int axis = axes[n];
        if (spread[axis] <= 0) break;
        uint32_t count[256] = { 0 };
        for (uint32_t i = b->start; i < b->end; i++) count[e[i].c[axis]]++;
        if (count[e[b->start].c[axis]] == b->end - b->start) continue;   /* one value: no cut */
        /* Counting sort of the box by the axis (stable: the same input gives the same order). */
        uint32_t offset[256], at = b->start;
        for (int key = 0; key < 256; key++) { offset[key] = at; at += count[key]; }
        for (uint32_t i = b->start; i < b->end; i++) scratch[offset[e[i].c[axis]]++] = e[i];
        memcpy(e + b->start, scratch + b->start, (size_t)(b->end - b->start) * sizeof *e);
        /* The cut maximizing |S_left|²/W_left + |S_right|²/W_right minimizes the summed error;
           only between two values of the axis. */
        double lw = 0, ls[4] = { 0, 0, 0, 0 }, lss[4] = { 0, 0, 0, 0 }, best = -1;
        box left = { 0 };
        for (uint32_t i = b->start; i + 1 < b->end; i++) {
            double w = e[i].w;
            lw += w;
            for (int k = 0; k < 4; k++) {
                double v = e[i].v[k];
                ls[k] += w * v;
                lss[k] += w * v * v;
            }
            if (e[i].c[axis] == e[i + 1].c[axis]) continue;
            double rw = b->w - lw;
            if (rw <= 0) continue;
            double gain = 0;
            for (int k = 0; k < 4; k++) {
                double rs = b->s[k] - ls[k];
                gain += ls[k] * ls[k] / lw + rs * rs / rw;
            }
            if (gain > best) {
                best = gain;
                left = (box){ .start = b->start, .end = i + 1, .w = lw };
                for (int k = 0; k < 4; k++) { left.s[k] = ls[k]; left.ss[k] = lss[k]; }
            }
        }
        if (left.end == 0) continue;
        /* The halves' sums from the scan (the right one by difference), not another pass. */
        box right = { .start = left.end, .end = b->end, .w = b->w - left.w };
        for (int k = 0; k < 4; k++) { right.s[k] = b->s[k] - left.s[k]; right.ss[k] = b->ss[k] - left.ss[k]; }
        settle(&left);
        settle(&right);
        *b = left;
        *second = right;
        return 1;
    }
    return 0;
}

/* MARK: nearest palette colour */

/* For each palette colour, the others by distance from it: a search that starts from a good guess
   g stops at the first colour j with |g - j| ≥ |v - g| + |v - best| (the triangle inequality:
   no later one can be nearer v). Most colours of a map are settled in a few steps. */
typedef struct {
    int count;
    float (*points)[4];
    uint8_t *order;       /* count × (count - 1); NULL: every colour is tried */
    float *gap;           /* lower bounds of the distances, in that order (non-decreasing) */
    float axis[4][256];   /* the points by axis, for trying every colour (the loop vectorizes) */
    float reach[256];     /* a quarter of the squared distance to the nearest other point: a
                             colour that near a point has no nearer one (or 0: not computed) */
} nearest_index;

/* The index costs about as much as trying every colour for a few thousand lookups (a tile has a
   few hundred colours to map; a 1024x768 map tens of thousands). */
#define INDEX_LOOKUPS 2048

/* A distance's bucket: the squared distance's float bits from the exponent down to three bits of
   mantissa (non-negative floats order as their bits), so a bucket spans 9 % of a distance. */
#define BUCKET_BASE ((127 - 8) << 3)   /* squared distances below 2^-8 share bucket 0 */
static float bucket_floor[256];        /* the least distance in each bucket */

static void fill_buckets(void) {
    bucket_floor[0] = 0;
    for (uint32_t k = 1; k < 256; k++) {
        uint32_t bits = (k + BUCKET_BASE) << 20;
        float d2;
        memcpy(&d2, &bits, 4);
        bucket_floor[k] = sqrtf(d2);
    }
}

static int index_build(nearest_index *ix, float (*points)[4], int count, uint32_t lookups) {
    ix->count = count;
    ix->points = points;
    ix->order = NULL;
    ix->gap = NULL;
    for (int k = 0; k < 4; k++) for (int i = 0; i < count; i++) ix->axis[k][i] = points[i][k];
    memset(ix->reach, 0, sizeof ix->reach);
    if (lookups < (uint32_t)count || count < 2) return 0;   /* not worth count² distances */
    for (int i = 0; i < count; i++) {
        float d[256], least = INFINITY;
        const float *p = points[i];
        for (int j = 0; j < count; j++) {
            float d0 = ix->axis[0][j] - p[0], d1 = ix->axis[1][j] - p[1], d2 = ix->axis[2][j] - p[2], d3 = ix->axis[3][j] - p[3];
            d[j] = d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
        }
        d[i] = INFINITY;
        for (int j = 0; j < count; j++) least = d[j] < least ? d[j] : least;
        ix->reach[i] = least * 0.25f;
    }
    if (lookups < INDEX_LOOKUPS) return 0;
    size_t row = (size_t)(count - 1);
    ix->order = malloc((size_t)count * row);
    ix->gap = malloc((size_t)count * row * sizeof *ix->gap);
    if (!ix->order || !ix->gap) { free(ix->order); free(ix->gap); return -1; }
    for (int i = 0; i < count; i++) {
        /* One counting sort by bucket; the bucket's floor is a lower bound of the distance that
           does not decrease along the row, so stopping on it stays exact. */
        float d[256];
        uint8_t key[256];
        const float *p = points[i];
        for (int j = 0; j < count; j++) {
            float d0 = ix->axis[0][j] - p[0], d1 = ix->axis[1][j] - p[1], d2 = ix->axis[2][j] - p[2], d3 = ix->axis[3][j] - p[3];
            d[j] = d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
        }
        uint32_t at[256] = { 0 };
        for (int j = 0; j < count; j++) {
            uint32_t bits;
            memcpy(&bits, &d[j], 4);
            int32_t b = (int32_t)(bits >> 20) - BUCKET_BASE;
            key[j] = (uint8_t)(b < 0 ? 0 : b > 255 ? 255 : b);
            at[key[j]] += j != i;
        }
        for (uint32_t b = 0, sum = 0; b < 256; b++) { uint32_t c = at[b]; at[b] = sum; sum += c; }
        uint8_t *order = ix->order + (size_t)i * row;
        float *gap = ix->gap + (size_t)i * row;
        for (int j = 0; j < count; j++) {
            if (j == i) continue;
            uint32_t slot = at[key[j]]++;
            order[slot] = (uint8_t)j;
            gap[slot] = bucket_floor[key[j]];
        }
    }
    return 0;
}

static void index_free(nearest_index *ix) {
    free(ix->order);
    free(ix->gap);
}

static int nearest(const nearest_index *ix, const float v[4], int guess) {
    float best2 = distance2(v, ix->points[guess]);
    if (best2 <= ix->reach[guess] || best2 == 0) return guess;
    if (!ix->order) {
        float d[256];
        for (int j = 0; j < ix->count; j++) {
            float d0 = ix->axis[0][j] - v[0], d1 = ix->axis[1][j] - v[1], d2 = ix->axis[2][j] - v[2], d3 = ix->axis[3][j] - v[3];
            d[j] = d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
        }
        int found = guess;
        for (int j = 0; j < ix->count; j++) if (d[j] < d[found]) found = j;
        return found;
    }
    float to_guess = sqrtf(best2), best = to_guess;
    int found = guess, n = ix->count - 1;
    const uint8_t *order = ix->order + (size_t)guess * (size_t)n;
    const float *gap = ix->gap + (size_t)guess * (size_t)n;
    for (int k = 0; k < n; k++) {
        if (gap[k] >= to_guess + best) break;
        int j = order[k];
        float d2 = distance2(v, ix->points[j]);
        if (d2 < best2) { best2 = d2; best = sqrtf(d2); found = j; }
    }
    return found;
}

/* MARK: the palette */

/* Per cluster of colours: the weighted sums (its mean), its pixels, its colour with the most. */
typedef struct {
    double sum[256][5];
    uint64_t pixels[256];
    uint32_t mode[256];
} clusters;

/* Sums up the clusters the entries are in, and moves each cluster's point to its mean. */
static void gather(clusters *s, float (*points)[4], int count, const entry *e, uint32_t m, const pq_table *t) {
    memset(s, 0, sizeof *s);
    for (uint32_t i = 0; i < m; i++) {
        uint32_t c = e[i].cluster, pixels = t->values[e[i].slot];
        double w = e[i].w;
        for (int k = 0; k < 4; k++) s->sum[c][k] += w * e[i].v[k];
        s->sum[c][4] += w;
        if (pixels > t->values[e[s->mode[c]].slot] || s->pixels[c] == 0) s->mode[c] = i;
        s->pixels[c] += pixels;
    }
    for (int c = 0; c < count; c++) {
        if (s->sum[c][4] > 0) for (int k = 0; k < 4; k++) points[c][k] = (float)(s->sum[c][k] / s->sum[c][4]);
    }
}

int pq_build_palette(pq_table *t, int passes, uint32_t palette[256], uint64_t usage[256]) {
    uint32_t n = t->used;
    memset(usage, 0, 256 * sizeof *usage);
    if (n <= 256) {   /* exact: the image's own colours */
        uint32_t k = 0;
        for (uint32_t i = 0; i < t->capacity; i++) {
            if (!t->values[i]) continue;
            palette[k] = key_colour(t->keys[i], t->mask);
            usage[k] = t->values[i];
            t->values[i] = ++k;
        }
        return (int)k;
    }

    entry *e = malloc((size_t)n * sizeof *e), *scratch = malloc((size_t)n * sizeof *e);
    if (!e || !scratch) { free(e); free(scratch); return -1; }
    /* The transparent colour gets a palette entry of its own when present: fully transparent
       areas must stay fully transparent, not take a faint tint from their anti-aliased borders. */
    int have_transparent = 0;
    uint32_t transparent_slot = 0;
    uint32_t m = 0;
    for (uint32_t i = 0; i < t->capacity; i++) {
        if (!t->values[i]) continue;
        if (t->keys[i] == 0) { have_transparent = 1; transparent_slot = i; continue; }
        point_of(key_colour(t->keys[i], t->mask), e[m].v, e[m].c);
        uint32_t count = t->values[i];
        e[m].w = count < 1024 ? weight_of_count[count] : (float)pow((double)count, WEIGHT_EXPONENT);
        e[m].slot = i;
        e[m].cluster = 0;
        m++;
    }
    int target = 256 - have_transparent;

    box boxes[256];
    int nboxes = 1;
    boxes[0] = (box){ .start = 0, .end = m };
    measure(&boxes[0], e);
    while (nboxes < target) {
        int worst = -1;
        for (int b = 0; b < nboxes; b++) {
            if (boxes[b].error > 0 && (worst < 0 || boxes[b].error > boxes[worst].error)) worst = b;
        }
        if (worst < 0) break;
        if (!split(&boxes[worst], &boxes[nboxes], e, scratch)) { boxes[worst].error = -1; continue; }
        nboxes++;
    }

    /* The boxes' means start k-means; each pass assigns every colour to its nearest palette colour
       (starting from the last one) and moves each palette colour to the mean of its own. */
    float (*points)[4] = malloc(256 * sizeof *points);
    clusters *stats = malloc(sizeof *stats);
    if (!points || !stats) { free(e); free(scratch); free(points); free(stats); return -1; }
    for (int b = 0; b < nboxes; b++) {
        for (uint32_t i = boxes[b].start; i < boxes[b].end; i++) e[i].cluster = (uint32_t)b;
    }
    int k_count = nboxes;
    gather(stats, points, k_count, e, m, t);
    for (int pass = 0; pass < passes; pass++) {
        nearest_index ix;
        if (index_build(&ix, points, k_count, m) != 0) { free(e); free(scratch); free(points); free(stats); return -1; }
        for (uint32_t i = 0; i < m; i++) e[i].cluster = (uint32_t)nearest(&ix, e[i].v, (int)e[i].cluster);
        index_free(&ix);
        gather(stats, points, k_count, e, m, t);
    }

    /* Rounded to 8-bit colours, duplicates merged (the transparent colour exact and first), and
       every colour mapped to its nearest, starting from its cluster's. */
    int remap[256], unique = 0;
    if (have_transparent) palette[unique++] = 0;
    for (int c = 0; c < k_count; c++) {
        remap[c] = 0;
        if (stats->pixels[c] == 0) continue;   /* no colour is nearest it */
        /* A colour with most of its cluster's pixels is kept exact (a flat fill, its blends
           around it): the same fill must match across tiles, some of them exact. */
        uint32_t top = e[stats->mode[c]].slot;
        uint32_t colour = 2 * (uint64_t)t->values[top] >= stats->pixels[c] ? key_colour(t->keys[top], t->mask) : colour_of(points[c]);
        int d = 0;
        while (d < unique && palette[d] != colour) d++;
        if (d == unique) palette[unique++] = colour;
        remap[c] = d;
    }
    for (int c = 0; c < unique; c++) point_of(palette[c], points[c], NULL);
    nearest_index ix;
    if (index_build(&ix, points, unique, m) != 0) { free(e); free(scratch); free(points); free(stats); return -1; }
    for (uint32_t i = 0; i < m; i++) {
        int c = nearest(&ix, e[i].v, remap[e[i].cluster]);
        usage[c] += t->values[e[i].slot];
        e[i].cluster = (uint32_t)c;
    }
    for (uint32_t i = 0; i < m; i++) t->values[e[i].slot] = e[i].cluster + 1;
    if (have_transparent) {
        usage[0] += t->values[transparent_slot];
        t->values[transparent_slot] = 1;
    }
    index_free(&ix);
    free(e); free(scratch); free(points); free(stats);
    return unique;
}
