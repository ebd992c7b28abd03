/* needs-skipped.c — requires init-fails, which is installed but skipped. */
#define FIXTURE_ID "needs-skipped"
#include "fixture.h"

static const char *const requires[] = { "init-fails", NULL };
FIXTURE_PLUGIN(.requires = requires);
