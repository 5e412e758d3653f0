#ifndef MAPSNAP_PNG_WRITER_H
#define MAPSNAP_PNG_WRITER_H
#include <stddef.h>
#include <stdint.h>

enum { PNGW_FILTER_NONE = 0x08, PNGW_FILTER_SUB = 0x10, PNGW_FILTER_UP = 0x20, PNGW_FILTER_AVG = 0x40, PNGW_FILTER_PAETH = 0x80 };

/// A growable byte buffer the encoder writes into. Free with `pngw_buffer_free`.
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} pngw_buffer;

/// Encodes a Cairo ARGB32 (premultiplied, native-endian) image as PNG into `out`.
/// Opaque images are written as 8-bit RGB, others as un-premultiplied RGBA.
/// `level` is the zlib level (0-9); `filters` a mask of PNG row filters (PNGW_FILTER_*; 0 = libpng's
/// adaptive choice among all five).
/// Returns 0 on success; otherwise non-zero with a message in `error` (libpng's longjmp is caught here,
/// because Swift cannot catch it).
int pngw_encode_argb32(const unsigned char *pixels, int width, int height, int stride,
                       int level, int filters, pngw_buffer *out, char *error, size_t error_size);

/// 1 when every pixel's alpha is 255.
int pngw_is_opaque(const unsigned char *pixels, int width, int height, int stride);

void pngw_buffer_free(pngw_buffer *buffer);

#endif
