/* test-rules-pd-dragon.c — scenario tests of the dragon of The Princess &
 * the Dragon (RULES §3: PD-05..PD-12, PD-23; AMB-07).
 *
 * As in test-rules-pd-tiles.c, every test builds its board from a fixed
 * tile order (tu_game), plays it by notation and asserts exact points,
 * figure positions and events; every number is worked out by hand from
 * data/tiles/base.tiles and data/tiles/princess-dragon.tiles; each test
 * draws its board in a comment.  Each dragon step is a "dragon-step"
 * decision (PD-09) whose legal cells are checked exactly before it is
 * taken.
 *
 * Board conventions: the start tile D lies at (0,0) unturned (city cap
 * north, road west-east, field south); x grows east, y grows SOUTH, so
 * "up" is y - 1 and "left" is x - 1.  A cell is written <tile><degrees>.
 * Edges (N E S W) of the turned tiles used:
 *   U0  F R F R    U90  R F R F    B  F F F F   (monastery)
 *   E0  C F F F    E180 F F C F    E270 F F F C
 *   L0  C R R R    (three roads end at a junction)
 *   A90 F F F R    (the road from the west ends at the monastery)
 *   volcanoes: DG/F.v F F F F;  DG/RFr.v 0  F R F R (geometry of U);
 *              DG/R.v 0  F F R F (the road ends at the volcano)
 *   dragon tiles: DG/RFr.d 0  F R F R (geometry of U);
 *              DG/Rr.d 0  F F R R (geometry of V);
 *              DG/C.dG 0  C F F F, 180  F F C F (geometry of E, garden)
 *   portal: DG/RRR.g 0  F R R R (geometry of W)
 * Seats: with two players seat 0 and seat 1; the four players of PD-09.E1
 * are seats 0-3 = A-D.
 *
 * Pipeline facts the tests rely on (RULES §0.4, doc/engine.md): the dragon
 * flies after the figure action and before scoring; a figure decision whose
 * only choice is "pass" is not asked (so a player with nothing on the
 * board has no decision on a volcano turn); a flight ends with a
 * "dragon-flight-ended" event (arg = steps flown), also at a dead end.
 */
#include "scenario.h"
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static MeepleRules *rules;   /* base + The Princess & the Dragon */

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

static guint
figure_type(const MeepleGame *g, const char *name)
{
  int t = meeple_rules_find_figure_type(meeple_game_rules(g), name);
  ck_assert_msg(t >= 0, "no figure type %s", name);
  return (guint)t;
}

/* The decision kind "dragon-step" (looked up by name, doc/plugins.md). */
static guint
step_kind(const MeepleGame *g)
{
  const MeepleRules *r = meeple_game_rules(g);
  for (guint k = 0; k < meeple_rules_n_decision_kinds(r); k++)
    if (strcmp(meeple_rules_decision_kind(r, k)->name, "dragon-step") == 0)
      return k;
  ck_abort_msg("no decision kind dragon-step");
  return 0;
}

/* The event type "dragon-flight-ended". */
static guint
ended_type(const MeepleGame *g)
{
  const MeepleRules *r = meeple_game_rules(g);
  for (guint k = 0; k < meeple_rules_n_event_types(r); k++)
    if (strcmp(meeple_rules_event_type_name(r, k), "dragon-flight-ended") ==
        0)
      return k;
  ck_abort_msg("no event type dragon-flight-ended");
  return 0;
}

/* The one neutral figure named @name. */
static MeepleFigureInfo
neutral(const MeepleGame *g, const char *name)
{
  guint type = figure_type(g, name);
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.type == type && f.owner < 0)
      return f;
  }
  ck_abort_msg("no neutral figure %s", name);
  return meeple_game_figure(g, 0);
}

/* The dragon stands on the tile at (x, y) itself (on no segment). */
static void
dragon_on(const MeepleGame *g, int x, int y)
{
  MeepleFigureInfo d = neutral(g, "dragon");
  ck_assert_msg(d.on_board && d.x == x && d.y == y &&
                    d.segment == MEEPLE_SEGMENT_NONE,
                "dragon %s at %d,%d (segment %u), expected on %d,%d",
                d.on_board ? "on the board" : "beside the board", d.x, d.y,
                d.segment, x, y);
}

/* The fairy stands on (x, y), on segment @segment of @tile (or on the
 * tile itself when @segment is NULL). */
static void
fairy_on(const MeepleGame *g, int x, int y, const char *tile,
         const char *segment)
{
  MeepleFigureInfo f = neutral(g, "fairy");
  ck_assert(f.on_board);
  ck_assert_int_eq(f.x, x);
  ck_assert_int_eq(f.y, y);
  ck_assert_uint_eq(f.segment,
                    segment ? sg(g, tile, segment) : MEEPLE_SEGMENT_NONE);
}


/* Position in ev of @e. */
static guint
pos(const MeepleEvent *e)
{
  return (guint)(e - evs());
}

/* The pending decision is a dragon step (PD-09) of @seat that offers
 * exactly the NULL-ended cells ("X,Y"); the dragon is then moved to @to,
 * one of them, and stands there. */
G_GNUC_NULL_TERMINATED static void
step(MeepleGame *g, guint seat, const char *to, ...)
{
  decision_is(g, step_kind(g), seat);
  va_list ap;
  va_start(ap, to);
  gsize n = 0;
  gboolean listed = FALSE;
  for (const char *c; (c = va_arg(ap, const char *)); n++) {
    g_autofree char *t = g_strdup_printf("dragon-move @ %s", c);
    ck_assert_msg(tu_is_legal(g, t), "'%s' is not offered", t);
    listed |= strcmp(c, to) == 0;
  }
  va_end(ap);
  ck_assert_uint_eq(meeple_game_decision(g)->n_actions, n);
  ck_assert_msg(listed, "%s is not in the list", to);
  g_autofree char *t = g_strdup_printf("dragon-move @ %s", to);
  act(g, t);
  int x, y;
  ck_assert_int_eq(sscanf(to, "%d,%d", &x, &y), 2);
  dragon_on(g, x, y);
}

/* A dragon step to @to is not offered (and not taken) now. */
static void
no_step(MeepleGame *g, const char *to)
{
  g_autofree char *t = g_strdup_printf("dragon-move @ %s", to);
  refused(g, t);
}

/* ev holds exactly one "dragon-flight-ended" event (rule PD-09): at
 * (x, y) after @steps steps; the dragon stays there. */
static void
ended(const MeepleGame *g, int x, int y, int steps)
{
  guint type = ended_type(g);
  ck_assert_uint_eq(count(type, NULL), 1);
  const MeepleEvent *e = event(type, 0);
  ck_assert_str_eq(e->rule, "PD-09");
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_int_eq(e->arg, steps);
  dragon_on(g, x, y);
}

/* One figure the dragon ate (PD-10): its owner, cell, segment, type. */
typedef struct {
  int seat, x, y;
  const char *tile, *segment, *figure;
} Meal;

/* The figure-returned events of ev citing PD-10 are exactly @want, in
 * this order. */
static void
meals(const MeepleGame *g, const Meal *want, guint n_want)
{
  guint k = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type != MEEPLE_EVENT_FIGURE_RETURNED ||
        g_strcmp0(e->rule, "PD-10") != 0)
      continue;
    ck_assert_msg(k < n_want, "extra meal: seat %d at %d,%d", e->player,
                  e->x, e->y);
    const Meal *w = &want[k++];
    ck_assert_msg(e->player == w->seat && e->x == w->x && e->y == w->y &&
                      e->segment == sg(g, w->tile, w->segment) &&
                      e->figure == figure_type(g, w->figure),
                  "meal %u: seat %d at %d,%d seg %u fig %u; expected seat %d "
                  "%s %s at %d,%d", k, e->player, e->x, e->y, e->segment,
                  e->figure, w->seat, w->figure, w->segment, w->x, w->y);
  }
  ck_assert_msg(k == n_want, "%u meals, expected %u", k, n_want);
}

