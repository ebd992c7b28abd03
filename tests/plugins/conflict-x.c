/* conflict-x.c — cannot be played with conflict-y (conflict-y does not
 * say so itself). */
#define FIXTURE_ID "conflict-x"
#include "fixture.h"

static const char *const conflicts[] = { "conflict-y", NULL };
FIXTURE_PLUGIN(.conflicts = conflicts);
