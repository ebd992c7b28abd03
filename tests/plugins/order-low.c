/* order-low.c — load order: a low priority; order-dep requires it. */
#define FIXTURE_ID "order-low"
#include "fixture.h"

FIXTURE_PLUGIN(.priority = -5);
