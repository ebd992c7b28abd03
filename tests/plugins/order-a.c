/* order-a.c — load order: priority 0; before order-b by id. */
#define FIXTURE_ID "order-a"
#include "fixture.h"

FIXTURE_PLUGIN(.priority = 0);
