// The advanced (ZSTD_d_windowLogMax) parameters are part of the stable API since zstd 1.4.
#include <zstd.h>
