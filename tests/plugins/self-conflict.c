/* self-conflict.c — requires conflict-y and conflicts with it: it can
 * never be played. */
#define FIXTURE_ID "self-conflict"
#include "fixture.h"

static const char *const requires[] = { "conflict-y", NULL };
static const char *const conflicts[] = { "conflict-y", NULL };
FIXTURE_PLUGIN(.requires = requires, .conflicts = conflicts);
