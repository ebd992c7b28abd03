/* test-properties-circus.c — invariants of Under the Big Top (RULES §5,
 * CIRCUS-01..CIRCUS-20, X-01, X-03..X-05, X-07..X-14, X-17, X-26, X-27,
 * AMB-13, AMB-14, AMB-16, AMB-28) over thousands of seeded random games,
 * alone and with The Abbot, The Princess & the Dragon and Mage & Witch.
 *
 * Every game is played to its end.  Before each action the pending
 * decision is checked (which acrobat tiles and pyramids it offers, where
 * the ringmaster may go), after EVERY action the events it caused are
 * walked in order against a shadow of the game — every owned figure and
 * where it stands, the big top, the fairy, the animal tokens revealed, the
 * scores — and the state and the public notes are checked against it.
 * Points are recomputed from the shadow as it was just before they came:
 * the big top (value x counting figures in its 3x3 area), the pyramids (5
 * per acrobat), the ringmaster bonus (2 per circus tile around it), the
 * final acrobats, the fairy at a pyramid.  A broken invariant names the
 * game (seed, players, rule sets), the action (index, turn, seat, its
 * notation) and the invariant.  At a few random points per game the game
 * is cloned and both copies take the same action (same digest, events and
 * notes); at the end the game is written as a record, parsed and replayed
 * (same digest, same event stream, same text, same notes).
 *
 * Games (defaults; every game has its own seed and its own GRand):
 *   1200  "circus", 2..6 players, random moves (every 11th game
 *         without farmers, as all variants)
 *    300  "circus,abbot"
 *    300  "circus,princess-dragon"
 *    250  "circus,mage-witch"
 *    250  "circus,princess-dragon,mage-witch,abbot"
 *    100  "circus", seat 0 greedy (tu_greedy_pick of testutil: it
 *         completes and scores pyramids, stands around the big top and
 *         takes ringmaster bonuses far more often than random play), the
 *         others random
 *
 * MEEPLE_PROPERTY_GAMES changes these counts for a longer (or, under the
 * sanitizers, shorter) run:
 *   MEEPLE_PROPERTY_GAMES=12000   12000 "circus" games; the other loops
 *                                 scale by the same factor
 *   MEEPLE_PROPERTY_GAMES=10x     ten times every default
 *   MEEPLE_PROPERTY_GAMES=0.2x    a fifth of every default
 * Every loop runs at least one game.  The defaults (2,400 games) take
 * about 15 s on a 2-core machine (-O2) and under a minute under
 * ASan+UBSan (-O1); 10x about 150 s.  Each loop prints one line of
 * tallies (tokens revealed, pyramids completed and scored, ringmaster
 * bonuses, acrobats eaten, fairy points at pyramids, ...) to stderr,
 * which shows up in tests/test-properties-circus.log; the loops check
 * that the features they test did happen, so no invariant holds
 * vacuously.
 */
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the variants ------------------------------------------------------- */

typedef struct {
  const char *ids;      /* rule sets for tu_rules_with() */
  guint games;          /* default number of games */
  gboolean greedy;      /* seat 0 plays greedy */
  guint64 seed_base;    /* game seeds of this variant start here */
} Variant;

static const Variant variants[] = {
  { "circus", 1200, FALSE, 21000000 },
  { "circus,abbot", 300, FALSE, 22000000 },
  { "circus,princess-dragon", 300, FALSE, 23000000 },
  { "circus,mage-witch", 250, FALSE, 24000000 },
  { "circus,princess-dragon,mage-witch,abbot", 250, FALSE, 25000000 },
  { "circus", 100, TRUE, 26000000 },
};
#define N_VARIANTS G_N_ELEMENTS(variants)
#define GREEDY_VARIANT 5

/* Default count of the first variant: "N" in MEEPLE_PROPERTY_GAMES means
 * N / this times every default. */
#define BASE_GAMES 1200.0

static guint
variant_games(guint v)
{
  return tu_property_games(variants[v].games, (guint)BASE_GAMES);
}

/* ---- the animal tokens (CIRCUS-01) --------------------------------------- */

#define N_TOKENS 16
/* copies of each value: elephant 7, tiger 6 x2, bear 5 x3, seal 4 x5,
 * monkey 3 x4, flea 1 */
static const guint token_copies[8] = { 0, 1, 0, 4, 5, 3, 2, 1 };
static const char *const animal_names[8] = { NULL,   "flea", NULL,  "monkey",
                                             "seal", "bear", "tiger",
                                             "elephant" };

/* ---- what the rules registered ------------------------------------------ */

typedef struct {
  MeepleRules *rules;
  const char *ids;
  guint ring_kind, acrobat_kind;   /* segment kinds B and A */
  guint big_top, ringmaster;       /* figure types */
  int abbot, dragon, fairy, mage, witch; /* -1 without their rule set */
  guint32 portal;                  /* tile symbol bit, 0 without P&D */
  guint acrobat_action, pyramid_action;
  int fairy_action, portal_action; /* -1 without P&D */
  guint completed_event, scored_event, revealed_event;
  guint total_tiles;               /* physical tiles, start included */
  guint n_types;
  int *ring_seg, *acro_seg;        /* per tile type: segment of B / A, -1 */
} Cx;

static guint
find_kind(const MeepleRules *rules, const char *name)
{
  for (guint k = 0; k < meeple_rules_n_kinds(rules); k++)
    if (strcmp(meeple_rules_kind(rules, k)->name, name) == 0)
      return k;
  ck_abort_msg("no segment kind '%s'", name);
  return 0;
}

static guint
known(int index, const char *what)
{
  ck_assert_msg(index >= 0, "rules know no %s", what);
  return (guint)index;
}

static Cx
cx_new(const char *ids)
{
  Cx cx = { .ids = ids, .rules = tu_rules_with(ids) };
  MeepleRules *r = cx.rules;
  cx.ring_kind = find_kind(r, "ring");
  cx.acrobat_kind = find_kind(r, "acrobat");
  cx.big_top = known(meeple_rules_find_figure_type(r, "big-top"), "big-top");
  cx.ringmaster = known(meeple_rules_find_figure_type(r, "ringmaster"),
                        "ringmaster");
  cx.abbot = meeple_rules_find_figure_type(r, "abbot");
  cx.dragon = meeple_rules_find_figure_type(r, "dragon");
  cx.fairy = meeple_rules_find_figure_type(r, "fairy");
  cx.mage = meeple_rules_find_figure_type(r, "mage");
  cx.witch = meeple_rules_find_figure_type(r, "witch");
  int portal = meeple_rules_find_symbol(r, "portal");
  cx.portal = portal >= 0 ? 1u << portal : 0;
  cx.acrobat_action = known(meeple_rules_find_action_kind(r, "acrobat"),
                            "acrobat");
  cx.pyramid_action = known(meeple_rules_find_action_kind(r, "pyramid"),
                            "pyramid");
  cx.fairy_action = meeple_rules_find_action_kind(r, "fairy-move");
  cx.portal_action = meeple_rules_find_action_kind(r, "portal");
  cx.completed_event = tu_event_type(r, "pyramid-completed");
  cx.scored_event = tu_event_type(r, "pyramid-scored");
  cx.revealed_event = tu_event_type(r, "animal-revealed");
  for (guint i = 0; i < meeple_rules_n_tilesets(r); i++)
    cx.total_tiles += meeple_rules_tileset(r, i)->n_tiles;
  cx.n_types = meeple_rules_n_tile_types(r);
  cx.ring_seg = g_new(int, cx.n_types);
  cx.acro_seg = g_new(int, cx.n_types);
  for (guint t = 0; t < cx.n_types; t++) {
    const MeepleTileType *type = meeple_rules_tile_type(r, t);
    cx.ring_seg[t] = cx.acro_seg[t] = -1;
    for (guint s = 0; s < type->n_segments; s++) {
      if (type->segments[s].kind == cx.ring_kind)
        cx.ring_seg[t] = (int)s;
      if (type->segments[s].kind == cx.acrobat_kind)
        cx.acro_seg[t] = (int)s;
    }
  }
  return cx;
}

static void
cx_free(Cx *cx)
{
  g_free(cx->ring_seg);
  g_free(cx->acro_seg);
  meeple_rules_unref(cx->rules);
}

/* ---- one game and its shadow --------------------------------------------- */

/* What a whole loop saw, to show that the checkers were not vacuous. */
typedef struct {
  guint games, actions, big_tops, moves, reveal07, reveal09, bigtop_points,
      acro10, acro11, acroX10, completed, scored, pyramid_points, final16,
      rm_placed, rm_portal, rm18, rm19, rm_zero, acro_eaten, rm_eaten,
      rm_princess, x08, fairy_pyramid, portal_turn_acro, clones, replays;
} Tally;

/* An owned figure on the board. */
typedef struct {
  int owner;
  guint type;
  int x, y;
  guint seg;
} Fig;

/* An event that must come next (the points after a reveal or a pyramid
 * scoring, the acrobats going home). */
typedef struct {
  guint type;
  int player;       /* -1: any seat */
  int points;
  const char *rule;
  int x, y;
} Expect;

#define MAX_EXPECT 16

