/* good.c — a plugin with nothing wrong with it: every loader test loads it
 * next to the broken ones to prove the rest still loads. */
#define FIXTURE_ID "good"
#include "fixture.h"

FIXTURE_PLUGIN(.priority = 0);
