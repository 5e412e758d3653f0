#ifndef MAPSNAP_RASTER_ENCODER_H
#define MAPSNAP_RASTER_ENCODER_H
#include <stddef.h>

/// Encoded bytes, malloc'ed; free with `re_free`.
typedef struct {
    unsigned char *data;
    size_t size;
} re_bytes;

/// Encodes a Cairo ARGB32 image (premultiplied, native-endian pixels, rows of `stride` bytes) as
/// WebP: lossless when `quality` < 0, else lossy at `quality` (0...100). Translucent pixels are
/// un-premultiplied first. Returns 0 on success; otherwise non-zero with a message in `error`.
int re_encode_webp(const unsigned char *pixels, int width, int height, int stride, int quality,
                   re_bytes *out, char *error, size_t error_size);

/// Encodes an opaque Cairo ARGB32 image as baseline JPEG at `quality` (1...100), 4:2:0 chroma.
/// The caller checks opacity first (JPEG has no alpha). Never exits on libjpeg errors.
int re_encode_jpeg(const unsigned char *pixels, int width, int height, int stride, int quality,
                   re_bytes *out, char *error, size_t error_size);

void re_free(re_bytes *bytes);

#endif
