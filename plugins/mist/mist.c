/* mist.c — the mist and ghosts of Ghosts, Castles and Cemeteries (RULES
 * §6, MIST-01..MIST-17) as a meepled plugin.  The optional castles,
 * cemeteries, guards and start tile (§6b, MIST-OPT) are not part of it.
 *
 * The plugin brings the provisional mist tiles of data/tiles/mist.tiles,
 * the bank of 15 ghosts (in the game's slot, layout in mist.h) and one
 * hook per step of RULES §0.4 it joins:
 *
 *   PLACE_GHOSTS    mist_look          MIST-05..08: what the tile did to
 *                                      the mist (events)
 *                   G3 mist_thicken    MIST-07 a bank ghost to an opponent
 *                   G6 mist_disperse   MIST-08 a bank ghost to yourself
 *   FIGURE_REMOVED  mist_figure_gone   MIST-12/17 ghosts back to the bank;
 *                                      MIST-14/15, X-18 the -2 penalty
 *   FINAL_SCORING   F3 mist_final      MIST-16 -1 per ghost, after all
 *   NOTES           mist_notes         the bank, haunted followers, mist
 *
 * Spell Circles (plugins/spell-circles) slots its steps G1, G2, G4, G5 and
 * G7 between these by hook priority and works on the state and the ghosts
 * through the table the mist publishes (mist-api.h, mist-api.c).
 */
#include "mist.h"

#include <string.h>

/* Hook priorities inside PLACE_GHOSTS: RULES §0.4 G1..G7 (AMB-35).  Spell
 * Circles uses the ones in between (plugins/spell-circles). */
enum {
  MIST_PRIORITY_LOOK = 900,
  MIST_PRIORITY_G3 = 500,
  MIST_PRIORITY_G6 = 200,
  /* F3: after every other final scoring step */
  MIST_PRIORITY_FINAL = -1000,
};

#define GHOST_PENALTY 2       /* MIST-14 */
#define FINAL_GHOST_PENALTY 1 /* MIST-16 */

static gboolean
index_of(int value, guint *out)
{
  if (value < 0)
    return FALSE;
  *out = (guint)value;
  return TRUE;
}

static void
mist_state_init(MeepleGame *game, gpointer state, gpointer user_data)
{
  (void)game;
  (void)user_data;
  MistState *st = state;
  st->bank = MIST_GHOSTS; /* MIST-01 */
}

/* MIST-15: a score never drops below 0; a penalty takes at most what the
 * player has (the positive points of the same scoring came first). */
static MeepleEvent *
penalise(MeepleGame *game, guint player, guint points, const char *rule)
{
  int score = meeple_game_score(game, player);
  int take = (int)MIN((guint)MAX(score, 0), points);
  return meeple_game_award(game, player, -take, rule);
}

/* ---- PLACE_GHOSTS ------------------------------------------------------------ */

static MeepleHookResult
mist_look(MeepleGame *game, gpointer user_data)
{
  const MistIds *ids = user_data;
  MeeplePlacedTile t;
  if (!meeple_game_current_tile(game, &t))
    return MEEPLE_HOOK_CONTINUE;
  const MistPlacement *pl = mist_placement(game, ids);
  int player = (int)meeple_game_active_player(game);
  if (pl->thickened) {
    MeepleEvent *e = meeple_game_emit(game, ids->mist_thickened_event);
    e->player = (int8_t)player;
    e->x = (int16_t)t.x;
    e->y = (int16_t)t.y;
    e->rule = "MIST-07";
  }
  if (pl->dispersed) {
    MeepleEvent *e = meeple_game_emit(game, ids->mist_dispersed_event);
    e->player = (int8_t)player;
    e->x = (int16_t)t.x;
    e->y = (int16_t)t.y;
    e->arg = (int32_t)pl->n_dispersal;
    e->rule = "MIST-08";
  }
  /* MIST-05: each mist area of the tile that is now closed on every side
   * (once, however many of the tile's areas it holds) */
  const MeepleTileType *type =
    meeple_rules_tile_type(meeple_game_rules(game), t.type);
  MistArea areas[MIST_MAX_AREAS];
  guint n = mist_tile_area_sets(game, &ids->sym, t.x, t.y,
                                mist_tile_areas(&ids->sym, type), areas);
  for (guint k = 0; k < n; k++) {
    if (mist_area_completed(&areas[k])) {
      MeepleEvent *e = meeple_game_emit(game, ids->mist_completed_event);
      e->player = (int8_t)player;
      e->x = (int16_t)t.x;
      e->y = (int16_t)t.y;
      e->arg = (int32_t)areas[k].nodes->len;
      e->rule = "MIST-05";
    }
    mist_area_clear(&areas[k]);
  }
  return MEEPLE_HOOK_CONTINUE;
}

