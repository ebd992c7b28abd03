/* test-rules-spell-circles.c — scenario tests of Spell Circles (RULES §7,
 * SC-01..SC-11, the C3 mini expansion to the mist of Ghosts, Castles and
 * Cemeteries) and of its interactions with The Princess & the Dragon, The
 * Abbot, Under the Big Top and Mage & Witch (X-22, X-23, X-24; AMB-30,
 * AMB-32..AMB-35).
 *
 * As in test-rules-circus-acrobats.c, every test builds its board from a
 * fixed tile order (tu_game), plays it by notation and asserts exact ghost
 * counts, positions, points and the order of the events; every number is
 * worked out by hand from data/tiles/base.tiles, mist.tiles and
 * spell-circles.tiles (PROVISIONAL layouts SCX-01..SCX-09 and GCX-..), and
 * each test draws its board in a comment.
 *
 * Board conventions: the start tile D lies at (0,0) unturned (city cap
 * north, road west-east, fields north and south of the road; no mist); x
 * grows east, y grows SOUTH.  A tile turned rN moves its canonical north
 * side N degrees clockwise (half-edges move by 2 per quarter turn).  "~"
 * marks mist.  The 8 NEIGHBOURS of a cell are the cells around it,
 * diagonals included (SC-04).  Edges N E S W of the turned tiles used:
 *   SCX-01     F~ F~ F~ F~  whole tile misty, 2 circles (on F1)
 *   SCX-02r90  C  F~ C  F   city N-S; E side misty (F1, 1 circle), W clear
 *   SCX-03r90  C  F~ C  F~  city N-S; E side area 1 (F1, 1 circle), W side
 *                           area 2 (F2, 1 circle): two separate mists
 *   SCX-04r180 F~ F~ C  F~  city cap S; field misty N, E, W (F1, 1 circle)
 *   SCX-05     C  F~ C  F~  caps N (C1) and S (C2); field E-W misty (F1,
 *   SCX-05r90  F~ C  F~ C   2 circles)
 *   SCX-07     F~ R~ F~ R~  road and both fields one mist, 3 circles (F1)
 *   SCX-07r90  R~ F~ R~ F~
 *   SCX-09     C  R~ F~ R~  city N; road and south field misty (2 circles
 *                           on F2), north strip F1 (En, Wn) clear
 *   GCX-03     C  F~ C  F~  as SCX-05 without circles
 *   GCX-06r90  C  F~ C  F   city N-S; E side misty, W side clear
 *   GCX-06r270 C  F  C  F~  city N-S; W side misty, E side clear
 *   GCX-09r90  C  F~ C  F~  city N-S; E side area 1, W side area 2
 *   GCX-10r90  C  C  C  R~  road stub W with both W halves misty
 *   GCX-14     F~ R~ F~ R~  as SCX-07 without circles
 *   A270 F R F F (road E ends at the monastery)   A90 F F F R (road W)
 *   B F F F F monastery   U F R F R   E180 F F C F   D C R F R
 * Every mist edge of a SCX/GCX tile used here covers both halves of that
 * edge and, on a road edge, the road too.
 *
 * The interface (doc/mist.md): the ghost state is the mist plugin's slot
 * (plugins/mist/mist.h, MistState: bank, haunts, circles).  In
 * PLACE_GHOSTS: mist-thickened / mist-dispersed (arg = mist/clear
 * contacts) / mist-completed (arg = tiles) first, then G1 SC-03, G2 SC-04,
 * G3 MIST-07, G4 SC-06, G5 SC-07, G6 MIST-08, G7 SC-08 (AMB-35).  Each
 * ghost to a follower is one ghost-added event (arg = ghosts on it now);
 * decision "haunt" when more than one follower may take it.  Filling:
 * ghost-raised (arg = ghosts left on the follower) / circle-emptied, then
 * circle-filled (arg = ghosts in the circles now); decision "fill-circle"
 * only when more ghosts are within reach than the circles hold.  SC-06
 * asks "circle-ghost" only when more than one circle could give.
 *
 * To read the event order every test compares log(), one entry per
 * ghost-related event (and per figure-returned):
 *   thick                         mist-thickened
 *   disp N / done N               mist-dispersed (contacts) / -completed
 *   add RULE sS X,Y SEG =N        ghost-added to seat S's figure
 *   ret RULE sS X,Y SEG N         ghosts-returned (N back in the bank)
 *   lost RULE N                   ghost-lost
 *   raise sS X,Y SEG =N           ghost-raised (N left on the figure)
 *   fill X,Y SEG =N               circle-filled (N in those circles)
 *   empty RULE X,Y SEG N          circle-emptied (N taken out)
 *   home RULE sS X,Y SEG          figure-returned
 * SEG is the segment name on the tile at X,Y (circles: the segment that
 * carries {circles-N}).
 */
#include "scenario.h"
#include "testutil.h"

#include "../plugins/mist/mist.h"

#include <stdarg.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static MeepleRules *rules;   /* mist,spell-circles (+ the X rule sets) */
static guint SLOT;           /* the mist plugin's slot (MistState) */
static guint HAUNT, FILL, CIRCLE_GHOST;  /* decision kinds */
static guint THICK, DISP, DONE, ADDED, GRET, LOST, RAISED, FILLED, EMPTIED;

#define ROAD MEEPLE_KIND_ROAD
#define CITY MEEPLE_KIND_CITY
#define FIELD MEEPLE_KIND_FIELD
#define CLOISTER MEEPLE_KIND_MONASTERY
#define ANY ANY_CELL
/* MIST-16 names no feature: its points-scored event keeps kind 0. */
#define NO_FEATURE 0

#define AWARDS(...) SCENARIO_AWARDS(FALSE, __VA_ARGS__)

static void
resolve(void)
{
  int slot = meeple_rules_find_slot(rules, "mist");
  ck_assert_int_ge(slot, 0);
  SLOT = (guint)slot;
  HAUNT = tu_decision_kind(rules, "haunt");
  FILL = tu_decision_kind(rules, "fill-circle");
  CIRCLE_GHOST = tu_decision_kind(rules, "circle-ghost");
  THICK = tu_event_type(rules, "mist-thickened");
  DISP = tu_event_type(rules, "mist-dispersed");
  DONE = tu_event_type(rules, "mist-completed");
  ADDED = tu_event_type(rules, "ghost-added");
  GRET = tu_event_type(rules, "ghosts-returned");
  LOST = tu_event_type(rules, "ghost-lost");
  RAISED = tu_event_type(rules, "ghost-raised");
  FILLED = tu_event_type(rules, "circle-filled");
  EMPTIED = tu_event_type(rules, "circle-emptied");
}

static void
use(const char *ids)
{
  rules = tu_rules_with(ids);
  resolve();
  scenario_setup();
}

static void
setup_sc(void)
{
  use("mist,spell-circles");
}

static void
setup_pd(void)
{
  use("mist,spell-circles,princess-dragon");
}

static void
setup_abbot_circus(void)
{
  use("mist,spell-circles,abbot,circus");
}

static void
setup_mw(void)
{
  use("mist,spell-circles,mage-witch");
}

static void
teardown(void)
{
  scenario_teardown();
  meeple_rules_unref(rules);
  rules = NULL;
}

static const MistState *
st(const MeepleGame *g)
{
  return meeple_game_slot_const(g, SLOT);
}

/* Name of segment @segment of the tile at (x, y). */
static const char *
seg_name(const MeepleGame *g, int x, int y, guint segment)
{
  MeeplePlacedTile t;
  if (segment == MEEPLE_SEGMENT_NONE || !meeple_game_tile_at(g, x, y, &t))
    return "-";
  const MeepleTileType *type = meeple_rules_tile_type(rules, t.type);
  return segment < type->n_segments ? type->segments[segment].name : "?";
}

/* The ghost-related events of ev (see the header), "; "-separated. */
static char *
log_text(const MeepleGame *g)
{
  GString *out = g_string_new(NULL);
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    const char *rule = e->rule ? e->rule : "-";
    const char *seg = seg_name(g, e->x, e->y, e->segment);
    GString *one = g_string_new(NULL);
    if (e->type == THICK)
      g_string_append(one, "thick");
    else if (e->type == DISP)
      g_string_append_printf(one, "disp %d", e->arg);
    else if (e->type == DONE)
      g_string_append_printf(one, "done %d", e->arg);
    else if (e->type == ADDED)
      g_string_append_printf(one, "add %s s%d %d,%d %s =%d", rule, e->player,
                             e->x, e->y, seg, e->arg);
    else if (e->type == GRET)
      g_string_append_printf(one, "ret %s s%d %d,%d %s %d", rule, e->player,
                             e->x, e->y, seg, e->arg);
    else if (e->type == LOST)
      g_string_append_printf(one, "lost %s %d", rule, e->arg);
    else if (e->type == RAISED)
      g_string_append_printf(one, "raise s%d %d,%d %s =%d", e->player, e->x,
                             e->y, seg, e->arg);
    else if (e->type == FILLED)
      g_string_append_printf(one, "fill %d,%d %s =%d", e->x, e->y, seg,
                             e->arg);
    else if (e->type == EMPTIED)
      g_string_append_printf(one, "empty %s %d,%d %s %d", rule, e->x, e->y,
                             seg, e->arg);
    else if (e->type == MEEPLE_EVENT_FIGURE_RETURNED)
      g_string_append_printf(one, "home %s s%d %d,%d %s", rule, e->player,
                             e->x, e->y, seg);
    if (one->len)
      g_string_append_printf(out, "%s%s", out->len ? "; " : "", one->str);
    g_string_free(one, TRUE);
  }
  return g_string_free(out, FALSE);
}

/* ev's ghost log is exactly @want. */
static void
log_is(const MeepleGame *g, const char *want)
{
  g_autofree char *have = log_text(g);
  ck_assert_str_eq(have, want);
}

/* The 15 ghosts (MIST-01): @bank in the bank, @followers on followers,
 * @circles in spell circles. */
static void
ghosts_are(const MeepleGame *g, guint bank, guint followers, guint circles)
{
  const MistState *s = st(g);
  guint on = 0, in = 0;
  for (guint i = 0; i < s->n_haunts; i++) {
    ck_assert_uint_gt(s->haunts[i].ghosts, 0);
    ck_assert_uint_lt(s->haunts[i].ghosts, MIST_GHOST_LIMIT);
    on += s->haunts[i].ghosts;
  }
  for (guint i = 0; i < s->n_circles; i++) {
    ck_assert_uint_le(s->circles[i].ghosts, s->circles[i].capacity);
    in += s->circles[i].ghosts;
  }
  ck_assert_uint_eq(s->bank, bank);
  ck_assert_uint_eq(on, followers);
  ck_assert_uint_eq(in, circles);
  ck_assert_uint_eq(s->bank + on + in, MIST_GHOSTS);
}

/* Index of the figure of @seat standing on segment @seg of the @tile at
 * (x, y); fails when there is none. */
static guint
fig(const MeepleGame *g, guint seat, int x, int y, const char *tile,
    const char *seg)
{
  guint s = sg(g, tile, seg);
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.on_board && f.owner == (int)seat && f.x == x && f.y == y &&
        f.segment == s)
      return i;
  }
  ck_abort_msg("no figure of seat %u on %s at %d,%d", seat, seg, x, y);
  return 0;
}

/* Ghosts on the figure of @seat on @seg of the @tile at (x, y). */
static guint
carries(const MeepleGame *g, guint seat, int x, int y, const char *tile,
        const char *seg)
{
  guint f = fig(g, seat, x, y, tile, seg);
  const MistState *s = st(g);
  for (guint i = 0; i < s->n_haunts; i++)
    if (s->haunts[i].figure == f)
      return s->haunts[i].ghosts;
  return 0;
}

/* The spell circles of the @tile at (x, y) carried by @seg hold @ghosts of
 * @capacity. */
