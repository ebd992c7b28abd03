/* abbot.c — The Abbot (RULES §2, ABBOT-01..08) as a meepled plugin.
 *
 * Each player gets an abbot (ABBOT-01) that counts as a follower for every
 * other rule (ABBOT-08).  Gardens, printed on some base tiles, become
 * features completed and scored like monasteries (ABBOT-02).  The abbot
 * goes only on the monastery or garden of the tile just placed (ABBOT-03,
 * ABBOT-04); instead of any other figure action its owner may take it back
 * and score what its feature is worth at that moment (ABBOT-06).  Its
 * scoring at completion and at the end is the monastery's, under the
 * abbot's own rule IDs (ABBOT-05, ABBOT-07).
 */
#include <meeple/plugin.h>

/* What the hooks need, resolved once per rules object. */
typedef struct {
  guint abbot;           /* figure type */
  guint take_back;       /* action kind "abbot-return" */
} Abbot;

/* ABBOT-03/04: the only kinds an abbot stands on. */
#define ABBOT_KINDS (1u << MEEPLE_KIND_MONASTERY | 1u << MEEPLE_KIND_GARDEN)

static gboolean
is_abbot_spot(guint kind)
{
  return kind < 32 && (ABBOT_KINDS & (1u << kind));
}

/* ABBOT-03/04: the abbot on the unoccupied monastery or garden of the new
 * tile.  ABBOT-06: taking a placed abbot back. */
static void
list_abbot_actions(MeepleGame *game, MeepleActionList *list,
                   gpointer user_data)
{
  const Abbot *ab = user_data;
  guint me = meeple_game_active_player(game);
  MeeplePlacedTile tile;
  if (meeple_game_supply(game, me, ab->abbot) > 0 &&
      meeple_game_current_tile(game, &tile)) {
    const MeepleTileType *type =
        meeple_rules_tile_type(meeple_game_rules(game), tile.type);
    for (guint s = 0; s < type->n_segments; s++) {
      guint followers;
      if (!is_abbot_spot(type->segments[s].kind) ||
          meeple_game_segment_feature(game, tile.x, tile.y, s, NULL,
                                      &followers) < 0)
        continue;
      if (followers > 0)
        continue; /* BASE-12: one figure only */
      MeepleAction a = {
        .kind = MEEPLE_ACTION_PLACE_FIGURE,
        .x = (int16_t)tile.x,
        .y = (int16_t)tile.y,
        .segment = (uint8_t)s,
        .figure = (uint8_t)ab->abbot,
      };
      meeple_action_list_add(list, &a);
    }
  }
  /* only the active seat's figures, and only when an abbot is out */
  guint first, end = meeple_game_seat_figures(game, me, &first) + first;
  if (meeple_game_supply(game, me, ab->abbot) ==
      meeple_rules_figure_type(meeple_game_rules(game), ab->abbot)->per_player)
    end = first;
  for (guint i = first; i < end; i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (f.type != ab->abbot || !f.on_board)
      continue;
    MeepleAction a = {
      .kind = (uint16_t)ab->take_back,
      .x = (int16_t)f.x,
      .y = (int16_t)f.y,
      .segment = (uint8_t)f.segment,
    };
    meeple_action_list_add(list, &a);
  }
}

/* ABBOT-06: 1 + placed neighbours (the BASE-22 count), then home. */
static void
take_abbot_back(MeepleGame *game, const MeepleAction *action,
                gpointer user_data)
{
  const Abbot *ab = user_data;
  guint me = meeple_game_active_player(game);
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (f.type != ab->abbot || f.owner != (int)me || !f.on_board ||
        f.x != action->x || f.y != action->y || f.segment != action->segment)
      continue;
    int points = 1 + (int)meeple_game_neighbours(game, f.x, f.y);
    MeepleEvent *e = meeple_game_award(game, me, points, "ABBOT-06");
    MeeplePlacedTile tile;
    meeple_game_tile_at(game, f.x, f.y, &tile);
    e->kind = (uint8_t)meeple_rules_tile_type(meeple_game_rules(game),
                                              tile.type)
                  ->segments[f.segment].kind;
    e->x = (int16_t)f.x;
    e->y = (int16_t)f.y;
    e->tile = (uint16_t)tile.type;
    e->segment = (uint8_t)f.segment;
    meeple_game_return_figure(game, i, "ABBOT-06");
    return;
  }
}

/* ABBOT-05 / ABBOT-07: a monastery or garden holding an abbot scores as
 * a monastery does; the points name the abbot's rule. */
static MeepleHookResult
abbot_feature_value(MeepleGame *game, MeepleFeatureScore *score,
                    gpointer user_data)
{
  const Abbot *ab = user_data;
  if (!is_abbot_spot(score->kind))
    return MEEPLE_HOOK_CONTINUE;
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (f.type == ab->abbot &&
        meeple_game_figure_feature(game, i) == (int)score->feature) {
      score->rule = score->final ? "ABBOT-07" : "ABBOT-05";
      break;
    }
  }
  return MEEPLE_HOOK_CONTINUE;
}

static gboolean
abbot_setup(MeepleRules *rules, GError **error)
{
  Abbot *ab = g_new0(Abbot, 1);
  meeple_rules_own(rules, ab, g_free);
  /* ABBOT-01, ABBOT-08: one per player, a follower for every other rule */
  int figure = meeple_rules_add_figure_type(rules, "abbot", TRUE, 1, error);
  if (figure < 0)
    return FALSE;
  ab->abbot = (guint)figure;
  meeple_rules_set_figure_place_rule(rules, ab->abbot, "ABBOT-03");
  static const MeepleLook abbot_look = { 'A', "A", MEEPLE_COLOUR_SEAT,
                                         "meeple" };
  meeple_rules_set_figure_look(rules, ab->abbot, &abbot_look);
  /* ABBOT-03/04: monasteries and gardens only, wherever a rule set lets
   * followers go (the magic portal, X-12) */
  meeple_rules_set_figure_kinds(rules, ab->abbot, ABBOT_KINDS);
  int kind = meeple_rules_add_action_kind(
      rules, "abbot-return",
      "Take your abbot back and score its monastery or garden now "
      "(ABBOT-06)",
      MEEPLE_ACTION_USES_SEGMENT | MEEPLE_ACTION_USES_CELL,
      /* it scores the abbot's feature, and the abbot goes home */
      MEEPLE_EFFECT_SPEC(MEEPLE_EFFECT_SCORE, (int)ab->abbot),
      take_abbot_back, ab, error);
  if (kind < 0)
    return FALSE;
  ab->take_back = (guint)kind;
  /* ABBOT-02: gardens are real features now, completed like monasteries */
  meeple_rules_activate_kind(rules, MEEPLE_KIND_GARDEN, "ABBOT-02");
  meeple_rules_add_actions_hook(rules, MEEPLE_PRIORITY_DEFAULT,
                                list_abbot_actions, ab);
  meeple_rules_add_feature_hook(rules, MEEPLE_HOOK_FEATURE_VALUE,
                                MEEPLE_PRIORITY_DEFAULT, abbot_feature_value,
                                ab);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(
  .id = "abbot",
  .name = "The Abbot",
  .version = "1.0",
  .setup = abbot_setup,
  .description = "Each player gets an abbot for monasteries and gardens, "
                 "which they may take back early to score what it has.",
);