typedef struct {
  const Cx *cx;
  MeepleGame *game;
  guint64 seed;
  guint n_players;
  gboolean greedy, no_farmers;
  Tally *tally;
  GArray *stream;               /* MeepleEvent: every event, setup first */
  guint total;                  /* tiles of this game, start included */

  /* the action being checked */
  const char *stage;            /* "after", or the decision that follows */
  guint n_applied;
  char *text;                   /* its notation, before it was applied */
  MeepleAction action;
  guint decision, decider;
  guint turn;
  gboolean final_action;        /* its events end the game */
  guint acrobats_now;           /* acrobats it placed */
  guint scored_now;             /* pyramids it scored */

  /* shadow, from the events only */
  int score[MEEPLE_MAX_PLAYERS];
  GArray *figs;                 /* Fig */
  gboolean top_on;
  int top_x, top_y;
  guint top_seg;
  gboolean fairy_on;
  int fairy_x, fairy_y;
  guint fairy_seg;
  guint n_bt;                   /* big-top tiles placed */
  int bt_x, bt_y;               /* the newest one */
  gboolean first_due;           /* CIRCUS-05 owed this turn */
  gboolean move_due;            /* CIRCUS-06/07 owed this turn */
  gboolean reveal_now;          /* a CIRCUS-07 reveal waits for its move */
  gboolean after07;             /* S3 began: nothing else scores this turn */
  gboolean completed_due;       /* a 3rd acrobat: pyramid-completed owed */
  int completed_x, completed_y;
  /* the turn */
  int turn_player;
  gboolean cur;                 /* a tile was placed this turn */
  int cur_x, cur_y;
  guint cur_type;
  gboolean removal;             /* PD-13 this turn */
  /* */
  gboolean fairy_pyramid;       /* at the turn start the fairy was there */
  int x08_expect;
  guint x08_seen;
  /* tokens */
  guint n_revealed;
  guint revealed[N_TOKENS];
  guint value_count[8];
  guint n_reveal07;
  gboolean reveal09;
  /* queued expectations */
  Expect expect[MAX_EXPECT];
  guint n_expect, i_expect;
  /* CIRCUS-18 bonuses waiting for their ringmaster's BASE-19 */
  int bonus_owner[MEEPLE_MAX_PLAYERS];
  int bonus_x[MEEPLE_MAX_PLAYERS], bonus_y[MEEPLE_MAX_PLAYERS];
  guint n_bonus;
  /* final scoring */
  gboolean final_started, saw16;
  GArray *final16;              /* Expect: CIRCUS-16 events seen */
  gboolean rm19[MEEPLE_MAX_PLAYERS];
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
               r->stage ? r->stage : "after", r->n_applied,
               r->turn, r->decider, r->text ? r->text : "setup", message,
               what);
}

