/* test-rules-mw.c — scenario tests of Mage & Witch (RULES §4, MW-01..MW-12,
 * with X-02, X-05, X-15, X-17 when The Princess & the Dragon is played too,
 * and AMB-09..AMB-12, AMB-39), plus invariants over seeded random games.
 *
 * As in test-rules-abbot.c and test-rules-pd-tiles.c, every test builds its
 * board from a fixed tile order (tu_game), plays it by notation and asserts
 * exact points, figure positions and events.  Every number is worked out by
 * hand from data/tiles/base.tiles, data/tiles/mage-witch.tiles and
 * data/tiles/princess-dragon.tiles; each test draws its board in a comment.
 *
 * Board conventions: the start tile D lies at (0,0) unturned (city cap
 * north, road west-east, field south); x grows east, y grows SOUTH.  A cell
 * is written <tile><degrees>.  A tile turned rN moves its canonical north
 * side N degrees clockwise.  Edges (N E S W) of the turned tiles used:
 *   U0    F R F R         V90  R F F R (road N+W)    V180 R R F F (N+E)
 *   V270  F R R F (E+S)   A90  F F F R (road W ends at the monastery)
 *   A180  R F F F         A270 F R F F               B    F F F F
 *   E0    C F F F         E90  F C F F   E180 F F C F   E270 F F F C
 *   Eg180 F F C F (garden, inert without The Abbot)
 *   F0    F C F C* (city W-E, pennant)   F90 C F C F* (city N-S, pennant)
 *   G0    F C F C (city W-E)             L0  C R R R (roads E, S, W end
 *                                             at a junction)
 *   N180  F C C F (one city S+E)         R180 F C C C (one city E+S+W)
 *   P0    C R R C (city N+W, road E+S)
 * Mage tiles (data/tiles/mage-witch.tiles, each with the {mage} symbol):
 *   MW/CRRR.3  r0    C R R R  C1 cap N; R1 E, R2 S, R3 W end at a junction
 *   MW/CcRr.1  r0    C R R C  C1 N+W; R1 E+S
 *              r180  R C C R  C1 S+E; R1 W+N
 *   MW/CRcR    r0    R C R C  C1 band W-E; R1 N, R2 S end at the band
 *              r90   C R C R  C1 band N-S; R1 E, R2 W end at the band
 *   MW/CFC     r0    C F C F  C1 cap N, C2 cap S (two cities)
 *   MW/CRRr.2  r0    C R R R  C1 cap N; R1 E ends at the cap; R2 S+W
 *   MW/CCRrG   r180  R C C R  R1 W+N; C1 cap S; C2 cap E; garden G
 * P&D tiles: DG/RFr.v (volcano) and DG/RFr.d (dragon) r0: F R F R.
 *
 * The magic figures' decisions (doc/mage-witch.md): after the tile,
 * "magic-join" (MW-06) when the tile joined the mage and the witch, else
 * "magic-figure" after a mage tile (MW-02, MW-04, MW-05); actions
 * "magic-move FIGURE SEG @ X,Y" and "magic-remove FIGURE".  A destination
 * is listed once per segment, so a feature spanning three tiles is offered
 * three times.
 */
#include "scenario.h"
#include "testutil.h"

#include <stdarg.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static MeepleRules *rules;   /* base + Mage & Witch (+ P&D, + abbot) */
static guint MAGE, WITCH;    /* neutral figure types */
static guint MAGIC_FIGURE, MAGIC_JOIN; /* decision kinds */

#define CITY MEEPLE_KIND_CITY
#define ROAD MEEPLE_KIND_ROAD
#define FIELD MEEPLE_KIND_FIELD

#define PLACE_FIGURE MEEPLE_DECISION_PLACE_FIGURE
#define PLACE_TILE MEEPLE_DECISION_PLACE_TILE

static guint
figure_type(const MeepleRules *r, const char *name)
{
  int t = meeple_rules_find_figure_type(r, name);
  ck_assert_msg(t > 0, "no figure type %s", name);
  return (guint)t;
}

/* Rules with Mage & Witch and the rule sets @ids; the indices above. */
static void
use_rules(const char *ids)
{
  if (rules)
    meeple_rules_unref(rules);
  rules = tu_rules_with(ids);
  MAGE = figure_type(rules, "mage");
  WITCH = figure_type(rules, "witch");
  MAGIC_FIGURE = tu_decision_kind(rules, "magic-figure");
  MAGIC_JOIN = tu_decision_kind(rules, "magic-join");
}

static void
setup(void)
{
  use_rules("mage-witch");
  scenario_setup();
}

static void
setup_pd(void)
{
  use_rules("mage-witch,princess-dragon");
  scenario_setup();
}

static void
teardown(void)
{
  scenario_teardown();
  meeple_rules_unref(rules);
  rules = NULL;
}

/* The one figure of neutral type @type. */
static MeepleFigureInfo
magic(const MeepleGame *g, guint type)
{
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.type == type && f.owner < 0)
      return f;
  }
  ck_abort_msg("no neutral figure of type %u", type);
  return (MeepleFigureInfo){ 0 };
}

/* The magic figure @type stands on segment @seg of the @tile at (x, y). */
static void
magic_at(const MeepleGame *g, guint type, int x, int y, const char *tile,
         const char *seg)
{
  MeepleFigureInfo f = magic(g, type);
  ck_assert_msg(f.on_board && f.x == x && f.y == y &&
                    f.segment == sg(g, tile, seg),
                "%s %s at %d,%d seg %u; expected %s @ %d,%d",
                type == MAGE ? "mage" : "witch",
                f.on_board ? "on the board" : "beside the board", f.x, f.y,
                f.segment, seg, x, y);
}

static void
magic_beside(const MeepleGame *g, guint type)
{
  ck_assert_msg(!magic(g, type).on_board, "the %s is on the board",
                type == MAGE ? "mage" : "witch");
}

/* Feature id of the magic figure @type (on the board). */
static guint
magic_feature(const MeepleGame *g, guint type)
{
  MeepleFigureInfo f = magic(g, type);
  ck_assert(f.on_board);
  MeepleFeatureInfo fi;
  ck_assert(meeple_game_feature(g, f.x, f.y, f.segment, &fi));
  return fi.id;
}

/* Position in ev of the only event of @type citing @rule. */
static guint
only(guint type, const char *rule)
{
  ck_assert_msg(count(type, rule) == 1, "%u events %u citing %s",
                count(type, rule), type, rule);
  for (guint i = 0; i < ev->len; i++)
    if (evs()[i].type == type && g_strcmp0(evs()[i].rule, rule) == 0)
      return i;
  return 0;
}

/* ev holds exactly one event of @type citing @rule, about magic figure
 * @figure on segment @seg of the @tile at (x, y) (the figure's new place
 * for figure-placed / figure-moved, its old one for figure-returned). */
static void
magic_event(const MeepleGame *g, guint type, const char *rule, guint figure,
            int x, int y, const char *tile, const char *seg)
{
  const MeepleEvent *e = &evs()[only(type, rule)];
  ck_assert_int_eq(e->player, -1);
  ck_assert_uint_eq(e->figure, figure);
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_uint_eq(e->segment, sg(g, tile, seg));
}

/* Events in ev that place, move or return the mage or the witch. */
static guint
magic_events(void)
{
  guint n = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    n += (e->type == MEEPLE_EVENT_FIGURE_PLACED ||
          e->type == MEEPLE_EVENT_FIGURE_MOVED ||
          e->type == MEEPLE_EVENT_FIGURE_RETURNED) &&
         e->player < 0 && (e->figure == MAGE || e->figure == WITCH);
  }
  return n;
}

/* The pending decision offers exactly "magic-move mage T" and
 * "magic-move witch T" for every target T ("C1 @ 0,-1") of the NULL-ended
 * list: both figures may go to the same places. */
static G_GNUC_NULL_TERMINATED void
either_to(MeepleGame *g, ...)
{
  va_list ap;
  va_start(ap, g);
  gsize n = 0;
  for (const char *t; (t = va_arg(ap, const char *)); n += 2) {
    g_autofree char *m = g_strdup_printf("magic-move mage %s", t);
    g_autofree char *w = g_strdup_printf("magic-move witch %s", t);
    ck_assert_msg(tu_is_legal(g, m), "'%s' is not offered", m);
    ck_assert_msg(tu_is_legal(g, w), "'%s' is not offered", w);
  }
  va_end(ap);
  ck_assert_uint_eq(meeple_game_decision(g)->n_actions, n);
}

/* A turn with a mage tile: the tile, the magic figure's action @magic in
 * the "magic-figure" decision, then the figure decision @figure (MW-07). */
static void
magic_turn(MeepleGame *g, guint seat, const char *place, const char *magic,
           const char *figure)
{
  put(g, seat, place);
  decision_is(g, MAGIC_FIGURE, seat);
  act(g, magic);
  decision_is(g, PLACE_FIGURE, seat);
  act(g, figure);
}

#define AWARDS(...) SCENARIO_AWARDS(FALSE, __VA_ARGS__)

/* ev's only feature-completed event: @kind, @tiles in size. */
static void
completed_once(guint kind, int tiles)
{
  const MeepleEvent *e = &evs()[only(MEEPLE_EVENT_FEATURE_COMPLETED,
                                     kind == CITY ? "BASE-09" : "BASE-08")];
  ck_assert_uint_eq(e->kind, kind);
  ck_assert_int_eq(e->arg, tiles);
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
/* MW-01 Components and setup                                           */
/* ------------------------------------------------------------------ */

/* RULES: MW-01, MW-01.1, MW-02, BASE-02 */
START_TEST(mw01_eight_tiles_with_the_mage_symbol)
{
  /* MW-01: 8 tiles, each with the mage symbol; the crop-circle tile of
   * the mini is not in the set.  Every MW tile exists once and carries
   * {mage} as a tile-level symbol and nothing else; no base tile has it. */
  const MeepleTileSetInfo *set = tileset(rules, "mage-witch");
  ck_assert_str_eq(set->name, "Mage & Witch");
  ck_assert_str_eq(set->version, "1.0");
  ck_assert_uint_eq(set->n_types, 8);
  ck_assert_uint_eq(set->n_tiles, 8);
  ck_assert_msg(g_str_has_suffix(set->file, "mage-witch.tiles"), "%s",
                set->file);
  ck_assert_uint_eq(meeple_rules_n_tilesets(rules), 2);
  int sym = meeple_rules_find_symbol(rules, "mage");
  ck_assert_int_ge(sym, 0);
  guint mw = 0, base = 0, total = 0;
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++) {
    const MeepleTileType *type = meeple_rules_tile_type(rules, t);
    total += type->count;
    guint32 in_segments = 0;
    for (guint s = 0; s < type->n_segments; s++)
      in_segments |= type->segments[s].symbols;
    ck_assert_uint_eq(in_segments, 0);
    if (strcmp(type->tileset, "mage-witch") == 0) {
      ck_assert_msg(g_str_has_prefix(type->id, "MW/"), "%s", type->id);
      ck_assert_uint_eq(type->count, 1);
      ck_assert_uint_eq(type->symbols, 1u << sym);
      mw += type->count;
    } else {
      ck_assert_str_eq(type->tileset, "base");
      ck_assert_uint_eq(type->symbols, 0);
      base += type->count;
    }
  }
  ck_assert_uint_eq(mw, 8);
  ck_assert_uint_eq(base, 72);
  /* 72 + 8 = 80 tiles; the start tile is base D; a seeded game puts D
   * down and draws one: 80 - 1 - 1 = 78 wait in the supply. */
  ck_assert_uint_eq(total, 80);
  ck_assert_int_eq(meeple_rules_start_tile(rules),
                   meeple_rules_find_tile_type(rules, "D"));
  MeepleGameConfig cfg = { .n_players = 3, .seed = 11 };
  MeepleGame *g = meeple_game_new(rules, &cfg, NULL);
  ck_assert_ptr_nonnull(g);
  ck_assert_uint_eq(meeple_game_n_placed(g), 1);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 78);
  meeple_game_free(g);
}
END_TEST

