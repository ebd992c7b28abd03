/* test-rules-pd-figures.c — scenario tests of The Princess & the Dragon
 * (RULES §3): the princess (PD-13..PD-15), the magic portal
 * (PD-16..PD-18) and the fairy (PD-19..PD-24), with their interactions
 * with The Abbot (X-12, X-26) and the ambiguities AMB-02, AMB-03, AMB-05.
 *
 * As in test-rules-abbot.c and test-rules-pd-tiles.c, every test builds
 * its board from a fixed tile order (tu_game), plays it by notation and
 * asserts exact points, figure positions and events; every number is
 * worked out by hand from data/tiles/base.tiles and
 * data/tiles/princess-dragon.tiles, and each test draws its board in a
 * comment.
 *
 * Board conventions: the start tile D lies at (0,0) unturned (city cap
 * north, road west-east, field south); x grows east, y grows SOUTH.  A
 * cell is written <tile><degrees>.  A tile turned rN moves its canonical
 * north side N degrees clockwise: side t of a tile turned by q quarter
 * turns shows the canonical side (t - q) mod 4, and half-edge h becomes
 * h + 2q (mod 8, Nw Ne En Es Se Sw Ws Wn).  Edges (N E S W) of the turned
 * tiles used below:
 *   U0    F R F R     U90  R F R F     B    F F F F     W0   F R R R
 *   E90   F C F F     E180 F F C F     E270 F F F C
 *   F90   C F C F*    V180 R R F F     D90  R C R F     D270 R F R C
 *   R180 = Ccc.p180 = O180   F C C C   (one city over E, S and W)
 *   Cc!.p0   C F F C  (princess city N+W)
 *   CCc+.p0  C C C F  (princess on the N cap C1; C2 over E+S is
 *                      another city)
 *   D0 = the start tile's type, Ug0 = U0 with a garden (The Abbot)
 *   RRR.g0   F R R R  (portal; R1:E R2:S R3:W end at the junction)
 *   RFr.v0   F R F R  (volcano)     C.v180  F F C F  (volcano)
 * where Ccc.p = DG/Ccc.p, Cc!.p = DG/Cc!.p, CCc+.p = DG/CCc+.p
 * (princess tiles), RRR.g = DG/RRR.g (portal), RFr.v = DG/RFr.v and
 * C.v = DG/C.v (volcanoes), O = DG/LCcc.d (monastery in a city, a dragon
 * tile).
 *
 * Boards that recur:
 *
 *   The T-board (t_board()), Red = seat 0, Blue = seat 1:
 *              x=-1    x=0     x=1
 *     y=-1     E90     (T5)    E270        E caps face the middle cell
 *     y=0      U0      D       U0
 *   Turns 1-4 put U, U, E, E; the fifth tile, R180 or the princess tile
 *   Ccc.p180 at (0,-1), joins D's cap and both E caps into one city of
 *   4 tiles without pennant and completes it: 2 x 4 = 8 (BASE-17).  Its
 *   own field F1 (Se,Sw turned 180 = Nw,Ne) touches only (0,-2), so it is
 *   a field of its own.  The north field is U(-1,0) F1 + E90 F1 + D F1 +
 *   U(1,0) F1 + E270 F1 (and every later U0 on the row); it borders the
 *   city through D, E90 and E270.  The south field is the F2 of the U's
 *   and of D; it borders nothing.
 *
 *   The three-arm board (three_arms()):
 *              x=-1    x=0     x=1
 *     y=-2     D90     (T6)    D270        caps facing the middle cell
 *     y=-1     U90     F90     U90
 *     y=0              D
 *   F90 carries D's cap north (pennant); D90 and D270 are caps whose roads
 *   run south into the U90s.  R180 or Ccc.p180 at (0,-2) joins them all:
 *   D + F90 + (0,-2) + D90 + D270 = 5 tiles + 1 pennant, completed:
 *   (5 + 1) x 2 = 12.  Knights: seat 0 on F90 and D270, seat 1 on D90.
 *
 * Decisions and events of the rule set are found by name (doc/plugins.md):
 * decision kinds "princess" and "dragon-step", event type
 * "dragon-flight-ended", figure types "fairy", "dragon" (and "abbot").
 * The fairy +1 (PD-22) of a turn is emitted when that turn starts, i.e. in
 * the events of the action that ended the previous turn; put() clears
 * them, so tests look for them before the next put().
 */
#include "scenario.h"
#include "testutil.h"

#include <stdarg.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static MeepleRules *rules;   /* base + P&D (+ The Abbot) */
static guint PRINCESS;       /* decision kind "princess" */
static guint DRAGON_STEP;    /* decision kind "dragon-step" */
static guint FLIGHT_ENDED;   /* event type "dragon-flight-ended" */
static guint FAIRY, DRAGON;  /* neutral figure types */
static guint ABBOT;          /* figure type "abbot" (The Abbot only) */

#define CITY MEEPLE_KIND_CITY
#define ROAD MEEPLE_KIND_ROAD
#define FIELD MEEPLE_KIND_FIELD
#define CLOISTER MEEPLE_KIND_MONASTERY
#define GARDEN MEEPLE_KIND_GARDEN
#define NONE MEEPLE_SEGMENT_NONE

#define CCC_P "DG/Ccc.p"
#define CC_P "DG/Cc!.p"
#define PORTAL "DG/RRR.g"
#define O_TILE "DG/LCcc.d"

static guint
figure_type(const char *name)
{
  int t = meeple_rules_find_figure_type(rules, name);
  ck_assert_msg(t > 0, "no figure type %s", name);
  return (guint)t;
}

static void
resolve(void)
{
  gboolean p = FALSE, s = FALSE, e = FALSE;
  for (guint k = 0; k < meeple_rules_n_decision_kinds(rules); k++) {
    const char *name = meeple_rules_decision_kind(rules, k)->name;
    if (strcmp(name, "princess") == 0)
      PRINCESS = k, p = TRUE;
    else if (strcmp(name, "dragon-step") == 0)
      DRAGON_STEP = k, s = TRUE;
  }
  for (guint t = 0; t < meeple_rules_n_event_types(rules); t++)
    if (strcmp(meeple_rules_event_type_name(rules, t),
               "dragon-flight-ended") == 0)
      FLIGHT_ENDED = t, e = TRUE;
  ck_assert(p && s && e);
  FAIRY = figure_type("fairy");
  DRAGON = figure_type("dragon");
}

static void
setup(void)
{
  rules = tu_rules_with("princess-dragon");
  resolve();
  scenario_setup();
}

static void
setup_abbot(void)
{
  rules = tu_rules_with("princess-dragon,abbot");
  resolve();
  ABBOT = figure_type("abbot");
  scenario_setup();
}

static void
teardown(void)
{
  scenario_teardown();
  meeple_rules_unref(rules);
}

static guint
home(const MeepleGame *g, guint seat)
{
  return meeple_game_supply(g, seat, MEEPLE_FIGURE_FOLLOWER);
}

/* The one neutral figure of @type. */
static MeepleFigureInfo
neutral(const MeepleGame *g, guint type)
{
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.owner < 0 && f.type == type)
      return f;
  }
  ck_abort_msg("no neutral figure of type %u", type);
  return (MeepleFigureInfo){ 0 };
}

/* The fairy stands at (x, y) on @segment (NONE: on the tile, alone). */
static void
fairy_is(const MeepleGame *g, int x, int y, guint segment)
{
  MeepleFigureInfo f = neutral(g, FAIRY);
  ck_assert_msg(f.on_board && f.x == x && f.y == y && f.segment == segment,
                "fairy %s at %d,%d segment %u; expected %d,%d segment %u",
                f.on_board ? "on the board" : "beside the board", f.x, f.y,
                f.segment, x, y, segment);
}

static void
fairy_beside(const MeepleGame *g)
{
  ck_assert(!neutral(g, FAIRY).on_board);
}

/* Turns in which the active player places each tile of the NULL-ended
 * list and passes. */
G_GNUC_NULL_TERMINATED static void
passes(MeepleGame *g, ...)
{
  va_list ap;
  va_start(ap, g);
  for (const char *p; (p = va_arg(ap, const char *));)
    turn(g, meeple_game_active_player(g), p, "pass");
  va_end(ap);
}

/* Position in ev of the @nth event of @type (fails when missing). */
static guint
at(guint type, guint nth)
{
  const MeepleEvent *e = tu_find_event(evs(), ev->len, type, nth);
  ck_assert_msg(e != NULL, "no event #%u of type %u", nth, type);
  return (guint)(e - evs());
}


/* An event names seat @seat (-1: neutral), figure @figure and the cell,
 * segment and segment kind (the kind is 0 for a figure on the tile). */
static void
figure_event_is(const MeepleEvent *e, int seat, guint figure, guint kind,
                int x, int y, guint segment, const char *rule)
{
  ck_assert_int_eq(e->player, seat);
  ck_assert_uint_eq(e->figure, figure);
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_uint_eq(e->segment, segment);
  if (segment != NONE)
    ck_assert_uint_eq(e->kind, kind);
  ck_assert_str_eq(e->rule, rule);
}

/* Cell of an award that is not checked: a road, city or field event
 * names some tile of the feature. */
#define ANY ANY_CELL

#define AWARDS(...) SCENARIO_AWARDS(TRUE, __VA_ARGS__)

/* The last turn-started event in ev is @seat's, and @points fairy points
 * (PD-22) follow it, all @seat's (0: none at all). */
static void
turn_starts(guint seat, int points)
{
  guint last = G_MAXUINT;
  for (guint i = 0; i < ev->len; i++)
    if (evs()[i].type == MEEPLE_EVENT_TURN_STARTED)
      last = i;
  ck_assert_msg(last != G_MAXUINT, "no turn started");
  ck_assert_int_eq(evs()[last].player, (int)seat);
  int got = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type != MEEPLE_EVENT_POINTS_SCORED ||
        g_strcmp0(e->rule, "PD-22") != 0)
      continue;
    ck_assert_msg(i > last, "a PD-22 point before the turn started");
    ck_assert_int_eq(e->player, (int)seat);
    got += e->points;
  }
  ck_assert_int_eq(got, points);
}

