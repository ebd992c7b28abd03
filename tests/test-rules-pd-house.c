/* test-rules-pd-house.c — scenario tests of the house rules of The
 * Princess & the Dragon (RULES PD-25), four Lua rule sets of
 * plugins/lua/rulesets/ played by the Lua host (plugins/lua) on top of
 * the C plugin:
 *
 *   pd-house-redraw-dragon        instead of PD-08
 *   pd-house-fairy-claim          widens PD-22
 *   pd-house-fairy-five           instead of PD-22, beside PD-24
 *   pd-house-dragon-enters-fairy  instead of PD-23
 *
 * Each scenario replays a board of test-rules-pd-dragon.c or
 * test-rules-pd-figures.c (the same fixed tile order, the same moves) and
 * asserts the exact points, figure positions and events the house rule
 * makes of it; the comments give the printed rules' result beside it.
 * The interpretations are doc/princess-dragon.md's, "House rules
 * (PD-25)".
 *
 * The rule sets are read from the source tree: every test loads a
 * directory linking the build tree's plugins and the four scripts (the
 * Lua abbot is left out: it has the C abbot's id).
 *
 * Board conventions as in those suites: the start tile D lies at (0,0)
 * unturned; x grows east, y grows SOUTH; U0 = F R F R, W0 = F R R R,
 * E90 = F C F F, E270 = F F F C, R180 = F C C C, B = a monastery;
 * DG/RFr.d is a dragon tile of U's geometry, DG/Rr.d one of V's, DG/F.v
 * a volcano in a field.  Seat 0 and seat 1.
 */
#include "scenario.h"
#include "testutil.h"

#include <glib/gstdio.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define CITY MEEPLE_KIND_CITY
#define ROAD MEEPLE_KIND_ROAD
#define FIELD MEEPLE_KIND_FIELD
#define CLOISTER MEEPLE_KIND_MONASTERY
#define NONE MEEPLE_SEGMENT_NONE
#define ANY ANY_CELL
#define AWARDS(...) SCENARIO_AWARDS(TRUE, __VA_ARGS__)

#define PLUGINS TEST_BUILDDIR "/plugins/.libs"
#define SCRIPTS TEST_SRCDIR "/plugins/lua/rulesets"
#define TILES TEST_SRCDIR "/data/tiles"

static const char *const house[] = {
  "pd-house-redraw-dragon", "pd-house-fairy-claim", "pd-house-fairy-five",
  "pd-house-dragon-enters-fairy", NULL };

static char *root;            /* a temporary directory of plugin dirs */
static MeepleLoader *loader;
static MeepleRules *rules;

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* A plugin directory: the build tree's shared objects (all of them, or
 * all but @leave_out.so) and the four house rules. */
static char *
plugin_dir(const char *leave_out)
{
  g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func(g_free);
  GDir *d = g_dir_open(PLUGINS, 0, NULL);
  ck_assert_msg(d != NULL, "no %s", PLUGINS);
  g_autofree char *skip = leave_out ? g_strconcat(leave_out, ".so", NULL)
                                    : NULL;
  for (const char *name; (name = g_dir_read_name(d));)
    if (g_str_has_suffix(name, ".so") && g_strcmp0(name, skip) != 0)
      g_ptr_array_add(targets, g_build_filename(PLUGINS, name, NULL));
  g_dir_close(d);
  for (guint i = 0; house[i]; i++)
    g_ptr_array_add(targets, g_strdup_printf("%s/%s.lua", SCRIPTS, house[i]));
  g_ptr_array_add(targets, NULL);
  return tu_link_dir(root, (const char *const *)targets->pdata, NULL);
}

/* Loads the full plugin directory and builds rules of @ids. */
static void
with(const char *ids)
{
  g_autofree char *dir = plugin_dir(NULL);
  static const char *const tiles[] = { TILES, NULL };
  loader = tu_load_dir(dir, tiles);
  for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *p = meeple_loader_plugin(loader, i);
    ck_assert_msg(p->loaded, "plugin skipped: %s", p->error);
  }
  g_auto(GStrv) list = g_strsplit(ids, ",", -1);
  GError *error = NULL;
  rules = meeple_loader_build_rules(loader, (const char *const *)list,
                                    &error);
  ck_assert_msg(rules != NULL, "rules %s: %s", ids,
                error ? error->message : "?");
}

static void
setup(void)
{
  root = g_dir_make_tmp("pd-house-XXXXXX", NULL);
  ck_assert(root != NULL);
  loader = NULL;
  rules = NULL;
  scenario_setup();
}

static void
teardown(void)
{
  scenario_teardown();
  if (rules)
    meeple_rules_unref(rules);
  if (loader)
    meeple_loader_unref(loader);
  tu_remove_tree(root);
  g_free(root);
}

static int
tile_index(const char *id)
{
  int t = meeple_rules_find_tile_type(rules, id);
  ck_assert_msg(t >= 0, "unknown tile %s", id);
  return t;
}

static guint
figure_type(const char *name)
{
  int t = meeple_rules_find_figure_type(rules, name);
  ck_assert_msg(t >= 0, "no figure type %s", name);
  return (guint)t;
}

static MeepleFigureInfo
neutral(const MeepleGame *g, const char *name)
{
  guint type = figure_type(name);
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.type == type && f.owner < 0)
      return f;
  }
  ck_abort_msg("no neutral figure %s", name);
  return meeple_game_figure(g, 0);
}

