/* mage-witch.c — Mage & Witch (RULES §4, MW-01..MW-12) as a meepled
 * plugin.
 *
 * Two neutral figures, the mage and the witch, stand on road or city
 * segments (MW-03).  The plugin brings the 8 tiles of
 * data/tiles/mage-witch.tiles and joins these steps of RULES §0.4:
 *
 *   PLACE_TILE     P4  mw_place_tile     MW-06 the two joined: one must move
 *                                        (AMB-10, AMB-11); else after a mage
 *                                        tile MW-02..MW-05: bring in or move
 *                                        one (AMB-09)
 *   FEATURE_VALUE  S2  mw_value          MW-08 mage +1 per tile, MW-09 witch
 *                                        halves, MW-11 at the end
 *   FEATURE_DONE   S2  mw_done           MW-10 the figure leaves after the
 *                                        feature's followers (BASE-19);
 *                                        AMB-12: a feature nobody scores
 *                                        keeps it
 *
 * Every choice is one decision whose legal actions list each figure with
 * each legal destination, so clients play it without knowing the rules.
 * MW-12: neither figure is a follower, so the core never counts them for
 * majority or occupancy.
 */
#include <meeple/plugin.h>

/* P4 runs after The Princess & the Dragon's P2 and P3 (priority 0) and
 * before later P5 steps (RULES §0.4). */
#define PLACE_TILE_PRIORITY (-10)

enum { MAGE, WITCH, N_MAGIC };
static const char *const magic_names[N_MAGIC] = { "mage", "witch" };

typedef struct {
  guint type[N_MAGIC];        /* neutral figure types */
  int mage_symbol;
  guint slot;
  guint place_decision, join_decision;
  guint move_action, remove_action;
} MageWitch;

/* Per-game state: which obligation the pending decision settles, for the
 * rule its move or removal names. */
typedef struct {
  gboolean join;              /* MW-06 (else MW-02 after a mage tile) */
} MwState;

/* ---- queries ------------------------------------------------------------ */

static guint
magic_figure(MeepleGame *game, const MageWitch *mw, guint which)
{
  int i = meeple_game_neutral_figure(game, mw->type[which]);
  g_assert(i >= 0); /* one of each, registered in mw_setup() */
  return (guint)i;
}

/* Feature id of the magic figure @which, or -1 when beside the board. */
static int
magic_feature(MeepleGame *game, const MageWitch *mw, guint which)
{
  return meeple_game_figure_feature(game, magic_figure(game, mw, which));
}

/* Appends to @list a move of the mage to every road or city segment
 * anywhere whose feature is unfinished with this turn's tile on the board
 * and holds neither magic figure (MW-03).  The set is the same for the
 * witch: the figure that moves leaves its own feature and may not join
 * the other's, so each figure's destinations exclude both features, and
 * the board is read once for the two (list_destinations()). */
static void
list_open_segments(MeepleGame *game, const MageWitch *mw, GArray *list)
{
  int mage = magic_feature(game, mw, MAGE);
  int witch = magic_feature(game, mw, WITCH);
  MeepleKindSet kinds = { { 0 } };
  meeple_kind_set_add(&kinds, MEEPLE_KIND_ROAD);
  meeple_kind_set_add(&kinds, MEEPLE_KIND_CITY);
  guint max = meeple_game_n_placed(game) * MEEPLE_MAX_SEGMENTS;
  MeepleSegmentRef *open = g_new(MeepleSegmentRef, max);
  guint n = meeple_game_list_segments(game, &kinds, MEEPLE_SEGMENTS_UNFINISHED,
                                      open, max);
  g_assert(n <= max); /* the call's own bound */
  guint at = list->len;
  /* room for every one, written in place: an append call per action would
   * cost more than the rest of this loop */
  g_array_set_size(list, at + n);
  for (guint i = 0; i < n; i++) {
    if (open[i].feature == mage || open[i].feature == witch)
      continue;
    g_array_index(list, MeepleAction, at++) = (MeepleAction){
      .kind = (uint16_t)mw->move_action,
      .x = open[i].x,
      .y = open[i].y,
      .segment = open[i].segment,
      .figure = (uint8_t)mw->type[MAGE],
    };
  }
  g_array_set_size(list, at);
  g_free(open);
}