/* G3, MIST-07: a tile with mist that joins older mist gives one bank
 * ghost to an opponent's follower, however many edges it joins. */
static MeepleHookResult
mist_thicken(MeepleGame *game, gpointer user_data)
{
  const MistIds *ids = user_data;
  if (mist_placement(game, ids)->thickened) {
    mist_queue(game, ids, 1, MIST_TO_OPPONENTS, TRUE, "MIST-07");
    mist_run(game, ids);
  }
  return MEEPLE_HOOK_CONTINUE;
}

/* G6, MIST-08: any tile whose placement brings mist against clear land
 * gives one bank ghost to the player's own follower (AMB-18, AMB-19) —
 * unless a spell-circle tile already gave its SC-03 ghosts instead
 * (AMB-30). */
static MeepleHookResult
mist_disperse(MeepleGame *game, gpointer user_data)
{
  const MistIds *ids = user_data;
  MistState *st = mist_state(game, ids);
  if (mist_placement(game, ids)->dispersed &&
      st->replaced_turn != meeple_game_turn(game)) {
    mist_queue(game, ids, 1, MIST_TO_OWN, TRUE, "MIST-08");
    mist_run(game, ids);
  }
  return MEEPLE_HOOK_CONTINUE;
}

static void
apply_haunt(MeepleGame *game, const MeepleAction *action, gpointer user_data)
{
  mist_apply_haunt(game, action, user_data);
}

/* ---- followers leaving the board --------------------------------------------- */

/* MIST-13: ghosts leave the board with their follower, into the bank.
 * Scored during the game: MIST-14, -2 per ghost to its owner (AMB-23:
 * with or without the majority), floored at 0 (MIST-15).  The engine
 * says whether the return is a scoring (X-18, AMB-27): its feature
 * (BASE-19, which also covers ringmasters and abbots on completed
 * features), and any rule set's scoring action (an abbot taken back
 * early, a scored pyramid).  Any other way off the board costs nothing
 * (MIST-17: MIST-12, eaten, sent home; ). */
static void
mist_figure_gone(MeepleGame *game, guint figure, const char *rule,
                 gboolean scored_now, gpointer user_data)
{
  const MistIds *ids = user_data;
  MistState *st = mist_state(game, ids);
  MistHaunt where;
  guint ghosts = mist_release_follower(st, figure, &where);
  if (ghosts == 0)
    return;
  st->bank += ghosts;
  MeepleFigureInfo f = meeple_game_figure(game, figure);
  gboolean scored = scored_now &&
                    meeple_game_phase(game) != MEEPLE_PHASE_FINAL_SCORING;
  MeepleEvent *e = meeple_game_emit(game, ids->ghosts_returned_event);
  e->player = (int8_t)f.owner;
  e->figure = (uint8_t)f.type;
  e->x = where.x;
  e->y = where.y;
  e->segment = where.segment;
  e->arg = (int32_t)ghosts;
  e->rule = scored ? "MIST-14"
                   : g_strcmp0(rule, "MIST-12") == 0 ? "MIST-12" : "MIST-17";
  if (!scored)
    return;
  e = penalise(game, (guint)f.owner, GHOST_PENALTY * ghosts, "MIST-14");
  MeeplePlacedTile t;
  if (meeple_game_tile_at(game, where.x, where.y, &t)) {
    const MeepleTileType *type =
      meeple_rules_tile_type(meeple_game_rules(game), t.type);
    e->kind = type->segments[where.segment].kind;
  }
  e->x = where.x;
  e->y = where.y;
  e->segment = where.segment;
  e->arg = (int32_t)ghosts;
}

/* ---- final scoring ------------------------------------------------------------ */

/* F3, MIST-16: -1 per ghost still on a follower, after all other final
 * scoring (the big top's included, X-13), floored at 0 (MIST-15). */