/* The pending decision holds @n actions. */
static void
n_offered(MeepleGame *g, gsize n)
{
  ck_assert_uint_eq(meeple_game_decision(g)->n_actions, n);
}

/* Each NULL-ended action is offered (the list may hold more). */
G_GNUC_NULL_TERMINATED static void
offered(MeepleGame *g, ...)
{
  va_list ap;
  va_start(ap, g);
  for (const char *t; (t = va_arg(ap, const char *));)
    ck_assert_msg(tu_is_legal(g, t), "'%s' is not offered", t);
  va_end(ap);
}

/* Actions of the pending decision of plugin kind @name. */
static guint
n_of_kind(MeepleGame *g, const char *name)
{
  int kind = meeple_rules_find_action_kind(rules, name);
  ck_assert_int_ge(kind, 0);
  const MeepleDecision *d = meeple_game_decision(g);
  guint n = 0;
  for (gsize i = 0; i < d->n_actions; i++)
    n += d->actions[i].kind == (guint)kind;
  return n;
}

/* The T-board, turns 1-4 (see the top): U0 (-1,0) and U0 (1,0), then
 * E90 (-1,-1) and E270 (1,-1), each with the figure action given. */
static void
t_board(MeepleGame *g, const char *t1, const char *t2, const char *t3,
        const char *t4)
{
  turn(g, 0, "place U @ -1,0 r0", t1);
  turn(g, 1, "place U @ 1,0 r0", t2);
  turn(g, 0, "place E @ -1,-1 r90", t3);
  turn(g, 1, "place E @ 1,-1 r270", t4);
}

/* The three-arm board, turns 1-5 (see the top). */
static void
three_arms(MeepleGame *g)
{
  turn(g, 0, "place F @ 0,-1 r90", "follower C1");
  turn(g, 1, "place U @ -1,-1 r90", "pass");
  turn(g, 0, "place U @ 1,-1 r90", "pass");
  turn(g, 1, "place D @ -1,-2 r90", "follower C1");
  turn(g, 0, "place D @ 1,-2 r270", "follower C1");
}

/* ------------------------------------------------------------------ */
/* PD-13 Princess: sending a knight home                                */
/* ------------------------------------------------------------------ */

/* RULES: PD-13, PD-14, PD-15.1, BASE-14, BASE-17, BASE-19 */
START_TEST(pd13_one_removal_per_knight_own_included)
{
  /* T-board (see the top); Red (seat 0) has a knight in E90's cap, Blue
   * (seat 1) in E270's.  Turn 5: Red puts the princess tile Ccc.p180 at
   * (0,-1); her city joins D's cap and both caps, so the city holds two
   * knights: the "princess" decision is Red's and offers one removal per
   * knight, Red's own included, and "pass".  Red sends home his own
   * knight (PD-13 allows it): it returns to Red's supply (7 again), and
   * no figure decision follows (PD-14).  The city is completed: Blue
   * alone has a knight in it and scores 2 x 4 = 8.  Turn 6: Blue's U0 at
   * (2,0); the game ends with nothing left on the board: 0 : 8. */
  MeepleGame *g = tu_game(rules, 2, "U U E E " CCC_P " U", FALSE);
  t_board(g, "pass", "pass", "follower C1", "follower C1");
  ck_assert_uint_eq(home(g, 0), 6);
  ck_assert_uint_eq(home(g, 1), 6);

  put(g, 0, "place " CCC_P " @ 0,-1 r180");
  decision_is(g, PRINCESS, 0);
  offers(g, "pass", "princess-remove C1 @ -1,-1", "princess-remove C1 @ 1,-1",
         NULL);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  /* the city is joined already when she acts */
  MeepleFeatureInfo city = feat(g, 0, -1, CCC_P, "C1");
  ck_assert(city.completed);
  ck_assert_uint_eq(city.tiles, 4);
  ck_assert_uint_eq(city.followers[0], 1);
  ck_assert_uint_eq(city.followers[1], 1);

  act(g, "princess-remove C1 @ -1,-1");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "PD-13"), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 0,
                  MEEPLE_FIGURE_FOLLOWER, CITY, -1, -1, sg(g, "E", "C1"),
                  "PD-13");
  /* PD-14: no figure action follows; the city is scored for Blue */
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert_uint_lt(at(MEEPLE_EVENT_FIGURE_RETURNED, 0),
                    at(MEEPLE_EVENT_FEATURE_COMPLETED, 0));
  AWARDS({ 1, 8, "BASE-17", CITY, ANY, ANY });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 1), 1,
                  MEEPLE_FIGURE_FOLLOWER, CITY, 1, -1, sg(g, "E", "C1"),
                  "BASE-19");
  ck_assert_uint_eq(home(g, 0), 7);
  ck_assert_uint_eq(home(g, 1), 7);

  turn(g, 1, "place U @ 2,0 r0", "pass");
  NO_AWARDS();
  over(g, 0, 8);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-13, PD-14, PD-15.1, BASE-14, BASE-17 */
START_TEST(pd13_three_knights_three_removals)
{
  /* Three-arm board (see the top): seat 0 has knights on F90 (0,-1) and
   * D270 (1,-2), seat 1 on D90 (-1,-2).  Turn 6: seat 1 puts the princess
   * tile Ccc.p180 at (0,-2), joining all three arms: exactly one
   * "princess-remove" per knight (three, one of them seat 1's own) and
   * "pass".  Seat 1 removes seat 0's knight at (1,-2): seat 0 keeps one
   * knight, seat 1 has one, a tie (BASE-14): both score (5 + 1) x 2 =
   * 12.  No figure decision that turn (PD-14). */
  MeepleGame *g = tu_game(rules, 2, "F U U D D " CCC_P, FALSE);
  three_arms(g);
  put(g, 1, "place " CCC_P " @ 0,-2 r180");
  decision_is(g, PRINCESS, 1);
  offers(g, "pass", "princess-remove C1 @ 0,-1", "princess-remove C1 @ -1,-2",
         "princess-remove C1 @ 1,-2", NULL);
  act(g, "princess-remove C1 @ 1,-2");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "PD-13"), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 0,
                  MEEPLE_FIGURE_FOLLOWER, CITY, 1, -2, sg(g, "D", "C1"),
                  "PD-13");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert_int_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->arg, 5);
  AWARDS({ 0, 12, "BASE-17", CITY, ANY, ANY },
         { 1, 12, "BASE-17", CITY, ANY, ANY });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 2);
  over(g, 12, 12);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-13, BASE-11, BASE-17, BASE-19 */
