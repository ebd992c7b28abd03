/* circus.c — Under the Big Top (RULES §5, CIRCUS-01..CIRCUS-20) as a
 * meepled plugin.
 *
 * The plugin brings the 20 tiles of data/tiles/circus.tiles with two
 * segment kinds of its own (the ring space B and the acrobat space A,
 * CIRCUS-03: spots that are never features), the big top, one ringmaster
 * per player, the 16 animal tokens (kept in the game's slot; the value of
 * the one under the big top is never shown before it is revealed), and
 * one hook per step of RULES §0.4 it joins:
 *
 *   PLACE_TILE         index_acrobat_tiles   (no rule: the acrobat tiles
 *                                            the figure actions list)
 *                  P5  circus_first_big_top  CIRCUS-05 the first big top
 *   FIGURE_ACTIONS F   circus_figure_actions CIRCUS-17 ringmaster,
 *                                            CIRCUS-10/11, X-10 acrobat,
 *                                            CIRCUS-14 score a pyramid
 *   FEATURE_SCORED S2  circus_ringmaster     CIRCUS-18/19 bonus
 *   SCORE          S3  circus_big_top_moves  CIRCUS-06/07
 *   FINAL_SCORING  F1  circus_final_big_top  CIRCUS-09 (before the core)
 *                  F2  circus_final_acrobats CIRCUS-16
 *   NOTES              circus_notes          big top, tokens, pyramids
 *
 * Acrobats are ordinary followers standing on the acrobat space; the
 * core counts them there like followers on a feature, which is how a
 * pyramid's size is read.  The choices (which acrobat tile, which
 * pyramid) are legal actions of the turn's figure decision, so every
 * client plays them without knowing this expansion.
 */
#include <meeple/plugin.h>

#include <stdlib.h>
#include <string.h>

/* CIRCUS-12: a pyramid holds at most this many acrobats. */
#define PYRAMID_SIZE 3
/* CIRCUS-14, CIRCUS-16: points per acrobat. */
#define ACROBAT_POINTS 5
/* CIRCUS-18: points per circus tile around a ringmaster. */
#define RINGMASTER_POINTS 2

/* CIRCUS-01: the animal tokens, by value. */
#define N_TOKENS 16
static const guint8 token_set[N_TOKENS] = { 7, 6, 6, 5, 5, 5, 4, 4,
                                            4, 4, 4, 3, 3, 3, 3, 1 };

static const char *
animal_name(guint value)
{
  switch (value) {
  case 7: return "elephant";
  case 6: return "tiger";
  case 5: return "bear";
  case 4: return "seal";
  case 3: return "monkey";
  case 1: return "flea";
  default: return "token";
  }
}

/* Tile types whose acrobat segment is cached; any further ones are
 * looked up each time. */
#define SPOT_CACHE 512

/* Registration indices, resolved once per rules object (doc/plugins.md). */
typedef struct {
  guint ring_kind, acrobat_kind;   /* segment kinds B and A */
  guint big_top;                   /* neutral figure type */
  guint ringmaster;                /* follower type, one per player */
  guint slot;
  guint acrobat_action, pyramid_action;
  guint completed_event, scored_event, revealed_event;
  /* acrobat_spot_of(): the acrobat segment of each tile type, filled on
   * first use (the tile types are known only once the rules are built) */
  gsize spots_ready;
  gint8 acrobat_spot[SPOT_CACHE];
} Circus;

/* Acrobat tiles the state remembers; a tile set with more (this one has
 * 8) makes next_acrobat_tile() fall back to reading the whole board. */
#define MAX_ACROBAT_TILES 24

/* Per-game state (DESIGN invariant 3); a byte copy clones it.  The pile
 * is kept as values; which one comes next is drawn with the game's PRNG
 * when it is needed, so nothing about it exists before that moment. */
typedef struct {
  guint8 pile[N_TOKENS];  /* face-down tokens not yet used */
  guint8 n_pile;
  guint8 under;           /* value of the token under the big top, 0: none */
  guint8 out[N_TOKENS];   /* revealed tokens, out of the game, in order */
  guint8 n_out;
  /* The acrobat tiles on the board, in the order they were placed, as
   * indices for meeple_game_placed(), for the lists of every figure
   * decision (CIRCUS-14, X-10), which would otherwise read every tile of
   * the board: index_acrobat_tiles() keeps it, from placed tile
   * n_indexed on.  overflow: more than MAX_ACROBAT_TILES. */
  guint16 acrobat_tile[MAX_ACROBAT_TILES];
  /* where each lies and its acrobat segment: the figure decision's lists
   * read them without a query per tile */
  gint16 acrobat_x[MAX_ACROBAT_TILES], acrobat_y[MAX_ACROBAT_TILES];
  guint8 acrobat_spot[MAX_ACROBAT_TILES];
  guint16 n_acrobat_tiles;
  guint16 n_indexed;
  gboolean overflow;
} CircusState;

