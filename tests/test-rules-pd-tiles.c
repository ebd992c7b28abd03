/* test-rules-pd-tiles.c — scenario tests for the tile set of The Princess
 * & the Dragon and what the plugin registers (RULES §3, PD-01..PD-04).
 *
 * As in test-rules-abbot.c, every test builds its board from a fixed tile
 * order (tu_game), plays it by notation and asserts exact points, figure
 * positions and events.  Every number is worked out by hand from
 * data/tiles/base.tiles and data/tiles/princess-dragon.tiles; each test
 * draws its board in a comment.
 *
 * Board conventions: the start tile D lies at (0,0) unturned (city cap
 * north, road west-east, field south); x grows east, y grows SOUTH.  A cell
 * is written <tile><degrees>.  A tile turned rN moves its canonical north
 * side N degrees clockwise.  Edges (N E S W) of the turned tiles used:
 *   U0    F R F R     A180 R F F F     A270 F R F F  (road ends at M)
 *   V0    F F R R     E90  F C F F     E180 F F C F   E270 F F F C
 *   F0    F C F C*
 *   O = DG/LCcc.d (C1:N,E,W  M  F1:Se,Sw>C1):  O180  F C C C
 *   Q = DG/CRcr.d (R1:N,S  C1:E,W  F1:Nw,Ne>C1  F2:Se,Sw>C1):  Q0 R C R C
 *   DG/CRRR.p: the geometry of base tile L, princess in C1:  180  R R C R
 *   DG/Cc.pG  (C1:N,W{princess} F1 G):  270  F F C C
 *   DG/CCc+.p (C1:N{princess} C2:E,S* F1:Ws,Wn>C1 F2:inner>C1,C2):  0  C C C F
 *
 * The tiles' symbols now have their rules (test-rules-pd-dragon.c tests
 * the volcano and the dragon, test-rules-pd-figures.c the princess, the
 * portal and the fairy).
 * Tiles O and Q carry the dragon symbol: a dragon tile drawn before any
 * volcano is set aside (PD-08), and placing one after a volcano starts a
 * dragon flight (PD-07, PD-09).  The PD-03 and PD-04 scenarios below
 * therefore place a volcano first (PD-05: the dragon jumps onto it; PD-06:
 * nothing goes onto it, and with no other choice the figure decision is
 * not asked) and play the flight's "dragon-step" decisions so that the
 * dragon eats nothing the scenario needs.  The princess scenarios (PD-01,
 * PD-02) are built so that no princess ever joins an occupied city
 * (PD-13 has nothing to do).  Once a player has a follower on the board
 * the figure decision also offers moving the fairy there (PD-20): the
 * offers() lists below include it.
 *   DG/RFr.v (volcano, geometry of U)            0  F R F R
 *   DG/C.v   (volcano, geometry of E)          180  F F C F
 */
#include "scenario.h"
#include "testutil.h"

#include <stdarg.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static MeepleRules *rules;   /* base + The Princess & the Dragon */

#define O_TILE "DG/LCcc.d"
#define Q_TILE "DG/CRcr.d"

#define CITY MEEPLE_KIND_CITY
#define ROAD MEEPLE_KIND_ROAD
#define FIELD MEEPLE_KIND_FIELD
#define CLOISTER MEEPLE_KIND_MONASTERY

static void
setup(void)
{
  rules = tu_rules_with("princess-dragon");
  scenario_setup();
}

static void
teardown(void)
{
  scenario_teardown();
  meeple_rules_unref(rules);
}



static int
tile_index(const MeepleRules *r, const char *id)
{
  int t = meeple_rules_find_tile_type(r, id);
  ck_assert_msg(t >= 0, "unknown tile %s", id);
  return t;
}



/* Placed tiles among the 8 cells around (x, y), counted here rather than
 * asked of the engine. */
static guint
around(const MeepleGame *g, int x, int y)
{
  guint n = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      n += (dx || dy) && meeple_game_tile_at(g, x + dx, y + dy, NULL);
  return n;
}









/* The dragon stands on the tile at (x, y) itself, on none of its
 * segments. */
static void
dragon_on(const MeepleGame *g, int x, int y)
{
  guint type = (guint)meeple_rules_find_figure_type(meeple_game_rules(g),
                                                    "dragon");
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.type != type)
      continue;
    ck_assert_msg(f.on_board && f.x == x && f.y == y &&
                      f.segment == MEEPLE_SEGMENT_NONE,
                  "dragon %s at %d,%d seg %u, expected %d,%d",
                  f.on_board ? "on the board" : "beside the board", f.x, f.y,
                  f.segment, x, y);
    return;
  }
  ck_abort_msg("no dragon");
}

/* ev holds exactly one "dragon-flight-ended" event, at (x, y) after
 * @steps steps, and nothing was eaten (PD-10). */
static void
flight_ended_uneaten(const MeepleGame *g, int x, int y, int steps)
{
  guint ended = tu_event_type(meeple_game_rules(g), "dragon-flight-ended");
  ck_assert_uint_eq(count(ended, "PD-09"), 1);
  const MeepleEvent *e = tu_find_event(evs(), ev->len, ended, 0);
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_int_eq(e->arg, steps);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "PD-10"), 0);
  dragon_on(g, x, y);
}

#define AWARDS(...) SCENARIO_AWARDS(FALSE, __VA_ARGS__)


/* Physical tiles of tile set @set whose tile-level symbols, or (when
 * @in_city) whose city segments, carry @symbol. */
static guint
tiles_with(const MeepleRules *r, const char *set, const char *symbol,
           gboolean in_city)
{
  int sym = meeple_rules_find_symbol(r, symbol);
  ck_assert_msg(sym >= 0, "no symbol {%s}", symbol);
  guint32 bit = 1u << sym;
  guint n = 0;
  for (guint t = 0; t < meeple_rules_n_tile_types(r); t++) {
    const MeepleTileType *type = meeple_rules_tile_type(r, t);
    if (g_strcmp0(type->tileset, set) != 0)
      continue;
    gboolean has = !in_city && (type->symbols & bit);
    for (guint s = 0; s < type->n_segments; s++)
      if (in_city && type->segments[s].kind == CITY &&
          (type->segments[s].symbols & bit))
        has = TRUE;
    n += has ? type->count : 0;
  }
  return n;
}