static void
circle_is(const MeepleGame *g, int x, int y, const char *tile,
          const char *seg, guint ghosts, guint capacity)
{
  guint s = sg(g, tile, seg);
  const MistState *m = st(g);
  for (guint i = 0; i < m->n_circles; i++)
    if (m->circles[i].x == x && m->circles[i].y == y &&
        m->circles[i].segment == s) {
      ck_assert_msg(m->circles[i].ghosts == ghosts &&
                        m->circles[i].capacity == capacity,
                    "circles %d,%d %s: %u of %u, expected %u of %u", x, y,
                    seg, m->circles[i].ghosts, m->circles[i].capacity,
                    ghosts, capacity);
      return;
    }
  ck_abort_msg("no spell circles at %d,%d %s", x, y, seg);
}

/* "VERB TYPE SEG @ X,Y N" for the figure of @seat on @seg at (x, y):
 * haunt (MIST-10) and ghost-from (SC-04) name a figure this way. */
static char *
figure_action(const MeepleGame *g, const char *verb, guint seat, int x, int y,
              const char *tile, const char *seg)
{
  guint f = fig(g, seat, x, y, tile, seg);
  MeepleFigureInfo info = meeple_game_figure(g, f);
  return g_strdup_printf("%s %s %s @ %d,%d %u", verb,
                         meeple_rules_figure_type(rules, info.type)->name, seg,
                         x, y, f);
}

/* Gives the pending ghost (decision "haunt") to that figure. */
static void
haunt(MeepleGame *g, guint seat, int x, int y, const char *tile,
      const char *seg)
{
  g_autofree char *t = figure_action(g, "haunt", seat, x, y, tile, seg);
  act(g, t);
}

/* Normal followers of @seat in the supply. */
static guint
home(const MeepleGame *g, guint seat)
{
  return meeple_game_supply(g, seat, MEEPLE_FIGURE_FOLLOWER);
}

/* A clone of @g to try another choice on; ev starts afresh. */
static MeepleGame *
fork_game(MeepleGame *g)
{
  g_array_set_size(ev, 0);
  return meeple_game_clone(g);
}

/* Spell circles printed on @type (sum of its {circles-N}). */
static guint
printed_circles(const MeepleRules *r, const MeepleTileType *type)
{
  guint n = 0;
  for (guint s = 0; s < type->n_segments; s++)
    for (guint k = 1; k <= MIST_MAX_CIRCLES; k++) {
      g_autofree char *name = g_strdup_printf("circles-%u", k);
      int sym = meeple_rules_find_symbol(r, name);
      if (sym >= 0 && (type->segments[s].symbols & (1u << sym)))
        n += k;
    }
  return n;
}

