/* order-b.c — load order: priority 0; after order-a by id. */
#define FIXTURE_ID "order-b"
#include "fixture.h"

FIXTURE_PLUGIN(.priority = 0);