static const MeepleTileSetInfo *
tileset(const MeepleRules *r, const char *id)
{
  for (guint i = 0; i < meeple_rules_n_tilesets(r); i++)
    if (strcmp(meeple_rules_tileset(r, i)->id, id) == 0)
      return meeple_rules_tileset(r, i);
  ck_abort_msg("no tile set %s", id);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* PD-01 Components                                                     */
/* ------------------------------------------------------------------ */

/* RULES: PD-01, BASE-02 */
START_TEST(pd01_thirty_tiles_and_their_symbols)
{
  /* TILES.md §3 and PD-01: 30 tiles in 29 types (DG/Rr.d has 2 copies),
   * 6 volcano, 12 dragon, 6 portal and 6 princess tiles: 6 + 12 + 6 + 6
   * = 30, so every tile carries exactly one of the four symbols. */
  const MeepleTileSetInfo *set = tileset(rules, "princess-dragon");
  ck_assert_str_eq(set->name, "The Princess & the Dragon (C2 edition)");
  ck_assert_str_eq(set->version, "1.0");
  ck_assert_uint_eq(set->n_types, 29);
  ck_assert_uint_eq(set->n_tiles, 30);
  ck_assert_msg(g_str_has_suffix(set->file, "princess-dragon.tiles"), "%s",
                set->file);
  ck_assert_uint_eq(meeple_rules_n_tilesets(rules), 2);

  ck_assert_uint_eq(tiles_with(rules, "princess-dragon", "volcano", FALSE), 6);
  ck_assert_uint_eq(tiles_with(rules, "princess-dragon", "dragon", FALSE), 12);
  ck_assert_uint_eq(tiles_with(rules, "princess-dragon", "portal", FALSE), 6);
  ck_assert_uint_eq(tiles_with(rules, "princess-dragon", "princess", TRUE), 6);
  /* The princess stands in a city, never on the tile as a whole; the
   * other three are never printed in a segment. */
  ck_assert_uint_eq(tiles_with(rules, "princess-dragon", "princess", FALSE), 0);

  const char *const four[] = { "volcano", "dragon", "portal", "princess" };
  guint dragon_types = 0;
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++) {
    const MeepleTileType *type = meeple_rules_tile_type(rules, t);
    guint32 all = type->symbols;
    for (guint s = 0; s < type->n_segments; s++)
      all |= type->segments[s].symbols;
    if (strcmp(type->tileset, "base") == 0) {
      ck_assert_msg(all == 0, "base tile %s has a symbol", type->id);
      continue;
    }
    guint n = 0;
    for (guint k = 0; k < G_N_ELEMENTS(four); k++)
      n += (all >> meeple_rules_find_symbol(rules, four[k])) & 1;
    ck_assert_msg(n == 1, "tile %s carries %u of the four symbols",
                  type->id, n);
    ck_assert_msg(g_str_has_prefix(type->id, "DG/"), "%s", type->id);
    dragon_types += (type->symbols >>
                     meeple_rules_find_symbol(rules, "dragon")) & 1;
  }
  /* 12 dragon tiles in 11 types: DG/Rr.d is the one with 2 copies */
  ck_assert_uint_eq(dragon_types, 11);
  ck_assert_uint_eq(
      meeple_rules_tile_type(rules, (guint)tile_index(rules, "DG/Rr.d"))
          ->count, 2);

  /* base 72 + P&D 30 = 102 tiles; the start tile is still base D */
  guint total = 0;
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++)
    total += meeple_rules_tile_type(rules, t)->count;
  ck_assert_uint_eq(total, 102);
  ck_assert_int_eq(meeple_rules_start_tile(rules), tile_index(rules, "D"));
  /* A seeded game shuffles all of them: the start tile is placed, one
   * tile is drawn, 102 - 1 - 1 = 100 wait in the supply. */
  MeepleGameConfig cfg = { .n_players = 2, .seed = 5 };
  MeepleGame *g = meeple_game_new(rules, &cfg, NULL);
  ck_assert_ptr_nonnull(g);
  ck_assert_uint_eq(meeple_game_n_placed(g), 1);
  ck_assert_int_ge(meeple_game_drawn_tile(g), 0);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 100);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-01, PD-19 */
START_TEST(pd01_dragon_and_fairy_are_neutral)
{
  /* PD-01: the dragon and the fairy are neutral figures that start
   * beside the board; nobody owns them, so a game of n players holds
   * 7n followers + 2 neutral figures. */
  const char *const names[] = { "dragon", "fairy" };
  for (guint k = 0; k < G_N_ELEMENTS(names); k++) {
    int t = meeple_rules_find_figure_type(rules, names[k]);
    ck_assert_msg(t > 0, "no figure type %s", names[k]);
    const MeepleFigureType *ft = meeple_rules_figure_type(rules, (guint)t);
    ck_assert_str_eq(ft->name, names[k]);
    ck_assert(!ft->is_follower);
    ck_assert_uint_eq(ft->per_player, 0);
    ck_assert_uint_eq(ft->neutral, 1);
  }
  /* follower, dragon, fairy: nothing else */
  ck_assert_uint_eq(meeple_rules_n_figure_types(rules), 3);
  /* The rule set's own actions, named as in doc/game-record.md, after the
   * core's: the princess's removal (PD-13), a dragon step (PD-09), the
   * fairy's move (PD-20) and the portal (PD-16); nothing else. */
  const char *const actions[] = { "princess-remove", "dragon-move",
                                  "fairy-move", "portal" };
  ck_assert_uint_eq(meeple_rules_n_action_kinds(rules),
                    MEEPLE_ACTION_CORE_COUNT + G_N_ELEMENTS(actions));
  for (guint k = 0; k < G_N_ELEMENTS(actions); k++) {
    int kind = meeple_rules_find_action_kind(rules, actions[k]);
    ck_assert_msg(kind >= MEEPLE_ACTION_CORE_COUNT, "no action kind %s",
                  actions[k]);
    ck_assert_str_eq(meeple_rules_action_kind(rules, (guint)kind)->name,
                     actions[k]);
  }
  /* and its two decisions, after the core's */
  ck_assert_uint_eq(meeple_rules_n_decision_kinds(rules),
                    MEEPLE_DECISION_CORE_COUNT + 2);
  ck_assert_uint_ge(tu_decision_kind(rules, "princess"),
                    MEEPLE_DECISION_CORE_COUNT);
  ck_assert_uint_ge(tu_decision_kind(rules, "dragon-step"),
                    MEEPLE_DECISION_CORE_COUNT);
  const MeepleRuleSetInfo *rs =
      meeple_rules_find_ruleset(rules, "princess-dragon");
  ck_assert_ptr_nonnull(rs);
  ck_assert_str_eq(rs->name, "The Princess & the Dragon");
  ck_assert_str_eq(rs->version, "1.0");

  for (guint n = 2; n <= 6; n++) {
    MeepleGame *g = tu_game(rules, n, "U", FALSE);
    ck_assert_uint_eq(meeple_game_n_figures(g), 7 * n + 2);
    guint neutral[2] = { 0, 0 };
    for (guint i = 0; i < meeple_game_n_figures(g); i++) {
      MeepleFigureInfo f = meeple_game_figure(g, i);
      ck_assert(!f.on_board);
      if (f.owner >= 0) {
        ck_assert_uint_eq(f.type, MEEPLE_FIGURE_FOLLOWER);
        continue;
      }
      for (guint k = 0; k < G_N_ELEMENTS(names); k++)
        neutral[k] += f.type == (guint)meeple_rules_find_figure_type(
                                    rules, names[k]);
    }
    ck_assert_uint_eq(neutral[0], 1);
    ck_assert_uint_eq(neutral[1], 1);
    for (guint s = 0; s < n; s++) {
      ck_assert_uint_eq(meeple_game_supply(g, s, MEEPLE_FIGURE_FOLLOWER), 7);
      for (guint k = 0; k < G_N_ELEMENTS(names); k++)
        ck_assert_uint_eq(
            meeple_game_supply(
                g, s, (guint)meeple_rules_find_figure_type(rules, names[k])),
            0);
    }
    meeple_game_free(g);
  }
  /* The names are figure verbs of the notation (the figure and action
   * namespace, doc/plugins.md): "dragon" alone is read as a figure that
   * lacks its segment, not as an unknown word. */
  MeepleGame *g = tu_game(rules, 2, "U", FALSE);
  MeepleAction a;
  g_autoptr(GError) err = NULL;
  ck_assert(!meeple_action_parse(g, "dragon", &a, NULL, &err));
  ck_assert_msg(strstr(err->message, "needs a segment"), "%s", err->message);
  meeple_game_free(g);

  /* Without the rule set there is neither. */
  MeepleRules *base = tu_base_rules();
  ck_assert_int_eq(meeple_rules_find_figure_type(base, "dragon"), -1);
  ck_assert_int_eq(meeple_rules_find_figure_type(base, "fairy"), -1);
  meeple_rules_unref(base);
}
END_TEST