START_TEST(pd13_empty_city_no_decision)
{
  /* T-board without any follower: the princess tile joins a city that
   * holds no knight, so no "princess" decision is asked; the figure
   * decision comes at once and is the normal one: a knight on her city
   * (unoccupied; it is completed by this tile and scored at once,
   * BASE-19) or a farmer on her own field F1.  Red takes the knight:
   * 2 x 4 = 8. */
  MeepleGame *g = tu_game(rules, 2, "U U E E " CCC_P, FALSE);
  t_board(g, "pass", "pass", "pass", "pass");
  put(g, 0, "place " CCC_P " @ 0,-1 r180");
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 0);
  offers(g, "pass", "follower C1", "follower F1", NULL);
  act(g, "follower C1");
  AWARDS({ 0, 8, "BASE-17", CITY, ANY, ANY });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "PD-13"), 0);
  over(g, 8, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-13, PD-02, BASE-11, BASE-12, BASE-17 */
START_TEST(pd13_only_the_princess_city_counts)
{
  /*            x=0       x=1
   *    y=-1    CCc+.p0   E270
   *    y=0     D         U0
   * DG/CCc+.p has two cities: the princess stands on the north cap C1;
   * C2 (E and S, pennant) is another city.  Turn 1: seat 0's U0 at
   * (1,0).  Turn 2: seat 1's knight in E270 at (1,-1).  Turn 3: seat 0's
   * CCc+.p0 at (0,-1): C2 joins D's cap and seat 1's cap and completes
   * them, but the princess's own city C1 stays empty: no "princess"
   * decision.  Seat 0 may take the princess cap or a field, not C2.
   * C2's city: D + CCc+.p + E270, 3 tiles + 1 pennant: (3 + 1) x 2 = 8
   * to seat 1.  0 : 8. */
  MeepleGame *g = tu_game(rules, 2, "U E DG/CCc+.p", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "pass");
  turn(g, 1, "place E @ 1,-1 r270", "follower C1");
  put(g, 0, "place DG/CCc+.p @ 0,-1 r0");
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 0);
  offers(g, "pass", "follower C1", "follower F1", "follower F2", NULL);
  refused(g, "follower C2");
  refused(g, "princess-remove C1 @ 1,-1");
  act(g, "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "PD-13"), 0);
  ck_assert_int_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->arg, 3);
  AWARDS({ 1, 8, "BASE-17", CITY, ANY, ANY });
  over(g, 0, 8);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-14 Princess: cost of the removal                                  */
/* ------------------------------------------------------------------ */

/* RULES: PD-14, PD-14.E1, PD-14.1, AMB-05, AMB-01, PD-13, PD-20, X-26 */
START_TEST(pd14_e1_red_sends_blue_home)
{
  /* PD-14.E1: "Red places a princess tile and sends Blue's knight home;
   * Red may put none of his figures on that tile this turn, nor anywhere
   * else, nor move the fairy."  T-board, Red (seat 0) knight in E90 at
   * (-1,-1), Blue (seat 1) knight in E270 at (1,-1).  Turn 5: Red's
   * princess tile Ccc.p180 at (0,-1), Red removes Blue's knight.  Had Red
   * passed, the figure decision would offer a farmer on the princess
   * tile's field and the fairy beside Red's knight (checked on a clone);
   * after the removal no figure decision is asked at all: the next
   * decision is Blue's tile.  The city is completed with Red's knight
   * alone: 2 x 4 = 8 for Red.  Turn 6: Blue's U0 at (2,0); 8 : 0. */
  MeepleGame *g = tu_game(rules, 2, "U U E E " CCC_P " U", FALSE);
  t_board(g, "pass", "pass", "follower C1", "follower C1");
  put(g, 0, "place " CCC_P " @ 0,-1 r180");
  decision_is(g, PRINCESS, 0);

  MeepleGame *other = meeple_game_clone(g);
  tu_act(other, "pass", NULL);
  decision_is(other, MEEPLE_DECISION_PLACE_FIGURE, 0);
  offers(other, "pass", "follower F1", "fairy-move C1 @ -1,-1", NULL);
  meeple_game_free(other);

  act(g, "princess-remove C1 @ 1,-1");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 1,
                  MEEPLE_FIGURE_FOLLOWER, CITY, 1, -1, sg(g, "E", "C1"),
                  "PD-13");
  ck_assert_uint_eq(home(g, 1), 7);
  /* no figure decision: Blue's tile is next, nothing was put anywhere */
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, NULL), 0);
  ck_assert_uint_eq(on(g, 0, 0, -1, CCC_P, "F1"), 0);
  fairy_beside(g);
  ck_assert_uint_eq(home(g, 0), 7); /* his knight came back, scored */
  AWARDS({ 0, 8, "BASE-17", CITY, ANY, ANY });

  turn(g, 1, "place U @ 2,0 r0", "pass");
  over(g, 8, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-14.2, PD-14.3, PD-13, AMB-03, PD-21, PD-22, PD-24, PD-20 */
START_TEST(pd14_fairy_neither_protects_nor_pays)
{
  /* T-board with knights of Red (seat 0, E90) and Blue (seat 1, E270).
   * Turn 5: Red's U0 at (2,0), pass.  Turn 6: Blue's U0 at (-2,0) and the
   * fairy beside Blue's knight (first placement: figure-placed, PD-20).
   * Turn 7 (Red's, so no fairy point): Red's princess tile; PD-14.2: the
   * fairy does not protect, Blue's knight is offered and sent home
   * (PD-13); the fairy stays on E270's tile, attached to nobody
   * (figure-moved, AMB-03, on the tile).  PD-14.3: the city is completed
   * and scored with Red's knight only: 8 for Red, nothing for Blue, no
   * fairy +3.  Turn 8 starts Blue's turn: the lone fairy gives no point
   * (PD-22).  8 : 0. */
  MeepleGame *g = tu_game(rules, 2, "U U E E U U " CCC_P " U", FALSE);
  t_board(g, "pass", "pass", "follower C1", "follower C1");
  put(g, 0, "place U @ 2,0 r0");
  offers(g, "pass", "follower R1", "follower F1", "follower F2",
         "fairy-move C1 @ -1,-1", NULL);
  act(g, "pass");
  put(g, 1, "place U @ -2,0 r0");
  offers(g, "pass", "follower R1", "follower F1", "follower F2",
         "fairy-move C1 @ 1,-1", NULL);
  act(g, "fairy-move C1 @ 1,-1");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), -1, FAIRY, CITY, 1,
                  -1, sg(g, "E", "C1"), "PD-20");
  fairy_is(g, 1, -1, sg(g, "E", "C1"));
  turn_starts(0, 0);

  put(g, 0, "place " CCC_P " @ 0,-1 r180");
  decision_is(g, PRINCESS, 0);
  offers(g, "pass", "princess-remove C1 @ -1,-1", "princess-remove C1 @ 1,-1",
         NULL);
  act(g, "princess-remove C1 @ 1,-1");
  guint back = at(MEEPLE_EVENT_FIGURE_RETURNED, 0);
  figure_event_is(&evs()[back], 1, MEEPLE_FIGURE_FOLLOWER, CITY, 1, -1,
                  sg(g, "E", "C1"), "PD-13");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, NULL), 1);
  guint moved = at(MEEPLE_EVENT_FIGURE_MOVED, 0);
  ck_assert_uint_eq(moved, back + 1);
  figure_event_is(&evs()[moved], -1, FAIRY, 0, 1, -1, NONE, "AMB-03");
  fairy_is(g, 1, -1, NONE);
  AWARDS({ 0, 8, "BASE-17", CITY, ANY, ANY });
  ck_assert_uint_eq(count(MEEPLE_EVENT_POINTS_SCORED, "PD-24"), 0);
  turn_starts(1, 0);

  turn(g, 1, "place U @ 3,0 r0", "pass");
  fairy_is(g, 1, -1, NONE);
  over(g, 8, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-14.4, PD-14, PD-13, PD-20, PD-20.3, PD-24, AMB-03, BASE-14 */
START_TEST(pd14_4_pass_keeps_the_figure_action)
{
  /* T-board with knights of Red (seat 0) and Blue (seat 1).  Turn 5:
   * Red's princess tile joins the occupied city; Red removes nobody
   * ("pass").  PLACE_FIGURE is then normal: a farmer on the princess
   * tile's field F1, or the fairy beside Red's knight.  Red moves the
   * fairy (figure-placed, PD-20); the city, completed by this very tile,
   * is scored at once: tie, 8 each, and Red's knight has the fairy:
   * +3 (PD-20.3, PD-24).  Both knights go home; the fairy stays on E90's
   * tile (AMB-03).  11 : 8. */
  MeepleGame *g = tu_game(rules, 2, "U U E E " CCC_P, FALSE);
  t_board(g, "pass", "pass", "follower C1", "follower C1");
  put(g, 0, "place " CCC_P " @ 0,-1 r180");
  decision_is(g, PRINCESS, 0);
  act(g, "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 0);
  offers(g, "pass", "follower F1", "fairy-move C1 @ -1,-1", NULL);
  act(g, "fairy-move C1 @ -1,-1");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), -1, FAIRY, CITY, -1,
                  -1, sg(g, "E", "C1"), "PD-20");
  AWARDS({ 0, 8, "BASE-17", CITY, ANY, ANY },
         { 1, 8, "BASE-17", CITY, ANY, ANY },
         { 0, 3, "PD-24", CITY, -1, -1 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 2);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_MOVED, 0), -1, FAIRY, 0, -1, -1,
                  NONE, "AMB-03");
  fairy_is(g, -1, -1, NONE);
  over(g, 11, 8);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-15 Who is a knight                                                */
/* ------------------------------------------------------------------ */

