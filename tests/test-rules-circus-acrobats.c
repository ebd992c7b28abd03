/* test-rules-circus-acrobats.c — scenario tests of the acrobats and
 * pyramids of Under the Big Top (RULES §5: CIRCUS-10..CIRCUS-16) and their
 * interactions with The Princess & the Dragon and The Abbot (X-04, X-05,
 * X-07..X-10, X-26; AMB-02, AMB-16).
 *
 * As in test-rules-pd-figures.c, every test builds its board from a fixed
 * tile order (tu_game), plays it by notation and asserts exact points,
 * figure positions and events; every number is worked out by hand from
 * data/tiles/base.tiles, circus.tiles and princess-dragon.tiles, and each
 * test draws its board in a comment.  No test places a big-top tile, so
 * no animal token is ever drawn and nothing depends on the PRNG.
 *
 * Board conventions: the start tile D lies at (0,0) unturned (city cap
 * north, road west-east, field south); x grows east, y grows SOUTH.  A
 * tile turned rN moves its canonical north side N degrees clockwise.
 * Edges (N E S W) of the turned tiles used:
 *   AC     F F F F   BT/ffff.g.ac: field F1, acrobat space A, garden G
 *                    (inert without The Abbot)
 *   AR90   F F F R   BT/ffrf.ac (its road R1 ends at the acrobat space,
 *   AR270  F R F F   CIRCUS-03): road to the west / to the east
 *   B      F F F F   monastery     U0     F R F R   road west-east
 *   E180   F F C F   city south    E270   F F F C   city west
 *   F.v    F F F F   DG/F.v, volcano
 *   RFr.d0 F R F R   DG/RFr.d, dragon tile (geometry of U)
 *   RRR.g0 F R R R,  RRR.g180  R R F R   DG/RRR.g, magic portal
 *   Cc!.p180 F C C F DG/Cc!.p, princess city east + south
 * Seats: Red = seat 0, Blue = seat 1 (seats 0-2 in the 3-player test).
 *
 * The interface (plugins/circus/circus.c, tests brief): an acrobat is a
 * normal follower standing on the acrobat space A; "acrobat @ X,Y" puts
 * one there from the supply (figure-placed citing CIRCUS-10 on the tile
 * placed this turn, CIRCUS-11 on one of its 8 neighbours, X-10 elsewhere
 * through the magic portal); the third acrobat emits "pyramid-completed"
 * (CIRCUS-12); "pyramid @ X,Y" scores a complete pyramid (event
 * "pyramid-scored", arg = acrobats, then one points-scored per owner, 5
 * per acrobat, CIRCUS-14, in seat order, then one figure-returned per
 * acrobat); at the end every acrobat still standing is worth 5 (CIRCUS-16,
 * one event per owner per acrobat tile, tiles in reading order).  Points
 * events of acrobats name the acrobat tile and the acrobat kind.
 *
 * Pipeline facts the tests rely on (RULES §0.4, doc/engine.md): a figure
 * decision whose only choice is "pass" is not asked; the fairy points of
 * a turn (PD-22 / X-08) come when that turn starts, i.e. in the events of
 * the action that ended the previous turn (put() clears them, so they are
 * checked before the next put()); the dragon flies after the figure
 * action and before scoring.
 */
#include "scenario.h"
#include "testutil.h"
#include "meeple/plugin.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static MeepleRules *rules;   /* circus (+ princess-dragon (+ abbot)) */
static guint ACRO;           /* segment kind "acrobat" */
static guint COMPLETED;      /* event type "pyramid-completed" */
static guint SCORED;         /* event type "pyramid-scored" */
static guint RINGMASTER;     /* figure type "ringmaster" */
static guint FAIRY, DRAGON;  /* P&D neutral figures */
static guint STEP;           /* P&D decision kind "dragon-step" */
static guint PRINCESS;       /* P&D decision kind "princess" */
static guint FLIGHT_ENDED;   /* P&D event type "dragon-flight-ended" */

#define AC "BT/ffff.g.ac"
#define AR "BT/ffrf.ac"
#define VOLCANO "DG/F.v"
#define DRAGON_TILE "DG/RFr.d"
#define PORTAL "DG/RRR.g"
#define PRINCESS_TILE "DG/Cc!.p"

#define ROAD MEEPLE_KIND_ROAD
#define CITY MEEPLE_KIND_CITY
#define CLOISTER MEEPLE_KIND_MONASTERY
#define GARDEN MEEPLE_KIND_GARDEN
#define NONE MEEPLE_SEGMENT_NONE
#define ANY ANY_CELL

/* The acrobat kind is known only at run time, so the expected awards are
 * an automatic array (scenario.h's SCENARIO_AWARDS wants constants). */
#define AWARDS(...)                                                        \
  do {                                                                     \
    const Award w_[] = { __VA_ARGS__ };                                    \
    scenario_awards(w_, G_N_ELEMENTS(w_), TRUE);                           \
  } while (0)

static guint
figure_type(const char *name)
{
  int t = meeple_rules_find_figure_type(rules, name);
  ck_assert_msg(t > 0, "no figure type %s", name);
  return (guint)t;
}

static void
resolve(gboolean pd)
{
  gboolean found = FALSE;
  for (guint k = 0; k < meeple_rules_n_kinds(rules); k++)
    if (strcmp(meeple_rules_kind(rules, k)->name, "acrobat") == 0) {
      ACRO = k;
      found = TRUE;
    }
  ck_assert(found);
  /* CIRCUS-03: a spot, never a feature, no follower the ordinary way */
  ck_assert_int_eq(meeple_rules_kind(rules, ACRO)->shape, MEEPLE_SHAPE_SPOT);
  ck_assert(!meeple_rules_kind(rules, ACRO)->follower_allowed);
  COMPLETED = tu_event_type(rules, "pyramid-completed");
  SCORED = tu_event_type(rules, "pyramid-scored");
  RINGMASTER = figure_type("ringmaster");
  ck_assert_int_ge(meeple_rules_find_action_kind(rules, "acrobat"), 0);
  ck_assert_int_ge(meeple_rules_find_action_kind(rules, "pyramid"), 0);
  if (!pd)
    return;
  FAIRY = figure_type("fairy");
  DRAGON = figure_type("dragon");
  STEP = tu_decision_kind(rules, "dragon-step");
  PRINCESS = tu_decision_kind(rules, "princess");
  FLIGHT_ENDED = tu_event_type(rules, "dragon-flight-ended");
}

static void
setup_c(void)
{
  rules = tu_rules_with("circus");
  resolve(FALSE);
  scenario_setup();
}

static void
setup_pd(void)
{
  rules = tu_rules_with("circus,princess-dragon");
  resolve(TRUE);
  scenario_setup();
}

static void
setup_pda(void)
{
  rules = tu_rules_with("circus,princess-dragon,abbot");
  resolve(TRUE);
  scenario_setup();
}

static void
teardown(void)
{
  scenario_teardown();
  meeple_rules_unref(rules);
}

/* Normal followers of @seat in the supply. */
static guint
home(const MeepleGame *g, guint seat)
{
  return meeple_game_supply(g, seat, MEEPLE_FIGURE_FOLLOWER);
}

/* Segment index of the acrobat space of the tile at (x, y). */
static guint
spot(const MeepleGame *g, int x, int y)
{
  MeeplePlacedTile t;
  ck_assert_msg(meeple_game_tile_at(g, x, y, &t), "no tile at %d,%d", x, y);
  const MeepleTileType *type = meeple_rules_tile_type(rules, t.type);
  for (guint s = 0; s < type->n_segments; s++)
    if (type->segments[s].kind == ACRO)
      return s;
  ck_abort_msg("no acrobat space at %d,%d", x, y);
  return 0;
}

/* The pyramid at (x, y) holds exactly @red acrobats of seat 0 and @blue of
 * seat 1 (and nothing else of any seat). */
static void
pyramid_is(const MeepleGame *g, int x, int y, guint red, guint blue)
{
  guint s = spot(g, x, y);
  ck_assert_uint_eq(tu_figures_at(g, 0, x, y, s), red);
  ck_assert_uint_eq(tu_figures_at(g, 1, x, y, s), blue);
  guint all = 0;
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.on_board && f.owner >= 0 && f.x == x && f.y == y && f.segment == s) {
      ck_assert_uint_eq(f.type, MEEPLE_FIGURE_FOLLOWER);
      all++;
    }
  }
  ck_assert_uint_eq(all, red + blue);
}

/* Placed tiles among the 8 cells around (x, y). */
static guint
placed_around(const MeepleGame *g, int x, int y)
{
  guint n = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      n += (dx || dy) && meeple_game_tile_at(g, x + dx, y + dy, NULL);
  return n;
}

/* Position of @e in ev. */
static guint
pos(const MeepleEvent *e)
{
  return (guint)(e - evs());
}

/* Position in ev of the first event of @type citing @rule (any rule when
 * NULL); fails when there is none. */
static guint
first(guint type, const char *rule)
{
  for (guint i = 0; i < ev->len; i++)
    if (evs()[i].type == type && (!rule || g_strcmp0(evs()[i].rule, rule) == 0))
      return i;
  ck_abort_msg("no event of type %u citing %s", type, rule ? rule : "-");
  return 0;
}

/* The turn's only owned figure-placed event puts a normal follower of
 * @seat on the acrobat space at (x, y), citing @rule. */
static void
acrobat_placed(const MeepleGame *g, guint seat, int x, int y, const char *rule)
{
  const MeepleEvent *e = NULL;
  guint n = 0;
  for (guint i = 0; i < ev->len; i++)
    if (evs()[i].type == MEEPLE_EVENT_FIGURE_PLACED && evs()[i].player >= 0) {
      e = &evs()[i];
      n++;
    }
  ck_assert_uint_eq(n, 1);
  ck_assert_int_eq(e->player, (int)seat);
  ck_assert_uint_eq(e->figure, MEEPLE_FIGURE_FOLLOWER);
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_uint_eq(e->segment, spot(g, x, y));
  ck_assert_uint_eq(e->kind, ACRO);
  ck_assert_str_eq(e->rule, rule);
}

/* ev holds exactly one pyramid-completed event: at (x, y), citing
 * CIRCUS-12, after the acrobat that completed it was placed. */
static void
completed_at(const MeepleGame *g, int x, int y)
{
  ck_assert_uint_eq(count(COMPLETED, NULL), 1);
  const MeepleEvent *e = event(COMPLETED, 0);
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_uint_eq(e->segment, spot(g, x, y));
  ck_assert_str_eq(e->rule, "CIRCUS-12");
  gboolean before = FALSE;
  for (guint i = 0; i < pos(e); i++)
    before |= evs()[i].type == MEEPLE_EVENT_FIGURE_PLACED &&
              evs()[i].player >= 0 && evs()[i].x == x && evs()[i].y == y &&
              evs()[i].segment == e->segment;
  ck_assert_msg(before, "pyramid-completed before its third acrobat");
}

/* ev holds exactly one pyramid-scored event (CIRCUS-14) for the @n
 * acrobats at (x, y); the points come after it and the @n acrobats go
 * home (figure-returned, CIRCUS-14) after the points. */
static void
scored_at(const MeepleGame *g, int x, int y, guint n)
{
  ck_assert_uint_eq(count(SCORED, NULL), 1);
  const MeepleEvent *e = event(SCORED, 0);
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_int_eq(e->arg, (int)n);
  ck_assert_str_eq(e->rule, "CIRCUS-14");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "CIRCUS-14"), n);
  guint s = spot(g, x, y);
  guint last_points = pos(e);
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *r = &evs()[i];
    if (r->type == MEEPLE_EVENT_POINTS_SCORED &&
        g_strcmp0(r->rule, "CIRCUS-14") == 0) {
      ck_assert_uint_gt(i, pos(e));
      last_points = i;
    }
  }
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *r = &evs()[i];
    if (r->type != MEEPLE_EVENT_FIGURE_RETURNED ||
        g_strcmp0(r->rule, "CIRCUS-14") != 0)
      continue;
    ck_assert_uint_gt(i, last_points);
    ck_assert_int_eq(r->x, x);
    ck_assert_int_eq(r->y, y);
    ck_assert_uint_eq(r->segment, s);
    ck_assert_uint_eq(r->figure, MEEPLE_FIGURE_FOLLOWER);
  }
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
  return meeple_game_figure(g, 0);
}

