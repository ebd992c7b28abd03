/* test-rules-mist.c — scenario tests of the mist and its ghosts (RULES §6,
 * MIST-01..MIST-17), their interactions with The Princess & the Dragon,
 * The Abbot, Under the Big Top and Mage & Witch (X-06, X-12..X-15,
 * X-17..X-19), the ambiguities they rest on (AMB-17..AMB-28, AMB-30) and
 * the mist notation of the tile files (doc/mist.md).
 *
 * As in test-rules-circus-acrobats.c, every test builds its board from a
 * fixed tile order (tu_game), plays it by notation and asserts exact
 * points, figure positions, ghost counts and events; every number is
 * worked out by hand from data/tiles/base.tiles, data/tiles/mist.tiles
 * (the provisional GCX-.. tiles) and the tile files of the other rule
 * sets, and each test draws its board in a comment.
 *
 * Board conventions: the start tile D lies at (0,0) unturned (city cap
 * north, road west-east, field south); x grows east, y grows SOUTH.  A
 * tile turned rN moves its canonical north side N degrees clockwise: side
 * s goes to s + N/90 and half-edge h to h + 2 N/90 (Nw Ne En Es Se Sw Ws
 * Wn).  A cell is written <tile><degrees>; "~" marks a misty edge
 * segment.  Edges of an edge are written in reading order of the side:
 * (west half, road, east half) on N and S, (north half, road, south half)
 * on E and W.
 *
 * Mist tiles used (data/tiles/mist.tiles) and their edges N E S W after
 * turning (a field edge "F~" is misty on both halves):
 *   GCX-01    F~ F~ F~ F~            monastery M, one misty field F1
 *   GCX-02 90 F~ C  F~ F~            cap C1 east;   GCX-02 0/180: cap N/S,
 *                                    the three other edges misty
 *   GCX-03 90 F~ C  F~ C             caps C1 east, C2 west, field N-S misty
 *   GCX-06 0  F~ C  F  C             F1 north misty, F2 south clear, band C1
 *   GCX-06 180 F C  F~ C             (F2 north clear, F1 south misty)
 *   GCX-07 0  C  C  F~ C             GCX-07 180: F~ C C C
 *   GCX-10 90 C  C  C  R~            road stub R1 west, its edge all misty
 *   GCX-11 0  F~ R  F~ R             clear road R1, F1 north {mist},
 *                                    F2 south {mist-2}: W/E edges (~, clear
 *                                    road, ~)
 *   GCX-13 0  C  R  R  R             clear roads to a junction; F2 (Es, Se)
 *                                    {mist}, F3 (Sw, Ws) {mist-2}: W edge
 *                                    (clear, road, ~2), S edge (~2, road,
 *                                    ~1)
 *   GCX-14 0  F~ R~ F~ R~            road and both fields misty, one area
 *   GCX-19 90 C  C  R  R             R1 (S, W) misty, F2 (Sw, Ws) misty,
 *                                    F1 clear: W edge (clear, road~, ~)
 *   GCX-22 180 R F~ C  R             R1 (W, N) clear, F1 (Ws Ne En Es)
 *                                    misty, F2 (Wn Nw) clear: N edge
 *                                    (clear, road, ~), W edge (clear, road,
 *                                    ~)
 * Base tiles: U0 F R F R, A270 F R F F / A90 F F F R / A180 R F F F (road
 * ends at the monastery), B F F F F (monastery), E0 C F F F, E180 F F C F,
 * E270 F F F C, G90 C F C F (city band N-S), R180 F C C C, C0 C C C C
 * (one city, a pennant), V0 F F R R (road S+W), V270 F R R F (road E+S),
 * U90 R F R F.  The tiles of the other rule sets (BT/.., DG/.., MW/..,
 * SCX-07) are described in the tests that use them.
 *
 * The interface (doc/mist.md, plugins/mist/mist.h): events mist-thickened
 * (MIST-07), mist-dispersed (MIST-08, arg = mist/clear contacts),
 * mist-completed (MIST-05, arg = tiles of the area), ghost-added (arg =
 * ghosts on the follower now), ghosts-returned, ghost-lost; decision
 * "haunt" with actions "haunt FIGURE SEG @ X,Y N" (N = the figure's
 * number in the game).  The ghosts are read from the mist plugin's slot
 * (MistState: bank, haunts[]); every test checks that bank + ghosts on
 * followers + ghosts in circles = 15 (MIST-01) and that no follower ever
 * carries 3 (MIST-12).
 *
 * Pipeline facts (RULES §0.4, doc/mist.md): PLACE_GHOSTS runs after the
 * tile (and its P&D, M&W and circus effects) and before the figure
 * decision, so a follower put on the new tile cannot receive a ghost of
 * that tile; a figure decision whose only choice is "pass" is not asked.
 * Seats: Red = Green = seat 0, Blue = seat 1, Yellow = seat 2.
 */
#include "scenario.h"
#include "testutil.h"

#include "../plugins/mist/mist.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static MeepleRules *rules;   /* mist (+ the rule sets of the test case) */
static int SLOT;             /* the mist plugin's state (MistState) */
static guint THICKENED, DISPERSED, COMPLETED;   /* mist events */
static guint ADDED, RETURNED, LOST;             /* ghost events */
static guint HAUNT;                             /* decision kind */

#define ROAD MEEPLE_KIND_ROAD
#define CITY MEEPLE_KIND_CITY
#define CLOISTER MEEPLE_KIND_MONASTERY
#define ANY ANY_CELL
#define PLACE_FIGURE MEEPLE_DECISION_PLACE_FIGURE
#define PLACE_TILE MEEPLE_DECISION_PLACE_TILE

/* Expected points-scored events (scenario_awards(), cells checked); an
 * automatic array, since some kinds are only known at run time. */
#define AWARDS(...)                                                        \
  do {                                                                     \
    const Award w_[] = { __VA_ARGS__ };                                    \
    scenario_awards(w_, G_N_ELEMENTS(w_), TRUE);                           \
  } while (0)

static void
use_rules(const char *ids)
{
  rules = tu_rules_with(ids);
  SLOT = meeple_rules_find_slot(rules, "mist");
  ck_assert_int_ge(SLOT, 0);
  THICKENED = tu_event_type(rules, "mist-thickened");
  DISPERSED = tu_event_type(rules, "mist-dispersed");
  COMPLETED = tu_event_type(rules, "mist-completed");
  ADDED = tu_event_type(rules, "ghost-added");
  RETURNED = tu_event_type(rules, "ghosts-returned");
  LOST = tu_event_type(rules, "ghost-lost");
  HAUNT = tu_decision_kind(rules, "haunt");
}

static void
setup_mist(void)
{
  use_rules("mist");
  scenario_setup();
}

static void
setup_sc(void)
{
  use_rules("mist,spell-circles");
  scenario_setup();
}

static void
setup_abbot_circus(void)
{
  use_rules("mist,abbot,circus");
  scenario_setup();
}

static void
setup_abbot(void)
{
  use_rules("mist,abbot");
  scenario_setup();
}

static void
setup_circus(void)
{
  use_rules("mist,circus");
  scenario_setup();
}

static void
setup_pd(void)
{
  use_rules("mist,princess-dragon");
  scenario_setup();
}

static void
setup_mw(void)
{
  use_rules("mist,mage-witch");
  scenario_setup();
}

static void
teardown(void)
{
  scenario_teardown();
  meeple_rules_unref(rules);
  rules = NULL;
}

static guint
figure_type(const char *name)
{
  int t = meeple_rules_find_figure_type(rules, name);
  ck_assert_msg(t >= 0, "no figure type %s", name);
  return (guint)t;
}

static const MistState *
ms(const MeepleGame *g)
{
  return meeple_game_slot_const(g, (guint)SLOT);
}

/* Ghosts on followers, in the state. */
static guint
haunting(const MeepleGame *g)
{
  guint n = 0;
  for (guint i = 0; i < ms(g)->n_haunts; i++)
    n += ms(g)->haunts[i].ghosts;
  return n;
}

/* Ghosts in spell circles, in the state. */
static guint
in_circles(const MeepleGame *g)
{
  guint n = 0;
  for (guint i = 0; i < ms(g)->n_circles; i++)
    n += ms(g)->circles[i].ghosts;
  return n;
}

/* MIST-01, MIST-12, MIST-13: the 15 ghosts are all somewhere; every
 * haunted follower is on the board where the state says, owned by a
 * player, with 1 or 2 ghosts. */
static void
conserved(const MeepleGame *g)
{
  const MistState *st = ms(g);
  ck_assert_uint_eq(st->bank + haunting(g) + in_circles(g), MIST_GHOSTS);
  for (guint i = 0; i < st->n_haunts; i++) {
    const MistHaunt *h = &st->haunts[i];
    MeepleFigureInfo f = meeple_game_figure(g, h->figure);
    ck_assert(f.on_board);
    ck_assert_int_ge(f.owner, 0);
    ck_assert_int_eq(f.x, h->x);
    ck_assert_int_eq(f.y, h->y);
    ck_assert_uint_eq(f.segment, h->segment);
    ck_assert_uint_ge(h->ghosts, 1);
    ck_assert_uint_le(h->ghosts, MIST_GHOST_LIMIT - 1);
  }
}

/* The bank holds @bank ghosts, the followers @haunt, and the sum is 15. */
static void
ghosts_are(const MeepleGame *g, guint bank, guint haunt)
{
  ck_assert_uint_eq(ms(g)->bank, bank);
  ck_assert_uint_eq(haunting(g), haunt);
  conserved(g);
}

/* A follower: its owner and where it stands. */
typedef struct {
  int seat;
  int x, y;
  const char *tile, *seg;
} Spot;

/* Index of the one figure of @s.seat on segment @s.seg of @s.tile at
 * (x, y). */
static guint
fig(const MeepleGame *g, Spot s)
{
  guint seg = sg(g, s.tile, s.seg), n = 0, found = 0;
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.on_board && f.owner == s.seat && f.x == s.x && f.y == s.y &&
        f.segment == seg) {
      found = i;
      n++;
    }
  }
  ck_assert_msg(n == 1, "%u figures of seat %d on %s at %d,%d", n, s.seat,
                s.seg, s.x, s.y);
  return found;
}

/* Ghosts on the follower at @s (which must stand there). */
static guint
ghosts(const MeepleGame *g, Spot s)
{
  guint f = fig(g, s);
  for (guint i = 0; i < ms(g)->n_haunts; i++)
    if (ms(g)->haunts[i].figure == f)
      return ms(g)->haunts[i].ghosts;
  return 0;
}

/* The haunt action for the follower at @s: "haunt TYPE SEG @ X,Y N". */
static char *
haunt_text(const MeepleGame *g, Spot s)
{
  guint f = fig(g, s);
  MeepleFigureInfo info = meeple_game_figure(g, f);
  return g_strdup_printf("haunt %s %s @ %d,%d %u",
                         meeple_rules_figure_type(rules, info.type)->name,
                         s.seg, s.x, s.y, f);
}

/* The pending decision is @decider's "haunt" and offers exactly the
 * followers @want. */
static void
haunt_offers(MeepleGame *g, guint decider, const Spot *want, guint n)
{
  decision_is(g, HAUNT, decider);
  for (guint i = 0; i < n; i++) {
    g_autofree char *t = haunt_text(g, want[i]);
    ck_assert_msg(tu_is_legal(g, t), "'%s' is not offered", t);
  }
  ck_assert_uint_eq(meeple_game_decision(g)->n_actions, n);
}
#define HAUNTS(g, decider, ...)                                            \
  do {                                                                     \
    const Spot s_[] = { __VA_ARGS__ };                                     \
    haunt_offers(g, decider, s_, G_N_ELEMENTS(s_));                        \
  } while (0)

/* The active player gives the ghost to the follower at @s. */
static void
haunt(MeepleGame *g, Spot s)
{
  g_autofree char *t = haunt_text(g, s);
  act(g, t);
}

/* One expected ghost event: 'A' ghost-added (seat = the follower's owner,
 * arg = its ghosts now), 'R' ghosts-returned (arg = the ghosts it took to
 * the bank), 'L' ghost-lost (seat = the active player, arg = ghosts; tile
 * NULL). */
typedef struct {
  char what;
  int seat;
  int x, y;
  const char *tile, *seg;
  int arg;
  const char *rule;
} Gev;

/* The ghost-added, ghosts-returned and ghost-lost events of ev are
 * exactly @want, in this order. */
static void
ghost_events(const MeepleGame *g, const Gev *want, guint n_want)
{
  guint k = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    char what = e->type == ADDED ? 'A' : e->type == RETURNED ? 'R'
              : e->type == LOST ? 'L' : 0;
    if (!what)
      continue;
    ck_assert_msg(k < n_want, "extra ghost event %c seat %d at %d,%d arg %d "
                  "(%s)", what, e->player, e->x, e->y, e->arg,
                  e->rule ? e->rule : "-");
    const Gev *w = &want[k++];
    gboolean where = !w->tile ||
                     (e->x == w->x && e->y == w->y &&
                      e->segment == sg(g, w->tile, w->seg));
    ck_assert_msg(what == w->what && e->player == w->seat &&
                      e->arg == w->arg && g_strcmp0(e->rule, w->rule) == 0 &&
                      where,
                  "ghost event %u: %c seat %d at %d,%d seg %u arg %d %s; "
                  "expected %c seat %d at %d,%d %s arg %d %s", k, what,
                  e->player, e->x, e->y, e->segment, e->arg,
                  e->rule ? e->rule : "-", w->what, w->seat, w->x, w->y,
                  w->seg ? w->seg : "-", w->arg, w->rule);
  }
  ck_assert_msg(k == n_want, "%u ghost events, expected %u", k, n_want);
}
#define GHOSTS(g, ...)                                                     \
  do {                                                                     \
    const Gev w_[] = { __VA_ARGS__ };                                      \
    ghost_events(g, w_, G_N_ELEMENTS(w_));                                 \
  } while (0)
#define NO_GHOSTS()                                                        \
  ck_assert_uint_eq(count(ADDED, NULL) + count(RETURNED, NULL) +           \
                    count(LOST, NULL), 0)

/* What the turn's tile did to the mist: @thick mist-thickened events,
 * one mist-dispersed event with @contacts (none when @contacts is 0) and
 * @done mist-completed events; all at (x, y), by @seat. */
static void
mist_is(int seat, int x, int y, guint thick, int contacts, guint done)
{
  ck_assert_uint_eq(count(THICKENED, "MIST-07"), thick);
  ck_assert_uint_eq(count(THICKENED, NULL), thick);
  ck_assert_uint_eq(count(DISPERSED, NULL), contacts ? 1 : 0);
  ck_assert_uint_eq(count(COMPLETED, NULL), done);
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type != THICKENED && e->type != DISPERSED && e->type != COMPLETED)
      continue;
    ck_assert_int_eq(e->player, seat);
    ck_assert_int_eq(e->x, x);
    ck_assert_int_eq(e->y, y);
    if (e->type == DISPERSED) {
      ck_assert_int_eq(e->arg, contacts);
      ck_assert_str_eq(e->rule, "MIST-08");
    }
    if (e->type == COMPLETED)
      ck_assert_str_eq(e->rule, "MIST-05");
  }
}