#define MEALS(g, ...)                                                      \
  do {                                                                     \
    static const Meal m_[] = { __VA_ARGS__ };                              \
    meals(g, m_, G_N_ELEMENTS(m_));                                        \
  } while (0)
#define NO_MEALS() ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, \
                                           "PD-10"), 0)

#define AWARDS(...) SCENARIO_AWARDS(FALSE, __VA_ARGS__)

/* A neutral figure's event of @type citing @rule in ev: the @name figure,
 * owned by nobody (player -1), on (x, y), on no segment. */
static void
neutral_event(const MeepleGame *g, guint type, const char *rule,
              const char *name, int x, int y, guint segment)
{
  ck_assert_uint_eq(count(type, rule), 1);
  const MeepleEvent *e = NULL;
  for (guint i = 0; i < ev->len && !e; i++)
    if (evs()[i].type == type && g_strcmp0(evs()[i].rule, rule) == 0)
      e = &evs()[i];
  ck_assert_int_eq(e->player, -1);
  ck_assert_uint_eq(e->figure, figure_type(g, name));
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_uint_eq(e->segment, segment);
}

/* Figures of type @name of @seat in the supply. */
static guint
home(const MeepleGame *g, guint seat, const char *name)
{
  return meeple_game_supply(g, seat, figure_type(g, name));
}

/* ------------------------------------------------------------------ */
/* PD-05 The volcano: the dragon appears                                */
/* ------------------------------------------------------------------ */

