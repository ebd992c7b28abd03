/* spell-circles.c — Spell Circles (RULES §7, SC-01..SC-11), the C3 mini
 * expansion to the mist of Ghosts, Castles and Cemeteries, as a meepled
 * plugin.  It requires the mist rule set (plugins/mist) and works on its
 * state — the bank, the haunted followers and the ghosts in the spell
 * circles — only through the table the mist publishes (mist-api.h),
 * checked by name, version and size when the rule set is set up.
 *
 * Its steps sit between the mist's in PLACE_GHOSTS (RULES §0.4, AMB-35):
 *
 *   G1  sc_disperse_tile   SC-03  a dispersing spell-circle tile: one bank
 *                                 ghost per circle to own followers,
 *                                 instead of MIST-08's one (AMB-30)
 *   G2  sc_fill            SC-04  the tile's circles fill from the ghosts
 *                                 on its 8 neighbours, then the bank
 *   G3  (mist)             MIST-07
 *   G4  sc_thicken         SC-06  +1 ghost out of an older circle of the
 *                                 thickened mist to an opponent
 *   G5  sc_complete        SC-07  a completed mist empties its circles
 *                                 onto one opponent's followers
 *   G6  (mist)             MIST-08
 *   G7  sc_dispersed       SC-08  a dispersed mist empties its older
 *                                 circles onto own followers
 *
 * SC-05: the circles filled this turn (MistCircles.turn) give nothing to
 * SC-06 or SC-08; only SC-07 moves them.  SC-11: circles never score.
 */
#include "../mist/mist-api.h"

#include <string.h>

enum {
  SC_PRIORITY_G1 = 700,
  SC_PRIORITY_G2 = 600,
  SC_PRIORITY_G4 = 400,
  SC_PRIORITY_G5 = 300,
  SC_PRIORITY_G7 = 100,
};

typedef struct {
  const MistApi *mist;      /* the mist's published table (mist-api.h) */
  guint fill_decision, take_decision;
  guint ghost_from_action, circle_from_action, circle_ghost_action;
  guint circle_filled_event, circle_emptied_event, ghost_raised_event;
} Circles;

static gboolean
index_of(int value, guint *out)
{
  if (value < 0)
    return FALSE;
  *out = (guint)value;
  return TRUE;
}

static MistState *
state(MeepleGame *game, const Circles *c)
{
  return c->mist->state(c->mist, game);
}

static const MeepleTileType *
current_type(MeepleGame *game, MeeplePlacedTile *t)
{
  if (!meeple_game_current_tile(game, t))
    return NULL;
  return meeple_rules_tile_type(meeple_game_rules(game), t->type);
}

static gboolean
near(int x, int y, int cx, int cy)
{
  return ABS(x - cx) <= 1 && ABS(y - cy) <= 1 && (x != cx || y != cy);
}

static void
circle_event(MeepleGame *game, guint type, const MistCircles *circle,
             guint ghosts, const char *rule)
{
  MeepleEvent *e = meeple_game_emit(game, type);
  e->player = (int8_t)meeple_game_active_player(game);
  e->x = circle->x;
  e->y = circle->y;
  e->segment = circle->segment;
  e->arg = (int32_t)ghosts;
  e->rule = rule;
}

/* ---- G1, SC-03 ------------------------------------------------------------------ */

