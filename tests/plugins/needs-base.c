/* needs-base.c — requires "base" (always there, never a plugin) and
 * "good": it loads, and enabling it brings "good" along. */
#define FIXTURE_ID "needs-base"
#include "fixture.h"

static const char *const requires[] = { "base", "good", NULL };

FIXTURE_PLUGIN(.requires = requires);
