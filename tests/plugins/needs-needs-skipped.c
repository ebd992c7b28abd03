/* needs-needs-skipped.c — requires needs-skipped: a skip propagates down
 * a chain of requirements. */
#define FIXTURE_ID "needs-needs-skipped"
#include "fixture.h"

static const char *const requires[] = { "needs-skipped", NULL };
FIXTURE_PLUGIN(.requires = requires);