/* RULES: PD-01 */
START_TEST(pd01_tile_ids_in_notation_and_records)
{
  /* Every P&D id ("DG/Cc!.p", "DG/CCc+.p", ...) reads and writes back in
   * the action notation, and a record whose tile order lists all 29
   * types replays to the same game. */
  GString *order = g_string_new(NULL);
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++) {
    const MeepleTileType *type = meeple_rules_tile_type(rules, t);
    if (strcmp(type->tileset, "princess-dragon") == 0)
      g_string_append_printf(order, "%s ", type->id);
  }
  MeepleGame *g = tu_game(rules, 2, order->str, FALSE);
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++) {
    const MeepleTileType *type = meeple_rules_tile_type(rules, t);
    g_autofree char *text = g_strdup_printf("place %s @ 3,-4 r270", type->id);
    MeepleAction a;
    g_autoptr(GError) err = NULL;
    ck_assert_msg(meeple_action_parse(g, text, &a, NULL, &err), "%s: %s",
                  text, err ? err->message : "");
    ck_assert_uint_eq(a.tile, t);
    g_autofree char *back = meeple_action_to_string(g, &a);
    ck_assert_str_eq(back, text);
  }
  /* A few random actions, so the record has P&D ids in its actions too,
   * not only in its "tiles" line. */
  GRand *rand = g_rand_new_with_seed(9);
  ck_assert_uint_eq(tu_play_random(g, rand, 6), 6);
  g_rand_free(rand);
  g_autofree char *text = meeple_record_write(g, NULL);
  ck_assert_msg(strstr(text, "\nrules base/1.0 princess-dragon/1.0\n"), "%s",
                text);
  ck_assert_msg(strstr(text, "DG/Cc!.p"), "%s", text);
  ck_assert_msg(strstr(text, "\nplace DG/"), "%s", text);
  g_autoptr(GError) err = NULL;
  MeepleRecord *rec = meeple_record_parse(text, -1, "pd.rec", &err);
  ck_assert_msg(rec, "%s", err ? err->message : "");
  ck_assert_uint_eq(rec->tile_order->len, 29);
  MeepleGame *again = meeple_record_replay(rec, rules, &err);
  ck_assert_msg(again, "%s", err ? err->message : "");
  g_autofree char *a = tu_state_digest(g);
  g_autofree char *b = tu_state_digest(again);
  ck_assert_str_eq(a, b);
  meeple_game_free(again);
  meeple_record_free(rec);
  meeple_game_free(g);
  g_string_free(order, TRUE);
}
END_TEST

/* RULES: PD-01, ABBOT-02, ABBOT-03, ABBOT-04 */
START_TEST(pd01_gardens_need_the_abbot)
{
  /*            x=0
   *    y=-1    DG/Cc.pG 270   (city N+W turned onto W+S; garden)
   *    y=0     D
   * The C2 P&D tiles DG/C.dG and DG/Cc.pG carry a garden (PD-01 "G").
   * P&D alone: the garden is decoration, the turn offers city and field
   * only.  P&D with The Abbot (both load together): the garden is a
   * feature and the abbot may go on it (ABBOT-03/04).  The princess's city
   * joins D's empty cap: no knight there, so PD-13 has nothing to do. */
  guint gardens = 0;
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++) {
    const MeepleTileType *type = meeple_rules_tile_type(rules, t);
    if (strcmp(type->tileset, "princess-dragon") != 0)
      continue;
    for (guint s = 0; s < type->n_segments; s++)
      if (type->segments[s].kind == MEEPLE_KIND_GARDEN) {
        gardens++;
        ck_assert_msg(strcmp(type->id, "DG/C.dG") == 0 ||
                          strcmp(type->id, "DG/Cc.pG") == 0,
                      "garden on %s", type->id);
      }
  }
  ck_assert_uint_eq(gardens, 2);
  ck_assert(!meeple_rules_kind(rules, MEEPLE_KIND_GARDEN)->is_feature);

  MeepleGame *g = tu_game(rules, 2, "DG/Cc.pG", FALSE);
  put(g, 0, "place DG/Cc.pG @ 0,-1 r270");
  offers(g, "pass", "follower C1", "follower F1", NULL);
  refused(g, "follower G");
  meeple_game_free(g);

  MeepleRules *both = tu_rules_with("princess-dragon,abbot");
  ck_assert_ptr_nonnull(meeple_rules_find_ruleset(both, "abbot"));
  ck_assert_ptr_nonnull(meeple_rules_find_ruleset(both, "princess-dragon"));
  ck_assert_uint_eq(tileset(both, "princess-dragon")->n_tiles, 30);
  ck_assert(meeple_rules_kind(both, MEEPLE_KIND_GARDEN)->is_feature);
  /* follower, abbot, dragon, fairy */
  ck_assert_uint_eq(meeple_rules_n_figure_types(both), 4);
  g = tu_game(both, 2, "DG/Cc.pG", FALSE);
  put(g, 0, "place DG/Cc.pG @ 0,-1 r270");
  offers(g, "pass", "follower C1", "follower F1", "abbot G", NULL);
  act(g, "abbot G");
  ck_assert_uint_eq(on(g, 0, 0, -1, "DG/Cc.pG", "G"), 1);
  /* Game over: the abbot on the unfinished garden scores 1 + its one
   * neighbour D = 2 (ABBOT-07).  D's cap and the princess's city (W+S
   * after the turn) form a city open on the west; it is empty, so nobody
   * scores it. */
  AWARDS({ 0, 2, "ABBOT-07", MEEPLE_KIND_GARDEN });
  over(g, 2, 0);
  meeple_game_free(g);
  meeple_rules_unref(both);
}
END_TEST