/* The invariant @cond, or a message naming the game and the action. */
#define CHECK(r, cond, ...)                                                 \
  do {                                                                      \
    if (G_UNLIKELY(!(cond)))                                                \
      fail_run((r), #cond, __VA_ARGS__);                                    \
  } while (0)

static gboolean
rule_is(const MeepleEvent *e, const char *rule)
{
  return e->rule && strcmp(e->rule, rule) == 0;
}

/* Tile type at (x, y), or -1 for an empty cell. */
static int
type_at(const Run *r, int x, int y)
{
  MeeplePlacedTile t;
  if (!meeple_game_tile_at(r->game, x, y, &t))
    return -1;
  return (int)t.type;
}

static int
ring_at(const Run *r, int x, int y)
{
  int t = type_at(r, x, y);
  return t < 0 ? -1 : r->cx->ring_seg[t];
}

static int
acro_at(const Run *r, int x, int y)
{
  int t = type_at(r, x, y);
  return t < 0 ? -1 : r->cx->acro_seg[t];
}

static gboolean
near(int ax, int ay, int bx, int by)
{
  return abs(ax - bx) <= 1 && abs(ay - by) <= 1;
}

/* CIRCUS-02, CIRCUS-18: circus tiles in the 3x3 area around (x, y). */
static guint
circus_tiles_around(const Run *r, int x, int y)
{
  guint n = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      n += ring_at(r, x + dx, y + dy) >= 0 || acro_at(r, x + dx, y + dy) >= 0;
  return n;
}

/* Segment kind of segment @seg of the tile at (x, y). */
static guint
kind_at(const Run *r, int x, int y, guint seg)
{
  int t = type_at(r, x, y);
  CHECK(r, t >= 0 && seg < meeple_rules_tile_type(r->cx->rules,
                                                   (guint)t)->n_segments,
        "no segment %u at %d,%d", seg, x, y);
  return meeple_rules_tile_type(r->cx->rules, (guint)t)->segments[seg].kind;
}

static const char *
type_name(const Run *r, guint type)
{
  return meeple_rules_figure_type(r->cx->rules, type)->name;
}

/* ---- the shadow of the owned figures ------------------------------------- */

static int
fig_find(const Run *r, int owner, guint type, int x, int y, guint seg)
{
  for (guint i = 0; i < r->figs->len; i++) {
    const Fig *f = &g_array_index(r->figs, Fig, i);
    if (f->owner == owner && f->type == type && f->x == x && f->y == y &&
        f->seg == seg)
      return (int)i;
  }
  return -1;
}

/* Acrobats on the acrobat space at (x, y), per seat and in all. */
static guint
shadow_acrobats(const Run *r, int x, int y, guint per_seat[MEEPLE_MAX_PLAYERS])
{
  int spot = acro_at(r, x, y);
  guint n = 0;
  if (per_seat)
    memset(per_seat, 0, sizeof(guint) * MEEPLE_MAX_PLAYERS);
  for (guint i = 0; spot >= 0 && i < r->figs->len; i++) {
    const Fig *f = &g_array_index(r->figs, Fig, i);
    if (f->x == x && f->y == y && f->seg == (guint)spot) {
      n++;
      if (per_seat)
        per_seat[f->owner]++;
    }
  }
  return n;
}

/* CIRCUS-08: seat @p's counting figures in the 3x3 area around (x, y):
 * every owned figure (all owned types are followers, check_figures), in
 * any role — acrobats, abbots, ringmasters, farmers (AMB-14). */
static guint
shadow_counting(const Run *r, guint p, int x, int y)
{
  guint n = 0;
  for (guint i = 0; i < r->figs->len; i++) {
    const Fig *f = &g_array_index(r->figs, Fig, i);
    n += f->owner == (int)p && near(f->x, f->y, x, y);
  }
  return n;
}

/* Seat @owner's ringmaster as the shadow has it, or NULL. */
static const Fig *
shadow_ringmaster(const Run *r, int owner)
{
  for (guint i = 0; i < r->figs->len; i++) {
    const Fig *f = &g_array_index(r->figs, Fig, i);
    if (f->owner == owner && f->type == r->cx->ringmaster)
      return f;
  }
  return NULL;
}

static int
compare_reading(const void *pa, const void *pb)
{
  const int *a = pa, *b = pb;
  if (a[1] != b[1])
    return a[1] < b[1] ? -1 : 1;
  return (a[0] > b[0]) - (a[0] < b[0]);
}

/* The cells of the acrobat tiles on the board in reading order (BASE-25:
 * smallest y, then smallest x); with @occupied only those holding
 * acrobats.  A GArray of int[2]. */
static GArray *
acrobat_cells(const Run *r, gboolean occupied)
{
  GArray *cells = g_array_new(FALSE, FALSE, sizeof(int) * 2);
  for (guint t = 0; t < meeple_game_n_placed(r->game); t++) {
    MeeplePlacedTile p = meeple_game_placed(r->game, t);
    if (r->cx->acro_seg[p.type] < 0 ||
        (occupied && shadow_acrobats(r, p.x, p.y, NULL) == 0))
      continue;
    int c[2] = { p.x, p.y };
    g_array_append_vals(cells, c, 1);
  }
  g_array_sort(cells, compare_reading);
  return cells;
}

#define CELL_X(cells, k) (((int *)(void *)(cells)->data)[2 * (k)])
#define CELL_Y(cells, k) (((int *)(void *)(cells)->data)[2 * (k) + 1])

/* ---- queued expectations ------------------------------------------------- */

static void
expect_push(Run *r, guint type, int player, int points, const char *rule,
            int x, int y)
{
  CHECK(r, r->n_expect < MAX_EXPECT, "too many expectations");
  r->expect[r->n_expect++] = (Expect){ .type = type, .player = player,
                                       .points = points, .rule = rule,
                                       .x = x, .y = y };
}

/* TRUE when @e is the event the queue waits for (and takes it); fails
 * when the queue waits for another one. */
static gboolean
expect_take(Run *r, const MeepleEvent *e)
{
  if (r->i_expect == r->n_expect)
    return FALSE;
  /* PD-21, AMB-03: the fairy's acrobat going home with its pyramid
   * leaves the fairy alone on the tile, in the middle of the returns */
  if (e->type == MEEPLE_EVENT_FIGURE_MOVED && (int)e->figure == r->cx->fairy &&
      rule_is(e, "AMB-03"))
    return FALSE;
  const Expect *x = &r->expect[r->i_expect];
  CHECK(r, e->type == x->type && (x->player < 0 || e->player == x->player) &&
               (x->type != MEEPLE_EVENT_POINTS_SCORED ||
                e->points == x->points) &&
               rule_is(e, x->rule) && e->x == x->x && e->y == x->y,
        "expected %s (seat %d, %d points, %s at %d,%d), got %s (seat %d, %d "
        "points, %s at %d,%d)",
        meeple_rules_event_type_name(r->cx->rules, x->type), x->player,
        x->points, x->rule, x->x, x->y,
        meeple_rules_event_type_name(r->cx->rules, e->type), e->player,
        e->points, e->rule ? e->rule : "-", e->x, e->y);
  if (++r->i_expect == r->n_expect)
    r->n_expect = r->i_expect = 0;
  return TRUE;
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
dragon_cell(const Run *r, int *x, int *y)
{
  for (guint i = 0; r->cx->dragon >= 0 && i < meeple_game_n_figures(r->game);
       i++) {
    MeepleFigureInfo f = meeple_game_figure(r->game, i);
    if ((int)f.type == r->cx->dragon && f.on_board) {
      *x = f.x;
      *y = f.y;
      return TRUE;
    }
  }
  return FALSE;
}

/* A key of (x, y, segment), for comparing sets of placements. */
static guint64
place_key(int x, int y, guint seg)
{
  return ((guint64)(guint16)x << 32) | ((guint64)(guint16)y << 16) | seg;
}

static gboolean
same_places(GArray *a, GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++) {
    gboolean found = FALSE;
    for (guint j = 0; j < b->len && !found; j++)
      found = g_array_index(a, guint64, i) == g_array_index(b, guint64, j);
    if (!found)
      return FALSE;
  }
  return TRUE;
}

/* CIRCUS-10, CIRCUS-11, CIRCUS-13, CIRCUS-14, CIRCUS-15, CIRCUS-17, X-05,
 * PD-14, AMB-02, AMB-05: the figure decision offers an
 * acrobat exactly onto every acrobat tile with a free place that is this
 * turn's tile, one of its 8 neighbours, or anywhere after a portal tile —
 * never the dragon's — while the player has a normal follower; a pyramid
 * scoring for exactly every complete pyramid; the ringmaster exactly where
 * a normal follower may go; nothing onto a ring or acrobat space the
 * ordinary way; the fairy to a pyramid only where an own acrobat stands. */
static void
check_figure_decision(Run *r, const MeepleDecision *d)
{
  const Cx *cx = r->cx;
  guint active = meeple_game_active_player(r->game);
  if (d->kind != MEEPLE_DECISION_PLACE_FIGURE) {
    for (gsize i = 0; i < d->n_actions; i++)
      CHECK(r, d->actions[i].kind != cx->acrobat_action &&
                   d->actions[i].kind != cx->pyramid_action,
            "acrobat or pyramid action in decision kind %u", d->kind);
    return;
  }
  CHECK(r, d->player == active && r->cur, "figure decision of seat %u, "
        "active %u, tile placed %d", d->player, active, r->cur);
  gboolean portal = (meeple_rules_tile_type(cx->rules, r->cur_type)->symbols &
                     cx->portal) != 0;
  int dx = 0, dy = 0;
  gboolean dragon = dragon_cell(r, &dx, &dy);
  gboolean followers = meeple_game_supply(r->game, active,
                                          MEEPLE_FIGURE_FOLLOWER) > 0;
  gboolean ringmaster = meeple_game_supply(r->game, active,
                                           cx->ringmaster) > 0;
  /* what the shadow says must be offered */
  guint want_acro = 0, want_pyr = 0, got_acro = 0, got_pyr = 0;
  for (guint t = 0; t < meeple_game_n_placed(r->game); t++) {
    MeeplePlacedTile p = meeple_game_placed(r->game, t);
    if (cx->acro_seg[p.type] < 0)
      continue;
    guint n = shadow_acrobats(r, p.x, p.y, NULL);
    want_pyr += !r->removal && n == 3;
    want_acro += !r->removal && followers && n < 3 &&
                 !(dragon && p.x == dx && p.y == dy) &&
                 (portal || near(p.x, p.y, r->cur_x, r->cur_y));
  }
  g_autoptr(GArray) f_places = g_array_new(FALSE, FALSE, sizeof(guint64));
  g_autoptr(GArray) r_places = g_array_new(FALSE, FALSE, sizeof(guint64));
  g_autoptr(GArray) fp_places = g_array_new(FALSE, FALSE, sizeof(guint64));
  g_autoptr(GArray) rp_places = g_array_new(FALSE, FALSE, sizeof(guint64));
  for (gsize i = 0; i < d->n_actions; i++) {
    const MeepleAction *a = &d->actions[i];
    if (a->kind == cx->acrobat_action) {
      int spot = acro_at(r, a->x, a->y);
      CHECK(r, spot >= 0, "acrobat onto %d,%d: no acrobat tile", a->x, a->y);
      CHECK(r, !r->removal && followers,
            "acrobat offered (removal %d, followers %d)", r->removal,
            followers);
      CHECK(r, shadow_acrobats(r, a->x, a->y, NULL) < 3,
            "acrobat onto the full pyramid at %d,%d", a->x, a->y);
      CHECK(r, !(dragon && a->x == dx && a->y == dy),
            "acrobat onto the dragon's tile %d,%d", a->x, a->y);
      CHECK(r, portal || near(a->x, a->y, r->cur_x, r->cur_y),
            "acrobat onto %d,%d, tile placed at %d,%d, no portal", a->x,
            a->y, r->cur_x, r->cur_y);
      got_acro++;
    } else if (a->kind == cx->pyramid_action) {
      CHECK(r, acro_at(r, a->x, a->y) >= 0 &&
                   shadow_acrobats(r, a->x, a->y, NULL) == 3,
            "pyramid scoring offered at %d,%d with %u acrobats", a->x, a->y,
            shadow_acrobats(r, a->x, a->y, NULL));
      got_pyr++;
    } else if (a->kind == MEEPLE_ACTION_PLACE_FIGURE) {
      CHECK(r, a->x == r->cur_x && a->y == r->cur_y,
            "figure onto %d,%d, tile placed at %d,%d", a->x, a->y, r->cur_x,
            r->cur_y);
      guint kind = kind_at(r, a->x, a->y, a->segment);
      CHECK(r, kind != cx->ring_kind && kind != cx->acrobat_kind,
            "%s onto the %s space", type_name(r, a->figure),
            meeple_rules_kind(cx->rules, kind)->name);
      CHECK(r, meeple_game_supply(r->game, active, a->figure) > 0,
            "%s offered, none in supply", type_name(r, a->figure));
      guint64 key = place_key(a->x, a->y, a->segment);
      if (a->figure == MEEPLE_FIGURE_FOLLOWER)
        g_array_append_val(f_places, key);
      if (a->figure == cx->ringmaster)
        g_array_append_val(r_places, key);
    } else if ((int)a->kind == cx->portal_action) {
      guint kind = kind_at(r, a->x, a->y, a->segment);
      CHECK(r, kind != cx->ring_kind && kind != cx->acrobat_kind,
            "portal %s onto the %s space", type_name(r, a->figure),
            meeple_rules_kind(cx->rules, kind)->name);
      guint64 key = place_key(a->x, a->y, a->segment);
      if (a->figure == MEEPLE_FIGURE_FOLLOWER)
        g_array_append_val(fp_places, key);
      if (a->figure == cx->ringmaster)
        g_array_append_val(rp_places, key);
    } else if ((int)a->kind == cx->fairy_action &&
               kind_at(r, a->x, a->y, a->segment) == cx->acrobat_kind) {
      guint per_seat[MEEPLE_MAX_PLAYERS];
      shadow_acrobats(r, a->x, a->y, per_seat);
      CHECK(r, per_seat[active] > 0, "fairy to the pyramid at %d,%d without "
            "an own acrobat", a->x, a->y);
      CHECK(r, !(r->fairy_on && r->fairy_x == a->x && r->fairy_y == a->y &&
                 r->fairy_seg == a->segment),
            "fairy to the pyramid at %d,%d where it stands", a->x, a->y);
    }
  }
  CHECK(r, got_acro == want_acro, "%u acrobat actions offered, %u acrobat "
        "tiles qualify (tile at %d,%d, portal %d)", got_acro, want_acro,
        r->cur_x, r->cur_y, portal);
  CHECK(r, got_pyr == want_pyr, "%u pyramid scorings offered, %u complete "
        "pyramids", got_pyr, want_pyr);
  if (!ringmaster)
    CHECK(r, r_places->len == 0 && rp_places->len == 0,
          "ringmaster offered, none in supply");
  if (ringmaster && followers) {
    CHECK(r, same_places(f_places, r_places), "follower offered %u places, "
          "ringmaster %u", f_places->len, r_places->len);
    CHECK(r, same_places(fp_places, rp_places), "portal: follower offered %u "
          "places, ringmaster %u", fp_places->len, rp_places->len);
  }
}

/* ---- the events of one action, in order ----------------------------------- */

/* the fairy-at-pyramid points owed at the turn start that just
 * ended were given. */
static void
close_turn_start(Run *r)
{
  CHECK(r, r->x08_seen == (r->x08_expect > 0 ? 1u : 0u),
        "turn of seat %d: %u X-08 scorings, %d points owed", r->turn_player,
        r->x08_seen, r->x08_expect);
}

/* CIRCUS-05, CIRCUS-06: the whole turn's big-top work is done by its end. */
static void
close_turn(Run *r)
{
  CHECK(r, !r->first_due, "first big-top tile at %d,%d without the big top",
        r->bt_x, r->bt_y);
  CHECK(r, !r->move_due, "big-top tile at %d,%d placed, big top still at "
        "%d,%d", r->bt_x, r->bt_y, r->top_x, r->top_y);
  if (r->turn_player >= 0)
    close_turn_start(r);
}

/* Final scoring began (F1..F4): the big top first (CIRCUS-09, X-13). */
static void
start_final(Run *r, const MeepleEvent *e)
{
  if (r->final_started)
    return;
  r->final_started = TRUE;
  r->after07 = FALSE;
  CHECK(r, r->final_action, "final scoring (%s) outside the last action",
        e->rule ? e->rule : "-");
  CHECK(r, !r->top_on || (e->type == r->cx->revealed_event &&
                          rule_is(e, "CIRCUS-09")),
        "final scoring starts with %s (%s), big top on %d,%d",
        meeple_rules_event_type_name(r->cx->rules, e->type),
        e->rule ? e->rule : "-", r->top_x, r->top_y);
}

static void
tile_placed(Run *r, const MeepleEvent *e)
{
  CHECK(r, !r->cur, "second tile this turn");
  r->cur = TRUE;
  r->cur_x = e->x;
  r->cur_y = e->y;
  r->cur_type = e->tile;
  if (r->cx->ring_seg[e->tile] < 0)
    return;
  r->n_bt++;
  r->bt_x = e->x;
  r->bt_y = e->y;
  if (r->top_on)
    r->move_due = TRUE;  /* CIRCUS-06 */
  else
    r->first_due = TRUE; /* CIRCUS-05 */
}

/* CIRCUS-05, CIRCUS-06, X-03: the big top comes onto the first big-top
 * tile, moves to every later one after the reveal, never leaves. */
static void
big_top_event(Run *r, const MeepleEvent *e)
{
  CHECK(r, e->player == -1, "big top of seat %d", e->player);
  CHECK(r, e->type != MEEPLE_EVENT_FIGURE_RETURNED, "big top left the board "
        "(%s)", e->rule ? e->rule : "-");
  CHECK(r, r->cur && e->x == r->cur_x && e->y == r->cur_y &&
               r->cx->ring_seg[r->cur_type] == (int)e->segment,
        "big top to %d,%d/%u, big-top tile of the turn at %d,%d", e->x, e->y,
        e->segment, r->cur_x, r->cur_y);
  if (e->type == MEEPLE_EVENT_FIGURE_PLACED) {
    CHECK(r, rule_is(e, "CIRCUS-05") && r->first_due && !r->top_on,
          "big top placed by %s (first due %d, on board %d)",
          e->rule ? e->rule : "-", r->first_due, r->top_on);
    r->first_due = FALSE;
    r->tally->big_tops++;
  } else {
    CHECK(r, e->type == MEEPLE_EVENT_FIGURE_MOVED && rule_is(e, "CIRCUS-06") &&
                 r->move_due && r->reveal_now,
          "big top moved by %s (move due %d, revealed %d)",
          e->rule ? e->rule : "-", r->move_due, r->reveal_now);
    r->move_due = r->reveal_now = FALSE;
    r->tally->moves++;
  }
  r->top_on = TRUE;
  r->top_x = e->x;
  r->top_y = e->y;
  r->top_seg = e->segment;
}

/* CIRCUS-07..09, CIRCUS-07.1, X-13, X-14: a token is revealed where the
 * big top stands; each seat then scores value x its counting figures in
 * the 3x3 area as the shadow has them now. */
static void
revealed_event(Run *r, const MeepleEvent *e)
{
  const char *rule = rule_is(e, "CIRCUS-09") ? "CIRCUS-09" : "CIRCUS-07";
  CHECK(r, rule_is(e, "CIRCUS-07") || rule_is(e, "CIRCUS-09"),
        "animal revealed by %s", e->rule ? e->rule : "-");
  CHECK(r, r->top_on && e->x == r->top_x && e->y == r->top_y &&
               e->segment == r->top_seg && e->figure == r->cx->big_top,
        "token revealed at %d,%d/%u, big top on %d,%d/%u (on board %d)", e->x,
        e->y, e->segment, r->top_x, r->top_y, r->top_seg, r->top_on);
  if (strcmp(rule, "CIRCUS-07") == 0) {
    CHECK(r, r->move_due && !r->reveal_now && !r->final_started,
          "CIRCUS-07 reveal without a new big-top tile (due %d, final %d)",
          r->move_due, r->final_started);
    r->reveal_now = TRUE;
    r->after07 = TRUE;
    r->n_reveal07++;
    r->tally->reveal07++;
  } else {
    start_final(r, e);
    CHECK(r, !r->reveal09, "second CIRCUS-09 reveal");
    r->reveal09 = TRUE;
    r->tally->reveal09++;
  }
  /* CIRCUS-01: a token of the set, never more copies than it has */
  int v = e->arg;
  CHECK(r, v >= 0 && v < 8 && token_copies[v] > 0, "token value %d", v);
  CHECK(r, ++r->value_count[v] <= token_copies[v],
        "token %d revealed %u times, the set has %u", v, r->value_count[v],
        token_copies[v]);
  CHECK(r, r->n_revealed < N_TOKENS, "17th token");
  r->revealed[r->n_revealed++] = (guint)v;
  for (guint p = 0; p < r->n_players; p++) {
    guint n = shadow_counting(r, p, e->x, e->y);
    if (n > 0)
      expect_push(r, MEEPLE_EVENT_POINTS_SCORED, (int)p, v * (int)n, rule,
                  e->x, e->y);
  }
}

/* CIRCUS-10, CIRCUS-11, CIRCUS-12, CIRCUS-13, X-10: an acrobat. */
static void
acrobat_placed(Run *r, const MeepleEvent *e)
{
  CHECK(r, e->figure == MEEPLE_FIGURE_FOLLOWER, "%s on an acrobat space",
        type_name(r, e->figure));
  CHECK(r, r->action.kind == r->cx->acrobat_action && r->action.x == e->x &&
               r->action.y == e->y && e->player == (int)r->decider,
        "acrobat of seat %d at %d,%d outside its action", e->player, e->x,
        e->y);
  const char *want = e->x == r->cur_x && e->y == r->cur_y ? "CIRCUS-10"
                     : near(e->x, e->y, r->cur_x, r->cur_y) ? "CIRCUS-11"
                                                            : "X-10";
  CHECK(r, rule_is(e, want), "acrobat at %d,%d (tile at %d,%d) cites %s, "
        "not %s", e->x, e->y, r->cur_x, r->cur_y, e->rule ? e->rule : "-",
        want);
  r->tally->acro10 += strcmp(want, "CIRCUS-10") == 0;
  r->tally->acro11 += strcmp(want, "CIRCUS-11") == 0;
  r->tally->acroX10 += strcmp(want, "X-10") == 0;
  r->acrobats_now++;
  guint n = shadow_acrobats(r, e->x, e->y, NULL); /* the new one included */
  CHECK(r, n <= 3, "%u acrobats at %d,%d", n, e->x, e->y);
  if (n == 3) {
    r->completed_due = TRUE;
    r->completed_x = e->x;
    r->completed_y = e->y;
  }
}

static void
placed_event(Run *r, const MeepleEvent *e)
{
  const Cx *cx = r->cx;
  CHECK(r, e->player >= 0 && e->player < (int)r->n_players &&
               meeple_rules_figure_type(cx->rules, e->figure)->is_follower,
        "figure %u placed for seat %d", e->figure, e->player);
  CHECK(r, !r->after07, "figure placed after the big top scored");
  Fig f = { .owner = e->player, .type = e->figure, .x = e->x, .y = e->y,
            .seg = e->segment };
  g_array_append_val(r->figs, f);
  guint kind = kind_at(r, e->x, e->y, e->segment);
  CHECK(r, kind != cx->ring_kind, "%s of seat %d on the ring space of %d,%d",
        type_name(r, e->figure), e->player, e->x, e->y);
  if (kind == cx->acrobat_kind) {
    acrobat_placed(r, e);
    return;
  }
  if (e->figure == cx->ringmaster) {
    CHECK(r, rule_is(e, "CIRCUS-17") || rule_is(e, "PD-16"),
          "ringmaster placed by %s", e->rule ? e->rule : "-");
    r->tally->rm_placed += rule_is(e, "CIRCUS-17");
    r->tally->rm_portal += rule_is(e, "PD-16");
  }
}

/* CIRCUS-14, CIRCUS-18, BASE-19, PD-10, PD-13, X-01, X-04: an owned
 * figure goes home. */
static void
returned_event(Run *r, const MeepleEvent *e, gboolean queued)
{
  const Cx *cx = r->cx;
  if (e->player < 0) {
    CHECK(r, (int)e->figure == cx->mage || (int)e->figure == cx->witch,
          "neutral %s left the board (%s)", type_name(r, e->figure),
          e->rule ? e->rule : "-");
    return;
  }
  CHECK(r, !r->after07, "%s went home (%s) after the big top scored",
        type_name(r, e->figure), e->rule ? e->rule : "-");
  int i = fig_find(r, e->player, e->figure, e->x, e->y, e->segment);
  CHECK(r, i >= 0, "seat %d's %s went home from %d,%d/%u where the shadow "
        "has none", e->player, type_name(r, e->figure), e->x, e->y,
        e->segment);
  g_array_remove_index_fast(r->figs, (guint)i);
  /* PD-23, X-08: the dragon never enters the fairy's tile, so it eats
   * nobody there (a pyramid with the fairy is safe) */
  CHECK(r, !(rule_is(e, "PD-10") && r->fairy_on && e->x == r->fairy_x &&
             e->y == r->fairy_y),
        "%s of seat %d eaten on the fairy's tile %d,%d",
        type_name(r, e->figure), e->player, e->x, e->y);
  guint kind = kind_at(r, e->x, e->y, e->segment);
  if (kind == cx->acrobat_kind) {
    /* an acrobat leaves only with its pyramid (CIRCUS-14) or eaten */
    CHECK(r, (rule_is(e, "CIRCUS-14") && queued) || rule_is(e, "PD-10"),
          "acrobat at %d,%d went home by %s (queued %d)", e->x, e->y,
          e->rule ? e->rule : "-", queued);
    r->tally->acro_eaten += rule_is(e, "PD-10");
  } else {
    CHECK(r, !rule_is(e, "CIRCUS-14"), "non-acrobat returned by CIRCUS-14");
  }
  if (e->figure != cx->ringmaster)
    return;
  r->tally->rm_eaten += rule_is(e, "PD-10");
  r->tally->rm_princess += rule_is(e, "PD-13");
  /* CIRCUS-18: a ringmaster going home from its scored feature had its
   * bonus just before, when there is a circus tile around it; eaten
   * or sent home by the princess it gets none */
  guint k;
  for (k = 0; k < r->n_bonus && r->bonus_owner[k] != e->player; k++)
    ;
  gboolean paid = k < r->n_bonus;
  if (paid) {
    CHECK(r, r->bonus_x[k] == e->x && r->bonus_y[k] == e->y,
          "bonus at %d,%d, ringmaster home from %d,%d", r->bonus_x[k],
          r->bonus_y[k], e->x, e->y);
    r->n_bonus--;
    r->bonus_owner[k] = r->bonus_owner[r->n_bonus];
    r->bonus_x[k] = r->bonus_x[r->n_bonus];
    r->bonus_y[k] = r->bonus_y[r->n_bonus];
  }
  guint around = circus_tiles_around(r, e->x, e->y);
  if (rule_is(e, "BASE-19") &&
      (kind == MEEPLE_KIND_ROAD || kind == MEEPLE_KIND_CITY ||
       kind == MEEPLE_KIND_MONASTERY)) {
    CHECK(r, paid == (around > 0), "seat %d's ringmaster home from %d,%d "
          "with %u circus tiles around, bonus paid %d", e->player, e->x, e->y,
          around, paid);
    r->tally->rm_zero += around == 0;
  } else {
    CHECK(r, !paid, "ringmaster bonus, then home by %s",
          e->rule ? e->rule : "-");
  }
}

/* CIRCUS-18/19: 2 points per circus tile around the ringmaster, at its
 * tile, for the kinds that pay. */
static void
ringmaster_bonus(Run *r, const MeepleEvent *e, gboolean final)
{
  const Fig *f = shadow_ringmaster(r, e->player);
  CHECK(r, f && f->x == e->x && f->y == e->y && f->seg == e->segment,
        "ringmaster bonus at %d,%d/%u, seat %d's ringmaster at %d,%d/%u",
        e->x, e->y, e->segment, e->player, f ? f->x : 0, f ? f->y : 0,
        f ? f->seg : 0);
  guint kind = kind_at(r, f->x, f->y, f->seg);
  CHECK(r, e->kind == kind, "bonus names kind %u, ringmaster on kind %u",
        e->kind, kind);
  CHECK(r, kind == MEEPLE_KIND_ROAD || kind == MEEPLE_KIND_CITY ||
               kind == MEEPLE_KIND_MONASTERY ||
               (final && kind == MEEPLE_KIND_FIELD),
        "ringmaster bonus (%s) on a %s", e->rule,
        meeple_rules_kind(r->cx->rules, kind)->name);
  guint around = circus_tiles_around(r, f->x, f->y);
  CHECK(r, e->points == 2 * (int)around, "ringmaster at %d,%d: %d points, "
        "%u circus tiles around", f->x, f->y, e->points, around);
  if (final) {
    CHECK(r, r->final_started && !r->saw16 && !r->rm19[e->player],
          "CIRCUS-19 (final %d, after CIRCUS-16 %d, twice %d)",
          r->final_started, r->saw16, r->rm19[e->player]);
    r->rm19[e->player] = TRUE;
    r->tally->rm19++;
    return;
  }
  CHECK(r, r->n_bonus < MEEPLE_MAX_PLAYERS, "too many bonuses");
  r->bonus_owner[r->n_bonus] = e->player;
  r->bonus_x[r->n_bonus] = f->x;
  r->bonus_y[r->n_bonus] = f->y;
  r->n_bonus++;
  r->tally->rm18++;
}

static void
points_event(Run *r, const MeepleEvent *e, gboolean queued)
{
  CHECK(r, e->player >= 0 && e->player < (int)r->n_players && e->points > 0 &&
               e->rule,
        "points %d to seat %d (%s)", e->points, e->player,
        e->rule ? e->rule : "no rule");
  r->score[e->player] += e->points;
  const char *rule = e->rule;
  static const char *const final_rules[] = { "BASE-22", "BASE-23",
                                             "CIRCUS-16", "CIRCUS-19",
                                             "ABBOT-07", "MW-11" };
  gboolean final = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS(final_rules); i++)
    final |= strcmp(rule, final_rules[i]) == 0;
  if (final)
    start_final(r, e);
  /* §0.4 F2: the acrobats are the last final scoring */
  CHECK(r, !r->saw16 || strcmp(rule, "CIRCUS-16") == 0,
        "%s after the final acrobats (CIRCUS-16)", rule);
  /* after the big top's reveal only its own points, until
   * the turn ends */
  CHECK(r, !r->after07 || strcmp(rule, "CIRCUS-07") == 0,
        "%s points after the big top scored", rule);
  if (strcmp(rule, "CIRCUS-07") == 0 || strcmp(rule, "CIRCUS-09") == 0) {
    CHECK(r, queued, "%s points %d to seat %d not right after its reveal",
          rule, e->points, e->player);
    r->tally->bigtop_points++;
  } else if (strcmp(rule, "CIRCUS-14") == 0) {
    CHECK(r, queued, "pyramid points %d to seat %d not right after its "
          "scoring", e->points, e->player);
    CHECK(r, e->kind == r->cx->acrobat_kind &&
                 (int)e->segment == acro_at(r, e->x, e->y),
          "pyramid points on segment %u, kind %u", e->segment, e->kind);
    r->tally->pyramid_points += (guint)e->points;
  } else if (strcmp(rule, "CIRCUS-16") == 0) {
    CHECK(r, r->final_started, "CIRCUS-16 during the game");
    r->saw16 = TRUE;
    Expect x = { .type = e->type, .player = e->player, .points = e->points,
                 .x = e->x, .y = e->y };
    CHECK(r, e->kind == r->cx->acrobat_kind &&
                 (int)e->segment == acro_at(r, e->x, e->y),
          "CIRCUS-16 at %d,%d/%u, kind %u", e->x, e->y, e->segment, e->kind);
    g_array_append_val(r->final16, x);
    r->tally->final16++;
  } else if (strcmp(rule, "CIRCUS-18") == 0) {
    ringmaster_bonus(r, e, FALSE);
  } else if (strcmp(rule, "CIRCUS-19") == 0) {
    ringmaster_bonus(r, e, TRUE);
  } else if (strcmp(rule, "X-08") == 0) {
    CHECK(r, r->fairy_pyramid && e->player == r->turn_player &&
                 e->points == r->x08_expect && r->x08_seen == 0,
          "X-08: %d points to seat %d in seat %d's turn start, %d owed (fairy "
          "at a pyramid %d)", e->points, e->player, r->turn_player,
          r->x08_expect, r->fairy_pyramid);
    r->x08_seen++;
    r->tally->x08++;
  } else if (strcmp(rule, "PD-22") == 0) {
    CHECK(r, !r->fairy_pyramid, "PD-22 with the fairy at a pyramid (X-08)");
  } else if (strcmp(rule, "PD-24") == 0) {
    CHECK(r, !(r->fairy_on && r->fairy_seg != MEEPLE_SEGMENT_NONE &&
               kind_at(r, r->fairy_x, r->fairy_y, r->fairy_seg) ==
                   r->cx->acrobat_kind) &&
                 e->kind != r->cx->acrobat_kind,
          "PD-24 +3 with the fairy at the pyramid at %d,%d (X-09)",
          r->fairy_x, r->fairy_y);
  }
}

