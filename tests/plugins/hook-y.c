/* hook-y.c — hook order: registers hooks on every phase point, loaded
 * before hook-x (descriptor priority 1 > 0), so at equal hook priority
 * its hooks run first. */
#define FIXTURE_ID "hook-y"
#include "recorder.h"

static const RecorderHook hooks[] = {
  { MEEPLE_HOOK_TURN_START, 0, "y.turn-start@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_TURN_START, -2, "y.turn-start@-2", FALSE, 0, NULL },
  { MEEPLE_HOOK_DRAW, 0, "y.draw@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_PLACE_TILE, 0, "y.place-tile@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_PLACE_GHOSTS, 0, "y.place-ghosts@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_AFTER_FIGURE, 1, "y.after-figure@1", FALSE, 0, NULL },
  { MEEPLE_HOOK_SCORE, 1, "y.score@1", FALSE, 0, NULL },
  { MEEPLE_HOOK_SCORE, -1, "y.score@-1", FALSE, 0, NULL },
  { MEEPLE_HOOK_FEATURE_VALUE, 0, "y.feature-value@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_FEATURE_SCORED, 0, "y.feature-scored@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_FIGURE_REMOVED, 0, "y.figure-removed@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_TURN_END, 0, "y.turn-end@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_FINAL_SCORING, 2, "y.final-scoring@2", FALSE, 0, NULL },
};

static gboolean
setup(MeepleRules *rules, GError **error)
{
  return recorder_setup(rules, hooks, G_N_ELEMENTS(hooks), error);
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .priority = 1,
                     .setup = setup);