/* RULES: PD-01, PD-02, BASE-17, BASE-23 */
START_TEST(pd01_enclosed_meadow_touches_no_edge)
{
  /*            x=0
   *    y=-2    E180          (cap facing south)
   *    y=-1    DG/CCc+.p 0   (C1 cap N, C2 city E+S*, F1 west, F2 inner)
   *    y=0     D
   * F2 of DG/CCc+.p is a field that touches no edge ("F2:inner>C1,C2",
   * TILES.md unverified): it joins nothing, borders both cities.  Seat 0
   * puts a farmer on it.  Seat 1 closes the princess's cap C1 with E180
   * and puts a knight in it: 2 tiles, no pennant = 2 x 2 = 4 (BASE-17).
   * Final: C2 + D's cap is open on C2's east side, so the meadow borders
   * one completed city: 3 points (BASE-23). */
  const MeepleTileType *t = meeple_rules_tile_type(
      rules, (guint)tile_index(rules, "DG/CCc+.p"));
  const MeepleSegment *f2 = &t->segments[tu_segment(rules, "DG/CCc+.p", "F2")];
  ck_assert_uint_eq(f2->kind, FIELD);
  ck_assert_uint_eq(f2->halves, 0);
  ck_assert_uint_eq(f2->borders,
                    (1u << tu_segment(rules, "DG/CCc+.p", "C1")) |
                        (1u << tu_segment(rules, "DG/CCc+.p", "C2")));

  MeepleGame *g = tu_game(rules, 2, "DG/CCc+.p E", FALSE);
  put(g, 0, "place DG/CCc+.p @ 0,-1 r0");
  offers(g, "pass", "follower C1", "follower C2", "follower F1",
         "follower F2", NULL);
  act(g, "follower F2");
  MeepleFeatureInfo meadow = feat(g, 0, -1, "DG/CCc+.p", "F2");
  ck_assert_uint_eq(meadow.tiles, 1);
  ck_assert_uint_eq(meadow.followers[0], 1);
  MeepleFeatureInfo west = feat(g, 0, -1, "DG/CCc+.p", "F1");
  ck_assert_uint_ne(west.id, meadow.id);
  ck_assert_uint_eq(west.followers[0], 0);

  turn(g, 1, "place E @ 0,-2 r180", "follower C1");
  AWARDS({ 1, 4, "BASE-17", CITY }, { 0, 3, "BASE-23", FIELD });
  over(g, 3, 4);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-02 New tiles, normal rules                                        */
/* ------------------------------------------------------------------ */

/* Plays the PD-02 turn with tile @id (DG/CRRR.p or base L) and returns
 * the game; ev holds its events. */
static MeepleGame *
close_small_city(MeepleRules *r, const char *id)
{
  MeepleGame *g = tu_game(r, 2, id, FALSE);
  g_autofree char *place = g_strdup_printf("place %s @ 0,-1 r180", id);
  put(g, 0, place);
  offers(g, "pass", "follower C1", "follower R1", "follower R2",
         "follower R3", "follower F1", "follower F2", "follower F3", NULL);
  act(g, "follower C1");
  return g;
}

/* RULES: PD-02, PD-13, BASE-17, BASE-19, BASE-09 */
START_TEST(pd02_princess_tile_scores_normally)
{
  /*            x=0
   *    y=-1    DG/CRRR.p 180   (princess cap faces south, roads N E W)
   *    y=0     D
   * The princess's cap closes D's cap: a city of 2 tiles, no pennant.
   * Seat 0's knight in it scores 2 x 2 = 4 (BASE-17) and goes home
   * (BASE-19).  The city was empty when the tile joined it, so the
   * princess removes nobody (PD-13); the symbol changes nothing (PD-02).
   * The game then ends with nothing on the board: 4 : 0. */
  MeepleGame *g = close_small_city(rules, "DG/CRRR.p");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  const MeepleEvent *done = event(MEEPLE_EVENT_FEATURE_COMPLETED, 0);
  ck_assert_uint_eq(done->kind, CITY);
  ck_assert_int_eq(done->arg, 2);
  AWARDS({ 0, 4, "BASE-17", CITY });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 1);
  over(g, 4, 0);

  /* The same turn with base tile L, which has the same layout and no
   * symbol, gives the same events, field by field (the tile type apart). */
  GArray *with_princess = g_array_copy(ev);
  MeepleGame *plain = close_small_city(rules, "L");
  ck_assert_uint_eq(ev->len, with_princess->len);
  for (guint i = 0; i < ev->len; i++) {
    MeepleEvent a = g_array_index(with_princess, MeepleEvent, i);
    MeepleEvent b = evs()[i];
    ck_assert_uint_eq(a.type, b.type);
    ck_assert_int_eq(a.player, b.player);
    ck_assert_uint_eq(a.kind, b.kind);
    ck_assert_int_eq(a.x, b.x);
    ck_assert_int_eq(a.y, b.y);
    ck_assert_uint_eq(a.segment, b.segment);
    ck_assert_uint_eq(a.figure, b.figure);
    ck_assert_int_eq(a.points, b.points);
    ck_assert_int_eq(a.arg, b.arg);
    ck_assert_str_eq(a.rule ? a.rule : "-", b.rule ? b.rule : "-");
  }
  ck_assert_int_eq(meeple_game_score(plain, 0), 4);
  g_array_free(with_princess, TRUE);
  meeple_game_free(plain);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-03 Monastery inside a city (tile O)                               */
/* ------------------------------------------------------------------ */

/* RULES: PD-03, PD-05, PD-06, PD-09, BASE-12, BASE-11, BASE-18, BASE-19,
 * BASE-22 */
START_TEST(pd03_monk_although_the_city_holds_a_knight)
{
  /*            x=-2   x=-1   x=0    x=1
   *    y=-2           U0     U0     U0
   *    y=-1           E90    O180   E270
   *    y=0     U0     V      D      U0          V = DG/RFr.v 0 (volcano)
   * Turn 1: seat 0 puts the volcano (geometry of U) west of D; the dragon
   * jumps onto it (PD-05).  Seat 0 has no figure on the board and may put
   * none on the volcano (PD-06), so the figure decision, "pass" alone, is
   * not asked.  Turn 2: seat 1's U at (-2,0) gives the dragon a way out
   * west.  Turn 4: seat 1's knight on the cap of E270.  Turn 5: seat 0
   * puts O (turned 180: city W, E, S; monastery; field north); its city
   * joins D's cap and E270's cap, which holds seat 1's knight.  The
   * monastery is a feature of its own: the monk is offered, the city is
   * not (BASE-12).  O is a dragon tile: the dragon flies from the volcano
   * (PD-07, PD-09); seat 0 chooses between D and U(-2,0) and takes
   * U(-2,0), a dead end (its other sides are empty, the volcano was
   * visited): the flight ends after 1 step, nobody is eaten.  Turn 6: E90
   * closes the city (D, O, E270, E90: 4 tiles, no pennant): 4 x 2 = 8 for
   * seat 1 (BASE-17); the monastery has 5 neighbours then (E90, E270, V,
   * D, U(1,0)) and is not touched: the monk stays.  Turns 7-9 fill the
   * ring; U at (-1,-2) is the 8th neighbour of O: 9 for seat 0
   * (BASE-18).  Nothing is left on the board: 9 : 8. */
  MeepleGame *g =
      tu_game(rules, 2, "DG/RFr.v U U E " O_TILE " E U U U", FALSE);
  put(g, 0, "place DG/RFr.v @ -1,0 r0");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, "PD-05"), 1);
  dragon_on(g, -1, 0);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  turn(g, 1, "place U @ -2,0 r0", "pass");
  turn(g, 0, "place U @ 1,0 r0", "pass");
  turn(g, 1, "place E @ 1,-1 r270", "follower C1");

  put(g, 0, "place " O_TILE " @ 0,-1 r180");
  ck_assert_uint_eq(feat(g, 0, -1, O_TILE, "C1").followers[1], 1);
  offers(g, "pass", "follower M", "follower F1", NULL);
  refused(g, "follower C1");
  act(g, "follower M");
  MeepleFeatureInfo city = feat(g, 0, -1, O_TILE, "C1");
  MeepleFeatureInfo cloister = feat(g, 0, -1, O_TILE, "M");
  ck_assert_uint_ne(city.id, cloister.id);
  ck_assert_uint_eq(cloister.kind, CLOISTER);
  ck_assert_uint_eq(cloister.followers[0], 1);
  ck_assert_uint_eq(cloister.followers[1], 0);
  ck_assert_uint_eq(city.followers[0], 0);
  ck_assert_uint_eq(city.followers[1], 1);
  ck_assert_uint_eq(city.tiles, 3);
  /* the flight (PD-09): one step, then a dead end */
  decision_is(g, tu_decision_kind(rules, "dragon-step"), 0);
  offers(g, "dragon-move @ 0,0", "dragon-move @ -2,0", NULL);
  act(g, "dragon-move @ -2,0");
  flight_ended_uneaten(g, -2, 0, 1);
  ck_assert_uint_eq(on(g, 0, 0, -1, O_TILE, "M"), 1);
  ck_assert_uint_eq(on(g, 1, 1, -1, "E", "C1"), 1);
  NO_AWARDS();

  put(g, 1, "place E @ -1,-1 r90");
  /* seat 1 may also move the fairy to its knight (PD-20) */
  offers(g, "pass", "follower F1", "fairy-move C1 @ 1,-1", NULL);
  act(g, "pass");
  AWARDS({ 1, 8, "BASE-17", CITY });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  ck_assert(feat(g, 0, -1, O_TILE, "C1").completed);
  ck_assert(!feat(g, 0, -1, O_TILE, "M").completed);
  ck_assert_uint_eq(on(g, 0, 0, -1, O_TILE, "M"), 1);
  ck_assert_uint_eq(around(g, 0, -1), 5);

  turn(g, 0, "place U @ 0,-2 r0", "pass");
  turn(g, 1, "place U @ 1,-2 r0", "pass");
  NO_AWARDS();
  turn(g, 0, "place U @ -1,-2 r0", "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  ck_assert_uint_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->kind, CLOISTER);
  AWARDS({ 0, 9, "BASE-18", CLOISTER });
  const MeepleEvent *nine = event(MEEPLE_EVENT_POINTS_SCORED, 0);
  ck_assert_int_eq(nine->x, 0);
  ck_assert_int_eq(nine->y, -1);
  ck_assert_uint_eq(nine->segment, sg(g, O_TILE, "M"));
  ck_assert_uint_eq(on(g, 0, 0, -1, O_TILE, "M"), 0);
  over(g, 9, 8);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-03, PD-05, PD-09, BASE-11, BASE-12, BASE-18, BASE-19,
 * BASE-22 */
START_TEST(pd03_knight_although_the_monastery_holds_a_monk)
{
  /*            x=-2   x=-1   x=0    x=1
   *    y=-2           U0     U0     U0
   *    y=-1           F0     O180   E270
   *    y=0     U0     V      D      U0          V = DG/RFr.v 0 (volcano)
   * Turns 1-2 as in the test above: the volcano west of D (the dragon on
   * it, no figure decision), U at (-2,0).  Turn 3: seat 0 puts O and a
   * monk on its monastery; the city, the monastery and the field are all
   * free.  The dragon flies (PD-09): seat 0 sends it to U(-2,0), a dead
   * end after 1 step; nobody is eaten.  Turn 4: seat 1's E270 extends O's
   * city; the monk does not occupy it, so the knight is offered and
   * placed.  Turn 6: F0 (city band W-E, pennant) extends the city
   * westwards and leaves it open.  Turn 9: U at (-1,-2) is O's 8th
   * neighbour: the monastery is complete and scores 9 for seat 0
   * (BASE-18) while the city is still open: it is a separate feature.
   * Final scoring: seat 1's knight in the open city of D, O, E270, F0 = 4
   * tiles + 1 pennant = 5 (BASE-22).  9 : 5. */
  MeepleGame *g =
      tu_game(rules, 2, "DG/RFr.v U " O_TILE " E U F U U U", FALSE);
  put(g, 0, "place DG/RFr.v @ -1,0 r0");
  dragon_on(g, -1, 0);
  turn(g, 1, "place U @ -2,0 r0", "pass");

  put(g, 0, "place " O_TILE " @ 0,-1 r180");
  offers(g, "pass", "follower C1", "follower M", "follower F1", NULL);
  act(g, "follower M");
  decision_is(g, tu_decision_kind(rules, "dragon-step"), 0);
  offers(g, "dragon-move @ 0,0", "dragon-move @ -2,0", NULL);
  act(g, "dragon-move @ -2,0");
  flight_ended_uneaten(g, -2, 0, 1);
  ck_assert_uint_eq(on(g, 0, 0, -1, O_TILE, "M"), 1);

  put(g, 1, "place E @ 1,-1 r270");
  offers(g, "pass", "follower C1", "follower F1", NULL);
  act(g, "follower C1");
  MeepleFeatureInfo city = feat(g, 0, -1, O_TILE, "C1");
  ck_assert_uint_eq(city.followers[1], 1);
  ck_assert_uint_eq(city.followers[0], 0);
  ck_assert_uint_eq(feat(g, 1, -1, "E", "C1").id, city.id);
  ck_assert_uint_eq(feat(g, 0, -1, O_TILE, "M").followers[0], 1);

  turn(g, 0, "place U @ 1,0 r0", "pass");
  turn(g, 1, "place F @ -1,-1 r0", "pass");
  turn(g, 0, "place U @ 0,-2 r0", "pass");
  turn(g, 1, "place U @ 1,-2 r0", "pass");
  NO_AWARDS();
  turn(g, 0, "place U @ -1,-2 r0", "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  ck_assert_uint_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->kind, CLOISTER);
  city = feat(g, 0, -1, O_TILE, "C1");
  ck_assert(!city.completed);
  ck_assert_uint_eq(city.tiles, 4);
  ck_assert_uint_eq(city.pennants, 1);
  /* the 9 comes before the end; then the city's 5 at final scoring */
  AWARDS({ 0, 9, "BASE-18", CLOISTER }, { 1, 5, "BASE-22", CITY });
  const MeepleEvent *nine = event(MEEPLE_EVENT_POINTS_SCORED, 0);
  ck_assert_int_eq(nine->x, 0);
  ck_assert_int_eq(nine->y, -1);
  over(g, 9, 5);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-04 The tunnel (tile Q)                                            */
/* ------------------------------------------------------------------ */

/* RULES: PD-04 */
START_TEST(pd04_tile_q_is_one_road_one_city_two_fields)
{
  /* PD-04.1: tile data MUST model one road, one upper field, one lower
   * field, one city. */
  const MeepleTileType *q =
      meeple_rules_tile_type(rules, (guint)tile_index(rules, Q_TILE));
  guint road = tu_segment(rules, Q_TILE, "R1");
  guint city = tu_segment(rules, Q_TILE, "C1");
  guint north = tu_segment(rules, Q_TILE, "F1");
  guint south = tu_segment(rules, Q_TILE, "F2");
  ck_assert_uint_eq(q->n_segments, 4);
  ck_assert_uint_eq(q->segments[road].kind, ROAD);
  ck_assert_uint_eq(q->segments[road].edges,
                    (1u << MEEPLE_NORTH) | (1u << MEEPLE_SOUTH));
  ck_assert_uint_eq(q->segments[city].kind, CITY);
  ck_assert_uint_eq(q->segments[city].edges,
                    (1u << MEEPLE_EAST) | (1u << MEEPLE_WEST));
  ck_assert_uint_eq(q->segments[north].halves,
                    (1u << MEEPLE_HALF_NW) | (1u << MEEPLE_HALF_NE));
  ck_assert_uint_eq(q->segments[south].halves,
                    (1u << MEEPLE_HALF_SE) | (1u << MEEPLE_HALF_SW));
  ck_assert_uint_eq(q->segments[north].borders, 1u << city);
  ck_assert_uint_eq(q->segments[south].borders, 1u << city);

  /* Tile O (PD-03): one city N+E+W, one monastery, one field. */
  const MeepleTileType *o =
      meeple_rules_tile_type(rules, (guint)tile_index(rules, O_TILE));
  ck_assert_uint_eq(o->n_segments, 3);
  ck_assert_uint_eq(o->segments[tu_segment(rules, O_TILE, "M")].kind,
                    CLOISTER);
  ck_assert_uint_eq(o->segments[tu_segment(rules, O_TILE, "C1")].edges,
                    (1u << MEEPLE_NORTH) | (1u << MEEPLE_EAST) |
                        (1u << MEEPLE_WEST));
}
END_TEST

/* RULES: PD-04, PD-05, PD-06, PD-09, BASE-12, BASE-16, BASE-17, BASE-23,
 * BASE-25 */
START_TEST(pd04_tunnel_road_and_two_fields)
{
  /*            x=-1   x=0    x=1    x=2
   *    y=-2           E0
   *    y=-1           V180                      V = DG/C.v (volcano)
   *    y=0     A270   D      V0
   *    y=1            E90    Q0     E270
   *    y=2                   A180
   * The road: A270's monastery - D - V0 (bends south) - Q0 through the
   * tunnel - A180's monastery: one road of 5 tiles.
   * Q's north field (Nw+Ne) meets V0's south edge on both sides of the
   * road (V.Sw in V.F2, V.Se in V.F1), so it joins V's two fields, and
   * through them D's two fields, into the north field; E90's field joins
   * it through D's south edge.  Q's south field (Se+Sw) joins A180's
   * field only: Q's city keeps the two apart.  The volcano (geometry of
   * E, cap turned south) closes D's cap; its field (W, N, E sides) meets
   * only E0's field above: a third field that touches neither.
   *   T1 seat 0: the volcano closes D's cap: 2 tiles, nobody in it, no
   *      points.  The dragon jumps onto it (PD-05); seat 0 may put nothing
   *      there (PD-06) and has nothing else to do: no figure decision.
   *   T2 seat 1: E0 above the volcano, the dragon's way out; pass.
   *   T3 seat 0: V0, robber on the road (D + V).
   *   T4 seat 1: Q0.  Its road is the robber's road: not offered (one
   *      road through the tunnel).  Both fields are free: farmer north.
   *      Q is a dragon tile: the dragon flies (PD-09).  Step 1 is seat
   *      1's: D or E0; E0 is a dead end (its other sides are empty, the
   *      volcano was visited), so the flight ends after 1 step and eats
   *      nothing.
   *   T5 seat 0: A180.  The road is still the robber's; A's field is the
   *      south field, free although seat 1 farms the north: farmer.
   *   T6 seat 1: A270 closes the road: A270, D, V, Q, A180 = 5 tiles,
   *      5 points to seat 0 (BASE-16).  A270's field joins the farmed
   *      north field and is not offered; seat 1 passes.
   *   T7 seat 0: E90, knight in Q's city (E90 + Q, open east).
   *   T8 seat 1: E270 closes Q's city: 3 tiles, no pennant = 6 for
   *      seat 0 (BASE-17).
   * Final (BASE-23, north field first: its first tile (-1,0) precedes the
   * south field's (1,1), BASE-25): the north field borders D's city (via
   * D.F1) and Q's city (via Q.F1 and E90's field), both complete: 2 x 3
   * = 6 for seat 1.  The south field borders Q's city: 3 for seat 0.
   * Seat 0: 5 + 6 + 3 = 14; seat 1: 6.  (Were the two fields one, both
   * farmers would tie on it and score 6 each: 17 : 6.) */
  MeepleGame *g =
      tu_game(rules, 2, "DG/C.v E V " Q_TILE " A A E E", FALSE);
  put(g, 0, "place DG/C.v @ 0,-1 r180");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, "PD-05"), 1);
  dragon_on(g, 0, -1);
  ck_assert(feat(g, 0, 0, "D", "C1").completed);
  NO_AWARDS();
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  turn(g, 1, "place E @ 0,-2 r0", "pass");

  turn(g, 0, "place V @ 1,0 r0", "follower R1");
  /* before Q, V's two fields are apart (D's road splits D's fields) */
  ck_assert_uint_ne(feat(g, 1, 0, "V", "F1").id, feat(g, 1, 0, "V", "F2").id);

  put(g, 1, "place " Q_TILE " @ 1,1 r0");
  offers(g, "pass", "follower C1", "follower F1", "follower F2", NULL);
  refused(g, "follower R1");
  ck_assert_uint_eq(feat(g, 1, 1, Q_TILE, "R1").id,
                    feat(g, 1, 0, "V", "R1").id);
  act(g, "follower F1");
  decision_is(g, tu_decision_kind(rules, "dragon-step"), 1);
  offers(g, "dragon-move @ 0,0", "dragon-move @ 0,-2", NULL);
  act(g, "dragon-move @ 0,-2");
  flight_ended_uneaten(g, 0, -2, 1);
  MeepleFeatureInfo north = feat(g, 1, 1, Q_TILE, "F1");
  MeepleFeatureInfo south = feat(g, 1, 1, Q_TILE, "F2");
  ck_assert_uint_ne(north.id, south.id);
  /* the tunnel field wraps round the road end: V's fields are one now */
  ck_assert_uint_eq(feat(g, 1, 0, "V", "F1").id, north.id);
  ck_assert_uint_eq(feat(g, 1, 0, "V", "F2").id, north.id);
  ck_assert_uint_eq(feat(g, 0, 0, "D", "F1").id, north.id);
  ck_assert_uint_eq(feat(g, 0, 0, "D", "F2").id, north.id);
  /* the volcano's field is a third one */
  ck_assert_uint_ne(feat(g, 0, -1, "DG/C.v", "F1").id, north.id);
  ck_assert_uint_ne(feat(g, 0, -1, "DG/C.v", "F1").id, south.id);
  ck_assert_uint_eq(north.followers[1], 1);
  ck_assert_uint_eq(south.followers[0] + south.followers[1], 0);
  ck_assert_uint_eq(south.tiles, 1);

  put(g, 0, "place A @ 1,2 r180");
  offers(g, "pass", "follower M", "follower F1", "fairy-move R1 @ 1,0",
         NULL);
  refused(g, "follower R1");
  act(g, "follower F1");
  ck_assert_uint_eq(feat(g, 1, 2, "A", "F1").id,
                    feat(g, 1, 1, Q_TILE, "F2").id);
  ck_assert_uint_eq(feat(g, 1, 1, Q_TILE, "F2").followers[0], 1);
  ck_assert_uint_eq(feat(g, 1, 1, Q_TILE, "F1").followers[0], 0);
  NO_AWARDS();

  put(g, 1, "place A @ -1,0 r270");
  offers(g, "pass", "follower M", "fairy-move F1 @ 1,1", NULL);
  act(g, "pass");
  AWARDS({ 0, 5, "BASE-16", ROAD });
  ck_assert_int_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->arg, 5);
  MeepleFeatureInfo road = feat(g, 1, 1, Q_TILE, "R1");
  ck_assert(road.completed);
  ck_assert_uint_eq(road.tiles, 5);
  ck_assert_uint_eq(on(g, 0, 1, 0, "V", "R1"), 0);

  put(g, 0, "place E @ 0,1 r90");
  offers(g, "pass", "follower C1", "fairy-move F1 @ 1,2", NULL);
  act(g, "follower C1");
  turn(g, 1, "place E @ 2,1 r270", "pass");
  ck_assert_int_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->arg, 3);
  AWARDS({ 0, 6, "BASE-17", CITY }, { 1, 6, "BASE-23", FIELD },
         { 0, 3, "BASE-23", FIELD });
  over(g, 14, 6);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Random games                                                         */