/* The neutral figure of @type stands at (x, y) on @segment. */
static void
neutral_at(const MeepleGame *g, guint type, int x, int y, guint segment)
{
  MeepleFigureInfo f = neutral(g, type);
  ck_assert_msg(f.on_board && f.x == x && f.y == y && f.segment == segment,
                "figure type %u %s at %d,%d segment %u; expected %d,%d "
                "segment %u", type, f.on_board ? "on the board" : "beside",
                f.x, f.y, f.segment, x, y, segment);
}

/* The last turn-started event in ev is @seat's, and the fairy points after
 * it (X-08; never PD-22 at a pyramid) are @points, all @seat's, at the
 * pyramid (x, y) (0: no fairy points at all). */
static void
turn_starts(guint seat, int points, int x, int y)
{
  guint last = G_MAXUINT;
  for (guint i = 0; i < ev->len; i++)
    if (evs()[i].type == MEEPLE_EVENT_TURN_STARTED)
      last = i;
  ck_assert_msg(last != G_MAXUINT, "no turn started");
  ck_assert_int_eq(evs()[last].player, (int)seat);
  ck_assert_uint_eq(count(MEEPLE_EVENT_POINTS_SCORED, "PD-22"), 0);
  int got = 0;
  guint n = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type != MEEPLE_EVENT_POINTS_SCORED ||
        g_strcmp0(e->rule, "X-08") != 0)
      continue;
    ck_assert_msg(i > last, "an X-08 point before the turn started");
    ck_assert_int_eq(e->player, (int)seat);
    ck_assert_int_eq(e->x, x);
    ck_assert_int_eq(e->y, y);
    got += e->points;
    n++;
  }
  ck_assert_int_eq(got, points);
  /* one total per player, not one scoring per acrobat */
  ck_assert_uint_eq(n, points ? 1 : 0);
}

/* The pending decision is a dragon step (PD-09) of @seat offering exactly
 * the NULL-ended cells ("X,Y"); the dragon moves to @to. */
G_GNUC_NULL_TERMINATED static void
step(MeepleGame *g, guint seat, const char *to, ...)
{
  decision_is(g, STEP, seat);
  va_list ap;
  va_start(ap, to);
  gsize n = 0;
  for (const char *c; (c = va_arg(ap, const char *)); n++) {
    g_autofree char *t = g_strdup_printf("dragon-move @ %s", c);
    ck_assert_msg(tu_is_legal(g, t), "'%s' is not offered", t);
  }
  va_end(ap);
  ck_assert_uint_eq(meeple_game_decision(g)->n_actions, n);
  g_autofree char *t = g_strdup_printf("dragon-move @ %s", to);
  act(g, t);
  int x, y;
  ck_assert_int_eq(sscanf(to, "%d,%d", &x, &y), 2);
  neutral_at(g, DRAGON, x, y, NONE);
}

/* ev holds one dragon-flight-ended event: at (x, y) after @steps. */
static void
flight_ended(int x, int y, int steps)
{
  ck_assert_uint_eq(count(FLIGHT_ENDED, NULL), 1);
  const MeepleEvent *e = event(FLIGHT_ENDED, 0);
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_int_eq(e->arg, steps);
}

/* Figures of @seat the dragon ate in ev (figure-returned, PD-10), all
 * normal followers on the acrobat space at (x, y). */
static guint
eaten(const MeepleGame *g, guint seat, int x, int y)
{
  guint n = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type != MEEPLE_EVENT_FIGURE_RETURNED ||
        g_strcmp0(e->rule, "PD-10") != 0 || e->player != (int)seat)
      continue;
    ck_assert_int_eq(e->x, x);
    ck_assert_int_eq(e->y, y);
    ck_assert_uint_eq(e->segment, spot(g, x, y));
    ck_assert_uint_eq(e->figure, MEEPLE_FIGURE_FOLLOWER);
    n++;
  }
  return n;
}

/* A clone of @g to try another choice on; ev starts afresh. */
static MeepleGame *
fork_game(MeepleGame *g)
{
  g_array_set_size(ev, 0);
  return meeple_game_clone(g);
}

/* The pyramid of CIRCUS-11.E1 (and CIRCUS-14.E1, X-08.E1), turns 1-3:
 *            x=0    x=1
 *   y=0      D
 *   y=1      AC     B         AC = BT/ffff.g.ac, B = monastery
 *   y=2             B
 * T1 Red puts AC below D and an acrobat on it (CIRCUS-10); T2 Blue puts B
 * east of it, an orthogonal neighbour, and his acrobat beside Red's
 * (CIRCUS-11); T3 Red puts B diagonally below-right of AC and the third
 * acrobat (CIRCUS-11): 2 red + 1 blue, complete.  Farmers off: the
 * offers hold no field placements.  With @pd, the active player may also
 * move the fairy to an acrobat of his on the board (PD-20). */
static void
e1_pyramid(MeepleGame *g, gboolean pd)
{
  put(g, 0, "place " AC " @ 0,1 r0");
  offers(g, "pass", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 0, 0, 1, "CIRCUS-10");
  ck_assert_uint_eq(count(COMPLETED, NULL), 0);

  put(g, 1, "place B @ 1,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 1, 0, 1, "CIRCUS-11");
  ck_assert_uint_eq(count(COMPLETED, NULL), 0);
  pyramid_is(g, 0, 1, 1, 1);

  put(g, 0, "place B @ 1,2 r0");
  if (pd)
    offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1",
           "fairy-move A @ 0,1", NULL);
  else
    offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  /* CIRCUS-14: two acrobats are no complete pyramid */
  refused(g, "pyramid @ 0,1");
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 0, 0, 1, "CIRCUS-11");
  completed_at(g, 0, 1);
  pyramid_is(g, 0, 1, 2, 1);
  ck_assert_uint_eq(home(g, 0), 5);
  ck_assert_uint_eq(home(g, 1), 6);
}

/* Three red acrobats at (0,1), turns 1-5:
 *            x=-1   x=0    x=1
 *   y=0             D
 *   y=1      B      AC     B
 *   y=2      B             B
 * Red: AC (0,1) + acrobat, B (-1,1) + acrobat, B (-1,2) + acrobat (the
 * last two CIRCUS-11); Blue puts B at (1,1) and (1,2), both neighbours,
 * and passes.  Farmers off. */
static void
three_red(MeepleGame *g)
{
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  put(g, 1, "place B @ 1,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  act(g, "pass");
  turn(g, 0, "place B @ -1,1 r0", "acrobat @ 0,1");
  acrobat_placed(g, 0, 0, 1, "CIRCUS-11");
  turn(g, 1, "place B @ 1,2 r0", "pass");
  turn(g, 0, "place B @ -1,2 r0", "acrobat @ 0,1");
  acrobat_placed(g, 0, 0, 1, "CIRCUS-11");
  completed_at(g, 0, 1);
  pyramid_is(g, 0, 1, 3, 0);
}

/* ------------------------------------------------------------------ */
/* CIRCUS-10 Acrobat tile: first acrobat                                */
/* ------------------------------------------------------------------ */

/* RULES: CIRCUS-10, CIRCUS-10.E1, CIRCUS-03, CIRCUS-13, CIRCUS-16,
 * CIRCUS-17 */
START_TEST(circus10_e1_red_puts_an_acrobat_on_a_free_place)
{
  /*            x=0
   *    y=0     D
   *    y=1     AC
   * Farmers on.  T1 Red puts AC below D: its field joins D's south field,
   * unoccupied, so a farmer or the ringmaster may lie there (BASE-11,
   * CIRCUS-17); the acrobat space takes no follower the ordinary way
   * (CIRCUS-03), only "acrobat" (CIRCUS-10), and never the ringmaster
   * (CIRCUS-13).  Red puts an acrobat on it: figure-placed, seat 0, a
   * normal follower on A at (0,1), rule CIRCUS-10; 6 followers left, the
   * ringmaster still home; nothing is scored.  The supply is empty: final
   * scoring, the acrobat is worth 5 (CIRCUS-16).  5 : 0. */
  MeepleGame *g = tu_game(rules, 2, AC, FALSE);
  put(g, 0, "place " AC " @ 0,1 r0");
  offers(g, "pass", "follower F1", "ringmaster F1", "acrobat @ 0,1", NULL);
  refused(g, "follower A");
  refused(g, "ringmaster A");
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 0, 0, 1, "CIRCUS-10");
  ck_assert_uint_eq(count(COMPLETED, NULL), 0);
  ck_assert_uint_eq(count(SCORED, NULL), 0);
  ck_assert_uint_eq(home(g, 0), 6);
  ck_assert_uint_eq(meeple_game_supply(g, 0, RINGMASTER), 1);
  AWARDS({ 0, 5, "CIRCUS-16", ACRO, 0, 1 });
  pyramid_is(g, 0, 1, 1, 0); /* figures stay after the final scoring */
  over(g, 5, 0);
  meeple_game_free(g);
}
END_TEST

/* Acrobats on the acrobat space of the tile at (x, y): -1 without a tile
 * or without such a space. */
static int
acrobats_at(MeepleGame *g, int x, int y)
{
  MeeplePlacedTile t;
  if (!meeple_game_tile_at(g, x, y, &t))
    return -1;
  const MeepleTileType *type = meeple_rules_tile_type(rules, t.type);
  for (guint s = 0; s < type->n_segments; s++)
    if (type->segments[s].kind == ACRO) {
      guint followers = 0;
      meeple_game_segment_feature(g, x, y, s, NULL, &followers);
      return (int)followers;
    }
  return -1;
}

/* The acrobat and pyramid actions figure decision @d offers, against the
 * rules read off the board: an acrobat onto each acrobat tile among the 9
 * cells around the tile just placed (rows from the top) with room on its
 * space, while a follower is at home (CIRCUS-10, CIRCUS-11, CIRCUS-13);
 * then a pyramid on each acrobat tile of the board with 3 acrobats, in
 * the order the tiles were placed (CIRCUS-14).  Returns how many it saw. */
static guint
check_acrobat_lists(MeepleGame *g, const MeepleDecision *d)
{
  guint acrobat = (guint)meeple_rules_find_action_kind(rules, "acrobat");
  guint pyramid = (guint)meeple_rules_find_action_kind(rules, "pyramid");
  MeepleAction want[64];
  guint n_want = 0;
  MeeplePlacedTile cur = meeple_game_placed(g, meeple_game_n_placed(g) - 1);
  if (meeple_game_supply(g, meeple_game_active_player(g),
                         MEEPLE_FIGURE_FOLLOWER) > 0)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++) {
        int n = acrobats_at(g, cur.x + dx, cur.y + dy);
        if (n >= 0 && n < 3)
          want[n_want++] = (MeepleAction){ .kind = (uint16_t)acrobat,
                                           .x = (int16_t)(cur.x + dx),
                                           .y = (int16_t)(cur.y + dy) };
      }
  for (guint t = 0; t < meeple_game_n_placed(g); t++) {
    MeeplePlacedTile tile = meeple_game_placed(g, t);
    if (acrobats_at(g, tile.x, tile.y) >= 3)
      want[n_want++] = (MeepleAction){ .kind = (uint16_t)pyramid,
                                       .x = (int16_t)tile.x,
                                       .y = (int16_t)tile.y };
  }
  guint k = 0;
  for (guint i = 0; i < d->n_actions; i++) {
    const MeepleAction *a = &d->actions[i];
    if (a->kind != acrobat && a->kind != pyramid)
      continue;
    ck_assert_uint_lt(k, n_want);
    ck_assert_uint_eq(a->kind, want[k].kind);
    ck_assert_int_eq(a->x, want[k].x);
    ck_assert_int_eq(a->y, want[k].y);
    k++;
  }
  ck_assert_uint_eq(k, n_want);
  return k;
}

