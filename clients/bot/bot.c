/* bot.c — the strategies: pick one legal action of a decision (the
 * heuristics are described in bot.h). */
#include <string.h>

#include "bot.h"

static const char *const strategy_names[] = {
  [MEEPLE_BOT_RANDOM] = "random",
  [MEEPLE_BOT_GREEDY] = "greedy",
};

gboolean
meeple_bot_strategy_from_name(const char *name, MeepleBotStrategy *out)
{
  for (guint i = 0; name && i < G_N_ELEMENTS(strategy_names); i++)
    if (strcmp(name, strategy_names[i]) == 0) {
      *out = (MeepleBotStrategy)i;
      return TRUE;
    }
  return FALSE;
}

const char *
meeple_bot_strategy_name(MeepleBotStrategy strategy)
{
  return (guint)strategy < G_N_ELEMENTS(strategy_names)
             ? strategy_names[strategy] : "unknown";
}

/* ---- board lookups ------------------------------------------------------ */

static gint64
cell_key(int x, int y)
{
  return (gint64)(((guint64)(guint32)x << 32) | (guint32)y);
}

/* (x, y) -> MeepleClientTile* of @state's board. */
static GHashTable *
board_index(const MeepleClientState *state)
{
  GHashTable *cells = g_hash_table_new_full(g_int64_hash, g_int64_equal,
                                            g_free, NULL);

  for (guint i = 0; i < state->board->len; i++) {
    MeepleClientTile *t = g_ptr_array_index(state->board, i);
    gint64 *key = g_new(gint64, 1);

    *key = cell_key(t->x, t->y);
    g_hash_table_insert(cells, key, t);
  }
  return cells;
}

static const MeepleClientTile *
tile_at(GHashTable *cells, int x, int y)
{
  gint64 key = cell_key(x, y);
  return g_hash_table_lookup(cells, &key);
}

static const MeepleTileType *
tile_type(const MeepleClientCatalog *catalog, const char *id)
{
  int i = meeple_client_catalog_find_tile(catalog, id);
  return i < 0 ? NULL : &g_array_index(catalog->tiles, MeepleTileType, i);
}

/* Terrain on @side of @type turned @rotation quarter turns clockwise: a
 * quarter turn moves side s to s + 1, so side s shows printed side
 * s - rotation. */
static guint
rotated_edge(const MeepleTileType *type, guint rotation, guint side)
{
  return type->edges[(side + 4 - rotation % 4) % 4];
}

/* ---- scores ---------------------------------------------------------------- */

static const int side_dx[4] = { 0, 1, 0, -1 };
static const int side_dy[4] = { -1, 0, 1, 0 };

static int
placement_score(const MeepleClientAction *a, GHashTable *cells,
                const MeepleClientCatalog *catalog)
{
  const MeepleTileType *type = tile_type(catalog, a->tile);
  int score = 0;

  for (guint side = 0; side < 4; side++) {
    if (!tile_at(cells, a->x + side_dx[side], a->y + side_dy[side]))
      continue;
    score += 3;
    /* Legal placements match every neighbour; a road or city edge joins
     * a feature, a field edge only a field. */
    if (type && rotated_edge(type, a->rotation, side) != MEEPLE_EDGE_FIELD)
      score += 2;
  }
  for (int dx = -1; dx <= 1; dx += 2)
    for (int dy = -1; dy <= 1; dy += 2)
      if (tile_at(cells, a->x + dx, a->y + dy))
        score += 1;
  return score;
}

/* The kind of segment @name on the tile at (x, y), or NULL. */
static const MeepleClientKind *
segment_kind(const MeepleClientAction *a, GHashTable *cells,
             const MeepleClientCatalog *catalog)
{
  const MeepleClientTile *placed = tile_at(cells, a->x, a->y);
  const MeepleTileType *type;

  if (!placed || !a->segment || !*a->segment)
    return NULL;
  type = tile_type(catalog, placed->tile);
  if (!type)
    return NULL;
  for (guint i = 0; i < type->n_segments; i++)
    if (strcmp(type->segments[i].name, a->segment) == 0 &&
        type->segments[i].kind < catalog->kinds->len)
      return g_ptr_array_index(catalog->kinds, type->segments[i].kind);
  return NULL;
}

static guint
supply_of(const MeepleClientState *state, guint seat, const char *figure)
{
  const MeepleClientSeat *s;

  if (seat >= state->seats->len || !figure)
    return 0;
  s = g_ptr_array_index(state->seats, seat);
  return GPOINTER_TO_UINT(g_hash_table_lookup(s->supply, figure));
}

static int
figure_score(const MeepleClientAction *a, GHashTable *cells,
             const MeepleClientCatalog *catalog,
             const MeepleClientState *state, guint seat)
{
  const MeepleClientKind *kind;
  int value;

  if (strcmp(a->kind, "pass") == 0)
    return 0;
  kind = segment_kind(a, cells, catalog);
  if (!kind)
    return 0;
  if (strcmp(kind->name, "city") == 0 || kind->shape == MEEPLE_SHAPE_SURROUND)
    return 40;
  if (kind->shape == MEEPLE_SHAPE_EDGE)
    value = 20;
  else if (kind->shape == MEEPLE_SHAPE_FIELD)
    value = 10;
  else
    value = 5;
  /* The last figure of its type is kept for a city or a monastery. */
  if (a->figure && *a->figure && supply_of(state, seat, a->figure) <= 1)
    return -1;
  return value;
}

/* ---- choose ------------------------------------------------------------------ */

static guint
choose_random(const MeepleClientDecision *d, GRand *rand)
{
  return (guint)g_rand_int_range(rand, 0, (gint32)d->actions->len);
}

static guint
choose_first_not_pass(const MeepleClientDecision *d, GRand *rand)
{
  for (guint i = 0; i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    if (strcmp(a->kind, "pass") != 0)
      return i;
  }
  return choose_random(d, rand);
}

static guint
choose_greedy(const MeepleClientDecision *d, const MeepleClientState *state,
              const MeepleClientCatalog *catalog, guint seat, GRand *rand)
{
  gboolean placing = strcmp(d->kind, "place-tile") == 0;
  GHashTable *cells;
  int best = G_MININT;
  guint chosen = 0, ties = 0;

  if (!placing && strcmp(d->kind, "place-figure") != 0)
    return choose_first_not_pass(d, rand);
  if (!state || !catalog)
    return choose_random(d, rand);

  cells = board_index(state);
  for (guint i = 0; i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    int score;

    if (placing)
      score = strcmp(a->kind, "place") == 0
                  ? placement_score(a, cells, catalog) : -1;
    else
      score = figure_score(a, cells, catalog, state, seat);
    if (score > best) {
      best = score;
      chosen = i;
      ties = 1;
    } else if (score == best) {
      /* Uniform among the best: keep the k-th tie with chance 1/k. */
      ties++;
      if (g_rand_int_range(rand, 0, (gint32)ties) == 0)
        chosen = i;
    }
  }
  g_hash_table_unref(cells);
  return chosen;
}

guint
meeple_bot_choose(MeepleBotStrategy strategy,
                  const MeepleClientDecision *decision,
                  const MeepleClientState *state,
                  const MeepleClientCatalog *catalog, guint seat,
                  GRand *rand)
{
  if (!decision || decision->actions->len == 0)
    return 0;
  switch (strategy) {
  case MEEPLE_BOT_GREEDY:
    return choose_greedy(decision, state, catalog, seat, rand);
  case MEEPLE_BOT_RANDOM:
  default:
    return choose_random(decision, rand);
  }
}
