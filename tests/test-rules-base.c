/* test-rules-base.c — scenario tests for RULES §1, BASE-01 .. BASE-25.
 *
 * Every test builds its board from a fixed tile order (tu_game) and plays
 * it by notation, then asserts exact points, figure positions and events.
 * Every number is worked out by hand from the tile geometry in
 * data/tiles/base.tiles; each test draws its board in a comment.
 *
 * Board conventions: the start tile D lies at (0,0) unrotated (city cap
 * north, road west-east, field south); x grows east, y grows SOUTH.  In the
 * drawings a cell is written <tile><degrees>, e.g. "E180" is tile E turned
 * 180 degrees clockwise.  A tile turned rN moves its canonical north side
 * N degrees clockwise (r90: canonical W side on the north).
 *
 * Rotated edges used below (N E S W):
 *   A r90  F F F R   A r180 R F F F   A r270 F R F F   (road ends at monastery)
 *   E r90  F C F F   E r180 F F C F   E r270 F F F C   (city cap)
 *   F r90  C F C F   (city band N-S, pennant)          L r270 R R R C
 *   M/N r180 F C C F  M/N r270 F F C C  N r90 C C F F  R r90  C C C F
 *   T r270 C R C C   U r0/r180 F R F R                 V r0 F F R R
 *   V r90  R F F R   V r180 R R F F   V r270 F R R F   W r0 F R R R
 *   E r0   C F F F   F/G r0 F C F C   N r0   C F F C   L r180 R R C R
 *   J r90  F C R R   L r0   C R R R   X      R R R R   B      F F F F
 */
#include "testutil.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static MeepleRules *rules;
/* Events caused by the last play() (tile placement and figure decision). */
static GArray *ev;

#define EV ((const MeepleEvent *)(void *)ev->data)
#define NEV ((gsize)ev->len)

static void
setup(void)
{
  rules = tu_base_rules();
  ev = g_array_new(FALSE, FALSE, sizeof(MeepleEvent));
}

static void
teardown(void)
{
  g_array_free(ev, TRUE);
  meeple_rules_unref(rules);
}

static guint
seg(const char *tile, const char *name)
{
  return tu_segment(rules, tile, name);
}

static guint
tile_type(const char *id)
{
  int t = meeple_rules_find_tile_type(rules, id);
  ck_assert_msg(t >= 0, "unknown tile %s", id);
  return (guint)t;
}

static guint
supply(const MeepleGame *g, guint seat)
{
  return meeple_game_supply(g, seat, MEEPLE_FIGURE_FOLLOWER);
}

/* Followers of @seat on segment @name of the tile (@tile) at (x, y). */
static guint
fig(const MeepleGame *g, guint seat, int x, int y, const char *tile,
    const char *name)
{
  return tu_figures_at(g, seat, x, y, seg(tile, name));
}

static guint
figures_on_board(const MeepleGame *g)
{
  guint n = 0;
  for (guint i = 0; i < meeple_game_n_figures(g); i++)
    if (meeple_game_figure(g, i).on_board)
      n++;
  return n;
}

static void
expect_decision(MeepleGame *g, guint kind, guint seat)
{
  const MeepleDecision *d = meeple_game_decision(g);
  ck_assert_msg(d != NULL, "game is over, expected a decision");
  ck_assert_msg(d->kind == kind && d->player == seat,
                "pending decision kind %u of seat %u, expected kind %u of "
                "seat %u", d->kind, d->player, kind, seat);
}

/* Applies @text and appends its events to ev. */
static void
act(MeepleGame *g, const char *text)
{
  gsize n = 0;
  const MeepleEvent *e = tu_act(g, text, &n);
  if (n)
    g_array_append_vals(ev, e, (guint)n);
}

/* Starts a turn: seat @seat places a tile (events restart). */
static void
place(MeepleGame *g, guint seat, const char *text)
{
  g_array_set_size(ev, 0);
  expect_decision(g, MEEPLE_DECISION_PLACE_TILE, seat);
  ck_assert_uint_eq(meeple_game_active_player(g), seat);
  act(g, text);
}

/* One whole turn.  @figure is the figure action ("follower C1", "pass"),
 * or NULL when the engine must skip the figure decision because no
 * follower can legally be placed. */
static void
play(MeepleGame *g, guint seat, const char *tile_action, const char *figure)
{
  place(g, seat, tile_action);
  const MeepleDecision *d = meeple_game_decision(g);
  if (figure) {
    ck_assert_msg(d && d->kind == MEEPLE_DECISION_PLACE_FIGURE &&
                      d->player == seat,
                  "no figure decision of seat %u after '%s'", seat,
                  tile_action);
    act(g, figure);
  } else {
    ck_assert_msg(!d || d->kind != MEEPLE_DECISION_PLACE_FIGURE,
                  "figure decision offered after '%s' although no follower "
                  "can be placed", tile_action);
  }
}

/* Asserts that @text is not legal now: it is not listed, applying it fails
 * with MEEPLE_ERROR_ILLEGAL_ACTION, and the game is unchanged. */
static void
expect_rejected(MeepleGame *g, const char *text)
{
  char *before = tu_state_digest(g);
  MeepleAction a;
  GError *err = NULL;
  ck_assert_msg(!tu_is_legal(g, text), "'%s' is listed as legal", text);
  ck_assert_msg(meeple_action_parse(g, text, &a, NULL, &err),
                "cannot parse '%s': %s", text, err ? err->message : "?");
  ck_assert_msg(!meeple_game_apply(g, &a, NULL, NULL, &err),
                "'%s' was accepted", text);
  ck_assert_msg(g_error_matches(err, MEEPLE_ERROR,
                                MEEPLE_ERROR_ILLEGAL_ACTION),
                "'%s' failed with the wrong error: %s", text, err->message);
  g_error_free(err);
  char *after = tu_state_digest(g);
  ck_assert_msg(strcmp(before, after) == 0,
                "rejected '%s' changed the game", text);
  g_free(before);
  g_free(after);
}

static guint
ev_count(guint type, const char *rule)
{
  return tu_count_events(EV, NEV, type, rule);
}

/* Index in ev of the @nth event of @type, or -1. */
static int
ev_index(guint type, guint nth)
{
  for (guint i = 0; i < NEV; i++)
    if (EV[i].type == type && nth-- == 0)
      return (int)i;
  return -1;
}

/* The @nth FEATURE_COMPLETED event of kind @kind, or NULL. */
static const MeepleEvent *
ev_completed(guint kind, guint nth)
{
  for (guint i = 0; i < NEV; i++)
    if (EV[i].type == MEEPLE_EVENT_FEATURE_COMPLETED && EV[i].kind == kind &&
        nth-- == 0)
      return &EV[i];
  return NULL;
}

static guint
ev_completed_count(guint kind)
{
  guint n = 0;
  while (ev_completed(kind, n))
    n++;
  return n;
}

/* Sum of the points @seat scored in ev (under @rule unless NULL). */
static int
ev_points(int seat, const char *rule)
{
  int sum = 0;
  for (guint i = 0; i < NEV; i++)
    if (EV[i].type == MEEPLE_EVENT_POINTS_SCORED && EV[i].player == seat &&
        (!rule || (EV[i].rule && strcmp(EV[i].rule, rule) == 0)))
      sum += EV[i].points;
  return sum;
}

/* Number of POINTS_SCORED events in ev that give a non-zero amount. */
static guint
ev_scorings(void)
{
  guint n = 0;
  for (guint i = 0; i < NEV; i++)
    if (EV[i].type == MEEPLE_EVENT_POINTS_SCORED && EV[i].points != 0)
      n++;
  return n;
}

typedef struct {
  int player;
  int points;
  const char *rule;
  int kind;            /* MeepleKindId, or -1 for any */
} Pts;

/* The non-zero POINTS_SCORED events of ev are exactly @want, in order. */
static void
expect_points(const Pts *want, guint n_want)
{
  guint k = 0;
  for (guint i = 0; i < NEV; i++) {
    const MeepleEvent *e = &EV[i];
    if (e->type != MEEPLE_EVENT_POINTS_SCORED || e->points == 0)
      continue;
    ck_assert_msg(k < n_want,
                  "unexpected scoring #%u: seat %d, %d points, %s, kind %u",
                  k, e->player, e->points, e->rule ? e->rule : "(null)",
                  e->kind);
    const Pts *w = &want[k];
    ck_assert_msg(e->player == w->player && e->points == w->points &&
                      e->rule && strcmp(e->rule, w->rule) == 0 &&
                      (w->kind < 0 || e->kind == (guint)w->kind),
                  "scoring #%u: got seat %d, %d points, %s, kind %u; "
                  "expected seat %d, %d points, %s, kind %d",
                  k, e->player, e->points, e->rule ? e->rule : "(null)",
                  e->kind, w->player, w->points, w->rule, w->kind);
    k++;
  }
  ck_assert_msg(k == n_want, "%u scorings, expected %u", k, n_want);
}

#define EXPECT_POINTS(...)                                                   \
  do {                                                                       \
    static const Pts want_[] = { __VA_ARGS__ };                              \
    expect_points(want_, G_N_ELEMENTS(want_));                               \
  } while (0)
#define EXPECT_NO_POINTS() expect_points(NULL, 0)

#define ROAD MEEPLE_KIND_ROAD
#define CITY MEEPLE_KIND_CITY
#define FIELD MEEPLE_KIND_FIELD
#define CLOISTER MEEPLE_KIND_MONASTERY

static void
expect_scores(const MeepleGame *g, int s0, int s1)
{
  ck_assert_int_eq(meeple_game_score(g, 0), s0);
  ck_assert_int_eq(meeple_game_score(g, 1), s1);
}

/* The game is over and ev holds its one GAME_OVER event. */
static void
expect_game_over(MeepleGame *g)
{
  ck_assert(meeple_game_is_over(g));
  ck_assert_ptr_null(meeple_game_decision(g));
  ck_assert_int_eq(meeple_game_phase(g), MEEPLE_PHASE_GAME_OVER);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_GAME_OVER, NULL), 1);
}

/* The WINNER events of ev name exactly the seats in @mask, each with
 * @points (BASE-24). */
static void
expect_winners(guint mask, int points)
{
  guint seen = 0;
  for (guint i = 0; i < NEV; i++) {
    if (EV[i].type != MEEPLE_EVENT_WINNER)
      continue;
    ck_assert_msg(EV[i].player >= 0 && (mask & (1u << EV[i].player)),
                  "seat %d declared winner", EV[i].player);
    ck_assert_msg(!(seen & (1u << EV[i].player)), "seat %d won twice",
                  EV[i].player);
    ck_assert_int_eq(EV[i].points, points);
    if (EV[i].rule)
      ck_assert_str_eq(EV[i].rule, "BASE-24");
    seen |= 1u << EV[i].player;
  }
  ck_assert_msg(seen == mask, "winners 0x%x, expected 0x%x", seen, mask);
}

/* The feature that segment @name of the tile (@tile) at (x, y) belongs to. */
static MeepleFeatureInfo
feature(const MeepleGame *g, int x, int y, const char *tile, const char *name)
{
  MeepleFeatureInfo info;
  memset(&info, 0, sizeof info);
  ck_assert_msg(meeple_game_feature(g, x, y, seg(tile, name), &info),
                "no feature at %d,%d %s", x, y, name);
  return info;
}

/* Every action of the pending PLACE_FIGURE decision is "pass" or a figure
 * on the tile at (x, y): nothing lets a player move or take back a
 * follower (BASE-11, BASE-13). */
static void
expect_figure_actions_on(MeepleGame *g, int x, int y)
{
  const MeepleDecision *d = meeple_game_decision(g);
  ck_assert_ptr_nonnull(d);
  ck_assert_uint_eq(d->kind, MEEPLE_DECISION_PLACE_FIGURE);
  gboolean has_pass = FALSE;
  for (gsize i = 0; i < d->n_actions; i++) {
    const MeepleAction *a = &d->actions[i];
    if (a->kind == MEEPLE_ACTION_PASS) {
      has_pass = TRUE;
      continue;
    }
    ck_assert_uint_eq(a->kind, MEEPLE_ACTION_PLACE_FIGURE);
    ck_assert_int_eq(a->x, x);
    ck_assert_int_eq(a->y, y);
  }
  ck_assert(has_pass);
}

/* ------------------------------------------------------------------ */
/* BASE-01 Players and personal supply                                  */
/* ------------------------------------------------------------------ */

