/* test-rules-abbot.c — scenario tests for RULES §2, ABBOT-01 .. ABBOT-08.
 *
 * As in test-rules-base.c, every test builds its board from a fixed tile
 * order (tu_game), plays it by notation and asserts exact points, figure
 * positions and events; every number is worked out by hand from
 * data/tiles/base.tiles, and each test draws its board in a comment.
 *
 * Board conventions: the start tile D lies at (0,0) unturned (city cap
 * north, road west-east, field south); x grows east, y grows SOUTH.  A cell
 * is written <tile><degrees> ("E270").  Edges (N E S W) of the turned tiles
 * used below:
 *   U0/Ug0 F R F R    B  F F F F    A0 F F R F (road ends at the monastery)
 *   E90  F C F F      E180 F F C F  E270 F F F C     Eg0 C F F F
 *   W0   F R R R      L0   C R R R
 *
 * Two boards recur.  The garden frame (all U turned 0, the garden copy Ug
 * in the middle; every road stays open, so only the garden can complete):
 *            x=-1   x=0   x=1
 *    y=0     U0     D     U0
 *    y=1     U0     Ug0   U0
 *    y=2     U0     U0    U0
 * and the monastery frame of test-rules-base.c (every city cap points
 * outwards and stays open):
 *    y=0     U0     D     U0
 *    y=1     E270   B     E90
 *    y=2     E270   E180  Eg90
 *
 * Segment indices: U/Ug R1 F1 F2 (G), B M F1, A R1 M F1, E/Eg C1 F1 (G).
 */
#include "scenario.h"
#include "testutil.h"

#include <stdarg.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static MeepleRules *rules;   /* base + The Abbot */
static guint ABBOT;          /* figure type index of "abbot" */

#define GARDEN MEEPLE_KIND_GARDEN
#define CLOISTER MEEPLE_KIND_MONASTERY

static void
setup(void)
{
  rules = tu_rules_with("abbot");
  int t = meeple_rules_find_figure_type(rules, "abbot");
  ck_assert_int_gt(t, 0);
  ABBOT = (guint)t;
  scenario_setup();
}

static void
teardown(void)
{
  scenario_teardown();
  meeple_rules_unref(rules);
}



static guint
abbots_home(const MeepleGame *g, guint seat)
{
  return meeple_game_supply(g, seat, ABBOT);
}

static guint
followers_home(const MeepleGame *g, guint seat)
{
  return meeple_game_supply(g, seat, MEEPLE_FIGURE_FOLLOWER);
}



/* Placed tiles among the 8 cells around (x, y), counted here rather than
 * asked of the engine. */
static guint
around(const MeepleGame *g, int x, int y)
{
  static const int ring[8][2] = { { -1, -1 }, { 0, -1 }, { 1, -1 },
                                  { -1, 0 },             { 1, 0 },
                                  { -1, 1 },  { 0, 1 },  { 1, 1 } };
  guint n = 0;
  for (guint i = 0; i < G_N_ELEMENTS(ring); i++)
    n += meeple_game_tile_at(g, x + ring[i][0], y + ring[i][1], NULL);
  return n;
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


/* An event names seat @seat, figure @figure and cell/segment. */
static void
figure_event_is(const MeepleEvent *e, int seat, guint figure, guint kind,
                int x, int y, guint segment, const char *rule)
{
  ck_assert_int_eq(e->player, seat);
  ck_assert_uint_eq(e->figure, figure);
  ck_assert_uint_eq(e->kind, kind);
  ck_assert_int_eq(e->x, x);
  ck_assert_int_eq(e->y, y);
  ck_assert_uint_eq(e->segment, segment);
  if (rule)
    ck_assert_str_eq(e->rule, rule);
}

#define AWARDS(...) SCENARIO_AWARDS(TRUE, __VA_ARGS__)


/* Garden frame, turns 1-3: U at (-1,0) and (1,0), then seat 0 puts Ug at
 * (0,1); its figure decision is left pending. */
static void
garden_frame_start(MeepleGame *g)
{
  passes(g, "place U @ -1,0 r0", "place U @ 1,0 r0", NULL);
  put(g, 0, "place Ug @ 0,1 r0");
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, 0);
}

/* Garden frame, turns 4-8: the six other cells around the garden, the
 * last one (0,2) by seat 1.  ev then holds turn 8 and the end. */
static void
garden_frame_finish(MeepleGame *g)
{
  passes(g, "place U @ -1,1 r0", "place U @ 1,1 r0", "place U @ -1,2 r0",
         "place U @ 1,2 r0", NULL);
  ck_assert_uint_eq(around(g, 0, 1), 7);
  turn(g, 1, "place U @ 0,2 r0", "pass");
}

/* ------------------------------------------------------------------ */
/* ABBOT-01 Setup                                                       */
/* ------------------------------------------------------------------ */