/* CIRCUS-12: the third acrobat completes the pyramid. */
static void
completed_event(Run *r, const MeepleEvent *e)
{
  CHECK(r, rule_is(e, "CIRCUS-12") && r->completed_due &&
               e->x == r->completed_x && e->y == r->completed_y,
        "pyramid completed at %d,%d (%s), due %d at %d,%d", e->x, e->y,
        e->rule ? e->rule : "-", r->completed_due, r->completed_x,
        r->completed_y);
  r->completed_due = FALSE;
  r->tally->completed++;
}

/* CIRCUS-14, CIRCUS-14.2, CIRCUS-15: a complete pyramid (3 acrobats, any
 * colours) is scored: 5 per acrobat to each owner, seat order, then the
 * three acrobats go home. */
static void
scored_event(Run *r, const MeepleEvent *e)
{
  guint per_seat[MEEPLE_MAX_PLAYERS];
  guint n = shadow_acrobats(r, e->x, e->y, per_seat);
  CHECK(r, rule_is(e, "CIRCUS-14") && r->action.kind == r->cx->pyramid_action &&
               r->action.x == e->x && r->action.y == e->y,
        "pyramid scored at %d,%d by %s outside its action", e->x, e->y,
        e->rule ? e->rule : "-");
  CHECK(r, n == 3 && e->arg == 3, "pyramid scored at %d,%d: arg %d, %u "
        "acrobats", e->x, e->y, e->arg, n);
  CHECK(r, (int)e->segment == acro_at(r, e->x, e->y) &&
               e->kind == r->cx->acrobat_kind,
        "pyramid scored on segment %u kind %u", e->segment, e->kind);
  for (guint p = 0; p < r->n_players; p++)
    if (per_seat[p] > 0)
      expect_push(r, MEEPLE_EVENT_POINTS_SCORED, (int)p, 5 * (int)per_seat[p],
                  "CIRCUS-14", e->x, e->y);
  for (guint k = 0; k < n; k++)
    expect_push(r, MEEPLE_EVENT_FIGURE_RETURNED, -1, 0, "CIRCUS-14", e->x,
                e->y);
  r->scored_now++;
  r->tally->scored++;
}

