/* hook-x.c — hook order: registers hooks on every phase point, loaded
 * after hook-y (descriptor priority 0 < 1).  Its FEATURE_VALUE hook adds
 * 100 to features scored during the game and names rule FIXTURE-BONUS. */
#define FIXTURE_ID "hook-x"
#include "recorder.h"

static const RecorderHook hooks[] = {
  { MEEPLE_HOOK_TURN_START, 0, "x.turn-start@0#1", FALSE, 0, NULL },
  { MEEPLE_HOOK_TURN_START, 3, "x.turn-start@3", FALSE, 0, NULL },
  { MEEPLE_HOOK_TURN_START, 0, "x.turn-start@0#2", FALSE, 0, NULL },
  { MEEPLE_HOOK_DRAW, 2, "x.draw@2", FALSE, 0, NULL },
  { MEEPLE_HOOK_PLACE_TILE, 0, "x.place-tile@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_AFTER_FIGURE, -1, "x.after-figure@-1", FALSE, 0, NULL },
  { MEEPLE_HOOK_SCORE, MEEPLE_PRIORITY_BEFORE_CORE, "x.score@1000", FALSE, 0,
    NULL },
  { MEEPLE_HOOK_SCORE, 0, "x.score@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_FEATURE_VALUE, 5, "x.feature-value@5", FALSE, 100,
    "FIXTURE-BONUS" },
  { MEEPLE_HOOK_FEATURE_SCORED, 0, "x.feature-scored@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_FIGURE_REMOVED, 1, "x.figure-removed@1", FALSE, 0, NULL },
  { MEEPLE_HOOK_TURN_END, 0, "x.turn-end@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_FINAL_SCORING, 0, "x.final-scoring@0", FALSE, 0, NULL },
  { MEEPLE_HOOK_FINAL_SCORING, -3, "x.final-scoring@-3", FALSE, 0, NULL },
};

static gboolean
setup(MeepleRules *rules, GError **error)
{
  return recorder_setup(rules, hooks, G_N_ELEMENTS(hooks), error);
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .priority = 0,
                     .setup = setup);