/* RULES: ABBOT-01, ABBOT-08, BASE-01 */
START_TEST(abbot01_supply_seven_plus_abbot)
{
  const MeepleFigureType *ft = meeple_rules_figure_type(rules, ABBOT);
  ck_assert_str_eq(ft->name, "abbot");
  ck_assert(ft->is_follower);
  ck_assert_uint_eq(ft->per_player, 1);
  ck_assert_uint_eq(ft->neutral, 0);
  ck_assert_uint_eq(meeple_rules_figure_type(rules, MEEPLE_FIGURE_FOLLOWER)
                        ->per_player, 7);
  ck_assert_uint_eq(meeple_rules_n_figure_types(rules), 2);
  const MeepleRuleSetInfo *rs = meeple_rules_find_ruleset(rules, "abbot");
  ck_assert_ptr_nonnull(rs);
  ck_assert_str_eq(rs->version, "1.0");

  for (guint n = 2; n <= 6; n++) {
    MeepleGame *g = tu_game(rules, n, "U", FALSE);
    ck_assert_uint_eq(meeple_game_n_figures(g), 8 * n);
    for (guint s = 0; s < n; s++) {
      ck_assert_uint_eq(followers_home(g, s), 7);
      ck_assert_uint_eq(abbots_home(g, s), 1);
      guint mine[2] = { 0, 0 };
      for (guint i = 0; i < meeple_game_n_figures(g); i++) {
        MeepleFigureInfo f = meeple_game_figure(g, i);
        ck_assert(!f.on_board);
        if (f.owner == (int)s)
          mine[f.type == ABBOT]++;
      }
      ck_assert_uint_eq(mine[0], 7);
      ck_assert_uint_eq(mine[1], 1);
    }
    meeple_game_free(g);
  }

  /* Without The Abbot there is no abbot: 7 figures a player. */
  MeepleRules *base = tu_base_rules();
  ck_assert_int_eq(meeple_rules_find_figure_type(base, "abbot"), -1);
  ck_assert_ptr_null(meeple_rules_find_ruleset(base, "abbot"));
  MeepleGame *g = tu_game(base, 3, "U", FALSE);
  ck_assert_uint_eq(meeple_game_n_figures(g), 21);
  meeple_game_free(g);
  meeple_rules_unref(base);
}
END_TEST