static MeepleHookResult
mist_final(MeepleGame *game, gpointer user_data)
{
  const MistIds *ids = user_data;
  const MistState *st = mist_state(game, ids);
  guint per_seat[MEEPLE_MAX_PLAYERS] = { 0 };
  /* the event's cell: the seat's first haunted follower in reading order
   * (BASE-25's order), so that it names a place on the board */
  const MistHaunt *where[MEEPLE_MAX_PLAYERS] = { NULL };
  for (guint i = 0; i < st->n_haunts; i++) {
    const MistHaunt *h = &st->haunts[i];
    MeepleFigureInfo f = meeple_game_figure(game, h->figure);
    per_seat[f.owner] += h->ghosts;
    const MistHaunt *w = where[f.owner];
    if (!w || h->y < w->y || (h->y == w->y && h->x < w->x))
      where[f.owner] = h;
  }
  for (guint p = 0; p < meeple_game_n_players(game); p++)
    if (per_seat[p] > 0) {
      MeepleEvent *e =
        penalise(game, p, FINAL_GHOST_PENALTY * per_seat[p], "MIST-16");
      e->arg = (int32_t)per_seat[p];
      /* only the cell: MIST-16 is about ghosts, not a feature, so the
       * event names no segment and no kind */
      e->x = where[p]->x;
      e->y = where[p]->y;
    }
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- public notes --------------------------------------------------------------- */

static void
mist_notes(const MeepleGame *game, MeepleNotes *notes, gpointer user_data)
{
  const MistIds *ids = user_data;
  const MistState *st = meeple_game_slot_const(game, ids->slot);
  const MeepleRules *rules = meeple_game_rules(game);
  meeple_notes_add(notes, "Ghost bank", "%u of %u ghosts", st->bank,
                   MIST_GHOSTS);

  g_autoptr(GString) out = g_string_new(NULL);
  for (guint i = 0; i < st->n_haunts; i++) {
    const MistHaunt *h = &st->haunts[i];
    MeepleFigureInfo f = meeple_game_figure(game, h->figure);
    MeeplePlacedTile t;
    const char *segment = "?";
    if (meeple_game_tile_at(game, h->x, h->y, &t))
      segment =
        meeple_rules_tile_type(rules, t.type)->segments[h->segment].name;
    g_string_append_printf(out, "%sseat %d %s on %d,%d %s: %u",
                           out->len ? "; " : "", f.owner + 1,
                           meeple_rules_figure_type(rules, f.type)->name,
                           h->x, h->y, segment, h->ghosts);
  }
  if (out->len)
    meeple_notes_add(notes, "Ghosts", "%s", out->str);

  /* every mist area once: open, dispersed or completed (MIST-05) */
  guint open = 0, dispersed = 0, completed = 0;
  GPtrArray *areas = g_ptr_array_new();
  for (guint i = 0; i < meeple_game_n_placed(game); i++) {
    MeeplePlacedTile t = meeple_game_placed(game, i);
    guint here = mist_tile_areas(&ids->sym,
                                 meeple_rules_tile_type(rules, t.type));
    for (guint a = 1; a <= MIST_MAX_AREAS; a++) {
      gboolean seen = FALSE;
      for (guint k = 0; k < areas->len && !seen; k++)
        seen = mist_area_contains(areas->pdata[k], t.x, t.y, a);
      if (!(here & (1u << a)) || seen)
        continue;
      MistArea *area = g_new0(MistArea, 1);
      mist_area_collect(game, &ids->sym, (MistNode){ t.x, t.y, a }, area);
      g_ptr_array_add(areas, area);
      if (area->dispersed)
        dispersed++;
      else if (area->open)
        open++;
      else
        completed++;
    }
  }
  for (guint k = 0; k < areas->len; k++) {
    mist_area_clear(areas->pdata[k]);
    g_free(areas->pdata[k]);
  }
  if (areas->len)
    meeple_notes_add(notes, "Mist", "%u area%s: %u open, %u dispersed, %u "
                     "completed", areas->len, areas->len == 1 ? "" : "s",
                     open, dispersed, completed);
  g_ptr_array_unref(areas);
}

/* ---- registration ----------------------------------------------------------------- */


/* Typed events (meeple/events.h): what each sets, and its sentence. */
static const MeepleEventSpec spec_ghost_added = {
  MEEPLE_EVENT_FIELD_SEAT | MEEPLE_EVENT_FIELD_FIGURE | MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_SEGMENT | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "ghosts",
  "{seat}'s {figure} on the {segment} at {cell} is haunted "
  "({count:nth} ghost)" };
static const MeepleEventSpec spec_ghosts_returned = {
  MEEPLE_EVENT_FIELD_SEAT | MEEPLE_EVENT_FIELD_FIGURE | MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_SEGMENT | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "ghosts",
  "{seat}'s {figure} at {cell} gives {count} ghost{count:s} back "
  "to the bank" };
static const MeepleEventSpec spec_ghost_lost = {
  MEEPLE_EVENT_FIELD_SEAT | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "ghosts",
  "no follower can take {count} ghost{count:s}" };
static const MeepleEventSpec spec_mist_thickened = {
  MEEPLE_EVENT_FIELD_SEAT | MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_RULE,
  NULL,
  "{seat}'s tile at {cell} thickens the mist" };
static const MeepleEventSpec spec_mist_dispersed = {
  MEEPLE_EVENT_FIELD_SEAT | MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "contacts",
  "{seat}'s tile at {cell} disperses the mist" };
static const MeepleEventSpec spec_mist_completed = {
  MEEPLE_EVENT_FIELD_SEAT | MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "areas",
  "the mist at {cell} is closed on every side" };

static gboolean
mist_setup(MeepleRules *rules, GError **error)
{
  MistIds *ids = g_new0(MistIds, 1);
  meeple_rules_own(rules, ids, g_free);
  if (!mist_symbols_register(rules, &ids->sym, error))
    return FALSE;
  meeple_rules_add_tile_check(rules, mist_check_tile, &ids->sym);

  const MeepleSlotClass klass = { .size = sizeof(MistState),
                                  .init = mist_state_init };
  ids->slot = meeple_rules_add_slot(rules, &klass, ids);

  if (!index_of(meeple_rules_add_action_kind(
                    rules, "haunt",
                    "Give the ghost to this follower; a follower with 3 "
                    "ghosts goes home with them at once (MIST-10, MIST-12)",
                    MEEPLE_ACTION_USES_FIGURE | MEEPLE_ACTION_USES_SEGMENT |
                      MEEPLE_ACTION_USES_ARG,
                    /* a ghost is no figure: the board does not change */
                    MEEPLE_EFFECT_SPEC_NONE, apply_haunt, ids, error),
                &ids->haunt_action) ||
      !index_of(meeple_rules_add_decision_kind(
                    rules, "haunt",
                    "Choose the follower that receives a ghost", error),
                &ids->haunt_decision) ||
      !index_of(meeple_rules_add_typed_event(rules, "ghost-added", &spec_ghost_added, error),
                &ids->ghost_added_event) ||
      !index_of(meeple_rules_add_typed_event(rules, "ghosts-returned", &spec_ghosts_returned, error),
                &ids->ghosts_returned_event) ||
      !index_of(meeple_rules_add_typed_event(rules, "ghost-lost", &spec_ghost_lost, error),
                &ids->ghost_lost_event) ||
      !index_of(meeple_rules_add_typed_event(rules, "mist-thickened", &spec_mist_thickened, error),
                &ids->mist_thickened_event) ||
      !index_of(meeple_rules_add_typed_event(rules, "mist-dispersed", &spec_mist_dispersed, error),
                &ids->mist_dispersed_event) ||
      !index_of(meeple_rules_add_typed_event(rules, "mist-completed", &spec_mist_completed, error),
                &ids->mist_completed_event) ||
      /* for Spell Circles (mist-api.h) */
      !mist_api_provide(rules, ids, error))
    return FALSE;

  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_GHOSTS,
                              MIST_PRIORITY_LOOK, mist_look, ids);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_GHOSTS,
                              MIST_PRIORITY_G3, mist_thicken, ids);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_GHOSTS,
                              MIST_PRIORITY_G6, mist_disperse, ids);
  meeple_rules_add_figure_removed_hook(rules, MEEPLE_PRIORITY_DEFAULT,
                                       mist_figure_gone, ids);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_FINAL_SCORING,
                              MIST_PRIORITY_FINAL, mist_final, ids);
  meeple_rules_add_notes_hook(rules, MEEPLE_PRIORITY_DEFAULT, mist_notes, ids);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(
  .id = "mist",
  .name = "Mist and ghosts (provisional tiles)",
  .version = "0.1",
  .setup = mist_setup,
  .description = "Mist hides parts of the land and ghosts haunt it: they "
                 "join your features and cost points when caught.",
  .tiles = "mist.tiles",
);