/* The fairy (PD-19..21, X-08): where it stands. */
static void
fairy_event(Run *r, const MeepleEvent *e)
{
  if (rule_is(e, "AMB-03"))
    CHECK(r, r->fairy_on && e->x == r->fairy_x && e->y == r->fairy_y &&
                 e->segment == MEEPLE_SEGMENT_NONE &&
                 e->type == MEEPLE_EVENT_FIGURE_MOVED,
          "fairy left alone at %d,%d/%u, was at %d,%d", e->x, e->y,
          e->segment, r->fairy_x, r->fairy_y);
  if (e->segment != MEEPLE_SEGMENT_NONE &&
      kind_at(r, e->x, e->y, e->segment) == r->cx->acrobat_kind) {
    guint per_seat[MEEPLE_MAX_PLAYERS];
    shadow_acrobats(r, e->x, e->y, per_seat);
    CHECK(r, rule_is(e, "PD-20") && (int)r->action.kind == r->cx->fairy_action &&
                 per_seat[r->decider] > 0,
          "fairy to the pyramid at %d,%d by %s (own acrobats %u)", e->x, e->y,
          e->rule ? e->rule : "-", per_seat[r->decider]);
    r->tally->fairy_pyramid++;
  }
  r->fairy_on = TRUE;
  r->fairy_x = e->x;
  r->fairy_y = e->y;
  r->fairy_seg = e->segment;
}

static void
turn_started(Run *r, const MeepleEvent *e)
{
  close_turn(r);
  r->turn_player = e->player;
  r->cur = FALSE;
  r->removal = FALSE;
  r->after07 = FALSE;
  r->x08_seen = 0;
  r->x08_expect = 0;
  /* the fairy at a pyramid pays the player whose turn begins 1 per
   * own acrobat there (AMB-16), instead of PD-22 */
  r->fairy_pyramid = r->fairy_on && r->fairy_seg != MEEPLE_SEGMENT_NONE &&
                     kind_at(r, r->fairy_x, r->fairy_y, r->fairy_seg) ==
                         r->cx->acrobat_kind;
  if (r->fairy_pyramid) {
    guint per_seat[MEEPLE_MAX_PLAYERS];
    shadow_acrobats(r, r->fairy_x, r->fairy_y, per_seat);
    r->x08_expect = (int)per_seat[e->player];
  }
}

/* CIRCUS-09, CIRCUS-16, CIRCUS-19 at the end: the final acrobats exactly
 * as the shadow has them (tiles in reading order, then seats); every
 * ringmaster on a road, city, monastery or field with a circus tile
 * around got its bonus; every big-top tile revealed one token. */