/* RULES: PD-15.1, PD-15.2, PD-13, BASE-22, BASE-23, BASE-25 */
START_TEST(pd15_only_followers_in_the_city_are_knights)
{
  /* T-board: turn 1 Red's (seat 0) robber on U(-1,0)'s road, turn 2
   * Blue's (seat 1) farmer on U(1,0)'s south field F2, turn 3 Red's
   * knight in E90, turn 4 Blue's farmer on E270's field F1 (the north
   * field).  Turn 5: Red's princess tile joins the city: only the
   * follower standing in the city is a knight; the robber and the
   * farmers on the same tiles are not offered.  Red passes twice.  The
   * city is scored: 8 to Red.  End: road U + D + U, 3 tiles: 3 to Red
   * (BASE-22); the north field borders the completed city once: 3 to
   * Blue (BASE-23); the south field borders no city: 0, no event.
   * 11 : 3. */
  MeepleGame *g = tu_game(rules, 2, "U U E E " CCC_P, FALSE);
  t_board(g, "follower R1", "follower F2", "follower C1", "follower F1");
  put(g, 0, "place " CCC_P " @ 0,-1 r180");
  decision_is(g, PRINCESS, 0);
  offers(g, "pass", "princess-remove C1 @ -1,-1", NULL);
  refused(g, "princess-remove R1 @ -1,0");
  refused(g, "princess-remove F2 @ 1,0");
  refused(g, "princess-remove F1 @ 1,-1");
  act(g, "pass");
  offers(g, "pass", "follower F1", "fairy-move R1 @ -1,0",
         "fairy-move C1 @ -1,-1", NULL);
  act(g, "pass");
  AWARDS({ 0, 8, "BASE-17", CITY, ANY, ANY },
         { 0, 3, "BASE-22", ROAD, ANY, ANY },
         { 1, 3, "BASE-23", FIELD, ANY, ANY });
  over(g, 11, 3);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-15.1, PD-03, PD-13, PD-05, PD-06, PD-09, BASE-22 */
START_TEST(pd15_monk_on_o_is_no_knight)
{
  /*            x=-1    x=0     x=1     x=2
   *    y=-1    E90     O180    Cc!.p0
   *    y=0     U0      D       RFr.v0  U0
   * Tile O (DG/LCcc.d) is a dragon tile, so a volcano comes first.
   * Turn 1: seat 0's volcano RFr.v0 at (1,0): the dragon appears there
   * (figure-placed, PD-05); nothing may go on that tile and seat 0 has
   * no follower for the fairy, so no figure decision is asked (PD-06).
   * Turns 2-4: U0 (2,0), U0 (-1,0), E90 (-1,-1) with seat 1's knight.
   * Turn 5: seat 0's O180 at (0,-1): its city joins D's cap and E90's
   * (occupied), its monastery is a feature of its own: seat 0 puts a
   * monk there (PD-03).  The dragon flies (O is a dragon tile): from
   * (1,0) seat 0 may go to D or to U(2,0); U(2,0) has no unvisited
   * neighbour, so the flight ends after 1 step and eats nothing.
   * Turn 6: seat 1's princess tile Cc!.p0 at (1,-1) joins O's city: the
   * only knight is seat 1's own; the monk on O's monastery is not one
   * (PD-15.1).  Seat 1 passes twice.  End: city D + O + E90 + Cc!.p =
   * 4 tiles: 4 to seat 1; O's monastery has 5 neighbours (E90, Cc!.p,
   * U, D, RFr.v): 1 + 5 = 6 to seat 0 (cities before monasteries,
   * BASE-25).  6 : 4. */
  MeepleGame *g = tu_game(rules, 2, "DG/RFr.v U U E " O_TILE " " CC_P, FALSE);
  put(g, 0, "place DG/RFr.v @ 1,0 r0");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), -1, DRAGON, 0, 1, 0,
                  NONE, "PD-05");
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  turn(g, 1, "place U @ 2,0 r0", "pass");
  turn(g, 0, "place U @ -1,0 r0", "pass");
  turn(g, 1, "place E @ -1,-1 r90", "follower C1");

  put(g, 0, "place " O_TILE " @ 0,-1 r180");
  offers(g, "pass", "follower M", "follower F1", NULL);
  act(g, "follower M");
  decision_is(g, DRAGON_STEP, 0);
  offers(g, "dragon-move @ 0,0", "dragon-move @ 2,0", NULL);
  act(g, "dragon-move @ 2,0");
  const MeepleEvent *end = event(FLIGHT_ENDED, 0);
  ck_assert_int_eq(end->x, 2);
  ck_assert_int_eq(end->y, 0);
  ck_assert_int_eq(end->arg, 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  ck_assert_uint_eq(on(g, 0, 0, -1, O_TILE, "M"), 1);

  put(g, 1, "place " CC_P " @ 1,-1 r0");
  decision_is(g, PRINCESS, 1);
  offers(g, "pass", "princess-remove C1 @ -1,-1", NULL);
  refused(g, "princess-remove M @ 0,-1");
  act(g, "pass");
  offers(g, "pass", "follower F1", "follower F2", "fairy-move C1 @ -1,-1",
         NULL);
  act(g, "pass");
  AWARDS({ 1, 4, "BASE-22", CITY, ANY, ANY },
         { 0, 6, "BASE-22", CLOISTER, 0, -1 });
  over(g, 6, 4);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-16 Magic portal                                                   */
/* ------------------------------------------------------------------ */

/* RULES: PD-16, PD-16.E1, PD-16.1, PD-17, PD-17.2, BASE-22 */
START_TEST(pd16_e1_knight_into_an_empty_city_far_right)
{
  /* PD-16.E1: "Red places the portal tile on the left and puts a knight
   * into a still-empty city on the right side of the board."
   *            x=-1    x=0     x=1     x=2
   *    y=0     RRR.g0  D       U0      D0
   * Turn 1 Red (seat 0) U0 at (1,0), turn 2 Blue (seat 1) a second D at
   * (2,0): its cap is an empty, unfinished city on the right.  Turn 3:
   * Red's portal RRR.g0 at (-1,0), its east road joins D's.  Nothing is
   * occupied or completed, so the figure decision offers:
   *   pass                                                         1
   *   the portal tile's own six segments (ordinary placements)    6
   *   through the portal, every segment of every other tile:
   *     D (0,0) C1 R1 F1 F2, U (1,0) R1 F1 F2, D (2,0) C1 R1 F1 F2 11
   * = 18 (the farmer targets are PD-16.1; Red has no follower on the
   * board, so no fairy move; the portal tile itself is no portal target,
   * PD-17.2).  Red's knight goes into the city at (2,0) (figure-placed,
   * PD-16).  End: that city, 1 tile: 1 point to Red. */
  MeepleGame *g = tu_game(rules, 2, "U D " PORTAL, FALSE);
  turn(g, 0, "place U @ 1,0 r0", "pass");
  turn(g, 1, "place D @ 2,0 r0", "pass");
  put(g, 0, "place " PORTAL " @ -1,0 r0");
  offers(g, "pass", "follower R1", "follower R2", "follower R3",
         "follower F1", "follower F2", "follower F3",
         "portal follower C1 @ 0,0", "portal follower R1 @ 0,0",
         "portal follower F1 @ 0,0", "portal follower F2 @ 0,0",
         "portal follower R1 @ 1,0", "portal follower F1 @ 1,0",
         "portal follower F2 @ 1,0",
         "portal follower C1 @ 2,0", "portal follower R1 @ 2,0",
         "portal follower F1 @ 2,0", "portal follower F2 @ 2,0", NULL);
  refused(g, "portal follower R1 @ -1,0");
  act(g, "portal follower C1 @ 2,0");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), 0,
                  MEEPLE_FIGURE_FOLLOWER, CITY, 2, 0, sg(g, "D", "C1"),
                  "PD-16");
  ck_assert_uint_eq(on(g, 0, 2, 0, "D", "C1"), 1);
  ck_assert_uint_eq(home(g, 0), 6);
  AWARDS({ 0, 1, "BASE-22", CITY, 2, 0 });
  over(g, 1, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-16.1, PD-16, PD-17, BASE-12, BASE-23 */
START_TEST(pd16_1_farmer_into_any_unoccupied_field)
{
  /* The board of PD-16.E1, but Blue (seat 1) puts a farmer on the north
   * field of the D at (2,0) (D F1 + U F1 + D F1, later also the portal
   * tile's F1).  Red's portal turn: the 18 actions less the occupied
   * north field (the portal tile's own F1 and the three F1 targets) =
   * 14; every south-field segment is offered, on every tile.  Red's
   * farmer goes to the far right, (2,0) F2.  Turn 4: Blue's E180 at
   * (2,-1) completes the city of (2,0) (nobody in it: no points).  End:
   * the north field borders that completed city (through (2,0) F1):
   * 3 to Blue; the south field borders no city: 0 for Red, no event. */
  MeepleGame *g = tu_game(rules, 2, "U D " PORTAL " E", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "pass");
  turn(g, 1, "place D @ 2,0 r0", "follower F1");
  put(g, 0, "place " PORTAL " @ -1,0 r0");
  n_offered(g, 14);
  offered(g, "follower F2", "portal follower F2 @ 0,0",
          "portal follower F2 @ 1,0", "portal follower F2 @ 2,0", NULL);
  refused(g, "follower F1");
  refused(g, "portal follower F1 @ 0,0");
  refused(g, "portal follower F1 @ 1,0");
  refused(g, "portal follower F1 @ 2,0");
  act(g, "portal follower F2 @ 2,0");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), 0,
                  MEEPLE_FIGURE_FOLLOWER, FIELD, 2, 0, sg(g, "D", "F2"),
                  "PD-16");
  MeepleFeatureInfo south = feat(g, -1, 0, PORTAL, "F2");
  ck_assert_uint_eq(south.followers[0], 1);
  ck_assert_uint_eq(south.followers[1], 0);
  ck_assert_uint_eq(feat(g, -1, 0, PORTAL, "F1").followers[1], 1);
  turn(g, 1, "place E @ 2,-1 r180", "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  AWARDS({ 1, 3, "BASE-23", FIELD, ANY, ANY });
  over(g, 0, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-17 Portal targets                                                 */
/* ------------------------------------------------------------------ */

/* RULES: PD-17, PD-17.1, PD-17.2, PD-16, PD-16.1, PD-20, BASE-10,
 * BASE-12, BASE-22, BASE-25 */
START_TEST(pd17_occupied_and_completed_never_offered)
{
  /*            x=-1    x=0     x=1
   *    y=0     U0      D       RRR.g0   (turn 8, the portal)
   *    y=1     E270    B       V180
   *    y=2     E270    E180    E90
   * Turns: 1 seat 0 B (0,1), nobody on it; 2 seat 1 U0 (-1,0) with a
   * robber; 3 seat 0 E270 (-1,1) with a knight; 4 seat 1 E270 (-1,2)
   * with a farmer on the big field; 5 seat 0 E180 (0,2); 6 seat 1 V180
   * (1,1); 7 seat 0 E90 (1,2).  Turn 8: seat 1's portal RRR.g0 at (1,0)
   * is B's 8th neighbour: the monastery is completed by the portal tile
   * itself and is no target (PD-17.1).  Features then:
   *   road U + D + portal R3 (seat 1's robber)            occupied
   *   road portal R1 (east), road portal R2 + V180 R1      free
   *   north field U F1 + D F1 + portal F1                  free
   *   field portal F2 + V180 F2 (inside V's curve)         free
   *   the big field: U F2, D F2, B, all E fields, V180 F1,
   *     portal F3 (seat 1's farmer)                        occupied
   *   caps: D, E270 (-1,2), E180, E90 free; E270 (-1,1) seat 0's
   * Offered: pass; on the portal tile R1 R2 F1 F2 (4); through the
   * portal U F1, D C1 F1, E270 (-1,2) C1, E180 C1, V180 R1 F2, E90 C1
   * (8); the fairy beside seat 1's robber or farmer (2): 15.  Never an
   * occupied feature, own (robber, farmer) or not (the knight), never
   * the completed monastery.  Seat 1's knight goes into D's cap.  End:
   * road 3 tiles: 3 to seat 1; caps (0,0) and (-1,1): 1 each (cities
   * in reading order); the big field borders no completed city: 0.
   * 1 : 4. */
  MeepleGame *g = tu_game(rules, 2, "B U E E E V E " PORTAL, FALSE);
  turn(g, 0, "place B @ 0,1 r0", "pass");
  turn(g, 1, "place U @ -1,0 r0", "follower R1");
  turn(g, 0, "place E @ -1,1 r270", "follower C1");
  turn(g, 1, "place E @ -1,2 r270", "follower F1");
  passes(g, "place E @ 0,2 r180", "place V @ 1,1 r180", "place E @ 1,2 r90",
         NULL);
  put(g, 1, "place " PORTAL " @ 1,0 r0");
  ck_assert(feat(g, 0, 1, "B", "M").completed);
  offers(g, "pass", "follower R1", "follower R2", "follower F1",
         "follower F2",
         "portal follower F1 @ -1,0",
         "portal follower C1 @ 0,0", "portal follower F1 @ 0,0",
         "portal follower C1 @ -1,2", "portal follower C1 @ 0,2",
         "portal follower R1 @ 1,1", "portal follower F2 @ 1,1",
         "portal follower C1 @ 1,2",
         "fairy-move R1 @ -1,0", "fairy-move F1 @ -1,2", NULL);
  refused(g, "portal follower M @ 0,1");  /* completed by this tile */
  refused(g, "portal follower C1 @ -1,1"); /* seat 0's knight */
  refused(g, "portal follower R1 @ -1,0"); /* own robber */
  refused(g, "portal follower F1 @ 0,1");  /* own farmer's field */
  refused(g, "portal follower R1 @ 0,0");
  refused(g, "follower R3");
  refused(g, "follower F3");
  act(g, "portal follower C1 @ 0,0");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), 1,
                  MEEPLE_FIGURE_FOLLOWER, CITY, 0, 0, sg(g, "D", "C1"),
                  "PD-16");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  ck_assert_uint_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->kind, CLOISTER);
  AWARDS({ 1, 3, "BASE-22", ROAD, ANY, ANY },
         { 1, 1, "BASE-22", CITY, 0, 0 },
         { 0, 1, "BASE-22", CITY, -1, 1 });
  over(g, 1, 4);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-17.3, PD-17, PD-16.1, PD-12, PD-05, PD-06, X-05, BASE-09,
 * BASE-23 */