/* Appends to @list the moves in @open (list_open_segments()) made moves
 * of @which, keeping, with @filter, only those no rule set's FILTER vetoes
 * for a decision of kind @decision — X-05 (PD-12, AMB-04): The Princess &
 * the Dragon keeps the magic figures, which are living, off the
 * dragon's tile.  @filter asks that here, because MW-06 depends on whether
 * the figure has any destination left; without, the decision's own
 * filtering does it (ask_mage_tile(): once, not twice, per action).
 * Returns how many it appended. */
static guint
list_destinations(MeepleGame *game, const MageWitch *mw, guint decision,
                  guint which, gboolean filter, const GArray *open,
                  GArray *list)
{
  guint player = meeple_game_active_player(game);
  guint from = list->len;
  /* the whole list in one copy, then each action made a move of @which
   * (in place: a copy per action costs several times one block copy) */
  g_array_append_vals(list, open->data, open->len);
  MeepleAction *moves = &g_array_index(list, MeepleAction, from);
  guint kept = 0;
  for (guint i = 0; i < open->len; i++) {
    moves[i].figure = (uint8_t)mw->type[which];
    if (filter &&
        !meeple_game_action_allowed(game, decision, player, &moves[i]))
      continue;
    if (kept != i)
      moves[kept] = moves[i];
    kept++;
  }
  g_array_set_size(list, from + kept);
  return kept;
}

static void
append_removal(const MageWitch *mw, guint which, GArray *list)
{
  MeepleAction a = { .kind = (uint16_t)mw->remove_action,
                     .figure = (uint8_t)mw->type[which] };
  g_array_append_val(list, a);
}

/* Asks the decision; FALSE when every action in @list was vetoed. */
static gboolean
ask(MeepleGame *game, const MageWitch *mw, guint kind, GArray *list)
{
  ((MwState *)meeple_game_slot(game, mw->slot))->join =
      kind == mw->join_decision;
  return meeple_game_request_decision(
      game, kind, meeple_game_active_player(game),
      (const MeepleAction *)(void *)list->data, list->len);
}

/* ---- P4: the tile placement's obligations (MW-02..MW-06) ----------------- */

/* MW-06: the tile joined the mage's and the witch's features; one of them
 * must move.  AMB-11: a figure with nowhere to go may be the one chosen,
 * and then leaves the board. */
static void
ask_join(MeepleGame *game, const MageWitch *mw)
{
  g_autoptr(GArray) open = g_array_new(FALSE, FALSE, sizeof(MeepleAction));
  g_autoptr(GArray) list = g_array_new(FALSE, FALSE, sizeof(MeepleAction));
  list_open_segments(game, mw, open);
  for (guint w = 0; w < N_MAGIC; w++)
    if (list_destinations(game, mw, mw->join_decision, w, TRUE, open, list) ==
        0)
      append_removal(mw, w, list);
  ask(game, mw, mw->join_decision, list);
}

/* MW-02, MW-04: bring a figure in or move one; MW-05 (AMB-09) when no
 * choice has a legal destination: one on the board must leave. */
static void
ask_mage_tile(MeepleGame *game, const MageWitch *mw)
{
  g_autoptr(GArray) open = g_array_new(FALSE, FALSE, sizeof(MeepleAction));
  g_autoptr(GArray) list = g_array_new(FALSE, FALSE, sizeof(MeepleAction));
  list_open_segments(game, mw, open);
  for (guint w = 0; w < N_MAGIC; w++)
    list_destinations(game, mw, mw->place_decision, w, FALSE, open, list);
  /* the request drops what a rule set vetoes; MW-05 only when
   * nothing is left */
  if (list->len > 0 && ask(game, mw, mw->place_decision, list))
    return;
  g_array_set_size(list, 0);
  for (guint w = 0; w < N_MAGIC; w++)
    if (magic_feature(game, mw, w) >= 0)
      append_removal(mw, w, list);
  if (list->len > 0)
    ask(game, mw, mw->place_decision, list);
}

