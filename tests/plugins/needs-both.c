/* needs-both.c — requires conflict-x and conflict-y, which cannot be
 * played together: it can never be played either. */
#define FIXTURE_ID "needs-both"
#include "fixture.h"

static const char *const requires[] = { "conflict-x", "conflict-y", NULL };
FIXTURE_PLUGIN(.requires = requires);