/* The neutral figure @name stands at (x, y), on @segment (NONE: on the
 * tile itself). */
static void
neutral_at(const MeepleGame *g, const char *name, int x, int y,
           guint segment)
{
  MeepleFigureInfo f = neutral(g, name);
  ck_assert_msg(f.on_board && f.x == x && f.y == y && f.segment == segment,
                "%s %s at %d,%d segment %u; expected %d,%d segment %u", name,
                f.on_board ? "on the board" : "beside the board", f.x, f.y,
                f.segment, x, y, segment);
}

static guint
named(guint n, const char *(*name_of)(const MeepleRules *, guint),
      const char *want)
{
  for (guint k = 0; k < n; k++)
    if (strcmp(name_of(rules, k), want) == 0)
      return k;
  ck_abort_msg("nothing named %s", want);
  return 0;
}

static const char *
decision_name(const MeepleRules *r, guint k)
{
  return meeple_rules_decision_kind(r, k)->name;
}

static guint
step_kind(void)
{
  return named(meeple_rules_n_decision_kinds(rules), decision_name,
               "dragon-step");
}

static guint
ended_type(void)
{
  return named(meeple_rules_n_event_types(rules),
               meeple_rules_event_type_name, "dragon-flight-ended");
}

/* A dragon step (PD-09) of @seat offering exactly the NULL-ended cells;
 * the dragon goes to @to. */
G_GNUC_NULL_TERMINATED static void
step(MeepleGame *g, guint seat, const char *to, ...)
{
  decision_is(g, step_kind(), seat);
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
  neutral_at(g, "dragon", x, y, NONE);
}

/* One "dragon-flight-ended" event in ev: at (x, y) after @steps. */
static void
ended(int x, int y, int steps)
{
  ck_assert_uint_eq(count(ended_type(), "PD-09"), 1);
  const MeepleEvent *e = event(ended_type(), 0);
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_int_eq(e->arg, steps);
}

static guint
pos(const MeepleEvent *e)
{
  return (guint)(e - evs());
}

/* Points of @seat in ev citing @rule. */
static int
points(int seat, const char *rule)
{
  int sum = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type == MEEPLE_EVENT_POINTS_SCORED && e->player == seat &&
        g_strcmp0(e->rule, rule) == 0)
      sum += e->points;
  }
  return sum;
}

/* ------------------------------------------------------------------ */
/* Redraw dragon tiles (PD-25 instead of PD-08)                         */
/* ------------------------------------------------------------------ */

/* RULES: PD-25, PD-08, AMB-07, BASE-04, BASE-21, BASE-22 */
START_TEST(redraw_the_dragon_tile_goes_back_at_once)
{
  /* Supply: DG/RFr.d, U (the board of pd08_last_tile_a_volcano_...
   * without its volcano).
   * Start: seat 0 draws DG/RFr.d while the dragon is away: set aside
   *    (tile-set-aside, player 0, PD-25), seat 0 draws U, and the dragon
   *    tile goes back into the bag at once (tiles-returned, 1, PD-25):
   *    1 tile left, none set aside.  (PD-08: 0 left, 1 set aside.)
   * T1 seat 0: U0 east of D, robber.  Seat 1 draws DG/RFr.d again: set
   *    aside (PD-25); the bag is empty, nothing else is drawn, so the
   *    game ends before any tile of seat 1 (BASE-21) and the tile is
   *    discarded (AMB-07).  Final: the road D + U, open: 2 (BASE-22).
   *    2 : 0. */
  with("pd-house-redraw-dragon");
  MeepleGame *g = tu_game(rules, 2, "DG/RFr.d U", FALSE);
  const int rfr = tile_index("DG/RFr.d"), u = tile_index("U");
  gsize n = 0;
  const MeepleEvent *start = meeple_game_initial_events(g, &n);
  const guint want[][2] = { { MEEPLE_EVENT_TILE_DRAWN, (guint)rfr },
                            { MEEPLE_EVENT_TILE_SET_ASIDE, (guint)rfr },
                            { MEEPLE_EVENT_TILE_DRAWN, (guint)u },
                            { MEEPLE_EVENT_TILES_RETURNED, 0 } };
  guint k = 0;
  for (gsize i = 0; i < n; i++) {
    const MeepleEvent *e = &start[i];
    if (e->type != MEEPLE_EVENT_TILE_DRAWN &&
        e->type != MEEPLE_EVENT_TILE_SET_ASIDE &&
        e->type != MEEPLE_EVENT_TILES_RETURNED)
      continue;
    ck_assert_uint_lt(k, G_N_ELEMENTS(want));
    ck_assert_uint_eq(e->type, want[k][0]);
    if (e->type == MEEPLE_EVENT_TILES_RETURNED) {
      ck_assert_int_eq(e->arg, 1);
      ck_assert_str_eq(e->rule, "PD-25");
    } else {
      ck_assert_uint_eq(e->tile, want[k][1]);
      ck_assert_int_eq(e->player, 0);
    }
    if (e->type == MEEPLE_EVENT_TILE_SET_ASIDE)
      ck_assert_str_eq(e->rule, "PD-25");
    k++;
  }
  ck_assert_uint_eq(k, G_N_ELEMENTS(want));
  ck_assert_uint_eq(tu_count_events(start, n, MEEPLE_EVENT_TILE_SET_ASIDE,
                                    "PD-08"), 0);
  ck_assert_int_eq(meeple_game_drawn_tile(g), u);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 1);
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 0);

  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_SET_ASIDE, "PD-25"), 1);
  ck_assert_uint_eq(event(MEEPLE_EVENT_TILE_SET_ASIDE, 0)->tile, (guint)rfr);
  ck_assert_int_eq(event(MEEPLE_EVENT_TILE_SET_ASIDE, 0)->player, 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILES_RETURNED, NULL), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_DISCARDED, "AMB-07"), 1);
  ck_assert_uint_eq(event(MEEPLE_EVENT_TILE_DISCARDED, 0)->tile, (guint)rfr);
  ck_assert_uint_lt(pos(event(MEEPLE_EVENT_TILE_SET_ASIDE, 0)),
                    pos(event(MEEPLE_EVENT_TILE_DISCARDED, 0)));
  ck_assert_uint_eq(meeple_game_n_placed(g), 2);
  ck_assert_uint_eq(meeple_game_n_discarded(g), 1);
  ck_assert(!neutral(g, "dragon").on_board);
  AWARDS({ 0, 2, "BASE-22", ROAD, ANY, ANY });
  over(g, 2, 0);
  meeple_game_free(g);
}
END_TEST