static void
circus_state_init(MeepleGame *game, gpointer state, gpointer user_data)
{
  (void)game;
  (void)user_data;
  CircusState *st = state;
  memcpy(st->pile, token_set, sizeof token_set);
  st->n_pile = N_TOKENS;
}

/* ---- small queries ---------------------------------------------------------- */

/* Index of the segment of @kind on tile type @type, or -1. */
static int
spot_of_type(const MeepleGame *game, guint type, guint kind)
{
  const MeepleTileType *t =
      meeple_rules_tile_type(meeple_game_rules(game), type);
  for (guint s = 0; s < t->n_segments; s++)
    if (t->segments[s].kind == kind)
      return (int)s;
  return -1;
}

/* spot_of_type() for the acrobat kind, from a table built on first use:
 * list_pyramids() asks it of every tile on the board at every figure
 * decision.  The rules never change once games run, so the table is
 * filled once per rules object, thread-safely (search bots play on
 * several threads). */
static int
acrobat_spot_of(const MeepleGame *game, const Circus *c, guint type)
{
  if (type >= SPOT_CACHE)
    return spot_of_type(game, type, c->acrobat_kind);
  Circus *cache = (Circus *)c; /* only the cache fields are written */
  if (g_once_init_enter(&cache->spots_ready)) {
    guint n = meeple_rules_n_tile_types(meeple_game_rules(game));
    for (guint t = 0; t < MIN(n, SPOT_CACHE); t++)
      cache->acrobat_spot[t] = (gint8)spot_of_type(game, t, c->acrobat_kind);
    g_once_init_leave(&cache->spots_ready, 1);
  }
  return c->acrobat_spot[type];
}

/* Segment of @kind on the tile at (x, y), or -1 (also without a tile). */
static int
spot_at(const MeepleGame *game, int x, int y, guint kind)
{
  MeeplePlacedTile tile;
  if (!meeple_game_tile_at(game, x, y, &tile))
    return -1;
  return spot_of_type(game, tile.type, kind);
}

/* CIRCUS-02: a big-top tile or an acrobat tile. */
static gboolean
is_circus_tile(const MeepleGame *game, const Circus *c, int x, int y)
{
  return spot_at(game, x, y, c->ring_kind) >= 0 ||
         spot_at(game, x, y, c->acrobat_kind) >= 0;
}

/* Acrobats of each seat on the acrobat space @segment at (x, y); returns
 * the total.  The core counts followers on a spot as on a feature. */
static guint
acrobats(const MeepleGame *game, int x, int y, guint segment,
         guint per_seat[MEEPLE_MAX_PLAYERS])
{
  MeepleFeatureInfo info;
  guint total = 0;
  if (!per_seat) {
    /* the count alone: cheap enough for every tile of the board */
    return meeple_game_segment_feature(game, x, y, segment, NULL, &total) < 0
               ? 0
               : total;
  }
  if (!meeple_game_feature(game, x, y, segment, &info))
    return 0;
  for (guint p = 0; p < meeple_game_n_players(game); p++) {
    per_seat[p] = info.followers[p];
    total += info.followers[p];
  }
  return total;
}

static guint
big_top_figure(const MeepleGame *game, const Circus *c)
{
  int i = meeple_game_neutral_figure(game, c->big_top);
  g_assert(i >= 0); /* registered with count 1 in circus_setup() */
  return (guint)i;
}

/* X-10: this turn's tile lets the figure action reach every tile (a
 * symbol with MEEPLE_SYMBOL_TRAIT_REACH_ANY_TILE: the magic portal of The
 * Princess & the Dragon). */
static gboolean
reach_any_tile(MeepleGame *game, const MeeplePlacedTile *tile)
{
  return (meeple_rules_tile_symbol_traits(meeple_game_rules(game),
                                          tile->type) &
          MEEPLE_SYMBOL_TRAIT_REACH_ANY_TILE) != 0;
}

/* Fills the location fields of a points event with a spot or feature. */
static void
locate(MeepleGame *game, MeepleEvent *e, int x, int y, guint segment)
{
  MeeplePlacedTile tile;
  if (!meeple_game_tile_at(game, x, y, &tile))
    return;
  e->x = (int16_t)x;
  e->y = (int16_t)y;
  e->tile = (uint16_t)tile.type;
  e->segment = (uint8_t)segment;
  e->kind = meeple_rules_tile_type(meeple_game_rules(game), tile.type)
                ->segments[segment].kind;
}

