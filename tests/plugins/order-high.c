/* order-high.c — load order: the highest priority, loaded first. */
#define FIXTURE_ID "order-high"
#include "fixture.h"

FIXTURE_PLUGIN(.priority = 10);