/* Plays the first legal action of every decision to the end; the events
 * are added to ev. */
static void
play_out(MeepleGame *g)
{
  while (!meeple_game_is_over(g)) {
    const MeepleEvent *e;
    gsize n;
    g_autoptr(GError) err = NULL;
    ck_assert_msg(meeple_game_apply_index(g, 0, &e, &n, &err), "%s",
                  err ? err->message : "");
    g_array_append_vals(ev, e, (guint)n);
  }
}

/* RULES: PD-25, PD-08, PD-05, BASE-04, BASE-21 */
START_TEST(redraw_two_dragon_tiles_then_the_volcano)
{
  /* The supply of pd08_dragon_tiles_wait_for_the_first_volcano:
   *   U, DG/RFr.d, DG/Rr.d, U, DG/F.v, U, DG/R.v, U   (8 tiles)
   * Start: seat 0 draws U: 7 left.
   * T1 seat 0: U0 east of D, robber.  Seat 1 draws DG/RFr.d (set aside,
   *    PD-25), DG/Rr.d (set aside, PD-25), then U, which stays: both
   *    dragon tiles go back at once (tiles-returned, 2, PD-25) and the
   *    bag is shuffled: 8 - 1 - 3 + 2 = 6 left, none set aside.  (PD-08:
   *    4 left, 2 set aside until the volcano.)
   * The order of the 6 is then the PRNG's, so the game is played out with
   * the first legal action of every decision and what does not depend on
   * the order is checked: no tile is ever set aside under PD-08; each
   * tiles-returned of PD-25 brings back exactly the tiles set aside
   * since the one before; a dragon tile is set aside only while the
   * dragon is away (no set-aside after the first volcano's figure-placed
   * of the dragon); the 9 tiles all end placed or discarded, none set
   * aside. */
  with("pd-house-redraw-dragon");
  MeepleGame *g = tu_game(rules, 2,
                          "U DG/RFr.d DG/Rr.d U DG/F.v U DG/R.v U", FALSE);
  const int u = tile_index("U"), rfr = tile_index("DG/RFr.d");
  const int rr = tile_index("DG/Rr.d");
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  const guint want[][2] = { { MEEPLE_EVENT_TILE_DRAWN, (guint)rfr },
                            { MEEPLE_EVENT_TILE_SET_ASIDE, (guint)rfr },
                            { MEEPLE_EVENT_TILE_DRAWN, (guint)rr },
                            { MEEPLE_EVENT_TILE_SET_ASIDE, (guint)rr },
                            { MEEPLE_EVENT_TILE_DRAWN, (guint)u },
                            { MEEPLE_EVENT_TILES_RETURNED, 2 } };
  guint k = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type != MEEPLE_EVENT_TILE_DRAWN &&
        e->type != MEEPLE_EVENT_TILE_SET_ASIDE &&
        e->type != MEEPLE_EVENT_TILES_RETURNED)
      continue;
    ck_assert_uint_lt(k, G_N_ELEMENTS(want));
    ck_assert_uint_eq(e->type, want[k][0]);
    if (e->type == MEEPLE_EVENT_TILES_RETURNED)
      ck_assert_int_eq(e->arg, (int)want[k][1]);
    else
      ck_assert_uint_eq(e->tile, want[k][1]);
    if (e->type != MEEPLE_EVENT_TILE_DRAWN)
      ck_assert_str_eq(e->rule, "PD-25");
    k++;
  }
  ck_assert_uint_eq(k, G_N_ELEMENTS(want));
  ck_assert_int_eq(meeple_game_drawn_tile(g), u);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 6);
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 0);

  g_array_set_size(ev, 0);
  play_out(g);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_SET_ASIDE, "PD-08"), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILES_RETURNED, "PD-08"), 0);
  guint dragon = figure_type("dragon");
  gboolean in_play = FALSE;
  int waiting = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type == MEEPLE_EVENT_FIGURE_PLACED && e->figure == dragon)
      in_play = TRUE;
    if (e->type == MEEPLE_EVENT_TILE_SET_ASIDE) {
      ck_assert(!in_play);
      ck_assert(e->tile == (guint)rfr || e->tile == (guint)rr);
      waiting++;
    }
    if (e->type == MEEPLE_EVENT_TILES_RETURNED) {
      ck_assert_int_eq(e->arg, waiting);
      waiting = 0;
    }
  }
  ck_assert(in_play);
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 0);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 0);
  ck_assert_uint_eq(meeple_game_n_placed(g) + meeple_game_n_discarded(g), 9);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-25, PD-08, PD-05, PD-07 */