/* RULES: PD-05, PD-06, PD-07, PD-09, BASE-22 */
START_TEST(pd05_dragon_jumps_onto_each_volcano_and_eats_nothing)
{
  /*            x=-1   x=0    x=1
   *    y=0     RFr.d  D      U0          RFr.d = DG/RFr.d 0 (dragon tile)
   *    y=1            F.v    R.v         F.v = DG/F.v, R.v = DG/R.v 0
   * T1 seat 0: the first volcano DG/F.v below D.  The dragon comes from
   *    beside the board onto it: figure-placed, player -1, rule PD-05.
   *    Seat 0 has nothing on the board and may put nothing on the volcano
   *    (PD-06): no figure decision; the flight rules do not run (PD-09
   *    needs a dragon tile).
   * T2 seat 1: U0 east of D, robber (road D + U).
   * T3 seat 0: the dragon tile west of D (its road is the robber's);
   *    pass.  Flight: seat 0 moves the dragon from (0,1) to D, its only
   *    neighbour; seat 1 chooses between U (its own robber) and the
   *    dragon tile and takes the dragon tile, a dead end: 2 steps.
   * T4 seat 1: the second volcano DG/R.v at (1,1), next to the robber's
   *    tile.  The dragon jumps from the dragon tile (-1,0), where the
   *    flight left it, onto it: figure-moved, rule PD-05; no dragon-step
   *    decision, no flight, nobody eaten: the robber one cell away stays.
   *    Seat 1 may only pass or move the fairy to its robber (PD-06).
   * Final: the robber's road, dragon tile + D + U, open at both ends: 3
   * (BASE-22).  0 : 3. */
  MeepleGame *g =
      tu_game(rules, 2, "DG/F.v U DG/RFr.d DG/R.v", FALSE);
  ck_assert(!neutral(g, "dragon").on_board);
  put(g, 0, "place DG/F.v @ 0,1 r0");
  neutral_event(g, MEEPLE_EVENT_FIGURE_PLACED, "PD-05", "dragon", 0, 1,
                MEEPLE_SEGMENT_NONE);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, NULL), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  ck_assert_uint_eq(count(ended_type(g), NULL), 0);
  /* no set-aside tiles: nothing to return (PD-08) */
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILES_RETURNED, NULL), 0);
  dragon_on(g, 0, 1);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);

  turn(g, 1, "place U @ 1,0 r0", "follower R1");

  put(g, 0, "place DG/RFr.d @ -1,0 r0");
  offers(g, "pass", "follower F1", "follower F2", NULL);
  act(g, "pass");
  step(g, 0, "0,0", "0,0", NULL);
  step(g, 1, "-1,0", "1,0", "-1,0", NULL);
  ended(g, -1, 0, 2);
  NO_MEALS();
  ck_assert_uint_eq(on(g, 1, 1, 0, "U", "R1"), 1);

  put(g, 1, "place DG/R.v @ 1,1 r0");
  neutral_event(g, MEEPLE_EVENT_FIGURE_MOVED, "PD-05", "dragon", 1, 1,
                MEEPLE_SEGMENT_NONE);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  ck_assert_uint_eq(count(ended_type(g), NULL), 0);
  dragon_on(g, 1, 1);
  ck_assert_uint_eq(on(g, 1, 1, 0, "U", "R1"), 1);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 1);
  offers(g, "pass", "fairy-move R1 @ 1,0", NULL);
  act(g, "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "PD-10"), 0);
  AWARDS({ 1, 3, "BASE-22", ROAD });
  over(g, 0, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-06 The volcano: no figure of one's own on it                      */
/* ------------------------------------------------------------------ */

/* RULES: PD-06, PD-06.2, AMB-01, PD-20, PD-24, BASE-12, BASE-22 */
START_TEST(pd06_nothing_on_the_volcano_but_the_fairy_may_move)
{
  /*            x=-1   x=0    x=1
   *    y=-1                  F.v          F.v = DG/F.v (volcano)
   *    y=0     U0     D      U0
   * T1 seat 0: U0 east of D, robber.  T2 seat 1: U0 west of D (the road
   * is the robber's), farmer in the south field.  T3 seat 0: the volcano
   * above U(1,0); its one field joins the north field (U, D, U north of
   * the road), which nobody holds: BASE-12 would allow a farmer there,
   * but PD-06 forbids any figure of seat 0 on the volcano this turn.  The
   * decision is still asked, because seat 0 may move the fairy to its
   * robber (PD-06.2); it does: the fairy comes from beside the board
   * (figure-placed, rule PD-20) and stands on the robber's segment.
   * Final: the road U + D + U, open: 3 for seat 0 (BASE-22), and the
   * fairy's follower was scored: +3 (PD-24).  The south field borders no
   * city: nothing for seat 1.  6 : 0. */
  MeepleGame *g = tu_game(rules, 2, "U U DG/F.v", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  put(g, 1, "place U @ -1,0 r0");
  offers(g, "pass", "follower F1", "follower F2", NULL);
  act(g, "follower F2");

  put(g, 0, "place DG/F.v @ 1,-1 r0");
  dragon_on(g, 1, -1);
  MeepleFeatureInfo field = feat(g, 1, -1, "DG/F.v", "F1");
  ck_assert_uint_eq(field.followers[0] + field.followers[1], 0);
  ck_assert_uint_eq(field.id, feat(g, 0, 0, "D", "F1").id);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 0);
  offers(g, "pass", "fairy-move R1 @ 1,0", NULL);
  refused(g, "follower F1");
  act(g, "fairy-move R1 @ 1,0");
  neutral_event(g, MEEPLE_EVENT_FIGURE_PLACED, "PD-20", "fairy", 1, 0,
                sg(g, "U", "R1"));
  AWARDS({ 0, 3, "BASE-22", ROAD }, { 0, 3, "PD-24", ROAD });
  over(g, 6, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-06, PD-06.1, ABBOT-06, ABBOT-06.1, X-12, X-26 */
START_TEST(pd06_abbot_taken_back_on_a_volcano_turn)
{
  /*            x=-1   x=0    x=1
   *    y=0            D      U0
   *    y=1     F.v    B                 F.v = DG/F.v (volcano)
   * With The Abbot.  T1 seat 0: B below D, abbot on its monastery.  T2
   * seat 1: U0 east of D; pass.  T3 seat 0: the volcano west of B.  Seat
   * 0 may put nothing on it (PD-06; the volcano has no monastery or
   * garden, so no abbot either), but the other figure actions stay
   * (PD-06.1): take the abbot back, or move the fairy to it (PD-20.2,
   * X-12); exactly one of them.  Seat 0 takes the abbot back: B's
   * placed neighbours are D, U and the volcano (placed before the figure
   * action): 1 + 3 = 4 (ABBOT-06).  Nothing is left: 4 : 0. */
  MeepleRules *both = tu_rules_with("princess-dragon,abbot");
  MeepleGame *g = tu_game(both, 2, "B U DG/F.v", FALSE);
  put(g, 0, "place B @ 0,1 r0");
  offers(g, "pass", "follower M", "follower F1", "abbot M", NULL);
  act(g, "abbot M");
  turn(g, 1, "place U @ 1,0 r0", "pass");

  put(g, 0, "place DG/F.v @ -1,1 r0");
  dragon_on(g, -1, 1);
  offers(g, "pass", "abbot-return M @ 0,1", "fairy-move M @ 0,1", NULL);
  refused(g, "follower F1");
  act(g, "abbot-return M @ 0,1");
  AWARDS({ 0, 4, "ABBOT-06", CLOISTER });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "ABBOT-06"), 1);
  ck_assert_uint_eq(home(g, 0, "abbot"), 1);
  ck_assert(!neutral(g, "fairy").on_board);
  over(g, 4, 0);
  meeple_game_free(g);
  meeple_rules_unref(both);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-07 The dragon tile                                                */
/* ------------------------------------------------------------------ */

/* RULES: PD-07, PD-09, PD-10, BASE-11, BASE-15, §0.4 */
START_TEST(pd07_follower_on_the_dragon_tile_is_eaten_before_scoring)
{
  /*            x=0
   *    y=-1    C.dG180       C.dG = DG/C.dG (dragon tile, cap south)
   *    y=0     D
   *    y=1     F.v           F.v = DG/F.v (volcano)
   * T1 seat 0: the volcano below D; the dragon on it.
   * T2 seat 1: the dragon tile is placed normally: its cap closes D's cap
   *    (2 tiles).  The figure action comes first, normally (PD-07): a
   *    knight in the city it completes.  Then the dragon flies from the
   *    volcano, which the dragon tile does not touch: seat 1 moves it to
   *    D (its only neighbour), seat 0 from D to the dragon tile (D's other
   *    sides are empty): the dragon eats the knight there (PD-10).  From
   *    there every side is empty or visited: a dead end after 2 steps.
   *    Only then is the city scored (§0.4: DRAGON_MOVE before SCORE): it
   *    is complete but holds nobody, so the 2 x 2 = 4 it would have paid
   *    the knight go to nobody (BASE-15).  0 : 0. */
  MeepleGame *g = tu_game(rules, 2, "DG/F.v DG/C.dG", FALSE);
  put(g, 0, "place DG/F.v @ 0,1 r0");
  dragon_on(g, 0, 1);

  put(g, 1, "place DG/C.dG @ 0,-1 r180");
  /* the garden is decoration without The Abbot */
  offers(g, "pass", "follower C1", "follower F1", NULL);
  act(g, "follower C1");
  ck_assert_uint_eq(on(g, 1, 0, -1, "DG/C.dG", "C1"), 1);
  step(g, 1, "0,0", "0,0", NULL);
  step(g, 0, "0,-1", "0,-1", NULL);
  ended(g, 0, -1, 2);
  MEALS(g, { 1, 0, -1, "DG/C.dG", "C1", "follower" });
  ck_assert_uint_eq(home(g, 1, "follower"), 7);
  /* eaten first, then the city completes empty */
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  ck_assert_uint_lt(pos(event(MEEPLE_EVENT_FIGURE_RETURNED, 0)),
                    pos(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)));
  ck_assert_uint_lt(pos(event(ended_type(g), 0)),
                    pos(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)));
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  ck_assert(feat(g, 0, 0, "D", "C1").completed);
  NO_AWARDS();
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-07, PD-07.1, PD-07.2, PD-20, PD-23, PD-24, BASE-22 */
START_TEST(pd07_fairy_moved_instead_of_a_follower)
{
  /*            x=-1   x=0    x=1
   *    y=0     U0     D      RFr.d       RFr.d = DG/RFr.d 0 (dragon tile)
   *    y=1            F.v                F.v = DG/F.v (volcano)
   * T1 seat 0: U0 west of D, robber.  T2 seat 1: the volcano below D (no
   * figure decision: seat 1 has nothing on the board).  T3 seat 0: the
   * dragon tile east of D.  Its road is the robber's (not offered), its
   * fields are free; instead of a follower seat 0 moves the fairy to its
   * robber (PD-07.1, PD-07.2).  Then the dragon flies: seat 0 moves it to
   * D (its only neighbour); seat 1 may not enter the fairy's tile U
   * (PD-23), so the dragon tile is its only choice; from there a dead
   * end: 2 steps, nobody eaten.  Final: the road U + D + dragon tile, open:
   * 3 for seat 0 (BASE-22) + 3 for the fairy's follower (PD-24).  6 : 0. */
  MeepleGame *g = tu_game(rules, 2, "U DG/F.v DG/RFr.d", FALSE);
  turn(g, 0, "place U @ -1,0 r0", "follower R1");
  put(g, 1, "place DG/F.v @ 0,1 r0");
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 0);

  put(g, 0, "place DG/RFr.d @ 1,0 r0");
  offers(g, "pass", "follower F1", "follower F2", "fairy-move R1 @ -1,0",
         NULL);
  refused(g, "follower R1");
  act(g, "fairy-move R1 @ -1,0");
  fairy_on(g, -1, 0, "U", "R1");
  step(g, 0, "0,0", "0,0", NULL);
  no_step(g, "-1,0");
  step(g, 1, "1,0", "1,0", NULL);
  ended(g, 1, 0, 2);
  NO_MEALS();
  ck_assert_uint_eq(on(g, 0, -1, 0, "U", "R1"), 1);
  AWARDS({ 0, 3, "BASE-22", ROAD }, { 0, 3, "PD-24", ROAD });
  over(g, 6, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-08 Dragon tiles before the first volcano; AMB-07                  */
/* ------------------------------------------------------------------ */

/* Applies the first legal action of every decision to the end of the
 * game, adding the events to ev. */
static void
play_out(MeepleGame *g)
{
  while (meeple_game_decision(g)) {
    const MeepleEvent *e = NULL;
    gsize n = 0;
    g_autoptr(GError) err = NULL;
    ck_assert_msg(meeple_game_apply_index(g, 0, &e, &n, &err), "%s",
                  err ? err->message : "");
    g_array_append_vals(ev, e, (guint)n);
  }
}

/* RULES: PD-08, PD-05, BASE-04, BASE-21 */
START_TEST(pd08_dragon_tiles_wait_for_the_first_volcano)
{
  /* Supply, drawn in this order:
   *   U, DG/RFr.d, DG/Rr.d, U, DG/F.v, U, DG/R.v, U   (8 tiles)
   * Start: seat 0 draws U; 7 are left.
   * T1 seat 0: U0 east of D, robber.  Seat 1 draws DG/RFr.d: a dragon
   *    tile while no volcano is placed: set aside face up (tile-set-aside,
   *    player 1, rule PD-08), and it draws again: DG/Rr.d, set aside too,
   *    then U, its tile.  2 set aside, 8 - 1 - 3 = 4 left.
   * T2 seat 1: U0 west of D; pass.  Seat 0 draws the volcano: 3 left.
   * T3 seat 0: the volcano below D.  The dragon appears (PD-05) and the 2
   *    set-aside tiles are shuffled back (tiles-returned, arg 2, rule
   *    PD-08): 3 + 2 = 5 left, none set aside.  Seat 0 may move the fairy
   *    to its robber: the figure decision is asked, so the count is read
   *    before the next draw.
   * The order of the 5 is now the PRNG's (the whole supply is shuffled),
   * so the rest is played with the first legal action of every decision
   * and only what does not depend on the order is checked: the 5 tiles
   * drawn are exactly U, U, DG/R.v, DG/RFr.d, DG/Rr.d; the dragon tiles
   * are not set aside any more (the dragon is on the board); the second
   * volcano DG/R.v moves the dragon (PD-05) and returns nothing (no
   * tiles-returned event); all 9 tiles end on the board or out of the
   * game, none set aside. */
  MeepleGame *g = tu_game(rules, 2,
                          "U DG/RFr.d DG/Rr.d U DG/F.v U DG/R.v U", FALSE);
  const int u = tile_index(rules, "U");
  const int rfr = tile_index(rules, "DG/RFr.d");
  const int rr = tile_index(rules, "DG/Rr.d");
  const int rv = tile_index(rules, "DG/R.v");
  ck_assert_uint_eq(meeple_game_tiles_left(g), 7);
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 0);

  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  /* the draws of seat 1's turn, in order */
  const guint want[][2] = { { MEEPLE_EVENT_TILE_DRAWN, (guint)rfr },
                            { MEEPLE_EVENT_TILE_SET_ASIDE, (guint)rfr },
                            { MEEPLE_EVENT_TILE_DRAWN, (guint)rr },
                            { MEEPLE_EVENT_TILE_SET_ASIDE, (guint)rr },
                            { MEEPLE_EVENT_TILE_DRAWN, (guint)u } };
  guint k = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type != MEEPLE_EVENT_TILE_DRAWN &&
        e->type != MEEPLE_EVENT_TILE_SET_ASIDE)
      continue;
    ck_assert_uint_lt(k, G_N_ELEMENTS(want));
    ck_assert_uint_eq(e->type, want[k][0]);
    ck_assert_uint_eq(e->tile, want[k][1]);
    ck_assert_int_eq(e->player, 1);
    if (e->type == MEEPLE_EVENT_TILE_SET_ASIDE)
      ck_assert_str_eq(e->rule, "PD-08");
    k++;
  }
  ck_assert_uint_eq(k, G_N_ELEMENTS(want));
  ck_assert_int_eq(meeple_game_drawn_tile(g), u);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 4);
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 2);
  ck_assert_uint_eq(meeple_game_set_aside(g, 0), (guint)rfr);
  ck_assert_uint_eq(meeple_game_set_aside(g, 1), (guint)rr);
  ck_assert(!neutral(g, "dragon").on_board);

  turn(g, 1, "place U @ -1,0 r0", "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_SET_ASIDE, NULL), 0);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 3);
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 2);

  put(g, 0, "place DG/F.v @ 0,1 r0");
  dragon_on(g, 0, 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILES_RETURNED, "PD-08"), 1);
  ck_assert_int_eq(event(MEEPLE_EVENT_TILES_RETURNED, 0)->arg, 2);
  /* the dragon first, then the tiles (§0.4 P2) */
  ck_assert_uint_lt(pos(event(MEEPLE_EVENT_FIGURE_PLACED, 0)),
                    pos(event(MEEPLE_EVENT_TILES_RETURNED, 0)));
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 0);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 5);
  offers(g, "pass", "fairy-move R1 @ 1,0", NULL);
  act(g, "pass");
  play_out(g);

  ck_assert(meeple_game_is_over(g));
  guint drawn[4] = { 0, 0, 0, 0 }; /* U, DG/RFr.d, DG/Rr.d, DG/R.v */
  guint n_drawn = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type != MEEPLE_EVENT_TILE_DRAWN)
      continue;
    n_drawn++;
    drawn[0] += e->tile == u;
    drawn[1] += e->tile == rfr;
    drawn[2] += e->tile == rr;
    drawn[3] += e->tile == rv;
  }
  ck_assert_uint_eq(n_drawn, 5);
  ck_assert_uint_eq(drawn[0], 2);
  ck_assert_uint_eq(drawn[1], 1);
  ck_assert_uint_eq(drawn[2], 1);
  ck_assert_uint_eq(drawn[3], 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_SET_ASIDE, NULL), 0);
  /* only the first volcano's return; the second one's jump */
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILES_RETURNED, NULL), 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, "PD-05"), 1);
  /* both dragon tiles were placed after the volcano: two flights */
  ck_assert_uint_eq(count(ended_type(g), "PD-09"), 2);
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 0);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 0);
  ck_assert_uint_eq(meeple_game_n_placed(g) + meeple_game_n_discarded(g), 9);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-08, BASE-21, PD-05, PD-09, PD-10 */
