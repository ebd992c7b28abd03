/* dup-one.c — rule set "dup"; dup-two.c provides the same id. */
#define FIXTURE_ID "dup"
#include "fixture.h"

FIXTURE_PLUGIN(.priority = 0);
