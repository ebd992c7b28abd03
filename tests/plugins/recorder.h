/* tests/plugins/recorder.h — hooks that record that they ran.
 *
 * The hook-order fixtures (hook-x.c, hook-y.c, hook-stop.c) each list the
 * hooks they register in a table of RecorderHook and call
 * recorder_setup() from their setup().  Every hook, when it runs, emits
 * an event of the fixture's own type "ID-hook" (registered with
 * meeple_rules_add_event_type) whose rule field is the hook's label, so
 * the test reads the exact order of hooks and core events from the
 * events the game reports.  Feature hooks put the value they were given
 * in the event's points.
 */
#ifndef MEEPLE_TEST_RECORDER_H
#define MEEPLE_TEST_RECORDER_H

#include "fixture.h"

typedef struct {
  MeepleHookPoint point;
  int priority;
  const char *label;      /* the event's rule: "x.score@0" */
  gboolean stop;          /* return MEEPLE_HOOK_STOP */
  /* FEATURE_VALUE during the game: add @bonus and name @rule */
  int bonus;
  const char *rule;
} RecorderHook;

typedef struct {
  const RecorderHook *hook;
  guint event;
} RecorderBound;

static MeepleEvent *
recorder_emit(MeepleGame *game, const RecorderBound *b)
{
  MeepleEvent *e = meeple_game_emit(game, b->event);
  e->rule = b->hook->label;
  return e;
}

static MeepleHookResult
recorder_phase(MeepleGame *game, gpointer user_data)
{
  const RecorderBound *b = user_data;
  recorder_emit(game, b);
  return b->hook->stop ? MEEPLE_HOOK_STOP : MEEPLE_HOOK_CONTINUE;
}

static MeepleHookResult
recorder_draw(MeepleGame *game, guint tile, gpointer user_data)
{
  const RecorderBound *b = user_data;
  recorder_emit(game, b)->tile = (uint16_t)tile;
  /* never STOP here: that would take the tile */
  return MEEPLE_HOOK_CONTINUE;
}

static MeepleHookResult
recorder_feature(MeepleGame *game, MeepleFeatureScore *score,
                 gpointer user_data)
{
  const RecorderBound *b = user_data;
  MeepleEvent *e = recorder_emit(game, b);
  e->points = score->value;
  e->arg = score->final;
  if (b->hook->point == MEEPLE_HOOK_FEATURE_VALUE && !score->final &&
      b->hook->rule) {
    score->value += b->hook->bonus;
    score->rule = b->hook->rule;
  }
  return b->hook->stop ? MEEPLE_HOOK_STOP : MEEPLE_HOOK_CONTINUE;
}

static void
recorder_figure(MeepleGame *game, guint figure, const char *rule,
                gboolean scored, gpointer user_data)
{
  (void)scored;
  (void)rule;
  recorder_emit(game, user_data)->arg = (int32_t)figure;
}

static gboolean
recorder_setup(MeepleRules *rules, const RecorderHook *hooks, gsize n,
               GError **error)
{
  fixture_log("setup %s", FIXTURE_ID);
  int type = meeple_rules_add_event_type(rules, FIXTURE_ID "-hook", error);
  if (type < 0)
    return FALSE;
  RecorderBound *bound = g_new0(RecorderBound, n);
  meeple_rules_own(rules, bound, g_free);
  for (gsize i = 0; i < n; i++) {
    RecorderBound *b = &bound[i];
    b->hook = &hooks[i];
    b->event = (guint)type;
    switch (hooks[i].point) {
    case MEEPLE_HOOK_DRAW:
      meeple_rules_add_draw_hook(rules, hooks[i].priority, recorder_draw, b);
      break;
    case MEEPLE_HOOK_FEATURE_VALUE:
    case MEEPLE_HOOK_FEATURE_SCORED:
      meeple_rules_add_feature_hook(rules, hooks[i].point, hooks[i].priority,
                                    recorder_feature, b);
      break;
    case MEEPLE_HOOK_FIGURE_REMOVED:
      meeple_rules_add_figure_removed_hook(rules, hooks[i].priority,
                                           recorder_figure, b);
      break;
    default:
      meeple_rules_add_phase_hook(rules, hooks[i].point, hooks[i].priority,
                                  recorder_phase, b);
      break;
    }
  }
  return TRUE;
}

#endif
