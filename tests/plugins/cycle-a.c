/* cycle-a.c — requires cycle-b, which requires cycle-a. */
#define FIXTURE_ID "cycle-a"
#include "fixture.h"

static const char *const requires[] = { "cycle-b", NULL };
FIXTURE_PLUGIN(.requires = requires);