START_TEST(pd08_last_tile_a_volcano_brings_the_set_aside_back)
{
  /*            x=-1   x=0    x=1
   *    y=0     RFr.d  D      U0          RFr.d = DG/RFr.d 0 (dragon tile)
   *    y=1                   F.v         F.v = DG/F.v (volcano)
   * Supply: DG/RFr.d, U, DG/F.v.
   * Start: seat 0 draws DG/RFr.d: set aside (player 0, PD-08), then U.
   * T1 seat 0: U0 east of D, robber.  Seat 1 draws the volcano, the last
   *    tile of the supply: 0 left.
   * T2 seat 1: the volcano below U.  The set-aside tile comes back (1
   *    tile: its place in the supply cannot vary), so the supply is not
   *    empty at the end of the turn and the game goes on (BASE-21).
   * T3 seat 0 draws DG/RFr.d again; the dragon is on the board, so it is
   *    not set aside.  Seat 0 puts it west of D; pass.  The flight: seat
   *    0 from the volcano up to U (its only neighbour), eating its own
   *    robber; seat 1 to D; seat 0 to the dragon tile; dead end after 3
   *    steps.  Then the supply is empty: game over, 0 : 0. */
  MeepleGame *g = tu_game(rules, 2, "DG/RFr.d U DG/F.v", FALSE);
  const int rfr = tile_index(rules, "DG/RFr.d");
  gsize n = 0;
  const MeepleEvent *start = meeple_game_initial_events(g, &n);
  ck_assert_uint_eq(tu_count_events(start, n, MEEPLE_EVENT_TILE_SET_ASIDE,
                                    "PD-08"), 1);
  const MeepleEvent *aside =
      tu_find_event(start, n, MEEPLE_EVENT_TILE_SET_ASIDE, 0);
  ck_assert_uint_eq(aside->tile, (guint)rfr);
  ck_assert_int_eq(aside->player, 0);
  ck_assert_int_eq(meeple_game_drawn_tile(g), tile_index(rules, "U"));
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 1);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 1);

  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  ck_assert_uint_eq(meeple_game_tiles_left(g), 0);

  put(g, 1, "place DG/F.v @ 1,1 r0");
  ck_assert_int_eq(event(MEEPLE_EVENT_TILES_RETURNED, 0)->arg, 1);
  ck_assert(!meeple_game_is_over(g));
  ck_assert_uint_eq(count(MEEPLE_EVENT_GAME_OVER, NULL), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_SET_ASIDE, NULL), 0);
  ck_assert_int_eq(meeple_game_drawn_tile(g), rfr);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 0);
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 0);

  put(g, 0, "place DG/RFr.d @ -1,0 r0");
  offers(g, "pass", "follower F1", "follower F2", "fairy-move R1 @ 1,0",
         NULL);
  act(g, "pass");
  step(g, 0, "1,0", "1,0", NULL);
  step(g, 1, "0,0", "0,0", NULL);
  step(g, 0, "-1,0", "-1,0", NULL);
  ended(g, -1, 0, 3);
  MEALS(g, { 0, 1, 0, "U", "R1", "follower" });
  NO_AWARDS();
  over(g, 0, 0);
  ck_assert_uint_eq(meeple_game_n_placed(g), 4);
  ck_assert_uint_eq(meeple_game_n_discarded(g), 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: AMB-07, PD-08, BASE-21, BASE-22 */
START_TEST(amb07_set_aside_tiles_discarded_at_the_end)
{
  /* Supply: U, DG/RFr.d, U, DG/Rr.d; no volcano at all.
   * T1 seat 0: U0 east of D, robber.  Seat 1 draws DG/RFr.d (set aside,
   *    PD-08) and then U: 1 set aside, 1 left.
   * T2 seat 1: U0 west of D; pass.  A tile is left, so the game goes on:
   *    turn 3, seat 0 draws DG/Rr.d and sets it aside; the supply is
   *    empty before a placeable tile was found, so the game ends at once,
   *    no tile placed (BASE-21).  The 2 set-aside tiles are discarded
   *    (tile-discarded, player -1, rule AMB-07) before the final scoring:
   *    the road U + D + U, open, 3 for seat 0 (BASE-22).  3 : 0. */
  MeepleGame *g = tu_game(rules, 2, "U DG/RFr.d U DG/Rr.d", FALSE);
  const int rfr = tile_index(rules, "DG/RFr.d");
  const int rr = tile_index(rules, "DG/Rr.d");
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_SET_ASIDE, "PD-08"), 1);
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 1);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 1);

  turn(g, 1, "place U @ -1,0 r0", "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_TURN_STARTED, NULL), 1);
  ck_assert_int_eq(event(MEEPLE_EVENT_TURN_STARTED, 0)->player, 0);
  ck_assert_int_eq(event(MEEPLE_EVENT_TURN_STARTED, 0)->arg, 3);
  const MeepleEvent *aside = event(MEEPLE_EVENT_TILE_SET_ASIDE, 0);
  ck_assert_uint_eq(aside->tile, (guint)rr);
  ck_assert_int_eq(aside->player, 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_DISCARDED, NULL), 2);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_DISCARDED, "AMB-07"), 2);
  const MeepleEvent *d0 = event(MEEPLE_EVENT_TILE_DISCARDED, 0);
  const MeepleEvent *d1 = event(MEEPLE_EVENT_TILE_DISCARDED, 1);
  ck_assert_uint_eq(d0->tile, (guint)rfr);
  ck_assert_uint_eq(d1->tile, (guint)rr);
  ck_assert_int_eq(d0->player, -1);
  ck_assert_int_eq(d1->player, -1);
  ck_assert_uint_lt(pos(aside), pos(d0));
  ck_assert_uint_lt(pos(d1), pos(event(MEEPLE_EVENT_POINTS_SCORED, 0)));
  /* the only tile placed in these events is seat 1's, before turn 3 */
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_PLACED, NULL), 1);
  ck_assert_uint_lt(pos(event(MEEPLE_EVENT_TILE_PLACED, 0)),
                    pos(event(MEEPLE_EVENT_TURN_STARTED, 0)));
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 0);
  ck_assert_uint_eq(meeple_game_n_discarded(g), 2);
  ck_assert_uint_eq(meeple_game_n_placed(g), 3);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 0);
  ck_assert(!neutral(g, "dragon").on_board);
  AWARDS({ 0, 3, "BASE-22", ROAD });
  over(g, 3, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-09 The flight                                                     */
/* ------------------------------------------------------------------ */

/* RULES: PD-09, PD-09.E1, PD-10, PD-07, BASE-23 */
START_TEST(pd09_worked_example_four_players)
{
  /* PD-09.E1 verbatim: 4 players A-D (seats 0-3), the dragon starts
   * bottom right; A up; B left; C down; D left (right is forbidden: the
   * start tile was visited in this flight); A up; B up -> 6 steps; the
   * blue and red followers on entered tiles return.  B plays blue and D
   * red here (A yellow, C green: the seed does not say).
   *
   *            x=-1   x=0    x=1    x=2
   *    y=-1           C.dG180 E0                C.dG = DG/C.dG (dragon)
   *    y=0     U0     D      U0     U0
   *    y=1     E270   B      B      F.v         F.v = DG/F.v (volcano)
   *
   * T1 A: U0 (1,0); pass.
   * T2 B: U0 (2,0), blue robber (road U-D-U).
   * T3 C: U0 (-1,0) (road taken), green farmer in the north field.
   * T4 D: B (0,1), red monk.
   * T5 A: B (1,1); pass.
   * T6 B: the volcano (2,1), bottom right: the dragon on it; B passes
   *    (it could move the fairy to its robber).
   * T7 C: E0 (1,-1); pass.   T8 D: E270 (-1,1); pass.
   * T9 A: the dragon tile above D; its cap closes D's cap (2 tiles,
   *    nobody in it); its field joins the green farmer's north field
   *    through E0, so only the city is offered; A passes.  The flight:
   *    step 1 A, from (2,1): up (2,0) or left (1,1) -> up: the blue
   *       robber is eaten (PD-10).
   *    step 2 B, from (2,0): left (1,0) only (the start is visited).
   *    step 3 C, from (1,0): up (1,-1), left D, down (1,1) -> down.
   *    step 4 D, from (1,1): left (0,1) only: up (1,0) and right (2,1),
   *       the start tile, are visited -> left: the red monk is eaten, by
   *       red's own move.
   *    step 5 A, from (0,1): up D or left (-1,1) -> up.
   *    step 6 B, from D: up (0,-1) or left (-1,0) (the green farmer's
   *       tile) -> up, the dragon tile: 6 steps, the flight ends there.
   * Exactly the blue and the red follower return (rule PD-10); the green
   * farmer on (-1,0), next to the route, stays.  The completed city is
   * empty: no points in the turn.  Final: the green farmer's north field
   * borders D's completed city (via D's field and the dragon tile's) and
   * E0's open cap: 3 for C (BASE-23).  0 : 0 : 3 : 0. */
  MeepleGame *g = tu_game(rules, 4, "U U U B B DG/F.v E E DG/C.dG", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "pass");
  turn(g, 1, "place U @ 2,0 r0", "follower R1");
  put(g, 2, "place U @ -1,0 r0");
  offers(g, "pass", "follower F1", "follower F2", NULL);
  act(g, "follower F1");
  turn(g, 3, "place B @ 0,1 r0", "follower M");
  turn(g, 0, "place B @ 1,1 r0", "pass");
  put(g, 1, "place DG/F.v @ 2,1 r0");
  offers(g, "pass", "fairy-move R1 @ 2,0", NULL);
  act(g, "pass");
  dragon_on(g, 2, 1);
  turn(g, 2, "place E @ 1,-1 r0", "pass");
  turn(g, 3, "place E @ -1,1 r270", "pass");
  ck_assert_uint_eq(home(g, 1, "follower"), 6);
  ck_assert_uint_eq(home(g, 3, "follower"), 6);

  put(g, 0, "place DG/C.dG @ 0,-1 r180");
  offers(g, "pass", "follower C1", NULL);
  act(g, "pass");
  step(g, 0, "2,0", "2,0", "1,1", NULL);          /* A up */
  step(g, 1, "1,0", "1,0", NULL);                 /* B left */
  step(g, 2, "1,1", "1,-1", "0,0", "1,1", NULL);  /* C down */
  no_step(g, "2,1");                              /* D: not right */
  no_step(g, "1,0");
  step(g, 3, "0,1", "0,1", NULL);                 /* D left */
  step(g, 0, "0,0", "0,0", "-1,1", NULL);         /* A up */
  step(g, 1, "0,-1", "0,-1", "-1,0", NULL);       /* B up */
  ended(g, 0, -1, 6);
  MEALS(g, { 1, 2, 0, "U", "R1", "follower" },
        { 3, 0, 1, "B", "M", "follower" });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, "PD-09"), 6);
  /* the route, step by step */
  static const int route[6][2] = { { 2, 0 }, { 1, 0 }, { 1, 1 },
                                   { 0, 1 }, { 0, 0 }, { 0, -1 } };
  for (guint i = 0; i < 6; i++) {
    const MeepleEvent *e = event(MEEPLE_EVENT_FIGURE_MOVED, i);
    ck_assert_str_eq(e->rule, "PD-09");
    ck_assert_int_eq(e->player, -1);
    ck_assert_int_eq(e->x, route[i][0]);
    ck_assert_int_eq(e->y, route[i][1]);
  }
  ck_assert_uint_eq(home(g, 1, "follower"), 7);
  ck_assert_uint_eq(home(g, 3, "follower"), 7);
  ck_assert_uint_eq(on(g, 2, -1, 0, "U", "F1"), 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  AWARDS({ 2, 3, "BASE-23", FIELD });
  ck_assert(meeple_game_is_over(g));
  ck_assert_int_eq(meeple_game_score(g, 0), 0);
  ck_assert_int_eq(meeple_game_score(g, 1), 0);
  ck_assert_int_eq(meeple_game_score(g, 2), 3);
  ck_assert_int_eq(meeple_game_score(g, 3), 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-09 */
START_TEST(pd09_two_players_alternate_and_stop_after_six)
{
  /*            x=-1   x=0  x=1  x=2  x=3  x=4  x=5  x=6
   *    y=0     RFr.v  D    U0   U0   U0   U0   U0   RFr.d
   * RFr.v = DG/RFr.v 0 (volcano), RFr.d = DG/RFr.d 0 (dragon tile).
   * T1 seat 0 (A): the volcano west of D.  T2-T6: five U0 eastwards.  T7
   * seat 0: the dragon tile at the east end.  Every cell has one
   * unvisited neighbour, so each step offers exactly one cell; the steps
   * are taken by A, B, A, B, A, B whatever the number of players, and
   * the dragon stops after the 6th, on (5,0), although (6,0) is free. */
  MeepleGame *g =
      tu_game(rules, 2, "DG/RFr.v U U U U U DG/RFr.d", FALSE);
  put(g, 0, "place DG/RFr.v @ -1,0 r0");
  for (int x = 1; x <= 5; x++) {
    g_autofree char *p = g_strdup_printf("place U @ %d,0 r0", x);
    turn(g, (guint)(x % 2), p, "pass");
  }
  put(g, 0, "place DG/RFr.d @ 6,0 r0");
  act(g, "pass");
  for (int x = 0; x <= 5; x++) {
    g_autofree char *c = g_strdup_printf("%d,0", x);
    step(g, (guint)(x % 2), c, c, NULL);
  }
  ended(g, 5, 0, 6);
  NO_MEALS();
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-09 */
START_TEST(pd09_dead_end_ends_the_flight_early)
{
  /*            x=0    x=1    x=2    x=3
   *    y=0     D      U0     RFr.d  Rr.d     RFr.d = DG/RFr.d 0, Rr.d =
   *    y=1     B      F.v                    DG/Rr.d 0 (dragon tiles);
   *                                          F.v = DG/F.v (volcano)
   * T1 seat 0: U0; pass.  T2 seat 1: B; pass.  T3 seat 0: the volcano;
   * the dragon on it.
   * T4 seat 1: DG/RFr.d; pass.  Flight 1 from (1,1): seat 1 up (1,0)
   *    (or left, B); seat 0 left to D (or right, the dragon tile); seat 1
   *    down to B, D's only unvisited neighbour.  From B both neighbours
   *    (D and the volcano) were visited in this flight: a dead end, the
   *    flight ends after 3 steps and the dragon stays on B; nobody is
   *    asked for a 4th step.
   * T5 seat 0: DG/Rr.d.  Flight 2 from B: D and the volcano, visited in
   *    the first flight, may be entered again: this is a new flight.
   *    Seat 0 takes the volcano; seat 1 up (1,0) (B is visited); seat 0
   *    right (2,0) (or D); seat 1 right (3,0); from there every side is
   *    empty: a dead end after 4 steps. */
  MeepleGame *g =
      tu_game(rules, 2, "U B DG/F.v DG/RFr.d DG/Rr.d", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "pass");
  turn(g, 1, "place B @ 0,1 r0", "pass");
  put(g, 0, "place DG/F.v @ 1,1 r0");
  dragon_on(g, 1, 1);

  turn(g, 1, "place DG/RFr.d @ 2,0 r0", "pass");
  step(g, 1, "1,0", "1,0", "0,1", NULL);
  step(g, 0, "0,0", "0,0", "2,0", NULL);
  step(g, 1, "0,1", "0,1", NULL);
  ended(g, 0, 1, 3);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, "PD-09"), 3);

  turn(g, 0, "place DG/Rr.d @ 3,0 r0", "pass");
  step(g, 0, "1,1", "0,0", "1,1", NULL);
  step(g, 1, "1,0", "1,0", NULL);
  step(g, 0, "2,0", "0,0", "2,0", NULL);
  step(g, 1, "3,0", "3,0", NULL);
  ended(g, 3, 0, 4);
  NO_MEALS();
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-10 The dragon's menu                                              */
/* ------------------------------------------------------------------ */

/* The board of the two menu tests:
 *            x=-1   x=0  x=1  x=2  x=3  x=4  x=5
 *    y=0     RFr.v  D    U0   L0   A90  B    C.dG0
 * RFr.v = DG/RFr.v 0 (volcano); C.dG = DG/C.dG 0 (dragon tile, cap
 * north, garden).  Every cell of the row has one unvisited neighbour, so
 * the flight from the volcano runs the whole row: 6 steps.
 *   T1 seat 0: the volcano; the dragon on it.
 *   T2 seat 1: U0, robber (the road volcano - D - U - L ends at L).
 *   T3 seat 0: L0, knight in its cap.
 *   T4 seat 1: A90 (its road from L ends at its monastery): monk (or,
 *      with The Abbot, the abbot).
 *   T5 seat 0: B, farmer (the field of B, A, L, U, D, ...).
 *   T6 seat 1: the dragon tile, knight in its cap (its field is the
 *      farmer's).  The flight, seat 1 first: D, then U (seat 0 eats seat
 *      1's robber), L (seat 1 eats seat 0's knight), A (seat 0 eats seat
 *      1's monk or abbot), B (seat 1 eats seat 0's farmer), the dragon
 *      tile (seat 0 eats seat 1's new knight): 6 steps, 5 figures of
 *      every role, each back in its owner's supply. */
static MeepleGame *
menu_game(MeepleRules *r, const char *monk)
{
  MeepleGame *g = tu_game(r, 2, "DG/RFr.v U L A B DG/C.dG", FALSE);
  put(g, 0, "place DG/RFr.v @ -1,0 r0");
  turn(g, 1, "place U @ 1,0 r0", "follower R1");
  turn(g, 0, "place L @ 2,0 r0", "follower C1");
  turn(g, 1, "place A @ 3,0 r90", monk);
  turn(g, 0, "place B @ 4,0 r0", "follower F1");
  ck_assert_uint_eq(home(g, 0, "follower"), 5);
  return g;
}

/* The flight of the menu tests, with its meals checked by the caller. */
static void
menu_flight(MeepleGame *g)
{
  step(g, 1, "0,0", "0,0", NULL);
  step(g, 0, "1,0", "1,0", NULL);
  step(g, 1, "2,0", "2,0", NULL);
  step(g, 0, "3,0", "3,0", NULL);
  step(g, 1, "4,0", "4,0", NULL);
  step(g, 0, "5,0", "5,0", NULL);
  ended(g, 5, 0, 6);
}

/* RULES: PD-10, PD-10.2, PD-07, PD-09, BASE-20.1 */
START_TEST(pd10_robber_knight_monk_and_farmer_are_eaten)
{
  MeepleGame *g = menu_game(rules, "follower M");
  put(g, 1, "place DG/C.dG @ 5,0 r0");
  offers(g, "pass", "follower C1", "fairy-move R1 @ 1,0",
         "fairy-move M @ 3,0", NULL);
  act(g, "follower C1");
  menu_flight(g);
  MEALS(g, { 1, 1, 0, "U", "R1", "follower" },
        { 0, 2, 0, "L", "C1", "follower" },
        { 1, 3, 0, "A", "M", "follower" },
        { 0, 4, 0, "B", "F1", "follower" },
        { 1, 5, 0, "DG/C.dG", "C1", "follower" });
  ck_assert_uint_eq(home(g, 0, "follower"), 7);
  ck_assert_uint_eq(home(g, 1, "follower"), 7);
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    ck_assert(f.owner < 0 || !f.on_board);
  }
  NO_AWARDS();
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-10, X-04, X-12, ABBOT-08 */
START_TEST(pd10_the_abbot_is_eaten)
{
  /* The same row with The Abbot: seat 1 puts its abbot on A's monastery
   * (T4).  On the dragon tile (T6) seat 1 may not put an abbot on the
   * garden (its abbot is on the board) but may take it back or move the
   * fairy to it; it puts a knight in the cap.  The dragon eats the abbot
   * with the rest: it goes back to seat 1's supply. */
  MeepleRules *both = tu_rules_with("princess-dragon,abbot");
  MeepleGame *g = menu_game(both, "abbot M");
  ck_assert_uint_eq(home(g, 1, "abbot"), 0);
  put(g, 1, "place DG/C.dG @ 5,0 r0");
  offers(g, "pass", "follower C1", "fairy-move R1 @ 1,0",
         "fairy-move M @ 3,0", "abbot-return M @ 3,0", NULL);
  act(g, "follower C1");
  menu_flight(g);
  MEALS(g, { 1, 1, 0, "U", "R1", "follower" },
        { 0, 2, 0, "L", "C1", "follower" },
        { 1, 3, 0, "A", "M", "abbot" },
        { 0, 4, 0, "B", "F1", "follower" },
        { 1, 5, 0, "DG/C.dG", "C1", "follower" });
  ck_assert_uint_eq(home(g, 1, "abbot"), 1);
  ck_assert_uint_eq(home(g, 0, "abbot"), 1);
  ck_assert_uint_eq(home(g, 0, "follower"), 7);
  ck_assert_uint_eq(home(g, 1, "follower"), 7);
  NO_AWARDS();
  over(g, 0, 0);
  meeple_game_free(g);
  meeple_rules_unref(both);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-11, PD-23 The fairy                                               */
/* ------------------------------------------------------------------ */

/* RULES: PD-23, PD-23.E1, PD-11, PD-09, PD-10, PD-20, PD-22, PD-24,
 * BASE-22 */
START_TEST(pd23_fairy_tile_is_never_entered)
{
  /* PD-23.E1 verbatim: the tile to the dragon's left holds the fairy, so
   * the dragon must go up, where it eats a blue follower, even when Blue
   * is the player moving it.  Seat 0 plays Blue, seat 1 Red.
   *
   *            x=-1   x=0    x=1    x=2
   *    y=0     U0     D      U0     RFr.d     RFr.d = DG/RFr.d 0 (dragon)
   *    y=1            B      F.v              F.v = DG/F.v (volcano)
   *
   * T1 Blue: U0 (1,0), blue robber.  T2 Red: B (0,1), red monk.
   * T3 Blue: the volcano (1,1); the dragon on it; Blue passes.
   * T4 Red: U0 (-1,0) (road taken); Red moves the fairy to its monk: it
   *    comes from beside the board onto B (rule PD-20).
   * T5 Blue: no fairy point (the fairy is Red's, PD-22).  The dragon
   *    tile east of (1,0); Blue passes (it could take the fairy for its
   *    robber).  The flight:
   *    step 1 Blue, from (1,1): left is the fairy's tile B, right and
   *       down are empty: up only, onto Blue's own robber: eaten.
   *    step 2 Red, from (1,0): D or the dragon tile -> D.
   *    step 3 Blue, from D: down is the fairy's tile again, up is empty:
   *       left (-1,0) only.
   *    step 4 Red, from (-1,0): every side empty or visited: dead end
   *       after 3 steps.
   * The fairy is never eaten (PD-11) and the red monk beside it is safe.
   * Final: the monk's monastery has 4 placed neighbours (U, D, U, the
   * volcano): 5 (BASE-22) + 3 for the fairy's follower (PD-24) = 8 for
   * Red.  0 : 8. */
  MeepleGame *g = tu_game(rules, 2, "U B DG/F.v U DG/RFr.d", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  turn(g, 1, "place B @ 0,1 r0", "follower M");
  put(g, 0, "place DG/F.v @ 1,1 r0");
  offers(g, "pass", "fairy-move R1 @ 1,0", NULL);
  act(g, "pass");
  put(g, 1, "place U @ -1,0 r0");
  offers(g, "pass", "follower F1", "follower F2", "fairy-move M @ 0,1",
         NULL);
  act(g, "fairy-move M @ 0,1");
  neutral_event(g, MEEPLE_EVENT_FIGURE_PLACED, "PD-20", "fairy", 0, 1,
                sg(g, "B", "M"));
  fairy_on(g, 0, 1, "B", "M");

  put(g, 0, "place DG/RFr.d @ 2,0 r0");
  ck_assert_uint_eq(count(MEEPLE_EVENT_POINTS_SCORED, NULL), 0);
  offers(g, "pass", "follower F1", "follower F2", "fairy-move R1 @ 1,0",
         NULL);
  act(g, "pass");
  no_step(g, "0,1");
  step(g, 0, "1,0", "1,0", NULL);
  MEALS(g, { 0, 1, 0, "U", "R1", "follower" });
  step(g, 1, "0,0", "0,0", "2,0", NULL);
  no_step(g, "0,1");
  step(g, 0, "-1,0", "-1,0", NULL);
  ended(g, -1, 0, 3);
  MEALS(g, { 0, 1, 0, "U", "R1", "follower" });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  fairy_on(g, 0, 1, "B", "M");
  ck_assert_uint_eq(on(g, 1, 0, 1, "B", "M"), 1);
  AWARDS({ 1, 5, "BASE-22", CLOISTER }, { 1, 3, "PD-24", CLOISTER });
  over(g, 0, 8);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-12 The dragon's tile is off limits; X-05                          */
/* ------------------------------------------------------------------ */

static const char *const volcanoes[] = { "DG/F.v",  "DG/R.v",  "DG/C.v",
                                         "DG/Rr.v", "DG/RFr.v", "DG/CC.v" };

/* After the volcano turn's tile action: the dragon stands on the tile
 * just placed, and the pending figure decision (of @seat) offers no
 * action that names that cell; "follower SEG" (and, with The Abbot,
 * "abbot SEG") is refused for every segment of the volcano. */
static void
nothing_onto_the_volcano(MeepleGame *g, guint seat, const char *id,
                         gboolean abbot)
{
  const MeepleEvent *placed = event(MEEPLE_EVENT_TILE_PLACED, 0);
  dragon_on(g, placed->x, placed->y);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, seat);
  const MeepleDecision *d = meeple_game_decision(g);
  for (gsize i = 0; i < d->n_actions; i++) {
    ck_assert_uint_ne(d->actions[i].kind, MEEPLE_ACTION_PLACE_FIGURE);
    if (d->actions[i].kind != MEEPLE_ACTION_PASS)
      ck_assert(d->actions[i].x != placed->x || d->actions[i].y != placed->y);
  }
  const MeepleTileType *t = meeple_rules_tile_type(
      meeple_game_rules(g), (guint)tile_index(meeple_game_rules(g), id));
  for (guint s = 0; s < t->n_segments; s++) {
    g_autofree char *f = g_strdup_printf("follower %s", t->segments[s].name);
    refused(g, f);
    if (abbot) {
      g_autofree char *a = g_strdup_printf("abbot %s", t->segments[s].name);
      refused(g, a);
    }
  }
}

/* RULES: PD-12, PD-06, X-05 */
START_TEST(pd12_no_placement_on_any_volcano)
{
  /* For each of the 6 volcano tiles: T1 seat 0 puts U0 east of D and a
   * robber; T2 seat 1 U0 west of D; T3 seat 0 draws the volcano and puts
   * it at the first legal placement the engine lists.  The dragon is on
   * it (PD-05); seat 0's decision is asked (it may move the fairy to its
   * robber) and offers exactly "pass" and that move: no segment of the
   * volcano, whatever it holds (road, city, fields), may receive a
   * follower (PD-06, PD-12). */
  for (guint k = 0; k < G_N_ELEMENTS(volcanoes); k++) {
    g_autofree char *order = g_strdup_printf("U U %s", volcanoes[k]);
    MeepleGame *g = tu_game(rules, 2, order, FALSE);
    turn(g, 0, "place U @ 1,0 r0", "follower R1");
    turn(g, 1, "place U @ -1,0 r0", "pass");
    g_array_set_size(ev, 0);
    decision_is(g, MEEPLE_DECISION_PLACE_TILE, 0);
    const MeepleEvent *e = NULL;
    gsize n = 0;
    ck_assert(meeple_game_apply_index(g, 0, &e, &n, NULL));
    g_array_append_vals(ev, e, (guint)n);
    nothing_onto_the_volcano(g, 0, volcanoes[k], FALSE);
    offers(g, "pass", "fairy-move R1 @ 1,0", NULL);
    meeple_game_free(g);
  }
}
END_TEST

/* RULES: PD-12, X-05, PD-06.1, ABBOT-03, ABBOT-06 */
START_TEST(pd12_no_abbot_onto_the_volcano)
{
  /* With The Abbot, for each volcano: T1 seat 0 puts B below D and its
   * abbot on the monastery; T2 seat 1 U0 east of D; T3 seat 0 puts the
   * volcano at the first legal placement listed.  No volcano has a
   * monastery or a garden, so no abbot placement can name it; the test
   * checks that the decision holds no placement at all and only
   * the actions that put nothing on the volcano: pass, taking the abbot
   * back (PD-06.1) and moving the fairy to it. */
  MeepleRules *both = tu_rules_with("princess-dragon,abbot");
  for (guint k = 0; k < G_N_ELEMENTS(volcanoes); k++) {
    g_autofree char *order = g_strdup_printf("B U %s", volcanoes[k]);
    MeepleGame *g = tu_game(both, 2, order, FALSE);
    turn(g, 0, "place B @ 0,1 r0", "abbot M");
    turn(g, 1, "place U @ 1,0 r0", "pass");
    g_array_set_size(ev, 0);
    const MeepleEvent *e = NULL;
    gsize n = 0;
    ck_assert(meeple_game_apply_index(g, 0, &e, &n, NULL));
    g_array_append_vals(ev, e, (guint)n);
    nothing_onto_the_volcano(g, 0, volcanoes[k], TRUE);
    offers(g, "pass", "abbot-return M @ 0,1", "fairy-move M @ 0,1", NULL);
    meeple_game_free(g);
  }
  meeple_rules_unref(both);
}
END_TEST

/* RULES: PD-12, PD-17.3, PD-16, PD-05, PD-09, BASE-12, BASE-22 */
START_TEST(pd12_the_tile_is_off_limits_not_its_features)
{
  /*            x=-1   x=0    x=1
   *    y=0     RRR.g  D      RFr.d        RRR.g = DG/RRR.g 0 (portal),
   *    y=1            R.v                 RFr.d = DG/RFr.d 0 (dragon),
   *    y=2            U90                 R.v = DG/R.v 0 (volcano)
   * T1 seat 0: the volcano below D (its road ends at the volcano, going
   *    south); the dragon on it; no figure decision.
   * T2 seat 1: U90 below the volcano continues the volcano's road.  The
   *    robber stands on U90, not on the dragon's tile: PD-12 bars the
   *    tile, not the features it shares, so the road and both fields are
   *    offered (BASE-12: nobody holds them); robber.
   * T3 seat 0: the dragon tile east of D; pass.  The dragon flies away:
   *    seat 0 chooses D (U90 would eat the robber); seat 1 the dragon
   *    tile, D's only other neighbour; a dead end: 2 steps.
   * T4 seat 1: the portal west of D.  The volcano is no longer the
   *    dragon's tile: the portal may put a follower there (PD-17.3); its
   *    road is seat 1's, its field (with D's south field and U90's) is
   *    free: farmer through the portal (rule PD-16).
   * Final: the robber's road volcano + U90, ended by the volcano, open
   * south: 2 (BASE-22); the farmer's field borders no completed city
   * (D's cap is open): nothing.  0 : 2. */
  MeepleGame *g =
      tu_game(rules, 2, "DG/R.v U DG/RFr.d DG/RRR.g", FALSE);
  put(g, 0, "place DG/R.v @ 0,1 r0");
  dragon_on(g, 0, 1);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);

  put(g, 1, "place U @ 0,2 r90");
  offers(g, "pass", "follower R1", "follower F1", "follower F2", NULL);
  act(g, "follower R1");
  ck_assert_uint_eq(feat(g, 0, 1, "DG/R.v", "R1").followers[1], 1);
  ck_assert_uint_eq(feat(g, 0, 1, "DG/R.v", "R1").id,
                    feat(g, 0, 2, "U", "R1").id);
  dragon_on(g, 0, 1);

  turn(g, 0, "place DG/RFr.d @ 1,0 r0", "pass");
  step(g, 0, "0,0", "0,0", "0,2", NULL);
  step(g, 1, "1,0", "1,0", NULL);
  ended(g, 1, 0, 2);
  NO_MEALS();

  put(g, 1, "place DG/RRR.g @ -1,0 r0");
  ck_assert(tu_is_legal(g, "portal follower F1 @ 0,1"));
  refused(g, "portal follower R1 @ 0,1");
  act(g, "portal follower F1 @ 0,1");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, "PD-16"), 1);
  ck_assert_uint_eq(on(g, 1, 0, 1, "DG/R.v", "F1"), 1);
  AWARDS({ 1, 2, "BASE-22", ROAD });
  over(g, 0, 2);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *
rules_pd_dragon_suite(void)
{
  Suite *s = suite_create("rules-pd-dragon");
  TCase *tc = NULL;
  /* one test case per rule ID, each with fresh rules */
#define RULE(id)                                                           \
  (tc = tcase_create(id), tcase_add_checked_fixture(tc, setup, teardown),   \
   suite_add_tcase(s, tc))
  RULE("PD-05");
  tcase_add_test(tc, pd05_dragon_jumps_onto_each_volcano_and_eats_nothing);
  RULE("PD-06");
  tcase_add_test(tc, pd06_nothing_on_the_volcano_but_the_fairy_may_move);
  tcase_add_test(tc, pd06_abbot_taken_back_on_a_volcano_turn);
  RULE("PD-07");
  tcase_add_test(tc, pd07_follower_on_the_dragon_tile_is_eaten_before_scoring);
  tcase_add_test(tc, pd07_fairy_moved_instead_of_a_follower);
  RULE("PD-08");
  tcase_add_test(tc, pd08_dragon_tiles_wait_for_the_first_volcano);
  tcase_add_test(tc, pd08_last_tile_a_volcano_brings_the_set_aside_back);
  RULE("AMB-07");
  tcase_add_test(tc, amb07_set_aside_tiles_discarded_at_the_end);
  RULE("PD-09");
  tcase_add_test(tc, pd09_worked_example_four_players);
  tcase_add_test(tc, pd09_two_players_alternate_and_stop_after_six);
  tcase_add_test(tc, pd09_dead_end_ends_the_flight_early);
  RULE("PD-10");
  tcase_add_test(tc, pd10_robber_knight_monk_and_farmer_are_eaten);
  tcase_add_test(tc, pd10_the_abbot_is_eaten);
  RULE("PD-23");
  tcase_add_test(tc, pd23_fairy_tile_is_never_entered);
  RULE("PD-12");
  tcase_add_test(tc, pd12_no_placement_on_any_volcano);
  tcase_add_test(tc, pd12_no_abbot_onto_the_volcano);
  tcase_add_test(tc, pd12_the_tile_is_off_limits_not_its_features);
#undef RULE
  return s;
}

int
main(void)
{
  return tu_run_suite(rules_pd_dragon_suite());
}
