/* placer.c — a rule set that knows no expansion (it is built outside
 * plugins/ and names no other rule set's figure, kind or symbol) and puts
 * followers anywhere: onto every unoccupied segment of every tile that a
 * follower may stand on, in the turn's figure decision (action "drop")
 * and again in a decision of its own it asks for at the end of each turn
 * ("drop-anywhere").  Its actions say what they do (a follower placed on
 * a cell and segment), so another rule set's FILTER can stop them: The
 * Princess & the Dragon keeps them off the dragon's tile (PD-12, X-05)
 * in both decisions (tests/test-rules-cooperation.c). */
#define FIXTURE_ID "placer"
#include "fixture.h"

typedef struct {
  guint drop, anywhere;
} Placer;

/* Every drop the active player could make, after "pass". */
static GArray *
list_drops(MeepleGame *game, const Placer *pl)
{
  GArray *list = g_array_new(FALSE, FALSE, sizeof(MeepleAction));
  MeepleRules *rules = meeple_game_rules(game);
  guint me = meeple_game_active_player(game);
  if (meeple_game_supply(game, me, MEEPLE_FIGURE_FOLLOWER) == 0)
    return list;
  for (guint t = 0; t < meeple_game_n_placed(game); t++) {
    MeeplePlacedTile tile = meeple_game_placed(game, t);
    const MeepleTileType *type = meeple_rules_tile_type(rules, tile.type);
    for (guint s = 0; s < type->n_segments; s++) {
      MeepleFeatureInfo info;
      gboolean taken = FALSE;
      if (!meeple_rules_figure_may_stand(rules, MEEPLE_FIGURE_FOLLOWER,
                                         type->segments[s].kind) ||
          !meeple_game_feature(game, tile.x, tile.y, s, &info))
        continue;
      for (guint p = 0; p < meeple_game_n_players(game); p++)
        taken |= info.followers[p] > 0;
      if (taken)
        continue;
      MeepleAction a = { .kind = (uint16_t)pl->drop,
                         .x = (int16_t)tile.x, .y = (int16_t)tile.y,
                         .segment = (uint8_t)s,
                         .figure = MEEPLE_FIGURE_FOLLOWER };
      g_array_append_val(list, a);
    }
  }
  return list;
}

static void
offer_drops(MeepleGame *game, MeepleActionList *list, gpointer user_data)
{
  g_autoptr(GArray) drops = list_drops(game, user_data);
  for (guint i = 0; i < drops->len; i++)
    meeple_action_list_add(list, &g_array_index(drops, MeepleAction, i));
}

static MeepleHookResult
ask_anywhere(MeepleGame *game, gpointer user_data)
{
  const Placer *pl = user_data;
  g_autoptr(GArray) drops = list_drops(game, pl);
  MeepleAction pass = { .kind = MEEPLE_ACTION_PASS };
  g_array_prepend_val(drops, pass);
  meeple_game_request_decision(game, pl->anywhere,
                               meeple_game_active_player(game),
                               (const MeepleAction *)(void *)drops->data,
                               drops->len);
  return MEEPLE_HOOK_CONTINUE;
}

static void
apply_drop(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  (void)user_data;
  int fig = meeple_game_find_supply_figure(
      game, (int)meeple_game_active_player(game), a->figure);
  g_assert(fig >= 0);
  meeple_game_place_figure(game, (guint)fig, a->x, a->y, a->segment,
                           "PLACER-01");
}

static gboolean
setup(MeepleRules *rules, GError **error)
{
  Placer *pl = g_new0(Placer, 1);
  meeple_rules_own(rules, pl, g_free);
  int drop = meeple_rules_add_action_kind(
      rules, "drop", "Put a follower on any free segment of any tile",
      MEEPLE_ACTION_USES_FIGURE | MEEPLE_ACTION_USES_SEGMENT |
          MEEPLE_ACTION_USES_CELL,
      MEEPLE_EFFECT_SPEC(MEEPLE_EFFECT_PLACE_FIGURE,
                         MEEPLE_EFFECT_ACTION_FIGURE),
      apply_drop, pl, error);
  int anywhere = meeple_rules_add_decision_kind(
      rules, "drop-anywhere", "Drop a follower anywhere, or pass", error);
  if (drop < 0 || anywhere < 0)
    return FALSE;
  pl->drop = (guint)drop;
  pl->anywhere = (guint)anywhere;
  meeple_rules_add_actions_hook(rules, MEEPLE_PRIORITY_DEFAULT, offer_drops,
                                pl);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_TURN_END,
                              MEEPLE_PRIORITY_DEFAULT, ask_anywhere, pl);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