static MeepleHookResult
mw_place_tile(MeepleGame *game, gpointer user_data)
{
  const MageWitch *mw = user_data;
  MeeplePlacedTile tile;
  if (!meeple_game_current_tile(game, &tile))
    return MEEPLE_HOOK_CONTINUE;
  int mage = magic_feature(game, mw, MAGE);
  /* AMB-10: when the tile both joins them and is a mage tile, the one
   * move of MW-06 settles both obligations. */
  if (mage >= 0 && mage == magic_feature(game, mw, WITCH)) {
    ask_join(game, mw);
    return MEEPLE_HOOK_CONTINUE;
  }
  if (mw->mage_symbol >= 0 &&
      (meeple_rules_tile_type(meeple_game_rules(game), tile.type)->symbols &
       (1u << mw->mage_symbol)))
    ask_mage_tile(game, mw);
  return MEEPLE_HOOK_CONTINUE;
}

/* The rule a move or removal carries out: MW-06 when the figures were
 * joined, MW-02 after a mage tile. */
static const char *
current_rule(MeepleGame *game, const MageWitch *mw, gboolean removal)
{
  if (((const MwState *)meeple_game_slot_const(game, mw->slot))->join)
    return removal ? "AMB-11" : "MW-06";
  return removal ? "MW-05" : "MW-02";
}

static guint
which_of(const MageWitch *mw, guint figure_type)
{
  return figure_type == mw->type[MAGE] ? MAGE : WITCH;
}

static void
apply_move(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  const MageWitch *mw = user_data;
  meeple_game_move_figure(game, magic_figure(game, mw, which_of(mw, a->figure)),
                          a->x, a->y, a->segment, current_rule(game, mw, FALSE));
}

static void
apply_remove(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  const MageWitch *mw = user_data;
  meeple_game_return_figure(game, magic_figure(game, mw, which_of(mw, a->figure)),
                            current_rule(game, mw, TRUE));
}

/* ---- S2: scoring (MW-08..MW-11) ------------------------------------------ */

static MeepleHookResult
mw_value(MeepleGame *game, MeepleFeatureScore *score, gpointer user_data)
{
  const MageWitch *mw = user_data;
  /* MW-12 / MW-03: they never share a feature, so at most one applies. */
  if (magic_feature(game, mw, MAGE) == (int)score->feature) {
    /* MW-08: +1 per tile for everyone who scores it (MW-11 at the end) */
    score->value += (int)score->tiles;
    score->rule = score->final ? "MW-11" : "MW-08";
  } else if (magic_feature(game, mw, WITCH) == (int)score->feature) {
    /* MW-09: half the value, rounded up (MW-11 at the end) */
    score->value = (score->value + 1) / 2;
    score->rule = score->final ? "MW-11" : "MW-09";
  }
  return MEEPLE_HOOK_CONTINUE;
}

/* MW-10: a scored feature's magic figure goes beside the board once the
 * feature's followers went home (RULES §0.4 S2: BASE-19, then MW-10).  The
 * core scores no feature without followers (BASE-15), so AMB-12's figure
 * on such a feature stays. */
