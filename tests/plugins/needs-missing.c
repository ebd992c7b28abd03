/* needs-missing.c — requires a rule set that no plugin provides. */
#define FIXTURE_ID "needs-missing"
#include "fixture.h"

static const char *const requires[] = { "not-installed", NULL };
FIXTURE_PLUGIN(.requires = requires);