/* ------------------------------------------------------------------ */

typedef struct {
  int points[MEEPLE_MAX_PLAYERS];
  guint drawn, drawn_pd;
  guint set_aside;          /* tile-set-aside events (PD-08) */
  guint returned;           /* sum of the tiles-returned counts (PD-08) */
  guint discarded_unplaceable, discarded_at_end; /* BASE-06, AMB-07 */
} Tally;

static void
tally_events(const MeepleRecord *record, MeepleGame *game, int action,
             int player, const MeepleEvent *events, gsize n_events,
             gpointer user_data)
{
  (void)record;
  (void)action;
  (void)player;
  Tally *t = user_data;
  const MeepleRules *r = meeple_game_rules(game);
  for (gsize i = 0; i < n_events; i++) {
    const MeepleEvent *e = &events[i];
    if (e->type == MEEPLE_EVENT_POINTS_SCORED)
      t->points[e->player] += e->points;
    if (e->type == MEEPLE_EVENT_TILE_DRAWN) {
      t->drawn++;
      t->drawn_pd += strcmp(meeple_rules_tile_type(r, e->tile)->tileset,
                            "princess-dragon") == 0;
    }
    if (e->type == MEEPLE_EVENT_TILE_SET_ASIDE) {
      t->set_aside++;
      /* PD-08: only dragon tiles are set aside */
      ck_assert(meeple_rules_tile_type(r, e->tile)->symbols &
                (1u << meeple_rules_find_symbol(r, "dragon")));
      ck_assert_str_eq(e->rule, "PD-08");
    }
    if (e->type == MEEPLE_EVENT_TILES_RETURNED)
      t->returned += (guint)e->arg;
    if (e->type == MEEPLE_EVENT_TILE_DISCARDED) {
      if (g_strcmp0(e->rule, "AMB-07") == 0)
        t->discarded_at_end++;
      else
        t->discarded_unplaceable++;
    }
  }
}