/* RULES: ABBOT-01, ABBOT-03, ABBOT-07, BASE-11, BASE-22, BASE-25 */
START_TEST(abbot01_abbot_beside_empty_follower_supply)
{
  /* Seat 0 builds east, seat 1 west; seat 0 puts a robber on each fresh
   * south road stub (R2 of W0/L0) until its 7 followers are out:
   *   x: -8  -7..-1   0   1  2  3  4  5  6  7
   *      Ug0 U0...U0  D   W0 W0 W0 W0 L0 L0 L0
   *                   B                          (0,1)
   * The abbot is an 8th figure: with no follower left, seat 0 may still
   * put it on B (only "abbot M" and pass are offered).  Final scoring:
   * the 7 one-tile roads (1 each, x = 1..7), then monasteries and gardens
   * in reading order: seat 1's abbot on Ug at (-8,0), 1 + 1 neighbour =
   * 2; seat 0's abbot on B at (0,1), 1 + 3 neighbours (U, D, W) = 4. */
  MeepleGame *g = tu_game(rules, 2, "W U W U W U W U L U L U L U B Ug",
                          FALSE);
  const char *east[7] = { "W", "W", "W", "W", "L", "L", "L" };
  for (int k = 1; k <= 7; k++) {
    g_autofree char *mine = g_strdup_printf("place %s @ %d,0 r0",
                                            east[k - 1], k);
    g_autofree char *theirs = g_strdup_printf("place U @ %d,0 r0", -k);
    turn(g, 0, mine, "follower R2");
    turn(g, 1, theirs, "pass");
  }
  ck_assert_uint_eq(followers_home(g, 0), 0);
  ck_assert_uint_eq(abbots_home(g, 0), 1);
  put(g, 0, "place B @ 0,1 r0");
  offers(g, "pass", "abbot M", NULL);
  refused(g, "follower M");
  refused(g, "follower F1");
  act(g, "abbot M");
  ck_assert_uint_eq(abbots_home(g, 0), 0);
  ck_assert_uint_eq(on(g, 0, 0, 1, "B", "M"), 1);
  turn(g, 1, "place Ug @ -8,0 r0", "abbot G");
  AWARDS({ 0, 1, "BASE-22", MEEPLE_KIND_ROAD, 1, 0 },
         { 0, 1, "BASE-22", MEEPLE_KIND_ROAD, 2, 0 },
         { 0, 1, "BASE-22", MEEPLE_KIND_ROAD, 3, 0 },
         { 0, 1, "BASE-22", MEEPLE_KIND_ROAD, 4, 0 },
         { 0, 1, "BASE-22", MEEPLE_KIND_ROAD, 5, 0 },
         { 0, 1, "BASE-22", MEEPLE_KIND_ROAD, 6, 0 },
         { 0, 1, "BASE-22", MEEPLE_KIND_ROAD, 7, 0 },
         { 1, 2, "ABBOT-07", GARDEN, -8, 0 },
         { 0, 4, "ABBOT-07", CLOISTER, 0, 1 });
  over(g, 11, 2);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ABBOT-02 Gardens                                                     */
/* ------------------------------------------------------------------ */

/* RULES: ABBOT-02, ABBOT-03, ABBOT-04, ABBOT-05, BASE-19, BASE-15 */
START_TEST(abbot02_garden_completes_like_a_monastery)
{
  /* Garden frame (see the top).  Seat 0 puts its abbot on the garden of
   * Ug; seat 1's U at (0,2) is the 8th neighbour: the garden is completed
   * (ABBOT-02, size 1), seat 0 scores 9 under ABBOT-05 although seat 1
   * placed the tile, and the abbot goes home (BASE-19).  No road closes,
   * so nothing else is completed or scored, then or at the end. */
  ck_assert(meeple_rules_kind(rules, GARDEN)->is_feature);
  ck_assert(!meeple_rules_kind(rules, GARDEN)->follower_allowed);
  MeepleGame *g = tu_game(rules, 2, "U U Ug U U U U U", FALSE);
  garden_frame_start(g);
  offers(g, "pass", "follower R1", "follower F1", "follower F2", "abbot G",
         NULL);
  refused(g, "follower G");
  act(g, "abbot G");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), 0, ABBOT, GARDEN, 0,
                  1, sg(g, "Ug", "G"), NULL);
  MeepleFeatureInfo fi = feat(g, 0, 1, "Ug", "G");
  ck_assert_uint_eq(fi.kind, GARDEN);
  ck_assert_uint_eq(fi.tiles, 1);
  ck_assert(!fi.completed);
  ck_assert_uint_eq(fi.followers[0], 1);
  ck_assert_uint_eq(abbots_home(g, 0), 0);
  ck_assert_uint_eq(followers_home(g, 0), 7);

  garden_frame_finish(g);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  const MeepleEvent *done = event(MEEPLE_EVENT_FEATURE_COMPLETED, 0);
  ck_assert_uint_eq(done->kind, GARDEN);
  ck_assert_str_eq(done->rule, "ABBOT-02");
  ck_assert_int_eq(done->x, 0);
  ck_assert_int_eq(done->y, 1);
  ck_assert_int_eq(done->arg, 1);
  AWARDS({ 0, 9, "ABBOT-05", GARDEN, 0, 1 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 0, ABBOT, GARDEN,
                  0, 1, sg(g, "Ug", "G"), "BASE-19");
  /* completed -> scored -> returned */
  ck_assert_uint_lt(at(MEEPLE_EVENT_FEATURE_COMPLETED, 0),
                    at(MEEPLE_EVENT_POINTS_SCORED, 0));
  ck_assert_uint_lt(at(MEEPLE_EVENT_POINTS_SCORED, 0),
                    at(MEEPLE_EVENT_FIGURE_RETURNED, 0));
  ck_assert(feat(g, 0, 1, "Ug", "G").completed);
  ck_assert_uint_eq(on(g, 0, 0, 1, "Ug", "G"), 0);
  ck_assert_uint_eq(abbots_home(g, 0), 1);
  over(g, 9, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: ABBOT-02, ABBOT-04, BASE-11, BASE-15 */
START_TEST(abbot02_without_abbot_garden_is_decoration)
{
  /* The same tiles and moves with the base game alone: the garden is no
   * feature, nobody may stand on it (there is no abbot to name), and the
   * 8th neighbour completes nothing. */
  MeepleRules *base = tu_base_rules();
  ck_assert(!meeple_rules_kind(base, GARDEN)->is_feature);
  MeepleGame *g = tu_game(base, 2, "U U Ug U U U U U", FALSE);
  garden_frame_start(g);
  offers(g, "pass", "follower R1", "follower F1", "follower F2", NULL);
  refused(g, "follower G");
  MeepleAction a;
  g_autoptr(GError) err = NULL;
  ck_assert(!meeple_action_parse(g, "abbot G", &a, NULL, &err));
  ck_assert(g_error_matches(err, MEEPLE_ERROR, MEEPLE_ERROR_NOTATION));
  act(g, "pass");
  garden_frame_finish(g);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 0);
  NO_AWARDS();
  over(g, 0, 0);
  /* Decoration is never a completed feature, neither in the events nor
   * when a client asks (MeepleKind.is_feature: "never completed, scored
   * or occupied until a rule set activates it"). */
  MeepleFeatureInfo fi = feat(g, 0, 1, "Ug", "G");
  ck_assert_uint_eq(fi.followers[0] + fi.followers[1], 0);
  ck_assert_msg(!fi.completed, "the garden decoration at 0,1 is reported "
                "as a completed feature without The Abbot");
  meeple_game_free(g);
  meeple_rules_unref(base);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ABBOT-03 Placing the abbot                                           */
/* ------------------------------------------------------------------ */

/* RULES: ABBOT-03, ABBOT-04, ABBOT-07, BASE-11 */
START_TEST(abbot03_only_on_new_monastery_or_garden)
{
  /*            x=-1   x=0
   *    y=0            D
   *    y=1     Eg0    A0       A: road south ends at the monastery
   * Turn 1: A offers the abbot on its monastery only, not on its road or
   * field.  Seat 0 passes.  Turn 2: Eg offers seat 1's abbot on the
   * garden only, not on city or field, and not on A's (older, empty)
   * monastery.  Turn 3: U at (1,0) has neither: no abbot action, and
   * seat 1's abbot cannot be taken back by seat 0.  At the end seat 1's
   * abbot scores 1 + 2 neighbours (D, A) = 3. */
  MeepleGame *g = tu_game(rules, 2, "A Eg U", FALSE);
  put(g, 0, "place A @ 0,1 r0");
  offers(g, "pass", "follower R1", "follower M", "follower F1", "abbot M",
         NULL);
  refused(g, "abbot R1");
  refused(g, "abbot F1");
  act(g, "pass");

  put(g, 1, "place Eg @ -1,1 r0");
  offers(g, "pass", "follower C1", "follower F1", "abbot G", NULL);
  refused(g, "abbot C1");
  refused(g, "abbot F1");
  refused(g, "follower G");
  refused(g, "abbot M @ 0,1");
  act(g, "abbot G");

  put(g, 0, "place U @ 1,0 r0");
  offers(g, "pass", "follower R1", "follower F1", "follower F2", NULL);
  refused(g, "abbot-return G @ -1,1");
  act(g, "pass");
  AWARDS({ 1, 3, "ABBOT-07", GARDEN, -1, 1 });
  ck_assert_uint_eq(on(g, 1, -1, 1, "Eg", "G"), 1);
  over(g, 0, 3);
  meeple_game_free(g);
}
END_TEST

/* RULES: ABBOT-03, ABBOT-01, ABBOT-04, ABBOT-07, BASE-22, BASE-25 */
START_TEST(abbot03_not_while_the_abbot_is_out)
{
  /*            x=0   x=1
   *    y=0     D     U0
   *    y=1     B
   *    y=2     B
   * Seat 0's abbot is on the first B, so the second B offers only a monk
   * (and taking the abbot back).  End: (0,1) abbot 1 + 3 (D, U, B) = 4
   * under ABBOT-07, then (0,2) monk 1 + 1 = 2 under BASE-22. */
  MeepleGame *g = tu_game(rules, 2, "B U B", FALSE);
  turn(g, 0, "place B @ 0,1 r0", "abbot M");
  ck_assert_uint_eq(abbots_home(g, 0), 0);
  turn(g, 1, "place U @ 1,0 r0", "pass");
  put(g, 0, "place B @ 0,2 r0");
  offers(g, "pass", "follower M", "follower F1", "abbot-return M @ 0,1",
         NULL);
  refused(g, "abbot M");
  act(g, "follower M");
  AWARDS({ 0, 4, "ABBOT-07", CLOISTER, 0, 1 },
         { 0, 2, "BASE-22", CLOISTER, 0, 2 });
  ck_assert_uint_eq(on(g, 0, 0, 1, "B", "M"), 1);
  ck_assert_uint_eq(on(g, 0, 0, 2, "B", "M"), 1);
  over(g, 6, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: ABBOT-03, ABBOT-05, ABBOT-07, ABBOT-02, BASE-10, BASE-19 */
START_TEST(abbot03_abbot_on_monastery_scores_nine)
{
  /* Monastery frame (see the top).  Seat 0's abbot on B; seat 1 places
   * the 8th neighbour, Eg at (1,2), and puts its own abbot on Eg's
   * garden.  B is completed: 9 to seat 0 (ABBOT-05), abbot home.  The
   * game ends: seat 1's garden has 3 neighbours (B, E, E): 4 under
   * ABBOT-07, and that abbot stays. */
  MeepleGame *g = tu_game(rules, 2, "B U U E E E E Eg", FALSE);
  put(g, 0, "place B @ 0,1 r0");
  offers(g, "pass", "follower M", "follower F1", "abbot M", NULL);
  act(g, "abbot M");
  passes(g, "place U @ -1,0 r0", "place U @ 1,0 r0", "place E @ -1,1 r270",
         "place E @ 1,1 r90", "place E @ -1,2 r270", "place E @ 0,2 r180",
         NULL);
  ck_assert(!feat(g, 0, 1, "B", "M").completed);
  put(g, 1, "place Eg @ 1,2 r90");
  offers(g, "pass", "follower C1", "follower F1", "abbot G", NULL);
  act(g, "abbot G");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  ck_assert_str_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->rule, "BASE-10");
  ck_assert_uint_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->kind, CLOISTER);
  AWARDS({ 0, 9, "ABBOT-05", CLOISTER, 0, 1 },
         { 1, 4, "ABBOT-07", GARDEN, 1, 2 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 0, ABBOT, CLOISTER,
                  0, 1, sg(g, "B", "M"), "BASE-19");
  ck_assert_uint_eq(abbots_home(g, 0), 1);
  ck_assert_uint_eq(abbots_home(g, 1), 0);
  ck_assert_uint_eq(on(g, 1, 1, 2, "Eg", "G"), 1);
  over(g, 9, 4);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ABBOT-04 Gardens are abbot-only                                      */
/* ------------------------------------------------------------------ */

/* RULES: ABBOT-04, ABBOT-03, ABBOT-02, BASE-11 */
START_TEST(abbot04_every_tile_type)
{
  /* Each tile type alone, put at its first legal spot beside D: the
   * figure decision offers the abbot exactly on its monastery or garden
   * (one action), a follower never on a garden, and a follower on every
   * monastery. */
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++) {
    const MeepleTileType *type = meeple_rules_tile_type(rules, t);
    MeepleGame *g = tu_game(rules, 2, type->id, FALSE);
    const MeepleDecision *d = meeple_game_decision(g);
    ck_assert_msg(d && d->kind == MEEPLE_DECISION_PLACE_TILE, "%s", type->id);
    ck_assert(meeple_game_apply_index(g, 0, NULL, NULL, NULL));
    d = meeple_game_decision(g);
    ck_assert_msg(d && d->kind == MEEPLE_DECISION_PLACE_FIGURE, "%s",
                  type->id);
    guint spots = 0, abbot_actions = 0, monks = 0;
    for (guint s = 0; s < type->n_segments; s++)
      spots += type->segments[s].kind == GARDEN ||
               type->segments[s].kind == CLOISTER;
    for (gsize i = 0; i < d->n_actions; i++) {
      const MeepleAction *a = &d->actions[i];
      if (a->kind != MEEPLE_ACTION_PLACE_FIGURE)
        continue;
      guint kind = type->segments[a->segment].kind;
      if (a->figure == ABBOT) {
        ck_assert_msg(kind == GARDEN || kind == CLOISTER,
                      "%s: abbot offered on %s", type->id,
                      type->segments[a->segment].name);
        MeeplePlacedTile new_tile = meeple_game_placed(g, 1);
        ck_assert_int_eq(a->x, new_tile.x);
        ck_assert_int_eq(a->y, new_tile.y);
        abbot_actions++;
      } else {
        ck_assert_msg(kind != GARDEN, "%s: follower offered on the garden",
                      type->id);
        monks += kind == CLOISTER;
      }
    }
    ck_assert_msg(abbot_actions == spots, "%s: %u abbot actions", type->id,
                  abbot_actions);
    ck_assert_uint_le(spots, 1);
    /* A, B: the monastery takes a monk as well */
    gboolean has_monastery = FALSE;
    for (guint s = 0; s < type->n_segments; s++)
      has_monastery |= type->segments[s].kind == CLOISTER;
    ck_assert_uint_eq(monks, has_monastery ? 1 : 0);
    for (guint s = 0; s < type->n_segments; s++)
      if (type->segments[s].kind == GARDEN) {
        g_autofree char *text =
            g_strdup_printf("follower %s", type->segments[s].name);
        refused(g, text);
      }
    meeple_game_free(g);
  }
}
END_TEST

/* RULES: ABBOT-04, BASE-12, BASE-11, BASE-22 */
START_TEST(abbot04_monastery_takes_monk_or_abbot)
{
  /*            x=0   x=1
   *    y=0     D     U0
   *    y=1     B
   * B offers a monk and the abbot; seat 0 takes the monk, which is the
   * turn's one figure action: the abbot stays home and the turn passes.
   * The monastery then refuses the abbot (older tile, and occupied).
   * End: monk 1 + 2 neighbours = 3 under BASE-22 (not ABBOT-07). */
  MeepleGame *g = tu_game(rules, 2, "B U", FALSE);
  put(g, 0, "place B @ 0,1 r0");
  ck_assert(tu_is_legal(g, "follower M"));
  ck_assert(tu_is_legal(g, "abbot M"));
  act(g, "follower M");
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 1);
  ck_assert_uint_eq(event(MEEPLE_EVENT_FIGURE_PLACED, 0)->figure,
                    MEEPLE_FIGURE_FOLLOWER);
  ck_assert_uint_eq(abbots_home(g, 0), 1);
  ck_assert_uint_eq(followers_home(g, 0), 6);
  ck_assert_uint_eq(feat(g, 0, 1, "B", "M").followers[0], 1);
  put(g, 1, "place U @ 1,0 r0");
  refused(g, "abbot M @ 0,1");
  refused(g, "follower M @ 0,1");
  act(g, "pass");
  AWARDS({ 0, 3, "BASE-22", CLOISTER, 0, 1 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_POINTS_SCORED, "ABBOT-07"), 0);
  over(g, 3, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ABBOT-05 Completed garden or monastery with an abbot                 */
/* ------------------------------------------------------------------ */

/* RULES: ABBOT-05, ABBOT-02, BASE-19 */
START_TEST(abbot05_place_score_return_same_turn)
{
  /* Garden frame with Ug drawn last: its cell (0,1) already has all 8
   * neighbours, so the abbot seat 1 puts on the garden is scored (9,
   * ABBOT-05) and returned (BASE-19) in the same turn, in the order
   * placed -> completed -> scored -> returned. */
  MeepleGame *g = tu_game(rules, 2, "U U U U U U U Ug", FALSE);
  passes(g, "place U @ -1,0 r0", "place U @ 1,0 r0", "place U @ -1,1 r0",
         "place U @ 1,1 r0", "place U @ -1,2 r0", "place U @ 1,2 r0",
         "place U @ 0,2 r0", NULL);
  put(g, 1, "place Ug @ 0,1 r0");
  ck_assert_uint_eq(around(g, 0, 1), 8);
  act(g, "abbot G");
  guint g_seg = sg(g, "Ug", "G");
  figure_event_is(event(MEEPLE_EVENT_FIGURE_PLACED, 0), 1, ABBOT, GARDEN, 0,
                  1, g_seg, NULL);
  ck_assert_str_eq(event(MEEPLE_EVENT_FEATURE_COMPLETED, 0)->rule,
                   "ABBOT-02");
  AWARDS({ 1, 9, "ABBOT-05", GARDEN, 0, 1 });
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 1, ABBOT, GARDEN,
                  0, 1, g_seg, "BASE-19");
  ck_assert_uint_lt(at(MEEPLE_EVENT_FIGURE_PLACED, 0),
                    at(MEEPLE_EVENT_FEATURE_COMPLETED, 0));
  ck_assert_uint_lt(at(MEEPLE_EVENT_FEATURE_COMPLETED, 0),
                    at(MEEPLE_EVENT_POINTS_SCORED, 0));
  ck_assert_uint_lt(at(MEEPLE_EVENT_POINTS_SCORED, 0),
                    at(MEEPLE_EVENT_FIGURE_RETURNED, 0));
  ck_assert_uint_eq(abbots_home(g, 1), 1);
  ck_assert_uint_eq(on(g, 1, 0, 1, "Ug", "G"), 0);
  over(g, 0, 9);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ABBOT-06 Taking the abbot back early                                 */
/* ------------------------------------------------------------------ */

/* RULES: ABBOT-06, ABBOT-06.E1, ABBOT-06.1, ABBOT-03, ABBOT-07 */
START_TEST(abbot06_e1_garden_with_five_neighbours)
{
  /*            x=-1   x=0   x=1
   *    y=0     U0     D     U0
   *    y=1     U0     Ug0   U0        turn 5: seat 0 takes back (0,1)
   *    y=2     U0     U0              turn 8
   *    y=3     B                      turn 7: the abbot again
   * Seat 0's abbot goes on the garden in turn 3 (3 neighbours).  Seat 1's
   * turn 4 does not offer seat 0's abbot.  In turn 5 seat 0 places the
   * 5th neighbour at (1,1); taking the abbot back is offered beside the
   * follower placements on the new tile and scores 1 + 5 = 6
   * (ABBOT-06.E1); nothing else happens in that figure action.  In turn 7
   * the abbot goes onto B at (-1,3); at the end it has 2 neighbours
   * ((-1,2), (0,2)): 3 under ABBOT-07. */
  MeepleGame *g = tu_game(rules, 2, "U U Ug U U U B U", FALSE);
  garden_frame_start(g);
  act(g, "abbot G");
  ck_assert_uint_eq(around(g, 0, 1), 3);
  put(g, 1, "place U @ -1,1 r0");
  refused(g, "abbot-return G @ 0,1");
  act(g, "pass");

  put(g, 0, "place U @ 1,1 r0");
  ck_assert_uint_eq(around(g, 0, 1), 5);
  offers(g, "pass", "follower R1", "follower F1", "follower F2",
         "abbot-return G @ 0,1", NULL);
  refused(g, "abbot G @ 0,1");
  act(g, "abbot-return G @ 0,1");
  AWARDS({ 0, 6, "ABBOT-06", GARDEN, 0, 1 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  figure_event_is(event(MEEPLE_EVENT_FIGURE_RETURNED, 0), 0, ABBOT, GARDEN,
                  0, 1, sg(g, "Ug", "G"), "ABBOT-06");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 0);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  ck_assert_int_eq(meeple_game_score(g, 0), 6);
  ck_assert_uint_eq(abbots_home(g, 0), 1);
  ck_assert_uint_eq(followers_home(g, 0), 7);
  ck_assert_uint_eq(on(g, 0, 0, 1, "Ug", "G"), 0);
  ck_assert_uint_eq(feat(g, 0, 1, "Ug", "G").followers[0], 0);

  passes(g, "place U @ -1,2 r0", NULL);
  put(g, 0, "place B @ -1,3 r0");
  offers(g, "pass", "follower M", "follower F1", "abbot M", NULL);
  act(g, "abbot M");
  turn(g, 1, "place U @ 0,2 r0", "pass");
  AWARDS({ 0, 3, "ABBOT-07", CLOISTER, -1, 3 });
  ck_assert_uint_eq(on(g, 0, -1, 3, "B", "M"), 1);
  over(g, 9, 0);
  meeple_game_free(g);
}
END_TEST

/*            x=0   x=1          x=-1
 *    y=0     D     U0 (t2)      U0 (t4)
 *    y=1     Ug0 (t1, abbot G)
 *    y=2     B (t3)
 *    y=3     B (t5)
 * Seat 0's abbot is on the garden; in turn 3 seat 0 draws B and, instead
 * of a monk, takes the abbot back: 1 + 3 neighbours (D, U, B) = 4.  The
 * abbot is home again but cannot go onto that B in the same figure action
 * (ABBOT-06.1): the turn ends.  In turn 5 it goes onto the next B, which
 * at the end has 1 neighbour: 2 under ABBOT-07.  Returns the game, over. */
static MeepleGame *
play_take_back_game(void)
{
  MeepleGame *g = tu_game(rules, 2, "Ug U B U B", FALSE);
  turn(g, 0, "place Ug @ 0,1 r0", "abbot G");
  put(g, 1, "place U @ 1,0 r0");
  offers(g, "pass", "follower R1", "follower F1", "follower F2", NULL);
  act(g, "pass");
  put(g, 0, "place B @ 0,2 r0");
  offers(g, "pass", "follower M", "follower F1", "abbot-return G @ 0,1",
         NULL);
  refused(g, "abbot M");
  act(g, "abbot-return G @ 0,1");
  AWARDS({ 0, 4, "ABBOT-06", GARDEN, 0, 1 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "ABBOT-06"), 1);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, 1);
  ck_assert_uint_eq(abbots_home(g, 0), 1);
  ck_assert_uint_eq(followers_home(g, 0), 7);
  for (guint s = 0; s < 2; s++) {
    ck_assert_uint_eq(on(g, s, 0, 2, "B", "M"), 0);
    ck_assert_uint_eq(on(g, s, 0, 1, "Ug", "G"), 0);
  }
  passes(g, "place U @ -1,0 r0", NULL);
  put(g, 0, "place B @ 0,3 r0");
  offers(g, "pass", "follower M", "follower F1", "abbot M", NULL);
  act(g, "abbot M");
  AWARDS({ 0, 2, "ABBOT-07", CLOISTER, 0, 3 });
  over(g, 6, 0);
  return g;
}

/* RULES: ABBOT-06, ABBOT-06.1, ABBOT-03, ABBOT-07 */
START_TEST(abbot06_1_take_back_is_the_whole_figure_action)
{
  meeple_game_free(play_take_back_game());
}
END_TEST

/* RULES: ABBOT-06, BASE-10, BASE-15, ABBOT-05 */
START_TEST(abbot06_take_back_in_the_completing_turn)
{
  /* Monastery frame plus U at (2,0) so that seat 0 places the last
   * neighbour, Eg at (1,2).  The figure action comes before scoring
   * (RULES §0.4 F, then S): seat 0 takes its abbot back, 1 + 8 = 9 under
   * ABBOT-06; the monastery then completes empty, which scores nothing
   * (BASE-15).  Exactly one scoring: no double 9. */
  MeepleGame *g = tu_game(rules, 2, "B U U U E E E E Eg", FALSE);
  turn(g, 0, "place B @ 0,1 r0", "abbot M");
  passes(g, "place U @ -1,0 r0", "place U @ 1,0 r0", "place U @ 2,0 r0",
         "place E @ -1,1 r270", "place E @ 1,1 r90", "place E @ -1,2 r270",
         "place E @ 0,2 r180", NULL);
  put(g, 0, "place Eg @ 1,2 r90");
  ck_assert_uint_eq(around(g, 0, 1), 8);
  offers(g, "pass", "follower C1", "follower F1", "abbot-return M @ 0,1",
         NULL);
  act(g, "abbot-return M @ 0,1");
  AWARDS({ 0, 9, "ABBOT-06", CLOISTER, 0, 1 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, "BASE-10"), 1);
  ck_assert_uint_lt(at(MEEPLE_EVENT_POINTS_SCORED, 0),
                    at(MEEPLE_EVENT_FEATURE_COMPLETED, 0));
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  ck_assert_str_eq(event(MEEPLE_EVENT_FIGURE_RETURNED, 0)->rule, "ABBOT-06");
  ck_assert_uint_eq(abbots_home(g, 0), 1);
  over(g, 9, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ABBOT-07 Final scoring                                               */
/* ------------------------------------------------------------------ */

/* RULES: ABBOT-07, BASE-22, BASE-25, BASE-24 */
START_TEST(abbot07_unfinished_at_the_end)
{
  /*            x=-1   x=0   x=1
   *    y=0     U0     D     U0
   *    y=1            Ug0              seat 0's abbot
   *    y=2            B                seat 1's abbot
   * Both abbots are still out at the end.  Reading order: the garden
   * (0,1) first, 1 + 4 neighbours = 5 to seat 0; then the monastery
   * (0,2), 1 + 1 = 2 to seat 1.  Both stay on the board; the take-back
   * was offered to each owner but not used. */
  MeepleGame *g = tu_game(rules, 2, "Ug B U U", FALSE);
  turn(g, 0, "place Ug @ 0,1 r0", "abbot G");
  turn(g, 1, "place B @ 0,2 r0", "abbot M");
  put(g, 0, "place U @ 1,0 r0");
  ck_assert(tu_is_legal(g, "abbot-return G @ 0,1"));
  refused(g, "abbot-return M @ 0,2");
  act(g, "pass");
  put(g, 1, "place U @ -1,0 r0");
  ck_assert(tu_is_legal(g, "abbot-return M @ 0,2"));
  refused(g, "abbot-return G @ 0,1");
  act(g, "pass");
  AWARDS({ 0, 5, "ABBOT-07", GARDEN, 0, 1 },
         { 1, 2, "ABBOT-07", CLOISTER, 0, 2 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_POINTS_SCORED, "BASE-22"), 0);
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 0);
  ck_assert_uint_eq(on(g, 0, 0, 1, "Ug", "G"), 1);
  ck_assert_uint_eq(on(g, 1, 0, 2, "B", "M"), 1);
  ck_assert_uint_eq(abbots_home(g, 0), 0);
  ck_assert_uint_eq(abbots_home(g, 1), 0);
  over(g, 5, 2);
  ck_assert_uint_eq(count(MEEPLE_EVENT_WINNER, NULL), 1);
  ck_assert_int_eq(event(MEEPLE_EVENT_WINNER, 0)->player, 0);
  ck_assert_int_eq(event(MEEPLE_EVENT_WINNER, 0)->points, 5);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ABBOT-08 Status of the abbot                                         */
/* ------------------------------------------------------------------ */

/* RULES: ABBOT-08, BASE-12, BASE-14 */
START_TEST(abbot08_abbot_is_a_follower)
{
  /*            x=0
   *    y=0     D
   *    y=1     B      seat 0's abbot
   *    y=2     B      seat 1's monk
   * The abbot counts as one follower of its owner on its feature, like
   * the monk on the other monastery, and the figure list shows it where
   * it stands.  At the end each owner is the majority of its feature:
   * (0,1) has D and B around it: 1 + 2 = 3 (ABBOT-07) to seat 0; (0,2)
   * has B: 1 + 1 = 2 (BASE-22) to seat 1. */
  ck_assert(meeple_rules_figure_type(rules, ABBOT)->is_follower);
  MeepleGame *g = tu_game(rules, 2, "B B", FALSE);
  turn(g, 0, "place B @ 0,1 r0", "abbot M");
  MeepleFeatureInfo fi = feat(g, 0, 1, "B", "M");
  ck_assert_uint_eq(fi.followers[0], 1);
  ck_assert_uint_eq(fi.followers[1], 0);
  guint seen = 0;
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (!f.on_board)
      continue;
    seen++;
    ck_assert_uint_eq(f.type, ABBOT);
    ck_assert_int_eq(f.owner, 0);
    ck_assert_int_eq(f.x, 0);
    ck_assert_int_eq(f.y, 1);
    ck_assert_uint_eq(f.segment, sg(g, "B", "M"));
  }
  ck_assert_uint_eq(seen, 1);
  /* the monastery's field is free, the monastery is not */
  put(g, 1, "place B @ 0,2 r0");
  offers(g, "pass", "follower M", "follower F1", "abbot M", NULL);
  act(g, "follower M");
  ck_assert_uint_eq(feat(g, 0, 2, "B", "M").followers[1], 1);
  AWARDS({ 0, 3, "ABBOT-07", CLOISTER, 0, 1 },
         { 1, 2, "BASE-22", CLOISTER, 0, 2 });
  over(g, 3, 2);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Notation and game records with abbot actions                        */
/* ------------------------------------------------------------------ */

/* Every action of the pending decision reads back from its own text. */
static void
round_trip_all(MeepleGame *g)
{
  const MeepleDecision *d = meeple_game_decision(g);
  for (gsize i = 0; i < d->n_actions; i++) {
    g_autofree char *text = meeple_action_to_string(g, &d->actions[i]);
    MeepleAction back;
    g_autoptr(GError) err = NULL;
    ck_assert_msg(meeple_action_parse(g, text, &back, NULL, &err), "%s: %s",
                  text, err ? err->message : "");
    ck_assert_msg(memcmp(&back, &d->actions[i], sizeof back) == 0,
                  "'%s' reads back as another action", text);
  }
}

static void
text_is(MeepleGame *g, const char *text, const char *written)
{
  MeepleAction a;
  ck_assert(meeple_action_parse(g, text, &a, NULL, NULL));
  g_autofree char *out = meeple_action_to_string(g, &a);
  ck_assert_str_eq(out, written);
}

static void
bad_text(MeepleGame *g, const char *text)
{
  MeepleAction a;
  g_autoptr(GError) err = NULL;
  ck_assert_msg(!meeple_action_parse(g, text, &a, NULL, &err), "'%s' read",
                text);
  ck_assert(g_error_matches(err, MEEPLE_ERROR, MEEPLE_ERROR_NOTATION));
}

/* RULES: ABBOT-03, ABBOT-06 */
START_TEST(abbot_notation_round_trip)
{
  MeepleGame *g = tu_game(rules, 2, "Ug U B", FALSE);
  put(g, 0, "place Ug @ 0,1 r0");
  round_trip_all(g);
  text_is(g, "abbot G", "abbot G");
  text_is(g, "abbot   G  @ 0,1", "abbot G");
  act(g, "abbot G @ 0,1");
  ck_assert_uint_eq(on(g, 0, 0, 1, "Ug", "G"), 1);
  turn(g, 1, "place U @ 1,0 r0", "pass");
  put(g, 0, "place B @ 0,2 r0");
  round_trip_all(g);
  text_is(g, "abbot-return G @ 0,1", "abbot-return G @ 0,1");
  text_is(g, "abbot G @ 0,1", "abbot G @ 0,1");
  text_is(g, "abbot M", "abbot M");
  bad_text(g, "abbot-return G");
  bad_text(g, "abbot-return @ 0,1");
  bad_text(g, "abbot-return G @ 5,5");
  bad_text(g, "abbot-return M @ 0,1");
  bad_text(g, "abbot");
  bad_text(g, "abbot X");
  bad_text(g, "abbot-return G @ 0,1 extra");
  meeple_game_free(g);
}
END_TEST

/* RULES: ABBOT-06, ABBOT-03, ABBOT-01 */
START_TEST(abbot_record_round_trip)
{
  MeepleGame *g = play_take_back_game();
  g_autofree char *text = meeple_record_write(g, NULL);
  ck_assert_msg(strstr(text, "\nrules base/1.0 abbot/1.0\n"), "%s", text);
  ck_assert_msg(strstr(text, "\nabbot G\n"), "%s", text);
  ck_assert_msg(strstr(text, "\nabbot-return G @ 0,1\n"), "%s", text);
  ck_assert_msg(strstr(text, "\nabbot M\n"), "%s", text);
  g_autoptr(GError) err = NULL;
  MeepleRecord *rec = meeple_record_parse(text, -1, "abbot.rec", &err);
  ck_assert_msg(rec, "%s", err ? err->message : "");
  ck_assert_uint_eq(rec->rulesets->len, 2);
  ck_assert_str_eq(g_ptr_array_index(rec->rulesets, 0), "base/1.0");
  ck_assert_str_eq(g_ptr_array_index(rec->rulesets, 1), "abbot/1.0");
  /* five turns: place + figure action each */
  ck_assert_uint_eq(rec->actions->len, 10);

  MeepleRules *fresh = tu_rules_with("abbot");
  MeepleGame *again = meeple_record_replay(rec, fresh, &err);
  ck_assert_msg(again, "%s", err ? err->message : "");
  g_autofree char *a = tu_state_digest(g);
  g_autofree char *b = tu_state_digest(again);
  ck_assert_str_eq(a, b);
  g_autofree char *text2 = meeple_record_write(again, NULL);
  ck_assert_str_eq(text, text2);
  ck_assert_int_eq(meeple_game_score(again, 0), 6);

  /* the base game alone cannot replay it */
  MeepleRules *base = tu_base_rules();
  g_autoptr(GError) err2 = NULL;
  ck_assert_ptr_null(meeple_record_replay(rec, base, &err2));
  ck_assert(g_error_matches(err2, MEEPLE_ERROR, MEEPLE_ERROR_REPLAY));

  meeple_rules_unref(base);
  meeple_game_free(again);
  meeple_rules_unref(fresh);
  meeple_record_free(rec);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *
rules_abbot_suite(void)
{
  Suite *s = suite_create("rules-abbot");
  TCase *tc = NULL;
  /* one test case per rule ID, each with fresh rules */
#define RULE(id)                                                           \
  (tc = tcase_create(id), tcase_add_checked_fixture(tc, setup, teardown),   \
   suite_add_tcase(s, tc))
  RULE("ABBOT-01");
  tcase_add_test(tc, abbot01_supply_seven_plus_abbot);
  tcase_add_test(tc, abbot01_abbot_beside_empty_follower_supply);
  RULE("ABBOT-02");
  tcase_add_test(tc, abbot02_garden_completes_like_a_monastery);
  tcase_add_test(tc, abbot02_without_abbot_garden_is_decoration);
  RULE("ABBOT-03");
  tcase_add_test(tc, abbot03_only_on_new_monastery_or_garden);
  tcase_add_test(tc, abbot03_not_while_the_abbot_is_out);
  tcase_add_test(tc, abbot03_abbot_on_monastery_scores_nine);
  RULE("ABBOT-04");
  tcase_add_test(tc, abbot04_every_tile_type);
  tcase_add_test(tc, abbot04_monastery_takes_monk_or_abbot);
  RULE("ABBOT-05");
  tcase_add_test(tc, abbot05_place_score_return_same_turn);
  RULE("ABBOT-06");
  tcase_add_test(tc, abbot06_e1_garden_with_five_neighbours);
  tcase_add_test(tc, abbot06_1_take_back_is_the_whole_figure_action);
  tcase_add_test(tc, abbot06_take_back_in_the_completing_turn);
  RULE("ABBOT-07");
  tcase_add_test(tc, abbot07_unfinished_at_the_end);
  RULE("ABBOT-08");
  tcase_add_test(tc, abbot08_abbot_is_a_follower);
  RULE("notation-record");
  tcase_add_test(tc, abbot_notation_round_trip);
  tcase_add_test(tc, abbot_record_round_trip);
#undef RULE
  return s;
}

int
main(void)
{
  return tu_run_suite(rules_abbot_suite());
}
