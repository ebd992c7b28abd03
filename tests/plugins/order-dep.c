/* order-dep.c — load order: the highest priority, but it requires
 * order-low, so it loads right after it (and before order-c). */
#define FIXTURE_ID "order-dep"
#include "fixture.h"

static const char *const requires[] = { "order-low", NULL };
FIXTURE_PLUGIN(.priority = 100, .requires = requires);