/* Position in ev of the @nth event of @type citing @rule (any rule when
 * NULL); fails when there is none. */
static guint
at(guint type, const char *rule, guint nth)
{
  for (guint i = 0; i < ev->len; i++)
    if (evs()[i].type == type &&
        (!rule || g_strcmp0(evs()[i].rule, rule) == 0) && nth-- == 0)
      return i;
  ck_abort_msg("no such event of type %u citing %s", type,
               rule ? rule : "-");
  return 0;
}

/* The @nth figure-returned event of ev: @s's follower, citing @rule. */
static void
returned_is(const MeepleGame *g, guint nth, Spot s, guint figure,
            const char *rule)
{
  const MeepleEvent *e = event(MEEPLE_EVENT_FIGURE_RETURNED, nth);
  ck_assert_int_eq(e->player, s.seat);
  ck_assert_int_eq(e->x, s.x);
  ck_assert_int_eq(e->y, s.y);
  ck_assert_uint_eq(e->segment, sg(g, s.tile, s.seg));
  ck_assert_uint_eq(e->figure, figure);
  ck_assert_str_eq(e->rule, rule);
}

/* Normal followers of @seat in the supply. */
static guint
home(const MeepleGame *g, guint seat)
{
  return meeple_game_supply(g, seat, MEEPLE_FIGURE_FOLLOWER);
}

/* The text of the public note @label, or NULL. */
static char *
note(const MeepleGame *g, const char *label)
{
  GPtrArray *notes = meeple_game_notes(g);
  char *text = NULL;
  for (guint i = 0; i < notes->len && !text; i++) {
    const MeepleNote *n = g_ptr_array_index(notes, i);
    if (strcmp(n->label, label) == 0)
      text = g_strdup(n->text);
  }
  g_ptr_array_unref(notes);
  return text;
}

/* The public note @label reads @want (NULL: there is no such note). */
static void
note_is(const MeepleGame *g, const char *label, const char *want)
{
  g_autofree char *text = note(g, label);
  if (!want)
    ck_assert_msg(text == NULL, "note %s: %s", label, text);
  else
    ck_assert_msg(text && strcmp(text, want) == 0, "note %s: '%s', "
                  "expected '%s'", label, text ? text : "(none)", want);
}

/* Applies the @i-th action of the pending decision; its events go to ev. */
static void
act_index(MeepleGame *g, gsize i)
{
  const MeepleEvent *e = NULL;
  gsize n = 0;
  GError *error = NULL;
  ck_assert_msg(meeple_game_apply_index(g, i, &e, &n, &error), "%s",
                error ? error->message : "?");
  g_array_append_vals(ev, e, (guint)n);
}

/* A clone of @g to try another choice on; ev starts afresh. */
static MeepleGame *
fork_game(MeepleGame *g)
{
  g_array_set_size(ev, 0);
  return meeple_game_clone(g);
}

/* "pass" when a figure decision is pending (it is not asked when pass is
 * the only choice). */
static void
pass_if_asked(MeepleGame *g)
{
  const MeepleDecision *d = meeple_game_decision(g);
  if (d && d->kind == PLACE_FIGURE)
    act(g, "pass");
}

/* ------------------------------------------------------------------ */
/* MIST-01, MIST-02 Setup; printed ghosts are ignored                   */
/* ------------------------------------------------------------------ */