static MeepleHookResult
sc_disperse_tile(MeepleGame *game, gpointer user_data)
{
  const Circles *c = user_data;
  MeeplePlacedTile t;
  const MeepleTileType *type = current_type(game, &t);
  if (!type || !c->mist->placement(c->mist, game)->dispersed)
    return MEEPLE_HOOK_CONTINUE;
  guint n = 0;
  for (guint a = 1; a <= MIST_MAX_AREAS; a++)
    n += c->mist->area_circles(c->mist, type, a);
  if (n == 0)
    return MEEPLE_HOOK_CONTINUE;
  /* AMB-30: these N ghosts take the place of the MIST-08 ghost */
  state(game, c)->replaced_turn = meeple_game_turn(game);
  c->mist->queue(c->mist, game, n, MIST_TO_OWN, TRUE, "SC-03");
  c->mist->run(c->mist, game);
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- G2, SC-04 ------------------------------------------------------------------ */

/* The first circle of this turn's tile with room, or NULL. */
static MistCircles *
next_empty_circle(MistState *st, guint turn)
{
  for (guint i = 0; i < st->n_circles; i++)
    if (st->circles[i].turn == turn &&
        st->circles[i].ghosts < st->circles[i].capacity)
      return &st->circles[i];
  return NULL;
}

/* Ghosts within reach of the new tile at (x, y) (SC-04, AMB-32, X-23):
 * on followers on its 8 neighbours and in circles there. */
static guint
neighbourhood_ghosts(const MistState *st, int x, int y)
{
  guint n = 0;
  for (guint i = 0; i < st->n_haunts; i++)
    if (near(st->haunts[i].x, st->haunts[i].y, x, y))
      n += st->haunts[i].ghosts;
  for (guint i = 0; i < st->n_circles; i++)
    if (near(st->circles[i].x, st->circles[i].y, x, y))
      n += st->circles[i].ghosts;
  return n;
}

static void
raise_from_follower(MeepleGame *game, const Circles *c, guint figure,
                    MistCircles *into)
{
  MistState *st = state(game, c);
  MeepleFigureInfo f = meeple_game_figure(game, figure);
  c->mist->take_from_follower(c->mist, game, figure);
  into->ghosts++;
  MeepleEvent *e = meeple_game_emit(game, c->ghost_raised_event);
  e->player = (int8_t)f.owner;
  e->figure = (uint8_t)f.type;
  e->x = (int16_t)f.x;
  e->y = (int16_t)f.y;
  e->segment = (uint8_t)f.segment;
  e->arg = (int32_t)c->mist->ghosts_on(st, figure);
  e->rule = "SC-04";
  circle_event(game, c->circle_filled_event, into, into->ghosts, "SC-04");
}

static void
raise_from_circle(MeepleGame *game, const Circles *c, MistCircles *from,
                  MistCircles *into)
{
  from->ghosts--;
  into->ghosts++;
  circle_event(game, c->circle_emptied_event, from, 1, "SC-04");
  circle_event(game, c->circle_filled_event, into, into->ghosts, "SC-04");
}

/* Fills the new circles one ghost at a time: the neighbourhood first
 * (AMB-32), asking which ghost only when there are more than the circles
 * can take; then the bank; with the bank empty the rest stay empty. */
static void
sc_fill_run(MeepleGame *game, const Circles *c)
{
  MistState *st = state(game, c);
  guint turn = meeple_game_turn(game);
  MeeplePlacedTile t;
  if (!meeple_game_current_tile(game, &t))
    return;
  for (;;) {
    MistCircles *into = next_empty_circle(st, turn);
    if (!into)
      return;
    guint room = 0;
    for (guint i = 0; i < st->n_circles; i++)
      if (st->circles[i].turn == turn)
        room += st->circles[i].capacity - st->circles[i].ghosts;
    guint reach = neighbourhood_ghosts(st, t.x, t.y);
    if (reach == 0) {
      if (st->bank == 0)
        return; /* SC-04: the remaining circles stay empty */
      st->bank--;
      into->ghosts++;
      circle_event(game, c->circle_filled_event, into, into->ghosts, "SC-04");
      continue;
    }
    MeepleAction actions[MIST_GHOSTS + MIST_MAX_CIRCLE_SPOTS];
    guint n = 0;
    for (guint i = 0; i < st->n_haunts; i++)
      if (near(st->haunts[i].x, st->haunts[i].y, t.x, t.y)) {
        MeepleFigureInfo f = meeple_game_figure(game, st->haunts[i].figure);
        actions[n++] = (MeepleAction){
          .kind = (uint16_t)c->ghost_from_action,
          .x = st->haunts[i].x, .y = st->haunts[i].y,
          .segment = st->haunts[i].segment, .figure = (uint8_t)f.type,
          .arg = st->haunts[i].figure,
        };
      }
    for (guint i = 0; i < st->n_circles; i++)
      if (near(st->circles[i].x, st->circles[i].y, t.x, t.y) &&
          st->circles[i].ghosts > 0)
        actions[n++] = (MeepleAction){
          .kind = (uint16_t)c->circle_from_action,
          .x = st->circles[i].x, .y = st->circles[i].y,
          .segment = st->circles[i].segment,
        };
    if (reach <= room || n == 1) {
      /* every ghost within reach goes anyway, or there is one source:
       * nothing to choose */
      if (actions[0].kind == c->ghost_from_action)
        raise_from_follower(game, c, actions[0].arg, into);
      else
        for (guint i = 0; i < st->n_circles; i++)
          if (st->circles[i].x == actions[0].x &&
              st->circles[i].y == actions[0].y &&
              st->circles[i].segment == actions[0].segment) {
            raise_from_circle(game, c, &st->circles[i], into);
            break;
          }
      continue;
    }
    meeple_game_request_decision(game, c->fill_decision,
                                 meeple_game_active_player(game), actions, n);
    return;
  }
}

static MeepleHookResult
sc_fill(MeepleGame *game, gpointer user_data)
{
  const Circles *c = user_data;
  MistState *st = state(game, c);
  MeeplePlacedTile t;
  const MeepleTileType *type = current_type(game, &t);
  if (!type)
    return MEEPLE_HOOK_CONTINUE;
  /* circles lie in the mist (SC-02): only the tile's mist areas, none on
   * most tiles, are asked for theirs */
  guint areas = c->mist->tile_areas(c->mist, type);
  for (guint a = 1; areas && a <= MIST_MAX_AREAS; a++) {
    if (!(areas & (1u << a)))
      continue;
    guint n = c->mist->area_circles(c->mist, type, a);
    if (n == 0 || st->n_circles >= MIST_MAX_CIRCLE_SPOTS)
      continue;
    st->circles[st->n_circles++] = (MistCircles){
      .x = (gint16)t.x, .y = (gint16)t.y, .area = (guint8)a,
      .segment = (guint8)c->mist->area_circle_segment(c->mist, type, a),
      .capacity = (guint8)n, .turn = meeple_game_turn(game),
    };
  }
  sc_fill_run(game, c);
  return MEEPLE_HOOK_CONTINUE;
}

static MistCircles *
circle_at(MistState *st, int x, int y, guint segment)
{
  for (guint i = 0; i < st->n_circles; i++)
    if (st->circles[i].x == x && st->circles[i].y == y &&
        st->circles[i].segment == segment)
      return &st->circles[i];
  return NULL;
}

static void
apply_ghost_from(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  const Circles *c = user_data;
  MistState *st = state(game, c);
  raise_from_follower(game, c, a->arg,
                      next_empty_circle(st, meeple_game_turn(game)));
  sc_fill_run(game, c);
}

static void
apply_circle_from(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  const Circles *c = user_data;
  MistState *st = state(game, c);
  raise_from_circle(game, c, circle_at(st, a->x, a->y, a->segment),
                    next_empty_circle(st, meeple_game_turn(game)));
  sc_fill_run(game, c);
}

/* ---- mist areas of this placement ------------------------------------------------- */

static gboolean
circle_in(const Circles *c, const MistCircles *circle, const MistArea *area)
{
  return c->mist->area_contains(area, circle->x, circle->y, circle->area);
}

/* Takes every ghost out of the circles of @area (those filled this turn
 * only when @with_new, SC-05) into the player's hand; returns how many. */
static guint
empty_circles(MeepleGame *game, const Circles *c, const MistArea *area,
              gboolean with_new, const char *rule)
{
  MistState *st = state(game, c);
  guint turn = meeple_game_turn(game), n = 0;
  for (guint i = 0; i < st->n_circles; i++) {
    MistCircles *circle = &st->circles[i];
    if (circle->ghosts == 0 || (!with_new && circle->turn == turn) ||
        !circle_in(c, circle, area))
      continue;
    n += circle->ghosts;
    circle_event(game, c->circle_emptied_event, circle, circle->ghosts, rule);
    circle->ghosts = 0;
  }
  return n;
}

/* ---- G4, SC-06 ------------------------------------------------------------------ */

static void
take_for_opponent(MeepleGame *game, const Circles *c, MistCircles *circle)
{
  circle->ghosts--;
  circle_event(game, c->circle_emptied_event, circle, 1, "SC-06");
  c->mist->queue(c->mist, game, 1, MIST_TO_OPPONENTS, FALSE, "SC-06");
  c->mist->run(c->mist, game);
}

/* Once per placement (AMB-33): a thickened mist that this tile does not
 * complete and that holds an older occupied circle gives one of its
 * ghosts to an opponent; the player picks the circle. */
static MeepleHookResult
sc_thicken(MeepleGame *game, gpointer user_data)
{
  const Circles *c = user_data;
  const MistPlacement *pl = c->mist->placement(c->mist, game);
  MeeplePlacedTile t;
  if (!pl->thickened || !meeple_game_current_tile(game, &t))
    return MEEPLE_HOOK_CONTINUE;
  MistState *st = state(game, c);
  guint turn = meeple_game_turn(game);
  MistArea areas[MIST_MAX_AREAS];
  guint n_areas = c->mist->tile_area_sets(c->mist, game, t.x, t.y,
                                      pl->thick_areas, areas);
  MeepleAction actions[MIST_MAX_CIRCLE_SPOTS];
  guint n = 0, first = 0;
  for (guint i = 0; i < st->n_circles; i++) {
    const MistCircles *circle = &st->circles[i];
    if (circle->ghosts == 0 || circle->turn == turn)
      continue;
    for (guint k = 0; k < n_areas; k++)
      if (!mist_area_completed(&areas[k]) && circle_in(c, circle, &areas[k])) {
        if (n == 0)
          first = i;
        actions[n++] = (MeepleAction){
          .kind = (uint16_t)c->circle_ghost_action,
          .x = circle->x, .y = circle->y, .segment = circle->segment,
        };
        break;
      }
  }
  for (guint k = 0; k < n_areas; k++)
    c->mist->area_clear(&areas[k]);
  if (n == 1)
    take_for_opponent(game, c, &st->circles[first]);
  else if (n > 1)
    meeple_game_request_decision(game, c->take_decision,
                                 meeple_game_active_player(game), actions, n);
  return MEEPLE_HOOK_CONTINUE;
}

static void
apply_circle_ghost(MeepleGame *game, const MeepleAction *a,
                   gpointer user_data)
{
  const Circles *c = user_data;
  take_for_opponent(game, c, circle_at(state(game, c), a->x, a->y,
                                       a->segment));
}

/* ---- G5, SC-07 ------------------------------------------------------------------ */

/* Every completed mist of this tile (whichever tile completes it, AMB-34)
 * gives all the ghosts of its circles, this turn's too (SC-07.1), to the
 * followers of one opponent. */
static MeepleHookResult
sc_complete(MeepleGame *game, gpointer user_data)
{
  const Circles *c = user_data;
  MeeplePlacedTile t;
  const MeepleTileType *type = current_type(game, &t);
  if (!type)
    return MEEPLE_HOOK_CONTINUE;
  MistArea areas[MIST_MAX_AREAS];
  guint n_areas = c->mist->tile_area_sets(c->mist, game, t.x, t.y,
                                      c->mist->tile_areas(c->mist, type),
                                      areas);
  for (guint k = 0; k < n_areas; k++) {
    if (mist_area_completed(&areas[k])) {
      guint n = empty_circles(game, c, &areas[k], TRUE, "SC-07");
      c->mist->queue(c->mist, game, n, MIST_TO_ONE_OPPONENT, FALSE, "SC-07");
    }
    c->mist->area_clear(&areas[k]);
  }
  c->mist->run(c->mist, game);
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- G7, SC-08 ------------------------------------------------------------------ */

static MeepleHookResult
sc_dispersed(MeepleGame *game, gpointer user_data)
{
  const Circles *c = user_data;
  const MistPlacement *pl = c->mist->placement(c->mist, game);
  if (!pl->dispersed)
    return MEEPLE_HOOK_CONTINUE;
  MistArea areas[G_N_ELEMENTS(pl->dispersal)];
  guint n_areas = 0;
  for (guint i = 0; i < pl->n_dispersal; i++) {
    const MistNode *node = &pl->dispersal[i];
    gboolean seen = FALSE;
    for (guint k = 0; k < n_areas; k++)
      seen |= c->mist->area_contains(&areas[k], node->x, node->y, node->area);
    if (!seen)
      c->mist->area_collect(c->mist, game, *node, &areas[n_areas++]);
  }
  for (guint k = 0; k < n_areas; k++) {
    guint n = empty_circles(game, c, &areas[k], FALSE, "SC-08");
    c->mist->queue(c->mist, game, n, MIST_TO_OWN, FALSE, "SC-08");
    c->mist->area_clear(&areas[k]);
  }
  c->mist->run(c->mist, game);
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- notes ------------------------------------------------------------------------ */

static void
sc_notes(const MeepleGame *game, MeepleNotes *notes, gpointer user_data)
{
  const Circles *c = user_data;
  const MistState *st = c->mist->state_const(c->mist, game);
  const MeepleRules *rules = meeple_game_rules(game);
  g_autoptr(GString) out = g_string_new(NULL);
  for (guint i = 0; i < st->n_circles; i++) {
    const MistCircles *circle = &st->circles[i];
    MeeplePlacedTile t;
    if (!meeple_game_tile_at(game, circle->x, circle->y, &t))
      continue;
    const MeepleTileType *type = meeple_rules_tile_type(rules, t.type);
    g_string_append_printf(out, "%s%d,%d %s %u of %u", out->len ? "; " : "",
                           circle->x, circle->y,
                           type->segments[circle->segment].name,
                           circle->ghosts, circle->capacity);
  }
  if (out->len)
    meeple_notes_add(notes, "Spell circles", "ghosts in circles: %s",
                     out->str);
}

/* ---- registration ------------------------------------------------------------------ */


/* Typed events (meeple/events.h): what each sets, and its sentence.  The
 * circles' events name the seat whose turn it is. */
static const MeepleEventSpec spec_circle_filled = {
  MEEPLE_EVENT_FIELD_SEAT | MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_SEGMENT | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "ghosts",
  "the spell circles at {cell} hold {count} ghost{count:s}" };
static const MeepleEventSpec spec_circle_emptied = {
  MEEPLE_EVENT_FIELD_SEAT | MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_SEGMENT | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "ghosts",
  "{count} ghost{count:s} taken out of the spell circles at {cell}" };
static const MeepleEventSpec spec_ghost_raised = {
  MEEPLE_EVENT_FIELD_SEAT | MEEPLE_EVENT_FIELD_FIGURE | MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_SEGMENT | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "ghosts",
  "a ghost rises from {seat}'s {figure} at {cell} ({count} "
  "left on it)" };

static gboolean
sc_setup(MeepleRules *rules, GError **error)
{
  Circles *c = g_new0(Circles, 1);
  meeple_rules_own(rules, c, g_free);
  /* SC-01: built on the mist, through the interface it publishes; a mist
   * of another major version refuses this rule set at load */
  c->mist = MEEPLE_USE_API(rules, MIST_API_NAME, MIST_API_MAJOR,
                           MIST_API_MINOR, MistApi, error);
  if (!c->mist)
    return FALSE;
  if (!index_of(meeple_rules_add_decision_kind(
                    rules, "fill-circle",
                    "Choose a ghost near the new tile to rise into its "
                    "spell circle", error),
                &c->fill_decision) ||
      !index_of(meeple_rules_add_decision_kind(
                    rules, "circle-ghost",
                    "Choose the spell circle a ghost leaves for an "
                    "opponent's follower", error),
                &c->take_decision) ||
      !index_of(meeple_rules_add_action_kind(
                    rules, "ghost-from",
                    "Take a ghost off this follower into the new spell "
                    "circle (SC-04)",
                    MEEPLE_ACTION_USES_FIGURE | MEEPLE_ACTION_USES_SEGMENT |
                      MEEPLE_ACTION_USES_ARG,
                    /* ghosts are no figures: the board does not change */
                    MEEPLE_EFFECT_SPEC_NONE, apply_ghost_from, c, error),
                &c->ghost_from_action) ||
      !index_of(meeple_rules_add_action_kind(
                    rules, "ghost-from-circle",
                    "Take a ghost out of this spell circle into the new "
                    "one (SC-04)",
                    MEEPLE_ACTION_USES_SEGMENT, MEEPLE_EFFECT_SPEC_NONE,
                    apply_circle_from, c, error),
                &c->circle_from_action) ||
      !index_of(meeple_rules_add_action_kind(
                    rules, "circle-ghost",
                    "Take a ghost out of this spell circle for an "
                    "opponent's follower (SC-06)",
                    MEEPLE_ACTION_USES_SEGMENT, MEEPLE_EFFECT_SPEC_NONE,
                    apply_circle_ghost, c, error),
                &c->circle_ghost_action) ||
      !index_of(meeple_rules_add_typed_event(rules, "circle-filled", &spec_circle_filled, error),
                &c->circle_filled_event) ||
      !index_of(meeple_rules_add_typed_event(rules, "circle-emptied", &spec_circle_emptied, error),
                &c->circle_emptied_event) ||
      !index_of(meeple_rules_add_typed_event(rules, "ghost-raised", &spec_ghost_raised, error),
                &c->ghost_raised_event))
    return FALSE;

  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_GHOSTS, SC_PRIORITY_G1,
                              sc_disperse_tile, c);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_GHOSTS, SC_PRIORITY_G2,
                              sc_fill, c);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_GHOSTS, SC_PRIORITY_G4,
                              sc_thicken, c);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_GHOSTS, SC_PRIORITY_G5,
                              sc_complete, c);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_GHOSTS, SC_PRIORITY_G7,
                              sc_dispersed, c);
  meeple_rules_add_notes_hook(rules, MEEPLE_PRIORITY_DEFAULT, sc_notes, c);
  return TRUE;
}

static const char *const sc_requires[] = { "mist", NULL };

MEEPLE_PLUGIN_DEFINE(
  .id = "spell-circles",
  .name = "Spell Circles (provisional tiles)",
  .version = "0.1",
  .requires = sc_requires,
  .setup = sc_setup,
  .description = "Spell circles in the mist bind ghosts and followers "
                 "to their spells; played with the mist.",
  .tiles = "spell-circles.tiles",
);