START_TEST(pd17_3_volcano_without_the_dragon)
{
  /*            x=-1    x=0     x=1
   *    y=-1            C.v180
   *    y=0     RRR.g0  D       RFr.v0
   * Turn 1: seat 0's volcano RFr.v0 at (1,0): the dragon appears there
   * (PD-05); nothing may go on that tile and seat 0 has no follower, so
   * no figure decision (PD-06).  Turn 2: seat 1's volcano C.v180 at
   * (0,-1) closes D's cap (a completed city of 2 tiles, empty: no
   * points) and the dragon jumps to it (figure-moved, PD-05); again no
   * figure decision.  Turn 3: seat 0's portal RRR.g0 at (-1,0):
   *   pass; the portal tile's six segments (all free)            7
   *   D (0,0): R1 F1 F2 (C1 is completed)                        3
   *   RFr.v (1,0), the volcano the dragon left: R1 F1 F2         3
   *   C.v (0,-1), the dragon's tile: nothing (C1 is completed,
   *     F1 is on the dragon's tile, PD-12)                       0
   * = 13.  Seat 0's farmer goes through the portal onto the first
   * volcano's north field (RFr.v F1 + D F1 + portal F1).  End: that
   * field borders D's completed city: 3 to seat 0 (BASE-23). */
  MeepleGame *g = tu_game(rules, 2, "DG/RFr.v DG/C.v " PORTAL, FALSE);
  put(g, 0, "place DG/RFr.v @ 1,0 r0");
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  put(g, 1, "place DG/C.v @ 0,-1 r180");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_MOVED, 0), -1, DRAGON, 0, 0, -1,
                  NONE, "PD-05");
  NO_AWARDS();
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 0);

  put(g, 0, "place " PORTAL " @ -1,0 r0");
  offers(g, "pass", "follower R1", "follower R2", "follower R3",
         "follower F1", "follower F2", "follower F3",
         "portal follower R1 @ 0,0", "portal follower F1 @ 0,0",
         "portal follower F2 @ 0,0",
         "portal follower R1 @ 1,0", "portal follower F1 @ 1,0",
         "portal follower F2 @ 1,0", NULL);
  refused(g, "portal follower F1 @ 0,-1"); /* the dragon's tile */
  refused(g, "portal follower C1 @ 0,-1");
  refused(g, "portal follower C1 @ 0,0"); /* completed */
  act(g, "portal follower F1 @ 1,0");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), 0,
                  MEEPLE_FIGURE_FOLLOWER, FIELD, 1, 0,
                  sg(g, "DG/RFr.v", "F1"), "PD-16");
  AWARDS({ 0, 3, "BASE-23", FIELD, ANY, ANY });
  over(g, 3, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-18 Figures that may use the portal (with The Abbot: X-12)         */
/* ------------------------------------------------------------------ */

/* The abbot portal board (The Abbot enabled):
 *            x=-1    x=0     x=1
 *    y=0     RRR.g0  D       Ug0
 *    y=1             B
 * Turn 1 seat 0 B (0,1), turn 2 seat 1 Ug0 (1,0) (a U with a garden),
 * both empty; turn 3: seat 0's portal RRR.g0 at (-1,0).  Nothing is
 * occupied or completed.  Offered:
 *   pass; the portal tile's six segments (no monastery or garden on it,
 *     so no abbot there)                                            7
 *   D (0,0): C1 R1 F1 F2 (followers only)                           4
 *   B (0,1): M (a follower or the abbot), F1                        3
 *   Ug (1,0): R1 F1 F2 (followers), G (the abbot only, ABBOT-04)    4
 * = 18. */
static void
abbot_portal_board(MeepleGame *g)
{
  turn(g, 0, "place B @ 0,1 r0", "pass");
  turn(g, 1, "place Ug @ 1,0 r0", "pass");
  put(g, 0, "place " PORTAL " @ -1,0 r0");
  offers(g, "pass", "follower R1", "follower R2", "follower R3",
         "follower F1", "follower F2", "follower F3",
         "portal follower C1 @ 0,0", "portal follower R1 @ 0,0",
         "portal follower F1 @ 0,0", "portal follower F2 @ 0,0",
         "portal follower M @ 0,1", "portal abbot M @ 0,1",
         "portal follower F1 @ 0,1",
         "portal follower R1 @ 1,0", "portal follower F1 @ 1,0",
         "portal follower F2 @ 1,0", "portal abbot G @ 1,0", NULL);
  /* never a road, city or field for the abbot; never a garden for a
   * normal follower */
  refused(g, "portal abbot C1 @ 0,0");
  refused(g, "portal abbot R1 @ 0,0");
  refused(g, "portal abbot F2 @ 0,0");
  refused(g, "portal abbot F1 @ 0,1");
  refused(g, "portal abbot R1 @ 1,0");
  refused(g, "portal follower G @ 1,0");
  refused(g, "abbot R1");
}

/* RULES: PD-18, PD-18.1, X-12, PD-16, ABBOT-03, ABBOT-07, ABBOT-08 */
START_TEST(pd18_abbot_through_the_portal_to_a_monastery)
{
  /* Abbot portal board (above).  Seat 0 sends its abbot through the
   * portal onto B's monastery (figure-placed, PD-16, figure abbot).
   * End: B has 3 neighbours (portal, D, Ug): 1 + 3 = 4 under ABBOT-07. */
  MeepleGame *g = tu_game(rules, 2, "B Ug " PORTAL, FALSE);
  abbot_portal_board(g);
  act(g, "portal abbot M @ 0,1");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), 0, ABBOT, CLOISTER,
                  0, 1, sg(g, "B", "M"), "PD-16");
  ck_assert_uint_eq(meeple_game_supply(g, 0, ABBOT), 0);
  ck_assert_uint_eq(home(g, 0), 7);
  AWARDS({ 0, 4, "ABBOT-07", CLOISTER, 0, 1 });
  over(g, 4, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-12 The abbot with P&D                                              */
/* ------------------------------------------------------------------ */

/* RULES: X-12, PD-18.1, PD-16, ABBOT-02, ABBOT-04, ABBOT-07 */
START_TEST(x12_abbot_through_the_portal_to_a_garden)
{
  /* Abbot portal board (above).  Seat 0 sends its abbot through the
   * portal onto the garden of Ug at (1,0).  End: the garden has 2
   * neighbours (D, B): 1 + 2 = 3 under ABBOT-07. */
  MeepleGame *g = tu_game(rules, 2, "B Ug " PORTAL, FALSE);
  abbot_portal_board(g);
  act(g, "portal abbot G @ 1,0");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), 0, ABBOT, GARDEN, 1,
                  0, sg(g, "Ug", "G"), "PD-16");
  AWARDS({ 0, 3, "ABBOT-07", GARDEN, 1, 0 });
  over(g, 3, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-19 Fairy: status                                                  */
/* ------------------------------------------------------------------ */

/* RULES: PD-19, PD-01, PD-20, PD-21, PD-24, BASE-22 */
START_TEST(pd19_fairy_beside_the_board_until_moved)
{
  /*            x=-1    x=0     x=1     x=2
   *    y=0     U0      D       U0      U0
   * The fairy, neutral, starts beside the board (so does the dragon).
   * Turn 1: seat 0's robber on U (1,0).  Turn 2: seat 1 has no follower
   * on the board, so no fairy move is offered (PD-20.1).  Turn 3:
   * seat 0 moves the fairy next to its robber: its first placement is a
   * figure-placed event of nobody (player -1) citing PD-20; it is no
   * follower (the road still counts one follower).  End: road of 4
   * tiles, 4 to seat 0, and the fairy's +3 (PD-24).  7 : 0. */
  MeepleGame *g = tu_game(rules, 2, "U U U", FALSE);
  fairy_beside(g);
  ck_assert(!neutral(g, DRAGON).on_board);
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  put(g, 1, "place U @ -1,0 r0");
  offers(g, "pass", "follower F1", "follower F2", NULL);
  act(g, "pass");
  fairy_beside(g);
  put(g, 0, "place U @ 2,0 r0");
  offers(g, "pass", "follower F1", "follower F2", "fairy-move R1 @ 1,0",
         NULL);
  act(g, "fairy-move R1 @ 1,0");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, NULL), 0);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), -1, FAIRY, ROAD, 1,
                  0, sg(g, "U", "R1"), "PD-20");
  fairy_is(g, 1, 0, sg(g, "U", "R1"));
  ck_assert_uint_eq(feat(g, 1, 0, "U", "R1").followers[0], 1);
  ck_assert_uint_eq(home(g, 0), 6);
  AWARDS({ 0, 4, "BASE-22", ROAD, ANY, ANY },
         { 0, 3, "PD-24", ROAD, 1, 0 });
  over(g, 7, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-20 Fairy: moving it                                               */
/* ------------------------------------------------------------------ */

/* RULES: PD-20, PD-20.1, AMB-02, X-26, PD-21, PD-22, PD-24, BASE-22,
 * BASE-23 */
START_TEST(pd20_one_move_per_own_follower)
{
  /* A row of U0 along D's road, x = -3..4:
   *   turn 1 seat 0 U (1,0): robber R1 (the road)
   *   turn 2 seat 1 U (-1,0): no follower of its own on the board, so
   *          no fairy move (PD-20.1); farmer on the north field F1
   *   turn 3 seat 0 U (2,0): the fairy could go to the robber, but
   *          seat 0 puts a farmer on the south field instead
   *   turn 4 seat 1 U (-2,0): only "pass" and the fairy to its farmer
   *   turn 5 seat 0 U (3,0): road and fields are taken: the fairy to the
   *          robber or the farmer, never to seat 1's farmer; seat 0
   *          moves it to its farmer: the turn's figure action, no
   *          follower is placed (AMB-02, X-26)
   *   turn 6 seat 1 U (-3,0): passes; turn 7 starts: +1 to seat 0
   *   turn 7 seat 0 U (4,0): the fairy may go only to the robber (not
   *          to the farmer it stands at); it moves (figure-moved, PD-20)
   * End: road x = -3..4, 8 tiles: 8 to seat 0 + 3 for the fairy; both
   * fields border only D's open cap: 0, no event.  1 + 8 + 3 = 12 : 0. */
  MeepleGame *g = tu_game(rules, 2, "U U U U U U U", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  put(g, 1, "place U @ -1,0 r0");
  offers(g, "pass", "follower F1", "follower F2", NULL);
  act(g, "follower F1");
  put(g, 0, "place U @ 2,0 r0");
  offers(g, "pass", "follower F2", "fairy-move R1 @ 1,0", NULL);
  act(g, "follower F2");
  fairy_beside(g);
  put(g, 1, "place U @ -2,0 r0");
  offers(g, "pass", "fairy-move F1 @ -1,0", NULL);
  act(g, "pass");

  put(g, 0, "place U @ 3,0 r0");
  offers(g, "pass", "fairy-move R1 @ 1,0", "fairy-move F2 @ 2,0", NULL);
  refused(g, "fairy-move F1 @ -1,0");
  act(g, "fairy-move F2 @ 2,0");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), -1, FAIRY, FIELD, 2,
                  0, sg(g, "U", "F2"), "PD-20");
  ck_assert_uint_eq(home(g, 0), 5);
  fairy_is(g, 2, 0, sg(g, "U", "F2"));

  put(g, 1, "place U @ -3,0 r0");
  offers(g, "pass", "fairy-move F1 @ -1,0", NULL);
  act(g, "pass");
  turn_starts(0, 1);
  put(g, 0, "place U @ 4,0 r0");
  offers(g, "pass", "fairy-move R1 @ 1,0", NULL);
  refused(g, "fairy-move F2 @ 2,0");
  act(g, "fairy-move R1 @ 1,0");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_MOVED, 0), -1, FAIRY, ROAD, 1, 0,
                  sg(g, "U", "R1"), "PD-20");
  AWARDS({ 0, 8, "BASE-22", ROAD, ANY, ANY },
         { 0, 3, "PD-24", ROAD, 1, 0 });
  over(g, 12, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-20.3, PD-20, PD-24, AMB-03, BASE-16, BASE-19 */
START_TEST(pd20_3_onto_a_follower_completed_this_turn)
{
  /*            x=-1    x=0     x=1     x=2
   *    y=0     W0      D       W0      U0
   * Turn 1: seat 0's W0 at (1,0), robber on R3 (its west arm, D's
   * road).  Turn 2: seat 1's U0 at (2,0).  Turn 3: seat 0's W0 at
   * (-1,0) ends D's road at both junctions: W R1 + D + W R3, 3 tiles,
   * completed by this tile.  Offered: the new W's two other roads R2
   * and R3, its three fields, and the fairy to the robber.
   * Seat 0 moves the fairy: the road is scored at once, 3, and the
   * fairy's 3 (PD-20.3).  The robber goes home, the fairy stays on
   * (1,0) (AMB-03).  6 : 0. */
  MeepleGame *g = tu_game(rules, 2, "W U W", FALSE);
  turn(g, 0, "place W @ 1,0 r0", "follower R3");
  turn(g, 1, "place U @ 2,0 r0", "pass");
  put(g, 0, "place W @ -1,0 r0");
  offers(g, "pass", "follower R2", "follower R3", "follower F1",
         "follower F2", "follower F3", "fairy-move R3 @ 1,0", NULL);
  act(g, "fairy-move R3 @ 1,0");
  ck_assert_uint_lt(at(MEEPLE_EVENT_FIGURE_PLACED, 0),
                    at(MEEPLE_EVENT_FEATURE_COMPLETED, 0));
  AWARDS({ 0, 3, "BASE-16", ROAD, ANY, ANY },
         { 0, 3, "PD-24", ROAD, 1, 0 });
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 0,
                  MEEPLE_FIGURE_FOLLOWER, ROAD, 1, 0, sg(g, "W", "R3"),
                  "BASE-19");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_MOVED, 0), -1, FAIRY, 0, 1, 0,
                  NONE, "AMB-03");
  fairy_is(g, 1, 0, NONE);
  over(g, 6, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-21 Fairy: attachment                                              */
/* ------------------------------------------------------------------ */

/* RULES: PD-21, PD-20, PD-22, PD-24, PD-16, PD-17, BASE-17, BASE-22 */
START_TEST(pd21_one_follower_not_its_tile)
{
  /*            x=-3    x=-2 x=-1  x=0  x=1  x=2  x=3  x=4  x=5
   *    y=-1                                  E180
   *    y=0     RRR.g0  U0   U0    D    U0   D0   U0   U0   U0
   * Turn 3: seat 0's second D at (2,0) with a knight in its cap.
   * Turn 5: seat 0's portal at (-3,0); through it a robber onto the
   * road of the same tile (2,0) (the knight's own city is occupied and
   * not offered).  Turn 7: seat 0 may move the fairy to either of its
   * two followers on (2,0); it goes to the robber.  Turn 8: seat 1's
   * E180 at (2,-1) completes the city of (2,0): 2 x 2 = 4 to seat 0's
   * knight, which stands on the fairy's tile but is not the fairy's
   * follower: no +3, and the fairy does not move (no figure-moved).
   * Turn 9 starts: +1 for the robber's owner.  Turn 9: the robber is
   * seat 0's only follower and already has the fairy: no fairy move.
   * End: road x = -3..5, 9 tiles: 9 + 3.  4 + 1 + 9 + 3 = 17 : 0. */
  MeepleGame *g =
      tu_game(rules, 2, "U U D U " PORTAL " U U E U", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "pass");
  turn(g, 1, "place U @ -1,0 r0", "pass");
  turn(g, 0, "place D @ 2,0 r0", "follower C1");
  turn(g, 1, "place U @ -2,0 r0", "pass");
  put(g, 0, "place " PORTAL " @ -3,0 r0");
  offered(g, "portal follower R1 @ 2,0", "fairy-move C1 @ 2,0", NULL);
  refused(g, "portal follower C1 @ 2,0");
  act(g, "portal follower R1 @ 2,0");
  turn(g, 1, "place U @ 3,0 r0", "pass");
  put(g, 0, "place U @ 4,0 r0");
  offers(g, "pass", "follower F1", "follower F2", "fairy-move C1 @ 2,0",
         "fairy-move R1 @ 2,0", NULL);
  act(g, "fairy-move R1 @ 2,0");
  fairy_is(g, 2, 0, sg(g, "D", "R1"));

  turn(g, 1, "place E @ 2,-1 r180", "pass");
  AWARDS({ 0, 4, "BASE-17", CITY, ANY, ANY }, { 0, 1, "PD-22", ROAD, 2, 0 });
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 0,
                  MEEPLE_FIGURE_FOLLOWER, CITY, 2, 0, sg(g, "D", "C1"),
                  "BASE-19");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, NULL), 0);
  fairy_is(g, 2, 0, sg(g, "D", "R1"));
  turn_starts(0, 1);

  put(g, 0, "place U @ 5,0 r0");
  offers(g, "pass", "follower F1", "follower F2", NULL);
  act(g, "pass");
  AWARDS({ 0, 9, "BASE-22", ROAD, ANY, ANY },
         { 0, 3, "PD-24", ROAD, 2, 0 });
  over(g, 17, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-22 Fairy: 1 point at the start of the turn                        */
/* ------------------------------------------------------------------ */

/* RULES: PD-22, PD-20, PD-21, PD-24, PD-24.3, BASE-22, BASE-23 */
START_TEST(pd22_point_only_at_the_owners_turn)
{
  /* A row of U0, x = -4..4.  Turn 1 seat 0 robber on U (1,0); turn 2
   * seat 1 farmer on U (-1,0)'s north field; turn 3 seat 0 moves the
   * fairy to its robber.  Starts of turns: 4 (seat 1) nothing, 5
   * (seat 0) +1, 6 (seat 1) nothing.  Turn 6: seat 1 moves the fairy to
   * its own farmer.  Starts: 7 (seat 0) nothing, 8 (seat 1) +1.  End:
   * road 9 tiles, 9 to seat 0 (no fairy any more); seat 1's field
   * borders only D's open cap, 0 points (no event), but its farmer has
   * the fairy: +3 all the same (PD-24.3).  1 + 9 = 10 : 1 + 3 = 4. */
  MeepleGame *g = tu_game(rules, 2, "U U U U U U U U", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  turn(g, 1, "place U @ -1,0 r0", "follower F1");
  turn(g, 0, "place U @ 2,0 r0", "fairy-move R1 @ 1,0");
  turn_starts(1, 0);
  turn(g, 1, "place U @ -2,0 r0", "pass");
  turn_starts(0, 1);
  const MeepleEvent *e = event(MEEPLE_EVENT_POINTS_SCORED, 0);
  ck_assert_int_eq(e->x, 1);
  ck_assert_int_eq(e->y, 0);
  ck_assert_uint_eq(e->kind, ROAD);
  turn(g, 0, "place U @ 3,0 r0", "pass");
  turn_starts(1, 0);
  put(g, 1, "place U @ -3,0 r0");
  offers(g, "pass", "follower F2", "fairy-move F1 @ -1,0", NULL);
  act(g, "fairy-move F1 @ -1,0");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_MOVED, 0), -1, FAIRY, FIELD, -1,
                  0, sg(g, "U", "F1"), "PD-20");
  turn_starts(0, 0);
  put(g, 0, "place U @ 4,0 r0");
  offers(g, "pass", "follower F2", "fairy-move R1 @ 1,0", NULL);
  act(g, "pass");
  turn_starts(1, 1);
  ck_assert_int_eq(meeple_game_score(g, 0), 1);
  ck_assert_int_eq(meeple_game_score(g, 1), 1);
  turn(g, 1, "place U @ -4,0 r0", "pass");
  AWARDS({ 0, 9, "BASE-22", ROAD, ANY, ANY },
         { 1, 3, "PD-24", FIELD, -1, 0 });
  over(g, 10, 4);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* PD-24 Fairy: 3 points when its follower's feature is scored          */
/* ------------------------------------------------------------------ */

/* RULES: PD-24, PD-24.E1, PD-24.3, PD-21, PD-20, AMB-03, BASE-14,
 * BASE-17 */
START_TEST(pd24_e1_tie_eight_and_eleven)
{
  /* PD-24.E1: "Blue places a tile that closes a city worth 8; Blue and
   * Red tie; Blue scores 8, Red (with the fairy) 8 + 3 = 11."  T-board,
   * Red = seat 0 (knight in E90), Blue = seat 1 (knight in E270); Blue's
   * knight shares the feature but is not the fairy's (PD-21).  Turn
   * 5: Red's U0 at (2,0) and the fairy beside Red's knight.  Turn 6 (no
   * fairy point: it is Blue's turn): Blue's R180 at (0,-1) closes the
   * city of 4 tiles: 8 each, Red +3.  Both knights go home, the fairy
   * stays on E90's tile.  11 : 8. */
  MeepleGame *g = tu_game(rules, 2, "U U E E U R", FALSE);
  t_board(g, "pass", "pass", "follower C1", "follower C1");
  turn(g, 0, "place U @ 2,0 r0", "fairy-move C1 @ -1,-1");
  turn_starts(1, 0);
  put(g, 1, "place R @ 0,-1 r180");
  offers(g, "pass", "follower F1", "fairy-move C1 @ 1,-1", NULL);
  act(g, "pass");
  ck_assert_int_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->arg, 4);
  AWARDS({ 0, 8, "BASE-17", CITY, ANY, ANY },
         { 1, 8, "BASE-17", CITY, ANY, ANY },
         { 0, 3, "PD-24", CITY, -1, -1 });
  /* scored, +3, then the followers go home and the fairy stays */
  ck_assert_uint_lt(at(MEEPLE_EVENT_POINTS_SCORED, 2),
                    at(MEEPLE_EVENT_FIGURE_RETURNED, 0));
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 2);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_MOVED, 0), -1, FAIRY, 0, -1, -1,
                  NONE, "AMB-03");
  fairy_is(g, -1, -1, NONE);
  over(g, 11, 8);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-24.2, PD-24, PD-22, PD-20, BASE-17, BASE-23 */
