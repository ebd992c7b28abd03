/* test-properties-mist.c — invariants of the mist and its ghosts (RULES
 * §6, MIST-01..MIST-17) and of Spell Circles (§7, SC-01..SC-11), alone
 * and with The Abbot, The Princess & the Dragon, Under the Big Top and
 * Mage & Witch (X-06, X-12, X-18, X-19, X-22..X-24; AMB-17..AMB-36), over
 * thousands of seeded random games.
 *
 * Every game is played to its end.  Before each action the pending
 * decision is checked: a "haunt" decision offers exactly the followers on
 * the board of the group its batch names (MIST-10: own followers for
 * MIST-08, SC-03 and SC-08, an opponent's for MIST-07 and SC-06, the one
 * chosen opponent's for SC-07), and only when there is more than one; a
 * "fill-circle" decision offers exactly the ghosts on the 8 neighbours,
 * and only when there are more of them than room in the new circles
 * (SC-04, AMB-32); a "circle-ghost" decision offers exactly the older
 * occupied circles of the thickened, uncompleted mist (SC-05, SC-06).
 * After EVERY action the events it caused are walked in order against a
 * shadow of the game built from the events alone — the bank, the ghosts
 * taken out of circles and not yet handed out, the ghosts on every spot
 * (owner + figure type + x,y + segment: two acrobats of one seat share a
 * spot, so the shadow keeps the spot's total), the ghosts in every circle,
 * the scores — and the mist events are checked against an independent
 * reading of the mist on the tiles (doc/mist.md: edge segments, areas,
 * thickening, dispersal, completion).  Then the state is checked against
 * the shadow:
 *   - the 15 ghosts are conserved (MIST-01): bank + ghosts on followers
 *     (MistState.haunts) + ghosts in circles + ghosts taken out of circles
 *     for a pending "haunt" decision (MistState.batches) = 15;
 *   - no follower carries 3 ghosts (MIST-12); every haunted figure is an
 *     owned follower on the board standing where its MistHaunt says, so
 *     never a neutral figure (AMB-26, X-15, X-24); circles never hold
 *     more than they can (SC-02);
 *   - the state's bank, spots and circles are the shadow's;
 *   - scores are the sums of their points-scored events and never
 *     negative (MIST-15); every negative points event cites MIST-14 or
 *     MIST-16 and takes exactly min(score, 2 or 1 x ghosts) (AMB-24).
 * At a few random points per game the game is cloned and both copies take
 * the same action (same digest, events, notes and mist state); at the end
 * the game is written as a record, parsed and replayed (same digest, event
 * stream, notes, mist state and text).  A broken invariant names the game
 * (seed, players, rule sets), the action (index, turn, seat, notation)
 * and the invariant.
 *
 * Games (defaults; every game has its own seed and its own GRand):
 *    800  "mist,spell-circles", 2..6 players, random moves (every 11th
 *         game without farmers, as all variants)
 *    150  "mist"
 *    200  "mist,spell-circles,abbot"
 *    200  "mist,spell-circles,princess-dragon"
 *    200  "mist,spell-circles,circus"
 *    200  "mist,spell-circles,mage-witch"
 *    240  all six rule sets together
 *    100  "mist,spell-circles", seat 0 greedy (tu_greedy_pick)
 *     40  all six rule sets, seat 0 greedy
 *
 * MEEPLE_PROPERTY_GAMES scales these counts (tu_property_games):
 *   MEEPLE_PROPERTY_GAMES=8000    8000 "mist,spell-circles" games, the
 *                                 other loops by the same factor
 *   MEEPLE_PROPERTY_GAMES=10x     ten times every default
 *   MEEPLE_PROPERTY_GAMES=0.2x    a fifth of every default
 * Every loop runs at least one game and prints one line of tallies to
 * stderr (tests/test-properties-mist.log).  The defaults (2,130 games)
 * take about 20 s on a 2-core machine (-O2), under 1.5 min under
 * ASan+UBSan (-O1); 10x about 4 min.  The loops run in one test so
 * that the tallies of the whole run prove that every feature the
 * checkers look at did happen (thickening, dispersal, completion, MIST-12,
 * MIST-14, MIST-16, SC-03, SC-04 from a neighbour, SC-06, SC-07, SC-08, a
 * floored penalty, haunt and fill-circle decisions): no invariant holds
 * vacuously.
 */
#include "testutil.h"

#include "../plugins/mist/mist.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the variants ------------------------------------------------------- */

#define ALL_SETS "mist,spell-circles,princess-dragon,abbot,circus,mage-witch"

typedef struct {
  const char *ids;      /* rule sets for tu_rules_with() */
  guint games;          /* default number of games */
  gboolean greedy;      /* seat 0 plays greedy */
  guint64 seed_base;    /* game seeds of this variant start here */
} Variant;

static const Variant variants[] = {
  { "mist,spell-circles", 800, FALSE, 51000000 },
  { "mist", 150, FALSE, 52000000 },
  { "mist,spell-circles,abbot", 200, FALSE, 53000000 },
  { "mist,spell-circles,princess-dragon", 200, FALSE, 54000000 },
  { "mist,spell-circles,circus", 200, FALSE, 55000000 },
  { "mist,spell-circles,mage-witch", 200, FALSE, 56000000 },
  { ALL_SETS, 240, FALSE, 57000000 },
  { "mist,spell-circles", 100, TRUE, 58000000 },
  { ALL_SETS, 40, TRUE, 59000000 },
};
#define N_VARIANTS G_N_ELEMENTS(variants)

/* Default count of the first variant: "N" in MEEPLE_PROPERTY_GAMES means
 * N / this times every default. */
#define BASE_GAMES 800.0

/* ---- the instructions that hand out ghosts ------------------------------ */

enum { R_MIST07, R_MIST08, R_SC03, R_SC06, R_SC07, R_SC08, N_RULES };
static const char *const rule_ids[N_RULES] = { "MIST-07", "MIST-08", "SC-03",
                                               "SC-06",   "SC-07",   "SC-08" };
/* MIST-07, MIST-08, SC-03 take bank ghosts; SC-06..08 ghosts out of
 * circles (MIST-11, SC-09) */
static const gboolean rule_from_bank[N_RULES] = { TRUE,  TRUE,  TRUE,
                                                  FALSE, FALSE, FALSE };
/* MIST-10: who may receive them */
static const MistGroup rule_group[N_RULES] = {
  MIST_TO_OPPONENTS, MIST_TO_OWN, MIST_TO_OWN,
  MIST_TO_OPPONENTS, MIST_TO_ONE_OPPONENT, MIST_TO_OWN,
};

static int
rule_index(const char *rule)
{
  for (int i = 0; i < N_RULES; i++)
    if (g_strcmp0(rule, rule_ids[i]) == 0)
      return i;
  return -1;
}

static gboolean
rule_is(const MeepleEvent *e, const char *rule)
{
  return e->rule && strcmp(e->rule, rule) == 0;
}

/* MIST-14, X-18, AMB-27: the returns that are a scoring during the game. */
static gboolean
scoring_return(const char *rule)
{
  return g_strcmp0(rule, "BASE-19") == 0 || g_strcmp0(rule, "ABBOT-06") == 0 ||
         g_strcmp0(rule, "CIRCUS-14") == 0;
}

/* ---- the mist on the tiles, read independently (doc/mist.md) ------------ */

/* Edge segments of a tile (AMB-21): 0..7 the half-edges Nw Ne En Es Se Sw
 * Ws Wn, 8..11 the middles of the north, east, south and west road
 * edges. */
#define N_POS 12

typedef struct {
  gint8 pos[N_POS];   /* canonical: -1 no such edge segment, 0 clear, 1..3
                         the tile's mist area */
  guint8 circles[MIST_MAX_AREAS + 1];    /* SC-02: circles per area */
  gint8 circle_seg[MIST_MAX_AREAS + 1];  /* segment carrying them, -1 */
  guint areas;        /* bit a: the tile shows mist area a */
  guint n_circles;
} TypeMist;

/* ---- what the rules registered ------------------------------------------ */

typedef struct {
  MeepleRules *rules;
  const char *ids;
  guint slot;
  gboolean sc;                    /* Spell Circles is played */
  int sym_area[MIST_MAX_AREAS], sym_circles[MIST_MAX_CIRCLES];
  guint ev_added, ev_returned, ev_lost, ev_thick, ev_disp, ev_completed;
  int ev_raised, ev_filled, ev_emptied;          /* -1 without SC */
  guint dec_haunt;
  int dec_fill, dec_circle;                      /* -1 without SC */
  guint act_haunt;
  int act_ghost_from, act_circle_from, act_circle_ghost; /* -1 without SC */
  guint total_tiles;
  guint n_types;
  TypeMist *tm;
} Cx;

static int
find_event(const MeepleRules *r, const char *name)
{
  for (guint i = 0; i < meeple_rules_n_event_types(r); i++)
    if (strcmp(meeple_rules_event_type_name(r, i), name) == 0)
      return (int)i;
  return -1;
}

static int
find_decision(const MeepleRules *r, const char *name)
{
  for (guint i = 0; i < meeple_rules_n_decision_kinds(r); i++)
    if (strcmp(meeple_rules_decision_kind(r, i)->name, name) == 0)
      return (int)i;
  return -1;
}

static guint
known(int index, const char *what)
{
  ck_assert_msg(index >= 0, "rules know no %s", what);
  return (guint)index;
}

static guint
segment_area(const Cx *cx, const MeepleSegment *s)
{
  for (guint a = 0; a < MIST_MAX_AREAS; a++)
    if (cx->sym_area[a] >= 0 && (s->symbols & (1u << cx->sym_area[a])))
      return a + 1;
  return 0;
}

static guint
segment_circles(const Cx *cx, const MeepleSegment *s)
{
  for (guint c = 0; c < MIST_MAX_CIRCLES; c++)
    if (cx->sym_circles[c] >= 0 && (s->symbols & (1u << cx->sym_circles[c])))
      return c + 1;
  return 0;
}

static void
type_mist(const Cx *cx, const MeepleTileType *t, TypeMist *m)
{
  memset(m, 0, sizeof *m);
  for (guint a = 0; a <= MIST_MAX_AREAS; a++)
    m->circle_seg[a] = -1;
  for (guint p = 0; p < N_POS; p++) {
    guint side = p < 8 ? p / 2 : p - 8;
    m->pos[p] = -1;
    if (t->edges[side] == MEEPLE_EDGE_CITY ||
        (p >= 8 && t->edges[side] != MEEPLE_EDGE_ROAD))
      continue;
    m->pos[p] = 0;
    for (guint i = 0; i < t->n_segments; i++) {
      const MeepleSegment *s = &t->segments[i];
      gboolean here = p < 8 ? (s->halves & (1u << p)) != 0
                            : s->kind == MEEPLE_KIND_ROAD &&
                                  (s->edges & (1u << side));
      if (here)
        m->pos[p] = (gint8)segment_area(cx, s);
    }
  }
  for (guint i = 0; i < t->n_segments; i++) {
    guint a = segment_area(cx, &t->segments[i]);
    guint c = segment_circles(cx, &t->segments[i]);
    if (a)
      m->areas |= 1u << a;
    if (a && c && cx->sc) {
      m->circles[a] = (guint8)(m->circles[a] + c);
      m->circle_seg[a] = (gint8)i;
      m->n_circles += c;
    }
  }
}

