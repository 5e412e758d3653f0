#ifndef MAPSNAP_RASTER_DECODER_H
#define MAPSNAP_RASTER_DECODER_H
#include <stddef.h>
#include <stdint.h>

/// A decoded image in Cairo's ARGB32 layout (premultiplied, native-endian 32-bit pixels, rows of
/// `stride` bytes). Free with `rd_image_free`.
typedef struct {
    unsigned char *pixels;
    int width, height, stride;
} rd_image;

/// Returned when memory ran out (the image may be fine).
#define RD_NO_MEMORY 2

/// Decodes a PNG, JPEG or WebP image (told apart by their signatures) no larger than `max_side`
/// pixels a side. Returns 0 on success; otherwise non-zero with a message in `error` (never aborts
/// or exits on corrupt data): RD_NO_MEMORY when memory ran out, 1 for an image it cannot read.
int rd_decode(const unsigned char *data, size_t size, int max_side, rd_image *out, char *error, size_t error_size);

/// Decodes a PNG (nothing else), any colour type and bit depth, as libpng's simplified API reads
/// it: converted to 8-bit sRGB by its gAMA/sRGB chunks, as a browser shows it. `premultiplied`:
/// Cairo's layout, as `rd_decode` (sprites, marker icons, images read back); otherwise 8-bit
/// straight RGBA bytes, r, g, b, a per pixel, rows of `stride` (= width * 4) bytes (the
/// conformance judge's expected images). Returns as `rd_decode` does.
int rd_decode_png(const unsigned char *data, size_t size, int max_side, int premultiplied, rd_image *out, char *error, size_t error_size);

void rd_image_free(rd_image *image);

#endif