/* Every seat holds all its figures of each type, on the board or home.
 * The neutral figures (the dragon and the fairy) are beside the board or
 * on a placed tile; the dragon stands on no segment and shares its tile
 * with no follower (PD-12) and never with the fairy (PD-23: it may not
 * enter the fairy's tile; the fairy only goes next to a follower); the
 * fairy stands beside a follower, or alone on the tile (AMB-03).
 * (Written for the tiles-only plugin, this used to assert that the
 * neutral figures never leave the side of the board; under PD-05 and
 * PD-20 they do, so that assertion is replaced by these invariants.) */
static void
check_figures(const MeepleGame *g)
{
  const MeepleRules *r = meeple_game_rules(g);
  for (guint p = 0; p < meeple_game_n_players(g); p++)
    for (guint t = 0; t < meeple_rules_n_figure_types(r); t++) {
      guint on_board = 0;
      for (guint i = 0; i < meeple_game_n_figures(g); i++) {
        MeepleFigureInfo f = meeple_game_figure(g, i);
        on_board += f.owner == (int)p && f.type == t && f.on_board;
      }
      ck_assert_uint_eq(on_board + meeple_game_supply(g, p, t),
                        meeple_rules_figure_type(r, t)->per_player);
    }
  guint dragon = (guint)meeple_rules_find_figure_type(r, "dragon");
  guint fairy = (guint)meeple_rules_find_figure_type(r, "fairy");
  MeepleFigureInfo d = { 0 }, fy = { 0 };
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.owner >= 0)
      continue;
    ck_assert(f.type == dragon || f.type == fairy);
    if (f.on_board)
      ck_assert(meeple_game_tile_at(g, f.x, f.y, NULL));
    if (f.type == dragon)
      d = f;
    else
      fy = f;
  }
  if (d.on_board) {
    ck_assert_uint_eq(d.segment, MEEPLE_SEGMENT_NONE);
    for (guint i = 0; i < meeple_game_n_figures(g); i++) {
      MeepleFigureInfo f = meeple_game_figure(g, i);
      ck_assert_msg(!(f.owner >= 0 && f.on_board && f.x == d.x &&
                      f.y == d.y),
                    "a follower shares the dragon's tile %d,%d", d.x, d.y);
    }
    ck_assert(!(fy.on_board && fy.x == d.x && fy.y == d.y));
  }
  if (fy.on_board && fy.segment != MEEPLE_SEGMENT_NONE) {
    guint beside = 0;
    for (guint i = 0; i < meeple_game_n_figures(g); i++) {
      MeepleFigureInfo f = meeple_game_figure(g, i);
      beside += f.owner >= 0 && f.on_board && f.x == fy.x && f.y == fy.y &&
                f.segment == fy.segment;
    }
    ck_assert_uint_ge(beside, 1);
  }
}