START_TEST(redraw_not_once_the_dragon_is_in_play)
{
  /* Supply: DG/F.v, DG/RFr.d.  Start: seat 0 draws the volcano.
   * T1 seat 0: the volcano below D; the dragon on it (PD-05).  Seat 1
   *    draws DG/RFr.d: the dragon is in play, so it stays (no
   *    tile-set-aside at all). */
  with("pd-house-redraw-dragon");
  MeepleGame *g = tu_game(rules, 2, "DG/F.v DG/RFr.d", FALSE);
  put(g, 0, "place DG/F.v @ 0,1 r0");
  neutral_at(g, "dragon", 0, 1, NONE);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILE_SET_ASIDE, NULL), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_TILES_RETURNED, NULL), 0);
  ck_assert_int_eq(meeple_game_drawn_tile(g), tile_index("DG/RFr.d"));
  ck_assert_uint_eq(meeple_game_n_set_aside(g), 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Fairy point until the bag is passed on (PD-25 widening PD-22)        */
/* ------------------------------------------------------------------ */

/* RULES: PD-25, PD-22, PD-20, PD-21, PD-24, PD-24.3, BASE-22 */
START_TEST(claim_the_point_of_a_fairy_moved_this_turn)
{
  /* The row of pd22_point_only_at_the_owners_turn, U0 at x = -4..4:
   *   T1 seat 0 robber on U (1,0); T2 seat 1 farmer on U (-1,0)'s north
   *   field F1; T3 seat 0 moves the fairy to its robber: the fairy stood
   *   by seat 0's follower before the bag was passed on, so seat 0
   *   claims the point in this turn: +1 (PD-25) right after the move,
   *   located at (1,0) on the road.  (PD-22: nothing until turn 5.)
   *   Start of T4 (seat 1): nothing.  Start of T5 (seat 0): +1 (PD-22);
   *   after its figure action nothing more: already claimed.
   *   T6 seat 1 moves the fairy to its farmer: +1 (PD-25) at (-1,0).
   *   Start of T7 (seat 0): nothing; of T8 (seat 1): +1 (PD-22).
   * End: road of 9 tiles, 9 to seat 0; seat 1's farmer with the fairy:
   * +3 (PD-24.3).  1 + 1 + 9 = 11 : 1 + 1 + 3 = 5.  (Printed: 10 : 4.) */
  with("pd-house-fairy-claim");
  MeepleGame *g = tu_game(rules, 2, "U U U U U U U U", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  turn(g, 1, "place U @ -1,0 r0", "follower F1");
  turn(g, 0, "place U @ 2,0 r0", "fairy-move R1 @ 1,0");
  AWARDS({ 0, 1, "PD-25", ROAD, 1, 0 });
  const MeepleEvent *claim = event(MEEPLE_EVENT_POINTS_SCORED, 0);
  ck_assert_uint_eq(claim->segment, sg(g, "U", "R1"));
  ck_assert_uint_lt(pos(event(MEEPLE_EVENT_FIGURE_PLACED, 0)), pos(claim));
  ck_assert_uint_lt(pos(claim), pos(event(MEEPLE_EVENT_TURN_STARTED, 0)));
  ck_assert_int_eq(meeple_game_score(g, 0), 1);

  turn(g, 1, "place U @ -2,0 r0", "pass");
  AWARDS({ 0, 1, "PD-22", ROAD, 1, 0 });
  turn(g, 0, "place U @ 3,0 r0", "pass");
  NO_AWARDS();
  ck_assert_int_eq(meeple_game_score(g, 0), 2);

  turn(g, 1, "place U @ -3,0 r0", "fairy-move F1 @ -1,0");
  AWARDS({ 1, 1, "PD-25", FIELD, -1, 0 });
  neutral_at(g, "fairy", -1, 0, sg(g, "U", "F1"));
  turn(g, 0, "place U @ 4,0 r0", "pass");
  AWARDS({ 1, 1, "PD-22", FIELD, -1, 0 });
  turn(g, 1, "place U @ -4,0 r0", "pass");
  AWARDS({ 0, 9, "BASE-22", ROAD, ANY, ANY },
         { 1, 3, "PD-24", FIELD, -1, 0 });
  over(g, 11, 5);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-25, PD-22, PD-20.3, PD-24, AMB-03, BASE-16, BASE-19 */
START_TEST(claim_before_the_follower_is_scored)
{
  /* The board of pd20_3_onto_a_follower_completed_this_turn:
   *            x=-1    x=0     x=1     x=2
   *    y=0     W0      D       W0      U0
   * T3: seat 0's W0 at (-1,0) completes D's road; seat 0 moves the fairy
   * to its robber on it.  The claim comes right after the move, before
   * the road is scored: +1 (PD-25); then the road 3 (BASE-16) and the
   * fairy's 3 (PD-24); the robber goes home, the fairy stays alone on
   * (1,0) (AMB-03).  7 : 0.  (Printed: 6 : 0.) */
  with("pd-house-fairy-claim");
  MeepleGame *g = tu_game(rules, 2, "W U W", FALSE);
  turn(g, 0, "place W @ 1,0 r0", "follower R3");
  turn(g, 1, "place U @ 2,0 r0", "pass");
  turn(g, 0, "place W @ -1,0 r0", "fairy-move R3 @ 1,0");
  AWARDS({ 0, 1, "PD-25", ROAD, 1, 0 },
         { 0, 3, "BASE-16", ROAD, ANY, ANY },
         { 0, 3, "PD-24", ROAD, 1, 0 });
  ck_assert_uint_lt(pos(event(MEEPLE_EVENT_POINTS_SCORED, 0)),
                    pos(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)));
  neutral_at(g, "fairy", 1, 0, NONE);
  over(g, 7, 0);
  meeple_game_free(g);
}
END_TEST

/* The board of pd23_fairy_tile_is_never_entered, turns 1-4, and the
 * dragon tile of turn 5 put down (defined with the dragon's tests
 * below). */
static MeepleGame *fairy_board_until(gboolean flight);

/* RULES: PD-25, PD-22, PD-07.1, PD-20, PD-23, PD-09, PD-10, PD-24,
 * BASE-22 */
START_TEST(claim_before_the_dragon_flies)
{
  /* The board of pd23_fairy_tile_is_never_entered up to turn 5: at turn
   * 4 Red moved the fairy beside its monk on B (0,1), which claims the
   * point of turn 4 at once: +1 (PD-25) for Red.  T5 Blue puts the dragon tile at
   * (2,0) and moves the fairy to its own robber on (1,0) instead of
   * placing a follower (PD-07.1): +1 (PD-25) at once, before the dragon
   * flies.  The flight (PD-23: never onto (1,0) now):
   *   step 1 Blue, from (1,1): (0,1) only: Red's monk is eaten.
   *   step 2 Red, from (0,1): D only.
   *   step 3 Blue, from D: (-1,0) only.
   *   step 4 Red: dead end after 3 steps at (-1,0).
   * Final: the road (-1,0)..(2,0), 4 tiles, open: 4 to Blue and the
   * fairy's 3 (PD-24).  1 + 4 + 3 = 8 : 1.  (Printed: 7 : 0.) */
  with("pd-house-fairy-claim");
  MeepleGame *g = fairy_board_until(FALSE);
  ck_assert_int_eq(meeple_game_score(g, 0), 0);
  ck_assert_int_eq(meeple_game_score(g, 1), 1);
  act(g, "fairy-move R1 @ 1,0");
  AWARDS({ 0, 1, "PD-25", ROAD, 1, 0 });
  decision_is(g, step_kind(), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  step(g, 0, "0,1", "0,1", NULL);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "PD-10"), 1);
  step(g, 1, "0,0", "0,0", NULL);
  step(g, 0, "-1,0", "-1,0", NULL);
  ended(-1, 0, 3);
  AWARDS({ 0, 1, "PD-25", ROAD, 1, 0 },
         { 0, 4, "BASE-22", ROAD, ANY, ANY },
         { 0, 3, "PD-24", ROAD, 1, 0 });
  over(g, 8, 1);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Five points instead of the fairy point (PD-25 instead of PD-22)     */
/* ------------------------------------------------------------------ */

/* RULES: PD-25, PD-24, PD-24.E1, PD-22, PD-21, BASE-14, BASE-17 */
START_TEST(five_for_the_completed_city)
{
  /* The T-board of pd24_e1_tie_eight_and_eleven:
   *              x=-1    x=0     x=1
   *     y=-1     E90     (R180)  E270
   *     y=0      U0      D       U0      U0 (2,0)
   * Red = seat 0, knight in E90; Blue = seat 1, knight in E270.  T5 Red
   * moves the fairy to its knight.  T6 Blue's R180 closes the city of 4
   * tiles: 8 each (BASE-17), Red's fairy +3 (PD-24) and +5 (PD-25) for
   * the completed feature; no fairy point at any turn's start (PD-22
   * dropped).  16 : 8.  (Printed: 11 : 8.) */
  with("pd-house-fairy-five");
  MeepleGame *g = tu_game(rules, 2, "U U E E U R", FALSE);
  turn(g, 0, "place U @ -1,0 r0", "pass");
  turn(g, 1, "place U @ 1,0 r0", "pass");
  turn(g, 0, "place E @ -1,-1 r90", "follower C1");
  turn(g, 1, "place E @ 1,-1 r270", "follower C1");
  turn(g, 0, "place U @ 2,0 r0", "fairy-move C1 @ -1,-1");
  NO_AWARDS();
  turn(g, 1, "place R @ 0,-1 r180", "pass");
  AWARDS({ 0, 8, "BASE-17", CITY, ANY, ANY },
         { 1, 8, "BASE-17", CITY, ANY, ANY },
         { 0, 3, "PD-24", CITY, -1, -1 },
         { 0, 5, "PD-25", CITY, -1, -1 });
  /* both bonuses before the knights go home; then the fairy stays */
  ck_assert_uint_lt(pos(event(MEEPLE_EVENT_POINTS_SCORED, 3)),
                    pos(event(MEEPLE_EVENT_FIGURE_RETURNED, 0)));
  neutral_at(g, "fairy", -1, -1, NONE);
  over(g, 16, 8);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-25, PD-22, PD-24, PD-24.2, PD-24.3, BASE-22 */
START_TEST(five_no_turn_point_and_only_three_at_the_end)
{
  /* The row of pd22_point_only_at_the_owners_turn played the same way:
   * no fairy point at any turn's start (PD-22 dropped: printed +1 for
   * seat 0 at T5 and +1 for seat 1 at T8); at the end the road 9 to seat
   * 0 and seat 1's farmer with the fairy +3 (PD-24.2); the field is not
   * completed, so no 5.  9 : 3.  (Printed: 10 : 4.) */
  with("pd-house-fairy-five");
  MeepleGame *g = tu_game(rules, 2, "U U U U U U U U", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  turn(g, 1, "place U @ -1,0 r0", "follower F1");
  turn(g, 0, "place U @ 2,0 r0", "fairy-move R1 @ 1,0");
  turn(g, 1, "place U @ -2,0 r0", "pass");
  NO_AWARDS();
  turn(g, 0, "place U @ 3,0 r0", "pass");
  turn(g, 1, "place U @ -3,0 r0", "fairy-move F1 @ -1,0");
  turn(g, 0, "place U @ 4,0 r0", "pass");
  NO_AWARDS();
  ck_assert_int_eq(meeple_game_score(g, 0), 0);
  ck_assert_int_eq(meeple_game_score(g, 1), 0);
  turn(g, 1, "place U @ -4,0 r0", "pass");
  AWARDS({ 0, 9, "BASE-22", ROAD, ANY, ANY },
         { 1, 3, "PD-24", FIELD, -1, 0 });
  over(g, 9, 3);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-25, PD-22, PD-24, PD-20 */
START_TEST(five_and_claim_together_claim_nothing)
{
  /* Both rule sets: with no fairy point (five) there is nothing to claim
   * (claim).  The row of the test above: the same 9 : 3, and not one
   * PD-22 or PD-25 point. */
  with("pd-house-fairy-claim,pd-house-fairy-five");
  MeepleGame *g = tu_game(rules, 2, "U U U U U U U U", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  turn(g, 1, "place U @ -1,0 r0", "follower F1");
  turn(g, 0, "place U @ 2,0 r0", "fairy-move R1 @ 1,0");
  NO_AWARDS();
  turn(g, 1, "place U @ -2,0 r0", "pass");
  NO_AWARDS();
  turn(g, 0, "place U @ 3,0 r0", "pass");
  turn(g, 1, "place U @ -3,0 r0", "fairy-move F1 @ -1,0");
  NO_AWARDS();
  turn(g, 0, "place U @ 4,0 r0", "pass");
  turn(g, 1, "place U @ -4,0 r0", "pass");
  ck_assert_int_eq(points(0, "PD-25") + points(1, "PD-25"), 0);
  AWARDS({ 0, 9, "BASE-22", ROAD, ANY, ANY },
         { 1, 3, "PD-24", FIELD, -1, 0 });
  over(g, 9, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The dragon enters the fairy's tile (PD-25 instead of PD-23)          */
/* ------------------------------------------------------------------ */

/* The board of pd23_fairy_tile_is_never_entered, turns 1-5 up to the
 * flight.  Seat 0 = Blue, seat 1 = Red.
 *            x=-1   x=0    x=1    x=2
 *    y=0     U0     D      U0     RFr.d     RFr.d = DG/RFr.d (dragon)
 *    y=1            B      F.v              F.v = DG/F.v (volcano)
 * Blue's robber on U (1,0), Red's monk on B (0,1) with the fairy; the
 * dragon on the volcano (1,1); Blue puts the dragon tile at (2,0). */
static MeepleGame *
fairy_board_until(gboolean flight)
{
  MeepleGame *g = tu_game(rules, 2, "U B DG/F.v U DG/RFr.d", FALSE);
  turn(g, 0, "place U @ 1,0 r0", "follower R1");
  turn(g, 1, "place B @ 0,1 r0", "follower M");
  turn(g, 0, "place DG/F.v @ 1,1 r0", "pass");
  turn(g, 1, "place U @ -1,0 r0", "fairy-move M @ 0,1");
  put(g, 0, "place DG/RFr.d @ 2,0 r0");
  if (flight)
    act(g, "pass");
  neutral_at(g, "dragon", 1, 1, NONE);
  neutral_at(g, "fairy", 0, 1, sg(g, "B", "M"));
  return g;
}

static MeepleGame *
fairy_board(void)
{
  return fairy_board_until(TRUE);
}

/* RULES: PD-25, PD-23, PD-23.E1, PD-09, PD-10, PD-11, PD-24, BASE-22 */
START_TEST(dragon_enters_the_fairy_tile_and_eats_nothing)
{
  /* The flight (PD-23.E1 forbade the fairy's tile B to step 1):
   *   step 1 Blue, from (1,1): up (1,0) or left onto the fairy's tile
   *      (0,1) -> (0,1): Red's monk beside the fairy is not eaten.
   *   step 2 Red, from (0,1): D only ((1,1) was visited).
   *   step 3 Blue, from D: (-1,0) or (1,0) -> (1,0), its own robber:
   *      eaten.
   *   step 4 Red, from (1,0): the dragon tile (2,0) only.
   *   step 5 Blue, from (2,0): no neighbour left: dead end after 4.
   * Final: the monk's monastery has 4 placed neighbours: 5 (BASE-22) +
   * 3 (PD-24) = 8 for Red.  0 : 8. */
  with("pd-house-dragon-enters-fairy");
  MeepleGame *g = fairy_board();
  step(g, 0, "0,1", "1,0", "0,1", NULL);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  ck_assert_uint_eq(on(g, 1, 0, 1, "B", "M"), 1);
  step(g, 1, "0,0", "0,0", NULL);
  step(g, 0, "1,0", "-1,0", "1,0", NULL);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "PD-10"), 1);
  const MeepleEvent *meal = event(MEEPLE_EVENT_FIGURE_RETURNED, 0);
  ck_assert_int_eq(meal->player, 0);
  ck_assert_int_eq(meal->x, 1);
  ck_assert_int_eq(meal->y, 0);
  step(g, 1, "2,0", "2,0", NULL);
  ended(2, 0, 4);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  neutral_at(g, "fairy", 0, 1, sg(g, "B", "M"));
  ck_assert_uint_eq(on(g, 1, 0, 1, "B", "M"), 1);
  AWARDS({ 1, 5, "BASE-22", CLOISTER, ANY, ANY },
         { 1, 3, "PD-24", CLOISTER, 0, 1 });
  over(g, 0, 8);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-25, PD-23, PD-12, PD-09, PD-10, PD-24, BASE-22 */
START_TEST(dragon_ends_on_the_fairy_tile_beside_the_monk)
{
  /* The same board, another flight:
   *   step 1 Blue, from (1,1): (1,0) or (0,1) -> (1,0), eating its own
   *      robber.
   *   step 2 Red, from (1,0): D or (2,0) -> D.
   *   step 3 Blue, from D: (-1,0) or the fairy's tile (0,1) -> (0,1):
   *      nothing eaten.
   *   step 4 Red, from (0,1): D and (1,1) were visited, the rest is
   *      empty: dead end after 3 steps.  The dragon stays on the fairy's
   *      tile, beside Red's monk and the fairy (PD-12 keeps only new
   *      figures off its tile).
   * Final: 5 + 3 = 8 for Red, as above.  0 : 8. */
  with("pd-house-dragon-enters-fairy");
  MeepleGame *g = fairy_board();
  step(g, 0, "1,0", "1,0", "0,1", NULL);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "PD-10"), 1);
  step(g, 1, "0,0", "0,0", "2,0", NULL);
  step(g, 0, "0,1", "-1,0", "0,1", NULL);
  ended(0, 1, 3);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  neutral_at(g, "dragon", 0, 1, NONE);
  neutral_at(g, "fairy", 0, 1, sg(g, "B", "M"));
  ck_assert_uint_eq(on(g, 1, 0, 1, "B", "M"), 1);
  AWARDS({ 1, 5, "BASE-22", CLOISTER, ANY, ANY },
         { 1, 3, "PD-24", CLOISTER, 0, 1 });
  over(g, 0, 8);
  meeple_game_free(g);
}
END_TEST

/* RULES: PD-23, PD-25 */
START_TEST(printed_rule_unchanged_without_the_house_rule)
{
  /* The same board with princess-dragon alone still forbids the fairy's
   * tile (PD-23): the house rule's setting belongs to the rules object
   * it is enabled in, not to the plugin. */
  with("princess-dragon,pd-house-dragon-enters-fairy");
  MeepleRules *house_rules = rules;
  meeple_rules_ref(house_rules);
  meeple_rules_unref(rules);
  meeple_loader_unref(loader);
  with("princess-dragon");
  MeepleGame *g = fairy_board();
  step(g, 0, "1,0", "1,0", NULL);
  meeple_game_free(g);
  meeple_rules_unref(rules);
  rules = house_rules;
  g_array_set_size(ev, 0);
  g = fairy_board();
  step(g, 0, "0,1", "1,0", "0,1", NULL);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Requirements and whole games                                         */
/* ------------------------------------------------------------------ */

/* RULES: PD-25 */
START_TEST(each_requires_princess_dragon)
{
  /* Named alone, each rule set brings princess-dragon with it (the
   * loader adds what a rule set requires); without princess-dragon
   * installed each is skipped and cannot be enabled. */
  for (guint i = 0; house[i]; i++) {
    with(house[i]);
    ck_assert_int_ge(meeple_rules_find_figure_type(rules, "fairy"), 0);
    ck_assert_int_ge(meeple_rules_find_figure_type(rules, "dragon"), 0);
    meeple_rules_unref(rules);
    rules = NULL;
    meeple_loader_unref(loader);
    loader = NULL;
  }
  g_autofree char *dir = plugin_dir("princess-dragon");
  static const char *const tiles[] = { TILES, NULL };
  loader = tu_load_dir(dir, tiles);
  for (guint i = 0; house[i]; i++) {
    const MeeplePluginInfo *p = NULL;
    for (guint j = 0; j < meeple_loader_n_plugins(loader); j++)
      if (g_strcmp0(meeple_loader_plugin(loader, j)->id, house[i]) == 0)
        p = meeple_loader_plugin(loader, j);
    ck_assert_msg(p != NULL, "%s not listed", house[i]);
    ck_assert(!p->loaded);
    ck_assert_str_eq(p->source, "lua");
    ck_assert_msg(strstr(p->error, "requires 'princess-dragon'") != NULL,
                  "%s", p->error);
    const char *ids[] = { house[i], NULL };
    GError *error = NULL;
    ck_assert(meeple_loader_build_rules(loader, ids, &error) == NULL);
    ck_assert(error != NULL);
    g_error_free(error);
  }
}
END_TEST

/* RULES: PD-25, PD-08, PD-22, PD-23 */
START_TEST(whole_random_games_with_every_rule_set)
{
  /* Every rule set of the build tree with the four house rules: seeded
   * random games to the end.  Every legal action applies (no script
   * fails); under the house rules no tile is set aside under PD-08 and
   * no fairy point is given at a turn's start (five), and the dragon
   * never eats on the fairy's tile (its meals happen elsewhere). */
  with("abbot,circus,mage-witch,mist,spell-circles,princess-dragon,"
       "pd-house-redraw-dragon,pd-house-fairy-claim,pd-house-fairy-five,"
       "pd-house-dragon-enters-fairy");
  guint games = tu_property_games(6, 20000);
  guint fairy = figure_type("fairy");
  guint house_points = 0;
  for (guint s = 1; s <= games; s++) {
    MeepleGameConfig config = { 0 };
    config.n_players = 2 + s % 3;
    config.seed = s;
    g_autoptr(GError) err = NULL;
    MeepleGame *g = meeple_game_new(rules, &config, &err);
    ck_assert_msg(g != NULL, "seed %u: %s", s, err ? err->message : "?");
    GRand *rand = g_rand_new_with_seed(s);
    while (!meeple_game_is_over(g)) {
      const MeepleDecision *d = meeple_game_decision(g);
      gsize pick = (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions);
      const MeepleEvent *e;
      gsize n;
      ck_assert_msg(meeple_game_apply_index(g, pick, &e, &n, &err),
                    "seed %u: %s", s, err ? err->message : "?");
      MeepleFigureInfo f = neutral(g, "fairy");
      for (gsize i = 0; i < n; i++) {
        ck_assert(e[i].type != MEEPLE_EVENT_TILE_SET_ASIDE ||
                  g_strcmp0(e[i].rule, "PD-25") == 0);
        ck_assert(e[i].type != MEEPLE_EVENT_POINTS_SCORED ||
                  g_strcmp0(e[i].rule, "PD-22") != 0);
        if (e[i].type == MEEPLE_EVENT_FIGURE_RETURNED &&
            g_strcmp0(e[i].rule, "PD-10") == 0)
          ck_assert(!f.on_board || e[i].x != f.x || e[i].y != f.y ||
                    e[i].figure == fairy);
        house_points += e[i].type == MEEPLE_EVENT_POINTS_SCORED &&
                        g_strcmp0(e[i].rule, "PD-25") == 0;
      }
    }
    g_rand_free(rand);
    meeple_game_free(g);
  }
  /* the games did meet the house rules */
  ck_assert_uint_gt(house_points, 0);
}
END_TEST

static Suite *
suite(void)
{
  Suite *s = suite_create("rules-pd-house");
  TCase *t = tcase_create("redraw");
  tcase_add_checked_fixture(t, setup, teardown);
  tcase_add_test(t, redraw_the_dragon_tile_goes_back_at_once);
  tcase_add_test(t, redraw_two_dragon_tiles_then_the_volcano);
  tcase_add_test(t, redraw_not_once_the_dragon_is_in_play);
  suite_add_tcase(s, t);
  t = tcase_create("claim");
  tcase_add_checked_fixture(t, setup, teardown);
  tcase_add_test(t, claim_the_point_of_a_fairy_moved_this_turn);
  tcase_add_test(t, claim_before_the_follower_is_scored);
  tcase_add_test(t, claim_before_the_dragon_flies);
  suite_add_tcase(s, t);
  t = tcase_create("five");
  tcase_add_checked_fixture(t, setup, teardown);
  tcase_add_test(t, five_for_the_completed_city);
  tcase_add_test(t, five_no_turn_point_and_only_three_at_the_end);
  tcase_add_test(t, five_and_claim_together_claim_nothing);
  suite_add_tcase(s, t);
  t = tcase_create("dragon-enters");
  tcase_add_checked_fixture(t, setup, teardown);
  tcase_add_test(t, dragon_enters_the_fairy_tile_and_eats_nothing);
  tcase_add_test(t, dragon_ends_on_the_fairy_tile_beside_the_monk);
  tcase_add_test(t, printed_rule_unchanged_without_the_house_rule);
  suite_add_tcase(s, t);
  t = tcase_create("together");
  tcase_add_checked_fixture(t, setup, teardown);
  tcase_set_timeout(t, 300);
  tcase_add_test(t, each_requires_princess_dragon);
  tcase_add_test(t, whole_random_games_with_every_rule_set);
  suite_add_tcase(s, t);
  return s;
}

int
main(void)
{
  SRunner *r = srunner_create(suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}