/* Placed tiles in reading order (BASE-25: smallest y, then x). */
static int
compare_reading(const void *pa, const void *pb)
{
  const MeeplePlacedTile *a = pa, *b = pb;
  if (a->y != b->y)
    return a->y < b->y ? -1 : 1;
  return (a->x > b->x) - (a->x < b->x);
}

/* PLACE_TILE: adds the tiles placed since the last call (this turn's, and
 * the start tile at the first) to the state's acrobat tiles. */
static MeepleHookResult
index_acrobat_tiles(MeepleGame *game, gpointer user_data)
{
  const Circus *c = user_data;
  CircusState *st = meeple_game_slot(game, c->slot);
  guint n = meeple_game_n_placed(game);
  for (guint i = st->n_indexed; i < n; i++) {
    MeeplePlacedTile t = meeple_game_placed(game, i);
    int spot = acrobat_spot_of(game, c, t.type);
    if (spot < 0)
      continue;
    if (st->n_acrobat_tiles == MAX_ACROBAT_TILES) {
      st->overflow = TRUE;
      continue;
    }
    guint k = st->n_acrobat_tiles++;
    st->acrobat_tile[k] = (guint16)i;
    st->acrobat_x[k] = (gint16)t.x;
    st->acrobat_y[k] = (gint16)t.y;
    st->acrobat_spot[k] = (guint8)spot;
  }
  st->n_indexed = (guint16)n;
  return MEEPLE_HOOK_CONTINUE;
}

/* The state's acrobat tiles when they are every acrobat tile on the board
 * (no overflow, every placed tile indexed: so from this turn's PLACE_TILE
 * hooks on), else NULL. */
static const CircusState *
full_index(const MeepleGame *game, const Circus *c)
{
  const CircusState *st = meeple_game_slot_const(game, c->slot);
  return !st->overflow && st->n_indexed == meeple_game_n_placed(game) ? st
                                                                      : NULL;
}

/* Walks the acrobat tiles on the board in the order they were placed
 * (the order of every list of the board): set *@cursor to 0, then each
 * call fills @tile and its acrobat segment @spot, until it returns FALSE.
 * Reads the state's index, then the tiles placed after it was last kept
 * (none once this turn's PLACE_TILE hooks ran); the whole board only
 * after an overflow. */
static gboolean
next_acrobat_tile(const MeepleGame *game, const Circus *c, guint *cursor,
                  MeeplePlacedTile *tile, guint *spot)
{
  const CircusState *st = meeple_game_slot_const(game, c->slot);
  guint listed = st->overflow ? 0 : st->n_acrobat_tiles;
  if (*cursor < listed) {
    *tile = meeple_game_placed(game, st->acrobat_tile[(*cursor)++]);
    *spot = (guint)acrobat_spot_of(game, c, tile->type);
    return TRUE;
  }
  /* cursor listed + k: placed tile (overflow ? 0 : n_indexed) + k */
  guint first = st->overflow ? 0 : st->n_indexed;
  while (*cursor - listed + first < meeple_game_n_placed(game)) {
    *tile = meeple_game_placed(game, *cursor - listed + first);
    (*cursor)++;
    int s = acrobat_spot_of(game, c, tile->type);
    if (s >= 0) {
      *spot = (guint)s;
      return TRUE;
    }
  }
  return FALSE;
}

/* The acrobat tiles on the board in reading order (rows from the top,
 * each from the left), as the final scoring and the notes list them. */
static GArray *
acrobat_tiles_in_reading_order(const MeepleGame *game, const Circus *c)
{
  GArray *tiles = g_array_new(FALSE, FALSE, sizeof(MeeplePlacedTile));
  guint cursor = 0, spot;
  MeeplePlacedTile t;
  while (next_acrobat_tile(game, c, &cursor, &t, &spot))
    g_array_append_val(tiles, t);
  if (tiles->len > 1) /* an empty GArray's data may be NULL (qsort: UB) */
    qsort(tiles->data, tiles->len, sizeof(MeeplePlacedTile), compare_reading);
  return tiles;
}

/* ---- the animal tokens and the big top (CIRCUS-05..09) --------------------- */

/* A face-down token from the pile onto the ring space (CIRCUS-05, CIRCUS-06
 * step 4).  An empty pile (only possible with a tile file of more than 16
 * big-top tiles) leaves the ring without a token, worth nothing. */
static void
draw_token(MeepleGame *game, CircusState *st)
{
  st->under = 0;
  if (st->n_pile == 0)
    return;
  guint i = meeple_game_random_below(game, st->n_pile);
  st->under = st->pile[i];
  st->pile[i] = st->pile[--st->n_pile];
}