static MeepleHookResult
mw_done(MeepleGame *game, MeepleFeatureScore *score, gpointer user_data)
{
  const MageWitch *mw = user_data;
  for (guint w = 0; w < N_MAGIC; w++)
    if (magic_feature(game, mw, w) == (int)score->feature)
      meeple_game_return_figure(game, magic_figure(game, mw, w), "MW-10");
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- registration --------------------------------------------------------- */

static gboolean
mw_setup(MeepleRules *rules, GError **error)
{
  MageWitch *mw = g_new0(MageWitch, 1);
  meeple_rules_own(rules, mw, g_free);
  /* MW-01, MW-12: one mage and one witch, neutral, beside the board */
  for (guint w = 0; w < N_MAGIC; w++) {
    int type = meeple_rules_add_neutral_figure_type(rules, magic_names[w], 1,
                                                    error);
    if (type < 0)
      return FALSE;
    mw->type[w] = (guint)type;
    /* X-02, PD-10.1: people of flesh and blood, whom a monster eats and
     * keeps away from where it stands */
    meeple_rules_add_figure_traits(rules, mw->type[w], MEEPLE_TRAIT_LIVING);
    /* how clients draw them (meeple/looks.h); '@' and '%' because M and
     * W would read as a monastery or a seat's letter */
    static const MeepleLook looks[N_MAGIC] = {
      { '@', "◉", MEEPLE_COLOUR_NEUTRAL, "disc" },
      { '%', "◎", MEEPLE_COLOUR_NEUTRAL, "circle" },
    };
    meeple_rules_set_figure_look(rules, mw->type[w], &looks[w]);
  }
  mw->mage_symbol = meeple_rules_symbol(rules, "mage");
  static const MeepleLook mage_style = { '*', "✧", MEEPLE_COLOUR_OTHER,
                                         "star" };
  if (mw->mage_symbol >= 0)
    meeple_rules_set_symbol_style(rules, (guint)mw->mage_symbol, &mage_style);
  const MeepleSlotClass klass = { .size = sizeof(MwState) };
  mw->slot = meeple_rules_add_slot(rules, &klass, mw);

  int kind;
  if ((kind = meeple_rules_add_decision_kind(
           rules, "magic-figure",
           "A mage tile: bring the mage or the witch onto an unfinished road "
           "or city anywhere, or move one there (MW-02, MW-04)", error)) < 0)
    return FALSE;
  mw->place_decision = (guint)kind;
  if ((kind = meeple_rules_add_decision_kind(
           rules, "magic-join",
           "The mage and the witch are now in one feature: move one of them "
           "(MW-06)", error)) < 0)
    return FALSE;
  mw->join_decision = (guint)kind;
  if ((kind = meeple_rules_add_action_kind(
           rules, "magic-move",
           "Put the mage or the witch on this segment (MW-03)",
           MEEPLE_ACTION_USES_FIGURE | MEEPLE_ACTION_USES_SEGMENT |
               MEEPLE_ACTION_USES_CELL,
           MEEPLE_EFFECT_SPEC(MEEPLE_EFFECT_MOVE_FIGURE,
                              MEEPLE_EFFECT_ACTION_FIGURE),
           apply_move, mw, error)) < 0)
    return FALSE;
  mw->move_action = (guint)kind;
  if ((kind = meeple_rules_add_action_kind(
           rules, "magic-remove",
           "Take the mage or the witch off the board: it has nowhere to go "
           "(MW-05, AMB-11)", MEEPLE_ACTION_USES_FIGURE,
           MEEPLE_EFFECT_SPEC(MEEPLE_EFFECT_REMOVE_FIGURE,
                              MEEPLE_EFFECT_ACTION_FIGURE),
           apply_remove, mw, error)) < 0)
    return FALSE;
  mw->remove_action = (guint)kind;

  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_TILE,
                              PLACE_TILE_PRIORITY, mw_place_tile, mw);
  meeple_rules_add_feature_hook(rules, MEEPLE_HOOK_FEATURE_VALUE,
                                MEEPLE_PRIORITY_DEFAULT, mw_value, mw);
  meeple_rules_add_feature_hook(rules, MEEPLE_HOOK_FEATURE_DONE,
                                MEEPLE_PRIORITY_DEFAULT, mw_done, mw);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(
  .id = "mage-witch",
  .name = "Mage & Witch",
  .version = "1.0",
  .setup = mw_setup,
  .description = "The mage adds a point per tile to a road or city, the "
                 "witch halves it; magic tiles let you move them.",
  .tiles = "mage-witch.tiles",
);
