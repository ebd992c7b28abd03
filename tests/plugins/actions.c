/* actions.c — a FIGURE_ACTIONS hook adding three action kinds of its own
 * to the figure decision, one per notation shape (doc/game-record.md,
 * "NAME [FIGURE] [SEGMENT] [@ X,Y] [ARG]"):
 *
 *   salute follower C1 @ 0,-1 3   figure, segment (and cell), arg
 *   wave @ 0,-1                   cell
 *   shrug                         nothing
 *
 * Each scores the active player arg, 1 and 0 points under FIXTURE-SALUTE,
 * FIXTURE-WAVE and FIXTURE-SHRUG and emits "fixture-action". */
#define FIXTURE_ID "actions"
#include "fixture.h"

typedef struct {
  guint salute, wave, shrug;
  guint event;
} Actions;

static void
apply(MeepleGame *game, const MeepleAction *action, gpointer user_data)
{
  const Actions *ac = user_data;
  guint me = meeple_game_active_player(game);
  const char *rule = action->kind == ac->salute ? "FIXTURE-SALUTE"
                     : action->kind == ac->wave ? "FIXTURE-WAVE"
                                                : "FIXTURE-SHRUG";
  int points = action->kind == ac->salute ? action->arg
               : action->kind == ac->wave ? 1
                                          : 0;
  MeepleEvent *e = meeple_game_emit(game, ac->event);
  e->player = (int8_t)me;
  e->x = action->x;
  e->y = action->y;
  e->arg = action->arg;
  e->rule = rule;
  if (points)
    meeple_game_award(game, me, points, rule);
}

static void
add_actions(MeepleGame *game, MeepleActionList *list, gpointer user_data)
{
  const Actions *ac = user_data;
  MeeplePlacedTile tile;
  if (!meeple_game_current_tile(game, &tile))
    return;
  MeepleAction salute = {
    .kind = (uint16_t)ac->salute,
    .x = (int16_t)tile.x,
    .y = (int16_t)tile.y,
    .segment = 0,
    .figure = MEEPLE_FIGURE_FOLLOWER,
    .arg = 3,
  };
  MeepleAction wave = {
    .kind = (uint16_t)ac->wave, .x = (int16_t)tile.x, .y = (int16_t)tile.y,
  };
  MeepleAction shrug = { .kind = (uint16_t)ac->shrug };
  meeple_action_list_add(list, &salute);
  meeple_action_list_add(list, &wave);
  meeple_action_list_add(list, &shrug);
}

static gboolean
setup(MeepleRules *rules, GError **error)
{
  Actions *ac = g_new0(Actions, 1);
  meeple_rules_own(rules, ac, g_free);
  int salute = meeple_rules_add_action_kind(
      rules, "salute", "Salute a segment of the new tile with a figure",
      MEEPLE_ACTION_USES_FIGURE | MEEPLE_ACTION_USES_SEGMENT |
          MEEPLE_ACTION_USES_ARG,
      MEEPLE_EFFECT_SPEC_NONE, apply, ac, error);
  if (salute < 0)
    return FALSE;
  int wave = meeple_rules_add_action_kind(rules, "wave", "Wave at a cell",
                                          MEEPLE_ACTION_USES_CELL,
                                          MEEPLE_EFFECT_SPEC_NONE, apply, ac,
                                          error);
  if (wave < 0)
    return FALSE;
  int shrug = meeple_rules_add_action_kind(rules, "shrug", "Shrug", 0,
                                           MEEPLE_EFFECT_SPEC_NONE, apply, ac,
                                           error);
  if (shrug < 0)
    return FALSE;
  int event = meeple_rules_add_event_type(rules, "fixture-action", error);
  if (event < 0)
    return FALSE;
  ac->salute = (guint)salute;
  ac->wave = (guint)wave;
  ac->shrug = (guint)shrug;
  ac->event = (guint)event;
  meeple_rules_add_actions_hook(rules, MEEPLE_PRIORITY_DEFAULT, add_actions,
                                ac);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
