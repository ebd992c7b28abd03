/* dup-two.c — rule set "dup" again (see dup-one.c). */
#define FIXTURE_ID "dup"
#include "fixture.h"

FIXTURE_PLUGIN(.priority = 0);
