#include "png_writer.h"
