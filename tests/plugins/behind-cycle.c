/* behind-cycle.c — not on a dependency cycle itself, but requires a rule
 * set that is. */
#define FIXTURE_ID "behind-cycle"
#include "fixture.h"

static const char *const requires[] = { "cycle-a", NULL };
FIXTURE_PLUGIN(.requires = requires);