/* TRUE when some segment of @type lies under mist. */
static gboolean
printed_mist(const MeepleRules *r, const MeepleTileType *type)
{
  static const char *const names[] = { "mist", "mist-2", "mist-3" };
  for (guint s = 0; s < type->n_segments; s++)
    for (guint k = 0; k < G_N_ELEMENTS(names); k++) {
      int sym = meeple_rules_find_symbol(r, names[k]);
      if (sym >= 0 && (type->segments[s].symbols & (1u << sym)))
        return TRUE;
    }
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* SC-01 Scope and setup                                                */
/* ------------------------------------------------------------------ */

/* RULES: SC-01, MIST-01, SC-02 */
START_TEST(sc01_requires_mist_nine_tiles_fifteen_circles)
{
  /* Asking for spell-circles alone loads the mist rule set it requires
   * (SC-01: "Requires MIST"): its slot, its tiles and its decisions are
   * there.  The supply holds the 9 provisional SC tiles, one copy each,
   * with 1..3 circles and mist on every one: 2+1+2+1+2+1+3+1+2 = 15.
   * The cat token of the mini is not used (no figure type "cat").  A
   * shuffled game holds every tile of base + mist + spell-circles (minus
   * the start tile), i.e. 9 more than a game with mist alone; the bank
   * holds all 15 ghosts and no circle holds any (MIST-01). */
  static const struct {
    const char *id;
    guint circles;
  } want[] = {
    { "SCX-01", 2 }, { "SCX-02", 1 }, { "SCX-03", 2 },
    { "SCX-04", 1 }, { "SCX-05", 2 }, { "SCX-06", 1 },
    { "SCX-07", 3 }, { "SCX-08", 1 }, { "SCX-09", 2 },
  };
  MeepleRules *only = tu_rules_with("spell-circles");
  ck_assert_ptr_nonnull(meeple_rules_find_ruleset(only, "mist"));
  ck_assert_ptr_nonnull(meeple_rules_find_ruleset(only, "spell-circles"));
  ck_assert_int_ge(meeple_rules_find_slot(only, "mist"), 0);
  ck_assert_int_ge(meeple_rules_find_tile_type(only, "GCX-01"), 0);
  tu_decision_kind(only, "haunt");
  tu_decision_kind(only, "fill-circle");
  ck_assert_int_lt(meeple_rules_find_figure_type(only, "cat"), 0);

  guint total = 0, sc_types = 0, all_tiles = 0;
  for (guint i = 0; i < meeple_rules_n_tilesets(only); i++) {
    const MeepleTileSetInfo *ts = meeple_rules_tileset(only, i);
    all_tiles += ts->n_tiles;
    if (strcmp(ts->id, "spell-circles") == 0) {
      ck_assert_uint_eq(ts->n_types, 9);
      ck_assert_uint_eq(ts->n_tiles, 9);
    }
  }
  for (guint i = 0; i < G_N_ELEMENTS(want); i++) {
    int t = meeple_rules_find_tile_type(only, want[i].id);
    ck_assert_msg(t >= 0, "no tile %s", want[i].id);
    const MeepleTileType *type = meeple_rules_tile_type(only, (guint)t);
    ck_assert_str_eq(type->tileset, "spell-circles");
    ck_assert_uint_eq(type->count, 1);
    ck_assert(printed_mist(only, type));
    ck_assert_uint_eq(printed_circles(only, type), want[i].circles);
    total += want[i].circles;
  }
  for (guint t = 0; t < meeple_rules_n_tile_types(only); t++)
    if (strcmp(meeple_rules_tile_type(only, t)->tileset, "spell-circles") == 0)
      sc_types++;
  ck_assert_uint_eq(sc_types, 9);
  ck_assert_uint_eq(total, 15);

  MeepleRules *mist = tu_rules_with("mist");
  MeepleGameConfig cfg = { .n_players = 2, .seed = 7 };
  MeepleGame *with = meeple_game_new(only, &cfg, NULL);
  MeepleGame *without = meeple_game_new(mist, &cfg, NULL);
  ck_assert_ptr_nonnull(with);
  ck_assert_ptr_nonnull(without);
  /* all tiles but the start tile and the drawn one are still in the supply */
  ck_assert_uint_eq(meeple_game_tiles_left(with) +
                        meeple_game_n_discarded(with),
                    all_tiles - 2);
  ck_assert_uint_eq(meeple_game_tiles_left(with) +
                        meeple_game_n_discarded(with),
                    meeple_game_tiles_left(without) +
                        meeple_game_n_discarded(without) + 9);
  const MistState *s =
      meeple_game_slot_const(with, (guint)meeple_rules_find_slot(only, "mist"));
  ck_assert_uint_eq(s->bank, MIST_GHOSTS);
  ck_assert_uint_eq(s->n_haunts, 0);
  ck_assert_uint_eq(s->n_circles, 0);
  meeple_game_free(with);
  meeple_game_free(without);
  meeple_rules_unref(mist);
  meeple_rules_unref(only);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SC-02 Spell circles                                                  */
/* ------------------------------------------------------------------ */

/* RULES: SC-02, SC-04, SC-08, MIST-08, MIST-03 */
START_TEST(sc02_circles_belong_to_their_mist_area)
{
  /*            x=-1    x=0         x=1
   *   y=-1             SCX-03r90   B
   *   y=0      U       D
   * SCX-03 r90 has two separate mists: area 1 on its east side (F1,
   * 1 circle), area 2 on its west side (F2, 1 circle).
   * T1 Red (seat 0) SCX-03r90 at (0,-1): its S city meets D's cap, its
   * misty sides face empty cells: no thickening, no dispersal.  G2 fills
   * each area's circle from the bank (nobody around carries a ghost): two
   * circle records, capacity 1 each; bank 13.  The figure offers are the
   * tile's segments only (SC-02: never a circle): C1 F1 F2.  Red: knight.
   * T2 Blue U (-1,0), diagonal to SCX-03: no contact.
   * T3 Red B at (1,-1): its clear W edge meets the misty E side (area 1):
   * 2 contacts, area 1 is dispersed; area 2 is untouched.  MIST-08: one
   * bank ghost to Red's knight; SC-08: area 1's circle (placed in T1)
   * gives its ghost to the knight too.  Area 2's circle keeps its ghost:
   * each circle belongs to the mist it lies in.
   * Bank 13 - 1 = 12, knight 2, circles 0 + 1: 15. */
  MeepleGame *g = tu_game(rules, 2, "SCX-03 U B U", FALSE);
  put(g, 0, "place SCX-03 @ 0,-1 r90");
  log_is(g, "fill 0,-1 F1 =1; fill 0,-1 F2 =1");
  ck_assert_uint_eq(st(g)->n_circles, 2);
  circle_is(g, 0, -1, "SCX-03", "F1", 1, 1);
  circle_is(g, 0, -1, "SCX-03", "F2", 1, 1);
  ghosts_are(g, 13, 0, 2);
  offers(g, "pass", "follower C1", "follower F1", "follower F2", NULL);
  act(g, "follower C1");

  turn(g, 1, "place U @ -1,0 r0", "pass");
  log_is(g, "");

  put(g, 0, "place B @ 1,-1 r0");
  log_is(g, "disp 2; add MIST-08 s0 0,-1 C1 =1; empty SC-08 0,-1 F1 1; "
            "add SC-08 s0 0,-1 C1 =2");
  circle_is(g, 0, -1, "SCX-03", "F1", 0, 1);
  circle_is(g, 0, -1, "SCX-03", "F2", 1, 1);
  ck_assert_uint_eq(carries(g, 0, 0, -1, "SCX-03", "C1"), 2);
  ghosts_are(g, 12, 2, 1);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SC-03 A spell-circle tile that disperses mist                        */
/* ------------------------------------------------------------------ */

/* The board of SC-03.E1, turns 1-4 (Green = seat 0, Blue = seat 1):
 *            x=-1   x=0    x=1
 *   y=0      U      D      (SCX-07)
 *   y=1      B      B
 *   y=2             B
 * Green: robber on U (-1,0), monk on B (-1,1); Blue: monk on B (0,1),
 * and a B at (0,2) with nobody.  No mist yet.  Then SCX-07 and @later. */
static MeepleGame *
e1_board(const char *later)
{
  g_autofree char *tiles = g_strconcat("U B B B SCX-07 ", later, NULL);
  MeepleGame *g = tu_game(rules, 2, tiles, FALSE);
  turn(g, 0, "place U @ -1,0 r0", "follower R1");
  turn(g, 1, "place B @ 0,1 r0", "follower M");
  turn(g, 0, "place B @ -1,1 r0", "follower M");
  turn(g, 1, "place B @ 0,2 r0", "pass");
  return g;
}

/* RULES: SC-03, SC-03.E1, MIST-12, MIST-12.E1, MIST-10, AMB-30, SC-04,
 * SC-05, SC-02 */
START_TEST(sc03_e1_three_ghosts_on_one_follower_send_it_home)
{
  /* SC-03.E1: "Green places a tile with 3 circles so that its mist meets
   * a field: Green adds 3 bank ghosts to own followers; putting all 3 on
   * one follower sends it home."
   * T5 Green SCX-07 at (1,0): its misty W edge (both halves and the road)
   * meets D's clear E edge: 3 contacts, dispersal.  G1 SC-03: 3 bank
   * ghosts (one per circle on the tile) for Green's followers: each one
   * a "haunt" decision between the robber and the monk (Blue's monk is
   * no target, MIST-10).  All three on the robber: the third sends it
   * home at once (MIST-12) with its 3 ghosts, back to the bank.  No
   * fourth ghost (AMB-30: the 3 replace MIST-08's one).  G2 SC-04: the
   * circles fill; the only follower around (1,0) is Blue's monk on
   * (0,1), without ghosts, so 3 from the bank.  The tile's own new
   * ghosts are not handed out by SC-08 (SC-05).
   * Bank 15 - 3 + 3 - 3 = 12, circles 3 of 3, nobody haunted.  The road
   * is free again, so the figure offers hold R1 (and F1, F2: never a
   * circle, SC-02). */
  MeepleGame *g = e1_board("U");
  put(g, 0, "place SCX-07 @ 1,0 r0");
  g_autofree char *robber = figure_action(g, "haunt", 0, -1, 0, "U", "R1");
  g_autofree char *monk = figure_action(g, "haunt", 0, -1, 1, "B", "M");
  for (int i = 0; i < 3; i++) {
    decision_is(g, HAUNT, 0);
    offers(g, robber, monk, NULL);
    act(g, robber);
  }
  log_is(g, "disp 3; add SC-03 s0 -1,0 R1 =1; add SC-03 s0 -1,0 R1 =2; "
            "add SC-03 s0 -1,0 R1 =3; home MIST-12 s0 -1,0 R1; "
            "ret MIST-12 s0 -1,0 R1 3; fill 1,0 F1 =1; fill 1,0 F1 =2; "
            "fill 1,0 F1 =3");
  ck_assert_uint_eq(count(ADDED, "MIST-08"), 0);
  ck_assert_uint_eq(count(ADDED, "SC-08"), 0);
  ck_assert_uint_eq(on(g, 0, -1, 0, "U", "R1"), 0);
  ck_assert_uint_eq(home(g, 0), 6);
  circle_is(g, 1, 0, "SCX-07", "F1", 3, 3);
  ghosts_are(g, 12, 0, 3);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 0);
  offers(g, "pass", "follower R1", "follower F1", "follower F2", NULL);
  act(g, "pass");
  ck_assert_int_eq(meeple_game_score(g, 0), 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: SC-03, MIST-10, AMB-30, SC-04, SC-05 */
START_TEST(sc03_ghosts_split_freely_among_own_followers)
{
  /* The same placement, Green splitting: 2 on the robber, 1 on the monk.
   * Nobody reaches 3; both stand 2 cells from (1,0), outside the
   * neighbourhood the circles fill from, so the 3 circles still fill from
   * the bank: 15 - 3 - 3 = 9 in the bank, 3 on followers, 3 in circles. */
  MeepleGame *g = e1_board("U");
  put(g, 0, "place SCX-07 @ 1,0 r0");
  haunt(g, 0, -1, 0, "U", "R1");
  haunt(g, 0, -1, 1, "B", "M");
  haunt(g, 0, -1, 0, "U", "R1");
  log_is(g, "disp 3; add SC-03 s0 -1,0 R1 =1; add SC-03 s0 -1,1 M =1; "
            "add SC-03 s0 -1,0 R1 =2; fill 1,0 F1 =1; fill 1,0 F1 =2; "
            "fill 1,0 F1 =3");
  ck_assert_uint_eq(carries(g, 0, -1, 0, "U", "R1"), 2);
  ck_assert_uint_eq(carries(g, 0, -1, 1, "B", "M"), 1);
  ghosts_are(g, 9, 3, 3);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* The board of the AMB-30 tests (Red = seat 0, Blue = seat 1):
 *            x=-1   x=0          x=1
 *   y=-1            SCX-04r180   (SCX-02r90)
 *   y=0      U      D
 * T1 Red SCX-04r180 at (0,-1): S cap + D's cap = a closed city; its mist
 * (N, E, W) faces empty cells.  Its circle fills from the bank (14 left);
 * Red's farmer on its misty field F1.  T2 Blue U (-1,0). */
static MeepleGame *
amb30_board(void)
{
  MeepleGame *g = tu_game(rules, 2, "SCX-04 U SCX-02 U", FALSE);
  put(g, 0, "place SCX-04 @ 0,-1 r180");
  log_is(g, "fill 0,-1 F1 =1");
  act(g, "follower F1");
  turn(g, 1, "place U @ -1,0 r0", "pass");
  ghosts_are(g, 14, 0, 1);
  return g;
}

/* RULES: AMB-30, SC-03, SC-04, SC-04.1, SC-04.2, SC-08, MIST-08, MIST-09,
 * AMB-32, AMB-35, SC-05 */
START_TEST(amb30_dispersing_sc_tile_n_ghosts_no_mist08_sc04_sc08_apply)
{
  /* T3 Red SCX-02r90 at (1,-1): its clear W side meets SCX-04's misty E
   * side (2 contacts): SCX-04's mist (with its occupied circle, T1) is
   * dispersed.  SCX-02's own mist (E side) faces nothing.
   * G1 SC-03: SCX-02 has 1 circle -> 1 bank ghost to Red's only follower,
   * the farmer at (0,-1).  G2 SC-04: SCX-02's circle (1 place) may draw on
   * (0,-1), a neighbour: the farmer's ghost and SCX-04's circle ghost, 2
   * within reach for 1 place -> "fill-circle" decision (Red) with both.
   * Red takes the farmer's.  G6: no MIST-08 ghost (AMB-30).  G7 SC-08:
   * SCX-04's dispersed mist still holds its older ghost -> to the farmer.
   * Bank 14 - 1 = 13; farmer 1; circles SCX-04 0, SCX-02 1: 15.
   * Fork: Red takes the circle ghost instead (SC-04.1): then SCX-04's
   * circle is empty when G7 looks, so SC-08 has nothing to give; the
   * farmer keeps the SC-03 ghost: same totals. */
  MeepleGame *g = amb30_board();
  put(g, 0, "place SCX-02 @ 1,-1 r90");
  decision_is(g, FILL, 0);
  g_autofree char *farmer =
      figure_action(g, "ghost-from", 0, 0, -1, "SCX-04", "F1");
  offers(g, farmer, "ghost-from-circle F1 @ 0,-1", NULL);
  log_is(g, "disp 2; add SC-03 s0 0,-1 F1 =1");

  MeepleGame *h = fork_game(g);
  act(h, "ghost-from-circle F1 @ 0,-1");
  log_is(h, "empty SC-04 0,-1 F1 1; fill 1,-1 F1 =1");
  circle_is(h, 0, -1, "SCX-04", "F1", 0, 1);
  circle_is(h, 1, -1, "SCX-02", "F1", 1, 1);
  ck_assert_uint_eq(carries(h, 0, 0, -1, "SCX-04", "F1"), 1);
  ghosts_are(h, 13, 1, 1);
  decision_is(h, MEEPLE_DECISION_PLACE_FIGURE, 0);
  meeple_game_free(h);

  g_array_set_size(ev, 0);
  act(g, farmer);
  log_is(g, "raise s0 0,-1 F1 =0; fill 1,-1 F1 =1; "
            "empty SC-08 0,-1 F1 1; add SC-08 s0 0,-1 F1 =1");
  ck_assert_uint_eq(count(ADDED, "MIST-08"), 0);
  circle_is(g, 0, -1, "SCX-04", "F1", 0, 1);
  circle_is(g, 1, -1, "SCX-02", "F1", 1, 1);
  ck_assert_uint_eq(carries(g, 0, 0, -1, "SCX-04", "F1"), 1);
  ghosts_are(g, 13, 1, 1);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SC-04 Ghosts rise into the new circles                               */
/* ------------------------------------------------------------------ */

/* RULES: SC-04, SC-04.1, AMB-32, SC-02, SC-03 */
START_TEST(sc04_neighbourhood_first_the_active_player_picks)
{
  /*            x=-1   x=0       x=1
   *   y=-1            SCX-05
   *   y=0      U      D         SCX-07
   *   y=1      B      B
   *   y=2             B
   * Turns 1-4 as in SC-03.E1 (Green = seat 0: robber on (-1,0), monk on
   * (-1,1); Blue = seat 1).  T5 Green SCX-07 at (1,0) disperses (3
   * contacts with D): SC-03 gives 3 bank ghosts, Green puts 2 on the
   * robber and 1 on the monk; neither stands next to (1,0), so its 3
   * circles fill from the bank (bank 9).
   * T6 Blue SCX-05 at (0,-1): S cap on D's cap; its misty E and W sides
   * face empty cells (no ghost step but G2).  Its 2 circles may draw on
   * its 8 neighbours: the robber on (-1,0) (2 ghosts) and SCX-07's
   * circles on (1,0) (3 ghosts) = 5 within reach for 2 places, so Blue
   * (the active player, though the ghosts are Green's and the circles
   * nobody's) chooses, twice: first a ghost out of SCX-07's circles
   * (SC-04.1), then one off Green's robber.  The monk on (-1,1) is two
   * rows away: never offered.  The bank gives nothing (neighbourhood
   * first, AMB-32): 9 stays 9.  Each circle holds one ghost: SCX-05 ends
   * full at 2 of 2 with 3 ghosts still within reach (SC-02).
   * End: robber 1, monk 1, SCX-07 2, SCX-05 2, bank 9: 15. */
  MeepleGame *g = e1_board("SCX-05 U");
  put(g, 0, "place SCX-07 @ 1,0 r0");
  haunt(g, 0, -1, 0, "U", "R1");
  haunt(g, 0, -1, 0, "U", "R1");
  haunt(g, 0, -1, 1, "B", "M");
  log_is(g, "disp 3; add SC-03 s0 -1,0 R1 =1; add SC-03 s0 -1,0 R1 =2; "
            "add SC-03 s0 -1,1 M =1; fill 1,0 F1 =1; fill 1,0 F1 =2; "
            "fill 1,0 F1 =3");
  ghosts_are(g, 9, 3, 3);
  act(g, "pass");

  put(g, 1, "place SCX-05 @ 0,-1 r0");
  g_autofree char *robber =
      figure_action(g, "ghost-from", 0, -1, 0, "U", "R1");
  decision_is(g, FILL, 1);
  offers(g, robber, "ghost-from-circle F1 @ 1,0", NULL);
  act(g, "ghost-from-circle F1 @ 1,0");
  decision_is(g, FILL, 1);
  offers(g, robber, "ghost-from-circle F1 @ 1,0", NULL);
  act(g, robber);
  log_is(g, "empty SC-04 1,0 F1 1; fill 0,-1 F1 =1; "
            "raise s0 -1,0 R1 =1; fill 0,-1 F1 =2");
  circle_is(g, 0, -1, "SCX-05", "F1", 2, 2);
  circle_is(g, 1, 0, "SCX-07", "F1", 2, 3);
  ck_assert_uint_eq(carries(g, 0, -1, 0, "U", "R1"), 1);
  ck_assert_uint_eq(carries(g, 0, -1, 1, "B", "M"), 1);
  ghosts_are(g, 9, 2, 4);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 1);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* The board of SC-08.E1 (Green = seat 0, Blue = seat 1):
 *            x=-1   x=0          x=1
 *   y=-1            SCX-04r180   B
 *   y=0      U      D            (SCX-07)
 * T1 Green SCX-04r180 at (0,-1), its circle fills from the bank; Green's
 * farmer on its misty field.  T2 Blue U (-1,0).  T3 Green B at (1,-1):
 * a tile without mist whose W edge cuts SCX-04's misty E side. */
static MeepleGame *
e3_board(void)
{
  MeepleGame *g = tu_game(rules, 2, "SCX-04 U B SCX-07 U", FALSE);
  put(g, 0, "place SCX-04 @ 0,-1 r180");
  act(g, "follower F1");
  turn(g, 1, "place U @ -1,0 r0", "pass");
  ghosts_are(g, 14, 0, 1);
  put(g, 0, "place B @ 1,-1 r0");
  return g;
}

/* RULES: SC-04, AMB-32, SC-03, MIST-10, SC-08, SC-05 */
START_TEST(sc04_neighbours_then_the_bank)
{
  /* After SC-08.E1 (below) Green's farmer on (0,-1) carries 2 ghosts and
   * SCX-04's circle is empty; bank 13.
   * T4 Blue SCX-07 at (1,0): its W edge meets D (3 contacts), its N edge
   * meets B's clear S edge (2 contacts): 5, dispersal.  SC-03: 3 bank
   * ghosts for Blue's followers -- Blue has none: lost, they stay in the
   * bank (MIST-10).  G2: 3 places; within reach only the farmer on
   * (0,-1) with 2 ghosts (SCX-04's circle is empty): all of them rise
   * without a question (2 <= 3), and only then the bank gives the third.
   * SCX-04's mist is not touched by (1,0) (diagonal), SCX-07's own new
   * circles are not emptied by SC-08 (SC-05).
   * Bank 13 - 1 = 12, SCX-07 3 of 3, farmer 0: 15. */
  MeepleGame *g = e3_board();
  act(g, "pass");
  put(g, 1, "place SCX-07 @ 1,0 r0");
  log_is(g, "disp 5; lost SC-03 3; raise s0 0,-1 F1 =1; fill 1,0 F1 =1; "
            "raise s0 0,-1 F1 =0; fill 1,0 F1 =2; fill 1,0 F1 =3");
  ck_assert_uint_eq(carries(g, 0, 0, -1, "SCX-04", "F1"), 0);
  circle_is(g, 1, 0, "SCX-07", "F1", 3, 3);
  ghosts_are(g, 12, 0, 3);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 1);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* RULES: SC-04, MIST-11, SC-03, AMB-30, SC-05, MIST-12 */
START_TEST(sc04_empty_bank_leaves_circles_empty)
{
  /* Four spokes around D, each ending in a spell-circle tile that cuts
   * nothing but the clear tile it is put against (Green = seat 0 places
   * all of them; Blue = seat 1 only places clear tiles and passes):
   *            x=-4    x=-3   x=-2   x=-1   x=0     x=1
   *   y=-2                                  SCX-01
   *   y=-1             B      B      B      E180
   *   y=0      SCX-09  U      U      U      D       SCX-07
   *   y=1              B      B      B      B
   *   y=2                                   SCX-05r90
   * Green's followers: robber on U (-2,0), monks on B (-2,-1) and
   * B (-2,1) (T3, T5, T7), later a farmer on SCX-07 (T9) and one on
   * SCX-01 (T11).  Every SC tile is 2+ cells from the others and from
   * every follower with ghosts, so each fill draws on the bank only.
   *   T9  SCX-07 (1,0) vs D: SC-03 3 (robber 2, monk (-2,-1) 1),
   *       fill 3: bank 15 - 6 = 9
   *   T11 SCX-01 (0,-2) vs E180: SC-03 2 (monk (-2,-1) 2, monk (-2,1) 1),
   *       fill 2: bank 5
   *   T13 SCX-05r90 (0,2) vs B (0,1): SC-03 2 (monk (-2,1) 2, farmer on
   *       SCX-07 1), fill 2: bank 1
   *   T15 SCX-09 (-4,0) vs U (-3,0) (road and Es: 2 contacts): SC-03 2:
   *       the first takes the bank's last ghost (farmer on SCX-07: 2),
   *       the second finds the bank empty: lost (MIST-11).  G2: nobody
   *       with ghosts around (-4,0) and an empty bank: both circles stay
   *       empty (circle record 0 of 2, no circle-filled event).
   * End: bank 0, followers 2+2+2+2 = 8, circles 3+2+2+0 = 7: 15. */
  MeepleGame *g = tu_game(rules, 2,
                          "U E U B B U B B SCX-07 B SCX-01 B SCX-05 B "
                          "SCX-09 U", FALSE);
  turn(g, 0, "place U @ -1,0 r0", "pass");
  turn(g, 1, "place E @ 0,-1 r180", "pass");
  turn(g, 0, "place U @ -2,0 r0", "follower R1");
  turn(g, 1, "place B @ 0,1 r0", "pass");
  turn(g, 0, "place B @ -2,-1 r0", "follower M");
  turn(g, 1, "place U @ -3,0 r0", "pass");
  turn(g, 0, "place B @ -2,1 r0", "follower M");
  turn(g, 1, "place B @ -1,1 r0", "pass");
  ghosts_are(g, 15, 0, 0);

  put(g, 0, "place SCX-07 @ 1,0 r0");
  haunt(g, 0, -2, 0, "U", "R1");
  haunt(g, 0, -2, 0, "U", "R1");
  haunt(g, 0, -2, -1, "B", "M");
  log_is(g, "disp 3; add SC-03 s0 -2,0 R1 =1; add SC-03 s0 -2,0 R1 =2; "
            "add SC-03 s0 -2,-1 M =1; fill 1,0 F1 =1; fill 1,0 F1 =2; "
            "fill 1,0 F1 =3");
  ghosts_are(g, 9, 3, 3);
  act(g, "follower F2");
  turn(g, 1, "place B @ -3,1 r0", "pass");

  put(g, 0, "place SCX-01 @ 0,-2 r0");
  haunt(g, 0, -2, -1, "B", "M");
  haunt(g, 0, -2, 1, "B", "M");
  log_is(g, "disp 2; add SC-03 s0 -2,-1 M =2; add SC-03 s0 -2,1 M =1; "
            "fill 0,-2 F1 =1; fill 0,-2 F1 =2");
  ghosts_are(g, 5, 5, 5);
  act(g, "follower F1");
  turn(g, 1, "place B @ -3,-1 r0", "pass");

  put(g, 0, "place SCX-05 @ 0,2 r90");
  haunt(g, 0, -2, 1, "B", "M");
  haunt(g, 0, 1, 0, "SCX-07", "F2");
  log_is(g, "disp 2; add SC-03 s0 -2,1 M =2; add SC-03 s0 1,0 F2 =1; "
            "fill 0,2 F1 =1; fill 0,2 F1 =2");
  ghosts_are(g, 1, 7, 7);
  act(g, "pass");
  turn(g, 1, "place B @ -1,-1 r0", "pass");

  put(g, 0, "place SCX-09 @ -4,0 r0");
  decision_is(g, HAUNT, 0);
  haunt(g, 0, 1, 0, "SCX-07", "F2");
  log_is(g, "disp 2; add SC-03 s0 1,0 F2 =2; lost MIST-11 1");
  ck_assert_uint_eq(count(FILLED, NULL), 0);
  circle_is(g, -4, 0, "SCX-09", "F2", 0, 2);
  circle_is(g, 1, 0, "SCX-07", "F1", 3, 3);
  circle_is(g, 0, -2, "SCX-01", "F1", 2, 2);
  circle_is(g, 0, 2, "SCX-05", "F1", 2, 2);
  ck_assert_uint_eq(carries(g, 0, -2, 0, "U", "R1"), 2);
  ck_assert_uint_eq(carries(g, 0, -2, -1, "B", "M"), 2);
  ck_assert_uint_eq(carries(g, 0, -2, 1, "B", "M"), 2);
  ck_assert_uint_eq(carries(g, 0, 1, 0, "SCX-07", "F2"), 2);
  ck_assert_uint_eq(carries(g, 0, 0, -2, "SCX-01", "F1"), 0);
  ghosts_are(g, 0, 8, 7);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 0);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SC-05 New circle ghosts stay put this turn                           */
/* ------------------------------------------------------------------ */

/* RULES: SC-05, SC-05.1, SC-06, MIST-07, SC-04 */
START_TEST(sc05_new_circle_ghosts_wait_for_a_later_turn)
{
  /*            x=0         x=1      x=2
   *   y=-1     GCX-06r90   SCX-05   GCX-03
   *   y=0      D           D
   *   y=1      B
   * T1 Red (seat 0) GCX-06r90 at (0,-1): misty E side faces nothing.
   * T2 Blue (seat 1) D at (1,0), robber on the road (0,0)-(1,0).
   * T3 Red SCX-05 at (1,-1): its W side meets GCX-06's misty E side:
   * thickening (E side still open).  G2 fills its 2 circles from the bank
   * (the robber next to it has no ghost).  G3 MIST-07: the bank ghost to
   * Blue's robber (his only follower, no question).  G4 SC-06: the mist
   * holds occupied circles, but only the ones filled this turn: nothing
   * (SC-05).  Bank 15 - 2 - 1 = 12.
   * T4 Blue B (0,1), monk.
   * T5 Red GCX-03 at (2,-1) extends the same mist eastwards (still open
   * at (3,-1)): MIST-07 (Red gives it to the monk), and now SCX-05's
   * circles are older: SC-06 takes one out (the only circle, no question)
   * for an opponent's follower: the robber (2).
   * Bank 11, robber 2, monk 1, SCX-05 1 of 2: 15. */
  MeepleGame *g = tu_game(rules, 2, "GCX-06 D SCX-05 B GCX-03 U", FALSE);
  turn(g, 0, "place GCX-06 @ 0,-1 r90", "pass");
  turn(g, 1, "place D @ 1,0 r0", "follower R1");
  put(g, 0, "place SCX-05 @ 1,-1 r0");
  log_is(g, "thick; fill 1,-1 F1 =1; fill 1,-1 F1 =2; "
            "add MIST-07 s1 1,0 R1 =1");
  ck_assert_uint_eq(count(EMPTIED, NULL), 0);
  circle_is(g, 1, -1, "SCX-05", "F1", 2, 2);
  ghosts_are(g, 12, 1, 2);
  act(g, "pass");
  turn(g, 1, "place B @ 0,1 r0", "follower M");

  put(g, 0, "place GCX-03 @ 2,-1 r0");
  decision_is(g, HAUNT, 0);
  haunt(g, 1, 0, 1, "B", "M");
  decision_is(g, HAUNT, 0);
  haunt(g, 1, 1, 0, "D", "R1");
  log_is(g, "thick; add MIST-07 s1 0,1 M =1; empty SC-06 1,-1 F1 1; "
            "add SC-06 s1 1,0 R1 =2");
  circle_is(g, 1, -1, "SCX-05", "F1", 1, 2);
  ck_assert_uint_eq(carries(g, 1, 1, 0, "D", "R1"), 2);
  ck_assert_uint_eq(carries(g, 1, 0, 1, "B", "M"), 1);
  ghosts_are(g, 11, 3, 1);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* RULES: SC-05, SC-06, SC-04, SC-04.1, MIST-07 */
START_TEST(sc05_a_thickening_sc_tile_gives_only_older_circle_ghosts)
{
  /*            x=-1   x=0    x=1      x=2
   *   y=-1                   SCX-05   SCX-04r180
   *   y=0      U      D      D        D
   * T1 Red (seat 0) D (1,0).  T2 Blue (seat 1) D (2,0), robber.  T3 Red
   * SCX-05 (1,-1), no mist neighbour: 2 circles from the bank (13).
   * T4 Blue U (-1,0).
   * T5 Red SCX-04r180 at (2,-1): its misty W side meets SCX-05's misty E
   * side: thickening (open to the N and E).  G2: its one circle draws on
   * its neighbours: SCX-05's circles on (1,-1) are the only source with
   * ghosts (the robber on (2,0) has none): one rises, no question (one
   * source).  G3 MIST-07 to the robber.  G4 SC-06 takes one ghost out of
   * an OLDER circle of the mist -- SCX-05's last one -- never out of the
   * circle filled this turn (SC-05), which keeps its ghost.
   * Bank 12, robber 2, circles SCX-05 0, SCX-04 1: 15. */
  MeepleGame *g = tu_game(rules, 2, "D D SCX-05 U SCX-04 U", FALSE);
  turn(g, 0, "place D @ 1,0 r0", "pass");
  turn(g, 1, "place D @ 2,0 r0", "follower R1");
  turn(g, 0, "place SCX-05 @ 1,-1 r0", "pass");
  turn(g, 1, "place U @ -1,0 r0", "pass");
  ghosts_are(g, 13, 0, 2);
  put(g, 0, "place SCX-04 @ 2,-1 r180");
  log_is(g, "thick; empty SC-04 1,-1 F1 1; fill 2,-1 F1 =1; "
            "add MIST-07 s1 2,0 R1 =1; empty SC-06 1,-1 F1 1; "
            "add SC-06 s1 2,0 R1 =2");
  circle_is(g, 1, -1, "SCX-05", "F1", 0, 2);
  circle_is(g, 2, -1, "SCX-04", "F1", 1, 1);
  ghosts_are(g, 12, 2, 1);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SC-06 Thickening next to occupied circles                            */
/* ------------------------------------------------------------------ */

/* RULES: SC-06, SC-06.E1, MIST-07, MIST-07.E1, MIST-10, AMB-33, SC-05 */
START_TEST(sc06_e1_bank_ghost_to_blue_circle_ghost_to_yellow)
{
  /* SC-06.E1: "Green extends a mist: 1 bank ghost to a blue follower
   * (MIST-07); the mist holds an occupied circle, so 1 ghost from that
   * circle goes to a yellow follower."  Green = seat 0, Blue = 1,
   * Yellow = 2.
   *            x=0         x=1      x=2
   *   y=-1     GCX-06r90   SCX-05
   *   y=0      D           D        D
   *   y=1      B           B        B
   * T1 G: D (1,0).  T2 B: D (2,0), robber on the road (0,0)-(2,0).
   * T3 Y: B (0,1), monk.  T4 G: SCX-05 (1,-1), no mist neighbour; its 2
   * circles fill from the bank (the robber on (2,0) carries nothing):
   * bank 13.  T5 B, T6 Y: B (1,1), B (2,1), nobody.
   * T7 G: GCX-06r90 at (0,-1): its misty E side meets SCX-05's W side:
   * thickening; SCX-05's E side is still open: not completed.  G3
   * MIST-07: a bank ghost for any opponent's follower: Green chooses
   * between Blue's robber and Yellow's monk: the robber.  G4 SC-06: one
   * occupied older circle record (no "circle-ghost" question): one ghost
   * out of it, again any opponent: the monk.
   * Bank 12, robber 1, monk 1, SCX-05 1 of 2: 15. */
  MeepleGame *g = tu_game(rules, 3, "D D B SCX-05 B B GCX-06 U", FALSE);
  turn(g, 0, "place D @ 1,0 r0", "pass");
  turn(g, 1, "place D @ 2,0 r0", "follower R1");
  turn(g, 2, "place B @ 0,1 r0", "follower M");
  put(g, 0, "place SCX-05 @ 1,-1 r0");
  log_is(g, "fill 1,-1 F1 =1; fill 1,-1 F1 =2");
  act(g, "pass");
  turn(g, 1, "place B @ 1,1 r0", "pass");
  turn(g, 2, "place B @ 2,1 r0", "pass");

  put(g, 0, "place GCX-06 @ 0,-1 r90");
  g_autofree char *blue = figure_action(g, "haunt", 1, 2, 0, "D", "R1");
  g_autofree char *yellow = figure_action(g, "haunt", 2, 0, 1, "B", "M");
  decision_is(g, HAUNT, 0);
  offers(g, blue, yellow, NULL);
  act(g, blue);
  decision_is(g, HAUNT, 0);
  offers(g, blue, yellow, NULL);
  act(g, yellow);
  log_is(g, "thick; add MIST-07 s1 2,0 R1 =1; empty SC-06 1,-1 F1 1; "
            "add SC-06 s2 0,1 M =1");
  ck_assert_uint_eq(carries(g, 1, 2, 0, "D", "R1"), 1);
  ck_assert_uint_eq(carries(g, 2, 0, 1, "B", "M"), 1);
  circle_is(g, 1, -1, "SCX-05", "F1", 1, 2);
  ghosts_are(g, 12, 2, 1);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* RULES: SC-06, AMB-33, MIST-07, MIST-03, SC-02 */
START_TEST(sc06_once_per_placement_the_player_picks_the_circle)
{
  /*            x=0          x=1         x=2
   *   y=-1     SCX-04r180   GCX-09r90   SCX-05
   *   y=0      D            D           D
   * T1 Red (seat 0) SCX-04r180 (0,-1): 1 circle filled from the bank.
   * T2 Blue (seat 1) D (1,0), robber on the road.  T3 Red D (2,0).
   * T4 Blue SCX-05 (2,-1): 2 circles from the bank (bank 12).
   * T5 Red GCX-09r90 at (1,-1): its W side (area 2) meets SCX-04's misty
   * E side, its E side (area 1) meets SCX-05's misty W side: it thickens
   * two different mists, each open elsewhere and each with an older
   * occupied circle.  MIST-07: one bank ghost (the robber is the only
   * opponent follower).  SC-06 only once per placement (AMB-33): Red
   * picks the circle ("circle-ghost", both offered): SCX-05's.  One
   * ghost out of it, to the robber (2).  SCX-04 keeps its ghost.
   * Bank 11, robber 2, circles 1 + 1: 15. */
  MeepleGame *g = tu_game(rules, 2, "SCX-04 D D SCX-05 GCX-09 U", FALSE);
  turn(g, 0, "place SCX-04 @ 0,-1 r180", "pass");
  turn(g, 1, "place D @ 1,0 r0", "follower R1");
  turn(g, 0, "place D @ 2,0 r0", "pass");
  turn(g, 1, "place SCX-05 @ 2,-1 r0", "pass");
  ghosts_are(g, 12, 0, 3);

  put(g, 0, "place GCX-09 @ 1,-1 r90");
  decision_is(g, CIRCLE_GHOST, 0);
  offers(g, "circle-ghost F1 @ 0,-1", "circle-ghost F1 @ 2,-1", NULL);
  act(g, "circle-ghost F1 @ 2,-1");
  log_is(g, "thick; add MIST-07 s1 1,0 R1 =1; empty SC-06 2,-1 F1 1; "
            "add SC-06 s1 1,0 R1 =2");
  ck_assert_uint_eq(count(ADDED, "SC-06"), 1);
  circle_is(g, 0, -1, "SCX-04", "F1", 1, 1);
  circle_is(g, 2, -1, "SCX-05", "F1", 1, 2);
  ghosts_are(g, 11, 2, 2);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SC-07 Completing a mist with spell circles                           */
/* ------------------------------------------------------------------ */

/* RULES: SC-07, SC-07.1, SC-07.E1, SC-05.1, MIST-05, MIST-07, MIST-12,
 * SC-09, AMB-33 */
START_TEST(sc07_e1_red_completes_blue_gets_all_three)
{
  /* SC-07.E1: "Red completes a mist with an SC tile; Blue's follower
   * receives all 3 ghosts: 1 from the bank (thickening) and 2 from the
   * circles of the mist."  Red = seat 0, Blue = seat 1.
   *            x=0         x=1      x=2
   *   y=-1     GCX-06r90   SCX-05   GCX-06r270
   *   y=0      D           D        D
   * T1 Red D (1,0).  T2 Blue D (2,0), robber on the road (0,0)-(2,0).
   * T3 Red GCX-06r90 (0,-1): mist on its E side only.  T4 Blue
   * GCX-06r270 (2,-1): mist on its W side only.  Neither touches mist.
   * T5 Red SCX-05 at (1,-1): both its misty sides meet misty sides:
   * thickening, and the mist of 3 tiles is closed: completed.
   * G2: its 2 circles fill from the bank (the robber next to it has no
   * ghost).  G3 MIST-07: 1 bank ghost to the robber.  G4: no SC-06 for a
   * completed mist (AMB-33).  G5 SC-07: every ghost in the circles of
   * that mist, the 2 this tile just received included (SC-07.1, the
   * exception of SC-05.1), to one opponent: Blue's robber -- it reaches
   * 3 and goes home at once (MIST-12) with its 3 ghosts.
   * Bank 15 - 2 - 1 = 12, then + 3 = 15; circles 0 of 2. */
  MeepleGame *g = tu_game(rules, 2, "D D GCX-06 GCX-06 SCX-05 U", FALSE);
  turn(g, 0, "place D @ 1,0 r0", "pass");
  turn(g, 1, "place D @ 2,0 r0", "follower R1");
  turn(g, 0, "place GCX-06 @ 0,-1 r90", "pass");
  log_is(g, "");
  turn(g, 1, "place GCX-06 @ 2,-1 r270", "pass");
  log_is(g, "");
  put(g, 0, "place SCX-05 @ 1,-1 r0");
  log_is(g, "thick; done 3; fill 1,-1 F1 =1; fill 1,-1 F1 =2; "
            "add MIST-07 s1 2,0 R1 =1; empty SC-07 1,-1 F1 2; "
            "add SC-07 s1 2,0 R1 =2; add SC-07 s1 2,0 R1 =3; "
            "home MIST-12 s1 2,0 R1; ret MIST-12 s1 2,0 R1 3");
  ck_assert_uint_eq(count(ADDED, "SC-06"), 0);
  circle_is(g, 1, -1, "SCX-05", "F1", 0, 2);
  ck_assert_uint_eq(home(g, 1), 7);
  ghosts_are(g, 15, 0, 0);
  act(g, "pass");
  ck_assert_int_eq(meeple_game_score(g, 1), 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: SC-07.E1, SC-06, SC-05, MIST-07 */
START_TEST(sc07_e1_not_completed_only_one_circle_ghost)
{
  /* The other half of SC-07.E1: "Had Red not completed the mist, only one
   * circle ghost would have gone to Blue (SC-06)."
   *            x=-1   x=0         x=1      x=2
   *   y=-1            GCX-06r90   SCX-05   (empty)
   *   y=0      U      D           D        D
   * T1 Red D (1,0).  T2 Blue D (2,0), robber.  T3 Red SCX-05 (1,-1), no
   * mist neighbour, 2 circles from the bank (13).  T4 Blue U (-1,0).
   * T5 Red GCX-06r90 (0,-1) extends SCX-05's mist, whose E side stays
   * open: MIST-07 (1 bank ghost) and SC-06 (1 ghost out of the older
   * circles) for Blue's robber: 2 ghosts, 1 stays in the circles.
   * Bank 12, robber 2, SCX-05 1 of 2: 15. */
  MeepleGame *g = tu_game(rules, 2, "D D SCX-05 U GCX-06 U", FALSE);
  turn(g, 0, "place D @ 1,0 r0", "pass");
  turn(g, 1, "place D @ 2,0 r0", "follower R1");
  turn(g, 0, "place SCX-05 @ 1,-1 r0", "pass");
  turn(g, 1, "place U @ -1,0 r0", "pass");
  put(g, 0, "place GCX-06 @ 0,-1 r90");
  log_is(g, "thick; add MIST-07 s1 2,0 R1 =1; empty SC-06 1,-1 F1 1; "
            "add SC-06 s1 2,0 R1 =2");
  ck_assert_uint_eq(count(DONE, NULL), 0);
  ck_assert_uint_eq(count(ADDED, "SC-07"), 0);
  circle_is(g, 1, -1, "SCX-05", "F1", 1, 2);
  ck_assert_uint_eq(carries(g, 1, 2, 0, "D", "R1"), 2);
  ghosts_are(g, 12, 2, 1);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* The 3-player board of the SC-07 "one opponent" tests (Red = seat 0,
 * Blue = 1, Yellow = 2), turns 1-9:
 *            x=-1   x=0         x=1      x=2          x=3
 *   y=-1            GCX-06r90   SCX-05   (GCX-06r270)
 *   y=0             D           D        D
 *   y=1      B      B           B        B            B
 * T1 R GCX-06r90 (0,-1).  T2 B D (1,0), robber.  T3 Y B (0,1), monk.
 * T4 R D (2,0).  T5 B B (1,1).  T6 Y B (2,1), monk.
 * T7 R SCX-05 (1,-1) thickens GCX-06's mist (its E side stays open):
 * 2 circles from the bank, MIST-07's ghost to Blue's robber (Red's
 * choice among the three opponent followers); no SC-06 from circles
 * filled this turn (SC-05).  Bank 12.
 * T8 B B (-1,1), T9 Y B (3,1): nobody. */
static MeepleGame *
one_opponent_board(void)
{
  MeepleGame *g = tu_game(rules, 3, "GCX-06 D B D B B SCX-05 B B GCX-06 U",
                          FALSE);
  turn(g, 0, "place GCX-06 @ 0,-1 r90", "pass");
  turn(g, 1, "place D @ 1,0 r0", "follower R1");
  turn(g, 2, "place B @ 0,1 r0", "follower M");
  turn(g, 0, "place D @ 2,0 r0", "pass");
  turn(g, 1, "place B @ 1,1 r0", "pass");
  turn(g, 2, "place B @ 2,1 r0", "follower M");
  put(g, 0, "place SCX-05 @ 1,-1 r0");
  decision_is(g, HAUNT, 0);
  g_autofree char *blue = figure_action(g, "haunt", 1, 1, 0, "D", "R1");
  g_autofree char *y0 = figure_action(g, "haunt", 2, 0, 1, "B", "M");
  g_autofree char *y2 = figure_action(g, "haunt", 2, 2, 1, "B", "M");
  offers(g, blue, y0, y2, NULL);
  act(g, blue);
  log_is(g, "thick; fill 1,-1 F1 =1; fill 1,-1 F1 =2; "
            "add MIST-07 s1 1,0 R1 =1");
  ck_assert_uint_eq(count(EMPTIED, NULL), 0);
  act(g, "pass");
  turn(g, 1, "place B @ -1,1 r0", "pass");
  turn(g, 2, "place B @ 3,1 r0", "pass");
  ghosts_are(g, 12, 1, 2);
  return g;
}

/* RULES: SC-07, AMB-34, MIST-07, MIST-05, MIST-10, AMB-33 */
START_TEST(sc07_all_to_one_opponent_any_tile_completes)
{
  /* T10 Red puts the second GCX-06 (r270) at (2,-1): a tile without
   * spell circles closes the mist of 3 tiles (AMB-34: any tile).
   * MIST-07: Red gives the bank ghost to Blue's robber (2).  No SC-06
   * (completed).  SC-07: SCX-05's 2 older ghosts all go to ONE opponent.
   * The first ghost may go to any opponent's follower: Red picks
   * Yellow's monk on (0,1); from then on only Yellow's followers are
   * offered: the second goes to Yellow's other monk on (2,1).
   * Bank 12 - 1 = 11, robber 2, monks 1 + 1, circles 0: 15. */
  MeepleGame *g = one_opponent_board();
  put(g, 0, "place GCX-06 @ 2,-1 r270");
  g_autofree char *blue = figure_action(g, "haunt", 1, 1, 0, "D", "R1");
  g_autofree char *y0 = figure_action(g, "haunt", 2, 0, 1, "B", "M");
  g_autofree char *y2 = figure_action(g, "haunt", 2, 2, 1, "B", "M");
  decision_is(g, HAUNT, 0);
  offers(g, blue, y0, y2, NULL);
  act(g, blue);
  decision_is(g, HAUNT, 0);
  offers(g, blue, y0, y2, NULL);
  act(g, y0);
  decision_is(g, HAUNT, 0);
  offers(g, y0, y2, NULL);
  act(g, y2);
  log_is(g, "thick; done 3; add MIST-07 s1 1,0 R1 =2; "
            "empty SC-07 1,-1 F1 2; add SC-07 s2 0,1 M =1; "
            "add SC-07 s2 2,1 M =1");
  ck_assert_uint_eq(count(ADDED, "SC-06"), 0);
  circle_is(g, 1, -1, "SCX-05", "F1", 0, 2);
  ghosts_are(g, 11, 4, 0);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* RULES: SC-09, SC-07, MIST-12, AMB-22, MIST-10 */
START_TEST(sc09_one_opponent_sent_home_the_rest_expires)
{
  /* As above, but Red gives the first SC-07 ghost to Blue's robber, which
   * already carries 2 (MIST-07 of T7 and T10): it goes home at once with
   * its 3 ghosts (MIST-12).  The second ghost must go to the same
   * opponent, who has no follower left: it expires into the bank (SC-09);
   * Yellow's monks get nothing.
   * Bank 11 + 3 + 1 = 15, circles 0. */
  MeepleGame *g = one_opponent_board();
  put(g, 0, "place GCX-06 @ 2,-1 r270");
  haunt(g, 1, 1, 0, "D", "R1");
  haunt(g, 1, 1, 0, "D", "R1");
  log_is(g, "thick; done 3; add MIST-07 s1 1,0 R1 =2; "
            "empty SC-07 1,-1 F1 2; add SC-07 s1 1,0 R1 =3; "
            "home MIST-12 s1 1,0 R1; ret MIST-12 s1 1,0 R1 3; "
            "lost SC-07 1");
  ck_assert_uint_eq(home(g, 1), 7);
  ghosts_are(g, 15, 0, 0);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 0);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SC-08 Dispersing a mist with occupied circles                        */
/* ------------------------------------------------------------------ */

/* RULES: SC-08, SC-08.E1, MIST-08, MIST-08.E1, AMB-19, MIST-06 */
START_TEST(sc08_e1_green_cuts_a_mist)
{
  /* SC-08.E1: "Green cuts a mist: 1 bank ghost to own follower; the mist
   * held an occupied circle with 1 ghost, which also goes to a green
   * follower."  Board: e3_board() (SC-04 above).
   * T3 Green B at (1,-1), a tile without mist: its clear W edge meets
   * SCX-04's misty E side (2 contacts): dispersal (AMB-19).  MIST-08: 1
   * bank ghost to Green's farmer on (0,-1); SC-08: the mist's circle
   * (filled in T1) gives its ghost to the farmer too.
   * Bank 14 - 1 = 13, farmer 2, circle 0: 15. */
  MeepleGame *g = e3_board();
  log_is(g, "disp 2; add MIST-08 s0 0,-1 F1 =1; empty SC-08 0,-1 F1 1; "
            "add SC-08 s0 0,-1 F1 =2");
  ck_assert_uint_eq(carries(g, 0, 0, -1, "SCX-04", "F1"), 2);
  circle_is(g, 0, -1, "SCX-04", "F1", 0, 1);
  ghosts_are(g, 13, 2, 0);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SC-09 Limits when handing out many ghosts                            */
/* ------------------------------------------------------------------ */

/* The board of the SC-09 tests (Red = seat 0, Blue = seat 1):
 *            x=-1    x=0    x=1      x=2
 *   y=0      A270    D      SCX-07   A90
 *   y=1     (B)     (B)
 * T1 Red A270 (-1,0), robber on its road (it ends at A's monastery).
 * With @monk: T2 Blue B (0,1), T3 Red B (-1,1) with a monk.
 * Then Blue SCX-07 at (1,0): it disperses (3 contacts with D), but Blue
 * has no follower: SC-03's 3 ghosts are lost and stay in the bank; its
 * circles fill from the bank (12).  Red then puts A90 at (2,0). */
static MeepleGame *
sc09_board(gboolean monk)
{
  MeepleGame *g = tu_game(rules, 2,
                          monk ? "A B B SCX-07 A U" : "A SCX-07 A U", FALSE);
  turn(g, 0, "place A @ -1,0 r270", "follower R1");
  if (monk) {
    turn(g, 1, "place B @ 0,1 r0", "pass");
    turn(g, 0, "place B @ -1,1 r0", "follower M");
  }
  put(g, 1, "place SCX-07 @ 1,0 r0");
  log_is(g, "disp 3; lost SC-03 3; fill 1,0 F1 =1; fill 1,0 F1 =2; "
            "fill 1,0 F1 =3");
  ghosts_are(g, 12, 0, 3);
  act(g, "pass");
  put(g, 0, "place A @ 2,0 r90");
  return g;
}

/* RULES: SC-09, SC-08, MIST-08, MIST-12, MIST-11, AMB-22, BASE-19 */
START_TEST(sc09_own_follower_sent_home_no_other_left)
{
  /* Red's A90 at (2,0): its clear W edge (road and both halves) cuts
   * SCX-07's mist: 3 contacts.  MIST-08: 1 bank ghost to the robber (his
   * only follower).  SC-08: the 3 ghosts of SCX-07's older circles, one
   * by one: the robber reaches 3 with the second and goes home (MIST-12,
   * its 3 ghosts to the bank); Red has no other follower for the
   * third: it returns to the bank (lost, SC-09).  Then the road A-D-SCX-07-A
   * (4 tiles) is completed without anybody on it: no points.
   * Bank 12 - 1 + 3 + 1 = 15. */
  MeepleGame *g = sc09_board(FALSE);
  log_is(g, "disp 3; add MIST-08 s0 -1,0 R1 =1; empty SC-08 1,0 F1 3; "
            "add SC-08 s0 -1,0 R1 =2; add SC-08 s0 -1,0 R1 =3; "
            "home MIST-12 s0 -1,0 R1; ret MIST-12 s0 -1,0 R1 3; "
            "lost SC-08 1");
  circle_is(g, 1, 0, "SCX-07", "F1", 0, 3);
  ghosts_are(g, 15, 0, 0);
  act(g, "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  NO_AWARDS();
  ck_assert_int_eq(meeple_game_score(g, 0), 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: SC-09, SC-08, MIST-08, MIST-12, MIST-10 */
START_TEST(sc09_the_rest_goes_to_another_own_follower)
{
  /* The same cut with Red's monk on (-1,1) too: every ghost asks (two
   * followers).  MIST-08 and the first two SC-08 ghosts go to the robber:
   * home at 3 (MIST-12); the last SC-08 ghost must go to another red
   * follower: the monk, the only one left (no question).
   * Bank 12 - 1 + 3 = 14, monk 1: 15.  The road scores nobody. */
  MeepleGame *g = sc09_board(TRUE);
  for (int i = 0; i < 3; i++) {
    decision_is(g, HAUNT, 0);
    haunt(g, 0, -1, 0, "A", "R1");
  }
  log_is(g, "disp 3; add MIST-08 s0 -1,0 R1 =1; empty SC-08 1,0 F1 3; "
            "add SC-08 s0 -1,0 R1 =2; add SC-08 s0 -1,0 R1 =3; "
            "home MIST-12 s0 -1,0 R1; ret MIST-12 s0 -1,0 R1 3; "
            "add SC-08 s0 -1,1 M =1");
  ck_assert_uint_eq(carries(g, 0, -1, 1, "B", "M"), 1);
  ghosts_are(g, 14, 1, 0);
  act(g, "pass");
  NO_AWARDS();
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SC-10 One tile, two mists                                            */
/* ------------------------------------------------------------------ */

/* RULES: SC-10, SC-10.1, MIST-09, MIST-09.1, SC-06, SC-08, MIST-07,
 * MIST-08, AMB-20, AMB-35 */
START_TEST(sc10_one_tile_cuts_one_mist_and_extends_another)
{
  /*            x=0          x=1         x=2
   *   y=-1     SCX-04r180   GCX-06r90   SCX-05
   *   y=0      D            D           D
   * T1 Red (seat 0) SCX-04r180 (0,-1), its circle from the bank, Red's
   * farmer on its misty field.  T2 Blue (seat 1) D (1,0), robber.
   * T3 Red D (2,0).  T4 Blue SCX-05 (2,-1), 2 circles from the bank (the
   * robber next to it has no ghost): bank 12.
   * T5 Red GCX-06r90 at (1,-1): its clear W side cuts SCX-04's misty E
   * side (2 contacts, dispersal), its misty E side extends SCX-05's mist
   * (thickening, still open at (3,-1)).  Both are resolved, thickening
   * first (§0.4): G3 MIST-07 bank ghost to Blue's robber; G4 SC-06 one
   * ghost out of SCX-05's older circles to the robber; G6 MIST-08 bank
   * ghost to Red's farmer; G7 SC-08 SCX-04's circle ghost to the farmer.
   * Bank 12 - 2 = 10, robber 2, farmer 2, circles 0 + 1: 15. */
  MeepleGame *g = tu_game(rules, 2, "SCX-04 D D SCX-05 GCX-06 U", FALSE);
  turn(g, 0, "place SCX-04 @ 0,-1 r180", "follower F1");
  turn(g, 1, "place D @ 1,0 r0", "follower R1");
  turn(g, 0, "place D @ 2,0 r0", "pass");
  turn(g, 1, "place SCX-05 @ 2,-1 r0", "pass");
  ghosts_are(g, 12, 0, 3);
  put(g, 0, "place GCX-06 @ 1,-1 r90");
  log_is(g, "thick; disp 2; add MIST-07 s1 1,0 R1 =1; "
            "empty SC-06 2,-1 F1 1; add SC-06 s1 1,0 R1 =2; "
            "add MIST-08 s0 0,-1 F1 =1; empty SC-08 0,-1 F1 1; "
            "add SC-08 s0 0,-1 F1 =2");
  circle_is(g, 0, -1, "SCX-04", "F1", 0, 1);
  circle_is(g, 2, -1, "SCX-05", "F1", 1, 2);
  ghosts_are(g, 10, 4, 1);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* RULES: SC-10, MIST-09, AMB-20, SC-06, SC-08, MIST-07, MIST-08, MIST-06 */
START_TEST(sc10_one_tile_thickens_and_cuts_the_same_mist)
{
  /*            x=-1   x=0    x=1      x=2
   *   y=-2                   E180     B
   *   y=-1                   SCX-05   GCX-02r180
   *   y=0      U      D      D        D
   * T1 Red (seat 0) D (1,0).  T2 Blue (seat 1) D (2,0), robber.  T3 Red
   * SCX-05 (1,-1), 2 circles from the bank (13).  T4 Blue E180 (1,-2),
   * its cap closes SCX-05's N cap.  T5 Red B (2,-2), monk.  T6 Blue U.
   * T7 Red GCX-02r180 at (2,-1): its misty W side meets SCX-05's misty E
   * side (thickening) and its misty N side meets B's clear S edge (2
   * contacts, dispersal): the same mist is extended and cut (AMB-20:
   * both).  G3 MIST-07 bank ghost and G4 SC-06 one ghost of SCX-05's
   * older circles to Blue's robber; G6 MIST-08 bank ghost and G7 SC-08
   * the circles' remaining ghost to Red's monk.
   * Bank 13 - 2 = 11, robber 2, monk 2, circles 0: 15. */
  MeepleGame *g = tu_game(rules, 2, "D D SCX-05 E B U GCX-02 U", FALSE);
  turn(g, 0, "place D @ 1,0 r0", "pass");
  turn(g, 1, "place D @ 2,0 r0", "follower R1");
  turn(g, 0, "place SCX-05 @ 1,-1 r0", "pass");
  turn(g, 1, "place E @ 1,-2 r180", "pass");
  turn(g, 0, "place B @ 2,-2 r0", "follower M");
  turn(g, 1, "place U @ -1,0 r0", "pass");
  ghosts_are(g, 13, 0, 2);
  put(g, 0, "place GCX-02 @ 2,-1 r180");
  log_is(g, "thick; disp 2; add MIST-07 s1 2,0 R1 =1; "
            "empty SC-06 1,-1 F1 1; add SC-06 s1 2,0 R1 =2; "
            "add MIST-08 s0 2,-2 M =1; empty SC-08 1,-1 F1 1; "
            "add SC-08 s0 2,-2 M =2");
  circle_is(g, 1, -1, "SCX-05", "F1", 0, 2);
  ghosts_are(g, 11, 4, 0);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SC-11 No effect on scoring                                           */
/* ------------------------------------------------------------------ */

/* RULES: SC-11, AMB-35, SC-03, SC-04, SC-06, MIST-07, MIST-16, BASE-16,
 * BASE-19, BASE-22, BASE-25, MIST-14 */
START_TEST(sc11_road_through_a_circle_tile_scores_as_usual)
{
  /*            x=-1    x=0    x=1      x=2
   *   y=0      A270    D      SCX-07   GCX-10r90
   *   y=1      B       B      B
   *   y=2              B
   * T1 Red (seat 0) A270 (-1,0), robber on the road (it ends at A's
   * monastery).  T2 Blue (seat 1) B (0,1), monk.  T3 Red B (-1,1).
   * T4 Blue B (1,1), monk.  T5 Red B (0,2).
   * T6 Blue SCX-07 at (1,0): W edge vs D (3 contacts), S edge vs B (1,1)
   * (2 contacts): dispersal.  SC-03: 3 bank ghosts to Blue's monks:
   * 2 on (0,1), 1 on (1,1).  G2: both monks stand next to (1,0): the 3
   * ghosts just handed out are within reach of the 3 circles (3 <= 3, no
   * question) and all rise again (AMB-35).  Bank 12, monks 0.
   * T7 Red GCX-10r90 at (2,0): its misty road stub and misty W halves
   * meet SCX-07's misty E edge: thickening only.  MIST-07: bank ghost to
   * the monk on (0,1); SC-06: one ghost out of SCX-07's circles to the
   * monk on (1,1).  The road A-D-SCX-07-GCX-10 is completed: 4 tiles, 4
   * points to Red (BASE-16): mist and circles change nothing (SC-11); the
   * robber carries no ghost, so no MIST-14.
   * That was the last tile: final scoring.  Monastery (0,1): 6 of its 8
   * neighbours placed -> 7; monastery (1,1): 5 -> 6 (BASE-22, reading
   * order).  MIST-16 last: Blue's 2 ghosts on followers cost 2; the 2
   * ghosts still in SCX-07's circles cost nobody anything (SC-11).
   * Red 4, Blue 7 + 6 - 2 = 11. */
  MeepleGame *g = tu_game(rules, 2, "A B B B B SCX-07 GCX-10", FALSE);
  turn(g, 0, "place A @ -1,0 r270", "follower R1");
  turn(g, 1, "place B @ 0,1 r0", "follower M");
  turn(g, 0, "place B @ -1,1 r0", "pass");
  turn(g, 1, "place B @ 1,1 r0", "follower M");
  turn(g, 0, "place B @ 0,2 r0", "pass");

  put(g, 1, "place SCX-07 @ 1,0 r0");
  g_autofree char *m01 = figure_action(g, "haunt", 1, 0, 1, "B", "M");
  g_autofree char *m11 = figure_action(g, "haunt", 1, 1, 1, "B", "M");
  decision_is(g, HAUNT, 1);
  offers(g, m01, m11, NULL);
  act(g, m01);
  act(g, m01);
  act(g, m11);
  log_is(g, "disp 5; add SC-03 s1 0,1 M =1; add SC-03 s1 0,1 M =2; "
            "add SC-03 s1 1,1 M =1; raise s1 0,1 M =1; fill 1,0 F1 =1; "
            "raise s1 0,1 M =0; fill 1,0 F1 =2; raise s1 1,1 M =0; "
            "fill 1,0 F1 =3");
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 1); /* no fill-circle */
  ghosts_are(g, 12, 0, 3);
  act(g, "pass");

  put(g, 0, "place GCX-10 @ 2,0 r90");
  decision_is(g, HAUNT, 0);
  act(g, m01);
  decision_is(g, HAUNT, 0);
  act(g, m11);
  act(g, "pass");
  log_is(g, "thick; add MIST-07 s1 0,1 M =1; empty SC-06 1,0 F1 1; "
            "add SC-06 s1 1,1 M =1; home BASE-19 s0 -1,0 R1");
  AWARDS({ 0, 4, "BASE-16", ROAD, ANY, ANY },
         { 1, 7, "BASE-22", CLOISTER, ANY, ANY },
         { 1, 6, "BASE-22", CLOISTER, ANY, ANY },
         { 1, -2, "MIST-16", NO_FEATURE, ANY, ANY });
  ck_assert_int_eq(event(MEEPLE_EVENT_POINTS_SCORED, 3)->arg, 2);
  ck_assert_uint_eq(count(MEEPLE_EVENT_POINTS_SCORED, "MIST-14"), 0);
  ghosts_are(g, 11, 2, 2);
  over(g, 4, 11);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-22 Dragon and mist (PD x MIST x SC)                                */
/* ------------------------------------------------------------------ */

/* RULES, MIST-17, PD-11, PD-09, PD-10, PD-05, SC-06,
 * MIST-07, SC-03, MIST-10, AMB-25 */
START_TEST(x22_dragon_flies_over_circles_eats_a_haunted_robber)
{
  /*            x=-1       x=0       x=1      x=2
   *   y=0      RFr.d0     D         SCX-07   GCX-14
   *   y=1                 F.v
   * T1 Red (seat 0) the volcano DG/F.v at (0,1): the dragon appears
   * there (PD-05); Red may put nothing on it and has nothing else to do:
   * no figure decision.
   * T2 Blue (seat 1) SCX-07 at (1,0), dispersing against D (3 contacts)
   * while Blue has no follower: SC-03's 3 ghosts are lost (bank stays
   * 15); the 3 circles fill from the bank (12).  Blue's robber goes on
   * SCX-07's misty road.
   * T3 Red GCX-14 at (2,0) thickens SCX-07's mist (dispersed, never
   * completed): MIST-07 and SC-06 give the robber 2 ghosts; SCX-07's
   * circles keep 2.  Bank 11.
   * T4 Blue the dragon tile DG/RFr.d at (-1,0), pass.  The dragon flies
   * from the volcano: step 1 (Blue) only to D; step 2 (Red) to SCX-07 or
   * the dragon tile -- the misty spell-circle tile is a legal step
   * Red goes there, the dragon eats Blue's robber (PD-10): its 2
   * ghosts go back to the bank, no penalty (X-06, MIST-17); the 2 ghosts
   * in the circles are neither eaten nor moved.  Step 3 (Blue) to
   * GCX-14, a dead end: the flight ends after 3 steps.
   * Bank 13, circles 2, nobody haunted; scores 0 : 0. */
  guint step = tu_decision_kind(rules, "dragon-step");
  guint ended = tu_event_type(rules, "dragon-flight-ended");
  MeepleGame *g = tu_game(rules, 2, "DG/F.v SCX-07 GCX-14 DG/RFr.d U",
                          FALSE);
  put(g, 0, "place DG/F.v @ 0,1 r0");
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  put(g, 1, "place SCX-07 @ 1,0 r0");
  log_is(g, "disp 3; lost SC-03 3; fill 1,0 F1 =1; fill 1,0 F1 =2; "
            "fill 1,0 F1 =3");
  act(g, "follower R1");
  put(g, 0, "place GCX-14 @ 2,0 r0");
  log_is(g, "thick; add MIST-07 s1 1,0 R1 =1; empty SC-06 1,0 F1 1; "
            "add SC-06 s1 1,0 R1 =2");
  act(g, "pass");
  ghosts_are(g, 11, 2, 2);

  put(g, 1, "place DG/RFr.d @ -1,0 r0");
  act(g, "pass");
  decision_is(g, step, 1);
  offers(g, "dragon-move @ 0,0", NULL);
  act(g, "dragon-move @ 0,0");
  decision_is(g, step, 0);
  offers(g, "dragon-move @ 1,0", "dragon-move @ -1,0", NULL);
  act(g, "dragon-move @ 1,0");
  decision_is(g, step, 1);
  offers(g, "dragon-move @ 2,0", NULL);
  act(g, "dragon-move @ 2,0");
  log_is(g, "home PD-10 s1 1,0 R1; ret MIST-17 s1 1,0 R1 2");
  ck_assert_int_eq(event(ended, 0)->arg, 3);
  NO_AWARDS();
  circle_is(g, 1, 0, "SCX-07", "F1", 2, 3);
  ghosts_are(g, 13, 0, 2);
  ck_assert_int_eq(meeple_game_score(g, 0), 0);
  ck_assert_int_eq(meeple_game_score(g, 1), 0);
  ck_assert_uint_eq(home(g, 1), 7);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-23 The spell-circle draw reaches every kind of follower            */
/* ------------------------------------------------------------------ */

/* RULES: X-23, SC-04, AMB-32, MIST-10, X-12, SC-03, AMB-30, SC-05,
 * ABBOT-03, CIRCUS-10, CIRCUS-17 */
START_TEST(x23_fill_draws_on_abbot_ringmaster_and_acrobat)
{
  /*            x=-1    x=0      x=1          x=2    x=3
   *   y=-1             SCX-05   B (ring)
   *   y=0      A270    D        ffrf.ac90    B      SCX-07r90
   *   y=1              B                     B
   * Red = seat 0, Blue = seat 1 (Blue never has a follower).
   * T1 Red A270 (-1,0), abbot on its monastery.  T2 Blue B (0,1).
   * T3 Red the acrobat tile BT/ffrf.ac r90 at (1,0) (its road W ends at
   * the acrobat space; the road A-D-ac is completed, empty), an acrobat.
   * T4 Blue B (2,0).  T5 Red B (1,-1), the ringmaster on its monastery.
   * T6 Blue B (2,1).
   * T7 Red SCX-07r90 at (3,0): its misty W edge meets B's clear E edge:
   * 2 contacts.  SC-03: 3 bank ghosts for Red's followers, one each for
   * the abbot, the acrobat and the ringmaster (every kind may carry them,
   * MIST-10); (3,0) is 2+ cells from all three: 3 circles from the bank.
   * Bank 9.
   * T8 Blue SCX-05 at (0,-1): S cap on D's cap; its misty E side meets
   * B (1,-1)'s clear W edge: dispersal, SC-03's 2 ghosts for Blue are
   * lost (Blue has no follower).  G2: within reach of its 2 circles: the
   * abbot (-1,0), the acrobat (1,0) and the ringmaster (1,-1), one ghost
   * each: 3 > 2, Blue chooses: all three kinds offered; the abbot's, then
   * (acrobat or ringmaster) the ringmaster's.  SCX-05's own mist holds
   * only its new circles: no SC-08 (SC-05); no MIST-08 (AMB-30).
   * Bank 9, circles 3 + 2, acrobat 1: 15. */
  MeepleGame *g = tu_game(rules, 2,
                          "A B BT/ffrf.ac B B B SCX-07 SCX-05 U", FALSE);
  turn(g, 0, "place A @ -1,0 r270", "abbot M");
  turn(g, 1, "place B @ 0,1 r0", "pass");
  turn(g, 0, "place BT/ffrf.ac @ 1,0 r90", "acrobat @ 1,0");
  turn(g, 1, "place B @ 2,0 r0", "pass");
  turn(g, 0, "place B @ 1,-1 r0", "ringmaster M");
  turn(g, 1, "place B @ 2,1 r0", "pass");

  put(g, 0, "place SCX-07 @ 3,0 r90");
  g_autofree char *abbot = figure_action(g, "haunt", 0, -1, 0, "A", "M");
  g_autofree char *acro =
      figure_action(g, "haunt", 0, 1, 0, "BT/ffrf.ac", "A");
  g_autofree char *ring = figure_action(g, "haunt", 0, 1, -1, "B", "M");
  decision_is(g, HAUNT, 0);
  offers(g, abbot, acro, ring, NULL);
  act(g, abbot);
  act(g, acro);
  decision_is(g, HAUNT, 0);
  offers(g, abbot, acro, ring, NULL);
  act(g, ring);
  log_is(g, "disp 2; add SC-03 s0 -1,0 M =1; add SC-03 s0 1,0 A =1; "
            "add SC-03 s0 1,-1 M =1; fill 3,0 F1 =1; fill 3,0 F1 =2; "
            "fill 3,0 F1 =3");
  ghosts_are(g, 9, 3, 3);
  act(g, "pass");

  put(g, 1, "place SCX-05 @ 0,-1 r0");
  g_autofree char *from_abbot =
      figure_action(g, "ghost-from", 0, -1, 0, "A", "M");
  g_autofree char *from_acro =
      figure_action(g, "ghost-from", 0, 1, 0, "BT/ffrf.ac", "A");
  g_autofree char *from_ring =
      figure_action(g, "ghost-from", 0, 1, -1, "B", "M");
  decision_is(g, FILL, 1);
  offers(g, from_abbot, from_acro, from_ring, NULL);
  act(g, from_abbot);
  decision_is(g, FILL, 1);
  offers(g, from_acro, from_ring, NULL);
  act(g, from_ring);
  log_is(g, "disp 2; lost SC-03 2; raise s0 -1,0 M =0; fill 0,-1 F1 =1; "
            "raise s0 1,-1 M =0; fill 0,-1 F1 =2");
  ck_assert_uint_eq(count(ADDED, NULL), 0);
  guint abbot_type = (guint)meeple_rules_find_figure_type(rules, "abbot");
  guint ring_type = (guint)meeple_rules_find_figure_type(rules, "ringmaster");
  ck_assert_uint_eq(event(RAISED, 0)->figure, abbot_type);
  ck_assert_uint_eq(event(RAISED, 1)->figure, ring_type);
  ck_assert_uint_eq(carries(g, 0, 1, 0, "BT/ffrf.ac", "A"), 1);
  circle_is(g, 0, -1, "SCX-05", "F1", 2, 2);
  ghosts_are(g, 9, 1, 5);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 1);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-24 Magic figures and mist                                          */
/* ------------------------------------------------------------------ */

/* RULES: X-24, MW-12, MW-03, MIST-10, SC-04, MIST-07, MIST-08 */
START_TEST(x24_mage_on_a_misty_road_never_carries_ghosts)
{
  /*            x=-1        x=0    x=1      x=2
   *   y=0      MW/CRRR.3   D      GCX-14   SCX-07
   *   y=1                  B
   *   y=2                  B
   * T1 Red (seat 0) GCX-14 at (1,0), a misty road tile, against D (3
   * contacts): MIST-08's ghost finds no red follower (lost).
   * T2 Blue (seat 1) the mage tile MW/CRRR.3 at (-1,0): the mage goes onto
   * GCX-14's misty road R1 (a legal destination, X-24: mist changes
   * nothing for it); Blue's knight on the mage tile's cap.
   * T3 Red B (0,1).  T4 Blue B (0,2), monk.
   * T5 Red SCX-07 at (2,0) thickens GCX-14's mist.  G2: the mage stands
   * on a neighbour, (1,0), but carries no ghost and is never drawn on:
   * the 3 circles fill from the bank, no question.  G3 MIST-07: the
   * ghost is offered to Blue's knight and monk only, never to the mage
   * (a neutral figure, MW-12): Red gives it to the knight.
   * Bank 11, knight 1, circles 3: 15; nothing on the mage. */
  guint mage = (guint)meeple_rules_find_figure_type(rules, "mage");
  MeepleGame *g = tu_game(rules, 2, "GCX-14 MW/CRRR.3 B B SCX-07 U", FALSE);
  put(g, 0, "place GCX-14 @ 1,0 r0");
  log_is(g, "disp 3; lost MIST-08 1");
  act(g, "pass");
  put(g, 1, "place MW/CRRR.3 @ -1,0 r0");
  act(g, "magic-move mage R1 @ 1,0");
  act(g, "follower C1");
  turn(g, 0, "place B @ 0,1 r0", "pass");
  turn(g, 1, "place B @ 0,2 r0", "follower M");

  put(g, 0, "place SCX-07 @ 2,0 r0");
  g_autofree char *knight =
      figure_action(g, "haunt", 1, -1, 0, "MW/CRRR.3", "C1");
  g_autofree char *monk = figure_action(g, "haunt", 1, 0, 2, "B", "M");
  decision_is(g, HAUNT, 0);
  offers(g, knight, monk, NULL);
  act(g, knight);
  log_is(g, "thick; fill 2,0 F1 =1; fill 2,0 F1 =2; fill 2,0 F1 =3; "
            "add MIST-07 s1 -1,0 C1 =1");
  ck_assert_uint_eq(count(RAISED, NULL), 0);
  const MistState *s = st(g);
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.type != mage)
      continue;
    ck_assert(f.on_board);
    ck_assert_int_eq(f.x, 1);
    ck_assert_int_eq(f.y, 0);
    ck_assert_uint_eq(f.segment, sg(g, "GCX-14", "R1"));
    for (guint k = 0; k < s->n_haunts; k++)
      ck_assert_uint_ne(s->haunts[k].figure, i);
  }
  ghosts_are(g, 11, 1, 3);
  act(g, "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *
rules_spell_circles_suite(void)
{
  Suite *s = suite_create("rules-spell-circles");
  TCase *tc = NULL;
  /* one test case per rule ID, each with fresh rules */
#define RULE(id, set_up)                                                   \
  (tc = tcase_create(id), tcase_add_checked_fixture(tc, set_up, teardown),  \
   suite_add_tcase(s, tc))
  RULE("SC-01", setup_sc);
  tcase_add_test(tc, sc01_requires_mist_nine_tiles_fifteen_circles);
  RULE("SC-02", setup_sc);
  tcase_add_test(tc, sc02_circles_belong_to_their_mist_area);
  RULE("SC-03", setup_sc);
  tcase_add_test(tc, sc03_e1_three_ghosts_on_one_follower_send_it_home);
  tcase_add_test(tc, sc03_ghosts_split_freely_among_own_followers);
  RULE("AMB-30", setup_sc);
  tcase_add_test(tc,
                 amb30_dispersing_sc_tile_n_ghosts_no_mist08_sc04_sc08_apply);
  RULE("SC-04", setup_sc);
  tcase_add_test(tc, sc04_neighbourhood_first_the_active_player_picks);
  tcase_add_test(tc, sc04_neighbours_then_the_bank);
  tcase_add_test(tc, sc04_empty_bank_leaves_circles_empty);
  RULE("SC-05", setup_sc);
  tcase_add_test(tc, sc05_new_circle_ghosts_wait_for_a_later_turn);
  tcase_add_test(tc, sc05_a_thickening_sc_tile_gives_only_older_circle_ghosts);
  RULE("SC-06", setup_sc);
  tcase_add_test(tc, sc06_e1_bank_ghost_to_blue_circle_ghost_to_yellow);
  tcase_add_test(tc, sc06_once_per_placement_the_player_picks_the_circle);
  RULE("SC-07", setup_sc);
  tcase_add_test(tc, sc07_e1_red_completes_blue_gets_all_three);
  tcase_add_test(tc, sc07_e1_not_completed_only_one_circle_ghost);
  tcase_add_test(tc, sc07_all_to_one_opponent_any_tile_completes);
  RULE("SC-08", setup_sc);
  tcase_add_test(tc, sc08_e1_green_cuts_a_mist);
  RULE("SC-09", setup_sc);
  tcase_add_test(tc, sc09_one_opponent_sent_home_the_rest_expires);
  tcase_add_test(tc, sc09_own_follower_sent_home_no_other_left);
  tcase_add_test(tc, sc09_the_rest_goes_to_another_own_follower);
  RULE("SC-10", setup_sc);
  tcase_add_test(tc, sc10_one_tile_cuts_one_mist_and_extends_another);
  tcase_add_test(tc, sc10_one_tile_thickens_and_cuts_the_same_mist);
  RULE("SC-11", setup_sc);
  tcase_add_test(tc, sc11_road_through_a_circle_tile_scores_as_usual);
  RULE("X-22", setup_pd);
  tcase_add_test(tc, x22_dragon_flies_over_circles_eats_a_haunted_robber);
  RULE("X-23", setup_abbot_circus);
  tcase_add_test(tc, x23_fill_draws_on_abbot_ringmaster_and_acrobat);
  RULE("X-24", setup_mw);
  tcase_add_test(tc, x24_mage_on_a_misty_road_never_carries_ghosts);
#undef RULE
  return s;
}

int
main(void)
{
  return tu_run_suite(rules_spell_circles_suite());
}