START_TEST(pd24_2_final_scoring_of_a_field)
{
  /* T-board: turn 2 Blue (seat 1) farmer on U (1,0)'s north field, turn
   * 3 Red (seat 0) knight in E90, turn 4 Blue's E270 and the fairy
   * beside Blue's farmer.  Turn 5: Red's R180 closes the city: 8 to Red.
   * Turn 6 starts: +1 for Blue.  Turn 6: Blue's U0 at (2,0).  End: the
   * north field borders the completed city: 3 to Blue (BASE-23), and its
   * farmer has the fairy: +3 (PD-24.2).  8 : 1 + 3 + 3 = 7. */
  MeepleGame *g = tu_game(rules, 2, "U U E E R U", FALSE);
  t_board(g, "pass", "follower F1", "follower C1", "fairy-move F1 @ 1,0");
  fairy_is(g, 1, 0, sg(g, "U", "F1"));
  put(g, 0, "place R @ 0,-1 r180");
  offers(g, "pass", "follower F1", "fairy-move C1 @ -1,-1", NULL);
  act(g, "pass");
  AWARDS({ 0, 8, "BASE-17", CITY, ANY, ANY }, { 1, 1, "PD-22", FIELD, 1, 0 });
  turn_starts(1, 1);
  turn(g, 1, "place U @ 2,0 r0", "pass");
  AWARDS({ 1, 3, "BASE-23", FIELD, ANY, ANY },
         { 1, 3, "PD-24", FIELD, 1, 0 });
  over(g, 8, 7);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-24.3, PD-24, BASE-14, BASE-17, AMB-03 */
START_TEST(pd24_3_outvoted_follower_still_gets_three)
{
  /* Three-arm board (see the top): seat 0 knights on F90 and D270,
   * seat 1 on D90.  Turn 6: seat 1's B at (2,-1) and the fairy beside
   * its knight at (-1,-2).  Turn 7: seat 0's R180 at (0,-2) completes
   * the city: (5 + 1) x 2 = 12 to seat 0 (2 knights against 1); seat 1
   * scores nothing for the city but its knight has the fairy: +3.
   * 12 : 3. */
  MeepleGame *g = tu_game(rules, 2, "F U U D D B R", FALSE);
  three_arms(g);
  put(g, 1, "place B @ 2,-1 r0");
  offered(g, "pass", "fairy-move C1 @ -1,-2", NULL);
  ck_assert_uint_eq(n_of_kind(g, "fairy-move"), 1);
  act(g, "fairy-move C1 @ -1,-2");
  turn_starts(0, 0);
  put(g, 0, "place R @ 0,-2 r180");
  offers(g, "pass", "follower F1", "fairy-move C1 @ 0,-1",
         "fairy-move C1 @ 1,-2", NULL);
  act(g, "pass");
  AWARDS({ 0, 12, "BASE-17", CITY, ANY, ANY },
         { 1, 3, "PD-24", CITY, -1, -2 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 3);
  fairy_is(g, -1, -2, NONE);
  over(g, 12, 3);
  meeple_game_free(g);
}
END_TEST

/* The monastery frame of test-rules-abbot.c (The Abbot enabled):
 *            x=-1    x=0     x=1
 *    y=0     U0      D       U0
 *    y=1     E270    B       E90
 *    y=2     E270    E180    E90
 * Every cap points outwards and stays open, every road stays open: only
 * B's monastery can complete (with the 8th tile, E90 at (1,2)).
 * Turn 1: seat 0's abbot on B; turn 2: seat 1's U0 (-1,0); turn 3:
 * seat 0's U0 (1,0): the figure decision offers a follower on its road
 * and both fields, taking the abbot back, or the fairy beside the abbot
 * (X-12); seat 0 moves the fairy.  Turn 4: seat 1's E270 (-1,1). */
static void
abbot_frame_start(MeepleGame *g)
{
  turn(g, 0, "place B @ 0,1 r0", "abbot M");
  turn(g, 1, "place U @ -1,0 r0", "pass");
  put(g, 0, "place U @ 1,0 r0");
  offers(g, "pass", "follower R1", "follower F1", "follower F2",
         "abbot-return M @ 0,1", "fairy-move M @ 0,1", NULL);
  act(g, "fairy-move M @ 0,1");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), -1, FAIRY, CLOISTER,
                  0, 1, sg(g, "B", "M"), "PD-20");
  turn(g, 1, "place E @ -1,1 r270", "pass");
  turn_starts(0, 1);
}

