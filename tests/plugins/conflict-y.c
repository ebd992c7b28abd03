/* conflict-y.c — conflict-x declares a conflict with this one. */
#define FIXTURE_ID "conflict-y"
#include "fixture.h"

FIXTURE_PLUGIN(.priority = 0);
