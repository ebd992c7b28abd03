/* order-c.c — load order: the lowest priority, loaded last. */
#define FIXTURE_ID "order-c"
#include "fixture.h"

FIXTURE_PLUGIN(.priority = -10);