/* CIRCUS-07/08: counting figures of @player in the 3x3 area around (x, y):
 * every follower of theirs, whatever its type and role (an abbot, a
 * ringmaster, a farmer, an acrobat); never a neutral figure. */
static guint
counting_figures(MeepleGame *game, guint player, int x, int y)
{
  MeepleRules *rules = meeple_game_rules(game);
  guint n = 0;
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (f.on_board && f.owner == (int)player && abs(f.x - x) <= 1 &&
        abs(f.y - y) <= 1 && meeple_rules_figure_type(rules, f.type)->is_follower)
      n++;
  }
  return n;
}

/* CIRCUS-07: the token under the big top is revealed and each player
 * scores its value times their figures around it, one total each
 * (CIRCUS-07.1); the figures stay (X-14: nothing else is triggered).  The
 * token then leaves the game face up. */
static void
score_big_top(MeepleGame *game, const Circus *c, const char *rule)
{
  CircusState *st = meeple_game_slot(game, c->slot);
  MeepleFigureInfo top = meeple_game_figure(game, big_top_figure(game, c));
  if (!top.on_board || st->under == 0)
    return;
  MeepleEvent *e = meeple_game_emit(game, c->revealed_event);
  locate(game, e, top.x, top.y, top.segment);
  e->figure = (uint8_t)c->big_top;
  e->arg = st->under;
  e->rule = rule;
  for (guint p = 0; p < meeple_game_n_players(game); p++) {
    guint n = counting_figures(game, p, top.x, top.y);
    if (n == 0)
      continue;
    e = meeple_game_award(game, p, (int)(st->under * n), rule);
    locate(game, e, top.x, top.y, top.segment);
  }
  st->out[st->n_out++] = st->under;
  st->under = 0;
}

/* P5, CIRCUS-05: the first big-top tile gets a face-down token and the big
 * top; nothing is scored (AMB-13: in PLACE_TILE). */
static MeepleHookResult
circus_first_big_top(MeepleGame *game, gpointer user_data)
{
  const Circus *c = user_data;
  MeeplePlacedTile tile;
  if (!meeple_game_current_tile(game, &tile))
    return MEEPLE_HOOK_CONTINUE;
  int ring = spot_of_type(game, tile.type, c->ring_kind);
  guint top = big_top_figure(game, c);
  if (ring < 0 || meeple_game_figure(game, top).on_board)
    return MEEPLE_HOOK_CONTINUE;
  draw_token(game, meeple_game_slot(game, c->slot));
  meeple_game_move_figure(game, top, tile.x, tile.y, (guint)ring, "CIRCUS-05");
  return MEEPLE_HOOK_CONTINUE;
}

/* S3, CIRCUS-06: after the turn's features were scored (their followers
 * are gone, CIRCUS-06.1, X-13), a later big-top tile scores the big top
 * where it stands, and the big top moves onto it with a new token. */
static MeepleHookResult
circus_big_top_moves(MeepleGame *game, gpointer user_data)
{
  const Circus *c = user_data;
  MeeplePlacedTile tile;
  if (!meeple_game_current_tile(game, &tile))
    return MEEPLE_HOOK_CONTINUE;
  int ring = spot_of_type(game, tile.type, c->ring_kind);
  guint top = big_top_figure(game, c);
  MeepleFigureInfo f = meeple_game_figure(game, top);
  if (ring < 0 || !f.on_board || (f.x == tile.x && f.y == tile.y))
    return MEEPLE_HOOK_CONTINUE;
  score_big_top(game, c, "CIRCUS-07");
  draw_token(game, meeple_game_slot(game, c->slot));
  meeple_game_move_figure(game, top, tile.x, tile.y, (guint)ring, "CIRCUS-06");
  return MEEPLE_HOOK_CONTINUE;
}

