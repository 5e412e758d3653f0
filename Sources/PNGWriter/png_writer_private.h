#ifndef MAPSNAP_PNG_WRITER_PRIVATE_H
#define MAPSNAP_PNG_WRITER_PRIVATE_H
/* Shared by the encoders in this folder; not part of the module's interface. */
#include "png_writer.h"

/* A chunk written between IHDR and IDAT (PLTE, tRNS). */
typedef struct {
    char type[4];
    const unsigned char *data;
    size_t length;
} pngw_chunk;

/* Compresses `raw` (the filtered rows: a filter byte, then the row's bytes) and writes a whole PNG
   into `out`: signature, IHDR, `chunks` in order, one IDAT, IEND. The caller has checked that
   raw_size is below 2^31 (a chunk's length must fit in 31 bits). PNGW_FAST compresses with igzip
   when `fast_igzip` is set, else with libdeflate's fastest level. 0 on success. */
int pngw_write_png(int width, int height, int bit_depth, int colour_type, const pngw_chunk *chunks, int chunk_count,
                   const unsigned char *raw, size_t raw_size, pngw_compression compression, int fast_igzip,
                   pngw_buffer *out, char *error, size_t error_size);

/* One premultiplied ARGB32 row as RGB (opaque) or un-premultiplied RGBA bytes. */
void pngw_convert_row(const uint32_t *src, unsigned char *dst, int width, int opaque);

/* This thread's igzip stream and level-2 buffer, cleared (allocated on first use, freed with the thread);
   0 when there is no memory. */
struct isal_zstream;
int pngw_igzip_for_thread(struct isal_zstream **stream, unsigned char **level_buffer);

/* The FAST PNG of a whole image streamed through igzip in strips, in two halves from 64 rows on,
   by `threads` (1 or 2) threads: the same bytes either way (png_stream.c). 1 on success; 0 when memory or output room ran out, for the caller to encode
   the image the other way. */
int pngw_encode_fast_stream(const unsigned char *pixels, int width, int height, int stride, int opaque, int threads,
                            pngw_buffer *out);

#endif