static void
game_over(Run *r, const MeepleEvent *e)
{
  start_final(r, e);
  close_turn(r);
  CHECK(r, r->reveal09 == r->top_on, "big top on board %d, CIRCUS-09 %d",
        r->top_on, r->reveal09);
  CHECK(r, r->n_reveal07 == (r->n_bt > 0 ? r->n_bt - 1 : 0) &&
               r->n_revealed == r->n_bt,
        "%u big-top tiles, %u CIRCUS-07 reveals, %u tokens revealed", r->n_bt,
        r->n_reveal07, r->n_revealed);
  g_autoptr(GArray) want = g_array_new(FALSE, FALSE, sizeof(Expect));
  g_autoptr(GArray) cells = acrobat_cells(r, TRUE);
  for (guint k = 0; k < cells->len; k++) {
    int x = CELL_X(cells, k), y = CELL_Y(cells, k);
    guint per_seat[MEEPLE_MAX_PLAYERS];
    shadow_acrobats(r, x, y, per_seat);
    for (guint p = 0; p < r->n_players; p++)
      if (per_seat[p] > 0) {
        Expect w = { .type = MEEPLE_EVENT_POINTS_SCORED, .player = (int)p,
                     .points = 5 * (int)per_seat[p], .x = x, .y = y };
        g_array_append_val(want, w);
      }
  }
  CHECK(r, want->len == r->final16->len, "%u CIRCUS-16 events, %u owed",
        r->final16->len, want->len);
  for (guint i = 0; i < want->len; i++) {
    const Expect *a = &g_array_index(want, Expect, i);
    const Expect *b = &g_array_index(r->final16, Expect, i);
    CHECK(r, a->player == b->player && a->points == b->points &&
                 a->x == b->x && a->y == b->y,
          "CIRCUS-16 #%u: seat %d %d points at %d,%d, owed seat %d %d at "
          "%d,%d", i, b->player, b->points, b->x, b->y, a->player, a->points,
          a->x, a->y);
  }
  for (guint p = 0; p < r->n_players; p++) {
    const Fig *f = shadow_ringmaster(r, (int)p);
    gboolean owed = FALSE;
    if (f) {
      guint kind = kind_at(r, f->x, f->y, f->seg);
      owed = circus_tiles_around(r, f->x, f->y) > 0 &&
             (kind == MEEPLE_KIND_ROAD || kind == MEEPLE_KIND_CITY ||
              kind == MEEPLE_KIND_MONASTERY ||
              (kind == MEEPLE_KIND_FIELD && !r->no_farmers));
    }
    CHECK(r, r->rm19[p] == owed, "seat %u: CIRCUS-19 %d, owed %d", p,
          r->rm19[p], owed);
  }
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
          "event %u after game-over", e->type);
    CHECK(r, !r->completed_due || e->type == cx->completed_event,
          "third acrobat at %d,%d, no pyramid-completed right after",
          r->completed_x, r->completed_y);
    gboolean queued = expect_take(r, e);
    gboolean figure = e->type == MEEPLE_EVENT_FIGURE_PLACED ||
                      e->type == MEEPLE_EVENT_FIGURE_MOVED ||
                      e->type == MEEPLE_EVENT_FIGURE_RETURNED;
    if (figure && e->figure == cx->big_top) {
      big_top_event(r, e);
    } else if (figure && (int)e->figure == cx->fairy &&
               e->type != MEEPLE_EVENT_FIGURE_RETURNED) {
      fairy_event(r, e);
    } else if (figure && e->player < 0 &&
               e->type != MEEPLE_EVENT_FIGURE_RETURNED) {
      /* dragon, mage, witch: never onto a ring or acrobat space */
      CHECK(r, e->segment == MEEPLE_SEGMENT_NONE ||
                   (kind_at(r, e->x, e->y, e->segment) != cx->ring_kind &&
                    kind_at(r, e->x, e->y, e->segment) != cx->acrobat_kind),
            "%s onto a circus space", type_name(r, e->figure));
    } else if (e->type == MEEPLE_EVENT_FIGURE_PLACED) {
      placed_event(r, e);
    } else if (e->type == MEEPLE_EVENT_FIGURE_MOVED) {
      fail_run(r, "owned figure moved", "seat %d's %s moved (%s)", e->player,
               type_name(r, e->figure), e->rule ? e->rule : "-");
    } else if (e->type == MEEPLE_EVENT_FIGURE_RETURNED) {
      returned_event(r, e, queued);
      r->removal |= rule_is(e, "PD-13");
    } else if (e->type == MEEPLE_EVENT_POINTS_SCORED) {
      points_event(r, e, queued);
    } else if (e->type == MEEPLE_EVENT_FEATURE_COMPLETED) {
      CHECK(r, !r->after07, "feature completed after the big top scored");
    } else if (e->type == cx->revealed_event) {
      revealed_event(r, e);
    } else if (e->type == cx->completed_event) {
      completed_event(r, e);
    } else if (e->type == cx->scored_event) {
      scored_event(r, e);
    } else if (e->type == MEEPLE_EVENT_TILE_PLACED) {
      tile_placed(r, e);
    } else if (e->type == MEEPLE_EVENT_TURN_STARTED) {
      turn_started(r, e);
    } else if (e->type == MEEPLE_EVENT_GAME_OVER) {
      game_over(r, e);
    }
  }
  CHECK(r, r->n_expect == 0, "%u expected events missing, the next a %s "
        "(%s)", r->n_expect - r->i_expect,
        r->n_expect ? meeple_rules_event_type_name(
                          cx->rules, r->expect[r->i_expect].type)
                    : "-",
        r->n_expect ? r->expect[r->i_expect].rule : "-");
  CHECK(r, !r->completed_due, "third acrobat, no pyramid-completed");
  CHECK(r, r->n_bonus == 0, "ringmaster bonus of seat %d, ringmaster stays",
        r->n_bonus ? r->bonus_owner[0] : -1);
  CHECK(r, !r->reveal_now, "token revealed, big top not moved");
}

/* ---- checkers of the state (after every action) --------------------------- */

static int
compare_figs(const void *pa, const void *pb)
{
  const Fig *a = pa, *b = pb;
  if (a->owner != b->owner)
    return a->owner - b->owner;
  if (a->type != b->type)
    return a->type < b->type ? -1 : 1;
  if (a->x != b->x)
    return a->x - b->x;
  if (a->y != b->y)
    return a->y - b->y;
  return (a->seg > b->seg) - (a->seg < b->seg);
}

/* BASE-01, CIRCUS-01, CIRCUS-03, CIRCUS-05, CIRCUS-06, CIRCUS-12,
 * CIRCUS-13, CIRCUS-17, X-03, X-05: every figure type conserved per seat
 * (supply + board); the owned figures exactly where the events put them;
 * at most 3 acrobats per acrobat tile, only normal followers there, the
 * fairy the only neutral figure beside them; the ring space holds only the
 * big top, which is beside the board until the first big-top tile, then
 * on the ring space of the newest big-top tile once the turn's scoring is
 * done; nothing owned on the dragon's tile. */
static void
check_figures(const Run *r)
{
  const Cx *cx = r->cx;
  const MeepleRules *rules = cx->rules;
  guint n_types = meeple_rules_n_figure_types(rules);
  guint on_board[MEEPLE_MAX_PLAYERS][16] = { { 0 } };
  CHECK(r, n_types <= 16, "%u figure types", n_types);
  g_autoptr(GArray) real = g_array_new(FALSE, FALSE, sizeof(Fig));
  MeepleFigureInfo top = { 0 };
  guint tops = 0;
  int dx = 0, dy = 0;
  gboolean dragon = dragon_cell(r, &dx, &dy);
  for (guint i = 0; i < meeple_game_n_figures(r->game); i++) {
    MeepleFigureInfo f = meeple_game_figure(r->game, i);
    if (f.type == cx->big_top) {
      CHECK(r, f.owner < 0, "big top of seat %d", f.owner);
      top = f;
      tops++;
      continue;
    }
    if (!f.on_board)
      continue;
    guint kind = f.segment == MEEPLE_SEGMENT_NONE
                     ? G_MAXUINT
                     : kind_at(r, f.x, f.y, f.segment);
    CHECK(r, kind != cx->ring_kind, "%s of seat %d on the ring space at "
          "%d,%d", type_name(r, f.type), f.owner, f.x, f.y);
    if (f.owner < 0) {
      CHECK(r, kind != cx->acrobat_kind || (int)f.type == cx->fairy,
            "%s on the acrobat space at %d,%d", type_name(r, f.type), f.x,
            f.y);
      continue;
    }
    CHECK(r, meeple_rules_figure_type(rules, f.type)->is_follower &&
                 f.segment != MEEPLE_SEGMENT_NONE,
          "owned %s (follower %d) on segment %u", type_name(r, f.type),
          meeple_rules_figure_type(rules, f.type)->is_follower, f.segment);
    CHECK(r, kind != cx->acrobat_kind || f.type == MEEPLE_FIGURE_FOLLOWER,
          "%s of seat %d as an acrobat at %d,%d", type_name(r, f.type),
          f.owner, f.x, f.y);
    CHECK(r, !(dragon && f.x == dx && f.y == dy),
          "%s of seat %d on the dragon's tile %d,%d", type_name(r, f.type),
          f.owner, f.x, f.y);
    on_board[f.owner][f.type]++;
    Fig g = { .owner = f.owner, .type = f.type, .x = f.x, .y = f.y,
              .seg = f.segment };
    g_array_append_val(real, g);
  }
  for (guint p = 0; p < r->n_players; p++)
    for (guint t = 0; t < n_types; t++)
      CHECK(r, on_board[p][t] + meeple_game_supply(r->game, p, t) ==
                   meeple_rules_figure_type(rules, t)->per_player,
            "seat %u %s: %u on board + %u in supply", p, type_name(r, t),
            on_board[p][t], meeple_game_supply(r->game, p, t));
  /* the shadow is the board */
  CHECK(r, real->len == r->figs->len, "%u owned figures on the board, "
        "events say %u", real->len, r->figs->len);
  g_autoptr(GArray) shadow = g_array_sized_new(FALSE, FALSE, sizeof(Fig),
                                               r->figs->len);
  g_array_append_vals(shadow, r->figs->data, r->figs->len);
  g_array_sort(real, compare_figs);
  g_array_sort(shadow, compare_figs);
  for (guint i = 0; i < real->len; i++) {
    const Fig *a = &g_array_index(real, Fig, i);
    const Fig *b = &g_array_index(shadow, Fig, i);
    CHECK(r, compare_figs(a, b) == 0, "board has seat %d's %s at %d,%d/%u, "
          "events say seat %d's %s at %d,%d/%u", a->owner,
          type_name(r, a->type), a->x, a->y, a->seg, b->owner,
          type_name(r, b->type), b->x, b->y, b->seg);
  }
  /* CIRCUS-12 */
  for (guint t = 0; t < meeple_game_n_placed(r->game); t++) {
    MeeplePlacedTile p = meeple_game_placed(r->game, t);
    if (cx->acro_seg[p.type] >= 0)
      CHECK(r, shadow_acrobats(r, p.x, p.y, NULL) <= 3,
            "%u acrobats at %d,%d", shadow_acrobats(r, p.x, p.y, NULL), p.x,
            p.y);
  }
  /* the big top */
  CHECK(r, tops == 1, "%u big tops", tops);
  CHECK(r, top.on_board == r->top_on, "big top on board %d, events say %d",
        top.on_board, r->top_on);
  CHECK(r, top.on_board == (r->n_bt > 0 && !r->first_due),
        "big top on board %d, %u big-top tiles placed (first due %d)",
        top.on_board, r->n_bt, r->first_due);
  if (!top.on_board)
    return;
  CHECK(r, top.x == r->top_x && top.y == r->top_y && top.segment == r->top_seg,
        "big top at %d,%d/%u, events say %d,%d/%u", top.x, top.y, top.segment,
        r->top_x, r->top_y, r->top_seg);
  CHECK(r, ring_at(r, top.x, top.y) == (int)top.segment,
        "big top on segment %u at %d,%d, ring space %d", top.segment, top.x,
        top.y, ring_at(r, top.x, top.y));
  if (!r->move_due)
    CHECK(r, top.x == r->bt_x && top.y == r->bt_y,
          "big top on %d,%d, newest big-top tile at %d,%d", top.x, top.y,
          r->bt_x, r->bt_y);
}