/* The acrobat tiles are remembered as they are placed, for the figure
 * decision's lists; past the 24 the state has room for, the lists read
 * the board.  Random games of 40 acrobat tiles offer, before and after,
 * exactly what the board says.
 * RULES: CIRCUS-10, CIRCUS-11, CIRCUS-14 */
START_TEST(circus11_14_lists_hold_past_the_remembered_tiles)
{
  GString *order = g_string_new(AC);
  for (guint i = 1; i < 40; i++)
    g_string_append(order, " " AC);
  GRand *rand = g_rand_new_with_seed(14);
  guint seen = 0, late = 0;
  for (guint64 seed = 1; seed <= 4; seed++) {
    MeepleGame *g = tu_game_seeded(rules, 2, order->str, FALSE, seed);
    const MeepleDecision *d;
    while ((d = meeple_game_decision(g))) {
      if (d->kind == MEEPLE_DECISION_PLACE_FIGURE) {
        guint n = check_acrobat_lists(g, d);
        seen += n;
        if (meeple_game_n_placed(g) > 26)
          late += n;
      }
      guint i = d->n_actions > 1
                    ? (guint)g_rand_int_range(rand, 0, (gint32)d->n_actions)
                    : 0;
      ck_assert(meeple_game_apply_index(g, i, NULL, NULL, NULL));
    }
    meeple_game_free(g);
  }
  ck_assert_uint_gt(seen, 100);
  ck_assert_uint_gt(late, 10); /* the lists past the remembered tiles */
  g_rand_free(rand);
  g_string_free(order, TRUE);
}
END_TEST