/* RULES: MW-01, MW-12 */
START_TEST(mw01_mage_and_witch_neutral_beside_the_board)
{
  /* One mage and one witch, neutral (owned by nobody, never followers),
   * both beside the board at the start: a game of n players holds 7n
   * followers + 2 magic figures. */
  const guint types[] = { MAGE, WITCH };
  const char *const names[] = { "mage", "witch" };
  for (guint k = 0; k < 2; k++) {
    const MeepleFigureType *ft = meeple_rules_figure_type(rules, types[k]);
    ck_assert_str_eq(ft->name, names[k]);
    ck_assert(!ft->is_follower);
    ck_assert_uint_eq(ft->per_player, 0);
    ck_assert_uint_eq(ft->neutral, 1);
  }
  /* follower, mage, witch: nothing else */
  ck_assert_uint_eq(meeple_rules_n_figure_types(rules), 3);
  /* two decisions and two actions, named as in doc/mage-witch.md */
  ck_assert_uint_eq(meeple_rules_n_decision_kinds(rules),
                    MEEPLE_DECISION_CORE_COUNT + 2);
  ck_assert_uint_ge(MAGIC_FIGURE, MEEPLE_DECISION_CORE_COUNT);
  ck_assert_uint_ge(MAGIC_JOIN, MEEPLE_DECISION_CORE_COUNT);
  ck_assert_uint_eq(meeple_rules_n_action_kinds(rules),
                    MEEPLE_ACTION_CORE_COUNT + 2);
  ck_assert_int_ge(meeple_rules_find_action_kind(rules, "magic-move"),
                   MEEPLE_ACTION_CORE_COUNT);
  ck_assert_int_ge(meeple_rules_find_action_kind(rules, "magic-remove"),
                   MEEPLE_ACTION_CORE_COUNT);
  const MeepleRuleSetInfo *rs = meeple_rules_find_ruleset(rules, "mage-witch");
  ck_assert_ptr_nonnull(rs);
  ck_assert_str_eq(rs->name, "Mage & Witch");
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
      neutral[0] += f.type == MAGE;
      neutral[1] += f.type == WITCH;
    }
    ck_assert_uint_eq(neutral[0], 1);
    ck_assert_uint_eq(neutral[1], 1);
    for (guint s = 0; s < n; s++) {
      ck_assert_uint_eq(meeple_game_supply(g, s, MEEPLE_FIGURE_FOLLOWER), 7);
      ck_assert_uint_eq(meeple_game_supply(g, s, MAGE), 0);
      ck_assert_uint_eq(meeple_game_supply(g, s, WITCH), 0);
    }
    meeple_game_free(g);
  }
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-02 A mage tile: a magic figure must act                           */
/* ------------------------------------------------------------------ */