/* BASE-02, BASE-06, BASE-21, PD-08: every tile is placed, discarded, in
 * the supply, set aside or the drawn one; none left at the end. */
static void
check_tiles(const Run *r)
{
  guint placed = meeple_game_n_placed(r->game);
  guint discarded = meeple_game_n_discarded(r->game);
  guint left = meeple_game_tiles_left(r->game);
  guint aside = meeple_game_n_set_aside(r->game);
  guint drawn = meeple_game_drawn_tile(r->game) >= 0;
  CHECK(r, placed + discarded + left + aside + drawn == r->total,
        "%u placed + %u discarded + %u left + %u set aside + %u drawn != %u",
        placed, discarded, left, aside, drawn, r->total);
  if (meeple_game_is_over(r->game))
    CHECK(r, aside == 0 && left == 0 && !drawn,
          "game over with %u set aside, %u left, %u drawn", aside, left,
          drawn);
}

/* Scores are the sums of their events and never go down. */
static void
check_scores(const Run *r, const int *before)
{
  for (guint p = 0; p < r->n_players; p++) {
    int s = meeple_game_score(r->game, p);
    CHECK(r, s == r->score[p], "seat %u: score %d, events %d", p, s,
          r->score[p]);
    CHECK(r, s >= before[p], "seat %u: score %d down from %d", p, s,
          before[p]);
  }
}

static const char *
note_text(GPtrArray *notes, const char *label)
{
  const char *text = NULL;
  for (guint i = 0; i < notes->len; i++) {
    const MeepleNote *n = g_ptr_array_index(notes, i);
    if (strcmp(n->label, label) == 0) {
      ck_assert_msg(!text, "two notes '%s'", label);
      text = n->text;
    }
  }
  return text;
}

/* CIRCUS-01, CIRCUS-05..07, CIRCUS-09, CIRCUS-12: the public notes.  "Big
 * top": where it is and whether its token lies face down — never which
 * animal; "Animal tokens": the face-down pile and the revealed tokens
 * (name and value, in the order of the reveals), and 16 = pile + under the
 * big top + revealed; "Pyramids": the seats of every acrobat tile holding
 * acrobats, in reading order, "(complete)" at 3. */
static void
check_notes(const Run *r)
{
  GPtrArray *notes = meeple_game_notes(r->game);
  const char *top = note_text(notes, "Big top");
  CHECK(r, top != NULL, "no 'Big top' note");
  for (guint v = 1; v < 8; v++)
    CHECK(r, !animal_names[v] || !strstr(top, animal_names[v]),
          "'Big top: %s' names an animal", top);
  gboolean face_down = FALSE;
  if (r->top_on) {
    int x, y;
    CHECK(r, sscanf(top, "on %d,%d", &x, &y) == 2 && x == r->top_x &&
                 y == r->top_y,
          "'Big top: %s', big top at %d,%d", top, r->top_x, r->top_y);
    face_down = strstr(top, "face-down") != NULL;
  } else {
    CHECK(r, strncmp(top, "on ", 3) != 0, "'Big top: %s', beside the board",
          top);
  }
  CHECK(r, face_down == (r->top_on && !r->reveal09),
        "'Big top: %s': face down %d, on board %d, finally revealed %d", top,
        face_down, r->top_on, r->reveal09);

  const char *tokens = note_text(notes, "Animal tokens");
  CHECK(r, tokens != NULL, "no 'Animal tokens' note");
  guint pile = 0;
  int used = 0;
  const char *head = "face down in the pile; out of the game: ";
  CHECK(r, sscanf(tokens, "%u %n", &pile, &used) == 1 &&
               strncmp(tokens + used, head, strlen(head)) == 0,
        "'Animal tokens: %s'", tokens);
  const char *list = tokens + used + strlen(head);
  if (r->n_revealed == 0) {
    CHECK(r, strcmp(list, "none") == 0, "'Animal tokens: %s', none revealed",
          tokens);
  } else {
    g_auto(GStrv) items = g_strsplit(list, ", ", -1);
    CHECK(r, g_strv_length(items) == r->n_revealed,
          "'Animal tokens: %s', %u revealed", tokens, r->n_revealed);
    for (guint i = 0; i < r->n_revealed; i++) {
      g_autofree char *want = g_strdup_printf(
          "%s %u", animal_names[r->revealed[i]], r->revealed[i]);
      CHECK(r, strcmp(items[i], want) == 0, "'Animal tokens: %s': #%u is "
            "'%s', revealed '%s'", tokens, i, items[i], want);
    }
  }
  CHECK(r, pile + face_down + r->n_revealed == N_TOKENS,
        "%u face down in the pile + %d under the big top + %u revealed != 16",
        pile, face_down, r->n_revealed);

  /* pyramids, in reading order */
  g_autoptr(GString) want = g_string_new(NULL);
  g_autoptr(GArray) cells = acrobat_cells(r, TRUE);
  for (guint k = 0; k < cells->len; k++) {
    int x = CELL_X(cells, k), y = CELL_Y(cells, k);
    guint per_seat[MEEPLE_MAX_PLAYERS];
    guint n = shadow_acrobats(r, x, y, per_seat);
    g_string_append_printf(want, "%s%d,%d seats", k ? "; " : "", x, y);
    const char *sep = " ";
    for (guint p = 0; p < r->n_players; p++)
      for (guint i = 0; i < per_seat[p]; i++, sep = ", ")
        g_string_append_printf(want, "%s%u", sep, p + 1);
    if (n == 3)
      g_string_append(want, " (complete)");
  }
  const char *pyramids = note_text(notes, "Pyramids");
  if (cells->len == 0)
    CHECK(r, pyramids == NULL, "'Pyramids: %s', no acrobat on the board",
          pyramids);
  else
    CHECK(r, pyramids && strcmp(pyramids, want->str) == 0,
          "'Pyramids: %s', the board has '%s'", pyramids ? pyramids : "(none)",
          want->str);
  g_ptr_array_unref(notes);
}

/* ---- determinism: clones and records ----------------------------------- */

/* DESIGN invariant 1: a clone taking the same action is the same game
 * with the same events (the last @n of the stream) and the same notes. */
static void
check_clone(Run *r, MeepleGame *clone, gsize index, gsize n)
{
  g_autofree char *why = tu_clone_step_differs(
    r->game, clone, index,
    &g_array_index(r->stream, MeepleEvent, r->stream->len - n), n);
  CHECK(r, !why, "clone: %s", why);
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
    meeple_game_free(again);
  r->tally->replays++;
}

/* ---- playing --------------------------------------------------------------- */

