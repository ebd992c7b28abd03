/* hook-stop.c — hooks of the highest priority that return
 * MEEPLE_HOOK_STOP: the later hooks of the same point must not run this
 * time, the core's own step must. */
#define FIXTURE_ID "hook-stop"
#include "recorder.h"

static const RecorderHook hooks[] = {
  { MEEPLE_HOOK_TURN_START, 2000, "stop.turn-start@2000", TRUE, 0, NULL },
  { MEEPLE_HOOK_SCORE, 2000, "stop.score@2000", TRUE, 0, NULL },
  { MEEPLE_HOOK_FEATURE_VALUE, 2000, "stop.feature-value@2000", TRUE, 0,
    NULL },
};

static gboolean
setup(MeepleRules *rules, GError **error)
{
  return recorder_setup(rules, hooks, G_N_ELEMENTS(hooks), error);
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