static Cx
cx_new(const char *ids)
{
  Cx cx = { .ids = ids, .rules = tu_rules_with(ids) };
  MeepleRules *r = cx.rules;
  cx.slot = known(meeple_rules_find_slot(r, "mist"), "mist slot");
  cx.sc = meeple_rules_find_ruleset(r, "spell-circles") != NULL;
  static const char *const area_names[MIST_MAX_AREAS] = { "mist", "mist-2",
                                                          "mist-3" };
  for (guint a = 0; a < MIST_MAX_AREAS; a++)
    cx.sym_area[a] = meeple_rules_find_symbol(r, area_names[a]);
  for (guint c = 0; c < MIST_MAX_CIRCLES; c++) {
    char name[16];
    g_snprintf(name, sizeof name, "circles-%u", c + 1);
    cx.sym_circles[c] = meeple_rules_find_symbol(r, name);
  }
  cx.ev_added = tu_event_type(r, "ghost-added");
  cx.ev_returned = tu_event_type(r, "ghosts-returned");
  cx.ev_lost = tu_event_type(r, "ghost-lost");
  cx.ev_thick = tu_event_type(r, "mist-thickened");
  cx.ev_disp = tu_event_type(r, "mist-dispersed");
  cx.ev_completed = tu_event_type(r, "mist-completed");
  cx.ev_raised = find_event(r, "ghost-raised");
  cx.ev_filled = find_event(r, "circle-filled");
  cx.ev_emptied = find_event(r, "circle-emptied");
  cx.dec_haunt = tu_decision_kind(r, "haunt");
  cx.dec_fill = find_decision(r, "fill-circle");
  cx.dec_circle = find_decision(r, "circle-ghost");
  cx.act_haunt = known(meeple_rules_find_action_kind(r, "haunt"), "haunt");
  cx.act_ghost_from = meeple_rules_find_action_kind(r, "ghost-from");
  cx.act_circle_from = meeple_rules_find_action_kind(r, "ghost-from-circle");
  cx.act_circle_ghost = meeple_rules_find_action_kind(r, "circle-ghost");
  ck_assert(cx.sc == (cx.ev_raised >= 0 && cx.ev_filled >= 0 &&
                      cx.ev_emptied >= 0 && cx.dec_fill >= 0 &&
                      cx.dec_circle >= 0 && cx.act_ghost_from >= 0 &&
                      cx.act_circle_from >= 0 && cx.act_circle_ghost >= 0));
  for (guint i = 0; i < meeple_rules_n_tilesets(r); i++)
    cx.total_tiles += meeple_rules_tileset(r, i)->n_tiles;
  cx.n_types = meeple_rules_n_tile_types(r);
  cx.tm = g_new(TypeMist, cx.n_types);
  for (guint t = 0; t < cx.n_types; t++)
    type_mist(&cx, meeple_rules_tile_type(r, t), &cx.tm[t]);
  return cx;
}

static void
cx_free(Cx *cx)
{
  g_free(cx->tm);
  meeple_rules_unref(cx->rules);
}

/* ---- one game and its shadow -------------------------------------------- */

/* What a whole loop saw, to show that the checkers were not vacuous. */
typedef struct {
  guint games, actions, thickened, dispersed, completed, added[N_RULES],
      lost, lost11, mist12, pen14, pen14_abbot, pen14_circus, pen16,
      floored, x06, x19, sc04_near, sc04_bank, sc06, sc07, sc07_own, sc08,
      haunt_dec, haunt_wide, fill_dec, circle_dec, clones, replays;
} Tally;

static void
tally_add(Tally *sum, const Tally *t)
{
  guint *a = (guint *)(void *)sum;
  const guint *b = (const guint *)(const void *)t;
  for (gsize i = 0; i < sizeof(Tally) / sizeof(guint); i++)
    a[i] += b[i];
}

/* The owned figures on one spot, and their ghosts. */
typedef struct {
  int owner;
  guint type;
  int x, y;
  guint seg;
  guint figs, ghosts;
  guint chk_figs, chk_ghosts;   /* scratch of check_mist_state() */
} Spot;

/* The spell circles of one mist area of one tile (SC-02). */
typedef struct {
  int x, y;
  guint area, seg, capacity, ghosts;
  guint turn;                   /* turn its tile was placed (SC-05) */
  /* this turn's placement (set when the tile was placed) */
  gboolean in_completed;        /* in a mist the tile completed (SC-07) */
  gboolean in_thick_open;       /* in a thickened, open mist (SC-06) */
  gboolean in_dispersed;        /* in a dispersed mist area (SC-08) */
  guint taken;                  /* ghosts out by SC-06..08 this turn */
} Circ;

/* An event that must come next. */
typedef struct {
  guint type;
  const char *rule;
  int player, figure;           /* -1: any */
  gboolean at;                  /* check x, y */
  int x, y;
  int seg;                      /* -1: any */
  int arg;                      /* -1: any */
  gboolean check_points;
  int points;
} Expect;

#define MAX_EXPECT 8

typedef struct {
  const Cx *cx;
  MeepleGame *game;
  guint64 seed;
  guint n_players;
  gboolean greedy, no_farmers;
  Tally *tally;
  GArray *stream;               /* MeepleEvent: every event, setup first */

  /* the action being checked */
  const char *stage;
  guint n_applied;
  char *text;
  guint decider, game_turn;
  gboolean final_action;        /* its events end the game */

  /* shadow, from the events only */
  int score[MEEPLE_MAX_PLAYERS];
  GArray *spots;                /* Spot */
  GArray *circs;                /* Circ */
  guint bank;                   /* MIST-01 */
  guint hand;                   /* out of circles, not yet handed out */
  int active;
  guint turn;

  /* this turn's tile and what it did (PLACE_GHOSTS) */
  gboolean placed, ghost_over;
  int tx, ty;
  guint ttype;
  gboolean thick, disp;
  guint thick_areas, contacts, n_completed, tile_circles;
  int completed_args[MIST_MAX_AREAS];
  guint seen_thick, seen_disp, seen_completed;
  int seen_disp_arg;
  int seen_completed_args[MIST_MAX_AREAS];
  guint added[N_RULES], lost[N_RULES], emptied[N_RULES], lost11;
  guint min_bank;
  int sc07_owner;

  /* queued expectations and the event before */
  Expect expect[MAX_EXPECT];
  guint n_expect, i_expect;
  MeepleEvent prev;
  gboolean has_prev;

  /* final scoring */
  int last16;                   /* seat of the last MIST-16 event, -1 */
  gboolean got16[MEEPLE_MAX_PLAYERS];
  gboolean over;
} Run;

static void G_GNUC_PRINTF(3, 4)
fail_run(const Run *r, const char *what, const char *format, ...)
{
  va_list args;
  va_start(args, format);
  g_autofree char *message = g_strdup_vprintf(format, args);
  va_end(args);
  ck_abort_msg("game seed %" G_GUINT64_FORMAT ", %u players%s, rules %s%s: "
               "%s action #%u (turn %u, seat %u, '%s'): %s [%s]",
               r->seed, r->n_players, r->no_farmers ? " (no farmers)" : "",
               r->cx->ids, r->greedy ? ", seat 0 greedy" : "",
               r->stage ? r->stage : "after", r->n_applied, r->game_turn,
               r->decider, r->text ? r->text : "setup", message, what);
}