/* RULES: CIRCUS-10, CIRCUS-03, BASE-07, BASE-22, CIRCUS-16 */
START_TEST(circus10_or_the_tiles_own_road_as_usual)
{
  /*            x=0    x=1    x=2
   *    y=0     D      U0     AR90      AR = BT/ffrf.ac (road west)
   * Farmers off.  T1 Red: U0 east of D, pass.  T2 Blue: AR90 at (2,0);
   * its road ends at the acrobat space (CIRCUS-03), so the road D + U +
   * AR has 3 tiles and one open end (D's west side).  Blue may put a
   * robber or the ringmaster on that road, or an acrobat (CIRCUS-10) —
   * one of them.
   * (a) robber: the acrobat space stays empty; final: the unfinished road,
   *     3 tiles, 3 for Blue (BASE-22).  0 : 3.
   * (b) acrobat (a clone): final 5 for Blue (CIRCUS-16).  0 : 5. */
  MeepleGame *g = tu_game(rules, 2, "U " AR, TRUE);
  put(g, 0, "place U @ 1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", NULL);
  act(g, "pass");
  put(g, 1, "place " AR " @ 2,0 r90");
  offers(g, "pass", "follower R1", "ringmaster R1", "acrobat @ 2,0", NULL);
  MeepleFeatureInfo road = feat(g, 2, 0, AR, "R1");
  ck_assert_uint_eq(road.tiles, 3);
  ck_assert_uint_eq(road.open_edges, 1);
  ck_assert(!road.completed);

  MeepleGame *c = fork_game(g);
  act(c, "acrobat @ 2,0");
  acrobat_placed(c, 1, 2, 0, "CIRCUS-10");
  AWARDS({ 1, 5, "CIRCUS-16", ACRO, 2, 0 });
  over(c, 0, 5);
  meeple_game_free(c);

  g_array_set_size(ev, 0);
  act(g, "follower R1");
  pyramid_is(g, 2, 0, 0, 0);
  AWARDS({ 1, 3, "BASE-22", ROAD, ANY, 0 });
  over(g, 0, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* CIRCUS-11 Acrobat from a neighbouring tile                           */
/* ------------------------------------------------------------------ */

/* RULES: CIRCUS-11, CIRCUS-11.E1, CIRCUS-10, CIRCUS-12, CIRCUS-16 */
START_TEST(circus11_e1_blue_beside_red_then_a_diagonal_tile)
{
  /* The E1 pyramid (e1_pyramid(), see the helpers): Red's acrobat on the
   * new AC, Blue's from the orthogonal neighbour B (1,1), Red's third
   * from the diagonal B (1,2), which completes the pyramid (one
   * pyramid-completed event, CIRCUS-12).  The supply is then empty: at
   * the end every acrobat is worth 5 (CIRCUS-16), nothing was scored
   * during the game: Red 2 x 5 = 10, Blue 5.  10 : 5. */
  MeepleGame *g = tu_game(rules, 2, AC " B B", TRUE);
  e1_pyramid(g, FALSE);
  ck_assert_uint_eq(count(SCORED, NULL), 0);
  AWARDS({ 0, 10, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 10, 5);
  meeple_game_free(g);
}
END_TEST

/* RULES: CIRCUS-11, CIRCUS-12, CIRCUS-16, BASE-11 */
START_TEST(circus11_the_eight_neighbours_and_no_farther)
{
  /*            x=-1   x=0    x=1    x=2
   *    y=0     U0     D
   *    y=1            AC     B      B
   *    y=2                   B
   * Farmers off.  T1 Red: AC + acrobat.  T2 Blue: B (1,1), an orthogonal
   * neighbour: "acrobat @ 0,1" offered; Blue passes.  T3 Red: B (2,1),
   * two cells away: not offered (only the 8 neighbours count).  T4 Blue:
   * B (1,2), diagonal: offered, Blue takes it.  T5 Red: U0 (-1,0), the
   * diagonal up-left, a road tile: offered beside a robber on the road,
   * Red takes it and completes the pyramid (R, B, R).
   * Final: Red 10, Blue 5 (CIRCUS-16).  10 : 5. */
  MeepleGame *g = tu_game(rules, 2, AC " B B B U", TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  put(g, 1, "place B @ 1,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  act(g, "pass");
  put(g, 0, "place B @ 2,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", NULL);
  refused(g, "acrobat @ 0,1");
  act(g, "pass");
  put(g, 1, "place B @ 1,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 1, 0, 1, "CIRCUS-11");
  put(g, 0, "place U @ -1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 0, 0, 1, "CIRCUS-11");
  completed_at(g, 0, 1);
  AWARDS({ 0, 10, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 10, 5);
  meeple_game_free(g);
}
END_TEST

/* RULES: CIRCUS-11.1, CIRCUS-11, CIRCUS-15, CIRCUS-16 */
START_TEST(circus11_1_a_surrounded_pyramid_grows_no_more)
{
  /*            x=-1   x=0    x=1    x=2
   *    y=0     U0     D      U0
   *    y=1     B      AC     B      B
   *    y=2     B      B      B
   * Farmers off.  T1 Red: AC + acrobat.  T2-T7: U0 (-1,0), U0 (1,0),
   * B (-1,1), B (1,1), B (-1,2), B (0,2), each a neighbour offering
   * "acrobat @ 0,1"; everybody passes.  T8 Blue: B (1,2), the 8th
   * neighbour: still offered; Blue puts his acrobat there although the
   * pyramid can never be completed now (CIRCUS-15).  T9 Red: B (2,1):
   * no empty cell is left around AC, so no tile can ever offer it again
   * (CIRCUS-11.1); the two acrobats stay to the end.
   * Final: Red 5, Blue 5 (CIRCUS-16).  5 : 5. */
  MeepleGame *g = tu_game(rules, 2, AC " U U B B B B B B", TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  static const char *const around[] = {
    "place U @ -1,0 r0", "place U @ 1,0 r0", "place B @ -1,1 r0",
    "place B @ 1,1 r0",  "place B @ -1,2 r0", "place B @ 0,2 r0",
  };
  for (guint i = 0; i < G_N_ELEMENTS(around); i++) {
    put(g, (i + 1) % 2, around[i]);
    ck_assert(tu_is_legal(g, "acrobat @ 0,1"));
    act(g, "pass");
  }
  put(g, 1, "place B @ 1,2 r0");
  ck_assert_uint_eq(placed_around(g, 0, 1), 8);
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 1, 0, 1, "CIRCUS-11");
  pyramid_is(g, 0, 1, 1, 1);
  put(g, 0, "place B @ 2,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", NULL);
  refused(g, "acrobat @ 0,1");
  act(g, "pass");
  AWARDS({ 0, 5, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 5, 5);
  meeple_game_free(g);
}
END_TEST

/* RULES: CIRCUS-11.2, CIRCUS-11, CIRCUS-10, CIRCUS-16 */
START_TEST(circus11_2_the_new_acrobat_tile_or_its_neighbour)
{
  /*            x=0    x=1
   *    y=0     D
   *    y=1     AC     AC
   *    y=2     AC
   * Farmers off.  T1 Red: AC (0,1) + acrobat.  T2 Blue: AC (1,1) next to
   * it: the single acrobat may go on the new tile (CIRCUS-10) or on the
   * neighbouring one with a free place (CIRCUS-11.2): both offered, and
   * nothing else.  A clone takes the new tile (rule CIRCUS-10); the game
   * goes on with the neighbour (rule CIRCUS-11).  T3 Red: AC (0,2) next
   * to both (orthogonal to (0,1), diagonal to (1,1)): three acrobat
   * tiles to choose from; Red takes (1,1).
   * Final, tiles in reading order (0,1) then (1,1): Red 5 and Blue 5 at
   * (0,1), Red 5 at (1,1).  10 : 5. */
  MeepleGame *g = tu_game(rules, 2, AC " " AC " " AC, TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  put(g, 1, "place " AC " @ 1,1 r0");
  offers(g, "pass", "acrobat @ 1,1", "acrobat @ 0,1", NULL);
  MeepleGame *c = fork_game(g);
  act(c, "acrobat @ 1,1");
  acrobat_placed(c, 1, 1, 1, "CIRCUS-10");
  pyramid_is(c, 0, 1, 1, 0);
  pyramid_is(c, 1, 1, 0, 1);
  meeple_game_free(c);

  g_array_set_size(ev, 0);
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 1, 0, 1, "CIRCUS-11");
  pyramid_is(g, 1, 1, 0, 0);
  put(g, 0, "place " AC " @ 0,2 r0");
  offers(g, "pass", "acrobat @ 0,2", "acrobat @ 0,1", "acrobat @ 1,1", NULL);
  act(g, "acrobat @ 1,1");
  acrobat_placed(g, 0, 1, 1, "CIRCUS-11");
  AWARDS({ 0, 5, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-16", ACRO, 0, 1 },
         { 0, 5, "CIRCUS-16", ACRO, 1, 1 });
  over(g, 10, 5);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* CIRCUS-12 Pyramid structure                                          */
/* ------------------------------------------------------------------ */

/* RULES: CIRCUS-12, CIRCUS-11, CIRCUS-14, CIRCUS-16 */
START_TEST(circus12_three_at_most_completed_once)
{
  /*            x=-1   x=0    x=1
   *    y=0             D      U0
   *    y=1      B      AC     B
   *    y=2      B      B      B
   * Farmers off.  Turns 1-5 (three_red()): three red acrobats, one
   * colour is fine (CIRCUS-12); the third emits pyramid-completed, the
   * first two did not.  T6 Blue: B (0,2) and T7 Red: U0 (1,0), both
   * neighbours: the pyramid is full, so no fourth acrobat is offered or
   * accepted, only scoring it (CIRCUS-14); both pass; no further
   * pyramid-completed event.
   * Final: Red 3 x 5 = 15, one event (CIRCUS-16).  15 : 0. */
  MeepleGame *g = tu_game(rules, 2, AC " B B B B B U", TRUE);
  three_red(g);
  put(g, 1, "place B @ 0,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1", NULL);
  refused(g, "acrobat @ 0,1");
  act(g, "pass");
  ck_assert_uint_eq(count(COMPLETED, NULL), 0);
  put(g, 0, "place U @ 1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "pyramid @ 0,1", NULL);
  refused(g, "acrobat @ 0,1");
  act(g, "pass");
  ck_assert_uint_eq(count(COMPLETED, NULL), 0);
  pyramid_is(g, 0, 1, 3, 0);
  AWARDS({ 0, 15, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 15, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* CIRCUS-13 Who may be an acrobat                                      */
/* ------------------------------------------------------------------ */

/* RULES: CIRCUS-13, CIRCUS-03, ABBOT-02, ABBOT-03, ABBOT-07, X-12,
 * CIRCUS-16 */
START_TEST(circus13_neither_ringmaster_nor_abbot)
{
  /*            x=0    x=1
   *    y=0     D
   *    y=1     AC     B
   * With P&D and The Abbot; farmers off.  T1 Red: AC; its garden is a
   * real garden now (ABBOT-02), so the abbot may go there (ABBOT-03),
   * and an acrobat may go on A — but only a normal follower: no
   * "ringmaster A", no "abbot A", and no plain "follower A" either (the
   * space takes no follower the ordinary way, CIRCUS-03).  Red puts the
   * abbot in the garden.  T2 Blue: B (1,1), an acrobat (CIRCUS-11) beside
   * Red's abbot on the same tile.
   * Final, core first: the garden at (0,1) with 2 placed neighbours (D,
   * B): 1 + 2 = 3 for Red (ABBOT-07); then Blue's acrobat 5 (CIRCUS-16).
   * 3 : 5. */
  MeepleGame *g = tu_game(rules, 2, AC " B", TRUE);
  put(g, 0, "place " AC " @ 0,1 r0");
  offers(g, "pass", "acrobat @ 0,1", "abbot G", NULL);
  refused(g, "ringmaster A");
  refused(g, "abbot A");
  refused(g, "follower A");
  act(g, "abbot G");
  put(g, 1, "place B @ 1,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "abbot M", "acrobat @ 0,1",
         NULL);
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 1, 0, 1, "CIRCUS-11");
  pyramid_is(g, 0, 1, 0, 1);
  AWARDS({ 0, 3, "ABBOT-07", GARDEN, 0, 1 },
         { 1, 5, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 3, 5);
  meeple_game_free(g);
}
END_TEST

/* RULES: CIRCUS-13, CIRCUS-11, CIRCUS-17, BASE-01, BASE-22, BASE-25,
 * CIRCUS-16 */
START_TEST(circus13_no_normal_follower_left_no_acrobat)
{
  /*        x=-6 .. x=-1   x=0   x=1 .. x=7
   *    y=0                D
   *    y=1     B ... B    AC    B ... B
   *    y=2                      B (1,2)
   * Farmers off.  T1 Red: AC + acrobat (6 followers left).  T2-T13: Blue
   * puts B at (1,1)..(6,1) and passes, Red puts B at (-1,1)..(-6,1) with
   * a monk each: Red's 7 normal followers are all on the board; the
   * ringmaster is still at home.  T14 Blue: B (7,1).  T15 Red: B (1,2),
   * a diagonal neighbour of AC, whose pyramid has two free places: no
   * acrobat is offered, because only a normal follower may be one
   * (CIRCUS-13); the ringmaster may still go on the monastery
   * (CIRCUS-17).  Red passes.
   * Final, monasteries in reading order (BASE-25), 1 + placed neighbours
   * (BASE-22): (-6,1) 1 + 1 = 2; (-5,1), (-4,1), (-3,1), (-2,1) 1 + 2 = 3
   * each; (-1,1) with D, (-2,1), AC: 1 + 3 = 4; then the acrobat 5
   * (CIRCUS-16).  Red 2 + 4 x 3 + 4 + 5 = 23.  23 : 0. */
  MeepleGame *g =
      tu_game(rules, 2, AC " B B B B B B B B B B B B B B", TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  for (int k = 1; k <= 6; k++) {
    g_autofree char *blue = g_strdup_printf("place B @ %d,1 r0", k);
    g_autofree char *red = g_strdup_printf("place B @ %d,1 r0", -k);
    turn(g, 1, blue, "pass");
    turn(g, 0, red, "follower M");
  }
  ck_assert_uint_eq(home(g, 0), 0);
  ck_assert_uint_eq(meeple_game_supply(g, 0, RINGMASTER), 1);
  turn(g, 1, "place B @ 7,1 r0", "pass");
  put(g, 0, "place B @ 1,2 r0");
  offers(g, "pass", "ringmaster M", NULL);
  refused(g, "acrobat @ 0,1");
  act(g, "pass");
  AWARDS({ 0, 2, "BASE-22", CLOISTER, -6, 1 },
         { 0, 3, "BASE-22", CLOISTER, -5, 1 },
         { 0, 3, "BASE-22", CLOISTER, -4, 1 },
         { 0, 3, "BASE-22", CLOISTER, -3, 1 },
         { 0, 3, "BASE-22", CLOISTER, -2, 1 },
         { 0, 4, "BASE-22", CLOISTER, -1, 1 },
         { 0, 5, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 23, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* CIRCUS-14 Scoring a pyramid                                          */
/* ------------------------------------------------------------------ */

/* RULES: CIRCUS-14, CIRCUS-14.E1, CIRCUS-14.1, CIRCUS-14.2, CIRCUS-11.E1,
 * AMB-02 */
START_TEST(circus14_e1_red_ten_blue_five)
{
  /*            x=0    x=1    x=2
   *    y=0     D
   *    y=1     AC     B      B
   *    y=2            B      B
   * Farmers off.  T1-T3: the E1 pyramid, 2 red + 1 blue, completed by
   * Red's acrobat in T3; the turn ends there: the pyramid is not scored
   * when it is completed (the figure action is spent).  T4 Blue: B (2,1),
   * not a neighbour of AC: "pyramid @ 0,1" is offered to anybody in a
   * later turn; Blue passes.  T5 Red: B (2,2), places no figure and
   * scores the pyramid instead (figure step, CIRCUS-14.1): pyramid-scored
   * with 3 acrobats; Red 2 x 5 = 10 and Blue 5, one total each
   * (CIRCUS-14.2), then the 3 acrobats go home.  No figure is placed in
   * that turn.  10 : 5. */
  MeepleGame *g = tu_game(rules, 2, AC " B B B B", TRUE);
  e1_pyramid(g, FALSE);
  ck_assert_uint_eq(count(SCORED, NULL), 0);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);

  put(g, 1, "place B @ 2,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1", NULL);
  act(g, "pass");
  ck_assert_uint_eq(count(SCORED, NULL), 0);

  put(g, 0, "place B @ 2,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1", NULL);
  act(g, "pyramid @ 0,1");
  scored_at(g, 0, 1, 3);
  AWARDS({ 0, 10, "CIRCUS-14", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-14", ACRO, 0, 1 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  pyramid_is(g, 0, 1, 0, 0);
  ck_assert_uint_eq(home(g, 0), 7);
  ck_assert_uint_eq(home(g, 1), 7);
  over(g, 10, 5);
  meeple_game_free(g);
}
END_TEST

/* RULES: CIRCUS-14.1, CIRCUS-14, CIRCUS-03, BASE-16, BASE-19, BASE-25 */
START_TEST(circus14_1_before_the_turns_feature_scoring)
{
  /*            x=-1   x=0    x=1
   *    y=0     AR270  D      AR90      AR = BT/ffrf.ac
   *    y=1     B      AC     B
   * Farmers off.  T1 Red: AC + acrobat.  T2 Blue: AR270 west of D, its
   * road ending at its acrobat space; both acrobat tiles are offered;
   * Blue puts a robber on the road AR + D.  T3 Red: B (1,1) + acrobat on
   * AC.  T4 Blue: B (-1,1), next to both acrobat tiles: acrobat on AC,
   * which completes it (R, R, B).  T5 Red: AR90 east of D closes the road
   * (AR + D + AR, 3 tiles, both ends at acrobat spaces, CIRCUS-03); the
   * road is occupied, so Red may only put an acrobat on the new tile or
   * score the pyramid; he scores it.  In the figure step (CIRCUS-14.1):
   * Red 10, Blue 5, acrobats home; then in the scoring step the road:
   * Blue 3 (BASE-16) and the robber home (BASE-19).  10 : 8. */
  MeepleGame *g = tu_game(rules, 2, AC " " AR " B B " AR, TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  put(g, 1, "place " AR " @ -1,0 r270");
  offers(g, "pass", "follower R1", "ringmaster R1", "acrobat @ -1,0",
         "acrobat @ 0,1", NULL);
  act(g, "follower R1");
  turn(g, 0, "place B @ 1,1 r0", "acrobat @ 0,1");
  put(g, 1, "place B @ -1,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ -1,0",
         "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  completed_at(g, 0, 1);
  pyramid_is(g, 0, 1, 2, 1);

  put(g, 0, "place " AR " @ 1,0 r90");
  ck_assert(feat(g, 1, 0, AR, "R1").completed);
  offers(g, "pass", "acrobat @ 1,0", "pyramid @ 0,1", NULL);
  act(g, "pyramid @ 0,1");
  scored_at(g, 0, 1, 3);
  AWARDS({ 0, 10, "CIRCUS-14", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-14", ACRO, 0, 1 },
         { 1, 3, "BASE-16", ROAD, ANY, 0 });
  ck_assert_uint_lt(first(SCORED, NULL),
                    first(MEEPLE_EVENT_FEATURE_COMPLETED, NULL));
  ck_assert_uint_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->arg, 3);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 1);
  over(g, 10, 8);
  meeple_game_free(g);
}
END_TEST

/* RULES: CIRCUS-14, CIRCUS-15, BASE-11, BASE-22 */
START_TEST(circus14_any_pyramid_any_tile_asks_the_figure_decision)
{
  /*            x=-1   x=0    x=1    x=2    x=3
   *    y=0             D      U0     U0     U0
   *    y=1      B      AC     B
   *    y=2      B             B
   * Farmers off.  T1-T5 (three_red()): 3 red acrobats at (0,1).  T6
   * Blue: U0 (1,0), a robber on the road D + U.  T7 Red: U0 (2,0), not a
   * neighbour of AC; the road is Blue's and fields are off, so the tile
   * itself offers nothing — yet the figure decision is asked, because
   * the complete pyramid may be scored from anywhere; Red scores it: 15.
   * T8 Blue: U0 (3,0): the tile offers nothing and no pyramid is left:
   * no figure decision (CONVENTION).  Final: the road D + U + U + U,
   * open at both ends: Blue 4 (BASE-22).  15 : 4. */
  MeepleGame *g = tu_game(rules, 2, AC " B B B B U U U", TRUE);
  three_red(g);
  put(g, 1, "place U @ 1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "pyramid @ 0,1", NULL);
  act(g, "follower R1");
  put(g, 0, "place U @ 2,0 r0");
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 0);
  offers(g, "pass", "pyramid @ 0,1", NULL);
  act(g, "pyramid @ 0,1");
  scored_at(g, 0, 1, 3);
  AWARDS({ 0, 15, "CIRCUS-14", ACRO, 0, 1 });
  put(g, 1, "place U @ 3,0 r0");
  AWARDS({ 1, 4, "BASE-22", ROAD, ANY, 0 });
  over(g, 15, 4);
  meeple_game_free(g);
}
END_TEST

/* RULES: CIRCUS-14.2, CIRCUS-14, CIRCUS-15, CIRCUS-12 */
START_TEST(circus14_2_one_total_each_in_seat_order)
{
  /*            x=-1   x=0    x=1    x=2
   *    y=0             D      U0
   *    y=1      B      AC     B      B
   *    y=2      B      B      B
   * Three players, farmers off.  T1 seat 0: AC, pass.  T2 seat 1: B
   * (1,1), pass.  T3 seat 2: B (-1,1) + acrobat.  T4 seat 0: B (1,2) +
   * acrobat.  T5 seat 1: B (-1,2) + acrobat: complete, one acrobat of
   * each seat, put on in the order 2, 0, 1.  T6 seat 2: B (0,2), pass.
   * T7 seat 0: B (2,1), pass.  T8 seat 1: U0 (1,0) scores the pyramid:
   * one total of 5 per seat (CIRCUS-14.2), in seat order 0, 1, 2.
   * 5 : 5 : 5. */
  MeepleGame *g = tu_game(rules, 3, AC " B B B B B B U", TRUE);
  put(g, 0, "place " AC " @ 0,1 r0");
  offers(g, "pass", "acrobat @ 0,1", NULL);
  act(g, "pass");
  turn(g, 1, "place B @ 1,1 r0", "pass");
  turn(g, 2, "place B @ -1,1 r0", "acrobat @ 0,1");
  acrobat_placed(g, 2, 0, 1, "CIRCUS-11");
  turn(g, 0, "place B @ 1,2 r0", "acrobat @ 0,1");
  turn(g, 1, "place B @ -1,2 r0", "acrobat @ 0,1");
  completed_at(g, 0, 1);
  turn(g, 2, "place B @ 0,2 r0", "pass");
  turn(g, 0, "place B @ 2,1 r0", "pass");
  put(g, 1, "place U @ 1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "pyramid @ 0,1", NULL);
  act(g, "pyramid @ 0,1");
  scored_at(g, 0, 1, 3);
  AWARDS({ 0, 5, "CIRCUS-14", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-14", ACRO, 0, 1 },
         { 2, 5, "CIRCUS-14", ACRO, 0, 1 });
  for (guint seat = 0; seat < 3; seat++) {
    ck_assert_uint_eq(home(g, seat), 7);
    ck_assert_int_eq(meeple_game_score(g, seat), 5);
  }
  ck_assert(meeple_game_is_over(g));
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* CIRCUS-15 Pyramid details                                            */
/* ------------------------------------------------------------------ */

/* RULES: CIRCUS-15, CIRCUS-14, CIRCUS-12, BASE-09 */
START_TEST(circus15_scored_by_a_stranger_then_built_again)
{
  /*            x=-1   x=0    x=1
   *    y=-1    B      E180   B
   *    y=0            D      U0
   *    y=1     B      AC     B
   *    y=2     B      B      B
   * Farmers off.  Blue's tiles above D are no neighbours of AC (0,1).
   * T1 Red: AC + acrobat.  T2 Blue: E180 closes D's city (no knight,
   * nothing scored); pass.  T3 Red: B (1,1) + acrobat.  T4 Blue: B
   * (1,-1), pass.  T5 Red: B (-1,1) + acrobat: 3 red, complete.  T6
   * Blue: B (-1,-1); Blue has no acrobat in the pyramid and scores it all
   * the same (CIRCUS-15): Red 15, nothing for Blue; the places are free.
   * T7 Red: B (1,2) + acrobat, T8 Blue: B (-1,2) + acrobat, T9 Red: B
   * (0,2) + acrobat: a second pyramid on the same tile (CIRCUS-15),
   * completed again (CIRCUS-12).  T10 Blue: U0 (1,0) scores it: Red 10,
   * Blue 5.  Nothing is left: 25 : 5. */
  MeepleGame *g = tu_game(rules, 2, AC " E B B B B B B B U", TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  put(g, 1, "place E @ 0,-1 r180");
  offers(g, "pass", "follower C1", "ringmaster C1", NULL);
  act(g, "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  NO_AWARDS();
  turn(g, 0, "place B @ 1,1 r0", "acrobat @ 0,1");
  put(g, 1, "place B @ 1,-1 r0");
  offers(g, "pass", "follower M", "ringmaster M", NULL);
  act(g, "pass");
  turn(g, 0, "place B @ -1,1 r0", "acrobat @ 0,1");
  completed_at(g, 0, 1);
  pyramid_is(g, 0, 1, 3, 0);

  put(g, 1, "place B @ -1,-1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1", NULL);
  act(g, "pyramid @ 0,1");
  scored_at(g, 0, 1, 3);
  AWARDS({ 0, 15, "CIRCUS-14", ACRO, 0, 1 });
  ck_assert_uint_eq(home(g, 0), 7);

  put(g, 0, "place B @ 1,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 0, 0, 1, "CIRCUS-11");
  turn(g, 1, "place B @ -1,2 r0", "acrobat @ 0,1");
  ck_assert_uint_eq(count(COMPLETED, NULL), 0);
  turn(g, 0, "place B @ 0,2 r0", "acrobat @ 0,1");
  completed_at(g, 0, 1);
  pyramid_is(g, 0, 1, 2, 1);

  put(g, 1, "place U @ 1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "pyramid @ 0,1", NULL);
  act(g, "pyramid @ 0,1");
  scored_at(g, 0, 1, 3);
  AWARDS({ 0, 10, "CIRCUS-14", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-14", ACRO, 0, 1 });
  over(g, 25, 5);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* CIRCUS-16 Acrobats at final scoring                                  */
/* ------------------------------------------------------------------ */

/* RULES: CIRCUS-16, BASE-22, BASE-25, CIRCUS-11.2 */
START_TEST(circus16_every_acrobat_five_complete_or_not)
{
  /*            x=-1   x=0    x=1
   *    y=0             D      U0
   *    y=1      AC     AC     B
   *    y=2             B
   * Farmers off.  T1 Red: AC (0,1) + acrobat.  T2 Blue: AC (-1,1) + an
   * acrobat on it (CIRCUS-10; (0,1) was offered too).  T3 Red: U0 (1,0),
   * a robber.  T4 Blue: B (1,1) + acrobat on (0,1).  T5 Red: B (0,2),
   * next to both acrobat tiles: acrobat on (0,1), complete (R, B, R).
   * The game ends with the complete pyramid unscored and an incomplete
   * one.  Final: the core first (the road D + U, open: Red 2, BASE-22),
   * then the acrobats, tiles in reading order, seats in order: (-1,1)
   * Blue 5; (0,1) Red 10, Blue 5 (CIRCUS-16).  No pyramid is scored as a
   * pyramid and the acrobat space is never scored as a feature.
   * 12 : 10. */
  MeepleGame *g = tu_game(rules, 2, AC " " AC " U B B", TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  put(g, 1, "place " AC " @ -1,1 r0");
  offers(g, "pass", "acrobat @ -1,1", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ -1,1");
  acrobat_placed(g, 1, -1, 1, "CIRCUS-10");
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  turn(g, 1, "place B @ 1,1 r0", "acrobat @ 0,1");
  put(g, 0, "place B @ 0,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1",
         "acrobat @ -1,1", NULL);
  act(g, "acrobat @ 0,1");
  completed_at(g, 0, 1);
  AWARDS({ 0, 2, "BASE-22", ROAD, ANY, 0 },
         { 1, 5, "CIRCUS-16", ACRO, -1, 1 },
         { 0, 10, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-16", ACRO, 0, 1 });
  ck_assert_uint_eq(count(SCORED, NULL), 0);
  pyramid_is(g, 0, 1, 2, 1);
  pyramid_is(g, -1, 1, 0, 1);
  over(g, 12, 10);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-04 The dragon eats acrobats                                        */
/* ------------------------------------------------------------------ */

/* RULES, PD-05, PD-09, PD-10, CIRCUS-14, CIRCUS-11,
 * CIRCUS-16 */
START_TEST(x04_dragon_eats_a_complete_pyramid)
{
  /*            x=-1   x=0    x=1
   *    y=0             D      RFr.d
   *    y=1      F.v    AC     B
   *    y=2             B
   * Farmers off.  T1 Red: AC + acrobat.  T2 Blue: B (1,1) + acrobat.  T3
   * Red: the volcano F.v at (-1,1): the dragon appears there (PD-05);
   * nothing may go on the volcano, but an acrobat on the neighbouring AC
   * may: Red completes the pyramid (R, B, R).  T4 Blue: the dragon
   * tile RFr.d0 east of D; the pyramid could be scored, Blue passes.  The
   * flight: Blue (-1,1) -> (0,1), its only neighbour: all three acrobats
   * are eaten (PD-10, X-04), back to their owners; Red (0,1) -> (1,1)
   * (or D); Blue -> (1,0); Red -> D; then a dead end: 4 steps, the dragon
   * stays on D.  The complete pyramid was never scored and cannot be
   * now.  T5 Red: B (0,2): the freed places take acrobats again;
   * Red puts one there.  Final: Red 5 (CIRCUS-16).  5 : 0. */
  MeepleGame *g =
      tu_game(rules, 2, AC " B " VOLCANO " " DRAGON_TILE " B", TRUE);
  put(g, 0, "place " AC " @ 0,1 r0");
  offers(g, "pass", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  put(g, 1, "place B @ 1,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");

  put(g, 0, "place " VOLCANO " @ -1,1 r0");
  neutral_at(g, DRAGON, -1, 1, NONE);
  offers(g, "pass", "acrobat @ 0,1", "fairy-move A @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 0, 0, 1, "CIRCUS-11");
  completed_at(g, 0, 1);
  pyramid_is(g, 0, 1, 2, 1);

  put(g, 1, "place " DRAGON_TILE " @ 1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "pyramid @ 0,1",
         "fairy-move A @ 0,1", NULL);
  act(g, "pass");
  step(g, 1, "0,1", "0,1", NULL);
  ck_assert_uint_eq(eaten(g, 0, 0, 1), 2);
  ck_assert_uint_eq(eaten(g, 1, 0, 1), 1);
  pyramid_is(g, 0, 1, 0, 0);
  ck_assert_uint_eq(home(g, 0), 7);
  ck_assert_uint_eq(home(g, 1), 7);
  step(g, 0, "1,1", "0,0", "1,1", NULL);
  step(g, 1, "1,0", "1,0", NULL);
  step(g, 0, "0,0", "0,0", NULL);
  flight_ended(0, 0, 4);
  ck_assert_uint_eq(count(SCORED, NULL), 0);
  NO_AWARDS();

  put(g, 0, "place B @ 0,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  refused(g, "pyramid @ 0,1");
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 0, 0, 1, "CIRCUS-11");
  AWARDS({ 0, 5, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 5, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-05 Nothing onto the dragon's tile                                  */
/* ------------------------------------------------------------------ */

/* RULES: X-05, PD-12, X-10, X-07, X-04, PD-05, PD-09, CIRCUS-16 */
START_TEST(x05_no_acrobat_onto_the_dragons_acrobat_tile)
{
  /*            x=0    x=1    x=2
   *    y=0     D      RFr.d  RRR.g180
   *    y=1     F.v    AC     AC
   *    y=2            F.v
   * Farmers off.  T1 Red: the volcano below D; the dragon appears; Red
   * has nothing to do: no figure decision.  T2 Blue: AC (1,1) + acrobat.
   * T3 Red: RFr.d0 east of D + acrobat on (1,1) (CIRCUS-11).  The flight:
   * Red (0,1) -> D, Blue -> (1,0), Red -> (1,1), eating both acrobats
   * then a dead end: the dragon stays on the acrobat tile.
   * T4 Blue: AC (2,1) beside it: only the new tile's acrobat is offered,
   * never the dragon's tile (X-05, PD-12); Blue puts an acrobat on
   * (2,1).  T5 Red: the portal RRR.g180 at (2,0): not even the portal
   * reaches the dragon's tile; the one acrobat action is (2,1),
   * a neighbour (CIRCUS-11); Red takes it.  T6 Blue: a second volcano
   * below (1,1): the dragon jumps there (PD-05) and (1,1) is free again:
   * acrobats on (1,1) and (2,1) are offered on the volcano turn;
   * Blue takes (1,1).
   * Final, reading order: (1,1) Blue 5; (2,1) Red 5, Blue 5.  5 : 10. */
  MeepleGame *g = tu_game(rules, 2,
                          VOLCANO " " AC " " DRAGON_TILE " " AC " " PORTAL
                          " " VOLCANO, TRUE);
  put(g, 0, "place " VOLCANO " @ 0,1 r0");
  neutral_at(g, DRAGON, 0, 1, NONE);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  put(g, 1, "place " AC " @ 1,1 r0");
  offers(g, "pass", "acrobat @ 1,1", NULL);
  act(g, "acrobat @ 1,1");
  put(g, 0, "place " DRAGON_TILE " @ 1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "acrobat @ 1,1", NULL);
  act(g, "acrobat @ 1,1");
  acrobat_placed(g, 0, 1, 1, "CIRCUS-11");
  step(g, 0, "0,0", "0,0", "1,1", NULL);
  step(g, 1, "1,0", "1,0", NULL);
  step(g, 0, "1,1", "1,1", NULL);
  flight_ended(1, 1, 3);
  ck_assert_uint_eq(eaten(g, 0, 1, 1), 1);
  ck_assert_uint_eq(eaten(g, 1, 1, 1), 1);
  pyramid_is(g, 1, 1, 0, 0);

  put(g, 1, "place " AC " @ 2,1 r0");
  offers(g, "pass", "acrobat @ 2,1", NULL);
  refused(g, "acrobat @ 1,1");
  act(g, "acrobat @ 2,1");
  acrobat_placed(g, 1, 2, 1, "CIRCUS-10");

  put(g, 0, "place " PORTAL " @ 2,0 r180");
  offered(g, "pass", "acrobat @ 2,1", NULL);
  ck_assert_uint_eq(n_of_kind(g, "acrobat"), 1);
  refused(g, "acrobat @ 1,1");
  act(g, "acrobat @ 2,1");
  acrobat_placed(g, 0, 2, 1, "CIRCUS-11");

  put(g, 1, "place " VOLCANO " @ 1,2 r0");
  neutral_at(g, DRAGON, 1, 2, NONE);
  offers(g, "pass", "acrobat @ 1,1", "acrobat @ 2,1", "fairy-move A @ 2,1",
         NULL);
  act(g, "acrobat @ 1,1");
  acrobat_placed(g, 1, 1, 1, "CIRCUS-11");
  AWARDS({ 1, 5, "CIRCUS-16", ACRO, 1, 1 },
         { 0, 5, "CIRCUS-16", ACRO, 2, 1 },
         { 1, 5, "CIRCUS-16", ACRO, 2, 1 });
  over(g, 5, 10);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-05, PD-12, PD-17.3, X-10, X-12, X-04, CIRCUS-13 */
START_TEST(x05_portal_reaches_neither_acrobat_nor_abbot_on_the_dragons_tile)
{
  /*            x=0    x=1    x=2
   *    y=0     D      RFr.d  RRR.g180
   *    y=1     F.v    AC
   * With The Abbot; farmers off.  T1 Red: the volcano below D; no figure
   * decision.  T2 Blue: AC (1,1): an acrobat, or the abbot in its garden
   * (ABBOT-02); Blue puts an acrobat.  T3 Red: RFr.d0 + acrobat on (1,1).
   * The flight, as in the previous test: D, (1,0), (1,1), where both
   * acrobats are eaten, then a dead end: the dragon stays on AC.  T4
   * Blue: the portal RRR.g180 at (2,0), a neighbour of AC: AC's garden is
   * unoccupied and unfinished, but it is the dragon's tile: neither the
   * abbot through the portal (PD-17.3, X-05) nor an acrobat
   * may go there: no acrobat action at all.  Blue passes.  Nothing is
   * left on the board: 0 : 0. */
  MeepleGame *g = tu_game(rules, 2,
                          VOLCANO " " AC " " DRAGON_TILE " " PORTAL, TRUE);
  put(g, 0, "place " VOLCANO " @ 0,1 r0");
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  put(g, 1, "place " AC " @ 1,1 r0");
  offers(g, "pass", "acrobat @ 1,1", "abbot G", NULL);
  act(g, "acrobat @ 1,1");
  put(g, 0, "place " DRAGON_TILE " @ 1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "acrobat @ 1,1", NULL);
  act(g, "acrobat @ 1,1");
  step(g, 0, "0,0", "0,0", "1,1", NULL);
  step(g, 1, "1,0", "1,0", NULL);
  step(g, 0, "1,1", "1,1", NULL);
  flight_ended(1, 1, 3);
  pyramid_is(g, 1, 1, 0, 0);

  put(g, 1, "place " PORTAL " @ 2,0 r180");
  ck_assert_uint_eq(n_of_kind(g, "acrobat"), 0);
  refused(g, "acrobat @ 1,1");
  refused(g, "portal abbot G @ 1,1");
  refused(g, "portal abbot A @ 1,1");
  act(g, "pass");
  NO_AWARDS();
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-07 Circus actions on a volcano turn                                */
/* ------------------------------------------------------------------ */

/* RULES: X-07, PD-06, PD-06.1, CIRCUS-11, CIRCUS-16 */
START_TEST(x07_acrobat_beside_a_new_volcano)
{
  /*            x=0    x=1
   *    y=0     D
   *    y=1     AC     F.v
   * Farmers on.  T1 Red: AC + acrobat.  T2 Blue: the volcano east of AC;
   * its field joins the big unoccupied south field, but no figure may go
   * on the volcano (PD-06): neither a farmer nor the ringmaster.  The
   * acrobat on the neighbouring AC is still allowed (X-07, PD-06.1):
   * Blue takes it.  Final: Red 5, Blue 5 (CIRCUS-16).  5 : 5. */
  MeepleGame *g = tu_game(rules, 2, AC " " VOLCANO, FALSE);
  put(g, 0, "place " AC " @ 0,1 r0");
  offers(g, "pass", "follower F1", "ringmaster F1", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  put(g, 1, "place " VOLCANO " @ 1,1 r0");
  neutral_at(g, DRAGON, 1, 1, NONE);
  offers(g, "pass", "acrobat @ 0,1", NULL);
  refused(g, "follower F1");
  refused(g, "ringmaster F1");
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 1, 0, 1, "CIRCUS-11");
  AWARDS({ 0, 5, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 5, 5);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-07, PD-06.1, CIRCUS-14, ABBOT-06, ABBOT-07, X-12, X-26,
 * CIRCUS-16 */
START_TEST(x07_pyramid_or_abbot_on_a_volcano_turn)
{
  /*            x=-1   x=0    x=1
   *    y=0             D
   *    y=1      B      AC     B
   *    y=2      B             F.v
   * With The Abbot; farmers off.  T1 Red: AC + acrobat (the garden was
   * offered to the abbot).  T2 Blue: B (-1,1) + acrobat.  T3 Red: B (1,1)
   * with the abbot on its monastery.  T4 Blue: B (-1,2) + acrobat: the
   * pyramid is complete (R, B, B).  T5 Red: the volcano at (1,2): nothing
   * on it (PD-06), but Red may score the pyramid, take the abbot back or
   * move the fairy — one of them.
   * (a) pyramid: Red 5, Blue 10 (CIRCUS-14); final: the abbot's
   *     monastery (1,1) with D, AC and the volcano around: 1 + 3 = 4
   *     (ABBOT-07).  9 : 10.
   * (b) abbot back (a clone): 1 + 3 = 4 (ABBOT-06); final: the acrobats,
   *     Red 5, Blue 10 (CIRCUS-16).  9 : 10. */
  MeepleGame *g = tu_game(rules, 2, AC " B B B " VOLCANO, TRUE);
  put(g, 0, "place " AC " @ 0,1 r0");
  offers(g, "pass", "acrobat @ 0,1", "abbot G", NULL);
  act(g, "acrobat @ 0,1");
  put(g, 1, "place B @ -1,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "abbot M", "acrobat @ 0,1",
         NULL);
  act(g, "acrobat @ 0,1");
  put(g, 0, "place B @ 1,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "abbot M", "acrobat @ 0,1",
         "fairy-move A @ 0,1", NULL);
  act(g, "abbot M");
  put(g, 1, "place B @ -1,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "abbot M", "acrobat @ 0,1",
         "fairy-move A @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  completed_at(g, 0, 1);
  pyramid_is(g, 0, 1, 1, 2);

  put(g, 0, "place " VOLCANO " @ 1,2 r0");
  neutral_at(g, DRAGON, 1, 2, NONE);
  offers(g, "pass", "pyramid @ 0,1", "abbot-return M @ 1,1",
         "fairy-move A @ 0,1", "fairy-move M @ 1,1", NULL);

  MeepleGame *c = fork_game(g);
  act(c, "abbot-return M @ 1,1");
  ck_assert_uint_eq(count(SCORED, NULL), 0);
  AWARDS({ 0, 4, "ABBOT-06", CLOISTER, 1, 1 },
         { 0, 5, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 10, "CIRCUS-16", ACRO, 0, 1 });
  over(c, 9, 10);
  meeple_game_free(c);

  g_array_set_size(ev, 0);
  act(g, "pyramid @ 0,1");
  scored_at(g, 0, 1, 3);
  AWARDS({ 0, 5, "CIRCUS-14", ACRO, 0, 1 },
         { 1, 10, "CIRCUS-14", ACRO, 0, 1 },
         { 0, 4, "ABBOT-07", CLOISTER, 1, 1 });
  over(g, 9, 10);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-08 Fairy with an acrobat pyramid                                   */
/* ------------------------------------------------------------------ */

/* RULES: .E1, X-08.1, PD-20, PD-23, X-09, CIRCUS-16, AMB-16 */
START_TEST(x08_e1_fairy_at_a_pyramid_of_two_red_and_one_blue)
{
  /*            x=-1   x=0    x=1
   *    y=0      U0     D      RFr.d
   *    y=1      F.v    AC     B      B
   *    y=2                    B
   * Farmers off.  T1-T3: the E1 pyramid at (0,1), 2 red + 1 blue.
   * T4 Blue: U0 (-1,0); Blue moves the fairy to his acrobat: it belongs
   * to the whole pyramid.  Start of Red's turn 5: Red +2, one
   * total, although Blue moved the fairy (AMB-16).  T5 Red: the
   * volcano (-1,1), pass.  Start of Blue's turn 6: Blue +1.  T6 Blue: the
   * dragon tile RFr.d0 (1,0), pass.  The flight starts at (-1,1) and may
   * never enter (0,1), the fairy's tile (PD-23): Blue -> U (-1,0), Red ->
   * D, Blue -> (1,0), Red -> (1,1), Blue -> (1,2), then a dead end
   * (5 steps); the acrobats survive.  Start of Red's turn 7: Red +2.
   * T7 Red: B (2,1), pass.  Final: Red 10, Blue 5 (CIRCUS-16), no fairy
   * +3.  Red 2 + 2 + 10 = 14, Blue 1 + 5 = 6.  14 : 6. */
  MeepleGame *g = tu_game(rules, 2,
                          AC " B B U " VOLCANO " " DRAGON_TILE " B", TRUE);
  e1_pyramid(g, TRUE);
  put(g, 1, "place U @ -1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "pyramid @ 0,1",
         "fairy-move A @ 0,1", NULL);
  act(g, "fairy-move A @ 0,1");
  neutral_at(g, FAIRY, 0, 1, spot(g, 0, 1));
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, "PD-20"), 1);
  turn_starts(0, 2, 0, 1);

  put(g, 0, "place " VOLCANO " @ -1,1 r0");
  /* Red's acrobats stand where the fairy already is */
  offers(g, "pass", "pyramid @ 0,1", NULL);
  act(g, "pass");
  turn_starts(1, 1, 0, 1);

  put(g, 1, "place " DRAGON_TILE " @ 1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "pyramid @ 0,1", NULL);
  act(g, "pass");
  step(g, 1, "-1,0", "-1,0", NULL);
  step(g, 0, "0,0", "0,0", NULL);
  step(g, 1, "1,0", "1,0", NULL);
  step(g, 0, "1,1", "1,1", NULL);
  step(g, 1, "1,2", "1,2", NULL);
  flight_ended(1, 2, 5);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  pyramid_is(g, 0, 1, 2, 1);
  turn_starts(0, 2, 0, 1);

  put(g, 0, "place B @ 2,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1", NULL);
  act(g, "pass");
  AWARDS({ 0, 10, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-16", ACRO, 0, 1 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_POINTS_SCORED, "PD-24"), 0);
  over(g, 14, 6);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-08, PD-20, X-08.1, CIRCUS-16 */
START_TEST(x08_one_fairy_move_per_pyramid)
{
  /*            x=0    x=1    x=2
   *    y=0     D
   *    y=1     AC     B      B      B (3,1)
   *    y=2            B      B
   * Farmers off.  T1-T3: the E1 pyramid.  T4 Blue: B (2,1), pass.  T5
   * Red: B (2,2): Red has two acrobats in the pyramid, yet they are one
   * place for the fairy: "fairy-move A @ 0,1" is offered once.  Red moves
   * it.  Start of Blue's turn 6: Blue +1.  T6 Blue: B (3,1): his
   * only follower stands where the fairy is, so no fairy move is
   * offered; pass.  Final: Red 10, Blue 5.  10 : 6. */
  MeepleGame *g = tu_game(rules, 2, AC " B B B B B", TRUE);
  e1_pyramid(g, TRUE);
  put(g, 1, "place B @ 2,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1",
         "fairy-move A @ 0,1", NULL);
  act(g, "pass");
  put(g, 0, "place B @ 2,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1",
         "fairy-move A @ 0,1", NULL);
  act(g, "fairy-move A @ 0,1");
  neutral_at(g, FAIRY, 0, 1, spot(g, 0, 1));
  turn_starts(1, 1, 0, 1);
  put(g, 1, "place B @ 3,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1", NULL);
  act(g, "pass");
  AWARDS({ 0, 10, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 10, 6);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-09 No fairy +3 for acrobats                                        */
/* ------------------------------------------------------------------ */

/* RULES, CIRCUS-14, PD-21, AMB-03, CIRCUS-16 */
START_TEST(x09_no_fairy_bonus_when_the_pyramid_is_scored)
{
  /*            x=-1   x=0    x=1    x=2
   *    y=0      U0     D
   *    y=1      B      AC     B      B
   *    y=2      B      B      B
   * Farmers off.  T1-T3: the E1 pyramid.  T4 Blue: U0 (-1,0), the fairy
   * to the pyramid.  Start of Red's turn: +2.  T5 Red: B (2,1),
   * scores the pyramid: Red 10, Blue 5 (CIRCUS-14) and no +3 for the
   * fairy.  The acrobats go home; the fairy stays on the tile,
   * attached to nobody (PD-21, AMB-03).  Start of Blue's turn: nothing.
   * T6 Blue: B (0,2) + a new acrobat on (0,1), beside the lone fairy; it
   * is not attached to the new pyramid (AMB-03: until moved).  Start of
   * Red's turn: nothing.  T7 Red: B (-1,1), pass; start of Blue's turn:
   * nothing.  T8 Blue: B (-1,2), pass (the fairy could be moved to his
   * acrobat now).  Final: Blue 5 (CIRCUS-16).
   * Red 2 + 10 = 12, Blue 5 + 5 = 10.  12 : 10. */
  MeepleGame *g = tu_game(rules, 2, AC " B B U B B B B", TRUE);
  e1_pyramid(g, TRUE);
  put(g, 1, "place U @ -1,0 r0");
  act(g, "fairy-move A @ 0,1");
  turn_starts(0, 2, 0, 1);

  put(g, 0, "place B @ 2,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1", NULL);
  act(g, "pyramid @ 0,1");
  scored_at(g, 0, 1, 3);
  AWARDS({ 0, 10, "CIRCUS-14", ACRO, 0, 1 },
         { 1, 5, "CIRCUS-14", ACRO, 0, 1 });
  MeepleFigureInfo fairy = neutral(g, FAIRY);
  ck_assert(fairy.on_board);
  ck_assert_int_eq(fairy.x, 0);
  ck_assert_int_eq(fairy.y, 1);
  turn_starts(1, 0, 0, 1);

  put(g, 1, "place B @ 0,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 1, 0, 1, "CIRCUS-11");
  turn_starts(0, 0, 0, 1);
  turn(g, 0, "place B @ -1,1 r0", "pass");
  turn_starts(1, 0, 0, 1);
  put(g, 1, "place B @ -1,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1",
         "fairy-move A @ 0,1", NULL);
  act(g, "pass");
  AWARDS({ 1, 5, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 12, 10);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-10 Portal to an acrobat tile                                       */
/* ------------------------------------------------------------------ */

/* RULES: X-10, CIRCUS-11.1, CIRCUS-13, PD-16, PD-18.1, CIRCUS-12,
 * CIRCUS-16 */
START_TEST(x10_portal_to_any_acrobat_tile_even_a_surrounded_one)
{
  /*            x=-2   x=-1   x=0    x=1    x=2
   *    y=0             U0     D      U0     RRR.g0
   *    y=1      AC     B      AC     B
   *    y=2             B      B      B
   * Farmers off.  T1 Red: AC (0,1) + acrobat.  T2 Blue: U0 (-1,0) +
   * acrobat on (0,1).  T3-T8: U0 (1,0), B (-1,1), B (1,1), B (-1,2),
   * B (0,2), B (1,2), all passes: (0,1) has no empty cell left around it
   * (CIRCUS-11.1).  T9 Red: AC (-2,1), pass.  T10 Blue: the portal
   * RRR.g0 at (2,0), no neighbour of either acrobat tile: through the
   * portal a normal follower may go onto any acrobat tile with a free
   * place: (0,1) and (-2,1), and nothing else of the acrobat kind.
   * Blue completes (0,1) (R, B, B), rule X-10.  Final: Red 5, Blue 10.
   * 5 : 10. */
  MeepleGame *g = tu_game(rules, 2,
                          AC " U U B B B B B " AC " " PORTAL, TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  put(g, 1, "place U @ -1,0 r0");
  offers(g, "pass", "follower R1", "ringmaster R1", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  static const char *const around[] = {
    "place U @ 1,0 r0",  "place B @ -1,1 r0", "place B @ 1,1 r0",
    "place B @ -1,2 r0", "place B @ 0,2 r0",  "place B @ 1,2 r0",
  };
  for (guint i = 0; i < G_N_ELEMENTS(around); i++) {
    put(g, i % 2, around[i]);
    offered(g, "pass", "acrobat @ 0,1", "fairy-move A @ 0,1", NULL);
    act(g, "pass");
  }
  ck_assert_uint_eq(placed_around(g, 0, 1), 8);
  put(g, 0, "place " AC " @ -2,1 r0");
  offers(g, "pass", "acrobat @ -2,1", "fairy-move A @ 0,1", NULL);
  act(g, "pass");

  put(g, 1, "place " PORTAL " @ 2,0 r0");
  ck_assert_uint_eq(n_of_kind(g, "acrobat"), 2);
  offered(g, "pass", "acrobat @ 0,1", "acrobat @ -2,1", NULL);
  /* CIRCUS-13 still applies: only "acrobat" puts a normal follower there,
   * the portal's own placement takes no one onto an acrobat space */
  refused(g, "portal ringmaster A @ 0,1");
  refused(g, "portal follower A @ 0,1");
  act(g, "acrobat @ 0,1");
  acrobat_placed(g, 1, 0, 1, "X-10");
  completed_at(g, 0, 1);
  AWARDS({ 0, 5, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 10, "CIRCUS-16", ACRO, 0, 1 });
  over(g, 5, 10);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-26 / AMB-02 One figure action per turn                             */
/* ------------------------------------------------------------------ */

/* RULES: X-26, AMB-02, X-08, CIRCUS-14, CIRCUS-11, ABBOT-06, ABBOT-06.1,
 * PD-20 */
START_TEST(x26_fairy_acrobat_pyramid_or_abbot_one_per_turn)
{
  /*            x=0    x=1    x=2
   *    y=0     D
   *    y=1     AC     AC     B
   *    y=2     B      B      (B, T6)
   * With The Abbot; farmers off.  T1 Red: AC (0,1) + acrobat.  T2 Blue:
   * AC (1,1) + acrobat on (0,1) (CIRCUS-11.2).  T3 Red: B (0,2), the
   * abbot on its monastery.  T4 Blue: B (1,2) + acrobat on (0,1): the
   * pyramid is complete (R, B, B).  T5 Red: B (2,1), a neighbour of (1,1)
   * only: Red may put an acrobat on (1,1), score the pyramid, move the
   * fairy to his acrobat or his abbot, take the abbot back, or put a
   * follower or the ringmaster on the monastery — exactly one; after any
   * one of them the turn goes on to Blue (X-26, AMB-02).
   * (a) fairy to the pyramid: nothing else happens; start of Blue's turn:
   *     Blue +2.
   * (b) pyramid: Red 5, Blue 10; the fairy stays beside the board.
   * (c) acrobat on (1,1) (CIRCUS-11): no pyramid scored, no fairy.
   * (d) abbot back: B (0,2) with AC, AC and B (1,2) around: 1 + 3 = 4
   *     (ABBOT-06), nothing else. */
  MeepleGame *g = tu_game(rules, 2, AC " " AC " B B B B", TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  put(g, 1, "place " AC " @ 1,1 r0");
  offers(g, "pass", "acrobat @ 1,1", "acrobat @ 0,1", "abbot G", NULL);
  act(g, "acrobat @ 0,1");
  put(g, 0, "place B @ 0,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "abbot M", "acrobat @ 0,1",
         "acrobat @ 1,1", "fairy-move A @ 0,1", NULL);
  act(g, "abbot M");
  put(g, 1, "place B @ 1,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "abbot M", "acrobat @ 0,1",
         "acrobat @ 1,1", "fairy-move A @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  completed_at(g, 0, 1);

  put(g, 0, "place B @ 2,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 1,1",
         "pyramid @ 0,1", "fairy-move A @ 0,1", "fairy-move M @ 0,2",
         "abbot-return M @ 0,2", NULL);

  MeepleGame *c = fork_game(g);
  act(c, "fairy-move A @ 0,1");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, "PD-20"), 1);
  ck_assert_uint_eq(count(SCORED, NULL), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  decision_is(c, MEEPLE_DECISION_PLACE_TILE, 1);
  turn_starts(1, 2, 0, 1);
  pyramid_is(c, 1, 1, 0, 0);
  meeple_game_free(c);

  c = fork_game(g);
  act(c, "pyramid @ 0,1");
  scored_at(c, 0, 1, 3);
  AWARDS({ 0, 5, "CIRCUS-14", ACRO, 0, 1 },
         { 1, 10, "CIRCUS-14", ACRO, 0, 1 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert(!neutral(c, FAIRY).on_board);
  decision_is(c, MEEPLE_DECISION_PLACE_TILE, 1);
  meeple_game_free(c);

  c = fork_game(g);
  act(c, "acrobat @ 1,1");
  acrobat_placed(c, 0, 1, 1, "CIRCUS-11");
  ck_assert_uint_eq(count(SCORED, NULL), 0);
  ck_assert(!neutral(c, FAIRY).on_board);
  NO_AWARDS();
  decision_is(c, MEEPLE_DECISION_PLACE_TILE, 1);
  meeple_game_free(c);

  g_array_set_size(ev, 0);
  act(g, "abbot-return M @ 0,2");
  AWARDS({ 0, 4, "ABBOT-06", CLOISTER, 0, 2 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert_uint_eq(count(SCORED, NULL), 0);
  ck_assert(!neutral(g, FAIRY).on_board);
  pyramid_is(g, 0, 1, 1, 2);
  pyramid_is(g, 1, 1, 0, 0);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  meeple_game_free(g);
}
END_TEST

/* RULES: AMB-02, CIRCUS-14, CIRCUS-15, CIRCUS-11.2 */
START_TEST(amb02_at_most_one_pyramid_per_turn)
{
  /*            x=-1   x=0    x=1    x=2
   *    y=0             D
   *    y=1      B      AC     AC     B
   *    y=2      B      B      B      B
   * Farmers off.  T1 Red: AC (0,1) + acrobat.  T2 Blue: AC (1,1) + an
   * acrobat on it.  T3 Red: B (0,2) + acrobat on (0,1).  T4 Blue: B (1,2)
   * + acrobat on (1,1).  T5 Red: B (-1,1) + acrobat on (0,1): 3 red,
   * complete.  T6 Blue: B (2,1) + acrobat on (1,1): 3 blue, complete.
   * T7 Red: B (2,2): both pyramids may be scored, but only one of them
   * (AMB-02); Red scores Blue's (CIRCUS-15): Blue 15; the turn is over,
   * Red's pyramid still stands.  T8 Blue: B (-1,2) scores Red's: Red 15.
   * 15 : 15. */
  MeepleGame *g = tu_game(rules, 2, AC " " AC " B B B B B B", TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  turn(g, 1, "place " AC " @ 1,1 r0", "acrobat @ 1,1");
  put(g, 0, "place B @ 0,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1",
         "acrobat @ 1,1", NULL);
  act(g, "acrobat @ 0,1");
  turn(g, 1, "place B @ 1,2 r0", "acrobat @ 1,1");
  put(g, 0, "place B @ -1,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 0,1", NULL);
  act(g, "acrobat @ 0,1");
  completed_at(g, 0, 1);
  put(g, 1, "place B @ 2,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "acrobat @ 1,1",
         "pyramid @ 0,1", NULL);
  act(g, "acrobat @ 1,1");
  completed_at(g, 1, 1);
  pyramid_is(g, 0, 1, 3, 0);
  pyramid_is(g, 1, 1, 0, 3);

  put(g, 0, "place B @ 2,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1",
         "pyramid @ 1,1", NULL);
  act(g, "pyramid @ 1,1");
  scored_at(g, 1, 1, 3);
  AWARDS({ 1, 15, "CIRCUS-14", ACRO, 1, 1 });
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  pyramid_is(g, 0, 1, 3, 0);

  put(g, 1, "place B @ -1,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1", NULL);
  act(g, "pyramid @ 0,1");
  scored_at(g, 0, 1, 3);
  AWARDS({ 0, 15, "CIRCUS-14", ACRO, 0, 1 });
  over(g, 15, 15);
  meeple_game_free(g);
}
END_TEST

/* RULES: AMB-02, AMB-05, PD-13, PD-14, PD-14.1, X-26, BASE-17, CIRCUS-11,
 * CIRCUS-16 */
START_TEST(amb02_princess_removal_is_the_turns_figure_action)
{
  /*            x=-1   x=0       x=1
   *    y=-1            Cc!.p180  E270
   *    y=0      AR270  D         U0        AR = BT/ffrf.ac
   * Farmers off.  T1 Red: U0 (1,0), pass.  T2 Blue: AR270 (-1,0) + an
   * acrobat on it.  T3 Red: E270 (1,-1), a knight in its city (open to
   * the west).  T4 Blue: the princess tile at (0,-1) joins D's cap and
   * E's city: 3 tiles, completed, with Red's knight: the "princess"
   * decision.  The princess tile is a diagonal neighbour of AR (-1,0),
   * whose pyramid has free places.
   * (a) Blue sends the knight home (PD-13): that spends the turn's figure
   *     action (AMB-05, AMB-02): no figure decision at all, though an
   *     acrobat would have been allowed; the city scores nobody.  Final:
   *     Blue's acrobat 5.  0 : 5.
   * (b) Blue passes (a clone): the figure decision offers the acrobat
   *     (CIRCUS-11) and the fairy; Blue puts an acrobat; the city: Red
   *     2 x 3 = 6 (BASE-17).  Final: Blue 10.  6 : 10. */
  MeepleGame *g = tu_game(rules, 2, "U " AR " E " PRINCESS_TILE, TRUE);
  turn(g, 0, "place U @ 1,0 r0", "pass");
  put(g, 1, "place " AR " @ -1,0 r270");
  offers(g, "pass", "follower R1", "ringmaster R1", "acrobat @ -1,0", NULL);
  act(g, "acrobat @ -1,0");
  put(g, 0, "place E @ 1,-1 r270");
  offers(g, "pass", "follower C1", "ringmaster C1", NULL);
  act(g, "follower C1");

  put(g, 1, "place " PRINCESS_TILE " @ 0,-1 r180");
  decision_is(g, PRINCESS, 1);
  offers(g, "pass", "princess-remove C1 @ 1,-1", NULL);

  MeepleGame *c = fork_game(g);
  act(c, "pass");
  decision_is(c, MEEPLE_DECISION_PLACE_FIGURE, 1);
  offers(c, "pass", "acrobat @ -1,0", "fairy-move A @ -1,0", NULL);
  act(c, "acrobat @ -1,0");
  acrobat_placed(c, 1, -1, 0, "CIRCUS-11");
  AWARDS({ 0, 6, "BASE-17", CITY, ANY, 0 },
         { 1, 10, "CIRCUS-16", ACRO, -1, 0 });
  over(c, 6, 10);
  meeple_game_free(c);

  g_array_set_size(ev, 0);
  act(g, "princess-remove C1 @ 1,-1");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "PD-13"), 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  AWARDS({ 1, 5, "CIRCUS-16", ACRO, -1, 0 });
  pyramid_is(g, -1, 0, 0, 1);
  over(g, 0, 5);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* AMB-16 Fairy points at a mixed pyramid                               */
/* ------------------------------------------------------------------ */

/* RULES: AMB-16, X-08, X-08.1, CIRCUS-16 */
START_TEST(amb16_each_player_scores_own_acrobats_at_own_turn)
{
  /*            x=-2   x=-1   x=0    x=1    x=2
   *    y=0                    D
   *    y=1      B      B      AC     B      B
   *    y=2      B      B      B      B      B
   * Three players, farmers off.  T1 seat 0: AC + acrobat.  T2 seat 1:
   * B (1,1) + acrobat.  T3 seat 2: B (-1,1), pass.  T4 seat 0: B (1,2),
   * pass.  T5 seat 1: B (-1,2) + acrobat: complete, seat 0 x 1, seat 1
   * x 2.  T6 seat 2: B (0,2): no follower on the board, no fairy move;
   * pass.  T7 seat 0 moves the fairy to the pyramid.  Start of seat 1's
   * turn: +2; seat 2's turn: nothing; seat 0's turn: +1 (AMB-16 (a):
   * every player at the start of his own turn, 1 per own acrobat, not
   * only the one who moved the fairy).  T8-T10: B (2,1), B (-2,1),
   * B (-2,2), passes.  Final: seat 0 5, seat 1 10 (CIRCUS-16).
   * Seat 0: 1 + 5 = 6, seat 1: 2 + 10 = 12, seat 2: 0. */
  MeepleGame *g = tu_game(rules, 3, AC " B B B B B B B B B", TRUE);
  turn(g, 0, "place " AC " @ 0,1 r0", "acrobat @ 0,1");
  turn(g, 1, "place B @ 1,1 r0", "acrobat @ 0,1");
  turn(g, 2, "place B @ -1,1 r0", "pass");
  turn(g, 0, "place B @ 1,2 r0", "pass");
  turn(g, 1, "place B @ -1,2 r0", "acrobat @ 0,1");
  completed_at(g, 0, 1);
  pyramid_is(g, 0, 1, 1, 2);
  put(g, 2, "place B @ 0,2 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1", NULL);
  act(g, "pass");
  put(g, 0, "place B @ 2,1 r0");
  offers(g, "pass", "follower M", "ringmaster M", "pyramid @ 0,1",
         "fairy-move A @ 0,1", NULL);
  act(g, "fairy-move A @ 0,1");
  turn_starts(1, 2, 0, 1);
  turn(g, 1, "place B @ 2,2 r0", "pass");
  turn_starts(2, 0, 0, 1);
  turn(g, 2, "place B @ -2,1 r0", "pass");
  turn_starts(0, 1, 0, 1);
  turn(g, 0, "place B @ -2,2 r0", "pass");
  AWARDS({ 0, 5, "CIRCUS-16", ACRO, 0, 1 },
         { 1, 10, "CIRCUS-16", ACRO, 0, 1 });
  ck_assert(meeple_game_is_over(g));
  ck_assert_int_eq(meeple_game_score(g, 0), 6);
  ck_assert_int_eq(meeple_game_score(g, 1), 12);
  ck_assert_int_eq(meeple_game_score(g, 2), 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *
rules_circus_acrobats_suite(void)
{
  Suite *s = suite_create("rules-circus-acrobats");
  TCase *tc = NULL;
  /* one test case per rule ID, each with fresh rules */
#define RULE(id, set_up)                                                   \
  (tc = tcase_create(id), tcase_add_checked_fixture(tc, set_up, teardown),  \
   suite_add_tcase(s, tc))
  RULE("CIRCUS-10", setup_c);
  tcase_add_test(tc, circus10_e1_red_puts_an_acrobat_on_a_free_place);
  tcase_add_test(tc, circus10_or_the_tiles_own_road_as_usual);
  RULE("CIRCUS-11", setup_c);
  tcase_add_test(tc, circus11_e1_blue_beside_red_then_a_diagonal_tile);
  tcase_add_test(tc, circus11_the_eight_neighbours_and_no_farther);
  tcase_add_test(tc, circus11_14_lists_hold_past_the_remembered_tiles);
  tcase_add_test(tc, circus11_1_a_surrounded_pyramid_grows_no_more);
  tcase_add_test(tc, circus11_2_the_new_acrobat_tile_or_its_neighbour);
  RULE("CIRCUS-12", setup_c);
  tcase_add_test(tc, circus12_three_at_most_completed_once);
  RULE("CIRCUS-13", setup_c);
  tcase_add_test(tc, circus13_no_normal_follower_left_no_acrobat);
  RULE("CIRCUS-13-abbot", setup_pda);
  tcase_add_test(tc, circus13_neither_ringmaster_nor_abbot);
  RULE("CIRCUS-14", setup_c);
  tcase_add_test(tc, circus14_e1_red_ten_blue_five);
  tcase_add_test(tc, circus14_1_before_the_turns_feature_scoring);
  tcase_add_test(tc, circus14_any_pyramid_any_tile_asks_the_figure_decision);
  tcase_add_test(tc, circus14_2_one_total_each_in_seat_order);
  RULE("CIRCUS-15", setup_c);
  tcase_add_test(tc, circus15_scored_by_a_stranger_then_built_again);
  RULE("CIRCUS-16", setup_c);
  tcase_add_test(tc, circus16_every_acrobat_five_complete_or_not);
  RULE("X-04", setup_pd);
  tcase_add_test(tc, x04_dragon_eats_a_complete_pyramid);
  RULE("X-05", setup_pd);
  tcase_add_test(tc, x05_no_acrobat_onto_the_dragons_acrobat_tile);
  RULE("X-05-abbot", setup_pda);
  tcase_add_test(tc,
                 x05_portal_reaches_neither_acrobat_nor_abbot_on_the_dragons_tile);
  RULE("X-07", setup_pd);
  tcase_add_test(tc, x07_acrobat_beside_a_new_volcano);
  RULE("X-07-abbot", setup_pda);
  tcase_add_test(tc, x07_pyramid_or_abbot_on_a_volcano_turn);
  RULE("X-08", setup_pd);
  tcase_add_test(tc, x08_e1_fairy_at_a_pyramid_of_two_red_and_one_blue);
  tcase_add_test(tc, x08_one_fairy_move_per_pyramid);
  RULE("X-09", setup_pd);
  tcase_add_test(tc, x09_no_fairy_bonus_when_the_pyramid_is_scored);
  RULE("X-10", setup_pd);
  tcase_add_test(tc, x10_portal_to_any_acrobat_tile_even_a_surrounded_one);
  RULE("X-26", setup_pda);
  tcase_add_test(tc, x26_fairy_acrobat_pyramid_or_abbot_one_per_turn);
  RULE("AMB-02", setup_c);
  tcase_add_test(tc, amb02_at_most_one_pyramid_per_turn);
  RULE("AMB-02-princess", setup_pd);
  tcase_add_test(tc, amb02_princess_removal_is_the_turns_figure_action);
  RULE("AMB-16", setup_pd);
  tcase_add_test(tc, amb16_each_player_scores_own_acrobats_at_own_turn);
#undef RULE
  return s;
}

int
main(void)
{
  return tu_run_suite(rules_circus_acrobats_suite());
}