/* RULES: BASE-01 */
START_TEST(base01_supply_scores_first_seat)
{
  int f = meeple_rules_find_figure_type(rules, "follower");
  ck_assert_int_eq(f, MEEPLE_FIGURE_FOLLOWER);
  const MeepleFigureType *ft = meeple_rules_figure_type(rules, (guint)f);
  ck_assert(ft->is_follower);
  ck_assert_uint_eq(ft->per_player, 7);

  for (guint n = 2; n <= 6; n++) {
    MeepleGame *g = tu_game(rules, n, "U V", FALSE);
    ck_assert_uint_eq(meeple_game_n_players(g), n);
    for (guint s = 0; s < n; s++) {
      /* 8 per colour, 1 is the score marker: 7 in the supply. */
      ck_assert_uint_eq(supply(g, s), 7);
      ck_assert_int_eq(meeple_game_score(g, s), 0);
      guint mine = 0;
      for (guint i = 0; i < meeple_game_n_figures(g); i++) {
        MeepleFigureInfo fi = meeple_game_figure(g, i);
        if (fi.owner == (int)s && fi.type == MEEPLE_FIGURE_FOLLOWER)
          mine++;
      }
      ck_assert_uint_eq(mine, 7);
    }
    ck_assert_uint_eq(figures_on_board(g), 0);
    /* CONVENTION: seat 0 starts. */
    ck_assert_uint_eq(meeple_game_active_player(g), 0);
    expect_decision(g, MEEPLE_DECISION_PLACE_TILE, 0);
    meeple_game_free(g);
  }
}
END_TEST

/* RULES: BASE-01 */
START_TEST(base01_player_count)
{
  /* CONVENTION: 2..6 players; 1 and 7 are refused with CONFIG. */
  guint16 order[] = { (guint16)tile_type("U") };
  guint bad[] = { 0, 1, 7 };
  for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
    MeepleGameConfig cfg = { .n_players = bad[i], .seed = 1,
                             .tile_order = order, .n_tile_order = 1 };
    GError *err = NULL;
    MeepleGame *g = meeple_game_new(rules, &cfg, &err);
    ck_assert_msg(g == NULL, "%u players accepted", bad[i]);
    ck_assert(g_error_matches(err, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG));
    g_error_free(err);
  }
  MeepleGameConfig six = { .n_players = 6, .seed = 1, .tile_order = order,
                           .n_tile_order = 1 };
  MeepleGame *g = meeple_game_new(rules, &six, NULL);
  ck_assert_ptr_nonnull(g);
  ck_assert_uint_eq(supply(g, 5), 7);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-02 Tile supply and start tile                                   */
/* ------------------------------------------------------------------ */

/* RULES: BASE-02 */
START_TEST(base02_start_tile)
{
  MeepleGame *g = tu_game(rules, 2, "U", FALSE);
  ck_assert_uint_eq(meeple_game_n_placed(g), 1);
  MeeplePlacedTile t = meeple_game_placed(g, 0);
  ck_assert_uint_eq(t.type, tile_type("D"));
  ck_assert_int_eq(t.x, 0);
  ck_assert_int_eq(t.y, 0);
  ck_assert_uint_eq(t.rotation, 0);
  ck_assert_int_eq(meeple_rules_start_tile(rules), (int)tile_type("D"));
  MeeplePlacedTile at;
  ck_assert(meeple_game_tile_at(g, 0, 0, &at));
  ck_assert_uint_eq(at.type, tile_type("D"));
  ck_assert(!meeple_game_tile_at(g, 0, -1, &at));
  /* Printed orientation: city north, road W-E, field south.  So the only
   * cells for U (FRFR) are beside the road or below the field. */
  ck_assert(tu_is_legal(g, "place U @ 1,0 r0"));
  ck_assert(tu_is_legal(g, "place U @ 0,1 r0"));
  ck_assert(!tu_is_legal(g, "place U @ 0,-1 r0"));
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-02, BASE-04 */
START_TEST(base02_full_supply)
{
  /* Without an explicit order all 72 tiles but the start tile are
   * shuffled into the supply: 71, one of which is drawn at once. */
  guint total = 0;
  for (guint i = 0; i < meeple_rules_n_tile_types(rules); i++)
    total += meeple_rules_tile_type(rules, i)->count;
  ck_assert_uint_eq(total, 72);
  MeepleGameConfig cfg = { .n_players = 3, .seed = 12345 };
  MeepleGame *g = meeple_game_new(rules, &cfg, NULL);
  ck_assert_ptr_nonnull(g);
  ck_assert_uint_eq(meeple_game_n_placed(g), 1);
  ck_assert_uint_eq(meeple_game_placed(g, 0).type, tile_type("D"));
  ck_assert_int_ge(meeple_game_drawn_tile(g), 0);
  ck_assert_uint_eq(meeple_game_tiles_left(g) + meeple_game_n_discarded(g),
                    70);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-03 Turn structure                                               */
/* ------------------------------------------------------------------ */

/* RULES: BASE-03, BASE-01 */
START_TEST(base03_turn_order)
{
  /* Three players, four U tiles along the road:
   *   x:  -2   -1   0   1   2
   *       U0   U0   D   U0  U0
   *       T4   T3       T1  T2      seats 0, 1, 2, then 0 again. */
  MeepleGame *g = tu_game(rules, 3, "U U U U", FALSE);
  const char *moves[4] = { "place U @ 1,0 r0", "place U @ 2,0 r0",
                           "place U @ -1,0 r0", "place U @ -2,0 r0" };
  for (guint t = 0; t < 4; t++) {
    guint seat = t % 3;
    ck_assert_uint_eq(meeple_game_turn(g), t + 1);
    ck_assert_int_eq(meeple_game_phase(g), MEEPLE_PHASE_PLACE_TILE);
    place(g, seat, moves[t]);
    /* The same player then has the figure decision of that turn. */
    expect_decision(g, MEEPLE_DECISION_PLACE_FIGURE, seat);
    ck_assert_int_eq(meeple_game_phase(g), MEEPLE_PHASE_PLACE_FIGURE);
    ck_assert_uint_eq(meeple_game_turn(g), t + 1);
    act(g, "pass");
    int placed = ev_index(MEEPLE_EVENT_TILE_PLACED, 0);
    ck_assert_int_ge(placed, 0);
    ck_assert_int_eq(EV[placed].player, (int)seat);
    if (t < 3) {
      /* Next player clockwise: TURN_STARTED, then the draw. */
      int started = ev_index(MEEPLE_EVENT_TURN_STARTED, 0);
      int drawn = ev_index(MEEPLE_EVENT_TILE_DRAWN, 0);
      ck_assert_int_gt(started, placed);
      ck_assert_int_gt(drawn, started);
      ck_assert_int_eq(EV[started].player, (int)((t + 1) % 3));
      ck_assert_int_eq(EV[started].arg, (int)t + 2);
      ck_assert_int_eq(EV[drawn].player, (int)((t + 1) % 3));
      ck_assert_uint_eq(meeple_game_active_player(g), (t + 1) % 3);
    }
  }
  expect_game_over(g);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-04 Drawing                                                      */
/* ------------------------------------------------------------------ */

/* RULES: BASE-04 */
START_TEST(base04_draw_one_public_tile)
{
  MeepleGame *g = tu_game(rules, 2, "U V W", FALSE);
  gsize n;
  const MeepleEvent *init = meeple_game_initial_events(g, &n);
  ck_assert_uint_eq(tu_count_events(init, n, MEEPLE_EVENT_TILE_DRAWN, NULL),
                    1);
  const MeepleEvent *d0 = tu_find_event(init, n, MEEPLE_EVENT_TILE_DRAWN, 0);
  ck_assert_int_eq(d0->player, 0);
  ck_assert_uint_eq(d0->tile, tile_type("U"));
  ck_assert_int_eq(meeple_game_drawn_tile(g), (int)tile_type("U"));
  ck_assert_uint_eq(meeple_game_tiles_left(g), 2);
  /* Only the drawn tile can be placed. */
  const MeepleDecision *d = meeple_game_decision(g);
  for (gsize i = 0; i < d->n_actions; i++) {
    ck_assert_uint_eq(d->actions[i].kind, MEEPLE_ACTION_PLACE_TILE);
    ck_assert_uint_eq(d->actions[i].tile, tile_type("U"));
  }
  expect_rejected(g, "place V @ 1,0 r0");

  play(g, 0, "place U @ 1,0 r0", "pass");
  /* Exactly one tile drawn per turn, the next one of the order. */
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_TILE_DRAWN, NULL), 1);
  const MeepleEvent *d1 = &EV[ev_index(MEEPLE_EVENT_TILE_DRAWN, 0)];
  ck_assert_int_eq(d1->player, 1);
  ck_assert_uint_eq(d1->tile, tile_type("V"));
  ck_assert_int_eq(meeple_game_drawn_tile(g), (int)tile_type("V"));
  ck_assert_uint_eq(meeple_game_tiles_left(g), 1);

  /* V r0 (road S-W) continues the road at (2,0). */
  play(g, 1, "place V @ 2,0 r0", "pass");
  ck_assert_int_eq(meeple_game_drawn_tile(g), (int)tile_type("W"));
  ck_assert_uint_eq(meeple_game_tiles_left(g), 0);
  ck_assert(!meeple_game_is_over(g));
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-05 Legal tile placement                                         */
/* ------------------------------------------------------------------ */

/* RULES: BASE-05 */
START_TEST(base05_adjacency_and_terrain)
{
  /* Only the start tile D lies on the board; U (FRFR) is drawn.
   *   (0,-1) needs a city edge south: U has none.
   *   (1,0) / (-1,0) need a road edge west / east: r0 and r180.
   *   (0,1) needs a field edge north: r0 and r180.
   * So exactly 6 placements are legal. */
  MeepleGame *g = tu_game(rules, 2, "U U", FALSE);
  ck_assert(tu_is_legal(g, "place U @ 1,0 r0"));
  ck_assert(tu_is_legal(g, "place U @ 1,0 r180"));
  ck_assert(tu_is_legal(g, "place U @ -1,0 r0"));
  ck_assert(tu_is_legal(g, "place U @ -1,0 r180"));
  ck_assert(tu_is_legal(g, "place U @ 0,1 r0"));
  ck_assert(tu_is_legal(g, "place U @ 0,1 r180"));
  ck_assert_uint_eq(meeple_game_decision(g)->n_actions, 6);

  expect_rejected(g, "place U @ 1,1 r0");   /* corner contact only */
  expect_rejected(g, "place U @ 3,0 r0");   /* no neighbour at all */
  expect_rejected(g, "place U @ 0,0 r0");   /* occupied cell */
  expect_rejected(g, "place U @ 0,-1 r0");  /* field against city */
  expect_rejected(g, "place U @ 0,-1 r90"); /* road against city */
  expect_rejected(g, "place U @ 1,0 r90");  /* field against road */
  expect_rejected(g, "place U @ 0,1 r90");  /* road against field */
  expect_rejected(g, "pass");               /* placing is mandatory */

  play(g, 0, "place U @ 1,0 r0", "pass");
  MeeplePlacedTile t;
  ck_assert(meeple_game_tile_at(g, 1, 0, &t));
  ck_assert_uint_eq(t.type, tile_type("U"));
  ck_assert_uint_eq(t.rotation, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-05 */
START_TEST(base05_every_shared_edge_must_match)
{
  /*          x=0    x=1
   *  y=-1    E180   [ ]     <- K is tried here
   *  y=0     D      U0
   * The hole (1,-1) has a field edge on its west (E180's east side) and a
   * field edge on its south (U's north side).  K (CFRR) has no orientation
   * with fields on both S and W; r90 (R C F R) matches the south neighbour
   * but not the west one. */
  MeepleGame *g = tu_game(rules, 2, "U E K", FALSE);
  play(g, 0, "place U @ 1,0 r0", "pass");
  play(g, 1, "place E @ 0,-1 r180", "pass");
  ck_assert_int_eq(meeple_game_drawn_tile(g), (int)tile_type("K"));
  expect_rejected(g, "place K @ 1,-1 r0");
  expect_rejected(g, "place K @ 1,-1 r90");
  expect_rejected(g, "place K @ 1,-1 r180");
  expect_rejected(g, "place K @ 1,-1 r270");
  const MeepleDecision *d = meeple_game_decision(g);
  for (gsize i = 0; i < d->n_actions; i++)
    ck_assert(!(d->actions[i].x == 1 && d->actions[i].y == -1));
  /* K r0 (C F R R) continues the road east of U. */
  ck_assert(tu_is_legal(g, "place K @ 2,0 r0"));
  play(g, 0, "place K @ 2,0 r0", "pass");
  expect_game_over(g);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-06 Tile that cannot be placed                                   */
/* ------------------------------------------------------------------ */

/* RULES: BASE-06, BASE-04 */
START_TEST(base06_discard_and_redraw)
{
  /*  y=-1   E180      E closes the start tile's city: no open city
   *  y=0    D         edge is left, so C (CCCC) fits nowhere.
   * Seat 1 draws C, it is removed from the game, seat 1 draws U. */
  MeepleGame *g = tu_game(rules, 2, "E C U", FALSE);
  play(g, 0, "place E @ 0,-1 r180", "pass");
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_TILE_DISCARDED, "BASE-06"), 1);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_TILE_DISCARDED, NULL), 1);
  int first = ev_index(MEEPLE_EVENT_TILE_DRAWN, 0);
  int discarded = ev_index(MEEPLE_EVENT_TILE_DISCARDED, 0);
  int second = ev_index(MEEPLE_EVENT_TILE_DRAWN, 1);
  ck_assert_int_ge(first, 0);
  ck_assert_int_gt(discarded, first);
  ck_assert_int_gt(second, discarded);
  ck_assert_uint_eq(EV[first].tile, tile_type("C"));
  ck_assert_uint_eq(EV[discarded].tile, tile_type("C"));
  ck_assert_int_eq(EV[discarded].player, 1);
  ck_assert_uint_eq(EV[second].tile, tile_type("U"));
  ck_assert_int_eq(EV[second].player, 1);
  ck_assert_uint_eq(meeple_game_n_discarded(g), 1);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 0);
  ck_assert_int_eq(meeple_game_drawn_tile(g), (int)tile_type("U"));
  expect_decision(g, MEEPLE_DECISION_PLACE_TILE, 1);
  ck_assert_uint_eq(meeple_game_n_placed(g), 2);

  play(g, 1, "place U @ 1,0 r0", "pass");
  expect_game_over(g);
  ck_assert_uint_eq(meeple_game_n_placed(g), 3);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-06, BASE-04, BASE-05 */
START_TEST(base06_repeated_discards)
{
  /*           x=0
   *   y=-1    L180      L180: roads N, E, W; cap S closes D's city
   *   y=0     D
   *   y=1     W0        W0: field N; roads E, S, W
   * Every open edge of the board is now a road, and every empty cell
   * next to the board touches exactly one of them.  B (FFFF) and E
   * (CFFF) have no road edge: seat 0 draws B (removed), draws again, E
   * (removed), draws again, U (placed). */
  MeepleGame *g = tu_game(rules, 2, "L W B E U", FALSE);
  play(g, 0, "place L @ 0,-1 r180", "pass");
  play(g, 1, "place W @ 0,1 r0", "pass");
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_TILE_DISCARDED, "BASE-06"), 2);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_TILE_DRAWN, NULL), 3);
  static const char *const drawn[3] = { "B", "E", "U" };
  for (guint i = 0; i < 3; i++) {
    int d = ev_index(MEEPLE_EVENT_TILE_DRAWN, i);
    ck_assert_uint_eq(EV[d].tile, tile_type(drawn[i]));
    ck_assert_int_eq(EV[d].player, 0);
    if (i < 2) {
      int x = ev_index(MEEPLE_EVENT_TILE_DISCARDED, i);
      ck_assert_int_gt(x, d);
      ck_assert_int_lt(x, ev_index(MEEPLE_EVENT_TILE_DRAWN, i + 1));
      ck_assert_uint_eq(EV[x].tile, tile_type(drawn[i]));
      ck_assert_int_eq(EV[x].player, 0);
    }
  }
  ck_assert_uint_eq(meeple_game_n_discarded(g), 2);
  ck_assert_int_eq(meeple_game_drawn_tile(g), (int)tile_type("U"));
  expect_decision(g, MEEPLE_DECISION_PLACE_TILE, 0);
  play(g, 0, "place U @ 1,0 r0", "pass");
  expect_game_over(g);
  ck_assert_uint_eq(meeple_game_n_placed(g), 4);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-06, BASE-21, BASE-17, BASE-24 */
