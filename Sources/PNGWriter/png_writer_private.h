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

#endif