/* F1, CIRCUS-09 (X-13): the big top first, before anything else. */
static MeepleHookResult
circus_final_big_top(MeepleGame *game, gpointer user_data)
{
  score_big_top(game, user_data, "CIRCUS-09");
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- the ringmaster (CIRCUS-17..20) ----------------------------------------- */

/* CIRCUS-18: circus tiles in the 3x3 area around (x, y). */
static guint
circus_tiles_around(const MeepleGame *game, const Circus *c, int x, int y)
{
  guint n = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      n += is_circus_tile(game, c, x + dx, y + dy);
  return n;
}

/* S2: when a road, city or monastery is scored (and at the end also a
 * field, CIRCUS-19), each ringmaster in it earns its owner 2 points per
 * circus tile around it, majority or not (CIRCUS-18), after the feature's
 * own value (X-17) and before it goes home.  No other kind pays
 * (CIRCUS-20.1). */
static MeepleHookResult
circus_ringmaster(MeepleGame *game, MeepleFeatureScore *score,
                  gpointer user_data)
{
  const Circus *c = user_data;
  gboolean pays = score->kind == MEEPLE_KIND_ROAD ||
                  score->kind == MEEPLE_KIND_CITY ||
                  score->kind == MEEPLE_KIND_MONASTERY ||
                  (score->final && score->kind == MEEPLE_KIND_FIELD);
  if (!pays)
    return MEEPLE_HOOK_CONTINUE;
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (f.type != c->ringmaster || !f.on_board ||
        meeple_game_figure_feature(game, i) != (int)score->feature)
      continue;
    guint n = circus_tiles_around(game, c, f.x, f.y);
    if (n == 0)
      continue;
    MeepleEvent *e = meeple_game_award(game, (guint)f.owner,
                                       (int)(RINGMASTER_POINTS * n),
                                       score->final ? "CIRCUS-19" : "CIRCUS-18");
    locate(game, e, f.x, f.y, f.segment);
  }
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- F: the figure action (CIRCUS-10..15, CIRCUS-17) ------------------------ */

/* CIRCUS-17: the ringmaster goes wherever a normal follower could go on
 * the new tile (BASE-11, BASE-12), as the core's placement action. */
static void
list_ringmaster(MeepleGame *game, const Circus *c, const MeeplePlacedTile *tile,
                MeepleActionList *list)
{
  MeepleRules *rules = meeple_game_rules(game);
  if (meeple_game_supply(game, meeple_game_active_player(game), c->ringmaster) == 0)
    return;
  const MeepleTileType *type = meeple_rules_tile_type(rules, tile->type);
  for (guint s = 0; s < type->n_segments; s++) {
    guint kind = type->segments[s].kind;
    guint followers; /* every seat's, from the feature's root */
    if (!meeple_rules_figure_may_stand(rules, c->ringmaster, kind) ||
        (kind == MEEPLE_KIND_FIELD && meeple_game_config(game)->no_farmers) ||
        meeple_game_segment_feature(game, tile->x, tile->y, s, NULL,
                                    &followers) < 0 ||
        followers > 0)
      continue;
    MeepleAction a = {
      .kind = MEEPLE_ACTION_PLACE_FIGURE,
      .x = (int16_t)tile->x,
      .y = (int16_t)tile->y,
      .segment = (uint8_t)s,
      .figure = (uint8_t)c->ringmaster,
    };
    meeple_action_list_add(list, &a);
  }
}

/* Offers an acrobat onto the acrobat tile at (x, y) if it has a free
 * place.  X-05 (PD-12): the figure decision's FILTER keeps it off the
 * dragon's tile; the action says it places a follower there. */
static void
offer_acrobat(MeepleGame *game, const Circus *c, int x, int y,
              MeepleActionList *list)
{
  MeeplePlacedTile tile;
  if (!meeple_game_tile_at(game, x, y, &tile))
    return;
  int spot = acrobat_spot_of(game, c, tile.type);
  if (spot < 0 || acrobats(game, x, y, (guint)spot, NULL) >= PYRAMID_SIZE)
    return;
  MeepleAction a = { .kind = (uint16_t)c->acrobat_action,
                     .x = (int16_t)x, .y = (int16_t)y };
  meeple_action_list_add(list, &a);
}

/* CIRCUS-10, CIRCUS-11, CIRCUS-13: a normal follower (never a ringmaster
 * or an abbot) onto the new tile's acrobat space or that of an acrobat
 * tile among its 8 neighbours; after a portal tile, onto any acrobat tile
 * (X-10). */
static void
list_acrobats(MeepleGame *game, const Circus *c, const MeeplePlacedTile *tile,
              MeepleActionList *list)
{
  if (meeple_game_supply(game, meeple_game_active_player(game),
                         MEEPLE_FIGURE_FOLLOWER) == 0)
    return;
  if (reach_any_tile(game, tile)) {
    guint cursor = 0, spot;
    MeeplePlacedTile t;
    while (next_acrobat_tile(game, c, &cursor, &t, &spot))
      offer_acrobat(game, c, t.x, t.y, list);
    return;
  }
  const CircusState *st = full_index(game, c);
  guint near = 0x1FF; /* bit 3 (dy + 1) + dx + 1: cells that may hold one */
  if (st) {
    /* the acrobat tiles among the 9 cells, from the index */
    near = 0;
    for (guint k = 0; k < st->n_acrobat_tiles; k++) {
      int dx = st->acrobat_x[k] - tile->x, dy = st->acrobat_y[k] - tile->y;
      if (abs(dx) <= 1 && abs(dy) <= 1)
        near |= 1u << (3 * (dy + 1) + dx + 1);
    }
  }
  /* in the order of the cells, rows from the top */
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      if (near & (1u << (3 * (dy + 1) + dx + 1)))
        offer_acrobat(game, c, tile->x + dx, tile->y + dy, list);
}

/* CIRCUS-14: any complete pyramid on the board may be scored. */
static void
list_pyramids(MeepleGame *game, const Circus *c, MeepleActionList *list)
{
  const CircusState *st = full_index(game, c);
  if (st) {
    for (guint k = 0; k < st->n_acrobat_tiles; k++) {
      guint followers = 0;
      meeple_game_segment_feature(game, st->acrobat_x[k], st->acrobat_y[k],
                                  st->acrobat_spot[k], NULL, &followers);
      if (followers < PYRAMID_SIZE)
        continue;
      MeepleAction a = { .kind = (uint16_t)c->pyramid_action,
                         .x = st->acrobat_x[k], .y = st->acrobat_y[k] };
      meeple_action_list_add(list, &a);
    }
    return;
  }
  guint cursor = 0, spot;
  MeeplePlacedTile t;
  while (next_acrobat_tile(game, c, &cursor, &t, &spot)) {
    if (acrobats(game, t.x, t.y, spot, NULL) < PYRAMID_SIZE)
      continue;
    MeepleAction a = { .kind = (uint16_t)c->pyramid_action,
                       .x = (int16_t)t.x, .y = (int16_t)t.y };
    meeple_action_list_add(list, &a);
  }
}

static void
circus_figure_actions(MeepleGame *game, MeepleActionList *list,
                      gpointer user_data)
{
  const Circus *c = user_data;
  MeeplePlacedTile tile;
  if (!meeple_game_current_tile(game, &tile))
    return;
  list_ringmaster(game, c, &tile, list);
  list_acrobats(game, c, &tile, list);
  list_pyramids(game, c, list);
}

static void
apply_acrobat(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  const Circus *c = user_data;
  MeeplePlacedTile tile;
  gboolean placed = meeple_game_current_tile(game, &tile);
  int spot = spot_at(game, a->x, a->y, c->acrobat_kind);
  int fig = meeple_game_find_supply_figure(
      game, (int)meeple_game_active_player(game), MEEPLE_FIGURE_FOLLOWER);
  /* offered only in the figure decision, after the tile, and the legal
   * list checked both */
  g_assert(placed && spot >= 0 && fig >= 0);
  const char *rule = "X-10";
  if (a->x == tile.x && a->y == tile.y)
    rule = "CIRCUS-10";
  else if (abs(a->x - tile.x) <= 1 && abs(a->y - tile.y) <= 1)
    rule = "CIRCUS-11";
  meeple_game_place_figure(game, (guint)fig, a->x, a->y, (guint)spot, rule);
  if (acrobats(game, a->x, a->y, (guint)spot, NULL) == PYRAMID_SIZE) {
    MeepleEvent *e = meeple_game_emit(game, c->completed_event);
    locate(game, e, a->x, a->y, (guint)spot);
    e->rule = "CIRCUS-12";
  }
}

/* CIRCUS-14: 5 points per acrobat to its owner, one total per player
 * (CIRCUS-14.2); then every acrobat goes home. */
static void
apply_pyramid(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  const Circus *c = user_data;
  int spot = spot_at(game, a->x, a->y, c->acrobat_kind);
  g_assert(spot >= 0);
  guint per_seat[MEEPLE_MAX_PLAYERS];
  guint total = acrobats(game, a->x, a->y, (guint)spot, per_seat);
  MeepleEvent *e = meeple_game_emit(game, c->scored_event);
  locate(game, e, a->x, a->y, (guint)spot);
  e->arg = (int32_t)total;
  e->rule = "CIRCUS-14";
  for (guint p = 0; p < meeple_game_n_players(game); p++) {
    if (per_seat[p] == 0)
      continue;
    e = meeple_game_award(game, p, (int)(ACROBAT_POINTS * per_seat[p]),
                          "CIRCUS-14");
    locate(game, e, a->x, a->y, (guint)spot);
  }
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (f.on_board && f.owner >= 0 && f.x == a->x && f.y == a->y &&
        f.segment == (guint)spot)
      meeple_game_return_figure(game, i, "CIRCUS-14");
  }
}