START_TEST(base06_discard_empties_supply)
{
  /*  y=-1   E180 (knight of seat 0: city D+E = 2 tiles = 4 points)
   *  y=0    D
   * The last tile C cannot be placed: it is discarded, the supply is
   * empty, and the game ends at once without a tile placed in turn 2. */
  MeepleGame *g = tu_game(rules, 2, "E C", FALSE);
  play(g, 0, "place E @ 0,-1 r180", "follower C1");
  EXPECT_POINTS({ 0, 4, "BASE-17", CITY });
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_TILE_DISCARDED, "BASE-06"), 1);
  ck_assert_int_gt(ev_index(MEEPLE_EVENT_GAME_OVER, 0),
                   ev_index(MEEPLE_EVENT_TILE_DISCARDED, 0));
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_TILE_PLACED, NULL), 1);
  expect_game_over(g);
  ck_assert_uint_eq(meeple_game_n_placed(g), 2);
  ck_assert_uint_eq(meeple_game_n_discarded(g), 1);
  expect_scores(g, 4, 0);
  expect_winners(1u << 0, 4);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-07 Features, size and pennants                                  */
/* ------------------------------------------------------------------ */

/* RULES: BASE-07, BASE-09, BASE-17, BASE-12 */
START_TEST(base07_city_joins_both_caps_of_h)
{
  /* H (CFCF) has two separate caps, C1 north and C2 south.  A city rings
   * round its east side and joins both:
   *            x=0      x=1
   *   y=-3     Ng180    N270        Ng180: city S,E   N270: city W,S
   *   y=-2     H0       F90*        F90: city N-S with a pennant
   *   y=-1     R90      N0          R90: city N,E,S  N0: city N,W
   *   y=0      D        .
   * Tiles: D, R, H, N, F, N, Ng = 7 distinct tiles (H once although two of
   * its segments are in the city), 1 pennant: (7 + 1) x 2 = 16. */
  MeepleGame *g = tu_game(rules, 2, "R H N F N Ng", FALSE);
  play(g, 0, "place R @ 0,-1 r90", "follower C1");
  place(g, 1, "place H @ 0,-2 r0");
  /* Before the ring closes, H's caps are two features: C2 joins the
   * occupied city, C1 is free. */
  ck_assert(!tu_is_legal(g, "follower C2"));
  ck_assert(tu_is_legal(g, "follower C1"));
  ck_assert_uint_ne(feature(g, 0, -2, "H", "C1").id,
                    feature(g, 0, -2, "H", "C2").id);
  ck_assert_uint_eq(feature(g, 0, -2, "H", "C2").id,
                    feature(g, 0, -1, "R", "C1").id);
  act(g, "pass");
  play(g, 0, "place N @ 1,-1 r0", "pass");
  play(g, 1, "place F @ 1,-2 r90", "pass");
  play(g, 0, "place N @ 1,-3 r270", "pass");
  EXPECT_NO_POINTS();
  MeepleFeatureInfo open = feature(g, 0, -1, "R", "C1");
  ck_assert(!open.completed);
  ck_assert_uint_eq(open.tiles, 6);     /* D R H N F N; not Ng yet */
  ck_assert_uint_eq(open.pennants, 1);
  play(g, 1, "place Ng @ 0,-3 r180", "pass");
  EXPECT_POINTS({ 0, 16, "BASE-17", CITY });
  const MeepleEvent *c = ev_completed(CITY, 0);
  ck_assert_ptr_nonnull(c);
  ck_assert_int_eq(c->arg, 7);
  ck_assert_uint_eq(ev_completed_count(CITY), 1);
  MeepleFeatureInfo city = feature(g, 0, -2, "H", "C1");
  ck_assert(city.completed);
  ck_assert_uint_eq(city.tiles, 7);
  ck_assert_uint_eq(city.pennants, 1);
  ck_assert_uint_eq(city.id, feature(g, 0, -2, "H", "C2").id);
  ck_assert_uint_eq(fig(g, 0, 0, -1, "R", "C1"), 0);
  ck_assert_uint_eq(supply(g, 0), 7);
  expect_game_over(g);
  expect_scores(g, 16, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-08 Road completion                                              */
/* ------------------------------------------------------------------ */

/* RULES: BASE-08, BASE-07, BASE-16, BASE-19 */
START_TEST(base08_road_loop)
{
  /*           x=0   x=1    x=2
   *   y=0     D     W0     V0       W0: junction, roads E (R1), S (R2), W
   *   y=1           V180   V90      V0: S-W  V90: N-W  V180: N-E
   * W's R1 (east) runs round the loop and comes back into W's R2 (south):
   * one road of 5 segments on 4 distinct tiles, closed as a loop: 4. */
  MeepleGame *g = tu_game(rules, 2, "W V V V", FALSE);
  play(g, 0, "place W @ 1,0 r0", "follower R1");
  play(g, 1, "place V @ 2,0 r0", "pass");
  play(g, 0, "place V @ 2,1 r90", "pass");
  EXPECT_NO_POINTS();
  ck_assert_uint_ne(feature(g, 1, 0, "W", "R1").id,
                    feature(g, 1, 0, "W", "R2").id);
  place(g, 1, "place V @ 1,1 r180");
  ck_assert(!tu_is_legal(g, "follower R1"));
  act(g, "pass");
  EXPECT_POINTS({ 0, 4, "BASE-16", ROAD });
  const MeepleEvent *c = ev_completed(ROAD, 0);
  ck_assert_ptr_nonnull(c);
  ck_assert_int_eq(c->arg, 4);
  ck_assert_uint_eq(ev_completed_count(ROAD), 1);
  MeepleFeatureInfo loop = feature(g, 1, 0, "W", "R2");
  ck_assert(loop.completed);
  ck_assert_uint_eq(loop.tiles, 4);
  ck_assert_uint_eq(loop.id, feature(g, 1, 0, "W", "R1").id);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 1);
  ck_assert_uint_eq(fig(g, 0, 1, 0, "W", "R1"), 0);
  ck_assert_uint_eq(supply(g, 0), 7);
  /* Final scoring: the road D-W west is open but has nobody on it. */
  expect_game_over(g);
  expect_scores(g, 4, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-08, BASE-07, BASE-16, BASE-22 */
START_TEST(base08_circle_of_curves)
{
  /*           x=0    x=1
   *   y=0     D
   *   y=1     V270   V0          V270: E-S  V0: S-W
   *   y=2     V180   V90         V180: N-E  V90: N-W
   * Four curves below the start tile form a ring road with no end at
   * all.  The last curve joins two ends of the SAME road: the loop is
   * closed, 4 tiles = 4 points.  A fifth tile keeps the game going; the
   * ring is not scored again at the end. */
  MeepleGame *g = tu_game(rules, 2, "V V V V U", FALSE);
  play(g, 0, "place V @ 0,1 r270", "follower R1");
  play(g, 1, "place V @ 1,1 r0", "pass");
  play(g, 0, "place V @ 1,2 r90", "pass");
  EXPECT_NO_POINTS();
  MeepleFeatureInfo open = feature(g, 0, 1, "V", "R1");
  ck_assert(!open.completed);
  ck_assert_uint_eq(open.tiles, 3);
  ck_assert_uint_eq(open.open_edges, 2);
  play(g, 1, "place V @ 0,2 r180", "pass");
  EXPECT_POINTS({ 0, 4, "BASE-16", ROAD });
  ck_assert_int_eq(ev_completed(ROAD, 0)->arg, 4);
  MeepleFeatureInfo ring = feature(g, 0, 2, "V", "R1");
  ck_assert(ring.completed);
  ck_assert_uint_eq(ring.open_edges, 0);
  ck_assert_uint_eq(ring.tiles, 4);
  ck_assert_uint_eq(fig(g, 0, 0, 1, "V", "R1"), 0);
  ck_assert_uint_eq(supply(g, 0), 7);
  play(g, 0, "place U @ 1,0 r0", "pass");
  EXPECT_NO_POINTS();
  expect_game_over(g);
  expect_scores(g, 4, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-08, BASE-07, BASE-16 */
START_TEST(base08_ends_at_city_and_crossroads)
{
  /*   x=-1   x=0   x=1
   *   T270   D     X       T270 (C R C C): the road from the east ends at
   *                        the city; X: crossroads.
   * Road T-D-X, both ends terminated: 3 tiles = 3 points. */
  MeepleGame *g = tu_game(rules, 2, "T X", FALSE);
  play(g, 0, "place T @ -1,0 r270", "follower R1");
  EXPECT_NO_POINTS();
  ck_assert_uint_eq(fig(g, 0, -1, 0, "T", "R1"), 1);
  place(g, 1, "place X @ 1,0 r0");
  ck_assert(!tu_is_legal(g, "follower R4"));   /* X's west road */
  ck_assert(tu_is_legal(g, "follower R2"));
  act(g, "pass");
  EXPECT_POINTS({ 0, 3, "BASE-16", ROAD });
  ck_assert_int_eq(ev_completed(ROAD, 0)->arg, 3);
  ck_assert_uint_eq(fig(g, 0, -1, 0, "T", "R1"), 0);
  expect_game_over(g);
  expect_scores(g, 3, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-08, BASE-22 */
START_TEST(base08_open_road_not_completed)
{
  /*   A270 - D - U0 - U0 - (open)
   * The road starts at A's monastery but its east end is open: it is not
   * completed in the game; at the end it scores 1 per tile: 4. */
  MeepleGame *g = tu_game(rules, 2, "A U U", FALSE);
  play(g, 0, "place A @ -1,0 r270", "follower R1");
  play(g, 1, "place U @ 1,0 r0", "pass");
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_POINTS_SCORED, "BASE-16"), 0);
  ck_assert_uint_eq(ev_completed_count(ROAD), 0);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 0);
  MeepleFeatureInfo road = feature(g, 1, 0, "U", "R1");
  ck_assert(!road.completed);
  ck_assert_uint_eq(road.tiles, 3);
  ck_assert_uint_eq(road.followers[0], 1);
  ck_assert_uint_eq(fig(g, 0, -1, 0, "A", "R1"), 1);
  play(g, 0, "place U @ 2,0 r0", "pass");
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_POINTS_SCORED, "BASE-16"), 0);
  EXPECT_POINTS({ 0, 4, "BASE-22", ROAD });
  expect_game_over(g);
  expect_scores(g, 4, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-09 City completion                                              */
/* ------------------------------------------------------------------ */

/* RULES: BASE-09, BASE-17, BASE-19 */
START_TEST(base09_city_closed)
{
  /*  y=-1  E180   (cap pointing south)
   *  y=0   D      (cap pointing north)
   * Two caps close the wall: 2 tiles = 4 points. */
  MeepleGame *g = tu_game(rules, 2, "E", FALSE);
  play(g, 0, "place E @ 0,-1 r180", "follower C1");
  EXPECT_POINTS({ 0, 4, "BASE-17", CITY });
  ck_assert_int_eq(ev_completed(CITY, 0)->arg, 2);
  MeepleFeatureInfo city = feature(g, 0, 0, "D", "C1");
  ck_assert(city.completed);
  ck_assert_uint_eq(city.open_edges, 0);
  ck_assert_uint_eq(fig(g, 0, 0, -1, "E", "C1"), 0);
  ck_assert_uint_eq(supply(g, 0), 7);
  expect_game_over(g);
  expect_scores(g, 4, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-09, BASE-22 */
START_TEST(base09_city_open)
{
  /*  y=-1  N180 -> (1,-1) open     N180: city S,E
   *  y=0   D      U0
   * U at (1,0) does not touch the open city edge (it is diagonal to
   * (0,-1)), so the city stays open: no score in the game, and at the
   * end 2 tiles = 2 points. */
  MeepleGame *g = tu_game(rules, 2, "N U", FALSE);
  play(g, 0, "place N @ 0,-1 r180", "follower C1");
  EXPECT_NO_POINTS();
  MeepleFeatureInfo city = feature(g, 0, -1, "N", "C1");
  ck_assert(!city.completed);
  ck_assert_uint_eq(city.open_edges, 1);
  ck_assert_uint_eq(city.tiles, 2);
  ck_assert_uint_eq(city.followers[0], 1);
  play(g, 1, "place U @ 1,0 r0", "pass");
  ck_assert_uint_eq(ev_completed_count(CITY), 0);
  EXPECT_POINTS({ 0, 2, "BASE-22", CITY });
  expect_game_over(g);
  expect_scores(g, 2, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-10 Monastery completion, BASE-18 its value                      */
/* ------------------------------------------------------------------ */

/* RULES: BASE-10, BASE-18, BASE-19 */
START_TEST(base10_monastery_completed)
{
  /*           x=-1   x=0   x=1
   *   y=0     U0     D     U0
   *   y=1     E270   B     E90      E caps point outwards
   *   y=2     E270   E180  Eg90
   * The monk on B is scored when its 8th neighbour (Eg at (1,2)) is
   * placed: 9 points. */
  MeepleGame *g = tu_game(rules, 2, "B U U E E E E Eg", FALSE);
  play(g, 0, "place B @ 0,1 r0", "follower M");
  play(g, 1, "place U @ -1,0 r0", "pass");
  play(g, 0, "place U @ 1,0 r0", "pass");
  play(g, 1, "place E @ -1,1 r270", "pass");
  play(g, 0, "place E @ 1,1 r90", "pass");
  play(g, 1, "place E @ -1,2 r270", "pass");
  play(g, 0, "place E @ 0,2 r180", "pass");
  /* 7 of 8 neighbours: not complete. */
  EXPECT_NO_POINTS();
  ck_assert(!feature(g, 0, 1, "B", "M").completed);
  ck_assert_uint_eq(fig(g, 0, 0, 1, "B", "M"), 1);
  play(g, 1, "place Eg @ 1,2 r90", "pass");
  EXPECT_POINTS({ 0, 9, "BASE-18", CLOISTER });
  ck_assert_uint_eq(ev_completed_count(CLOISTER), 1);
  ck_assert(feature(g, 0, 1, "B", "M").completed);
  ck_assert_uint_eq(fig(g, 0, 0, 1, "B", "M"), 0);
  ck_assert_uint_eq(supply(g, 0), 7);
  expect_game_over(g);
  expect_scores(g, 9, 0);
  expect_winners(1u << 0, 9);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-10, BASE-22 */
START_TEST(base10_seven_neighbours_unfinished)
{
  /* As above without the last tile: the hole at (1,2) keeps the
   * monastery open; at the end it scores 1 + 7 placed neighbours = 8. */
  MeepleGame *g = tu_game(rules, 2, "B U U E E E E", FALSE);
  play(g, 0, "place B @ 0,1 r0", "follower M");
  play(g, 1, "place U @ -1,0 r0", "pass");
  play(g, 0, "place U @ 1,0 r0", "pass");
  play(g, 1, "place E @ -1,1 r270", "pass");
  play(g, 0, "place E @ 1,1 r90", "pass");
  play(g, 1, "place E @ -1,2 r270", "pass");
  play(g, 0, "place E @ 0,2 r180", "pass");
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_POINTS_SCORED, "BASE-18"), 0);
  EXPECT_POINTS({ 0, 8, "BASE-22", CLOISTER });
  expect_game_over(g);
  expect_scores(g, 8, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-18, BASE-10, BASE-19, BASE-11 */
START_TEST(base18_monastery_fills_last_hole)
{
  /*           x=-1   x=0   x=1
   *   y=0     U0     D     U0
   *   y=1     E270   [B]   E90
   *   y=2     E270   E180  Eg90
   * B is placed last, into a hole whose 8 neighbours all exist: the monk
   * put on it this turn is scored (9) and returned in the same turn. */
  MeepleGame *g = tu_game(rules, 2, "U U E E E E Eg B", FALSE);
  play(g, 0, "place U @ -1,0 r0", "pass");
  play(g, 1, "place U @ 1,0 r0", "pass");
  play(g, 0, "place E @ -1,1 r270", "pass");
  play(g, 1, "place E @ 1,1 r90", "pass");
  play(g, 0, "place E @ -1,2 r270", "pass");
  play(g, 1, "place E @ 0,2 r180", "pass");
  play(g, 0, "place Eg @ 1,2 r90", "pass");
  play(g, 1, "place B @ 0,1 r0", "follower M");
  EXPECT_POINTS({ 1, 9, "BASE-18", CLOISTER });
  ck_assert(feature(g, 0, 1, "B", "M").completed);
  int placed = ev_index(MEEPLE_EVENT_FIGURE_PLACED, 0);
  int scored = ev_index(MEEPLE_EVENT_POINTS_SCORED, 0);
  int back = ev_index(MEEPLE_EVENT_FIGURE_RETURNED, 0);
  ck_assert_int_ge(placed, 0);
  ck_assert_int_gt(scored, placed);
  ck_assert_int_gt(back, scored);
  ck_assert_int_eq(EV[back].player, 1);
  ck_assert_str_eq(EV[back].rule, "BASE-19");
  ck_assert_uint_eq(fig(g, 1, 0, 1, "B", "M"), 0);
  ck_assert_uint_eq(supply(g, 1), 7);
  expect_game_over(g);
  expect_scores(g, 0, 9);
  expect_winners(1u << 1, 9);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-11 Placing a follower                                           */
/* ------------------------------------------------------------------ */

/* RULES: BASE-11, BASE-20 */
START_TEST(base11_options_on_new_tile)
{
  /*   x=0  x=1
   *   D    J90      J90: field N, city cap E, road W-S.
   * J's segments C1 (cap), R1 (road joined to D's road), F1 (big field),
   * F2 (corner between the roads) are all unoccupied: 4 placements +
   * pass.  Nothing may go on the start tile. */
  MeepleGame *g = tu_game(rules, 2, "J U", FALSE);
  place(g, 0, "place J @ 1,0 r90");
  expect_decision(g, MEEPLE_DECISION_PLACE_FIGURE, 0);
  ck_assert(tu_is_legal(g, "follower C1"));
  ck_assert(tu_is_legal(g, "follower R1"));
  ck_assert(tu_is_legal(g, "follower F1"));
  ck_assert(tu_is_legal(g, "follower F2"));
  ck_assert(tu_is_legal(g, "pass"));
  ck_assert_uint_eq(meeple_game_decision(g)->n_actions, 5);
  expect_figure_actions_on(g, 1, 0);
  expect_rejected(g, "follower C1 @ 0,0");
  expect_rejected(g, "follower R1 @ 0,0");
  act(g, "follower C1");
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 1);
  const MeepleEvent *p = &EV[ev_index(MEEPLE_EVENT_FIGURE_PLACED, 0)];
  ck_assert_int_eq(p->player, 0);
  ck_assert_int_eq(p->x, 1);
  ck_assert_int_eq(p->y, 0);
  ck_assert_uint_eq(p->segment, seg("J", "C1"));
  ck_assert_uint_eq(p->figure, MEEPLE_FIGURE_FOLLOWER);
  ck_assert_uint_eq(supply(g, 0), 6);
  ck_assert_uint_eq(fig(g, 0, 1, 0, "J", "C1"), 1);
  /* Exactly one figure action: the turn passes to seat 1. */
  expect_decision(g, MEEPLE_DECISION_PLACE_TILE, 1);
  /* Passing keeps the supply. */
  play(g, 1, "place U @ -1,0 r0", "pass");
  ck_assert_uint_eq(supply(g, 1), 7);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-11, BASE-01, BASE-22, BASE-25 */
START_TEST(base11_empty_supply)
{
  /* Seat 0 builds east, seat 1 west:
   *   x: -8 .. -1   0   1  2  3  4  5  6  7   8
   *      Ug U...U   D   W0 W0 W0 W0 L0 L0 L0  V0
   * Each W/L has a fresh road to the south (R2); seat 0 puts a robber on
   * each, 7 turns, and its supply is empty.  In turn 15 no figure
   * decision is offered to seat 0.  At the end each 1-tile road scores
   * 1: 7 points, in reading order x = 1..7. */
  MeepleGame *g = tu_game(
      rules, 2, "W U W U W U W U L U L U L U V Ug", FALSE);
  const char *east[7] = { "W", "W", "W", "W", "L", "L", "L" };
  for (int k = 1; k <= 7; k++) {
    char *a = g_strdup_printf("place %s @ %d,0 r0", east[k - 1], k);
    char *b = g_strdup_printf("place U @ %d,0 r0", -k);
    play(g, 0, a, "follower R2");
    ck_assert_uint_eq(supply(g, 0), (guint)(7 - k));
    play(g, 1, b, "pass");
    g_free(a);
    g_free(b);
  }
  ck_assert_uint_eq(supply(g, 0), 0);
  play(g, 0, "place V @ 8,0 r0", NULL);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  expect_decision(g, MEEPLE_DECISION_PLACE_TILE, 1);
  play(g, 1, "place Ug @ -8,0 r0", "pass");
  EXPECT_POINTS({ 0, 1, "BASE-22", ROAD }, { 0, 1, "BASE-22", ROAD },
                { 0, 1, "BASE-22", ROAD }, { 0, 1, "BASE-22", ROAD },
                { 0, 1, "BASE-22", ROAD }, { 0, 1, "BASE-22", ROAD },
                { 0, 1, "BASE-22", ROAD });
  int x = 0;
  for (guint i = 0; i < NEV; i++)
    if (EV[i].type == MEEPLE_EVENT_POINTS_SCORED && EV[i].points) {
      ck_assert_int_eq(EV[i].x, ++x);
      ck_assert_int_eq(EV[i].y, 0);
    }
  expect_game_over(g);
  expect_scores(g, 7, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-12 Occupancy restriction                                        */
/* ------------------------------------------------------------------ */

/* RULES: BASE-12, BASE-07, BASE-11, BASE-22, BASE-23, BASE-25 */
START_TEST(base12_road_and_field)
{
  /*           x=-1   x=0   x=1   x=2
   *   y=0     A270   D     U0    U0
   *   y=1            V0
   * A's road ends at its monastery and A's field wraps round it, so the
   * fields north and south of the road D-U-U are ONE field (through A).
   * T1 seat 0 robber on A's road.  T2 seat 1 may not join the road, but
   * may farm (F1 and F2 of U are the same field).  T3 seat 0: the road
   * is its own, both fields are seat 1's: no figure decision at all.
   * T4 seat 1 on V: F1 is in the farmed field, F2 (corner) and the road
   * are free.
   * End: road A-D-U-U 4 (seat 0), road V 1 (seat 1), farmer's field
   * borders only the unfinished city cap of D: 0. */
  MeepleGame *g = tu_game(rules, 2, "A U U V", FALSE);
  play(g, 0, "place A @ -1,0 r270", "follower R1");
  place(g, 1, "place U @ 1,0 r0");
  expect_rejected(g, "follower R1");
  ck_assert(tu_is_legal(g, "follower F1"));
  ck_assert(tu_is_legal(g, "follower F2"));
  ck_assert_uint_eq(feature(g, 1, 0, "U", "F1").id,
                    feature(g, 1, 0, "U", "F2").id);
  act(g, "follower F1");
  ck_assert_uint_eq(fig(g, 1, 1, 0, "U", "F1"), 1);

  play(g, 0, "place U @ 2,0 r0", NULL);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert_uint_eq(supply(g, 0), 6);

  place(g, 1, "place V @ 0,1 r0");
  expect_rejected(g, "follower F1");
  ck_assert(tu_is_legal(g, "follower F2"));
  act(g, "follower R1");

  EXPECT_POINTS({ 0, 4, "BASE-22", ROAD }, { 1, 1, "BASE-22", ROAD });
  ck_assert_int_eq(ev_points(1, "BASE-23"), 0);
  expect_game_over(g);
  expect_scores(g, 4, 1);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-12, BASE-17, BASE-13, BASE-23 */
START_TEST(base12_city_occupied_by_opponent)
{
  /*           x=0    x=1
   *   y=-1    N180   E270      N180: city S,E  E270: cap W
   *   y=0     D
   * Seat 0 knight on N.  Seat 1's E closes the city but may not put a
   * knight in it; it farms E's field instead (N, E, S sides of (1,-1)).
   * City D-N-E: 3 tiles = 6 for seat 0.  Final: seat 1's field borders
   * that completed city: 3. */
  MeepleGame *g = tu_game(rules, 2, "N E", FALSE);
  play(g, 0, "place N @ 0,-1 r180", "follower C1");
  place(g, 1, "place E @ 1,-1 r270");
  expect_rejected(g, "follower C1");
  ck_assert(tu_is_legal(g, "follower F1"));
  act(g, "follower F1");
  EXPECT_POINTS({ 0, 6, "BASE-17", CITY }, { 1, 3, "BASE-23", FIELD });
  ck_assert_uint_eq(fig(g, 0, 0, -1, "N", "C1"), 0);
  expect_game_over(g);
  expect_scores(g, 6, 3);
  expect_winners(1u << 0, 6);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-13 Followers stay until scored                                  */
/* ------------------------------------------------------------------ */

/* RULES: BASE-13, BASE-19, BASE-20, BASE-11, BASE-22, BASE-23 */
START_TEST(base13_followers_stay)
{
  /*           x=0    x=1
   *   y=-1    N180   E270
   *   y=0     D      U0
   * T1 seat 0 farmer on N's field (west and north sides of (0,-1)).
   * T2 seat 1 robber on U (road D-U).
   * T3 seat 0 knight on E: closes city D-N-E (6), knight back at once;
   *    the farmer and the robber stay where they are.
   * T4 seat 1 extends the road west with U (-1,0).
   * End: road U-D-U 3 (seat 1), farmer's field borders the completed
   * city: 3 (seat 0).  Seat 0: 6 + 3 = 9. */
  MeepleGame *g = tu_game(rules, 2, "N U E U", FALSE);
  place(g, 0, "place N @ 0,-1 r180");
  expect_figure_actions_on(g, 0, -1);
  act(g, "follower F1");
  place(g, 1, "place U @ 1,0 r0");
  expect_figure_actions_on(g, 1, 0);
  act(g, "follower R1");
  EXPECT_NO_POINTS();
  ck_assert_uint_eq(fig(g, 0, 0, -1, "N", "F1"), 1);

  place(g, 0, "place E @ 1,-1 r270");
  expect_figure_actions_on(g, 1, -1);
  /* Nothing offers to take the farmer or the robber back. */
  ck_assert(!tu_is_legal(g, "follower F1 @ 0,-1"));
  act(g, "follower C1");
  EXPECT_POINTS({ 0, 6, "BASE-17", CITY });
  /* Only the knight goes home; the farmer (BASE-20) and the robber stay. */
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  const MeepleEvent *r = &EV[ev_index(MEEPLE_EVENT_FIGURE_RETURNED, 0)];
  ck_assert_int_eq(r->player, 0);
  ck_assert_int_eq(r->x, 1);
  ck_assert_int_eq(r->y, -1);
  ck_assert_str_eq(r->rule, "BASE-19");
  ck_assert_uint_eq(fig(g, 0, 0, -1, "N", "F1"), 1);
  ck_assert_uint_eq(fig(g, 1, 1, 0, "U", "R1"), 1);
  ck_assert_uint_eq(fig(g, 0, 1, -1, "E", "C1"), 0);
  ck_assert_uint_eq(supply(g, 0), 6);
  ck_assert_uint_eq(supply(g, 1), 6);
  ck_assert(!meeple_game_is_over(g));

  play(g, 1, "place U @ -1,0 r0", "pass");
  EXPECT_POINTS({ 1, 3, "BASE-22", ROAD }, { 0, 3, "BASE-23", FIELD });
  expect_game_over(g);
  expect_scores(g, 9, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-14 Majority                                                     */
/* ------------------------------------------------------------------ */

/* RULES: BASE-14, BASE-12, BASE-17, BASE-19, BASE-07 */
START_TEST(base14_majority_city)
{
  /*           x=-2   x=-1   x=0    x=1
   *   y=-2                  E180   B
   *   y=-1           E90    [C]    E270
   *   y=0     U0     U0     D      U0
   * Four city caps point into (0,-1): D's (south), E90 (west, knight of
   * seat 0), E270 (east, knight of seat 1), E180 (north, knight of seat
   * 0).  C (CCCC, pennant) joins them all.  City: C, E, E, E, D = 5 tiles
   * + 1 pennant = 12, to seat 0 (2 knights vs 1).  Seat 1 scores nothing
   * but its knight goes home too.  C's only segment is occupied, so seat
   * 1 has no figure decision. */
  MeepleGame *g = tu_game(rules, 2, "U U E E B U E C", FALSE);
  play(g, 0, "place U @ -1,0 r0", "pass");
  play(g, 1, "place U @ 1,0 r0", "pass");
  play(g, 0, "place E @ -1,-1 r90", "follower C1");
  play(g, 1, "place E @ 1,-1 r270", "follower C1");
  play(g, 0, "place B @ 1,-2 r0", "pass");
  play(g, 1, "place U @ -2,0 r0", "pass");
  play(g, 0, "place E @ 0,-2 r180", "follower C1");
  ck_assert_uint_eq(supply(g, 0), 5);
  ck_assert_uint_eq(supply(g, 1), 6);
  play(g, 1, "place C @ 0,-1 r0", NULL);
  EXPECT_POINTS({ 0, 12, "BASE-17", CITY });
  ck_assert_int_eq(ev_completed(CITY, 0)->arg, 5);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 3);
  ck_assert_uint_eq(fig(g, 0, -1, -1, "E", "C1"), 0);
  ck_assert_uint_eq(fig(g, 1, 1, -1, "E", "C1"), 0);
  ck_assert_uint_eq(fig(g, 0, 0, -2, "E", "C1"), 0);
  ck_assert_uint_eq(supply(g, 0), 7);
  ck_assert_uint_eq(supply(g, 1), 7);
  expect_game_over(g);
  expect_scores(g, 12, 0);
  expect_winners(1u << 0, 12);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-14, BASE-23, BASE-07, BASE-12 */
START_TEST(base14_majority_field)
{
  /*           x=0    x=1    x=2    x=3
   *   y=0     D   -  W0  =  W0  -  U0
   *   y=1     E180   A180   A180
   *   y=2     E0
   * The two junctions W split the land south of the road into three
   * fields: west (D's south field, W1's SW corner), middle (W1's SE and
   * W2's SW corners), east (W2's SE corner, U's south field).
   * Farmers: seat 0 west (T1), seat 1 middle (T2), seat 0 east (T3).
   * E180 + E0 form a closed 2-tile city; E180's field joins the west.
   * T6 A180 ends W1's south road at its monastery: A's field joins west
   * and middle (1 : 1).  T7 the second A joins the east too: 2 : 1.
   * End: the field borders one completed city: 3 for seat 0 only. */
  MeepleGame *g = tu_game(rules, 2, "W W U E E A A", FALSE);
  play(g, 0, "place W @ 1,0 r0", "follower F3");
  play(g, 1, "place W @ 2,0 r0", "follower F3");
  play(g, 0, "place U @ 3,0 r0", "follower F2");
  guint west = feature(g, 1, 0, "W", "F3").id;
  guint middle = feature(g, 2, 0, "W", "F3").id;
  guint east = feature(g, 3, 0, "U", "F2").id;
  ck_assert_uint_ne(west, middle);
  ck_assert_uint_ne(middle, east);
  ck_assert_uint_ne(west, east);
  play(g, 1, "place E @ 0,1 r180", "pass");
  play(g, 0, "place E @ 0,2 r0", "pass");
  play(g, 1, "place A @ 1,1 r180", "pass");
  MeepleFeatureInfo f = feature(g, 1, 1, "A", "F1");
  ck_assert_uint_eq(f.id, feature(g, 0, 0, "D", "F2").id);
  ck_assert_uint_eq(f.id, feature(g, 2, 0, "W", "F3").id);
  ck_assert_uint_eq(f.followers[0], 1);
  ck_assert_uint_eq(f.followers[1], 1);
  ck_assert_uint_ne(f.id, feature(g, 3, 0, "U", "F2").id);
  play(g, 0, "place A @ 2,1 r180", "pass");
  EXPECT_POINTS({ 0, 3, "BASE-23", FIELD });
  ck_assert_int_eq(ev_points(1, NULL), 0);
  expect_game_over(g);
  expect_scores(g, 3, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-14, BASE-12, BASE-16, BASE-19, BASE-24 */
START_TEST(base14_tie_road_three_players)
{
  /*           x=-1   x=0    x=1   x=2
   *   y=0     V270   D      U0    A90
   *   y=1     V180   V0
   *   y=2            A180
   * T1 seat 0 robber on U (road a: D-U).  T2 seat 1 robber on V0 (road b,
   * not touching a).  T4 V180 joins a and b.  T6 A90 closes the road:
   * A90, U, D, V270, V180, V0, A180 = 7 tiles.  Seats 0 and 1 have one
   * robber each: both score 7; seat 2 scores nothing.  Final: 7-7-0, two
   * winners. */
  MeepleGame *g = tu_game(rules, 3, "U V V V A A", FALSE);
  play(g, 0, "place U @ 1,0 r0", "follower R1");
  play(g, 1, "place V @ 0,1 r0", "follower R1");
  ck_assert_uint_ne(feature(g, 1, 0, "U", "R1").id,
                    feature(g, 0, 1, "V", "R1").id);
  play(g, 2, "place V @ -1,0 r270", "pass");
  play(g, 0, "place V @ -1,1 r180", "pass");
  MeepleFeatureInfo road = feature(g, 1, 0, "U", "R1");
  ck_assert_uint_eq(road.id, feature(g, 0, 1, "V", "R1").id);
  ck_assert_uint_eq(road.followers[0], 1);
  ck_assert_uint_eq(road.followers[1], 1);
  ck_assert_uint_eq(road.tiles, 5);
  play(g, 1, "place A @ 0,2 r180", "pass");
  EXPECT_NO_POINTS();
  play(g, 2, "place A @ 2,0 r90", "pass");
  ck_assert_uint_eq(ev_scorings(), 2);
  ck_assert_int_eq(ev_points(0, "BASE-16"), 7);
  ck_assert_int_eq(ev_points(1, "BASE-16"), 7);
  ck_assert_int_eq(ev_points(2, NULL), 0);
  ck_assert_int_eq(ev_completed(ROAD, 0)->arg, 7);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 2);
  expect_game_over(g);
  expect_scores(g, 7, 7);
  ck_assert_int_eq(meeple_game_score(g, 2), 0);
  expect_winners((1u << 0) | (1u << 1), 7);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-14, BASE-22, BASE-24 */
START_TEST(base14_tie_unfinished_road)
{
  /* The first four tiles of the previous board:
   *           x=-1   x=0    x=1
   *   y=0     V270   D      U0  -> open
   *   y=1     V180   V0
   *                  | open
   * Road of 5 tiles, open at both ends, one robber each: at the end both
   * score 5 (BASE-22); shared victory. */
  MeepleGame *g = tu_game(rules, 2, "U V V V", FALSE);
  play(g, 0, "place U @ 1,0 r0", "follower R1");
  play(g, 1, "place V @ 0,1 r0", "follower R1");
  place(g, 0, "place V @ -1,0 r270");
  expect_rejected(g, "follower R1");
  act(g, "pass");
  play(g, 1, "place V @ -1,1 r180", "pass");
  ck_assert_uint_eq(ev_scorings(), 2);
  ck_assert_int_eq(ev_points(0, "BASE-22"), 5);
  ck_assert_int_eq(ev_points(1, "BASE-22"), 5);
  expect_game_over(g);
  expect_scores(g, 5, 5);
  expect_winners(3u, 5);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-15 What is scored during the game                               */
/* ------------------------------------------------------------------ */

/* RULES: BASE-15, BASE-17, BASE-20, BASE-22, BASE-23, BASE-25 */
START_TEST(base15_scored_once_fields_later)
{
  /*           x=-1   x=0    x=1
   *   y=-1           E180   B
   *   y=0     U0     D      U0
   * T1 seat 0 knight closes city D-E: 4, at once.
   * T2 seat 1 monk on B; T3 seat 0 farmer on U(1,0)'s north field;
   * T4 filler.  The city is never scored again, the field not before the
   * end.  Final: monastery B 1 + 3 neighbours ((0,-1), (0,0), (1,0)) = 4
   * for seat 1, then the field: it reaches the city through both D and E
   * (E's field runs into B's) but it is one city: 3 for seat 0. */
  MeepleGame *g = tu_game(rules, 2, "E B U U", FALSE);
  play(g, 0, "place E @ 0,-1 r180", "follower C1");
  EXPECT_POINTS({ 0, 4, "BASE-17", CITY });
  ck_assert_uint_eq(ev_completed_count(CITY), 1);
  play(g, 1, "place B @ 1,-1 r0", "follower M");
  EXPECT_NO_POINTS();
  ck_assert_uint_eq(ev_completed_count(CITY), 0);
  play(g, 0, "place U @ 1,0 r0", "follower F1");
  EXPECT_NO_POINTS();
  ck_assert_uint_eq(ev_completed_count(CITY), 0);
  ck_assert_uint_eq(fig(g, 0, 1, 0, "U", "F1"), 1);
  expect_scores(g, 4, 0);
  play(g, 1, "place U @ -1,0 r0", "pass");
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_POINTS_SCORED, "BASE-17"), 0);
  EXPECT_POINTS({ 1, 4, "BASE-22", CLOISTER }, { 0, 3, "BASE-23", FIELD });
  expect_game_over(g);
  expect_scores(g, 7, 4);
  expect_winners(1u << 0, 7);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-15, BASE-09, BASE-23, BASE-14, BASE-24 */
START_TEST(base15_completed_without_followers)
{
  /*           x=0    x=1    x=2   x=3
   *   y=-1    E180
   *   y=0     D      U0     U0    A90
   * T1 closes city D-E with nobody in it: no points.
   * T2 seat 1 farmer north of the road, T3 seat 0 farmer south of it (a
   * different field: the road separates them, the west end is open).
   * T4 A's field wraps round the end of the road and joins both fields:
   * one farmer each.  The field borders the completed city D-E (through
   * D): 3 each, shared victory. */
  MeepleGame *g = tu_game(rules, 2, "E U U A", FALSE);
  play(g, 0, "place E @ 0,-1 r180", "pass");
  EXPECT_NO_POINTS();
  ck_assert(feature(g, 0, 0, "D", "C1").completed);
  expect_scores(g, 0, 0);
  play(g, 1, "place U @ 1,0 r0", "follower F1");
  place(g, 0, "place U @ 2,0 r0");
  expect_rejected(g, "follower F1");
  act(g, "follower F2");
  ck_assert_uint_ne(feature(g, 2, 0, "U", "F1").id,
                    feature(g, 2, 0, "U", "F2").id);
  play(g, 1, "place A @ 3,0 r90", "pass");
  ck_assert_uint_eq(ev_scorings(), 2);
  ck_assert_int_eq(ev_points(0, "BASE-23"), 3);
  ck_assert_int_eq(ev_points(1, "BASE-23"), 3);
  expect_game_over(g);
  expect_scores(g, 3, 3);
  expect_winners(3u, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-16 Value of a completed road                                    */
/* ------------------------------------------------------------------ */

/* RULES: BASE-16, BASE-16.E1, BASE-08, BASE-12, BASE-19 */
START_TEST(base16_e1_three_tile_road)
{
  /*   x=-1   x=0   x=1
   *   A270 - D  -  W0
   * BASE-16.E1: a 3-tile road closed by a stopper gives its only robber's
   * owner 3 points.  The example's circus tile is not a base tile; W's
   * junction is the base game's stopper with the same effect.  The robber
   * stands on A's road; seat 1 closes the road with W and may not join
   * it even though this tile completes it. */
  MeepleGame *g = tu_game(rules, 2, "A W", FALSE);
  play(g, 0, "place A @ -1,0 r270", "follower R1");
  EXPECT_NO_POINTS();
  ck_assert_uint_eq(supply(g, 0), 6);
  place(g, 1, "place W @ 1,0 r0");
  expect_rejected(g, "follower R3");
  ck_assert(tu_is_legal(g, "follower R1"));
  act(g, "pass");
  EXPECT_POINTS({ 0, 3, "BASE-16", ROAD });
  const MeepleEvent *c = ev_completed(ROAD, 0);
  ck_assert_ptr_nonnull(c);
  ck_assert_int_eq(c->arg, 3);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  const MeepleEvent *r = &EV[ev_index(MEEPLE_EVENT_FIGURE_RETURNED, 0)];
  ck_assert_int_eq(r->player, 0);
  ck_assert_int_eq(r->x, -1);
  ck_assert_int_eq(r->y, 0);
  ck_assert_uint_eq(r->segment, seg("A", "R1"));
  ck_assert_str_eq(r->rule, "BASE-19");
  ck_assert_uint_eq(supply(g, 0), 7);
  expect_game_over(g);
  expect_scores(g, 3, 0);
  expect_winners(1u << 0, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-17 Value of a completed city                                    */
/* ------------------------------------------------------------------ */

/* RULES: BASE-17, BASE-17.E1, BASE-07, BASE-09 */
START_TEST(base17_e1_eight_tiles_two_pennants)
{
  /*           x=0    x=1    x=2    x=3    x=4
   *   y=-2    E180                        E180
   *   y=-1    R90 =  F0* =  F0* =  G0  =  N0
   *   y=0     D
   * R90: city N,E,S.  F0/G0: band W-E (F with pennant).  N0: city N,W.
   * City: D, R, E, F, F, G, N, E = 8 tiles, 2 pennants:
   * BASE-17.E1: (8 + 2) x 2 = 20. */
  MeepleGame *g = tu_game(rules, 2, "R E F F G N E", FALSE);
  play(g, 0, "place R @ 0,-1 r90", "follower C1");
  play(g, 1, "place E @ 0,-2 r180", "pass");
  play(g, 0, "place F @ 1,-1 r0", "pass");
  play(g, 1, "place F @ 2,-1 r0", "pass");
  play(g, 0, "place G @ 3,-1 r0", "pass");
  play(g, 1, "place N @ 4,-1 r0", "pass");
  EXPECT_NO_POINTS();
  MeepleFeatureInfo open = feature(g, 2, -1, "F", "C1");
  ck_assert(!open.completed);
  ck_assert_uint_eq(open.tiles, 7);
  ck_assert_uint_eq(open.pennants, 2);
  play(g, 0, "place E @ 4,-2 r180", "pass");
  EXPECT_POINTS({ 0, 20, "BASE-17", CITY });
  ck_assert_int_eq(ev_completed(CITY, 0)->arg, 8);
  MeepleFeatureInfo city = feature(g, 0, -1, "R", "C1");
  ck_assert(city.completed);
  ck_assert_uint_eq(city.tiles, 8);
  ck_assert_uint_eq(city.pennants, 2);
  expect_game_over(g);
  expect_scores(g, 20, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-17, BASE-07 */
START_TEST(base17_diagonal_pennant)
{
  /*           x=0     x=1
   *   y=-1    M180*   E270       M180: city S,E with a pennant
   *   y=0     D
   * City D, M, E: 3 tiles + 1 pennant = (3 + 1) x 2 = 8; the knight's
   * owner scores although seat 1 closed it. */
  MeepleGame *g = tu_game(rules, 2, "M E", FALSE);
  play(g, 0, "place M @ 0,-1 r180", "follower C1");
  play(g, 1, "place E @ 1,-1 r270", "pass");
  EXPECT_POINTS({ 0, 8, "BASE-17", CITY });
  ck_assert_int_eq(ev_completed(CITY, 0)->arg, 3);
  expect_game_over(g);
  expect_scores(g, 8, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-19 Returning followers after scoring                            */
/* ------------------------------------------------------------------ */

/* RULES: BASE-19, BASE-09, BASE-17 */
START_TEST(base19_place_score_return_same_turn)
{
  /*  y=-1  E180 (knight put on the tile that closes the city)
   *  y=0   D
   * place -> score 4 -> return, in this order, in the same turn. */
  MeepleGame *g = tu_game(rules, 2, "E U", FALSE);
  play(g, 0, "place E @ 0,-1 r180", "follower C1");
  int placed = ev_index(MEEPLE_EVENT_FIGURE_PLACED, 0);
  int done = ev_index(MEEPLE_EVENT_FEATURE_COMPLETED, 0);
  int scored = ev_index(MEEPLE_EVENT_POINTS_SCORED, 0);
  int back = ev_index(MEEPLE_EVENT_FIGURE_RETURNED, 0);
  ck_assert_int_ge(placed, 0);
  ck_assert_int_gt(done, placed);
  ck_assert_int_gt(scored, placed);
  ck_assert_int_gt(back, scored);
  ck_assert_int_lt(back, ev_index(MEEPLE_EVENT_TURN_STARTED, 0));
  EXPECT_POINTS({ 0, 4, "BASE-17", CITY });
  ck_assert_int_eq(EV[back].player, 0);
  ck_assert_int_eq(EV[back].x, 0);
  ck_assert_int_eq(EV[back].y, -1);
  ck_assert_uint_eq(EV[back].segment, seg("E", "C1"));
  ck_assert_str_eq(EV[back].rule, "BASE-19");
  ck_assert_uint_eq(supply(g, 0), 7);
  ck_assert_uint_eq(figures_on_board(g), 0);
  /* The follower is available again. */
  play(g, 1, "place U @ 1,0 r0", "pass");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-20 Fields and farmers                                           */
/* ------------------------------------------------------------------ */

/* RULES: BASE-20, BASE-08, BASE-16, BASE-23 */
START_TEST(base20_farmer_in_enclosed_field)
{
  /*           x=-1   x=0   x=1    x=2
   *   y=0     U0     D     W0     V0
   *   y=1                  V180   V90
   * The road loop (W, V, V, V) encloses a field (the four inner corners).
   * Seat 1 lays a farmer there with the tile that closes the loop.  The
   * loop scores 4 for seat 0's robber; the field is never completed and
   * the farmer stays.  At the end the field borders no city: 0. */
  MeepleGame *g = tu_game(rules, 2, "W V V V U", FALSE);
  play(g, 0, "place W @ 1,0 r0", "follower R1");
  play(g, 1, "place V @ 2,0 r0", "pass");
  play(g, 0, "place V @ 2,1 r90", "pass");
  play(g, 1, "place V @ 1,1 r180", "follower F2");
  EXPECT_POINTS({ 0, 4, "BASE-16", ROAD });
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  ck_assert_uint_eq(fig(g, 1, 1, 1, "V", "F2"), 1);
  ck_assert_uint_eq(supply(g, 1), 6);
  /* The inner field touches all four loop tiles. */
  MeepleFeatureInfo inner = feature(g, 1, 1, "V", "F2");
  ck_assert(!inner.completed);
  ck_assert_uint_eq(inner.id, feature(g, 1, 0, "W", "F2").id);
  ck_assert_uint_eq(inner.id, feature(g, 2, 0, "V", "F2").id);
  ck_assert_uint_eq(inner.id, feature(g, 2, 1, "V", "F2").id);
  ck_assert_uint_eq(inner.followers[1], 1);
  play(g, 0, "place U @ -1,0 r0", "pass");
  ck_assert_uint_eq(ev_scorings(), 0);
  expect_game_over(g);
  expect_scores(g, 4, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-20, BASE-23, BASE-23.2, BASE-11, BASE-12, BASE-22 */
START_TEST(base20_no_farmers_option)
{
  /* BASE-23.2 / AMB-38: farmers are on in a zero-initialised config. */
  guint16 order[] = { (guint16)tile_type("E") };
  MeepleGameConfig dflt = { .n_players = 2, .tile_order = order,
                            .n_tile_order = 1 };
  MeepleGame *d = meeple_game_new(rules, &dflt, NULL);
  ck_assert_ptr_nonnull(d);
  ck_assert(!meeple_game_config(d)->no_farmers);
  ck_assert(tu_try(d, "place E @ 0,-1 r180", NULL));
  ck_assert(tu_is_legal(d, "follower F1"));
  meeple_game_free(d);

  /*           x=-1   x=0    x=1
   *   y=-1           E180
   *   y=0     U0     D      U0
   * Without farmers, field segments are never offered.  T1: only the
   * knight on E's city (closes: 4).  T2: only the robber on U.  T3: the
   * road is taken and fields are off: no figure decision.  End: road 3
   * for seat 1, no field scoring at all. */
  MeepleGame *g = tu_game(rules, 2, "E U U", TRUE);
  place(g, 0, "place E @ 0,-1 r180");
  ck_assert(!tu_is_legal(g, "follower F1"));
  ck_assert(tu_is_legal(g, "follower C1"));
  ck_assert_uint_eq(meeple_game_decision(g)->n_actions, 2);
  expect_rejected(g, "follower F1");
  act(g, "follower C1");
  EXPECT_POINTS({ 0, 4, "BASE-17", CITY });
  place(g, 1, "place U @ 1,0 r0");
  expect_rejected(g, "follower F1");
  expect_rejected(g, "follower F2");
  ck_assert_uint_eq(meeple_game_decision(g)->n_actions, 2);
  act(g, "follower R1");
  play(g, 0, "place U @ -1,0 r0", NULL);
  EXPECT_POINTS({ 1, 3, "BASE-22", ROAD });
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_POINTS_SCORED, "BASE-23"), 0);
  expect_game_over(g);
  expect_scores(g, 4, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-21 End of the game                                              */
/* ------------------------------------------------------------------ */

/* RULES: BASE-21, BASE-11, BASE-22, BASE-23 */
START_TEST(base21_ends_after_last_tile)
{
  /*   x=-1   x=0   x=1
   *   U0  -  D  -  U0
   * The last tile is drawn in turn 2; the game is not over until that
   * turn is finished, and the last tile still takes a figure (a farmer
   * south of the road).  Final: road 3 for seat 0; the south field
   * borders no city. */
  MeepleGame *g = tu_game(rules, 2, "U U", FALSE);
  play(g, 0, "place U @ 1,0 r0", "follower R1");
  ck_assert_uint_eq(meeple_game_tiles_left(g), 0);
  ck_assert(!meeple_game_is_over(g));
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_GAME_OVER, NULL), 0);
  place(g, 1, "place U @ -1,0 r0");
  ck_assert(!meeple_game_is_over(g));
  expect_decision(g, MEEPLE_DECISION_PLACE_FIGURE, 1);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_GAME_OVER, NULL), 0);
  act(g, "follower F2");
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 1);
  const MeepleEvent *p = &EV[ev_index(MEEPLE_EVENT_FIGURE_PLACED, 0)];
  ck_assert_int_eq(p->player, 1);
  ck_assert_uint_eq(p->segment, seg("U", "F2"));
  EXPECT_POINTS({ 0, 3, "BASE-22", ROAD });
  ck_assert_int_gt(ev_index(MEEPLE_EVENT_POINTS_SCORED, 0),
                   ev_index(MEEPLE_EVENT_FIGURE_PLACED, 0));
  expect_game_over(g);
  expect_scores(g, 3, 0);
  expect_winners(1u << 0, 3);
  ck_assert_int_eq(meeple_game_phase(g), MEEPLE_PHASE_GAME_OVER);
  /* Nothing can be applied any more. */
  char *before = tu_state_digest(g);
  MeepleAction pass = { .kind = MEEPLE_ACTION_PASS };
  GError *err = NULL;
  ck_assert(!meeple_game_apply(g, &pass, NULL, NULL, &err));
  ck_assert(g_error_matches(err, MEEPLE_ERROR, MEEPLE_ERROR_GAME_OVER));
  g_error_free(err);
  char *after = tu_state_digest(g);
  ck_assert_str_eq(before, after);
  g_free(before);
  g_free(after);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-21, BASE-16, BASE-22, BASE-25 */
START_TEST(base21_last_tile_scores_before_final)
{
  /*           x=-1   x=0    x=1
   *   y=-1           N180 -> open
   *   y=0     A270 - D   -  W0
   * The last tile W closes seat 1's road (3, scored in turn 3) and then
   * final scoring scores seat 0's open city D-N (2). */
  MeepleGame *g = tu_game(rules, 2, "N A W", FALSE);
  play(g, 0, "place N @ 0,-1 r180", "follower C1");
  play(g, 1, "place A @ -1,0 r270", "follower R1");
  play(g, 0, "place W @ 1,0 r0", "pass");
  EXPECT_POINTS({ 1, 3, "BASE-16", ROAD }, { 0, 2, "BASE-22", CITY });
  ck_assert_int_lt(ev_index(MEEPLE_EVENT_POINTS_SCORED, 1),
                   ev_index(MEEPLE_EVENT_GAME_OVER, 0));
  expect_game_over(g);
  expect_scores(g, 2, 3);
  expect_winners(1u << 1, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-22 Final scoring of unfinished features                         */
/* ------------------------------------------------------------------ */

/* RULES: BASE-22, BASE-23, BASE-25, BASE-24 */
START_TEST(base22_unfinished_features)
{
  /*           x=-1   x=0    x=1
   *   y=-1           F90*        F90: city band N-S with a pennant
   *   y=0     V270   D      U0   V270: road E-S
   *   y=1            B
   * Seat 0: robber on U, monk on B.  Seat 1: knight on F, farmer on V's
   * big field (joins D's north field, which borders only the open city).
   * End:  road V-D-U open at both ends: 3 tiles = 3 (seat 0);
   *       city D-F open north: 2 tiles + 1 pennant = 3 (seat 1);
   *       monastery B: 1 + neighbours (-1,0), (0,0), (1,0) = 4 (seat 0);
   *       field: its only city is unfinished: 0.
   * Order: road, city, monastery. */
  MeepleGame *g = tu_game(rules, 2, "U F B V", FALSE);
  play(g, 0, "place U @ 1,0 r0", "follower R1");
  play(g, 1, "place F @ 0,-1 r90", "follower C1");
  play(g, 0, "place B @ 0,1 r0", "follower M");
  play(g, 1, "place V @ -1,0 r270", "follower F1");
  EXPECT_POINTS({ 0, 3, "BASE-22", ROAD }, { 1, 3, "BASE-22", CITY },
                { 0, 4, "BASE-22", CLOISTER });
  ck_assert_int_eq(ev_points(1, "BASE-23"), 0);
  expect_game_over(g);
  expect_scores(g, 7, 3);
  expect_winners(1u << 0, 7);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-23 Final scoring of fields                                      */
/* ------------------------------------------------------------------ */

/* RULES: BASE-23, BASE-20 */
START_TEST(base23_city_counts_for_each_field)
{
  /*           x=-1   x=0    x=1
   *   y=-1           E180
   *   y=0     U0     D      U0
   * City D-E (completed in T1, nobody in it) borders two fields: E's
   * field (W, N, E sides of (0,-1)) and the field north of the road
   * (D's F1 with both U's).  Seat 0 has a farmer in each: the city counts
   * once per field: 3 + 3 = 6.  Fields in reading order: (0,-1) first. */
  MeepleGame *g = tu_game(rules, 2, "E U U", FALSE);
  play(g, 0, "place E @ 0,-1 r180", "follower F1");
  EXPECT_NO_POINTS();
  play(g, 1, "place U @ 1,0 r0", "pass");
  play(g, 0, "place U @ -1,0 r0", "follower F1");
  EXPECT_POINTS({ 0, 3, "BASE-23", FIELD }, { 0, 3, "BASE-23", FIELD });
  expect_game_over(g);
  expect_scores(g, 6, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-23, BASE-25 */
START_TEST(base23_two_cities_one_field)
{
  /*           x=0    x=1    x=2
   *   y=-1    E180   E90 =  E270     city 2: E90 + E270
   *   y=0     D      U0              city 1: D + E180
   * Seat 1's farmer on U's north field: it joins D's north field, E90's
   * field (through U's north edge) and E180's field (through E90's west
   * edge).  It borders city 1 (through D and E180) and city 2 (through
   * E90): 2 completed cities = 6.  Seat 1's second farmer in E270's
   * field borders city 2 only: 3.  Fields in reading order: (0,-1)
   * first, then (2,-1). */
  MeepleGame *g = tu_game(rules, 2, "E U E E", FALSE);
  play(g, 0, "place E @ 0,-1 r180", "pass");
  play(g, 1, "place U @ 1,0 r0", "follower F1");
  place(g, 0, "place E @ 1,-1 r90");
  expect_rejected(g, "follower F1");
  act(g, "pass");
  play(g, 1, "place E @ 2,-1 r270", "follower F1");
  EXPECT_POINTS({ 1, 6, "BASE-23", FIELD }, { 1, 3, "BASE-23", FIELD });
  expect_game_over(g);
  expect_scores(g, 0, 9);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-23, BASE-23.1, BASE-07, BASE-12 */
START_TEST(base23_unfinished_city_and_road_separation)
{
  /*           x=-1   x=0    x=1
   *   y=-1           E180   (open: L's cap)
   *   y=0     U0     D      L0        L0: cap N, roads E, S, W
   * T2 seat 1 farmer on L's F1 (north of the road, between the roads and
   * L's cap): field D.F1 + L.F1 (+ U's north field later) borders the
   * completed city D-E and L's open cap.  T3 seat 0 may not farm U's
   * north field (seat 1's) and farms the south one: D.F2 + U.F2 + L's SW
   * corner, bordering no city.
   * End: seat 1 3 (only the completed city counts), seat 0 0. */
  MeepleGame *g = tu_game(rules, 2, "E L U", FALSE);
  play(g, 0, "place E @ 0,-1 r180", "pass");
  play(g, 1, "place L @ 1,0 r0", "follower F1");
  place(g, 0, "place U @ -1,0 r0");
  expect_rejected(g, "follower F1");
  act(g, "follower F2");
  EXPECT_POINTS({ 1, 3, "BASE-23", FIELD });
  ck_assert_int_eq(ev_points(0, NULL), 0);
  expect_game_over(g);
  expect_scores(g, 0, 3);
  expect_winners(1u << 1, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-24 Winner                                                       */
/* ------------------------------------------------------------------ */

/* RULES: BASE-24, BASE-21 */
START_TEST(base24_all_tied_at_zero)
{
  /*   D - U0   Three players, one tile, nobody scores: all three share
   *   the victory with 0 points. */
  MeepleGame *g = tu_game(rules, 3, "U", FALSE);
  play(g, 0, "place U @ 1,0 r0", "pass");
  ck_assert_uint_eq(ev_scorings(), 0);
  expect_game_over(g);
  expect_winners(7u, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-24, BASE-16, BASE-22 */
START_TEST(base24_single_winner)
{
  /*   A270 - D - W0 (robber of seat 1, 3 points)
   *   seat 0: knight on an open cap N180 at (0,-1): 2 at the end.
   * Seat 1 wins alone with 3. */
  MeepleGame *g = tu_game(rules, 2, "N A W", FALSE);
  play(g, 0, "place N @ 0,-1 r180", "follower C1");
  play(g, 1, "place A @ -1,0 r270", "follower R1");
  play(g, 0, "place W @ 1,0 r0", "pass");
  expect_game_over(g);
  ck_assert_uint_eq(ev_count(MEEPLE_EVENT_WINNER, NULL), 1);
  const MeepleEvent *w = &EV[ev_index(MEEPLE_EVENT_WINNER, 0)];
  ck_assert_int_eq(w->player, 1);
  ck_assert_int_eq(w->points, 3);
  ck_assert_int_gt(ev_index(MEEPLE_EVENT_WINNER, 0),
                   ev_index(MEEPLE_EVENT_POINTS_SCORED, 1));
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* BASE-25 Order of several scorings in one phase                       */
/* ------------------------------------------------------------------ */

/* RULES: BASE-25, BASE-16, BASE-19, BASE-22 */
START_TEST(base25_two_roads_reading_order)
{
  /*           x=-1   x=0   x=1
   *   y=0     A270 - D  -  W0
   *   y=1            B     A180
   * W closes two roads at once: road 1 A270-D-W (3 tiles, seat 1's
   * robber, first tile in reading order (-1,0)) and road 2 W-A180 (2
   * tiles, seat 0's robber, first tile (1,0)).  Road 1 is scored first
   * although seat 0 comes first in the seating.  Each follower goes home
   * right after its own feature is scored.
   * End: seat 0's monk on B: 1 + (-1,0), (0,0), (1,0), (1,1) = 5. */
  MeepleGame *g = tu_game(rules, 2, "B A A W", FALSE);
  play(g, 0, "place B @ 0,1 r0", "follower M");
  play(g, 1, "place A @ -1,0 r270", "follower R1");
  play(g, 0, "place A @ 1,1 r180", "follower R1");
  MeepleFeatureInfo r1 = feature(g, -1, 0, "A", "R1");
  ck_assert_int_eq(r1.first_x, -1);
  ck_assert_int_eq(r1.first_y, 0);
  play(g, 1, "place W @ 1,0 r0", "pass");
  EXPECT_POINTS({ 1, 3, "BASE-16", ROAD }, { 0, 2, "BASE-16", ROAD },
                { 0, 5, "BASE-22", CLOISTER });
  ck_assert_uint_eq(ev_completed_count(ROAD), 2);
  int s1 = ev_index(MEEPLE_EVENT_POINTS_SCORED, 0);
  int s2 = ev_index(MEEPLE_EVENT_POINTS_SCORED, 1);
  int b1 = ev_index(MEEPLE_EVENT_FIGURE_RETURNED, 0);
  int b2 = ev_index(MEEPLE_EVENT_FIGURE_RETURNED, 1);
  ck_assert_int_eq(EV[b1].player, 1);
  ck_assert_int_eq(EV[b2].player, 0);
  ck_assert_int_gt(b1, s1);
  ck_assert_int_lt(b1, s2);
  ck_assert_int_gt(b2, s2);
  expect_game_over(g);
  expect_scores(g, 7, 3);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-25, BASE-16, BASE-17, BASE-15 */
START_TEST(base25_road_before_city)
{
  /*           x=-1   x=0    x=1
   *   y=-1           N180 = L270     L270: cap W, roads N, E, S
   *   y=0     A270 - D   -  V90      V90: road W-N
   * L closes city D-N-L (3 tiles = 6, seat 0's knight) and road
   * A-D-V-L (4 tiles = 4, seat 1's robber) in one turn: the road is
   * scored first. */
  MeepleGame *g = tu_game(rules, 2, "N A V L", FALSE);
  play(g, 0, "place N @ 0,-1 r180", "follower C1");
  play(g, 1, "place A @ -1,0 r270", "follower R1");
  play(g, 0, "place V @ 1,0 r90", "pass");
  play(g, 1, "place L @ 1,-1 r270", "pass");
  EXPECT_POINTS({ 1, 4, "BASE-16", ROAD }, { 0, 6, "BASE-17", CITY });
  ck_assert_int_eq(ev_completed(ROAD, 0)->arg, 4);
  ck_assert_int_eq(ev_completed(CITY, 0)->arg, 3);
  expect_game_over(g);
  expect_scores(g, 6, 4);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-25, BASE-17, BASE-18, BASE-10 */
START_TEST(base25_city_before_monastery)
{
  /*           x=-1   x=0   x=1
   *   y=0     U0     D     U0
   *   y=1     E270   B     E180      E180 at (1,1): cap pointing south
   *   y=2     E270   E180  Eg0       Eg0 at (1,2): cap pointing north
   * Eg completes the monastery (seat 0's monk, 9) and the 2-tile city
   * (seat 1's knight, 4) at once: the city is scored first. */
  MeepleGame *g = tu_game(rules, 2, "B U U E E E E Eg", FALSE);
  play(g, 0, "place B @ 0,1 r0", "follower M");
  play(g, 1, "place U @ -1,0 r0", "pass");
  play(g, 0, "place U @ 1,0 r0", "pass");
  play(g, 1, "place E @ 1,1 r180", "follower C1");
  play(g, 0, "place E @ -1,1 r270", "pass");
  play(g, 1, "place E @ -1,2 r270", "pass");
  play(g, 0, "place E @ 0,2 r180", "pass");
  EXPECT_NO_POINTS();
  play(g, 1, "place Eg @ 1,2 r0", "pass");
  EXPECT_POINTS({ 1, 4, "BASE-17", CITY }, { 0, 9, "BASE-18", CLOISTER });
  expect_game_over(g);
  expect_scores(g, 9, 4);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-25, BASE-22, BASE-23 */
START_TEST(base25_final_order_by_type)
{
  /*           x=0    x=1
   *   y=-2           E180
   *   y=-1    F90*   E0          E0 + E180: closed 2-tile city
   *   y=0     D      U0
   *   y=1     B
   * Seat 0: robber on U, monk on B.  Seat 1: knight on F, farmer on E0's
   * field (S, E, W sides of (1,-1); joins U's and D's north fields and
   * F's east field).
   * End: road D-U 2 (seat 0), city D-F 2 + 1 pennant = 3 (seat 1),
   * monastery 1 + (0,0), (1,0) = 3 (seat 0), field: the closed city E-E
   * 3, the open city D-F 0 (seat 1).  Order road, city, monastery, field
   * (not by seat). */
  MeepleGame *g = tu_game(rules, 2, "U F B E E", FALSE);
  play(g, 0, "place U @ 1,0 r0", "follower R1");
  play(g, 1, "place F @ 0,-1 r90", "follower C1");
  play(g, 0, "place B @ 0,1 r0", "follower M");
  play(g, 1, "place E @ 1,-1 r0", "follower F1");
  play(g, 0, "place E @ 1,-2 r180", "pass");
  EXPECT_POINTS({ 0, 2, "BASE-22", ROAD }, { 1, 3, "BASE-22", CITY },
                { 0, 3, "BASE-22", CLOISTER }, { 1, 3, "BASE-23", FIELD });
  expect_game_over(g);
  expect_scores(g, 5, 6);
  expect_winners(1u << 1, 6);
  meeple_game_free(g);
}
END_TEST

/* RULES: BASE-25, BASE-22 */
START_TEST(base25_final_order_within_type)
{
  /*           x=-1   x=0
   *   y=0            D
   *   y=1     B      B
   * Seat 0's monk at (0,1) was placed first, seat 1's at (-1,1) second;
   * reading order scores (-1,1) first.  Each: 1 + 2 neighbours = 3
   * ((0,1): D and B(-1,1); (-1,1): D and B(0,1)). */
  MeepleGame *g = tu_game(rules, 2, "B B", FALSE);
  play(g, 0, "place B @ 0,1 r0", "follower M");
  play(g, 1, "place B @ -1,1 r0", "follower M");
  EXPECT_POINTS({ 1, 3, "BASE-22", CLOISTER },
                { 0, 3, "BASE-22", CLOISTER });
  const MeepleEvent *first = &EV[ev_index(MEEPLE_EVENT_POINTS_SCORED, 0)];
  ck_assert_int_eq(first->x, -1);
  ck_assert_int_eq(first->y, 1);
  expect_game_over(g);
  expect_scores(g, 3, 3);
  expect_winners(3u, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */

static TCase *
rule_case(Suite *s, const char *id)
{
  TCase *tc = tcase_create(id);
  tcase_add_checked_fixture(tc, setup, teardown);
  suite_add_tcase(s, tc);
  return tc;
}

static Suite *
rules_base_suite(void)
{
  Suite *s = suite_create("rules-base");
  TCase *tc;

  tc = rule_case(s, "BASE-01");
  tcase_add_test(tc, base01_supply_scores_first_seat);
  tcase_add_test(tc, base01_player_count);
  tc = rule_case(s, "BASE-02");
  tcase_add_test(tc, base02_start_tile);
  tcase_add_test(tc, base02_full_supply);
  tc = rule_case(s, "BASE-03");
  tcase_add_test(tc, base03_turn_order);
  tc = rule_case(s, "BASE-04");
  tcase_add_test(tc, base04_draw_one_public_tile);
  tc = rule_case(s, "BASE-05");
  tcase_add_test(tc, base05_adjacency_and_terrain);
  tcase_add_test(tc, base05_every_shared_edge_must_match);
  tc = rule_case(s, "BASE-06");
  tcase_add_test(tc, base06_discard_and_redraw);
  tcase_add_test(tc, base06_repeated_discards);
  tcase_add_test(tc, base06_discard_empties_supply);
  tc = rule_case(s, "BASE-07");
  tcase_add_test(tc, base07_city_joins_both_caps_of_h);
  tc = rule_case(s, "BASE-08");
  tcase_add_test(tc, base08_road_loop);
  tcase_add_test(tc, base08_circle_of_curves);
  tcase_add_test(tc, base08_ends_at_city_and_crossroads);
  tcase_add_test(tc, base08_open_road_not_completed);
  tc = rule_case(s, "BASE-09");
  tcase_add_test(tc, base09_city_closed);
  tcase_add_test(tc, base09_city_open);
  tc = rule_case(s, "BASE-10");
  tcase_add_test(tc, base10_monastery_completed);
  tcase_add_test(tc, base10_seven_neighbours_unfinished);
  tc = rule_case(s, "BASE-11");
  tcase_add_test(tc, base11_options_on_new_tile);
  tcase_add_test(tc, base11_empty_supply);
  tc = rule_case(s, "BASE-12");
  tcase_add_test(tc, base12_road_and_field);
  tcase_add_test(tc, base12_city_occupied_by_opponent);
  tc = rule_case(s, "BASE-13");
  tcase_add_test(tc, base13_followers_stay);
  tc = rule_case(s, "BASE-14");
  tcase_add_test(tc, base14_majority_city);
  tcase_add_test(tc, base14_majority_field);
  tcase_add_test(tc, base14_tie_road_three_players);
  tcase_add_test(tc, base14_tie_unfinished_road);
  tc = rule_case(s, "BASE-15");
  tcase_add_test(tc, base15_scored_once_fields_later);
  tcase_add_test(tc, base15_completed_without_followers);
  tc = rule_case(s, "BASE-16");
  tcase_add_test(tc, base16_e1_three_tile_road);
  tc = rule_case(s, "BASE-17");
  tcase_add_test(tc, base17_e1_eight_tiles_two_pennants);
  tcase_add_test(tc, base17_diagonal_pennant);
  tc = rule_case(s, "BASE-18");
  tcase_add_test(tc, base18_monastery_fills_last_hole);
  tc = rule_case(s, "BASE-19");
  tcase_add_test(tc, base19_place_score_return_same_turn);
  tc = rule_case(s, "BASE-20");
  tcase_add_test(tc, base20_farmer_in_enclosed_field);
  tcase_add_test(tc, base20_no_farmers_option);
  tc = rule_case(s, "BASE-21");
  tcase_add_test(tc, base21_ends_after_last_tile);
  tcase_add_test(tc, base21_last_tile_scores_before_final);
  tc = rule_case(s, "BASE-22");
  tcase_add_test(tc, base22_unfinished_features);
  tc = rule_case(s, "BASE-23");
  tcase_add_test(tc, base23_city_counts_for_each_field);
  tcase_add_test(tc, base23_two_cities_one_field);
  tcase_add_test(tc, base23_unfinished_city_and_road_separation);
  tc = rule_case(s, "BASE-24");
  tcase_add_test(tc, base24_all_tied_at_zero);
  tcase_add_test(tc, base24_single_winner);
  tc = rule_case(s, "BASE-25");
  tcase_add_test(tc, base25_two_roads_reading_order);
  tcase_add_test(tc, base25_road_before_city);
  tcase_add_test(tc, base25_city_before_monastery);
  tcase_add_test(tc, base25_final_order_by_type);
  tcase_add_test(tc, base25_final_order_within_type);
  return s;
}

int
main(void)
{
  return tu_run_suite(rules_base_suite());
}