static void
check_state(Run *r, const int *before)
{
  check_figures(r);
  check_tiles(r);
  check_scores(r, before);
  check_notes(r);
}

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
    .turn_player = -1,
    .total = cx->total_tiles,
  };
  MeepleGameConfig cfg = {
    .n_players = r.n_players,
    .seed = G_GUINT64_CONSTANT(0x9e3779b97f4a7c15) * r.seed,
    .no_farmers = r.no_farmers,
  };
  GRand *rand = g_rand_new_with_seed((guint32)(r.seed * 2654435761u));
  GError *error = NULL;
  r.figs = g_array_new(FALSE, FALSE, sizeof(Fig));
  r.final16 = g_array_new(FALSE, FALSE, sizeof(Expect));
  r.stream = g_array_new(FALSE, FALSE, sizeof(MeepleEvent));
  r.game = meeple_game_new(cx->rules, &cfg, &error);
  CHECK(&r, r.game, "meeple_game_new: %s", error ? error->message : "");
  gsize n;
  const MeepleEvent *ev = meeple_game_initial_events(r.game, &n);
  walk_events(&r, ev, n);
  int before[MEEPLE_MAX_PLAYERS] = { 0 };
  check_state(&r, before);

  const MeepleDecision *d;
  while ((d = meeple_game_decision(r.game))) {
    r.stage = "in the decision that follows";
    check_distinct(&r, d);
    check_figure_decision(&r, d);
    r.stage = "after";
    r.turn = meeple_game_turn(r.game);
    gsize index = r.greedy && d->player == 0
                      ? tu_greedy_pick(r.game, d, rand)
                      : (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions);
    r.action = d->actions[index];
    r.decision = d->kind;
    r.decider = d->player;
    g_free(r.text);
    r.text = meeple_action_to_string(r.game, &r.action);
    r.acrobats_now = r.scored_now = 0;
    for (guint p = 0; p < r.n_players; p++)
      before[p] = meeple_game_score(r.game, p);
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
    /* CIRCUS-10/11, X-10: one acrobat per acrobat action, none otherwise;
     * CIRCUS-14: one pyramid per pyramid action, none otherwise */
    CHECK(&r, r.acrobats_now == (r.action.kind == cx->acrobat_action),
          "%u acrobats placed", r.acrobats_now);
    CHECK(&r, r.scored_now == (r.action.kind == cx->pyramid_action),
          "%u pyramids scored", r.scored_now);
    if (r.action.kind == cx->acrobat_action &&
        (meeple_rules_tile_type(cx->rules, r.cur_type)->symbols & cx->portal))
      tally->portal_turn_acro++;
    check_state(&r, before);
  }
  CHECK(&r, r.over && meeple_game_is_over(r.game), "no game-over event");
  check_record(&r);
  tally->games++;
  g_rand_free(rand);
  g_array_free(r.stream, TRUE);
  g_array_free(r.figs, TRUE);
  g_array_free(r.final16, TRUE);
  g_free(r.text);
  meeple_game_free(r.game);
}

static void
run_variant(guint v)
{
  Cx cx = cx_new(variants[v].ids);
  guint n_games = variant_games(v);
  Tally t = { 0 };
  gint64 start = g_get_monotonic_time();
  for (guint k = 0; k < n_games; k++)
    play_game(&cx, &variants[v], k, &t);
  fprintf(stderr,
          "%s%s: %u games in %.1f s, %u actions; big top: %u placed, %u moves, %u "
          "tokens revealed (%u CIRCUS-07, %u CIRCUS-09), %u big-top points; "
          "acrobats: %u CIRCUS-10, %u CIRCUS-11, %u X-10 (%u on portal "
          "turns), %u pyramids completed, %u scored (%u points), %u final "
          "CIRCUS-16, %u eaten; ringmaster: %u placed, %u by portal, %u "
          "CIRCUS-18, %u CIRCUS-19, %u home without circus tile, %u eaten, "
          "%u by the princess; fairy: %u to pyramids, %u X-08; %u clones, %u "
          "replays\n",
          cx.ids, variants[v].greedy ? " (seat 0 greedy)" : "", t.games,
          (double)(g_get_monotonic_time() - start) / G_USEC_PER_SEC, t.actions, t.big_tops, t.moves, t.reveal07 + t.reveal09, t.reveal07,
          t.reveal09, t.bigtop_points, t.acro10, t.acro11, t.acroX10,
          t.portal_turn_acro, t.completed, t.scored, t.pyramid_points,
          t.final16, t.acro_eaten, t.rm_placed, t.rm_portal, t.rm18, t.rm19,
          t.rm_zero, t.rm_eaten, t.rm_princess, t.fairy_pyramid, t.x08,
          t.clones, t.replays);
  ck_assert_uint_eq(t.games, n_games);
  ck_assert_uint_eq(t.replays, n_games);
  /* the checkers saw what they check: practically every game places big-
   * top tiles (12 of them, CIRCUS-01), so every game reveals tokens */
  ck_assert_uint_ge(t.big_tops, n_games * 9 / 10);
  ck_assert_uint_ge(t.reveal09, n_games * 9 / 10);
  ck_assert_uint_gt(t.reveal07, t.reveal09);
  ck_assert_uint_gt(t.bigtop_points, 0);
  ck_assert_uint_gt(t.acro10 + t.acro11, 0);
  ck_assert_uint_gt(t.rm_placed, 0);
  if (n_games >= 50) {
    ck_assert_uint_gt(t.acro10, 0);
    ck_assert_uint_gt(t.acro11, 0);
    ck_assert_uint_gt(t.completed, 0);
    ck_assert_uint_gt(t.scored, 0);
    ck_assert_uint_gt(t.final16, 0);
    ck_assert_uint_gt(t.rm18, 0);
    ck_assert_uint_gt(t.rm19, 0);
    ck_assert_uint_gt(t.clones, 0);
    if (cx.dragon >= 0) {
      ck_assert_uint_gt(t.acroX10, 0);
      ck_assert_uint_gt(t.acro_eaten, 0);
      ck_assert_uint_gt(t.rm_eaten, 0);
      ck_assert_uint_gt(t.rm_portal, 0);
      ck_assert_uint_gt(t.fairy_pyramid, 0);
      ck_assert_uint_gt(t.x08, 0);
    } else {
      ck_assert_uint_eq(t.acroX10, 0);
    }
  }
  cx_free(&cx);
}

/* RULES: BASE-02, CIRCUS-01, CIRCUS-02, CIRCUS-03, CIRCUS-17 (72 base
 * tiles with the start tile + 20 circus tiles, 12 big-top tiles with a
 * ring space and 8 acrobat tiles with an acrobat space; one ringmaster
 * per player, a follower; one neutral big top; the two spaces are spots
 * that take no follower the ordinary way) */
START_TEST(circus_components)
{
  Cx cx = cx_new("circus");
  ck_assert_uint_eq(cx.total_tiles, 72 + 20);
  guint n_supply = 0, n_circus = 0, n_ring = 0, n_acro = 0;
  for (guint i = 0; i < cx.n_types; i++) {
    const MeepleTileType *t = meeple_rules_tile_type(cx.rules, i);
    n_supply += t->count;
    n_circus += strcmp(t->tileset, "circus") == 0 ? t->count : 0;
    n_ring += cx.ring_seg[i] >= 0 ? t->count : 0;
    n_acro += cx.acro_seg[i] >= 0 ? t->count : 0;
    ck_assert(cx.ring_seg[i] < 0 || cx.acro_seg[i] < 0);
  }
  ck_assert_uint_eq(n_supply, cx.total_tiles);
  ck_assert_uint_eq(n_circus, 20);
  ck_assert_uint_eq(n_ring, 12);
  ck_assert_uint_eq(n_acro, 8);
  const MeepleFigureType *rm = meeple_rules_figure_type(cx.rules,
                                                        cx.ringmaster);
  ck_assert(rm->is_follower);
  ck_assert_uint_eq(rm->per_player, 1);
  ck_assert_str_eq(rm->place_rule, "CIRCUS-17");
  const MeepleFigureType *bt = meeple_rules_figure_type(cx.rules, cx.big_top);
  ck_assert(!bt->is_follower);
  ck_assert_uint_eq(bt->per_player, 0);
  ck_assert_uint_eq(bt->neutral, 1);
  for (guint k = 0; k < 2; k++) {
    const MeepleKind *kind = meeple_rules_kind(
        cx.rules, k ? cx.acrobat_kind : cx.ring_kind);
    ck_assert_str_eq(kind->code, k ? "A" : "B");
    ck_assert_int_eq(kind->shape, MEEPLE_SHAPE_SPOT);
    ck_assert(!kind->follower_allowed);
    ck_assert(!meeple_rules_figure_may_stand(cx.rules, MEEPLE_FIGURE_FOLLOWER,
                                             k ? cx.acrobat_kind
                                               : cx.ring_kind));
    ck_assert(!meeple_rules_figure_may_stand(cx.rules, cx.ringmaster,
                                             k ? cx.acrobat_kind
                                               : cx.ring_kind));
  }
  /* CIRCUS-01: the token set adds up to 16 */
  guint tokens = 0;
  for (guint v = 0; v < 8; v++)
    tokens += token_copies[v];
  ck_assert_uint_eq(tokens, N_TOKENS);
  cx_free(&cx);
  Cx all = cx_new("circus,princess-dragon,mage-witch,abbot");
  ck_assert_uint_eq(all.total_tiles, 72 + 20 + 30 + 8);
  cx_free(&all);
}
END_TEST

/* RULES: CIRCUS-01, CIRCUS-02, CIRCUS-03, CIRCUS-04, CIRCUS-05,
 * CIRCUS-06, CIRCUS-06.1, CIRCUS-07, CIRCUS-07.1, CIRCUS-08, CIRCUS-09,
 * CIRCUS-10, CIRCUS-11, CIRCUS-12, CIRCUS-13, CIRCUS-14, CIRCUS-14.2,
 * CIRCUS-15, CIRCUS-16, CIRCUS-17, CIRCUS-18, CIRCUS-19, CIRCUS-20.1,
 *
 * AMB-02, AMB-13, AMB-14, AMB-16, AMB-28,
 * ED-10, ED-11, ED-12, BASE-01, BASE-19, BASE-21 (loop index: the
 * variants table above) */
START_TEST(circus_random_games_keep_invariants)
{
  run_variant((guint)_i);
}
END_TEST

/* RULES: CIRCUS-07, CIRCUS-08, CIRCUS-10, CIRCUS-11, CIRCUS-14,
 * CIRCUS-17, CIRCUS-18 (seat 0 places every figure it can, completes and
 * scores pyramids and chases points) */
START_TEST(circus_greedy_seat_keeps_invariants)
{
  run_variant(GREEDY_VARIANT);
}
END_TEST

static Suite *
properties_circus_suite(void)
{
  Suite *s = suite_create("properties-circus");
  TCase *tc = tcase_create("properties-circus");
  /* long loops: give them room under the sanitizers */
  tcase_set_timeout(tc, 3600);
  tcase_add_test(tc, circus_components);
  tcase_add_loop_test(tc, circus_random_games_keep_invariants, 0,
                      GREEDY_VARIANT);
  tcase_add_test(tc, circus_greedy_seat_keeps_invariants);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  return tu_run_suite(properties_circus_suite());
}