/* RULES: MIST-01 */
START_TEST(mist01_a_bank_of_fifteen_and_no_ghost_on_the_board)
{
  /* A game with the whole supply, shuffled (seed 7): the mist rule set
   * brings its 22 provisional tile types, 24 tiles (GCX-06 and GCX-07
   * twice), shuffled in with the 72 base tiles: 96 tiles, the start tile
   * on the board and the first one drawn, 94 left.  Before anybody acts,
   * the bank holds all 15 ghosts, no follower carries one and no spell
   * circle exists: the public notes say "Ghost bank: 15 of 15 ghosts" and
   * nothing else of the mist (the start tile D shows none). */
  MeepleGameConfig cfg = { .n_players = 2, .seed = 7 };
  MeepleGame *g = meeple_game_new(rules, &cfg, NULL);
  ck_assert_ptr_nonnull(g);
  const MeepleTileSetInfo *set = NULL;
  for (guint i = 0; i < meeple_rules_n_tilesets(rules); i++)
    if (strcmp(meeple_rules_tileset(rules, i)->id, "mist") == 0)
      set = meeple_rules_tileset(rules, i);
  ck_assert_ptr_nonnull(set);
  ck_assert_uint_eq(set->n_types, 22);
  ck_assert_uint_eq(set->n_tiles, 24);
  ck_assert_uint_eq(meeple_game_tiles_left(g), 72 + 24 - 2);
  ck_assert_uint_eq(ms(g)->bank, 15);
  ck_assert_uint_eq(ms(g)->n_haunts, 0);
  ck_assert_uint_eq(ms(g)->n_circles, 0);
  ghosts_are(g, 15, 0);
  note_is(g, "Ghost bank", "15 of 15 ghosts");
  note_is(g, "Ghosts", NULL);
  note_is(g, "Mist", NULL);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-02, MIST-01, MIST-05, MIST-06 */
START_TEST(mist02_printed_ghosts_do_nothing)
{
  /*            x=0
   *    y=-1    GCX-07 180     F~ C C C   (misty north edge, open)
   *    y=0     D
   *    y=1     GCX-06 180     F C F~ C   (clear north edge, misty south)
   * The tile file records no printed ghost: every symbol on a mist tile
   * is {mist}, {mist-2} or {mist-3}, and no tile carries a tile-level
   * symbol.  T1 Red puts GCX-07 180 above D: its cap closes on D's, its
   * only misty edge faces an empty cell; T2 Blue puts GCX-06 180 below D:
   * its clear north field meets D's clear south field, its mist faces an
   * empty cell.  No mist meets mist or clear land, so no mist event and
   * no ghost moves: the bank keeps 15, nobody is haunted, and the two
   * mist areas are open. */
  int mist[3] = { meeple_rules_find_symbol(rules, "mist"),
                  meeple_rules_find_symbol(rules, "mist-2"),
                  meeple_rules_find_symbol(rules, "mist-3") };
  guint n_mist_tiles = 0;
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++) {
    const MeepleTileType *type = meeple_rules_tile_type(rules, t);
    if (strcmp(type->tileset, "mist") != 0)
      continue;
    n_mist_tiles++;
    ck_assert_uint_eq(type->symbols, 0);
    guint32 allowed = 0;
    for (guint a = 0; a < 3; a++)
      allowed |= 1u << mist[a];
    gboolean misty = FALSE;
    for (guint s = 0; s < type->n_segments; s++) {
      ck_assert_msg((type->segments[s].symbols & ~allowed) == 0,
                    "%s %s carries a symbol that is not mist", type->id,
                    type->segments[s].name);
      misty |= type->segments[s].symbols != 0;
    }
    ck_assert_msg(misty, "%s shows no mist", type->id);
  }
  ck_assert_uint_eq(n_mist_tiles, 22);

  MeepleGame *g = tu_game(rules, 2, "GCX-07 GCX-06", TRUE);
  put(g, 0, "place GCX-07 @ 0,-1 r180");
  mist_is(0, 0, -1, 0, 0, 0);
  NO_GHOSTS();
  act(g, "pass");
  put(g, 1, "place GCX-06 @ 0,1 r180");
  mist_is(1, 0, 1, 0, 0, 0);
  NO_GHOSTS();
  ghosts_are(g, 15, 0);
  note_is(g, "Mist", "2 areas: 2 open, 0 dispersed, 0 completed");
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MIST-03, MIST-04 The mist model                                      */
/* ------------------------------------------------------------------ */

/* RULES: MIST-03, AMB-21, MIST-07, MIST-08, MIST-09, MIST-10 */
START_TEST(mist03_areas_across_tiles_per_edge_segment)
{
  /*            x=-1      x=0    x=1      x=2
   *    y=0     GCX-11 0  D      GCX-14 0 GCX-19 90
   * T1 Red: GCX-14 east of D.  Its west edge has three edge segments
   *    (AMB-21): north half (misty), road (misty), south half (misty);
   *    D's east edge (clear, clear road, clear): three mist/clear contacts,
   *    one dispersal (arg 3).  One mist area, dispersed.  Red has no
   *    follower: the MIST-08 ghost is lost (MIST-10).
   * T2 Blue: GCX-19 90 east of it.  Its west edge is (clear, misty road,
   *    misty south half) against GCX-14's (misty, misty road, misty): the
   *    north halves make one mist/clear contact (dispersal, arg 1), the
   *    roads and the south halves meet mist (thickening).  Compared edge
   *    by edge it would be one or the other; per edge segment it is both
   *    (MIST-09).  GCX-19's mist joins GCX-14's: still one area.  Both
   *    ghosts are lost (nobody has a follower).
   * T3 Red: GCX-11 west of D.  Its east edge (misty F1, clear road, misty
   *    F2) meets D's clear west edge: two contacts.  F1 and F2 are two
   *    separate mist areas of the tile ({mist} and {mist-2}), and they
   *    meet no other mist: three areas now, all dispersed. */
  MeepleGame *g = tu_game(rules, 2, "GCX-14 GCX-19 GCX-11", TRUE);
  put(g, 0, "place GCX-14 @ 1,0 r0");
  mist_is(0, 1, 0, 0, 3, 0);
  GHOSTS(g, { 'L', 0, 0, 0, NULL, NULL, 1, "MIST-08" });
  note_is(g, "Mist", "1 area: 0 open, 1 dispersed, 0 completed");
  act(g, "pass");

  put(g, 1, "place GCX-19 @ 2,0 r90");
  mist_is(1, 2, 0, 1, 1, 0);
  GHOSTS(g, { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-07" },
         { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  note_is(g, "Mist", "1 area: 0 open, 1 dispersed, 0 completed");
  act(g, "pass");

  put(g, 0, "place GCX-11 @ -1,0 r0");
  mist_is(0, -1, 0, 0, 2, 0);
  GHOSTS(g, { 'L', 0, 0, 0, NULL, NULL, 1, "MIST-08" });
  note_is(g, "Mist", "3 areas: 0 open, 3 dispersed, 0 completed");
  ghosts_are(g, 15, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-03, AMB-21, MIST-09 */
START_TEST(amb21_a_misty_road_between_clear_fields)
{
  /*            x=0    x=1        x=2
   *    y=0     D      MROAD 0    GCX-14 0
   * No provisional tile has a misty road between two clear field halves,
   * so this test loads one into the rules (tile file "amb21.tiles"):
   *   MROAD  F R F R  R1:E,W{mist} F1 (north), F2 (south) clear
   * T1 Red: MROAD east of D: of the three edge segments of its west edge
   *    only the road is misty; it meets D's clear road: one contact, a
   *    dispersal (arg 1); the clear halves meet clear halves: nothing.
   * T2 Blue: GCX-14 east of it: its west edge is misty all along.  The
   *    roads meet mist to mist (thickening), the two halves mist to clear
   *    (dispersal, arg 2).  Compared per whole edge (a "misty" road edge
   *    against a misty one) this would be a thickening only; per edge
   *    segment (AMB-21) it is both (MIST-09).  Nobody has a follower: the
   *    three ghosts are lost. */
  const char *data = "tileset amb21\n"
                     "tile MROAD 1 FRFR R1:E,W{mist} F1:Nw,Ne,En,Wn "
                     "F2:Es,Se,Sw,Ws\n";
  GError *error = NULL;
  ck_assert_msg(meeple_rules_load_tiles_data(rules, data, strlen(data),
                                             "amb21.tiles", &error),
                "%s", error ? error->message : "");
  MeepleGame *g = tu_game(rules, 2, "MROAD GCX-14", TRUE);
  put(g, 0, "place MROAD @ 1,0 r0");
  mist_is(0, 1, 0, 0, 1, 0);
  GHOSTS(g, { 'L', 0, 0, 0, NULL, NULL, 1, "MIST-08" });
  act(g, "pass");
  put(g, 1, "place GCX-14 @ 2,0 r0");
  mist_is(1, 2, 0, 1, 2, 0);
  GHOSTS(g, { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-07" },
         { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  ghosts_are(g, 15, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-04, AMB-17, BASE-05, BASE-11, BASE-16, BASE-19, MIST-10 */
START_TEST(mist04_placement_followers_and_values_ignore_the_mist)
{
  /*            x=-1     x=0    x=1       x=2
   *    y=0     A270     D      GCX-14 0  GCX-10 90
   * Farmers on.  T1 Red: GCX-14's misty west edge may lie against D's
   *    clear east edge (placement compares terrain only, BASE-05); Red may
   *    put a follower on its misty road or either misty field (AMB-17)
   *    and takes the road.  The dispersal ghost is lost (Red's robber
   *    comes after PLACE_GHOSTS).
   * T2 Blue: A 270 west of D, its road ends at the monastery; pass.
   * T3 Red: GCX-10 90, a road stub whose whole west edge is misty: it
   *    thickens GCX-14's mist (3 misty contacts, no clear one); Blue has
   *    no follower, the ghost is lost.  The road A + D + GCX-14 + GCX-10
   *    is completed: 4 tiles, 1 each as always (BASE-16); the robber goes
   *    home (no ghost, no penalty).  The supply is empty: nothing else is
   *    on the board.  4 : 0. */
  MeepleGame *g = tu_game(rules, 2, "GCX-14 A GCX-10", FALSE);
  ck_assert(tu_is_legal(g, "place GCX-14 @ 1,0 r0"));
  ck_assert(tu_is_legal(g, "place GCX-14 @ -1,0 r0"));
  put(g, 0, "place GCX-14 @ 1,0 r0");
  offers(g, "pass", "follower R1", "follower F1", "follower F2", NULL);
  act(g, "follower R1");
  ck_assert_uint_eq(on(g, 0, 1, 0, "GCX-14", "R1"), 1);
  turn(g, 1, "place A @ -1,0 r270", "pass");
  put(g, 0, "place GCX-10 @ 2,0 r90");
  mist_is(0, 2, 0, 1, 0, 0);
  act(g, "pass");
  GHOSTS(g, { 'L', 0, 0, 0, NULL, NULL, 1, "MIST-07" });
  MeepleFeatureInfo road = feat(g, 1, 0, "GCX-14", "R1");
  ck_assert(road.completed);
  ck_assert_uint_eq(road.tiles, 4);
  AWARDS({ 0, 4, "BASE-16", ROAD, ANY, ANY });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 1);
  ghosts_are(g, 15, 0);
  over(g, 4, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MIST-05, MIST-06 Completed, dispersed; which tiles trigger           */
/* ------------------------------------------------------------------ */

/* RULES: MIST-05, MIST-03, MIST-07 */
START_TEST(mist05_completed_when_every_misty_edge_meets_mist)
{
  /*            x=0
   *    y=0     D
   *    y=1     GCX-06 180    F  C F~ C   clear north, misty south
   *    y=2     GCX-03 90     F~ C F~ C   caps east and west
   *    y=3     GCX-07 180    F~ C C  C
   * T1 Red: GCX-06 180 meets D clear against clear: nothing.
   * T2 Blue: GCX-03 90's misty north meets GCX-06's misty south:
   *    thickening; Red has no follower, the ghost is lost.  Blue puts a
   *    knight in the east cap.  The mist (2 tiles) is open to the south.
   * T3 Red: GCX-07 180 closes it: every misty edge segment of the area
   *    now meets a misty one, none is open or clear: mist-completed (arg =
   *    3 tiles).  Completing has no effect of its own (MIST-05): only the
   *    thickening ghost goes to an opponent, Blue's knight. */
  MeepleGame *g = tu_game(rules, 2, "GCX-06 GCX-03 GCX-07 U", TRUE);
  put(g, 0, "place GCX-06 @ 0,1 r180");
  mist_is(0, 0, 1, 0, 0, 0);
  act(g, "pass");
  put(g, 1, "place GCX-03 @ 0,2 r90");
  mist_is(1, 0, 2, 1, 0, 0);
  GHOSTS(g, { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-07" });
  act(g, "follower C1");
  note_is(g, "Mist", "1 area: 1 open, 0 dispersed, 0 completed");

  put(g, 0, "place GCX-07 @ 0,3 r180");
  mist_is(0, 0, 3, 1, 0, 1);
  ck_assert_int_eq(event(COMPLETED, 0)->arg, 3);
  GHOSTS(g, { 'A', 1, 0, 2, "GCX-03", "C1", 1, "MIST-07" });
  note_is(g, "Mist", "1 area: 0 open, 0 dispersed, 1 completed");
  ck_assert_uint_eq(ghosts(g, (Spot){ 1, 0, 2, "GCX-03", "C1" }), 1);
  ghosts_are(g, 14, 1);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-05, MIST-08, MIST-07, AMB-18 */
START_TEST(mist05_a_dispersed_mist_is_never_completed)
{
  /*            x=0    x=1         x=2
   *    y=-1           GCX-07 0     (misty south)
   *    y=0     D      GCX-14 0    GCX-10 90
   *    y=1            GCX-07 180   (misty north)
   * T1 Red: GCX-14 against D: dispersed (3 contacts).  T2-T4: GCX-07 0
   * above it, GCX-10 90 east of it, GCX-07 180 below it, each thickening
   * the mist (nobody has a follower: every ghost is lost).  After T4 no
   * misty edge segment of the area is open any more, yet its west edge
   * still meets D's clear land: the area stays dispersed and is never
   * completed (no mist-completed event, ever). */
  MeepleGame *g = tu_game(rules, 2, "GCX-14 GCX-07 GCX-10 GCX-07", TRUE);
  put(g, 0, "place GCX-14 @ 1,0 r0");
  mist_is(0, 1, 0, 0, 3, 0);
  pass_if_asked(g);
  put(g, 1, "place GCX-07 @ 1,-1 r0");
  mist_is(1, 1, -1, 1, 0, 0);
  pass_if_asked(g);
  put(g, 0, "place GCX-10 @ 2,0 r90");
  mist_is(0, 2, 0, 1, 0, 0);
  pass_if_asked(g);
  put(g, 1, "place GCX-07 @ 1,1 r180");
  mist_is(1, 1, 1, 1, 0, 0);
  ck_assert_uint_eq(count(COMPLETED, NULL), 0);
  note_is(g, "Mist", "1 area: 0 open, 1 dispersed, 0 completed");
  ghosts_are(g, 15, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-06, AMB-19, MIST-08, MIST-07 */
START_TEST(mist06_a_clear_tile_disperses_but_never_thickens)
{
  /*            x=0         x=1
   *    y=-2    E0                C F F F   (clear)
   *    y=-1    GCX-07 180        F~ C C C
   *    y=0     D           U0
   * T1 Red: U0 east of D, a robber: clear against clear, nothing.
   * T2 Blue: GCX-07 180 on D's cap: its misty north edge is open,
   *    nothing happens.
   * T3 Red: E0, a tile without mist, above it: its clear south field
   *    meets the misty north edge (2 contacts).  A tile without mist never
   *    thickens (MIST-06), but it cuts the mist: dispersal (AMB-19), and
   *    Red adds 1 bank ghost to his own follower, the robber (the only
   *    one: no question). */
  MeepleGame *g = tu_game(rules, 2, "U GCX-07 E", TRUE);
  put(g, 0, "place U @ 1,0 r0");
  mist_is(0, 1, 0, 0, 0, 0);
  NO_GHOSTS();
  act(g, "follower R1");
  put(g, 1, "place GCX-07 @ 0,-1 r180");
  mist_is(1, 0, -1, 0, 0, 0);
  NO_GHOSTS();
  act(g, "pass");
  put(g, 0, "place E @ 0,-2 r0");
  mist_is(0, 0, -2, 0, 2, 0);
  GHOSTS(g, { 'A', 0, 1, 0, "U", "R1", 1, "MIST-08" });
  ck_assert_uint_eq(event(ADDED, 0)->figure, MEEPLE_FIGURE_FOLLOWER);
  ck_assert_uint_eq(ghosts(g, (Spot){ 0, 1, 0, "U", "R1" }), 1);
  ghosts_are(g, 14, 1);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MIST-07, MIST-08, MIST-09 Thickening and dispersal                   */
/* ------------------------------------------------------------------ */

/* RULES: MIST-07, MIST-07.E1, MIST-10, MIST-16, BASE-22 */
START_TEST(mist07_e1_green_extends_a_mist_one_ghost_to_blue)
{
  /*            x=0         x=1
   *    y=0     D           GCX-14 0
   *    y=1     GCX-01      GCX-01        (monasteries, all misty)
   * Green = seat 0, Blue = seat 1.
   * T1 Green: GCX-14 + robber (its dispersal ghost is lost).
   * T2 Blue: GCX-01 below D (dispersal, lost) + monk.
   * T3 Green: GCX-01 at (1,1) extends the mist along two edges (its
   *    north field meets GCX-14's south, its west field the other
   *    GCX-01's east: 4 misty contacts, no clear one).  One thickening,
   *    one ghost however many edges join: Green adds 1 bank ghost to a
   *    blue follower, the monk — the only one, so no question.
   * The supply is empty: Green's robber scores the open road D + GCX-14,
   * 2; Blue's monk 1 + 3 placed neighbours = 4; then Blue loses 1 for the
   * ghost (MIST-16).  2 : 3. */
  MeepleGame *g = tu_game(rules, 2, "GCX-14 GCX-01 GCX-01", TRUE);
  turn(g, 0, "place GCX-14 @ 1,0 r0", "follower R1");
  turn(g, 1, "place GCX-01 @ 0,1 r0", "follower M");
  GHOSTS(g, { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  ghosts_are(g, 15, 0);

  put(g, 0, "place GCX-01 @ 1,1 r0");
  mist_is(0, 1, 1, 1, 0, 0);
  GHOSTS(g, { 'A', 1, 0, 1, "GCX-01", "M", 1, "MIST-07" });
  decision_is(g, PLACE_FIGURE, 0);
  ck_assert_uint_eq(ghosts(g, (Spot){ 1, 0, 1, "GCX-01", "M" }), 1);
  ck_assert_uint_eq(ghosts(g, (Spot){ 0, 1, 0, "GCX-14", "R1" }), 0);
  ghosts_are(g, 14, 1);
  act(g, "pass");
  AWARDS({ 0, 2, "BASE-22", ROAD, ANY, ANY },
         { 1, 4, "BASE-22", CLOISTER, 0, 1 },
         { 1, -1, "MIST-16", 0, ANY, ANY });
  over(g, 2, 3);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-07, MIST-07.E1, MIST-10 */
START_TEST(mist07_three_players_green_chooses_among_opponents_only)
{
  /*            x=0         x=1
   *    y=-1                B            Yellow's monk
   *    y=0     D           GCX-14 0     Green's robber
   *    y=1     GCX-01      GCX-01       Blue's monk at (0,1)
   * Green = seat 0, Blue = seat 1, Yellow = seat 2.  T1-T3 as in the
   * worked example, and Yellow puts a clear monastery B above GCX-14
   * (dispersal; his ghost is lost, he has no follower yet) with a monk.
   * T4 Green: GCX-01 at (1,1) thickens the mist along two edges: one
   * ghost, and since two followers of opponents could take it, Green
   * decides ("haunt"): the offer is Blue's monk and Yellow's monk, never
   * Green's own robber.  Green gives it to Blue's monk, as in the
   * example; then his own figure decision follows. */
  MeepleGame *g = tu_game(rules, 3, "GCX-14 GCX-01 B GCX-01", TRUE);
  turn(g, 0, "place GCX-14 @ 1,0 r0", "follower R1");
  turn(g, 1, "place GCX-01 @ 0,1 r0", "follower M");
  turn(g, 2, "place B @ 1,-1 r0", "follower M");
  mist_is(2, 1, -1, 0, 2, 0);
  GHOSTS(g, { 'L', 2, 0, 0, NULL, NULL, 1, "MIST-08" });

  put(g, 0, "place GCX-01 @ 1,1 r0");
  mist_is(0, 1, 1, 1, 0, 0);
  NO_GHOSTS();
  const Spot blue = { 1, 0, 1, "GCX-01", "M" };
  const Spot yellow = { 2, 1, -1, "B", "M" };
  const Spot green = { 0, 1, 0, "GCX-14", "R1" };
  HAUNTS(g, 0, blue, yellow);
  g_autofree char *own = haunt_text(g, green);
  refused(g, own);
  haunt(g, blue);
  GHOSTS(g, { 'A', 1, 0, 1, "GCX-01", "M", 1, "MIST-07" });
  decision_is(g, PLACE_FIGURE, 0);
  ck_assert_uint_eq(ghosts(g, blue), 1);
  ck_assert_uint_eq(ghosts(g, yellow), 0);
  ck_assert_uint_eq(ghosts(g, green), 0);
  ghosts_are(g, 14, 1);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-08, MIST-08.E1, AMB-18, MIST-16, BASE-22 */
START_TEST(mist08_e1_green_cuts_a_mist_one_ghost_to_green)
{
  /*            x=-1   x=0    x=1       x=2
   *    y=0     U0     D      GCX-14 0  U0
   * T1 Green: GCX-14 + robber.  T2 Blue: U0 west of D (nothing to
   * place: the road is Green's, no farmers).  T3 Green: U0 east of
   * GCX-14; its clear west edge cuts the mist at three edge segments —
   * still one dispersal and exactly one bank ghost, to Green's own
   * follower, the robber.  The supply is empty: the open road of 4 tiles
   * gives Green 4, the ghost costs 1 (MIST-16).  3 : 0. */
  MeepleGame *g = tu_game(rules, 2, "GCX-14 U U", TRUE);
  turn(g, 0, "place GCX-14 @ 1,0 r0", "follower R1");
  put(g, 1, "place U @ -1,0 r0");
  NO_GHOSTS();
  put(g, 0, "place U @ 2,0 r0");
  mist_is(0, 2, 0, 0, 3, 0);
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-14", "R1", 1, "MIST-08" });
  AWARDS({ 0, 4, "BASE-22", ROAD, ANY, ANY },
         { 0, -1, "MIST-16", 0, ANY, ANY });
  ck_assert_uint_eq(ghosts(g, (Spot){ 0, 1, 0, "GCX-14", "R1" }), 1);
  ghosts_are(g, 14, 1);
  over(g, 3, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-08, MIST-10, AMB-18 */
START_TEST(mist08_one_ghost_for_two_edges_own_followers_only)
{
  /*            x=-1   x=0    x=1
   *    y=-1           G90                Green's knight (city N-S)
   *    y=0     U0     D      GCX-14 0    Green's robber
   *    y=1            GCX-01 B           Blue's monk at (0,1)
   * T1 Green: GCX-14 + robber.  T2 Blue: GCX-01 below D + monk (its
   * ghost is lost).  T3 Green: G90 on D's cap + knight.  T4 Blue: U0
   * (nothing to place).  T5 Green: a clear monastery B at (1,1) cuts the
   * mist on two edges (north against GCX-14, west against GCX-01: 4
   * contacts): one dispersal, one ghost for Green's own followers, and
   * with two of them Green chooses: only the robber and the knight are
   * offered, not Blue's monk.  He takes the knight. */
  MeepleGame *g = tu_game(rules, 2, "GCX-14 GCX-01 G U B", TRUE);
  turn(g, 0, "place GCX-14 @ 1,0 r0", "follower R1");
  turn(g, 1, "place GCX-01 @ 0,1 r0", "follower M");
  turn(g, 0, "place G @ 0,-1 r90", "follower C1");
  NO_GHOSTS();
  put(g, 1, "place U @ -1,0 r0");
  NO_GHOSTS();
  put(g, 0, "place B @ 1,1 r0");
  mist_is(0, 1, 1, 0, 4, 0);
  const Spot robber = { 0, 1, 0, "GCX-14", "R1" };
  const Spot knight = { 0, 0, -1, "G", "C1" };
  HAUNTS(g, 0, robber, knight);
  haunt(g, knight);
  GHOSTS(g, { 'A', 0, 0, -1, "G", "C1", 1, "MIST-08" });
  decision_is(g, PLACE_FIGURE, 0);
  ck_assert_uint_eq(ghosts(g, knight), 1);
  ck_assert_uint_eq(ghosts(g, robber), 0);
  ck_assert_uint_eq(ghosts(g, (Spot){ 1, 0, 1, "GCX-01", "M" }), 0);
  ghosts_are(g, 14, 1);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-09, AMB-20, AMB-21, MIST-07, MIST-08 */
START_TEST(mist09_one_mist_thickened_and_dispersed_thickening_first)
{
  /*            x=0    x=1       x=2
   *    y=-1    G90                          Blue's knight
   *    y=0     D      GCX-14 0  GCX-11 0    Green's robber on GCX-14
   * T1 Green: GCX-14 + robber.  T2 Blue: G90 + knight.  T3 Green:
   * GCX-11 east of GCX-14: its west edge (misty F1, clear road, misty F2)
   * against GCX-14's (misty, misty road, misty): the fields thicken the
   * mist, the roads disperse it (1 contact) — one mist, both at once.
   * Both apply, thickening first (§0.4 G3 before G6): mist-thickened,
   * mist-dispersed, then the MIST-07 ghost to Blue's knight, then the
   * MIST-08 ghost to Green's robber. */
  MeepleGame *g = tu_game(rules, 2, "GCX-14 G GCX-11", TRUE);
  turn(g, 0, "place GCX-14 @ 1,0 r0", "follower R1");
  turn(g, 1, "place G @ 0,-1 r90", "follower C1");
  put(g, 0, "place GCX-11 @ 2,0 r0");
  mist_is(0, 2, 0, 1, 1, 0);
  GHOSTS(g, { 'A', 1, 0, -1, "G", "C1", 1, "MIST-07" },
         { 'A', 0, 1, 0, "GCX-14", "R1", 1, "MIST-08" });
  ck_assert_uint_lt(at(THICKENED, NULL, 0), at(DISPERSED, NULL, 0));
  ck_assert_uint_lt(at(DISPERSED, NULL, 0), at(ADDED, "MIST-07", 0));
  ck_assert_uint_lt(at(ADDED, "MIST-07", 0), at(ADDED, "MIST-08", 0));
  note_is(g, "Mist", "1 area: 0 open, 1 dispersed, 0 completed");
  ghosts_are(g, 13, 2);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-09, MIST-09.1, MIST-03, MIST-07, MIST-08 */
START_TEST(mist09_1_one_tile_cuts_one_mist_and_extends_another)
{
  /*            x=0      x=1
   *    y=0     D        GCX-13 0      C R R R; F2 (Es Se) {mist},
   *                                    F3 (Sw Ws) {mist-2}
   *    y=1     V270     GCX-22 180    R F~ C R; N edge (clear, road, ~)
   * T1 Red: V270 below D (roads east and south, all clear) + robber.
   * T2 Blue: GCX-22 180 east of it: its misty F1 meets V's clear field
   *    at one half (dispersal; Blue's ghost is lost) + knight in the cap.
   *    One mist area on the board.
   * T3 Red: GCX-13 east of D.  Its mist-2 corner (Ws, Sw) meets D's
   *    clear south-east half and GCX-22's clear north-west half: two
   *    mist/clear contacts, it is cut (dispersal, arg 2).  Its mist-1
   *    corner (Se) meets GCX-22's misty north-east half: that other mist
   *    is extended (thickening).  Both happen (MIST-09.1): the MIST-07
   *    ghost to Blue's knight, the MIST-08 ghost to Red's robber.  The
   *    mist-1 corner joins GCX-22's area, the mist-2 corner is an area of
   *    its own: two areas, both dispersed. */
  MeepleGame *g = tu_game(rules, 2, "V GCX-22 GCX-13", TRUE);
  turn(g, 0, "place V @ 0,1 r270", "follower R1");
  put(g, 1, "place GCX-22 @ 1,1 r180");
  mist_is(1, 1, 1, 0, 1, 0);
  GHOSTS(g, { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  act(g, "follower C1");
  note_is(g, "Mist", "1 area: 0 open, 1 dispersed, 0 completed");

  put(g, 0, "place GCX-13 @ 1,0 r0");
  mist_is(0, 1, 0, 1, 2, 0);
  GHOSTS(g, { 'A', 1, 1, 1, "GCX-22", "C1", 1, "MIST-07" },
         { 'A', 0, 0, 1, "V", "R1", 1, "MIST-08" });
  note_is(g, "Mist", "2 areas: 0 open, 2 dispersed, 0 completed");
  ghosts_are(g, 13, 2);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MIST-10, MIST-11 Who receives ghosts; the empty bank                 */
/* ------------------------------------------------------------------ */

/* RULES: MIST-10, AMB-22, MIST-07, MIST-08 */
START_TEST(mist10_no_eligible_follower_the_ghost_stays_in_the_bank)
{
  /*            x=-1   x=0    x=1       x=2
   *    y=0     U0     D      GCX-14 0  GCX-11 0
   * T1 Red: U0 + robber.  T2 Blue: GCX-14 disperses the mist against D;
   * Blue has no follower, and the ghost does not go to Red's instead: it
   * is lost and stays in the bank (15).  T3 Red: GCX-11 thickens (fields)
   * and disperses (road): the MIST-07 ghost would go to an opponent, Blue
   * has none: lost, it does not fall back to Red (AMB-22); the MIST-08
   * ghost goes to Red's robber.  Bank 14. */
  MeepleGame *g = tu_game(rules, 2, "U GCX-14 GCX-11", TRUE);
  turn(g, 0, "place U @ -1,0 r0", "follower R1");
  put(g, 1, "place GCX-14 @ 1,0 r0");
  GHOSTS(g, { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  ghosts_are(g, 15, 0);
  put(g, 0, "place GCX-11 @ 2,0 r0");
  GHOSTS(g, { 'L', 0, 0, 0, NULL, NULL, 1, "MIST-07" },
         { 'A', 0, -1, 0, "U", "R1", 1, "MIST-08" });
  ghosts_are(g, 14, 1);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-10, AMB-26, X-12, ABBOT-03, CIRCUS-17 */
START_TEST(mist10_abbots_and_ringmasters_receive_ghosts)
{
  /*            x=-2   x=-1   x=0    x=1       x=2
   *    y=-1                         B
   *    y=0     U0     U0     D      GCX-14 0  GCX-10 90
   *    y=1                          GCX-01              Blue's abbot
   * With The Abbot and Under the Big Top.  T1 Red: GCX-14, pass.
   * T2 Blue: GCX-01 below it (thickening, Red has nobody: lost) and his
   * abbot on its monastery.  T3 Red: U0, pass.  T4 Blue: U0 and his
   * ringmaster on the road.  T5 Red: GCX-10 90 thickens the mist: the
   * "haunt" offer holds Blue's abbot and Blue's ringmaster (MIST-10:
   * every follower); Red picks the ringmaster.  T6 Blue: a clear
   * monastery B above GCX-14 cuts the mist: Blue chooses between the same
   * two and picks the abbot. */
  guint abbot = figure_type("abbot"), ringmaster = figure_type("ringmaster");
  MeepleGame *g = tu_game(rules, 2, "GCX-14 GCX-01 U U GCX-10 B", TRUE);
  turn(g, 0, "place GCX-14 @ 1,0 r0", "pass");
  turn(g, 1, "place GCX-01 @ 1,1 r0", "abbot M");
  turn(g, 0, "place U @ -1,0 r0", "pass");
  turn(g, 1, "place U @ -2,0 r0", "ringmaster R1");
  const Spot ab = { 1, 1, 1, "GCX-01", "M" };
  const Spot rm = { 1, -2, 0, "U", "R1" };
  put(g, 0, "place GCX-10 @ 2,0 r90");
  HAUNTS(g, 0, ab, rm);
  haunt(g, rm);
  GHOSTS(g, { 'A', 1, -2, 0, "U", "R1", 1, "MIST-07" });
  ck_assert_uint_eq(event(ADDED, 0)->figure, ringmaster);
  pass_if_asked(g);
  put(g, 1, "place B @ 1,-1 r0");
  HAUNTS(g, 1, ab, rm);
  haunt(g, ab);
  GHOSTS(g, { 'A', 1, 1, 1, "GCX-01", "M", 1, "MIST-08" });
  ck_assert_uint_eq(event(ADDED, 0)->figure, abbot);
  ck_assert_uint_eq(ghosts(g, ab), 1);
  ck_assert_uint_eq(ghosts(g, rm), 1);
  ghosts_are(g, 13, 2);
  meeple_game_free(g);
}
END_TEST

/* Gives the pending "haunt" ghost to the offered follower carrying the
 * fewest ghosts (the first of them on a tie): a player who never sends a
 * follower home. */
static void
haunt_least(MeepleGame *g)
{
  const MeepleDecision *d = meeple_game_decision(g);
  ck_assert(d && d->kind == HAUNT);
  gsize best = 0;
  guint fewest = G_MAXUINT;
  for (gsize i = 0; i < d->n_actions; i++) {
    guint n = 0;
    for (guint k = 0; k < ms(g)->n_haunts; k++)
      if (ms(g)->haunts[k].figure == d->actions[i].arg)
        n = ms(g)->haunts[k].ghosts;
    if (n < fewest) {
      fewest = n;
      best = i;
    }
  }
  act_index(g, best);
}

/* RULES: MIST-11, MIST-01, MIST-08, MIST-10 */
START_TEST(mist11_the_bank_runs_dry_then_ghosts_are_not_added)
{
  /*            x=0
   *    y=0     D
   *    y=1     GCX-01     (misty monastery)
   *    y=2     B          (clear monastery)
   *    y=3     GCX-01
   *    ...     alternating down to y=19
   * The bank is drained honestly, one placement at a time.  Each tile
   * goes below the last one and its north edge meets the other kind of
   * land (misty against clear or clear against misty): one dispersal per
   * turn, one bank ghost to the active player's own followers (MIST-08).
   * Each player puts a monk on every tile he places while he has one
   * (farmers off: the only choice).  Red = seat 0 plays the odd turns.
   *   T1, T2: nobody has a follower yet: lost (15 stay).
   *   T3..T17: the ghost goes to one of the player's monks, chosen with
   *     "haunt" when he has several, always one with the fewest ghosts
   *     (nobody reaches 3).  Red gets T3, T5, .., T17 = 8 ghosts on his 7
   *     monks (placed T1..T13), Blue T4, .., T16 = 7 on his 7 monks.
   *     After T17: 15 ghosts on followers, the bank is empty.
   *   T18 Blue: the dispersal ghost should come from the bank, which has
   *     none: it is simply not added (ghost-lost citing MIST-11; no
   *     question asked although Blue has 7 monks); nothing else happens
   *     and the game goes on (MIST-01: nobody loses).
   *   T19 Red: the same.  A 20th tile is left: the game goes on, with
   *     no score changed (no monastery is ever surrounded in the
   *     column). */
  GString *order = g_string_new(NULL);
  for (guint t = 1; t <= 20; t++)
    g_string_append(order, t % 2 ? "GCX-01 " : "B ");
  MeepleGame *g = tu_game(rules, 2, order->str, TRUE);
  g_string_free(order, TRUE);
  for (guint t = 1; t <= 17; t++) {
    guint seat = (t - 1) % 2;
    g_autofree char *place =
      g_strdup_printf("place %s @ 0,%u r0", t % 2 ? "GCX-01" : "B", t);
    put(g, seat, place);
    mist_is((int)seat, 0, (int)t, 0, 2, 0);
    while (meeple_game_decision(g)->kind == HAUNT)
      haunt_least(g);
    if (t <= 2)
      GHOSTS(g, { 'L', (int)seat, 0, 0, NULL, NULL, 1, "MIST-08" });
    else {
      ck_assert_uint_eq(count(ADDED, "MIST-08"), 1);
      ck_assert_int_eq(event(ADDED, 0)->player, (int)seat);
      ck_assert_uint_eq(count(LOST, NULL), 0);
      ck_assert_uint_eq(count(RETURNED, NULL), 0);
    }
    if (t <= 14)
      act(g, "follower M");
    conserved(g);
  }
  ghosts_are(g, 0, 15);
  ck_assert_uint_eq(home(g, 0), 0);
  ck_assert_uint_eq(home(g, 1), 0);
  guint red = 0, blue = 0;
  for (guint i = 0; i < ms(g)->n_haunts; i++) {
    MeepleFigureInfo f = meeple_game_figure(g, ms(g)->haunts[i].figure);
    *(f.owner == 0 ? &red : &blue) += ms(g)->haunts[i].ghosts;
  }
  ck_assert_uint_eq(red, 8);
  ck_assert_uint_eq(blue, 7);
  note_is(g, "Ghost bank", "0 of 15 ghosts");

  for (guint t = 18; t <= 19; t++) {
    guint seat = (t - 1) % 2;
    g_autofree char *place =
      g_strdup_printf("place %s @ 0,%u r0", t % 2 ? "GCX-01" : "B", t);
    put(g, seat, place);
    mist_is((int)seat, 0, (int)t, 0, 2, 0);
    GHOSTS(g, { 'L', (int)seat, 0, 0, NULL, NULL, 1, "MIST-11" });
    ghosts_are(g, 0, 15);
  }
  /* the game goes on (one tile is left): Blue draws it */
  decision_is(g, PLACE_TILE, 1);
  ck_assert_int_eq(meeple_game_score(g, 0), 0);
  ck_assert_int_eq(meeple_game_score(g, 1), 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MIST-12, MIST-17 Three ghosts                                        */
/* ------------------------------------------------------------------ */

/* RULES: MIST-12, MIST-17, MIST-07, MIST-08, MIST-10, MIST-13 */
START_TEST(mist12_the_third_ghost_sends_the_follower_home_at_once)
{
  /*            x=0      x=1       x=2
   *    y=0     D        GCX-14 0  U0
   *    y=1     GCX-01   GCX-01
   * T1 Red: GCX-14 + robber.  T2 Blue: GCX-01 at (1,1) thickens: ghost 1
   * on the robber (Red's only follower).  T3 Red: U0 at (2,0) cuts the
   * mist: ghost 2 on the robber.  T4 Blue: GCX-01 at (0,1) thickens (east
   * edge against (1,1)) and disperses (north edge against D).  Thickening
   * first: the robber receives its third ghost and goes home at once
   * (figure-returned citing MIST-12), its 3 ghosts back to the bank
   * (ghosts-returned citing MIST-12, arg 3); no points are gained or
   * lost (MIST-17).  Then the dispersal ghost: Blue has no follower, lost.
   * Bank 15 again, Red's supply 7, the road is free. */
  MeepleGame *g = tu_game(rules, 2, "GCX-14 GCX-01 U GCX-01", TRUE);
  const Spot robber = { 0, 1, 0, "GCX-14", "R1" };
  turn(g, 0, "place GCX-14 @ 1,0 r0", "follower R1");
  put(g, 1, "place GCX-01 @ 1,1 r0");
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-14", "R1", 1, "MIST-07" });
  act(g, "pass");
  put(g, 0, "place U @ 2,0 r0");
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-14", "R1", 2, "MIST-08" });
  ck_assert_uint_eq(ghosts(g, robber), 2);
  ghosts_are(g, 13, 2);
  ck_assert_uint_eq(home(g, 0), 6);

  put(g, 1, "place GCX-01 @ 0,1 r0");
  mist_is(1, 0, 1, 1, 2, 0);
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-14", "R1", 3, "MIST-07" },
         { 'R', 0, 1, 0, "GCX-14", "R1", 3, "MIST-12" },
         { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  returned_is(g, 0, robber, MEEPLE_FIGURE_FOLLOWER, "MIST-12");
  ck_assert_uint_lt(at(ADDED, NULL, 0), at(MEEPLE_EVENT_FIGURE_RETURNED,
                                           NULL, 0));
  ck_assert_uint_lt(at(MEEPLE_EVENT_FIGURE_RETURNED, NULL, 0),
                    at(RETURNED, NULL, 0));
  NO_AWARDS();
  ck_assert_uint_eq(on(g, 0, 1, 0, "GCX-14", "R1"), 0);
  ck_assert_uint_eq(home(g, 0), 7);
  ck_assert_int_eq(meeple_game_score(g, 0), 0);
  ghosts_are(g, 15, 0);
  ck_assert_uint_eq(feat(g, 1, 0, "GCX-14", "R1").followers[0], 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-12, MIST-17, §0.4, BASE-15, BASE-19 */
START_TEST(mist12_the_third_ghost_comes_before_the_scoring)
{
  /*            x=-1     x=0      x=1
   *    y=0     GCX-17   D        GCX-10 90     road stub west, edge misty
   *    y=1     B        GCX-01
   *    y=2              GCX-01
   * GCX-17 270: F R F F, road east ending at its monastery, everything
   * but the monastery misty.
   * T1-T4 as in the MIST-15 board below: Red's robber on the road D +
   * GCX-10 (open to the west) carries 2 ghosts.
   * T5 Red: GCX-17 270 closes the road (3 tiles) and its mist meets D's
   * clear west edge (3 contacts) and B's clear north edge (2): dispersal,
   * 1 ghost for Red's own follower, the robber: its third, it goes home at
   * once (MIST-12), in PLACE_GHOSTS — before the SCORE phase.  The road
   * is then completed with nobody on it: no points, and no penalty either
   * (MIST-17).  Red may still put a new robber on the completed road in
   * his figure decision: in a clone he does, and it scores the 3 points
   * (BASE-19, no ghost).  The supply is empty.  0 : 0 and 3 : 0. */
  MeepleGame *g = tu_game(rules, 2, "GCX-10 GCX-01 B GCX-01 GCX-17", TRUE);
  const Spot robber = { 0, 1, 0, "GCX-10", "R1" };
  turn(g, 0, "place GCX-10 @ 1,0 r90", "follower R1");
  turn(g, 1, "place GCX-01 @ 0,1 r0", "pass");
  turn(g, 0, "place B @ -1,1 r0", "pass");
  turn(g, 1, "place GCX-01 @ 0,2 r0", "pass");
  ck_assert_uint_eq(ghosts(g, robber), 2);

  put(g, 0, "place GCX-17 @ -1,0 r270");
  mist_is(0, -1, 0, 0, 5, 0);
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-10", "R1", 3, "MIST-08" },
         { 'R', 0, 1, 0, "GCX-10", "R1", 3, "MIST-12" });
  returned_is(g, 0, robber, MEEPLE_FIGURE_FOLLOWER, "MIST-12");
  decision_is(g, PLACE_FIGURE, 0);
  ck_assert(tu_is_legal(g, "follower R1"));
  ck_assert(feat(g, 0, 0, "D", "R1").completed);
  MeepleGame *c = fork_game(g);
  act(c, "follower R1");
  AWARDS({ 0, 3, "BASE-16", ROAD, ANY, ANY });
  ck_assert_uint_eq(count(RETURNED, NULL), 0);
  ghosts_are(c, 15, 0);
  over(c, 3, 0);
  meeple_game_free(c);

  g_array_set_size(ev, 0);
  act(g, "pass");
  ck_assert_uint_eq(count(MEEPLE_EVENT_FEATURE_COMPLETED, NULL), 1);
  NO_AWARDS();
  ghosts_are(g, 15, 0);
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* T1-T4 of the Spell Circles boards below (rules mist,spell-circles):
 *            x=-3   x=-2   x=-1   x=0    x=1
 *    y=0     U0     U0     U0     D      (SCX-07 in T5)
 *    y=1                   B
 * Green = seat 0: T1 U0 at (-1,0) + robber; T3 B at (-1,1) + monk.
 * Blue = seat 1: T2, T4 U0 further west, nothing to place (the road is
 * Green's, farmers off).  Green's followers stand two cells or more from
 * (1,0): not among its 8 neighbours, so SC-04 cannot draw on them. */
static void
sc_board(MeepleGame *g)
{
  turn(g, 0, "place U @ -1,0 r0", "follower R1");
  put(g, 1, "place U @ -2,0 r0");
  turn(g, 0, "place B @ -1,1 r0", "follower M");
  put(g, 1, "place U @ -3,0 r0");
}

/* RULES: MIST-12, MIST-12.E1, SC-03, SC-03.E1, SC-04, AMB-30, MIST-17 */
START_TEST(mist12_e1_green_puts_all_three_on_one_follower)
{
  /*            x=-3   x=-2   x=-1   x=0    x=1
   *    y=0     U0     U0     U0     D      SCX-07
   *    y=1                   B
   * Spell Circles.  T1-T4 (sc_board): Green's robber on the road at
   * (-1,0), his monk on B at (-1,1), no ghost anywhere.
   * T5 Green: SCX-07 (one mist area over road and fields, 3 spell
   * circles) east of D: its misty west edge meets D's clear one (3
   * contacts): a spell-circle tile disperses mist, so Green must add 3
   * bank ghosts to his own followers (SC-03), instead of the single
   * MIST-08 ghost (AMB-30).  One "haunt" decision per ghost, robber or
   * monk each time: Green puts all three on the monk.  With the third the
   * monk leaves the board at once (figure-returned MIST-12) and its 3
   * ghosts go back to the bank (ghosts-returned MIST-12, arg 3): no points
   * (MIST-17).  Then the tile's 3 circles fill (SC-04): nothing on its 8
   * neighbours carries a ghost, so 3 come from the bank.
   * Bank: 15 - 3 + 3 - 3 = 12; 3 ghosts in circles, none on followers.
   * (One more U0 stays in the supply: the game goes on.) */
  MeepleGame *g = tu_game(rules, 2, "U U B U SCX-07 U", TRUE);
  sc_board(g);
  const Spot robber = { 0, -1, 0, "U", "R1" };
  const Spot monk = { 0, -1, 1, "B", "M" };
  ghosts_are(g, 15, 0);
  put(g, 0, "place SCX-07 @ 1,0 r0");
  mist_is(0, 1, 0, 0, 3, 0);
  for (guint i = 0; i < 3; i++) {
    HAUNTS(g, 0, robber, monk);
    haunt(g, monk);
  }
  GHOSTS(g, { 'A', 0, -1, 1, "B", "M", 1, "SC-03" },
         { 'A', 0, -1, 1, "B", "M", 2, "SC-03" },
         { 'A', 0, -1, 1, "B", "M", 3, "SC-03" },
         { 'R', 0, -1, 1, "B", "M", 3, "MIST-12" });
  ck_assert_uint_eq(count(ADDED, "MIST-08"), 0);
  returned_is(g, 0, monk, MEEPLE_FIGURE_FOLLOWER, "MIST-12");
  ck_assert_uint_eq(count(tu_event_type(rules, "circle-filled"), "SC-04"), 3);
  NO_AWARDS();
  ck_assert_uint_eq(on(g, 0, -1, 1, "B", "M"), 0);
  ck_assert_uint_eq(ghosts(g, robber), 0);
  ck_assert_uint_eq(in_circles(g), 3);
  ghosts_are(g, 12, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-12, SC-03, SC-09, MIST-10, MIST-17 */
START_TEST(mist12_the_rest_goes_to_another_follower)
{
  /*            x=-3   x=-2   x=-1   x=0    x=1
   *    y=0     U0     U0     U0     D      SCX-07
   *    y=1                   GCX-01
   * Spell Circles.  T1-T4 as in sc_board(), but in T3 GCX-01 instead of
   * B: its misty north edge cuts against U0's clear south edge, and its
   * ghost goes to Green's robber (1).  Green's monk on GCX-01.  Bank 14.
   * T5 Green: SCX-07 disperses: 3 ghosts for Green's followers (SC-03).
   * He gives the first two to the robber: with its third ghost it goes
   * home at once, its 3 ghosts to the bank (MIST-12).  One ghost of the
   * instruction is left: it must go to another follower of Green's, the
   * monk — the only one, so without a question.  Then the 3 circles fill
   * from the bank.  Bank: 14 - 2 + 3 - 1 - 3 = 11; monk 1, circles 3.
   * A clone where Green put no monk in T3: the third ghost finds no other
   * follower and goes back to the bank (ghost-lost citing SC-03, arg 1;
   * SC-09).  Bank: 14 - 2 + 3 - 3 = 12. */
  MeepleGame *g = tu_game(rules, 2, "U U GCX-01 U SCX-07 U", TRUE);
  turn(g, 0, "place U @ -1,0 r0", "follower R1");
  put(g, 1, "place U @ -2,0 r0");
  put(g, 0, "place GCX-01 @ -1,1 r0");
  GHOSTS(g, { 'A', 0, -1, 0, "U", "R1", 1, "MIST-08" });
  MeepleGame *c = fork_game(g);
  act(g, "follower M");
  act(c, "pass");
  const Spot robber = { 0, -1, 0, "U", "R1" };
  const Spot monk = { 0, -1, 1, "GCX-01", "M" };

  put(g, 1, "place U @ -3,0 r0");
  ghosts_are(g, 14, 1);
  put(g, 0, "place SCX-07 @ 1,0 r0");
  HAUNTS(g, 0, robber, monk);
  haunt(g, robber);
  HAUNTS(g, 0, robber, monk);
  haunt(g, robber);
  GHOSTS(g, { 'A', 0, -1, 0, "U", "R1", 2, "SC-03" },
         { 'A', 0, -1, 0, "U", "R1", 3, "SC-03" },
         { 'R', 0, -1, 0, "U", "R1", 3, "MIST-12" },
         { 'A', 0, -1, 1, "GCX-01", "M", 1, "SC-03" });
  returned_is(g, 0, robber, MEEPLE_FIGURE_FOLLOWER, "MIST-12");
  NO_AWARDS();
  ck_assert_uint_eq(ghosts(g, monk), 1);
  ck_assert_uint_eq(in_circles(g), 3);
  ghosts_are(g, 11, 1);

  put(c, 1, "place U @ -3,0 r0");
  put(c, 0, "place SCX-07 @ 1,0 r0");
  GHOSTS(c, { 'A', 0, -1, 0, "U", "R1", 2, "SC-03" },
         { 'A', 0, -1, 0, "U", "R1", 3, "SC-03" },
         { 'R', 0, -1, 0, "U", "R1", 3, "MIST-12" },
         { 'L', 0, 0, 0, NULL, NULL, 1, "SC-03" });
  NO_AWARDS();
  ck_assert_uint_eq(in_circles(c), 3);
  ghosts_are(c, 12, 0);
  meeple_game_free(c);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MIST-13, MIST-14, MIST-15 Ghosts on scored followers                 */
/* ------------------------------------------------------------------ */

/* RULES: MIST-13, MIST-14, BASE-14, BASE-16, BASE-19 */
START_TEST(mist13_ghosts_stay_and_change_no_majority)
{
  /*            x=-1   x=0    x=1       x=2
   *    y=0     A270   D      GCX-14 0  V0        V0: road W+S
   *    y=1                   GCX-01    U90       U90: road N-S
   *    y=2                             A180      road N ends at M
   * T1 Red: GCX-14 + robber.  T2 Blue: GCX-01 thickens: ghost 1 on the
   * robber.  T3 Red: A270, pass.  T4 Blue: U90 at (2,1): its clear west
   * field cuts GCX-01's mist (Blue has no follower yet: lost); Blue's
   * robber on its own north-south road.  T5 Red: V0 at (2,0) cuts
   * GCX-14's mist (ghost 2 on Red's robber) and joins the two roads: one
   * road, one robber each.  The ghosts stayed on Red's robber where it
   * stands, and change nothing: 1 follower each, a tie.  T6 Blue: A180
   * closes the road: A + D + GCX-14 + V + U + A = 6 tiles; both score 6
   * (BASE-14), both robbers go home; Red's 2 ghosts cost him 4 (MIST-14).
   * The supply is empty; nothing is left on the board.  2 : 6. */
  MeepleGame *g = tu_game(rules, 2, "GCX-14 GCX-01 A U V A", TRUE);
  const Spot red = { 0, 1, 0, "GCX-14", "R1" };
  turn(g, 0, "place GCX-14 @ 1,0 r0", "follower R1");
  put(g, 1, "place GCX-01 @ 1,1 r0");
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-14", "R1", 1, "MIST-07" });
  act(g, "pass");
  turn(g, 0, "place A @ -1,0 r270", "pass");
  put(g, 1, "place U @ 2,1 r90");
  GHOSTS(g, { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  act(g, "follower R1");
  const Spot blue = { 1, 2, 1, "U", "R1" };
  put(g, 0, "place V @ 2,0 r0");
  mist_is(0, 2, 0, 0, 3, 0);
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-14", "R1", 2, "MIST-08" });
  ck_assert_uint_eq(ms(g)->n_haunts, 1);
  ck_assert_int_eq(ms(g)->haunts[0].x, 1);
  ck_assert_int_eq(ms(g)->haunts[0].y, 0);
  MeepleFeatureInfo road = feat(g, 2, 0, "V", "R1");
  ck_assert_uint_eq(road.followers[0], 1);
  ck_assert_uint_eq(road.followers[1], 1);
  ck_assert_uint_eq(road.id, feat(g, 2, 1, "U", "R1").id);
  ck_assert_uint_eq(ghosts(g, red), 2);
  ck_assert_uint_eq(ghosts(g, blue), 0);

  put(g, 1, "place A @ 2,2 r180");
  act(g, "pass");
  AWARDS({ 0, 6, "BASE-16", ROAD, ANY, ANY },
         { 1, 6, "BASE-16", ROAD, ANY, ANY },
         { 0, -4, "MIST-14", ROAD, 1, 0 });
  GHOSTS(g, { 'R', 0, 1, 0, "GCX-14", "R1", 2, "MIST-14" });
  ck_assert_int_eq(event(MEEPLE_EVENT_POINTS_SCORED, 2)->arg, 2);
  ghosts_are(g, 15, 0);
  over(g, 2, 6);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-14, MIST-14.E1, BASE-17, BASE-19, MIST-07, MIST-08 */
START_TEST(mist14_e1_city_worth_8_with_two_ghosts_scores_4)
{
  /*            x=-2   x=-1        x=0    x=1
   *    y=-2           GCX-02 0
   *    y=-1    B      GCX-02 90   R180   E270
   *    y=0            U0          D      U0
   * GCX-02 90: cap east, misty fields north, south and west; GCX-02 0:
   * cap north, misty fields east, south and west.
   * T1 Red, T2 Blue: U0 either side of D, pass.  T3 Red: GCX-02 90 at
   * (-1,-1) (its misty south cuts against U0: Red has no follower yet,
   * lost) + knight in its cap.  T4 Blue: GCX-02 0 above it thickens the
   * mist: ghost 1 on Red's knight.  T5 Red: B cuts the mist at its west
   * edge: ghost 2 on the knight.  T6 Blue: E270 at (1,-1), pass.
   * T7 Red: R180 at (0,-1) joins D's cap and both caps: a completed city
   * of 4 tiles, no pennant: 8 (BASE-17).  Red's knight is scored (+8),
   * goes home (BASE-19) with its 2 ghosts (ghosts-returned MIST-14,
   * arg 2), and Red loses 2 x 2 = 4 (points-scored -4 citing MIST-14, arg
   * 2, at the knight's cell): 8 - 4 = 4.  Bank back to 15.  The supply is
   * empty; nothing else is occupied.  4 : 0. */
  MeepleGame *g =
    tu_game(rules, 2, "U U GCX-02 GCX-02 B E R", TRUE);
  const Spot knight = { 0, -1, -1, "GCX-02", "C1" };
  turn(g, 0, "place U @ -1,0 r0", "pass");
  turn(g, 1, "place U @ 1,0 r0", "pass");
  put(g, 0, "place GCX-02 @ -1,-1 r90");
  GHOSTS(g, { 'L', 0, 0, 0, NULL, NULL, 1, "MIST-08" });
  act(g, "follower C1");
  put(g, 1, "place GCX-02 @ -1,-2 r0");
  GHOSTS(g, { 'A', 0, -1, -1, "GCX-02", "C1", 1, "MIST-07" });
  act(g, "pass");
  put(g, 0, "place B @ -2,-1 r0");
  GHOSTS(g, { 'A', 0, -1, -1, "GCX-02", "C1", 2, "MIST-08" });
  act(g, "pass");
  turn(g, 1, "place E @ 1,-1 r270", "pass");
  ghosts_are(g, 13, 2);

  put(g, 0, "place R @ 0,-1 r180");
  mist_is(0, 0, -1, 0, 0, 0);
  MeepleFeatureInfo city = feat(g, 0, 0, "D", "C1");
  ck_assert(city.completed);
  ck_assert_uint_eq(city.tiles, 4);
  ck_assert_uint_eq(city.pennants, 0);
  AWARDS({ 0, 8, "BASE-17", CITY, ANY, ANY },
         { 0, -4, "MIST-14", CITY, -1, -1 });
  const MeepleEvent *pen = event(MEEPLE_EVENT_POINTS_SCORED, 1);
  ck_assert_int_eq(pen->arg, 2);
  ck_assert_uint_eq(pen->segment, sg(g, "GCX-02", "C1"));
  GHOSTS(g, { 'R', 0, -1, -1, "GCX-02", "C1", 2, "MIST-14" });
  returned_is(g, 0, knight, MEEPLE_FIGURE_FOLLOWER, "BASE-19");
  ck_assert_uint_lt(at(MEEPLE_EVENT_POINTS_SCORED, "BASE-17", 0),
                    at(MEEPLE_EVENT_FIGURE_RETURNED, NULL, 0));
  ck_assert_uint_lt(at(MEEPLE_EVENT_FIGURE_RETURNED, NULL, 0),
                    at(RETURNED, NULL, 0));
  ck_assert_uint_lt(at(RETURNED, NULL, 0),
                    at(MEEPLE_EVENT_POINTS_SCORED, "MIST-14", 0));
  ghosts_are(g, 15, 0);
  over(g, 4, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: AMB-23, MIST-14, BASE-14, BASE-16, BASE-17, BASE-19 */
START_TEST(amb23_a_haunted_follower_without_the_majority_pays_too)
{
  /*            x=-2    x=-1        x=0    x=1
   *    y=-2            E0          E180               Blue's knight (cap S)
   *    y=-1    GCX-01  GCX-02 90   C      E270        Red's knights
   *    y=0             A270        D      A90
   * T1 Red: A270 west of D.  T2 Blue: A90 east of D and a robber: the
   * road A + D + A is completed, 3 tiles: Blue 3 (his robber goes home).
   * T3 Red: GCX-02 90 (its misty south cuts against A: lost) + knight.
   * T4 Blue: E0 above it cuts its misty north (Blue has nobody: lost).
   * T5 Red: E270 + knight.  T6 Blue: E180 at (0,-2) + knight.  T7 Red:
   * GCX-01 at (-2,-1) thickens GCX-02's mist: 1 ghost on Blue's knight,
   * his only follower.  T8 Blue: C (four city edges, a pennant) joins the
   * three caps and D's: a completed city of 5 tiles and 1 pennant, (5 + 1)
   * x 2 = 12.  Red has 2 knights in it, Blue 1: Red scores 12, Blue
   * nothing — yet Blue's haunted knight is returned by this scoring too,
   * so Blue loses 2 for its ghost (AMB-23), 3 - 2 = 1.  The supply is
   * empty and nothing is left on the board.  12 : 1. */
  MeepleGame *g =
    tu_game(rules, 2, "A A GCX-02 E E E GCX-01 C", TRUE);
  turn(g, 0, "place A @ -1,0 r270", "pass");
  turn(g, 1, "place A @ 1,0 r90", "follower R1");
  AWARDS({ 1, 3, "BASE-16", ROAD, ANY, ANY });
  turn(g, 0, "place GCX-02 @ -1,-1 r90", "follower C1");
  GHOSTS(g, { 'L', 0, 0, 0, NULL, NULL, 1, "MIST-08" });
  turn(g, 1, "place E @ -1,-2 r0", "pass");
  GHOSTS(g, { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  turn(g, 0, "place E @ 1,-1 r270", "follower C1");
  turn(g, 1, "place E @ 0,-2 r180", "follower C1");
  NO_GHOSTS();
  const Spot blue = { 1, 0, -2, "E", "C1" };
  put(g, 0, "place GCX-01 @ -2,-1 r0");
  GHOSTS(g, { 'A', 1, 0, -2, "E", "C1", 1, "MIST-07" });
  act(g, "pass");
  ck_assert_uint_eq(ghosts(g, blue), 1);
  ghosts_are(g, 14, 1);

  put(g, 1, "place C @ 0,-1 r0");
  MeepleFeatureInfo city = feat(g, 0, -1, "C", "C1");
  ck_assert(city.completed);
  ck_assert_uint_eq(city.tiles, 5);
  ck_assert_uint_eq(city.pennants, 1);
  AWARDS({ 0, 12, "BASE-17", CITY, ANY, ANY },
         { 1, -2, "MIST-14", CITY, 0, -2 });
  GHOSTS(g, { 'R', 1, 0, -2, "E", "C1", 1, "MIST-14" });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "BASE-19"), 3);
  ghosts_are(g, 15, 0);
  over(g, 12, 1);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-15, AMB-24, MIST-14, BASE-16 */
START_TEST(mist15_a_penalty_takes_no_more_than_the_score)
{
  /*            x=-1   x=0      x=1
   *    y=0     A270   D        GCX-10 90     road stub west, edge misty
   *    y=1     B      GCX-01
   *    y=2            GCX-01
   * T1 Red: GCX-10 90 east of D (its misty edge against D: lost) +
   * robber: the road D + GCX-10 is open to the west.  T2 Blue: GCX-01
   * below D (dispersal: lost).  T3 Red: B cuts GCX-01's mist: ghost 1 on
   * the robber.  T4 Blue: GCX-01 below the first thickens: ghost 2.
   * T5 Red: A270 closes the road: 3 tiles, Red 0 + 3 = 3; the penalty is
   * 2 x 2 = 4, but a score never drops below 0: it takes 3 (points-scored
   * -3 citing MIST-14, arg 2).  The supply is empty, nobody is on the
   * board.  0 : 0. */
  MeepleGame *g = tu_game(rules, 2, "GCX-10 GCX-01 B GCX-01 A", TRUE);
  turn(g, 0, "place GCX-10 @ 1,0 r90", "follower R1");
  turn(g, 1, "place GCX-01 @ 0,1 r0", "pass");
  put(g, 0, "place B @ -1,1 r0");
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-10", "R1", 1, "MIST-08" });
  act(g, "pass");
  put(g, 1, "place GCX-01 @ 0,2 r0");
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-10", "R1", 2, "MIST-07" });
  act(g, "pass");
  put(g, 0, "place A @ -1,0 r270");
  act(g, "pass");
  AWARDS({ 0, 3, "BASE-16", ROAD, ANY, ANY },
         { 0, -3, "MIST-14", ROAD, 1, 0 });
  ck_assert_int_eq(event(MEEPLE_EVENT_POINTS_SCORED, 1)->arg, 2);
  GHOSTS(g, { 'R', 0, 1, 0, "GCX-10", "R1", 2, "MIST-14" });
  ghosts_are(g, 15, 0);
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: MIST-15, MIST-16, AMB-24, BASE-22 */
START_TEST(mist15_score_1_penalty_2_leaves_0)
{
  /*            x=-1   x=0          x=1
   *    y=0     U0     D
   *    y=1     B      GCX-02 180   GCX-01     GCX-02 180: cap south,
   *                                            misty W, N, E edges
   * T1 Red: GCX-02 180 below D (lost) + knight in its cap (a city of one
   * tile, open).  T2 Blue: GCX-01 thickens: ghost 1 on the knight.  T3
   * Red: B cuts the mist: ghost 2.  T4 Blue: U0, pass.  Final scoring:
   * the knight's unfinished city, 1 tile: Red 1 (BASE-22).  Then, after
   * everything else, the ghost penalty: 2 ghosts, 1 each (MIST-16), but
   * Red has only 1: the event carries -1 (arg 2) and Red ends at 0. */
  MeepleGame *g = tu_game(rules, 2, "GCX-02 GCX-01 B U", TRUE);
  turn(g, 0, "place GCX-02 @ 0,1 r180", "follower C1");
  put(g, 1, "place GCX-01 @ 1,1 r0");
  GHOSTS(g, { 'A', 0, 0, 1, "GCX-02", "C1", 1, "MIST-07" });
  act(g, "pass");
  put(g, 0, "place B @ -1,1 r0");
  GHOSTS(g, { 'A', 0, 0, 1, "GCX-02", "C1", 2, "MIST-08" });
  act(g, "pass");
  turn(g, 1, "place U @ -1,0 r0", "pass");
  AWARDS({ 0, 1, "BASE-22", CITY, ANY, ANY },
         { 0, -1, "MIST-16", 0, ANY, ANY });
  ck_assert_int_eq(event(MEEPLE_EVENT_POINTS_SCORED, 1)->arg, 2);
  NO_GHOSTS();
  ghosts_are(g, 13, 2);
  over(g, 0, 0);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* MIST-16 Final ghost penalty                                          */
/* ------------------------------------------------------------------ */

/* RULES: MIST-16, BASE-22, BASE-25, MIST-07, MIST-08 */
START_TEST(mist16_one_point_per_ghost_after_all_other_final_scoring)
{
  /*            x=0    x=1       x=2
   *    y=0     D      GCX-14 0  U0
   *    y=1            GCX-01    GCX-01
   * T1 Red: GCX-14 + robber.  T2 Blue: GCX-01 (1,1) + monk: thickening,
   * ghost 1 on the robber.  T3 Red: GCX-01 (2,1) + monk: thickening,
   * ghost 1 on Blue's monk.  T4 Blue: U0 at (2,0) cuts the mist on two
   * edges (5 contacts): ghost 2 on his own monk.  Final scoring, in the
   * order of BASE-25: the road D + GCX-14 + U, 3 tiles: Red 3; Blue's
   * monastery (1,1), 4 placed neighbours: 5; Red's (2,1), 3 neighbours: 4.
   * Then, last, the ghosts (MIST-16): one event per player, Red -1 (1
   * ghost: the robber's), Blue -2 (the monk's 2).  The followers and their
   * ghosts stay where they are.  6 : 3. */
  MeepleGame *g = tu_game(rules, 2, "GCX-14 GCX-01 GCX-01 U", TRUE);
  turn(g, 0, "place GCX-14 @ 1,0 r0", "follower R1");
  turn(g, 1, "place GCX-01 @ 1,1 r0", "follower M");
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-14", "R1", 1, "MIST-07" });
  turn(g, 0, "place GCX-01 @ 2,1 r0", "follower M");
  GHOSTS(g, { 'A', 1, 1, 1, "GCX-01", "M", 1, "MIST-07" });
  put(g, 1, "place U @ 2,0 r0");
  mist_is(1, 2, 0, 0, 5, 0);
  GHOSTS(g, { 'A', 1, 1, 1, "GCX-01", "M", 2, "MIST-08" });
  AWARDS({ 0, 3, "BASE-22", ROAD, ANY, ANY },
         { 1, 5, "BASE-22", CLOISTER, 1, 1 },
         { 0, 4, "BASE-22", CLOISTER, 2, 1 },
         { 0, -1, "MIST-16", 0, ANY, ANY },
         { 1, -2, "MIST-16", 0, ANY, ANY });
  ck_assert_int_eq(event(MEEPLE_EVENT_POINTS_SCORED, 3)->arg, 1);
  ck_assert_int_eq(event(MEEPLE_EVENT_POINTS_SCORED, 4)->arg, 2);
  ck_assert_uint_eq(count(RETURNED, NULL), 0);
  ck_assert_uint_eq(ghosts(g, (Spot){ 1, 1, 1, "GCX-01", "M" }), 2);
  ck_assert_uint_eq(ghosts(g, (Spot){ 0, 1, 0, "GCX-14", "R1" }), 1);
  ghosts_are(g, 12, 3);
  over(g, 6, 3);
  meeple_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The mist notation in tile files (doc/mist.md)                        */
/* ------------------------------------------------------------------ */

/* Loading @data as "bad.tiles" into the rules fails with
 * MEEPLE_ERROR_TILE_FILE and exactly @message, and adds nothing. */
static void
refused_tiles(const char *data, const char *message)
{
  guint types = meeple_rules_n_tile_types(rules);
  guint sets = meeple_rules_n_tilesets(rules);
  GError *error = NULL;
  ck_assert(!meeple_rules_load_tiles_data(rules, data, strlen(data),
                                          "bad.tiles", &error));
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_TILE_FILE));
  ck_assert_str_eq(error->message, message);
  g_error_free(error);
  ck_assert_uint_eq(meeple_rules_n_tile_types(rules), types);
  ck_assert_uint_eq(meeple_rules_n_tilesets(rules), sets);
  ck_assert_int_lt(meeple_rules_find_tile_type(rules, "OK-1"), 0);
}

/* RULES: MIST-03, SC-02 */
START_TEST(notation_mistakes_are_refused_with_file_line_and_tile)
{
  /* With the mist rule set, every tile file is checked for the mist
   * notation (doc/mist.md).  A good file with a misty road beside clear
   * fields and a second mist area loads.  Each bad file below holds a
   * good tile on line 3 and the mistake on line 4; it is refused as a
   * whole ("FILE:LINE: tile 'ID': ..."), so not even the good tile is
   * added. */
  guint types = meeple_rules_n_tile_types(rules);
  const char *good = "# fine\ntileset fine\n"
                     "tile FINE-1 1 FRFR R1:E,W{mist} F1:Nw,Ne,En,Wn "
                     "F2:Es,Se,Sw,Ws{mist-2}\n";
  GError *error = NULL;
  ck_assert_msg(meeple_rules_load_tiles_data(rules, good, strlen(good),
                                             "fine.tiles", &error),
                "%s", error ? error->message : "");
  ck_assert_uint_eq(meeple_rules_n_tile_types(rules), types + 1);

#define HEAD                                                             \
  "# bad\ntileset bad\ntile OK-1 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn{mist}\n"
  /* MIST-03: never over a city, nor over a monastery */
  refused_tiles(HEAD "tile BAD-1 1 FCFC C1:E,W{mist} F1:Nw,Ne>C1 "
                "F2:Se,Sw>C1\n",
                "bad.tiles:4: tile 'BAD-1': mist may lie over roads and "
                "fields only, not over the city C1 (RULES MIST-03)");
  refused_tiles(HEAD "tile BAD-2 1 FFFF M{mist} F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n",
                "bad.tiles:4: tile 'BAD-2': mist may lie over roads and "
                "fields only, not over the monastery M (RULES MIST-03)");
  /* SC-02: circles lie in the mist */
  refused_tiles(HEAD "tile BAD-3 1 FCFC C1:E,W F1:Nw,Ne>C1{mist} "
                "F2:Se,Sw>C1{circles-1}\n",
                "bad.tiles:4: tile 'BAD-3': spell circles on F2, which is "
                "not misty; circles lie in the mist (RULES SC-02)");
  /* one segment, one mist area */
  refused_tiles(HEAD "tile BAD-4 1 FCFC C1:E,W F1:Nw,Ne>C1{mist}{mist-2} "
                "F2:Se,Sw>C1\n",
                "bad.tiles:4: tile 'BAD-4': segment F1 names more than one "
                "mist area; a segment lies under one of {mist}, {mist-2}, "
                "{mist-3}");
  /* one circle count per mist area: on two segments, or twice on one */
  refused_tiles(HEAD "tile BAD-5 1 FRFR R1:E,W{mist} "
                "F1:Nw,Ne,En,Wn{mist}{circles-1} "
                "F2:Es,Se,Sw,Ws{mist}{circles-2}\n",
                "bad.tiles:4: tile 'BAD-5': more than one {circles-N} for "
                "one mist area (on F2); give the area's count once");
  refused_tiles(HEAD "tile BAD-6 1 FFFF "
                "F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn{mist}{circles-1}{circles-2}\n",
                "bad.tiles:4: tile 'BAD-6': more than one {circles-N} for "
                "one mist area (on F1); give the area's count once");
#undef HEAD
}
END_TEST

/* ------------------------------------------------------------------ */
/* X-rules: other rule sets                                             */
/* ------------------------------------------------------------------ */

/* RULES: X-06, AMB-25, MIST-17, MIST-10, PD-05, PD-09, PD-10, AMB-19 */
START_TEST(x06_the_dragon_eats_a_haunted_follower_no_penalty)
{
  /*            x=-1       x=0    x=1
   *    y=0     RFr.d0     D      GCX-14 0     Red's robber
   *    y=1                F.v    GCX-01
   * The Princess & the Dragon.  T1 Red: GCX-14 + robber.  T2 Blue:
   * GCX-01 thickens: ghost 1 on the robber.  T3 Red: the volcano F.v
   * below D: the dragon appears on it (PD-05); the volcano's clear east
   * field cuts GCX-01's mist: ghost 2 on the robber.  T4 Blue: the dragon
   * tile RFr.d west of D (nothing to place); the dragon flies (PD-09),
   * the players stepping in turn from Blue: (1,1), (1,0) — where it eats
   * Red's robber (figure-returned PD-10): its 2 ghosts go back to the
   * bank (ghosts-returned citing MIST-17) and Red loses nothing (X-06) —
   * then D, then the dragon tile, a dead end.  No points at all; bank 15.
   * (In T3 the robber was Red's only candidate: the dragon, a neutral
   * figure, is none (MIST-10).) */
  MeepleGame *g =
    tu_game(rules, 2, "GCX-14 GCX-01 DG/F.v DG/RFr.d U", TRUE);
  const Spot robber = { 0, 1, 0, "GCX-14", "R1" };
  turn(g, 0, "place GCX-14 @ 1,0 r0", "follower R1");
  put(g, 1, "place GCX-01 @ 1,1 r0");
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-14", "R1", 1, "MIST-07" });
  act(g, "pass");
  put(g, 0, "place DG/F.v @ 0,1 r0");
  mist_is(0, 0, 1, 0, 2, 0);
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-14", "R1", 2, "MIST-08" });
  /* the dragon on the volcano is no candidate (MIST-10): no question */
  decision_is(g, PLACE_FIGURE, 0);
  act(g, "pass");
  ck_assert_uint_eq(ghosts(g, robber), 2);
  ghosts_are(g, 13, 2);

  put(g, 1, "place DG/RFr.d @ -1,0 r0");
  NO_GHOSTS();
  guint step = tu_decision_kind(rules, "dragon-step");
  decision_is(g, step, 1);
  act(g, "dragon-move @ 1,1");
  decision_is(g, step, 0);
  act(g, "dragon-move @ 1,0");
  GHOSTS(g, { 'R', 0, 1, 0, "GCX-14", "R1", 2, "MIST-17" });
  returned_is(g, 0, robber, MEEPLE_FIGURE_FOLLOWER, "PD-10");
  ck_assert_uint_lt(at(MEEPLE_EVENT_FIGURE_RETURNED, "PD-10", 0),
                    at(RETURNED, NULL, 0));
  ghosts_are(g, 15, 0);
  act(g, "dragon-move @ 0,0");
  act(g, "dragon-move @ -1,0");
  NO_AWARDS();
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, NULL), 1);
  ck_assert_uint_eq(home(g, 0), 7);
  ck_assert_int_eq(meeple_game_score(g, 0), 0);
  ck_assert_int_eq(meeple_game_score(g, 1), 0);
  ghosts_are(g, 15, 0);
  decision_is(g, PLACE_TILE, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-12, ABBOT-06, MIST-10, MIST-14, X-18, AMB-27, ABBOT-03 */
START_TEST(x12_a_haunted_abbot_taken_back_pays_two_per_ghost)
{
  /*            x=-1   x=0      x=1
   *    y=0     U0     D
   *    y=1            GCX-01   GCX-01       Red's abbot at (0,1)
   * The Abbot.  T1 Red: GCX-01 below D (its dispersal ghost is lost)
   * and his abbot on its monastery (ABBOT-03).  T2 Blue: GCX-01 beside it
   * thickens the mist: the ghost goes to Red's abbot, his only follower
   * (X-12: abbots receive ghosts).  T3 Red: U0 and, as his figure
   * action, takes the abbot back (ABBOT-06): 1 + 3 placed neighbours (D,
   * U0, GCX-01) = 4; it goes home with its ghost, scored during the game:
   * -2 (MIST-14, X-18).  Red 4 - 2 = 2.  The supply is empty.  2 : 0. */
  guint abbot = figure_type("abbot");
  MeepleGame *g = tu_game(rules, 2, "GCX-01 GCX-01 U", TRUE);
  const Spot ab = { 0, 0, 1, "GCX-01", "M" };
  turn(g, 0, "place GCX-01 @ 0,1 r0", "abbot M");
  put(g, 1, "place GCX-01 @ 1,1 r0");
  GHOSTS(g, { 'A', 0, 0, 1, "GCX-01", "M", 1, "MIST-07" });
  ck_assert_uint_eq(event(ADDED, 0)->figure, abbot);
  act(g, "pass");
  ck_assert_uint_eq(ghosts(g, ab), 1);
  put(g, 0, "place U @ -1,0 r0");
  offers(g, "pass", "follower R1", "abbot-return M @ 0,1", NULL);
  act(g, "abbot-return M @ 0,1");
  AWARDS({ 0, 4, "ABBOT-06", CLOISTER, 0, 1 },
         { 0, -2, "MIST-14", CLOISTER, 0, 1 });
  ck_assert_int_eq(event(MEEPLE_EVENT_POINTS_SCORED, 1)->arg, 1);
  returned_is(g, 0, ab, abbot, "ABBOT-06");
  GHOSTS(g, { 'R', 0, 0, 1, "GCX-01", "M", 1, "MIST-14" });
  ck_assert_uint_lt(at(MEEPLE_EVENT_POINTS_SCORED, "ABBOT-06", 0),
                    at(MEEPLE_EVENT_FIGURE_RETURNED, NULL, 0));
  ck_assert_uint_lt(at(MEEPLE_EVENT_FIGURE_RETURNED, NULL, 0),
                    at(RETURNED, NULL, 0));
  ck_assert_uint_lt(at(RETURNED, NULL, 0),
                    at(MEEPLE_EVENT_POINTS_SCORED, "MIST-14", 0));
  ghosts_are(g, 15, 0);
  over(g, 2, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-13, X-14, MIST-12, MIST-16, MIST-10, AMB-28, CIRCUS-06,
 * CIRCUS-07, CIRCUS-09, BASE-22 */
START_TEST(x13_x14_ghosts_and_the_big_top)
{
  /*            x=-1   x=0    x=1      x=2       x=3
   *    y=-1                           GCX-01    GCX-01     Blue's monk (2,-1)
   *    y=0     U0     D      BT1      GCX-14 0  BT2
   *    y=1                   GCX-01   GCX-01               Red's monk (2,1)
   * BT1 = BT2 = BT/frfr.bt (F R F R, roads ending at the ring space).
   * Under the Big Top.  T1 Red: BT1: the big top and a face-down token
   * on it (CIRCUS-05).  T2 Blue: GCX-14 (dispersal, lost).  T3 Red:
   * GCX-01 (2,1) + monk (thickening, Blue has nobody: lost).  T4 Blue:
   * GCX-01 (2,-1) + monk: thickening, ghost 1 on Red's monk.  T5 Red:
   * GCX-01 (3,-1): thickening, ghost 1 on Blue's monk.  T6 Blue: GCX-01
   * (1,1) thickens (east) and disperses (north, against BT1): ghost 2 on
   * Red's monk, ghost 2 on Blue's own.  Both monks stand within the big
   * top's 3x3 area.
   * T7 Red: BT2, a tile without mist, cuts the mist on two edges: Red's
   * own monk gets its third ghost and goes home at once (MIST-12) — in
   * PLACE_GHOSTS, before the SCORE phase.  There the road BT1-GCX-14-BT2
   * is completed with nobody on it; then the big top is scored where it
   * stands (CIRCUS-06/07): Red has no figure left around it (X-13), Blue
   * his monk: token x 1.  The monk carries 2 ghosts and stays: the big
   * top's scoring costs nothing and returns nobody (X-14).  The big top
   * moves to BT2.
   * T8 Blue: U0, pass.  Final scoring: the big top first (CIRCUS-09, X-13):
   * Blue's monk is around BT2 too: new token x 1; then the monastery,
   * 1 + 4 placed neighbours = 5; last the ghosts, Blue -2 (MIST-16). */
  guint revealed = tu_event_type(rules, "animal-revealed");
  guint ring = tu_kind(rules, "ring");
  MeepleGame *g = tu_game(rules, 2,
                          "BT/frfr.bt GCX-14 GCX-01 GCX-01 GCX-01 GCX-01 "
                          "BT/frfr.bt U", TRUE);
  const Spot red = { 0, 2, 1, "GCX-01", "M" };
  const Spot blue = { 1, 2, -1, "GCX-01", "M" };
  turn(g, 0, "place BT/frfr.bt @ 1,0 r0", "pass");
  put(g, 1, "place GCX-14 @ 2,0 r0");
  pass_if_asked(g);
  turn(g, 0, "place GCX-01 @ 2,1 r0", "follower M");
  turn(g, 1, "place GCX-01 @ 2,-1 r0", "follower M");
  GHOSTS(g, { 'A', 0, 2, 1, "GCX-01", "M", 1, "MIST-07" });
  turn(g, 0, "place GCX-01 @ 3,-1 r0", "pass");
  GHOSTS(g, { 'A', 1, 2, -1, "GCX-01", "M", 1, "MIST-07" });
  turn(g, 1, "place GCX-01 @ 1,1 r0", "pass");
  GHOSTS(g, { 'A', 0, 2, 1, "GCX-01", "M", 2, "MIST-07" },
         { 'A', 1, 2, -1, "GCX-01", "M", 2, "MIST-08" });
  ghosts_are(g, 11, 4);

  put(g, 0, "place BT/frfr.bt @ 3,0 r0");
  mist_is(0, 3, 0, 0, 5, 0);
  GHOSTS(g, { 'A', 0, 2, 1, "GCX-01", "M", 3, "MIST-08" },
         { 'R', 0, 2, 1, "GCX-01", "M", 3, "MIST-12" });
  returned_is(g, 0, red, MEEPLE_FIGURE_FOLLOWER, "MIST-12");
  pass_if_asked(g);
  ck_assert_uint_eq(count(revealed, "CIRCUS-07"), 1);
  const MeepleEvent *r1 = event(revealed, 0);
  ck_assert_int_eq(r1->x, 1);
  ck_assert_int_eq(r1->y, 0);
  int v1 = r1->arg;
  ck_assert_int_gt(v1, 0);
  ck_assert_uint_lt(at(MEEPLE_EVENT_FIGURE_RETURNED, "MIST-12", 0),
                    at(revealed, NULL, 0));
  AWARDS({ 1, v1, "CIRCUS-07", ring, 1, 0 });
  ck_assert_uint_eq(count(RETURNED, NULL), 1);
  ck_assert_uint_eq(ghosts(g, blue), 2);
  ghosts_are(g, 13, 2);

  put(g, 1, "place U @ -1,0 r0");
  act(g, "pass");
  ck_assert_uint_eq(count(revealed, "CIRCUS-09"), 1);
  const MeepleEvent *r2 = event(revealed, 0);
  ck_assert_int_eq(r2->x, 3);
  ck_assert_int_eq(r2->y, 0);
  int v2 = r2->arg;
  AWARDS({ 1, v2, "CIRCUS-09", ring, 3, 0 },
         { 1, 5, "BASE-22", CLOISTER, 2, -1 },
         { 1, -2, "MIST-16", 0, ANY, ANY });
  ck_assert_uint_lt(at(MEEPLE_EVENT_POINTS_SCORED, "CIRCUS-09", 0),
                    at(MEEPLE_EVENT_POINTS_SCORED, "MIST-16", 0));
  ghosts_are(g, 13, 2);
  over(g, 0, v1 + v2 + 5 - 2);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-15, MIST-10, PD-20, PD-21 */
START_TEST(x15_the_fairy_protects_from_no_ghost_and_takes_none)
{
  /*            x=-4   x=-3   x=-2   x=-1   x=0    x=1       x=2
   *    y=0     U0     U0     U0     U0     D      GCX-14 0  GCX-10 90
   *    y=1                                        GCX-01     Blue's monk
   * The Princess & the Dragon.  T1 Red: GCX-14, pass.  T2 Blue: GCX-01
   * + monk.  T3 Red: U0, pass.  T4 Blue: U0 + robber.  T5 Red: U0.
   * T6 Blue: U0 and, as his figure action, the fairy to his monk (PD-20).
   * T7 Red: GCX-10 90 thickens the mist: the "haunt" offer is Blue's two
   * followers — the monk beside the fairy included (no protection,
   * X-15) and never the fairy itself (a neutral figure, MIST-10).  Red
   * gives the ghost to the monk; the fairy stays with it. */
  guint fairy = figure_type("fairy");
  MeepleGame *g = tu_game(rules, 2,
                          "GCX-14 GCX-01 U U U U GCX-10 U", TRUE);
  const Spot monk = { 1, 1, 1, "GCX-01", "M" };
  const Spot robber = { 1, -2, 0, "U", "R1" };
  turn(g, 0, "place GCX-14 @ 1,0 r0", "pass");
  turn(g, 1, "place GCX-01 @ 1,1 r0", "follower M");
  turn(g, 0, "place U @ -1,0 r0", "pass");
  turn(g, 1, "place U @ -2,0 r0", "follower R1");
  put(g, 0, "place U @ -3,0 r0");
  put(g, 1, "place U @ -4,0 r0");
  offers(g, "pass", "fairy-move M @ 1,1", "fairy-move R1 @ -2,0", NULL);
  act(g, "fairy-move M @ 1,1");

  put(g, 0, "place GCX-10 @ 2,0 r90");
  HAUNTS(g, 0, monk, robber);
  for (gsize i = 0; i < meeple_game_decision(g)->n_actions; i++)
    ck_assert_uint_ne(meeple_game_decision(g)->actions[i].figure, fairy);
  haunt(g, monk);
  GHOSTS(g, { 'A', 1, 1, 1, "GCX-01", "M", 1, "MIST-07" });
  ck_assert_uint_eq(ghosts(g, monk), 1);
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.type == fairy) {
      ck_assert(f.on_board);
      ck_assert_int_eq(f.x, 1);
      ck_assert_int_eq(f.y, 1);
    }
  }
  ghosts_are(g, 14, 1);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-17, MW-09, MW-10, MIST-14, MIST-10, X-24 */
START_TEST(x17_the_witch_halves_the_road_not_the_ghost_penalty)
{
  /*            x=-1   x=0    x=1       x=2       x=3
   *    y=0     A270   D      GCX-14 0  GCX-11 0  CRRR.3     (mage tile)
   *    y=1            U0
   * Mage & Witch.  T1 Red: GCX-14 + robber.  T2 Blue: GCX-11 thickens
   * (fields) and disperses (road): ghost 1 on Red's robber, Blue's own
   * ghost lost.  T3 Red: U0 below D, pass.  T4 Blue: the mage tile
   * MW/CRRR.3 at the road's east end (a junction): Blue brings the witch
   * onto the road (MW-02); then its clear west edge cuts GCX-11's mist —
   * Blue's own ghost has nobody to go to: the witch, a neutral figure,
   * never takes one (MIST-10, X-24): lost.  T5 Red: A270 closes the road:
   * A + D + GCX-14 + GCX-11 + CRRR.3 = 5 tiles, halved by the witch:
   * ceil(5 / 2) = 3 (MW-09).  The ghost penalty comes after and is not
   * halved (X-17): 3 - 2 = 1.  The witch leaves (MW-10).  1 : 0. */
  guint witch = figure_type("witch");
  MeepleGame *g = tu_game(rules, 2,
                          "GCX-14 GCX-11 U MW/CRRR.3 A", TRUE);
  turn(g, 0, "place GCX-14 @ 1,0 r0", "follower R1");
  put(g, 1, "place GCX-11 @ 2,0 r0");
  GHOSTS(g, { 'A', 0, 1, 0, "GCX-14", "R1", 1, "MIST-07" },
         { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  turn(g, 0, "place U @ 0,1 r0", "pass");
  put(g, 1, "place MW/CRRR.3 @ 3,0 r0");
  decision_is(g, tu_decision_kind(rules, "magic-figure"), 1);
  act(g, "magic-move witch R3 @ 3,0");
  GHOSTS(g, { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  pass_if_asked(g);
  ghosts_are(g, 14, 1);

  put(g, 0, "place A @ -1,0 r270");
  act(g, "pass");
  MeepleFeatureInfo road = feat(g, 0, 0, "D", "R1");
  ck_assert(road.completed);
  ck_assert_uint_eq(road.tiles, 5);
  AWARDS({ 0, 3, "MW-09", ROAD, ANY, ANY },
         { 0, -2, "MIST-14", ROAD, 1, 0 });
  GHOSTS(g, { 'R', 0, 1, 0, "GCX-14", "R1", 1, "MIST-14" });
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.type == witch)
      ck_assert(!f.on_board);
  }
  ghosts_are(g, 15, 0);
  over(g, 1, 0);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-18, X-18.E1, AMB-27, CIRCUS-14, MIST-10, MIST-14 */
START_TEST(x18_e1_pyramid_red_10_minus_2_blue_5)
{
  /*            x=-1   x=0    x=1
   *    y=0     U0     D
   *    y=1            AC     GCX-01
   *    y=2                   B
   * AC = BT/ffff.g.ac (acrobat space A).  Under the Big Top.  T1 Red: AC
   * + acrobat (CIRCUS-10).  T2 Blue: GCX-01 beside it (dispersal against
   * AC: lost) + acrobat (CIRCUS-11).  T3 Red: B below GCX-01 cuts the
   * mist: Red's only follower, his acrobat, gets the ghost (MIST-10);
   * Red puts his second acrobat: a complete pyramid, 2 red (one haunted)
   * + 1 blue.  T4 Blue: U0, and scores the pyramid (CIRCUS-14): Red 2 x 5
   * = 10, Blue 5; the acrobats go home, and the haunted one costs Red 2
   * (MIST-14, X-18): Red 8, Blue 5. */
  guint acro = tu_kind(rules, "acrobat");
  MeepleGame *g = tu_game(rules, 2, "BT/ffff.g.ac GCX-01 B U", TRUE);
  turn(g, 0, "place BT/ffff.g.ac @ 0,1 r0", "acrobat @ 0,1");
  put(g, 1, "place GCX-01 @ 1,1 r0");
  GHOSTS(g, { 'L', 1, 0, 0, NULL, NULL, 1, "MIST-08" });
  act(g, "acrobat @ 0,1");
  put(g, 0, "place B @ 1,2 r0");
  ck_assert_uint_eq(count(ADDED, "MIST-08"), 1);
  const MeepleEvent *e = event(ADDED, 0);
  ck_assert_int_eq(e->player, 0);
  ck_assert_int_eq(e->x, 0);
  ck_assert_int_eq(e->y, 1);
  ck_assert_uint_eq(e->segment, sg(g, "BT/ffff.g.ac", "A"));
  act(g, "acrobat @ 0,1");
  ghosts_are(g, 14, 1);

  put(g, 1, "place U @ -1,0 r0");
  act(g, "pyramid @ 0,1");
  AWARDS({ 0, 10, "CIRCUS-14", acro, 0, 1 },
         { 1, 5, "CIRCUS-14", acro, 0, 1 },
         { 0, -2, "MIST-14", acro, 0, 1 });
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_RETURNED, "CIRCUS-14"), 3);
  GHOSTS(g, { 'R', 0, 0, 1, "BT/ffff.g.ac", "A", 1, "MIST-14" });
  ghosts_are(g, 15, 0);
  over(g, 8, 5);
  meeple_game_free(g);
}
END_TEST

/* RULES: X-19, MIST-17, PD-13, PD-14 */
START_TEST(x19_the_princess_sends_a_haunted_knight_home_for_nothing)
{
  /*            x=-1   x=0        x=1       x=2
   *    y=-2           Ccc.p180                         princess city
   *    y=-1           G90        GCX-01    GCX-01      Red's knight in G90
   *    y=0     U0     D          U0
   * The Princess & the Dragon.  T1 Red: G90 on D's cap + knight (the
   * city runs north, open).  T2 Blue: U0.  T3 Red: GCX-01 (1,-1) cuts
   * against G90 and U0 (4 contacts): ghost 1 on the knight.  T4 Blue:
   * GCX-01 (2,-1) thickens: ghost 2 on it.  T5 Red: U0.  T6 Blue: the
   * princess tile DG/Ccc.p 180 joins the city: Blue sends Red's knight
   * home (PD-13).  Its 2 ghosts go back to the bank (ghosts-returned
   * citing MIST-17), and nobody gains or loses a point (X-19).  No figure
   * action follows (PD-14). */
  MeepleGame *g = tu_game(rules, 2,
                          "G U GCX-01 GCX-01 U DG/Ccc.p U", TRUE);
  const Spot knight = { 0, 0, -1, "G", "C1" };
  turn(g, 0, "place G @ 0,-1 r90", "follower C1");
  turn(g, 1, "place U @ 1,0 r0", "pass");
  put(g, 0, "place GCX-01 @ 1,-1 r0");
  mist_is(0, 1, -1, 0, 4, 0);
  GHOSTS(g, { 'A', 0, 0, -1, "G", "C1", 1, "MIST-08" });
  act(g, "pass");
  put(g, 1, "place GCX-01 @ 2,-1 r0");
  GHOSTS(g, { 'A', 0, 0, -1, "G", "C1", 2, "MIST-07" });
  act(g, "pass");
  put(g, 0, "place U @ -1,0 r0");
  pass_if_asked(g);
  ghosts_are(g, 13, 2);

  put(g, 1, "place DG/Ccc.p @ 0,-2 r180");
  decision_is(g, tu_decision_kind(rules, "princess"), 1);
  offers(g, "pass", "princess-remove C1 @ 0,-1", NULL);
  act(g, "princess-remove C1 @ 0,-1");
  returned_is(g, 0, knight, MEEPLE_FIGURE_FOLLOWER, "PD-13");
  GHOSTS(g, { 'R', 0, 0, -1, "G", "C1", 2, "MIST-17" });
  NO_AWARDS();
  ck_assert_uint_eq(count(MEEPLE_EVENT_FIGURE_PLACED, NULL), 0);
  ck_assert_uint_eq(home(g, 0), 7);
  ghosts_are(g, 15, 0);
  decision_is(g, PLACE_TILE, 0);
  ck_assert_int_eq(meeple_game_score(g, 0), 0);
  ck_assert_int_eq(meeple_game_score(g, 1), 0);
  meeple_game_free(g);
}
END_TEST

static Suite *
rules_mist_suite(void)
{
  Suite *s = suite_create("rules-mist");
  TCase *tc = NULL;
  /* one test case per rule ID or small group, each with fresh rules */
#define RULE(id, set_up)                                                   \
  (tc = tcase_create(id), tcase_add_checked_fixture(tc, set_up, teardown),  \
   suite_add_tcase(s, tc))
  RULE("MIST-01", setup_mist);
  tcase_add_test(tc, mist01_a_bank_of_fifteen_and_no_ghost_on_the_board);
  RULE("MIST-02", setup_mist);
  tcase_add_test(tc, mist02_printed_ghosts_do_nothing);
  RULE("MIST-03", setup_mist);
  tcase_add_test(tc, mist03_areas_across_tiles_per_edge_segment);
  tcase_add_test(tc, amb21_a_misty_road_between_clear_fields);
  RULE("MIST-04", setup_mist);
  tcase_add_test(tc, mist04_placement_followers_and_values_ignore_the_mist);
  RULE("MIST-05", setup_mist);
  tcase_add_test(tc, mist05_completed_when_every_misty_edge_meets_mist);
  tcase_add_test(tc, mist05_a_dispersed_mist_is_never_completed);
  RULE("MIST-06", setup_mist);
  tcase_add_test(tc, mist06_a_clear_tile_disperses_but_never_thickens);
  RULE("MIST-07", setup_mist);
  tcase_add_test(tc, mist07_e1_green_extends_a_mist_one_ghost_to_blue);
  tcase_add_test(tc, mist07_three_players_green_chooses_among_opponents_only);
  RULE("MIST-08", setup_mist);
  tcase_add_test(tc, mist08_e1_green_cuts_a_mist_one_ghost_to_green);
  tcase_add_test(tc, mist08_one_ghost_for_two_edges_own_followers_only);
  RULE("MIST-09", setup_mist);
  tcase_add_test(tc, mist09_one_mist_thickened_and_dispersed_thickening_first);
  tcase_add_test(tc, mist09_1_one_tile_cuts_one_mist_and_extends_another);
  RULE("MIST-10", setup_mist);
  tcase_add_test(tc, mist10_no_eligible_follower_the_ghost_stays_in_the_bank);
  RULE("MIST-10-abbot-circus", setup_abbot_circus);
  tcase_add_test(tc, mist10_abbots_and_ringmasters_receive_ghosts);
  RULE("MIST-11", setup_mist);
  tcase_add_test(tc, mist11_the_bank_runs_dry_then_ghosts_are_not_added);
  RULE("MIST-12", setup_mist);
  tcase_add_test(tc, mist12_the_third_ghost_sends_the_follower_home_at_once);
  tcase_add_test(tc, mist12_the_third_ghost_comes_before_the_scoring);
  RULE("MIST-12-spell-circles", setup_sc);
  tcase_add_test(tc, mist12_e1_green_puts_all_three_on_one_follower);
  tcase_add_test(tc, mist12_the_rest_goes_to_another_follower);
  RULE("MIST-13", setup_mist);
  tcase_add_test(tc, mist13_ghosts_stay_and_change_no_majority);
  RULE("MIST-14", setup_mist);
  tcase_add_test(tc, mist14_e1_city_worth_8_with_two_ghosts_scores_4);
  RULE("AMB-23", setup_mist);
  tcase_add_test(tc, amb23_a_haunted_follower_without_the_majority_pays_too);
  RULE("MIST-15", setup_mist);
  tcase_add_test(tc, mist15_a_penalty_takes_no_more_than_the_score);
  tcase_add_test(tc, mist15_score_1_penalty_2_leaves_0);
  RULE("MIST-16", setup_mist);
  tcase_add_test(tc, mist16_one_point_per_ghost_after_all_other_final_scoring);
  RULE("X-06", setup_pd);
  tcase_add_test(tc, x06_the_dragon_eats_a_haunted_follower_no_penalty);
  RULE("X-12", setup_abbot);
  tcase_add_test(tc, x12_a_haunted_abbot_taken_back_pays_two_per_ghost);
  RULE("X-13", setup_circus);
  tcase_add_test(tc, x13_x14_ghosts_and_the_big_top);
  RULE("X-15", setup_pd);
  tcase_add_test(tc, x15_the_fairy_protects_from_no_ghost_and_takes_none);
  RULE("X-17", setup_mw);
  tcase_add_test(tc, x17_the_witch_halves_the_road_not_the_ghost_penalty);
  RULE("X-18", setup_circus);
  tcase_add_test(tc, x18_e1_pyramid_red_10_minus_2_blue_5);
  RULE("X-19", setup_pd);
  tcase_add_test(tc, x19_the_princess_sends_a_haunted_knight_home_for_nothing);
  RULE("notation", setup_mist);
  tcase_add_test(tc, notation_mistakes_are_refused_with_file_line_and_tile);
#undef RULE
  return s;
}

int
main(void)
{
  return tu_run_suite(rules_mist_suite());
}