/* @n seeded random games on @ids to the end: figures are conserved after
 * every action, the scores are the sums of their points events, and the
 * record replays to the same game.  The tiles: all 101 of the supply
 * leave it; a dragon tile drawn before the first volcano is set aside
 * (PD-08) and drawn a second time once the volcano has shuffled it back,
 * so the draws are 101 + the tiles returned (30 + those of P&D); every
 * set-aside tile is returned or, at the end, discarded (AMB-07); every
 * tile is placed or discarded (BASE-06, AMB-07). */
static void
random_games(const char *ids, guint n)
{
  MeepleRules *r = tu_rules_with(ids);
  guint games_with_returns = 0, dragon_on_board = 0;
  for (guint k = 0; k < n; k++) {
    MeepleGameConfig cfg = { .n_players = 2 + k % 5, .seed = 1000 + k };
    g_autoptr(GError) err = NULL;
    MeepleGame *g = meeple_game_new(r, &cfg, &err);
    ck_assert_msg(g, "%s", err ? err->message : "");
    GRand *rand = g_rand_new_with_seed(k);
    while (meeple_game_decision(g)) {
      tu_play_random(g, rand, 1);
      check_figures(g);
    }
    g_rand_free(rand);
    ck_assert(meeple_game_is_over(g));
    ck_assert_uint_eq(meeple_game_tiles_left(g), 0);
    ck_assert_uint_eq(meeple_game_n_set_aside(g), 0);
    ck_assert_uint_eq(meeple_game_n_placed(g) + meeple_game_n_discarded(g),
                      102);
    for (guint i = 0; i < meeple_game_n_figures(g); i++) {
      MeepleFigureInfo f = meeple_game_figure(g, i);
      dragon_on_board += f.owner < 0 && f.on_board &&
                         f.type == (guint)meeple_rules_find_figure_type(
                                       r, "dragon");
    }

    g_autofree char *text = meeple_record_write(g, NULL);
    MeepleRecord *rec = meeple_record_parse(text, -1, "random.rec", &err);
    ck_assert_msg(rec, "%s", err ? err->message : "");
    Tally t = { { 0 }, 0, 0, 0, 0, 0, 0 };
    MeepleGame *again =
        meeple_record_replay_events(rec, r, tally_events, &t, &err);
    ck_assert_msg(again, "seed %u: %s", 1000 + k, err ? err->message : "");
    ck_assert_uint_eq(t.drawn, 101 + t.returned);
    ck_assert_uint_eq(t.drawn_pd, 30 + t.returned);
    ck_assert_uint_eq(t.set_aside, t.returned + t.discarded_at_end);
    ck_assert_uint_eq(t.discarded_unplaceable + t.discarded_at_end,
                      meeple_game_n_discarded(g));
    games_with_returns += t.returned > 0;
    for (guint p = 0; p < cfg.n_players; p++)
      ck_assert_int_eq(t.points[p], meeple_game_score(g, p));
    g_autofree char *a = tu_state_digest(g);
    g_autofree char *b = tu_state_digest(again);
    ck_assert_str_eq(a, b);
    meeple_game_free(again);
    meeple_record_free(rec);
    meeple_game_free(g);
  }
  /* the loops did meet what they check: 6 volcanoes among 101 tiles put
   * the dragon on the board in every game, and dragon tiles drawn before
   * the first volcano are common */
  ck_assert_uint_eq(dragon_on_board, n);
  ck_assert_uint_gt(games_with_returns, 0);
  meeple_rules_unref(r);
}

