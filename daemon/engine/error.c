/* error.c — the MEEPLE_ERROR domain. */
#include "meeple/error.h"

G_DEFINE_QUARK(meeple-error-quark, meeple_error)