/* RULES: PD-24.4, ABBOT-06, X-12, X-26, PD-22, AMB-03 */
START_TEST(pd24_4_abbot_taken_back_gets_no_bonus)
{
  /* Abbot frame, turns 1-4 (above); turn 5 starts with +1 for seat 0.
   * Turn 5: seat 0's E90 at (1,1); seat 0 takes the abbot back: 1 + 5
   * placed neighbours (U, D, U, E270, E90) = 6 (ABBOT-06), no fairy +3
   * (PD-24.4); the fairy stays on B's tile, alone (AMB-03).  Turn 6 and
   * turn 7 (seat 0's again): no fairy point.  1 + 6 = 7 : 0. */
  MeepleGame *g = tu_game(rules, 2, "B U U E E E E", FALSE);
  abbot_frame_start(g);
  put(g, 0, "place E @ 1,1 r90");
  offers(g, "pass", "follower C1", "follower F1", "abbot-return M @ 0,1",
         NULL);
  act(g, "abbot-return M @ 0,1");
  AWARDS({ 0, 6, "ABBOT-06", CLOISTER, 0, 1 });
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 0, ABBOT,
                  CLOISTER, 0, 1, sg(g, "B", "M"), "ABBOT-06");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_MOVED, 0), -1, FAIRY, 0, 0, 1,
                  NONE, "AMB-03");
  fairy_is(g, 0, 1, NONE);
  ck_assert_uint_eq(meeple_game_supply(g, 0, ABBOT), 1);
  turn(g, 1, "place E @ -1,2 r270", "pass");
  turn_starts(0, 0);
  turn(g, 0, "place E @ 0,2 r180", "pass");
  over(g, 7, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-24.4, PD-24, X-12, ABBOT-05, PD-22, AMB-03, BASE-10 */
START_TEST(pd24_4_abbot_on_completed_monastery_gets_bonus)
{
  /* Abbot frame, turns 1-4 (above), then turns 5-8 place E90 (1,1),
   * E270 (-1,2), E180 (0,2) and E90 (1,2), all passing; turns 5 and 7
   * start with +1 for seat 0.  Turn 8 (seat 1) completes B: 9 to seat 0
   * (ABBOT-05) and the fairy's +3 (its abbot was not taken back but
   * scored); the abbot goes home, the fairy stays (AMB-03).
   * 1 + 1 + 9 + 3 = 14 : 0. */
  MeepleGame *g = tu_game(rules, 2, "B U U E E E E E", FALSE);
  abbot_frame_start(g);
  turn(g, 0, "place E @ 1,1 r90", "pass");
  turn(g, 1, "place E @ -1,2 r270", "pass");
  turn_starts(0, 1);
  turn(g, 0, "place E @ 0,2 r180", "pass");
  turn(g, 1, "place E @ 1,2 r90", "pass");
  AWARDS({ 0, 9, "ABBOT-05", CLOISTER, 0, 1 },
         { 0, 3, "PD-24", CLOISTER, 0, 1 });
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 0, ABBOT,
                  CLOISTER, 0, 1, sg(g, "B", "M"), "BASE-19");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_MOVED, 0), -1, FAIRY, 0, 0, 1,
                  NONE, "AMB-03");
  over(g, 14, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* AMB-03 Fairy whose follower left                                     */
/* ------------------------------------------------------------------ */

/* RULES: AMB-03, PD-21, PD-22, PD-20, PD-24, PD-24.2, BASE-16, BASE-22 */
START_TEST(amb03_fairy_stays_alone_until_moved)
{
  /*            x=-3 x=-2 x=-1  x=0  x=1  x=2  x=3  x=4  x=5
   *    y=0     U0   U0   W0    D    W0   U0   U0   U0   U0
   * Turn 1: seat 0's W0 at (1,0), robber on R3 (D's road).  Turn 3:
   * seat 0 moves the fairy to it.  Turn 4: seat 1's W0 at (-1,0) closes
   * D's road (W R1 + D + W R3): 3 + 3 to seat 0; the robber goes home
   * and the fairy stays on (1,0), alone (figure-moved AMB-03, on the
   * tile).  Turn 5 starts without a fairy point; seat 0's robber on the
   * east road (W R1 + U + U + U, open).  Turn 7 starts without a point
   * either; seat 0 moves the lone fairy from (1,0) to that robber
   * (figure-moved, PD-20).  End: road W R1 + U (2..5), 5 tiles: 5 + 3.
   * 3 + 3 + 5 + 3 = 14 : 0. */
  MeepleGame *g = tu_game(rules, 2, "W U U W U U U U", FALSE);
  turn(g, 0, "place W @ 1,0 r0", "follower R3");
  turn(g, 1, "place U @ 2,0 r0", "pass");
  turn(g, 0, "place U @ 3,0 r0", "fairy-move R3 @ 1,0");
  turn(g, 1, "place W @ -1,0 r0", "pass");
  AWARDS({ 0, 3, "BASE-16", ROAD, ANY, ANY },
         { 0, 3, "PD-24", ROAD, 1, 0 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, NULL), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_MOVED, 0), -1, FAIRY, 0, 1, 0,
                  NONE, "AMB-03");
  ck_assert_uint_eq(at(MEEPLE_EVENT_FIGURE_MOVED, 0),
                    at(MEEPLE_EVENT_FIGURE_RETURNED, 0) + 1);
  fairy_is(g, 1, 0, NONE);
  turn_starts(0, 0);
  turn(g, 0, "place U @ 4,0 r0", "follower R1");
  turn(g, 1, "place U @ -2,0 r0", "pass");
  turn_starts(0, 0);
  put(g, 0, "place U @ 5,0 r0");
  offers(g, "pass", "follower F1", "follower F2", "fairy-move R1 @ 4,0",
         NULL);
  act(g, "fairy-move R1 @ 4,0");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_MOVED, 0), -1, FAIRY, ROAD, 4, 0,
                  sg(g, "U", "R1"), "PD-20");
  turn(g, 1, "place U @ -3,0 r0", "pass");
  AWARDS({ 0, 5, "BASE-22", ROAD, ANY, ANY },
         { 0, 3, "PD-24", ROAD, 4, 0 });
  over(g, 14, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-26 The fairy move is the turn's figure action                      */
/* ------------------------------------------------------------------ */

/* RULES: X-26, AMB-02, X-12, PD-20, PD-20.2, PD-22, PD-24, ABBOT-06,
 * ABBOT-07, BASE-22, BASE-25 */
START_TEST(x26_fairy_move_excludes_abbot_return_and_placement)
{
  /* Abbot frame, turns 1-4 (above): in turn 3 the figure decision held
   * a follower placement, the abbot's return and the fairy move side by
   * side; seat 0 chose the fairy, so nothing else happened: no follower
   * left the supply, the abbot stayed, no ABBOT-06 points.  Turn 5
   * starts with +1.  Turn 5: seat 0's E90 at (1,1); the fairy, already
   * beside the abbot, has no other follower to go to; seat 0 puts a
   * knight in the cap (and so neither takes the abbot back nor moves
   * the fairy).  End: the cap, 1 tile: 1 (BASE-22); the abbot's
   * monastery has 5 neighbours: 6 (ABBOT-07) and the fairy's +3.
   * 1 + 1 + 6 + 3 = 11 : 0. */
  MeepleGame *g = tu_game(rules, 2, "B U U E E", FALSE);
  turn(g, 0, "place B @ 0,1 r0", "abbot M");
  turn(g, 1, "place U @ -1,0 r0", "pass");
  put(g, 0, "place U @ 1,0 r0");
  offers(g, "pass", "follower R1", "follower F1", "follower F2",
         "abbot-return M @ 0,1", "fairy-move M @ 0,1", NULL);
  act(g, "fairy-move M @ 0,1");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 1);
  ck_assert_int_eq(event(MEEPLE_EVENT_FIGURE_PLACED, 0)->player, -1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  NO_AWARDS();
  ck_assert_uint_eq(home(g, 0), 7);
  ck_assert_uint_eq(meeple_game_supply(g, 0, ABBOT), 0);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  turn(g, 1, "place E @ -1,1 r270", "pass");
  turn_starts(0, 1);
  put(g, 0, "place E @ 1,1 r90");
  offers(g, "pass", "follower C1", "follower F1", "abbot-return M @ 0,1",
         NULL);
  act(g, "follower C1");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_MOVED, NULL), 0);
  fairy_is(g, 0, 1, sg(g, "B", "M"));
  AWARDS({ 0, 1, "BASE-22", CITY, 1, 1 },
         { 0, 6, "ABBOT-07", CLOISTER, 0, 1 },
         { 0, 3, "PD-24", CLOISTER, 0, 1 });
  over(g, 11, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *
rules_pd_figures_suite(void)
{
  Suite *s = suite_create("rules-pd-figures");
  TCase *tc = NULL;
  /* one test case per rule ID, each with fresh rules */
#define RULE(id, set_up)                                                   \
  (tc = tcase_create(id), tcase_add_checked_fixture(tc, set_up, teardown),  \
   suite_add_tcase(s, tc))
  RULE("PD-13", setup);
  tcase_add_test(tc, pd13_one_removal_per_knight_own_included);
  tcase_add_test(tc, pd13_three_knights_three_removals);
  tcase_add_test(tc, pd13_empty_city_no_decision);
  tcase_add_test(tc, pd13_only_the_princess_city_counts);
  RULE("PD-14", setup);
  tcase_add_test(tc, pd14_e1_red_sends_blue_home);
  tcase_add_test(tc, pd14_fairy_neither_protects_nor_pays);
  tcase_add_test(tc, pd14_4_pass_keeps_the_figure_action);
  RULE("PD-15", setup);
  tcase_add_test(tc, pd15_only_followers_in_the_city_are_knights);
  tcase_add_test(tc, pd15_monk_on_o_is_no_knight);
  RULE("PD-16", setup);
  tcase_add_test(tc, pd16_e1_knight_into_an_empty_city_far_right);
  tcase_add_test(tc, pd16_1_farmer_into_any_unoccupied_field);
  RULE("PD-17", setup);
  tcase_add_test(tc, pd17_occupied_and_completed_never_offered);
  tcase_add_test(tc, pd17_3_volcano_without_the_dragon);
  RULE("PD-18", setup_abbot);
  tcase_add_test(tc, pd18_abbot_through_the_portal_to_a_monastery);
  RULE("X-12", setup_abbot);
  tcase_add_test(tc, x12_abbot_through_the_portal_to_a_garden);
  RULE("PD-19", setup);
  tcase_add_test(tc, pd19_fairy_beside_the_board_until_moved);
  RULE("PD-20", setup);
  tcase_add_test(tc, pd20_one_move_per_own_follower);
  tcase_add_test(tc, pd20_3_onto_a_follower_completed_this_turn);
  RULE("PD-21", setup);
  tcase_add_test(tc, pd21_one_follower_not_its_tile);
  RULE("PD-22", setup);
  tcase_add_test(tc, pd22_point_only_at_the_owners_turn);
  RULE("PD-24", setup);
  tcase_add_test(tc, pd24_e1_tie_eight_and_eleven);
  tcase_add_test(tc, pd24_2_final_scoring_of_a_field);
  tcase_add_test(tc, pd24_3_outvoted_follower_still_gets_three);
  RULE("PD-24-abbot", setup_abbot);
  tcase_add_test(tc, pd24_4_abbot_taken_back_gets_no_bonus);
  tcase_add_test(tc, pd24_4_abbot_on_completed_monastery_gets_bonus);
  RULE("AMB-03", setup);
  tcase_add_test(tc, amb03_fairy_stays_alone_until_moved);
  RULE("X-26", setup_abbot);
  tcase_add_test(tc, x26_fairy_move_excludes_abbot_return_and_placement);
#undef RULE
  return s;
}

int
main(void)
{
  return tu_run_suite(rules_pd_figures_suite());
}