/* The invariant @cond, or a message naming the game and the action. */
#define CHECK(r, cond, ...)                                                 \
  do {                                                                      \
    if (G_UNLIKELY(!(cond)))                                                \
      fail_run((r), #cond, __VA_ARGS__);                                    \
  } while (0)

static const MistState *
mist_of(const Cx *cx, const MeepleGame *game)
{
  return meeple_game_slot_const(game, cx->slot);
}

static gboolean
is_follower(const Run *r, guint type)
{
  return meeple_rules_figure_type(r->cx->rules, type)->is_follower;
}

static const char *
ev_name(const Run *r, guint type)
{
  return meeple_rules_event_type_name(r->cx->rules, type);
}

/* One of the 8 neighbours of (cx, cy) (SC-04). */
static gboolean
neighbour(int x, int y, int cx, int cy)
{
  return abs(x - cx) <= 1 && abs(y - cy) <= 1 && (x != cx || y != cy);
}

/* ---- the mist areas on the board ---------------------------------------- */

typedef struct {
  int x, y;
  guint a;
} Node;

typedef struct {
  GArray *nodes;                /* Node */
  gboolean open, dispersed;
} Area;

static const int side_dx[4] = { 0, 1, 0, -1 };
static const int side_dy[4] = { -1, 0, 1, 0 };

static guint
pos_side(guint p)
{
  return p < 8 ? p / 2 : p - 8;
}

/* The edge segment across the edge: Nw meets the Sw of the tile above,
 * Ne its Se, a road middle the opposite road middle. */
static guint
pos_partner(guint p)
{
  if (p < 8)
    return 2 * ((p / 2 + 2) & 3) + (1 - (p & 1));
  return 8 + ((p - 8 + 2) & 3);
}

/* Mist area of edge segment @p (board orientation) of the tile at (x, y):
 * -2 no tile there, -1 no such edge segment, 0 clear, 1..3.  A quarter
 * turn clockwise moves half-edge h to h + 2 and side s to s + 1. */
static int
area_at(const Run *r, int x, int y, guint p)
{
  MeeplePlacedTile t;
  if (!meeple_game_tile_at(r->game, x, y, &t))
    return -2;
  guint cp = p < 8 ? (p + 8 - 2 * t.rotation) & 7
                   : 8 + ((p - 8 + 4 - t.rotation) & 3);
  return r->cx->tm[t.type].pos[cp];
}

static gboolean
area_has(const Area *ar, int x, int y, guint a)
{
  for (guint i = 0; ar->nodes && i < ar->nodes->len; i++) {
    const Node *n = &g_array_index(ar->nodes, Node, i);
    if (n->x == x && n->y == y && n->a == a)
      return TRUE;
  }
  return FALSE;
}

/* MIST-03, MIST-05: the mist area holding @start, open when a misty edge
 * segment faces an empty cell, dispersed when one meets a clear one. */
static void
area_collect(const Run *r, Node start, Area *ar)
{
  ar->nodes = g_array_new(FALSE, FALSE, sizeof(Node));
  ar->open = ar->dispersed = FALSE;
  g_array_append_val(ar->nodes, start);
  for (guint i = 0; i < ar->nodes->len; i++) {
    Node n = g_array_index(ar->nodes, Node, i);
    for (guint p = 0; p < N_POS; p++) {
      if (area_at(r, n.x, n.y, p) != (int)n.a)
        continue;
      guint s = pos_side(p);
      int nx = n.x + side_dx[s], ny = n.y + side_dy[s];
      int b = area_at(r, nx, ny, pos_partner(p));
      CHECK(r, b != -1, "edge segment %u of %d,%d meets nothing at %d,%d", p,
            n.x, n.y, nx, ny);
      if (b == -2)
        ar->open = TRUE;
      else if (b == 0)
        ar->dispersed = TRUE;
      else if (!area_has(ar, nx, ny, (guint)b)) {
        Node next = { nx, ny, (guint)b };
        g_array_append_val(ar->nodes, next);
      }
    }
  }
}

static void
areas_free(GPtrArray *areas)
{
  for (guint i = 0; i < areas->len; i++) {
    Area *ar = areas->pdata[i];
    g_array_unref(ar->nodes);
    g_free(ar);
  }
  g_ptr_array_unref(areas);
}

/* The area holding @n: one of @areas, or a new one added to them. */
static const Area *
area_of(const Run *r, GPtrArray *areas, Node n)
{
  for (guint i = 0; i < areas->len; i++)
    if (area_has(areas->pdata[i], n.x, n.y, n.a))
      return areas->pdata[i];
  Area *ar = g_new0(Area, 1);
  area_collect(r, n, ar);
  g_ptr_array_add(areas, ar);
  return ar;
}

static gboolean
area_completed(const Area *ar)
{
  return !ar->open && !ar->dispersed;
}

/* ---- the shadow's spots and circles ------------------------------------- */

static Spot *
spot_find(const Run *r, int owner, guint type, int x, int y, guint seg)
{
  for (guint i = 0; i < r->spots->len; i++) {
    Spot *s = &g_array_index(r->spots, Spot, i);
    if (s->owner == owner && s->type == type && s->x == x && s->y == y &&
        s->seg == seg)
      return s;
  }
  return NULL;
}

static Spot *
spot_of(const Run *r, const MeepleEvent *e)
{
  return spot_find(r, e->player, e->figure, e->x, e->y, e->segment);
}

static Circ *
circ_find(const Run *r, int x, int y, guint seg)
{
  for (guint i = 0; i < r->circs->len; i++) {
    Circ *c = &g_array_index(r->circs, Circ, i);
    if (c->x == x && c->y == y && c->seg == seg)
      return c;
  }
  return NULL;
}

static guint
seat_ghosts(const Run *r, int seat)
{
  guint n = 0;
  for (guint i = 0; i < r->spots->len; i++) {
    const Spot *s = &g_array_index(r->spots, Spot, i);
    if (s->owner == seat)
      n += s->ghosts;
  }
  return n;
}

/* MIST-10: a follower of the group of instruction @ri is on the board. */
static gboolean
group_has_follower(const Run *r, int ri)
{
  for (guint i = 0; i < r->spots->len; i++) {
    const Spot *s = &g_array_index(r->spots, Spot, i);
    if (s->figs == 0 || !is_follower(r, s->type))
      continue;
    switch (rule_group[ri]) {
    case MIST_TO_OWN:
      if (s->owner == r->active)
        return TRUE;
      break;
    case MIST_TO_ONE_OPPONENT:
      if (s->owner != r->active &&
          (r->sc07_owner < 0 || s->owner == r->sc07_owner))
        return TRUE;
      break;
    default:
      if (s->owner != r->active)
        return TRUE;
      break;
    }
  }
  return FALSE;
}

/* SC-04, AMB-32: ghosts within reach of the new tile. */
static guint
shadow_reach(const Run *r)
{
  guint n = 0;
  for (guint i = 0; i < r->spots->len; i++) {
    const Spot *s = &g_array_index(r->spots, Spot, i);
    if (neighbour(s->x, s->y, r->tx, r->ty))
      n += s->ghosts;
  }
  for (guint i = 0; i < r->circs->len; i++) {
    const Circ *c = &g_array_index(r->circs, Circ, i);
    if (neighbour(c->x, c->y, r->tx, r->ty))
      n += c->ghosts;
  }
  return n;
}

static void
bank_take(Run *r, const char *why)
{
  CHECK(r, r->bank > 0, "%s: a ghost from the empty bank", why);
  r->bank--;
  r->min_bank = MIN(r->min_bank, r->bank);
}

/* ---- queued expectations ------------------------------------------------ */

static void
expect_push(Run *r, Expect x)
{
  CHECK(r, r->n_expect < MAX_EXPECT, "too many expectations");
  r->expect[r->n_expect++] = x;
}

/* PD-21, AMB-03: the fairy staying behind when its follower leaves comes
 * among the returns; it is no event of the mist. */
static gboolean
fairy_left(const MeepleEvent *e)
{
  return e->type == MEEPLE_EVENT_FIGURE_MOVED && e->player < 0 &&
         rule_is(e, "AMB-03");
}

/* TRUE when @e is the event the queue waits for (and takes it); fails
 * when the queue waits for another one. */
static gboolean
expect_take(Run *r, const MeepleEvent *e)
{
  if (r->i_expect == r->n_expect || fairy_left(e))
    return FALSE;
  const Expect *x = &r->expect[r->i_expect];
  CHECK(r, e->type == x->type && rule_is(e, x->rule) &&
               (x->player < 0 || e->player == x->player) &&
               (x->figure < 0 || e->figure == x->figure) &&
               (!x->at || (e->x == x->x && e->y == x->y)) &&
               (x->seg < 0 || e->segment == x->seg) &&
               (x->arg < 0 || e->arg == x->arg) &&
               (!x->check_points || e->points == x->points),
        "expected %s (%s, seat %d, figure %d at %d,%d/%d, arg %d, %d points), "
        "got %s (%s, seat %d, figure %u at %d,%d/%u, arg %d, %d points)",
        ev_name(r, x->type), x->rule, x->player, x->figure, x->x, x->y,
        x->seg, x->arg, x->points, ev_name(r, e->type),
        e->rule ? e->rule : "-", e->player, e->figure, e->x, e->y,
        e->segment, e->arg, e->points);
  if (++r->i_expect == r->n_expect)
    r->n_expect = r->i_expect = 0;
  return TRUE;
}

/* ---- the turn's tile ---------------------------------------------------- */

/* What placing the tile at (tx, ty) did to the mist (MIST-05..08,
 * AMB-18..21), and which circles SC-06..08 may take from. */
static void
analyse_placement(Run *r)
{
  const TypeMist *m = &r->cx->tm[r->ttype];
  Node disp[16];
  guint n_disp = 0;
  for (guint p = 0; p < N_POS; p++) {
    int a = area_at(r, r->tx, r->ty, p);
    if (a < 0)
      continue;
    guint s = pos_side(p);
    int b = area_at(r, r->tx + side_dx[s], r->ty + side_dy[s],
                    pos_partner(p));
    if (b == -2)
      continue;
    CHECK(r, b >= 0, "edge segment %u of the new tile meets nothing", p);
    if (a > 0 && b > 0) {
      r->thick = TRUE; /* MIST-07 */
      r->thick_areas |= 1u << a;
    } else if (a > 0 || b > 0) {
      r->disp = TRUE; /* MIST-08, AMB-18 (b): either way round */
      r->contacts++;
      CHECK(r, n_disp < G_N_ELEMENTS(disp), "%u contacts", n_disp);
      disp[n_disp++] = a > 0 ? (Node){ r->tx, r->ty, (guint)a }
                             : (Node){ r->tx + side_dx[s],
                                       r->ty + side_dy[s], (guint)b };
    }
  }
  GPtrArray *tile_areas = g_ptr_array_new();
  GPtrArray *disp_areas = g_ptr_array_new();
  for (guint a = 1; a <= MIST_MAX_AREAS; a++) {
    if (!(m->areas & (1u << a)))
      continue;
    guint before = tile_areas->len;
    const Area *ar = area_of(r, tile_areas, (Node){ r->tx, r->ty, a });
    if (tile_areas->len > before && area_completed(ar))
      r->completed_args[r->n_completed++] = (int)ar->nodes->len; /* MIST-05 */
  }
  for (guint i = 0; i < n_disp; i++)
    area_of(r, disp_areas, disp[i]);
  for (guint i = 0; i < r->circs->len; i++) {
    Circ *c = &g_array_index(r->circs, Circ, i);
    for (guint k = 0; k < tile_areas->len; k++) {
      const Area *ar = tile_areas->pdata[k];
      if (!area_has(ar, c->x, c->y, c->area))
        continue;
      c->in_completed |= area_completed(ar);
      for (guint a = 1; a <= MIST_MAX_AREAS; a++)
        c->in_thick_open |= (r->thick_areas & (1u << a)) &&
                            !area_completed(ar) &&
                            area_has(ar, r->tx, r->ty, a);
    }
    for (guint k = 0; k < disp_areas->len; k++)
      c->in_dispersed |= area_has(disp_areas->pdata[k], c->x, c->y, c->area);
  }
  areas_free(tile_areas);
  areas_free(disp_areas);
}

static void
tile_placed(Run *r, const MeepleEvent *e)
{
  if (e->player < 0) {
    /* BASE-02: the start tile, before any ghost */
    CHECK(r, r->cx->tm[e->tile].areas == 0, "misty start tile");
    return;
  }
  CHECK(r, !r->placed, "second tile this turn");
  CHECK(r, e->player == r->active, "tile of seat %d, active %d", e->player,
        r->active);
  r->placed = TRUE;
  r->ghost_over = FALSE;
  r->tx = e->x;
  r->ty = e->y;
  r->ttype = e->tile;
  r->min_bank = r->bank;
  r->sc07_owner = -1;
  const TypeMist *m = &r->cx->tm[e->tile];
  r->tile_circles = m->n_circles;
  /* SC-02: the tile's circles, empty until SC-04 fills them */
  for (guint a = 1; a <= MIST_MAX_AREAS; a++)
    if (m->circles[a] > 0) {
      Circ c = { .x = e->x, .y = e->y, .area = a,
                 .seg = (guint)m->circle_seg[a], .capacity = m->circles[a],
                 .turn = r->turn };
      g_array_append_val(r->circs, c);
    }
  analyse_placement(r);
}

static int
compare_int(const void *a, const void *b)
{
  return *(const int *)a - *(const int *)b;
}

/* The turn's PLACE_GHOSTS is long over: everything its tile owed was
 * handed out (MIST-07, MIST-08, SC-03..SC-08, AMB-30, AMB-33). */
static void
close_turn(Run *r)
{
  if (!r->placed)
    return;
  /* MIST-05..08: the mist events of the tile */
  CHECK(r, r->seen_thick == (r->thick ? 1u : 0u), "%u mist-thickened, "
        "the tile thickens %d", r->seen_thick, r->thick);
  CHECK(r, r->seen_disp == (r->disp ? 1u : 0u), "%u mist-dispersed, the "
        "tile disperses %d", r->seen_disp, r->disp);
  CHECK(r, !r->disp || r->seen_disp_arg == (int)r->contacts,
        "mist-dispersed names %d contacts, the tile makes %u",
        r->seen_disp_arg, r->contacts);
  CHECK(r, r->seen_completed == r->n_completed, "%u mist-completed, the "
        "tile completes %u mists", r->seen_completed, r->n_completed);
  qsort(r->completed_args, r->n_completed, sizeof(int), compare_int);
  qsort(r->seen_completed_args, r->seen_completed, sizeof(int), compare_int);
  for (guint i = 0; i < r->n_completed; i++)
    CHECK(r, r->completed_args[i] == r->seen_completed_args[i],
          "completed mist of %d tiles, event says %d", r->completed_args[i],
          r->seen_completed_args[i]);
  /* the bank ghosts: one for thickening, one for dispersal, or SC-03's
   * one per circle of a dispersing spell-circle tile instead (AMB-30);
   * each added or lost (MIST-10, MIST-11) */
  guint want[N_RULES] = { 0 };
  want[R_MIST07] = r->thick;
  if (r->disp && r->tile_circles > 0)
    want[R_SC03] = r->tile_circles;
  else
    want[R_MIST08] = r->disp;
  guint sum_want = 0, sum_got = r->lost11;
  for (int i = R_MIST07; i <= R_SC03; i++) {
    guint got = r->added[i] + r->lost[i];
    CHECK(r, got <= want[i], "%u %s ghosts handed out or lost, %u owed",
          got, rule_ids[i], want[i]);
    sum_want += want[i];
    sum_got += got;
  }
  CHECK(r, sum_got == sum_want, "%u bank ghosts handed out or lost (%u of "
        "them MIST-11), %u owed", sum_got, r->lost11, sum_want);
  /* the circle ghosts: every one taken out went to a follower or back */
  for (int i = R_SC06; i <= R_SC08; i++)
    CHECK(r, r->emptied[i] == r->added[i] + r->lost[i], "%u ghosts out of "
          "circles by %s, %u added, %u lost", r->emptied[i], rule_ids[i],
          r->added[i], r->lost[i]);
  gboolean want06 = FALSE;
  for (guint i = 0; i < r->circs->len; i++) {
    Circ *c = &g_array_index(r->circs, Circ, i);
    guint after_fill = c->ghosts + c->taken; /* as G2 left it */
    /* SC-06, SC-05, AMB-33: one ghost of an older occupied circle of the
     * thickened mist this tile did not complete */
    want06 |= c->turn != r->turn && c->in_thick_open && after_fill > 0;
    /* SC-07, SC-07.1, AMB-34: every circle of a completed mist empty */
    CHECK(r, !c->in_completed || c->ghosts == 0, "circle %d,%d/%u of a "
          "completed mist keeps %u ghosts", c->x, c->y, c->seg, c->ghosts);
    /* SC-08, SC-05: every older circle of a dispersed mist empty */
    CHECK(r, !c->in_dispersed || c->turn == r->turn || c->ghosts == 0,
          "circle %d,%d/%u of a dispersed mist keeps %u ghosts", c->x, c->y,
          c->seg, c->ghosts);
    /* SC-04: the new circles full, unless the bank ran dry */
    if (c->turn == r->turn) {
      CHECK(r, after_fill <= c->capacity, "circle %d,%d/%u: %u of %u",
            c->x, c->y, c->seg, after_fill, c->capacity);
      CHECK(r, after_fill == c->capacity || r->min_bank == 0,
            "new circle %d,%d/%u holds %u of %u, the bank never ran dry",
            c->x, c->y, c->seg, after_fill, c->capacity);
    }
    c->in_completed = c->in_thick_open = c->in_dispersed = FALSE;
    c->taken = 0;
  }
  CHECK(r, r->emptied[R_SC06] == (want06 ? 1u : 0u), "%u ghosts out of "
        "circles by SC-06, %d owed", r->emptied[R_SC06], want06);
  r->placed = r->thick = r->disp = FALSE;
  r->thick_areas = r->contacts = r->n_completed = r->tile_circles = 0;
  r->seen_thick = r->seen_disp = r->seen_completed = 0;
  r->seen_disp_arg = 0;
  memset(r->added, 0, sizeof r->added);
  memset(r->lost, 0, sizeof r->lost);
  memset(r->emptied, 0, sizeof r->emptied);
  r->lost11 = 0;
  r->sc07_owner = -1;
}

/* A ghost event: only in PLACE_GHOSTS of a turn that placed a tile. */
static void
in_ghost_phase(Run *r, const MeepleEvent *e)
{
  CHECK(r, r->placed && !r->ghost_over, "%s (%s) outside PLACE_GHOSTS "
        "(tile placed %d)", ev_name(r, e->type), e->rule ? e->rule : "-",
        r->placed);
}

/* ---- the events of one action, in order --------------------------------- */

static void
mist_event(Run *r, const MeepleEvent *e)
{
  in_ghost_phase(r, e);
  CHECK(r, e->player == r->active && e->x == r->tx && e->y == r->ty,
        "%s of seat %d at %d,%d, tile of seat %d at %d,%d",
        ev_name(r, e->type), e->player, e->x, e->y, r->active, r->tx, r->ty);
  if (e->type == r->cx->ev_thick) {
    CHECK(r, rule_is(e, "MIST-07"), "mist-thickened by %s", e->rule);
    r->seen_thick++;
    r->tally->thickened++;
  } else if (e->type == r->cx->ev_disp) {
    CHECK(r, rule_is(e, "MIST-08"), "mist-dispersed by %s", e->rule);
    r->seen_disp++;
    r->seen_disp_arg = e->arg;
    r->tally->dispersed++;
  } else {
    CHECK(r, rule_is(e, "MIST-05"), "mist-completed by %s", e->rule);
    CHECK(r, r->seen_completed < MIST_MAX_AREAS, "too many mist-completed");
    r->seen_completed_args[r->seen_completed++] = e->arg;
    r->tally->completed++;
  }
}

/* ghost-added: one ghost onto one follower (MIST-07..12, SC-03, SC-06..09) */
static void
ghost_added(Run *r, const MeepleEvent *e)
{
  in_ghost_phase(r, e);
  int ri = rule_index(e->rule);
  CHECK(r, ri >= 0, "ghost added by %s", e->rule ? e->rule : "-");
  CHECK(r, r->cx->sc || ri < R_SC03, "%s without Spell Circles", e->rule);
  Spot *s = spot_of(r, e);
  CHECK(r, s && s->figs > 0 && e->player >= 0 && is_follower(r, e->figure),
        "ghost onto seat %d's figure %u at %d,%d/%u: no follower there",
        e->player, e->figure, e->x, e->y, e->segment);
  /* MIST-10: the group of the instruction */
  switch (rule_group[ri]) {
  case MIST_TO_OWN:
    CHECK(r, e->player == r->active, "%s ghost to seat %d, active %d",
          e->rule, e->player, r->active);
    break;
  case MIST_TO_ONE_OPPONENT:
    /* SC-07: one opponent (with one completed mist, one batch) */
    CHECK(r, e->player != r->active, "SC-07 ghost to the active seat");
    if (r->n_completed == 1 && r->sc07_owner >= 0)
      CHECK(r, e->player == r->sc07_owner, "SC-07 ghosts to seats %d and "
            "%d", r->sc07_owner, e->player);
    if (r->sc07_owner < 0)
      r->sc07_owner = e->player;
    break;
  default:
    CHECK(r, e->player != r->active, "%s ghost to the active seat %d",
          e->rule, r->active);
    break;
  }
  if (rule_from_bank[ri]) {
    bank_take(r, e->rule);
  } else {
    CHECK(r, r->hand > 0, "%s ghost, none taken out of a circle", e->rule);
    r->hand--;
  }
  s->ghosts++;
  CHECK(r, e->arg >= 1 && e->arg <= MIST_GHOST_LIMIT &&
               (s->figs == 1 ? e->arg == (int)s->ghosts
                             : e->arg <= (int)s->ghosts),
        "ghost-added says %d ghosts, the spot has %u on %u figures", e->arg,
        s->ghosts, s->figs);
  r->added[ri]++;
  r->tally->added[ri]++;
  if (e->arg >= MIST_GHOST_LIMIT) /* MIST-12: home at once */
    expect_push(r, (Expect){ .type = MEEPLE_EVENT_FIGURE_RETURNED,
                             .rule = "MIST-12", .player = e->player,
                             .figure = e->figure, .at = TRUE, .x = e->x,
                             .y = e->y, .seg = e->segment, .arg = -1 });
}

/* ghost-lost: nobody may take the ghost (MIST-10, MIST-11, SC-09) */
static void
ghost_lost(Run *r, const MeepleEvent *e)
{
  in_ghost_phase(r, e);
  CHECK(r, e->arg >= 1 && e->player == r->active, "ghost-lost of seat %d, "
        "arg %d", e->player, e->arg);
  r->tally->lost += (guint)e->arg;
  if (rule_is(e, "MIST-11")) {
    CHECK(r, r->bank == 0, "MIST-11 with %u ghosts in the bank", r->bank);
    r->lost11 += (guint)e->arg;
    r->tally->lost11++;
    return;
  }
  int ri = rule_index(e->rule);
  CHECK(r, ri >= 0, "ghost lost by %s", e->rule ? e->rule : "-");
  CHECK(r, !group_has_follower(r, ri), "%d %s ghosts lost, a follower of "
        "the group is on the board", e->arg, e->rule);
  if (!rule_from_bank[ri]) {
    /* back into the bank (SC-09, AMB-22) */
    CHECK(r, r->hand >= (guint)e->arg, "%d %s ghosts lost, %u in hand",
          e->arg, e->rule, r->hand);
    r->hand -= (guint)e->arg;
    r->bank += (guint)e->arg;
  }
  r->lost[ri] += (guint)e->arg;
}

/* ghost-raised: SC-04 takes a ghost off a follower on a neighbour. */
static void
ghost_raised(Run *r, const MeepleEvent *e)
{
  in_ghost_phase(r, e);
  Spot *s = spot_of(r, e);
  CHECK(r, rule_is(e, "SC-04") && s && s->figs > 0 && s->ghosts > 0,
        "ghost raised (%s) off seat %d's figure at %d,%d/%u with no ghost",
        e->rule ? e->rule : "-", e->player, e->x, e->y, e->segment);
  CHECK(r, neighbour(e->x, e->y, r->tx, r->ty), "ghost raised at %d,%d, "
        "tile at %d,%d (SC-04: the 8 neighbours)", e->x, e->y, r->tx, r->ty);
  s->ghosts--;
  CHECK(r, s->figs == 1 ? e->arg == (int)s->ghosts
                        : e->arg >= 0 && e->arg <= (int)s->ghosts,
        "ghost-raised leaves %d, the spot has %u", e->arg, s->ghosts);
  r->tally->sc04_near++;
  expect_push(r, (Expect){ .type = (guint)r->cx->ev_filled, .rule = "SC-04",
                           .player = -1, .figure = -1, .at = TRUE,
                           .x = r->tx, .y = r->ty, .seg = -1, .arg = -1 });
}

static void
circle_emptied(Run *r, const MeepleEvent *e)
{
  in_ghost_phase(r, e);
  Circ *c = circ_find(r, e->x, e->y, e->segment);
  CHECK(r, c && e->arg >= 1 && (guint)e->arg <= c->ghosts,
        "%d ghosts out of circle %d,%d/%u holding %u", e->arg, e->x, e->y,
        e->segment, c ? c->ghosts : 0);
  int ri = rule_index(e->rule);
  if (rule_is(e, "SC-04")) {
    CHECK(r, e->arg == 1 && neighbour(c->x, c->y, r->tx, r->ty),
          "SC-04 takes %d from circle %d,%d, tile at %d,%d", e->arg, c->x,
          c->y, r->tx, r->ty);
    r->tally->sc04_near++;
    expect_push(r, (Expect){ .type = (guint)r->cx->ev_filled, .rule = "SC-04",
                             .player = -1, .figure = -1, .at = TRUE,
                             .x = r->tx, .y = r->ty, .seg = -1, .arg = -1 });
  } else {
    CHECK(r, ri >= R_SC06, "circle emptied by %s", e->rule ? e->rule : "-");
    if (ri == R_SC06)
      CHECK(r, e->arg == 1 && c->turn != r->turn && c->in_thick_open,
            "SC-06 takes %d from circle %d,%d/%u (new %d, in the thickened "
            "open mist %d)", e->arg, c->x, c->y, c->seg, c->turn == r->turn,
            c->in_thick_open);
    else if (ri == R_SC07)
      CHECK(r, (guint)e->arg == c->ghosts && c->in_completed,
            "SC-07 takes %d of %u from circle %d,%d/%u (in a completed mist "
            "%d)", e->arg, c->ghosts, c->x, c->y, c->seg, c->in_completed);
    else
      CHECK(r, (guint)e->arg == c->ghosts && c->turn != r->turn &&
                   c->in_dispersed,
            "SC-08 takes %d of %u from circle %d,%d/%u (new %d, dispersed "
            "%d)", e->arg, c->ghosts, c->x, c->y, c->seg, c->turn == r->turn,
            c->in_dispersed);
    r->hand += (guint)e->arg;
    r->emptied[ri] += (guint)e->arg;
    c->taken += (guint)e->arg;
    if (ri == R_SC06)
      r->tally->sc06++;
    if (ri == R_SC07) {
      r->tally->sc07++;
      r->tally->sc07_own += c->turn == r->turn;
    }
    if (ri == R_SC08)
      r->tally->sc08++;
  }
  c->ghosts -= (guint)e->arg;
}

/* circle-filled: SC-04, one ghost at a time into the new tile's circles,
 * from a neighbour (queued) or else from the bank. */
static void
circle_filled(Run *r, const MeepleEvent *e, gboolean queued)
{
  in_ghost_phase(r, e);
  Circ *c = circ_find(r, e->x, e->y, e->segment);
  CHECK(r, rule_is(e, "SC-04") && c && c->x == r->tx && c->y == r->ty &&
               c->turn == r->turn,
        "circle %d,%d/%u filled (%s), tile at %d,%d", e->x, e->y, e->segment,
        e->rule ? e->rule : "-", r->tx, r->ty);
  CHECK(r, (guint)e->arg == c->ghosts + 1 && (guint)e->arg <= c->capacity,
        "circle-filled says %d, circle held %u of %u", e->arg, c->ghosts,
        c->capacity);
  if (!queued) {
    /* AMB-32: the bank only when no ghost is within reach */
    CHECK(r, shadow_reach(r) == 0, "circle filled from the bank, %u ghosts "
          "on the neighbours", shadow_reach(r));
    bank_take(r, "SC-04");
    r->tally->sc04_bank++;
  }
  c->ghosts = (guint)e->arg;
}

static void
figure_placed(Run *r, const MeepleEvent *e)
{
  if (e->player < 0)
    return;
  CHECK(r, is_follower(r, e->figure), "owned figure %u is no follower",
        e->figure);
  Spot *s = spot_of(r, e);
  if (!s) {
    Spot n = { .owner = e->player, .type = e->figure, .x = e->x, .y = e->y,
               .seg = e->segment };
    g_array_append_val(r->spots, n);
    s = &g_array_index(r->spots, Spot, r->spots->len - 1);
  }
  s->figs++;
  r->ghost_over |= r->placed;
}

static void
figure_returned(Run *r, const MeepleEvent *e, gboolean queued)
{
  if (e->player < 0)
    return;
  Spot *s = spot_of(r, e);
  CHECK(r, s && s->figs > 0, "seat %d's figure %u returned from %d,%d/%u, "
        "not there", e->player, e->figure, e->x, e->y, e->segment);
  guint before = s->figs--;
  if (rule_is(e, "MIST-12")) {
    /* MIST-12: only right after its third ghost; the 3 go to the bank */
    CHECK(r, queued && s->ghosts >= MIST_GHOST_LIMIT, "MIST-12 return "
          "without a third ghost (%u on the spot)", s->ghosts);
    r->tally->mist12++;
    expect_push(r, (Expect){ .type = r->cx->ev_returned, .rule = "MIST-12",
                             .player = e->player, .figure = e->figure,
                             .at = TRUE, .x = e->x, .y = e->y,
                             .seg = e->segment, .arg = MIST_GHOST_LIMIT });
    return;
  }
  if (!rule_is(e, "PD-13"))
    r->ghost_over |= r->placed;
  /* one figure on the spot: its ghosts are the spot's (acrobats sharing a
   * spot: ghosts-returned may follow, checked in ghosts_returned()) */
  if (before == 1 && s->ghosts > 0)
    expect_push(r, (Expect){ .type = r->cx->ev_returned,
                             .rule = scoring_return(e->rule) ? "MIST-14"
                                                             : "MIST-17",
                             .player = e->player, .figure = e->figure,
                             .at = TRUE, .x = e->x, .y = e->y,
                             .seg = e->segment, .arg = (int)s->ghosts });
}

/* ghosts-returned: right after its follower's figure-returned (MIST-13),
 * into the bank; MIST-14 when the return was a scoring, then the penalty
 * (MIST-15: at most the player's score). */
static void
ghosts_returned(Run *r, const MeepleEvent *e)
{
  const MeepleEvent *p = &r->prev;
  CHECK(r, r->has_prev && p->type == MEEPLE_EVENT_FIGURE_RETURNED &&
               p->player == e->player && p->figure == e->figure &&
               p->x == e->x && p->y == e->y && p->segment == e->segment,
        "ghosts-returned at %d,%d/%u not right after its follower left",
        e->x, e->y, e->segment);
  Spot *s = spot_of(r, e);
  CHECK(r, s && e->arg >= 1 && (guint)e->arg <= s->ghosts,
        "%d ghosts returned from %d,%d/%u, the spot has %u", e->arg, e->x,
        e->y, e->segment, s ? s->ghosts : 0);
  const char *want = rule_is(p, "MIST-12") ? "MIST-12"
                     : scoring_return(p->rule) ? "MIST-14" : "MIST-17";
  CHECK(r, rule_is(e, want), "ghosts-returned cites %s after a %s return, "
        "want %s", e->rule ? e->rule : "-", p->rule ? p->rule : "-", want);
  s->ghosts -= (guint)e->arg;
  r->bank += (guint)e->arg;
  if (rule_is(p, "PD-10"))
    r->tally->x06++;
  if (rule_is(p, "PD-13"))
    r->tally->x19++;
  if (strcmp(want, "MIST-14") == 0) {
    int take = MIN(MAX(r->score[e->player], 0), 2 * e->arg);
    expect_push(r, (Expect){ .type = MEEPLE_EVENT_POINTS_SCORED,
                             .rule = "MIST-14", .player = e->player,
                             .figure = -1, .at = TRUE, .x = e->x, .y = e->y,
                             .seg = e->segment, .arg = e->arg,
                             .check_points = TRUE, .points = -take });
    r->tally->pen14_abbot += rule_is(p, "ABBOT-06");
    r->tally->pen14_circus += rule_is(p, "CIRCUS-14");
  }
}

/* MIST-16, MIST-15: -1 per ghost still on a follower, one event per seat
 * with ghosts, in seat order, after all other final scoring. */
static void
final_penalty(Run *r, const MeepleEvent *e)
{
  CHECK(r, r->final_action, "MIST-16 outside the last action");
  CHECK(r, e->player > r->last16, "MIST-16 of seat %d after seat %d",
        e->player, r->last16);
  guint ghosts = seat_ghosts(r, e->player);
  int take = MIN(MAX(r->score[e->player], 0), (int)ghosts);
  CHECK(r, ghosts > 0 && e->arg == (int)ghosts && e->points == -take,
        "MIST-16 of seat %d: %d points for %d ghosts, want %d for %u",
        e->player, e->points, e->arg, -take, ghosts);
  r->last16 = e->player;
  r->got16[e->player] = TRUE;
  r->tally->pen16++;
  r->tally->floored += take < (int)ghosts;
}

static void
points_scored(Run *r, const MeepleEvent *e, gboolean queued)
{
  CHECK(r, e->player >= 0 && e->player < (int)r->n_players, "points of "
        "seat %d", e->player);
  CHECK(r, r->last16 < 0 || rule_is(e, "MIST-16"), "%s points after the "
        "final ghost penalty", e->rule ? e->rule : "-");
  if (rule_is(e, "MIST-14")) {
    CHECK(r, queued, "MIST-14 penalty without its ghosts-returned");
    r->tally->pen14++;
    r->tally->floored += -e->points < 2 * e->arg;
  } else if (rule_is(e, "MIST-16")) {
    final_penalty(r, e);
  } else {
    CHECK(r, e->points >= 0, "%d points by %s: only MIST-14 and MIST-16 "
          "take points", e->points, e->rule ? e->rule : "-");
  }
  r->score[e->player] += e->points;
  CHECK(r, r->score[e->player] >= 0, "seat %d down to %d (MIST-15)",
        e->player, r->score[e->player]);
  r->ghost_over |= r->placed;
}

static void
game_over(Run *r)
{
  close_turn(r);
  for (guint p = 0; p < r->n_players; p++)
    CHECK(r, r->got16[p] == (seat_ghosts(r, (int)p) > 0),
          "seat %u: MIST-16 %d, %u ghosts on its followers", p, r->got16[p],
          seat_ghosts(r, (int)p));
  r->over = TRUE;
}

static void
walk_events(Run *r, const MeepleEvent *ev, gsize n)
{
  const Cx *cx = r->cx;
  r->final_action = FALSE;
  for (gsize i = 0; i < n; i++)
    r->final_action |= ev[i].type == MEEPLE_EVENT_GAME_OVER;
  for (gsize i = 0; i < n; i++) {
    const MeepleEvent *e = &ev[i];
    g_array_append_val(r->stream, *e);
    CHECK(r, !r->over || e->type == MEEPLE_EVENT_WINNER,
          "event %s after game-over", ev_name(r, e->type));
    gboolean queued = expect_take(r, e);
    int type = e->type;
    if (type == MEEPLE_EVENT_TURN_STARTED) {
      close_turn(r);
      r->active = e->player;
      r->turn = (guint)e->arg;
    } else if (type == MEEPLE_EVENT_TILE_PLACED) {
      tile_placed(r, e);
    } else if (type == MEEPLE_EVENT_FIGURE_PLACED) {
      figure_placed(r, e);
    } else if (type == MEEPLE_EVENT_FIGURE_RETURNED) {
      figure_returned(r, e, queued);
    } else if (type == MEEPLE_EVENT_FIGURE_MOVED) {
      CHECK(r, e->player < 0, "seat %d's figure moved (%s)", e->player,
            e->rule ? e->rule : "-");
    } else if (type == MEEPLE_EVENT_FEATURE_COMPLETED) {
      r->ghost_over |= r->placed;
    } else if (type == MEEPLE_EVENT_POINTS_SCORED) {
      points_scored(r, e, queued);
    } else if (type == MEEPLE_EVENT_GAME_OVER) {
      game_over(r);
    } else if (type == (int)cx->ev_thick || type == (int)cx->ev_disp ||
               type == (int)cx->ev_completed) {
      mist_event(r, e);
    } else if (type == (int)cx->ev_added) {
      ghost_added(r, e);
    } else if (type == (int)cx->ev_lost) {
      ghost_lost(r, e);
    } else if (type == (int)cx->ev_returned) {
      ghosts_returned(r, e);
    } else if (type == cx->ev_raised) {
      ghost_raised(r, e);
    } else if (type == cx->ev_emptied) {
      circle_emptied(r, e);
    } else if (type == cx->ev_filled) {
      circle_filled(r, e, queued);
    }
    if (!fairy_left(e)) {
      r->prev = *e;
      r->has_prev = TRUE;
    }
  }
  CHECK(r, r->n_expect == 0, "%u expected events missing, the next a %s "
        "(%s)", r->n_expect - r->i_expect,
        r->n_expect ? ev_name(r, r->expect[r->i_expect].type) : "-",
        r->n_expect ? r->expect[r->i_expect].rule : "-");
  /* spots left empty: their ghosts left with the last figure */
  for (guint i = r->spots->len; i-- > 0;) {
    const Spot *s = &g_array_index(r->spots, Spot, i);
    if (s->figs > 0)
      continue;
    CHECK(r, s->ghosts == 0, "seat %d's spot %d,%d/%u is empty with %u "
          "ghosts", s->owner, s->x, s->y, s->seg, s->ghosts);
    g_array_remove_index_fast(r->spots, i);
  }
}

/* ---- checkers of the pending decision (before each action) -------------- */

/* DESIGN invariant 2: a complete list of distinct legal actions. */
static void
check_distinct(const Run *r, const MeepleDecision *d)
{
  CHECK(r, d->n_actions > 0, "decision without actions");
  g_autofree char *repeated = tu_repeated_action(r->game, d);
  CHECK(r, !repeated, "action '%s' offered twice", repeated);
}

static gboolean
ghost_action(const Cx *cx, guint kind)
{
  return kind == cx->act_haunt || (int)kind == cx->act_ghost_from ||
         (int)kind == cx->act_circle_from || (int)kind == cx->act_circle_ghost;
}

/* MIST-10, MIST-12, SC-09, AMB-22, AMB-26: the followers the head batch
 * may go to, each once, and only when there is a choice. */
static void
check_haunt(Run *r, const MeepleDecision *d, const MistState *st)
{
  CHECK(r, st->n_batches > 0 && st->batches[0].count > 0, "haunt decision "
        "with %u batches", st->n_batches);
  const MistBatch *b = &st->batches[0];
  int ri = rule_index(b->rule);
  CHECK(r, ri >= 0 && b->group == (guint8)rule_group[ri] &&
               b->from_bank == rule_from_bank[ri],
        "batch of %s: group %u, from the bank %d", b->rule ? b->rule : "-",
        b->group, b->from_bank);
  CHECK(r, !b->from_bank || st->bank > 0, "%s from the empty bank", b->rule);
  if (ri == R_SC07 && b->chosen >= 0 && r->n_completed == 1 &&
      r->sc07_owner >= 0)
    CHECK(r, b->chosen == r->sc07_owner, "SC-07 batch for seat %d, ghosts "
          "went to seat %d", b->chosen, r->sc07_owner);
  guint n_figs = meeple_game_n_figures(r->game);
  g_autofree gboolean *ok = g_new0(gboolean, n_figs);
  guint n_ok = 0;
  for (guint i = 0; i < n_figs; i++) {
    MeepleFigureInfo f = meeple_game_figure(r->game, i);
    if (!f.on_board || f.owner < 0 || !is_follower(r, f.type))
      continue;
    gboolean in = b->group == MIST_TO_OWN ? f.owner == r->active
                  : b->group == MIST_TO_ONE_OPPONENT
                      ? f.owner != r->active &&
                            (b->chosen < 0 || f.owner == b->chosen)
                      : f.owner != r->active;
    ok[i] = in;
    n_ok += in;
  }
  CHECK(r, n_ok >= 2 && d->n_actions == n_ok, "haunt decision (%s) offers "
        "%" G_GSIZE_FORMAT " followers, %u may take the ghost", b->rule,
        d->n_actions, n_ok);
  for (gsize i = 0; i < d->n_actions; i++) {
    const MeepleAction *a = &d->actions[i];
    CHECK(r, a->kind == r->cx->act_haunt && a->arg < n_figs && ok[a->arg],
          "haunt decision (%s) offers action %u on figure %u", b->rule,
          a->kind, a->arg);
    MeepleFigureInfo f = meeple_game_figure(r->game, a->arg);
    CHECK(r, a->figure == f.type && a->x == f.x && a->y == f.y &&
                 a->segment == f.segment,
          "haunt names figure %u at %d,%d/%u, it stands at %d,%d/%u",
          a->arg, a->x, a->y, a->segment, f.x, f.y, f.segment);
  }
  r->tally->haunt_dec++;
  r->tally->haunt_wide += n_ok > 2;
}

/* SC-04, AMB-32, X-23: every ghost on a follower or in a circle on the 8
 * neighbours, asked only when they are more than the new circles take. */
static void
check_fill(Run *r, const MeepleDecision *d, const MistState *st)
{
  const Cx *cx = r->cx;
  guint room = 0, reach = 0, n_want = 0;
  for (guint i = 0; i < st->n_circles; i++)
    if (st->circles[i].turn == r->turn)
      room += st->circles[i].capacity - st->circles[i].ghosts;
  CHECK(r, room > 0, "fill-circle decision, the new circles are full");
  for (guint i = 0; i < st->n_haunts; i++)
    if (neighbour(st->haunts[i].x, st->haunts[i].y, r->tx, r->ty)) {
      reach += st->haunts[i].ghosts;
      n_want++;
    }
  for (guint i = 0; i < st->n_circles; i++)
    if (neighbour(st->circles[i].x, st->circles[i].y, r->tx, r->ty) &&
        st->circles[i].ghosts > 0) {
      reach += st->circles[i].ghosts;
      n_want++;
    }
  CHECK(r, reach > room && n_want >= 2 && d->n_actions == n_want,
        "fill-circle offers %" G_GSIZE_FORMAT " sources: %u within reach, %u "
        "ghosts, %u places", d->n_actions, n_want, reach, room);
  for (gsize k = 0; k < d->n_actions; k++) {
    const MeepleAction *a = &d->actions[k];
    gboolean found = FALSE;
    if ((int)a->kind == cx->act_ghost_from) {
      for (guint i = 0; i < st->n_haunts && !found; i++) {
        const MistHaunt *h = &st->haunts[i];
        found = h->figure == a->arg && h->x == a->x && h->y == a->y &&
                h->segment == a->segment &&
                neighbour(h->x, h->y, r->tx, r->ty) &&
                meeple_game_figure(r->game, h->figure).type == a->figure;
      }
    } else if ((int)a->kind == cx->act_circle_from) {
      for (guint i = 0; i < st->n_circles && !found; i++) {
        const MistCircles *c = &st->circles[i];
        found = c->x == a->x && c->y == a->y && c->segment == a->segment &&
                c->ghosts > 0 && neighbour(c->x, c->y, r->tx, r->ty);
      }
    }
    g_autofree char *t = meeple_action_to_string(r->game, a);
    CHECK(r, found, "fill-circle offers '%s': no ghost there", t);
  }
  r->tally->fill_dec++;
}

/* SC-05, SC-06, AMB-33: the older occupied circles of the thickened mist
 * the tile did not complete, asked only when there are several. */
static void
check_circle_ghost(Run *r, const MeepleDecision *d)
{
  guint n_want = 0;
  for (guint i = 0; i < r->circs->len; i++) {
    const Circ *c = &g_array_index(r->circs, Circ, i);
    n_want += c->turn != r->turn && c->in_thick_open && c->ghosts > 0;
  }
  CHECK(r, n_want >= 2 && d->n_actions == n_want, "circle-ghost offers %"
        G_GSIZE_FORMAT " circles, %u qualify", d->n_actions, n_want);
  for (gsize k = 0; k < d->n_actions; k++) {
    const MeepleAction *a = &d->actions[k];
    const Circ *c = circ_find(r, a->x, a->y, a->segment);
    CHECK(r, (int)a->kind == r->cx->act_circle_ghost && c &&
                 c->turn != r->turn && c->in_thick_open && c->ghosts > 0,
          "circle-ghost offers circle %d,%d/%u", a->x, a->y, a->segment);
  }
  r->tally->circle_dec++;
}

static void
check_decision(Run *r, const MeepleDecision *d)
{
  const Cx *cx = r->cx;
  const MistState *st = mist_of(cx, r->game);
  check_distinct(r, d);
  gboolean ghostly = d->kind == cx->dec_haunt || (int)d->kind == cx->dec_fill ||
                     (int)d->kind == cx->dec_circle;
  if (!ghostly) {
    for (gsize i = 0; i < d->n_actions; i++)
      CHECK(r, !ghost_action(cx, d->actions[i].kind), "ghost action %u in "
            "decision kind %u", d->actions[i].kind, d->kind);
    return;
  }
  CHECK(r, meeple_game_phase(r->game) == MEEPLE_PHASE_PLACE_GHOSTS &&
               d->player == (guint)r->active && r->placed && !r->ghost_over,
        "ghost decision %u of seat %u in phase %s (active %d, tile placed "
        "%d)", d->kind, d->player,
        meeple_phase_name(meeple_game_phase(r->game)),
        r->active, r->placed);
  if (d->kind == cx->dec_haunt) {
    check_haunt(r, d, st);
    return;
  }
  CHECK(r, st->n_batches == 0, "decision %u with %u ghost batches pending",
        d->kind, st->n_batches);
  if ((int)d->kind == cx->dec_fill)
    check_fill(r, d, st);
  else
    check_circle_ghost(r, d);
}

/* ---- checkers of the state (after every action) ------------------------- */

/* MIST-01, MIST-10, MIST-12, MIST-13, SC-02, SC-09, AMB-26, X-15, X-24:
 * the 15 ghosts conserved; at most 2 on any follower between actions;
 * only owned followers on the board carry them, where MistHaunt says;
 * circles within capacity; the state is the shadow. */
static void
check_mist_state(Run *r)
{
  const MistState *st = mist_of(r->cx, r->game);
  const MeepleDecision *d = meeple_game_decision(r->game);
  CHECK(r, st->bank <= MIST_GHOSTS && st->n_haunts <= MIST_GHOSTS &&
               st->n_circles <= MIST_MAX_CIRCLE_SPOTS &&
               st->n_batches <= MIST_MAX_BATCHES,
        "bank %u, %u haunts, %u circles, %u batches", st->bank, st->n_haunts,
        st->n_circles, st->n_batches);
  if (!d || d->kind != r->cx->dec_haunt)
    CHECK(r, st->n_batches == 0, "%u ghost batches pending, no haunt "
          "decision", st->n_batches);
  guint hand = 0;
  for (guint i = 0; i < st->n_batches; i++)
    if (!st->batches[i].from_bank)
      hand += st->batches[i].count;
  for (guint i = 0; i < r->spots->len; i++) {
    Spot *s = &g_array_index(r->spots, Spot, i);
    s->chk_figs = s->chk_ghosts = 0;
  }
  guint n_figs = meeple_game_n_figures(r->game), owned = 0, on_followers = 0;
  for (guint i = 0; i < n_figs; i++) {
    MeepleFigureInfo f = meeple_game_figure(r->game, i);
    if (!f.on_board || f.owner < 0)
      continue;
    Spot *s = spot_find(r, f.owner, f.type, f.x, f.y, f.segment);
    CHECK(r, s, "seat %d's figure %u on %d,%d/%u, events put none there",
          f.owner, f.type, f.x, f.y, f.segment);
    s->chk_figs++;
    owned++;
  }
  for (guint i = 0; i < st->n_haunts; i++) {
    const MistHaunt *h = &st->haunts[i];
    CHECK(r, h->figure < n_figs, "haunt of figure %u", h->figure);
    MeepleFigureInfo f = meeple_game_figure(r->game, h->figure);
    CHECK(r, f.on_board && f.owner >= 0 && is_follower(r, f.type),
          "figure %u (type %u, seat %d, on board %d) carries %u ghosts",
          h->figure, f.type, f.owner, f.on_board, h->ghosts);
    CHECK(r, f.x == h->x && f.y == h->y && f.segment == h->segment,
          "figure %u stands on %d,%d/%u, its ghosts on %d,%d/%u", h->figure,
          f.x, f.y, f.segment, h->x, h->y, h->segment);
    CHECK(r, h->ghosts >= 1 && h->ghosts < MIST_GHOST_LIMIT,
          "figure %u carries %u ghosts (MIST-12)", h->figure, h->ghosts);
    for (guint j = 0; j < i; j++)
      CHECK(r, st->haunts[j].figure != h->figure, "figure %u haunted twice",
            h->figure);
    spot_find(r, f.owner, f.type, f.x, f.y, f.segment)->chk_ghosts +=
        h->ghosts;
    on_followers += h->ghosts;
  }
  guint figs = 0;
  for (guint i = 0; i < r->spots->len; i++) {
    const Spot *s = &g_array_index(r->spots, Spot, i);
    CHECK(r, s->chk_figs == s->figs && s->chk_ghosts == s->ghosts,
          "seat %d's spot %d,%d/%u: %u figures with %u ghosts, events say "
          "%u with %u", s->owner, s->x, s->y, s->seg, s->chk_figs,
          s->chk_ghosts, s->figs, s->ghosts);
    figs += s->figs;
  }
  CHECK(r, figs == owned, "%u owned figures on the board, events say %u",
        owned, figs);
  guint in_circles = 0, matched = 0;
  for (guint i = 0; i < st->n_circles; i++) {
    const MistCircles *c = &st->circles[i];
    const Circ *s = circ_find(r, c->x, c->y, c->segment);
    CHECK(r, s && s->area == c->area && s->capacity == c->capacity &&
                 s->turn == c->turn && s->ghosts == c->ghosts,
          "circles %d,%d/%u: area %u, %u of %u, turn %u; the tile and "
          "events say area %u, %u of %u, turn %u", c->x, c->y, c->segment,
          c->area, c->ghosts, c->capacity, c->turn, s ? s->area : 0,
          s ? s->ghosts : 0, s ? s->capacity : 0, s ? s->turn : 0);
    CHECK(r, c->ghosts <= c->capacity, "circles %d,%d/%u hold %u of %u",
          c->x, c->y, c->segment, c->ghosts, c->capacity);
    in_circles += c->ghosts;
    matched++;
  }
  /* the new tile's circles appear in the state at SC-04 (G2); a G1
   * decision may come first */
  for (guint i = 0; i < r->circs->len; i++) {
    const Circ *s = &g_array_index(r->circs, Circ, i);
    gboolean in_state = FALSE;
    for (guint k = 0; k < st->n_circles && !in_state; k++)
      in_state = st->circles[k].x == s->x && st->circles[k].y == s->y &&
                 st->circles[k].segment == s->seg;
    CHECK(r, in_state || (s->turn == r->turn && s->ghosts == 0 && r->placed),
          "circles %d,%d/%u (turn %u, %u ghosts) missing from the state",
          s->x, s->y, s->seg, s->turn, s->ghosts);
  }
  CHECK(r, st->bank + on_followers + in_circles + hand == MIST_GHOSTS,
        "bank %u + %u on followers + %u in circles + %u in hand != %u",
        st->bank, on_followers, in_circles, hand, MIST_GHOSTS);
  CHECK(r, st->bank == r->bank && hand == r->hand, "bank %u, %u in hand; "
        "events say %u, %u", st->bank, hand, r->bank, r->hand);
}

/* MIST-15: scores are the sums of their events, never below 0. */
static void
check_scores(const Run *r)
{
  for (guint p = 0; p < r->n_players; p++) {
    int s = meeple_game_score(r->game, p);
    CHECK(r, s == r->score[p] && s >= 0, "seat %u: score %d, events %d", p,
          s, r->score[p]);
  }
}

/* BASE-02, BASE-06, BASE-21: every tile placed, discarded, in the supply,
 * set aside or the drawn one. */
static void
check_tiles(const Run *r)
{
  guint placed = meeple_game_n_placed(r->game);
  guint discarded = meeple_game_n_discarded(r->game);
  guint left = meeple_game_tiles_left(r->game);
  guint aside = meeple_game_n_set_aside(r->game);
  guint drawn = meeple_game_drawn_tile(r->game) >= 0;
  CHECK(r, placed + discarded + left + aside + drawn == r->cx->total_tiles,
        "%u placed + %u discarded + %u left + %u set aside + %u drawn != %u",
        placed, discarded, left, aside, drawn, r->cx->total_tiles);
}

/* The public notes: "Ghost bank: N of 15 ghosts"; "Ghosts" while a
 * follower carries one. */
static void
check_notes(const Run *r)
{
  const MistState *st = mist_of(r->cx, r->game);
  GPtrArray *notes = meeple_game_notes(r->game);
  const char *bank = NULL;
  gboolean ghosts = FALSE;
  for (guint i = 0; i < notes->len; i++) {
    const MeepleNote *n = g_ptr_array_index(notes, i);
    if (strcmp(n->label, "Ghost bank") == 0)
      bank = n->text;
    ghosts |= strcmp(n->label, "Ghosts") == 0;
  }
  g_autofree char *want = g_strdup_printf("%u of %u ghosts", st->bank,
                                          MIST_GHOSTS);
  CHECK(r, bank && strcmp(bank, want) == 0, "'Ghost bank: %s', bank %u",
        bank ? bank : "(none)", st->bank);
  CHECK(r, ghosts == (st->n_haunts > 0), "'Ghosts' note %d, %u haunted",
        ghosts, st->n_haunts);
  g_ptr_array_unref(notes);
}

static void
check_state(Run *r)
{
  check_mist_state(r);
  check_scores(r);
  check_tiles(r);
  check_notes(r);
}

/* ---- determinism: clones and records ------------------------------------ */

/* The ghost state of two games that must be the same game. */
static void
check_same_mist(const Run *r, const char *what, const MeepleGame *a,
                const MeepleGame *b)
{
  const MistState *x = mist_of(r->cx, a), *y = mist_of(r->cx, b);
  CHECK(r, x->bank == y->bank && x->n_haunts == y->n_haunts &&
               x->n_circles == y->n_circles && x->n_batches == y->n_batches,
        "%s: bank %u, %u haunts, %u circles, %u batches; original %u, %u, "
        "%u, %u", what, y->bank, y->n_haunts, y->n_circles, y->n_batches,
        x->bank, x->n_haunts, x->n_circles, x->n_batches);
  for (guint i = 0; i < x->n_haunts; i++) {
    const MistHaunt *h = &x->haunts[i], *k = &y->haunts[i];
    CHECK(r, h->figure == k->figure && h->ghosts == k->ghosts &&
                 h->x == k->x && h->y == k->y && h->segment == k->segment,
          "%s: haunt %u differs", what, i);
  }
  for (guint i = 0; i < x->n_circles; i++) {
    const MistCircles *c = &x->circles[i], *d = &y->circles[i];
    CHECK(r, c->x == d->x && c->y == d->y && c->area == d->area &&
                 c->segment == d->segment && c->capacity == d->capacity &&
                 c->ghosts == d->ghosts && c->turn == d->turn,
          "%s: circles %u differ", what, i);
  }
  for (guint i = 0; i < x->n_batches; i++) {
    const MistBatch *c = &x->batches[i], *d = &y->batches[i];
    CHECK(r, c->count == d->count && c->group == d->group &&
                 c->from_bank == d->from_bank && c->chosen == d->chosen &&
                 g_strcmp0(c->rule, d->rule) == 0,
          "%s: batch %u differs", what, i);
  }
}

/* DESIGN invariant 1: a clone taking the same action is the same game
 * with the same events (the last @n of the stream) and the same notes. */
static void
check_clone(Run *r, MeepleGame *clone, gsize index, gsize n)
{
  g_autofree char *why = tu_clone_step_differs(
    r->game, clone, index,
    &g_array_index(r->stream, MeepleEvent, r->stream->len - n), n);
  CHECK(r, !why, "clone: %s", why);
  check_same_mist(r, "clone", r->game, clone);
  r->tally->clones++;
}

/* DESIGN invariant 4: write -> parse -> replay gives the same game, the
 * same events, the same notes and the same text. */
static void
check_record(Run *r)
{
  MeepleGame *again = NULL;
  g_autofree char *why =
    tu_replay_differs(r->game, r->cx->rules,
                      (const MeepleEvent *)(void *)r->stream->data,
                      r->stream->len, &again);
  CHECK(r, !why, "replay: %s", why);
  if (again)
    check_same_mist(r, "replay", r->game, again);
  if (again)
    meeple_game_free(again);
  r->tally->replays++;
}

/* ---- playing ------------------------------------------------------------ */

static void
play_game(const Cx *cx, const Variant *v, guint k, Tally *tally)
{
  Run r = {
    .cx = cx,
    .seed = v->seed_base + k,
    .n_players = 2 + k % 5,
    .greedy = v->greedy,
    .no_farmers = k % 11 == 5,
    .tally = tally,
    .bank = MIST_GHOSTS,
    .active = -1,
    .sc07_owner = -1,
    .last16 = -1,
  };
  MeepleGameConfig cfg = {
    .n_players = r.n_players,
    .seed = G_GUINT64_CONSTANT(0x9e3779b97f4a7c15) * r.seed,
    .no_farmers = r.no_farmers,
  };
  GRand *rand = g_rand_new_with_seed((guint32)(r.seed * 2654435761u));
  GError *error = NULL;
  r.spots = g_array_new(FALSE, FALSE, sizeof(Spot));
  r.circs = g_array_new(FALSE, FALSE, sizeof(Circ));
  r.stream = g_array_new(FALSE, FALSE, sizeof(MeepleEvent));
  r.game = meeple_game_new(cx->rules, &cfg, &error);
  CHECK(&r, r.game, "meeple_game_new: %s", error ? error->message : "");
  gsize n;
  const MeepleEvent *ev = meeple_game_initial_events(r.game, &n);
  walk_events(&r, ev, n);
  check_state(&r);

  const MeepleDecision *d;
  while ((d = meeple_game_decision(r.game))) {
    r.game_turn = meeple_game_turn(r.game);
    r.decider = d->player;
    r.stage = "in the decision before";
    check_decision(&r, d);
    r.stage = "after";
    gsize index = r.greedy && d->player == 0
                      ? tu_greedy_pick(r.game, d, rand)
                      : (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions);
    MeepleAction action = d->actions[index];
    g_free(r.text);
    r.text = meeple_action_to_string(r.game, &action);
    MeepleGame *clone = g_rand_int_range(rand, 0, 40) == 0
                            ? meeple_game_clone(r.game) : NULL;
    CHECK(&r, meeple_game_apply_index(r.game, index, &ev, &n, &error),
          "legal action refused: %s", error ? error->message : "");
    r.n_applied++;
    tally->actions++;
    walk_events(&r, ev, n);
    if (clone) {
      check_clone(&r, clone, index, n);
      meeple_game_free(clone);
    }
    check_state(&r);
  }
  CHECK(&r, r.over && meeple_game_is_over(r.game), "no game-over event");
  check_record(&r);
  tally->games++;
  g_rand_free(rand);
  g_array_free(r.stream, TRUE);
  g_array_free(r.spots, TRUE);
  g_array_free(r.circs, TRUE);
  g_free(r.text);
  meeple_game_free(r.game);
}

static guint
run_variant(const Variant *v, Tally *t)
{
  Cx cx = cx_new(v->ids);
  guint n_games = tu_property_games(v->games, (guint)BASE_GAMES);
  gint64 start = g_get_monotonic_time();
  for (guint k = 0; k < n_games; k++)
    play_game(&cx, v, k, t);
  fprintf(stderr,
          "%s%s: %u games in %.1f s, %u actions; mist: %u thickened, %u "
          "dispersed, %u completed; ghosts added: %u MIST-07, %u MIST-08, "
          "%u SC-03, %u SC-06, %u SC-07, %u SC-08; %u lost (%u MIST-11); "
          "%u MIST-12; penalties: %u MIST-14 (%u ABBOT-06, %u CIRCUS-14), "
          "%u MIST-16, %u floored; returned without penalty: %u X-06, %u "
          "X-19; circles: %u SC-04 from neighbours, %u from the bank, %u "
          "SC-06, %u SC-07 (%u SC-07.1), %u SC-08; decisions: %u haunt (%u "
          "with 3+ choices), %u fill-circle, %u circle-ghost; %u clones, %u "
          "replays\n",
          v->ids, v->greedy ? " (seat 0 greedy)" : "", t->games,
          (double)(g_get_monotonic_time() - start) / G_USEC_PER_SEC,
          t->actions, t->thickened, t->dispersed, t->completed,
          t->added[R_MIST07], t->added[R_MIST08], t->added[R_SC03],
          t->added[R_SC06], t->added[R_SC07], t->added[R_SC08], t->lost,
          t->lost11, t->mist12, t->pen14, t->pen14_abbot, t->pen14_circus,
          t->pen16, t->floored, t->x06, t->x19, t->sc04_near, t->sc04_bank,
          t->sc06, t->sc07, t->sc07_own, t->sc08, t->haunt_dec,
          t->haunt_wide, t->fill_dec, t->circle_dec, t->clones, t->replays);
  ck_assert_uint_eq(t->games, n_games);
  ck_assert_uint_eq(t->replays, n_games);
  /* every game thickens, disperses and hands out ghosts */
  ck_assert_uint_ge(t->thickened, n_games);
  ck_assert_uint_ge(t->dispersed, n_games);
  ck_assert_uint_gt(t->added[R_MIST07] + t->added[R_MIST08], n_games);
  if (!cx.sc) {
    ck_assert_uint_eq(t->added[R_SC03] + t->added[R_SC06] + t->added[R_SC07] +
                          t->added[R_SC08] + t->sc04_near + t->sc04_bank,
                      0);
  } else {
    ck_assert_uint_ge(t->sc04_bank, n_games);
  }
  /* X-18 (ABBOT-06, CIRCUS-14 penalties), X-06 (eaten haunted followers) */
  if (n_games >= 100) {
    if (strstr(v->ids, "abbot"))
      ck_assert_uint_gt(t->pen14_abbot, 0);
    if (strstr(v->ids, "circus"))
      ck_assert_uint_gt(t->pen14_circus, 0);
    if (strstr(v->ids, "princess-dragon"))
      ck_assert_uint_gt(t->x06, 0);
  }
  cx_free(&cx);
  return n_games;
}

/* RULES: MIST-01, MIST-03, SC-01, SC-02 (15 ghosts in the bank, none on
 * the board; mist over roads and fields only; 9 spell-circle tiles, each
 * misty with at least one circle, 15 circles; the mist tiles join the
 * base game's 72) */
START_TEST(mist_components)
{
  Cx cx = cx_new("mist,spell-circles");
  guint sc_tiles = 0, sc_circles = 0, mist_tiles = 0;
  for (guint t = 0; t < cx.n_types; t++) {
    const MeepleTileType *type = meeple_rules_tile_type(cx.rules, t);
    for (guint s = 0; s < type->n_segments; s++)
      if (segment_area(&cx, &type->segments[s]))
        ck_assert(type->segments[s].kind == MEEPLE_KIND_ROAD ||
                  type->segments[s].kind == MEEPLE_KIND_FIELD);
    if (strcmp(type->tileset, "spell-circles") == 0) {
      ck_assert(cx.tm[t].areas != 0 && cx.tm[t].n_circles >= 1);
      sc_tiles += type->count;
      sc_circles += type->count * cx.tm[t].n_circles;
    } else {
      ck_assert_uint_eq(cx.tm[t].n_circles, 0);
    }
    if (strcmp(type->tileset, "mist") == 0) {
      ck_assert(cx.tm[t].areas != 0);
      mist_tiles += type->count;
    }
  }
  ck_assert_uint_eq(sc_tiles, 9);
  ck_assert_uint_eq(sc_circles, 15);
  ck_assert_uint_eq(cx.total_tiles, 72 + mist_tiles + 9);
  MeepleGameConfig cfg = { .n_players = 3, .seed = 7 };
  MeepleGame *g = meeple_game_new(cx.rules, &cfg, NULL);
  ck_assert_ptr_nonnull(g);
  const MistState *st = mist_of(&cx, g);
  ck_assert_uint_eq(st->bank, MIST_GHOSTS);
  ck_assert_uint_eq(st->n_haunts, 0);
  ck_assert_uint_eq(st->n_circles, 0);
  meeple_game_free(g);
  cx_free(&cx);
}
END_TEST

/* RULES: MIST-01, MIST-03, MIST-05, MIST-06, MIST-07, MIST-08, MIST-09,
 * MIST-10, MIST-11, MIST-12, MIST-13, MIST-14, MIST-15, MIST-16,
 * MIST-17, SC-01, SC-02, SC-03, SC-04, SC-05, SC-06, SC-07, SC-07.1,
 * SC-08, SC-09, SC-10, SC-11, X-06, X-12, X-13, X-15, X-18, X-19, X-22,
 * AMB-18, AMB-19, AMB-20, AMB-21, AMB-22, AMB-23, AMB-24,
 * AMB-25, AMB-26, AMB-27, AMB-30, AMB-32, AMB-33, AMB-34 (every variant
 * of the table above, seat 0 greedy in the last two; the tallies of the
 * whole run must show every feature) */
START_TEST(mist_random_games_keep_invariants)
{
  Tally all = { 0 };
  guint games = 0, default_games = 0;
  for (guint v = 0; v < N_VARIANTS; v++) {
    Tally t = { 0 };
    games += run_variant(&variants[v], &t);
    default_games += variants[v].games;
    tally_add(&all, &t);
  }
  ck_assert_uint_gt(all.clones, 0);
  /* a much shortened run may miss the rarest features (a tenth of the
   * defaults still shows each of them a few times) */
  if (games < default_games / 10)
    return;
  ck_assert_uint_gt(all.thickened, 0);
  ck_assert_uint_gt(all.dispersed, 0);
  ck_assert_uint_gt(all.completed, 0);
  ck_assert_uint_gt(all.mist12, 0);
  ck_assert_uint_gt(all.pen14, 0);
  ck_assert_uint_gt(all.pen16, 0);
  ck_assert_uint_gt(all.added[R_SC03], 0);
  ck_assert_uint_gt(all.sc04_near, 0);
  ck_assert_uint_gt(all.sc06, 0);
  ck_assert_uint_gt(all.sc07, 0);
  ck_assert_uint_gt(all.sc08, 0);
  ck_assert_uint_gt(all.floored, 0);
  ck_assert_uint_gt(all.haunt_dec, 0);
  ck_assert_uint_gt(all.fill_dec, 0);
}
END_TEST

static Suite *
properties_mist_suite(void)
{
  Suite *s = suite_create("properties-mist");
  TCase *tc = tcase_create("properties-mist");
  /* long loops: give them room under the sanitizers */
  tcase_set_timeout(tc, 3600);
  tcase_add_test(tc, mist_components);
  tcase_add_test(tc, mist_random_games_keep_invariants);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  return tu_run_suite(properties_mist_suite());
}
