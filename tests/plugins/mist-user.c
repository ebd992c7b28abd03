/* mist-user.c — a rule set that builds on the mist the way Spell Circles
 * does, through the table the mist publishes (plugins/mist/mist-api.h),
 * but built against another version of it: MIST_USER_MAJOR / _MINOR
 * (set by tests/plugins/local.mk; one build per case).  The mist it meets
 * must refuse it at load with a message naming both versions
 * (tests/test-rules-cooperation.c). */
#include "../../plugins/mist/mist-api.h"

#ifndef MIST_USER_ID
#error "tests/plugins/local.mk defines MIST_USER_ID, _MAJOR and _MINOR"
#endif

static gboolean
setup(MeepleRules *rules, GError **error)
{
  /* as spell-circles.c does, with the version this build claims */
  const MistApi *mist = MEEPLE_USE_API(rules, MIST_API_NAME, MIST_USER_MAJOR,
                                       MIST_USER_MINOR, MistApi, error);
  return mist != NULL;
}

static const char *const requires[] = { "mist", NULL };

MEEPLE_PLUGIN_DEFINE(.id = MIST_USER_ID, .version = "1.0",
                     .requires = requires, .setup = setup);
