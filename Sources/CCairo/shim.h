#include <cairo/cairo.h>
// Vector targets: PDF and SVG documents (`VectorDocument`).
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>
