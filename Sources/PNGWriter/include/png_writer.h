#ifndef MAPSNAP_PNG_WRITER_H
#define MAPSNAP_PNG_WRITER_H
#include <stddef.h>
#include <stdint.h>

/// A growable byte buffer the encoder writes into. Free with `pngw_buffer_free`.
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} pngw_buffer;

/// Speed against size. FAST: ISA-L igzip level 2; BALANCED and SMALL: libdeflate levels 3 and 9.
typedef enum { PNGW_FAST = 0, PNGW_BALANCED = 1, PNGW_SMALL = 2 } pngw_compression;

/// Encodes a Cairo ARGB32 (premultiplied, native-endian) image as PNG into `out`.
/// Opaque images are written as 8-bit RGB, others as un-premultiplied RGBA; rows are not filtered
/// (flat map colours compress best that way, and it is the fastest). `halves` (FAST only): 0
/// compresses the data as one stream (tiles); 1 as two halves joined into one stream, streamed
/// through igzip without a copy of the image (a whole image); 2 the same with the second half on a
/// thread of its own: the bytes depend on `halves` being 0 or not, never on the threads.
/// Returns 0 on success; otherwise non-zero with a message in `error`.
int pngw_encode_argb32(const unsigned char *pixels, int width, int height, int stride,
                       pngw_compression compression, int halves, pngw_buffer *out, char *error, size_t error_size);

/// 1 when every pixel's alpha is 255.
int pngw_is_opaque(const unsigned char *pixels, int width, int height, int stride);

void pngw_buffer_free(pngw_buffer *buffer);

/// For tests: fills this thread's compressor state with junk, as reused memory may hold, so that
/// a test can check that the bytes written do not depend on it.
void pngw_scramble_thread_state(void);

/// Encodes a Cairo ARGB32 image as an 8-bit (or 1/2/4-bit) palette PNG into `out`, with a tRNS
/// chunk when some colours are not opaque (colours are un-premultiplied RGBA, alpha included).
/// Exact when the image has at most 256 colours; otherwise the colours are quantized to 256
/// (FAST without the k-means refinement the others make). FAST compresses with libdeflate's
/// fastest level here, not igzip (5 % smaller on palette rows for little time).
/// Returns 0 on success; otherwise non-zero with a message in `error`.
int pngw_encode_palette_argb32(const unsigned char *pixels, int width, int height, int stride,
                               pngw_compression compression, pngw_buffer *out, char *error, size_t error_size);

#endif
