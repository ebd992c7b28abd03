/* cycle-b.c — requires cycle-a, which requires cycle-b. */
#define FIXTURE_ID "cycle-b"
#include "fixture.h"

static const char *const requires[] = { "cycle-a", NULL };
FIXTURE_PLUGIN(.requires = requires);
