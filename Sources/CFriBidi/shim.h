#include <fribidi.h>

/* Values whose macros Swift cannot import. */
static const FriBidiParType mapsnap_fribidi_par_on = FRIBIDI_PAR_ON;
static const FriBidiFlags mapsnap_fribidi_shape_arabic = FRIBIDI_FLAG_SHAPE_ARAB_PRES | FRIBIDI_FLAG_SHAPE_ARAB_LIGA;
static const FriBidiFlags mapsnap_fribidi_shape_mirroring = FRIBIDI_FLAG_SHAPE_MIRRORING;