/* F2, CIRCUS-16: every acrobat still on the board scores 5 for its owner,
 * complete pyramid or not (X-09: no fairy bonus, this is no feature). */
static MeepleHookResult
circus_final_acrobats(MeepleGame *game, gpointer user_data)
{
  const Circus *c = user_data;
  g_autoptr(GArray) tiles = acrobat_tiles_in_reading_order(game, c);
  for (guint i = 0; i < tiles->len; i++) {
    const MeeplePlacedTile *t = &g_array_index(tiles, MeeplePlacedTile, i);
    int spot = spot_of_type(game, t->type, c->acrobat_kind);
    guint per_seat[MEEPLE_MAX_PLAYERS];
    if (spot < 0 || acrobats(game, t->x, t->y, (guint)spot, per_seat) == 0)
      continue;
    for (guint p = 0; p < meeple_game_n_players(game); p++) {
      if (per_seat[p] == 0)
        continue;
      MeepleEvent *e = meeple_game_award(
          game, p, (int)(ACROBAT_POINTS * per_seat[p]), "CIRCUS-16");
      locate(game, e, t->x, t->y, (guint)spot);
    }
  }
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- public notes ----------------------------------------------------------- */

/* What the board does not show: whether the big top's token is face down
 * (never its value), the tokens out of the game, and the pyramids. */
static void
circus_notes(const MeepleGame *game, MeepleNotes *notes, gpointer user_data)
{
  const Circus *c = user_data;
  const CircusState *st = meeple_game_slot_const(game, c->slot);
  MeepleFigureInfo top = meeple_game_figure(game, big_top_figure(game, c));
  if (!top.on_board)
    meeple_notes_add(notes, "Big top", "beside the board until the first "
                     "big-top tile");
  else
    meeple_notes_add(notes, "Big top", "on %d,%d, %s", top.x, top.y,
                     st->under ? "over a face-down animal token"
                               : "its animal token revealed");
  g_autoptr(GString) out = g_string_new(NULL);
  for (guint i = 0; i < st->n_out; i++)
    g_string_append_printf(out, "%s%s %u", i ? ", " : "",
                           animal_name(st->out[i]), st->out[i]);
  meeple_notes_add(notes, "Animal tokens", "%u face down in the pile; out of "
                   "the game: %s", st->n_pile, st->n_out ? out->str : "none");
  g_autoptr(GArray) tiles = acrobat_tiles_in_reading_order(game, c);
  g_string_truncate(out, 0);
  for (guint i = 0; i < tiles->len; i++) {
    const MeeplePlacedTile *t = &g_array_index(tiles, MeeplePlacedTile, i);
    int spot = spot_of_type(game, t->type, c->acrobat_kind);
    guint per_seat[MEEPLE_MAX_PLAYERS];
    guint n = spot < 0 ? 0 : acrobats(game, t->x, t->y, (guint)spot, per_seat);
    if (n == 0)
      continue;
    g_string_append_printf(out, "%s%d,%d seats", out->len ? "; " : "", t->x,
                           t->y);
    const char *sep = " ";
    for (guint p = 0; p < meeple_game_n_players(game); p++)
      for (guint k = 0; k < per_seat[p]; k++, sep = ", ")
        g_string_append_printf(out, "%s%u", sep, p + 1);
    if (n == PYRAMID_SIZE)
      g_string_append(out, " (complete)");
  }
  if (out->len)
    meeple_notes_add(notes, "Pyramids", "%s", out->str);
}

/* ---- registration ---------------------------------------------------------- */

static gboolean
index_of(int value, guint *out)
{
  if (value < 0)
    return FALSE;
  *out = (guint)value;
  return TRUE;
}


/* Typed events (meeple/events.h): what each sets, and its sentence. */
static const MeepleEventSpec spec_pyramid_completed = {
  MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_SEGMENT | MEEPLE_EVENT_FIELD_RULE,
  NULL,
  "the acrobats' pyramid at {cell} is complete" };
static const MeepleEventSpec spec_pyramid_scored = {
  MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_SEGMENT | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "acrobats",
  "the pyramid at {cell} scores ({count} acrobat{count:s})" };
static const MeepleEventSpec spec_animal_revealed = {
  MEEPLE_EVENT_FIELD_FIGURE | MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_SEGMENT | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "value",
  "the animal under the {figure} at {cell} is worth {count}" };

static gboolean
circus_setup(MeepleRules *rules, GError **error)
{
  Circus *c = g_new0(Circus, 1);
  meeple_rules_own(rules, c, g_free);
  /* CIRCUS-03: the ring and acrobat spaces are spots, never features; no
   * follower goes there the ordinary way (acrobats come by CIRCUS-10/11).
   * Score group: irrelevant, a spot is never scored by the core. */
  if (!index_of(meeple_rules_add_kind(rules, "ring", "B", MEEPLE_SHAPE_SPOT,
                                      FALSE, 9, error), &c->ring_kind) ||
      !index_of(meeple_rules_add_kind(rules, "acrobat", "A", MEEPLE_SHAPE_SPOT,
                                      FALSE, 9, error), &c->acrobat_kind) ||
      /* CIRCUS-01 */
      !index_of(meeple_rules_add_neutral_figure_type(rules, "big-top", 1, error),
                &c->big_top) ||
      !index_of(meeple_rules_add_figure_type(rules, "ringmaster", TRUE, 1, error),
                &c->ringmaster))
    return FALSE;
  meeple_rules_set_figure_place_rule(rules, c->ringmaster, "CIRCUS-17");
  /* how clients draw them (meeple/looks.h): the spots by their codes'
   * small letters, as boards always showed them; 'T' for the big top, as
   * B is the ring's */
  static const MeepleLook ring_look = { 'b', "b", MEEPLE_COLOUR_OTHER, "circle" };
  static const MeepleLook acrobat_look = { 'a', "a", MEEPLE_COLOUR_OTHER,
                                           "spot" };
  static const MeepleLook big_top_look = { 'T', "⌂", MEEPLE_COLOUR_NEUTRAL,
                                           "tent" };
  static const MeepleLook ringmaster_look = { 'R', "R", MEEPLE_COLOUR_SEAT,
                                              "meeple" };
  meeple_rules_set_kind_look(rules, c->ring_kind, &ring_look);
  meeple_rules_set_kind_look(rules, c->acrobat_kind, &acrobat_look);
  meeple_rules_set_figure_look(rules, c->big_top, &big_top_look);
  meeple_rules_set_figure_look(rules, c->ringmaster, &ringmaster_look);

  const MeepleSlotClass klass = { .size = sizeof(CircusState),
                                  .init = circus_state_init };
  c->slot = meeple_rules_add_slot(rules, &klass, c);

  if (!index_of(meeple_rules_add_action_kind(
                    rules, "acrobat",
                    "Put a follower on the acrobat space of this tile's "
                    "pyramid (CIRCUS-10, CIRCUS-11)",
                    MEEPLE_ACTION_USES_CELL,
                    /* a normal follower from the supply (CIRCUS-13) */
                    MEEPLE_EFFECT_SPEC(MEEPLE_EFFECT_PLACE_FIGURE,
                                       MEEPLE_FIGURE_FOLLOWER),
                    apply_acrobat, c, error),
                &c->acrobat_action) ||
      !index_of(meeple_rules_add_action_kind(
                    rules, "pyramid",
                    "Score this complete pyramid: 5 points per acrobat to "
                    "its owner, the acrobats go home; you place no figure "
                    "this turn (CIRCUS-14)",
                    MEEPLE_ACTION_USES_CELL,
                    MEEPLE_EFFECT_SPEC(MEEPLE_EFFECT_SCORE,
                                       MEEPLE_FIGURE_FOLLOWER),
                    apply_pyramid, c, error),
                &c->pyramid_action) ||
      !index_of(meeple_rules_add_typed_event(rules, "pyramid-completed", &spec_pyramid_completed, error),
                &c->completed_event) ||
      !index_of(meeple_rules_add_typed_event(rules, "pyramid-scored", &spec_pyramid_scored, error),
                &c->scored_event) ||
      !index_of(meeple_rules_add_typed_event(rules, "animal-revealed", &spec_animal_revealed, error),
                &c->revealed_event))
    return FALSE;

  /* hooks, at their places in RULES §0.4: P5 after the volcano (P2), the
   * princess (P3) and the magic figures (P4, priority -10) */
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_TILE,
                              MEEPLE_PRIORITY_DEFAULT, index_acrobat_tiles, c);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_TILE, -20,
                              circus_first_big_top, c);
  meeple_rules_add_actions_hook(rules, MEEPLE_PRIORITY_DEFAULT,
                                circus_figure_actions, c);
  meeple_rules_add_feature_hook(rules, MEEPLE_HOOK_FEATURE_SCORED,
                                MEEPLE_PRIORITY_DEFAULT, circus_ringmaster, c);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_SCORE, MEEPLE_PRIORITY_DEFAULT,
                              circus_big_top_moves, c);
  /* F1 runs before every other final step, the core's included */
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_FINAL_SCORING,
                              MEEPLE_PRIORITY_BEFORE_CORE + 100,
                              circus_final_big_top, c);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_FINAL_SCORING,
                              MEEPLE_PRIORITY_DEFAULT, circus_final_acrobats, c);
  meeple_rules_add_notes_hook(rules, MEEPLE_PRIORITY_DEFAULT, circus_notes, c);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(
  .id = "circus",
  .name = "Under the Big Top",
  .version = "1.0",
  .setup = circus_setup,
  .description = "A circus comes to town: acrobats build pyramids and the "
                 "big top scores its animal token with everyone nearby.",
  .tiles = "circus.tiles",
);