/* RULES: MW-02, MW-04, MW-07, MW-03 */
START_TEST(mw02_mage_tile_obliges_a_magic_figure)
{
  /*            x=-1   x=0      x=1
   *    y=-1           MW/CFC0
   *    y=0     U0     D        MW/CRRR.3 0
   * T1 seat 0 puts the mage tile MW/CRRR.3: before the figure decision
   * (phase PLACE_TILE) it must bring a magic figure in; "pass" is not
   * offered.  Seat 0 puts the mage on the tile's cap: figure-placed,
   * owner -1, rule MW-02.  Then its figure decision follows (MW-07).
   * T2 seat 1 puts U, no mage symbol: no magic decision at all.
   * T3 seat 0 puts the mage tile MW/CFC (closing D's cap): the mage,
   * now on the board, moves to D's road: figure-moved, rule MW-02.
   * Nobody has a follower: 0 : 0. */
  MeepleGame *g = tu_game(rules, 2, "MW/CRRR.3 U MW/CFC", FALSE);
  put(g, 0, "place MW/CRRR.3 @ 1,0 r0");
  decision_is(g, MAGIC_FIGURE, 0);
  ck_assert_int_eq(meeple_game_phase(g), MEEPLE_PHASE_PLACE_TILE);
  ck_assert_uint_eq(magic_events(), 0);
  refused(g, "pass");
  refused(g, "follower C1");
  act(g, "magic-move mage C1 @ 1,0");
  magic_event(g, MEEPLE_EVENT_FIGURE_PLACED, "MW-02", MAGE, 1, 0, "MW/CRRR.3",
              "C1");
  ck_assert_uint_eq(magic_events(), 1);
  magic_at(g, MAGE, 1, 0, "MW/CRRR.3", "C1");
  magic_beside(g, WITCH);
  decision_is(g, PLACE_FIGURE, 0);
  act(g, "pass");

  put(g, 1, "place U @ -1,0 r0");
  decision_is(g, PLACE_FIGURE, 1);
  ck_assert_uint_eq(magic_events(), 0);
  act(g, "pass");

  put(g, 0, "place MW/CFC @ 0,-1 r0");
  decision_is(g, MAGIC_FIGURE, 0);
  refused(g, "pass");
  act(g, "magic-move mage R1 @ 0,0");
  magic_event(g, MEEPLE_EVENT_FIGURE_MOVED, "MW-02", MAGE, 0, 0, "D", "R1");
  ck_assert_uint_eq(magic_events(), 1);
  magic_at(g, MAGE, 0, 0, "D", "R1");
  magic_beside(g, WITCH);
  decision_is(g, PLACE_FIGURE, 0);
  act(g, "pass");
  NO_AWARDS();
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-03 Legal destination                                              */
/* ------------------------------------------------------------------ */

/* RULES: MW-03, MW-04, ABBOT-02 */
START_TEST(mw03_roads_and_cities_of_any_tile)
{
  /*            x=-1   x=0   x=1
   *    y=0     A270   D     MW/CCRrG 180
   * Played with The Abbot, so that the garden of MW/CCRrG is a feature.
   * T1 seat 0: A270, its road ends at its monastery and joins D's road.
   * T2 seat 1: MW/CCRrG turned 180 (road W+N joins D's road; caps S and
   * E; a garden).  Both figures are beside the board (MW-04 (a)); the
   * destinations are the road and city segments of every tile whose
   * feature is unfinished: A270 R1, D R1, MW R1 (one road, open north of
   * (1,0)), D C1 (open cap), MW C1, MW C2 (open caps) — 6 for each figure,
   * 12.  Never a field, the monastery M or the garden G. */
  use_rules("mage-witch,abbot");
  MeepleGame *g = tu_game(rules, 2, "A MW/CCRrG", FALSE);
  turn(g, 0, "place A @ -1,0 r270", "pass");
  put(g, 1, "place MW/CCRrG @ 1,0 r180");
  decision_is(g, MAGIC_FIGURE, 1);
  either_to(g, "R1 @ -1,0", "R1 @ 0,0", "R1 @ 1,0", "C1 @ 0,0", "C1 @ 1,0",
            "C2 @ 1,0", NULL);
  refused(g, "magic-move mage M @ -1,0");
  refused(g, "magic-move witch G @ 1,0");
  refused(g, "magic-move mage F1 @ 0,0");
  refused(g, "magic-move witch F2 @ 1,0");
  act(g, "magic-move witch C2 @ 1,0");
  magic_at(g, WITCH, 1, 0, "MW/CCRrG", "C2");
  /* the garden takes the abbot as usual (ABBOT-03) */
  decision_is(g, PLACE_FIGURE, 1);
  ck_assert(tu_is_legal(g, "abbot G"));
  act(g, "pass");
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: MW-03, MW-03.1, BASE-08, BASE-09, BASE-15 */
START_TEST(mw03_1_not_into_a_feature_this_tile_completes)
{
  /* City:  x=0           Road:  x=-1   x=0   x=1
   *  y=-1  MW/CFC0        y=0   A270   D     MW/CRRR.3 0
   *  y=0   D
   * City game, T1 seat 0: MW/CFC's south cap closes D's cap (2 tiles,
   * nobody in it: completed, not scored).  Its segments D C1 and MW C2
   * are not destinations: the city is complete once the tile lies.
   * Left: MW C1 (north cap, open) and D's road R1: 2 x 2 offers.
   * Road game, T2 seat 1: MW/CRRR.3's west road ends at its junction and
   * closes A270 - D - MW (3 tiles, empty).  Left: D C1, MW C1, R1, R2:
   * 4 x 2 offers; A270 R1, D R1 and MW R3 are not. */
  MeepleGame *g = tu_game(rules, 2, "MW/CFC", FALSE);
  put(g, 0, "place MW/CFC @ 0,-1 r0");
  decision_is(g, MAGIC_FIGURE, 0);
  ck_assert(feat(g, 0, 0, "D", "C1").completed);
  either_to(g, "C1 @ 0,-1", "R1 @ 0,0", NULL);
  refused(g, "magic-move mage C2 @ 0,-1");
  refused(g, "magic-move witch C1 @ 0,0");
  act(g, "magic-move mage C1 @ 0,-1");
  decision_is(g, PLACE_FIGURE, 0);
  act(g, "pass");
  completed_once(CITY, 2);
  NO_AWARDS();
  over(g, 0, 0);
  meeple_game_free(g);

  g = tu_game(rules, 2, "A MW/CRRR.3", FALSE);
  turn(g, 0, "place A @ -1,0 r270", "pass");
  put(g, 1, "place MW/CRRR.3 @ 1,0 r0");
  decision_is(g, MAGIC_FIGURE, 1);
  ck_assert(feat(g, 0, 0, "D", "R1").completed);
  either_to(g, "C1 @ 0,0", "C1 @ 1,0", "R1 @ 1,0", "R2 @ 1,0", NULL);
  refused(g, "magic-move mage R1 @ -1,0");
  refused(g, "magic-move mage R1 @ 0,0");
  refused(g, "magic-move witch R3 @ 1,0");
  act(g, "magic-move witch R2 @ 1,0");
  decision_is(g, PLACE_FIGURE, 1);
  act(g, "pass");
  completed_once(ROAD, 3);
  NO_AWARDS();
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-04 Which figure acts                                              */
/* ------------------------------------------------------------------ */

/*            x=-1        x=0   x=1          x=2
 *    y=0     MW/CcRr.1 0 D     MW/CRRR.3 0  MW/CRRr.2 0
 * T1 seat 0 MW/CRRR.3: (a), the mage to R3 (D's road).
 * T2 seat 1 MW/CcRr.1 (road E+S joins D's road, city N+W): (c), the witch
 * comes in onto D's cap.
 * T3 seat 0 MW/CRRr.2 (R2 W+S joins MW/CRRR.3's east road): (b).
 * Plays the turns before case @stage ('a', 'c' or 'b') and puts its tile;
 * nobody places a follower. */
static MeepleGame *
mw04_game(char stage)
{
  MeepleGame *g = tu_game(rules, 2, "MW/CRRR.3 MW/CcRr.1 MW/CRRr.2", FALSE);
  put(g, 0, "place MW/CRRR.3 @ 1,0 r0");
  if (stage == 'a')
    return g;
  act(g, "magic-move mage R3 @ 1,0");
  act(g, "pass");
  put(g, 1, "place MW/CcRr.1 @ -1,0 r0");
  if (stage == 'c')
    return g;
  act(g, "magic-move witch C1 @ 0,0");
  act(g, "pass");
  put(g, 0, "place MW/CRRr.2 @ 2,0 r0");
  return g;
}

/* RULES: MW-04, MW-04.1, MW-02, MW-03 */
START_TEST(mw04_a_neither_on_the_board)
{
  /* (a): both beside the board: either of them onto any unfinished road
   * or city segment: D C1, D R1 (D + MW R3, open west), MW C1 (cap open
   * north), MW R1 (east), R2 (south), R3: 6 each, 12. */
  MeepleGame *g = mw04_game('a');
  decision_is(g, MAGIC_FIGURE, 0);
  either_to(g, "C1 @ 0,0", "R1 @ 0,0", "C1 @ 1,0", "R1 @ 1,0", "R2 @ 1,0",
            "R3 @ 1,0", NULL);
  act(g, "magic-move mage R3 @ 1,0");
  magic_event(g, MEEPLE_EVENT_FIGURE_PLACED, "MW-02", MAGE, 1, 0,
              "MW/CRRR.3", "R3");
  magic_beside(g, WITCH);
  meeple_game_free(g);
}
END_TEST

/* RULES: MW-04, MW-04.1, MW-03, MW-03.2, MW-02 */
START_TEST(mw04_c_one_on_the_board)
{
  /* (c): the mage is on D's road (now MW/CcRr.1 R1 + D R1 + MW/CRRR.3 R3,
   * open south of (-1,0)); the witch is beside the board.  Either move
   * the mage to another feature, or bring the witch in — not into the
   * mage's road.  The unfinished features other than the mage's road:
   * D C1, MW/CRRR.3 C1, R1, R2, MW/CcRr.1 C1: 5 for each, 10. */
  MeepleGame *g = mw04_game('c');
  decision_is(g, MAGIC_FIGURE, 1);
  either_to(g, "C1 @ 0,0", "C1 @ 1,0", "R1 @ 1,0", "R2 @ 1,0", "C1 @ -1,0",
            NULL);
  refused(g, "magic-move mage R1 @ -1,0");  /* the feature it stands on */
  refused(g, "magic-move mage R3 @ 1,0");
  refused(g, "magic-move witch R1 @ 0,0");  /* the mage's feature */
  act(g, "magic-move witch C1 @ 0,0");
  magic_event(g, MEEPLE_EVENT_FIGURE_PLACED, "MW-02", WITCH, 0, 0, "D", "C1");
  ck_assert_uint_eq(magic_events(), 1);
  magic_at(g, MAGE, 1, 0, "MW/CRRR.3", "R3");
  meeple_game_free(g);
}
END_TEST

/* RULES: MW-04, MW-04.1, MW-03, MW-02 */
START_TEST(mw04_b_both_on_the_board)
{
  /* (b): the mage on D's road, the witch on D's cap: one of them moves to
   * another feature, which is neither its own nor the other's.  Left:
   * MW/CRRR.3 C1, R1 (with MW/CRRr.2 R2, open south of (2,0)), R2,
   * MW/CcRr.1 C1, MW/CRRr.2 C1, R1, R2: 7 for each, 14. */
  MeepleGame *g = mw04_game('b');
  decision_is(g, MAGIC_FIGURE, 0);
  either_to(g, "C1 @ 1,0", "R1 @ 1,0", "R2 @ 1,0", "C1 @ -1,0", "C1 @ 2,0",
            "R1 @ 2,0", "R2 @ 2,0", NULL);
  refused(g, "magic-move witch C1 @ 0,0");  /* its own */
  refused(g, "magic-move mage R3 @ 1,0");   /* its own */
  refused(g, "magic-move mage C1 @ 0,0");   /* the witch's */
  refused(g, "magic-move witch R1 @ -1,0"); /* the mage's */
  act(g, "magic-move witch R2 @ 2,0");
  magic_event(g, MEEPLE_EVENT_FIGURE_MOVED, "MW-02", WITCH, 2, 0,
              "MW/CRRr.2", "R2");
  ck_assert_uint_eq(magic_events(), 1);
  magic_at(g, MAGE, 1, 0, "MW/CRRR.3", "R3");
  decision_is(g, PLACE_FIGURE, 0);
  act(g, "pass");
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-05 No legal destination                                           */
/* ------------------------------------------------------------------ */

/*            x=-2   x=-1   x=0       x=1
 *    y=-2           B      E180
 *    y=-1           E180   MW/CFC0
 *    y=0     E90    @      D         A90
 *    y=1            A180
 * @ = @first turned 0 (MW/CcRr.1 or base P, same layout: city N+W, road
 * E+S).  Turns, seats 0 and 1 alternating, nobody places a follower:
 *   T1 @first        T2 A180 -1,1   T3 A90 1,0 closes the road A180-@-D-A90
 *   T4 E180 -1,-1    T5 E90 -2,0 closes @'s city (E180, @, E90)
 *   T6 B -1,-2       T7 E180 0,-2
 *   T8 MW/CFC0 (seat 1) closes D's cap and E180's cap at (0,-2).
 * After T8 no road or city is unfinished (the monasteries are, but they
 * are no destination).  Plays T1..T7 (T1 with @magic when @first is the
 * mage tile) and puts T8's tile. */
static MeepleGame *
closed_board(const char *first, const char *magic)
{
  g_autofree char *order = g_strdup_printf("%s A A E E B E MW/CFC", first);
  g_autofree char *t1 = g_strdup_printf("place %s @ -1,0 r0", first);
  MeepleGame *g = tu_game(rules, 2, order, FALSE);
  if (magic)
    magic_turn(g, 0, t1, magic, "pass");
  else
    turn(g, 0, t1, "pass");
  turn(g, 1, "place A @ -1,1 r180", "pass");
  turn(g, 0, "place A @ 1,0 r90", "pass");
  completed_once(ROAD, 4);
  NO_AWARDS();
  turn(g, 1, "place E @ -1,-1 r180", "pass");
  turn(g, 0, "place E @ -2,0 r90", "pass");
  completed_once(CITY, 3);
  turn(g, 1, "place B @ -1,-2 r0", "pass");
  turn(g, 0, "place E @ 0,-2 r180", "pass");
  put(g, 1, "place MW/CFC @ 0,-1 r0");
  return g;
}

/* RULES: MW-05, MW-05.1, AMB-09, AMB-12, MW-02 */
START_TEST(mw05_nothing_unfinished_the_figure_leaves)
{
  /* T1 MW/CcRr.1: (a), the mage onto its road.  T3 completes that road,
   * empty: not scored, the mage stays (AMB-12).  T8: the mage tile
   * MW/CFC leaves no unfinished road or city.  No option of MW-04 has a
   * destination, the mage is on the board: it must leave — the only
   * action; figure-returned, rule MW-05.  The witch stays beside. */
  MeepleGame *g = closed_board("MW/CcRr.1", "magic-move mage R1 @ -1,0");
  decision_is(g, MAGIC_FIGURE, 1);
  offers(g, "magic-remove mage", NULL);
  refused(g, "magic-remove witch");
  refused(g, "pass");
  act(g, "magic-remove mage");
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "MW-05", MAGE, -1, 0,
              "MW/CcRr.1", "R1");
  ck_assert_uint_eq(magic_events(), 1);
  magic_beside(g, MAGE);
  magic_beside(g, WITCH);
  decision_is(g, PLACE_FIGURE, 1);
  act(g, "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, "BASE-09"), 2);
  NO_AWARDS();
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: MW-05, MW-05.1 */
START_TEST(mw05_nothing_unfinished_both_stay_beside)
{
  /* The same board with base tile P instead of MW/CcRr.1: no figure is on
   * the board when MW/CFC leaves nothing unfinished.  Both stay beside
   * the board: no magic decision at all, the figure decision comes at
   * once. */
  MeepleGame *g = closed_board("P", NULL);
  decision_is(g, PLACE_FIGURE, 1);
  ck_assert_uint_eq(magic_events(), 0);
  magic_beside(g, MAGE);
  magic_beside(g, WITCH);
  act(g, "pass");
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-06 Mage and witch joined                                          */
/* ------------------------------------------------------------------ */

/*            x=-1   x=0      x=1
 *    y=-1           MW/CFC0
 *    y=0     V270   D        MW/CRRR.3 0
 *    y=1     V180   U0       @
 * The loop road: MW/CRRR.3 R3 (junction) - D - V270 - V180 - U0 - @ -
 * MW/CRRR.3 R2 (junction): 6 tiles, complete when the last of them lies.
 *   T1 seat 0 MW/CRRR.3: the mage to D's road.   T2 seat 1 V270.
 *   T3 seat 0 MW/CFC (closes D's cap): the witch to MW/CRRR.3 R2.
 *   T4 seat 1 V180.
 * Plays T1..T4, nobody places a follower. */
static MeepleGame *
loop_game(const char *more)
{
  g_autofree char *order =
      g_strdup_printf("MW/CRRR.3 V MW/CFC V %s", more);
  MeepleGame *g = tu_game(rules, 2, order, FALSE);
  magic_turn(g, 0, "place MW/CRRR.3 @ 1,0 r0", "magic-move mage R1 @ 0,0",
             "pass");
  turn(g, 1, "place V @ -1,0 r270", "pass");
  magic_turn(g, 0, "place MW/CFC @ 0,-1 r0", "magic-move witch R2 @ 1,0",
             "pass");
  turn(g, 1, "place V @ -1,1 r180", "pass");
  ck_assert_uint_ne(magic_feature(g, MAGE), magic_feature(g, WITCH));
  return g;
}

/* RULES: MW-06, MW-03, MW-08, MW-10, MW-07, BASE-19 */
START_TEST(mw06_a_plain_tile_joins_them)
{
  /* T5 seat 0: V90 at (1,1) (joins the witch's road).  T6 seat 1: U0 at
   * (0,1), no mage symbol, joins the mage's road and the witch's road
   * into the loop, which it also completes.  Seat 1 must move one of
   * them ("magic-join"), before scoring.  Legal: the unfinished features
   * other than the loop: MW/CRRR.3 C1 (cap, open north), R1 (east road),
   * MW/CFC C1 (open north): 3 for each, 6.  The witch goes to R1 @ 1,0:
   * figure-moved, rule MW-06.  Then seat 1's robber on U0's road, which
   * is complete: 6 tiles + the mage's 6 = 12 (MW-08); the robber goes
   * home (BASE-19), the mage beside the board (MW-10).  0 : 12. */
  MeepleGame *g = loop_game("V U");
  turn(g, 0, "place V @ 1,1 r90", "pass");
  put(g, 1, "place U @ 0,1 r0");
  decision_is(g, MAGIC_JOIN, 1);
  ck_assert_uint_eq(magic_feature(g, MAGE), magic_feature(g, WITCH));
  ck_assert(feat(g, 0, 1, "U", "R1").completed);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 0);
  either_to(g, "C1 @ 1,0", "R1 @ 1,0", "C1 @ 0,-1", NULL);
  refused(g, "magic-move witch R1 @ 0,1");
  refused(g, "magic-remove witch");
  refused(g, "pass");
  act(g, "magic-move witch R1 @ 1,0");
  magic_event(g, MEEPLE_EVENT_FIGURE_MOVED, "MW-06", WITCH, 1, 0,
              "MW/CRRR.3", "R1");
  ck_assert_uint_ne(magic_feature(g, MAGE), magic_feature(g, WITCH));
  decision_is(g, PLACE_FIGURE, 1);
  act(g, "follower R1");
  /* the move came before the scoring */
  ck_assert_uint_lt(only(MEEPLE_EVENT_FIGURE_MOVED, "MW-06"),
                    only(MEEPLE_EVENT_FEATURE_COMPLETED, "BASE-08"));
  completed_once(ROAD, 6);
  AWARDS({ 1, 12, "MW-08", ROAD });
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "MW-10", MAGE, 0, 0, "D",
              "R1");
  magic_beside(g, MAGE);
  magic_at(g, WITCH, 1, 0, "MW/CRRR.3", "R1");
  over(g, 0, 12);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-07 The figure action after a mage tile                            */
/* ------------------------------------------------------------------ */

/* RULES: MW-07, MW-12, MW-02, MW-11, BASE-22 */
START_TEST(mw07_follower_decision_follows)
{
  /*            x=0   x=1
   *    y=0     D     MW/CRRR.3 0
   * Seat 0 puts the witch on the tile's east road R1; then the usual
   * figure decision: every segment of the new tile is free, R1 too,
   * although the witch stands there (MW-12).  Seat 0's robber on R1.
   * End: the east road (1 tile) with the witch: ceil(1 / 2) = 1
   * (MW-11).  1 : 0. */
  MeepleGame *g = tu_game(rules, 2, "MW/CRRR.3", FALSE);
  put(g, 0, "place MW/CRRR.3 @ 1,0 r0");
  act(g, "magic-move witch R1 @ 1,0");
  decision_is(g, PLACE_FIGURE, 0);
  offers(g, "pass", "follower C1", "follower R1", "follower R2",
         "follower R3", "follower F1", "follower F2", "follower F3", NULL);
  act(g, "follower R1");
  ck_assert_uint_eq(on(g, 0, 1, 0, "MW/CRRR.3", "R1"), 1);
  magic_at(g, WITCH, 1, 0, "MW/CRRR.3", "R1");
  AWARDS({ 0, 1, "MW-11", ROAD });
  over(g, 1, 0);
  /* figures stay on the board after the final scoring */
  magic_at(g, WITCH, 1, 0, "MW/CRRR.3", "R1");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-08 The mage: +1 per tile                                          */
/* ------------------------------------------------------------------ */

/* RULES: MW-08, MW-08.E1, BASE-17, BASE-14, MW-10, MW-12 */
START_TEST(mw08_e1_city_of_eight_with_two_pennants)
{
  /*            x=-3   x=-2       x=-1   x=0    x=1    x=2    x=3
   *    y=-1    E90    MW/CRcR 0  F0     R180   F0     G0     E270
   *    y=0                       U0     D      U0
   * The city: D, R180, F0 (east, pennant), G0, E270, F0 (west, pennant),
   * MW/CRcR, E90: 8 tiles, 2 pennants.
   *   T1 Red (seat 0) U0 1,0.   T2 Blue (seat 1) U0 -1,0.
   *   T3 Red F0 1,-1, knight (east part).
   *   T4 Blue F0 -1,-1, knight (west part).
   *   T5 Red G0 2,-1.
   *   T6 Blue MW/CRcR 0 at -2,-1 (city band W-E, roads N and S ending
   *      there): both figures beside the board; unfinished: D C1, D R1,
   *      both U0 R1, F0 C1 (east, with G0), G0 C1, F0 C1 (west, with
   *      MW/CRcR), MW/CRcR C1, R1, R2: 10 for each, 20.  The mage goes
   *      into the west part, where Blue's knight is (MW-12).
   *   T7 Red E270 3,-1.   T8 Blue E90 -3,-1.
   *   T9 Red R180 0,-1 joins D's cap, the east and the west part and
   *      closes the city.
   * Red and Blue have one knight each: tied, both score (BASE-14):
   * (8 + 2) x 2 = 20, the mage +8 = 28 each (MW-08.E1).  Both knights go
   * home, and so does the mage (MW-10).  28 : 28. */
  MeepleGame *g = tu_game(rules, 2, "U U F F G MW/CRcR E E R", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "pass");
  turn(g, 1, "place U @ -1,0 r0", "pass");
  turn(g, 0, "place F @ 1,-1 r0", "follower C1");
  turn(g, 1, "place F @ -1,-1 r0", "follower C1");
  turn(g, 0, "place G @ 2,-1 r0", "pass");
  put(g, 1, "place MW/CRcR @ -2,-1 r0");
  decision_is(g, MAGIC_FIGURE, 1);
  either_to(g, "C1 @ 0,0", "R1 @ 0,0", "R1 @ 1,0", "R1 @ -1,0", "C1 @ 1,-1",
            "C1 @ 2,-1", "C1 @ -1,-1", "C1 @ -2,-1", "R1 @ -2,-1",
            "R2 @ -2,-1", NULL);
  act(g, "magic-move mage C1 @ -2,-1");
  magic_at(g, MAGE, -2, -1, "MW/CRcR", "C1");
  ck_assert_uint_eq(feat(g, -2, -1, "MW/CRcR", "C1").followers[1], 1);
  decision_is(g, PLACE_FIGURE, 1);
  act(g, "pass");
  turn(g, 0, "place E @ 3,-1 r270", "pass");
  turn(g, 1, "place E @ -3,-1 r90", "pass");
  NO_AWARDS();

  turn(g, 0, "place R @ 0,-1 r180", "pass");
  MeepleFeatureInfo city = feat(g, 0, -1, "R", "C1");
  ck_assert(city.completed);
  ck_assert_uint_eq(city.tiles, 8);
  ck_assert_uint_eq(city.pennants, 2);
  completed_once(CITY, 8);
  AWARDS({ 0, 28, "MW-08", CITY }, { 1, 28, "MW-08", CITY });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 2);
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "MW-10", MAGE, -2, -1,
              "MW/CRcR", "C1");
  magic_beside(g, MAGE);
  over(g, 28, 28);
  meeple_game_free(g);
}
END_TEST

/* RULES: MW-08, MW-08.E2, BASE-16, MW-03.1, MW-10, MW-12 */
START_TEST(mw08_e2_road_of_three)
{
  /*            x=-1   x=0      x=1
   *    y=-1           MW/CFC0
   *    y=0     A270   D        L0
   * T1 Red (seat 0): A270, robber on the road A270 - D (open east).
   * T2 Blue: MW/CFC closes D's cap (empty, not scored): its segments are
   * no destination (MW-03.1).  Left: A270 R1, D R1, MW/CFC C1: 3 for
   * each, 6.  The mage joins Red's robber on the road (MW-12).
   * T3 Red: L0's west road ends at its junction: the road A270 - D - L0
   * is complete, 3 tiles: 3 + the mage's 3 = 6 for Red (MW-08.E2); the
   * robber goes home and the mage beside the board (MW-10).  6 : 0. */
  MeepleGame *g = tu_game(rules, 2, "A MW/CFC L", FALSE);
  turn(g, 0, "place A @ -1,0 r270", "follower R1");
  put(g, 1, "place MW/CFC @ 0,-1 r0");
  decision_is(g, MAGIC_FIGURE, 1);
  either_to(g, "R1 @ -1,0", "R1 @ 0,0", "C1 @ 0,-1", NULL);
  act(g, "magic-move mage R1 @ 0,0");
  decision_is(g, PLACE_FIGURE, 1);
  act(g, "pass");
  NO_AWARDS();

  turn(g, 0, "place L @ 1,0 r0", "pass");
  completed_once(ROAD, 3);
  AWARDS({ 0, 6, "MW-08", ROAD });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 1);
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "MW-10", MAGE, 0, 0, "D",
              "R1");
  over(g, 6, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-09 The witch: half, rounded up                                    */
/* ------------------------------------------------------------------ */

/* RULES: MW-09, MW-09.E1, BASE-16, MW-10 */
START_TEST(mw09_e1_road_of_five)
{
  /*            x=-1   x=0      x=1   x=2   x=3
   *    y=-1           MW/CFC0
   *    y=0     A270   D        U0    U0    L0
   * T1 Red (seat 0) A270.  T2 Blue U0 at (1,0), robber on the road.
   * T3 Red MW/CFC (closes D's cap): the witch onto Blue's road at (1,0).
   * T4 Blue U0 at (2,0).  T5 Red L0: the road A270 - D - U0 - U0 - L0 is
   * complete, 5 tiles: 5 points, halved by the witch: ceil(5 / 2) = 3
   * for Blue (MW-09.E1); robber home, witch beside the board.  0 : 3. */
  MeepleGame *g = tu_game(rules, 2, "A U MW/CFC U L", FALSE);
  turn(g, 0, "place A @ -1,0 r270", "pass");
  turn(g, 1, "place U @ 1,0 r0", "follower R1");
  magic_turn(g, 0, "place MW/CFC @ 0,-1 r0", "magic-move witch R1 @ 1,0",
             "pass");
  turn(g, 1, "place U @ 2,0 r0", "pass");
  turn(g, 0, "place L @ 3,0 r0", "pass");
  completed_once(ROAD, 5);
  AWARDS({ 1, 3, "MW-09", ROAD });
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "MW-10", WITCH, 1, 0, "U",
              "R1");
  magic_beside(g, WITCH);
  over(g, 0, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-10 The figure leaves after scoring                                */
/* ------------------------------------------------------------------ */

/* RULES: MW-10, MW-09, MW-02, MW-04, BASE-19, §0.4 S2 */
START_TEST(mw10_scored_figure_leaves_and_comes_back)
{
  /*            x=-1   x=0         x=1
   *    y=-2           MW/CRRR.3 180
   *    y=-1           MW/CFC0
   *    y=0     A270   D           L0
   * T1 seat 0: A270, robber.  T2 seat 1: MW/CFC, the witch onto D's road.
   * T3 seat 0: L0 closes the road (3 tiles): ceil(3 / 2) = 2 for seat 0
   * (MW-09).  Per §0.4 S2 the points come first, then the robber goes
   * home (BASE-19), then the witch leaves the board (MW-10: owner -1, from
   * D R1).
   * T4 seat 1: MW/CRRR.3 turned 180 above MW/CFC: its cap (south) closes
   * MW/CFC's north cap (2 tiles, empty).  Both figures are beside the
   * board again, so either may come in: onto L0 C1, R1, R2 or MW/CRRR.3
   * R1, R2, R3 (6 each, 12) — the witch comes back: figure-placed, MW-02.
   * 2 : 0. */
  MeepleGame *g = tu_game(rules, 2, "A MW/CFC L MW/CRRR.3", FALSE);
  turn(g, 0, "place A @ -1,0 r270", "follower R1");
  magic_turn(g, 1, "place MW/CFC @ 0,-1 r0", "magic-move witch R1 @ 0,0",
             "pass");
  turn(g, 0, "place L @ 1,0 r0", "pass");
  AWARDS({ 0, 2, "MW-09", ROAD });
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "MW-10", WITCH, 0, 0, "D",
              "R1");
  guint points = only(MEEPLE_EVENT_POINTS_SCORED, "MW-09");
  guint robber = only(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19");
  guint witch = only(MEEPLE_EVENT_FIGURE_RETURNED, "MW-10");
  ck_assert_uint_lt(points, robber);
  ck_assert_uint_lt(robber, witch);
  magic_beside(g, WITCH);

  put(g, 1, "place MW/CRRR.3 @ 0,-2 r180");
  decision_is(g, MAGIC_FIGURE, 1);
  either_to(g, "C1 @ 1,0", "R1 @ 1,0", "R2 @ 1,0", "R1 @ 0,-2", "R2 @ 0,-2",
            "R3 @ 0,-2", NULL);
  act(g, "magic-move witch R2 @ 0,-2");
  magic_event(g, MEEPLE_EVENT_FIGURE_PLACED, "MW-02", WITCH, 0, -2,
              "MW/CRRR.3", "R2");
  act(g, "pass");
  completed_once(CITY, 2);
  NO_AWARDS();
  over(g, 2, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: MW-10, MW-08, MW-09, BASE-25, BASE-19, §0.4 S2 */
START_TEST(mw10_each_figure_leaves_with_its_feature)
{
  /*            x=-1   x=0          x=1
   *    y=-2           MW/CRRR.3 180
   *    y=-1           MW/CFC0      E180
   *    y=0     A270   D            L0
   * T1 seat 0: A270, robber on the road A270 - D.
   * T2 seat 1: MW/CFC (closes D's cap): the mage onto D's road.
   * T3 seat 0: E180 at (1,-1) (cap facing south), knight.
   * T4 seat 1: MW/CRRR.3 180 closes MW/CFC's north cap (2 tiles, empty):
   *    the witch into seat 0's cap at (1,-1) (MW-04 (c), MW-12).
   * T5 seat 0: L0 closes both: the road A270 - D - L0 (3 tiles) and the
   *    city E180 - L0 (2 tiles).  Roads are scored before cities
   *    (BASE-25), and per feature the points come first, then its
   *    followers go home, then its magic figure (§0.4 S2):
   *      road: 3 + the mage's 3 = 6 (MW-08), robber home, mage beside;
   *      city: 2 x 2 = 4, halved by the witch = 2 (MW-09), knight home,
   *      witch beside.
   * 8 : 0. */
  MeepleGame *g = tu_game(rules, 2, "A MW/CFC E MW/CRRR.3 L", FALSE);
  turn(g, 0, "place A @ -1,0 r270", "follower R1");
  magic_turn(g, 1, "place MW/CFC @ 0,-1 r0", "magic-move mage R1 @ 0,0",
             "pass");
  turn(g, 0, "place E @ 1,-1 r180", "follower C1");
  magic_turn(g, 1, "place MW/CRRR.3 @ 0,-2 r180", "magic-move witch C1 @ 1,-1",
             "pass");
  turn(g, 0, "place L @ 1,0 r0", "pass");
  AWARDS({ 0, 6, "MW-08", ROAD }, { 0, 2, "MW-09", CITY });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "MW-10"), 2);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 2);
  /* the expected sequence of the scoring events */
  const struct {
    guint type;
    const char *rule;
    int player;
  } want[] = {
    { MEEPLE_EVENT_FEATURE_COMPLETED, "BASE-08", -1 },
    { MEEPLE_EVENT_POINTS_SCORED, "MW-08", 0 },
    { MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19", 0 },
    { MEEPLE_EVENT_FIGURE_RETURNED, "MW-10", -1 },
    { MEEPLE_EVENT_FEATURE_COMPLETED, "BASE-09", -1 },
    { MEEPLE_EVENT_POINTS_SCORED, "MW-09", 0 },
    { MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19", 0 },
    { MEEPLE_EVENT_FIGURE_RETURNED, "MW-10", -1 },
  };
  guint k = 0;
  for (guint i = 0; i < ev->len && k < G_N_ELEMENTS(want); i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type != MEEPLE_EVENT_FEATURE_COMPLETED &&
        e->type != MEEPLE_EVENT_POINTS_SCORED &&
        e->type != MEEPLE_EVENT_FIGURE_RETURNED)
      continue;
    ck_assert_msg(e->type == want[k].type &&
                      g_strcmp0(e->rule, want[k].rule) == 0 &&
                      (e->type == MEEPLE_EVENT_FEATURE_COMPLETED ||
                       e->player == want[k].player),
                  "scoring event %u: type %u %s seat %d; expected %u %s", k,
                  e->type, e->rule ? e->rule : "-", e->player, want[k].type,
                  want[k].rule);
    /* the mage from D R1, the witch from E180 C1 */
    if (k == 3 || k == 7) {
      ck_assert_uint_eq(e->figure, k == 3 ? MAGE : WITCH);
      ck_assert_int_eq(e->x, k == 3 ? 0 : 1);
      ck_assert_int_eq(e->y, k == 3 ? 0 : -1);
      ck_assert_uint_eq(e->segment, k == 3 ? sg(g, "D", "R1")
                                           : sg(g, "E", "C1"));
    }
    k++;
  }
  ck_assert_uint_eq(k, G_N_ELEMENTS(want));
  magic_beside(g, MAGE);
  magic_beside(g, WITCH);
  over(g, 8, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-11 Final scoring                                                  */
/* ------------------------------------------------------------------ */

/* RULES: MW-11, MW-11.E1, BASE-22, MW-09, MW-12 */
START_TEST(mw11_e1_unfinished_city_with_the_witch)
{
  /*            x=0          x=1
   *    y=-3    N180         G0
   *    y=-2    F90
   *    y=-1    MW/CRcR 90
   *    y=0     D
   * T1 Red (seat 0): MW/CRcR turned 90 (city band N-S on D's cap): the
   * witch into the city, then Red's knight into it too (MW-12).
   * T2 Blue F90 (pennant).  T3 Red N180 (city S+E).  T4 Blue G0: the city
   * D - MW/CRcR - F90 - N180 - G0 stays open east of G0.
   * Final: 5 tiles + 1 pennant = 6 (BASE-22), with the witch
   * ceil(6 / 2) = 3 for Red (MW-11.E1).  3 : 0. */
  MeepleGame *g = tu_game(rules, 2, "MW/CRcR F N G", FALSE);
  magic_turn(g, 0, "place MW/CRcR @ 0,-1 r90", "magic-move witch C1 @ 0,-1",
             "follower C1");
  turn(g, 1, "place F @ 0,-2 r90", "pass");
  turn(g, 0, "place N @ 0,-3 r180", "pass");
  turn(g, 1, "place G @ 1,-3 r0", "pass");
  MeepleFeatureInfo city = feat(g, 0, -1, "MW/CRcR", "C1");
  ck_assert(!city.completed);
  ck_assert_uint_eq(city.tiles, 5);
  ck_assert_uint_eq(city.pennants, 1);
  AWARDS({ 0, 3, "MW-11", CITY });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  over(g, 3, 0);
  magic_at(g, WITCH, 0, -1, "MW/CRcR", "C1");
  meeple_game_free(g);
}
END_TEST

/* RULES: MW-11, MW-08, BASE-22 */
START_TEST(mw11_unfinished_road_with_the_mage)
{
  /*            x=0   x=1
   *    y=0     D     MW/CRRR.3 0
   * The only turn: the mage and Red's robber on R3 (D's road, open west).
   * Final: 2 tiles (BASE-22) + the mage's 2 = 4 (MW-11).  4 : 0. */
  MeepleGame *g = tu_game(rules, 2, "MW/CRRR.3", FALSE);
  magic_turn(g, 0, "place MW/CRRR.3 @ 1,0 r0", "magic-move mage R3 @ 1,0",
             "follower R3");
  AWARDS({ 0, 4, "MW-11", ROAD });
  over(g, 4, 0);
  magic_at(g, MAGE, 1, 0, "MW/CRRR.3", "R3");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MW-12 What magic figures are not                                     */
/* ------------------------------------------------------------------ */

/* RULES: MW-12, BASE-12, BASE-14, MW-08, MW-10 */
START_TEST(mw12_no_follower_for_occupancy_or_majority)
{
  /* The loop road of MW-06 (see loop_game) with followers:
   *            x=-1   x=0   x=1
   *    y=0     V270   D     MW/CRRR.3 0
   *    y=1     V180   U0    V90
   * T1 seat 0: MW/CRRR.3, the mage onto D's road; that road counts no
   * follower, so seat 0 may still put a robber on R3 (MW-12, BASE-12).
   * T2 seat 1: V90 at (1,1) joins the junction's south road R2 (free):
   * robber.  T3 seat 0 V270, T4 seat 1 V180 (their roads are occupied).
   * T5 seat 0: U0 closes the loop: 6 tiles, one robber of each seat and
   * the mage.  The mage is nobody's: 1 : 1 is a tie, both score
   * 6 + 6 = 12 (MW-08).  12 : 12. */
  MeepleGame *g = tu_game(rules, 2, "MW/CRRR.3 V V V U", FALSE);
  put(g, 0, "place MW/CRRR.3 @ 1,0 r0");
  act(g, "magic-move mage R1 @ 0,0");
  MeepleFeatureInfo road = feat(g, 0, 0, "D", "R1");
  for (guint p = 0; p < 2; p++)
    ck_assert_uint_eq(road.followers[p], 0);
  decision_is(g, PLACE_FIGURE, 0);
  offers(g, "pass", "follower C1", "follower R1", "follower R2",
         "follower R3", "follower F1", "follower F2", "follower F3", NULL);
  act(g, "follower R3");
  road = feat(g, 0, 0, "D", "R1");
  ck_assert_uint_eq(road.followers[0], 1);
  ck_assert_uint_eq(road.followers[1], 0);

  turn(g, 1, "place V @ 1,1 r90", "follower R1");
  put(g, 0, "place V @ -1,0 r270");
  refused(g, "follower R1");
  act(g, "pass");
  turn(g, 1, "place V @ -1,1 r180", "pass");
  turn(g, 0, "place U @ 0,1 r0", "pass");
  completed_once(ROAD, 6);
  AWARDS({ 0, 12, "MW-08", ROAD }, { 1, 12, "MW-08", ROAD });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 2);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "MW-10"), 1);
  over(g, 12, 12);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* AMB-09 "Impossible": no option has a legal destination               */
/* ------------------------------------------------------------------ */

/* RULES: AMB-09, MW-05, AMB-12, MW-04, MW-03 */
START_TEST(amb09_unfinished_road_but_nowhere_to_go)
{
  /*            x=-2   x=-1        x=0      x=1           x=2
   *    y=-2           B           Eg180
   *    y=-1           E180        MW/CFC0
   *    y=0     E90    MW/CcRr.1 0 D        MW/CCRrG 180  E270
   *    y=1            A180                 E0
   *   T1 seat 0 MW/CcRr.1: the witch into its city (N+W).
   *   T2 seat 1 A180 (closes the road's south end).
   *   T3 seat 0 E180, T4 seat 1 E90: the witch's city is complete (3
   *      tiles), empty: not scored, the witch stays (AMB-12).
   *   T5 seat 0 MW/CCRrG 180 (road W+N joins D's road; caps S and E):
   *      MW-04 (c).  Unfinished: the road A180 - MW/CcRr.1 - D -
   *      MW/CCRrG (open north of (1,0)), D's cap, MW/CCRrG C1 and C2.
   *      The witch may leave its completed city for any of them, the mage
   *      come in: 7 segments each, 14.  The mage goes onto D's road.
   *   T6 seat 1 E270 and T7 seat 0 E0 close the two caps; T8 seat 1 B;
   *   T9 seat 0 Eg180.
   *   T10 seat 1 MW/CFC closes D's cap and Eg180's cap.
   * An unfinished road still exists (the mage's), but no option of MW-04
   * has a legal destination: the mage may not stay in its own road, the
   * witch may not enter the mage's.  AMB-09 (a): impossible, so one on
   * the board must leave, and seat 1 chooses which: the witch
   * (figure-returned, MW-05, from MW/CcRr.1 C1).  0 : 0. */
  MeepleGame *g = tu_game(rules, 2,
                          "MW/CcRr.1 A E E MW/CCRrG E E B Eg MW/CFC", FALSE);
  magic_turn(g, 0, "place MW/CcRr.1 @ -1,0 r0", "magic-move witch C1 @ -1,0",
             "pass");
  turn(g, 1, "place A @ -1,1 r180", "pass");
  turn(g, 0, "place E @ -1,-1 r180", "pass");
  turn(g, 1, "place E @ -2,0 r90", "pass");
  completed_once(CITY, 3);
  NO_AWARDS();
  magic_at(g, WITCH, -1, 0, "MW/CcRr.1", "C1");

  put(g, 0, "place MW/CCRrG @ 1,0 r180");
  decision_is(g, MAGIC_FIGURE, 0);
  either_to(g, "R1 @ -1,1", "R1 @ -1,0", "R1 @ 0,0", "R1 @ 1,0", "C1 @ 0,0",
            "C1 @ 1,0", "C2 @ 1,0", NULL);
  act(g, "magic-move mage R1 @ 0,0");
  act(g, "pass");
  turn(g, 1, "place E @ 2,0 r270", "pass");
  turn(g, 0, "place E @ 1,1 r0", "pass");
  turn(g, 1, "place B @ -1,-2 r0", "pass");
  turn(g, 0, "place Eg @ 0,-2 r180", "pass");

  put(g, 1, "place MW/CFC @ 0,-1 r0");
  ck_assert(!feat(g, 0, 0, "D", "R1").completed);
  decision_is(g, MAGIC_FIGURE, 1);
  offers(g, "magic-remove mage", "magic-remove witch", NULL);
  act(g, "magic-remove witch");
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "MW-05", WITCH, -1, 0,
              "MW/CcRr.1", "C1");
  ck_assert_uint_eq(magic_events(), 1);
  magic_beside(g, WITCH);
  magic_at(g, MAGE, 0, 0, "D", "R1");
  act(g, "pass");
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* AMB-10 A mage tile that also joins them                              */
/* ------------------------------------------------------------------ */

/* RULES: AMB-10, MW-06, MW-02, MW-09, MW-10 */
START_TEST(amb10_one_move_settles_both)
{
  /* The loop road of MW-06 (see loop_game), closed by a mage tile:
   *            x=-1   x=0      x=1
   *    y=-1           MW/CFC0
   *    y=0     V270   D        MW/CRRR.3 0
   *    y=1     V180   U0       MW/CcRr.1 180
   * T5 seat 0: U0 at (0,1) extends the mage's road (open east of it).
   * T6 seat 1: MW/CcRr.1 turned 180 (road N+W, city S+E) joins the
   * witch's road and the mage's: the loop, complete.  One decision,
   * "magic-join": one move of one of the two settles MW-06 and the mage
   * tile's MW-02 (AMB-10).  Legal: MW/CRRR.3 C1, R1, MW/CFC C1 and the
   * new city MW/CcRr.1 C1: 4 each, 8.  The mage goes to MW/CcRr.1 C1
   * (figure-moved, MW-06), and the figure decision follows at once.
   * Seat 1's robber on the loop: 6 tiles with the witch: ceil(6 / 2) = 3
   * (MW-09); the witch leaves (MW-10).  0 : 3. */
  MeepleGame *g = loop_game("U MW/CcRr.1");
  turn(g, 0, "place U @ 0,1 r0", "pass");
  put(g, 1, "place MW/CcRr.1 @ 1,1 r180");
  decision_is(g, MAGIC_JOIN, 1);
  either_to(g, "C1 @ 1,0", "R1 @ 1,0", "C1 @ 0,-1", "C1 @ 1,1", NULL);
  act(g, "magic-move mage C1 @ 1,1");
  magic_event(g, MEEPLE_EVENT_FIGURE_MOVED, "MW-06", MAGE, 1, 1,
              "MW/CcRr.1", "C1");
  ck_assert_uint_eq(magic_events(), 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, "MW-02"), 0);
  decision_is(g, PLACE_FIGURE, 1);
  act(g, "follower R1");
  completed_once(ROAD, 6);
  AWARDS({ 1, 3, "MW-09", ROAD });
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "MW-10", WITCH, 1, 0,
              "MW/CRRR.3", "R2");
  magic_at(g, MAGE, 1, 1, "MW/CcRr.1", "C1");
  over(g, 0, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* AMB-11 Joined with nowhere to go                                     */
/* ------------------------------------------------------------------ */

/* RULES: AMB-11, MW-06, MW-09, MW-10 */
START_TEST(amb11_joined_with_nowhere_to_go)
{
  /* The loop road of MW-06 (see loop_game) with everything else closed:
   *            x=-1   x=0      x=1          x=2
   *    y=-2           E180
   *    y=-1           MW/CFC0  E180
   *    y=0     V270   D        MW/CRRR.3 0  A90
   *    y=1     V180   U0       V90
   * T5 seat 0 V90 (joins the witch's road).  T6 seat 1 E180 closes
   * MW/CFC's north cap; T7 seat 0 E180 closes MW/CRRR.3's cap; T8 seat 1
   * A90 closes its east road (2 tiles).  All empty: nothing scored.
   * T9 seat 0: U0 joins the mage's and the witch's road into the loop and
   * completes it.  No unfinished road or city is left: neither figure
   * has a destination, so the one seat 0 chooses leaves the board
   * (AMB-11): the mage, figure-returned citing AMB-11.  Seat 0's robber
   * on the loop: 6 tiles, with the witch ceil(6 / 2) = 3 (MW-09); the
   * witch leaves after the scoring (MW-10).  3 : 0. */
  MeepleGame *g = loop_game("V E E A U");
  turn(g, 0, "place V @ 1,1 r90", "pass");
  turn(g, 1, "place E @ 0,-2 r180", "pass");
  turn(g, 0, "place E @ 1,-1 r180", "pass");
  turn(g, 1, "place A @ 2,0 r90", "pass");
  completed_once(ROAD, 2);
  NO_AWARDS();
  put(g, 0, "place U @ 0,1 r0");
  decision_is(g, MAGIC_JOIN, 0);
  offers(g, "magic-remove mage", "magic-remove witch", NULL);
  act(g, "magic-remove mage");
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "AMB-11", MAGE, 0, 0, "D",
              "R1");
  magic_beside(g, MAGE);
  decision_is(g, PLACE_FIGURE, 0);
  act(g, "follower R1");
  completed_once(ROAD, 6);
  AWARDS({ 0, 3, "MW-09", ROAD });
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "MW-10", WITCH, 1, 0,
              "MW/CRRR.3", "R2");
  over(g, 3, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* AMB-12 Completed without followers                                   */
/* ------------------------------------------------------------------ */

/* RULES: AMB-12, MW-10, BASE-15, MW-02, MW-04 */
START_TEST(amb12_unscored_feature_keeps_its_figure)
{
  /*            x=0      x=1
   *    y=-2    E180
   *    y=-1    MW/CFC0
   *    y=0     D        MW/CRRR.3 0
   * T1 seat 0: MW/CFC (closes D's cap): the witch onto its north cap.
   * T2 seat 1: E180 closes that city (2 tiles) with nobody in it: it is
   * completed but not scored (BASE-15), so the witch stays (AMB-12): no
   * figure-returned event.
   * T3 seat 0: MW/CRRR.3.  The witch may now leave its completed city for
   * an unfinished feature (D R1 = D + R3, MW C1, R1, R2), the mage may
   * come in to the same: 5 each, 10.  The witch moves to R1 @ 1,0
   * (figure-moved, MW-02).  0 : 0. */
  MeepleGame *g = tu_game(rules, 2, "MW/CFC E MW/CRRR.3", FALSE);
  magic_turn(g, 0, "place MW/CFC @ 0,-1 r0", "magic-move witch C1 @ 0,-1",
             "pass");
  turn(g, 1, "place E @ 0,-2 r180", "pass");
  completed_once(CITY, 2);
  NO_AWARDS();
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  ck_assert(feat(g, 0, -1, "MW/CFC", "C1").completed);
  magic_at(g, WITCH, 0, -1, "MW/CFC", "C1");

  put(g, 0, "place MW/CRRR.3 @ 1,0 r0");
  decision_is(g, MAGIC_FIGURE, 0);
  either_to(g, "R1 @ 0,0", "C1 @ 1,0", "R1 @ 1,0", "R2 @ 1,0", "R3 @ 1,0",
            NULL);
  act(g, "magic-move witch R1 @ 1,0");
  magic_event(g, MEEPLE_EVENT_FIGURE_MOVED, "MW-02", WITCH, 1, 0,
              "MW/CRRR.3", "R1");
  act(g, "pass");
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* With The Princess & the Dragon: X-02, X-05, X-15, X-17, AMB-39      */
/* ------------------------------------------------------------------ */

/*            x=-1       x=0      x=1          x=2
 *    y=-1               MW/CFC0
 *    y=0     DG/RFr.v   D        MW/CRRR.3 0  DG/RFr.d
 * T1 seat 0 MW/CRRR.3: the mage onto its east road R1.
 * T2 seat 1 the volcano DG/RFr.v at (-1,0): the dragon jumps onto it
 * (PD-05).  Nothing may go onto the volcano (PD-06) and seat 1 has no
 * follower for the fairy, so its figure decision is not asked.
 * T3 seat 0 the dragon tile DG/RFr.d at (2,0) (drawn after the volcano,
 * so not set aside): pass, then the flight: seat 0 -> D (0,0), seat 1 ->
 * (1,0), eating the mage, seat 0 -> (2,0); from there every neighbour
 * is empty or visited: the flight ends after 3 steps.
 * Plays T1..T3; @more are further tiles. */
static MeepleGame *
eaten_game(const char *more)
{
  guint step = tu_decision_kind(rules, "dragon-step");
  g_autofree char *order =
      g_strdup_printf("MW/CRRR.3 DG/RFr.v DG/RFr.d %s", more);
  MeepleGame *g = tu_game(rules, 2, order, FALSE);
  magic_turn(g, 0, "place MW/CRRR.3 @ 1,0 r0", "magic-move mage R1 @ 1,0",
             "pass");
  put(g, 1, "place DG/RFr.v @ -1,0 r0");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, "PD-05"), 1);
  decision_is(g, PLACE_TILE, 0);
  magic_at(g, MAGE, 1, 0, "MW/CRRR.3", "R1");

  turn(g, 0, "place DG/RFr.d @ 2,0 r0", "pass");
  decision_is(g, step, 0);
  offers(g, "dragon-move @ 0,0", NULL);
  act(g, "dragon-move @ 0,0");
  decision_is(g, step, 1);
  offers(g, "dragon-move @ 1,0", NULL);
  act(g, "dragon-move @ 1,0");
  decision_is(g, step, 0);
  offers(g, "dragon-move @ 2,0", NULL);
  act(g, "dragon-move @ 2,0");
  guint ended = tu_event_type(rules, "dragon-flight-ended");
  const MeepleEvent *e = &evs()[only(ended, "PD-09")];
  ck_assert_int_eq(e->x, 2);
  ck_assert_int_eq(e->y, 0);
  ck_assert_int_eq(e->arg, 3);
  return g;
}

/* RULES: X-02, PD-10, PD-10.1, AMB-39 */
START_TEST(x02_the_dragon_eats_the_mage)
{
  /* See eaten_game: entering (1,0) the dragon eats the mage: it goes
   * beside the board (figure-returned, owner -1, rule PD-10, from
   * MW/CRRR.3 R1).  No other figure is touched.  0 : 0. */
  MeepleGame *g = eaten_game("");
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "PD-10", MAGE, 1, 0,
              "MW/CRRR.3", "R1");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  magic_beside(g, MAGE);
  magic_beside(g, WITCH);
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: AMB-39, X-02, X-05, MW-04, MW-02 */
START_TEST(amb39_eaten_figure_comes_back)
{
  /* eaten_game, then T4 seat 1: MW/CFC closes D's cap.  The eaten mage is
   * beside the board and may come back (AMB-39), like the witch (MW-04
   * (a)).  Destinations: the volcano's road R1 (the dragon has left it),
   * D R1, MW/CRRR.3 C1, R1, R2, R3, MW/CFC C1 — not DG/RFr.d R1 at
   * (2,0), where the dragon is (X-05): 7 each, 14.  The mage comes back
   * onto R1 @ 1,0: figure-placed, MW-02.  0 : 0. */
  MeepleGame *g = eaten_game("MW/CFC");
  put(g, 1, "place MW/CFC @ 0,-1 r0");
  decision_is(g, MAGIC_FIGURE, 1);
  either_to(g, "R1 @ -1,0", "R1 @ 0,0", "C1 @ 1,0", "R1 @ 1,0", "R2 @ 1,0",
            "R3 @ 1,0", "C1 @ 0,-1", NULL);
  refused(g, "magic-move mage R1 @ 2,0");
  act(g, "magic-move mage R1 @ 1,0");
  magic_event(g, MEEPLE_EVENT_FIGURE_PLACED, "MW-02", MAGE, 1, 0,
              "MW/CRRR.3", "R1");
  act(g, "pass");
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-05, AMB-04, PD-12, MW-03, X-02 */
START_TEST(x05_not_onto_the_dragons_tile)
{
  /*            x=0      x=1
   *    y=-1    MW/CFC0
   *    y=0     D        DG/RFr.v 0
   * T1 seat 0: the volcano extends D's road east; the dragon jumps onto
   * it; no figure decision (PD-06, no fairy move).
   * T2 seat 1: MW/CFC closes D's cap.  Unfinished: the road D - volcano
   * and MW/CFC C1.  The volcano's R1 is on the dragon's tile, not a
   * destination (X-05, AMB-04): D R1 and MW/CFC C1 for each, 4.  0 : 0. */
  MeepleGame *g = tu_game(rules, 2, "DG/RFr.v MW/CFC", FALSE);
  put(g, 0, "place DG/RFr.v @ 1,0 r0");
  decision_is(g, PLACE_TILE, 1);
  put(g, 1, "place MW/CFC @ 0,-1 r0");
  decision_is(g, MAGIC_FIGURE, 1);
  either_to(g, "R1 @ 0,0", "C1 @ 0,-1", NULL);
  refused(g, "magic-move mage R1 @ 1,0");
  refused(g, "magic-move witch R1 @ 1,0");
  act(g, "magic-move witch R1 @ 0,0");
  act(g, "pass");
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-15, PD-20, PD-20.2, MW-12, BASE-22 */
START_TEST(x15_fairy_never_joins_a_magic_figure)
{
  /*            x=-1   x=0   x=1          x=2
   *    y=0     U0     D     MW/CRRR.3 0  U0
   * T1 seat 0: MW/CRRR.3, the mage onto its east road R1, seat 0's knight
   * on its cap C1.  T2 seat 1: U0 at (-1,0); seat 1 has no follower on
   * the board: no fairy move, although the mage is on the board.
   * T3 seat 0: U0 at (2,0) extends the mage's road.  The figure decision:
   * the robber on that road (MW-12), a farmer, or the fairy beside seat
   * 0's knight — never beside the mage (X-15).
   * End: seat 0's knight in the cap, 1 tile: 1 (BASE-22).  1 : 0. */
  MeepleGame *g = tu_game(rules, 2, "MW/CRRR.3 U U", FALSE);
  put(g, 0, "place MW/CRRR.3 @ 1,0 r0");
  act(g, "magic-move mage R1 @ 1,0");
  decision_is(g, PLACE_FIGURE, 0);
  offers(g, "pass", "follower C1", "follower R1", "follower R2",
         "follower R3", "follower F1", "follower F2", "follower F3", NULL);
  act(g, "follower C1");
  put(g, 1, "place U @ -1,0 r0");
  decision_is(g, PLACE_FIGURE, 1);
  offers(g, "pass", "follower R1", "follower F1", "follower F2", NULL);
  act(g, "pass");
  put(g, 0, "place U @ 2,0 r0");
  decision_is(g, PLACE_FIGURE, 0);
  offers(g, "pass", "follower R1", "follower F1", "follower F2",
         "fairy-move C1 @ 1,0", NULL);
  refused(g, "fairy-move R1 @ 1,0");
  act(g, "pass");
  AWARDS({ 0, 1, "BASE-22", CITY });
  over(g, 1, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-17, MW-09, PD-24, PD-24.3, PD-22, MW-10 */
START_TEST(x17_witch_halves_only_the_city)
{
  /*            x=-1   x=0          x=1
   *    y=-2           E180
   *    y=-1           MW/CRcR 90
   *    y=0     U0     D            U0
   * T1 seat 0: MW/CRcR turned 90 (city band N-S on D's cap): the witch
   * into the city, seat 0's knight too.  T2 seat 1 U0 (1,0).  T3 seat 0
   * U0 (-1,0) and the fairy beside its knight (PD-20).  T4 seat 1: E180
   * closes the city: 3 tiles, no pennant = 6, halved by the witch: 3
   * (MW-09).  The fairy's +3 (PD-24) is added after, unhalved (X-17):
   * seat 0 scores 3 + 3 = 6 (halving the bonus too would give 5).  No
   * fairy point: the fairy was attached after seat 0's turn began and
   * the game ends on seat 1's turn (PD-22).  6 : 0. */
  MeepleGame *g = tu_game(rules, 2, "MW/CRcR U U E", FALSE);
  magic_turn(g, 0, "place MW/CRcR @ 0,-1 r90", "magic-move witch C1 @ 0,-1",
             "follower C1");
  turn(g, 1, "place U @ 1,0 r0", "pass");
  turn(g, 0, "place U @ -1,0 r0", "fairy-move C1 @ 0,-1");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, "PD-20"), 1);
  turn(g, 1, "place E @ 0,-2 r180", "pass");
  completed_once(CITY, 3);
  AWARDS({ 0, 3, "MW-09", CITY }, { 0, 3, "PD-24", CITY });
  magic_event(g, MEEPLE_EVENT_FIGURE_RETURNED, "MW-10", WITCH, 0, -1,
              "MW/CRcR", "C1");
  over(g, 6, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Random games                                                         */
/* ------------------------------------------------------------------ */

typedef struct {
  guint princess;             /* P&D decision kind, or G_MAXUINT */
  int dragon;                 /* figure type, or -1 */
  guint move, remove;         /* action kinds */
} Kinds;

static gboolean
scored_rule(const char *rule)
{
  static const char *const during[] = { "BASE-16", "BASE-17", "MW-08",
                                        "MW-09", "BASE-19" };
  for (guint i = 0; i < G_N_ELEMENTS(during); i++)
    if (g_strcmp0(rule, during[i]) == 0)
      return TRUE;
  return FALSE;
}

/* Everything that must hold after every action (see random_games). */
static void
check_invariants(MeepleGame *g, const Kinds *k, const MeepleEvent *e,
                 gsize n)
{
  const MeepleRules *r = meeple_game_rules(g);
  /* followers conserved; exactly one mage and one witch */
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
  guint n_magic[2] = { 0, 0 };
  MeepleFigureInfo fig[2] = { { 0 }, { 0 } };
  guint feature[2] = { 0, 0 };
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.owner >= 0 || (f.type != MAGE && f.type != WITCH))
      continue;
    guint w = f.type == WITCH;
    n_magic[w]++;
    fig[w] = f;
    if (!f.on_board)
      continue;
    /* on a road or city segment (MW-03) */
    MeepleFeatureInfo fi;
    ck_assert(f.segment != MEEPLE_SEGMENT_NONE);
    ck_assert(meeple_game_feature(g, f.x, f.y, f.segment, &fi));
    ck_assert(fi.kind == ROAD || fi.kind == CITY);
    feature[w] = fi.id;
  }
  ck_assert_uint_eq(n_magic[0], 1);
  ck_assert_uint_eq(n_magic[1], 1);
  /* never in one feature (MW-03), except while the join that forces a move
   * (MW-06) waits for its decision, or for the princess's before it */
  const MeepleDecision *d = meeple_game_decision(g);
  gboolean joined = fig[0].on_board && fig[1].on_board &&
                    feature[0] == feature[1];
  if (d && d->kind == MAGIC_JOIN)
    ck_assert(joined);
  else if (!d || d->kind != k->princess)
    ck_assert(!joined);
  /* the magic decisions list only magic actions: moves, and a removal
   * only for a figure that has no move (MW-05, AMB-09, AMB-11) */
  if (d && (d->kind == MAGIC_FIGURE || d->kind == MAGIC_JOIN)) {
    guint moves[2] = { 0, 0 }, removals[2] = { 0, 0 };
    for (gsize i = 0; i < d->n_actions; i++) {
      const MeepleAction *a = &d->actions[i];
      ck_assert(a->kind == k->move || a->kind == k->remove);
      guint w = a->figure == WITCH;
      if (a->kind == k->move)
        moves[w]++;
      else
        removals[w]++;
    }
    for (guint w = 0; w < 2; w++) {
      ck_assert_uint_le(removals[w], 1);
      if (removals[w])
        ck_assert(fig[w].on_board);
      if (d->kind == MAGIC_JOIN)
        ck_assert_uint_eq(removals[w], moves[w] == 0);
      else
        ck_assert(!removals[w] || moves[0] + moves[1] == 0);
    }
  }
  /* never on the dragon's tile (X-05, X-02) */
  if (k->dragon >= 0)
    for (guint i = 0; i < meeple_game_n_figures(g); i++) {
      MeepleFigureInfo f = meeple_game_figure(g, i);
      if ((int)f.type != k->dragon || !f.on_board)
        continue;
      for (guint w = 0; w < 2; w++)
        ck_assert(!fig[w].on_board || fig[w].x != f.x || fig[w].y != f.y);
    }
  /* never left on a feature scored during the game (MW-10): the points
   * of a completed road or city and the followers it sends home name it;
   * no tile was placed since, so feature ids still hold */
  for (gsize i = 0; i < n; i++) {
    if ((e[i].type != MEEPLE_EVENT_POINTS_SCORED &&
         e[i].type != MEEPLE_EVENT_FIGURE_RETURNED) ||
        !scored_rule(e[i].rule) || (e[i].kind != ROAD && e[i].kind != CITY))
      continue;
    MeepleFeatureInfo fi;
    ck_assert(meeple_game_feature(g, e[i].x, e[i].y, e[i].segment, &fi));
    ck_assert(fi.completed);
    for (guint w = 0; w < 2; w++)
      ck_assert_msg(!fig[w].on_board || feature[w] != fi.id,
                    "the %s stays on a scored feature at %d,%d",
                    w ? "witch" : "mage", e[i].x, e[i].y);
  }
}

typedef struct {
  int points[MEEPLE_MAX_PLAYERS];
} Tally;

static void
tally_events(const MeepleRecord *record, MeepleGame *game, int action,
             int player, const MeepleEvent *events, gsize n_events,
             gpointer user_data)
{
  (void)record;
  (void)game;
  (void)action;
  (void)player;
  Tally *t = user_data;
  for (gsize i = 0; i < n_events; i++)
    if (events[i].type == MEEPLE_EVENT_POINTS_SCORED)
      t->points[events[i].player] += events[i].points;
}

/* @n seeded games on @ids with uniformly random legal actions (as
 * tu_play_random), 2..6 players: the invariants hold after every action;
 * every tile of the rules (@tiles with the start tile) is placed or
 * discarded; the scores are the sums of their points events; the record
 * replays to the same game.  Returns how many magic decisions were met,
 * so the caller knows the games exercised them. */
static guint
random_games(const char *ids, guint n, guint tiles, guint seed0)
{
  use_rules(ids);
  Kinds k = { .princess = G_MAXUINT, .dragon = -1 };
  for (guint i = 0; i < meeple_rules_n_decision_kinds(rules); i++)
    if (strcmp(meeple_rules_decision_kind(rules, i)->name, "princess") == 0)
      k.princess = i;
  k.dragon = meeple_rules_find_figure_type(rules, "dragon");
  k.move = (guint)meeple_rules_find_action_kind(rules, "magic-move");
  k.remove = (guint)meeple_rules_find_action_kind(rules, "magic-remove");
  guint magic_decisions = 0;
  for (guint j = 0; j < n; j++) {
    MeepleGameConfig cfg = { .n_players = 2 + j % 5, .seed = seed0 + j };
    g_autoptr(GError) err = NULL;
    MeepleGame *g = meeple_game_new(rules, &cfg, &err);
    ck_assert_msg(g, "%s", err ? err->message : "");
    gsize n0 = 0;
    const MeepleEvent *e0 = meeple_game_initial_events(g, &n0);
    check_invariants(g, &k, e0, n0);
    GRand *rand = g_rand_new_with_seed(seed0 + j);
    const MeepleDecision *d;
    while ((d = meeple_game_decision(g))) {
      magic_decisions += d->kind == MAGIC_FIGURE || d->kind == MAGIC_JOIN;
      gsize pick = (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions);
      const MeepleEvent *e = NULL;
      gsize ne = 0;
      ck_assert_msg(meeple_game_apply_index(g, pick, &e, &ne, &err),
                    "seed %u: %s", seed0 + j, err ? err->message : "");
      check_invariants(g, &k, e, ne);
    }
    g_rand_free(rand);
    ck_assert(meeple_game_is_over(g));
    ck_assert_uint_eq(meeple_game_tiles_left(g), 0);
    ck_assert_uint_eq(meeple_game_n_placed(g) + meeple_game_n_discarded(g),
                      tiles);

    g_autofree char *text = meeple_record_write(g, NULL);
    MeepleRecord *rec = meeple_record_parse(text, -1, "random.rec", &err);
    ck_assert_msg(rec, "%s", err ? err->message : "");
    Tally t = { { 0 } };
    MeepleGame *again =
        meeple_record_replay_events(rec, rules, tally_events, &t, &err);
    ck_assert_msg(again, "seed %u: %s", seed0 + j, err ? err->message : "");
    for (guint p = 0; p < cfg.n_players; p++)
      ck_assert_int_eq(t.points[p], meeple_game_score(g, p));
    g_autofree char *a = tu_state_digest(g);
    g_autofree char *b = tu_state_digest(again);
    ck_assert_str_eq(a, b);
    meeple_game_free(again);
    meeple_record_free(rec);
    meeple_game_free(g);
  }
  return magic_decisions;
}

/* RULES: MW-01, MW-03, MW-05, MW-06, MW-10, MW-12, AMB-11, BASE-01 */
START_TEST(mw_random_games)
{
  /* base 72 + Mage & Witch 8 = 80 tiles */
  ck_assert_uint_gt(random_games("mage-witch", 1000, 80, 5000), 1000);
}
END_TEST

/* RULES: X-02, X-05, AMB-04, AMB-39, MW-03, MW-10, PD-12 */
START_TEST(mw_random_games_with_pd)
{
  /* base 72 + P&D 30 + Mage & Witch 8 = 110 tiles */
  ck_assert_uint_gt(
      random_games("mage-witch,princess-dragon", 1000, 110, 13000), 1000);
}
END_TEST

/* RULES: X-02, X-05, AMB-04, AMB-39, MW-03, MW-10, PD-12, ABBOT-08 */
START_TEST(mw_random_games_with_pd_and_abbot)
{
  /* base 72 + P&D 30 + Mage & Witch 8 = 110 tiles */
  ck_assert_uint_gt(
      random_games("mage-witch,princess-dragon,abbot", 500, 110, 9000), 500);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *
rules_mw_suite(void)
{
  Suite *s = suite_create("rules-mw");
  TCase *tc = NULL;
  /* one test case per rule ID, each with fresh rules */
#define RULE(id, set_up)                                                   \
  (tc = tcase_create(id), tcase_add_checked_fixture(tc, set_up, teardown), \
   suite_add_tcase(s, tc))
  RULE("MW-01", setup);
  tcase_add_test(tc, mw01_eight_tiles_with_the_mage_symbol);
  tcase_add_test(tc, mw01_mage_and_witch_neutral_beside_the_board);
  RULE("MW-02", setup);
  tcase_add_test(tc, mw02_mage_tile_obliges_a_magic_figure);
  RULE("MW-03", setup);
  tcase_add_test(tc, mw03_roads_and_cities_of_any_tile);
  tcase_add_test(tc, mw03_1_not_into_a_feature_this_tile_completes);
  RULE("MW-04", setup);
  tcase_add_test(tc, mw04_a_neither_on_the_board);
  tcase_add_test(tc, mw04_c_one_on_the_board);
  tcase_add_test(tc, mw04_b_both_on_the_board);
  RULE("MW-05", setup);
  tcase_add_test(tc, mw05_nothing_unfinished_the_figure_leaves);
  tcase_add_test(tc, mw05_nothing_unfinished_both_stay_beside);
  RULE("MW-06", setup);
  tcase_add_test(tc, mw06_a_plain_tile_joins_them);
  RULE("MW-07", setup);
  tcase_add_test(tc, mw07_follower_decision_follows);
  RULE("MW-08", setup);
  tcase_add_test(tc, mw08_e1_city_of_eight_with_two_pennants);
  tcase_add_test(tc, mw08_e2_road_of_three);
  RULE("MW-09", setup);
  tcase_add_test(tc, mw09_e1_road_of_five);
  RULE("MW-10", setup);
  tcase_add_test(tc, mw10_scored_figure_leaves_and_comes_back);
  tcase_add_test(tc, mw10_each_figure_leaves_with_its_feature);
  RULE("MW-11", setup);
  tcase_add_test(tc, mw11_e1_unfinished_city_with_the_witch);
  tcase_add_test(tc, mw11_unfinished_road_with_the_mage);
  RULE("MW-12", setup);
  tcase_add_test(tc, mw12_no_follower_for_occupancy_or_majority);
  RULE("X-02", setup_pd);
  tcase_add_test(tc, x02_the_dragon_eats_the_mage);
  RULE("X-05", setup_pd);
  tcase_add_test(tc, x05_not_onto_the_dragons_tile);
  RULE("X-15", setup_pd);
  tcase_add_test(tc, x15_fairy_never_joins_a_magic_figure);
  RULE("X-17", setup_pd);
  tcase_add_test(tc, x17_witch_halves_only_the_city);
  RULE("AMB-09", setup);
  tcase_add_test(tc, amb09_unfinished_road_but_nowhere_to_go);
  RULE("AMB-10", setup);
  tcase_add_test(tc, amb10_one_move_settles_both);
  RULE("AMB-11", setup);
  tcase_add_test(tc, amb11_joined_with_nowhere_to_go);
  RULE("AMB-12", setup);
  tcase_add_test(tc, amb12_unscored_feature_keeps_its_figure);
  RULE("AMB-39", setup_pd);
  tcase_add_test(tc, amb39_eaten_figure_comes_back);
  RULE("random", setup);
  /* long loops: give them room under the sanitizers */
  tcase_set_timeout(tc, 900);
  tcase_add_test(tc, mw_random_games);
  tcase_add_test(tc, mw_random_games_with_pd);
  tcase_add_test(tc, mw_random_games_with_pd_and_abbot);
#undef RULE
  return s;
}

int
main(void)
{
  return tu_run_suite(rules_mw_suite());
}
