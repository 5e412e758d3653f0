// libFuzzer's entry for programs that keep their own `main` (SwiftPM gives every executable one).
// Only declared here: it is linked in fuzz builds alone (scripts/fuzz.sh), and only code compiled
// with -DFUZZING calls it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