/* RULES: PD-01, PD-02, PD-05, PD-08, PD-12, PD-23, AMB-03, AMB-07,
 * BASE-01, BASE-02, BASE-19 */
START_TEST(pd_random_games_conserve_followers)
{
  random_games("princess-dragon", 200);
}
END_TEST

/* RULES: PD-01, ABBOT-01, ABBOT-08 */
START_TEST(pd_random_games_with_the_abbot)
{
  random_games("princess-dragon,abbot", 40);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *
rules_pd_tiles_suite(void)
{
  Suite *s = suite_create("rules-pd-tiles");
  TCase *tc = NULL;
  /* one test case per rule ID, each with fresh rules */
#define RULE(id)                                                           \
  (tc = tcase_create(id), tcase_add_checked_fixture(tc, setup, teardown),   \
   suite_add_tcase(s, tc))
  RULE("PD-01");
  tcase_add_test(tc, pd01_thirty_tiles_and_their_symbols);
  tcase_add_test(tc, pd01_dragon_and_fairy_are_neutral);
  tcase_add_test(tc, pd01_tile_ids_in_notation_and_records);
  tcase_add_test(tc, pd01_gardens_need_the_abbot);
  tcase_add_test(tc, pd01_enclosed_meadow_touches_no_edge);
  RULE("PD-02");
  tcase_add_test(tc, pd02_princess_tile_scores_normally);
  RULE("PD-03");
  tcase_add_test(tc, pd03_monk_although_the_city_holds_a_knight);
  tcase_add_test(tc, pd03_knight_although_the_monastery_holds_a_monk);
  RULE("PD-04");
  tcase_add_test(tc, pd04_tile_q_is_one_road_one_city_two_fields);
  tcase_add_test(tc, pd04_tunnel_road_and_two_fields);
  RULE("random");
  /* long loops: give them room under the sanitizers */
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, pd_random_games_conserve_followers);
  tcase_add_test(tc, pd_random_games_with_the_abbot);
#undef RULE
  return s;
}

int
main(void)
{
  return tu_run_suite(rules_pd_tiles_suite());
}
